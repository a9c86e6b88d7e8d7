"""Fragments: seed-and-extend alignment of a checked text against one source.

What must hold: every fragment is a pair of canonical-word ranges, [a0, a1) in the checked
text and [b0, b1) in the source, that begin and end on words present on both sides; it
contains a run of at least ``anchor_words`` consecutive matching words; whatever edits lie
inside are listed, and character spans derive from the words' original spans.

The method (issue 5; the seed-and-extend scheme of BLAST-style aligners, as used for text
reuse by the PAN text-alignment systems and WCopyfind's "imperfections"):
1. Seeds: equal canonical k-grams (lemmas) on both sides; a k-gram occurring more than
   ``max_seed_repeats`` times in the source (boilerplate, a refrain) pairs only with the
   occurrences nearest its proportional place in the source.
2. Extension: seeds are chained in text order on both sides while each next seed lies within
   ``max_gap`` words of the previous one on both sides and its diagonal drifts by at most
   ``max_gap``: inserted, deleted and replaced words, and changed word forms, do not split a
   fragment.
3. Shadows: where the source repeats a phrase, the checked words are also chained to its
   other occurrences. A chain whose checked words are mostly covered by a longer chain is such
   a shadow; it is set aside, so it neither stretches a fragment's source range nor splits a
   passage, and its source range is reported as a further match ("elsewhere").
4. Merge: chains near each other in the checked text (at most 4·gap + 2 words apart) whose
   source ranges lie close together (the joined source hull at most 1.3 × the joined checked
   hull + 4·gap + 2 words) are one fragment, before and again after extension: sentences
   reordered inside a copied passage, and a passage edited more heavily than one gap allows,
   stay one detection. A chain may join any of the last few groups, so a stray chain between
   two parts of a passage does not keep them apart. A fragment inside a longer one (a phrase
   the source repeats) is folded into it.
   The ends of each group are extended outwards over matching words, skipping up to
   ``max_gap`` unmatched words on either side when two matching words follow the skip.
5. Filter: fragments shorter than ``min_fragment_words`` canonical words, or without a run
   of ``anchor_words`` consecutive words equal on both sides (consecutive seeds on one
   diagonal, wherever they were chained), are dropped. Short seeds (k = 3) let
   edits split a passage into small pieces that still chain; the anchor (the "two-hit" idea
   of BLAST: weak hits count only beside a strong one) keeps chance 3-word matches of
   unrelated texts on one topic from adding up to a fragment.
6. Own sentences (issue 12): a fragment never spans a sentence of the checked text that
   matches nothing in the source (:func:`own_sentences`): the writer's own sentences
   between copied ones are cut out, and the fragment falls into pieces; a piece that is only
   a stray match inside such a sentence is dropped (:func:`_credible`). Edits inside a
   sentence (forms, inserted or replaced words) are still bridged.
7. Inside each fragment, a word-level diff (difflib) tells exact words from edits: "form"
   (same lemma, other word form), "replace", "insert" (words of the checked text absent from
   the source) and "delete" (source words missing from the checked text). The diff runs box
   by box, cut where the chain's seeds continue a diagonal, so it stays linear on
   repetitive text.

The defaults (k = 3, g = 6, 10 words, anchor 5) were chosen by the sweep of
bench/bench_alignment.py on its PAN-measured collection and the Clough–Stevenson corpus:
every PAN target met, and no honest Clough–Stevenson answer given a fragment of textbook
phrasing (anchor 4 ranks one more heavy rewrite but does; docs/measurements.md).
"""

from __future__ import annotations

import difflib
import itertools
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar, overload

import numpy as np
from rapidfuzz.distance import LCSseq

from copylens.core.arrays import distinct, ranges, true_runs
from copylens.core.canonicalize import Canonical
from copylens.core.options import Options
from copylens.core.shingle import kgrams


@dataclass(frozen=True)
class WordEdit:
    """One edit inside an alignment, as canonical-word ranges on both sides (either may be empty);
    the report's :class:`~copylens.core.report.Edit` is the same edit in characters."""

    kind: str
    a0: int
    a1: int
    b0: int
    b1: int


@dataclass(frozen=True)
class Alignment:
    """A fragment in canonical-word ranges, with its word counts and edits."""

    a0: int
    a1: int
    b0: int
    b1: int
    matched: int
    """Words of the checked range whose lemma is matched in the source range."""
    exact: int
    """Matched words also written identically (after folding and lower-casing)."""
    edits: tuple[WordEdit, ...]
    longest_run: int = 0
    """Most consecutive words equal on both sides inside the fragment (its anchor), from the
    seeds: a run of n seeds on one diagonal is n + k - 1 words."""
    elsewhere: tuple[tuple[int, int, int, int], ...] | np.ndarray = ()
    """Further matches in and around [a0, a1), as (a0, a1, b0, b1): words the source repeats
    (shadows), and pieces copied from another place of the source (a fragment folded in).
    More than :data:`SPANS_AS_ARRAY` of them are an int64 array of rows (a copy of hundreds of
    pages has millions of shadows: 180 bytes each as tuples, issue 38)."""

    @property
    def words(self) -> int:
        return self.a1 - self.a0


_LOW = (1 << 32) - 1


class Seeds(Sequence[tuple[int, int]]):
    """A chain's seeds (i, j) in one array of 8 bytes a seed, each packed as ``i << 32 | j``
    (word indices are below 2^31: a text has at most ``max_file_bytes`` characters). A list
    of tuples costs ~120 bytes a seed: 1.2 GB for a 50 MB pair's copied half (issue 38).
    Reads and appends as a list of (i, j) does; numpy reads it as an (n, 2) array."""

    __slots__ = ("packed",)

    def __init__(self, seeds: Iterable[tuple[int, int]] = ()) -> None:
        self.packed = array("q", (i << 32 | j for i, j in seeds))

    def __len__(self) -> int:
        return len(self.packed)

    @overload
    def __getitem__(self, n: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, n: slice) -> list[tuple[int, int]]: ...
    def __getitem__(self, n: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(n, slice):
            return [(v >> 32, v & _LOW) for v in self.packed[n]]
        v = self.packed[n]
        return v >> 32, v & _LOW

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return ((v >> 32, v & _LOW) for v in self.packed)

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def append(self, seed: tuple[int, int]) -> None:
        self.packed.append(seed[0] << 32 | seed[1])

    def insert(self, at: int, seed: tuple[int, int]) -> None:
        self.packed.insert(at, seed[0] << 32 | seed[1])

    def packed_array(self) -> np.ndarray:
        """The packed seeds as int64 (a view, no copy)."""
        return np.frombuffer(self.packed, dtype=np.int64) if self.packed else _EMPTY

    def __array__(self, dtype: np.dtype | None = None, copy: bool | None = None) -> np.ndarray:
        packed = self.packed_array()
        return np.stack((packed >> 32, packed & _LOW), axis=1).astype(dtype or np.int64)


_EMPTY = np.empty(0, dtype=np.int64)


class _Chain:
    __slots__ = ("seeds",)

    def __init__(self, seeds: Iterable[tuple[int, int]]) -> None:
        self.seeds = seeds if isinstance(seeds, Seeds) else Seeds(seeds)


def align(
    a: Canonical,
    b: Canonical,
    options: Options,
    clauses: np.ndarray | None = None,
    grams: tuple[np.ndarray, np.ndarray] | None = None,
    seeded: Callable[[np.ndarray, np.ndarray], None] | None = None,
) -> list[Alignment]:
    """Fragments of ``a`` (checked text) found in ``b`` (source), ordered by position in ``a``.
    ``clauses``: the units :func:`own_sentences` judges (``canonicalize.clause_ids``;
    ``a.sentences`` when not given). ``grams``: the ``seed_k``-grams of ``a`` and of ``b``
    (:func:`copylens.core.shingle.kgrams` of their hashes) when the caller has them (a
    document's are made once, ``Prepared.text_grams``; a part's are a slice of them).
    ``seeded``: given the pair's seeds (:func:`find_seeds`' answer) once they are found (the
    copy signal reads its seed zones off them: ``copylens.core.copies.seed_zones_of``)."""
    k, gap = options.seed_k, options.max_gap
    seeds_i, seeds_j = find_seeds(a.hashes, b.hashes, k, options.max_seed_repeats, grams)
    if seeded is not None:
        seeded(seeds_i, seeds_j)
    runs = Runs.of(seeds_i, seeds_j, k)
    chained = _chain_runs(runs, k, gap)  # find_seeds' seeds: distinct, in the order (i, j)
    del seeds_i, seeds_j  # not held while the chains are measured (issue 38)
    chains, shadows = drop_shadows(chained, k, len(a))
    del chained
    extended = [c for group in merge_chains(chains, k, gap) for c in _extend(group, a, b, k, gap)]
    del chains
    kept: list[Alignment] = []
    units = a.sentences if clauses is None else clauses  # where own sentences are judged
    for group in merge_chains(extended, k, gap):
        hull = _group_hull(group, k)  # the fragment's ranges, before any word is diffed
        longest = runs.longest_within(*hull)
        if _passes(hull[1] - hull[0], longest, options):  # known from the hull alone: a
            # group that fails is not diffed (issue 40: a quarter of the groups of 1,000
            # scale essays' pairs)
            fragment = _measured(group, a, b, k, runs, longest)
            own = own_sentences(fragment, group, a, b, runs, options, units)
            if not own:  # the group whole, as measured (issue 40: half the measuring)
                kept.append(fragment)
                continue
            measured = [_measured(piece, a, b, k, runs) for piece in split_at(group, own, k)]
            kept.extend(p for p in measured if len(measured) == 1 or _credible(p, units, options))
    return _fold_nested(_with_shadows(kept, shadows))


def _measured(
    group: list[_Chain], a: Canonical, b: Canonical, k: int, runs: Runs, longest: int = -1
) -> Alignment:
    """The group described (:func:`_describe`) with its anchor (``longest`` when known:
    :meth:`Runs.longest_inside` of the group's hull)."""
    f = _describe(group, a, b, k)  # the constructor, not replace(): 1 µs against 5 a group
    if longest < 0:
        longest = runs.longest_inside(f)
    return Alignment(f.a0, f.a1, f.b0, f.b1, f.matched, f.exact, f.edits, longest)


def _group_hull(group: list[_Chain], k: int) -> tuple[int, int, int, int]:
    """The hull of the group's chains' spans: :func:`_describe`'s ranges of the group."""
    spans = [_span(c, k) for c in group]
    hull = spans[0]
    for span in spans[1:]:
        hull = _hull(hull, span)
    return hull


def _passes(words: int, longest_run: int, options: Options) -> bool:
    """A fragment of ``words`` checked words, its anchor ``longest_run``, is kept (step 5)."""
    return words >= options.min_fragment_words and longest_run >= options.anchor_words


def own_sentences(
    f: Alignment,
    group: list[_Chain],
    a: Canonical,
    b: Canonical,
    runs: Runs,
    options: Options,
    clauses: np.ndarray | None = None,
) -> list[tuple[int, int]]:
    """Word ranges (clipped to ``f``) of the checked text's sentences meeting ``f`` that are
    the writer's own: they match nothing in the source at their place (issue 12).

    A sentence is own unless one of these shows it copied:
    - it shares a run of ``k + 1`` consecutive words with the fragment's source range (a
      copied sentence, or one moved elsewhere in the passage), or a run of ``anchor_words``
      with any place of the source (a sentence taken from elsewhere in it);
    - at least half of its words are matched inside the fragment, unless by seeds that are
      matched again (:func:`_matched_again`): away from its place and on source words another
      part of the passage copied. A writer's own sentence written where the copy skips a
      source sentence is caught so by one seed of topic words ("inheritance is an important
      feature in object orientated programming" on the source's first words, which the
      essay's first copied sentence matched; bench/diag_inplace.py: 3 of 9 own sentences
      marked in bench_own_text.py's ``inplace`` essays). Such a sentence goes on to the
      tests below, as one with fewer words matched;
    - at least half of its words, and at least ``k + 1``, occur in order (LCS) in the source
      where its original would stand, between the nearest seeds before and after it (a copy
      whose seeds the edits broke). The writer's own sentence between two copied ones finds
      at most a few words of the topic there.
    """
    k, anchor = options.seed_k, options.anchor_words
    units = a.sentences if clauses is None else clauses  # the colon's cut (clause_ids)
    span = units[f.a0 : f.a1]  # its changes of unit: numpy's functions cost a call each
    cuts = [0, *((span[1:] != span[:-1]).nonzero()[0] + 1).tolist(), f.a1 - f.a0]
    own: list[tuple[int, int]] = []
    if len(cuts) == 2 and f.longest_run >= anchor:
        # one sentence, the fragment's: its anchor (``f.longest_run``, the longest run inside
        # its ranges, as align measures it) lies inside both, so within the whole source too,
        # and the sentence is held (sentences_held's answer, without its numpy calls: issue
        # 40, 742 of the 1,312 fragments measured at 1,000 essays)
        return own
    held_run = runs.sentences_held(f, np.array(cuts, dtype=np.int64) + f.a0, len(b), k, anchor)
    if held_run.all():  # every sentence held by a run (issue 40: most fragments' answer)
        return own
    matched = np.ones(f.a1 - f.a0, dtype=bool)
    for e in f.edits:
        if e.kind in ("insert", "replace"):
            matched[e.a0 - f.a0 : e.a1 - f.a0] = False
    seeds = np.sort(np.concatenate([chain.seeds.packed_array() for chain in group]))
    sources = _Lazy(lambda: np.sort(seeds & _LOW))
    for held_here, (s0, s1) in zip(held_run.tolist(), itertools.pairwise(cuts), strict=True):
        lo, hi = f.a0 + s0, f.a0 + s1
        if held_here:
            continue  # moved inside the passage, or copied from elsewhere in the source
        held = int(matched[s0:s1].sum())
        if 2 * held >= hi - lo and (
            held == hi - lo or not _matched_again(seeds, lo, hi, k, sources)
        ):
            continue  # matched at its place, or on source words no other part took
        near = _in_order(a.forms[lo:hi], b.forms, _window(seeds, lo, hi, k, (hi - lo) // 2))
        if 2 * near < hi - lo or near <= k:
            own.append((lo, hi))
    return own


class _Lazy:
    """A value computed on first use (the group's sorted source positions: sorted once for
    a fragment, only when a sentence needs them)."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], np.ndarray]) -> None:
        self._make = make
        self._value: np.ndarray | None = None

    def get(self) -> np.ndarray:
        if self._value is None:
            self._value = self._make()
        return self._value


def _matched_again(seeds: np.ndarray, lo: int, hi: int, k: int, sources: _Lazy) -> bool:
    """The seeds starting in checked words [lo, hi) (at least one) lie away from its place
    (none inside :func:`_window`'s range) and each meets source words that a seed starting
    elsewhere in the checked text meets too (within ``k - 1`` words; ``sources``: all the
    group's source positions, sorted). A copied sentence's words are matched at its place, or,
    moved or shuffled (PAN-13's random and summary obfuscation), on source words copied once;
    a writer's own sentence between copied ones meets topic words the passage already took.
    Both conditions are needed: either alone cut copied sentences of the PAN-13 development
    sample (random plagdet 0.701 -> 0.698 and 0.697, summary 0.639 -> 0.620, translation 0.840
    -> 0.828), both together none but one random sentence (0.701 -> 0.700)."""
    first, last = (int(x) for x in np.searchsorted(seeds, [lo << 32, hi << 32]))
    if first == last:
        return False
    mine = np.sort(seeds[first:last] & _LOW)
    w0, w1 = _window(seeds, lo, hi, k, (hi - lo) // 2)
    if bool(((mine >= w0) & (mine < w1)).any()):
        return False
    every = sources.get()
    for x in mine.tolist():
        others = np.diff(np.searchsorted(every, [x - k + 1, x + k]))[0]
        if others <= np.diff(np.searchsorted(mine, [x - k + 1, x + k]))[0]:
            return False
    return True


def _window(seeds: np.ndarray, lo: int, hi: int, k: int, slack: int) -> tuple[int, int]:
    """The source range where checked words [lo, hi) would stand, by the diagonals of the
    nearest seeds before and after them, widened by ``slack`` on both sides. ``seeds`` are
    packed (:class:`Seeds`) and sorted, so the nearest ones are found by bisection."""
    before = int(seeds.searchsorted((lo - k + 1) << 32)) - 1  # the last with i + k <= lo
    after = int(seeds.searchsorted(hi << 32))  # the first with i >= hi
    near = ([seeds[before]] if before >= 0 else []) + ([seeds[after]] if after < len(seeds) else [])
    pairs = [(int(v) >> 32, int(v) & _LOW) for v in (near or seeds[:1])]
    starts = [lo - (i - j) for i, j in pairs]
    ends = [hi - (i - j) for i, j in pairs]
    return max(0, min(starts) - slack), max(0, max(ends) + slack)


def _in_order(words: tuple[str, ...], source: tuple[str, ...], window: tuple[int, int]) -> int:
    """How many of ``words`` occur in ``source[window]`` in the same order (their LCS)."""
    return int(LCSseq.similarity(words, source[window[0] : window[1]]))


def _credible(piece: Alignment, ids: np.ndarray, options: Options) -> bool:
    """A piece left by cutting out own sentences stands as a fragment if it holds the anchor
    or covers most of the sentences it lies in (a short copied sentence between own ones),
    not when it is a stray match inside a sentence of the writer's own. ``ids``: each checked
    word's unit, as :func:`own_sentences` judged them (a copied "... as follows:" is one
    without the writer's own sentence after the colon)."""
    if piece.longest_run >= options.anchor_words:
        return True
    touched = np.isin(ids, distinct(ids[piece.a0 : piece.a1]))
    return 2 * piece.matched >= int(np.count_nonzero(touched))


def _longest_true(mask: np.ndarray) -> int:
    return max((end - start for start, end in true_runs(mask)), default=0)


def split_at(group: list[_Chain], own: list[tuple[int, int]], k: int) -> list[list[_Chain]]:
    """The group's chains cut into pieces between the ``own`` word ranges (sorted, disjoint);
    seeds touching an own range are dropped. Pieces keep their order in the checked text.

    All the group's seeds at once, packed (a copied half of a 50 MB pair is a group of
    millions of seeds: 120 bytes each as tuples, issue 38): a seed's piece is the number of
    own ranges starting at or before it, and since a chain's seeds ascend in the checked
    text, its seeds of one piece are consecutive."""
    if not own:
        return [list(group)]
    packed = np.concatenate([chain.seeds.packed_array() for chain in group])
    owner = np.repeat(np.arange(len(group)), [len(chain.seeds) for chain in group])
    lo = np.array([r[0] for r in own], dtype=np.int64)
    hi = np.array([r[1] for r in own], dtype=np.int64)
    i = packed >> 32
    piece = np.searchsorted(lo, i, side="right")
    inside = (piece > 0) & (i < hi[np.maximum(piece - 1, 0)])
    after = np.append(lo, np.iinfo(np.int64).max)[piece]  # the next own range's start
    keep = np.flatnonzero(~inside & (i + k <= after))
    del i, inside, after
    if not len(keep):  # every seed touches an own range
        return []
    packed, owner, piece = packed[keep], owner[keep], piece[keep]
    cuts = np.flatnonzero((np.diff(owner) != 0) | (np.diff(piece) != 0)) + 1
    starts = np.concatenate(([0], cuts))
    ends = np.append(cuts, len(keep))
    pieces: list[list[_Chain]] = [[] for _ in range(len(own) + 1)]
    for at, end, p in zip(starts.tolist(), ends.tolist(), piece[starts].tolist(), strict=True):
        seeds = Seeds()
        seeds.packed.frombytes(packed[at:end].tobytes())
        pieces[p].append(_Chain(seeds))
    return [chains for chains in pieces if chains]


@dataclass(frozen=True)
class Runs:
    """Runs of consecutive seeds on one diagonal: stretches of words equal on both sides.

    A run of n seeds of k words covers n + k - 1 words, from ``start`` (checked text) on
    diagonal ``diagonal`` (checked position less source position). Runs are ordered by
    ``start``; ``reach`` is the largest ``end`` of the runs up to each one.
    """

    start: np.ndarray
    end: np.ndarray
    diagonal: np.ndarray
    reach: np.ndarray
    rows: list[tuple[int, int, int]] | None = None
    """The runs as (start, end, diagonal) Python ints when there are at most
    :data:`RUNS_AS_ROWS` of them (:meth:`longest_within` reads them), else None."""

    @classmethod
    def of(cls, seeds_i: np.ndarray, seeds_j: np.ndarray, k: int) -> Runs:
        """The runs of the seeds, in int32 (word indices are below 2^31: half the memory of a
        long pair's millions of seeds and runs, held while its chains are measured).

        A pair of a few seeds (:data:`FEW_SEEDS`; 23 at the median of 1,000 scale essays'
        aligned pairs) has them found in plain Python (:func:`_few_runs`): ~25 numpy calls
        on tiny arrays were ~10 µs a pair (issue 40)."""
        if 0 < len(seeds_i) <= FEW_SEEDS:
            return cls._of_rows(*_few_runs(seeds_i.tolist(), seeds_j.tolist(), k))
        small = np.int32 if len(seeds_i) and int(seeds_i.max()) < 2**31 - 1 else np.int64
        i = seeds_i.astype(small, copy=False)
        diagonal = (seeds_i - seeds_j).astype(small, copy=False)
        order = np.lexsort((i, diagonal))
        i, d = i[order], diagonal[order]
        del order, diagonal
        breaks = ((d[1:] != d[:-1]) | (np.subtract(i[1:], i[:-1]) != 1)).nonzero()[0] + 1
        first = np.concatenate(([0], breaks)) if len(i) else np.empty(0, dtype=np.int64)
        last = np.concatenate((breaks - 1, [len(i) - 1])) if len(i) else first
        start, end, diagonal = i[first], i[last] + k, d[first]
        by_start = start.argsort(kind="stable")
        start, end, diagonal = start[by_start], end[by_start], diagonal[by_start]
        rows = None
        if len(start) <= RUNS_AS_ROWS:
            rows = list(zip(start.tolist(), end.tolist(), diagonal.tolist(), strict=True))
        return cls(start, end, diagonal, np.maximum.accumulate(end), rows)

    @classmethod
    def _of_rows(cls, rows: list[tuple[int, int, int]], small: type[np.signedinteger]) -> Runs:
        """The runs ``rows`` (start, end, diagonal), ordered by start, as :meth:`of` has them."""
        start = np.array([r[0] for r in rows], dtype=small)
        end = np.array([r[1] for r in rows], dtype=small)
        diagonal = np.array([r[2] for r in rows], dtype=small)
        return cls(start, end, diagonal, np.maximum.accumulate(end), rows)

    def longest_inside(self, f: Alignment) -> int:
        """Most consecutive equal words inside the fragment's ranges on both sides.

        Only the runs that may overlap [a0, a1) in the checked text are looked at: those
        starting before a1, from the first whose ``reach`` passes a0 (every run before it
        ends at or before a0). A long text has a run per coincidental seed, and the aligner
        asks this for every group of chains: all runs each time was quadratic (issue 38: most
        of the alignment's time on a 4 MB pair)."""
        return self.longest_within(f.a0, f.a1, f.b0, f.b1)

    def longest_within(self, a0: int, a1: int, b0: int, b1: int) -> int:
        """:meth:`longest_inside` of the ranges [a0, a1) and [b0, b1).

        A pair with few runs (most: 2 at the median of 1,000 scale essays' aligned pairs)
        has them as Python ints (``rows``): every run's overlap, in plain Python (issue 40:
        ~11 µs of numpy calls a group). A run the numpy path leaves out (ending by a0, or
        starting at a1 or later) overlaps by 0 words or less, so the answer is the same."""
        if self.rows is not None:
            longest = 0
            for first, stop, d in self.rows:
                size = min(stop, a1, b1 + d) - max(first, a0, b0 + d)
                if size > longest:
                    longest = size
            return longest
        word = self.start.dtype.type  # a Python int would make numpy copy an int32 array
        upto = int(self.start.searchsorted(word(a1), side="left"))
        since = int(self.reach[:upto].searchsorted(word(a0), side="right"))
        start, end, diagonal = (
            self.start[since:upto],
            self.end[since:upto],
            self.diagonal[since:upto],
        )
        lo = np.maximum(start, np.maximum(a0, b0 + diagonal))
        hi = np.minimum(end, np.minimum(a1, b1 + diagonal))
        return int((hi - lo).max(initial=0))

    def sentences_held(
        self,
        f: Alignment,
        cuts: np.ndarray,
        source_words: int,
        k: int,
        anchor: int,
        block: int = 0,
    ) -> np.ndarray:
        """For each checked range [cuts[n], cuts[n + 1]) inside the fragment (its sentences):
        whether it shares more than ``k`` consecutive equal words with the fragment's source
        range, or at least ``anchor`` with any place of the source (``source_words`` long):
        :meth:`longest_inside` of each, both ways, as :func:`own_sentences` asks them.

        At once for all the sentences on the runs meeting the fragment (a run outside it adds
        nothing to any of them, as it adds nothing to the fragment), :data:`HELD_BLOCK` (or
        ``block``) (sentence, run) values at a time: one :meth:`longest_inside` a sentence and
        a side was 85 % of the calls into numpy of :func:`own_sentences` (issue 40: 18,227 of
        21,474 at 1,000 essays), each on a handful of runs."""
        word = self.start.dtype.type
        upto = int(self.start.searchsorted(word(f.a1), side="left"))
        since = int(self.reach[:upto].searchsorted(word(f.a0), side="right"))
        start = self.start[since:upto].astype(np.int64)
        end = self.end[since:upto].astype(np.int64)
        diagonal = self.diagonal[since:upto].astype(np.int64)
        lo_s, hi_s = cuts[:-1], cuts[1:]
        out = np.zeros(len(lo_s), dtype=bool)
        if not len(start):
            return out
        step = max(1, (block or HELD_BLOCK) // len(start))
        for at in range(0, len(lo_s), step):
            lo, hi = lo_s[at : at + step, None], hi_s[at : at + step, None]
            low, high = np.maximum(start, lo), np.minimum(end, hi)
            here = np.minimum(high, f.b1 + diagonal) - np.maximum(low, f.b0 + diagonal)
            anywhere = np.minimum(high, source_words + diagonal) - np.maximum(low, diagonal)
            out[at : at + step] = (here.max(axis=1) > k) | (anywhere.max(axis=1) >= anchor)
        return out


def find_seeds(
    a_hashes: np.ndarray,
    b_hashes: np.ndarray,
    k: int,
    max_repeats: int,
    grams: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Positions (i, j) of equal k-grams, sorted by i then j.

    A k-gram occurring more than ``max_repeats`` times in the source (boilerplate, a refrain)
    pairs only with the ``max_repeats`` occurrences nearest its proportional place in the
    source (j ≈ i · |b| / |a|): a copied refrain still aligns along its diagonal, while the
    work per k-gram stays bounded. The positions are int32 when both texts have fewer than
    2^31 words (every text within the file limits): a long pair has millions of seeds.
    ``grams``: the k-grams of both texts (:func:`~copylens.core.shingle.kgrams`), when known.
    """
    ka, kb = grams if grams is not None else (kgrams(a_hashes, k), kgrams(b_hashes, k))
    if len(ka) == 0 or len(kb) == 0:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    small = np.int32 if max(len(a_hashes), len(b_hashes)) < 2**31 - 1 else np.int64
    scale = len(kb) / len(ka)
    if len(ka) <= FILTERED_GRAMS and len(kb) <= FILTERED_GRAMS:
        # only the source's k-grams whose low bits a checked k-gram has: every occurrence of a
        # checked k-gram among them, in the same order (the sort is stable, and they are taken
        # in text order), so the same seeds; most of a pair's k-grams are not shared (issue 40)
        held = np.zeros(_HELD_TABLE, dtype=bool)
        held[ka & (_HELD_TABLE - 1)] = True
        maybe = held[kb & (_HELD_TABLE - 1)].nonzero()[0]
        order = maybe[kb[maybe].argsort(kind="stable")].astype(small)
        sorted_kb = kb[order]
        theirs = np.zeros(_HELD_TABLE, dtype=bool)  # and only the checked k-grams that pass
        theirs[sorted_kb & (_HELD_TABLE - 1)] = True  # the source's table are looked up
        at = theirs[ka & (_HELD_TABLE - 1)].nonzero()[0]
        return _seeds_of(ka[at], 0, sorted_kb, order, scale, max_repeats, at)
    order = kb.argsort(kind="stable").astype(small)
    sorted_kb = kb[order]
    del kb
    found = [
        _seeds_of(ka[lo : lo + SEEDS_BLOCK], lo, sorted_kb, order, scale, max_repeats)
        for lo in range(0, len(ka), SEEDS_BLOCK)
    ]
    del ka, sorted_kb, order
    if len(found) == 1:
        return found[0]
    return np.concatenate([i for i, _ in found]), np.concatenate([j for _, j in found])


FILTERED_GRAMS = 1 << 14
"""Most k-grams of either text for :func:`find_seeds` to sort only the source's k-grams that
the table of the checked text's low bits lets through (a longer text fills the table)."""
_HELD_TABLE = 1 << 16
"""Size of that table (a power of two): an essay's few hundred k-grams fill under 1 % of it."""
SEEDS_BLOCK = 1 << 18
"""K-grams of the checked text looked up at a time by :func:`find_seeds`: its working arrays
(positions and counts, 8 bytes each per k-gram) stay those of a block, not of the text."""


def _seeds_of(
    ka: np.ndarray,
    first: int,
    sorted_kb: np.ndarray,
    order: np.ndarray,
    scale: float,
    max_repeats: int,
    at: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`find_seeds` of the checked text's k-grams ``ka``, the first at ``first``;
    ``at``: where each of ``ka`` lies from ``first`` on, when they are some of the text's
    k-grams (those that may be in the source), not all of them in order."""
    left = sorted_kb.searchsorted(ka, side="left")  # methods: numpy's functions cost a call more
    counts = counts_all = sorted_kb.searchsorted(ka, side="right") - left
    many = (counts > max_repeats).nonzero()[0]
    if len(many):
        left, counts = left.copy(), np.minimum(counts, max_repeats)
        for i in many.tolist():
            target = (first + (i if at is None else int(at[i]))) * scale
            left[i] = _nearest(order, int(left[i]), int(counts_all[i]), target, max_repeats)
    valid = counts > 0
    places = valid.nonzero()[0] if at is None else at[valid]
    starts, sizes = left[valid], counts[valid]
    seeds_i = (places + first).repeat(sizes).astype(order.dtype)
    # each k-gram once in the source (most pairs): the ranges are their starts (issue 40)
    return seeds_i, order[starts if int(sizes.sum()) == len(sizes) else ranges(starts, sizes)]


def _nearest(order: np.ndarray, lo: int, count: int, target: float, size: int) -> int:
    """Start, in ``order``, of the ``size`` consecutive occurrences nearest ``target`` among
    order[lo : lo + count] (one k-gram's occurrences, ascending in j: the sort is stable)."""
    at = int(np.searchsorted(order[lo : lo + count], target))
    return lo + min(max(at - size // 2, 0), count - size)


@dataclass(frozen=True)
class Chains:
    """Chains of seeds, all in one array: chain n's seeds, packed as :class:`Seeds` packs
    them, are ``packed[bounds[n] : bounds[n + 1]]``. A long pair of texts chains millions of
    seeds by coincidence (a three-word phrase both hold), nine in ten of them shadows; one
    object per chain took 260 MB at 16 MB of text (issue 38), these arrays 16 bytes a chain
    and 8 a seed."""

    packed: np.ndarray
    bounds: np.ndarray

    def __len__(self) -> int:
        return len(self.bounds) - 1

    def chain(self, n: int) -> _Chain:
        seeds = Seeds()
        seeds.packed.frombytes(self.packed[self.bounds[n] : self.bounds[n + 1]].tobytes())
        return _Chain(seeds)

    def ends(self) -> tuple[np.ndarray, np.ndarray]:
        """Each chain's first and last seed, packed."""
        return self.packed[self.bounds[:-1]], self.packed[self.bounds[1:] - 1]


def chain_seeds(seeds_i: np.ndarray, seeds_j: np.ndarray, k: int, gap: int) -> Chains:
    """Greedy chaining: each seed extends the open chain it continues best (least drift).

    A seed one word on along a diagonal from another seed, (i - 1, j - 1), always extends the
    chain ending there: the least drift there is, no other chain ends there, and no seed
    between the two in the order (i, j) can take that chain (one on row i - 1 is not past it,
    one on row i before column j is not after it in the source). So a run of consecutive seeds
    on a diagonal (a verbatim stretch: 36 seeds a run on the scale collection's copies) is
    chained as a block, and only each run's first seed looks at the open chains (issue 40:
    one Python step per run, not per seed). A chain part way through a run ends past every
    seed looked at meanwhile, so it is neither closed nor continued by one: an open chain is
    known by the last seed of its last run. Chains are in the order they closed (when a run's
    first seed finds them out of reach), the ones open at the end last; each chain's seeds are
    packed as :class:`Seeds` packs them (8 bytes a seed: a copied half of a 50 MB pair is one
    chain of three million seeds, issue 38). The seeds must be in the order (i, j), as
    :func:`find_seeds` gives them; any other order is chained seed by seed
    (:func:`_chain_each`)."""
    if len(seeds_i) == 0:
        return Chains(_EMPTY, np.zeros(1, dtype=np.int64))
    packed = seeds_i.astype(np.int64) << 32 | seeds_j.astype(np.int64)
    if len(packed) > 1 and not bool((packed[1:] > packed[:-1]).all()):
        return _chain_each(seeds_i, seeds_j, k, gap)
    return _chain_runs(Runs.of(seeds_i, seeds_j, k), k, gap)


def _chain_runs(runs: Runs, k: int, gap: int) -> Chains:
    """:func:`chain_seeds` of the seeds whose :class:`Runs` are ``runs`` (the seeds distinct
    and in the order (i, j): :func:`find_seeds`' answer; :func:`align` has their runs)."""
    if len(runs.start) == 0:
        return Chains(_EMPTY, np.zeros(1, dtype=np.int64))
    if runs.rows is not None:
        return _chain_rows(runs.rows, k, gap)
    start = runs.start.astype(np.int64)
    first_j = start - runs.diagonal.astype(np.int64)
    by_seed = np.lexsort((first_j, start))  # the runs in the order (i, j) of their first seeds
    run_first = (start << 32 | first_j)[by_seed]
    run_size = (runs.end.astype(np.int64) - k + 1 - start)[by_seed]
    del start, first_j, by_seed  # not held while chaining (issue 38)
    reach = k + gap
    open_chains: list[_OpenRuns] = []
    order = array("q")  # the runs of the closed chains, chain after chain
    ends = array("q", [0])  # where each closed chain's runs end in order

    def close(c: _OpenRuns) -> None:
        order.extend(c.runs)
        ends.append(len(order))

    for at in range(0, len(run_first), _PAIRS_BLOCK):  # Python ints a block at a time
        block = slice(at, at + _PAIRS_BLOCK)
        firsts = run_first[block]
        for n, first, last in zip(
            range(at, at + _PAIRS_BLOCK),
            firsts.tolist(),
            (firsts + (run_size[block] - 1) * _STEP).tolist(),
            strict=False,
        ):
            i, j = first >> 32, first & _LOW
            best, open_chains = _continued(open_chains, i, j, reach, gap, close)
            if best is None:
                best = _OpenRuns()
                open_chains.append(best)
            best.i, best.j = last >> 32, last & _LOW
            best.runs.append(n)
    for c in open_chains:
        close(c)
    return Chains(*_laid_out(np.frombuffer(order, dtype=np.int64), run_first, run_size, ends))


def _chain_rows(rows: list[tuple[int, int, int]], k: int, gap: int) -> Chains:
    """:func:`_chain_runs` of runs held as Python ints (``Runs.rows``: a pair of few runs,
    2 at the median of 1,000 scale essays' aligned pairs), its steps in plain Python: the
    runs in the order (i, j) of their first seeds (distinct: no sort key ties), chained by
    the same loop, each chain's seeds laid out one word on along its diagonal a run
    (issue 40: ~15 µs of numpy calls a pair)."""
    firsts = sorted((start, start - diagonal, end - k + 1 - start) for start, end, diagonal in rows)
    reach = k + gap
    open_chains: list[_OpenRuns] = []
    closed: list[_OpenRuns] = []
    for n, (i, j, size) in enumerate(firsts):
        best, open_chains = _continued(open_chains, i, j, reach, gap, closed.append)
        if best is None:
            best = _OpenRuns()
            open_chains.append(best)
        best.i, best.j = i + size - 1, j + size - 1
        best.runs.append(n)
    closed.extend(open_chains)
    packed: list[int] = []
    bounds = [0]
    for c in closed:
        for n in c.runs:
            i, j, size = firsts[n]
            first = i << 32 | j
            packed.extend(range(first, first + size * _STEP, _STEP))
        bounds.append(len(packed))
    return Chains(np.array(packed, dtype=np.int64), np.array(bounds, dtype=np.int64))


def _laid_out(
    order: np.ndarray, run_first: np.ndarray, run_size: np.ndarray, ends: array[int]
) -> tuple[np.ndarray, np.ndarray]:
    """The seeds of the runs ``order`` (each run ``run_size`` seeds from ``run_first`` on, one
    word on along its diagonal each), packed one after the other, and the bounds of the
    chains whose runs end at ``ends`` in ``order``. One array of the seeds, filled a block
    at a time (issue 38: no second array of them)."""
    counts = run_size[order]
    total = counts.cumsum()
    bounds = np.concatenate(([0], total[np.frombuffer(ends, dtype=np.int64)[1:] - 1]))
    if int(total[-1]) == len(order):  # every run one seed (coincidental seeds of a long pair)
        return run_first[order], bounds.astype(np.int64)
    total -= counts  # each run's first place among the seeds
    total *= _STEP
    seeds = (run_first[order] - total).repeat(counts)
    del total
    for lo in range(0, len(seeds), _PAIRS_BLOCK):
        hi = min(lo + _PAIRS_BLOCK, len(seeds))
        seeds[lo:hi] += np.arange(lo, hi, dtype=np.int64) * _STEP
    return seeds, bounds.astype(np.int64)


_C = TypeVar("_C", "_OpenRuns", "_Open")


def _continued(
    open_chains: list[_C], i: int, j: int, reach: int, gap: int, close: Callable[[_C], None]
) -> tuple[_C | None, list[_C]]:
    """The open chain a seed (i, j) continues (the least drift from its last seed, then the
    nearest), if any, and the chains left open: those whose last seed lies more than
    ``reach`` words before i are given to ``close``, in their order."""
    limit = i - reach
    best: _C | None = None
    best_key, closing = (0, 0), False
    for c in open_chains:
        if c.i < limit:
            closing = True
            continue
        di, dj = i - c.i, j - c.j
        if di <= 0 or dj <= 0 or dj > reach or abs(di - dj) > gap:
            continue
        key = (abs(di - dj), di)
        if best is None or key < best_key:
            best, best_key = c, key
    if not closing:
        return best, open_chains
    still_open: list[_C] = []
    for c in open_chains:
        if c.i < limit:
            close(c)
        else:
            still_open.append(c)
    return best, still_open


class _OpenRuns:
    """An open chain of :func:`chain_seeds`: the last seed (i, j) of its last run, and its
    runs (their numbers in the order of their first seeds)."""

    __slots__ = ("i", "j", "runs")

    def __init__(self) -> None:
        self.i, self.j, self.runs = 0, 0, array("q")


def _chain_each(seeds_i: np.ndarray, seeds_j: np.ndarray, k: int, gap: int) -> Chains:
    """:func:`chain_seeds` seed by seed, in the order given."""
    reach = k + gap
    open_chains: list[_Open] = []
    packed = array("q")
    bounds = array("q", [0])

    ends: dict[tuple[int, int], _Open] = {}  # the open chains by their last seed

    def close(c: _Open) -> None:
        packed.extend(c.seeds)
        bounds.append(len(packed))
        del ends[c.i, c.j]

    for i, j in _pairs(seeds_i, seeds_j):
        step = ends.pop((i - 1, j - 1), None)
        if step is not None:  # one word on along its diagonal: the least drift there is
            step.i, step.j = i, j
            step.seeds.append(i << 32 | j)
            ends[i, j] = step
            continue
        best, open_chains = _continued(open_chains, i, j, reach, gap, close)
        if best is None:
            best = _Open(i, j)
            open_chains.append(best)
        else:
            del ends[best.i, best.j]
            best.i, best.j = i, j
            best.seeds.append(i << 32 | j)
        ends[i, j] = best
    for c in open_chains:
        close(c)
    as_array = np.frombuffer(packed, dtype=np.int64) if packed else _EMPTY
    return Chains(as_array, np.frombuffer(bounds, dtype=np.int64))


class _Open:
    """An open chain of :func:`chain_seeds`: its last seed (i, j) and its seeds packed."""

    __slots__ = ("i", "j", "seeds")

    def __init__(self, i: int, j: int) -> None:
        self.i, self.j, self.seeds = i, j, array("q", (i << 32 | j,))


_PAIRS_BLOCK = 1 << 16
"""Seeds turned into Python ints at a time by :func:`_pairs` (40 bytes a seed as ints)."""


def _pairs(seeds_i: np.ndarray, seeds_j: np.ndarray) -> Iterator[tuple[int, int]]:
    """The seeds as pairs of Python ints, :data:`_PAIRS_BLOCK` at a time (all at once took
    500 MB on a 50 MB pair)."""
    for at in range(0, len(seeds_i), _PAIRS_BLOCK):
        block = slice(at, at + _PAIRS_BLOCK)
        yield from zip(seeds_i[block].tolist(), seeds_j[block].tolist(), strict=True)


SHADOW_SHARE = 0.5
"""A chain with at least this share of its checked words inside longer chains is a shadow."""
MERGE_LOOKBACK = 8
"""How many of the preceding groups (in checked-text order) a chain may join."""


def drop_shadows(chains: Chains, k: int, n: int) -> tuple[list[_Chain], np.ndarray]:
    """Split chains into kept ones and shadows (step 3), longest chains claiming words first;
    the shadows as their spans (:func:`_span`, one row each; int32, as word indices are below
    2^31: a 50 MB pair has four million shadows). No Python object per chain: the chains'
    order is read a block at a time and the shadows marked in a boolean array."""
    if len(chains) <= FEW_CHAINS:
        return _drop_few_shadows(chains, k, n)
    covered = np.zeros(n, dtype=bool)
    first, last = chains.ends()
    a0s, a1s = first >> 32, (last >> 32) + k
    shadow = np.zeros(len(chains), dtype=bool)
    kept: list[_Chain] = []
    order = _longest_first(first, last)
    for at in range(0, len(order), _PAIRS_BLOCK):
        for c in order[at : at + _PAIRS_BLOCK].tolist():
            a0, a1 = int(a0s[c]), int(a1s[c])
            # the share covered, as covered[a0:a1].mean() finds it (a chain spans k words
            # or more), without numpy's mean (issue 40: a fifth of the step on short pairs)
            if np.count_nonzero(covered[a0:a1]) / (a1 - a0) >= SHADOW_SHARE:
                shadow[c] = True
            else:
                covered[a0:a1] = True
                kept.append(chains.chain(c))
    del order, a0s, a1s
    first, last = first[shadow], last[shadow]
    most = max(int((last >> 32).max()), int((last & _LOW).max())) + k if len(last) else 0
    spans = np.empty((len(first), 4), dtype=np.int32 if most < 2**31 else np.int64)
    spans[:, 0], spans[:, 1] = first >> 32, (last >> 32) + k
    spans[:, 2], spans[:, 3] = first & _LOW, (last & _LOW) + k
    return kept, spans


FEW_CHAINS = 64
"""Most chains :func:`drop_shadows` sets apart in plain Python (:func:`_drop_few_shadows`)."""


def _drop_few_shadows(chains: Chains, k: int, n: int) -> tuple[list[_Chain], np.ndarray]:
    """:func:`drop_shadows` of a few chains (2 at the median of 1,000 scale essays' aligned
    pairs), in plain Python (issue 40: ~15 µs of numpy calls a pair): the same order (a
    stable sort by length in the checked text, longest first, then first seed: numpy's
    lexsort there), the checked words covered so far in a bytearray, the same shares."""
    first, last = chains.ends()
    ends = list(zip(first.tolist(), last.tolist(), strict=True))
    order = sorted(range(len(ends)), key=lambda c: _longest_key(ends[c]))
    covered = bytearray(n)
    kept: list[_Chain] = []
    shadows: list[tuple[int, int, int, int, int]] = []
    for c in order:
        f, t = ends[c]
        a0, a1 = f >> 32, (t >> 32) + k
        if covered.count(1, a0, a1) / (a1 - a0) >= SHADOW_SHARE:
            shadows.append((c, a0, a1, f & _LOW, (t & _LOW) + k))
        else:
            stop = min(a1, n)  # as numpy's slice (a bytearray's would grow)
            covered[a0:stop] = b"\x01" * (stop - a0)
            kept.append(chains.chain(c))
    shadows.sort()  # in the chains' order, as numpy's mask takes them
    most = max((max(s[2], s[4]) for s in shadows), default=0)
    spans = np.array(
        [s[1:] for s in shadows], dtype=np.int32 if most < 2**31 else np.int64
    ).reshape(-1, 4)
    return kept, spans


def _longest_key(ends: tuple[int, int]) -> tuple[int, int, int]:
    first, last = ends
    return (first >> 32) - (last >> 32), first >> 32, first & _LOW


def _longest_first(first: np.ndarray, last: np.ndarray) -> np.ndarray:
    """The order of chains (by their first and last seeds, packed) by their length in the
    checked text, longest first, then by their first seed, ties in their order: a sort of
    integer arrays, not of a key tuple per chain (27 MB at 4 MB of text)."""
    return np.lexsort((first & _LOW, first >> 32, (first >> 32) - (last >> 32)))


def _with_shadows(fragments: list[Alignment], spans: np.ndarray) -> list[Alignment]:
    """Each fragment with the ranges of the shadows (``spans``, a row each) overlapping it in
    the checked text, in the order of the spans sorted."""
    if not len(spans):
        return fragments
    spans = spans[np.lexsort(spans.T[::-1])]
    starts, reach = spans[:, 0].copy(), np.maximum.accumulate(spans[:, 1])
    word = spans.dtype.type  # a Python int would make numpy copy an int32 array
    out = []
    for f in fragments:  # the spans starting before a1, from the first reaching past a0
        upto = int(starts.searchsorted(word(f.a1), side="left"))
        since = int(reach[:upto].searchsorted(word(f.a0), side="right"))
        near = spans[since:upto]
        near = near[near[:, 1] > f.a0]
        if not len(near):
            out.append(f)
        elif len(near) + len(f.elsewhere) > SPANS_AS_ARRAY:
            out.append(replace(f, elsewhere=joined_spans(f.elsewhere, near)))
        else:
            out.append(replace(f, elsewhere=(*f.elsewhere, *map(tuple, near.tolist()))))
    return out


FEW_SEEDS = 64
"""Most seeds :meth:`Runs.of` turns into runs in plain Python (:func:`_few_runs`). With
:data:`RUNS_AS_ROWS`, :data:`FEW_CHAINS` and ``copies.ZONE_SEEDS`` (issue 40, the copy signal
alone on 1,000 scale essays' 869 aligned pairs, bench/diag_align_replay.py, alternating with
the engine before, 5 rounds a run, 3 runs each: 0.40-0.51 -> 0.35-0.45 s CPU, medians of the
runs 0.41-0.48 -> 0.37-0.43; the same fragments and coverage)."""


def _few_runs(
    seeds_i: list[int], seeds_j: list[int], k: int
) -> tuple[list[tuple[int, int, int]], type[np.signedinteger]]:
    """:meth:`Runs.of`'s runs (start, end, diagonal) of the seeds (at least one) as lists:
    the seeds ordered by diagonal then i (numpy's lexsort there: the same order, as equal
    keys are equal seeds), cut where the diagonal changes or i does not step by one, then
    ordered by start (a stable sort, as numpy's argsort there); and the integer type
    :meth:`Runs.of` gives them."""
    small: type[np.signedinteger] = np.int32 if max(seeds_i) < 2**31 - 1 else np.int64
    diagonals = [i - j for i, j in zip(seeds_i, seeds_j, strict=True)]
    ordered = sorted(zip(diagonals, seeds_i, strict=True))
    rows: list[tuple[int, int, int]] = []
    diagonal, start = ordered[0]
    last = start
    for d, i in ordered[1:]:
        if d != diagonal or i - last != 1:
            rows.append((start, last + k, diagonal))
            diagonal, start = d, i
        last = i
    rows.append((start, last + k, diagonal))
    rows.sort(key=_start)
    return rows, small


def _start(row: tuple[int, int, int]) -> int:
    return row[0]


RUNS_AS_ROWS = 64
"""Most runs :class:`Runs` also keeps as Python ints (``Runs.rows``)."""
HELD_BLOCK = 1 << 13
"""Most (sentence, run) values :meth:`Runs.sentences_held` computes at once: 64 KB an array,
under the C library's threshold for mapping a block of its own (a larger block freed raises
that threshold, and later arrays then stay in the worker's heap)."""
SPANS_AS_ARRAY = 1 << 12
"""Most further matches (``Alignment.elsewhere``) kept as tuples; more are an array."""


def joined_spans(*parts: object) -> np.ndarray:
    """Rows of four integers (arrays, or sequences of 4-tuples) one after the other, as one
    int64 array (``Alignment.elsewhere`` beyond :data:`SPANS_AS_ARRAY`)."""
    arrays = [np.asarray(p, dtype=np.int64).reshape(-1, 4) for p in parts]
    return np.concatenate(arrays) if arrays else np.empty((0, 4), dtype=np.int64)


def merge_chains(chains: list[_Chain], k: int, gap: int) -> list[list[_Chain]]:
    """Group chains near each other in the checked text whose source ranges lie close together.

    A chain joins the nearest of the last ``MERGE_LOOKBACK`` groups it can. Repeated until
    nothing changes, so a sentence moved to the far end of a copied passage joins the passage
    once the rest of it has been merged.
    """
    groups = sorted((([c], _span(c, k)) for c in chains), key=_second)  # stable, as by chain
    changed = True
    while changed and len(groups) > 1:
        changed = False
        merged = [groups[0]]
        for members, span in groups[1:]:
            target = _join_target(merged, span, gap)
            if target is None:
                merged.append((members, span))
                continue
            host, hull = merged[target]
            merged[target] = (host + members, _hull(hull, span))
            changed = True
        groups = sorted(merged, key=lambda g: g[1])
    return [members for members, _ in groups]


def _second(group: tuple[list[_Chain], tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    return group[1]


def _join_target(
    groups: list[tuple[list[_Chain], tuple[int, int, int, int]]],
    span: tuple[int, int, int, int],
    gap: int,
) -> int | None:
    for t in range(len(groups) - 1, max(-1, len(groups) - 1 - MERGE_LOOKBACK), -1):
        if _mergeable(groups[t][1], span, gap):
            return t
    return None


def _extend(group: list[_Chain], a: Canonical, b: Canonical, k: int, gap: int) -> list[_Chain]:
    """Extend the group's first chain backwards and its last chain forwards over matches."""
    first = min(group, key=lambda c: c.seeds[0])
    last = max(group, key=lambda c: c.seeds[-1][0] + k)
    i, j = first.seeds[0]
    while (step := _step_back(a.forms, b.forms, i, j, gap)) is not None:
        i, j = step
    if (i, j) != first.seeds[0]:
        first.seeds.insert(0, (i, j))
    i, j = last.seeds[-1][0] + k, last.seeds[-1][1] + k
    while (step := _step_forward(a.forms, b.forms, i, j, gap)) is not None:
        i, j = step
    if i != last.seeds[-1][0] + k:
        last.seeds.append((i - k, j - k))
    return group


def _step_back(
    fa: tuple[str, ...], fb: tuple[str, ...], i: int, j: int, gap: int
) -> tuple[int, int] | None:
    """The next (i, j) further back: one word, across at most ``gap`` skipped words per side.
    None at once when no word of the ``gap + 1`` before i is one of the ``gap + 1`` before j
    (issue 40: nine in ten of the steps that end an extension, each ~28 word pairs looked at)."""
    if set(fa[max(0, i - 1 - gap) : i]).isdisjoint(fb[max(0, j - 1 - gap) : j]):
        return None
    for skip in range(gap + 1):
        for da in range(skip + 1):
            db = skip - da
            x, y = i - 1 - da, j - 1 - db
            if x < 0 or y < 0 or fa[x] != fb[y]:
                continue
            if skip == 0 or (x > 0 and y > 0 and fa[x - 1] == fb[y - 1]):
                return x, y
    return None


def _step_forward(
    fa: tuple[str, ...], fb: tuple[str, ...], i: int, j: int, gap: int
) -> tuple[int, int] | None:
    """The next end (exclusive) further forward, as _step_back mirrored."""
    if set(fa[i : i + gap + 1]).isdisjoint(fb[j : j + gap + 1]):
        return None
    for skip in range(gap + 1):
        for da in range(skip + 1):
            db = skip - da
            x, y = i + da, j + db
            if x >= len(fa) or y >= len(fb) or fa[x] != fb[y]:
                continue
            if skip == 0 or (x + 1 < len(fa) and y + 1 < len(fb) and fa[x + 1] == fb[y + 1]):
                return x + 1, y + 1
    return None


def _span(c: _Chain, k: int) -> tuple[int, int, int, int]:
    """The chain's ranges (a0, a1, b0, b1), read off its first and last seeds packed (issue
    40: two ``Seeds`` lookups a span, asked ~30 times a pair of the scale collection)."""
    packed = c.seeds.packed
    first, last = packed[0], packed[-1]
    return first >> 32, (last >> 32) + k, first & _LOW, (last & _LOW) + k


def _hull(x: tuple[int, int, int, int], y: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return min(x[0], y[0]), max(x[1], y[1]), min(x[2], y[2]), max(x[3], y[3])


def _mergeable(hull: tuple[int, int, int, int], span: tuple[int, int, int, int], gap: int) -> bool:
    """Neighbours in the checked text (at most 4·gap + 2 words apart) whose source ranges lie
    together: the joined source hull at most 1.3 × the joined checked hull + 4·gap + 2 words.
    Chains broken by a heavily edited stretch, and sentences reordered inside a passage, join;
    passages taken from different places of the source do not. The reach was chosen on the
    PAN-measured collection of bench/bench_alignment.py (2g+2 → 4g+2: edit20 plagdet 0.84 →
    0.89, reordered 0.67 → 0.81, no detection on clean pairs either way)."""
    reach = 4 * gap + 2
    if span[0] > hull[1] + reach:
        return False
    joined = _hull(hull, span)
    return joined[3] - joined[2] <= 1.3 * (joined[1] - joined[0]) + reach


def _fold_nested(fragments: list[Alignment]) -> list[Alignment]:
    """Drop fragments lying inside a longer one in the checked text, keeping their source
    ranges on it: one passage is reported once even where the source repeats a phrase."""
    kept: list[Alignment] = []
    for f in sorted(fragments, key=lambda f: (f.a0, -f.a1)):
        if kept and f.a1 <= kept[-1].a1:
            host = kept[-1]
            inside = (f.a0, f.a1, f.b0, f.b1)
            if isinstance(host.elsewhere, np.ndarray) or isinstance(f.elsewhere, np.ndarray):
                extra = joined_spans(host.elsewhere, [inside], f.elsewhere)
                kept[-1] = replace(host, elsewhere=extra)
            else:
                kept[-1] = replace(host, elsewhere=(*host.elsewhere, inside, *f.elsewhere))
        else:
            kept.append(f)
    return kept


def _describe(group: list[_Chain], a: Canonical, b: Canonical, k: int) -> Alignment:
    if len(group) == 1:  # its span is the hull, every word of it fresh: no coverage to keep
        a0, a1, b0, b1 = _span(group[0], k)  # (issue 40: most groups of the scale pairs)
        matched, exact, alone = _diff_fresh(a, b, group[0], k, np.ones(a1 - a0, dtype=bool), a0)
        alone.sort(key=lambda e: (e.a0, e.b0))
        return Alignment(a0, a1, b0, b1, matched, exact, tuple(alone))
    spans = [_span(c, k) for c in group]
    a0, a1, b0, b1 = spans[0]
    for span in spans[1:]:
        a0, a1, b0, b1 = _hull((a0, a1, b0, b1), span)
    edits: list[WordEdit] = []
    matched = exact = 0
    covered_a = np.zeros(a1 - a0, dtype=bool)
    covered_b = np.zeros(b1 - b0, dtype=bool)
    # each chain's span found once (sorted() is stable: the same order as by key)
    for span, chain in sorted(zip(spans, group, strict=True), key=_first):
        block = _diff(a, b, chain, span, k, covered_a, covered_b, a0, b0)
        matched, exact = matched + block[0], exact + block[1]
        edits.extend(block[2])
    edits.extend(_uncovered(covered_a, a0, "insert", spans))
    edits.extend(_uncovered(covered_b, b0, "delete", spans))
    edits.sort(key=lambda e: (e.a0, e.b0))
    return Alignment(a0, a1, b0, b1, matched, exact, tuple(edits))


def _first(pair: tuple[tuple[int, int, int, int], _Chain]) -> tuple[int, int, int, int]:
    return pair[0]


def _diff(
    a: Canonical,
    b: Canonical,
    chain: _Chain,
    span: tuple[int, int, int, int],
    k: int,
    covered_a: np.ndarray,
    covered_b: np.ndarray,
    a0: int,
    b0: int,
) -> tuple[int, int, list[WordEdit]]:
    """Word diff of one chain (``span``: its :func:`_span`); marks the words it accounts for;
    returns matched, exact, edits."""
    ca0, ca1, cb0, cb1 = span
    fresh_a = ~covered_a[ca0 - a0 : ca1 - a0]
    covered_a[ca0 - a0 : ca1 - a0] = True
    covered_b[cb0 - b0 : cb1 - b0] = True
    return _diff_fresh(a, b, chain, k, fresh_a, ca0)


def _diff_fresh(
    a: Canonical, b: Canonical, chain: _Chain, k: int, fresh_a: np.ndarray, ca0: int
) -> tuple[int, int, list[WordEdit]]:
    """:func:`_diff` once the chain's fresh checked words are known (``fresh_a``, from its
    first checked word ``ca0`` on: those no chain before it accounted for)."""
    ops = chain_opcodes(a.forms, b.forms, chain.seeds, k)
    equal = [op for op in ops if op[0] == "equal"]
    matched, exact, forms = _equal_blocks(a, b, equal, fresh_a, ca0)
    if not forms:  # the edits in the opcodes' order, each equal block's forms at its place
        return (
            matched,
            exact,
            [WordEdit(_KIND[t], i0, i1, j0, j1) for t, i0, i1, j0, j1 in ops if t != "equal"],
        )
    edits: list[WordEdit] = []
    n = 0
    for tag, i0, i1, j0, j1 in ops:
        if tag == "equal":
            edits.extend(forms.get(n, ()))
            n += 1
        else:
            edits.append(WordEdit(_KIND[tag], i0, i1, j0, j1))
    return matched, exact, edits


_KIND = {"replace": "replace", "delete": "insert", "insert": "delete"}
"""The edit of each difflib opcode that is not "equal" (difflib's "delete" is a word of the
checked text absent from the source: the report's "insert")."""


def _equal_blocks(
    a: Canonical, b: Canonical, ops: list[Opcode], fresh: np.ndarray, offset: int
) -> tuple[int, int, dict[int, list[WordEdit]]]:
    """:func:`_equal_block` of each of a chain's equal blocks ``ops`` at once (issue 40: six
    blocks a chain on the scale collection's copies, each a handful of numpy calls):
    matched and exact words summed, and the form edits of each block by its number among
    ``ops`` (none for a block without any). ``fresh``: the chain's checked words no other
    chain accounted for, the first at ``offset``."""
    if len(ops) == 1:
        _, i0, i1, j0, _ = ops[0]
        m, e, alone = _equal_block(a, b, i0, j0, i1 - i0, fresh[i0 - offset : i1 - offset])
        return m, e, {0: alone} if alone else {}
    if not ops:
        return 0, 0, {}
    starts_a = np.array([op[1] for op in ops], dtype=np.int64)
    sizes = np.array([op[2] - op[1] for op in ops], dtype=np.int64)
    starts_b = np.array([op[3] for op in ops], dtype=np.int64)
    at_a, at_b = ranges(starts_a, sizes), ranges(starts_b, sizes)
    counted = fresh[at_a - offset]
    changed = counted & (a.variants[at_a] != b.variants[at_b])
    matched = int(np.count_nonzero(counted))
    where = changed.nonzero()[0]
    if not len(where):
        return matched, matched, {}
    bounds = sizes.cumsum()
    block = bounds.searchsorted(where, side="right")
    breaks = ((where[1:] - where[:-1] != 1) | (block[1:] != block[:-1])).nonzero()[0] + 1
    heads = np.concatenate(([0], breaks))  # not np.r_: 5 µs a call against 1
    firsts = where[heads]
    lasts = where[np.concatenate((breaks - 1, [len(where) - 1]))]
    forms: dict[int, list[WordEdit]] = {}
    for n, x0, x1, y0, y1 in zip(
        block[heads].tolist(),
        at_a[firsts].tolist(),
        (at_a[lasts] + 1).tolist(),
        at_b[firsts].tolist(),
        (at_b[lasts] + 1).tolist(),
        strict=True,
    ):
        forms.setdefault(n, []).append(WordEdit("form", x0, x1, y0, y1))
    return matched, matched - len(where), forms


Opcode = tuple[str, int, int, int, int]


def chain_opcodes(
    fa: tuple[str, ...], fb: tuple[str, ...], seeds: Sequence[tuple[int, int]], k: int
) -> list[Opcode]:
    """difflib opcodes (absolute positions) of a chain, diffed box by box.

    The boxes are cut at the seeds that continue the previous seed's diagonal (inside a run
    of equal words, where any alignment passes), never at a seed that drifts: the path is
    left to difflib wherever words were edited. One SequenceMatcher over a whole chain is
    quadratic on repetitive text, where such cuts are dense. Adjacent equal blocks are joined,
    so a run of matching words is one block whatever the boxes. A box whose words are equal on
    both sides (most are one word of a verbatim run) is that equal block without difflib.
    """
    ops: list[Opcode] = []
    for (i0, j0), (i1, j1) in _boxes(seeds, k):
        if i1 - i0 == j1 - j0 and fa[i0:i1] == fb[j0:j1]:  # what difflib says of equal boxes
            _append(ops, ("equal", i0, i1, j0, j1))
            continue
        for tag, x0, x1, y0, y1 in box_opcodes(fa[i0:i1], fb[j0:j1]):
            _append(ops, (tag, i0 + x0, i0 + x1, j0 + y0, j0 + y1))
    return ops


def plain_opcodes(x: tuple[str, ...], y: tuple[str, ...]) -> list[Opcode]:
    """difflib's opcodes of two word sequences (no junk, no autojunk): what
    :func:`box_opcodes` answers."""
    return list(difflib.SequenceMatcher(None, x, y, autojunk=False).get_opcodes())


_BOXES: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Opcode, ...]] = {}
BOXES_HELD = 1 << 13
"""Boxes :func:`box_opcodes` remembers (~1 KB each, ~8 MB a pair worker: the memory of a
100,000-essay run is near its 2 GB bound); all are let go when it is full."""


def box_opcodes(x: tuple[str, ...], y: tuple[str, ...]) -> tuple[Opcode, ...]:
    """:func:`plain_opcodes` of a box, remembered by the box's words (issue 40): difflib's
    answer is a function of the two sequences alone, and the same boxes recur across a run's
    pairs (one source copied into many essays, the same planted edits) and between a pair's
    copy alignment and its realignment over ignored words (the same chains, cut)."""
    key = (x, y)
    found = _BOXES.get(key)
    if found is None:
        if len(_BOXES) >= BOXES_HELD:
            _BOXES.clear()
        found = _BOXES[key] = tuple(lean_opcodes(x, y))
    return found


def lean_opcodes(x: tuple[str, ...], y: tuple[str, ...]) -> list[Opcode]:
    """:func:`plain_opcodes`, by difflib's own steps without its ``SequenceMatcher`` (issue
    40: building one, its junk and popular-word tables, was most of a box's diff; a run of
    10,000 essays diffs ~15,000 boxes its cache does not hold). With no junk and no autojunk,
    difflib's ``b2j`` holds every word of ``y`` and its extensions of a longest match over
    junk never apply; what is left is its ``find_longest_match`` (the longest match, the
    earliest in ``x``, then in ``y``), ``get_matching_blocks`` (the same queue, the adjacent
    blocks joined) and ``get_opcodes``, step for step."""
    b2j: dict[str, list[int]] = {}
    for j, word in enumerate(y):
        b2j.setdefault(word, []).append(j)
    nothing: list[int] = []
    blocks: list[tuple[int, int, int]] = []
    queue = [(0, len(x), 0, len(y))]
    while queue:
        alo, ahi, blo, bhi = queue.pop()
        besti, bestj, bestsize = alo, blo, 0
        j2len: dict[int, int] = {}
        for i in range(alo, ahi):
            j2lenget = j2len.get
            newj2len: dict[int, int] = {}
            for j in b2j.get(x[i], nothing):
                if j < blo:
                    continue
                if j >= bhi:
                    break
                size = newj2len[j] = j2lenget(j - 1, 0) + 1
                if size > bestsize:
                    besti, bestj, bestsize = i - size + 1, j - size + 1, size
            j2len = newj2len
        while besti > alo and bestj > blo and x[besti - 1] == y[bestj - 1]:
            besti, bestj, bestsize = besti - 1, bestj - 1, bestsize + 1
        while (
            besti + bestsize < ahi
            and bestj + bestsize < bhi
            and (x[besti + bestsize] == y[bestj + bestsize])
        ):
            bestsize += 1
        if bestsize:
            blocks.append((besti, bestj, bestsize))
            if alo < besti and blo < bestj:
                queue.append((alo, besti, blo, bestj))
            if besti + bestsize < ahi and bestj + bestsize < bhi:
                queue.append((besti + bestsize, ahi, bestj + bestsize, bhi))
    blocks.sort()
    i1 = j1 = k1 = 0
    joined: list[tuple[int, int, int]] = []
    for i2, j2, k2 in blocks:
        if i1 + k1 == i2 and j1 + k1 == j2:
            k1 += k2
        else:
            if k1:
                joined.append((i1, j1, k1))
            i1, j1, k1 = i2, j2, k2
    if k1:
        joined.append((i1, j1, k1))
    joined.append((len(x), len(y), 0))
    ops: list[Opcode] = []
    i = j = 0
    for ai, bj, size in joined:
        tag = ""
        if i < ai and j < bj:
            tag = "replace"
        elif i < ai:
            tag = "delete"
        elif j < bj:
            tag = "insert"
        if tag:
            ops.append((tag, i, ai, j, bj))
        i, j = ai + size, bj + size
        if size:
            ops.append(("equal", ai, i, bj, j))
    return ops


def _boxes(
    seeds: Sequence[tuple[int, int]], k: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The chain's boxes (start, end) for :func:`chain_opcodes`, consecutive one-word steps
    along a diagonal joined into one box (a verbatim run is one box, not one per word).
    numpy for long chains (a copied essay's), plain Python for short ones (cheaper there)."""
    if len(seeds) < 64:
        if isinstance(seeds, Seeds):
            return _boxes_packed(seeds.packed, k)
        return _boxes_py(seeds, k)
    if isinstance(seeds, Seeds):  # packed i << 32 | j: one step on both sides adds _STEP
        at = seeds.packed_array()
        steps = at[1:] == at[:-1] + _STEP
        cuts = at[np.concatenate(([True], steps))]
        ends = np.concatenate((cuts[1:], at[-1:] + k * _STEP))
        unit = ends - cuts == _STEP
        first = np.concatenate(([True], ~(unit[1:] & unit[:-1])))
        starts = np.flatnonzero(first)
        lasts = np.concatenate((starts[1:] - 1, [len(cuts) - 1]))
        low, high = cuts[starts], ends[lasts]
        return list(
            zip(
                zip((low >> 32).tolist(), (low & _LOW).tolist(), strict=True),
                zip((high >> 32).tolist(), (high & _LOW).tolist(), strict=True),
                strict=True,
            )
        )
    at = np.asarray(seeds, dtype=np.int64)
    steps = np.all(at[1:] == at[:-1] + 1, axis=1)
    cuts = at[np.concatenate(([True], steps))]
    ends = np.concatenate((cuts[1:], at[-1:] + k))
    unit = np.all(ends - cuts == 1, axis=1)
    first = np.concatenate(([True], ~(unit[1:] & unit[:-1])))
    starts = np.flatnonzero(first)
    lasts = np.concatenate((starts[1:] - 1, [len(cuts) - 1]))
    return list(
        zip(map(tuple, cuts[starts].tolist()), map(tuple, ends[lasts].tolist()), strict=True)
    )


_STEP = 1 << 32 | 1
"""One word on along a diagonal, on seeds packed as :class:`Seeds` packs them (j stays below
2^31 + k, so adding it never carries into i)."""


def _boxes_py(
    seeds: Sequence[tuple[int, int]], k: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """:func:`_boxes` in plain Python."""
    cuts = [seeds[0]]
    cuts += [s for p, s in itertools.pairwise(seeds) if s == (p[0] + 1, p[1] + 1)]
    ends = [*cuts[1:], (seeds[-1][0] + k, seeds[-1][1] + k)]
    boxes: list[tuple[tuple[int, int], tuple[int, int]]] = []
    unit_before = False
    for cut, end in zip(cuts, ends, strict=True):
        unit = end == (cut[0] + 1, cut[1] + 1)
        if unit and unit_before:
            boxes[-1] = (boxes[-1][0], end)
        else:
            boxes.append((cut, end))
        unit_before = unit
    return boxes


def _boxes_packed(packed: array[int], k: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """:func:`_boxes_py` of a short chain's seeds as :class:`Seeds` packs them: the steps
    told apart on the packed integers (one step on both sides adds :data:`_STEP`), and only
    the boxes' corners unpacked (issue 40: a seed unpacked into a tuple each, the boxes of
    the scale collection's short chains took 28 µs a chain)."""
    cuts = [packed[0]]
    cuts += [s for p, s in itertools.pairwise(packed) if s - p == _STEP]
    ends = [*cuts[1:], packed[-1] + k * _STEP]
    boxes: list[list[int]] = []
    unit_before = False
    for cut, end in zip(cuts, ends, strict=True):
        unit = end - cut == _STEP
        if unit and unit_before:
            boxes[-1][1] = end
        else:
            boxes.append([cut, end])
        unit_before = unit
    return [((c >> 32, c & _LOW), (e >> 32, e & _LOW)) for c, e in boxes]


def _append(ops: list[Opcode], op: Opcode) -> None:
    """Append, joining an op to the previous one when both are equal or both are edits."""
    if not ops or (ops[-1][0] == "equal") != (op[0] == "equal"):
        ops.append(op)
        return
    _, i0, _, j0, _ = ops[-1]
    i1, j1 = op[2], op[4]
    tag = "equal" if op[0] == "equal" else _edit_tag(i1 - i0, j1 - j0)
    ops[-1] = (tag, i0, i1, j0, j1)


def _edit_tag(a_words: int, b_words: int) -> str:
    return "replace" if a_words and b_words else "delete" if a_words else "insert"


def _equal_block(
    a: Canonical, b: Canonical, ai: int, bj: int, n: int, fresh: np.ndarray
) -> tuple[int, int, list[WordEdit]]:
    """Count matched and exact words of an equal-lemma run (the words ``fresh``: no other
    chain accounted for them); word-form changes become edits, one per run of consecutive
    changed words. At once on the run's arrays (a numpy scalar per word cost most of it)."""
    if len(fresh) >= n and fresh[:n].all():  # most runs: no other chain took a word
        differs = a.variants[ai : ai + n] != b.variants[bj : bj + n]
        if not differs.any():
            return n, n, []
        at, changed = None, differs.nonzero()[0]
    else:
        at = fresh[:n].nonzero()[0]
        changed = at[a.variants[ai + at] != b.variants[bj + at]]
        if not len(changed):
            return len(at), len(at), []
    matched = n if at is None else len(at)
    breaks = (changed[1:] - changed[:-1] != 1).nonzero()[0] + 1
    firsts = changed[np.concatenate(([0], breaks))].tolist()  # not np.r_ (5 µs a call)
    lasts = changed[np.concatenate((breaks - 1, [len(changed) - 1]))].tolist()
    edits = [
        WordEdit("form", ai + t0, ai + t1 + 1, bj + t0, bj + t1 + 1)
        for t0, t1 in zip(firsts, lasts, strict=True)
    ]
    return matched, matched - len(changed), edits


def _uncovered(
    covered: np.ndarray, offset: int, kind: str, spans: Sequence[tuple[int, int, int, int]]
) -> list[WordEdit]:
    """Runs of words of a merged fragment that no chain accounts for: "insert"s (words of
    the checked side, ``covered`` from ``offset`` on) or "delete"s (the source's side), each
    empty on the other side where it was left out (:func:`_left_out_at`), so a side-by-side
    view shows it between the words it fell between, not at the fragment's start.
    ``spans`` are the chains' (a0, a1, b0, b1)."""
    own = 0 if kind == "insert" else 2
    other = 2 - own
    edits = []
    for start, end in true_runs(~covered):
        lo, hi = offset + start, offset + end
        at = _left_out_at(lo, hi, spans, own, other)
        edits.append(
            WordEdit(kind, lo, hi, at, at) if kind == "insert" else WordEdit(kind, at, at, lo, hi)
        )
    return edits


def _left_out_at(
    lo: int, hi: int, spans: Sequence[tuple[int, int, int, int]], own: int, other: int
) -> int:
    """Where, on the other side, words ``[lo, hi)`` of one side (columns ``own``, ``own + 1``
    of ``spans``) were left out: after the chain ending last before them on their side (at
    its end on the other side), else before the first chain after them (at its start); the
    first chain's start when chains overlap the run on both sides."""
    before = [s for s in spans if s[own + 1] <= lo]
    if before:
        return max(before, key=lambda s: (s[own + 1], s[other + 1]))[other + 1]
    after = [s for s in spans if s[own] >= hi]
    if after:
        return min(after, key=lambda s: (s[own], s[other]))[other]
    return min(s[other] for s in spans)
