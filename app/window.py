"""The main window: the shell that the result pages share.

The shell holds what every mode uses: menus, toolbar, status bar and the mode tabs, over two
areas it arranges and connects:

* :class:`copylens.app.window_inputs.InputsArea` — the input lists of the two modes
  (*Check against sources*: Documents, Sources, Web and Ignore side by side, the archive row
  below; *Compare all*: Documents and Ignore), and what adds to them;
* :class:`copylens.app.window_results.ResultsArea` — a placeholder, or the page of the
  current mode (:class:`copylens.app.pages.CheckPage`, :class:`copylens.app.pages.ComparePage`).

What the window does is in parts with a small interface each, which the window connects:

* :class:`copylens.app.window_actions.WindowActions` — the actions with their keys, the
  menus and the toolbar (the actions by name are the window's too, ``self.run_action`` …);
* :class:`copylens.app.window_run.RunStatus` (``self.run_status``) — starting, following,
  cancelling and ending a run through :class:`copylens.app.run.RunController`
  (``self.controller``), in the status bar, and the files a run could not read;
* :class:`copylens.app.window_reports.ReportCommands` (``self.report_commands``) — export,
  print, the certificate and the exclusions of the shown report;
* :class:`copylens.app.window_settings.WindowSettings` (``self.window_settings``) — the
  settings, their dialog, and the window's layout kept between runs;
* :class:`copylens.app.session.SessionManager` (``self.sessions``) — the session file,
  Recent and the history; it uses the window only through
  :class:`copylens.app.session.SessionWindow` (the section "the session's side" below).

Tools › Archive (Ctrl+Shift+A) opens :class:`copylens.app.archive_window.ArchiveWindow`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from copylens.app import text_box
from copylens.app.inputs import InputList
from copylens.app.qt import Qt, QtGui, QtWidgets, Slot
from copylens.app.run import CHECK, COMPARE, MODES, Report, RunController
from copylens.app.session import SessionManager
from copylens.app.window_actions import ACTIONS, WindowActions
from copylens.app.window_inputs import InputsArea, last_dir
from copylens.app.window_parts import default_size
from copylens.app.window_reports import ReportCommands
from copylens.app.window_results import ResultsArea
from copylens.app.window_run import RunStatus
from copylens.app.window_settings import WindowSettings, restore_layout, save_layout
from copylens.core import CheckReport, CompareReport


class MainWindow(QtWidgets.QMainWindow):
    """CopyLens' main window."""

    def __init__(
        self, values: dict[str, Any] | None = None, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("CopyLens"))
        self.setAcceptDrops(True)
        self.window_settings = WindowSettings(values, self)
        self.window_settings.applied.connect(self._settings_applied)
        self.controller = RunController(self)
        self.reports = self.controller.reports
        """The last complete report of each mode ("check", "compare"); None before one."""
        self.archive_window: Any = None
        """The Archive window, made when first opened (an ``ArchiveWindow``)."""
        self.sessions = SessionManager(self)
        """The session file, Recent, the history and the last complete report of each mode."""
        self.menu_actions = WindowActions(self, self, self.sessions)
        for name in ACTIONS:  # the actions by name, as the session, scripts and tests reach them
            setattr(self, name, getattr(self.menu_actions, name))
        self._make_central()
        self.run_status = RunStatus(
            self, self.controller, self.inputs, self.results, self.statusBar()
        )
        self.report_commands = ReportCommands(self, self.controller, self.compare_page)
        self.results.check_page.document_view.exclude_requested.connect(
            self.report_commands.exclude_source
        )
        self.resize(default_size(self))
        mode = restore_layout(self, self._splitters())
        if mode:
            self.set_mode(mode)
        self.sessions.start()
        self._update_ui()

    @property
    def settings_values(self) -> dict[str, Any]:
        """The settings the window runs with (:attr:`WindowSettings.values`)."""
        return self.window_settings.values

    @settings_values.setter
    def settings_values(self, values: dict[str, Any]) -> None:
        self.window_settings.values = values

    # ================================================================== building

    def _make_central(self) -> None:
        self.mode_tabs = QtWidgets.QTabBar()
        self.mode_tabs.setObjectName("modeTabs")
        self.mode_tabs.setDrawBase(False)
        self.mode_tabs.setExpanding(False)
        self.mode_tabs.addTab(self.tr("Check against sources"))
        self.mode_tabs.addTab(self.tr("Compare all"))
        self.mode_tabs.setTabToolTip(
            0, self.tr("Find which parts of your documents come from the sources.")
        )
        self.mode_tabs.setTabToolTip(
            1, self.tr("Compare every document with every other one to find shared text.")
        )
        self.mode_tabs.currentChanged.connect(self._mode_changed)
        self.mode_hint = QtWidgets.QLabel()
        self.mode_hint.setObjectName("modeHint")
        self.mode_hint.setEnabled(False)
        mode_row = QtWidgets.QHBoxLayout()
        mode_row.addWidget(self.mode_tabs)
        mode_row.addSpacing(12)
        mode_row.addWidget(self.mode_hint, 1)

        self.inputs = self._make_inputs()
        self.inputs_stack = self.inputs

        self.results = ResultsArea()
        self.results.failuresRequested.connect(lambda: self.run_status.show_failures())
        self.results.rowsAdded.connect(self._update_ui)
        # its parts by name, as the session and the tests reach them
        self.results_stack, self.results_placeholder = self.results, self.results.placeholder
        self.check_page, self.compare_page = self.results.check_page, self.results.compare_page

        self.main_splitter = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        self.main_splitter.setObjectName("mainSplitter")
        self.main_splitter.addWidget(self.inputs_stack)
        self.main_splitter.addWidget(self.results)
        self.main_splitter.setChildrenCollapsible(False)
        self.main_splitter.setStretchFactor(0, 2)
        self.main_splitter.setStretchFactor(1, 5)
        self.main_splitter.setSizes([236, 564])

        central = QtWidgets.QWidget()
        layout = QtWidgets.QVBoxLayout(central)
        layout.setContentsMargins(8, 6, 8, 4)
        layout.addLayout(mode_row)
        layout.addWidget(self.main_splitter, 1)
        self.setCentralWidget(central)

    def _make_inputs(self) -> InputsArea:
        """The lists of both modes (:class:`InputsArea`), their parts kept here by name too
        (the pages, the session and the tests reach them so)."""
        inputs = InputsArea(self.settings_values, self.archive_action)
        for name in (
            "documents_list",
            "sources_list",
            "compare_list",
            "ignore_list",
            "compare_ignore_list",
            "panels",
            "web_panel",
            "archive_bar",
            "inputs_splitter",
            "compare_inputs_splitter",
        ):
            setattr(self, name, getattr(inputs, name))
        inputs.status.connect(self.statusBar().showMessage)
        inputs.changed.connect(self._inputs_changed)
        inputs.added.connect(self._inputs_added)
        inputs.textActivated.connect(self.edit_text_item)
        inputs.opened.connect(self.sessions.remember_inputs)
        inputs.settingsRequested.connect(self.open_settings)
        inputs.archiveChanged.connect(self._archive_choices_changed)
        inputs.webChanged.connect(self._web_changed)
        return inputs

    # ================================================================== mode and lists

    @property
    def mode(self) -> str:
        return MODES[max(0, self.mode_tabs.currentIndex())]

    def set_mode(self, mode: str) -> None:
        self.mode_tabs.setCurrentIndex(MODES.index(mode))

    def input_lists(self) -> list[InputList]:
        """The lists of the current mode."""
        return self.inputs.lists_of(self.mode)

    @property
    def active_list(self) -> InputList:
        """Where Open and Paste put new items: the list focused last in the current mode."""
        return self.inputs.active_in(self.mode)

    @Slot(int)
    def _mode_changed(self, _index: int) -> None:
        self.inputs.show_mode(self.mode)
        self._update_ui()

    # ================================================================== adding inputs

    @Slot()
    def open_files(self) -> None:
        self.inputs.open_into(self.active_list)

    @Slot()
    def open_folder(self) -> None:
        self.inputs.open_folder_into(self.active_list)

    def add_paths(self, paths: list[str], target: InputList | None = None) -> int:
        """Add files and folders to ``target`` (the active list by default); folders are
        read in the background (see :meth:`InputList.add_paths`)."""
        target = target if target is not None else self.active_list
        return target.add_paths(paths)

    @Slot()
    def _inputs_changed(self) -> None:
        """Rows changed or a folder walk ended: refresh, and start a run that waited for it."""
        self._update_ui()
        self.run_status.reading_done()

    @Slot()
    def paste_text(self) -> None:
        """The clipboard text becomes a document of the active list."""
        self.inputs.paste_text(self.active_list)

    @Slot()
    def new_text(self) -> text_box.TextEditor:
        """Open the text box; its text becomes a document of the active list."""
        editor = text_box.editor_for(self, self.active_list, self.panels)
        editor.submitted.connect(lambda _name, _text, check: check and self.start_run())
        return text_box.open_editor(editor)

    def edit_text_item(
        self, target: InputList, item: QtWidgets.QListWidgetItem
    ) -> text_box.TextEditor | None:
        """Open a typed or pasted text of ``target`` in the text box again."""
        if not text_box.is_text_item(item):
            return None
        editor = text_box.editor_of(self, target, item, self.panels)
        editor.submitted.connect(lambda _name, _text, check: check and self.start_run())
        return text_box.open_editor(editor)

    @Slot(int)
    def _inputs_added(self, _count: int) -> None:
        if self.controller.is_running():
            self.run_status.queue()

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()
            self.active_list.set_drop_highlight(True)  # where a drop outside the lists goes

    def dragLeaveEvent(self, event: QtGui.QDragLeaveEvent) -> None:
        self.active_list.set_drop_highlight(False)
        super().dragLeaveEvent(event)

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        """Files dropped outside the lists go to the active list."""
        self.active_list.set_drop_highlight(False)
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.add_paths(paths)

    # ================================================================== commands

    @Slot()
    def start_run(self) -> None:
        """Run the engine on the current mode's lists (:meth:`RunStatus.start`)."""
        self.run_status.start()

    @Slot()
    def cancel_run(self) -> None:
        self.run_status.cancel()

    @Slot()
    def export_report(self) -> None:
        self.report_commands.export_report()

    @Slot()
    def print_report(self) -> None:
        self.report_commands.print_report()

    @Slot()
    def certificate(self) -> None:
        self.report_commands.certificate()

    @Slot()
    def edit_exclusions(self) -> None:
        self.report_commands.edit_exclusions()

    @Slot()
    def open_settings(self) -> QtWidgets.QDialog:
        """Show the settings dialog (non-blocking); OK saves and applies the values."""
        return self.window_settings.open_dialog(self)

    @Slot()
    def open_archive_window(self) -> QtWidgets.QWidget:
        """Show the Archive window (made on first use; it lists the settings' archive)."""
        if self.archive_window is None:
            from copylens.app.archive_window import ArchiveWindow

            self.archive_window = ArchiveWindow(lambda: self.settings_values, self)
            self.archive_window.settingsRequested.connect(self.open_settings)
        else:
            self.archive_window.reload()
        self.archive_window.show()
        self.archive_window.raise_()
        self.archive_window.activateWindow()
        return self.archive_window

    # ================================================================== reports and settings

    def show_report(self, mode: str, report: Report, *, fresh: bool = False) -> None:
        """Show ``report`` on its page, its failed files marked in ``mode``'s lists (``fresh``:
        the check page is cleared first, for a report that was not streamed into it)."""
        self.run_status.mark_failures(mode, report)
        if isinstance(report, CheckReport):
            if fresh:
                self.check_page.clear()
            self.check_page.show_report(report, self.inputs.failure_kinds(report))
        else:
            self._show_compare(report)

    def _show_compare(self, report: CompareReport) -> None:
        self.compare_page.show_report(report, float(self.settings_values["min_containment"]))

    def run_finished(self, report: Report) -> None:
        """A run completed (:class:`RunHost`): the archive window lists what it added, the
        session and the history take the report."""
        if isinstance(report, CheckReport) and report.archived and self.archive_window is not None:
            self.archive_window.reload()
        self.sessions.run_finished(report)

    def restore_complete(self) -> bool:
        return self.sessions.restore_complete()

    def report_changed(self) -> None:
        """The shown report changed without a run (:class:`ReportHost`: exclusions)."""
        self.sessions.mark_changed()
        self._update_ui()

    def apply_settings(self, values: dict[str, Any]) -> None:
        """Save ``values`` and use them (:meth:`WindowSettings.apply`)."""
        self.window_settings.apply(values)

    @Slot(bool)
    def _settings_applied(self, language_changed: bool) -> None:
        """New settings: the session changed, the archive row, the Web section, the Archive
        window and the compare overview show them."""
        self.sessions.mark_changed()
        self.archive_bar.set_values(self.settings_values)
        self.web_panel.set_values(self.settings_values)
        if self.archive_window is not None:
            self.archive_window.reload()
        report = self.reports[COMPARE]
        if isinstance(report, CompareReport) and self.compare_page.view is not None:
            self._show_compare(report)
        if language_changed:
            self.statusBar().showMessage(
                self.tr("The new interface language is used after CopyLens is restarted.")
            )

    @Slot()
    def _archive_choices_changed(self) -> None:
        """The check page's archive boxes or labels changed: keep them with the settings."""
        self.window_settings.keep(self.archive_bar.values())
        self._update_ui()

    @Slot()
    def _web_changed(self) -> None:
        """The Web section changed: keep its search box with the settings, and say that the
        session changed."""
        self.window_settings.keep(self.web_panel.values())
        self.sessions.mark_changed()
        self._update_ui()

    # ================================================================== state

    def _update_ui(self) -> None:
        running = self.controller.is_running()
        mode = self.mode
        busy = self.run_status.busy_text(mode)
        active = self.active_list
        target = self.panels[active].title
        self.menu_actions.update(mode, running, self.reports[mode], target, busy)
        self.mode_tabs.setEnabled(not running)
        self.archive_bar.setEnabled(not running)
        self.run_status.update(running)
        self.mode_hint.setText(
            self.tr("Documents are compared with the sources, not with each other.")
            if mode == CHECK
            else self.tr("Every document is compared with every other one.")
        )
        self.inputs.update_counts(active)
        progress = self.run_status.progress_label.text()
        self.results.update_for(
            mode, self.reports[mode], running, busy, progress, self.run_status.failures
        )

    def save_state(self) -> None:
        save_layout(self, self._splitters(), self.mode)

    def _splitters(self) -> list[QtWidgets.QSplitter]:
        return [self.main_splitter, *self.inputs.splitters(), self.check_page.splitter]

    # ================================================================== the session's side
    # (copylens.app.session.SessionWindow: all the session manager uses of the window)

    def session_lists(self) -> tuple[InputList, ...]:
        """The input lists in the order of ``copylens.app.session.LISTS``."""
        return (
            self.documents_list,
            self.sources_list,
            self.ignore_list,
            self.compare_list,
            self.compare_ignore_list,
        )

    def web_lines(self) -> list[str]:
        return self.web_panel.lines()

    def set_web_lines(self, lines: Sequence[str]) -> None:
        self.web_panel.set_lines(lines)

    def clear_results(self, mode: str) -> None:
        """No report to show in ``mode`` (the compare page shows its placeholder then)."""
        if mode == CHECK:
            self.check_page.clear()

    def refresh(self) -> None:
        self._update_ui()

    def last_folder(self) -> str:
        return last_dir()

    def show_title(self, title: str, modified: bool) -> None:
        self.setWindowTitle(title)
        self.setWindowModified(modified)

    def show_status(self, message: str, milliseconds: int = 0) -> None:
        self.statusBar().showMessage(message, milliseconds)

    def dialog_parent(self) -> QtWidgets.QWidget:
        return self

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        """Save the layout; stop a running engine and wait for its thread."""
        self.save_state()
        self.compare_page.shutdown()
        if self.archive_window is not None:
            self.archive_window.shutdown()
            self.archive_window.close()
        if self.controller.is_running():
            QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self.controller.shutdown()
            finally:
                QtWidgets.QApplication.restoreOverrideCursor()
        event.accept()
