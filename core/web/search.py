"""Search: a document's phrases sent to a web search provider, the pages found (issue 19).

Two providers, each with the user's own key: the Brave Search API (Brave's own index, strong
in English and German) and the Yandex Search API v2 of Yandex Cloud (strong in Russian and
Ukrainian). Each query costs the user money, so what must hold:

- :func:`search_pages` sends at most ``max_queries`` queries, one at a time, at least the
  provider's ``min_interval`` apart (across calls too: one check searches for each of its
  documents in turn); a provider asking to slow down is waited for and asked once more;
- a refused key or a used-up quota (:class:`StopSearching`) stops the remaining queries: each
  would fail the same way; it gives one failure, whose template is in :data:`STOPPING`; a
  query that fails alone (no answer in time, a 5xx, an answer CopyLens cannot read) is one
  failure and the others go on;
- cancel() is polled every :data:`POLL_SECONDS` while waiting and while a query is out: the
  run raises :class:`~copylens.core.errors.Cancelled` within about 0.2 s (the abandoned
  query's thread ends by itself within its timeout; its answer is dropped);
- the key travels in a request header only (never in an address); it is never part of a
  message, a repr or a log line: provider objects hide it from ``repr``, and whatever text a
  provider's answer carries into a message is cleaned of it first (:func:`_scrubbed`);
- a phrase is sent as plain words, not in quotes: an exact-phrase query misses the page as
  soon as the copy changed one word of the phrase, and rewriters change the rare words a
  distinctive phrase is made of (``bench/bench_web.py``: Russian light edits found 0 % quoted
  against 100 % unquoted, with 3 queries a text); the engine's ranking and morphology find the
  page from most of the words;
- an answer is read up to :data:`MAX_ANSWER_BYTES` and parsed defensively: JSON of the
  documented shape, the Yandex XML with defusedxml; anything else is a failure, not a crash.

Formats, as documented: Brave — GET ``/res/v1/web/search`` with ``X-Subscription-Token``,
answer ``web.results[].url``, errors ``{"type": "ErrorResponse", "error" | "errors": …}`` with
codes ``SUBSCRIPTION_TOKEN_INVALID`` (422), ``RATE_LIMITED`` and ``QUOTA_LIMITED`` (429).
Yandex — POST ``/v2/web/search`` with ``Authorization: Api-Key``, a JSON body naming the
folder, answer ``{"rawData": base64 of the Yandex XML}``; the XML's ``<error code>`` (15: no
results, 32: daily quota, 42: key refused, 55: too many per second); HTTP errors as
google.rpc.Status JSON (``code``: 16 unauthenticated, 7 permission denied, 8 exhausted).
The tests' stand-ins (``tests/web/searchserver.py``) cite the pages.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx

from copylens.core.errors import Cancelled, SearchFailed, WebError
from copylens.core.report import InputFailure
from copylens.core.web.address import normalized
from copylens.core.web.fetch import USER_AGENT
from copylens.core.web.phrases import Phrase
from copylens.core.web.providers import PROVIDERS, ProviderInfo, search_place

BRAVE_ENDPOINT = "https://api.search.brave.com/res/v1/web/search"
YANDEX_ENDPOINT = "https://searchapi.api.cloud.yandex.net/v2/web/search"
RESULTS = 10
"""Result pages asked for per query."""
QUERY_SECONDS = 30.0
"""A query with no complete answer within this many seconds fails (connect and read alike)."""
MAX_ANSWER_BYTES = 4 * 1024 * 1024
"""An answer longer than this is not read (a search answer of 10 results is ~50 KB)."""
POLL_SECONDS = 0.05
"""How often cancel() is asked while waiting."""
MAX_WAIT_SECONDS = 10.0
"""Longest wait a provider's "slow down" is granted before the query is asked once more."""
MAX_MESSAGE = 300
"""Characters of a provider's own error text kept in a message."""


class Provider(Protocol):
    """A web search provider: one query in, result page addresses out."""

    @property
    def name(self) -> str:
        """Its key in :data:`PROVIDERS`."""

    def search(self, client: httpx.Client, query: str, language: str) -> list[str]:
        """Result page addresses in rank order ([] for no results). Raises SearchFailed for
        this query, :class:`StopSearching` when no query can succeed (key refused, quota used
        up), :class:`SlowDown` when asked to wait."""


class StopSearching(Exception):
    """No further query can succeed: the key is refused or the quota used up. ``error`` is
    what the report shows; its template is in :data:`STOPPING`."""

    def __init__(self, error: SearchFailed) -> None:
        self.error = error
        super().__init__(str(error))


class SlowDown(Exception):
    """The provider asked to slow down, to wait ``seconds`` (0: it did not say)."""

    def __init__(self, error: SearchFailed, seconds: float) -> None:
        self.error = error
        self.seconds = seconds
        super().__init__(str(error))


STOPPING = frozenset(
    {
        "{provider} refused the key: check it (and the folder id, if any) in the settings",
        "{provider}: the quota of queries is used up; the remaining searches were not sent",
        "{provider} still asks to slow down; the remaining searches were not sent",
    }
)
"""Templates of the failures that stop the searching (a check's later documents too)."""


@dataclass(frozen=True)
class SearchOutcome:
    """What the queries found: addresses, queries sent (what the user pays for), failures."""

    urls: tuple[str, ...]
    """Normalized, each once; found by most queries first, then by best rank, then first
    found."""
    queries: int
    failures: tuple[InputFailure, ...]
    stopped: bool = False
    """A refused key or a used-up quota ended the searching early."""


def provider_named(name: str, key: str, folder: str = "", endpoint: str | None = None) -> Provider:
    """The provider ``name`` (a key of :data:`PROVIDERS`) with the user's key (and folder id
    for Yandex); ``endpoint`` replaces its address (the tests' stand-ins). Raises SearchFailed
    for an unknown name, an empty key or a missing folder id."""
    info = _info(name)
    if not key.strip():
        raise SearchFailed(
            "no key for {provider}: set {variable} or enter it in the settings",
            provider=info.label,
            variable=info.key_variable,
        )
    if name == "brave":
        return Brave(key.strip(), endpoint or BRAVE_ENDPOINT)
    if not folder.strip():
        raise SearchFailed(
            "no folder id for {provider}: set {variable} or enter it in the settings",
            provider=info.label,
            variable=info.folder_variable,
        )
    return Yandex(key.strip(), folder.strip(), endpoint or YANDEX_ENDPOINT)


def provider_from_env(name: str) -> Provider:
    """:func:`provider_named` with the key, folder id and endpoint from the environment
    (:class:`ProviderInfo`'s variables)."""
    info = _info(name)
    folder = os.environ.get(info.folder_variable, "") if info.folder_variable else ""
    endpoint = os.environ.get(info.endpoint_variable) or None
    return provider_named(name, os.environ.get(info.key_variable, ""), folder, endpoint)


def _info(name: str) -> ProviderInfo:
    if name not in PROVIDERS:
        raise SearchFailed(
            "there is no search provider {name}; choose one of {choices}",
            name=name,
            choices=", ".join(PROVIDERS),
        )
    return PROVIDERS[name]


def search_pages(
    phrases: Sequence[Phrase],
    provider: Provider,
    language: str,
    *,
    max_queries: int,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    seconds: float = QUERY_SECONDS,
) -> SearchOutcome:
    """Each phrase searched for as plain words, not quoted, one query at a time (see the module
    docstring for what holds); of more phrases than ``max_queries``, that many spread evenly
    over them. progress(done, total) after each phrase; raises Cancelled when cancel() turns
    True."""
    chosen = _spread(phrases, max(0, max_queries))
    run = _Run(provider, cancel or _never, seconds, max(0, max_queries))
    headers = {"User-Agent": USER_AGENT}
    with httpx.Client(timeout=httpx.Timeout(seconds), headers=headers) as client:
        for done, phrase in enumerate(chosen, start=1):
            if not run.query(client, phrase.text, language):
                break
            if progress is not None:
                progress(done, len(chosen))
    return SearchOutcome(tuple(run.ranked()), run.sent, tuple(run.failures), run.stopped)


def _spread(phrases: Sequence[Phrase], count: int) -> list[Phrase]:
    """``count`` of the phrases (all if fewer), evenly spaced, in their order."""
    if len(phrases) <= count:
        return list(phrases)
    return [phrases[n * len(phrases) // count] for n in range(count)]


def _never() -> bool:
    return False


@dataclass
class _Run:
    """One call of :func:`search_pages`: its budget, what was found, what failed."""

    provider: Provider
    cancel: Callable[[], bool]
    seconds: float
    budget: int
    sent: int = 0
    failures: list[InputFailure] = field(default_factory=list)
    stopped: bool = False
    found: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    """Normalized address → (queries that found it, best rank, order first found)."""

    def query(self, client: httpx.Client, text: str, language: str) -> bool:
        """Search for ``text`` (asked once more after a "slow down"); False when the run must
        stop (key refused, quota used up, slowed down twice, budget spent)."""
        for attempt in range(2):
            if self.sent >= self.budget:
                return False
            try:
                self._record(self._send(client, text, language))
            except StopSearching as stop:
                return self._stop(stop.error)
            except SlowDown as slow:
                if attempt == 1:
                    return self._stop(_slowed_down(self.provider))
                if self.sent >= self.budget:
                    self._fail(slow.error)
                    return False
                _pause(self.provider.name, min(max(slow.seconds, 1.0), MAX_WAIT_SECONDS))
                continue
            except SearchFailed as error:
                self._fail(error)
            except Cancelled:
                raise
            except Exception:  # a bug of ours must not cost the check its other sources
                self._fail(_internal_error(self.provider))
            return True
        return True

    def _send(self, client: httpx.Client, text: str, language: str) -> list[str]:
        _wait_turn(self.provider.name, self.cancel)
        self.sent += 1
        return _answer(lambda: self.provider.search(client, text, language), self)

    def _record(self, urls: list[str]) -> None:
        for rank, url in enumerate(dict.fromkeys(_normalized(u) for u in urls)):
            if not url:
                continue
            hits, best, order = self.found.get(url, (0, rank, len(self.found)))
            self.found[url] = (hits + 1, min(best, rank), order)

    def _fail(self, error: SearchFailed) -> None:
        self.failures.append(_failure(self.provider, error))

    def _stop(self, error: SearchFailed) -> bool:
        self._fail(error)
        self.stopped = True
        return False

    def ranked(self) -> list[str]:
        """Found by most queries first, then best rank, then first found."""
        return sorted(self.found, key=lambda u: (-self.found[u][0], *self.found[u][1:]))


def _failure(provider: Provider, error: SearchFailed) -> InputFailure:
    """The report's failure for a search error (named after the provider, never the key)."""
    return InputFailure.of(search_place(provider.name), error)


def _label(provider: Provider) -> str:
    info = PROVIDERS.get(provider.name)
    return info.label if info is not None else provider.name


def _internal_error(provider: Provider) -> SearchFailed:
    return SearchFailed(
        "CopyLens failed on a search with {provider} (an internal error; please report it)",
        provider=_label(provider),
    )


def _slowed_down(provider: Provider) -> SearchFailed:
    return SearchFailed(
        "{provider} still asks to slow down; the remaining searches were not sent",
        provider=_label(provider),
    )


def _normalized(url: str) -> str:
    """The address as the fetch stage keys it; "" for one it would refuse (not http(s))."""
    try:
        found: str = normalized(url)
    except WebError:
        return ""
    return found


# --- pacing and cancelling ------------------------------------------------------------------

_last_sent: dict[str, float] = {}
_pacing = threading.Lock()


def _wait_turn(name: str, cancel: Callable[[], bool]) -> None:
    """Wait until the provider's minimum interval since its last query has passed (polling
    cancel), then mark now as its last query."""
    interval = PROVIDERS[name].min_interval if name in PROVIDERS else 0.0
    while True:
        with _pacing:
            due = _last_sent.get(name, -1e9) + interval
            now = time.monotonic()
            if now >= due:
                _last_sent[name] = now
                return
        if cancel():
            raise Cancelled()
        time.sleep(min(POLL_SECONDS, due - now))


def _pause(name: str, seconds: float) -> None:
    """Make the provider's next query wait ``seconds`` from now at least."""
    interval = PROVIDERS[name].min_interval if name in PROVIDERS else 0.0
    with _pacing:
        _last_sent[name] = time.monotonic() + seconds - interval


def _answer(search: Callable[[], list[str]], run: _Run) -> list[str]:
    """``search()`` run in a thread of its own while this one polls cancel() (so a query in
    flight never delays a cancel); its result or its exception. A query still out after
    ``run.seconds`` (and a little) is abandoned as unanswered."""
    box: list[Any] = []
    thread = threading.Thread(target=_into, args=(search, box), daemon=True, name="web search")
    thread.start()
    deadline = time.monotonic() + run.seconds + 1.0
    while thread.is_alive():
        if run.cancel():
            raise Cancelled()
        if time.monotonic() > deadline:
            raise _no_answer(_label(run.provider), run.seconds)
        thread.join(POLL_SECONDS)
    if run.cancel():
        raise Cancelled()
    result = box[0]
    if isinstance(result, BaseException):
        raise result
    return list(result)


def _into(search: Callable[[], list[str]], box: list[Any]) -> None:
    try:
        box.append(search())
    except BaseException as error:  # handed to the waiting thread, which raises it
        box.append(error)


def _no_answer(label: str, seconds: float) -> SearchFailed:
    return SearchFailed(
        "no answer from {provider} within {seconds} s", provider=label, seconds=f"{seconds:g}"
    )


# --- HTTP -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Answer:
    status: int
    reason: str
    headers: httpx.Headers
    body: bytes


def _exchange(label: str, client: httpx.Client, method: str, url: str, **request: Any) -> _Answer:
    """Send a request, read at most :data:`MAX_ANSWER_BYTES` of the answer. Transport errors
    become SearchFailed (which never name the request's headers)."""
    try:
        response = client.send(client.build_request(method, url, **request), stream=True)
        try:
            body = _bounded(label, response)
        finally:
            response.close()
    except httpx.TimeoutException:
        raise _no_answer(label, _read_timeout(client)) from None
    except (httpx.HTTPError, httpx.InvalidURL):
        raise SearchFailed(
            "{provider} could not be reached (no network connection, or its address is wrong)",
            provider=label,
        ) from None
    return _Answer(response.status_code, response.reason_phrase, response.headers, body)


def _bounded(label: str, response: httpx.Response) -> bytes:
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > MAX_ANSWER_BYTES:
            raise _unreadable(label)
        chunks.append(chunk)
    return b"".join(chunks)


def _read_timeout(client: httpx.Client) -> float:
    return client.timeout.read or QUERY_SECONDS


def _unreadable(label: str) -> SearchFailed:
    return SearchFailed("{provider} gave an answer CopyLens cannot read", provider=label)


def _json(label: str, body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        raise _unreadable(label) from None


def _scrubbed(text: object, key: str) -> str:
    """A provider's own text for a message: the key never in it, at most
    :data:`MAX_MESSAGE` characters, on one line."""
    cleaned = " ".join(str(text).split())
    if key:
        cleaned = cleaned.replace(key, "•••")
    return cleaned[:MAX_MESSAGE]


def _refused(label: str) -> StopSearching:
    return StopSearching(
        SearchFailed(
            "{provider} refused the key: check it (and the folder id, if any) in the settings",
            provider=label,
        )
    )


def _exhausted(label: str) -> StopSearching:
    return StopSearching(
        SearchFailed(
            "{provider}: the quota of queries is used up; the remaining searches were not sent",
            provider=label,
        )
    )


def _slow_down(label: str, seconds: float) -> SlowDown:
    return SlowDown(
        SearchFailed("{provider} asks to slow down (too many queries)", provider=label), seconds
    )


def _http_failed(label: str, answer: _Answer) -> SearchFailed:
    return SearchFailed(
        "{provider} answered {status} {reason}",
        provider=label,
        status=answer.status,
        reason=answer.reason,
    )


# --- Brave ----------------------------------------------------------------------------------

_BRAVE_LANGUAGES = frozenset(
    {"ar", "bg", "ca", "cs", "da", "de", "en", "es", "et", "fi", "fr", "gl", "he", "hi", "hr"}
    | {"hu", "is", "it", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "ro", "ru", "sk", "sl"}
    | {"sr", "sv", "th", "tr", "uk", "vi"}
)
"""Our language codes that are Brave ``search_lang`` values as they are."""
_BRAVE_KEY_CODES = frozenset(
    {"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_TOKEN_MISSING", "SUBSCRIPTION_NOT_FOUND"}
)


@dataclass(frozen=True)
class Brave:
    """The Brave Search API's web search. ``key`` is kept out of ``repr``."""

    key: str = field(repr=False)
    endpoint: str = BRAVE_ENDPOINT
    name: str = field(default="brave", init=False)

    def search(self, client: httpx.Client, query: str, language: str) -> list[str]:
        params = {"q": query, "count": str(RESULTS)}
        if language in _BRAVE_LANGUAGES:
            params["search_lang"] = language
        headers = {"X-Subscription-Token": self.key, "Accept": "application/json"}
        answer = _exchange(
            _label(self), client, "GET", self.endpoint, params=params, headers=headers
        )
        if answer.status != 200:
            raise self._error(answer)
        return _brave_urls(_label(self), _json(_label(self), answer.body))

    def _error(self, answer: _Answer) -> SearchFailed | StopSearching | SlowDown:
        """The exception for a non-200 answer (its ErrorResponse code first)."""
        label = _label(self)
        code = _brave_code(answer.body)
        if code in _BRAVE_KEY_CODES or answer.status in (401, 403):
            return _refused(label)
        if code == "QUOTA_LIMITED" or _brave_month_spent(answer.headers):
            return _exhausted(label)
        if code == "RATE_LIMITED" or answer.status == 429:
            return _slow_down(label, _brave_reset(answer.headers))
        return _http_failed(label, answer)


def _brave_code(body: bytes) -> str:
    """The ``code`` of a Brave ErrorResponse ({"error": {...}} or {"errors": [{...}]}), ""."""
    try:
        data = json.loads(body)
    except ValueError:
        return ""
    if not isinstance(data, dict):
        return ""
    error = data.get("error")
    errors = data.get("errors")
    if not isinstance(error, dict) and isinstance(errors, list) and errors:
        error = errors[0]
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, str) else ""


def _brave_numbers(headers: httpx.Headers, name: str) -> list[float]:
    """The comma-separated numbers of an X-RateLimit-* header (per second, per month)."""
    try:
        return [float(part) for part in headers.get(name, "").split(",") if part.strip()]
    except ValueError:
        return []


def _brave_month_spent(headers: httpx.Headers) -> bool:
    """X-RateLimit-Remaining says the plan's last (monthly) window has nothing left."""
    remaining = _brave_numbers(headers, "X-RateLimit-Remaining")
    return len(remaining) >= 2 and remaining[-1] <= 0


def _brave_reset(headers: httpx.Headers) -> float:
    """Seconds until the per-second window resets (X-RateLimit-Reset's first number)."""
    reset = _brave_numbers(headers, "X-RateLimit-Reset")
    return reset[0] if reset else 1.0


def _brave_urls(label: str, data: Any) -> list[str]:
    """``web.results[].url``; no ``web`` (no web results) is no results."""
    if not isinstance(data, dict):
        raise _unreadable(label)
    web = data.get("web", {})
    results = web.get("results", []) if isinstance(web, dict) else None
    if not isinstance(results, list):
        raise _unreadable(label)
    urls = [r.get("url") for r in results if isinstance(r, dict)]
    return [u for u in urls if isinstance(u, str) and u]


# --- Yandex ---------------------------------------------------------------------------------

_YANDEX_TYPES = {
    "ru": "SEARCH_TYPE_RU",
    "uk": "SEARCH_TYPE_RU",
    "be": "SEARCH_TYPE_BE",
    "kk": "SEARCH_TYPE_KK",
    "tr": "SEARCH_TYPE_TR",
    "uz": "SEARCH_TYPE_UZ",
}
"""Search type per language; every other language searches the international index."""
_YANDEX_NO_RESULTS = 15
_YANDEX_REFUSED = frozenset({31, 33, 42, 44, 48})
"""XML error codes no query can get past: the folder, the address or the key refused."""
_YANDEX_QUOTA = 32
_YANDEX_TOO_FAST = 55
_GRPC_UNAUTHENTICATED, _GRPC_DENIED, _GRPC_EXHAUSTED = 16, 7, 8


@dataclass(frozen=True)
class Yandex:
    """The Yandex Search API v2 (Yandex Cloud) synchronous web search, answered in XML.
    ``key`` (a service account's API key) is kept out of ``repr``."""

    key: str = field(repr=False)
    folder: str
    endpoint: str = YANDEX_ENDPOINT
    name: str = field(default="yandex", init=False)

    def search(self, client: httpx.Client, query: str, language: str) -> list[str]:
        headers = {"Authorization": f"Api-Key {self.key}", "Accept": "application/json"}
        body = self._body(query, language)
        answer = _exchange(_label(self), client, "POST", self.endpoint, json=body, headers=headers)
        if answer.status != 200:
            raise self._error(answer)
        return self._urls(_json(_label(self), answer.body))

    def _body(self, query: str, language: str) -> dict[str, Any]:
        return {
            "query": {
                "searchType": _YANDEX_TYPES.get(language, "SEARCH_TYPE_COM"),
                "queryText": query,
            },
            "groupSpec": {
                "groupMode": "GROUP_MODE_FLAT",
                "groupsOnPage": str(RESULTS),
                "docsInGroup": "1",
            },
            "maxPassages": "1",
            "folderId": self.folder,
            "responseFormat": "FORMAT_XML",
        }

    def _error(self, answer: _Answer) -> SearchFailed | StopSearching | SlowDown:
        """The exception for a non-200 answer (a google.rpc.Status JSON: code, message)."""
        label = _label(self)
        status = _json_or_none(answer.body)
        code = status.get("code") if isinstance(status, dict) else None
        if answer.status in (401, 403) or code in (_GRPC_UNAUTHENTICATED, _GRPC_DENIED):
            return _refused(label)
        if answer.status == 429 or code == _GRPC_EXHAUSTED:
            return _slow_down(label, _retry_after(answer.headers))
        message = status.get("message") if isinstance(status, dict) else None
        if 400 <= answer.status < 500 and isinstance(message, str) and message:
            return SearchFailed(
                "{provider} refused the query: {message}",
                provider=label,
                message=_scrubbed(message, self.key),
            )
        return _http_failed(label, answer)

    def _urls(self, data: Any) -> list[str]:
        """The result addresses in the XML of ``rawData`` (base64)."""
        label = _label(self)
        raw = data.get("rawData") if isinstance(data, dict) else None
        if not isinstance(raw, str):
            raise _unreadable(label)
        try:
            xml = base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError):
            raise _unreadable(label) from None
        return _yandex_urls(label, xml, self.key)


def _json_or_none(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return None


def _retry_after(headers: httpx.Headers) -> float:
    try:
        return float(headers.get("Retry-After", "1"))
    except ValueError:
        return 1.0


def _yandex_urls(label: str, xml: bytes, key: str) -> list[str]:
    """``<doc><url>`` of the Yandex XML in document order; its ``<error code>`` raised as the
    matching failure (15, no results, is an empty list). Parsed with defusedxml (no
    entities, no external references)."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import ParseError, fromstring

    try:
        root = fromstring(xml)
    except (ParseError, DefusedXmlException, ValueError):
        raise _unreadable(label) from None
    if root.tag != "yandexsearch":
        raise _unreadable(label)
    error = root.find("response/error")
    if error is not None:
        return _yandex_error(label, error.get("code", ""), error.text or "", key)
    urls = (doc.findtext("url") for doc in root.iterfind("response/results/grouping/group/doc"))
    return [u.strip() for u in urls if u and u.strip()]


def _yandex_error(label: str, code: str, text: str, key: str) -> list[str]:
    """The failure of an XML ``<error code>``; [] for 15 (no results)."""
    number = int(code) if code.isdigit() else -1
    if number == _YANDEX_NO_RESULTS:
        return []
    if number in _YANDEX_REFUSED:
        raise _refused(label)
    if number == _YANDEX_QUOTA:
        raise _exhausted(label)
    if number == _YANDEX_TOO_FAST:
        raise _slow_down(label, 1.0)
    raise SearchFailed(
        "{provider} reported error {code}: {message}",
        provider=label,
        code=code,
        message=_scrubbed(text, key),
    )
