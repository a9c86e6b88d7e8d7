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
  package stays cheap, and a UTF-8 text file never reaches charset detection.

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

The package, one concern per module (this module is the public API and the dispatcher):

* ``handlers``: the table of handlers, suffixes -> format name and reader (one row a format);
* ``plain``, ``docx``, ``odt``, ``pdf``, ``rtf``, ``html``, ``doc``: one reader per format;
  ``converters`` runs catdoc/antiword for legacy Word;
* ``decode`` (text files: BOMs, UTF-16/32, UTF-8, binary data) and ``charset`` (which legacy
  code page);
* ``zipguard``: the checks a .docx/.odt passes before anything is decompressed;
* ``base``: what the readers share.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from copylens.core.errors import CorruptFile, EmptyFile, InputError, TooLarge, UnreadableFile
from copylens.core.extract.base import HAS_WORD, os_reason
from copylens.core.extract.decode import decode_text
from copylens.core.extract.handlers import SUPPORTED_SUFFIXES, Handler, handler_for
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


def extract_file(path: Path | str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Extracted:
    """Read the file at ``path`` (read-only) and extract its text.

    The suffix is checked first (no I/O), then the path (missing, folder, not a regular file,
    permission), then the size from ``stat`` (0 bytes, over ``max_bytes``), then the content.
    Raises only :class:`InputError` subclasses for bad input.
    """
    file_path = Path(path)
    handler = handler_for(file_path.name)
    data = _read_file(file_path, max_bytes)
    return _extract(data, str(path), handler, max_bytes)


def extract_text(data: bytes, name: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Extracted:
    """Extract the text of ``data`` as if it were the content of a file called ``name``.

    ``name``'s suffix picks the format; the same checks and errors as :func:`extract_file`
    apply (size from ``len(data)``). ``Extracted.path`` is ``name``.
    """
    handler = handler_for(name)
    _check_size(len(data), max_bytes)
    return _extract(bytes(data), name, handler, max_bytes)


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


def _path_kind(path: Path) -> str:
    """'dir', 'other' (exists, not a folder), or the reason the path cannot be used."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return "file or folder not found" if not path.is_symlink() else "broken symbolic link"
    except PermissionError:
        return "permission denied"
    except (OSError, ValueError) as exc:
        return f"cannot access ({os_reason(exc) if isinstance(exc, OSError) else 'bad path'})"
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
        problems.append((str(folder), f"cannot list the folder ({os_reason(exc)})"))
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


def _extract(data: bytes, name: str, handler: Handler, max_bytes: int) -> Extracted:
    """Run ``handler``'s reader; convert stray library errors; refuse text-less results."""
    try:
        out = handler.read(data, max_bytes)
    except InputError:
        raise
    except Exception as exc:  # any parser failure on bad input is the file's fault
        suffix = Path(name).suffix.lower()
        raise CorruptFile(f"damaged {suffix} file ({_short_reason(exc)})") from exc
    if not HAS_WORD.search(out.text):
        raise EmptyFile("no text found in the file")
    digest = hashlib.sha256(data).hexdigest()
    return Extracted(name, out.text, out.format or handler.format, out.encoding, digest)


def _short_reason(exc: BaseException) -> str:
    """``Type: first line of the message``, at most ~120 characters."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(message) > 100:
        message = message[:97] + "..."
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


# --------------------------------------------------------------------------- file access


def _check_size(size: int, max_bytes: int) -> None:
    """:class:`EmptyFile` for 0 bytes, :class:`TooLarge` over ``max_bytes``."""
    if size == 0:
        raise EmptyFile("the file is empty (0 bytes)")
    if size > max_bytes:
        raise TooLarge(f"file is {size} bytes, over the {max_bytes} limit")


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
        reason = os_reason(exc) if isinstance(exc, OSError) else "invalid path"
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
        raise UnreadableFile(f"cannot read the file ({os_reason(exc)})") from exc
    _check_size(len(data), max_bytes)  # the file may have changed since stat
    return data
