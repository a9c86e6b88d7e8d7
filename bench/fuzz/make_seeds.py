"""Writes the fuzzing seed corpus: a few small valid files per format in ``seeds/<format>/``.

Every file is built by hand (zipfile for .docx/.odt, PDF objects with computed offsets, RTF
and HTML source), so the corpus stays a few KB a file and comes out byte-identical on every
run. What the seeds cover, so the fuzzer starts from each structure the readers handle:

* txt/md: UTF-8 (with and without a BOM), UTF-16 with and without a BOM, cp1251, cp1250 and
  cp1252 (no declaration: charset detection);
* pdf: a plain content stream, a FlateDecode stream, a form XObject drawn by ``Do`` (nested
  once), a PDF 1.5 file whose objects sit in an object stream behind an xref stream, and a
  Type0/CID font with widths (``/W``) and a ToUnicode CMap (``bfchar``, ``bfrange``);
* docx: paragraphs, a table, a footnote, a header, a tracked change, a content control;
* odt: headings, a list, a table, a note, ``text:s``/``text:tab``/``text:line-break``, a header;
* rtf: cp1252 ``\\'xx``, Cyrillic by ``\\ansicpg1251`` and by ``\\fcharset204``, ``\\uN``
  escapes (an astral character as a surrogate pair), a ``\\bin`` payload, a ``\\pict`` group;
* html: nested article/section/list/table with script, nav and aside, a cp1251 page declared by
  ``<meta charset>``, a UTF-16 page with a BOM, an XHTML page with an XML declaration;
* doc: what people save under .doc (RTF, HTML, a .docx) and an OLE2 header.

Usage: ``python bench/fuzz/make_seeds.py`` (rewrites ``bench/fuzz/seeds/``).
"""

from __future__ import annotations

import io
import shutil
import zlib
from pathlib import Path
from zipfile import ZIP_DEFLATED, ZIP_STORED, ZipFile, ZipInfo

SEEDS = Path(__file__).resolve().parent / "seeds"

RU = "Проверка текста на заимствования: студент списал абзац."
EN = "The quick brown fox jumps over the lazy dog, then writes an essay."


def main() -> None:
    if SEEDS.exists():
        shutil.rmtree(SEEDS)
    builders = {
        "txt": text_seeds,
        "md": markdown_seeds,
        "pdf": pdf_seeds,
        "docx": docx_seeds,
        "odt": odt_seeds,
        "rtf": rtf_seeds,
        "html": html_seeds,
        "doc": doc_seeds,
        "feed": feed_seeds,
    }
    for fmt, build in builders.items():
        folder = SEEDS / fmt
        folder.mkdir(parents=True)
        for name, data in build().items():
            (folder / name).write_bytes(data)
        print(f"{fmt}: {len(list(folder.iterdir()))} files")


# --- text ---------------------------------------------------------------------------------


def text_seeds() -> dict[str, bytes]:
    text = f"{EN}\n{RU}\r\nTabs\tand  spaces; digits 12345.\n"
    return {
        "utf8.txt": text.encode("utf-8"),
        "utf8-bom.txt": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "utf16le-bom.txt": b"\xff\xfe" + text.encode("utf-16-le"),
        "cp1251.txt": (RU + "\nВторое предложение о другом.\n").encode("cp1251"),
        "cp1250.txt": "Zażółć gęślą jaźń. Příliš žluťoučký kůň úpěl ódy.\n".encode("cp1250"),
        "cp1252.txt": "Café crème, naïve façade — « déjà vu » à l'œuvre.\n".encode("cp1252"),
        "utf16be-nobom.txt": text.encode("utf-16-be"),
    }


def markdown_seeds() -> dict[str, bytes]:
    source = (
        f"# Heading\n\n{EN}\n\n* item one\n* item two with `code`\n\n"
        f"> {RU}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[link](http://example.org)\n"
    )
    return {"notes.md": source.encode("utf-8")}


# --- pdf ----------------------------------------------------------------------------------


def pdf_file(objects: list[bytes], root: int = 1) -> bytes:
    """A PDF of ``objects`` (object N is ``objects[N-1]``) with a correct xref table."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\n" % (len(objects) + 1, root)
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def stream(content: bytes, extra: bytes = b"", flate: bool = False) -> bytes:
    if flate:
        content = zlib.compress(content)
        extra += b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n%s\nendstream" % (len(content), extra, content)


def page_tree(contents: int, resources: bytes) -> list[bytes]:
    """Objects 1-3: catalog, pages, one page drawing object ``contents``."""
    return [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
        b"/Resources %s >>" % (contents, resources),
    ]


FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
TEXT = (
    b"BT /F1 12 Tf 72 720 Td (The student copied a paragraph from an exam-) Tj "
    b"0 -14 Td (ple essay, word for word.) Tj 0 -14 Td [(Kern) -120 (ed) 50 ( text)] TJ "
    b"T* (caf\\351 \\(escaped\\) \\\\ backslash) Tj ET"
)


CID_TEXT = b"BT /F1 12 Tf 72 700 Td <0001000200030004000500060007> Tj ET"
CID_FONT = [
    b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H "
    b"/DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
    b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /DW 500 /W [1 [600 700] 3 5 400] "
    b"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
    stream(
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /U def "
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"2 beginbfchar <0001> <0054> <0002> <0065> endbfchar "
        b"2 beginbfrange <0003> <0005> <0078> <0006> <0007> [<0041> <D83DDE00>] endbfrange "
        b"endcmap CMapName currentdict /CMap defineresource pop end end"
    ),
]


def pdf_seeds() -> dict[str, bytes]:
    fonts = b"<< /Font << /F1 5 0 R >> >>"
    plain = [*page_tree(4, fonts), stream(TEXT), FONT]
    flate = [*page_tree(4, fonts), stream(TEXT, flate=True), FONT]
    form = b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources "
    outer_res = b"<< /Font << /F1 5 0 R >> /XObject << /X2 7 0 R >> >>"
    inner = b"BT /F1 10 Tf 72 600 Td (Text inside a nested form XObject.) Tj ET"
    xobject = [
        *page_tree(4, b"<< /XObject << /X1 6 0 R >> >>"),
        stream(b"q 1 0 0 1 0 0 cm /X1 Do Q"),
        FONT,
        stream(TEXT + b" /X2 Do", form + outer_res),
        stream(inner, form + fonts),
    ]
    return {
        "plain.pdf": pdf_file(plain),
        "flate.pdf": pdf_file(flate),
        "xobject.pdf": pdf_file(xobject),
        "objstm.pdf": pdf_objstm(),
        "cid-tounicode.pdf": pdf_file([*page_tree(4, fonts), stream(CID_TEXT), *CID_FONT]),
    }


def pdf_objstm() -> bytes:
    """PDF 1.5: catalog, pages, page and font in a compressed object stream; xref stream."""
    inner = [*page_tree(5, b"<< /Font << /F1 4 0 R >> >>"), FONT]
    heads, bodies, position = [], b"", 0
    for number, body in enumerate(inner, start=1):
        heads.append(b"%d %d" % (number, position))
        bodies += body + b"\n"
        position = len(bodies)
    head = b" ".join(heads) + b"\n"
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    objstm_at = len(out)
    out += b"6 0 obj\n" + stream(head + bodies, b" /Type /ObjStm /N 4 /First %d" % len(head), True)
    out += b"\nendobj\n"
    content_at = len(out)
    out += b"5 0 obj\n" + stream(TEXT, flate=True) + b"\nendobj\n"
    xref_at = len(out)
    rows = [b"\x00\x00\x00\x00\x00\xff\xff"]
    rows += [b"\x02" + (6).to_bytes(4, "big") + i.to_bytes(2, "big") for i in range(4)]
    rows += [b"\x01" + at.to_bytes(4, "big") + b"\x00\x00" for at in (content_at, objstm_at)]
    rows += [b"\x01" + xref_at.to_bytes(4, "big") + b"\x00\x00"]
    info = b" /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R"
    out += b"7 0 obj\n" + stream(b"".join(rows), info, True) + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


# --- zip containers -----------------------------------------------------------------------


def zip_file(members: dict[str, str], stored_first: str | None = None) -> bytes:
    """A zip of ``members`` (deflated; ``stored_first`` stored uncompressed), fixed times."""
    out = io.BytesIO()
    with ZipFile(out, "w") as archive:
        for name, text in members.items():
            info = ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = ZIP_STORED if name == stored_first else ZIP_DEFLATED
            archive.writestr(info, text.encode("utf-8"))
    return out.getvalue()


W_NS = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)
DOCX_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>
<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>
</Types>"""  # noqa: E501
DOCX_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>"""  # noqa: E501
DOCUMENT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="http://example.org" TargetMode="External"/>
</Relationships>"""  # noqa: E501


def run(text: str) -> str:
    return f'<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">{text}</w:t></w:r>'


def docx_document(body: str) -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<w:document {W_NS}><w:body>{body}</w:body></w:document>'  # noqa: E501


def docx_seeds() -> dict[str, bytes]:
    table = "<w:tbl>" + "".join(
        f"<w:tr><w:tc><w:p>{run(f'cell {r}1')}</w:p></w:tc>"
        f"<w:tc><w:p>{run(f'cell {r}2')}</w:p><w:p>{run('second')}</w:p></w:tc></w:tr>"
        for r in (1, 2)
    )
    body = (
        f"<w:p><w:pPr><w:pStyle w:val='Heading1'/></w:pPr>{run('Essay')}</w:p>"
        f"<w:p>{run(EN)}<w:r><w:footnoteReference w:id='1'/></w:r><w:r><w:tab/></w:r>"
        f"<w:hyperlink r:id='rId3'>{run('a link')}</w:hyperlink><w:r><w:br/></w:r>"
        f"<w:ins w:id='5' w:author='a'>{run('inserted')}</w:ins>"
        f"<w:del w:id='6' w:author='a'><w:r><w:delText>deleted</w:delText></w:r></w:del></w:p>"
        f"{table}</w:tbl>"
        f"<w:sdt><w:sdtContent><w:p>{run(RU)}</w:p></w:sdtContent></w:sdt>"
        "<w:sectPr><w:headerReference w:type='default' r:id='rId2'/></w:sectPr>"
    )
    footnotes = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<w:footnotes {W_NS}>'
        "<w:footnote w:type='separator' w:id='-1'><w:p><w:r><w:separator/></w:r></w:p>"
        f"</w:footnote><w:footnote w:id='1'><w:p>{run('A footnote.')}</w:p></w:footnote>"
        "</w:footnotes>"
    )
    header = f"<w:hdr {W_NS}><w:p>{run('Running header')}</w:p></w:hdr>"
    full = {
        "[Content_Types].xml": DOCX_TYPES,
        "_rels/.rels": DOCX_RELS,
        "word/document.xml": docx_document(body),
        "word/_rels/document.xml.rels": DOCUMENT_RELS,
        "word/footnotes.xml": footnotes,
        "word/header1.xml": header,
    }
    minimal = {
        "[Content_Types].xml": DOCX_TYPES,
        "_rels/.rels": DOCX_RELS,
        "word/document.xml": docx_document(f"<w:p>{run(EN)}</w:p><w:p>{run(RU)}</w:p>"),
    }
    return {"tables-notes.docx": zip_file(full), "minimal.docx": zip_file(minimal)}


ODF_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" office:version="1.2"'
)
ODT_MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
</manifest:manifest>"""  # noqa: E501


def odt_seeds() -> dict[str, bytes]:
    text = (
        "<text:sequence-decls/><text:h text:outline-level='1'>Essay</text:h>"
        f"<text:p>{EN}<text:s text:c='3'/>x<text:tab/>y<text:line-break/>"
        "<text:span>span</text:span><text:note text:note-class='footnote'>"
        "<text:note-citation>1</text:note-citation><text:note-body><text:p>A note.</text:p>"
        "</text:note-body></text:note></text:p>"
        f"<text:list><text:list-item><text:p>{RU}</text:p></text:list-item></text:list>"
        "<table:table><table:table-columns/><table:table-row><table:table-cell><text:p>c11"
        "</text:p></table:table-cell><table:table-cell><text:p>c12</text:p></table:table-cell>"
        "</table:table-row></table:table>"
    )
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {ODF_NS}>'
        f"<office:body><office:text>{text}</office:text></office:body></office:document-content>"
    )
    styles = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles {ODF_NS}>'
        "<office:master-styles><style:master-page style:name='Standard'><style:header>"
        "<text:p>Running header</text:p></style:header></style:master-page>"
        "</office:master-styles></office:document-styles>"
    )
    mimetype = "application/vnd.oasis.opendocument.text"
    full = {
        "mimetype": mimetype,
        "META-INF/manifest.xml": ODT_MANIFEST,
        "content.xml": content,
        "styles.xml": styles,
    }
    small = {"mimetype": mimetype, "content.xml": content.replace(text, f"<text:p>{EN}</text:p>")}
    return {
        "full.odt": zip_file(full, stored_first="mimetype"),
        "small.odt": zip_file(small, stored_first="mimetype"),
    }


# --- rtf, html, doc -------------------------------------------------------------------------


def rtf_seeds() -> dict[str, bytes]:
    header = rb"{\rtf1\ansi\deff0{\fonttbl{\f0\froman Times;}}"
    cyrillic = "".join(f"\\'{b:02x}" for b in RU.encode("cp1251"))
    return {
        "cp1252.rtf": header + rb"\pard Caf\'e9 cr\'e8me \b bold\b0\par " + EN.encode() + b"}",
        "ansicpg1251.rtf": rb"{\rtf1\ansi\ansicpg1251 " + cyrillic.encode() + rb"\par}",
        "fcharset204.rtf": rb"{\rtf1{\fonttbl{\f0\fcharset204 Arial;}}\f0 "
        + cyrillic.encode()
        + b"}",
        "unicode.rtf": rb"{\rtf1\ansi\uc1 \u1055?\u1088?\u1080? emoji \u-10179?\u-8704?"
        rb" \uc2\u55357??\u56832?? {\*\generator x;}\line tab\tab end}",
        "bin-pict.rtf": rb"{\rtf1\ansi text before {\*\blob\bin4 \x00\xff{}}"
        rb"{\pict\pngblip 89504e47} after\par}",
        "field.rtf": rb'{\rtf1\ansi{\field{\*\fldinst HYPERLINK "http://x"}{\fldrslt link}}'
        rb" and {\footnote note} \~nbsp\-\emdash\endash\bullet}",
    }


def html_seeds() -> dict[str, bytes]:
    nested = (
        "<!DOCTYPE html><html><head><title>t</title><style>p{}</style>"
        "<script>var x = '<p>no</p>';</script></head><body><header>Site</header>"
        "<nav><ul><li><a href='/'>Home</a></li></ul></nav><main><article><h1>Essay</h1>"
        f"<section><p>{EN} <b>bold <i>italic</i></b> &amp; &#1055; &nbsp;</p>"
        f"<div><div><div><p>{RU}</p></div></div></div>"
        "<ul><li>one<ul><li>two</li></ul></li></ul>"
        "<table><tr><th>h</th><td>c<br>d</td></tr></table></section></article></main>"
        "<aside>ad</aside><footer>(c)</footer></body></html>"
    )
    cp1251 = (
        "<html><head><meta charset='windows-1251'></head><body>"
        f"<p>{RU}</p><p>{RU}</p></body></html>"
    )
    xhtml = (
        '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
        f"<body><div><p>{EN}</p><pre>pre  text</pre></div></body></html>"
    )
    return {
        "nested.html": nested.encode("utf-8"),
        "cp1251.html": cp1251.encode("cp1251"),
        "utf16.htm": b"\xff\xfe" + f"<html><body><p>{EN}</p></body></html>".encode("utf-16-le"),
        "xhtml.html": xhtml.encode("utf-8"),
    }


def doc_seeds() -> dict[str, bytes]:
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + EN.encode("utf-16-le")
    return {
        "rtf-as.doc": rtf_seeds()["cp1252.rtf"],
        "html-as.doc": html_seeds()["nested.html"],
        "docx-as.doc": docx_seeds()["minimal.docx"],
        "ole2.doc": ole,
    }


# --- news feeds (issue 38) ------------------------------------------------------------------


def feed_seeds() -> dict[str, bytes]:
    """RSS 2.0 and Atom with what the news reader reads: HTML content, links, images,
    enclosures, media, dates, character references (one naming no character)."""
    rss = (
        '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" '
        'xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Лента</title>'
        "<link>https://news.example.ru/</link><item><title>Ставка &#x41;</title>"
        "<link>https://news.example.ru/a/1</link><guid>n-1</guid>"
        "<pubDate>Fri, 25 Oct 2024 13:30:00 +0300</pubDate>"
        f"<description><![CDATA[<p>{RU}</p><p>{RU} <a href='/x'>a</a></p>"
        "<img src='https://img.example.ru/1.jpg'>]]></description>"
        '<enclosure url="https://img.example.ru/2.jpg" type="image/jpeg" length="1"/>'
        '<media:content url="https://img.example.ru/3.jpg" medium="image"/></item>'
        f"<item><title>Bad &#xD800;</title><description>{EN}</description></item>"
        "</channel></rss>"
    )
    atom = (
        '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
        '<title>Wire</title><link href="https://wire.example.com/"/><id>urn:w</id>'
        '<entry><title type="html">Rates &lt;b&gt;up&lt;/b&gt;</title><id>urn:w:1</id>'
        '<link href="https://wire.example.com/1"/><published>2024-10-25T10:30:00Z</published>'
        f'<content type="html">&lt;p&gt;{EN}&lt;/p&gt;&lt;a href="http://[::1"&gt;x&lt;/a&gt;'
        "</content></entry></feed>"
    )
    loose = f"<rss><channel><item><title>t</title><description>{EN} &#1114112;"
    return {
        "rss.xml": rss.encode("utf-8"),
        "atom.xml": atom.encode("utf-8"),
        "loose.rss": loose.encode("utf-8"),
        "utf16.xml": rss.replace('encoding="utf-8"', 'encoding="utf-16"').encode("utf-16"),
    }


if __name__ == "__main__":
    main()
