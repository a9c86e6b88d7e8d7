"""PDF (.pdf): the text layer of every page through pdfminer's layout analysis.

What must hold: page breaks become newlines; a hyphen at a line end between letters is
undone when the next letter is lower-case (a soft hyphen always joins), so "exam-\\nple"
reads "example" while "Jean-\\nPaul" and mid-line "well-known" stay. A PDF encrypted with an
empty user password (permissions only) opens without a password in every viewer, so it is
read normally; one that needs a password is refused with :class:`EncryptedFile`. A PDF with
pages but no words has no text layer (:class:`NoTextLayer`: CopyLens does no OCR).
"""

from __future__ import annotations

import io
import logging
import re

from copylens.core.errors import CorruptFile, EncryptedFile, NoTextLayer
from copylens.core.extract.base import HAS_WORD, Limits, Read

# A hyphen at a line end between letters: "exam-\nple" -> "example" when the next letter is
# lower-case (a soft hyphen always joins); "Jean-\nPaul" and mid-line "well-known" are kept.
# Up to two blank lines may separate the halves (pdfminer puts a line that ends a text box, a
# column or a page in a box of its own).
_LINE_HYPHEN = re.compile(
    r"(?<=[^\W\d_])([-\u00ad\u2010])[ \t]*\n(?:[ \t]*\n){0,2}[ \t]*(?=[^\W\d_])"
)


def read(data: bytes, limits: Limits) -> Read:
    """Text of every page (page breaks become newlines), line-end hyphenation undone."""
    if b"%PDF-" not in data[:1024]:
        raise CorruptFile("not a PDF file (no %PDF header)")
    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    text, pages = _pages_text(data)
    if pages == 0:
        raise CorruptFile("damaged .pdf file (no pages found)")
    if not HAS_WORD.search(text):
        raise NoTextLayer("the PDF has no text layer (scanned images?); CopyLens does no OCR")
    return Read(_join_line_hyphens(text.replace("\f", "\n")))


def _pages_text(data: bytes) -> tuple[str, int]:
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

    return _LINE_HYPHEN.sub(join, text)
