"""Options declared once: every field's Spec carries its default, range or choices and words."""

from __future__ import annotations

from dataclasses import fields

import pytest

from copylens.core.errors import OptionsError
from copylens.core.options import STUDY_OPTIONS, Options, specs


def test_every_field_has_a_spec_with_its_own_default() -> None:
    declared = specs()
    assert list(declared) == [f.name for f in fields(Options)]
    for name, spec in declared.items():
        assert spec.default == getattr(Options(), name)
        assert spec.kind is type(getattr(Options(), name))
        assert spec.label and spec.help
        if spec.kind in (int, float):
            assert spec.low is not None and spec.high is not None
            assert spec.low <= spec.default <= spec.high
        if spec.kind is str:
            assert spec.default in spec.choices


def test_problems_name_options_as_the_front_end_does() -> None:
    bad = Options(shingle=50, language="xx", seed_k=6, anchor_words=5)
    with pytest.raises(OptionsError) as plain:
        bad.validated()
    assert plain.value.problems == (
        "shingle must be 3..20, got 50",
        "language must be one of auto, ru, uk, en, de, fr, es, it, pt, nl, sv, pl, got 'xx'",
        "anchor_words must be at least seed_k (6), got 5",
    )
    with pytest.raises(OptionsError) as named:
        bad.validated(name=lambda field: specs()[field].label)
    assert named.value.problems[0] == "Words per shingle must be 3..20, got 50"
    assert named.value.problems[2] == (
        "Words that must match in a row must be at least Words per matching piece (6), got 5"
    )


def test_study_options_are_the_engines_with_short_words_dropped() -> None:
    changed = {f.name for f in fields(Options) if getattr(STUDY_OPTIONS, f.name) != f.default}
    assert changed == {"drop_short"} and STUDY_OPTIONS.drop_short
    assert STUDY_OPTIONS.validated() is STUDY_OPTIONS
