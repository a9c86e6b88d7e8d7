"""Index stage: exact inverted index over fingerprints."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import index
from copylens.core.ignore import common_phrases, held_by_many
from copylens.core.index import (
    PIECE_RECORDS,
    MemoryIndex,
    _by_size,
    _range_of,
    buckets,
    each_bucket,
    held_runs,
    pairs_sharing,
    shared_values,
)
from copylens.core.options import Options


def arr(*values: int) -> np.ndarray:
    return np.array(values, dtype=np.uint64)


def test_query_counts_distinct_shared_fingerprints() -> None:
    index = MemoryIndex()
    index.add(0, arr(1, 2, 3, 4))
    index.add(1, arr(3, 4, 5, 5, 5))
    index.add(2, arr(9))
    assert index.query(arr(3, 4, 4, 9), min_shared=1) == {0: 2, 1: 2, 2: 1}
    assert index.query(arr(3, 4, 9), min_shared=2) == {0: 2, 1: 2}
    assert index.query(arr(100), min_shared=1) == {}


def test_pairs_is_the_self_join() -> None:
    index = MemoryIndex()
    for key, values in enumerate([arr(1, 2, 3), arr(2, 3, 4), arr(3, 7), arr(8)]):
        index.add(key, values)
    assert index.pairs(min_shared=1) == {(0, 1): 2, (0, 2): 1, (1, 2): 1}
    assert index.pairs(min_shared=2) == {(0, 1): 2}


def test_boilerplate_fingerprints_are_ignored() -> None:
    index = MemoryIndex(max_df=3)
    for key in range(5):
        index.add(key, arr(42, 100 + key))
    index.add(5, arr(101))
    assert index.pairs(min_shared=1) == {(1, 5): 1}
    assert index.query(arr(42, 101), min_shared=1) == {1: 1, 5: 1}


def test_a_pasted_paragraph_is_found_where_lsh_would_miss_it() -> None:
    rng = np.random.default_rng(0)
    essay, other = rng.integers(0, 2**63, (2, 600), dtype=np.uint64)
    mixed = np.concatenate([other[:540], essay[100:160]])  # 10 % pasted
    index = MemoryIndex()
    index.add(0, essay)
    assert index.query(mixed, min_shared=2) == {0: 60}


def test_invalid_max_df_is_refused_with_the_number() -> None:
    with pytest.raises(ValueError, match="got 1"):
        MemoryIndex(max_df=1)


fingerprint_sets = st.lists(
    st.sets(st.integers(0, 2**64 - 1) | st.sampled_from([5, 2**63, 2**64 - 1]), max_size=12),
    max_size=9,
)


@settings(max_examples=200, deadline=None)
@given(sets=fingerprint_sets, size=st.integers(1, 20), max_df=st.integers(2, 5))
def test_pairs_counted_a_bucket_at_a_time_are_the_self_join(
    sets: list[set[int]], size: int, max_df: int
) -> None:
    """A large run pairs its documents a range of fingerprints at a time; whatever the range
    size, the pairs are those of the index holding everything at once."""
    arrays = [np.array(sorted(s), dtype=np.uint64) for s in sets]
    index = MemoryIndex(max_df=max_df)
    for key, values in enumerate(arrays):
        index.add(key, values)
    found = pairs_sharing(arrays, max_df, size)
    assert [tuple(p) for p in found.tolist()] == sorted(index.pairs(min_shared=1))


@settings(max_examples=100, deadline=None)
@given(
    sets=fingerprint_sets,
    size=st.integers(1, 20),
    max_df=st.integers(2, 5),
    threads=st.integers(2, 3),
)
def test_pairs_counted_on_threads_are_the_self_join(
    sets: list[set[int]], size: int, max_df: int, threads: int
) -> None:
    """The buckets counted on several threads (:func:`each_bucket`, here from the first record
    on) give the pairs of the index holding everything at once, and no thread is left
    running: the pair workers fork from this process next."""
    arrays = [np.array(sorted(s), dtype=np.uint64) for s in sets]
    index_ = MemoryIndex(max_df=max_df)
    for key, values in enumerate(arrays):
        index_.add(key, values)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index, "SPLIT_RECORDS", 0)
        found = pairs_sharing(arrays, max_df, size, threads=threads)
    assert [tuple(p) for p in found.tolist()] == sorted(index_.pairs(min_shared=1))
    assert not _bucket_threads()


def test_each_bucket_keeps_bucket_order_and_cuts_for_the_threads() -> None:
    """Results come in bucket (value range) order; on two threads the records are cut in at
    least two buckets of about half the records, so both threads count at once; below
    :data:`SPLIT_RECORDS` records, one thread counts them as before."""
    rng = np.random.default_rng(7)
    arrays = [np.unique(rng.integers(0, 2**64 - 1, 3000, dtype=np.uint64)) for _ in range(200)]
    records = sum(len(a) for a in arrays)
    assert records >= index.SPLIT_RECORDS

    def lowest(values: np.ndarray, owners: np.ndarray) -> tuple[int, int, int]:
        return int(values.min()), int(values.max()), len(values)

    one = each_bucket(arrays, lowest, size=records)
    two = each_bucket(arrays, lowest, size=records, threads=2)
    assert len(one) == 1 and len(two) >= 2
    assert all(n < 0.6 * records for _, _, n in two)  # ranges of value: about half each
    assert [lo for lo, _, _ in two] == sorted(lo for lo, _, _ in two)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(two))
    assert sum(n for _, _, n in two) == records
    small = arrays[:10]
    assert len(each_bucket(small, lowest, size=10**9, threads=2)) == 1  # under SPLIT_RECORDS


def test_a_failing_count_on_a_thread_is_raised_here_and_no_thread_is_left() -> None:
    """An exception in one bucket's count (a MemoryError, a bug) reaches the caller as it
    would on one thread, after the other threads are done: the run stops cleanly and a
    later pool may still fork."""
    rng = np.random.default_rng(5)
    arrays = [np.unique(rng.integers(0, 2**64 - 1, 100, dtype=np.uint64)) for _ in range(50)]
    seen: list[int] = []

    def failing(values: np.ndarray, owners: np.ndarray) -> int:
        seen.append(len(values))
        if len(seen) == 2:
            raise ValueError("the second bucket")
        return len(values)

    with pytest.MonkeyPatch.context() as patch, pytest.raises(ValueError, match="second"):
        patch.setattr(index, "SPLIT_RECORDS", 0)
        each_bucket(arrays, failing, size=1000, threads=2)
    assert not _bucket_threads()


def test_common_phrases_on_threads_are_the_same() -> None:
    """The common phrases counted on two threads are those counted on one, in order."""
    from copylens.core.options import Options

    rng = np.random.default_rng(3)
    common = rng.integers(0, 2**64 - 1, 40, dtype=np.uint64)
    arrays = [
        np.unique(
            np.concatenate(
                (rng.integers(0, 2**64 - 1, 2500, dtype=np.uint64), common[: 1 + n % 40])
            )
        )
        for n in range(300)
    ]
    options = Options().validated()
    alone = common_phrases(arrays, options)
    assert len(alone) > 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index, "SPLIT_RECORDS", 0)
        together = common_phrases(arrays, options, threads=2)
    assert together.tobytes() == alone.tobytes()


@settings(max_examples=200, deadline=None)
@given(
    sets=st.lists(st.sets(st.integers(0, 6), max_size=5), max_size=8),
    max_df=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
)
def test_shared_values_counts_every_pair_in_any_record_order(
    sets: list[set[int]], max_df: int, seed: int
) -> None:
    """Records in any order (the sort is not stable: a value's holders may come in any order)
    give each pair of owners its count of shared values held by at most ``max_df`` owners."""
    records = [(value, owner) for owner, s in enumerate(sets) for value in s]
    np.random.default_rng(seed).shuffle(records)
    values = np.array([v for v, _ in records], dtype=np.uint64)
    owners = np.array([o for _, o in records], dtype=np.int64)
    shared = shared_values(values, owners, max_df)
    holders = {v: [o for o, s in enumerate(sets) if v in s] for v in set().union(*sets)}
    expected: dict[tuple[int, int], int] = {}
    for held_by in holders.values():
        if len(held_by) <= max_df:
            for n, i in enumerate(held_by):
                for j in held_by[n + 1 :]:
                    expected[i, j] = expected.get((i, j), 0) + 1
    found = zip(shared.first.tolist(), shared.second.tolist(), shared.count.tolist(), strict=True)
    assert {(i, j): c for i, j, c in found} == expected


@settings(max_examples=200, deadline=None)
@given(sets=fingerprint_sets, size=st.integers(1, 20))
def test_every_holder_of_a_value_is_in_its_bucket(sets: list[set[int]], size: int) -> None:
    arrays = [np.array(sorted(s), dtype=np.uint64) for s in sets]
    holders: dict[int, set[int]] = {}
    bucket_of: dict[int, int] = {}
    for b, (values, owners) in enumerate(buckets(arrays, size)):
        for value, owner in zip(values.tolist(), owners.tolist(), strict=True):
            assert bucket_of.setdefault(value, b) == b  # one bucket per value
            holders.setdefault(value, set()).add(owner)
    assert holders == {v: {n for n, s in enumerate(sets) if v in s} for s in sets for v in s}


def _buckets_before(arrays: list[np.ndarray], size: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """``buckets`` as it was before it was made linear (a slice per document and range)."""
    sizes = np.array([len(a) for a in arrays], dtype=np.int64)
    parts = max(1, -(-int(sizes.sum()) // size))
    if parts == 1:
        values = np.concatenate(arrays) if len(arrays) else np.empty(0, dtype=np.uint64)
        yield values, np.repeat(np.arange(len(arrays), dtype=np.int64), sizes)
        return
    edges = np.array([(b << 64) // parts for b in range(1, parts)], dtype=np.uint64)
    cuts = np.zeros((len(arrays), parts + 1), dtype=np.int64)
    for n, values in enumerate(arrays):
        cuts[n, 1:-1] = np.searchsorted(values, edges)
    cuts[:, -1] = sizes
    for b in range(parts):
        lo, hi = cuts[:, b].tolist(), cuts[:, b + 1].tolist()
        pieces = [a[i:j] for a, i, j in zip(arrays, lo, hi, strict=True)]
        owners = np.repeat(np.arange(len(arrays), dtype=np.int64), cuts[:, b + 1] - cuts[:, b])
        yield np.concatenate(pieces), owners


wide_sets = st.lists(
    st.sets(st.integers(0, 2**64 - 1) | st.sampled_from([0, 5, 2**63, 2**64 - 1]), max_size=40),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(sets=wide_sets, size=st.integers(1, 50))
def test_buckets_are_those_of_the_slice_per_document_code(sets: list[set[int]], size: int) -> None:
    """The linear ``buckets`` hands out the same ranges, in the same order, with the same
    values and owners in the same order and dtypes, as the code that sliced every document
    once per range (the edges of ranges included: 0, 2**63, 2**64 - 1)."""
    arrays = [np.array(sorted(s), dtype=np.uint64) for s in sets]
    got = list(buckets(arrays, size))
    want = list(_buckets_before(arrays, size))
    assert len(got) == len(want)
    for (values, owners), (old_values, old_owners) in zip(got, want, strict=True):
        assert values.dtype == old_values.dtype and owners.dtype == old_owners.dtype
        assert values.tolist() == old_values.tolist()
        assert owners.tolist() == old_owners.tolist()


def test_a_document_longer_than_a_bucket_is_cut_across_ranges() -> None:
    """One document of 1,000 values with buckets of 10: a hundred ranges, each the values of
    its range in order, nothing lost or repeated."""
    rng = np.random.default_rng(7)
    big = np.unique(rng.integers(0, 2**63, 1000, dtype=np.uint64) * np.uint64(2))
    small = big[::50].copy()
    found = list(buckets([small, big, np.empty(0, dtype=np.uint64)], 10))
    assert len(found) == -(-(len(big) + len(small)) // 10)
    joined = np.concatenate([v for v, _ in found])
    owners = np.concatenate([o for _, o in found])
    assert sorted(joined[owners == 1].tolist()) == big.tolist()
    assert sorted(joined[owners == 0].tolist()) == small.tolist()
    for values, owners in found:
        for n in (0, 1):
            mine = values[owners == n]
            assert np.all(mine[1:] > mine[:-1])


@pytest.mark.parametrize(
    ("docs", "per", "size", "sliced"),
    [(3, 200, 300, True), (40, 300, 2000, True), (50, 20, 50, False), (400, 30, 500, False)],
)
def test_both_ways_of_cutting_ranges_give_the_old_ranges(
    docs: int, per: int, size: int, sliced: bool
) -> None:
    """Large pieces (≥ PIECE_RECORDS records a document and range) are sliced, small ones
    counted by range; either way the ranges are those of the code before, value for value."""
    rng = np.random.default_rng(docs * per)
    arrays = [np.unique(rng.integers(0, 2**64 - 1, per, dtype=np.uint64)) for _ in range(docs)]
    records = sum(len(a) for a in arrays)
    parts = -(-records // size)
    assert parts > 1 and (docs * parts * PIECE_RECORDS <= records) == sliced
    got = list(buckets(arrays, size))
    want = list(_buckets_before(arrays, size))
    assert len(got) == len(want) == parts
    for (values, owners), (old_values, old_owners) in zip(got, want, strict=True):
        assert values.dtype == old_values.dtype and owners.dtype == old_owners.dtype
        assert np.array_equal(values, old_values) and np.array_equal(owners, old_owners)


@settings(max_examples=300, deadline=None)
@given(
    parts=st.integers(2, 70_000),
    picks=st.lists(st.integers(0, 69_999), max_size=20),
    shifts=st.lists(st.sampled_from([-1, 0, 1]), min_size=20, max_size=20),
    others=st.lists(st.integers(0, 2**64 - 1), max_size=20),
)
def test_a_value_s_range_by_division_is_that_of_a_binary_search(
    parts: int, picks: list[int], shifts: list[int], others: list[int]
) -> None:
    """Ranges found by dividing by ⌊2⁶⁴/parts⌋ and one comparison are those of a binary search
    of the edges, at the edges themselves, one either side of them, and anywhere."""
    edges = np.array([(b << 64) // parts for b in range(1, parts)], dtype=np.uint64)
    near = [
        min(max(int(edges[p % len(edges)]) + d, 0), 2**64 - 1)
        for p, d in zip(picks, shifts, strict=False)
    ]
    values = np.array([*near, *others, 0, 2**64 - 1], dtype=np.uint64)
    want = np.searchsorted(edges, values, side="right")
    assert _range_of(values, edges).tolist() == want.tolist()


@settings(max_examples=200, deadline=None)
@given(sizes=st.lists(st.integers(2, 9), max_size=40))
def test_runs_grouped_by_size_are_those_each_size_selects(sizes: list[int]) -> None:
    """The runs of each size, found by one sort of the runs (issue 40), are those a pass per
    size selects, in the same order, and every size held comes once, ascending."""
    starts = np.cumsum([0, *sizes])[:-1].astype(np.int64)
    held = np.array(sizes, dtype=np.int64)
    grouped = _by_size(starts, held)
    assert [g for g, _ in grouped] == sorted(set(sizes))
    for g, at in grouped:
        assert at.tolist() == starts[held == g].tolist()


def test_compare_counting_on_threads_reports_the_same_and_still_forks() -> None:
    """Issue 40: ``compare`` counts the run's anchors on its workers' number of threads (from
    :data:`SPLIT_RECORDS` records on; here from the first); its report is the one counted on
    one thread, and the pair workers still fork after (no thread is left behind)."""
    import random

    from copylens.core import TextInput, compare
    from copylens.core.options import Options

    rng = random.Random(12)
    words = [f"w{n}" for n in range(400)]
    passages = [" ".join(rng.choice(words) for _ in range(40)) + "." for _ in range(6)]
    phrase = "Every essay of the seminar quotes this one sentence about the library rules."
    docs = [
        TextInput(
            f"d{n}",
            " ".join(rng.choice(words) for _ in range(120))
            + f". {passages[n % 6]} {phrase if n % 2 else ''}",
        )
        for n in range(36)
    ]  # 6 groups of 6 sharing a passage; half share a common phrase

    def report(threads_from: int) -> list[tuple[str, str, float, float, int]]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(index, "SPLIT_RECORDS", threads_from)
            found = compare(docs, Options(workers=2))
        assert not _bucket_threads()
        return [
            (p.a, p.b, p.containment_ab, p.containment_ba, len(p.fragments)) for p in found.pairs
        ]

    alone = report(1 << 40)
    assert len(alone) >= 6 * 15 // 2
    assert report(0) == alone


def _bucket_threads() -> list[threading.Thread]:
    """The threads :func:`each_bucket` started that are still alive (other tests of the session
    may leave threads of their own, so the count of all threads says nothing)."""
    return [t for t in threading.enumerate() if t.name.startswith("buckets")]


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.integers(0, 9), max_size=60),
    least=st.integers(2, 6),
    most=st.integers(2, 70),
)
def test_held_runs_are_the_runs_of_equal_values_of_each_length_kept(
    values: list[int], least: int, most: int
) -> None:
    """The runs :func:`held_runs` finds from a boolean per value (issue 40) are those the
    start and length of every run select: ``least`` to ``most`` equal values, in order, also
    at either end and for no values at all."""
    ordered = np.sort(np.array(values, dtype=np.uint64))
    new = np.concatenate(([True], ordered[1:] != ordered[:-1]))
    every = np.flatnonzero(new)
    lengths = np.diff(every, append=len(ordered))
    keep = (lengths >= least) & (lengths <= most)
    starts, sizes = held_runs(ordered, least, most)
    assert starts.tolist() == every[keep].tolist() and sizes.tolist() == lengths[keep].tolist()


@settings(max_examples=300, deadline=None)
@given(
    sets=st.lists(st.sets(st.integers(0, 8), max_size=6), min_size=10, max_size=30),
    share=st.sampled_from([0.0, 0.1, 0.3, 0.5, 0.55, 0.9]),
)
def test_common_phrases_are_the_values_held_more_often_than_the_limit(
    sets: list[set[int]], share: float
) -> None:
    """:func:`held_by_many` keeps the values held by more than ``max_df_share`` of the
    documents and by at least 3 (its count by runs of equal values, issue 40, against the
    count of each value)."""
    options = Options(max_df_share=share).validated()
    anchors = np.array([v for s in sets for v in s], dtype=np.uint64)
    values, counts = np.unique(anchors, return_counts=True)
    limit = max(share * len(sets), 2)
    assert held_by_many(anchors, len(sets), options).tolist() == values[counts > limit].tolist()
