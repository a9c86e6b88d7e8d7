"""Extract stage: turn one input file into the reference text that every later stage indexes.

What must hold:

* ``Extracted.text`` is the reference text: every offset CopyLens reports is a Python ``str``
  index into it. For .txt/.md files it is the file's characters exactly as decoded (newlines,
  spaces and control characters kept; only a byte-order mark is dropped), so
  ``data.decode(Extracted.encoding) == Extracted.text`` for those files.
* Bad input raises :class:`copylens.core.errors.InputError` subclasses only; an unexpected
  exception from a parser library becomes :class:`CorruptFile` naming the format (chained
  with ``from``). A MemoryError is not the file's damage and passes through: the reading stage
  (:mod:`copylens.core.prepare`, in a worker with a memory limit) reports it against that limit.
* Input files are opened read-only and never modified; everything after the one read works on
  bytes in memory (except .doc, which a converter reads from a private temporary copy).
* Heavy libraries (pdfminer, trafilatura, lxml, defusedxml, striprtf, charset_normalizer) are
  imported lazily inside the functions that need them, so importing this package stays cheap,
  and a UTF-8 text file never reaches charset detection.

Limits (the size refusals of containers happen before decompressing anything):

* a file over ``max_bytes`` -> :class:`TooLarge` (from ``stat`` before reading);
* a text over ``max_chars`` characters (default ``max_bytes``) -> :class:`TooLarge`; the
  readers whose text can most outgrow the file (.docx, .pdf) stop as soon as they pass it;
* a .docx/.odt whose members add up to more than ``zip_expansion_limit(max_bytes)`` bytes
  uncompressed (10 x ``max_bytes``, at most 512 MiB), or any member over 1 MiB that expands more
  than 200:1, or more than 10,000 members -> :class:`TooLarge`. Sizes come from the zip central
  directory; :mod:`zipfile` never yields more than a member's declared size, so the declared
  sizes bound the real work; a .docx's XML is read as a stream, one paragraph at a time;
* XML members of those containers that declare a DOCTYPE or entities -> :class:`CorruptFile`
  (a pre-scan of every member in each UTF-8/16/32 spelling, and parsers that load no DTD and
  expand no entity anyway);
* a PDF's compressed streams inflate to at most ``max_bytes`` each and
  ``zip_expansion_limit(max_bytes)`` together, its content streams over 1 MiB at most 200:1;
  its objects may not refer to each other in a loop; its forms nest at most 12 deep, a
  document draws at most 200,000 forms and pictures and runs at most 20,000 forms that may show
  text; a page holds at most 100,000 characters -> :class:`TooLarge` or :class:`CorruptFile`
  (see :mod:`copylens.core.extract.pdfguard`);
* an HTML page whose elements nest more than 2,048 deep -> :class:`TooLarge` (the HTML parser
  would drop the rest of the page).

Encrypted PDFs: a PDF encrypted with an empty user password (permissions only) opens without a
password in every viewer, so it is extracted normally; one that needs a password is refused with
:class:`EncryptedFile`.

The package, one concern per module (this module is the public API and the dispatcher):

* ``handlers``: the table of handlers, suffixes -> format name and reader (one row a format);
* ``plain``, ``docx``, ``odt``, ``pdf``, ``rtf``, ``html``, ``doc``: one reader per format;
  ``converters`` runs catdoc/antiword for legacy Word; ``pdfguard`` bounds what pdfminer may
  do with a hostile PDF;
* ``decode`` (text files: BOMs, UTF-16/32, UTF-8, binary data) and ``charset`` (which legacy
  code page);
* ``zipguard``: the checks a .docx/.odt passes before anything is decompressed;
* ``access``: reading one file; ``walk``: expanding folders into files (:func:`collect_files`);
* ``base``: what the readers share.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from copylens.core.errors import CorruptFile, EmptyFile, InputError
from copylens.core.extract.access import check_size, read_file
from copylens.core.extract.base import HAS_WORD, Limits, text_too_long
from copylens.core.extract.decode import decode_text
from copylens.core.extract.handlers import (
    SUPPORTED_SUFFIXES,
    Handler,
    handler_for,
    handler_for_suffix,
)
from copylens.core.extract.walk import collect_files
from copylens.core.extract.zipguard import (
    ZIP_MAX_MEMBERS,
    ZIP_MAX_RATIO,
    ZIP_MAX_UNCOMPRESSED,
    zip_expansion_limit,
)

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

DEFAULT_MAX_BYTES = 50 * 1024 * 1024


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


def extract_file(
    path: Path | str, *, max_bytes: int = DEFAULT_MAX_BYTES, max_chars: int | None = None
) -> Extracted:
    """Read the file at ``path`` (read-only) and extract its text.

    The suffix is checked first (no I/O), then the path (missing, folder, not a regular file,
    permission), then the size from ``stat`` (0 bytes, over ``max_bytes``), then the content.
    A text longer than ``max_chars`` characters (None: ``max_bytes``, one character per byte
    of the file limit) is refused with :class:`TooLarge`. Raises only :class:`InputError`
    subclasses for bad input.
    """
    file_path = path if isinstance(path, Path) else Path(path)  # a Path made again: ~3 µs
    handler = handler_for_suffix(file_path.suffix)
    data = read_file(file_path, max_bytes)
    return _extract(data, str(path), handler, _limits(max_bytes, max_chars))


def extract_text(
    data: bytes, name: str, *, max_bytes: int = DEFAULT_MAX_BYTES, max_chars: int | None = None
) -> Extracted:
    """Extract the text of ``data`` as if it were the content of a file called ``name``.

    ``name``'s suffix picks the format; the same checks, limits and errors as
    :func:`extract_file` apply (size from ``len(data)``). ``Extracted.path`` is ``name``.
    """
    handler = handler_for(name)
    check_size(len(data), max_bytes)
    return _extract(bytes(data), name, handler, _limits(max_bytes, max_chars))


def _limits(max_bytes: int, max_chars: int | None) -> Limits:
    return Limits(max_bytes, max_bytes if max_chars is None else max_chars)


def _extract(data: bytes, name: str, handler: Handler, limits: Limits) -> Extracted:
    """Run ``handler``'s reader; convert stray library errors; refuse too long or text-less
    results."""
    try:
        out = handler.read(data, limits)
    except InputError:
        raise
    except MemoryError:
        raise  # not damage: the reading stage reports it against its memory limit
    except Exception as exc:  # any parser failure on bad input is the file's fault
        suffix = Path(name).suffix.lower()
        raise CorruptFile("the {suffix} file is damaged and cannot be read", suffix=suffix) from exc
    if len(out.text) > limits.max_chars:
        raise text_too_long(limits.max_chars, len(out.text))
    if not HAS_WORD.search(out.text):
        raise EmptyFile("no text found in the file")
    digest = hashlib.sha256(data).hexdigest()
    return Extracted(name, out.text, out.format or handler.format, out.encoding, digest)
