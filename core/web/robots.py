"""robots.txt (RFC 9309): may CopyLens read a page?

What must hold:

* A site's robots.txt is asked for once per run for each scheme, host and port (callers
  asking at the same time share the one download) and read up to :data:`ROBOTS_MAX_BYTES`
  (the rest is ignored, as RFC 9309 allows).
* Its rules are matched with the product token :data:`ROBOTS_TOKEN`, falling back on the
  ``*`` group (:mod:`urllib.robotparser`).
* RFC 9309 section 2.3.1: a 2xx answer's rules apply; a 4xx answer (no robots.txt) allows
  everything; a 5xx answer disallows everything; an unreachable robots.txt disallows
  everything, and the page then fails with the reason the robots.txt could not be read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit
from urllib.robotparser import RobotFileParser

from copylens.core.errors import WebError

ROBOTS_TOKEN = "CopyLens"
ROBOTS_MAX_BYTES = 500 * 1024
_DISALLOW_ALL = ("User-agent: *", "Disallow: /")


@dataclass(frozen=True)
class RobotsAnswer:
    """What the server said about ``/robots.txt``: the final status and up to
    :data:`ROBOTS_MAX_BYTES` of the body (redirects already followed)."""

    status: int
    body: bytes = b""


@dataclass(frozen=True)
class Robots:
    """One site's rules. ``failure`` is the reason its robots.txt could not be read
    (everything is then disallowed); ``status`` the answer's HTTP status."""

    parser: RobotFileParser
    status: int = 200
    failure: WebError | None = None

    def allows(self, url: str) -> bool:
        """Whether :data:`ROBOTS_TOKEN` may read ``url`` (of this site)."""
        return self.failure is None and self.parser.can_fetch(ROBOTS_TOKEN, url)


def robots_url(url: str) -> str:
    """The address of the robots.txt that rules ``url``."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))


def robots_from_answer(answer: RobotsAnswer) -> Robots:
    """The rules an answer gives (see the module for each kind of status)."""
    parser = RobotFileParser()
    if 200 <= answer.status < 300:
        text = answer.body[:ROBOTS_MAX_BYTES].decode("utf-8", errors="replace")
        parser.parse(text.lstrip("\ufeff").splitlines())
    elif 400 <= answer.status < 500:
        parser.parse([])
    else:
        parser.parse(_DISALLOW_ALL)
    return Robots(parser, answer.status)


def robots_unreachable(failure: WebError) -> Robots:
    """Rules that disallow everything because the robots.txt could not be read."""
    parser = RobotFileParser()
    parser.parse(_DISALLOW_ALL)
    return Robots(parser, 0, failure)


Download = Callable[[str], Awaitable[RobotsAnswer]]


class RobotsCache:
    """The rules of every site one run reads, each downloaded once with ``download`` (which
    raises :class:`WebError` when the robots.txt cannot be reached)."""

    def __init__(self, download: Download) -> None:
        self._download = download
        self._sites: dict[str, asyncio.Task[Robots]] = {}

    async def rules(self, url: str) -> Robots:
        """The rules of ``url``'s site."""
        address = robots_url(url)
        task = self._sites.get(address)
        if task is None:
            task = asyncio.ensure_future(self._fetch(address))
            self._sites[address] = task
        return await asyncio.shield(task)

    async def _fetch(self, address: str) -> Robots:
        try:
            return robots_from_answer(await self._download(address))
        except WebError as error:
            return robots_unreachable(error)

    async def close(self) -> None:
        """Stops the downloads still under way and waits for them to end."""
        for task in self._sites.values():
            task.cancel()
        await asyncio.gather(*self._sites.values(), return_exceptions=True)


async def check_robots(robots: RobotsCache, url: str) -> None:
    """:class:`WebError` unless the site's robots.txt allows CopyLens to read ``url``."""
    rules = await robots.rules(url)
    if rules.failure is not None:
        raise rules.failure
    if rules.allows(url):
        return
    host = urlsplit(url).hostname or url
    if rules.status >= 500:
        raise WebError(
            "{host}'s robots.txt could not be read (the server answered {status}), so "
            "CopyLens reads none of its pages",
            host=host,
            status=rules.status,
        )
    raise WebError("{host}'s robots.txt does not allow CopyLens to read this page", host=host)
