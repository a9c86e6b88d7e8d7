"""Issue 36, item 6: the window's figures agree with each other, its title, its layout."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from copylens.app import i18n
from copylens.app.pages.check_page import _ResultItem
from copylens.app.qt import QtWidgets
from copylens.app.text_box import TextEditor
from copylens.app.window import MainWindow
from copylens.core import TextInput, check
from copylens.core.report import DocumentResult

ARTICLE = (
    "Байкал — самое глубокое озеро планеты. Его глубина — 1642 метра, а возраст — "
    "25–30 млн лет. «Жемчужина Сибири» — так его называют. "
) * 6


def _result(uniqueness: float) -> DocumentResult:
    return DocumentResult(
        "essay.txt", "ru", 236, 180, uniqueness, 1 - uniqueness, 0.0, 0, (), "0" * 64, ()
    )


def test_results_list_writes_the_uniqueness_as_the_header(qapp: QtWidgets.QApplication) -> None:
    """The list said "2 %" where the document's header said "1.9 %"."""
    assert _ResultItem(_result(0.019)).text(1) == "1.9 %"
    assert _ResultItem(_result(0.61)).text(1) == "61 %"
    i18n.install_translator(qapp, "ru")
    try:
        assert _ResultItem(_result(0.019)).text(1) == "1,9 %"
    finally:
        i18n.install_translator(qapp, "en")


def test_text_box_counts_words_as_the_result(qapp: QtWidgets.QApplication) -> None:
    """The text box counted dashes as words (237 where the result said 236)."""
    box = TextEditor(None, "Статья", ARTICLE)
    words = check([TextInput("Статья", ARTICLE)], [TextInput("s", ARTICLE)]).documents[0].words
    assert len(ARTICLE.split()) != words  # the dashes
    assert box.count_label.text() == f"Words: {words}"


def test_window_title_does_not_repeat_the_name(qtbot) -> None:
    """Qt appends the display name to a title that does not end with it: "CopyLens* —
    CopyLens" for a new window with changes."""
    win = MainWindow()
    qtbot.addWidget(win)
    win.sessions.mark_changed()
    shown = win.windowTitle().replace("[*]", "*")
    assert win.isWindowModified() and shown.endswith("CopyLens")
    assert shown.count("CopyLens") == 1


def test_source_names_keep_room_in_a_small_russian_window(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """At 1024 × 640 in Russian the Source column collapsed to "…"."""
    from copylens.app.views.sources_table import SourcesModel, SourcesTable

    samples = Path(__file__).resolve().parents[2] / "resources" / "samples"
    source = (samples / "source_ru.txt").read_text("utf-8")
    report = check(
        [TextInput("Статья", (samples / "copy_ru.txt").read_text("utf-8"))],
        [TextInput(f"src/Экология_города_гл{n}.pdf", source[: 400 * (n + 2)]) for n in range(3)],
    )
    i18n.install_translator(qapp, "ru")
    try:
        win = MainWindow()
        qtbot.addWidget(win)
        win.show()
        win.reports["check"] = report
        win.show_report("check", report, fresh=True)
        win.resize(1024, 640)
        qtbot.waitExposed(win)
        table = win.check_page.document_view.sources_table
        assert isinstance(table, SourcesTable)
        qtbot.wait(50)
        room = 14 * table.fontMetrics().averageCharWidth()  # SourcesTable.NAME_ROOM
        assert table.columnWidth(SourcesModel.NAME) >= room
        win.resize(1800, 1000)  # room enough: the figures sized to their contents again
        qtbot.wait(50)
        head = table.horizontalHeader()
        assert head.sectionResizeMode(SourcesModel.FOUND) == head.ResizeMode.ResizeToContents
    finally:
        i18n.install_translator(qapp, "en")


def test_web_panel_parts_do_not_overlap_in_a_small_russian_window(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """At 1024 × 640 in Russian "Search the web" was drawn over the address box."""
    i18n.install_translator(qapp, "ru")
    try:
        win = MainWindow()
        qtbot.addWidget(win)
        win.resize(1024, 640)
        win.show()
        qtbot.waitExposed(win)
        qtbot.wait(50)
        panel = win.web_panel
        parts = [panel.edit, panel.search_box, panel.cost_label]
        for upper, lower in pairwise(parts):
            assert upper.geometry().bottom() < lower.geometry().top(), (upper, lower)
        note = panel.cost_label
        assert note.height() >= note.heightForWidth(note.width())  # every line of it shown
        assert note.geometry().bottom() <= panel.height()
    finally:
        i18n.install_translator(qapp, "en")


def test_heat_map_draws_the_diagonal_as_a_line_and_low_shares_strongly(qtbot) -> None:  # type: ignore[no-untyped-def]
    """At 300 essays near-copies beside grey diagonal cells read as the diagonal, and
    11–25 % pairs were pale tints."""
    from copylens.app import palette, presentation
    from copylens.app.qt import QtGui
    from copylens.app.views.heatmap import HeatMap
    from copylens.core import compare

    samples = Path(__file__).resolve().parents[2] / "resources" / "samples"
    source = (samples / "source_ru.txt").read_text("utf-8")
    other = "Совсем другой текст о погоде, ветре и дождях осенью в большом городе. " * 6
    report = compare(
        [TextInput("a.txt", source), TextInput("b.txt", source), TextInput("c.txt", other)]
    )
    heat = HeatMap()
    qtbot.addWidget(heat)
    heat.resize(600, 600)
    heat.set_report(report, presentation.display_names(list(report.documents)))
    heat.show()
    qtbot.waitExposed(heat)
    image = heat.grab().toImage()

    def at(x: int, y: int) -> QtGui.QColor:
        return image.pixelColor(x, y)

    pair = heat.cell_rect(0, 1).center()
    assert at(pair.x(), pair.y()).getRgb()[:3] == palette.heat_rgb(1.0)
    cell = heat.cell_rect(2, 2)
    off_line = at(cell.left() + cell.width() // 5, cell.bottom() - cell.height() // 5)
    assert min(off_line.getRgb()[:3]) >= 0xF0  # nearly white beside the line
    centre = cell.center()
    around = [at(centre.x() + dx, centre.y() + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert min(max(c.getRgb()[:3]) for c in around) <= 0xB0  # the diagonal is a grey line
    for share in (0.11, 0.15, 0.2, 0.25):
        assert min(palette.heat_rgb(share)) <= 130  # a strong orange, not a tint
