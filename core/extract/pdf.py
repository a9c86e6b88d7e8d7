"""PDF (.pdf): the text layer of every page through pdfminer's layout analysis.

What must hold: page breaks become newlines; a hyphen at a line end between letters is
undone when the next letter is lower-case (a soft hyphen always joins), so "exam-\\nple"
reads "example" while "Jean-\\nPaul" and mid-line "well-known" stay. A PDF encrypted with an
empty user password (permissions only) opens without a password in every viewer, so it is
read normally; one that needs a password is refused with :class:`EncryptedFile`. A PDF with
pages but no words has no text layer (:class:`NoTextLayer`: CopyLens does no OCR). pdfminer
runs inside the guards of :mod:`copylens.core.extract.pdfguard` (reference loops, compression
and drawing bombs, the character limit).
"""

from __future__ import annotations

import io
import logging
import re

from copylens.core.errors import CorruptFile, EncryptedFile, NoTextLayer
from copylens.core.extract.base import HAS_WORD, Limits, Read
from copylens.core.extract.zipguard import zip_expansion_limit

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
    text, pages = _pages_text(data, limits)
    if pages == 0:
        raise CorruptFile("damaged .pdf file (no pages found)")
    if not HAS_WORD.search(text):
        raise NoTextLayer("the PDF has no text layer (scanned images?); CopyLens does no OCR")
    return Read(_join_line_hyphens(text.replace("\f", "\n")))


def _pages_text(data: bytes, limits: Limits) -> tuple[str, int]:
    """``(text, page count)`` via pdfminer's layout analysis, within the limits of
    :mod:`copylens.core.extract.pdfguard`; password errors mapped."""
    from pdfminer.layout import LAParams
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    from copylens.core.extract import pdfguard

    with pdfguard.guarded(limits.max_bytes, zip_expansion_limit(limits.max_bytes)):
        try:
            document = pdfguard.GuardedDocument(PDFParser(io.BytesIO(data)))
        except PDFPasswordIncorrect as exc:
            raise EncryptedFile("the PDF is password-protected") from exc
        except PDFEncryptionError as exc:
            raise EncryptedFile("the PDF is encrypted with a method CopyLens cannot open") from exc
        out = io.StringIO()
        resources = pdfguard.GuardedResourceManager()
        with pdfguard.GuardedTextConverter(
            resources,
            out,
            laparams=LAParams(),
            max_chars=limits.max_chars,
            max_form_bytes=limits.max_bytes,
        ) as device:
            interpreter = pdfguard.GuardedInterpreter(resources, device)
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
