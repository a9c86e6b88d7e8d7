"""The window's engine runs: one at a time, the next one queued, with progress and time left.

:class:`RunController` is the path *inputs → engine → reports*. The window gathers a
:class:`RunSpec` from its lists and settings and hands it to :meth:`RunController.start`; the
controller runs ``copylens.core.check`` or ``compare`` through the app's one background
mechanism (:class:`copylens.app.worker.Worker`), keeps the last report of each mode, and says
what happens through signals, all on the Qt thread. It owns no widget and no text: the
window shows what the signals carry.

A check may also go against the archive of earlier documents (``RunSpec.archive``) and add
the checked documents to it: the archive is opened inside the run's job, with the run's
options adapted to the archive's settings, and closed when the run ends, whatever its end.

A check may also take sources from the web (``RunSpec.web``, a :class:`WebChoice`): pages by
address and, when searching, the pages a search provider finds for the documents' phrases.
The provider's API key is read in the run's job (:mod:`copylens.app.secrets`: a keyring may
take a moment), never carried by the spec; a missing key is a failure in the report's errors,
and the check goes on with the other sources.

A run asked for while one is going is queued (:meth:`queue`); when the current run finishes,
``nextRunDue`` asks the window to start it, with the lists as they are then. A failed or
cancelled run drops the queued one.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from copylens.app.qt import QtCore, Signal
from copylens.app.worker import Job, Work, Worker
from copylens.core import CheckReport, CompareReport, Input, InputFailure, Options

if TYPE_CHECKING:
    from copylens.core import WebRequest

CHECK, COMPARE = "check", "compare"
MODES = (CHECK, COMPARE)
Report = CheckReport | CompareReport


@dataclass(frozen=True)
class WebChoice:
    """The web part of a check: ``urls`` to download; ``search`` with ``provider`` ("brave",
    "yandex"; Yandex's key needs its ``folder`` id), at most ``max_queries`` queries;
    ``allow_local`` addresses; the page ``cache`` (None: the user's cache folder, "": none).
    No key: :func:`web_request` reads it in the run's job."""

    urls: tuple[str, ...] = ()
    search: bool = False
    provider: str = "brave"
    folder: str = ""
    max_queries: int = 20
    allow_local: bool = False
    cache: str | None = None


def web_request(
    choice: WebChoice, key: str | None = None
) -> tuple[WebRequest, tuple[InputFailure, ...]]:
    """The engine's request for ``choice``, and the failure of a search that cannot start (no
    key: the check goes on without searching). ``key`` None reads the stored key (run this in
    the job); an empty key leaves the provider's environment variable to give it."""
    from copylens.core import SearchFailed, WebRequest, provider_named, search_place

    provider = None
    failures: tuple[InputFailure, ...] = ()
    if choice.search:
        if key is None:
            from copylens.app import secrets

            key = secrets.load_key(choice.provider)
        try:
            provider = provider_named(choice.provider, *_credentials(choice, key))
        except SearchFailed as error:
            failures = (InputFailure.of(search_place(choice.provider), error),)
    request = WebRequest(
        urls=choice.urls,
        provider=provider,
        max_queries=choice.max_queries,
        allow_local=choice.allow_local,
        cache=choice.cache,
    )
    return request, failures


def _credentials(choice: WebChoice, key: str) -> tuple[str, str, str | None]:
    """The key, folder id and endpoint of ``choice``'s provider: the settings' where given,
    else its environment variables' (``copylens.core.PROVIDERS``), as the command line's."""
    from copylens.core import PROVIDERS

    info = PROVIDERS.get(choice.provider)
    if info is None:
        return key, choice.folder, None
    key = key or os.environ.get(info.key_variable, "")
    folder = choice.folder
    if not folder and info.folder_variable:
        folder = os.environ.get(info.folder_variable, "")
    return key, folder, os.environ.get(info.endpoint_variable) or None


def _with_failures(report: CheckReport, failures: tuple[InputFailure, ...]) -> CheckReport:
    return replace(report, errors=(*failures, *report.errors)) if failures else report


@dataclass(frozen=True)
class RunSpec:
    """What one run works on: the mode, its inputs (``sources`` empty for compare), options,
    and the templates whose text the run ignores (``copylens.core.check``'s ``ignore``).

    Check only: ``archive`` is the archive's location (a path or a ``postgresql://`` URL;
    empty: none), ``use_archive`` checks against its documents too, ``add_to_archive`` stores
    the checked documents in it (created if missing) with ``labels``; the labels' ``author``
    marks archived sources by the same author as self-citations. ``web``: sources from the
    web too (None: none)."""

    mode: str
    documents: tuple[Input, ...]
    sources: tuple[Input, ...]
    options: Options
    ignore: tuple[Input, ...] = ()
    archive: str = ""
    use_archive: bool = False
    add_to_archive: bool = False
    labels: tuple[tuple[str, str], ...] = ()
    web: WebChoice | None = None

    @property
    def opens_archive(self) -> bool:
        """The run uses the archive (checks against it or adds to it)."""
        return (
            self.mode == CHECK and bool(self.archive) and (self.use_archive or self.add_to_archive)
        )


class RunController(QtCore.QObject):
    """Runs the engine for the window and keeps its reports. Signals arrive on the Qt thread;
    exactly one of ``finished``, ``failed`` or ``cancelled`` ends each run, after its thread
    has ended."""

    started = Signal(str)
    """A run of this mode began."""
    progress = Signal(str, int, int, object)
    """stage ("reading", "searching", "downloading", "comparing", "archiving"), done, total,
    seconds left in the stage (float or None)."""
    documentReady = Signal(object, str)
    """check only: a document's ``DocumentResult`` and its text, as soon as it is ready."""
    finished = Signal(object)
    """The ``CheckReport`` or ``CompareReport`` (already in :attr:`reports`)."""
    failed = Signal(str, str)
    """message, details (a traceback for unexpected errors, else empty)."""
    cancelled = Signal()
    nextRunDue = Signal()
    """A queued run may start now: the window starts it with its lists as they are."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = Worker(self)
        self.reports: dict[str, Report | None] = dict.fromkeys(MODES)
        """The last complete report of each mode (None before one): a cancelled or failed run
        leaves it as it was."""
        self.seconds = 0.0
        """How long the last run took (until its report, error or cancel)."""
        self._job: Job[Report] | None = None
        self._mode = ""
        self._queued = False
        self._started = 0.0
        self._eta = Eta()

    # ------------------------------------------------------------------ state

    @property
    def mode(self) -> str:
        """ "check" or "compare": the mode of the current or last run."""
        return self._mode

    @property
    def job(self) -> Job[Report] | None:
        """The current or last run's job (for tests and diagnostics)."""
        return self._job

    def is_running(self) -> bool:
        """True from :meth:`start` until the run's last signal."""
        return self._job is not None and self._job.is_running()

    def is_queued(self) -> bool:
        return self._queued

    # ------------------------------------------------------------------ commands

    def start(self, spec: RunSpec) -> None:
        """Start a run; the mode's previous report stays in :attr:`reports` (what Export
        writes, what a session keeps) until this run's replaces it."""
        if self.is_running():
            raise RuntimeError("a run is already going; queue() the next one or cancel it")
        self._queued = False
        self._mode = spec.mode
        self._started = time.monotonic()
        self._eta = Eta()
        self._job = self.worker.start(
            _engine_call(spec),
            done=self._on_done,
            failed=self._on_failed,
            cancelled=self._on_cancelled,
            progress=self._on_progress,
            item=self.documentReady.emit,
            name=f"copylens-{spec.mode}",
        )
        self.started.emit(spec.mode)

    def queue(self) -> None:
        """Ask for another run when this one finishes (``nextRunDue``)."""
        self._queued = True

    def cancel(self) -> bool:
        """Stop the run (``cancelled`` follows) and forget a queued one; False when idle."""
        if self._job is None or not self._job.cancel():
            return False
        self._queued = False
        return True

    def wait(self, timeout_s: float | None = None) -> bool:
        """Block until the run's thread has ended; True when it has."""
        return self._job is None or self._job.wait(timeout_s)

    def shutdown(self) -> None:
        """Cancel the run and wait for its thread, dropping its last signals (window closing)."""
        self._queued = False
        self.worker.shutdown()

    # ------------------------------------------------------------------ the run's outcome

    def _on_progress(self, stage: str, done: int, total: int) -> None:
        self.progress.emit(stage, done, total, self._eta.seconds_left(stage, done, total))

    def _on_done(self, report: Report) -> None:
        self.seconds = time.monotonic() - self._started
        self.reports[self._mode] = report
        self.finished.emit(report)
        if self._queued:
            self._queued = False
            QtCore.QTimer.singleShot(0, self.nextRunDue.emit)

    def _on_failed(self, message: str, details: str) -> None:
        self.seconds = time.monotonic() - self._started
        self._queued = False
        self.failed.emit(message, details)

    def _on_cancelled(self) -> None:
        self.seconds = time.monotonic() - self._started
        self._queued = False
        self.cancelled.emit()


def _engine_call(spec: RunSpec) -> Any:
    """The job's function: the engine call of ``spec``, wired to the job's callbacks."""
    from copylens.core import MoreSources, check, compare

    documents, sources, options = list(spec.documents), list(spec.sources), spec.options
    ignore = list(spec.ignore)
    if spec.mode == CHECK and spec.opens_archive:
        return _archive_check(spec)
    if spec.mode == CHECK:

        def run_check(work: Work) -> CheckReport:
            web, failed = web_request(spec.web) if spec.web is not None else (None, ())
            report = check(
                documents,
                sources,
                options,
                ignore=ignore,
                progress=work.progress,
                cancel=work.cancelled,
                on_document=work.emit,
                more=MoreSources(web=web),
            )
            return _with_failures(report, failed)

        return run_check

    def run_compare(work: Work) -> CompareReport:
        report = compare(
            documents, options, ignore=ignore, progress=work.progress, cancel=work.cancelled
        )
        from copylens.core import catalogue, document_shares

        document_shares(report)  # counted here, off the Qt thread, kept for the window

        catalogue()  # and the compare view's method list loaded (0.08 s the first time)
        return report

    return run_compare


def _archive_check(spec: RunSpec) -> Any:
    """A check with the archive, opened (created when documents are to be added) and closed
    in the job: checked against it when ``use_archive``, then the checked documents added to
    it when ``add_to_archive`` (:func:`copylens.core.add_checked`)."""
    from copylens.core import MoreSources, add_checked, check, open_archive, with_archive_settings

    labels = dict(spec.labels)

    def run_check(work: Work) -> CheckReport:
        web, failed = web_request(spec.web) if spec.web is not None else (None, ())
        with open_archive(spec.archive, spec.options, create=spec.add_to_archive) as archive:
            options = with_archive_settings(spec.options, archive)
            report = check(
                list(spec.documents),
                list(spec.sources),
                options,
                ignore=list(spec.ignore),
                progress=work.progress,
                cancel=work.cancelled,
                on_document=work.emit,
                more=MoreSources(
                    archive=archive if spec.use_archive else None, labels=labels, web=web
                ),
            )
            if spec.add_to_archive:
                added = add_checked(
                    archive, report, spec.documents, options, labels, work.progress, work.cancelled
                )
                report = replace(report, archived=added.ids)
        return _with_failures(report, failed)

    return run_check


class Eta:
    """Time left in the current stage, from its average pace so far."""

    MIN_ELAPSED_S = 1.0

    def __init__(self) -> None:
        self.stage = ""
        self.started = 0.0

    def seconds_left(self, stage: str, done: int, total: int) -> float | None:
        now = time.monotonic()
        if stage != self.stage:
            self.stage, self.started = stage, now
            return None
        elapsed = now - self.started
        if done <= 0 or done >= total or elapsed < self.MIN_ELAPSED_S:
            return None
        return elapsed / done * (total - done)
