"""Word-frequency signatures of the comparative study (ALGORITHMS.md §4, Zelenkov & Segalovich).

A1 TF, A2 TF*IDF (Okapi BM25), A3 TF*RIDF and A10 Opt Freq weight each distinct canonical
word of a document, take the 6 heaviest, join them in alphabetical order and sign the string
with CRC32: one key per document, and two documents are duplicates when their keys are equal.
A0 MD5 (exact copies) lives in :mod:`copylens.core.methods.exact`.

What must hold:
- the formulas are exactly those of §4 (natural logarithms; 11.5 = −ln(10 / 1,000,000));
- the signature depends only on the document's bag of words and the collection statistics,
  so reordering words or sentences never changes it;
- ties in weight are broken alphabetically (``top_words``), so the choice is deterministic;
- the collection statistics are read once, in ``train``: each word's collection factor
  (IDF, RIDF or IDF_opt) is a dict built there, and ``keys`` only looks words up.

Readings chosen:
- A document with fewer than 6 distinct words is signed with all of them (the study signs
  every document; "the 6 heaviest" of fewer words is all of them). Only a document with no
  words left after preprocessing gets no key.
- A2's IDF is the Robertson–Spärck Jones form of the source, negative for words in more than
  half of the documents; it is not clamped at 0 (§4 gives no floor), so common words simply
  rank last. On tiny collections many words then weigh exactly 0 and ties decide.
- ``keys`` is defined for documents of the trained collection; a word the training never saw
  raises ``KeyError`` rather than getting an invented weight.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from copylens.core.methods.base import Method, SignatureMethod, crc32_of, top_words
from copylens.core.methods.collection import Collection, MethodDoc

OPTIMAL_IDF = 11.5
"""Maslov's "optimal" IDF: −ln(10 / 1,000,000), a word in 10 documents of a million."""


@dataclass(frozen=True)
class WordModel:
    """What a weighting method reads from its collection: a factor per word and dl_avg."""

    factor: dict[str, float]
    """The word's collection factor: IDF (A2), RIDF (A3) or IDF_opt (A10)."""
    dl_avg: float


Weights = tuple[list[str], np.ndarray]
"""A document's distinct words and the weight of each (parallel)."""


def term_counts(doc: MethodDoc) -> Weights:
    """The document's distinct words and their tf, as float64."""
    tf = doc.tf
    return list(tf), np.fromiter(tf.values(), dtype=np.float64, count=len(tf))


def word_model(collection: Collection, factor: Callable[[int, int, int], float]) -> WordModel:
    """``factor(df, cf, n)`` of every word of the collection, computed once."""
    stats = collection.stats
    n, cf = stats.n, stats.cf
    return WordModel({w: factor(df, cf[w], n) for w, df in stats.df.items()}, stats.dl_avg)


def lookup(model: WordModel, words: list[str]) -> np.ndarray:
    """The collection factor of each word (``KeyError`` for a word outside the collection)."""
    return np.fromiter(map(model.factor.__getitem__, words), dtype=np.float64, count=len(words))


def augmented_tf(tf: np.ndarray) -> np.ndarray:
    """A3's and A10's TF = 0.5 + 0.5·tf/tf_max."""
    return 0.5 + 0.5 * tf / tf.max()


def heaviest(words: list[str], weights: np.ndarray, count: int) -> list[str]:
    """The ``count`` heaviest words, ties alphabetical: ``top_words`` over the words that
    weigh at least the count-th largest weight (a partition, not a sort of every word)."""
    if len(words) > count:
        threshold = np.partition(weights, len(words) - count)[len(words) - count]
        picked = np.flatnonzero(weights >= threshold).tolist()
    else:
        picked = list(range(len(words)))
    return top_words({words[i]: float(weights[i]) for i in picked}, count)


@dataclass(frozen=True)
class TopWordsMethod(SignatureMethod):
    """The study's lexical signature: CRC32 of the ``count`` heaviest words, alphabetical."""

    count: int = 6

    @abstractmethod
    def weights(self, doc: MethodDoc, model: Any) -> Weights:
        """Each distinct word of ``doc`` and its weight."""

    def keys(self, doc: MethodDoc, model: Any) -> Sequence[int]:
        words, weights = self.weights(doc, model)
        if not words:
            return ()
        return (crc32_of(heaviest(words, weights, self.count)),)


@dataclass(frozen=True)
class TF(TopWordsMethod):
    """§4 A1 TF: weight = tf. Local: needs nothing from the collection."""

    name: ClassVar[str] = "A1"
    title: ClassVar[str] = "TF"
    section: ClassVar[str] = "§4 A1"

    def train(self, collection: Collection) -> None:
        return None

    def weights(self, doc: MethodDoc, model: Any) -> Weights:
        return term_counts(doc)


@dataclass(frozen=True)
class TFIDF(TopWordsMethod):
    """§4 A2 TF*IDF, Okapi BM25: TF = tf / (k·((1 − b) + b·dl/dl_avg) + tf),
    IDF = log((N − df + 0.5) / (df + 0.5)); wt = TF·IDF. A5 reuses these weights."""

    name: ClassVar[str] = "A2"
    title: ClassVar[str] = "TF*IDF"
    section: ClassVar[str] = "§4 A2"

    k: float = 2.0
    b: float = 0.75

    def train(self, collection: Collection) -> WordModel:
        return word_model(collection, lambda df, _cf, n: bm25_idf(df, n))

    def weights(self, doc: MethodDoc, model: WordModel) -> Weights:
        words, tf = term_counts(doc)
        if not words:
            return words, tf
        norm = self.k * ((1.0 - self.b) + self.b * len(doc) / model.dl_avg)
        return words, tf / (norm + tf) * lookup(model, words)


@dataclass(frozen=True)
class TFRIDF(TopWordsMethod):
    """§4 A3 TF*RIDF: TF = 0.5 + 0.5·tf/tf_max, RIDF = −log(df/N) + log(1 − exp(−cf/N))
    (Church's residual IDF: observed IDF minus the IDF a Poisson spread would give)."""

    name: ClassVar[str] = "A3"
    title: ClassVar[str] = "TF*RIDF"
    section: ClassVar[str] = "§4 A3"

    def train(self, collection: Collection) -> WordModel:
        return word_model(collection, ridf)

    def weights(self, doc: MethodDoc, model: WordModel) -> Weights:
        words, tf = term_counts(doc)
        if not words:
            return words, tf
        return words, augmented_tf(tf) * lookup(model, words)


@dataclass(frozen=True)
class OptFreq(TopWordsMethod):
    """§4 A10 Opt Freq (Maslov): TF = 0.5 + 0.5·tf/tf_max, IDF = −log(df/N),
    IDF_opt = sqrt(IDF/11.5) if IDF < 11.5 else 11.5/IDF; wt = TF·IDF_opt."""

    name: ClassVar[str] = "A10"
    title: ClassVar[str] = "Opt Freq"
    section: ClassVar[str] = "§4 A10"

    optimum: float = OPTIMAL_IDF

    def train(self, collection: Collection) -> WordModel:
        return word_model(collection, lambda df, _cf, n: optimal_idf(df, n, self.optimum))

    def weights(self, doc: MethodDoc, model: WordModel) -> Weights:
        words, tf = term_counts(doc)
        if not words:
            return words, tf
        return words, augmented_tf(tf) * lookup(model, words)


def bm25_idf(df: int, n: int) -> float:
    """A2's IDF, log((N − df + 0.5) / (df + 0.5)); A7's lexicon cut ranks words by it too."""
    return math.log((n - df + 0.5) / (df + 0.5))


def ridf(df: int, cf: int, n: int) -> float:
    return -math.log(df / n) + math.log(1.0 - math.exp(-cf / n))


def optimal_idf(df: int, n: int, optimum: float = OPTIMAL_IDF) -> float:
    idf = -math.log(df / n)
    return math.sqrt(idf / optimum) if idf < optimum else optimum / idf


METHODS: tuple[Method, ...] = (TF(), TFIDF(), TFRIDF(), OptFreq())
