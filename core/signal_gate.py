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

The pairs whose copies reach the threshold (reported whatever the stage adds) are gated too,
more strictly (:func:`skipped`, issue 40, branch ``gate2``): the stage still changes 36 of
the 2,512 such pairs showing no retelling at 10,000 essays (a sentence rewritten inside a
copied passage, which it counts whole) and 14 of the evidence sets' (two of them short
texts led by a copy whose retold rest shares no word with the source), so it is skipped
there only where moreover neither side is short (:data:`SHORT`) and no sentence it compares
lies on a copy's span (:func:`retold_in_copies`); measured to change no result on any set
(bench/diag_gate.py ``--reported``), and to skip 298 of the 312 reported pairs at 1,000.

Only ``compare`` gates (:func:`copylens.core.engine.compare_pair`); ``check`` runs the stage
on every pair, as before. The steps after the stage (sentence passages, summaries, …) run on
every pair either way: the summary step lifts pairs of its own (a PAN-13 summary pair
reported by a summary fragment alone shows no sign of a retelling).
"""

from __future__ import annotations

import numpy as np

from copylens.core.copies import found_in
from copylens.core.options import Options
from copylens.core.paraphrase import MAX_COVERED, sentence_bounds
from copylens.core.prepare import Prepared, share
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


SHORT = 20
"""Sentences the stage compares (:func:`~copylens.core.paraphrase.sentence_bounds`) on the
side with fewer, under which a pair whose copies reach ``min_containment`` runs the stage
whatever it shows: "copy a little, retell the rest" (a passage's first sentences copied, the
other three or four retold in words the source does not use) shows no sign, and its copies
lift the pair over the threshold (bench/diag_gate.py ``--reported``: two such pairs of 4–5
sentences; the scale collection's essays have 24 or more)."""


def skipped(a: Prepared, b: Prepared, found: Finding, options: Options) -> bool:
    """Whether ``compare`` skips the paraphrase stage on the pair, given what its copies
    found (``found``). Copies under ``min_containment`` on both sides: where no retelling is
    shown (:func:`retelling_shown`). Copies reaching it (a pair reported whatever the stage
    adds): where moreover neither side is short (:data:`SHORT`) and no sentence the stage
    would compare lies on a copy's span (:func:`retold_in_copies`: a sentence rewritten
    inside a copied passage, which the stage counts whole).

    Measured pair by pair (bench/diag_gate.py ``--reported``, every aligned pair with and
    without the stage, issue 40): on the reported pairs that show no retelling the stage
    changes 36 of 2,512 at 10,000 essays and 14 of the evidence sets' (Clough–Stevenson 9,
    "copy a little, retell the rest" 3, PAN-13 random 2): 12 + 36 of them have a sentence
    rewritten on a copy's span, the other 2 are short; the rule skips none of them, and
    298 of the 312 reported pairs at 1,000 essays, 2,372 of 2,518 at 10,000."""
    if copies_under(found, a, b, options):
        return not retelling_shown(a, b, found, options)
    bounds_a, bounds_b = sentence_bounds(a), sentence_bounds(b)
    if min(len(bounds_a), len(bounds_b)) < SHORT:
        return False
    if retold_in_copies(a, found.covered_a, [(f.start, f.end) for f in found.fragments]):
        return False
    spans_b = [(f.source_start, f.source_end) for f in found.fragments]
    if retold_in_copies(b, found.covered_b, spans_b):
        return False
    return not retelling_shown(a, b, found, options)


def retold_in_copies(doc: Prepared, covered: np.ndarray, spans: list[tuple[int, int]]) -> bool:
    """Whether a sentence of ``doc`` the stage compares (under
    :data:`~copylens.core.paraphrase.MAX_COVERED` of its words ``covered``, none ignored)
    holds a word on one of the copies' character ``spans`` on its side: a sentence rewritten
    inside a copied passage (the aligner's edits jump it), which the stage counts whole."""
    if not spans or not sentence_bounds(doc):
        return False
    lo, hi = _edges_of(doc)
    words = np.searchsorted(doc.canonical.starts, np.array(spans, dtype=np.int64).reshape(-1, 2))
    size = len(covered) + 1
    step = np.bincount(words[:, 0], minlength=size) - np.bincount(words[:, 1], minlength=size)
    on_span = _running(np.cumsum(step[:-1]) > 0)
    found = _running(covered)
    compared = found[hi] - found[lo] < MAX_COVERED * (hi - lo)
    if doc.ignored is not None:
        ignored = _running(doc.ignored)
        compared &= ignored[hi] == ignored[lo]
    return bool((compared & (on_span[hi] > on_span[lo])).any())


def _running(marks: np.ndarray) -> np.ndarray:
    """How many words are marked before each place (one more place than words)."""
    return np.concatenate(([0], np.cumsum(marks, dtype=np.int64)))


def copies_under(found: Finding, a: Prepared, b: Prepared, options: Options) -> bool:
    """Whether the copies found cover under ``min_containment`` of the words each side
    counts (:func:`copylens.core.prepare.share`)."""
    return max(share(found.covered_a, a), share(found.covered_b, b)) < options.min_containment


def retelling_shown(a: Prepared, b: Prepared, found: Finding, options: Options) -> bool:
    """Whether the pair shows a sign of a retelling outside its copies (``found``): shared
    k-grams strewn over :data:`STRAY_SENTENCES` sentences or more of a side, or sentences of
    A and B sharing several of their words (:data:`MATCHED`, :data:`MATCHED_SHARE`).

    Measured (bench/diag_gate.py, ``compare``'s pairs whose copies cover under the
    threshold): every such pair reported today on the paraphrase evidence (PAN-13 random,
    translation, summary; Clough–Stevenson; the hand-written rewrites and the tests' texts,
    alone, led by a copied sentence, and as whole essays; ParaPhraser's headlines) shows
    one, but one PAN-13 summary pair lifted by the summary step alone; at 1,000 essays
    sharing quotations 446 of the 557 pairs not reported show none.

    The cheaper test first (the stray k-grams of A, then of B: either side at
    :data:`STRAY_SENTENCES` settles it), and every set of distinct values made by a sort
    (numpy 2.4's ``np.unique`` hashes: 5–10× slower on a pair's few hundred words). Issue 40:
    0.31–0.33 → 0.17 ms a pair (one process, the 557 pairs of scale 1,000 it is asked
    about), 0.40–0.42 → 0.21 ms (the 993 of scale 10,000); the "paraphrase: gate" stage of
    ``compare`` ~0.68× main's at both; the same answers and counts behind them
    (tests/test_signal_gate.py keeps the first form as the reference; bench/diag_gate.py
    ``--against``)."""
    bounds_a, bounds_b = sentence_bounds(a), sentence_bounds(b)
    if not bounds_a or not bounds_b:
        return False
    k = options.seed_k
    starts_a, ends_a = _edges_of(a)
    if _stray_sentences(a, b, found.covered_a, starts_a, k) >= STRAY_SENTENCES:
        return True
    starts_b, ends_b = _edges_of(b)
    if _stray_sentences(b, a, found.covered_b, starts_b, k) >= STRAY_SENTENCES:
        return True
    words = _shared_words(
        _placed(a, found.covered_a, starts_a, ends_a), _placed(b, found.covered_b, starts_b, ends_b)
    )
    if words is None:
        return True
    shared, small = words
    close = shared >= SHARE * small
    if _matched(close & (shared >= WORDS)) >= MATCHED:
        return True
    return _matched(close & (shared >= FEW_WORDS)) >= MATCHED_SHARE * min(
        len(bounds_a), len(bounds_b)
    )


def _edges_of(doc: Prepared) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_edges` of the document's :func:`~copylens.core.paraphrase.sentence_bounds`,
    memoized on it (the gate asks for them up to twice a pair, and a group's first document
    is in every pair of the group: an array made of a tuple of tuples costs more than the
    rest of a side's test)."""
    memo: tuple[np.ndarray, np.ndarray] | None = doc.__dict__.get("_gate_edges")
    if memo is None:
        memo = doc.__dict__["_gate_edges"] = _edges(sentence_bounds(doc))
    return memo


def _edges(bounds: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
    """The first word of each sentence, and the word after its last."""
    edges = np.array(bounds, dtype=np.int64).reshape(-1, 2)
    return edges[:, 0], edges[:, 1]


def _stray_sentences(
    x: Prepared, y: Prepared, covered: np.ndarray, starts: np.ndarray, k: int
) -> int:
    """Sentences of X (``starts``: their first words) holding a k-gram Y holds too, on no
    ignored word, farther than :data:`NEAR` words from every word of X covered."""
    grams = x.text_grams(k)
    if len(grams) == 0:
        return 0
    hits = found_in(grams, y.seed_grams(k)[1])[0]  # ascending, as held_in's flatnonzero
    n = len(covered)
    if len(hits) and x.ignored is not None:
        ignored = np.concatenate(([0], np.cumsum(x.ignored)))
        hits = hits[ignored[np.minimum(hits + k, n)] == ignored[hits]]
    if len(hits) and covered.any():  # the first covered word from NEAR before the k-gram on
        at = np.flatnonzero(covered)
        first = np.searchsorted(at, hits - NEAR)
        hits = hits[(first == len(at)) | (at[np.minimum(first, len(at) - 1)] > hits + k - 1 + NEAR)]
    if len(hits) == 0:
        return 0
    sentence = np.searchsorted(starts, hits, side="right")  # ascending: count its runs
    return 1 + int(np.count_nonzero(sentence[1:] != sentence[:-1]))


def _shared_words(
    placed_a: tuple[np.ndarray, np.ndarray, int], placed_b: tuple[np.ndarray, np.ndarray, int]
) -> tuple[np.ndarray, np.ndarray] | None:
    """The distinct free words (not covered, not ignored) each sentence of A shares with each
    of B, and the smaller of the two sentences' counts of distinct free words; None where the
    matrices would hold more than :data:`MOST_CELLS` cells. ``placed_a``, ``placed_b``:
    :func:`_placed` of each side."""
    (sentence_a, words_a, rows_a), (sentence_b, words_b, rows_b) = placed_a, placed_b
    words = np.concatenate((words_a, words_b))
    order = np.argsort(words)  # ties are equal words: any order ranks them alike
    ranked = words[order]
    new = np.empty(len(ranked), dtype=bool)
    new[:1] = True
    np.not_equal(ranked[1:], ranked[:-1], out=new[1:])
    size = int(np.count_nonzero(new))  # the distinct free words of both sides
    number = np.empty(len(words), dtype=np.int64)  # each word's rank among them
    number[order] = np.cumsum(new) - 1
    codes_a = _distinct(sentence_a * size + number[: len(words_a)])
    codes_b = _distinct(sentence_b * size + number[len(words_a) :])
    if size == 0:  # no free word in any sentence: none shared
        column_a = column_b = np.empty(0, dtype=np.int64)
        sizes_a = np.zeros(rows_a, dtype=np.int64)
        sizes_b = np.zeros(rows_b, dtype=np.int64)
    else:
        column_a, column_b = codes_a % size, codes_b % size
        sizes_a = np.bincount(codes_a // size, minlength=rows_a)
        sizes_b = np.bincount(codes_b // size, minlength=rows_b)
    in_a = np.zeros(size, dtype=bool)
    in_a[column_a] = True
    in_b = np.zeros(size, dtype=bool)
    in_b[column_b] = True
    both = in_a & in_b  # only these can be shared
    shared_words = int(np.count_nonzero(both))
    if (rows_a + rows_b) * shared_words + rows_a * rows_b > MOST_CELLS:
        return None
    column = np.cumsum(both) - 1  # a shared word's column
    ma = np.zeros((rows_a, shared_words), dtype=np.float32)
    mb = np.zeros((rows_b, shared_words), dtype=np.float32)
    for m, codes, words_of in ((ma, codes_a, column_a), (mb, codes_b, column_b)):
        kept = both[words_of]
        m[codes[kept] // size, column[words_of[kept]]] = 1.0
    return ma @ mb.T, np.minimum(sizes_a[:, None], sizes_b[None, :])


def _distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` of integers, by a sort."""
    ranked = np.sort(values)
    if len(ranked) < 2:
        return ranked
    keep = np.empty(len(ranked), dtype=bool)
    keep[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=keep[1:])
    return ranked[keep]


def _placed(
    doc: Prepared, covered: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, np.ndarray, int]:
    """The sentence (an index of ``starts``, ``ends``) and the fingerprint of each free word
    (not covered, not ignored) inside a sentence, and how many sentences there are."""
    at = np.flatnonzero(~covered if doc.ignored is None else ~(covered | doc.ignored))
    sentence = np.searchsorted(starts, at, side="right") - 1
    inside = (sentence >= 0) & (at < ends[np.maximum(sentence, 0)])
    return sentence[inside].astype(np.int64), doc.canonical.hashes[at[inside]], len(starts)


def _matched(close: np.ndarray) -> int:
    """The smaller of the sentences of A and of B holding a match."""
    return int(min(close.any(axis=1).sum(), close.any(axis=0).sum()))
