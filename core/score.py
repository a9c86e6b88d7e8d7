"""Score: one checked document against one source — resemblance, containment, fragments.

Resemblance is Broder's exact |S(A) ∩ S(B)| / |S(A) ∪ S(B)| over w-shingle sets (ALGORITHMS.md
§2), with the MinHash estimate beside it (§3). Containment comes from the aligned fragments
(issue 5): the share of A's canonical words inside fragments of B, and in reverse the share
of B's words inside the fragments' source ranges; a run of more than ``max_gap`` words that
only one side has (an inserted sentence of the writer's own, a source sentence left out) is
inside its fragment but not counted as covered. Character spans are taken from the words'
original spans, so they start and end on word boundaries of the extracted text.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Protocol, TypeVar

import numpy as np

from copylens.core.align import Alignment, align
from copylens.core.canonicalize import Canonical, word_spans
from copylens.core.options import Options
from copylens.core.paraphrase import fragments_of, paraphrases, source_shown
from copylens.core.pool import map_when_it_pays
from copylens.core.prepare import Prepared
from copylens.core.report import Edit, Fragment
from copylens.core.sentence_align import join, one_passage
from copylens.core.sketch import estimate

R = TypeVar("R")
"""What :func:`map_groups`' function returns for one pair of a group."""
D = TypeVar("D")
"""The documents :func:`map_groups` hands out: prepared, or spilled (``copylens.core.spill``)."""


@dataclass(frozen=True)
class PairScore:
    """Everything measured between a checked document A and a source B."""

    resemblance: float
    resemblance_estimate: float
    shingle_containment: float
    covered_a: np.ndarray
    """Boolean per canonical word of A: inside a fragment."""
    covered_b: np.ndarray
    fragments: tuple[Fragment, ...]

    @property
    def containment(self) -> float:
        return _share(self.covered_a)

    @property
    def reverse_containment(self) -> float:
        return _share(self.covered_b)

    @property
    def shares_anything(self) -> bool:
        return bool(self.fragments) or self.resemblance > 0


def score_pair(a: Prepared, b: Prepared, options: Options) -> PairScore:
    """Measure A against B (see the module docstring for what each number means)."""
    shared = len(np.intersect1d(a.shingles, b.shingles, assume_unique=True))
    union = len(a.shingles) + len(b.shingles) - shared
    alignments = join(a.canonical, b.canonical, align(a.canonical, b.canonical, options))
    zone_a, zone_b = seed_zones(a, b, options)
    score = PairScore(
        resemblance=shared / union if union else 0.0,
        resemblance_estimate=estimate(a.sketch, b.sketch) if shared else 0.0,
        shingle_containment=shared / len(a.shingles) if len(a.shingles) else 0.0,
        covered_a=_coverage(
            len(a.canonical),
            [(f.a0, f.a1) for f in alignments],
            [(e.a0, e.a1) for f in alignments for e in f.edits if e.kind == "insert"],
            options.max_gap,
            [(x[0], x[1]) for f in alignments for x in f.elsewhere],
        )
        & zone_a,
        covered_b=_coverage(
            len(b.canonical),
            [(f.b0, f.b1) for f in alignments],
            [(e.b0, e.b1) for f in alignments for e in f.edits if e.kind == "delete"],
            options.max_gap,
            [(x[2], x[3]) for f in alignments for x in f.elsewhere],
        )
        & zone_b,
        fragments=_widened(
            [to_fragment(f, a.canonical, b.canonical) for f in alignments], a.text, b.text
        ),
    )
    score = with_paraphrases(score, a, b, options) if options.paraphrase else score
    return replace(score, fragments=one_passage(score.fragments, a.canonical, b.canonical))


def with_paraphrases(score: PairScore, a: Prepared, b: Prepared, options: Options) -> PairScore:
    """The score with the sentences of A retelling sentences of B (``copylens.core.paraphrase``)
    covered on both sides, and shown as ``"paraphrase"`` fragments where no copy fragment
    already shows them (a retold sentence inside a copy fragment's span is part of that
    passage: the aligner's edits show its words, and now it counts whole)."""
    covered = (score.covered_a, score.covered_b)
    found = paraphrases(a, b, covered, score.fragments, options)
    if not found:
        return score
    covered_a, covered_b = score.covered_a.copy(), score.covered_b.copy()
    added = []
    for m in found:
        pieces = fragments_of(m, a, b, score.fragments)
        covered_a[m.a0 : m.a1] = True  # inside the pieces, or else inside copy fragments
        if pieces or source_shown(m, b, score.fragments):
            covered_b[m.b0 : m.b1] = True  # a covered word always lies inside a fragment
        added += pieces
    fragments = tuple(sorted((*score.fragments, *added), key=lambda f: (f.start, f.end)))
    return replace(score, covered_a=covered_a, covered_b=covered_b, fragments=fragments)


def seed_zones(a: Prepared, b: Prepared, options: Options) -> tuple[np.ndarray, np.ndarray]:
    """Boolean per canonical word of A, and of B: inside a run of seeds, the ``seed_k``-word
    k-grams both texts hold (wherever they stand in the other text) with at most ``max_gap``
    words between one and the next, or within :data:`REACH` words of such a run.

    A pair's coverage is counted inside these zones only (:func:`score_pair`): the aligner
    bridges at most ``max_gap`` words between seeds, and what it adds beyond the outermost
    seeds by extension (pairs of equal words across skipped ones) is not backed by a seed.
    Measured against the earlier zone (``max_gap`` words around every seed), in the same run
    (bench/bench_alignment.py, bench/bench_own_text.py): Clough–Stevenson AUC unchanged at
    0.955, light and heavy rewrites' mean containment 0.749 → 0.738 and 0.410 → 0.406, PAN
    fragments unchanged, the edited essays' containment 0.2–0.5 points lower (their true share
    is higher still); and at 1,000 essays sharing quotations, 740 candidate pairs of 28,259
    left to align at the default threshold instead of 2,586. So :func:`containment_bound` is
    an upper bound of the pair's containments, computed without aligning.
    """
    k, gap = options.seed_k, options.max_gap
    (grams_a, sorted_a), (grams_b, sorted_b) = a.seed_grams(k), b.seed_grams(k)
    return (
        _zone(_hits(grams_a, sorted_b), len(a.canonical), k, gap),
        _zone(_hits(grams_b, sorted_a), len(b.canonical), k, gap),
    )


def _zone(hits: np.ndarray, n: int, k: int, gap: int) -> np.ndarray:
    """The zone of :func:`seed_zones` around the k-grams starting at ``hits`` (ascending)."""
    zone = np.zeros(n, dtype=bool)
    if len(hits):
        ends = np.minimum(hits + k, n)
        breaks = np.flatnonzero(hits[1:] - ends[:-1] > max(gap, 2 * REACH))
        lo = np.maximum(hits[np.concatenate(([0], breaks + 1))] - REACH, 0)
        hi = np.minimum(ends[np.append(breaks, len(hits) - 1)] + REACH, n)
        for start, stop in zip(lo.tolist(), hi.tolist(), strict=True):
            zone[start:stop] = True
    return zone


REACH = 2
"""Words of a seed zone beyond each run of seeds (:func:`seed_zones`)."""


def _hits(grams: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Positions of the k-grams of ``grams`` (text order) that are in ``other`` (sorted)."""
    if len(grams) == 0 or len(other) == 0:
        return np.empty(0, dtype=np.int64)
    return np.flatnonzero(held_in(grams, other))


def containment_bound(a: Prepared, b: Prepared, options: Options) -> float:
    """An upper bound of the pair's larger containment, from its seeds alone (no alignment).

    Proof: containment_ab is |C ∩ K| / |K|, C the words of A covered, K those A does not
    ignore (:func:`copylens.core.ignore.share`). :func:`score_pair` makes C ⊆ Z, Z A's seed
    zone (:func:`seed_zones`), and :func:`copylens.core.ignore.without_ignored` only removes
    words from C; so |C ∩ K| ≤ |Z ∩ K|, and the same holds for B. The bound is the larger of
    |Z ∩ K| / |K| over both sides: a pair it puts under ``min_containment`` is never reported,
    so it need not be aligned. tests/test_bound.py checks it on generated pairs.
    """
    return float(containment_bounds(a, [b], options)[0])


class Seeded(Protocol):
    """What :func:`containment_bounds` reads of a document: its seed k-grams, its number of
    canonical words and the words it ignores. A :class:`~copylens.core.prepare.Prepared` has
    them, and so has what a large run keeps of a document it spilled to disk
    (:class:`copylens.core.spill.Spilled`)."""

    @property
    def size(self) -> int: ...

    @property
    def ignored(self) -> np.ndarray | None: ...

    def seed_grams(self, k: int) -> tuple[np.ndarray, np.ndarray]: ...


def containment_bounds(a: Seeded, others: Sequence[Seeded], options: Options) -> np.ndarray:
    """:func:`containment_bound` of A with each of ``others``, in one pass over their seeds.

    A large collection's candidate pairs mostly share a sentence or two; bounding them one by
    one cost 54 µs of CPU a pair (1,000 essays sharing quotations), mostly calls on tiny
    arrays; here 10 µs. Every other document's k-grams are looked up in A's at once, and the
    zones are counted as runs of hits (a run breaks where more than ``max_gap`` words, and
    more than 2 · :data:`REACH`, lie between two hits: there the zones stop touching), so no
    mask per word is built. Equal, bit for bit, to the shares of :func:`seed_zones`' masks
    (tests/test_bound.py).
    """
    k, gap = options.seed_k, options.max_gap
    grams_a, sorted_a = a.seed_grams(k)
    theirs = [o.seed_grams(k)[0] for o in others]
    sizes = np.array([len(g) for g in theirs], dtype=np.int64)
    if len(sorted_a) == 0 or not sizes.any():
        return np.zeros(len(others))
    flat = np.concatenate(theirs)
    where = np.flatnonzero(held_in(flat, sorted_a))
    ends = np.cumsum(sizes)
    owner = np.searchsorted(ends, where, side="right")
    share_b = _zone_shares(
        owner, where - (ends - sizes)[owner], others, np.arange(len(others)), k, gap
    )
    order = np.argsort(grams_a, kind="stable")
    ordered, found = grams_a[order], flat[where]
    first = np.searchsorted(ordered, found, side="left")
    count = np.searchsorted(ordered, found, side="right") - first
    step = np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count)
    n_a = max(a.size, 1)
    codes = np.unique(np.repeat(owner, count) * n_a + order[np.repeat(first, count) + step])
    share_a = _zone_shares(codes // n_a, codes % n_a, [a], np.zeros(len(others), int), k, gap)
    return np.maximum(share_a, share_b)


def held_in(grams: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Boolean per fingerprint of ``grams``: it is in ``other`` (sorted).

    A table of the low bits of ``other``'s fingerprints sets most of ``grams`` apart at the
    cost of one lookup each; only the few that pass it are searched for."""
    if len(other) == 0:
        return np.zeros(len(grams), dtype=bool)
    table = np.zeros(_TABLE, dtype=bool)
    table[other & (_TABLE - 1)] = True
    maybe = np.flatnonzero(table[grams & (_TABLE - 1)])
    at = np.minimum(np.searchsorted(other, grams[maybe]), len(other) - 1)
    held = np.zeros(len(grams), dtype=bool)
    held[maybe[other[at] == grams[maybe]]] = True
    return held


_TABLE = 1 << 16
"""Size of :func:`held_in`'s table: a document's few hundred k-grams fill under 1 % of it."""


def _zone_shares(
    owner: np.ndarray,
    pos: np.ndarray,
    docs: Sequence[Seeded],
    doc_of: np.ndarray,
    k: int,
    gap: int,
) -> np.ndarray:
    """|Z ∩ K| / |K| for each owner o (``docs[doc_of[o]]``), Z the zone of :func:`_zone`
    around the k-grams starting at ``pos``; (owner, pos) sorted, positions distinct."""
    if len(pos) == 0:
        return np.zeros(len(doc_of))
    lengths = np.array([d.size for d in docs], dtype=np.int64)
    n = lengths[doc_of]
    ends = pos + k
    new = np.ones(len(pos), dtype=bool)
    new[1:] = (owner[1:] != owner[:-1]) | (pos[1:] - ends[:-1] > max(gap, 2 * REACH))
    first = np.flatnonzero(new)
    of = owner[first]
    lo = np.maximum(pos[first] - REACH, 0)
    hi = np.minimum(ends[np.append(first[1:], len(pos)) - 1] + REACH, n[of])
    inside, kept = hi - lo, n
    if any(d.ignored is not None for d in docs):
        base = (np.cumsum(lengths) - lengths)[doc_of]
        before = np.concatenate(([0], np.cumsum(np.concatenate([_ignored(d) for d in docs]))))
        inside = inside - (before[base[of] + hi] - before[base[of] + lo])
        kept = n - (before[base + n] - before[base])
    covered = np.bincount(of, weights=inside, minlength=len(doc_of))
    return np.divide(covered, kept, out=np.zeros(len(doc_of)), where=kept > 0)


def _ignored(doc: Seeded) -> np.ndarray:
    return doc.ignored if doc.ignored is not None else np.zeros(doc.size, dtype=bool)


Group = tuple[int, np.ndarray]
"""A document's index on the left and the indices of its partners on the right."""


def groups_of(pairs: np.ndarray) -> list[Group]:
    """The pairs (i, j), rows of an (n, 2) array, as groups (i, [j, …]): consecutive pairs of
    one i share a group (each a view of ``pairs``: a large run's millions of pairs are never
    Python tuples)."""
    if len(pairs) == 0:
        return []
    first = pairs[:, 0]
    starts = np.flatnonzero(np.r_[True, first[1:] != first[:-1]])
    ends = np.r_[starts[1:], len(first)]
    return [
        (int(first[lo]), pairs[lo:hi, 1])
        for lo, hi in zip(starts.tolist(), ends.tolist(), strict=True)
    ]


def as_pairs(pairs: Iterable[tuple[int, int]]) -> np.ndarray:
    """Pairs (i, j) as the (n, 2) int64 array :func:`groups_of` takes."""
    return np.array(list(pairs), dtype=np.int64).reshape(-1, 2)


def map_groups(
    function: Callable[[D, list[D], Options], list[R]],
    groups: Sequence[Group],
    left: Sequence[D],
    right: Sequence[D],
    options: Options,
) -> Generator[list[R], None, None]:
    """function(left[i], [right[j] for j in js], options) for each group (i, js), in order,
    on all cores when it pays (``check`` scores each pair of a group, ``compare`` bounds a
    group's pairs at once and aligns the rest: :func:`containment_bounds`).

    The workers inherit the documents when they fork (:func:`map_when_it_pays`); only the
    indices travel, and what ``function`` returns.
    """
    pairs = sum(len(js) for _, js in groups)
    workers = min(options.process_count, max(1, pairs // 32))
    call = partial(_call_group, function, left, right, options)
    return map_when_it_pays(call, groups, workers=workers)


def _call_group(
    function: Callable[[D, list[D], Options], list[R]],
    left: Sequence[D],
    right: Sequence[D],
    options: Options,
    group: Group,
) -> list[R]:
    i, js = group
    return function(left[i], [right[j] for j in js], options)


def each(function: Callable[[Prepared, Prepared, Options], R]) -> Callable[..., list[R]]:
    """A group function of a pair function: ``function(a, b, options)`` for each b."""
    return partial(_each, function)


def _each(
    function: Callable[[Prepared, Prepared, Options], R],
    a: Prepared,
    others: list[Prepared],
    options: Options,
) -> list[R]:
    return [function(a, b, options) for b in others]


def to_fragment(f: Alignment, a: Canonical, b: Canonical) -> Fragment:
    """Word ranges → character spans in both extracted texts."""
    start, end = _chars(a, f.a0, f.a1)
    source_start, source_end = _chars(b, f.b0, f.b1)
    edits = tuple(Edit(e.kind, *_chars(a, e.a0, e.a1), *_chars(b, e.b0, e.b1)) for e in f.edits)
    return Fragment(start, end, source_start, source_end, f.words, f.exact, edits)


def _widened(fragments: list[Fragment], a_text: str, b_text: str) -> tuple[Fragment, ...]:
    """Fragments widened over the uncounted words (stop words, short words) just outside them
    that the source has at the same place: "the cat sat" is highlighted whole, not from "cat".

    Fragments end on counted words (alignment works on canonical words); a word equal on both
    sides next to a fragment is a copied word the canonical text does not hold, since an equal
    counted word there would already be inside. A fragment never grows into its neighbour.
    """
    out: list[Fragment] = []
    ordered = sorted(fragments, key=lambda f: f.start)
    for n, f in enumerate(ordered):
        floor = out[-1].end if out else 0
        ceiling = ordered[n + 1].start if n + 1 < len(ordered) else len(a_text)
        before = zip(
            words_before(a_text, f.start), words_before(b_text, f.source_start), strict=False
        )
        after = zip(words_after(a_text, f.end), words_after(b_text, f.source_end), strict=False)
        back = _reach(before, a_text, b_text, floor, ceiling)
        ahead = _reach(after, a_text, b_text, floor, ceiling)
        out.append(
            replace(
                f,
                start=back[0][0] if back else f.start,
                source_start=back[1][0] if back else f.source_start,
                end=ahead[0][1] if ahead else f.end,
                source_end=ahead[1][1] if ahead else f.source_end,
            )
        )
    return tuple(out)


Span = tuple[int, int]


def _reach(
    pairs: Iterable[tuple[Span, Span]], a_text: str, b_text: str, lo: int, hi: int
) -> tuple[Span, Span] | None:
    """The farthest of the word pairs (nearest first) reached while each is equal on both
    sides and its checked-text span lies within [lo, hi), or None."""
    last = None
    for x, y in pairs:
        inside = lo <= x[0] and x[1] <= hi
        if not inside or a_text[x[0] : x[1]].casefold() != b_text[y[0] : y[1]].casefold():
            break
        last = (x, y)
    return last


_NEAR_CHARS = 120
"""How far outside a fragment uncounted words are looked for."""


def words_before(text: str, at: int) -> list[tuple[int, int]]:
    """Word spans ending at or before ``at``, nearest first, within _NEAR_CHARS."""
    lo = max(0, at - _NEAR_CHARS)
    spans = [(s + lo, e + lo) for s, e in word_spans(text[lo:at])]
    if lo > 0 and spans:
        spans = spans[1:]  # the first may be cut by the window
    return spans[::-1]


def words_after(text: str, at: int) -> list[tuple[int, int]]:
    """Word spans starting at or after ``at``, nearest first, within _NEAR_CHARS."""
    hi = min(len(text), at + _NEAR_CHARS)
    spans = [(s + at, e + at) for s, e in word_spans(text[at:hi])]
    if hi < len(text) and spans:
        spans = spans[:-1]
    return spans


def _chars(c: Canonical, w0: int, w1: int) -> tuple[int, int]:
    """Character span of words [w0, w1); an empty range is an empty span where it would be."""
    if w1 > w0:
        return int(c.starts[w0]), int(c.ends[w1 - 1])
    at = int(c.starts[w0]) if w0 < len(c) else int(c.ends[-1]) if len(c) else 0
    return at, at


def _coverage(
    n: int,
    ranges: list[tuple[int, int]],
    own: list[tuple[int, int]],
    gap: int,
    elsewhere: list[tuple[int, int]],
) -> np.ndarray:
    """Words inside the ranges, less runs of more than ``gap`` words only one side has (a
    sentence of the writer's own between two copied ones is inside the fragment, not copied),
    plus the further matches inside fragments (a sentence taken from another place of the
    source is copied, even where the fragment around it counts it as inserted)."""
    covered = np.zeros(n, dtype=bool)
    for lo, hi in ranges:
        covered[lo:hi] = True
    for lo, hi in own:
        if hi - lo > gap:
            covered[lo:hi] = False
    for lo, hi in elsewhere:
        covered[lo:hi] = True
    return covered


def _share(covered: np.ndarray) -> float:
    return float(covered.mean()) if len(covered) else 0.0
