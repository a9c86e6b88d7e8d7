"""What every way of showing a report needs, written once: the result views, the exports (HTML,
PDF, CSV, JSON) and the command line's text output.

* :func:`text_segments` — a text cut into the spans its fragments, edits and look-alike
  letters cover, in the engine's character offsets (Python ``str`` indices);
* :func:`retold_edits`, :func:`retold_sentences`, :func:`retold_count` — the sentences
  retold in other words inside a copied passage (``Edit.kind == "retold"``, issue 34):
  every front end draws them as a paraphrase inside the passage's highlight, one fragment
  with its edits, and counts them here;
* :func:`display_names` — short, still unique names for paths (a web address by
  :func:`web_name`);
* :func:`is_web_address`, :func:`web_name`, :func:`fetched_time` — a source from the web: its
  address as shown, and when its page was downloaded;
* :func:`percent` — a share in 0..1 as people read it ("61 %", "0,4 %");
* :func:`number` — a number with a decimal point or comma as the language writes it ("1,1");
* :func:`passage` — a fragment's text on one line, shortened in the middle;
* :func:`is_paraphrase`, :func:`paraphrase_at` — a fragment told by meaning rather than
  by words (``Fragment.kind == "paraphrase"``), and the one at an offset;
* :func:`source_names` — the sources of a result by :attr:`SourceMatch.key`: a file by its
  short name, an archived document by its original name, labels and archive id;
* :func:`labels_text`, :func:`parse_labels` — ``key=value`` labels written and read back;
* :func:`shown_location` — an archive's location without a password;
* :func:`error_text` — an engine error (``CopyLensError``) in the reader's language.

Pure Python, no Qt (an import-linter contract in ``pyproject.toml`` keeps it so): the command
line uses it where Qt is not installed. Nothing here translates; a caller that needs the
interface language passes it (``copylens.app.i18n.current_language()``).
"""

from __future__ import annotations

import contextlib
import heapq
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from itertools import pairwise
from pathlib import PurePath, PurePosixPath, PureWindowsPath
from typing import NamedTuple
from urllib.parse import unquote, urlsplit, urlunsplit

from copylens.core import Edit, Explained, Fragment, InputFailure, SourceMatch, is_archive_url

DECIMAL_COMMA = frozenset({"ru"})
"""Languages (of the interface) that write "0,4 %" for "0.4 %"."""


class Segment(NamedTuple):
    """A span ``[start, end)`` of a text that looks the same all along."""

    start: int
    end: int
    sources: tuple[int, ...]
    """Indices of the sources whose fragments cover the span, in source order (empty: the
    text was found nowhere)."""
    edited: bool
    """The span is an edit (other word form, replaced or inserted words) inside a fragment of
    the first of ``sources`` (not a retold sentence: that is ``retold``)."""
    lookalike: bool
    """The span is one look-alike letter."""
    cited: bool = False
    """The span lies in a cited fragment (a quotation, block quotation or the bibliography:
    ``Fragment.cited``) of the first of ``sources``."""
    retold: bool = False
    """The span is a sentence retold in other words (an edit of kind "retold", issue 34)
    inside a fragment of the first of ``sources``: shown as a paraphrase inside the passage
    (never ``edited`` at the same time)."""


RETOLD = "retold"
"""``Edit.kind`` of a sentence retold in other words inside a copied passage."""


def retold_edits(fragment: Fragment) -> tuple[Edit, ...]:
    """The retold sentences inside ``fragment`` (its edits of kind "retold"), in text order."""
    return tuple(sorted((e for e in fragment.edits if e.kind == RETOLD), key=lambda e: e.start))


def retold_sentences(fragment: Fragment) -> int:
    """How many sentences ``fragment`` holds retold in other words: its retold edits, a
    ``continued`` one (the rest of the sentence before, past copied words) not counted again.
    Every view and export counts them here."""
    edits = retold_edits(fragment)
    return sum(1 for i, e in enumerate(edits) if i == 0 or not e.continued)


def retold_count(fragments: Iterable[Fragment]) -> int:
    """How many retold sentences the ``fragments`` hold in all (:func:`retold_sentences`)."""
    return sum(retold_sentences(f) for f in fragments)


def text_segments(
    length: int,
    sources: Sequence[Sequence[Fragment]],
    lookalikes: Iterable[int] = (),
) -> Iterator[Segment]:
    """Walk ``[0, length)`` cut at every fragment, edit and look-alike letter boundary.

    ``sources[i]`` are the fragments of source ``i`` (their ``start``/``end`` and the spans of
    their edits, other than deletions, count: a "retold" edit makes its span ``retold``, any
    other ``edited``); ``lookalikes`` are offsets of look-alike letters. Yields
    :class:`Segment` covering the text in order, without gaps or overlaps (the first starts
    at 0, each starts where the previous ended, the last ends at ``length``). Offsets outside
    the text are clamped to it. Neighbouring spans that look the same are merged; a
    look-alike letter is always a span of its own. A span is ``cited`` when a cited fragment
    of the first of its sources covers it.
    """
    events: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for n, fragments in enumerate(sources):
        for f in fragments:
            _event(events, length, f.start, f.end, (0, n))
            if f.cited:
                _event(events, length, f.start, f.end, (2, n))
            for e in f.edits:
                if e.kind != "delete":
                    _event(events, length, e.start, e.end, (3 if e.kind == RETOLD else 1, n))
    glyphs = {g for g in lookalikes if 0 <= g < length}
    cuts = sorted({0, length, *events, *glyphs, *(g + 1 for g in glyphs)})
    inside: list[list[int]] = [[0, 0, 0, 0] for _ in sources]
    pending: Segment | None = None
    for a, b in pairwise(cuts):
        for layer, n, delta in events.get(a, ()):
            inside[n][layer] += delta
        covering = tuple(n for n, layers in enumerate(inside) if layers[0] > 0)
        retold = bool(covering) and inside[covering[0]][3] > 0
        edited = bool(covering) and inside[covering[0]][1] > 0 and not retold
        cited = bool(covering) and inside[covering[0]][2] > 0
        glyph = a in glyphs
        looks = (covering, edited, cited, retold)
        if (
            pending is not None
            and not glyph
            and not pending.lookalike
            and (pending.sources, pending.edited, pending.cited, pending.retold) == looks
        ):
            pending = pending._replace(end=b)
            continue
        if pending is not None:
            yield pending
        pending = Segment(a, b, covering, edited, glyph, cited, retold)
    if pending is not None:
        yield pending


def _event(
    events: dict[int, list[tuple[int, int, int]]], length: int, a: int, b: int, key: tuple[int, int]
) -> None:
    a, b = max(0, min(a, length)), max(0, min(b, length))
    if a < b:
        events[a].append((*key, 1))
        events[b].append((*key, -1))


def display_names(paths: Iterable[str]) -> dict[str, str]:
    """Short names for paths: the file name, with as many parent folders as make it unique.

    Windows paths (with backslashes) and POSIX paths alike; names join folders with "/". A web
    address (:func:`is_web_address`) is named by :func:`web_name`, whole: a page's last path
    part ("index.html") would say nothing.
    """
    given = list(dict.fromkeys(paths))
    web = {p: web_name(p) for p in given if is_web_address(p)}
    return _file_names([p for p in given if p not in web]) | web


def _file_names(paths: list[str]) -> dict[str, str]:
    parts = {p: _path_parts(p) for p in paths}
    depth = dict.fromkeys(paths, 1)
    while True:
        groups: dict[str, list[str]] = defaultdict(list)
        for p in paths:
            groups[_tail(parts[p], depth[p])].append(p)
        grew = False
        for group in (g for g in groups.values() if len(g) > 1):
            for p in group:
                if depth[p] < len(parts[p]):
                    depth[p] += 1
                    grew = True
        if not grew:
            return {p: _tail(parts[p], depth[p]) for p in paths}


@lru_cache(maxsize=1 << 16)
def _path_parts(path: str) -> tuple[str, ...]:
    """The path's folders and name (kept: a window names the same thousands of paths in its
    lists, its results and its heat map); a Windows path's drive ("C:") or share
    ("\\\\server\\share") is its first part."""
    windows = "\\" in path or path[1:3] == ":/"  # Qt writes C:/Users/... on Windows
    pure: PurePath = PureWindowsPath(path) if windows else PurePosixPath(path)
    # a drive or share keeps no separator of its own: "C:/a/x.txt", not "C:\\/a/x.txt"
    return tuple(x.rstrip("\\/") or x for x in pure.parts if x not in ("/", "\\")) or (path,)


def _tail(parts: Sequence[str], depth: int) -> str:
    return "/".join(parts[-depth:])


WEB_SCHEMES = ("http://", "https://")


def is_web_address(path: str) -> bool:
    """Whether ``path`` names a page on the web (an http or https address), not a file."""
    return path[:8].lower().startswith(WEB_SCHEMES)


def web_name(address: str) -> str:
    """A web address as people read it: without "http(s)://", a lone trailing "/", escapes
    (``%D0%93``) and an internationalized host (``xn--…``) written out
    ("ru.wikipedia.org/wiki/Городской_остров_тепла")."""
    lowered = address[:8].lower()
    for scheme in WEB_SCHEMES:
        if lowered.startswith(scheme):
            address = address[len(scheme) :]
            break
    host, slash, rest = address.partition("/")
    address = _unicode_host(host) + slash + unquote(rest, errors="replace")
    return address[:-1] if address.endswith("/") and address.count("/") == 1 else address


def _unicode_host(host: str) -> str:
    """``xn--`` labels of a host name in their own letters (as they were typed)."""
    labels = []
    for label in host.split("."):
        if label.lower().startswith("xn--"):
            with contextlib.suppress(UnicodeError):
                label = label.encode("ascii").decode("idna")
        labels.append(label)
    return ".".join(labels)


def address_key(address: str) -> str:
    """One spelling of a web address, to tell whether two name the same page (the scheme and
    host in lower case, no default port, no fragment, escapes written out): what the user
    typed against the address the engine reports after normalizing it."""
    text = address.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text
    scheme = parts.scheme.lower()
    host = _unicode_host((parts.hostname or "").lower())
    if port is not None and port != {"http": 80, "https": 443}.get(scheme):
        host = f"{host}:{port}"
    path = unquote(parts.path or "/", errors="replace")
    query = unquote(parts.query, errors="replace")
    return f"{scheme}://{host}{path}" + (f"?{query}" if query else "")


def fetched_time(fetched: str | None) -> datetime | None:
    """When a web source's page was downloaded (``SourceMatch.fetched``, ISO 8601 in UTC) in
    this computer's time zone; None when it is missing or not a time."""
    if not fetched:
        return None
    try:
        when = datetime.fromisoformat(fetched.replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone()


def address_problem(line: str) -> str:
    """Why ``line`` is not a web address CopyLens can download (English words, "" when it
    is one): an http or https address with a host name, no spaces. The engine checks the
    rest (the host exists, it is not a private address, robots.txt)."""
    text = line.strip()
    if any(c.isspace() for c in text):
        return "spaces inside an address"
    if not is_web_address(text):
        return "not an http:// or https:// address"
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        return "not a valid address"
    if not parts.hostname:
        return "no host name"
    return ""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for ``pyside6-lupdate`` under ``context``; translated where shown."""
    return text


LANGUAGE_NAMES = {
    "auto": QT_TRANSLATE_NOOP("Languages", "detected per document"),
    "ru": QT_TRANSLATE_NOOP("Languages", "Russian"),
    "uk": QT_TRANSLATE_NOOP("Languages", "Ukrainian"),
    "en": QT_TRANSLATE_NOOP("Languages", "English"),
    "de": QT_TRANSLATE_NOOP("Languages", "German"),
    "fr": QT_TRANSLATE_NOOP("Languages", "French"),
    "es": QT_TRANSLATE_NOOP("Languages", "Spanish"),
    "it": QT_TRANSLATE_NOOP("Languages", "Italian"),
    "pt": QT_TRANSLATE_NOOP("Languages", "Portuguese"),
    "nl": QT_TRANSLATE_NOOP("Languages", "Dutch"),
    "sv": QT_TRANSLATE_NOOP("Languages", "Swedish"),
    "pl": QT_TRANSLATE_NOOP("Languages", "Polish"),
}
"""The engine's language codes (``Options.language``, ``DocumentResult.language``) by their
English names, translated with context "Languages" where shown (window and reports)."""


def language_name(code: str, translate: Callable[[str, str], str]) -> str:
    """A language code as a name in the interface language ("ru" → "русский"); an unknown
    code as it is."""
    name = LANGUAGE_NAMES.get(code)
    return translate("Languages", name) if name else code


def percent(value: float, language: str = "en", *, decimals: int | None = None) -> str:
    """A share in 0..1 as people read it: "61 %", "0.4 %", "100 %" ("0,4 %" in Russian).

    By default whole percent, with one decimal under 10 % when it is not whole; ``decimals``
    fixes the number of decimals instead (the command line: "98.1 %"). The space before "%"
    is a plain one (HTML makes it ``&nbsp;``).
    """
    p = value * 100
    if decimals is None:
        decimals = 0 if p == 0 or p >= 10 or p == round(p) else 1
    return f"{number(p, language, decimals)} %"


def number(value: float, language: str = "en", decimals: int = 1) -> str:
    """``value`` with ``decimals`` decimals as the interface language writes it: "1.1" in
    English, "1,1" in Russian (seconds, sizes; :func:`percent` writes shares with it)."""
    text = f"{value:.{decimals}f}"
    if language.lower().split("_")[0].split("-")[0] in DECIMAL_COMMA:
        text = text.replace(".", ",")
    return text


def passage(text: str, start: int, end: int, limit: int) -> str:
    """``text[start:end]`` on one line (runs of white space as one space); a longer one than
    ``limit`` characters keeps about ``limit / 2`` at each end, cut between words, with
    " … " in between."""
    quoted = " ".join(text[start:end].split())
    if len(quoted) <= limit:
        return quoted
    half = limit // 2
    head = quoted[:half].rsplit(" ", 1)[0]
    tail = quoted[-half:].split(" ", 1)[-1]
    return f"{head} … {tail}"


def is_paraphrase(fragment: Fragment) -> bool:
    """Whether ``fragment`` was found by meaning (a paraphrase), not by its words: its kind's
    declaration (``copylens.core.FRAGMENT_KINDS``, issue 33) shows it as a tint of its
    source's colour."""
    from copylens.core import fragment_kind  # loads the engine's signals: not on --help

    return fragment_kind(fragment.kind).colour == "tint"


def kind_label(fragment: Fragment, translate: Callable[[str, str], str] | None = None) -> str:
    """How the interface names ``fragment``'s kind ("paraphrase", "summarised from"): its
    declared label (``copylens.core.FRAGMENT_KINDS``), through ``translate(context, text)``
    (context "FragmentKinds") when given."""
    from copylens.core import fragment_kind  # loads the engine's signals: not on --help

    label = fragment_kind(fragment.kind).label
    return translate("FragmentKinds", label) if translate else label


def is_scored(fragment: Fragment) -> bool:
    """Whether ``fragment``'s kind declares a score worth showing (a meaning similarity)."""
    from copylens.core import fragment_kind

    return fragment_kind(fragment.kind).scored


def paraphrase_at(fragments: Sequence[Fragment], offset: int) -> Fragment | None:
    """The paraphrase among ``fragments`` that covers the character at ``offset`` (by
    ``start``/``end``), None when none does or a copied fragment covers it too (copied
    words are the stronger finding)."""
    found = None
    for f in fragments:
        if f.start <= offset < f.end:
            if not is_paraphrase(f):
                return None
            found = found or f
    return found


def failure_text(failure: InputFailure, translate: Callable[[str, str], str]) -> str:
    """Why an input failed, in the reader's language: the engine's template translated
    (context "Errors", collected by scripts/build_translations.py) with its values filled in;
    the English text when there is no template or the translation does not fit the values."""
    if not failure.template:
        return failure.error
    try:
        return translate("Errors", failure.template).format(**dict(failure.params))
    except (KeyError, IndexError, ValueError):
        return failure.error


def error_text(error: BaseException, translate: Callable[[str, str], str]) -> str:
    """An engine error in the reader's language: an ``Explained`` error's template translated
    (context "Errors", as :func:`failure_text`) with its values filled in; any other error,
    or a translation that does not fit the values, as its English text."""
    if not isinstance(error, Explained):
        return str(error)
    try:
        return translate("Errors", error.template).format(**error.params)
    except (KeyError, IndexError, ValueError):
        return str(error)


# --- archive ------------------------------------------------------------------------------

ARCHIVE_NAME = "archive #{id}"
"""How an archived source is told apart from files (``{id}`` is its id in the archive); the
app passes its translation."""
SELF_CITATION = "self-citation"
"""The mark of an archived source by the checked document's own author."""
IDENTICAL = "identical to #{id}, added {date}"
"""How an archived source whose text is the checked document's is told (issue 32): ``{id}``
its record, ``{date}`` the day it was added; the app passes its translation."""
ALREADY_ARCHIVED = "already in the archive as {ids}"
"""A checked document that is an archived record itself (same file, same labels)."""


def already_archived(ids: Sequence[int], template: str = ALREADY_ARCHIVED) -> str:
    """ "already in the archive as #12" (or "#12, #40"), "" for none."""
    if not ids:
        return ""
    return template.replace("{ids}", ", ".join(f"#{n}" for n in ids))


def labels_text(labels: Mapping[str, str] | Iterable[tuple[str, str]]) -> str:
    """Labels as people write them: "author=Ivanov, year=2024" (in the order given)."""
    pairs = labels.items() if isinstance(labels, Mapping) else labels
    return ", ".join(f"{key}={value}" for key, value in pairs)


def parse_labels(text: str) -> dict[str, str]:
    """``"author=Ivanov, group=301"`` → ``{"author": "Ivanov", "group": "301"}``.

    Pairs are separated by commas or semicolons; spaces around keys and values are dropped;
    an empty text gives no labels. Raises ValueError naming the first part that is not
    ``key=value`` with a key (a value may be empty), or a key given twice."""
    labels: dict[str, str] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise ValueError(part.strip())
        if key in labels:
            raise ValueError(part.strip())
        labels[key] = value
    return labels


def labels_problem(text: str, template: str) -> str:
    """Why ``text`` cannot be read as labels (:func:`parse_labels`), filled into ``template``
    ("Not a key=value label: “%1”" or its translation), or "" when it can."""
    try:
        parse_labels(text)
    except ValueError as error:
        return template.replace("%1", str(error))
    return ""


def archived_name(path: str, labels: Iterable[tuple[str, str]], id_: int, archive: str) -> str:
    """An archived document as people recognise it: its original file name, its labels and
    its id, "essay3.docx — author=Ivanov, year=2024 · archive #12" (``archive`` is the
    template of the last part, :data:`ARCHIVE_NAME` or its translation)."""
    name = file_name(path)
    shown = labels_text(list(labels))
    head = f"{name} — {shown}" if shown else name
    tail = archive.replace("{id}", str(id_))
    return f"{head} · {tail}" if head else tail


def file_name(path: str) -> str:
    """The last part of a path, Windows or POSIX ("" for an empty path)."""
    return _path_parts(path)[-1] if path else ""


def source_names(
    sources: Iterable[SourceMatch],
    other_paths: Iterable[str] = (),
    *,
    archive: str = ARCHIVE_NAME,
    self_citation: str = SELF_CITATION,
    identical: str = IDENTICAL,
) -> dict[str, str]:
    """Names of sources by :attr:`SourceMatch.key` (the key of the report's ``texts``).

    A given file gets its short name (:func:`display_names`, unique among the files and
    ``other_paths``, e.g. the checked documents'); an archived document its original file
    name, labels and id (:func:`archived_name`): two archived copies of "essay.docx" stay
    apart, and none is taken for a file of that name. A self-citation (an archived source by
    the checked document's author) ends in " · " and ``self_citation``; an archived source
    whose text is the checked document's is named with ``identical`` ("identical to #12, added
    2025-05-14") instead of ``archive``. A page from the web is named by its address as given
    or found (:func:`web_name`)."""
    sources = list(sources)
    files = display_names([*other_paths, *(s.path for s in sources if s.archive_id is None)])
    names: dict[str, str] = {}
    for s in sources:
        if s.archive_id is None:
            name = files[s.path]
        else:
            tail = archive
            if s.identical:
                tail = identical.replace("{date}", (s.added or "")[:10])
            name = archived_name(s.path, s.labels, s.archive_id, tail)
        if s.self_citation:
            name = f"{name} · {self_citation}"
        names[s.key] = name
    return names


def shown_location(location: str) -> str:
    """An archive's location as shown: a path as it is, a URL without its password
    (``postgresql://teacher:secret@host/db`` → ``postgresql://teacher@host/db``)."""
    if not is_archive_url(location):
        return location
    try:
        parts = urlsplit(location)
    except ValueError:
        return location
    if parts.password is None:
        return location
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    user = f"{parts.username}@" if parts.username else ""
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        port = ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}{port}"))


# --- heat-map order (the window's heat map and the class report's) ----------------------

ORDER_MIN_SHARE = 0.1
"""Pairs where either document has at least this share in the other link documents into the
groups that :func:`similarity_order` keeps together (a pasted paragraph is 15–25 %)."""


def similarity_order(
    n: int, links: Iterable[tuple[int, int, float]], min_share: float = ORDER_MIN_SHARE
) -> tuple[int, ...]:
    """Documents ``0..n-1`` ordered so that documents sharing text sit together.

    ``links`` are ``(i, j, share)``; those with ``share >= min_share`` join documents into
    groups (connected components). Groups come hottest first (strongest link), then larger,
    then by their first document. Inside a group documents follow Prim's order over the
    strongest links from the group's strongest link: the order of single-linkage clustering,
    so every single-linkage cluster is contiguous. Documents without such a link come last, in
    their original order. Every document appears exactly once; deterministic; O(L log L) for
    L links.
    """
    adjacency: list[list[tuple[float, int]]] = [[] for _ in range(n)]
    for i, j, share in links:
        if i != j and share >= min_share:
            adjacency[i].append((share, j))
            adjacency[j].append((share, i))
    seen = [False] * n
    groups = [
        _group(start, adjacency, seen) for start in range(n) if adjacency[start] and not seen[start]
    ]
    placed = [False] * n
    order: list[int] = []
    for _key, first in sorted(groups):
        order += _prim(first, adjacency, placed)
    return tuple(order) + tuple(d for d in range(n) if not placed[d])


def _group(
    start: int, adjacency: list[list[tuple[float, int]]], seen: list[bool]
) -> tuple[tuple[float, int, int], int]:
    """The component of ``start`` (marked in ``seen``): its sort key (hottest, larger, first
    document first) and where Prim's order starts (the lower document of its strongest link)."""
    members = [start]
    seen[start] = True
    best = (-1.0, 0, 0)
    for member in members:
        for share, other in adjacency[member]:
            best = max(best, (share, -min(member, other), -max(member, other)))
            if not seen[other]:
                seen[other] = True
                members.append(other)
    return (-best[0], -len(members), min(members)), -best[1]


def _prim(start: int, adjacency: list[list[tuple[float, int]]], placed: list[bool]) -> list[int]:
    """Prim's order of the component of ``start``: each next document is the one most similar
    to any document placed before it (ties: the lower index)."""
    out = [start]
    placed[start] = True
    heap = [(-share, other) for share, other in adjacency[start]]
    heapq.heapify(heap)
    while heap:
        _, doc = heapq.heappop(heap)
        if placed[doc]:
            continue
        placed[doc] = True
        out.append(doc)
        for share, other in adjacency[doc]:
            if not placed[other]:
                heapq.heappush(heap, (-share, other))
    return out
