"""News items kept in the archive (issue 18): a stream processed a day at a time compares each
new item with the earlier items of its window, those of earlier runs included.

One table, ``news_items``, made on first use (not by the schema's version, as ``web_pages``:
an older CopyLens still opens the archive): the item as JSON (its NewsItem fields) and its
publication time. What must hold: a run stores its new items in one transaction after they
were compared, so a killed run stores nothing half-way; an id already stored is kept as it was
(a stream read twice does not change its past); an item is never loaded as code (JSON only).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from copylens.core.archive.store import Archive
from copylens.core.news.items import NewsItem, item_of_json

TABLE = (
    "CREATE TABLE IF NOT EXISTS news_items (id text PRIMARY KEY, published double precision, "
    "item text NOT NULL)"
)
"""The same statement on SQLite and PostgreSQL."""


def stored_items(archive: Archive, since: float | None) -> list[NewsItem]:
    """The stored items published at ``since`` (seconds since the epoch) or later, and those
    without a time; every stored item when ``since`` is None. In publication order."""
    _ensure(archive)
    if since is None:
        rows = archive._execute("SELECT item FROM news_items ORDER BY published, id")
    else:
        rows = archive._execute(
            "SELECT item FROM news_items WHERE published IS NULL OR published >= ? "
            "ORDER BY published, id",
            (since,),
        )
    return [item_of_json(str(row[0])) for row in rows]


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
