"""Copies: the copy-alignment signal, words of the checked text found in the source (issue 5).

The first pair signal (:mod:`copylens.core.signal`): the aligner (:mod:`copylens.core.align`)
finds runs of equal canonical words with edits between them; each becomes a ``"copy"``
fragment with character spans on both sides (taken from the words' original spans, so they
start and end on word boundaries of the extracted text), widened over the uncounted words
the source has at the same place. A word is covered when it lies inside a fragment, except
in a run of more than ``max_gap`` words only one side has (an inserted sentence of the
writer's own, a source sentence left out), and only inside the pair's seed zones
(:func:`seed_zones`), so :func:`copylens.core.score.containment_bound` bounds the coverage
without aligning.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

import numpy as np

from copylens.core.align import Alignment, align
from copylens.core.canonicalize import Canonical, clause_ids, word_spans_within
from copylens.core.cpu import stage
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Edit, Fragment
from copylens.core.signal import Finding, FragmentKind, PairStep

COPY = FragmentKind(
    name="copy",
    label="copy",
    plural="copies",
    colour="source",
    legend="found in the source",
)
"""The kind of fragment this signal yields (``Fragment.kind == "copy"``)."""


class CopyAlignment:
    """The copy-alignment signal: always on, first of :data:`copylens.core.signals.PAIR`."""

    kind = COPY

    def __init__(self, steps: Sequence[PairStep] = ()) -> None:
        self.steps = tuple(steps)
        """The pair steps, whose ``joined`` runs on the word alignments, in this order, before
        they become fragments and coverage (the registry's :data:`~copylens.core.signals.STEPS`)."""

    def wanted(self, options: Options) -> bool:
        return True

    def run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        """The aligner's fragments and the words they cover on each side (the module
        docstring), added to ``found`` (nothing, as the first signal)."""
        with stage("align"):
            return self._run(a, b, found, options)

    def _run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        clauses = found.sentences.clauses if found.sentences is not None else None
        if clauses is None:  # a caller that runs the signal on its own
            clauses = clause_ids(a.text, a.canonical)
        k = options.seed_k  # both documents' k-grams: made once a document (seed_zones below)
        grams = (a.text_grams(k), b.text_grams(k))
        zones: list[tuple[np.ndarray, np.ndarray]] = []

        def seeded(seeds_i: np.ndarray, seeds_j: np.ndarray) -> None:
            zones.append(seed_zones_of(seeds_i, seeds_j, a, b, options))

        alignments = align(a.canonical, b.canonical, options, clauses, grams, seeded)
        for step in self.steps:
            if step.wanted(options):
                alignments = step.joined(a.canonical, b.canonical, alignments, found, options)
        zone_a, zone_b = zones[0]
        covered_a = _coverage(
            len(a.canonical),
            [(f.a0, f.a1) for f in alignments],
            [(e.a0, e.a1) for f in alignments for e in f.edits if e.kind == "insert"],
            options.max_gap,
            [_side(f.elsewhere, 0) for f in alignments],
        )
        covered_b = _coverage(
            len(b.canonical),
            [(f.b0, f.b1) for f in alignments],
            [(e.b0, e.b1) for f in alignments for e in f.edits if e.kind == "delete"],
            options.max_gap,
            [_side(f.elsewhere, 2) for f in alignments],
        )
        fragments = _widened(
            [to_fragment(f, a.canonical, b.canonical) for f in alignments], a.text, b.text
        )
        return found.adding(covered_a & zone_a, covered_b & zone_b, fragments)


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


def seed_zones_of(
    seeds_i: np.ndarray, seeds_j: np.ndarray, a: Prepared, b: Prepared, options: Options
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`seed_zones`, read off the pair's seeds (:func:`copylens.core.align.find_seeds`'
    answer, sorted by i then j) rather than looked up again (issue 40: the lookups were a
    tenth of the copy signal's time at 1,000 scale essays).

    Every k-gram of A held in B pairs with at least one of its places in B (with at most
    ``max_seed_repeats`` of them, at least 1), so A's hits are the seeds' distinct i. A
    k-gram of B held in A pairs with all its places in B unless it occurs more than
    ``max_seed_repeats`` times there; B's k-grams less its distinct ones (the repeats) tell
    whether any can, and only then are B's hits looked up."""
    k, gap, repeats = options.seed_k, options.max_gap, options.max_seed_repeats
    if repeats < 1:
        return seed_zones(a, b, options)
    n_a, n_b = len(a.canonical), len(b.canonical)
    grams_b, sorted_b = b.seed_grams(k)
    if len(seeds_i) <= ZONE_SEEDS and len(grams_b) - len(sorted_b) < repeats:
        # a few seeds (most pairs: 23 at the median of 1,000 scale essays' aligned pairs):
        # the zones in plain Python, a handful of numpy calls where there were ~40 (issue 40)
        return (
            _zone_of(seeds_i.tolist(), n_a, k, gap),
            _zone_of(sorted(set(seeds_j.tolist())), n_b, k, gap),
        )
    first = np.ones(len(seeds_i), dtype=bool)
    first[1:] = seeds_i[1:] != seeds_i[:-1]
    hits_a = seeds_i[first]
    if len(grams_b) - len(sorted_b) < repeats:  # no k-gram of B more than ``repeats`` times
        marked = np.zeros(n_b, dtype=bool)
        marked[seeds_j] = True
        hits_b = marked.nonzero()[0]
    else:
        hits_b = _hits(grams_b, a.seed_grams(k)[1])
    return _zone(hits_a, n_a, k, gap), _zone(hits_b, n_b, k, gap)


def _zone(hits: np.ndarray, n: int, k: int, gap: int) -> np.ndarray:
    """The zone of :func:`seed_zones` around the k-grams starting at ``hits`` (ascending)."""
    zone = np.zeros(n, dtype=bool)
    if len(hits):
        ends = np.minimum(hits + k, n)
        breaks = (hits[1:] - ends[:-1] > max(gap, 2 * REACH)).nonzero()[0]  # methods: numpy's
        lo = np.maximum(hits[np.concatenate(([0], breaks + 1))] - REACH, 0)  # functions cost
        hi = np.minimum(ends[np.concatenate((breaks, [len(hits) - 1]))] + REACH, n)  # a call
        for start, stop in zip(lo.tolist(), hi.tolist(), strict=True):
            zone[start:stop] = True
    return zone


REACH = 2
"""Words of a seed zone beyond each run of seeds (:func:`seed_zones`). The zone's slack is what
lets obfuscated copies and retellings through ``compare``'s bound. Measured (issue 40,
bench/diag_gate.py, two-document compares, pairs reported at 2 / 1 / 0): PAN-13 random
obfuscation 77 / 72 / 64, summaries 31 / 31 / 24, translation 95 / 95 / 93; Clough-Stevenson's
100 files 281 / 278 / 275; the tests' retold essays 147 / 146 / 144 (at 1 the long Russian
heavy rewrite is no longer aligned, and retold Ukrainian essays' containment falls by up to 10
points), though at 1 the 1,000 scale essays align 523 pairs instead of 869 and report the same
312."""
ZONE_SEEDS = 128
"""Most seeds of a pair whose zones :func:`seed_zones_of` finds in plain Python
(:func:`_zone_of`): ~0.2 µs a seed against ~15 µs of numpy calls a zone."""


def _zone_of(hits: list[int], n: int, k: int, gap: int) -> np.ndarray:
    """:func:`_zone` of ``hits`` as a list (ascending; repeats allowed: a repeated hit is in
    the run of its first), in plain Python: each run of hits found as :func:`_zone` breaks
    them (more than ``max(gap, 2 · REACH)`` words from one k-gram's end to the next's start),
    its words ``REACH`` on either side marked. tests/test_copies_exact.py holds it to
    :func:`_zone` on generated hits."""
    zone = np.zeros(n, dtype=bool)
    if not hits:
        return zone
    limit = max(gap, 2 * REACH)
    start = hits[0]
    end = start + k  # not clipped to n: a hit after an end past n (hit < n) never breaks a
    for hit in hits:  # run, and min(end + REACH, n) is n either way
        if hit - end > limit:
            zone[max(start - REACH, 0) : min(end + REACH, n)] = True
            start = hit
        end = hit + k
    zone[max(start - REACH, 0) : min(end + REACH, n)] = True
    return zone


def _hits(grams: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Positions of the k-grams of ``grams`` (text order) that are in ``other`` (sorted)."""
    if len(grams) == 0 or len(other) == 0:
        return np.empty(0, dtype=np.int64)
    return found_in(grams, other)[0]  # ascending and distinct: held_in's flatnonzero


def held_in(grams: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Boolean per fingerprint of ``grams``: it is in ``other`` (sorted).

    A table of the low bits of ``other``'s fingerprints sets most of ``grams`` apart at the
    cost of one lookup each; only the few that pass it are searched for (:func:`found_in`)."""
    held = np.zeros(len(grams), dtype=bool)
    held[found_in(grams, other)[0]] = True
    return held


def found_in(grams: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where ``grams`` holds a fingerprint of ``other`` (sorted and distinct), and where in
    ``other`` each is: :func:`held_in`'s lookup, keeping both (the containment bound,
    :func:`copylens.core.score.containment_bounds`, needs where each hit lies in either)."""
    if len(other) == 0:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    table = np.zeros(_TABLE, dtype=bool)
    table[other & (_TABLE - 1)] = True
    # read by take (mode "wrap": the low bits are in range, so no index is checked), where
    # indexing makes an array of machine integers of every k-gram first (issue 40: 44 µs
    # against 53 for a bound group's ~20,000 k-grams at 1,000 essays; the same hits)
    maybe = table.take(grams & (_TABLE - 1), mode="wrap").nonzero()[0]
    looked = grams[maybe]
    at = np.minimum(other.searchsorted(looked), len(other) - 1)
    hit = other[at] == looked
    return maybe[hit], at[hit]


_TABLE = 1 << 16
"""Size of :func:`held_in`'s table: a document's few hundred k-grams fill under 1 % of it."""


def to_fragment(f: Alignment, a: Canonical, b: Canonical) -> Fragment:
    """Word ranges → character spans in both extracted texts. Every edit lies within the
    fragment on both sides: an empty range (a word one side lacks) at the fragment's end is
    placed at the end of its last word (:func:`_chars`), not at the next word's start, which
    lies outside it (PAN-13 development sample: 21 edits of 20 of the 514 pairs did, and 12
    more, of 12 pairs, lay on a retold span once the passage grouping joined their fragment;
    bench/lab_fragment_invariants.py)."""
    start, end = _chars(a, f.a0, f.a1)
    source_start, source_end = _chars(b, f.b0, f.b1)
    edits = _edits_in_chars(f, a, b) if _many_edits(f) else None
    if edits is None:
        edits = tuple(
            Edit(e.kind, *_chars(a, e.a0, e.a1, (f.a0, f.a1)), *_chars(b, e.b0, e.b1, (f.b0, f.b1)))
            for e in f.edits
        )
    return Fragment(start, end, source_start, source_end, f.words, f.exact, edits)


def _many_edits(f: Alignment) -> bool:
    """Whether :func:`_edits_in_chars` is the cheaper way to an alignment's edits: its word
    spans read as lists cost ~10 ns a word, each edit by :func:`_chars` ~1.5 µs (a long
    fragment with a few edits is cheaper edit by edit)."""
    return len(f.edits) * EDITS_PER_WORDS >= (f.a1 - f.a0) + (f.b1 - f.b0)


EDITS_PER_WORDS = 32
"""An alignment with at least one edit per this many words of both ranges has its edits
made by :func:`_edits_in_chars` (:func:`_many_edits`)."""


def _edits_in_chars(f: Alignment, a: Canonical, b: Canonical) -> tuple[Edit, ...] | None:
    """:func:`to_fragment`'s edits, each side's :func:`_chars` within the fragment, from the
    fragment's word spans read once as lists (issue 40: four numpy scalars an edit); None
    when a range is empty or an edit reaches outside it (:func:`_chars` answers those)."""
    if not f.edits:
        return ()
    a0, a1, b0, b1 = f.a0, f.a1, f.b0, f.b1
    if a1 <= a0 or b1 <= b0:
        return None
    starts_a, ends_a = a.starts[a0:a1].tolist(), a.ends[a0:a1].tolist()
    starts_b, ends_b = b.starts[b0:b1].tolist(), b.ends[b0:b1].tolist()
    out = []
    for e in f.edits:
        x0, x1, y0, y1 = e.a0 - a0, e.a1 - a0, e.b0 - b0, e.b1 - b0
        if not (0 <= x0 <= a1 - a0 and 0 <= x1 <= a1 - a0 and 0 <= y0 <= b1 - b0):
            return None
        if not 0 <= y1 <= b1 - b0:
            return None
        # _chars within the fragment: a word's span, or an empty one at the next word's start
        # (at the end of the last word when the edit is at the fragment's end)
        if x1 > x0:
            s, t = starts_a[x0], ends_a[x1 - 1]
        else:
            s = t = starts_a[x0] if x0 < a1 - a0 else ends_a[-1]
        if y1 > y0:
            u, v = starts_b[y0], ends_b[y1 - 1]
        else:
            u = v = starts_b[y0] if y0 < b1 - b0 else ends_b[-1]
        out.append(Edit(e.kind, s, t, u, v))
    return tuple(out)


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
            nearest_before(a_text, f.start), nearest_before(b_text, f.source_start), strict=False
        )
        after = zip(nearest_after(a_text, f.end), nearest_after(b_text, f.source_end), strict=False)
        back = _reach(before, a_text, b_text, floor, ceiling)
        ahead = _reach(after, a_text, b_text, floor, ceiling)
        if back is None and ahead is None:  # as it was (issue 40: no replace() to make it)
            out.append(f)
            continue
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


NEAR_FIRST = 24
"""Characters :func:`nearest_before` and :func:`nearest_after` look at first: ~3 words, the
one or two a widening most often asks for, and the window's cut word (any size finds the same
words). Issue 40, the widenings of 1,000 scale essays' 869 aligned pairs in one process,
alternating: 40 characters 19.0-19.6 ms, 28: 17.4-18.3, 24: 17.4-18.2, 20: 17.3-17.6,
16: 18.1-18.6 (more fall back to the long window)."""


def nearest_before(text: str, at: int) -> Iterator[tuple[int, int]]:
    """:func:`words_before`, found as they are asked for: those of the :data:`NEAR_FIRST`
    characters before ``at`` first (less the first word there, which the window may cut), the
    rest of the list only if more are asked for. A widening asks for 1.6 words on average
    (1,000 scale essays' pairs) where :func:`words_before` finds a dozen (issue 40).

    The words the short window finds after its first are the long window's last ones: the
    tokenizer (``copylens.core.canonicalize.word_spans``) looks at no character before a match,
    so from any place inside a word it ends where the word ends, and goes on as from there.
    Windows are matched on their bounds, not sliced out
    (``copylens.core.canonicalize.word_spans_within``: the slice's words, shifted;
    tests/test_copies_windows.py). Issue 40, the widenings of 1,000 scale essays'
    869 aligned pairs in one process, alternating: 20.8 -> 18.1 ms (min of 15 rounds)."""
    lo = max(0, at - _NEAR_CHARS)
    near = max(lo, at - NEAR_FIRST)
    spans = word_spans_within(text, near, at)
    if near > 0 and spans:
        spans = spans[1:]  # the first may be cut by the window (the long one drops it too)
    yield from reversed(spans)
    if near > lo:
        yield from words_before(text, at)[len(spans) :]


def nearest_after(text: str, at: int) -> Iterator[tuple[int, int]]:
    """:func:`words_after`, found as they are asked for (:func:`nearest_before`): those of
    the :data:`NEAR_FIRST` characters from ``at`` first, less the last, which the window may
    cut (or end early: a match ends where a character it would look at is missing), the rest
    of the list only if more are asked for."""
    hi = min(len(text), at + _NEAR_CHARS)
    near = min(hi, at + NEAR_FIRST)
    spans = word_spans_within(text, at, near)
    if near < len(text) and spans:
        spans = spans[:-1]
    yield from spans
    if near < hi:
        yield from words_after(text, at)[len(spans) :]


def words_before(text: str, at: int) -> list[tuple[int, int]]:
    """Word spans ending at or before ``at``, nearest first, within _NEAR_CHARS."""
    lo = max(0, at - _NEAR_CHARS)
    spans = word_spans_within(text, lo, at)
    if lo > 0 and spans:
        spans = spans[1:]  # the first may be cut by the window
    return spans[::-1]


def words_after(text: str, at: int) -> list[tuple[int, int]]:
    """Word spans starting at or after ``at``, nearest first, within _NEAR_CHARS."""
    hi = min(len(text), at + _NEAR_CHARS)
    spans = word_spans_within(text, at, hi)
    if hi < len(text) and spans:
        spans = spans[:-1]
    return spans


def _chars(
    c: Canonical, w0: int, w1: int, within: tuple[int, int] | None = None
) -> tuple[int, int]:
    """Character span of words [w0, w1); an empty range is an empty span where it would be:
    at word w0's start, or, at the end of the words ``within`` (an edit's fragment, words
    [lo, hi)) or of the text, at the end of the word before, so that it stays inside."""
    if w1 > w0:
        return int(c.starts[w0]), int(c.ends[w1 - 1])
    lo, hi = within if within is not None and within[1] > within[0] else (0, len(c))
    if hi == 0:
        return 0, 0
    at = int(c.starts[max(w0, lo)]) if w0 < hi else int(c.ends[hi - 1])
    return at, at


def _side(elsewhere: tuple[tuple[int, int, int, int], ...] | np.ndarray, at: int) -> np.ndarray:
    """One side's ranges (columns ``at``, ``at + 1``) of an alignment's further matches."""
    if not len(elsewhere):  # most fragments': no array made (issue 40)
        return _NO_SPANS
    rows = np.asarray(elsewhere, dtype=np.int64).reshape(-1, 4)
    return rows[:, at : at + 2]


_NO_SPANS = np.empty((0, 2), dtype=np.int64)
_NO_SPANS.flags.writeable = False
"""No further match's ranges (:func:`_side` of an alignment without any); never written."""


def _coverage(
    n: int,
    ranges: list[tuple[int, int]],
    own: list[tuple[int, int]],
    gap: int,
    elsewhere: list[np.ndarray],
) -> np.ndarray:
    """Words inside the ranges, less runs of more than ``gap`` words only one side has (a
    sentence of the writer's own between two copied ones is inside the fragment, not copied),
    plus the further matches inside fragments (a sentence taken from another place of the
    source is copied, even where the fragment around it counts it as inserted). Those may
    reach past the fragment's ends: on the checked side, ``check`` and ``compare`` count only
    the words inside the reported fragments (``copylens.core.engine._shown``, after the later
    steps joined them); on the source's side (another place of the source holding the copied
    words again) both count them as found (``_shown`` says why)."""
    covered = np.zeros(n, dtype=bool)
    for lo, hi in ranges:
        covered[lo:hi] = True
    for lo, hi in own:
        if hi - lo > gap:
            covered[lo:hi] = False
    for spans in elsewhere:  # rows of (lo, hi): their union, without a Python object a row
        if not len(spans):  # most fragments have no further match (issue 40)
            continue
        spans = spans[spans[:, 1] > spans[:, 0]]
        if len(spans):
            lo, hi = np.clip(spans[:, 0], 0, n), np.clip(spans[:, 1], 0, n)
            starts = np.bincount(lo, minlength=n + 1) - np.bincount(hi, minlength=n + 1)
            covered |= np.cumsum(starts[:n]) > 0
    return covered
