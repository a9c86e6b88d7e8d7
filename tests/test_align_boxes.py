"""The aligner's remembered word diff (issue 40): :func:`box_opcodes` answers what difflib
answers for the same two word sequences, first time and remembered, on awkward boxes."""

from __future__ import annotations

import difflib
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import align as align_module
from copylens.core.align import (
    Opcode,
    Seeds,
    _append,
    _boxes,
    _boxes_packed,
    _boxes_py,
    box_opcodes,
    chain_opcodes,
)

WORDS = st.sampled_from(["the", "cat", "sat", "on", "a", "mat", "", "кот", "the "])
SIDES = st.lists(WORDS, max_size=40).map(tuple)


def _difflib(x: tuple[str, ...], y: tuple[str, ...], autojunk: bool = False) -> list[Opcode]:
    return [
        tuple(op) for op in difflib.SequenceMatcher(None, x, y, autojunk=autojunk).get_opcodes()
    ]  # type: ignore[misc]


@given(SIDES, SIDES)
def test_a_box_is_diffed_as_difflib_diffs_it_first_time_and_remembered(
    x: tuple[str, ...], y: tuple[str, ...]
) -> None:
    align_module._BOXES.clear()
    first = box_opcodes(x, y)
    assert (x, y) in align_module._BOXES
    assert list(first) == _difflib(x, y)
    assert list(box_opcodes(x, y)) == _difflib(x, y)  # from the memo
    assert list(box_opcodes(tuple(x), tuple(y))) == _difflib(x, y)  # equal words, new tuples


def test_empty_sides_repeats_and_disjoint_words() -> None:
    cases = [
        ((), ()),
        (("a",), ()),
        ((), ("a", "b")),
        (("a", "a", "a"), ("a",)),
        (("a", "b") * 7, ("b", "a") * 6),
        (("x", "y", "z"), ("p", "q")),
        (("a", "b", "a", "b", "a"), ("b", "a", "b", "a", "b", "a")),
    ]
    for x, y in cases:
        for _ in range(2):  # computed, then remembered
            assert list(box_opcodes(x, y)) == _difflib(x, y), (x, y)


def test_long_boxes_keep_difflibs_answer_without_autojunk() -> None:
    # >= 200 items with a word on more than 1 % of them: autojunk would junk it and answer
    # otherwise; the aligner asks difflib without autojunk and so does the memo
    x = tuple(itertools.islice(itertools.cycle(["the", "cat", "sat", "on", "the", "mat"]), 260))
    y = tuple(w if n % 17 else "dog" for n, w in enumerate(x[3:]))
    assert len(x) >= 200 and len(y) >= 200
    assert _difflib(x, y, autojunk=True) != _difflib(x, y)  # the heuristic matters here
    for _ in range(2):
        assert list(box_opcodes(x, y)) == _difflib(x, y)


def test_a_full_memo_is_let_go_and_answers_stay_right() -> None:
    align_module._BOXES.clear()
    boxes = [((str(n), "a"), ("a", str(n + 1))) for n in range(align_module.BOXES_HELD + 5)]
    for x, y in boxes:
        box_opcodes(x, y)
    assert len(align_module._BOXES) <= align_module.BOXES_HELD
    for x, y in boxes[:10] + boxes[-10:]:
        assert list(box_opcodes(x, y)) == _difflib(x, y)


def _plain_chain_opcodes(
    fa: tuple[str, ...], fb: tuple[str, ...], seeds: list[tuple[int, int]], k: int
) -> list[Opcode]:
    """chain_opcodes with every box given to difflib afresh (the aligner before the memo)."""
    ops: list[Opcode] = []
    for (i0, j0), (i1, j1) in _boxes(seeds, k):
        if i1 - i0 == j1 - j0 and fa[i0:i1] == fb[j0:j1]:
            _append(ops, ("equal", i0, i1, j0, j1))
            continue
        for tag, x0, x1, y0, y1 in _difflib(fa[i0:i1], fb[j0:j1]):
            _append(ops, (tag, i0 + x0, i0 + x1, j0 + y0, j0 + y1))
    return ops


@settings(max_examples=200)
@given(
    st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=3, max_size=80).map(tuple),
    st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=3, max_size=80).map(tuple),
    st.integers(1, 3),
)
def test_a_chain_diffs_as_before_on_repetitive_text(
    fa: tuple[str, ...], fb: tuple[str, ...], k: int
) -> None:
    # the chain: every equal k-gram on increasing (i, j), as the aligner's chains run
    seeds: list[tuple[int, int]] = []
    for i in range(len(fa) - k + 1):
        for j in range(len(fb) - k + 1):
            if fa[i : i + k] == fb[j : j + k] and (
                not seeds or (i > seeds[-1][0] and j > seeds[-1][1])
            ):
                seeds.append((i, j))
                break
    if not seeds:
        return
    for _ in range(2):  # computed, then remembered
        assert chain_opcodes(fa, fb, seeds, k) == _plain_chain_opcodes(fa, fb, seeds, k)


def _chain(steps: list[tuple[int, int]], j0: int) -> list[tuple[int, int]]:
    seeds = [(0, j0)]
    for di, dj in steps:
        seeds.append((seeds[-1][0] + di, seeds[-1][1] + dj))
    return seeds


@settings(max_examples=200)
@given(
    st.lists(st.tuples(st.integers(1, 3), st.integers(1, 3)), min_size=63, max_size=300),
    st.integers(0, 2**31 - 400),
    st.integers(1, 5),
)
def test_long_chains_cut_into_the_same_boxes_packed_or_not(
    steps: list[tuple[int, int]], j0: int, k: int
) -> None:
    seeds = _chain(steps, j0)
    packed = Seeds(seeds)
    assert len(seeds) >= 64
    assert _boxes(packed, k) == _boxes(seeds, k) == _boxes_py(seeds, k)


@settings(max_examples=200)
@given(
    st.lists(st.tuples(st.integers(1, 3), st.integers(0, 3)), max_size=62),
    st.integers(0, 2**31 - 400),
    st.integers(1, 5),
)
def test_a_short_chains_boxes_are_cut_on_its_packed_seeds_as_on_its_pairs(
    steps: list[tuple[int, int]], j0: int, k: int
) -> None:
    seeds = _chain(steps, j0)
    packed = Seeds(seeds)
    assert _boxes_packed(packed.packed, k) == _boxes_py(seeds, k) == _boxes(packed, k)
