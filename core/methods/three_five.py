"""A12 "3+5" (ALGORITHMS.md §4 A12; Zelenkov & Segalovich §6.2).

Each document writes up to 3 records, keyed by the signatures of its 3 longest sentences
ss1..ss3, each carrying the document's length, its sentence count and the signatures
ss1..ss3 and ws1..ws5 (its 5 longest words). The records are grouped into length chains
(:mod:`copylens.core.methods.chains`: by key, ordered by length, ties by position, cut where a
neighbour is more than 1.15 times longer, duplicate and subsumed chains dropped), and within
each document's local window a pair is tested with the study's rules:

- compared only if the sentence counts are within 1.20 of each other and at least 2 of the
  5 word signatures are shared (in any order);
- duplicates if ss1 is the same, or — both documents having more than 5 sentences — at least
  2 of the 3 sentence signatures are shared (in any order).

What must hold: exactly those rules, and a pair is tested only if the two documents share one
of their 3 long-sentence signatures and their lengths are within 1.15. Local: no statistic of
the collection is used.

Readings chosen:
- len: the number of canonical words. The study counts words of three letters or more; §4's
  preprocessing (our canonical words) has already dropped words of ≤ 3 letters, so every
  remaining word counts.
- A sentence's length is its number of canonical words; its signature is the 64-bit BLAKE2b
  of its words' fingerprints in text order (any change of a word or of the order changes it;
  64 bits, unlike CRC32, make chance collisions between sentences of 10⁵ documents nil). The
  value 0 means "no sentence" (1- and 2-sentence documents: ss3, or ss2 and ss3, are 0 and
  write no record), so a signature that happens to be 0 becomes 1.
- The 5 longest words are 5 distinct words (a repeated word is one word of the vocabulary),
  longest by characters of the canonical form, ties by the word's fingerprint, which is also
  its signature. A document with fewer distinct words has fewer signatures.
- "Documents of more than 5 sentences": both documents of the pair.
- Sentences repeated inside a document give one record per distinct signature.
- Boilerplate: a sentence held by more than ``max_df`` = 100 documents writes no chain
  (:mod:`copylens.core.methods.chains`). Here the cap guards precision as well as time: a
  boilerplate
  sentence longer than the documents' own (a footer, an assignment's wording) becomes ss1 of
  every document holding it, and ss1 alone decides once the gate passes; documents that share
  a footer often share 2 of their 5 longest words too (the footer's own, or common long
  words). In the scale benchmark, a 30-word footer in 5 % of 10,000 documents (under a cap of
  1,000) made 11,135 false pairs out of 32,315 tested; capped, none. A group of more than 100
  near-copies that hold all 3 long sentences in common is missed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from copylens.core.methods.base import Method, Pair, PairMethod
from copylens.core.methods.chains import ChainStats, chain_pairs
from copylens.core.methods.collection import Collection, MethodDoc

SENTENCES = 3
WORDS = 5


@dataclass(frozen=True)
class Profile:
    """The fields every A12 record of one document carries."""

    length: int
    num: int
    ss: tuple[int, ...]
    """Signatures of the 3 longest sentences, longest first; 0 where there is none."""
    ws: tuple[int, ...]
    """Signatures of the (up to) 5 longest distinct words, longest first."""

    @property
    def keys(self) -> set[int]:
        return {s for s in self.ss if s}


def sentence_signature(doc: MethodDoc, s: int) -> int:
    """BLAKE2b-64 of the sentence's word fingerprints (little-endian), never 0."""
    first, last = doc.sentences[s]
    data = doc.hashes[first:last].astype("<u8").tobytes()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little") or 1


def long_sentences(doc: MethodDoc, count: int = SENTENCES) -> tuple[int, ...]:
    """Signatures of the ``count`` longest sentences (ties by signature), padded with 0."""
    lens = [last - first for first, last in doc.sentences]
    bar = sorted(lens, reverse=True)[count - 1] if len(lens) > count else 0
    ranked = sorted((-n, sentence_signature(doc, s)) for s, n in enumerate(lens) if n >= bar)
    signatures = [signature for _, signature in ranked[:count]]
    return tuple(signatures + [0] * (count - len(signatures)))


def long_words(doc: MethodDoc, count: int = WORDS) -> tuple[int, ...]:
    """Fingerprints of the ``count`` longest distinct words (ties by fingerprint).

    Only the words at least as long as the ``4 · count``-th longest occurrence are ranked:
    every other word is shorter than all of them; if they hold fewer than ``count`` distinct
    words, all words are ranked.
    """
    lens = np.array(list(map(len, doc.words)), dtype=np.int64)
    if len(lens) > 4 * count:
        bar = np.partition(lens, len(lens) - 4 * count)[len(lens) - 4 * count]
        best = _ranked_words(lens, doc.hashes, lens >= bar)
        if len(best) >= count:
            return best[:count]
    return _ranked_words(lens, doc.hashes, None)[:count]


def _ranked_words(
    lens: np.ndarray, hashes: np.ndarray, where: np.ndarray | None
) -> tuple[int, ...]:
    """Distinct word fingerprints by decreasing length, ties by fingerprint."""
    if where is not None:
        lens, hashes = lens[where], hashes[where]
    ranked = sorted(set(zip((-lens).tolist(), hashes.tolist(), strict=True)))
    return tuple(h for _, h in ranked)


def profile(doc: MethodDoc) -> Profile | None:
    """The document's record fields; None for a document without sentences."""
    if not doc.sentences:
        return None
    return Profile(len(doc), len(doc.sentences), long_sentences(doc), long_words(doc))


@dataclass(frozen=True)
class ThreeFive(PairMethod):
    """§4 A12 "3+5": 3 long-sentence keys, chains by length, the study's pair rules."""

    name: ClassVar[str] = "A12"
    title: ClassVar[str] = "3+5"
    section: ClassVar[str] = "§4 A12"

    length_ratio: float = 1.15
    count_ratio: float = 1.20
    shared_words: int = 2
    many_sentences: int = 5
    max_df: int = 100

    def same(self, a: Profile, b: Profile) -> bool:
        """The study's rules for two documents met in a local window."""
        if max(a.num, b.num) / min(a.num, b.num) > self.count_ratio:
            return False
        if len(set(a.ws) & set(b.ws)) < self.shared_words:
            return False
        if a.ss[0] == b.ss[0]:
            return True
        many = min(a.num, b.num) > self.many_sentences
        return many and len(a.keys & b.keys) >= 2

    def find(self, collection: Collection) -> set[Pair]:
        return self.find_with_stats(collection)[0]

    def find_with_stats(self, collection: Collection) -> tuple[set[Pair], ChainStats]:
        """The pairs found, and what each stage of the chains did."""
        profiles = [profile(doc) for doc in collection.docs]
        owned = [(key, i) for i, p in enumerate(profiles) if p is not None for key in p.keys]
        keys = np.array([key for key, _ in owned], dtype=np.uint64)
        owners = np.array([i for _, i in owned], dtype=np.int64)
        lengths = np.array([p.length if p else 0 for p in profiles], dtype=np.int64)

        def same(i: int, j: int) -> bool:
            a, b = profiles[i], profiles[j]
            return a is not None and b is not None and self.same(a, b)

        return chain_pairs(keys, owners, lengths, same, self.length_ratio, self.max_df)


METHODS: tuple[Method, ...] = (ThreeFive(),)
