"""Web pages kept in the archive: the page cache of checks run with an archive (issue 19), so
a department sharing one archive downloads a page once for everyone.

It lives with the web (issue 33): the archive knows documents only and lends its database;
page caching, like its rows and limits (:mod:`.cache`), belongs here. An import contract
keeps the archive from importing the web again.

One table, ``web_pages``, made on first use (not by the schema's version: an archive that
never cached a page is unchanged, and an older CopyLens, which does not know the table, still
opens the archive). Same rows and rules as the user's own cache
(:class:`copylens.core.web.cache.PageCache`): keyed by normalized address, bodies compressed,
the least recently used pages beyond the limit go first.

What must hold: the cache never fails a check. An archive that cannot be written (read-only,
busy, full) is not used as a cache for that run, with a warning in the log; each write is one
transaction, so a killed process leaves every page written before.
"""

from __future__ import annotations

import logging
import threading
import time
import zlib
from collections.abc import Sequence
from typing import Any

from copylens.core.archive.store import Archive
from copylens.core.errors import ArchiveError
from copylens.core.web.cache import COLUMNS, DEFAULT_MAX_BYTES, CachedPage, page_of, row_of

log = logging.getLogger(__name__)

TABLE = (
    "CREATE TABLE IF NOT EXISTS web_pages (url text PRIMARY KEY, final_url text NOT NULL, "
    "fetched text NOT NULL, checked double precision NOT NULL, used double precision NOT NULL, "
    "etag text, last_modified text, content_type text NOT NULL, charset text, name text NOT NULL, "
    "size bigint NOT NULL, data bytea NOT NULL)"
)
"""The same statement on SQLite and PostgreSQL (SQLite takes any type name)."""


class ArchivePages:
    """The page cache in ``archive`` (the methods of ``PageCache`` that downloads use).
    Safe from several threads: one statement at a time on the archive's connection."""

    def __init__(self, archive: Archive, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.archive = archive
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._usable = True
        self._write([(TABLE, ())])

    def get(self, url: str) -> CachedPage | None:
        """The copy stored for ``url``, or None."""
        rows = self._read(f"SELECT {COLUMNS} FROM web_pages WHERE url = ?", (url,))
        if not rows:
            return None
        try:
            page = page_of(rows[0])
        except (zlib.error, TypeError, ValueError):
            log.warning("archive %s: a damaged copy of %s is ignored", self.archive.location, url)
            return None
        self._write([("UPDATE web_pages SET used = ? WHERE url = ?", (time.time(), url))])
        return page

    def put(self, url: str, page: CachedPage) -> None:
        """Stores ``page`` as ``url``'s copy (replacing any), then evicts beyond the limit."""
        row = row_of(url, page, time.time())
        self._write(
            [
                ("DELETE FROM web_pages WHERE url = ?", (url,)),
                ("INSERT INTO web_pages VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", row),
                (
                    "DELETE FROM web_pages WHERE url IN (SELECT url FROM (SELECT url, SUM(size) "
                    "OVER (ORDER BY used DESC, url) AS total FROM web_pages) AS t "
                    "WHERE total > ?)",
                    (self.max_bytes,),
                ),
            ]
        )

    def confirm(self, url: str, fetched: str, checked: float) -> None:
        """Records that the server confirmed ``url``'s copy unchanged at ``checked``."""
        sql = "UPDATE web_pages SET fetched = ?, checked = ?, used = ? WHERE url = ?"
        self._write([(sql, (fetched, checked, checked, url))])

    def urls(self) -> list[str]:
        """Every stored address, the most recently used first."""
        rows = self._read("SELECT url FROM web_pages ORDER BY used DESC", ())
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        """Nothing to close: the archive stays open for its owner."""

    def _read(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        with self._lock:
            if not self._usable:
                return []
            try:
                return self.archive._execute(sql, params)
            except ArchiveError as error:
                self._give_up(error)
                return []

    def _write(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> bool:
        """Runs ``statements`` in one transaction; False (and the cache given up) if the
        archive refused."""
        with self._lock:
            if not self._usable:
                return False
            try:
                with self.archive._transaction():
                    for sql, params in statements:
                        self.archive._execute(sql, params)
            except ArchiveError as error:
                self._give_up(error)
                return False
            return True

    def _give_up(self, error: ArchiveError) -> None:
        log.warning("archive %s not used as the page cache: %s", self.archive.location, error)
        self._usable = False
