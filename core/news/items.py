"""News items and their readers (issue 18; ALGORITHMS.md §6, seed paper 002).

A :class:`NewsItem` is what the criteria compare: an id, the main text with its paragraphs, a
title, the publication time, the outlet, the URL, and the links and images of the text (the
paper's "photos and links" criterion counts them). :func:`read_items` reads items from three
kinds of files:

* JSON Lines (``.jsonl``, ``.ndjson``): one object per line with the field names of
  :class:`NewsItem`; only ``id`` and ``text`` are required. A bad line is one failure
  ("line N: ...") and the other lines are still read.
* RSS 2.0 / Atom feeds (``.xml``, ``.rss``, ``.atom``): feedparser on the file's bytes (given
  as a stream, never a string: a string that looks like a URL or a path would be fetched or
  opened by feedparser). A feed that declares a DOCTYPE or an entity is refused before it is
  parsed (billion laughs, external entities), in whatever encoding it is written.
* Saved web pages (``.html``, ``.htm``): the main text as the engine's HTML extractor finds it,
  the title, the date and the outlet from the page's metadata; the id is the file name.

What must hold: bad input never raises out of :func:`read_items`; each problem is an
:class:`~copylens.core.report.InputFailure` naming the file (and the line or entry), and the
rest is read. Ids are unique in the result: a later item with an id already read is a
failure. Files are opened read-only; nothing is fetched from the network.
"""

from __future__ import annotations

import calendar
import io
import json
import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from copylens.core.errors import EmptyFile, Explained, NewsError, UnreadableFile
from copylens.core.extract import DEFAULT_MAX_BYTES, extract_text
from copylens.core.extract.access import read_file
from copylens.core.paths import path_identity
from copylens.core.report import InputFailure

if TYPE_CHECKING:
    from lxml.etree import _Element

JSON_LINES = (".jsonl", ".ndjson")
FEEDS = (".xml", ".rss", ".atom")
PAGES = (".html", ".htm")
NEWS_SUFFIXES: frozenset[str] = frozenset(JSON_LINES + FEEDS + PAGES)
"""The suffixes :func:`read_items` takes from folders (a file given by name must have one)."""

MAX_FILE_BYTES = DEFAULT_MAX_BYTES
"""Largest feed or page read (50 MiB); JSON Lines files are read a line at a time."""
MAX_LINE_BYTES = 16 * 1024 * 1024
"""Longest line of a JSON Lines file (16 MiB); a longer one is a failure and is skipped."""

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n\s*")
_XML_MARKERS = ("<!doctype", "<!entity")
_MAX_JSON_LD_DEPTH = 12


@dataclass(frozen=True)
class NewsItem:
    """One news message. ``text`` keeps its paragraphs, separated by a blank line ("\\n\\n").

    Every field but ``id`` and ``text`` may be empty: "" or () means unknown, and the criteria
    give it their documented neutral value (:mod:`copylens.core.news.criteria`).
    """

    id: str
    text: str
    title: str = ""
    published: str = ""
    """ISO 8601 as given (a feed's RFC 822 date is turned into ISO 8601); "" when unknown."""
    source: str = ""
    """The outlet ("РБК", "lenta.ru")."""
    url: str = ""
    links: tuple[str, ...] = ()
    images: tuple[str, ...] = ()

    @property
    def paragraphs(self) -> tuple[str, ...]:
        """The non-empty paragraphs of ``text``, stripped. Blank lines separate paragraphs; a
        text without any blank line has one paragraph per line (feeds and extractors often write
        one paragraph a line)."""
        text = self.text.strip()
        if not text:
            return ()
        parts = _PARAGRAPH_BREAK.split(text)
        if len(parts) == 1:
            parts = text.splitlines()
        return tuple(p for part in parts if (p := part.strip()))

    @property
    def timestamp(self) -> float | None:
        """``published`` in seconds since the epoch (a time without zone is UTC); None when
        unknown or not ISO 8601."""
        return parse_time(self.published)


def parse_time(value: str) -> float | None:
    """Seconds since the epoch of an ISO 8601 date or date-time ("Z" and offsets understood;
    a naive value is UTC), or None."""
    value = value.strip()
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def read_items(paths: Sequence[str | Path]) -> tuple[list[NewsItem], list[InputFailure]]:
    """Items from JSON Lines, RSS/Atom feed files and saved HTML pages, and what failed.

    Folders are expanded (sorted by name, names starting with "." skipped, only the suffixes of
    :data:`NEWS_SUFFIXES`; links to folders are not followed). A file given by name with
    another suffix is a failure. Items keep the order of the files and, in a file, their own
    order; an item whose id was already read is a failure (the first one is kept).
    """
    files, failures = _collect(paths)
    items: list[NewsItem] = []
    seen: dict[str, str] = {}
    for path in files:
        for found in _read_file(path):
            if isinstance(found, InputFailure):
                failures.append(found)
                continue
            _, place, item = found
            if item.id in seen:
                error = NewsError(
                    "the id {id} was already given ({first}); this item is skipped",
                    id=item.id,
                    first=seen[item.id],
                )
                failures.append(placed(path, place, error))
                continue
            seen[item.id] = f"{path}, {place}" if place else str(path)
            items.append(item)
    return items, failures


# --- files and folders ------------------------------------------------------------------------


def _collect(paths: Sequence[str | Path]) -> tuple[list[Path], list[InputFailure]]:
    """The news files of ``paths``, folders expanded, each once; failures for the rest."""
    files: list[Path] = []
    failures: list[InputFailure] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files += _walk(path, failures)
        elif not path.exists():
            failures.append(InputFailure.of(str(raw), UnreadableFile("file or folder not found")))
        elif path.suffix.lower() not in NEWS_SUFFIXES:
            failures.append(InputFailure.of(str(raw), _not_news(path)))
        else:
            files.append(path)
    unique: dict[str, Path] = {}
    for path in files:
        unique.setdefault(path_identity(os.path.abspath(path)), path)
    return list(unique.values()), failures


def _not_news(path: Path) -> NewsError:
    return NewsError(
        "not a news file ({suffix}): give JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, "
        ".atom) or saved pages (.html, .htm)",
        suffix=path.suffix or "no suffix",
    )


def _walk(folder: Path, failures: list[InputFailure]) -> list[Path]:
    """News files under ``folder``, depth first in sorted name order, hidden names skipped."""
    found: list[Path] = []

    def refuse(error: OSError) -> None:
        reason = error.strerror or "cannot list"
        failures.append(
            InputFailure.of(
                str(error.filename or folder),
                UnreadableFile("cannot list the folder ({reason})", reason=reason),
            )
        )

    for top, folders, names in os.walk(folder, onerror=refuse):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in sorted(names):
            if not name.startswith(".") and Path(name).suffix.lower() in NEWS_SUFFIXES:
                found.append(Path(top) / name)
    return found


_Found = tuple[Path, str, NewsItem] | InputFailure
"""An item with its file and place in it ("line 3", "entry 2", "" for a page), or a failure."""


def placed(path: str | Path, place: str, error: Explained) -> InputFailure:
    """The failure of one line or entry of ``path``: its message starts with ``place``
    ("line 3: ..."); the template stays the error's own (translatable), the place is a param."""
    failure = InputFailure.of(str(path), error)
    if not place:
        return failure
    params = tuple(sorted((*failure.params, ("place", place))))
    return InputFailure(str(path), f"{place}: {failure.error}", failure.template, params)


def _read_file(path: Path) -> Iterator[_Found]:
    suffix = path.suffix.lower()
    try:
        if suffix in JSON_LINES:
            yield from _read_json_lines(path)
            return
        data = read_file(path, MAX_FILE_BYTES)
        if suffix in FEEDS:
            yield from _read_feed(data, path)
        else:
            yield path, "", _read_page(data, path)
    except Explained as error:
        yield InputFailure.of(str(path), error)


# --- JSON Lines -------------------------------------------------------------------------------


def _read_json_lines(path: Path) -> Iterator[_Found]:
    """One item per non-blank line; a bad line is a failure "line N: ..." and is skipped."""
    try:
        _check_regular(path)
        with open(path, "rb") as handle:
            for number, line in enumerate(_lines(handle), start=1):
                if line is None:
                    yield placed(path, f"line {number}", _line_too_long())
                    continue
                if not line.strip():
                    continue
                try:
                    item = item_of_json(line, first=number == 1)
                except NewsError as error:
                    yield placed(path, f"line {number}", error)
                else:
                    yield path, f"line {number}", item
    except OSError as exc:
        reason = exc.strerror or "read error"
        yield InputFailure.of(
            str(path), UnreadableFile("cannot read the file ({reason})", reason=reason)
        )


def _check_regular(path: Path) -> None:
    """:class:`UnreadableFile` unless ``path`` is a regular file; :class:`EmptyFile` if empty."""
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile("not a regular file (a device, pipe or socket)")
    if info.st_size == 0:
        raise EmptyFile("the file is empty (0 bytes)")


def _lines(handle: IO[bytes]) -> Iterator[bytes | None]:
    """The lines of ``handle``; None for a line over :data:`MAX_LINE_BYTES` (skipped unread)."""
    while line := handle.readline(MAX_LINE_BYTES + 1):
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := handle.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass
            yield None
        else:
            yield line


def _line_too_long() -> NewsError:
    return NewsError("the line is longer than {limit} bytes", limit=f"{MAX_LINE_BYTES:,}")


def item_of_json(line: bytes | str, *, first: bool = False) -> NewsItem:
    """The item of one JSON Lines line; :class:`NewsError` saying what is wrong with it.

    ``id`` (a string or an integer) and ``text`` (a string) are required; ``title``,
    ``published``, ``source``, ``url`` are strings and ``links``, ``images`` lists of strings
    when present (null is taken as absent); other fields are ignored.
    """
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8-sig" if first else "utf-8")
        except UnicodeDecodeError:
            raise NewsError("the line is not UTF-8 text") from None
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise NewsError("the line is not valid JSON") from None
    if not isinstance(data, dict):
        raise NewsError("the line is not a JSON object")
    return NewsItem(
        id=_json_id(data.get("id")),
        text=_json_text(data.get("text")),
        title=_json_string(data, "title"),
        published=_json_string(data, "published"),
        source=_json_string(data, "source"),
        url=_json_string(data, "url"),
        links=_json_strings(data, "links"),
        images=_json_strings(data, "images"),
    )


def _json_id(value: object) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise NewsError("the item has no id (a string or a whole number)")
    identifier = str(value).strip()
    if not identifier:
        raise NewsError("the item has an empty id")
    return identifier


def _json_text(value: object) -> str:
    if not isinstance(value, str):
        raise NewsError("the item has no text (a string)")
    return value


def _json_string(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise NewsError("the field {field} is not a string", field=name)
    return value.strip()


def _json_strings(data: dict[str, Any], name: str) -> tuple[str, ...]:
    value = data.get(name)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise NewsError("the field {field} is not a list of strings", field=name)
    return tuple(value)


# --- feeds ------------------------------------------------------------------------------------


def read_feed_bytes(data: bytes, name: str = "feed.xml") -> list[NewsItem | InputFailure]:
    """The items of a feed given as bytes, and a failure for each entry that is not one (the
    fuzzing target of issue 38); :class:`NewsError` when the feed as a whole is refused."""
    return [
        found if isinstance(found, InputFailure) else found[2]
        for found in _read_feed(data, Path(name))
    ]


def _read_feed(data: bytes, path: Path) -> Iterator[_Found]:
    """The entries of an RSS/Atom feed; the feed is refused as a whole when it is hostile or no
    feed at all."""
    parsed = parse_feed(data)
    feed = parsed.get("feed", {})
    source = str(feed.get("title", "") or "").strip() or _host(str(feed.get("link", "") or ""))
    source = source.replace(BAD_CHARACTER, "")
    entries = parsed.get("entries", [])
    if not entries and parsed.get("bozo"):
        raise NewsError("not a readable RSS or Atom feed")
    if not entries:
        raise NewsError("the feed has no entries")
    for number, entry in enumerate(entries, start=1):
        try:
            item = _entry_item(entry, source, f"{path.name}#{number}")
        except NewsError as error:
            yield placed(path, f"entry {number}", error)
        else:
            yield path, f"entry {number}", item


def parse_feed(data: bytes) -> Any:
    """feedparser's result for the bytes of a feed file, refusing (:class:`NewsError`) a feed
    that declares a DOCTYPE or an entity, in any encoding: the bytes are searched as they are
    (ASCII, UTF-16, UTF-32 spellings) and again after feedparser's own conversion to UTF-8 (a
    feed declared in EBCDIC or UTF-7 hides the marker from the first search). Nothing is
    fetched: feedparser gets a stream of bytes, never a URL or a path."""
    import feedparser
    from feedparser.encodings import convert_to_utf8

    _refuse_declarations(data)
    try:
        converted = convert_to_utf8({}, data, {})
    except (ValueError, LookupError, UnicodeError):
        # an encoding declared with a NUL byte, or bytes its declared encoding cannot decode
        # (found by the feed fuzzer, issue 38)
        raise NewsError("not a readable RSS or Atom feed (its encoding cannot be read)") from None
    _refuse_declarations(converted)
    cleaned = _BAD_REFERENCE.sub(_mark_bad_reference, converted)
    try:
        return feedparser.parse(io.BytesIO(cleaned), resolve_relative_uris=False)
    except Exception:
        # feedparser's loose parser raises on input it did not expect (issue 38: character
        # references; the feed fuzzer: KeyError 'links' for "<channel<item<link</item</link<");
        # whatever is left is a failure of this feed, never of the whole run
        raise NewsError("the feed is damaged: the feed reader stopped inside it") from None


_BAD_REFERENCE = re.compile(rb"&#(?:[xX]([0-9a-fA-F]+)|([0-9]+));?")
BAD_CHARACTER = "\ufdd0"
"""What a character reference that names no XML character becomes before the feed is parsed:
a Unicode noncharacter, so the entry holding it is found afterwards and refused by itself."""
_MARK = b"&#xFDD0;"
_MAX_REFERENCE_DIGITS = 8


def _mark_bad_reference(match: re.Match[bytes]) -> bytes:
    """``match`` as it is when it names a character XML allows, else :data:`_MARK`
    (``&#xD800;`` a surrogate, ``&#1114112;`` past U+10FFFF, ``&#99999999999;`` past any
    integer feedparser's ``chr`` takes, ``&#0;`` and the other C0 controls)."""
    hexa, decimal = match.group(1), match.group(2)
    digits = hexa if hexa is not None else decimal
    if len(digits.lstrip(b"0")) > _MAX_REFERENCE_DIGITS:
        return _MARK
    value = int(digits, 16) if hexa is not None else int(digits)
    return match.group(0) if _xml_character(value) else _MARK


def _xml_character(value: int) -> bool:
    """Whether ``value`` is a Char of XML 1.0 (§2.2), U+FDD0 (our own mark) excluded."""
    if value in (0x9, 0xA, 0xD) or 0x20 <= value <= 0xD7FF:
        return True
    return (0xE000 <= value <= 0xFFFD and value != 0xFDD0) or 0x10000 <= value <= 0x10FFFF


def _refuse_declarations(data: bytes) -> None:
    """:class:`NewsError` if ``data`` holds "<!DOCTYPE" or "<!ENTITY" in any letter case,
    read as ASCII, and, when it holds NUL bytes, as UTF-16 or UTF-32 (each byte order, each
    alignment; without a NUL byte neither can spell "<!")."""
    if any(marker in text for text in _spellings(data) for marker in _XML_MARKERS):
        raise NewsError(
            "the feed declares a DOCTYPE or entities, which CopyLens does not read (an entity "
            "can expand to gigabytes or read other files); refused"
        )


def _spellings(data: bytes) -> Iterator[str]:
    yield data.lower().decode("latin-1")
    if b"\x00" not in data:
        return
    for codec, width in (("utf-16-le", 2), ("utf-16-be", 2), ("utf-32-le", 4), ("utf-32-be", 4)):
        for shift in range(width):
            usable = len(data) - shift - (len(data) - shift) % width
            yield data[shift : shift + usable].decode(codec, errors="replace").lower()


def _entry_item(entry: Any, source: str, fallback_id: str) -> NewsItem:
    if _holds_mark(entry, 0):
        raise NewsError(
            "the entry holds a character reference that names no character (such as "
            "&#xD800; or &#1114112;); this entry is skipped"
        )
    url = str(entry.get("link", "") or "").strip()
    identifier = str(entry.get("id", "") or "").strip() or url or fallback_id
    html = _entry_html(entry)
    root = _fragment(html)
    text = _block_text(root) if root is not None else ""
    if not text.strip() and not str(entry.get("title", "")).strip():
        raise NewsError("the entry has neither text nor title")
    return NewsItem(
        id=identifier,
        text=text,
        title=_plain(str(entry.get("title", "") or "")),
        published=_entry_time(entry),
        source=source,
        url=url,
        links=_unique(_hrefs(root, "a", "href", url)),
        images=_unique(_hrefs(root, "img", "src", url) + _entry_images(entry)),
    )


def _holds_mark(value: object, depth: int) -> bool:
    """Whether a string of the parsed entry ``value`` holds :data:`BAD_CHARACTER`."""
    if isinstance(value, str):
        return BAD_CHARACTER in value
    if depth > _MAX_JSON_LD_DEPTH:
        return False
    if isinstance(value, dict):
        return any(_holds_mark(v, depth + 1) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_mark(v, depth + 1) for v in value)
    return False


def _entry_html(entry: Any) -> str:
    """The entry's longest content (content, else summary, else description), as HTML."""
    candidates = [str(part.get("value", "") or "") for part in entry.get("content", []) or []]
    candidates.append(str(entry.get("summary", "") or ""))
    return max(candidates, key=len)


def _entry_time(entry: Any) -> str:
    for key in ("published", "updated", "created"):
        parsed = entry.get(f"{key}_parsed")
        if parsed:
            return datetime.fromtimestamp(calendar.timegm(parsed), UTC).isoformat()
        raw = str(entry.get(key, "") or "").strip()
        if raw:
            return raw
    return ""


def _entry_images(entry: Any) -> list[str]:
    found: list[str] = []
    for enclosure in entry.get("enclosures", []) or []:
        if str(enclosure.get("type", "")).startswith("image/") and enclosure.get("href"):
            found.append(str(enclosure["href"]))
    for key in ("media_content", "media_thumbnail"):
        for media in entry.get(key, []) or []:
            kind = str(media.get("medium", "") or media.get("type", "") or "image")
            if kind.startswith("image") and media.get("url"):
                found.append(str(media["url"]))
    return found


# --- saved pages ------------------------------------------------------------------------------


def _read_page(data: bytes, path: Path) -> NewsItem:
    """A saved page: main text by the engine's extractor; metadata from the page's head."""
    from copylens.core.extract.html import decode_html, parse_html

    text = extract_text(data, path.name, max_bytes=MAX_FILE_BYTES).text
    root = parse_html(decode_html(data)[0])
    if root is None:
        raise NewsError("the page holds no HTML")
    url = _first(root, "//link[@rel='canonical']/@href", "//meta[@property='og:url']/@content")
    main = _main_element(root)
    title = _page_title(root)
    paragraphs = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    if paragraphs and paragraphs[0] == title:
        del paragraphs[0]  # the headline is the title, not a paragraph of the text
    return NewsItem(
        id=path.name,
        text="\n\n".join(paragraphs),
        title=title,
        published=_page_time(root, main),
        source=_first(root, "//meta[@property='og:site_name']/@content") or _host(url),
        url=url,
        links=_unique(_hrefs(main, "a", "href", url)),
        images=_unique(_hrefs(main, "img", "src", url)),
    )


def _first(root: _Element, *queries: str) -> str:
    """The first non-empty string any of the XPath ``queries`` finds, stripped; else ""."""
    for query in queries:
        for value in root.xpath(query):
            if text := str(value).strip():
                return text
    return ""


def _page_title(root: _Element) -> str:
    title = _first(
        root,
        "//meta[@property='og:title']/@content",
        "//meta[@name='twitter:title']/@content",
    )
    if title:
        return title
    for heading in (*root.xpath("//h1"), *root.xpath("//title")):
        if text := _plain_text(heading):
            return text
    return ""


def _page_time(root: _Element, main: _Element) -> str:
    """meta article:published_time (or itemprop datePublished), then JSON-LD datePublished,
    then the first ``<time datetime>`` of the main text, then of the page."""
    found = _first(
        root,
        "//meta[@property='article:published_time']/@content",
        "//meta[@name='article:published_time']/@content",
        "//*[@itemprop='datePublished']/@content",
        "//*[@itemprop='datePublished']/@datetime",
    )
    if found:
        return found
    for script in root.xpath("//script[@type='application/ld+json']"):
        if found := _json_ld_date(script.text or ""):
            return found
    return _first(main, ".//time/@datetime") or _first(root, "//time/@datetime")


def _json_ld_date(source: str) -> str:
    try:
        data = json.loads(source)
    except (ValueError, RecursionError):
        return ""
    return _date_in(data, 0)


def _date_in(data: object, depth: int) -> str:
    """The first datePublished string in a JSON-LD value (objects, lists, @graph), searched at
    most :data:`_MAX_JSON_LD_DEPTH` levels deep."""
    if depth > _MAX_JSON_LD_DEPTH:
        return ""
    if isinstance(data, dict):
        value = data.get("datePublished")
        if isinstance(value, str) and value.strip():
            return value.strip()
        data = list(data.values())
    if isinstance(data, list):
        for value in data:
            if found := _date_in(value, depth + 1):
                return found
    return ""


def _main_element(root: _Element) -> _Element:
    """The element that holds the article: ``<article>``, else ``<main>``, else ``<body>``,
    without its menus, headers, footers and asides (links and images there are the site's)."""
    import copy

    for query in ("//article", "//main", "//body"):
        found = root.xpath(query)
        if found:
            main: _Element = copy.deepcopy(found[0])
            for chrome in main.xpath(".//nav|.//header|.//footer|.//aside|.//script|.//style"):
                chrome.drop_tree()
            return main
    return root


def _host(url: str) -> str:
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:  # "http://[::1" and other addresses no URL parser reads
        return ""
    return host.removeprefix("www.")


# --- HTML fragments ---------------------------------------------------------------------------

_BLOCK_TAGS = frozenset(
    [
        "address",
        "article",
        "blockquote",
        "div",
        "dd",
        "dl",
        "dt",
        "figcaption",
        "figure",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "li",
        "main",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "tr",
        "ul",
        "br",
    ]
)


def _fragment(html: str) -> _Element | None:
    """An HTML fragment (a feed entry's content) as a tree, or None when it has no markup or
    cannot be parsed. Plain text becomes a tree too, so its line breaks survive."""
    from lxml import etree
    from lxml import html as lxml_html

    if not html.strip():
        return None
    try:
        root: _Element = lxml_html.fragment_fromstring(html, create_parent="div")
    except (etree.ParserError, ValueError):
        return None
    for junk in root.xpath(".//script|.//style"):
        junk.drop_tree()
    return root


def _block_text(root: _Element) -> str:
    """The text of ``root``, one paragraph per block element, paragraphs joined by "\\n\\n"."""
    parts: list[str] = []
    _collect_text(root, parts)
    lines = "".join(parts).split("\n")
    return "\n\n".join(" ".join(line.split()) for line in lines if line.strip())


def _collect_text(element: _Element, parts: list[str]) -> None:
    block = isinstance(element.tag, str) and element.tag.lower() in _BLOCK_TAGS
    if block:
        parts.append("\n")
    if element.text and isinstance(element.tag, str):
        parts.append(element.text)
    for child in element:
        _collect_text(child, parts)
        if child.tail:
            parts.append(child.tail)
    if block:
        parts.append("\n")


def _plain(html: str) -> str:
    """Text of a short HTML string (a title), on one line."""
    root = _fragment(html)
    return _plain_text(root) if root is not None else ""


def _plain_text(element: _Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _hrefs(root: _Element | None, tag: str, attribute: str, base: str) -> list[str]:
    """The ``attribute`` of every ``tag`` under ``root``, made absolute against ``base``;
    fragments ("#top"), javascript: and data: addresses are left out."""
    if root is None:
        return []
    found: list[str] = []
    for value in root.xpath(f".//{tag}/@{attribute}"):
        link = str(value).strip()
        if not link or link.startswith("#") or link.lower().startswith(("javascript:", "data:")):
            continue
        try:
            found.append(urljoin(base, link) if base else link)
        except ValueError:  # an address no URL parser reads ("http://[::1"): left out
            continue
    return found


def _unique(values: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))
