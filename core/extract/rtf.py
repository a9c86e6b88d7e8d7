"""Rich Text Format (.rtf) through striprtf.

What must hold: ``\\'xx`` escapes are decoded with the document's code page (``\\ansicpgNNNN``;
else cp1251 when the font table is Cyrillic; else cp1252), which is the reported encoding;
``\\uN`` escapes become Unicode, astral characters included (surrogate pairs joined).
"""

from __future__ import annotations

import codecs
import re

from copylens.core.errors import CorruptFile
from copylens.core.extract.base import Limits, Read

_CODEPAGE = re.compile(rb"\\ansicpg(\d{3,5})")
_CYRILLIC_FONT = re.compile(rb"\\fcharset204\b")


def read(data: bytes, limits: Limits) -> Read:
    """striprtf with the document's code page for \\'xx escapes; \\uN escapes as Unicode."""
    if not data.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"{\\rtf"):
        raise CorruptFile("not an RTF file (it does not start with an RTF header)")
    from striprtf.striprtf import rtf_to_text

    codec = _codec(data[:8192])
    text = rtf_to_text(data.decode(codec, errors="replace"), encoding=codec, errors="replace")
    # \uN escapes of astral characters arrive as surrogate pairs: join them, replace strays.
    text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", errors="replace")
    return Read(text, codec)


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
