"""Stand-ins of the search providers: a real HTTP server on 127.0.0.1 answering as each
provider's documentation says it answers, successes and failures alike.

Brave Search API (``GET /res/v1/web/search``, key in ``X-Subscription-Token``):

- request and answer: https://api-dashboard.search.brave.com/api-reference/web/search/get
  (``q``, ``count`` ≤ 20, ``search_lang``; results at ``web.results[].url``) and
  https://api.search.brave.com/app/documentation/web-search/query;
- errors: the same API reference's ``ErrorResponse`` examples: 422
  ``SUBSCRIPTION_TOKEN_INVALID`` "The provided subscription token is invalid.", 429
  ``RATE_LIMITED`` "Request rate limit exceeded for plan." and ``QUOTA_LIMITED`` "Request
  quota limit exceeded for plan." (listed under ``errors``; the live service answers with a
  single ``error`` object, as nearai/ironclaw issue 2780 shows: both shapes are served);
- headers: https://api.search.brave.com/app/documentation/web-search/response-headers
  (``X-RateLimit-Limit: 1, 15000``, ``-Remaining``, ``-Reset``: per second, per month).

Yandex Search API v2 (``POST /v2/web/search``, ``Authorization: Api-Key …``):

- request body and ``{"rawData": base64}`` answer:
  https://yandex.cloud/en/docs/search-api/api-ref/WebSearch/search and
  https://yandex.cloud/en/docs/search-api/concepts/web-search;
- the key: https://yandex.cloud/en/docs/search-api/api-ref/authentication;
- the XML (``yandexsearch/response/results/grouping/group/doc/url``, ``<error code="15">``):
  https://yandex.cloud/en/docs/search-api/concepts/response;
- XML error codes (15 no results, 32 daily limit, 42 key refused, 55 too many per second):
  https://yandex.cloud/en/docs/search-api/reference/error-codes;
- HTTP errors as google.rpc.Status JSON (code 16 UNAUTHENTICATED → 401, 7 PERMISSION_DENIED →
  403, 8 RESOURCE_EXHAUSTED → 429, 14 UNAVAILABLE → 503):
  https://yandex.cloud/en/docs/api-design-guide/concepts/errors.

Behaviours (``server.behaviour``, or per query text ``server.behaviours[query]``): "ok",
"empty", "refused", "quota", "rate" (always asks to slow down), "rate-once" (once per query),
"malformed", "broken-xml", "xml-bomb", "huge", "unavailable" (503), "echo-key" (a 400 whose
message repeats the key), "slow" (answers after ``server.delay`` seconds). A wrong key is
refused whatever the behaviour, as the providers do; ``quota_after`` answers "quota used up"
once that many queries were answered.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape

import pytest

KEY = "TEST-KEY-5f1c0b2e-never-shown"
"""The key the stand-ins accept (tests look for it in every message, repr and log line)."""
FOLDER = "b1g-test-folder"
BRAVE_PATH = "/res/v1/web/search"
YANDEX_PATH = "/v2/web/search"


@dataclass
class Received:
    """One request as the stand-in saw it."""

    provider: str
    method: str
    target: str
    """Path and query string, as sent."""
    headers: dict[str, str]
    body: bytes
    at: float
    """time.monotonic() when it arrived."""

    @property
    def query(self) -> str:
        """The search text: Brave's ``q`` parameter, Yandex's ``query.queryText``."""
        if self.provider == "brave":
            return parse_qs(urlsplit(self.target).query).get("q", [""])[0]
        return str(json.loads(self.body)["query"]["queryText"])


@dataclass
class SearchServer:
    """The stand-ins' state: behaviours, results and what was received."""

    behaviour: str = "ok"
    behaviours: dict[str, str] = field(default_factory=dict)
    results: dict[str, list[str]] = field(default_factory=dict)
    """Result addresses per query text (default: :attr:`found`, else three made from the
    query)."""
    found: list[str] | None = None
    """Result addresses of every query not in :attr:`results`."""
    delay: float = 5.0
    quota_after: int | None = None
    brave_error_list: bool = False
    """Brave errors in the API reference's ``errors`` list instead of one ``error``."""
    received: list[Received] = field(default_factory=list)
    answered: int = 0
    """Answers sent whole before the server was stopped (a cancelled query's never is)."""
    port: int = 0
    stopping: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _rate_limited: set[str] = field(default_factory=set)

    @property
    def brave_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{BRAVE_PATH}"

    @property
    def yandex_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{YANDEX_PATH}"

    def queries(self, provider: str) -> list[str]:
        return [r.query for r in self.received if r.provider == provider]

    def urls_for(self, query: str) -> list[str]:
        if query in self.results:
            return self.results[query]
        if self.found is not None:
            return self.found
        slug = "-".join(query.strip('"').split()[:3]).lower() or "none"
        return [f"https://example.org/{slug}/{n}" for n in range(3)]

    def behaviour_for(self, query: str) -> str:
        """The behaviour for this query, counting the answered ones for ``quota_after``."""
        with self.lock:
            answered = len(self.received) - 1
            if self.quota_after is not None and answered >= self.quota_after:
                return "quota"
            chosen = self.behaviours.get(query, self.behaviour)
            if chosen == "rate-once":
                if query in self._rate_limited:
                    return "ok"
                self._rate_limited.add(query)
                return "rate"
            return chosen


Answer = tuple[int, dict[str, str], bytes]


def _json(status: int, data: Any, headers: dict[str, str] | None = None) -> Answer:
    return (
        status,
        {"Content-Type": "application/json", **(headers or {})},
        json.dumps(data).encode(),
    )


# --- Brave -----------------------------------------------------------------------------------


def brave_answer(server: SearchServer, query: str, key: str) -> Answer:
    """Brave's answer to ``q=query`` with ``X-Subscription-Token: key``."""
    if key != KEY:
        return _brave_error(server, 422, "SUBSCRIPTION_TOKEN_INVALID", "authentication")
    behaviour = server.behaviour_for(query)
    limits = {"X-RateLimit-Limit": "1, 2000", "X-RateLimit-Policy": "1;w=1, 2000;w=2592000"}
    if behaviour == "refused":
        return _brave_error(server, 422, "SUBSCRIPTION_TOKEN_INVALID", "authentication")
    if behaviour == "quota":
        headers = {**limits, "X-RateLimit-Remaining": "0, 0", "X-RateLimit-Reset": "1, 1419704"}
        return _brave_error(server, 429, "QUOTA_LIMITED", "rate_limiter", headers)
    if behaviour == "rate":
        headers = {**limits, "X-RateLimit-Remaining": "0, 1990", "X-RateLimit-Reset": "1, 86400"}
        return _brave_error(server, 429, "RATE_LIMITED", "rate_limiter", headers)
    if behaviour == "echo-key":
        return _brave_error(server, 422, "VALIDATION", f"request with token {key}")
    common = _common(server, behaviour)
    if common is not None:
        return common
    results = [] if behaviour == "empty" else server.urls_for(query)
    return _json(200, _brave_results(query, results), limits)


def _brave_results(query: str, urls: list[str]) -> dict[str, Any]:
    """A web search answer; without results Brave leaves out the ``web`` section."""
    data: dict[str, Any] = {
        "type": "search",
        "query": {"original": query, "more_results_available": False},
        "mixed": {"type": "mixed", "main": [], "top": [], "side": []},
    }
    if urls:
        data["web"] = {
            "type": "search",
            "family_friendly": True,
            "results": [
                {"title": f"Result {n}", "url": url, "description": query, "type": "search_result"}
                for n, url in enumerate(urls)
            ],
        }
    return data


def _brave_error(
    server: SearchServer,
    status: int,
    code: str,
    component: str,
    headers: dict[str, str] | None = None,
) -> Answer:
    details = {
        "SUBSCRIPTION_TOKEN_INVALID": "The provided subscription token is invalid.",
        "RATE_LIMITED": "Request rate limit exceeded for plan.",
        "QUOTA_LIMITED": "Request quota limit exceeded for plan.",
    }
    error = {
        "id": "5d832250-9396-4f6e-b84a-2a1fe524cd7d",
        "status": status,
        "code": code,
        "detail": details.get(code, component),
        "meta": {"component": component},
    }
    shape = {"errors": [error]} if server.brave_error_list else {"error": error}
    return _json(status, {"type": "ErrorResponse", **shape, "time": 1663072993}, headers)


# --- Yandex ----------------------------------------------------------------------------------


def yandex_answer(server: SearchServer, body: dict[str, Any], authorization: str) -> Answer:
    """Yandex Search API v2's answer to a WebSearch.Search request."""
    if authorization != f"Api-Key {KEY}":
        return _json(401, {"code": 16, "message": "Unknown api key", "details": []})
    if body.get("folderId") != FOLDER:
        return _json(403, {"code": 7, "message": "Permission denied", "details": []})
    query = str(body["query"]["queryText"])
    behaviour = server.behaviour_for(query)
    if behaviour == "refused":
        return _raw(_xml_error(42, "The provided API key failed authentication"))
    if behaviour == "quota":
        return _raw(_xml_error(32, "Limit on the allowed daily number of queries exceeded"))
    if behaviour == "rate":
        return _json(429, {"code": 8, "message": "Resource exhausted", "details": []})
    if behaviour == "echo-key":
        message = f"Invalid request from Api-Key {KEY}: queryText too long"
        return _json(400, {"code": 3, "message": message, "details": []})
    if behaviour == "broken-xml":
        return _raw(b"<yandexsearch><response><results>")
    if behaviour == "xml-bomb":
        return _raw(_XML_BOMB)
    common = _common(server, behaviour)
    if common is not None:
        return common
    if behaviour == "empty":
        return _raw(_xml_error(15, "No results found for your word combination"))
    return _raw(_xml_results(query, server.urls_for(query)))


def _raw(xml: bytes) -> Answer:
    return _json(200, {"rawData": base64.b64encode(xml).decode("ascii")})


def _xml_error(code: int, text: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<yandexsearch version="1.0"><request>'
        "<query>q</query></request>"
        f'<response date="20261125T033000"><error code="{code}">{escape(text)}</error>'
        "<reqid>1348828873568466-1289158387737177180255457-3-011-XML</reqid></response>"
        "</yandexsearch>"
    ).encode()


def _xml_results(query: str, urls: list[str]) -> bytes:
    groups = "".join(
        '<group><categ attr="d" name="example.org"/><doccount>1</doccount><relevance/>'
        f'<doc id="Z{n}"><relevance/><url>{escape(url)}</url><domain>example.org</domain>'
        f"<title>Result {n}</title><mime-type>text/html</mime-type><charset>utf-8</charset>"
        f"<passages><passage>{escape(query)}</passage></passages></doc></group>"
        for n, url in enumerate(urls)
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<yandexsearch version="1.0">'
        f"<request><query>{escape(query)}</query><page>0</page></request>"
        '<response date="20261125T033000"><reqid>1-2-3-XML</reqid>'
        f'<found priority="all">{len(urls)}</found><results>'
        '<grouping attr="" mode="flat" groups-on-page="10" docs-in-group="1" curcateg="-1">'
        f"{groups}</grouping></results></response></yandexsearch>"
    ).encode()


_XML_BOMB = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>'
    b"<yandexsearch><response><results><grouping><group><doc><url>&lol3;</url></doc></group>"
    b"</grouping></results></response></yandexsearch>"
)


# --- shared ----------------------------------------------------------------------------------


def _common(server: SearchServer, behaviour: str) -> Answer | None:
    """The answers both stand-ins give alike (None: answer normally)."""
    if behaviour == "malformed":
        return 200, {"Content-Type": "application/json"}, b"<html>not json</html>"
    if behaviour == "unavailable":
        return _json(503, {"code": 14, "message": "Service unavailable", "details": []})
    if behaviour == "huge":
        return 200, {"Content-Type": "application/json"}, b"[" + b"0," * (3 << 20) + b"0]"
    if behaviour == "slow":
        server.stopping.wait(server.delay)
        return None
    return None


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._answer(b"")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        self._answer(self.rfile.read(length))

    def _answer(self, body: bytes) -> None:
        state = self.server.state
        path = urlsplit(self.path).path
        provider = {BRAVE_PATH: "brave", YANDEX_PATH: "yandex"}.get(path, "")
        headers = {k.lower(): v for k, v in self.headers.items()}
        received = Received(provider, self.command, self.path, headers, body, time.monotonic())
        with state.lock:
            state.received.append(received)
        if provider == "brave" and self.command == "GET":
            key = self.headers.get("X-Subscription-Token", "")
            status, extra, data = brave_answer(state, received.query, key)
        elif provider == "yandex" and self.command == "POST":
            authorization = self.headers.get("Authorization", "")
            status, extra, data = yandex_answer(state, json.loads(body), authorization)
        else:
            status, extra, data = _json(404, {"message": "not found"})
        self.send_response(status)
        for name, value in extra.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        with suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (cancelled)
            self.wfile.write(data)
            self.wfile.flush()
            if not state.stopping.is_set():
                with state.lock:
                    state.answered += 1

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    state: SearchServer


def start() -> tuple[SearchServer, _Server, threading.Thread]:
    """A stand-in server on 127.0.0.1 (a free port) serving in a thread."""
    httpd = _Server(("127.0.0.1", 0), _Handler)
    state = SearchServer(port=httpd.server_address[1])
    httpd.state = state
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    return state, httpd, thread


@pytest.fixture
def search_server() -> Iterator[SearchServer]:
    """Both stand-ins on one server; stopped (slow answers cut short) after the test."""
    state, httpd, thread = start()
    try:
        yield state
    finally:
        state.stopping.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)
