"""The app's one background mechanism (Worker) and the window's engine runs (RunController):
work off the Qt thread, callbacks and signals on it, errors with their traceback, cancel, and
no thread left behind."""

from __future__ import annotations

import itertools
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from copylens.app import worker as worker_module
from copylens.app.errors_dialog import ErrorDialog
from copylens.app.qt import QtCore, QtWidgets
from copylens.app.run import RunController, RunSpec
from copylens.app.worker import Job, Work, Worker
from copylens.core.documents import TextInput
from copylens.core.errors import OptionsError
from copylens.core.options import Options
from copylens.core.report import CheckReport, CompareReport, DocumentResult
from tests.gui.conftest import GUARD_MS, python_threads

OPTIONS = Options(language="en")


class Calls:
    """Records each callback of a job with the thread it ran on."""

    def __init__(self) -> None:
        self.events: list[tuple[str, tuple[object, ...]]] = []
        self.threads: set[threading.Thread] = set()

    def __getattr__(self, kind: str):  # calls.done, calls.failed, ...
        def record(*args: object) -> None:
            self.threads.add(threading.current_thread())
            self.events.append((kind, args))

        return record

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.events]

    def ended(self) -> bool:
        return any(k in ("done", "failed", "cancelled") for k in self.kinds())


def start(worker: Worker, function, calls: Calls, **kwargs) -> Job:
    return worker.start(
        function,
        done=calls.done,
        failed=calls.failed,
        cancelled=calls.cancelled,
        progress=calls.progress,
        item=calls.item,
        **kwargs,
    )


def _error_dialogs() -> list[ErrorDialog]:
    return [
        w
        for w in QtWidgets.QApplication.topLevelWidgets()
        if isinstance(w, ErrorDialog) and w.isVisible()
    ]


# ====================================================================== Worker


def test_a_job_runs_off_the_qt_thread_and_answers_on_it(qtbot, thread_baseline) -> None:
    worker = Worker()
    calls = Calls()
    seen: list[threading.Thread] = []

    def work(w: Work) -> int:
        seen.append(threading.current_thread())
        return 42

    job = start(worker, work, calls, name="copylens-test")
    assert worker.busy() and job.is_running()
    assert calls.events == [], "nothing is called back from inside start()"
    qtbot.waitUntil(calls.ended, timeout=GUARD_MS)
    assert calls.events == [("done", (42,))]
    assert seen[0] is not threading.main_thread() and seen[0].name == "copylens-test"
    assert calls.threads == {threading.main_thread()}
    assert not worker.busy() and not job.is_running() and not job.thread.is_alive()
    assert python_threads() == thread_baseline


def test_items_and_progress_arrive_in_order_before_the_result(
    qtbot, thread_baseline, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker()
    calls = Calls()
    # the job's clock reads 3 ms later each time it is read, whatever the machine: how many
    # calls are thinned away is then fixed (on the real clock it was how fast this thread ran)
    ticks = itertools.count()
    monkeypatch.setattr(
        worker_module, "time", SimpleNamespace(monotonic=lambda: next(ticks) * 0.003)
    )

    def work(w: Work) -> str:
        for n in range(3):
            w.emit(n, f"text {n}")
        for done in range(1, 101):
            w.progress("reading", done, 100)  # thinned: at most one per 50 ms, and the last
        return "report"

    start(worker, work, calls)
    qtbot.waitUntil(calls.ended, timeout=GUARD_MS)
    kinds = calls.kinds()
    assert kinds[:3] == ["item"] * 3 and kinds[-1] == "done"
    assert [args for kind, args in calls.events if kind == "item"] == [
        (0, "text 0"),
        (1, "text 1"),
        (2, "text 2"),
    ]
    progress = [args for kind, args in calls.events if kind == "progress"]
    # one call at 0 ms, then the first at least 50 ms after the one before (17 calls, 51 ms),
    # and the last
    assert [done for _, done, _ in progress] == [1, 18, 35, 52, 69, 86, 100]
    assert progress[-1] == ("reading", 100, 100)
    assert python_threads() == thread_baseline


def test_an_expected_error_is_its_message_without_details(qtbot, thread_baseline) -> None:
    worker = Worker()
    calls = Calls()

    def work(w: Work) -> None:
        raise OptionsError(["shingle must be between 3 and 20"])

    start(worker, work, calls)
    qtbot.waitUntil(calls.ended, timeout=GUARD_MS)
    [(kind, (message, details))] = calls.events
    assert kind == "failed" and "shingle" in message and details == ""
    assert python_threads() == thread_baseline


def test_a_bug_reaches_show_error_with_its_traceback(qtbot, thread_baseline) -> None:
    """Without a ``failed`` callback, the error goes to the app's one error dialog."""
    parent = QtWidgets.QWidget()
    qtbot.addWidget(parent)
    worker = Worker(parent)
    done: list[object] = []

    def broken_in_the_job(w: Work) -> None:
        raise ZeroDivisionError("the job divided by zero")

    job = worker.start(broken_in_the_job, done=done.append)
    qtbot.waitUntil(lambda: _error_dialogs() != [], timeout=GUARD_MS)
    [dialog] = _error_dialogs()
    assert dialog.parent() is parent
    assert dialog.message == "ZeroDivisionError: the job divided by zero"
    details = dialog.details_box.toPlainText()
    assert details.startswith("Traceback") and "broken_in_the_job" in details
    assert not done and not job.is_running()
    dialog.close()
    assert python_threads() == thread_baseline


def test_cancel_ends_with_cancelled_even_when_the_work_finishes(qtbot, thread_baseline) -> None:
    worker = Worker()
    calls = Calls()
    go = threading.Event()

    def work(w: Work) -> str:
        w.emit("ready before the cancel")
        go.wait(GUARD_MS / 1000)  # a hang guard: the test sets it
        w.progress("reading", 1, 2)  # after the cancel: not delivered
        return "a result nobody wants any more"  # ignores w.cancelled()

    job = start(worker, work, calls)
    qtbot.waitUntil(lambda: calls.kinds() == ["item"], timeout=GUARD_MS)
    assert job.cancel() and worker.busy()
    go.set()
    qtbot.waitUntil(calls.ended, timeout=GUARD_MS)
    assert calls.kinds() == ["item", "cancelled"]
    assert not job.cancel() and not worker.cancel(), "nothing left to cancel"
    assert python_threads() == thread_baseline


def test_cancel_reaches_work_that_polls_it(qtbot, thread_baseline) -> None:
    from copylens.core import Cancelled

    worker = Worker()
    calls = Calls()

    def work(w: Work) -> None:
        while not w.cancelled():
            time.sleep(0.001)
        raise Cancelled()

    job = start(worker, work, calls)
    assert worker.cancel()
    qtbot.waitUntil(calls.ended, timeout=GUARD_MS)
    assert calls.kinds() == ["cancelled"] and job.is_cancelled()
    assert python_threads() == thread_baseline


def test_shutdown_waits_for_the_threads_and_drops_their_results(qtbot, thread_baseline) -> None:
    worker = Worker()
    calls = Calls()

    def work(w: Work) -> str:
        while not w.cancelled():
            time.sleep(0.001)
        return "late"

    jobs = [start(worker, work, calls) for _ in range(3)]
    worker.shutdown()
    assert not worker.busy() and all(not job.thread.is_alive() for job in jobs)
    assert python_threads() == thread_baseline
    qtbot.wait(50)  # what the threads posted is dropped
    assert calls.events == []


def test_the_owner_may_go_while_its_job_runs(qtbot, thread_baseline) -> None:
    """The job's thread touches no Qt object: deleting the owner mid-job is safe."""
    owner = QtWidgets.QWidget()
    worker = Worker(owner)
    calls = Calls()
    go = threading.Event()

    def work(w: Work) -> str:
        go.wait(GUARD_MS / 1000)  # a hang guard: the test sets it
        w.emit("an item for nobody")
        return "a result for nobody"

    job = start(worker, work, calls)
    owner.deleteLater()
    qtbot.wait(20)
    go.set()
    job.thread.join(GUARD_MS / 1000)
    qtbot.wait(50)
    assert calls.events == [] and not job.thread.is_alive()
    assert python_threads() == thread_baseline


def test_jobs_never_fork_the_gui_process(qtbot, thread_baseline) -> None:
    """Inside a job Python sees another thread, so copylens.core.pool never forks."""
    from copylens.core.pool import can_fork

    worker = Worker()
    calls = Calls()
    start(worker, lambda w: can_fork(), calls)
    qtbot.waitUntil(calls.ended, timeout=GUARD_MS)
    assert calls.events == [("done", (False,))]
    assert python_threads() == thread_baseline


# ====================================================================== RunController


def _assert_no_thread_left(controller: RunController, baseline: int) -> None:
    assert not controller.is_running()
    assert controller.job is not None and not controller.job.thread.is_alive()
    assert python_threads() == baseline, threading.enumerate()


def spec(mode: str, documents, sources=(), options: Options = OPTIONS) -> RunSpec:
    return RunSpec(mode, tuple(documents), tuple(sources), options)


def test_check_reports_progress_documents_and_the_report(
    qtbot, make_corpus, essay, tmp_path: Path, thread_baseline: int
) -> None:
    docs = make_corpus(6)
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    controller = RunController()
    slot_threads: list[QtCore.QThread] = []
    progress: list[tuple[str, int, int, object]] = []
    documents: list[tuple[DocumentResult, str]] = []
    controller.progress.connect(lambda *a: progress.append(a))
    controller.documentReady.connect(lambda r, t: documents.append((r, t)))
    controller.documentReady.connect(lambda *_: slot_threads.append(QtCore.QThread.currentThread()))
    with qtbot.waitSignal(controller.finished, timeout=GUARD_MS) as blocker:
        controller.start(spec("check", docs, [source]))
        assert controller.is_running() and controller.mode == "check"
    report = blocker.args[0]
    assert isinstance(report, CheckReport) and controller.reports["check"] is report
    assert [d.path for d in report.documents] == [str(p) for p in docs]
    assert sorted(r.path for r, _ in documents) == sorted(str(p) for p in docs)
    copied = {r.path: r for r, _ in documents}[str(docs[0])]
    assert copied.sources and copied.uniqueness < 0.8
    assert all(text == report.texts[r.path] for r, text in documents)
    assert ("reading", 7, 7, None) in progress
    # slots ran on the Qt thread, not the engine's
    assert all(t == QtCore.QCoreApplication.instance().thread() for t in slot_threads)
    assert controller.seconds > 0
    _assert_no_thread_left(controller, thread_baseline)


def test_compare_finishes_with_a_compare_report(qtbot, make_corpus, thread_baseline) -> None:
    controller = RunController()
    with qtbot.waitSignal(controller.finished, timeout=GUARD_MS) as blocker:
        controller.start(spec("compare", make_corpus(5)))
    assert isinstance(blocker.args[0], CompareReport)
    assert blocker.args[0].pairs
    _assert_no_thread_left(controller, thread_baseline)


def test_cancel_right_after_start(qtbot, make_corpus, thread_baseline) -> None:
    controller = RunController()
    finished: list[object] = []
    controller.finished.connect(finished.append)
    with qtbot.waitSignal(controller.cancelled, timeout=GUARD_MS):
        controller.start(spec("check", make_corpus(60), make_corpus(10, folder="sources")))
        assert controller.cancel()
    assert not finished and controller.reports["check"] is None
    _assert_no_thread_left(controller, thread_baseline)
    assert not controller.cancel(), "nothing left to cancel"


def test_a_run_can_follow_a_cancelled_one(qtbot, make_corpus, thread_baseline) -> None:
    controller = RunController()
    docs = make_corpus(30)
    with qtbot.waitSignal(controller.cancelled, timeout=GUARD_MS):
        controller.start(spec("compare", docs))
        controller.cancel()
    with qtbot.waitSignal(controller.finished, timeout=GUARD_MS):
        controller.start(spec("compare", docs))
    _assert_no_thread_left(controller, thread_baseline)


def test_a_second_start_while_running_is_refused(qtbot, make_corpus, thread_baseline) -> None:
    controller = RunController()
    with qtbot.waitSignal(controller.cancelled, timeout=GUARD_MS):
        controller.start(spec("compare", make_corpus(30)))
        with pytest.raises(RuntimeError):
            controller.start(spec("compare", make_corpus(3, folder="more")))
        controller.cancel()
    _assert_no_thread_left(controller, thread_baseline)


def test_a_queued_run_is_due_when_the_run_finishes(qtbot, make_corpus, thread_baseline) -> None:
    controller = RunController()
    docs = make_corpus(4)
    with qtbot.waitSignal(controller.nextRunDue, timeout=GUARD_MS):
        controller.start(spec("compare", docs))
        controller.queue()
        assert controller.is_queued()
    assert not controller.is_queued()
    due: list[bool] = []
    controller.nextRunDue.connect(lambda: due.append(True))
    with qtbot.waitSignal(controller.cancelled, timeout=GUARD_MS):
        controller.start(spec("compare", docs))
        controller.queue()
        controller.cancel()  # a cancel drops the queued run
    qtbot.wait(50)
    assert not due and not controller.is_queued()
    _assert_no_thread_left(controller, thread_baseline)


def test_engine_errors_become_failed_with_the_message(qtbot, thread_baseline) -> None:
    bad = Options(shingle=99)  # validated inside the engine: OptionsError is a CopyLensError
    controller = RunController()
    with qtbot.waitSignal(controller.failed, timeout=GUARD_MS) as blocker:
        controller.start(spec("compare", [TextInput("a", "text")], options=bad))
    message, details = blocker.args
    assert "shingle" in message and details == ""
    _assert_no_thread_left(controller, thread_baseline)


def test_unexpected_exceptions_carry_the_traceback(qtbot, thread_baseline) -> None:
    controller = RunController()
    with qtbot.waitSignal(controller.failed, timeout=GUARD_MS) as blocker:
        controller.start(spec("compare", [object()]))
    message, details = blocker.args
    assert message.startswith("TypeError")
    assert "Traceback" in details and "engine.py" in details
    _assert_no_thread_left(controller, thread_baseline)


def test_shutdown_stops_a_run_and_waits(qtbot, make_corpus, thread_baseline) -> None:
    controller = RunController()
    ended: list[object] = []
    for signal in (controller.finished, controller.failed, controller.cancelled):
        signal.connect(lambda *a: ended.append(a))
    controller.start(spec("check", make_corpus(60), make_corpus(5, folder="src")))
    controller.shutdown()
    _assert_no_thread_left(controller, thread_baseline)
    qtbot.wait(50)
    assert not ended, "a shutdown drops the run's last signals"


def test_the_qt_thread_keeps_ticking_during_a_run(qtbot, make_corpus) -> None:
    """A 10 ms timer runs on while the engine works: its ticks interleave with the run's
    progress signals (were the work on the Qt thread, the signals would come with no tick
    between them). The gaps, in milliseconds: bench/bench_gui.py."""
    controller = RunController()
    events: list[str] = []
    timer = QtCore.QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: events.append("tick"))
    controller.progress.connect(lambda *_: events.append("progress"))
    timer.start()
    try:
        with qtbot.waitSignal(controller.finished, timeout=GUARD_MS):
            controller.start(
                spec(
                    "check",
                    make_corpus(60, words=300),
                    make_corpus(12, folder="src"),
                    # the copy signal alone: seconds of work, not the paraphrase tables loaded
                    # in each spawned worker (a minute on a loaded machine, past the guard)
                    Options(language="en", paraphrase=False),
                )
            )
    finally:
        timer.stop()
    first, last = events.index("progress"), len(events) - 1 - events[::-1].index("progress")
    during = events[first : last + 1]
    assert during.count("progress") >= 3
    ticked_between = sum(
        "tick" in during[a + 1 : b]
        for a, b in itertools.pairwise(i for i, e in enumerate(during) if e == "progress")
    )
    assert ticked_between >= 1
    assert during.count("tick") >= 3
