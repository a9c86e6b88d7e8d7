"""Tests of the .doc reader (extract/doc.py): RTF and .docx saved under .doc are read as
such."""

from __future__ import annotations

from pathlib import Path

from copylens.core.extract import extract_file
from tests.extract.samples import RTF_HEAD
from tests.fixtures_make import make_docx, rtf_hex_escape


def test_doc_that_is_really_rtf_or_docx(tmp_path: Path) -> None:
    rtf = tmp_path / "saved-as.doc"
    rtf.write_bytes((RTF_HEAD + rtf_hex_escape("Привет", "cp1251") + r"\par }").encode())
    result = extract_file(rtf)
    assert (result.text.strip(), result.format) == ("Привет", "rtf")
    docx = tmp_path / "renamed.doc"
    docx.write_bytes(make_docx(tmp_path / "real.docx", ["Docx inside"]).read_bytes())
    assert extract_file(docx).text == "Docx inside"
