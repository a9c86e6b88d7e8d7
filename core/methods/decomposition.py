"""A11 Decomposition (ALGORITHMS.md §4 A11; Zelenkov & Segalovich §6.1).

Every document writes (shingle, document, length) for a sample of its distinct 5-word
shingles; the records are grouped into length chains (:mod:`copylens.core.methods.chains`: grouped
by
shingle, ordered by length, cut where a neighbour is more than 1.15 times longer, duplicate and
subsumed chains dropped) and the documents of each chain's local window are compared with the
direct text similarity (:func:`copylens.core.methods.similarity.similarity`), each pair once.

What must hold: a pair is reported only if its similarity reaches ``threshold``; a pair is
compared only if the two documents share a sampled shingle and their lengths are within 1.15
of each other; a near-copy (a few words changed, a sentence added or removed) shares dozens of
sampled shingles and is found.

Readings chosen:
- Sample ("all, or a sample"): the distinct shingle fingerprints below 2⁶⁴/16 — Broder's mod-m
  with m = 16, taken on the high bits so that it is also a bottom-s sample — and at least the
  16 smallest, so a short document is not left without records (mod-m's known flaw, §3). A
  600-word document keeps about 37 shingles. Two documents at similarity 0.85 (≤ 15 % of the
  words edited, each edit breaking ≤ 5 shingles) still share a quarter of their shingles in
  the worst case, ~9 of them sampled: the chance of sharing none is below 10⁻⁴ at 600 words;
  for a few edits it is nil. The full shingle sets would cost 16 times the records for no
  measurable recall (the 84 MinHash values would cost more to compute than the shingles).
- Similarity: ``similarity(a, b, cutoff)`` ≥ ``threshold`` = 0.85, the level the study tuned the
  1.15 ratio for (the study's own verification threshold, 0.8, is the evaluation's concern).
  On canonical words a pair at similarity 0.85 may differ in length by up to 2/0.85 − 1 ≈ 1.35;
  the study's 1.15 gives up those (an excerpt against a much longer text) to keep windows
  short, "practically without loss of recall".
- Length = the number of canonical words (§4's preprocessing: words of ≤ 3 letters dropped).
- Boilerplate: a sampled shingle held by more than ``max_df`` = 200 documents is dropped
  (:mod:`copylens.core.methods.chains`); near-copies share dozens of other sampled shingles. Here
  the
  cap bounds time only (every pair is verified): one similarity costs ~130 µs on 600-word
  documents, so a chain at the cap costs at most ~2.6 s, and only once per distinct chain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from copylens.core.arrays import distinct
from copylens.core.methods.base import Method, Pair, PairMethod
from copylens.core.methods.chains import ChainStats, chain_pairs
from copylens.core.methods.collection import Collection, MethodDoc
from copylens.core.methods.similarity import similarity
from copylens.core.shingle import shingles


@dataclass(frozen=True)
class Decomposition(PairMethod):
    """§4 A11: sampled shingles → length chains → direct similarity in local windows."""

    name: ClassVar[str] = "A11"
    title: ClassVar[str] = "Decomposition"
    section: ClassVar[str] = "§4 A11"

    width: int = 5
    """Words per shingle."""
    modulus: int = 16
    """Keep fingerprints below 2⁶⁴ / modulus (1 keeps every shingle)."""
    floor: int = 16
    """Keep at least this many of the smallest fingerprints."""
    length_ratio: float = 1.15
    threshold: float = 0.85
    max_df: int = 200

    def sample(self, doc: MethodDoc) -> np.ndarray:
        """The document's sampled distinct shingle fingerprints, ascending."""
        if len(doc.hashes) == 0:
            return np.empty(0, dtype=np.uint64)
        values = distinct(shingles(doc.hashes, self.width))
        limit = np.uint64((1 << 64) // self.modulus - 1)
        below = int(np.searchsorted(values, limit, side="right"))
        return values[: max(below, min(self.floor, len(values)))]

    def find(self, collection: Collection) -> set[Pair]:
        return self.find_with_stats(collection)[0]

    def find_with_stats(self, collection: Collection) -> tuple[set[Pair], ChainStats]:
        """The pairs found, and what each stage of the chains did."""
        docs = collection.docs
        samples = [self.sample(doc) for doc in docs]
        keys = np.concatenate(samples) if samples else np.empty(0, dtype=np.uint64)
        owners = np.repeat(np.arange(len(docs)), [len(s) for s in samples])
        lengths = np.array([len(doc) for doc in docs], dtype=np.int64)

        def same(i: int, j: int) -> bool:
            return similarity(docs[i], docs[j], self.threshold) >= self.threshold

        return chain_pairs(keys, owners, lengths, same, self.length_ratio, self.max_df)


METHODS: tuple[Method, ...] = (Decomposition(),)
