"""Canonicalize: text → canonical words, each keeping its character span (ALGORITHMS.md §1).

What must hold:
- every kept word carries the (start, end) span of the word in the *original* extracted text,
  whatever the normalisation did, so highlights map exactly back onto that text;
- the canonical form is: zero-width characters and soft hyphens removed, NFKC, Latin/Cyrillic
  look-alike letters folded into the word's majority script, lower case, ё → е, apostrophes
  unified, then stop words / short words / numbers dropped as the options say, then a lemma
  (pymorphy3, ru and uk) or a Snowball stem;
- the result depends only on the text and the options: same forms and fingerprints on every
  run and machine (64-bit BLAKE2b fingerprints, never Python's salted ``hash()``).

Look-alike letters are folded only inside words that mix both scripts ("пpивeт" with Latin p
and e): a whole word written in the other script ("Coca" in Russian text) is left alone, since
brand names and quotations would otherwise be reported as tricks. Each folded letter's offset
is reported: the count is itself a finding for the user.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from functools import cache

import numpy as np

from copylens.core.language import (
    CYRILLIC,
    CYRILLIC_LETTERS,
    LATIN,
    LATIN_LANGUAGES,
    LATIN_LETTERS,
    cyrillic_word_language,
    language_of_words,
    script_of,
)
from copylens.core.morphology import normalizer
from copylens.core.options import Options
from copylens.core.resources import stop_words

_LETTER = r"[^\W_]"
_WORD = re.compile(
    rf"{_LETTER}+(?:(?:[\u0300-\u036f]+|[\u00ad\u200b-\u200d\u2060\ufeff]+(?={_LETTER})"
    rf"|['’ʼ](?={_LETTER})){_LETTER}*)*"
)
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "ё": "е"})
_DETECT_WORDS = 400
_NOT_WORD = re.compile(r"[^\w']+|_")
_SENTENCE_END = re.compile(
    r"[.!?…]+[\"'»“”’)\]]*(?=\s+[\"'«“„‘(\[—–-]*\s*[A-ZÀ-ÖØ-ÞА-ЯЁІЇЄҐ0-9])|\n"
)

LATIN_TO_CYRILLIC = dict(zip("aceopxyiABCEHKMOPTXI", "асеорхуіАВСЕНКМОРТХІ", strict=True))
CYRILLIC_TO_LATIN = {cyr: lat for lat, cyr in LATIN_TO_CYRILLIC.items()}


@dataclass(frozen=True, eq=False)
class Canonical:
    """A document's canonical words. Arrays are parallel: index i is the i-th kept word."""

    language: str
    words: int
    """Every word of the text, stop words included."""
    starts: np.ndarray
    ends: np.ndarray
    forms: tuple[str, ...]
    """Normal forms (lemmas or stems)."""
    variants: np.ndarray
    """uint64 fingerprint of each word as written (folded, lower-cased), before lemmatization:
    equal forms with different variants are word-form edits."""
    hashes: np.ndarray
    """uint64 fingerprint of each form."""
    homoglyphs: tuple[int, ...]
    """Offsets of look-alike letters that were folded."""
    sentences: np.ndarray
    """int32 index of each word's sentence in the text (:func:`sentence_ids`)."""

    def __len__(self) -> int:
        return len(self.forms)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle the forms as one joined string: faster between processes."""
        return _unpickle, (
            self.language,
            self.words,
            self.starts,
            self.ends,
            _SEP.join(self.forms),
            self.variants,
            self.hashes,
            self.homoglyphs,
            self.sentences,
        )


_SEP = "\x00"


def _unpickle(  # type: ignore[no-untyped-def]
    language, words, starts, ends, forms, variants, hashes, homoglyphs, sentences
) -> Canonical:
    return Canonical(
        language, words, starts, ends, _split(forms), variants, hashes, homoglyphs, sentences
    )


def _split(joined: str) -> tuple[str, ...]:
    return tuple(joined.split(_SEP)) if joined else ()


@dataclass(frozen=True, slots=True)
class _Entry:
    form: str | None
    variant: int
    hash: int
    folded: tuple[int, ...]


def canonicalize(text: str, options: Options) -> Canonical:
    """Canonical words of ``text`` under ``options`` (see the module docstring for what holds)."""
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    language = options.language
    if language == "auto":
        language = language_of_words([t[0] for t in tokens[:_DETECT_WORDS]])
    script = script_of(language)
    rules = _rules(options, language, script)
    known, make = rules.cache.get, rules.entry
    entries = [known(raw) or make(raw) for raw, _, _ in tokens]
    kept = [
        (e.form, e.variant, e.hash, t[1], t[2])
        for e, t in zip(entries, tokens, strict=True)
        if e.form is not None
    ]
    forms, variants, hashes, starts, ends = zip(*kept, strict=True) if kept else ((),) * 5
    homoglyphs = [
        t[1] + offset
        for e, t in zip(entries, tokens, strict=True)
        if e.folded
        for offset in e.folded
    ]
    word_starts = np.array(starts, dtype=np.int64)
    return Canonical(
        language=language,
        words=len(tokens),
        starts=word_starts,
        ends=np.array(ends, dtype=np.int64),
        forms=forms,
        variants=np.array(variants, dtype=np.uint64),
        hashes=np.array(hashes, dtype=np.uint64),
        homoglyphs=tuple(homoglyphs),
        sentences=sentence_ids(text, word_starts),
    )


def sentence_ids(text: str, starts: np.ndarray) -> np.ndarray:
    """The index of the sentence each word (by its start offset) lies in.

    A sentence ends at ``.``, ``!``, ``?`` or ``…`` (closing quotes and brackets may follow)
    before white space and a capital letter, digit, quote or dash, and at every line break
    (headings, list items and paragraphs are units of their own). Abbreviations before a
    capital ("Dr. Smith", initials) split a sentence in two, which only ever makes the pieces
    smaller: fragments are split at sentences that match nothing (``core.align``).
    """
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    return np.searchsorted(np.array(ends, dtype=np.int64), starts, side="right").astype(np.int32)


def word_spans(text: str) -> list[tuple[int, int]]:
    """Spans of every word of ``text``, as the tokenizer sees them (stop words included)."""
    return [m.span() for m in _WORD.finditer(text)]


def fingerprint(value: str) -> int:
    """Stable 64-bit fingerprint of a string (BLAKE2b, little-endian)."""
    return int.from_bytes(hashlib.blake2b(value.encode("utf-8"), digest_size=8).digest(), "little")


def fold_homoglyphs(word: str, prefer: str = CYRILLIC) -> tuple[str, tuple[int, ...]]:
    """Fold look-alike letters of a mixed-script word into its majority script.

    Returns the folded word and the offsets of the letters changed; a single-script word
    comes back unchanged. Ties between the scripts go to ``prefer``.
    """
    if not (CYRILLIC_LETTERS.search(word) and LATIN_LETTERS.search(word)):
        return word, ()
    cyr = sum(map(len, CYRILLIC_LETTERS.findall(word)))
    lat = sum(map(len, LATIN_LETTERS.findall(word)))
    target = CYRILLIC if cyr > lat or (cyr == lat and prefer is CYRILLIC) else LATIN
    table = LATIN_TO_CYRILLIC if target is CYRILLIC else CYRILLIC_TO_LATIN
    folded = [table.get(ch, ch) for ch in word]
    changed = tuple(i for i, (a, b) in enumerate(zip(word, folded, strict=True)) if a != b)
    return "".join(folded), changed


class _Rules:
    """The per-word part of canonicalization for one (options, language, script), memoised."""

    def __init__(self, options: Options, language: str, script: str) -> None:
        self.options = options
        self.language = language
        self.script = script
        self.cache: dict[str, _Entry] = {}

    def entry(self, raw: str) -> _Entry:
        entry = self.cache.get(raw)
        if entry is None:
            entry = self.cache[raw] = self._make(raw)
        return entry

    def _make(self, raw: str) -> _Entry:
        folded, changed = fold_homoglyphs(raw, self.script)
        surface = _clean(folded)
        form = self._form(surface) if surface else None
        hashed = fingerprint(form) if form else 0
        return _Entry(form, fingerprint(surface) if form else 0, hashed, changed)

    def _form(self, surface: str) -> str | None:
        o = self.options
        if surface.isdigit():
            return None if o.ignore_numbers else surface
        if o.drop_short and len(surface) <= 3:
            return None
        language = self._word_language(surface)
        if o.stop_words and surface in stop_words(language):
            return None
        return normalizer(language)(surface) if o.lemmatize else surface

    def _word_language(self, surface: str) -> str:
        if CYRILLIC_LETTERS.search(surface):
            return cyrillic_word_language(surface, self.language)
        return self.language if self.language in LATIN_LANGUAGES else "en"


def _clean(word: str) -> str:
    text = unicodedata.normalize("NFKC", word.translate(_INVISIBLE)).lower()
    return _NOT_WORD.sub("", text.translate(_APOSTROPHES))


@cache
def _rules(options: Options, language: str, script: str) -> _Rules:
    return _Rules(options, language, script)
