"""PDF export and printing (app/printing.py), the export dialog, and the translations."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pdfminer.high_level import extract_text

from copylens.app import i18n, printing
from copylens.app.qt import QtCore, QtPrintSupport, QtWidgets
from copylens.core.documents import TextInput
from copylens.core.engine import check
from copylens.core.report import CheckReport

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"
SETTINGS = {"shingle": 10, "lemmatize": True, "ui_language": "system"}
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
    path = printing.write_report(tmp_path / "report.pdf", "pdf", report, SETTINGS)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert b"%%EOF" in data[-1024:]
    text = _words(extract_text(str(path)))
    assert PHRASE in text
    assert "Иванов <b>эссе</b>.txt" in text  # the name as text, not markup
    assert "Uniqueness" in text and "2 %" in text
    assert report.documents[0].sha256[:32] in text.replace(" ", "")


def test_pdf_is_a4(qapp: QtWidgets.QApplication, report: CheckReport, tmp_path: Path) -> None:
    path = printing.write_report(tmp_path / "report.pdf", "pdf", report, SETTINGS)
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
    printing.export_dialog(None, report, SETTINGS)
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
    printing.export_dialog(None, report, SETTINGS)
    printing.export_dialog(None, None, SETTINGS)
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
    printing.export_dialog(None, report, SETTINGS)
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
    printing.print_dialog(None, report, SETTINGS)
    assert target.read_bytes().startswith(b"%PDF")


def test_suggested_name(report: CheckReport) -> None:
    when = QtCore.QDateTime(QtCore.QDate(2025, 3, 14), QtCore.QTime(9, 5)).toPython()
    assert printing.suggested_name(report, when) == "copylens-check-2025-03-14-0905"


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
    assert "Уникальность" in printing.report_html(report, SETTINGS)
    i18n.install_translator(qapp, "en")
    assert "Uniqueness" in printing.report_html(report, SETTINGS)


def test_export_module_forwards_the_dialog(
    qapp: QtWidgets.QApplication,
    report: CheckReport,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from copylens.app import export

    target = tmp_path / "out.json"
    monkeypatch.setattr(printing, "_ask_path", lambda parent, report=None: (target, "json"))
    export.export_dialog(None, report, SETTINGS)
    assert json.loads(target.read_text("utf-8"))["kind"] == "check"
