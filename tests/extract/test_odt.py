"""Tests of the .odt reader (extract/odt.py): paragraphs, headings, tables, notes, headers
and footers in order; entity declarations and truncated files."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core.errors import CorruptFile
from copylens.core.extract import extract_file, extract_text
from tests.extract.samples import assert_unchanged, lines, snapshot
from tests.fixtures_make import Heading, make_odt, make_zip, read_zip


def test_odt_paragraphs_headings_tables_notes_header_footer(tmp_path: Path) -> None:
    path = make_odt(
        tmp_path / "essay.odt",
        [
            Heading("On printing"),
            "Intro paragraph about the press.",
            [["Year", "Event"], ["1450", "Gutenberg press"]],
            "Closing   paragraph with  spaces.\tTabbed.",
        ],
        header="Running header",
        footer="Page footer",
        footnotes=["First footnote text."],
    )
    before = snapshot(path)
    result = extract_file(path)
    assert result.format == "odt"
    assert lines(result.text) == [
        "On printing",
        "Intro paragraph about the press.",
        "Year\tEvent",
        "1450\tGutenberg press",
        "Closing   paragraph with  spaces.\tTabbed.",
        "Running header",
        "Page footer",
        "First footnote text.",
    ]
    assert_unchanged(path, before)


def test_odt_with_entities_and_truncated_odt(tmp_path: Path) -> None:
    members = read_zip(make_odt(tmp_path / "base.odt", ["Text"]))
    content = members["content.xml"].decode()
    members["content.xml"] = content.replace("?>", '?><!DOCTYPE x [<!ENTITY a "aaaa">]>', 1)
    with pytest.raises(CorruptFile, match=r"\.odt contains XML entity declarations"):
        extract_file(make_zip(tmp_path / "ent.odt", members))
    data = (tmp_path / "base.odt").read_bytes()
    with pytest.raises(CorruptFile, match=r"damaged or truncated \.odt"):
        extract_text(data[:-40], "cut.odt")
