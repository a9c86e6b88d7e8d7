"""The zip guard: what a .docx/.odt container must pass before any member is decompressed.

What must hold (refusals come from the zip central directory, before decompressing anything):

* more than ``ZIP_MAX_MEMBERS`` members, members adding up to more than
  :func:`zip_expansion_limit` bytes uncompressed, or any member over 1 MiB that expands more
  than ``ZIP_MAX_RATIO``:1 -> :class:`TooLarge`. :mod:`zipfile` never yields more than a
  member's declared size, so the declared sizes bound the real work;
* a member with the encryption flag -> :class:`EncryptedFile`;
* an XML member that declares a DOCTYPE or entities -> :class:`CorruptFile`. A member is XML
  when, decoded as an XML parser would decode it (byte-order mark, else the UTF-16/32 or EBCDIC
  spelling of its first "<", else its XML declaration's encoding, else UTF-8), or in its bytes
  after a byte-order mark, it starts with "<" after any whitespace; it is then read in 1 MiB
  chunks and searched for ``<!DOCTYPE`` and ``<!ENTITY``, decoded and in their ASCII, UTF-16
  and UTF-32 bytes; XML declaring an encoding Python does not know cannot be
  checked and is refused too. (A BOM, a newline, then a DOCTYPE used to pass: only a "<" right
  after the BOM was taken for XML.) The readers' XML parsers load no DTD and expand no entity
  anyway.
"""

from __future__ import annotations

import codecs
import io
import re
import zipfile

from copylens.core.errors import CorruptFile, EncryptedFile, TooLarge
from copylens.core.extract.base import megabytes

ZIP_EXPANSION_FACTOR = 10
ZIP_MAX_UNCOMPRESSED = 512 * 1024 * 1024
ZIP_MAX_RATIO = 200
ZIP_RATIO_MIN_SIZE = 1024 * 1024
ZIP_MAX_MEMBERS = 10_000

_XML_MARKERS = ("<!DOCTYPE", "<!ENTITY")
_RAW_MARKERS = tuple(
    marker.encode(codec)
    for marker in _XML_MARKERS
    for codec in ("ascii", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
)
# Byte-order marks (UTF-32 before UTF-16: FF FE 00 00 starts with FF FE), then how a first "<"
# looks in the encodings an XML parser detects without a mark (XML 1.0, appendix F).
_BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
_FIRST_CHARS = (
    (b"\x3c\x00\x00\x00", "utf-32-le"),
    (b"\x00\x00\x00\x3c", "utf-32-be"),
    (b"\x3c\x00", "utf-16-le"),
    (b"\x00\x3c", "utf-16-be"),
    (b"\x4c\x6f\xa7\x94", "cp037"),  # "<?xm" in EBCDIC
)
_XML_DECLARED = re.compile(rb"""^[ \t\r\n]*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)""")
_XML_SPACE = " \t\r\n"
_SCAN_CHUNK = 1024 * 1024


def zip_expansion_limit(max_bytes: int) -> int:
    """Most bytes a .docx/.odt may expand to: 10 x ``max_bytes``, at most 512 MiB."""
    return min(ZIP_EXPANSION_FACTOR * max_bytes, ZIP_MAX_UNCOMPRESSED)


def check_zip(data: bytes, label: str, max_bytes: int) -> set[str]:
    """Refuse a damaged zip, a zip bomb, encrypted members, or XML with entity declarations.

    Sizes are checked from the central directory before any member is decompressed. Returns
    the member names.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise CorruptFile(
            "damaged or truncated {label} (not a valid zip archive)", label=label
        ) from exc
    with archive:
        infos = archive.infolist()
        _check_zip_sizes(infos, label, max_bytes)
        if any(info.flag_bits & 0x1 for info in infos):
            raise EncryptedFile("the {label} has encrypted parts (password-protected)", label=label)
        _refuse_xml_entities(archive, infos, label)
        return {info.filename for info in infos}


def _check_zip_sizes(infos: list[zipfile.ZipInfo], label: str, max_bytes: int) -> None:
    """:class:`TooLarge` for too many members, too much in total, or an absurd ratio."""
    if len(infos) > ZIP_MAX_MEMBERS:
        raise TooLarge(
            "the {label} has {parts} parts, over the limit of {limit}",
            label=label,
            parts=len(infos),
            limit=ZIP_MAX_MEMBERS,
        )
    limit = zip_expansion_limit(max_bytes)
    total = sum(info.file_size for info in infos)
    if total > limit:
        raise TooLarge(
            "the {label} expands to {size} uncompressed, over the {limit} limit (zip bomb?)",
            label=label,
            size=megabytes(total),
            limit=megabytes(limit),
        )
    for info in infos:
        if info.file_size > ZIP_RATIO_MIN_SIZE and info.file_size > ZIP_MAX_RATIO * max(
            info.compress_size, 1
        ):
            ratio = info.file_size // max(info.compress_size, 1)
            raise TooLarge(
                "the {label} part {part} expands {ratio}:1 to {size} uncompressed, "
                "over the {limit}:1 limit (zip bomb?)",
                label=label,
                part=repr(info.filename),
                ratio=ratio,
                size=megabytes(info.file_size),
                limit=ZIP_MAX_RATIO,
            )


def _refuse_xml_entities(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], label: str
) -> None:
    """:class:`CorruptFile` if any XML member contains ``<!DOCTYPE`` or ``<!ENTITY``, or
    declares an encoding that cannot be checked."""
    for info in infos:
        if info.is_dir():
            continue
        try:
            declares = _declares_entities(archive, info)
        except LookupError as exc:
            raise CorruptFile(
                "the {label} has XML in an unknown encoding (refused)", label=label
            ) from exc
        if declares:
            raise CorruptFile("the {label} contains XML entity declarations (refused)", label=label)


def _declares_entities(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    """Stream one member; True if it is XML and holds a DOCTYPE/ENTITY marker, decoded as an
    XML parser would or in its bytes (ASCII, UTF-16, UTF-32); LookupError if its XML
    declaration names an encoding Python cannot decode text with."""
    keep_text = max(len(marker) for marker in _XML_MARKERS) - 1
    keep_raw = max(len(marker) for marker in _RAW_MARKERS) - 1
    with archive.open(info) as member:
        chunk = member.read(_SCAN_CHUNK)
        codec, skip = _xml_encoding(chunk)
        decoder = _Decoder(codec)
        text = decoder.decode(chunk[skip:], final=False)
        looks_like_xml = text.lstrip(_XML_SPACE).startswith("<") or chunk[skip:].lstrip(
            b" \t\r\n\x00"
        ).startswith(b"<")
        if not looks_like_xml:
            return False
        tail_text, tail_raw = "", b""
        while chunk:
            window_text, window_raw = tail_text + text, tail_raw + chunk
            if any(marker in window_text for marker in _XML_MARKERS) or any(
                marker in window_raw for marker in _RAW_MARKERS
            ):
                return True
            tail_text, tail_raw = window_text[-keep_text:], window_raw[-keep_raw:]
            chunk = member.read(_SCAN_CHUNK)
            text = decoder.decode(chunk, final=not chunk)
    return False


class _Decoder:
    """An incremental decoder for a member's declared codec; bytes it cannot decode at all
    (a UTF-16 declaration on 8-bit bytes) leave the search to the bytes' own markers."""

    def __init__(self, codec: str) -> None:
        name = codecs.lookup(codec).name  # LookupError if unknown
        b"<".decode(name, errors="replace")  # LookupError for non-text codecs (zlib, rot13)
        # UTF-16/32 without a byte-order mark are little-endian in XML detection terms.
        name = {"utf-16": "utf-16-le", "utf-32": "utf-32-le"}.get(name, name)
        self._decoder: codecs.IncrementalDecoder | None = codecs.getincrementaldecoder(name)(
            errors="replace"
        )

    def decode(self, data: bytes, *, final: bool) -> str:
        if self._decoder is None:
            return ""
        try:
            return self._decoder.decode(data, final=final)
        except UnicodeError:
            self._decoder = None
            return ""


def _xml_encoding(head: bytes) -> tuple[str, int]:
    """How an XML parser would decode a member starting with ``head``: ``(codec, bytes of
    byte-order mark to skip)``."""
    for mark, codec in _BOMS:
        if head.startswith(mark):
            return codec, len(mark)
    for first, codec in _FIRST_CHARS:
        if head.startswith(first):
            return codec, 0
    declared = _XML_DECLARED.match(head)
    if declared is not None:
        return declared.group(1).decode("ascii"), 0
    return "utf-8", 0
