"""The search providers a front end offers: names, labels, where their keys come from, prices.

Declared here, apart from :mod:`copylens.core.web.search` (which imports httpx), so that a
settings dialog or a command line's ``--help`` can list them for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ProviderInfo:
    """What a front end shows and asks for about a provider."""

    label: str
    key_variable: str
    """The environment variable :func:`provider_from_env` reads the key from."""
    folder_variable: str
    """The one for the folder id ("" when the provider needs none)."""
    endpoint_variable: str
    """The one that points the provider elsewhere (the tests' stand-ins)."""
    price: str
    """The published price, for the settings page (English, shown as is)."""
    min_interval: float
    """Seconds at least between two queries (the plan's rate limit)."""

    @property
    def needs_folder(self) -> bool:
        return bool(self.folder_variable)


PROVIDERS: dict[str, ProviderInfo] = {
    "brave": ProviderInfo(
        label="Brave Search API",
        key_variable="COPYLENS_BRAVE_KEY",
        folder_variable="",
        endpoint_variable="COPYLENS_BRAVE_ENDPOINT",
        price="US$5 per 1,000 queries; US$5 of free queries a month",
        min_interval=1.0,
    ),
    "yandex": ProviderInfo(
        label="Yandex Search API",
        key_variable="COPYLENS_YANDEX_KEY",
        folder_variable="COPYLENS_YANDEX_FOLDER",
        endpoint_variable="COPYLENS_YANDEX_ENDPOINT",
        price="488 ₽ per 1,000 queries by day, 366 ₽ at night (00:00–08:00 Moscow), VAT incl.",
        min_interval=0.2,
    ),
}


def search_place(name: str) -> str:
    """How a search's failure is named among a report's errors: "web search (Brave Search
    API)" (the provider's label, its name when unknown; never the key)."""
    info = PROVIDERS.get(name)
    return f"web search ({info.label if info is not None else name})"
