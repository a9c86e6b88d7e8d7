"""The pairs of a compare report above a threshold: the list of pairs sharing text, the slider
that filters it, and what was computed (:class:`PairsPanel`, the *Pairs* tab of
:class:`copylens.app.views.compare_view.CompareView`).

The slider starts at the share the report was computed with
(``report.options.min_containment``): pairs under it were never computed, so it cannot offer
them. A pair passes the threshold when its larger containment (either way), in whole percent as
the table prints it, reaches it. The *whole-text similarity* column is hidden at first (it is
high only for near-duplicates and reads as a contradiction beside "100 % / 100 %" for a
paragraph-level copy); the header's context menu shows it. Activating a pair (double-click,
Enter) asks to open it side by side: the panel only signals, the compare view opens it.
"""

from __future__ import annotations

import math
from typing import Any

from copylens.app import terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.terms import QT_TRANSLATE_NOOP
from copylens.app.views.looks import percent as _percent
from copylens.app.views.looks import setting_label as _setting_label
from copylens.app.views.looks import tr_in as _tr
from copylens.core import PairResult

_Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_ROOT = QtCore.QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
PAIR_ROLE = Qt.ItemDataRole.UserRole + 2
CONTENTS_ROWS = 200
"""Rows a table reads to size its columns to their contents (Qt's default, 1,000, costs a
quarter of a second of the Qt thread at 2,000 documents)."""


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


class PairsPanel(QtWidgets.QWidget):
    """The pairs sharing text, filtered by the threshold slider (the *Pairs* tab).

    Signals:
        pair_activated(str, str): a pair was double-clicked or Enter pressed on it: (a, b).
        threshold_changed(float): the threshold (0..1) changed.
    """

    pair_activated = Signal(str, str)
    threshold_changed = Signal(float)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._computed = 0
        """The percent the report was computed at: the slider's minimum."""
        slider_row = self._threshold_row()
        self.computed_label = QtWidgets.QLabel()
        self.computed_label.setWordWrap(True)
        self.computed_label.setForegroundRole(QtGui.QPalette.ColorRole.PlaceholderText)
        self.pairs_table = self._pairs_table()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addLayout(slider_row)
        layout.addWidget(self.computed_label)
        layout.addWidget(self.pairs_table, 1)
        self._on_slider(self.threshold_slider.value())

    def _threshold_row(self) -> QtWidgets.QHBoxLayout:
        """The slider of the threshold, its value and the count shown."""
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
        row = QtWidgets.QHBoxLayout()
        row.addWidget(QtWidgets.QLabel(self.tr("Show pairs sharing at least")))
        row.addWidget(self.threshold_slider, 1)
        row.addWidget(self.threshold_label)
        row.addWidget(self.count_label)
        return row

    def _pairs_table(self) -> PairsTable:
        """The pairs, filtered by the threshold; the similarity column hidden at first."""
        self.pairs_model = PairsModel(self)
        self.pairs_proxy = PairsFilter(self)
        self.pairs_proxy.setSourceModel(self.pairs_model)
        table = PairsTable()
        table.setModel(self.pairs_proxy)
        head = table_look(table, stretched=(PairsModel.A, PairsModel.B))
        head.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        table.setSortingEnabled(True)
        table.setColumnHidden(PairsModel.RESEMBLANCE, True)
        head.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        head.customContextMenuRequested.connect(self._header_menu)
        table.activated.connect(self._on_activated)
        self.pairs_proxy.rowsInserted.connect(self.update_count)
        self.pairs_proxy.rowsRemoved.connect(self.update_count)
        self.pairs_proxy.modelReset.connect(self.update_count)
        self.pairs_proxy.layoutChanged.connect(self.update_count)
        return table

    # --- public -----------------------------------------------------------------------
    def set_pairs(self, pairs: tuple[PairResult, ...], names: dict[str, str]) -> None:
        """The pairs to list, shown by ``names``."""
        self.pairs_model.set_pairs(pairs, names)

    def set_computed(self, share: float) -> None:
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

    def computed_threshold(self) -> float:
        """The share (0..1) the report was computed with; the slider's minimum."""
        return self._computed / 100

    def threshold(self) -> float:
        """The threshold, 0..1."""
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

    def select_pair(self, a: str, b: str) -> None:
        """Select and scroll to the pair of ``a`` and ``b`` if the list shows it."""
        proxy = self.pairs_proxy
        for r in range(proxy.rowCount()):
            pair = self.pairs_model.pair(proxy.mapToSource(proxy.index(r, 0)).row())
            if {pair.a, pair.b} == {a, b}:
                self.pairs_table.selectRow(r)
                self.pairs_table.scrollTo(proxy.index(r, 0))
                return

    def update_count(self, *_: object) -> None:
        """The count beside the slider: "{shown} of {all} shown"."""
        shown, total = self.pairs_proxy.rowCount(), self.pairs_model.rowCount()
        self.count_label.setText(self.tr("{0} of {1} shown").format(shown, total))

    # --- internals --------------------------------------------------------------------
    def _header_menu(self, point: QtCore.QPoint) -> None:
        """The table's header menu: show or hide each figure's column."""
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

    def _on_slider(self, value: int) -> None:
        self.threshold_label.setText("≥ " + _percent(value / 100))
        self.pairs_proxy.set_threshold(value / 100)
        self.update_count()
        self.threshold_changed.emit(value / 100)

    def _on_activated(self, index: QtCore.QModelIndex) -> None:
        row = self.pairs_proxy.data(index, PAIR_ROLE)
        if row is not None:
            pair = self.pairs_model.pair(int(row))
            self.pair_activated.emit(pair.a, pair.b)


def table_look(
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
