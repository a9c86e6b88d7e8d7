"""``copylens.core.arrays``'s sort-based stand-ins for ``np.unique`` (issue 40) give exactly what
``np.unique`` gives, values, dtypes and shapes, on random integer arrays: empty ones, ones of
one value repeated, and ones of many repeats, in every integer dtype the engine hands them."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from copylens.core.arrays import distinct, distinct_counts, distinct_inverse

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


@given(integers())
def test_distinct_inverse_is_np_unique_with_inverse(values: np.ndarray) -> None:
    ours, theirs = distinct_inverse(values), np.unique(values, return_inverse=True)
    _same(ours[0], theirs[0])
    _same(ours[1], theirs[1])
    _same(ours[0][ours[1]], values)


def test_distinct_inverse_of_nothing_and_of_one_value_repeated() -> None:
    empty = distinct_inverse(np.empty(0, dtype=np.uint64))
    assert empty[0].dtype == np.uint64 and empty[0].shape == (0,)
    assert empty[1].dtype == np.intp and empty[1].shape == (0,)
    values, inverse = distinct_inverse(np.full(7, 9, dtype=np.int32))
    assert values.tolist() == [9] and inverse.tolist() == [0] * 7
