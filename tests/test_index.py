"""Index stage: exact inverted index over fingerprints."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.core.index import MemoryIndex


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
