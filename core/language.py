"""Language detection (ALGORITHMS.md §1: language per document, script per word).

A document's language is the one whose curated stop words its words hit most; Cyrillic texts
are then told apart by the letters only one language has (ru: ы э ъ ё; uk: і ї є ґ). The
result depends on the text alone, so it is the same on every run and machine. Each word's
script is judged on its own during canonicalization (mixed texts are common).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import filterfalse

from copylens.core.resources import stop_words

CYRILLIC = "cyrillic"
LATIN = "latin"

LATIN_LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl")
CYRILLIC_LANGUAGES = ("ru", "uk")
_CYRILLIC_RANGE = "\u0400-\u052f"
_LATIN_RANGE = "a-zA-Z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
CYRILLIC_LETTERS = re.compile(f"[{_CYRILLIC_RANGE}]+")
LATIN_LETTERS = re.compile(f"[{_LATIN_RANGE}]+")
A_CYRILLIC_LETTER = re.compile(f"[{_CYRILLIC_RANGE}]")
A_LATIN_LETTER = re.compile(f"[{_LATIN_RANGE}]")
"""One letter of :data:`CYRILLIC_LETTERS` and of :data:`LATIN_LETTERS` (whether a word has one:
the search stops at the first, where the runs' goes on to the run's end)."""

_SAMPLE_CHARS = 8_000
_WORD = re.compile(r"[^\W\d_]+")
UK_ONLY = "іїєґ"
"""The letters (lower case) only Ukrainian has of the two; :data:`_RU_ONLY` only Russian."""
_RU_ONLY = "ыэъё"
_UK_SET = frozenset(UK_ONLY)
_OWN_LETTER = re.compile(f"[{UK_ONLY}{_RU_ONLY}]")
_UK_LETTER = re.compile(f"[{UK_ONLY}]")


def detect_language(text: str) -> str:
    """ISO code of the language of ``text`` (its first 8,000 characters); "en" if nothing tells."""
    return language_of_words(_WORD.findall(text[:_SAMPLE_CHARS]))


def language_of_words(words: Sequence[str]) -> str:
    """The language of a sample of a text's words (see the module docstring)."""
    counts = _lower_case_counts(words)
    letters = "".join(counts)
    if _mostly_cyrillic(letters):
        return _ru_or_uk(letters, counts)
    hits = _stop_word_hits(counts)
    best = max(LATIN_LANGUAGES, key=lambda language: hits[language])
    return best if hits[best] else "en"


def _lower_case_counts(words: Sequence[str]) -> Counter[str]:
    """``Counter(map(str.lower, words))`` but for the order of its keys (which nothing here
    depends on): the words are counted as they are, then the few that are not lower case
    moved to their lower case. A word that islower() is its own lower() (no character that
    lower() changes can be in it: every code point checked in tests/test_canonicalize.py).
    The words that are not lower case are picked by ``filterfalse`` (no Python call a word)."""
    counts = Counter(words)
    for word in list(filterfalse(str.islower, counts)):
        n = counts.pop(word)
        counts[word.lower()] += n
    return counts


def script_of(language: str) -> str:
    return CYRILLIC if language in CYRILLIC_LANGUAGES else LATIN


def cyrillic_word_language(word: str, document_language: str) -> str:
    """ru or uk for one Cyrillic word: its own letters first (one only Ukrainian has anywhere in
    it makes it "uk", else one only Russian has "ru"), then the document's language. By one
    regular expression where most words have neither letter (issue 40: a third of the set
    scans' cost, once per word form learned)."""
    own = _OWN_LETTER.search(word)
    if own is not None:
        return "uk" if own.group() in _UK_SET or _UK_LETTER.search(word, own.end()) else "ru"
    return document_language if document_language in CYRILLIC_LANGUAGES else "ru"


def _mostly_cyrillic(letters: str) -> bool:
    """More Cyrillic than Latin letters. Cyrillic letters take two bytes in UTF-8 and ASCII
    ones one, so the byte surplus counts the non-ASCII letters without a Python loop; the few
    accented Latin letters of German or French stay far below half."""
    non_ascii = len(letters.encode("utf-8", "surrogatepass")) - len(letters)
    return non_ascii * 2 > len(letters) and bool(CYRILLIC_LETTERS.search(letters))


def _ru_or_uk(letters: str, counts: Counter[str]) -> str:
    """ru or uk by the letters only one of them has, else by the stop words: those are
    counted only then (issue 40: most Cyrillic samples are told by their letters, and
    counting the stop words took a quarter of telling a sample's language)."""
    uk = sum(letters.count(ch) for ch in UK_ONLY)
    ru = sum(letters.count(ch) for ch in _RU_ONLY)
    if uk > 2 * ru and uk >= 2:
        return "uk"
    if ru > 2 * uk and ru >= 2:
        return "ru"
    hits = _stop_word_hits(counts)
    return "uk" if hits["uk"] > hits["ru"] else "ru"


def _stop_word_hits(counts: Counter[str]) -> dict[str, int]:
    """Each language's stop words among the sample's, counted. Only the words that are some
    language's stop word are visited: they are found by one intersection of the keys, in C
    (a sample of 400 words has ~280 distinct, ~60 of them stop words; visiting every one cost
    ~40 µs an essay, issue 40)."""
    hits = dict.fromkeys(LATIN_LANGUAGES + CYRILLIC_LANGUAGES, 0)
    index = _stop_index()
    for word in counts.keys() & index.keys():
        n = counts[word]
        for language in index[word]:
            hits[language] += n
    return hits


@cache
def _stop_index() -> dict[str, tuple[str, ...]]:
    """Each stop word of every language → the languages that list it (one lookup per word)."""
    index: dict[str, list[str]] = {}
    for language in LATIN_LANGUAGES + CYRILLIC_LANGUAGES:
        for word in stop_words(language):
            index.setdefault(word, []).append(language)
    return {word: tuple(found) for word, found in index.items()}
