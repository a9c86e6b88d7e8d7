"""Language and script detection (ALGORITHMS.md §1: language per document, script per word).

Cyrillic texts are told apart by the letters only one language has (ru: ы э ъ ё; uk: і ї є ґ),
then by stop-word hits; Latin-script texts by stop-word hits of the curated lists. The result
depends on the text alone, so it is the same on every run and machine.
"""

from __future__ import annotations

import re

from core.resources import stop_words

CYRILLIC = "cyrillic"
LATIN = "latin"

LATIN_LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl")
CYRILLIC_LANGUAGES = ("ru", "uk")
_SAMPLE_CHARS = 8_000
_WORD = re.compile(r"[^\W\d_]+")
CYRILLIC_LETTERS = re.compile(r"[\u0400-\u052f]+")
LATIN_LETTERS = re.compile(r"[a-zA-Z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+")
_UK_ONLY = frozenset("іїєґ")
_RU_ONLY = frozenset("ыэъё")


def dominant_script(text: str) -> tuple[str, float]:
    """The script with more letters in ``text`` and its share of Cyrillic+Latin letters."""
    sample = text[:_SAMPLE_CHARS]
    cyr = sum(map(len, CYRILLIC_LETTERS.findall(sample)))
    lat = sum(map(len, LATIN_LETTERS.findall(sample)))
    total = cyr + lat
    if total == 0:
        return LATIN, 0.0
    return (CYRILLIC, cyr / total) if cyr > lat else (LATIN, lat / total)


def detect_language(text: str, script: str | None = None) -> str:
    """ISO code of the document's language; "en" when nothing tells."""
    script = script or dominant_script(text)[0]
    words = _WORD.findall(text[:_SAMPLE_CHARS].lower())
    if script is CYRILLIC:
        return _cyrillic_language(words)
    return _best_by_stop_words(words, LATIN_LANGUAGES, default="en")


def cyrillic_word_language(word: str, document_language: str) -> str:
    """ru or uk for one Cyrillic word: its own letters first, then the document's language."""
    letters = set(word)
    if letters & _UK_ONLY:
        return "uk"
    if letters & _RU_ONLY:
        return "ru"
    return document_language if document_language in CYRILLIC_LANGUAGES else "ru"


def _cyrillic_language(words: list[str]) -> str:
    letters = "".join(words)
    uk = sum(letters.count(ch) for ch in _UK_ONLY)
    ru = sum(letters.count(ch) for ch in _RU_ONLY)
    if uk > 2 * ru and uk >= 2:
        return "uk"
    if ru > 2 * uk and ru >= 2:
        return "ru"
    return _best_by_stop_words(words, CYRILLIC_LANGUAGES, default="ru")


def _best_by_stop_words(words: list[str], languages: tuple[str, ...], default: str) -> str:
    best, best_hits = default, 0
    for language in languages:
        listed = stop_words(language)
        hits = sum(1 for w in words if w in listed)
        if hits > best_hits:
            best, best_hits = language, hits
    return best
