"""Index: find candidate pairs through shared fingerprints, never comparing all with all.

An exact inverted index over fingerprints (sorted numpy arrays). Unlike MinHash-LSH at
threshold 0.5, it finds a pair that shares one pasted paragraph, because every shared
fingerprint counts. Fingerprints held by more than ``max_df`` documents are boilerplate and
ignored (Broder's clustering drops very common shingles the same way, ALGORITHMS.md §5).

:class:`CandidateIndex` is the small interface a persistent archive implements too
(``copylens.core.archive``: SQLite or PostgreSQL, its ``query`` over archived documents' ids).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np

from copylens.core.arrays import distinct, distinct_counts, ranges

R = TypeVar("R")

MAX_DF = 64
"""Anchor k-grams held by more documents than this are boilerplate for candidate search, in
memory and in an archive alike."""
MIN_SHARED_ANCHORS = 1
"""Every fragment holds a run of ``anchor_words`` matching words: one shared anchor k-gram."""


class CandidateIndex(Protocol):
    """Where a check finds its candidate sources: documents (by integer key) found by the
    fingerprints they share. :class:`MemoryIndex` and an archive (``copylens.core.archive``,
    keyed by archived documents' ids) implement it."""

    def query(self, fingerprints: np.ndarray, min_shared: int) -> dict[int, int]:
        """Indexed documents sharing at least ``min_shared`` distinct fingerprints (those held
        by more than :data:`MAX_DF` documents not counted): key → count."""
        ...


class MemoryIndex:
    """CandidateIndex in memory: one sorted array of fingerprints beside their document keys;
    ``add`` documents, then ``query`` one or ask for all ``pairs``."""

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
        hits = keys[ranges(left[keep], counts[keep])]
        found, shared = distinct_counts(hits)
        return {int(k): int(c) for k, c in zip(found, shared, strict=True) if c >= min_shared}

    def pairs(self, min_shared: int) -> dict[tuple[int, int], int]:
        values, keys = self._arrays()
        shared = shared_values(values, keys, self.max_df)
        keep = shared.count >= min_shared
        pairs = zip(shared.first[keep].tolist(), shared.second[keep].tolist(), strict=True)
        return dict(zip(pairs, shared.count[keep].tolist(), strict=True))

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._sorted is None:
            if not self._parts:
                return np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.int64)
            values = np.concatenate([v for v, _ in self._parts])
            keys = np.concatenate([k for _, k in self._parts])
            order = np.lexsort((keys, values))
            self._sorted = values[order], keys[order]
        return self._sorted


BUCKET_RECORDS = 1 << 22
"""Most (fingerprint, document) records :func:`buckets` hands out at a time, ~4 million: a
run's anchors are counted and paired a range of fingerprints at a time, so its peak memory for
them is a bucket's (~200 MB), not 40 bytes for each of a 100,000-essay run's 55 million."""


def buckets(
    arrays: Sequence[np.ndarray], size: int = BUCKET_RECORDS
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(values, owners): the values of ``arrays`` (each sorted, distinct, uint64; owner n is
    ``arrays[n]``) cut into ranges of value holding about ``size`` records each, one range at a
    time, each range's records in owner order, then value order. Every holder of a value is in
    its range, so what is counted per value (how many documents hold it, which pairs share it)
    may be counted a range at a time.

    Linear in the records. Ranges grow with the records, so the (document, range) pieces grow
    as documents²: while they average at least :data:`PIECE_RECORDS` records a range is
    gathered with one slice per piece (as many slices as records / 32 at most); past that,
    groups of ranges are gathered so and sorted by range (:func:`_counted`)."""
    sizes = np.array([len(a) for a in arrays], dtype=np.int64)
    records = int(sizes.sum())
    parts = max(1, -(-records // size))
    if parts == 1:
        values = np.concatenate(arrays) if len(arrays) else np.empty(0, dtype=np.uint64)
        yield values, np.repeat(np.arange(len(arrays), dtype=np.int64), sizes)
        return
    edges = np.array([(b << 64) // parts for b in range(1, parts)], dtype=np.uint64)
    if len(arrays) * parts * PIECE_RECORDS <= records:
        yield from _sliced(arrays, sizes, edges)
    else:
        yield from _counted(arrays, sizes, edges)


PIECE_RECORDS = 32
"""Fewest records the (document, range) pieces of :func:`buckets` average for it to gather a
range with one slice per piece (a slice costs about what counting 32 records does,
``bench/bench_buckets.py``); below, pieces are too many and it sorts the records by range."""


def _sliced(
    arrays: Sequence[np.ndarray], sizes: np.ndarray, edges: np.ndarray
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The ranges of :func:`buckets`, each gathered with one slice per document."""
    cuts = np.zeros((len(arrays), len(edges) + 2), dtype=np.int64)
    for n, values in enumerate(arrays):
        cuts[n, 1:-1] = np.searchsorted(values, edges)
    cuts[:, -1] = sizes
    owners = np.arange(len(arrays), dtype=np.int64)
    for b in range(len(edges) + 1):
        lo, hi = cuts[:, b].tolist(), cuts[:, b + 1].tolist()
        pieces = [a[i:j] for a, i, j in zip(arrays, lo, hi, strict=True)]
        yield np.concatenate(pieces), np.repeat(owners, cuts[:, b + 1] - cuts[:, b])


def _counted(
    arrays: Sequence[np.ndarray], sizes: np.ndarray, edges: np.ndarray
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The ranges of :func:`buckets` when (document, range) pieces are small: consecutive
    ranges are grouped so that a (document, group) piece averages :data:`PIECE_RECORDS`
    records, each group is gathered by :func:`_sliced` and cut into its ranges by a stable
    sort on the range (Cormen et al., *Introduction to Algorithms*, §8.2: a counting sort keeps
    each range's records in owner order, then value order), each record's range found by a
    division (:func:`_range_of`). Held at once beyond ``arrays``: one group's records and a
    table of documents × groups cuts."""
    parts = len(edges) + 1
    groups = max(1, int(sizes.sum()) // (len(arrays) * PIECE_RECORDS))
    firsts = distinct(np.linspace(0, parts, groups + 1).astype(np.int64))
    gathered = _sliced(arrays, sizes, edges[firsts[1:-1] - 1])
    for (values, owners), first, last in zip(gathered, firsts[:-1], firsts[1:], strict=True):
        at = _range_of(values, edges)
        order = np.argsort(at, kind="stable")
        ends = np.cumsum(np.bincount(at.astype(np.int64) - first, minlength=last - first))
        values, owners = values[order], owners[order]
        for lo, hi in itertools.pairwise([0, *ends.tolist()]):
            yield values[lo:hi], owners[lo:hi]


def _range_of(values: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """The range of each value: b where ``edges[b - 1] <= value < edges[b]`` (the first from 0,
    the last to 2**64), for the edges of :func:`buckets` (``edges[b - 1]`` = ⌊b·2⁶⁴/parts⌋),
    16 bits wide while the ranges fit. By division, not a binary search: with q = ⌊2⁶⁴/parts⌋,
    ``edges[b - 1]`` ≥ b·q, so value // q is the range or the next one (parts² ≪ 2⁶⁴), and one
    comparison with that range's first value settles it."""
    parts = len(edges) + 1
    starts = np.concatenate((np.zeros(1, dtype=np.uint64), edges))
    guess = np.minimum(values // np.uint64((1 << 64) // parts), np.uint64(parts - 1))
    guess = guess.astype(np.uint16 if parts <= 2**16 else np.int64)
    guess -= (values < starts[guess]).astype(guess.dtype)
    return guess


SPLIT_RECORDS = 1 << 19
"""Fewest records (about 500,000: 1,300 essays' anchors) :func:`each_bucket` counts on more
than one thread; below, the threads' start costs more than the half of the count they save."""


def each_bucket(
    arrays: Sequence[np.ndarray],
    count: Callable[[np.ndarray, np.ndarray], R],
    size: int = BUCKET_RECORDS,
    threads: int = 1,
) -> list[R]:
    """``count(values, owners)`` of each bucket of :func:`buckets`, in bucket order, on up to
    ``threads`` threads (issue 40): numpy's sorts and comparisons, most of a count, let go of
    the interpreter's lock, so two buckets are counted at once on two cores, where the process
    running ``compare`` counted them alone while the other core idled (the candidate pairs of
    10,000 essays: 0.23 s of its serial CPU). Across threads the buckets hold half the records
    each (``size`` // ``threads``, at least ``threads`` of them), one a thread in hand at a time
    (the next is cut once one is counted), so no more records are held at once than one
    bucket of ``size``. What is counted
    per value is the same in any cut into ranges (every holder of a value is in its range),
    so the results are the same as one thread's, bucket for value range.

    The threads are done when this returns: workers may fork from this process after it
    (:func:`copylens.core.pool.can_fork` wants no other thread)."""
    records = sum(len(a) for a in arrays)
    if threads < 2 or records < SPLIT_RECORDS:
        return [count(values, owners) for values, owners in buckets(arrays, size)]
    cut = max(1, min(size // threads, -(-records // threads)))
    out: list[R] = []
    running: deque[Future[R]] = deque()
    cuts = buckets(arrays, cut)
    with ThreadPoolExecutor(threads, thread_name_prefix="buckets") as pool:
        while True:
            if len(running) == threads:  # before the next bucket is cut: ``threads`` at most
                out.append(running.popleft().result())
            bucket = next(cuts, None)
            if bucket is None:
                break
            running.append(pool.submit(count, *bucket))
            del bucket
        out.extend(done.result() for done in running)
    return out


def pairs_sharing(
    arrays: Sequence[np.ndarray], max_df: int, size: int = BUCKET_RECORDS, threads: int = 1
) -> np.ndarray:
    """Pairs (i < j), as rows of a sorted (n, 2) array, of the owners of ``arrays`` (as
    :func:`buckets`) sharing a value held by at most ``max_df`` of them: ``MemoryIndex.pairs(1)``
    of the same arrays, counted a bucket at a time (on ``threads`` threads: :func:`each_bucket`)."""
    span = max(len(arrays), 1)

    def codes_of(values: np.ndarray, owners: np.ndarray) -> np.ndarray:
        shared = shared_values(values, owners, max_df)
        return shared.first * span + shared.second

    codes = each_bucket(arrays, codes_of, size, threads)
    found = distinct(np.concatenate(codes)) if codes else np.empty(0, dtype=np.int64)
    return np.stack((found // span, found % span), axis=1)


@dataclass(frozen=True, eq=False)
class Shared:
    """Pairs of documents (first < second) sharing sample values, and how many each shares."""

    first: np.ndarray
    second: np.ndarray
    count: np.ndarray

    def pairs(self, keep: np.ndarray) -> set[tuple[int, int]]:
        return set(zip(self.first[keep].tolist(), self.second[keep].tolist(), strict=True))


def shared_values(values: np.ndarray, owners: np.ndarray, max_df: int | None = None) -> Shared:
    """Broder's steps 2–3: sort the (value, owner) records by value, drop values held by more
    than ``max_df`` owners, and count, for every pair of owners, the values they share. Each
    owner must hold each value at most once (pass distinct samples). The one pair-counting step
    of the engine's index and of the catalogue's sample methods.

    The sort need not be stable: a pair is counted as (smaller owner, larger owner) whatever
    order a value's holders come in (:func:`_pair_codes`), and numpy's default sort is 2.5x
    faster than its stable one on a run's anchors (3.9 million records of 10,000 essays: 0.12
    against 0.30 s, serial in the process running ``compare``; issue 40)."""
    owners = np.asarray(owners, dtype=np.int64)
    if len(values) == 0:
        return _no_pairs()
    if np.any(values[1:] < values[:-1]):  # MemoryIndex passes them sorted already
        order = np.argsort(values)
        values, owners = values[order], owners[order]
    starts, sizes = held_runs(values, 2, len(values) if max_df is None else max_df)
    span = int(owners.max()) + 1
    codes = [_pair_codes(owners, at, g, span) for g, at in _by_size(starts, sizes)]
    if not codes:
        return _no_pairs()
    pairs, counts = distinct_counts(np.concatenate(codes))
    return Shared(pairs // span, pairs % span, counts)


def held_runs(values: np.ndarray, least: int, most: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each run of equal values of ``values`` (sorted) starts, and its length, for the
    runs of ``least`` (at least 2) to ``most`` values only (most of a run's anchor k-grams are
    held by one document: the runs kept are few). Found from one boolean per value (is it the
    next one), not from the start and length of every run as 64-bit integers, most of them
    runs of one (issue 40: the anchors of 1,000 essays, 390,000 values of 71,000 runs kept,
    in 1.6-1.9 ms against 4.2-5.9, four alternations, CPU of one process)."""
    if least < 2:
        raise ValueError(f"Expecting runs of at least 2 values, got {least}")
    same = np.empty(len(values) + 1, dtype=np.int8)  # value i equals value i - 1; 0 at both ends
    same[0] = same[-1] = 0
    np.equal(values[1:], values[:-1], out=same[1:-1].view(bool))
    edges = np.flatnonzero(np.diff(same))  # a run of equal neighbours starts, then ends
    starts = edges[::2]
    sizes = edges[1::2] + 1 - starts
    keep = (sizes >= least) & (sizes <= most)
    return starts[keep], sizes[keep]


def _by_size(starts: np.ndarray, sizes: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(size, the starts of the runs of that size) for each size of ``sizes``, ascending: one
    sort of the runs kept, not one pass over every run per size (the anchor k-grams of 10,000
    essays held by 2 to 64 of them have 54 sizes: 54 passes over 3.8 million runs, where this
    takes the candidate pairs from 0.33 to 0.27 s of the parent's serial CPU, issue 40)."""
    order = np.argsort(sizes, kind="stable")
    sizes, starts = sizes[order], starts[order]
    cuts = np.flatnonzero(np.diff(sizes)) + 1
    return [
        (int(sizes[lo]), starts[lo:hi])
        for lo, hi in zip([0, *cuts.tolist()], [*cuts.tolist(), len(sizes)], strict=True)
        if hi > lo
    ]


def _pair_codes(owners: np.ndarray, starts: np.ndarray, size: int, span: int) -> np.ndarray:
    """low·span + high for every pair of owners inside the groups of ``size`` records at
    ``starts``."""
    members = owners[starts[:, None] + np.arange(size)]
    i, j = np.triu_indices(size, 1)
    low = np.minimum(members[:, i], members[:, j])
    high = np.maximum(members[:, i], members[:, j])
    return (low * span + high).ravel()


def _no_pairs() -> Shared:
    empty = np.empty(0, dtype=np.int64)
    return Shared(empty, empty, empty)
