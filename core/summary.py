"""Summary: a short passage of the checked text that condenses a long stretch of the source
(issue 34), a step of the pair stage (:class:`~copylens.core.signal.PairStep`, ``assembled``).

A summary keeps few runs of the source's words, so the copy signal finds a piece or two of it
against a sentence or two of the source; what was taken is the whole passage, from the whole
article. As the PAN-14 and PAN-15 winners do (Sanchez-Perez, Gelbukh and Sidorov, "Adaptive
Algorithm for Plagiarism Detection: The Best-performing Approach at PAN 2014 Text Alignment
Competition", CLEF 2015: when the suspicious side of a passage is much shorter than its source
side, seed with lower thresholds and take the source's hull as one passage), this step, after
every pair signal ran:

1. Units and similarities: each text's sentences as bags of canonical words (lemmas or stems,
   stop words out), the tf-isf cosine and Dice of every pair
   (:func:`copylens.core.sentence_align.similarity`: the pair's matrices, computed once a
   pair for the sentence step and this one and passed in ``Finding.sentences``, not a second
   computation).
2. Summary seeds: each checked unit with its best source unit, where their cosine reaches
   :data:`SEED_COS` and their Dice :data:`SEED_DICE` (lower than a copy's seeds: a summary
   sentence retells one or two of the source's in fewer words), and the seed is specific: its
   cosine is at least :data:`SPECIFIC` times the mean cosine of the checked unit with all
   source units (a retelling sentence stands out against one or two source sentences; a
   sentence sharing only a text's common words, as word salad from one small vocabulary,
   matches every source sentence about equally, and with enough such seeds the order and
   stretch conditions of step 4 pass by chance); in a pair where no signal found a fragment,
   no seed of a unit that kept its source unit's words in order (:func:`summary_seeds`);
   no seed of a line of a hard-wrapped sentence whose whole sentence seeds nothing
   (:func:`_whole_seeds`).
3. Around each fragment already found (a copy or a paraphrase, not a citation), or around each
   seed in a pair where no signal found one (in a pair with a copy, the text around it is the
   writer's own on the copy's topic: a run must hold that evidence), the run of checked units
   each seeded or mostly inside a fragment, with at most one bridge unit (:data:`BRIDGE_COS`)
   between two such. A sentence of the writer's own, which matches nothing, ends the run, and
   so does a unit the copy signal's own-sentence cut left between two fragments, unless its
   nearest source unit lies between those its two neighbours seed (a retelling sentence in its
   place in the source's order; a writer's own sentence between copied ones that happens to
   match a source sentence matches one elsewhere).
4. It is a summary when the run holds at least :data:`MIN_UNITS` seeded units (counted as
   the sentences they are: the lines of a hard-wrapped sentence are one) and its seeds of
   its own (units not mostly inside a fragment that copies one stretch of the source,
   :data:`STRETCH`: a verbatim copy's sentences seed their own source sentences, the copy
   signal's evidence, not a retelling's; a paraphrase of one stretch is such evidence too,
   unless the run holds a copy that condenses: retold sentences beside a copy that skips
   through the source are a summary's, :class:`_Evidence`) point to at least
   :data:`MIN_SOURCE_UNITS` distinct source units and share :data:`OWN_SHARED` words with
   them in all; its seeded units, and its own seeds alone,
   in the source's order (at least :data:`ORDER` of consecutive seeds' source units
   ascending), whose hull in the source has at least :data:`RATIO` times the run's words, and
   the run and the hull as wholes reach a tf-isf cosine of :data:`VALIDATION` (a text on the
   same topic shares words, not the order and density of a retelling); and its text is prose,
   under :data:`CAPITALS` of its words capitalised (a list of titles matching a source's
   headings in order is no retelling).
   A run whose source hull would exceed :data:`CONDENSE` times its words is first held to
   its densest stretch of the source (:func:`_focused`): a few seeds far from the rest do not
   make a 400-character passage the summary of a 40 KB text.
5. The run, from its first to its last word, against the source hull (first to last seeded
   source unit, and the fragments inside) is one ``"summary"`` fragment, replacing the
   fragments inside it; the run's seeded words and fragments' words count as covered, on the
   source side the seeded units and the fragments' words. Where a seed or two far off or out
   of the run's order alone stretch the hull, it is held to the stretch the other seeds
   retell (:func:`_cored`), unless the summary is the pair's only fragment and takes the whole
   source (:func:`copylens.core.source_edges.takes_whole`).

What must hold: its fragment's spans are the canonical words' spans (exact offsets, word
boundaries); it covers no word outside its fragment and never spans a checked unit that
neither seeds, nor lies mostly in a fragment, nor bridges two that do. It finds a summary in
a pair where no signal found a fragment (PAN-13: 5 of the 13 summaries the signals miss; on
the honest collections none, docs/measurements.md). Its covered words may lie outside the
pair's seed zones (:func:`copylens.core.copies.seed_zones`), so
:func:`copylens.core.score.containment_bound` does not bound them: a pair the bound skips
loses at most a summary, a miss, never a mark.

Measured (bench/bench_pan13.py, bench/bench_own_text.py): docs/measurements.md, "Summaries".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

import numpy as np

from copylens.core.canonicalize import Canonical, word_spans
from copylens.core.copies import COPY
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Fragment
from copylens.core.sentence_align import (
    SUMMARY_GAP,
    Similarity,
    TextUnits,
    WholeSentences,
    compared,
    pair_sentences,
    similarity,
    word_range,
)
from copylens.core.signal import Finding, FragmentKind, PairStep
from copylens.core.source_edges import takes_whole, unit_chars

SUMMARY = FragmentKind(
    name="summary",
    label="summarised from",
    plural="summaries",
    colour="tint",
    underline="wave",
    legend="a short passage retelling a longer stretch of the source",
    columns=("summary_fragments", "summary_words"),
)
"""The kind of fragment this step yields (``Fragment.kind == "summary"``)."""

SEED_COS = 0.25
SEED_DICE = 0.2
"""Least tf-isf cosine and Dice of a checked unit with its best source unit (a summary seed)."""
SPECIFIC = 4.0
"""Least ratio of a seed's cosine to the mean cosine of its checked unit with every source unit:
a retelling sentence matches one or two of the source's and shares next to nothing with the
rest (PAN-13 summary seeds: 4.6 and up), a sentence of word salad from one small vocabulary
matches every source sentence about equally (1.1 to 3.3)."""
OWN_SHARED = 12
"""Fewest words a run's own seeds (step 4) share with their source units, summed over the
seeds (each seed's distinct shared words): a retelling keeps a source's terms sentence by
sentence. Units of two to five words sharing one or two topic words with short source units
reach the seed's cosine, Dice and specificity by chance, and around a quotation two
unrelated essays share made three summaries at 100,000 generated essays (issues 34/40;
327-446 characters against 2,336-3,481; their own seeds share 5, 10 and 11 words).
PAN-13 development sample: the summaries of its summary pairs' runs share 16-60, those of
its other pairs 12-57, but for one translation pair at 6 (01106, a summary of 682
characters over 10,033 of source, mostly outside its case); docs/measurements.md."""
MIN_UNITS = 4
MIN_SOURCE_UNITS = 3
"""Fewest seeded checked units in a run, and distinct source units they point to. The
checked units are counted as sentences: units a line break inside a sentence split
(:func:`~copylens.core.sentence_align.sentence_units`) are one. Counted as lines, a
hard-wrapped retelling of three sentences was a summary, and a writer's own sentence
seeding a source sentence far from a run's others made one of its lines and a copy's
(bench/bench_own_text.py, beside the engine counting lines in one run: own sentences
between copied ones 22 -> 21 of 2,416 at 60 columns, 24 -> 23 at 80, unwrapped the same;
PAN-13 development sample every figure the same: the checked side's units stay lines,
:func:`_pooled`)."""
ORDER = 0.6
"""Least share of consecutive seeds whose source units ascend (a retelling keeps the order)."""
RATIO = 2.5
"""Least ratio of the source hull's canonical words to the run's. The one decision of a
summary: :data:`copylens.core.sentence_align.SUMMARY_RATIO` (3.0) only shapes the copy
signal's passages this step anchors on (PAN-13 development sample: the step at 3.0 loses one
summary and one random case, plagdet 0.638 to 0.608 and 0.666 to 0.662)."""
VALIDATION = 0.27
"""Least tf-isf cosine of the run's units summed with the hull's units summed."""
CAPITALS = 0.5
"""A summary is prose: fewer than this share of its words capitalised (PAN-13 summaries 0.07 to
0.31 with the prepositions and articles of their sentences; a list of product titles in a
verbatim pair, each matching a heading of the source in order, 0.82)."""
IN_FRAGMENT = 0.5
"""A checked unit at least this share inside fragments continues a run without a seed."""
HULL_NEAR = 0.5
"""A source unit within this share of a seeded unit's best cosine widens the source hull."""
STRETCH = 1.5
"""A fragment whose source side has at most this many times its checked side's words copies
one passage: the units mostly inside it are no summary seeds (they may continue a run). A
verbatim copy's sentences seed their own source sentences, and a few sentences of the
writer's own around it, seeding far off by chance, stretched its hull into a "summary"
(PAN-13 verbatim pairs: 6 false summaries, all anchored on such fragments; the anchors of the
PAN-13 summaries the step finds condense: 1.6 to 10 times, or lie beside enough other seeds).
A paraphrase fragment of one stretch is held the same unless its run holds a copy fragment
that condenses (:class:`_Evidence`): PAN-13 summary 01232 against 01227 is three sentences
retold one by one (a paraphrase since issue 35's chains) then a copy of two sentences far
apart, 3.2 times its words of source in all, and came out as two fragments; counting a
paraphrase's seeds as a run's own everywhere made four translation pairs' paraphrases, with a
stray seed beside them, "summaries" stretched over their source or over two cases."""
CONDENSE = 30.0
"""Most ratio of a summary's source hull (:func:`_hull`) to the run's canonical words before
the run is focused (:func:`_focused`): a summary condenses an article, not a whole long text
(PAN-13 summaries 2.9 to 19.7 times). A run whose seeds point to sentences scattered over a
long source (a few seeds far from the rest) came out as one "summary" of 40 KB of source
against 400 characters: PAN-13 development sample, random and translation pairs, hulls 44
to 112 times their run, 2 to 7 % of their characters inside the case."""
BRIDGE_COS = 0.15
"""A lone checked unit between two of a run, whose best source unit reaches this cosine, is
inside the run (a summary sentence that merges two of the source's); one matching nothing
(a sentence of the writer's own) ends the run."""


@dataclass(frozen=True)
class Run:
    """Checked units [u0, u1) with their summary seeds (checked unit, source unit)."""

    u0: int
    u1: int
    seeds: tuple[tuple[int, int], ...]
    within: tuple[int, int] | None = None
    """Source units [j0, j1) the hull is kept inside (a focused run, :func:`_focused`)."""


class Summaries(PairStep):
    """The summary step (module docstring): always on."""

    name = "summaries"
    kind = SUMMARY

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        return summarised(a.text, a.canonical, b.canonical, found, b.text)


def summarised(text: str, a: Canonical, b: Canonical, found: Finding, source: str) -> Finding:
    """``found`` with each summary (module docstring) as one fragment in place of those
    inside it (``text`` and ``source``: the texts of ``a`` and ``b``)."""
    anchors = [f for f in found.fragments if not f.cited and f.kind != SUMMARY.name]
    if len(a) == 0 or len(b) == 0:
        return found
    sentences = found.sentences
    if sentences is None:
        sentences = pair_sentences(a, b, (text, source))
    sim = sentences.similarity  # found once a pair (Finding.sentences)
    if sim is None:  # too long to compare whole (issue 38: 47.9 GiB at 50 MB): not looked for
        return found
    whole = sentences.whole  # found once a pair too, the sentence step's
    sim = _pooled(a, b, sim, whole, sentences.parts)
    sentence_of = _sentence_of(sim, whole)
    seeds = _whole_seeds(summary_seeds(sim), sim, sentence_of)
    if not anchors:  # a run of seeds alone: a verbatim seed is no retelling (summary_seeds)
        seeds = {i: j for i, j in seeds.items() if not sim.verbatim(i, j)}
    if not _may_summarise(seeds, sentence_of):
        return found
    inside = _inside_share(a, sim, anchors)
    evidence = _Evidence.of(a, b, sim, anchors)
    cut = _cut(inside)
    bridges = sim.best[1] >= BRIDGE_COS  # each row's max (issue 40: found once a pair)
    runs: list[Run] = []
    cut &= ~_in_order(cut, seeds, _nearest(sim))
    starts = [sim.a.of_word(int(a.starts.searchsorted(f.start))) for f in anchors]
    for u in starts or sorted(seeds):
        run = _run(u, seeds, inside, bridges, cut)
        run = _focused(run, sim) if run is not None else None
        if (
            run is not None
            and run not in runs
            and _is_summary(run, sim, evidence.copied(run), sentence_of)
            and _prose(text, a, sim, run)
        ):
            runs.append(run)
    if not runs:
        return found
    return _replaced(a, b, sim, found, _disjoint(runs), source)


def _may_summarise(seeds: dict[int, int], sentence_of: np.ndarray | None) -> bool:
    """Whether a run of the pair may be a summary at all, by step 4's counts over all the
    pair's ``seeds`` (``sentence_of``: :func:`_sentence_of`): every run's seeds are some of
    them (:func:`_run` takes each unit's seed as it is, :func:`_focused` keeps some of a
    run's), so a run holds at most as many seeded sentences as they do, and its own seeds at
    most as many distinct source units. Under :data:`MIN_UNITS` or :data:`MIN_SOURCE_UNITS`
    no run passes :func:`_is_summary`, and :func:`summarised` returns the pair as found, as it
    did after judging each run (issue 40: 489 of the 869 pairs aligned at 1,000 essays;
    tests/test_summary.py checks the pairs it passes find no summary)."""
    seeded = {int(sentence_of[i]) if sentence_of is not None else i for i in seeds}
    return len(seeded) >= MIN_UNITS and len(set(seeds.values())) >= MIN_SOURCE_UNITS


def _pooled(
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    whole: WholeSentences | None,
    parts: tuple[TextUnits, TextUnits] | None = None,
) -> Similarity:
    """``sim`` over the source's sentences, given the pair's whole sentences ``whole``
    (:attr:`~copylens.core.sentence_align.PairSentences.whole`, None when no line break inside
    a sentence split a unit of either text): where such a break split one of the source's
    sentences into units (hard-wrapped text), those units pooled again
    (:func:`~copylens.core.sentence_align.sentence_units`) and the pair's similarity computed
    anew; ``sim`` itself when no source unit was split so. The step counts the source's
    sentences (:data:`MIN_SOURCE_UNITS`) and weighs a seed against them all (:data:`SPECIFIC`):
    counted as lines, they let honest answers on the source's topic reach a summary
    (Clough–Stevenson ``non`` answers and their sources wrapped at 60 or 80 columns: five
    summaries of 306-525 characters, none since; ``bench/bench_summary_honest.py``).
    The checked side keeps its units: an edited copy moves full stops and drops capitals
    (PAN-13's random obfuscation), so a line break there that seems to go on with its
    sentence may end one (pooled on both sides, PAN-13 random lost two summaries inside
    their cases, plagdet 0.803 -> 0.799, and translation's granularity rose 1.022 -> 1.027);
    its seeds are held to its whole sentences instead (:func:`_whole_seeds`)."""
    if whole is None or whole.units_b is sim.b:
        return sim
    if parts is not None and sim.a is parts[0].units and whole.units_b is parts[1].sentences:
        # the same similarity from each text's bags, made once a document (issue 40)
        return compared(parts[0].bags, parts[1].sentence_bags(b))
    return similarity(a, b, (sim.a, whole.units_b))


def _sentence_of(sim: Similarity, whole: WholeSentences | None) -> np.ndarray | None:
    """The whole sentence (of ``whole``, the pair's) each checked unit of ``sim`` is a piece
    of, or None when no line break split a checked sentence."""
    if whole is None or whole.units_a is sim.a:
        return None
    return whole.units_a.bounds.searchsorted(sim.a.bounds[:-1], side="right") - 1


def _whole_seeds(
    seeds: dict[int, int], sim: Similarity, sentence: np.ndarray | None
) -> dict[int, int]:
    """``seeds`` (units of ``sim``) less those of a checked unit that is a piece of a sentence a
    line break split (``sentence``: each unit's whole sentence, :func:`_sentence_of`) whose
    whole sentence is no seed: its best source sentence under :data:`SEED_COS` or
    :data:`SEED_DICE`. A line of a hard-wrapped sentence is a short unit whose topic word or two
    reach a summary seed by chance, and a writer's own sentence beside a copy so continued a run
    into a "summary" (bench/bench_own_text.py ``--wrap 60``: 7 of the own sentences marked only
    wrapped). The seed keeps its source unit, the line's own: a sentence of PAN-13's random
    obfuscation, whose full stops moved, pools with its neighbours into a "sentence" of two or
    three whose best source unit is one of theirs, and its lines keep the order of their source
    units (held to the pooled sentence's source unit instead, or to their seed being a seed of
    the whole sentence too, PAN-13 random lost a summary inside its case). The whole sentence is
    its lines' rows summed (:func:`_seeds_whole`): computing the pair's similarity again over
    whole sentences kept the same seeds on the PAN-13 development sample and
    bench/bench_own_text.py at 60 and 80 columns, and cost PAN-13 11.6 CPU s against main's 10.0
    in one run (every pair there is wrapped); summed, 9.7 against 9.5."""
    if sentence is None or not seeds:
        return seeds
    vb = sim.vectors_b  # np.linalg.norm's norms, without its checks (issue 40)
    norms = np.sqrt(np.add.reduce(vb * vb, axis=1))
    seeding: dict[int, bool] = {}
    out = {}
    for i, j in seeds.items():
        x = int(sentence[i])
        s0, s1 = sentence.searchsorted(x), sentence.searchsorted(x, side="right")
        if s1 - s0 == 1:  # a whole sentence
            out[i] = j
            continue
        if x not in seeding:
            seeding[x] = _seeds_whole(sim, int(s0), int(s1), norms)
        if seeding[x]:
            out[i] = j
    return out


def _seeds_whole(sim: Similarity, i0: int, i1: int, norms: np.ndarray) -> bool:
    """Units [i0, i1) of ``sim``'s checked text together (one sentence's lines) reach
    :data:`SEED_COS` and :data:`SEED_DICE` with their best source unit: their tf-isf rows
    summed (the pair's weights: no second similarity of the pair is computed), the Dice of
    their distinct words and the source unit's."""
    v = sim.vectors_a[i0:i1].sum(axis=0)
    scale = norms * float(np.sqrt(v.dot(v)))  # np.linalg.norm(v), without its checks
    cos = np.divide(sim.vectors_b @ v, scale, out=np.zeros(len(norms)), where=scale > 0)
    j = int(cos.argmax())
    if cos[j] < SEED_COS:
        return False
    mine = set(sim.words_a[int(sim.a.bounds[i0]) : int(sim.a.bounds[i1])].tolist())
    theirs = set(sim.words_b[int(sim.b.bounds[j]) : int(sim.b.bounds[j + 1])].tolist())
    return 2 * len(mine & theirs) >= SEED_DICE * (len(mine) + len(theirs))


def summary_seeds(sim: Similarity) -> dict[int, int]:
    """Each checked unit's best source unit, where the pair reaches the summary seed's
    thresholds and stands out from the rest of the source (:data:`SPECIFIC`).

    In a pair where no signal found a fragment, :func:`summarised` leaves out the seeds of
    units that kept their source unit's words in order
    (:meth:`~copylens.core.sentence_align.Similarity.verbatim`): a run of words the word
    aligner judged too short or too common to report, no retelling, as in the sentence
    step's runs (issues 34/40: 100,000 generated essays, three summaries of unrelated pairs
    resting on a set phrase of 7-8 words, 305-612 characters against 1,240-3,341, gone;
    PAN-13 development sample: every fragment the same. Left out in every pair instead,
    four of the six went, but eleven PAN-13 pairs changed, nine of them summaries; left out
    where the unit is not mostly inside a fragment, four, but two PAN-13 summaries fell back
    to copies: a summary beside a copy may keep a short sentence word for word)."""
    if sim.cos.size == 0:
        return {}
    best, top = sim.best  # found once a pair (issue 40)
    specific = top >= SPECIFIC * sim.cos.mean(axis=1)
    ok = (top >= SEED_COS) & (sim.dice[np.arange(len(best)), best] >= SEED_DICE) & specific
    listed = best.tolist()
    return {i: listed[i] for i in np.flatnonzero(ok).tolist()}


def _inside_share(a: Canonical, sim: Similarity, anchors: Sequence[Fragment]) -> np.ndarray:
    """Share of each checked unit's words inside the fragments found."""
    inside = np.zeros(len(a), dtype=np.int64)
    for f in anchors:
        inside[a.starts.searchsorted(f.start) : a.starts.searchsorted(f.end)] = 1
    sums = np.add.reduceat(inside, sim.a.bounds[:-1])
    bounds = sim.a.bounds  # methods and slices: numpy's functions cost a call more (issue 40)
    return sums / np.maximum(bounds[1:] - bounds[:-1], 1)


def _prose(text: str, a: Canonical, sim: Similarity, run: Run) -> bool:
    """The run's text is prose: under :data:`CAPITALS` of its words capitalised."""
    w0, w1 = int(sim.a.bounds[run.u0]), int(sim.a.bounds[run.u1])
    passage = text[int(a.starts[w0]) : int(a.ends[w1 - 1])]
    words = [passage[s:e] for s, e in word_spans(passage)]
    capitalised = sum(w[0].isupper() for w in words)
    return capitalised < CAPITALS * len(words)


def _nearest(sim: Similarity) -> dict[int, int]:
    """Each checked unit's best source unit, where their cosine reaches :data:`BRIDGE_COS`."""
    best, top = sim.best  # found once a pair (issue 40)
    listed = best.tolist()
    return {i: listed[i] for i in np.flatnonzero(top >= BRIDGE_COS).tolist()}


def _in_order(cut: np.ndarray, seeds: dict[int, int], nearest: dict[int, int]) -> np.ndarray:
    """Cut units a run may cross: each one's nearest source unit (:func:`_nearest`) lies
    between those its two neighbours seed (a retelling sentence in its place in the source's
    order, as a summary's sentences between two copied ones are; a writer's own sentence
    between copied ones that happens to match a source sentence matches one elsewhere:
    bench_own_text.py's interleaved essays)."""
    out = np.zeros(len(cut), dtype=bool)
    for x in cut.nonzero()[0].tolist():
        before, here, after = seeds.get(x - 1), nearest.get(x), seeds.get(x + 1)
        if before is not None and here is not None and after is not None:
            out[x] = before <= here <= after
    return out


@dataclass(frozen=True)
class _Evidence:
    """Per checked unit, mostly inside (:data:`IN_FRAGMENT`) a fragment of one kind: a copy
    of one stretch of the source (:func:`_stretch_copy`), a paraphrase of one stretch, a copy
    that condenses (its source side longer than :data:`STRETCH` times its words)."""

    stretch_copy: np.ndarray
    stretch_other: np.ndarray
    condensing_copy: np.ndarray

    @classmethod
    def of(
        cls, a: Canonical, b: Canonical, sim: Similarity, anchors: Sequence[Fragment]
    ) -> _Evidence:
        def held(fragments: list[Fragment]) -> np.ndarray:
            return _inside_share(a, sim, fragments) >= IN_FRAGMENT

        copies = [(f, _stretch_copy(f, a, b)) for f in anchors if f.kind == COPY.name]
        others = [f for f in anchors if f.kind != COPY.name and _stretch_copy(f, a, b)]
        return cls(
            held([f for f, stretch in copies if stretch]),
            held(others),
            held([f for f, stretch in copies if not stretch]),
        )

    def copied(self, run: Run) -> np.ndarray:
        """The units of ``run`` whose seeds are no seeds of its own (step 4): those of a copy
        of one stretch always; those of a paraphrase of one stretch unless the run holds a
        copy that condenses (:data:`STRETCH`)."""
        if self.condensing_copy[run.u0 : run.u1].any():
            return self.stretch_copy
        return self.stretch_copy | self.stretch_other


def _stretch_copy(f: Fragment, a: Canonical, b: Canonical) -> bool:
    """``f`` takes one stretch of the source no longer than :data:`STRETCH` times its own
    words: a copy of a passage, not a condensing of a longer one."""
    a0, a1 = word_range(a, f.start, f.end)
    b0, b1 = word_range(b, f.source_start, f.source_end)
    return b1 - b0 <= STRETCH * (a1 - a0)


def _cut(inside: np.ndarray) -> np.ndarray:
    """Units between two fragments and outside them: the copy signal's own-sentence cut
    judged them the writer's own (:func:`copylens.core.sentence_align.own_units`), and this
    step does not overrule it."""
    found = (inside >= IN_FRAGMENT).nonzero()[0]
    cut = np.zeros(len(inside), dtype=bool)
    if len(found):
        cut[found[0] : found[-1] + 1] = True
        cut[found] = False
    return cut


def _run(
    u: int, seeds: dict[int, int], inside: np.ndarray, bridges: np.ndarray, cut: np.ndarray
) -> Run | None:
    """The units around ``u`` each seeded or mostly inside a fragment, with at most one
    bridge unit (:data:`BRIDGE_COS`) between two such; None if ``u`` is neither."""

    def held(x: int) -> bool:
        return 0 <= x < len(inside) and not cut[x] and (x in seeds or inside[x] >= IN_FRAGMENT)

    if not held(u):
        return None
    u0, u1 = u, u + 1
    while True:
        if held(u0 - 1):
            u0 -= 1
        elif u0 >= 2 and bridges[u0 - 1] and not cut[u0 - 1] and held(u0 - 2):
            u0 -= 2
        else:
            break
    while True:
        if held(u1):
            u1 += 1
        elif u1 + 1 < len(inside) and bridges[u1] and not cut[u1] and held(u1 + 1):
            u1 += 2
        else:
            break
    return Run(u0, u1, tuple((i, seeds[i]) for i in range(u0, u1) if i in seeds))


def _is_summary(
    run: Run, sim: Similarity, copied: np.ndarray, sentence_of: np.ndarray | None = None
) -> bool:
    """Step 4 of the module docstring."""
    own = [j for i, j in run.seeds if not copied[i]]
    seeded = len({int(sentence_of[i]) if sentence_of is not None else i for i, _ in run.seeds})
    if seeded < MIN_UNITS or len(set(own)) < MIN_SOURCE_UNITS:
        return False
    if sum(int(sim.shared[i, j]) for i, j in run.seeds if not copied[i]) < OWN_SHARED:
        return False
    targets = [j for _, j in run.seeds]
    if not (_ordered(targets) and _ordered(own)):
        return False
    j0, j1 = min(targets), max(targets) + 1
    words_a = int(sim.a.bounds[run.u1] - sim.a.bounds[run.u0])
    words_b = int(sim.b.bounds[j1] - sim.b.bounds[j0])
    if words_b < RATIO * words_a:
        return False
    return sim.cosine(run.u0, run.u1, j0, j1) >= VALIDATION


def _focused(run: Run, sim: Similarity) -> Run:
    """``run`` itself when its source hull (:func:`_hull`) has at most :data:`CONDENSE` times
    its words; else the run with only the seeds of its densest stretch of the source: their
    source units clustered where at most :data:`~copylens.core.sentence_align.SUMMARY_GAP`
    units lie between one and the next (the source-side gap of the PAN-14 winner's summary
    mode, Sanchez-Perez et al. 2015), the cluster of most seeds kept, the hull held inside it.
    What is left is judged as any run (:func:`_is_summary`): a few seeds alone are no
    summary."""
    if not run.seeds:
        return run
    j0, j1 = _hull(run, sim)
    words_a = int(sim.a.bounds[run.u1] - sim.a.bounds[run.u0])
    if int(sim.b.bounds[j1] - sim.b.bounds[j0]) <= CONDENSE * words_a:
        return run
    targets = sorted({j for _, j in run.seeds})
    groups = [[targets[0]]]
    for j in targets[1:]:
        if j - groups[-1][-1] - 1 > SUMMARY_GAP:
            groups.append([j])
        else:
            groups[-1].append(j)
    best = max(groups, key=lambda g: sum(j in g for _, j in run.seeds))
    kept = tuple((i, j) for i, j in run.seeds if best[0] <= j <= best[-1])
    return Run(run.u0, run.u1, kept, (best[0], best[-1] + 1))


def _ordered(targets: Sequence[int]) -> bool:
    """At least :data:`ORDER` of consecutive source units ascend."""
    steps = list(pairwise(targets))
    return sum(y >= x for x, y in steps) >= ORDER * len(steps)


def _hull(run: Run, sim: Similarity) -> tuple[int, int]:
    """Source units [j0, j1) from the first to the last a seeded unit of the run retells: its
    best source unit and those of a cosine within :data:`HULL_NEAR` of it, at the seed's
    thresholds (a summary sentence condenses several of the source's)."""
    rows = [i for i, _ in run.seeds]
    cos, dice = sim.cos[rows], sim.dice[rows]
    near = (cos >= SEED_COS) & (dice >= SEED_DICE) & (cos >= HULL_NEAR * cos.max(axis=1)[:, None])
    if run.within is not None:
        near[:, : run.within[0]] = False
        near[:, run.within[1] :] = False
    js = np.flatnonzero(near.any(axis=0))
    return int(js.min()), int(js.max()) + 1


CORE_GAP = 3
CORE_SHARE = 0.6
"""How :func:`_cored` finds the stretch of the source a run retells: its seeds' source units
in the run's order, the longest ascending chain of them, cut where one lies more than
:data:`CORE_GAP` units past the one before; the cut part with most seeds is the core when it
holds at least :data:`CORE_SHARE` of the run's seeds. PAN-13 development sample (the
source-edge replay, bench/diag_srcreplay.py): random plagdet 0.8645 -> 0.8678 at a gap of 3
or 6 and a share of 0.6; at a gap of 1, 0.8643; at a share of 0.5, summary cases held to a
core of two of their four seeds (summary plagdet 0.7442 -> 0.7327); at 0.75, 0.8664."""


def _cored(run: Run, sim: Similarity) -> Run:
    """``run`` held to the source stretch most of its seeds retell, when a seed or two far
    from it or out of its order alone stretch its hull: its seeds' source units in the run's
    order, the longest ascending chain of them, cut where a unit lies more than
    :data:`CORE_GAP` units past the one before; the cut part with most seeds, at least
    :data:`CORE_SHARE` of them and not all, whose stretch of the source has fewer than
    :data:`RATIO` times the run's words (itself no condensing), is the core: the run with
    only those seeds, its hull kept inside their units. Else ``run`` itself.

    PAN-13's random obfuscation keeps a passage's order and length (its source sides are 0.97
    to 2.07 times its checked sides, 5th to 95th percentile), and a random passage that one
    sentence's common words seed far off reaches a summary's ratio of hull to words with that
    seed: PAN-13 development sample, four random cases whose summary's source side ran
    1,053 to 1,825 characters past the case's (suspicious-document00286, 00937, 01192, 01707:
    seeds 198-205 and 187, 188; 11-13 and 8; 16-20 and 8; 3-5 and 16), held to their case's
    source sides exactly; one (01451, seeds 14-16 and 10) whose far seed lay inside its case
    loses 528 characters of source."""
    if len(run.seeds) < MIN_SOURCE_UNITS:
        return run
    targets = [j for _, j in run.seeds]
    n = len(targets)
    longest, before = [1] * n, [-1] * n  # the longest ascending chain, O(n^2): runs are short
    for k in range(n):
        for m in range(k):
            if targets[m] <= targets[k] and longest[m] + 1 > longest[k]:
                longest[k], before[k] = longest[m] + 1, m
    k = max(range(n), key=lambda x: longest[x])
    chain: list[int] = []
    while k != -1:
        chain.append(targets[k])
        k = before[k]
    chain.reverse()
    parts = [[chain[0]]]
    for j in chain[1:]:
        if j - parts[-1][-1] > CORE_GAP:
            parts.append([j])
        else:
            parts[-1].append(j)
    core = max(parts, key=len)
    if len(core) < CORE_SHARE * n or len(core) == n:
        return run
    j0, j1 = core[0], core[-1] + 1
    words_a = int(sim.a.bounds[run.u1] - sim.a.bounds[run.u0])
    if int(sim.b.bounds[j1] - sim.b.bounds[j0]) >= RATIO * words_a:
        return run
    within = (j0, j1) if run.within is None else (max(j0, run.within[0]), min(j1, run.within[1]))
    return Run(run.u0, run.u1, tuple((i, j) for i, j in run.seeds if j0 <= j < j1), within)


def _source_side(
    b: Canonical, sim: Similarity, run: Run, held: Sequence[Fragment]
) -> tuple[int, int]:
    """The characters of ``run``'s source hull (:func:`_hull`) and the source sides of the
    fragments ``held`` inside it."""
    src0, src1 = unit_chars(sim.b, b, *_hull(run, sim))
    return min([src0, *(f.source_start for f in held)]), max([src1, *(f.source_end for f in held)])


def _whole(f: Fragment, source: str) -> bool:
    """``f``, a summary and the pair's only fragment, takes the whole ``source`` at the
    source-edge step (:func:`copylens.core.source_edges.takes_whole`): its hull stays as it
    is (held to a core, :func:`_cored`, it no longer would)."""
    return takes_whole(f.kind, f.end - f.start, f.source_end - f.source_start, source)


def _disjoint(runs: Sequence[Run]) -> list[Run]:
    """Runs sharing no unit (runs around two fragments of one passage are equal)."""
    out: list[Run] = []
    for r in sorted(runs, key=lambda r: (r.u0, -r.u1)):
        if not out or r.u0 >= out[-1].u1:
            out.append(r)
    return out


def _replaced(
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    found: Finding,
    runs: Sequence[Run],
    source: str,
) -> Finding:
    """Step 5 of the module docstring."""
    fragments = list(found.fragments)
    covered_a, covered_b = found.covered_a.copy(), found.covered_b.copy()
    cores: dict[Fragment, tuple[int, int]] = {}  # each summary's source side held to its core
    for run in runs:
        wa0, wa1 = int(sim.a.bounds[run.u0]), int(sim.a.bounds[run.u1])
        start, end = int(a.starts[wa0]), int(a.ends[wa1 - 1])
        held = [f for f in fragments if f.start < end and start < f.end and not f.cited]
        start = min([start, *(f.start for f in held)])
        end = max([end, *(f.end for f in held)])
        targets = [j for _, j in run.seeds]
        src0, src1 = _source_side(b, sim, run, held)
        core = _source_side(b, sim, _cored(run, sim), held)
        for i, j in run.seeds:
            covered_a[sim.a.bounds[i] : sim.a.bounds[i + 1]] = True
            covered_b[sim.b.bounds[j] : sim.b.bounds[j + 1]] = True
        words = int(covered_a[wa0:wa1].sum())
        exact = sum(f.exact_words for f in held)
        fragments = [f for f in fragments if not any(f is h for h in held)]
        summary = Fragment(
            start=start,
            end=end,
            source_start=src0,
            source_end=src1,
            words=words,
            exact_words=min(exact, words),
            edits=(),
            kind=SUMMARY.name,
            score=sim.cosine(run.u0, run.u1, min(targets), max(targets) + 1),
        )
        fragments.append(summary)
        cores[summary] = core
    if not (len(fragments) == 1 and _whole(fragments[0], source)):
        fragments = [
            replace(f, source_start=cores[f][0], source_end=cores[f][1]) if f in cores else f
            for f in fragments
        ]
    fragments.sort(key=lambda f: (f.start, f.end))
    return Finding(covered_a, covered_b, tuple(fragments), found.sentences)


SUMMARIES = Summaries()
