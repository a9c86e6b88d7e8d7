"""Extract stage: turn one input file into the reference text that every later stage indexes.

What must hold:

* ``Extracted.text`` is the reference text: every offset CopyLens reports is a Python ``str``
  index into it. For .txt/.md files it is the file's characters exactly as decoded (newlines,
  spaces and control characters kept; only a byte-order mark is dropped), so
  ``data.decode(Extracted.encoding) == Extracted.text`` for those files.
* Bad input raises :class:`copylens.core.errors.InputError` subclasses only; an unexpected
  exception from
  a parser library becomes :class:`CorruptFile` naming the format (chained with ``from``).
* Input files are opened read-only and never modified; everything after the one read works on
  bytes in memory (except .doc, which a converter reads from a private temporary copy).
* Heavy libraries (pdfminer, python-docx, trafilatura, lxml, defusedxml, striprtf,
  charset_normalizer) are imported lazily inside the functions that need them, so importing this
  module stays cheap, and a UTF-8 text file never reaches charset detection.

Limits (all refusals happen before decompressing anything):

* a file over ``max_bytes`` -> :class:`TooLarge` (from ``stat`` before reading);
* a .docx/.odt whose members add up to more than ``zip_expansion_limit(max_bytes)`` bytes
  uncompressed (10 x ``max_bytes``, at most 512 MiB), or any member over 1 MiB that expands more
  than 200:1, or more than 10,000 members -> :class:`TooLarge`. Sizes come from the zip central
  directory; :mod:`zipfile` never yields more than a member's declared size, so the declared
  sizes bound the real work;
* XML members of those containers that declare a DOCTYPE or entities -> :class:`CorruptFile`.

Encrypted PDFs: a PDF encrypted with an empty user password (permissions only) opens without a
password in every viewer, so it is extracted normally; one that needs a password is refused with
:class:`EncryptedFile`.
"""

from __future__ import annotations

import codecs
import copy
import functools
import hashlib
import io
import logging
import os
import re
import shutil
import stat
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

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
from copylens.core.extract.decode import decode_by_bom, decode_text
from copylens.core.extract.zipguard import (
    ZIP_MAX_MEMBERS,
    ZIP_MAX_RATIO,
    ZIP_MAX_UNCOMPRESSED,
    check_zip,
    zip_expansion_limit,
)

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from lxml.etree import _Element

__all__ = [
    "DEFAULT_MAX_BYTES",
    "SUPPORTED_SUFFIXES",
    "ZIP_MAX_MEMBERS",
    "ZIP_MAX_RATIO",
    "ZIP_MAX_UNCOMPRESSED",
    "Extracted",
    "collect_files",
    "decode_text",
    "extract_file",
    "extract_text",
    "zip_expansion_limit",
]

SUPPORTED_SUFFIXES: frozenset[str] = frozenset(
    {".txt", ".md", ".docx", ".pdf", ".odt", ".rtf", ".html", ".htm", ".doc"}
)
DEFAULT_MAX_BYTES = 50 * 1024 * 1024

CONVERTER_TIMEOUT_S = 60

_HAS_WORD = re.compile(r"[^\W_]")
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_MAGIC = b"PK\x03\x04"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Extracted:
    """The text of one input.

    ``path`` is the path or name exactly as given (``str(path)``); ``text`` is the reference
    text; ``format`` names what was parsed ("txt", "md", "docx", "pdf", "odt", "rtf", "html",
    "doc"); ``encoding`` is the codec that decoded a text, HTML or RTF source, else None;
    ``sha256`` is the hex digest of the file's bytes (for reports: which file was checked).
    """

    path: str
    text: str
    format: str
    encoding: str | None = None
    sha256: str = ""


class _Out(NamedTuple):
    text: str
    format: str
    encoding: str | None = None


# --------------------------------------------------------------------------- public API


def extract_file(path: Path | str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Extracted:
    """Read the file at ``path`` (read-only) and extract its text.

    The suffix is checked first (no I/O), then the path (missing, folder, not a regular file,
    permission), then the size from ``stat`` (0 bytes, over ``max_bytes``), then the content.
    Raises only :class:`InputError` subclasses for bad input.
    """
    file_path = Path(path)
    suffix = _checked_suffix(file_path.name)
    data = _read_file(file_path, max_bytes)
    return _extract(data, str(path), suffix, max_bytes)


def extract_text(data: bytes, name: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Extracted:
    """Extract the text of ``data`` as if it were the content of a file called ``name``.

    ``name``'s suffix picks the format; the same checks and errors as :func:`extract_file`
    apply (size from ``len(data)``). ``Extracted.path`` is ``name``.
    """
    suffix = _checked_suffix(name)
    _check_size(len(data), max_bytes)
    return _extract(bytes(data), name, suffix, max_bytes)


def collect_files(paths: Iterable[Path | str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """Expand ``paths`` into the files to check, plus ``(str(path), reason)`` for missing ones.

    Folders are walked recursively in sorted name order, skipping names that start with '.',
    taking only files with a suffix in :data:`SUPPORTED_SUFFIXES` (case-insensitive). A path given
    explicitly is always taken, whatever its type (``extract_file`` checks it later). A file
    reached twice (same resolved path) is listed once, at its first position. Symlinked folder
    loops are walked once.
    """
    files: list[Path] = []
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for raw in paths:
        path = Path(raw)
        kind = _path_kind(path)
        if kind == "dir":
            _walk_folder(path, files, problems, seen, set())
        elif kind == "other":
            _add_unique(path, files, seen)
        else:
            problems.append((str(raw), kind))
    return files, problems


# --------------------------------------------------------------------------- file access


def _checked_suffix(name: str) -> str:
    """The lower-cased suffix of ``name``; :class:`UnsupportedType` unless it is supported."""
    suffix = Path(name).suffix.lower()
    if suffix in SUPPORTED_SUFFIXES:
        return suffix
    supported = ", ".join(sorted(SUPPORTED_SUFFIXES))
    if not suffix:
        raise UnsupportedType(f"the file has no extension (supported: {supported})")
    raise UnsupportedType(f"unsupported file type '{suffix}' (supported: {supported})")


def _check_size(size: int, max_bytes: int) -> None:
    """:class:`EmptyFile` for 0 bytes, :class:`TooLarge` over ``max_bytes``."""
    if size == 0:
        raise EmptyFile("the file is empty (0 bytes)")
    if size > max_bytes:
        raise TooLarge(f"file is {size} bytes, over the {max_bytes} limit")


def _os_reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _read_file(path: Path, max_bytes: int) -> bytes:
    """All bytes of ``path``, opened read-only; size checked from ``stat`` before reading."""
    try:
        info = path.stat()
    except FileNotFoundError as exc:
        raise UnreadableFile("file not found") from exc
    except NotADirectoryError as exc:
        raise UnreadableFile("file not found (a folder in its path is a file)") from exc
    except PermissionError as exc:
        raise UnreadableFile("permission denied") from exc
    except (OSError, ValueError) as exc:
        reason = _os_reason(exc) if isinstance(exc, OSError) else "invalid path"
        raise UnreadableFile(f"cannot access the file ({reason})") from exc
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile("the path is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile("not a regular file (a device, pipe or socket)")
    _check_size(info.st_size, max_bytes)
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except PermissionError as exc:
        raise UnreadableFile("permission denied") from exc
    except OSError as exc:
        raise UnreadableFile(f"cannot read the file ({_os_reason(exc)})") from exc
    _check_size(len(data), max_bytes)  # the file may have changed since stat
    return data


def _path_kind(path: Path) -> str:
    """'dir', 'other' (exists, not a folder), or the reason the path cannot be used."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return "file or folder not found" if not path.is_symlink() else "broken symbolic link"
    except PermissionError:
        return "permission denied"
    except (OSError, ValueError) as exc:
        return f"cannot access ({_os_reason(exc) if isinstance(exc, OSError) else 'bad path'})"
    return "dir" if stat.S_ISDIR(info.st_mode) else "other"


def _resolved_key(path: Path) -> str:
    try:
        return os.path.normcase(str(path.resolve()))
    except (OSError, RuntimeError):
        return os.path.normcase(os.path.abspath(path))


def _add_unique(path: Path, files: list[Path], seen: set[str]) -> None:
    key = _resolved_key(path)
    if key not in seen:
        seen.add(key)
        files.append(path)


def _walk_folder(
    folder: Path,
    files: list[Path],
    problems: list[tuple[str, str]],
    seen: set[str],
    walked: set[str],
) -> None:
    """Depth-first, sorted by name; hidden entries skipped; only supported suffixes taken."""
    key = _resolved_key(folder)
    if key in walked:
        return
    walked.add(key)
    try:
        with os.scandir(folder) as entries:
            listing = sorted(entries, key=lambda entry: entry.name)
    except OSError as exc:
        problems.append((str(folder), f"cannot list the folder ({_os_reason(exc)})"))
        return
    for entry in listing:
        if entry.name.startswith("."):
            continue
        child = folder / entry.name
        try:
            is_dir = entry.is_dir()
            is_file = not is_dir and entry.is_file()
        except OSError:
            continue
        if is_dir:
            _walk_folder(child, files, problems, seen, walked)
        elif is_file and child.suffix.lower() in SUPPORTED_SUFFIXES:
            _add_unique(child, files, seen)


# --------------------------------------------------------------------------- dispatch


def _extract(data: bytes, name: str, suffix: str, max_bytes: int) -> Extracted:
    """Run the handler for ``suffix``; convert stray library errors; refuse text-less results."""
    handler = _HANDLERS[suffix]
    try:
        out = handler(data, max_bytes)
    except InputError:
        raise
    except Exception as exc:  # any parser failure on bad input is the file's fault
        raise CorruptFile(f"damaged {suffix} file ({_short_reason(exc)})") from exc
    if not _HAS_WORD.search(out.text):
        raise EmptyFile("no text found in the file")
    digest = hashlib.sha256(data).hexdigest()
    return Extracted(name, out.text, out.format, out.encoding, digest)


def _short_reason(exc: BaseException) -> str:
    """``Type: first line of the message``, at most ~120 characters."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(message) > 100:
        message = message[:97] + "..."
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


# --------------------------------------------------------------------------- plain text


def _text_handler(fmt: str) -> Callable[[bytes, int], _Out]:
    def handle(data: bytes, max_bytes: int) -> _Out:
        text, codec = decode_text(data)
        return _Out(text, fmt, codec)

    return handle


# --------------------------------------------------------------------------- .docx

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


def _extract_docx(data: bytes, max_bytes: int) -> _Out:
    """Body paragraphs and tables in order, then headers/footers, footnotes, endnotes."""
    if data.startswith(_OLE_MAGIC):
        return _ole_document(data, ".docx")
    if "[Content_Types].xml" not in check_zip(data, ".docx", max_bytes):
        raise CorruptFile("the .docx is not a Word document (no [Content_Types].xml)")
    from docx import Document
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    main = Document(io.BytesIO(data)).part
    lines: list[str] = []
    _docx_blocks(main.element.body, lines)
    for part in _docx_header_footer_parts(main):
        _docx_blocks(part.element, lines)
    rels = [rel for rel in main.rels.values() if not rel.is_external]
    for reltype in (RT.FOOTNOTES, RT.ENDNOTES):
        for rel in rels:
            if rel.reltype == reltype:
                lines.extend(_docx_notes(rel.target_part.blob))
    return _Out("\n".join(lines), "docx")


def _docx_header_footer_parts(main: Any) -> list[Any]:
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


def _docx_blocks(container: _Element, out: list[str]) -> None:
    """Append one line per paragraph and per table row found in ``container``, in order."""
    for child in container:
        if child.tag == _W_P:
            out.append(_docx_paragraph(child))
        elif child.tag == _W_TBL:
            out.extend(_docx_table(child))
        elif child.tag in _W_WRAPPERS:
            _docx_blocks(child, out)


def _docx_children(element: _Element, tag: str) -> Iterator[_Element]:
    """Children with ``tag``, looking through content-control and similar wrappers."""
    for child in element:
        if child.tag == tag:
            yield child
        elif child.tag in _W_WRAPPERS:
            yield from _docx_children(child, tag)


def _docx_table(table: _Element) -> list[str]:
    """One line per row; cells joined by a tab; a cell's paragraphs joined by a space."""
    rows = []
    for row in _docx_children(table, _W_TR):
        cells = []
        for cell in _docx_children(row, _W_TC):
            cell_lines: list[str] = []
            _docx_blocks(cell, cell_lines)
            cells.append(" ".join(line for line in cell_lines if line))
        rows.append("\t".join(cells))
    return rows


def _docx_paragraph(paragraph: _Element) -> str:
    parts: list[str] = []
    _docx_inline(paragraph, parts)
    return "".join(parts)


def _docx_inline(element: _Element, parts: list[str]) -> None:
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
            _docx_blocks(child, box)
            parts.extend("\n" + line for line in box)
        else:
            _docx_inline(child, parts)


def _docx_notes(blob: bytes) -> list[str]:
    """Lines of the normal footnotes/endnotes (separator and notice notes skipped)."""
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    root = etree.fromstring(blob, parser)
    lines: list[str] = []
    for note in root:
        if note.tag in _W_NOTES and note.get(f"{_W}type", "normal") == "normal":
            _docx_blocks(note, lines)
    return lines


def _ole_document(data: bytes, label: str) -> _Out:
    """An OLE2 file named .docx: encrypted OOXML, or a legacy .doc under a new name."""
    if "EncryptedPackage".encode("utf-16-le") in data:
        raise EncryptedFile(f"the {label} is password-protected")
    return _convert_legacy_doc(data)


# --------------------------------------------------------------------------- .odt

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


def _extract_odt(data: bytes, max_bytes: int) -> _Out:
    """Paragraphs, headings, lists and tables in order, then headers/footers, then notes."""
    check_zip(data, ".odt", max_bytes)
    content, styles = _odt_members(data)
    body = _odf_parse(content).find(f"{_ODF_OFFICE}body/{_ODF_OFFICE}text")
    if body is None:
        raise CorruptFile("the .odt is not a text document (no office:text body)")
    lines: list[str] = []
    notes: list[str] = []
    _odf_blocks(body, lines, notes)
    if styles is not None:
        lines.extend(_odt_headers_footers(_odf_parse(styles), notes))
    return _Out("\n".join(lines + notes), "odt")


def _odt_members(data: bytes) -> tuple[bytes, bytes | None]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = set(archive.namelist())
        if "content.xml" not in names:
            raise CorruptFile("the .odt has no content.xml (not an OpenDocument text)")
        styles = archive.read("styles.xml") if "styles.xml" in names else None
        return archive.read("content.xml"), styles


def _odf_parse(xml: bytes) -> Element:
    """Parse with defusedxml, DTDs forbidden (the zip scan already refused them)."""
    from defusedxml.ElementTree import fromstring

    return fromstring(xml, forbid_dtd=True)


def _odt_headers_footers(styles_root: Element, notes: list[str]) -> list[str]:
    """Lines of master-page headers and footers; identical ones kept once."""
    lines: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for element in styles_root.iter():
        if element.tag in _ODF_HEADER_FOOTER:
            block: list[str] = []
            _odf_blocks(element, block, notes)
            if tuple(block) not in seen:
                seen.add(tuple(block))
                lines.extend(block)
    return lines


def _odf_blocks(container: Element, lines: list[str], notes: list[str]) -> None:
    """One line per paragraph/heading and per table row, recursing into lists and sections."""
    for child in container:
        if child.tag in _ODF_PARAGRAPHS:
            parts: list[str] = []
            _odf_inline(child, parts, notes)
            lines.append("".join(parts))
        elif child.tag == _ODF_TABLE_TABLE:
            lines.extend(_odf_table(child, notes))
        elif child.tag not in _ODF_SKIP:
            _odf_blocks(child, lines, notes)


def _odf_table(table: Element, notes: list[str]) -> list[str]:
    """One line per row; cells joined by a tab; a cell's paragraphs joined by a space."""
    rows: list[str] = []
    for child in table:
        if child.tag == _ODF_ROW:
            cells = []
            for cell in child:
                if cell.tag in _ODF_CELLS:
                    cell_lines: list[str] = []
                    _odf_blocks(cell, cell_lines, notes)
                    cells.append(" ".join(line for line in cell_lines if line))
            rows.append("\t".join(cells))
        elif child.tag in _ODF_ROW_GROUPS:
            rows.extend(_odf_table(child, notes))
    return rows


def _odf_inline(element: Element, parts: list[str], notes: list[str]) -> None:
    """Text of a paragraph: spans, links, text:s/tab/line-break; note bodies go to ``notes``."""
    if element.text:
        parts.append(_ODF_WHITESPACE.sub(" ", element.text))
    for child in element:
        tag = child.tag
        if tag == _ODF_SPACE:
            parts.append(" " * _odf_space_count(child.get(f"{_ODF_TEXT}c")))
        elif tag in _ODF_INLINE_TEXT:
            parts.append(_ODF_INLINE_TEXT[tag])
        elif tag == _ODF_NOTE:
            note_body = child.find(_ODF_NOTE_BODY)
            if note_body is not None:
                _odf_blocks(note_body, notes, notes)
        elif tag in _ODF_PARAGRAPHS:  # a paragraph in a text box inside this paragraph
            parts.append("\n")
            _odf_inline(child, parts, notes)
        elif tag not in _ODF_SKIP:
            _odf_inline(child, parts, notes)
        if child.tail:
            parts.append(_ODF_WHITESPACE.sub(" ", child.tail))


def _odf_space_count(value: str | None) -> int:
    try:
        return max(1, min(int(value or "1"), _ODF_MAX_SPACES))
    except ValueError:
        return 1


# --------------------------------------------------------------------------- .pdf

# A hyphen at a line end between letters: "exam-\nple" -> "example" when the next letter is
# lower-case (a soft hyphen always joins); "Jean-\nPaul" and mid-line "well-known" are kept.
# Up to two blank lines may separate the halves (pdfminer puts a line that ends a text box, a
# column or a page in a box of its own).
_PDF_LINE_HYPHEN = re.compile(
    r"(?<=[^\W\d_])([-\u00ad\u2010])[ \t]*\n(?:[ \t]*\n){0,2}[ \t]*(?=[^\W\d_])"
)


def _extract_pdf(data: bytes, max_bytes: int) -> _Out:
    """Text of every page (page breaks become newlines), line-end hyphenation undone."""
    if b"%PDF-" not in data[:1024]:
        raise CorruptFile("not a PDF file (no %PDF header)")
    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    text, pages = _pdf_pages_text(data)
    if pages == 0:
        raise CorruptFile("damaged .pdf file (no pages found)")
    if not _HAS_WORD.search(text):
        raise NoTextLayer("the PDF has no text layer (scanned images?); CopyLens does no OCR")
    return _Out(_join_line_hyphens(text.replace("\f", "\n")), "pdf")


def _pdf_pages_text(data: bytes) -> tuple[str, int]:
    """``(text, page count)`` via pdfminer's layout analysis; password errors mapped."""
    from pdfminer.converter import TextConverter
    from pdfminer.layout import LAParams
    from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    try:
        document = PDFDocument(PDFParser(io.BytesIO(data)))
    except PDFPasswordIncorrect as exc:
        raise EncryptedFile("the PDF is password-protected") from exc
    except PDFEncryptionError as exc:
        raise EncryptedFile("the PDF is encrypted with a method CopyLens cannot open") from exc
    out = io.StringIO()
    resources = PDFResourceManager()
    with TextConverter(resources, out, laparams=LAParams()) as device:
        interpreter = PDFPageInterpreter(resources, device)
        pages = 0
        for page in PDFPage.create_pages(document):
            interpreter.process_page(page)
            pages += 1
    return out.getvalue(), pages


def _join_line_hyphens(text: str) -> str:
    def join(match: re.Match[str]) -> str:
        following = match.string[match.end()]
        return "" if match.group(1) == "\u00ad" or following.islower() else match.group()

    return _PDF_LINE_HYPHEN.sub(join, text)


# --------------------------------------------------------------------------- .rtf

_RTF_CODEPAGE = re.compile(rb"\\ansicpg(\d{3,5})")
_RTF_CYRILLIC_FONT = re.compile(rb"\\fcharset204\b")


def _extract_rtf(data: bytes, max_bytes: int) -> _Out:
    """striprtf with the document's code page for \\'xx escapes; \\uN escapes as Unicode."""
    if not data.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"{\\rtf"):
        raise CorruptFile("not an RTF file (no {\\rtf header)")
    from striprtf.striprtf import rtf_to_text

    codec = _rtf_codec(data[:8192])
    text = rtf_to_text(data.decode(codec, errors="replace"), encoding=codec, errors="replace")
    # \uN escapes of astral characters arrive as surrogate pairs: join them, replace strays.
    text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", errors="replace")
    return _Out(text, "rtf", codec)


def _rtf_codec(header: bytes) -> str:
    """Codec for 8-bit text: ``\\ansicpgNNNN``; else cp1251 if the font table is Cyrillic;
    else cp1252. (striprtf also switches per font by ``\\fcharsetN``.)"""
    found = _RTF_CODEPAGE.search(header)
    if found:
        try:
            return codecs.lookup(f"cp{int(found.group(1))}").name
        except LookupError:
            pass
    return "cp1251" if _RTF_CYRILLIC_FONT.search(header) else "cp1252"


# --------------------------------------------------------------------------- .html

_META_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE)
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")
# Never main text: dropped before trafilatura sees the page.
_HTML_NEVER_TEXT = (
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "svg",
    "iframe",
    "button",
    "select",
    "object",
)
# Page chrome: also dropped when falling back to the whole body.
_HTML_CHROME = ("head", "header", "footer", "aside")
# fmt: off
_HTML_BLOCKS = frozenset({
    "address", "article", "blockquote", "body", "caption", "dd", "details", "dialog", "div",
    "dl", "dt", "fieldset", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "li", "main", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead",
    "tr", "ul",
})
# fmt: on


def _extract_html(data: bytes, max_bytes: int) -> _Out:
    """Main text via trafilatura; the whole cleaned ``<body>`` when trafilatura finds none.

    Scripts, styles, ``<nav>`` menus and widgets are removed before either runs; the fallback
    also drops ``<header>``, ``<footer>`` and ``<aside>``.
    """
    html, codec = _decode_html(data)
    root = _parse_html(html)
    if root is None:
        return _Out("", "html", codec)
    _drop_elements(root, _HTML_NEVER_TEXT)
    text = _trafilatura_text(root)
    if not text:
        _drop_elements(root, _HTML_CHROME)
        text = _html_body_text(root)
    return _Out(text, "html", codec)


def _decode_html(data: bytes) -> tuple[str, str]:
    """BOM, then a ``<meta charset>`` that decodes cleanly, then :func:`decode_text`."""
    by_bom = decode_by_bom(data)
    if by_bom is not None:
        return by_bom
    declared = _declared_charset(data[:4096])
    if declared is not None:
        try:
            return data.decode(declared), declared
        except UnicodeDecodeError:
            pass
    return decode_text(data)


def _declared_charset(head: bytes) -> str | None:
    """The meta charset as a codec name; latin-1/ascii read as cp1252; UTF-16/32 ignored."""
    found = _META_CHARSET.search(head)
    if not found:
        return None
    try:
        codec = codecs.lookup(found.group(1).decode("ascii")).name
    except (LookupError, UnicodeDecodeError):
        return None
    if codec.startswith(("utf-16", "utf-32")):
        return None
    return "cp1252" if codec in ("iso8859-1", "ascii") else codec


def _parse_html(html: str) -> _Element | None:
    """The lxml.html document tree, or None for an empty or unparseable page."""
    from lxml import etree
    from lxml import html as lxml_html

    source = _XML_DECLARATION.sub("", html, count=1)
    if not source.strip():
        return None
    try:
        return lxml_html.document_fromstring(source)
    except (etree.ParserError, ValueError):
        return None


def _drop_elements(root: _Element, tags: Iterable[str]) -> None:
    for element in root.xpath("|".join(f"//{tag}" for tag in tags)):
        element.drop_tree()


@functools.lru_cache(maxsize=1)
def _load_trafilatura() -> ModuleType | None:
    """trafilatura, or None if it cannot be imported (e.g. lxml without lxml_html_clean)."""
    try:
        import trafilatura
    except ImportError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        log.warning("trafilatura unavailable (%s); using plain HTML text extraction", reason)
        return None
    logging.getLogger("trafilatura").setLevel(logging.ERROR)
    return trafilatura


def _trafilatura_text(root: _Element) -> str:
    """trafilatura's main text, or "" when it is unavailable, fails or finds no words."""
    trafilatura = _load_trafilatura()
    if trafilatura is None:
        return ""
    try:
        text = trafilatura.extract(
            copy.deepcopy(root), include_comments=False, include_tables=True, favor_recall=True
        )
    except Exception:  # trafilatura failing on odd markup is not fatal: fall back
        log.debug("trafilatura failed", exc_info=True)
        return ""
    return text if text and _HAS_WORD.search(text) else ""


def _html_body_text(root: _Element) -> str:
    """Text of the page: one line per block element, whitespace collapsed, no empty lines."""
    parts: list[str] = []
    _html_walk(root, parts)
    lines = (" ".join(line.split()) for line in "".join(parts).split("\n"))
    return "\n".join(line for line in lines if line)


def _html_walk(element: _Element, parts: list[str]) -> None:
    tag = element.tag if isinstance(element.tag, str) else None
    if tag == "br":
        parts.append("\n")
    elif tag is not None:
        block = tag in _HTML_BLOCKS
        if block:
            parts.append("\n")
        if element.text:
            parts.append(element.text)
        for child in element:
            _html_walk(child, parts)
        parts.append("\n" if block else " " if tag in ("td", "th") else "")
    if element.tail:
        parts.append(element.tail)


# --------------------------------------------------------------------------- .doc


def _extract_doc(data: bytes, max_bytes: int) -> _Out:
    """Legacy Word via catdoc/antiword; RTF, .docx or HTML saved under .doc read as such."""
    head = data[:1024].lstrip(b" \t\r\n\xef\xbb\xbf")
    if head.startswith(b"{\\rtf"):
        return _extract_rtf(data, max_bytes)
    if head.startswith(_ZIP_MAGIC):
        return _extract_docx(data, max_bytes)
    if re.match(rb"(?i)(<!doctype html|<html)", head):
        return _extract_html(data, max_bytes)
    return _convert_legacy_doc(data)


def _find_converter() -> tuple[str, str]:
    for name in ("catdoc", "antiword"):
        found = shutil.which(name)
        if found:
            return name, found
    raise ConverterMissing(
        "legacy .doc needs catdoc or antiword; install one, or save the file as .docx"
    )


def _converter_command(name: str, exe: str, source: Path) -> list[str]:
    if name == "catdoc":
        return [exe, "-w", "-d", "utf-8", str(source)]
    return [exe, "-w", "0", "-m", "UTF-8.txt", str(source)]


def _convert_legacy_doc(data: bytes) -> _Out:
    """Run the converter on a private temporary copy, with a timeout; output is UTF-8."""
    import subprocess
    import tempfile

    name, exe = _find_converter()
    with tempfile.TemporaryDirectory(prefix="copylens-doc-") as folder:
        source = Path(folder) / "input.doc"
        source.write_bytes(data)
        try:
            done = subprocess.run(
                _converter_command(name, exe, source),
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=CONVERTER_TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise CorruptFile(f"{name} took over {CONVERTER_TIMEOUT_S} s on the .doc") from exc
        except OSError as exc:
            raise ConverterMissing(f"{name} could not be started ({_os_reason(exc)})") from exc
    if done.returncode != 0:
        raise _converter_error(name, done.stderr)
    return _Out(done.stdout.decode("utf-8", errors="replace"), "doc")


def _converter_error(name: str, stderr: bytes) -> InputError:
    message = stderr.decode("utf-8", errors="replace").strip()
    first = message.splitlines()[0][:120] if message else "no message"
    if "encrypt" in message.lower() or "password" in message.lower():
        return EncryptedFile("the .doc is password-protected")
    return CorruptFile(f"{name} could not read the .doc ({first})")


_HANDLERS: dict[str, Callable[[bytes, int], _Out]] = {
    ".txt": _text_handler("txt"),
    ".md": _text_handler("md"),
    ".docx": _extract_docx,
    ".odt": _extract_odt,
    ".pdf": _extract_pdf,
    ".rtf": _extract_rtf,
    ".html": _extract_html,
    ".htm": _extract_html,
    ".doc": _extract_doc,
}
