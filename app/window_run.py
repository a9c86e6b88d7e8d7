"""The main window's runs: start, progress, cancel and end, in the status bar.

:class:`RunStatus` gathers a run's :class:`~copylens.app.run.RunSpec` from the input lists
and the settings and hands it to the :class:`~copylens.app.run.RunController`; it follows the
controller's signals in the status bar (what is being done, how much, the time left, a Cancel
button), says how a run ended, and counts the files a report could not read (a link to their
list, :func:`copylens.app.errors_dialog.show_failures`). A run asked for while folders are
read starts when they are; one asked for during a run is queued.

It talks to the window only through :class:`RunHost`: the window shows reports, keeps the
settings and the session.
"""

from __future__ import annotations

import html
from typing import Any, Protocol

from copylens.app import i18n, news_grouping, settings
from copylens.app.errors_dialog import show_error, show_failures
from copylens.app.palette import UNIQUENESS_LEVELS
from copylens.app.presentation import failure_text, number
from copylens.app.qt import Qt, QtCore, QtWidgets, Slot
from copylens.app.run import CHECK, Report, RunController, RunSpec
from copylens.app.window_inputs import InputsArea
from copylens.app.window_results import ResultsArea, holds_news
from copylens.core import CheckReport, InputFailure, OptionsError

STATUS_MS = 6000


class RunHost(Protocol):
    """What :class:`RunStatus` needs of its window (:class:`copylens.app.window.MainWindow`)."""

    settings_values: dict[str, Any]

    @property
    def mode(self) -> str: ...

    def show_report(self, mode: str, report: Report, *, fresh: bool = False) -> None: ...

    def refresh(self) -> None:
        """Bring actions, pages and hints up to date."""
        ...

    def run_finished(self, report: Report) -> None:
        """A run completed with ``report`` (shown already): the session and history take it."""
        ...

    def restore_complete(self) -> bool:
        """Show the last complete report of the run's mode again; False if there is none."""
        ...

    def dialog_parent(self) -> QtWidgets.QWidget: ...


class RunStatus(QtCore.QObject):
    """Starts, follows and cancels the window's runs; its widgets sit in the status bar."""

    def __init__(
        self,
        host: RunHost,
        controller: RunController,
        inputs: InputsArea,
        results: ResultsArea,
        bar: QtWidgets.QStatusBar,
    ) -> None:
        super().__init__(controller)
        self.host, self.controller, self.inputs, self.results = host, controller, inputs, results
        self.bar = bar
        self.waiting = False
        """Check/Compare was asked while folders were being read: start when they are."""
        self._make_widgets()
        controller.progress.connect(self._on_progress)
        controller.documentReady.connect(results.check_page.add_document)
        controller.finished.connect(self._on_finished)
        controller.failed.connect(self._on_failed)
        controller.cancelled.connect(self._on_cancelled)
        controller.nextRunDue.connect(self.start)

    def _make_widgets(self) -> None:
        self.error_label = QtWidgets.QLabel()
        self.error_label.setObjectName("errorLabel")
        self.error_label.setTextFormat(Qt.TextFormat.RichText)
        self.error_label.setToolTip(self.tr("Click to see each file and why it could not be read."))
        self.error_label.linkActivated.connect(lambda _link: self.show_failures())
        self.progress_label = QtWidgets.QLabel()
        self.progress_label.setObjectName("progressLabel")
        self.progress_bar = QtWidgets.QProgressBar()
        self.progress_bar.setObjectName("progressBar")
        self.progress_bar.setFixedWidth(220)
        self.progress_bar.setTextVisible(False)
        self.cancel_button = QtWidgets.QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.clicked.connect(self.cancel)
        for widget in (self.error_label, self.progress_label, self.progress_bar):
            self.bar.addPermanentWidget(widget)
        self.bar.addPermanentWidget(self.cancel_button)

    # ------------------------------------------------------------------ start and stop

    @Slot()
    def start(self) -> None:
        """Run the engine on the current mode's lists (queued if a run is going, started
        when the folders being read are)."""
        if self.controller.is_running():
            self.queue()
            return
        if self.inputs.reading():
            self.waiting = True
            self.bar.showMessage(self.tr("Reading folders… the run starts when they are read."))
            return
        spec = self._spec()
        if spec is None:
            return
        self.error_label.clear()
        if spec.mode == CHECK:
            self.results.check_page.clear()
        self.controller.start(spec)
        self.progress_bar.setRange(0, 0)
        self.progress_label.setText(self.tr("Starting…"))
        self.bar.clearMessage()
        self.host.refresh()

    def _spec(self) -> RunSpec | None:
        """What to run, from the lists and the settings; None (and said why) when nothing can
        run yet. The lists' marks of files not read are cleared for the run."""
        mode = self.host.mode
        problem = self.inputs.missing_inputs(mode)
        if problem:
            self.bar.showMessage(problem, STATUS_MS)
            return None
        values = self.host.settings_values
        try:
            options = settings.to_options(values)
        except OptionsError as error:
            show_error(
                self.host.dialog_parent(),
                self.tr("The settings are not valid."),
                "\n".join(error.problems),
            )
            return None
        archive = self.inputs.archive_choices(mode)
        if archive is None:
            return None
        self.inputs.clear_errors(mode)
        inputs, web = self.inputs, None
        if mode == CHECK:
            documents, sources = inputs.documents_list.inputs(), inputs.sources_list.inputs()
            ignore = inputs.ignore_list.inputs()
            web = inputs.web_choice(values)
        else:
            documents, sources = inputs.compare_list.inputs(), []
            ignore = inputs.compare_ignore_list.inputs()
        return RunSpec(
            mode, tuple(documents), tuple(sources), options, tuple(ignore), **archive, web=web
        )

    def reading_done(self) -> None:
        """Rows changed or a folder walk ended: start the run that waited for the folders."""
        if self.waiting and not self.inputs.reading():
            self.waiting = False
            self.start()

    @Slot()
    def cancel(self) -> None:
        if self.controller.cancel():
            self.progress_label.setText(self.tr("Cancelling…"))

    def queue(self) -> None:
        """Run again when this run finishes (inputs were added during it)."""
        self.controller.queue()
        self.bar.showMessage(
            self.tr("Queued: the new files will be checked when this run finishes.")
        )

    # ------------------------------------------------------------------ the run's signals

    @Slot(str, int, int, object)
    def _on_progress(self, stage: str, done: int, total: int, left: float | None) -> None:
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)
        names = {
            "reading": self.tr("Reading %1 / %2"),
            "searching": self.tr("Searching the web: query %1 / %2"),
            "downloading": self.tr("Downloading pages %1 / %2"),
            "comparing": self.tr("Comparing %1 / %2"),
            "archiving": self.tr("Adding to the archive %1 / %2"),
        }
        text = names.get(stage, f"{stage} %1 / %2").replace("%1", str(done))
        text = text.replace("%2", str(total))
        if left is not None:
            text = f"{text} · {time_left_text(left)}"
        self.progress_label.setText(text)
        self.results.show_progress(text)

    @Slot(object)
    def _on_finished(self, report: Report) -> None:
        self.host.show_report(self.controller.mode, report)
        self._ended(f"{self._summary(report)} · {seconds_text(self.controller.seconds)}")
        self.host.run_finished(report)

    def _summary(self, report: Report) -> str:
        """What a finished run did: documents checked or compared, added to the archive, web
        queries sent; or that none of the documents, or of the sources, could be read."""
        if not report.documents and report.errors and not holds_news(report):
            return self.tr("None of the documents could be read")
        if isinstance(report, CheckReport) and self.inputs.no_source_read(report):
            return self.tr(
                "None of the sources could be read: the documents were checked against nothing"
            )
        if not isinstance(report, CheckReport):
            return self.tr("Documents compared: %1").replace("%1", str(len(report.documents)))
        done = self.tr("Documents checked: %1").replace("%1", str(len(report.documents)))
        if report.archived:
            added = self.tr("added to the archive: %1").replace("%1", str(len(report.archived)))
            done = f"{done} · {added}"
        if report.queries:
            sent = self.tr("web search queries sent: %1").replace("%1", str(report.queries))
            done = f"{done} · {sent}"
        return done

    @Slot(str, str)
    def _on_failed(self, message: str, details: str) -> None:
        self.host.restore_complete()  # the last complete results stay, and Export
        self._ended(self.tr("The run stopped with an error."))
        show_error(self.host.dialog_parent(), message, details)

    @Slot()
    def _on_cancelled(self) -> None:
        if not self.host.restore_complete():  # the last complete results, else
            self.results.check_page.flush()  # what was ready stays visible
        self._ended(self.tr("Cancelled."))

    def _ended(self, message: str) -> None:
        self.progress_label.clear()
        queued = self.controller.is_queued()
        self.bar.showMessage(message, 0 if not queued else STATUS_MS)
        self.host.refresh()

    # ------------------------------------------------------------------ files not read

    def mark_failures(self, mode: str, report: Report) -> None:
        """Mark the files ``report`` could not read in ``mode``'s lists, with their reasons,
        and count them in the status bar when ``mode`` is the one shown. In Compare all the
        news files are not marked: the comparison never reads them, its news grouping does."""
        translate = QtCore.QCoreApplication.translate
        errors = report.errors
        if mode != CHECK:
            errors = tuple(e for e in errors if not news_grouping.is_news_file(e.path))
        failures = {e.path: failure_text(e, translate) for e in errors}
        self.inputs.mark_failures(mode, failures)
        if mode == self.host.mode:
            self._show_error_count(len(failures))

    def _show_error_count(self, count: int) -> None:
        """The status bar's "⚠ Files that could not be read: N", a link to their list."""
        if count:
            text = html.escape(self.tr("Files that could not be read: %1"))
            color = UNIQUENESS_LEVELS[1][1]
            link = f'<a href="failures" style="color: {color}">{text}</a>'
            self.error_label.setText("⚠ " + link.replace("%1", str(count)))
            self.error_label.setStyleSheet(f"color: {color};")
        else:
            self.error_label.clear()

    @property
    def failures(self) -> list[InputFailure]:
        """The files that could not be read, of the last run's mode's report (a cancelled run
        keeps the one before; an opened session, the shown mode's)."""
        report = self.controller.reports.get(self.controller.mode or self.host.mode)
        return list(report.errors) if report is not None else []

    @Slot()
    def show_failures(self) -> QtWidgets.QDialog | None:
        """List every file of the last run that could not be read, with its reason."""
        if not self.failures:
            return None
        return show_failures(self.host.dialog_parent(), self.failures)

    # ------------------------------------------------------------------ state

    def busy_text(self, mode: str) -> str:
        """What the Run action and the placeholder say while ``mode`` runs."""
        return self.tr("Checking…") if mode == CHECK else self.tr("Comparing…")

    def update(self, running: bool) -> None:
        """Show the progress widgets while a run goes, and "Reading folders…" while folders
        are read (unless a run waits for them: its own message stays)."""
        for widget in (self.progress_label, self.progress_bar, self.cancel_button):
            widget.setVisible(running)
        reading = self.tr("Reading folders…")
        if self.inputs.reading() and not self.waiting:
            self.bar.showMessage(reading)
        elif not self.inputs.reading() and self.bar.currentMessage() == reading:
            self.bar.clearMessage()


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("RunStatus", text)


def time_left_text(seconds: float) -> str:
    """ "about 40 s left", "about 3 min left"."""
    if seconds < 60:
        return _tr("about %1 s left").replace("%1", str(max(1, round(seconds))))
    return _tr("about %1 min left").replace("%1", str(round(seconds / 60)))


def seconds_text(seconds: float) -> str:
    """A run's time as the status bar says it ("1.1 s", in the interface's language)."""
    if seconds < 0.1:
        return _tr("under 0.1 s")
    return _tr("%1 s").replace("%1", number(seconds, i18n.current_language()))
