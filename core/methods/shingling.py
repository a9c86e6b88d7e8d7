"""Shingle-sampling methods: megashingles (A6, Fetterly), Log Shingles (A8), Broder's mod-m and
bottom-s samples, and Broder's clustering (ALGORITHMS.md §3, §4 A6/A8, §5).

Every method here starts from the document's w-shingle fingerprints (``copylens.core.shingle``:
64-bit,
splitmix64-finished, so their low bits and their order are uniform whatever the text) and
keeps a sample of them:

- "A6" (§4): the study's megashingles — 5-word shingles, 36 min-hash functions, 6 groups of 6
  → 6 supershingles → 15 megashingles; the 15 are the keys. One supershingle matches with
  probability p^6 for resemblance p, a megashingle is shared when at least 2 of the 6 match:
  1 − (1 − p^6)^6 − 6·p^6·(1 − p^6)^5 (0.49 at p = 0.80, 0.99 at 0.95).
- "fetterly" (§3): the product's own sketch (``copylens.core.sketch.minhash`` of the 10-word
  shingles,
  exactly what the engine stores) cut into 6 groups of 14; keys =
  ``copylens.core.sketch.megashingles``
  (0.88 at p = 0.95, 0.026 at 0.80: §3's "≈ 0.90" is that number rounded through 0.49).
- "A8" (§4): Log Shingles, the kept set of wrap-around 5-shingles is the one key.
- "mod-m", "bottom-s" (§3) and "broder" (§5) are pair methods: each sample value is emitted
  with its document, the values sorted, and the documents sharing a value counted per pair
  (:func:`shared_values`, Broder's steps 2–3, written once for all three); the pair's
  resemblance is estimated from those counts and pairs at or above a threshold are returned.
  Clusters are ``copylens.core.unionfind.groups`` over the returned pairs (step 4's
  union–find).

What must hold: keys and samples depend only on the words (fixed seeds, stable fingerprints);
an empty document has no keys and joins no pair; no ``find`` compares all pairs.
"""

from __future__ import annotations

import hashlib
import math
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from copylens.core.arrays import distinct
from copylens.core.index import Shared, shared_values
from copylens.core.methods.base import Method, Pair, PairMethod, SignatureMethod
from copylens.core.methods.collection import SKETCH_SHINGLE, Collection, MethodDoc
from copylens.core.shingle import shingles
from copylens.core.sketch import NUM_PERM, megashingles, minhash

BRODER_THRESHOLD = 0.5
"""Resemblance at which the sampling methods join a pair: Broder et al. 1997 clustered the web
at 50 % resemblance. With 10-word shingles one changed word in 30 already halves it."""

MAX_DF = 1000
"""A sample value shared by more documents is boilerplate and is dropped (§5's speed-up).
A value shared by g documents costs g·(g − 1)/2 pair codes."""

_POSITION_SALT = np.random.default_rng(20240601).integers(
    0, np.iinfo(np.uint64).max, NUM_PERM, dtype=np.uint64, endpoint=True
)
"""One random word per sketch position: minimum i of one document is only compared with
minimum i of another (a coincidence across positions has probability 2^-64)."""


@dataclass(frozen=True)
class StudyMegashingles(SignatureMethod):
    """§4 A6 as the study ran it: w = 5, 36 min-hash functions, 6 supershingles of 6 minima,
    keys = the 15 megashingles; duplicates share one.

    Reading chosen: the study's 36 "random polynomial" Karp–Rabin functions are replaced by the
    product's min-wise family (affine maps over fmix64-mixed fingerprints, seed 1); only their
    independence matters to the p^6 law, which tests/methods/test_shingling.py simulates.
    The study's printed check ("42 % at 0.80") is its measured recall; the law gives 0.49.
    """

    name: ClassVar[str] = "A6"
    title: ClassVar[str] = "Megashingles"
    section: ClassVar[str] = "§4 A6"

    w: int = 5
    num_perm: int = 36
    groups: int = 6

    def train(self, collection: Collection) -> None:
        return None

    def keys(self, doc: MethodDoc, model: Any) -> tuple[int, ...]:
        if len(doc) == 0:
            return ()
        # Minima over the shingle sequence equal those over its set: no np.unique needed.
        return megashingles(minhash(shingles(doc.hashes, self.w), self.num_perm), self.groups)


@dataclass(frozen=True)
class FetterlyMegashingles(SignatureMethod):
    """§3 Fetterly et al. 2003 on the product's sketch: the 84 minima of the 10-word shingles
    that the engine stores (``copylens.core.sketch.minhash``), 6 groups of 14, keys =
    ``copylens.core.sketch.megashingles``. Tuned for resemblance ≈ 0.95; the study found recall
    near 0
    at 0.75."""

    name: ClassVar[str] = "fetterly"
    title: ClassVar[str] = "Fetterly megashingles"
    section: ClassVar[str] = "§3"

    w: int = 10
    groups: int = 6

    def train(self, collection: Collection) -> None:
        return None

    def sketch(self, doc: MethodDoc) -> np.ndarray:
        """The card's sketch, stored with the document when ``w`` is the card's 10."""
        return stored_sketch(doc, self.w)

    def keys(self, doc: MethodDoc, model: Any) -> tuple[int, ...]:
        if len(doc) == 0:
            return ()
        return megashingles(self.sketch(doc), self.groups)


def stored_sketch(doc: MethodDoc, w: int) -> np.ndarray:
    """The 84 minima of the document's w-shingles: the one computed at load for w = 10
    (``minhash`` over the shingle sequence equals that over the set)."""
    return doc.sketch if w == SKETCH_SHINGLE else minhash(shingles(doc.hashes, w))


# --- A8 Log Shingles ---------------------------------------------------------------------------


def wrapped_shingles(hashes: np.ndarray, w: int) -> np.ndarray:
    """The n w-shingles of n words read as a ring: shingle i covers words i, i + 1, ... mod n."""
    n = len(hashes)
    if n == 0:
        return np.empty(0, dtype=np.uint64)
    return shingles(np.resize(hashes, n + w - 1), w)


def popcount(values: np.ndarray) -> np.ndarray:
    """Number of set bits of each uint64 (numpy ≥ 1.26, so no ``np.bitwise_count``)."""
    octets = np.ascontiguousarray(values, dtype="<u8").view(np.uint8).reshape(-1, 8)
    return np.unpackbits(octets, axis=1).sum(axis=1, dtype=np.int64)


def trailing_zeros(values: np.ndarray) -> np.ndarray:
    """Trailing zero bits of each uint64 (64 for zero). The lowest set bit is a power of two,
    exact as a float, so its binary exponent counts the zeros below it."""
    values = np.asarray(values, dtype=np.uint64)
    with np.errstate(over="ignore"):
        lowest = values & (~values + np.uint64(1))
    zeros = np.frexp(lowest.astype(np.float64))[1] - 1
    return np.where(values == 0, 64, zeros).astype(np.int64)


def log_sample(fingerprints: np.ndarray, n: int) -> np.ndarray:
    """The distinct fingerprints with at least t trailing zero bits, sorted; t is the largest
    value that still keeps ⌈log2 n⌉ of them (at least 1; all, if fewer are distinct)."""
    fingerprints = np.asarray(fingerprints, dtype=np.uint64)
    need = max(1, math.ceil(math.log2(max(n, 1))))
    zeros = trailing_zeros(fingerprints)
    at_least = np.cumsum(np.bincount(zeros, minlength=65)[::-1])[::-1]  # count with ≥ t zeros
    start = int(np.flatnonzero(at_least >= min(need, len(zeros)))[-1]) if len(zeros) else 0
    for t in range(start, -1, -1):  # repeated shingles may leave fewer distinct: widen
        kept = distinct(fingerprints[zeros >= t])
        if len(kept) >= need:
            return kept
    return kept


@dataclass(frozen=True)
class LogShingles(SignatureMethod):
    """§4 A8 Log Shingles: all 5-word shingles with the text wrapping around, the sample of
    :func:`log_sample` (n = number of words = number of wrapped shingles) is the signature,
    keyed by a BLAKE2b-64 of the sorted kept set; duplicates when the sets are equal.

    Reading chosen (the source only says "divisible by powers of 2"): ALGORITHMS.md's — keep
    fingerprints with ≥ t trailing zeros, t the largest keeping ≥ ⌈log2 n⌉ shingles. A side
    effect of the ring: moving a block of text from the end to the start keeps the key.
    """

    name: ClassVar[str] = "A8"
    title: ClassVar[str] = "Log Shingles"
    section: ClassVar[str] = "§4 A8"

    w: int = 5

    def train(self, collection: Collection) -> None:
        return None

    def keys(self, doc: MethodDoc, model: Any) -> tuple[int, ...]:
        if len(doc) == 0:
            return ()
        kept = log_sample(wrapped_shingles(doc.hashes, self.w), len(doc))
        return (_digest(kept.astype("<u8").tobytes()),)


def _digest(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def shared_samples(samples: Sequence[np.ndarray], max_df: int | None = MAX_DF) -> Shared:
    """:func:`shared_values` over one distinct sample per document (owner = its position)."""
    if not samples:
        return shared_values(np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.int64))
    owners = np.repeat(np.arange(len(samples)), [len(s) for s in samples])
    return shared_values(np.concatenate(samples).astype(np.uint64), owners, max_df)


# --- Broder's samples ----------------------------------------------------------------------


class SampleMethod(PairMethod):
    """A pair method of this module: a sample of values per document, the pairs sharing values
    counted by :func:`shared_samples` (values held by more than ``max_df`` documents dropped),
    then ``chosen`` by the method's estimate. The stages are apart so a cluster can run the
    counting on buckets of values (``copylens.core.distribute``) and ``chosen`` on the sum."""

    max_df: int

    @abstractmethod
    def samples(self, collection: Collection) -> list[np.ndarray]:
        """One distinct sample per document, each document's alone (no collection statistics)."""

    @abstractmethod
    def chosen(self, shared: Shared, samples: Sequence[np.ndarray]) -> set[Pair]:
        """The pairs of ``shared`` (of ``samples``) the method calls near-duplicates."""

    def find(self, collection: Collection) -> set[Pair]:
        samples = self.samples(collection)
        return self.chosen(shared_samples(samples, self.max_df), samples)


def mod_sample(fingerprints: np.ndarray, m: int) -> np.ndarray:
    """Broder's first sample: the distinct fingerprints divisible by m, sorted."""
    values = distinct(fingerprints)
    return values[values % np.uint64(m) == 0]


def bottom_sample(fingerprints: np.ndarray, s: int) -> np.ndarray:
    """The s smallest distinct fingerprints (all, if fewer), sorted."""
    return distinct(fingerprints)[:s]


def bottom_resemblance(a: np.ndarray, b: np.ndarray, s: int) -> float:
    """Broder's estimator from two bottom-s samples: |U ∩ A ∩ B| / |U|, U = bottom_s(A ∪ B).

    U is computable from the samples alone (the s smallest of A ∪ B are among them), and a
    value of U is in A (in B) exactly when it is in A's (B's) sample."""
    union = np.union1d(a, b)[:s]
    if len(union) == 0:
        return 0.0
    both = np.isin(union, a) & np.isin(union, b)
    return float(np.count_nonzero(both)) / len(union)


@dataclass(frozen=True)
class ModSampling(SampleMethod):
    """§3 Broder's mod-m sample: the distinct 10-word shingle fingerprints divisible by m = 25
    (the Ukrainian survey's values). Candidates: pairs sharing a sample value
    (:func:`shared_samples`); estimated resemblance |S_A ∩ S_B| / |S_A ∪ S_B| of the samples;
    pairs at ≥ ``threshold`` are returned. Short documents keep few or no values (the flaw §3
    names): a document with an empty sample joins no pair."""

    name: ClassVar[str] = "mod-m"
    title: ClassVar[str] = "Mod-m sampling"
    section: ClassVar[str] = "§3"

    w: int = 10
    m: int = 25
    threshold: float = BRODER_THRESHOLD
    max_df: int = MAX_DF

    def samples(self, collection: Collection) -> list[np.ndarray]:
        return [mod_sample(shingles(d.hashes, self.w), self.m) for d in collection.docs]

    def chosen(self, shared: Shared, samples: Sequence[np.ndarray]) -> set[Pair]:
        sizes = np.array([len(s) for s in samples], dtype=np.int64)
        union = sizes[shared.first] + sizes[shared.second] - shared.count
        return shared.pairs(shared.count >= self.threshold * union)


@dataclass(frozen=True)
class BottomSampling(SampleMethod):
    """§3 bottom-s: the s = 84 smallest distinct 10-word shingle fingerprints (84: the size of
    the product's sketch, for the same cost). Candidates: pairs sharing a sample value;
    resemblance: Broder's :func:`bottom_resemblance`; pairs at ≥ ``threshold`` are returned.
    Counts first bound the estimate (|U ∩ A ∩ B| ≤ shared, |U| ≥ min(s, |S_A ∪ S_B|)), so
    the exact estimator runs only on pairs that could reach the threshold."""

    name: ClassVar[str] = "bottom-s"
    title: ClassVar[str] = "Bottom-s sampling"
    section: ClassVar[str] = "§3"

    w: int = 10
    s: int = NUM_PERM
    threshold: float = BRODER_THRESHOLD
    max_df: int = MAX_DF

    def samples(self, collection: Collection) -> list[np.ndarray]:
        return [bottom_sample(shingles(d.hashes, self.w), self.s) for d in collection.docs]

    def chosen(self, shared: Shared, samples: Sequence[np.ndarray]) -> set[Pair]:
        sizes = np.array([len(s) for s in samples], dtype=np.int64)
        union = sizes[shared.first] + sizes[shared.second] - shared.count
        bound = shared.count >= self.threshold * np.minimum(union, self.s)
        return {
            (a, b)
            for a, b in shared.pairs(bound)
            if bottom_resemblance(samples[a], samples[b], self.s) >= self.threshold
        }


@dataclass(frozen=True)
class BroderClustering(SampleMethod):
    """§5 Broder's clustering of the web on the product's sketch: (1) the 84 minima of each
    document's 10-word shingles; (2) (minimum, doc) records sorted by value, values held by more
    than ``max_df`` documents dropped; (3) shared minima counted per pair; (4) resemblance =
    shared / 84 (the share of equal positions, ``copylens.core.sketch.estimate``), pairs at
    ≥ ``threshold`` returned; ``copylens.core.unionfind.groups`` joins them by union–find.

    Reading chosen: a minimum is compared only at its own position (each position's value is
    salted with a fixed random word), so the count is the number of equal positions. The
    ``max_df`` cap applies to whole sketches too: more than ``max_df`` exact copies of one
    text share every minimum and are then dropped; pass ``max_df`` large to keep them.
    """

    name: ClassVar[str] = "broder"
    title: ClassVar[str] = "Broder's clustering"
    section: ClassVar[str] = "§5"

    w: int = 10
    threshold: float = BRODER_THRESHOLD
    max_df: int = MAX_DF

    def samples(self, collection: Collection) -> list[np.ndarray]:
        empty = np.empty(0, dtype=np.uint64)
        return [
            stored_sketch(d, self.w) ^ _POSITION_SALT if len(d) else empty for d in collection.docs
        ]

    def chosen(self, shared: Shared, samples: Sequence[np.ndarray]) -> set[Pair]:
        return shared.pairs(shared.count >= self.threshold * NUM_PERM)


METHODS: tuple[Method, ...] = (
    StudyMegashingles(),
    FetterlyMegashingles(),
    LogShingles(),
    ModSampling(),
    BottomSampling(),
    BroderClustering(),
)
