"""Compare-all results: heat map, pairs above a threshold, groups of near-copies.

Clicking a heat-map cell, or double-clicking (Enter on) a pair, opens the two documents side
by side: the pair's ``a`` on the left, ``b`` on the right.

Groups come from the engine's containment by default; the *Grouped by* selector regroups the
same documents with any method of the catalogue (``copylens.core.methods``), off the Qt thread
(``copylens.app.worker``), from the texts the comparison already extracted. A grouping that
fails is shown in the app's error dialog, with its traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from copylens.app import i18n, presentation
from copylens.app.errors_dialog import show_error
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views.heatmap import HeatMap
from copylens.app.views.side_by_side import SideBySideView
from copylens.app.worker import Work, Worker
from copylens.core import CompareReport, PairResult

if TYPE_CHECKING:
    from copylens.core import Grouping

_Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_ROOT = QtCore.QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
PAIR_ROLE = Qt.ItemDataRole.UserRole + 2


class PairsModel(QtCore.QAbstractTableModel):
    """The pairs of a compare report, one row each, in the report's order."""

    COLUMNS = (
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Document A"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Document B"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "A in B"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "B in A"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Resemblance"),
    )
    TIPS = (
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "First document of the pair (left side by side)"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Second document of the pair (right side by side)"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Share of A's words found in B"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Share of B's words found in A"),
        QtCore.QT_TRANSLATE_NOOP("PairsModel", "Shared 10-word shingles over all shingles of both"),
    )
    A, B, AB, BA, RESEMBLANCE = range(5)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._pairs: tuple[PairResult, ...] = ()
        self._names: dict[str, str] = {}

    def set_pairs(self, pairs: tuple[PairResult, ...], names: dict[str, str]) -> None:
        self.beginResetModel()
        self._pairs = tuple(pairs)
        self._names = names
        self.endResetModel()

    def pair(self, row: int) -> PairResult:
        return self._pairs[row]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._pairs)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return QtCore.QCoreApplication.translate("PairsModel", str(self.COLUMNS[section]))
        if role == Qt.ItemDataRole.ToolTipRole:
            return QtCore.QCoreApplication.translate("PairsModel", str(self.TIPS[section]))
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        pair = self._pairs[index.row()]
        column = index.column()
        if role == PAIR_ROLE:
            return index.row()
        values = (
            self._names.get(pair.a, pair.a),
            self._names.get(pair.b, pair.b),
            pair.containment_ab,
            pair.containment_ba,
            pair.resemblance,
        )
        if role == SORT_ROLE:
            value = values[column]
            return value.casefold() if isinstance(value, str) else value
        if role == Qt.ItemDataRole.DisplayRole:
            value = values[column]
            return (
                value
                if isinstance(value, str)
                else presentation.percent(value, i18n.current_language())
            )
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.A:
                return pair.a
            if column == self.B:
                return pair.b
            return QtCore.QCoreApplication.translate("PairsModel", str(self.TIPS[column]))
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= self.AB:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class PairsFilter(QtCore.QSortFilterProxyModel):
    """Pairs whose larger containment (either way) reaches the threshold; numeric sort."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._threshold = 0.0
        self.setSortRole(SORT_ROLE)

    def threshold(self) -> float:
        return self._threshold

    def set_threshold(self, threshold: float) -> None:
        if threshold == self._threshold:
            return
        if hasattr(self, "beginFilterChange"):  # Qt ≥ 6.9: invalidateRowsFilter is deprecated
            self.beginFilterChange()
            self._threshold = threshold
            self.endFilterChange(QtCore.QSortFilterProxyModel.Direction.Rows)
        else:
            self._threshold = threshold
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, row: int, parent: _Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, PairsModel):
            return True
        pair = model.pair(row)
        # In whole percent, as the table prints them: a pair shown as "30 %" passes 30 %.
        larger = max(pair.containment_ab, pair.containment_ba)
        return round(larger * 100) >= round(self._threshold * 100)


class PairsTable(QtWidgets.QTableView):
    """Enter activates the current row on every platform."""

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if self.currentIndex().isValid() and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)


class CompareView(QtWidgets.QWidget):
    """All documents compared with each other.

    Signals:
        pair_opened(str, str): the side by side page opened for pair (a, b).
        side_by_side_closed(): back to the overview.
        threshold_changed(float): the pair list's threshold (0..1) changed.
    """

    pair_opened = Signal(str, str)
    side_by_side_closed = Signal()
    threshold_changed = Signal(float)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: CompareReport | None = None
        self._names: dict[str, str] = {}

        self.summary_label = QtWidgets.QLabel()
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.summary_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.summary_label.setFont(font)

        # Heat map.
        self.heatmap = HeatMap()
        self.heatmap.pair_clicked.connect(self._on_cell_clicked)
        self.heatmap_scroll = QtWidgets.QScrollArea()
        self.heatmap_scroll.setWidgetResizable(True)
        self.heatmap_scroll.setWidget(self.heatmap)
        self.heatmap_scroll.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        heat_caption = QtWidgets.QLabel(
            self.tr("Containment: row document found in column document — click a cell to compare")
        )
        heat_caption.setWordWrap(True)
        heat_box = QtWidgets.QWidget()
        heat_layout = QtWidgets.QVBoxLayout(heat_box)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_layout.setSpacing(2)
        heat_layout.addWidget(heat_caption)
        heat_layout.addWidget(self.heatmap_scroll, 1)

        # Pairs.
        self.threshold_slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.threshold_slider.setRange(0, 100)
        self.threshold_slider.setSingleStep(1)
        self.threshold_slider.setPageStep(10)
        self.threshold_slider.setTickInterval(10)
        self.threshold_slider.setTickPosition(QtWidgets.QSlider.TickPosition.TicksBelow)
        self.threshold_slider.setToolTip(
            self.tr("Show pairs where either document has at least this share in the other")
        )
        self.threshold_label = QtWidgets.QLabel()
        self.threshold_label.setMinimumWidth(
            self.threshold_label.fontMetrics().horizontalAdvance("≥ 100 %") + 6
        )
        self.count_label = QtWidgets.QLabel()
        self.threshold_slider.valueChanged.connect(self._on_slider)
        slider_row = QtWidgets.QHBoxLayout()
        slider_row.addWidget(QtWidgets.QLabel(self.tr("Show pairs with containment")))
        slider_row.addWidget(self.threshold_slider, 1)
        slider_row.addWidget(self.threshold_label)

        self.pairs_model = PairsModel(self)
        self.pairs_proxy = PairsFilter(self)
        self.pairs_proxy.setSourceModel(self.pairs_model)
        self.pairs_table = PairsTable()
        self.pairs_table.setModel(self.pairs_proxy)
        self.pairs_table.setSelectionBehavior(
            QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows
        )
        self.pairs_table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.pairs_table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.pairs_table.setAlternatingRowColors(True)
        self.pairs_table.verticalHeader().hide()
        self.pairs_table.setWordWrap(False)
        self.pairs_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        head = self.pairs_table.horizontalHeader()
        head.setHighlightSections(False)
        head.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(PairsModel.A, QtWidgets.QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(PairsModel.B, QtWidgets.QHeaderView.ResizeMode.Stretch)
        head.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.pairs_table.setSortingEnabled(True)
        self.pairs_table.activated.connect(self._on_pair_activated)
        self.pairs_proxy.rowsInserted.connect(self._update_count)
        self.pairs_proxy.rowsRemoved.connect(self._update_count)
        self.pairs_proxy.modelReset.connect(self._update_count)
        self.pairs_proxy.layoutChanged.connect(self._update_count)

        pairs_box = QtWidgets.QWidget()
        pairs_layout = QtWidgets.QVBoxLayout(pairs_box)
        pairs_layout.setContentsMargins(0, 0, 0, 0)
        pairs_layout.setSpacing(2)
        pairs_title = QtWidgets.QHBoxLayout()
        pairs_title.addWidget(_bold_label(self.tr("Pairs sharing text")))
        pairs_title.addStretch(1)
        pairs_title.addWidget(self.count_label)
        pairs_layout.addLayout(pairs_title)
        pairs_layout.addLayout(slider_row)
        pairs_layout.addWidget(self.pairs_table, 1)

        # Clusters.
        self.clusters_tree = QtWidgets.QTreeWidget()
        self.clusters_tree.setHeaderHidden(True)
        self.clusters_tree.setUniformRowHeights(True)
        self.clusters_tree.itemActivated.connect(self._on_cluster_item)
        clusters_box = QtWidgets.QWidget()
        clusters_layout = QtWidgets.QVBoxLayout(clusters_box)
        clusters_layout.setContentsMargins(0, 0, 0, 0)
        clusters_layout.setSpacing(2)
        self.clusters_title = _bold_label(self.tr("Groups of near-copies"))
        self.clusters_title.setToolTip(
            self.tr("Documents linked by pairs where one is mostly contained in the other")
        )
        self.group_combo = QtWidgets.QComboBox()
        self.group_combo.setObjectName("groupMethod")
        self.group_combo.addItem(self.tr("Containment (CopyLens)"), "")
        from copylens.core import (
            catalogue,  # here, not at the app's start (~0.2 s)
        )

        for m in catalogue():
            if m.name == "copylens":
                continue  # the engine's containment: the first entry already
            self.group_combo.addItem(f"{m.name} · {m.title}", m.name)
        self.group_combo.setToolTip(
            self.tr("Method that decides which documents are near-duplicates of each other")
        )
        self.group_combo.currentIndexChanged.connect(self._on_group_method)
        group_label = QtWidgets.QLabel(self.tr("Grouped by:"))
        group_label.setBuddy(self.group_combo)
        clusters_head = QtWidgets.QHBoxLayout()
        clusters_head.addWidget(self.clusters_title)
        clusters_head.addStretch(1)
        clusters_head.addWidget(group_label)
        clusters_head.addWidget(self.group_combo)
        clusters_layout.addLayout(clusters_head)
        self._grouper = Worker(self)
        self._pending_method: str | None = None
        clusters_layout.addWidget(self.clusters_tree, 1)

        right = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.addWidget(pairs_box)
        right.addWidget(clusters_box)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(heat_box)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([520, 580])

        overview = QtWidgets.QWidget()
        overview_layout = QtWidgets.QVBoxLayout(overview)
        overview_layout.setContentsMargins(8, 6, 8, 6)
        overview_layout.addWidget(self.summary_label)
        overview_layout.addWidget(self.splitter, 1)
        self._overview = overview

        self.placeholder = QtWidgets.QLabel(self.tr("No comparison to show."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.side_by_side = SideBySideView()
        self.side_by_side.set_back_text(self.tr("Back to all documents"))
        self.side_by_side.back_requested.connect(self.close_side_by_side)
        self.stack = QtWidgets.QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(overview)
        self.stack.addWidget(self.side_by_side)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self._on_slider(self.threshold_slider.value())

    # --- public -----------------------------------------------------------------------
    def show_report(self, report: CompareReport, threshold: float) -> None:
        """Show ``report``; the pair list starts filtered at ``threshold`` (0..1)."""
        self._report = report
        self.heatmap.set_report(report)
        self._names = self.heatmap.data().names
        self.pairs_model.set_pairs(report.pairs, self._names)
        self._on_group_method()
        n_docs = len(self.heatmap.documents())
        n_pairs = len(report.pairs)
        groups = len(report.clusters)
        parts = [
            self.tr("1 document") if n_docs == 1 else self.tr("%n documents", "", n_docs),
            self.tr("1 pair sharing text")
            if n_pairs == 1
            else self.tr("%n pairs sharing text", "", n_pairs),
            self.tr("1 group of near-copies")
            if groups == 1
            else self.tr("%n groups of near-copies", "", groups),
        ]
        self.summary_label.setText("  ·  ".join(parts))
        self.set_threshold(threshold)
        self._update_count()
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self._overview)

    def grouping_method(self) -> str:
        """The catalogue method the groups come from, or "" for the engine's containment."""
        return str(self.group_combo.currentData() or "")

    def set_grouping_method(self, name: str) -> bool:
        """Select the grouping method by name ("" for containment); False if unknown."""
        index = self.group_combo.findData(name)
        if index < 0:
            return False
        self.group_combo.setCurrentIndex(index)
        return True

    def is_grouping(self) -> bool:
        return self._grouper.busy()

    def shutdown(self) -> None:
        """Stop a running grouping and wait for its thread (the window is closing)."""
        self._pending_method = None
        self._grouper.shutdown()

    def clear(self) -> None:
        self.shutdown()
        self._report = None
        self._names = {}
        self.heatmap.clear()
        self.pairs_model.set_pairs((), {})
        self.clusters_tree.clear()
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self.placeholder)

    def report(self) -> CompareReport | None:
        return self._report

    def threshold(self) -> float:
        """The pair list's threshold, 0..1."""
        return self.threshold_slider.value() / 100

    def set_threshold(self, threshold: float) -> None:
        """Set the slider (0..1, rounded to whole percent)."""
        value = round(max(0.0, min(1.0, float(threshold))) * 100)
        if value == self.threshold_slider.value():
            self._on_slider(value)
        else:
            self.threshold_slider.setValue(value)

    def visible_pairs(self) -> list[tuple[str, str]]:
        """(a, b) of the pairs the list shows, top to bottom."""
        proxy = self.pairs_proxy
        rows = (proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount()))
        return [(self.pairs_model.pair(r).a, self.pairs_model.pair(r).b) for r in rows]

    def open_pair(self, a: str, b: str) -> bool:
        """Open documents ``a`` and ``b`` side by side (in the pair's own orientation: its
        ``a`` left); False when they share nothing."""
        pair = self._find_pair(a, b)
        if pair is None or self._report is None:
            return False
        texts = self._report.texts
        self.stack.setCurrentWidget(self.side_by_side)
        self.side_by_side.show_pair(
            self._names.get(pair.a, pair.a),
            texts.get(pair.a, ""),
            self._names.get(pair.b, pair.b),
            texts.get(pair.b),
            pair.fragments,
            color_index=0,
            current=0,
            left_label=self.tr("A"),
            right_label=self.tr("B"),
            left_path=pair.a,
            right_path=pair.b,
        )
        self.side_by_side.left.setFocus()
        self.pair_opened.emit(pair.a, pair.b)
        return True

    def close_side_by_side(self) -> None:
        if self.stack.currentWidget() is self.side_by_side:
            self.stack.setCurrentWidget(self._overview)
            self.side_by_side_closed.emit()

    def is_side_by_side(self) -> bool:
        return self.stack.currentWidget() is self.side_by_side

    # --- internals --------------------------------------------------------------------
    def _find_pair(self, a: str, b: str) -> PairResult | None:
        if self._report is None:
            return None
        for pair in self._report.pairs:
            if {pair.a, pair.b} == {a, b}:
                return pair
        return None

    def _on_group_method(self, *_: object) -> None:
        if self._report is None:
            return
        name = self.grouping_method()
        if not name:
            self._pending_method = None
            self._grouper.cancel()
            self._fill_clusters(self._report.clusters)
            return
        self._pending_method = name
        self._show_clusters_message(self.tr("Grouping with {0}…").format(name))
        if not self._grouper.cancel():
            self._start_pending_grouping()

    def _start_pending_grouping(self) -> None:
        name, self._pending_method = self._pending_method, None
        if not name or self._report is None:
            return
        texts = self._report.texts
        named = [(path, texts[path]) for path in self.heatmap.documents() if path in texts]
        from copylens.core import group_texts, method

        chosen = method(name)

        def group(work: Work) -> Grouping:
            return group_texts(named, chosen, cancel=work.cancelled)

        self._grouper.start(
            group,
            done=self._on_grouping,
            failed=self._on_grouping_failed,
            cancelled=self._start_pending_grouping,
            name="copylens-group",
        )

    def _on_grouping(self, grouping: Grouping) -> None:
        if self._pending_method is not None:
            self._start_pending_grouping()
        elif grouping.method == self.grouping_method():
            self._fill_clusters(grouping.clusters, grouping.method)

    def _on_grouping_failed(self, message: str, details: str) -> None:
        if self._pending_method is not None:
            self._start_pending_grouping()
            return
        self.clusters_tree.clear()  # no groups to show for this method
        show_error(self, self.tr("Grouping failed: {0}").format(message), details)

    def _show_clusters_message(self, text: str) -> None:
        self.clusters_tree.clear()
        item = QtWidgets.QTreeWidgetItem([text])
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.clusters_tree.addTopLevelItem(item)

    def _fill_clusters(self, groups: tuple[tuple[str, ...], ...], method: str = "") -> None:
        self.clusters_tree.clear()
        for n, group in enumerate(groups, start=1):
            label = self.tr("Group {0} (%n documents)", "", len(group)).format(n)
            top = QtWidgets.QTreeWidgetItem([label])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            for path in group:
                child = QtWidgets.QTreeWidgetItem([self._names.get(path, path)])
                child.setToolTip(0, path)
                child.setData(0, Qt.ItemDataRole.UserRole, path)
                top.addChild(child)
            self.clusters_tree.addTopLevelItem(top)
        self.clusters_tree.expandAll()
        if not groups:
            self._show_clusters_message(
                self.tr("No groups: no document is mostly contained in another one")
                if not method
                else self.tr("No groups: {0} finds no near-duplicates here").format(method)
            )
        self.clusters_title.setText(self.tr("Groups of near-copies ({0})").format(len(groups)))

    def _on_slider(self, value: int) -> None:
        self.threshold_label.setText(f"≥ {value} %")
        self.pairs_proxy.set_threshold(value / 100)
        self._update_count()
        self.threshold_changed.emit(value / 100)

    def _update_count(self, *_: object) -> None:
        shown, total = self.pairs_proxy.rowCount(), self.pairs_model.rowCount()
        self.count_label.setText(self.tr("{0} of {1} shown").format(shown, total))

    def _on_pair_activated(self, index: QtCore.QModelIndex) -> None:
        row = self.pairs_proxy.data(index, PAIR_ROLE)
        if row is not None:
            pair = self.pairs_model.pair(int(row))
            self.open_pair(pair.a, pair.b)

    def _on_cell_clicked(self, row_document: str, column_document: str) -> None:
        self.open_pair(row_document, column_document)

    def _on_cluster_item(self, item: QtWidgets.QTreeWidgetItem, _column: int) -> None:
        """Activating a document of a group selects its strongest pair in the list."""
        path = item.data(0, Qt.ItemDataRole.UserRole)
        if not path:
            return
        proxy = self.pairs_proxy
        for r in range(proxy.rowCount()):
            pair = self.pairs_model.pair(proxy.mapToSource(proxy.index(r, 0)).row())
            if path in (pair.a, pair.b):
                self.pairs_table.selectRow(r)
                self.pairs_table.scrollTo(proxy.index(r, 0))
                return


def _bold_label(text: str) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label
