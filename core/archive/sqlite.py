"""SQLite: the archive in one file on this machine (the standard library's ``sqlite3``).

What must hold:

* a file that is not an archive (a text file, another program's SQLite database) is refused
  before anything is written to it: the header's magic and ``PRAGMA application_id`` are read
  first, and the WAL journal mode is set only on a file known to be ours or new;
* WAL mode, ``synchronous=NORMAL``: a killed process loses at most its open transaction,
  readers (a check) never wait for a writer (an add); a second writer waits up to
  :data:`BUSY_SECONDS` for the lock, then gets :class:`ArchiveBusy`;
* a read-only file or a full disk ends the command with :class:`ArchiveWriteFailed`, the
  transaction being written rolled back, the archive still valid.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import repeat
from pathlib import Path
from typing import Any

import numpy as np

from copylens.core.archive.store import SCHEMA_VERSION, Archive, Dialect
from copylens.core.errors import ArchiveBusy, ArchiveError, ArchiveMissing, ArchiveWriteFailed
from copylens.core.options import Options

APPLICATION_ID = 0x436C6E73
"""``PRAGMA application_id`` of a CopyLens archive ("Clns")."""
BUSY_SECONDS = 60.0
"""How long a writer waits for another one's transaction before giving up."""
CACHE_KIB = 64 * 1024
"""SQLite's page cache per connection (its default is 2 MB): merges and lookups of a large
archive touch many index pages."""
_MAGIC = b"SQLite format 3\x00"

DIALECT = Dialect(
    serial="INTEGER PRIMARY KEY AUTOINCREMENT",
    key="INTEGER PRIMARY KEY",
    run="INTEGER PRIMARY KEY",
    integer="INTEGER",
    blob="BLOB",
    clustered=" WITHOUT ROWID",
)
"""SQLite's words for the archive's types: ``INTEGER PRIMARY KEY`` is the row id (no index of
its own), ``AUTOINCREMENT`` never gives a removed record's id again."""


class SQLiteArchive(Archive):
    dialect = DIALECT

    def __init__(self, path: Path, options: Options | None, create: bool) -> None:
        self.location = str(path)
        self.damaged: dict[int, str] = {}
        self.path = path
        kind = _kind(path)
        if kind == "missing" and not create:
            raise ArchiveMissing("there is no archive at {location}", location=self.location)
        if kind == "foreign":
            raise ArchiveError(
                "{location} is not a CopyLens archive (it is not an SQLite database)",
                location=self.location,
            )
        self._db = _connect(path, self.location)
        try:
            self._open(options, create)
        except BaseException:
            self._db.close()
            raise

    def _open(self, options: Options | None, create: bool) -> None:
        application, tables = self._identity()
        if application == 0 and tables == 0:
            if not create:
                raise ArchiveMissing("there is no archive at {location}", location=self.location)
            self._wal()
            self._initialise(options)
        elif application != APPLICATION_ID:
            raise ArchiveError(
                "{location} is an SQLite database of another program, not a CopyLens archive",
                location=self.location,
            )
        else:
            self._wal()
            self._check_version()
        self._pragma("PRAGMA synchronous=NORMAL")
        self._pragma(f"PRAGMA cache_size=-{CACHE_KIB}")

    def _identity(self) -> tuple[int, int]:
        try:
            application, tables = (
                int(value)
                for value in self._db.execute(  # one statement: one state of the file
                    "SELECT (SELECT application_id FROM pragma_application_id), "
                    "(SELECT count(*) FROM sqlite_master)"
                ).fetchone()
            )
        except sqlite3.OperationalError as error:  # locked, or cannot be opened where it is
            raise _translated(error, self.location) from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            # a damaged schema's text that is not UTF-8 fails in decoding SQLite's message
            raise ArchiveError(
                "{location} is not a CopyLens archive ({detail})",
                location=self.location,
                detail=_detail(error),
            ) from None
        return application, tables

    def _wal(self) -> None:
        """WAL mode. Two processes switching a new file at the same moment: SQLite answers one
        "locked" at once, without waiting (it cannot wait there), so that one tries again, for
        up to :data:`BUSY_SECONDS`."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except UnicodeDecodeError as error:
                raise ArchiveError(
                    "{location} is damaged ({detail})",
                    location=self.location,
                    detail=_detail(error),
                ) from None
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise _translated(error, self.location) from None
            time.sleep(0.01)

    def _pragma(self, statement: str) -> None:
        with self._errors():
            self._db.execute(statement)

    def _create_tables(self) -> None:
        for statement in self._schema():
            self._execute(statement)
        self._execute(f"PRAGMA application_id = {APPLICATION_ID}")
        self._execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _last_id(self, table: str) -> int:
        rows = self._execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,))
        return int(rows[0][0]) if rows and isinstance(rows[0][0], int) else 0

    def _continue_ids(self, table: str, last: int) -> None:
        """``sqlite_sequence`` holds the last id given (rows inserted with their ids raised
        it already); a table renamed keeps its row there."""
        if self._execute("SELECT 1 FROM sqlite_sequence WHERE name = ?", (table,)):
            self._execute(
                "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", (last, table)
            )
        else:
            self._execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (table, last))

    def _created_meanwhile(self) -> bool:
        """BEGIN IMMEDIATE waited for any other writer: its tables are seen now."""
        return bool(self._execute("SELECT count(*) FROM sqlite_master")[0][0])

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._errors():
            return self._db.execute(sql, tuple(params)).fetchall()

    def _execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._errors():
            self._db.executemany(sql, rows)

    def _insert_run(self, run: int, fingerprints: np.ndarray, documents: np.ndarray) -> None:
        self._execute_many(
            "INSERT INTO anchors (run, fingerprint, document) VALUES (?, ?, ?)",
            zip(repeat(run), fingerprints.tolist(), documents.tolist()),
        )

    def _lookup(
        self, fingerprints: np.ndarray, runs: list[int], limit: int
    ) -> tuple[np.ndarray, np.ndarray]:
        at: list[int] = []
        documents: list[int] = []
        marks = ", ".join(str(r) for r in runs)
        statement = (
            f"SELECT document FROM anchors WHERE run IN ({marks}) AND fingerprint = ? LIMIT ?"
        )
        with self._errors():
            for n, key in enumerate(fingerprints.view(np.int64).tolist()):
                found = self._db.execute(statement, (key, limit)).fetchall()
                at += [n] * len(found)
                documents += [row[0] for row in found]
        return np.asarray(at, dtype=np.int64), np.asarray(documents, dtype=np.int64)

    def _lock_runs(self) -> None:
        """Nothing to do: SQLite's write transactions (BEGIN IMMEDIATE) run one at a time."""

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.rollback()
            raise
        with self._errors():
            self._db.execute("COMMIT")

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        """A deferred transaction: in WAL mode its reads see the archive as of its first."""
        with self._errors():
            self._db.execute("BEGIN")
        try:
            yield
        finally:
            self._db.rollback()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite's errors as the user's: busy, read-only, full, damaged."""
        try:
            yield
        except sqlite3.OperationalError as error:
            raise _translated(error, self.location) from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            raise ArchiveError(
                "{location} is damaged ({detail})", location=self.location, detail=_detail(error)
            ) from None

    def integrity(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: "ok" for a sound file."""
        return str(self._execute("PRAGMA integrity_check")[0][0])

    def disk_bytes(self) -> int:
        files = [self.path, Path(f"{self.path}-wal")]
        return sum(f.stat().st_size for f in files if f.exists())

    def close(self) -> None:
        self._db.close()


def _text(value: bytes) -> str:
    return value.decode("utf-8", "surrogateescape")


def _detail(error: Exception) -> str:
    """SQLite's reason, or for text that is not UTF-8 where SQLite keeps names and messages,
    that (the bytes would not decode to be shown)."""
    if isinstance(error, UnicodeDecodeError):
        return "its schema or a name is not UTF-8 text"
    return str(error)


def _kind(path: Path) -> str:
    """ "missing", "empty" (0 bytes), "sqlite" or "foreign", from the file's first bytes."""
    try:
        with path.open("rb") as f:
            head = f.read(len(_MAGIC))
    except FileNotFoundError:
        return "missing"
    except OSError as error:
        raise ArchiveError(
            "cannot open the archive {location} ({detail})", location=str(path), detail=error
        ) from None
    if not head:
        return "empty"
    return "sqlite" if head == _MAGIC else "foreign"


def _connect(path: Path, location: str) -> sqlite3.Connection:
    try:
        db = sqlite3.connect(
            path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        # a damaged text column's bytes that are not UTF-8 are kept (escaped), not a crash:
        # the record is then checked and skipped like any other damaged one
        db.text_factory = _text
        return db
    except sqlite3.Error as error:
        raise ArchiveError(
            "cannot open the archive {location} ({detail})", location=location, detail=error
        ) from None


def _translated(error: sqlite3.OperationalError, location: str) -> ArchiveError:
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return ArchiveBusy(
            "the archive {location} is busy: another program has been writing to it for over "
            "{seconds} s; try again when it is done",
            location=location,
            seconds=f"{BUSY_SECONDS:g}",
        )
    if "unable to open" in text and not os.access(Path(location).parent, os.W_OK):
        return ArchiveWriteFailed(
            "the archive {location} is in a read-only folder: SQLite must write its journal "
            "beside it; nothing was changed",
            location=location,
        )
    if "readonly" in text or "read-only" in text:
        return ArchiveWriteFailed(
            "the archive {location} is read-only; nothing was added", location=location
        )
    if "full" in text:
        return ArchiveWriteFailed(
            "the disk holding the archive {location} is full; what was added before is kept",
            location=location,
        )
    return ArchiveError(
        "the archive {location} cannot be used ({detail})", location=location, detail=error
    )
