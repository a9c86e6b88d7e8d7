"""Steps that declare they add no covered words (``PairStep.covers``), and ``compare``'s early
end of a pair under the threshold after the last step that may add some (issue 40,
:func:`copylens.core.score.score_pair`'s ``dropped_under``).

What must hold: a step with ``covers`` False only keeps or takes away covered words, on
either side; and ``compare_pair`` reports exactly what it reported when every step ran, the
pairs it drops included, while a pair under the threshold really skips the steps after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from copylens.core.engine import _pair_result, compare_pair
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.score import score_pair
from copylens.core.signal import Finding
from copylens.core.signals import STEPS
from tests.test_bound import EN, pairs
from tests.test_signal_gate import _sharing_one_sentence

DATA = Path(__file__).parent / "data" / "paraphrase"
NOT_COVERING = [step for step in STEPS if not step.covers]


def _doc(name: str, text: str, options: Options) -> Prepared:
    return prepare_text(Extracted(name, text, "txt"), options)


@contextmanager
def _watched(record: Callable[[Any, Finding, Finding], None]) -> Iterator[None]:
    """Every step's ``assembled`` reports (step, given, returned) to ``record``."""
    with pytest.MonkeyPatch.context() as patch:
        for step in STEPS:
            original = step.assembled

            def assembled(a: Any, b: Any, found: Finding, options: Any, *, _s=step, _o=original):
                out = _o(a, b, found, options)
                record(_s, found, out)
                return out

            patch.setattr(step, "assembled", assembled)
        yield


def _never_adds(step: Any, given: Finding, returned: Finding) -> None:
    if not step.covers:
        assert not (returned.covered_a & ~given.covered_a).any(), step.name
        assert not (returned.covered_b & ~given.covered_b).any(), step.name


def _paraphrase_pairs() -> list[tuple[Prepared, Prepared, Options]]:
    """The tests' rewrites against their sources, whole and led by a copied sentence, and
    each independent text against the source: reported and dropped pairs, all steps wanted."""
    out = []
    for stem in ("en", "ru", "ru_railway", "uk"):
        options = Options(language=stem[:2])
        source = (DATA / f"{stem}_source.txt").read_text(encoding="utf-8")
        rewrite = (DATA / f"{stem}_rewrite.txt").read_text(encoding="utf-8")
        a = _doc("source", source, options)
        out.append((a, _doc("rewrite", rewrite, options), options))
        led = source.split(". ")[0] + ". " + rewrite
        out.append((a, _doc("led", led, options), options))
        independent = DATA / f"{stem}_independent.txt"
        if independent.exists():
            out.append((a, _doc("own", independent.read_text(encoding="utf-8"), options), options))
    return out


def test_the_registry_declares_which_steps_add_no_covered_words() -> None:
    names = {step.name for step in NOT_COVERING}
    assert names == {"related words", "names", "passage grouping", "source edges"}
    assert {"sentence passages", "summaries"} <= {step.name for step in STEPS if step.covers}


@pytest.mark.parametrize("n", range(len(_paraphrase_pairs())))
def test_no_step_that_declares_it_adds_covered_words_on_the_tests_texts(n: int) -> None:
    a, b, options = _paraphrase_pairs()[n]
    seen: list[str] = []
    with _watched(lambda s, g, r: (_never_adds(s, g, r), seen.append(s.name))):
        score_pair(a, b, options)
    assert {s.name for s in NOT_COVERING if s.wanted(options)} <= set(seen)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs(), st.sampled_from([0.0, 0.05, 0.08, 0.3, 0.7]))
def test_compare_pair_is_the_same_with_the_early_end(
    pair: tuple[Prepared, Prepared], threshold: float
) -> None:
    a, b = pair
    options = replace(EN, min_containment=threshold)
    with _watched(_never_adds):
        every_step = _pair_result(a, b, score_pair(a, b, options, gate=True), options)
        assert compare_pair(a, b, options) == every_step


@pytest.mark.parametrize("n", range(len(_paraphrase_pairs())))
def test_compare_pair_is_the_same_with_the_early_end_on_the_tests_texts(n: int) -> None:
    a, b, options = _paraphrase_pairs()[n]
    for threshold in (0.08, 0.9):
        at = replace(options, min_containment=threshold)
        every_step = _pair_result(a, b, score_pair(a, b, at, gate=True), at)
        assert compare_pair(a, b, at) == every_step


@pytest.mark.parametrize("seed", [1, 2])
def test_a_pair_under_the_threshold_skips_the_steps_after_the_last_covering_one(
    seed: int,
) -> None:
    """Two essays sharing one sentence (about 4 % of each): dropped either way, and with the
    early end the names and source-edge steps never see it."""
    options = Options(language="en")
    text_a, text_b = _sharing_one_sentence(seed)
    a, b = _doc("a", text_a, options), _doc("b", text_b, options)
    ran: list[str] = []
    with _watched(lambda s, g, r: ran.append(s.name)):
        whole = score_pair(a, b, options, gate=True)
    assert "source edges" in ran and np.any(whole.covered_a)
    assert _pair_result(a, b, whole, options) is None
    ran.clear()
    with _watched(lambda s, g, r: ran.append(s.name)):
        assert compare_pair(a, b, options) is None
    assert "summaries" in ran
    assert not {"names", "source edges"} & set(ran)
