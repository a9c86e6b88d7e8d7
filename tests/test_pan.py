"""The PAN measures (bench/pan.py) on hand-computed cases (Potthast et al., COLING 2010)."""

from __future__ import annotations

import math

import pytest

from bench.pan import (
    Annotation,
    covered,
    detects,
    evaluate,
    granularity,
    macro_precision,
    macro_recall,
    union_length,
)


def ann(s0: int, s1: int, r0: int, r1: int, susp: str = "s1", src: str = "r1") -> Annotation:
    return Annotation(susp, s0, s1, src, r0, r1)


CASE = ann(0, 100, 0, 100)


def test_perfect_detection_scores_one_everywhere() -> None:
    scores = evaluate([CASE], [CASE])
    assert (scores.precision, scores.recall, scores.granularity, scores.plagdet) == (1, 1, 1, 1)
    assert scores.detected_cases == 1


def test_case_split_in_two_detections_has_granularity_two() -> None:
    halves = [ann(0, 50, 0, 50), ann(50, 100, 50, 100)]
    scores = evaluate([CASE], halves)
    assert scores.precision == 1 and scores.recall == 1
    assert scores.granularity == 2
    assert scores.plagdet == pytest.approx(1 / math.log2(3))


def test_half_covered_case_has_recall_half() -> None:
    scores = evaluate([CASE], [ann(0, 50, 0, 50)])
    assert scores.recall == pytest.approx(0.5)  # 100 of 200 characters, both sides
    assert scores.precision == 1 and scores.granularity == 1
    assert scores.plagdet == pytest.approx(2 / 3)


def test_detection_on_a_clean_pair_counts_against_precision() -> None:
    clean = ann(0, 80, 0, 80, susp="s2", src="r2")
    scores = evaluate([CASE], [CASE, clean])
    assert scores.precision == pytest.approx(0.5)  # (1 + 0) / 2 detections
    assert scores.recall == 1
    assert scores.plagdet == pytest.approx(2 / 3)
    # a collection of clean pairs only: any detection gives precision 0
    assert macro_precision([], [clean]) == 0


def test_no_detections_reference_script_convention() -> None:
    scores = evaluate([CASE], [])
    assert scores.recall == 0
    assert scores.precision == 0  # one of S, R empty → 0 (webis reference script)
    assert scores.granularity == 1 and scores.plagdet == 0
    both_empty = evaluate([], [])
    assert (both_empty.precision, both_empty.recall, both_empty.plagdet) == (1, 1, 1)


def test_both_sides_must_overlap() -> None:
    only_suspicious = ann(0, 100, 200, 300)
    assert not detects(only_suspicious, CASE)
    scores = evaluate([CASE], [only_suspicious])
    assert scores.recall == 0 and scores.precision == 0 and scores.detected_cases == 0
    other_documents = ann(0, 100, 0, 100, src="r9")
    assert not detects(other_documents, CASE)


def test_characters_are_counted_on_both_sides() -> None:
    case = ann(10, 110, 0, 60)  # |s| = 100 + 60
    det = ann(60, 160, 30, 60)  # |r| = 100 + 30; overlap 50 + 30
    assert covered(case, [det]) == 80
    assert macro_recall([case], [det]) == pytest.approx(80 / 160)
    assert macro_precision([case], [det]) == pytest.approx(80 / 130)


def test_overlapping_detections_count_characters_once() -> None:
    assert macro_recall([CASE], [CASE, CASE]) == 1
    assert granularity([CASE], [CASE, CASE]) == 2
    two_cases = [ann(0, 40, 0, 40), ann(60, 100, 60, 100)]
    wide = ann(0, 100, 0, 100)
    # the detection covers both cases: 160 of its 200 characters are plagiarised
    assert macro_precision(two_cases, [wide]) == pytest.approx(160 / 200)
    assert granularity(two_cases, [wide]) == 1


def test_granularity_ignores_undetected_cases() -> None:
    cases = [CASE, ann(0, 100, 0, 100, susp="s2")]
    assert granularity(cases, [ann(0, 50, 0, 50), ann(50, 100, 50, 100)]) == 2


def test_union_length() -> None:
    assert union_length([]) == 0
    assert union_length([(0, 10), (5, 15), (20, 25), (3, 3)]) == 20
    assert union_length([(5, 15), (0, 10), (10, 12)]) == 15


def test_bad_spans_are_refused() -> None:
    with pytest.raises(ValueError):
        ann(10, 5, 0, 1)
