"""Kosinov's statistical signatures, compared by Levenshtein distance (ALGORITHMS.md §5).

Kosinov (Internet-Mathematics 2007, as the Ukrainian survey reports it) built a document's
signature from statistics chosen to survive small edits, and called two documents
duplicates when the signatures were close by Levenshtein distance. One method per signature:

- "kosinov-punct": the counts of the 11 characters ``. , - _ : ; ! ? ( )`` and the space.
- "kosinov-special": the sequence of special characters left after deleting letters, digits
  and whitespace (with "punct", the best of the study).
- "kosinov-stats": "mean word length – mean sentence length – word count – sentence count".
- "kosinov-sent": the two longest sentences joined.

All are computed on ``MethodDoc.text`` (the extracted text: punctuation is the signal, so the
canonical words cannot serve) and its ``sentence_spans``; a pair is a near-duplicate when
rapidfuzz's normalized Levenshtein distance (distance / longer length) is ≤ ``threshold``.

What must hold: every pair within the threshold is found; documents with an empty signature
(no special character, no sentence) join no pair; signatures depend only on the text.

Readings chosen:
- The count vector is written as the string "n1-n2-…-n11" and compared by Levenshtein, as the
  survey says Kosinov compared every signature. A digit edit is a crude relative measure
  (41 → 42 costs one edit, 99 → 100 three) but it keeps the study's comparison.
- The survey says the special-character test kept spaces and line breaks; ALGORITHMS.md and
  this reading delete all whitespace, since kept spaces would make the sequence mostly a word
  count. Letters and digits (``str.isalnum``) are deleted too, and so are the characters that
  are neither text nor visible marks (combining marks, control and format characters: a
  zero-width space hidden in a copy must not count); kept: Unicode punctuation and symbols
  (P*, S*), the underscore among them.
- Sentences are ``MethodDoc.sentence_spans`` (razdel / Punkt; a sentence with no canonical
  word left, such as "Who could ask?", is not among them).
- Words are the runs of letters and digits of the text; lengths in characters. "Mean sentence
  length" is in characters too (the survey pairs it with the mean word length, and the mean
  in words would be word count / sentence count, already in the signature). Means have one
  decimal: "6.1-84.3-612-43".
- The two longest sentences (in characters; ties: the earlier) are joined in text order with
  one space, whitespace inside them collapsed.
- Candidates without all pairs: signatures sorted by length; a pair within the threshold has
  |la − lb| ≤ t · max(la, lb), so each signature is compared only within that window, by
  ``rapidfuzz.process.cdist`` on blocks of rows (C++, the score cutoff its own early exit).
  Short signatures of similar length ("stats", "punct") make the window the whole
  collection: every pair of it, but ~10⁷ comparisons a second in C++. For the long "sent"
  signatures a prefilter comes first: half the L1 distance of two character histograms
  (code point mod 64) is a lower bound of the Levenshtein distance, computed in numpy for the
  whole block; only the pairs it cannot reject go to ``rapidfuzz.process.cpdist`` (~5 % of
  the window on essays: ~8× faster). On the special-character sequences it lets ~25 %
  through and gains nothing, so they go to ``cdist`` directly.
"""

from __future__ import annotations

import unicodedata
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import ClassVar

import numpy as np
from rapidfuzz.distance import DamerauLevenshtein, Levenshtein
from rapidfuzz.process import cdist, cpdist

from copylens.core.methods.base import Method, Pair, PairMethod
from copylens.core.methods.collection import Collection, MethodDoc

PUNCTUATION = ".,-_:;!?() "
"""Kosinov's 11 counted characters: ten marks and the space."""
OTHER, WORD, SPECIAL = 0, 1, 2
"""Character classes: letters and digits (``str.isalnum``) make words; punctuation and
symbols (Unicode P*, S*, the underscore among them) are special; whitespace, marks, control
and format characters (zero-width spaces, soft hyphens) are neither."""
_BUCKETS = 64
"""Character histogram buckets of the Levenshtein prefilter (code point mod 64)."""
_BLOCK = 1 << 20
"""Pairs per ``cdist`` block (8 MB of scores)."""
_FILTERED_BLOCK = 1 << 16
"""Pairs per block with the histogram prefilter (3 temporaries of pairs × 64 × 2 bytes)."""


@cache
def _class_table() -> np.ndarray:
    """The class of every code point of the Basic Multilingual Plane (built once, ~50 ms)."""
    return np.array([char_class(chr(c)) for c in range(0x10000)], dtype=np.uint8)


def char_class(char: str) -> int:
    if char.isalnum():
        return WORD
    return SPECIAL if unicodedata.category(char)[0] in "PS" else OTHER


def code_points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def classes(points: np.ndarray) -> np.ndarray:
    """Class of each code point (a table lookup; the rare astral characters one by one)."""
    found = _class_table()[np.minimum(points, 0xFFFF)]
    astral = np.flatnonzero(points > 0xFFFF)
    found[astral] = [char_class(chr(c)) for c in points[astral].tolist()]
    return found


def punctuation_counts(text: str) -> str:
    """Counts of the 11 characters, "n1-n2-…-n11" in the order of ``PUNCTUATION``."""
    return "-".join(str(text.count(c)) for c in PUNCTUATION)


def special_characters(text: str) -> str:
    """The text's special characters, in order (letters, digits and whitespace deleted)."""
    points = code_points(text)
    return points[classes(points) == SPECIAL].tobytes().decode("utf-32-le")


def text_statistics(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """ "mean word length-mean sentence length-word count-sentence count"; "" without words."""
    word = classes(code_points(text)) == WORD
    words = int(np.count_nonzero(word[1:] & ~word[:-1])) + int(word[:1].sum())
    if not words or not spans:
        return ""
    word_length = np.count_nonzero(word) / words
    sentence_length = sum(b - a for a, b in spans) / len(spans)
    return f"{word_length:.1f}-{sentence_length:.1f}-{words}-{len(spans)}"


def longest_sentences(text: str, spans: Sequence[tuple[int, int]], count: int = 2) -> str:
    """The ``count`` longest sentences (ties: the earlier), in text order, whitespace collapsed."""
    longest = sorted(range(len(spans)), key=lambda s: (spans[s][0] - spans[s][1], s))[:count]
    return " ".join(" ".join(text[slice(*spans[s])].split()) for s in sorted(longest))


def histogram(text: str) -> np.ndarray:
    """Counts of the code points mod 64: an edit changes at most two counts by one, so half
    the L1 distance of two histograms is a lower bound of the Levenshtein distance (still so
    with the counts capped at 32,767, which only shrinks differences)."""
    counts = np.bincount(code_points(text) % _BUCKETS, minlength=_BUCKETS)
    return np.minimum(counts, np.iinfo(np.int16).max).astype(np.int16)


def close_signatures(
    signatures: Sequence[str],
    threshold: float,
    prefilter: bool = False,
    transpositions: bool = False,
) -> set[Pair]:
    """Pairs (i, j) of non-empty signatures with normalized Levenshtein distance ≤ threshold,
    compared only within the length window (see the module); ``prefilter`` first drops the
    pairs whose histogram bound already exceeds the threshold (worth it for long signatures).
    ``transpositions``: Damerau–Levenshtein instead (a swap of neighbours costs 1, not 2); the
    length window and the histogram bound hold for it too (a swap changes neither)."""
    signed = sorted((len(s), i) for i, s in enumerate(signatures) if s)
    owners = [i for _, i in signed]
    window = Window(
        texts=[signatures[i] for i in owners],
        lengths=np.array([n for n, _ in signed], dtype=np.float64),
        threshold=threshold,
        histograms=np.array([histogram(signatures[i]) for i in owners]) if prefilter else None,
        scorer=(DamerauLevenshtein if transpositions else Levenshtein).normalized_distance,
    )
    budget = _FILTERED_BLOCK if prefilter else _BLOCK
    pairs: set[Pair] = set()
    top = 0
    while top < len(owners):
        bottom = window.block_end(top, budget)
        for a, b in window.pairs(top, bottom):
            pairs.add((min(owners[a], owners[b]), max(owners[a], owners[b])))
        top = bottom
    return pairs


@dataclass(frozen=True, eq=False)
class Window:
    """Signatures sorted by length; the rows of a block meet the columns of their windows."""

    texts: list[str]
    lengths: np.ndarray
    threshold: float
    histograms: np.ndarray | None
    scorer: Callable[..., float]

    @cached_property
    def ends(self) -> np.ndarray:
        """First position past each signature's window: lb ≤ la / (1 − t)."""
        limit = self.lengths / (1 - self.threshold) + 1e-9
        return np.searchsorted(self.lengths, limit, side="right")

    def block_end(self, top: int, budget: int) -> int:
        """The end of the block of rows from ``top`` whose rows × columns (up to the last row's
        window end) stay within ``budget`` pairs; at least one row. Windows widen with length,
        so the last row's window bounds them all."""
        rows = np.arange(1, min(budget, len(self.lengths) - top) + 1)
        cost = rows * (self.ends[top + rows - 1] - top)
        return top + max(1, int(np.searchsorted(cost, budget, side="right")))

    def pairs(self, top: int, bottom: int) -> list[tuple[int, int]]:
        """Positions (a, b), top ≤ a < bottom, a < b inside a's window, within the threshold."""
        right = int(self.ends[bottom - 1])
        if self.histograms is None:
            return self.scored(top, bottom, right)
        rows, cols = np.divmod(np.arange((bottom - top) * (right - top)), right - top)
        rows, cols = rows + top, cols + top
        inside = (cols > rows) & (cols < self.ends[rows])
        rows, cols = rows[inside], cols[inside]
        gap = np.abs(self.histograms[rows] - self.histograms[cols]).sum(axis=1)
        hopeful = gap <= 2 * self.threshold * self.lengths[cols]
        rows, cols = rows[hopeful], cols[hopeful]
        scores = cpdist(
            [self.texts[a] for a in rows.tolist()],
            [self.texts[b] for b in cols.tolist()],
            scorer=self.scorer,
            score_cutoff=self.threshold,
            dtype=np.float64,
        )
        close = scores <= self.threshold
        return list(zip(rows[close].tolist(), cols[close].tolist(), strict=True))

    def scored(self, top: int, bottom: int, right: int) -> list[tuple[int, int]]:
        """The block's pairs by ``cdist`` over the rows and the columns of their windows."""
        scores = cdist(
            self.texts[top:bottom],
            self.texts[top:right],
            scorer=self.scorer,
            score_cutoff=self.threshold,
            dtype=np.float64,
        )
        rows, cols = np.nonzero(scores <= self.threshold)
        rows, cols = rows + top, cols + top
        inside = (cols > rows) & (cols < self.ends[rows])
        return list(zip(rows[inside].tolist(), cols[inside].tolist(), strict=True))


@dataclass(frozen=True)
class KosinovSignature(PairMethod):
    """A Kosinov signature compared by normalized Levenshtein distance ≤ ``threshold``
    (Damerau–Levenshtein with ``transpositions``)."""

    threshold: float = 0.1
    transpositions: bool = False
    prefilter: ClassVar[bool] = False
    """Histogram prefilter before Levenshtein (long signatures)."""

    def __post_init__(self) -> None:
        if not 0 <= self.threshold < 1:
            raise ValueError(f"Expecting a threshold in [0, 1), got {self.threshold}")

    @abstractmethod
    def signature(self, doc: MethodDoc) -> str:
        """The document's signature; "" when it has none."""

    def find(self, collection: Collection) -> set[Pair]:
        signatures = [self.signature(doc) for doc in collection.docs]
        return close_signatures(signatures, self.threshold, self.prefilter, self.transpositions)


@dataclass(frozen=True)
class KosinovPunct(KosinovSignature):
    """§5: counts of ``. , - _ : ; ! ? ( )`` and the space, as "n1-n2-…"."""

    name: ClassVar[str] = "kosinov-punct"
    title: ClassVar[str] = "Punctuation counts"
    section: ClassVar[str] = "§5"

    def signature(self, doc: MethodDoc) -> str:
        return punctuation_counts(doc.text) if doc.text.strip() else ""


@dataclass(frozen=True)
class KosinovSpecial(KosinovSignature):
    """§5: the sequence of special characters (letters, digits and whitespace deleted)."""

    name: ClassVar[str] = "kosinov-special"
    title: ClassVar[str] = "Special characters"
    section: ClassVar[str] = "§5"

    def signature(self, doc: MethodDoc) -> str:
        return special_characters(doc.text)


@dataclass(frozen=True)
class KosinovStats(KosinovSignature):
    """§5: "mean word length-mean sentence length-word count-sentence count"."""

    name: ClassVar[str] = "kosinov-stats"
    title: ClassVar[str] = "Text statistics"
    section: ClassVar[str] = "§5"

    def signature(self, doc: MethodDoc) -> str:
        return text_statistics(doc.text, doc.sentence_spans)


@dataclass(frozen=True)
class KosinovSentences(KosinovSignature):
    """§5: the two longest sentences joined."""

    name: ClassVar[str] = "kosinov-sent"
    title: ClassVar[str] = "Two longest sentences"
    section: ClassVar[str] = "§5"
    prefilter: ClassVar[bool] = True

    def signature(self, doc: MethodDoc) -> str:
        return longest_sentences(doc.text, doc.sentence_spans)


METHODS: tuple[Method, ...] = (KosinovPunct(), KosinovSpecial(), KosinovStats(), KosinovSentences())
