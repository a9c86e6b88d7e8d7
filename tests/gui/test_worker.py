"""EngineRunner: the engine on a QThread, signals back on the Qt thread, no thread left."""

from __future__ import annotations

import itertools
import threading
import time
from pathlib import Path

from copylens.app.qt import QtCore
from copylens.app.worker import EngineRunner
from copylens.core.documents import TextInput
from copylens.core.options import Options
from copylens.core.report import CheckReport, CompareReport, DocumentResult
from tests.gui.conftest import python_threads

OPTIONS = Options(language="en")


def _assert_no_thread_left(runner: EngineRunner, baseline: int) -> None:
    assert not runner.is_running()
    assert runner.qthread is not None and not runner.qthread.isRunning()
    assert runner.qthread.isFinished()
    assert python_threads() == baseline, threading.enumerate()


def test_check_reports_progress_documents_and_the_report(
    qtbot, make_corpus, essay, tmp_path: Path, thread_baseline: int
) -> None:
    docs = make_corpus(6)
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    runner = EngineRunner()
    engine_threads: list[QtCore.QThread] = []
    progress: list[tuple[str, int, int]] = []
    documents: list[tuple[DocumentResult, str]] = []
    runner.progress.connect(lambda *a: progress.append(a))
    runner.documentReady.connect(lambda r, t: documents.append((r, t)))
    runner.documentReady.connect(lambda *_: engine_threads.append(QtCore.QThread.currentThread()))
    with qtbot.waitSignal(runner.finished, timeout=60000) as blocker:
        runner.check(docs, [source], OPTIONS)
        assert runner.is_running()
    report = blocker.args[0]
    assert isinstance(report, CheckReport)
    assert [d.path for d in report.documents] == [str(p) for p in docs]
    assert sorted(r.path for r, _ in documents) == sorted(str(p) for p in docs)
    copied = {r.path: r for r, _ in documents}[str(docs[0])]
    assert copied.sources and copied.uniqueness < 0.8
    assert all(text == report.texts[r.path] for r, text in documents)
    assert ("reading", 7, 7) in progress
    # slots ran on the Qt thread, not the engine's
    assert all(t == QtCore.QCoreApplication.instance().thread() for t in engine_threads)
    _assert_no_thread_left(runner, thread_baseline)


def test_compare_finishes_with_a_compare_report(qtbot, make_corpus, thread_baseline) -> None:
    runner = EngineRunner()
    with qtbot.waitSignal(runner.finished, timeout=60000) as blocker:
        runner.compare(make_corpus(5), OPTIONS)
    assert isinstance(blocker.args[0], CompareReport)
    assert blocker.args[0].pairs
    _assert_no_thread_left(runner, thread_baseline)


def test_cancel_right_after_start(qtbot, make_corpus, thread_baseline) -> None:
    runner = EngineRunner()
    finished: list[object] = []
    runner.finished.connect(finished.append)
    with qtbot.waitSignal(runner.cancelled, timeout=60000):
        runner.check(make_corpus(60), make_corpus(10, folder="sources"), OPTIONS)
        assert runner.cancel()
    assert not finished
    _assert_no_thread_left(runner, thread_baseline)
    assert not runner.cancel(), "nothing left to cancel"


def test_a_run_can_follow_a_cancelled_one(qtbot, make_corpus, thread_baseline) -> None:
    runner = EngineRunner()
    docs = make_corpus(30)
    with qtbot.waitSignal(runner.cancelled, timeout=60000):
        runner.compare(docs, OPTIONS)
        runner.cancel()
    with qtbot.waitSignal(runner.finished, timeout=60000):
        runner.compare(docs, OPTIONS)
    _assert_no_thread_left(runner, thread_baseline)


def test_engine_errors_become_failed_with_the_message(qtbot, thread_baseline) -> None:
    bad = Options(shingle=99)  # validated inside the engine: OptionsError is a CopyLensError
    runner = EngineRunner()
    with qtbot.waitSignal(runner.failed, timeout=60000) as blocker:
        runner.compare([TextInput("a", "text")], bad)
    message, details = blocker.args
    assert "shingle" in message and details == ""
    _assert_no_thread_left(runner, thread_baseline)


def test_unexpected_exceptions_carry_the_traceback(qtbot, thread_baseline) -> None:
    runner = EngineRunner()
    with qtbot.waitSignal(runner.failed, timeout=60000) as blocker:
        runner.compare([object()], OPTIONS)  # type: ignore[list-item]
    message, details = blocker.args
    assert message.startswith("TypeError")
    assert "Traceback" in details and "engine.py" in details
    _assert_no_thread_left(runner, thread_baseline)


def test_the_qt_thread_keeps_ticking_during_a_run(qtbot, make_corpus) -> None:
    """A 10 ms timer runs on while the engine works; the bound is generous on purpose."""
    runner = EngineRunner()
    ticks: list[float] = []
    timer = QtCore.QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    try:
        with qtbot.waitSignal(runner.finished, timeout=120000):
            runner.check(make_corpus(60, words=300), make_corpus(12, folder="src"), OPTIONS)
    finally:
        timer.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) > 10
    assert max(gaps) < 0.5, f"the Qt thread stalled for {max(gaps):.3f} s"


def test_the_engine_thread_never_forks_the_gui_process(qtbot, thread_baseline) -> None:
    """Inside the run Python sees the Qt thread, so copylens.core.pool picks forkserver, not
    fork."""
    from copylens.core.pool import can_fork

    runner = EngineRunner()
    with qtbot.waitSignal(runner.finished, timeout=60000) as blocker:
        runner._start("check", lambda **_: can_fork(), streams=False)
    assert blocker.args == [False]
    _assert_no_thread_left(runner, thread_baseline)
