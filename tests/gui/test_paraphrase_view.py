"""Paraphrase fragments (issue 17) in the window: their own style in the document view and
side by side (a lighter tint and a wavy line, not colour alone), their tooltip and caption,
the legend, and the "Find rewrites" setting."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from copylens.app import settings
from copylens.app.qt import QtCore, QtGui, QtWidgets
from copylens.app.settings_dialog import SettingsDialog
from copylens.app.views import colors
from copylens.app.views.document_view import DocumentView
from copylens.app.views.text_view import HighlightTextView, Span
from copylens.core import specs
from tests.gui.conftest import GUARD_MS
from tests.test_paraphrase_report import COPIED, DOCUMENT, RETOLD, SOURCE, paraphrase_report

WAVE = QtGui.QTextCharFormat.UnderlineStyle.WaveUnderline


def shown_view(window) -> DocumentView:
    """The window's document view on the hand-made report (copied + retold sentence)."""
    page = window.check_page
    page.show_report(paraphrase_report())
    view = page.document_view
    QtCore.QCoreApplication.processEvents()
    assert view.result() is not None and view.result().path == "essay.txt"
    return view


def fragment_span(view: HighlightTextView, offset: int) -> Span:
    return next(s for s in view.spans_at(offset) if s.kind == "fragment")


def near(one: QtGui.QColor, two: QtGui.QColor, within: int = 40) -> bool:
    return (
        sum(abs(a - b) for a, b in zip(one.getRgb()[:3], two.getRgb()[:3], strict=True)) <= within
    )


def wave_pixels(view: HighlightTextView, start: int, end: int, color: QtGui.QColor) -> int:
    """Pixels near ``color`` in a band around the wave's line under ``start``..``end``."""
    image = view.viewport().grab().toImage()
    count = 0
    for left, right, y in view.wave_runs(start, end):
        for x in range(int(left), int(right)):
            for dy in range(-3, 4):
                if 0 <= int(y) + dy < image.height() and near(
                    image.pixelColor(x, int(y) + dy), color
                ):
                    count += 1
    return count


def test_document_view_draws_paraphrases_apart_from_copies(qtbot, window) -> None:
    view = shown_view(window)
    text_view = view.text_view
    copied = fragment_span(text_view, 1)
    retold = fragment_span(text_view, DOCUMENT.index(RETOLD) + 1)
    # Both are the source's fragments (counted, double-click to compare) …
    assert [(s, e) for s, e, _ in view.highlighted_ranges()] == [
        (0, len(COPIED)),
        (DOCUMENT.index(RETOLD), DOCUMENT.index(RETOLD) + len(RETOLD)),
    ]
    # … but the paraphrase has a wavy line and a lighter tint; the copy no line at all.
    assert copied.format.underlineStyle() == QtGui.QTextCharFormat.UnderlineStyle.NoUnderline
    assert retold.format.underlineStyle() == WAVE
    assert retold.format.underlineColor() == colors.underline_color(0)
    assert copied.format.background().color() == colors.source_color(0)
    assert retold.format.background().color() == colors.paraphrase_color(0)
    assert colors.paraphrase_color(0) != colors.edited_color(0)
    black = QtGui.QColor("#000000")
    assert colors.contrast_ratio(colors.paraphrase_color(0), black) >= 7
    # The wave is the view's own (Qt's is too small to tell from a dotted line): drawn under
    # the paraphrase's lines, not under the copy's.
    line = colors.underline_color(0)
    end = DOCUMENT.index(RETOLD) + len(RETOLD)
    assert view.text_view.wave_runs(DOCUMENT.index(RETOLD), end)
    qtbot.waitUntil(
        lambda: wave_pixels(text_view, DOCUMENT.index(RETOLD), end, line) > 40, timeout=GUARD_MS
    )
    assert wave_pixels(text_view, 0, len(COPIED), line) == 0  # a copy: no line there
    tip = text_view.tooltip_at(DOCUMENT.index(RETOLD) + 5)
    assert "Paraphrase of rivers.txt: meaning similarity 83 %" in tip
    assert "14 words, 3 the same as in the source" in tip
    assert "Paraphrase" not in text_view.tooltip_at(3)
    assert "paraphrase" in view.legend_label.text() and "<img" in view.legend_label.text()


def test_hiding_the_source_removes_the_wave(qtbot, window) -> None:
    view = shown_view(window)
    end = DOCUMENT.index(RETOLD) + len(RETOLD)
    line = colors.underline_color(0)
    qtbot.waitUntil(
        lambda: wave_pixels(view.text_view, DOCUMENT.index(RETOLD), end, line) > 40,
        timeout=GUARD_MS,
    )
    view.set_source_visible(0, False)
    view.text_view.viewport().repaint()
    assert wave_pixels(view.text_view, DOCUMENT.index(RETOLD), end, line) == 0


def test_side_by_side_shows_the_paraphrase_on_both_sides(qtbot, window) -> None:
    view = shown_view(window)
    view.open_side_by_side(0, 1)
    side = view.side_by_side
    assert side.current_fragment().kind == "paraphrase"
    caption = side.position_label.text()
    assert caption == "Fragment 2 of 2  ·  paraphrase, meaning similarity 83 %  ·  14 words"
    source_start = SOURCE.index("Over thousands")
    left = fragment_span(side.left, DOCUMENT.index(RETOLD) + 1)
    right = fragment_span(side.right, source_start + 1)
    for span in (left, right):  # the current one: the source's own colour, with the wave
        assert span.format.underlineStyle() == WAVE
        assert span.format.background().color() == colors.source_color(0)
    assert "Paraphrase of rivers.txt: meaning similarity 83 %" in side.left.tooltip_at(
        DOCUMENT.index(RETOLD) + 1
    )
    assert "Paraphrased in essay.txt: meaning similarity 83 %" in side.right.tooltip_at(
        source_start + 1
    )
    # The copied sentence, faded beside the current paraphrase, has no wave.
    assert fragment_span(side.left, 1).format.underlineStyle() != WAVE
    side.previous_fragment()
    assert side.position_label.text() == "Fragment 1 of 2  ·  6 words, 6 exact"
    faded = fragment_span(side.right, source_start + 1)
    assert faded.format.underlineStyle() == WAVE
    assert faded.format.background().color() == colors.faded_paraphrase_color(0)


def test_find_rewrites_is_a_matching_checkbox(qtbot) -> None:
    dialog = SettingsDialog(settings.defaults())
    qtbot.addWidget(dialog)
    box = dialog.editors["paraphrase"]
    assert isinstance(box, QtWidgets.QCheckBox) and box.isChecked()
    assert box.text() == specs()["paraphrase"].label == "Find rewrites"
    assert box.toolTip() == specs()["paraphrase"].help
    group = box.parentWidget()
    assert isinstance(group, QtWidgets.QGroupBox) and group.title() == "Matching"
    box.setChecked(False)
    values = dialog.values()
    assert values["paraphrase"] is False
    assert settings.to_options(values).paraphrase is False


def test_a_summary_is_named_by_its_kind_without_a_meaning_similarity(qtbot, window) -> None:
    """A summary (tinted like a paraphrase, no score worth showing): the legend names it,
    side by side its caption and tooltips say "summarised from", never a meaning similarity."""
    from tests.test_summary_report import SUMMED, summary_report

    page = window.check_page
    page.show_report(summary_report())
    view = page.document_view
    QtCore.QCoreApplication.processEvents()
    assert "summarised from" in view.legend_html()
    view.open_side_by_side(0, 0)
    side = view.side_by_side
    assert side.position_label.text() == "Fragment 1 of 1  ·  summarised from  ·  20 words"
    left = side.left.tooltip_at(len(SUMMED) - 2)
    assert "Summarised from: rivers.txt" in left and "meaning" not in left
    right = side.right.tooltip_at(1)
    assert "Retold in essay.txt" in right and "meaning" not in right
