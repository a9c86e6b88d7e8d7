"""The heat map's layout without Qt (``copylens.app.views.heat_layout``): the similarity order,
max pooling into pixels, the rows at a zoom, hit-testing with snapping, and the data by pair."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.app.views.heat_layout import (
    DIAGONAL,
    EMPTY,
    LABELS_FROM_CELL,
    MAX_CELL,
    ORDER_MIN_SHARE,
    WIDE_CELL,
    WIDE_MAX,
    Cells,
    HeatMapData,
    Rows,
    clamped,
    fit_cells,
    pool,
    similarity_order,
)
from copylens.core import PairResult


def pair(a: str, b: str, ab: float, ba: float) -> PairResult:
    return PairResult(a, b, min(ab, ba) * 0.9, 0.0, ab, ba, ())


# --- order --------------------------------------------------------------------------------
def test_similarity_order_brings_interleaved_groups_together() -> None:
    hot, warm = [3, 11, 19, 27], [5, 13, 21]  # interleaved in file order
    links = [(i, j, 0.9) for i in hot for j in hot if i < j]
    links += [(5, 13, 0.6), (13, 21, 0.55)]  # a chain: single linkage keeps it together
    links += [(3, 5, ORDER_MIN_SHARE / 2), (0, 30, 0.05)]  # faint: no link
    order = similarity_order(32, links)
    assert sorted(order) == list(range(32))
    assert set(order[:4]) == set(hot)  # the hottest group first
    assert set(order[4:7]) == set(warm)
    assert order[7:] == tuple(d for d in range(32) if d not in hot + warm)  # the rest as listed
    assert order[0] == 3  # from the strongest link's lower document
    assert similarity_order(32, list(reversed(links))) == order


def test_similarity_order_keeps_a_copied_hub_with_its_copies() -> None:
    """A hub copied by three essays that do not share text with each other, beside a weaker
    pair linked to one of them: the hub's group stays contiguous."""
    links = [(10, 1, 0.8), (10, 2, 0.75), (10, 3, 0.7), (1, 7, 0.2), (7, 8, 0.9)]
    order = similarity_order(12, links)
    assert sorted(order) == list(range(12))
    assert order[:2] in ((7, 8), (8, 7))  # the hottest link first
    hub = [order.index(d) for d in (10, 1, 2, 3)]
    assert max(hub) - min(hub) == 3


def test_similarity_order_of_nothing_shared_is_the_file_order() -> None:
    assert similarity_order(5, []) == (0, 1, 2, 3, 4)
    assert similarity_order(0, []) == ()


# --- pooling ------------------------------------------------------------------------------
def test_pool_shows_the_highest_share_of_the_cells_a_pixel_covers() -> None:
    n = 2000
    rows = np.array([12, 13, 1500, 700], dtype=np.int64)
    columns = np.array([900, 900, 20, 701], dtype=np.int64)
    shares = np.array([0.05, 0.12, 1.0, 0.4], dtype=np.float32)
    cells = Cells.of(n, rows, columns, shares)
    edges = np.arange(n + 1, dtype=np.float64) * 0.25  # 4 cells a pixel: 500 × 500
    grid = pool(cells, edges, (0.0, 0.0), (500, 500), mark_cell=0.25)
    assert grid.shape == (500, 500)
    assert grid[3, 225] == pytest.approx(0.12)  # rows 12 and 13 share a pixel: the higher
    assert grid[2, 225] == EMPTY and grid[3, 226] == EMPTY  # faint: no mark
    assert grid[375, 5] == pytest.approx(1.0)
    assert grid[373, 3] == pytest.approx(1.0)  # grown into a mark of 5 × 5 pixels
    assert grid[372, 2] < 1.0
    assert grid[100, 100] == DIAGONAL and grid[100, 101] == EMPTY and grid[0, 499] == EMPTY


# --- fitting and zooming -------------------------------------------------------------------
def test_a_few_documents_fit_labelled_up_to_the_largest_cell() -> None:
    assert fit_cells(8, 2, labelled_side=400, room=500) == (50.0, 50.0)
    assert fit_cells(2, 0, labelled_side=400, room=500) == (MAX_CELL, MAX_CELL)
    assert fit_cells(0, 0, labelled_side=400, room=500) == (1.0, 1.0)


def test_many_documents_give_the_ones_sharing_text_wider_cells() -> None:
    scale, wide = fit_cells(2000, 100, labelled_side=300, room=500)
    assert wide == 500 / 2 / 100 < WIDE_CELL  # 100 of them get half the room at most
    assert scale == pytest.approx((500 - 100 * wide) / 1900)
    assert 1900 * scale + 100 * wide == pytest.approx(500)  # the whole matrix fits
    assert fit_cells(2000, 0, labelled_side=300, room=500) == (0.25, 0.25)
    assert fit_cells(40, 3, labelled_side=300, room=500)[0] < LABELS_FROM_CELL


def test_rows_at_a_zoom_grow_the_wide_cells_up_to_their_cap() -> None:
    wide = np.array([False, True, False, False])
    rows = Rows.at((2.0, 8.0), 1.0, wide)
    assert rows.edges.tolist() == [0.0, 2.0, 10.0, 12.0, 14.0]
    assert (rows.scale, rows.wide_cell, rows.side, len(rows)) == (2.0, 8.0, 14.0, 4)
    assert not rows.labelled
    zoomed = Rows.at((2.0, 8.0), 10.0, wide)
    assert (zoomed.scale, zoomed.wide_cell) == (20.0, WIDE_MAX)
    assert zoomed.labelled
    assert Rows.at((2.0, 8.0), 20.0, wide).wide_cell == 40.0  # the others caught up


def test_fraction_and_offset_are_inverse_whatever_the_widths() -> None:
    rows = Rows.at((2.0, 8.0), 1.5, np.array([False, True, False, True, False]))
    for offset in (0.0, 1.0, 3.0, 14.9, rows.side - 0.01):
        assert rows.offset(rows.fraction(offset)) == pytest.approx(offset)
    assert rows.fraction(rows.edges[3]) == pytest.approx(3.0)
    assert rows.position_at(-1.0) == -1 and rows.position_at(rows.side + 1) == len(rows)


def test_spans_visible_rows_and_grid_lines() -> None:
    rows = Rows.at((10.0, 10.0), 1.0, np.zeros(6, dtype=bool))
    assert rows.span(2, 100.0) == (120, 130)
    assert rows.visible(15.0, 35.0) == range(1, 4)
    assert rows.visible(-50.0, 500.0) == range(0, 6)
    assert rows.ruled(range(1, 3)) == [1, 2, 3]
    assert Rows.at((1.0, 1.0), 1.0, np.zeros(6, dtype=bool)).ruled(range(0, 6)) == []


def test_hit_testing_snaps_to_the_strongest_cell_near_small_cells() -> None:
    n = 400
    cells = Cells.of(
        n,
        np.array([100, 101], dtype=np.int64),
        np.array([300, 302], dtype=np.int64),
        np.array([0.3, 0.9], dtype=np.float32),
    )
    small = Rows.at((1.0, 1.0), 1.0, np.zeros(n, dtype=bool))
    assert small.cell_at(cells, 301.5, 100.5) == (101, 302)  # the darker dot nearby
    assert small.cell_at(cells, 50.5, 50.5) == (50, 50)  # nothing near: the cell itself
    assert small.cell_at(cells, 450.0, 10.0) is None
    large = Rows.at((10.0, 10.0), 1.0, np.zeros(n, dtype=bool))
    assert large.cell_at(cells, 3015.0, 1005.0) == (100, 301)  # big cells: no snapping


def test_a_matrix_covers_the_viewport_or_is_centred_in_it() -> None:
    assert clamped(-500.0, 10.0, 300.0, 1000.0) == -500.0
    assert clamped(50.0, 10.0, 300.0, 1000.0) == 10.0  # no gap before the matrix
    assert clamped(-900.0, 10.0, 300.0, 1000.0) == -690.0  # nor after it
    assert clamped(0.0, 10.0, 300.0, 100.0) == 110.0
    assert clamped(0.0, 10.0, 300.0, 100.0, centre=False) == 10.0


# --- data by pair -----------------------------------------------------------------------------
def test_the_data_keeps_shares_by_pair_in_both_orientations() -> None:
    data = HeatMapData(["a", "b", "c"], [pair("b", "a", 0.6, 0.2), pair("a", "d", 0.05, 0.5)], {})
    assert data.documents == ("a", "b", "c", "d")  # a document only a pair names comes last
    assert data.value(1, 0) == 0.6 and data.value(0, 1) == 0.2
    assert data.value(0, 0) is None and data.value(1, 2) == 0.0
    assert data.pair(0, 1) is data.pair(1, 0)
    assert data.linked.tolist() == [True, True, False, True]
    assert data.order(True)[:2] in ((0, 1), (1, 0)) and data.order(False) == (0, 1, 2, 3)
