"""Hostile input files (issue 13, "hostile files cannot stop a run"): small builders returning
the bytes of one file each, built in memory at test time.

Each was found by probing the extractors with hand-made files or a fuzzer; every docstring says
what the file does and what extracting it did before the fix. The unit tests are in
``tests/extract/test_hostile.py``; end-to-end tests through ``check`` import these builders
too, so keep them importable without pytest and free of side effects.

Suffixes: every builder's name starts with its format (``pdf_``, ``docx_``, ``html_``,
``rtf_``); extract the bytes as a file of that suffix.
"""

from __future__ import annotations

import io
import random
import zlib
from collections.abc import Sequence
from zipfile import ZIP_DEFLATED, ZipFile

from tests.extract.samples import minimal_docx_members

HIDDEN_PARAGRAPH = "hidden copied paragraph"
"""The paragraph :func:`html_deep_nesting` puts after its nested block."""

GOOD_TEXT = "A good paragraph of ordinary text."
"""The text of the well-formed files (``pdf_good``, ``docx_good``)."""

# --------------------------------------------------------------------------- PDF

_HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def _pdf(objects: Sequence[bytes], *, trailer: bytes = b"") -> bytes:
    """A PDF with ``objects`` numbered 1.. (1 must be the catalog), a correct xref table and
    a trailer (``trailer`` adds entries to it)."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        trailer,
        xref,
    )
    return bytes(out)


def _stream(content: bytes, attributes: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n%s\nendstream" % (len(content), attributes, content)


def _text_operators(text: str, y: int = 720) -> bytes:
    return b"BT /F1 12 Tf 72 %d Td (%s) Tj ET" % (y, text.encode("latin-1"))


def _one_page(contents: bytes, *, resources: bytes = b"") -> list[bytes]:
    """Objects 1-3: catalog, page tree, one page whose /Contents is ``contents`` (a reference)
    with Helvetica as /F1 and ``resources`` added to its resource dictionary."""
    return [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %s "
        b"/Resources << /Font << /F1 %s >> %s>> >>" % (contents, _HELVETICA, resources),
    ]


def pdf_good(text: str = GOOD_TEXT) -> bytes:
    """A well-formed one-page PDF showing ``text`` (Latin-1), built like the hostile ones."""
    return _pdf([*_one_page(b"4 0 R"), _stream(_text_operators(text))])


def pdf_self_reference() -> bytes:
    """A 230-byte PDF whose page contents are object 4, and object 4 is ``4 0 R``: itself.

    Before: pdfminer's ``resolve1`` follows references ``while isinstance(x, PDFObjRef)`` and
    never ends (100% CPU forever).
    """
    return _pdf([*_one_page(b"4 0 R"), b"4 0 R"])


def pdf_reference_cycle() -> bytes:
    """Like :func:`pdf_self_reference` with a longer loop: object 4 is ``5 0 R`` and object 5
    is ``4 0 R``. Before: hung like the self-reference."""
    return _pdf([*_one_page(b"4 0 R"), b"5 0 R", b"4 0 R"])


def pdf_page_tree_cycle() -> bytes:
    """A page tree whose /Kids lists its own parent again: Pages 2 has Kids [3 0 R 2 0 R].

    Before (and now): pdfminer's page-tree walk keeps a visited set, so the loop is skipped
    and the one page's text is read once.
    """
    objects = [*_one_page(b"4 0 R"), _stream(_text_operators(GOOD_TEXT))]
    objects[1] = b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>"
    return _pdf(objects)


def pdf_xref_loop() -> bytes:
    """A PDF whose trailer's /Prev points back at its own xref table (an endless chain of
    "earlier" versions of the file).

    Before: pdfminer re-read the same table until Python's recursion limit, about 1,000
    times (with a big table, minutes of work), then failed with RecursionError.
    """
    good = pdf_good()
    xref = int(good.rsplit(b"startxref\n", 1)[1].split(b"\n", 1)[0])
    return good.replace(b"/Root 1 0 R ", b"/Root 1 0 R /Prev %d " % xref)


def pdf_page_labels_bomb(levels: int = 40) -> bytes:
    """A PDF whose page-label number tree is a chain of ``levels`` nodes, each listing the
    next one twice as its /Kids: 2**levels leaves from a file of 2 KB.

    Before: pdfminer walked every path of the tree when it started on the pages (to name them)
    and never finished (2**40 visits); CopyLens does not need page labels.
    """
    first = 5
    nodes = [b"<< /Kids [%d 0 R %d 0 R] >>" % (first + i + 1, first + i + 1) for i in range(levels)]
    nodes.append(b"<< /Nums [0 << /S /D >>] >>")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /PageLabels %d 0 R >>" % first,
        *_one_page(b"4 0 R")[1:],
        _stream(_text_operators(GOOD_TEXT)),
        *nodes,
    ]
    return _pdf(objects)


def pdf_nested_forms(depth: int = 12, fanout: int = 4) -> bytes:
    """A 6 KB PDF of ``depth`` nested form XObjects, each drawing the next ``fanout`` times;
    the innermost shows a word. The page draws the outermost: fanout**depth words (4**12 =
    16.8 million) and as many layout objects.

    Before: memory grew without bound (7.9 GB, then MemoryError after 81 s).
    """
    first = 5  # objects 5 .. 5+depth-1 are the forms; form i draws form i+1 as /X
    forms = []
    for level in range(depth):
        if level == depth - 1:
            content = _text_operators("deep", y=10)
            resources = b"<< /Font << /F1 %s >> >>" % _HELVETICA
        else:
            content = b" ".join([b"q 1 0 0 1 1 1 cm /X Do Q"] * fanout)
            resources = b"<< /XObject << /X %d 0 R >> >>" % (first + level + 1)
        forms.append(
            _stream(
                content,
                b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources %s " % resources,
            )
        )
    page = _one_page(b"4 0 R", resources=b"/XObject << /X %d 0 R >> " % first)
    return _pdf([*page, _stream(b"/X Do " + _text_operators(GOOD_TEXT)), *forms])


def pdf_scatter_markers(count: int = 10_000) -> bytes:
    """Not hostile, heavy: a page with a title and a scatter plot that draws its marker, a form
    of lines, ``count`` times, as matplotlib writes them.

    Before: pdfminer ran the marker's instructions at each point (10,000 points took 7 s);
    forms that cannot show text are not run any more.
    """
    points = b" ".join(
        b"q 1 0 0 1 %d %d cm /M0 Do Q" % (50 + i % 500, 50 + (i * 7) % 600) for i in range(count)
    )
    content = _text_operators("Scatter of the measured points") + b" " + points
    marker = _stream(
        b"0 -1 m 0.5 -1 1 -0.5 1 0 c 1 0.5 0.5 1 0 1 c -0.5 1 -1 0.5 -1 0 c h f",
        b"/Type /XObject /Subtype /Form /BBox [-1 -1 1 1] ",
    )
    page = _one_page(b"4 0 R", resources=b"/XObject << /M0 5 0 R >> ")
    return _pdf([*page, _stream(zlib.compress(content), b"/Filter /FlateDecode "), marker])


def deflate_bomb_stream(inflated_mib: int) -> bytes:
    """A zlib stream that inflates to ``inflated_mib`` MiB of spaces (about 1,000:1), built in
    a fraction of a second: after a full flush deflate restarts, so each MiB compresses to the
    same bytes; repeat them and finish the stream."""
    block = b" " * (1 << 20)
    packer = zlib.compressobj(9)
    head = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    unit = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    checksum = 1
    for _ in range(inflated_mib):
        checksum = zlib.adler32(block, checksum)
    # an empty final block (fixed Huffman codes), then the Adler-32 of everything inflated
    return head + unit * (inflated_mib - 1) + b"\x03\x00" + checksum.to_bytes(4, "big")


def pdf_flate_bomb(inflated_mib: int = 1024, streams: int = 1) -> bytes:
    """A PDF whose page shows a line of text, then draws ``streams`` FlateDecode content
    streams each inflating to ``inflated_mib`` MiB of spaces (default: a 1 MB file inflating
    to 1 GiB; many small ones test the cap on all streams together).

    Before: pdfminer inflated every stream whole with ``zlib.decompress`` (2.1 GB of memory
    for a 1 MB file), then parsed every byte of it.
    """
    bomb = _stream(deflate_bomb_stream(inflated_mib), b"/Filter /FlateDecode ")
    contents = " ".join(f"{5 + i} 0 R" for i in range(streams)).encode()
    text = _stream(zlib.compress(_text_operators(GOOD_TEXT) + b"\n"), b"/Filter /FlateDecode ")
    return _pdf([*_one_page(b"[4 0 R %s]" % contents), text, *[bomb] * streams])


def pdf_run_length_bomb(inflated_mib: int = 64) -> bytes:
    """Like :func:`pdf_flate_bomb` with RunLengthDecode: every 2 bytes repeat a space 128
    times (64:1). Before: pdfminer decoded it into a list of ints, 8 bytes a byte."""
    runs = bytes([129, 32]) * (inflated_mib << 13) + bytes([128])
    text = _stream(_text_operators(GOOD_TEXT))
    bomb = _stream(runs, b"/Filter /RunLengthDecode ")
    return _pdf([*_one_page(b"[4 0 R 5 0 R]"), text, bomb])


def pdf_many_characters(count: int) -> bytes:
    """A one-page PDF showing ``count`` characters, lines of 100 letters "x": about 1 byte of
    compressed file per 1,000 characters. Used for the extracted-character cap."""
    line = b"(" + b"x" * 99 + b" ) '"
    lines = b"\n".join([line] * (count // 100))
    content = b"BT /F1 1 Tf 1 TL 10 780 Td\n" + lines + b"\nET"
    return _pdf([*_one_page(b"4 0 R"), _stream(zlib.compress(content), b"/Filter /FlateDecode ")])


def pdf_scattered_characters(count: int = 2000) -> bytes:
    """A one-page PDF of ``count`` letters "x", each placed alone: as many text boxes.

    Before: pdfminer ordered the boxes by grouping the closest pair first over all pairs:
    2,000 letters (a 9 KB file) took 42 s and 780 MB, 10,000 did not end.
    """
    placed = b" ".join(
        b"1 0 0 1 %d %d Tm (x) Tj" % ((i * 37) % 600, (i * 53) % 780) for i in range(count)
    )
    content = b"BT /F1 1 Tf " + placed + b" ET"
    return _pdf([*_one_page(b"4 0 R"), _stream(zlib.compress(content), b"/Filter /FlateDecode ")])


def pdf_saved_states(count: int = 5_000_000) -> bytes:
    """A PDF whose page saves the graphics state (``q``) ``count`` times, shows its text, then
    restores them all (``Q``): 20 KB compressed, 1,024:1 (now refused for that ratio; a
    smaller ``count`` is read, keeping at most 1,000 saved states).

    Before: pdfminer kept a copy of the state for every ``q`` and ran for 97 s.
    """
    content = b"q " * count + _text_operators(GOOD_TEXT) + b" Q" * count
    return _pdf([*_one_page(b"4 0 R"), _stream(zlib.compress(content), b"/Filter /FlateDecode ")])


def pdf_operand_pileup(count: int = 200_000, *, compress: bool = True) -> bytes:
    """A PDF whose page shows its text, then pushes ``count`` numbers no operator takes,
    then runs ``count`` operators (``0 w``); ``compress``: as a FlateDecode stream (2 KB for
    the default, now refused for its 828:1 ratio) or as is (1.2 MB, now read in 5 s).

    Before: pdfminer copied its whole operand stack for every operator: quadratic, did not
    end within 30 s for the default.
    """
    content = _text_operators(GOOD_TEXT) + b" " + b"1 " * count + b"0 w " * count
    if not compress:
        return _pdf([*_one_page(b"4 0 R"), _stream(content)])
    return _pdf([*_one_page(b"4 0 R"), _stream(zlib.compress(content), b"/Filter /FlateDecode ")])


def pdf_cmap_range_bomb() -> bytes:
    """A PDF whose font's ToUnicode map has one range of 4 billion codes
    (``<00000000> <FFFFFFFF>``). Before: pdfminer added them one at a time, for ever."""
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        b"1 begincodespacerange <00> <FF> endcodespacerange "
        b"1 beginbfrange <00000000> <FFFFFFFF> <0041> endbfrange endcmap end end"
    )
    objects = _one_page(b"4 0 R")
    objects[2] = objects[2].replace(_HELVETICA, b"5 0 R")
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>"
    return _pdf([*objects, _stream(_text_operators(GOOD_TEXT)), font, _stream(cmap)])


def pdf_width_range_bomb() -> bytes:
    """A PDF whose CID font gives one width to 2 billion characters (``/W [0 2000000000
    500]``). Before: pdfminer added them one at a time, 5.3 GB in 13 s (found in the fuzzing
    work: bench/fuzz/findings/pdf/cidfont-w-range-2g.pdf)."""
    objects = _one_page(b"4 0 R")
    objects[2] = objects[2].replace(_HELVETICA, b"5 0 R")
    font = (
        b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H "
        b"/DescendantFonts [6 0 R] >>"
    )
    cid_font = b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /W [0 2000000000 500] >>"
    return _pdf([*objects, _stream(b"BT /F1 9 Tf (A) Tj ET"), font, cid_font])


def pdf_xref_stream_huge_range() -> bytes:
    """A PDF 1.5 with a cross-reference stream whose /Index claims 2 billion objects (its data
    holds 5) and a catalog without /Pages.

    Before: pdfminer, finding no page tree, looked up every object id the xref lists: 2
    billion lookups (a 476-byte file).
    """
    page = (
        b"<< /Type /Page /MediaBox [0 0 612 792] /Contents 3 0 R "
        b"/Resources << /Font << /F1 %s >> >> >>" % _HELVETICA
    )
    objects = [b"<< /Type /Catalog >>", page, _stream(_text_operators(GOOD_TEXT))]
    out = bytearray(b"%PDF-1.5\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    entries = b"\x00\x00\x00\x00" + b"".join(
        b"\x01" + offset.to_bytes(2, "big") + b"\x00" for offset in [*offsets, xref]
    )
    attributes = b"/Type /XRef /Size 5 /W [1 2 1] /Index [0 2000000000] /Root 1 0 R "
    out += b"4 0 obj\n" + _stream(entries, attributes) + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


# --------------------------------------------------------------------------- .docx

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_DOCX_HEAD = f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{_W}"><w:body>'
_DOCX_TAIL = "</w:body></w:document>"


_MINIMAL_DOCX = minimal_docx_members("")
"""The members of a minimal .docx (``tests/extract/samples.py``); document.xml is replaced."""


def _docx(document_xml: bytes) -> bytes:
    members: dict[str, str | bytes] = {**_MINIMAL_DOCX, "word/document.xml": document_xml}
    buffer = io.BytesIO()
    with ZipFile(buffer, "w", ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def docx_good(text: str = GOOD_TEXT) -> bytes:
    """A minimal well-formed .docx with one paragraph of ``text``."""
    return _docx(f"{_DOCX_HEAD}<w:p><w:r><w:t>{text}</w:t></w:r></w:p>{_DOCX_TAIL}".encode())


def docx_huge_xml(xml_mib: int = 480, seed: int = 13) -> bytes:
    """A .docx whose document.xml holds ``xml_mib`` MiB of paragraphs, one run per word
    (default: a 13 MB file, compression about 36:1, inside every zip limit: 10 x the 50 MB
    file limit, 200:1 per member); about 10% of the XML is text.

    Before: python-docx parsed the whole part into one tree (gigabytes of memory; a worker's
    1.5 GB limit ends it). Building the default takes about 6 s.
    """
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = ["".join(rng.choices(letters, k=rng.randint(3, 9))) for _ in range(64)]

    def paragraph() -> bytes:
        runs = "".join(
            f'<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">{word} </w:t></w:r>'
            for word in rng.choices(words, k=12)
        )
        return f'<w:p><w:pPr><w:pStyle w:val="BodyText"/></w:pPr>{runs}</w:p>'.encode()

    # Paragraphs drawn from a pool of 96: the pool's size sets the compression ratio.
    pool = [paragraph() for _ in range(96)]
    buffer = io.BytesIO()
    with ZipFile(buffer, "w", ZIP_DEFLATED, compresslevel=6) as archive:
        for name in ("[Content_Types].xml", "_rels/.rels"):
            archive.writestr(name, _MINIMAL_DOCX[name])
        with archive.open("word/document.xml", "w", force_zip64=True) as member:
            member.write(_DOCX_HEAD.encode())
            written = 0
            while written < xml_mib << 20:
                chunk = b"".join(rng.choices(pool, k=2048))
                member.write(chunk)
                written += len(chunk)
            member.write(_DOCX_TAIL.encode())
    return buffer.getvalue()


def docx_entities_after_bom(encoding: str = "utf-8") -> bytes:
    """A .docx whose document.xml is a byte-order mark, a newline, then a DOCTYPE declaring an
    entity that the text uses (``encoding``: "utf-8" or "utf-16", no XML declaration).

    Before: the zip guard's DOCTYPE/ENTITY pre-scan only looked at members starting with
    ``<`` (right after an optional BOM), so the BOM and newline hid the DOCTYPE from it.
    """
    body = "<w:p><w:r><w:t>Innocent &e;</w:t></w:r></w:p>"
    xml = (
        '\n<!DOCTYPE w:document [<!ENTITY e "expanded entity text">]>\n'
        f'<w:document xmlns:w="{_W}"><w:body>{body}{_DOCX_TAIL}'
    )
    data = xml.encode("utf-16") if encoding == "utf-16" else b"\xef\xbb\xbf" + xml.encode()
    return _docx(data)


# --------------------------------------------------------------------------- HTML and RTF


def odt_deep_spans(depth: int = 5000) -> bytes:
    """An .odt whose paragraph nests ``depth`` spans. Before: the reader recursed past Python's
    limit and called a well-formed file damaged (found in the fuzzing work)."""
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        "<office:body><office:text><text:p>"
        + "<text:span>" * depth
        + GOOD_TEXT
        + "</text:span>" * depth
        + "</text:p></office:text></office:body></office:document-content>"
    )
    buffer = io.BytesIO()
    with ZipFile(buffer, "w", ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", content)
    return buffer.getvalue()


def html_deep_nesting(depth: int = 300) -> bytes:
    """An HTML page with a first paragraph, ``depth`` nested ``<div>``s holding a word, then
    the paragraph :data:`HIDDEN_PARAGRAPH`.

    Before: libxml2's HTML parser stops at depth 256 and its recovery dropped everything after
    the nested block: only the first paragraph came out, without an error (exit 0).
    """
    first = "<p>The first paragraph of the page, with enough words to be read as text.</p>"
    nested = "<div>" * depth + "deep" + "</div>" * depth
    page = (
        "<!DOCTYPE html><html><head><title>Deep</title></head><body>"
        f"{first}{nested}<p>{HIDDEN_PARAGRAPH}</p></body></html>"
    )
    return page.encode()


def rtf_bin_payload(payload_mib: int = 4) -> bytes:
    """An RTF file with text before and after an embedded object whose data is a ``\\binN``
    control word and ``payload_mib`` MiB of binary data: two bytes "}}" then bytes 0xFF
    (binary data may hold any byte, braces and backslashes included).

    Before: the N bytes were read as RTF (striprtf skips ``\\bin`` data in ``\\pict`` groups
    only): "}}" ended the object's groups and the rest came out as text, megabytes of "ÿ".
    """
    payload = b"}}" + b"\xff" * ((payload_mib << 20) - 2)
    return (
        b"{\\rtf1\\ansi\\ansicpg1252 Text before the object.\\par "
        b"{\\object\\objemb{\\*\\objclass Package}{\\*\\objdata\\bin%d "
        % len(payload)
        + payload
        + b"}}Text after the object.\\par }"
    )


def rtf_huge_unicode_escape() -> bytes:
    """An RTF file with ``\\u99999999999`` (out of the signed 16-bit range RTF allows) between
    two words.

    Before: striprtf called ``chr(99999999999)``: OverflowError, reported as a damaged file.
    """
    return b"{\\rtf1\\ansi Before \\u99999999999? after and \\u-3913?, the end.\\par }"
