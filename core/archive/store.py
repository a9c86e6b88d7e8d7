"""Store: the archive's tables, the same on SQLite and PostgreSQL.

Tables (both databases; ``?`` placeholders here, each backend turns them into its own):

* ``archive_settings(key, value)``: the format's name, the schema version, the settings the
  archive's canonical words and index keys were made with (:func:`record.settings_of`);
* ``documents``: one row per submission (a record: issue 32), identical texts included, with
  the path and name as added, the date, format, language and counts, and its ``text``;
* ``texts(id, sha256, bytes)``: one row per distinct extracted text (``sha256`` unique): a
  text handed in twice is stored and indexed once, its records kept apart;
* ``labels(document, key, value)``: any ``key=value`` per record, one value per key (keys as
  :func:`.labels.label_key` names them);
* ``contents(document, text, data)``: a text's compressed text and canonical data (record.py),
  ``document`` being the text's id (``texts.id``), as in ``anchors``;
* ``anchors(run, fingerprint, document)`` and ``runs(id, level, keys)``: the exact inverted index
  as a log-structured merge of sorted runs (O'Neil et al., "The log-structured merge-tree",
  1996; Lucene's segments): each batch adds one run of its documents' index keys, written in
  key order at the end of the B-tree; when :data:`FANOUT` runs of one level exist they are
  merged, in key order, into one run of the next level, a range of fingerprints per
  transaction. So adding never rewrites the pages of the whole index (a single B-tree keyed
  by random fingerprints does at every batch, its cost growing with the archive), no write
  transaction is long, and a lookup seeks each of the few runs (at most 9 per level, a level
  per ten times the documents), reading only the index pages of the fingerprints it looks up.

What must hold: every batch of documents is one transaction, and so is every part of a merge
(a killed ``archive add`` leaves every committed batch and no half-written document, and its
merge is finished by the next add); a text is stored once (by its SHA-256), every submission
is a record of its own; every archived text's index keys are in exactly one run, and a lookup
in any committed state finds each fingerprint's keys whole; a record leaves with its labels,
and its text's contents and keys leave with its last record. The tables are declared once
(:data:`TABLES`) for both databases, each backend naming its types (:class:`Dialect`).
Everything read back is checked (issue 38): a stored number of the wrong kind or out of range
is a damaged record, skipped and named (:attr:`Archive.damaged`), never a traceback; the
merge state is checked and capped (:data:`MAX_MERGE_PARTS`).
"""

from __future__ import annotations

import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import PurePath
from typing import Any

import numpy as np

from copylens.core.archive.record import (
    MAX_CHARS,
    Record,
    anchors_of,
    decode_text,
    prepared_from,
    settings_of,
)
from copylens.core.errors import ArchiveError
from copylens.core.index import MAX_DF
from copylens.core.labels import has_labels, label_key, normalised, same_labels
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import archive_key

log = logging.getLogger(__name__)

FORMAT = "copylens-archive"
SCHEMA_VERSION = 2
"""Version of the tables. An archive of a newer version is refused; an older one is brought up
to date by :data:`MIGRATIONS` in one transaction. Version 2 (issue 32): a record per
submission, texts stored once in ``texts``."""
FANOUT = 10
"""Runs of one level merged into one of the next: a document's keys are rewritten once per
level (a level per ten times the documents), and a lookup seeks at most 9 runs per level."""
MERGE_KEYS = 2_000_000
"""Index keys a merge moves per transaction (a few seconds of holding the write lock)."""
MAX_MERGE_PARTS = 1 << 16
"""Most parts a stored merge may claim (2**16 parts of :data:`MERGE_KEYS` keys: 131 billion
keys); a merge state beyond, or not of its shape, is dropped (its runs stay runs: every key is
still in exactly one of them)."""


@dataclass(frozen=True)
class Dialect:
    """A database's names for the types :data:`TABLES` uses."""

    serial: str
    """A key numbered by the database, never reused."""
    key: str
    """An integer primary key given by us."""
    run: str
    """The runs' key, numbered by the database."""
    integer: str
    blob: str
    clustered: str
    """Appended to a table stored in its primary key's order."""


TABLES = (
    "CREATE TABLE IF NOT EXISTS archive_settings (key text PRIMARY KEY, value text NOT NULL)",
    "CREATE TABLE IF NOT EXISTS {documents} (id {serial}, path text NOT NULL, "
    "name text NOT NULL, sha256 text NOT NULL, file_sha256 text NOT NULL, "
    "format text NOT NULL, added text NOT NULL, language text NOT NULL, "
    "words {integer} NOT NULL, chars {integer} NOT NULL, bytes {integer} NOT NULL, "
    "text {integer} NOT NULL)",
    "CREATE INDEX IF NOT EXISTS documents_file ON documents (file_sha256)",
    "CREATE INDEX IF NOT EXISTS documents_text ON documents (text)",
    "CREATE TABLE IF NOT EXISTS texts (id {serial}, sha256 text NOT NULL UNIQUE, "
    "bytes {integer} NOT NULL)",
    "CREATE TABLE IF NOT EXISTS labels (document {integer} NOT NULL, key text NOT NULL, "
    "value text NOT NULL, PRIMARY KEY (document, key)){clustered}",
    "CREATE INDEX IF NOT EXISTS labels_value ON labels (key, value)",
    "CREATE TABLE IF NOT EXISTS contents (document {key}, text {blob} NOT NULL, "
    "data {blob} NOT NULL)",
    "CREATE TABLE IF NOT EXISTS runs (id {run}, level integer NOT NULL, keys {integer} NOT NULL)",
    "CREATE TABLE IF NOT EXISTS anchors (run {integer} NOT NULL, fingerprint {integer} NOT NULL, "
    "document {integer} NOT NULL, PRIMARY KEY (run, fingerprint, document)){clustered}",
)
"""The archive's tables, declared once for SQLite and PostgreSQL (:meth:`Dialect` names the
types; ``{documents}`` is the documents table's name, another while a migration rebuilds it)."""


@dataclass(frozen=True)
class ArchivedDocument:
    """One archived document as listed (no text)."""

    id: int
    path: str
    """As it was given when added."""
    name: str
    sha256: str
    file_sha256: str
    format: str
    added: str
    """ISO 8601, UTC, seconds."""
    language: str
    words: int
    chars: int
    bytes: int
    """Stored size of its compressed text and data."""
    labels: tuple[tuple[str, str], ...] = ()
    text: int = 0
    """The id of its text (``texts``): records of one text share it."""

    @property
    def label_map(self) -> dict[str, str]:
        return dict(self.labels)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "name": self.name,
            "sha256": self.sha256,
            "format": self.format,
            "added": self.added,
            "language": self.language,
            "words": self.words,
            "bytes": self.bytes,
            "labels": self.label_map,
        }


@dataclass(frozen=True)
class ArchiveStats:
    documents: int
    bytes: int
    """Stored size of all compressed texts and data."""
    words: int
    disk_bytes: int
    """The archive's size on disk (SQLite: the file and its log; PostgreSQL: the database)."""
    settings: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "bytes": self.bytes,
            "words": self.words,
            "disk_bytes": self.disk_bytes,
            "settings": dict(self.settings),
        }


_DOCUMENT_COLUMNS = (
    "id, path, name, sha256, file_sha256, format, added, language, words, chars, bytes, text"
)


class Archive(ABC):
    """An archive of documents: SQLite (:mod:`.sqlite`) or PostgreSQL (:mod:`.postgres`).

    Implements :class:`copylens.core.index.CandidateIndex` (``query``) over its documents'
    ids. Backends give a connection, their placeholders and their few statements that
    differ; everything else is here.
    """

    location: str
    dialect: Dialect
    damaged: dict[int, str]
    """Records found damaged by this connection's reads (id → why): skipped, and named by
    whoever reads (a check lists them among its errors)."""

    # -- what a backend provides -------------------------------------------------------------

    @abstractmethod
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (``?`` placeholders); the rows it returns."""

    @abstractmethod
    def _execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: committed at the end, rolled back on any error, translated
        into an ArchiveError a person understands."""
        yield

    @abstractmethod
    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        """Reads that see one state of the archive: a merge another process commits meanwhile
        (it deletes the runs it merged) cannot hide index keys from a lookup that read the
        list of runs before it. Readers still never wait for writers."""
        yield

    @abstractmethod
    def _create_tables(self) -> None:
        """The tables of :data:`TABLES` (:meth:`_schema`), and the backend's marks."""

    @abstractmethod
    def _last_id(self, table: str) -> int:
        """The last id ``table``'s serial key gave (0 if none)."""

    @abstractmethod
    def _continue_ids(self, table: str, last: int) -> None:
        """Make ``table``'s serial key give ids above ``last`` and above those it holds."""

    @abstractmethod
    def _created_meanwhile(self) -> bool:
        """Inside the transaction that creates the archive, once any other process creating it
        has finished (the backend waits for it): whether the tables are there now."""

    @abstractmethod
    def _insert_run(self, run: int, fingerprints: np.ndarray, documents: np.ndarray) -> None:
        """Write one run's keys (int64 arrays, sorted by fingerprint then document)."""

    @abstractmethod
    def _lookup(
        self, fingerprints: np.ndarray, runs: list[int], limit: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """For each fingerprint, at most ``limit`` documents holding it in ``runs``:
        (fingerprint index, document) arrays."""

    @abstractmethod
    def _lock_runs(self) -> None:
        """Inside a transaction: keep other writers from merging the same runs."""

    @abstractmethod
    def disk_bytes(self) -> int: ...

    @abstractmethod
    def close(self) -> None: ...

    # -- opening --------------------------------------------------------------------------

    def _schema(self, documents: str = "documents") -> list[str]:
        """:data:`TABLES` in this database's words."""
        d = self.dialect
        names = {
            "documents": documents,
            "serial": d.serial,
            "key": d.key,
            "run": d.run,
            "integer": d.integer,
            "blob": d.blob,
            "clustered": d.clustered,
        }
        return [statement.format(**names) for statement in TABLES]

    def _setting(self, key: str) -> str | None:
        rows = self._execute("SELECT value FROM archive_settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def _initialise(self, options: Options | None) -> None:
        """Create the tables in an empty database, with the settings of ``options`` (unless
        another process just did)."""
        settings = settings_of(options or Options())
        with self._transaction():
            if self._created_meanwhile():  # by another add started at the same time
                return
            self._create_tables()
            self._execute_many(
                "INSERT INTO archive_settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO NOTHING",  # another process made it meanwhile
                [
                    ("format", FORMAT),
                    ("schema_version", str(SCHEMA_VERSION)),
                    ("settings", json.dumps(settings, sort_keys=True)),
                    ("created", _now()),
                ],
            )

    def _check_version(self) -> None:
        """Refuse a newer or an unknown schema; migrate an older one."""
        stored = self._setting("schema_version")
        found = int(stored) if stored is not None and stored.isdecimal() else 0
        if found < 1:
            raise ArchiveError(
                '{location} is of an unknown archive format (schema version "{found}"): it was '
                "not made by CopyLens, or it is damaged",
                location=self.location,
                found=stored or "",
            )
        if found > SCHEMA_VERSION:
            raise ArchiveError(
                "{location} was made by a newer CopyLens (archive format {found}; this version "
                "reads formats up to {known}). Update CopyLens to use it.",
                location=self.location,
                found=found,
                known=SCHEMA_VERSION,
            )
        if found < SCHEMA_VERSION:
            with self._transaction():
                for version in range(found, SCHEMA_VERSION):
                    MIGRATIONS[version](self)
                self._execute(
                    "UPDATE archive_settings SET value = ? WHERE key = 'schema_version'",
                    (str(SCHEMA_VERSION),),
                )

    @property
    def settings(self) -> dict[str, Any]:
        """The settings the archive was made with; ArchiveError if they are not a JSON object
        of names and plain values."""
        value = self._setting("settings")
        if not value:
            return {}
        try:
            settings = json.loads(value)
        except ValueError:
            settings = None
        if not isinstance(settings, dict) or not all(
            isinstance(v, str | int | float | bool) or v is None for v in settings.values()
        ):
            raise ArchiveError(
                "{location} is damaged (its settings are not readable)", location=self.location
            )
        return settings

    def _anchor_words(self) -> int:
        """The archive's ``anchor_words``, checked (ArchiveError if out of range)."""
        value = self.settings.get("anchor_words", Options().anchor_words)
        if type(value) is not int or not 1 <= value <= 1000:
            raise ArchiveError(
                "{location} is damaged (anchor_words = {value})",
                location=self.location,
                value=str(value)[:40],
            )
        return value

    def require(self, options: Options) -> None:
        """Refuse options whose canonical words or index keys differ from the archive's: its
        documents could not be matched with words made another way."""
        stored, wanted = self.settings, settings_of(options)
        differences = [
            f"{key}: {_shown(stored.get(key))} in the archive, {_shown(value)} now"
            for key, value in wanted.items()
            if stored.get(key) != value
        ]
        if differences:
            raise ArchiveError(
                "{location} was built with other settings ({differences}). Use the archive's "
                "settings, or another archive.",
                location=self.location,
                differences="; ".join(differences),
            )

    # -- writing --------------------------------------------------------------------------

    def add(self, records: Sequence[Record], labels: Mapping[str, str]) -> tuple[list[int], int]:
        """Store each record (a submission) with ``labels`` in one transaction: (ids of the
        new records, how many of them hold a text already stored, here or earlier in the
        batch). A text is stored and indexed once; every record is kept, with its labels."""
        added: list[int] = []
        keys: list[np.ndarray] = []
        texts: list[int] = []
        identical = 0
        added_at = _now()
        stored_labels = sorted(normalised(labels).items())
        with self._transaction():
            for record in records:
                rows = self._execute(
                    "INSERT INTO texts (sha256, bytes) VALUES (?, ?) "
                    "ON CONFLICT (sha256) DO NOTHING RETURNING id",
                    (record.sha256, record.stored_bytes),
                )
                if rows:
                    text = int(rows[0][0])
                    self._execute(
                        "INSERT INTO contents (document, text, data) VALUES (?, ?, ?)",
                        (text, record.text_blob, record.data_blob),
                    )
                    keys.append(record.anchors)
                    texts.append(text)
                else:  # stored before (or by another adder meanwhile: it committed first)
                    found = self._execute("SELECT id FROM texts WHERE sha256 = ?", (record.sha256,))
                    text = int(found[0][0])
                    identical += 1
                rows = self._execute(
                    "INSERT INTO documents (path, name, sha256, file_sha256, format, added, "
                    "language, words, chars, bytes, text) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        record.path,
                        PurePath(record.path).name or record.path,
                        record.sha256,
                        record.file_sha256,
                        record.format,
                        added_at,
                        record.language,
                        record.words,
                        record.chars,
                        record.stored_bytes,
                        text,
                    ),
                )
                document = int(rows[0][0])
                added.append(document)
                self._execute_many(
                    "INSERT INTO labels (document, key, value) VALUES (?, ?, ?)",
                    [(document, key, value) for key, value in stored_labels],
                )
            if texts:
                self._new_run(0, keys, texts)
        self._merge_runs()
        return added, identical

    def _new_run(self, level: int, keys: list[np.ndarray], documents: list[int]) -> None:
        """One run of the documents' keys (``keys[i]`` are ``documents[i]``'s), sorted."""
        fingerprints = np.concatenate(keys).astype(np.uint64).view(np.int64)
        owners = np.repeat(np.asarray(documents, dtype=np.int64), [len(k) for k in keys])
        order = np.lexsort((owners, fingerprints))
        run = self._add_run(level, len(fingerprints))
        self._insert_run(run, fingerprints[order], owners[order])

    def _add_run(self, level: int, keys: int) -> int:
        sql = "INSERT INTO runs (level, keys) VALUES (?, ?) RETURNING id"
        return int(self._execute(sql, (level, keys))[0][0])

    def _merge_runs(self) -> None:
        """Merge :data:`FANOUT` runs of a level into one run of the next, lowest levels first,
        until no level holds FANOUT runs (a merge another process left unfinished first).

        A merge moves the keys a range of fingerprints at a time (:data:`MERGE_KEYS` per
        transaction): the write lock is never held for long, however large the runs, and a
        lookup meanwhile finds each fingerprint's keys complete, in the merged runs or in the
        new one. Its progress is stored (``archive_settings``: ``merging``), so a merge
        interrupted by a killed process is finished by the next add."""
        while (plan := self._merge_plan()) is not None:
            while self._merge_step(plan):
                pass

    def _merge_plan(self) -> dict[str, Any] | None:
        """The merge in progress, or a new one (its target run made), or None."""
        with self._transaction():
            self._lock_runs()
            state = self._setting("merging")
            if state is not None:
                plan = self._merge_state(state)
                if plan is not None:
                    return plan
            rows = self._execute("SELECT level, id, keys FROM runs ORDER BY level, id")
            by_level: dict[int, list[tuple[int, int]]] = {}
            for level, run, keys in rows:
                if _whole(level) and _whole(run) and _whole(keys):
                    by_level.setdefault(level, []).append((run, keys))
            full = [level for level, runs in sorted(by_level.items()) if len(runs) >= FANOUT]
            if not full:
                return None
            sources = by_level[full[0]][:FANOUT]
            keys = sum(k for _, k in sources)
            plan = {
                "target": self._add_run(full[0] + 1, keys),
                "sources": [r for r, _ in sources],
                "parts": max(1, -(-keys // MERGE_KEYS)),
                "done": 0,
            }
            self._put_setting("merging", json.dumps(plan))
            return plan

    def _merge_step(self, plan: dict[str, Any]) -> bool:
        """Move the next part of the merge ``plan``, or finish it; False once it is over
        (here or in another process)."""
        with self._transaction():
            self._lock_runs()
            state = self._setting("merging")
            current = None if state is None else self._merge_state(state)
            if current is None or current["target"] != plan["target"]:
                return False
            sources = ", ".join(str(int(r)) for r in current["sources"])  # ours, integers
            part, parts = int(current["done"]), int(current["parts"])
            if part >= parts:
                self._execute(f"DELETE FROM runs WHERE id IN ({sources})")
                self._execute("DELETE FROM archive_settings WHERE key = 'merging'")
                return False
            lo, hi = _part(part, parts)
            self._execute(
                "INSERT INTO anchors (run, fingerprint, document) "
                f"SELECT ?, fingerprint, document FROM anchors WHERE run IN ({sources}) "
                "AND fingerprint BETWEEN ? AND ? ORDER BY fingerprint, document",
                (current["target"], lo, hi),
            )
            self._execute(
                f"DELETE FROM anchors WHERE run IN ({sources}) AND fingerprint BETWEEN ? AND ?",
                (lo, hi),
            )
            current["done"] = part + 1
            self._put_setting("merging", json.dumps(current))
            return True

    def _merge_state(self, state: str) -> dict[str, Any] | None:
        """The stored merge, checked: its target and sources runs of the archive, at most
        :data:`FANOUT` sources, ``done`` ≤ ``parts`` ≤ :data:`MAX_MERGE_PARTS`. A state that
        is not (damaged, or written by someone else) is dropped with a warning, and None: the
        keys it moved are in its target run, the others still in its sources, every key in
        exactly one run, so lookups stay whole and the runs are merged again later."""
        try:
            plan = json.loads(state)
            runs = set(self._runs())
            target, sources = plan["target"], plan["sources"]
            parts, done = plan["parts"], plan["done"]
            valid = (
                _whole(target)
                and target in runs
                and isinstance(sources, list)
                and 0 < len(sources) <= FANOUT
                and all(_whole(r) and r in runs and r != target for r in sources)
                and _whole(parts)
                and 1 <= parts <= MAX_MERGE_PARTS
                and _whole(done)
                and done <= parts
            )
        except (ValueError, TypeError, KeyError):
            valid = False
        if valid:
            return dict(plan)
        log.warning("archive %s: a damaged merge state is dropped", self.location)
        self._execute("DELETE FROM archive_settings WHERE key = 'merging'")
        return None

    def _put_setting(self, key: str, value: str) -> None:
        self._execute(
            "INSERT INTO archive_settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _runs(self) -> list[int]:
        return [r[0] for r in self._execute("SELECT id FROM runs ORDER BY id") if _whole(r[0])]

    def remove(self, ids: Iterable[int]) -> list[int]:
        """Remove records with their labels, and a text with its contents and index keys when
        its last record goes; the ids removed."""
        anchor_words = self._anchor_words()
        removed = []
        with self._transaction():
            runs = ", ".join(str(r) for r in self._runs())
            for document in ids:
                rows = self._execute("SELECT text, chars FROM documents WHERE id = ?", (document,))
                if not rows:
                    continue
                text, chars = rows[0]
                for table, column in (("labels", "document"), ("documents", "id")):
                    self._execute(f"DELETE FROM {table} WHERE {column} = ?", (document,))
                removed.append(document)
                if not _whole(text) or self._execute(
                    "SELECT 1 FROM documents WHERE text = ? LIMIT 1", (text,)
                ):
                    continue  # another record holds the text still
                self._remove_text(text, chars if _whole(chars) else MAX_CHARS, runs, anchor_words)
        return removed

    def _remove_text(self, text: int, chars: int, runs: str, anchor_words: int) -> None:
        """A text of ``chars`` characters with its contents and index keys (its last record
        gone)."""
        rows = self._execute("SELECT data FROM contents WHERE document = ?", (text,))
        try:
            if not rows:
                raise ArchiveError("no contents")
            keys = anchors_of(_blob(rows[0][0]), anchor_words, chars).view(np.int64)
        except ArchiveError:  # damaged: its keys are found by reading the whole index
            self._execute("DELETE FROM anchors WHERE document = ?", (text,))
        else:
            if runs:
                self._execute_many(
                    f"DELETE FROM anchors WHERE run IN ({runs}) AND fingerprint = ? "
                    "AND document = ?",
                    [(key, text) for key in keys.tolist()],
                )
        self._execute("DELETE FROM contents WHERE document = ?", (text,))
        self._execute("DELETE FROM texts WHERE id = ?", (text,))

    # -- reading --------------------------------------------------------------------------

    def known_records(
        self, files: Sequence[tuple[str, str]], labels: Mapping[str, str]
    ) -> set[tuple[str, str]]:
        """Those of the (file SHA-256, path) pairs archived already with these labels (up to
        case): the very same submission, which a re-run of ``add`` skips unread."""
        digests = sorted({digest for digest, _ in files if digest})
        found: set[tuple[str, str]] = set()
        for chunk in _chunks(digests, 500):
            marks = ", ".join("?" * len(chunk))
            rows = self._execute(
                f"SELECT id, file_sha256, path FROM documents WHERE file_sha256 IN ({marks})",
                chunk,
            )
            by_id = self._labels([r[0] for r in rows if _whole(r[0])])
            found.update(
                (str(digest), str(path))
                for document, digest, path in rows
                if same_labels(by_id.get(document, ()), labels)
            )
        return found

    def query(self, fingerprints: np.ndarray, min_shared: int) -> dict[int, int]:
        """Archived texts (``texts`` ids) sharing at least ``min_shared`` distinct
        fingerprints (those held by more than :data:`MAX_DF` texts not counted): id → count."""
        values = np.unique(np.asarray(fingerprints, dtype=np.uint64))
        if not len(values):
            return {}
        with self._snapshot():
            runs = self._runs()
            if not runs:
                return {}
            try:
                at, documents = self._lookup(values, runs, MAX_DF + 1)
            except (TypeError, ValueError, OverflowError):  # a key that is not a number
                raise ArchiveError(
                    "{location} is damaged (its index holds a key that is not a number)",
                    location=self.location,
                ) from None
        held = np.bincount(at, minlength=len(values))
        keep = held[at] <= MAX_DF
        found, counts = np.unique(documents[keep], return_counts=True)
        return {
            int(d): int(c)
            for d, c in zip(found.tolist(), counts.tolist(), strict=True)
            if c >= min_shared
        }

    def documents(
        self, ids: Sequence[int] | None = None, labels: Mapping[str, str] | None = None
    ) -> list[ArchivedDocument]:
        """Archived records (all, or those of ``ids``) having every label of ``labels`` (keys
        and values compared up to case, a key's synonyms one key); a damaged one is left out
        and named in :attr:`damaged`."""
        wanted = normalised(labels or {})
        where, params = [], []
        for key in wanted:
            where.append("EXISTS (SELECT 1 FROM labels l WHERE l.document = d.id AND l.key = ?)")
            params.append(key)
        rows: list[tuple[Any, ...]] = []
        chunks = [None] if ids is None else _chunks(list(ids), 500)
        for chunk in chunks:
            clause = list(where)
            if chunk is not None:
                clause.append(f"d.id IN ({', '.join('?' * len(chunk))})")
            sql = f"SELECT {_DOCUMENT_COLUMNS} FROM documents d"
            if clause:
                sql += " WHERE " + " AND ".join(clause)
            rows += self._execute(sql + " ORDER BY d.id", [*params, *(chunk or [])])
        return [d for d in self._records(rows) if has_labels(d.labels, wanted)]

    def copies(self, texts: Sequence[int]) -> dict[int, list[ArchivedDocument]]:
        """The records of each text (``texts`` ids), in the order they were added."""
        rows: list[tuple[Any, ...]] = []
        for chunk in _chunks(sorted(set(texts)), 500):
            marks = ", ".join("?" * len(chunk))
            rows += self._execute(
                f"SELECT {_DOCUMENT_COLUMNS} FROM documents d WHERE d.text IN ({marks}) "
                "ORDER BY d.id",
                chunk,
            )
        out: dict[int, list[ArchivedDocument]] = {}
        for record in self._records(rows):
            out.setdefault(record.text, []).append(record)
        return out

    def _records(self, rows: list[tuple[Any, ...]]) -> list[ArchivedDocument]:
        """The records of ``documents`` rows with their labels; damaged rows named in
        :attr:`damaged` and left out."""
        by_id = self._labels([r[0] for r in rows if _whole(r[0])])
        out = []
        for row in rows:
            try:
                out.append(_document(row, by_id.get(row[0], ())))
            except ArchiveError as error:
                self._damaged(row[0], error)
        return out

    def _damaged(self, document: Any, error: ArchiveError) -> None:
        number = document if _whole(document) else -1
        self.damaged[number] = str(error)
        log.warning("archive %s: record #%s is damaged: %s", self.location, number, error)

    def text(self, document: int) -> str:
        """The archived text of a record (all offsets of its fragments refer to it)."""
        rows = self._execute(
            "SELECT c.text, d.chars FROM documents d JOIN contents c ON c.document = d.text "
            "WHERE d.id = ?",
            (document,),
        )
        if not rows:
            raise ArchiveError(
                "there is no document {id} in {location}", id=document, location=self.location
            )
        blob, chars = rows[0]
        if not _whole(chars):
            raise ArchiveError("record #{id} is damaged (its length is not a number)", id=document)
        return decode_text(_blob(blob), chars)

    def sources(
        self, ids: Sequence[int], options: Options
    ) -> list[tuple[ArchivedDocument, Prepared]]:
        """The texts of ``ids`` (``texts`` ids) as sources for the engine, each with its first
        record, keyed ``archive:ID`` by that record's id. A damaged one is left out and named
        in :attr:`damaged`; the others are read all the same."""
        first = {t: records[0] for t, records in self.copies(ids).items()}
        out = []
        for chunk in _chunks([i for i in ids if i in first], 200):
            marks = ", ".join("?" * len(chunk))
            rows = self._execute(
                f"SELECT document, text, data FROM contents WHERE document IN ({marks})", chunk
            )
            for text, blob, data in sorted(rows, key=lambda row: row[0]):
                meta = first[text]
                try:
                    prepared = prepared_from(
                        archive_key(meta.id),
                        decode_text(_blob(blob), meta.chars),
                        meta.format,
                        meta.file_sha256,
                        _blob(data),
                        options,
                    )
                except ArchiveError as error:
                    self._damaged(meta.id, error)
                    continue
                out.append((meta, prepared))
        return out

    def stats(self) -> ArchiveStats:
        rows = self._execute(
            "SELECT (SELECT count(*) FROM documents), "
            "(SELECT coalesce(sum(bytes), 0) FROM texts), "
            "(SELECT coalesce(sum(words), 0) FROM documents)"
        )
        try:
            documents, stored, words = (int(v) for v in rows[0])
        except (TypeError, ValueError):
            raise ArchiveError(
                "{location} is damaged (its counts are not numbers)", location=self.location
            ) from None
        return ArchiveStats(documents, stored, words, self.disk_bytes(), self.settings)

    def _labels(self, ids: list[int]) -> dict[int, tuple[tuple[str, str], ...]]:
        out: dict[int, list[tuple[str, str]]] = {}
        for chunk in _chunks(ids, 500):
            marks = ", ".join("?" * len(chunk))
            rows = self._execute(
                "SELECT document, key, value FROM labels "
                f"WHERE document IN ({marks}) ORDER BY document, key",
                chunk,
            )
            for document, key, value in rows:
                out.setdefault(document, []).append((str(key), str(value)))
        return {k: tuple(v) for k, v in out.items()}

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _document(row: tuple[Any, ...], labels: tuple[tuple[str, str], ...]) -> ArchivedDocument:
    """The record of a ``documents`` row; ArchiveError naming it if a stored number is not a
    non-negative integer or a name not text."""
    id_, path, name, sha, file_sha, fmt, added, language, words, chars, size, text = row
    for column, value in (("words", words), ("chars", chars), ("bytes", size), ("text", text)):
        if not _whole(value) or (column == "chars" and value > MAX_CHARS):
            raise ArchiveError(
                "record #{id} is damaged ({column} = {value})",
                id=id_,
                column=column,
                value=str(value)[:40],
            )
    if not all(isinstance(v, str) for v in (path, name, sha, file_sha, fmt, added, language)):
        raise ArchiveError("record #{id} is damaged (a name is not text)", id=id_)
    return ArchivedDocument(
        id_, path, name, sha, file_sha, fmt, added, language, words, chars, size, labels, text
    )


def _whole(value: Any) -> bool:
    """A stored number that is a non-negative integer (not a bool, a float or text)."""
    return type(value) is int and value >= 0


def _blob(value: Any) -> bytes:
    """A stored text or data as bytes; ArchiveError if the database holds something else there
    (an SQLite column takes any type: text written into it by another program)."""
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value)
    raise ArchiveError("a document's stored data is damaged (it is not binary data)")


def _chunks(values: list[Any], size: int) -> list[list[Any]]:
    return [values[i : i + size] for i in range(0, len(values), size)]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _shown(value: Any) -> str:
    return json.dumps(value)


def _to_version_2(archive: Archive) -> None:
    """Schema 1 → 2 (issue 32): ``documents`` without its unique ``sha256`` and with each
    record's ``text`` (its own id: every version-1 document held a text of its own), rebuilt
    in place, its ids going on from where they were; ``texts`` filled with those texts (their
    ids the documents', which ``contents`` and ``anchors`` hold already, so the index is not
    rewritten); label keys named as :func:`.labels.label_key` names them."""
    last = archive._last_id("documents")
    columns = _DOCUMENT_COLUMNS.replace(", text", "")
    archive._execute(archive._schema(documents="documents_v2")[1])
    archive._execute(
        f"INSERT INTO documents_v2 ({columns}, text) SELECT {columns}, id FROM documents"
    )
    archive._execute("DROP TABLE documents")
    archive._execute("ALTER TABLE documents_v2 RENAME TO documents")
    for statement in archive._schema():
        archive._execute(statement)
    archive._continue_ids("documents", last)
    archive._execute(
        "INSERT INTO texts (id, sha256, bytes) SELECT id, sha256, bytes FROM documents"
    )
    archive._continue_ids("texts", last)
    renamed = [
        (document, key, value)
        for document, key, value in archive._execute("SELECT document, key, value FROM labels")
        if label_key(str(key)) != key
    ]
    for document, key, _value in renamed:
        archive._execute("DELETE FROM labels WHERE document = ? AND key = ?", (document, key))
    for document, key, value in renamed:
        archive._execute(
            "INSERT INTO labels (document, key, value) VALUES (?, ?, ?) "
            "ON CONFLICT (document, key) DO NOTHING",
            (document, label_key(str(key)), str(value)),
        )


MIGRATIONS: dict[int, Callable[[Archive], None]] = {1: _to_version_2}
"""What takes an archive from schema version N to N + 1 (inside one transaction)."""


def _part(part: int, parts: int) -> tuple[int, int]:
    """The ``part``-th of ``parts`` equal ranges of signed 64-bit fingerprints (inclusive);
    fingerprints are uniform hashes, so each holds about as many keys as another."""
    span = 1 << 64
    lo = -(1 << 63) + span * part // parts
    hi = -(1 << 63) + span * (part + 1) // parts - 1
    return lo, hi
