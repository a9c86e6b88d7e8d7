"""PostgreSQL: a department's archive on a server many machines use at once (psycopg 3).

An optional extra (``pip install copylens[postgres]``): psycopg is imported only when an
archive URL is opened. The database should be the archive's own; an empty one is made an
archive on first add, one holding other tables is refused untouched.

What must hold: as for SQLite (``copylens.core.archive.sqlite``), each batch is one
transaction; concurrent adders never duplicate a text (the ``sha256`` unique key, ``ON
CONFLICT DO NOTHING``: the second waits for the first's commit, then skips); readers never
wait. Index lookups are one statement per query (``LATERAL``, at most ``limit`` documents per
fingerprint), so a check on another machine pays one round trip, not one per fingerprint.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from copylens.core.archive.store import Archive, Dialect
from copylens.core.errors import ArchiveError, ArchiveMissing, ArchiveWriteFailed
from copylens.core.options import Options

_CREATING = 0x436C6E73
"""The advisory lock that one process creating the archive holds ("Clns")."""
DIALECT = Dialect(
    serial="bigserial PRIMARY KEY",
    key="bigint PRIMARY KEY",
    run="bigserial PRIMARY KEY",
    integer="bigint",
    blob="bytea",
    clustered="",
)
"""PostgreSQL's words for the archive's types."""


class PostgresArchive(Archive):
    dialect = DIALECT

    def __init__(self, url: str, options: Options | None, create: bool) -> None:
        self.location = _without_password(url)
        self.damaged: dict[int, str] = {}
        try:
            import psycopg
        except ImportError:
            raise ArchiveError(
                "a PostgreSQL archive needs the psycopg package: pip install 'copylens[postgres]'"
            ) from None
        self._psycopg = psycopg
        try:
            self._db = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.Error as error:
            raise ArchiveError(
                "cannot connect to the archive {location} ({detail})",
                location=self.location,
                detail=_first_line(error),
            ) from None
        try:
            self._open(options, create)
        except BaseException:
            self._db.close()
            raise

    def _open(self, options: Options | None, create: bool) -> None:
        tables = {
            str(r[0])
            for r in self._execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
        }
        if not tables:
            if not create:
                raise ArchiveMissing("there is no archive at {location}", location=self.location)
            self._initialise(options)
        elif "archive_settings" not in tables or self._setting("format") is None:
            raise ArchiveError(
                "{location} holds other tables, not a CopyLens archive", location=self.location
            )
        else:
            self._check_version()

    def _create_tables(self) -> None:
        for statement in self._schema():
            self._execute(statement)

    def _last_id(self, table: str) -> int:
        [(sequence,)] = self._execute("SELECT pg_get_serial_sequence(?, 'id')", (table,))
        rows = self._execute(f"SELECT last_value, is_called FROM {sequence}")
        return int(rows[0][0]) if rows and rows[0][1] else 0

    def _continue_ids(self, table: str, last: int) -> None:
        self._execute(
            f"SELECT setval(pg_get_serial_sequence(?, 'id'), "
            f"greatest(?, (SELECT coalesce(max(id), 0) FROM {table}), 1), "
            f"greatest(?, (SELECT coalesce(max(id), 0) FROM {table})) > 0)",
            (table, last, last),
        )

    def _created_meanwhile(self) -> bool:
        """Creators of the database's archive wait for each other (an advisory lock, released
        at the end of the transaction), then see what the first one made."""
        self._execute("SELECT pg_advisory_xact_lock(?)", (_CREATING,))
        return bool(
            self._execute(
                "SELECT count(*) FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )[0][0]
        )

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._errors():
            cursor = self._db.execute(sql.replace("?", "%s"), tuple(params))
            return cursor.fetchall() if cursor.description is not None else []

    def _execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._errors(), self._db.cursor() as cursor:
            cursor.executemany(sql.replace("?", "%s"), list(rows))

    def _insert_run(self, run: int, fingerprints: np.ndarray, documents: np.ndarray) -> None:
        self._execute(
            "INSERT INTO anchors (run, fingerprint, document) "
            "SELECT ?, unnest(?::bigint[]), unnest(?::bigint[])",
            (run, fingerprints.tolist(), documents.tolist()),
        )

    def _lookup(
        self, fingerprints: np.ndarray, runs: list[int], limit: int
    ) -> tuple[np.ndarray, np.ndarray]:
        rows = self._execute(
            "SELECT q.n, a.document FROM unnest(?::bigint[]) WITH ORDINALITY AS q(fp, n) "
            "CROSS JOIN LATERAL (SELECT document FROM anchors WHERE run = ANY(?) "
            "AND fingerprint = q.fp LIMIT ?) a",
            (fingerprints.view(np.int64).tolist(), runs, limit),
        )
        if not rows:
            empty = np.empty(0, dtype=np.int64)
            return empty, empty
        found = np.asarray(rows, dtype=np.int64)
        return found[:, 0] - 1, found[:, 1]

    def _lock_runs(self) -> None:
        """Merges and new runs wait for each other (two adders on two machines must not merge
        the same runs); readers never wait."""
        self._execute("LOCK TABLE runs IN SHARE ROW EXCLUSIVE MODE")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._errors(), self._db.transaction():
            yield

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        with self._errors(), self._db.transaction():
            self._db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            yield

    @contextmanager
    def _errors(self) -> Iterator[None]:
        psycopg = self._psycopg
        try:
            yield
        except psycopg.errors.ReadOnlySqlTransaction:
            raise ArchiveWriteFailed(
                "the archive {location} is read-only; nothing was added", location=self.location
            ) from None
        except psycopg.errors.DiskFull:
            raise ArchiveWriteFailed(
                "the disk holding the archive {location} is full; what was added before is kept",
                location=self.location,
            ) from None
        except psycopg.errors.InsufficientPrivilege as error:
            raise ArchiveWriteFailed(
                "the archive {location} cannot be written ({detail})",
                location=self.location,
                detail=_first_line(error),
            ) from None
        except psycopg.Error as error:
            raise ArchiveError(
                "the archive {location} cannot be used ({detail})",
                location=self.location,
                detail=_first_line(error),
            ) from None

    def disk_bytes(self) -> int:
        return int(self._execute("SELECT pg_database_size(current_database())")[0][0])

    def close(self) -> None:
        self._db.close()


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _without_password(url: str) -> str:
    """The URL as shown to the user: a password in it is replaced by ``***``."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    credentials, _, host = rest.rpartition("@")
    user, colon, _password = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"
