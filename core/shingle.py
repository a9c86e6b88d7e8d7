"""Shingle: overlapping runs of w canonical words, fingerprinted to 64 bits (ALGORITHMS.md §2).

A text of n canonical words has n − w + 1 shingles; shingle i covers words [i, i + w).
A text with fewer than w words (but at least one) gets a single shingle of all its words, so
two identical short texts still resemble each other. Fingerprints are a polynomial over the
words' BLAKE2b fingerprints modulo 2^64, finished with the splitmix64 mixer: stable across
runs, machines and Python versions. Memory: the fingerprints are computed a block of
:data:`_BLOCK` at a time into their array, and the distinct ones are sorted and compacted in
place (no copy of a document's shingles is ever made).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import pairwise

import numpy as np

_BASE = np.uint64(0x9E3779B97F4A7C15)
_INVERSE = np.uint64(pow(int(_BASE), -1, 1 << 64))
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31 = np.uint64(27), np.uint64(30), np.uint64(31)
_BLOCK = 1 << 16
"""Fingerprints computed and compacted at a time (a test shrinks it)."""


def shingles(hashes: np.ndarray, w: int) -> np.ndarray:
    """Fingerprints of the w-shingles of a sequence of word fingerprints, in text order.

    Element i is the fingerprint of words [i, i + w). Shorter sequences give one shingle.
    """
    n = len(hashes)
    if n == 0:
        return np.empty(0, dtype=np.uint64)
    w = min(w, n)
    if n <= _BLOCK:
        return _kgrams_by_prefix(hashes, (w,))[0]
    count = n - w + 1
    out = np.empty(count, dtype=np.uint64)
    scratch = np.empty(min(count, _BLOCK), dtype=np.uint64)
    for lo in range(0, count, _BLOCK):
        hi = min(lo + _BLOCK, count)
        acc = out[lo:hi]  # array arithmetic wraps mod 2^64 without a warning
        acc[:] = hashes[lo:hi]
        for j in range(1, w):
            acc *= _BASE
            acc += hashes[lo + j : hi + j]
        _mix(acc, scratch[: hi - lo])
    return out


def shingle_set(hashes: np.ndarray, w: int) -> np.ndarray:
    """The distinct shingle fingerprints, sorted (the set S(A) of §2)."""
    return distinct_in_place(shingles(hashes, w))


def kgram_set(hashes: np.ndarray, k: int) -> np.ndarray:
    """The distinct fingerprints of :func:`kgrams`, sorted."""
    return distinct_in_place(kgrams(hashes, k))


def distinct_in_place(values: np.ndarray) -> np.ndarray:
    """``copylens.core.arrays.distinct(values)``, made of ``values`` itself: sorted, compacted a
    block at a time and trimmed in place. ``values`` must be a temporary the caller owns
    (:func:`shingles`' result), never a view."""
    values.sort()
    if len(values) < 2:
        return values
    size, last = 1, values[0]
    for lo in range(1, len(values), _BLOCK):
        block = values[lo : lo + _BLOCK]  # not yet overwritten: size <= lo
        keep = np.empty(len(block), dtype=bool)
        keep[0] = block[0] != last
        np.not_equal(block[1:], block[:-1], out=keep[1:])
        last = block[-1]
        new = block[keep]
        values[size : size + len(new)] = new
        size += len(new)
    values.resize(size, refcheck=False)
    return values


def _mix(x: np.ndarray, scratch: np.ndarray) -> None:
    """splitmix64's finaliser of each element of the uint64 array ``x``, in place."""
    x ^= np.right_shift(x, _S30, out=scratch)
    x *= _M1
    x ^= np.right_shift(x, _S27, out=scratch)
    x *= _M2
    x ^= np.right_shift(x, _S31, out=scratch)


def kgrams_of(hashes: np.ndarray, sizes: Sequence[int]) -> list[np.ndarray]:
    """``[kgrams(hashes, k) for k in sizes]`` (``sizes`` ascending, at least 1), each array the
    same, made in one pass: the fingerprint of a run of k words is, before mixing, that of its
    first k - 1 words times the base plus its last word's, so the runs of the smaller sizes
    are the larger ones' steps, taken as they pass (issue 40: the read stage makes the
    shingles, the anchors and the seeds of every document, 10, 5 and 3 words by default; apart
    they took 30 array operations a block and three passes, together 18 and one)."""
    if any(b <= a for a, b in pairwise(sizes)) or (sizes and sizes[0] < 1):
        raise ValueError(f"Expecting sizes ascending from 1, got {list(sizes)}")
    n = len(hashes)
    if 0 < n <= _BLOCK:
        return _kgrams_by_prefix(hashes, sizes)
    outs = [np.empty(max(n - k + 1, 0), dtype=np.uint64) for k in sizes]
    count = n - sizes[0] + 1 if sizes else 0
    scratch = np.empty(min(max(count, 0), _BLOCK), dtype=np.uint64)
    for lo in range(0, count, _BLOCK):
        hi = min(lo + _BLOCK, count)
        acc = hashes[lo:hi].copy()  # acc[i]: the run of words lo + i ... lo + i + j, unmixed
        j = 1
        for k, out in zip(sizes, outs, strict=True):
            while j < k:  # only the runs that end inside the text move on
                m = min(hi, n - j) - lo
                if m <= 0:
                    break
                acc[:m] *= _BASE
                acc[:m] += hashes[lo + j : lo + j + m]
                j += 1
            done = min(hi, n - k + 1) - lo
            if done <= 0:
                continue
            out[lo : lo + done] = acc[:done]
            _mix(out[lo : lo + done], scratch[:done])
    return outs


def _kgrams_by_prefix(hashes: np.ndarray, sizes: Sequence[int]) -> list[np.ndarray]:
    """:func:`kgrams_of` of at most :data:`_BLOCK` words, with a number of array operations
    that does not grow with the sizes: with p[i] the sum of the first i words' fingerprints
    each times the inverse of the base to the power of its place (mod 2^64; the base is odd,
    so it has one), a run of k words from word i is, before mixing, (p[i + k] - p[i]) times
    the base to the power i + k - 1, the same sum of the words times the base to the powers
    k - 1 ... 0 that :func:`kgrams_of`'s steps make (issue 40: 16 array operations for the
    three sizes of the read stage where the steps took 45: 23 µs an essay against 35). The
    runs of every size are mixed at once, laid end to end, then copied out (each result an
    array of its own, as :func:`distinct_in_place` needs). Also :func:`shingles`' (one size)
    for a text of at most :data:`_BLOCK` words."""
    n = len(hashes)
    hashes = hashes.astype(np.uint64, copy=False)
    powers, inverses = _powers(n)
    prefix = np.empty(n + 1, dtype=np.uint64)
    prefix[0] = 0
    np.multiply(hashes, inverses[:n], out=prefix[1:])  # wraps mod 2^64, without a warning
    np.cumsum(prefix[1:], out=prefix[1:])
    counts = [max(n - k + 1, 0) for k in sizes]
    runs = np.empty(sum(counts), dtype=np.uint64)
    at = 0
    for k, count in zip(sizes, counts, strict=True):
        if count:
            run = runs[at : at + count]
            np.subtract(prefix[k:], prefix[:count], out=run)
            run *= powers[k - 1 : n]
            at += count
    _mix(runs, np.empty(len(runs), dtype=np.uint64))
    if len(counts) == 1:
        return [runs]
    ends = np.cumsum(counts).tolist()
    return [runs[end - count : end].copy() for end, count in zip(ends, counts, strict=True)]


@cache
def _powers(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The base to the powers 0 ... m - 1 mod 2^64 and its inverse's (m: ``n`` rounded up to a
    power of two, so that few are kept)."""
    size = 1 << max(n - 1, 0).bit_length()
    if size != n:
        return _powers(size)
    powers = np.full(size, _BASE, dtype=np.uint64)
    inverses = np.full(size, _INVERSE, dtype=np.uint64)
    powers[0] = inverses[0] = 1
    made = np.cumprod(powers), np.cumprod(inverses)
    for kept in made:
        kept.flags.writeable = False  # shared by every caller
    return made


def kgrams(hashes: np.ndarray, k: int) -> np.ndarray:
    """Fingerprints of every run of exactly k words (none for a text shorter than k)."""
    if len(hashes) < k:
        return np.empty(0, dtype=np.uint64)
    return shingles(hashes, k)
