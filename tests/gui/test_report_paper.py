"""The PDF report on paper: nothing past the margins, nothing lost (issues 36 and 38).

Every character of every page is measured with pdfminer against the 15 mm margins, in both
languages and for the input shapes that used to push a table out (a pasted text named by its
first words, several documents with long names, long source names).
"""

from __future__ import annotations

import os
import unicodedata

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pdfminer.high_level import extract_pages, extract_text
from pdfminer.layout import LTChar, LTPage

from copylens.app import i18n, printing
from copylens.app.qt import QtWidgets
from copylens.core.documents import TextInput
from copylens.core.engine import check
from copylens.core.options import Options
from copylens.core.report import CheckReport, DocumentResult

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"


@pytest.fixture
def english(qapp: QtWidgets.QApplication) -> Iterator[None]:
    yield
    i18n.install_translator(qapp, "en")


def outside_margins(path: Path) -> list[tuple[int, str, int]]:
    """(page, character, right edge in points) of every character beyond a 15 mm margin."""
    margin = printing.MARGIN_MM / 25.4 * 72 - 1  # points, with 1 pt of slack
    outside = []
    for page in extract_pages(str(path)):
        assert isinstance(page, LTPage)
        for char in _chars(page):
            if char.x1 > page.width - margin or char.x0 < margin:
                outside.append((page.pageid, char.get_text(), round(char.x1)))
    return outside


def _chars(item: object) -> Iterator[Any]:
    if isinstance(item, LTChar):
        yield item
    for child in getattr(item, "_objs", ()):
        yield from _chars(child)


def one_document(text: str, name: str = "one.txt") -> CheckReport:
    words = len(text.split())
    d = DocumentResult(name, "en", words, words, 1.0, 0.0, 0.0, 0, (), "0" * 64, ())
    return CheckReport((d,), (), Options(), texts={name: text})


def test_pdf_prints_a_line_without_spaces_whole_inside_the_margins(
    qapp: QtWidgets.QApplication, tmp_path: Path
) -> None:
    """A 12,000-character token used to run past the margin in three lines, the rest lost."""
    text = "x" * 11_990 + "THEEND"
    path = printing.write_report(tmp_path / "long.pdf", "pdf", one_document(text))
    printed = "".join(extract_text(str(path)).split())
    assert printed.count("x") >= 11_990 and "THEEND" in printed
    assert not outside_margins(path)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_pdf_shows_bidirectional_controls_in_names(
    qapp: QtWidgets.QApplication, english: None, tmp_path: Path, language: str
) -> None:
    i18n.install_translator(qapp, language)
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    report = check(
        [TextInput("essays/cod\u202efdp.txt", (SAMPLES / "copy_ru.txt").read_text("utf-8"))],
        [TextInput("sources/\u202egnp.exe", source)],
    )
    path = printing.write_report(tmp_path / "bidi.pdf", "pdf", report)
    printed = extract_text(str(path)).replace("\u200b", "")
    assert "\u202e" not in printed
    assert "cod[U+202E]fdp.txt" in printed and "[U+202E]gnp.exe" in printed


def _shapes() -> dict[str, CheckReport]:
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text("utf-8")  # has a look-alike letter
    folder = "/home/teacher/Документы/Источники/"
    return {
        # a pasted text is named by its first words
        "pasted": check(
            [TextInput("Статья: Байкал расположен в Восточной Сибири, на границах", copy)],
            [TextInput(f"{folder}Байкал_Восточная_Сибирь_энциклопедия.txt", source)],
        ),
        "several": check(
            [
                TextInput(f"/home/teacher/301/Иванова_Мария_Сергеевна_эссе_{n}.docx", copy)
                for n in range(3)
            ],
            [TextInput(f"{folder}Байкал.txt", source)],
        ),
    }


@pytest.fixture(scope="module")
def shapes() -> dict[str, CheckReport]:
    return _shapes()


@pytest.mark.parametrize("shape", ["pasted", "several"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_pdf_check_report_stays_inside_the_margins(
    qapp: QtWidgets.QApplication,
    english: None,
    shapes: dict[str, CheckReport],
    tmp_path: Path,
    language: str,
    shape: str,
) -> None:
    """Issue 36: the Russian summary and sources tables ran past the right margin."""
    i18n.install_translator(qapp, language)
    path = printing.write_report(tmp_path / "report.pdf", "pdf", shapes[shape])
    assert not outside_margins(path)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_pdf_of_a_short_article_is_two_pages(
    qapp: QtWidgets.QApplication, english: None, tmp_path: Path, language: str
) -> None:
    """Issue 36: a 236-word article gave 4 pages (page 3 one line, page 4 raw settings)."""
    i18n.install_translator(qapp, language)
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text("utf-8")
    article = copy + "\n\nМои выводы. " + " ".join(source.split()[:85])
    assert 230 <= len(article.split()) <= 240
    report = check([TextInput("Статья о Байкале", article)], [TextInput("Байкал.txt", source)])
    path = printing.write_report(tmp_path / "article.pdf", "pdf", report)
    from pdfminer.pdfpage import PDFPage

    with path.open("rb") as f:
        assert sum(1 for _ in PDFPage.get_pages(f)) <= 2
    printed = extract_text(str(path))
    assert "52428800" not in printed and "auto" not in printed.split()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_pdf_certificate_is_one_page_before_the_report(
    qapp: QtWidgets.QApplication, english: None, tmp_path: Path, language: str
) -> None:
    from copylens.app import export

    i18n.install_translator(qapp, language)
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text("utf-8")
    parts = [
        TextInput(f"/home/t/Источники/Байкал_{n}_энциклопедия_Восточная_Сибирь.txt", source)
        for n in range(7)
    ]
    report = check([TextInput("Иванова_эссе.docx", copy), TextInput("Петров.docx", copy)], parts)
    fields = export.Certificate(
        institution="Иркутский государственный университет, исторический факультет, "
        "кафедра истории России",
        title="Озеро Байкал: природа, история и охрана уникальной экосистемы",
        author="Иванова Мария Сергеевна",
        group="301",
        checker="доцент Петров Пётр Петрович",
    )
    path = printing.write_report(tmp_path / "cert.pdf", "pdf", report, certificate=fields)
    from pdfminer.pdfpage import PDFPage

    with path.open("rb") as f:
        pages = sum(1 for _ in PDFPage.get_pages(f))
    texts = [  # NFKC: the PDF's "ﬁ" ligature as "fi"
        unicodedata.normalize("NFKC", " ".join(extract_text(str(path), page_numbers=[n]).split()))
        for n in range(pages)
    ]
    heading = "Справка о проверке" if language == "ru" else "Originality check certificate"
    report_title = "Отчёт об оригинальности" if language == "ru" else "Originality report"
    signature = "Подпись" if language == "ru" else "Signature"
    for n, name in ((0, "Иванова_эссе.docx"), (1, "Петров.docx")):
        page = texts[n]
        assert heading in page and signature in page and name in page  # whole, on its page
        assert "Иванова Мария Сергеевна" in page and export.settings_hash(report.options) in page
    assert texts[2].startswith(report_title)
    assert not outside_margins(path)
