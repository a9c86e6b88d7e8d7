"""Builders of real input files for tests: .docx, .pdf, .odt, .rtf, .html, PNG and zips.

Every ``make_*`` function writes one real file at ``path`` with the library that produces such
files in the wild (python-docx, fpdf2, odfpy, Pillow) or by hand where the format is the point
(RTF escapes, raw zip entries), and returns ``path``. Nothing here mocks a library.

Block lists (``make_docx``, ``make_odt``): a ``str`` is a paragraph, a :class:`Heading` a heading,
a list of rows (each a list of cell strings) a table.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zipfile import ZIP_DEFLATED, ZipFile

DEJAVU_SANS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # Debian fonts-dejavu-core

Rows = Sequence[Sequence[str]]


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1


Block = str | Heading | Rows


def find_font(filename: str = "DejaVuSans.ttf") -> Path | None:
    """The path of a TrueType font on this system, or None (Debian: fonts-dejavu-core)."""
    if filename == DEJAVU_SANS.name and DEJAVU_SANS.is_file():
        return DEJAVU_SANS
    for root in (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".fonts"):
        if root.is_dir():
            for found in sorted(root.rglob(filename)):
                return found
    return _matplotlib_font(filename)


def _matplotlib_font(filename: str) -> Path | None:
    """The copy of a DejaVu font in matplotlib's wheel (a dependency on every system): what
    Windows and macOS, which have no Debian package, use."""
    import matplotlib

    found = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / filename
    return found if found.is_file() else None


# --------------------------------------------------------------------------- zip


def make_zip(
    path: Path, members: dict[str, bytes | str], *, compression: int = ZIP_DEFLATED
) -> Path:
    """A zip with ``members`` (str content is UTF-8 encoded), in the given order."""
    with ZipFile(path, "w", compression) as archive:
        for name, content in members.items():
            archive.writestr(name, content.encode() if isinstance(content, str) else content)
    return path


def read_zip(path: Path) -> dict[str, bytes]:
    """All members of a zip, in order (to rewrite one and save with :func:`make_zip`)."""
    with ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@dataclass(frozen=True)
class RawEntry:
    """One stored zip member: raw deflate stream, CRC-32 and size of the uncompressed data."""

    name: str
    deflated: bytes
    crc: int
    size: int


def deflate_entry(name: str, content: bytes) -> RawEntry:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = packer.compress(content) + packer.flush()
    return RawEntry(name, raw, zlib.crc32(content), len(content))


def zeros_entry(name: str, mebibytes: int) -> RawEntry:
    """A real, valid deflate member of ``mebibytes`` MiB of zeros, built in well under a second.

    After a full flush deflate restarts its window, so every 1 MiB block of zeros compresses to
    the same bytes: compress one block, repeat it, finish the stream.
    """
    block = bytes(1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    unit = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    tail = packer.flush(zlib.Z_FINISH)
    crc = 0
    for _ in range(mebibytes):
        crc = zlib.crc32(block, crc)
    return RawEntry(name, unit * mebibytes + tail, crc, mebibytes << 20)


def write_raw_zip(path: Path, entries: Iterable[RawEntry]) -> Path:
    """A zip of pre-deflated entries (no zip64: each size must stay under 4 GiB)."""
    body = bytearray()
    directory = bytearray()
    count = 0
    for entry in entries:
        name = entry.name.encode()
        fields = (20, 0, 8, 0, 0x21, entry.crc, len(entry.deflated), entry.size, len(name), 0)
        offset = len(body)
        body += b"PK\x03\x04" + struct.pack("<HHHHHIIIHH", *fields) + name + entry.deflated
        directory += (
            b"PK\x01\x02" + struct.pack("<HHHHHHIIIHHHHHII", 20, *fields, 0, 0, 0, 0, offset) + name
        )
        count += 1
    end = struct.pack("<HHHHIIH", 0, 0, count, count, len(directory), len(body), 0)
    path.write_bytes(bytes(body) + bytes(directory) + b"PK\x05\x06" + end)
    return path


# --------------------------------------------------------------------------- .docx

_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _notes_xml(kind: str, notes: Sequence[str], separator_text: str) -> bytes:
    """footnotes.xml/endnotes.xml: separator notes (ids -1, 0) then normal notes (ids 1..n)."""
    sep_run = f"<w:r><w:t>{separator_text}</w:t></w:r>" if separator_text else ""
    parts = [
        f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r>{sep_run}'
        f"</w:p></w:{kind}>",
        f'<w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:r>'
        f"<w:continuationSeparator/></w:r></w:p></w:{kind}>",
    ]
    for number, text in enumerate(notes, start=1):
        parts.append(
            f'<w:{kind} w:id="{number}"><w:p><w:r><w:{kind}Ref/></w:r>'
            f'<w:r><w:t xml:space="preserve"> {text}</w:t></w:r></w:p></w:{kind}>'
        )
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<w:{kind}s xmlns:w="{_W_NS}">{"".join(parts)}</w:{kind}s>'
    ).encode()


def _add_notes(document: Any, kind: str, notes: Sequence[str], separator_text: str) -> None:
    """Add a footnotes/endnotes part and reference each note from the last paragraph."""
    from docx.opc.constants import CONTENT_TYPE as CT
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part
    from docx.oxml import parse_xml

    content_type, reltype = {
        "footnote": (CT.WML_FOOTNOTES, RT.FOOTNOTES),
        "endnote": (CT.WML_ENDNOTES, RT.ENDNOTES),
    }[kind]
    main = document.part
    part = Part(
        PackURI(f"/word/{kind}s.xml"),
        content_type,
        _notes_xml(kind, notes, separator_text),
        main.package,
    )
    main.relate_to(part, reltype)
    paragraph = document.paragraphs[-1] if document.paragraphs else document.add_paragraph()
    for number in range(1, len(notes) + 1):
        paragraph._p.append(
            parse_xml(f'<w:r xmlns:w="{_W_NS}"><w:{kind}Reference w:id="{number}"/></w:r>')
        )


def make_docx(
    path: Path,
    blocks: Sequence[Block],
    *,
    header: str | None = None,
    footer: str | None = None,
    footnotes: Sequence[str] = (),
    endnotes: Sequence[str] = (),
    separator_text: str = "",
) -> Path:
    """A .docx written by python-docx: blocks in order, optional header/footer/notes.

    ``separator_text`` puts text into the separator footnote/endnote (Word keeps only a rule
    there), to check that readers skip separator notes.
    """
    from docx import Document

    document = Document()
    for block in blocks:
        if isinstance(block, str):
            document.add_paragraph(block)
        elif isinstance(block, Heading):
            document.add_heading(block.text, level=block.level)
        else:
            table = document.add_table(rows=len(block), cols=max(len(row) for row in block))
            for row_cells, row in zip(table.rows, block, strict=True):
                for cell, text in zip(row_cells.cells, row, strict=False):
                    cell.text = text
    section = document.sections[0]
    if header is not None:
        section.header.paragraphs[0].text = header
    if footer is not None:
        section.footer.paragraphs[0].text = footer
    if footnotes:
        _add_notes(document, "footnote", footnotes, separator_text)
    if endnotes:
        _add_notes(document, "endnote", endnotes, separator_text)
    document.save(str(path))
    return path


# --------------------------------------------------------------------------- .pdf


def make_png(path: Path, size: tuple[int, int] = (64, 48), color: str = "navy") -> Path:
    """A small solid-colour PNG (Pillow)."""
    from PIL import Image

    Image.new("RGB", size, color).save(path, format="PNG")
    return path


def make_pdf(
    path: Path,
    text: str = "",
    *,
    font: Path | None = None,
    font_size: float = 12,
    image: Path | None = None,
    owner_password: str | None = None,
    user_password: str = "",
) -> Path:
    """A one-page (more if the text overflows) PDF written by fpdf2.

    ``text`` is laid out left-aligned with ``multi_cell`` at 1.4 line spacing (pdfminer reads
    consecutive lines as one text box); "\\n" starts a new line. Without
    ``font`` the core Helvetica is used (Latin-1 only); pass a TTF (e.g. :data:`DEJAVU_SANS`) for
    other scripts. ``image`` draws a picture; with no text the PDF has no text layer.
    ``owner_password`` encrypts the file; ``user_password`` is then needed to open it ("" = none).
    """
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    if font is not None:
        pdf.add_font("Body", fname=str(font))
        pdf.set_font("Body", size=font_size)
    else:
        pdf.set_font("Helvetica", size=font_size)
    if image is not None:
        pdf.image(str(image), x=20, y=20, w=120)
    if text:
        pdf.multi_cell(0, font_size * 0.5, text, align="L")
    if owner_password is not None:
        pdf.set_encryption(owner_password=owner_password, user_password=user_password)
    pdf.output(str(path))
    return path


# --------------------------------------------------------------------------- .odt


def make_odt(
    path: Path,
    blocks: Sequence[Block],
    *,
    header: str | None = None,
    footer: str | None = None,
    footnotes: Sequence[str] = (),
) -> Path:
    """An .odt written by odfpy: blocks in order; optional page header/footer and footnotes
    (attached to the last paragraph)."""
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableCell, TableColumn, TableRow
    from odf.teletype import addTextToElement
    from odf.text import H, Note, NoteBody, NoteCitation, P

    document = OpenDocumentText()
    last_paragraph = None
    for block in blocks:
        if isinstance(block, str):
            last_paragraph = P()
            addTextToElement(last_paragraph, block)  # runs of spaces, tabs, newlines as ODF tags
            document.text.addElement(last_paragraph)
        elif isinstance(block, Heading):
            document.text.addElement(H(outlinelevel=block.level, text=block.text))
        else:
            table = Table(name=f"Table{len(document.text.childNodes)}")
            table.addElement(TableColumn(numbercolumnsrepeated=max(len(row) for row in block)))
            for row in block:
                table_row = TableRow()
                for text in row:
                    cell = TableCell()
                    cell.addElement(P(text=text))
                    table_row.addElement(cell)
                table.addElement(table_row)
            document.text.addElement(table)
    for number, text in enumerate(footnotes, start=1):
        if last_paragraph is None:
            last_paragraph = P(text="")
            document.text.addElement(last_paragraph)
        note = Note(id=f"ftn{number}", noteclass="footnote")
        note.addElement(NoteCitation(text=str(number)))
        body = NoteBody()
        body.addElement(P(text=text))
        note.addElement(body)
        last_paragraph.addElement(note)
    if header is not None or footer is not None:
        _add_odt_master_page(document, header, footer)
    document.save(str(path))
    return path


def _add_odt_master_page(document: Any, header: str | None, footer: str | None) -> None:
    from odf.style import Footer, Header, MasterPage, PageLayout
    from odf.text import P

    layout = PageLayout(name="PageLayout1")
    document.automaticstyles.addElement(layout)
    master = MasterPage(name="Standard", pagelayoutname=layout)
    if header is not None:
        element = Header()
        element.addElement(P(text=header))
        master.addElement(element)
    if footer is not None:
        element = Footer()
        element.addElement(P(text=footer))
        master.addElement(element)
    document.masterstyles.addElement(master)


# --------------------------------------------------------------------------- .rtf and .html


def rtf_hex_escape(text: str, codec: str) -> str:
    """``text`` with every non-ASCII character as ``\\'xx`` bytes in ``codec`` (RTF style)."""
    out = []
    for char in text:
        if ord(char) < 128:
            out.append(char)
        else:
            out.extend(f"\\'{byte:02x}" for byte in char.encode(codec))
    return "".join(out)


def rtf_unicode_escape(text: str) -> str:
    """``text`` with every non-ASCII character as ``\\uN?`` (signed 16-bit N, '?' fallback)."""
    out = []
    for char in text:
        if ord(char) < 128:
            out.append(char)
        else:
            for unit in struct.unpack(
                f"<{len(char.encode('utf-16-le')) // 2}h", char.encode("utf-16-le")
            ):
                out.append(f"\\u{unit}?")
    return "".join(out)


def make_rtf(path: Path, source: str) -> Path:
    """Write hand-written RTF ``source`` (must be ASCII, as RTF is) to ``path``."""
    path.write_bytes(source.encode("ascii"))
    return path


def make_html(
    path: Path,
    body: str,
    *,
    title: str = "Test page",
    charset: str = "utf-8",
    declare_charset: bool = True,
) -> Path:
    """An HTML page with ``body`` (inner HTML of <body>), encoded in ``charset``."""
    meta = f'<meta charset="{charset}">' if declare_charset else ""
    page = (
        f"<!DOCTYPE html>\n<html><head>{meta}<title>{title}</title>"
        f"<style>body {{ font-family: serif; }}</style>"
        f"<script>var tracking = 'script words';</script></head>\n<body>{body}</body></html>\n"
    )
    path.write_bytes(page.encode(charset))
    return path
