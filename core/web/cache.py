"""The page cache: pages downloaded before, in one SQLite file, so a re-check asks again only
when a copy is old, and then conditionally (ETag / Last-Modified).

What must hold:

* Keys are normalized addresses (:func:`copylens.core.web.address.normalized`) as given by the
  caller, not where redirects ended.
* Each write is one transaction in WAL mode: a process killed at any moment leaves the file
  readable with every page written before.
* The cache never fails a run: a file SQLite cannot read is moved aside (``.damaged-<time>``)
  and a new one made; a cache that cannot be opened or written at all (read-only folder, disk
  full, locked by another program for longer than :data:`BUSY_SECONDS`) is skipped, with a
  warning in the log.
* The stored pages' bodies add up to at most ``max_bytes``: the least recently used go first.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from copylens.core.inflate import inflate

log = logging.getLogger(__name__)

FRESH_SECONDS = 24 * 3600
"""A copy younger than this is used without asking the server."""
DEFAULT_MAX_BYTES = 1 << 30
BUSY_SECONDS = 2.0
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS pages (
    url TEXT PRIMARY KEY,
    final_url TEXT NOT NULL,
    fetched TEXT NOT NULL,
    checked REAL NOT NULL,
    used REAL NOT NULL,
    etag TEXT,
    last_modified TEXT,
    content_type TEXT NOT NULL,
    charset TEXT,
    name TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL
)
"""
COLUMNS = (
    "final_url, fetched, checked, etag, last_modified, content_type, charset, name, data, size"
)
MAX_PAGE_BYTES = 50 * 1024 * 1024
"""Largest stored body read back (the downloads' own limit, ``FetchSettings.max_bytes``): a
row claiming more, or whose body inflates beyond its stored size, is damaged (issue 38)."""


@dataclass(frozen=True)
class CachedPage:
    """A stored page. ``checked``: when the server last gave or confirmed it (Unix time);
    ``fetched`` the same as ISO 8601 UTC text; ``data`` the body, decompressed."""

    final_url: str
    fetched: str
    checked: float
    etag: str | None
    last_modified: str | None
    content_type: str
    charset: str | None
    name: str
    data: bytes = field(repr=False)

    def fresh(self, now: float | None = None) -> bool:
        """Whether the copy is young enough to use without asking the server."""
        return (time.time() if now is None else now) - self.checked < FRESH_SECONDS


class PageStore(Protocol):
    """Where downloads keep pages: :class:`PageCache` (a file of the user's), or the archive
    of a run (:class:`copylens.core.web.archive_pages.ArchivePages`). Neither ever raises."""

    def get(self, url: str) -> CachedPage | None: ...

    def put(self, url: str, page: CachedPage) -> None: ...

    def confirm(self, url: str, fetched: str, checked: float) -> None: ...

    def close(self) -> None: ...


def default_cache_path() -> Path:
    """``COPYLENS_WEB_CACHE`` if set, else ``pages.sqlite`` in the user's cache folder."""
    override = os.environ.get("COPYLENS_WEB_CACHE")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("CopyLens", appauthor=False)) / "pages.sqlite"


class PageCache:
    """Pages by normalized address in the SQLite file ``path`` (made, with its folder, if
    missing). Safe to use from several threads; :meth:`close` when done."""

    def __init__(self, path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._db = _open(self.path)

    def __enter__(self) -> PageCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Closes the file (later calls find nothing and store nothing)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def get(self, url: str) -> CachedPage | None:
        """The copy stored for ``url``, or ``None``."""
        rows = self._run(f"SELECT {COLUMNS} FROM pages WHERE url = ?", (url,))
        if not rows:
            return None
        try:
            page = page_of(rows[0])
        except (zlib.error, TypeError, ValueError):
            log.warning("page cache %s: a damaged copy of %s is ignored", self.path, url)
            return None
        self._run("UPDATE pages SET used = ? WHERE url = ?", (time.time(), url))
        return page

    def put(self, url: str, page: CachedPage) -> None:
        """Stores ``page`` as ``url``'s copy (replacing any), then evicts beyond the limit."""
        values = row_of(url, page, time.time())
        self._run("INSERT OR REPLACE INTO pages VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", values)
        self._evict()

    def confirm(self, url: str, fetched: str, checked: float) -> None:
        """Records that the server confirmed ``url``'s copy unchanged at ``checked``."""
        sql = "UPDATE pages SET fetched = ?, checked = ?, used = ? WHERE url = ?"
        self._run(sql, (fetched, checked, checked, url))

    def urls(self) -> list[str]:
        """Every stored address, the most recently used first."""
        return [str(row[0]) for row in self._run("SELECT url FROM pages ORDER BY used DESC", ())]

    def _evict(self) -> None:
        """Deletes the least recently used pages beyond ``max_bytes``."""
        self._run(
            "DELETE FROM pages WHERE url IN (SELECT url FROM (SELECT url, SUM(size) OVER "
            "(ORDER BY used DESC, url) AS total FROM pages) WHERE total > ?)",
            (self.max_bytes,),
        )

    def _run(self, sql: str, params: tuple[object, ...]) -> list[tuple[object, ...]]:
        """Runs one statement in its own transaction. On a database error answers as if
        nothing were stored: a busy or unwritable file is logged, a damaged one replaced."""
        with self._lock:
            if self._db is None:
                return []
            try:
                with self._db:
                    return list(self._db.execute(sql, params))
            except sqlite3.OperationalError as error:
                log.warning("page cache %s not used: %s", self.path, error)
            except sqlite3.DatabaseError as error:
                self._db.close()
                self._db = _open(self.path) if _set_aside(self.path, error) else None
            return []


def row_of(url: str, page: CachedPage, used: float) -> tuple[object, ...]:
    """The stored row of ``page`` (the table's columns in order; its body compressed), last
    used at ``used``: the same in the user's cache and in an archive's."""
    return (
        url,
        page.final_url,
        page.fetched,
        page.checked,
        used,
        page.etag,
        page.last_modified,
        page.content_type,
        page.charset,
        page.name,
        len(page.data),
        zlib.compress(page.data, 6),
    )


def page_of(row: Sequence[object]) -> CachedPage:
    """The page of a row of :data:`COLUMNS` (``TypeError`` or ``ValueError`` if a value is
    of the wrong kind, or the body is damaged or inflates beyond its stored ``size``: never
    more than that, at most :data:`MAX_PAGE_BYTES`, is decompressed)."""
    final_url, fetched, checked, etag, modified, content_type, charset, name, data, size = row
    if not isinstance(data, bytes | memoryview) or not isinstance(checked, float | int):
        raise TypeError("a damaged row")
    if type(size) is not int or not 0 <= size <= MAX_PAGE_BYTES:
        raise ValueError("a damaged row (its size)")
    body = inflate(bytes(data), size)
    if len(body) != size:
        raise ValueError("a damaged row (its body is not its size)")
    return CachedPage(
        final_url=str(final_url),
        fetched=str(fetched),
        checked=float(checked),
        etag=None if etag is None else str(etag),
        last_modified=None if modified is None else str(modified),
        content_type=str(content_type),
        charset=None if charset is None else str(charset),
        name=str(name),
        data=body,
    )


def _open(path: Path) -> sqlite3.Connection | None:
    """The cache database at ``path``; a damaged file is moved aside and replaced once;
    ``None`` (no cache) if even a new file cannot be made."""
    for attempt in range(2):
        try:
            return _connect(path)
        except sqlite3.OperationalError as error:  # busy, or no permission
            log.warning("page cache %s not used: %s", path, error)
        except sqlite3.DatabaseError as error:  # not a database, damaged, unknown version
            if attempt == 0 and _set_aside(path, error):
                continue
            log.warning("page cache %s not used: %s", path, error)
        except OSError as error:
            log.warning("page cache %s not used: %s", path, error)
        break
    return None


def _connect(path: Path) -> sqlite3.Connection:
    """Opens (or makes) the database and checks its schema version."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=BUSY_SECONDS, check_same_thread=False, isolation_level=None)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise sqlite3.DatabaseError(f"unknown page cache version {version}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute(_SCHEMA)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.close()
        raise
    db.isolation_level = "DEFERRED"
    return db


def _set_aside(path: Path, error: Exception) -> bool:
    """Moves a damaged cache file (and its WAL files) aside; whether it could."""
    if not path.exists():
        return False
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    log.warning("page cache %s is damaged (%s); moved to %s", path, error, aside)
    try:
        for suffix in ("-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                extra.replace(aside.with_name(aside.name + suffix))
        path.replace(aside)
    except OSError:
        return False
    return True
