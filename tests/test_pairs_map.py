"""``map_groups`` (core/pairs.py) on forked workers: the same results, in order, as in this
process, with only the groups' numbers handed out (issue 40: not their arrays)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import pool
from copylens.core.options import Options
from copylens.core.pairs import as_pairs, groups_of, map_groups


def _sums(a: int, others: list[int], options: Options) -> list[int]:
    return [a * 1000 + b for b in others]


@settings(max_examples=5, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=64, max_size=300))
def test_map_groups_on_workers_equals_the_groups_in_this_process(
    pairs: list[tuple[int, int]],
) -> None:
    docs = list(range(41))
    groups = groups_of(as_pairs(sorted(pairs)))
    options = Options(workers=2)
    handed: list[Any] = []
    real = pool.pool_map

    def spy(function: Any, items: Any, *extra: Any, workers: int) -> Any:
        handed.extend(items)
        return real(function, items, *extra, workers=workers)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pool, "pool_map", spy)
        got = list(map_groups(_sums, groups, docs, docs, options))
    assert got == [_sums(i, js.tolist(), options) for i, js in groups]
    if pool.can_fork():  # on workers: the groups' numbers alone were handed out
        assert handed == list(range(len(groups)))
        assert all(isinstance(n, int) and not isinstance(n, np.ndarray) for n in handed)
