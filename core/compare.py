"""Compare: one checked document against one source — resemblance, containment, fragments.

Resemblance is Broder's exact |S(A) ∩ S(B)| / |S(A) ∪ S(B)| over w-shingle sets (ALGORITHMS.md
§2), with the MinHash estimate beside it (§3). Containment comes from the aligned fragments
(issue 5): the share of A's canonical words inside fragments of B, and in reverse the share
of B's words inside the fragments' source ranges; a run of more than ``max_gap`` words that
only one side has (an inserted sentence of the writer's own, a source sentence left out) is
inside its fragment but not counted as covered. Character spans are taken from the words'
original spans, so they start and end on word boundaries of the extracted text.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np

from core.align import Alignment, align
from core.canonicalize import Canonical
from core.options import Options
from core.pool import can_fork, pool_map
from core.prepare import Prepared
from core.report import Edit, Fragment
from core.sketch import estimate


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
    alignments = align(a.canonical, b.canonical, options)
    return PairScore(
        resemblance=shared / union if union else 0.0,
        resemblance_estimate=estimate(a.sketch, b.sketch) if shared else 0.0,
        shingle_containment=shared / len(a.shingles) if len(a.shingles) else 0.0,
        covered_a=_coverage(
            len(a.canonical),
            [(f.a0, f.a1) for f in alignments],
            [(e.a0, e.a1) for f in alignments for e in f.edits if e.kind == "insert"],
            options.max_gap,
            [(x[0], x[1]) for f in alignments for x in f.elsewhere],
        ),
        covered_b=_coverage(
            len(b.canonical),
            [(f.b0, f.b1) for f in alignments],
            [(e.b0, e.b1) for f in alignments for e in f.edits if e.kind == "delete"],
            options.max_gap,
            [(x[2], x[3]) for f in alignments for x in f.elsewhere],
        ),
        fragments=tuple(to_fragment(f, a.canonical, b.canonical) for f in alignments),
    )


def score_pairs(
    pairs: Sequence[tuple[int, int]],
    left: Sequence[Prepared],
    right: Sequence[Prepared],
    options: Options,
) -> Generator[PairScore, None, None]:
    """score_pair(left[i], right[j]) for each (i, j), in order, on all cores when it pays.

    The pool forks after the documents are prepared, so workers inherit them instead of
    receiving them pickled; only the pair indices travel.
    """
    workers = min(options.process_count, max(1, len(pairs) // 32))
    if workers < 2 or not can_fork():
        return (score_pair(left[i], right[j], options) for i, j in pairs)
    global _SHARED
    _SHARED = (left, right, options)
    return pool_map(_score_shared, pairs, workers=workers, count=len(pairs))


_SHARED: tuple[Sequence[Prepared], Sequence[Prepared], Options] | None = None


def _score_shared(pair: tuple[int, int]) -> PairScore:
    assert _SHARED is not None, "score_pairs sets the documents before forking"
    left, right, options = _SHARED
    return score_pair(left[pair[0]], right[pair[1]], options)


def to_fragment(f: Alignment, a: Canonical, b: Canonical) -> Fragment:
    """Word ranges → character spans in both extracted texts."""
    start, end = _chars(a, f.a0, f.a1)
    source_start, source_end = _chars(b, f.b0, f.b1)
    edits = tuple(Edit(e.kind, *_chars(a, e.a0, e.a1), *_chars(b, e.b0, e.b1)) for e in f.edits)
    return Fragment(start, end, source_start, source_end, f.words, f.exact, edits)


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
