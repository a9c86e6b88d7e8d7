"""A heat map of containment between all compared documents.

Row ``a``, column ``b``: the share of ``a`` found in ``b`` (``containment_ab`` of their pair,
or ``containment_ba`` when the pair is stored the other way round). The diagonal is blank,
cells of documents that share nothing are white. The matrix is painted as one image of n × n
pixels scaled to the cell size, so a repaint costs the same for 300 documents as for 3;
labels and per-cell numbers are drawn only while they fit.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from copylens.app import i18n, presentation
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors
from copylens.core import CompareReport, PairResult

MIN_CELL = 2
MAX_CELL = 80
LABELS_UP_TO = 60
"""Documents up to which row labels and column numbers are drawn."""
NUMBERS_FROM_CELL = 26
"""Cell size (px) from which each cell prints its percentage."""


class HeatMapData:
    """The containment matrix of a compare report; no Qt in here but colours."""

    def __init__(self, documents: Sequence[str], pairs: Sequence[PairResult]) -> None:
        docs = list(dict.fromkeys(documents))
        for pair in pairs:
            for path in (pair.a, pair.b):
                if path not in docs:
                    docs.append(path)
        self.documents: tuple[str, ...] = tuple(docs)
        self.names = presentation.display_names(self.documents)
        self.index = {path: n for n, path in enumerate(self.documents)}
        n = len(self.documents)
        self.matrix = np.zeros((n, n), dtype=np.float64)
        """matrix[row, col] = share of documents[row] found in documents[col]; NaN diagonal."""
        np.fill_diagonal(self.matrix, np.nan)
        self._pairs: dict[tuple[int, int], PairResult] = {}
        for pair in pairs:
            i, j = self.index[pair.a], self.index[pair.b]
            if i == j:
                continue
            self.matrix[i, j] = pair.containment_ab
            self.matrix[j, i] = pair.containment_ba
            self._pairs[(i, j)] = pair
            self._pairs[(j, i)] = pair

    def __len__(self) -> int:
        return len(self.documents)

    def value(self, row: int, column: int) -> float | None:
        """Share of document ``row`` found in document ``column``; None on the diagonal."""
        if row == column:
            return None
        return float(self.matrix[row, column])

    def pair(self, row: int, column: int) -> PairResult | None:
        """The pair of the two documents (in either orientation), None if they share nothing."""
        return self._pairs.get((row, column))

    def tooltip(self, row: int, column: int) -> str:
        a, b = self.documents[row], self.documents[column]
        name_a, name_b = self.names[a], self.names[b]
        if row == column:
            return (
                name_a + "\n" + QtCore.QCoreApplication.translate("HeatMap", "(the same document)")
            )
        pair = self.pair(row, column)
        lines = [
            QtCore.QCoreApplication.translate("HeatMap", "Row: {0}").format(name_a),
            QtCore.QCoreApplication.translate("HeatMap", "Column: {0}").format(name_b),
        ]
        if pair is None:
            lines.append(QtCore.QCoreApplication.translate("HeatMap", "No shared text"))
        else:
            ab = pair.containment_ab if pair.a == a else pair.containment_ba
            ba = pair.containment_ba if pair.a == a else pair.containment_ab
            found = QtCore.QCoreApplication.translate("HeatMap", "{0} found in {1}: {2}")
            lines += [
                found.format(name_a, name_b, presentation.percent(ab, i18n.current_language())),
                found.format(name_b, name_a, presentation.percent(ba, i18n.current_language())),
                QtCore.QCoreApplication.translate("HeatMap", "Resemblance: {0}").format(
                    presentation.percent(pair.resemblance, i18n.current_language())
                ),
                QtCore.QCoreApplication.translate(
                    "HeatMap", "Shared fragments: {0} — click to compare side by side"
                ).format(len(pair.fragments)),
            ]
        if name_a != a or name_b != b:
            lines += ["", a, b]
        return "\n".join(lines)

    def image(self) -> QtGui.QImage:
        """One pixel per cell, in the heat colours; the diagonal grey."""
        n = len(self.documents)
        if n == 0:
            return QtGui.QImage()
        values = np.nan_to_num(self.matrix, nan=0.0).clip(0.0, 1.0)
        stops = colors.HEAT_STOPS
        xs = [x for x, _ in stops]
        channels = [
            np.rint(np.interp(values, xs, [c[k] for _, c in stops])).astype(np.uint32)
            for k in range(3)
        ]
        argb = np.uint32(0xFF000000) | (channels[0] << 16) | (channels[1] << 8) | channels[2]
        diag = colors.DIAGONAL_COLOR
        argb[np.arange(n), np.arange(n)] = np.uint32(diag.rgba())
        argb = np.ascontiguousarray(argb, dtype=np.uint32)
        image = QtGui.QImage(argb.tobytes(), n, n, n * 4, QtGui.QImage.Format.Format_RGB32)
        return image.copy()


class HeatMap(QtWidgets.QWidget):
    """The containment matrix, painted; hover for details, click a cell to open its pair.

    Arrow keys move the current cell, Enter opens it.

    Signals:
        pair_clicked(str, str): a cell of two documents that share text was clicked or
            activated: (row document, column document).
    """

    pair_clicked = Signal(str, str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._data = HeatMapData((), ())
        self._image = QtGui.QImage()
        self._hover: tuple[int, int] | None = None
        self._current: tuple[int, int] | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor("#FFFFFF"))
        palette.setColor(QtGui.QPalette.ColorRole.WindowText, QtGui.QColor("#202020"))
        self.setPalette(palette)

    # --- data -------------------------------------------------------------------------
    def set_report(self, report: CompareReport) -> None:
        self.set_data(report.documents, report.pairs)

    def set_data(self, documents: Sequence[str], pairs: Sequence[PairResult]) -> None:
        self._data = HeatMapData(documents, pairs)
        self._image = self._data.image()
        self._hover = None
        self._current = (0, 1) if len(self._data) > 1 else None
        self.updateGeometry()
        self.update()

    def clear(self) -> None:
        self.set_data((), ())

    def data(self) -> HeatMapData:
        return self._data

    def documents(self) -> tuple[str, ...]:
        return self._data.documents

    def value(self, row: int, column: int) -> float | None:
        return self._data.value(row, column)

    def tooltip_text(self, row: int, column: int) -> str:
        return self._data.tooltip(row, column)

    def current_cell(self) -> tuple[int, int] | None:
        return self._current

    # --- geometry ---------------------------------------------------------------------
    def _labels(self) -> bool:
        return 0 < len(self._data) <= LABELS_UP_TO

    def _label_width(self) -> int:
        if not self._labels():
            return 0
        fm = self.fontMetrics()
        widest = max(fm.horizontalAdvance(self._row_label(n)) for n in range(len(self._data)))
        return min(widest + 6, 220) + 10

    def _margins(self) -> tuple[int, int, int]:
        """(left, top, bottom) around the matrix."""
        fm = self.fontMetrics()
        left = self._label_width() + 4
        top = (fm.height() + 8) if self._labels() else 6
        bottom = fm.height() * 2 + 22
        return left, top, bottom

    def cell_size(self) -> int:
        n = len(self._data)
        if n == 0:
            return 0
        left, top, bottom = self._margins()
        room = min(self.width() - left - 8, self.height() - top - bottom)
        return max(MIN_CELL, min(MAX_CELL, room // n))

    def _origin(self) -> QtCore.QPoint:
        left, top, _ = self._margins()
        return QtCore.QPoint(left, top)

    def cell_rect(self, row: int, column: int) -> QtCore.QRect:
        """The cell's rectangle in widget coordinates."""
        size = self.cell_size()
        origin = self._origin()
        return QtCore.QRect(origin.x() + column * size, origin.y() + row * size, size, size)

    def cell_at(self, point: QtCore.QPoint) -> tuple[int, int] | None:
        """(row, column) of the cell under ``point``, None outside the matrix."""
        n, size = len(self._data), self.cell_size()
        if n == 0 or size == 0:
            return None
        origin = self._origin()
        x, y = point.x() - origin.x(), point.y() - origin.y()
        if x < 0 or y < 0:
            return None
        row, column = y // size, x // size
        if row >= n or column >= n:
            return None
        return row, column

    def sizeHint(self) -> QtCore.QSize:
        n = len(self._data)
        left, top, bottom = self._margins()
        side = n * min(MAX_CELL, max(MIN_CELL, 480 // max(n, 1)))
        return QtCore.QSize(left + side + 8, top + side + bottom)

    def minimumSizeHint(self) -> QtCore.QSize:
        n = len(self._data)
        left, top, bottom = self._margins()
        side = n * (MIN_CELL if n > LABELS_UP_TO else 12)
        return QtCore.QSize(max(left + side + 8, 240), top + side + bottom)

    def _row_label(self, row: int) -> str:
        return f"{row + 1}  {self._data.names[self._data.documents[row]]}"

    # --- painting ---------------------------------------------------------------------
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        n = len(self._data)
        if n == 0:
            painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No documents"))
            return
        size = self.cell_size()
        origin = self._origin()
        matrix = QtCore.QRect(origin.x(), origin.y(), n * size, n * size)
        painter.drawImage(matrix, self._image)
        painter.setPen(QtGui.QPen(QtGui.QColor("#A0A0A0"), 1))
        painter.drawRect(matrix.adjusted(-1, -1, 0, 0))
        if size >= 6:
            painter.setPen(QtGui.QPen(QtGui.QColor("#D8D8D8"), 1))
            for k in range(n + 1):
                painter.drawLine(
                    matrix.left() + k * size,
                    matrix.top(),
                    matrix.left() + k * size,
                    matrix.bottom() + 1,
                )
                painter.drawLine(
                    matrix.left(),
                    matrix.top() + k * size,
                    matrix.right() + 1,
                    matrix.top() + k * size,
                )
        if size >= NUMBERS_FROM_CELL:
            self._paint_numbers(painter, size)
        if self._labels():
            self._paint_labels(painter, size)
        self._paint_marks(painter)
        self._paint_legend(painter, matrix)

    def _paint_numbers(self, painter: QtGui.QPainter, size: int) -> None:
        font = painter.font()
        font.setPointSizeF(max(7.0, min(font.pointSizeF(), size / 3.2)))
        painter.setFont(font)
        n = len(self._data)
        for row in range(n):
            for column in range(n):
                if row == column or self._data.pair(row, column) is None:
                    continue
                value = self._data.value(row, column) or 0.0
                painter.setPen(colors.text_color_on(colors.heat_color(value)))
                painter.drawText(
                    self.cell_rect(row, column),
                    Qt.AlignmentFlag.AlignCenter,
                    f"{round(value * 100)}",
                )
        painter.setFont(self.font())

    def _paint_labels(self, painter: QtGui.QPainter, size: int) -> None:
        fm = self.fontMetrics()
        text = self.palette().color(QtGui.QPalette.ColorRole.WindowText)
        width = self._label_width() - 10
        origin = self._origin()
        hover_row, hover_col = self._hover or (-1, -1)
        bold = QtGui.QFont(self.font())
        bold.setBold(True)
        for row in range(len(self._data)):
            rect = QtCore.QRect(4, origin.y() + row * size, width, size)
            label = fm.elidedText(self._row_label(row), Qt.TextElideMode.ElideMiddle, width)
            painter.setFont(bold if row == hover_row else self.font())
            painter.setPen(text)
            painter.drawText(
                rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, label
            )
        top = QtCore.QRect(origin.x(), 2, 0, origin.y() - 4)
        for column in range(len(self._data)):
            label = str(column + 1)
            if fm.horizontalAdvance(label) > size and column % 5 != 4:
                continue
            rect = QtCore.QRect(origin.x() + column * size, top.y(), size, top.height())
            painter.setFont(bold if column == hover_col else self.font())
            painter.drawText(
                rect, Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignBottom, label
            )
        painter.setFont(self.font())

    def _paint_marks(self, painter: QtGui.QPainter) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self._current is not None and self.hasFocus():
            pen = QtGui.QPen(QtGui.QColor("#1A4FB5"), 2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRect(self.cell_rect(*self._current).adjusted(1, 1, -1, -1))
        if self._hover is not None:
            painter.setPen(QtGui.QPen(QtGui.QColor("#101010"), 2))
            painter.drawRect(self.cell_rect(*self._hover).adjusted(1, 1, -1, -1))

    def _paint_legend(self, painter: QtGui.QPainter, matrix: QtCore.QRect) -> None:
        fm = self.fontMetrics()
        bar = QtCore.QRect(
            matrix.left(), matrix.bottom() + 12, min(240, max(matrix.width(), 160)), 10
        )
        gradient = QtGui.QLinearGradient(
            QtCore.QPointF(bar.topLeft()), QtCore.QPointF(bar.topRight())
        )
        for x, rgb in colors.HEAT_STOPS:
            gradient.setColorAt(x, QtGui.QColor(*rgb))
        painter.fillRect(bar, gradient)
        painter.setPen(QtGui.QColor("#888888"))
        painter.drawRect(bar.adjusted(0, 0, -1, -1))
        painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.WindowText))
        y = bar.bottom() + 2 + fm.ascent()
        painter.drawText(bar.left(), y, "0 %")
        hundred = "100 %"
        painter.drawText(bar.right() - fm.horizontalAdvance(hundred), y, hundred)

    # --- events -----------------------------------------------------------------------
    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if cell != self._hover:
            self._hover = cell
            self.setCursor(
                Qt.CursorShape.PointingHandCursor
                if cell is not None and self._data.pair(*cell) is not None
                else Qt.CursorShape.ArrowCursor
            )
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QtCore.QEvent) -> None:
        self._hover = None
        self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and cell is not None:
            self._current = cell
            self.update()
            self._activate(cell)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        n = len(self._data)
        if n == 0:
            super().keyPressEvent(event)
            return
        row, column = self._current or (0, 0)
        moves = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        key = event.key()
        if key in moves:
            dr, dc = moves[Qt.Key(key)]
            self._current = (min(max(row + dr, 0), n - 1), min(max(column + dc, 0), n - 1))
            self.update()
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._activate((row, column))
            event.accept()
            return
        super().keyPressEvent(event)

    def event(self, event: QtCore.QEvent) -> bool:
        if isinstance(event, QtGui.QHelpEvent) and event.type() == QtCore.QEvent.Type.ToolTip:
            cell = self.cell_at(self.mapFromGlobal(event.globalPos()))
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
