"""Source words left out of a copied passage (a zero-width "delete" on the document's side)
are marked side by side where they were left out: the one character between the words they
fell between, with a tooltip quoting them (issue 34's loose end: ``align._uncovered`` placed
them at the fragment's start, and no view drew them)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from copylens.app.views import colors
from copylens.app.views.side_by_side import SideBySideView
from copylens.core import Options, TextInput, check
from tests.test_align import LEAVES_OUT_ESSAY, LEAVES_OUT_SOURCE, LEFT_OUT


def test_side_by_side_marks_left_out_words_between_the_words_they_fell_between(qtbot) -> None:
    essay, source = LEAVES_OUT_ESSAY, LEAVES_OUT_SOURCE
    inputs = [TextInput("essay.txt", essay)], [TextInput("source.txt", source)]
    fragments = check(*inputs, Options(stop_words=False)).documents[0].sources[0].fragments
    side = SideBySideView()
    qtbot.addWidget(side)
    side.show_pair("essay.txt", essay, "source.txt", source, fragments)
    at = essay.index(" As a result")  # the space after "water."
    [mark] = [s for s in side.left.spans_at(at) if s.kind == "edit"]
    assert (mark.start, mark.end) == (at, at + 1)
    assert mark.format.background().color() == colors.underline_color(0)
    tip = side.left.tooltip_at(at)
    assert "Words left out of the copy" in tip and "Local governments have debated" in tip
    # No other character of the passage is marked so.
    marked = [s for s in side.left._spans if s.kind == "edit"]
    assert marked == [mark]
    assert LEFT_OUT.split(".")[0] in source
