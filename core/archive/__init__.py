"""Archive: earlier documents kept between runs, as sources for later checks (issue 14).

A teacher's last year's essays, a department's accepted theses, a copywriter's niche: read and
canonicalized once, stored with their text, canonical words, index keys and labels, and found
again through the index by any later check (the "more sources" stage,
:mod:`copylens.core.sources`). Two backends behind one interface (:class:`~.store.Archive`): an
SQLite file on this machine (:mod:`.sqlite`) and a PostgreSQL database a department shares
(:mod:`.postgres`, an optional extra). The design follows how the archives of the field are
shaped: Turnitin's institutional repository and Antiplagiat's collections (documents with
metadata, checked against, never reported as sources of themselves), JPlag's ``-old``
submissions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Generator, Iterable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from copylens.core.archive.record import CANONICAL_SETTINGS, INDEX_SETTINGS, Record, record_of
from copylens.core.archive.store import Archive, ArchivedDocument, ArchiveStats
from copylens.core.documents import Input
from copylens.core.errors import ArchiveError, Cancelled, OptionsError
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.prepare import CancelCheck, Item, Progress, expand, read_each
from copylens.core.report import InputFailure

BATCH_DOCUMENTS = 1000
"""Documents written per transaction (also committed sooner when :data:`BATCH_BYTES` is
reached): a killed add loses at most one batch, which its re-run adds."""
BATCH_BYTES = 64 * 1024 * 1024
Build = Callable[[Extracted, Options], Record]
Reader = Callable[
    [Sequence[Item], Options, Build, CancelCheck | None],
    Generator[Record | InputFailure, None, None],
]
"""How :func:`add_to_archive` reads: each item's record or failure, in input order."""

__all__ = [
    "AddReport",
    "Archive",
    "ArchiveStats",
    "ArchivedDocument",
    "add_to_archive",
    "is_archive_url",
    "open_archive",
    "with_archive_settings",
]


def is_archive_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def open_archive(
    location: str,
    options: Options | None = None,
    create: bool = False,
    given: Collection[str] = (),
) -> Archive:
    """The archive at ``location``: an SQLite file's path or a ``postgresql://`` URL.

    ``create`` makes a new archive where there is none (with the settings of ``options``);
    ``options`` given, they must make canonical words and index keys as the archive's do
    (ArchiveError otherwise), after :func:`with_archive_settings` (``given`` as there).
    Raises ArchiveError for anything that is not a usable archive, leaving it as it was."""
    archive: Archive
    if is_archive_url(location):
        from copylens.core.archive.postgres import PostgresArchive

        archive = PostgresArchive(location, options, create)
    else:
        from copylens.core.archive.sqlite import SQLiteArchive

        archive = SQLiteArchive(Path(location), options, create)
    if options is not None:
        try:
            archive.require(with_archive_settings(options, archive, given))
        except BaseException:
            archive.close()
            raise
    return archive


def with_archive_settings(
    options: Options, archive: Archive, given: Collection[str] = ()
) -> Options:
    """``options`` with the archive's canonical and index settings for those the user did not
    set: not in ``given`` (the options a front end knows were asked for, such as the flags
    typed) and left at their defaults. An archive made with ``--lang ru`` is added to and
    checked against in Russian without repeating it; a setting asked for that differs from
    the archive's stays, and :meth:`Archive.require` refuses it."""
    stored = archive.settings
    defaults = Options()
    changes = {
        name: stored[name]
        for name in (*CANONICAL_SETTINGS, *INDEX_SETTINGS)
        if name in stored
        and name not in given
        and getattr(options, name) == getattr(defaults, name)
    }
    try:
        adapted = replace(options, **changes)
        if adapted.seed_k > adapted.anchor_words:
            adapted = replace(adapted, seed_k=adapted.anchor_words)
        return adapted.validated()
    except (TypeError, ValueError, OptionsError) as error:  # a stored setting of another kind
        raise ArchiveError(
            "{location} is damaged (its settings are not usable: {detail})",
            location=archive.location,
            detail=str(error)[:200],
        ) from None


@dataclass(frozen=True)
class AddReport:
    """What an add did: records stored (``identical`` of them holding a text archived
    before, by another submission), submissions already archived (the same file with the same
    labels: skipped), inputs that failed."""

    added: int
    skipped: int
    errors: tuple[InputFailure, ...]
    ids: tuple[int, ...] = ()
    identical: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "identical": self.identical,
            "skipped": self.skipped,
            "errors": [{"path": e.path, "error": e.error} for e in self.errors],
        }

    def summary(self) -> str:
        """ "N added, K identical to earlier records" (and what was skipped)."""
        text = f"{self.added} added, {self.identical} identical to earlier records"
        return text + (f", {self.skipped} already archived" if self.skipped else "")


def add_to_archive(
    archive: Archive,
    inputs: Iterable[Input],
    options: Options,
    labels: Mapping[str, str] | None = None,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    *,
    read: Reader = read_each,
) -> AddReport:
    """Read the inputs (files, folders, pasted texts) and store each as a record with
    ``labels`` (issue 32: identical texts included, each its own record, the text stored once).

    A file archived already with the same path and labels (a re-run) is skipped unread; the
    others are read in workers (the engine's limits) and written :data:`BATCH_DOCUMENTS` per
    transaction as they come, so memory does not grow with the number of files and an
    interrupted add keeps every committed batch (re-running it adds the rest). Raises
    Cancelled if asked, after storing the documents read so far (a kill or Ctrl+C loses at
    most the batch being read).

    ``read`` builds the records: :func:`~copylens.core.prepare.read_each` on this machine, or
    one with the same contract (each item's record or failure, in input order) that reads on
    a cluster (``copylens.core.distribute``); the batches written are the same."""
    items, failures = expand(inputs)
    labels = dict(labels or {})
    files = {item: (_file_digest(item), str(item)) for item in items}
    known = archive.known_records([f for f in files.values() if f[0]], labels)
    todo = [item for item in items if files[item] not in known]
    skipped = len(items) - len(todo)
    added: list[int] = []
    batch: list[Record] = []
    batch_bytes = 0
    identical = 0

    def commit() -> None:
        nonlocal identical, batch_bytes
        new, same = archive.add(batch, labels)
        added.extend(new)
        identical += same
        batch.clear()
        batch_bytes = 0

    with closing(read(todo, options, record_of, cancel)) as reading:
        try:
            for done, result in enumerate(reading, start=1):
                if isinstance(result, InputFailure):
                    failures.append(result)
                else:
                    batch.append(result)
                    batch_bytes += result.stored_bytes
                if len(batch) >= BATCH_DOCUMENTS or batch_bytes > BATCH_BYTES:
                    commit()
                if cancel is not None and cancel():
                    raise Cancelled()
                if progress is not None:
                    progress("archiving", done, len(todo))
        except Cancelled:
            if batch:
                commit()  # what was read before the user stopped is kept
            raise
    if batch:
        commit()
    return AddReport(len(added), skipped, tuple(failures), tuple(added), identical)


def _file_digest(item: Item) -> str:
    """SHA-256 of a file's bytes ("" when it cannot be read: reading it reports why)."""
    if not isinstance(item, Path):
        return ""
    try:
        with item.open("rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return ""
