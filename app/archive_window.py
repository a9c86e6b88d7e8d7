"""The Archive window: the documents kept between runs (issue 14), listed, filtered, read,
removed and added to.

The archive is the one the settings name (an SQLite file or a ``postgresql://`` URL). Every
use of it runs off the Qt thread through the app's one background mechanism
(:class:`copylens.app.worker.Worker`), one job at a time, and each job opens the archive
itself and closes it when done (an SQLite connection belongs to the thread that opened it; a
PostgreSQL server may answer slowly): listing (documents and counts), adding files and folders
(with progress and Cancel; what was committed before a cancel stays, as with the command
line's Ctrl+C), removing, and reading one document's text for the read-only viewer.

An archive that cannot be opened is said in the window itself, in the interface language
(the engine's ``ArchiveError`` templates, context "Errors"); an SQLite file that does not
exist yet is no error: the first add creates it. Failures of an add or a removal go to the
app's one error dialog.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from copylens.app import i18n, settings
from copylens.app.errors_dialog import show_error
from copylens.app.presentation import (
    failure_text,
    labels_problem,
    labels_text,
    parse_labels,
    shown_location,
)
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.worker import Job, Work, Worker
from copylens.core import (
    SUPPORTED_SUFFIXES,
    AddReport,
    ArchivedDocument,
    ArchiveStats,
    Options,
    OptionsError,
    is_archive_url,
)

_Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_ROOT = QtCore.QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""A cell's raw value (id, words, date) that the table sorts by."""
ID_ROLE = Qt.ItemDataRole.UserRole + 2
"""The document's id in the archive (every column)."""
FILTER_DELAY_MS = 150
"""Typing in the filter box applies the filter after this pause (a large archive is filtered
row by row in Python)."""

Values = Callable[[], dict[str, Any]]
"""What the window reads its archive and options from: the main window's settings values."""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("ArchiveWindow", text)


class ArchiveModel(QtCore.QAbstractTableModel):
    """The archived documents: id, name, date added, words, labels."""

    COLUMNS = (
        QtCore.QT_TRANSLATE_NOOP("ArchiveWindow", "ID"),
        QtCore.QT_TRANSLATE_NOOP("ArchiveWindow", "Name"),
        QtCore.QT_TRANSLATE_NOOP("ArchiveWindow", "Added"),
        QtCore.QT_TRANSLATE_NOOP("ArchiveWindow", "Words"),
        QtCore.QT_TRANSLATE_NOOP("ArchiveWindow", "Labels"),
    )
    ID, NAME, ADDED, WORDS, LABELS = range(5)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._documents: list[ArchivedDocument] = []
        self._labels: list[str] = []
        self._added: list[str] = []
        self._haystacks: list[str] = []

    def set_documents(self, documents: Sequence[ArchivedDocument]) -> None:
        self.beginResetModel()
        self._documents = list(documents)
        self._labels = [labels_text(d.labels) for d in self._documents]
        self._added = [_local_time(d.added) for d in self._documents]
        self._haystacks = [
            f"{d.name}\n{d.path}\n{labels}\n#{d.id}".casefold()
            for d, labels in zip(self._documents, self._labels, strict=True)
        ]
        self.endResetModel()

    def document(self, row: int) -> ArchivedDocument:
        return self._documents[row]

    def documents(self) -> list[ArchivedDocument]:
        return list(self._documents)

    def matches(self, row: int, terms: Sequence[tuple[str, str | None]]) -> bool:
        """Whether the row's document matches every filter term (see :func:`filter_terms`)."""
        haystack = self._haystacks[row]
        labels = self._documents[row].labels
        for key, value in terms:
            if value is None:
                if key not in haystack:
                    return False
            elif not any(k.casefold() == key and value in v.casefold() for k, v in labels):
                return False
        return True

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._documents)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _tr(str(self.COLUMNS[section]))
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        d = self._documents[row]
        if role == ID_ROLE:
            return d.id
        if role == SORT_ROLE:
            return (d.id, d.name.casefold(), d.added, d.words, self._labels[row].casefold())[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(d.id), d.name, self._added[row], str(d.words), self._labels[row])[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.NAME:
                return d.path
            if column == self.LABELS:
                return self._labels[row] or None
            if column == self.ADDED:
                return d.added
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.ID, self.WORDS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ArchiveFilter(QtCore.QSortFilterProxyModel):
    """The rows matching the filter box: every comma-separated term must match; ``key=value``
    a label (the key exactly, the value in part, case ignored), other words the name, path,
    labels or id."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._terms: list[tuple[str, str | None]] = []
        self.setSortRole(SORT_ROLE)

    def set_text(self, text: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt ≥ 6.9: invalidateRowsFilter is deprecated
            self.beginFilterChange()
            self._terms = filter_terms(text)
            self.endFilterChange(QtCore.QSortFilterProxyModel.Direction.Rows)
        else:
            self._terms = filter_terms(text)
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, row: int, parent: _Index) -> bool:
        model = self.sourceModel()
        return not self._terms or (
            isinstance(model, ArchiveModel) and model.matches(row, self._terms)
        )


def filter_terms(text: str) -> list[tuple[str, str | None]]:
    """The filter box's terms, case-folded: ``"author=iv, essay"`` → ``[("author", "iv"),
    ("essay", None)]`` (None: a plain word)."""
    terms: list[tuple[str, str | None]] = []
    for part in text.split(","):
        part = part.strip().casefold()
        if not part:
            continue
        key, sep, value = part.partition("=")
        if sep and key.strip():
            terms.append((key.strip(), value.strip()))
        else:
            terms.append((part, None))
    return terms


class ArchivedTextDialog(QtWidgets.QDialog):
    """One archived document's text, read-only, as the archive holds it (the offsets of the
    fragments found in it refer to this text)."""

    def __init__(
        self, document: ArchivedDocument, words: str, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("archivedTextDialog")
        self.document = document
        self.setWindowTitle(
            _tr("%1 — archive #%2").replace("%1", document.name).replace("%2", str(document.id))
        )
        facts = [
            _tr("Added %1").replace("%1", _local_time(document.added)),
            words,
        ]
        if document.labels:
            facts.append(labels_text(document.labels))
        self.facts_label = QtWidgets.QLabel("  ·  ".join(facts))
        self.facts_label.setTextFormat(Qt.TextFormat.PlainText)
        self.facts_label.setWordWrap(True)
        self.path_label = QtWidgets.QLabel(document.path)
        self.path_label.setTextFormat(Qt.TextFormat.PlainText)
        self.path_label.setEnabled(False)
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text_box = QtWidgets.QPlainTextEdit()
        self.text_box.setObjectName("archivedText")
        self.text_box.setReadOnly(True)
        self.text_box.setPlaceholderText(_tr("Reading the text from the archive…"))
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.facts_label)
        layout.addWidget(self.path_label)
        layout.addWidget(self.text_box, 1)
        layout.addWidget(buttons)
        self.resize(720, 560)

    def set_text(self, text: str) -> None:
        self.text_box.setPlainText(text)

    def set_failed(self, message: str) -> None:
        self.text_box.setPlaceholderText(message)


class ArchiveWindow(QtWidgets.QWidget):
    """The archive's documents and what can be done with them (see the module's words).

    Signals:
        settingsRequested(): the user asked for the settings (to choose an archive).
        changed(): documents were added or removed.
    """

    settingsRequested = Signal()
    changed = Signal()

    def __init__(self, values: Values, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("archiveWindow")
        self.setWindowTitle(self.tr("Archive — CopyLens"))
        self._values = values
        self.worker = Worker(self)
        self._job: Job[Any] | None = None
        self._location = ""
        self.stats: ArchiveStats | None = None
        self.load_error = ""
        """Why the archive could not be opened (in the interface language), or empty."""
        self.last_add: AddReport | None = None
        self._missing = False
        self._reload_wanted = False
        self.text_dialogs: list[ArchivedTextDialog] = []

        sp = QtWidgets.QStyle.StandardPixmap
        self.location_label = QtWidgets.QLabel()
        self.location_label.setObjectName("archiveLocationLabel")
        self.location_label.setTextFormat(Qt.TextFormat.PlainText)
        self.location_label.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.settings_button = QtWidgets.QPushButton(self.tr("Change in Settings…"))
        self.settings_button.clicked.connect(self.settingsRequested)
        self.refresh_button = QtWidgets.QPushButton(
            self.style().standardIcon(sp.SP_BrowserReload), self.tr("Refresh")
        )
        self.refresh_button.setShortcut(QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.Refresh))
        self.refresh_button.clicked.connect(self.reload)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.location_label, 1)
        top.addWidget(self.refresh_button)
        top.addWidget(self.settings_button)

        self.banner = QtWidgets.QLabel()
        self.banner.setObjectName("archiveBanner")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.setMargin(8)
        self.banner.hide()

        self.filter_edit = QtWidgets.QLineEdit()
        self.filter_edit.setObjectName("archiveFilter")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setPlaceholderText(
            self.tr("Words of the name, or a label such as author=Ivanov")
        )
        self.filter_edit.setToolTip(
            self.tr(
                "Shows the documents matching every comma-separated term: key=value matches a "
                "label (author=iva finds author=Ivanova), other words the name, path or labels."
            )
        )
        self._filter_timer = QtCore.QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self.apply_filter)
        self.filter_edit.textChanged.connect(lambda _text: self._filter_timer.start())
        filter_label = QtWidgets.QLabel(self.tr("&Filter:"))
        filter_label.setBuddy(self.filter_edit)
        self.counts_label = QtWidgets.QLabel()
        self.counts_label.setObjectName("archiveCounts")
        filter_row = QtWidgets.QHBoxLayout()
        filter_row.addWidget(filter_label)
        filter_row.addWidget(self.filter_edit, 1)
        filter_row.addSpacing(12)
        filter_row.addWidget(self.counts_label)

        self.model = ArchiveModel(self)
        self.proxy = ArchiveFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QtWidgets.QTableView()
        self.table.setObjectName("archiveTable")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().hide()
        head = self.table.horizontalHeader()
        head.setHighlightSections(False)
        head.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(ArchiveModel.NAME, QtWidgets.QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(ArchiveModel.LABELS, QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(ArchiveModel.ID, Qt.SortOrder.DescendingOrder)
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_ui())

        self.open_button = QtWidgets.QPushButton(
            self.style().standardIcon(sp.SP_FileDialogContentsView), self.tr("Open text")
        )
        self.open_button.setToolTip(self.tr("Read the archived text of the selected document"))
        self.open_button.clicked.connect(self.open_selected)
        self.remove_button = QtWidgets.QPushButton(
            self.style().standardIcon(sp.SP_TrashIcon), self.tr("Remove…")
        )
        self.remove_button.setToolTip(self.tr("Remove the selected documents from the archive"))
        self.remove_button.clicked.connect(self.remove_selected)
        self.remove_action = QtGui.QAction(self.tr("Remove…"), self.table)
        self.remove_action.setShortcut(QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.Delete))
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.remove_action.triggered.connect(self.remove_selected)
        self.table.addAction(self.remove_action)
        selection_row = QtWidgets.QHBoxLayout()
        selection_row.addWidget(self.open_button)
        selection_row.addWidget(self.remove_button)
        selection_row.addStretch(1)

        self.add_files_button = QtWidgets.QPushButton(
            self.style().standardIcon(sp.SP_DialogOpenButton), self.tr("Add files…")
        )
        self.add_files_button.clicked.connect(self.choose_files)
        self.add_folder_button = QtWidgets.QPushButton(
            self.style().standardIcon(sp.SP_DirOpenIcon), self.tr("Add folder…")
        )
        self.add_folder_button.clicked.connect(self.choose_folder)
        self.labels_edit = QtWidgets.QLineEdit()
        self.labels_edit.setObjectName("archiveAddLabels")
        self.labels_edit.setClearButtonEnabled(True)
        self.labels_edit.setPlaceholderText(self.tr("author=Ivanova, group=301, year=2024"))
        self._labels_tip = self.tr(
            "Labels stored with the documents added now, as key=value pairs separated by "
            "commas. An archived source whose author is the checked document's author is "
            "marked as self-citation."
        )
        self.labels_edit.setToolTip(self._labels_tip)
        self.labels_edit.textChanged.connect(lambda _text: self._update_ui())
        labels_label = QtWidgets.QLabel(self.tr("&Labels of added documents:"))
        labels_label.setBuddy(self.labels_edit)
        add_row = QtWidgets.QHBoxLayout()
        add_row.addWidget(labels_label)
        add_row.addWidget(self.labels_edit, 1)
        add_row.addWidget(self.add_files_button)
        add_row.addWidget(self.add_folder_button)
        add_box = QtWidgets.QGroupBox(self.tr("Add to the archive"))
        add_box.setLayout(add_row)

        self.progress_label = QtWidgets.QLabel()
        self.progress_label.setObjectName("archiveProgressLabel")
        self.progress_bar = QtWidgets.QProgressBar()
        self.progress_bar.setObjectName("archiveProgress")
        self.progress_bar.setTextVisible(False)
        self.cancel_button = QtWidgets.QPushButton(
            self.style().standardIcon(sp.SP_BrowserStop), self.tr("Cancel")
        )
        self.cancel_button.setObjectName("archiveCancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.status_label = QtWidgets.QLabel()
        self.status_label.setObjectName("archiveStatus")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        bottom = QtWidgets.QHBoxLayout()
        bottom.addWidget(self.status_label, 1)
        bottom.addWidget(self.progress_label)
        bottom.addWidget(self.progress_bar)
        bottom.addWidget(self.cancel_button)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addLayout(filter_row)
        layout.addWidget(self.table, 1)
        layout.addLayout(selection_row)
        layout.addWidget(add_box)
        layout.addLayout(bottom)
        self.resize(900, 600)
        self._show_progress(False)
        self.reload()

    # ------------------------------------------------------------------ state

    @property
    def location(self) -> str:
        """The archive the window shows (the settings' ``archive``)."""
        return self._location

    def busy(self) -> bool:
        """A job (listing, adding, removing) is under way."""
        return self._job is not None and self._job.is_running()

    def job(self) -> Job[Any] | None:
        """The current or last job (for tests)."""
        return self._job

    def missing(self) -> bool:
        """The archive does not exist yet (an SQLite file not there, a PostgreSQL database
        without its tables): the first add creates it."""
        return self._missing

    def _missing_file(self) -> bool:
        return (
            bool(self._location)
            and not is_archive_url(self._location)
            and not (Path(self._location).exists())
        )

    def _update_ui(self) -> None:
        busy = self.busy()
        usable = bool(self._location) and not self.load_error
        selected = bool(self.selected_ids())
        labels_ok = self.labels_problem() == ""
        for button in (self.add_files_button, self.add_folder_button):
            button.setEnabled(
                bool(self._location) and not busy and labels_ok and (usable or self._missing)
            )
        self.open_button.setEnabled(usable and len(self.selected_ids()) == 1)
        self.remove_button.setEnabled(usable and selected and not busy)
        self.remove_action.setEnabled(self.remove_button.isEnabled())
        self.refresh_button.setEnabled(bool(self._location) and not busy)
        self.filter_edit.setEnabled(usable)
        self.labels_edit.setStyleSheet("" if labels_ok else "color: #C62828;")
        problem = self.labels_problem()
        self.labels_edit.setToolTip(
            f"{problem}\n\n{self._labels_tip}" if problem else self._labels_tip
        )

    def labels_problem(self) -> str:
        """Why the labels field cannot be read, or empty."""
        template = self.tr("Not a key=value label: “%1”")
        return labels_problem(self.labels_edit.text(), template)

    def _show_progress(self, shown: bool) -> None:
        for widget in (self.progress_label, self.progress_bar, self.cancel_button):
            widget.setVisible(shown)

    def _set_banner(self, text: str, error: bool) -> None:
        self.banner.setText(text)
        color = "#FDECEA; color: #8E1B1B" if error else "#EEF3F8; color: #333333"
        self.banner.setStyleSheet(f"background: {color}; border-radius: 4px;")
        self.banner.setVisible(bool(text))

    def _show_counts(self) -> None:
        language = i18n.current_language()
        stats = self.stats
        if stats is None:
            self.counts_label.clear()
            return
        parts = [
            self.documents_text(stats.documents),
            self.words_text(stats.words),
            self.tr("%1 stored").replace("%1", self.size_text(stats.bytes, language)),
            self.tr("%1 on disk").replace("%1", self.size_text(stats.disk_bytes, language)),
        ]
        shown = self.proxy.rowCount()
        if shown != self.model.rowCount():
            parts.insert(
                0,
                self.tr("shown %1 of %2")
                .replace("%1", str(shown))
                .replace("%2", str(self.model.rowCount())),
            )
        self.counts_label.setText("  ·  ".join(parts))

    def documents_text(self, count: int) -> str:
        return self.tr("1 document") if count == 1 else self.tr("%n documents", "", count)

    def words_text(self, count: int) -> str:
        return self.tr("1 word") if count == 1 else self.tr("%n words", "", count)

    def size_text(self, size: int, language: str = "en") -> str:
        """A size as people read it: "820 bytes", "14 KB", "3.2 MB" ("3,2 МБ" in Russian)."""
        units = (
            (1024**3, self.tr("%1 GB")),
            (1024**2, self.tr("%1 MB")),
            (1024, self.tr("%1 KB")),
        )
        for scale, template in units:
            if size >= scale:
                value = size / scale
                text = f"{value:.1f}" if value < 10 else f"{value:.0f}"
                if language.startswith("ru"):
                    text = text.replace(".", ",")
                return template.replace("%1", text)
        return self.tr("1 byte") if size == 1 else self.tr("%n bytes", "", size)

    # ------------------------------------------------------------------ listing

    def reload(self) -> None:
        """Read the settings' archive again and list its documents (in the background)."""
        values = self._values()
        self._location = str(values.get("archive", "") or "")
        shown = shown_location(self._location)
        self.location_label.setText(
            self.tr("Archive: %1").replace("%1", shown) if shown else self.tr("Archive: none")
        )
        self.location_label.setToolTip(shown)
        self.load_error = ""
        self.stats = None
        self._missing = False
        if self.busy():
            self._reload_wanted = True  # when the job under way ends
            self._update_ui()
            return
        self._reload_wanted = False
        if not self._location:
            self.model.set_documents([])
            self._set_banner(
                self.tr(
                    "No archive is chosen. Choose an SQLite file or enter a PostgreSQL "
                    "address in Settings (Archive)."
                ),
                error=False,
            )
            self._finish_listing()
            return
        if self._missing_file():
            self._listed(None)
            return
        location = self._location

        def listing(_work: Work) -> tuple[list[ArchivedDocument], ArchiveStats] | None:
            from copylens.core import ArchiveMissing, open_archive

            try:
                archive = open_archive(location)
            except ArchiveMissing:  # an empty PostgreSQL database
                return None
            with archive:
                return archive.documents(), archive.stats()

        self.counts_label.setText(self.tr("Reading the archive…"))
        self._start(listing, done=self._listed, failed=self._listing_failed, name="archive-list")

    def _listed(self, result: tuple[list[ArchivedDocument], ArchiveStats] | None) -> None:
        if result is None:
            self._missing = True
            self.model.set_documents([])
            self._set_banner(
                self.tr("There is no archive here yet. Add files or a folder to create it."),
                error=False,
            )
        else:
            documents, self.stats = result
            self._set_banner("", error=False)
            self.model.set_documents(documents)
        self._finish_listing()

    def _listing_failed(self, message: str, details: str) -> None:
        self.load_error = message
        self.model.set_documents([])
        self._set_banner(
            self.tr("The archive cannot be opened: %1").replace("%1", message), error=True
        )
        self._finish_listing()
        if details:  # a bug, not an archive problem: its traceback goes to the error dialog
            show_error(self, message, details)

    def _finish_listing(self) -> None:
        self.apply_filter()
        self._update_ui()
        if self._reload_wanted and not self.busy():
            self._reload_wanted = False
            QtCore.QTimer.singleShot(0, self.reload)

    def apply_filter(self) -> None:
        self._filter_timer.stop()
        self.proxy.set_text(self.filter_edit.text())
        self._show_counts()

    # ------------------------------------------------------------------ selection

    def selected_ids(self) -> list[int]:
        rows = self.table.selectionModel().selectedRows()
        return [int(self.proxy.data(index, ID_ROLE)) for index in rows]

    def select_ids(self, ids: Sequence[int]) -> None:
        """Select the rows of these documents (tests, and after an add)."""
        selection = QtCore.QItemSelection()
        wanted = set(ids)
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if int(self.proxy.data(index, ID_ROLE)) in wanted:
                last = self.proxy.index(row, self.proxy.columnCount() - 1)
                selection.select(index, last)
        flags = (
            QtCore.QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QtCore.QItemSelectionModel.SelectionFlag.Rows
        )
        self.table.selectionModel().select(selection, flags)

    def shown_documents(self) -> list[ArchivedDocument]:
        """The documents the table shows, in its order."""
        return [
            self.model.document(self.proxy.mapToSource(self.proxy.index(row, 0)).row())
            for row in range(self.proxy.rowCount())
        ]

    # ------------------------------------------------------------------ reading a text

    def open_selected(self) -> ArchivedTextDialog | None:
        """Open the selected document's text in a read-only viewer."""
        ids = self.selected_ids()
        if len(ids) != 1 or not self._location:
            return None
        [document] = [d for d in self.model.documents() if d.id == ids[0]]
        dialog = ArchivedTextDialog(document, self.words_text(document.words), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda _=None, d=dialog: self._forget_dialog(d))
        self.text_dialogs.append(dialog)
        location = self._location

        def read(_work: Work) -> str:
            from copylens.core import open_archive

            with open_archive(location) as archive:
                return archive.text(document.id)

        self.worker.start(
            read,
            done=dialog.set_text,
            failed=lambda message, details: self._text_failed(dialog, message, details),
            name="archive-text",
        )
        dialog.show()
        return dialog

    def _text_failed(self, dialog: ArchivedTextDialog, message: str, details: str) -> None:
        if dialog in self.text_dialogs:
            dialog.set_failed(message)
        show_error(self, message, details)

    def _forget_dialog(self, dialog: ArchivedTextDialog) -> None:
        if dialog in self.text_dialogs:
            self.text_dialogs.remove(dialog)

    # ------------------------------------------------------------------ removing

    def confirm(self, title: str, text: str) -> bool:
        """Ask before something that cannot be undone (a question box; tests replace it)."""
        answer = QtWidgets.QMessageBox.question(
            self,
            title,
            text,
            QtWidgets.QMessageBox.StandardButton.Yes | QtWidgets.QMessageBox.StandardButton.No,
            QtWidgets.QMessageBox.StandardButton.No,
        )
        return answer == QtWidgets.QMessageBox.StandardButton.Yes

    def remove_selected(self) -> bool:
        """Remove the selected documents after a confirmation; True when it started."""
        ids = self.selected_ids()
        if not ids or self.busy() or not self._location:
            return False
        if len(ids) == 1:
            [document] = [d for d in self.model.documents() if d.id == ids[0]]
            question = self.tr("Remove “%1” (archive #%2) from the archive?")
            question = question.replace("%1", document.name).replace("%2", str(document.id))
        else:
            question = self.tr("Remove %n documents from the archive?", "", len(ids))
        question += "\n\n" + self.tr(
            "Their texts are deleted from the archive; later checks no longer find them. "
            "The original files are not touched."
        )
        if not self.confirm(self.tr("Remove from the archive"), question):
            return False
        location = self._location

        def remove(_work: Work) -> list[int]:
            from copylens.core import open_archive

            with open_archive(location) as archive:
                return archive.remove(ids)

        self.status_label.setText(self.tr("Removing…"))
        self._start(remove, done=self._removed, failed=self._action_failed, name="archive-remove")
        return True

    def _removed(self, removed: list[int]) -> None:
        self.status_label.setText(
            self.tr("Removed from the archive: %1").replace("%1", str(len(removed)))
        )
        self.changed.emit()
        self.reload()

    # ------------------------------------------------------------------ adding

    def choose_files(self) -> None:
        patterns = " ".join(f"*{s}" for s in sorted(SUPPORTED_SUFFIXES))
        documents, every = self.tr("Documents"), self.tr("All files")  # lupdate: not in f""
        filters = f"{documents} ({patterns});;{every} (*)"
        paths, _ = QtWidgets.QFileDialog.getOpenFileNames(
            self, self.tr("Add files to the archive"), _last_dir(), filters
        )
        if paths:
            _remember_dir(str(Path(paths[0]).parent))
            self.add_paths(paths)

    def choose_folder(self) -> None:
        folder = QtWidgets.QFileDialog.getExistingDirectory(
            self, self.tr("Add a folder to the archive"), _last_dir()
        )
        if folder:
            _remember_dir(folder)
            self.add_paths([folder])

    def add_paths(self, paths: Sequence[str | os.PathLike[str]]) -> bool:
        """Add files and folders (read recursively) with the labels of the labels field, in
        the background with progress; True when the add started."""
        if self.busy() or not self._location or not paths:
            return False
        try:
            labels = parse_labels(self.labels_edit.text())
        except ValueError:
            show_error(self, self.labels_problem(), "")
            return False
        try:
            options = settings.to_options(self._values())
        except OptionsError as error:
            show_error(self, self.tr("The settings are not valid."), "\n".join(error.problems))
            return False
        location = self._location
        given = [Path(p) for p in paths]

        def add(work: Work) -> AddReport:
            return _add(location, given, options, labels, work)

        self.last_add = None
        self.status_label.clear()
        self.progress_label.setText(self.tr("Reading the files…"))
        self.progress_bar.setRange(0, 0)
        self._show_progress(True)
        self.cancel_button.setEnabled(True)
        self._start(
            add,
            done=self._added,
            failed=self._add_failed,
            cancelled=self._add_cancelled,
            progress=self._add_progress,
            name="archive-add",
        )
        return True

    def _add_progress(self, stage: str, done: int, total: int) -> None:
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)
        text = self.tr("Adding %1 / %2") if stage == "archiving" else self.tr("Reading %1 / %2")
        self.progress_label.setText(text.replace("%1", str(done)).replace("%2", str(total)))

    def _added(self, report: AddReport) -> None:
        self.last_add = report
        self._show_progress(False)
        parts = [
            self.tr("Added: %1").replace("%1", str(report.added)),
            self.tr("identical to earlier records: %1").replace("%1", str(report.identical)),
            self.tr("already in the archive: %1").replace("%1", str(report.skipped)),
        ]
        translate = QtCore.QCoreApplication.translate
        if report.errors:
            parts.append(self.tr("could not be read: %1").replace("%1", str(len(report.errors))))
            self.status_label.setToolTip(
                "\n".join(f"{e.path}: {failure_text(e, translate)}" for e in report.errors)
            )
        else:
            self.status_label.setToolTip("")
        self.status_label.setText(" · ".join(parts))
        if report.added:
            self.changed.emit()
        self.reload()

    def _add_failed(self, message: str, details: str) -> None:
        self._show_progress(False)
        self.status_label.setText(self.tr("Adding stopped with an error."))
        self.reload()
        show_error(self, message, details)

    def _add_cancelled(self) -> None:
        self._show_progress(False)
        self.status_label.setText(
            self.tr("Adding cancelled: the documents stored before it stay in the archive.")
        )
        self.changed.emit()
        self.reload()

    def cancel(self) -> bool:
        """Stop the add under way (what was committed stays); False when there is none."""
        if self._job is None or not self._job.cancel():
            return False
        self.cancel_button.setEnabled(False)
        self.progress_label.setText(self.tr("Cancelling…"))
        return True

    # ------------------------------------------------------------------ jobs

    def _start(self, function: Callable[[Work], Any], **callbacks: Any) -> None:
        self._job = self.worker.start(function, **callbacks)
        self._update_ui()

    def _action_failed(self, message: str, details: str) -> None:
        self.status_label.clear()
        self.reload()
        show_error(self, message, details)

    def shutdown(self) -> None:
        """Cancel what runs and wait for it (the main window is closing)."""
        self.worker.shutdown()

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self.filter_edit.setFocus()


def _add(
    location: str, paths: list[Path], options: Options, labels: dict[str, str], work: Work
) -> AddReport:
    """The add job: open (or create) the archive, adapt the options to its settings, add."""
    from copylens.core import add_to_archive, open_archive, with_archive_settings

    with open_archive(location, options, create=True) as archive:
        options = with_archive_settings(options, archive)
        return add_to_archive(
            archive, paths, options, labels, progress=work.progress, cancel=work.cancelled
        )


def _local_time(added: str) -> str:
    """An ISO 8601 time (UTC, as the archive stores it) in this computer's time zone."""
    try:
        return datetime.fromisoformat(added).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return added


def _last_dir() -> str:
    value = settings.store().value("window/last_dir", "")
    return str(value) if value else str(Path.home())


def _remember_dir(folder: str) -> None:
    settings.store().setValue("window/last_dir", folder)
