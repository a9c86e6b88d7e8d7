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

from copylens.core.copies import held_in
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
MOST_CELLS = 1 << 23
"""Most cells of the sentence-by-word and sentence-by-sentence matrices :func:`_shared_words`
makes (32 MB of float32): a pair of long documents past it (two books) shows a retelling, so
the stage runs as it does without the gate, rather than the gate taking gigabytes."""


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
    words = _shared_words(a, b, found, bounds_a, bounds_b)
    if words is None:
        return True
    shared, small = words
    close = shared >= SHARE * small
    many = _matched(close & (shared >= WORDS))
    few = _matched(close & (shared >= FEW_WORDS))
    return many >= MATCHED or few >= MATCHED_SHARE * min(len(bounds_a), len(bounds_b))


def _stray_sentences(
    x: Prepared, y: Prepared, covered: np.ndarray, bounds: tuple[tuple[int, int], ...], k: int
) -> int:
    """Sentences of X holding a k-gram Y holds too, on no ignored word, farther than
    :data:`NEAR` words from every word of X covered."""
    grams = x.text_grams(k)
    if len(grams) == 0:
        return 0
    hits = np.flatnonzero(held_in(grams, y.seed_grams(k)[1]))
    n = len(covered)
    if len(hits) and x.ignored is not None:
        ignored = np.concatenate(([0], np.cumsum(x.ignored)))
        hits = hits[ignored[np.minimum(hits + k, n)] == ignored[hits]]
    at = np.flatnonzero(covered)
    if len(hits) and len(at):  # the first covered word from NEAR before the k-gram on
        first = np.searchsorted(at, hits - NEAR)
        hits = hits[(first == len(at)) | (at[np.minimum(first, len(at) - 1)] > hits + k - 1 + NEAR)]
    if len(hits) == 0:
        return 0
    starts = np.array([lo for lo, _ in bounds])
    return len(np.unique(np.searchsorted(starts, hits, side="right")))


def _shared_words(
    a: Prepared,
    b: Prepared,
    found: Finding,
    bounds_a: tuple[tuple[int, int], ...],
    bounds_b: tuple[tuple[int, int], ...],
) -> tuple[np.ndarray, np.ndarray] | None:
    """The distinct free words (not covered, not ignored) each sentence of A shares with each
    of B, and the smaller of the two sentences' counts of distinct free words; None where the
    matrices would hold more than :data:`MOST_CELLS` cells."""
    sentence_a, words_a = _placed(a, found.covered_a, bounds_a)
    sentence_b, words_b = _placed(b, found.covered_b, bounds_b)
    vocabulary = np.unique(np.concatenate((words_a, words_b)))
    size = len(vocabulary)
    codes_a = np.unique(sentence_a * size + np.searchsorted(vocabulary, words_a))
    codes_b = np.unique(sentence_b * size + np.searchsorted(vocabulary, words_b))
    sizes_a = np.bincount(codes_a // size, minlength=len(bounds_a))
    sizes_b = np.bincount(codes_b // size, minlength=len(bounds_b))
    both = np.intersect1d(codes_a % size, codes_b % size)  # only these can be shared
    rows = len(bounds_a) + len(bounds_b)
    if rows * len(both) + len(bounds_a) * len(bounds_b) > MOST_CELLS:
        return None
    ma = np.zeros((len(bounds_a), len(both)), dtype=np.float32)
    mb = np.zeros((len(bounds_b), len(both)), dtype=np.float32)
    for m, codes in ((ma, codes_a), (mb, codes_b)):
        column = np.searchsorted(both, codes % size)
        kept = column < len(both)
        kept[kept] = both[column[kept]] == (codes % size)[kept]
        m[codes[kept] // size, column[kept]] = 1.0
    return ma @ mb.T, np.minimum(sizes_a[:, None], sizes_b[None, :])


def _placed(
    doc: Prepared, covered: np.ndarray, bounds: tuple[tuple[int, int], ...]
) -> tuple[np.ndarray, np.ndarray]:
    """The sentence (an index of ``bounds``) and the fingerprint of each free word (not
    covered, not ignored) inside a sentence."""
    starts = np.array([lo for lo, _ in bounds])
    ends = np.array([hi for _, hi in bounds])
    at = np.flatnonzero(~covered if doc.ignored is None else ~(covered | doc.ignored))
    sentence = np.searchsorted(starts, at, side="right") - 1
    inside = (sentence >= 0) & (at < ends[np.maximum(sentence, 0)])
    return sentence[inside].astype(np.int64), doc.canonical.hashes[at[inside]]


def _matched(close: np.ndarray) -> int:
    """The smaller of the sentences of A and of B holding a match."""
    return int(min(close.any(axis=1).sum(), close.any(axis=0).sum()))
