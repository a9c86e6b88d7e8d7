"""The check results page: the checked documents (name, uniqueness) beside the selected one.

Results stream in while the engine runs (:meth:`CheckPage.add_document`); they are listed in
batches, so that a burst of 200 documents does not hold the event loop (one list insert with
its update costs about a millisecond). The selected document is shown by ``DocumentView``.

Files that could not be read (the report's ``errors``) are listed too, greyed, with a warning
icon and their reason, after the checked documents whatever the sort; selecting one shows the
reason and what to do instead of a document. Rows are named by
:func:`~copylens.app.presentation.display_names`: two ``essay.docx`` from different folders
read ``2023/essay.docx`` and ``2024/essay.docx``.
"""

from __future__ import annotations

import functools
import html
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from copylens.app import i18n
from copylens.app.errors_dialog import failure_advice
from copylens.app.palette import uniqueness_hex
from copylens.app.presentation import (
    display_names,
    failure_text,
    is_web_address,
    percent,
    web_name,
)
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal, Slot
from copylens.app.views.document_view import DocumentView
from copylens.core import CheckReport, DocumentResult, InputFailure

UNIQUENESS_ROLE = Qt.ItemDataRole.UserRole
PATH_ROLE = Qt.ItemDataRole.UserRole + 1
FLUSH_BATCH = 40
"""Results shown per event-loop turn while a run streams them in (≈ 5 ms of list work)."""
FLUSH_DELAY_MS, FLUSH_NEXT_MS = 50, 15
"""Wait this long to gather streaming results into a batch; then the next batch after this."""


def _tr(text: str) -> str:
    """The window's translations: these strings were the window's own and keep its context."""
    return QtCore.QCoreApplication.translate("MainWindow", text)


class CheckPage(QtWidgets.QWidget):
    """The results tree (``resultsTree``) and the document view, in ``resultsSplitter``."""

    rowsAdded = Signal()
    """Results were listed (the window leaves its placeholder)."""
    failuresRequested = Signal()
    """The user asked for the list of every file that could not be read."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: dict[str, tuple[DocumentResult, str]] = {}
        """Listed results by path: (result, its text)."""
        self.failures: dict[str, InputFailure] = {}
        """Listed files that could not be read, by path."""
        self._file_names: Counter[str] = Counter()
        """How many listed rows have each file name."""
        self._pending: list[tuple[DocumentResult, str]] = []
        self._report: CheckReport | None = None
        self._flush_timer = QtCore.QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.timeout.connect(self._flush)

        self.results_tree = QtWidgets.QTreeWidget()
        self.results_tree.setObjectName("resultsTree")
        self.results_tree.setRootIsDecorated(False)
        self.results_tree.setUniformRowHeights(True)
        self.results_tree.setAlternatingRowColors(True)
        self.results_tree.setMinimumWidth(200)  # a wide result view must not squeeze it away
        self.results_tree.setHeaderLabels([_tr("Checked document"), _tr("Uniqueness")])
        header = self.results_tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.results_tree.setSortingEnabled(True)
        self.results_tree.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        self.results_tree.currentItemChanged.connect(self._result_selected)
        detail_holder = QtWidgets.QWidget()
        detail_layout = QtWidgets.QVBoxLayout(detail_holder)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        self.document_view = DocumentView(detail_holder)  # built now, not while results stream
        self.document_view.setObjectName("documentView")
        self.failure_panel = _FailurePanel()
        self.failure_panel.setObjectName("failurePanel")
        self.failure_panel.button.clicked.connect(self.failuresRequested)
        self.detail_stack = QtWidgets.QStackedWidget()
        self.detail_stack.addWidget(self.document_view)
        self.detail_stack.addWidget(self.failure_panel)
        detail_layout.addWidget(self.detail_stack)
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("resultsSplitter")
        self.splitter.addWidget(self.results_tree)
        self.splitter.addWidget(detail_holder)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([300, 900])
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

    def has_results(self) -> bool:
        return self.results_tree.topLevelItemCount() > 0

    def clear(self) -> None:
        """Drop every result (a new run starts)."""
        self._flush_timer.stop()
        self._pending.clear()
        self.results.clear()
        self.failures.clear()
        self._file_names.clear()
        self._report = None
        self.results_tree.clear()
        self.detail_stack.setCurrentWidget(self.document_view)

    def add_document(self, result: DocumentResult, text: str) -> None:
        """Queue a streamed result; it is listed with the next batch."""
        self._pending.append((result, text))
        if not self._flush_timer.isActive():
            self._flush_timer.start(FLUSH_DELAY_MS)

    def flush(self) -> None:
        """List every queued result now (the run ended: what was ready stays visible)."""
        self._flush_timer.stop()
        self._flush(limit=len(self._pending))

    def show_report(self, report: CheckReport, kinds: Mapping[str, str] | None = None) -> None:
        """The run's report: list what did not stream in and the files that could not be
        read (``kinds`` may name the list a failed file came from: "source", "template"),
        then show the selected row with the sources' texts now at hand (in its own
        event-loop turn)."""
        self.flush()
        self._report = report
        for result in report.documents:
            if result.path not in self.results:
                self._pending.append((result, report.texts.get(result.path, "")))
        self.flush()
        self._add_failures(report.errors, kinds or {})
        QtCore.QTimer.singleShot(0, self.show_current_document)

    def _add_failures(self, failures: tuple[InputFailure, ...], kinds: Mapping[str, str]) -> None:
        new = [f for f in failures if f.path not in self.failures]
        if not new:
            return
        translate = QtCore.QCoreApplication.translate
        items = []
        for failure in new:
            self.failures[failure.path] = failure
            reason = failure_text(failure, translate)
            items.append(_FailedItem(failure, reason, kinds.get(failure.path, "")))
        tree = self.results_tree
        sorting = tree.isSortingEnabled()
        tree.setSortingEnabled(False)
        tree.addTopLevelItems(items)
        self._update_names([f.path for f in new])
        tree.setSortingEnabled(sorting)
        first = tree.topLevelItem(0)
        if tree.currentItem() is None and first is not None:
            tree.setCurrentItem(first)
        self.rowsAdded.emit()

    def show_current_document(self) -> None:
        item = self.results_tree.currentItem()
        if isinstance(item, _FailedItem):
            self.failure_panel.show_failure(item.failure, item.reason)
            self.detail_stack.setCurrentWidget(self.failure_panel)
            return
        if item is None or item.data(0, PATH_ROLE) not in self.results:
            return
        self.detail_stack.setCurrentWidget(self.document_view)
        result, text = self.results[item.data(0, PATH_ROLE)]
        sources: dict[str, str] = {}
        if self._report is not None:  # by SourceMatch.key: an archived source's is archive:ID
            for s in result.sources:
                source_text = self._report.text_of(s)
                if source_text is not None:
                    sources[s.key] = source_text
        self.document_view.show_result(result, text, sources)

    @Slot(QtWidgets.QTreeWidgetItem, QtWidgets.QTreeWidgetItem)
    def _result_selected(self, _current: Any, _previous: Any) -> None:
        self.show_current_document()

    @Slot()
    def _flush(self, limit: int = FLUSH_BATCH) -> None:
        """List up to ``limit`` queued results; the rest follow on the timer, so that the
        event loop turns (and repaints) between batches."""
        pending, self._pending = self._pending[:limit], self._pending[limit:]
        if self._pending:
            self._flush_timer.start(FLUSH_NEXT_MS)
        if not pending:
            return
        tree = self.results_tree
        sorting = tree.isSortingEnabled()
        tree.setSortingEnabled(False)
        items = []
        for result, text in pending:
            self.results[result.path] = (result, text)
            items.append(_ResultItem(result))
        tree.addTopLevelItems(items)
        self._update_names([result.path for result, _text in pending])
        tree.setSortingEnabled(sorting)
        if tree.currentItem() is None:
            tree.blockSignals(True)  # render the document in its own event-loop turn
            tree.setCurrentItem(items[0])
            tree.blockSignals(False)
            QtCore.QTimer.singleShot(30, self.show_current_document)
        self.rowsAdded.emit()

    def _update_names(self, new: list[str]) -> None:
        """Name every row by its shortest distinguishing path (``2024/essay.docx``). The
        names are worked out again only when a ``new`` path's file name is taken (10 ms for
        2,000 paths, too long for every batch)."""
        names_new = [Path(p).name for p in new]
        self._file_names.update(names_new)
        if all(self._file_names[name] == 1 for name in names_new):
            return
        names = display_names([*self.results, *self.failures])
        tree = self.results_tree
        for row in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(row)
            if isinstance(item, _ResultItem | _FailedItem):
                item.set_name(names.get(item.data(0, PATH_ROLE), item.text(0)))


class _ResultItem(QtWidgets.QTreeWidgetItem):
    """A checked document: name and uniqueness, coloured, sorted by value."""

    def __init__(self, result: DocumentResult) -> None:
        super().__init__()
        name = Path(result.path).name or result.path
        self.setText(0, name)
        self.setData(0, PATH_ROLE, result.path)
        self.setToolTip(0, result.path)
        # as the document's header writes it ("1.9 %", not "2 %")
        self.setText(1, percent(result.uniqueness, i18n.current_language()))
        self.setData(1, UNIQUENESS_ROLE, result.uniqueness)
        self.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        color = uniqueness_hex(result.uniqueness)
        self.setForeground(1, QtGui.QColor(color))
        self.setIcon(1, _dot(color))
        font = self.font(1)
        font.setBold(True)
        self.setFont(1, font)
        # Sort keys as plain attributes: Qt calls __lt__ n·log n times when a batch arrives.
        self.uniqueness = result.uniqueness
        self.name_key = name.casefold()

    def set_name(self, name: str) -> None:
        if name != self.text(0):
            self.setText(0, name)
            self.name_key = name.casefold()

    def __lt__(self, other: QtWidgets.QTreeWidgetItem) -> bool:
        if isinstance(other, _FailedItem):
            return _ascending(self.treeWidget())  # checked documents first, in either order
        if not isinstance(other, _ResultItem):
            return NotImplemented
        tree = self.treeWidget()
        if tree is not None and tree.sortColumn() == 1 and self.uniqueness != other.uniqueness:
            return self.uniqueness < other.uniqueness
        return self.name_key < other.name_key


class _FailedItem(QtWidgets.QTreeWidgetItem):
    """A file that could not be read: greyed, a warning icon, its name and reason; listed
    after the checked documents whatever the sort."""

    def __init__(self, failure: InputFailure, reason: str, kind: str = "") -> None:
        super().__init__()
        self.failure = failure
        self.reason = reason
        self.kind = kind
        self.setData(0, PATH_ROLE, failure.path)
        self.setText(1, _tr("not read"))
        self.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        style = QtWidgets.QApplication.style()
        self.setIcon(0, style.standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning))
        grey = QtWidgets.QApplication.palette().color(QtGui.QPalette.ColorRole.PlaceholderText)
        for column in (0, 1):
            self.setForeground(column, grey)
            self.setToolTip(column, f"{failure.path}\n\n{reason}")
        self.name_key = ""
        self.set_name(_input_name(failure.path))

    def set_name(self, name: str) -> None:
        """Show ``name`` (and the list the file came from, if not the documents) and reason."""
        self.name_key = name.casefold()
        shown = f"{name} ({self.kind})" if self.kind else name
        self.setText(0, f"{shown} — {self.reason}")

    def __lt__(self, other: QtWidgets.QTreeWidgetItem) -> bool:
        if isinstance(other, _ResultItem):
            return not _ascending(self.treeWidget())
        if not isinstance(other, _FailedItem):
            return NotImplemented
        return self.name_key < other.name_key


def _input_name(path: str) -> str:
    """A failed input's name: a file's name, a web address without "https://"."""
    return web_name(path) if is_web_address(path) else Path(path).name or path


def _ascending(tree: QtWidgets.QTreeWidget | None) -> bool:
    if tree is None:
        return True
    return tree.header().sortIndicatorOrder() == Qt.SortOrder.AscendingOrder


class _FailurePanel(QtWidgets.QWidget):
    """In place of the document view: why the selected file could not be read, what to do,
    and a button for the list of every such file."""

    def __init__(self) -> None:
        super().__init__()
        self.label = QtWidgets.QLabel()
        self.label.setObjectName("failureText")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.button = QtWidgets.QPushButton(_tr("All files that could not be read…"))
        self.button.setObjectName("allFailuresButton")
        row = QtWidgets.QHBoxLayout()
        row.addWidget(self.button)
        row.addStretch(1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(16, 16, 16, 16)
        layout.addWidget(self.label)
        layout.addLayout(row)
        layout.addStretch(1)

    def show_failure(self, failure: InputFailure, reason: str) -> None:
        name = html.escape(_input_name(failure.path))
        title = html.escape(_tr("%1 could not be read")).replace("%1", f"<i>{name}</i>")
        parts = [
            f"<h3>⚠ {title}</h3>",
            f"<p style='color: gray'>{html.escape(failure.path)}</p>",
            f"<p><b>{html.escape(_tr('Reason:'))}</b> {html.escape(reason)}</p>",
        ]
        advice = failure_advice(failure)
        if advice:
            parts.append(f"<p><b>{html.escape(_tr('What to do:'))}</b> {html.escape(advice)}</p>")
        parts.append(f"<p>{html.escape(_tr('The file is left out of the results.'))}</p>")
        self.label.setText("".join(parts))


@functools.cache
def _dot(color: str, size: int = 12) -> QtGui.QIcon:
    """A coloured dot, drawn once per colour."""
    pixmap = QtGui.QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(pixmap)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QtGui.QColor(color))
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    return QtGui.QIcon(pixmap)
