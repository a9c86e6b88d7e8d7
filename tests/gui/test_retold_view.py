"""A copied passage with a sentence retold inside it (issue 34: one "copy" fragment, the
retold sentence an ``Edit("retold", …)``) in the window: one highlight in the document view
with the retold sentence in the paraphrase's look inside it, the same side by side on both
sides, its tooltip and the caption."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from copylens.app.qt import QtCore, QtGui
from copylens.app.views import colors
from copylens.app.views.document_view import DocumentView
from copylens.app.views.text_view import HighlightTextView, Span
from tests.gui.conftest import GUARD_MS
from tests.gui.test_paraphrase_view import wave_pixels
from tests.test_retold_report import (
    DOCUMENT,
    PASSAGE_END,
    RETOLD,
    SOURCE,
    SOURCE_RETOLD,
    retold_report,
)

WAVE = QtGui.QTextCharFormat.UnderlineStyle.WaveUnderline
START = DOCUMENT.index(RETOLD)
END = START + len(RETOLD)
SOURCE_START = SOURCE.index(SOURCE_RETOLD)
SOURCE_END = SOURCE_START + len(SOURCE_RETOLD)


def shown_view(window) -> DocumentView:
    page = window.check_page
    page.show_report(retold_report())
    view = page.document_view
    QtCore.QCoreApplication.processEvents()
    assert view.result() is not None and view.result().path == "essay.txt"
    return view


def span_of(view: HighlightTextView, kind: str, offset: int) -> Span:
    return next(s for s in view.spans_at(offset) if s.kind == kind)


def test_document_view_shows_one_passage_with_the_retold_sentence_tinted(qtbot, window) -> None:
    view = shown_view(window)
    text_view = view.text_view
    # One passage, one highlight, exactly its characters.
    assert [(s, e) for s, e, _ in view.highlighted_ranges()] == [(0, PASSAGE_END)]
    retold = span_of(text_view, "edit", START)
    assert (retold.start, retold.end) == (START, END)
    # The retold sentence: a paraphrase's tint and wavy line inside the copy's fill.
    assert retold.format.background().color() == colors.paraphrase_color(0)
    assert retold.format.underlineStyle() == WAVE
    assert retold.format.underlineColor() == colors.underline_color(0)
    top = text_view.spans_at(START + 3)[0]
    assert top is retold  # painted over the passage's fill
    assert text_view.spans_at(3)[0].format.background().color() == colors.source_color(0)
    assert text_view.spans_at(END + 3)[0].format.background().color() == colors.source_color(0)
    assert [s for s in text_view.spans_at(3) if s.kind == "edit"] == []
    # The wave is drawn under the retold sentence only.
    line = colors.underline_color(0)
    qtbot.waitUntil(lambda: wave_pixels(text_view, START, END, line) > 40, timeout=GUARD_MS)
    assert wave_pixels(text_view, 0, START - 1, line) == 0
    tip = text_view.tooltip_at(START + 5)
    assert "Sentence retold in other words; the source has “Over thousands of years" in tip
    assert "Sentences retold in other words: 1" in tip  # the passage's own tooltip counts it
    assert "Sentence retold" not in text_view.tooltip_at(3)
    assert "paraphrase" in view.legend_label.text()  # the legend explains the look


def test_side_by_side_tints_the_retold_sentence_on_both_sides(qtbot, window) -> None:
    view = shown_view(window)
    view.open_side_by_side(0, 0)
    side = view.side_by_side
    assert side.position_label.text() == (
        "Fragment 1 of 1  ·  40 words, 24 exact  ·  1 sentence retold in other words"
    )
    left = span_of(side.left, "edit", START)
    right = span_of(side.right, "edit", SOURCE_START)
    assert (left.start, left.end) == (START, END)
    assert (right.start, right.end) == (SOURCE_START, SOURCE_END)
    for span in (left, right):  # the current passage: the paraphrase tint, with the wave
        assert span.format.underlineStyle() == WAVE
        assert span.format.background().color() == colors.paraphrase_color(0)
    copied = span_of(side.left, "fragment", 3)
    assert copied.format.background().color() == colors.strong_color(0)
    assert copied.format.underlineStyle() != WAVE
    assert "the document has “Over many centuries" in side.right.tooltip_at(SOURCE_START + 2)
    line = colors.underline_color(0)
    qtbot.waitUntil(
        lambda: wave_pixels(side.right, SOURCE_START, SOURCE_END, line) > 40, timeout=GUARD_MS
    )


def test_russian_caption_counts_retold_sentences_in_plural(qtbot, qapp) -> None:
    """Two retold sentences: the caption in Russian takes the plural form for 2."""
    from copylens.app import i18n
    from copylens.app.views.side_by_side import SideBySideView
    from copylens.core import CheckReport
    from tests.test_retold_report import report_data

    data = report_data()
    fragment = data["documents"][0]["sources"][0]["fragments"][0]
    edit = fragment["edits"][0]
    fragment["edits"] = [edit | {"start": 0, "end": 10, "source_start": 0, "source_end": 10}, edit]
    fragments = CheckReport.from_json(data).documents[0].sources[0].fragments
    try:
        assert i18n.install_translator(qapp, "ru") == "ru"
        side = SideBySideView()
        qtbot.addWidget(side)
        side.show_pair("essay.txt", DOCUMENT, "rivers.txt", SOURCE, fragments, current=fragments[0])
        assert side.position_label.text() == (
            "Фрагмент 1 из 1  ·  слов: 40, дословно: 24  ·  "
            "2 предложения пересказаны своими словами"
        )
    finally:
        i18n.install_translator(qapp, "en")


def test_pdf_layout_tints_the_retold_sentence_inside_the_passage(qapp) -> None:
    """What Qt lays out for the PDF and paper: the retold sentence has the paraphrase's fill
    and a wavy underline, the passage around it the source's colour."""
    from copylens.app import export, printing
    from copylens.app.palette import PALETTE

    document = printing.text_document(printing.report_html(retold_report(), for_paper=True))
    body = document.toPlainText()
    retold_at = body.index(RETOLD[:40])
    copied_at = body.index(DOCUMENT[:30])

    def char_format(at: int) -> QtGui.QTextCharFormat:
        cursor = QtGui.QTextCursor(document)
        cursor.setPosition(at + 1)
        return cursor.charFormat()

    retold, copied = char_format(retold_at + 5), char_format(copied_at + 5)
    assert retold.background().color().name().upper() == export._paraphrase_fill(0).upper()
    assert retold.underlineStyle() == WAVE
    assert copied.background().color().name().upper() == PALETTE[0].upper()
    assert copied.underlineStyle() != WAVE


RETELLING = (
    "Growers across that area rely on periodic inundations restoring their plots.",
    "Without them the soil would soon lose what makes it so good for crops.",
    "Walls of earth were later raised beside the biggest stream to guard the settlements.",
    "Those walls kept the fresh mud away from the swamps lying behind.",
    "So the swamps sank lower while the shore moved back year after year.",
)
CAPTIONS = {
    "en": {
        1: "1 sentence retold in other words",
        2: "2 sentences retold in other words",
        5: "5 sentences retold in other words",
    },
    "ru": {
        1: "1 предложение пересказано своими словами",
        2: "2 предложения пересказаны своими словами",
        5: "5 предложений пересказано своими словами",
    },
}


@pytest.mark.parametrize("n", [1, 2, 5])
def test_the_caption_counts_the_sentences_of_a_retelling_the_engine_grouped(qtbot, qapp, n) -> None:
    """A copied sentence, then a paraphrase of ``n`` sentences (one run, as the paraphrase
    stage reports it) grouped by the engine's passage grouping: the caption counts ``n``
    sentences in English and in Russian (plural forms for 1, 2 and 5). Before: one retold
    edit, "1 sentence retold" whatever ``n``."""
    import numpy as np

    from copylens.app import i18n
    from copylens.app.views.side_by_side import SideBySideView
    from copylens.core import Options, passages
    from copylens.core.extract import Extracted
    from copylens.core.prepare import prepare_text
    from copylens.core.report import Fragment
    from copylens.core.signal import Finding

    first = SOURCE[: SOURCE.index(" Over")]
    essay = " ".join((first, *RETELLING[:n]))
    a = prepare_text(Extracted("essay.txt", essay, "txt"), Options())
    b = prepare_text(Extracted("rivers.txt", SOURCE, "txt"), Options())
    at = len(first) + 1
    copy = Fragment(0, len(first), 0, len(first), 8, 8)
    retold = Fragment(at, len(essay), at, len(SOURCE), 30, 0, kind="paraphrase", score=0.6)
    found = Finding(
        np.ones(len(a.canonical), dtype=bool), np.ones(len(b.canonical), dtype=bool), (copy, retold)
    )
    (passage,) = passages.PASSAGE_GROUPING.assembled(a, b, found, Options()).fragments
    try:
        for language, captions in CAPTIONS.items():
            assert i18n.install_translator(qapp, language) == language
            side = SideBySideView()
            qtbot.addWidget(side)
            side.show_pair("essay.txt", essay, "rivers.txt", SOURCE, [passage])
            assert side.position_label.text().endswith("  ·  " + captions[n])
    finally:
        i18n.install_translator(qapp, "en")


def test_the_caption_counts_a_sentence_with_a_copied_middle_once(qtbot, qapp) -> None:
    """Issue 34: a retold sentence whose middle words are copied is two retold pieces, the
    second ``continued``: the caption and the tooltip say 1 sentence. Before: 2."""
    from copylens.app.views.side_by_side import SideBySideView, _fragment_tip
    from copylens.core import CheckReport
    from tests.test_retold_report import split_report_data

    fragments = CheckReport.from_json(split_report_data()).documents[0].sources[0].fragments
    side = SideBySideView()
    qtbot.addWidget(side)
    side.show_pair("essay.txt", DOCUMENT, "rivers.txt", SOURCE, fragments, current=fragments[0])
    assert side.position_label.text() == (
        "Fragment 1 of 1  ·  40 words, 24 exact  ·  1 sentence retold in other words"
    )
    assert "Sentences retold in other words: 1" in _fragment_tip(fragments[0], "rivers.txt")
