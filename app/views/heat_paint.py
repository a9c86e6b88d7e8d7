"""Drawing the heat map over its pixels: grid lines, per-cell numbers, row and column labels,
the hovered row and column, and the marks of the hovered and current cells.

:class:`Frame` is what one paint needs, taken from the widget
(:class:`copylens.app.views.heatmap.HeatMap`) at that moment; the functions draw from it and
nothing else, so the widget keeps its state and interaction, and this module what is drawn.
The matrix's pixels themselves are :func:`copylens.app.views.heat_layout.pool`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from copylens.app.qt import Qt, QtCore, QtGui
from copylens.app.views import colors
from copylens.app.views.heat_layout import (
    LABELS_FROM_CELL,
    NUMBERS_FROM_CELL,
    Cells,
    IntArray,
    Rows,
    pixel,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Frame:
    """The heat map as one paint sees it. Cells are (row, column) documents (indices in the
    report's order); ``position`` maps a document to its display position, ``order`` back."""

    rows: Rows
    origin: QtCore.QPointF
    """Where the matrix's top-left corner lies in the widget."""
    order: tuple[int, ...]
    position: IntArray
    cells: Cells
    shown: QtCore.QRect
    """The visible part of the matrix, in whole pixels."""
    area: QtCore.QRect
    """Where the matrix and its labels go."""
    label_width: int
    row_label: Callable[[int], str]
    font: QtGui.QFont
    text_color: QtGui.QColor
    hover: Cell | None = None
    current: Cell | None = None
    """The keyboard's cell, marked while the widget has the focus (None otherwise)."""

    def cell_rect(self, row: int, column: int) -> QtCore.QRect:
        """The rectangle of the cell of documents ``row`` and ``column`` (at least a pixel)."""
        return cell_rect(self.rows, self.origin, self.position, row, column)

    def visible(self) -> tuple[range, range]:
        """Display positions of the visible rows and columns."""
        x, y, shown = self.origin.x(), self.origin.y(), self.shown
        columns = self.rows.visible(shown.left() - x, shown.right() + 1 - x)
        rows = self.rows.visible(shown.top() - y, shown.bottom() + 1 - y)
        return rows, columns

    def matrix(self) -> QtCore.QRectF:
        side = self.rows.side
        return QtCore.QRectF(self.origin, QtCore.QSizeF(side, side))


def cell_rect(
    rows: Rows, origin: QtCore.QPointF, position: IntArray, row: int, column: int
) -> QtCore.QRect:
    """The rectangle of the cell of documents ``row`` and ``column`` (at least a pixel)."""
    y, x = int(position[row]), int(position[column])
    left, right = rows.span(x, origin.x())
    top, bottom = rows.span(y, origin.y())
    return QtCore.QRect(left, top, right - left, bottom - top)


def paint_diagonal(painter: QtGui.QPainter, frame: Frame) -> None:
    """The diagonal (each document with itself) as a grey line through its cells, which
    are left nearly white: as a band of grey cells it read as one with the near-copies
    that the similarity order puts beside it (300 essays, issue 36)."""
    matrix = frame.matrix()
    painter.setPen(QtGui.QPen(colors.DIAGONAL_LINE_COLOR, 1))
    painter.drawLine(matrix.topLeft(), matrix.bottomRight())


def paint_grid(painter: QtGui.QPainter, frame: Frame) -> None:
    """Lines between rows (and columns) of at least ``GRID_FROM_CELL`` pixels."""
    rows, columns = frame.visible()
    shown, edges = frame.shown, frame.rows.edges
    painter.setPen(QtGui.QPen(QtGui.QColor("#D8D8D8"), 1))
    for c in frame.rows.ruled(columns):
        x = pixel(frame.origin.x() + edges[c])
        painter.drawLine(x, shown.top(), x, shown.bottom())
    for r in frame.rows.ruled(rows):
        y = pixel(frame.origin.y() + edges[r])
        painter.drawLine(shown.left(), y, shown.right(), y)


def paint_numbers(painter: QtGui.QPainter, frame: Frame) -> None:
    """Each visible cell of at least :data:`NUMBERS_FROM_CELL` pixels prints its percentage."""
    rows, columns = frame.visible()
    font = QtGui.QFont(frame.font)
    font.setPointSizeF(max(7.0, min(font.pointSizeF(), frame.rows.wide_cell / 3.2)))
    painter.setFont(font)
    cells = frame.cells
    widths = np.diff(frame.rows.edges)
    inside = (
        (cells.rows >= rows.start)
        & (cells.rows < rows.stop)
        & (cells.columns >= columns.start)
        & (cells.columns < columns.stop)
        & (np.minimum(widths[cells.rows], widths[cells.columns]) >= NUMBERS_FROM_CELL)
    )
    for k in np.flatnonzero(inside):
        value = float(cells.shares[k])
        row, column = frame.order[int(cells.rows[k])], frame.order[int(cells.columns[k])]
        painter.setPen(colors.text_color_on(colors.heat_color(value)))
        painter.drawText(
            frame.cell_rect(row, column), Qt.AlignmentFlag.AlignCenter, f"{round(value * 100)}"
        )
    painter.setFont(frame.font)


def label_fonts(font: QtGui.QFont, size: int) -> tuple[QtGui.QFont, QtGui.QFont]:
    """The labels' font for rows of ``size`` px (smaller than ``font`` where needed), and its
    bold for the hovered row and column."""
    small = QtGui.QFont(font)
    height = QtGui.QFontMetrics(font).height()
    if size < height:
        small.setPointSizeF(max(6.0, small.pointSizeF() * size / height))
    bold = QtGui.QFont(small)
    bold.setBold(True)
    return small, bold


def paint_labels(painter: QtGui.QPainter, frame: Frame) -> None:
    """Row names left of the matrix (elided in the middle), column numbers above it (upright
    where they do not fit across); the hovered row's and column's in bold."""
    rows, columns = frame.visible()
    shown, area = frame.shown, frame.area
    hover_row, hover_column = frame.hover or (-1, -1)
    painter.setPen(frame.text_color)
    width = frame.label_width - 6
    painter.setClipRect(QtCore.QRect(area.left(), shown.top(), width + 2, shown.height()))
    for r in rows:
        doc = frame.order[r]
        top, bottom = frame.rows.span(r, frame.origin.y())
        if bottom - top < LABELS_FROM_CELL:
            continue
        font = label_fonts(frame.font, bottom - top)[1 if doc == hover_row else 0]
        rect = QtCore.QRect(area.left(), top, width, bottom - top)
        label = QtGui.QFontMetrics(font).elidedText(
            frame.row_label(doc), Qt.TextElideMode.ElideMiddle, width
        )
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, label)
    top = area.top()
    height = shown.top() - top - 2
    painter.setClipRect(QtCore.QRect(shown.left(), top, shown.width(), height))
    for c in columns:
        doc = frame.order[c]
        left, right = frame.rows.span(c, frame.origin.x())
        label = str(doc + 1)
        font, bold = label_fonts(frame.font, right - left)
        fm = QtGui.QFontMetrics(font)
        if fm.height() > right - left + 2:
            continue
        painter.setFont(bold if doc == hover_column else font)
        if fm.horizontalAdvance(label) <= right - left - 2:
            rect = QtCore.QRect(left, top, right - left, height)
            align = Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignBottom
            painter.drawText(rect, align, label)
        else:  # upright
            painter.save()
            painter.translate((left + right) / 2 + fm.ascent() / 2 - 1, top + height)
            painter.rotate(-90)
            painter.drawText(0, 0, label)
            painter.restore()
    painter.setClipping(False)
    painter.setFont(frame.font)


def paint_hover(painter: QtGui.QPainter, frame: Frame) -> None:
    """The hovered cell's row and column as translucent bands across the matrix."""
    if frame.hover is None:
        return
    matrix = frame.matrix()
    rect = QtCore.QRectF(frame.cell_rect(*frame.hover))
    band = QtGui.QColor(40, 90, 200, 48)
    thick = max(rect.height(), 3.0)
    row = QtCore.QRectF(matrix.left(), rect.center().y() - thick / 2, matrix.width(), thick)
    column = QtCore.QRectF(rect.center().x() - thick / 2, matrix.top(), thick, matrix.height())
    painter.fillRect(row, band)
    painter.fillRect(column, band)


def paint_marks(painter: QtGui.QPainter, frame: Frame) -> None:
    """A dashed frame around the current cell, a solid one around the hovered cell (each at
    least 9 pixels a side, so a one-pixel cell's mark is seen)."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if frame.current is not None:
        pen = QtGui.QPen(QtGui.QColor("#1A4FB5"), 2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRect(at_least(frame.cell_rect(*frame.current), 9).adjusted(1, 1, -1, -1))
    if frame.hover is not None:
        painter.setPen(QtGui.QPen(QtGui.QColor("#101010"), 2))
        painter.drawRect(at_least(frame.cell_rect(*frame.hover), 9).adjusted(1, 1, -1, -1))


def at_least(rect: QtCore.QRect, size: int) -> QtCore.QRect:
    """``rect`` grown around its centre to at least ``size`` pixels a side."""
    grow_x = max(size - rect.width(), 0)
    grow_y = max(size - rect.height(), 0)
    return rect.adjusted(-(grow_x // 2), -(grow_y // 2), grow_x - grow_x // 2, grow_y - grow_y // 2)
