"""Compare-all results: heat map, pairs above a threshold, documents, groups of near-copies.

Clicking a heat-map cell, or double-clicking (Enter on) a pair, opens the two documents side
by side: the pair's ``a`` on the left, ``b`` on the right. The threshold slider starts at the
share the report was computed with (``report.options.min_containment``): pairs under it were
never computed, so it cannot offer them; it starts showing every pair computed.

The *Documents* tab lists every document with its share found in any other
(``copylens.core.document_shares``), its strongest partner, and the files that could not be
read with the reason; double-clicking a document opens its strongest pair. The pairs'
*whole-text similarity* column is hidden at first (it is high only for near-duplicates and
reads as a contradiction beside "100 % / 100 %" for a paragraph-level copy); the header's
context menu shows it.

Groups say what a group is, show each member's share found in the other members, and when
every group is just one pair say so in one line, the groups folded.

Groups come from the engine's containment by default; the *Grouped by* selector regroups the
same documents with any method of the catalogue (``copylens.core.methods``), off the Qt thread
(``copylens.app.worker``), from the texts the comparison already extracted. A grouping that
fails is shown in the app's error dialog, with its traceback. *Stop* beside the selector
cancels a grouping under way.

"News duplicates (SVM)" (``copylens.app.news_grouping``) groups news items instead: it reads
them from the news files the comparison could not read (JSON Lines, feeds) and the saved pages
it compared, and shows each group's items by title, source and time, then its pairs with how
one relates to the other and the classifier's probability; what could not be read (a broken
line) is listed under the groups.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from copylens.app import i18n, method_names, news_grouping, presentation, terms
from copylens.app.errors_dialog import show_error
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.terms import QT_TRANSLATE_NOOP
from copylens.app.views.heatmap import HeatMap
from copylens.app.views.side_by_side import SideBySideView
from copylens.app.worker import Work, Worker
from copylens.core import (
    CompareReport,
    DocumentShare,
    InputFailure,
    PairResult,
    document_shares,
    group_shares,
)

NEWS = news_grouping.METHOD

if TYPE_CHECKING:
    from copylens.app.news_grouping import NewsGrouping
    from copylens.core import Grouping

_Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_ROOT = QtCore.QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
PAIR_ROLE = Qt.ItemDataRole.UserRole + 2
CONTENTS_ROWS = 200
"""Rows a table reads to size its columns to their contents (Qt's default, 1,000, costs a
quarter of a second of the Qt thread at 2,000 documents)."""


def _tr(context: str, text: str) -> str:
    return QtCore.QCoreApplication.translate(context, text)


def _percent(value: float) -> str:
    return presentation.percent(value, i18n.current_language())


class PairsModel(QtCore.QAbstractTableModel):
    """The pairs of a compare report, one row each, in the report's order. The figures'
    headers and tips are :mod:`copylens.app.terms`'."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("PairsModel", "Document A"),
        QT_TRANSLATE_NOOP("PairsModel", "Document B"),
        "a_found_in_b",
        "b_found_in_a",
        "similarity",
    )
    TIPS = (
        QT_TRANSLATE_NOOP("PairsModel", "First document of the pair (left side by side)"),
        QT_TRANSLATE_NOOP("PairsModel", "Second document of the pair (right side by side)"),
    )
    A, B, AB, BA, RESEMBLANCE = range(5)

    @classmethod
    def header(cls, section: int) -> str:
        if section < len(cls.TIPS):
            return _tr("PairsModel", cls.COLUMNS[section])
        return terms.label(cls.COLUMNS[section], _tr)

    @classmethod
    def tip(cls, section: int) -> str:
        if section < len(cls.TIPS):
            return _tr("PairsModel", cls.TIPS[section])
        return terms.tip(cls.COLUMNS[section], _tr)

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
            return self.header(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tip(section)
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
            return value if isinstance(value, str) else _percent(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.A:
                return pair.a
            if column == self.B:
                return pair.b
            return self.tip(column)
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


class DocumentsModel(QtCore.QAbstractTableModel):
    """Every compared document with its share found in the others and its strongest partner,
    then the files that could not be read, greyed, with a ⚠ and the reason."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("DocumentsModel", "Document"),
        "found_elsewhere",
        QT_TRANSLATE_NOOP("DocumentsModel", "Most found in"),
        QT_TRANSLATE_NOOP("DocumentsModel", "Found there"),
    )
    TIPS = (
        QT_TRANSLATE_NOOP(
            "DocumentsModel", "A compared document, or a file that could not be read"
        ),
        "",
        QT_TRANSLATE_NOOP(
            "DocumentsModel",
            "The other document holding most of this one; double-click the row to open the "
            "two side by side",
        ),
        QT_TRANSLATE_NOOP(
            "DocumentsModel", "Share of this document's words found in that document"
        ),
    )
    NAME, FOUND, PARTNER, PARTNER_SHARE = range(4)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._shares: tuple[DocumentShare, ...] = ()
        self._failures: tuple[InputFailure, ...] = ()
        self._names: dict[str, str] = {}
        self._display: list[tuple[str, str, str, str]] = []
        """Each row's words: the documents', then the unreadable files'."""
        self._reasons: list[str] = []
        """Why each unreadable file could not be read, in the interface's language."""
        self._sort: list[tuple[str, float, str, float]] = []
        self._order: list[int] = []
        """Row shown → row of the documents then the failures."""
        self._sort_by = (self.FOUND, Qt.SortOrder.DescendingOrder)

    def set_documents(
        self,
        shares: tuple[DocumentShare, ...],
        failures: tuple[InputFailure, ...],
        names: dict[str, str],
    ) -> None:
        self.beginResetModel()
        self._shares, self._failures, self._names = tuple(shares), tuple(failures), names
        self._reasons = [presentation.failure_text(f, _tr) for f in self._failures]
        self._display = [self._display_row(s) for s in self._shares]
        self._display += [
            ("⚠ " + self.name(f.path), "—", reason, "—")
            for f, reason in zip(self._failures, self._reasons, strict=True)
        ]
        self._sort = [self._sort_row(s) for s in self._shares]
        self._sort += [  # the unreadable files stay after the documents
            (self.name(f.path).casefold(), -1.0, reason.casefold(), -1.0)
            for f, reason in zip(self._failures, self._reasons, strict=True)
        ]
        self._order = self._sorted()
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorted here, by precomputed keys: a sorting proxy would call :meth:`data` some
        40,000 times for 2,000 documents (a quarter of a second of the Qt thread)."""
        self._sort_by = (column, order)
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        real = [self._order[i.row()] for i in before]
        self._order = self._sorted()
        where = {r: n for n, r in enumerate(self._order)}
        after = [self.index(where[r], i.column()) for r, i in zip(real, before, strict=True)]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def _sorted(self) -> list[int]:
        """Rows in the chosen order, the unreadable files last whatever the order (by name)."""
        column, order = self._sort_by
        keys = [row[column] for row in self._sort]
        descending = order == Qt.SortOrder.DescendingOrder
        read = len(self._shares)
        rows = sorted(range(read), key=keys.__getitem__, reverse=descending)
        return rows + sorted(range(read, len(keys)), key=lambda r: self._sort[r][self.NAME])

    def _display_row(self, share: DocumentShare) -> tuple[str, str, str, str]:
        return (
            self.name(share.path),
            _percent(share.share),
            self.name(share.partner) if share.partner else "—",
            _percent(share.partner_share) if share.partner else "—",
        )

    def _sort_row(self, share: DocumentShare) -> tuple[str, float, str, float]:
        partner = self.name(share.partner) if share.partner else "—"
        return (
            self.name(share.path).casefold(),
            share.share,
            partner.casefold(),
            share.partner_share,
        )

    def share(self, row: int) -> DocumentShare | None:
        """The document shown in ``row``, None for a file that could not be read."""
        real = self._order[row]
        return self._shares[real] if real < len(self._shares) else None

    def failure(self, row: int) -> InputFailure | None:
        real = self._order[row]
        return None if real < len(self._shares) else self._failures[real - len(self._shares)]

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._shares) + len(self._failures)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        key = self.COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return terms.label(key, _tr) if section == self.FOUND else _tr("DocumentsModel", key)
        if role == Qt.ItemDataRole.ToolTipRole:
            if section == self.FOUND:
                return terms.tip(key, _tr)
            return _tr("DocumentsModel", self.TIPS[section])
        return None

    def name(self, path: str) -> str:
        return self._names.get(path, path)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._order[index.row()], index.column()
        if role == SORT_ROLE:
            return self._sort[row][column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display[row][column]
        if row >= len(self._shares):
            return self._failure_data(row - len(self._shares), role)
        share = self._shares[row]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.FOUND, self.PARTNER_SHARE):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.NAME:
                return share.path
            if column == self.PARTNER:
                return share.partner or ""
            return self.headerData(column, Qt.Orientation.Horizontal, role)
        return None

    def _failure_data(self, n: int, role: int) -> Any:
        """The ``n``-th unreadable file's tooltip and grey text (its words are in
        ``_display``)."""
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{self._failures[n].path}\n{self._reasons[n]}"
        if role == Qt.ItemDataRole.ForegroundRole:
            return QtWidgets.QApplication.palette().color(
                QtGui.QPalette.ColorGroup.Disabled, QtGui.QPalette.ColorRole.Text
            )
        return None


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
        self._shares: dict[str, DocumentShare] = {}

        self.summary_label = QtWidgets.QLabel()
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.summary_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.summary_label.setFont(font)

        # Heat map.
        self.heatmap = HeatMap()
        self.heatmap.pair_clicked.connect(self._on_cell_clicked)
        # The heat map fits itself, zooms and pans, with its own caption and legend.
        heat_box = QtWidgets.QFrame()
        heat_box.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        heat_layout = QtWidgets.QVBoxLayout(heat_box)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_layout.addWidget(self.heatmap, 1)

        # Pairs.
        self._computed = 0
        """The percent the report was computed at: the slider's minimum."""
        self.threshold_slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.threshold_slider.setRange(0, 100)
        self.threshold_slider.setSingleStep(1)
        self.threshold_slider.setPageStep(10)
        self.threshold_slider.setTickInterval(10)
        self.threshold_slider.setTickPosition(QtWidgets.QSlider.TickPosition.TicksBelow)
        self.threshold_label = QtWidgets.QLabel()
        self.threshold_label.setMinimumWidth(
            self.threshold_label.fontMetrics().horizontalAdvance("≥ 100 %") + 6
        )
        self.count_label = QtWidgets.QLabel()
        self.threshold_slider.valueChanged.connect(self._on_slider)
        self.computed_label = QtWidgets.QLabel()
        self.computed_label.setWordWrap(True)
        self.computed_label.setForegroundRole(QtGui.QPalette.ColorRole.PlaceholderText)
        slider_row = QtWidgets.QHBoxLayout()
        slider_row.addWidget(QtWidgets.QLabel(self.tr("Show pairs sharing at least")))
        slider_row.addWidget(self.threshold_slider, 1)
        slider_row.addWidget(self.threshold_label)

        self.pairs_model = PairsModel(self)
        self.pairs_proxy = PairsFilter(self)
        self.pairs_proxy.setSourceModel(self.pairs_model)
        self.pairs_table = PairsTable()
        self.pairs_table.setModel(self.pairs_proxy)
        head = _table_look(self.pairs_table, stretched=(PairsModel.A, PairsModel.B))
        head.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.pairs_table.setSortingEnabled(True)
        self.pairs_table.setColumnHidden(PairsModel.RESEMBLANCE, True)
        head.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        head.customContextMenuRequested.connect(self._pairs_header_menu)
        self.pairs_table.activated.connect(self._on_pair_activated)
        self.pairs_proxy.rowsInserted.connect(self._update_count)
        self.pairs_proxy.rowsRemoved.connect(self._update_count)
        self.pairs_proxy.modelReset.connect(self._update_count)
        self.pairs_proxy.layoutChanged.connect(self._update_count)

        pairs_box = QtWidgets.QWidget()
        pairs_layout = QtWidgets.QVBoxLayout(pairs_box)
        pairs_layout.setContentsMargins(4, 4, 4, 4)
        pairs_layout.setSpacing(2)
        slider_row.addWidget(self.count_label)
        pairs_layout.addLayout(slider_row)
        pairs_layout.addWidget(self.computed_label)
        pairs_layout.addWidget(self.pairs_table, 1)

        # Documents.
        self.documents_model = DocumentsModel(self)
        self.documents_table = PairsTable()
        self.documents_table.setObjectName("documentsTable")
        self.documents_table.setModel(self.documents_model)  # it sorts itself
        _table_look(self.documents_table, stretched=(DocumentsModel.NAME, DocumentsModel.PARTNER))
        self.documents_table.setSortingEnabled(True)
        self.documents_table.sortByColumn(DocumentsModel.FOUND, Qt.SortOrder.DescendingOrder)
        self.documents_table.activated.connect(self._on_document_activated)

        self.tabs = QtWidgets.QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(pairs_box, "")
        self.tabs.addTab(self.documents_table, "")

        # Clusters.
        self.clusters_tree = QtWidgets.QTreeWidget()
        self.clusters_tree.setColumnCount(2)
        self.clusters_tree.setHeaderLabels(
            [self.tr("Group and its documents"), self.tr("Found in the other members")]
        )
        self.clusters_tree.headerItem().setToolTip(
            1, self.tr("Share of the document's words found in the other documents of its group")
        )
        self.clusters_tree.header().setStretchLastSection(False)
        self.clusters_tree.header().setSectionResizeMode(
            0, QtWidgets.QHeaderView.ResizeMode.Stretch
        )
        self.clusters_tree.header().setSectionResizeMode(
            1, QtWidgets.QHeaderView.ResizeMode.ResizeToContents
        )
        self.clusters_tree.setUniformRowHeights(True)
        self.clusters_tree.itemActivated.connect(self._on_cluster_item)
        clusters_box = QtWidgets.QWidget()
        clusters_layout = QtWidgets.QVBoxLayout(clusters_box)
        clusters_layout.setContentsMargins(0, 0, 0, 0)
        clusters_layout.setSpacing(2)
        self.clusters_title = _bold_label(self.tr("Groups of near-copies"))
        self.clusters_title.setToolTip(terms.tip("group", _tr))
        self.group_combo = QtWidgets.QComboBox()
        self.group_combo.setObjectName("groupMethod")
        self.group_combo.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.group_combo.setMinimumContentsLength(16)
        self.group_combo.addItem(method_names.shown_name("copylens"), "")
        from copylens.core import (
            catalogue,  # here, not at the app's start (~0.2 s)
        )

        for m in catalogue():
            if m.name == "copylens":
                self.group_combo.setItemData(
                    0, method_names.shown_tip(m.name, m.title), Qt.ItemDataRole.ToolTipRole
                )
                continue  # the engine's containment: the first entry already
            self.group_combo.addItem(method_names.shown_name(m.name), m.name)
            self.group_combo.setItemData(
                self.group_combo.count() - 1,
                method_names.shown_tip(m.name, m.title),
                Qt.ItemDataRole.ToolTipRole,
            )
        self.group_combo.insertSeparator(self.group_combo.count())
        self.group_combo.addItem(method_names.shown_name(NEWS), NEWS)
        self.group_combo.setItemData(
            self.group_combo.count() - 1,
            _tr("MethodNames", method_names.NEWS_TIP),
            Qt.ItemDataRole.ToolTipRole,
        )
        self.group_combo.setToolTip(
            self.tr("Method that decides which documents are near-duplicates of each other")
        )
        self.group_combo.currentIndexChanged.connect(self._on_group_method)
        group_label = QtWidgets.QLabel(self.tr("Grouped by:"))
        group_label.setBuddy(self.group_combo)
        self.group_stop = QtWidgets.QPushButton(self.tr("Stop"))
        self.group_stop.setObjectName("groupStop")
        self.group_stop.setToolTip(self.tr("Stop the grouping under way"))
        self.group_stop.clicked.connect(self.stop_grouping)
        self.group_stop.hide()
        clusters_layout.addWidget(self.clusters_title)
        clusters_head = QtWidgets.QHBoxLayout()  # a row of its own: the methods' names are long
        clusters_head.addWidget(group_label)
        clusters_head.addWidget(self.group_combo, 1)
        clusters_head.addWidget(self.group_stop)
        clusters_layout.addLayout(clusters_head)
        self.group_note = QtWidgets.QLabel()
        self.group_note.setWordWrap(True)
        self.group_note.setForegroundRole(QtGui.QPalette.ColorRole.PlaceholderText)
        clusters_layout.addWidget(self.group_note)
        self._grouper = Worker(self)
        self._pending_method: str | None = None
        self._stopped = False
        clusters_layout.addWidget(self.clusters_tree, 1)

        right = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.addWidget(self.tabs)
        right.addWidget(clusters_box)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(heat_box)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([480, 620])

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
    def show_report(self, report: CompareReport, threshold: float | None = None) -> None:
        """Show ``report``. The pair list's slider reaches down to the share the report was
        computed with, and starts there, or at ``threshold`` (0..1) when that is higher."""
        self._report = report
        self._names = presentation.display_names(
            [
                *report.documents,
                *(path for p in report.pairs for path in (p.a, p.b)),
                *(e.path for e in report.errors),
            ]
        )
        self.heatmap.set_report(report, self._names)
        self.pairs_model.set_pairs(report.pairs, self._names)
        self._shares = {s.path: s for s in document_shares(report)}  # the run's job counted
        self.documents_model.set_documents(tuple(self._shares.values()), report.errors, self._names)
        self._set_computed(report.options.min_containment)
        self._on_group_method()
        n_docs = len(self._shares)
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
        news = sum(1 for e in report.errors if news_grouping.is_news_file(e.path))
        if news:
            parts.append(
                self.tr("1 news file") if news == 1 else self.tr("%n news files", "", news)
            )
        if len(report.errors) > news:
            parts.append(self.tr("⚠ %n files could not be read", "", len(report.errors) - news))
        self.summary_label.setText("  ·  ".join(parts))
        self.tabs.setTabText(0, self.tr("Pairs ({0})").format(n_pairs))
        self.tabs.setTabText(1, self.tr("Documents ({0})").format(n_docs + len(report.errors)))
        self.set_threshold(report.options.min_containment if threshold is None else threshold)
        self._update_count()
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self._overview)

    def document_shares(self) -> dict[str, DocumentShare]:
        """Each document of the report shown, by path, with its share found in the others."""
        return dict(self._shares)

    def computed_threshold(self) -> float:
        """The share (0..1) the report was computed with; the slider's minimum."""
        return self._computed / 100

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

    def stop_grouping(self) -> bool:
        """Cancel the grouping under way (the selector keeps its method); False if none."""
        self._pending_method = None
        self._stopped = self._grouper.cancel()
        return self._stopped

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
        self._shares = {}
        self.documents_model.set_documents((), (), {})
        self.clusters_tree.clear()
        self.group_note.clear()
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self.placeholder)

    def report(self) -> CompareReport | None:
        return self._report

    def threshold(self) -> float:
        """The pair list's threshold, 0..1."""
        return self.threshold_slider.value() / 100

    def set_threshold(self, threshold: float) -> None:
        """Set the slider (0..1, rounded to whole percent; never under what was computed)."""
        value = max(self._computed, round(max(0.0, min(1.0, float(threshold))) * 100))
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

    def _set_computed(self, share: float) -> None:
        """The slider's range starts at ``share`` (whole percent, rounded down: every pair
        computed passes it); the tooltip and the line under it say so."""
        self._computed = max(0, min(100, math.floor(share * 100 + 1e-9)))
        self.threshold_slider.setMinimum(self._computed)
        text = self.tr("Pairs sharing less than {0} were not computed; change it in Settings.")
        text = text.format(_percent(self._computed / 100))
        tip = self.tr("Show pairs where either document has at least this share in the other")
        where = self.tr("Settings: {0}").format(_setting_label("min_containment"))
        self.threshold_slider.setToolTip(f"{tip}\n{text}\n{where}")
        self.computed_label.setText(text)
        self.computed_label.setToolTip(where)
        self.computed_label.setVisible(self._computed > 0)

    def _pairs_header_menu(self, point: QtCore.QPoint) -> None:
        """The pairs table's header menu: show or hide each figure's column."""
        menu = QtWidgets.QMenu(self)
        for column in (PairsModel.AB, PairsModel.BA, PairsModel.RESEMBLANCE):
            action = menu.addAction(PairsModel.header(column))
            action.setCheckable(True)
            action.setChecked(not self.pairs_table.isColumnHidden(column))
            action.setToolTip(PairsModel.tip(column))
            action.toggled.connect(
                lambda shown, c=column: self.pairs_table.setColumnHidden(c, not shown)
            )
        menu.setToolTipsVisible(True)
        menu.popup(self.pairs_table.horizontalHeader().mapToGlobal(point))

    def _on_document_activated(self, index: QtCore.QModelIndex) -> None:
        """Open the document's strongest pair, selected in the pairs list."""
        share = self.documents_model.share(index.row())
        if share is None or share.partner is None:
            return
        self._select_pair(share.path, share.partner)
        self.open_pair(share.path, share.partner)

    def _select_pair(self, a: str, b: str) -> None:
        proxy = self.pairs_proxy
        for r in range(proxy.rowCount()):
            pair = self.pairs_model.pair(proxy.mapToSource(proxy.index(r, 0)).row())
            if {pair.a, pair.b} == {a, b}:
                self.pairs_table.selectRow(r)
                self.pairs_table.scrollTo(proxy.index(r, 0))
                return

    def _on_group_method(self, *_: object) -> None:
        if self._report is None:
            return
        name = self.grouping_method()
        self._stopped = False
        if not name:
            self._pending_method = None
            self._grouper.cancel()
            self._fill_clusters(self._report.clusters)
            return
        self._pending_method = name
        self._show_clusters_message(
            self.tr("Grouping by “{0}”…").format(method_names.shown_name(name)), name
        )
        if not self._grouper.cancel():
            self._start_pending_grouping()

    def _start_pending_grouping(self) -> None:
        name, self._pending_method = self._pending_method, None
        self._update_stop()
        if not name or self._report is None:
            if self._stopped and self._report is not None:
                self._show_clusters_message(
                    self.tr("Grouping stopped. Choose a method to group again."),
                    self.grouping_method(),
                )
            return
        if name == NEWS:
            self._start_news_grouping()
            return
        texts = self._report.texts
        named = [(path, texts[path]) for path in self._shares if path in texts]
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
        self._update_stop()

    def _start_news_grouping(self) -> None:
        """Read the report's news inputs and group their items, in the background."""
        report = self._report
        assert report is not None
        paths = self._news_paths()
        if not paths:
            self._show_clusters_message(
                self.tr(
                    "No news to group: add JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, "
                    ".atom) or saved pages (.html, .htm) to the documents to compare."
                ),
                NEWS,
            )
            self.clusters_title.setText(self.tr("Groups of near-copies"))
            return

        def group(work: Work) -> NewsGrouping:
            return news_grouping.group_news(paths, work)

        self._grouper.start(
            group,
            done=self._on_grouping,
            failed=self._on_grouping_failed,
            cancelled=self._start_pending_grouping,
            progress=self._on_news_progress,
            name="copylens-news",
        )
        self._update_stop()

    def _news_paths(self) -> list[str]:
        if self._report is None:
            return []
        failed = (e.path for e in self._report.errors)
        return news_grouping.news_paths(self._report.documents, failed)

    def _on_news_progress(self, stage: str, done: int, total: int) -> None:
        names = {
            "reading": self.tr("Reading news files: {0} of {1}"),
            "analyzing": self.tr("Analysing news items: {0} of {1}"),
            "comparing": self.tr("Comparing pairs of news items: {0} of {1}"),
        }
        text = names.get(stage, stage + ": {0} / {1}").format(done, total)
        item = self.clusters_tree.topLevelItem(0)
        if item is not None and self.clusters_tree.topLevelItemCount() == 1:
            item.setText(0, text)

    def _update_stop(self) -> None:
        self.group_stop.setVisible(self._grouper.busy())

    def _on_grouping(self, grouping: Grouping | NewsGrouping) -> None:
        self._update_stop()
        if self._pending_method is not None:
            self._start_pending_grouping()
        elif grouping.method == self.grouping_method():
            if isinstance(grouping, news_grouping.NewsGrouping):
                self._fill_news(grouping)
            else:
                self._fill_clusters(grouping.clusters, grouping.method)

    def _on_grouping_failed(self, message: str, details: str) -> None:
        self._update_stop()
        if self._pending_method is not None:
            self._start_pending_grouping()
            return
        self.clusters_tree.clear()  # no groups to show for this method
        show_error(self, self.tr("Grouping failed: {0}").format(message), details)

    def _set_tree_headers(self, news: bool) -> None:
        head = self.clusters_tree.headerItem()
        if news:
            head.setText(0, self.tr("Group and its news items"))
            head.setText(1, self.tr("Source and time"))
            head.setToolTip(
                1, self.tr("Outlet and publication time; for a pair, the classifier's probability")
            )
        else:
            head.setText(0, self.tr("Group and its documents"))
            head.setText(1, self.tr("Found in the other members"))
            head.setToolTip(
                1,
                self.tr("Share of the document's words found in the other documents of its group"),
            )

    def _fill_news(self, grouping: NewsGrouping) -> None:
        """The news groups: items by title (or id) with source and time, then the pairs with
        their relation and probability; the inputs that could not be read below."""
        tree = self.clusters_tree
        tree.clear()
        self._set_tree_headers(True)
        items, files = grouping.items, grouping.files
        language = i18n.current_language()
        by_group: dict[str, int] = {}
        for n, group in enumerate(grouping.clusters):
            by_group.update(dict.fromkeys(group, n))
        pairs_of: dict[int, list[Any]] = {}
        for pair in grouping.pairs:
            pairs_of.setdefault(by_group.get(pair.a, -1), []).append(pair)

        def name(item_id: str) -> str:
            item = items.get(item_id)
            return news_grouping.item_name(item, files[item_id]) if item else item_id

        def when(item_id: str) -> tuple[float, str]:
            item = items.get(item_id)
            stamp = item.timestamp if item is not None else None
            return (float("inf") if stamp is None else stamp, item_id)

        for n, (group, index) in enumerate(
            sorted(
                ((g, k) for k, g in enumerate(grouping.clusters)),
                key=lambda gk: min(map(when, gk[0])),
            ),
            start=1,
        ):  # groups in the order of their first item, items in the order of publication
            label = self.tr("Group {0} (%n news items)", "", len(group)).format(n)
            top = QtWidgets.QTreeWidgetItem([label])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            members = sorted(group, key=when)
            number = {item_id: k for k, item_id in enumerate(members, start=1)}
            for item_id in members:
                item = items.get(item_id)
                where = ""
                if item is not None:
                    where = " · ".join(
                        x for x in (item.source.strip(), news_grouping.item_time(item)) if x
                    )
                child = QtWidgets.QTreeWidgetItem(
                    [f"{number[item_id]}. {name(item_id)}", where or "—"]
                )
                if item is not None:
                    child.setToolTip(0, news_grouping.item_place(item, files[item_id]))
                top.addChild(child)
            for pair in sorted(
                pairs_of.get(index, ()), key=lambda p: sorted((number[p.a], number[p.b]))
            ):
                a, b = str(number[pair.a]), str(number[pair.b])
                long_a, long_b = f"“{name(pair.a)}”", f"“{name(pair.b)}”"
                if pair.relation == "a_duplicates_b":
                    text = self.tr("{0} duplicates {1}").format(a, b)
                    tip = self.tr("{0} duplicates {1}").format(long_a, long_b)
                elif pair.relation == "b_duplicates_a":
                    text = self.tr("{0} duplicates {1}").format(b, a)
                    tip = self.tr("{0} duplicates {1}").format(long_b, long_a)
                else:
                    text = self.tr("{0} and {1}: each duplicates the other").format(a, b)
                    tip = self.tr("{0} and {1}: each duplicates the other").format(long_a, long_b)
                probability = presentation.number(pair.probability, language, 2)
                child = QtWidgets.QTreeWidgetItem(
                    ["↳ " + text, self.tr("probability {0}").format(probability)]
                )
                child.setToolTip(0, tip)
                child.setToolTip(
                    1, self.tr("The classifier's probability that the two retell one story")
                )
                child.setForeground(
                    0, self.palette().brush(QtGui.QPalette.ColorRole.PlaceholderText)
                )
                child.setTextAlignment(
                    1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
                top.addChild(child)
            tree.addTopLevelItem(top)
        if grouping.failures:
            translate = QtCore.QCoreApplication.translate
            names = presentation.display_names(f.path for f in grouping.failures)
            top = QtWidgets.QTreeWidgetItem(
                [self.tr("Could not be read (%n)", "", len(grouping.failures))]
            )
            top.setIcon(
                0, self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
            )
            for failure in grouping.failures:
                reason = _news_failure_text(failure, translate)
                child = QtWidgets.QTreeWidgetItem([f"{names[failure.path]} — {reason}"])
                child.setToolTip(0, f"{failure.path}\n{reason}")
                top.addChild(child)
            tree.addTopLevelItem(top)
        tree.expandAll()
        count = len(items)
        note = self.tr(
            "news items that the classifier judges to retell one story, each compared with "
            "the items up to {0} days before it; the later item duplicates the earlier."
        ).format(presentation.number(news_grouping.WINDOW_DAYS, language, 0))
        sources = len(set(files.values()))
        read = (
            self.tr("1 news item read") if count == 1 else self.tr("%n news items read", "", count)
        )
        read += " " + (
            self.tr("from 1 file") if sources == 1 else self.tr("from %n files", "", sources)
        )
        self.group_note.setText(f"{terms.label('group', _tr)}: {note}\n{read}")
        if not grouping.clusters:
            empty = QtWidgets.QTreeWidgetItem(
                [
                    self.tr("No groups: none of the news items duplicates another")
                    if count
                    else self.tr("No news items could be read")
                ]
            )
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            tree.insertTopLevelItem(0, empty)
        self.clusters_title.setText(
            self.tr("Groups of near-copies ({0})").format(len(grouping.clusters))
        )

    def _show_clusters_message(self, text: str, method: str = "") -> None:
        self.clusters_tree.clear()
        self._set_tree_headers(method == NEWS)
        self.group_note.setText(self._group_meaning(method))
        item = QtWidgets.QTreeWidgetItem([text])
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.clusters_tree.addTopLevelItem(item)

    def _group_meaning(self, method: str = "") -> str:
        """What a group is, with the threshold or the method that made it."""
        news = (
            sum(1 for e in self._report.errors if news_grouping.is_news_file(e.path))
            if (self._report)
            else 0
        )
        if method == NEWS:
            return f"{terms.label('group', _tr)}: " + self.tr(
                "news items that the classifier judges to retell one story."
            )
        if method:
            how = self.tr("Here: documents that “{0}” finds to be near-duplicates.").format(
                method_names.shown_name(method)
            )
        else:
            how = self.tr("Here: sharing at least {0} ({1}).").format(
                _percent(self._report.options.cluster_threshold if self._report else 0.5),
                _setting_label("cluster_threshold"),
            )
        text = f"{terms.label('group', _tr)}: {terms.tip('group', _tr)}. {how}"
        if news and method != NEWS:
            text += "\n" + self.tr(
                "%n news files (JSON Lines, feeds) are grouped only by “{0}”.", "", news
            ).format(method_names.shown_name(NEWS))
        return text

    def _fill_clusters(self, groups: tuple[tuple[str, ...], ...], method: str = "") -> None:
        self.clusters_tree.clear()
        self._set_tree_headers(False)
        for n, (group, counted) in enumerate(
            zip(groups, group_shares(self._report, groups), strict=True), start=1
        ):
            shares = {s.path: s for s in counted}
            label = self.tr("Group {0} (%n documents)", "", len(group)).format(n)
            top = QtWidgets.QTreeWidgetItem([label])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            top.setFirstColumnSpanned(False)
            for path in group:
                share = shares[path]
                found = _percent(share.share) if share.pairs else "—"
                child = QtWidgets.QTreeWidgetItem([self._names.get(path, path), found])
                child.setToolTip(0, path)
                child.setToolTip(
                    1,
                    self.tr("Share of the document's words found in the other members")
                    if share.pairs
                    else self.tr("No pair with another member was computed for it"),
                )
                child.setTextAlignment(
                    1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
                child.setData(0, Qt.ItemDataRole.UserRole, path)
                top.addChild(child)
            self.clusters_tree.addTopLevelItem(top)
        singles = bool(groups) and all(len(g) == 2 for g in groups)
        note = self._group_meaning(method)
        if singles:
            self.clusters_tree.collapseAll()
            note += "\n" + self._singles_note(len(groups), method)
        else:
            self.clusters_tree.expandAll()
        self.group_note.setText(note)
        if not groups:
            self._show_clusters_message(
                self.tr("No groups: no document is mostly contained in another one")
                if not method
                else self.tr("No groups: “{0}” ({1}) finds no near-duplicates here").format(
                    method_names.shown_name(method), method
                ),
                method,
            )
        self.clusters_title.setText(self.tr("Groups of near-copies ({0})").format(len(groups)))

    def _singles_note(self, count: int, method: str) -> str:
        """Every group is one pair: say so once rather than repeat the pairs."""
        if count == 1:
            return (
                self.tr("The only group is a single pair, listed in Pairs too.")
                if not method
                else self.tr("The only group is a pair of two documents.")
            )
        return (
            self.tr("All %n groups are single pairs, listed in Pairs too.", "", count)
            if not method
            else self.tr("All %n groups are pairs of two documents.", "", count)
        )

    def _on_slider(self, value: int) -> None:
        self.threshold_label.setText("≥ " + _percent(value / 100))
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
        share = self._shares.get(str(path))
        if share is not None and share.partner is not None:
            self._select_pair(share.path, share.partner)


def _bold_label(text: str) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _table_look(
    table: QtWidgets.QTableView, stretched: tuple[int, ...] = ()
) -> QtWidgets.QHeaderView:
    """Whole rows selected one at a time, read-only, striped, names elided in the middle;
    columns as wide as their contents (read from :data:`CONTENTS_ROWS` rows), the ``stretched``
    ones sharing the rest. Returns the header."""
    head = table.horizontalHeader()
    head.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
    head.setResizeContentsPrecision(CONTENTS_ROWS)
    for column in stretched:
        head.setSectionResizeMode(column, QtWidgets.QHeaderView.ResizeMode.Stretch)
    table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    head.setHighlightSections(False)
    return head


def _setting_label(key: str) -> str:
    """A setting's label as the settings dialog shows it, quoted."""
    from copylens.app.settings import shown_name

    return shown_name(key)


def _news_failure_text(failure: InputFailure, translate: Any) -> str:
    """Why a news input failed, in the reader's language, with its place ("line 4: …") when
    the engine gave one beside the template."""
    text = presentation.failure_text(failure, translate)
    place = dict(failure.params).get("place")
    if place and "{place}" not in failure.template and not text.startswith(place):
        number = place.removeprefix("line ")
        if number.isdigit():  # the engine's "line N", in the reader's language
            place = translate("CompareView", _LINE).format(number)
        text = f"{place}: {text}"
    return text


_LINE = QT_TRANSLATE_NOOP("CompareView", "line {0}")
"""The line of a JSON Lines file a failure is about."""
