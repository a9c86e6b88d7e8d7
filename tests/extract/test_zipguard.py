"""Tests of the zip guard (extract/zipguard.py) on .docx containers: truncated archives,
zip bombs, expansion ratio and total, and XML entity declarations."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from copylens.core.errors import CorruptFile, TooLarge
from copylens.core.extract import extract_file
from tests.extract.samples import minimal_docx_members
from tests.fixtures_make import (
    RawEntry,
    deflate_entry,
    make_docx,
    make_zip,
    read_zip,
    write_raw_zip,
    zeros_entry,
)


def test_truncated_docx(tmp_path: Path) -> None:
    good = make_docx(tmp_path / "good.docx", ["Some paragraph text."])
    data = good.read_bytes()
    path = tmp_path / "truncated.docx"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(
        CorruptFile, match=r"damaged or truncated \.docx \(not a valid zip archive\)"
    ):
        extract_file(path)


def _docx_entries(tmp_path: Path) -> list[RawEntry]:
    members = read_zip(make_docx(tmp_path / "base.docx", ["A real paragraph."]))
    return [deflate_entry(name, content) for name, content in members.items()]


def test_one_gib_zip_bomb_docx_is_refused_before_inflating_with_default_limit(
    tmp_path: Path,
) -> None:
    entries = [*_docx_entries(tmp_path), zeros_entry("word/media/padding.bin", 1025)]
    path = write_raw_zip(tmp_path / "bomb.docx", entries)
    assert path.stat().st_size < 2 * 1024 * 1024
    with zipfile.ZipFile(path) as archive:  # a genuine archive: 1025 MiB really inside
        assert archive.getinfo("word/media/padding.bin").file_size == 1025 << 20
    with pytest.raises(TooLarge) as caught:  # from the central directory, nothing inflated
        extract_file(path)
    message = str(caught.value)
    assert "expands to 1025.8 MB uncompressed, over the 500.0 MB limit" in message


def test_high_ratio_member_is_refused(tmp_path: Path) -> None:
    entries = [*_docx_entries(tmp_path), zeros_entry("word/media/image1.png", 64)]
    path = write_raw_zip(tmp_path / "ratio.docx", entries)
    with pytest.raises(TooLarge, match=r"'word/media/image1\.png' expands \d+:1 .* 200:1 limit"):
        extract_file(path)


def test_total_expansion_is_measured_against_max_bytes(tmp_path: Path) -> None:
    path = make_docx(tmp_path / "normal.docx", ["Normal document text."])
    total = sum(info.file_size for info in zipfile.ZipFile(path).infolist())
    limit_bytes = total // 10 - 1  # the expansion limit is 10 x max_bytes
    assert path.stat().st_size <= limit_bytes
    with pytest.raises(TooLarge, match=rf"expands to {total:,} bytes uncompressed"):
        extract_file(path, max_bytes=limit_bytes)
    assert extract_file(path, max_bytes=total).text == "Normal document text."


def test_billion_laughs_docx_is_refused(tmp_path: Path) -> None:
    members = read_zip(make_docx(tmp_path / "base.docx", ["Innocent text."]))
    laughs = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>'
    )
    document = members["word/document.xml"].decode()
    members["word/document.xml"] = laughs + document.split("?>", 1)[1].replace(
        "Innocent text.", "&lol3;"
    )
    path = make_zip(tmp_path / "laughs.docx", members)
    with pytest.raises(CorruptFile, match=r"\.docx contains XML entity declarations \(refused\)"):
        extract_file(path)


def test_utf16_xml_entity_declaration_is_refused(tmp_path: Path) -> None:
    members = minimal_docx_members("<w:p><w:r><w:t>x</w:t></w:r></w:p>")
    members["word/document.xml"] = (
        '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
        + members["word/document.xml"].split("?>", 1)[1]
    ).encode("utf-16")
    path = make_zip(tmp_path / "wide.docx", members)
    with pytest.raises(CorruptFile, match="entity declarations"):
        extract_file(path)
