"""Shingle: overlapping runs of w canonical words, fingerprinted to 64 bits (ALGORITHMS.md §2).

A text of n canonical words has n − w + 1 shingles; shingle i covers words [i, i + w).
A text with fewer than w words (but at least one) gets a single shingle of all its words, so
two identical short texts still resemble each other. Fingerprints are a polynomial over the
words' BLAKE2b fingerprints modulo 2^64, finished with the splitmix64 mixer: stable across
runs, machines and Python versions.
"""

from __future__ import annotations

import numpy as np

from copylens.core.arrays import distinct

_BASE = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31 = np.uint64(27), np.uint64(30), np.uint64(31)


def shingles(hashes: np.ndarray, w: int) -> np.ndarray:
    """Fingerprints of the w-shingles of a sequence of word fingerprints, in text order.

    Element i is the fingerprint of words [i, i + w). Shorter sequences give one shingle.
    """
    n = len(hashes)
    if n == 0:
        return np.empty(0, dtype=np.uint64)
    w = min(w, n)
    count = n - w + 1
    acc = hashes[:count].copy()  # array arithmetic wraps mod 2^64 without a warning
    for j in range(1, w):
        acc *= _BASE
        acc += hashes[j : j + count]
    return _mix(acc)


def shingle_set(hashes: np.ndarray, w: int) -> np.ndarray:
    """The distinct shingle fingerprints, sorted (the set S(A) of §2)."""
    return distinct(shingles(hashes, w))


def _mix(x: np.ndarray) -> np.ndarray:
    x = x ^ (x >> _S30)
    x = x * _M1
    x = x ^ (x >> _S27)
    x = x * _M2
    return x ^ (x >> _S31)


def kgrams(hashes: np.ndarray, k: int) -> np.ndarray:
    """Fingerprints of every run of exactly k words (none for a text shorter than k)."""
    if len(hashes) < k:
        return np.empty(0, dtype=np.uint64)
    return shingles(hashes, k)
