"""What the extract modules share: a reader's limits and result, the has-a-word test, the
refusal of a too long text, OS error wording.

Every format reader is a function ``read(data, limits) -> Read`` over the file's bytes in
memory (see :mod:`copylens.core.extract.handlers`). What must hold for each reader: bad input
raises :class:`copylens.core.errors.InputError` subclasses (anything else it raises is turned
into :class:`~copylens.core.errors.CorruptFile` by the dispatcher); the heavy library it needs
is imported inside the function that uses it, never at module level; a reader whose text can
outgrow its file (compressed containers, PDF) stops with :func:`text_too_long` as soon as it
has more than ``limits.max_chars`` characters, instead of building the whole text first.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from copylens.core.errors import TooLarge

HAS_WORD = re.compile(r"[^\W_]")
"""Finds a letter or digit: a text without one holds no text at all."""


class Limits(NamedTuple):
    """What a reader may spend on one file.

    ``max_bytes`` is the file size limit (the zip guard's and the PDF stream caps derive from
    it); ``max_chars`` is the most characters of extracted text.
    """

    max_bytes: int
    max_chars: int


class Read(NamedTuple):
    """What a reader found in the bytes.

    ``text`` is the reference text; ``encoding`` the codec that decoded a text, HTML or RTF
    source, else None; ``format`` is None when the content is the handler's own format, else
    the format actually parsed (a .doc that is really RTF says "rtf").
    """

    text: str
    encoding: str | None = None
    format: str | None = None


def text_too_long(limit: int, chars: int | None = None) -> TooLarge:
    """The error for a text over ``limit`` characters: with its length ``chars`` when known,
    else (a reader that stopped early) without it. Raise the result."""
    if chars is None:
        return TooLarge(
            "the extracted text is longer than the limit of {limit} characters",
            limit=f"{limit:,}",
        )
    return TooLarge(
        "the extracted text has {chars} characters, over the limit of {limit}",
        chars=f"{chars:,}",
        limit=f"{limit:,}",
    )


def os_reason(exc: OSError) -> str:
    """The OS's wording of ``exc`` ("Permission denied"), else the exception's type name."""
    return exc.strerror or type(exc).__name__


def megabytes(size: int) -> str:
    """``size`` bytes for a person: "52.4 MB" (1 MB = 1,048,576 bytes, as the limits are);
    under a megabyte, the bytes ("2,000 bytes")."""
    if size < 1048576:
        return f"{size:,} bytes"
    return f"{size / 1048576:.1f} MB"
