"""Web sources: pages by address, and pages a search engine finds for a document's phrases.

The stage a copywriter's "uniqueness" needs (issue 19): text.ru, Advego Plagiatus and Etxt send
a text's distinctive phrases to a search engine, download the pages found and compare. Here the
same runs on the user's machine with the user's own key; nothing of the text goes anywhere but
the search provider the user chose.

What must hold:

* Network code lives in this package only, and this package is imported only by a run that
  asks for the web (``MoreSources.web`` of :mod:`copylens.core.sources`), so httpx is never loaded
  otherwise.
* Every address becomes a :class:`~copylens.core.documents.WebPage` (read later like a file, in
  a worker process with the reading limits) or an :class:`~copylens.core.report.InputFailure`
  naming that address and why; a search failure is a failure too. Nothing here stops the run but
  the user's cancel.
* The queries sent are at most ``WebRequest.max_queries``: each one costs the user money.

Modules: ``address`` (which addresses may be fetched), ``fetch`` (downloads, with ``robots``
and ``cache``), ``phrases`` (which phrases to search for), ``search`` (the providers).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from copylens.core.documents import WebPage
from copylens.core.errors import Cancelled, OptionsError, WebError
from copylens.core.options import Options
from copylens.core.report import InputFailure

if TYPE_CHECKING:
    from copylens.core.archive.store import Archive
    from copylens.core.prepare import CancelCheck, Prepared, Progress
    from copylens.core.web.cache import PageStore
    from copylens.core.web.search import Provider

MAX_QUERIES = 100
"""A check's search queries at most (``WebRequest.max_queries``): each one costs the user."""
MAX_PAGES = 60
"""At most this many pages found by a search are downloaded per check (the best ranked: found
by most queries first): a 20-query search finds up to 200 addresses, most of them once."""


@dataclass(frozen=True)
class WebRequest:
    """What a check takes from the web.

    ``urls``: pages given by address; ``provider``: search the web with it when set, at most
    ``max_queries`` queries for the whole check; ``allow_local``: fetch loopback and private
    addresses too (an intranet; the tests' server); ``refresh``: download again even what the
    cache holds; ``cache``: the page cache file (None: the user's cache folder, "": none).
    """

    urls: tuple[str, ...] = ()
    provider: Provider | None = None
    max_queries: int = 20
    allow_local: bool = False
    refresh: bool = False
    cache: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.max_queries <= MAX_QUERIES:
            raise OptionsError(
                [f"search queries per check must be 0 to {MAX_QUERIES}, not {self.max_queries}"]
            )

    @property
    def searching(self) -> bool:
        """A search will be run (a provider, and queries to send)."""
        return self.provider is not None and self.max_queries > 0

    @property
    def provider_label(self) -> str:
        """The search provider's name for people ("Brave Search API"), "" when none."""
        from copylens.core.web.providers import PROVIDERS

        return "" if self.provider is None else PROVIDERS[self.provider.name].label


@dataclass(frozen=True)
class Found:
    """What the web gave a check: the pages downloaded, the addresses and queries that failed,
    and how many queries were sent (what the user pays for)."""

    pages: tuple[WebPage, ...]
    failures: tuple[InputFailure, ...]
    queries: int


def web_sources(
    request: WebRequest,
    documents: Sequence[Prepared],
    options: Options,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    archive: Archive | None = None,
) -> Found:
    """Download ``request.urls`` and, when searching, the pages found for ``documents``'
    distinctive phrases; each distinct page once (by its normalized address, then by content).
    Pages are cached where ``request.cache`` says, else in ``archive`` when there is one (a
    department's shared archive downloads a page once for all), else in the user's cache.

    The queries are shared out over the documents (each gets at least one while queries last,
    in input order), so one long document cannot use them all. Raises Cancelled only.
    """
    urls, failures = _given(request.urls)
    queries = 0
    if request.searching and documents:
        found, failed, queries = _searched(request, documents, progress, cancel)
        urls += [u for u in found if u not in urls][: max(0, MAX_PAGES)]
        failures += failed
    pages = _fetched(urls, request, options, progress, cancel, archive)
    return Found(
        tuple(_distinct([p for p in pages if isinstance(p, WebPage)])),
        tuple(failures + [p for p in pages if isinstance(p, InputFailure)]),
        queries,
    )


def _given(urls: Sequence[str]) -> tuple[list[str], list[InputFailure]]:
    """The given addresses, normalized and without repeats; malformed ones as failures."""
    from copylens.core.web.address import normalized

    kept: list[str] = []
    failures: list[InputFailure] = []
    for url in urls:
        try:
            key = normalized(url)
        except WebError as error:
            failures.append(InputFailure.of(url, error))
            continue
        if key not in kept:
            kept.append(key)
    return kept, failures


def _searched(
    request: WebRequest,
    documents: Sequence[Prepared],
    progress: Progress | None,
    cancel: CancelCheck | None,
) -> tuple[list[str], list[InputFailure], int]:
    """The addresses a search found for the documents, best first; its failures; queries sent."""
    from copylens.core.web.phrases import distinctive_phrases
    from copylens.core.web.search import search_pages

    assert request.provider is not None
    shares = _shares(request.max_queries, len(documents))
    ranked: list[str] = []
    failures: list[InputFailure] = []
    sent = 0
    for doc, share in zip(documents, shares, strict=True):
        if share == 0:
            continue
        phrases = distinctive_phrases(doc, share)
        outcome = search_pages(
            phrases,
            request.provider,
            doc.canonical.language,
            max_queries=share,
            progress=_stage(progress, "searching", sent, request.max_queries),
            cancel=cancel,
        )
        sent += outcome.queries
        ranked += [u for u in outcome.urls if u not in ranked]
        failures += [f for f in outcome.failures if f not in failures]
        if _stops_search(outcome.failures):
            break
    return ranked, failures, sent


def _shares(queries: int, documents: int) -> list[int]:
    """``queries`` shared out over ``documents``: equal shares, the first ones one more."""
    if documents == 0:
        return []
    base, extra = divmod(queries, documents)
    return [base + (1 if n < extra else 0) for n in range(documents)]


def _stops_search(failures: Sequence[InputFailure]) -> bool:
    """A refused key or an exhausted quota: no later document's query would fare better."""
    from copylens.core.web.search import STOPPING

    return any(f.template in STOPPING for f in failures)


def _fetched(
    urls: Sequence[str],
    request: WebRequest,
    options: Options,
    progress: Progress | None,
    cancel: CancelCheck | None,
    archive: Archive | None,
) -> list[WebPage | InputFailure]:
    if not urls:
        return []
    from copylens.core.web.fetch import FetchSettings, fetch_pages

    settings = FetchSettings(
        allow_local=request.allow_local,
        refresh=request.refresh,
        max_bytes=options.max_file_bytes,
    )
    if cancel is not None and cancel():
        raise Cancelled()
    cache = _cache(request, archive)
    try:
        return fetch_pages(
            urls, settings, cache, _stage(progress, "downloading", 0, len(urls)), cancel
        )
    finally:
        if cache is not None:
            cache.close()


def _cache(request: WebRequest, archive: Archive | None) -> PageStore | None:
    """Where pages are cached: the file asked for ("": nowhere), else the archive of the run,
    else the user's cache folder."""
    from copylens.core.web.cache import PageCache, default_cache_path

    if request.cache is not None:
        return PageCache(request.cache) if request.cache else None
    if archive is not None:
        from copylens.core.web.archive_pages import ArchivePages

        return ArchivePages(archive)
    return PageCache(default_cache_path())


def _stage(progress: Progress | None, stage: str, before: int, total: int) -> _Step | None:
    return None if progress is None else _Step(progress, stage, before, total)


@dataclass(frozen=True)
class _Step:
    """A stage's progress(done, total) as the engine's progress(stage, done, total), counting
    on from ``before`` of ``total`` (the queries of earlier documents)."""

    progress: Progress
    stage: str
    before: int
    total: int

    def __call__(self, done: int, total: int) -> None:
        self.progress(self.stage, self.before + done, max(self.total, self.before + total))


def _distinct(pages: list[WebPage]) -> list[WebPage]:
    """Pages without repeats: two addresses that redirect to one page, or serve one body."""
    seen: set[object] = set()
    kept: list[WebPage] = []
    for page in pages:
        keys = {("url", page.final_url), ("data", hashlib.sha256(page.data).digest())}
        if keys & seen:
            continue
        seen |= keys
        kept.append(page)
    return kept
