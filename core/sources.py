"""Sources: the "more sources" stage of ``check`` — the archive and the web (issues 14, 22, 32, 33).

Beside the files it is given, a check can take its sources from two places, both named by one
:class:`MoreSources` (``check``'s ``more``):

* the web (``web``, :mod:`copylens.core.web`, imported only then): the pages at its addresses
  and those its search provider finds for the documents' distinctive phrases, read like files
  (in workers, within the reading limits), templates ignored in them as in every source; a page
  whose text is a document's or a given source's is left out (that one is reported); each
  reported with its ``url`` and ``fetched`` time;
* an archive (``archive``): its texts sharing an anchor k-gram with a checked document, found
  through its index and read from it a group of documents at a time (:data:`ARCHIVE_GROUP`),
  never one that is a given source's text; each named by one of its records, another author's
  first (``labels``' author, up to case, being the writer's own: a self-citation); a record that
  is this very submission (the same file's bytes and labels) is no source, the result says it
  is ``archived_as`` (issue 32).

:func:`look_up` runs the stage for a run's documents before any pair is scored and returns
what it found (:class:`Found`); the engine reads the archived texts through it, group by group,
and has it name each result's sources. The stage only reads: adding the checked documents to
the archive is the caller's, after the check (:func:`add_checked`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from copylens.core.archive import AddReport, add_to_archive
from copylens.core.archive.store import Archive, ArchivedDocument
from copylens.core.documents import Input, WebPage
from copylens.core.index import MIN_SHARED_ANCHORS
from copylens.core.labels import author_of, same_labels
from copylens.core.marking import marked
from copylens.core.options import Options
from copylens.core.prepare import (
    CancelCheck,
    Prepared,
    Progress,
    expand,
    label_of,
    prepare_text,
    read_all,
    text_digest,
)
from copylens.core.report import CheckReport, DocumentResult, InputFailure, archive_key
from copylens.core.signal import RunText

if TYPE_CHECKING:
    from copylens.core.web import WebRequest

ARCHIVE_GROUP = 64
"""Documents checked at a time against an archive: only their candidate sources are read from
it and held, so memory does not grow with the number of documents times the archive's size."""


@dataclass(frozen=True)
class MoreSources:
    """Where a check finds sources beyond the files it is given (module docstring)."""

    archive: Archive | None = None
    labels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The checked documents' labels: who wrote them (``author``) and which submission they
    are, against the archive's records."""
    web: WebRequest | None = None


@dataclass(frozen=True)
class Stored:
    """An archived text a checked document meets, and the record that names it as a source."""

    text: int
    """Its id in the archive (``texts``)."""
    named: ArchivedDocument
    copies: tuple[int, ...]
    """Its other records (not this very submission)."""


class Found:
    """What the stage found for a run's documents: the web's pages (read), and for each
    document its archived texts (not yet read) and its own records (``archived_as``)."""

    def __init__(
        self,
        more: MoreSources,
        web: Sequence[Prepared] = (),
        failures: Sequence[InputFailure] = (),
        pages: Mapping[str, WebPage] | None = None,
        queries: int = 0,
        stored: Sequence[Sequence[Stored]] = (),
        already: Sequence[tuple[int, ...]] = (),
    ) -> None:
        self.more = more
        self.web = list(web)
        """The web's pages as sources, templates ignored."""
        self.failures = list(failures)
        """Addresses that gave no page, searches that failed."""
        self.pages = dict(pages or {})
        """Each web source's page by its name (``Prepared.path``: the address)."""
        self.queries = queries
        self.stored = [list(s) for s in stored]
        self.already = list(already)
        self.keyed: dict[int, str] = {}
        """Each archived text read, by its source's name."""
        self.author = author_of(more.labels)

    def archived(self, d: int) -> list[Stored]:
        """The archived texts the ``d``-th document meets (none without an archive)."""
        return self.stored[d] if self.stored else []

    def groups(self, documents: int) -> Iterator[range]:
        """The documents in the groups the archive is read for (all at once without one)."""
        step = max(1, documents) if self.more.archive is None else ARCHIVE_GROUP
        return (range(lo, min(lo + step, documents)) for lo in range(0, documents, step))

    def read(
        self, group: Iterable[int], run: RunText, options: Options
    ) -> Iterator[tuple[int, Prepared]]:
        """The archived texts the documents of ``group`` meet, read from the archive, marked
        as the run's sources are (:func:`copylens.core.marking.marked`): (text id, source). A
        text removed since it was looked up, or damaged, is not among them."""
        if self.more.archive is None:
            return
        wanted = sorted({s.text for d in group for s in self.archived(d)})
        for meta, source in self.more.archive.sources(wanted, options):
            self.keyed[meta.text] = source.path
            yield meta.text, marked([source], run, options, sources=True)[0]

    def own(self, d: int) -> set[str]:
        """Names of the sources read for the ``d``-th document that are the writer's own
        earlier work (an archived record by the same author)."""
        return {
            self.keyed[s.text]
            for s in self.archived(d)
            if s.text in self.keyed and _by_author(s.named, self.author)
        }

    def named(
        self, d: int, result: DocumentResult, digest: str, texts: dict[str, str]
    ) -> DocumentResult:
        """The ``d``-th document's result with its archived sources named by their record
        (path as added, id, labels, date; ``identical`` when their text is the document's,
        ``digest``), its web sources with their address and time, and ``archived_as``;
        ``texts`` gets each archived one's text under its record's key."""
        origins = {self.keyed[s.text]: s for s in self.archived(d) if s.text in self.keyed}
        result = _with_origins(result, origins, self.author, digest, texts)
        already = self.already[d] if self.already else ()
        return replace(_with_pages(result, self.pages), archived_as=already)

    def errors(self) -> tuple[InputFailure, ...]:
        """The archive's damaged records this run met, as errors naming them."""
        archive = self.more.archive
        if archive is None:
            return ()
        return tuple(
            InputFailure(f"{archive.location} #{document}", reason)
            for document, reason in sorted(archive.damaged.items())
        )


def look_up(
    more: MoreSources,
    docs: list[Prepared],
    srcs: list[Prepared],
    run: RunText,
    options: Options,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> Found:
    """The stage for ``docs`` checked against the given sources ``srcs`` (module docstring):
    the web's pages read, then the archive's texts looked up (the pages are given sources to
    it)."""
    found = Found(more)
    if more.web is not None:
        found = _from_web(more, docs, srcs, run, options, progress, cancel)
    if more.archive is not None:
        stored, already = _archived(more.archive, docs, [*srcs, *found.web], more.labels)
        found.stored, found.already = stored, already
    return found


def _from_web(
    more: MoreSources,
    docs: list[Prepared],
    srcs: list[Prepared],
    run: RunText,
    options: Options,
    progress: Progress | None,
    cancel: CancelCheck | None,
) -> Found:
    """The pages the web gives for ``docs`` as sources (module docstring); pages are cached
    in the archive when there is one."""
    from copylens.core.web import web_sources

    assert more.web is not None
    found = web_sources(more.web, docs, options, progress, cancel, more.archive)
    read, failed = read_all(found.pages, options, prepare_text, progress, cancel)
    known = {text_digest(p.text) for p in (*docs, *srcs)}
    kept = [p for p in read if text_digest(p.text) not in known]
    sources = marked(kept, run, options, sources=True)
    by_url = {page.url: page for page in found.pages}
    return Found(more, sources, [*found.failures, *failed], by_url, found.queries)


def _with_pages(result: DocumentResult, pages: Mapping[str, WebPage]) -> DocumentResult:
    """Web sources with the address their page came from and when it was fetched."""
    if not pages or not any(m.path in pages for m in result.sources):
        return result
    sources = tuple(
        replace(m, url=page.final_url, fetched=page.fetched)
        if (page := pages.get(m.path)) is not None
        else m
        for m in result.sources
    )
    return replace(result, sources=sources)


def _archived(
    archive: Archive, docs: list[Prepared], srcs: list[Prepared], labels: Mapping[str, str]
) -> tuple[list[list[Stored]], list[tuple[int, ...]]]:
    """For each document, the archived texts sharing an anchor k-gram with it, found through
    the archive's index (not yet read), each named by a record by another author if it has one
    (the writer's own otherwise): never a given source's text (that source is reported once),
    nor a record that is this very submission (the same file's bytes and labels), whose ids
    come second (issue 32)."""
    found = [archive.query(doc.anchors, MIN_SHARED_ANCHORS) for doc in docs]
    copies = archive.copies(sorted(set().union(*found)))
    given = {text_digest(src.text) for src in srcs}
    author = author_of(labels)
    stored: list[list[Stored]] = []
    already: list[tuple[int, ...]] = []
    for doc, ids in zip(docs, found, strict=True):
        mine: list[Stored] = []
        same: list[int] = []
        for text in sorted(ids):
            records = copies.get(text, [])
            if not records or records[0].sha256 in given:
                continue
            if doc.sha256 is not None:
                itself = [r.id for r in records if _is_submission(r, doc.sha256, labels)]
                same += itself
                records = [r for r in records if r.id not in itself]
            if records:
                others = [r for r in records if not _by_author(r, author)]
                named = (others or records)[0]
                rest = tuple(r.id for r in records if r is not named)
                mine.append(Stored(text, named, rest))
        stored.append(mine)
        already.append(tuple(sorted(same)))
    return stored, already


def _is_submission(record: ArchivedDocument, file_sha256: str, labels: Mapping[str, str]) -> bool:
    """``record`` is this very submission: the same file's bytes and the same labels."""
    return record.file_sha256 == file_sha256 and same_labels(record.labels, labels)


def _by_author(meta: ArchivedDocument | None, author: str | None) -> bool:
    """An archived record whose ``author`` label is ``author`` (up to case, ``автор`` being
    ``author``): the writer's own work."""
    return author is not None and meta is not None and author_of(meta.labels) == author


def _with_origins(
    result: DocumentResult,
    origins: Mapping[str, Stored],
    author: str | None,
    digest: str,
    texts: dict[str, str],
) -> DocumentResult:
    """Archived sources named by their record (path as added, id, labels, date), marked
    ``identical`` when their text is the document's (``digest``); ``texts`` gets each one's
    text under its record's key."""
    if not origins:
        return result
    sources = []
    for match in result.sources:
        origin = origins.get(match.path)
        if origin is not None:
            meta = origin.named
            texts.setdefault(archive_key(meta.id), texts.get(match.path, ""))
            match = replace(
                match,
                path=meta.path,
                archive_id=meta.id,
                labels=meta.labels,
                self_citation=_by_author(meta, author),
                identical=meta.sha256 == digest,
                added=meta.added,
                copies=origin.copies,
            )
        sources.append(match)
    return replace(result, sources=tuple(sources))


def add_checked(
    archive: Archive,
    report: CheckReport,
    documents: Iterable[Input],
    options: Options,
    labels: Mapping[str, str] | None = None,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> AddReport:
    """After a check (``report``, of ``documents`` with ``options``): the checked documents
    added to ``archive`` with ``labels`` (:func:`copylens.core.archive.add_to_archive`: the
    record an add of the file makes), except those the check found archived already as this
    very submission (``archived_as``) and those it could not read or left out (given to
    ignore too). ``options`` are the check's: the records are built as its documents were.

    Each document is read a second time here: a check keeps no read document once its pairs
    are scored (its memory stays per pair, issue 38), so the archive's record is built again
    from the file, by the same reader and options (the cost of one ``read`` of the checked
    documents, a small share of a check against many sources)."""
    items, _ = expand(documents)
    checked = {r.path for r in report.documents if not r.archived_as}
    todo = {label_of(i): i for i in items if label_of(i) in checked}  # each once, in order
    return add_to_archive(archive, list(todo.values()), options, labels, progress, cancel)
