"""Tests of copylens.core.extract on real files built in tmp_path (see fixtures_make.py); no
mocks."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.errors import (
    ConverterMissing,
    CorruptFile,
    EmptyFile,
    EncryptedFile,
    InputError,
    NoTextLayer,
    TooLarge,
    UnreadableFile,
    UnsupportedType,
)
from copylens.core.extract import (
    DEFAULT_MAX_BYTES,
    SUPPORTED_SUFFIXES,
    Extracted,
    collect_files,
    decode_text,
    extract_file,
    extract_text,
    zip_expansion_limit,
)
from tests.fixtures_make import (
    Heading,
    RawEntry,
    deflate_entry,
    make_docx,
    make_html,
    make_odt,
    make_pdf,
    make_png,
    make_rtf,
    make_zip,
    read_zip,
    rtf_hex_escape,
    rtf_unicode_escape,
    write_raw_zip,
    zeros_entry,
)

REPO = Path(__file__).resolve().parents[1]

RU = (
    "В этой работе рассматривается вопрос о том, как менялась литературная традиция в России "
    "на протяжении девятнадцатого века.\nАвторы эпохи спорили о языке, о народе и о свободе; "
    "их письма сохранились в архивах."
)
UK = (
    "Він пішов додому пізно ввечері. Вона сказала: «Ні, я не піду, бо їжак і ґава чекають "
    "на ґанку».\nМісто спить, а ми ще працюємо над есеєм про історію України."
)
EN_SMART = (
    "“Smart quotes” aren’t ‘dumb’ — they’re typographic… The essay’s author said so.\r\n"
    "It’s a second line, with an en dash – and a euro sign €."
)
DE = "Grüße aus München! Die Straße ist schön, übermäßig groß und ähnlich lang.\nZweite Zeile."


def assert_unchanged(path: Path, before: tuple[bytes, int]) -> None:
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def lines(text: str) -> list[str]:
    return text.split("\n")


# --------------------------------------------------------------------------- public surface


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


def test_plain_utf8_text_costs_well_under_a_millisecond() -> None:
    sentence = "The quick brown fox jumps over the lazy dog, and the essay goes on. "
    data = (sentence * 80)[:5000].encode("utf-8")
    extract_text(data, "warm.txt")
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(100):
            extract_text(data, "essay.txt")
        best = min(best, (time.perf_counter() - start) / 100)
    assert best < 0.001


# --------------------------------------------------------------------------- text encodings


@pytest.mark.parametrize(
    ("text", "codec", "expected_codec"),
    [
        (RU, "utf-8", "utf-8"),
        (EN_SMART, "utf-8-sig", "utf-8-sig"),
        (UK, "utf-16", "utf-16"),  # BOM + little endian
        (RU, "utf-16-be", "utf-16-be"),
        (EN_SMART, "utf-16-le", "utf-16-le"),
        (DE, "utf-16-be", "utf-16-be"),
        ("Привет", "utf-16-le", "utf-16-le"),  # no ASCII at all, so no NUL byte either
        (UK, "utf-32", "utf-32"),
        (RU, "cp1251", "cp1251"),
        (UK, "cp1251", "cp1251"),
        (RU, "koi8-r", "koi8-r"),
        ("Привет, мир! Как дела?", "koi8-r", "koi8-r"),
        ("Привет, мир! Как дела?", "cp1251", "cp1251"),
        ("ВНИМАНИЕ! ЭТО ВАЖНОЕ СООБЩЕНИЕ ДЛЯ ВСЕХ.", "cp1251", "cp1251"),
        ("ВНИМАНИЕ! ЭТО ВАЖНОЕ СООБЩЕНИЕ ДЛЯ ВСЕХ.", "koi8-r", "koi8-r"),
        (RU, "cp866", "cp866"),
        (EN_SMART, "cp1252", "cp1252"),
        (DE, "cp1252", "cp1252"),
        ("À la maison, il a été très content de voir sa sœur. Ça va.", "cp1252", "cp1252"),
    ],
)
def test_text_encodings_decode_exactly(
    tmp_path: Path, text: str, codec: str, expected_codec: str
) -> None:
    path = tmp_path / "essay.txt"
    data = text.encode(codec)
    path.write_bytes(data)
    result = extract_file(path)
    assert result.text == text
    assert result.encoding == expected_codec
    assert data.decode(result.encoding) == result.text
    assert result.format == "txt"


def test_crlf_cr_tabs_and_edges_are_kept_exactly(tmp_path: Path) -> None:
    text = "  First line,\r\nsecond line\t\r\n\r\nold Mac line\rend with spaces   \n\n"
    path = tmp_path / "notes.md"
    path.write_bytes(text.encode("utf-8"))
    result = extract_file(path)
    assert result.text == text
    assert result.format == "md"
    assert result.text.index("second") == text.index("second")


def test_mixed_utf8_with_stray_cp1252_quotes() -> None:
    data = "He said “hello” and ".encode() + b"\x93goodbye\x94 to the caf\xc3\xa9."
    result = extract_text(data, "mixed.txt")
    assert result.text == "He said “hello” and “goodbye” to the café."
    assert result.encoding == "utf-8+cp1252"


def test_cp1251_ukrainian_is_not_taken_for_mixed_utf8() -> None:
    # "Ві" in cp1251 is C2 B3, a valid UTF-8 pair; the invalid bytes must win.
    text = "Він пішов. Вона сказала: «Ні». Вітер віє."
    assert decode_text(text.encode("cp1251")) == (text, "cp1251")


TEXT_CHARS = st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\t\n\r")


@settings(max_examples=60, deadline=None)
@given(st.text(TEXT_CHARS, min_size=1).filter(lambda t: any(ch.isalnum() for ch in t)))
def test_any_utf8_text_round_trips(text: str) -> None:
    result = extract_text(text.encode("utf-8"), "any.txt")
    assert result.text == (text[1:] if text.startswith("\ufeff") else text)


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
        b"ELF" + bytes(64) + b"some symbols",
        bytes(range(1, 32)) * 40,  # control characters without NUL
    ],
)
def test_binary_data_with_text_extension_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fake.txt"
    path.write_bytes(data)
    with pytest.raises(CorruptFile, match="binary data, not text"):
        extract_file(path)


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


# --------------------------------------------------------------------------- paths and sizes


def test_unsupported_suffix_and_no_suffix(tmp_path: Path) -> None:
    path = tmp_path / "data.xyz"
    path.write_text("Some text", encoding="utf-8")
    with pytest.raises(UnsupportedType, match=r"unsupported file type '\.xyz' \(supported: "):
        extract_file(path)
    with pytest.raises(UnsupportedType, match=r"\.docx"):
        extract_text(b"Some text", "README")


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
    with pytest.raises(TooLarge, match="file is 2000 bytes, over the 1000 limit"):
        extract_file(path, max_bytes=1000)
    with pytest.raises(TooLarge, match="file is 2000 bytes"):
        extract_text(b"word " * 400, "big.txt", max_bytes=1000)
    assert extract_file(path, max_bytes=2000).text.startswith("word word")


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


# --------------------------------------------------------------------------- .docx


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


def _minimal_docx_members(document_body: str) -> dict[str, str]:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    return {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
            "</Types>"
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Target="word/document.xml" Type="http://schemas.'
            'openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>'
            "</Relationships>"
        ),
        "word/document.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{w}">'
            f"<w:body>{document_body}</w:body></w:document>"
        ),
    }


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
    path = make_zip(tmp_path / "hand.docx", _minimal_docx_members(body))
    assert extract_file(path).text == "Kept\ttext inserted\nafter break\nIn a content control"


def test_truncated_docx(tmp_path: Path) -> None:
    good = make_docx(tmp_path / "good.docx", ["Some paragraph text."])
    data = good.read_bytes()
    path = tmp_path / "truncated.docx"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(
        CorruptFile, match=r"damaged or truncated \.docx \(not a valid zip archive\)"
    ):
        extract_file(path)


def test_zip_that_is_not_a_word_document(tmp_path: Path) -> None:
    path = make_zip(tmp_path / "other.docx", {"readme.txt": "just a zip"})
    with pytest.raises(CorruptFile, match=r"the \.docx is not a Word document"):
        extract_file(path)


def _docx_entries(tmp_path: Path) -> list[RawEntry]:
    members = read_zip(make_docx(tmp_path / "base.docx", ["A real paragraph."]))
    return [deflate_entry(name, content) for name, content in members.items()]


def test_one_gib_zip_bomb_docx_is_refused_fast_with_default_limit(tmp_path: Path) -> None:
    entries = [*_docx_entries(tmp_path), zeros_entry("word/media/padding.bin", 1025)]
    path = write_raw_zip(tmp_path / "bomb.docx", entries)
    assert path.stat().st_size < 2 * 1024 * 1024
    with zipfile.ZipFile(path) as archive:  # a genuine archive: 1025 MiB really inside
        assert archive.getinfo("word/media/padding.bin").file_size == 1025 << 20
    start = time.perf_counter()
    with pytest.raises(TooLarge) as caught:
        extract_file(path)
    assert time.perf_counter() - start < 0.5
    message = str(caught.value)
    assert f"expands to {(1025 << 20) + sum(e.size for e in entries[:-1])} bytes" in message
    assert f"over the {zip_expansion_limit(DEFAULT_MAX_BYTES)} limit" in message


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
    with pytest.raises(TooLarge, match=rf"expands to {total} bytes uncompressed"):
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
    members = _minimal_docx_members("<w:p><w:r><w:t>x</w:t></w:r></w:p>")
    members["word/document.xml"] = (
        '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
        + members["word/document.xml"].split("?>", 1)[1]
    ).encode("utf-16")
    path = make_zip(tmp_path / "wide.docx", members)
    with pytest.raises(CorruptFile, match="entity declarations"):
        extract_file(path)


def test_password_protected_docx_container(tmp_path: Path) -> None:
    # Encrypted OOXML is an OLE2 compound file holding an "EncryptedPackage" stream.
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + "EncryptedPackage".encode("utf-16-le")
    path = tmp_path / "locked.docx"
    path.write_bytes(ole + bytes(1024))
    with pytest.raises(EncryptedFile, match="password-protected"):
        extract_file(path)


# --------------------------------------------------------------------------- .pdf


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


# --------------------------------------------------------------------------- .odt


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


# --------------------------------------------------------------------------- .rtf

RTF_HEAD = r"{\rtf1\ansi\ansicpg1251\deff0{\fonttbl{\f0\fswiss\fcharset204 Arial;}}"


def test_rtf_cp1251_hex_escapes(tmp_path: Path) -> None:
    source = RTF_HEAD + r"\f0 " + rtf_hex_escape("Привет, мир! Їжак і ґанок.", "cp1251")
    path = make_rtf(tmp_path / "ru.rtf", source + r"\par " + r"Second line.\par }")
    result = extract_file(path)
    assert result.format == "rtf"
    assert result.encoding == "cp1251"
    assert lines(result.text.strip()) == ["Привет, мир! Їжак і ґанок.", "Second line."]


def test_rtf_unicode_escapes_including_astral(tmp_path: Path) -> None:
    text = "Съешь ещё булок 😀 — done"
    source = r"{\rtf1\ansi\uc1 " + rtf_unicode_escape(text) + r"\par }"
    path = make_rtf(tmp_path / "uni.rtf", source)
    assert extract_file(path).text.strip() == text


def test_rtf_without_codepage_uses_cyrillic_font_charset(tmp_path: Path) -> None:
    source = (
        r"{\rtf1\ansi{\fonttbl{\f0\fcharset204 Times;}}\f0 "
        + rtf_hex_escape("Русский текст", "cp1251")
        + r"\par }"
    )
    assert extract_text(source.encode("ascii"), "x.rtf").text.strip() == "Русский текст"


def test_not_rtf(tmp_path: Path) -> None:
    path = tmp_path / "plain.rtf"
    path.write_text("Plain text, not RTF", encoding="utf-8")
    with pytest.raises(CorruptFile, match="not an RTF file"):
        extract_file(path)


# --------------------------------------------------------------------------- .html

ARTICLE = [
    "The printing press was invented in the fifteenth century by Johannes Gutenberg, a "
    "goldsmith from Mainz, and it changed how knowledge spread across Europe.",
    "Before the press, books were copied by hand in monasteries, which made them rare and "
    "expensive; afterwards, books could be produced in thousands of copies.",
    "Historians still debate how quickly literacy rose as a consequence, but nobody doubts "
    "that the Reformation owed a great deal to cheap print.",
]
CHROME_WORDS = ["Homepage", "AboutUs", "ContactForm", "MegaLogo", "AllRightsReserved", "script"]


def _page_body() -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in ARTICLE)
    return (
        '<header><div class="logo">MegaLogo</div></header>'
        '<nav><ul><li><a href="/">Homepage</a></li><li><a href="/a">AboutUs</a></li>'
        '<li><a href="/c">ContactForm</a></li></ul></nav>'
        f"<main><article><h1>The printing press</h1>{paragraphs}</article></main>"
        "<footer><p>Copyright 2024. AllRightsReserved.</p></footer>"
    )


@pytest.mark.parametrize("suffix", [".html", ".htm"])
def test_html_main_text_without_menus(tmp_path: Path, suffix: str) -> None:
    path = make_html(tmp_path / f"page{suffix}", _page_body())
    before = snapshot(path)
    result = extract_file(path)
    assert result.format == "html"
    assert result.encoding == "utf-8"
    for paragraph in ARTICLE:
        assert paragraph in result.text
    for word in CHROME_WORDS:
        assert word not in result.text
    assert_unchanged(path, before)


def test_html_short_page_and_declared_cp1251(tmp_path: Path) -> None:
    body = "<nav>MenuOne MenuTwo</nav><p>Короткая страница о книгопечатании.</p>"
    path = make_html(tmp_path / "short.html", body, charset="cp1251")
    result = extract_file(path)
    assert result.text == "Короткая страница о книгопечатании."
    assert result.encoding == "cp1251"


def test_html_without_declared_charset_is_detected(tmp_path: Path) -> None:
    body = f"<p>{RU}</p>"
    path = make_html(tmp_path / "nometa.html", body, charset="koi8-r", declare_charset=False)
    result = extract_file(path)
    assert result.encoding == "koi8-r"
    assert "литературная традиция" in result.text


def test_html_with_no_text(tmp_path: Path) -> None:
    path = make_html(tmp_path / "empty.html", "<nav>Only menu</nav><script>x()</script>")
    with pytest.raises(EmptyFile, match="no text found"):
        extract_file(path)


# --------------------------------------------------------------------------- .doc


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


def test_doc_that_is_really_rtf_or_docx(tmp_path: Path) -> None:
    rtf = tmp_path / "saved-as.doc"
    rtf.write_bytes((RTF_HEAD + rtf_hex_escape("Привет", "cp1251") + r"\par }").encode())
    result = extract_file(rtf)
    assert (result.text.strip(), result.format) == ("Привет", "rtf")
    docx = tmp_path / "renamed.doc"
    docx.write_bytes(make_docx(tmp_path / "real.docx", ["Docx inside"]).read_bytes())
    assert extract_file(docx).text == "Docx inside"


# --------------------------------------------------------------------------- collect_files


def test_collect_files_tree(tmp_path: Path) -> None:
    root = tmp_path / "essays"
    for relative in (
        "b.txt",
        "a.DOCX",
        "notes.xyz",
        ".hidden.txt",
        "sub/c.pdf",
        "sub/deeper/d.md",
        "sub/image.png",
        ".git/config.txt",
        "sub/.cache/e.txt",
        "z/f.HTM",
    ):
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", encoding="utf-8")
    explicit = tmp_path / "explicit.xyz"
    explicit.write_text("x", encoding="utf-8")
    hidden = root / ".hidden.txt"
    missing = tmp_path / "missing.txt"
    files, problems = collect_files(
        [root, explicit, str(root / "b.txt"), missing, hidden, root / "sub" / ".." / "b.txt"]
    )
    assert files == [
        root / "a.DOCX",
        root / "b.txt",
        root / "sub" / "c.pdf",
        root / "sub" / "deeper" / "d.md",
        root / "z" / "f.HTM",
        explicit,
        hidden,
    ]
    assert problems == [(str(missing), "file or folder not found")]


def test_collect_files_survives_symlink_loops(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.txt").write_text("x", encoding="utf-8")
    (root / "sub" / "loop").symlink_to(root, target_is_directory=True)
    files, problems = collect_files([root, root])
    assert files == [root / "sub" / "a.txt"]
    assert problems == []


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
