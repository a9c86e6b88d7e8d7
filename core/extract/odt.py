"""OpenDocument text (.odt): paragraphs, headings, lists and tables in order, then headers
and footers, then notes.

What must hold: one line per paragraph/heading and per table row (cells joined by a tab, a
cell's paragraphs by a space); runs of XML whitespace collapse to one space, while
``text:s``, ``text:tab`` and ``text:line-break`` give spaces, tabs and newlines; tracked
changes, comments and declarations are skipped; identical headers/footers are kept once. The
container passes :func:`copylens.core.extract.zipguard.check_zip` first, and the XML is parsed
by defusedxml with DTDs forbidden.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import TYPE_CHECKING

from copylens.core.errors import CorruptFile, TooLarge
from copylens.core.extract.base import Limits, Read
from copylens.core.extract.zipguard import check_zip

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

_ODF_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_ODF_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_ODF_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_ODF_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_ODF_PARAGRAPHS = frozenset({f"{_ODF_TEXT}p", f"{_ODF_TEXT}h"})
_ODF_TABLE_TABLE = f"{_ODF_TABLE}table"
_ODF_ROW = f"{_ODF_TABLE}table-row"
_ODF_CELLS = frozenset({f"{_ODF_TABLE}table-cell", f"{_ODF_TABLE}covered-table-cell"})
_ODF_ROW_GROUPS = frozenset(
    f"{_ODF_TABLE}{n}" for n in ("table-header-rows", "table-rows", "table-row-group")
)
_ODF_NOTE = f"{_ODF_TEXT}note"
_ODF_NOTE_BODY = f"{_ODF_TEXT}note-body"
_ODF_SPACE = f"{_ODF_TEXT}s"
_ODF_INLINE_TEXT = {f"{_ODF_TEXT}tab": "\t", f"{_ODF_TEXT}line-break": "\n"}
# Subtrees that are not the document's visible text: tracked deletions, comments, declarations.
_ODF_SKIP = frozenset(
    {f"{_ODF_OFFICE}annotation", f"{_ODF_OFFICE}forms", f"{_ODF_TABLE}table-columns"}
    | {
        f"{_ODF_TEXT}{n}"
        for n in (
            "tracked-changes",
            "sequence-decls",
            "variable-decls",
            "user-field-decls",
            "note-citation",
        )
    }
)
_ODF_HEADER_FOOTER = frozenset(
    f"{_ODF_STYLE}{kind}{side}" for kind in ("header", "footer") for side in ("", "-left", "-first")
)
_ODF_WHITESPACE = re.compile(r"[ \t\r\n]+")
_ODF_MAX_SPACES = 100


def read(data: bytes, limits: Limits) -> Read:
    """Paragraphs, headings, lists and tables in order, then headers/footers, then notes."""
    check_zip(data, ".odt", limits.max_bytes)
    content, styles = _members(data)
    body = _parse(content).find(f"{_ODF_OFFICE}body/{_ODF_OFFICE}text")
    if body is None:
        raise CorruptFile("the .odt is not a text document (no office:text body)")
    lines: list[str] = []
    notes: list[str] = []
    try:
        _blocks(body, lines, notes)
        if styles is not None:
            lines.extend(_headers_footers(_parse(styles), notes))
    except RecursionError as exc:  # thousands of nested spans: well-formed, not damaged
        raise TooLarge("the .odt nests its elements too deeply to read (refused)") from exc
    return Read("\n".join(lines + notes))


def _members(data: bytes) -> tuple[bytes, bytes | None]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = set(archive.namelist())
        if "content.xml" not in names:
            raise CorruptFile("the .odt has no content.xml (not an OpenDocument text)")
        styles = archive.read("styles.xml") if "styles.xml" in names else None
        return archive.read("content.xml"), styles


def _parse(xml: bytes) -> Element:
    """Parse with defusedxml, DTDs forbidden (the zip scan already refused them)."""
    from defusedxml.ElementTree import fromstring

    return fromstring(xml, forbid_dtd=True)


def _headers_footers(styles_root: Element, notes: list[str]) -> list[str]:
    """Lines of master-page headers and footers; identical ones kept once."""
    lines: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for element in styles_root.iter():
        if element.tag in _ODF_HEADER_FOOTER:
            block: list[str] = []
            _blocks(element, block, notes)
            if tuple(block) not in seen:
                seen.add(tuple(block))
                lines.extend(block)
    return lines


def _blocks(container: Element, lines: list[str], notes: list[str]) -> None:
    """One line per paragraph/heading and per table row, recursing into lists and sections."""
    for child in container:
        if child.tag in _ODF_PARAGRAPHS:
            parts: list[str] = []
            _inline(child, parts, notes)
            lines.append("".join(parts))
        elif child.tag == _ODF_TABLE_TABLE:
            lines.extend(_table(child, notes))
        elif child.tag not in _ODF_SKIP:
            _blocks(child, lines, notes)


def _table(table: Element, notes: list[str]) -> list[str]:
    """One line per row; cells joined by a tab; a cell's paragraphs joined by a space."""
    rows: list[str] = []
    for child in table:
        if child.tag == _ODF_ROW:
            cells = []
            for cell in child:
                if cell.tag in _ODF_CELLS:
                    cell_lines: list[str] = []
                    _blocks(cell, cell_lines, notes)
                    cells.append(" ".join(line for line in cell_lines if line))
            rows.append("\t".join(cells))
        elif child.tag in _ODF_ROW_GROUPS:
            rows.extend(_table(child, notes))
    return rows


def _inline(element: Element, parts: list[str], notes: list[str]) -> None:
    """Text of a paragraph: spans, links, text:s/tab/line-break; note bodies go to ``notes``."""
    if element.text:
        parts.append(_ODF_WHITESPACE.sub(" ", element.text))
    for child in element:
        tag = child.tag
        if tag == _ODF_SPACE:
            parts.append(" " * _space_count(child.get(f"{_ODF_TEXT}c")))
        elif tag in _ODF_INLINE_TEXT:
            parts.append(_ODF_INLINE_TEXT[tag])
        elif tag == _ODF_NOTE:
            note_body = child.find(_ODF_NOTE_BODY)
            if note_body is not None:
                _blocks(note_body, notes, notes)
        elif tag in _ODF_PARAGRAPHS:  # a paragraph in a text box inside this paragraph
            parts.append("\n")
            _inline(child, parts, notes)
        elif tag not in _ODF_SKIP:
            _inline(child, parts, notes)
        if child.tail:
            parts.append(_ODF_WHITESPACE.sub(" ", child.tail))


def _space_count(value: str | None) -> int:
    try:
        return max(1, min(int(value or "1"), _ODF_MAX_SPACES))
    except ValueError:
        return 1
