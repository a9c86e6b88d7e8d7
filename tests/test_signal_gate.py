"""The paraphrase stage's gate in ``compare`` (issue 40, :mod:`copylens.core.signal_gate`).

``compare`` skips the paraphrase stage on a pair whose copies cover under the threshold and
which shows no sign of a retelling outside them; it must keep every retold pair it reported
(the tests' rewrites led by a copied sentence: "copy a little, retell the rest"), skip a
pair sharing one sentence and nothing else, and report exactly what it reported without the
gate. ``check`` is not gated.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from copylens.core import Options, check, compare
from copylens.core.engine import _pair_result, compare_pair
from copylens.core.extract import Extracted
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.score import score_pair
from copylens.core.signal import Finding
from copylens.core.signal_gate import copies_under, retelling_shown
from copylens.core.signals import PAIR

DATA = Path(__file__).parent / "data" / "paraphrase"


def _doc(name: str, text: str, options: Options) -> Prepared:
    return prepare_text(Extracted(name, text, "txt"), options)


def _copies(a: Prepared, b: Prepared, options: Options) -> Finding:
    """What the copy signal (the first pair signal) finds, as the gate is given it."""
    assert PAIR[0].kind.name == "copy"
    return PAIR[0].run(a, b, Finding.nothing(a.size, b.size), options)


def _essay(rng: random.Random, words: list[str], sentences: int) -> list[str]:
    out = []
    for _ in range(sentences):
        s = rng.sample(words, 10)
        out.append(" ".join(s).capitalize() + ".")
    return out


def _sharing_one_sentence(seed: int) -> tuple[str, str]:
    """Two essays of 30 sentences of made-up words, sharing one sentence and nothing else
    (their words drawn from a vocabulary of 3,000)."""
    rng = random.Random(seed)
    letters = "bcdfghjklmnprstvz"
    vowels = "aeiou"
    words = sorted(
        {
            "".join(rng.choice(letters) + rng.choice(vowels) for _ in range(rng.randint(2, 4)))
            for _ in range(3000)
        }
    )
    shared = " ".join(rng.sample(words, 12)).capitalize() + "."
    a, b = _essay(rng, words, 30), _essay(rng, words, 30)
    a.insert(12, shared)
    b.insert(20, shared)
    return " ".join(a), " ".join(b)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_pair_sharing_one_sentence_is_gated_and_reported_as_without_the_gate(
    seed: int,
) -> None:
    options = Options(language="en")
    text_a, text_b = _sharing_one_sentence(seed)
    a, b = _doc("a", text_a, options), _doc("b", text_b, options)
    found = _copies(a, b, options)
    assert found.covered_a.any()  # the shared sentence is a copy...
    assert copies_under(found, a, b, options)  # ...under the threshold
    assert not retelling_shown(a, b, found, options)
    ungated = _pair_result(a, b, score_pair(a, b, options), options)
    assert compare_pair(a, b, options) == ungated


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_rewrite_led_by_a_copied_sentence_shows_a_retelling(language: str) -> None:
    """test_meaning_once's pair: the source's first sentence, then the rewrite."""
    options = Options(language=language)
    source = (DATA / f"{language}_source.txt").read_text(encoding="utf-8")
    rewrite = (DATA / f"{language}_rewrite.txt").read_text(encoding="utf-8")
    a = _doc("source", source, options)
    b = _doc("rewrite", source.split(". ")[0] + ". " + rewrite, options)
    found = _copies(a, b, options)
    assert retelling_shown(a, b, found, options)
    gated = compare_pair(a, b, options)
    assert gated is not None
    assert gated == _pair_result(a, b, score_pair(a, b, options), options)


def test_compare_reports_the_retold_pair_and_check_still_runs_the_stage(tmp_path: Path) -> None:
    """The Russian rewrite whose copies cover nothing (the ``scale-gate`` lost it) is
    reported by ``compare``; ``check`` finds its paraphrase fragments too."""
    source = (DATA / "ru_source.txt").read_text(encoding="utf-8")
    rewrite = source.split(". ")[0] + ". " + (DATA / "ru_rewrite.txt").read_text(encoding="utf-8")
    (tmp_path / "source.txt").write_text(source, encoding="utf-8")
    (tmp_path / "rewrite.txt").write_text(rewrite, encoding="utf-8")
    options = Options(workers=1)
    report = compare([tmp_path / "source.txt", tmp_path / "rewrite.txt"], options)
    assert len(report.pairs) == 1
    assert max(report.pairs[0].containment_ab, report.pairs[0].containment_ba) > 0.5
    checked = check([tmp_path / "rewrite.txt"], [tmp_path / "source.txt"], options)
    kinds = {f.kind for d in checked.documents for s in d.sources for f in s.fragments}
    assert kinds & {"paraphrase", "copy"}


def test_a_pair_too_long_to_weigh_shows_a_retelling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MOST_CELLS`` (two books) the gate does not build its matrices: the pair it
    would have gated runs the stage, as without the gate, and is reported the same."""
    from copylens.core import signal_gate

    options = Options(language="en")
    text_a, text_b = _sharing_one_sentence(1)
    a, b = _doc("a", text_a, options), _doc("b", text_b, options)
    found = _copies(a, b, options)
    assert not retelling_shown(a, b, found, options)
    monkeypatch.setattr(signal_gate, "MOST_CELLS", 31 * 31 - 1)  # under the two essays' rows
    assert retelling_shown(a, b, found, options)
    ungated = _pair_result(a, b, score_pair(a, b, options), options)
    assert compare_pair(a, b, options) == ungated
