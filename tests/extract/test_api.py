"""Tests of the extract package's public API (``copylens.core.extract``): its names and
limits, :class:`Extracted`, the dispatcher's errors, and every format end to end; on real
files built in tmp_path (see fixtures_make.py), no mocks."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from copylens.core.errors import EmptyFile, InputError
from copylens.core.extract import (
    DEFAULT_MAX_BYTES,
    SUPPORTED_SUFFIXES,
    Extracted,
    collect_files,
    extract_file,
    extract_text,
    zip_expansion_limit,
)
from tests.extract.samples import RU, assert_unchanged, snapshot
from tests.fixtures_make import make_docx, make_html, make_odt, make_pdf, make_rtf

REPO = Path(__file__).resolve().parents[2]


def test_supported_suffixes_and_default_limit() -> None:
    expected = {".txt", ".md", ".docx", ".pdf", ".odt", ".rtf", ".html", ".htm", ".doc"}
    assert expected == SUPPORTED_SUFFIXES
    assert DEFAULT_MAX_BYTES == 50 * 1024 * 1024
    assert zip_expansion_limit(DEFAULT_MAX_BYTES) == 500 * 1024 * 1024
    assert zip_expansion_limit(10 * DEFAULT_MAX_BYTES) == 512 * 1024 * 1024


def test_extracted_is_frozen_and_keeps_path_as_given(tmp_path: Path) -> None:
    path = tmp_path / "essay.txt"
    path.write_text("Hello world", encoding="utf-8")
    result = extract_file(str(path))
    digest = hashlib.sha256(b"Hello world").hexdigest()
    assert result == Extracted(str(path), "Hello world", "txt", "utf-8", digest)
    with pytest.raises(AttributeError):
        result.text = "changed"  # type: ignore[misc]


def test_importing_the_module_loads_no_heavy_library() -> None:
    code = (
        "import sys, copylens.core.extract as e\n"
        "e.extract_text(b'Plain UTF-8 essay text, nothing more.', 'a.txt')\n"
        "heavy = ('docx', 'pdfminer', 'trafilatura', 'odf', 'striprtf', 'charset_normalizer',"
        " 'lxml', 'defusedxml', 'PySide6', 'PyQt6')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_empty_and_textless_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(EmptyFile, match=r"the file is empty \(0 bytes\)"):
        extract_file(empty)
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b" \r\n\t\n ... --- !!!\n")
    with pytest.raises(EmptyFile, match="no text found in the file"):
        extract_file(blank)
    with pytest.raises(EmptyFile):
        extract_text(b"", "pasted.txt")


def test_input_errors_are_all_input_error_subclasses(tmp_path: Path) -> None:
    bad = tmp_path / "bad.docx"
    bad.write_bytes(b"PK\x03\x04 truncated")
    for call in (
        lambda: extract_file(bad),
        lambda: extract_file(tmp_path / "nope.pdf"),
        lambda: extract_text(b"%PDF-1.4 nonsense", "x.pdf"),
        lambda: extract_text(b"{\\rtf1 {", "x.rtf"),
        lambda: extract_text(b"<html><body></body></html>", "x.html"),
    ):
        with pytest.raises(InputError):
            call()


def test_every_format_leaves_its_input_untouched(tmp_path: Path) -> None:
    paths = [
        make_docx(tmp_path / "a.docx", ["Docx text"], header="H"),
        make_odt(tmp_path / "a.odt", ["Odt text"]),
        make_pdf(tmp_path / "a.pdf", "Pdf text"),
        make_rtf(tmp_path / "a.rtf", r"{\rtf1\ansi Rtf text\par }"),
        make_html(tmp_path / "a.html", "<p>Html text</p>"),
    ]
    (tmp_path / "a.txt").write_bytes(RU.encode("koi8-r"))
    paths.append(tmp_path / "a.txt")
    before = {path: snapshot(path) for path in paths}
    files, _ = collect_files([tmp_path])
    assert sorted(files) == sorted(paths)
    for path in files:
        assert extract_file(path).text.strip()
    for path in paths:
        assert_unchanged(path, before[path])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)
