"""Downloading web pages: every address becomes a page or a clear error, promptly.

What must hold:

* :func:`fetch_pages` gives one result per address, in order: a
  :class:`~copylens.core.documents.WebPage` or an :class:`InputFailure` whose error is a
  :class:`WebError` for that address. Nothing one server does (a redirect loop, a slow drip, a
  huge body, a compression bomb, nonsense headers) stops the others, hangs or exhausts memory.
* Only http and https; every connection goes to an address :func:`check_public` passed (it is
  resolved once and connected to by IP, so DNS rebinding cannot reach a private address) unless
  ``allow_local``; each redirect is followed by hand with the same checks and robots.txt of its
  own site (:mod:`copylens.core.web.robots`).
* A body is counted after decompression and never inflates past ``max_bytes`` in memory: the
  decoders are called with a bounded output size; brotli is asked for only when the installed
  module can bound its output.
* Time is bounded: ``connect_seconds`` to connect (DNS included), ``read_seconds`` without a
  byte, ``page_seconds`` for a whole answer (one hop, from the request to the body's end).
* At most ``per_host`` connections to one site and ``connections`` in all at once.
* ``cancel()`` is polled every :data:`POLL_SECONDS`; when it turns True the downloads stop and
  :class:`Cancelled` is raised within about 0.2 s. Ctrl+C does the same (KeyboardInterrupt).
* The cache (:mod:`copylens.core.web.cache`): a copy younger than a day is used without a
  request; an older one is asked for conditionally (304 keeps it); ``refresh`` downloads again.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import http
import logging
import threading
import time
import zlib
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import PurePosixPath
from typing import Any, Protocol, TypeVar
from urllib.parse import urljoin, urlsplit

import httpcore
import httpx

import copylens
from copylens.core.documents import WebPage
from copylens.core.errors import Cancelled, WebError
from copylens.core.extract.base import megabytes
from copylens.core.report import InputFailure
from copylens.core.web.address import check_public, host_of, normalized
from copylens.core.web.cache import CachedPage, PageStore
from copylens.core.web.robots import (
    ROBOTS_MAX_BYTES,
    RobotsAnswer,
    RobotsCache,
    check_robots,
)

log = logging.getLogger(__name__)

USER_AGENT = f"CopyLens/{copylens.__version__} (+desktop plagiarism checker)"
POLL_SECONDS = 0.05
ROBOTS_REDIRECTS = 5

_NAMES = {
    "text/html": "page.html",
    "application/xhtml+xml": "page.html",
    "text/plain": "page.txt",
    "text/markdown": "page.md",
    "application/pdf": "page.pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "page.docx",
    "application/vnd.oasis.opendocument.text": "page.odt",
    "application/rtf": "page.rtf",
    "text/rtf": "page.rtf",
    "application/msword": "page.doc",
}
"""Content types CopyLens reads, and the file name whose suffix picks the reader."""
_UNLABELLED = {"", "application/octet-stream", "binary/octet-stream", "application/download"}
"""Content types that say nothing: the address's suffix decides (``/paper.pdf``)."""
_SUFFIXES = {".html", ".htm", ".txt", ".md", ".pdf", ".docx", ".odt", ".rtf", ".doc"}
_ACCEPT = "text/html,application/xhtml+xml,application/pdf,text/plain;q=0.9,*/*;q=0.5"
_REDIRECTS = {301, 302, 303, 307, 308}


@dataclass(frozen=True)
class FetchSettings:
    """How pages are downloaded (see the module for what each limit bounds)."""

    allow_local: bool = False
    refresh: bool = False
    max_bytes: int = 50 * 1024 * 1024
    connect_seconds: float = 10.0
    read_seconds: float = 20.0
    page_seconds: float = 60.0
    max_redirects: int = 10
    per_host: int = 2
    connections: int = 8
    user_agent: str = USER_AGENT

    def __post_init__(self) -> None:
        """Limits that would let a download wait or grow forever are refused."""
        counts = (self.max_bytes, self.per_host, self.connections, self.max_redirects + 1)
        seconds = (self.connect_seconds, self.read_seconds, self.page_seconds)
        if min(counts) < 1 or min(seconds) <= 0:
            raise ValueError(f"impossible fetch limits: {self}")


def fetch_pages(
    urls: Sequence[str],
    settings: FetchSettings,
    cache: PageStore | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[WebPage | InputFailure]:
    """One result per url, in order: the page, or ``InputFailure.of(url, WebError(...))``.

    Addresses that normalize alike are downloaded once. ``progress(done, total)`` and
    ``cancel()`` are called from the caller's thread. Raises :class:`Cancelled` when
    ``cancel()`` turns True; KeyboardInterrupt stops everything likewise.
    """
    if not urls:
        return []
    return asyncio.run(_fetch_all(urls, settings, cache, progress, cancel))


Job = asyncio.Task[WebPage | WebError]


async def _fetch_all(
    urls: Sequence[str],
    settings: FetchSettings,
    cache: PageStore | None,
    progress: Callable[[int, int], None] | None,
    cancel: Callable[[], bool] | None,
) -> list[WebPage | InputFailure]:
    """The results of :func:`fetch_pages`, inside the event loop."""
    keys = [_key(url) for url in urls]
    async with _Session(settings, cache) as session:
        jobs: dict[str, Job] = {}
        for key in keys:
            if isinstance(key, str) and key not in jobs:
                jobs[key] = asyncio.ensure_future(session.page(key))

        def done() -> int:
            return sum(1 for key in keys if isinstance(key, WebError) or jobs[key].done())

        await _wait(list(jobs.values()), len(urls), progress, cancel, done)
    return [_result(url, key, jobs) for url, key in zip(urls, keys, strict=True)]


def _key(url: str) -> str | WebError:
    """The normalized address, or why ``url`` is not one."""
    try:
        key: str = normalized(url)
    except WebError as error:
        return error
    return key


def _result(url: str, key: str | WebError, jobs: dict[str, Job]) -> WebPage | InputFailure:
    """``url``'s page (named as given) or failure."""
    outcome = key if isinstance(key, WebError) else jobs[key].result()
    if isinstance(outcome, WebError):
        return InputFailure.of(url, outcome)
    return replace(outcome, url=url)


async def _wait(
    tasks: list[Job],
    total: int,
    progress: Callable[[int, int], None] | None,
    cancel: Callable[[], bool] | None,
    done: Callable[[], int],
) -> None:
    """Waits for every task, reporting progress and polling ``cancel``; cancels the tasks
    still running when it stops for any reason (Cancelled, KeyboardInterrupt)."""
    pending = set(tasks)
    reported = -1
    try:
        while True:
            if progress is not None and (count := done()) != reported:
                progress(count, total)
                reported = count
            if not pending:
                return
            if cancel is not None and cancel():
                raise Cancelled()
            _, pending = await asyncio.wait(pending, timeout=POLL_SECONDS)
    finally:
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)


class _Session:
    """One run's client, connection slots, robots rules and cache."""

    def __init__(self, settings: FetchSettings, cache: PageStore | None) -> None:
        self.settings = settings
        self.cache = cache
        self.client = _client(settings)
        self.robots = RobotsCache(self._robots_answer)
        self._everything = asyncio.Semaphore(settings.connections)
        self._sites: dict[str, asyncio.Semaphore] = {}

    async def __aenter__(self) -> _Session:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.robots.close()
        await self.client.aclose()

    async def page(self, key: str) -> WebPage | WebError:
        """The page at the normalized address ``key``, or why not (never raises but for
        cancellation)."""
        try:
            return await self._page(key)
        except WebError as error:
            return error
        except Exception:
            log.exception("downloading %s failed", key)
            return WebError("CopyLens failed while downloading this page")

    async def _page(self, key: str) -> WebPage:
        stored = await self._stored(key)
        if stored is not None and stored.fresh():
            return _from_cache(key, stored, stored.fetched)
        address, seen = key, {key}
        for _hop in range(self.settings.max_redirects + 1):
            outcome = await self._get(key, address, stored)
            if isinstance(outcome, WebPage):
                return outcome
            address = _next_hop(outcome, seen)
        raise WebError(
            "the page redirects more than {limit} times", limit=self.settings.max_redirects
        )

    async def _stored(self, key: str) -> CachedPage | None:
        """The cached copy to use or revalidate (none with ``refresh``)."""
        if self.cache is None or self.settings.refresh:
            return None
        return await _in_thread(self.cache.get, key)

    async def _get(self, key: str, address: str, stored: CachedPage | None) -> WebPage | str:
        """The page at ``address``, or the address it redirects to. The cache is written
        after the connection is released (outside the time limit)."""
        await check_robots(self.robots, address)
        conditions = _conditions(stored, address)
        async with self._request(address, conditions) as response:
            target = _redirect_target(response, address)
            if target is not None:
                return target
            page = await self._answer(key, address, response, stored, bool(conditions))
        await self._remember(key, page, response)
        return page

    async def _answer(
        self,
        key: str,
        address: str,
        response: httpx.Response,
        stored: CachedPage | None,
        conditional: bool,
    ) -> WebPage:
        """The page a final (not redirecting) answer gives."""
        if response.status_code == 304 and conditional and stored is not None:
            return _from_cache(key, stored, _iso(time.time()))
        if not 200 <= response.status_code < 300:
            raise _status_error(response)
        name, content_type, charset = _document(response.headers.get("content-type", ""), address)
        data = await read_body(response, self.settings.max_bytes)
        return WebPage(key, address, _iso(time.time()), name, data, charset, content_type)

    async def _remember(self, key: str, page: WebPage, response: httpx.Response) -> None:
        """Stores a downloaded page, or the time a 304 confirmed the cached copy."""
        if self.cache is None:
            return
        if response.status_code == 304:
            await _in_thread(self.cache.confirm, key, page.fetched, time.time())
            return
        etag, modified = response.headers.get("etag"), response.headers.get("last-modified")
        copy = CachedPage(
            page.final_url, page.fetched, time.time(), etag, modified, page.content_type,
            page.charset, page.name, page.data,
        )  # fmt: skip
        await _in_thread(self.cache.put, key, copy)

    async def _robots_answer(self, url: str) -> RobotsAnswer:
        """The robots.txt at ``url``, redirects followed (:class:`WebError` if unreachable)."""
        address = url
        for _hop in range(ROBOTS_REDIRECTS + 1):
            async with self._request(address, {}) as response:
                target = _redirect_target(response, address)
                if target is None:
                    return await _robots_body(response)
            try:
                address = normalized(target)
            except WebError:
                break
        return RobotsAnswer(404)  # RFC 9309 2.3.1.2: too many redirects -> unavailable

    @asynccontextmanager
    async def _request(self, url: str, headers: dict[str, str]) -> AsyncIterator[httpx.Response]:
        """The answer to GET ``url``, its body not read yet, within a connection slot and
        ``page_seconds``; every failure on the way (also reading the body) is a WebError."""
        host = host_of(url)
        async with self._slot(url), self._everything:
            try:
                async with asyncio.timeout(self.settings.page_seconds):
                    async with self.client.stream("GET", url, headers=headers) as response:
                        yield response
            except TimeoutError:
                raise WebError(
                    "{host} took longer than {seconds} s to send the page",
                    host=host,
                    seconds=_seconds(self.settings.page_seconds),
                ) from None
            except httpx.HTTPError as error:
                raise _network_error(error, host, self.settings) from None
            except httpx.InvalidURL:
                raise WebError("{url} is not a valid web address", url=url) from None

    def _slot(self, url: str) -> asyncio.Semaphore:
        """The semaphore of ``url``'s site (scheme, host and port)."""
        parts = urlsplit(url)
        site = f"{parts.scheme}://{parts.netloc}"
        if site not in self._sites:
            self._sites[site] = asyncio.Semaphore(self.settings.per_host)
        return self._sites[site]


def _client(settings: FetchSettings) -> httpx.AsyncClient:
    """An HTTP/1.1 client that connects only through :class:`_CheckedBackend`, follows no
    redirect itself and ignores proxy settings of the environment."""
    transport = httpx.AsyncHTTPTransport(trust_env=False)
    # httpx has no public way to give its transport a network backend: replace the pool it
    # made (the private-address check depends on it, and the refusal tests prove it holds)
    if not isinstance(getattr(transport, "_pool", None), httpcore.AsyncConnectionPool):
        raise RuntimeError("this httpx version builds its transport differently")
    transport._pool = httpcore.AsyncConnectionPool(
        ssl_context=httpx.create_ssl_context(trust_env=False),
        max_connections=settings.connections,
        max_keepalive_connections=settings.connections,
        keepalive_expiry=5.0,
        network_backend=_CheckedBackend(settings),
    )
    timeout = httpx.Timeout(
        connect=settings.connect_seconds,
        read=settings.read_seconds,
        write=settings.read_seconds,
        pool=settings.page_seconds,
    )
    headers = {
        "User-Agent": settings.user_agent,
        "Accept": _ACCEPT,
        "Accept-Encoding": "gzip, deflate, br" if BROTLI_BOUNDED else "gzip, deflate",
    }
    return httpx.AsyncClient(transport=transport, timeout=timeout, headers=headers, trust_env=False)


class _CheckedBackend(httpcore.AsyncNetworkBackend):
    """Connections to the addresses :func:`check_public` resolved and passed, by IP (TLS
    still verifies the host name)."""

    def __init__(self, settings: FetchSettings) -> None:
        self._inner = httpcore.AnyIOBackend()
        self._allow_local = settings.allow_local
        self._seconds = settings.connect_seconds

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        try:
            async with asyncio.timeout(self._seconds):
                addresses = await _in_thread(check_public, host, port, self._allow_local)
        except TimeoutError:
            raise httpcore.ConnectTimeout(f"no address for {host}") from None
        failure: Exception = httpcore.ConnectError(f"no address for {host}")
        for address in addresses:
            try:
                return await self._inner.connect_tcp(
                    address, port, timeout, local_address, socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as error:
                failure = error
        raise failure

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("CopyLens connects to no local socket")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


T = TypeVar("T")


async def _in_thread(function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` in a daemon thread: a cancelled caller returns at once, and
    neither the loop's end nor the program's exit waits for the thread (a stuck DNS lookup)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)  # type: ignore[arg-type]

    def work() -> None:
        try:
            result, error = function(*args), None
        except BaseException as failure:
            result, error = None, failure
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=work, daemon=True, name="copylens-web").start()
    return await future


# --------------------------------------------------------------------------- answers


def _conditions(stored: CachedPage | None, address: str) -> dict[str, str]:
    """Conditional-request headers when ``address`` is where the cached copy came from."""
    if stored is None or stored.final_url != address:
        return {}
    headers = {}
    if stored.etag:
        headers["If-None-Match"] = stored.etag
    if stored.last_modified:
        headers["If-Modified-Since"] = stored.last_modified
    return headers


def _redirect_target(response: httpx.Response, address: str) -> str | None:
    """Where a redirect points (absolute), or ``None`` if the answer is not a redirect."""
    location = response.headers.get("location")
    if response.status_code not in _REDIRECTS or not location:
        return None
    try:
        return urljoin(address, str(location).strip())
    except ValueError:  # a broken IPv6 literal: normalized() words it
        return str(location).strip()


def _next_hop(target: str, seen: set[str]) -> str:
    """The normalized redirect target; :class:`WebError` if the chain came back to it."""
    address: str = normalized(target)
    if address in seen:
        raise WebError("the page redirects in a loop (back to {url})", url=address)
    seen.add(address)
    return address


def _from_cache(key: str, stored: CachedPage, fetched: str) -> WebPage:
    return WebPage(
        key, stored.final_url, fetched, stored.name, stored.data, stored.charset,
        stored.content_type,
    )  # fmt: skip


def _status_error(response: httpx.Response) -> WebError:
    """The error of an HTTP status that gives no page."""
    status = response.status_code
    reason = _reason(status, response.reason_phrase)
    if status == 429:
        return WebError(
            "the server answered {status} {reason}: it asks CopyLens to slow down; try again later",
            status=status,
            reason=reason,
        )
    return WebError("the server answered {status} {reason}", status=status, reason=reason)


def _reason(status: int, phrase: str) -> str:
    """The standard reason phrase of ``status``, else the server's (printable, short)."""
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return _printable(phrase)


def _printable(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters, without control characters (server text in a
    message)."""
    return "".join(c for c in text if c.isprintable())[:limit]


def _document(header: str, address: str) -> tuple[str, str, str | None]:
    """The file name, media type and declared charset of a page with Content-Type
    ``header``; :class:`WebError` for a type CopyLens does not read."""
    media, _, rest = header.partition(";")
    media = media.strip().lower()
    name = _NAMES.get(media)
    if name is None and media in _UNLABELLED:
        suffix = PurePosixPath(urlsplit(address).path).suffix.lower()
        name = f"page{suffix}" if suffix in _SUFFIXES else None
    if name is None and not media:
        raise WebError("the server did not say what kind of document the page is")
    if name is None:
        raise WebError(
            "the page's content type {type} is not a document CopyLens reads",
            type=_printable(media),
        )
    return name, media, _charset(rest)


def _charset(parameters: str) -> str | None:
    """The ``charset`` parameter of a Content-Type, if it names a codec Python knows."""
    for parameter in parameters.split(";"):
        key, _, value = parameter.partition("=")
        if key.strip().lower() == "charset":
            value = value.strip().strip("\"'").lower()
            try:
                codecs.lookup(value)
            except (LookupError, ValueError):
                return None
            return value
    return None


async def _robots_body(response: httpx.Response) -> RobotsAnswer:
    """A final robots.txt answer: its status and (for 2xx) up to the size RFC 9309 reads."""
    if not 200 <= response.status_code < 300:
        return RobotsAnswer(response.status_code)
    body = await read_body(response, ROBOTS_MAX_BYTES, truncate=True)
    return RobotsAnswer(response.status_code, body)


def _iso(moment: float) -> str:
    """``moment`` (Unix time) as ISO 8601 UTC: ``2026-11-25T03:40:00Z``."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _seconds(value: float) -> str:
    """A time limit for a message: ``20``, ``0.5``."""
    return f"{value:g}"


# --------------------------------------------------------------------------- errors


def _network_error(error: httpx.HTTPError, host: str, settings: FetchSettings) -> WebError:
    """What went wrong on the way to ``host``, in words."""
    if isinstance(error, httpx.TimeoutException):
        seconds = (
            settings.connect_seconds if isinstance(error, httpx.ConnectTimeout)
            else settings.read_seconds
        )  # fmt: skip
        return WebError(
            "no answer from {host} within {seconds} s", host=host, seconds=_seconds(seconds)
        )
    if isinstance(error, httpx.ConnectError):
        return _connect_error(error, host)
    if isinstance(error, httpx.RemoteProtocolError) and "location header" in str(error):
        return WebError("the page redirects to an address that is not valid")
    if isinstance(error, httpx.RemoteProtocolError):
        return WebError("{host} did not answer in HTTP or broke off its answer", host=host)
    if isinstance(error, httpx.ReadError | httpx.WriteError):
        return WebError("the connection to {host} broke off", host=host)
    return WebError("{host} could not be reached", host=host)


def _connect_error(error: Exception, host: str) -> WebError:
    """The error of a connection that could not be made, from the system's reason."""
    import errno
    import ssl

    for cause in _causes(error):
        if isinstance(cause, ssl.SSLCertVerificationError):
            return WebError("{host}'s certificate is not valid or not trusted", host=host)
        if isinstance(cause, ssl.SSLError):
            return WebError("a secure connection to {host} could not be made", host=host)
        if isinstance(cause, ConnectionRefusedError):
            return WebError("{host} refused the connection", host=host)
        if isinstance(cause, OSError) and cause.errno in (errno.ENETUNREACH, errno.ENETDOWN):
            return WebError("no network connection: {host} could not be reached", host=host)
    if "refused" in str(error).lower():  # anyio words a refusal on every address so
        return WebError("{host} refused the connection", host=host)
    return WebError("{host} could not be reached", host=host)


def _causes(error: BaseException) -> list[BaseException]:
    """``error`` and the exceptions it was raised from, outermost first (at most 10)."""
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and len(chain) < 10:
        chain.append(current)
        group = current.exceptions if isinstance(current, BaseExceptionGroup) else ()
        current = current.__cause__ or current.__context__ or (group[0] if group else None)
    return chain


# --------------------------------------------------------------------------- bodies


class _Decoder(Protocol):
    """Undoes one Content-Encoding, never giving more than ``room + 1`` bytes a call."""

    def feed(self, data: bytes, room: int) -> bytes: ...

    def finish(self, room: int) -> bytes: ...


class _Identity:
    def feed(self, data: bytes, room: int) -> bytes:
        return data

    def finish(self, room: int) -> bytes:
        return b""


class _Inflate:
    """gzip (several members too) or deflate (zlib-wrapped, or raw as some servers send)."""

    def __init__(self, wbits: int) -> None:
        self._wbits = wbits
        self._inflate = zlib.decompressobj(wbits)
        self._started = False

    def feed(self, data: bytes, room: int) -> bytes:
        try:
            out = self._inflate.decompress(data, room + 1)
        except zlib.error:
            if self._started or self._wbits != zlib.MAX_WBITS:
                raise
            self._wbits = -zlib.MAX_WBITS
            self._inflate = zlib.decompressobj(self._wbits)
            out = self._inflate.decompress(data, room + 1)
        self._started = True
        while self._next_member() and len(out) <= room:
            rest = self._inflate.unused_data
            self._inflate = zlib.decompressobj(self._wbits)
            out += self._inflate.decompress(rest, room + 1 - len(out))
        return out

    def _next_member(self) -> bool:
        """Whether another gzip member follows the one just ended."""
        inflate = self._inflate
        return (
            self._wbits > zlib.MAX_WBITS and inflate.eof and inflate.unused_data[:2] == b"\x1f\x8b"
        )

    def finish(self, room: int) -> bytes:
        return self._inflate.flush(room + 1)


class _Brotli:
    def __init__(self) -> None:
        import brotli

        self._decompressor = brotli.Decompressor()

    def feed(self, data: bytes, room: int) -> bytes:
        return bytes(self._decompressor.process(data, output_buffer_limit=room + 1))

    def finish(self, room: int) -> bytes:
        return b""


def _brotli_bounded() -> bool:
    """Whether the brotli module can bound its output (brotli >= 1.2)."""
    try:
        import brotli

        brotli.Decompressor().process(b"", output_buffer_limit=1)
    except (ImportError, TypeError):
        return False
    return True


BROTLI_BOUNDED = _brotli_bounded()


def _decoder(encoding: str) -> _Decoder:
    """The decoder of a Content-Encoding; :class:`WebError` for one CopyLens does not read."""
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        return _Identity()
    if encoding in ("gzip", "x-gzip"):
        return _Inflate(16 + zlib.MAX_WBITS)
    if encoding == "deflate":
        return _Inflate(zlib.MAX_WBITS)
    if encoding == "br" and BROTLI_BOUNDED:
        return _Brotli()
    raise WebError(
        "the page is compressed as {encoding}, which CopyLens does not read",
        encoding=_printable(encoding),
    )


async def read_body(response: httpx.Response, limit: int, truncate: bool = False) -> bytes:
    """The body of ``response``, decompressed: :class:`WebError` past ``limit`` bytes (the
    declared Content-Length first), or with ``truncate`` its first ``limit`` bytes."""
    declared = response.headers.get("content-length", "")
    if not truncate and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    decoder = _decoder(response.headers.get("content-encoding", ""))
    body = bytearray()
    async for chunk in response.aiter_raw():
        body += _decoded(decoder.feed, chunk, limit - len(body))
        if len(body) > limit:
            break
    else:
        body += _decoded(lambda _data, room: decoder.finish(room), b"", limit - len(body))
    if len(body) > limit and not truncate:
        raise _too_large(limit)
    return bytes(body[:limit])


def _decoded(step: Callable[[bytes, int], bytes], data: bytes, room: int) -> bytes:
    """One decoder step; damaged compressed data is a :class:`WebError`."""
    try:
        return step(data, room)
    except WebError:
        raise
    except Exception as error:  # zlib.error, brotli.error
        raise WebError("the page's compressed data is damaged") from error


def _too_large(limit: int) -> WebError:
    return WebError("the page is larger than {limit}", limit=megabytes(limit))
