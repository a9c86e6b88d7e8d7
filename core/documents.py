"""Documents: what a front end hands the engine.

An input is a path (a file or a folder, read by the extract stage), a :class:`TextInput`
(text typed or pasted, with a name to show) or a :class:`WebPage` (downloaded, read like a
file). The engine's entry points take any mix of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class TextInput:
    """Text given directly (pasted), not read from a file."""

    name: str
    text: str


@dataclass(frozen=True)
class WebPage:
    """A document downloaded from the web (:mod:`copylens.core.web`), read like a file.

    ``url`` is the address as given or found (its name in reports: a source's ``path``);
    ``final_url`` where the redirects ended; ``fetched`` when its content was downloaded or
    last confirmed unchanged (ISO 8601, UTC); ``name`` a file name whose suffix picks the
    extractor for the content type (``page.html``, ``page.pdf``); ``data`` the body as
    received (decompressed); ``charset`` the one the HTTP headers declared, if any (it decodes
    an HTML or text page before the page's own ``<meta>``, as browsers do).
    """

    url: str
    final_url: str
    fetched: str
    name: str
    data: bytes = field(repr=False)
    charset: str | None = None
    content_type: str = ""


Input = str | Path | TextInput | WebPage
