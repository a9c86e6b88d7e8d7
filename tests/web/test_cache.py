"""The page cache (core/web/cache.py): a re-check does not download again, old copies are
revalidated, the file survives a killed process and damage, its size is bounded."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from copylens.core.documents import WebPage
from copylens.core.web.address import normalized
from copylens.core.web.cache import (
    FRESH_SECONDS,
    CachedPage,
    PageCache,
    default_cache_path,
)
from copylens.core.web.fetch import FetchSettings, fetch_pages
from tests.web.webserver import (
    Handler,
    WebServer,
    page,
    redirect,
    send,
)

FAST = FetchSettings(allow_local=True, connect_seconds=60.0, read_seconds=60.0, page_seconds=120.0)
"""Limits that only end a hang (a loaded machine once took over 1 s to connect to 127.0.0.1)."""


def copy(data: bytes = b"<p>old</p>", checked: float | None = None, **fields: str) -> CachedPage:
    checked = time.time() if checked is None else checked
    values = {
        "final_url": "https://example.com/a",
        "fetched": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(checked)),
        "etag": None,
        "last_modified": None,
        "content_type": "text/html",
        "charset": "utf-8",
        "name": "page.html",
        **fields,
    }
    return CachedPage(checked=checked, data=data, **values)  # type: ignore[arg-type]


def get(url: str, cache: PageCache, settings: FetchSettings = FAST) -> WebPage:
    (result,) = fetch_pages([url], settings, cache)
    assert isinstance(result, WebPage), result
    return result


def versioned(body: bytes, etag: str) -> object:
    """A page with an ETag that answers 304 to a matching If-None-Match."""

    def respond(handler: Handler) -> None:
        if handler.headers.get("If-None-Match") == etag:
            send(handler, 304, b"", {"ETag": etag})
        else:
            send(handler, 200, body, {"Content-Type": "text/html", "ETag": etag})

    return respond


# --------------------------------------------------------------------------- with the server


def test_a_re_check_does_not_download_again(web_server: WebServer, tmp_path: Path) -> None:
    body = "<p>кэш</p>".encode()
    url = web_server.route("/cached.html", page(body, "text/html; charset=utf-8"))
    with PageCache(tmp_path / "pages.sqlite") as cache:
        first = get(url, cache)
        second = get(url, cache)
    with PageCache(tmp_path / "pages.sqlite") as cache:  # another run, another process
        third = get(url, cache)
    assert first.data == second.data == third.data == body
    assert first.fetched == second.fetched == third.fetched
    assert (third.charset, third.name, third.final_url) == ("utf-8", "page.html", url)
    assert len(web_server.requests("/cached.html")) == 1
    assert len(web_server.requests()) == 2  # and robots.txt once


def test_a_redirected_page_is_cached_under_the_address_given(
    web_server: WebServer, tmp_path: Path
) -> None:
    web_server.route("/moved.html", page(b"<p>here</p>", "text/html"))
    url = web_server.route("/old", redirect("/moved.html"))
    with PageCache(tmp_path / "pages.sqlite") as cache:
        first = get(url, cache)
        second = get(url, cache)
        assert cache.urls() == [normalized(url)]
    assert first.final_url == second.final_url == web_server.url("/moved.html")
    assert len(web_server.requests("/old")) == 1


def test_an_old_copy_is_revalidated_and_a_304_keeps_it(
    web_server: WebServer, tmp_path: Path
) -> None:
    url = web_server.route("/etag.html", versioned(b"<p>new</p>", '"v1"'))  # type: ignore[arg-type]
    old = time.time() - FRESH_SECONDS - 60
    with PageCache(tmp_path / "pages.sqlite") as cache:
        cache.put(normalized(url), copy(b"<p>kept</p>", old, final_url=url, etag='"v1"'))
        result = get(url, cache)
        assert result.data == b"<p>kept</p>"
        stored = cache.get(normalized(url))
    assert stored is not None and stored.fresh() and stored.fetched == result.fetched
    assert result.fetched > copy(checked=old).fetched
    (request,) = web_server.requests("/etag.html")
    assert request.headers["If-None-Match"] == '"v1"'


def test_a_changed_page_replaces_the_old_copy(web_server: WebServer, tmp_path: Path) -> None:
    url = web_server.route("/etag.html", versioned(b"<p>v2</p>", '"v2"'))  # type: ignore[arg-type]
    old = time.time() - FRESH_SECONDS - 60
    modified = "Wed, 21 Oct 2026 07:28:00 GMT"
    with PageCache(tmp_path / "pages.sqlite") as cache:
        key = normalized(url)
        cache.put(key, copy(b"<p>v1</p>", old, final_url=url, etag='"v1"', last_modified=modified))
        assert get(url, cache).data == b"<p>v2</p>"
        stored = cache.get(key)
    assert stored is not None and (stored.data, stored.etag) == (b"<p>v2</p>", '"v2"')
    (request,) = web_server.requests("/etag.html")
    assert request.headers["If-Modified-Since"] == modified


def test_refresh_downloads_again_and_stores_the_new_copy(
    web_server: WebServer, tmp_path: Path
) -> None:
    url = web_server.route("/fresh.html", page(b"<p>now</p>", "text/html", ETag='"x"'))
    refresh = FetchSettings(**{**FAST.__dict__, "refresh": True})
    with PageCache(tmp_path / "pages.sqlite") as cache:
        cache.put(normalized(url), copy(b"<p>then</p>", final_url=url, etag='"x"'))
        assert get(url, cache).data == b"<p>then</p>"  # fresh: no request
        assert get(url, cache, refresh).data == b"<p>now</p>"
        assert get(url, cache).data == b"<p>now</p>"
    (request,) = web_server.requests("/fresh.html")
    assert "If-None-Match" not in request.headers


def test_failures_are_not_cached(web_server: WebServer, tmp_path: Path) -> None:
    url = web_server.url("/missing.html")
    with PageCache(tmp_path / "pages.sqlite") as cache:
        for _ in range(2):
            assert fetch_pages([url], FAST, cache)[0].error == "the server answered 404 Not Found"  # type: ignore[union-attr]
        assert cache.urls() == []
    assert len(web_server.requests("/missing.html")) == 2


# --------------------------------------------------------------------------- the file


def test_copies_round_trip_and_the_least_recently_used_go_first(tmp_path: Path) -> None:
    with PageCache(tmp_path / "pages.sqlite", max_bytes=2500) as cache:
        for name in "abc":
            cache.put(f"https://example.com/{name}", copy(os.urandom(1000)))
            time.sleep(0.01)
        assert cache.urls() == ["https://example.com/c", "https://example.com/b"]
        first = cache.get("https://example.com/b")  # used: now more recent than c
        time.sleep(0.01)
        cache.put("https://example.com/d", copy(b"x" * 1000))
        assert cache.urls() == ["https://example.com/d", "https://example.com/b"]
    assert first is not None and len(first.data) == 1000 and first.charset == "utf-8"


def test_the_data_is_stored_compressed(tmp_path: Path) -> None:
    path = tmp_path / "pages.sqlite"
    with PageCache(path) as cache:
        cache.put("https://example.com/a", copy(b"repeat " * 100_000))
    with sqlite3.connect(path) as db:
        (stored,) = db.execute("SELECT length(data) FROM pages").fetchone()
    assert stored < 10_000


def test_a_damaged_file_is_set_aside_and_a_new_one_made(tmp_path: Path) -> None:
    path = tmp_path / "pages.sqlite"
    path.write_bytes(b"this is no database " * 1000)
    with PageCache(path) as cache:
        cache.put("https://example.com/a", copy())
        assert cache.get("https://example.com/a") is not None
    aside = list(tmp_path.glob("pages.sqlite.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is no database")


def test_a_file_damaged_while_open_is_replaced_without_failing(tmp_path: Path) -> None:
    path = tmp_path / "pages.sqlite"
    with PageCache(path) as cache:
        for n in range(50):
            cache.put(f"https://example.com/{n}", copy(os.urandom(3000)))
    with path.open("r+b") as file:  # wreck everything after the first page
        file.seek(4096)
        file.write(b"\xde\xad" * 50_000)
    with PageCache(path) as cache:
        assert cache.get("https://example.com/7") is None
        cache.put("https://example.com/new", copy())
        assert cache.get("https://example.com/new") is not None
    assert list(tmp_path.glob("pages.sqlite.damaged-*"))


def test_an_unusable_place_means_no_cache_not_a_failure(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with PageCache(blocker / "pages.sqlite") as cache:
        cache.put("https://example.com/a", copy())
        assert cache.get("https://example.com/a") is None
        assert cache.urls() == []


def test_a_killed_process_leaves_every_written_page(tmp_path: Path) -> None:
    path = tmp_path / "pages.sqlite"
    script = (
        "import os, signal, sys, time\n"
        "from copylens.core.web.cache import CachedPage, PageCache\n"
        "cache = PageCache(sys.argv[1])\n"
        "for n in range(20):\n"
        "    page = CachedPage('u', 't', time.time(), None, None, 'text/html', None,"
        " 'page.html', b'x' * 10000)\n"
        "    cache.put(f'https://example.com/{n}', page)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    done = subprocess.run([sys.executable, "-c", script, str(path)], env=env, timeout=300)
    assert done.returncode == -9
    with PageCache(path) as cache:
        assert len(cache.urls()) == 20
        page = cache.get("https://example.com/19")
    assert page is not None and page.data == b"x" * 10000


def test_the_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COPYLENS_WEB_CACHE", str(tmp_path / "mine.sqlite"))
    assert default_cache_path() == tmp_path / "mine.sqlite"
    monkeypatch.delenv("COPYLENS_WEB_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_cache_path() == tmp_path / "xdg" / "CopyLens" / "pages.sqlite"
    assert default_cache_path().name == "pages.sqlite"
