"""Web pages (.html, .htm): the main text through trafilatura, else the whole cleaned body.

What must hold: the page is decoded by its byte-order mark, else a ``<meta charset>`` that
decodes it cleanly, else as a plain-text file (:func:`copylens.core.extract.decode.decode_text`);
that codec is the reported encoding. Scripts, styles, ``<nav>`` menus and widgets never reach
the text; when trafilatura is unavailable, fails or finds no words, the fallback takes the
``<body>`` without ``<header>``, ``<footer>`` and ``<aside>``, one line per block element. The
whole page is parsed or the file is refused: elements nested up to 2,048 deep are read, deeper
ones are refused with :class:`TooLarge` (libxml2 would drop the rest of the page silently).
"""

from __future__ import annotations

import codecs
import copy
import functools
import logging
import re
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING

from copylens.core.errors import TooLarge
from copylens.core.extract.base import HAS_WORD, Limits, Read
from copylens.core.extract.decode import decode_by_bom, decode_text

if TYPE_CHECKING:
    from lxml.etree import _Element

log = logging.getLogger(__name__)

_META_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE)
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")
# Never main text: dropped before trafilatura sees the page.
_NEVER_TEXT = (
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "svg",
    "iframe",
    "button",
    "select",
    "object",
)
# Page chrome: also dropped when falling back to the whole body.
_CHROME = ("head", "header", "footer", "aside")
# libxml2's limit on nested elements with huge_tree (without: 256).
_MAX_HTML_DEPTH = 2048
# fmt: off
_BLOCKS = frozenset({
    "address", "article", "blockquote", "body", "caption", "dd", "details", "dialog", "div",
    "dl", "dt", "fieldset", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "li", "main", "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead",
    "tr", "ul",
})
# fmt: on


def read(data: bytes, limits: Limits) -> Read:
    """Main text via trafilatura; the whole cleaned ``<body>`` when trafilatura finds none.

    Scripts, styles, ``<nav>`` menus and widgets are removed before either runs; the fallback
    also drops ``<header>``, ``<footer>`` and ``<aside>``.
    """
    html, codec = decode_html(data)
    root = parse_html(html)
    if root is None:
        return Read("", codec)
    _drop_elements(root, _NEVER_TEXT)
    text = _trafilatura_text(root)
    if not text:
        _drop_elements(root, _CHROME)
        text = _body_text(root)
    return Read(text, codec)


def decode_html(data: bytes) -> tuple[str, str]:
    """BOM, then a ``<meta charset>`` that decodes cleanly, then :func:`decode_text`."""
    by_bom = decode_by_bom(data)
    if by_bom is not None:
        return by_bom
    declared = _declared_charset(data[:4096])
    if declared is not None:
        try:
            return data.decode(declared), declared
        except UnicodeDecodeError:
            pass
    return decode_text(data)


def _declared_charset(head: bytes) -> str | None:
    """The meta charset as a codec name; latin-1/ascii read as cp1252; UTF-16/32 ignored."""
    found = _META_CHARSET.search(head)
    if not found:
        return None
    try:
        codec = codecs.lookup(found.group(1).decode("ascii")).name
    except (LookupError, UnicodeDecodeError):
        return None
    if codec.startswith(("utf-16", "utf-32")):
        return None
    return "cp1252" if codec in ("iso8859-1", "ascii") else codec


def parse_html(html: str) -> _Element | None:
    """The lxml.html document tree, or None for an empty or unparseable page.

    libxml2 stops at 256 nested elements (2,048 with ``huge_tree``) and its recovery drops the
    rest of the page without an error: the parser lifts the first limit, and a page that still
    hits one is refused (:class:`TooLarge`), never read in part.
    """
    from lxml import etree
    from lxml import html as lxml_html

    source = _XML_DECLARATION.sub("", html, count=1)
    if not source.strip():
        return None
    parser = lxml_html.HTMLParser(huge_tree=True)
    try:
        root = lxml_html.document_fromstring(source, parser=parser)
    except (etree.ParserError, ValueError):
        return None
    if any(error.type_name == "ERR_RESOURCE_LIMIT" for error in parser.error_log):
        raise TooLarge(
            "the page nests its elements more than {limit} levels deep (refused)",
            limit=f"{_MAX_HTML_DEPTH:,}",
        )
    return root


def _drop_elements(root: _Element, tags: Iterable[str]) -> None:
    for element in root.xpath("|".join(f"//{tag}" for tag in tags)):
        element.drop_tree()


@functools.lru_cache(maxsize=1)
def _load_trafilatura() -> ModuleType | None:
    """trafilatura, or None if it cannot be imported (e.g. lxml without lxml_html_clean)."""
    try:
        import trafilatura
    except ImportError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        log.warning("trafilatura unavailable (%s); using plain HTML text extraction", reason)
        return None
    logging.getLogger("trafilatura").setLevel(logging.ERROR)
    return trafilatura


def _trafilatura_text(root: _Element) -> str:
    """trafilatura's main text, or "" when it is unavailable, fails or finds no words."""
    trafilatura = _load_trafilatura()
    if trafilatura is None:
        return ""
    try:
        text = trafilatura.extract(
            copy.deepcopy(root), include_comments=False, include_tables=True, favor_recall=True
        )
    except Exception:  # trafilatura failing on odd markup is not fatal: fall back
        log.debug("trafilatura failed", exc_info=True)
        return ""
    return text if text and HAS_WORD.search(text) else ""


def _body_text(root: _Element) -> str:
    """Text of the page: one line per block element, whitespace collapsed, no empty lines."""
    parts: list[str] = []
    _walk(root, parts)
    lines = (" ".join(line.split()) for line in "".join(parts).split("\n"))
    return "\n".join(line for line in lines if line)


def _walk(element: _Element, parts: list[str]) -> None:
    """Text of ``element`` and its tail into ``parts``: a newline around each block, a space
    after each table cell. A loop over a stack, not recursion: pages may nest 2,048 deep."""
    stack: list[_Element | str] = [element]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
            continue
        tag = item.tag if isinstance(item.tag, str) else None
        if tag is not None and tag != "br":
            block = tag in _BLOCKS
            if block:
                parts.append("\n")
            if item.text:
                parts.append(item.text)
            if item.tail:
                stack.append(item.tail)
            stack.append("\n" if block else " " if tag in ("td", "th") else "")
            stack.extend(list(item)[::-1])  # the first child on top
            continue
        if tag == "br":
            parts.append("\n")
        if item.tail:
            parts.append(item.tail)
