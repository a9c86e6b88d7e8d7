"""The result views (app/views) on real engine reports: highlights at the engine's offsets,
look-alike letters, numeric sorting, side by side navigation, heat map and pair filter."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from copylens.app import palette, presentation
from copylens.app.palette import UNIQUENESS_LEVELS
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.views import (
    CompareView,
    DocumentView,
    HighlightTextView,
    OffsetMap,
    colors,
    qt_position,
)
from copylens.app.views.heatmap import HeatMap
from copylens.app.views.sources_table import SORT_ROLE, SourcesModel
from copylens.core.documents import TextInput
from copylens.core.engine import check, compare
from copylens.core.options import Options
from copylens.core.report import CheckReport, CompareReport, DocumentResult
from tests.gui.conftest import GUARD_MS

SIZE = (1100, 700)

# --- texts ------------------------------------------------------------------------------

RU_HISTORY = (
    "Первые вычислительные машины занимали целые комнаты и потребляли огромное количество "
    "электроэнергии. Программы для них писали в машинных кодах, а ввод данных выполнялся с "
    "помощью перфокарт. Появление транзисторов позволило уменьшить размеры компьютеров и "
    "сделать их гораздо надёжнее."
)
RU_NETWORK = (
    "Глобальная сеть выросла из небольшого военного проекта, соединявшего несколько "
    "университетов. Протоколы передачи данных разрабатывались открыто, и любой желающий мог "
    "предложить улучшения. Благодаря этому сеть быстро распространилась по всему миру."
)
RU_NETWORK_EDITED = (  # the same with other word forms: an edited copy
    "Глобальные сети выросли из небольших военных проектов, соединявших несколько "
    "университетов. Протокол передачи данных разрабатывался открыто, и любые желающие могли "
    "предлагать улучшение. Благодаря этому сети быстро распространились по всему миру."
)
RU_SECURITY = (
    "Информационная безопасность требует постоянного внимания со стороны администраторов. "
    "Злоумышленники ищут уязвимости в программах и пользуются невнимательностью сотрудников. "
    "Регулярное обновление систем и обучение персонала остаются действенными способами защиты."
)
RU_DOCUMENT = (
    # An emoji and a mathematical 𝔸 (both outside the BMP) and CRLF line breaks come before
    # every copied passage, so every offset must go through UTF-16 and "\r\n" right.
    "Вступление 😀 к работе о 𝔸лгебре и вычислительной технике.\r\n"
    "Эту строку автор написал сам, без чужой помощи.\r\n\r\n"
    + RU_HISTORY
    + "\r\n\r\nДалее речь пойдёт о сетях.\r\n"
    + RU_NETWORK_EDITED
    + "\r\n\r\n"
    + RU_SECURITY.replace("о", "o", 4).replace("а", "a", 3)  # Latin look-alikes
    + "\r\n\r\nВ заключение 𝔸втор благодарит читателей 🙂 за внимание."
)

EN_PART_A = (
    "Plagiarism detection compares a suspicious document with a collection of sources and "
    "reports the passages they share. Modern systems canonicalize the text, cut it into "
    "overlapping shingles and estimate resemblance with minimum hashing."
)
EN_PART_B = (
    "Containment tells how much of one document is found inside another one, which matters "
    "when a short excerpt was taken from a long article written by somebody else."
)
EN_PART_C = (
    "Teachers usually read the flagged passages themselves before they decide whether a "
    "student copied the work or simply quoted a common definition without marking it."
)
EN_OWN = (
    "My own opinion is different: the tools are useful, but the final word belongs to people "
    "who know the subject, the course and the student. Software cannot judge intent, it can "
    "only point at shared words. A careful reader checks the context, the references and the "
    "style of the whole essay, then talks to the author. Only after that conversation does a "
    "fair decision become possible, and even then mistakes happen now and then."
)
EN_DOCUMENT = f"{EN_PART_A} {EN_PART_B} {EN_OWN} {EN_PART_C}"

_WORDS = (
    "amber basket cinder dolphin ember falcon garnet harbor island jasmine kettle lantern "
    "meadow nectar orchard pebble quartz raven saddle timber umbrella velvet walnut "
    "yarrow zephyr anchor beacon canyon dune estuary fjord glacier heather iris juniper "
    "kelp lagoon marble nutmeg oyster prairie quill reef sorrel tundra valley willow "
    "almond bramble cobalt delta fennel grotto hazel ivory jade knoll lichen mango nimbus "
    "opal plover quince ridge spruce thistle upland violet wren yucca birch clover dahlia "
    "elm fern gorse holly ivy kale lilac maple nettle oak poplar rowan sage tansy"
)
VOCABULARY = _WORDS.split()


def filler(seed: int, sentences: int) -> str:
    """Unique nonsense prose (shares no four words in a row with another seed's)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(sentences):
        words = [rnd.choice(VOCABULARY) for _ in range(12)]
        out.append(" ".join(words).capitalize() + ".")
    return " ".join(out)


LONG_PASSAGES = (
    EN_PART_A,
    EN_PART_B.replace("found inside", "contained inside"),
    EN_PART_C,
)
LONG_SOURCE = "\n\n".join(
    [filler(1, 14), EN_PART_A, filler(2, 14), EN_PART_B, filler(3, 14), EN_PART_C, filler(4, 8)]
)
LONG_DOCUMENT = "\n\n".join(
    [
        filler(11, 16),
        LONG_PASSAGES[0],
        filler(12, 16),
        LONG_PASSAGES[1],
        filler(13, 16),
        LONG_PASSAGES[2],
        filler(14, 10),
    ]
)

EN = Options(language="en")


# --- fixtures ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ru_report() -> CheckReport:
    return check(
        [TextInput("работа.txt", RU_DOCUMENT)],
        [
            TextInput("sources/history.txt", RU_HISTORY),
            TextInput("sources/network.txt", RU_NETWORK),
            TextInput("sources/security.txt", RU_SECURITY),
        ],
    )


@pytest.fixture(scope="module")
def en_report() -> CheckReport:
    """Containment of about 100 %, 30 %, 20 % and 15 %: "100 %" < "15 %" < "20 %" < "30 %"
    as strings, so only a numeric sort gets the order right."""
    return check(
        [TextInput("essay.txt", EN_DOCUMENT)],
        [
            TextInput("part_c.txt", EN_PART_C),
            TextInput("part_a.txt", EN_PART_A),
            TextInput("whole.txt", EN_DOCUMENT),
            TextInput("part_b.txt", EN_PART_B),
        ],
        EN,
    )


@pytest.fixture(scope="module")
def long_report() -> CheckReport:
    return check([TextInput("long.txt", LONG_DOCUMENT)], [TextInput("src.txt", LONG_SOURCE)], EN)


@pytest.fixture(scope="module")
def compare_report() -> CompareReport:
    docs = [
        TextInput("a.txt", EN_PART_A + " " + EN_PART_B + " " + EN_OWN),
        TextInput("b.txt", filler(21, 6) + " " + EN_PART_A + " " + filler(22, 3)),
        TextInput("c.txt", RU_HISTORY + " " + RU_NETWORK),
        TextInput("d.txt", RU_NETWORK_EDITED + " Это мой собственный вывод о сетях и людях."),
    ]
    return compare(docs)


def shown(qtbot, widget: QtWidgets.QWidget) -> QtWidgets.QWidget:
    qtbot.addWidget(widget)
    widget.resize(*SIZE)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    widget.raise_()
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activeWindow() is widget, timeout=GUARD_MS)
    return widget


def document_view(qtbot, report: CheckReport) -> tuple[DocumentView, DocumentResult]:
    [result] = report.documents
    view = DocumentView()
    view.show_result(result, report.texts[result.path], report.texts)
    shown(qtbot, view)
    return view, result


def engine_ranges(result: DocumentResult) -> list[tuple[int, int, str]]:
    return [(f.start, f.end, s.path) for s in result.sources for f in s.fragments]


def normalised(text: str) -> str:
    return text.replace("\r\n", "\n")


# --- offsets ----------------------------------------------------------------------------


def test_qt_position_counts_astral_characters_twice_and_crlf_once() -> None:
    text = "a😀b\r\nc𝔸d"
    assert [qt_position(text, i) for i in range(len(text) + 1)] == [0, 1, 3, 4, 4, 5, 6, 8, 9]
    assert qt_position("plain", 3) == 3
    offsets = OffsetMap(text)
    for i in range(len(text) + 1):
        if text[i - 1 : i] != "\r":  # the offset between "\r" and "\n" has no position
            assert offsets.to_python(offsets.to_qt(i)) == i


def test_offsets_select_the_same_text_in_a_real_document(qtbot) -> None:
    view = HighlightTextView()
    qtbot.addWidget(view)
    view.set_text(RU_DOCUMENT)
    assert view.document().characterCount() - 1 == OffsetMap(RU_DOCUMENT).qt_length
    start = RU_DOCUMENT.index("Протокол")
    end = RU_DOCUMENT.index("улучшение") + len("улучшение")
    assert RU_DOCUMENT[:start].count("\r\n") >= 3 and "😀" in RU_DOCUMENT[:start]
    cursor = QtGui.QTextCursor(view.document())
    cursor.setPosition(qt_position(RU_DOCUMENT, start))
    cursor.setPosition(qt_position(RU_DOCUMENT, end), QtGui.QTextCursor.MoveMode.KeepAnchor)
    assert cursor.selectedText().replace("\u2029", "\n") == normalised(RU_DOCUMENT[start:end])


# --- document view ----------------------------------------------------------------------


def test_highlighted_ranges_equal_the_engines_fragments(qtbot, ru_report) -> None:
    view, result = document_view(qtbot, ru_report)
    assert [s.path for s in result.sources] and len(result.sources) == 3
    first = min(f.start for s in result.sources for f in s.fragments)
    assert "😀" in RU_DOCUMENT[:first] and "\r\n" in RU_DOCUMENT[:first]
    assert sorted(view.highlighted_ranges()) == sorted(engine_ranges(result))
    # What the widget selects in Qt positions is the fragment's text, character for character.
    expected = {
        normalised(RU_DOCUMENT[f.start : f.end]) for s in result.sources for f in s.fragments
    }
    selected = {
        sel.cursor.selectedText().replace("\u2029", "\n")
        for sel in view.text_view.extraSelections()
    }
    assert expected <= selected


def test_hiding_a_source_removes_its_highlights(qtbot, ru_report) -> None:
    view, result = document_view(qtbot, ru_report)
    hidden = result.sources[1].path
    model = view.sources_model
    check_index = model.index(1, SourcesModel.SHOW)
    with qtbot.waitSignal(view.source_toggled) as toggled:
        assert model.setData(check_index, Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)
    assert toggled.args == [hidden, False]
    remaining = [r for r in engine_ranges(result) if r[2] != hidden]
    assert sorted(view.highlighted_ranges()) == sorted(remaining)
    assert all(path != hidden for *_, path in view.highlighted_ranges())
    # Space on the row in the table shows it again.
    table = view.sources_table
    proxy_row = view.sources_proxy.mapFromSource(model.index(1, 1)).row()
    table.setFocus()
    table.setCurrentIndex(view.sources_proxy.index(proxy_row, 1))
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert model.is_shown(1)
    assert sorted(view.highlighted_ranges()) == sorted(engine_ranges(result))


def test_edited_words_are_drawn_differently_from_exact_copies(qtbot, ru_report) -> None:
    view, result = document_view(qtbot, ru_report)
    edited = next(s for s in result.sources if s.path == "sources/network.txt")
    assert any(e.kind == "form" for f in edited.fragments for e in f.edits)
    spans = view.text_view.spans()
    edits = [s for s in spans if s.kind == "edit"]
    fragments = [s for s in spans if s.kind == "fragment"]
    assert edits and fragments
    row = result.sources.index(edited)
    edit_span = next(s for s in edits if s.key[1] == row)
    frag_span = next(s for s in fragments if s.key[1] == row)
    assert edit_span.format.background().color() != frag_span.format.background().color()
    assert edit_span.format.underlineStyle() == QtGui.QTextCharFormat.UnderlineStyle.DotLine
    expected_edits = sorted(
        (e.start, e.end) for f in edited.fragments for e in f.edits if e.end > e.start
    )
    shown_edits = sorted(
        (start, end)
        for start, end, key, kind in view.text_view.selection_ranges()
        if kind == "edit" and key[1] == row
    )
    assert shown_edits == expected_edits


def test_lookalike_letters_are_marked_with_an_explanation(qtbot, ru_report) -> None:
    view, result = document_view(qtbot, ru_report)
    assert result.homoglyphs == 7
    assert view.lookalike_offsets() == list(result.homoglyph_offsets)
    assert all(RU_DOCUMENT[o] in "oa" for o in view.lookalike_offsets())
    assert view.lookalike_label.isVisible()
    assert "7 look-alike letters" in view.lookalike_label.text()
    tip = view.text_view.tooltip_at(result.homoglyph_offsets[0])
    assert "Latin letter" in tip and "Cyrillic word" in tip
    # The mark is a document format: red, bold, wavy underline.
    cursor = QtGui.QTextCursor(view.text_view.document())
    cursor.setPosition(qt_position(RU_DOCUMENT, result.homoglyph_offsets[0]) + 1)
    fmt = cursor.charFormat()
    assert fmt.foreground().color() == colors.LOOKALIKE_COLOR
    assert fmt.underlineStyle() == QtGui.QTextCharFormat.UnderlineStyle.WaveUnderline


def test_header_shows_uniqueness_in_its_colour_language_and_words(qtbot, ru_report) -> None:
    view, result = document_view(qtbot, ru_report)
    assert view.uniqueness_label.text() == presentation.percent(result.uniqueness)
    assert colors.uniqueness_color(result.uniqueness).name() in view.uniqueness_label.styleSheet()
    assert "Russian" in view.facts_label.text()
    assert f"{result.words} words" in view.facts_label.text()
    red, amber, green = (QtGui.QColor(hex_) for _, hex_ in UNIQUENESS_LEVELS)
    assert colors.uniqueness_color(0.49) == red
    assert colors.uniqueness_color(0.5) == amber
    assert colors.uniqueness_color(0.79) == amber
    assert colors.uniqueness_color(0.8) == green


@pytest.fixture(scope="module")
def cited_report() -> CheckReport:
    """A document quoting one source in «…» and copying another one outright."""
    document = (
        "Вступление автора к работе.\n\nКак пишут историки, «"
        + RU_HISTORY.rstrip(".")
        + "».\n\n"
        + RU_SECURITY
        + "\n\nВ заключение автор благодарит читателей за внимание."
    )
    report = check(
        [TextInput("работа.txt", document)],
        [
            TextInput("sources/history.txt", RU_HISTORY),
            TextInput("sources/security.txt", RU_SECURITY),
        ],
    )
    doc = report.documents[0]
    assert doc.cited > 0.2 and doc.borrowed > 0.2
    return report


def test_header_shows_the_three_shares(qtbot, cited_report) -> None:
    view, result = document_view(qtbot, cited_report)
    assert view.uniqueness_label.text() == presentation.percent(result.uniqueness)
    shares = view.shares_label.text()
    assert f"borrowed {presentation.percent(result.borrowed)}" in shares
    assert f"cited {presentation.percent(result.cited)}" in shares
    assert view.shares_label.isVisible()
    model = view.sources_model
    heading = model.headerData(SourcesModel.CITED, Qt.Orientation.Horizontal)
    assert heading == "Cited"
    row = next(r for r, s in enumerate(result.sources) if s.path == "sources/history.txt")
    cell = model.data(model.index(row, SourcesModel.CITED))
    assert cell == presentation.percent(result.sources[row].cited)
    assert model.data(model.index(row, SourcesModel.CITED), SORT_ROLE) == result.sources[row].cited


def test_cited_fragments_get_their_own_style(qtbot, cited_report) -> None:
    view, result = document_view(qtbot, cited_report)
    cited_row = next(r for r, s in enumerate(result.sources) if s.path == "sources/history.txt")
    copied_row = 1 - cited_row
    assert all(f.cited for f in result.sources[cited_row].fragments)
    assert not any(f.cited for f in result.sources[copied_row].fragments)
    spans = [s for s in view.text_view.spans() if s.kind == "fragment"]
    cited = next(s for s in spans if s.key[1] == cited_row)
    copied = next(s for s in spans if s.key[1] == copied_row)
    assert cited.format.background().color() == colors.CITED_COLOR
    assert cited.format.fontItalic() and not copied.format.fontItalic()
    assert copied.format.background().color() == colors.source_color(copied_row)
    assert "Cited" in view.text_view.tooltip_at(cited.start + 1)
    document = view.text_view.document()
    at = QtGui.QTextCursor(document)
    offsets = view.text_view.offsets
    at.setPosition(offsets.to_qt(cited.start + 1))
    assert at.charFormat().fontItalic()  # the document's own format: selections can't
    at.setPosition(offsets.to_qt(copied.start + 1))
    assert not at.charFormat().fontItalic()
    view.set_source_visible(cited_row, False)
    at.setPosition(offsets.to_qt(cited.start + 1))
    assert not at.charFormat().fontItalic()
    view.set_source_visible(cited_row, True)
    assert "cited" in view.legend_label.text()
    black = QtGui.QColor("#000000")
    assert colors.contrast_ratio(colors.CITED_COLOR, black) >= 10
    assert colors.contrast_ratio(colors.CITED_STRONG_COLOR, black) >= 7
    assert colors.CITED_COLOR not in [colors.source_color(i) for i in range(10)]
    assert colors.CITED_COLOR not in [colors.edited_color(i) for i in range(10)]
    # Side by side: the label says so, the current cited fragment stays italic.
    view.open_side_by_side(cited_row, 0)
    assert view.side_by_side.position_label.text().endswith("cited")
    current = [s for s in view.side_by_side.left.spans() if s.kind == "fragment"][-1]
    assert current.format.fontItalic()
    assert current.format.background().color() == colors.CITED_STRONG_COLOR
    view.close_side_by_side()
    view.open_side_by_side(copied_row, 0)
    assert "cited" not in view.side_by_side.position_label.text()


def _column(view: DocumentView, column: int) -> list[float]:
    proxy = view.sources_proxy
    return [proxy.index(r, column).data(SORT_ROLE) for r in range(proxy.rowCount())]


def _click_header(qtbot, table: QtWidgets.QTableView, column: int) -> None:
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QtCore.QPoint(x, header.height() // 2)
    )


def test_sources_table_sorts_numerically_by_clicked_header(qtbot, en_report) -> None:
    view, result = document_view(qtbot, en_report)
    assert len(result.sources) == 4
    values = sorted(s.containment for s in result.sources)
    texts = [presentation.percent(v) for v in values]
    assert sorted(texts) != texts  # a string sort would get this wrong
    table = view.sources_table
    column = SourcesModel.CONTAINMENT
    assert _column(view, column) == values[::-1]  # starts sorted by containment, descending
    _click_header(qtbot, table, column)
    assert table.horizontalHeader().sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
    assert _column(view, column) == values
    shown_texts = [view.sources_proxy.index(r, column).data() for r in range(4)]
    assert shown_texts == texts
    _click_header(qtbot, table, column)
    assert _column(view, column) == values[::-1]
    _click_header(qtbot, table, SourcesModel.MATCHED)
    matched = _column(view, SourcesModel.MATCHED)
    assert matched in (sorted(matched), sorted(matched, reverse=True))
    # Highlights follow the source, not the row it is sorted to.
    assert sorted(view.highlighted_ranges()) == sorted(engine_ranges(result))


def test_enter_on_a_source_row_opens_side_by_side_at_its_first_fragment(qtbot, en_report) -> None:
    view, result = document_view(qtbot, en_report)
    table = view.sources_table
    proxy = view.sources_proxy
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 1).data() == "part_b.txt")
    table.setFocus()
    table.setCurrentIndex(proxy.index(row, 1))
    with qtbot.waitSignal(view.side_by_side_opened) as opened:
        qtbot.keyClick(table, Qt.Key.Key_Return)
    assert opened.args == ["part_b.txt", 0]
    assert view.is_side_by_side() and view.current_fragment_index() == 0
    [fragment] = next(s for s in result.sources if s.path == "part_b.txt").fragments
    assert view.side_by_side_cursor_offsets() == (fragment.start, fragment.source_start)
    assert view.side_by_side.right.original_text() == EN_PART_B
    with qtbot.waitSignal(view.side_by_side_closed):
        qtbot.keyClick(view.side_by_side.left, Qt.Key.Key_Escape)
    assert not view.is_side_by_side()


def _visible(view: HighlightTextView, offset: int) -> bool:
    """The character at ``offset`` is drawn inside the viewport (independent check)."""
    cursor = QtGui.QTextCursor(view.document())
    cursor.setPosition(view.offsets.to_qt(offset))
    rect = view.cursorRect(cursor)
    return view.viewport().rect().contains(rect.center())


def _assert_at(view: DocumentView, fragment) -> None:
    sbs = view.side_by_side
    assert sbs.cursor_offsets() == (fragment.start, fragment.source_start)
    assert _visible(sbs.left, fragment.start)
    assert _visible(sbs.right, fragment.source_start)
    # The current fragment is painted in the strong tint on both sides.
    current = sbs.current_fragment_index()
    for side in (sbs.left, sbs.right):
        strong = [
            s for s in side.spans() if s.kind == "fragment" and s.key == ("fragment", current)
        ]
        assert strong[0].format.background().color() == colors.strong_color(0)


def test_side_by_side_scrolls_both_sides_and_f3_steps_through_fragments(qtbot, long_report) -> None:
    view, result = document_view(qtbot, long_report)
    [source] = result.sources
    fragments = source.fragments
    assert len(fragments) == 3
    assert [f.start for f in fragments] == sorted(f.start for f in fragments)
    text_view = view.text_view
    # Both texts are taller than the viewport, so positioning matters.
    assert text_view.verticalScrollBar().maximum() > 0

    # Double-click the middle of the second fragment in the document's text.
    second = fragments[1]
    middle = (second.start + second.end) // 2
    text_view.go_to(middle)
    cursor = QtGui.QTextCursor(text_view.document())
    cursor.setPosition(text_view.offsets.to_qt(middle))
    point = text_view.cursorRect(cursor).center() + QtCore.QPoint(2, 0)
    with qtbot.waitSignal(view.side_by_side_opened) as opened:
        qtbot.mouseDClick(text_view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert opened.args == ["src.txt", 1]
    sbs = view.side_by_side
    assert sbs.right.verticalScrollBar().maximum() > 0
    assert sbs.left.verticalScrollBar().maximum() > 0
    assert view.current_fragment_index() == 1
    _assert_at(view, second)

    focus = sbs.left
    focus.setFocus()
    qtbot.keyClick(focus, Qt.Key.Key_F3)
    assert view.current_fragment_index() == 2
    _assert_at(view, fragments[2])
    qtbot.keyClick(focus, Qt.Key.Key_F3)  # wraps around to the first
    assert view.current_fragment_index() == 0
    _assert_at(view, fragments[0])
    qtbot.keyClick(focus, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)  # back to the last
    assert view.current_fragment_index() == 2
    _assert_at(view, fragments[2])
    qtbot.keyClick(sbs.right, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert view.current_fragment_index() == 1
    _assert_at(view, fragments[1])
    assert "Fragment 2 of 3" in sbs.position_label.text()


def test_first_side_by_side_keeps_the_fragment_in_place_once_laid_out(qtbot) -> None:
    """The page was never shown before: its views get their final width, and rewrap the
    texts, only after the first scroll. The fragment must still start in the upper part of
    the view afterwards (where ``go_to`` puts it), on both sides."""
    window = QtWidgets.QMainWindow()
    splitter = QtWidgets.QSplitter()
    splitter.addWidget(QtWidgets.QTreeWidget())
    view = DocumentView()
    splitter.addWidget(view)
    splitter.setSizes([300, 900])
    window.setCentralWidget(splitter)
    shown(qtbot, window)
    report = check([TextInput("long.txt", LONG_DOCUMENT)], [TextInput("src.txt", LONG_SOURCE)], EN)
    [result] = report.documents
    view.show_result(result, report.texts[result.path], report.texts)
    qtbot.wait(10)
    [source] = result.sources
    fragment = source.fragments[1]  # the last one may lie too low to scroll up
    view.open_side_by_side(0, 1)
    qtbot.wait(50)
    _assert_at(view, fragment)
    for side, offset in (
        (view.side_by_side.left, fragment.start),
        (view.side_by_side.right, fragment.source_start),
    ):
        cursor = QtGui.QTextCursor(side.document())
        cursor.setPosition(side.offsets.to_qt(offset))
        top = side.cursorRect(cursor).top()
        assert 0 <= top <= side.viewport().height() // 3, (top, side.viewport().height())


def test_long_names_do_not_widen_side_by_side(qtbot, long_report) -> None:
    view, _result = document_view(qtbot, long_report)
    sbs = view.side_by_side
    view.stack.setCurrentWidget(sbs)
    sbs.show_pair("a.txt", "Some text.", "b.txt", "Some text.", [])
    qtbot.wait(10)
    narrow = sbs.minimumSizeHint().width()
    name = "/".join(["a_rather_long_folder_name"] * 8) + "/essay.txt"
    sbs.show_pair(name, "Some text.", name, "Some text.", [])
    qtbot.wait(10)
    assert sbs.minimumSizeHint().width() == narrow
    assert sbs.title.text() == f"{name}  ↔  {name}"  # in full, for tests and tooltips
    shown_text = QtWidgets.QLabel.text(sbs.title)
    assert "…" in shown_text and len(shown_text) < len(sbs.title.text())  # elided mid-path
    assert sbs.title.fontMetrics().horizontalAdvance(shown_text) <= sbs.title.width()


def test_sources_table_is_as_tall_as_its_rows(qtbot, ru_report) -> None:
    view, result = document_view(qtbot, ru_report)
    qtbot.wait(10)
    table = view.sources_table
    rows = (
        table.horizontalHeader().height()
        + sum(table.rowHeight(r) for r in range(len(result.sources)))
        + 2 * table.frameWidth()
    )
    assert rows <= table.height() <= rows + 12


def test_side_by_side_keys_win_over_window_shortcuts(qtbot, long_report) -> None:
    """The main window's Esc (Cancel) must not steal Esc or make it ambiguous."""
    [result] = long_report.documents
    window = QtWidgets.QMainWindow()
    view = DocumentView(window)
    window.setCentralWidget(view)
    fired: list[str] = []
    for key in ("Esc", "F3"):
        action = QtGui.QAction(key, window)
        action.setShortcut(QtGui.QKeySequence(key))
        action.triggered.connect(lambda _=False, key=key: fired.append(key))
        window.addAction(action)
    view.show_result(result, long_report.texts[result.path], long_report.texts)
    shown(qtbot, window)
    view.open_side_by_side(0, 0)
    left = view.side_by_side.left
    left.setFocus()
    qtbot.keyClick(left, Qt.Key.Key_F3)
    assert view.current_fragment_index() == 1
    qtbot.keyClick(view.side_by_side.next_button, Qt.Key.Key_F3)
    assert view.current_fragment_index() == 2
    qtbot.keyClick(left, Qt.Key.Key_Escape)
    assert not view.is_side_by_side()
    assert fired == []
    view.sources_table.setFocus()
    qtbot.keyClick(view.sources_table, Qt.Key.Key_Escape)  # outside the side by side
    assert fired == ["Esc"]


def test_single_click_on_a_highlight_selects_its_source_row(qtbot, en_report) -> None:
    view, result = document_view(qtbot, en_report)
    part_c = next(s for s in result.sources if s.path == "part_c.txt")
    view.set_source_visible("whole.txt", False)  # whole.txt would cover part_c's highlight
    fragment = part_c.fragments[0]
    text_view = view.text_view
    middle = (fragment.start + fragment.end) // 2
    text_view.go_to(middle)
    cursor = QtGui.QTextCursor(text_view.document())
    cursor.setPosition(text_view.offsets.to_qt(middle))
    point = text_view.cursorRect(cursor).center() + QtCore.QPoint(2, 0)
    qtbot.mouseClick(text_view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    selected = view.sources_table.selectionModel().selectedRows(SourcesModel.NAME)
    assert [i.data() for i in selected] == ["part_c.txt"]
    assert not view.is_side_by_side()


def test_enter_in_the_text_opens_the_fragment_under_the_cursor(qtbot, en_report) -> None:
    view, result = document_view(qtbot, en_report)
    top = result.sources[0]  # painted on top where sources overlap
    fragment = top.fragments[0]
    view.text_view.setFocus()
    view.text_view.go_to(fragment.start + 3)
    with qtbot.waitSignal(view.side_by_side_opened) as opened:
        qtbot.keyClick(view.text_view, Qt.Key.Key_Return)
    assert opened.args == [top.path, 0]
    # Showing another result replaces everything and returns to the overview.
    [other] = check(
        [TextInput("x.txt", EN_PART_A + " " + EN_OWN)], [TextInput("a", EN_PART_A)], EN
    ).documents
    view.show_result(other, EN_PART_A + " " + EN_OWN, {"a": EN_PART_A})
    assert not view.is_side_by_side()
    assert view.highlighted_ranges() == engine_ranges(other)


def test_a_document_without_sources_and_clear(qtbot) -> None:
    report = check([TextInput("alone.txt", EN_OWN)], [TextInput("other.txt", RU_HISTORY)], EN)
    view, result = document_view(qtbot, report)
    assert result.sources == ()
    assert view.highlighted_ranges() == []
    assert view.no_sources_label.isVisible() and not view.sources_table.isVisible()
    assert view.uniqueness_label.text() == "100 %"
    assert not view.lookalike_label.isVisible()
    view.clear()
    assert view.result() is None and view.highlighted_ranges() == []


def test_side_by_side_without_the_sources_text(qtbot, ru_report) -> None:
    [result] = ru_report.documents
    view = DocumentView()
    view.show_result(result, ru_report.texts[result.path], {})  # no source texts
    shown(qtbot, view)
    view.open_side_by_side(0, 0)
    assert view.is_side_by_side()
    assert "not available" in view.side_by_side.right.toPlainText()
    fragment = result.sources[0].fragments[0]
    assert view.side_by_side.left.cursor_offset() == fragment.start


# --- compare view -----------------------------------------------------------------------


def compare_view(qtbot, report: CompareReport, threshold: float = 0.0) -> CompareView:
    view = CompareView()
    view.show_report(report, threshold)
    shown(qtbot, view)
    return view


def test_heat_map_holds_containment_both_ways(qtbot, compare_report) -> None:
    view = compare_view(qtbot, compare_report)
    heatmap: HeatMap = view.heatmap
    docs = heatmap.documents()
    assert docs == compare_report.documents and len(docs) == 4
    pairs = {(p.a, p.b): p for p in compare_report.pairs}
    assert ("a.txt", "b.txt") in pairs and ("c.txt", "d.txt") in pairs
    for i, a in enumerate(docs):
        for j, b in enumerate(docs):
            value = heatmap.value(i, j)
            if i == j:
                assert value is None
            elif (a, b) in pairs:
                assert value == pytest.approx(pairs[(a, b)].containment_ab)
            elif (b, a) in pairs:
                assert value == pytest.approx(pairs[(b, a)].containment_ba)
            else:
                assert value == 0.0
    i, j = docs.index("b.txt"), docs.index("a.txt")
    tip = heatmap.tooltip_text(i, j)
    pair = pairs[("a.txt", "b.txt")]
    assert "a.txt" in tip and "b.txt" in tip
    assert f"b.txt found in a.txt: {presentation.percent(pair.containment_ba)}" in tip
    assert f"a.txt found in b.txt: {presentation.percent(pair.containment_ab)}" in tip
    assert "Resemblance" not in tip  # jargon; the pairs list has the whole-text similarity


def test_clicking_a_heat_map_cell_emits_the_pair_and_opens_it(qtbot, compare_report) -> None:
    view = compare_view(qtbot, compare_report)
    heatmap = view.heatmap
    docs = heatmap.documents()
    i, j = docs.index("d.txt"), docs.index("c.txt")
    center = heatmap.cell_rect(i, j).center()
    assert heatmap.cell_at(center) == (i, j)
    with qtbot.waitSignal(heatmap.pair_clicked) as clicked:
        qtbot.mouseClick(heatmap, Qt.MouseButton.LeftButton, pos=center)
    assert clicked.args == ["d.txt", "c.txt"]
    assert view.is_side_by_side()
    pair = next(p for p in compare_report.pairs if {p.a, p.b} == {"c.txt", "d.txt"})
    sbs = view.side_by_side
    assert sbs.left.original_text() == compare_report.texts[pair.a]
    assert sbs.right.original_text() == compare_report.texts[pair.b]
    fragment = sbs.fragments()[0]
    assert sbs.cursor_offsets() == (fragment.start, fragment.source_start)
    qtbot.keyClick(sbs.left, Qt.Key.Key_Escape)
    assert not view.is_side_by_side()
    # A cell of two documents that share nothing emits nothing.
    i, j = docs.index("a.txt"), docs.index("c.txt")
    assert heatmap.value(i, j) == 0.0
    with qtbot.assertNotEmitted(heatmap.pair_clicked):
        qtbot.mouseClick(heatmap, Qt.MouseButton.LeftButton, pos=heatmap.cell_rect(i, j).center())


def test_heat_map_keyboard_moves_the_current_cell_and_enter_opens_it(qtbot, compare_report) -> None:
    view = compare_view(qtbot, compare_report)
    heatmap = view.heatmap
    docs = heatmap.documents()
    heatmap.setFocus()
    first, second = heatmap.order()[:2]  # the closest pair, top left
    assert {docs[first], docs[second]} in ({"a.txt", "b.txt"}, {"c.txt", "d.txt"})
    assert heatmap.current_cell() == (first, second)
    qtbot.keyClick(heatmap, Qt.Key.Key_Down)
    qtbot.keyClick(heatmap, Qt.Key.Key_Left)
    assert heatmap.current_cell() == (second, first)
    with qtbot.waitSignal(heatmap.pair_clicked) as clicked:
        qtbot.keyClick(heatmap, Qt.Key.Key_Return)
    assert clicked.args == [docs[second], docs[first]]
    assert view.is_side_by_side()


def test_threshold_slider_filters_the_pair_list(qtbot, compare_report) -> None:
    pairs = compare_report.pairs
    strengths = sorted(max(p.containment_ab, p.containment_ba) for p in pairs)
    assert len(pairs) >= 2 and strengths[0] < strengths[-1]
    cut = (strengths[0] + strengths[-1]) / 2
    view = compare_view(qtbot, compare_report, threshold=cut)
    assert view.threshold_slider.value() == round(cut * 100)
    expected = [
        (p.a, p.b)
        for p in pairs
        if round(max(p.containment_ab, p.containment_ba) * 100) >= round(cut * 100)
    ]
    assert 0 < len(expected) < len(pairs)
    assert view.visible_pairs() == expected
    view.threshold_slider.setValue(0)
    assert view.visible_pairs() == [(p.a, p.b) for p in pairs]
    assert view.count_label.text() == f"{len(pairs)} of {len(pairs)} shown"
    view.threshold_slider.setValue(100)
    full = [(p.a, p.b) for p in pairs if max(p.containment_ab, p.containment_ba) >= 0.995]
    assert view.visible_pairs() == full
    assert view.count_label.text() == f"{len(full)} of {len(pairs)} shown"


def test_double_click_on_a_pair_opens_it_side_by_side(qtbot, compare_report) -> None:
    view = compare_view(qtbot, compare_report)
    table = view.pairs_table
    rect = table.visualRect(view.pairs_proxy.index(0, 0))
    a, b = view.visible_pairs()[0]
    with qtbot.waitSignal(view.pair_opened) as opened:
        # QTest sends a bare double-click event; a real one follows a press and release.
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == [a, b]
    assert view.is_side_by_side()


def test_clusters_are_listed_as_groups(qtbot, compare_report) -> None:
    view = compare_view(qtbot, compare_report)
    tree = view.clusters_tree
    assert compare_report.clusters
    assert tree.topLevelItemCount() == len(compare_report.clusters)
    for n, group in enumerate(compare_report.clusters):
        item = tree.topLevelItem(n)
        assert item.text(0) == f"Group {n + 1} ({len(group)} documents)"
        assert [item.child(k).toolTip(0) for k in range(item.childCount())] == list(group)


# --- colours ----------------------------------------------------------------------------


def test_palette_is_readable_with_black_text_and_distinct() -> None:
    black = QtGui.QColor("#000000")
    for i in range(len(colors.PALETTE)):
        assert colors.contrast_ratio(colors.source_color(i), black) >= palette.MIN_CONTRAST
        assert colors.contrast_ratio(colors.edited_color(i), black) >= palette.MIN_CONTRAST
        assert colors.contrast_ratio(colors.strong_color(i), black) >= 7
        assert colors.edited_color(i) != colors.source_color(i) != colors.strong_color(i)
    assert len(set(colors.PALETTE)) == 10
    assert colors.heat_color(0.0) == QtGui.QColor("#FFFFFF")
    assert colors.heat_color(1.0).red() > 100 and colors.heat_color(1.0).green() < 30


def test_display_names_are_short_and_unique() -> None:
    names = presentation.display_names(["x/a/doc.txt", "x/b/doc.txt", "y/other.txt"])
    assert names == {
        "x/a/doc.txt": "a/doc.txt",
        "x/b/doc.txt": "b/doc.txt",
        "y/other.txt": "other.txt",
    }
    windows = "C:\\work\\essay.docx"
    assert presentation.display_names([windows]) == {windows: "essay.docx"}
