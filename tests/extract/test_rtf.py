"""Tests of the .rtf reader (extract/rtf.py): code pages, Unicode escapes, font charsets."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core.errors import CorruptFile
from copylens.core.extract import extract_file, extract_text
from tests.extract.samples import RTF_HEAD, lines
from tests.fixtures_make import make_rtf, rtf_hex_escape, rtf_unicode_escape


def test_rtf_cp1251_hex_escapes(tmp_path: Path) -> None:
    source = RTF_HEAD + r"\f0 " + rtf_hex_escape("Привет, мир! Їжак і ґанок.", "cp1251")
    path = make_rtf(tmp_path / "ru.rtf", source + r"\par " + r"Second line.\par }")
    result = extract_file(path)
    assert result.format == "rtf"
    assert result.encoding == "cp1251"
    assert lines(result.text.strip()) == ["Привет, мир! Їжак і ґанок.", "Second line."]


def test_rtf_unicode_escapes_including_astral(tmp_path: Path) -> None:
    text = "Съешь ещё булок 😀 — done"
    source = r"{\rtf1\ansi\uc1 " + rtf_unicode_escape(text) + r"\par }"
    path = make_rtf(tmp_path / "uni.rtf", source)
    assert extract_file(path).text.strip() == text


def test_rtf_without_codepage_uses_cyrillic_font_charset(tmp_path: Path) -> None:
    source = (
        r"{\rtf1\ansi{\fonttbl{\f0\fcharset204 Times;}}\f0 "
        + rtf_hex_escape("Русский текст", "cp1251")
        + r"\par }"
    )
    assert extract_text(source.encode("ascii"), "x.rtf").text.strip() == "Русский текст"


def test_not_rtf(tmp_path: Path) -> None:
    path = tmp_path / "plain.rtf"
    path.write_text("Plain text, not RTF", encoding="utf-8")
    with pytest.raises(CorruptFile, match="not an RTF file"):
        extract_file(path)
