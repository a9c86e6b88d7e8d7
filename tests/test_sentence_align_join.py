"""The copy signal's join (core/sentence_align.py ``_join``, issue 40) in its cheaper forms
against the forms they replace, on generated inputs: a box's reach read from its units'
neighbours' bounds, :func:`_placed` by plain loops, :func:`_clipped` skipping an edge with
no word outside the alignments and weighing against words made a set on first use."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from copylens.core.sentence_align import (
    EDGE_SHARE,
    Units,
    _clipped,
    _placed,
    _reach,
    _words_once,
)


@st.composite
def units(draw: st.DrawFn, most: int = 12) -> Units:
    """A text's units: 1 to ``most`` units of 1 to 6 words each (bounds strictly rising,
    as :meth:`Units.of` and ``sentence_units`` make them)."""
    sizes = draw(st.lists(st.integers(1, 6), min_size=1, max_size=most))
    return Units(np.array([0, *np.cumsum(sizes).tolist()], dtype=np.int64))


def _word_range(draw: st.DrawFn, n: int) -> tuple[int, int]:
    w0 = draw(st.integers(0, n - 1))
    return w0, draw(st.integers(w0 + 1, n))


@given(units(), st.data())
def test_a_box_reach_is_its_words_reach(u: Units, data: st.DataObject) -> None:
    """_join's reach of a box of units [u0, u1): _reach of the box's words."""
    u0 = data.draw(st.integers(0, len(u) - 1))
    u1 = data.draw(st.integers(u0 + 1, len(u)))
    listed, last = u.listed, len(u.listed) - 1
    fast = listed[max(u0 - 1, 0)], listed[min(u1 + 1, last)]
    assert fast == _reach(listed[u0], listed[u1], u)


def _placed_before(group: list[tuple[int, int]], sim: Any, members: list[Any]) -> list[Any]:
    """_placed as it was (eb2db30): a comprehension and any() a seed."""
    kept = []
    bounds_a, bounds_b = sim.a.listed, sim.b.listed
    reach = [(f.a0, f.a1, *_reach(f.b0, f.b1, sim.b)) for f in members]
    for i, j in group:
        u0, u1 = bounds_a[i], bounds_a[i + 1]
        b0, b1 = bounds_b[j], bounds_b[j + 1]
        placing = [r for r in reach if 2 * (min(r[1], u1) - max(r[0], u0)) >= u1 - u0]
        if not placing or any(b0 < hi and lo < b1 for _, _, lo, hi in placing):
            kept.append((i, j))
    return kept or group


@given(units(), units(), st.data())
def test_placed_keeps_the_seeds_it_kept(a: Units, b: Units, data: st.DataObject) -> None:
    sim: Any = SimpleNamespace(a=a, b=b)
    seed = st.tuples(st.integers(0, len(a) - 1), st.integers(0, len(b) - 1))
    group = sorted(set(data.draw(st.lists(seed, min_size=1, max_size=20))))
    members = []
    for _ in range(data.draw(st.integers(1, 4))):
        a0, a1 = _word_range(data.draw, a.listed[-1])
        b0, b1 = _word_range(data.draw, b.listed[-1])
        members.append(SimpleNamespace(a0=a0, a1=a1, b0=b0, b1=b1))
    assert _placed(group, sim, members) == _placed_before(group, sim, members)


def _clipped_before(
    forms: tuple[str, ...], u: Units, lo: int, hi: int, m0: int, m1: int, other: set[str]
) -> tuple[int, int]:
    """_clipped as it was (eb2db30): both edges walked, ``other`` a set made beforehand."""

    def kept(w0: int, w1: int) -> bool:
        part = forms[w0:w1]
        return bool(part) and EDGE_SHARE * len(part) <= sum(f in other for f in part)

    start = m0
    for k in range(u.of_word(lo), u.of_word(m0) + 1):
        w0, w1 = max(int(u.bounds[k]), lo), min(int(u.bounds[k + 1]), m0)
        if w0 < w1 and kept(w0, w1):
            start = w0
            break
    end = m1
    for k in range(u.of_word(max(hi - 1, 0)), u.of_word(max(m1 - 1, 0)) - 1, -1):
        w0, w1 = max(int(u.bounds[k]), m1), min(int(u.bounds[k + 1]), hi)
        if w0 < w1 and kept(w0, w1):
            end = w1
            break
    return min(start, m0), max(end, m1)


WORDS = st.sampled_from(["the", "cat", "sat", "on", "a", "mat", "dog", "ran"])


@given(units(most=20), st.data())
def test_clipped_clips_as_it_did(u: Units, data: st.DataObject) -> None:
    """The same range whatever the edges (none outside the alignments, as most of the copy
    signal's, or some), and the other side's words made a set only when a unit is weighed."""
    n = u.listed[-1]
    forms = tuple(data.draw(st.lists(WORDS, min_size=n, max_size=n)))
    other_forms = tuple(data.draw(st.lists(WORDS, min_size=1, max_size=30)))
    m0, m1 = _word_range(data.draw, n)
    lo = data.draw(st.one_of(st.just(m0), st.integers(0, m0)))
    hi = data.draw(st.one_of(st.just(m1), st.integers(m1, n)))
    asked = []

    def other() -> frozenset[str]:
        asked.append(True)
        return _words_once(other_forms, 0, len(other_forms))()

    expected = _clipped_before(forms, u, lo, hi, m0, m1, set(other_forms))
    assert _clipped(forms, u, lo, hi, m0, m1, other) == expected
    if lo == m0 and hi == m1:
        assert not asked  # nothing outside the alignments: no set made


def test_words_once_makes_the_set_once() -> None:
    words = _words_once(("a", "b", "a", "c"), 1, 4)
    first = words()
    assert first == frozenset({"b", "a", "c"})
    assert words() is first
