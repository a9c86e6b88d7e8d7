"""Distances between two news items, one small function per criterion (ALGORITHMS.md §6).

The seed paper (Andreev, Berezkin, Kozlov, Simakov; seeds/002) describes a pair of messages by
a vector of distances, one per criterion, and lets an SVM decide; :func:`features` builds that
vector in :data:`FEATURES` order, the direction a→b ("is a a duplicate of b?"):

* ``text``: 1 − cosine of the Okapi BM25-weighted lemma vectors of the texts (§5.1);
* ``title``: 1 − cosine of the titles' lemma vectors (idf-weighted, saturated term frequency);
* ``sentences_ab`` / ``sentences_ba``: weighted containment (§5.3): the share of a's sentence
  weight whose sentences also occur in b (the same lemmas in the same order); a sentence weighs
  the sum of its lemmas' idf; distance = 1 − share. Asymmetric, so both directions;
* ``paragraphs_ab`` / ``paragraphs_ba``: the same over paragraphs;
* ``numbers_ab`` / ``numbers_ba``: 1 − containment of the set of a's numbers in b's (§5.4,
  unweighted); ``number_order``: the Damerau–Levenshtein distance between the two sequences of
  numbers, divided by the longer one's length (scores 6:4 vs 4:6 differ only here);
* ``images``, ``links``: the difference of the counts (§5.5), |count a − count b|;
* ``time``: the publication times apart, in days (§5.6: seconds; days keep the scale of the
  other columns near 1 before the SVM's scaler);
* ``authority_a``, ``authority_b``: aut(source) in [0, 1] (§5.7), learned by
  :func:`authority_of` from labelled pairs.

Criteria added for real retold stories (issue 37: on SemEval-2022 Task 8's real pairs the
paper's criteria alone scored below a words-only TF-IDF baseline). Each is 1 − the cosine of
two sublinear TF-IDF vectors, weight (1 + ln tf) · idf with scikit-learn's smooth idf
ln((1 + N) / (1 + df)) + 1 over the collection (Manning, Raghavan, Schütze, *Introduction to
Information Retrieval*, §6.4.1 sublinear tf; §6.3 cosine), unless said otherwise:

* ``words``: over the lemmas (stems) of title and text, numbers and stop words left out;
* ``forms``: over the lower-cased word forms of title and text (runs of two or more word
  characters, scikit-learn's default token pattern): the words-only baseline itself, so the
  baseline is a subset of "all criteria";
* ``chars``: over the character 4-grams of the first :data:`CHAR_TEXT` characters of title and
  text, lower-cased, every run of non-word characters one space, hashed into
  :data:`CHAR_BUCKETS` buckets (character n-grams match word forms no stemmer joins and scripts
  written without spaces; McNamee and Mayfield, "Character n-gram tokenization for European
  language text retrieval", Information Retrieval 7, 2004);
* ``lead``: over the lemmas of the title and the first :data:`LEAD_WORDS` lemmas of the text
  (a retelling keeps the story's lead);
* ``entities``: over the set of name-like tokens: words written with a capital letter that do
  not begin a sentence, lower-cased, and the numbers (each counted once);
* ``length``: 1 − the shorter text's lemma count over the longer's (0 when both have none).

A cosine of an item without any term is :data:`NEUTRAL_DISTANCE`.

Missing fields never look like evidence, either way. What must hold, per column (the constants
below):

* a [0, 1] distance that cannot be measured (the measured side has nothing to measure: no text
  words, no title words, no sentences, no numbers on a's side for ``numbers_ab``, no numbers on
  either side for ``number_order``) is :data:`NEUTRAL_DISTANCE` = 0.5, halfway between "the
  same" and "nothing shared". When only the *other* side is empty the distance is measured
  (a's numbers are not in b: 1.0);
* images and links: an item without them has a count of 0 (a JSON item cannot say "unknown"),
  so two items without any give 0 like two with the same count;
* time unknown on either side: :data:`NEUTRAL_DAYS` = 1.5 days, the middle of the default
  3-day window of the stream (neither "published together", the sign of a fresh retelling, nor
  the window's edge);
* authority of a source with no labelled items (or no source): :data:`NEUTRAL_AUTHORITY` = 0.5.

:func:`analyze` prepares one item once (lemmas through :func:`copylens.core.canonicalize`,
sentences, paragraphs, numbers, time); every pairwise function then costs time linear in the
two items' distinct lemmas.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import repeat

import numpy as np
from rapidfuzz.distance import DamerauLevenshtein

from copylens.core.canonicalize import canonicalize
from copylens.core.news.items import NewsItem
from copylens.core.options import LANGUAGES, Options

FEATURES: tuple[str, ...] = (
    "text",
    "title",
    "sentences_ab",
    "sentences_ba",
    "paragraphs_ab",
    "paragraphs_ba",
    "numbers_ab",
    "numbers_ba",
    "number_order",
    "images",
    "links",
    "time",
    "authority_a",
    "authority_b",
    "words",
    "forms",
    "chars",
    "lead",
    "entities",
    "length",
)
CRITERIA: dict[str, tuple[str, ...]] = {
    "text": ("text",),
    "title": ("title",),
    "sentences": ("sentences_ab", "sentences_ba"),
    "paragraphs": ("paragraphs_ab", "paragraphs_ba"),
    "numbers": ("numbers_ab", "numbers_ba", "number_order"),
    "images": ("images",),
    "links": ("links",),
    "time": ("time",),
    "authority": ("authority_a", "authority_b"),
    "words": ("words",),
    "forms": ("forms",),
    "chars": ("chars",),
    "lead": ("lead",),
    "entities": ("entities",),
    "length": ("length",),
}
"""Each criterion of the paper and its columns of :data:`FEATURES` (in that order)."""

NEUTRAL_DISTANCE = 0.5
"""A [0, 1] distance that cannot be measured (see the module docstring)."""
NEUTRAL_DAYS = 1.5
"""``time`` when either publication time is unknown."""
NEUTRAL_AUTHORITY = 0.5
"""Authority of a source that no label speaks of."""

K1 = 1.2
"""BM25 term-frequency saturation (the usual Okapi value)."""
B = 0.75
"""BM25 length normalisation (the usual Okapi value)."""
SECONDS_PER_DAY = 86400.0
LEAD_WORDS = 60
"""Lemmas of the text that make its lead (with the title) for the ``lead`` criterion."""
CHAR_TEXT = 1000
"""Characters of title + text whose 4-grams the ``chars`` criterion compares (on SemEval's
real pairs the first 800, 1,500, 3,000 characters or the whole text gave the same
cross-validated F1, within ±0.01; fewer keep a 10,000-item stream's memory down)."""
CHAR_N = 4
CHAR_BITS = 22
CHAR_BUCKETS = 1 << CHAR_BITS
"""Hash buckets of character n-grams (collisions join unrelated n-grams in both items alike)."""

_NUMBER = re.compile(r"(?:(?:^|(?<=[\s(\[]))[-+\u2212])?\d+(?:[.,]\d+)*")
"""A number as written: digits, with decimal or group separators inside ("92,5", "1.000"), and
a sign that stands before it on its own ("-2", "+5", "−3"; not the dash of a range "10-15").
"6:4" is two numbers."""

Lemmas = tuple[str, ...]
_NO_TERMS: tuple[np.ndarray, np.ndarray] = (
    np.zeros(0, dtype=np.int64),
    np.zeros(0, dtype=np.uint16),
)
_NO_CHARS: tuple[np.ndarray, np.ndarray] = (
    np.zeros(0, dtype=np.int32),
    np.zeros(0, dtype=np.uint16),
)
"""The character n-grams of a text shorter than one n-gram."""


@dataclass(frozen=True, eq=False)
class Analyzed:
    """One item, prepared once for every comparison it takes part in.

    What holds: ``text`` and ``title`` count the lemmas (canonical forms: stop words and
    numbers left out) of the text and the title; ``sentences`` and ``paragraphs`` are the
    lemma sequences of each non-empty sentence and paragraph of the text (numbers kept, so a
    sentence with another number is another sentence); ``numbers`` are the text's numbers in
    order, decimal commas written as points; ``timestamp`` is the item's (None: unknown);
    ``forms`` counts the lower-cased word forms of title and text (sorted distinct term ids,
    :func:`term_id`, and their counts: arrays, as a dict of 400 fresh strings per item doubled
    a 10,000-item stream's memory), ``lead`` the lemmas of the
    title and the text's first :data:`LEAD_WORDS`, ``entities`` the name-like tokens and
    numbers, ``chars`` the hashed character n-grams (sorted bucket ids, their counts).
    """

    item: NewsItem
    language: str
    text: Mapping[str, int]
    text_length: int
    title: Mapping[str, int]
    sentences: tuple[Lemmas, ...]
    paragraphs: tuple[Lemmas, ...]
    numbers: tuple[str, ...]
    timestamp: float | None
    forms: tuple[np.ndarray, np.ndarray] = field(default_factory=lambda: _NO_TERMS)
    lead: Mapping[str, int] = field(default_factory=dict)
    entities: frozenset[str] = frozenset()
    chars: tuple[np.ndarray, np.ndarray] = field(default_factory=lambda: _NO_CHARS)
    _cache: dict[Weights, _Prepared] = field(default_factory=dict, repr=False, compare=False)
    """The BM25 vector of the text under the last :class:`Weights` it was asked for (held by
    the weights object itself, compared by identity)."""


@dataclass(frozen=True, eq=False)
class Weights:
    """BM25 statistics of a collection: document frequencies of lemmas (text and title count
    once per item), the number of items and their mean text length in lemmas.

    ``idf(lemma) = ln(1 + (N − df + 0.5) / (df + 0.5))`` (the non-negative Okapi variant): a
    lemma no item holds gets the largest weight, never an error.
    """

    df: Mapping[str, int]
    count: int
    mean_length: float
    form_df: Mapping[int, int] = field(default_factory=dict)
    entity_df: Mapping[str, int] = field(default_factory=dict)
    char_df: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    """Document frequencies of word forms, name-like tokens and character n-gram buckets."""

    @classmethod
    def of(cls, items: Sequence[Analyzed]) -> Weights:
        """The statistics of ``items``."""
        df: Counter[str] = Counter()
        forms: Counter[int] = Counter()
        entities: Counter[str] = Counter()
        chars = np.zeros(CHAR_BUCKETS, dtype=np.int32)
        for one in items:
            df.update(one.text.keys() | one.title.keys())
            forms.update(one.forms[0].tolist())
            entities.update(one.entities)
            chars[one.chars[0]] += 1
        lengths = sum(one.text_length for one in items)
        mean = lengths / len(items) if items else 0.0
        return cls(dict(df), len(items), mean, dict(forms), dict(entities), chars)

    def smooth_idf(self, df: int) -> float:
        """scikit-learn's smooth idf, ln((1 + N) / (1 + df)) + 1 (≥ 1)."""
        return math.log((1 + self.count) / (1 + df)) + 1.0

    def idf(self, lemma: str) -> float:
        """The lemma's inverse document frequency (> 0)."""
        df = self.df.get(lemma, 0)
        return math.log1p((self.count - df + 0.5) / (df + 0.5))

    def bm25(self, counts: Mapping[str, int], length: int | None) -> dict[str, float]:
        """BM25 weights of a bag of lemmas; ``length`` None: no length normalisation (b = 0,
        for titles)."""
        norm = K1
        if length is not None and self.mean_length > 0:
            norm = K1 * (1 - B + B * length / self.mean_length)
        idf = self.idf
        return {w: idf(w) * tf * (K1 + 1) / (tf + norm) for w, tf in counts.items()}


def analyze(item: NewsItem, language: str = "auto") -> Analyzed:
    """Lemmas, sentences, paragraphs and numbers of ``item`` (``language``: one of the engine's,
    "auto" detects it from the text; the title is read in the text's language)."""
    paragraphs = item.paragraphs
    text = "\n\n".join(paragraphs)
    turkish = language == "auto" and _mostly_turkish(text)
    options = _PLAIN if turkish else _options(language)
    canonical = canonicalize(text, options)
    found = canonical.language if canonical.forms else language
    if language == "auto" and _mostly_arabic(text):
        found = "ar"
    if turkish:
        found = "tr"
        options = _PLAIN
    else:
        options = _options(found)
    forms = stems(canonical.forms, found)
    words = _split(forms, canonical.sentences.tolist())
    par_ids = _paragraph_ids(paragraphs, canonical.starts.tolist())
    title = canonicalize(item.title, options).forms if item.title.strip() else ()
    title = stems(title, found)
    lemmas = [w for w in forms if not _is_number(w)]
    head = f"{item.title}\n{text}"
    title_lemmas = [w for w in title if not _is_number(w)]
    return Analyzed(
        item=item,
        language=found if found in ("ar", "tr") else canonical.language,
        text=Counter(lemmas),
        text_length=len(lemmas),
        title=Counter(w for w in title if not _is_number(w)),
        sentences=words,
        paragraphs=_split(forms, par_ids),
        numbers=tuple(map(_number, _NUMBER.findall(text))),
        timestamp=item.timestamp,
        forms=_counted(_FORM.findall(head.lower())),
        lead=Counter(title_lemmas + lemmas[:LEAD_WORDS]),
        entities=entities_of(item.title, text),
        chars=char_grams(head),
    )


_FORM = re.compile(r"\b\w\w+\b")
"""A word form as scikit-learn's TfidfVectorizer cuts them (its default token pattern)."""
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\n+")
_EDGE = ".,;:!?\"'()[]{}«»“”„‘’‹›<>*–—-"
_NON_WORD = re.compile(r"[\W_]+")


def term_id(term: str) -> int:
    """The id of a term in a :class:`Sparse` vector: Python's ``hash`` of its UTF-8 bytes
    (stable within one process, where every vector of a comparison is made; not the hash of
    the str, which hashes the string's internal buffer: "条", U+6761, and "ag" hash alike)."""
    return hash(term.encode())


def _counted(terms: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Sorted distinct :func:`term_id` of ``terms`` and how often each occurs."""
    if not terms:
        return _NO_TERMS
    ids = np.fromiter(map(term_id, terms), dtype=np.int64, count=len(terms))
    distinct, counts = np.unique(ids, return_counts=True)
    return distinct, counts.astype(np.uint16)


def entities_of(title: str, text: str) -> frozenset[str]:
    """The name-like tokens of an item: words beginning with a capital letter that are not the
    first word of a sentence (or of the title), lower-cased, and the numbers (outer punctuation
    stripped, as the numbers criterion writes them: "92,5" as "92.5", "+5" as "5"). Scripts
    without capitals give only the numbers."""
    found: set[str] = set()
    for sentence in _SENTENCE_END.split(f"{title}\n{text}"):
        for n, word in enumerate(sentence.split()):
            token = word.strip(_EDGE)
            if not token:
                continue
            if token.lstrip("+-\u2212")[:1].isdigit():
                found.add(_number(token))
            elif n > 0 and token[0].isupper():
                found.add(token.lower())
    return frozenset(found)


def char_grams(text: str) -> tuple[np.ndarray, np.ndarray]:
    """The hashed character :data:`CHAR_N`-grams of the first :data:`CHAR_TEXT` characters of
    ``text`` (lower-cased, every run of non-word characters one space): sorted distinct bucket
    ids in [0, :data:`CHAR_BUCKETS`) and how often each occurs."""
    plain = _NON_WORD.sub(" ", text[:CHAR_TEXT].lower()).strip()
    codes = np.frombuffer(plain.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    if len(codes) < CHAR_N:
        return _NO_CHARS
    mixed = np.zeros(len(codes) - CHAR_N + 1, dtype=np.uint64)
    for k in range(CHAR_N):
        mixed = mixed * np.uint64(1_000_003) + codes[k : len(codes) - CHAR_N + 1 + k]
    # Fibonacci hashing: the top bits of a multiplication by 2^64 / golden ratio
    bucket = (mixed * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - CHAR_BITS)
    ids, counts = np.unique(bucket.astype(np.int32), return_counts=True)
    return ids, counts.astype(np.uint16)


NEWS_STEMMERS = {"pl": "polish", "ar": "arabic", "tr": "turkish"}
"""Languages the engine's canonical forms leave as lower-cased words that news items stem with
the ``snowballstemmer`` package's Snowball algorithms (issue 37: Polish retellings shared few
forms): Polish (the engine detects it; nltk has no Polish Snowball), Arabic (the engine does
not detect it; a text mostly in Arabic letters is taken as Arabic) and Turkish (the engine does
not detect it and took Turkish texts for English, Italian or German and cut them with those
stemmers; a text of which at least :data:`TURKISH_SHARE` of the letters are ı or ğ, letters no
other language of the set writes, is taken as Turkish and read without the engine's stemming
and stop words, then stemmed with Snowball's Turkish). Every other language of the engine
already has its lemmas (pymorphy3: ru, uk) or Snowball stems (en, de, fr, es, it, pt, nl, sv);
the rest (Chinese, ...) stay lower-cased word forms (and the ``chars`` criterion compares
their character 4-grams)."""
TURKISH_SHARE = 0.015
"""Least share of the letters ı and ğ among all letters of a Turkish text (Turkish prose has
about 5 % ı and 1 % ğ)."""
_TURKISH = re.compile("[\u0131\u011f\u011e]")
_PLAIN = Options(lemmatize=False, stop_words=False)
"""The engine's canonical forms without its stems and stop words (lower-cased words)."""
_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f]")
_LETTERS = re.compile(r"[^\W\d_]")


def _mostly_arabic(text: str) -> bool:
    """Whether most letters of (the first 4,000 characters of) ``text`` are Arabic."""
    sample = text[:4000]
    letters = len(_LETTERS.findall(sample))
    return letters > 0 and len(_ARABIC.findall(sample)) * 2 > letters


def _mostly_turkish(text: str) -> bool:
    """Whether at least :data:`TURKISH_SHARE` of the letters of (the first 4,000 characters
    of) ``text`` are ı or ğ."""
    sample = text[:4000]
    letters = len(_LETTERS.findall(sample))
    return letters > 0 and len(_TURKISH.findall(sample)) >= TURKISH_SHARE * letters


def stems(forms: Sequence[str], language: str) -> tuple[str, ...]:
    """``forms`` (the engine's canonical forms of a text in ``language``) as news compares
    them: stemmed for the languages of :data:`NEWS_STEMMERS`, as they are otherwise."""
    if language not in NEWS_STEMMERS:
        return tuple(forms)
    stem = _stemmer(language)
    return tuple(form if _is_number(form) else stem(form) for form in forms)


@cache
def _stemmer(language: str) -> Callable[[str], str]:
    import snowballstemmer

    return cache(snowballstemmer.stemmer(NEWS_STEMMERS[language]).stemWord)


@cache
def _options(language: str) -> Options:
    return Options(language=language if language in LANGUAGES else "auto")


def _number(written: str) -> str:
    """A number as compared: decimal comma as a point, "−" as "-", no "+" ("+5" is 5)."""
    return written.replace(",", ".").replace("\u2212", "-").removeprefix("+")


def _is_number(form: str) -> bool:
    return form[:1].isdigit()


def _split(forms: Sequence[str], ids: Sequence[int]) -> tuple[Lemmas, ...]:
    """The forms grouped by consecutive equal ``ids`` (sentence or paragraph indexes)."""
    groups: dict[int, list[str]] = {}
    for form, group in zip(forms, ids, strict=True):
        groups.setdefault(group, []).append(form)
    return tuple(tuple(words) for words in groups.values())


def _paragraph_ids(paragraphs: Sequence[str], starts: Sequence[int]) -> list[int]:
    """The paragraph of each word start, for paragraphs joined by "\\n\\n"."""
    bounds: list[int] = []
    offset = 0
    for paragraph in paragraphs:
        bounds.append(offset)
        offset += len(paragraph) + 2
    return (np.searchsorted(bounds, starts, side="right") - 1).tolist() if bounds else []


# --- the criteria -----------------------------------------------------------------------------


def text_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the BM25 lemma vectors of the texts; neutral when either has no words."""
    if not a.text or not b.text:
        return NEUTRAL_DISTANCE
    pa, pb = _prepared(a, weights), _prepared(b, weights)
    return 1.0 - _cosine(pa.vector, pa.norm, pb.vector, pb.norm)


def title_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the titles' idf-weighted lemma vectors; neutral when either has none."""
    if not a.title or not b.title:
        return NEUTRAL_DISTANCE
    u, v = weights.bm25(a.title, None), weights.bm25(b.title, None)
    return 1.0 - _cosine(u, _norm(u), v, _norm(v))


def sentence_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − the weighted share of a's sentences that occur in b (ALGORITHMS.md §6, paper §5.3);
    neutral when a has no sentence."""
    pa, pb = _prepared(a, weights), _prepared(b, weights)
    return _contained(a.sentences, pa.sentence_weights, pb.sentence_set)


def paragraph_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − the weighted share of a's paragraphs that occur in b; neutral when a has none."""
    pa, pb = _prepared(a, weights), _prepared(b, weights)
    return _contained(a.paragraphs, pa.paragraph_weights, pb.paragraph_set)


def number_containment(a: Analyzed, b: Analyzed) -> float:
    """1 − |set(a) ∩ set(b)| / |set(a)| over the numbers (paper §5.4); neutral when a has no
    number."""
    mine = set(a.numbers)
    if not mine:
        return NEUTRAL_DISTANCE
    return 1.0 - len(mine & set(b.numbers)) / len(mine)


def number_order_distance(a: Analyzed, b: Analyzed) -> float:
    """Damerau–Levenshtein distance between the number sequences over the longer length, in
    [0, 1] and symmetric; neutral when neither has a number."""
    if not a.numbers and not b.numbers:
        return NEUTRAL_DISTANCE
    return float(DamerauLevenshtein.normalized_distance(a.numbers, b.numbers))


def count_difference(a: Sequence[object], b: Sequence[object]) -> float:
    """|len(a) − len(b)|: the images or links criterion (paper §5.5)."""
    return float(abs(len(a) - len(b)))


def time_difference(a: Analyzed, b: Analyzed) -> float:
    """Publication times apart in days (≥ 0); :data:`NEUTRAL_DAYS` when either is unknown."""
    if a.timestamp is None or b.timestamp is None:
        return NEUTRAL_DAYS
    return abs(a.timestamp - b.timestamp) / SECONDS_PER_DAY


def source_authority(source: str, table: Mapping[str, float]) -> float:
    """aut(source) from ``table``; :data:`NEUTRAL_AUTHORITY` for a source it does not hold."""
    return table.get(source, NEUTRAL_AUTHORITY) if source else NEUTRAL_AUTHORITY


def words_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the sublinear TF-IDF vectors of title + text lemmas."""
    return _sparse_distance(_prepared(a, weights).words, _prepared(b, weights).words)


def forms_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the sublinear TF-IDF vectors of title + text word forms (the baseline)."""
    return _sparse_distance(_prepared(a, weights).forms, _prepared(b, weights).forms)


def chars_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the sublinear TF-IDF vectors of hashed character n-grams."""
    return _sparse_distance(_prepared(a, weights).chars, _prepared(b, weights).chars)


def lead_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the sublinear TF-IDF vectors of the title and the text's first lemmas."""
    return _sparse_distance(_prepared(a, weights).lead, _prepared(b, weights).lead)


def entities_distance(a: Analyzed, b: Analyzed, weights: Weights) -> float:
    """1 − cosine of the idf-weighted sets of name-like tokens and numbers."""
    return _sparse_distance(_prepared(a, weights).entities, _prepared(b, weights).entities)


def length_distance(a: Analyzed, b: Analyzed) -> float:
    """1 − min / max of the two texts' lemma counts, in [0, 1]; 0 when neither has words."""
    longer = max(a.text_length, b.text_length)
    return 1.0 - min(a.text_length, b.text_length) / longer if longer else 0.0


def features(
    a: Analyzed, b: Analyzed, weights: Weights, authority: Mapping[str, float]
) -> np.ndarray:
    """The vector a→b, float64, in :data:`FEATURES` order (the pair's other vector is
    ``features(b, a, ...)``)."""
    return np.array(
        [
            text_distance(a, b, weights),
            title_distance(a, b, weights),
            sentence_distance(a, b, weights),
            sentence_distance(b, a, weights),
            paragraph_distance(a, b, weights),
            paragraph_distance(b, a, weights),
            number_containment(a, b),
            number_containment(b, a),
            number_order_distance(a, b),
            count_difference(a.item.images, b.item.images),
            count_difference(a.item.links, b.item.links),
            time_difference(a, b),
            source_authority(a.item.source, authority),
            source_authority(b.item.source, authority),
            words_distance(a, b, weights),
            forms_distance(a, b, weights),
            chars_distance(a, b, weights),
            lead_distance(a, b, weights),
            entities_distance(a, b, weights),
            length_distance(a, b),
        ],
        dtype=np.float64,
    )


MIRRORED = {
    "sentences_ab": "sentences_ba",
    "sentences_ba": "sentences_ab",
    "paragraphs_ab": "paragraphs_ba",
    "paragraphs_ba": "paragraphs_ab",
    "numbers_ab": "numbers_ba",
    "numbers_ba": "numbers_ab",
    "authority_a": "authority_b",
    "authority_b": "authority_a",
}
"""The directional columns and their counterparts; every other column is symmetric."""
_SWAP = [FEATURES.index(MIRRORED.get(name, name)) for name in FEATURES]


def pair_features(
    a: Analyzed, b: Analyzed, weights: Weights, authority: Mapping[str, float]
) -> np.ndarray:
    """Both vectors of a pair, rows a→b and b→a (2 × :data:`FEATURES`): the b→a row is the
    a→b row with each directional column and its counterpart swapped, equal to
    ``features(b, a, ...)`` (the symmetric criteria are computed once)."""
    ab = features(a, b, weights, authority)
    return np.vstack((ab, ab[_SWAP]))


def authority_of(labels: Iterable[tuple[NewsItem, NewsItem, int]]) -> dict[str, float]:
    """aut(s) for each source of the labelled items (paper §5.7): the share of the source's
    distinct labelled items that are originals. An item is not original when it is the later
    published member of a pair labelled duplicate (label 1); when the two times are equal or
    either is unknown, neither is counted as the copy (the label does not say which one is).
    Items without a source are left out."""
    sources: dict[str, str] = {}
    copies: set[str] = set()
    for a, b, label in labels:
        for item in (a, b):
            if item.source:
                sources[item.id] = item.source
        later = _later(a, b) if label == 1 else None
        if later is not None:
            copies.add(later.id)
    totals: Counter[str] = Counter(sources.values())
    originals: Counter[str] = Counter(s for i, s in sources.items() if i not in copies)
    return {source: originals[source] / total for source, total in sorted(totals.items())}


def _later(a: NewsItem, b: NewsItem) -> NewsItem | None:
    ta, tb = a.timestamp, b.timestamp
    if ta is None or tb is None or ta == tb:
        return None
    return a if ta > tb else b


def heavy_signature(a: Analyzed, weights: Weights) -> str:
    """The paper's prefilter key (§6.2): the 2 heaviest lemmas of the text by BM25 weight (ties
    by the lemma), sorted and joined by a space; the title's when the text has no words, "" when
    neither has. Items with equal signatures are candidates."""
    vector = _prepared(a, weights).vector if a.text else weights.bm25(a.title, None)
    heaviest = sorted(vector.items(), key=lambda pair: (-pair[1], pair[0]))[:2]
    return " ".join(sorted(lemma for lemma, _ in heaviest))


# --- helpers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Prepared:
    """What an :class:`Analyzed` item needs for every comparison under one :class:`Weights`."""

    vector: dict[str, float]
    """BM25 vector of the text."""
    norm: float
    sentence_weights: tuple[float, ...]
    paragraph_weights: tuple[float, ...]
    sentence_set: frozenset[Lemmas]
    paragraph_set: frozenset[Lemmas]
    words: Sparse
    forms: Sparse
    chars: Sparse
    lead: Sparse
    entities: Sparse


def _prepared(a: Analyzed, weights: Weights) -> _Prepared:
    """a's :class:`_Prepared` under ``weights``, memoized on ``a`` for the last weights used
    (the memo holds the weights object, so a new one is never mistaken for it)."""
    found = a._cache.get(weights)
    if found is None:
        vector = weights.bm25(a.text, a.text_length)
        idf = weights.idf
        found = _Prepared(
            vector,
            _norm(vector),
            tuple(sum(map(idf, unit)) for unit in a.sentences),
            tuple(sum(map(idf, unit)) for unit in a.paragraphs),
            frozenset(a.sentences),
            frozenset(a.paragraphs),
            _tfidf(Counter(a.text) + Counter(a.title), weights.df, weights),
            _counted_vector(a.forms, weights.form_df, weights),
            _char_vector(a.chars, weights),
            _tfidf(a.lead, weights.df, weights),
            _tfidf(dict.fromkeys(a.entities, 1), weights.entity_df, weights),
        )
        a._cache.clear()
        a._cache[weights] = found
    return found


@dataclass(frozen=True)
class Sparse:
    """A unit-length term vector: sorted distinct term ids (:func:`term_id`) and their weights
    (both empty when the item has no term)."""

    ids: np.ndarray
    weights: np.ndarray


_EMPTY = Sparse(np.zeros(0, dtype=np.int64), np.zeros(0))


def _tfidf(counts: Mapping[str, int], df: Mapping[str, int], weights: Weights) -> Sparse:
    """The unit sublinear TF-IDF vector of ``counts`` (smooth idf of ``df``)."""
    if not counts:
        return _EMPTY
    ids = np.fromiter(map(term_id, counts), dtype=np.int64, count=len(counts))
    idf = weights.smooth_idf
    values = np.fromiter(
        ((1.0 + math.log(tf)) * idf(df.get(term, 0)) for term, tf in counts.items()),
        dtype=np.float64,
        count=len(counts),
    )
    return _unit(ids, values)


def _counted_vector(
    terms: tuple[np.ndarray, np.ndarray], df: Mapping[int, int], weights: Weights
) -> Sparse:
    """The unit sublinear TF-IDF vector of :func:`_counted` terms (smooth idf of ``df``)."""
    ids, counts = terms
    if not len(ids):
        return _EMPTY
    found = np.fromiter(map(df.get, ids.tolist(), repeat(0)), dtype=np.float64, count=len(ids))
    idf = np.log((1 + weights.count) / (1 + found)) + 1.0
    values = (1.0 + np.log(counts)) * idf
    return Sparse(ids, values / math.sqrt(math.fsum((values * values).tolist())))


def _char_vector(chars: tuple[np.ndarray, np.ndarray], weights: Weights) -> Sparse:
    ids, counts = chars
    if not len(ids):
        return _EMPTY
    df = weights.char_df[ids] if len(weights.char_df) else np.zeros(len(ids))
    idf = np.log((1 + weights.count) / (1 + df)) + 1.0
    values = (1.0 + np.log(counts)) * idf
    norm = math.sqrt(math.fsum((values * values).tolist()))
    return Sparse(ids, values / norm)  # ids are sorted and distinct (np.unique)


def _unit(ids: np.ndarray, values: np.ndarray) -> Sparse:
    order = np.argsort(ids)
    ids, values = ids[order], values[order]
    norm = math.sqrt(math.fsum((values * values).tolist()))
    return Sparse(ids, values / norm) if norm > 0 else _EMPTY


def _sparse_distance(u: Sparse, v: Sparse) -> float:
    """1 − the cosine of two unit vectors; neutral when either has no term. Each id of the
    shorter vector is looked up in the longer one's sorted ids (binary search). Sums are
    ``math.fsum`` (exactly rounded): the ids, and so the order of the terms, change with
    Python's hash seed from run to run, the distance must not (``train_news_model.py
    --check`` compares a fresh training bit for bit)."""
    if not len(u.ids) or not len(v.ids):
        return NEUTRAL_DISTANCE
    if len(u.ids) > len(v.ids):
        u, v = v, u
    at = np.minimum(np.searchsorted(v.ids, u.ids), len(v.ids) - 1)
    shared = v.ids[at] == u.ids
    dot = math.fsum((u.weights[shared] * v.weights[at[shared]]).tolist())
    return 1.0 - min(1.0, max(0.0, dot))


def _norm(vector: Mapping[str, float]) -> float:
    return math.sqrt(sum(x * x for x in vector.values()))


def _cosine(u: Mapping[str, float], nu: float, v: Mapping[str, float], nv: float) -> float:
    if nu <= 0 or nv <= 0:
        return 0.0
    if len(u) > len(v):
        u, v = v, u
    dot = sum(weight * v.get(word, 0.0) for word, weight in u.items())
    return min(1.0, dot / (nu * nv))


def _contained(
    mine: Sequence[Lemmas], weights: Sequence[float], theirs: frozenset[Lemmas]
) -> float:
    """1 − (weight of ``mine``'s units that are also in ``theirs``) / (weight of all of
    ``mine``); a unit weighs the sum of its lemmas' idf (``weights``, in the same order).
    Neutral when ``mine`` is empty."""
    total = sum(weights)
    if not mine or total <= 0:
        return NEUTRAL_DISTANCE
    shared = sum(w for unit, w in zip(mine, weights, strict=True) if unit in theirs)
    return 1.0 - shared / total
