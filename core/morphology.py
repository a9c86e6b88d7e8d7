"""Normal forms of words: pymorphy3 lemmas for Russian and Ukrainian, Snowball stems otherwise.

ALGORITHMS.md §1: "lemmas for Russian and Ukrainian (pymorphy), Snowball stems for English,
German and other languages". The analysers load lazily, once per process, and every word's
normal form is cached, so a collection of essays parses each distinct word once. pymorphy3
picks the most probable parse; its dictionaries ship inside PyPI packages, so the result is
the same on every machine.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

_SNOWBALL_NAMES = {
    "en": "english",
    "de": "german",
    "fr": "french",
    "es": "spanish",
    "it": "italian",
    "pt": "portuguese",
    "nl": "dutch",
    "sv": "swedish",
    "ru": "russian",
}


_FORGET: list[Callable[[], None]] = []
"""The cache_clear of every normalizer made in this process."""


@cache
def normalizer(language: str) -> Callable[[str], str]:
    """A function from a lower-cased word of ``language`` to its normal form (cached)."""
    if language in ("ru", "uk"):
        return _remembered(_pymorphy(language))
    name = _SNOWBALL_NAMES.get(language)
    if name is None:
        return _identity
    return _remembered(_snowball_stemmer(name).stem)


def forget_forms() -> None:
    """Empty every normalizer's cache of word forms: frees their memory, changes no result."""
    for clear in _FORGET:
        clear()


def _remembered(function: Callable[[str], str]) -> Callable[[str], str]:
    remembered = cache(function)
    _FORGET.append(remembered.cache_clear)
    return remembered


def _snowball_stemmer(name: str):  # type: ignore[no-untyped-def]
    """nltk's Snowball stemmer, imported without SciPy (see :func:`without_scipy`)."""
    with without_scipy():
        from nltk.stem.snowball import SnowballStemmer
    return SnowballStemmer(name)


@contextmanager
def without_scipy() -> Iterator[None]:
    """Hide SciPy while nltk is first imported.

    ``import nltk`` pulls in ``scipy.stats`` when SciPy is installed (datasketch installs it),
    which costs ~0.6–1.1 s per process for statistics we never use; nltk treats SciPy as
    optional, so it is hidden for the duration of the import when nothing has loaded it yet.
    """
    hide = "scipy" not in sys.modules
    if hide:
        sys.modules["scipy"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if hide:
            del sys.modules["scipy"]


def _pymorphy(language: str) -> Callable[[str], str]:
    import pymorphy3

    analyzer = pymorphy3.MorphAnalyzer(lang=language)

    def lemma(word: str) -> str:
        parses = analyzer.parse(word)
        return parses[0].normal_form.replace("ё", "е") if parses else word

    return lemma


def _identity(word: str) -> str:
    return word
