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
  cells are large enough for them.
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
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from copylens.app import i18n, presentation, terms
from copylens.app.presentation import ORDER_MIN_SHARE, similarity_order
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors
from copylens.core import CompareReport, PairResult

WIDE_CELL = 8.0
"""Where cells are smaller, documents that share at least :data:`ORDER_MIN_SHARE` with another
are drawn up to this wide (px), taking up to half the room, so that their cells stay visible."""
WIDE_MAX = 30.0
"""Zooming in, the cells of documents sharing text grow with the others up to this size (px),
then stay until the others catch up."""
MAX_CELL = 80.0
"""Largest cell (px) zooming in reaches (unless the fitted cell is larger already)."""
ZOOM_STEP = 1.25
GRID_FROM_CELL = 6.0
"""Cell size (px) from which grid lines are drawn."""
LABELS_FROM_CELL = 11.0
"""Cell size (px) from which row labels and column numbers are drawn."""
NUMBERS_FROM_CELL = 26.0
"""Cell size (px) from which each cell prints its percentage."""
MARKS: tuple[tuple[float, float, int], ...] = (
    (1.0, 0.15, 1),
    (1.0, 0.5, 2),
    (3.0, 0.5, 1),
)
"""(cell size below which, share from which, radius): where cells are that small, a pixel
showing at least that share grows into a mark of (2 × radius + 1) pixels a side."""
SNAP_BELOW_CELL = 6.0
"""Below this cell size (px) hovering and clicking snap to the strongest cell nearby."""
SNAP_RADIUS = 3
"""How far (px) the pointer snaps to a shared cell."""
EMPTY = -1.0
"""A pixel of :func:`pool` over cells of documents that share nothing."""
DIAGONAL = -0.5
"""A pixel of :func:`pool` over a document's cell with itself only."""
WHITE = 0xFFFFFFFF

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]
Edges = npt.NDArray[np.float64]


# --- order --------------------------------------------------------------------------------
# --- pooling ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cells:
    """The cells holding a share, in display positions, sorted by ``row * n + column``."""

    n: int
    rows: IntArray
    columns: IntArray
    shares: FloatArray
    keys: IntArray

    @staticmethod
    def of(n: int, rows: IntArray, columns: IntArray, shares: FloatArray) -> Cells:
        keys = rows * n + columns
        order = np.argsort(keys, kind="stable")
        return Cells(n, rows[order], columns[order], shares[order], keys[order])


def pool(
    cells: Cells,
    edges: Edges,
    origin: tuple[float, float],
    size: tuple[int, int],
    mark_cell: float,
) -> FloatArray:
    """The shares as a grid of screen pixels: ``grid[y, x]`` is the highest share among the
    cells that pixel covers (max pooling), :data:`DIAGONAL` where it covers only the diagonal
    and empty cells, :data:`EMPTY` where it covers only empty cells.

    ``edges``: the n + 1 boundaries of rows (and columns) in pixels from the matrix's top-left
    corner, which lies at ``origin`` relative to pixel (0, 0); ``size``: (width, height) of the
    grid; ``mark_cell``: the size of the cells holding strong shares, which decides their marks
    (:data:`MARKS`). Costs O(cells + pixels × log cells), whatever n.
    """
    width, height = size
    grid = np.full((height, width), EMPTY, dtype=np.float32)
    if np.diff(edges).max(initial=0.0) >= 1.0:
        _sample(grid, cells, edges, origin)
    diagonal = np.arange(cells.n)
    ys, xs, _ = _pixels(diagonal, diagonal, edges, origin, size)
    np.maximum.at(grid, (ys, xs), np.float32(DIAGONAL))
    ys, xs, inside = _pixels(cells.rows, cells.columns, edges, origin, size)
    np.maximum.at(grid, (ys, xs), cells.shares[inside])
    marks = [(share, radius) for below, share, radius in MARKS if mark_cell < below]
    if marks:
        pooled = grid.copy()
        for share, radius in marks:
            _mark(grid, pooled, share, radius)
    return grid


def _pixels(
    rows: IntArray,
    columns: IntArray,
    edges: Edges,
    origin: tuple[float, float],
    size: tuple[int, int],
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_]]:
    """The pixel (y, x) of each cell (the one nearest its top-left corner: pixel ``p`` covers
    ``p`` to ``p + 1``, and takes the cells starting from ``p - 0.5`` to ``p + 0.5``), without
    those outside ``size``; and the mask of the cells kept."""
    xs = np.floor(origin[0] + edges[columns] + 0.5).astype(np.int64)
    ys = np.floor(origin[1] + edges[rows] + 0.5).astype(np.int64)
    inside = (xs >= 0) & (xs < size[0]) & (ys >= 0) & (ys < size[1])
    return ys[inside], xs[inside], inside


def _sample(grid: FloatArray, cells: Cells, edges: Edges, origin: tuple[float, float]) -> None:
    """Each pixel takes the cell under its centre (what covers cells of a pixel or more)."""
    height, width = grid.shape
    n = cells.n
    xs = np.searchsorted(edges, np.arange(width) + 0.5 - origin[0], side="right") - 1
    ys = np.searchsorted(edges, np.arange(height) + 0.5 - origin[1], side="right") - 1
    xs, ys = np.clip(xs, 0, n - 1), np.clip(ys, 0, n - 1)
    keys = ys[:, None] * n + xs[None, :]
    found = np.minimum(np.searchsorted(cells.keys, keys), max(len(cells.keys) - 1, 0))
    if len(cells.keys):
        hit = cells.keys[found] == keys
        np.copyto(grid, cells.shares[found], where=hit)
    grid[ys[:, None] == xs[None, :]] = DIAGONAL


def _mark(grid: FloatArray, pooled: FloatArray, share: float, radius: int) -> None:
    """Grow every pixel of ``pooled`` of at least ``share`` into a square mark of ``radius``
    pixels around it, in ``grid`` (where the mark is darker than what is there)."""
    strong = np.where(pooled >= share, pooled, EMPTY)
    if not (strong > EMPTY).any():
        return
    height, width = grid.shape
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            target = grid[max(dy, 0) : height + min(dy, 0), max(dx, 0) : width + min(dx, 0)]
            source = strong[max(-dy, 0) : height + min(-dy, 0), max(-dx, 0) : width + min(-dx, 0)]
            np.maximum(target, source, out=target)


@functools.cache
def _heat_lut() -> npt.NDArray[np.uint32]:
    """``colors.heat_rgb`` at 256 steps, as opaque ARGB."""
    lut = np.empty(256, dtype=np.uint32)
    for k in range(256):
        r, g, b = colors.heat_rgb(k / 255)
        lut[k] = 0xFF000000 | (r << 16) | (g << 8) | b
    return lut


def grid_image(grid: FloatArray) -> QtGui.QImage:
    """The pooled grid in the heat colours: white where empty, grey on the bare diagonal."""
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


# --- data ---------------------------------------------------------------------------------
class HeatMapData:
    """The shares between the documents of a compare report, stored by pair (no n × n matrix),
    and the two orders they can be shown in. No Qt in here but the tooltip's words."""

    def __init__(
        self,
        documents: Sequence[str],
        pairs: Sequence[PairResult],
        names: Mapping[str, str] | None = None,
    ) -> None:
        """``names``: each document's shown name (:func:`presentation.display_names` of the
        documents when not given; a view listing the report elsewhere passes its own, so both
        name a document alike)."""
        docs = list(dict.fromkeys(documents))
        known = set(docs)
        for pair in pairs:
            for path in (pair.a, pair.b):
                if path not in known:
                    known.add(path)
                    docs.append(path)
        self.documents: tuple[str, ...] = tuple(docs)
        self.names = (
            dict(names) if names is not None else presentation.display_names(self.documents)
        )
        self.index = {path: n for n, path in enumerate(self.documents)}
        self._pairs: dict[tuple[int, int], PairResult] = {}
        for pair in pairs:
            i, j = self.index[pair.a], self.index[pair.b]
            if i != j:
                self._pairs[(i, j)] = self._pairs[(j, i)] = pair
        cells = list(self._pairs)
        self.rows: IntArray = np.array([i for i, _ in cells], dtype=np.int64)
        """Document of each stored cell (both orientations of every pair)."""
        self.columns: IntArray = np.array([j for _, j in cells], dtype=np.int64)
        self.shares: FloatArray = np.array([self._share(i, j) for i, j in cells], dtype=np.float32)
        self._orders: dict[bool, tuple[int, ...]] = {}
        self.linked = np.zeros(len(self.documents), dtype=bool)
        """Documents sharing at least :data:`ORDER_MIN_SHARE` with another."""
        self.linked[self.rows[self.shares >= ORDER_MIN_SHARE]] = True
        self.linked[self.columns[self.shares >= ORDER_MIN_SHARE]] = True

    def __len__(self) -> int:
        return len(self.documents)

    def _share(self, row: int, column: int) -> float:
        pair = self._pairs[(row, column)]
        return pair.containment_ab if self.index[pair.a] == row else pair.containment_ba

    def value(self, row: int, column: int) -> float | None:
        """Share of document ``row`` found in document ``column``; None on the diagonal."""
        if row == column:
            return None
        return self._share(row, column) if (row, column) in self._pairs else 0.0

    def pair(self, row: int, column: int) -> PairResult | None:
        """The pair of the two documents (in either orientation), None if they share nothing."""
        return self._pairs.get((row, column))

    def order(self, by_similarity: bool = True) -> tuple[int, ...]:
        """Documents in display order: :func:`similarity_order`, or the report's order."""
        if by_similarity not in self._orders:
            n = len(self.documents)
            self._orders[by_similarity] = (
                similarity_order(n, self._links()) if by_similarity else tuple(range(n))
            )
        return self._orders[by_similarity]

    def _links(self) -> Iterable[tuple[int, int, float]]:
        for (i, j), pair in self._pairs.items():
            if i < j:
                yield i, j, max(pair.containment_ab, pair.containment_ba)

    def tooltip(self, row: int, column: int) -> str:
        a, b = self.documents[row], self.documents[column]
        name_a, name_b = self.names[a], self.names[b]
        if row == column:
            return (
                name_a + "\n" + QtCore.QCoreApplication.translate("HeatMap", "(the same document)")
            )
        lines = [
            QtCore.QCoreApplication.translate("HeatMap", "Row: {0}").format(name_a),
            QtCore.QCoreApplication.translate("HeatMap", "Column: {0}").format(name_b),
        ]
        pair = self.pair(row, column)
        if pair is None:
            lines.append(QtCore.QCoreApplication.translate("HeatMap", "No shared text"))
        else:
            ab, ba = self._share(row, column), self._share(column, row)
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
class HeatLegend(QtWidgets.QWidget):
    """The colour scale, 0 to 100 %."""

    def sizeHint(self) -> QtCore.QSize:
        fm = self.fontMetrics()
        return QtCore.QSize(fm.horizontalAdvance("100 %") * 5, 12 + fm.height() + 2)

    def minimumSizeHint(self) -> QtCore.QSize:
        return self.sizeHint()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        fm = self.fontMetrics()
        half = fm.horizontalAdvance("100 %") // 2
        bar = QtCore.QRect(half, 1, self.width() - 2 * half, 10)
        gradient = QtGui.QLinearGradient(
            QtCore.QPointF(bar.topLeft()), QtCore.QPointF(bar.topRight())
        )
        for k in range(11):
            gradient.setColorAt(k / 10, colors.heat_color(k / 10))
        painter.fillRect(bar, gradient)
        painter.setPen(QtGui.QColor("#888888"))
        painter.drawRect(bar.adjusted(0, 0, -1, -1))
        painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.WindowText))
        y = bar.bottom() + 2 + fm.ascent()
        for share in (0.0, 0.5, 1.0):
            text = presentation.percent(share, i18n.current_language())
            x = bar.left() + round(share * (bar.width() - 1))
            painter.drawText(x - fm.horizontalAdvance(text) // 2, y, text)


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
        self._scale = 1.0
        self._wide_cell = 1.0
        self._fit_cells = (1.0, 1.0)
        self._zoom = 1.0
        self._labelled = False
        self._cells = Cells.of(0, *(np.zeros(0, dtype=np.int64),) * 2, np.zeros(0, np.float32))
        self._wide: npt.NDArray[np.bool_] = np.zeros(0, dtype=bool)
        self._edges: Edges = np.zeros(1, dtype=np.float64)
        self._origin = QtCore.QPointF()
        self._fitted = True
        self._image = QtGui.QImage()
        self._image_key: tuple[object, ...] = ()
        self._version = 0
        self._label_width = 0
        self._number_height = 0
        self._hover: tuple[int, int] | None = None
        self._current: tuple[int, int] | None = None
        self._press: QtCore.QPointF | None = None
        self._press_origin = QtCore.QPointF()
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
        self.order_combo = QtWidgets.QComboBox()
        self.order_combo.addItem(self.tr("by similarity"), True)
        self.order_combo.addItem(self.tr("as listed"), False)
        self.order_combo.setToolTip(
            self.tr(
                "By similarity: documents that share text sit together, the closest copies "
                "top left. As listed: the order of the document list."
            )
        )
        self.order_combo.currentIndexChanged.connect(self._on_order)
        order_label = QtWidgets.QLabel(self.tr("Order:"))
        order_label.setBuddy(self.order_combo)
        self.zoom_out_button = self._tool_button("−", self.tr("Zoom out (−)"), self.zoom_out)
        self.zoom_in_button = self._tool_button(
            "+", self.tr("Zoom in (+, or the mouse wheel); drag to move"), self.zoom_in
        )
        self.fit_button = self._tool_button(
            self.tr("Fit"), self.tr("Show the whole matrix (0)"), self.fit
        )
        header = QtWidgets.QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(order_label)
        header.addWidget(self.order_combo)
        header.addStretch(1)
        for button in (self.zoom_out_button, self.zoom_in_button, self.fit_button):
            header.addWidget(button)
        self.legend = HeatLegend()
        translate = QtCore.QCoreApplication.translate
        self.caption = QtWidgets.QLabel(
            self.tr(
                "Cell: {0}, A = row document, B = column document. Click a cell to compare "
                "side by side."
            ).format(terms.label("a_found_in_b", translate))
        )
        self.caption.setWordWrap(True)
        self.caption.setToolTip(
            terms.tip("a_found_in_b", translate)
            + "\n"
            + self.tr(
                "Where room is short, documents sharing text get wider rows than the others, "
                "so that their cells stay visible."
            )
        )
        self._footer = QtWidgets.QWidget(self)  # placed under the matrix by _place_footer
        footer = QtWidgets.QHBoxLayout(self._footer)
        footer.setContentsMargins(0, 0, 0, 0)
        footer.addWidget(self.legend, 0, Qt.AlignmentFlag.AlignTop)
        footer.addSpacing(8)
        footer.addWidget(self.caption, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(header)
        layout.addStretch(1)
        self._header = header
        for widget in (self.order_combo, self.zoom_out_button, self.zoom_in_button):
            widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.fit_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def _tool_button(self, text: str, tip: str, slot: object) -> QtWidgets.QToolButton:
        button = QtWidgets.QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(False)
        button.clicked.connect(slot)
        return button

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

    def _on_order(self) -> None:
        self._by_similarity = bool(self.order_combo.currentData())
        self._apply_order()
        self._clamp()
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
        self._wide = self._data.linked[np.array(self._order, dtype=np.int64)]
        self._version += 1
        self._relayout()

    def value(self, row: int, column: int) -> float | None:
        return self._data.value(row, column)

    def tooltip_text(self, row: int, column: int) -> str:
        return self._data.tooltip(row, column)

    def current_cell(self) -> tuple[int, int] | None:
        return self._current

    def hovered_cell(self) -> tuple[int, int] | None:
        """The cell under the pointer (row and column highlighted), None if none."""
        return self._hover

    def is_labelled(self) -> bool:
        """Whether rows are large enough for labels (row names, column numbers)."""
        return self._labelled

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

    def _viewport(self, labelled: bool | None = None) -> QtCore.QRect:
        """The part of the area the cells are drawn in (the labels take the rest)."""
        area = self._area()
        if not (self._labelled if labelled is None else labelled):
            return area
        return area.adjusted(self._label_width, self._number_height, 0, 0)

    def cell_size(self) -> float:
        """Pixels per cell at the current zoom (documents sharing text may be wider)."""
        return self._scale if len(self._data) else 0.0

    def _fit_scale(self) -> tuple[float, float]:
        """(cell size, size of cells of documents sharing text) at which the whole matrix
        fits: where room is short, documents sharing text get up to half of it, at most
        :data:`WIDE_CELL` pixels each."""
        n = len(self._data)
        if n == 0:
            return 1.0, 1.0
        labelled = self._viewport(True)
        scale = min(labelled.width(), labelled.height()) / n
        if scale >= LABELS_FROM_CELL:
            scale = min(scale, MAX_CELL)
            return scale, scale
        area = self._area()
        room = max(min(area.width(), area.height()), 1)
        scale = min(room / n, LABELS_FROM_CELL * 0.999)
        wide = int(self._wide.sum())
        if scale >= WIDE_CELL or wide in (0, n):
            return scale, scale
        floor = max(min(WIDE_CELL, room / 2 / wide), scale)
        return max((room - wide * floor) / (n - wide), 1e-3), floor

    def _relayout(self) -> None:
        """The rows' edges at the current zoom: cells grow with the zoom, those of documents
        sharing text keep their larger fitted size as they grow, up to :data:`WIDE_MAX`."""
        scale, wide = self._fit_cells
        self._scale = scale * self._zoom
        self._wide_cell = max(self._scale, min(wide * self._zoom, max(WIDE_MAX, wide)))
        widths = np.full(len(self._order), self._scale, dtype=np.float64)
        widths[self._wide] = self._wide_cell
        self._edges = np.concatenate(([0.0], np.cumsum(widths)))
        self._labelled = bool(len(widths)) and float(widths.max()) >= LABELS_FROM_CELL

    def is_fitted(self) -> bool:
        return self._fitted

    def matrix_rect(self) -> QtCore.QRectF:
        """The whole matrix in widget coordinates (partly outside the viewport when zoomed)."""
        side = float(self._edges[-1])
        return QtCore.QRectF(self._origin, QtCore.QSizeF(side, side))

    def _positions(self, row: int, column: int) -> tuple[int, int]:
        return int(self._position[row]), int(self._position[column])

    def _span(self, position: int, start: float) -> tuple[int, int]:
        """First and last-plus-one pixel of a row or column (at least one pixel)."""
        low = _pixel(start + self._edges[position])
        high = _pixel(start + self._edges[position + 1])
        return low, max(high, low + 1)

    def cell_rect(self, row: int, column: int) -> QtCore.QRect:
        """The rectangle of the cell of documents ``row`` and ``column`` (at least a pixel)."""
        y, x = self._positions(row, column)
        left, right = self._span(x, self._origin.x())
        top, bottom = self._span(y, self._origin.y())
        return QtCore.QRect(left, top, right - left, bottom - top)

    def _position_at(self, offset: float) -> int:
        return int(np.searchsorted(self._edges, offset, side="right")) - 1

    def cell_at(self, point: QtCore.QPoint | QtCore.QPointF) -> tuple[int, int] | None:
        """(row, column) documents of the cell under ``point``, None outside the matrix.

        Where that cell is smaller than :data:`SNAP_BELOW_CELL` pixels, the strongest cell
        within :data:`SNAP_RADIUS` pixels, if any: the one the dark dot under the pointer shows.
        """
        n = len(self._data)
        p = QtCore.QPointF(point)
        if n == 0 or not QtCore.QRectF(self._viewport()).contains(p):
            return None
        ux = math.floor(p.x()) + 0.5 - self._origin.x()  # the centre of the pixel at p
        uy = math.floor(p.y()) + 0.5 - self._origin.y()
        x, y = self._position_at(ux), self._position_at(uy)
        if not (0 <= x < n and 0 <= y < n):
            return None
        widths = self._edges[[x + 1, y + 1]] - self._edges[[x, y]]
        if widths.min() < SNAP_BELOW_CELL:
            snapped = self._strongest_near(ux, uy)
            if snapped is not None:
                return snapped
        return self._order[y], self._order[x]

    def _strongest_near(self, ux: float, uy: float) -> tuple[int, int] | None:
        cells, edges, reach = self._cells, self._edges, SNAP_RADIUS + 0.5
        near = (
            (edges[cells.columns + 1] >= ux - reach)
            & (edges[cells.columns] <= ux + reach)
            & (edges[cells.rows + 1] >= uy - reach)
            & (edges[cells.rows] <= uy + reach)
        )
        candidates = np.flatnonzero(near)
        if not len(candidates):
            return None
        rows, columns = cells.rows[candidates], cells.columns[candidates]
        distance = np.hypot(
            (edges[columns] + edges[columns + 1]) / 2 - ux, (edges[rows] + edges[rows + 1]) / 2 - uy
        )
        best = np.lexsort((distance, -cells.shares[candidates]))[0]
        return self._order[int(rows[best])], self._order[int(columns[best])]

    def sizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(520, 560)

    def minimumSizeHint(self) -> QtCore.QSize:
        hint = super().minimumSizeHint()
        footer = self._footer.minimumSizeHint()
        return QtCore.QSize(max(hint.width(), footer.width() + 8, 240), hint.height() + 260)

    def _row_label(self, doc: int) -> str:
        return f"{doc + 1}  {self._data.names[self._data.documents[doc]]}"

    # --- zoom and pan -----------------------------------------------------------------
    def fit(self) -> None:
        """Show the whole matrix (the state after new data; kept on resize)."""
        self._fitted = True
        self._fit_cells = self._fit_scale()
        self._zoom = 1.0
        self._relayout()
        self._origin = QtCore.QPointF(self._viewport().topLeft())
        self._clamp()
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
        if anchor is None:
            anchor = self._default_anchor()
        fit = self._fit_cells[0]
        zoom = min(self._zoom * factor, max(MAX_CELL / fit, 1.0))
        if zoom <= 1.0:
            self.fit()
            return
        fx = self._fraction(anchor.x() - self._origin.x())
        fy = self._fraction(anchor.y() - self._origin.y())
        self._zoom, self._fitted = zoom, False
        self._relayout()
        self._origin = anchor - QtCore.QPointF(self._offset(fx), self._offset(fy))
        self._clamp()
        self.update()

    def _fraction(self, offset: float) -> float:
        """A pixel offset from the matrix's corner in rows (fractional), whatever the zoom."""
        n = len(self._order)
        k = min(max(self._position_at(offset), 0), n - 1)
        width = self._edges[k + 1] - self._edges[k]
        return k + (offset - float(self._edges[k])) / float(width)

    def _offset(self, fraction: float) -> float:
        """The pixel offset of a fractional row at the current zoom."""
        k = min(max(math.floor(fraction), 0), len(self._order) - 1)
        width = self._edges[k + 1] - self._edges[k]
        return float(self._edges[k] + (fraction - k) * width)

    def _default_anchor(self) -> QtCore.QPointF:
        viewport = QtCore.QRectF(self._viewport())
        if self._current is not None:
            center = QtCore.QRectF(self.cell_rect(*self._current)).center()
            if viewport.contains(center):
                return center
        return viewport.center()

    def _clamp(self) -> None:
        """Keep the matrix covering the viewport, or centred in it where it is smaller."""
        viewport = QtCore.QRectF(self._viewport())
        side = float(self._edges[-1])
        x = _clamped(self._origin.x(), viewport.left(), viewport.width(), side)
        y = _clamped(self._origin.y(), viewport.top(), viewport.height(), side, centre=False)
        self._origin = QtCore.QPointF(x, y)
        self._place_footer()

    def _ensure_visible(self, cell: tuple[int, int]) -> None:
        rect = QtCore.QRectF(self.cell_rect(*cell))
        viewport = QtCore.QRectF(self._viewport())
        dx = max(viewport.left() - rect.left(), 0) + min(viewport.right() - rect.right(), 0)
        dy = max(viewport.top() - rect.top(), 0) + min(viewport.bottom() - rect.bottom(), 0)
        if dx or dy:
            self._origin += QtCore.QPointF(dx, dy)
            self._clamp()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit()
        else:
            self._fit_cells = self._fit_scale()
            self._relayout()
            self._clamp()

    # --- painting ---------------------------------------------------------------------
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        n = len(self._data)
        if n == 0:
            painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.PlaceholderText))
            painter.drawText(self._area(), Qt.AlignmentFlag.AlignCenter, self.tr("No documents"))
            return
        viewport = self._viewport()
        shown = self._shown_rect()
        if shown.isEmpty():
            return
        painter.drawImage(shown.topLeft(), self._matrix_image(shown))
        painter.setClipRect(viewport)
        if self._scale >= GRID_FROM_CELL or self._wide_cell >= 2 * GRID_FROM_CELL:
            self._paint_grid(painter, shown)
        if self._wide_cell >= NUMBERS_FROM_CELL:
            self._paint_numbers(painter, shown)
        self._paint_hover(painter)
        self._paint_marks(painter)
        painter.setClipping(False)
        painter.setPen(QtGui.QPen(QtGui.QColor("#A0A0A0"), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(shown.adjusted(-1, -1, 0, 0))
        if self._labelled:
            self._paint_labels(painter, shown)

    def _shown_rect(self) -> QtCore.QRect:
        """The visible part of the matrix, in whole pixels."""
        rect = self.matrix_rect()
        left, top = _pixel(rect.left()), _pixel(rect.top())
        right, bottom = _pixel(rect.right()), _pixel(rect.bottom())
        return QtCore.QRect(left, top, right - left, bottom - top).intersected(self._viewport())

    def _matrix_image(self, shown: QtCore.QRect) -> QtGui.QImage:
        key = (
            self._version,
            self._scale,
            self._wide_cell,
            self._origin.x(),
            self._origin.y(),
            shown,
        )
        if key != self._image_key:
            self._image = self.render_matrix(shown)
            self._image_key = key
        return self._image

    def render_matrix(self, shown: QtCore.QRect) -> QtGui.QImage:
        """The image of the matrix's pixels inside ``shown`` (widget coordinates)."""
        origin = (self._origin.x() - shown.left(), self._origin.y() - shown.top())
        size = (shown.width(), shown.height())
        grid = pool(self._cells, self._edges, origin, size, self._wide_cell)
        return grid_image(grid)

    def _visible_range(self, shown: QtCore.QRect) -> tuple[range, range]:
        """Display positions of the visible rows and columns."""
        n = len(self._order)

        def span(low: float, high: float) -> range:
            return range(max(self._position_at(low), 0), min(self._position_at(high) + 1, n))

        columns = span(shown.left() - self._origin.x(), shown.right() + 1 - self._origin.x())
        rows = span(shown.top() - self._origin.y(), shown.bottom() + 1 - self._origin.y())
        return rows, columns

    def _paint_grid(self, painter: QtGui.QPainter, shown: QtCore.QRect) -> None:
        rows, columns = self._visible_range(shown)
        painter.setPen(QtGui.QPen(QtGui.QColor("#D8D8D8"), 1))
        for c in self._ruled(columns):
            x = _pixel(self._origin.x() + self._edges[c])
            painter.drawLine(x, shown.top(), x, shown.bottom())
        for r in self._ruled(rows):
            y = _pixel(self._origin.y() + self._edges[r])
            painter.drawLine(shown.left(), y, shown.right(), y)

    def _ruled(self, positions: range) -> Iterable[int]:
        """Edges of ``positions`` that border a row of at least :data:`GRID_FROM_CELL` px."""
        widths = np.diff(self._edges)
        for k in range(positions.start, positions.stop + 1):
            before = widths[k - 1] if k > 0 else 0.0
            after = widths[k] if k < len(widths) else 0.0
            if max(before, after) >= GRID_FROM_CELL:
                yield k

    def _paint_numbers(self, painter: QtGui.QPainter, shown: QtCore.QRect) -> None:
        rows, columns = self._visible_range(shown)
        font = QtGui.QFont(self.font())
        font.setPointSizeF(max(7.0, min(font.pointSizeF(), self._wide_cell / 3.2)))
        painter.setFont(font)
        cells = self._cells
        widths = np.diff(self._edges)
        inside = (
            (cells.rows >= rows.start)
            & (cells.rows < rows.stop)
            & (cells.columns >= columns.start)
            & (cells.columns < columns.stop)
            & (np.minimum(widths[cells.rows], widths[cells.columns]) >= NUMBERS_FROM_CELL)
        )
        for k in np.flatnonzero(inside):
            value = float(cells.shares[k])
            row, column = self._order[int(cells.rows[k])], self._order[int(cells.columns[k])]
            painter.setPen(colors.text_color_on(colors.heat_color(value)))
            painter.drawText(
                self.cell_rect(row, column), Qt.AlignmentFlag.AlignCenter, f"{round(value * 100)}"
            )
        painter.setFont(self.font())

    def _label_fonts(self, size: int) -> tuple[QtGui.QFont, QtGui.QFont]:
        """The labels' font for rows of ``size`` px (smaller than the widget's where needed),
        and its bold for the hovered row and column."""
        font = QtGui.QFont(self.font())
        height = self.fontMetrics().height()
        if size < height:
            font.setPointSizeF(max(6.0, font.pointSizeF() * size / height))
        bold = QtGui.QFont(font)
        bold.setBold(True)
        return font, bold

    def _paint_labels(self, painter: QtGui.QPainter, shown: QtCore.QRect) -> None:
        rows, columns = self._visible_range(shown)
        hover_row, hover_column = self._hover or (-1, -1)
        painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.WindowText))
        area = self._area()
        width = self._label_width - 6
        painter.setClipRect(QtCore.QRect(area.left(), shown.top(), width + 2, shown.height()))
        for r in rows:
            doc = self._order[r]
            top, bottom = self._span(r, self._origin.y())
            if bottom - top < LABELS_FROM_CELL:
                continue
            font = self._label_fonts(bottom - top)[1 if doc == hover_row else 0]
            rect = QtCore.QRect(area.left(), top, width, bottom - top)
            label = QtGui.QFontMetrics(font).elidedText(
                self._row_label(doc), Qt.TextElideMode.ElideMiddle, width
            )
            painter.setFont(font)
            painter.drawText(
                rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, label
            )
        top = area.top()
        height = shown.top() - top - 2
        painter.setClipRect(QtCore.QRect(shown.left(), top, shown.width(), height))
        for c in columns:
            doc = self._order[c]
            left, right = self._span(c, self._origin.x())
            label = str(doc + 1)
            font, bold = self._label_fonts(right - left)
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
        painter.setFont(self.font())

    def _paint_hover(self, painter: QtGui.QPainter) -> None:
        """The hovered cell's row and column as translucent bands across the matrix."""
        if self._hover is None:
            return
        matrix = self.matrix_rect()
        rect = QtCore.QRectF(self.cell_rect(*self._hover))
        band = QtGui.QColor(40, 90, 200, 48)
        thick = max(rect.height(), 3.0)
        row = QtCore.QRectF(matrix.left(), rect.center().y() - thick / 2, matrix.width(), thick)
        column = QtCore.QRectF(rect.center().x() - thick / 2, matrix.top(), thick, matrix.height())
        painter.fillRect(row, band)
        painter.fillRect(column, band)

    def _paint_marks(self, painter: QtGui.QPainter) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self._current is not None and self.hasFocus():
            pen = QtGui.QPen(QtGui.QColor("#1A4FB5"), 2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRect(_at_least(self.cell_rect(*self._current), 9).adjusted(1, 1, -1, -1))
        if self._hover is not None:
            painter.setPen(QtGui.QPen(QtGui.QColor("#101010"), 2))
            painter.drawRect(_at_least(self.cell_rect(*self._hover), 9).adjusted(1, 1, -1, -1))

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
                self._origin = self._press_origin + moved
                self._clamp()
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
            self._press_origin = QtCore.QPointF(self._origin)
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
        self._ensure_visible(self._current)
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


def _clamped(start: float, low: float, room: float, side: float, centre: bool = True) -> float:
    """Where a matrix of ``side`` pixels starts in a viewport of ``room`` from ``low``: covering
    the viewport when larger, centred (or at the start) when smaller."""
    if side <= room:
        return low + (room - side) / 2 if centre else low
    return min(max(start, low + room - side), low)


def _pixel(offset: float) -> int:
    """The pixel whose left (top) edge is nearest ``offset``: a row starting there covers the
    pixels whose centres it covers."""
    return math.floor(offset + 0.5)


def _at_least(rect: QtCore.QRect, size: int) -> QtCore.QRect:
    """``rect`` grown around its centre to at least ``size`` pixels a side."""
    grow_x = max(size - rect.width(), 0)
    grow_y = max(size - rect.height(), 0)
    return rect.adjusted(-(grow_x // 2), -(grow_y // 2), grow_x - grow_x // 2, grow_y - grow_y // 2)
