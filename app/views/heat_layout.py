"""The heat map's layout, without Qt: the order of the documents, the shares pooled into
screen pixels, and where each row lies at a zoom (:mod:`copylens.app.views.heatmap` is the
widget that draws it).

Pure functions and frozen values of numpy arrays: given the documents, the pairs, the room and
the zoom, everything the widget paints and hit-tests is computed here, and tested here
without a window (``tests/test_heat_layout.py``). Indices of documents are positions in
:attr:`HeatMapData.documents` (the report's order); "display positions" are places in the
shown order.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from copylens.app import presentation
from copylens.app.presentation import ORDER_MIN_SHARE, similarity_order  # pure, shared
from copylens.core import PairResult

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

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]
Edges = npt.NDArray[np.float64]


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


# --- data ---------------------------------------------------------------------------------
class HeatMapData:
    """The shares between the documents of a compare report, stored by pair (no n × n matrix),
    and the two orders they can be shown in."""

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


# --- rows and columns at a zoom -------------------------------------------------------------
def fit_cells(n: int, wide: int, labelled_side: float, room: float) -> tuple[float, float]:
    """(cell size, size of the cells of documents sharing text) at which a matrix of ``n``
    documents, ``wide`` of them sharing text, fits: ``labelled_side`` is the shorter side of
    the viewport beside the labels, ``room`` the shorter side of the whole area. Labelled
    when rows reach :data:`LABELS_FROM_CELL` beside the labels (cells up to
    :data:`MAX_CELL`); otherwise, where room is short, documents sharing text get up to half
    of it, at most :data:`WIDE_CELL` pixels each."""
    if n == 0:
        return 1.0, 1.0
    scale = labelled_side / n
    if scale >= LABELS_FROM_CELL:
        scale = min(scale, MAX_CELL)
        return scale, scale
    room = max(room, 1.0)
    scale = min(room / n, LABELS_FROM_CELL * 0.999)
    if scale >= WIDE_CELL or wide in (0, n):
        return scale, scale
    floor = max(min(WIDE_CELL, room / 2 / wide), scale)
    return max((room - wide * floor) / (n - wide), 1e-3), floor


@dataclass(frozen=True)
class Rows:
    """Where each row (and column: the matrix is square) lies at one zoom, in pixels from the
    matrix's corner: ``edges[k]`` to ``edges[k + 1]`` is display position ``k``."""

    edges: Edges
    scale: float
    """The cell size (px)."""
    wide_cell: float
    """The size (px) of the cells of documents sharing text (at least ``scale``)."""

    @staticmethod
    def at(fitted: tuple[float, float], zoom: float, wide: npt.NDArray[np.bool_]) -> Rows:
        """The rows at ``zoom`` times the fitted sizes (:func:`fit_cells`): cells grow with
        the zoom, those of documents sharing text (``wide``, by display position) keep their
        larger fitted size as they grow, up to :data:`WIDE_MAX`."""
        scale, wide_fit = fitted
        scale *= zoom
        wide_cell = max(scale, min(wide_fit * zoom, max(WIDE_MAX, wide_fit)))
        widths = np.full(len(wide), scale, dtype=np.float64)
        widths[wide] = wide_cell
        return Rows(np.concatenate(([0.0], np.cumsum(widths))), scale, wide_cell)

    def __len__(self) -> int:
        return len(self.edges) - 1

    @property
    def side(self) -> float:
        """The whole matrix's side (px)."""
        return float(self.edges[-1])

    @property
    def labelled(self) -> bool:
        """Whether the largest rows are large enough for labels."""
        return len(self) > 0 and float(np.diff(self.edges).max()) >= LABELS_FROM_CELL

    def position_at(self, offset: float) -> int:
        """The display position covering ``offset`` (-1 before the first, n after the last)."""
        return int(np.searchsorted(self.edges, offset, side="right")) - 1

    def fraction(self, offset: float) -> float:
        """A pixel offset as a fractional row, whatever the zoom (clamped to the rows)."""
        k = min(max(self.position_at(offset), 0), len(self) - 1)
        width = self.edges[k + 1] - self.edges[k]
        return k + (offset - float(self.edges[k])) / float(width)

    def offset(self, fraction: float) -> float:
        """The pixel offset of a fractional row (the inverse of :meth:`fraction`)."""
        k = min(max(math.floor(fraction), 0), len(self) - 1)
        width = self.edges[k + 1] - self.edges[k]
        return float(self.edges[k] + (fraction - k) * width)

    def span(self, position: int, start: float) -> tuple[int, int]:
        """First and last-plus-one pixel of a row, the matrix starting at ``start`` (at least
        one pixel)."""
        low = pixel(start + self.edges[position])
        high = pixel(start + self.edges[position + 1])
        return low, max(high, low + 1)

    def visible(self, low: float, high: float) -> range:
        """Display positions of the rows between offsets ``low`` and ``high``."""
        return range(max(self.position_at(low), 0), min(self.position_at(high) + 1, len(self)))

    def ruled(self, positions: range) -> list[int]:
        """Edges of ``positions`` that border a row of at least :data:`GRID_FROM_CELL` px."""
        widths = np.diff(self.edges)
        ruled = []
        for k in range(positions.start, positions.stop + 1):
            before = widths[k - 1] if k > 0 else 0.0
            after = widths[k] if k < len(widths) else 0.0
            if max(before, after) >= GRID_FROM_CELL:
                ruled.append(k)
        return ruled

    def cell_at(self, cells: Cells, ux: float, uy: float) -> tuple[int, int] | None:
        """(row, column) display positions of the cell at offsets (``ux``, ``uy``) from the
        matrix's corner, None outside it. Where that cell is smaller than
        :data:`SNAP_BELOW_CELL` pixels, the strongest cell of ``cells`` within
        :data:`SNAP_RADIUS` pixels, if any: the one the dark dot there shows."""
        n = len(self)
        x, y = self.position_at(ux), self.position_at(uy)
        if not (0 <= x < n and 0 <= y < n):
            return None
        widths = self.edges[[x + 1, y + 1]] - self.edges[[x, y]]
        if widths.min() < SNAP_BELOW_CELL:
            snapped = self.strongest_near(cells, ux, uy)
            if snapped is not None:
                return snapped
        return y, x

    def strongest_near(self, cells: Cells, ux: float, uy: float) -> tuple[int, int] | None:
        """(row, column) positions of the strongest cell within :data:`SNAP_RADIUS` pixels of
        (``ux``, ``uy``), the nearest of equals; None if no cell holding a share is there."""
        edges, reach = self.edges, SNAP_RADIUS + 0.5
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
        return int(rows[best]), int(columns[best])


def clamped(start: float, low: float, room: float, side: float, centre: bool = True) -> float:
    """Where a matrix of ``side`` pixels starts in a viewport of ``room`` from ``low``: covering
    the viewport when larger, centred (or at the start) when smaller."""
    if side <= room:
        return low + (room - side) / 2 if centre else low
    return min(max(start, low + room - side), low)


def pixel(offset: float) -> int:
    """The pixel whose left (top) edge is nearest ``offset``: a row starting there covers the
    pixels whose centres it covers."""
    return math.floor(offset + 0.5)
