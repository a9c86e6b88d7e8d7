"""Sentence signatures of the comparative study (ALGORITHMS.md §4, Zelenkov & Segalovich).

A4 Long Sent and A5 Heavy Sent rank a document's sentences, take the 2 first, join them in
alphabetical order and sign the string with CRC32: one key per document, duplicates when the
keys are equal. A4 ranks by length in words, A5 by the sum of the A2 (BM25) weights of the
sentence's words, computed by :class:`copylens.core.methods.frequency.TFIDF` itself.

What must hold:
- two documents that share their 2 top-ranked sentences get the same key whatever else they
  contain and in whatever order the sentences come; a document sharing only one does not;
- ties in rank are broken alphabetically on the sentence's canonical words joined by spaces,
  so the choice is deterministic.

Readings chosen:
- A sentence is its canonical words (§4's preprocessing comes first), and its length is the
  number of those words.
- The 2 sentences are joined with a line break, not a space, so the joined string says where
  one sentence ends (a space join could give the same string for different pairs).
- A document with a single sentence is signed with that one sentence (the study signs every
  document); a document with no sentence (no words) gets no key.
- A5 sums the weights of the sentence's word occurrences (a word twice in a sentence counts
  twice: "the sum of the weights of all its words"), with ``math.fsum`` so equal sentences of
  one document weigh exactly the same wherever they stand.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from copylens.core.methods.base import Method, SignatureMethod, crc32_of
from copylens.core.methods.collection import Collection, MethodDoc
from copylens.core.methods.frequency import TFIDF, WordModel


@dataclass(frozen=True)
class TopSentencesMethod(SignatureMethod):
    """CRC32 of the ``count`` top-ranked sentences joined alphabetically (A4, A5)."""

    count: int = 2

    @abstractmethod
    def sentence_weights(self, doc: MethodDoc, model: Any) -> list[float]:
        """The rank of each sentence of ``doc``: the larger, the earlier."""

    def keys(self, doc: MethodDoc, model: Any) -> Sequence[int]:
        if not doc.sentences:
            return ()
        chosen = top_sentences(doc, self.sentence_weights(doc, model), self.count)
        return (crc32_of(chosen, separator="\n"),)


def top_sentences(doc: MethodDoc, weights: list[float], count: int) -> list[str]:
    """The ``count`` heaviest sentences as text, ties alphabetical; only the sentences that
    weigh at least the count-th largest weight are joined into strings."""
    threshold = sorted(weights, reverse=True)[:count][-1]
    texts = {s: " ".join(doc.sentence_words(s)) for s, w in enumerate(weights) if w >= threshold}
    ranked = sorted(texts, key=lambda s: (-weights[s], texts[s]))
    return [texts[s] for s in ranked[:count]]


@dataclass(frozen=True)
class LongSent(TopSentencesMethod):
    """§4 A4 Long Sent: the 2 longest sentences (in canonical words). Local: no training."""

    name: ClassVar[str] = "A4"
    title: ClassVar[str] = "Long Sent"
    section: ClassVar[str] = "§4 A4"

    def train(self, collection: Collection) -> None:
        return None

    def sentence_weights(self, doc: MethodDoc, model: Any) -> list[float]:
        return [float(last - first) for first, last in doc.sentences]


@dataclass(frozen=True)
class HeavySent(TopSentencesMethod):
    """§4 A5 Heavy Sent: the 2 sentences with the largest sum of A2 word weights
    (BM25 with ``k`` and ``b``, as :class:`~copylens.core.methods.frequency.TFIDF`)."""

    name: ClassVar[str] = "A5"
    title: ClassVar[str] = "Heavy Sent"
    section: ClassVar[str] = "§4 A5"

    k: float = 2.0
    b: float = 0.75

    @property
    def weighting(self) -> TFIDF:
        return TFIDF(k=self.k, b=self.b)

    def train(self, collection: Collection) -> WordModel:
        return self.weighting.train(collection)

    def sentence_weights(self, doc: MethodDoc, model: WordModel) -> list[float]:
        words, weights = self.weighting.weights(doc, model)
        weight = dict(zip(words, weights.tolist(), strict=True))
        tokens = np.fromiter(map(weight.__getitem__, doc.words), dtype=np.float64)
        firsts = np.fromiter((first for first, _ in doc.sentences), dtype=np.intp)
        lasts = np.fromiter((last for _, last in doc.sentences), dtype=np.intp)
        if lasts[-1] == len(tokens) and np.array_equal(firsts[1:], lasts[:-1]):
            # Sentences tile the words: one sequential sum per sentence, in word order, so
            # equal sentences weigh exactly the same.
            return list(np.add.reduceat(tokens, firsts).tolist())
        return [math.fsum(tokens[first:last]) for first, last in doc.sentences]


METHODS: tuple[Method, ...] = (LongSent(), HeavySent())
