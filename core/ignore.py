"""Ignore: text that is never part of a fragment — templates and common phrases (issue 12).

A run ignores two kinds of text in its documents (and sources):

* template text: every run of ``anchor_words`` canonical words that also occurs in one of the
  run's ignored files (an assignment, a handout, a form every essay fills in: JPlag's base
  code, Dolos' ignore file);
* common phrases (``compare`` only): every run of ``anchor_words`` canonical words held by more
  than ``max_df_share`` of the run's documents, and by at least :data:`COMMON_MIN_DOCUMENTS`,
  in a run of at least :data:`MIN_DOCUMENTS` (Dolos' ``-M``).

The words are marked by the templates signal (:mod:`copylens.core.templates`, a document
signal of the registry, like citations) and ignored here (:func:`with_ignored`); the phrases
are counted here.

Why runs of ``anchor_words`` (5 lemmas): every fragment holds such a run, so text sharing no
such run with a template can never make a fragment through it; a shorter match (three words of
the topic's phrasing) is the writer's own.

What must hold:

* an ignored word is never inside a fragment, on either side, and never counts as borrowed;
  the shares (containment, uniqueness, exclusive) are of the words left, as JPlag subtracts
  the base code's tokens and Dolos the ignored fingerprints from their denominators;
* no word's span moves: offsets into the extracted text stay exact;
* a run that ignores nothing is the run without this module (the same objects go through).

How, without touching alignment: an ignored word gets a lemma, a written form and a fingerprint
of its own that equal nothing in the run, and the document's shingles and anchor k-grams that
hold an ignored word are left out. So an ignored word seeds, anchors and extends nothing, and
is in no resemblance and no candidate key. Alignment may still carry a fragment across a short
ignored stretch (the gap between seeds, the merge of neighbouring chains) or widen it over
equal words beside it; such a fragment is aligned again on its stretches free of ignored words
(:func:`without_ignored`), where each part stands or falls by itself (minimum length, anchor).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any, Protocol

import numpy as np

from copylens.core.align import align
from copylens.core.arrays import distinct
from copylens.core.canonicalize import Canonical, clause_ids, fingerprint
from copylens.core.copies import nearest_after, nearest_before, to_fragment
from copylens.core.index import each_bucket, held_runs
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Fragment
from copylens.core.score import PairScore
from copylens.core.sentence_align import IGNORED_FORM
from copylens.core.shingle import kgrams, kgrams_of, shingles
from copylens.core.templates import ignored_words

MIN_DOCUMENTS = 10
"""Common phrases are looked for only in a run of at least this many documents: below it, a
share of the run is a handful of documents, which a passage copied among friends reaches."""
COMMON_MIN_DOCUMENTS = 3
"""A phrase is common only if at least this many documents hold it, whatever the share: a
passage two documents share is what ``compare`` looks for."""

_NONE = np.empty(0, dtype=np.uint64)


class Anchored(Protocol):
    """A document's distinct anchor k-grams, sorted (prepared, or spilled)."""

    @property
    def anchors(self) -> np.ndarray: ...


def template_phrases(ignored: Sequence[Anchored]) -> np.ndarray:
    """The anchor k-grams of the ignored files, sorted and distinct."""
    parts = [p.anchors for p in ignored]
    return distinct(np.concatenate(parts)) if parts else _NONE


def common_phrases(anchors: Sequence[np.ndarray], options: Options, threads: int = 1) -> np.ndarray:
    """The anchor k-grams held by more than ``max_df_share`` of the documents whose distinct
    anchor k-grams are ``anchors`` (and by at least :data:`COMMON_MIN_DOCUMENTS`); none in a
    run of fewer than :data:`MIN_DOCUMENTS`. Counted a range of fingerprints at a time
    (:func:`copylens.core.index.buckets`), so a large run never sorts all its anchors at once,
    on up to ``threads`` threads (:func:`copylens.core.index.each_bucket`)."""
    if options.max_df_share >= 1.0 or len(anchors) < MIN_DOCUMENTS:
        return _NONE

    def common(values: np.ndarray, owners: np.ndarray) -> np.ndarray:
        return held_by_many(values, len(anchors), options)

    return np.concatenate(each_bucket(anchors, common, threads=threads))


def held_by_many(anchors: np.ndarray, documents: int, options: Options) -> np.ndarray:
    """The common phrases among ``anchors``, the distinct anchor k-grams of each document of a
    run of ``documents`` concatenated: the count of :func:`common_phrases`. Any subset of the
    values may be counted apart, as long as all holders of a value are in it (a distributed
    run counts each bucket of its shuffle, ``copylens.core.distribute``). Counted as the runs of
    equal values of more than the limit (:func:`copylens.core.index.held_runs`), not as the
    count of every distinct value (issue 40: the 390,000 anchors of 1,000 essays in 4.2-5.9 ms
    of CPU against 6.6-9.6, five alternations, serial in the process running ``compare``)."""
    if options.max_df_share >= 1.0 or documents < MIN_DOCUMENTS:
        return _NONE
    limit = max(options.max_df_share * documents, COMMON_MIN_DOCUMENTS - 1)
    ordered = np.sort(anchors)
    starts, _ = held_runs(ordered, math.floor(limit) + 1, len(ordered))  # held > limit times
    return ordered[starts]


def ignore_phrases(
    documents: Sequence[Prepared], phrases: np.ndarray, options: Options, first: int = 0
) -> list[Prepared]:
    """``documents`` with the words of ``phrases`` (sorted anchor k-gram fingerprints) ignored;
    a document holding none of them is returned as it is. ``first`` is the run's position of
    ``documents[0]`` (the salt of :func:`with_ignored` tells the run's documents apart, so one
    partition of a distributed run passes its offset)."""
    if len(phrases) == 0:
        return list(documents)
    out = []
    for n, doc in enumerate(documents, start=first):
        words = ignored_words(doc.canonical, phrases, options.anchor_words)
        out.append(doc if words is None else with_ignored(doc, words, n, options))
    return out


def with_ignored(doc: Prepared, words: np.ndarray, salt: int, options: Options) -> Prepared:
    """``doc`` with ``words`` ignored: each gets a lemma, a written form and a fingerprint of
    its own (``salt`` tells the run's documents apart), and the shingles and anchor k-grams
    holding one are left out. Spans are untouched. Words ``doc`` ignores already stay ignored.

    Every spilled document ignoring a word is made so again each time a pair worker reads it
    back (:func:`copylens.core.spill.load`: 3,835 of 6,418 loads at 10,000 essays), so its
    shingles and anchors are made from those it holds, less the windows holding an ignored
    word (:func:`_windows_left`), where it ignores nothing yet and repeats no window; else
    both sizes of window are made in one pass (:func:`_windows`; issue 40)."""
    if doc.ignored is not None:
        words = words | doc.ignored  # ignored already (a template's), ignored still
    c = doc.canonical
    at = np.flatnonzero(words).tolist()
    own = _own_fingerprints(at, salt)
    hashes, variants, forms = c.hashes.copy(), c.variants.copy(), list(c.forms)
    hashes[at] = own
    variants[at] = own
    for i in at:
        # its own form (never "\x00": Canonical pickles forms joined by it), known by its start
        forms[i] = f"{IGNORED_FORM}{salt}{IGNORED_FORM}{i}"
    canonical = replace(c, forms=tuple(forms), variants=variants, hashes=hashes)
    kept = _windows_left(doc, at, options) if doc.ignored is None and at else None
    kept_shingles, kept_anchors = kept or _windows(hashes, words, options)
    return replace(
        doc, canonical=canonical, shingles=kept_shingles, anchors=kept_anchors, ignored=words
    )


def _own_fingerprints(at: list[int], salt: int) -> np.ndarray:
    """The fingerprints of their own that the ignored words at positions ``at`` get."""
    return np.array([fingerprint(f"\x01ignored\x01{salt}\x01{i}") for i in at], dtype=np.uint64)


def phrase_summaries(
    hashes: Sequence[np.ndarray], phrases: np.ndarray, salts: Sequence[int], options: Options
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray] | None]:
    """The summary's arrays (:func:`copylens.core.spill.summary`) of each document whose
    canonical words' fingerprints are ``hashes`` (``Canonical.hashes``), ignoring nothing yet,
    once ``phrases`` (sorted anchor k-gram fingerprints) are ignored with its salt of
    ``salts``: the words ignored (the templates signal's,
    :func:`copylens.core.templates.ignored_words`), its distinct anchor k-grams and its
    ``seed_k``-grams in text order, as :func:`with_ignored` makes them; None for a document
    holding no phrase. Without the rest of the document (its forms, variants, shingles: the
    spill reads the fingerprints alone, ``copylens.core.spill.read_hashes``): the ready stage
    sums a document up and drops it (issue 40). The same arrays: an anchor k-gram holding no
    ignored word is made of the same fingerprints before and after
    (:func:`copylens.core.shingle.kgrams` of a window depends on its words only), and the
    seeds are made of the same hashes.

    Made with one pass of array operations over all the documents laid end to end (their
    k-grams, the phrases looked up, the words marked, the seeds), where a window reaching from
    one document into the next is none of theirs; then only each document's distinct anchors
    are its own.
    Issue 40, the 619 documents readied of the 1,000 scale essays: 13.5-14 ms of CPU against
    30-33 one by one (one process, four times each way). Its memory: arrays of up to ~90 bytes
    a word of all of them (the caller passes a block: ``copylens.core.engine.READY_BLOCK``)."""
    out: list[tuple[np.ndarray, np.ndarray, np.ndarray] | None] = [None] * len(hashes)
    m = options.anchor_words
    if len(phrases) == 0 or not hashes:
        return out
    sizes = np.fromiter(map(len, hashes), dtype=np.int64, count=len(hashes))
    starts = np.concatenate(([0], np.cumsum(sizes)))
    joined = np.concatenate(hashes).astype(np.uint64, copy=False)
    grams = kgrams(joined, m)  # window g: words [g, g + m), of one document or of two
    ends = np.repeat(starts[1:], sizes)[: len(grams)]  # the end of the document of word g
    held = np.arange(len(grams)) + m <= ends
    if len(grams):
        at = np.minimum(np.searchsorted(phrases, grams), len(phrases) - 1)
        held &= phrases[at] == grams
    hits = np.flatnonzero(held)
    if len(hits) == 0:
        return out
    marks = np.zeros(len(joined) + 1, dtype=np.int64)
    np.add.at(marks, hits, 1)
    np.add.at(marks, hits + m, -1)
    words = np.cumsum(marks[:-1]) > 0  # a hit's words are all of its own document
    ignored = np.flatnonzero(words)
    owners = np.searchsorted(starts, ignored, side="right") - 1
    cuts = np.flatnonzero(np.diff(owners)) + 1
    firsts, lasts = np.concatenate(([0], cuts)).tolist(), np.append(cuts, len(owners)).tolist()
    changed = joined.copy()
    for lo, hi in zip(firsts, lasts, strict=True):
        d = int(owners[lo])
        own = (ignored[lo:hi] - starts[d]).tolist()
        changed[ignored[lo:hi]] = _own_fingerprints(own, salts[d])
    seeds = kgrams(changed, options.seed_k)
    inside = np.concatenate(([0], np.cumsum(words)))
    free = inside[m : m + len(grams)] == inside[: len(grams)]  # window g holds no ignored word
    for d in owners[firsts].tolist():
        lo, n = int(starts[d]), int(sizes[d])
        hi = lo + max(n - m + 1, 0)
        seeded = seeds[lo : lo + max(n - options.seed_k + 1, 0)].copy()
        out[d] = (words[lo : lo + n].copy(), distinct(grams[lo:hi][free[lo:hi]]), seeded)
    return out


def _windows(
    hashes: np.ndarray, words: np.ndarray, options: Options
) -> tuple[np.ndarray, np.ndarray]:
    """The distinct shingles and anchor k-grams of ``hashes`` holding no word of ``words``:
    ``distinct(_clean(shingles(hashes, w), words, w))`` and the same of ``kgrams(hashes,
    anchor_words)``, both sizes made in one pass (:func:`copylens.core.shingle.kgrams_of`:
    the same fingerprints, element by element) and the ignored words counted once."""
    w, m = options.shingle, options.anchor_words
    span = min(w, len(hashes))  # a text shorter than w has one shingle of all its words
    if span == 0 or span == m:
        return (
            distinct(_clean(shingles(hashes, w), words, w)),
            distinct(_clean(kgrams(hashes, m), words, m)),
        )
    sizes = sorted((span, m))
    made = dict(zip(sizes, kgrams_of(hashes, sizes), strict=True))
    inside = np.concatenate(([0], np.cumsum(words)))
    return distinct(_kept(made[span], inside, span)), distinct(_kept(made[m], inside, m))


def _windows_left(
    doc: Prepared, at: list[int], options: Options
) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`_windows` of ``doc`` (ignoring nothing yet) once the words at positions ``at``
    (ascending, at least one) are ignored, made from its own shingles and anchors: those less
    the fingerprints of the windows holding an ignored word, made from the words around them
    alone. None where it cannot be made so (then :func:`_windows` makes them of every window):
    a window held twice, text shorter than a window, anchors no shorter than shingles.

    Why it is the same: a window holding no ignored word keeps its words, so its fingerprint
    (:func:`copylens.core.shingle.kgrams` of a window depends on its words only), and the kept
    windows are the document's less those holding an ignored word; where the document holds
    as many distinct windows of a size as it has windows (no run of words repeated), each
    fingerprint is one window's, and taking out the fingerprints of the windows holding an
    ignored word takes out those windows and no other. Issue 40: 501 of the 816 documents the
    pair stage reads back at 1,000 essays ignore a common phrase (7 of ~410 words, in one
    stretch for 495 of them), all with no repeated shingle, 494 no repeated anchor; their
    windows made here in ~23 µs a document against ~34 by :func:`_windows`, and the 816 loads
    replayed in one process (``copylens.core.spill.load``) in 47.9-49.2 ms of CPU against
    52.2-54.4 (six alternations, minimum of seven each)."""
    c = doc.canonical
    n, w, m = len(c), options.shingle, options.anchor_words
    if not m < w <= n or len(doc.shingles) != n - w + 1 or len(doc.anchors) != n - m + 1:
        return None
    made_m: list[np.ndarray] = []
    made_w: list[np.ndarray] = []
    first = last = at[0]
    for i in [*at[1:], n + m]:  # stretches of ignored words fewer than m free words apart
        if i - last <= m:
            last = i
            continue
        lo, hi = max(first - w + 1, 0), min(last + w, n)  # the words of every window holding one
        grams_m, grams_w = kgrams_of(c.hashes[lo:hi], (m, w))
        made_m.append(grams_m[max(first - m + 1, 0) - lo : min(last, n - m) + 1 - lo])
        made_w.append(grams_w)  # each holds an ignored word: no free stretch of w words
        first = last = i
    shingles_left = _left(doc.shingles, made_w)
    anchors_left = _left(doc.anchors, made_m)
    if shingles_left is None or anchors_left is None:
        return None
    return shingles_left, anchors_left


def _left(held: np.ndarray, made: list[np.ndarray]) -> np.ndarray | None:
    """``held`` (sorted, distinct) less the values of ``made``; None when one is not held."""
    values = made[0] if len(made) == 1 else np.concatenate(made)
    where = held.searchsorted(values)
    if len(held) == 0 or not (held.take(where, mode="clip") == values).all():
        return None
    keep = np.ones(len(held), dtype=bool)
    keep[where] = False
    return held[keep]


def _clean(values: np.ndarray, words: np.ndarray, w: int) -> np.ndarray:
    """The window fingerprints (window i covers words [i, i + w), or all words when there are
    fewer than w) holding no ignored word."""
    if len(values) == 0:
        return values
    return _kept(values, np.concatenate(([0], np.cumsum(words))), min(w, len(words)))


def _kept(values: np.ndarray, inside: np.ndarray, span: int) -> np.ndarray:
    """:func:`_clean` of windows of ``span`` words, ``inside`` the count of ignored words
    before each word (and after the last)."""
    if len(values) == 0:
        return values
    starts = np.arange(len(values))
    return values[inside[starts + span] == inside[starts]]


# ------------------------------------------------------------------ a pair's score


def without_ignored(score: PairScore, a: Prepared, b: Prepared, options: Options) -> PairScore:
    """The pair's score with no ignored word in a fragment or in the coverage.

    A fragment reaching over an ignored word of either side is aligned again on the stretches
    of its ranges free of them; the coverage inside its ranges is kept only where a new part
    lies. The pair's score as it is when neither side ignores anything.
    """
    if a.ignored is None and b.ignored is None:
        return score
    ignored_a = a.ignored_words
    ignored_b = b.ignored_words
    kept: list[Fragment] = []
    parts: list[tuple[Fragment, tuple[int, int, int, int]]] = []
    keep_a = np.ones(len(ignored_a), dtype=bool)
    keep_b = np.ones(len(ignored_b), dtype=bool)
    stays_a: list[tuple[int, int]] = []
    stays_b: list[tuple[int, int]] = []
    clauses = _Clauses(a)
    for f in score.fragments:
        a0, a1 = _words_within(a.canonical, f.start, f.end)
        b0, b1 = _words_within(b.canonical, f.source_start, f.source_end)
        if not ignored_a[a0:a1].any() and not ignored_b[b0:b1].any():
            kept.append(f)
            stays_a.append((a0, a1))
            stays_b.append((b0, b1))
            continue
        keep_a[a0:a1] = False
        keep_b[b0:b1] = False
        ranges = (a0, a1, b0, b1)
        parts.extend(_realigned(a.canonical, b.canonical, ranges, a, b, options, clauses))
    new = _disjoint(parts)
    for _, (a0, a1, b0, b1) in new:
        stays_a.append((a0, a1))
        stays_b.append((b0, b1))
    for a0, a1 in stays_a:
        keep_a[a0:a1] = True
    for b0, b1 in stays_b:
        keep_b[b0:b1] = True
    return replace(
        score,
        covered_a=score.covered_a & keep_a & ~ignored_a,
        covered_b=score.covered_b & keep_b & ~ignored_b,
        fragments=_widened(kept, [f for f, _ in new], a, b),
    )


def _words_within(c: Canonical, start: int, end: int) -> tuple[int, int]:
    """The canonical words [lo, hi) lying inside the characters [start, end)."""
    lo = int(np.searchsorted(c.starts, start, side="left"))
    hi = int(np.searchsorted(c.ends, end, side="right"))
    return lo, max(lo, hi)


def _realigned(
    a: Canonical,
    b: Canonical,
    ranges: tuple[int, int, int, int],
    doc_a: Prepared,
    doc_b: Prepared,
    options: Options,
    found: _Clauses | None = None,
) -> list[tuple[Fragment, tuple[int, int, int, int]]]:
    """Fragments of the free stretches of a's range [a0, a1) found in those of b's [b0, b1),
    with their word ranges. The aligner judges the writer's own sentences in the checked
    text's clauses (:func:`copylens.core.canonicalize.clause_ids`), as the copy signal's
    alignment does (:mod:`copylens.core.copies`): the own sentence after a copied "... as
    follows:" is cut out here too, not only where no ignored word lies. ``found``: the
    checked text's clauses, found once a pair (:class:`_Clauses`)."""
    a0, a1, b0, b1 = ranges
    if found is None:
        found = _Clauses(doc_a)
    out = []
    k = options.seed_k
    reach = max(1, options.anchor_words - k + 1) + k - 1  # the words of a run of seeds
    grams_a, runs_a = found.grams(doc_a, a, options)
    grams_b, runs_b = found.grams(doc_b, b, options)
    parts_b = [  # a part's k-grams and runs of seeds: slices of its text's (_runs_of_seeds)
        (t0, t1, _cut(grams_b, t0, t1 - k + 1), np.sort(_cut(runs_b, t0, t1 - reach + 1)))
        for t0, t1 in _free_runs(doc_b.ignored_words, b0, b1, options.anchor_words)
    ]
    made_b: dict[int, Canonical] = {}  # the parts' words, cut only for those aligned
    clauses: np.ndarray | None = None
    for s0, s1 in _free_runs(doc_a.ignored_words, a0, a1, options.min_fragment_words):
        part_a: Canonical | None = None
        ka = _cut(grams_a, s0, s1 - k + 1)
        held = np.sort(_cut(runs_a, s0, s1 - reach + 1))
        for t0, t1, kb, runs_of_b in parts_b:
            if not _shares(held, runs_of_b):
                continue  # no anchor: align finds nothing (issue 40)
            if clauses is None:  # only when something is aligned
                clauses = found.of(a)
            if part_a is None:
                part_a = _part(a, s0, s1)
            part_b = made_b.get(t0)
            if part_b is None:
                part_b = made_b[t0] = _part(b, t0, t1)
            for f in align(part_a, part_b, options, clauses[s0:s1], (ka, kb)):
                span = (s0 + f.a0, s0 + f.a1, t0 + f.b0, t0 + f.b1)
                out.append((to_fragment(f, part_a, part_b), span))
    return out


class _Clauses:
    """The checked text's clauses (:func:`copylens.core.canonicalize.clause_ids`), found on
    first need and once a pair, not once a fragment realigned (issue 40); and each side's
    ``seed_k``-grams and runs of seeds (:meth:`grams`), once a pair too."""

    __slots__ = ("doc", "ids", "made")

    def __init__(self, doc: Prepared) -> None:
        self.doc = doc
        self.ids: np.ndarray | None = None
        self.made: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def grams(self, doc: Prepared, c: Canonical, options: Options) -> tuple[np.ndarray, np.ndarray]:
        """The ``seed_k``-grams of ``c``, the words of ``doc`` (its own, made once a document:
        ``Prepared.text_grams``), and their runs of seeds as :func:`_runs_of_seeds` finds
        them, in text order: a free stretch's are a slice of each (:func:`_cut`), the
        k-grams of a part being those of its text starting and ending inside it (issue 40:
        the realignment made both anew for every part of every fragment)."""
        key = id(c)
        if key not in self.made:
            k = options.seed_k
            grams = doc.text_grams(k) if c is doc.canonical else kgrams(c.hashes, k)
            self.made[key] = grams, kgrams(grams, max(1, options.anchor_words - k + 1))
        return self.made[key]

    def of(self, c: Canonical) -> np.ndarray:
        if c is not self.doc.canonical:  # a caller's own words: found for them
            return clause_ids(self.doc.text, c)
        if self.ids is None:
            self.ids = clause_ids(self.doc.text, c)
        return self.ids


def _runs_of_seeds(c: Canonical, options: Options) -> np.ndarray:
    """Each run of ``anchor_words - seed_k + 1`` consecutive ``seed_k``-gram fingerprints of
    ``c``, fingerprinted (:func:`copylens.core.shingle.kgrams` of the k-grams), sorted: what a
    run of that many seeds on one diagonal of the aligner is (one equal k-gram each,
    :func:`copylens.core.align.find_seeds`). Every fragment :func:`align` finds holds such a
    run (``Alignment.longest_run`` of at least ``anchor_words`` words: ``n`` seeds along a
    diagonal are ``n + seed_k - 1`` words), so two parts sharing none have no fragment and
    are not aligned: most pairs of free stretches of a copy over common phrases are not the
    copy's (issue 40). A run's fingerprint is a function of its k-grams, so two parts sharing
    a run share its fingerprint (two sharing a fingerprint by chance alone are aligned, and
    the aligner finds what it finds): the test is as sound as one on the runs themselves,
    which were tuples in a Python set (7 % of the realignment's time at 10,000 essays)."""
    n = max(1, options.anchor_words - options.seed_k + 1)
    return np.sort(kgrams(kgrams(c.hashes, options.seed_k), n))


def _cut(values: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """``values[lo:hi]``, none when ``hi <= lo``: the windows of a text's words [s0, s1) among
    those of the whole text (window x covers words [x, x + w): ``lo = s0``, ``hi = s1 - w +
    1``), which are :func:`copylens.core.shingle.kgrams` of its words (none when it is
    shorter than w)."""
    return values[lo:hi] if hi > lo else _NONE


def _shares(x: np.ndarray, y: np.ndarray) -> bool:
    """Whether two sorted arrays hold a value in common."""
    if len(x) == 0 or len(y) == 0:
        return False
    at = np.searchsorted(y, x).clip(max=len(y) - 1)
    return bool((y[at] == x).any())


def _free_runs(ignored: np.ndarray, lo: int, hi: int, least: int) -> list[tuple[int, int]]:
    """Runs [s, e) of at least ``least`` words inside [lo, hi) holding no ignored word."""
    free = np.concatenate(([False], ~ignored[lo:hi], [False])).view(np.int8)
    edges = np.flatnonzero(np.diff(free))
    runs = zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True)
    return [(lo + s, lo + e) for s, e in runs if e - s >= least]


def _part(c: Canonical, lo: int, hi: int) -> Canonical:
    """Words [lo, hi) of ``c``, keeping their spans in the whole text: every per-word field
    (the forms and each array, as Canonical declares them parallel) cut alike."""
    cut: dict[str, Any] = {
        f.name: value[lo:hi]
        for f in fields(c)
        if isinstance(value := getattr(c, f.name), np.ndarray) or f.name == "forms"
    }
    return replace(c, **cut)


def _widened(
    kept: list[Fragment], new: list[Fragment], a: Prepared, b: Prepared
) -> tuple[Fragment, ...]:
    """All fragments in text order, the new ones widened over the uncounted words just outside
    them that the source has at the same place (stop words: "the cat sat", not "cat sat"), as
    the scoring widens every fragment; never over a counted word (an ignored one stays out) nor
    into a neighbour."""
    fresh = {id(f) for f in new}
    ordered = sorted([*kept, *new], key=lambda f: (f.start, f.source_start))
    out: list[Fragment] = []
    for n, f in enumerate(ordered):
        if id(f) in fresh:
            floor = out[-1].end if out else 0
            ceiling = ordered[n + 1].start if n + 1 < len(ordered) else len(a.text)
            f = _widen(f, a, b, floor, ceiling)
        out.append(f)
    return tuple(out)


def _widen(f: Fragment, a: Prepared, b: Prepared, floor: int, ceiling: int) -> Fragment:
    start, source_start = f.start, f.source_start
    before = zip(
        nearest_before(a.text, f.start), nearest_before(b.text, f.source_start), strict=False
    )
    for x, y in before:
        if x[0] < floor or not _same_uncounted(x, y, a, b):
            break
        start, source_start = x[0], y[0]
    end, source_end = f.end, f.source_end
    after = zip(nearest_after(a.text, f.end), nearest_after(b.text, f.source_end), strict=False)
    for x, y in after:
        if x[1] > ceiling or not _same_uncounted(x, y, a, b):
            break
        end, source_end = x[1], y[1]
    return replace(f, start=start, end=end, source_start=source_start, source_end=source_end)


def _same_uncounted(x: tuple[int, int], y: tuple[int, int], a: Prepared, b: Prepared) -> bool:
    """Words equal as written on both sides, neither of them a canonical word."""
    if a.text[x[0] : x[1]].casefold() != b.text[y[0] : y[1]].casefold():
        return False
    return not _is_word_of(a.canonical, x[0]) and not _is_word_of(b.canonical, y[0])


def _is_word_of(c: Canonical, start: int) -> bool:
    at = int(np.searchsorted(c.starts, start))
    return at < len(c.starts) and int(c.starts[at]) == start


def _disjoint(
    parts: list[tuple[Fragment, tuple[int, int, int, int]]],
) -> list[tuple[Fragment, tuple[int, int, int, int]]]:
    """Longest first, the parts not overlapping a longer one in the checked text (one free
    stretch may be found in several stretches of the source)."""
    taken: list[tuple[int, int]] = []
    out = []
    for part in sorted(parts, key=lambda p: (-(p[1][1] - p[1][0]), p[1])):
        a0, a1 = part[1][0], part[1][1]
        if all(a1 <= t0 or t1 <= a0 for t0, t1 in taken):
            taken.append((a0, a1))
            out.append(part)
    return out
