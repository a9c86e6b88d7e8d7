"""The plain-Python steps of a pair of few seeds (issue 40) answer what the numpy steps do.

Each is held to the numpy path it stands in for (forced by setting its threshold to 0):
:meth:`copylens.core.align.Runs.of` and :meth:`~copylens.core.align.Runs.longest_within` on
runs kept as rows, :func:`copylens.core.align._chain_runs` (:func:`_chain_rows`),
:func:`copylens.core.align.drop_shadows` (:func:`_drop_few_shadows`) and
:func:`copylens.core.copies._zone_of` against :func:`copylens.core.copies._zone`, on
generated seeds (distinct, in the order (i, j), crowded on a few diagonals so runs, chains and
shadows form), and whole alignments and seed zones of tests/test_bound.py's generated pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from copylens.core import align as align_module
from copylens.core import copies
from copylens.core.align import Chains, Runs, _chain_runs, align, drop_shadows
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from tests.test_bound import pairs


@st.composite
def seeds(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    """Distinct seeds (i, j), sorted by i then j, as find_seeds gives them: stretches along a
    few diagonals (runs), with stray seeds between."""
    found: set[tuple[int, int]] = set()
    for _ in range(draw(st.integers(1, 8))):
        i, d, n = draw(st.integers(0, 120)), draw(st.integers(-20, 40)), draw(st.integers(1, 12))
        found.update((i + t, i + t - d) for t in range(n) if i + t - d >= 0)
    strays = st.tuples(st.integers(0, 150), st.integers(0, 150))
    found.update(draw(st.lists(strays, max_size=10)))
    if not found:
        found.add((0, 0))
    rows = sorted(found)
    return (
        np.array([i for i, _ in rows], dtype=np.int32),
        np.array([j for _, j in rows], dtype=np.int32),
    )


def _numpy_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(align_module, "FEW_SEEDS", 0)
    monkeypatch.setattr(align_module, "RUNS_AS_ROWS", 0)
    monkeypatch.setattr(align_module, "FEW_CHAINS", 0)
    monkeypatch.setattr(copies, "ZONE_SEEDS", -1)


def _same_runs(x: Runs, y: Runs) -> None:
    for name in ("start", "end", "diagonal", "reach"):
        p, q = getattr(x, name), getattr(y, name)
        assert p.dtype == q.dtype and np.array_equal(p, q), name


def _same_chains(x: Chains, y: Chains) -> None:
    assert x.packed.dtype == y.packed.dtype and np.array_equal(x.packed, y.packed)
    assert x.bounds.dtype == y.bounds.dtype and np.array_equal(x.bounds, y.bounds)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds(), st.integers(2, 5), st.sampled_from([0, 3, 6]), st.data())
def test_runs_chains_and_shadows_of_few_seeds_are_those_of_the_arrays(
    found: tuple[np.ndarray, np.ndarray], k: int, gap: int, data: st.DataObject
) -> None:
    seeds_i, seeds_j = found
    runs = Runs.of(seeds_i, seeds_j, k)
    chains = _chain_runs(runs, k, gap)
    n = int(seeds_i.max()) + k
    kept, shadows = drop_shadows(chains, k, n)
    with pytest.MonkeyPatch.context() as patch:
        _numpy_paths(patch)
        slow_runs = Runs.of(seeds_i, seeds_j, k)
        assert slow_runs.rows is None
        slow_chains = _chain_runs(slow_runs, k, gap)
        slow_kept, slow_shadows = drop_shadows(slow_chains, k, n)
        ranges = st.tuples(*[st.integers(-5, 200)] * 4)
        for a0, a1, b0, b1 in data.draw(st.lists(ranges, min_size=1, max_size=8)):
            assert runs.longest_within(a0, a1, b0, b1) == slow_runs.longest_within(a0, a1, b0, b1)
    assert len(seeds_i) > align_module.FEW_SEEDS or runs.rows is not None
    _same_runs(runs, slow_runs)
    _same_chains(chains, slow_chains)
    assert [list(c.seeds) for c in kept] == [list(c.seeds) for c in slow_kept]
    assert shadows.dtype == slow_shadows.dtype and np.array_equal(shadows, slow_shadows)
    assert shadows.shape[1:] == (4,)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 16), max_size=60).map(lambda steps: list(accumulate(steps))),
    st.integers(0, 320),
    st.integers(2, 5),
    st.sampled_from([0, 3, 6]),
)
def test_a_zone_found_in_python_is_the_zone_of_the_arrays(
    hits: list[int], n: int, k: int, gap: int
) -> None:
    hits = [h for h in hits if h < n]
    distinct = np.array(sorted(set(hits)), dtype=np.int64)
    assert np.array_equal(copies._zone_of(hits, n, k, gap), copies._zone(distinct, n, k, gap))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs(), st.sampled_from([1, 3, 8]), st.integers(2, 5), st.sampled_from([0, 3, 6]))
def test_alignments_and_zones_of_generated_pairs_are_those_of_the_numpy_paths(
    pair: tuple[Prepared, Prepared], repeats: int, k: int, gap: int
) -> None:
    options = Options(
        language="en", workers=1, paraphrase=False, seed_k=k, max_gap=gap, max_seed_repeats=repeats
    )
    for a, b in (pair, pair[::-1]):
        grams = (a.text_grams(k), b.text_grams(k))
        zones: list[tuple[np.ndarray, np.ndarray]] = []
        seeded = _zones_into(zones, a, b, options)
        fast = align(a.canonical, b.canonical, options, None, grams, seeded)
        with pytest.MonkeyPatch.context() as patch:
            _numpy_paths(patch)
            slow = align(a.canonical, b.canonical, options, None, grams, seeded)
        assert fast == slow
        assert all(np.array_equal(x, y) for x, y in zip(*zones, strict=True))


def _zones_into(
    zones: list[tuple[np.ndarray, np.ndarray]], a: Prepared, b: Prepared, options: Options
) -> Callable[[np.ndarray, np.ndarray], None]:
    def seeded(i: np.ndarray, j: np.ndarray) -> None:
        zones.append(copies.seed_zones_of(i, j, a, b, options))

    return seeded
