"""Tests of the .docx reader (extract/docx.py): body, tables, headers/footers and notes in
order; runs, tabs, breaks, deletions and content controls; non-Word zips and encrypted
containers."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core.errors import CorruptFile, EncryptedFile
from copylens.core.extract import extract_file
from tests.extract.samples import assert_unchanged, lines, minimal_docx_members, snapshot
from tests.fixtures_make import Heading, make_docx, make_zip


def test_docx_body_tables_headers_footers_and_notes_in_order(tmp_path: Path) -> None:
    path = make_docx(
        tmp_path / "essay.docx",
        [
            Heading("On printing"),
            "Intro paragraph about the press.",
            [["Year", "Event"], ["1450", "Gutenberg press"]],
            "Closing paragraph.",
        ],
        header="Running header",
        footer="Page footer",
        footnotes=["First footnote text."],
        endnotes=["An endnote."],
        separator_text="SEPARATOR-ONLY",
    )
    before = snapshot(path)
    result = extract_file(path)
    assert result.format == "docx"
    assert result.encoding is None
    assert lines(result.text) == [
        "On printing",
        "Intro paragraph about the press.",
        "Year\tEvent",
        "1450\tGutenberg press",
        "Closing paragraph.",
        "Running header",
        "Page footer",
        " First footnote text.",
        " An endnote.",
    ]
    assert "SEPARATOR-ONLY" not in result.text
    assert_unchanged(path, before)


def test_docx_headers_per_section_each_part_once(tmp_path: Path) -> None:
    from docx import Document

    path = make_docx(tmp_path / "sections.docx", ["First section text."], header="Header one")
    document = Document(str(path))
    second = document.add_section()
    second.header.is_linked_to_previous = False
    second.header.paragraphs[0].text = "Header two"
    document.add_paragraph("Second section text.")
    document.add_section()  # linked to the previous header: no part of its own
    document.add_paragraph("Third section text.")
    document.save(str(path))
    assert lines(extract_file(path).text) == [
        "First section text.",
        "",  # python-docx ends each section with an empty paragraph holding the break
        "Second section text.",
        "",
        "Third section text.",
        "Header one",
        "Header two",
    ]


def test_hand_built_docx_runs_tabs_breaks_deletions_and_content_controls(tmp_path: Path) -> None:
    body = (
        "<w:p><w:pPr><w:tabs><w:tab w:val='left' w:pos='720'/></w:tabs></w:pPr>"
        "<w:r><w:t>Kept</w:t><w:tab/><w:t xml:space='preserve'>text </w:t></w:r>"
        "<w:del><w:r><w:delText>deleted words</w:delText></w:r></w:del>"
        "<w:ins><w:r><w:t>inserted</w:t></w:r></w:ins>"
        "<w:r><w:br/><w:t>after break</w:t></w:r></w:p>"
        "<w:sdt><w:sdtContent><w:p><w:r><w:t>In a content control</w:t></w:r></w:p>"
        "</w:sdtContent></w:sdt>"
    )
    path = make_zip(tmp_path / "hand.docx", minimal_docx_members(body))
    assert extract_file(path).text == "Kept\ttext inserted\nafter break\nIn a content control"


def test_zip_that_is_not_a_word_document(tmp_path: Path) -> None:
    path = make_zip(tmp_path / "other.docx", {"readme.txt": "just a zip"})
    with pytest.raises(CorruptFile, match=r"the \.docx is not a Word document"):
        extract_file(path)


def test_password_protected_docx_container(tmp_path: Path) -> None:
    # Encrypted OOXML is an OLE2 compound file holding an "EncryptedPackage" stream.
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + "EncryptedPackage".encode("utf-16-le")
    path = tmp_path / "locked.docx"
    path.write_bytes(ole + bytes(1024))
    with pytest.raises(EncryptedFile, match="password-protected"):
        extract_file(path)
