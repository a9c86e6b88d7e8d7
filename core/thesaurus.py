"""Thesaurus: which lemmas are synonyms, for the paraphrase stage's word correspondence (issue 35).

The data are the LibreOffice thesauri as Debian packages them (``mythes-ru``, ``mythes-uk``
1:7.5.0-1), copied unmodified into ``resources/thesaurus`` with their notices
(``COPYRIGHT.txt``): Russian ``th_ru_RU_v2.dat`` (Korolyov and Reztsov, from the AOT and
WordNet-derived v2 thesaurus; LGPL-2.1), Ukrainian ``th_uk_UA_v2.dat`` (the uk_UA
dictionaries project, after Караванський's synonym dictionary; GPL-2+/LGPL-2.1+/MPL-1.1).

The MyThes format (LibreOffice's ``mythes``; Kevin Hendricks): the first line names the
encoding; then each entry is a head word and its count of meanings, ``word|n``, followed by
``n`` lines ``(label)|synonym|synonym|…``. Each item of a meaning line may start with a label
in parentheses. What is kept (:func:`_kept`):

- Russian: meanings labelled ``(синоним)`` and ``(сходный термин)`` (similar term); meanings
  labelled ``(антоним)`` and ``(связанный термин)`` (related term) are dropped: an antonym
  swapped in is not a retelling, and a related term is what an honest writer on the same
  topic uses;
- Ukrainian: every item except those labelled ``(пор.)`` ("compare": a related word) and
  ``(див. ще)`` ("see also"); ``(див.) X`` ("see X") names the head word's synonym X; style
  labels such as ``(розм.)`` (colloquial) are dropped from the word and the word kept;
- only single words (an item with a space is a phrase the word-level pairing cannot use).

Words are folded as the engine folds canonical forms (lower case, ё → е, ’ and ʼ → '), so a
thesaurus word equals a document's pymorphy3 lemma when the lemma is its dictionary form (the
thesauri list dictionary forms). The relation is made symmetric: a lists b, or b lists a.
A word never counts as its own synonym (equal lemmas match anyway).

Must hold: :func:`thesaurus` returns None for a language without a thesaurus, and for one
whose file is missing (the stage then works with its other signals); nothing is fetched.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import numpy as np

from copylens.core.arrays import distinct, ranges
from copylens.core.resources import resources_dir

FILES = {"ru": "th_ru_RU_v2.dat", "uk": "th_uk_UA_v2.dat"}
"""The thesaurus of each language, in ``resources/thesaurus``."""
DROPPED = ("(антоним)", "(связанный термин)", "(пор.)", "(див. ще)")
"""Labels of meanings or items left out: antonyms and related terms."""
SEE = "(див.)"
"""The label of a Ukrainian reference to the entry holding the head word's synonym row."""
_LABEL = re.compile(r"^\s*\([^)]*\)\s*")


@dataclass(frozen=True)
class Thesaurus:
    """One language's synonym relation over its words, numbered.

    ``ids`` numbers every word; ``pairs`` holds ``first * len(ids) + second`` for every
    ordered pair of synonyms (both orders), sorted: what :func:`compact` writes. Lookups
    (:meth:`related`, :meth:`listed`) read each word's synonyms as a slice of
    :attr:`targets`, from :attr:`starts`."""

    language: str
    ids: dict[str, int]
    words: tuple[str, ...]
    """Every word by its number (the inverse of ``ids``)."""
    pairs: np.ndarray
    starts: np.ndarray
    """Where each word's synonyms begin in :attr:`targets` (one more entry than words)."""
    targets: np.ndarray
    """The second word of every pair of :attr:`pairs`, in its order: word n's synonyms are
    ``targets[starts[n]:starts[n + 1]]``."""

    def id_of(self, word: str) -> int:
        """The word's number (folded), or -1 when the thesaurus does not list it."""
        return self.ids.get(fold(word), -1)

    def synonyms(self, word: str) -> frozenset[str]:
        """The words listed as the word's synonyms (folded), for tests and the self-test."""
        return frozenset(self.listed(self.id_of(word)))

    def listed(self, n: int) -> list[str]:
        """The synonyms of word number ``n`` (none for -1)."""
        if n < 0:
            return []
        return [self.words[t] for t in self.targets[self.starts[n] : self.starts[n + 1]].tolist()]

    def related(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """A boolean matrix: word ``first[i]`` and word ``second[j]`` are synonyms (ids as
        :meth:`id_of` gives them, -1 for an unlisted word, which relates to nothing)."""
        out = np.zeros((len(first), len(second)), dtype=bool)
        out[self.related_at(first, second)] = True
        return out

    def related_at(self, first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The places (i, j), in row-major order, where :meth:`related` is true: only words
        with a synonym are looked up (the paraphrase stage asks this of every pair of
        sentences it scores, issue 40), each ``first`` word's synonyms found among the
        ``second`` words sorted (issue 35: a join, its cost the synonyms listed and the words,
        not their product)."""
        listed = self.has_synonyms
        rows = np.flatnonzero(listed[first])  # -1 reads the last entry: False
        cols = np.flatnonzero(listed[second]) if len(rows) else rows
        if not len(cols):
            return _NO_PLACES
        ids = first[rows].astype(np.int64)
        theirs = ranges(self.starts[ids], self.starts[ids + 1] - self.starts[ids])
        owner = np.repeat(rows, self.starts[ids + 1] - self.starts[ids])
        order = np.argsort(second[cols], kind="stable")
        known = second[cols][order]
        synonyms = self.targets[theirs]
        lo = np.searchsorted(known, synonyms, "left")
        n = np.searchsorted(known, synonyms, "right") - lo
        i, j = np.repeat(owner, n), cols[order[ranges(lo, n)]]
        flat = np.sort(i * len(second) + j)  # row-major, as np.nonzero gives them
        return flat // len(second), flat % len(second)

    @cached_property
    def has_synonyms(self) -> np.ndarray:
        """Whether each word has a synonym, and one more entry, False (for the id -1)."""
        return np.append(self.starts[1:] > self.starts[:-1], False)


_NO_PLACES = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))


def fold(word: str) -> str:
    """The word as the engine folds canonical forms (lower case, ё → е, ’ and ʼ → '; three
    ``replace`` calls: a translation table costs ten times as much on the whole thesaurus's
    text, issue 40)."""
    return word.lower().replace("ё", "е").replace("’", "'").replace("ʼ", "'")


@cache
def thesaurus(language: str) -> Thesaurus | None:
    """The language's thesaurus (read once per process), or None without one: from its
    compact form (:func:`compact`, ``.npz`` beside the ``.dat``, about 0.03 s for Russian)
    when that was built from this very file (its SHA-256 recorded in it), else parsed from the
    ``.dat`` (about 0.3 s; ``scripts/build_thesaurus.py`` writes the compact forms, its
    ``--check`` and tests/test_thesaurus_compact.py keep them equal to the parse)."""
    if language not in FILES:
        return None
    try:
        raw = source_path(language).read_bytes()
    except OSError:
        return None
    source = hashlib.sha256(raw).digest()
    key = f"{TABLE_VERSION}-{source.hex()}"
    stored = _stored(language, key)
    if stored is not None:
        return stored
    made = _compact_of(language, raw, source) or parsed(language, raw)
    _store(made, key)
    return made


TABLE = "thesaurus"
"""The kind of :func:`thesaurus`'s table in :mod:`copylens.core.table_cache`: the thesaurus
as it is held (its words one a line, its pairs, starts and targets), keyed by the SHA-256 of
its ``.dat`` and :data:`TABLE_VERSION`. Issue 40: the compact form (a compressed ``.npz``:
inflated, its pairs sorted anew, ~20 ms of "paraphrase: tables" for Russian in the process
running ``compare``) is read only where the table is not kept yet; reading the table back takes
a few ms (tests/test_thesaurus_compact.py compares them)."""
TABLE_VERSION = 1
"""The layout of that table; a table of another one is another file, never read."""


def _stored(language: str, key: str) -> Thesaurus | None:
    """The thesaurus :func:`_store` kept under ``key``, or None where there is none (or it
    fails a check: then it is made as before)."""
    from copylens.core import table_cache

    stored = table_cache.load(TABLE, key)
    if stored is None:
        return None
    try:
        text, pairs, starts, targets = (stored[n] for n in ("words", "pairs", "starts", "targets"))
        words = table_cache.words_of(text)
        if not (
            len(starts) == len(words) + 1
            and pairs.dtype == starts.dtype == targets.dtype == np.int64
            and pairs.shape == targets.shape
            and int(starts[-1]) == len(pairs)
        ):
            return None
    except (KeyError, UnicodeDecodeError):
        return None
    ids = dict(zip(words, range(len(words)), strict=True))
    if len(ids) != len(words):
        return None
    return Thesaurus(language, ids, tuple(words), pairs, starts, targets)


def _store(th: Thesaurus, key: str) -> None:
    """Keep ``th`` in the table cache under ``key`` (:data:`TABLE`), unless a word holds a line
    break (the words are kept one a line)."""
    from copylens.core import table_cache

    text = table_cache.word_lines(th.words)
    if table_cache.path_of(TABLE, key) is None or text is None:
        return
    table_cache.store(
        TABLE, key, {"words": text, "pairs": th.pairs, "starts": th.starts, "targets": th.targets}
    )


def parsed(language: str, raw: bytes) -> Thesaurus:
    """The thesaurus of the MyThes file's bytes ``raw`` (module docstring)."""
    return _built(language, _entries(fold(decoded(raw))))


def decoded(raw: bytes) -> str:
    """The entries of a MyThes file's bytes as text: in the encoding its first line names
    (after a byte order mark, as Russian's has), that line left out."""
    encoding, _, body = raw.removeprefix(b"\xef\xbb\xbf").partition(b"\n")
    return body.decode(encoding.decode("ascii").strip() or "utf-8")


def entries(text: str) -> Iterator[tuple[str, list[str]]]:
    """Each entry of a MyThes text (:func:`decoded`): its head word and its meaning lines
    (``word|n`` then ``n`` lines; a head line without a count has none)."""
    lines = text.splitlines()
    n = 0
    while n < len(lines):
        head, _, count = lines[n].partition("|")
        meanings = int(count) if count.strip().isdigit() else 0
        yield head, lines[n + 1 : n + 1 + meanings]
        n += 1 + meanings


COMPACT_VERSION = 1
"""The layout of :func:`compact`'s file; another one is not read."""


def source_path(language: str) -> Path:
    """Where the language's MyThes ``.dat`` is (``resources/thesaurus``)."""
    path: Path = resources_dir() / "thesaurus" / FILES[language]
    return path


def compact_path(language: str) -> Path:
    """Where the compact form of the language's thesaurus is: beside its ``.dat``."""
    return source_path(language).with_suffix(".npz")


def compact(th: Thesaurus, raw: bytes) -> bytes:
    """``th`` (parsed from ``raw``) as a compressed ``.npz``: its words, one a line (UTF-8),
    each pair of synonyms once (first < second, int32) and the SHA-256 of ``raw``."""
    size = max(len(th.ids), 1)
    half = th.pairs[th.pairs // size < th.pairs % size]
    out = io.BytesIO()
    np.savez_compressed(
        out,
        version=np.array(COMPACT_VERSION),
        source=np.frombuffer(hashlib.sha256(raw).digest(), dtype=np.uint8),
        words=np.frombuffer("\n".join(th.words).encode("utf-8"), dtype=np.uint8),
        first=(half // size).astype(np.int32),
        second=(half % size).astype(np.int32),
    )
    return out.getvalue()


def _compact_of(language: str, raw: bytes, source: bytes | None = None) -> Thesaurus | None:
    """The thesaurus from its compact form, or None where there is none, or it is of another
    layout or built from other bytes than ``raw`` (``source``: their SHA-256, if known)."""
    source = hashlib.sha256(raw).digest() if source is None else source
    found = read_compact(compact_path(language), COMPACT_VERSION, source)
    return None if found is None else from_pairs(language, *found)


def read_compact(
    path: Path, version: int, source: bytes | None = None
) -> tuple[dict[str, int], np.ndarray, np.ndarray] | None:
    """A compact relation file's words numbered and its pairs (first, second), or None
    where the file is missing, unreadable, of another ``version``, or (``source`` given)
    made from other bytes than those whose SHA-256 ``source`` is."""
    try:
        with np.load(path) as z:
            if int(z["version"]) != version:
                return None
            if source is not None and bytes(z["source"]) != source:
                return None
            words = bytes(z["words"]).decode("utf-8").split("\n") if z["words"].size else []
            first, second = z["first"].astype(np.int64), z["second"].astype(np.int64)
    except (OSError, KeyError, ValueError):
        return None
    return {w: n for n, w in enumerate(words)}, first, second


def _entries(text: str) -> list[tuple[str, list[str]]]:
    """Each head word (of the folded text) with the words of its kept meanings
    (:func:`_kept`); a word the entry refers to with ``(див.)`` brings the words of its own
    entry too (the head word belongs to that word's synonym row: "абсурдний (див.)
    безглуздий")."""
    out: list[tuple[str, list[str]]] = []
    seen: dict[str, list[str]] = {}
    refs: list[tuple[int, str]] = []
    for head, lines in entries(text):
        words = []
        for line in lines:
            for word, see in _kept(line):
                words.append(word)
                if see:
                    refs.append((len(out), word))
        seen.setdefault(head, words)
        out.append((head, words))
    for at, word in refs:
        out[at][1].extend(seen.get(word, ()))
    return out


def _kept(line: str) -> list[tuple[str, bool]]:
    """The single words of a meaning line, less antonyms and related terms (module
    docstring), labels removed; each with whether it is a reference, ``(див.) word``."""
    if line.startswith(DROPPED):
        return []
    out = []
    for item in line.split("|")[1:]:
        if "(" not in item:  # no label (most items): as the lines below make it, faster
            word = item.strip()
            if word and " " not in word:
                out.append((word, False))
            continue
        if item.lstrip().startswith(DROPPED):
            continue
        word = _LABEL.sub("", item).strip()
        if word and " " not in word and "(" not in word:
            out.append((word, item.lstrip().startswith(SEE)))
    return out


def _built(language: str, entries: list[tuple[str, list[str]]]) -> Thesaurus:
    ids: dict[str, int] = {}
    first: list[int] = []
    second: list[int] = []
    for head, words in entries:
        h = ids.setdefault(head, len(ids))
        for word in words:
            first.append(h)
            second.append(ids.setdefault(word, len(ids)))
    a, b = np.array(first, dtype=np.int64), np.array(second, dtype=np.int64)
    return from_pairs(language, ids, a, b)


def from_pairs(language: str, ids: dict[str, int], a: np.ndarray, b: np.ndarray) -> Thesaurus:
    """The thesaurus of words numbered ``ids`` where word ``a[i]`` and word ``b[i]`` are
    synonyms (either order; a word with itself left out)."""
    size = len(ids)
    keys = np.concatenate([a * size + b, b * size + a])[np.tile(a != b, 2)]
    pairs = distinct(keys)  # np.unique's hash table took 40 times as long
    starts = np.searchsorted(pairs // size, np.arange(size + 1)) if size else np.zeros(1, int)
    return Thesaurus(language, ids, tuple(ids), pairs, starts, (pairs % max(size, 1)))
