"""Word documents (.docx): body paragraphs and tables in order, then headers/footers,
footnotes, endnotes.

What must hold: one line per paragraph and per table row (cells joined by a tab, a cell's
paragraphs by a space); only visible text (tracked deletions, field codes, properties and
markup-compatibility fallbacks skipped); each header/footer part once. The container passes
:func:`copylens.core.extract.zipguard.check_zip` before python-docx sees it. An OLE2 file
named .docx is either encrypted OOXML (:class:`EncryptedFile`) or a legacy .doc under a new
name (read by :mod:`copylens.core.extract.converters`, format "doc").
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from copylens.core.errors import CorruptFile, EncryptedFile
from copylens.core.extract import converters
from copylens.core.extract.base import Limits, Read
from copylens.core.extract.zipguard import check_zip

if TYPE_CHECKING:
    from lxml.etree import _Element

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"
_W_P, _W_TBL, _W_TR, _W_TC, _W_T = (f"{_W}{n}" for n in ("p", "tbl", "tr", "tc", "t"))
_W_TXBX = f"{_W}txbxContent"
# Containers that may wrap paragraphs, tables, rows or cells.
_W_WRAPPERS = frozenset(f"{_W}{n}" for n in ("sdt", "sdtContent", "customXml", "ins", "moveTo"))
# Subtrees that hold no visible text of the paragraph (properties, deleted text, field codes).
_W_SKIP = frozenset(
    {_MC_FALLBACK}
    | {
        f"{_W}{n}"
        for n in ("pPr", "rPr", "del", "moveFrom", "delText", "instrText", "delInstrText")
    }
)
_W_INLINE_TEXT = {
    f"{_W}tab": "\t",
    f"{_W}ptab": "\t",
    f"{_W}br": "\n",
    f"{_W}cr": "\n",
    f"{_W}noBreakHyphen": "-",
}
_W_NOTES = frozenset({f"{_W}footnote", f"{_W}endnote"})


def read(data: bytes, limits: Limits) -> Read:
    """Body paragraphs and tables in order, then headers/footers, footnotes, endnotes."""
    if data.startswith(_OLE_MAGIC):
        return _ole_document(data, ".docx")
    if "[Content_Types].xml" not in check_zip(data, ".docx", limits.max_bytes):
        raise CorruptFile("the .docx is not a Word document (no [Content_Types].xml)")
    from docx import Document
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    main = Document(io.BytesIO(data)).part
    lines: list[str] = []
    _blocks(main.element.body, lines)
    for part in _header_footer_parts(main):
        _blocks(part.element, lines)
    rels = [rel for rel in main.rels.values() if not rel.is_external]
    for reltype in (RT.FOOTNOTES, RT.ENDNOTES):
        for rel in rels:
            if rel.reltype == reltype:
                lines.extend(_notes(rel.target_part.blob))
    return Read("\n".join(lines))


def _header_footer_parts(main: Any) -> list[Any]:
    """Header then footer parts of each section, in section order, each part once."""
    parts: list[Any] = []
    seen: set[str] = set()
    related = main.related_parts
    body = main.element.body
    for sect_pr in body.iter(f"{_W}sectPr"):
        refs = [*sect_pr.iter(f"{_W}headerReference"), *sect_pr.iter(f"{_W}footerReference")]
        for ref in refs:
            part = related.get(ref.get(_R_ID))
            if part is not None and str(part.partname) not in seen:
                seen.add(str(part.partname))
                parts.append(part)
    return parts


def _blocks(container: _Element, out: list[str]) -> None:
    """Append one line per paragraph and per table row found in ``container``, in order."""
    for child in container:
        if child.tag == _W_P:
            out.append(_paragraph(child))
        elif child.tag == _W_TBL:
            out.extend(_table(child))
        elif child.tag in _W_WRAPPERS:
            _blocks(child, out)


def _children(element: _Element, tag: str) -> Iterator[_Element]:
    """Children with ``tag``, looking through content-control and similar wrappers."""
    for child in element:
        if child.tag == tag:
            yield child
        elif child.tag in _W_WRAPPERS:
            yield from _children(child, tag)


def _table(table: _Element) -> list[str]:
    """One line per row; cells joined by a tab; a cell's paragraphs joined by a space."""
    rows = []
    for row in _children(table, _W_TR):
        cells = []
        for cell in _children(row, _W_TC):
            cell_lines: list[str] = []
            _blocks(cell, cell_lines)
            cells.append(" ".join(line for line in cell_lines if line))
        rows.append("\t".join(cells))
    return rows


def _paragraph(paragraph: _Element) -> str:
    parts: list[str] = []
    _inline(paragraph, parts)
    return "".join(parts)


def _inline(element: _Element, parts: list[str]) -> None:
    """Visible text of runs, hyperlinks, fields and text boxes, in document order."""
    for child in element:
        tag = child.tag
        if tag == _W_T:
            parts.append(child.text or "")
        elif tag in _W_SKIP:
            continue
        elif tag in _W_INLINE_TEXT:
            parts.append(_W_INLINE_TEXT[tag])
        elif tag == _W_TXBX:
            box: list[str] = []
            _blocks(child, box)
            parts.extend("\n" + line for line in box)
        else:
            _inline(child, parts)


def _notes(blob: bytes) -> list[str]:
    """Lines of the normal footnotes/endnotes (separator and notice notes skipped)."""
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    root = etree.fromstring(blob, parser)
    lines: list[str] = []
    for note in root:
        if note.tag in _W_NOTES and note.get(f"{_W}type", "normal") == "normal":
            _blocks(note, lines)
    return lines


def _ole_document(data: bytes, label: str) -> Read:
    """An OLE2 file named .docx: encrypted OOXML, or a legacy .doc under a new name."""
    if "EncryptedPackage".encode("utf-16-le") in data:
        raise EncryptedFile("the {label} is password-protected", label=label)
    return converters.convert(data)
