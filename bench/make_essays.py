"""Generate the engine benchmark's collection: essays with planted copies and their truth.

Measures nothing itself: it builds the input that ``bench_compare.py`` and
``bench_scale.py`` measure. Essays of
about 600 words, half Russian and half English, are sampled word by word from the real
vocabularies of ``../shared/seeds`` (Russian, with other forms of the same lemmas from
pymorphy3) and the Clough–Stevenson answers (English), with stop words at the rate of those
texts, 8–25 words a sentence and 4–6 paragraphs. Unrelated essays share no run of 4
consecutive canonical words (lemma or stem): the generator rejects any word that would repeat
another essay's 4-gram, under several readings of "canonical" (see :class:`NgramGuard`).

Planted pairs (``truth.json``), each source used once, ``a`` the original and ``b`` the copy:
``format`` (layout, spaces, case, punctuation, quotes), ``edit10`` (about 10 % of the words
replaced, inserted or deleted), ``paragraph`` (a fresh essay with an 80–120-word passage of
``a`` pasted in), ``wordforms`` (Russian; 30–50 % of nouns, adjectives and verbs re-inflected,
same lemma) and ``homoglyph`` (look-alike letters of the other script inside words, and
zero-width characters in half of them).

Common sentences (``--common``, for ``bench_scale.py``): real essays share quotations and set
phrases, so many unrelated pairs share a sentence or two. A pool of common sentences is
written once by the guarded writer (each a unique phrase, its 4-grams its own), and every
fresh essay (planted sources, singles, the fresh part of ``paragraph`` copies) holds some of
them at random places; copies carry their source's. Scale-stable by design:

- quotations (8–25 words, in quotation marks in half of their uses): 0–4 per essay (mean 1.9),
  drawn uniformly from a pool of the essay's language sized n_lang · 1.9 / 28, so that each
  is held by about 28 essays (Poisson: 10th–90th percentile 20–37) whatever n;
- set phrases (5–8 content words): one in English held by 60 % of all essays, Russian and
  English (more than half: the engine's common-phrase rule ignores it), and ten per language
  held by 20 % · rank^-1.3 of that language's essays (10 % down to 0.6 % of the collection);

about 3 common sentences an essay. At 10,000 essays some 275,000 unrelated pairs share a
sentence held by at most 64 essays (the engine's candidate index keeps such anchors), with a
containment of 0.02–0.08. An insert never opens a paragraph nor follows another one. The guard
checks the 4-grams across a quotation's edges (it waits up to 5 fresh sentences for a start
that repeats no other essay's 4-gram), so essays sharing a quotation share just it; set phrases
are walls to it (no 4-gram across one is formed or checked: a phrase held by thousands of
essays cannot have a unique neighbour in these vocabularies), so essays holding the same set
phrase may share the word beside it by chance (about 0.2 % of such pairs per side). The truth
adds each essay's common sentences (``essay_pool``), the pool (``pool``: text, kind,
language, df) and a summary (``common``: sizes, document frequencies, pairs sharing).

Scale: :class:`NgramGuard` keeps four readings of every 4-gram in a dict, about 300 bytes
each: 2.9 GB and 100 s for 10,000 essays, some 30 GB for 100,000. Up to
:data:`FULL_GUARD_MAX` (10,000) essays it is used as before; above (or with ``--fast``,
``--guard hashed``) each chunk of :data:`CHUNK` (5,000) essays has a :class:`HashedGuard`
(two readings, 64-bit codes in a set of ints; about 450 MB a worker) and the chunks are
written in parallel (``--workers``) by seeds derived from ``--seed``, deterministic whatever the
number of workers. Essays of different chunks are kept apart by chance only: without any
guard, the expected number of runs of 5 canonical words of the engine's default reading (its
anchors) that unrelated essays share is 0.2 at 10,000 essays and 19 at 100,000
(:func:`expected_chance_overlaps`: N²/2 · (Σp²)^5), and of 4-grams of content words about
8,000 at 100,000; 95 % of the pairs of a 100,000-essay collection are across chunks.
``--check`` counts them on the written files: CHECK_FIGURES. ``--guard none``
writes without a guard.

Usage: ``python bench/make_essays.py OUTDIR --n 1000 --seed 1 [--common] [--fast]
[--guard auto|full|hashed|none] [--workers N] [--check] [--check-sample N]``. Without the new
options (``--common``, ``--fast``, ``--guard``) and up to 10,000 essays the output is the same,
byte for byte, as before they existed.
"""

from __future__ import annotations

import argparse
import bisect
import copy
import hashlib
import itertools
import json
import multiprocessing
import os
import random
import re
import resource
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import pymorphy3
from nltk.stem.snowball import SnowballStemmer
from pymorphy3.analyzer import Parse
from shared import CLOUGH_DIR, SEEDS_DIR

CLOUGH_CORPUS = CLOUGH_DIR / "corpus-20090418"
PROJECT_STOPWORDS = Path(__file__).resolve().parent.parent / "resources" / "stopwords"
KINDS = ("format", "edit10", "paragraph", "wordforms", "homoglyph")
LANGS = ("ru", "en")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words (NLTK's lists plus a few): sampled at the corpus rate, and skipped by the guard.
STOP_WORDS = {
    "ru": _words(
        """и в во не что он на я с со как а то все всё она так его но да ты к у же вы за бы по
        только ее её мне было вот от меня еще ещё нет о об обо из ему теперь когда даже ну вдруг
        ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего
        ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз
        тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один
        почти мой тем чтобы нее неё сейчас были куда зачем всех никогда можно при наконец два
        другой хоть после над больше тот через эти нас про всего них какая много разве три эту
        моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда
        конечно всю между это эта эти этих этим этими также который которая которое которые
        которого которой которому котором которым которых которыми которую свой своих своей
        своим весь вся всем всеми либо однако поэтому т е д др то есть так как лишь именно
        каждый каждого каждой каждом"""
    ),
    "en": _words(
        """i me my myself we our ours ourselves you your yours yourself yourselves he him his
        himself she her hers herself it its itself they them their theirs themselves what which
        who whom this that these those am is are was were be been being have has had having do
        does did doing a an the and but if or because as until while of at by for with about
        against between into through during before after above below to from up down in out on
        off over under again further then once here there when where why how all any both each
        few more most other some such no nor not only own same so than too very s t can will
        just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma
        mightn mustn needn shan shouldn wasn weren won wouldn also however thus would could may
        might must shall one us i.e e.g it's don't can't"""
    ),
}

WORD_RE = {
    "ru": re.compile(r"[а-яё]+(?:-[а-яё]+)*", re.IGNORECASE),
    "en": re.compile(r"[a-z]+(?:'[a-z]+)?", re.IGNORECASE),
}

OPEN_Q, CLOSE_Q = "<Q", "Q>"  # quote tokens, drawn per rendering style
PUNCT = frozenset({",", ".", "?", "!", ":", ";", "—", "(", ")", OPEN_Q, CLOSE_Q})
NO_SPACE_BEFORE = frozenset({",", ".", "?", "!", ":", ";", ")", CLOSE_Q})
NO_SPACE_AFTER = frozenset({"(", OPEN_Q})

CYR_TO_LAT = dict(zip("асеорхуАВСЕНКМОРТХ", "aceopxyABCEHKMOPTX", strict=True))
LAT_TO_CYR = {lat: cyr for cyr, lat in CYR_TO_LAT.items()}
INVISIBLE = ("\u200b", "\u200c", "\u00ad")

Sentence = list[str]
Paragraph = list[Sentence]


@dataclass(frozen=True)
class Insert:
    """A common sentence put into an essay: its tokens, its words' language, and whether the
    guard takes it as a wall (set phrases: no 4-gram across it is formed, checked or kept)
    rather than as words whose 4-grams across its edges it checks (quotations)."""

    tokens: Sentence
    lang: str
    wall: bool = False

    def words(self) -> list[str]:
        return list(filter(is_word, self.tokens))


Placed = tuple[float, Insert]  # an insert and its place: a share of the paragraph
MAX_DEFERRALS = 5
"""Fresh sentences an insert may wait for when a 4-gram across its start is another essay's."""


@dataclass
class Essay:
    """An essay as tokens: words and punctuation marks, so that copies can be re-rendered."""

    lang: str
    title: Sentence
    paragraphs: list[Paragraph]
    pool: list[int] = field(default_factory=list)  # ids of the common sentences it holds

    def sentences(self) -> Iterator[Sentence]:
        yield self.title
        for paragraph in self.paragraphs:
            yield from paragraph


@dataclass(frozen=True)
class Style:
    """How tokens become text; the ``format`` copies draw a different one."""

    quotes: tuple[str, str]
    dash: str = "—"
    apostrophe: str = "'"
    newline: str = "\n"
    blank_lines: int = 1
    wrap: int = 0
    indent: str = ""
    extra_space: float = 0.0
    space_before_punct: float = 0.0


BASE_STYLE = {"ru": Style(quotes=("«", "»")), "en": Style(quotes=('"', '"'))}


def is_word(token: str) -> bool:
    return token not in PUNCT


def word_count(essay: Essay) -> int:
    return sum(is_word(t) for s in essay.sentences() for t in s)


def capitalize(word: str) -> str:
    return word[:1].upper() + word[1:]


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def is_russian(text: str) -> bool:
    cyrillic = len(re.findall(r"[а-яёіїєґ]", text, re.IGNORECASE))
    ukrainian = len(re.findall(r"[іїєґ]", text, re.IGNORECASE))
    latin = len(re.findall(r"[a-z]", text, re.IGNORECASE))
    return cyrillic > latin and ukrainian < 0.005 * cyrillic


class WeightedChoice:
    """Draws items by weight with one bisect (cumulative weights computed once)."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.items = list(weights)
        self.cumulative = list(itertools.accumulate(weights.values()))

    def __call__(self, rng: random.Random) -> str:
        x = rng.random() * self.cumulative[-1]
        return self.items[bisect.bisect_right(self.cumulative, x)]


class Morph:
    """pymorphy3's Russian analyser with each word's first parse memoised (it is slow)."""

    def __init__(self) -> None:
        self.analyzer = pymorphy3.MorphAnalyzer(lang="ru")
        self._parses: dict[str, Parse] = {}

    def parse(self, word: str) -> Parse:
        parse = self._parses.get(word)
        if parse is None:
            parse = self._parses[word] = self.analyzer.parse(word)[0]
        return parse

    def known(self, word: str) -> bool:
        return bool(self.analyzer.word_is_known(word))


class Vocabulary:
    """Word sampler of one language, built from real text.

    Content words are drawn by lemma with weight count^0.75 (flatter than the corpus, for
    variety); for Russian a third of the draws take another form of the lemma's lexeme.
    """

    def __init__(self, lang: str, texts: list[str], morph: Morph | None) -> None:
        self.lang = lang
        self.morph = morph
        self.stemmer = SnowballStemmer("english")
        self._keys: dict[str, str] = {}
        self._lexemes: dict[str, list[str]] = {}
        counts: Counter[str] = Counter()
        for text in texts:
            counts.update(w.lower().replace("ё", "е") for w in WORD_RE[lang].findall(text))
        stop: Counter[str] = Counter()
        forms: dict[str, Counter[str]] = {}
        for word, count in counts.items():
            if not self._usable(word):
                continue
            if self.is_stop(word):
                stop[word] += count
            else:
                forms.setdefault(self.key(word), Counter())[word] += count
        content = sum(sum(c.values()) for c in forms.values())
        self.stop_rate = sum(stop.values()) / (sum(stop.values()) + content)
        self.forms = {lemma: WeightedChoice(dict(c)) for lemma, c in forms.items()}
        self.draw_stop = WeightedChoice(dict(stop))
        self.draw_lemma = WeightedChoice({k: sum(c.values()) ** 0.75 for k, c in forms.items()})
        self.size = len(counts)

    def _usable(self, word: str) -> bool:
        if self.morph is not None:
            return self.morph.known(word)
        return len(word) > 1 or word == "a"

    def key(self, word: str) -> str:
        """The canonical form the guard compares: lemma (ru) or Snowball stem (en)."""
        word = word.lower().replace("ё", "е")
        key = self._keys.get(word)
        if key is None:
            if self.morph is not None:
                key = self.morph.parse(word).normal_form.replace("ё", "е")
            else:
                key = self.stemmer.stem(word)
            self._keys[word] = key
        return key

    def is_stop(self, word: str) -> bool:
        lower = word.lower()
        stop = STOP_WORDS[self.lang]
        return lower in stop or (self.morph is not None and self.key(lower) in stop)

    def lexeme(self, lemma: str) -> list[str]:
        forms = self._lexemes.get(lemma)
        if forms is None:
            assert self.morph is not None
            words = {p.word.replace("ё", "е") for p in self.morph.parse(lemma).lexeme}
            stop = STOP_WORDS["ru"]
            forms = sorted(w for w in words if WORD_RE["ru"].fullmatch(w) and w not in stop)
            self._lexemes[lemma] = forms or [lemma]
        return forms

    def content(self, rng: random.Random) -> str:
        lemma = self.draw_lemma(rng)
        if self.morph is not None and rng.random() < 0.35:
            return rng.choice(self.lexeme(lemma))
        return self.forms[lemma](rng)

    def any_word(self, rng: random.Random) -> str:
        return self.draw_stop(rng) if rng.random() < self.stop_rate else self.content(rng)


def load_vocabularies(morph: Morph) -> dict[str, Vocabulary]:
    ru = [t for t in map(read_text, sorted(SEEDS_DIR.glob("*.txt"))) if is_russian(t)]
    en = [read_text(p) for p in sorted(CLOUGH_CORPUS.glob("*.txt"))]
    if not ru or not en:
        raise SystemExit(f"no source texts found in {SEEDS_DIR} or {CLOUGH_CORPUS}")
    return {"ru": Vocabulary("ru", ru, morph), "en": Vocabulary("en", en, None)}


def project_stop_words(lang: str) -> frozenset[str]:
    path = PROJECT_STOPWORDS / f"{lang}.txt"
    if not path.is_file():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip().lower() for w in lines if w.strip() and not w.startswith("#"))


class _EdgeCheck:
    """The 4-grams a common sentence would make with the words before it (shared code of the
    guards; its own 4-grams belong to the pool, see :func:`make_pool`)."""

    N = 4
    readings: list[Callable[[str, str], bool]]
    recent: list[list[Any]]

    def _value(self, word: str, lang: str) -> Any:
        raise NotImplementedError

    def _free(self, window: list[Any], value: Any, reading: int) -> bool:
        raise NotImplementedError

    def wall(self) -> None:
        """Forget the essay's last words: no 4-gram spans what comes next (a set phrase)."""
        self.recent = [[] for _ in self.readings]

    def allows_edge(self, words: Sequence[str], lang: str) -> bool:
        """Whether ``words`` (a common sentence) may follow the essay's words so far: no 4-gram
        across the edge belongs to another essay."""
        for i, keep in enumerate(self.readings):
            window = self.recent[i][-(self.N - 1) :]
            before = len(window)  # the essay's own values in the window
            for word in words:
                if before == 0:
                    break
                if not keep(word, lang):
                    continue
                value = self._value(word, lang)
                if len(window) < self.N - 1:
                    window.append(value)
                    continue
                if not self._free(window, value, i):
                    return False
                window = [*window[1:], value]
                before -= 1
        return True


class NgramGuard(_EdgeCheck):
    """Refuses a word that would repeat a 4-gram of canonical words of another essay.

    The engine's canonical sequence depends on its options, so the guard keeps one word
    sequence per reading, each keyed by lemma/stem: without our stop words; the same without
    words of 3 letters or fewer; without the project's stop words (resources/stopwords, if
    present); and every word. Each reading's 4-grams are unique to one essay.
    """

    N = 4

    def __init__(self, vocabularies: dict[str, Vocabulary]) -> None:
        self.vocabularies = vocabularies
        self.project_stop = {lang: project_stop_words(lang) for lang in LANGS}
        self.owner: dict[tuple[int, tuple[str, ...]], int] = {}
        self.essay = -1
        self.recent: list[list[str]] = []
        self.readings: list[Callable[[str, str], bool]] = [
            lambda w, lang: not self.vocabularies[lang].is_stop(w),
            lambda w, lang: len(w) > 3 and not self.vocabularies[lang].is_stop(w),
            lambda w, lang: w.lower() not in self.project_stop[lang],
            lambda w, lang: True,
        ]

    def start(self, essay: int) -> None:
        self.essay = essay
        self.recent = [[] for _ in self.readings]

    def _grams(self, word: str, lang: str) -> list[tuple[int, tuple[str, ...]]]:
        key = self.vocabularies[lang].key(word)
        return [
            (i, (*self.recent[i][-(self.N - 1) :], key))
            for i, keep in enumerate(self.readings)
            if keep(word, lang) and len(self.recent[i]) >= self.N - 1
        ]

    def allows(self, word: str, lang: str) -> bool:
        return all(self.owner.get(g, self.essay) == self.essay for g in self._grams(word, lang))

    def _value(self, word: str, lang: str) -> str:
        return self.vocabularies[lang].key(word)

    def _free(self, window: list[Any], value: Any, reading: int) -> bool:
        return self.owner.get((reading, (*window, value)), self.essay) == self.essay

    def add(self, word: str, lang: str) -> None:
        for gram in self._grams(word, lang):
            self.owner.setdefault(gram, self.essay)
        key = self.vocabularies[lang].key(word)
        for i, keep in enumerate(self.readings):
            if keep(word, lang):
                self.recent[i].append(key)


MASK64 = (1 << 64) - 1
MIX64 = 0x9E3779B97F4A7C15  # odd: multiplying by it mixes the bits of a 64-bit code


def key_code(key: str) -> int:
    """A canonical word's 64-bit code, the same in every process and run."""
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest(), "little")


def gram_code(codes: Sequence[int], reading: int = 0) -> int:
    """The 64-bit code of a run of word codes under one reading."""
    value = reading
    for code in codes:
        value = ((value ^ code) * MIX64) & MASK64
    return value


class Guard(Protocol):
    """What :class:`Writer` asks of a guard."""

    def start(self, essay: int) -> None: ...

    def allows(self, word: str, lang: str) -> bool: ...

    def add(self, word: str, lang: str) -> None: ...

    def allows_edge(self, words: Sequence[str], lang: str) -> bool: ...

    def wall(self) -> None: ...


class HashedGuard(_EdgeCheck):
    """The cheaper guard of large collections: 4-grams as 64-bit codes in a set of ints.

    Two readings instead of :class:`NgramGuard`'s four: without our stop words (what
    ``--check`` verifies) and without the project's stop words (the engine's default reading);
    about 60 bytes per 4-gram instead of 200. ``taken`` holds the other essays' (and the common
    sentences') 4-grams, so one guard serves one chunk of essays: essays of different chunks
    are not kept apart, and share a 4-gram or a 5-gram only by chance (see the module
    docstring). Codes collide with probability about 2^-64 per pair of 4-grams.
    """

    N = 4

    def __init__(self, vocabularies: dict[str, Vocabulary], taken: set[int] | None = None):
        self.vocabularies = vocabularies
        self.project_stop = {lang: project_stop_words(lang) for lang in LANGS}
        self.taken: set[int] = set() if taken is None else taken
        self.own: set[int] = set()
        self.codes: dict[str, int] = {}
        self.readings: list[Callable[[str, str], bool]] = [
            lambda w, lang: not self.vocabularies[lang].is_stop(w),
            lambda w, lang: w.lower() not in self.project_stop[lang],
        ]
        self.recent: list[list[int]] = [[] for _ in self.readings]
        self._last: tuple[tuple[str, str], int, list[bool], list[int]] | None = None

    def start(self, essay: int) -> None:
        self.taken |= self.own
        self.own = set()
        self.recent = [[] for _ in self.readings]
        self._last = None

    def wall(self) -> None:
        super().wall()
        self._last = None

    def grams(self) -> set[int]:
        """Every 4-gram code seen so far (to start the guards of other chunks with)."""
        return self.taken | self.own

    def _code(self, word: str, lang: str) -> int:
        key = self.vocabularies[lang].key(word)
        code = self.codes.get(key)
        if code is None:
            code = self.codes[key] = key_code(key)
        return code

    _value = _code

    def _free(self, window: list[Any], value: Any, reading: int) -> bool:
        gram = gram_code((*window, value), reading)
        return gram in self.own or gram not in self.taken

    def _grams(self, word: str, lang: str) -> tuple[int, list[bool], list[int]]:
        """The word's code, whether each reading keeps it, and its 4-grams; remembered for
        the ``add`` that follows an ``allows`` of the same word."""
        if self._last is not None and self._last[0] == (word, lang):
            return self._last[1:]
        code = self._code(word, lang)
        keeps = [keep(word, lang) for keep in self.readings]
        grams = [
            gram_code((*self.recent[i][-(self.N - 1) :], code), i)
            for i, kept in enumerate(keeps)
            if kept and len(self.recent[i]) >= self.N - 1
        ]
        self._last = ((word, lang), code, keeps, grams)
        return code, keeps, grams

    def allows(self, word: str, lang: str) -> bool:
        return all(g in self.own or g not in self.taken for g in self._grams(word, lang)[2])

    def add(self, word: str, lang: str) -> None:
        code, keeps, grams = self._grams(word, lang)
        self.own.update(grams)
        for i, kept in enumerate(keeps):
            if kept:
                self.recent[i].append(code)
        self._last = None


class NoGuard:
    """No guard at all: every word is allowed (``--guard none``)."""

    def start(self, essay: int) -> None:
        pass

    def allows(self, word: str, lang: str) -> bool:
        return True

    def add(self, word: str, lang: str) -> None:
        pass

    def allows_edge(self, words: Sequence[str], lang: str) -> bool:
        return True

    def wall(self) -> None:
        pass


@dataclass
class Writer:
    """Writes fresh essays, every word checked by the guard."""

    vocabularies: dict[str, Vocabulary]
    guard: Guard
    rng: random.Random
    rejected: int = 0

    def word(self, lang: str, previous: str = "", content: bool = False) -> str:
        vocabulary = self.vocabularies[lang]
        for _ in range(500):
            word = vocabulary.content(self.rng) if content else vocabulary.any_word(self.rng)
            if word != previous and self.guard.allows(word, lang):
                self.guard.add(word, lang)
                return word
            self.rejected += 1
        raise RuntimeError("the 4-gram guard rejected 500 words in a row; vocabulary too small")

    def sentence(
        self, lang: str, length: int, title: bool = False, content: bool = False
    ) -> Sentence:
        rng = self.rng
        words: list[str] = []
        for _ in range(length):
            words.append(self.word(lang, words[-1] if words else "", content))
        words[0] = capitalize(words[0])
        if title:
            return words
        tokens: Sentence = []
        quote = rng.randrange(length - 2) if length > 4 and rng.random() < 0.12 else -1
        quote_len = rng.randint(1, 3)
        paren = rng.randrange(1, length - 3) if length > 6 and rng.random() < 0.05 else -1
        for i, word in enumerate(words):
            if i == quote:
                tokens.append(OPEN_Q)
            if i == paren:
                tokens.append("(")
            tokens.append(word)
            if i == quote + quote_len - 1 and quote >= 0:
                tokens.append(CLOSE_Q)
            if i == paren + 2 and paren >= 0:
                tokens.append(")")
            elif 0 < i < length - 2 and rng.random() < 0.08:
                tokens.append("—" if lang == "ru" and rng.random() < 0.25 else ",")
        tokens.append(rng.choices([".", "?", "!", ":"], [90, 5, 3, 2])[0] if length else ".")
        if tokens[-1] == ":":
            tokens[-1] = "."
        return tokens

    def paragraph(self, lang: str, target: int, inserts: list[Placed] | None = None) -> Paragraph:
        """Fresh sentences up to ``target`` words, with ``inserts`` (common sentences, at their
        share of the way through, counted in the target) fed through the guard; an insert
        never opens the paragraph nor follows another one, and waits for another fresh
        sentence (up to :data:`MAX_DEFERRALS`) if a 4-gram across its start would repeat another
        essay's."""
        sentences: Paragraph = []
        words = 0
        pending = sorted(inserts or [], key=lambda placed: placed[0])
        after_insert = True
        deferred = 0
        while words < target or pending:
            if pending and not after_insert and pending[0][0] * target <= words:
                insert = pending[0][1]
                fits = insert.wall or self.guard.allows_edge(insert.words(), insert.lang)
                if fits or deferred >= MAX_DEFERRALS:
                    pending.pop(0)
                    if insert.wall:
                        self.guard.wall()
                    for word in [] if insert.wall else insert.words():
                        self.guard.add(word, insert.lang)
                    sentences.append(list(insert.tokens))
                    words += len(insert.words())
                    after_insert, deferred = True, 0
                    continue
                deferred += 1
            after_insert = False
            length = self.rng.randint(8, 25)
            sentences.append(self.sentence(lang, length))
            words += length
        return sentences

    def essay(self, lang: str, number: int, words: int, inserts: Sequence[Insert] = ()) -> Essay:
        """A fresh essay of about ``words`` words; ``inserts`` (sentences of the common pool)
        go into random paragraphs at random places."""
        self.guard.start(number)
        title = self.sentence(lang, self.rng.randint(3, 7), title=True)
        count = self.rng.choice([4, 5, 6])
        shares = [self.rng.uniform(0.8, 1.2) for _ in range(count)]
        targets = [max(20, round(words * s / sum(shares))) for s in shares]
        placed: list[list[Placed]] = [[] for _ in targets]
        for insert in inserts:
            placed[self.rng.randrange(count)].append((self.rng.random(), insert))
        return Essay(
            lang, title, [self.paragraph(lang, t, p) for t, p in zip(targets, placed, strict=True)]
        )


# --- rendering ------------------------------------------------------------------------


def render(essay: Essay, style: Style, rng: random.Random | None = None) -> str:
    """Text of an essay; a style with random spacing needs ``rng``."""
    blocks = [_render_tokens(essay.title, style, rng)]
    for paragraph in essay.paragraphs:
        text = style.indent + _render_tokens([t for s in paragraph for t in s], style, rng)
        if style.wrap:
            text = "\n".join(
                textwrap.wrap(text, style.wrap, break_long_words=False, break_on_hyphens=False)
            )
        blocks.append(text)
    text = ("\n" * (style.blank_lines + 1)).join(blocks) + "\n"
    return text.replace("\n", style.newline)


def _render_tokens(tokens: Sentence, style: Style, rng: random.Random | None) -> str:
    out: list[str] = []
    previous = ""
    for token in tokens:
        text = {OPEN_Q: style.quotes[0], CLOSE_Q: style.quotes[1], "—": style.dash}.get(token)
        if text is None:
            text = token.replace("'", style.apostrophe)
        if out and token not in NO_SPACE_BEFORE and previous not in NO_SPACE_AFTER:
            wide = rng is not None and rng.random() < style.extra_space
            out.append(" " * (rng.randint(2, 3) if wide and rng else 1))
        elif out and token in NO_SPACE_BEFORE and rng and rng.random() < style.space_before_punct:
            out.append(" ")
        out.append(text)
        previous = token
    return "".join(out)


# --- planted copies ---------------------------------------------------------------------


def word_slots(essay: Essay) -> list[tuple[Sentence, int]]:
    return [(s, i) for s in essay.sentences() for i, t in enumerate(s) if is_word(t)]


def copy_format(essay: Essay, rng: random.Random) -> tuple[Essay, Style, dict[str, object]]:
    """Same words in the same order: new paragraphing, line breaks, spaces, case, punctuation."""
    out = copy.deepcopy(essay)
    paragraphs: list[Paragraph] = []
    for paragraph in out.paragraphs:
        if paragraphs and rng.random() < 0.3:
            paragraphs[-1].extend(paragraph)
        elif len(paragraph) >= 4 and rng.random() < 0.4:
            cut = rng.randrange(1, len(paragraph))
            paragraphs += [paragraph[:cut], paragraph[cut:]]
        else:
            paragraphs.append(paragraph)
    out.paragraphs = paragraphs
    recased = 0
    for sentence, i in word_slots(out):
        if rng.random() < 0.08:
            sentence[i] = rng.choice([str.upper, str.lower, str.title, str.swapcase])(sentence[i])
            recased += 1
    for sentence in out.sentences():
        for i, token in enumerate(sentence):
            if token == "," and rng.random() < 0.3:
                sentence[i] = rng.choice([";", ""])
            elif token in {".", "?"} and rng.random() < 0.1:
                sentence[i] = rng.choice(["!", ";", "..."])
        sentence[:] = [t for t in sentence if t]
    quotes = {"ru": [("“", "”"), ('"', '"'), ("„", "“")], "en": [("“", "”"), ("'", "'")]}
    style = replace(
        BASE_STYLE[essay.lang],
        quotes=rng.choice(quotes[essay.lang]),
        dash=rng.choice(["-", "–", "--"]),
        apostrophe=rng.choice(["’", "'"]),
        newline=rng.choice(["\n", "\n", "\r\n"]),
        blank_lines=rng.choice([0, 1, 2]),
        wrap=rng.choice([0, 60, 72, 80]),
        indent=rng.choice(["", "    ", "\t"]),
        extra_space=0.05,
        space_before_punct=0.03,
    )
    return out, style, {"recased_words": recased}


def copy_edit(
    essay: Essay, vocabulary: Vocabulary, rng: random.Random, rate: float = 0.10
) -> tuple[Essay, dict[str, object]]:
    """About ``rate`` of the words replaced, inserted after or deleted, spread at random."""
    out = copy.deepcopy(essay)
    slots = word_slots(out)
    chosen = sorted(rng.sample(range(len(slots)), round(rate * len(slots))), reverse=True)
    ops: Counter[str] = Counter()
    for n in chosen:  # from the end, so earlier indices stay valid
        sentence, i = slots[n]
        op = rng.choices(["replace", "insert", "delete"], [4, 3, 3])[0]
        if op == "delete" and sum(map(is_word, sentence)) <= 2:
            op = "replace"
        word = vocabulary.any_word(rng)
        if op == "replace":
            sentence[i] = capitalize(word) if sentence[i][:1].isupper() else word
        elif op == "insert":
            sentence.insert(i + 1, word)
        else:
            was_upper = sentence[i][:1].isupper()
            del sentence[i]
            if was_upper and i < len(sentence) and is_word(sentence[i]):
                sentence[i] = capitalize(sentence[i])
        ops[op] += 1
    return out, {"edited_words": len(chosen), **ops}


def copy_wordforms(
    essay: Essay, morph: Morph, rng: random.Random
) -> tuple[Essay, dict[str, object]]:
    """Re-inflect 30–50 % of nouns, adjectives and verbs, keeping each word's lemma."""
    out = copy.deepcopy(essay)
    rate = rng.uniform(0.35, 0.55)  # attempts; some words have no other form
    eligible = changed = 0
    options = {
        "NOUN": [{"nomn"}, {"gent"}, {"datv"}, {"accs"}, {"ablt"}, {"loct"}, {"sing"}, {"plur"}],
        "ADJF": [{"nomn"}, {"gent"}, {"datv"}, {"ablt"}, {"loct"}, {"plur"}, {"sing"}],
        "VERB": [{"past"}, {"pres"}, {"futr"}, {"plur"}, {"sing"}, {"3per"}, {"1per"}],
    }
    for sentence, i in word_slots(out):
        word = sentence[i]
        parse = morph.parse(word.lower())
        if parse.tag.POS not in options:
            continue
        eligible += 1
        if rng.random() >= rate:
            continue
        for grammemes in rng.sample(options[parse.tag.POS], len(options[parse.tag.POS])):
            new = parse.inflect(grammemes)
            if new is None:
                continue
            form = new.word.replace("ё", "е")
            if form == word.lower() or morph.parse(form).normal_form != parse.normal_form:
                continue
            sentence[i] = capitalize(form) if word[:1].isupper() else form
            changed += 1
            break
    return out, {"reinflected_share": round(changed / max(1, eligible), 3)}


def copy_homoglyph(
    essay: Essay, rng: random.Random, invisible: bool
) -> tuple[Essay, dict[str, object]]:
    """Other-script look-alikes inside ~30 % of words; zero-width characters if ``invisible``."""
    out = copy.deepcopy(essay)
    table = CYR_TO_LAT if essay.lang == "ru" else LAT_TO_CYR
    swapped = words = hidden = 0
    for sentence, i in word_slots(out):
        letters = list(sentence[i])
        spots = [k for k, ch in enumerate(letters) if ch in table]
        if spots and rng.random() < 0.3:
            limit = max(1, (len(letters) - 1) // 2)  # stay a minority: the script must not flip
            for k in rng.sample(spots, min(len(spots), rng.randint(1, 3), limit)):
                letters[k] = table[letters[k]]
                swapped += 1
            words += 1
        if invisible and len(letters) >= 4 and rng.random() < 0.15:
            letters.insert(rng.randrange(1, len(letters)), rng.choice(INVISIBLE))
            hidden += 1
        sentence[i] = "".join(letters)
    return out, {"swapped_letters": swapped, "words_touched": words, "invisible_chars": hidden}


def pasted_passage(donor: Essay, rng: random.Random) -> Paragraph:
    """A run of consecutive sentences of ``donor`` totalling 80–120 words."""
    sentences = [s for p in donor.paragraphs for s in p]
    sizes = [sum(map(is_word, s)) for s in sentences]
    for target in (rng.randint(80, 120), 80):
        for start in rng.sample(range(len(sentences)), len(sentences)):
            total = 0
            for end in range(start, len(sentences)):
                total += sizes[end]
                if target <= total <= 120:
                    return copy.deepcopy(sentences[start : end + 1])
                if total > 120:
                    break
    raise RuntimeError("no run of sentences with 80-120 words in the donor essay")


# --- the collection ---------------------------------------------------------------------


@dataclass
class Plan:
    """Which essays exist: planted pairs by kind and language, then unrelated singles."""

    n: int
    pairs: list[tuple[str, str]] = field(default_factory=list)  # (kind, lang)
    singles: list[str] = field(default_factory=list)  # lang

    @classmethod
    def make(cls, n: int) -> Plan:
        per_kind = max(1, n // 20)
        if n < 2 * per_kind * len(KINDS):
            raise ValueError(f"need at least {2 * len(KINDS)} essays, got {n}")
        plan = cls(n)
        for kind in KINDS:
            for j in range(per_kind):
                plan.pairs.append((kind, "ru" if kind == "wordforms" or j % 2 == 0 else "en"))
        ru_paired = 2 * sum(lang == "ru" for _, lang in plan.pairs)
        left = n - 2 * len(plan.pairs)
        ru_single = min(left, max(0, n // 2 - ru_paired))
        plan.singles = ["ru"] * ru_single + ["en"] * (left - ru_single)
        return plan


# --- the common pool (--common) ----------------------------------------------------------

QUOTE_DF = 28
"""Mean number of essays holding one quotation, at every n: the pool grows with n."""
QUOTES_PER_ESSAY = (0.05, 0.30, 0.40, 0.20, 0.05)
"""Chance that a fresh essay quotes 0, 1, 2, 3 or 4 quotations of its language (mean 1.9)."""
QUOTE_WORDS = (8, 25)
PHRASE_WORDS = (5, 8)
SHARED_PHRASES = (0.6,)
"""Set phrases in English that essays of both languages hold (chance per essay): more than
half of the collection, text the engine's common-phrase rule (``max_df_share`` 0.5) ignores."""
LANG_PHRASES = tuple(round(0.2 * rank**-1.3, 4) for rank in range(1, 11))
"""Set phrases of one language, Zipf-like: chance per essay of that language, 20 % down to
1 %, that is 10 % to 0.6 % of the collection."""
QUOTED = 0.5
"""Share of a quotation's uses that are in quotation marks."""
INDEX_MAX_DF = 64
"""``copylens.core.index.MAX_DF``: anchors held by more documents are no candidate key."""

FULL_GUARD_MAX = 10_000
"""Largest collection written with :class:`NgramGuard` by default: 2.9 GB and 100 s at 10,000
essays (about 300 bytes a 4-gram), so 100,000 would need some 30 GB; above it, or with
``--fast``, :class:`HashedGuard` per chunk."""
CHUNK = 5_000
"""Essays per chunk (one guard, one process at a time) with the hashed guard or none."""
GENERATOR_VERSION = 1
"""Part of a collection's parameters: bump it when a change alters what is generated."""


@dataclass
class PoolSentence:
    """A common sentence: a quotation or a set phrase, written once, held by many essays."""

    id: int
    kind: str  # "quote" or "phrase"
    lang: str  # language of its words
    langs: tuple[str, ...]  # languages of the essays that may hold it
    share: float | None  # phrase: chance that such an essay holds it; quotation: drawn uniformly
    tokens: Sentence

    def words(self) -> int:
        return sum(map(is_word, self.tokens))


def make_pool(plan: Plan, writer: Writer) -> list[PoolSentence]:
    """The common sentences of a collection planned as ``plan``, each written by the guarded
    ``writer`` as an essay of its own, so that each is a unique phrase."""
    rng = writer.rng
    per_lang = Counter([lang for _, lang in plan.pairs] * 2 + plan.singles)
    mean = sum(k * p for k, p in enumerate(QUOTES_PER_ESSAY))
    pool: list[PoolSentence] = []

    def write(kind: str, lang: str, langs: tuple[str, ...], share: float | None) -> None:
        writer.guard.start(-2 - len(pool))
        low, high = PHRASE_WORDS if kind == "phrase" else QUOTE_WORDS
        tokens = writer.sentence(lang, rng.randint(low, high), content=kind == "phrase")
        tokens = [t for t in tokens if t not in (OPEN_Q, CLOSE_Q)]
        pool.append(PoolSentence(len(pool), kind, lang, langs, share, tokens))

    for share in SHARED_PHRASES:
        write("phrase", "en", LANGS, share)
    for lang in LANGS:
        for share in LANG_PHRASES:
            write("phrase", lang, (lang,), share)
        for _ in range(max(4, round(per_lang[lang] * mean / QUOTE_DF))):
            write("quote", lang, (lang,), None)
    return pool


# --- writing a chunk of the collection --------------------------------------------------


@dataclass
class _Job:
    """One chunk: its planted pairs (index in the plan, kind, language, number within the
    kind) and single essays (slot, language); a pair's essays are slots 2i and 2i + 1."""

    chunk: int
    pairs: list[tuple[int, str, str, int]] = field(default_factory=list)
    singles: list[tuple[int, str]] = field(default_factory=list)


_STATE: dict[str, Any] = {}
"""What the chunks share (vocabularies, names, pool, guard maker, output folder), set before
the worker processes are forked."""


class _ChunkWriter:
    """Writes one chunk's essays to disk and keeps what the truth needs of them."""

    def __init__(self, writer: Writer, rng: random.Random) -> None:
        self.writer = writer
        self.rng = rng
        self.morph: Morph = _STATE["morph"]
        self.vocabularies: dict[str, Vocabulary] = _STATE["vocabularies"]
        self.names: list[str] = _STATE["names"]
        self.outdir: Path = _STATE["outdir"]
        pool: list[PoolSentence] | None = _STATE["pool"]
        self.common = pool is not None
        self.quotes = {
            lang: [p for p in pool or [] if p.kind == "quote" and p.lang == lang] for lang in LANGS
        }
        self.phrases = [p for p in pool or [] if p.kind == "phrase"]
        self.inserted: dict[tuple[str, ...], int] = {}
        self.langs: dict[str, str] = {}
        self.pool_of: dict[str, list[int]] = {}

    def length(self) -> int:
        return self.rng.randint(550, 650)

    def inserts(self, lang: str) -> tuple[list[Insert], list[int]]:
        """The common sentences a fresh essay of ``lang`` holds, and their ids."""
        if not self.common:
            return [], []
        rng = self.rng
        count = rng.choices(range(len(QUOTES_PER_ESSAY)), QUOTES_PER_ESSAY)[0]
        quotes = self.quotes[lang]
        chosen = rng.sample(quotes, min(count, len(quotes)))
        chosen += [p for p in self.phrases if lang in p.langs and rng.random() < (p.share or 0)]
        inserts: list[Insert] = []
        for sentence in chosen:
            tokens = sentence.tokens
            if sentence.kind == "quote" and rng.random() < QUOTED:
                tokens = [OPEN_Q, *tokens, CLOSE_Q]
            self.inserted[tuple(tokens)] = sentence.id
            inserts.append(Insert(tokens, sentence.lang, wall=sentence.kind == "phrase"))
        return inserts, sorted(s.id for s in chosen)

    def fresh(self, lang: str, slot: int, words: int) -> Essay:
        inserts, ids = self.inserts(lang)
        essay = self.writer.essay(lang, slot, words, inserts)
        essay.pool = ids
        return essay

    def write(self, slot: int, essay: Essay, style: Style, rng: random.Random | None) -> str:
        name = self.names[slot]
        self.langs[name] = essay.lang
        if self.common:
            self.pool_of[name] = essay.pool
        (self.outdir / name).write_bytes(render(essay, style, rng).encode("utf-8"))
        return name

    def pair(self, kind: str, lang: str, ordinal: int, slot: int) -> dict[str, object]:
        """Planted pair: the source in ``slot``, its copy in ``slot + 1``."""
        rng = self.rng
        source = self.fresh(lang, slot, self.length())
        a = self.write(slot, source, BASE_STYLE[lang], None)
        style = BASE_STYLE[lang]
        info: dict[str, object]
        if kind == "format":
            copied, style, info = copy_format(source, rng)
        elif kind == "edit10":
            copied, info = copy_edit(source, self.vocabularies[lang], rng)
        elif kind == "wordforms":
            copied, info = copy_wordforms(source, self.morph, rng)
        elif kind == "homoglyph":
            copied, info = copy_homoglyph(source, rng, invisible=ordinal % 2 == 1)
        else:  # paragraph: b is an essay of its own with a passage of a pasted in
            passage = pasted_passage(source, rng)
            pasted = sum(map(is_word, itertools.chain.from_iterable(passage)))
            copied = self.fresh(lang, slot + 1, self.length() - pasted)
            copied.paragraphs.insert(rng.randint(0, len(copied.paragraphs)), passage)
            held = {self.inserted[t] for s in passage if (t := tuple(s)) in self.inserted}
            copied.pool = sorted({*copied.pool, *held})
            info = {"pasted_words": pasted, "share_of_b": round(pasted / word_count(copied), 3)}
        b = self.write(slot + 1, copied, style, rng if kind == "format" else None)
        return {"a": a, "b": b, "kind": kind, "lang": lang, **info}


def _write_chunk(job: _Job) -> dict[str, Any]:
    """Write one chunk (in this process or a forked worker); what the truth needs of it."""
    rng = _STATE["rng"] or random.Random(f"{_STATE['seed']}/chunk/{job.chunk}")
    writer = Writer(_STATE["vocabularies"], _STATE["guard"](), rng)
    chunk = _ChunkWriter(writer, rng)
    pairs = [(i, chunk.pair(kind, lang, n, 2 * i)) for i, kind, lang, n in job.pairs]
    for slot, lang in job.singles:
        chunk.write(slot, chunk.fresh(lang, slot, chunk.length()), BASE_STYLE[lang], None)
    return {
        "pairs": pairs,
        "langs": chunk.langs,
        "pool_of": chunk.pool_of,
        "rejected": writer.rejected,
    }


def guard_mode(n: int, guard: str = "auto") -> str:
    """The guard a collection of ``n`` essays is written with: full, hashed or none."""
    if guard != "auto":
        return guard
    return "full" if n <= FULL_GUARD_MAX else "hashed"


def collection_params(n: int, seed: int, common: bool, guard: str = "auto") -> dict[str, object]:
    """What decides a collection's content: a cached collection is reused only if they match."""
    mode = guard_mode(n, guard)
    return {"n": n, "seed": seed, "common": common, "guard": mode, "version": GENERATOR_VERSION}


def cached_truth(truth_path: Path, params: dict[str, object]) -> dict[str, Any] | None:
    """The truth of a collection generated earlier with ``params``, or None."""
    try:
        truth = json.loads(truth_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return truth if truth.get("params") == params else None


def make_essays(
    outdir: Path,
    n: int = 1000,
    seed: int = 1,
    truth_path: Path | None = None,
    *,
    common: bool = False,
    guard: str = "auto",
    workers: int = 0,
) -> dict[str, Any]:
    """Write ``n`` essays to ``outdir`` and the planted pairs to ``truth_path``; return the truth.

    Deterministic for a given (n, seed, options, source texts, project stop-word lists), for
    any number of ``workers`` (0: one per core). Without ``common`` and with the full guard
    (``guard`` "auto" up to :data:`FULL_GUARD_MAX` essays) the output is the original one,
    byte for byte; otherwise chunks of :data:`CHUNK` essays are written by seeds derived from
    ``seed``, in parallel when there is more than one.
    """
    started = time.perf_counter()
    mode = guard_mode(n, guard)
    legacy = not common and mode == "full"
    rng = random.Random(seed)
    morph = Morph()
    vocabularies = load_vocabularies(morph)
    plan = Plan.make(n)
    width = max(4, len(str(n - 1)))
    names = [f"essay_{i:0{width}d}.txt" for i in rng.sample(range(n), n)]
    outdir.mkdir(parents=True, exist_ok=True)

    full = NgramGuard(vocabularies) if mode == "full" else None
    pool: list[PoolSentence] | None = None
    taken: set[int] = set()
    if common:
        pool_guard: Guard = full or (HashedGuard(vocabularies) if mode == "hashed" else NoGuard())
        pool = make_pool(plan, Writer(vocabularies, pool_guard, random.Random(f"{seed}/pool")))
        if isinstance(pool_guard, HashedGuard):
            taken = pool_guard.grams()

    def new_guard() -> Guard:
        if full is not None:
            return full
        return HashedGuard(vocabularies, set(taken)) if mode == "hashed" else NoGuard()

    chunks = 1 if mode == "full" else max(1, -(-n // CHUNK))
    jobs = [_Job(c) for c in range(chunks)]
    ordinals: Counter[str] = Counter()
    for index, (kind, lang) in enumerate(plan.pairs):
        jobs[index % chunks].pairs.append((index, kind, lang, ordinals[kind]))
        ordinals[kind] += 1
    for number, lang in enumerate(plan.singles):
        jobs[number % chunks].singles.append((2 * len(plan.pairs) + number, lang))
    _STATE.update(
        morph=morph,
        vocabularies=vocabularies,
        names=names,
        outdir=outdir,
        pool=pool,
        guard=new_guard,
        seed=seed,
        rng=rng if legacy else None,
    )
    processes = min(chunks, workers or os.cpu_count() or 1)
    try:
        if processes <= 1:
            results = [_write_chunk(job) for job in jobs]
        else:
            context = multiprocessing.get_context("fork")
            # a fresh worker per chunk: memory a chunk leaves behind is not carried on
            with context.Pool(processes, maxtasksperchild=1) as workers_pool:
                results = workers_pool.map(_write_chunk, jobs, chunksize=1)
    finally:
        _STATE.clear()

    langs: dict[str, str] = {}
    pool_of: dict[str, list[int]] = {}
    indexed: list[tuple[int, dict[str, object]]] = []
    for result in results:
        langs.update(result["langs"])
        pool_of.update(result["pool_of"])
        indexed += result["pairs"]
    pairs = [p for _, p in sorted(indexed, key=lambda item: item[0])]
    truth: dict[str, Any] = {
        "n": n,
        "seed": seed,
        "kinds": list(KINDS),
        "languages": dict(sorted(langs.items())),
        "pairs": pairs,
        "stats": {
            "guard_rejections": sum(r["rejected"] for r in results),
            "vocabulary": {lang: v.size for lang, v in vocabularies.items()},
            "stop_rate": {lang: round(v.stop_rate, 3) for lang, v in vocabularies.items()},
        },
    }
    if not legacy:
        truth["params"] = collection_params(n, seed, common, guard)
        truth["stats"].update(guard=mode, chunks=chunks)
    if pool is not None:
        truth["common"] = pool_summary(pool, pool_of, pairs)
        truth["pool"] = [
            {
                "id": p.id,
                "kind": p.kind,
                "lang": p.lang,
                "langs": list(p.langs),
                "share": p.share,
                "words": p.words(),
                "df": truth["common"]["df"][p.id],
                "text": _render_tokens(p.tokens, BASE_STYLE[p.lang], None),
            }
            for p in pool
        ]
        truth["essay_pool"] = dict(sorted(pool_of.items()))
    if not legacy:
        self_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        truth["generation"] = {  # of this run, not of the collection
            "seconds": round(time.perf_counter() - started, 1),
            "workers": processes,
            "maxrss_mb": {"main": round(self_mb), "largest_worker": round(child_mb)},
        }
    path = truth_path or outdir / "truth.json"
    path.write_text(json.dumps(truth, ensure_ascii=False, indent=1), encoding="utf-8")
    return truth


# --- what the common sentences make essays share -----------------------------------------


def pool_summary(
    pool: list[PoolSentence], pool_of: dict[str, list[int]], pairs: list[dict[str, object]]
) -> dict[str, Any]:
    """Sizes and document frequencies of the common sentences, and the unrelated pairs of
    essays they join."""
    df = Counter(i for ids in pool_of.values() for i in ids)
    n = len(pool_of)
    quote_df = sorted(df[p.id] for p in pool if p.kind == "quote")
    held = Counter(len(ids) for ids in pool_of.values())

    def pct(q: float) -> int:
        return quote_df[min(len(quote_df) - 1, int(q * len(quote_df)))]

    return {
        "sentences": {
            kind: {lang: sum(p.kind == kind and p.lang == lang for p in pool) for lang in LANGS}
            for kind in ("quote", "phrase")
        },
        "per_essay": {
            "mean": round(sum(k * c for k, c in held.items()) / max(1, n), 2),
            "histogram": {str(k): held[k] for k in sorted(held)},
        },
        "quote_df": {
            "min": quote_df[0],
            "p10": pct(0.1),
            "median": pct(0.5),
            "p90": pct(0.9),
            "max": quote_df[-1],
            "mean": round(sum(quote_df) / len(quote_df), 1),
        },
        "phrase_df": [
            {
                "id": p.id,
                "lang": p.lang,
                "langs": list(p.langs),
                "df": df[p.id],
                "share": round(df[p.id] / max(1, n), 4),
            }
            for p in pool
            if p.kind == "phrase"
        ],
        "pairs": pool_pairs(pool_of, pairs),
        "df": [df[p.id] for p in pool],
    }


def _pair_codes(names: dict[str, int], holders: list[list[str]], n: int) -> np.ndarray:
    """Unordered pairs of essays (as ``i * n + j``, i < j) holding a common list item."""
    parts = [np.empty(0, dtype=np.int64)]
    for group in holders:
        if len(group) >= 2:
            ids = np.array(sorted(names[g] for g in group), dtype=np.int64)
            i, j = np.triu_indices(len(ids), 1)
            parts.append(ids[i] * n + ids[j])
    return np.concatenate(parts)


def pool_pairs(
    pool_of: dict[str, list[int]], pairs: list[dict[str, object]], max_df: int = INDEX_MAX_DF
) -> dict[str, int]:
    """Unrelated pairs (no planted pair) sharing common sentences held by at most ``max_df``
    essays, the ones the engine's index can make candidates of: how many share one or more,
    two or more; and pair incidences (sum of df·(df−1)/2) of the more frequent sentences."""
    names = {name: i for i, name in enumerate(sorted(pool_of))}
    n = len(names)
    holders: dict[int, list[str]] = {}
    for name, ids in pool_of.items():
        for i in ids:
            holders.setdefault(i, []).append(name)
    rare = [g for g in holders.values() if len(g) <= max_df]
    codes = _pair_codes(names, rare, n)
    planted = np.array(
        [
            min(names[p["a"]], names[p["b"]]) * n + max(names[p["a"]], names[p["b"]])  # type: ignore[index]
            for p in pairs
        ],
        dtype=np.int64,
    )
    codes = codes[~np.isin(codes, planted)]
    unique, counts = np.unique(codes, return_counts=True)
    frequent = [len(g) for g in holders.values() if len(g) > max_df]
    return {
        "max_df": max_df,
        "unrelated_sharing_rare": len(unique),
        "sharing_two_or_more": int((counts >= 2).sum()),
        "frequent_sentences": len(frequent),
        "frequent_pair_incidences": sum(d * (d - 1) // 2 for d in frequent),
    }


def pool_sharing(truth: dict[str, Any]) -> Callable[[str, str], bool]:
    """Whether two essays (file names) of a collection with ``--common`` share a common
    sentence."""
    held = {name: frozenset(ids) for name, ids in truth.get("essay_pool", {}).items()}
    empty: frozenset[int] = frozenset()
    return lambda a, b: not held.get(a, empty).isdisjoint(held.get(b, empty))


# --- checks ------------------------------------------------------------------------------

TOKEN_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
CYRILLIC_RE = re.compile(r"[а-яё]", re.IGNORECASE)
LATIN_RE = re.compile(r"[a-z]", re.IGNORECASE)
READINGS = ("content", "engine")
"""The checks' canonical word sequences: lemma/stem without our stop words (the guard's
first reading), and without the project's stop words (the engine's default reading)."""


class _Reader:
    """Canonical word codes of written essays: zero-width characters dropped, look-alike
    letters of mixed-script words folded into the essay's script, each word read in its own
    script's language (the English set phrases inside Russian essays too)."""

    def __init__(self) -> None:
        self.vocabularies = load_vocabularies(Morph())
        self.project_stop = {lang: project_stop_words(lang) for lang in LANGS}
        self.drop = str.maketrans(dict.fromkeys(INVISIBLE))
        self.fold = {"ru": str.maketrans(LAT_TO_CYR), "en": str.maketrans(CYR_TO_LAT)}
        self.codes: dict[tuple[str, str], int] = {}

    def words(self, text: str, lang: str, reading: str) -> np.ndarray:
        out: list[int] = []
        for token in TOKEN_RE.findall(text.translate(self.drop)):
            cyrillic, latin = CYRILLIC_RE.search(token), LATIN_RE.search(token)
            if cyrillic and latin:
                token = token.translate(self.fold[lang])
                cyrillic = CYRILLIC_RE.search(token)
            word_lang = "ru" if cyrillic else "en"
            word = token.replace("’", "'")
            vocabulary = self.vocabularies[word_lang]
            if reading == "content":
                if vocabulary.is_stop(word):
                    continue
            elif word.lower() in self.project_stop[word_lang]:
                continue
            code = self.codes.get((word_lang, word))
            if code is None:
                code = self.codes[(word_lang, word)] = key_code(vocabulary.key(word))
            out.append(code)
        return np.array(out, dtype=np.uint64)


def _grams(codes: np.ndarray, k: int) -> np.ndarray:
    """Distinct codes of the runs of ``k`` word codes."""
    m = len(codes) - k + 1
    if m <= 0:
        return np.empty(0, dtype=np.uint64)
    value = np.zeros(m, dtype=np.uint64)
    for j in range(k):
        value = (value ^ codes[j : j + m]) * np.uint64(MIX64)
    return np.unique(value)


def unrelated_overlaps(
    outdir: Path,
    truth: dict[str, Any],
    k: int = 4,
    reading: str = "content",
    sample: int = 0,
) -> Counter[tuple[str, str]]:
    """Runs of ``k`` canonical words (``reading``, see :data:`READINGS`) that essays which are
    no planted pair share, by pair; the common sentences' own runs do not count (runs that
    span a common sentence's edge do), nor do runs held by more than :data:`INDEX_MAX_DF`
    essays (the engine's index leaves them out too). An independent check of the guard on
    the written files: empty with the full guard but for pairs that share a common sentence.
    ``sample`` > 0 checks that many essays drawn at random (pairs among them only)."""
    reader = _Reader()
    langs: dict[str, str] = truth["languages"]
    names = sorted(langs)
    if sample:
        names = sorted(random.Random(0).sample(names, min(sample, len(names))))
    pool_grams = np.unique(
        np.concatenate(
            [np.empty(0, dtype=np.uint64)]
            + [
                _grams(reader.words(p["text"], p["lang"], reading), k)
                for p in truth.get("pool", [])
            ]
        )
    )
    values, owners = [], []
    for i, name in enumerate(names):
        text = (outdir / name).read_text(encoding="utf-8")
        grams = _grams(reader.words(text, langs[name], reading), k)
        grams = grams[~np.isin(grams, pool_grams, assume_unique=True)]
        values.append(grams)
        owners.append(np.full(len(grams), i, dtype=np.int64))
    value, owner = np.concatenate(values), np.concatenate(owners)
    order = np.argsort(value, kind="stable")
    value, owner = value[order], owner[order]
    repeated = np.flatnonzero(value[1:] == value[:-1])
    starts = np.unique(np.concatenate([repeated, repeated + 1]))
    planted = {frozenset((p["a"], p["b"])) for p in truth["pairs"]}
    shared: Counter[tuple[str, str]] = Counter()
    groups: dict[int, list[int]] = {}
    for at in starts.tolist():
        groups.setdefault(int(value[at]), []).append(int(owner[at]))
    for holders in groups.values():
        if len(holders) > INDEX_MAX_DF:
            continue
        for a, b in itertools.combinations(sorted(set(holders)), 2):
            if frozenset((names[a], names[b])) not in planted:
                shared[(names[a], names[b])] += 1
    return shared


def _probabilities(choice: WeightedChoice) -> Iterator[tuple[str, float]]:
    lows = [0.0, *choice.cumulative[:-1]]
    total = choice.cumulative[-1]
    for item, low, high in zip(choice.items, lows, choice.cumulative, strict=True):
        yield item, (high - low) / total


def expected_chance_overlaps(n: int, k: int = 5) -> dict[str, float]:
    """Expected runs of ``k`` canonical words (engine reading) that unrelated essays share by
    chance when no guard keeps them apart, per language: N²/2 · (Σ p²)^k, N the language's
    word positions in the engine's reading, p the distribution of its canonical words (stop
    words and content lemmas as sampled)."""
    vocabularies = load_vocabularies(Morph())
    out = {}
    for lang, vocabulary in vocabularies.items():
        stop = project_stop_words(lang)
        dist: Counter[str] = Counter()
        for word, p in _probabilities(vocabulary.draw_stop):
            if word.lower() not in stop:
                dist[vocabulary.key(word)] += vocabulary.stop_rate * p
        for lemma, p in _probabilities(vocabulary.draw_lemma):
            kept = sum(q for form, q in _probabilities(vocabulary.forms[lemma]) if form not in stop)
            dist[lemma] += (1 - vocabulary.stop_rate) * p * kept
        kept_share = sum(dist.values())
        p2 = sum((x / kept_share) ** 2 for x in dist.values())
        positions = n / 2 * 600 * kept_share
        out[lang] = round(positions * positions / 2 * p2**k, 2)
    return out


def summary(outdir: Path, truth: dict[str, Any]) -> str:
    """Sizes and kinds of a generated collection, as lines of text."""
    langs: dict[str, str] = truth["languages"]
    words = [len(re.findall(r"\w+", (outdir / n).read_text(encoding="utf-8"))) for n in langs]
    size = sum((outdir / n).stat().st_size for n in langs)
    by_lang = Counter(langs.values())
    kinds = Counter((p["kind"], p["lang"]) for p in truth["pairs"])
    lines = [
        f"{len(langs)} essays in {outdir} ({size / 1e6:.2f} MB): "
        + ", ".join(f"{lang} {c}" for lang, c in sorted(by_lang.items())),
        f"words per essay: mean {sum(words) / len(words):.0f}, min {min(words)}, max {max(words)}",
        "planted pairs: "
        + ", ".join(
            f"{k} {sum(c for (kk, _), c in kinds.items() if kk == k)}"
            f" ({'/'.join(f'{lang} {kinds[(k, lang)]}' for lang in LANGS if kinds[(k, lang)])})"
            for k in KINDS
        ),
        f"generator: {truth['stats']}",
    ]
    if "common" in truth:
        lines += common_lines(truth["common"])
    return "\n".join(lines)


def common_lines(common: dict[str, Any]) -> list[str]:
    """The common pool's summary (``truth["common"]``) as lines of text."""
    sentences, df, pairs = common["sentences"], common["quote_df"], common["pairs"]
    phrases = sorted(common["phrase_df"], key=lambda p: -p["df"])
    return [
        f"common sentences: quotations {sentences['quote']}, set phrases {sentences['phrase']}; "
        f"per essay: mean {common['per_essay']['mean']} {common['per_essay']['histogram']}",
        f"  quotation df: min {df['min']}, p10 {df['p10']}, median {df['median']}, "
        f"p90 {df['p90']}, max {df['max']} (mean {df['mean']})",
        "  set phrase df (share): "
        + ", ".join(f"{p['df']} ({100 * p['share']:.1f} %)" for p in phrases),
        f"  unrelated pairs sharing a common sentence held by <= {pairs['max_df']} essays: "
        f"{pairs['unrelated_sharing_rare']:,} ({pairs['sharing_two_or_more']:,} two or more); "
        f"{pairs['frequent_sentences']} more frequent sentences, "
        f"{pairs['frequent_pair_incidences']:,} pair incidences",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--n", type=int, default=1000, help="number of essays (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--truth", type=Path, help="where truth.json goes (default OUTDIR)")
    parser.add_argument(
        "--common", action="store_true", help="essays hold quotations and set phrases of a pool"
    )
    parser.add_argument(
        "--guard",
        choices=("auto", "full", "hashed", "none"),
        default="auto",
        help=f"4-gram guard (auto: full up to {FULL_GUARD_MAX:,} essays, else hashed per chunk)",
    )
    parser.add_argument("--fast", action="store_true", help="the hashed guard at any size")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    parser.add_argument(
        "--check", action="store_true", help="verify that unrelated essays share no 4-gram"
    )
    parser.add_argument("--check-sample", type=int, default=0, help="check N essays at random")
    parser.add_argument(
        "--check-only", action="store_true", help="check the collection in OUTDIR, write nothing"
    )
    args = parser.parse_args(argv)
    guard = "hashed" if args.fast else args.guard
    started = time.perf_counter()
    if args.check_only:
        truth_path = args.truth or args.outdir / "truth.json"
        truth = json.loads(truth_path.read_text(encoding="utf-8"))
        args.n = truth["n"]
        guard = truth["stats"].get("guard", "full")
    else:
        truth = make_essays(
            args.outdir,
            args.n,
            args.seed,
            args.truth,
            common=args.common,
            guard=guard,
            workers=args.workers,
        )
        print(summary(args.outdir, truth))
        print(f"generated in {time.perf_counter() - started:.1f} s")
        if "generation" in truth:
            print(f"generation: {truth['generation']}")
    if args.check or args.check_sample or args.check_only:
        failed = False
        for k, reading in ((4, "content"), (5, "engine")):
            started = time.perf_counter()
            shared = unrelated_overlaps(args.outdir, truth, k, reading, args.check_sample)
            also = pool_sharing(truth)
            alone = Counter({pair: c for pair, c in shared.items() if not also(*pair)})
            print(
                f"unrelated pairs sharing a {k}-gram ({reading} reading, the common sentences'"
                f" own runs left out): {len(alone)} that share no common sentence, and"
                f" {len(shared) - len(alone)} beside a common sentence they share"
                f" ({time.perf_counter() - started:.0f} s)"
            )
            for (a, b), count in alone.most_common(5):
                print(f"  {a} {b}: {count}")
            failed |= k == 4 and bool(alone) and guard_mode(args.n, guard) == "full"
        if guard_mode(args.n, guard) != "full":
            expected = expected_chance_overlaps(args.n)
            print(f"expected chance 5-gram overlaps without a guard: {expected}")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
