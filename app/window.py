"""The main window: the shell that the result pages share.

The shell holds what every mode uses: menus, toolbar, status bar, the mode tabs and the input
lists (*Check against sources*: Documents, Sources, Web and Ignore side by side; *Compare all*:
Documents and Ignore). Web (:class:`copylens.app.web_panel.WebPanel`) holds addresses of pages
to check against and "Search the web" (the provider and its key in the settings). Ignore holds
templates (an assignment, a handout): text matching them is never marked nor counted (the
engine's ``ignore``).
In *Check against sources* a row below the lists holds the archive of earlier documents (the
one the settings name): "Also check against the archive", "Add checked documents to the
archive" and the checked documents' labels (:class:`ArchiveBar`); Tools › Archive
(Ctrl+Shift+A) opens :class:`copylens.app.archive_window.ArchiveWindow`.
Below the lists, the results area shows a placeholder or the page of the current mode:

* :class:`copylens.app.pages.CheckPage` — the checked documents and the selected one;
* :class:`copylens.app.pages.ComparePage` — the compare-all overview.

Runs go through :class:`copylens.app.run.RunController` (``self.controller``): Check gathers a
:class:`~copylens.app.run.RunSpec` from the lists and the settings, the controller runs the
engine off the Qt thread and its signals feed the status bar and the pages. Errors are shown
with :func:`copylens.app.errors_dialog.show_error`; export and print go through
``copylens.app.printing``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from copylens.app import i18n, news_grouping, settings, text_box
from copylens.app.about import install_help_menu
from copylens.app.errors_dialog import show_error, show_failures
from copylens.app.inputs import InputList
from copylens.app.pages import CheckPage, ComparePage
from copylens.app.palette import UNIQUENESS_LEVELS
from copylens.app.presentation import (
    display_names,
    failure_text,
    labels_problem,
    number,
    parse_labels,
    shown_location,
)
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal, Slot
from copylens.app.run import CHECK, COMPARE, MODES, Report, RunController, RunSpec, WebChoice
from copylens.app.session import SessionManager
from copylens.app.settings_dialog import SettingsDialog
from copylens.app.web_panel import WebPanel
from copylens.core import (
    SUPPORTED_SUFFIXES,
    CheckReport,
    CompareReport,
    InputFailure,
    OptionsError,
    is_archive_url,
)

DEFAULT_SIZE = QtCore.QSize(1200, 800)
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
        self._paste_count = 0
        self._run_after_reading = False
        """Check/Compare was asked while folders were being read: start when they are."""
        self._skipped_shown = False
        """The last add said what its folder walk skipped (no "nothing found" over it)."""
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
        self.resize(_default_size(self))
        self._active_list = self.documents_list
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

        drop_hint = self.tr("Drag files or folders here, or use Open files (Ctrl+O).")
        self.documents_list = InputList(self.tr("Drop documents here"), drop_hint)
        self.documents_list.setObjectName("documentsList")
        self.sources_list = InputList(self.tr("Drop sources here"), drop_hint)
        self.sources_list.setObjectName("sourcesList")
        self.compare_list = InputList(
            self.tr("Drop documents here"), drop_hint, extra_suffixes=news_grouping.NEWS_FILES
        )
        self.compare_list.setObjectName("compareList")
        ignore_hint = self.tr("An assignment or a handout: its text is never marked.")
        self.ignore_list = InputList(self.tr("Drop templates here"), ignore_hint)
        self.ignore_list.setObjectName("ignoreList")
        self.compare_ignore_list = InputList(self.tr("Drop templates here"), ignore_hint)
        self.compare_ignore_list.setObjectName("compareIgnoreList")
        ignore_tip = self.tr(
            "Templates: an assignment, a handout, a form every document fills in. Text that "
            "matches these files is never marked and does not count in the percentages."
        )
        self.panels = {
            self.documents_list: _ListPanel(self.tr("Documents to check"), self.documents_list),
            self.sources_list: _ListPanel(self.tr("Sources"), self.sources_list),
            self.ignore_list: _ListPanel(
                self.tr("Ignore"), self.ignore_list, ignore_tip, compact=True
            ),
            self.compare_list: _ListPanel(self.tr("Documents to compare"), self.compare_list),
            self.compare_ignore_list: _ListPanel(
                self.tr("Ignore"), self.compare_ignore_list, ignore_tip, compact=True
            ),
        }
        for input_list, panel in self.panels.items():
            input_list.focused.connect(lambda lst=input_list: self._set_active_list(lst))
            input_list.inputsAdded.connect(self._inputs_added)
            input_list.inputsChanged.connect(self._inputs_changed)
            input_list.pathsAdded.connect(self._paths_added)
            input_list.skipped.connect(self._paths_skipped)
            input_list.notFound.connect(self._paths_not_found)
            input_list.itemDoubleClicked.connect(
                lambda item, lst=input_list: self.edit_text_item(lst, item)
            )
            panel.open_button.clicked.connect(lambda _=False, lst=input_list: self._open_into(lst))
            panel.folder_button.clicked.connect(
                lambda _=False, lst=input_list: self._open_folder_into(lst)
            )
        self.web_panel = WebPanel()
        self.web_panel.setObjectName("webPanel")
        self.web_panel.set_values(self.settings_values)
        self.web_panel.changed.connect(self._web_changed)
        self.web_panel.settingsRequested.connect(self.open_settings)
        self.inputs_splitter = _splitter(
            "inputsSplitter",
            [
                self.panels[self.documents_list],
                self.panels[self.sources_list],
                self.web_panel,
                self.panels[self.ignore_list],
            ],
            IGNORE_SHARE,
            CHECK_SHARES,
        )
        self.compare_inputs_splitter = _splitter(
            "compareInputsSplitter",
            [self.panels[lst] for lst in (self.compare_list, self.compare_ignore_list)],
            IGNORE_SHARE,
        )
        self.archive_bar = ArchiveBar(self.archive_action)
        self.archive_bar.setObjectName("archiveBar")
        self.archive_bar.offer(self.settings_values)
        self.archive_bar.changed.connect(self._archive_choices_changed)
        self.archive_bar.settingsRequested.connect(self.open_settings)
        check_inputs = QtWidgets.QWidget()
        check_layout = QtWidgets.QVBoxLayout(check_inputs)
        check_layout.setContentsMargins(0, 0, 0, 0)
        check_layout.setSpacing(4)
        check_layout.addWidget(self.inputs_splitter, 1)
        check_layout.addWidget(self.archive_bar)
        self.inputs_stack = QtWidgets.QStackedWidget()
        self.inputs_stack.addWidget(check_inputs)
        self.inputs_stack.addWidget(self.compare_inputs_splitter)

        self.results_stack = QtWidgets.QStackedWidget()
        self.results_stack.setObjectName("resultsStack")
        self.results_placeholder = _Placeholder()
        self.results_placeholder.button.setText(self.tr("See every file and why…"))
        self.results_placeholder.button.clicked.connect(self.show_failures)
        self.results_stack.addWidget(self.results_placeholder)
        self.check_page = CheckPage()
        self.check_page.rowsAdded.connect(self._update_ui)
        self.check_page.failuresRequested.connect(self.show_failures)
        self.results_stack.addWidget(self.check_page)
        self.compare_page = ComparePage()
        self.results_stack.addWidget(self.compare_page)

        self.main_splitter = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        self.main_splitter.setObjectName("mainSplitter")
        self.main_splitter.addWidget(self.inputs_stack)
        self.main_splitter.addWidget(self.results_stack)
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
        return self._lists_of(self.mode)

    @property
    def active_list(self) -> InputList:
        """Where Open and Paste put new items: the list focused last in the current mode."""
        lists = self.input_lists()
        return self._active_list if self._active_list in lists else lists[0]

    def _set_active_list(self, input_list: InputList) -> None:
        self._active_list = input_list
        self._update_ui()

    @Slot(int)
    def _mode_changed(self, _index: int) -> None:
        self.inputs_stack.setCurrentIndex(0 if self.mode == CHECK else 1)
        self._update_ui()

    # ================================================================== adding inputs

    @Slot()
    def open_files(self) -> None:
        self._open_into(self.active_list)

    @Slot()
    def open_folder(self) -> None:
        self._open_folder_into(self.active_list)

    def _open_into(self, target: InputList) -> None:
        patterns = " ".join(f"*{s}" for s in sorted(SUPPORTED_SUFFIXES))
        documents, every = self.tr("Documents"), self.tr("All files")  # lupdate: not in f""
        filters = f"{documents} ({patterns});;{every} (*)"
        if target is self.compare_list:
            suffixes = sorted({*SUPPORTED_SUFFIXES, *news_grouping.NEWS_FILES})
            news = self.tr("Documents and news")
            filters = f"{news} ({' '.join(f'*{s}' for s in suffixes)});;{filters}"
        paths, _ = QtWidgets.QFileDialog.getOpenFileNames(
            self, self.tr("Open files"), self._last_dir(), filters
        )
        if paths:
            self._remember_dir(str(Path(paths[0]).parent))
            self.sessions.remember_inputs(paths)
            self.add_paths(paths, target)

    def _open_folder_into(self, target: InputList) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(
            self, self.tr("Open folder"), self._last_dir()
        )
        if folder:
            self._remember_dir(folder)
            self.sessions.remember_inputs([folder])
            self.add_paths([folder], target)

    def add_paths(self, paths: list[str], target: InputList | None = None) -> int:
        """Add files and folders to ``target`` (the active list by default); folders are
        read in the background (see :meth:`InputList.add_paths`)."""
        target = target if target is not None else self.active_list
        return target.add_paths(paths)

    @Slot(int)
    def _paths_added(self, added: int) -> None:
        """An add has ended: say so when it found nothing (unless it said what it skipped)."""
        if not added and not self._skipped_shown:
            self.statusBar().showMessage(self.tr("No new supported files found."), STATUS_MS)
        self._skipped_shown = False

    @Slot(object)
    def _paths_not_found(self, refused: list[InputFailure]) -> None:
        """Paths added that do not exist or cannot be read: their rows are marked; say so."""
        self._say_failures(self.tr("Cannot be read: %1 (%2: %3), marked in the list"), refused)

    @Slot(object)
    def _paths_skipped(self, skipped: list[InputFailure]) -> None:
        """A folder walk skipped entries: say how many, and why the first was skipped."""
        self._say_failures(self.tr("Skipped while reading folders: %1 (%2: %3)"), skipped)

    def _say_failures(self, template: str, failures: list[InputFailure]) -> None:
        """``template`` in the status bar: %1 how many failed, %2 the first's name, %3 why."""
        first = failures[0]
        reason = failure_text(first, QtCore.QCoreApplication.translate)
        text = template.replace("%1", str(len(failures))).replace("%2", Path(first.path).name)
        self.statusBar().showMessage(text.replace("%3", reason), 0)
        self._skipped_shown = True

    @Slot()
    def _inputs_changed(self) -> None:
        """Rows changed or a folder walk ended: refresh, and start a run that waited for it."""
        self._update_ui()
        if self._run_after_reading and not self._reading():
            self._run_after_reading = False
            self.start_run()

    def _reading(self) -> bool:
        return any(lst.scanning for lst in self.panels)

    @Slot()
    def paste_text(self) -> None:
        """The clipboard text becomes a document of the active list."""
        text = QtGui.QGuiApplication.clipboard().text()
        if not text.strip():
            self.statusBar().showMessage(self.tr("The clipboard has no text to paste."), STATUS_MS)
            return
        taken = {getattr(item, "name", None) for lst in self.panels for item in lst.inputs()}
        while True:
            self._paste_count += 1
            name = self.tr("Pasted text %1").replace("%1", str(self._paste_count))
            if name not in taken:
                break
        self.active_list.add_text(name, text)

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
        archive = self._archive_choices()
        if archive is None:
            return
        mode = self.mode
        for lst in self.input_lists():
            lst.clear_errors()
        self.error_label.clear()
        web = None
        if mode == CHECK:
            self.check_page.clear()
            self.web_panel.clear_errors()
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

    def _queue_run(self) -> None:
        self.controller.queue()
        self.statusBar().showMessage(
            self.tr("Queued: the new files will be checked when this run finishes.")
        )

    def _archive_choices(self) -> dict[str, Any] | None:
        """The archive part of a check's RunSpec (nothing in compare mode); None, after
        saying why, when the labels cannot be read."""
        bar = self.archive_bar
        if self.mode != CHECK or not bar.location or not (bar.use_archive or bar.add_to_archive):
            return {}
        try:
            labels = parse_labels(bar.labels_edit.text())
        except ValueError as error:
            show_error(
                self,
                self.tr("The labels are not valid: “%1” is not key=value.").replace(
                    "%1", str(error)
                ),
                "",
            )
            return None
        return {
            "archive": bar.location,
            "use_archive": bar.use_archive,
            "add_to_archive": bar.add_to_archive,
            "labels": tuple(labels.items()),
        }

    def web_choice(self) -> WebChoice | None:
        """The check's sources from the web: the Web section's addresses and, when "Search
        the web" is ticked, the settings' provider and queries (None: nothing from the web)."""
        panel, values = self.web_panel, self.settings_values
        if not panel.has_web():
            return None
        return WebChoice(
            urls=tuple(panel.addresses()),
            search=panel.searching,
            provider=str(values["web_provider"]),
            folder=str(values["web_folder"]),
            max_queries=int(values["web_max_queries"]),
            allow_local=bool(values["web_allow_local"]),
        )

    def _missing_inputs(self) -> str:
        if self.mode == CHECK:
            if not self.documents_list.count():
                return self.tr("Add the documents to check first.")
            problems = self.web_panel.problems()
            if problems:
                number, _line, problem = problems[0]
                text = self.tr("Fix or remove the address on line %1 of Web: %2")
                return text.replace("%1", str(number)).replace("%2", problem)
            against_archive = self.archive_bar.use_archive and bool(self.archive_bar.location)
            if not self.sources_list.count() and not against_archive:
                if self.web_panel.has_web():
                    return ""
                return self.tr(
                    "Add the sources to check against first, or web addresses, or check "
                    "against the archive."
                )
            return ""
        if self.compare_list.count() < 2 and not self._news_inputs():
            return self.tr("Add at least two documents to compare.")
        return ""

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
        self.results_placeholder.hint.setText(text)

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
        if not report.documents and report.errors and not _holds_news(report):
            done = self.tr("None of the documents could be read")
        elif isinstance(report, CheckReport) and self._no_source_read(report):
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

    def _lists_of(self, mode: str) -> list[InputList]:
        if mode == CHECK:
            return [self.documents_list, self.sources_list, self.ignore_list]
        return [self.compare_list, self.compare_ignore_list]

    def show_report(self, mode: str, report: Report, *, fresh: bool = False) -> None:
        """Show ``report`` on its page, its failed files marked in ``mode``'s lists (``fresh``:
        the check page is cleared first, for a report that was not streamed into it)."""
        self.mark_failures(mode, report)
        if isinstance(report, CheckReport):
            if fresh:
                self.check_page.clear()
            self.check_page.show_report(report, self._failure_kinds(report))
        else:
            self._show_compare(report)

    def _news_inputs(self) -> bool:
        """Compare all lists a news file (JSON Lines, a feed): one holds many items to group."""
        return any(
            isinstance(item, Path) and news_grouping.is_news_file(str(item))
            for item in self.compare_list.inputs()
        )

    def mark_failures(self, mode: str, report: Report) -> None:
        """Mark the files ``report`` could not read in ``mode``'s lists, with their reasons,
        and count them in the status bar when ``mode`` is the one shown. In Compare all the
        news files are not marked: the comparison never reads them, its news grouping does."""
        translate = QtCore.QCoreApplication.translate
        errors = report.errors
        if mode != CHECK:
            errors = tuple(e for e in errors if not news_grouping.is_news_file(e.path))
        failures = {e.path: failure_text(e, translate) for e in errors}
        for lst in self._lists_of(mode):
            lst.mark_errors(failures)
        if mode == CHECK:
            self.web_panel.mark_errors(failures)
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

    def _failure_kinds(self, report: CheckReport) -> dict[str, str]:
        """Failed files of the Sources and Ignore lists by path: "source", "template"."""
        paths = [e.path for e in report.errors]
        kinds = dict.fromkeys(self.ignore_list.holding(paths), self.tr("template"))
        kinds |= dict.fromkeys(self.web_panel.holding(paths), self.tr("web page"))
        return kinds | dict.fromkeys(self.sources_list.holding(paths), self.tr("source"))

    def _no_source_read(self, report: CheckReport) -> bool:
        """Every file of the Sources list failed (and the archive was not used): the
        documents' uniqueness means nothing."""
        count = self.sources_list.count()
        failed = self.sources_list.holding(e.path for e in report.errors)
        elsewhere = self.archive_bar.use_archive or self.web_panel.has_web()
        return count > 0 and len(failed) == count and not elsewhere

    def _update_run_state(self, running: bool) -> None:
        """During a run Check is busy ("Checking…", disabled) and an empty results area says
        so with the progress; after a run that read nothing, it says that, with the reasons."""
        busy = self.tr("Checking…") if self.mode == CHECK else self.tr("Comparing…")
        self.run_action.setEnabled(not running)
        if running:
            self.run_action.setText(busy)
            hint = self.progress_label.text() or self.tr("Starting…")
            self.results_placeholder.set_text(busy, hint)
        report = self.reports[self.mode]
        nothing = not running and report is not None and not report.documents
        nothing = nothing and bool(report is not None and report.errors)
        nothing = nothing and not (report is not None and _holds_news(report))
        self.results_placeholder.button.setVisible(nothing)
        for label in (self.results_placeholder.title, self.results_placeholder.hint):
            label.setEnabled(nothing)  # an empty area is grey; what went wrong is not
        if nothing and report is not None:
            self.results_stack.setCurrentIndex(0)
            self.results_placeholder.set_text(
                self.tr("None of the documents could be read"), self._failures_summary()
            )

    def _failures_summary(self, shown: int = 5) -> str:
        """How many files could not be read, the first few with their reasons."""
        translate = QtCore.QCoreApplication.translate
        names = display_names(f.path for f in self.failures)
        text = self.tr("Files that could not be read: %1").replace("%1", str(len(self.failures)))
        lines = [text, ""]
        lines += [f"{names[f.path]} — {failure_text(f, translate)}" for f in self.failures[:shown]]
        if len(self.failures) > shown:
            more = str(len(self.failures) - shown)
            lines.append(self.tr("… and %1 more").replace("%1", more))
        return "\n".join(lines)

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
        shown = exclude(report, dialog.exclusions())
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
        for lst, panel in self.panels.items():
            panel.update_count(active=lst is active)
        reading = self.tr("Reading folders…")
        if self._reading() and not self._run_after_reading:
            self.statusBar().showMessage(reading)
        elif not self._reading() and self.statusBar().currentMessage() == reading:
            self.statusBar().clearMessage()
        target = self.panels[active].title
        self.open_action.setStatusTip(self.tr("Add files to “%1”").replace("%1", target))
        self.open_folder_action.setStatusTip(self.tr("Add a folder to “%1”").replace("%1", target))
        if mode == CHECK:
            has_results = self.check_page.has_results()
            self.results_stack.setCurrentIndex(1 if has_results else 0)
            self.results_placeholder.set_text(
                self.tr("Results appear here"),
                self.tr("Add documents and sources above, then press Check (Ctrl+Enter)."),
            )
        else:
            shown = self.reports[COMPARE] is not None and not running  # else "Comparing…"
            self.results_stack.setCurrentIndex(2 if shown else 0)
            self.results_placeholder.set_text(
                self.tr("Results appear here"),
                self.tr("Add two or more documents above, then press Compare (Ctrl+Enter)."),
            )
        self._update_run_state(running)

    def _restore_state(self) -> None:
        qs = settings.store()
        geometry = qs.value("window/geometry")
        if isinstance(geometry, QtCore.QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        for splitter in self._splitters():
            state = qs.value(f"window/{splitter.objectName()}")
            if isinstance(state, QtCore.QByteArray) and _panels_in(state) == splitter.count():
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
        return [
            self.main_splitter,
            self.inputs_splitter,
            self.compare_inputs_splitter,
            self.check_page.splitter,
        ]

    def _last_dir(self) -> str:
        value = settings.store().value("window/last_dir", "")
        return str(value) if value else str(Path.home())

    def _remember_dir(self, folder: str) -> None:
        settings.store().setValue("window/last_dir", folder)

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


class _ListPanel(QtWidgets.QWidget):
    """A titled input list with its own Add files / Add folder buttons; ``tooltip`` says what
    the list is for, on its title and its rows' background. A ``compact`` panel's buttons show
    only their icons (their words in a tooltip), so a narrow panel still fits its header; the
    others do so too when the panel is narrower than its header with the words (Russian words
    are long, and four panels share the row)."""

    def __init__(
        self, title: str, input_list: InputList, tooltip: str = "", compact: bool = False
    ) -> None:
        super().__init__()
        self.title = title
        self.input_list = input_list
        input_list.setAccessibleName(title)
        self.title_label = QtWidgets.QLabel()
        if tooltip:
            self.title_label.setToolTip(tooltip)
            input_list.setToolTip(tooltip)
            input_list.setAccessibleDescription(tooltip)
        self.open_button = _tool_button(
            self.tr("Add files…"), QtWidgets.QStyle.StandardPixmap.SP_DialogOpenButton, compact
        )
        self.folder_button = _tool_button(
            self.tr("Add folder…"), QtWidgets.QStyle.StandardPixmap.SP_DirOpenIcon, compact
        )
        self.compact = compact
        self._worded = sum(b.sizeHint().width() for b in (self.open_button, self.folder_button))
        """The buttons' width with their words."""
        header = QtWidgets.QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.title_label, 1)
        header.addWidget(self.open_button)
        header.addWidget(self.folder_button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(input_list, 1)

    def update_count(self, active: bool) -> None:
        count = self.input_list.count()
        text = html.escape(self.title)
        if count:
            text += f" <span style='font-weight:normal'>({count})</span>"
        self.title_label.setText(f"<b>{text}</b>" if active else text)
        self._fit_buttons(self.width())

    def minimumSizeHint(self) -> QtCore.QSize:
        """Room for the title and the buttons' icons (the words go first)."""
        size = super().minimumSizeHint()
        icons = sum(_icon_width(b) for b in (self.open_button, self.folder_button))
        return QtCore.QSize(min(size.width(), self._title_width() + icons + 8), size.height())

    def _title_width(self) -> int:
        """The title's width when bold (the active list's), whatever it is now: the buttons
        do not change when the focus moves."""
        font = QtGui.QFont(self.title_label.font())
        font.setBold(True)
        count = self.input_list.count()
        text = f"{self.title} ({count})" if count else self.title
        return QtGui.QFontMetrics(font).horizontalAdvance(text) + 4

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_buttons(event.size().width())

    def _fit_buttons(self, width: int) -> None:
        """The buttons' words shown when the header has room for them, else only icons."""
        if self.compact:
            return
        worded = width >= self._title_width() + self._worded + 8
        style = Qt.ToolButtonStyle
        for button in (self.open_button, self.folder_button):
            button.setToolButtonStyle(
                style.ToolButtonTextBesideIcon if worded else style.ToolButtonIconOnly
            )
            button.setToolTip("" if worded else button.text())


class ArchiveBar(QtWidgets.QWidget):
    """The check page's archive row: which archive (the settings'), "Also check against the
    archive", "Add checked documents to the archive", the checked documents' labels, and a
    button opening the Archive window. Without an archive the boxes are off and a link leads
    to the settings. Emits ``changed`` when a box or the labels change (the window keeps
    them with the settings). A new start of the program does not tick the boxes or fill the
    labels by itself (issue 32: a check must not add to an archive, or under an author, that
    nobody chose today): the last choices are offered visibly, "Last time: …  Use again", and
    applied only by that link (:meth:`offer`)."""

    changed = Signal()
    settingsRequested = Signal()

    def __init__(self, archive_action: QtGui.QAction) -> None:
        super().__init__()
        self.location = ""
        self.icon = QtWidgets.QLabel()
        size = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_SmallIconSize)
        drive = QtWidgets.QStyle.StandardPixmap.SP_DriveHDIcon
        self.icon.setPixmap(self.style().standardIcon(drive).pixmap(size, size))
        self.name_label = QtWidgets.QLabel()
        self.name_label.setObjectName("archiveName")
        self.name_label.setTextFormat(Qt.TextFormat.RichText)
        self.name_label.linkActivated.connect(lambda _link: self.settingsRequested.emit())
        self.use_box = QtWidgets.QCheckBox(self.tr("Also check against the archive"))
        self.use_box.setObjectName("useArchive")
        self.use_box.setToolTip(
            self.tr(
                "The archived documents are sources too, beside those in the Sources list "
                "(which may then stay empty)."
            )
        )
        self.add_box = QtWidgets.QCheckBox(self.tr("Add checked documents to the archive"))
        self.add_box.setObjectName("addToArchive")
        self.add_box.setToolTip(
            self.tr(
                "After the check, the checked documents are stored in the archive with these "
                "labels, so that later checks find them."
            )
        )
        self.labels_label = QtWidgets.QLabel(self.tr("&Labels:"))
        self.labels_edit = QtWidgets.QLineEdit()
        self.labels_edit.setObjectName("archiveLabels")
        self.labels_edit.setClearButtonEnabled(True)
        self.labels_edit.setPlaceholderText(self.tr("author=Ivanova, group=301"))
        self.labels_edit.setMinimumWidth(80)
        # A narrow window squeezes the row rather than the row widening the window: each part
        # may shrink (its words cut), the labels first (they stretch).
        for widget in (self.name_label, self.use_box, self.add_box):
            widget.setMinimumWidth(40)
        self.labels_label.setBuddy(self.labels_edit)
        self._labels_tip = self.tr(
            "Labels of the checked documents as key=value pairs separated by commas (author, "
            "group, year, …). They are stored with the documents added to the archive, and an "
            "archived source with the same author is marked as self-citation."
        )
        self.labels_edit.setToolTip(self._labels_tip)
        self.last_label = QtWidgets.QLabel()
        self.last_label.setObjectName("archiveLast")
        self.last_label.setTextFormat(Qt.TextFormat.RichText)
        self.last_label.setMinimumWidth(40)
        self.last_label.linkActivated.connect(lambda _link: self.use_last())
        self.last_label.hide()
        self._last: dict[str, Any] | None = None
        self.open_button = QtWidgets.QToolButton()
        self.open_button.setDefaultAction(archive_action)
        self.open_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.open_button.setAutoRaise(True)
        self._rows = (QtWidgets.QHBoxLayout(), QtWidgets.QHBoxLayout())
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for row in self._rows:
            row.setContentsMargins(0, 0, 0, 0)
            layout.addLayout(row)
        self._two_rows: bool | None = None
        self._arrange(two_rows=False)
        self.use_box.toggled.connect(self._edited)
        self.add_box.toggled.connect(self._edited)
        self.labels_edit.textChanged.connect(self._labels_edited)
        self.labels_edit.editingFinished.connect(self.changed)

    LABELS_ROOM = 180
    """The labels field's width in one row; with less room the row is laid out in two."""

    def _arrange(self, two_rows: bool) -> None:
        """One row, or (a narrow window) the archive and its boxes above the labels."""
        if two_rows == self._two_rows:
            return
        self._two_rows = two_rows
        first, second = self._rows
        for row in self._rows:
            while row.count():
                row.takeAt(0)
        first.addWidget(self.icon)
        first.addWidget(self.name_label)
        first.addSpacing(12)
        first.addWidget(self.use_box)
        first.addSpacing(8)
        first.addWidget(self.add_box)
        if two_rows:
            first.addStretch(1)
        else:
            first.addSpacing(12)
        rest = second if two_rows else first
        rest.addWidget(self.labels_label)
        rest.addWidget(self.labels_edit, 1)
        rest.addWidget(self.last_label)
        rest.addWidget(self.open_button)
        self.updateGeometry()

    def _one_row_width(self) -> int:
        parts = (
            self.icon,
            self.name_label,
            self.use_box,
            self.add_box,
            self.labels_label,
            self.open_button,
        )
        spacing = max(self._rows[0].spacing(), 0)
        return sum(w.sizeHint().width() for w in parts) + self.LABELS_ROOM + 32 + 7 * spacing

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(two_rows=event.size().width() < self._one_row_width())

    @property
    def use_archive(self) -> bool:
        return bool(self.location) and self.use_box.isChecked()

    @property
    def add_to_archive(self) -> bool:
        return bool(self.location) and self.add_box.isChecked()

    def values(self) -> dict[str, Any]:
        """The row's settings (``use_archive``, ``add_to_archive``, ``archive_labels``): the
        last choices still offered, until the user makes others."""
        if self._last is not None:
            return dict(self._last)
        return self._shown_values()

    def _shown_values(self) -> dict[str, Any]:
        return {
            "use_archive": self.use_box.isChecked(),
            "add_to_archive": self.add_box.isChecked(),
            "archive_labels": self.labels_edit.text().strip(),
        }

    def offer(self, values: dict[str, Any]) -> None:
        """At the program's start: the settings' archive shown, the boxes off and the labels
        empty, the stored choices offered ("Last time: author=Ivanova · check · add — Use
        again") when there are any."""
        last = {
            "use_archive": bool(values.get("use_archive", False)),
            "add_to_archive": bool(values.get("add_to_archive", False)),
            "archive_labels": str(values.get("archive_labels", "") or "").strip(),
        }
        self.set_values(
            {**values, "use_archive": False, "add_to_archive": False, "archive_labels": ""}
        )
        if not any(last.values()):
            return
        self._last = last
        parts = [html.escape(last["archive_labels"])] if last["archive_labels"] else []
        if last["use_archive"]:
            parts.append(html.escape(self.tr("check against it")))
        if last["add_to_archive"]:
            parts.append(html.escape(self.tr("add to it")))
        link = html.escape(self.tr("Use again"))
        self.last_label.setText(
            html.escape(self.tr("Last time: %1")).replace("%1", " · ".join(parts))
            + f' <a href="last">{link}</a>'
        )
        self.last_label.setToolTip(
            self.tr(
                "The archive choices of your last session. They are not applied by themselves: "
                "click “Use again” to tick the boxes and fill in the labels."
            )
        )
        self.last_label.setVisible(True)

    def use_last(self) -> None:
        """Apply the offered last choices (the user clicked "Use again")."""
        last, self._last = self._last, None
        self.last_label.hide()
        if last is not None:
            self.set_values({"archive": self.location, **last})
            self.changed.emit()

    def _forget_offer(self) -> None:
        """The user chose anew: the offer of last time's choices goes."""
        if self._last is not None:
            self._last = None
            self.last_label.hide()

    def set_values(self, values: dict[str, Any]) -> None:
        """Show the settings' archive and the row's stored choices (while last time's are
        offered, the boxes stay as they are unless ``values`` asks for other choices, as a
        session's settings the user accepted do: the offer is applied only by its link)."""
        if self._last is not None:
            asked = {key: values.get(key, self._last[key]) for key in self._last}
            if asked == self._last:
                values = {**values, **self._shown_values()}
            else:
                self._forget_offer()
        self.location = str(values.get("archive", "") or "")
        for widget in (self.use_box, self.add_box, self.labels_edit):
            widget.blockSignals(True)
        self.use_box.setChecked(bool(values.get("use_archive", False)))
        self.add_box.setChecked(bool(values.get("add_to_archive", False)))
        self.labels_edit.setText(str(values.get("archive_labels", "")))
        for widget in (self.use_box, self.add_box, self.labels_edit):
            widget.blockSignals(False)
        if self.location:
            shown = shown_location(self.location)
            name = shown if is_archive_url(self.location) else Path(self.location).name
            self.name_label.setText(
                html.escape(self.tr("Archive: %1").replace("%1", name or shown))
            )
            self.name_label.setToolTip(shown)
        else:
            link = html.escape(self.tr("choose one in Settings"))
            text = html.escape(self.tr("No archive (%1)")).replace(
                "%1", f'<a href="settings">{link}</a>'
            )
            self.name_label.setText(text)
            self.name_label.setToolTip(self.tr("Settings (Ctrl+,) › Archive"))
        self._update()

    def labels_problem(self) -> str:
        """Why the labels field cannot be read, or empty."""
        template = self.tr("Not a key=value label: “%1”")
        return labels_problem(self.labels_edit.text(), template)

    def _edited(self) -> None:
        self._forget_offer()
        self._update()
        self.changed.emit()

    def _labels_edited(self) -> None:
        self._forget_offer()
        self._update()

    def _update(self) -> None:
        has = bool(self.location)
        self.use_box.setEnabled(has)
        self.add_box.setEnabled(has)
        wanted = has and (self.use_box.isChecked() or self.add_box.isChecked())
        self.labels_label.setEnabled(wanted)
        self.labels_edit.setEnabled(wanted)
        problem = self.labels_problem()
        self.labels_edit.setStyleSheet("color: #C62828;" if problem else "")
        self.labels_edit.setToolTip(
            f"{problem}\n\n{self._labels_tip}" if problem else self._labels_tip
        )


def _panels_in(state: QtCore.QByteArray) -> int:
    """How many panels a ``QSplitter.saveState()`` holds (it starts with the magic number
    0xff, the format 1 and the list of sizes, big-endian); 0 for anything else."""
    data = bytes(state.data())
    if len(data) < 12 or data[:8] != b"\x00\x00\x00\xff\x00\x00\x00\x01":
        return 0
    return int.from_bytes(data[8:12], "big")


IGNORE_SHARE = 0.22
"""The Ignore panel's share of the lists' width (it usually holds one or two files)."""
CHECK_SHARES = (0.31, 0.25, 0.22, 0.22)
"""*Check against sources*: the shares of Documents, Sources, Web and Ignore (the titles with
their buttons' words fit in English)."""


def _splitter(
    name: str, panels: list[QtWidgets.QWidget], last: float, shares: tuple[float, ...] = ()
) -> QtWidgets.QSplitter:
    """The input panels side by side, the last one (Ignore) given ``last`` of the width, or
    each its share of ``shares``."""
    splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName(name)
    for panel in panels:
        splitter.addWidget(panel)
    splitter.setChildrenCollapsible(False)
    width = DEFAULT_SIZE.width()
    rest = (1 - last) / (len(panels) - 1)
    shares = shares or (*([rest] * (len(panels) - 1)), last)
    splitter.setSizes([round(width * share) for share in shares])
    for n in range(len(panels) - 1):
        splitter.setStretchFactor(n, 1)
    splitter.setStretchFactor(len(panels) - 1, 0)
    return splitter


def _icon_width(button: QtWidgets.QToolButton) -> int:
    """A tool button's width showing only its icon."""
    metric = QtWidgets.QStyle.PixelMetric.PM_SmallIconSize
    return button.style().pixelMetric(metric) + 10


def _tool_button(
    text: str, icon: QtWidgets.QStyle.StandardPixmap, icon_only: bool = False
) -> QtWidgets.QToolButton:
    button = QtWidgets.QToolButton()
    button.setText(text)
    button.setIcon(button.style().standardIcon(icon))
    if icon_only:
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        button.setToolTip(text)
    else:
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    button.setAutoRaise(True)
    return button


class _Placeholder(QtWidgets.QWidget):
    """The empty results area: a title, a hint and a button (hidden unless it is needed)."""

    def __init__(self) -> None:
        super().__init__()
        self.title = QtWidgets.QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title.setFont(font)
        self.hint = QtWidgets.QLabel()
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        for label in (self.title, self.hint):
            label.setEnabled(False)
        self.button = QtWidgets.QPushButton()
        self.button.setObjectName("placeholderButton")
        self.button.setVisible(False)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)

    def set_text(self, title: str, hint: str) -> None:
        self.title.setText(title)
        self.hint.setText(hint)


def _default_size(widget: QtWidgets.QWidget) -> QtCore.QSize:
    """1200 × 800, or less on a small screen (at most 92 % of the space available)."""
    screen = widget.screen() or QtGui.QGuiApplication.primaryScreen()
    if screen is None:
        return DEFAULT_SIZE
    available = screen.availableGeometry().size()
    room = QtCore.QSize(int(available.width() * 0.92), int(available.height() * 0.92))
    return DEFAULT_SIZE.boundedTo(room) if room.isValid() else DEFAULT_SIZE


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


def _holds_news(report: Report) -> bool:
    """A compare report whose inputs include news files (its news grouping reads them)."""
    return isinstance(report, CompareReport) and any(
        news_grouping.is_news_file(e.path) for e in report.errors
    )
