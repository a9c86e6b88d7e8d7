"""Canonicalize: text → canonical words, each keeping its character span (ALGORITHMS.md §1).

What must hold:
- every kept word carries the (start, end) span of the word in the *original* extracted text,
  whatever the normalisation did, so highlights map exactly back onto that text;
- the canonical form is: zero-width characters and soft hyphens removed, NFKC, Latin/Cyrillic
  look-alike letters folded into the word's majority script, lower case, ё → е, apostrophes
  unified, then stop words / short words / numbers dropped as the options say, then a lemma
  (pymorphy3, ru and uk) or a Snowball stem;
- the result depends only on the text and the options: same forms and fingerprints on every
  run and machine (64-bit BLAKE2b fingerprints, never Python's salted ``hash()``), whatever
  the sizes of the batches the work is done in and whatever the memo of words held before;
- memory is a small multiple of the text (issue 13: a 50 M-character text is read in a worker
  limited to 1.5 GB): per kept word ~44 bytes of arrays and one pointer to a shared form; no
  Python object per word outlives its batch (``bench/bench_memory.py`` measures it).

Speed (issue 40): the words of a batch are found on arrays (:func:`_words`), each distinct
word is canonicalized once per process (the memo, :class:`_Rules`) and, within
:func:`forms_shared`, once per run: the reading workers it forks share what they learn.

Look-alike letters are folded only inside words that mix both scripts ("пpивeт" with Latin p
and e): a whole word written in the other script ("Coca" in Russian text) is left alone, since
brand names and quotations would otherwise be reported as tricks. Each folded letter's offset
is reported: the count is itself a finding for the user.
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import re
import shutil
import struct
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import chain, islice, repeat
from sys import intern

import numpy as np

from copylens.core import runfolders
from copylens.core.language import (
    A_CYRILLIC_LETTER,
    A_LATIN_LETTER,
    CYRILLIC,
    CYRILLIC_LETTERS,
    LATIN,
    LATIN_LANGUAGES,
    LATIN_LETTERS,
    cyrillic_word_language,
    language_of_words,
    script_of,
)
from copylens.core.morphology import forget_forms, normalizer
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
_CACHE_WORDS = 1 << 18
"""Most words a memo of :class:`_Rules` holds (~130 MB with the normalizers' caches)."""
_SURFACE_WORDS = 1 << 17
"""Most cleaned words :attr:`_Rules.surfaces` holds (~14 MB; 250,000 distinct Russian words
read at once took 159 MB with no bound on it, 132 MB without it)."""
_NOT_WORD = re.compile(r"[^\w']+|_")
_CAPITALS = "A-ZÀ-ÖØ-ÞА-ЯЁІЇЄҐ"
CAPITALISED = rf"[{_CAPITALS}][^\W\d_]*[^\W\d_{_CAPITALS}]"
"""A capitalised word (a capital, then a small letter in the same word), as a regular
expression's source: after a colon and a space it opens a clause of its own ("as follows:
Each item ..."), where an acronym, a single capital or a digit goes on with the sentence
("Note: NASA", "Steps: A, B", "ratio 3: 1")."""
_COLON_BREAK = re.compile(rf":[^\S\n]+(?={CAPITALISED})")
"""A colon before a space and a :data:`CAPITALISED` word (:func:`clause_ids`)."""
_SENTENCE_END = re.compile(
    r"[.!?…\n](?:(?<=\n)|[.!?…]*[\"'»“”’)\]]*(?=\s+[\"'«“„‘(\[—–-]*\s*[A-ZÀ-ÖØ-ÞА-ЯЁІЇЄҐ0-9]))"
)
"""A line break, or a run of ``.!?…`` and closing quotes before white space and what may
start a sentence (:func:`sentence_ids`). Written to start with one character class, so that
the regex engine skips to the next candidate character at C speed (2-2.5x faster than the
equivalent ``[.!?…]+…|\n``, which it tries at every character)."""

LATIN_TO_CYRILLIC = dict(zip("aceopxyiABCEHKMOPTXI", "асеорхуіАВСЕНКМОРТХІ", strict=True))
CYRILLIC_TO_LATIN = {cyr: lat for lat, cyr in LATIN_TO_CYRILLIC.items()}
_FOLDS = {
    target: (str.maketrans(table), re.compile(f"[{''.join(table)}]"))
    for target, table in ((CYRILLIC, LATIN_TO_CYRILLIC), (LATIN, CYRILLIC_TO_LATIN))
}
"""For each script folded into: the translation table of :func:`fold_homoglyphs` and the
letters it changes (each into a letter of the other script, so never into itself: the
offsets changed are those of these letters, issue 40: 2.4 µs a mixed word against 4.9 with a
list of the letters, joined, and a comparison of each pair)."""
_START = re.Match.start
_SCRIPT_MARKS = {
    code: "c" if CYRILLIC_LETTERS.fullmatch(chr(code)) else "l"
    for code in range(0x530)  # both ranges end below it
    if CYRILLIC_LETTERS.fullmatch(chr(code)) or LATIN_LETTERS.fullmatch(chr(code))
}
"""``str.translate`` table marking each letter of :data:`CYRILLIC_LETTERS` "c" and each of
:data:`LATIN_LETTERS` "l" (any other character is left as it is, and none of them is one of
those two Latin letters): :func:`fold_homoglyphs` counts the two scripts' letters of a word in
its translation (two counts in C, not two lists of runs)."""


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
        """Pickle the forms as their distinct values, joined into one string, and an int32
        index per word: small and fast between processes, and the unpickled forms share one
        string per distinct form as the original's do (one string per word would cost tens of
        bytes per word in the process that receives the document)."""
        vocabulary, ids = form_ids(self.forms)
        return _unpickle, (
            self.language,
            self.words,
            self.starts,
            self.ends,
            (SEP.join(vocabulary), ids),
            self.variants,
            self.hashes,
            self.homoglyphs,
            self.sentences,
        )


SEP = "\x00"
"""Joins the distinct forms when pickled: no form holds it (:func:`_clean` removes it)."""


def form_ids(forms: tuple[str, ...]) -> tuple[list[str], np.ndarray]:
    """The distinct forms in order of first use, and each word's index among them."""
    index: dict[str, int] = dict.fromkeys(forms, 0)
    for i, form in enumerate(index):
        index[form] = i
    ids = np.fromiter(map(index.__getitem__, forms), dtype=np.int32, count=len(forms))
    return list(index), ids


def _unpickle(  # type: ignore[no-untyped-def]
    language, words, starts, ends, forms, variants, hashes, homoglyphs, sentences, shared=True
) -> Canonical:
    joined, ids = forms
    return Canonical(
        language,
        words,
        starts,
        ends,
        forms_of(joined, ids, shared=shared),
        variants,
        hashes,
        homoglyphs,
        sentences,
    )


def reduce_transient(canonical: Canonical) -> tuple[object, tuple[object, ...]]:
    """How a document that is read, used and dropped (a spilled one, ``copylens.core.spill``)
    pickles its canonical words: the fields as they are, the forms joined into one string by
    :data:`SEP` (:func:`_transient` splits them again). One string pickled in place of a tuple
    of a string object a word and the pickler's memo of each (issue 40: a 650-word essay's
    forms pickled in 8.8 µs against 19.2 as a tuple, unpickled and split in 15.7 against
    19.8; the spill's write of an essay 62 µs against 79, one process). The forms come back
    as a string each, equal ones no longer sharing one (~3.5 KB more an essay read back, for
    the few a pair worker holds: ``copylens.core.spill.Recent``); not interned, since no
    other document will share them. A form holding :data:`SEP` (none can: :func:`_clean`
    removes it) would travel as the tuple itself."""
    c = canonical
    forms: tuple[str, ...] | str = c.forms
    if forms:
        joined = SEP.join(forms)
        if joined.count(SEP) == len(forms) - 1:
            forms = joined
    return _transient, (
        c.language,
        c.words,
        c.starts,
        c.ends,
        forms,
        c.variants,
        c.hashes,
        c.homoglyphs,
        c.sentences,
    )


def _transient(  # type: ignore[no-untyped-def]
    language, words, starts, ends, forms, variants, hashes, homoglyphs, sentences
) -> Canonical:
    """The :class:`Canonical` of :func:`reduce_transient`'s fields."""
    if isinstance(forms, str):
        forms = tuple(forms.split(SEP))
    return Canonical(language, words, starts, ends, forms, variants, hashes, homoglyphs, sentences)


def forms_of(joined: str, ids: np.ndarray, *, shared: bool = True) -> tuple[str, ...]:
    """The forms of :meth:`Canonical.__reduce__`, one shared string per distinct form in the
    whole process when ``shared`` (interned: 10,000 prepared essays take a third less memory),
    one per distinct form of the document otherwise."""
    if not len(ids):
        return ()
    vocabulary = np.empty(joined.count(SEP) + 1, dtype=object)
    forms = joined.split(SEP)
    vocabulary[:] = [intern(form) for form in forms] if shared else forms
    return tuple(vocabulary[ids])  # one string per distinct form, not one per word


class _Table:
    """The memo's results by word id: growing arrays (one row per distinct raw word) so a
    batch's words are looked up with one fancy index per column, not a Python call per word."""

    def __init__(self) -> None:
        self.rows = 0
        self.forms = np.empty(1 << 10, dtype=object)
        """The normal form of each word ("" for a word not kept)."""
        self.folded: list[tuple[int, ...]] = []
        """Offsets of the look-alike letters folded in each word."""
        self.kept = np.zeros(1 << 10, dtype=bool)
        self.folds = np.zeros(1 << 10, dtype=bool)
        self.variants = np.zeros(1 << 10, dtype=np.uint64)
        self.hashes = np.zeros(1 << 10, dtype=np.uint64)

    def __len__(self) -> int:
        return self.rows

    def extend(self, rows: list[tuple[str | None, int, int, tuple[int, ...]]]) -> None:
        """Append rows of (form or None, variant, hash, folded offsets); the arrays grow by
        half again when full, so a run's many small batches of new words cost no copying."""
        lo, hi = self.rows, self.rows + len(rows)
        if hi > len(self.kept):
            size = max(hi, len(self.kept) * 3 // 2)
            for name in ("forms", "kept", "folds", "variants", "hashes"):
                old = getattr(self, name)
                grown = np.zeros(size, dtype=old.dtype)
                grown[:lo] = old[:lo]
                setattr(self, name, grown)
        self.forms[lo:hi] = [form or "" for form, _, _, _ in rows]
        self.folded += [folded for _, _, _, folded in rows]
        self.kept[lo:hi] = [form is not None for form, _, _, _ in rows]
        self.folds[lo:hi] = [bool(f) for _, _, _, f in rows]
        self.variants[lo:hi] = [v for _, v, _, _ in rows]
        self.hashes[lo:hi] = [h for _, _, h, _ in rows]
        self.rows = hi


_BATCH = 1 << 16
"""Characters tokenized at a time: only one batch's per-word Python objects (the words) are
alive at once, the rest of the text's words being numpy arrays (a
test shrinks it to a few characters)."""
_ENDS_BATCH = 1 << 14
"""Sentence ends read at a time by :func:`sentence_ids` (a test shrinks it to 1)."""
_END = re.Match.end
_SURROGATES = 0xD800
"""The first UTF-16 surrogate: a text whose code points are all below it is read as UTF-16
units by :func:`_words` (its classes by ``take``, its words decoded from two bytes a
character: 7 µs of 13 for a Russian essay's classes, 1 of 7 for its decoding)."""
_LETTER_CLASS, _MARK, _INVISIBLE_CLASS, _APOSTROPHE = 1, 2, 3, 4
"""Classes of characters for :func:`_words` (0: any other)."""


@cache
def _classes() -> np.ndarray:
    """The class of every code point of the Basic Multilingual Plane (uint8), as :data:`_WORD`
    sees it: a letter is ``[^\\W_]``, which for ``re`` is ``str.isalnum`` (``\\w`` is
    alphanumeric or ``_``: checked for every code point in tests/test_canonicalize.py); the
    modifier apostrophe ʼ is a letter. Made in the parent's warm-up, serial: the string of
    every code point decoded from one array (0.2 ms; joining 65,536 ``chr`` took 4 ms)."""
    table = np.zeros(0x10000, dtype=np.uint8)
    table[0x300:0x370] = _MARK
    table[list(_INVISIBLE)] = _INVISIBLE_CLASS
    table[[ord(c) for c in "'’ʼ"]] = _APOSTROPHE
    every = np.arange(0x10000, dtype=np.uint32).tobytes().decode("utf-32-le", "surrogatepass")
    table[np.fromiter(map(str.isalnum, every), dtype=bool, count=0x10000)] = _LETTER_CLASS
    return table


@dataclass(frozen=True)
class _Batch:
    """Consecutive words of a text, exactly as :data:`_WORD` finds them in the whole text."""

    words: list[str]
    starts: np.ndarray
    ends: np.ndarray


def _words(piece: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The words :data:`_WORD` finds in ``piece``, with their starts and ends (int64),
    computed on arrays (a class per character, no match object per word: 0.085 ms an essay
    where the regular expression's ``split`` and a length per piece took 0.14).

    A word is a maximal run of: letters; after a letter, a run of combining marks; between a
    letter or such mark and a letter, one apostrophe or a run of invisible characters. Where
    the text has none of the three, the words are the runs of letters. The words themselves
    are those of the piece with every other character made a space, split at white space (no
    character of a word is white space)."""
    codes = np.frombuffer(piece.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    narrow = not len(codes) or int(codes.max()) < _SURROGATES
    if narrow:  # most texts: every character one UTF-16 unit, and no surrogate
        classes = _classes().take(codes)
    else:
        classes = _classes()[np.minimum(codes, 0xFFFF)]
        astral = np.flatnonzero(codes > 0xFFFF)
        if len(astral):
            classes[astral] = [
                _LETTER_CLASS if chr(c).isalnum() else 0 for c in codes[astral].tolist()
            ]
    inword = classes == _LETTER_CLASS
    if (classes > _LETTER_CLASS).any():
        inword = _joined(classes, inword)
    padded = np.zeros(len(inword) + 2, dtype=bool)  # np.diff with prepend and append, less
    padded[1:-1] = inword  # its checks and concatenation (5 µs of 13 a batch)
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    spaced = np.where(inword, codes, np.uint32(0x20))
    if narrow:  # the same string: UTF-16 of code points below the surrogates is each one unit
        words = spaced.astype(np.uint16).tobytes().decode("utf-16-le").split()
    else:
        words = spaced.tobytes().decode("utf-32-le", "surrogatepass").split()
    return words, edges[0::2].astype(np.int64), edges[1::2].astype(np.int64)


def _joined(classes: np.ndarray, letters: np.ndarray) -> np.ndarray:
    """``letters`` and the marks, apostrophes and invisible characters :data:`_WORD` takes
    into a word with them (:func:`_words`)."""
    after_letter = np.concatenate(([False], letters[:-1]))
    before_letter = np.concatenate((letters[1:], [False]))
    inword = letters | _runs(classes == _MARK, after_letter, None)
    after_word = np.concatenate(([False], inword[:-1]))
    inword |= (classes == _APOSTROPHE) & after_word & before_letter
    inword |= _runs(classes == _INVISIBLE_CLASS, after_word, before_letter)
    return inword


def _runs(members: np.ndarray, first_ok: np.ndarray, last_ok: np.ndarray | None) -> np.ndarray:
    """The runs of ``members`` whose first character has ``first_ok`` and last one
    ``last_ok`` (any, for None)."""
    if not members.any():
        return members
    before = np.concatenate(([False], members[:-1]))
    firsts = members & ~before
    run = np.cumsum(firsts)
    ok = np.zeros(int(run[-1]) + 1, dtype=bool)
    ok[run[firsts]] = first_ok[firsts]
    if last_ok is not None:
        lasts = members & ~np.concatenate((members[1:], [False]))
        ok[run[lasts]] &= last_ok[lasts]
    return members & ok[run]


def _batches(text: str) -> Iterator[_Batch]:
    """The words of ``text`` in order, about :data:`_BATCH` characters at a time.

    The words of a batch are found on arrays (:func:`_words`), no match object per word.
    A batch is cut from the text (``text[at:at + _BATCH]``), so its last
    word may be cut short, or end where the whole text's would not (an apostrophe before the
    cut): it is read again as the first word of the next batch. Every earlier word is the
    whole text's, since a word's extent depends only on the characters up to the first one
    after it (which lies before the next word). A batch of a single unfinished word reads that
    word alone from the whole text (``match``), however long.
    """
    at, size = 0, len(text)
    while at < size:
        cut = min(at + _BATCH, size)
        words, starts, ends = _words(text[at:cut])
        starts += at
        ends += at
        if cut < size and words:  # the last word is read again by the next batch
            if len(words) == 1:
                match = _WORD.match(text, int(starts[0]))
                assert match is not None  # a word starts there
                yield _Batch([match.group()], starts, np.array([match.end()], np.int64))
                at = match.end()
                continue
            at = int(starts[-1])
            words.pop()
            starts, ends = starts[:-1], ends[:-1]
        else:
            at = cut
        if words:
            yield _Batch(words, starts, ends)


def canonicalize(text: str, options: Options) -> Canonical:
    """Canonical words of ``text`` under ``options`` (see the module docstring for what holds).

    Memory: a small multiple of the text. The words are read :data:`_BATCH` characters at a
    time (:func:`_batches`: the words and offsets of the whole text); each batch's per-word
    results go into numpy arrays at once, and only the distinct forms are strings of their own.
    """
    batches = _batches(text)
    first: list[_Batch] = []
    language = options.language
    if language == "auto":
        seen = 0
        while seen < _DETECT_WORDS and (batch := next(batches, None)) is not None:
            first.append(batch)
            seen += len(batch.words)
        sample = list(islice(chain.from_iterable(b.words for b in first), _DETECT_WORDS))
        language = language_of_words(sample)
    rules = _rules(options, language, script_of(language))
    gathering = _Gathering()
    for batch in chain(first, batches):
        gathering.add(batch, rules.ids(batch.words), rules.table)
        del batch
    first.clear()
    return gathering.done(text, language)


def canonicalize_many(texts: list[str], options: Options) -> list[Canonical]:
    """:func:`canonicalize` of each text (the same results), each step done for every text of
    at most one batch (:data:`_BATCH` characters, an essay) before the next: the words, the
    language samples, the memo's look-ups, the arrays and sentence ids (issue 40: a reader's
    group of files, ``copylens.core.prepare.READ_GROUP``). A longer text is canonicalized on
    its own, batch by batch. The memo's table is taken right after each text's look-up: a
    later text's new words may empty the memo and start a new table (:meth:`_Rules.ids`),
    and the ids of the earlier ones are those of the table they were looked up in."""
    made: list[Canonical | None] = [None] * len(texts)
    small = [i for i, text in enumerate(texts) if len(text) <= _BATCH]
    for i, text in enumerate(texts):
        if len(text) > _BATCH:
            made[i] = canonicalize(text, options)
    batches = [next(_batches(texts[i]), None) for i in small]
    if options.language == "auto":
        languages = [
            language_of_words(list(islice(b.words, _DETECT_WORDS)) if b is not None else [])
            for b in batches
        ]
    else:
        languages = [options.language] * len(small)
    rules = [_rules(options, language, script_of(language)) for language in languages]
    looked = []
    for r, b in zip(rules, batches, strict=True):
        ids = r.ids(b.words) if b is not None else None
        looked.append((ids, r.table))
    for i, language, b, (ids, table) in zip(small, languages, batches, looked, strict=True):
        made[i] = _gathered(texts[i], language, b, ids, table)
    return [c for c in made if c is not None]


def _gathered(
    text: str, language: str, batch: _Batch | None, ids: np.ndarray | None, table: _Table
) -> Canonical:
    """:func:`canonicalize`'s canonical words of a text of at most one batch, by the memo's
    ids of its words in ``table``."""
    gathering = _Gathering()
    if batch is not None and ids is not None:
        gathering.add(batch, ids, table)
    return gathering.done(text, language)


class _Gathering:
    """A text's canonical words gathered batch by batch (:func:`canonicalize`,
    :func:`_gathered`): each batch's words by the memo's ids of them in the table they were
    looked up in."""

    def __init__(self) -> None:
        self.words = 0
        self.forms: list[str] = []
        self.starts, self.ends = _Growing(np.int64), _Growing(np.int64)
        self.variants, self.hashes = _Growing(np.uint64), _Growing(np.uint64)
        self.homoglyphs: list[int] = []

    def add(self, batch: _Batch, ids: np.ndarray, table: _Table) -> None:
        self.words += len(batch.words)
        if table.folds[ids].any():
            self.homoglyphs += [
                start + offset
                for start, i in zip(batch.starts.tolist(), ids.tolist(), strict=True)
                for offset in table.folded[i]
            ]
        kept = table.kept[ids]
        self.starts.add(batch.starts[kept])
        self.ends.add(batch.ends[kept])
        ids = ids[kept]
        self.forms += table.forms[ids].tolist()
        self.variants.add(table.variants[ids])
        self.hashes.add(table.hashes[ids])

    def done(self, text: str, language: str) -> Canonical:
        word_starts = self.starts.done()
        return Canonical(
            language=language,
            words=self.words,
            starts=word_starts,
            ends=self.ends.done(),
            forms=_tuple(self.forms),
            variants=self.variants.done(),
            hashes=self.hashes.done(),
            homoglyphs=tuple(self.homoglyphs),
            sentences=sentence_ids(text, word_starts),
        )


class _Growing:
    """A numpy array filled a batch at a time. The first batch's values are taken as they are
    (a text of one batch, most texts, copies nothing); when full it moves to an array half as
    large again (``np.empty``: the pages not yet filled take no memory); :meth:`done` trims it
    to its length in place (``realloc``, no copy)."""

    def __init__(self, dtype: type[np.generic]) -> None:
        self.array = np.empty(0, dtype=dtype)
        self.size = 0

    def add(self, values: np.ndarray) -> None:
        """Add ``values``: an array of the dtype that nothing else refers to."""
        end = self.size + len(values)
        if self.size == 0 and values.dtype == self.array.dtype and values.flags.owndata:
            self.array, self.size = values, end
        elif end > len(self.array):
            grown = np.empty(max(end, len(self.array) * 3 // 2), dtype=self.array.dtype)
            grown[: self.size] = self.array[: self.size]
            self.array = grown
        if self.array is not values:
            self.array[self.size : end] = values
        self.size = end

    def done(self) -> np.ndarray:
        """The array, trimmed to the values added (only shrinks: nothing is zero-filled)."""
        if len(self.array) != self.size:
            self.array.resize(self.size, refcheck=False)
        return self.array


def _tuple(items: list[str]) -> tuple[str, ...]:
    """``tuple(items)``, emptying ``items`` (so that the list and the tuple are not both kept
    beyond this call)."""
    whole = tuple(items)
    items.clear()
    return whole


def sentence_ids(text: str, starts: np.ndarray) -> np.ndarray:
    """The index of the sentence each word (by its start offset, ``starts`` ascending) lies in.

    A sentence ends at ``.``, ``!``, ``?`` or ``…`` (closing quotes and brackets may follow)
    before white space and a capital letter, digit, quote or dash, and at every line break
    (headings, list items and paragraphs are units of their own). Abbreviations before a
    capital ("Dr. Smith", initials) split a sentence in two, which only ever makes the pieces
    smaller: fragments are split at sentences that match nothing (``core.align``).

    The index is the number of sentence ends at or before the word's start; the ends are read
    :data:`_ENDS_BATCH` at a time and never all held at once (a text of blank lines has as many
    ends as characters).
    """
    ids = np.empty(len(starts), dtype=np.int32)
    ends = map(_END, _SENTENCE_END.finditer(text))
    done = passed = 0  # words given their index; sentence ends before the current batch
    while done < len(starts) and len(batch := np.fromiter(islice(ends, _ENDS_BATCH), np.int64)):
        upto = done + int(np.searchsorted(starts[done:], batch[-1], side="left"))
        found = np.searchsorted(batch, starts[done:upto], side="right")
        ids[done:upto] = found + passed
        passed += len(batch)
        done = upto
    ids[done:] = passed
    return ids


def clause_ids(text: str, c: Canonical) -> np.ndarray:
    """``c.sentences`` with each sentence also cut after a colon before a space and a
    :data:`CAPITALISED` word (the index of each word's clause, ascending as the sentences'):
    the units in which :func:`copylens.core.align.own_sentences` judges the writer's own
    sentences. A copied sentence ending in "as follows:" and the writer's own "Honestly I
    ..." after it are two units there, so the own one is cut out of the copy (issue 34:
    bench/bench_own_text.py, 7 of the 18 own sentences marked between copied ones stood
    after a copied sentence ending in a colon). Only that cut: as ``Canonical.sentences``
    for every step it cost the PAN-13 development sample translation plagdet 0.921 -> 0.915
    and random 0.823 -> 0.822. ``text`` is the text ``c`` was read from."""
    breaks = np.fromiter((m.end() for m in _COLON_BREAK.finditer(text)), dtype=np.int64)
    if not len(breaks):
        return c.sentences
    return c.sentences + np.searchsorted(breaks, c.starts, side="right").astype(np.int32)


def word_count(text: str) -> int:
    """Words of ``text`` as a report counts them (``DocumentResult.words``: every word the
    tokenizer finds, stop words included; a dash or a lone digit group is not one)."""
    return sum(1 for _ in _WORD.finditer(text))


def word_spans(text: str, most: int | None = None) -> list[tuple[int, int]]:
    """Spans of every word of ``text``, as the tokenizer sees them (stop words included); only
    the first ``most`` when given (the text's further words are not even looked for)."""
    return [m.span() for m in islice(_WORD.finditer(text), most)]


def word_spans_within(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """:func:`word_spans` of ``text[lo:hi]``, shifted by ``lo`` (spans of ``text``), found
    without slicing: the pattern has no look-behind and looks at nothing past ``hi``, so it
    finds the slice's words (tests/test_copies_windows.py)."""
    return [m.span() for m in _WORD.finditer(text, lo, hi)]


_BLAKE2B_8 = hashlib.blake2b(digest_size=8)
"""An empty BLAKE2b state of 8-byte digests, copied by :func:`fingerprint` (never updated)."""


def fingerprint(value: str) -> int:
    """Stable 64-bit fingerprint of a string (BLAKE2b of its UTF-8, 8 bytes, little-endian).

    Made from a copy of :data:`_BLAKE2B_8` (issue 40: 0.4 µs a word against 1.0 for
    ``hashlib.blake2b(data, digest_size=8)``, whose parameters are read and the state set up
    at every call); the same digest, held to the constants in tests/test_canonicalize.py."""
    state = _BLAKE2B_8.copy()
    state.update(value.encode("utf-8"))
    return int.from_bytes(state.digest(), "little")


def fold_homoglyphs(word: str, prefer: str = CYRILLIC) -> tuple[str, tuple[int, ...]]:
    """Fold look-alike letters of a mixed-script word into its majority script.

    Returns the folded word and the offsets of the letters changed; a single-script word
    comes back unchanged. Ties between the scripts go to ``prefer``.
    """
    if word.isascii() or not (A_LATIN_LETTER.search(word) and A_CYRILLIC_LETTER.search(word)):
        return word, ()
    scripts = word.translate(_SCRIPT_MARKS)
    cyr, lat = scripts.count("c"), scripts.count("l")
    target = CYRILLIC if cyr > lat or (cyr == lat and prefer is CYRILLIC) else LATIN
    table, foldable = _FOLDS[target]
    return word.translate(table), tuple(map(_START, foldable.finditer(word)))


class _Rules:
    """The per-word part of canonicalization for one (options, language, script), memoised.

    The memo holds at most :data:`_CACHE_WORDS` words: a hostile text of distinct tokens
    (base64, hex, random letters) would otherwise grow it, and the normalizers' own caches,
    by hundreds of bytes per word of the text. It is emptied when full; the results are the
    same, only recomputed.
    """

    def __init__(self, options: Options, language: str, script: str) -> None:
        self.options = options
        self.language = language
        self.script = script
        self.cache: dict[str, int] = {}
        self.table = _Table()
        self.form_hashes: dict[str, int] = {}
        """The fingerprint of each form made so far (several words share a lemma)."""
        self.surfaces: dict[str, tuple[str | None, int, int]] = {}
        """:meth:`_of_surface` of each cleaned word met so far: the words written in
        several ways (capitals, look-alike letters, invisible characters, ё) are learned
        once (issue 40: of the 34,600 raw words of the 1,000 scale essays, 21,300 distinct
        cleaned ones). At most :data:`_SURFACE_WORDS` entries (emptied when full, and with
        the memo): a text of distinct words grows it by ~110 bytes a word."""
        self.offered: dict[str, Row] = {}
        """Rows the other readers of the run learned (:class:`_SharedForms`), not yet needed
        here: taken into the memo only when this process meets the word (most of a reader's
        new words are rare ones the others never meet)."""

    def ids(self, raws: list[str]) -> np.ndarray:
        """The memo's id of each word, new words canonicalized and added first (the memo is
        emptied first when they would take it past :data:`_CACHE_WORDS`)."""
        cache = self.cache
        ids = np.fromiter(map(cache.get, raws, repeat(-1)), dtype=np.int64, count=len(raws))
        missing = np.flatnonzero(ids < 0).tolist()
        if not missing:
            return ids
        new = list(dict.fromkeys(map(raws.__getitem__, missing)))
        if len(cache) + len(new) > _CACHE_WORDS:
            cache.clear()
            self.table = _Table()
            self.form_hashes.clear()
            self.surfaces.clear()
            self.offered.clear()
            forget_forms()
            new = list(dict.fromkeys(raws))
            missing = list(range(len(raws)))
        shared = _SHARED[0]
        if shared is not None:  # what the other readers learned first
            shared.absorb()
            offered = self.offered
            known = [raw for raw in new if raw in offered]
            if known:
                self.take(known, [offered.pop(raw) for raw in known])
                new = [raw for raw in new if raw not in cache]
        rows = [self._make(raw) for raw in new]
        self.take(new, rows)
        if shared is not None and new:
            shared.publish(self, new, rows)
        ids[missing] = [cache[raws[i]] for i in missing]
        return ids

    @property
    def key(self) -> tuple[Options, str, str]:
        """What :func:`_rules` makes this of."""
        return self.options, self.language, self.script

    @cached_property
    def key_blob(self) -> bytes:
        """:attr:`key` pickled (:class:`_SharedForms` records carry it)."""
        return pickle.dumps(self.key, protocol=pickle.HIGHEST_PROTOCOL)

    def offer(self, raws: list[str], rows: list[Row]) -> None:
        """Hold rows another reader learned (:attr:`offered`), at most :data:`_CACHE_WORDS`
        of them (emptied when full, as the memo is: a row not held is learned here if met)."""
        offered = self.offered
        if len(offered) + len(raws) > _CACHE_WORDS:
            offered.clear()
        if len(raws) <= _CACHE_WORDS:
            offered.update(zip(raws, rows, strict=True))

    def take(self, raws: list[str], rows: list[Row]) -> None:
        """Add the rows (of :meth:`_make`) of words not yet in the memo."""
        first = len(self.table)
        self.table.extend(rows)
        self.cache.update(zip(raws, range(first, first + len(raws)), strict=True))

    def _make(self, raw: str) -> Row:
        folded, changed = fold_homoglyphs(raw, self.script)
        surface = _clean(folded)
        surfaces = self.surfaces
        made = surfaces.get(surface)
        if made is None:
            if len(surfaces) >= _SURFACE_WORDS:
                surfaces.clear()
            made = surfaces[surface] = self._of_surface(surface)
        return made[0], made[1], made[2], changed

    def _of_surface(self, surface: str) -> tuple[str | None, int, int]:
        """What :meth:`_make` learns of a word from its :func:`_clean` form (all but the
        offsets of its folded look-alikes)."""
        form = self._form(surface) if surface else None
        if not form:
            return form, 0, 0
        hashed = self.form_hashes.get(form)
        if hashed is None:
            hashed = self.form_hashes[form] = fingerprint(form)
        return form, hashed if surface == form else fingerprint(surface), hashed

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
        """:func:`copylens.core.language.cyrillic_word_language` of a word with a Cyrillic
        letter; "en" or the document's Latin language for any other word."""
        if A_CYRILLIC_LETTER.search(surface):
            return cyrillic_word_language(surface, self.language)
        return self.language if self.language in LATIN_LANGUAGES else "en"


def _clean(word: str) -> str:
    """The word without invisible characters, NFKC-normalized, lower case, apostrophes and ё
    unified, only word characters and apostrophes kept. A word of letters only that NFKC
    leaves alone and whose lower case is letters too (most words) needs only the last steps
    but one: it has no invisible character, and nothing of it is removed (half the time)."""
    if word.isalpha() and unicodedata.is_normalized("NFKC", word):
        lower = word.lower()
        if lower.isalpha():
            return _unified(lower)
    text = unicodedata.normalize("NFKC", word.translate(_INVISIBLE)).lower()
    return _NOT_WORD.sub("", _unified(text))


def _unified(text: str) -> str:
    """``text.translate(_APOSTROPHES)`` by three ``replace`` (each a scan in C when the letter
    is absent, as it mostly is: 0.07 µs a word against 0.4-0.8 µs; single letters for single
    letters, so the same string)."""
    return text.replace("ё", "е").replace("’", "'").replace("ʼ", "'")


@cache
def _rules(options: Options, language: str, script: str) -> _Rules:
    return _Rules(options, language, script)


Row = tuple[str | None, int, int, tuple[int, ...]]
"""What :meth:`_Rules._make` learns of a word: form (None when not kept), variant, hash,
offsets of folded look-alikes."""
_RECORD = struct.Struct("<Q")
"""The length of a record of :class:`_SharedForms`, before it."""


_STOPPED = -2
"""A :class:`_SharedForms` file descriptor after a failed write: this process shares no more."""


class _SharedForms:
    """Word forms learned by the reading workers of one run, shared through a folder: each
    process appends what it learned to a file of its own (one length-prefixed pickle of
    (rules, words, rows) per batch, one ``write``) and, before it learns a batch's new words,
    reads what the others appended since it last looked, as rows offered to its memo
    (:meth:`_Rules.offer`), taken when it meets the word. A form is then learned by about one
    reader of the run instead of every one (issue 40: 40,807 forms learned for 27,512
    distinct). Offering a row costs ~0.4 µs (its share of a record's unpickling and a dict
    update), taking one ~1.5 µs, learning it 6-15 µs (a lemma, fingerprints); taking every
    row offered, as at first, cost ~9 µs a row in the readers of 1,000 essays (small batches
    into the memo's arrays), about what sharing saved.

    What must hold: the results are those of learning every word here (a row is a function of
    the word and its :class:`_Rules` only, so which process learned it changes nothing); a
    record being written, or left half-written by a killed worker, is never read (its length
    says it is not all there yet); the rows offered, as the memo, are at most
    :data:`_CACHE_WORDS` (a word whose row was dropped is learned here again when met).
    """

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.pid = -1
        self.fd = -1
        self.read: dict[str, int] = {}
        """Bytes of each other process's file read so far."""
        self.files: dict[str, int] = {}
        """A descriptor of each other process's file, opened when first listed."""
        self.listed = -math.inf
        """When the folder was last listed (``time.monotonic``)."""
        self.keys: dict[bytes, tuple[Options, str, str]] = {}
        """Each :attr:`_Rules.key` read, by its pickle (unpickling an ``Options`` every
        record took half of reading one)."""

    def _mine(self) -> str:
        """This process's file name (a forked worker starts afresh: nothing read, no file)."""
        if self.pid != os.getpid():
            self.pid, self.fd, self.read = os.getpid(), -1, {}
            self.files, self.listed = {}, -math.inf
        return f"{self.pid}.forms"

    def publish(self, rules: _Rules, raws: list[str], rows: list[Row]) -> None:
        """Append the rows this process learned for the others."""
        mine = self._mine()
        if self.fd == _STOPPED:
            return
        blob = pickle.dumps((rules.key_blob, raws, rows), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            if self.fd < 0:
                flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
                self.fd = os.open(os.path.join(self.folder, mine), flags, 0o600)
            view = memoryview(_RECORD.pack(len(blob)) + blob)
            while view:
                view = view[os.write(self.fd, view) :]
        except OSError:  # sharing only saves time: the others learn these words themselves
            if self.fd >= 0:  # a record may be half written: never append after it
                os.close(self.fd)
            self.fd = _STOPPED

    def absorb(self) -> None:
        """Offer the rows the others appended since last time to the memos they are of. The
        folder is listed at most every :data:`_LIST_EVERY_S` (a reader's file appears when it
        first learns a word: one started later is read from the next listing); a file's
        descriptor stays open and its size tells whether there is anything new (a listing, an
        open and a read each time cost ~45 µs of the ~110 µs a call took)."""
        mine = self._mine()
        if time.monotonic() - self.listed >= _LIST_EVERY_S:
            self.listed = time.monotonic()
            self._open_new(mine)
        for name, fd in self.files.items():
            done = self.read.get(name, 0)
            try:
                size = os.fstat(fd).st_size
                data = _read_at(fd, size - done, done) if size > done else b""
            except OSError:
                continue
            at = 0
            while at + _RECORD.size <= len(data):
                (size,) = _RECORD.unpack_from(data, at)
                if at + _RECORD.size + size > len(data):
                    break  # still being written
                blob, raws, rows = pickle.loads(data[at + _RECORD.size : at + _RECORD.size + size])
                at += _RECORD.size + size
                key = self.keys.get(blob)
                if key is None:
                    key = self.keys[blob] = pickle.loads(blob)
                _rules(*key).offer(raws, rows)
            self.read[name] = done + at

    def _open_new(self, mine: str) -> None:
        """Open the files of the folder not yet open, but this process's own."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name != mine and name not in self.files:
                try:
                    self.files[name] = os.open(os.path.join(self.folder, name), os.O_RDONLY)
                except OSError:
                    continue

    def close(self) -> None:
        """Close this process's descriptors (only its own: a forked reader's are its own)."""
        if self.pid != os.getpid():
            return
        for fd in [self.fd, *self.files.values()]:
            if fd >= 0:
                os.close(fd)
        self.fd, self.files = -1, {}


_LIST_EVERY_S = 0.05
"""Least time between two listings of the shared forms' folder by one reader."""


def _read_at(fd: int, size: int, offset: int) -> bytes:
    """``size`` bytes of the file from ``offset`` (``pread``; Windows has none, and a
    descriptor there is this process's own)."""
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, size)


_SHARED: list[_SharedForms | None] = [None]
"""The folder of the running :func:`forms_shared`, if any (forked readers inherit it)."""


_FORMS_PREFIX = "copylens-forms-"
"""A folder of :func:`forms_shared`: this, the process id of the run, a random part."""


@contextmanager
def forms_shared() -> Iterator[None]:
    """Within it, the processes forked from this one share the word forms they learn
    (:class:`_SharedForms`, in a temporary folder removed at the end)."""
    try:
        folder = runfolders.make(_FORMS_PREFIX)
    except OSError:  # sharing only saves time: each reader learns what it meets
        yield
        return
    before = _SHARED[0]
    _SHARED[0] = _SharedForms(folder)
    try:
        yield
    finally:
        shared, _SHARED[0] = _SHARED[0], before
        if shared is not None:
            shared.close()
        shutil.rmtree(folder, ignore_errors=True)
