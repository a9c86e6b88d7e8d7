"""The Compare-all heat map widget from 8 to thousands of documents: fit, zoom and pan, hover,
click and keyboard (its layout without Qt: tests/test_heat_layout.py)."""

from __future__ import annotations

import random

import pytest

from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.views.heatmap import HeatMap
from copylens.core import PairResult


def pair(a: str, b: str, ab: float, ba: float) -> PairResult:
    return PairResult(a, b, min(ab, ba) * 0.9, 0.0, ab, ba, ())


def essays(n: int, seed: int = 3) -> tuple[list[str], list[PairResult], PairResult]:
    """``n`` essays in a teacher's pile: near-copy groups of 2–4, pasted paragraphs (15–25 %),
    faint pairs (2–8 %); and the one planted copy (100 % / 100 %) it holds."""
    rnd = random.Random(seed)
    docs = [f"/class/essay-{k:04d}.txt" for k in range(n)]
    free = list(range(n))
    rnd.shuffle(free)
    pairs: dict[tuple[int, int], PairResult] = {}

    def add(i: int, j: int, ab: float, ba: float) -> None:
        if i != j and (min(i, j), max(i, j)) not in pairs:
            pairs[(min(i, j), max(i, j))] = pair(docs[i], docs[j], ab, ba)

    copy = (free.pop(), free.pop())
    add(*copy, 1.0, 1.0)
    for _ in range(n // 60):
        members = [free.pop() for _ in range(rnd.choice((2, 3, 4)))]
        for x, i in enumerate(members):
            for j in members[x + 1 :]:
                add(i, j, rnd.uniform(0.7, 0.95), rnd.uniform(0.7, 0.95))
    for _ in range(n // 80):
        add(free.pop(), free.pop(), rnd.uniform(0.15, 0.25), rnd.uniform(0.12, 0.25))
    for _ in range(2 * n):
        add(rnd.randrange(n), rnd.randrange(n), rnd.uniform(0.02, 0.08), rnd.uniform(0, 0.08))
    return docs, list(pairs.values()), pairs[(min(copy), max(copy))]


def heatmap(qtbot, docs, pairs, size=(600, 600)) -> HeatMap:
    view = HeatMap()
    qtbot.addWidget(view)
    view.resize(*size)
    view.set_data(docs, pairs)
    view.show()
    qtbot.waitExposed(view)
    return view


def dark(image: QtGui.QImage, point: QtCore.QPoint) -> bool:
    color = image.pixelColor(point)
    return color.red() < 180 and color.green() < 60


# --- the widget ---------------------------------------------------------------------------
def test_two_thousand_documents_fit_and_a_copied_pair_shows_dark(qtbot) -> None:
    docs, pairs, copy = essays(2000)
    view = heatmap(qtbot, docs, pairs)
    assert view.is_fitted()
    matrix = view.matrix_rect()
    assert QtCore.QRectF(view.rect()).contains(matrix)
    assert matrix.width() > 450  # the room is used
    assert view.legend.isVisible()
    legend = QtCore.QRectF(
        QtCore.QRect(view.legend.mapTo(view, QtCore.QPoint()), view.legend.size())
    )
    assert matrix.bottom() <= legend.top() and QtCore.QRectF(view.rect()).contains(legend)
    i, j = docs.index(copy.a), docs.index(copy.b)
    image = view.grab().toImage()
    assert dark(image, view.cell_rect(i, j).center())
    view.set_by_similarity(False)
    assert view.order() == tuple(range(2000))
    image = view.grab().toImage()
    assert dark(image, view.cell_rect(j, i).center())
    # the documents sharing text sit in the top left corner, by similarity
    view.set_by_similarity(True)
    first = {docs[d] for d in view.order()[:2]}
    assert first == {copy.a, copy.b}


def test_a_lone_copy_among_many_is_a_visible_mark(qtbot) -> None:
    """Max pooling in the widget: 3,000 documents, one pair, nothing else."""
    docs = [f"d{k}.txt" for k in range(3000)]
    view = heatmap(qtbot, docs, [pair("d100.txt", "d2900.txt", 1.0, 0.9)])
    view.set_by_similarity(False)
    assert view.cell_size() < 0.5
    image = view.grab().toImage()
    center = view.cell_rect(100, 2900).center()
    assert dark(image, center)
    assert not dark(image, center + QtCore.QPoint(0, 30))
    with qtbot.waitSignal(view.pair_clicked) as clicked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=center + QtCore.QPoint(1, -2))
    assert clicked.args == ["d100.txt", "d2900.txt"]
    with qtbot.assertNotEmitted(view.pair_clicked):  # far from it: a cell sharing nothing
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=center + QtCore.QPoint(0, 30))


def test_zoom_in_and_out_and_zero_fits_again(qtbot) -> None:
    docs, pairs, _ = essays(300)
    view = heatmap(qtbot, docs, pairs)
    fitted = view.cell_size()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.cell_size() == pytest.approx(fitted * 1.25) and not view.is_fitted()
    view.zoom_in()
    view.zoom_out()
    assert view.cell_size() == pytest.approx(fitted * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.is_fitted() and view.cell_size() == pytest.approx(fitted)
    qtbot.keyClick(view, Qt.Key.Key_Minus)  # no further than fit
    assert view.is_fitted() and view.cell_size() == pytest.approx(fitted)
    for _ in range(40):
        view.zoom_in()
    assert view.cell_size() == pytest.approx(80.0)  # the limit
    qtbot.mouseClick(view.fit_button, Qt.MouseButton.LeftButton)
    assert view.is_fitted()


def wheel(view: HeatMap, pos: QtCore.QPointF, steps: int) -> None:
    event = QtGui.QWheelEvent(
        pos,
        view.mapToGlobal(pos),
        QtCore.QPoint(),
        QtCore.QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QtWidgets.QApplication.sendEvent(view, event)


def test_wheel_zooms_around_the_cursor_and_dragging_pans(qtbot) -> None:
    docs = [f"d{k}.txt" for k in range(400)]
    view = heatmap(qtbot, docs, [pair("d1.txt", "d2.txt", 0.3, 0.3)])
    view.set_by_similarity(False)
    point = QtCore.QPointF(view.cell_rect(250, 120).topLeft()) + QtCore.QPointF(0.5, 0.5)
    assert view.cell_at(point) == (250, 120)
    wheel(view, point, 3)
    assert view.cell_size() > 2.5
    assert view.cell_at(point) == (250, 120)  # the same cell under the cursor
    origin = view.matrix_rect().topLeft()
    with qtbot.assertNotEmitted(view.pair_clicked):
        qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=point.toPoint())
        for step in range(1, 5):
            qtbot.mouseMove(view, (point + QtCore.QPointF(10 * step, 8 * step)).toPoint())
        qtbot.mouseRelease(
            view, Qt.MouseButton.LeftButton, pos=(point + QtCore.QPointF(40, 32)).toPoint()
        )
    assert view.matrix_rect().topLeft() == origin + QtCore.QPointF(40, 32)
    wheel(view, point, -10)
    assert view.is_fitted()


def test_labels_appear_when_the_cells_are_large_enough(qtbot) -> None:
    docs, pairs, copy = essays(300)
    view = heatmap(qtbot, docs, pairs)
    assert not view.is_labelled()
    i, j = docs.index(copy.a), docs.index(copy.b)
    view.zoom_by(12.0, QtCore.QPointF(view.cell_rect(i, j).center()))
    assert view.is_labelled()
    small = heatmap(qtbot, docs[:8], [p for p in pairs if {p.a, p.b} <= set(docs[:8])])
    assert small.is_labelled() and small.cell_size() >= 26


def test_hover_names_both_documents_and_click_opens_the_pair(qtbot) -> None:
    docs, pairs, copy = essays(2000)
    view = heatmap(qtbot, docs, pairs)
    i, j = docs.index(copy.a), docs.index(copy.b)
    center = view.cell_rect(i, j).center()
    assert view.cell_at(center + QtCore.QPoint(2, 1)) in ((i, j), (j, i))  # snaps to the dot
    qtbot.mouseMove(view, center)
    assert view.hovered_cell() == (i, j)
    tip = view.tooltip_text(i, j)
    assert "essay-" in tip
    assert f"{docs[i].rsplit('/', 1)[1]} found in {docs[j].rsplit('/', 1)[1]}: 100 %" in tip
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, center, view.mapToGlobal(center))
    QtWidgets.QApplication.sendEvent(view, event)
    assert QtWidgets.QToolTip.text() == tip
    with qtbot.waitSignal(view.pair_clicked) as clicked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=center)
    assert clicked.args == [docs[i], docs[j]]
    assert view.current_cell() == (i, j)
    with qtbot.waitSignal(view.pair_clicked) as clicked:
        qtbot.keyClick(view, Qt.Key.Key_Right)
        qtbot.keyClick(view, Qt.Key.Key_Left)
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert clicked.args == [docs[i], docs[j]]


def test_an_empty_heat_map(qtbot) -> None:
    view = heatmap(qtbot, [], [])
    assert view.documents() == () and view.cell_at(view.rect().center()) is None
    view.zoom_in()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    view.grab()
