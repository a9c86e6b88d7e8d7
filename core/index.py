"""Index: find candidate pairs through shared fingerprints, never comparing all with all.

An exact inverted index over fingerprints (sorted numpy arrays). Unlike MinHash-LSH at
threshold 0.5, it finds a pair that shares one pasted paragraph, because every shared
fingerprint counts. Fingerprints held by more than ``max_df`` documents are boilerplate and
ignored (Broder's clustering drops very common shingles the same way, ALGORITHMS.md §5).

:class:`CandidateIndex` is the small interface a persistent archive (SQLite) implements too.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from core.arrays import distinct, distinct_counts


class CandidateIndex(Protocol):
    """Documents (by integer key) and their distinct fingerprints."""

    def add(self, key: int, fingerprints: np.ndarray) -> None:
        """Index a document's fingerprints (duplicates within it are ignored)."""

    def query(self, fingerprints: np.ndarray, min_shared: int) -> dict[int, int]:
        """Indexed documents sharing at least ``min_shared`` distinct fingerprints: key → count."""
        ...

    def pairs(self, min_shared: int) -> dict[tuple[int, int], int]:
        """Every pair (a < b) of indexed documents sharing at least ``min_shared`` fingerprints."""
        ...


class MemoryIndex:
    """CandidateIndex in memory: one sorted array of fingerprints beside their document keys."""

    def __init__(self, max_df: int = 50) -> None:
        if max_df < 2:
            raise ValueError(f"Expecting max_df of at least 2, got {max_df}")
        self.max_df = max_df
        self._parts: list[tuple[np.ndarray, np.ndarray]] = []
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None

    def __len__(self) -> int:
        return len(self._parts)

    def add(self, key: int, fingerprints: np.ndarray) -> None:
        values = distinct(np.asarray(fingerprints, dtype=np.uint64))
        self._parts.append((values, np.full(len(values), key, dtype=np.int64)))
        self._sorted = None

    def query(self, fingerprints: np.ndarray, min_shared: int) -> dict[int, int]:
        values, keys = self._arrays()
        query = distinct(np.asarray(fingerprints, dtype=np.uint64))
        left = np.searchsorted(values, query, side="left")
        right = np.searchsorted(values, query, side="right")
        counts = right - left
        keep = (counts > 0) & (counts <= self.max_df)
        hits = keys[_ranges(left[keep], counts[keep])]
        found, shared = distinct_counts(hits)
        return {int(k): int(c) for k, c in zip(found, shared, strict=True) if c >= min_shared}

    def pairs(self, min_shared: int) -> dict[tuple[int, int], int]:
        values, keys = self._arrays()
        starts, sizes = _groups(values)
        keep = (sizes >= 2) & (sizes <= self.max_df)
        codes = [
            _pair_codes(keys, starts[keep & (sizes == size)], int(size))
            for size in distinct(sizes[keep])
        ]
        if not codes:
            return {}
        found, shared = distinct_counts(np.concatenate(codes))
        width = np.int64(1 << 31)
        return {
            (int(code // width), int(code % width)): int(count)
            for code, count in zip(found, shared, strict=True)
            if count >= min_shared
        }

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._sorted is None:
            if not self._parts:
                return np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.int64)
            values = np.concatenate([v for v, _ in self._parts])
            keys = np.concatenate([k for _, k in self._parts])
            order = np.lexsort((keys, values))
            self._sorted = values[order], keys[order]
        return self._sorted


def _ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Concatenation of range(s, s + c) for each (s, c), vectorised."""
    if len(starts) == 0:
        return np.empty(0, dtype=np.int64)
    offsets = np.repeat(starts - np.cumsum(counts) + counts, counts)
    return offsets + np.arange(int(counts.sum()))


def _groups(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and size of each run of equal values in a sorted array."""
    if len(values) == 0:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])))
    sizes = np.diff(np.append(starts, len(values)))
    return starts, sizes


def _pair_codes(keys: np.ndarray, starts: np.ndarray, size: int) -> np.ndarray:
    """a * 2^31 + b for every pair of keys inside groups of ``size`` beginning at ``starts``."""
    codes = []
    for i in range(size):
        for j in range(i + 1, size):
            a, b = keys[starts + i], keys[starts + j]
            lo, hi = np.minimum(a, b), np.maximum(a, b)
            codes.append(lo * np.int64(1 << 31) + hi)
    return np.concatenate(codes)
