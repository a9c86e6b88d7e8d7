"""Tests of the .html reader (extract/html.py): main text without menus and page chrome,
declared and detected charsets, pages without text."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core.errors import EmptyFile
from copylens.core.extract import extract_file
from tests.extract.samples import RU, assert_unchanged, snapshot
from tests.fixtures_make import make_html

ARTICLE = [
    "The printing press was invented in the fifteenth century by Johannes Gutenberg, a "
    "goldsmith from Mainz, and it changed how knowledge spread across Europe.",
    "Before the press, books were copied by hand in monasteries, which made them rare and "
    "expensive; afterwards, books could be produced in thousands of copies.",
    "Historians still debate how quickly literacy rose as a consequence, but nobody doubts "
    "that the Reformation owed a great deal to cheap print.",
]


CHROME_WORDS = ["Homepage", "AboutUs", "ContactForm", "MegaLogo", "AllRightsReserved", "script"]


def _page_body() -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in ARTICLE)
    return (
        '<header><div class="logo">MegaLogo</div></header>'
        '<nav><ul><li><a href="/">Homepage</a></li><li><a href="/a">AboutUs</a></li>'
        '<li><a href="/c">ContactForm</a></li></ul></nav>'
        f"<main><article><h1>The printing press</h1>{paragraphs}</article></main>"
        "<footer><p>Copyright 2024. AllRightsReserved.</p></footer>"
    )


@pytest.mark.parametrize("suffix", [".html", ".htm"])
def test_html_main_text_without_menus(tmp_path: Path, suffix: str) -> None:
    path = make_html(tmp_path / f"page{suffix}", _page_body())
    before = snapshot(path)
    result = extract_file(path)
    assert result.format == "html"
    assert result.encoding == "utf-8"
    for paragraph in ARTICLE:
        assert paragraph in result.text
    for word in CHROME_WORDS:
        assert word not in result.text
    assert_unchanged(path, before)


def test_html_short_page_and_declared_cp1251(tmp_path: Path) -> None:
    body = "<nav>MenuOne MenuTwo</nav><p>Короткая страница о книгопечатании.</p>"
    path = make_html(tmp_path / "short.html", body, charset="cp1251")
    result = extract_file(path)
    assert result.text == "Короткая страница о книгопечатании."
    assert result.encoding == "cp1251"


def test_html_without_declared_charset_is_detected(tmp_path: Path) -> None:
    body = f"<p>{RU}</p>"
    path = make_html(tmp_path / "nometa.html", body, charset="koi8-r", declare_charset=False)
    result = extract_file(path)
    assert result.encoding == "koi8-r"
    assert "литературная традиция" in result.text


def test_html_with_no_text(tmp_path: Path) -> None:
    path = make_html(tmp_path / "empty.html", "<nav>Only menu</nav><script>x()</script>")
    with pytest.raises(EmptyFile, match="no text found"):
        extract_file(path)
