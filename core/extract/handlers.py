"""The table of handlers: which reader takes which file suffix, and the format it reports.

Adding a format is one module with a ``read(data, limits) -> Read`` function and one row
here. The format modules are imported here by plain imports, so a frozen build's import
analysis (PyInstaller) finds every one of them.

What must hold: every suffix is lower-case, starts with '.', and appears in one row only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from copylens.core.errors import UnsupportedType
from copylens.core.extract import doc, docx, html, odt, pdf, plain, rtf
from copylens.core.extract.base import Limits, Read


@dataclass(frozen=True)
class Handler:
    """One format: the suffixes it is chosen by, the name reported as ``Extracted.format``
    (unless the reader says the content is another format), and its reader."""

    suffixes: tuple[str, ...]
    format: str
    read: Callable[[bytes, Limits], Read]


HANDLERS: tuple[Handler, ...] = (
    Handler((".txt",), "txt", plain.read),
    Handler((".md",), "md", plain.read),
    Handler((".docx",), "docx", docx.read),
    Handler((".odt",), "odt", odt.read),
    Handler((".pdf",), "pdf", pdf.read),
    Handler((".rtf",), "rtf", rtf.read),
    Handler((".html", ".htm"), "html", html.read),
    Handler((".doc",), "doc", doc.read),
)

_BY_SUFFIX: dict[str, Handler] = {
    suffix: handler for handler in HANDLERS for suffix in handler.suffixes
}

SUPPORTED_SUFFIXES: frozenset[str] = frozenset(_BY_SUFFIX)
"""Every suffix some handler takes (lower-case, with the dot)."""


def handler_for(name: str) -> Handler:
    """The handler for ``name``'s suffix (case-insensitive); :class:`UnsupportedType` if none.

    Looks at the name only (no I/O).
    """
    return handler_for_suffix(Path(name).suffix)


def handler_for_suffix(suffix: str) -> Handler:
    """:func:`handler_for` of a name whose suffix (``Path.suffix``) is ``suffix``: a caller
    holding the file's ``Path`` reads it from there, not from another ``Path`` made of its
    name (issue 40: one of the two ``Path`` made of each file read, ~3 µs of an essay's 30 of
    extraction)."""
    suffix = suffix.lower()
    handler = _BY_SUFFIX.get(suffix)
    if handler is not None:
        return handler
    supported = ", ".join(sorted(SUPPORTED_SUFFIXES))
    if not suffix:
        raise UnsupportedType(
            "the file has no extension (supported: {supported})", supported=supported
        )
    raise UnsupportedType(
        "unsupported file type '{suffix}' (supported: {supported})",
        suffix=suffix,
        supported=supported,
    )
