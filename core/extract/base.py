"""What the extract modules share: a reader's result, the has-a-word test, OS error wording.

Every format reader is a function ``read(data, max_bytes) -> Read`` over the file's bytes in
memory (see :mod:`copylens.core.extract.handlers`). What must hold for each reader: bad input
raises :class:`copylens.core.errors.InputError` subclasses (anything else it raises is turned
into :class:`~copylens.core.errors.CorruptFile` by the dispatcher); the heavy library it needs
is imported inside the function that uses it, never at module level.
"""

from __future__ import annotations

import re
from typing import NamedTuple

HAS_WORD = re.compile(r"[^\W_]")
"""Finds a letter or digit: a text without one holds no text at all."""


class Read(NamedTuple):
    """What a reader found in the bytes.

    ``text`` is the reference text; ``encoding`` the codec that decoded a text, HTML or RTF
    source, else None; ``format`` is None when the content is the handler's own format, else
    the format actually parsed (a .doc that is really RTF says "rtf").
    """

    text: str
    encoding: str | None = None
    format: str | None = None


def os_reason(exc: OSError) -> str:
    """The OS's wording of ``exc`` ("Permission denied"), else the exception's type name."""
    return exc.strerror or type(exc).__name__


def megabytes(size: int) -> str:
    """``size`` bytes for a person: "52.4 MB" (1 MB = 1,048,576 bytes, as the limits are);
    under a megabyte, the bytes ("2,000 bytes")."""
    if size < 1048576:
        return f"{size:,} bytes"
    return f"{size / 1048576:.1f} MB"
