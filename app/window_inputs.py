"""The main window's inputs: the lists of both modes and what feeds them.

*Check against sources*: Documents, Sources, Web and Ignore side by side, the archive row
below (:class:`copylens.app.window_parts.ArchiveBar`); *Compare all*: Documents and Ignore.
Web (:class:`copylens.app.web_panel.WebPanel`) holds addresses of pages to check against and
"Search the web"; Ignore holds templates (an assignment, a handout): text matching them is
never marked nor counted (the engine's ``ignore``).

:class:`InputsArea` owns the lists and everything that adds to them (file and folder
dialogs, pasted text, the folder walks' messages), says what a run still lacks, gathers the
archive and web parts of a check, and marks the files a report could not read. It talks to
the window through signals; the window runs, shows results and keeps the settings.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from copylens.app import news_grouping, settings
from copylens.app.errors_dialog import show_error
from copylens.app.inputs import InputList
from copylens.app.presentation import failure_text, parse_labels
from copylens.app.qt import QtCore, QtGui, QtWidgets, Signal, Slot
from copylens.app.run import CHECK, WebChoice
from copylens.app.web_panel import WebPanel
from copylens.app.window_parts import (
    CHECK_SHARES,
    IGNORE_SHARE,
    ArchiveBar,
    ListPanel,
    input_splitter,
)
from copylens.core import SUPPORTED_SUFFIXES, CheckReport, InputFailure

STATUS_MS = 6000


class InputsArea(QtWidgets.QStackedWidget):
    """The input lists of the two modes, one page each (0: check, 1: compare).

    Signals:
        status(str, int): a message for the status bar, shown for that many ms (0: kept).
        changed(): rows changed, a folder walk ended, or another list became the active one.
        added(int): inputs were added to a list.
        textActivated(object, object): a typed or pasted text was double-clicked (its list
            and item), to open it in the text box again.
        opened(object): paths chosen in a file or folder dialog (for File › Recent).
        settingsRequested(): the web or archive row asks for the settings.
        archiveChanged(): the archive row's boxes or labels changed.
        webChanged(): the Web section changed.
    """

    status = Signal(str, int)
    changed = Signal()
    added = Signal(int)
    textActivated = Signal(object, object)
    opened = Signal(object)
    settingsRequested = Signal()
    archiveChanged = Signal()
    webChanged = Signal()

    def __init__(
        self,
        values: dict[str, Any],
        archive_action: QtGui.QAction,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._paste_count = 0
        self._skipped_shown = False
        """The last add said what its folder walk skipped (no "nothing found" over it)."""
        self._make_lists()
        self._make_panels()
        self.web_panel = self._make_web_panel(values)
        self.archive_bar = self._make_archive_bar(values, archive_action)
        self._lay_out()
        self._active_list = self.documents_list

    # --- builders -----------------------------------------------------------------------
    def _make_lists(self) -> None:
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

    def _make_panels(self) -> None:
        """Each list titled, with its own Add files / Add folder buttons."""
        ignore_tip = self.tr(
            "Templates: an assignment, a handout, a form every document fills in. Text that "
            "matches these files is never marked and does not count in the percentages."
        )
        self.panels = {
            self.documents_list: ListPanel(self.tr("Documents to check"), self.documents_list),
            self.sources_list: ListPanel(self.tr("Sources"), self.sources_list),
            self.ignore_list: ListPanel(
                self.tr("Ignore"), self.ignore_list, ignore_tip, compact=True
            ),
            self.compare_list: ListPanel(self.tr("Documents to compare"), self.compare_list),
            self.compare_ignore_list: ListPanel(
                self.tr("Ignore"), self.compare_ignore_list, ignore_tip, compact=True
            ),
        }
        for input_list, panel in self.panels.items():
            input_list.focused.connect(lambda lst=input_list: self.set_active_list(lst))
            input_list.inputsAdded.connect(self.added)
            input_list.inputsChanged.connect(self.changed)
            input_list.pathsAdded.connect(self._paths_added)
            input_list.skipped.connect(self._paths_skipped)
            input_list.notFound.connect(self._paths_not_found)
            input_list.itemDoubleClicked.connect(
                lambda item, lst=input_list: self.textActivated.emit(lst, item)
            )
            panel.open_button.clicked.connect(lambda _=False, lst=input_list: self.open_into(lst))
            panel.folder_button.clicked.connect(
                lambda _=False, lst=input_list: self.open_folder_into(lst)
            )

    def _make_web_panel(self, values: dict[str, Any]) -> WebPanel:
        panel = WebPanel()
        panel.setObjectName("webPanel")
        panel.set_values(values)
        panel.changed.connect(self.webChanged)
        panel.settingsRequested.connect(self.settingsRequested)
        return panel

    def _make_archive_bar(self, values: dict[str, Any], action: QtGui.QAction) -> ArchiveBar:
        bar = ArchiveBar(action)
        bar.setObjectName("archiveBar")
        bar.offer(values)
        bar.changed.connect(self.archiveChanged)
        bar.settingsRequested.connect(self.settingsRequested)
        return bar

    def _lay_out(self) -> None:
        self.inputs_splitter = input_splitter(
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
        self.compare_inputs_splitter = input_splitter(
            "compareInputsSplitter",
            [self.panels[lst] for lst in (self.compare_list, self.compare_ignore_list)],
            IGNORE_SHARE,
        )
        check_inputs = QtWidgets.QWidget()
        check_layout = QtWidgets.QVBoxLayout(check_inputs)
        check_layout.setContentsMargins(0, 0, 0, 0)
        check_layout.setSpacing(4)
        check_layout.addWidget(self.inputs_splitter, 1)
        check_layout.addWidget(self.archive_bar)
        self.addWidget(check_inputs)
        self.addWidget(self.compare_inputs_splitter)

    # --- the lists ----------------------------------------------------------------------
    def lists_of(self, mode: str) -> list[InputList]:
        if mode == CHECK:
            return [self.documents_list, self.sources_list, self.ignore_list]
        return [self.compare_list, self.compare_ignore_list]

    def show_mode(self, mode: str) -> None:
        self.setCurrentIndex(0 if mode == CHECK else 1)

    def active_in(self, mode: str) -> InputList:
        """Where Open and Paste put new items: the list focused last in ``mode``."""
        lists = self.lists_of(mode)
        return self._active_list if self._active_list in lists else lists[0]

    def set_active_list(self, input_list: InputList) -> None:
        self._active_list = input_list
        self.changed.emit()

    def update_counts(self, active: InputList) -> None:
        for lst, panel in self.panels.items():
            panel.update_count(active=lst is active)

    def reading(self) -> bool:
        """A folder walk of some list is under way."""
        return any(lst.scanning for lst in self.panels)

    def news_inputs(self) -> bool:
        """Compare all lists a news file (JSON Lines, a feed): one holds many items to group."""
        return any(
            isinstance(item, Path) and news_grouping.is_news_file(str(item))
            for item in self.compare_list.inputs()
        )

    # --- adding -------------------------------------------------------------------------
    def file_filters(self, target: InputList) -> str:
        """The Open files dialog's filters for ``target``: its documents first (with the news
        files for Compare all), then all files."""
        patterns = " ".join(f"*{s}" for s in sorted(SUPPORTED_SUFFIXES))
        documents, every = self.tr("Documents"), self.tr("All files")  # lupdate: not in f""
        filters = f"{documents} ({patterns});;{every} (*)"
        if target is self.compare_list:
            suffixes = sorted({*SUPPORTED_SUFFIXES, *news_grouping.NEWS_FILES})
            news = self.tr("Documents and news")
            filters = f"{news} ({' '.join(f'*{s}' for s in suffixes)});;{filters}"
        return filters

    def open_files_title(self) -> str:
        return self.tr("Open files")

    def open_into(self, target: InputList) -> None:
        """Files chosen in a dialog, added to ``target``."""
        paths, _ = QtWidgets.QFileDialog.getOpenFileNames(
            self.window(), self.open_files_title(), last_dir(), self.file_filters(target)
        )
        if paths:
            remember_dir(str(Path(paths[0]).parent))
            self.opened.emit(paths)
            target.add_paths(paths)

    def open_folder_into(self, target: InputList) -> None:
        """A folder chosen in a dialog, added to ``target``."""
        folder = QtWidgets.QFileDialog.getExistingDirectory(
            self.window(), self.tr("Open folder"), last_dir()
        )
        if folder:
            remember_dir(folder)
            self.opened.emit([folder])
            target.add_paths([folder])

    def paste_text(self, target: InputList) -> None:
        """The clipboard text becomes a document of ``target``."""
        text = QtGui.QGuiApplication.clipboard().text()
        if not text.strip():
            self.status.emit(self.tr("The clipboard has no text to paste."), STATUS_MS)
            return
        taken = {getattr(item, "name", None) for lst in self.panels for item in lst.inputs()}
        while True:
            self._paste_count += 1
            name = self.tr("Pasted text %1").replace("%1", str(self._paste_count))
            if name not in taken:
                break
        target.add_text(name, text)

    @Slot(int)
    def _paths_added(self, added: int) -> None:
        """An add has ended: say so when it found nothing (unless it said what it skipped)."""
        if not added and not self._skipped_shown:
            self.status.emit(self.tr("No new supported files found."), STATUS_MS)
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
        self.status.emit(text.replace("%3", reason), 0)
        self._skipped_shown = True

    # --- a run's inputs -------------------------------------------------------------------
    def missing_inputs(self, mode: str) -> str:
        """What ``mode``'s run lacks, in words ("" when it can start)."""
        if mode == CHECK:
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
        if self.compare_list.count() < 2 and not self.news_inputs():
            return self.tr("Add at least two documents to compare.")
        return ""

    def archive_choices(self, mode: str) -> dict[str, Any] | None:
        """The archive part of a check's RunSpec (nothing in compare mode); None, after
        saying why, when the labels cannot be read."""
        bar = self.archive_bar
        if mode != CHECK or not bar.location or not (bar.use_archive or bar.add_to_archive):
            return {}
        try:
            labels = parse_labels(bar.labels_edit.text())
        except ValueError as error:
            show_error(
                self.window(),
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

    def web_choice(self, values: dict[str, Any]) -> WebChoice | None:
        """The check's sources from the web: the Web section's addresses and, when "Search
        the web" is ticked, the settings' provider and queries (None: nothing from the web)."""
        panel = self.web_panel
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

    # --- after a run ------------------------------------------------------------------------
    def mark_failures(self, mode: str, failures: dict[str, str]) -> None:
        """Mark the files that could not be read (path: reason) in ``mode``'s lists."""
        for lst in self.lists_of(mode):
            lst.mark_errors(failures)
        if mode == CHECK:
            self.web_panel.mark_errors(failures)

    def failure_kinds(self, report: CheckReport) -> dict[str, str]:
        """Failed files of the Sources and Ignore lists by path: "source", "template"."""
        paths = [e.path for e in report.errors]
        kinds = dict.fromkeys(self.ignore_list.holding(paths), self.tr("template"))
        kinds |= dict.fromkeys(self.web_panel.holding(paths), self.tr("web page"))
        return kinds | dict.fromkeys(self.sources_list.holding(paths), self.tr("source"))

    def no_source_read(self, report: CheckReport) -> bool:
        """Every file of the Sources list failed (and the archive was not used): the
        documents' uniqueness means nothing."""
        count = self.sources_list.count()
        failed = self.sources_list.holding(e.path for e in report.errors)
        elsewhere = self.archive_bar.use_archive or self.web_panel.has_web()
        return count > 0 and len(failed) == count and not elsewhere

    def clear_errors(self, mode: str) -> None:
        for lst in self.lists_of(mode):
            lst.clear_errors()
        if mode == CHECK:
            self.web_panel.clear_errors()

    def splitters(self) -> Iterable[QtWidgets.QSplitter]:
        return (self.inputs_splitter, self.compare_inputs_splitter)


def last_dir() -> str:
    """The folder the last file dialog chose from (the home folder at first)."""
    value = settings.store().value("window/last_dir", "")
    return str(value) if value else str(Path.home())


def remember_dir(folder: str) -> None:
    settings.store().setValue("window/last_dir", folder)
