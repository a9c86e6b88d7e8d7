"""A checked document's sources as a table (the document page's upper part): the caption with
the keys, the sortable table (:mod:`copylens.app.views.sources_table`: its model, names and
figures), or a line saying no source shares text; the headings' menu of optional columns and
a source's context menu (open or copy a web source's address, leave the source out and count
again).

The panel only signals: :class:`copylens.app.views.document_view.DocumentView` opens a source
side by side, and the window leaves a source out. A source's check box (its highlights shown
or hidden) is the model's ``visibility_changed``.
"""

from __future__ import annotations

from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views.side_by_side import open_address
from copylens.app.views.sources_table import (
    INDEX_ROLE,
    SORT_ROLE,
    SourceNameDelegate,
    SourcesModel,
    SourcesTable,
)
from copylens.core import SourceMatch


class SourcesPanel(QtWidgets.QWidget):
    """The sources table with its caption, or a line saying no source shares text.

    Signals:
        source_activated(int): Enter or a double-click on a source (its row of the model).
        exclude_requested(str): the source (its ``key``) is to be left out and every share
            counted again (the context menu).
    """

    source_activated = Signal(int)
    exclude_requested = Signal(str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._table()
        self.sources_caption = QtWidgets.QLabel(
            self.tr(
                "Sources — Enter or double-click: compare side by side · Space: show/hide · "
                "right-click the headings for more columns"
            )
        )
        self.no_sources_label = QtWidgets.QLabel(
            self.tr("No source shares text with this document.")
        )
        self.no_sources_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_sources_label.hide()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.sources_caption)
        layout.addWidget(self.sources_table, 1)
        layout.addWidget(self.no_sources_label, 1)
        self.sources_caption.setWordWrap(True)  # a long line must not set the minimum width

    def _table(self) -> SourcesTable:
        """The sources, sortable, some columns hidden until asked for (the header's menu),
        rows as high as their contents (an archived source's name takes two lines)."""
        self.sources_model = SourcesModel(self)
        self.sources_proxy = QtCore.QSortFilterProxyModel(self)
        self.sources_proxy.setSourceModel(self.sources_model)
        self.sources_proxy.setSortRole(SORT_ROLE)
        self.sources_table = SourcesTable()
        self.sources_table.setModel(self.sources_proxy)
        self.sources_table.setItemDelegateForColumn(
            SourcesModel.NAME, SourceNameDelegate(self.sources_table)
        )
        self.sources_table.setSelectionBehavior(
            QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows
        )
        self.sources_table.setSelectionMode(
            QtWidgets.QAbstractItemView.SelectionMode.SingleSelection
        )
        self.sources_table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.sources_table.setAlternatingRowColors(True)
        self.sources_table.verticalHeader().hide()
        self.sources_table.setWordWrap(False)
        self.sources_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        head = self.sources_table.horizontalHeader()
        head.setHighlightSections(False)
        head.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(SourcesModel.NAME, QtWidgets.QHeaderView.ResizeMode.Stretch)
        head.setSortIndicator(SourcesModel.FOUND, Qt.SortOrder.DescendingOrder)
        for column in SourcesModel.HIDDEN:
            self.sources_table.setColumnHidden(column, True)
        head.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        head.customContextMenuRequested.connect(self._column_menu)
        self.sources_table.verticalHeader().setSectionResizeMode(
            QtWidgets.QHeaderView.ResizeMode.ResizeToContents
        )
        self.sources_table.setSortingEnabled(True)
        self.sources_table.activated.connect(self._on_row_activated)
        self.sources_table.addressClicked.connect(open_address)
        self.sources_table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.sources_table.customContextMenuRequested.connect(self._row_menu)
        return self.sources_table

    # --- public -----------------------------------------------------------------------
    def show_sources(self, sources: tuple[SourceMatch, ...]) -> None:
        """List ``sources`` (the first selected), or say that none shares text."""
        self.sources_model.set_sources(sources)
        has_sources = len(sources) > 0
        self.sources_table.setVisible(has_sources)
        self.sources_caption.setVisible(has_sources)
        self.no_sources_label.setVisible(not has_sources)
        if has_sources:
            self.sources_table.selectRow(0)

    def clear(self) -> None:
        self.sources_model.set_sources(())

    def select(self, row: int) -> None:
        """Select the source at ``row`` of the model, wherever the sort put it."""
        proxy_index = self.sources_proxy.mapFromSource(self.sources_model.index(row, 0))
        self.sources_table.selectRow(proxy_index.row())

    def fitting_height(self) -> int:
        """The height that shows the caption and the table's rows (up to 6)."""
        rows = min(max(self.sources_model.rowCount(), 1), 6)
        table = self.sources_table
        vertical = table.verticalHeader()
        row_heights = sum(
            table.sizeHintForRow(r) if r < self.sources_model.rowCount() else 0 for r in range(rows)
        )
        height = (
            table.horizontalHeader().sizeHint().height()
            + max(row_heights, vertical.defaultSectionSize())
            + 2 * table.frameWidth()
            + 10
        )
        label = self.sources_caption  # word-wrapped: its sizeHint is for a narrow width
        width = label.width()
        caption = (label.heightForWidth(width) if width > 0 else label.sizeHint().height()) + 2
        return int(height + caption)

    def source_menu(self, row: int) -> QtWidgets.QMenu:
        """The context menu of the source at ``row`` (of the model): leave it out and count
        again (issue 36); for a web source also open its address in the browser, or copy
        it."""
        menu = QtWidgets.QMenu(self)
        address = self.sources_model.address(row)
        if address:
            menu.addAction(self.tr("Open in browser")).triggered.connect(
                lambda: open_address(address)
            )
            menu.addAction(self.tr("Copy address")).triggered.connect(
                lambda: QtGui.QGuiApplication.clipboard().setText(address)
            )
            menu.addSeparator()
        key = self.sources_model.source(row).key
        leave_out = menu.addAction(self.tr("Leave out this source and count again"))
        leave_out.setToolTip(
            self.tr("Every share is counted again without it; Run › Exclusions… brings it back")
        )
        leave_out.triggered.connect(lambda: self.exclude_requested.emit(key))
        menu.setToolTipsVisible(True)
        return menu

    # --- internals --------------------------------------------------------------------
    def _row_menu(self, position: QtCore.QPoint) -> None:
        index = self.sources_table.indexAt(position)
        row = self.sources_proxy.data(index, INDEX_ROLE) if index.isValid() else None
        if row is None:
            return
        menu = self.source_menu(int(row))
        menu.exec(self.sources_table.viewport().mapToGlobal(position))

    def _column_menu(self, position: QtCore.QPoint) -> None:
        """The headings' context menu: show or hide the optional columns."""
        menu = QtWidgets.QMenu(self)
        for column in SourcesModel.OPTIONAL:
            action = menu.addAction(self.sources_model.heading(column))
            action.setCheckable(True)
            action.setChecked(not self.sources_table.isColumnHidden(column))
            action.setToolTip(self.sources_model.column_tip(column))
            action.toggled.connect(
                lambda on, c=column: self.sources_table.setColumnHidden(c, not on)
            )
        menu.setToolTipsVisible(True)
        menu.exec(self.sources_table.horizontalHeader().mapToGlobal(position))

    def _on_row_activated(self, index: QtCore.QModelIndex) -> None:
        row = self.sources_proxy.data(index, INDEX_ROLE)
        if row is not None:
            self.source_activated.emit(int(row))
