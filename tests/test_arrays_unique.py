"""``copylens.core.arrays``'s sort-based stand-ins for ``np.unique`` (issue 40) give exactly what
``np.unique`` gives, values, dtypes and shapes, on random integer arrays: empty ones, ones of
one value repeated, and ones of many repeats, in the integer dtypes the engine hands them."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from copylens.core.arrays import distinct, distinct_counts

DTYPES = st.sampled_from([np.uint64, np.int64, np.int32, np.uint32, np.intp])


@st.composite
def integers(draw: st.DrawFn) -> np.ndarray:
    """A one-dimensional integer array, often empty or short, its values drawn from a small
    pool (many repeats) or from the dtype's whole range (extremes included)."""
    dtype = np.dtype(draw(DTYPES))
    info = np.iinfo(dtype)
    pool = st.integers(0, 5) | st.integers(int(info.min), int(info.max))
    return draw(arrays(dtype, st.integers(0, 60), elements=pool))


def _same(ours: np.ndarray, theirs: np.ndarray) -> None:
    assert ours.dtype == theirs.dtype
    assert ours.shape == theirs.shape
    assert np.array_equal(ours, theirs)


@given(integers())
def test_distinct_is_np_unique(values: np.ndarray) -> None:
    _same(distinct(values), np.unique(values))


@given(integers())
def test_distinct_counts_is_np_unique_with_counts(values: np.ndarray) -> None:
    ours, theirs = distinct_counts(values), np.unique(values, return_counts=True)
    _same(ours[0], theirs[0])
    _same(ours[1], theirs[1])


def test_nothing_and_one_value_repeated() -> None:
    empty = np.empty(0, dtype=np.uint64)
    assert distinct(empty).dtype == np.uint64 and distinct(empty).shape == (0,)
    values, counts = distinct_counts(empty)
    assert values.dtype == np.uint64 and counts.dtype == np.intp and len(counts) == 0
    values, counts = distinct_counts(np.full(7, 9, dtype=np.uint64))
    assert values.tolist() == [9] and counts.tolist() == [7]
