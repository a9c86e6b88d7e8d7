"""The real search providers, once each, only when their key is in the environment: marked
``live``, left out of plain ``pytest`` and of the CI's test command (a query costs money and
needs the internet). Run them with ``pytest -m live tests/web/test_live.py``."""

from __future__ import annotations

import os

import pytest

from copylens.core import PROVIDERS, provider_from_env
from copylens.core.web.phrases import Phrase
from copylens.core.web.search import search_pages

pytestmark = pytest.mark.live

PHRASE = "Lake Baikal is the deepest lake in the world and holds a fifth of fresh water"


@pytest.mark.parametrize("name", sorted(PROVIDERS))
def test_one_query_finds_pages(name: str) -> None:
    info = PROVIDERS[name]
    missing = [v for v in (info.key_variable, info.folder_variable) if v and not os.getenv(v)]
    if missing:
        pytest.skip(f"set {', '.join(missing)} to ask {info.label}")
    provider = provider_from_env(name)
    outcome = search_pages([Phrase(PHRASE, 0, len(PHRASE))], provider, "en", max_queries=1)
    assert outcome.failures == ()
    assert outcome.queries == 1
    assert len(outcome.urls) >= 3
    assert all(u.startswith(("http://", "https://")) for u in outcome.urls)
