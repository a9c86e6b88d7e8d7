"""Tests of the table of handlers (extract/handlers.py): a suffix no handler takes, or no
suffix at all, is refused with the list of supported ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core.errors import UnsupportedType
from copylens.core.extract import extract_file, extract_text


def test_unsupported_suffix_and_no_suffix(tmp_path: Path) -> None:
    path = tmp_path / "data.xyz"
    path.write_text("Some text", encoding="utf-8")
    with pytest.raises(UnsupportedType, match=r"unsupported file type '\.xyz' \(supported: "):
        extract_file(path)
    with pytest.raises(UnsupportedType, match=r"\.docx"):
        extract_text(b"Some text", "README")
