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

A pair its copies report always runs the stage (:func:`copies_under` false): what the stage
adds there, a retold sentence counted inside a copy passage, a paraphrase fragment, often
shows no sign outside the copies. Asking :func:`retelling_shown` of reported pairs too (branch
gate60, issue 40) skips the stage on 311 of the 312 pairs reported at 1,000 essays (~0.4 s of
~5 s CPU saved, the JSON identical), but bench/diag_gate.py ``--against`` finds what it loses
among the reported pairs it skips, each a retelling the stage shows today: Clough–Stevenson 9
of 66 (a retold sentence in a copy passage; containment down 0.05–0.10), ``led`` 3 of 36 (one
Russian pair from 1.0 to 0.33: a sentence copied, the rest retold, no sentence of it sharing
two words with the source's), PAN-13 random 2 of 3 (a retold sentence; 0.175 to 0.108), and
at 10,000 essays 36 of the 2,518 pairs (edited copies no longer counted whole: down
0.01–0.03); nothing in PAN-13 translation, summary, verbatim, ParaPhraser or the rewrites. Each
shows one matched sentence or none, as many of the essays' chance matches do
(tests/test_signal_gate.py keeps one such pair). A narrower sign, a sentence the stage
compares beside a copy on each side, loses none of them (diag_gate's sets but ParaPhraser's,
not run; the JSON at 10,000 identical) but skips 203 of the 312 at 1,000, 177 of which leave a
side no word to compare (the stage stops at once there), and costs more than it saves: at
10,000 the paraphrase stages took 7.70 s of CPU against main's 6.04 (the gate, asked of every
pair, 1.99 against 0.66 s; the sentences it finds, 0.73 against 0.27).

Only ``compare`` gates (:func:`copylens.core.engine.compare_pair`); ``check`` runs the stage
on every pair, as before. The steps after the stage (sentence passages, summaries, …) run on
every pair either way: the summary step lifts pairs of its own (a PAN-13 summary pair
reported by a summary fragment alone shows no sign of a retelling).
"""

from __future__ import annotations

import numpy as np

from copylens.core.copies import found_in
from copylens.core.options import Options
from copylens.core.paraphrase import sentence_bounds, sentence_edges
from copylens.core.prepare import GRAMS_MEMO_WORDS, Prepared, share
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
    ``--against``). Then (issue 40, gate62) what a document's pairs share made once per
    document (:class:`_Facts`), both sides' words counted in one set and one matrix, a
    sentinel for the covered words and few hits counted in Python: the 869 calls of scale
    1,000 replayed in one process, 0.83–0.87× main's CPU, the same answers, counts and
    matrices."""
    bounds_a, bounds_b = sentence_bounds(a), sentence_bounds(b)
    if not bounds_a or not bounds_b:
        return False
    k = options.seed_k
    starts_a, ends_a = sentence_edges(a).T
    if _stray_sentences(a, b, found.covered_a, starts_a, k) >= STRAY_SENTENCES:
        return True
    starts_b, ends_b = sentence_edges(b).T
    if _stray_sentences(b, a, found.covered_b, starts_b, k) >= STRAY_SENTENCES:
        return True
    words = _shared_words(
        _placed(a, found.covered_a, starts_a, ends_a, k),
        _placed(b, found.covered_b, starts_b, ends_b, k),
    )
    if words is None:
        return True
    shared, small = words
    close = shared >= SHARE * small
    if _matched(close & (shared >= WORDS), MATCHED) >= MATCHED:
        return True
    least = MATCHED_SHARE * min(len(bounds_a), len(bounds_b))
    return _matched(close & (shared >= FEW_WORDS), least) >= least


def _stray_sentences(
    x: Prepared, y: Prepared, covered: np.ndarray, starts: np.ndarray, k: int
) -> int:
    """Sentences of X (``starts``: their first words) holding a k-gram Y holds too, on no
    ignored word, farther than :data:`NEAR` words from every word of X covered."""
    if len(x.text_grams(k)) == 0:
        return 0
    at, grams = _facts(x, k).free_grams
    hits = at[found_in(grams, y.seed_grams(k)[1])[0]]  # ascending, as held_in's flatnonzero
    if len(hits) == 0:
        return 0
    near = np.flatnonzero(covered)
    if len(near):  # the first covered word from NEAR before the k-gram on, if any (else past)
        first = np.append(near, len(covered) + k + NEAR)[near.searchsorted(hits - NEAR)]
        hits = hits[first > hits + (k - 1 + NEAR)]
    if len(hits) < 8:  # a few: counted as Python numbers, cheaper than four calls of numpy
        return len(set(starts.searchsorted(hits, side="right").tolist()))
    sentence = starts.searchsorted(hits, side="right")  # ascending: count its runs
    return 1 + int(np.count_nonzero(sentence[1:] != sentence[:-1]))


class _Facts:
    """What the gate reads of a document for every pair it is in, whatever was copied
    (issue 40: made once per document, not once per pair; a document's pairs in ``compare``
    share it while the worker holds the document, :data:`copylens.core.spill.DOCUMENTS_HELD`):
    its ``k``-grams on no ignored word (:attr:`free_grams`) and the sentence of each word
    inside one and not ignored (:attr:`sentence_of`). :func:`_facts` makes it."""

    __slots__ = ("eligible", "free_grams", "sentence_of")

    def __init__(self, doc: Prepared, k: int) -> None:
        grams = doc.text_grams(k)
        at = np.arange(len(grams), dtype=np.int64)
        if doc.ignored is not None and len(grams):
            ignored = np.concatenate(([0], np.cumsum(doc.ignored)))
            at = at[ignored[np.minimum(at + k, len(doc.ignored))] == ignored[at]]
        self.free_grams: tuple[np.ndarray, np.ndarray] = (at, grams[at])
        """Where X's k-grams holding no ignored word start, and those k-grams."""
        starts, ends = sentence_edges(doc).T
        words = np.arange(len(doc.canonical), dtype=np.int64)
        sentence = starts.searchsorted(words, side="right") - 1
        inside = (sentence >= 0) & (words < ends[np.maximum(sentence, 0)])
        if doc.ignored is not None:
            inside &= ~doc.ignored
        self.sentence_of: np.ndarray = np.where(inside, sentence, -1)
        """The sentence (an index of :func:`sentence_edges`) of each word inside one and not
        ignored; -1 for the others."""
        self.eligible: np.ndarray = inside
        """``sentence_of >= 0``."""


def _facts(doc: Prepared, k: int) -> _Facts:
    """The document's :class:`_Facts` for ``k``, memoized on it but for a document of more
    than :data:`copylens.core.prepare.GRAMS_MEMO_WORDS` words (as its k-grams are)."""
    memo: dict[int, _Facts] = doc.__dict__.setdefault("_gate_facts", {})
    found = memo.get(k)
    if found is None:
        found = _Facts(doc, k)
        if len(doc.canonical) <= GRAMS_MEMO_WORDS:
            memo[k] = found
    return found


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
    if size == 0:  # no free word in any sentence: none shared
        if rows_a * rows_b > MOST_CELLS:
            return None
        return np.zeros((rows_a, rows_b), dtype=np.float32), np.zeros(
            (rows_a, rows_b), dtype=np.int64
        )
    number = np.empty(len(words), dtype=np.int64)  # each word's rank among them
    number[order] = np.cumsum(new) - 1
    # the sentences of A, then B's after them (rows_a on): one set of (sentence, word) codes
    rows = np.concatenate((sentence_a, sentence_b + rows_a))
    codes = _distinct(rows * size + number)  # A's first (its rows are the lower)
    row, column = np.divmod(codes, size)
    sizes = np.bincount(row, minlength=rows_a + rows_b)
    split = int(codes.searchsorted(rows_a * size))
    in_a = np.zeros(size, dtype=bool)
    in_a[column[:split]] = True
    in_b = np.zeros(size, dtype=bool)
    in_b[column[split:]] = True
    both = in_a & in_b  # only these can be shared
    shared_words = int(np.count_nonzero(both))
    if (rows_a + rows_b) * shared_words + rows_a * rows_b > MOST_CELLS:
        return None
    at = np.cumsum(both) - 1  # a shared word's column
    kept = both[column]
    m = np.zeros((rows_a + rows_b, shared_words), dtype=np.float32)
    m[row[kept], at[column[kept]]] = 1.0
    return m[:rows_a] @ m[rows_a:].T, np.minimum(sizes[:rows_a, None], sizes[None, rows_a:])


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
    doc: Prepared, covered: np.ndarray, starts: np.ndarray, ends: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray, int]:
    """The sentence (an index of ``starts``, ``ends``: :func:`sentence_edges` of ``doc``) and
    the fingerprint of each free word (not covered, not ignored) inside a sentence, and how
    many sentences there are."""
    facts = _facts(doc, k)
    at = np.flatnonzero(facts.eligible > covered)  # eligible and not covered
    return facts.sentence_of[at], doc.canonical.hashes[at], len(starts)


def _matched(close: np.ndarray, least: float = 0.0) -> int:
    """The smaller of the sentences of A and of B holding a match; or, where fewer than
    ``least`` cells match (so fewer sentences of either side: the answer is under ``least``
    either way), their count (one call instead of five on most pairs, issue 40)."""
    cells = int(np.count_nonzero(close))
    if cells < least:
        return cells
    return int(min(close.any(axis=1).sum(), close.any(axis=0).sum()))
