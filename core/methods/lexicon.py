"""A7 Lex Rand: I-Match signatures over K + 1 randomized lexicons (ALGORITHMS.md §4 A7).

I-Match (Chowdhury, Frieder, Grossman, McCabe 2002) keeps a collection lexicon of mid-IDF
words; a document's signature is the SHA-1 of the sorted set of its distinct words that are in
the lexicon, when that set is large enough. Lexicon randomization (Kołcz, Chowdhury 2004)
adds K lexicons, each the base one with a random share p of its words removed; a document gets
K + 1 signatures and two documents are duplicates when any of them match. A change of n
lexicon words leaves one extra signature intact with probability p^n (all n changed words are
among the removed ones), so at least one of the K survives with probability
1 − (1 − p^n)^K (the study: p = 0.33, K = 10).

What must hold: a document with at least ``min_words`` lexicon words in every lexicon gets
exactly K + 1 keys, each tagged with its lexicon number, so signatures of different lexicons
never collide; equal word sets in the same lexicon give equal keys; the lexicons depend only on
the collection and the seed.

Readings chosen:
- IDF is A2's, log((N − df + 0.5) / (df + 0.5)). "Drop the words with the highest and the
  lowest IDF" is read as a cut by rank: the words are ranked by IDF (ties alphabetically) and
  the ``idf_cut`` share (10 %) at each end is dropped, so the base lexicon always keeps the
  middle 80 % of the vocabulary — a cut on IDF values would empty the lexicon of a small
  collection, where only two or three df values occur. The high end is mostly words of one
  document: they cannot be shared, and a typo there would break the signature.
- A word enters the signature as its position in the base lexicon (sorted by the words'
  64-bit fingerprints, ``MethodDoc.hashes``); SHA-1 hashes the ascending positions packed as
  32-bit integers. The set is the same as the alphabetical join's, in another fixed order,
  so equal word sets give equal digests and different sets different ones, and ``keys``
  stays in numpy (one pass for all K + 1 lexicons, no string joins).
- "Larger than a minimum size" is read as at least ``min_words`` (5) words; below that the
  lexicon gives no key (a tiny set matches too many documents).
- Extra lexicons remove exactly round(p · |L|) words each, drawn by ``random.Random(seed)``
  from the alphabetically sorted base lexicon.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from copylens.core.arrays import distinct
from copylens.core.canonicalize import fingerprint
from copylens.core.methods.base import Method, SignatureMethod
from copylens.core.methods.collection import Collection, MethodDoc
from copylens.core.methods.frequency import bm25_idf

MAX_LEXICONS = 64
"""Lexicon membership is a 64-bit mask per word: at most 63 extra lexicons."""
_BITS = np.uint64(1) << np.arange(MAX_LEXICONS, dtype=np.uint64)


@dataclass(frozen=True, eq=False)
class Lexicons:
    """The base lexicon and its K randomized copies, as one membership mask per word."""

    words: tuple[str, ...]
    """Base lexicon words, in the order of ``hashes``."""
    hashes: np.ndarray
    """Sorted uint64 fingerprints of the base lexicon words."""
    masks: np.ndarray
    """uint64 per word: bit k set when the word is in lexicon k (bit 0: the base lexicon)."""
    count: int
    """K + 1."""

    def lexicon(self, k: int) -> frozenset[str]:
        """The words of lexicon ``k`` (0: the base lexicon)."""
        bit = np.uint64(1) << np.uint64(k)
        return frozenset(w for w, m in zip(self.words, self.masks, strict=True) if m & bit)


def mid_idf_words(df: Mapping[str, int], n: int, cut: float) -> list[str]:
    """The vocabulary without the ``cut`` share of highest- and lowest-IDF words (by rank)."""
    ranked = sorted(df, key=lambda w: (bm25_idf(df[w], n), w))
    drop = int(len(ranked) * cut)
    return ranked[drop : len(ranked) - drop]


def randomized(words: Sequence[str], extra: int, removal: float, seed: int) -> Lexicons:
    """The base lexicon ``words`` and ``extra`` copies, each missing round(removal · |L|) words."""
    if not 0 <= extra < MAX_LEXICONS:
        raise ValueError(f"Expecting 0..{MAX_LEXICONS - 1} extra lexicons, got {extra}")
    ordered = sorted(set(words))
    rng = random.Random(seed)
    masks = np.ones(len(ordered), dtype=np.uint64)
    removed = round(removal * len(ordered))
    for k in range(1, extra + 1):
        bits = np.full(len(ordered), np.uint64(1) << np.uint64(k), dtype=np.uint64)
        bits[rng.sample(range(len(ordered)), removed)] = 0
        masks |= bits
    hashes = np.array([fingerprint(w) for w in ordered], dtype=np.uint64)
    order = np.argsort(hashes, kind="stable")
    return Lexicons(tuple(ordered[i] for i in order), hashes[order], masks[order], extra + 1)


def lexicon_positions(hashes: np.ndarray, lexicons: Lexicons) -> np.ndarray:
    """Positions in the base lexicon of the document's distinct words that are in it, ascending."""
    words = distinct(hashes)
    if not len(lexicons.hashes) or not len(words):
        return np.zeros(0, dtype=np.int64)
    pos = np.searchsorted(lexicons.hashes, words)
    pos[pos == len(lexicons.hashes)] = 0
    return pos[lexicons.hashes[pos] == words]


@dataclass(frozen=True)
class LexRand(SignatureMethod):
    """A7: K + 1 I-Match signatures; duplicates when any signature is shared (see module)."""

    name: ClassVar[str] = "A7"
    title: ClassVar[str] = "Lex Rand"
    section: ClassVar[str] = "§4 A7"

    extra: int = 10
    """K, the randomized lexicons beside the base one."""
    removal: float = 0.33
    """p, the share of the base lexicon each extra lexicon removes."""
    idf_cut: float = 0.1
    """Share of the vocabulary dropped at each end of the IDF ranking."""
    min_words: int = 5
    """Fewest lexicon words a signature needs."""
    seed: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.extra < MAX_LEXICONS:
            raise ValueError(f"Expecting 0..{MAX_LEXICONS - 1} extra lexicons, got {self.extra}")
        if not 0 <= self.removal < 1:
            raise ValueError(f"Expecting a removal share in [0, 1), got {self.removal}")
        if not 0 <= self.idf_cut < 0.5:
            raise ValueError(f"Expecting an IDF cut in [0, 0.5), got {self.idf_cut}")

    def train(self, collection: Collection) -> Lexicons:
        stats = collection.stats
        words = mid_idf_words(stats.df, stats.n, self.idf_cut)
        return randomized(words, self.extra, self.removal, self.seed)

    def keys(self, doc: MethodDoc, model: Lexicons) -> Sequence[Hashable]:
        """(lexicon number, SHA-1 of the word positions) per lexicon with enough words."""
        positions = lexicon_positions(doc.hashes, model)
        member = (model.masks[positions] & _BITS[: model.count, None]) != 0
        sizes = member.sum(axis=1).tolist()
        packed = memoryview(positions.astype("<u4")[np.nonzero(member)[1]].tobytes())
        keys: list[Hashable] = []
        end = 0
        for k, size in enumerate(sizes):
            start, end = end, end + 4 * size
            if size >= self.min_words:
                keys.append((k, hashlib.sha1(packed[start:end]).digest()))
        return keys


METHODS: tuple[Method, ...] = (LexRand(),)
