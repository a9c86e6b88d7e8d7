"""A stream processed run after run (issue 18): each run's items are compared with the earlier
items of their window, those stored in the archive by earlier runs included, and then stored.

Storage: one table, ``news_items``, made on first use (not by the schema's version, as
``web_pages``: an older CopyLens still opens the archive): the item as JSON (its NewsItem
fields) and its publication time. It lives here, not in ``copylens.core.archive`` (issue 33:
the archive knows documents only; an import-linter contract keeps the archive from importing
the news package).

What must hold: the pairs reported are those with at least one of this run's items (the
earlier runs reported the rest); an earlier item given again is this run's item, not a second
copy; the items are stored only after the run was compared (a cancelled or failed run stores
nothing), in one transaction, so a killed run stores nothing half-way; an id already stored is
kept as it was (a stream read twice does not change its past); a stored item is never loaded as
code (JSON only), and a stored row that is not an item (issue 38) is a failure naming the
archive and the row's id, the other rows are read and the run goes on.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

from copylens.core.errors import NewsError
from copylens.core.news.classify import Model
from copylens.core.news.items import NewsItem, item_of_json, placed
from copylens.core.news.stream import DAY, NewsReport, dedup
from copylens.core.prepare import CancelCheck, Progress
from copylens.core.report import InputFailure
from copylens.core.unionfind import groups

if TYPE_CHECKING:
    from copylens.core.archive.store import Archive

TABLE = (
    "CREATE TABLE IF NOT EXISTS news_items (id text PRIMARY KEY, published double precision, "
    "item text NOT NULL)"
)
"""The same statement on SQLite and PostgreSQL."""


def dedup_stream(
    items: Sequence[NewsItem],
    model: Model,
    archive: Archive,
    *,
    window_days: float | None = 3.0,
    errors: Sequence[InputFailure] = (),
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> NewsReport:
    """:func:`copylens.core.news.stream.dedup` of ``items`` with the archive's earlier items
    of the window (published at most ``window_days`` before the earliest of ``items``), the
    pairs and clusters holding one of ``items``; ``items`` are stored afterwards. Stored rows
    that are not items are reported among the errors."""
    times = [t for t in (i.timestamp for i in items) if t is not None]
    since = None if window_days is None or not times else min(times) - window_days * DAY
    given = {item.id for item in items}
    stored, damaged = stored_items(archive, since)
    earlier = [e for e in stored if e.id not in given]
    report = dedup(
        [*earlier, *items],
        model,
        window_days=window_days,
        errors=[*errors, *damaged],
        progress=progress,
        cancel=cancel,
    )
    pairs = tuple(p for p in report.pairs if p.a in given or p.b in given)
    clusters = tuple(tuple(c) for c in groups((p.a, p.b) for p in pairs))
    store_items(archive, items)
    return NewsReport(pairs, clusters, report.errors)


def stored_items(
    archive: Archive, since: float | None
) -> tuple[list[NewsItem], list[InputFailure]]:
    """The stored items published at ``since`` (seconds since the epoch) or later, and those
    without a time; every stored item when ``since`` is None. In publication order. Rows that
    are not items are failures "stored news item ID: ..." of the archive's location."""
    _ensure(archive)
    if since is None:
        rows = archive._execute("SELECT id, item FROM news_items ORDER BY published, id")
    else:
        rows = archive._execute(
            "SELECT id, item FROM news_items WHERE published IS NULL OR published >= ? "
            "ORDER BY published, id",
            (since,),
        )
    items: list[NewsItem] = []
    failures: list[InputFailure] = []
    for row_id, text in rows:
        try:
            items.append(_stored_item(row_id, text))
        except NewsError as error:
            failures.append(placed(archive.location, f"stored news item {row_id!s}", error))
    return items, failures


def _stored_item(row_id: object, text: object) -> NewsItem:
    """The item of one stored row; :class:`NewsError` when the row is not one."""
    if not isinstance(text, str):
        raise NewsError("the stored item is not text; it is skipped")
    item = item_of_json(text)
    if item.id != str(row_id):
        raise NewsError("the stored item's id differs from its row's; it is skipped")
    return item


def store_items(archive: Archive, items: Sequence[NewsItem]) -> int:
    """Stores the items whose ids are not stored yet, in one transaction; how many."""
    _ensure(archive)
    with archive._transaction():
        before = int(archive._execute("SELECT count(*) FROM news_items")[0][0])
        for item in items:
            archive._execute(
                "INSERT INTO news_items (id, published, item) VALUES (?, ?, ?) "
                "ON CONFLICT (id) DO NOTHING",
                (item.id, item.timestamp, json.dumps(asdict(item), ensure_ascii=False)),
            )
        after = int(archive._execute("SELECT count(*) FROM news_items")[0][0])
    return after - before


def _ensure(archive: Archive) -> None:
    with archive._transaction():
        archive._execute(TABLE)
