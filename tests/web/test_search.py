"""The search providers against their stand-ins (``tests/web/searchserver.py``, real HTTP on
127.0.0.1 answering in each provider's documented format; the module docstring there cites
the documentation pages).

Sources for what is asserted here beyond the formats:
- Brave bills successful requests only and limits the free plan to 1 query per second:
  https://api.search.brave.com/app/documentation/web-search/response-headers;
- Yandex Search API v2 allows 10 synchronous requests per second:
  https://yandex.cloud/en/docs/search-api/concepts/limits;
- prices shown in the settings: https://api-dashboard.search.brave.com/app/plans (US$5 per
  1,000 requests) and https://yandex.cloud/ru/docs/search-api/pricing (488 ₽ per 1,000
  daytime synchronous requests, 366 ₽ at night, VAT included).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise

import pytest

from copylens.core.errors import Cancelled, SearchFailed
from copylens.core.web import search
from copylens.core.web.phrases import Phrase
from copylens.core.web.search import (
    PROVIDERS,
    STOPPING,
    Provider,
    SearchOutcome,
    provider_from_env,
    provider_named,
    search_pages,
)
from tests.web.searchserver import FOLDER, KEY, SearchServer, search_server
from tests.web.webserver import wait_until

__all__ = ["search_server"]  # the fixture, used by name
PUBLISHED_INTERVALS = {name: info.min_interval for name, info in PROVIDERS.items()}
"""Taken before :func:`quick_pacing` shortens them."""


@pytest.fixture(autouse=True)
def quick_pacing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Providers paced 20 ms apart (their plans' intervals would make the tests slow), and no
    earlier test's last query remembered; the pacing tests set their own intervals."""
    for name, info in PROVIDERS.items():
        monkeypatch.setitem(PROVIDERS, name, replace(info, min_interval=0.02))
    monkeypatch.setattr(search, "_last_sent", {})
    yield


def phrases(count: int, prefix: str = "phrase") -> list[Phrase]:
    return [Phrase(f"{prefix} number {n} of the test", 0, 10) for n in range(count)]


def brave(server: SearchServer, key: str = KEY) -> Provider:
    return provider_named("brave", key, endpoint=server.brave_url)


def yandex(server: SearchServer, key: str = KEY, folder: str = FOLDER) -> Provider:
    return provider_named("yandex", key, folder, endpoint=server.yandex_url)


def both(server: SearchServer) -> list[Provider]:
    return [brave(server), yandex(server)]


def assert_no_key(outcome: SearchOutcome) -> None:
    for failure in outcome.failures:
        assert KEY not in failure.error
        assert KEY not in failure.template
        assert all(KEY not in value for _, value in failure.params)
        assert KEY not in repr(failure)


# --- successes -------------------------------------------------------------------------------


def test_brave_sends_the_phrase_unquoted_with_the_key_in_its_header(
    search_server: SearchServer,
) -> None:
    """GET with q, count and search_lang; X-Subscription-Token carries the key, never the
    address; the answer's web.results[].url come back in rank order."""
    outcome = search_pages(phrases(1), brave(search_server), "ru", max_queries=5)
    (sent,) = search_server.received
    assert sent.method == "GET"
    assert sent.headers["x-subscription-token"] == KEY
    assert sent.headers["accept"] == "application/json"
    assert sent.headers["user-agent"].startswith("CopyLens/")
    assert KEY not in sent.target
    assert "count=10" in sent.target and "search_lang=ru" in sent.target
    assert sent.query == "phrase number 0 of the test"
    assert outcome == SearchOutcome(
        tuple(f"https://example.org/phrase-number-0/{n}" for n in range(3)), 1, ()
    )


def test_brave_leaves_out_a_language_it_does_not_know(search_server: SearchServer) -> None:
    search_pages(phrases(1), brave(search_server), "xx", max_queries=1)
    assert "search_lang" not in search_server.received[0].target


def test_yandex_posts_the_documented_body_with_an_api_key(search_server: SearchServer) -> None:
    """POST /v2/web/search, Authorization: Api-Key, the folder in the body, XML asked for;
    Ukrainian searches the Russian index; the urls come from rawData's XML."""
    import json

    outcome = search_pages(phrases(1), yandex(search_server), "uk", max_queries=5)
    (sent,) = search_server.received
    body = json.loads(sent.body)
    assert sent.method == "POST" and KEY not in sent.target and KEY.encode() not in sent.body
    assert sent.headers["authorization"] == f"Api-Key {KEY}"
    assert body["folderId"] == FOLDER
    assert body["responseFormat"] == "FORMAT_XML"
    assert body["query"] == {
        "searchType": "SEARCH_TYPE_RU",
        "queryText": "phrase number 0 of the test",
    }
    assert body["groupSpec"]["groupsOnPage"] == "10"
    assert outcome.urls == tuple(f"https://example.org/phrase-number-0/{n}" for n in range(3))
    assert outcome.queries == 1 and outcome.failures == ()


def test_yandex_searches_the_international_index_for_english(search_server: SearchServer) -> None:
    import json

    search_pages(phrases(1), yandex(search_server), "en", max_queries=1)
    assert json.loads(search_server.received[0].body)["query"]["searchType"] == "SEARCH_TYPE_COM"


@pytest.mark.parametrize("which", ["brave", "yandex"])
def test_no_results_is_no_failure(search_server: SearchServer, which: str) -> None:
    """Brave leaves out ``web``; Yandex answers <error code="15">: an empty list, not an
    error."""
    search_server.behaviour = "empty"
    provider = brave(search_server) if which == "brave" else yandex(search_server)
    outcome = search_pages(phrases(3), provider, "en", max_queries=3)
    assert outcome == SearchOutcome((), 3, ())


def test_addresses_found_by_more_queries_come_first_each_once(
    search_server: SearchServer,
) -> None:
    """Ranked by queries that found the page, then best rank, then first found; addresses
    normalized (host case, default port, fragment) and non-web ones dropped."""
    texts = [p.text for p in phrases(3)]
    search_server.results = {
        texts[0]: ["https://a.example/1", "https://b.example/x", "javascript:alert(1)"],
        texts[1]: ["https://c.example/", "HTTPS://B.EXAMPLE:443/x#top"],
        texts[2]: ["https://d.example/", "https://b.example/x", "https://a.example/1"],
    }
    outcome = search_pages(phrases(3), brave(search_server), "en", max_queries=3)
    assert outcome.urls == (
        "https://b.example/x",  # 3 queries
        "https://a.example/1",  # 2 queries, best rank 0
        "https://c.example/",  # 1 query, rank 0, found before d
        "https://d.example/",
    )


def test_at_most_max_queries_are_sent(search_server: SearchServer) -> None:
    """Each query costs money: 30 phrases, max_queries 5 → the server sees 5."""
    calls: list[tuple[int, int]] = []
    outcome = search_pages(
        phrases(30),
        yandex(search_server),
        "ru",
        max_queries=5,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert outcome.queries == 5
    assert len(search_server.received) == 5
    assert calls == [(n, 5) for n in range(1, 6)]


def test_more_phrases_than_queries_are_chosen_spread_over_the_text(
    search_server: SearchServer,
) -> None:
    search_pages(phrases(12), brave(search_server), "en", max_queries=3)
    assert search_server.queries("brave") == [f"phrase number {n} of the test" for n in (0, 4, 8)]


def test_no_queries_when_none_allowed(search_server: SearchServer) -> None:
    outcome = search_pages(phrases(3), brave(search_server), "en", max_queries=0)
    assert outcome == SearchOutcome((), 0, ())
    assert search_server.received == []


# --- failures that stop the searching ----------------------------------------------------------


@pytest.mark.parametrize("which", ["brave", "yandex"])
def test_a_refused_key_stops_the_remaining_queries_with_one_failure(
    search_server: SearchServer, which: str
) -> None:
    """Brave: 422 SUBSCRIPTION_TOKEN_INVALID; Yandex: 401 with gRPC code 16. Every further
    query would be refused too: one query sent, one failure, the search stopped."""
    provider = (
        brave(search_server, "wrong-key") if which == "brave" else yandex(search_server, "wrong")
    )
    outcome = search_pages(phrases(5), provider, "en", max_queries=5)
    assert len(search_server.received) == 1
    assert outcome.queries == 1 and outcome.urls == () and outcome.stopped
    (failure,) = outcome.failures
    assert failure.template in STOPPING
    assert failure.path == f"web search ({PROVIDERS[which].label})"
    assert "refused the key" in failure.error


def test_brave_errors_in_the_reference_list_shape_are_read_too(
    search_server: SearchServer,
) -> None:
    """The API reference lists errors under ``errors``; the live service sends ``error``."""
    search_server.brave_error_list = True
    search_server.behaviour = "refused"
    outcome = search_pages(phrases(3), brave(search_server), "en", max_queries=3)
    assert outcome.queries == 1 and outcome.failures[0].template in STOPPING


def test_yandex_folder_refused_stops(search_server: SearchServer) -> None:
    """403 PERMISSION_DENIED (code 7): the key is not allowed in that folder."""
    outcome = search_pages(phrases(3), yandex(search_server, folder="other"), "ru", max_queries=3)
    assert outcome.queries == 1 and outcome.stopped
    assert outcome.failures[0].template in STOPPING


def test_yandex_xml_error_42_is_a_refused_key(search_server: SearchServer) -> None:
    search_server.behaviour = "refused"
    outcome = search_pages(phrases(3), yandex(search_server), "ru", max_queries=3)
    assert outcome.queries == 1 and "refused the key" in outcome.failures[0].error


@pytest.mark.parametrize("which", ["brave", "yandex"])
def test_an_exhausted_quota_stops_after_the_answered_queries(
    search_server: SearchServer, which: str
) -> None:
    """Brave: 429 QUOTA_LIMITED with X-RateLimit-Remaining "0, 0"; Yandex: XML error 32. The
    two answered queries keep their pages; the third ends the search."""
    search_server.quota_after = 2
    provider = brave(search_server) if which == "brave" else yandex(search_server)
    outcome = search_pages(phrases(6), provider, "ru", max_queries=6)
    assert len(search_server.received) == 3 and outcome.queries == 3
    assert len(outcome.urls) == 6
    (failure,) = outcome.failures
    assert failure.template in STOPPING and "quota" in failure.error
    assert outcome.stopped


@pytest.mark.parametrize("which", ["brave", "yandex"])
def test_asked_to_slow_down_it_waits_and_asks_once_more(
    search_server: SearchServer, which: str
) -> None:
    """Brave: 429 RATE_LIMITED, X-RateLimit-Reset "1, …"; Yandex: 429 RESOURCE_EXHAUSTED. The
    query is sent again after the wait (at least a second) and its pages kept."""
    search_server.behaviour = "rate-once"
    provider = brave(search_server) if which == "brave" else yandex(search_server)
    outcome = search_pages(phrases(1), provider, "en", max_queries=3)
    first, second = search_server.received
    assert second.at - first.at >= 0.95
    assert outcome.failures == () and len(outcome.urls) == 3 and outcome.queries == 2


def test_asked_to_slow_down_twice_it_stops(search_server: SearchServer) -> None:
    search_server.behaviour = "rate"
    outcome = search_pages(phrases(4), brave(search_server), "en", max_queries=4)
    assert len(search_server.received) == 2 and outcome.stopped
    (failure,) = outcome.failures
    assert failure.template in STOPPING and "slow down" in failure.error


def test_a_retry_never_goes_past_max_queries(search_server: SearchServer) -> None:
    search_server.behaviour = "rate"
    outcome = search_pages(phrases(4), brave(search_server), "en", max_queries=1)
    assert len(search_server.received) == 1 and outcome.queries == 1
    assert "slow down" in outcome.failures[0].error


# --- failures of one query -------------------------------------------------------------------


@pytest.mark.parametrize("which", ["brave", "yandex"])
@pytest.mark.parametrize(
    ("behaviour", "words"),
    [
        ("malformed", "cannot read"),
        ("huge", "cannot read"),
        ("unavailable", "answered 503 Service Unavailable"),
    ],
)
def test_a_failed_query_is_recorded_and_the_others_go_on(
    search_server: SearchServer, which: str, behaviour: str, words: str
) -> None:
    texts = [p.text for p in phrases(3)]
    search_server.behaviours = {texts[1]: behaviour}
    provider = brave(search_server) if which == "brave" else yandex(search_server)
    outcome = search_pages(phrases(3), provider, "en", max_queries=3)
    assert outcome.queries == 3 and not outcome.stopped
    assert len(outcome.urls) == 6  # the first and third queries' pages
    (failure,) = outcome.failures
    assert words in failure.error and failure.template not in STOPPING


@pytest.mark.parametrize("behaviour", ["broken-xml", "xml-bomb"])
def test_yandex_xml_it_cannot_read_safely_is_a_failure(
    search_server: SearchServer, behaviour: str
) -> None:
    """defusedxml refuses entity definitions (a billion laughs) instead of expanding them."""
    search_server.behaviour = behaviour
    outcome = search_pages(phrases(2), yandex(search_server), "ru", max_queries=2)
    assert outcome.queries == 2 and outcome.urls == ()
    assert [f.template for f in outcome.failures] == [
        "{provider} gave an answer CopyLens cannot read"
    ] * 2


def test_a_slow_answer_fails_that_query_in_time(search_server: SearchServer) -> None:
    search_server.behaviour = "slow"
    search_server.delay = 30.0
    outcome = search_pages(phrases(1), brave(search_server), "en", max_queries=1, seconds=0.5)
    assert search_server.answered == 0  # given up on at 0.5 s, not waited out
    (failure,) = outcome.failures
    assert failure.template == "no answer from {provider} within {seconds} s"
    assert dict(failure.params)["seconds"] == "0.5"


def test_an_unreachable_provider_is_a_failure_per_query() -> None:
    provider = provider_named("brave", KEY, endpoint="http://127.0.0.1:9/res/v1/web/search")
    outcome = search_pages(phrases(2), provider, "en", max_queries=2)
    assert outcome.queries == 2 and len(outcome.failures) == 2
    assert "could not be reached" in outcome.failures[0].error


# --- cancel and pacing -----------------------------------------------------------------------


def test_cancel_stops_a_query_in_flight(search_server: SearchServer) -> None:
    """Cancelled while the provider holds its answer (30 s, within the query's 60 s): the
    query is dropped, not waited out. How soon: bench/bench_latency.py."""
    search_server.behaviour = "slow"
    search_server.delay = 30.0
    with pytest.raises(Cancelled):
        search_pages(
            phrases(3),
            yandex(search_server),
            "ru",
            max_queries=3,
            seconds=60.0,
            cancel=lambda: len(search_server.received) >= 1,
        )
    assert len(search_server.received) == 1
    assert search_server.answered == 0


def test_cancel_stops_the_wait_between_queries(
    search_server: SearchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancelled once the first query was answered, while the provider's 60 s interval runs:
    the wait ends there and the second query is never sent (a wait that did not ask cancel
    would send it when the interval is over, then stop)."""
    monkeypatch.setitem(PROVIDERS, "brave", replace(PROVIDERS["brave"], min_interval=60.0))
    flag, done = threading.Event(), threading.Event()

    def arm() -> None:  # the cancel comes a little after the first answer left the server
        while not done.is_set() and search_server.answered < 1:
            done.wait(0.01)
        if not done.wait(0.3):
            flag.set()

    arming = threading.Thread(target=arm)
    arming.start()
    try:
        with pytest.raises(Cancelled):
            search_pages(phrases(3), brave(search_server), "en", max_queries=3, cancel=flag.is_set)
    finally:
        done.set()
        arming.join()
    # no second query, not even one abandoned in flight after the wait ran out
    assert not wait_until(lambda: len(search_server.received) > 1, 1.0)
    assert search_server.answered == 1  # the first query was answered, then the wait began


def test_queries_keep_the_providers_interval_across_calls(
    search_server: SearchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One check searches per document, one call each: the interval holds between calls."""
    monkeypatch.setitem(PROVIDERS, "yandex", replace(PROVIDERS["yandex"], min_interval=1.0))
    provider = yandex(search_server)
    search_pages(phrases(2), provider, "ru", max_queries=2)
    search_pages(phrases(2, "other"), provider, "ru", max_queries=2)
    times = [r.at for r in search_server.received]
    assert len(times) == 4
    # The server notes a query when it has read it, the client its turn before it sends: a
    # query read late (a new connection and a new server thread, on a loaded machine hundreds
    # of ms) shortens the next gap by as much, so the gaps are held to half the interval.
    # Without the interval across calls, the third query follows the second at once.
    assert all(b - a >= 0.5 for a, b in pairwise(times))


def test_the_published_intervals() -> None:
    """Brave's free plan: 1 query per second; Yandex v2: 10 per second (kept at 5)."""
    assert PUBLISHED_INTERVALS == {"brave": 1.0, "yandex": 0.2}


# --- the key ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "behaviour",
    ["refused", "quota", "rate", "malformed", "unavailable", "echo-key", "broken-xml", "ok"],
)
@pytest.mark.parametrize("which", ["brave", "yandex"])
def test_the_key_is_never_in_a_message_a_repr_or_a_log_line(
    search_server: SearchServer, caplog: pytest.LogCaptureFixture, which: str, behaviour: str
) -> None:
    """Whatever the answer (a Yandex 400 that repeats the key included): failures, their
    templates and params, the provider's repr and every log record at DEBUG are free of it."""
    search_server.behaviour = behaviour
    provider = brave(search_server) if which == "brave" else yandex(search_server)
    with caplog.at_level(logging.DEBUG):
        outcome = search_pages(phrases(2), provider, "en", max_queries=2)
    assert_no_key(outcome)
    assert KEY not in repr(provider) and KEY not in str(provider)
    assert all(KEY not in record.getMessage() for record in caplog.records)
    if behaviour == "echo-key" and which == "yandex":
        assert "•••" in outcome.failures[0].error


# --- choosing a provider ---------------------------------------------------------------------


def test_provider_from_env(monkeypatch: pytest.MonkeyPatch, search_server: SearchServer) -> None:
    monkeypatch.setenv("COPYLENS_BRAVE_KEY", KEY)
    monkeypatch.setenv("COPYLENS_BRAVE_ENDPOINT", search_server.brave_url)
    monkeypatch.setenv("COPYLENS_YANDEX_KEY", KEY)
    monkeypatch.setenv("COPYLENS_YANDEX_FOLDER", FOLDER)
    monkeypatch.setenv("COPYLENS_YANDEX_ENDPOINT", search_server.yandex_url)
    for name in ("brave", "yandex"):
        provider = provider_from_env(name)
        assert provider.name == name
        outcome = search_pages(phrases(1), provider, "ru", max_queries=1)
        assert len(outcome.urls) == 3


@pytest.mark.parametrize(
    ("name", "env", "template"),
    [
        ("brave", {}, "no key for {provider}: set {variable} or enter it in the settings"),
        (
            "yandex",
            {"COPYLENS_YANDEX_KEY": KEY},
            "no folder id for {provider}: set {variable} or enter it in the settings",
        ),
        ("google", {}, "there is no search provider {name}; choose one of {choices}"),
    ],
)
def test_provider_from_env_says_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, name: str, env: dict[str, str], template: str
) -> None:
    for variable in ("KEY", "FOLDER", "ENDPOINT"):
        for provider in ("BRAVE", "YANDEX"):
            monkeypatch.delenv(f"COPYLENS_{provider}_{variable}", raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    with pytest.raises(SearchFailed) as raised:
        provider_from_env(name)
    assert raised.value.template == template


def test_provider_information() -> None:
    assert PROVIDERS["brave"].label == "Brave Search API" and not PROVIDERS["brave"].needs_folder
    assert PROVIDERS["yandex"].label == "Yandex Search API" and PROVIDERS["yandex"].needs_folder
    assert PROVIDERS["yandex"].folder_variable == "COPYLENS_YANDEX_FOLDER"
