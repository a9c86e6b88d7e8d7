"""The check results page: the checked documents (name, uniqueness) beside the selected one.

Results stream in while the engine runs (:meth:`CheckPage.add_document`); they are listed in
batches, so that a burst of 200 documents does not hold the event loop (one list insert with
its update costs about a millisecond). The selected document is shown by ``DocumentView``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from copylens.app.palette import uniqueness_hex
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal, Slot
from copylens.app.views.document_view import DocumentView
from copylens.core import CheckReport, DocumentResult

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

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: dict[str, tuple[DocumentResult, str]] = {}
        """Listed results by path: (result, its text)."""
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
        detail_layout.addWidget(self.document_view)
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
        self._report = None
        self.results_tree.clear()

    def add_document(self, result: DocumentResult, text: str) -> None:
        """Queue a streamed result; it is listed with the next batch."""
        self._pending.append((result, text))
        if not self._flush_timer.isActive():
            self._flush_timer.start(FLUSH_DELAY_MS)

    def flush(self) -> None:
        """List every queued result now (the run ended: what was ready stays visible)."""
        self._flush_timer.stop()
        self._flush(limit=len(self._pending))

    def show_report(self, report: CheckReport) -> None:
        """The run's report: list what did not stream in, then show the selected document
        with the sources' texts now at hand (in its own event-loop turn)."""
        self.flush()
        self._report = report
        for result in report.documents:
            if result.path not in self.results:
                self._pending.append((result, report.texts.get(result.path, "")))
        self.flush()
        QtCore.QTimer.singleShot(0, self.show_current_document)

    def show_current_document(self) -> None:
        item = self.results_tree.currentItem()
        if item is None or item.data(0, PATH_ROLE) not in self.results:
            return
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
        tree.setSortingEnabled(sorting)
        if tree.currentItem() is None:
            tree.blockSignals(True)  # render the document in its own event-loop turn
            tree.setCurrentItem(items[0])
            tree.blockSignals(False)
            QtCore.QTimer.singleShot(30, self.show_current_document)
        self.rowsAdded.emit()


class _ResultItem(QtWidgets.QTreeWidgetItem):
    """A checked document: name and uniqueness, coloured, sorted by value."""

    def __init__(self, result: DocumentResult) -> None:
        super().__init__()
        name = Path(result.path).name or result.path
        self.setText(0, name)
        self.setData(0, PATH_ROLE, result.path)
        self.setToolTip(0, result.path)
        self.setText(1, f"{round(result.uniqueness * 100)} %")
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

    def __lt__(self, other: QtWidgets.QTreeWidgetItem) -> bool:
        if not isinstance(other, _ResultItem):
            return NotImplemented
        tree = self.treeWidget()
        if tree is not None and tree.sortColumn() == 1 and self.uniqueness != other.uniqueness:
            return self.uniqueness < other.uniqueness
        return self.name_key < other.name_key


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
