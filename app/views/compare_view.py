"""Compare-all results: heat map, pairs above a threshold, documents, groups of near-copies.

Clicking a heat-map cell, or double-clicking (Enter on) a pair, opens the two documents side
by side: the pair's ``a`` on the left, ``b`` on the right. The *Pairs* tab, the pairs above the
threshold slider, is :class:`copylens.app.views.pairs_panel.PairsPanel`'s; the slider starts at
the share the report was computed with, showing every pair computed.

The *Documents* tab lists every document with its share found in any other
(``copylens.core.document_shares``), its strongest partner, and the files that could not be
read with the reason; double-clicking a document opens its strongest pair.

The groups of near-copies and their regrouping by another method or by the news classifier
are :class:`copylens.app.views.groups_panel.GroupsPanel`'s; activating a document there selects
its strongest pair here.
"""

from __future__ import annotations

from typing import Any

from copylens.app import news_grouping, presentation, terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.terms import QT_TRANSLATE_NOOP
from copylens.app.views.groups_panel import GroupsPanel
from copylens.app.views.heatmap import HeatMap
from copylens.app.views.looks import percent as _percent
from copylens.app.views.looks import tr_in as _tr
from copylens.app.views.looks import two_lines
from copylens.app.views.pairs_panel import SORT_ROLE, PairsPanel, PairsTable, table_look
from copylens.app.views.side_by_side import SideBySideView
from copylens.core import (
    CompareReport,
    DocumentShare,
    InputFailure,
    PairResult,
    document_shares,
)

NEWS = news_grouping.METHOD

_Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_ROOT = QtCore.QModelIndex()


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
        if role == Qt.ItemDataRole.DisplayRole and section == self.PARTNER:
            # it shares the stretched room with the names: a long heading goes on two lines
            # (Russian "Ближайший документ" was clipped to "лижайший докумен" in 1200 px)
            return two_lines(_tr("DocumentsModel", key), longer_than=14)
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
        self.summary_label = self._summary()
        heat_box = self._heat_box()
        self.pairs = PairsPanel()
        self.pairs.pair_activated.connect(self.open_pair)
        self.pairs.threshold_changed.connect(self.threshold_changed)
        # the panel's parts, as the tests and screenshots reach them
        self.threshold_slider = self.pairs.threshold_slider
        self.count_label = self.pairs.count_label
        self.computed_label = self.pairs.computed_label
        self.pairs_table = self.pairs.pairs_table
        self.pairs_model, self.pairs_proxy = self.pairs.pairs_model, self.pairs.pairs_proxy
        self.tabs = QtWidgets.QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.pairs, "")
        self.tabs.addTab(self._documents_table(), "")
        self.groups = GroupsPanel()
        self.groups.document_activated.connect(self._select_strongest_pair)
        # the panel's parts, as the tests and screenshots reach them
        self.clusters_title = self.groups.clusters_title
        self.group_combo = self.groups.group_combo
        self.group_stop = self.groups.group_stop
        self.group_note = self.groups.group_note
        self.clusters_tree = self.groups.clusters_tree
        self._overview = self._overview_page(heat_box)
        self._lay_out_pages()

    # --- builders -----------------------------------------------------------------------
    def _summary(self) -> QtWidgets.QLabel:
        label = QtWidgets.QLabel()
        label.setTextFormat(Qt.TextFormat.PlainText)
        font = label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        label.setFont(font)
        return label

    def _heat_box(self) -> QtWidgets.QFrame:
        """The heat map, framed: it fits itself, zooms and pans, with its own caption and
        legend."""
        self.heatmap = HeatMap()
        self.heatmap.pair_clicked.connect(self._on_cell_clicked)
        box = QtWidgets.QFrame()
        box.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        layout = QtWidgets.QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heatmap, 1)
        return box

    def _documents_table(self) -> PairsTable:
        """Every document with its share found in the others; it sorts itself."""
        self.documents_model = DocumentsModel(self)
        self.documents_table = PairsTable()
        self.documents_table.setObjectName("documentsTable")
        self.documents_table.setModel(self.documents_model)
        table_look(self.documents_table, stretched=(DocumentsModel.NAME, DocumentsModel.PARTNER))
        self.documents_table.setSortingEnabled(True)
        self.documents_table.sortByColumn(DocumentsModel.FOUND, Qt.SortOrder.DescendingOrder)
        self.documents_table.activated.connect(self._on_document_activated)
        return self.documents_table

    def _overview_page(self, heat_box: QtWidgets.QFrame) -> QtWidgets.QWidget:
        """The summary over the heat map beside the tabs above the groups."""
        right = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        right.setChildrenCollapsible(False)
        right.addWidget(self.tabs)
        right.addWidget(self.groups)
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
        layout = QtWidgets.QVBoxLayout(overview)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.splitter, 1)
        return overview

    def _lay_out_pages(self) -> None:
        """A placeholder, the overview and the side by side, one at a time."""
        self.placeholder = QtWidgets.QLabel(self.tr("No comparison to show."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.side_by_side = SideBySideView()
        self.side_by_side.set_back_text(self.tr("Back to all documents"))
        self.side_by_side.back_requested.connect(self.close_side_by_side)
        self.stack = QtWidgets.QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self._overview)
        self.stack.addWidget(self.side_by_side)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

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
        self.pairs.set_pairs(report.pairs, self._names)
        self._shares = {s.path: s for s in document_shares(report)}  # the run's job counted
        self.documents_model.set_documents(tuple(self._shares.values()), report.errors, self._names)
        self.pairs.set_computed(report.options.min_containment)
        self.groups.show_report(report, self._names, list(self._shares))
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
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self._overview)

    def document_shares(self) -> dict[str, DocumentShare]:
        """Each document of the report shown, by path, with its share found in the others."""
        return dict(self._shares)

    def computed_threshold(self) -> float:
        """The share (0..1) the report was computed with; the slider's minimum."""
        return self.pairs.computed_threshold()

    def grouping_method(self) -> str:
        """The catalogue method the groups come from, or "" for the engine's containment."""
        return self.groups.grouping_method()

    def set_grouping_method(self, name: str) -> bool:
        """Select the grouping method by name ("" for containment); False if unknown."""
        return self.groups.set_grouping_method(name)

    def is_grouping(self) -> bool:
        return self.groups.is_grouping()

    def stop_grouping(self) -> bool:
        """Cancel the grouping under way (the selector keeps its method); False if none."""
        return self.groups.stop_grouping()

    def shutdown(self) -> None:
        """Stop a running grouping and wait for its thread (the window is closing)."""
        self.groups.shutdown()

    def clear(self) -> None:
        self.shutdown()
        self._report = None
        self._names = {}
        self.heatmap.clear()
        self.pairs.set_pairs((), {})
        self._shares = {}
        self.documents_model.set_documents((), (), {})
        self.groups.show_report(None, {}, [])
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self.placeholder)

    def report(self) -> CompareReport | None:
        return self._report

    def threshold(self) -> float:
        """The pair list's threshold, 0..1."""
        return self.pairs.threshold()

    def set_threshold(self, threshold: float) -> None:
        """Set the slider (0..1, rounded to whole percent; never under what was computed)."""
        self.pairs.set_threshold(threshold)

    def visible_pairs(self) -> list[tuple[str, str]]:
        """(a, b) of the pairs the list shows, top to bottom."""
        return self.pairs.visible_pairs()

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

    def _on_document_activated(self, index: QtCore.QModelIndex) -> None:
        """Open the document's strongest pair, selected in the pairs list."""
        share = self.documents_model.share(index.row())
        if share is None or share.partner is None:
            return
        self.pairs.select_pair(share.path, share.partner)
        self.open_pair(share.path, share.partner)

    def _on_cell_clicked(self, row_document: str, column_document: str) -> None:
        self.open_pair(row_document, column_document)

    def _select_strongest_pair(self, path: str) -> None:
        """A document activated in a group: its strongest pair selected in the list."""
        share = self._shares.get(path)
        if share is not None and share.partner is not None:
            self.pairs.select_pair(share.path, share.partner)
