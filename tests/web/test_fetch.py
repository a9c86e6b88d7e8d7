"""Downloading pages (core/web/fetch.py) from a real HTTP server on 127.0.0.1: encodings,
redirects, slow and huge answers, compression bombs, error statuses, robots.txt, limits,
cancel. Every test but the refusal ones allows local addresses (the server is local)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from copylens.core.documents import WebPage
from copylens.core.errors import Cancelled
from copylens.core.report import InputFailure
from copylens.core.web.fetch import BROTLI_BOUNDED, FetchSettings, fetch_pages
from tests.fixtures_make import make_docx, make_pdf
from tests.web.webserver import (
    Handler,
    WebServer,
    brotli_bomb,
    deflate_bomb,
    drip,
    encoded,
    gzip_bomb,
    huge,
    page,
    redirect,
    running,
    silent,
    status,
    timed,
    wait_until,
)

FAST = FetchSettings(
    allow_local=True, connect_seconds=60.0, read_seconds=60.0, page_seconds=120.0, max_bytes=1 << 20
)
"""Limits that only end a hang: a loaded machine once took over 1 s to connect to 127.0.0.1
(CI). The tests of a time limit set their own short one (``SHORT_READ``, ``SHORT_PAGE``)."""
SHORT_READ = replace(FAST, read_seconds=0.5)
SHORT_PAGE = replace(FAST, page_seconds=2.0)
RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю."


def one(url: str, settings: FetchSettings = FAST) -> WebPage | InputFailure:
    (result,) = fetch_pages([url], settings)
    return result


def fetched(url: str, settings: FetchSettings = FAST) -> WebPage:
    result = one(url, settings)
    assert isinstance(result, WebPage), result
    return result


def failed(url: str, settings: FetchSettings = FAST) -> InputFailure:
    result = one(url, settings)
    assert isinstance(result, InputFailure), result
    assert result.path == url
    return result


# --------------------------------------------------------------------------- encodings


def test_utf8_page_with_its_header_charset(web_server: WebServer) -> None:
    body = f"<html><body><p>{RUSSIAN}</p></body></html>".encode()
    url = web_server.route("/utf8.html", page(body, "text/html; charset=UTF-8"))
    before = time.time()
    result = fetched(url)
    assert (result.url, result.final_url, result.name) == (url, url, "page.html")
    assert (result.data, result.charset, result.content_type) == (body, "utf-8", "text/html")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", result.fetched)
    stamp = time.mktime(time.strptime(result.fetched, "%Y-%m-%dT%H:%M:%SZ")) - time.timezone
    assert before - 2 <= stamp <= time.time() + 1
    assert web_server.requests("/utf8.html")[0].headers["User-Agent"].startswith("CopyLens/")


def test_windows_1251_charset_from_the_header_only(web_server: WebServer) -> None:
    body = f"<html><body><p>{RUSSIAN}</p></body></html>".encode("cp1251")
    url = web_server.route("/cp1251.html", page(body, 'text/html; charset="windows-1251"'))
    result = fetched(url)
    assert (result.data, result.charset) == (body, "windows-1251")
    assert result.data.decode(result.charset) == body.decode("cp1251")


def test_windows_1251_charset_in_the_meta_only_is_left_to_the_reader(
    web_server: WebServer,
) -> None:
    body = (
        '<html><head><meta charset="windows-1251"></head><body><p>' + RUSSIAN + "</p></body></html>"
    ).encode("cp1251")
    url = web_server.route("/meta.html", page(body, "text/html"))
    result = fetched(url)
    assert (result.data, result.charset, result.name) == (body, None, "page.html")


def test_koi8_r_plain_text(web_server: WebServer) -> None:
    body = RUSSIAN.encode("koi8-r")
    url = web_server.route("/koi8.txt", page(body, "text/plain; charset=KOI8-R"))
    result = fetched(url)
    assert (result.name, result.charset, result.content_type) == (
        "page.txt",
        "koi8-r",
        "text/plain",
    )
    assert result.data.decode(result.charset) == RUSSIAN


def test_utf16_with_a_byte_order_mark_arrives_byte_for_byte(web_server: WebServer) -> None:
    body = f"<html><body><p>{RUSSIAN}</p></body></html>".encode("utf-16")
    assert body[:2] in (b"\xff\xfe", b"\xfe\xff")
    url = web_server.route("/utf16.html", page(body, "text/html"))
    assert fetched(url).data == body


def test_an_unknown_charset_is_not_passed_on(web_server: WebServer) -> None:
    url = web_server.route("/odd.html", page(b"<p>hi</p>", "text/html; charset=no-such-codec"))
    assert fetched(url).charset is None


# --------------------------------------------------------------------------- compression


@pytest.mark.parametrize(
    "encoding, compress",
    [
        ("gzip", lambda data: zlib.compress(data, wbits=31)),
        (
            "gzip",
            lambda data: zlib.compress(data[:50], wbits=31) + zlib.compress(data[50:], wbits=31),
        ),
        ("deflate", zlib.compress),
        ("deflate", lambda data: zlib.compress(data, wbits=-15)),
    ],
    ids=["gzip", "gzip-two-members", "deflate-zlib", "deflate-raw"],
)
def test_compressed_pages_are_decompressed(web_server: WebServer, encoding: str, compress) -> None:  # type: ignore[no-untyped-def]
    body = f"<p>{RUSSIAN * 20}</p>".encode()
    url = web_server.route("/packed.html", encoded(compress(body), encoding))
    assert fetched(url).data == body
    assert "gzip" in web_server.requests("/packed.html")[0].headers["Accept-Encoding"]


@pytest.mark.skipif(not BROTLI_BOUNDED, reason="brotli >= 1.2 is not installed")
def test_brotli_page_is_decompressed(web_server: WebServer) -> None:
    import brotli

    body = f"<p>{RUSSIAN * 20}</p>".encode()
    url = web_server.route("/br.html", encoded(brotli.compress(body), "br"))
    assert fetched(url).data == body
    assert "br" in web_server.requests("/br.html")[0].headers["Accept-Encoding"]


def bombs() -> list[tuple[str, str]]:
    kinds = [("gzip", "gzip"), ("deflate", "deflate")]
    return [*kinds, ("br", "br")] if BROTLI_BOUNDED else kinds


@pytest.mark.parametrize("encoding, kind", bombs())
def test_a_compression_bomb_of_1_gib_stops_at_the_limit_in_bounded_memory(
    web_server: WebServer, encoding: str, kind: str
) -> None:
    bomb = {"gzip": gzip_bomb, "deflate": deflate_bomb, "br": brotli_bomb}[kind]()
    assert len(bomb) < 2 << 20  # 1 GiB of zeros inflated
    # no Content-Length, so that only the inflated size can stop it
    url = web_server.route("/bomb", encoded(bomb, encoding, declare_length=False))
    tracemalloc.start()
    try:
        result = failed(url)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.error == "the page is larger than 1.0 MB"
    assert peak < 12 * FAST.max_bytes, peak  # the limit, a chunk, copies: never the 1 GiB


def test_damaged_compressed_data(web_server: WebServer) -> None:
    damaged = zlib.compress(b"<p>" + b"word " * 1000 + b"</p>", wbits=31)[:10] + b"\xff" * 200
    url = web_server.route("/broken.gz", encoded(damaged, "gzip"))
    assert failed(url).error == "the page's compressed data is damaged"


def test_an_encoding_copylens_does_not_read(web_server: WebServer) -> None:
    url = web_server.route("/packed.zst", encoded(b"\x28\xb5\x2f\xfd", "zstd"))
    assert failed(url).error == "the page is compressed as zstd, which CopyLens does not read"


# --------------------------------------------------------------------------- documents


def test_pdf_docx_and_an_unlabelled_pdf_get_their_reader_by_name(
    web_server: WebServer, tmp_path: Path
) -> None:
    pdf = make_pdf(tmp_path / "a.pdf", "Hello from a PDF on the web").read_bytes()
    docx = make_docx(tmp_path / "a.docx", ["Hello from a DOCX on the web"]).read_bytes()
    docx_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    urls = [
        web_server.route("/paper", page(pdf, "application/pdf")),
        web_server.route("/letter", page(docx, docx_type)),
        web_server.route("/files/paper.PDF", page(pdf, "application/octet-stream")),
    ]
    results = fetch_pages(urls, FAST)
    assert all(isinstance(result, WebPage) for result in results), results
    pages = [result for result in results if isinstance(result, WebPage)]
    assert [p.name for p in pages] == ["page.pdf", "page.docx", "page.pdf"]
    assert [p.data for p in pages] == [pdf, docx, pdf]
    assert pages[0].data.startswith(b"%PDF")


@pytest.mark.parametrize(
    "content_type, message",
    [
        ("image/png", "the page's content type image/png is not a document CopyLens reads"),
        ("", "the server did not say what kind of document the page is"),
    ],
)
def test_a_content_type_copylens_does_not_read(
    web_server: WebServer, content_type: str, message: str
) -> None:
    url = web_server.route("/picture", page(b"\x89PNG\r\n\x1a\n" + bytes(100), content_type))
    assert failed(url).error == message


# --------------------------------------------------------------------------- statuses


@pytest.mark.parametrize(
    "code, message",
    [
        (403, "the server answered 403 Forbidden"),
        (404, "the server answered 404 Not Found"),
        (500, "the server answered 500 Internal Server Error"),
        (503, "the server answered 503 Service Unavailable"),
        (
            429,
            "the server answered 429 Too Many Requests: it asks CopyLens to slow down; "
            "try again later",
        ),
    ],
)
def test_error_statuses(web_server: WebServer, code: int, message: str) -> None:
    url = web_server.route(f"/status/{code}", status(code))
    result = failed(url)
    assert result.error == message
    assert dict(result.params)["status"] == str(code)


# --------------------------------------------------------------------------- redirects


def test_a_redirect_chain_ends_at_the_page(web_server: WebServer) -> None:
    body = b"<p>at last</p>"
    web_server.route("/end.html", page(body, "text/html"))
    web_server.route("/hop3", redirect("/end.html", 308))
    web_server.route("/hop2", redirect(web_server.url("/hop3"), 307))
    url = web_server.route("/hop1", redirect("hop2", 301))
    result = fetched(url)
    assert (result.url, result.final_url, result.data) == (url, web_server.url("/end.html"), body)
    assert [r.path for r in web_server.requests()] == [
        "/robots.txt", "/hop1", "/hop2", "/hop3", "/end.html",
    ]  # fmt: skip


def test_a_redirect_loop(web_server: WebServer) -> None:
    web_server.route("/ping", redirect("/pong"))
    url = web_server.route("/pong", redirect("/ping"))
    assert failed(url).error == f"the page redirects in a loop (back to {url})"
    assert len(web_server.requests("/pong")) == 1


def test_too_many_redirects(web_server: WebServer) -> None:
    for hop in range(5):
        web_server.route(f"/chain/{hop}", redirect(f"/chain/{hop + 1}"))
    web_server.route("/chain/5", page(b"<p>end</p>", "text/html"))
    url = web_server.url("/chain/0")
    few = FetchSettings(**{**FAST.__dict__, "max_redirects": 4})
    assert failed(url, few).error == "the page redirects more than 4 times"
    enough = FetchSettings(**{**FAST.__dict__, "max_redirects": 5})
    assert fetched(url, enough).final_url == web_server.url("/chain/5")


def test_a_redirect_to_a_broken_address(web_server: WebServer) -> None:
    url = web_server.route("/broken", redirect("http://[::1/page"))
    assert failed(url).error == "the page redirects to an address that is not valid"


def test_a_redirect_to_another_scheme_is_not_followed(web_server: WebServer) -> None:
    url = web_server.route("/to-ftp", redirect("ftp://files.example.com/paper.txt"))
    assert failed(url).error == "CopyLens reads only http and https addresses, not ftp"


# --------------------------------------------------------------------------- time and size


def test_a_server_silent_past_the_read_timeout(web_server: WebServer) -> None:
    url = web_server.route("/silent", silent(30))
    assert failed(url, SHORT_READ).error == "no answer from 127.0.0.1 within 0.5 s"
    assert "/silent" not in web_server.answered  # given up on, not waited out


def test_a_server_silent_before_any_header(web_server: WebServer) -> None:
    url = web_server.route("/mute", silent(5, headers_first=False))
    assert failed(url, SHORT_READ).error == "no answer from 127.0.0.1 within 0.5 s"


def test_a_slow_drip_is_cut_at_the_page_time_limit(web_server: WebServer) -> None:
    url = web_server.route("/drip", drip(0.1, 300))  # a byte every 0.1 s, no read timeout
    assert failed(url, SHORT_PAGE).error == "127.0.0.1 took longer than 2 s to send the page"
    assert "/drip" not in web_server.answered  # cut at the limit, not read to the end


@pytest.mark.parametrize("declare_length", [True, False], ids=["content-length", "chunks"])
def test_a_50_mb_page_is_refused_without_reading_it(
    web_server: WebServer, declare_length: bool
) -> None:
    url = web_server.route("/big.txt", huge(50 << 20, declare_length))
    assert failed(url).error == "the page is larger than 1.0 MB"
    assert "/big.txt" not in web_server.answered  # the connection dropped, not drained


def test_a_body_cut_short(web_server: WebServer) -> None:
    def respond(handler: Handler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html")
        handler.send_header("Content-Length", "1000")
        handler.end_headers()
        handler.wfile.write(b"<p>only the start")

    url = web_server.route("/cut.html", respond)
    assert failed(url).error == "127.0.0.1 did not answer in HTTP or broke off its answer"


def test_a_page_at_the_limit_is_whole(web_server: WebServer) -> None:
    url = web_server.route("/exact.txt", huge(FAST.max_bytes, declare_length=False))
    assert len(fetched(url).data) == FAST.max_bytes


# --------------------------------------------------------------------------- robots.txt


def test_robots_txt_is_honoured_and_read_once(web_server: WebServer) -> None:
    rules = b"User-agent: *\nDisallow: /nobody/\n\nUser-agent: CopyLens\nDisallow: /private/\n"
    web_server.route("/robots.txt", page(rules, "text/plain"))
    open_page = web_server.route("/nobody/page.html", page(b"<p>ok</p>", "text/html"))
    closed = web_server.route("/private/page.html", page(b"<p>no</p>", "text/html"))
    other = web_server.route("/public.html", page(b"<p>ok</p>", "text/html"))
    results = fetch_pages([open_page, closed, other], FAST)
    assert isinstance(results[0], WebPage) and isinstance(results[2], WebPage)
    assert isinstance(results[1], InputFailure)
    assert results[1].error == "127.0.0.1's robots.txt does not allow CopyLens to read this page"
    assert len(web_server.requests("/robots.txt")) == 1
    assert web_server.requests("/private/page.html") == []


def test_a_redirect_into_a_disallowed_path_is_refused(web_server: WebServer) -> None:
    web_server.route("/robots.txt", page(b"User-agent: *\nDisallow: /secret", "text/plain"))
    web_server.route("/secret.html", page(b"<p>no</p>", "text/html"))
    url = web_server.route("/open", redirect("/secret.html"))
    assert "robots.txt does not allow" in failed(url).error
    assert web_server.requests("/secret.html") == []


def test_robots_txt_answering_5xx_disallows_everything(web_server: WebServer) -> None:
    web_server.route("/robots.txt", status(503))
    url = web_server.route("/page.html", page(b"<p>ok</p>", "text/html"))
    assert failed(url).error == (
        "127.0.0.1's robots.txt could not be read (the server answered 503), so CopyLens "
        "reads none of its pages"
    )
    assert web_server.requests("/page.html") == []


def test_robots_txt_answering_4xx_allows_everything(web_server: WebServer) -> None:
    web_server.route("/robots.txt", status(403))
    url = web_server.route("/page.html", page(b"<p>ok</p>", "text/html"))
    assert fetched(url).data == b"<p>ok</p>"


# --------------------------------------------------------------------------- addresses


def test_local_addresses_are_refused_unless_allowed(web_server: WebServer) -> None:
    body = b"<p>intranet</p>"
    urls = [
        web_server.route("/inside.html", page(body, "text/html")),
        web_server.url("/inside.html").replace("127.0.0.1", "localhost"),
        web_server.url("/inside.html").replace("127.0.0.1", "[::ffff:127.0.0.1]"),
    ]
    results = fetch_pages(urls, FetchSettings())
    assert [r.error for r in results if isinstance(r, InputFailure)] == [
        "127.0.0.1 is a local or private address; allow local addresses to fetch it",
        "localhost is a local or private address; allow local addresses to fetch it",
        "::ffff:127.0.0.1 is a local or private address; allow local addresses to fetch it",
    ]
    assert web_server.requests() == []  # not even robots.txt
    assert fetched(urls[0]).data == body


@pytest.mark.parametrize(
    "target",
    ["http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/", "http://[::ffff:a9fe:a9fe]/"],
)
def test_a_redirect_to_a_link_local_address_is_refused_with_local_allowed(
    web_server: WebServer, target: str
) -> None:
    """Issue 38 item 8: ``--allow-local-urls`` lets the intranet's page redirect, but never to
    the cloud's metadata service (before: a connection was attempted there)."""
    url = web_server.route("/to-metadata", redirect(target))
    host = target.split("/")[2].strip("[]")
    assert failed(url).error == (
        f"{host} is a link-local or cloud metadata address; CopyLens never fetches it, even "
        "with local addresses allowed"
    )
    assert web_server.requests("/to-metadata")


def test_a_closed_port_refuses_the_connection() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert failed(f"http://127.0.0.1:{port}/page.html").error == "127.0.0.1 refused the connection"


def test_bad_addresses_fail_alone(web_server: WebServer) -> None:
    good = web_server.route("/good.html", page(b"<p>good</p>", "text/html"))
    results = fetch_pages(["ftp://example.com/a", "not an address", good, "http://"], FAST)
    assert [type(r).__name__ for r in results] == [
        "InputFailure", "InputFailure", "WebPage", "InputFailure",
    ]  # fmt: skip
    assert results[1].error.endswith(
        "is not a web address (it must start with http:// or https://)"
    )


def test_one_address_in_two_spellings_is_downloaded_once(web_server: WebServer) -> None:
    url = web_server.route("/same.html", page(b"<p>same</p>", "text/html"))
    spelled = url.replace("http://", "  HTTP://") + "#part "
    results = fetch_pages([url, spelled], FAST)
    assert [r.url for r in results if isinstance(r, WebPage)] == [url, spelled]
    assert len(web_server.requests("/same.html")) == 1


# --------------------------------------------------------------------------- limits, cancel


def test_at_most_per_host_connections_at_once(web_server: WebServer) -> None:
    urls = [web_server.route(f"/wait/{n}", timed(0.2)) for n in range(6)]
    results = fetch_pages(urls, FAST)
    assert all(isinstance(r, WebPage) for r in results)
    assert web_server.most_at_once == 2


def test_progress_counts_every_address(web_server: WebServer) -> None:
    urls = [web_server.route(f"/p{n}.html", timed(0.05 * n)) for n in range(4)]
    seen: list[tuple[int, int]] = []
    fetch_pages([*urls, "ftp://x"], FAST, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (1, 5) and seen[-1] == (5, 5)
    assert all(total == 5 for _, total in seen)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})
    assert threading.current_thread() is threading.main_thread()


def test_cancel_stops_a_download_under_way(web_server: WebServer) -> None:
    """Cancel is asked while bytes arrive, not only when a page ends: the check gives up on
    pages the server is still sending (a byte every 0.05 s for 30 s each; two at a time per
    host, the others waiting), and none of them is answered whole (a check that asked cancel
    only between pages would read the first to its end). How soon: bench/bench_latency.py."""
    url = web_server.route("/endless", drip(0.05, 600))
    others = [web_server.route(f"/w{n}", drip(0.05, 600)) for n in range(3)]
    slow = FetchSettings(**{**FAST.__dict__, "page_seconds": 600.0})

    with pytest.raises(Cancelled):  # cancelled once the endless page was asked for
        fetch_pages([url, *others], slow, cancel=lambda: bool(web_server.requests("/endless")))
    assert web_server.requests("/endless")
    assert web_server.answered == {"/robots.txt"}  # asked first; no page answered whole


def test_ctrl_c_stops_a_download_under_way(web_server: WebServer, tmp_path: Path) -> None:
    url = web_server.route("/endless", drip(0.05, 600))  # 30 s to send whole
    script = tmp_path / "fetch.py"
    script.write_text(
        "import sys\n"
        "from copylens.core.web.fetch import FetchSettings, fetch_pages\n"
        "print('start', flush=True)\n"
        "try:\n"
        "    fetch_pages([sys.argv[1]], FetchSettings(allow_local=True, page_seconds=600))\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    command = [sys.executable, str(script), url]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "start"
        assert wait_until(lambda: bool(web_server.requests("/endless")), 60)  # a hang guard
        time.sleep(0.2)
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=60) == 3
        assert "/endless" not in web_server.answered  # stopped mid-page, not waited out
        assert child.stdout.read().strip() == "interrupted"


def test_an_unknown_host_is_not_found() -> None:
    result = failed("http://no-such-host.invalid/page.html")
    assert result.error == "the address no-such-host.invalid could not be found"


def test_a_redirect_to_another_site_obeys_that_site_s_robots_txt(web_server: WebServer) -> None:
    with running() as other:
        other.route("/robots.txt", page(b"User-agent: CopyLens\nDisallow: /\n", "text/plain"))
        target = other.route("/page.html", page(b"<p>elsewhere</p>", "text/html"))
        url = web_server.route("/away", redirect(target))
        assert failed(url).error == (
            "127.0.0.1's robots.txt does not allow CopyLens to read this page"
        )
        assert [r.path for r in other.requests()] == ["/robots.txt"]
    assert [r.path for r in web_server.requests()] == ["/robots.txt", "/away"]


@pytest.mark.parametrize(
    "limits",
    [{"per_host": 0}, {"connections": 0}, {"max_bytes": 0}, {"read_seconds": 0.0},
     {"page_seconds": -1.0}, {"max_redirects": -1}],
)  # fmt: skip
def test_limits_that_could_block_forever_are_refused(limits: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="impossible fetch limits"):
        FetchSettings(**limits)  # type: ignore[arg-type]
