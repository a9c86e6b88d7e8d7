"""Sketch: MinHash of a shingle set, and Fetterly's super- and megashingles (ALGORITHMS.md §3).

The sketch is datasketch's MinHash with 84 permutations, seed 1 and its ``affine64`` scheme
(MurmurHash3 fmix64 pre-mix, then h -> a*h + b mod 2^64 with odd a), fed our 64-bit shingle
fingerprints directly. We compute it here in one numpy expression, with the permutation
parameters drawn exactly as datasketch draws them, because ``import datasketch`` costs ~0.9 s
(it pulls in scipy) and its ``update_batch`` a Python loop per value (~1 ms per essay); the
test suite checks bit-for-bit equality with ``datasketch.MinHash``. The estimated resemblance
is the share of the 84 positions whose minima are equal (Broder 1997). Supershingles: the 84
minima cut into 6 groups of 14, each group fingerprinted; megashingles: the 15 pairs of
supershingles (Fetterly et al. 2003). Two documents are near-duplicates under that scheme
when they share a megashingle.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np

NUM_PERM = 84
SEED = 1
GROUPS = 6
BLOCK = 1 << 14
"""Fingerprints hashed at a time by :func:`minhash` (an essay has a few hundred)."""


_S1, _M1, _S2, _M2, _S3 = (
    np.uint64(v) for v in (33, 0xFF51AFD7ED558CCD, 33, 0xC4CEB9FE1A85EC53, 33)
)
EMPTY = np.uint64(np.iinfo(np.uint64).max)


@cache
def permutations(num_perm: int = NUM_PERM, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """(a, b) of the affine64 permutations, drawn as datasketch draws them for this seed."""
    gen = np.random.RandomState(seed)
    a = gen.randint(0, 1 << 63, num_perm, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    b = gen.randint(0, 1 << 64, num_perm, dtype=np.uint64)
    return a, b


def minhash(fingerprints: np.ndarray, num_perm: int = NUM_PERM, seed: int = SEED) -> np.ndarray:
    """The ``num_perm`` minima of a set of fingerprints (uint64; all-max for an empty set).

    Computed in the (functions × fingerprints) layout with the addition in place: numpy's
    inner loops then run along the long axis (about 3× faster than the transposed layout).
    Memory: :data:`BLOCK` fingerprints at a time (the minima of the blocks' minima are the
    minima), so a long document's sketch takes ``num_perm`` × 8 bytes × :data:`BLOCK` (11 MB),
    not 672 bytes per shingle (issue 38: 5 GB for a 50 MB text).
    """
    if len(fingerprints) == 0:
        return np.full(num_perm, EMPTY, dtype=np.uint64)
    a, b = permutations(num_perm, seed)
    fingerprints = np.asarray(fingerprints, dtype=np.uint64)
    minima = np.full(num_perm, EMPTY, dtype=np.uint64)
    for at in range(0, len(fingerprints), BLOCK):
        hv = _fmix64(fingerprints[at : at + BLOCK])
        values = a.reshape(-1, 1) * hv  # array arithmetic wraps mod 2^64 without a warning
        values += b.reshape(-1, 1)
        np.minimum(minima, values.min(axis=1), out=minima)
    return minima


def _fmix64(hv: np.ndarray) -> np.ndarray:
    """MurmurHash3's 64-bit finalizer, elementwise (arrays only: array arithmetic wraps)."""
    hv = hv ^ (hv >> _S1)
    hv = hv * _M1
    hv = hv ^ (hv >> _S2)
    hv = hv * _M2
    return hv ^ (hv >> _S3)


def estimate(a: np.ndarray, b: np.ndarray) -> float:
    """Estimated resemblance: the share of equal minima. Empty sketches resemble nothing."""
    if is_empty(a) or is_empty(b):
        return 0.0
    return float(np.count_nonzero(a == b)) / len(a)


def is_empty(sketch: np.ndarray) -> bool:
    return bool(np.all(sketch == EMPTY))


def supershingles(sketch: np.ndarray, groups: int = GROUPS) -> tuple[int, ...]:
    """Fingerprints of ``groups`` equal slices of the sketch (6 × 14 for 84 minima)."""
    return tuple(_supershingles(sketch, groups).tolist())


def megashingles(sketch: np.ndarray, groups: int = GROUPS) -> tuple[int, ...]:
    """Fingerprints of every pair of supershingles (15 for 6 groups), each tagged with its pair
    of groups, so only the same two groups of two sketches can match."""
    supers = _supershingles(sketch, groups)
    first, second = _pairs(groups)
    multipliers = _multipliers(3)
    mixed = supers[first] * multipliers[0] + supers[second] * multipliers[1]
    mixed += np.arange(len(first), dtype=np.uint64) * multipliers[2]
    return tuple(_fmix64(mixed).tolist())


def _supershingles(sketch: np.ndarray, groups: int) -> np.ndarray:
    """A slice's fingerprint: fmix64 of Σ fmix64(minimum_i) · m_i mod 2^64 (m_i fixed random
    odd words; numpy, ~10× faster than hashing each slice with BLAKE2b)."""
    if len(sketch) % groups:
        raise ValueError(f"Expecting a sketch length divisible by {groups}, got {len(sketch)}")
    parts = _fmix64(np.asarray(sketch, dtype=np.uint64)).reshape(groups, -1)
    sums = (parts * _multipliers(parts.shape[1])).sum(axis=1, dtype=np.uint64)
    return _fmix64(sums)


@cache
def _multipliers(count: int) -> np.ndarray:
    words = np.random.RandomState(20031).randint(0, 1 << 63, count, dtype=np.uint64)
    return words * np.uint64(2) + np.uint64(1)


@cache
def _pairs(groups: int) -> tuple[np.ndarray, np.ndarray]:
    first, second = zip(*combinations(range(groups), 2), strict=True)
    return np.array(first), np.array(second)
