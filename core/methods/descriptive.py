"""A9 Descr Words: N descriptive words with relative-tf thresholds (ALGORITHMS.md §4 A9).

Ilyinsky, Kuzmin, Melkov, Segalovich (2002), as the study and the Ukrainian survey describe
it: choose N "descriptive" words from the collection, each with its own threshold on the
relative frequency r = tf / tf_max (0..1); a document's signature is the N-bit vector whose
bit i says r(word i) > threshold i. "A9": duplicates when the vectors are equal; "A9-lev"
(the Ukrainian survey's variant): when their Levenshtein distance is ≤ 8 % of N.

What must hold: equal documents get equal vectors; a document with no bit set gets no
signature (all-zero vectors would pair every document the words miss); thresholds lie in
(0, 1); training depends only on the collection and the seed.

The source gives principles, not formulas; the readings chosen, each computable in numpy:

- Candidates: words with df ≥ ``min_df`` (2: a word of one document cannot make two equal)
  and df ≤ ``max_df_share`` · N (a word in most documents describes none; but at least up to
  ``min_df``, so that two or three documents still have candidates), the ``candidates``
  (1,000) most frequent by df. Their relative tf is kept sparse (a run of values per word),
  so memory is the number of (document, candidate word) occurrences, not docs × words.
- A word's *precision* is the source's: the fewer documents whose r lies within ±Δ of the
  threshold (Δ = 0.05), the higher; measured as the *unstable share*, those documents over
  the documents containing the word (r = 0 is never near a threshold > 0). Thresholds are
  searched on the grid 0.01, 0.02, …, 0.99.
- Phase (1), coverage at a fixed lower bound of precision: the lowest threshold (the most
  documents with the bit set) whose unstable share is ≤ ``max_unstable`` (0.1). Phase (2),
  precision at fixed coverage: among thresholds that set the bit in the same documents, the
  one with the fewest unstable documents, nearest the middle of the gap. A threshold depends
  only on its own word's distribution, so both phases run once per word; words that meet the
  bound nowhere are dropped first (as long as N remain).
- Set *coverage* = share of documents with at least one bit set; set *precision* = share of
  the covered documents whose vector is unique in the collection. Exact precision would need
  the true near-duplicate pairs, i.e. the quadratic verification the method exists to avoid;
  near-duplicates are a small minority of a collection, so unique vectors track how well the
  words separate unrelated documents. Both are computed from a random 64-bit code per word,
  a vector hashing to the XOR of its words' codes.
- Rounds: each drops half of the surplus over N. Phase (1) drops the words with the smallest
  share of the coverage (Σ 1 / bits set, over the documents a word covers: the greedy
  set-cover weight, 1 for a document only that word covers; ties: the less stable word).
  Phase (2), coverage held: among the words that uncover no document first, drops those
  whose removal leaves the fewest unique vectors non-unique (ties: the smaller coverage
  share, the less stable word). Costs are exact for single removals and recomputed before
  every drop; dropping several at once is the usual batch approximation.
- N = ``size``, or every candidate when there are fewer: 64 for A9, 256 for A9-lev. At 64
  words an essay sets ~4 bits, so "within 8 %" (5 bits) joins nearly any two documents that
  share a block: on the 1,000-essay benchmark (``bench/data``) A9-lev found ~50,000 pairs at
  N = 64 and exactly the 200 planted near-copies (all but the pasted paragraphs) at N = 256;
  A9 itself does best at 64 (more words make equal vectors rarer: recall drops).

A9-lev: bit strings within Levenshtein distance k = ⌊0.08 · N⌋ (rapidfuzz). Candidates by
the pigeonhole principle: the N positions go to k + 1 blocks; two strings at Hamming distance
≤ k differ in at most k blocks, so they agree on one; the documents sharing a block's value
are candidates. Positions are dealt to the blocks round-robin, not in runs: the words of
similar df sit side by side, and in a bilingual collection runs of the words every Russian
essay holds made blocks constant over half the collection (5,000 essays, N = 256: largest
group 2,012 documents in runs, 1,012 dealt). Even so, with k = 20 and ~80 bits set a 12-bit
block carries little information, and ~4.5 million of the 12.5 million pairs are
candidates: the test is near-quadratic on such collections. Candidates are first measured
by Hamming distance (popcount of packed words, ~50 ns a pair); those within 2k go to
``rapidfuzz.process.cpdist`` for the Levenshtein distance (~1.5 µs a pair).
Limits, stated: banding and the 2k cut promise every pair within Hamming distance k — the
edits a changed frequency causes are bits flipped in place, and Levenshtein ≤ Hamming for
equal lengths. A pair within k only through insertions and deletions (a shift of the bit
string, which relative-tf vectors do not undergo) may be missed. A block without a set bit
is no key: two vectors agreeing only on zeros share no descriptive word (each with two other
words set would be within 8 % of 64), and empty blocks would group nearly every document.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import cpdist

from copylens.core.arrays import distinct_counts
from copylens.core.canonicalize import fingerprint
from copylens.core.methods.base import Method, Pair, PairMethod, SignatureMethod
from copylens.core.methods.collection import Collection, MethodDoc

GRID = np.arange(1, 100) / 100
"""Threshold candidates 0.01 … 0.99."""
_SPAN = 4.0
"""Each word's relative tf sits at word·4 + r in one sorted key: runs never overlap."""
_NONE = np.zeros(0, dtype=np.int64)
_CHUNK = 2048
"""Documents per numpy pass when reading relative tf (bounds the temporary arrays)."""
_BAND_SEED = 1
"""Seed of the random 64-bit codes that hash A9-lev's blocks."""
_ODD = np.uint64(0x9E3779B97F4A7C15)
"""Odd multiplier that mixes a block's code with its number into a band key."""
_MASK = (1 << 20) - 1
"""Low bits of a fingerprint that address the lookup tables (1 Mi slots)."""
_BATCH = 1 << 18
"""Candidate pairs checked per batch (bounds A9-lev's memory)."""


@dataclass(frozen=True, eq=False)
class Descriptors:
    """The trained descriptive words, their thresholds, and the set's quality on the collection."""

    words: tuple[str, ...]
    hashes: np.ndarray
    """uint64 fingerprint of each word, in the order of ``words``."""
    thresholds: np.ndarray
    """Threshold on r = tf / tf_max of each word, in (0, 1)."""
    coverage: float
    """Share of the collection's documents with at least one bit set."""
    precision: float
    """Share of the covered documents whose vector is unique."""

    def vector(self, doc: MethodDoc) -> np.ndarray:
        """The document's N bits: r = tf / tf_max > threshold (tf_max from its cached tf)."""
        ordered = np.sort(doc.hashes)
        tf = np.searchsorted(ordered, self.hashes, "right") - np.searchsorted(ordered, self.hashes)
        return tf / max(max(doc.tf.values(), default=1), 1) > self.thresholds


@dataclass(frozen=True, eq=False)
class RelativeTf:
    """Relative tf of the candidate words where they occur, one run per word sorted by value."""

    starts: np.ndarray
    """Run of word w: entries starts[w] … starts[w + 1] − 1."""
    values: np.ndarray
    docs: np.ndarray

    @property
    def words(self) -> np.ndarray:
        """The word of each entry."""
        return np.repeat(np.arange(len(self.starts) - 1), np.diff(self.starts))


def positions(known: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Index in ``known`` (distinct uint64, any order) of each value, −1 when absent.

    A direct-address table on the low 20 bits answers most values with one gather (a binary
    search per value costs ~3× more on a million values); values whose slot two known values
    share fall back to the binary search."""
    found = np.full(len(values), -1, dtype=np.int64)
    if not len(known):
        return found
    slots = (known & _MASK).astype(np.int64)
    table = np.full(_MASK + 1, -1, dtype=np.int64)
    table[slots] = np.arange(len(known))
    shared = np.bincount(slots, minlength=_MASK + 1) > 1
    asked = (values & _MASK).astype(np.int64)
    guess = table[asked]
    exact = (guess >= 0) & (known[np.maximum(guess, 0)] == values)
    found[exact] = guess[exact]
    unsure = np.flatnonzero(shared[asked])
    order = np.argsort(known)
    pos = np.minimum(np.searchsorted(known[order], values[unsure]), len(known) - 1)
    hit = known[order[pos]] == values[unsure]
    found[unsure[hit]] = order[pos[hit]]
    return found


def contains(held: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Whether each value is in the sorted array ``held``: a bit table on the low 20 bits lets
    through the values that may be there, and only those are searched."""
    table = np.zeros(_MASK + 1, dtype=bool)
    table[(held & _MASK).astype(np.int64)] = True
    result = table[(values & _MASK).astype(np.int64)]
    maybe = np.flatnonzero(result)
    pos = np.minimum(np.searchsorted(held, values[maybe]), max(len(held) - 1, 0))
    result[maybe] = held[pos] == values[maybe]
    return result


def relative_tf(docs: Sequence[MethodDoc], hashes: np.ndarray) -> RelativeTf:
    """r = tf / tf_max of each candidate word (``hashes``) in each document containing it."""
    parts = [occurrences(docs, top, hashes) for top in range(0, len(docs), _CHUNK)]
    owner = np.concatenate([_NONE, *(p[0] for p in parts)])
    word = np.concatenate([_NONE, *(p[1] for p in parts)])
    value = np.concatenate([np.zeros(0), *(p[2] for p in parts)])
    ranked = np.argsort(word * _SPAN + value)  # by word, then r; equal entries in any order
    starts = np.searchsorted(word[ranked], np.arange(len(hashes) + 1))
    return RelativeTf(starts, value[ranked], owner[ranked])


def occurrences(
    docs: Sequence[MethodDoc], top: int, hashes: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(document, word, r) of the candidate words in ``_CHUNK`` documents from ``top``, in one
    numpy pass (tf_max from the documents' cached ``tf``, which the statistics built)."""
    chunk = docs[top : top + _CHUNK]
    if not len(hashes) or not chunk:
        return _NONE, _NONE, np.zeros(0)
    every = np.concatenate([doc.hashes for doc in chunk]).astype(np.uint64)
    owner = np.repeat(np.arange(top, top + len(chunk), dtype=np.int64), [len(d) for d in chunk])
    word = positions(hashes, every)
    hit = word >= 0
    codes, tf = distinct_counts(owner[hit] * len(hashes) + word[hit])
    doc, word = np.divmod(codes, len(hashes))
    tf_max = np.array([max(d.tf.values(), default=1) for d in chunk], dtype=np.float64)
    return doc, word, tf / tf_max[doc - top]


def grid_counts(rel: RelativeTf, delta: float) -> tuple[np.ndarray, np.ndarray]:
    """Per word (rows) and grid threshold θ (columns): documents with r > θ, and documents with
    r within [θ − Δ, θ + Δ]."""
    key = rel.words * _SPAN + rel.values
    base = np.arange(len(rel.starts) - 1)[:, None] * _SPAN + GRID
    above = rel.starts[1:, None] - np.searchsorted(key, base, "right")
    near = np.searchsorted(key, base + delta, "right") - np.searchsorted(key, base - delta)
    return above, near


def thresholds(rel: RelativeTf, delta: float, max_unstable: float) -> tuple[np.ndarray, np.ndarray]:
    """Each word's threshold (phases 1 and 2, see the module) and its unstable share there."""
    above, near = grid_counts(rel, delta)
    df = np.maximum(np.diff(rel.starts), 1)[:, None]
    unstable = near / df
    usable = above >= 1
    meets = usable & (unstable <= max_unstable)
    fallback = np.where(usable, unstable, np.inf).argmin(axis=1)
    first = np.where(meets.any(axis=1), meets.argmax(axis=1), fallback)
    rows = np.arange(len(first))
    same = above == above[rows, first][:, None]
    low = same.argmax(axis=1)
    high = len(GRID) - 1 - same[:, ::-1].argmax(axis=1)
    centre = (low + high) / 2
    spread = np.abs(np.arange(len(GRID)) - centre[:, None])
    score = np.where(same, near * (2.0 * len(GRID)) + spread, np.inf)
    best = score.argmin(axis=1)
    return GRID[best], unstable[rows, best]


@dataclass(frozen=True)
class Losses:
    """What removing each word alone would cost, and the set's quality as it stands."""

    share: np.ndarray
    """Σ 1 / (bits set in d) over the documents d the word covers: its share of the coverage."""
    uncover: np.ndarray
    """Documents the word alone covers."""
    merge: np.ndarray
    """Documents with a unique vector that would equal another's."""
    coverage: float
    precision: float


@dataclass(frozen=True, eq=False)
class SetBits:
    """The set bits of every candidate word: (document, word) per bit."""

    docs: np.ndarray
    words: np.ndarray
    codes: np.ndarray
    """Random uint64 per word; a vector's hash is the XOR of its set words' codes."""
    size: int
    """Documents in the collection."""

    def only(self, alive: np.ndarray) -> SetBits:
        """The bits of the ``alive`` words (later rounds work on shrinking arrays)."""
        keep = alive[self.words]
        return SetBits(self.docs[keep], self.words[keep], self.codes, self.size)

    def losses(self, alive: np.ndarray, merges: bool = True) -> Losses:
        """Losses of the ``alive`` words (see :class:`Losses`); ``merge`` left at zero unless
        ``merges`` (the one costly part: a search per set bit)."""
        keep = alive[self.words]
        docs, words = self.docs[keep], self.words[keep]
        signature = np.zeros(self.size, dtype=np.uint64)
        np.bitwise_xor.at(signature, docs, self.codes[words])
        bits = np.bincount(docs, minlength=self.size)
        covered = bits > 0
        held = np.sort(signature[covered])
        copies = np.searchsorted(held, signature, "right") - np.searchsorted(held, signature)
        unique = covered & (copies == 1)
        alone = bits[docs] == 1
        collide = np.zeros(len(docs), dtype=bool)
        if merges:
            chosen = np.flatnonzero(unique[docs] & ~alone)
            reduced = signature[docs[chosen]] ^ self.codes[words[chosen]]
            collide[chosen] = contains(held, reduced)
        return Losses(
            share=np.bincount(words, weights=1 / np.maximum(bits[docs], 1), minlength=len(alive)),
            uncover=np.bincount(words, weights=alone, minlength=len(alive)),
            merge=np.bincount(words, weights=collide, minlength=len(alive)),
            coverage=float(covered.mean()) if self.size else 0.0,
            precision=float(unique.sum() / max(int(covered.sum()), 1)),
        )


def set_bits(rel: RelativeTf, limits: np.ndarray, size: int, seed: int) -> SetBits:
    """The bits each candidate word sets at its threshold (r > limit), over ``size`` docs."""
    words = rel.words
    on = rel.values > limits[words]
    codes = np.random.default_rng(seed).integers(0, 2**64, len(limits), dtype=np.uint64)
    return SetBits(rel.docs[on], words[on], codes, size)


def drop_worst(alive: np.ndarray, order: np.ndarray, count: int) -> None:
    """Clear the first ``count`` alive words of ``order`` (worst first)."""
    worst = order[alive[order]][:count]
    alive[worst] = False


def eliminate(
    bits: SetBits, unstable: np.ndarray, meets: np.ndarray, size: int, share: float
) -> np.ndarray:
    """The ``size`` words kept by the rounds (see the module); a boolean mask over candidates."""
    index = np.arange(len(unstable))
    alive = meets.copy()
    others = np.flatnonzero(~meets)
    missing = max(0, size - int(meets.sum()))
    alive[others[np.argsort(unstable[others], kind="stable")][:missing]] = True
    while alive.sum() > size:
        quota = max(1, math.ceil((alive.sum() - size) * share))
        first = math.ceil(quota / 2)
        bits = bits.only(alive)
        cost = bits.losses(alive, merges=False)
        drop_worst(alive, np.lexsort((index, -unstable, cost.share)), first)
        bits = bits.only(alive)
        cost = bits.losses(alive)
        worst = np.lexsort((index, -unstable, cost.share, cost.merge, cost.uncover > 0))
        drop_worst(alive, worst, quota - first)
    return alive


def candidate_words(
    df: dict[str, int], n: int, min_df: int, max_share: float, count: int
) -> list[str]:
    """Words of the middle df band, the ``count`` most frequent (ties alphabetically)."""
    band = [w for w, f in df.items() if min_df <= f <= max(min_df, max_share * n)]
    return sorted(band, key=lambda w: (-df[w], w))[:count]


@dataclass(frozen=True)
class DescriptiveTraining:
    """Training of A9 and A9-lev: the parameters and the rounds (see the module)."""

    size: int = 64
    """N, the descriptive words kept (fewer when the collection has fewer candidates)."""
    delta: float = 0.05
    """Δ: documents with r within ±Δ of a threshold are unstable."""
    max_unstable: float = 0.1
    """Phase 1's bound: at most this share of a word's documents within ±Δ of its threshold."""
    min_df: int = 2
    max_df_share: float = 0.5
    candidates: int = 1000
    drop_share: float = 0.5
    """Share of the surplus over N dropped per round."""
    seed: int = 1

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"Expecting at least one descriptive word, got {self.size}")
        if not 0 < self.delta < 0.5:
            raise ValueError(f"Expecting Δ in (0, 0.5), got {self.delta}")
        if not 0 < self.drop_share <= 1:
            raise ValueError(f"Expecting a drop share in (0, 1], got {self.drop_share}")

    def train(self, collection: Collection) -> Descriptors:
        stats = collection.stats
        pool = candidate_words(stats.df, stats.n, self.min_df, self.max_df_share, self.candidates)
        hashes = np.array([fingerprint(w) for w in pool], dtype=np.uint64)
        rel = relative_tf(collection.docs, hashes)
        limits, unstable = thresholds(rel, self.delta, self.max_unstable)
        bits = set_bits(rel, limits, len(collection), self.seed)
        meets = unstable <= self.max_unstable
        kept = eliminate(bits, unstable, meets, min(self.size, len(pool)), self.drop_share)
        quality = bits.losses(kept)
        chosen = np.flatnonzero(kept)
        words = tuple(pool[i] for i in chosen)
        return Descriptors(
            words, hashes[chosen], limits[chosen], quality.coverage, quality.precision
        )


@dataclass(frozen=True)
class DescriptiveWords(DescriptiveTraining, SignatureMethod):
    """A9: the N-bit vector is the key; documents with equal non-empty vectors are duplicates."""

    name: ClassVar[str] = "A9"
    title: ClassVar[str] = "Descr Words"
    section: ClassVar[str] = "§4 A9"

    def keys(self, doc: MethodDoc, model: Descriptors) -> Sequence[Hashable]:
        bits = model.vector(doc)
        return [np.packbits(bits).tobytes()] if bits.any() else []


@dataclass(frozen=True)
class DescriptiveLevenshtein(DescriptiveTraining, PairMethod):
    """A9-lev: the Ukrainian survey's variant, vectors within Levenshtein ≤ 8 % of N."""

    name: ClassVar[str] = "A9-lev"
    title: ClassVar[str] = "Descr Words (Levenshtein)"
    section: ClassVar[str] = "§4 A9"

    size: int = 256
    """N: larger than A9's 64, where 8 % (5 bits) exceeds the ~4 bits an essay sets."""
    max_share: float = 0.08
    """Largest Levenshtein distance between the bit strings, as a share of N."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0 <= self.max_share < 1:
            raise ValueError(f"Expecting a distance share in [0, 1), got {self.max_share}")

    def find(self, collection: Collection) -> set[Pair]:
        model = self.train(collection)
        strings = [bit_string(model.vector(doc)) for doc in collection.docs]
        return close_bit_strings(strings, int(self.max_share * len(model.words)))


def bit_string(bits: np.ndarray) -> str:
    """ "0101…" for a vector; "" when no bit is set (no signature)."""
    if not bits.any():
        return ""
    return (bits.view(np.uint8) + ord("0")).tobytes().decode("ascii")


def close_bit_strings(strings: Sequence[str], distance: int) -> set[Pair]:
    """Pairs of non-empty equal-length bit strings within Levenshtein ``distance``; candidates
    share a band key and lie within Hamming distance 2k (see the module for what is missed)."""
    signed = [i for i, text in enumerate(strings) if text]
    if len(signed) < 2:
        return set()
    bits = np.array([np.frombuffer(strings[i].encode("ascii"), np.uint8) for i in signed]) == 49
    words = packed(bits)
    found: set[Pair] = set()
    for first, second in sharing(band_keys(bits, distance + 1)):
        hamming = np.bitwise_count(words[first] ^ words[second]).sum(axis=1)
        near = hamming <= 2 * distance
        first, second = first[near], second[near]
        scores = cpdist(
            [strings[signed[a]] for a in first.tolist()],
            [strings[signed[b]] for b in second.tolist()],
            scorer=Levenshtein.distance,
            score_cutoff=distance,
            dtype=np.int32,
        )
        close = scores <= distance
        chosen = zip(first[close].tolist(), second[close].tolist(), strict=True)
        found.update((signed[a], signed[b]) for a, b in chosen)
    return found


def packed(bits: np.ndarray) -> np.ndarray:
    """Rows of bits as rows of uint64 words (zero-padded), for Hamming distances by popcount."""
    octets = np.packbits(bits, axis=1)
    padded = np.zeros((len(bits), -(-octets.shape[1] // 8) * 8), dtype=np.uint8)
    padded[:, : octets.shape[1]] = octets
    return padded.view("<u8")


def band_blocks(size: int, parts: int) -> list[np.ndarray]:
    """The bit positions of each of the ``parts`` blocks, dealt round-robin (position i to
    block i mod parts): block sizes differ by one at most."""
    return [np.arange(b, size, parts) for b in range(parts)]


def band_keys(bits: np.ndarray, parts: int) -> np.ndarray:
    """Per document (rows), one key per block, 0 for a block without set bits: the XOR of random
    64-bit codes (fixed seed) of the block's set bits, mixed with the block's number (a
    collision only adds a candidate, which is then verified)."""
    codes = np.asarray(
        np.random.default_rng(_BAND_SEED).integers(1, 2**64, size=bits.shape[1], dtype=np.uint64)
    )
    keys = []
    with np.errstate(over="ignore"):
        for b, positions in enumerate(band_blocks(bits.shape[1], parts)):
            chosen = np.where(bits[:, positions], codes[positions], np.uint64(0))
            block = np.bitwise_xor.reduce(chosen, axis=1)
            keys.append(np.where(block != 0, block * _ODD + np.uint64(b + 1), np.uint64(0)))
    return np.stack(keys, axis=1)


def sharing(keys: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Pairs (first < second) of rows that share a non-zero key, in batches of about
    ``_BATCH``: keys sorted, every pair inside each group of equal keys, groups of one size at
    a time. A pair sharing two keys comes twice (rare: that costs less than deduplicating)."""
    owners = np.repeat(np.arange(len(keys)), keys.shape[1])
    flat = keys.ravel()
    owners, flat = owners[flat != 0], flat[flat != 0]
    order = np.argsort(flat, kind="stable")  # owners stay ascending inside a group
    flat, owners = flat[order], owners[order]
    starts = np.flatnonzero(np.r_[True, flat[1:] != flat[:-1]]) if len(flat) else _NONE
    sizes = np.diff(starts, append=len(flat))
    for size in distinct_counts(sizes[sizes > 1])[0].tolist():
        groups = starts[sizes == size]
        i, j = np.triu_indices(size, 1)
        step = max(1, _BATCH // len(i))
        for top in range(0, len(groups), step):
            members = owners[groups[top : top + step, None] + np.arange(size)]
            first, second = members[:, i].ravel(), members[:, j].ravel()
            yield first[first < second], second[first < second]


METHODS: tuple[Method, ...] = (DescriptiveWords(), DescriptiveLevenshtein())
