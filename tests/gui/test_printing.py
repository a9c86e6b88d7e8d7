"""PDF export and printing (app/printing.py), the export dialog, and the translations."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pdfminer.high_level import extract_text

from copylens.app import i18n, printing, terms
from copylens.app.qt import QtCore, QtPrintSupport, QtWidgets
from copylens.core.documents import TextInput
from copylens.core.engine import check
from copylens.core.report import CheckReport
from tests.gui.conftest import GUARD_MS

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"
PHRASE = "Байкал расположен в Восточной Сибири"


@pytest.fixture(scope="module")
def report() -> CheckReport:
    return check(
        [TextInput("essays/Иванов <b>эссе</b>.txt", (SAMPLES / "copy_ru.txt").read_text("utf-8"))],
        [TextInput("sources/Байкал.txt", (SAMPLES / "source_ru.txt").read_text("utf-8"))],
    )


@pytest.fixture
def english(qapp: QtWidgets.QApplication) -> Iterator[None]:
    """Whatever a test installs, the next one starts in English again."""
    yield
    i18n.install_translator(qapp, "en")


def _words(text: str) -> str:
    return " ".join(text.split())


def test_pdf_export_is_a_real_pdf_with_the_cyrillic_text(
    qapp: QtWidgets.QApplication, report: CheckReport, tmp_path: Path
) -> None:
    path = printing.write_report(tmp_path / "report.pdf", "pdf", report)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert b"%%EOF" in data[-1024:]
    text = _words(extract_text(str(path)))
    assert PHRASE in text
    assert "Иванов <b>эссе</b>.txt" in text  # the name as text, not markup
    assert "Uniqueness" in text and "1.9 %" in text
    assert report.documents[0].sha256[:32] in text.replace(" ", "")


def test_pdf_is_a4(qapp: QtWidgets.QApplication, report: CheckReport, tmp_path: Path) -> None:
    path = printing.write_report(tmp_path / "report.pdf", "pdf", report)
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", path.read_bytes())
    assert boxes
    for width, height in boxes:
        assert float(width) == pytest.approx(595.3, abs=1.0)
        assert float(height) == pytest.approx(841.9, abs=1.0)


@pytest.mark.parametrize("fmt", printing.FORMATS)
def test_export_dialog_writes_the_chosen_format(
    qapp: QtWidgets.QApplication,
    report: CheckReport,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    target = tmp_path / f"out.{fmt}"
    monkeypatch.setattr(printing, "_ask_path", lambda parent, report=None: (target, fmt))
    printing.export_dialog(None, report)
    data = target.read_bytes()
    if fmt == "pdf":
        assert data.startswith(b"%PDF")
    elif fmt == "html":
        assert data.startswith(b"<!DOCTYPE html>") and PHRASE.encode() in data
        assert b"<b>" not in data
    elif fmt == "csv":
        assert data.startswith(b"\xef\xbb\xbfdocument,source,")  # BOM for spreadsheets
        assert "sources/Байкал.txt".encode() in data
    else:
        assert json.loads(data)["documents"][0]["path"] == "essays/Иванов <b>эссе</b>.txt"
    settings = QtCore.QSettings()
    assert settings.value("export/format") == fmt
    assert settings.value("export/directory") == str(tmp_path)


def test_export_dialog_cancelled_or_without_report(
    qapp: QtWidgets.QApplication, report: CheckReport, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = []
    monkeypatch.setattr(printing, "_ask_path", lambda parent, report=None: asked.append(1))
    printing.export_dialog(None, report)
    printing.export_dialog(None, None)
    assert asked == [1]


def test_export_dialog_reports_a_write_error(
    qapp: QtWidgets.QApplication,
    report: CheckReport,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = tmp_path / "missing-folder" / "out.html"
    monkeypatch.setattr(printing, "_ask_path", lambda parent, report=None: (target, "html"))
    shown = []
    monkeypatch.setattr(printing, "show_error", lambda *args: shown.append(args[1]))
    printing.export_dialog(None, report)
    assert len(shown) == 1 and str(target) in shown[0]
    assert QtWidgets.QApplication.overrideCursor() is None


def test_save_dialog_adds_the_suffix_of_the_chosen_filter(
    qapp: QtWidgets.QApplication,
    report: CheckReport,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def accept(dialog: QtWidgets.QFileDialog) -> int:
        dialog.selectNameFilter(printing.format_filters()["csv"])
        dialog.filterSelected.emit(printing.format_filters()["csv"])
        dialog.selectFile(str(tmp_path / "marks"))
        return QtWidgets.QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QtWidgets.QFileDialog, "exec", accept)
    path, fmt = printing._ask_path(None, report)
    assert (path, fmt) == (tmp_path / "marks.csv", "csv")


def test_print_dialog_prints_when_accepted(
    qapp: QtWidgets.QApplication,
    report: CheckReport,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = tmp_path / "printed.pdf"

    def accept(dialog: QtPrintSupport.QPrintDialog) -> int:
        dialog.printer().setOutputFormat(QtPrintSupport.QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(target))
        return QtWidgets.QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QtPrintSupport.QPrintDialog, "exec", accept)
    printing.print_dialog(None, report)
    assert target.read_bytes().startswith(b"%PDF")


def test_suggested_name(report: CheckReport) -> None:
    when = QtCore.QDateTime(QtCore.QDate(2025, 3, 14), QtCore.QTime(9, 5)).toPython()
    assert printing.suggested_name(report, when) == "copylens-check-2025-03-14_09-05"


# --- translations -------------------------------------------------------------------------


def test_available_languages() -> None:
    assert i18n.available_languages() == ["en", "ru"]
    assert (i18n.translations_dir() / "copylens_ru.ts").is_file()


def test_russian_translator(qapp: QtWidgets.QApplication, english: None) -> None:
    assert i18n.install_translator(qapp, "ru") == "ru"
    assert i18n.current_language() == "ru"
    translate = QtCore.QCoreApplication.translate
    assert translate("Export", "Export report") == "Экспорт отчёта"
    assert translate("Export", "PDF document (*.pdf)") == "Документ PDF (*.pdf)"
    assert translate("QPlatformTheme", "Cancel") == "Отмена"  # Qt's own qtbase_ru.qm
    assert i18n.install_translator(qapp, "en") == "en"
    assert translate("Export", "Export report") == "Export report"


def test_unknown_language_falls_back_to_english(
    qapp: QtWidgets.QApplication, english: None
) -> None:
    assert i18n.install_translator(qapp, "xx") == "en"
    assert i18n.install_translator(qapp, "system") in i18n.available_languages()


def test_every_string_is_translated() -> None:
    ts = i18n.translations_dir() / "copylens_ru.ts"
    text = ts.read_text(encoding="utf-8")
    assert 'type="unfinished"' not in text
    assert "<translation></translation>" not in text


def test_report_headings_follow_the_interface_language(
    qapp: QtWidgets.QApplication, report: CheckReport, english: None
) -> None:
    i18n.install_translator(qapp, "ru")
    page = printing.report_html(report)
    uniqueness = terms.label("uniqueness", QtCore.QCoreApplication.translate)
    assert uniqueness in page and "Параметры проверки" in page  # a figure, context "Terms"
    assert "<tr><th>Слов в шингле</th><td>10</td></tr>" in page  # an option, context "Options"
    assert "Words per shingle" not in page
    assert uniqueness != "Uniqueness" and "Uniqueness" not in page
    i18n.install_translator(qapp, "en")
    page = printing.report_html(report)
    assert "Uniqueness" in page and "<tr><th>Words per shingle</th><td>10</td></tr>" in page


# --- the window ---------------------------------------------------------------------------


def _settings_rows(html: str) -> dict[str, str]:
    table = html[html.index('<table class="facts settings">') :]
    table = table[: table.index("</table>")]
    return dict(re.findall(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>", table))


def test_window_exports_and_prints_the_settings_of_the_run(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run, change settings, then export and print: the report lists the run's settings."""
    from copylens.app.window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.documents_list.add_text("essay", (SAMPLES / "copy_ru.txt").read_text("utf-8"))
    window.sources_list.add_text("source", (SAMPLES / "source_ru.txt").read_text("utf-8"))
    assert window.settings_values["shingle"] == 10
    window.start_run()
    qtbot.waitUntil(window.export_action.isEnabled, timeout=GUARD_MS)
    window.apply_settings(window.settings_values | {"shingle": 12, "lemmatize": False})

    exported: dict[str, Path] = {}
    for fmt in ("json", "html"):
        exported[fmt] = tmp_path / f"report.{fmt}"
        monkeypatch.setattr(
            printing, "_ask_path", lambda parent, report=None, f=fmt: (exported[f], f)
        )
        window.export_action.trigger()
    settings = json.loads(exported["json"].read_text("utf-8"))["settings"]
    assert settings["shingle"] == 10 and settings["lemmatize"] is True
    rows = _settings_rows(exported["html"].read_text("utf-8"))
    assert rows["Words per shingle"] == "10"

    printed: list[str] = []
    monkeypatch.setattr(
        QtPrintSupport.QPrintDialog, "exec", lambda dialog: QtWidgets.QDialog.DialogCode.Accepted
    )
    monkeypatch.setattr(printing, "text_document", lambda html: printed.append(html) or _NoPrint())
    window.print_action.trigger()
    assert len(printed) == 1 and _settings_rows(printed[0])["Words per shingle"] == "10"


class _NoPrint:
    def print_(self, printer: object) -> None:
        pass


def test_option_labels_and_help_are_collected_and_translated() -> None:
    """scripts/build_translations.py finds the label and help of every engine option, and the
    .ts translates each in context "Options" (the settings of a report, the settings dialog)."""
    import importlib.util
    import xml.etree.ElementTree as ET

    from copylens.core import specs

    spec = importlib.util.spec_from_file_location("bt", ROOT / "scripts" / "build_translations.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    declared = [text for s in specs().values() for text in (s.label, s.help)]
    assert script.option_texts(script.OPTIONS.read_text("utf-8")) == declared
    with pytest.raises(SystemExit, match="label of option"):
        script.option_texts("x: int = option(1, LABEL, 'help')")
    root = ET.parse(i18n.translations_dir() / "copylens_ru.ts").getroot()
    [options] = [c for c in root.iter("context") if c.findtext("name") == "Options"]
    translated = {m.findtext("source"): m.findtext("translation") for m in options.iter("message")}
    assert all(translated.get(text) for text in declared)


@pytest.mark.parametrize("fmt", ["html", "csv", "json", "pdf"])
def test_every_export_writes_a_file_name_that_is_not_utf8(
    qapp: QtWidgets.QApplication, tmp_path: Path, fmt: str
) -> None:
    name = os.fsdecode(b"\xff\xfe-essay.txt")
    text = "Студенты изучают основы программирования и решают задачи каждую неделю. " * 4
    report = check([TextInput(name, text)], [TextInput("source", text)])
    path = printing.write_report(tmp_path / f"report.{fmt}", fmt, report)
    data = path.read_bytes()
    assert len(data) > 100
    if fmt == "json":
        assert json.loads(data)["documents"][0]["path"] == name  # the escape of the same name
    elif fmt != "pdf":
        assert b"\\udcff\\udcfe-essay.txt" in data


# --- issue 16: the PDF's first page, margins, settings in an appendix ----------------------


@pytest.fixture(scope="module")
def long_report() -> CheckReport:
    """One document with three sources of long names without spaces."""
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    long = "very_long_source_name_without_any_spaces_from_a_deep_folder"
    return check(
        [TextInput("essays/Иванов.txt", (SAMPLES / "copy_ru.txt").read_text("utf-8"))],
        [TextInput(f"/srv/{'archive_of_sources/' * 4}{long}_{n}.txt", source) for n in range(3)],
    )


def test_pdf_first_page_has_the_title_and_summary_and_settings_come_last(
    qapp: QtWidgets.QApplication, long_report: CheckReport, tmp_path: Path
) -> None:
    path = printing.write_report(tmp_path / "report.pdf", "pdf", long_report)
    pages = [_words(extract_text(str(path), page_numbers=[n])) for n in range(_pages(path))]
    first = pages[0]
    assert first.startswith("Originality report: essays/Иванов.txt")  # pasted: its name
    assert "Uniqueness" in first  # one document: its section, no summary table (issue 36)
    assert (
        "1. essays/Иванов.txt" in first
    )  # the document starts on the first page: not mostly blank
    assert "Words per shingle" not in first
    settings = next(n for n, text in enumerate(pages) if "Words per shingle" in text)
    text = next(n for n, page in enumerate(pages) if PHRASE in page)
    assert (
        settings >= text and "Seed repeat limit" in pages[-1]
    )  # after the text, no page of its own


def test_pdf_tables_stay_inside_the_margins(
    qapp: QtWidgets.QApplication, long_report: CheckReport, tmp_path: Path
) -> None:
    """No character of any page lies outside the 15 mm margins (long names wrap)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar, LTPage

    path = printing.write_report(tmp_path / "report.pdf", "pdf", long_report)
    margin = printing.MARGIN_MM / 25.4 * 72 - 1  # points, with 1 pt of slack
    outside = []
    for page in extract_pages(str(path)):
        assert isinstance(page, LTPage)
        for char in _chars(page, LTChar):
            if char.x1 > page.width - margin or char.x0 < margin:
                outside.append((page.pageid, char.get_text(), round(char.x1)))
    assert not outside


def _pages(path: Path) -> int:
    from pdfminer.pdfpage import PDFPage

    with path.open("rb") as f:
        return sum(1 for _ in PDFPage.get_pages(f))


def _chars(item: object, kind: type) -> Iterator[Any]:
    if isinstance(item, kind):
        yield item
    for child in getattr(item, "_objs", ()):
        yield from _chars(child, kind)
