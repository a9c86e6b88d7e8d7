"""The zip guard: what a .docx/.odt container must pass before any member is decompressed.

What must hold (refusals come from the zip central directory, before decompressing anything):

* more than ``ZIP_MAX_MEMBERS`` members, members adding up to more than
  :func:`zip_expansion_limit` bytes uncompressed, or any member over 1 MiB that expands more
  than ``ZIP_MAX_RATIO``:1 -> :class:`TooLarge`. :mod:`zipfile` never yields more than a
  member's declared size, so the declared sizes bound the real work;
* a member with the encryption flag -> :class:`EncryptedFile`;
* an XML member that declares a DOCTYPE or entities (in any UTF-8/16/32 spelling) ->
  :class:`CorruptFile`; members are streamed in 1 MiB chunks for that scan.
"""

from __future__ import annotations

import io
import zipfile

from copylens.core.errors import CorruptFile, EncryptedFile, TooLarge
from copylens.core.extract.base import megabytes

ZIP_EXPANSION_FACTOR = 10
ZIP_MAX_UNCOMPRESSED = 512 * 1024 * 1024
ZIP_MAX_RATIO = 200
ZIP_RATIO_MIN_SIZE = 1024 * 1024
ZIP_MAX_MEMBERS = 10_000

_XML_MARKERS = tuple(
    marker.encode(codec)
    for marker in ("<!DOCTYPE", "<!ENTITY")
    for codec in ("ascii", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
)
_XML_SNIFF = (b"<", b"\xef\xbb\xbf<", b"\xff\xfe<", b"\xfe\xff\x00<", b"<\x00", b"\x00<")
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
    """:class:`CorruptFile` if any XML member contains ``<!DOCTYPE`` or ``<!ENTITY``."""
    for info in infos:
        if not info.is_dir() and _declares_entities(archive, info):
            raise CorruptFile("the {label} contains XML entity declarations (refused)", label=label)


def _declares_entities(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    """Stream one member; True if it looks like XML and holds a DOCTYPE/ENTITY marker."""
    keep = max(len(marker) for marker in _XML_MARKERS) - 1
    with archive.open(info) as member:
        chunk = member.read(_SCAN_CHUNK)
        if not chunk.lstrip(b" \t\r\n").startswith(_XML_SNIFF):
            return False
        tail = b""
        while chunk:
            window = tail + chunk
            if any(marker in window for marker in _XML_MARKERS):
                return True
            tail = window[-keep:]
            chunk = member.read(_SCAN_CHUNK)
    return False
