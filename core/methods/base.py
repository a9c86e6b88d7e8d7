"""The one interface of the catalogue methods (ALGORITHMS.md §3–5), and the helpers they share.

A method finds near-duplicate pairs in a :class:`~copylens.core.methods.collection.Collection`:
``find(collection)`` returns the set of pairs ``(i, j)``, ``i < j``, of positions in
``collection.docs``. Two shapes cover the catalogue:

- :class:`SignatureMethod`: each document gets a few keys (one CRC32, K + 1 I-Match hashes,
  15 megashingles…), optionally after training on the collection (lexicons, descriptive
  words); two documents are duplicates when they share a key. Pairs come from grouping equal
  keys, never from comparing all pairs.
- :class:`PairMethod`: methods that compare candidates with a distance (simhash's Hamming
  distance, Levenshtein on signatures, A11/A12's chains, Broder's clustering) implement
  ``find`` directly; each must generate candidates without comparing all pairs.

What must hold for every method: pairs are ordered (i < j), never (i, i); the result depends
only on the collection (fixed seeds, stable fingerprints, no salted ``hash()``).
"""

from __future__ import annotations

import zlib
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, ClassVar

from copylens.core.methods.collection import Collection, MethodDoc

Pair = tuple[int, int]
"""Positions (i, j) in ``Collection.docs`` with i < j."""


class Method(ABC):
    """A near-duplicate detection method of the catalogue."""

    name: ClassVar[str]
    """Short name used on the command line: "A1", "simhash", ..."""
    title: ClassVar[str]
    """Human name: "TF", "Long Sent", ..."""
    section: ClassVar[str]
    """Where ALGORITHMS.md states it: "§4 A1"."""

    @abstractmethod
    def find(self, collection: Collection) -> set[Pair]:
        """Every pair of documents this method calls near-duplicates."""


class SignatureMethod(Method):
    """A method whose documents are duplicates when they share a signature key."""

    def train(self, collection: Collection) -> Any:
        """Whatever ``keys`` needs from the whole collection; by default its statistics."""
        return collection.stats

    @abstractmethod
    def keys(self, doc: MethodDoc, model: Any) -> Sequence[Hashable]:
        """The document's signature keys; empty when the document is too short to sign."""

    def signatures(self, collection: Collection) -> list[Sequence[Hashable]]:
        """Keys of every document, training once."""
        model = self.train(collection)
        return [self.keys(doc, model) for doc in collection.docs]

    def find(self, collection: Collection) -> set[Pair]:
        return pairs_sharing_keys(self.signatures(collection))


class PairMethod(Method):
    """A method that compares candidate pairs itself; subclasses implement ``find``."""


def pairs_sharing_keys(signatures: Sequence[Iterable[Hashable]]) -> set[Pair]:
    """Pairs of documents that share at least one key (keys grouped, not all pairs compared)."""
    groups: defaultdict[Hashable, list[int]] = defaultdict(list)
    for doc, keys in enumerate(signatures):
        for key in set(keys):
            groups[key].append(doc)
    pairs: set[Pair] = set()
    for members in groups.values():
        for a in range(len(members)):
            for b in range(a + 1, len(members)):
                pairs.add((members[a], members[b]))
    return pairs


def crc32_of(words: Iterable[str], separator: str = " ") -> int:
    """CRC32 of the words joined in alphabetical order (the study's A1–A5, A10 signature)."""
    return zlib.crc32(separator.join(sorted(words)).encode("utf-8"))


def top_words(weights: dict[str, float], count: int = 6) -> list[str]:
    """The ``count`` heaviest words; ties broken alphabetically so the choice is stable."""
    return [w for w, _ in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))[:count]]


def ordered(i: int, j: int) -> Pair:
    return (i, j) if i < j else (j, i)
