"""The heat map's zoom and pan without Qt: plain numbers in, the viewport out.

:class:`ZoomPan` is where the matrix lies in the widget: the room it may take (:class:`Room`,
whole pixels read from the widget's layout), the cell sizes that fit it, the zoom, the rows at
that zoom (:class:`~copylens.app.views.heat_layout.Rows`) and the matrix's top-left corner.
Fitting, zooming around a point, panning, following the keyboard's cell and resizing each
return a new value; the widget (:class:`copylens.app.views.heatmap.HeatMap`) keeps one, turns
events into these calls and draws what it says. Tested without a window
(``tests/test_heat_zoom.py``). Positions here are display positions (places in the shown
order), never documents.

What must hold after every step: the matrix covers the viewport, or is centred in it
(horizontally; at its top) where it is smaller (:func:`~copylens.app.views.heat_layout.clamped`);
zooming keeps the point under the anchor where it is (:meth:`Rows.fraction` and
:meth:`Rows.offset` are inverse); a zoom at or below the fitted size is the fit.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from copylens.app.views.heat_layout import MAX_CELL, Cells, Rows, clamped, fit_cells

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """A rectangle of whole pixels in the widget (a ``QRect``'s numbers; the width or height
    may be negative where the labels take more than the room)."""

    left: int
    top: int
    width: int
    height: int

    @property
    def right(self) -> int:
        """The first pixel after the box (``left + width``, as ``QRectF(rect).right()``)."""
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    def center(self) -> Point:
        return self.left + self.width / 2, self.top + self.height / 2

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies in the box, its edges included (as ``QRectF.contains``: an
        empty box contains nothing)."""
        low_x, high_x = sorted((self.left, self.right))
        low_y, high_y = sorted((self.top, self.bottom))
        if low_x == high_x or low_y == high_y:
            return False
        return low_x <= x <= high_x and low_y <= y <= high_y


@dataclass(frozen=True)
class Room:
    """Where the matrix may go: ``area`` holds the matrix and its labels; when the rows are
    labelled, the row names take ``label_width`` pixels on the left and the column numbers
    ``number_height`` on top."""

    area: Box = Box(0, 0, 0, 0)
    label_width: int = 0
    number_height: int = 0

    def viewport(self, labelled: bool) -> Box:
        """The part of the area the cells are drawn in."""
        if not labelled:
            return self.area
        a = self.area
        return Box(
            a.left + self.label_width,
            a.top + self.number_height,
            a.width - self.label_width,
            a.height - self.number_height,
        )


@dataclass(frozen=True, eq=False)
class ZoomPan:
    """The matrix of ``len(wide)`` documents in its room at one zoom and position.

    ``wide``: by display position, the documents whose cells are drawn wider (those sharing
    text, :attr:`HeatMapData.linked`); ``fit``: the cell sizes that fit the room
    (:func:`fit_cells`); ``zoom``: the cell size as a multiple of them (1 when fitted);
    ``origin``: the matrix's top-left corner in the widget; ``fitted``: whether the whole
    matrix is shown, and stays shown on resize.
    """

    room: Room = Room()
    wide: npt.NDArray[np.bool_] = dataclasses.field(default_factory=lambda: np.zeros(0, bool))
    fit: tuple[float, float] = (1.0, 1.0)
    zoom: float = 1.0
    rows: Rows = dataclasses.field(default_factory=lambda: Rows(np.zeros(1), 1.0, 1.0))
    origin: Point = (0.0, 0.0)
    fitted: bool = True

    def __len__(self) -> int:
        return len(self.wide)

    # --- what it shows --------------------------------------------------------------------
    def viewport(self) -> Box:
        """Where the cells are drawn (beside the labels when the rows are labelled)."""
        return self.room.viewport(self.rows.labelled)

    def cell(self, row: int, column: int) -> Box:
        """The pixels of the cell at display positions ``row``, ``column`` (at least one)."""
        left, right = self.rows.span(column, self.origin[0])
        top, bottom = self.rows.span(row, self.origin[1])
        return Box(left, top, right - left, bottom - top)

    def cell_at(self, cells: Cells, x: float, y: float) -> tuple[int, int] | None:
        """(row, column) display positions of the cell under the widget's point (``x``,
        ``y``), None outside the viewport or the matrix (:meth:`Rows.cell_at`: small cells
        snap to the strongest nearby)."""
        if len(self) == 0 or not self.viewport().contains(x, y):
            return None
        ux = math.floor(x) + 0.5 - self.origin[0]  # the centre of the pixel at (x, y)
        uy = math.floor(y) + 0.5 - self.origin[1]
        return self.rows.cell_at(cells, ux, uy)

    def default_anchor(self, current: tuple[int, int] | None) -> Point:
        """Where the zoom buttons and keys zoom around: the centre of the ``current`` cell
        (display positions) if it is in the viewport, else the viewport's centre."""
        viewport = self.viewport()
        if current is not None:
            center = self.cell(*current).center()
            if viewport.contains(*center):
                return center
        return viewport.center()

    def _fit(self) -> int:
        """The cell size at which the whole matrix fits the room (labels shown)."""
        labelled, area = self.room.viewport(True), self.room.area
        return fit_cells(
            len(self),
            int(self.wide.sum()),
            min(labelled.width, labelled.height),
            min(area.width, area.height),
        )

    # --- steps ----------------------------------------------------------------------------
    def in_room(self, room: Room) -> ZoomPan:
        """The same zoom and position in ``room`` (nothing recomputed: the widget's room as
        it is now, before a step)."""
        return dataclasses.replace(self, room=room)

    def fitted_in(self) -> ZoomPan:
        """The whole matrix shown at the largest cells that fit (the state after new data)."""
        fit = self._fit()
        rows = Rows.at(fit, 1.0, self.wide)
        start = self.room.viewport(rows.labelled)
        view = dataclasses.replace(self, fit=fit, zoom=1.0, rows=rows, fitted=True)
        return view.panned((float(start.left), float(start.top)))

    def in_order(self, wide: npt.NDArray[np.bool_]) -> ZoomPan:
        """The rows at the same zoom and position for another order of the documents (the
        position is not clamped: a new order is followed by a fit or :meth:`clamped`)."""
        return dataclasses.replace(self, wide=wide, rows=Rows.at(self.fit, self.zoom, wide))

    def zoomed(self, factor: float, anchor: Point) -> ZoomPan:
        """The cells ``factor`` times larger, the point under ``anchor`` staying where it is;
        at most :data:`MAX_CELL` pixels (or the fitted size if larger), and the fit at or
        below the fitted size."""
        if len(self) == 0:
            return self
        zoom = min(self.zoom * factor, max(MAX_CELL / self.fit[0], 1.0))
        if zoom <= 1.0:
            return self.fitted_in()
        fx = self.rows.fraction(anchor[0] - self.origin[0])
        fy = self.rows.fraction(anchor[1] - self.origin[1])
        rows = Rows.at(self.fit, zoom, self.wide)
        origin = (anchor[0] - rows.offset(fx), anchor[1] - rows.offset(fy))
        return dataclasses.replace(self, zoom=zoom, fitted=False, rows=rows).panned(origin)

    def panned(self, origin: Point) -> ZoomPan:
        """The matrix's corner at ``origin``, then clamped."""
        return dataclasses.replace(self, origin=origin).clamped()

    def clamped(self) -> ZoomPan:
        """The matrix covering the viewport, or centred in it where it is smaller (at the top
        vertically)."""
        viewport, side = self.viewport(), self.rows.side
        x = clamped(self.origin[0], float(viewport.left), float(viewport.width), side)
        y = clamped(self.origin[1], float(viewport.top), float(viewport.height), side, centre=False)
        return dataclasses.replace(self, origin=(x, y))

    def showing(self, row: int, column: int) -> ZoomPan:
        """Panned by the least that brings the cell at display positions ``row``, ``column``
        into the viewport (unchanged if it is in it)."""
        cell, viewport = self.cell(row, column), self.viewport()
        dx = max(viewport.left - cell.left, 0) + min(viewport.right - cell.right, 0)
        dy = max(viewport.top - cell.top, 0) + min(viewport.bottom - cell.bottom, 0)
        if not (dx or dy):
            return self
        return self.panned((self.origin[0] + dx, self.origin[1] + dy))

    def resized(self) -> ZoomPan:
        """After the room changed: fitted again if it was, else the same zoom of the new fit
        (the position clamped)."""
        if self.fitted:
            return self.fitted_in()
        fit = self._fit()
        rows = Rows.at(fit, self.zoom, self.wide)
        return dataclasses.replace(self, fit=fit, rows=rows).clamped()
