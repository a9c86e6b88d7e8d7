"""Plain text and Markdown (.txt, .md): the file's characters exactly as decoded.

What must hold: the text is the decoded file as is (newlines and spaces kept; only a
byte-order mark is dropped, and each stray control character becomes one space or
typographic mark), so every offset is the decoded file's
(see :func:`copylens.core.extract.decode.decode_text`).
"""

from __future__ import annotations

from copylens.core.extract.base import Limits, Read
from copylens.core.extract.decode import decode_text


def read(data: bytes, limits: Limits) -> Read:
    """The decoded text and the codec that decoded it."""
    text, codec = decode_text(data)
    return Read(text, codec)
