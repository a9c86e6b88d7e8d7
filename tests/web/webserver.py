"""The web on 127.0.0.1: a real threaded HTTP server for the fetch tests.

:class:`WebServer` serves whatever responders the tests route to paths (pages in several
encodings, redirects, slow and huge answers, compression bombs, error statuses) and logs
every request it gets, so a test can count what reached the server. The ``web_server``
fixture starts one per test; ``robots.txt`` answers 404 (everything allowed) unless a test
routes it.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

Responder = Callable[["Handler"], None]


@dataclass(frozen=True)
class Request:
    """One request as the server received it."""

    method: str
    path: str
    headers: dict[str, str]


class WebServer:
    """An HTTP/1.1 server on 127.0.0.1 (a free port) in a thread; :meth:`close` stops it."""

    def __init__(self) -> None:
        self.routes: dict[str, Responder] = {}
        self.log: list[Request] = []
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._busy = 0
        self.most_at_once = 0
        self.answered: set[str] = set()
        """Paths whose answer was sent whole (not cut short by the client or the server's
        stop): what a client that gives up in time never lets happen."""
        self._server = _Server(("127.0.0.1", 0), Handler)
        self._server.owner = self
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()

    def url(self, path: str) -> str:
        """The address of ``path`` on this server."""
        return f"http://127.0.0.1:{self.port}{path}"

    def route(self, path: str, responder: Responder) -> str:
        """Answers GET ``path`` (without the query) with ``responder``; its address."""
        self.routes[path] = responder
        return self.url(path)

    def requests(self, path: str | None = None) -> list[Request]:
        """The requests received, for ``path`` only if given."""
        with self._lock:
            return [r for r in self.log if path is None or r.path.split("?")[0] == path]

    def close(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def _started(self, request: Request) -> None:
        with self._lock:
            self.log.append(request)
            self._busy += 1
            self.most_at_once = max(self.most_at_once, self._busy)

    def _answered(self, path: str) -> None:
        with self._lock:
            self.answered.add(path)

    def _ended(self) -> None:
        with self._lock:
            self._busy -= 1


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    owner: WebServer


class Handler(BaseHTTPRequestHandler):
    """Looks the path up in the server's routes (404 if none)."""

    protocol_version = "HTTP/1.1"
    server: _Server

    released = False

    def release(self) -> None:
        """This request stops counting as busy (before its last write: a client that has
        read the answer may open its next connection before this thread runs again)."""
        if not self.released:
            self.released = True
            self.server.owner._ended()

    def do_GET(self) -> None:
        owner = self.server.owner
        owner._started(Request("GET", self.path, dict(self.headers.items())))
        try:
            responder = owner.routes.get(self.path.split("?")[0], _not_found)
            responder(self)
            self.wfile.flush()
            if not owner.stopping.is_set():
                owner._answered(self.path.split("?")[0])
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a size limit, a timeout, a cancel)
        finally:
            self.close_connection = True
            self.release()

    def log_message(self, format: str, *args: object) -> None:
        pass

    @property
    def stopping(self) -> threading.Event:
        return self.server.owner.stopping


# --------------------------------------------------------------------------- responders


def send(
    handler: Handler, status: int, body: bytes = b"", headers: dict[str, str] | None = None
) -> None:
    """A complete answer with a Content-Length."""
    handler.send_response(status)
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.wfile.write(body)


def page(body: bytes, content_type: str, **headers: str) -> Responder:
    """A 200 answer with ``body`` (headers given with ``_`` for ``-``)."""
    extra = {name.replace("_", "-"): value for name, value in headers.items()}
    return lambda handler: send(handler, 200, body, {"Content-Type": content_type, **extra})


def status(code: int, content_type: str = "text/html") -> Responder:
    """An error page with status ``code``."""
    return lambda handler: send(handler, code, b"<p>no</p>", {"Content-Type": content_type})


def redirect(location: str, code: int = 302) -> Responder:
    return lambda handler: send(handler, code, b"", {"Location": location})


def _not_found(handler: Handler) -> None:
    send(handler, 404, b"not found", {"Content-Type": "text/plain"})


def drip(interval: float, count: int, content_type: str = "text/html") -> Responder:
    """Headers at once, then one byte every ``interval`` seconds, ``count`` of them."""

    def respond(handler: Handler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(count))
        handler.end_headers()
        for _ in range(count):
            if handler.stopping.wait(interval):
                return
            handler.wfile.write(b"x")
            handler.wfile.flush()

    return respond


def silent(seconds: float, headers_first: bool = True) -> Responder:
    """Says nothing (after the headers, or at all) for ``seconds``."""

    def respond(handler: Handler) -> None:
        if headers_first:
            handler.send_response(200)
            handler.send_header("Content-Type", "text/html")
            handler.send_header("Content-Length", "10")
            handler.end_headers()
            handler.wfile.flush()
        handler.stopping.wait(seconds)

    return respond


def huge(size: int, declare_length: bool, content_type: str = "text/plain") -> Responder:
    """``size`` bytes of text, with a Content-Length or (chunk by chunk) without one."""
    block = b"0123456789abcdef" * 4096

    def respond(handler: Handler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", content_type)
        if declare_length:
            handler.send_header("Content-Length", str(size))
        handler.send_header("Connection", "close")
        handler.end_headers()
        sent = 0
        while sent < size and not handler.stopping.is_set():
            piece = block[: size - sent]
            handler.wfile.write(piece)
            sent += len(piece)
        handler.server.owner.sent = sent  # type: ignore[attr-defined]

    return respond


def encoded(
    body: bytes, encoding: str, content_type: str = "text/html", declare_length: bool = True
) -> Responder:
    """``body`` (already compressed) sent with Content-Encoding ``encoding``; without a
    Content-Length the body ends when the connection closes."""
    headers = {"Content-Type": content_type, "Content-Encoding": encoding}
    if declare_length:
        return lambda handler: send(handler, 200, body, headers)

    def respond(handler: Handler) -> None:
        handler.send_response(200)
        for name, value in {**headers, "Connection": "close"}.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(body)

    return respond


def timed(seconds: float, body: bytes = b"<p>done</p>") -> Responder:
    """A page that takes ``seconds`` to answer (for the connection limits)."""

    def respond(handler: Handler) -> None:
        handler.stopping.wait(seconds)
        handler.release()  # counted busy while it waits, not while the answer is read
        send(handler, 200, body, {"Content-Type": "text/html"})

    return respond


# --------------------------------------------------------------------------- bombs


def _deflate_blocks(mebibytes: int) -> bytes:
    """A raw deflate stream of ``mebibytes`` MiB of zeros, built from one compressed MiB:
    after a full flush the compressor starts afresh, so every MiB compresses alike."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    block = compressor.compress(bytes(1 << 20)) + compressor.flush(zlib.Z_FULL_FLUSH)
    return block * mebibytes + compressor.flush()


@cache
def gzip_bomb(mebibytes: int = 1024) -> bytes:
    """A single-member gzip file of ``mebibytes`` MiB of zeros (about 1 KB per MiB)."""
    crc = 0
    zeros = bytes(1 << 20)
    for _ in range(mebibytes):
        crc = zlib.crc32(zeros, crc)
    size = (mebibytes << 20) & 0xFFFFFFFF
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    trailer = crc.to_bytes(4, "little") + size.to_bytes(4, "little")
    return header + _deflate_blocks(mebibytes) + trailer


@cache
def deflate_bomb(mebibytes: int = 1024) -> bytes:
    """A raw deflate stream (no zlib header, as some servers send ``deflate``) of zeros."""
    return _deflate_blocks(mebibytes)


@cache
def brotli_bomb(mebibytes: int = 1024) -> bytes:
    """A brotli stream of ``mebibytes`` MiB of zeros."""
    import brotli

    compressor = brotli.Compressor(quality=1)
    zeros = bytes(1 << 20)
    parts = [compressor.process(zeros) for _ in range(mebibytes)]
    return b"".join(parts) + compressor.finish()


def wait_until(condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    """Whether ``condition()`` came true within ``seconds`` (polled)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


@contextmanager
def running() -> Iterator[WebServer]:
    """A :class:`WebServer`, closed at the end."""
    server = WebServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def web_server() -> Iterator[WebServer]:
    """A :class:`WebServer` for one test (for a conftest to import)."""
    with running() as server:
        yield server
