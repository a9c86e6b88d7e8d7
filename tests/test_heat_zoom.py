"""The heat map's zoom and pan without Qt (``copylens.app.views.heat_zoom``): fitting, zooming
around a point, panning within the viewport, following the keyboard's cell, resizing and
hit-testing, in plain numbers (the widget that delegates to it: tests/gui/test_heatmap.py)."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.app.views.heat_layout import MAX_CELL, Cells
from copylens.app.views.heat_zoom import Box, Room, ZoomPan

# 500 x 400 px for the matrix and its labels; labels take 100 px left and 30 px on top.
ROOM = Room(Box(4, 40, 500, 400), label_width=100, number_height=30)


def fitted(n: int, room: Room = ROOM, wide: np.ndarray | None = None) -> ZoomPan:
    wide = np.zeros(n, dtype=bool) if wide is None else wide
    return ZoomPan().in_room(room).in_order(wide).fitted_in()


def anchored_fraction(view: ZoomPan, x: float, y: float) -> tuple[float, float]:
    """The fractional row and column under the widget's point."""
    return view.rows.fraction(x - view.origin[0]), view.rows.fraction(y - view.origin[1])


def test_a_box_contains_its_edges_and_an_empty_box_nothing() -> None:
    box = Box(10, 20, 30, 40)
    assert (box.right, box.bottom, box.center()) == (40, 60, (25.0, 40.0))
    assert box.contains(10, 20) and box.contains(40, 60) and box.contains(25.5, 30)
    assert not box.contains(9.9, 30) and not box.contains(40.1, 30) and not box.contains(20, 61)
    assert not Box(10, 20, 0, 40).contains(10, 30)
    assert Box(40, 20, -30, 40).contains(25, 30)  # labels wider than the room: still a box


def test_the_viewport_leaves_room_for_labels_only_when_labelled() -> None:
    assert ROOM.viewport(labelled=False) == ROOM.area
    assert ROOM.viewport(labelled=True) == Box(104, 70, 400, 370)


def test_a_few_documents_fit_labelled_centred_across_and_at_the_top() -> None:
    view = fitted(20)
    assert view.fitted and view.zoom == 1.0 and view.rows.labelled
    assert view.rows.scale == 370 / 20  # the shorter side beside the labels
    assert view.origin == (104 + (400 - 370) / 2, 70.0)
    assert view.viewport() == Box(104, 70, 400, 370)


def test_many_documents_fit_unlabelled_in_the_whole_area() -> None:
    view = fitted(2000)
    assert view.fitted and not view.rows.labelled
    assert view.viewport() == ROOM.area
    assert view.rows.side == pytest.approx(400)  # the area's shorter side
    assert view.origin == (4 + (500 - view.rows.side) / 2, 40.0)


def test_zooming_keeps_the_point_under_the_anchor_where_it_is() -> None:
    view = fitted(20)
    for anchor in ((200.0, 150.0), (300.0, 250.0), (160.0, 110.0)):
        zoomed = view.zoomed(2.0, anchor)
        assert not zoomed.fitted and zoomed.zoom == 2.0
        assert zoomed.rows.scale == pytest.approx(2 * view.rows.scale)
        assert anchored_fraction(zoomed, *anchor) == pytest.approx(anchored_fraction(view, *anchor))
    assert view.origin == (119.0, 70.0)  # a step returns a new value; the old one is kept
    corner = view.zoomed(2.0, (480.0, 420.0))  # near the corner: no gap beats the anchor
    assert corner.origin[0] + corner.rows.side == corner.viewport().right


def test_zooming_stops_at_the_largest_cell_and_zooming_out_to_the_fit_is_the_fit() -> None:
    view = fitted(20)
    assert view.zoomed(100.0, (200.0, 150.0)).rows.scale == pytest.approx(MAX_CELL)
    zoomed = view.zoomed(2.0, (200.0, 150.0))
    back = zoomed.zoomed(0.4, (300.0, 300.0))
    assert back.fitted and back.zoom == 1.0 and back.origin == view.origin
    assert ZoomPan().in_room(ROOM).zoomed(2.0, (10.0, 10.0)).zoom == 1.0  # nothing to zoom


def test_panning_never_leaves_a_gap_beside_a_zoomed_matrix() -> None:
    view = fitted(20).zoomed(3.0, (200.0, 150.0))
    side = view.rows.side
    assert view.panned((1000.0, 1000.0)).origin == (104.0, 70.0)
    assert view.panned((-5000.0, -5000.0)).origin == (104 + 400 - side, 70 + 370 - side)
    assert view.panned((-100.0, -50.0)).origin == (-100.0, -50.0)


def test_a_matrix_smaller_than_the_viewport_stays_where_it_fits() -> None:
    view = fitted(20)
    assert view.panned((-300.0, 500.0)).origin == view.origin


def test_the_keyboards_cell_is_brought_into_view_by_the_least_move() -> None:
    view = fitted(20).zoomed(3.0, (104.0, 70.0))  # the top-left corner stays put
    assert view.origin == (104.0, 70.0)
    assert view.showing(0, 0) is view  # in view already: unchanged
    moved = view.showing(19, 19)
    cell, viewport = moved.cell(19, 19), moved.viewport()
    assert (cell.right, cell.bottom) == (viewport.right, viewport.bottom)
    back = moved.showing(0, 17)  # its column is shown: only up
    assert (back.cell(0, 17).top, back.origin[0]) == (viewport.top, moved.origin[0])


def test_a_resize_keeps_the_fit_or_the_zoom() -> None:
    larger = Room(Box(4, 40, 800, 700), label_width=100, number_height=30)
    refitted = fitted(20).in_room(larger).resized()
    assert refitted.fitted and refitted.rows.scale == 670 / 20
    zoomed = fitted(20).zoomed(3.0, (200.0, 150.0))
    resized = zoomed.in_room(larger).resized()
    assert not resized.fitted and resized.zoom == 3.0
    assert resized.rows.scale == pytest.approx(3 * 670 / 20)  # the new fit, zoomed as much
    assert resized.origin == zoomed.origin  # still covering the larger viewport


def test_a_new_order_keeps_the_zoom_and_widens_the_cells_where_they_moved() -> None:
    wide = np.zeros(2000, dtype=bool)
    wide[[5, 6]] = True
    view = fitted(2000, wide=wide)
    widths = np.diff(view.rows.edges)
    assert widths[5] == pytest.approx(widths[6]) and widths[5] > 2 * widths[0]
    reordered = view.in_order(np.roll(wide, 10))
    moved = np.diff(reordered.rows.edges)
    assert moved[[15, 16, 5]] == pytest.approx(widths[[5, 6, 0]])
    assert (reordered.zoom, reordered.origin) == (view.zoom, view.origin)


def test_hit_testing_gives_display_positions_inside_the_viewport_only() -> None:
    view = fitted(20)
    cells = Cells.of(20, *(np.array([5], dtype=np.int64),) * 2, np.array([0.5], np.float32))
    scale = view.rows.scale
    x0, y0 = view.origin
    assert view.cell_at(cells, x0 + 3 * scale + 2, y0 + 5 * scale + 2) == (5, 3)
    assert view.cell_at(cells, 50.0, 100.0) is None  # on the row labels
    assert view.cell_at(cells, 110.0, 100.0) is None  # in the viewport, left of the matrix
    assert view.cell_at(cells, x0 + 2, 60.0) is None  # on the column numbers
    assert ZoomPan().in_room(ROOM).cell_at(cells, 200.0, 200.0) is None  # no documents


def test_zoom_keys_zoom_around_the_keyboards_cell_when_it_is_shown() -> None:
    view = fitted(20)
    cell = view.cell(5, 3)
    assert view.default_anchor((5, 3)) == cell.center()
    assert view.default_anchor(None) == view.viewport().center()
    zoomed = view.zoomed(4.0, (104.0, 70.0))
    assert not zoomed.viewport().contains(*zoomed.cell(19, 19).center())
    assert zoomed.default_anchor((19, 19)) == zoomed.viewport().center()
