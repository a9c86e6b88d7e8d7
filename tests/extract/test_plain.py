"""Tests of the plain-text reader (extract/plain.py): .txt and .md text kept exactly."""

from __future__ import annotations

from pathlib import Path

from copylens.core.extract import extract_file


def test_crlf_cr_tabs_and_edges_are_kept_exactly(tmp_path: Path) -> None:
    text = "  First line,\r\nsecond line\t\r\n\r\nold Mac line\rend with spaces   \n\n"
    path = tmp_path / "notes.md"
    path.write_bytes(text.encode("utf-8"))
    result = extract_file(path)
    assert result.text == text
    assert result.format == "md"
    assert result.text.index("second") == text.index("second")
