"""Words and colours a person understands (issue 16): one set of terms in the sources table, the
side by side view, the reports and the command line; a colour-blind safe palette apart from
the selection's blue; Russian numbers, file-reading errors and Qt's own dialogs."""

from __future__ import annotations

import html
import io
import itertools
import math
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from copylens.app import export, i18n, palette, presentation, terms, textout
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.views import colors
from copylens.app.views.document_view import DocumentView
from copylens.app.views.side_by_side import SideBySideView
from copylens.app.views.sources_table import SourcesModel
from copylens.core import CheckReport, InputFailure, check

ROOT = Path(__file__).resolve().parents[2]
OLD_WORDS = ("Containment", "Resemblance", "Reverse", "Exclusive", "Share of source", "Only here")


def mark(context: str, text: str) -> str:
    """A stand-in translation that shows which context each string was looked up in."""
    return f"⟦{context}⟧{text}"


@pytest.fixture
def english(qapp: QtWidgets.QApplication) -> Iterator[None]:
    """Whatever a test installs, the next one starts in English again."""
    yield
    i18n.install_translator(qapp, "en")


@pytest.fixture
def report(make_corpus, essay, tmp_path: Path) -> CheckReport:
    """One document copying from three sources (the first half of each)."""
    sources = make_corpus(3, words=200, folder="sources")
    texts = [p.read_text("utf-8") for p in sources]
    document = tmp_path / "essay.txt"
    document.write_text(
        " ".join([essay(90), texts[0][:700], essay(91), texts[1][:500], texts[2][:400]]), "utf-8"
    )
    return check([document], sources)


def document_view(qtbot, report: CheckReport) -> DocumentView:
    [result] = report.documents
    view = DocumentView()
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show_result(result, report.texts[result.path], report.texts)
    view.show()
    qtbot.waitExposed(view)
    return view


# --- terms ------------------------------------------------------------------------------------


def test_sources_table_speaks_in_the_terms(qtbot, report: CheckReport) -> None:
    view = document_view(qtbot, report)
    model = view.sources_model
    headings = [  # long ones on two lines
        model.headerData(c, Qt.Orientation.Horizontal).replace("\n", " ")
        for c in range(model.columnCount())
    ]
    assert "\n" in model.headerData(SourcesModel.ONLY, Qt.Orientation.Horizontal)
    tips = [
        model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        for c in range(model.columnCount())
    ]
    for key in ("found_in_source", "source_used", "only_this_source", "matching_words"):
        assert terms.label(key) in headings
        assert terms.tip(key) in tips
    assert not [h for h in headings for old in OLD_WORDS if old in h]
    assert len(set(headings)) == len(headings)
    # Whole-text similarity: only on request (it confuses beside "100 %").
    assert view.sources_table.isColumnHidden(SourcesModel.SIMILARITY)
    assert not view.sources_table.isColumnHidden(SourcesModel.FOUND)
    assert headings[SourcesModel.SIMILARITY] == terms.label("similarity")
    facts = view.facts_label.text()
    [result] = report.documents
    assert f"{result.counted_words} compared" in facts and "counted" not in facts
    assert terms.tip("compared_words") in view.facts_label.toolTip()
    assert view.uniqueness_label.toolTip() == terms.tip("uniqueness")


def test_table_headings_are_looked_up_by_the_terms_context(
    qapp: QtWidgets.QApplication, qtbot, report: CheckReport
) -> None:
    """Whatever Russian the lead merges, the headings come from context "Terms"."""

    class Marking(QtCore.QTranslator):
        def translate(self, context, source, disambiguation=None, n=-1):  # type: ignore[no-untyped-def]
            return f"⟦{context}⟧{source}" if context == terms.CONTEXT else ""

    marking = Marking()
    qapp.installTranslator(marking)
    try:
        view = document_view(qtbot, report)
        model = view.sources_model
        heading = model.headerData(SourcesModel.FOUND, Qt.Orientation.Horizontal)
        assert heading.replace("\n", " ") == f"⟦Terms⟧{terms.TERMS['found_in_source'].label}"
        used = model.headerData(SourcesModel.USED, Qt.Orientation.Horizontal)
        assert used.replace("\n", " ") == f"⟦Terms⟧{terms.TERMS['source_used'].label}"
        assert "⟦Terms⟧" in view.shares_label.text()
    finally:
        qapp.removeTranslator(marking)


def test_side_by_side_names_the_figures_and_keeps_the_title_readable(qtbot) -> None:
    view = SideBySideView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    left = "a-very-long-essay-name-of-a-student-of-the-third-year.docx"
    right = "an-equally-long-source-name-from-the-internet-archive.html"
    view.show_pair(
        left,
        "text " * 50,
        right,
        "text " * 50,
        [],
        figures=(("found_in_source", 0.4), ("source_used", 0.12)),
    )
    view.show()
    qtbot.waitExposed(view)
    shown = view.title.fontMetrics().elidedText(
        view.title.text(), Qt.TextElideMode.ElideMiddle, view.title.contentsRect().width()
    )
    assert shown.startswith("a-very-long") and shown.endswith(".html")  # both ends kept
    assert left in view.title.toolTip() and right in view.title.toolTip()
    # The title has the whole row beside the back button, not what the buttons leave.
    assert view.title.width() > view.width() - view.back_button.width() - 80
    shown = view.figures_label.text()
    assert shown == "Found in source 40 %  ·  Source used 12 %".replace(" ", "\u00a0").replace(
        "\u00a0\u00a0·\u00a0\u00a0", "  ·  "
    )  # a figure never wraps inside itself
    assert terms.tip("source_used") in view.figures_label.toolTip()


def test_reports_use_the_terms_and_no_old_word(report: CheckReport) -> None:
    page = export.html_report(report)
    for old in (*OLD_WORDS, "(counted", "counted:"):
        assert old not in page
    for key in ("found_in_source", "source_used", "only_this_source"):
        assert html.escape(terms.label(key)) in page and html.escape(terms.tip(key)) in page
    assert terms.label("similarity") not in page  # hidden, as in the window (issue 36)
    marked = export.html_report(report, translate=mark)
    assert f"⟦Terms⟧{terms.TERMS['found_in_source'].label}" in marked
    assert f"⟦Terms⟧{terms.TERMS['compared_words'].label}" in marked


def test_command_line_text_uses_the_terms(report: CheckReport) -> None:
    out = io.StringIO()
    textout.print_check(report, out)
    text = out.getvalue()
    assert "found in source" in text and "source used" in text and "only in this source" in text
    for old in ("contained", "resembles", "reverse"):
        assert old not in text


# --- colours ----------------------------------------------------------------------------------

MACHADO = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
"""Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB."""


def _linear(hex_: str) -> tuple[float, float, float]:
    c = QtGui.QColor(hex_)
    return tuple(  # type: ignore[return-value]
        x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
        for x in (c.redF(), c.greenF(), c.blueF())
    )


def _seen(hex_: str, vision: str) -> tuple[float, float, float]:
    rgb = _linear(hex_)
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    return tuple(  # type: ignore[return-value]
        min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)
    )


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e2000(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005)."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh -= 360 if dh > 180 else 0
        dh += 360 if dh < -180 else 0
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    rt = -math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * rc
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    dl, dc = l2 - l1, c2p - c1p
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (d_h / sh) ** 2 + rt * (dc / sc) * (d_h / sh)
    )


def difference(one: str, two: str, vision: str = "normal") -> float:
    return delta_e2000(_lab(_seen(one, vision)), _lab(_seen(two, vision)))


def contrast_with_black(hex_: str) -> float:
    r, g, b = _linear(hex_)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05) / 0.05


def test_delta_e2000_matches_sharma_s_test_data() -> None:
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_source_colours_differ_for_every_reader(vision: str) -> None:
    pairs = list(itertools.combinations(palette.PALETTE, 2))
    least = min(difference(a, b, vision) for a, b in pairs)
    assert least >= palette.MIN_DELTA_E
    first = itertools.combinations(palette.PALETTE[:5], 2)
    assert min(difference(a, b, vision) for a, b in first) >= palette.MIN_DELTA_E_FIRST


def test_source_colours_keep_black_text_readable() -> None:
    assert len(palette.PALETTE) == 10 == len(set(palette.PALETTE))
    assert min(map(contrast_with_black, palette.PALETTE)) >= palette.MIN_CONTRAST
    black = QtGui.QColor("#000000")
    for i in range(len(palette.PALETTE)):  # the current fragment's stronger tint, edited words
        assert colors.contrast_ratio(colors.strong_color(i), black) >= palette.MIN_CONTRAST
        assert colors.contrast_ratio(colors.edited_color(i), black) >= 10


def test_source_colours_are_not_the_selection(qapp: QtWidgets.QApplication) -> None:
    selection = QtWidgets.QApplication.palette().color(QtGui.QPalette.ColorRole.Highlight).name()
    for hex_ in (selection, "#0078D7", "#CCE8FF"):  # this style's; Windows' and its pale one
        assert min(difference(c, hex_) for c in palette.PALETTE) >= 20, hex_


def test_legend_marks_are_grey_and_each_source_has_its_chip(qtbot, report: CheckReport) -> None:
    view = document_view(qtbot, report)
    legend = view.legend_label.text()
    exact = legend[: legend.index("copied exactly")]
    assert palette.NEUTRAL.lower() in exact.lower()
    assert not any(c.lower() in exact.lower() for c in palette.PALETTE)
    for row in range(view.sources_model.rowCount()):
        name = view.sources_model.name(row)
        chip = legend.lower().index(palette.PALETTE[row].lower())
        assert name in legend[chip:]
    view.set_source_visible(0, False)
    assert palette.PALETTE[0].lower() not in view.legend_label.text().lower()


# --- Russian ----------------------------------------------------------------------------------


def test_numbers_follow_the_interface_language(qapp: QtWidgets.QApplication, english) -> None:
    from copylens.app.window_run import seconds_text

    assert presentation.number(1.14, "ru") == "1,1" and presentation.number(1.14) == "1.1"
    assert presentation.percent(0.004, "ru") == "0,4 %"
    assert seconds_text(1.1) == "1.1 s"
    assert i18n.install_translator(qapp, "ru") == "ru"
    assert seconds_text(1.1) == "1,1 с"
    assert "0,1" in seconds_text(0.05)


def _error_templates() -> list[str]:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_translations as bt
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    classes = bt.input_error_classes((ROOT / "core" / "errors.py").read_text("utf-8"))
    found: list[str] = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        found += bt.error_templates(path.read_text("utf-8"), classes, path.name)
    return found


def test_every_input_error_template_is_shown_translated() -> None:
    templates = _error_templates()
    assert "binary data, not text" in templates
    for template in templates:
        names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        params = tuple((n, f"<{n}>") for n in sorted(names))
        failure = InputFailure("x.txt", template.format(**dict(params)), template, params)
        assert presentation.failure_text(failure, mark) == mark("Errors", template).format(
            **dict(params)
        )


def test_a_binary_file_fails_in_russian(
    qapp: QtWidgets.QApplication, english, tmp_path: Path
) -> None:
    binary = tmp_path / "data.txt"
    binary.write_bytes(bytes(range(256)) * 40)
    source = tmp_path / "source.txt"
    source.write_text("some words of a source text here", "utf-8")
    [failure] = check([binary], [source]).errors
    assert failure.template == "binary data, not text"
    i18n.install_translator(qapp, "ru")
    shown = presentation.failure_text(failure, QtCore.QCoreApplication.translate)
    assert shown == "двоичные данные, а не текст"


def test_qt_gaps_are_the_file_dialog_s_own_strings(qapp: QtWidgets.QApplication, english) -> None:
    """The labels qtbase_ru lacks are named exactly as Qt's file dialog asks for them; with the
    Russian interface every label of the dialog is Russian."""
    dialog = QtWidgets.QFileDialog()
    dialog.setOption(QtWidgets.QFileDialog.Option.DontUseNativeDialog, True)
    labels = {label.text() for label in dialog.findChildren(QtWidgets.QLabel)}
    assert set(i18n.QT_GAPS) <= labels
    dialog.deleteLater()
    assert i18n.qt_folder_type() == "Folder"
    i18n.install_translator(qapp, "ru")
    assert QtCore.QLocale().decimalPoint() == ","
    assert QtCore.QCoreApplication.translate("QFileDialog", i18n.QT_GAPS[0]) != i18n.QT_GAPS[0]
    dialog = QtWidgets.QFileDialog()
    dialog.setOption(QtWidgets.QFileDialog.Option.DontUseNativeDialog, True)
    for label in dialog.findChildren(QtWidgets.QLabel):
        assert not any("a" <= ch.lower() <= "z" for ch in label.text()), label.text()
    assert i18n.qt_folder_type() == "Папка"
    dialog.deleteLater()


def test_a_long_partner_heading_goes_on_two_lines(qapp: QtWidgets.QApplication, english) -> None:
    """Compare all's Documents tab: the partner column shares the stretched room with the
    names; in Russian its heading was clipped to "лижайший докумен" at 1200 px."""
    from copylens.app.views.compare_view import DocumentsModel

    model = DocumentsModel()

    def heading() -> str:
        role = Qt.ItemDataRole.DisplayRole
        return model.headerData(DocumentsModel.PARTNER, Qt.Orientation.Horizontal, role)

    assert heading() == "Most found in", "short enough for one line"
    i18n.install_translator(qapp, "ru")
    assert heading() == "Ближайший\nдокумент"
