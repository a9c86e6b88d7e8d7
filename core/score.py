"""Score: one checked document against one source — resemblance, containment, fragments.

Resemblance is Broder's exact |S(A) ∩ S(B)| / |S(A) ∪ S(B)| over w-shingle sets (ALGORITHMS.md
§2), with the MinHash estimate beside it (§3). The fragments and the words they cover on each
side come from the pair signals (:data:`copylens.core.signals.PAIR`: copy alignment, then the
paraphrase stage), each adding to what the ones before it found; containment is the share of
A's canonical words covered, and in reverse of B's. :func:`containment_bound` bounds it from
the pair's seeds alone, without aligning. Scheduling pairs over the cores is
:mod:`copylens.core.pairs`' work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from copylens.core import signals
from copylens.core.arrays import distinct
from copylens.core.copies import (
    REACH,
    found_in,
    held_in,
    seed_zones,
    to_fragment,
    words_after,
    words_before,
)
from copylens.core.cpu import stage
from copylens.core.options import Options
from copylens.core.pairs import Group, as_pairs, each, groups_of, map_groups
from copylens.core.paraphrase import PARAPHRASE
from copylens.core.prepare import Prepared
from copylens.core.report import Fragment
from copylens.core.sentence_align import pair_sentences, text_units
from copylens.core.signal import Finding, PairSignal
from copylens.core.signal_gate import copies_under, retelling_shown
from copylens.core.sketch import estimate

__all__ = [  # what other modules import from here (scheduling and copies have their own homes)
    "Group",
    "PairScore",
    "Seeded",
    "as_pairs",
    "containment_bound",
    "containment_bounds",
    "each",
    "groups_of",
    "held_in",
    "map_groups",
    "resemblance_estimate",
    "score_pair",
    "seed_zones",
    "to_fragment",
    "words_after",
    "words_before",
]


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


def score_pair(
    a: Prepared,
    b: Prepared,
    options: Options,
    gate: bool = False,
    estimated: bool = True,
    dropped_under: bool = False,
) -> PairScore:
    """Measure A against B (see the module docstring for what each number means): the pair
    signals the options want, in the registry's order, each given what the ones before found,
    then the pair steps' ``assembled`` (:data:`copylens.core.signals.STEPS`). The pair's
    sentences are found once, first, and flow with what is found (``Finding.sentences``) to
    the steps that compare them, so a pair's unit-by-unit matrices are computed once and
    belong to its call alone (threads scoring pairs at once share nothing).

    With ``gate`` (``compare``'s pairs, :func:`copylens.core.engine.compare_pair`), the
    paraphrase stage is skipped on a pair whose copies cover under ``min_containment`` on
    both sides and which shows no sign of a retelling outside them
    (:mod:`copylens.core.signal_gate`); the steps run as always.

    With ``dropped_under`` (``compare``'s pairs: it reports none under ``min_containment``),
    a pair whose covered words are under ``min_containment`` on both sides once the last
    step that may add covered words ran (``PairStep.covers``) is returned as it is then: the
    steps after it only keep or take away covered words, so it stays under and is dropped
    all the same (:func:`copylens.core.engine.compare_pair`). Issue 40: at 1,000 essays
    557 of the 869 pairs aligned are such pairs; the names and source-edge steps were
    ~0.04 s of their CPU.

    Without ``estimated`` the MinHash estimate is not made (``resemblance_estimate`` is NaN):
    ``compare`` makes it only for the pairs it reports (:func:`resemblance_estimate`), each
    document's sketch then made from its shingles (issue 40: at 1,000 essays 869 pairs were
    aligned and 312 reported; the sketches were ~1 % of the pair workers' CPU)."""
    shared = len(np.intersect1d(a.shingles, b.shingles, assume_unique=True))
    union = len(a.shingles) + len(b.shingles) - shared
    with stage("sentences"):  # once a pair, for the steps comparing sentences (Finding.sentences)
        mine, theirs = text_units(a), text_units(b)  # a document's own parts: once each
        parts = (mine, theirs) if mine is not None and theirs is not None else None
        sentences = pair_sentences(a.canonical, b.canonical, (a.text, b.text), parts)
    found = Finding.nothing(len(a.canonical), len(b.canonical), sentences)
    for signal in signals.PAIR:
        if signal.wanted(options) and not (gate and _gated(signal, a, b, found, options)):
            found = signal.run(a, b, found, options)
    steps = [step for step in signals.STEPS if step.wanted(options)]
    covering = max((n for n, step in enumerate(steps) if step.covers), default=-1)
    for n, step in enumerate(steps):
        if dropped_under and n == covering + 1 and copies_under(found, a, b, options):
            break  # it stays under from here: compare drops it (docstring)
        with stage(f"{step.name}: assembled"):
            found = step.assembled(a, b, found, options)
    return PairScore(
        resemblance=shared / union if union else 0.0,
        resemblance_estimate=_estimate(a, b, shared) if estimated else float("nan"),
        shingle_containment=shared / len(a.shingles) if len(a.shingles) else 0.0,
        covered_a=found.covered_a,
        covered_b=found.covered_b,
        fragments=found.fragments,
    )


def resemblance_estimate(a: Prepared, b: Prepared, score: PairScore) -> float:
    """The pair's MinHash estimate of its resemblance, as :func:`score_pair` makes it (0 when
    the pair shares no shingle, ``score.resemblance`` 0)."""
    return _estimate(a, b, score.resemblance > 0)


def _estimate(a: Prepared, b: Prepared, shared: int | bool) -> float:
    return estimate(a.sketch, b.sketch) if shared else 0.0


def _gated(signal: PairSignal, a: Prepared, b: Prepared, found: Finding, options: Options) -> bool:
    """Whether ``compare`` skips ``signal`` on the pair (:mod:`copylens.core.signal_gate`):
    the paraphrase stage, on a pair its copies leave under the threshold that shows no sign of
    a retelling. A reported pair always runs it (what it would lose: the module's docstring)."""
    if signal.kind is not PARAPHRASE:
        return False
    with stage("paraphrase: gate"):
        return copies_under(found, a, b, options) and not retelling_shown(a, b, found, options)


def containment_bound(a: Prepared, b: Prepared, options: Options) -> float:
    """An upper bound of the pair's larger containment, from its seeds alone (no alignment).

    Proof: containment_ab is |C ∩ K| / |K|, C the words of A covered, K those A does not
    ignore (:func:`copylens.core.prepare.share`). :func:`score_pair` makes C ⊆ Z, Z A's seed
    zone (:func:`seed_zones`), and :func:`copylens.core.ignore.without_ignored` only removes
    words from C; so |C ∩ K| ≤ |Z ∩ K|, and the same holds for B. The bound is the larger of
    |Z ∩ K| / |K| over both sides: a pair it puts under ``min_containment`` is never reported,
    so it need not be aligned. tests/test_bound.py checks it on generated pairs. The summary
    step (:mod:`copylens.core.summary`) may cover words outside Z, even in a pair where no
    signal found a fragment: a pair skipped here loses at most a summary, a miss, never a mark.
    So may what "Find rewrites" (``Options.paraphrase``) adds, the paraphrase stage's and the
    sentence step's (:func:`copylens.core.sentence_align.alone`) ``"paraphrase"`` fragments,
    and the same retold words where they are ``"retold"`` edits inside a copy passage (the
    passage grouping, :class:`copylens.core.passages.PassageGrouping`): the bound is of copies
    (tests/test_bound.py runs with the option off, where no fragment holds a retold edit).
    """
    return float(containment_bounds(a, [b], options)[0])


class Seeded(Protocol):
    """What :func:`containment_bounds` reads of a document: its seed k-grams in text order
    (the group's first document's are sorted once, in the bound), its number of canonical
    words and the words it ignores. A :class:`~copylens.core.prepare.Prepared` has them, and
    so has what a large run keeps of a document it spilled to disk
    (:class:`copylens.core.spill.Spilled`, and :class:`copylens.core.spill.Seeds`)."""

    @property
    def size(self) -> int: ...

    @property
    def ignored(self) -> np.ndarray | None: ...

    def text_grams(self, k: int) -> np.ndarray: ...


def containment_bounds(a: Seeded, others: Sequence[Seeded], options: Options) -> np.ndarray:
    """:func:`containment_bound` of A with each of ``others``, in one pass over their seeds.

    A large collection's candidate pairs mostly share a sentence or two; bounding them one by
    one cost 54 µs of CPU a pair (1,000 essays sharing quotations), mostly calls on tiny
    arrays; here 10 µs. Every other document's k-grams are looked up in A's at once, and the
    zones are counted as runs of hits (a run breaks where more than ``max_gap`` words, and
    more than 2 · :data:`REACH`, lie between two hits: there the zones stop touching), so no
    mask per word is built. Equal, bit for bit, to the shares of :func:`seed_zones`' masks
    (tests/test_bound.py).

    A group costs a fixed number of numpy calls, most on a few hundred numbers, so their count
    is the cost (issue 40, 10,000 essays: 9,359 groups, 262,624 pairs): A's k-grams are sorted
    once (the distinct ones and where each lies in A, from one stable sort: :func:`_sorted`),
    the lookup keeps where each hit lies in A's distinct k-grams
    (:func:`~copylens.core.copies.found_in`, no second search), a hit maps to one place of A
    without expanding repeats when A repeats no k-gram, and both sides' zones are counted in
    one pass (owners 0…m−1 the others', m…2m−1 A's against each). 1.17 s of CPU for the whole
    stage where it took 1.67 in one process (bench/diag_bound.py), the bounds bit for bit the
    same. Then (bound64) the sort by 64-bit keys (:func:`_sorted`), the lookup's table read by
    ``take`` and no array made per document ignoring nothing or per run's end
    (:func:`_zone_shares`): 96-100 ms of CPU for the 938 groups of 1,000 essays against
    107-111 before, and 102-111 against 111-125 on a busier machine (nine alternations each,
    one process); in whole runs the stage's clock is 0.168-0.188 s against 0.170-0.194 (six
    alternations, machine shared: within its noise).
    """
    with stage("bound"):
        return _bounds(a, others, options)


def _bounds(a: Seeded, others: Sequence[Seeded], options: Options) -> np.ndarray:
    k, gap = options.seed_k, options.max_gap
    grams_a = a.text_grams(k)
    theirs = [o.text_grams(k) for o in others]  # not sorted: a third of the stage (issue 40)
    sizes = np.array([len(g) for g in theirs], dtype=np.int64)
    if len(grams_a) == 0 or not sizes.any():
        return np.zeros(len(others))
    order, sorted_a, starts = _sorted(grams_a)
    flat = np.concatenate(theirs)
    where, at = found_in(flat, sorted_a)
    ends = np.cumsum(sizes)
    owner = np.searchsorted(ends, where, side="right")
    n_a, m = max(a.size, 1), len(others)
    if len(starts) == len(order):  # A repeats no k-gram: each hit is at one place of A
        codes = distinct(owner * n_a + order[at])
    else:
        first, count = starts[at], np.diff(starts, append=len(order))[at]
        step = np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count)
        codes = distinct(np.repeat(owner, count) * n_a + order[np.repeat(first, count) + step])
    shares = _zone_shares(  # B's zones (owner o < m), then A's with B = others[o - m]
        np.concatenate((owner, m + codes // n_a)),
        np.concatenate((where - (ends - sizes)[owner], codes % n_a)),
        [*others, a],
        np.concatenate((np.arange(m), np.full(m, m))),
        k,
        gap,
    )
    return np.maximum(shares[m:], shares[:m])


def _sorted(grams: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stable order sorting ``grams`` (uint32 k-grams), the distinct values in ascending
    order, and where each distinct value's run starts in the order.

    Each k-gram and its place make one 64-bit key (k-gram above, place below): the keys are
    distinct, so any sort of them gives the stable order, and numpy's default sort of 64-bit
    integers is its vectorized one. Issue 40: 4.5 µs against 11.3 for the stable
    ``argsort`` of a group's first document (1,000 essays, 390 k-grams, one process)."""
    if grams.dtype != np.uint32:  # a bound only ever gets the summaries' 32 bits (Spilled)
        order = np.argsort(grams, kind="stable")
        ordered = grams[order]
    else:
        key = grams.astype(np.uint64) << np.uint64(32)
        key |= np.arange(len(grams), dtype=np.uint64)
        key.sort()
        order = (key & np.uint64(0xFFFFFFFF)).astype(np.int64)
        ordered = (key >> np.uint64(32)).astype(np.uint32)
    new = np.ones(len(ordered), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    return order, ordered[starts], starts


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
    last = np.empty_like(first)  # each run's last seed (np.append: ~3 µs a call more)
    last[:-1] = first[1:] - 1
    last[-1] = len(pos) - 1
    hi = np.minimum(ends[last] + REACH, n[of])
    inside, kept = hi - lo, n
    if any(d.ignored is not None for d in docs):
        base = (np.cumsum(lengths) - lengths)[doc_of]
        at, r, t = base[of], len(of), len(doc_of)
        held = np.flatnonzero(np.concatenate([_ignored(d) for d in docs]))  # docs end to end
        # the words ignored before a place: those of ``held`` before it (one search for all)
        before = np.searchsorted(held, np.concatenate((at + hi, at + lo, base + n, base)))
        inside = inside - (before[:r] - before[r : 2 * r])
        kept = n - (before[2 * r : 2 * r + t] - before[2 * r + t :])
    covered = np.bincount(of, weights=inside, minlength=len(doc_of))
    return np.divide(covered, kept, out=np.zeros(len(doc_of)), where=kept > 0)


def _ignored(doc: Seeded) -> np.ndarray:
    """``doc.ignored``, or no word ignored: a view of :data:`_NONE` where it is long enough (a
    group's ~30 documents each made their own array of zeros, ~1 µs apiece; issue 40)."""
    if doc.ignored is not None:
        return doc.ignored
    return _NONE[: doc.size] if doc.size <= len(_NONE) else np.zeros(doc.size, dtype=bool)


_NONE = np.zeros(1 << 16, dtype=bool)
_NONE.flags.writeable = False  # shared by every call (and thread): only read


def _share(covered: np.ndarray) -> float:
    return float(covered.mean()) if len(covered) else 0.0
