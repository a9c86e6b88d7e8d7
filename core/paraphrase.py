"""Paraphrase: sentences whose meaning matches a source's though their words do not (issue 17).

A rewrite ("рерайт") keeps a source's facts in roughly their order and replaces many words:
synonyms, another word order, active for passive, two sentences merged or one split. The
aligner finds little of it (few runs of equal words survive), so this stage compares
sentences by meaning, after the aligner, between a checked document and a source:

1. Sentences (:func:`sentence_words`) with at least :data:`MIN_WORDS` counted words are bags
   of their canonical words, each with a unit vector and a weight
   (:mod:`copylens.core.meaning`).
2. Candidates: for each sentence of the checked text the aligner did not mostly find, the
   :data:`TOP` source sentences whose weighted mean vectors are nearest (cosine at least
   :data:`FLOOR`): a cheap bound, so the precise score runs on a few pairs per sentence.
   Long documents compare only source sentences sharing a word rare in the source
   (:class:`RareWords`), so the step grows with their length, not with its square.
3. The precise score of two units (a sentence, or two adjacent sentences for merges and
   splits) is soft word alignment (soft cardinality, Jimenez, Becerra and Gelbukh 2012; word
   similarity from vectors as in Sultan, Bethard and Sumner 2014): words are paired one to one,
   most similar first (1 for equal canonical forms, else the vectors' cosine when at least
   :data:`WORD_MATCH`); each side's weighted share of paired similarity, and the harmonic mean
   of both, so both sentences must be mostly matched. Two words the language's thesaurus
   lists as synonyms (Russian, Ukrainian: :mod:`copylens.core.thesaurus`, issue 35) are at
   least :data:`SYNONYM` similar, and in a language without word vectors (:data:`SPREAD`)
   the candidate step's mean vectors add each word's synonyms' vectors to its own
   (:func:`_spread`). Words the aligner found weigh nothing;
   a merge or split holds only when each of its sentences is retold.
4. Matches are taken best first, each sentence in one match (a source sentence the aligner
   mostly found in none; of equal scores, as of a source's repeated sentence, the one
   continuing its neighbours' sources, :func:`_tie_order`), and kept by the evidence around
   them, the way fragments need an anchor: a match at :data:`ALONE` stands alone; at
   :data:`IN_RUN` it needs a neighbour, at :data:`LOW` a run of :data:`RUN` (consecutive
   checked sentences retold from nearby source sentences, or copied from the source where
   the run goes on). A retold passage is a run of retold sentences; a writer's own sentence
   on the source's topic matches one source sentence by chance. A short copy stays a copy
   (:func:`_short_copy`): the shortest fragment (``min_fragment_words``) holds for it as for
   the aligner's.
   Besides (issue 35), a match at a lower score stands in an *ordered chain*: consecutive
   checked sentences retelling consecutive source sentences (in Russian and Ukrainian one
   source sentence may be passed over), three or more of them, or two with a higher mean
   (:func:`_ordered`; the scores per language in :data:`CHAINED`: members from 0.2 (uk 0.15)
   with a mean of 0.25 (uk 0.3) in Russian and Ukrainian, whose word vectors and thesauri
   know too few of a rewriter's synonyms for an expert rewrite to reach :data:`LOW`). A rewrite
   keeps its source's order sentence by sentence; honest writing on the topic and word salad
   from its vocabulary do not (bench/lab_rewrite_runs.py). The candidate step then also
   scores each candidate's successor on both sides (:func:`_next_pairs`).

Precision first: the thresholds were chosen on real honest writing on a source's topic (the
Clough–Stevenson answers written without copying, seed papers on the same subject by other
authors), hand-written independent texts and word salad from one small vocabulary, beside
the heavy rewrites they must find (bench/bench_paraphrase.py prints all of them), with the
ParaPhraser headline pairs (Pivovarova et al. 2017) for the sentence score alone.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import re
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import repeat

import numpy as np

from copylens.core.arrays import distinct, distinct_counts, ranges
from copylens.core.canonicalize import Canonical, word_spans
from copylens.core.cpu import stage
from copylens.core.meaning import Lexicon, lexicon, preload, weights_of
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Fragment
from copylens.core.signal import Finding, FragmentKind
from copylens.core.thesaurus import Thesaurus, thesaurus

PARAPHRASE = FragmentKind(
    name="paraphrase",
    label="paraphrase",
    plural="paraphrases",
    legend="sentences retold in other words",
    colour="tint",
    underline="wave",
    columns=("paraphrase_fragments", "paraphrase_words", "paraphrase_score"),
    scored=True,
)
"""The kind of fragment this stage yields (``Fragment.kind == "paraphrase"``)."""


class Paraphrase:
    """The paraphrase stage as a pair signal (:mod:`copylens.core.signal`), after the copy
    alignment: on when ``options.paraphrase``."""

    kind = PARAPHRASE

    def wanted(self, options: Options) -> bool:
        return options.paraphrase

    def run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        """``found`` with the sentences of A retelling sentences of B covered on both sides,
        and shown as ``"paraphrase"`` fragments where no copy fragment already shows them (a
        retold sentence inside a copy fragment's span is part of that passage: the aligner's
        edits show its words, and now it counts whole)."""
        with stage("paraphrase"):
            return self._run(a, b, found, options)

    def _run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        matches = paraphrases(a, b, (found.covered_a, found.covered_b), found.fragments, options)
        if not matches:
            return found
        covered_a, covered_b = found.covered_a.copy(), found.covered_b.copy()
        added = []
        copies = Copies.of(found.fragments)
        for m in matches:
            pieces = fragments_of(m, a, b, copies)
            covered_a[m.a0 : m.a1] = True  # inside the pieces, or else inside copy fragments
            if pieces or source_shown(m, b, copies):
                covered_b[m.b0 : m.b1] = True  # a covered word always lies inside a fragment
            added += pieces
        fragments = tuple(sorted((*found.fragments, *added), key=lambda f: (f.start, f.end)))
        return Finding(covered_a, covered_b, fragments, found.sentences)


MIN_WORDS = 6
"""Counted words of the shortest sentence compared (shorter ones say too little to tell)."""
TOP = 3
"""Source sentences scored per checked sentence (step 2)."""
FLOOR = 0.4
"""Least cosine of the sentences' mean vectors for a pair to be scored (step 2)."""
WORD_MATCH = 0.4
"""Least cosine of two different words' vectors to pair them (step 3)."""
SYNONYM = 0.8
"""Similarity of two words the language's thesaurus lists as synonyms (step 3; issue 35):
the larger of this and their vectors' cosine."""
STEM = 0.6
"""Similarity of two words of one derivational family (:func:`stem_keys`: "покрывать" and
"покрытие", "коррелировать" and "корреляция"), in a language of :data:`STEMMED`: the larger
of this and their vectors' cosine."""
STEMMED = frozenset({"ru", "uk"})
"""Languages whose words pair by derivational family (:func:`stem_keys`, issue 35): a
Russian or Ukrainian rewriter turns verbs into nouns and adjectives into adverbs, and
navec rates many such pairs under :data:`WORD_MATCH` (and knows few Ukrainian words)."""
STEM_LENGTHS = (5, 6, 7, 8, 9, 10)
"""Lengths of the shared beginnings :func:`stem_keys` looks at."""
ALONE = 0.65
IN_RUN = 0.6
LOW = 0.45
RUN = 3
"""Scores a match needs alone, beside another, and in a run of :data:`RUN` (step 4).
``ALONE`` was 0.7 until issue 35: at 0.65 the Clough–Stevenson heavy revisions gain 0.043
of mean containment, while no answer written without copying, independent same-topic
text, word-salad text, real seed-002 paragraph or own sentence of bench_own_text.py gains
a mark (the highest sentence of a ``non`` answer scores 0.62; bench/bench_paraphrase.py)."""
NEAR = 3
"""Source sentences between the matches of two consecutive checked sentences, at most."""
MAX_COVERED = 0.5
"""A checked sentence whose counted words the aligner found this share of is not compared."""
PART = 0.3
"""Least share of each merged (or split) sentence's weight that must be paired."""
LEAST_WEIGHT = 12.0
"""Least weight of a unit's words left to compare (about three words of a rare kind)."""


@dataclass(frozen=True)
class Meaning:
    """A document's sentences for this stage: word ranges, vectors, weights, centroids."""

    bounds: tuple[tuple[int, int], ...]
    """Canonical word range of each sentence with at least :data:`MIN_WORDS` words."""
    spans: tuple[tuple[int, int], ...]
    """Character span of each sentence of ``bounds``."""
    forms: np.ndarray
    """uint64 fingerprint of each canonical word (equal forms match fully)."""
    lexicon: Lexicon
    rows: np.ndarray
    """Each canonical word's row of the lexicon's table of vectors."""
    weights: np.ndarray
    kept: np.ndarray | None
    """Unit weighted mean vector of each sentence of ``bounds`` when they take at most
    :data:`KEPT_BYTES` (every document of usual length); else None, and :meth:`centroids`
    computes them a block at a time."""
    thesaurus: Thesaurus | None = None
    synonyms: np.ndarray | None = None
    """Each canonical word's number in the language's thesaurus (-1: not listed), when the
    language has one (:mod:`copylens.core.thesaurus`, issue 35)."""
    spread: tuple[np.ndarray, np.ndarray] | None = None
    """The vectors the mean vectors of sentences are made of, when the language has a
    thesaurus: a table of each distinct word's vector plus the mean of its synonyms' (unit
    length), and each word's row of it (:func:`_spread`); else the lexicon's own."""
    stems: np.ndarray | None = None
    """Each canonical word's derivational keys (:func:`stem_keys`, one row per word), in a
    language of :data:`STEMMED`; else None."""

    @cached_property
    def edges(self) -> np.ndarray:
        """``bounds`` as an array (sentences × 2, int64), made once: the sheets of step 3 and
        :func:`_copied` index it (issue 40)."""
        return np.array(self.bounds, dtype=np.int64).reshape(-1, 2)

    @cached_property
    def adjoins(self) -> list[bool]:
        """Whether each sentence of ``bounds`` ends where the next one begins (none after the
        last), so the two may be one unit (:func:`_adjacent`), made once."""
        edges = self.edges
        out: list[bool] = (edges[:-1, 1] == edges[1:, 0]).tolist()
        return out

    def centroids(self, lo: int = 0, hi: int | None = None) -> np.ndarray:
        """Unit weighted mean vectors of sentences [lo, hi) of ``bounds`` (float32), equal bit
        for bit whether kept or computed (:func:`_centroids`)."""
        hi = len(self.bounds) if hi is None else hi
        if self.kept is not None:
            return self.kept[lo:hi]
        table, rows = self.spread or (self.lexicon.table, self.rows)
        return _centroids(self.bounds[lo:hi], table, rows, self.weights)


@dataclass(frozen=True)
class Match:
    """Checked words [a0, a1) retell source words [b0, b1) with this score."""

    a0: int
    a1: int
    b0: int
    b1: int
    score: float
    a_sentences: tuple[int, ...]
    b_sentences: tuple[int, ...]


def meaning_of(doc: Prepared) -> Meaning:
    """The document's :class:`Meaning`, made once per document: memoized on it, and in a
    small per-process cache by content (``compare`` reads a document anew for every group of
    pairs it is in; the words' vectors and weights are the slow part)."""
    memo: Meaning | None = doc.__dict__.get("_meaning")
    if memo is None:
        with stage("paraphrase: meaning"):
            memo = _memoized(doc)
    return memo


def _content(doc: Prepared) -> bytes:
    """A digest of the document's canonical words, their places and its text (its cache key
    here), memoized on the document. The text too: a sentence ends where the text between two
    words says so, and a word's vector is looked up as written, so two texts whose canonical
    words and places are equal ("today. When" and "today, when"; a look-alike letter of the
    other script) have different meanings."""
    key: bytes | None = doc.__dict__.get("_content")
    if key is None:
        c = doc.canonical
        digest = hashlib.blake2b(digest_size=16)
        digest.update(np.ascontiguousarray(c.hashes).data)  # no copy of a long one
        digest.update(np.ascontiguousarray(c.starts).data)
        digest.update(doc.text.encode("utf-8", "surrogatepass"))
        key = doc.__dict__["_content"] = digest.digest()
    return key


def _memoized(doc: Prepared) -> Meaning:
    """The document's :class:`Meaning` from the cache, or made; memoized on the document. A
    cached one whose lexicon is no longer the language's (its cache cleared) is made again:
    the stage reads both documents' rows in one table."""
    c = doc.canonical
    key = _content(doc)
    with _SHARED:
        memo = _CACHE.pop((key, c.language), None)
    if memo is not None and memo.lexicon is not lexicon(c.language):
        memo = None  # made before the lexicon was made anew: its rows index another table
    memo = memo or _made(doc)
    doc.__dict__.pop("_sentences", None)  # sentence_bounds' (:func:`_sentences`), if unused
    with _SHARED:
        _CACHE[key, c.language] = memo
        while len(_CACHE) > CACHED:
            del _CACHE[next(iter(_CACHE))]
    doc.__dict__["_meaning"] = memo
    return memo


KEPT_BYTES = 64 << 20
"""Most bytes of sentence vectors a :class:`Meaning` keeps (a 5 MB text's); a longer document's
are computed again block by block, so memory does not grow with the product of its length
and the vectors' dimension beyond this."""
BLOCK_WORDS = 1 << 16
"""Words handled at a time when a document's meaning is made (vectors of a block at most:
64k × 300 float32, 75 MB)."""
VECTOR_WORDS = 1 << 14
"""Words whose vectors are summed into their sentences' mean vectors at a time
(:func:`_centroids`, :func:`_centroids_of`): 16k × 300 float32 products and their float64
sums, about 80 MB at most (a block of :data:`BLOCK_WORDS` took 300 MB, beside a long pair's
documents, issue 38). A sentence's sum is the same whichever block holds it."""
BLOCK_PAIRS = 1 << 22
"""Sentence pairs whose mean vectors' cosines are held at once in the candidate step (step 2:
16 MB of float32), so memory never grows with the product of two documents' lengths."""
ROW_BLOCK = 256
"""Checked sentences per block of the candidate step beyond :data:`BLOCK_PAIRS` (their vectors
and their candidates': at most 256 × :data:`CANDIDATES` × 300 float32, 20 MB)."""
CACHED = 512
"""Documents whose :class:`Meaning` a process keeps (the least recently used go first)."""
_CACHE: dict[tuple[bytes, str], Meaning] = {}
_SHARED = threading.Lock()
"""Held while :data:`_CACHE` changes and while a document's words are numbered in a
:class:`_Known` (a Dask worker aligns on several threads of one process: the memo's arrays
grow, and it may be emptied, while another thread reads them)."""


def _made(doc: Prepared) -> Meaning:
    """The document's :class:`Meaning`, its words looked up in this process's memo
    (:class:`_Known`: a word is learned the first time a document that reaches the stage's
    meaning holds it), else as :func:`_meaning` makes it (a language whose mean vectors take
    its synonyms', :data:`SPREAD`)."""
    c = doc.canonical
    if c.language in SPREAD:
        return _meaning(doc, lexicon(c.language))
    prints, plain = _prints(c), _plain(doc)
    at = np.empty(len(c), dtype=np.int64)
    with _SHARED:  # numbered and read in one memo
        known = _known(c.language)
        lex = known.lexicon
        generation = known.generation
        for lo in range(0, len(c), BLOCK_WORDS):
            hi = min(lo + BLOCK_WORDS, len(c))
            at[lo:hi] = known.numbers(doc, lo, hi, prints[lo:hi], plain[lo:hi])
        emptied = known.generation != generation  # on the way: numbers of two memos
        if not emptied:
            synonyms = None if known.synonyms is None else known.synonyms[at]
            stems = None if known.stems is None else known.stems[at]
            rows, weights = known.rows[at], known.weights[at]
    if emptied:
        return _meaning(doc, lex)
    sentences = _sentences(doc)
    words = (known.thesaurus, synonyms, None, stems)
    return _assembled(doc, sentences, lex, rows, weights, *words)


def _keys_at(doc: Prepared, at: list[int]) -> list[tuple[str, str]]:
    """The canonical words numbered ``at`` as (word as written, form)."""
    c, text = doc.canonical, doc.text
    spans = zip(c.starts[at].tolist(), c.ends[at].tolist(), at, strict=True)
    return [(text[s:e], c.forms[n]) for s, e, n in spans]


def _prints(c: Canonical) -> np.ndarray:
    """Each canonical word's fingerprint of its fold and form (uint64)."""
    with np.errstate(over="ignore"):
        return c.variants ^ (c.hashes * np.uint64(0x9E3779B97F4A7C15))


def _plain(doc: Prepared) -> np.ndarray:
    """Whether each canonical word is spelt, lower-cased, as its fold (the ``variants``
    fingerprint) reads: not ignored (an ignored word's fingerprints are the run's own) and
    holding no character of :func:`_odd_words`. Its lower-cased spelling and form, what the
    stage's values of a word are made of, are then told by its print (:func:`_prints`)."""
    plain = ~doc.ignored_words
    plain[_odd_words(doc)] = False
    return plain


def _plain_letters() -> np.ndarray:
    """Whether each code point (up to the Cyrillic block; one more entry, False, for any
    beyond) is a plain character of a word: a digit 0–9, a basic Latin, Russian or Ukrainian
    letter but "ё", or the apostrophe '."""
    plain = np.zeros(0x501, dtype=bool)
    for first, last in (("0", "9"), ("A", "Z"), ("a", "z"), ("А", "я")):
        plain[ord(first) : ord(last) + 1] = True
    plain[[ord(x) for x in "ІіЇїЄєҐґ'"]] = True
    return plain


_PLAIN = _plain_letters()
_ODD_CHUNK = 1 << 18
"""Characters of a text whose code points :func:`_odd_words` holds at once (1 MB)."""


def _odd_words(doc: Prepared) -> np.ndarray:
    """The canonical words (indices) holding a folded look-alike letter, or a character other
    than the plain ones (:data:`_PLAIN`): a letter beyond the basic Latin, Russian and
    Ukrainian ones ("ё", "é", letters NFKC changes), a combining mark, an invisible character,
    a typographic apostrophe. The words whose lower-cased spelling the fingerprints of
    :func:`_prints` do not tell apart from another one's (``оbtаin`` with Cyrillic о and а
    beside ``obtain``; ``aw\u200cay`` beside ``away``), each of which the stage looks up on
    its own. The text is read as code points a chunk at a time (spaces and punctuation, not
    plain either, lie outside every word)."""
    c = doc.canonical
    odd = np.zeros(len(c), dtype=bool)
    text, last = doc.text, len(_PLAIN) - 1
    for at in range(0, len(text), _ODD_CHUNK):
        chunk = text[at : at + _ODD_CHUNK].encode("utf-32-le", "surrogatepass")
        points = np.frombuffer(chunk, dtype=np.uint32)
        _mark_words(odd, c, at + np.flatnonzero(~_PLAIN[np.minimum(points, last)]))
    if c.homoglyphs:
        _mark_words(odd, c, np.array(c.homoglyphs, dtype=np.int64))
    return np.flatnonzero(odd)


def _mark_words(marks: np.ndarray, c: Canonical, offsets: np.ndarray) -> None:
    """Mark the canonical words holding a character at one of the offsets (none when the
    document has no canonical word: a sentence of stop words only)."""
    if not len(c.starts):
        return
    word = np.searchsorted(c.starts, offsets, side="right") - 1
    inside = (word >= 0) & (offsets < c.ends[np.maximum(word, 0)])
    marks[word[inside]] = True


def ready(language: str) -> None:
    """Load the tables the stage looks a language's words up in (its lexicon, thesaurus and
    word frequencies) in this process, so the pair workers it forks next inherit them, loaded
    once (issue 40). No word is looked up: a pair worker learns the words of the documents
    whose pairs reach the stage's meaning (:func:`paraphrases` stops before it on most pairs),
    as it meets them (:meth:`_Known.ids_of`)."""
    preload((language,))  # its lexicon and word frequencies
    if language in SPREAD:
        thesaurus(language)
    else:
        _known(language)  # the memo its words are numbered in, on the lexicon and thesaurus


class _Known:
    """What :func:`_word_meanings` looks up of a word, memoized per word as written and its
    canonical form: its row of the language's lexicon, its weight and its thesaurus number,
    as growing arrays, so a document's words cost one dictionary lookup each. The values are
    those :func:`_word_meanings` finds (the same functions of the word lower-cased and its
    form: tests/test_meaning_carried.py)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.generation: int = getattr(self, "generation", -1) + 1
        """How many times the memo was emptied (:data:`KNOWN_WORDS`): numbers of another
        generation index other arrays."""
        self.prints: dict[int, int] = {}
        """The number of each plain word met (:func:`_plain`) by its print (:func:`_prints`):
        a document's words are looked up by integers, most of them without a string made."""
        self.lexicon = lexicon(language)
        """The lexicon whose table :attr:`rows` index (rows of another one mean other words)."""
        self.ids: dict[tuple[str, str], int] = {}
        self.lowered: dict[tuple[str, str], int] = {}
        """Each word's number by the word lower-cased and its form."""
        self.count = 0
        """How many words (lower-cased, with their form) are numbered: the arrays' rows."""
        self.thesaurus = thesaurus(language)
        self.by_form: dict[str, int] = {}
        """A word numbered with each form met (:meth:`_form_values`)."""
        self.store: dict[str, np.ndarray] = {"rows": np.zeros(0, dtype=np.int32)}
        """Each word's values by number, in arrays with room to grow (doubling: issue 40, a
        document's few new words copied every array each time); read through the
        properties, which show the :attr:`count` first rows."""
        self.store["weights"] = np.zeros(0, dtype=np.float32)
        if self.thesaurus is not None:
            self.store["synonyms"] = np.zeros(0, dtype=np.int32)
        stems = _stems(language, [])
        if stems is not None:
            self.store["stems"] = stems

    @property
    def rows(self) -> np.ndarray:
        """Each word's row of :attr:`lexicon`'s table."""
        return self.store["rows"][: self.count]

    @property
    def weights(self) -> np.ndarray:
        return self.store["weights"][: self.count]

    @property
    def synonyms(self) -> np.ndarray | None:
        """Each word's thesaurus number, when the language has a thesaurus."""
        found = self.store.get("synonyms")
        return None if found is None else found[: self.count]

    @property
    def stems(self) -> np.ndarray | None:
        """Each word's derivational keys (:func:`stem_keys`), in a language of :data:`STEMMED`."""
        found = self.store.get("stems")
        return None if found is None else found[: self.count]

    def _append(self, values: dict[str, np.ndarray]) -> None:
        """Add the new words' values (as many of each), growing the arrays by doubling."""
        size = self.count + len(values["rows"])
        for name, new in values.items():
            old = self.store[name]
            if size > len(old):
                grown = np.zeros((max(size, 2 * len(old), 1024), *old.shape[1:]), old.dtype)
                grown[: self.count] = old[: self.count]
                self.store[name] = old = grown
            old[self.count : size] = new
        self.count = size

    def ids_of(self, keys: list[tuple[str, str]]) -> np.ndarray:
        """Each (word as written, form)'s number, new ones learned first (the memo is emptied
        first when they would take it past :data:`KNOWN_WORDS`)."""
        found = list(map(self.ids.get, keys))
        if None in found:
            new = [k for k in dict.fromkeys(keys) if k not in self.ids]
            if len(self.ids) + len(new) > KNOWN_WORDS:
                self.__init__(self.language)  # type: ignore[misc]
                new = list(dict.fromkeys(keys))
            with stage("paraphrase: words"):
                self._learn(new)
            found = list(map(self.ids.__getitem__, keys))
        return np.array(found, dtype=np.int64)

    def numbers(
        self, doc: Prepared, lo: int, hi: int, prints: np.ndarray, plain: np.ndarray
    ) -> np.ndarray:
        """:meth:`ids_of` the document's canonical words [lo, hi), whose prints and
        plainness are given: a plain word met before is found by its print, the others by
        their spelling and form (then a plain one's print is kept)."""
        keys = prints.tolist()
        found = np.fromiter(map(self.prints.get, keys, repeat(-1)), np.int64, count=len(keys))
        places = np.flatnonzero((found < 0) | ~plain)  # in an array (issue 40)
        if len(places):
            generation = self.generation
            numbers = self.ids_of(_keys_at(doc, (places + lo).tolist()))
            found[places] = numbers
            if self.generation == generation:  # lists of the plain ones' prints and numbers
                kept = plain[places]
                met = prints[places[kept]].tolist()
                self.prints.update(zip(met, numbers[kept].tolist(), strict=True))
        return found

    def _learn(self, new: list[tuple[str, str]]) -> None:
        """Number the words; each word lower-cased with its form (what its values are made
        of) is looked up once: another case of a word known takes its number ("Given" after
        "given": issue 40). The values of a form alone (derivational keys, thesaurus number)
        are made once a form (:meth:`_form_values`)."""
        lowered = [(w.lower(), f) for w, f in new]
        fresh = [key for key in dict.fromkeys(lowered) if key not in self.lowered]
        if fresh:
            written = [w for w, _ in fresh]
            forms = [f for _, f in fresh]
            values = {
                "rows": self.lexicon.rows(written, forms),
                "weights": np.array(weights_of(written, self.language), np.float32),
            }
            first = self.count
            values |= self._form_values(forms)
            self._append(values)
            self.lowered.update(zip(fresh, range(first, first + len(fresh)), strict=True))
            by_form = self.by_form
            for n, form in enumerate(forms, first):
                by_form.setdefault(form, n)
        self.ids.update(zip(new, map(self.lowered.__getitem__, lowered), strict=True))

    def _form_values(self, forms: list[str]) -> dict[str, np.ndarray]:
        """The values of the new words made of their forms alone (:func:`_stems`, the
        thesaurus number), each distinct form's made once: a form met before takes them from
        the word numbered :attr:`by_form` (issue 40: a pair worker's 14,000 Russian words
        learned at 1,000 essays hold 2,500 forms)."""
        names = [name for name in ("stems", "synonyms") if name in self.store]
        if not names:
            return {}
        by_form = self.by_form
        met = [by_form.get(f, -1) for f in forms]
        unmet = list(dict.fromkeys(f for f, at in zip(forms, met, strict=True) if at < 0))
        if not unmet:  # every form met before: nothing to make (most documents' few new words)
            return {name: self.store[name][met] for name in names}
        made: dict[str, np.ndarray] = {}
        if "stems" in names:
            stems = _stems(self.language, unmet)
            assert stems is not None
            made["stems"] = stems
        if "synonyms" in names:
            assert self.thesaurus is not None
            made["synonyms"] = np.array(list(map(self.thesaurus.id_of, unmet)), dtype=np.int32)
        old = np.array(met, dtype=np.int64)
        at = {form: n for n, form in enumerate(unmet)}
        new_at = np.array([at.get(f, -1) for f in forms], dtype=np.int64)
        is_old = old >= 0
        out: dict[str, np.ndarray] = {}
        for name in names:
            values = np.empty((len(forms), *made[name].shape[1:]), dtype=made[name].dtype)
            values[is_old] = self.store[name][old[is_old]]
            values[~is_old] = made[name][new_at[~is_old]]
            out[name] = values
        return out


KNOWN_WORDS = 1 << 18
"""Most words a process's :class:`_Known` holds (~40 MB; the lexicon's table of vectors
grows as before)."""
_KNOWN: dict[str, _Known] = {}


def _known(language: str) -> _Known:
    """This process's memo of the language's words, made anew if the lexicon it indexes is no
    longer the language's (its cache cleared: the rows would point at another table)."""
    found = _KNOWN.get(language)
    if found is None or found.lexicon is not lexicon(language):
        found = _KNOWN[language] = _Known(language)
    return found


def stem_keys(forms: Sequence[str], language: str = "ru") -> np.ndarray:
    """Each lemma's derivational keys, one column per length k of :data:`STEM_LENGTHS`: a
    fingerprint of its first k letters where k is at least half its length (after a
    reflexive ending "ся"/"сь" is dropped), else 0. Two lemmas share a nonzero key when they
    begin with the same k letters, k at least 5 and at least half of the longer one: one
    family's words ("эвристика", "эвристический"; "вычислять", "вычисляться"), seldom two
    families' that share a prefix ("использовать" and "исполнять": 5 of 12). A cheap stand-in
    for a derivational dictionary (Vodolazsky's DeriNet-style families are not packaged):
    a rule of shared beginnings, as light stemmers do (Porter 1980), at the level of families.
    In Ukrainian "і" counts as "о" (the alternation of "поріг" and "пороговий", "вихід" and
    "виходити")."""
    out = np.zeros((len(forms), len(STEM_LENGTHS)), dtype=np.uint64)
    places: list[int] = []  # flat places of ``out``, filled at once (issue 40)
    keys: list[int] = []
    width, lengths, crc = len(STEM_LENGTHS), tuple(enumerate(STEM_LENGTHS)), zlib.crc32
    for n, form in enumerate(forms):
        word = form[:-2] if len(form) > 5 and form.endswith(("ся", "сь")) else form
        if language == "uk":
            word = word.replace("і", "о")
        if not word.isalpha():
            continue
        size = len(word)
        for c, k in lengths:
            if k <= size and 2 * k >= size:
                places.append(n * width + c)
                keys.append(crc(word[:k].encode()) | (1 << 40))
    out.reshape(-1)[places] = np.array(keys, dtype=np.uint64)
    return out


def _stems(language: str, forms: Sequence[str]) -> np.ndarray | None:
    """:func:`stem_keys` of the forms in a language of :data:`STEMMED`, else None."""
    return stem_keys(forms, language) if language in STEMMED else None


Sentences = list[tuple[int, int, int, int]]
"""Word range and character span of each sentence the stage compares (:func:`sentence_words`
with at least :data:`MIN_WORDS` words)."""


def _sentences(doc: Prepared) -> Sentences:
    """The document's :data:`Sentences`: the ones :attr:`Meaning.bounds` and
    :func:`sentence_bounds` hold. Found once: those :func:`sentence_bounds` found are left on
    the document for its :class:`Meaning`, which takes them (0.2 ms a 650-word essay)."""
    found: Sentences | None = doc.__dict__.pop("_sentences", None)
    if found is None:
        found = [x for x in sentence_words(doc.text, doc.canonical) if x[1] - x[0] >= MIN_WORDS]
    return found


def _meaning(doc: Prepared, lex: Lexicon) -> Meaning:
    """The document's :class:`Meaning`, made :data:`BLOCK_WORDS` words at a time: memory
    beyond the document is its distinct words and one block's vectors."""
    sentences, rows, weights, words, synonyms, spread, stems = _word_meanings(doc, lex)
    return _assembled(doc, sentences, lex, rows, weights, words, synonyms, spread, stems)


def _word_meanings(
    doc: Prepared, lex: Lexicon
) -> tuple[
    Sentences,
    np.ndarray,
    np.ndarray,
    Thesaurus | None,
    np.ndarray | None,
    tuple[np.ndarray, np.ndarray] | None,
    np.ndarray | None,
]:
    """The parts of :func:`_meaning` made of the document's words: its sentences, each
    word's row of ``lex``'s table, weight and thesaurus number, the spread vectors and the
    derivational keys."""
    c = doc.canonical
    sentences = _sentences(doc)
    text = doc.text
    distinct: dict[tuple[str, str], int] = {}  # looked up once each, numbered as first seen
    at = np.empty(len(c), dtype=np.int64)
    for lo in range(0, len(c), BLOCK_WORDS):
        hi = min(lo + BLOCK_WORDS, len(c))
        spans = zip(c.starts[lo:hi].tolist(), c.ends[lo:hi].tolist(), c.forms[lo:hi], strict=True)
        number = distinct.setdefault
        at[lo:hi] = [number((text[s:e].lower(), f), len(distinct)) for s, e, f in spans]
    rows = lex.rows([w for w, _ in distinct], [f for _, f in distinct])[at]
    weights = np.array(weights_of([w for w, _ in distinct], c.language), dtype=np.float32)[at]
    words = thesaurus(c.language)
    synonyms = spread = None
    if words is not None:
        ids = [words.id_of(f) for _, f in distinct]
        synonyms = np.array(ids, dtype=np.int32)[at]
        if c.language in SPREAD and len(distinct) * lex.dimension * 4 <= KEPT_BYTES:
            spread = (
                _spread(lex, [w for w, _ in distinct], [f for _, f in distinct], ids, words),
                at,
            )
    stems = _stems(c.language, [f for _, f in distinct])
    return sentences, rows, weights, words, synonyms, spread, None if stems is None else stems[at]


def _assembled(
    doc: Prepared,
    sentences: Sentences,
    lex: Lexicon,
    rows: np.ndarray,
    weights: np.ndarray,
    words: Thesaurus | None,
    synonyms: np.ndarray | None,
    spread: tuple[np.ndarray, np.ndarray] | None,
    stems: np.ndarray | None = None,
) -> Meaning:
    """The :class:`Meaning` of these parts, with the sentences' mean vectors kept when they
    fit :data:`KEPT_BYTES`."""
    bounds = tuple((lo, hi) for lo, hi, _, _ in sentences)
    places = tuple((s, e) for _, _, s, e in sentences)
    kept = None
    if len(bounds) * lex.dimension * 4 <= KEPT_BYTES:
        table, rows_of = spread or (lex.table, rows)
        kept = _centroids(bounds, table, rows_of, weights)
    hashes = doc.canonical.hashes
    return Meaning(bounds, places, hashes, lex, rows, weights, kept, words, synonyms, spread, stems)


def _spread(
    lex: Lexicon, written: list[str], forms: list[str], ids: list[int], words: Thesaurus
) -> np.ndarray:
    """Each distinct word's vector plus the mean of its synonyms' vectors, unit length: the
    candidate step (step 2) then finds a sentence retold with listed synonyms near its
    source where the lexicon has no vectors (Ukrainian) or far ones (navec's "многочлен" and
    "полином"). The precise score (step 3) still uses each word's own vector."""
    out = lex.vectors(written, forms).copy()
    number = np.asarray(ids, dtype=np.int64)
    has = np.flatnonzero((number >= 0) & (words.starts[number + 1] > words.starts[number]))
    if len(has):
        out[has] += _synonym_means(lex, words, number[has])
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    return out


SPREAD = frozenset({"uk"})
"""Languages whose candidate step adds synonyms' vectors (:func:`_spread`): Ukrainian, whose
words have vectors only where a Russian cognate has one (:mod:`copylens.core.cognates`), so a
sentence retold with synonyms is otherwise seldom a candidate. Measured
on Russian (navec's vectors): ``compare`` of 1,000 essays scored 2.6 times as many pairs with
it (16,612 → 43,223; 2.7× the time of the stage off against 1.7×), for passages put through a
thesaurus synonymizer marked 94.5 % instead of 79.6 % (bench_paraphrase.py); the honest side
was the same either way. Left out for Russian for the cost."""
_MEANS: dict[tuple[int, int], dict[int, np.ndarray]] = {}
"""The mean of the synonyms' vectors of each thesaurus word seen so far, per lexicon and
thesaurus (both made once per process): documents share most of their words."""


def _synonym_means(lex: Lexicon, words: Thesaurus, numbers: np.ndarray) -> np.ndarray:
    """The mean vector of each listed word's synonyms (each has at least one)."""
    known = _MEANS.setdefault((id(lex), id(words)), {})
    new = np.array([n for n in dict.fromkeys(numbers.tolist()) if n not in known], np.int64)
    if len(new):
        first, sizes = words.starts[new], words.starts[new + 1] - words.starts[new]
        ends = np.cumsum(sizes)
        at = np.arange(int(ends[-1])) - np.repeat(ends - sizes - first, sizes)
        unique, where = np.unique(words.targets[at], return_inverse=True)
        names = [words.words[t] for t in unique.tolist()]
        vectors = lex.vectors(names, names)[where]
        means = np.add.reduceat(vectors, ends - sizes, axis=0) / sizes[:, None]
        known.update(zip(new.tolist(), means.astype(np.float32), strict=True))
    return np.stack([known[n] for n in numbers.tolist()])


def _centroids(
    bounds: Sequence[tuple[int, int]], table: np.ndarray, rows: np.ndarray, weights: np.ndarray
) -> np.ndarray:
    """Each sentence's weighted sum of vectors, made unit length (float32), computed for
    sentences holding at most :data:`VECTOR_WORDS` words at a time (a sentence's sum is the
    same whichever block holds it: float64 sums of float32 products, word by word)."""
    out = np.zeros((len(bounds), table.shape[1]), dtype=np.float32)
    first = 0
    while first < len(bounds):
        last = first + 1
        start = bounds[first][0]
        while last < len(bounds) and bounds[last][1] - start <= VECTOR_WORDS:
            last += 1
        end = bounds[last - 1][1]
        spans = np.array(bounds[first:last], dtype=np.int64).reshape(-1, 2) - start
        out[first:last] = _span_sums(_products(weights[start:end], table, rows[start:end]), spans)
        first = last
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    out /= np.where(norms > 0, norms, 1.0)
    return out


def _products(weights: np.ndarray, table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``weights[:, None] * table[rows]``, then one row of -0.0 (:func:`_span_sums`' padding)."""
    out = np.empty((len(rows) + 1, table.shape[1]), dtype=np.result_type(weights, table))
    np.multiply(weights[:, None], np.take(table, rows, axis=0), out=out[:-1])
    out[-1] = -0.0
    return out


def _span_sums(vectors: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """Each span [lo, hi) of rows' sum (float64; no span empty), the rows added in their order
    as ``np.add.reduceat`` of the rows as float64 adds them, bit for bit, at a fraction of its
    cost (issue 40: ``reduceat`` along the rows took ~0.2 ms an essay, half the cost of the
    documents' meaning at 1,000 essays). The spans, shortest first, are laid side by side a
    group at a time, each padded to the group's longest with -0.0 (which adds nothing to any
    sum, not even to a sum of -0.0: the last row of ``vectors``, which no span holds), and
    the group summed along its length: numpy adds a reduced axis that is not the innermost
    one row after row, into sums that start at -0.0 too. A group holds at most
    :data:`VECTOR_WORDS` cells (or one span), so memory stays within the block's.
    tests/test_paraphrase_candidates.py compares it with ``reduceat``."""
    pad = len(vectors) - 1
    lengths = (spans[:, 1] - spans[:, 0]).tolist()
    order = sorted(range(len(lengths)), key=lengths.__getitem__)
    out = np.empty((len(lengths), vectors.shape[1]), dtype=np.float64)
    lo = 0
    while lo < len(order):
        hi = lo + 1
        while hi < len(order) and (hi + 1 - lo) * lengths[order[hi]] <= VECTOR_WORDS:
            hi += 1
        group = order[lo:hi]
        starts, ends = spans[group, 0][:, None], spans[group, 1][:, None]
        at = starts + np.arange(lengths[order[hi - 1]], dtype=np.int64)
        cells = np.take(vectors, np.where(at < ends, at, pad), axis=0)
        out[group] = np.add.reduce(cells, axis=1, dtype=np.float64, initial=-0.0)
        lo = hi
    return out


_BREAK = re.compile(r"[.!?…]+[\"'»“”’)\]]*|\n[^\S\n]*\n")
"""What ends a sentence between two words: its final punctuation, or a blank line."""


def sentence_words(text: str, c: Canonical) -> list[tuple[int, int, int, int]]:
    """Each sentence holding canonical words: its word range and character span.

    The canonical text's sentences (``Canonical.sentences``: a full stop before a capital, or
    a line break), joined where only a line break stands between two of them and no full
    stop (a paragraph wrapped across lines, as PDFs and e-mails give it): a blank line still
    ends one, so a heading without a full stop is its own. A sentence's span runs from the
    first character after the previous one's end to its own final punctuation."""
    out: list[tuple[int, int, int, int]] = []
    if not len(c):
        return out
    lo, start = 0, _skip_space(text, 0)
    cuts = np.flatnonzero(np.diff(c.sentences)) + 1
    gaps = zip(cuts.tolist(), c.ends[cuts - 1].tolist(), c.starts[cuts].tolist(), strict=True)
    for k, gap, after in gaps:
        end = _last_break(text, gap, after)
        if end >= 0:
            out.append((lo, k, start, end))
            lo, start = k, _skip_space(text, end)
    out.append((lo, len(c), start, len(text.rstrip())))
    return out


_MORE = re.compile(r"[.!?…]|\n[^\S\n]*\n")
"""What every :data:`_BREAK` holds: a final punctuation mark, or a blank line."""


def _last_break(text: str, start: int, end: int) -> int:
    """Where the last :data:`_BREAK` of ``_BREAK.finditer(text, start, end)`` ends (-1: none).

    Most gaps between two sentences hold one break, at their start (". ", ".\n", "?» "):
    when a break matches at ``start`` and nothing after it up to ``end`` can begin another
    (:data:`_MORE` finds none there), it is the last (issue 40: a scan of every gap took most
    of the stage's sentences). Proof: ``finditer`` first tries ``start``, so a break
    matching there is its first; its next tries begin at that break's end, and a break
    lying in text[break's end:end] begins with a final punctuation mark or holds a blank
    line (two line breaks with only spaces between), either of which :data:`_MORE` finds
    there. Otherwise the gap is scanned as before."""
    found = _BREAK.match(text, start, end)
    if found is not None and _MORE.search(text, found.end(), end) is None:
        return found.end()
    last = -1
    for each in _BREAK.finditer(text, start, end):
        last = each.end()
    return last


_SPACE = re.compile(r"\s*")


def _skip_space(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    return match.end() if match else at


def similarity(
    a: Meaning,
    a_range: tuple[int, int],
    b: Meaning,
    b_range: tuple[int, int],
    found: tuple[np.ndarray, np.ndarray] | None = None,
) -> float:
    """Soft word alignment score of two word ranges (step 3 of the module docstring): words
    are paired one to one, the most similar pairs first, so a long sentence cannot match
    every word of a short one with its many words. Words ``found`` already (the aligner's, a
    boolean per word of each document) weigh nothing: the score is of what is left, so a
    sentence half copied scores by whether its other half retells the rest."""
    return _score(_paired(a, a_range, b, b_range, found))


Paired = tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
"""Each side's word weights and the similarity of each word's partner (:func:`_paired`)."""


def _score(paired: Paired) -> float:
    """The harmonic mean of both sides' paired share of weight (0 when too little is left)."""
    (wa, best_a), (wb, best_b) = paired
    sa, sb = float(wa.sum()), float(wb.sum())
    if sa < LEAST_WEIGHT or sb < LEAST_WEIGHT:
        return 0.0
    return _harmonic(float(wa @ best_a) / sa, float(wb @ best_b) / sb)


def _paired(
    a: Meaning,
    a_range: tuple[int, int],
    b: Meaning,
    b_range: tuple[int, int],
    found: tuple[np.ndarray, np.ndarray] | None,
    blocks: tuple[Blocks, tuple[int, ...], tuple[int, ...]] | None = None,
    least: float = 0.0,
) -> Paired:
    """Each side's word weights and the similarity of each word's partner (0: none; none at
    all when a side has too little weight left to score, :func:`_score`: a fifth of the
    sentence pairs of 1,000 essays, issue 40). With ``blocks``, the ranges are those
    sentences of ``a`` and ``b``, whose raised similarities :class:`Blocks` holds. None at
    all either when the score is bound under ``least`` (:func:`_score_bound`): the caller
    drops such a unit whatever its score."""
    (a0, a1), (b0, b1) = a_range, b_range
    wa, wb = a.weights[a0:a1], b.weights[b0:b1]
    if found is not None:
        wa, wb = wa * ~found[0][a0:a1], wb * ~found[1][b0:b1]
    if wa.sum() < LEAST_WEIGHT or wb.sum() < LEAST_WEIGHT:  # scores 0 (:func:`_score`)
        return _unpaired(wa, wb)
    table = a.lexicon.table
    cosine = _vectors(table, a.rows[a0:a1]) @ _vectors(table, b.rows[b0:b1]).T
    if blocks is None:
        floor, equal = _raised(a, slice(a0, a1), b, slice(b0, b1))
    else:
        floor, equal = blocks[0].raised(blocks[1], blocks[2])
    if floor is not None:
        np.maximum(cosine, floor, out=cosine)
    np.putmask(cosine, equal, 1.0)
    free = None if found is None else (wa != 0, wb != 0)  # a found word pairs with nothing
    if least > 0:
        if free is not None:
            cosine[:, ~free[1]] = 0.0
            cosine[~free[0], :] = 0.0
        if _score_bound(cosine, wa, wb) < least - SCORE_MARGIN:  # scores 0
            return _unpaired(wa, wb)
    best_a, best_b = _one_to_one(cosine, free)
    return (wa, best_a), (wb, best_b)


def _unpaired(wa: np.ndarray, wb: np.ndarray) -> Paired:
    """The weights with no word paired (a unit scoring 0)."""
    return (wa, np.zeros(len(wa), np.float32)), (wb, np.zeros(len(wb), np.float32))


def _score_bound(cosine: np.ndarray, wa: np.ndarray, wb: np.ndarray) -> float:
    """An upper bound of :func:`_score` of the words' one-to-one pairing
    (:func:`_one_to_one`), without pairing them (issue 40).

    Proof: the pairing gives a word the similarity of one of its row's (or column's) places
    reaching :data:`WORD_MATCH`, else 0, so at most the row's largest if that reaches it, else
    0 (``ra``); the weights are not negative, so each side's weighted share is at most the
    same share of ``ra`` (``rb``), and the harmonic mean grows with each. Both are computed as
    :func:`_score` computes them; a sum of smaller terms may round differently, by far less
    than :data:`SCORE_MARGIN`, which :func:`_paired` leaves. Of the units of 400 essays
    sharing quotations, 96 % were bound under the least score kept
    (tests/test_pair_stage.py: never under the score)."""
    ra, rb = cosine.max(axis=1), cosine.max(axis=0)
    ra[ra < WORD_MATCH] = 0.0
    rb[rb < WORD_MATCH] = 0.0
    return _share_bound(ra, rb, wa, wb)


def _share_bound(ra: np.ndarray, rb: np.ndarray, wa: np.ndarray, wb: np.ndarray) -> float:
    """:func:`_score_bound` of each word's largest similarity (0 under :data:`WORD_MATCH`)."""
    ca = float(wa @ ra) / float(wa.sum())
    cb = float(wb @ rb) / float(wb.sum())
    return _harmonic(ca, cb)


def _harmonic(ca: float, cb: float) -> float:
    """The harmonic mean of both sides' shares (:func:`_score`, and its bounds), 0 for none."""
    return 2 * ca * cb / (ca + cb) if ca + cb > 0 else 0.0


SCORE_MARGIN = 1e-3
"""What :func:`_score_bound` must be under a least score by for a unit to be dropped
unscored: far more than float32 rounding can move a score (about 1e-5 for a unit's
hundreds of words)."""


def _raised(
    a: Meaning, a_words: slice | np.ndarray, b: Meaning, b_words: slice | np.ndarray
) -> tuple[np.ndarray | None, np.ndarray]:
    """What :func:`_paired` raises the words' cosines to: the least similarity of each pair
    of words (:data:`SYNONYM` for synonyms the thesaurus lists, :data:`STEM` for one
    derivational family, else -inf; None when the languages have neither), and where the
    canonical forms are equal (similarity 1). Each is a function of the two words alone, so
    a unit's are its sentences' side by side (:class:`Blocks`). The words are given as a
    slice or as indices of each document's."""
    forms_a, forms_b = a.forms[a_words], b.forms[b_words]
    shape = (len(forms_a), len(forms_b))
    floor = None
    if a.synonyms is not None and b.synonyms is not None and a.thesaurus is b.thesaurus:
        assert a.thesaurus is not None
        floor = np.full(shape, -np.inf, dtype=np.float32)
        listed = a.thesaurus.related_at(a.synonyms[a_words], b.synonyms[b_words])
        if len(listed[0]):
            floor[listed] = SYNONYM
    if a.stems is not None and b.stems is not None:
        if floor is None:
            floor = np.full(shape, -np.inf, dtype=np.float32)
        family = _families(a.stems[a_words], b.stems[b_words])
        floor[family] = np.maximum(floor[family], STEM)
    return floor, forms_a[:, None] == forms_b[None, :]


def _keyed(
    stems: np.ndarray | None,
    synonyms: np.ndarray | None,
    words: Thesaurus | None,
    probing: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """The keys some words are joined by in :func:`_sheet_raised`: each word's place (int64)
    once per key, and the key (uint64). A derivational key is even (``key * width +
    column``, times 2: the columns of :func:`_families`' join), a synonym's odd (a thesaurus
    number times 2 plus 1), so one join finds both: a checked word (``probing``) gives its
    synonyms' numbers, a source word its own. A word the thesaurus lists with no synonym has
    no synonym key, as :meth:`Thesaurus.related_at` leaves it out."""
    places, keys = [], []
    if stems is not None:
        width = np.uint64(stems.shape[1])
        i, k = np.nonzero(stems)
        places.append(i)
        keys.append((stems[i, k] * width + k.astype(np.uint64)) * np.uint64(2))
    if synonyms is not None and words is not None:
        listed = np.flatnonzero(words.has_synonyms[synonyms])  # -1 reads the last: False
        ids = synonyms[listed].astype(np.int64)
        if probing:
            sizes = words.starts[ids + 1] - words.starts[ids]
            places.append(np.repeat(listed, sizes))
            found = words.targets[ranges(words.starts[ids], sizes)].astype(np.uint64)
        else:
            places.append(listed)
            found = ids.astype(np.uint64)
        keys.append(found * np.uint64(2) + np.uint64(1))
    if not places:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint64)
    return np.concatenate(places).astype(np.int64), np.concatenate(keys)


def _sheet_raised(
    a: Meaning, b: Meaning, rows: np.ndarray, columns: np.ndarray
) -> tuple[np.ndarray | None, np.ndarray]:
    """:func:`_raised` of the words ``rows`` of ``a`` against the words ``columns`` of ``b``,
    equal element for element: the synonyms and families found in one join of the words'
    keys (:func:`_keyed`), each key looked up once and the matches counted for the keys
    found only (most find none), where :func:`_raised` makes two joins (issue 40: 14 % of a
    Russian sheet's CPU). tests/test_pair_stage.py compares them."""
    equal = a.forms[rows][:, None] == b.forms[columns][None, :]
    synonyms = a.synonyms is not None and b.synonyms is not None and a.thesaurus is b.thesaurus
    if not synonyms and (a.stems is None or b.stems is None):
        return None, equal
    floor = np.full(equal.shape, -np.inf, dtype=np.float32)
    words = a.thesaurus if synonyms else None
    i, mine = _keyed(_rows_of(a.stems, rows), _rows_of(a.synonyms, rows), words, True)
    j, theirs = _keyed(_rows_of(b.stems, columns), _rows_of(b.synonyms, columns), words, False)
    if not len(theirs) or not len(mine):
        return floor, equal
    order = np.argsort(theirs)
    ordered = theirs[order]
    lo = np.searchsorted(ordered, mine, "left")
    hit = np.flatnonzero(ordered[np.minimum(lo, len(ordered) - 1)] == mine)  # most do not
    i, mine, lo = i[hit], mine[hit], lo[hit]
    n = np.searchsorted(ordered, mine, "right") - lo
    found_rows, found_columns = np.repeat(i, n), j[order[ranges(lo, n)]]
    listed = np.repeat((mine & np.uint64(1)) == 1, n)
    floor[found_rows[~listed], found_columns[~listed]] = STEM
    floor[found_rows[listed], found_columns[listed]] = SYNONYM  # the larger, where both
    return floor, equal


def _sheet_lifted(
    a: Meaning, b: Meaning, rows: np.ndarray, columns: np.ndarray
) -> tuple[list[int], np.ndarray, np.ndarray, np.ndarray] | None:
    """The floor of :func:`_sheet_raised` where it is not -inf, from the same join of the
    words' keys: the places (row, column) by row, each once, with its floor (float32:
    :data:`SYNONYM` where a synonym's key met, else :data:`STEM`), and where each row's
    places begin (one more for the end); None where :func:`_sheet_raised` gives no floor.
    Equal place for place and value for value to its array (tests/test_pair_stage.py):
    the array is -inf but where its two assignments write, and there the second's
    :data:`SYNONYM` (the larger) wins, as the larger does here."""
    words = a.thesaurus
    synonyms = a.synonyms is not None and b.synonyms is not None and a.thesaurus is b.thesaurus
    if not synonyms and (a.stems is None or b.stems is None):
        return None
    nowhere = ([0] * (len(rows) + 1), *(np.zeros(0, np.int64),) * 2, np.zeros(0, np.float32))
    if not synonyms:
        words = None
    i, mine = _keyed(_rows_of(a.stems, rows), _rows_of(a.synonyms, rows), words, True)
    j, theirs = _keyed(_rows_of(b.stems, columns), _rows_of(b.synonyms, columns), words, False)
    if not len(theirs) or not len(mine):
        return nowhere
    # a key none of theirs has in its low bits has none of theirs (most do not): left out
    # before the binary search (issue 40: the search of every key was a sheet's fifth)
    seen = np.zeros(_KEY_BITS + 1, dtype=bool)
    seen[(theirs & np.uint64(_KEY_BITS)).astype(np.intp)] = True
    maybe = np.flatnonzero(seen[(mine & np.uint64(_KEY_BITS)).astype(np.intp)])
    i, mine = i[maybe], mine[maybe]
    order = np.argsort(theirs)
    ordered = theirs[order]
    lo = np.searchsorted(ordered, mine, "left")
    hit = np.flatnonzero(ordered[np.minimum(lo, len(ordered) - 1)] == mine)
    i, mine, lo = i[hit], mine[hit], lo[hit]
    n = np.searchsorted(ordered, mine, "right") - lo
    found_rows, found_columns = np.repeat(i, n), j[order[ranges(lo, n)]]
    listed = np.repeat((mine & np.uint64(1)) == 1, n)
    place = found_rows * len(columns) + found_columns
    # each place once, with the larger floor: by place, a listed (synonym) key last
    by = np.lexsort((listed, place))
    place, listed = place[by], listed[by]
    last = np.ones(len(place), dtype=bool)
    last[:-1] = place[1:] != place[:-1]
    place, listed = place[last], listed[last]
    lifts = np.where(listed, np.float32(SYNONYM), np.float32(STEM)).astype(np.float32)
    lift_rows, lift_columns = place // len(columns), place % len(columns)
    firsts: list[int] = np.searchsorted(lift_rows, np.arange(len(rows) + 1)).tolist()
    return firsts, lift_rows, lift_columns, lifts


_KEY_BITS = (1 << 16) - 1
"""The low bits of a key :func:`_sheet_lifted` looks at before its binary search."""


def _equal_places(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The places (i, j) where ``first[i] == second[j]`` (fingerprints), each once, by a
    join of the sorted values (issue 40: a sheet's few equal forms, where comparing every
    pair took a pass over its cells, and a second to raise them)."""
    order = np.argsort(second, kind="stable")
    ordered = second[order]
    lo = np.searchsorted(ordered, first, "left")
    n = np.searchsorted(ordered, first, "right") - lo
    return np.repeat(np.arange(len(first), dtype=np.int64), n), order[ranges(lo, n)]


def _rows_of(values: np.ndarray | None, rows: np.ndarray) -> np.ndarray | None:
    """``values[rows]``, or None for none."""
    return None if values is None else values[rows]


def _families(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The places (i, j) where word i of ``first`` and word j of ``second`` share a nonzero
    derivational key of one length (:func:`stem_keys`; a place may come more than once): each
    key of ``first`` found among ``second``'s sorted (issue 35: a join, its cost the words'
    keys, not their product, which a sheet of a long Russian pair made the stage's most)."""
    width = np.uint64(first.shape[1])
    i, k = np.nonzero(first)
    j, m = np.nonzero(second)
    mine = first[i, k] * width + k.astype(np.uint64)  # keys < 2**41: no overflow
    theirs = second[j, m] * width + m.astype(np.uint64)
    order = np.argsort(theirs, kind="stable")
    ordered = theirs[order]
    lo = np.searchsorted(ordered, mine, "left")
    n = np.searchsorted(ordered, mine, "right") - lo
    ends = np.cumsum(n)
    at = np.repeat(lo - (ends - n), n) + np.arange(int(ends[-1]) if len(ends) else 0)
    return np.repeat(i, n), j[order[at]]


class Blocks:
    """:func:`_raised` of the pairs of checked and source sentences that the units of step 3
    hold, and each pair's row and column maxima (:meth:`drops`), for a pair of documents
    (issue 40): made in :class:`Sheet`\\ s, each some checked sentences against all the
    source sentences their units hold, in one product of their words (of the sentence pairs
    the units of 400 essays sharing quotations held, 55 % were another unit's too, and one
    call for many sentences costs less than one a sentence: issue 35, a check of an essay
    against 100 sources made ~40 calls a source a checked sentence at a time). The last
    :data:`SHEETS_KEPT` sheets are kept (candidates come sentence by sentence), so memory
    does not grow with the documents' length. Equal, element for element, to :func:`_raised`
    of the units' ranges (tests/test_pair_stage.py)."""

    def __init__(self, a: Meaning, b: Meaning, pairs: Sequence[tuple[int, int]] = ()) -> None:
        self.a, self.b = a, b
        self.wanted: dict[int, set[int]] = {}
        """The source sentences each checked sentence's units hold (:func:`_units`)."""
        self.order: list[int] | None = None
        """The checked sentences of :attr:`wanted`, ascending (None: to be sorted again)."""
        self.want(pairs)
        self.scored: dict[int, dict[tuple[tuple[int, ...], tuple[int, ...]], Match | None]] = {}
        """What :func:`_units` found of each unit it scored (None: nothing), by the unit's
        first checked sentence."""
        self.sheets: dict[int, Sheet] = {}
        """The newest sheet holding each checked sentence, of those kept."""
        self.kept: list[Sheet] = []
        """The sheets kept, oldest first."""
        self.found: tuple[np.ndarray, np.ndarray] | None = None
        """The words found that the sheets' maxima hold for."""

    def want(self, pairs: Iterable[tuple[int, int]]) -> None:
        """Note the source sentences the units of these candidates hold."""
        wanted = self.wanted
        for i, j in pairs:  # as plain a loop as may be (issue 40: ~50 candidates a pair)
            mine = wanted.get(i)
            if mine is None:
                mine = wanted[i] = set()
            mine.update((j - 1, j, j + 1) if j >= 1 else (j, j + 1))
            after = wanted.get(i + 1)
            if after is None:
                wanted[i + 1] = {j}
            else:
                after.add(j)
            self.order = None

    def units(self, i: int) -> dict[tuple[tuple[int, ...], tuple[int, ...]], Match | None]:
        """What :func:`_units` found of the units scored whose first checked sentence is i
        (as far as the rows kept tell)."""
        memo = self.scored.get(i)
        if memo is None:
            memo = self.scored[i] = {}
            while len(self.scored) > ROWS_KEPT:
                del self.scored[next(iter(self.scored))]
        return memo

    def drops(
        self,
        ai: tuple[int, ...],
        bj: tuple[int, ...],
        found: tuple[np.ndarray, np.ndarray] | None,
        least: float,
    ) -> bool:
        """Whether the unit of ``ai`` and ``bj`` (adjacent sentences, one side a single one)
        scores 0 in :func:`_paired` with ``least``, or under ``least``, told without its
        words: a side with less weight than :data:`LEAST_WEIGHT` scores 0, else
        :func:`_score_bound` plus :data:`SCORE_MARGIN` is under ``least``, made of its
        sentence pairs' maxima (:class:`Sheet`): a row's largest is the largest of its
        blocks' (the threshold commutes with it) and a weighted sum is its parts' sum. The
        sheets' cosines come from products of other shapes and the sums add in another order,
        which may round by a float32 unit or a few, far under the margins
        (tests/test_pair_stage.py: never a unit scoring ``least``)."""
        return self._sheet(ai, bj, found).drops(ai, bj, least)

    def drops_all(
        self, i: int, j: int, found: tuple[np.ndarray, np.ndarray] | None, least: float
    ) -> bool:
        """Whether :meth:`drops` drops every unit of :func:`_shapes` around i and j (issue 40:
        most candidates of a pair, each of whose units was a Python call chain of its own),
        told by the sheet :func:`_units`' first unit (i against j) asks; False (not told)
        when that sheet does not hold one of the units. Proof that :func:`_units` then
        finds nothing at least ``least``: its units are exactly those :func:`_shapes` gives,
        each one the sheet holds is dropped by :meth:`Sheet.drops`, the answer
        :meth:`drops` gives it (:meth:`Sheet.all_dropped`), and a unit so dropped scores
        under ``least`` (:meth:`drops`); a unit :func:`_units` took from its memo instead was
        scored or dropped before, and ``matched`` keeps none under ``least``. Where the newest
        sheet holding i holds j and has told this least score, its answer is read here, as
        :meth:`_sheet` and :meth:`Sheet.all_dropped` read it (issue 40: most candidates)."""
        sheet = self.sheets.get(i) if found is self.found else None
        if sheet is not None:
            m = sheet.at_b.get(j)
            closed = sheet.closed.get(least)
            if m is not None and closed is not None:
                return closed[sheet.at_a[i]][m]
        if not (0 <= i < len(self.a.bounds) and 0 <= j < len(self.b.bounds)):
            return False
        return self._sheet((i,), (j,), found).all_dropped(i, j, least)

    def parts_unretold(
        self, ai: tuple[int, ...], bj: tuple[int, ...], found: tuple[np.ndarray, np.ndarray] | None
    ) -> bool:
        """Whether the merge or split of ``ai`` and ``bj`` fails :func:`_parts_retold`
        whatever its words' pairing, told without pairing them (:meth:`Sheet.parts_unretold`;
        issue 40: of the units :func:`_units` paired at scale 1,000, 909 of 1,299 were merges
        and splits that then failed it, 902 of them told so here)."""
        return self._sheet(ai, bj, found).parts_unretold(ai, bj)

    def raised(
        self, ai: tuple[int, ...], bj: tuple[int, ...]
    ) -> tuple[np.ndarray | None, np.ndarray]:
        """:func:`_raised` of the adjacent checked sentences ``ai`` and source sentences
        ``bj`` (one of them a single sentence): a part of a sheet's."""
        return self._sheet(ai, bj, self.found).raised(ai, bj)

    def _sheet(
        self, ai: tuple[int, ...], bj: tuple[int, ...], found: tuple[np.ndarray, np.ndarray] | None
    ) -> Sheet:
        """A sheet holding ``ai`` and ``bj`` for the words ``found``: the newest kept one
        holding ``ai[0]``, else one made from there (:meth:`_plan`)."""
        if found is not self.found:
            self.found, self.sheets, self.kept = found, {}, []
        sheet = self.sheets.get(ai[0])
        if sheet is None or not sheet.holds(ai, bj):
            sheet = Sheet(self.a, self.b, *self._plan(ai, bj), found)
            self.sheets.update((i, sheet) for i in sheet.checked)
            self.kept.append(sheet)
            if len(self.kept) > SHEETS_KEPT:
                old = self.kept.pop(0)
                for i in old.checked:
                    if self.sheets.get(i) is old:
                        del self.sheets[i]
        return sheet

    def _plan(self, ai: tuple[int, ...], bj: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """The checked and source sentences of a sheet holding ``ai`` and ``bj``: ``ai`` and
        the source sentences their units hold, then the next checked sentences units hold,
        in order, while the sheet has at most :data:`SHEET_CELLS` word pairs, no more than
        :data:`SHEET_WASTE` times the pairs of the sentence pairs wanted (or
        :data:`SHEET_SMALL`: so far apart sentences in long documents make no large sheet
        of pairs no unit holds)."""
        a, b = self.a.bounds, self.b.bounds
        if self.order is None:
            self.order = sorted(k for k in self.wanted if k < len(a))
        source = {j for i in ai for j in self.wanted.get(i, ()) if j < len(b)}.union(bj)
        checked = list(ai)
        rows = sum(a[i][1] - a[i][0] for i in ai)
        columns = sum(b[j][1] - b[j][0] for j in source)
        need = rows * columns
        order = self.order
        for k in range(bisect.bisect_right(order, ai[-1]), len(order)):  # no copy of the rest
            i = order[k]
            more = {j for j in self.wanted[i] if j < len(b)}
            width = a[i][1] - a[i][0]
            wider = columns + sum(b[j][1] - b[j][0] for j in more.difference(source))
            cells = (rows + width) * wider
            wanted = need + width * sum(b[j][1] - b[j][0] for j in more)
            if cells > SHEET_CELLS or (cells > SHEET_SMALL and cells > SHEET_WASTE * wanted):
                break
            checked.append(i)
            source |= more
            rows, columns, need = rows + width, wider, wanted
        return checked, sorted(source)


ROWS_KEPT = 4
"""Checked sentences whose scored units :class:`Blocks` keeps."""
SHEETS_KEPT = 4
"""Sheets a :class:`Blocks` keeps."""
SHEET_CELLS = 1 << 18
"""Most word pairs of a :class:`Sheet` (its float32 cosines 1 MB, a product of at most
256k × the vectors' dimension multiplications)."""
SHEET_SMALL = 1 << 16
SHEET_WASTE = 8
"""A sheet grows past :data:`SHEET_SMALL` word pairs only while at most :data:`SHEET_WASTE`
times the word pairs of the sentence pairs its units hold (:meth:`Blocks._plan`). A sheet's
cost is mostly its few dozen numpy calls, not its cells (the product runs at ~40 GMAC/s):
of an aligned pair of essays, one sheet of the words of every sentence pair its units hold
costs less than three of a quarter of the size (issue 40: 4,096 / 4 / 65,536 took 1.57 CPU s
for the 869 aligned pairs of the scale 1,000 collection, 65,536 / 8 / 262,144 1.30 s, the
matches equal; docs/measurements.md)."""


class Sheet:
    """Some checked sentences (ascending) against some source sentences (ascending): their
    words' cosines raised as :func:`_paired` raises them (:func:`_raised`), words ``found``
    pairing with nothing, in one product of the words side by side; each sentence pair's row
    and column maxima (0 under :data:`WORD_MATCH`) and each side's weights times them, and
    the same of two adjacent sentences on one side (:meth:`bound`)."""

    def __init__(
        self,
        a: Meaning,
        b: Meaning,
        checked: list[int],
        source: list[int],
        found: tuple[np.ndarray, np.ndarray] | None,
    ) -> None:
        self.checked = checked
        self.source = source
        self.adjoins = (a.adjoins, b.adjoins)
        self.at_a = {i: n for n, i in enumerate(checked)}
        self.at_b = {j: n for n, j in enumerate(source)}
        rows, starts_a = _words_of_sentences(a, checked)
        columns, starts_b = _words_of_sentences(b, source)
        self.starts_a, self.starts_b = starts_a.tolist(), starts_b.tolist()
        self.forms = (a.forms[rows], b.forms[columns])
        """The words' forms, side by side (:meth:`raised` compares a unit's)."""
        self.lifted = _sheet_lifted(a, b, rows, columns)
        """The places the sheet's floor of :func:`_sheet_raised` is not -inf, by row (and
        where each row's begin), and that floor there; None when the languages have no
        floor (issue 40: the sheet's cosines are raised there only, not a whole array of
        floors made and compared; :meth:`raised` makes a unit's)."""
        wa, wb = a.weights[rows], b.weights[columns]
        free = None
        if found is not None:
            wa, wb = wa * ~found[0][rows], wb * ~found[1][columns]
            free = (wa != 0, wb != 0)
        at_a, at_b = starts_a[:-1], starts_b[:-1]
        cosines = _sheet_cosines(
            a.lexicon.table, a.rows[rows], b.rows[columns], self.forms, self.lifted, free
        )
        ra, rb = _sheet_maxima(*cosines, starts_a, starts_b)
        wa64, wb64 = wa.astype(np.float64), wb.astype(np.float64)
        self.sums = (
            np.add.reduceat(wa64, at_a),
            np.add.reduceat(wb64, at_b),
            np.add.reduceat(wa64[:, None] * ra, at_a, axis=0),
            np.add.reduceat(rb * wb64, at_b, axis=1),
            np.add.reduceat(wa64[:, None] * np.maximum(ra[:, :-1], ra[:, 1:]), at_a, axis=0),
            np.add.reduceat(np.maximum(rb[:-1], rb[1:]) * wb64, at_b, axis=1),
        )
        """Each side's weight of each sentence (``sa``, ``sb``); each sentence pair's weighted
        sums of its words' maxima on each side (``na``, ``nb``); of checked sentence n against
        source sentences m and m + 1, its side's (``na_split``); of checked sentences n and
        n + 1 against source sentence m, its side's (``nb_merge``)."""
        self.dropped: dict[float, tuple[list[list[bool]], ...]] = {}
        """:meth:`drops`' answers for every unit the sheet holds, by the least score: singles,
        splits, merges (:func:`_drop_arrays`, as lists)."""
        self.drop_arrays: dict[float, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        """:func:`_drop_arrays` of the sheet, by the least score (:meth:`drops`' answers are
        their lists)."""
        self.closed: dict[float, list[list[bool]]] = {}
        """:meth:`all_dropped`'s answers for every sentence pair of the sheet, by the least
        score."""
        self.lists: tuple[list[float], list[float], list[list[float]], list[list[float]]] | None
        self.lists = None
        """The first four :attr:`sums` as lists, made when :meth:`parts_unretold` first asks."""

    def holds(self, ai: tuple[int, ...], bj: tuple[int, ...]) -> bool:
        """The sheet holds the sentences (the first and last are the unit's only ones)."""
        at_a, at_b = self.at_a, self.at_b
        return ai[0] in at_a and ai[-1] in at_a and bj[0] in at_b and bj[-1] in at_b

    def bound(self, ai: tuple[int, ...], bj: tuple[int, ...]) -> float:
        """:func:`_score_bound` of the unit (adjacent sentences, one side a single one), 0 when
        a side's weight is under :data:`LEAST_WEIGHT` (less :data:`SCORE_MARGIN`)."""
        n, m = self.at_a[ai[0]], self.at_b[bj[0]]
        sa_, sb_, na_, nb_, na_split, nb_merge = (x.tolist() for x in self.sums)
        if len(ai) > 1:
            sa, sb = sa_[n] + sa_[n + 1], sb_[m]
            na, nb = na_[n][m] + na_[n + 1][m], nb_merge[n][m]
        elif len(bj) > 1:
            sa, sb = sa_[n], sb_[m] + sb_[m + 1]
            na, nb = na_split[n][m], nb_[n][m] + nb_[n][m + 1]
        else:
            sa, sb, na, nb = sa_[n], sb_[m], na_[n][m], nb_[n][m]
        if min(sa, sb) < LEAST_WEIGHT - SCORE_MARGIN:
            return 0.0
        return _harmonic(na / sa, nb / sb)

    def drops(self, ai: tuple[int, ...], bj: tuple[int, ...], least: float) -> bool:
        """Whether :meth:`bound` of the unit plus :data:`SCORE_MARGIN` is under ``least``:
        looked up in the answers for every unit of the sheet, made at once the first time a
        least score is asked (:func:`_drop_arrays`, the same arithmetic; issue 40)."""
        tables = self.dropped.get(least)
        if tables is None:
            tables = self.dropped[least] = tuple(x.tolist() for x in self._arrays(least))
        n, m = self.at_a[ai[0]], self.at_b[bj[0]]
        return tables[2 if len(ai) > 1 else 1 if len(bj) > 1 else 0][n][m]

    def parts_unretold(self, ai: tuple[int, ...], bj: tuple[int, ...]) -> bool:
        """Whether a sentence of the two-sentence side of the merge or split (False for a
        single unit) has no weight, or its weighted sum of its words' maxima against the
        other side's sentence (``na``, ``nb`` of :attr:`sums`) is under :data:`PART` of its
        weight by :data:`SCORE_MARGIN` or more. Proof that :func:`_parts_retold` then fails:
        it asks each such sentence for its words' weights times their partners' similarities
        (:func:`_one_to_one`), each partner a place of the word's row (or column) in the
        unit reaching :data:`WORD_MATCH`, of a word not found, so at most the sentence pair's
        maximum this sheet holds (:func:`_sheet_maxima`, the same similarities but for the
        float32 rounding of products of other shapes, by far under the margin); the weights
        are not negative, so the sum is at most ``na`` (``nb``), and a sentence of no weight
        fails it too."""
        if len(ai) + len(bj) <= 2:
            return False
        if self.lists is None:
            sums = self.sums
            self.lists = (sums[0].tolist(), sums[1].tolist(), sums[2].tolist(), sums[3].tolist())
        sa, sb, na, nb = self.lists
        n, m = self.at_a[ai[0]], self.at_b[bj[0]]
        if len(ai) > 1:
            p0, t0, p1, t1 = na[n][m], sa[n], na[n + 1][m], sa[n + 1]
        else:
            p0, t0, p1, t1 = nb[n][m], sb[m], nb[n][m + 1], sb[m + 1]
        return t0 == 0 or p0 / t0 + SCORE_MARGIN < PART or t1 == 0 or p1 / t1 + SCORE_MARGIN < PART

    def all_dropped(self, i: int, j: int, least: float) -> bool:
        """Whether every unit :func:`_shapes` gives around checked sentence i and source
        sentence j (both of the sheet) is held by the sheet and :meth:`drops` drops it:
        looked up in the answers for every sentence pair of the sheet, made at once the first
        time a least score is asked (:func:`_all_dropped`; tests/test_pair_stage.py compares
        them with :meth:`drops` unit by unit)."""
        closed = self.closed.get(least)
        if closed is None:
            adjoins_a, adjoins_b = self.adjoins
            closed = self.closed[least] = _all_dropped(
                self._arrays(least), self.checked, self.source, adjoins_a, adjoins_b
            )
        return closed[self.at_a[i]][self.at_b[j]]

    def _arrays(self, least: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:func:`_drop_arrays` of the sheet at the least score, made once."""
        arrays = self.drop_arrays.get(least)
        if arrays is None:
            arrays = self.drop_arrays[least] = _drop_arrays(*self.sums, least)
        return arrays

    def raised(
        self, ai: tuple[int, ...], bj: tuple[int, ...]
    ) -> tuple[np.ndarray | None, np.ndarray]:
        """:func:`_raised` of the unit's words: a part of the sheet's (its sentences are
        side by side in it)."""
        n, m = self.at_a[ai[0]], self.at_b[bj[0]]
        r0, r1 = self.starts_a[n], self.starts_a[n + len(ai)]
        c0, c1 = self.starts_b[m], self.starts_b[m + len(bj)]
        forms_a, forms_b = self.forms
        equal = forms_a[r0:r1, None] == forms_b[None, c0:c1]
        if self.lifted is None:
            return None, equal
        firsts, lift_rows, lift_columns, lifts = self.lifted
        e0, e1 = firsts[r0], firsts[r1]
        columns = lift_columns[e0:e1]
        inside = (columns >= c0) & (columns < c1)
        floor = np.full(equal.shape, -np.inf, dtype=np.float32)
        floor[lift_rows[e0:e1][inside] - r0, columns[inside] - c0] = lifts[e0:e1][inside]
        return floor, equal


def _drop_arrays(
    sa: np.ndarray,
    sb: np.ndarray,
    na: np.ndarray,
    nb: np.ndarray,
    na_split: np.ndarray,
    nb_merge: np.ndarray,
    least: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Whether :meth:`Sheet.bound` plus :data:`SCORE_MARGIN` is under ``least``, for every
    single unit (n, m), split (n; m and m + 1) and merge (n and n + 1; m) of a sheet's
    sentences (checked × source), as boolean arrays (singles, splits, merges): the bound's
    own float64 operations in its order, on whole arrays (issue 40: a unit's bound was a
    Python call, 102,584 of them for the aligned pairs of 1,000 essays).
    tests/test_pair_stage.py: equal to the bound's."""
    singles = _dropping(sa[:, None], sb[None, :], na, nb, least)
    splits = _dropping(
        sa[:, None], (sb[:-1] + sb[1:])[None, :], na_split, nb[:, :-1] + nb[:, 1:], least
    )
    merges = _dropping((sa[:-1] + sa[1:])[:, None], sb[None, :], na[:-1] + na[1:], nb_merge, least)
    return singles, splits, merges


def _all_dropped(
    tables: tuple[np.ndarray, np.ndarray, np.ndarray],
    checked: list[int],
    source: list[int],
    adjoins_a: list[bool],
    adjoins_b: list[bool],
) -> list[list[bool]]:
    """For every checked sentence n and source sentence m of a sheet (``checked`` and
    ``source``, ascending), whether each unit :func:`_shapes` gives around them is held by
    the sheet and dropped by its ``tables`` (:func:`_drop_arrays`: singles, splits, merges,
    as :meth:`Sheet.drops` reads them), as nested lists. :func:`_shapes` gives i against j;
    i against j and j + 1 when j + 1 exists and adjoins j (``adjoins_b[j]``); i against
    j - 1 and j when j - 1 exists and adjoins j; i and i + 1 against j when i + 1 exists and
    adjoins i. The sheet holds a unit when it holds its first and last sentences on each
    side (:meth:`Sheet.holds`): j + 1 is then the next source sentence of the sheet, j - 1
    the one before, i + 1 the next checked one, whose answers the tables give at
    (n, m), (n, m - 1) and (n, m) (the split and merge tables' rows and columns start at
    the pair's first sentences). A unit that exists but is not held leaves the pair
    not all dropped (its answer is another sheet's)."""
    singles, splits, merges = tables
    rows, columns = len(checked), len(source)
    i, j = np.array(checked, dtype=np.int64), np.array(source, dtype=np.int64)
    after_a = np.array([*adjoins_a, False], dtype=bool)  # adjoins_a[k]: k and k + 1 adjoin
    after_b = np.array([*adjoins_b, False], dtype=bool)
    out = singles.reshape(rows, columns).copy()
    # i against j and j + 1 (split at (n, m)), i against j - 1 and j (split at (n, m - 1))
    split = np.ones((rows, columns + 1), dtype=bool)  # a column of True either side
    if columns > 1:
        split[:, 1:columns] = splits.reshape(rows, columns - 1)
    next_b = np.zeros(columns, dtype=bool)
    next_b[:-1] = j[1:] == j[:-1] + 1
    exists = after_b[j]  # j + 1 exists and adjoins j (the last sentence adjoins none)
    out &= ~exists | (next_b & split[:, 1:])
    exists = after_b[np.maximum(j - 1, 0)] & (j >= 1)
    before_b = np.zeros(columns, dtype=bool)
    before_b[1:] = next_b[:-1]
    out &= ~exists | (before_b & split[:, :-1])
    # i and i + 1 against j (merge at (n, m))
    merge = np.ones((rows, columns), dtype=bool)
    if rows > 1:
        merge[:-1] = merges.reshape(rows - 1, columns)
    next_a = np.zeros(rows, dtype=bool)
    next_a[:-1] = i[1:] == i[:-1] + 1
    exists = after_a[i][:, None]
    out &= ~exists | (next_a[:, None] & merge)
    result: list[list[bool]] = out.tolist()
    return result


def _dropping(
    sa: np.ndarray, sb: np.ndarray, na: np.ndarray, nb: np.ndarray, least: float
) -> np.ndarray:
    """:meth:`Sheet.bound` plus :data:`SCORE_MARGIN` under ``least``, element by element: 0
    when a side's weight is under :data:`LEAST_WEIGHT` less the margin, else the harmonic
    mean of ``na / sa`` and ``nb / sb`` (:func:`_harmonic`: 0 when both are 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ca, cb = na / sa, nb / sb
        total = ca + cb
        harmonic = np.where(total > 0, 2 * ca * cb / total, 0.0)
    light = np.minimum(sa, sb) < LEAST_WEIGHT - SCORE_MARGIN
    out: np.ndarray = np.where(light, 0.0, harmonic) + SCORE_MARGIN < least
    return out


def _vectors(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The rows of a lexicon's table, the same array as ``table[rows]`` (``take`` copies
    them in a third less time: issue 40, a sheet's words)."""
    return np.take(table, rows, axis=0)


def _sheet_cosines(
    table: np.ndarray,
    rows: np.ndarray,
    columns: np.ndarray,
    forms: tuple[np.ndarray, np.ndarray],
    lifted: tuple[list[int], np.ndarray, np.ndarray, np.ndarray] | None,
    free: tuple[np.ndarray, np.ndarray] | None,
) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray] | None, tuple[np.ndarray, np.ndarray] | None]:
    """A sheet's cosines as :func:`_sheet_maxima` takes them: of its words' vectors (their
    ``rows`` and ``columns`` of ``table``), raised to the floor where ``lifted``
    (:func:`_sheet_lifted`), 1 where the ``forms`` are equal; with the words ``free``, and
    where some are not, of the free words alone (their places in the sheet as ``at``;
    issue 40: at scale 1,000 a sheet's product was half its cost, and its words found by the
    aligner or weightless 13 % of its cells), whose maxima are those of the whole sheet's but
    for the float32 rounding of a product of another shape (:meth:`Blocks.drops`' margins)."""
    at = None  # every word free: the whole sheet, no gather
    if free is not None and not (free[0].all() and free[1].all()):
        at = (np.flatnonzero(free[0]), np.flatnonzero(free[1]))
        rows, columns, forms = rows[at[0]], columns[at[1]], (forms[0][at[0]], forms[1][at[1]])
    cosine = _vectors(table, rows) @ _vectors(table, columns).T
    if lifted is not None:
        _, lift_rows, lift_columns, lifts = lifted
        if free is not None and at is not None:  # the lifts of free words, at their places
            keep = np.flatnonzero(free[0][lift_rows] & free[1][lift_columns])
            lift_rows = np.searchsorted(at[0], lift_rows[keep])
            lift_columns = np.searchsorted(at[1], lift_columns[keep])
            lifts = lifts[keep]
        cosine[lift_rows, lift_columns] = np.maximum(cosine[lift_rows, lift_columns], lifts)
    equal_rows, equal_columns = _equal_places(*forms)
    cosine[equal_rows, equal_columns] = 1.0  # np.putmask of the equal forms
    return cosine, free if at is None else None, at


def _sheet_maxima(
    cosine: np.ndarray,
    free: tuple[np.ndarray, np.ndarray] | None,
    at: tuple[np.ndarray, np.ndarray] | None,
    starts_a: np.ndarray,
    starts_b: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """A sheet's maxima: each row's largest cosine in each block of columns [starts_b[m],
    starts_b[m + 1]) (rows × blocks), and each column's in each block of rows (blocks ×
    columns), 0 where under :data:`WORD_MATCH`; with ``free``, rows and columns not free
    count as 0 throughout. Equal, bit for bit, to ``np.maximum.reduceat`` along each axis
    of the cosines with the rows and columns not free set to 0, then set to 0 under
    :data:`WORD_MATCH` (as sheets made them until issue 40; tests/test_pair_stage.py): a maximum
    is :data:`WORD_MATCH` or more exactly when a cosine it takes is, and then it is the
    largest of those, which are all this takes (a row or column not free takes none). Made
    of the cosines reaching :data:`WORD_MATCH` alone (0.6 % of a sheet's at 1,000 essays),
    found in one pass, where the two reductions and the zeroing took five. With ``at``
    (:func:`_sheet_cosines`), the cosines are those of the sheet's rows ``at[0]`` and
    columns ``at[1]`` (ascending) alone, the others counting as 0 (as not free), and the
    maxima are the sheet's, of ``starts_a[-1]`` rows and ``starts_b[-1]`` columns."""
    r, c = np.divmod(np.flatnonzero(cosine >= WORD_MATCH), cosine.shape[1])  # np.nonzero's
    if free is not None:
        keep = free[0][r] & free[1][c]
        r, c = r[keep], c[keep]
    values = cosine[r, c]
    if at is not None:  # the cosines of some rows and columns alone: their places
        r, c = at[0][r], at[1][c]
    # each place's block: the last start at or before it (of the few places alone)
    blocks_a = np.searchsorted(starts_a, r, "right") - 1
    blocks_b = np.searchsorted(starts_b, c, "right") - 1
    ra = np.zeros((int(starts_a[-1]), len(starts_b) - 1), dtype=cosine.dtype)
    rb = np.zeros((len(starts_a) - 1, int(starts_b[-1])), dtype=cosine.dtype)
    np.maximum.at(ra, (r, blocks_b), values)
    np.maximum.at(rb, (blocks_a, c), values)
    return ra, rb


def _words_of_sentences(m: Meaning, sentences: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The words of the sentences (ascending) side by side, and where each one's begin (and
    where the last ends)."""
    spans = m.edges[sentences]
    widths = spans[:, 1] - spans[:, 0]
    return ranges(spans[:, 0], widths), np.concatenate(([0], np.cumsum(widths)))


def _parts_retold(m: Match, a: Meaning, b: Meaning, paired: Paired) -> bool:
    """A merge or a split holds together: each sentence of the two-sentence side has at
    least :data:`PART` of its weight paired (a sentence of the writer's own glued to a
    retold one is no merge)."""
    (wa, best_a), (wb, best_b) = paired
    for ids, meaning, start, w, best in (
        (m.a_sentences, a, m.a0, wa, best_a),
        (m.b_sentences, b, m.b0, wb, best_b),
    ):
        for i in ids if len(ids) > 1 else ():
            lo, hi = meaning.bounds[i][0] - start, meaning.bounds[i][1] - start
            total = float(w[lo:hi].sum())
            if total == 0 or float(w[lo:hi] @ best[lo:hi]) < PART * total:
                return False
    return True


def _one_to_one(
    cosine: np.ndarray, free: tuple[np.ndarray, np.ndarray] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Each row's and column's similarity in a greedy one-to-one pairing of rows and columns
    by falling similarity (the earlier in row-major order of equal ones first), pairs under
    :data:`WORD_MATCH` left out (0), and with ``free``, pairs of a row or column not free.
    The pairs are walked as plain lists (a numpy scalar per step cost most of the stage's
    time; a unit has about a dozen pairs to walk, so the lists are sorted and filled in
    Python too, issue 35) and the walk stops once every row or every column is paired."""
    n_a, n_b = cosine.shape
    wanted = cosine >= WORD_MATCH
    if free is not None:
        wanted &= free[0][:, None]
        wanted &= free[1]
    places = np.flatnonzero(wanted)  # row-major, as np.nonzero's
    values = cosine.ravel()[places].tolist()
    where = places.tolist()
    best_a, best_b = [0.0] * n_a, [0.0] * n_b
    free_a, free_b = [True] * n_a, [True] * n_b
    left = min(n_a, n_b)
    for n in sorted(range(len(values)), key=values.__getitem__, reverse=True):  # stable
        i, j = divmod(where[n], n_b)
        if free_a[i] and free_b[j]:
            free_a[i] = free_b[j] = False
            best_a[i] = best_b[j] = values[n]
            left -= 1
            if left == 0:
                break
    return np.array(best_a, dtype=np.float32), np.array(best_b, dtype=np.float32)


def paraphrases(
    a: Prepared,
    b: Prepared,
    covered: tuple[np.ndarray, np.ndarray],
    copies: Sequence[Fragment],
    options: Options,
) -> list[Match]:
    """The checked document's sentences retelling the source's (module docstring), in text
    order. ``covered`` and ``copies`` are the aligner's: the words it found on each side and
    its fragments. Left out: checked sentences whose words it mostly found, sentences
    holding an ignored word on either side (a template's, a common phrase's: never part of a
    fragment), and a sentence copied nearly word for word that is shorter than
    ``min_fragment_words`` (a short copy, which the options leave unreported)."""
    if a.canonical.language != b.canonical.language:
        return []
    covered_a, covered_b = covered
    if min(_free_words(covered_a, a), _free_words(covered_b, b)) < LEAST_FREE:
        return []  # no sentence to compare on a side (:data:`LEAST_FREE`)
    bounds_a, bounds_b = sentence_bounds(a), sentence_bounds(b)
    if not bounds_a or not bounds_b:
        return []
    lo_a, hi_a = sentence_edges(a).T
    share = _counts(covered_a, lo_a, hi_a) / (hi_a - lo_a)  # as covered_a[lo:hi].mean()
    free = (share < MAX_COVERED) & (_counts(a.ignored, lo_a, hi_a) == 0)
    open_a = np.flatnonzero(free).tolist()
    if not open_a:
        return []
    lo_b, hi_b = sentence_edges(b).T
    closed_b = _counts(b.ignored, lo_b, hi_b) > 0
    copied_b = _counts(covered_b, lo_b, hi_b) >= MAX_COVERED * (hi_b - lo_b)
    if (closed_b | copied_b).all():
        return []  # every match holds a source sentence closed or copied (:func:`_chosen`)
    return matched(a, b, open_a, closed_b, covered, copies, options)


LEAST_FREE = MIN_WORDS // 2 + 1
"""Fewest words neither found by the aligner nor ignored that a side holds when
:func:`paraphrases` has a sentence of it to compare, told before the documents' sentences are
found (issue 40: at 1,000 essays sharing quotations, 193 of the 200 pairs in which the stage
found no sentence to compare were copies leaving fewer; "paraphrase: sentences" of
``compare`` 0.066-0.069 -> 0.044-0.049 s at 1,000 essays in three alternations, 0.55 -> 0.23 s
at 10,000 in one, "paraphrase" 0.54 -> 0.51 and 2.09 -> 1.85 s, the JSON identical).

Proof: a checked sentence is compared only when it holds no ignored word and its share of
words found, c / n, is under :data:`MAX_COVERED` (one half); a source sentence only
when it holds no ignored word and c is under half of n; either way 2c < n (a division of
integers below 2**53 rounds by far less than 1 / 2n), so more than n / 2 of its n words, n at
least :data:`MIN_WORDS`, are neither found nor ignored: at least ``MIN_WORDS // 2 + 1``. A
side with fewer has no sentence compared, and :func:`paraphrases` then returns no match
either way (tests/test_paraphrase.py)."""


def _free_words(covered: np.ndarray, doc: Prepared) -> int:
    """The document's words neither ``covered`` nor ignored."""
    held = covered if doc.ignored is None else covered | doc.ignored
    return len(held) - int(np.count_nonzero(held))


def matched(
    a: Prepared,
    b: Prepared,
    open_a: list[int],
    closed_b: np.ndarray,
    covered: tuple[np.ndarray, np.ndarray],
    copies: Sequence[Fragment],
    options: Options,
    *,
    shared: bool = True,
) -> list[Match]:
    """Steps 2–4 of :func:`paraphrases` for the checked sentences ``open_a`` (indices of
    :func:`sentence_bounds`) and the source sentences not ``closed_b``: the documents'
    :class:`Meaning` is made here. The units scored share their sentences' :class:`Blocks`,
    and those bound under the least score kept are not paired (:func:`_score_bound`), unless
    not ``shared`` (each unit on its own and paired, as the tests compare them)."""
    covered_b = covered[1]
    ma, mb = meaning_of(a), meaning_of(b)
    found: list[Match] = []
    chain = CHAINED.get(a.canonical.language)
    least = min(LOW, chain.least) if chain is not None else LOW
    floor = chain.floor if chain is not None else FLOOR
    pairs = list(_nearest(ma, mb, open_a, closed_b, floor))
    if chain is not None:
        pairs += _next_pairs(pairs, set(open_a), closed_b)
    blocks = Blocks(ma, mb, pairs) if shared else None
    if blocks is not None and _none_kept(
        ma, mb, blocks, pairs, open_a, closed_b, covered, chain, options.min_fragment_words
    ):
        return []  # no unit reaches the least score a kept match needs (:func:`_none_kept`)
    bound = least if shared else 0.0
    met = []
    for i, j in pairs:
        if blocks is not None and blocks.drops_all(i, j, covered, bound):
            continue  # no unit scores ``least`` (:meth:`Blocks.drops_all`)
        units = [m for m in _units(ma, mb, i, j, covered, blocks, bound) if m.score >= least]
        found.extend(units)
        met += [(i, j)] if units else []
    if chain is not None and chain.skip:
        steps = range(2, 2 + chain.skip)
        more = _next_pairs(met, set(open_a), closed_b, steps, set(pairs))
        if blocks is not None:
            blocks.want(more)
        for i, j in more:
            if blocks is not None and blocks.drops_all(i, j, covered, bound):
                continue  # as above
            units = _units(ma, mb, i, j, covered, blocks, bound)
            found.extend(m for m in units if m.score >= least)
    found = [m for m in found if not _short_copy(m, ma, mb, options.min_fragment_words)]
    aligned = _aligned(ma, mb, set(range(len(ma.bounds))).difference(open_a), copies)
    chosen = _chosen(found, aligned, _copied(mb, covered_b), chain)
    return sorted(chosen, key=lambda m: m.a0)


def kept_least(chain: Chain | None) -> float:
    """The least score some match of a pair must reach for :func:`_chosen` to keep any: a
    match kept alone or in a run (:func:`_kept`) scores :data:`LOW` or more; one kept in an
    ordered chain (:func:`_ordered`) stands in a stretch of two with a mean of the chain's
    ``pair`` or of :data:`RUN` or more with a mean of its ``run``, and a mean is at most its
    largest member. So when no match scores this, none is kept; it is above the least score
    a match is taken at (``chain.least``) in every language of :data:`CHAINED`: 0.25 against
    0.2 in Russian, 0.3 against 0.15 in Ukrainian, 0.4 against 0.3 in English."""
    return LOW if chain is None else min(LOW, chain.pair, chain.run)


def _none_kept(
    a: Meaning,
    b: Meaning,
    blocks: Blocks,
    pairs: list[tuple[int, int]],
    open_a: list[int],
    closed_b: np.ndarray,
    covered: tuple[np.ndarray, np.ndarray],
    chain: Chain | None,
    shortest: int,
) -> bool:
    """Whether :func:`matched` keeps no match, told by scoring only the units whose bound
    reaches :func:`kept_least` (issue 40: it tells so for 175 of the 223 pairs of the scale
    1,000 collection that reach :func:`matched`, none of which has a match kept; the stage's
    own CPU 0.40-0.41 s against 0.42-0.44 s in ``compare``): every unit of every
    candidate, of ``pairs`` and of the further candidates
    :func:`matched` may add after them (``_next_pairs`` with the chain's ``skip``, after
    every candidate: a superset of those it adds after the candidates that scored), is
    dropped at that score (:meth:`Blocks.drops_all`, :meth:`Blocks.drops`), or scores under
    it less :data:`SCORE_MARGIN` (:func:`_units`, which scores the others as ``matched``
    does), or is a short copy (:func:`_short_copy`, which ``matched`` leaves out before it
    chooses).

    Proof: a unit so dropped scores under that least score by the margin less the float32
    rounding of its bound (:meth:`Blocks.drops`), a unit scored by the margin; so every match
    ``matched`` chooses from scores under it by far more than a mean of a few floats rounds,
    and :func:`_chosen` then keeps none (:func:`kept_least`): the mean of a stretch is at
    most its largest member. False (not told) where the least score
    kept is the least score taken (no :data:`CHAINED` rule: ``matched``'s own drops), or a
    unit scores it. What :func:`_units` noted of the units it left out here (None) is
    forgotten (a unit dropped at this least score may score above ``matched``'s least);
    the units it scored are remembered, as the sheets are (issue 40: a unit's match, its
    score paired in full, does not depend on the least score, and ``matched`` takes those
    from its least up only, whether scored or remembered); the further candidates are
    noted in ``blocks`` (:meth:`Blocks.want`), as ``matched`` notes those it adds
    (tests/test_pair_stage.py: ``matched`` equal with and without this)."""
    if chain is None:
        return False
    least = kept_least(chain)
    if least <= chain.least:
        return False
    further: list[tuple[int, int]] = []
    if chain.skip:
        further = _next_pairs(pairs, set(open_a), closed_b, range(2, 2 + chain.skip), set(pairs))
        blocks.want(further)
    try:
        for i, j in itertools.chain(pairs, further):
            if blocks.drops_all(i, j, covered, least):
                continue
            units = _units(a, b, i, j, covered, blocks, least)
            near = least - SCORE_MARGIN  # a mean of members all under it is under ``least``
            if any(m.score >= near and not _short_copy(m, a, b, shortest) for m in units):
                return False
        return True
    finally:
        for memo in blocks.scored.values():  # a unit dropped here may score ``matched``'s least
            for unit in [unit for unit, m in memo.items() if m is None]:
                del memo[unit]


def sentence_bounds(doc: Prepared) -> tuple[tuple[int, int], ...]:
    """The canonical word range of each sentence the stage compares (:attr:`Meaning.bounds`),
    without the words' vectors: :func:`paraphrases` tells from them alone, before it makes a
    document's :class:`Meaning` (issue 40), when no sentence of a pair is left to compare
    (a copy the aligner found whole). Memoized on the document."""
    memo: tuple[tuple[int, int], ...] | None = doc.__dict__.get("_sentence_bounds")
    if memo is None:
        meaning: Meaning | None = doc.__dict__.get("_meaning")
        if meaning is not None:
            memo = meaning.bounds
        else:
            key = (_content(doc), doc.canonical.language)
            cached = _CACHE.get(key)
            memo = cached.bounds if cached is not None else _BOUNDS.pop(key, None)
            if memo is None:
                with stage("paraphrase: sentences"):
                    found = _sentences(doc)
                memo = tuple((lo, hi) for lo, hi, _, _ in found)
                doc.__dict__["_sentences"] = found  # for its Meaning (:func:`_sentences`)
            _BOUNDS[key] = memo
            while len(_BOUNDS) > BOUNDS_CACHED:  # a Dask worker's threads may race here
                _BOUNDS.pop(next(iter(_BOUNDS), key), None)
        doc.__dict__["_sentence_bounds"] = memo
    return memo


def sentence_edges(doc: Prepared) -> np.ndarray:
    """:func:`sentence_bounds` as an array (sentences × 2, int64: each one's first word and
    the word after its last), memoized on the document: the gate of ``compare``
    (:mod:`copylens.core.signal_gate`) and :func:`paraphrases` read it for every pair the
    document is in (issue 40: ~8 µs a call to make it anew from the tuples)."""
    memo: np.ndarray | None = doc.__dict__.get("_sentence_edges")
    if memo is None:
        memo = np.array(sentence_bounds(doc), dtype=np.int64).reshape(-1, 2)
        memo.flags.writeable = False
        doc.__dict__["_sentence_edges"] = memo
    return memo


BOUNDS_CACHED = 8192
"""Documents whose :func:`sentence_bounds` a process keeps by content (the least recently
used go first): ``compare`` reads a document anew for every pair it is in, and finding its
sentences took 0.2 ms a 650-word essay, more than the whole check whether the stage has
anything to compare."""
_BOUNDS: dict[tuple[bytes, str], tuple[tuple[int, int], ...]] = {}


def _counts(marks: np.ndarray | None, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """How many words of each range [lo, hi) are marked (none when ``marks`` is None)."""
    if marks is None:
        return np.zeros(len(lo), dtype=np.int64)
    running = np.concatenate(([0], np.cumsum(marks, dtype=np.int64)))
    return running[hi] - running[lo]


def _next_pairs(
    pairs: list[tuple[int, int]],
    open_a: set[int],
    closed_b: np.ndarray,
    steps: range = range(1, 2),
    known: set[tuple[int, int]] | None = None,
) -> list[tuple[int, int]]:
    """Each pair's successors (i + 1, j + step) for each of ``steps``, when neither a pair nor
    ``known`` already and both sentences may be compared: a rewrite keeps its source's order,
    so the sentence after one retelling source sentence j likely retells j + 1 (or j + 2, a
    source sentence left out), even when its mean vector is not among the nearest (words
    replaced by synonyms the vectors do not know). For the languages of :data:`CHAINED`,
    whose ordered chains this completes: :func:`paraphrases` takes (i + 1, j + 1) after every
    candidate and, with the language's ``skip``, the further steps after the pairs that
    scored only (issue 35: after every candidate they were a sixth of the pairs scored in
    English, for the same marks)."""
    known = set(pairs) | (known or set())
    out = []
    for i, j in pairs:
        if i + 1 not in open_a:
            continue
        for k in (j + step for step in steps):
            if k < len(closed_b) and (i + 1, k) not in known and not closed_b[k]:
                known.add((i + 1, k))
                out.append((i + 1, k))
    return out


def _nearest(
    a: Meaning, b: Meaning, rows: list[int], closed_b: np.ndarray, floor: float = FLOOR
) -> Iterator[tuple[int, int]]:
    """Step 2's candidates (i, j): for each checked sentence i of ``rows``, in order, the
    :data:`TOP` source sentences j not ``closed_b`` whose mean vectors are nearest, best first,
    with a cosine of at least ``floor`` (:data:`FLOOR`, or the language's :class:`Chain`'s).

    Documents of usual length (at most :data:`BLOCK_PAIRS` sentence pairs) take the whole
    matrix of cosines at once. Longer ones compare only the pairs :class:`RareWords` names
    (sharing a word rare in the source), a checked sentence's cosines to its own candidates
    only: time and memory grow with the documents' length, not with its square. On ordinary
    pairs the fragments are the whole matrix's (tests/test_paraphrase.py)."""
    n_b = len(b.bounds)
    if len(rows) * n_b <= BLOCK_PAIRS:
        near = a.centroids()[rows] @ b.centroids().T
        near[:, closed_b] = -1.0
        # each row sorted as on its own; equal cosines (a sentence the source repeats) by
        # position, as the long documents' lexsort below orders them, whatever numpy's sort
        order = np.argsort(-near, axis=1, kind="stable")[:, :TOP]
        close = (np.take_along_axis(near, order, axis=1) >= floor).tolist()
        for i, js, ok in zip(rows, order.tolist(), close, strict=True):
            yield from ((i, j) for j, k in zip(js, ok, strict=True) if k)
        return
    index = RareWords.of(b, closed_b)
    for r0 in range(0, len(rows), ROW_BLOCK):
        block = rows[r0 : r0 + ROW_BLOCK]
        chosen = index.candidates(a, block)
        theirs = distinct(np.concatenate([np.empty(0, dtype=np.int64), *chosen]))
        if not len(theirs):
            continue
        mine, vectors = _some_centroids(a, block), _centroids_of(b, theirs)
        for row, (i, js) in enumerate(zip(block, chosen, strict=True)):
            cosines = vectors[np.searchsorted(theirs, js)] @ mine[row]
            order = np.lexsort((js, -cosines))[:TOP]
            yield from ((i, j) for j in js[order][cosines[order] >= floor].tolist())


RARE = 32
"""Most source sentences a word may stand in to name candidates (step 2 on long documents):
rarer words name the pairs worth scoring, commoner ones would name most of the document."""
CANDIDATES = 64
"""Most source sentences compared with one checked sentence on long documents: those sharing
the most of its rare words (the earlier of equal ones)."""


SYNONYM_KEY = np.uint64(1 << 63)
"""Set on a thesaurus word number to make it a key beside the words' fingerprints."""


def _words(
    m: Meaning, sentences: Sequence[int], synonyms: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct key of the given sentences with its sentence, sorted by key, then
    sentence: the words' fingerprints, and, when the language has a thesaurus, each listed
    word's number (``synonyms``: the numbers of its synonyms instead) with
    :data:`SYNONYM_KEY` set, so a sentence retold with the thesaurus's synonyms is named too."""
    spans = np.array([m.bounds[n] for n in sentences], dtype=np.int64).reshape(-1, 2)
    lengths = spans[:, 1] - spans[:, 0]
    owner = np.repeat(np.asarray(sentences, dtype=np.int64), lengths)
    words = np.repeat(spans[:, 0], lengths) + (
        np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    )
    keys = m.forms[words]
    if m.synonyms is not None and m.thesaurus is not None:
        ids = m.synonyms[words].astype(np.int64)
        listed = ids >= 0
        ids, whose = ids[listed], owner[listed]
        if synonyms:
            starts, targets = m.thesaurus.starts, m.thesaurus.targets
            n = starts[ids + 1] - starts[ids]
            ids, whose = targets[ranges(starts[ids], n)].astype(np.int64), np.repeat(whose, n)
        keys = np.concatenate([keys, ids.astype(np.uint64) | SYNONYM_KEY])
        owner = np.concatenate([owner, whose])
    order = np.lexsort((owner, keys))
    keys, owner = keys[order], owner[order]
    new = np.ones(len(keys), dtype=bool)
    new[1:] = (keys[1:] != keys[:-1]) | (owner[1:] != owner[:-1])
    return keys[new], owner[new]


@dataclass(frozen=True)
class RareWords:
    """An inverted index of a source's rare words (step 2 on long documents): each word
    standing in at most :data:`RARE` of its open sentences, with those sentences."""

    values: np.ndarray
    """The rare words' fingerprints, sorted."""
    starts: np.ndarray
    sizes: np.ndarray
    """Where each one's sentences begin in ``sentences``, and how many."""
    sentences: np.ndarray
    sentence_count: int

    @classmethod
    def of(cls, b: Meaning, closed_b: np.ndarray) -> RareWords:
        forms, owners = _words(b, np.flatnonzero(~closed_b).tolist())
        values, sizes = np.unique(forms, return_counts=True)  # forms come sorted
        rare = sizes <= RARE
        kept = np.repeat(rare, sizes)
        return cls(
            values[rare],
            (np.cumsum(sizes[rare]) - sizes[rare]).astype(np.int64),
            sizes[rare].astype(np.int64),
            owners[kept],
            len(b.bounds),
        )

    def candidates(self, a: Meaning, rows: list[int]) -> list[np.ndarray]:
        """For each checked sentence of ``rows``, the source sentences (sorted) worth its
        cosine: those sharing a rare word with it, at most :data:`CANDIDATES` of them, those
        sharing the most first (an inverted index, as in candidate generation for similarity
        joins: Broder 1997; Bayardo, Ma and Srikant 2007). A rewrite keeps a source sentence's
        names, terms and numbers, so the two share a rare word. Pairs looked at: at most the
        checked sentences' words × :data:`RARE`; compared: at most ``rows`` × :data:`CANDIDATES`."""
        mine, who = _words(a, rows, synonyms=True)
        if not len(self.values):
            return [np.empty(0, dtype=np.int64) for _ in rows]
        at = np.minimum(np.searchsorted(self.values, mine), len(self.values) - 1)
        hit = self.values[at] == mine
        at, who = at[hit], who[hit]
        n = self.sizes[at]
        offsets = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n)
        width = self.sentence_count
        keys = np.repeat(who, n) * width + self.sentences[np.repeat(self.starts[at], n) + offsets]
        keys, shared = np.unique(keys, return_counts=True)
        ids = np.asarray(rows, dtype=np.int64)
        lows = np.searchsorted(keys, ids * width).tolist()
        highs = np.searchsorted(keys, (ids + 1) * width).tolist()
        out = []
        for lo, hi in zip(lows, highs, strict=True):
            js, votes = keys[lo:hi] % width, shared[lo:hi]
            if len(js) > CANDIDATES:
                js = np.sort(js[np.argsort(-votes, kind="stable")[:CANDIDATES]])
            out.append(js)
        return out


def _centroids_of(m: Meaning, sentences: np.ndarray) -> np.ndarray:
    """The mean vectors of the given sentences of ``m`` (ascending, scattered), equal bit for
    bit to :meth:`Meaning.centroids`' (the same float64 sums of float32 products, word by
    word): kept ones looked up, others summed over their own words only, at most
    :data:`VECTOR_WORDS` words at a time."""
    if m.kept is not None:
        return m.kept[sentences]
    table, rows = m.spread or (m.lexicon.table, m.rows)
    spans = np.array([m.bounds[n] for n in sentences.tolist()], dtype=np.int64).reshape(-1, 2)
    lengths = spans[:, 1] - spans[:, 0]
    out = np.empty((len(sentences), table.shape[1]), dtype=np.float32)
    ends = np.cumsum(lengths)
    first = 0
    while first < len(sentences):
        last = max(
            first + 1,
            int(np.searchsorted(ends, ends[first] - lengths[first] + VECTOR_WORDS, "right")),
        )
        n = lengths[first:last]
        at = (
            np.repeat(spans[first:last, 0], n)
            + np.arange(int(n.sum()))
            - np.repeat(np.cumsum(n) - n, n)
        )
        vectors = _products(m.weights[at], table, rows[at])
        tails = np.cumsum(n)
        out[first:last] = _span_sums(vectors, np.stack([tails - n, tails], axis=1))
        first = last
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    out /= np.where(norms > 0, norms, 1.0)
    return out


def _some_centroids(m: Meaning, sentences: list[int]) -> np.ndarray:
    """The mean vectors of the given sentences of ``m`` (ascending): of the range they span
    when it is at most four times as long, else of each run of consecutive ones."""
    first, last = sentences[0], sentences[-1] + 1
    if m.kept is not None or last - first <= 4 * len(sentences):
        return m.centroids(first, last)[np.array(sentences) - first]
    out = np.empty((len(sentences), m.lexicon.dimension), dtype=np.float32)
    start = 0
    for n in range(1, len(sentences) + 1):
        if n == len(sentences) or sentences[n] != sentences[n - 1] + 1:
            out[start:n] = m.centroids(sentences[start], sentences[n - 1] + 1)
            start = n
    return out


def _short_copy(m: Match, a: Meaning, b: Meaning, least: int) -> bool:
    """A copy too short to report, not a retelling: fewer than ``least`` counted words
    (``min_fragment_words``, the shortest fragment) with at least 80 % of them found as they
    are on the other side: a short sentence copied, or a short source sentence (a set phrase)
    held whole, as one run of words, in a longer checked sentence."""
    mine, theirs = a.forms[m.a0 : m.a1], b.forms[m.b0 : m.b1]
    inside = len(theirs) < least and 5 * _longest_run(theirs, mine) >= 4 * len(theirs)
    return _held(mine, theirs, least) or inside


def _held(words: np.ndarray, other: np.ndarray, least: int) -> bool:
    """Fewer than ``least`` words, at least 80 % of them among ``other``'s: counted in a set
    of ``other``'s, as ``np.isin(words, other).sum()`` counts them (issue 40: ``np.isin`` of
    a unit's few words was 3 % of the matching's CPU at 1,000 essays)."""
    if len(words) >= least:
        return False
    theirs = set(other.tolist())
    return 5 * sum(w in theirs for w in words.tolist()) >= 4 * len(words)


def _longest_run(x: np.ndarray, y: np.ndarray) -> int:
    """The longest run of consecutive words ``x`` and ``y`` share: the longest run of
    equal pairs along a diagonal of the table of pairs, with the table's rows laid end to
    end, each followed by a column of unequal pairs (so no diagonal runs on into the next
    row's), and cut into rows one longer, whose columns are then its diagonals."""
    if not len(x) or not len(y):
        return 0
    step = len(y) + 2  # from (i, j) to (i + 1, j + 1) in the rows laid end to end
    equal = np.zeros((len(x), len(y) + 1), dtype=bool)
    equal[:, :-1] = x[:, None] == y[None, :]
    flat = np.zeros(-(-equal.size // step) * step, dtype=bool)
    flat[: equal.size] = equal.ravel()
    diagonals = flat.reshape(-1, step)
    counts = np.cumsum(diagonals, axis=0, dtype=np.int64)
    before = np.maximum.accumulate(np.where(diagonals, 0, counts), axis=0)
    return int((counts - before).max())


def _copied(mb: Meaning, covered_b: np.ndarray) -> set[int]:
    """The source sentences the aligner mostly found (``covered_b``): not retold again. Each
    sentence's share is its count of found words over its length, as ``covered_b[lo:hi].mean()``
    computes it (an exact count divided once), for all sentences at once (issue 40: a Python
    ``mean`` a sentence was 2 % of the stage at 1,000 essays)."""
    if not mb.bounds:
        return set()
    lo, hi = mb.edges.T
    return set(np.flatnonzero(_counts(covered_b, lo, hi) / (hi - lo) >= MAX_COVERED).tolist())


def _aligned(
    a: Meaning, b: Meaning, sentences: set[int], copies: Sequence[Fragment]
) -> dict[int, tuple[int, int]]:
    """The checked sentences the aligner found, each with the source sentence where it stands
    in the copy fragment holding it: at the same relative place in the fragment's source span
    (a copy keeps the source's order), as a range of one sentence. A sentence no copy
    fragment holds is left out (its words were found elsewhere in the source: no place to
    line a run up with). The first copy fragment (in ``copies``' order) holding a sentence's
    middle is found by binary search (fragments of a pair do not overlap; if they do, by
    looking at each)."""
    out = {}
    starts = [t0 for t0, _ in b.spans]
    held = [f for f in copies if f.kind == "copy"]
    ordered = sorted(held, key=lambda f: f.start)
    disjoint = all(x.end <= y.start for x, y in itertools.pairwise(ordered))
    firsts = [f.start for f in ordered]
    for i in sorted(sentences):
        middle = sum(a.spans[i]) / 2
        if disjoint:
            n = bisect.bisect_right(firsts, middle) - 1
            found = [ordered[n]] if n >= 0 and middle < ordered[n].end else []
        else:
            found = [f for f in held if f.start <= middle < f.end][:1]
        for f in found:
            at = f.source_start + (middle - f.start) / (f.end - f.start) * (
                f.source_end - f.source_start
            )
            j = max(0, bisect.bisect_right(starts, at) - 1)
            out[i] = (j, j)
    return out


def _units(
    a: Meaning,
    b: Meaning,
    i: int,
    j: int,
    found: tuple[np.ndarray, np.ndarray] | None = None,
    blocks: Blocks | None = None,
    least: float = 0.0,
) -> list[Match]:
    """Sentence i against sentence j, and the merges and splits around them. With
    ``blocks`` (of ``a`` and ``b``), a unit it already scored gives what it gave then (the
    same match); a unit whose score is bound under ``least`` is left out, told by its sentence
    pairs' maxima before its words are paired (:meth:`Blocks.drops`; issue 35: most units of
    a check, at about a third of their cost), or scores 0 (:func:`_paired`). A unit scoring
    under ``least`` may so be left out, score 0 or its score: callers keep units from
    ``least`` up only."""
    n_a, n_b = len(a.bounds), len(b.bounds)
    if not (0 <= i < n_a and 0 <= j < n_b):
        return []
    memo = None if blocks is None else blocks.units(i)  # every unit's first sentence is i
    drop = blocks is not None and least > 0
    out = []
    for ai, bj in _shapes(a, b, i, j):
        if memo is not None and (ai, bj) in memo:
            known = memo[ai, bj]
            if known is not None:
                out.append(known)
            continue
        if drop and blocks is not None and blocks.drops(ai, bj, found, least):
            m = None  # scores under ``least``
        elif blocks is not None and blocks.parts_unretold(ai, bj, found):
            m = None  # a merge or split a part of which is not retold, whatever its pairing
        else:
            ar = (a.bounds[ai[0]][0], a.bounds[ai[-1]][1])
            br = (b.bounds[bj[0]][0], b.bounds[bj[-1]][1])
            parts = None if blocks is None else (blocks, ai, bj)  # bound by its blocks
            paired = _paired(a, ar, b, br, found, parts, least if blocks is None else 0.0)
            m = Match(*ar, *br, _score(paired), ai, bj)
            if len(ai) + len(bj) > 2 and not _parts_retold(m, a, b, paired):
                m = None  # a merge or split whose parts are not all retold
        if m is not None:
            out.append(m)
        if memo is not None:
            memo[ai, bj] = m
    return out


def _shapes(
    a: Meaning, b: Meaning, i: int, j: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The units of :func:`_units` around sentences i and j (both within their documents'),
    in its order: i against j, against j and j + 1, against j - 1 and j, and i and i + 1
    against j, each where its sentences exist and adjoin (:func:`_adjacent`, read from
    :attr:`Meaning.adjoins`)."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((i,), (j,))]
    adjoins_a, adjoins_b = a.adjoins, b.adjoins
    if j + 1 < len(b.bounds) and adjoins_b[j]:
        out.append(((i,), (j, j + 1)))
    if j >= 1 and adjoins_b[j - 1]:
        out.append(((i,), (j - 1, j)))
    if i + 1 < len(a.bounds) and adjoins_a[i]:
        out.append(((i, i + 1), (j,)))
    return out


def _adjacent(m: Meaning, ids: tuple[int, ...]) -> bool:
    """Two sentences of ``bounds`` join only when nothing stands between them."""
    return len(ids) == 1 or m.bounds[ids[0]][1] == m.bounds[ids[1]][0]


def _chosen(
    found: list[Match],
    aligned: dict[int, tuple[int, int]],
    copied_b: set[int],
    chain: Chain | None = None,
) -> list[Match]:
    """Best first, each sentence in one match, then kept by the evidence around it (step 4
    of the module docstring): at :data:`ALONE` on its own, at :data:`IN_RUN` in a run of
    two, at :data:`LOW` in a run of :data:`RUN`. A run is consecutive checked sentences,
    each retold from or copied from source sentences at most :data:`NEAR` sentences from the
    previous one's (either way: rewriters reorder; after or before a copied sentence, in the
    source's order); ``aligned`` are the sentences the aligner found, with the source sentences
    their fragments reach; ``copied_b``, the source sentences it mostly found, are not retold
    again. With ``chain`` (the language's :data:`CHAINED`), matches from its ``least`` up
    are taken too, after all better ones, and kept in an ordered chain (:func:`_ordered`);
    the runs above are of matches at :data:`LOW` and up only.

    Equal scores (identical units: a source repeating a sentence; issue 34) are taken in
    :func:`_tie_order`: the match continuing its neighbours' sources first, then by position.
    The order of matches with different scores is the score's alone, so only a choice among
    equal-scoring matches depends on it."""
    least = LOW if chain is None else min(LOW, chain.least)
    taken: list[Match] = []
    used_a: set[int] = set(aligned)
    used_b = set(copied_b)
    for m in sorted(found, key=_tie_order(found, aligned)):
        if m.score < least:
            break
        if used_a.intersection(m.a_sentences) or used_b.intersection(m.b_sentences):
            continue
        taken.append(m)
        used_a.update(m.a_sentences)
        used_b.update(m.b_sentences)
    runs = _runs([m for m in taken if m.score >= LOW], aligned)
    ordered = _ordered(taken, chain) if chain is not None else set()
    return [m for m in taken if id(m) in ordered or _kept(m, runs)]


def _tie_order(
    found: list[Match], aligned: dict[int, tuple[int, int]]
) -> Callable[[Match], tuple[float, int, tuple[int, ...], tuple[int, ...]]]:
    """The order :func:`_chosen` takes matches in: by falling score; of equal scores (a
    source repeating a sentence gives its copies identical units, which score exactly alike,
    and :func:`_nearest` ranks their equal cosines in whatever order the sort leaves them),
    the one whose source sentences lie nearest to continuing its neighbours' (:func:`_astray`)
    first, then by the checked and the source sentences' position. A rewrite keeps its
    source's order (module docstring, step 4), so a retold sentence whose source sentence
    stands twice retells the copy next to what its neighbours retell: in PAN-13's
    suspicious-document01386 a sentence retells the second of two identical sentences of
    source-document01691, beside the one its neighbour retells, and the first was taken, so
    the case's only fragment lay elsewhere in the source and scored nothing (with this
    order one fragment holds the case). A neighbour's source sentences are where
    the aligner's copy fragment puts it (``aligned``), else those of its best match of
    ``found`` (the first of equal ones). The neighbours are looked at only when two matches
    score alike: the order of all others is the score's."""
    scores = [m.score for m in found]
    if len(set(scores)) == len(scores):
        return lambda m: (-m.score, 0, (), ())
    sources = _likeliest_sources(found, aligned)
    return lambda m: (-m.score, _astray(m, sources), m.a_sentences, m.b_sentences)


def _likeliest_sources(
    found: list[Match], aligned: dict[int, tuple[int, int]]
) -> dict[int, tuple[int, int]]:
    """Each checked sentence's likeliest source sentences (first, last): where the aligner's
    copy fragment puts it (``aligned``), else those of its best-scoring match in ``found``
    (the first of equal ones)."""
    best: dict[int, Match] = {}
    for m in found:
        for i in m.a_sentences:
            if i not in best or m.score > best[i].score:
                best[i] = m
    out = {i: (m.b_sentences[0], m.b_sentences[-1]) for i, m in best.items()}
    out.update(aligned)
    return out


def _astray(m: Match, sources: dict[int, tuple[int, int]]) -> int:
    """How many source sentences ``m``'s lie from continuing its neighbours' ``sources``:
    from the one after the previous checked sentence's last, and from the one before the
    next checked sentence's first (0 for a neighbour without sources, or without any)."""
    before = sources.get(m.a_sentences[0] - 1)
    after = sources.get(m.a_sentences[-1] + 1)
    off = 0
    if before is not None:
        off += abs(m.b_sentences[0] - (before[1] + 1))
    if after is not None:
        off += abs(m.b_sentences[-1] - (after[0] - 1))
    return off


def _kept(m: Match, runs: dict[int, int]) -> bool:
    """A match at :data:`LOW` or more kept by the run it stands in (step 4)."""
    if m.score < LOW:
        return False
    return m.score >= ALONE or (m.score >= IN_RUN and runs[id(m)] >= 2) or runs[id(m)] >= RUN


@dataclass(frozen=True)
class Chain:
    """The scores of an ordered chain (:func:`_ordered`) in a language."""

    least: float
    """Least score of each member."""
    pair: float
    """Least mean score of a chain of two."""
    run: float
    """Least mean score of a chain of :data:`RUN` or more."""
    floor: float = FLOOR
    """The candidate step's least cosine of mean vectors (step 2) in the language."""
    skip: int = 0
    """Most source sentences a chain may pass over between two members (a rewriter leaves a
    sentence out), and in all in a stretch of it that keeps its members (:func:`_stretches`)."""


CHAINED = {
    "ru": Chain(0.2, 0.4, 0.25, 0.3, skip=1),
    "uk": Chain(0.15, 0.4, 0.3, 0.15, skip=1),
    "en": Chain(0.3, 0.55, 0.4, skip=1),
}
"""Languages whose matches may stand by an ordered chain (:func:`_ordered`), with its scores.
A rewrite keeps its source's order sentence by sentence; honest writing on the same topic
only now and then has two consecutive sentences matching two consecutive source sentences,
and word salad none. Chosen on bench/lab_rewrite_runs.py's sentence-by-sentence scores (the
stage's score, every checked text against every source it is checked with, without the
candidate step; the tables are in bench/results/paraphrase_signals.md):

- Russian (members from 0.2, a mean of 0.25 for three or more, 0.4 for two) and Ukrainian
  (members from 0.15, a mean of 0.3 for three or more, 0.4 for two; its words have their
  Russian cognates' vectors, :mod:`copylens.core.cognates`), each chain passing over at most
  one source sentence (``skip``), with derivational families (:data:`STEMMED`): 32 of 43
  (ru) and 16 of 43 (uk) expert-rewrite sentences in such chains in the lab's one-to-one
  choice (23 and 10 at the chains' former scores: members from 0.2, a mean of 0.3, no skip,
  with families and the cognates' vectors); 0 of 22 independent same-topic texts, 0 of 20
  word-salad texts and 0 of 41 real paragraphs of seed 002 against seed papers 000/001 any.
  The most an honest chain reached, counting diagonal paths (an upper bound): Russian, three
  long at a mean of 0.217 (members from 0.2; 0.249 from 0.15), two long 0.33; Ukrainian (no
  real prose in the lab), three long 0.174, two long 0.247. In bench_own_text's clean
  Ukrainian essays (the seed paper's other half) a chain of three reached 0.254 (0.293,
  0.286, 0.183: marked by a mean of 0.25, hence 0.3) and, without the cognates' vectors, one
  of two 0.307 (marked by a pair of 0.3, hence 0.4). In bench_own_text an own sentence at
  0.41 beside an edited copy the aligner missed (0.334) made a Russian chain of two at
  0.372, below ``pair``. The candidate step takes pairs from a cosine of 0.3 in Russian and
  0.15 in Ukrainian, whose mean vectors (the cognates' where found, else pseudo-random, plus
  the synonyms') rank the source sentence a rewritten sentence scores best against among its
  candidates for 18 of 43 sentences at 0.3, 36 at 0.15, 40 at 0.1 (uk expert rewrites with
  members from 0.2 and a mean of 0.25: 26.5 % marked at 0.3, 46.9 % at 0.1; members from
  0.15 and a mean of 0.3 as it ships: 51.2 % at 0.2, 62.8 % at 0.15 and at 0.1, at 1.09,
  1.13 and 1.69 times the stage off's check of an essay against 100 sources; 72.8 % at a
  mean of 0.27 or 0.28; the lab counts every pair, so honest writing is no more exposed).
- English word vectors rate honest same-topic sentences higher: at Russian's scores 10 of
  the 38 Clough–Stevenson answers written without copying have a chain; at 0.4 / 0.55 none,
  nor at 0.35 / 0.5 (one at 0.32 / 0.5); expert rewrites have 65 % of their sentences in one.
  With the stage's one-to-one choice and candidate step (not the lab's every pair), members
  from 0.3 with a mean of 0.4 for three and one source sentence passed over (issue 35) mark
  no further ``non`` answer, independent text or word salad, and lift the heavy revisions'
  mean containment 0.549 → 0.607 (with ``ALONE`` at 0.65; skip 0: no gain; members from 0.35:
  0.574; bench/bench_paraphrase.py)."""


def _ordered(matches: list[Match], rule: Chain) -> set[int]:
    """The matches (their ``id``) in an ordered chain: each next checked sentence retelling
    the very next source sentence, or one up to the ``rule``'s ``skip`` further on (one
    match's last sentence to the next one's first, on both
    sides), :data:`RUN` or more long with a mean of the ``rule``'s ``run``, or two long with its
    ``pair``; and, of such a chain, the stretches passing over at most ``skip`` source
    sentences in all that hold by the same rule (:func:`_stretches`)."""
    ordered = sorted(matches, key=lambda m: m.a_sentences[0])
    out: set[int] = set()
    chain: list[Match] = []
    for m in [*ordered, None]:
        last = chain[-1] if chain else None
        if (
            m is not None
            and last is not None
            and m.a_sentences[0] == last.a_sentences[-1] + 1
            and 1 <= m.b_sentences[0] - last.b_sentences[-1] <= 1 + rule.skip
        ):
            chain.append(m)
            continue
        if _holds(chain, rule):
            for stretch in _stretches(chain, rule.skip):
                out.update(id(x) for x in stretch if _holds(stretch, rule))
        chain = [m] if m is not None else []
    return out


def _holds(chain: Sequence[Match], rule: Chain) -> bool:
    """:data:`RUN` or more matches with a mean of the ``rule``'s ``run``, or two with its
    ``pair``."""
    mean = sum(x.score for x in chain) / len(chain) if chain else 0.0
    return (len(chain) >= RUN and mean >= rule.run) or (len(chain) == 2 and mean >= rule.pair)


def _stretches(chain: list[Match], skip: int) -> Iterator[list[Match]]:
    """The longest stretches of an ordered ``chain`` that pass over at most ``skip`` source
    sentences in all; :func:`_ordered` keeps the members of those that hold as chains of
    their own (and only when the whole chain holds). A rewriter leaves a source sentence out
    now and then (issue 35); a chain passing over one at every step (source sentences 13, 15,
    17 for checked sentences 22, 23, 24) retells no sentence next to the one it retold
    before, as word salad from the source's vocabulary does by chance (issues 34/40: the only
    paraphrase of an unrelated pair left at 100,000 generated essays, a Russian chain of
    three at a mean of 0.267). No chain kept in bench_paraphrase.py's expert and thesaurus
    rewrites passes over more than one source sentence (docs/measurements.md)."""
    passed = [y.b_sentences[0] - x.b_sentences[-1] - 1 for x, y in itertools.pairwise(chain)]
    reached = -1
    for start in range(len(chain)):
        end = start
        while end < len(passed) and sum(passed[start : end + 1]) <= skip:
            end += 1
        if end > reached:
            yield chain[start : end + 1]
            reached = end


def _runs(matches: list[Match], aligned: dict[int, tuple[int, int]]) -> dict[int, int]:
    """The length of the run holding each match (keyed by ``id``): items in text order, each
    a match or a sentence the aligner found, next to each other in the checked text and at
    most :data:`NEAR` source sentences apart."""
    items = sorted(
        [
            (m.a_sentences[0], m.a_sentences[-1], m.b_sentences[0], m.b_sentences[-1], m)
            for m in matches
        ]
        + [(i, i, b0, b1, None) for i, (b0, b1) in aligned.items()],
        key=lambda item: item[0],
    )
    length: dict[int, int] = {}
    run: list[Match | None] = []
    for n, (first, _, b_first, _, m) in enumerate(items):
        if run:
            last_a, last_b, previous = items[n - 1][1], items[n - 1][3], items[n - 1][4]
            step = b_first - last_b
            copied = m is None or previous is None  # a copy goes on in the source's order
            if first != last_a + 1 or not (0 <= step <= NEAR if copied else abs(step) <= NEAR):
                length.update((id(x), len(run)) for x in run if x is not None)
                run = []
        run.append(m)
    length.update((id(x), len(run)) for x in run if x is not None)
    return length


@dataclass(frozen=True)
class Copies:
    """A pair's copy fragments laid out for the per-match questions of :func:`fragments_of`
    and :func:`source_shown`: sorted by start (and by source start), with the farthest end so
    far, so each question is a binary search and not a look at every fragment."""

    spans: tuple[tuple[int, int], ...]
    reach: tuple[int, ...]
    """Sorted (start, end) of each fragment; the largest end among it and those before it."""
    source_starts: tuple[int, ...]
    source_reach: tuple[int, ...]
    """The same of the source spans: sorted starts, and the largest end so far."""

    @classmethod
    def of(cls, fragments: Sequence[Fragment]) -> Copies:
        spans = sorted((f.start, f.end) for f in fragments)
        source = sorted((f.source_start, f.source_end) for f in fragments)
        return cls(
            tuple(spans),
            tuple(itertools.accumulate((e for _, e in spans), max)),
            tuple(s for s, _ in source),
            tuple(itertools.accumulate((e for _, e in source), max)),
        )

    def around(self, start: int, end: int) -> list[tuple[int, int]]:
        """The spans, sorted, that may overlap [start, end) (all that do, and maybe more)."""
        lo = bisect.bisect_right(self.reach, start)
        return list(self.spans[lo : bisect.bisect_left(self.spans, (end, -1))])

    def source_holds(self, start: int, end: int) -> bool:
        """A fragment's source span holds [start, end)."""
        n = bisect.bisect_right(self.source_starts, start)
        return n > 0 and self.source_reach[n - 1] >= end


def fragments_of(m: Match, a: Prepared, b: Prepared, copies: Copies) -> list[Fragment]:
    """The match as ``"paraphrase"`` fragments: its sentences' characters (whole sentences,
    stop words and punctuation included) less the copy fragments' (a sentence with a copied
    run inside gives a piece on each side of it), each piece holding at least one counted
    word; the source side is the source sentences. None when copy fragments hold it all."""
    ma, mb = meaning_of(a), meaning_of(b)
    start, end = ma.spans[m.a_sentences[0]][0], ma.spans[m.a_sentences[-1]][1]
    source = _words_of(b.text, mb.spans[m.b_sentences[0]][0], mb.spans[m.b_sentences[-1]][1])
    assert source is not None  # a sentence of ``bounds`` holds words
    source_forms = set(b.canonical.hashes[m.b0 : m.b1].tolist())
    out = []
    for s0, s1 in _less(start, end, copies.around(start, end), a.text):
        w0, w1 = np.searchsorted(a.canonical.starts, [s0, s1]).tolist()
        if w1 > w0:
            exact = sum(h in source_forms for h in a.canonical.hashes[w0:w1].tolist())
            score = round(m.score, 3)
            out.append(Fragment(s0, s1, *source, w1 - w0, exact, kind="paraphrase", score=score))
    return out


def source_shown(m: Match, b: Prepared, copies: Copies) -> bool:
    """The match's source sentences lie inside a copy fragment's source span."""
    mb = meaning_of(b)
    start, end = mb.spans[m.b_sentences[0]][0], mb.spans[m.b_sentences[-1]][1]
    return copies.source_holds(start, end)


def _less(start: int, end: int, taken: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """[start, end) less the ``taken`` spans, each piece from its first word's start to its
    last word's end (fragments lie on word boundaries)."""
    pieces, at = [], start
    for t0, t1 in sorted(taken):
        if t1 > at and t0 < end:
            pieces.append((at, max(at, t0)))
            at = max(at, t1)
    pieces.append((at, end))
    return [span for s0, s1 in pieces if (span := _words_of(text, s0, s1)) is not None]


def _words_of(text: str, start: int, end: int) -> tuple[int, int] | None:
    """From the first word's start to the last word's end in text[start:end], if any."""
    spans = word_spans(text[start:end])
    return (start + spans[0][0], start + spans[-1][1]) if spans else None


RELATED = 10
"""Sources sharing no anchor with a checked document that the stage still compares it with:
at most this many, those sharing the most of its vocabulary (:meth:`Vocabulary.related`)."""
RELATED_SHARE = 0.1
"""…and only those sharing at least this weighted share of its distinct canonical words."""


@dataclass(frozen=True)
class Vocabulary:
    """The given sources' distinct canonical words, made once per run for :meth:`related`."""

    sources: tuple[Prepared, ...]
    words: tuple[np.ndarray, ...]
    """Each source's distinct form fingerprints, sorted."""
    values: np.ndarray
    counts: np.ndarray
    """Every fingerprint of ``words`` once, and how many sources hold it."""

    @classmethod
    def of(cls, sources: Sequence[Prepared]) -> Vocabulary:
        words = tuple(distinct(s.canonical.hashes) for s in sources)  # np.unique's, sooner
        joined = np.concatenate(words) if words else np.empty(0, dtype=np.uint64)
        values, counts = distinct_counts(joined)
        return cls(tuple(sources), words, values, counts)

    def related(self, doc: Prepared) -> list[int]:
        """Indices of the sources a rewrite of which ``doc`` may be: a rewrite keeps the
        source's terms and names though no run of words survives, so these are the
        :data:`RELATED` sources holding the largest share of ``doc``'s distinct canonical
        words, each weighted by its inverse document frequency over the sources (smoothed:
        ln((N + 1) / df) + 1), at least :data:`RELATED_SHARE`; never ``doc`` itself. Sorted
        arrays only, no vectors."""
        if not len(self.values):
            return []
        mine = distinct(doc.canonical.hashes)
        at = np.minimum(np.searchsorted(self.values, mine), len(self.values) - 1)
        df = 1.0 + np.where(self.values[at] == mine, self.counts[at], 0)
        idf = np.log((len(self.sources) + 1) / df) + 1.0
        total = float(idf.sum()) or 1.0
        shares = np.array(
            [float(idf[np.isin(mine, t, assume_unique=True)].sum()) / total for t in self.words]
        )
        order = np.argsort(-shares, kind="stable")[:RELATED]
        return sorted(
            int(n) for n in order if shares[n] >= RELATED_SHARE and self.sources[n] is not doc
        )
