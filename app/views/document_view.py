"""The check result of one document: uniqueness, its sources, its text with highlights.

Page 1 (overview): the uniqueness in large type, the borrowed and cited shares, language,
word count and look-alike letters;
a sortable table of sources (colour legend + show/hide check box per source); the document's
text with each source's fragments in that source's colour (edited words paler with a dotted
underline, cited fragments green-grey and italic, paraphrases, sentences retold in other
words, a lighter tint with a wavy underline in a dark shade of the source's colour, look-alike
letters red, bold, with a red wavy underline). Double-click a highlight, or press
Enter on a table row, to open page 2: the document and the source side by side.

Sources are told apart by :attr:`SourceMatch.key` (a file's path, an archived document's
``archive:ID``): an archived source is named by its original file name, labels and archive id
("essay3.docx — author=Ivanov · archive #12", :func:`copylens.app.presentation.source_names`),
and one by the checked document's own author is marked as self-citation (italic, with a note).
A page from the web is named by its address, drawn as a link: a click on it opens the page in
the browser (so does the table's context menu, which also copies it); its tooltip says when the
page was downloaded. Side by side shows the address as a link under the source's title.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from copylens.app import i18n, presentation, terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors
from copylens.app.views.side_by_side import SideBySideView, fragment_spans, open_address
from copylens.app.views.text_view import HighlightTextView, wave_image_html
from copylens.core import DocumentResult, SourceMatch, fragment_kind

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

LANGUAGE_NAMES = {
    "ru": QtCore.QT_TRANSLATE_NOOP("Languages", "Russian"),
    "uk": QtCore.QT_TRANSLATE_NOOP("Languages", "Ukrainian"),
    "en": QtCore.QT_TRANSLATE_NOOP("Languages", "English"),
    "de": QtCore.QT_TRANSLATE_NOOP("Languages", "German"),
    "fr": QtCore.QT_TRANSLATE_NOOP("Languages", "French"),
    "es": QtCore.QT_TRANSLATE_NOOP("Languages", "Spanish"),
    "it": QtCore.QT_TRANSLATE_NOOP("Languages", "Italian"),
    "pt": QtCore.QT_TRANSLATE_NOOP("Languages", "Portuguese"),
    "nl": QtCore.QT_TRANSLATE_NOOP("Languages", "Dutch"),
    "sv": QtCore.QT_TRANSLATE_NOOP("Languages", "Swedish"),
    "pl": QtCore.QT_TRANSLATE_NOOP("Languages", "Polish"),
}


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


def two_lines(text: str, longer_than: int = 12) -> str:
    """A long heading on two lines, broken at the space nearest its middle ("Source\nused"),
    so that the figures' columns leave the source's name room (Russian words are long)."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if len(text) <= longer_than or not spaces:
        return text
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return f"{text[:cut]}\n{text[cut + 1 :]}"


def _short(name: str, limit: int = 32) -> str:
    """A source's name for the legend: at most ``limit`` characters, shortened in the middle."""
    if len(name) <= limit:
        return name
    half = (limit - 1) // 2
    return f"{name[:half]}…{name[-half:]}"


def _lower_first(text: str) -> str:
    """A label inside a sentence: "borrowed" for "Borrowed"."""
    return text[:1].lower() + text[1:]


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


def _downloaded_note(fetched: str | None) -> str:
    """ " · downloaded 25.11.2026 03:40" (empty when the time is not known)."""
    when = fetched_text(fetched)
    return f"  ·  {_archive_tr('downloaded %1').replace('%1', when)}" if when else ""


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


class DocumentView(QtWidgets.QWidget):
    """One checked document: uniqueness, sources table, highlighted text, side by side.

    Signals:
        source_toggled(str, bool): a source's highlights were shown (True) or hidden (the
            source's ``key``: its path, or ``archive:ID``).
        side_by_side_opened(str, int): the side by side page opened for a source (its
            ``key``) at a fragment index (into that source's ``fragments``).
        side_by_side_closed(): back from the side by side page to the overview.
        exclude_requested(str): the source (its ``key``) is to be left out and every share
            counted again (the sources table's context menu; the window does it).
    """

    source_toggled = Signal(str, bool)
    side_by_side_opened = Signal(str, int)
    side_by_side_closed = Signal()
    exclude_requested = Signal(str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: DocumentResult | None = None
        self._text = ""
        self._source_texts: Mapping[str, str] = {}
        self._fit_pending = False
        header = self._header()
        table_box = self._sources_box()
        text_box = self._text_box()
        self._overview = self._overview_page(header, table_box, text_box)
        self._lay_out_pages()
        self._update_legend()

    # --- builders -----------------------------------------------------------------------
    def _header(self) -> QtWidgets.QHBoxLayout:
        """The uniqueness, large, beside the document's name, shares and facts."""
        self.uniqueness_label = QtWidgets.QLabel()
        font = self.uniqueness_label.font()
        font.setPointSizeF(font.pointSizeF() * 2.6)
        font.setBold(True)
        self.uniqueness_label.setFont(font)
        self.uniqueness_label.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        translate = QtCore.QCoreApplication.translate
        self.uniqueness_label.setToolTip(terms.tip("uniqueness", translate))
        self.uniqueness_caption = QtWidgets.QLabel(terms.label("uniqueness", translate))
        self.uniqueness_caption.setToolTip(terms.tip("uniqueness", translate))
        self.shares_label = QtWidgets.QLabel()
        self.shares_label.setTextFormat(Qt.TextFormat.PlainText)
        shares_font = self.shares_label.font()
        shares_font.setPointSizeF(shares_font.pointSizeF() * 1.15)
        self.shares_label.setFont(shares_font)
        self.shares_label.setToolTip(
            "\n".join(
                f"{terms.label(key, translate)}: {terms.tip(key, translate)}"
                for key in ("borrowed", "cited", "self_cited")
            )
        )
        self.name_label = QtWidgets.QLabel()
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        name_font = self.name_label.font()
        name_font.setBold(True)
        name_font.setPointSizeF(name_font.pointSizeF() * 1.2)
        self.name_label.setFont(name_font)
        self.facts_label = QtWidgets.QLabel()
        self.facts_label.setTextFormat(Qt.TextFormat.PlainText)
        self.facts_label.setToolTip(
            f"{terms.label('compared_words', translate)}: {terms.tip('compared_words', translate)}"
        )
        self.archived_label = QtWidgets.QLabel()
        self.archived_label.setObjectName("alreadyArchived")
        self.archived_label.setTextFormat(Qt.TextFormat.PlainText)
        self.archived_label.hide()  # shown for a result archived already (an empty line else)
        self.archived_label.setToolTip(
            self.tr(
                "This very submission (the same file, the same labels) is in the archive: it "
                "is not counted as its own source."
            )
        )
        self.lookalike_label = QtWidgets.QLabel()
        self.lookalike_label.setTextFormat(Qt.TextFormat.PlainText)
        self.lookalike_label.setStyleSheet(
            f"color: {colors.LOOKALIKE_COLOR.name()}; font-weight: bold;"
        )
        self.lookalike_label.setToolTip(
            self.tr(
                "Letters of another alphabet that look the same (Latin “о” in a Cyrillic word, "
                "or vice versa), often planted to fool plagiarism checkers. They are marked red "
                "in the text."
            )
        )

        return self._header_layout()

    def _header_layout(self) -> QtWidgets.QHBoxLayout:
        score = QtWidgets.QVBoxLayout()
        score.setSpacing(0)
        score.addWidget(self.uniqueness_label)
        score.addWidget(self.uniqueness_caption, 0, Qt.AlignmentFlag.AlignRight)
        facts = QtWidgets.QVBoxLayout()
        facts.setSpacing(2)
        facts.addStretch(1)
        facts.addWidget(self.name_label)
        facts.addWidget(self.shares_label)
        facts.addWidget(self.facts_label)
        facts.addWidget(self.archived_label)
        facts.addWidget(self.lookalike_label)
        facts.addStretch(1)
        header = QtWidgets.QHBoxLayout()
        header.addLayout(score)
        header.addSpacing(16)
        header.addLayout(facts, 1)
        return header

    def _sources_table(self) -> SourcesTable:
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
        self.sources_model.visibility_changed.connect(self._on_visibility_changed)
        return self.sources_table

    def _sources_box(self) -> QtWidgets.QWidget:
        """The sources table with its caption, or a line saying no source shares text."""
        self._sources_table()
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
        table_box = QtWidgets.QWidget()
        table_layout = QtWidgets.QVBoxLayout(table_box)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(2)
        table_layout.addWidget(self.sources_caption)
        table_layout.addWidget(self.sources_table, 1)
        table_layout.addWidget(self.no_sources_label, 1)
        return table_box

    def _text_box(self) -> QtWidgets.QWidget:
        """The legend over the highlighted text."""
        self.text_view = HighlightTextView()
        self.text_view.span_clicked.connect(self._on_span_clicked)
        self.text_view.span_activated.connect(self._on_span_activated)
        self.legend_label = QtWidgets.QLabel()
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        text_box = QtWidgets.QWidget()
        text_layout = QtWidgets.QVBoxLayout(text_box)
        text_layout.setContentsMargins(0, 0, 0, 0)
        text_layout.setSpacing(2)
        for label in (self.legend_label, self.sources_caption, self.facts_label):
            label.setWordWrap(True)  # long lines must not set the window's minimum width
        self.name_label.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        text_layout.addWidget(self.legend_label)
        text_layout.addWidget(self.text_view, 1)
        return text_box

    def _overview_page(
        self,
        header: QtWidgets.QHBoxLayout,
        table_box: QtWidgets.QWidget,
        text_box: QtWidgets.QWidget,
    ) -> QtWidgets.QWidget:
        """The header over the sources above the text (a splitter between them)."""
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(table_box)
        self.splitter.addWidget(text_box)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        overview = QtWidgets.QWidget()
        overview_layout = QtWidgets.QVBoxLayout(overview)
        overview_layout.setContentsMargins(8, 6, 8, 6)
        overview_layout.addLayout(header)
        overview_layout.addWidget(self.splitter, 1)
        return overview

    def _lay_out_pages(self) -> None:
        """A placeholder, the overview and the side by side, one at a time."""
        self.placeholder = QtWidgets.QLabel(self.tr("No document to show."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.side_by_side = SideBySideView()
        self.side_by_side.set_back_text(self.tr("Back to document"))
        self.side_by_side.back_requested.connect(self.close_side_by_side)
        self.stack = QtWidgets.QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self._overview)
        self.stack.addWidget(self.side_by_side)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

    # --- public -----------------------------------------------------------------------
    def show_result(
        self, result: DocumentResult, text: str, source_texts: Mapping[str, str]
    ) -> None:
        """Show one document's result; ``text`` is its extracted text, ``source_texts`` the
        extracted texts of its sources by :attr:`SourceMatch.key` (a report's ``texts`` will
        do; a missing source opens side by side with a note instead of its text)."""
        self._result = result
        self._text = text
        self._source_texts = source_texts
        u = result.uniqueness
        self.uniqueness_label.setText(presentation.percent(u, i18n.current_language()))
        self.uniqueness_label.setStyleSheet(f"color: {colors.uniqueness_color(u).name()};")
        self.name_label.setText(result.path)
        self.name_label.setToolTip(result.path)
        self.shares_label.setText(self.shares_text(result))
        n = len(result.sources)
        language = LANGUAGE_NAMES.get(result.language)
        words = result.words
        facts = [
            QtCore.QCoreApplication.translate("Languages", str(language))
            if language
            else (result.language or self.tr("unknown language")),
            (self.tr("1 word") if words == 1 else self.tr("%n words", "", words))
            + ", "
            + self.tr("%1 compared").replace("%1", str(result.counted_words)),
            self.tr("no sources")
            if n == 0
            else self.tr("1 source")
            if n == 1
            else self.tr("%n sources", "", n),
        ]
        self.facts_label.setText("  ·  ".join(facts))
        self.archived_label.setText(already_archived_text(result.archived_as))
        self.archived_label.setVisible(bool(result.archived_as))
        if result.homoglyphs > 0:
            k = result.homoglyphs
            self.lookalike_label.setText(
                "⚠ "
                + (
                    self.tr("1 look-alike letter")
                    if k == 1
                    else self.tr("%n look-alike letters", "", k)
                )
            )
            self.lookalike_label.show()
        else:
            self.lookalike_label.hide()
        self.sources_model.set_sources(result.sources)
        has_sources = n > 0
        self.sources_table.setVisible(has_sources)
        self.sources_caption.setVisible(has_sources)
        self.no_sources_label.setVisible(not has_sources)
        if has_sources:
            self.sources_table.selectRow(0)
        self.text_view.set_text(text)
        self.text_view.mark_lookalikes(result.homoglyph_offsets)
        self._refresh_highlights()
        self._update_legend()
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self._overview)
        self._fit_pending = True
        if self.isVisible():
            self._fit_table()

    def shares_text(self, result: DocumentResult) -> str:
        """ "borrowed 40 % · cited 8 %": the shares beside the uniqueness, and the writer's
        own earlier work ("own earlier work 12 %") when an archived source is theirs."""
        language = i18n.current_language()
        translate = QtCore.QCoreApplication.translate
        keys = ("borrowed", "cited", "self_cited") if result.self_cited else ("borrowed", "cited")
        values = {"borrowed": result.borrowed, "cited": result.cited}
        values["self_cited"] = result.self_cited
        return "  ·  ".join(
            f"{_lower_first(terms.label(key, translate))} "
            f"{presentation.percent(values[key], language)}"
            for key in keys
        )

    def clear(self) -> None:
        """Show nothing (the placeholder)."""
        self._result = None
        self._text = ""
        self._source_texts = {}
        self.sources_model.set_sources(())
        self.text_view.set_text("")
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self.placeholder)

    def result(self) -> DocumentResult | None:
        return self._result

    def highlighted_ranges(self) -> list[tuple[int, int, str]]:
        """(start, end, source key) of every fragment highlighted in the overview's text,
        in Python offsets of the original text, read back from the text view; sources in
        table row order, fragments in their order."""
        if self._result is None:
            return []
        sources = self._result.sources
        found = [
            (key[1], key[2], start, end)
            for start, end, key, kind in self.text_view.selection_ranges()
            if kind == "fragment" and isinstance(key, tuple) and key[0] == "source"
        ]
        found.sort()
        return [(start, end, sources[row].key) for row, _, start, end in found]

    def lookalike_offsets(self) -> list[int]:
        """Python offsets of the characters marked as look-alike letters in the text."""
        return self.text_view.marked_lookalikes()

    def set_source_visible(self, source: int | str, visible: bool) -> None:
        """Show or hide a source's highlights (by row or key), as its check box does."""
        self.sources_model.set_shown(self._row(source), visible)

    def open_side_by_side(self, source: int | str, fragment: int = 0) -> None:
        """Open the document and ``source`` (row or key) side by side at ``fragment`` (an
        index into that source's fragments)."""
        if self._result is None:
            return
        row = self._row(source)
        match = self._result.sources[row]
        documents = presentation.display_names(
            [self._result.path, *(s.path for s in self._result.sources if s.archive_id is None)]
        )
        names = source_names(self._result.sources, (self._result.path,))
        right_name, right_note = names[match.key], ""
        address = web_address(match)
        if match.archive_id is not None:  # the labels on a line of their own: panes are narrow
            archived = archived_tail(match)
            right_name = f"{presentation.file_name(match.path)} · {archived}"
            mark = _archive_tr("self-citation") if match.self_citation else ""
            right_note = " · ".join(x for x in (presentation.labels_text(match.labels), mark) if x)
        current = match.fragments[fragment] if 0 <= fragment < len(match.fragments) else 0
        self.stack.setCurrentWidget(self.side_by_side)
        self.side_by_side.show_pair(
            documents[self._result.path],
            self._text,
            right_name,
            self._source_texts.get(match.key),
            match.fragments,
            color_index=row,
            current=current,
            left_lookalikes=self._result.homoglyph_offsets,
            left_path=self._result.path,
            right_path=self.sources_model.tooltip(row),
            right_note=right_note,
            right_link=address or "",
            right_link_text=self.tr("Open the page in the browser") if address else "",
            right_link_note=_downloaded_note(match.fetched) if address else "",
            figures=(
                ("found_in_source", match.containment),
                ("source_used", match.reverse_containment),
            ),
        )
        self.side_by_side.left.setFocus()
        self.side_by_side_opened.emit(match.key, max(fragment, 0))

    def close_side_by_side(self) -> None:
        if self.stack.currentWidget() is self.side_by_side:
            self.stack.setCurrentWidget(self._overview)
            self.sources_table.setFocus()
            self.side_by_side_closed.emit()

    def is_side_by_side(self) -> bool:
        return self.stack.currentWidget() is self.side_by_side

    def current_fragment_index(self) -> int:
        """The side by side page's current fragment (index in document order), or -1."""
        if not self.is_side_by_side():
            return -1
        return self.side_by_side.current_fragment_index()

    def side_by_side_cursor_offsets(self) -> tuple[int, int]:
        """Python offsets of the side by side page's cursors (document, source)."""
        return self.side_by_side.cursor_offsets()

    # --- internals --------------------------------------------------------------------
    def _row(self, source: int | str) -> int:
        if isinstance(source, int):
            return source
        assert self._result is not None
        for row, match in enumerate(self._result.sources):
            if match.key == source:
                return row
        raise KeyError(source)

    def _refresh_highlights(self) -> None:
        if self._result is None:
            self.text_view.set_spans([])
            return
        spans = []
        # Painted last = on top: source 0 (highest containment) over the others.
        for row in reversed(range(len(self._result.sources))):
            if not self.sources_model.is_shown(row):
                continue
            match = self._result.sources[row]
            spans += fragment_spans(
                match.fragments,
                row,
                side="left",
                key_prefix=("source", row),
                tooltip=self.tr("From {0} — double-click to compare").format(
                    self.sources_model.name(row)
                ),
                other_text=self._source_texts.get(match.key),
                other_name=self.sources_model.name(row),
            )
        self.text_view.set_spans(spans)

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        if self._fit_pending:
            self._fit_table()

    def _fit_table(self) -> None:
        """Give the table the height of its rows (up to 6) so the text gets the rest."""
        self._fit_pending = False
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
        total = sum(self.splitter.sizes()) or 600
        top = height + caption
        self.splitter.setSizes([top, max(total - top, 200)])

    LEGEND_SOURCES = 6
    """The legend names this many sources by colour; the table has them all."""

    def _update_legend(self) -> None:
        """What the marks mean (in grey: no source's colour), then each shown source's
        colour and name."""
        self.legend_label.setText(self.legend_html())

    def legend_html(self) -> str:
        neutral = colors.NEUTRAL_COLOR.name()
        pale = colors.mix(colors.NEUTRAL_COLOR, colors.TEXT_BACKGROUND, 0.5).name()
        cited_fill = colors.CITED_COLOR.name()
        red = colors.LOOKALIKE_COLOR.name()
        # Not inside the f-strings: lupdate does not see a tr() there.
        exact = html.escape(self.tr("copied exactly"))
        changed = html.escape(self.tr("copied with changes"))
        cited = html.escape(self.tr("cited"))
        kind = fragment_kind("paraphrase")  # its name as declared once (issue 33)
        paraphrased = html.escape(QtCore.QCoreApplication.translate("FragmentKinds", kind.label))
        lookalike = html.escape(self.tr("look-alike letter"))
        paraphrase_fill = colors.paraphrase_tint(colors.NEUTRAL_COLOR).name()
        wave = wave_image_html(colors.NEUTRAL_LINE_COLOR)
        marks = [
            f'<span style="background-color:{neutral}">&nbsp;{exact}&nbsp;</span>',
            f'<span style="background-color:{pale}; text-decoration: underline">&nbsp;'
            f"{changed}&nbsp;</span>",
            f'<span style="background-color:{cited_fill}; font-style: italic">&nbsp;'
            f"{cited}&nbsp;</span>",
            f'<span style="background-color:{paraphrase_fill}">&nbsp;{wave}&nbsp;'
            f"{paraphrased}&nbsp;</span>",
            f'<span style="color:{red}; font-weight:bold">{lookalike}</span>',
        ]
        line = "&nbsp;&nbsp;".join(marks)
        rows = [r for r in range(self.sources_model.rowCount()) if self.sources_model.is_shown(r)]
        if rows:
            chips = [  # a chip never breaks across lines (no break at spaces, "-" and "…")
                f'<span style="background-color:{colors.source_color(r).name()}">&nbsp;'
                + html.escape(_short(self.sources_model.name(r)))
                .replace(" ", "&nbsp;")
                .replace("-", "\u2011")
                .replace("…", "…\u2060")  # a word joiner
                + "&nbsp;</span>"
                for r in rows[: self.LEGEND_SOURCES]
            ]
            more = len(rows) - self.LEGEND_SOURCES
            if more > 0:
                chips.append(html.escape(self.tr("+%1 more in the table").replace("%1", str(more))))
            line += (
                "<br>"
                + html.escape(self.tr("Colour = source:"))
                + "&nbsp; "
                + "&nbsp; ".join(chips)
                + "&nbsp;&nbsp;·&nbsp;&nbsp;"
                + html.escape(self.tr("double-click a highlight to compare"))
            )
        return line

    def _row_menu(self, position: QtCore.QPoint) -> None:
        """A source's context menu: leave it out and count again (issue 36); for a web
        source also open its address in the browser, or copy it."""
        index = self.sources_table.indexAt(position)
        row = self.sources_proxy.data(index, INDEX_ROLE) if index.isValid() else None
        if row is None:
            return
        menu = self.source_menu(int(row))
        menu.exec(self.sources_table.viewport().mapToGlobal(position))

    def source_menu(self, row: int) -> QtWidgets.QMenu:
        """The context menu of the source at ``row`` (of the model)."""
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

    def _on_visibility_changed(self, row: int, shown: bool) -> None:
        self._refresh_highlights()
        self._update_legend()
        if self._result is not None:
            self.source_toggled.emit(self._result.sources[row].key, shown)

    def _on_row_activated(self, index: QtCore.QModelIndex) -> None:
        row = self.sources_proxy.data(index, INDEX_ROLE)
        if row is not None:
            self.open_side_by_side(int(row), 0)

    def _on_span_clicked(self, key: object) -> None:
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "source":
            proxy_index = self.sources_proxy.mapFromSource(self.sources_model.index(key[1], 0))
            self.sources_table.selectRow(proxy_index.row())

    def _on_span_activated(self, key: object) -> None:
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "source":
            self.open_side_by_side(key[1], key[2])
