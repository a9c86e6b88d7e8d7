"""Index stage: exact inverted index over fingerprints."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.index import MemoryIndex, buckets, pairs_sharing


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
