"""Tests of legacy .doc conversion (extract/converters.py): no converter on PATH, and a
stand-in catdoc for the command line, the output and its errors."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from copylens.core.errors import ConverterMissing, CorruptFile, EncryptedFile
from copylens.core.extract import Extracted, extract_file
from tests.extract.samples import assert_unchanged, snapshot


def _fake_ole_doc(path: Path) -> Path:
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2048))
    return path


def test_doc_without_converter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    with pytest.raises(ConverterMissing, match=r"legacy \.doc needs catdoc or antiword"):
        extract_file(_fake_ole_doc(tmp_path / "old.doc"))


def _install_converter(folder: Path, name: str, script: str) -> None:
    folder.mkdir(exist_ok=True)
    exe = folder / name
    exe.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    exe.chmod(0o755)


@pytest.mark.skipif(sys.platform == "win32", reason="shell-script converter stand-in")
def test_doc_through_converter_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A stand-in catdoc: checks it got the documented options and a readable copy of the file.
    bin_dir = tmp_path / "bin"
    _install_converter(
        bin_dir,
        "catdoc",
        '[ "$1 $2 $3" = "-w -d utf-8" ] && [ -r "$4" ] || exit 3\n'
        "printf 'Текст из старого документа\\n'\n",
    )
    monkeypatch.setenv("PATH", str(bin_dir))
    path = _fake_ole_doc(tmp_path / "old.doc")
    before = snapshot(path)
    result = extract_file(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert result == Extracted(str(path), "Текст из старого документа\n", "doc", None, digest)
    assert_unchanged(path, before)
    _install_converter(bin_dir, "catdoc", "echo 'This file is encrypted' >&2; exit 1\n")
    with pytest.raises(EncryptedFile):
        extract_file(path)
    _install_converter(bin_dir, "catdoc", "echo 'Not an OLE file' >&2; exit 1\n")
    with pytest.raises(CorruptFile, match=r"catdoc could not read the \.doc \(Not an OLE file\)"):
        extract_file(path)
