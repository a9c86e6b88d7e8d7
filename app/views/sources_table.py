"""The sources table of a checked document: one row per source, its colour, name, figures and
a show/hide check box.

:class:`SourcesModel` holds the document's sources (:class:`copylens.core.SourceMatch`) with
their figures and whether each one's highlights are shown; :class:`SourcesTable` shows it
(Enter opens the current source side by side, Space shows or hides it, a click on a web
source's address opens the page); :class:`SourceNameDelegate` draws an archived source's name
on two lines and a web source's address as a link. The names of sources in the interface
language (:func:`source_names`, :func:`archived_tail`, :func:`web_tooltip`) are here too, for
the document view's legend and side by side.

What must hold: a source is told apart by its ``key`` (a file's path, an archived document's
``archive:ID``), and its row is its colour index (``INDEX_ROLE``) whatever the sort order.
"""

from __future__ import annotations

from typing import Any

from copylens.app import i18n, presentation, terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors
from copylens.app.views.looks import two_lines
from copylens.core import SourceMatch

_Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_ROOT = QtCore.QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Raw value of a cell (a float or int) that tables sort by."""
PATH_ROLE = Qt.ItemDataRole.UserRole + 2
INDEX_ROLE = Qt.ItemDataRole.UserRole + 3
"""Row of a source in the result (= its colour index)."""
ARCHIVED_ROLE = Qt.ItemDataRole.UserRole + 4
"""An archived source's name in parts, as :class:`SourceNameDelegate` draws it: (file name,
the rest: labels and archive id, the self-citation mark or ""); None for a file."""
WEB_ROLE = Qt.ItemDataRole.UserRole + 5
"""A web source's address to open (where its page came from), None for a file or an archived
document; :class:`SourceNameDelegate` draws the name as a link."""
SELF_CITATION_FILL = "#E6DDF7"
"""The background of the self-citation mark (a pale violet, apart from the source colours)."""
SELF_CITATION_TEXT = "#3E2A78"


class SourcesModel(QtCore.QAbstractTableModel):
    """The sources of one document; row ``i`` is ``result.sources[i]`` and has colour ``i``.

    Column 0 holds the colour swatch and a check box that shows or hides the source's
    highlights. Numeric columns give their raw value under :data:`SORT_ROLE`.

    Signals:
        visibility_changed(int, bool): row, shown.
    """

    COLUMNS = (
        QtCore.QT_TRANSLATE_NOOP("SourcesModel", "Show"),
        QtCore.QT_TRANSLATE_NOOP("SourcesModel", "Source"),
        "found_in_source",
        "cited",
        "source_used",
        "matching_words",
        "only_this_source",
        "similarity",
    )
    """Headings: the first two the table's own (context "SourcesModel"), the others keys of
    :data:`copylens.app.terms.TERMS` (label as heading, tip as tooltip)."""
    TIPS = (
        QtCore.QT_TRANSLATE_NOOP(
            "SourcesModel",
            "Colour of the source's highlights; untick to hide them",
        ),
        QtCore.QT_TRANSLATE_NOOP(
            "SourcesModel",
            "The source (full path in the tooltip)",
        ),
    )
    SHOW, NAME, FOUND, CITED, USED, MATCHED, ONLY, SIMILARITY = range(8)
    CONTAINMENT = FOUND  # the engine's name of the figure (older tests use it)
    OPTIONAL = (CITED, USED, MATCHED, ONLY, SIMILARITY)
    """Columns the heading's context menu shows or hides."""
    HIDDEN = (SIMILARITY,)
    """Hidden until asked for: whole-text similarity helps with near-duplicates only, and a
    low one beside "100 %" only confuses."""

    visibility_changed = Signal(int, bool)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._sources: tuple[SourceMatch, ...] = ()
        self._names: dict[str, str] = {}
        self._shown: list[bool] = []

    def set_sources(self, sources: tuple[SourceMatch, ...]) -> None:
        self.beginResetModel()
        self._sources = tuple(sources)
        self._names = source_names(self._sources)
        self._shown = [True] * len(self._sources)
        self.endResetModel()

    def source(self, row: int) -> SourceMatch:
        return self._sources[row]

    def name(self, row: int) -> str:
        source = self._sources[row]
        return self._names.get(source.key, source.path)

    def archived_parts(self, row: int) -> tuple[str, str, str] | None:
        """See :data:`ARCHIVED_ROLE`: ("essay3.docx", "author=Ivanov · archive #12",
        "self-citation" or "")."""
        source = self._sources[row]
        if source.archive_id is None:
            return None
        archived = archived_tail(source)
        labels = presentation.labels_text(source.labels)
        detail = f"{labels} · {archived}" if labels else archived
        mark = _archive_tr("self-citation") if source.self_citation else ""
        return presentation.file_name(source.path), detail, mark

    def address(self, row: int) -> str | None:
        """See :data:`WEB_ROLE`."""
        return web_address(self._sources[row])

    def tooltip(self, row: int) -> str:
        """The source's full path; for an archived one also its id, labels and, for a
        self-citation, what that means; for a web page its address, where it was redirected
        and when it was downloaded."""
        source = self._sources[row]
        if web_address(source) is not None:
            return web_tooltip(source)
        if source.archive_id is None:
            return source.path
        lines = [
            source.path,
            _archive_tr("Archived document #%1").replace("%1", str(source.archive_id)),
        ]
        if source.labels:
            lines.append(presentation.labels_text(source.labels))
        if source.identical:
            lines.append(
                _archive_tr(
                    "Identical: the archived document's text is the checked one's, unchanged."
                )
            )
        if source.self_citation:
            lines.append(
                _archive_tr(
                    "Self-citation: the archived document has the same author as the checked one."
                )
            )
        return "\n".join(lines)

    def is_shown(self, row: int) -> bool:
        return self._shown[row]

    def set_shown(self, row: int, shown: bool) -> None:
        if self._shown[row] == shown:
            return
        self._shown[row] = shown
        index = self.index(row, self.SHOW)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        self.visibility_changed.emit(row, shown)

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._sources)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return two_lines(self.heading(section))
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.column_tip(section)
        return None

    def heading(self, column: int) -> str:
        """Column ``column``'s heading in the interface language."""
        if column < len(self.TIPS):
            return QtCore.QCoreApplication.translate("SourcesModel", str(self.COLUMNS[column]))
        return terms.label(str(self.COLUMNS[column]), QtCore.QCoreApplication.translate)

    def column_tip(self, column: int) -> str:
        """What column ``column`` holds, in plain words (its heading's tooltip)."""
        if column < len(self.TIPS):
            return QtCore.QCoreApplication.translate("SourcesModel", str(self.TIPS[column]))
        return terms.tip(str(self.COLUMNS[column]), QtCore.QCoreApplication.translate)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == self.SHOW:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        source = self._sources[row]
        if role == PATH_ROLE:
            return source.path
        if role == INDEX_ROLE:
            return row
        if role == ARCHIVED_ROLE:
            return self.archived_parts(row) if column == self.NAME else None
        if role == WEB_ROLE:
            return self.address(row) if column == self.NAME else None
        values = (
            row,
            self.name(row).casefold(),
            source.containment,
            source.cited,
            source.reverse_containment,
            source.matched_words,
            source.exclusive,
            source.resemblance,
        )
        if role == SORT_ROLE:
            return values[column]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.SHOW:
                return None
            if column == self.NAME:
                return self.name(row)
            if column == self.MATCHED:
                return str(source.matched_words)
            return presentation.percent(float(values[column]), i18n.current_language())
        if role == Qt.ItemDataRole.CheckStateRole and column == self.SHOW:
            return Qt.CheckState.Checked if self._shown[row] else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.DecorationRole and column == self.SHOW:
            return swatch_icon(row)
        if role == Qt.ItemDataRole.FontRole and column == self.NAME and source.self_citation:
            font = QtGui.QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.NAME:
                return self.tooltip(row)
            if column == self.SHOW:
                return self.tr("Shown in the text") if self._shown[row] else self.tr("Hidden")
            return self.column_tip(column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= self.FOUND:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: _Index, value: Any, role: int = 0) -> bool:
        if (
            index.isValid()
            and index.column() == self.SHOW
            and role == Qt.ItemDataRole.CheckStateRole
        ):
            self.set_shown(index.row(), Qt.CheckState(value) == Qt.CheckState.Checked)
            return True
        return False


def _archive_tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("Sources", text)


def archived_tail(source: SourceMatch) -> str:
    """What tells an archived source apart, translated: "archive #12", or for one whose text
    is the checked document's "identical to #12, added 2025-05-14" (issue 32)."""
    if source.identical:
        template = _archive_tr("identical to #{id}, added {date}")
        template = template.replace("{date}", (source.added or "")[:10])
    else:
        template = _archive_tr("archive #{id}")
    return template.replace("{id}", str(source.archive_id))


def already_archived_text(ids: tuple[int, ...]) -> str:
    """ "already in the archive as #12", translated ("" for none)."""
    return presentation.already_archived(ids, _archive_tr("already in the archive as {ids}"))


def web_address(source: SourceMatch) -> str | None:
    """Where a web source's page came from (the address after redirects), None for a file
    or an archived document."""
    if source.archive_id is not None:
        return None
    if source.url:
        return source.url
    return source.path if presentation.is_web_address(source.path) else None


def fetched_text(fetched: str | None) -> str:
    """When a page was downloaded, in the interface language's short date and time ("" when
    not known)."""
    when = presentation.fetched_time(fetched)
    if when is None:
        return ""
    stamp = QtCore.QDateTime.fromSecsSinceEpoch(int(when.timestamp()))
    return QtCore.QLocale().toString(stamp, QtCore.QLocale.FormatType.ShortFormat)


def web_tooltip(source: SourceMatch) -> str:
    """A web source's address, where its redirects ended, when it was downloaded, and what a
    click does."""
    lines = [source.path]
    if source.url and source.url != source.path:
        lines.append(_archive_tr("Redirected to %1").replace("%1", source.url))
    when = fetched_text(source.fetched)
    if when:
        lines.append(_archive_tr("Downloaded %1").replace("%1", when))
    lines.append(_archive_tr("Click the address to open the page in the browser."))
    return "\n".join(lines)


def source_names(
    sources: tuple[SourceMatch, ...] | list[SourceMatch], other_paths: tuple[str, ...] = ()
) -> dict[str, str]:
    """:func:`copylens.app.presentation.source_names` in the interface language."""
    return presentation.source_names(
        sources,
        other_paths,
        archive=_archive_tr("archive #{id}"),
        self_citation=_archive_tr("self-citation"),
        identical=_archive_tr("identical to #{id}, added {date}"),
    )


class SourceNameDelegate(QtWidgets.QStyledItemDelegate):
    """Draws an archived source's name on two lines, so that what tells it apart survives a
    narrow column: the original file name, then (smaller, quieter, cut at the end when they do
    not fit) a self-citation mark and its labels and archive id. A file's name is drawn as
    usual, on one line (shortened in the middle). Rows keep at least the table's default
    height."""

    MARGIN = 4
    DETAIL_SCALE = 0.88
    """The second line's font size, relative to the table's."""

    def link_rect(self, option: QtWidgets.QStyleOptionViewItem, index: _Index) -> QtCore.QRect:
        """Where a web source's address is drawn in its cell (empty for other sources)."""
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if not index.data(WEB_ROLE) or not text:
            return QtCore.QRect()
        rect = option.rect.adjusted(self.MARGIN, 0, -self.MARGIN, 0)
        metrics = QtGui.QFontMetrics(option.font)
        shown = metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, rect.width())
        width = min(metrics.horizontalAdvance(shown), rect.width())
        top = rect.top() + max(0, (rect.height() - metrics.height()) // 2)
        return QtCore.QRect(rect.left(), top, width, metrics.height())

    def sizeHint(self, option: QtWidgets.QStyleOptionViewItem, index: _Index) -> QtCore.QSize:
        size = super().sizeHint(option, index)
        table = self.parent()
        if isinstance(table, QtWidgets.QTableView):
            size.setHeight(max(size.height(), table.verticalHeader().defaultSectionSize()))
        if index.data(ARCHIVED_ROLE):
            lines = (
                QtGui.QFontMetrics(option.font).height()
                + QtGui.QFontMetrics(self._detail_font(option.font)).height()
            )
            size.setHeight(max(size.height(), lines + 8))
        return size

    def paint(
        self, painter: QtGui.QPainter, option: QtWidgets.QStyleOptionViewItem, index: _Index
    ) -> None:
        if index.data(WEB_ROLE):
            self._paint_link(painter, option, index)
            return
        parts = index.data(ARCHIVED_ROLE)
        if not parts:
            super().paint(painter, option, index)
            return
        name, detail, mark = parts
        opt = QtWidgets.QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QtWidgets.QApplication.style()
        style.drawControl(QtWidgets.QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QtWidgets.QStyle.StateFlag.State_Selected)
        text_color = opt.palette.color(
            QtGui.QPalette.ColorRole.HighlightedText if selected else QtGui.QPalette.ColorRole.Text
        )
        quiet = QtGui.QColor(text_color)
        quiet.setAlpha(175)
        detail_font = self._detail_font(opt.font)
        metrics, detail_metrics = QtGui.QFontMetrics(opt.font), QtGui.QFontMetrics(detail_font)
        lines = metrics.height() + detail_metrics.height()
        rect = opt.rect.adjusted(self.MARGIN, 0, -self.MARGIN, 0)
        top = rect.top() + max(0, (rect.height() - lines) // 2)
        first = QtCore.QRect(rect.left(), top, rect.width(), metrics.height())
        second = QtCore.QRect(
            rect.left(), first.bottom() + 1, rect.width(), detail_metrics.height()
        )
        painter.save()
        if mark and second.width() > 0:
            width = min(detail_metrics.horizontalAdvance(mark) + 8, second.width())
            badge = QtCore.QRect(second.left(), second.top(), width, second.height())
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QtGui.QColor(SELF_CITATION_FILL))
            painter.drawRoundedRect(badge, 3, 3)
            painter.setPen(QtGui.QColor(SELF_CITATION_TEXT))
            painter.setFont(detail_font)
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), mark)
            second.setLeft(badge.right() + 6)
        align = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        painter.setFont(opt.font)
        painter.setPen(text_color)
        painter.drawText(
            first, align, metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, first.width())
        )
        painter.setFont(detail_font)
        painter.setPen(quiet)
        painter.drawText(
            second,
            align,
            detail_metrics.elidedText(detail, Qt.TextElideMode.ElideRight, second.width()),
        )
        painter.restore()

    def _paint_link(
        self, painter: QtGui.QPainter, option: QtWidgets.QStyleOptionViewItem, index: _Index
    ) -> None:
        """A web source's address, in the link colour and underlined."""
        opt = QtWidgets.QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text, opt.text = opt.text, ""
        widget = opt.widget
        style = widget.style() if widget is not None else QtWidgets.QApplication.style()
        style.drawControl(QtWidgets.QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QtWidgets.QStyle.StateFlag.State_Selected)
        role = QtGui.QPalette.ColorRole
        font = QtGui.QFont(opt.font)
        font.setUnderline(True)
        rect = self.link_rect(opt, index)
        painter.save()
        painter.setFont(font)
        painter.setPen(opt.palette.color(role.HighlightedText if selected else role.Link))
        shown = QtGui.QFontMetrics(font).elidedText(
            text, Qt.TextElideMode.ElideMiddle, opt.rect.width() - 2 * self.MARGIN
        )
        align = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        painter.drawText(rect.adjusted(0, 0, 2, 0), align, shown)
        painter.restore()

    def _detail_font(self, font: QtGui.QFont) -> QtGui.QFont:
        detail = QtGui.QFont(font)
        detail.setPointSizeF(font.pointSizeF() * self.DETAIL_SCALE)
        return detail


def swatch_icon(index: int, size: int = 14) -> QtGui.QIcon:
    """A square of the source's colour, drawn the same when its row is selected."""
    pixmap = QtGui.QPixmap(size, size)
    pixmap.fill(colors.source_color(index))
    painter = QtGui.QPainter(pixmap)
    painter.setPen(QtGui.QColor("#707070"))
    painter.drawRect(0, 0, size - 1, size - 1)
    painter.end()
    icon = QtGui.QIcon()
    for mode in (QtGui.QIcon.Mode.Normal, QtGui.QIcon.Mode.Selected, QtGui.QIcon.Mode.Active):
        icon.addPixmap(pixmap, mode)
    return icon


class SourcesTable(QtWidgets.QTableView):
    """The sources table: Enter activates the current row, Space toggles its check box; a
    click on a web source's address emits ``addressClicked`` with it (the pointer is a hand
    over it)."""

    addressClicked = Signal(str)

    NAME_ROOM = 14
    """The source's name keeps at least this many average characters of width: where the
    figure columns sized to their contents leave less, they are narrowed to their figures and
    their headings' longest line (at 1024 × 640 in Russian the name was squeezed to "…",
    issue 36)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self._pressed = ""

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def fit_columns(self) -> None:
        """The figure columns sized to their contents, or narrowed when the name would get
        less than :data:`NAME_ROOM`."""
        proxy = self.model()
        model = proxy.sourceModel() if isinstance(proxy, QtCore.QSortFilterProxyModel) else proxy
        if not isinstance(model, SourcesModel):
            return
        head = self.horizontalHeader()
        figures = [
            c
            for c in range(model.columnCount())
            if c != SourcesModel.NAME and not self.isColumnHidden(c)
        ]
        fit = QtWidgets.QHeaderView.ResizeMode.ResizeToContents
        for c in figures:
            head.setSectionResizeMode(c, fit)
        wide = sum(head.sectionSize(c) for c in figures)
        if self.viewport().width() - wide >= self.NAME_ROOM * self.fontMetrics().averageCharWidth():
            return
        lines = head.fontMetrics()
        for c in figures:
            heading = two_lines(model.heading(c)).split("\n")
            widest = max(lines.horizontalAdvance(line) for line in heading)
            head.setSectionResizeMode(c, QtWidgets.QHeaderView.ResizeMode.Interactive)
            arrow = 12 if c == head.sortIndicatorSection() else 0  # the sort indicator
            head.resizeSection(c, max(self.sizeHintForColumn(c), widest + 14 + arrow))

    def address_at(self, position: QtCore.QPoint) -> str:
        """The web address drawn at ``position`` (viewport coordinates), else ""."""
        index = self.indexAt(position)
        address = index.data(WEB_ROLE) if index.isValid() else None
        delegate = self.itemDelegateForColumn(index.column()) if index.isValid() else None
        if not address or not isinstance(delegate, SourceNameDelegate):
            return ""
        option = QtWidgets.QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.rect = self.visualRect(index)
        return str(address) if delegate.link_rect(option, index).contains(position) else ""

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:
        over = bool(self.address_at(event.position().toPoint()))
        if over:
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.viewport().unsetCursor()
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        left = event.button() == Qt.MouseButton.LeftButton
        self._pressed = self.address_at(event.position().toPoint()) if left else ""
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        address = self.address_at(event.position().toPoint())
        pressed, self._pressed = self._pressed, ""
        super().mouseReleaseEvent(event)
        if address and address == pressed and event.button() == Qt.MouseButton.LeftButton:
            self.addressClicked.emit(address)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        index = self.currentIndex()
        if index.isValid() and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated.emit(index)
            event.accept()
            return
        if index.isValid() and event.key() == Qt.Key.Key_Space:
            model = self.model()
            check = model.index(index.row(), SourcesModel.SHOW)
            state = model.data(check, Qt.ItemDataRole.CheckStateRole)
            checked = Qt.CheckState(state) == Qt.CheckState.Checked
            model.setData(
                check,
                Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked,
                Qt.ItemDataRole.CheckStateRole,
            )
            event.accept()
            return
        super().keyPressEvent(event)
