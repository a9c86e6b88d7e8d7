"""Issue 36, item 5: the command line's reports (``--report``), its JSON header, and
``check --against SRC DOC``."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # --report pdf prints with Qt

import json
from datetime import datetime
from pathlib import Path

import pytest
from pdfminer.high_level import extract_text

from copylens import __version__
from copylens.app import cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
COPY, SOURCE = str(SAMPLES / "copy_ru.txt"), str(SAMPLES / "source_ru.txt")


def _json(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def _header(data: dict[str, object], kind: str) -> None:
    assert data["kind"] == kind and data["copylens_version"] == __version__
    when = datetime.fromisoformat(str(data["generated_at"]))
    assert when.tzinfo is not None
    settings = data["settings"]
    assert isinstance(settings, dict) and settings["shingle"] == 10
    assert list(data)[:4] == ["kind", "generated_at", "copylens_version", "settings"]


def test_check_json_carries_version_date_and_settings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["check", COPY, "--against", SOURCE, "--format", "json", "--quiet"]) == 0
    data = _json(capsys)
    _header(data, "check")
    assert data["documents"][0]["path"] == COPY  # type: ignore[index]


def test_compare_json_carries_version_date_and_settings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["compare", COPY, SOURCE, "--format", "json", "--quiet", "--min-containment", "0.3"]
    assert cli.main(argv) == 0
    data = _json(capsys)
    _header(data, "compare")
    assert data["settings"]["min_containment"] == 0.3  # type: ignore[index]
    assert len(data["pairs"]) == 1 and "clusters" in data  # type: ignore[arg-type]


def test_check_reads_the_document_after_against(capsys: pytest.CaptureFixture[str]) -> None:
    """``check --against src/ doc.txt`` failed: "DOC required" (--against took both)."""
    assert cli.main(["check", "--against", SOURCE, COPY, "--format", "json", "--quiet"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert [d["path"] for d in data["documents"]] == [COPY]
    assert [s["path"] for s in data["documents"][0]["sources"]] == [SOURCE]
    assert "the last path after --against" in captured.err


def test_check_without_a_document_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--against", SOURCE]) == cli.EXIT_USAGE
    assert "check needs a document" in capsys.readouterr().err


@pytest.mark.parametrize("language", ["en", "ru"])
def test_check_writes_an_html_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    target = tmp_path / "report.html"
    argv = ["check", COPY, "--against", SOURCE, "--quiet", "--report", str(target)]
    assert cli.main([*argv, "--report-language", language]) == 0
    page = target.read_text("utf-8")
    title = "Отчёт об оригинальности" if language == "ru" else "Originality report"
    assert f"<h1>{title}: copy_ru.txt</h1>" in page and "source_ru.txt" in page
    assert "report written to" in capsys.readouterr().err


def test_check_writes_a_pdf_report(tmp_path: Path) -> None:
    target = tmp_path / "report.pdf"
    argv = ["check", COPY, "--against", SOURCE, "--quiet", "--report", str(target)]
    assert cli.main([*argv, "--report-language", "en"]) == 0
    assert target.read_bytes().startswith(b"%PDF")
    text = " ".join(extract_text(str(target)).split())
    assert "Originality report: copy_ru.txt" in text and "Байкал расположен" in text


def test_compare_writes_the_class_report(tmp_path: Path) -> None:
    target = tmp_path / "class.html"
    argv = ["compare", COPY, SOURCE, "--quiet", "--format", "json", "--report", str(target)]
    assert cli.main([*argv, "--report-language", "en"]) == 0
    page = target.read_text("utf-8")
    assert "Heat map</h2>" in page and "Groups of near-copies" in page


@pytest.mark.parametrize("name", ["report.txt", "no-such-folder/report.pdf"])
def test_a_bad_report_file_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    argv = ["check", COPY, "--against", SOURCE, "--quiet", "--report", str(tmp_path / name)]
    assert cli.main(argv) == cli.EXIT_USAGE
    captured = capsys.readouterr()
    assert "--report" in captured.err and captured.out == ""


def test_check_writes_a_certificate_from_flags_and_labels(tmp_path: Path) -> None:
    target = tmp_path / "certificate.html"
    argv = ["check", COPY, "--against", SOURCE, "--quiet", "--report", str(target)]
    argv += ["--certificate", "--institution", "ИГУ", "--checker", "Петров П. П."]
    argv += ["--label", "author=Иванова", "--label", "group=301", "--report-language", "en"]
    assert cli.main(argv) == 0
    page = target.read_text("utf-8")
    cert = page[page.index('<div class="certificate">') : page.index("<h1>Originality report")]
    for value in ("ИГУ", "Петров П. П.", "Иванова", "301", "copy_ru.txt", "Signature"):
        assert value in cert


def test_certificate_needs_a_report_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", COPY, "--against", SOURCE, "--certificate"]) == cli.EXIT_USAGE
    assert "--certificate needs --report" in capsys.readouterr().err
