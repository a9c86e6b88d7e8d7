"""Tests of reading one file (extract/access.py): missing paths, folders, pipes,
permissions and sizes, each refused with an :class:`InputError`."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.errors import TooLarge, UnreadableFile
from copylens.core.extract import extract_file, extract_text
from copylens.core.extract.access import _read_up_to


def test_missing_file_folder_and_fifo(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile, match="file not found"):
        extract_file(tmp_path / "missing.txt")
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    with pytest.raises(UnreadableFile, match="folder, not a file"):
        extract_file(folder)
    regular = tmp_path / "regular.txt"
    regular.write_text("x", encoding="utf-8")
    with pytest.raises(UnreadableFile, match="not found"):
        extract_file(regular / "child.txt")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.txt"
        os.mkfifo(fifo)
        with pytest.raises(UnreadableFile, match="not a regular file"):
            extract_file(fifo)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_permission_denied(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("Hidden text", encoding="utf-8")
    path.chmod(0)
    try:
        with pytest.raises(UnreadableFile, match="permission denied"):
            extract_file(path)
    finally:
        path.chmod(0o644)


def test_over_size_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"word " * 400)
    with pytest.raises(TooLarge, match="the file is 2,000 bytes, over the 1,000 bytes limit"):
        extract_file(path, max_bytes=1000)
    with pytest.raises(TooLarge, match="file is 2,000 bytes"):
        extract_text(b"word " * 400, "big.txt", max_bytes=1000)
    assert extract_file(path, max_bytes=2000).text.startswith("word word")


@settings(max_examples=300, deadline=None)
@given(
    data=st.binary(max_size=64),
    expected=st.integers(min_value=0, max_value=80),
    most=st.integers(min_value=1, max_value=80),
)
def test_a_file_is_read_up_to_the_limit_whatever_its_size_was(
    data: bytes, expected: int, most: int
) -> None:
    """The bytes read are the first ``most`` of the file as it is when read, whether it
    shrank or grew since its size (``expected``) was taken (issue 40: read in two steps, the
    first of the size ``stat`` gave, not ``most`` bytes allocated at once)."""
    assert _read_up_to(io.BufferedReader(io.BytesIO(data)), expected, most) == data[:most]
