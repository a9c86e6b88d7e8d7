"""What the extract tests share: sample texts, an RTF header, a minimal .docx's members, and
checks that a file was left untouched. File builders are in ``tests/fixtures_make.py``."""

from __future__ import annotations

from pathlib import Path

RU = (
    "В этой работе рассматривается вопрос о том, как менялась литературная традиция в России "
    "на протяжении девятнадцатого века.\nАвторы эпохи спорили о языке, о народе и о свободе; "
    "их письма сохранились в архивах."
)

RTF_HEAD = r"{\rtf1\ansi\ansicpg1251\deff0{\fonttbl{\f0\fswiss\fcharset204 Arial;}}"


def assert_unchanged(path: Path, before: tuple[bytes, int]) -> None:
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def lines(text: str) -> list[str]:
    return text.split("\n")


def minimal_docx_members(document_body: str) -> dict[str, str]:
    """The members of a minimal .docx whose ``<w:body>`` holds ``document_body``."""
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
