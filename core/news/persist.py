"""A stream processed run after run (issue 18): each run's items are compared with the earlier
items of their window, those stored in the archive by earlier runs included, and then stored.

What must hold: the pairs reported are those with at least one of this run's items (the
earlier runs reported the rest); an earlier item given again is this run's item, not a second
copy; the items are stored only after the run was compared (a cancelled or failed run stores
nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from copylens.core.news.classify import Model
from copylens.core.news.items import NewsItem
from copylens.core.news.stream import DAY, NewsReport, dedup
from copylens.core.prepare import CancelCheck, Progress
from copylens.core.report import InputFailure
from copylens.core.unionfind import groups

if TYPE_CHECKING:
    from copylens.core.archive.store import Archive


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
    pairs and clusters holding one of ``items``; ``items`` are stored afterwards."""
    from copylens.core.archive.news import store_items, stored_items  # the archive imports items

    times = [t for t in (i.timestamp for i in items) if t is not None]
    since = None if window_days is None or not times else min(times) - window_days * DAY
    given = {item.id for item in items}
    earlier = [e for e in stored_items(archive, since) if e.id not in given]
    report = dedup(
        [*earlier, *items],
        model,
        window_days=window_days,
        errors=errors,
        progress=progress,
        cancel=cancel,
    )
    pairs = tuple(p for p in report.pairs if p.a in given or p.b in given)
    clusters = tuple(tuple(c) for c in groups((p.a, p.b) for p in pairs))
    store_items(archive, items)
    return NewsReport(pairs, clusters, report.errors)
