"""Signals (issue 33): one protocol for what runs on a pair, one registry, fragment kinds
declared once and read by the front ends."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from copylens.app import export, presentation
from copylens.core import (
    FRAGMENT_KINDS,
    Fragment,
    Options,
    TextInput,
    check,
    compare,
    fragment_kind,
    signals,
)
from copylens.core.extract import Extracted
from copylens.core.ignore import template_phrases
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.report import Fragment as ReportFragment
from copylens.core.score import score_pair
from copylens.core.signal import Finding, FragmentKind, PairStep, RunText

SOURCE = (
    "The river froze early that winter and the ferry stopped running before December. "
    "Villagers crossed the ice on foot, carrying salt and flour from the market town. "
    "A zebra painted on the old mill wall watched them pass every morning."
)
DOCUMENT = (
    "The river froze early that winter and the ferry stopped running before December. "
    "Villagers crossed the ice on foot, carrying salt and flour from the market town. "
    "Nobody in our class had seen a zebra outside a picture book, so we drew one ourselves."
)


def prepared(text: str) -> Prepared:
    return prepare_text(Extracted(path="x", text=text, format="txt"), Options())


TOY = FragmentKind(name="toy", label="toy", plural="toys", legend="the word zebra")


class Zebra:
    """A toy pair signal: the word "zebra" wherever both texts hold it."""

    kind = TOY

    def wanted(self, options: Options) -> bool:
        return True

    def run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        at_a, at_b = a.text.index("zebra"), b.text.index("zebra")
        w_a = int(np.searchsorted(a.canonical.starts, at_a))
        w_b = int(np.searchsorted(b.canonical.starts, at_b))
        covered_a, covered_b = found.covered_a.copy(), found.covered_b.copy()
        covered_a[w_a], covered_b[w_b] = True, True
        piece = ReportFragment(at_a, at_a + 5, at_b, at_b + 5, 1, 1, kind="toy")
        return found.adding(covered_a, covered_b, [piece])


def test_a_signal_is_one_class_and_one_line_of_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a, b = prepared(DOCUMENT), prepared(SOURCE)
    before = score_pair(a, b, Options())
    assert {f.kind for f in before.fragments} == {"copy"}
    monkeypatch.setattr(signals, "PAIR", (*signals.PAIR, Zebra()))
    after = score_pair(a, b, Options())
    toy = [f for f in after.fragments if f.kind == "toy"]
    assert len(toy) == 1 and DOCUMENT[toy[0].start : toy[0].end] == "zebra"
    assert [f for f in after.fragments if f.kind != "toy"] == list(before.fragments)
    assert after.covered_a.sum() == before.covered_a.sum() + 1  # it only adds
    assert [f.start for f in after.fragments] == sorted(f.start for f in after.fragments)


def test_signals_run_in_the_registry_order_each_given_what_came_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[int] = []

    class Counter:
        kind = TOY

        def wanted(self, options: Options) -> bool:
            return True

        def run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
            seen.append(len(found.fragments))
            return found

    monkeypatch.setattr(signals, "PAIR", (Counter(), *signals.PAIR, Counter()))
    score = score_pair(prepared(DOCUMENT), prepared(SOURCE), Options(paraphrase=False))
    assert seen == [0, len(score.fragments)] and score.fragments


def test_a_signal_the_options_turn_off_does_not_run() -> None:
    a, b = prepared(DOCUMENT), prepared(SOURCE)
    on = [s.kind.name for s in signals.PAIR if s.wanted(Options())]
    off = [s.kind.name for s in signals.PAIR if s.wanted(Options(paraphrase=False))]
    assert on == ["copy", "paraphrase"] and off == ["copy"]
    assert score_pair(a, b, Options(paraphrase=False)).fragments


def test_fragment_kinds_are_declared_once_and_read_by_the_front_ends() -> None:
    steps = {s.kind.name for s in signals.STEPS if s.kind is not None}  # the summary step's
    assert set(FRAGMENT_KINDS) == {s.kind.name for s in signals.PAIR} | steps
    paraphrase = fragment_kind("paraphrase")
    assert paraphrase.colour == "tint" and paraphrase.underline == "wave" and paraphrase.scored
    assert fragment_kind("unknown") is fragment_kind("copy")
    for kind in FRAGMENT_KINDS.values():  # every declared column is in both CSV reports
        assert set(kind.columns) <= set(export.CSV_CHECK_COLUMNS)
        assert set(kind.columns) <= set(export.CSV_COMPARE_COLUMNS)
    shown = Fragment(0, 5, 0, 5, 1, 0, kind="paraphrase", score=0.8)
    assert presentation.is_paraphrase(shown)
    assert not presentation.is_paraphrase(replace(shown, kind="copy"))


def test_document_signals_mark_words_the_options_exclude() -> None:
    doc = prepared('He wrote "the river froze early that winter" in his diary.')
    citations = next(s for s in signals.DOCUMENT if s.name == "citations")
    assert not citations.wanted(Options())
    marks = citations.marks(doc, RunText(), Options(exclude_quotes=True))
    assert marks is not None and marks.dtype == bool and len(marks) == len(doc.canonical)
    assert 0 < marks.sum() < len(marks)


def test_ignored_text_is_a_document_signal_that_marks_sources_too() -> None:
    """Issue 33: the run's templates and common phrases are the first document signal of the
    registry, given the run's phrases; citations mark the checked documents only."""
    templates, citations = signals.DOCUMENT
    assert (templates.name, templates.marks_sources) == ("templates", True)
    assert (citations.name, citations.marks_sources) == ("citations", False)
    handout = prepared("Villagers crossed the ice on foot, carrying salt and flour.")
    run = RunText(template_phrases([handout]))
    doc = prepared(DOCUMENT)
    marks = templates.marks(doc, run, Options())
    assert marks is not None
    at = np.flatnonzero(marks)
    assert list(at) == list(range(at[0], at[-1] + 1))  # one run of words, the handout's
    span = doc.text[doc.canonical.starts[at[0]] : doc.canonical.ends[at[-1]]]
    assert span == "Villagers crossed the ice on foot, carrying salt and flour"
    assert templates.marks(doc, RunText(), Options()) is None


class Zebras:
    """A toy document signal: the word "zebra", in the checked documents."""

    name = "zebras"
    marks_sources = False

    def wanted(self, options: Options) -> bool:
        return True

    def marks(self, doc: Prepared, run: RunText, options: Options) -> np.ndarray:
        forms = np.array(doc.canonical.forms)
        return np.asarray(forms == "zebra", dtype=bool)


def test_a_document_signal_is_one_class_and_one_line_of_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    essay = "A zebra stood by the mill. " + SOURCE
    source = [TextInput("source", SOURCE)]
    [before] = check([TextInput("essay", essay)], source, Options(workers=1)).documents
    monkeypatch.setattr(signals, "DOCUMENT", (*signals.DOCUMENT, Zebras()))
    [after] = check([TextInput("essay", essay)], source, Options(workers=1)).documents
    assert after.counted_words == before.counted_words - 2  # both zebras left out
    [fragment] = after.sources[0].fragments
    assert "zebra" not in essay[fragment.start : fragment.end]
    [compared] = compare([TextInput("essay", essay), *source], Options(workers=1)).pairs
    assert "zebra" not in essay[compared.fragments[-1].start : compared.fragments[-1].end]


def test_compare_loads_the_word_vectors_once_before_its_workers_fork() -> None:
    """Issue 40: navec, WordLlama and wordfreq were loaded again in every worker of the pair
    stage; now the parent loads those of the documents' languages before the workers fork
    (when it forks; a spawned worker loads them itself)."""
    from copylens.core import TextInput, compare, meaning

    shared = [
        "The committee approved the new budget for the regional library after a long debate "
        "about opening hours, digital archives and the salaries of part-time staff.",
        "Engineers inspected the northern bridge twice a year and replaced rusted bolts, "
        "cracked railings and the worn asphalt of both lanes before winter came.",
        "Our orchestra rehearsed the symphony every Thursday evening in the old church hall, "
        "where the cellos sounded warmer than anywhere else in town.",
        "Farmers along the valley planted barley, rye and potatoes on narrow terraces that "
        "their grandparents had built from stones carried up the slope.",
        "The museum restored a medieval tapestry showing hunters, hounds and a white stag "
        "crossing a river under a sky full of painted birds.",
    ]
    docs = [
        TextInput(f"d{n}", f"Essay number {n} about topic {n * 7} of the seminar. {shared[n % 5]}")
        for n in range(35)
    ]  # 5 groups of 7 sharing a sentence: 105 candidate pairs, no phrase in most documents
    meaning.lexicon.cache_clear()
    compare(docs, Options(workers=3))  # 105 pairs: three forked workers
    assert meaning.lexicon.cache_info().currsize == 1  # English, here in the parent


def test_blas_runs_one_thread_a_process_unless_the_user_says_otherwise() -> None:
    """Issue 40: the engine's parallel work is processes; OpenBLAS's threads contended with
    them (a product of two long sentences' word vectors: 41 ms instead of 0.7 ms on a loaded
    machine). Importing copylens sets one BLAS thread before numpy loads, and keeps a value
    the user set."""
    import os
    import subprocess
    import sys

    code = "import copylens.core, os; print(os.environ['OPENBLAS_NUM_THREADS'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "1", done.stderr
    env["OPENBLAS_NUM_THREADS"] = "3"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "3", done.stderr


def test_blas_runs_one_thread_when_numpy_was_imported_first() -> None:
    """A program that imports numpy, then copylens, has OpenBLAS loaded before the variable
    was set: the loaded library is set to one thread (on this 2-core machine it started 2)."""
    import os
    import subprocess
    import sys

    code = (
        "import numpy, copylens.core, threadpoolctl; "
        "print(max(i['num_threads'] for i in threadpoolctl.threadpool_info()))"
    )
    env = {
        k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
    }
    env["OMP_NUM_THREADS"] = "2"  # OpenBLAS's own count where the machine has one core
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "1", done.stderr


UNRELATED = (
    "Our orchestra rehearsed the symphony every Thursday evening in the old church hall, "
    "where the cellos sounded warmer than anywhere else in town."
)


def test_a_pair_step_is_one_class_and_one_line_of_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 33: a step names more candidate pairs, sees the copy signal's alignments and, after
    every pair signal ran, the pair's fragments as they are reported."""
    seen: list[tuple[str, str, int]] = []
    joined: list[int] = []

    class Everything(PairStep):
        name = "everything"

        def candidates(self, docs, sources, wanted, options):  # type: ignore[no-untyped-def]
            return [[n for n, s in enumerate(sources) if s is not d] for d in docs]

        def joined(self, a, b, alignments, found, options):  # type: ignore[no-untyped-def]
            joined.append(len(alignments))
            return alignments

        def assembled(self, a, b, found, options):  # type: ignore[no-untyped-def]
            seen.append((a.path, b.path, len(found.fragments)))
            return found

    step = Everything()
    monkeypatch.setattr(signals, "STEPS", (*signals.STEPS, step))
    copy = signals.PAIR[0]
    monkeypatch.setattr(copy, "steps", (*copy.steps, step))  # type: ignore[attr-defined]
    sources = [TextInput("copied", SOURCE), TextInput("other", UNRELATED)]
    report = check([TextInput("essay", DOCUMENT)], sources, Options(workers=1, paraphrase=False))
    assert sorted(b for _, b, _ in seen) == ["copied", "other"]  # no anchor shared with "other"
    [found] = report.documents[0].sources
    assert found.path == "copied" and ("essay", "copied", len(found.fragments)) in seen
    assert len(joined) == 2 and max(joined) >= 1
