"""Tests of the .pdf reader (extract/pdf.py): text layer, line-end hyphenation, Cyrillic
fonts, encryption, image-only and damaged files."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core.errors import CorruptFile, EncryptedFile, NoTextLayer
from copylens.core.extract import extract_file, extract_text
from tests.extract.samples import assert_unchanged, snapshot
from tests.fixtures_make import make_pdf, make_png


def test_pdf_text_and_line_end_hyphenation(tmp_path: Path) -> None:
    path = make_pdf(
        tmp_path / "essay.pdf",
        "This is an exam-\nple of a well-known rule, said Jean-\nPaul.\nA second para-\n\ngraph.",
    )
    before = snapshot(path)
    result = extract_file(path)
    assert result.format == "pdf"
    assert "This is an example of a well-known rule, said Jean-\nPaul." in result.text
    assert "paragraph." in result.text
    assert "exam-" not in result.text
    assert_unchanged(path, before)


def test_pdf_cyrillic_with_ttf_font(tmp_path: Path, dejavu_font: Path) -> None:
    text = "Съешь же ещё этих мягких французских булок, да выпей чаю. Українська мова: ґанок, їжак."
    path = make_pdf(tmp_path / "ru.pdf", text, font=dejavu_font)
    assert " ".join(extract_file(path).text.split()) == text


def test_pdf_needing_a_password_is_refused(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "locked.pdf", "Secret text", owner_password="own", user_password="u")
    with pytest.raises(EncryptedFile, match="the PDF is password-protected"):
        extract_file(path)


def test_pdf_encrypted_with_empty_user_password_is_read(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "perm.pdf", "Permissions only text", owner_password="own")
    assert b"/Encrypt" in path.read_bytes()
    assert extract_file(path).text.strip() == "Permissions only text"


def test_image_only_pdf_has_no_text_layer(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "scan.pdf", image=make_png(tmp_path / "page.png"))
    with pytest.raises(
        NoTextLayer, match=r"no text layer \(scanned images\?\); CopyLens does no OCR"
    ):
        extract_file(path)


def test_damaged_pdfs(tmp_path: Path) -> None:
    data = make_pdf(tmp_path / "good.pdf", "Some text here").read_bytes()
    with pytest.raises(CorruptFile, match=r"\.pdf"):
        extract_text(data[: len(data) // 2], "half.pdf")
    with pytest.raises(CorruptFile, match="not a PDF file"):
        extract_text(b"Just text pretending to be a PDF", "fake.pdf")
