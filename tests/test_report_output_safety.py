"""Issue 38, item 7: reports and terminal output that a file name or a text cannot subvert.

Long lines are broken for paper (:func:`copylens.app.export._paper_cuts`), bidirectional
controls are shown as their codes in the HTML (:data:`copylens.app.export.BIDI_CONTROLS`), and
the command line's text output escapes control characters (:func:`copylens.app.textout.shown`).
The PDF side of the same is in ``tests/gui/test_report_paper.py``.
"""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest

from copylens.app import cli, export, textout
from copylens.core.documents import TextInput
from copylens.core.engine import check
from copylens.core.options import Options
from copylens.core.report import CheckReport, DocumentResult

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
RLO = "\u202e"
TROJAN = f"cod{RLO}fdp.txt"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def one_document(text: str, name: str = "one.txt") -> CheckReport:
    """A report of one document without sources (the text is all the report shows)."""
    words = len(text.split())
    d = DocumentResult(name, "en", words, words, 1.0, 0.0, 0.0, 0, (), "0" * 64, ())
    return CheckReport((d,), (), Options(), texts={name: text})


def _text_div(page: str) -> str:
    match = re.search(r'<div class="text">(.*?)</div>', page, re.S)
    assert match
    return match.group(1)


def test_paper_breaks_a_single_long_line_into_lines_of_bounded_length() -> None:
    words = [f"word{n}" + ("." if n % 17 == 16 else "") for n in range(20_000)]
    text = " ".join(words)  # 150 kB on one line
    page = export.html_report(one_document(text), wrap_names=True)
    div = _text_div(page)
    lines = div.split("\n")
    assert len(lines) > len(text) // export.PAPER_LINE_CHARS
    assert max(len(line) for line in lines) <= export.PAPER_LINE_CHARS
    assert all(line.endswith(". ") for line in lines[:-1])  # after a sentence's end
    assert html.unescape(div.replace("\n", "")) == text  # nothing lost, nothing added
    screen = export.html_report(one_document(text))
    assert "\n" not in _text_div(screen)  # a browser wraps by itself: the text as it is


def test_paper_gives_a_long_token_places_to_wrap_and_keeps_offsets() -> None:
    text = "start " + "x" * 1500 + " end"
    cuts = export._paper_cuts(text)
    assert [at for at, _ in cuts] == list(range(6 + 40, 1506, 40))
    div = _text_div(export.html_report(one_document(text), wrap_names=True))
    assert div.replace("\u200b", "") == text
    assert max(len(run) for run in div.split("\u200b")) <= export.PAPER_RUN_CHARS + 6


def test_paper_prints_at_most_the_budget_and_says_where_it_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(export, "PAPER_TEXT_CHARS", 1000)
    text = "word " * 500  # 2,500 characters
    page = export.html_report(one_document(text), wrap_names=True)
    div = _text_div(page)
    assert 800 < len(div) <= 1000 and div.endswith("word ")
    assert f"of {len(text)}" in page and "HTML report has the whole text" in page
    assert _text_div(export.html_report(one_document(text))) == text  # HTML: all of it


def test_html_shows_bidirectional_controls_in_names_and_text() -> None:
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text("utf-8")
    report = check(
        [TextInput(f"essays/{TROJAN}", f"{copy}\n{RLO}gnp.exe{BIDI}\n")],
        [TextInput(f"sources/{RLO}src\u2067.txt", source)],
    )
    for wrap in (False, True):
        page = export.html_report(report, wrap_names=wrap)
        assert not set(BIDI) & set(page)
        assert "cod[U+202E]fdp.txt" in page.replace("\u200b", "")
        assert "[U+202E]src[U+2067].txt" in page.replace("\u200b", "")
        assert "[U+202E]gnp.exe[U+202A][U+202B]" in page
    assert "\u200f" in export._e("a\u200fb")  # a right-to-left mark reorders no letters: kept


def test_terminal_output_escapes_control_characters(tmp_path: Path) -> None:
    doc = tmp_path / f"\x1b[31mred\x1b]0;title\x07{RLO}fdp.txt"
    doc.write_text((SAMPLES / "copy_ru.txt").read_text("utf-8"), encoding="utf-8")
    src = tmp_path / "\x9b2Jsrc.txt"
    src.write_text((SAMPLES / "source_ru.txt").read_text("utf-8"), encoding="utf-8")
    missing = tmp_path / "gone\x1b[2J.txt"
    report = check([doc, missing], [src])
    out = io.StringIO()
    textout.print_check(report, out)
    written = out.getvalue()
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", written)
    assert not set(BIDI) & set(written)
    assert "\\x1b[31mred\\x1b]0;title\\x07\\u202efdp.txt" in written
    assert "\\x9b2Jsrc.txt" in written and "gone\\x1b[2J.txt" in written
    assert "Байкал" in written  # Cyrillic as it is


def test_command_line_text_and_errors_escape_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = tmp_path / "\x1b[31mdoc.txt"
    doc.write_text((SAMPLES / "copy_ru.txt").read_text("utf-8"), encoding="utf-8")
    src = tmp_path / "src.txt"
    src.write_text((SAMPLES / "source_ru.txt").read_text("utf-8"), encoding="utf-8")
    assert cli.main(["check", str(doc), "--against", str(src), "--quiet"]) == 0
    assert cli.main(["extract", str(tmp_path / "\x1b[2Jgone.txt")]) == 1
    captured = capsys.readouterr()
    for stream in (captured.out, captured.err):
        assert "\x1b" not in stream
    assert "\\x1b[31mdoc.txt" in captured.out and "\\x1b[2Jgone.txt" in captured.err


def test_shown_leaves_ordinary_text_alone() -> None:
    assert textout.shown("Иванов — эссе (2024).docx") == "Иванов — эссе (2024).docx"
    assert textout.shown("a\tb\nc\u202ed") == "a\\tb\\nc\\u202ed"
