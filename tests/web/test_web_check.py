"""Checks against the web, end to end: the engine and the ``copylens check`` command line with
``--url``, ``--url-list`` and ``--web``, against pages and a search provider's stand-in served
on 127.0.0.1 by real HTTP servers (``tests/web/webserver.py``, ``tests/web/searchserver.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from copylens.core import Cancelled, MoreSources, Options, WebRequest, check, provider_named
from tests.json_reports import body
from tests.web.searchserver import KEY, SearchServer
from tests.web.webserver import WebServer, page, redirect, silent, status

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"
SOURCE = (SAMPLES / "source_ru.txt").read_text("utf-8")
COPY = SAMPLES / "copy_ru.txt"
QUICK = Options(workers=1)


def html(text: str, charset: str = "utf-8", meta: bool = True) -> bytes:
    head = f'<meta charset="{charset}">' if meta else ""
    paragraphs = "".join(f"<p>{line}</p>" for line in text.splitlines() if line.strip())
    return (
        f"<html><head>{head}<title>Источник</title></head><body><nav>Меню сайта</nav>"
        f"<article>{paragraphs}</article></body></html>"
    ).encode(charset)


def serve_source(server: WebServer, path: str = "/source.html") -> str:
    return server.route(path, page(html(SOURCE), "text/html; charset=utf-8"))


def local(*urls: str, **fields: object) -> WebRequest:
    return WebRequest(urls=urls, allow_local=True, cache="", **fields)  # type: ignore[arg-type]


def cli(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def test_a_page_by_address_is_a_source_with_its_address_and_time(web_server: WebServer) -> None:
    url = serve_source(web_server)
    report = check([COPY], [], QUICK, more=MoreSources(web=local(url)))
    assert not report.errors
    (source,) = report.documents[0].sources
    assert (source.path, source.url) == (url, url)
    assert source.fetched is not None and source.fetched.endswith("Z")
    assert source.containment > 0.8
    text = report.texts[source.key]
    assert "Меню сайта" not in text  # the page's main text, as for a local HTML file
    for f in source.fragments:  # offsets slice the page's extracted text
        assert text[f.source_start : f.source_end].strip()


def test_a_redirected_page_keeps_the_address_given_and_reports_where_it_ended(
    web_server: WebServer,
) -> None:
    target = serve_source(web_server, "/moved/here.html")
    given = web_server.route("/old.html", redirect(target, 301))
    report = check([COPY], [], QUICK, more=MoreSources(web=local(given)))
    (source,) = report.documents[0].sources
    assert (source.path, source.url) == (given, target)


def test_the_headers_charset_comes_before_the_pages_meta(web_server: WebServer) -> None:
    """The HTML standard's order (transport before ``<meta>``): a page saved in windows-1251
    whose template still declares KOI8-R reads right when the server says windows-1251."""
    body = html(SOURCE, "cp1251").replace(b'charset="cp1251"', b'charset="koi8-r"')
    url = web_server.route("/cp1251.html", page(body, "text/html; charset=windows-1251"))
    report = check([COPY], [], QUICK, more=MoreSources(web=local(url)))
    (source,) = report.documents[0].sources
    assert source.containment > 0.8
    first = SOURCE.split()[:6]
    assert " ".join(first) in report.texts[source.key]


def test_bad_addresses_are_errors_and_the_check_goes_on(
    web_server: WebServer, tmp_path: Path
) -> None:
    missing = web_server.route("/gone.html", status(404))
    source_file = tmp_path / "source.txt"
    source_file.write_text(SOURCE, encoding="utf-8")
    request = local(missing, "ftp://example.org/file.txt", "http://")
    report = check([COPY], [source_file], QUICK, more=MoreSources(web=request))
    assert [s.path for s in report.documents[0].sources] == [str(source_file)]
    errors = {e.path: e.error for e in report.errors}
    assert "404" in errors[missing]
    assert "http" in errors["ftp://example.org/file.txt"]
    assert len(errors) == 3


def test_local_addresses_are_refused_unless_allowed(web_server: WebServer) -> None:
    url = serve_source(web_server)
    report = check([COPY], [], QUICK, more=MoreSources(web=WebRequest(urls=(url,), cache="")))
    assert report.documents[0].sources == ()
    (error,) = report.errors
    assert error.path == url and "local" in error.error
    assert web_server.requests("/source.html") == []  # refused before any request


def test_a_page_that_is_a_given_source_is_reported_once(
    web_server: WebServer, tmp_path: Path
) -> None:
    source_file = tmp_path / "source.html"
    source_file.write_bytes(html(SOURCE))
    url = web_server.route("/same.html", page(html(SOURCE), "text/html"))
    report = check([COPY], [source_file], QUICK, more=MoreSources(web=local(url)))
    assert [s.path for s in report.documents[0].sources] == [str(source_file)]


def test_a_search_finds_the_page_and_sends_no_more_queries_than_allowed(
    web_server: WebServer, search_server: SearchServer
) -> None:
    url = serve_source(web_server)
    search_server.found = [url, "http://127.0.0.1:9/unreachable.html"]
    provider = provider_named("brave", KEY, endpoint=search_server.brave_url)
    report = check([COPY], [], QUICK, more=MoreSources(web=local(provider=provider, max_queries=2)))
    sources = report.documents[0].sources
    assert [s.url for s in sources] == [url]
    assert report.queries == len(search_server.queries("brave")) == 2
    assert [e.path for e in report.errors] == ["http://127.0.0.1:9/unreachable.html"]
    written = COPY.read_text("utf-8")
    for query in search_server.queries("brave"):  # the document's own words, unquoted
        assert '"' not in query
        assert all(word in written for word in query.split())


def test_a_refused_key_is_one_error_and_the_files_are_still_checked(
    search_server: SearchServer, tmp_path: Path
) -> None:
    source_file = tmp_path / "source.txt"
    source_file.write_text(SOURCE, encoding="utf-8")
    search_server.behaviour = "refused"
    provider = provider_named("brave", "wrong-key", endpoint=search_server.brave_url)
    report = check(
        [COPY], [source_file], QUICK, more=MoreSources(web=local(provider=provider, max_queries=5))
    )
    assert [s.path for s in report.documents[0].sources] == [str(source_file)]
    (error,) = report.errors
    assert error.path == "web search (Brave Search API)" and "key" in error.error
    assert len(search_server.received) == 1  # the others would fail too, and might cost


def test_a_cancelled_download_is_not_waited_out(web_server: WebServer) -> None:
    url = web_server.route("/slow.html", silent(30.0))
    asked = threading.Event()

    def progress(stage: str, done: int, total: int) -> None:
        if stage == "downloading":
            asked.set()

    threading.Timer(0.5, asked.set).start()
    with pytest.raises(Cancelled):
        check(
            [COPY],
            [],
            QUICK,
            progress=progress,
            cancel=asked.is_set,
            more=MoreSources(web=local(url)),
        )
    assert "/slow.html" not in web_server.answered  # the 30 s silence was not waited out


def test_cli_url_and_url_list_with_json(web_server: WebServer, tmp_path: Path) -> None:
    url = serve_source(web_server)
    missing = web_server.route("/missing.html", status(404))
    listing = tmp_path / "urls.txt"
    listing.write_text(f"# sources\n\n{missing}\n", encoding="utf-8")
    args = ("check", COPY, "--url", url, "--url-list", listing, "--allow-local-urls")
    result = cli(*args, "--format", "json", "--quiet")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    (source,) = data["documents"][0]["sources"]
    assert (source["path"], source["url"]) == (url, url)
    assert source["fetched"].endswith("Z")
    assert data["web_queries"] == 0
    assert [e["path"] for e in data["errors"]] == [missing]
    text = cli(*args, "--quiet")
    assert f"{url}  [web, fetched " in text.stdout


def test_cli_recheck_uses_the_cache(web_server: WebServer, tmp_path: Path) -> None:
    url = serve_source(web_server)
    env = {"COPYLENS_WEB_CACHE": str(tmp_path / "pages.sqlite")}
    args = ("check", COPY, "--url", url, "--allow-local-urls", "--quiet", "--format", "json")
    first, second = cli(*args, env=env), cli(*args, env=env)
    assert first.returncode == second.returncode == 0
    assert body(json.loads(first.stdout)) == body(json.loads(second.stdout))
    assert len(web_server.requests("/source.html")) == 1
    cli(*args, "--refresh", env=env)
    assert len(web_server.requests("/source.html")) == 2


def test_cli_web_search_with_the_key_from_the_environment(
    web_server: WebServer, search_server: SearchServer
) -> None:
    search_server.found = [serve_source(web_server)]
    env = {"COPYLENS_BRAVE_KEY": KEY, "COPYLENS_BRAVE_ENDPOINT": search_server.brave_url}
    args = ("check", COPY, "--web", "--max-queries", "2", "--allow-local-urls", "--quiet")
    result = cli(*args, "--format", "json", env=env)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["web_queries"] == 2 == len(search_server.queries("brave"))
    assert data["documents"][0]["sources"][0]["containment"] > 0.8
    assert "at most 2 queries" in result.stderr and "sent 2 web search queries" in result.stderr
    assert KEY not in result.stdout + result.stderr


def test_cli_web_search_without_a_key_says_how_to_give_one() -> None:
    env = {"COPYLENS_BRAVE_KEY": ""}
    result = cli("check", COPY, "--web", env=env)
    assert result.returncode == 1
    assert "COPYLENS_BRAVE_KEY" in result.stderr


def test_cli_needs_some_source() -> None:
    result = cli("check", COPY)
    assert result.returncode == 2
    assert "--url" in result.stderr and "--web" in result.stderr
