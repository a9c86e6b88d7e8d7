"""The app's one way to run work in the background: :class:`Worker`.

Long work never runs on the Qt thread. A :class:`Worker` belongs to an object of the Qt thread
(the window's run controller, the compare view, an input list) and runs *jobs* for it::

    job = worker.start(lambda work: group_texts(named, chosen, cancel=work.cancelled),
                       done=self.show_groups, failed=self.grouping_failed)

Each job is a plain function called on its own Python thread with a :class:`Work` (ask
``work.cancelled()``, report ``work.progress(stage, done, total)``, stream partial results with
``work.emit(...)``). What it returns or raises comes back on the Qt thread, as a call of one of
``done(result)``, ``failed(message, details)`` or ``cancelled()``; before that, its
``progress`` and ``item`` calls, in the order they were made. The shape follows Anki's
``QueryOp`` (the work never touches widgets; success and failure callbacks run on the main
thread) and Picard's runnables (errors come back to the main thread with their traceback).

* **Errors.** A ``CopyLensError`` (the engine's expected failures: bad options, an archive
  that cannot be opened, ...) arrives as its message with empty details, in the interface
  language when it has a translated template (``Explained``, context "Errors": translated on
  the Qt thread); any other exception is a bug, so its message comes with
  the traceback. Without a ``failed`` callback the error is shown with
  :func:`copylens.app.errors_dialog.show_error` (the app's one error dialog).
* **Cancel.** :meth:`Job.cancel` sets the flag that ``work.cancelled()`` reads (the engine
  raises ``Cancelled`` on it). Once a job is cancelled, neither ``done`` nor ``failed`` follows
  but ``cancelled()``, when its thread has ended, whatever the function did meanwhile; items
  emitted before still arrive (they are real results), progress does not.
* **Threads.** A job's thread has ended and been joined when its last callback runs, so
  nothing is left behind. :meth:`Worker.shutdown` (a window closing) cancels every job, waits
  for the threads and drops what they would have delivered.
* **No Qt off the Qt thread.** The job's thread touches no Qt object, not even to send a
  signal: it puts what it has to say on a Python queue, which a timer of the worker drains on
  the Qt thread every :data:`POLL_MS` while jobs are under way. So an owner may be deleted
  while its job runs (a list closed during a folder walk): the thread ends unheard.
* **No fork.** A process with Qt's threads must never fork: creating a worker calls
  ``copylens.core.forbid_fork()``, and the engine then spawns its worker processes.
"""

from __future__ import annotations

import queue
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from copylens.app.presentation import error_text
from copylens.app.qt import QtCore, QtWidgets, Slot
from copylens.core import Cancelled, CopyLensError, forbid_fork

T = TypeVar("T")

PROGRESS_INTERVAL_S = 0.05
"""Progress is thinned to at most one call per stage every 50 ms (plus each stage's last)."""
POLL_MS = 10
"""How often the Qt thread collects what running jobs have to say."""

_PROGRESS, _ITEM, _DONE, _FAILED, _CANCELLED = "progress", "item", "done", "failed", "cancelled"


class Work:
    """What a job's function gets, on the job's thread: the cancel flag, progress, items."""

    def __init__(self, job: Job[Any], stop: threading.Event) -> None:
        self._job = job
        self._stop = stop
        self._last_progress: dict[str, float] = {}

    def cancelled(self) -> bool:
        """True once the job was cancelled (the engine's ``cancel`` callback)."""
        return self._stop.is_set()

    def progress(self, stage: str, done: int, total: int) -> None:
        """Report progress (the engine's ``progress`` callback); thinned per stage."""
        now = time.monotonic()
        last = self._last_progress.get(stage)
        if done < total and last is not None and now - last < PROGRESS_INTERVAL_S:
            return
        self._last_progress[stage] = now
        self._job._post(_PROGRESS, (stage, done, total))

    def emit(self, *values: Any) -> None:
        """Hand a partial result to the Qt thread (``item(*values)``), e.g. a checked document."""
        self._job._post(_ITEM, values)


class Job(Generic[T]):
    """One piece of work started by :meth:`Worker.start`; used on the Qt thread."""

    def __init__(
        self,
        worker: Worker,
        function: Callable[[Work], T],
        name: str,
        callbacks: dict[str, Callable[..., Any] | None],
    ) -> None:
        self.name = name
        self._worker = worker
        self._function = function
        self._callbacks = callbacks
        self._stop = threading.Event()
        self._over = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    @property
    def thread(self) -> threading.Thread:
        """The job's thread (for tests and diagnostics)."""
        return self._thread

    def is_running(self) -> bool:
        """True from the start until the last callback (or a shutdown dropped the job)."""
        return not self._over

    def is_cancelled(self) -> bool:
        return self._stop.is_set()

    def cancel(self) -> bool:
        """Ask the work to stop; ``cancelled()`` follows. False when the job is over."""
        if self._over:
            return False
        self._stop.set()
        return True

    def wait(self, timeout_s: float | None = None) -> bool:
        """Block until the job's thread has ended (shutdown only); True when it has."""
        if self._thread.ident is not None:
            self._thread.join(timeout_s)
        return not self._thread.is_alive()

    # -- the job's thread
    def _run(self) -> None:
        kind, payload = _FAILED, ("the job ended without a result", "")
        try:
            kind, payload = _DONE, self._function(Work(self, self._stop))
        except Cancelled:
            kind, payload = _CANCELLED, None
        except CopyLensError as error:
            kind, payload = _FAILED, (error, "")  # its words are translated on the Qt thread
        except Exception as error:  # a bug: the details carry the traceback to report it
            kind, payload = _FAILED, (f"{type(error).__name__}: {error}", traceback.format_exc())
        finally:
            self._post(kind, payload)

    def _post(self, kind: str, payload: Any) -> None:
        self._worker._outbox.put((self, kind, payload))

    # -- the Qt thread
    def _deliver(self, kind: str, payload: Any) -> None:
        if self._over:
            return  # dropped by a shutdown
        if kind == _PROGRESS:
            if not self._stop.is_set():
                self._call(_PROGRESS, *payload)
            return
        if kind == _ITEM:
            self._call(_ITEM, *payload)
            return
        self._thread.join()  # it posted its outcome as the last thing it did
        self._over = True
        self._worker._forget(self)
        if self._stop.is_set():
            self._call(_CANCELLED)
        elif kind == _DONE:
            self._call(_DONE, payload)
        elif kind == _FAILED:
            message, details = payload
            if isinstance(message, BaseException):
                message = error_text(message, QtCore.QCoreApplication.translate)
            if self._callbacks.get(_FAILED) is None:
                self._worker._show_error(message, details)
            else:
                self._call(_FAILED, message, details)
        else:
            self._call(_CANCELLED)

    def _call(self, kind: str, *args: Any) -> None:
        callback = self._callbacks.get(kind)
        if callback is not None:
            callback(*args)


class Worker(QtCore.QObject):
    """Runs jobs off the Qt thread for its parent and calls back on the Qt thread.

    Several jobs may run at once (folder walks); owners that want one at a time (the engine,
    the grouping) cancel or wait for the last one, which :meth:`busy` tells.
    """

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        forbid_fork()  # this process runs Qt: its threads make forking unsafe
        self._jobs: list[Job[Any]] = []
        self._outbox: queue.SimpleQueue[tuple[Job[Any], str, Any]] = queue.SimpleQueue()
        self._poll = QtCore.QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)

    def start(
        self,
        function: Callable[[Work], T],
        *,
        done: Callable[[T], Any] | None = None,
        failed: Callable[[str, str], Any] | None = None,
        cancelled: Callable[[], Any] | None = None,
        progress: Callable[[str, int, int], Any] | None = None,
        item: Callable[..., Any] | None = None,
        name: str = "copylens-work",
    ) -> Job[T]:
        """Call ``function(work)`` on a new thread; the callbacks run on the Qt thread.

        Exactly one of ``done(result)``, ``failed(message, details)`` (by default the error
        dialog) or ``cancelled()`` ends the job; ``progress(stage, done, total)`` and
        ``item(*values)`` may come before. None of them is called from inside ``start``.
        """
        callbacks: dict[str, Callable[..., Any] | None] = {
            _DONE: done,
            _FAILED: failed,
            _CANCELLED: cancelled,
            _PROGRESS: progress,
            _ITEM: item,
        }
        job: Job[T] = Job(self, function, name, callbacks)
        self._jobs.append(job)
        self._poll.start()
        job._thread.start()
        return job

    def jobs(self) -> list[Job[Any]]:
        """The jobs under way, oldest first."""
        return list(self._jobs)

    def busy(self) -> bool:
        """True while a job is under way (its last callback has not run yet)."""
        return bool(self._jobs)

    def cancel(self) -> bool:
        """Cancel every job under way; False when there was none."""
        return any([job.cancel() for job in self._jobs])

    def wait(self, timeout_s: float | None = None) -> bool:
        """Block until the threads of the jobs under way have ended; True when they have."""
        return all([job.wait(timeout_s) for job in self._jobs])

    def shutdown(self) -> None:
        """Cancel every job, wait for its thread, and drop what it had left to say."""
        jobs, self._jobs = self._jobs, []
        for job in jobs:
            job.cancel()
        for job in jobs:
            job.wait()
            job._over = True
        self._poll.stop()

    @Slot()
    def _collect(self) -> None:
        """On the Qt thread: deliver what the jobs have posted, in order."""
        while True:
            try:
                job, kind, payload = self._outbox.get_nowait()
            except queue.Empty:
                break
            job._deliver(kind, payload)
        if not self._jobs:
            self._poll.stop()

    def _forget(self, job: Job[Any]) -> None:
        if job in self._jobs:
            self._jobs.remove(job)

    def _show_error(self, message: str, details: str) -> None:
        from copylens.app.errors_dialog import show_error

        parent = self.parent()
        show_error(parent if isinstance(parent, QtWidgets.QWidget) else None, message, details)
