"""News items of a Compare all, grouped by the news-stream duplicate classifier (issue 18).

The *Grouped by* selector of *Compare all* offers "News duplicates (SVM)" beside the
catalogue's methods. It does not regroup the texts the comparison extracted: it reads news
items (``copylens.core.read_news``) from the comparison's inputs that hold news, the files only
it reads (JSON Lines ``.jsonl``/``.ndjson``, feeds ``.xml``/``.rss``/``.atom``: the engine lists
them as unsupported) and the saved pages (``.html``/``.htm``) the engine compared, and judges
them with the shipped model (``copylens.core.NEWS_MODEL``) within a 3-day window.

Each input is read on its own, so every item knows the file it came from (an item of a JSON
Lines file or a feed is named by its id and its file); an id already read from another file is
a failure, the first kept, as ``read_news`` does within one call. :func:`group_news` is the
background job's function (``copylens.app.worker``): pure Python, no Qt.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the news engine is imported when a grouping runs, not at the app's start
    from copylens.core import InputFailure, NewsItem

METHOD = "news"
"""The selector's data for this method (no catalogue method has this name)."""
NEWS_FILES = (".jsonl", ".ndjson", ".xml", ".rss", ".atom")
"""Files only the news method reads (the engine's comparison does not)."""
NEWS_PAGES = (".html", ".htm")
"""Saved pages: the engine compares them, and the news method reads them as news items."""
DUPLICATE_ID = "the id {id} was already given ({first}); this item is skipped"
"""The engine's template for an id read twice (``read_news`` within one call), so its
translation (context "Errors") serves here too."""
WINDOW_DAYS = 3.0
"""Items are compared with earlier ones at most this far apart (as ``copylens news dedup``)."""


def is_news_file(path: str) -> bool:
    """A file only the news method reads (JSON Lines or a feed), by its suffix."""
    return Path(path).suffix.lower() in NEWS_FILES


def news_paths(documents: Iterable[str], failed: Iterable[str]) -> list[str]:
    """The inputs a news grouping reads: the compared saved pages among ``documents`` and the
    news files among the inputs that ``failed`` in the comparison (it does not read them)."""
    found = [p for p in documents if Path(p).suffix.lower() in NEWS_PAGES]
    found += [p for p in failed if is_news_file(p)]
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class NewsGrouping:
    """What the news method found: the items by id, the file of each, the duplicate pairs and
    clusters (``copylens.core.NewsReport``), and what could not be read."""

    items: dict[str, NewsItem]
    files: dict[str, str]
    pairs: tuple[Any, ...] = ()
    """``copylens.core.NewsPair``: a, b, relation, probability."""
    clusters: tuple[tuple[str, ...], ...] = ()
    failures: tuple[InputFailure, ...] = ()
    method: str = field(default=METHOD)


def read_all(
    paths: Sequence[str], cancelled: object = None
) -> tuple[list[NewsItem], dict[str, str], list[InputFailure]]:
    """The items of ``paths`` in order, each item's file by id, and the failures; an id read
    before (from another file) is a failure and the item is skipped."""
    from copylens.core import Cancelled, InputFailure, read_news

    items: list[NewsItem] = []
    files: dict[str, str] = {}
    failures: list[InputFailure] = []
    for path in paths:
        if callable(cancelled) and cancelled():
            raise Cancelled()
        found, problems = read_news([path])
        failures += problems
        for item in found:
            if item.id in files:
                params = {"id": item.id, "first": files[item.id]}
                failures.append(
                    InputFailure(
                        path,
                        DUPLICATE_ID.format(**params),
                        DUPLICATE_ID,
                        tuple(sorted(params.items())),
                    )
                )
                continue
            files[item.id] = path
            items.append(item)
    return items, files, failures


def group_news(paths: Sequence[str], work: object) -> NewsGrouping:
    """Read the news items of ``paths`` and group them with the shipped model; ``work`` is the
    job's :class:`copylens.app.worker.Work` (progress "reading", then the engine's stages)."""
    from copylens.core import NEWS_MODEL, load_news_model, news_dedup

    progress = getattr(work, "progress", None)
    cancelled = getattr(work, "cancelled", None)
    if progress is not None:
        progress("reading", 0, len(paths))
    items, files, failures = read_all(paths, cancelled)
    if progress is not None:
        progress("reading", len(paths), len(paths))
    if not items:
        return NewsGrouping({}, files, failures=tuple(failures))
    model = load_news_model(NEWS_MODEL)
    report = news_dedup(items, model, window_days=WINDOW_DAYS, progress=progress, cancel=cancelled)
    return NewsGrouping(
        {item.id: item for item in items},
        files,
        report.pairs,
        report.clusters,
        tuple(failures) + tuple(report.errors),
    )


def item_name(item: NewsItem, path: str) -> str:
    """How an item is named: its title, else its id (with its file's name when the file holds
    many items: JSON Lines, a feed)."""
    if item.title.strip():
        return " ".join(item.title.split())
    return f"{item.id} ({os.path.basename(path)})" if is_news_file(path) else item.id


def item_place(item: NewsItem, path: str) -> str:
    """Where an item comes from: its id and its file ("samara-1 · news/day.jsonl")."""
    return f"{item.id} · {path}"


def item_time(item: NewsItem) -> str:
    """The publication time as "2026-11-20 09:00" in the computer's time zone (a time given
    without one is UTC, as the engine takes it); a date alone as given; "" if none."""
    text = item.published.strip()
    if not text:
        return ""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text
    if "T" not in text and " " not in text:
        return text[:10]
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")
