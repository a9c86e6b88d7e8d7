"""A heat map of the shares between all compared documents, readable from 8 to 5,000 of them.

Row ``a``, column ``b``: the share of ``a`` found in ``b`` (``containment_ab`` of their pair,
or ``containment_ba`` when the pair is stored the other way round). The diagonal is grey,
cells of documents that share nothing are white.

* Order: by default :func:`similarity_order` puts documents that share text next to each
  other, the most similar groups first (top left); "file order" keeps the report's order.
* Fit: the whole matrix fits the window whatever the number of documents. Where a screen
  pixel covers several cells it shows the highest share among them (max pooling,
  :func:`pool`), and strong shares grow into marks of 3 × 3 or 5 × 5 pixels (:data:`MARKS`),
  so one copied essay among thousands is still a dark dot.
* Zoom and pan: the wheel zooms around the cursor, ``+``/``-`` zoom, ``0`` fits again,
  dragging pans. Row labels, column numbers, grid lines and per-cell numbers appear once the
  cells are large enough for them. The steps (fit, zoom around a point, pan, follow the
  keyboard's cell, resize) are :class:`~copylens.app.views.heat_zoom.ZoomPan`'s, without Qt;
  the widget turns events into them and draws what they give.
* Hover: the tooltip names both documents with both shares; the row and column are
  highlighted. When cells are smaller than a few pixels the pointer snaps to the strongest
  cell under it, so hovering a dark dot names its pair.
* The legend and a one-line caption sit outside the zoomed area and stay visible.

Painting stays cheap: the visible part of the matrix is one image of screen pixels, built
from the pairs (not from an n × n matrix) and rebuilt only when the data, the order, the zoom
or the position change. Row and column indices of the public methods are positions in
:meth:`HeatMap.documents` (the report's order) whatever the display order.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from copylens.app import i18n, presentation
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors, heat_paint
from copylens.app.views.heat_controls import HeatControls
from copylens.app.views.heat_layout import (
    DIAGONAL,
    GRID_FROM_CELL,
    NUMBERS_FROM_CELL,
    ZOOM_STEP,
    Cells,
    FloatArray,
    HeatMapData,
    IntArray,
    pixel,
    pool,
)
from copylens.app.views.heat_zoom import Box, Room, ZoomPan
from copylens.core import CompareReport, PairResult

WHITE = 0xFFFFFFFF


@functools.cache
def _heat_lut() -> npt.NDArray[np.uint32]:
    """``colors.heat_rgb`` at 256 steps, as opaque ARGB."""
    lut = np.empty(256, dtype=np.uint32)
    for k in range(256):
        r, g, b = colors.heat_rgb(k / 255)
        lut[k] = 0xFF000000 | (r << 16) | (g << 8) | b
    return lut


def grid_image(grid: FloatArray) -> QtGui.QImage:
    """The pooled grid in the heat colours: white where empty, a faint grey on the bare
    diagonal (the widget draws a line along it)."""
    height, width = grid.shape
    if width == 0 or height == 0:
        return QtGui.QImage()
    shares = np.rint(np.clip(grid, 0.0, 1.0) * 255).astype(np.intp)
    diagonal = np.uint32(colors.DIAGONAL_COLOR.rgba())
    argb = np.where(
        grid >= 0.0, _heat_lut()[shares], np.where(grid == DIAGONAL, diagonal, np.uint32(WHITE))
    )
    data = np.ascontiguousarray(argb, dtype=np.uint32).tobytes()
    return QtGui.QImage(data, width, height, width * 4, QtGui.QImage.Format.Format_RGB32).copy()


def qrect(box: Box) -> QtCore.QRect:
    return QtCore.QRect(box.left, box.top, box.width, box.height)


# --- data ---------------------------------------------------------------------------------
def tooltip(data: HeatMapData, row: int, column: int) -> str:
    """Both documents' names and shares in each other, in the interface language."""
    a, b = data.documents[row], data.documents[column]
    name_a, name_b = data.names[a], data.names[b]
    if row == column:
        return name_a + "\n" + QtCore.QCoreApplication.translate("HeatMap", "(the same document)")
    lines = [
        QtCore.QCoreApplication.translate("HeatMap", "Row: {0}").format(name_a),
        QtCore.QCoreApplication.translate("HeatMap", "Column: {0}").format(name_b),
    ]
    pair = data.pair(row, column)
    if pair is None:
        lines.append(QtCore.QCoreApplication.translate("HeatMap", "No shared text"))
    else:
        ab, ba = data.value(row, column), data.value(column, row)
        found = QtCore.QCoreApplication.translate("HeatMap", "{0} found in {1}: {2}")
        language = i18n.current_language()
        lines += [
            found.format(name_a, name_b, presentation.percent(ab, language)),
            found.format(name_b, name_a, presentation.percent(ba, language)),
            QtCore.QCoreApplication.translate(
                "HeatMap", "Shared fragments: {0} — click to compare side by side"
            ).format(len(pair.fragments)),
        ]
    if name_a != a or name_b != b:
        lines += ["", a, b]
    return "\n".join(lines)


# --- the widget ---------------------------------------------------------------------------
class HeatMap(QtWidgets.QWidget):
    """The share matrix, fitted to the widget; zoom, pan, hover for details, click a cell to
    open its pair.

    Keys: arrows move the current cell, Enter opens it, ``+``/``-`` zoom, ``0`` fits.

    Signals:
        pair_clicked(str, str): a cell of two documents that share text was clicked or
            activated: (row document, column document).
    """

    pair_clicked = Signal(str, str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._data = HeatMapData((), ())
        self._by_similarity = True
        self._order: tuple[int, ...] = ()
        self._position: IntArray = np.zeros(0, dtype=np.int64)
        self._cells = Cells.of(0, *(np.zeros(0, dtype=np.int64),) * 2, np.zeros(0, np.float32))
        self._view = ZoomPan()
        self._image = QtGui.QImage()
        self._image_key: tuple[object, ...] = ()
        self._version = 0
        self._label_width = 0
        self._number_height = 0
        self._hover: tuple[int, int] | None = None
        self._current: tuple[int, int] | None = None
        self._press: QtCore.QPointF | None = None
        self._press_origin = (0.0, 0.0)
        self._panning = False
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor("#FFFFFF"))
        palette.setColor(QtGui.QPalette.ColorRole.WindowText, QtGui.QColor("#202020"))
        self.setPalette(palette)
        self._build_controls()

    def _build_controls(self) -> None:
        """The order box and zoom buttons above the matrix, the legend and caption under it
        (:class:`HeatControls`; its parts by name here too)."""
        controls = HeatControls(self)
        controls.orderChanged.connect(self._on_order)
        controls.zoomIn.connect(self.zoom_in)
        controls.zoomOut.connect(self.zoom_out)
        controls.fitRequested.connect(self.fit)
        self.order_combo, self.legend, self.caption = (
            controls.order_combo,
            controls.legend,
            controls.caption,
        )
        self.zoom_out_button, self.zoom_in_button = (
            controls.zoom_out_button,
            controls.zoom_in_button,
        )
        self.fit_button = controls.fit_button
        self._header, self._footer = controls.header, controls.footer
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(self._header)
        layout.addStretch(1)

    # --- data -------------------------------------------------------------------------
    def set_report(self, report: CompareReport, names: Mapping[str, str] | None = None) -> None:
        self.set_data(report.documents, report.pairs, names)

    def set_data(
        self,
        documents: Sequence[str],
        pairs: Sequence[PairResult],
        names: Mapping[str, str] | None = None,
    ) -> None:
        self._data = HeatMapData(documents, pairs, names)
        fm = self.fontMetrics()
        widest = max(
            (fm.horizontalAdvance(self._row_label(d)) for d in range(len(self._data))),
            default=0,
        )
        self._label_width = min(widest, 220) + 8
        self._number_height = max(fm.height(), fm.horizontalAdvance(str(len(self._data)))) + 6
        self._apply_order()
        order = self._order
        self._current = (order[0], order[1]) if len(order) > 1 else None
        self._hover = None
        self.fit()

    def clear(self) -> None:
        self.set_data((), ())

    def data(self) -> HeatMapData:
        return self._data

    def documents(self) -> tuple[str, ...]:
        """The documents in the report's order; row and column indices refer to it."""
        return self._data.documents

    def order(self) -> tuple[int, ...]:
        """Document indices in display order (top to bottom, left to right)."""
        return self._order

    def by_similarity(self) -> bool:
        return self._by_similarity

    def set_by_similarity(self, on: bool) -> None:
        """Order documents by similarity (True) or as listed (False)."""
        self.order_combo.setCurrentIndex(self.order_combo.findData(on))

    def _on_order(self, by_similarity: bool) -> None:
        self._by_similarity = by_similarity
        self._apply_order()
        self._set_view(self._now().clamped())
        self.update()

    def _apply_order(self) -> None:
        self._order = self._data.order(self._by_similarity)
        n = len(self._order)
        self._position = np.empty(n, dtype=np.int64)
        self._position[np.array(self._order, dtype=np.int64)] = np.arange(n)
        self._cells = Cells.of(
            n,
            self._position[self._data.rows],
            self._position[self._data.columns],
            self._data.shares,
        )
        self._view = self._view.in_order(self._data.linked[np.array(self._order, dtype=np.int64)])
        self._version += 1

    def value(self, row: int, column: int) -> float | None:
        return self._data.value(row, column)

    def tooltip_text(self, row: int, column: int) -> str:
        return tooltip(self._data, row, column)

    def current_cell(self) -> tuple[int, int] | None:
        return self._current

    def hovered_cell(self) -> tuple[int, int] | None:
        """The cell under the pointer (row and column highlighted), None if none."""
        return self._hover

    def is_labelled(self) -> bool:
        """Whether rows are large enough for labels (row names, column numbers)."""
        return self._view.rows.labelled

    # --- geometry ---------------------------------------------------------------------
    def _area(self) -> QtCore.QRect:
        """Where the matrix and its labels go: between the header and the footer."""
        top = self._header.geometry().bottom() + 6
        bottom = self.height() - 4 - self._footer_height() - 6
        return QtCore.QRect(4, top, max(self.width() - 8, 0), max(bottom - top, 0))

    def _footer_height(self) -> int:
        width = max(self.width() - 8, 1)
        layout = self._footer.layout()
        if layout is not None and layout.hasHeightForWidth():
            return int(layout.totalHeightForWidth(width))
        return int(self._footer.sizeHint().height())

    def _place_footer(self) -> None:
        """The legend and caption right under the matrix (at the bottom when it fills the
        room)."""
        height = self._footer_height()
        lowest = self.height() - 4 - height
        shown = self._shown_rect() if len(self._data) else QtCore.QRect()
        top = min(shown.bottom() + 10, lowest) if not shown.isEmpty() else lowest
        self._footer.setGeometry(4, top, max(self.width() - 8, 0), height)

    def _room(self) -> Room:
        """The room of the zoom and pan: the area and the labels' sizes, as they are now."""
        area = self._area()
        box = Box(area.left(), area.top(), area.width(), area.height())
        return Room(box, self._label_width, self._number_height)

    def _now(self) -> ZoomPan:
        """The zoom and pan in the widget's room as it is now (:mod:`heat_zoom`)."""
        return self._view.in_room(self._room())

    def _set_view(self, view: ZoomPan) -> None:
        """Take a step's zoom and pan, and move the legend under the matrix."""
        self._view = view
        self._place_footer()

    def cell_size(self) -> float:
        """Pixels per cell at the current zoom (documents sharing text may be wider)."""
        return self._view.rows.scale if len(self._data) else 0.0

    def is_fitted(self) -> bool:
        return self._view.fitted

    def matrix_rect(self) -> QtCore.QRectF:
        """The whole matrix in widget coordinates (partly outside the viewport when zoomed)."""
        side = self._view.rows.side
        return QtCore.QRectF(QtCore.QPointF(*self._view.origin), QtCore.QSizeF(side, side))

    def _positions(self, row: int, column: int) -> tuple[int, int]:
        return int(self._position[row]), int(self._position[column])

    def cell_rect(self, row: int, column: int) -> QtCore.QRect:
        """The rectangle of the cell of documents ``row`` and ``column`` (at least a pixel)."""
        return qrect(self._view.cell(*self._positions(row, column)))

    def cell_at(self, point: QtCore.QPoint | QtCore.QPointF) -> tuple[int, int] | None:
        """(row, column) documents of the cell under ``point``, None outside the matrix
        (:meth:`ZoomPan.cell_at`: small cells snap to the strongest nearby)."""
        p = QtCore.QPointF(point)
        found = self._now().cell_at(self._cells, p.x(), p.y())
        if found is None:
            return None
        y, x = found
        return self._order[y], self._order[x]

    def sizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(520, 560)

    def minimumSizeHint(self) -> QtCore.QSize:
        hint = super().minimumSizeHint()
        footer = self._footer.minimumSizeHint()
        return QtCore.QSize(max(hint.width(), footer.width() + 8, 240), hint.height() + 260)

    def _row_label(self, doc: int) -> str:
        return f"{doc + 1}  {self._data.names[self._data.documents[doc]]}"

    # --- zoom and pan (the steps are heat_zoom.ZoomPan's) ------------------------------
    def fit(self) -> None:
        """Show the whole matrix (the state after new data; kept on resize)."""
        self._set_view(self._now().fitted_in())
        self.update()

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def zoom_by(self, factor: float, anchor: QtCore.QPointF | None = None) -> None:
        """Multiply the cell size by ``factor``, keeping the point under ``anchor`` (default:
        the current cell if shown, else the viewport's centre) where it is."""
        if len(self._data) == 0:
            return
        view = self._now()
        if anchor is None:
            current = self._positions(*self._current) if self._current else None
            at = view.default_anchor(current)
        else:
            at = (anchor.x(), anchor.y())
        self._set_view(view.zoomed(factor, at))
        self.update()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._set_view(self._now().resized())
        if self._view.fitted:
            self.update()

    # --- painting ---------------------------------------------------------------------
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        if len(self._data) == 0:
            painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.PlaceholderText))
            painter.drawText(self._area(), Qt.AlignmentFlag.AlignCenter, self.tr("No documents"))
            return
        shown = self._shown_rect()
        if shown.isEmpty():
            return
        painter.drawImage(shown.topLeft(), self._matrix_image(shown))
        painter.setClipRect(qrect(self._now().viewport()))
        frame = self._frame(shown)
        heat_paint.paint_diagonal(painter, frame)
        rows = self._view.rows
        if rows.scale >= GRID_FROM_CELL or rows.wide_cell >= 2 * GRID_FROM_CELL:
            heat_paint.paint_grid(painter, frame)
        if rows.wide_cell >= NUMBERS_FROM_CELL:
            heat_paint.paint_numbers(painter, frame)
        heat_paint.paint_hover(painter, frame)
        heat_paint.paint_marks(painter, frame)
        painter.setClipping(False)
        painter.setPen(QtGui.QPen(QtGui.QColor("#A0A0A0"), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(shown.adjusted(-1, -1, 0, 0))
        if rows.labelled:
            heat_paint.paint_labels(painter, frame)

    def _frame(self, shown: QtCore.QRect) -> heat_paint.Frame:
        """What this paint draws from (:mod:`copylens.app.views.heat_paint`)."""
        return heat_paint.Frame(
            rows=self._view.rows,
            origin=QtCore.QPointF(*self._view.origin),
            order=self._order,
            position=self._position,
            cells=self._cells,
            shown=shown,
            area=self._area(),
            label_width=self._label_width,
            row_label=self._row_label,
            font=self.font(),
            text_color=self.palette().color(QtGui.QPalette.ColorRole.WindowText),
            hover=self._hover,
            current=self._current if self.hasFocus() else None,
        )

    def _shown_rect(self) -> QtCore.QRect:
        """The visible part of the matrix, in whole pixels."""
        rect = self.matrix_rect()
        left, top = pixel(rect.left()), pixel(rect.top())
        right, bottom = pixel(rect.right()), pixel(rect.bottom())
        viewport = qrect(self._now().viewport())
        return QtCore.QRect(left, top, right - left, bottom - top).intersected(viewport)

    def _matrix_image(self, shown: QtCore.QRect) -> QtGui.QImage:
        key = (
            self._version,
            self._view.rows.scale,
            self._view.rows.wide_cell,
            *self._view.origin,
            shown,
        )
        if key != self._image_key:
            self._image = self.render_matrix(shown)
            self._image_key = key
        return self._image

    def render_matrix(self, shown: QtCore.QRect) -> QtGui.QImage:
        """The image of the matrix's pixels inside ``shown`` (widget coordinates)."""
        x, y = self._view.origin
        origin = (x - shown.left(), y - shown.top())
        size = (shown.width(), shown.height())
        rows = self._view.rows
        grid = pool(self._cells, rows.edges, origin, size, rows.wide_cell)
        return grid_image(grid)

    # --- events -----------------------------------------------------------------------
    def _set_hover(self, cell: tuple[int, int] | None) -> None:
        if cell == self._hover:
            return
        self._hover = cell
        clickable = cell is not None and self._data.pair(*cell) is not None
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
        )
        self.update()

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:
        position = event.position()
        if self._press is not None:
            moved = position - self._press
            distance = QtWidgets.QApplication.startDragDistance()
            if self._panning or moved.manhattanLength() >= distance:
                self._panning = True
                x, y = self._press_origin
                self._set_view(self._now().panned((x + moved.x(), y + moved.y())))
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                self.update()
                return
        self._set_hover(self.cell_at(position))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QtCore.QEvent) -> None:
        self._hover = None
        self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press = event.position()
            self._press_origin = self._view.origin
            self._panning = False
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        if self._press is None:
            super().mouseReleaseEvent(event)
            return
        panned, self._press, self._panning = self._panning, None, False
        if panned:
            self._set_hover(None)
            self._set_hover(self.cell_at(event.position()))
        elif event.button() == Qt.MouseButton.LeftButton:
            cell = self.cell_at(event.position())
            if cell is not None:
                self._current = cell
                self.update()
                self._activate(cell)
        event.accept()

    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps and len(self._data):
            self.zoom_by(ZOOM_STEP**steps, event.position())
            self._set_hover(self.cell_at(event.position()))
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        n = len(self._data)
        key = event.key()
        zooms = {
            Qt.Key.Key_Plus: self.zoom_in,
            Qt.Key.Key_Equal: self.zoom_in,
            Qt.Key.Key_Minus: self.zoom_out,
            Qt.Key.Key_0: self.fit,
        }
        moves = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        if n and key in zooms:
            zooms[Qt.Key(key)]()
        elif n and key in moves:
            self._move_current(*moves[Qt.Key(key)])
        elif n and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._activate(self._current or (self._order[0], self._order[0]))
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _move_current(self, dy: int, dx: int) -> None:
        n = len(self._data)
        row, column = self._current or (self._order[0], self._order[0])
        y, x = self._positions(row, column)
        y, x = min(max(y + dy, 0), n - 1), min(max(x + dx, 0), n - 1)
        self._current = (self._order[y], self._order[x])
        view = self._now()
        shown = view.showing(y, x)
        if shown is not view:
            self._set_view(shown)
        self.update()

    def event(self, event: QtCore.QEvent) -> bool:
        if isinstance(event, QtGui.QHelpEvent) and event.type() == QtCore.QEvent.Type.ToolTip:
            cell = self.cell_at(event.pos())
            if cell is None:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            else:
                QtWidgets.QToolTip.showText(event.globalPos(), self.tooltip_text(*cell), self)
            return True
        return super().event(event)

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)

    def _activate(self, cell: tuple[int, int]) -> None:
        row, column = cell
        if row != column and self._data.pair(row, column) is not None:
            docs = self._data.documents
            self.pair_clicked.emit(docs[row], docs[column])
