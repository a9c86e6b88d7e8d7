"""English WordNet relations between the engine's English canonical forms (issue 34): the
evidence that a short garbled sentence between two fragments of one passage is the source
sentence skipped there with its words swapped (:func:`copylens.core.sentence_align._swapped`).

The data are the OpenOffice thesaurus generated from Princeton WordNet 3.0, as Debian packages
it (``mythes-en-us`` 1:7.5.0-1, ``th_en_US_v2.dat``, MyThes format: ``word|n`` then ``n``
lines ``(pos)|item|item|…``, an item's label after it: ``city (generic term)``). Two words
are related when one lists the other as a synset word (no label), a ``(similar term)``
(WordNet's adjective satellites) or a ``(generic term)`` (a hypernym, either direction): the
PAN obfuscation swaps a word for any of these ("represent → correspond", "concert →
performance", "trombone → brass"). Antonyms and ``(related term)`` items (derivations) are
left out, and so are phrases (an item with a space) and words with anything but letters (the
engine splits hyphenated compounds and drops numbers). Every word is stemmed as the engine
stems English (:func:`copylens.core.morphology.normalizer`): ``designing`` and ``plan`` meet
as ``design`` and ``plan``. The relation is symmetric; a stem is never related to itself.

What ships is the relation alone, ``resources/thesaurus/wordnet_en.npz`` (its stems and pairs,
:func:`compact`; ``scripts/build_wordnet.py`` writes it from the ``.dat``), with WordNet's
licence (``LICENSE-WordNet-3.0.txt``). Read once per process, and only when a join asks
(:func:`related_forms`); a missing file is no relation (:func:`relation` returns None).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from copylens.core.resources import resources_dir
from copylens.core.thesaurus import decoded, entries, from_pairs, read_compact

FILE = "wordnet_en.npz"
"""The relation's file in ``resources/thesaurus``."""
KEPT_LABELS = ("(similar term)", "(generic term)")
"""Item labels (after the word) of items kept besides the unlabelled synset words."""
COMPACT_VERSION = 1
_TRAILING = re.compile(r"\s*\([^)]*\)\s*$")


@dataclass(frozen=True)
class Relation:
    """The related stems of each stem (module docstring): stem ``ids[s]``'s are
    ``words[targets[starts[i]:starts[i + 1]]]``."""

    ids: dict[str, int]
    words: tuple[str, ...]
    starts: np.ndarray
    targets: np.ndarray

    def of(self, stem: str) -> frozenset[str]:
        """The stems related to ``stem`` (empty for a stem WordNet lacks)."""
        i = self.ids.get(stem)
        if i is None:
            return frozenset()
        return frozenset(self.words[t] for t in self.targets[self.starts[i] : self.starts[i + 1]])


def parsed(raw: bytes, stem: Callable[[str], str]) -> Relation:
    """The relation of the MyThes file's bytes ``raw`` (module docstring), every word stemmed
    by ``stem`` (a lower-cased word to its canonical form)."""
    pairs: list[tuple[str, str]] = []
    for head, lines in entries(decoded(raw).lower()):
        if head.isalpha():
            h = stem(head)
            for line in lines:
                pairs += ((h, stem(word)) for word in kept(line))
    return _of_pairs(pairs)


def kept(line: str) -> list[str]:
    """The single words of one meaning line that count as related (module docstring)."""
    out = []
    for item in line.split("|")[1:]:
        word = item.strip()
        if word.endswith(")"):
            if not word.endswith(KEPT_LABELS):
                continue
            word = _TRAILING.sub("", word)
        if word.isalpha():
            out.append(word)
    return out


def _of_pairs(pairs: Iterable[tuple[str, str]]) -> Relation:
    ids: dict[str, int] = {}
    first, second = [], []
    for x, y in pairs:
        if x != y:
            first.append(ids.setdefault(x, len(ids)))
            second.append(ids.setdefault(y, len(ids)))
    return _of_ids(ids, np.array(first, dtype=np.int64), np.array(second, dtype=np.int64))


def _of_ids(ids: dict[str, int], a: np.ndarray, b: np.ndarray) -> Relation:
    """The relation of stems numbered ``ids`` where ``a[i]`` and ``b[i]`` are related: the
    thesaurus's symmetric pairs (:func:`copylens.core.thesaurus.from_pairs`)."""
    pairs = from_pairs("en", ids, a, b)
    return Relation(pairs.ids, pairs.words, pairs.starts, pairs.targets)


def compact(rel: Relation) -> bytes:
    """``rel`` as a compressed ``.npz``: its stems, one a line (UTF-8), and each related pair
    once (first < second, int32)."""
    size = max(len(rel.ids), 1)
    first = np.repeat(np.arange(len(rel.ids)), np.diff(rel.starts))
    half = first < rel.targets
    out = io.BytesIO()
    np.savez_compressed(
        out,
        version=np.array(COMPACT_VERSION),
        words=np.frombuffer("\n".join(rel.words).encode("utf-8"), dtype=np.uint8),
        first=first[half].astype(np.int32),
        second=rel.targets[half].astype(np.int32),
        size=np.array(size),
    )
    return out.getvalue()


def path() -> Path:
    """Where the shipped relation is."""
    found: Path = resources_dir() / "thesaurus" / FILE
    return found


@cache
def relation() -> Relation | None:
    """The shipped relation (read once per process, about 0.1 s), or None without its file or
    with a file of another layout."""
    found = read_compact(path(), COMPACT_VERSION)
    return None if found is None else _of_ids(*found)


def related_forms(
    forms: Iterable[str], others: Iterable[str], rel: Relation | None = None
) -> set[str]:
    """The forms of ``forms`` absent from ``others`` that are related to one of ``others``
    absent from ``forms`` (a word both texts hold is shared already, not swapped); empty
    without a relation (``rel``: the shipped one when not given)."""
    rel = rel if rel is not None else relation()
    if rel is None:
        return set()
    mine, theirs = set(forms), set(others)
    left = theirs - mine
    return {x for x in mine - theirs if rel.of(x) & left}
