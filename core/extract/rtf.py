"""Rich Text Format (.rtf) through striprtf.

What must hold: ``\\'xx`` escapes are decoded with the document's code page (``\\ansicpgNNNN``;
else cp1251 when the font table is Cyrillic; else cp1252), which is the reported encoding;
``\\uN`` escapes become Unicode, astral characters included (surrogate pairs joined).

A pre-pass over the bytes does what striprtf does not (RTF 1.9.1 specification): the N bytes
of binary data after ``\\binN`` are skipped with the control word (striprtf reads them as RTF
text unless they are in a ``\\pict`` group: megabytes of "ÿ", and any brace in them breaks
the groups); a ``\\uN`` whose N is not a signed 16-bit value (-32768 to 32767, or 32768 to
65535 as Word also writes) becomes U+FFFD, the replacement character (striprtf failed on it).
"""

from __future__ import annotations

import codecs
import re

from copylens.core.errors import CorruptFile
from copylens.core.extract.base import Limits, Read

_CODEPAGE = re.compile(rb"\\ansicpg(\d{3,5})")
# An escaped backslash (skipped whole), \binN with its delimiting space, or \uN.
_BIN_OR_UNICODE = re.compile(rb"\\(?:\\|bin(-?\d{1,20}) ?|u(-?\d{1,20}))")
_CYRILLIC_FONT = re.compile(rb"\\fcharset204\b")


def read(data: bytes, limits: Limits) -> Read:
    """striprtf with the document's code page for \\'xx escapes; \\uN escapes as Unicode."""
    if not data.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"{\\rtf"):
        raise CorruptFile("not an RTF file (it does not start with an RTF header)")
    from striprtf.striprtf import rtf_to_text

    codec = _codec(data[:8192])
    data = _without_binary(data)
    text = rtf_to_text(data.decode(codec, errors="replace"), encoding=codec, errors="replace")
    # \uN escapes of astral characters arrive as surrogate pairs: join them, replace strays.
    text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", errors="replace")
    return Read(text, codec)


def _without_binary(data: bytes) -> bytes:
    """``data`` without ``\\binN`` and its N bytes, each out-of-range ``\\uN`` as
    ``\\u65533``."""
    if b"\\bin" not in data and b"\\u" not in data:
        return data
    out = bytearray()
    done = 0
    found = _BIN_OR_UNICODE.search(data)
    while found is not None:
        binary, code = found.group(1), found.group(2)
        end = found.end()
        if binary is not None:
            out += data[done : found.start()]
            done = end = end + max(0, int(binary))
        elif code is not None and not -32768 <= int(code) <= 65535:
            out += data[done : found.start()] + b"\\u65533"
            done = end
        found = _BIN_OR_UNICODE.search(data, end)
    return bytes(out + data[done:])


def _codec(header: bytes) -> str:
    """Codec for 8-bit text: ``\\ansicpgNNNN``; else cp1251 if the font table is Cyrillic;
    else cp1252. (striprtf also switches per font by ``\\fcharsetN``.)"""
    found = _CODEPAGE.search(header)
    if found:
        try:
            return codecs.lookup(f"cp{int(found.group(1))}").name
        except LookupError:
            pass
    return "cp1251" if _CYRILLIC_FONT.search(header) else "cp1252"
