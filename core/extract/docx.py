"""Word documents (.docx): body paragraphs and tables in order, then headers/footers,
footnotes, endnotes.

What must hold: one line per paragraph and per table row (cells joined by a tab, a cell's
paragraphs by a space); only visible text (tracked deletions, field codes, properties and
markup-compatibility fallbacks skipped); each header/footer part once. The container passes
:func:`copylens.core.extract.zipguard.check_zip` before any part is parsed. An OLE2 file
named .docx is either encrypted OOXML (:class:`EncryptedFile`) or a legacy .doc under a new
name (read by :mod:`copylens.core.extract.converters`, format "doc").

Parts are read as streams (``lxml.etree.iterparse`` on the zip member, no DTD, no entity
expanded): each paragraph and table row is turned into text when it ends and then dropped, so
memory follows the largest paragraph, not the document (a 14 MB .docx of 480 MB of XML needed
6.4 GB as one tree), and reading stops as soon as the text passes ``max_chars``
(:func:`~copylens.core.extract.base.text_too_long`). The package is found as python-docx
finds it (the officeDocument relationship of ``_rels/.rels``, the part's relationships for
headers, footers and notes), which the text used to come through; it gives the same text.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from copylens.core.errors import CorruptFile, EncryptedFile
from copylens.core.extract import converters
from copylens.core.extract.base import Limits, Read, text_too_long
from copylens.core.extract.zipguard import check_zip

if TYPE_CHECKING:
    from lxml.etree import _Element

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"
_W_P, _W_TBL, _W_TR, _W_TC, _W_T = (f"{_W}{n}" for n in ("p", "tbl", "tr", "tc", "t"))
_W_BODY, _W_SECT_PR = f"{_W}body", f"{_W}sectPr"
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

_PKG_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
_RT_OFFICE_DOCUMENT = f"{_RT}officeDocument"
_RT_FOOTNOTES, _RT_ENDNOTES = f"{_RT}footnotes", f"{_RT}endnotes"
# python-docx reads the first; the others are the same XML (macros, templates).
_MAIN_CONTENT_TYPES = frozenset(
    {
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
        "application/vnd.ms-word.document.macroEnabled.main+xml",
        "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
    }
)


def read(data: bytes, limits: Limits) -> Read:
    """Body paragraphs and tables in order, then headers/footers, footnotes, endnotes."""
    if data.startswith(_OLE_MAGIC):
        return _ole_document(data, ".docx")
    if "[Content_Types].xml" not in check_zip(data, ".docx", limits.max_bytes):
        raise CorruptFile("the .docx is not a Word document (no [Content_Types].xml)")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        package = _Package(archive)
        main = package.main_document()
        rels = package.relationships(main)
        text = _Text(limits.max_chars)
        lines: list[str] = []
        refs = _stream(package.open(main), text, lines, _document_root)
        seen: set[str] = set()
        for ref in refs:
            part = rels.get(ref)
            if part is not None and part[1] not in seen and package.has(part[1]):
                seen.add(part[1])
                _stream(package.open(part[1]), text, lines, _part_root)
        for reltype in (_RT_FOOTNOTES, _RT_ENDNOTES):
            for kind, partname in rels.values():
                if kind == reltype and package.has(partname):
                    _stream(package.open(partname), text, lines, _notes_root)
    return Read("\n".join(lines))


# --------------------------------------------------------------------------- the package


class _Package:
    """The parts of a .docx zip as python-docx finds them: partnames are absolute ("/word/
    document.xml"), relationship targets are resolved against their source part's folder."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self._archive = archive
        self._names = set(archive.namelist())

    def has(self, partname: str) -> bool:
        return partname.lstrip("/") in self._names

    def open(self, partname: str) -> IO[bytes]:
        return self._archive.open(partname.lstrip("/"))

    def main_document(self) -> str:
        """The partname of the main document; :class:`CorruptFile` if there is none."""
        for kind, partname in self.relationships("/").values():
            if kind == _RT_OFFICE_DOCUMENT:
                if self.has(partname) and self._content_type(partname) in _MAIN_CONTENT_TYPES:
                    return partname
                break
        raise CorruptFile("the .docx is not a Word document (it holds no main document)")

    def relationships(self, source: str) -> dict[str, tuple[str, str]]:
        """Internal relationships of ``source`` ("/" for the package): id -> (type,
        partname), in the order they are listed."""
        folder, name = posixpath.split(source)
        rels_name = posixpath.join(folder, "_rels", f"{name}.rels")
        found: dict[str, tuple[str, str]] = {}
        if not self.has(rels_name):
            return found
        for rel in _elements(self.open(rels_name), _PKG_RELS):
            if rel.get("TargetMode") == "External":
                continue
            target = posixpath.normpath(posixpath.join(folder, rel.get("Target", "")))
            found[rel.get("Id", "")] = (rel.get("Type", ""), "/" + target.lstrip("/"))
        return found

    def _content_type(self, partname: str) -> str | None:
        """The part's content type from [Content_Types].xml (override, else by extension)."""
        overrides: dict[str, str] = {}
        defaults: dict[str, str] = {}
        tags = (f"{_CT}Override", f"{_CT}Default")
        for entry in _elements(self.open("[Content_Types].xml"), tags):
            if entry.tag == tags[0]:
                overrides[entry.get("PartName", "").lower()] = entry.get("ContentType", "")
            else:
                defaults[entry.get("Extension", "").lower()] = entry.get("ContentType", "")
        extension = posixpath.splitext(partname)[1].lstrip(".").lower()
        return overrides.get(partname.lower(), defaults.get(extension))


def _iterparse(
    source: IO[bytes], tags: tuple[str, ...], events: tuple[str, ...]
) -> Iterator[tuple[str, _Element]]:
    """lxml's iterparse over ``source``: no DTD loaded, no entity expanded, no network."""
    from lxml import etree

    return iter(
        etree.iterparse(
            source,
            events=events,
            tag=tags,
            resolve_entities=False,
            load_dtd=False,
            no_network=True,
            huge_tree=False,
        )
    )


def _elements(source: IO[bytes], tags: str | tuple[str, ...]) -> Iterator[_Element]:
    """Each element with one of ``tags``, complete, then dropped (for flat lists)."""
    with source:
        for _, element in _iterparse(source, (tags,) if isinstance(tags, str) else tags, ("end",)):
            yield element
            _drop(element)


def _drop(element: _Element) -> None:
    """Free a finished element and its finished earlier siblings."""
    element.clear()
    parent = element.getparent()
    if parent is not None:
        while element.getprevious() is not None:
            del parent[0]


# --------------------------------------------------------------------------- streaming


class _Text:
    """Characters of text found so far; :func:`text_too_long` past ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.chars = 0

    def add(self, line: str) -> str:
        self.chars += len(line)
        if self.chars > self.limit:
            raise text_too_long(self.limit)
        return line


# What an open element is to the reader.
_DOCUMENT = "document"  # the document part's root: its (first) body holds the text
_NOTES = "notes"  # the notes part's root: its normal notes hold the text
_BLOCKS = "blocks"  # holds paragraphs and tables: a body, a cell, a note, a wrapper of those
_TABLE = "table"  # holds rows (a table, or a wrapper in one)
_ROW = "row"  # holds cells
_PARA = "para"  # a paragraph: kept whole, turned into a line when it ends
_KEEP = "keep"  # inside a paragraph or a section's properties: kept for it
_SECT = "sect"  # section properties: their header and footer references are collected
_IGNORE = "ignore"  # nothing of the text: dropped when it ends


@dataclass
class _Open:
    """One open element: its role, where its output goes, and whether an ancestor keeps it."""

    element: _Element | None
    role: str
    out: list[str] = field(default_factory=list)
    into: list[str] | None = None
    kept: bool = False
    slot: int = -1


# The root of a part: its role (and, for the notes' root, which children hold text).
_RootRole = Callable[["_Element"], str]


def _document_root(root: _Element) -> str:
    return _DOCUMENT


def _part_root(root: _Element) -> str:
    return _BLOCKS


def _notes_root(root: _Element) -> str:
    return _NOTES


_STRUCTURE = (
    _W_BODY,
    _W_P,
    _W_TBL,
    _W_TR,
    _W_TC,
    _W_SECT_PR,
    *_W_NOTES,
    *_W_WRAPPERS,
)


def _stream(source: IO[bytes], text: _Text, lines: list[str], root_role: _RootRole) -> list[str]:
    """Append the lines of one part to ``lines``, reading it as a stream; return the ids of
    its header and footer references, section by section (headers first in each).

    Events come only for the elements that shape the text (body, paragraphs, tables, rows,
    cells, wrappers, notes, section properties); what lies between them is judged by the real
    parent: a paragraph whose parent is not its container's element is not read, as the
    recursive reading of a tree skips what it does not know.
    """
    stack: list[_Open] = []
    sections: list[list[str]] = []
    body_seen = False
    with source:
        for event, element in _iterparse(source, _STRUCTURE, ("start", "end")):
            if event == "start":
                parent = element.getparent()
                if not stack:  # the first element of interest: open the root above it
                    root = element if parent is None else _root_of(element)
                    stack.append(_Open(root, root_role(root), out=lines))
                    if parent is None:
                        continue
                top = stack[-1]
                opened = _open(element, top, parent is top.element, body_seen)
                if opened.role == _BLOCKS and element.tag == _W_BODY:
                    body_seen = True
                if opened.role == _SECT and _in_body(element):
                    opened.slot = len(sections)
                    sections.append([])
                stack.append(opened)
            else:
                if len(stack) <= 1:  # the root's own end
                    continue
                opened = stack.pop()
                _close(opened, text, sections)
                if not opened.kept:
                    _drop(element)
    return [ref for refs in sections for ref in refs]


def _root_of(element: _Element) -> _Element:
    root = element
    while (parent := root.getparent()) is not None:
        root = parent
    return root


def _in_body(element: _Element) -> bool:
    return any(ancestor.tag == _W_BODY for ancestor in element.iterancestors())


def _open(element: _Element, top: _Open, child_of_top: bool, body_seen: bool) -> _Open:
    """The role of ``element`` (just started) under ``top``, the innermost open element of
    interest (``child_of_top``: nothing lies between them)."""
    tag = element.tag
    kept = top.kept or top.role in (_PARA, _KEEP, _SECT)
    if tag == _W_SECT_PR:
        return _Open(element, _SECT, kept=kept)
    if top.role in (_PARA, _KEEP, _SECT):
        return _Open(element, _KEEP, kept=True)
    if not child_of_top:
        return _Open(element, _IGNORE, kept=kept)
    role = top.role
    if role == _DOCUMENT:
        if tag == _W_BODY and not body_seen:
            return _Open(element, _BLOCKS, out=top.out, kept=kept)
    elif role == _NOTES:
        if tag in _W_NOTES and element.get(f"{_W}type", "normal") == "normal":
            return _Open(element, _BLOCKS, out=top.out, kept=kept)
    elif role == _BLOCKS:
        if tag == _W_P:
            return _Open(element, _PARA, out=top.out, kept=kept)
        if tag == _W_TBL:
            return _Open(element, _TABLE, into=top.out, kept=kept)
        if tag in _W_WRAPPERS:
            return _Open(element, _BLOCKS, out=top.out, kept=kept)
    elif role == _TABLE:
        if tag == _W_TR:
            return _Open(element, _ROW, into=top.out, kept=kept)
        if tag in _W_WRAPPERS:
            return _Open(element, _TABLE, out=top.out, kept=kept)
    elif role == _ROW:
        if tag == _W_TC:
            return _Open(element, _BLOCKS, into=top.out, kept=kept)
        if tag in _W_WRAPPERS:
            return _Open(element, _ROW, out=top.out, kept=kept)
    return _Open(element, _IGNORE, kept=kept)


def _close(opened: _Open, text: _Text, sections: list[list[str]]) -> None:
    """What an element of interest gives when it ends."""
    element = opened.element
    assert element is not None
    if opened.role == _PARA:
        opened.out.append(text.add(_paragraph(element)))
    elif opened.into is None:  # a wrapper, an ignored element or section properties
        if opened.slot >= 0:
            sections[opened.slot] = _section_refs(element)
    elif opened.role == _TABLE:  # its rows
        opened.into.extend(opened.out)
    elif opened.role == _ROW:  # its cells, joined by a tab
        opened.into.append("\t".join(opened.out))
    else:  # a cell: its paragraphs joined by a space
        opened.into.append(" ".join(line for line in opened.out if line))


def _section_refs(sect_pr: _Element) -> list[str]:
    """Relationship ids of the header then footer references of one section."""
    refs = [*sect_pr.iter(f"{_W}headerReference"), *sect_pr.iter(f"{_W}footerReference")]
    return [ref.get(_R_ID, "") for ref in refs]


# --------------------------------------------------------------------------- a paragraph


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


def _ole_document(data: bytes, label: str) -> Read:
    """An OLE2 file named .docx: encrypted OOXML, or a legacy .doc under a new name."""
    if "EncryptedPackage".encode("utf-16-le") in data:
        raise EncryptedFile("the {label} is password-protected", label=label)
    return converters.convert(data)
