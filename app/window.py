"""The main window: the shell that the result pages share.

The shell holds what every mode uses: menus, toolbar, status bar and the mode tabs, over two
areas it arranges and connects:

* :class:`copylens.app.window_inputs.InputsArea` — the input lists of the two modes
  (*Check against sources*: Documents, Sources, Web and Ignore side by side, the archive row
  below; *Compare all*: Documents and Ignore), and what adds to them;
* :class:`copylens.app.window_results.ResultsArea` — a placeholder, or the page of the
  current mode (:class:`copylens.app.pages.CheckPage`, :class:`copylens.app.pages.ComparePage`).

Tools › Archive (Ctrl+Shift+A) opens :class:`copylens.app.archive_window.ArchiveWindow`.
Runs go through :class:`copylens.app.run.RunController` (``self.controller``): Check gathers a
:class:`~copylens.app.run.RunSpec` from the lists and the settings, the controller runs the
engine off the Qt thread and its signals feed the status bar and the pages. Errors are shown
with :func:`copylens.app.errors_dialog.show_error`; export and print go through
``copylens.app.printing``. Sessions, Recent and the history are
:class:`copylens.app.session.SessionManager`'s (``self.sessions``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from copylens.app import i18n, news_grouping, settings, text_box
from copylens.app.about import install_help_menu
from copylens.app.errors_dialog import show_error, show_failures
from copylens.app.inputs import InputList
from copylens.app.palette import UNIQUENESS_LEVELS
from copylens.app.presentation import (
    failure_text,
    number,
)
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Slot
from copylens.app.run import CHECK, COMPARE, MODES, Report, RunController, RunSpec, WebChoice
from copylens.app.session import SessionManager
from copylens.app.settings_dialog import SettingsDialog
from copylens.app.window_inputs import InputsArea, last_dir
from copylens.app.window_parts import (
    default_size,
    panels_in,
)
from copylens.app.window_results import ResultsArea, holds_news
from copylens.core import (
    CheckReport,
    CompareReport,
    InputFailure,
    OptionsError,
)

STATUS_MS = 6000


class MainWindow(QtWidgets.QMainWindow):
    """CopyLens' main window."""

    def __init__(
        self, values: dict[str, Any] | None = None, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("CopyLens"))
        self.setAcceptDrops(True)
        self.settings_values = dict(values) if values is not None else settings.load()
        self.controller = RunController(self)
        self.reports = self.controller.reports
        """The last complete report of each mode ("check", "compare"); None before one."""
        self._run_after_reading = False
        """Check/Compare was asked while folders were being read: start when they are."""
        self.archive_window: Any = None
        """The Archive window, made when first opened (an ``ArchiveWindow``)."""
        self.sessions = SessionManager(self)
        """The session file, Recent, the history and the last complete report of each mode."""

        self._make_actions()
        self._make_menus()
        self.shortcuts_action, self.about_action = install_help_menu(self)
        self._make_toolbar()
        self._make_central()
        self._make_status_bar()
        self._connect_controller()
        self.resize(default_size(self))
        self._restore_state()
        self.sessions.start()
        self._update_ui()

    # ================================================================== building

    def _action(
        self, text: str, slot: Any, shortcuts: list[Any], icon: QtWidgets.QStyle.StandardPixmap
    ) -> QtGui.QAction:
        action = QtGui.QAction(self.style().standardIcon(icon), text, self)
        keys = [QtGui.QKeySequence(k) for k in shortcuts]
        action.setShortcuts([k for k in keys if not k.isEmpty()])
        if keys:
            action.setToolTip(
                f"{text} ({keys[0].toString(QtGui.QKeySequence.SequenceFormat.NativeText)})"
            )
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _make_actions(self) -> None:
        sp = QtWidgets.QStyle.StandardPixmap
        key = QtGui.QKeySequence.StandardKey
        self.open_action = self._action(
            self.tr("Open files…"), self.open_files, [key.Open], sp.SP_DialogOpenButton
        )
        self.open_folder_action = self._action(
            self.tr("Open folder…"), self.open_folder, ["Ctrl+Shift+O"], sp.SP_DirOpenIcon
        )
        self.paste_action = self._action(
            self.tr("Paste text"), self.paste_text, ["Ctrl+Shift+V"], sp.SP_FileDialogContentsView
        )
        self.paste_action.setStatusTip(
            self.tr("Adds the text on the clipboard to the selected list as a document.")
        )
        self.new_text_action = self._action(
            self.tr("New text…"), self.new_text, [key.New], sp.SP_FileIcon
        )
        self.new_text_action.setStatusTip(
            self.tr("Type or paste a text, edit it, and check it as a document.")
        )
        self.open_session_action = self._action(
            self.tr("Open session…"), self.sessions.open_dialog, ["Ctrl+Alt+O"], sp.SP_DirOpenIcon
        )
        self.save_session_action = self._action(
            self.tr("Save session"), self.sessions.save, [key.Save], sp.SP_DialogSaveButton
        )
        self.save_session_as_action = self._action(
            self.tr("Save session as…"), self.sessions.save_as, [key.SaveAs], sp.SP_DialogSaveButton
        )
        self.history_action = self._action(
            self.tr("History…"), self.sessions.show_history, ["Ctrl+H"], sp.SP_FileDialogListView
        )
        self.history_action.setStatusTip(self.tr("Earlier checks with their figures."))
        self.run_action = self._action(
            self.tr("Check"), self.start_run, ["Ctrl+Return", "Ctrl+Enter"], sp.SP_MediaPlay
        )
        self.cancel_action = self._action(
            self.tr("Cancel"), self.cancel_run, ["Esc"], sp.SP_BrowserStop
        )
        self.settings_action = self._action(
            self.tr("Settings…"), self.open_settings, ["Ctrl+,"], sp.SP_FileDialogDetailedView
        )
        self.settings_action.setMenuRole(QtGui.QAction.MenuRole.PreferencesRole)
        self.archive_action = self._action(
            self.tr("Archive…"), self.open_archive_window, ["Ctrl+Shift+A"], sp.SP_DriveHDIcon
        )
        self.archive_action.setStatusTip(
            self.tr("The archive of earlier documents: list, add, remove, read.")
        )
        self.export_action = self._action(
            self.tr("Export report…"), self.export_report, ["Ctrl+E"], sp.SP_DialogSaveButton
        )
        self.print_action = self._action(
            self.tr("Print report…"), self.print_report, ["Ctrl+P"], sp.SP_FileDialogContentsView
        )
        self.certificate_action = self._action(
            self.tr("Certificate…"),
            self.certificate,
            ["Ctrl+Shift+E"],
            sp.SP_FileDialogDetailedView,
        )
        self.exclusions_action = self._action(
            self.tr("Exclusions…"), self.edit_exclusions, ["Ctrl+Shift+X"], sp.SP_DialogResetButton
        )
        self.exclusions_action.setStatusTip(
            self.tr("Leave short matches or sources out and count every share again.")
        )
        self.certificate_action.setStatusTip(
            self.tr("A one-page certificate per checked document, to sign, before the report.")
        )
        self.quit_action = self._action(
            self.tr("Quit"), self.close, ["Ctrl+Q"], sp.SP_DialogCloseButton
        )
        self.quit_action.setMenuRole(QtGui.QAction.MenuRole.QuitRole)

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addActions([self.open_action, self.open_folder_action, self.paste_action])
        file_menu.addAction(self.new_text_action)
        file_menu.addSeparator()
        file_menu.addActions(
            [self.open_session_action, self.save_session_action, self.save_session_as_action]
        )
        self.recent_menu = file_menu.addMenu(self.tr("Recent"))
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(lambda: self.sessions.fill_recent(self.recent_menu))
        file_menu.addSeparator()
        file_menu.addActions([self.export_action, self.print_action, self.certificate_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        run_menu = bar.addMenu(self.tr("&Run"))
        run_menu.addActions([self.run_action, self.cancel_action])
        run_menu.addAction(self.exclusions_action)
        tools_menu = bar.addMenu(self.tr("&Tools"))
        tools_menu.addAction(self.archive_action)
        tools_menu.addAction(self.history_action)
        tools_menu.addAction(self.settings_action)

    def _make_toolbar(self) -> None:
        toolbar = self.addToolBar(self.tr("Main"))
        toolbar.setObjectName("mainToolBar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions(
            [self.open_action, self.open_folder_action, self.paste_action, self.new_text_action]
        )
        toolbar.addSeparator()
        toolbar.addActions([self.run_action, self.cancel_action])
        toolbar.addSeparator()
        toolbar.addActions([self.export_action, self.settings_action])

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
        self.results.failuresRequested.connect(self.show_failures)
        self.results.rowsAdded.connect(self._update_ui)
        self.results.check_page.document_view.exclude_requested.connect(self.exclude_source)
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

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
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
        self.cancel_button.clicked.connect(self.cancel_run)
        for widget in (self.error_label, self.progress_label, self.progress_bar):
            bar.addPermanentWidget(widget)
        bar.addPermanentWidget(self.cancel_button)

    def _connect_controller(self) -> None:
        self.controller.progress.connect(self._on_progress)
        self.controller.documentReady.connect(self.check_page.add_document)
        self.controller.finished.connect(self._on_finished)
        self.controller.failed.connect(self._on_failed)
        self.controller.cancelled.connect(self._on_cancelled)
        self.controller.nextRunDue.connect(self.start_run)

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

    def _set_active_list(self, input_list: InputList) -> None:
        self.inputs.set_active_list(input_list)

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
        if self._run_after_reading and not self._reading():
            self._run_after_reading = False
            self.start_run()

    def _reading(self) -> bool:
        return self.inputs.reading()

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
            self._queue_run()

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

    # ================================================================== running

    @Slot()
    def start_run(self) -> None:
        """Run the engine on the current mode's lists (queued if a run is going)."""
        if self.controller.is_running():
            self._queue_run()
            return
        if self._reading():
            self._run_after_reading = True
            self.statusBar().showMessage(
                self.tr("Reading folders… the run starts when they are read.")
            )
            return
        problem = self._missing_inputs()
        if problem:
            self.statusBar().showMessage(problem, STATUS_MS)
            return
        try:
            options = settings.to_options(self.settings_values)
        except OptionsError as error:
            show_error(self, self.tr("The settings are not valid."), "\n".join(error.problems))
            return
        archive = self.inputs.archive_choices(self.mode)
        if archive is None:
            return
        mode = self.mode
        self.inputs.clear_errors(mode)
        self.error_label.clear()
        web = None
        if mode == CHECK:
            self.check_page.clear()
            documents, sources = self.documents_list.inputs(), self.sources_list.inputs()
            ignore = self.ignore_list.inputs()
            web = self.web_choice()
        else:
            documents, sources = self.compare_list.inputs(), []
            ignore = self.compare_ignore_list.inputs()
        spec = RunSpec(
            mode, tuple(documents), tuple(sources), options, tuple(ignore), **archive, web=web
        )
        self.controller.start(spec)
        self.progress_bar.setRange(0, 0)
        self.progress_label.setText(self.tr("Starting…"))
        self.statusBar().clearMessage()
        self._update_ui()

    @Slot()
    def cancel_run(self) -> None:
        if self.controller.cancel():
            self.progress_label.setText(self.tr("Cancelling…"))

    def _missing_inputs(self) -> str:
        return self.inputs.missing_inputs(self.mode)

    def web_choice(self) -> WebChoice | None:
        """The check's sources from the web (:meth:`InputsArea.web_choice`)."""
        return self.inputs.web_choice(self.settings_values)

    def _queue_run(self) -> None:
        self.controller.queue()
        self.statusBar().showMessage(
            self.tr("Queued: the new files will be checked when this run finishes.")
        )

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
            text = f"{text} · {_time_left(left)}"
        self.progress_label.setText(text)
        self.results.show_progress(text)

    @Slot(object)
    def _on_finished(self, report: Report) -> None:
        self.show_report(self.controller.mode, report)
        if isinstance(report, CheckReport):
            done = self.tr("Documents checked: %1").replace("%1", str(len(report.documents)))
            if report.archived:
                added = self.tr("added to the archive: %1").replace("%1", str(len(report.archived)))
                done = f"{done} · {added}"
                if self.archive_window is not None:
                    self.archive_window.reload()
        else:
            done = self.tr("Documents compared: %1").replace("%1", str(len(report.documents)))
        if isinstance(report, CheckReport) and report.queries:
            sent = self.tr("web search queries sent: %1").replace("%1", str(report.queries))
            done = f"{done} · {sent}"
        if not report.documents and report.errors and not holds_news(report):
            done = self.tr("None of the documents could be read")
        elif isinstance(report, CheckReport) and self.inputs.no_source_read(report):
            done = self.tr(
                "None of the sources could be read: the documents were checked against nothing"
            )
        self._run_ended(f"{done} · {_seconds(self.controller.seconds)}")
        self.sessions.run_finished(report)

    @Slot(str, str)
    def _on_failed(self, message: str, details: str) -> None:
        self.sessions.restore_complete()  # the last complete results stay, and Export
        self._run_ended(self.tr("The run stopped with an error."))
        show_error(self, message, details)

    @Slot()
    def _on_cancelled(self) -> None:
        if not self.sessions.restore_complete():  # the last complete results, else
            self.check_page.flush()  # what was ready stays visible
        self._run_ended(self.tr("Cancelled."))

    def _run_ended(self, message: str) -> None:
        self.progress_label.clear()
        queued = self.controller.is_queued()
        self.statusBar().showMessage(message, 0 if not queued else STATUS_MS)
        self._update_ui()

    def show_report(self, mode: str, report: Report, *, fresh: bool = False) -> None:
        """Show ``report`` on its page, its failed files marked in ``mode``'s lists (``fresh``:
        the check page is cleared first, for a report that was not streamed into it)."""
        self.mark_failures(mode, report)
        if isinstance(report, CheckReport):
            if fresh:
                self.check_page.clear()
            self.check_page.show_report(report, self.inputs.failure_kinds(report))
        else:
            self._show_compare(report)

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
        if mode == self.mode:
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
        report = self.reports.get(self.controller.mode or self.mode)
        return list(report.errors) if report is not None else []

    @Slot()
    def show_failures(self) -> QtWidgets.QDialog | None:
        """List every file of the last run that could not be read, with its reason."""
        if not self.failures:
            return None
        return show_failures(self, self.failures)

    def _show_compare(self, report: CompareReport) -> None:
        self.compare_page.show_report(report, float(self.settings_values["min_containment"]))

    # ================================================================== settings, export

    @Slot()
    def open_settings(self) -> QtWidgets.QDialog:
        """Show the settings dialog (non-blocking); OK saves and applies the values."""
        dialog = SettingsDialog(self.settings_values, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.values()))
        dialog.open()
        return dialog

    def apply_settings(self, values: dict[str, Any]) -> None:
        language_changed = values.get("ui_language") != self.settings_values.get("ui_language")
        settings.save(values)
        self.settings_values = dict(values)
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
        values = self.settings_values | self.archive_bar.values()
        if values != self.settings_values:
            self.settings_values = values
            settings.save(values)
        self._update_ui()

    @Slot()
    def _web_changed(self) -> None:
        """The Web section changed: keep its search box with the settings, and say that the
        session changed."""
        values = self.settings_values | self.web_panel.values()
        if values != self.settings_values:
            self.settings_values = values
            settings.save(values)
        self.sessions.mark_changed()
        self._update_ui()

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

    @Slot()
    def print_report(self) -> None:
        report = self.reports[self.mode]
        if report is None:
            return
        from copylens.app.printing import print_dialog  # the print stack loads only when needed

        print_dialog(self, report, self._shown_threshold(report))

    @Slot()
    def export_report(self) -> None:
        report = self.reports[self.mode]
        if report is None:
            return
        from copylens.app.printing import export_dialog  # the print stack loads only when needed

        export_dialog(self, report, self._shown_threshold(report))

    @Slot()
    def certificate(self) -> None:
        """File › Certificate…: the certificate form, then the PDF (or the printer)."""
        report = self.reports[self.mode]
        if isinstance(report, CheckReport):
            from copylens.app.certificate import certificate_dialog

            certificate_dialog(self, report, str(self.settings_values.get("archive_labels", "")))

    @Slot()
    def edit_exclusions(self) -> None:
        """Run › Exclusions…: the check's figures counted again without what is left out;
        results, Export, Print and the certificate show them."""
        report = self.reports[CHECK]
        if not isinstance(report, CheckReport) or self.controller.is_running():
            return
        from copylens.app.exclusions_dialog import ExclusionsDialog
        from copylens.core import exclude

        dialog = ExclusionsDialog(report, self)
        if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return
        self._show_excluded(exclude(report, dialog.exclusions()))

    @Slot(str)
    def exclude_source(self, key: str) -> None:
        """A source's context menu: the check's figures counted again without that source,
        beside the exclusions already set (Run › Exclusions… shows and undoes them)."""
        report = self.reports[CHECK]
        if not isinstance(report, CheckReport) or self.controller.is_running():
            return
        from copylens.core import exclude

        rules = replace(report.exclusions, sources=report.exclusions.sources | {key})
        self._show_excluded(exclude(report, rules))

    def _show_excluded(self, shown: CheckReport) -> None:
        self.reports[CHECK] = shown
        self.show_report(CHECK, shown, fresh=True)
        self.sessions.mark_changed()
        self._update_ui()

    def _shown_threshold(self, report: CheckReport | CompareReport) -> float | None:
        """A compare report's pairs are exported as the list shows them (its slider)."""
        return self.compare_page.threshold() if isinstance(report, CompareReport) else None

    # ================================================================== state

    def _update_ui(self) -> None:
        running = self.controller.is_running()
        mode = self.mode
        self.run_action.setText(self.tr("Check") if mode == CHECK else self.tr("Compare"))
        self.cancel_action.setEnabled(running)
        self.export_action.setEnabled(self.reports[mode] is not None and not running)
        self.print_action.setEnabled(self.export_action.isEnabled())
        self.certificate_action.setEnabled(
            self.export_action.isEnabled() and isinstance(self.reports[mode], CheckReport)
        )
        self.exclusions_action.setEnabled(self.certificate_action.isEnabled())
        self.mode_tabs.setEnabled(not running)
        self.archive_bar.setEnabled(not running)
        for widget in (self.progress_label, self.progress_bar, self.cancel_button):
            widget.setVisible(running)
        self.mode_hint.setText(
            self.tr("Documents are compared with the sources, not with each other.")
            if mode == CHECK
            else self.tr("Every document is compared with every other one.")
        )
        active = self.active_list
        self.inputs.update_counts(active)
        reading = self.tr("Reading folders…")
        if self._reading() and not self._run_after_reading:
            self.statusBar().showMessage(reading)
        elif not self._reading() and self.statusBar().currentMessage() == reading:
            self.statusBar().clearMessage()
        target = self.panels[active].title
        self.open_action.setStatusTip(self.tr("Add files to “%1”").replace("%1", target))
        self.open_folder_action.setStatusTip(self.tr("Add a folder to “%1”").replace("%1", target))
        busy = self.tr("Checking…") if mode == CHECK else self.tr("Comparing…")
        self.run_action.setEnabled(not running)
        if running:
            self.run_action.setText(busy)  # busy while it runs
        self.results.update_for(
            mode, self.reports[mode], running, busy, self.progress_label.text(), self.failures
        )

    def _restore_state(self) -> None:
        qs = settings.store()
        geometry = qs.value("window/geometry")
        if isinstance(geometry, QtCore.QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        for splitter in self._splitters():
            state = qs.value(f"window/{splitter.objectName()}")
            if isinstance(state, QtCore.QByteArray) and panels_in(state) == splitter.count():
                splitter.restoreState(state)  # not one saved before a panel came (Ignore)
        mode = qs.value("window/mode")
        if mode in MODES:
            self.set_mode(str(mode))

    def save_state(self) -> None:
        qs = settings.store()
        qs.setValue("window/geometry", self.saveGeometry())
        for splitter in self._splitters():
            qs.setValue(f"window/{splitter.objectName()}", splitter.saveState())
        qs.setValue("window/mode", self.mode)
        qs.sync()

    def _splitters(self) -> list[QtWidgets.QSplitter]:
        return [self.main_splitter, *self.inputs.splitters(), self.check_page.splitter]

    def _last_dir(self) -> str:
        return last_dir()

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
        return self._last_dir()

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


# ====================================================================== helpers


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("MainWindow", text)


def _time_left(seconds: float) -> str:
    if seconds < 60:
        return _tr("about %1 s left").replace("%1", str(max(1, round(seconds))))
    return _tr("about %1 min left").replace("%1", str(round(seconds / 60)))


def _seconds(seconds: float) -> str:
    if seconds < 0.1:
        return _tr("under 0.1 s")
    return _tr("%1 s").replace("%1", number(seconds, i18n.current_language()))
