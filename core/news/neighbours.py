"""Candidate pairs of a news stream: each item's nearest earlier neighbours by TF-IDF cosine over
lemmas, within the time window, at most :data:`PER_ITEM` of them (issue 37).

Why not the paper's prefilter alone (ALGORITHMS.md §6, seed paper 002, §6.2: the two heaviest
words must be equal): on real articles retold by other outlets (SemEval-2022 Task 8) the two
heaviest lemmas of two retellings differ more often than not, and the engine's anchor k-grams
(runs of 5 words) find copies, not retellings. Retellings share their topic words; a
nearest-neighbour search over TF-IDF vectors of those words is the standard candidate stage
of news deduplication and clustering (Manning, Raghavan, Schütze, *Introduction to
Information Retrieval*, ch. 6 and §17; an inverted index accumulating dot products, "term at a
time", ch. 7.1).

The vector of an item: its title's and text's lemmas (numbers and stop words left out, as
``criteria.analyze`` counts them; title lemmas count twice), weight (1 + ln tf) · idf with the
BM25 idf of the batch (``criteria.Weights``), only the :data:`TERMS` heaviest kept, divided by
the norm of the whole vector (so a dot product is at most the full cosine).

What must hold (the bounds are what issue 38 asked of a feed of near-identical entries):

- items are taken in stream order (timed items by time, then position; then the untimed ones);
  each is compared with the earlier items of the window only through the inverted index, whose
  posting list per lemma keeps only the :data:`POSTINGS` latest items: work per item is at
  most ``TERMS × POSTINGS`` index entries, memory at most the vocabulary × ``POSTINGS``;
- each item proposes at most ``per_item`` earlier items, those of the highest dot product at
  or above :data:`MIN_SCORE`, ties to the later item: so there are at most ``per_item`` × n
  candidate pairs, whatever the stream holds;
- a pair is proposed only when the two items are at most the window apart, or either has no
  time (an item without a time is compared with every item, as ``stream.candidates`` does);
- each pair once, as (i, j), i < j, positions in the given sequence; the result depends only on
  the items and the parameters.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from copylens.core.news.criteria import Analyzed, Weights

PER_ITEM = 10
"""Most earlier items one item proposes as candidates."""
TERMS = 40
"""Lemmas of an item's vector used for the search (the heaviest)."""
POSTINGS = 512
"""Latest items an index entry (one lemma) keeps."""
MIN_SCORE = 0.02
"""Least dot product of two truncated vectors for a candidate (unrelated items share only
common words and score below it)."""
TITLE_WEIGHT = 2
"""How many times a title lemma counts beside a text lemma."""


@dataclass(frozen=True)
class Vector:
    """An item's truncated, normalised TF-IDF vector: its lemmas and their weights."""

    terms: tuple[str, ...]
    weights: np.ndarray


def vector_of(item: Analyzed, weights: Weights) -> Vector:
    """The item's :class:`Vector` (the module docstring)."""
    counts: dict[str, int] = dict(item.text)
    for lemma, n in item.title.items():
        counts[lemma] = counts.get(lemma, 0) + TITLE_WEIGHT * n
    scored = sorted(
        ((1.0 + math.log(tf)) * weights.idf(lemma), lemma) for lemma, tf in counts.items()
    )
    norm = math.sqrt(sum(w * w for w, _ in scored))
    kept = scored[-TERMS:] if norm > 0 else []
    return Vector(tuple(lemma for _, lemma in kept), np.array([w / norm for w, _ in kept]))


class _Postings:
    """The latest items holding one lemma (at most :data:`POSTINGS`, a ring once full), with
    their weight of the lemma and their time (NaN: unknown); arrays grow as needed, so memory
    is the postings held, never the vocabulary times the cap."""

    __slots__ = ("count", "items", "times", "weights")

    def __init__(self) -> None:
        self.items = np.empty(4, dtype=np.int64)
        self.weights = np.empty(4)
        self.times = np.empty(4)
        self.count = 0

    def add(self, item: int, weight: float, time: float) -> None:
        if self.count < POSTINGS and self.count == len(self.items):
            size = min(2 * len(self.items), POSTINGS)
            self.items = np.resize(self.items, size)
            self.weights = np.resize(self.weights, size)
            self.times = np.resize(self.times, size)
        slot = self.count % POSTINGS
        self.items[slot], self.weights[slot], self.times[slot] = item, weight, time
        self.count += 1

    def held(self) -> int:
        return min(self.count, POSTINGS)


class _Index:
    """An inverted index of :class:`_Postings`, lemma → the latest items holding it."""

    def __init__(self) -> None:
        self.lemmas: dict[str, _Postings] = {}

    def add(self, item: int, vector: Vector, time: float | None) -> None:
        moment = math.nan if time is None else time
        for lemma, weight in zip(vector.terms, vector.weights.tolist(), strict=True):
            postings = self.lemmas.get(lemma)
            if postings is None:
                postings = self.lemmas[lemma] = _Postings()
            postings.add(item, weight, moment)

    def scores(
        self, vector: Vector, time: float | None, window: float | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """The indexed items sharing a lemma with ``vector`` within the window, and their dot
        products with it."""
        parts = [
            (p, w)
            for lemma, w in zip(vector.terms, vector.weights.tolist(), strict=True)
            if (p := self.lemmas.get(lemma)) is not None
        ]
        if not parts:
            return np.empty(0, dtype=np.int64), np.empty(0)
        found = np.concatenate([p.items[: p.held()] for p, _ in parts])
        products = np.concatenate([p.weights[: p.held()] * w for p, w in parts])
        if window is not None and time is not None:
            times = np.concatenate([p.times[: p.held()] for p, _ in parts])
            keep = np.isnan(times) | (np.abs(times - time) <= window)
            found, products = found[keep], products[keep]
        ids, where = np.unique(found, return_inverse=True)
        return ids, np.bincount(where, weights=products, minlength=len(ids))


def neighbour_pairs(
    items: Sequence[Analyzed],
    weights: Weights,
    *,
    window_seconds: float | None,
    per_item: int = PER_ITEM,
    min_score: float = MIN_SCORE,
) -> list[tuple[int, int]]:
    """Candidate pairs (i, j), i < j, sorted: each item's at most ``per_item`` nearest earlier
    items of the window (the module docstring)."""
    if per_item < 1:
        raise ValueError(f"Expecting per_item of at least 1, got {per_item}")
    index = _Index()
    times = [a.item.timestamp for a in items]
    order = sorted((t, n) for n, t in enumerate(times) if t is not None)
    stream = [n for _, n in order] + [n for n, t in enumerate(times) if t is None]
    found: set[tuple[int, int]] = set()
    for n in stream:
        vector = vector_of(items[n], weights)
        if not len(vector.terms):
            continue
        ids, scores = index.scores(vector, times[n], window_seconds)
        good = scores >= min_score
        ids, scores = ids[good], scores[good]
        if len(ids) > per_item:
            best = np.lexsort((-ids, -scores))[:per_item]
            ids = ids[best]
        found.update((min(m, n), max(m, n)) for m in ids.tolist())
        index.add(n, vector, times[n])
    return sorted(found)
