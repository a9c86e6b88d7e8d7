"""Store: the archive's tables, the same on SQLite and PostgreSQL.

Tables (both databases; ``?`` placeholders here, each backend turns them into its own):

* ``archive_settings(key, value)``: the format's name, the schema version, the settings the
  archive's canonical words and index keys were made with (:func:`record.settings_of`);
* ``documents``: one row per distinct extracted text (``sha256`` unique), with the path and
  name as added, the date, format, language and counts;
* ``labels(document, key, value)``: any ``key=value`` per document, one value per key;
* ``contents(document, text, data)``: the compressed text and canonical data (record.py);
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
merge is finished by the next add); a document's text is stored once (by its SHA-256); every
archived document's index keys are in exactly one run, and a lookup in any committed state
finds each fingerprint's keys whole; a document leaves with its labels, contents and keys.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import PurePath
from typing import Any

import numpy as np

from copylens.core.archive.record import (
    Record,
    anchors_of,
    decode_text,
    prepared_from,
    settings_of,
)
from copylens.core.errors import ArchiveError
from copylens.core.index import MAX_DF
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import archive_key

FORMAT = "copylens-archive"
SCHEMA_VERSION = 1
"""Version of the tables. An archive of a newer version is refused; an older one is brought up
to date by :data:`MIGRATIONS` in one transaction."""
MIGRATIONS: dict[int, tuple[str, ...]] = {}
"""Statements that take an archive from schema version N to N + 1 (none yet: version 1 is the
first)."""
FANOUT = 10
"""Runs of one level merged into one of the next: a document's keys are rewritten once per
level (a level per ten times the documents), and a lookup seeks at most 9 runs per level."""
MERGE_KEYS = 2_000_000
"""Index keys a merge moves per transaction (a few seconds of holding the write lock)."""


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
    "id, path, name, sha256, file_sha256, format, added, language, words, chars, bytes"
)


class Archive(ABC):
    """An archive of documents: SQLite (:mod:`.sqlite`) or PostgreSQL (:mod:`.postgres`).

    Implements :class:`copylens.core.index.CandidateIndex` (``query``) over its documents'
    ids. Backends give a connection, their placeholders and their few statements that
    differ; everything else is here.
    """

    location: str

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
    def _create_tables(self) -> None: ...

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
                    for statement in MIGRATIONS[version]:
                        self._execute(statement)
                self._execute(
                    "UPDATE archive_settings SET value = ? WHERE key = 'schema_version'",
                    (str(SCHEMA_VERSION),),
                )

    @property
    def settings(self) -> dict[str, Any]:
        value = self._setting("settings")
        return dict(json.loads(value)) if value else {}

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
        """Store the records in one transaction: (ids of the new documents, how many were
        already archived, by the SHA-256 of their text)."""
        added: list[int] = []
        keys: list[np.ndarray] = []
        added_at = _now()
        with self._transaction():
            for record in records:
                rows = self._execute(
                    "INSERT INTO documents (path, name, sha256, file_sha256, format, added, "
                    "language, words, chars, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (sha256) DO NOTHING RETURNING id",
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
                    ),
                )
                if not rows:
                    continue
                document = int(rows[0][0])
                added.append(document)
                self._execute(
                    "INSERT INTO contents (document, text, data) VALUES (?, ?, ?)",
                    (document, record.text_blob, record.data_blob),
                )
                self._execute_many(
                    "INSERT INTO labels (document, key, value) VALUES (?, ?, ?)",
                    [(document, key, value) for key, value in sorted(labels.items())],
                )
                keys.append(record.anchors)
            if added:
                self._new_run(0, keys, added)
        self._merge_runs()
        return added, len(records) - len(added)

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
                return dict(json.loads(state))
            rows = self._execute("SELECT level, id, keys FROM runs ORDER BY level, id")
            by_level: dict[int, list[tuple[int, int]]] = {}
            for level, run, keys in rows:
                by_level.setdefault(int(level), []).append((int(run), int(keys)))
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
            current = None if state is None else dict(json.loads(state))
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

    def _put_setting(self, key: str, value: str) -> None:
        self._execute(
            "INSERT INTO archive_settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _runs(self) -> list[int]:
        return [int(r[0]) for r in self._execute("SELECT id FROM runs ORDER BY id")]

    def remove(self, ids: Iterable[int]) -> list[int]:
        """Remove documents with their labels, contents and index keys; the ids removed."""
        anchor_words = int(self.settings.get("anchor_words", Options().anchor_words))
        removed = []
        with self._transaction():
            runs = ", ".join(str(r) for r in self._runs())
            for document in ids:
                rows = self._execute("SELECT data FROM contents WHERE document = ?", (document,))
                if not rows:
                    continue
                try:
                    keys = anchors_of(_blob(rows[0][0]), anchor_words).view(np.int64)
                except ArchiveError:  # damaged: its keys are found by reading the whole index
                    self._execute("DELETE FROM anchors WHERE document = ?", (document,))
                else:
                    self._execute_many(
                        f"DELETE FROM anchors WHERE run IN ({runs}) AND fingerprint = ? "
                        "AND document = ?",
                        [(key, document) for key in keys.tolist()],
                    )
                for table in ("labels", "contents"):
                    self._execute(f"DELETE FROM {table} WHERE document = ?", (document,))
                self._execute("DELETE FROM documents WHERE id = ?", (document,))
                removed.append(document)
        return removed

    # -- reading --------------------------------------------------------------------------

    def known_files(self, file_sha256s: Sequence[str]) -> set[str]:
        """Those of the file digests already archived (a re-run of ``add`` skips them unread)."""
        found: set[str] = set()
        for chunk in _chunks(list(file_sha256s), 500):
            marks = ", ".join("?" * len(chunk))
            rows = self._execute(
                f"SELECT file_sha256 FROM documents WHERE file_sha256 IN ({marks})", chunk
            )
            found.update(str(r[0]) for r in rows)
        return found

    def query(self, fingerprints: np.ndarray, min_shared: int) -> dict[int, int]:
        """Archived documents sharing at least ``min_shared`` distinct fingerprints (those
        held by more than :data:`MAX_DF` documents not counted): id → count."""
        values = np.unique(np.asarray(fingerprints, dtype=np.uint64))
        if not len(values):
            return {}
        with self._snapshot():
            runs = self._runs()
            if not runs:
                return {}
            at, documents = self._lookup(values, runs, MAX_DF + 1)
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
        """Archived documents (all, or those of ``ids``) having every label of ``labels``."""
        where, params = [], []
        for key, value in (labels or {}).items():
            where.append(
                "EXISTS (SELECT 1 FROM labels l WHERE l.document = d.id AND l.key = ? "
                "AND l.value = ?)"
            )
            params += [key, value]
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
        by_id = self._labels([int(r[0]) for r in rows])
        return [_document(row, by_id.get(int(row[0]), ())) for row in rows]

    def text(self, document: int) -> str:
        """The archived text of a document (all offsets of its fragments refer to it)."""
        rows = self._execute("SELECT text FROM contents WHERE document = ?", (document,))
        if not rows:
            raise ArchiveError(
                "there is no document {id} in {location}", id=document, location=self.location
            )
        return decode_text(_blob(rows[0][0]))

    def sources(
        self, ids: Sequence[int], options: Options
    ) -> list[tuple[ArchivedDocument, Prepared]]:
        """The documents as sources for the engine, keyed ``archive:ID``."""
        found = {d.id: d for d in self.documents(ids)}
        out = []
        for chunk in _chunks([i for i in ids if i in found], 200):
            marks = ", ".join("?" * len(chunk))
            rows = self._execute(
                f"SELECT document, text, data FROM contents WHERE document IN ({marks})", chunk
            )
            for document, text, data in sorted(rows):
                meta = found[int(document)]
                prepared = prepared_from(
                    archive_key(meta.id),
                    decode_text(_blob(text)),
                    meta.format,
                    meta.file_sha256,
                    _blob(data),
                    options,
                )
                out.append((meta, prepared))
        return out

    def stats(self) -> ArchiveStats:
        rows = self._execute(
            "SELECT count(*), coalesce(sum(bytes), 0), coalesce(sum(words), 0) FROM documents"
        )
        documents, stored, words = (int(v) for v in rows[0])
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
                out.setdefault(int(document), []).append((str(key), str(value)))
        return {k: tuple(v) for k, v in out.items()}

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _document(row: tuple[Any, ...], labels: tuple[tuple[str, str], ...]) -> ArchivedDocument:
    id_, path, name, sha, file_sha, fmt, added, language, words, chars, size = row
    return ArchivedDocument(
        int(id_),
        str(path),
        str(name),
        str(sha),
        str(file_sha),
        str(fmt),
        str(added),
        str(language),
        int(words),
        int(chars),
        int(size),
        labels,
    )


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


def _part(part: int, parts: int) -> tuple[int, int]:
    """The ``part``-th of ``parts`` equal ranges of signed 64-bit fingerprints (inclusive);
    fingerprints are uniform hashes, so each holds about as many keys as another."""
    span = 1 << 64
    lo = -(1 << 63) + span * part // parts
    hi = -(1 << 63) + span * (part + 1) // parts - 1
    return lo, hi
