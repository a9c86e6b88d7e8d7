"""Run the engine off the Qt thread and report back through signals.

:class:`EngineRunner` lives on the Qt thread. Each run gets a fresh :class:`_EngineThread`, a
``QThread`` subclass whose ``run()`` makes the one blocking call into ``copylens.core.engine`` and
turns
the engine's plain callbacks into signals (queued to the Qt thread, so receivers may touch
widgets). A QThread subclass and not a worker object moved to a thread: the job is a single
blocking call that needs no event loop of its own (cancellation is a ``threading.Event`` the
engine polls, not a queued slot), so the thread simply ends when ``run()`` returns, and there
is nothing to ``quit()``.

Process pools: a GUI process has threads Python cannot see (Qt's own), so it must never
fork; :class:`EngineRunner` calls ``copylens.core.pool.forbid_fork()`` when created, and the engine
then
starts fresh worker processes (``spawn``) and aligns in-process.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from copylens.app.qt import QtCore, Signal, Slot
from copylens.core import Cancelled, CopyLensError, Input, Options, forbid_fork

PROGRESS_INTERVAL_S = 0.05
"""Progress signals are thinned to at most one per stage every 50 ms (plus the last one)."""

EngineCall = Callable[..., Any]


class _EngineThread(QtCore.QThread):
    """One engine run. Emits exactly one of ``succeeded``, ``errored`` or ``stopped`` last."""

    progressed = Signal(str, int, int)
    documentDone = Signal(object, str)
    succeeded = Signal(object)
    errored = Signal(str, str)
    stopped = Signal()

    def __init__(self, call: EngineCall, stop: threading.Event, streams_documents: bool) -> None:
        super().__init__()
        self._call = call
        self._stop = stop
        self._streams_documents = streams_documents
        self._last_progress: dict[str, float] = {}

    def run(self) -> None:  # the engine's thread
        outcome: tuple[Signal, tuple[Any, ...]]
        try:
            callbacks: dict[str, Any] = {"progress": self._progress, "cancel": self._stop.is_set}
            if self._streams_documents:
                callbacks["on_document"] = self._document
            report = self._call(**callbacks)
            outcome = (self.succeeded, (report,))
        except Cancelled:
            outcome = (self.stopped, ())
        except CopyLensError as error:
            outcome = (self.errored, (str(error), ""))
        except Exception as error:  # a bug: the user gets the traceback to report it
            message = f"{type(error).__name__}: {error}"
            outcome = (self.errored, (message, traceback.format_exc()))
        signal, args = outcome
        signal.emit(*args)

    def _progress(self, stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        last = self._last_progress.get(stage)
        if done < total and last is not None and now - last < PROGRESS_INTERVAL_S:
            return
        self._last_progress[stage] = now
        self.progressed.emit(stage, done, total)

    def _document(self, result: Any, text: str) -> None:
        self.documentDone.emit(result, text)


class EngineRunner(QtCore.QObject):
    """Runs ``copylens.core.engine.check`` or ``compare`` in a QThread, one run at a time.

    Signals arrive on the Qt thread. After ``finished``, ``failed`` or ``cancelled`` the
    thread has ended and been waited for.
    """

    progress = Signal(str, int, int)
    """stage ("reading", "comparing"), done, total."""
    documentReady = Signal(object, str)
    """check only: a document's ``DocumentResult`` and its extracted text, as soon as ready."""
    finished = Signal(object)
    """The ``CheckReport`` or ``CompareReport``."""
    failed = Signal(str, str)
    """message, details (a traceback for unexpected errors, else empty)."""
    cancelled = Signal()

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        forbid_fork()  # this process runs Qt: its threads make forking unsafe
        self._thread: _EngineThread | None = None
        self._stop = threading.Event()
        self._mode = ""
        self._busy = False

    @property
    def qthread(self) -> QtCore.QThread | None:
        """The thread of the current or last run (for tests and diagnostics)."""
        return self._thread

    @property
    def mode(self) -> str:
        """ "check", "compare" or "group": the kind of the current or last run."""
        return self._mode

    def is_running(self) -> bool:
        """True from the start of a run until its last signal has been emitted."""
        return self._busy

    def check(self, documents: Iterable[Input], sources: Iterable[Input], options: Options) -> None:
        """Start checking ``documents`` against ``sources``."""
        from copylens.core import check

        docs, srcs = list(documents), list(sources)
        self._start("check", lambda **kw: check(docs, srcs, options, **kw), streams=True)

    def compare(self, inputs: Iterable[Input], options: Options) -> None:
        """Start comparing every input with every other one."""
        from copylens.core import compare

        items = list(inputs)
        self._start("compare", lambda **kw: compare(items, options, **kw), streams=False)

    def group(self, named: list[tuple[str, str]], method_name: str) -> None:
        """Start grouping (path, text) documents with a catalogue method (``Grouping`` follows)."""
        from copylens.core import group_texts, method

        chosen = method(method_name)
        self._start("group", lambda **kw: group_texts(named, chosen, **kw), streams=False)

    def cancel(self) -> bool:
        """Ask the running engine to stop; ``cancelled`` follows. False when nothing runs."""
        if not self.is_running():
            return False
        self._stop.set()
        return True

    def wait(self, msecs: int = -1) -> bool:
        """Block until the run's thread has ended (for shutdown). True when it has."""
        if self._thread is None:
            return True
        return self._thread.wait() if msecs < 0 else self._thread.wait(msecs)

    def _start(self, mode: str, call: EngineCall, streams: bool) -> None:
        if self.is_running():
            raise RuntimeError("a run is already going; cancel it or wait for it to finish")
        if self._thread is not None:
            self._thread.deleteLater()
        self._stop = threading.Event()
        self._mode = mode
        thread = _EngineThread(call, self._stop, streams)
        thread.progressed.connect(self.progress)
        thread.documentDone.connect(self.documentReady)
        thread.succeeded.connect(self._on_succeeded)
        thread.errored.connect(self._on_errored)
        thread.stopped.connect(self._on_stopped)
        self._thread = thread
        self._busy = True
        thread.start()

    def _end(self) -> None:
        """The thread emitted its last signal as the last thing it did: join it."""
        assert self._thread is not None
        self._thread.wait()
        self._busy = False

    @Slot(object)
    def _on_succeeded(self, report: Any) -> None:
        self._end()
        self.finished.emit(report)

    @Slot(str, str)
    def _on_errored(self, message: str, details: str) -> None:
        self._end()
        self.failed.emit(message, details)

    @Slot()
    def _on_stopped(self) -> None:
        self._end()
        self.cancelled.emit()
