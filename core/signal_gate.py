"""Signal gate: whether ``compare`` runs the paraphrase stage on a pair its copies left under
the threshold (issue 40).

At 1,000 essays sharing quotations (``bench/make_essays.py --common``), 557 of the 869 pairs
``compare`` aligns are not reported: their copies cover under ``min_containment`` and the
paraphrase stage, most of their CPU, finds nothing in them. Stopping every such pair after its
copies (branch ``scale-gate``) loses the pairs a retelling lifts over the threshold ("copy a
little, retell the rest"), so the stage is skipped only where the pair shows no sign of a
retelling outside its copies (:func:`retelling_shown`): a design rule, not a bound (the stage
compares meanings, which no count of equal words bounds), measured on both sides by
``bench/diag_gate.py`` (docs/measurements.md).

Only ``compare`` gates (:func:`copylens.core.engine.compare_pair`); ``check`` runs the stage
on every pair, as before. The steps after the stage (sentence passages, summaries, …) run on
every pair either way: the summary step lifts pairs of its own (a PAN-13 summary pair
reported by a summary fragment alone shows no sign of a retelling).
"""

from __future__ import annotations

import numpy as np

from copylens.core.options import Options
from copylens.core.paraphrase import sentence_bounds
from copylens.core.prepare import Prepared
from copylens.core.signal import Finding

NEAR = 5
"""Words around a copy within which a shared ``seed_k``-gram is the copy's own edge (a
chance hit beside a shared quotation), not a sign of a retelling."""
STRAY_SENTENCES = 2
"""Sentences of one side holding a stray shared k-gram (farther than :data:`NEAR` words
from any copy, on no ignored word) from which a pair shows a retelling."""
WORDS = 4
"""Distinct canonical words (not copied, not ignored) that a sentence of A and one of B must
share, and :data:`SHARE` of the shorter one's, to be a matched sentence..."""
SHARE = 0.3
MATCHED = 2
"""...and matched sentences on each side from which a pair shows a retelling; or, with
:data:`FEW_WORDS` shared instead of :data:`WORDS`, this share of the sentences of the side
with fewer (:data:`MATCHED_SHARE`: a short text retold, a headline)."""
FEW_WORDS = 3
MATCHED_SHARE = 0.1


def copies_under(found: Finding, a: Prepared, b: Prepared, options: Options) -> bool:
    """Whether the copies found cover under ``min_containment`` of the words each side
    counts, as :func:`copylens.core.ignore.share` counts it (which imports this module's
    caller, :mod:`copylens.core.score`)."""
    least = options.min_containment
    return max(_share(found.covered_a, a), _share(found.covered_b, b)) < least


def _share(covered: np.ndarray, doc: Prepared) -> float:
    counted = covered if doc.ignored is None else covered[~doc.ignored]
    return float(counted.mean()) if len(counted) else 0.0


def retelling_shown(a: Prepared, b: Prepared, found: Finding, options: Options) -> bool:
    """Whether the pair shows a sign of a retelling outside its copies (``found``): shared
    k-grams strewn over :data:`STRAY_SENTENCES` sentences or more of a side, or sentences of
    A and B sharing several of their words (:data:`MATCHED`, :data:`MATCHED_SHARE`).

    Measured (bench/diag_gate.py, ``compare``'s pairs whose copies cover under the
    threshold): every such pair reported today on the paraphrase evidence (PAN-13 random,
    translation, summary; Clough–Stevenson; the hand-written rewrites and the tests' texts,
    alone, led by a copied sentence, and as whole essays; ParaPhraser's headlines) shows
    one, but one PAN-13 summary pair lifted by the summary step alone; at 1,000 essays
    sharing quotations 446 of the 557 pairs not reported show none."""
    bounds_a, bounds_b = sentence_bounds(a), sentence_bounds(b)
    if not bounds_a or not bounds_b:
        return False
    k = options.seed_k
    stray = max(
        _stray_sentences(a, b, found.covered_a, bounds_a, k),
        _stray_sentences(b, a, found.covered_b, bounds_b, k),
    )
    if stray >= STRAY_SENTENCES:
        return True
    shared, small = _shared_words(a, b, found, bounds_a, bounds_b)
    close = shared >= SHARE * small
    many = _matched(close & (shared >= WORDS))
    few = _matched(close & (shared >= FEW_WORDS))
    return many >= MATCHED or few >= MATCHED_SHARE * min(len(bounds_a), len(bounds_b))


def _free(doc: Prepared, covered: np.ndarray) -> np.ndarray:
    return ~covered if doc.ignored is None else ~(covered | doc.ignored)


def _stray_sentences(
    x: Prepared, y: Prepared, covered: np.ndarray, bounds: tuple[tuple[int, int], ...], k: int
) -> int:
    """Sentences of X holding a k-gram Y holds too, on no ignored word, farther than
    :data:`NEAR` words from every word of X covered."""
    grams = x.text_grams(k)
    n = len(covered)
    if len(grams) == 0:
        return 0
    held = np.isin(grams, y.seed_grams(k)[1], assume_unique=False)
    if x.ignored is not None:
        ignored = np.concatenate(([0], np.cumsum(x.ignored)))
        starts = np.arange(len(grams))
        held &= ignored[np.minimum(starts + k, n)] == ignored[starts]
    hits = np.flatnonzero(held)
    if len(hits) == 0:
        return 0
    near = np.zeros(n + 1, dtype=np.int64)  # words within NEAR of a covered word, as a sum
    at = np.flatnonzero(covered)
    np.add.at(near, np.maximum(at - NEAR, 0), 1)
    np.add.at(near, np.minimum(at + NEAR + 1, n), -1)
    close = np.concatenate(([0], np.cumsum(np.cumsum(near)[:n] > 0)))
    far = hits[close[np.minimum(hits + k, n)] == close[hits]]
    starts = np.array([lo for lo, _ in bounds])
    return len(np.unique(np.searchsorted(starts, far, side="right")))


def _shared_words(
    a: Prepared,
    b: Prepared,
    found: Finding,
    bounds_a: tuple[tuple[int, int], ...],
    bounds_b: tuple[tuple[int, int], ...],
) -> tuple[np.ndarray, np.ndarray]:
    """The distinct free words (not covered, not ignored) each sentence of A shares with each
    of B, and the smaller of the two sentences' counts of distinct free words."""
    rows_a, sizes_a = _incidence(a, found.covered_a, bounds_a)
    rows_b, sizes_b = _incidence(b, found.covered_b, bounds_b)
    vocabulary = np.union1d(rows_a[1], rows_b[1])
    ma = np.zeros((len(bounds_a), len(vocabulary)), dtype=np.float32)
    mb = np.zeros((len(bounds_b), len(vocabulary)), dtype=np.float32)
    ma[rows_a[0], np.searchsorted(vocabulary, rows_a[1])] = 1.0
    mb[rows_b[0], np.searchsorted(vocabulary, rows_b[1])] = 1.0
    return ma @ mb.T, np.minimum(sizes_a[:, None], sizes_b[None, :])


def _incidence(
    doc: Prepared, covered: np.ndarray, bounds: tuple[tuple[int, int], ...]
) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray]:
    """(sentence, word) of each distinct free word of each sentence, and each sentence's
    count of them."""
    free = _free(doc, covered)
    hashes = doc.canonical.hashes
    sentence = np.full(len(hashes), -1, dtype=np.int64)
    for s, (lo, hi) in enumerate(bounds):
        sentence[lo:hi] = s
    keep = free & (sentence >= 0)
    pairs = np.unique(
        np.stack((sentence[keep].astype(np.uint64), hashes[keep].astype(np.uint64))), axis=1
    )
    rows = pairs[0].astype(np.int64)
    return (rows, pairs[1]), np.bincount(rows, minlength=len(bounds))


def _matched(close: np.ndarray) -> int:
    """The smaller of the sentences of A and of B holding a match."""
    return int(min(close.any(axis=1).sum(), close.any(axis=0).sum()))
