"""robots.txt rules (core/web/robots.py, RFC 9309). The end-to-end cases (read once per site,
a disallowed redirect target, 4xx and 5xx answers) are in test_fetch.py against a server."""

from __future__ import annotations

import asyncio

from copylens.core.errors import WebError
from copylens.core.web.robots import (
    ROBOTS_MAX_BYTES,
    RobotsAnswer,
    RobotsCache,
    check_robots,
    robots_from_answer,
    robots_url,
)

RULES = b"""\xef\xbb\xbf# a comment
User-agent: *
Disallow: /private/
Allow: /private/open.html

User-agent: CopyLens
Disallow: /no-copylens/

User-agent: OtherBot
Disallow: /
"""


def test_the_rules_for_copylens_and_everyone() -> None:
    robots = robots_from_answer(RobotsAnswer(200, RULES))
    assert robots.allows("https://example.com/page.html")
    assert not robots.allows("https://example.com/no-copylens/page.html")
    # a group for CopyLens is the only one that applies to it (RFC 9309 2.2.1)
    assert robots.allows("https://example.com/private/page.html")


def test_the_star_group_when_none_names_copylens() -> None:
    robots = robots_from_answer(RobotsAnswer(200, b"User-agent: *\nDisallow: /private/\n"))
    assert not robots.allows("https://example.com/private/page.html?x=1")
    assert robots.allows("https://example.com/public/page.html")


def test_statuses() -> None:
    page = "https://example.com/page.html"
    assert robots_from_answer(RobotsAnswer(404)).allows(page)
    assert robots_from_answer(RobotsAnswer(401)).allows(page)
    assert not robots_from_answer(RobotsAnswer(500)).allows(page)
    assert not robots_from_answer(RobotsAnswer(503)).allows(page)
    assert robots_from_answer(RobotsAnswer(200, b"")).allows(page)


def test_only_the_first_500_kib_are_read() -> None:
    filler = b"# " + b"x" * ROBOTS_MAX_BYTES + b"\n"
    late = robots_from_answer(RobotsAnswer(200, filler + b"User-agent: *\nDisallow: /\n"))
    assert late.allows("https://example.com/page.html")


def test_robots_url() -> None:
    assert robots_url("https://example.com:8443/a/b?c#d") == "https://example.com:8443/robots.txt"


def test_one_download_per_site_shared_by_concurrent_callers() -> None:
    asked: list[str] = []

    async def download(url: str) -> RobotsAnswer:
        asked.append(url)
        await asyncio.sleep(0.05)
        return RobotsAnswer(200, b"User-agent: *\nDisallow: /private/\n")

    async def run() -> list[bool]:
        robots = RobotsCache(download)
        pages = [f"https://example.com/{p}" for p in ("a", "private/b", "c")]
        rules = await asyncio.gather(*(robots.rules(page) for page in pages))
        rules.append(await robots.rules("https://other.example/private/x"))
        return [
            r.allows(page)
            for r, page in zip(rules, [*pages, "https://other.example/private/x"], strict=True)
        ]

    assert asyncio.run(run()) == [True, False, True, False]
    assert asked == ["https://example.com/robots.txt", "https://other.example/robots.txt"]


def test_an_unreachable_robots_txt_fails_the_page_with_its_reason() -> None:
    async def download(url: str) -> RobotsAnswer:
        raise WebError("no answer from {host} within {seconds} s", host="example.com", seconds=1)

    async def run() -> str:
        try:
            await check_robots(RobotsCache(download), "https://example.com/page.html")
        except WebError as error:
            return str(error)
        return "allowed"

    assert asyncio.run(run()) == "no answer from example.com within 1 s"
