"""Sentence alignment: passages of a checked text whose sentences match a source's sentences
though their words were shuffled, swapped for synonyms or machine-translated (issue 34).

The word aligner (:mod:`copylens.core.align`) needs runs of equal words; an obfuscated copy
keeps few. This stage compares whole sentences, as the PAN-14 and PAN-15 winners do
(Sanchez-Perez, Gelbukh and Sidorov, "A Winning Approach to Text Alignment for Text Reuse
Detection at PAN 2014", and "Adaptive Algorithm for Plagiarism Detection: The Best-performing
Approach at PAN 2014 Text Alignment Competition", CLEF 2015):

1. Units: each text's sentences (:func:`copylens.core.canonicalize.sentence_ids`) as bags of
   canonical words (lemmas or stems, stop words out); a unit of fewer than :data:`MIN_UNIT`
   words is joined to the next (a line break inside a sentence, a heading).
2. Seeds: pairs of units whose tf-isf cosine (the words' inverse sentence frequency over the
   units of both texts) reaches :data:`SEED_COS` and whose Dice coefficient over distinct
   words reaches :data:`SEED_DICE`.
3. Extension: seeds clustered in the checked text where no more than :data:`MAX_GAP` units lie
   between one and the next, each cluster split again in the source by the same gap, until
   nothing changes; a cluster is a passage, from its first to its last unit on both sides.
   Summary mode: a passage whose source side is much longer than its checked side is clustered
   again with :data:`SUMMARY_GAP` in the source (a summary condenses a whole article); it
   stays a copy's passage, which :mod:`copylens.core.summary` may report as a summary.
4. Filter: a passage with a word alignment of :mod:`copylens.core.align` inside or beside
   it (within a unit, on both sides) stands: the sentences extend a copy the word seeds
   anchor. A passage of sentences alone is no copy: a sentence whose words were shuffled
   or swapped keeps no run of the source's words. With "Find rewrites" on
   (``Options.paraphrase``: sentences in another order or with synonyms), after the
   paraphrase stage, its runs of edited sentences in units no fragment holds (and that
   kept no source sentence's words in order, :meth:`Similarity.verbatim`) are
   ``"paraphrase"`` fragments (:func:`alone`, reported by :mod:`copylens.core.passages`);
   with it off, nothing. (Reported as copies whatever the option, they marked an expert
   rewrite 90 % copied with the stage off, which issue 17 shows as paraphrase, and put
   copies outside every seed zone, over the containment bound by which ``compare`` skips
   pairs, :func:`copylens.core.score.containment_bound`, a bound of copies; docs/measurements.md.)
5. Own sentences (issue 12, decided per sentence pair, :func:`own_units`): inside a joined
   passage, a unit the word alignments match less than half of and that is no copy of a
   source unit of the passage (:meth:`Similarity.copies`: at least :data:`OWN_WORDS` and
   :data:`OWN_SHARE` of its distinct words in one source unit, at the seed thresholds) is
   the writer's own: the passage is cut there. A shuffled or synonym-swapped copy of a source
   sentence keeps most of its words; a sentence sharing only topic words does not.
6. Edges: a passage's ends are cut where the copy begins or ends inside a unit
   (:func:`_clipped`), and a fragment begins and ends on matching words.

:func:`one_passage` then joins a pair's adjacent fragments into one passage (granularity: one
case, one detection) across the sentences between them that the source holds between them,
or across words inside the two fragments' own sentences (:func:`_inside_sentences`), or
across whole sentences that raise the passage's cosine with its source (:func:`_raises`),
never across a writer's own sentence (decided per sentence, :data:`GAP_SHARE`); a copy and a
paraphrase so joined are one copy passage with the paraphrase's span a ``"retold"`` edit;
:func:`extended_edges` continues a fragment of edited words over the whole sentences beside
it that raise its cosine with its source range (the PAN-14 winners' passage validation);
:func:`sentence_candidates` lets ``check`` align a pair that shares no anchor but two seed
k-grams, or pairs of words and most of the source's vocabulary.

What must hold: every passage is a pair of canonical-word ranges inside both texts; its
character spans are the words' spans (exact offsets into the extracted texts); it never
spans a unit :func:`own_units` calls the writer's own.

Measured (bench/bench_pan13.py, bench/bench_own_text.py): docs/measurements.md, "Edited
copies on PAN-13".
"""

from __future__ import annotations

import difflib
import re
import threading
from bisect import bisect_right
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from operator import itemgetter
from typing import Any, TypeVar, cast

import numpy as np

from copylens.core.align import Alignment, WordEdit, box_opcodes
from copylens.core.arrays import distinct
from copylens.core.canonicalize import CAPITALISED, Canonical, clause_ids
from copylens.core.index import MemoryIndex
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Edit, Fragment
from copylens.core.wordnet import related_forms

MIN_UNIT = 2
"""Fewest canonical words of a unit; a shorter sentence joins the next one."""
SEED_COS = 0.33
SEED_DICE = 0.33
"""Least tf-isf cosine and Dice coefficient of a seed (Sanchez-Perez et al. 2014)."""
MAX_GAP = 4
"""Most units between consecutive seeds of one passage, on each side (ibid.)."""
SUMMARY_GAP = 24
"""The source-side gap of summary mode (ibid.)."""
SUMMARY_RATIO = 3.0
"""A passage whose source side has this many times the checked side's words is clustered in
summary mode (:func:`passages`), and a joined alignment's source side this long is not
clipped (:func:`_join`): the shape of the copy signal's passage. Whether a passage is
reported as a summary ("summarised from") is the summary step's decision alone
(:mod:`copylens.core.summary`, its own seeds and :data:`copylens.core.summary.RATIO`).
PAN-13 development sample, each beside this engine in one run: this ratio at 2.5 changes
one random and one translation pair (precision 0.963 to 0.960, 0.948 to 0.945); without
summary mode the summary plagdet falls from 0.638 to 0.591, clipping every source side to
0.624 (the summary step anchors on these passages)."""
VALIDATION = 0.34
"""Least tf-isf cosine of a passage's two sides (ibid.)."""
OWN_WORDS = 5
COPY_COS = 0.5
OWN_SHARE = 0.6
"""A unit of the checked text is a copy of a source unit when it shares at least this many
distinct words with it, and this share of its own, at this tf-isf cosine
(:meth:`Similarity.copies`). Chosen on bench/bench_own_text.py (300 essays): with 4 words
and cosine 0.33, 1.2 % of the writer's own sentences were marked (English 2.1 %: short
topical sentences such as "Inbound, links from other pages to yours."), main 0.9 %; with
these, 0.9 %."""
NEAR_BEST = 0.9
"""A seed's cosine is at least this share of the best its checked unit reaches."""
STRONG = 0.5
"""Seeds under this cosine at a passage's ends, outside its word alignments, are dropped
(:func:`_trimmed`); a passage of sentences alone needs a seed this strong (:func:`credible`)."""
MIN_SEEDS = 2
"""Fewest seeds of a passage of sentences alone (:func:`credible`)."""
ALONE_UNITS = 2
"""Fewest sentences of a run of consecutive seed units that a passage of sentences alone
reports (:func:`alone`): units, where a line break inside a sentence splits one, are counted
as the sentences they end, with the sentence ends inside them (a full stop before a small
letter, which splits no unit): one more than the ends of its units but the last. Counted as
units, one shuffled sentence wrapped over two lines outside a verbatim pair's case was a run
(PAN-13 development sample: verbatim precision 0.954 → 0.947, random recall 0.654 → 0.664).
With the ends inside units (``bench_pan13.py --before main``, one run): random recall 0.718
→ 0.725, plagdet 0.764 → 0.769, 177 → 179 of 198 cases, precision 0.969 both, every other
type's figures the same; counting the last unit's inside too, one case more but text outside
the cases marked (verbatim precision 0.954 → 0.940, translation 0.946 → 0.931)."""
STRONG_WORDS = 3
"""Fewest distinct words a unit of a run of strong seeds shares with its seed's source unit
(:func:`alone`): PAN-13 development sample, verbatim pairs, with any number a title split at
"Madam C.J." seeded its neighbour's words and verbatim precision fell 0.947 → 0.933; with
:data:`OWN_WORDS` the runs found nothing more (random recall 0.660)."""
BESIDE_COS = 0.45
"""Least cosine of each seed of a run that continues a fragment (:func:`alone`) when its unit
is no copy by its words. PAN-13 development sample: at :data:`STRONG` (0.5) random recall
0.666, translation 0.814; at 0.45 0.670 and 0.819; at 0.4 0.675 and 0.824, but text of a
verbatim pair outside its case was marked (verbatim precision 0.947 → 0.940). Own sentences
between copied ones in bench/bench_own_text.py: 24 of 2,416 at 0.45 and 0.5 alike."""
SOURCE_STEP = 1
"""Most source units from a seed of one unit of a run of sentences alone to a seed of the next
for the run to follow its source (:func:`_following`). PAN-13 development sample, random, with
whole runs: at 1 recall 0.689, precision 0.969, plagdet 0.666; at 2 0.697, 0.961, 0.670 (two
more runs outside every case, obfuscated reuse of the source the truth does not list); the
next unit's seed after the last one's only: 0.680 and 0.969 at 1, 0.682 and 0.964 at 2
(plagdet 0.660). Cut into the parts that follow the source, at 1: 0.693, 0.968, 0.669."""
MARGIN = 2.5
"""Least ratio margin of each unit of a part that follows its source (:func:`_distinctive`).
PAN-13 development sample: of the 36 random and translation parts of two or more units that
follow their source (before :func:`_apart`), 35 have a least margin of 2.6 or more, one
(translation) 2.06. Word salad, 22 random 12-word sentences of a 50-word list against 12, 17
or 30 such (tests/gui's essays), 200 pairs each: the largest least margin of a following
part 2.92, 2.10 and 1.87; at 2.0, 11, 2 and 0 of 243, 302 and 245 parts pass, at 2.5 1, 0
and 0 (a source of 12 sentences has few neighbours to average)."""
MARGIN_K = 8
"""Nearest neighbours averaged on each side by :func:`_distinctive` (at 4, on the same parts:
PAN-13 from 1.49, tests/gui's salad and filler up to 1.42, no threshold between; at 8 from
2.06 and up to 1.69)."""
VERBATIM_WORDS = 5
VERBATIM_SHARE = 0.6
"""Least run of words in order, and share of the unit's words, of a verbatim copy of a source
unit (:meth:`Similarity.verbatim`), whose seed :func:`alone` leaves to the word aligner (5:
the default ``Options.anchor_words``). PAN-13 development sample: the units of
:func:`alone`'s runs keep at most 4 words in a row of their seeds' source units, but two (6
of 14 and of 37 words); the four unrelated pairs of 100,000 generated essays that a run
marked (issues 34/40), 7 of 7 and 8 of 8: a common set phrase, a sentence of its own."""
LONE_WORDS = 2 * OWN_WORDS
"""Fewest distinct words a sentence keeps of one source sentence, with :data:`OWN_SHARE` of its
own (:meth:`Similarity.keeps`), for :func:`alone` to report it though no seed beside it
makes a run: a sentence that keeps that many of a source sentence's words is that sentence
edited, alone or not (a writer's own sentence on the topic shares topic words, a handful).
Measured with bench/diag_lone.py (every seed unit :func:`alone` left out, labelled by the
truth): of the writer's own sentences of bench/bench_own_text.py (as is and hard-wrapped at
60 and 80 columns, 4,875 own seed units), Clough–Stevenson's honest answers (five wrappings),
bench_paraphrase.py's independent texts and seed paper 002's paragraphs (471), and the units
of the PAN-13 development sample outside every case (726), none shares more than 7 words with
its seed's source unit at that share, nor 8 or more at any share but the PAN units; at 10 and
the share, 4 units, all inside cases (random, translation, summary; two of them one random
case that got no fragment: "In happening where the child's gore lead degree is 10 mcg/dL ...",
13 of its 21 words, cosine 0.46); at 8, 12 units of cases, and own sentences of 7 of 8 words
("В качестве элементов могут использоваться ...") one word below."""
GATHERED_UNITS = 8
GATHERED_WORDS = 15
GATHERED_DICE = 0.5
"""A unit of the checked text that gathers the words of a run of 2 to :data:`GATHERED_UNITS`
consecutive source units (each sharing a word with it), at least :data:`GATHERED_WORDS`
distinct words of theirs at a Dice coefficient of :data:`GATHERED_DICE` between its distinct
words and the run's (:meth:`Similarity.gathers`), is those source sentences or lines edited
into one, and :func:`alone` reports it (:func:`_gathered`). The PAN-13 random obfuscation
joins a source's lines (a list of ideas, of services, of stalls) into one long line: "national
single or additional Offer a monthly to a parent for your neighborhood ..." holds 24 of the 40
distinct words of seven source lines (Dice 0.59), but only 8 of its best line's (cosine 0.39,
Dice 0.31: no seed), so the unit-to-unit signal never saw it.

Measured with a probe of every unit of 10 or more distinct words that no fragment holds nor run
reports, its run of source units of highest Dice (bench/diag_lone.py's populations): the three
random cases without a fragment that have such a unit gather 15 (Dice 0.63), 16 (0.55) and 24
(0.59) words; honest units at Dice 0.45 or more gather at most 7 (Clough–Stevenson's honest
answers, bench_paraphrase.py's independent texts, seed paper 002's paragraphs), PAN-13 units
outside every case at Dice 0.5 or more at most 11 (a verbatim pair's "USS Los Angeles receives
Battle Efficiency award ...", beside a fragment). A writer's sentence on the topic takes a word
or two from each of several source sentences, under half of their words; a joined list keeps
most of each line's. Figures beside main: :func:`_gathered`."""
BESIDE_UNITS = 2
"""Most source units between a fragment's source side and that of a run of seed units beside
it for the run to continue the fragment (:func:`alone`, :func:`_continues`)."""


@dataclass(frozen=True)
class Units:
    """A text's units as canonical-word ranges: unit u is words [bounds[u], bounds[u + 1])."""

    bounds: np.ndarray

    @classmethod
    def of(cls, c: Canonical) -> Units:
        n = len(c)
        if n == 0:
            return cls(np.zeros(1, dtype=np.int64))
        starts = np.flatnonzero(np.concatenate(([True], c.sentences[1:] != c.sentences[:-1])))
        kept = [0]
        for s in starts[1:].tolist():
            if s - kept[-1] >= MIN_UNIT:
                kept.append(s)
        if n - kept[-1] < MIN_UNIT and len(kept) > 1:
            kept.pop()
        return cls(np.array([*kept, n], dtype=np.int64))

    def __len__(self) -> int:
        return len(self.bounds) - 1

    @cached_property
    def listed(self) -> list[int]:
        """:attr:`bounds` as a list of ints, made on first use: :meth:`of_word` bisects it
        (issue 40: a pair's sentence steps ask ~100 times a pair, and ``np.searchsorted``
        on one value cost ~2.7 µs against ~0.3)."""
        return list(self.bounds.tolist())

    def of_word(self, w: int) -> int:
        """The unit holding word ``w`` (``np.searchsorted(bounds, w, side="right") - 1``)."""
        return bisect_right(self.listed, w) - 1


@dataclass(frozen=True)
class Similarity:
    """Unit-by-unit similarities of a checked text A and a source B."""

    a: Units
    b: Units
    cos: np.ndarray
    dice: np.ndarray
    vectors_a: np.ndarray
    vectors_b: np.ndarray
    """tf-isf rows (not normalised) of each unit."""
    shared: np.ndarray
    """Distinct words each unit of A shares with each unit of B."""
    size_a: np.ndarray
    """Distinct words of each unit of A."""
    words_a: np.ndarray
    words_b: np.ndarray
    """Each text's canonical words in order, as codes equal where the words are
    (:meth:`verbatim`)."""

    def copies(self, i: int, j0: int, j1: int) -> bool:
        """Unit i of A is a copy of one of B's units [j0, j1): their cosine reaches
        :data:`COPY_COS`, their Dice the seed's, and at least :data:`OWN_SHARE` of its
        distinct words, and :data:`OWN_WORDS`, are in it (a short sentence of the writer's
        on the topic shares a word or two with a source sentence, and that reaches a Dice
        of 0.33)."""
        cos, dice, shared = self.cos[i, j0:j1], self.dice[i, j0:j1], self.shared[i, j0:j1]
        enough = (shared >= OWN_WORDS) & (shared >= OWN_SHARE * self.size_a[i])
        return bool(((cos >= COPY_COS) & (dice >= SEED_DICE) & enough).any())

    def keeps(self, i: int, j: int) -> bool:
        """Unit i of A keeps :data:`LONE_WORDS` distinct words of unit j of B, and
        :data:`OWN_SHARE` of its own: an edited copy of it by its words alone, whatever the
        cosine (a sentence of the source's common words: PAN-13 random, 13 of 21 words at
        cosine 0.46), which :func:`alone` reports though it makes no run."""
        shared = int(self.shared[i, j])
        return shared >= LONE_WORDS and shared >= OWN_SHARE * float(self.size_a[i])

    def gathers(self, i: int) -> tuple[int, int] | None:
        """The run of source units [j0, j1) whose words unit i of A gathers
        (:data:`GATHERED_UNITS`, :data:`GATHERED_WORDS`, :data:`GATHERED_DICE`), the run of
        highest Dice, or None: each run begins at a source unit sharing two words with unit i
        and goes on while each next unit shares a word with it."""
        if self.size_a[i] < GATHERED_WORDS:
            return None
        mine = set(self.words_a[int(self.a.bounds[i]) : int(self.a.bounds[i + 1])].tolist())
        best: tuple[float, int, int] | None = None
        row = self.shared[i]
        # a run from j holds no more words than its units share one by one: only the starts
        # whose next GATHERED_UNITS units share GATHERED_WORDS words between them are tried
        ahead = np.convolve(row, np.ones(GATHERED_UNITS, dtype=row.dtype))[GATHERED_UNITS - 1 :]
        for j in np.flatnonzero((row >= 2) & (ahead >= GATHERED_WORDS)).tolist():
            held: set[int] = set()
            theirs: set[int] = set()
            for k in range(j, min(j + GATHERED_UNITS, len(self.b))):
                words = set(
                    self.words_b[int(self.b.bounds[k]) : int(self.b.bounds[k + 1])].tolist()
                )
                if mine.isdisjoint(words):
                    break
                held |= mine & words
                theirs |= words
                dice = 2 * len(held) / (len(mine) + len(theirs))
                enough = k > j and len(held) >= GATHERED_WORDS and dice >= GATHERED_DICE
                if enough and (best is None or dice > best[0]):
                    best = (dice, j, k + 1)
        return None if best is None else (best[1], best[2])

    def verbatim(self, i: int, j: int) -> bool:
        """Unit i of A kept unit j of B's words in their order: at least
        :data:`VERBATIM_WORDS` of them in a row, and :data:`VERBATIM_SHARE` of unit i's
        words. Such a unit is a verbatim copy, not a sentence whose words were shuffled or
        swapped: its run of words is the word aligner's, which reported it or judged it too
        short (``Options.min_fragment_words``) or too common to report (:func:`alone`)."""
        return self.verbatim_units(i, i + 1, j)

    def verbatim_units(self, i0: int, i1: int, j: int) -> bool:
        """:meth:`verbatim` of units [i0, i1) of A together (a sentence a line break split
        into two units, each half too short for a run of :data:`VERBATIM_WORDS`)."""
        x = self.words_a[int(self.a.bounds[i0]) : int(self.a.bounds[i1])].tolist()
        y = self.words_b[int(self.b.bounds[j]) : int(self.b.bounds[j + 1])].tolist()
        matcher = difflib.SequenceMatcher(None, x, y, autojunk=False)
        run = matcher.find_longest_match(0, len(x), 0, len(y)).size
        return run >= VERBATIM_WORDS and run >= VERBATIM_SHARE * len(x)

    @property
    def seeds(self) -> list[tuple[int, int]]:
        """Pairs reaching both thresholds, each unit of A with its best source units only
        (cosine within :data:`NEAR_BEST` of its best): a sentence is copied from one place,
        and a source's other sentences on the topic would stretch the passage there."""
        if self.cos.size == 0:
            return []
        hits = (self.cos >= SEED_COS) & (self.dice >= SEED_DICE)
        hits &= self.cos >= NEAR_BEST * self.best[1][:, None]
        width = self.cos.shape[1]  # the cells row by row, as hits.nonzero() lists them
        return [divmod(k, width) for k in np.flatnonzero(hits).tolist()]

    @cached_property
    def best(self) -> tuple[np.ndarray, np.ndarray]:
        """Each unit of A's best unit of B (``cos.argmax(axis=1)``) and their cosine (its
        row's ``max``), found on first use, once a pair: the seeds and the summary step's
        seeds, nearest units and bridges each asked for one or the other (issue 40). Not for
        a similarity with no unit of B."""
        best = self.cos.argmax(axis=1)
        return best, self.cos[np.arange(len(best)), best]

    @cached_property
    def passages(self) -> list[tuple[Box, list[tuple[int, int]]]]:
        """:func:`passages` of this similarity, found on first use (callers copy the lists)."""
        return _passages(self)

    def cosine(self, a0: int, a1: int, b0: int, b1: int) -> float:
        """tf-isf cosine of units [a0, a1) of A summed and [b0, b1) of B summed."""
        return _cosine(self.vectors_a[a0:a1].sum(axis=0), self.vectors_b[b0:b1].sum(axis=0))


def _cosine(x: np.ndarray, y: np.ndarray) -> float:
    """The cosine of two summed tf-isf vectors (0 when either is empty)."""
    norm = float(np.sqrt(x.dot(x)) * np.sqrt(y.dot(y)))  # np.linalg.norm's, without its checks
    return float(x @ y) / norm if norm else 0.0


@dataclass(frozen=True)
class Bags:
    """A text's units as bags of its canonical words: the part of :func:`similarity` that is
    the text's alone, made once for a text and its units (issue 40: ``compare`` scores a
    document in many pairs; :func:`text_units` keeps a document's). The text's (unit, distinct
    word) cells are listed by word, then by unit, in :attr:`unit`, :attr:`word` and
    :attr:`count`."""

    units: Units
    words: np.ndarray
    """The text's distinct word fingerprints, ascending."""
    codes: np.ndarray
    """Each canonical word's index in :attr:`words`."""
    unit: np.ndarray
    word: np.ndarray
    count: np.ndarray
    """How many times the unit holds the word."""
    weights: np.ndarray
    """:attr:`count` as float32, the term frequency each pair's tf-isf rows multiply
    (:func:`compared`): converted once a text, not in each of its pairs."""
    df: np.ndarray
    """Of each distinct word, the units holding it: its cells."""
    first: np.ndarray
    """Where each distinct word's cells begin."""
    sizes: np.ndarray
    """Distinct words of each unit, as float32 (what :attr:`Similarity.size_a` holds)."""

    @classmethod
    def of(cls, c: Canonical, units: Units) -> Bags:
        order = np.argsort(c.hashes, kind="stable")  # by word, then by place: by unit
        ranked = c.hashes[order]
        rows = np.repeat(np.arange(len(units)), np.diff(units.bounds))[order]
        new_word = np.ones(len(ranked), dtype=bool)
        np.not_equal(ranked[1:], ranked[:-1], out=new_word[1:])
        new_cell = new_word.copy()
        new_cell[1:] |= rows[1:] != rows[:-1]
        code = np.cumsum(new_word) - 1
        codes = np.empty(len(ranked), dtype=np.intp)
        codes[order] = code
        at = np.flatnonzero(new_cell)
        word, unit = code[at], rows[at]
        words = ranked[new_word]
        df = np.bincount(word, minlength=len(words))
        count = np.subtract(np.append(at[1:], len(ranked)), at)
        return cls(
            units=units,
            words=words,
            codes=codes,
            unit=unit,
            word=word,
            count=count,
            weights=count.astype(np.float32),
            df=df,
            first=np.cumsum(df) - df,
            sizes=np.bincount(unit, minlength=len(units)).astype(np.float32),
        )


def similarity(a: Canonical, b: Canonical, units: tuple[Units, Units] | None = None) -> Similarity:
    """tf-isf cosine and Dice of every unit of A with every unit of B (``units``: their
    :meth:`Units.of`, when the caller has them already)."""
    ua, ub = units if units is not None else (Units.of(a), Units.of(b))
    return compared(Bags.of(a, ua), Bags.of(b, ub))


def compared(x: Bags, y: Bags) -> Similarity:
    """:func:`similarity` of two texts' :class:`Bags`, bit for bit the matrices of the form
    that made a dense unit-by-word count matrix of both texts at once and multiplied it out
    (issue 40; tests/test_sentence_align.py keeps it as the reference): the vocabulary is the
    union of both sides' sorted distinct words, so the tf-isf rows and their norms are the
    same arrays summed in the same order; the counts of shared words are counted from the
    words both units hold (:func:`_common`), and the cosines are :func:`_cosines`'.

    A pair costs a fixed number of numpy calls on arrays of a few hundred numbers, so their
    count is the cost (issue 40: 869 pairs at 1,000 essays): every word of the vocabulary is
    in a unit (no ``np.maximum`` of its document frequency with 1), each unit holds a word
    (no ``np.where`` of the Dice's denominator, nor ``np.maximum`` of it with 1: a sum of two
    units' sizes is never 0), X's cells' places in the vocabulary are found once for the
    counts and for :func:`_common`, each side's term frequencies are float32 once a text
    (:attr:`Bags.weights`), and the one-word cells' products are made from the cells' own
    tf-isf values and their rows' norms (:func:`_cosines`), each pair's cell found once for
    the counts and the cosines. Issue 40, the 869 pairs at 1,000 essays, least CPU of seven
    rounds in one process, eight runs alternating with main: 88-94 ms before the last four
    of these, 77-86 ms after (bench/diag_sentence_steps.py's recorded pairs)."""
    na, nb = len(x.units), len(y.units)
    merged = np.concatenate((x.words, y.words))
    merged.sort()  # methods, not numpy's functions: those cost a call more each (issue 40)
    new = np.ones(len(merged), dtype=bool)
    np.not_equal(merged[1:], merged[:-1], out=new[1:])
    vocab = merged[new]
    size = len(vocab)
    at_x, at_y = vocab.searchsorted(x.words), vocab.searchsorted(y.words)
    cells_x = at_x[x.word]  # each cell of X's word's place in the vocabulary
    df = np.zeros(size, dtype=np.int64)
    df[at_x] = x.df
    df[at_y] += y.df
    isf = np.log((na + nb) / df).astype(np.float32)  # df >= 1: every word is in a unit
    # the tf-isf rows: each cell's count times its word's isf, in float32 as the dense
    # product made them (a cell of no count was 0 · isf = +0, isf finite)
    cells_y = at_y[y.word]
    rows_y = na + y.unit
    values_x, values_y = x.weights * isf[cells_x], y.weights * isf[cells_y]
    vectors = np.zeros((na + nb, size), dtype=np.float32)
    vectors[x.unit, cells_x] = values_x
    vectors[rows_y, cells_y] = values_y
    norms = np.sqrt(np.add.reduce(vectors * vectors, axis=1))  # np.linalg.norm's, at once
    norms[norms == 0] = 1  # a row of norm 0 is all 0: its unit vector too
    mine, theirs = _common(x, y, cells_x, at_y, size)
    cell = x.unit[mine] * nb + y.unit[theirs]  # each pair's cell of the matrices, row by row
    counts = np.bincount(cell, minlength=na * nb).reshape(na, nb)
    shared = counts.astype(np.float32)
    # every unit holds a word (Units.of), so no sum of sizes is 0: no np.maximum with 1
    dice = 2 * shared / (x.sizes[:, None] + y.sizes[None, :])
    # each cell's entry of its unit vector: its row's over the row's norm, as _cosines' rows
    one = (values_x / norms[x.unit])[mine] * (values_y / norms[rows_y])[theirs]
    return Similarity(
        x.units,
        y.units,
        _cosines(vectors, norms, na, counts, (cell, one)),
        dice,
        vectors[:na],
        vectors[na:],
        shared,
        x.sizes,
        at_x[x.codes],
        at_y[y.codes],
    )


def _common(
    x: Bags, y: Bags, cells_x: np.ndarray, at_y: np.ndarray, size: int
) -> tuple[np.ndarray, np.ndarray]:
    """Each (cell of X, cell of Y) of one word, whose two units then both hold it, as two
    arrays of cell numbers (``cells_x``: the place in the pair's vocabulary of ``size`` words
    of each of X's cells' word; ``at_y``: of each of Y's distinct words): each of X's (unit,
    word) cells with each of Y's cells of that word (:class:`Bags` lists them by word)."""
    theirs = np.full(size, -1, dtype=np.intp)  # Y's distinct word of each place, -1 none
    theirs[at_y] = np.arange(len(at_y))
    k = theirs[cells_x]  # of each cell of X
    held = np.flatnonzero(k >= 0)
    k = k[held]
    times = y.df[k]
    ends = times.cumsum()
    total = int(ends[-1]) if len(ends) else 0
    # the n-th pair of a cell of X whose pairs begin at ``ends - times``: Y's cell first + n
    return held.repeat(times), np.arange(total) + (y.first[k] - ends + times).repeat(times)


def _cosines(
    vectors: np.ndarray,
    norms: np.ndarray,
    na: int,
    counts: np.ndarray,
    common: tuple[np.ndarray, np.ndarray],
) -> np.ndarray:
    """``_products(ua, ub)``, bit for bit, for the unit vectors ``ua``, ``ub`` of the tf-isf
    rows ``vectors`` (X's first ``na`` rows, then Y's) and their ``norms`` (1 for a row of
    norm 0: a unit vector is its row over its norm, element by element, made here only where
    needed), computed where it is more than one product. The rows are non-negative, so each
    term of a cell's sum whose word its two units do not share is +0, and adding +0 changes no
    float (x + 0 = x, fused or not, in any order). A cell sharing no word is then 0; a cell
    sharing one word w is ua[i, w] · ub[j, w] rounded once to float32, whatever sums it
    (``common``: the flat cell i · nb + j of each of :func:`_common`'s pairs of cells, nb
    the columns of ``counts``, and that product, made by
    :func:`compared` from the two cells' tf-isf values over their rows' norms, the same
    floats as the rows' entries: one division and one product of a few hundred cells, not
    gathers of the matrix by row and word); the cells sharing two words or more
    (``counts``: the words each cell shares) are taken from :func:`_products` of the unit
    rows and columns holding such a cell (each cell of it is the sum of its own two rows'
    products, the same call on the same rows), or, when they are scattered
    (:data:`CELLS_APART`), from :func:`_dots` of their rows alone. At 1,000 essays 86 % of the
    cells sharing a word share one, and 2 % of all cells more (issue 40); on the 312 pairs
    reported there :func:`compared` took 130 µs a pair instead of 175. The rows and columns
    of the cells of several words are counted from the cells (a set of a few dozen numbers),
    not from a mask's ``any`` along each axis (two reductions of the whole matrix)."""
    cell, one = common
    out = np.zeros(counts.shape, dtype=np.float32)
    out.reshape(-1)[cell] = one  # one word's cell (a cell of several is written again below)
    flat = np.flatnonzero(counts >= 2)
    if len(flat) == 0:
        return out
    ia, ja = np.divmod(flat, counts.shape[1])  # many.nonzero(), row by row
    rows, columns = set(ia.tolist()), set(ja.tolist())
    if CELLS_APART * len(flat) < len(rows) * len(columns):
        jb = ja + na
        unit_a, unit_b = vectors[ia], vectors[jb]
        unit_a /= norms[ia, None]  # the gathered rows divided in place: the same floats
        unit_b /= norms[jb, None]
        out[ia, ja] = _dots(unit_a, unit_b)
    else:
        r, c = sorted(rows), [na + q for q in sorted(columns)]
        unit_a = vectors[r] / norms[r, None]
        out[np.ix_(r, sorted(columns))] = _products(unit_a, vectors[c] / norms[c, None])
    return out


CELLS_APART = 2
""":func:`_cosines` takes the cells sharing two words or more one by one (:func:`_dots`) when
they are fewer than 1 / CELLS_APART of the rectangle of their rows and columns, which
:func:`_products` would multiply out whole (issue 40: the rectangle of a pair's scattered
cells is mostly cells sharing a word or none, whose products are thrown away)."""


def _dots(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The dot product of each row of x with the same row of y, bit for bit the cell
    :func:`_products` makes of them: numpy's einsum runs the same loop over the same words of
    the two rows (its sum of products of two contiguous rows into one value, the lanes of its
    vector loop given by the word's place in the row, not by where the row lies in memory;
    tests/test_sentence_align.py checks the two agree)."""
    return np.einsum("ik,ik->i", x, y)


def _products(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x @ y.T without BLAS: numpy's own loop (einsum), since a multithreaded BLAS on these
    small matrices costs tens of milliseconds a pair on a busy machine, the loop a fraction
    of one."""
    return np.einsum("ik,jk->ij", x, y)


Box = tuple[int, int, int, int]
"""A passage as unit ranges [a0, a1) × [b0, b1)."""


def clusters(
    seeds: Sequence[tuple[int, int]], gap_a: int, gap_b: int
) -> list[list[tuple[int, int]]]:
    """Seeds split where more than ``gap_a`` units lie between consecutive seeds in A, each
    part split where more than ``gap_b`` lie between them in B, until nothing changes.

    Every group is kept sorted, as :func:`_split` leaves its parts: the split in A is then
    :func:`_split_sorted`'s, with no sort (issue 40: a pair's sentence join clusters its seeds
    twice, and most groups never split)."""
    todo = [sorted(seeds)]
    done: list[list[tuple[int, int]]] = []
    while todo:
        group = todo.pop()
        parts = [q for p in _split_sorted(group, gap_a) for q in _split(p, 1, gap_b)]
        if len(parts) == 1:
            done.append(parts[0])
        else:
            todo.extend(parts)
    return sorted(done)


def _split_sorted(group: list[tuple[int, int]], gap: int) -> list[list[tuple[int, int]]]:
    """:func:`_split` of ``group`` in A (side 0), given the group sorted: it is then its own
    order by A, and each part a slice of it, sorted too."""
    parts = []
    start = 0
    for n in range(1, len(group)):
        if group[n][0] - group[n - 1][0] - 1 > gap:
            parts.append(group[start:n])
            start = n
    parts.append(group[start:])
    return parts


_BY_SIDE = (itemgetter(0, 1), itemgetter(1, 0))
"""Of a seed, its units (in A, in B), and (in B, in A): :func:`_split`'s orders."""


def _split(group: list[tuple[int, int]], side: int, gap: int) -> list[list[tuple[int, int]]]:
    if len(group) == 1:  # one part, sorted
        return [list(group)]
    ordered = sorted(group, key=_BY_SIDE[side])
    parts = [[ordered[0]]]
    for s in ordered[1:]:
        if s[side] - parts[-1][-1][side] - 1 > gap:
            parts.append([s])
        else:
            parts[-1].append(s)
    return [sorted(p) for p in parts]


def passages(sim: Similarity) -> list[tuple[Box, list[tuple[int, int]]]]:
    """Step 3: the clusters of seeds as unit boxes, with their seeds; summary mode where the
    source side outgrows the checked side. Found once a :class:`Similarity`
    (:attr:`Similarity.passages`: the copy signal's :func:`join` and the sentence step's
    :func:`alone` ask for the same pair's, issue 40), each call given lists of its own."""
    return [(box, list(group)) for box, group in sim.passages]


def _passages(sim: Similarity) -> list[tuple[Box, list[tuple[int, int]]]]:
    """:func:`passages`, found."""
    seeds = sim.seeds
    if not seeds:
        return []
    found = clusters(seeds, MAX_GAP, MAX_GAP)
    out = []
    summary_seeds = []
    for group in found:
        out.append((_box(group), group))
    # summary mode: the seeds of A's units against far-apart source units, clustered loosely;
    # a group needs more than two source units, so seeds of two at most make none, and seeds
    # that are one group by the tight gaps are one by the loose ones too (issue 40)
    if len({j for _, j in seeds}) <= 2:
        return _best(out, sim)
    wide = [list(found[0])] if len(found) == 1 else clusters(seeds, MAX_GAP, SUMMARY_GAP)
    for group in wide:
        box = _box(group)
        words_a = int(sim.a.bounds[box[1]] - sim.a.bounds[box[0]])
        words_b = int(sim.b.bounds[box[3]] - sim.b.bounds[box[2]])
        if words_b >= SUMMARY_RATIO * words_a and len({j for _, j in group}) > 2:
            summary_seeds.append((box, group))
    return _best(out + summary_seeds, sim)


def _box(group: list[tuple[int, int]]) -> Box:
    units_a, units_b = [i for i, _ in group], [j for _, j in group]
    return min(units_a), max(units_a) + 1, min(units_b), max(units_b) + 1


def _best(
    found: list[tuple[Box, list[tuple[int, int]]]], sim: Similarity
) -> list[tuple[Box, list[tuple[int, int]]]]:
    """Passages overlapping in A resolved: the one of most seeds (then highest cosine) wins.
    The cosine is found only for passages of as many seeds as another (it orders no other)."""
    if len(found) <= 1:  # nothing to resolve (issue 40: most pairs' one passage)
        return list(found)
    sizes = Counter(len(group) for _, group in found)

    def order(p: tuple[Box, list[tuple[int, int]]]) -> tuple[int, float]:
        return -len(p[1]), -sim.cosine(*p[0]) if sizes[len(p[1])] > 1 else 0.0

    scored = sorted(found, key=order)
    kept: list[tuple[Box, list[tuple[int, int]]]] = []
    for box, group in scored:
        if all(box[1] <= k[0] or k[1] <= box[0] for k, _ in kept):
            kept.append((box, group))
    return sorted(kept)


def credible(box: Box, group: list[tuple[int, int]], sim: Similarity) -> bool:
    """Step 4 for a passage of sentences alone (the PAN winners' filter): :data:`MIN_SEEDS`
    seeds, one of cosine :data:`STRONG`, and the sides' cosine :data:`VALIDATION`."""
    strong = max(float(sim.cos[i, j]) for i, j in group)
    return len(group) >= MIN_SEEDS and strong >= STRONG and sim.cosine(*box) >= VALIDATION


DENSE_CELLS = 1 << 24
"""Most cells of one :func:`similarity`'s unit-by-unit matrices, and of its unit-by-word
matrices (64 MB of float32 each; it holds up to about eight such at once): a pair of texts of
up to about 4,000 units (sentences) each is compared whole. A longer pair (a thesis against a
book; issue 38: two 4 MB texts asked for 49 GiB) is compared window by window (:func:`join`)."""
DENSE_WORK = 1 << 30
"""Most products of one :func:`similarity` (units × units × distinct words, a loop without
BLAS: about a second): two 200 KB texts of 7,400 sentences each, compared whole, took
100 s and 390 MB (a window of their copy then, beyond it in windows)."""
WINDOW_UNITS = 512
"""Most units of the checked text, and of the source, that the word alignments of one window
span (:func:`windows`)."""
WINDOW_MARGIN = 16
"""Units each window takes beyond its word alignments on each side: room for the passages
that extend them (seeds :data:`MAX_GAP` apart) and for a summary's wider source side."""


def join(
    a: Canonical, b: Canonical, words: list[Alignment], sentences: PairSentences | None = None
) -> list[Alignment]:
    """The word alignments with the sentence passages: each passage and the alignments that
    overlap it, or touch it within a unit, are one alignment (hull on both sides, edits by a
    word diff). A passage of sentences alone is not reported here: a sentence retold without a
    run of copied words is the paraphrase stage's (:mod:`copylens.core.paraphrase`) to judge
    and show.

    Memory and time: a pair whose :func:`similarity` fits :data:`DENSE_CELLS` and
    :data:`DENSE_WORK` is compared whole (every document of usual length). A longer pair is
    compared in windows around its word alignments (:func:`windows`), each a pair of text
    slices compared whole (the words' sentence frequencies then those of the window's
    units); alignments whose window would not fit (a copy of hundreds of pages in one piece)
    stay word alignments. Memory is then
    bounded whatever the lengths, and time grows with the alignments, not the texts.

    ``sentences``: the pair's (:func:`pair_sentences`, found once a pair by
    :func:`copylens.core.score.score_pair`); found here when not given."""
    if not words or len(a) == 0 or len(b) == 0:  # a passage needs a word alignment
        return words
    if sentences is None:
        sentences = pair_sentences(a, b)
    if sentences.similarity is not None:
        return _join(a, b, words, sentences.similarity, sentences.clauses)
    units_a, units_b = sentences.a, sentences.b
    out: list[Alignment] = []
    for group, (a0, a1, b0, b1) in windows(words, units_a, units_b):
        wa0, wa1 = int(units_a.bounds[a0]), int(units_a.bounds[a1])
        wb0, wb1 = int(units_b.bounds[b0]), int(units_b.bounds[b1])
        if (a1 - a0) * (b1 - b0) > DENSE_CELLS:  # one copy of hundreds of pages
            out += group
            continue
        part_a, part_b = sliced(a, wa0, wa1), sliced(b, wb0, wb1)
        units = Units.of(part_a), Units.of(part_b)
        if not _fits(*units, part_a.hashes, part_b.hashes):
            out += group
            continue
        inside = [shifted(f, -wa0, -wb0) for f in group]
        joined = _join(part_a, part_b, inside, similarity(part_a, part_b, units))
        out += [shifted(f, wa0, wb0) for f in joined]
    return sorted(out, key=lambda f: (f.a0, f.b0))


def _fits(units_a: Units, units_b: Units, words_a: np.ndarray, words_b: np.ndarray) -> bool:
    """The :func:`similarity` of these units, of these words, fits :data:`DENSE_CELLS` and
    :data:`DENSE_WORK`."""
    pairs, units = len(units_a) * len(units_b), len(units_a) + len(units_b)
    if pairs > DENSE_CELLS:
        return False
    most = len(words_a) + len(words_b)  # distinct words at most
    if units * most <= DENSE_CELLS and pairs * most <= DENSE_WORK:
        return True
    vocabulary = len(distinct(np.concatenate((words_a, words_b))))
    return units * vocabulary <= DENSE_CELLS and pairs * vocabulary <= DENSE_WORK


def windows(
    words: list[Alignment], units_a: Units, units_b: Units
) -> list[tuple[list[Alignment], tuple[int, int, int, int]]]:
    """The word alignments in groups (in order of the checked text), each with its window of
    units [a0, a1) × [b0, b1): an alignment joins the group before it when the two lie within
    :data:`WINDOW_MARGIN` units of each other on both sides and the group then spans at most
    :data:`WINDOW_UNITS` units on each side; the window is the group's units and
    :data:`WINDOW_MARGIN` more each side (within the texts)."""
    found: list[tuple[list[Alignment], list[int]]] = []
    for f in sorted(words, key=lambda f: (f.a0, f.b0)):
        box = [
            units_a.of_word(f.a0),
            units_a.of_word(max(f.a1 - 1, f.a0)) + 1,
            units_b.of_word(f.b0),
            units_b.of_word(max(f.b1 - 1, f.b0)) + 1,
        ]
        if found and _joins(found[-1][1], box):
            group, last = found[-1]
            group.append(f)
            last[:] = [*_hull(last[0:2], box[0:2]), *_hull(last[2:4], box[2:4])]
        else:
            found.append(([f], box))
    m = WINDOW_MARGIN
    return [
        (
            group,
            (max(a0 - m, 0), min(a1 + m, len(units_a)), max(b0 - m, 0), min(b1 + m, len(units_b))),
        )
        for group, (a0, a1, b0, b1) in found
    ]


def _hull(x: list[int], y: list[int]) -> list[int]:
    return [min(x[0], y[0]), max(x[1], y[1])]


def _joins(last: list[int], box: list[int]) -> bool:
    m = WINDOW_MARGIN
    near = box[0] <= last[1] + m and box[2] <= last[3] + m and last[2] <= box[3] + m
    small = (
        max(last[1], box[1]) - min(last[0], box[0]) <= WINDOW_UNITS
        and max(last[3], box[3]) - min(last[2], box[2]) <= WINDOW_UNITS
    )
    return near and small


def sliced(c: Canonical, w0: int, w1: int) -> Canonical:
    """Canonical words [w0, w1) of ``c`` as a text of their own (word i is ``c``'s w0 + i)."""
    return Canonical(
        language=c.language,
        words=w1 - w0,
        starts=c.starts[w0:w1],
        ends=c.ends[w0:w1],
        forms=c.forms[w0:w1],
        variants=c.variants[w0:w1],
        hashes=c.hashes[w0:w1],
        homoglyphs=(),
        sentences=c.sentences[w0:w1],
    )


def shifted(f: Alignment, da: int, db: int) -> Alignment:
    """``f`` with every checked-text word index moved by ``da`` and every source one by
    ``db``."""
    return replace(
        f,
        a0=f.a0 + da,
        a1=f.a1 + da,
        b0=f.b0 + db,
        b1=f.b1 + db,
        edits=tuple(WordEdit(e.kind, e.a0 + da, e.a1 + da, e.b0 + db, e.b1 + db) for e in f.edits),
        elsewhere=f.elsewhere + np.array([da, da, db, db])
        if isinstance(f.elsewhere, np.ndarray)
        else tuple((x0 + da, x1 + da, y0 + db, y1 + db) for x0, x1, y0, y1 in f.elsewhere),
    )


def _join(
    a: Canonical,
    b: Canonical,
    words: list[Alignment],
    sim: Similarity,
    clauses: np.ndarray | None = None,
) -> list[Alignment]:
    """:func:`join` of a pair compared whole, ``sim`` its :func:`similarity`; ``clauses``
    the checked text's clauses (:func:`copylens.core.canonicalize.clause_ids`), for
    :func:`own_units` only.

    Speed (issue 40; the copy signal's replay at 1,000 essays, bench/diag_align_replay.py,
    where this was ~21 % of the signal): the passages are read, not copied (nothing here
    changes a group); unit bounds are read from :attr:`Units.listed`, not as numpy scalars;
    a box's reach is its units' neighbours' bounds (a box's words begin and end on unit
    bounds, :func:`_reach` of them); the members' hull is found once a passage; each side's
    hull words are made a set only when a unit is weighed against them
    (:func:`_words_once`); an edge with nothing outside the members is not walked
    (:func:`_clipped`); :func:`_placed` and :func:`own_units` loop without a comprehension
    or generator a seed or unit. Replay CPU (869 pairs, median of 7 rounds, 5 invocations
    alternating with main eb2db30): 0.309-0.326 s -> 0.274-0.299 s; this function's share of
    the replay's py-spy samples 23.6 % -> 14.8 %."""
    found = sim.passages  # read only: passages(sim) would copy each group
    if not found:
        return words
    out: list[Alignment] = []
    used = [False] * len(words)
    bounds_a, bounds_b = sim.a.listed, sim.b.listed
    last_a, last_b = len(bounds_a) - 1, len(bounds_b) - 1
    for box, group in found:
        # _reach of the box's words [bounds[box[0]], bounds[box[1]]) on each side
        lo_a, hi_a = bounds_a[max(box[0] - 1, 0)], bounds_a[min(box[1] + 1, last_a)]
        lo_b, hi_b = bounds_b[max(box[2] - 1, 0)], bounds_b[min(box[3] + 1, last_b)]
        members = [  # _near on both sides, the box's reach found once (issue 40)
            n
            for n, f in enumerate(words)
            if not used[n] and f.a0 < hi_a and lo_a < f.a1 and f.b0 < hi_b and lo_b < f.b1
        ]
        if not members:  # sentences alone: the paraphrase stage's (module docstring, step 4)
            continue
        m = [words[n] for n in members]
        ma0, ma1 = min(f.a0 for f in m), max(f.a1 for f in m)
        mb0, mb1 = min(f.b0 for f in m), max(f.b1 for f in m)
        group = _placed(_trimmed(group, sim, ma0, ma1), sim, m)
        box = _box(group)
        for n in members:
            used[n] = True
        a0, a1 = min(bounds_a[box[0]], ma0), max(bounds_a[box[1]], ma1)
        b0, b1 = min(bounds_b[box[2]], mb0), max(bounds_b[box[3]], mb1)
        in_b, in_a = _words_once(b.forms, b0, b1), _words_once(a.forms, a0, a1)
        a0, a1 = _clipped(a.forms, sim.a, a0, a1, ma0, ma1, in_b)
        if b1 - b0 < SUMMARY_RATIO * (a1 - a0):  # a summary's source is its whole hull
            b0, b1 = _clipped(b.forms, sim.b, b0, b1, mb0, mb1, in_a)
        own = own_units(a, sim, (a0, a1, b0, b1), m, clauses, in_b)
        if not own:
            out.append(described(a, b, a0, a1, b0, b1, m))
            continue
        for p0, p1 in _between(a0, a1, own):
            pm = [f for f in m if f.a0 < p1 and p0 < f.a1]
            if not pm:
                continue
            pg = [x for x in group if p0 <= bounds_a[x[0]] < p1]
            spans = _source_reach(pm, sim)  # _follows, each member's units found once
            near = [x for x in pg if any(lo <= x[1] <= hi for lo, hi in spans)]
            lo = p0
            if len(near) < len(pg):  # a seed far off in the source: no part of this copy
                lo = min([*(max(f.a0, p0) for f in pm), *(bounds_a[i] for i, _ in near)])
            pb0 = min([*(f.b0 for f in pm), *(bounds_b[j] for _, j in near)])
            pb1 = max([*(f.b1 for f in pm), *(bounds_b[j + 1] for _, j in near)])
            out.append(described(a, b, lo, p1, pb0, pb1, pm))
    out += [f for n, f in enumerate(words) if not used[n]]
    return sorted(out, key=lambda f: (f.a0, f.b0))


@dataclass(frozen=True)
class PairSentences:
    """A pair's sentences as the pair stage compares them, found once a pair
    (:func:`pair_sentences`, called by :func:`copylens.core.score.score_pair`) and passed
    explicitly to each step that compares them, in the value that flows between them
    (``Finding.sentences``, :mod:`copylens.core.signal`): the copy signal's :func:`join`, the
    sentence step (:mod:`copylens.core.passages`) and the summary step
    (:mod:`copylens.core.summary`). So the unit-by-unit matrices are computed once a pair, not
    three times, and nothing of a pair outlives it (a thread or process scoring another pair
    meanwhile has its own). Each text's :class:`Units` are made once here too, and so are the
    pair's whole sentences (:attr:`whole`), which the sentence step and the summary step both
    ask for."""

    a: Units
    """The checked text's units (:meth:`Units.of`)."""
    b: Units
    similarity: Similarity | None
    """The pair's :func:`similarity` (of units ``a`` and ``b``); None for a pair with an empty
    side or too long to compare whole: one whose similarity would exceed
    :data:`DENSE_CELLS` or :data:`DENSE_WORK` (:func:`_fits`; every pair of documents of usual
    length fits), which :func:`join` compares in windows and the summary step leaves."""
    texts: tuple[str, str] | None = field(default=None, compare=False, repr=False)
    """The checked text and the source, whose canonical words are ``canonical`` (None: not
    given, for a caller that compares units only, :func:`join`)."""
    canonical: tuple[Canonical, Canonical] | None = field(default=None, compare=False, repr=False)
    """The two texts' canonical words (None only when :attr:`texts` is)."""
    parts: tuple[TextUnits, TextUnits] | None = field(default=None, compare=False, repr=False)
    """Each text's :class:`TextUnits` when the caller had them (:func:`text_units`): their
    whole sentences are then not found again for :attr:`whole`."""

    @cached_property
    def clauses(self) -> np.ndarray | None:
        """The checked text's :func:`~copylens.core.canonicalize.clause_ids`, found on first
        use, once a pair: the aligner's own-sentence cut, the copy signal's join and each
        :func:`one_passage` of the pair's steps judge them (each scanned the text anew
        before); None without :attr:`texts`."""
        if self.texts is None or self.canonical is None:
            return None
        if self.parts is None:
            return clause_ids(self.texts[0], self.canonical[0])
        text, c = self.texts[0], self.canonical[0]  # the checked text's, once a document
        return self.parts[0].once("clauses", lambda: clause_ids(text, c))

    @cached_property
    def whole(self) -> WholeSentences | None:
        """The pair's :func:`whole_sentences`, found on first use, once a pair (the sentence
        step and the summary step each found it anew before: on the PAN-13 development
        sample, where every text is hard-wrapped, 0.13 ms a pair beside 0.88 ms for
        :func:`pair_sentences` itself); None when :attr:`similarity` is None or no line break
        inside a sentence split a unit of either text. Asked for without :attr:`texts`, a
        ValueError (a caller's mistake: the line breaks are the texts')."""
        if self.similarity is None or self.canonical is None:
            return None
        if self.texts is None:
            raise ValueError("PairSentences.whole needs the texts (pair_sentences(..., texts))")
        (text_a, text_b), (a, b) = self.texts, self.canonical
        return whole_sentences(text_a, a, text_b, b, self.similarity, self.parts)


_NEXT_LINE = re.compile(r"\n[^\S\n]*[)\]»”’,;:]*[^\S\n]*([^\W\d_])")
"""A line break and the first letter of the next line, after what closes a clause at most (a
bracket, a quote, a comma)."""


def sentence_units(text: str, c: Canonical, units: Units) -> Units:
    """``units`` (:meth:`Units.of` of ``c``, the canonical words of ``text``) with the units a
    line break inside a sentence split pooled again: a boundary is dropped where the text
    between the two units' words holds one line break, no sentence stop (``.!?…``) and no
    blank line, and the next line begins with a lower-case letter, after a closing bracket,
    quote or comma at most (the line goes on with its sentence; a heading, a list item, a
    line ending in a stop or one whose next begins with a capital stays a unit). The bounds
    stay canonical-word bounds, so every span made of them is exact.

    Hard-wrapped text (plain-text files, e-mail, PDF extraction: lines broken at 60-80
    columns) makes a sentence two or three units, each sharing a topic word or two with a
    source sentence: counted as sentences, an honest answer on the topic seeded a summary's
    four units, and a line's topic words a paraphrase run's seed (Clough–Stevenson ``non``
    answers and their sources wrapped at 60 and 80 columns, ``bench/bench_summary_honest.py``).
    What the summary step compares (:mod:`copylens.core.summary`) and :func:`alone`'s seeds
    are held to (:func:`_whole`); the text's line units stay the sentence step's units
    (:func:`_wrapped` follows them: PAN-13's obfuscation keeps the source's line breaks)."""
    kept = [0]
    inner = units.bounds[1:-1]
    ends, starts = c.ends[inner - 1].tolist(), c.starts[inner].tolist()
    for u in range(1, len(units)):
        # _goes_on's first tests first, without a call or a slice: most breaks are a
        # sentence's, in a line or at a line's end (issue 40)
        end, start = ends[u - 1], starts[u - 1] + 1
        simple = text.count("\n", end, start) != 1 or _STOP.search(text, end, start)
        if simple or not _goes_on(text, c, int(units.bounds[u])):
            kept.append(u)
    if len(kept) == len(units):
        return units
    return Units(units.bounds[[*kept, len(units)]])


_STOP = re.compile("[.!?…]")
"""A sentence stop, which no break :func:`_goes_on` pools holds."""
_LIST_ITEM = re.compile(r"\n[^\S\n]*(?:[-–—•*·]|\(?\w{1,3}\))[^\S\n]")
"""A line opening as a list item: a bullet, or "1)", "(a)", followed by a space."""
_LINE_OPENING = re.compile(r"\n[^\S\n]*[^\w\s]*[^\S\n]*(\w)")
"""The first letter or digit of the next line, after any marks ("-1", an opening quote)."""


def _goes_on(text: str, c: Canonical, w: int) -> bool:
    """The break before canonical word ``w`` (``w`` > 0) of ``c`` (the words of ``text``) is a
    line break inside a sentence, as :func:`sentence_units` pools it: one line break, no
    sentence stop before it or between the words, no blank line, and either the next line
    going on in lower case (after a closing bracket or comma at most), or the line before
    ending with a stop word before a digit or a mark (:func:`_line_goes_on`). A line after
    ".", "!", "?" always starts a sentence."""
    end = int(c.ends[w - 1])
    gap = text[end : int(c.starts[w]) + 1]  # and the next word's letter
    if gap.count("\n") != 1 or any(ch in gap for ch in ".!?…"):
        return False
    letter = _NEXT_LINE.search(gap)
    if letter is not None and not letter.group(1).isupper():  # or a script without case
        return True
    newline = end + gap.index("\n")
    return _line_goes_on(text[end - 1 : newline], text[newline : newline + _OPENING_CHARS])


_OPENING_CHARS = 16
"""Characters of a line's opening :func:`_line_goes_on` reads (a list mark, "-1")."""


def _line_goes_on(before: str, opening: str) -> bool:
    """The line break opening ``opening`` (the next line's first characters), after
    ``before`` (the last canonical word's last character and what follows it on its line; no
    sentence stop in either), is inside a sentence by what the line before ends with (issue
    34, hard-wrapped text): a stop word (a word the canonical words leave out: "ranges from",
    "a generalization of", "in"), and the next line opens with a digit or a mark ("-1 to 1",
    an ASCII quotation mark before "apple", "1998") and no capital after it, as no list item
    ("- a", "1)", "(a)" and a space). A line ending in a word of its own stays a boundary
    before a digit (PAN-13 development sample: search results, "eventing" then "60 KB (9016
    words) - 11:44, 13 February 2009", one random case lost), and so does a line after a
    comma (a random pair's source side widened from 1,926 to 7,711 characters, "11: 44," then
    "February")."""
    tail = before[1:].rstrip()
    if not tail or not tail[-1].isalpha() or _LIST_ITEM.match(opening):
        return False
    first = _LINE_OPENING.match(opening)
    return first is not None and not first.group(1).isupper()


def _whole_lines(
    pieces: Sequence[tuple[int, int]], c: Canonical, text: str | None
) -> list[tuple[int, int]]:
    """Consecutive word ranges ``pieces`` (units of ``c``, each as its words) with those a line
    break inside a sentence split pooled again (:func:`_goes_on`, :func:`sentence_units`'
    rule): a hard-wrapped sentence is judged whole, not line by line. Without ``text`` they
    stay as they are."""
    out: list[tuple[int, int]] = []
    for x0, x1 in pieces:
        if text is not None and out and out[-1][1] == x0 and x0 > 0 and _goes_on(text, c, x0):
            out[-1] = (out[-1][0], x1)
        else:
            out.append((x0, x1))
    return out


def _between_only(
    gap: Sequence[tuple[int, int]], c: Canonical, text: str | None
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The sentences between two fragments (:func:`_sentences_of`) pooled whole
    (:func:`_whole_lines`), and those of them that count towards the share of the gap:
    all but a line piece that goes on from the sentence the first fragment ends in or into
    the one the second begins with (the break before its first word, or after its last,
    inside a sentence), unless nothing else is between: that piece belongs to a
    neighbour's sentence, as it does in the text unwrapped."""
    pooled = _whole_lines(gap, c, text)
    if text is None:
        return pooled, pooled
    counted = [
        (x0, x1)
        for n, (x0, x1) in enumerate(pooled)
        if not (n == 0 and x0 > 0 and _goes_on(text, c, x0))
        and not (n == len(pooled) - 1 and x1 < len(c) and _goes_on(text, c, x1))
    ]
    return pooled, counted or pooled


def pair_sentences(
    a: Canonical,
    b: Canonical,
    texts: tuple[str, str] | None = None,
    parts: tuple[TextUnits, TextUnits] | None = None,
) -> PairSentences:
    """The pair's :class:`PairSentences`: each text's units, made once, and their
    :func:`similarity` when both sides hold words and it fits :data:`DENSE_CELLS` and
    :data:`DENSE_WORK`; ``texts``: the checked text and the source whose canonical words are
    ``a`` and ``b``, for :attr:`PairSentences.whole` (the pair stage's steps ask for it).
    ``parts``: the two texts' :class:`TextUnits` (:func:`text_units`, made once a document:
    :func:`copylens.core.score.score_pair`), else made here; the same either way."""
    if parts is None:
        units_a, units_b = Units.of(a), Units.of(b)
    else:
        units_a, units_b = parts[0].units, parts[1].units
    if len(a) == 0 or len(b) == 0 or not _fits(units_a, units_b, a.hashes, b.hashes):
        return PairSentences(units_a, units_b, None, texts, (a, b), parts)
    if parts is None:
        sim = similarity(a, b, (units_a, units_b))
    else:
        sim = compared(parts[0].bags, parts[1].bags)
    return PairSentences(units_a, units_b, sim, texts, (a, b), parts)


_T = TypeVar("_T")


@dataclass(frozen=True)
class TextUnits:
    """What the sentence steps compare of one text, the same in every pair it is in: its
    :class:`Units`, their :class:`Bags` and its whole sentences (:func:`sentence_units`).
    Made once a document (:func:`text_units`; issue 40: ``compare`` scores a document in many
    pairs), and equal to what each pair made of the text before."""

    units: Units
    bags: Bags
    sentences: Units
    """``sentence_units(text, c, units)``: :attr:`units` itself when no line break inside a
    sentence split a unit."""
    found: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """What the pair steps found of the text on first use, for its next pairs (:meth:`once`):
    ``"clauses"``, its :func:`~copylens.core.canonicalize.clause_ids` as a checked text
    (:attr:`PairSentences.clauses`; issue 40: found anew in each pair of a group's checked
    document before), ``"sentence bags"`` (:meth:`sentence_bags`) and ``"tails"``
    (:meth:`tailed`). Kept with the rest by the text and the arrays it is of
    (:func:`_kept_units`), which are all these read."""

    @classmethod
    def of(cls, text: str, c: Canonical) -> TextUnits:
        units = Units.of(c)
        return cls(units, Bags.of(c, units), sentence_units(text, c, units))

    def once(self, key: str, make: Callable[[], _T]) -> _T:
        """``found[key]``, made by ``make`` on first use (read, never changed, by the pairs)."""
        if key not in self.found:
            self.found[key] = make()
        return cast(_T, self.found[key])

    def sentence_bags(self, c: Canonical) -> Bags:
        """``Bags.of(c, self.sentences)`` (``c``: the canonical words these are of), made on
        first use, once a document: the summary step compares a hard-wrapped source's whole
        sentences with each checked text (:func:`copylens.core.summary._pooled`; issue 40:
        both sides' bags were made anew in each such pair)."""
        if self.sentences is self.units:
            return self.bags
        return self.once("sentence bags", lambda: Bags.of(c, self.sentences))

    def tailed(self, text: str, c: Canonical) -> Mapping[int, int]:
        """``_tailed(text, c, self.units)`` (``text``, ``c``: what these are of), found on
        first use, once a document: a hard-wrapped checked text's pairs each scanned its
        units' line breaks anew (issue 40)."""
        return self.once("tails", lambda: _tailed(text, c, self.units))


def text_units(doc: Prepared) -> TextUnits | None:
    """The document's :class:`TextUnits`, made once a document: memoized on the document (a
    group's checked document is in each of its pairs) and kept by its text
    (:func:`_kept_units`: ``compare``'s workers load each source anew for each of its pairs);
    None for a document of more than :data:`MEMO_WORDS` canonical words, whose pairs make
    their units as before (:func:`pair_sentences` without them)."""
    if len(doc.canonical) > MEMO_WORDS:
        return None
    memo: TextUnits | None = doc.__dict__.get("_text_units")
    if memo is None:
        memo = doc.__dict__["_text_units"] = _kept_units(doc.text, doc.canonical)
    return memo


MEMO_WORDS = 5_000
"""Most canonical words of a document whose :class:`TextUnits` are made once and kept: an
essay or a paper. A longer one's pair may be too long to compare whole (:data:`DENSE_CELLS`,
:data:`DENSE_WORK`), where its bags of words and whole sentences would be made for nothing,
and holding them for a book costs what its text does several times over; such a pair makes
its units as it did before issue 40 (a long document is in few pairs)."""
KEPT_WORDS = 200_000
"""Most canonical words of the texts whose :class:`TextUnits` a process keeps together
(:func:`_kept_units`), the least recently used going first: some 80 bytes a word with the
arrays they were made of, 16 MB at most (500 essays of 400 words)."""
_KEPT: OrderedDict[str, tuple[tuple[np.ndarray, ...], TextUnits]] = OrderedDict()
"""The kept texts, the least recently used first (an OrderedDict: a dict let go from its front
scans the slots let go before, issue 40)."""
_KEEPING = threading.Lock()
_kept_words = [0]


def _kept_units(text: str, c: Canonical) -> TextUnits:
    """``TextUnits.of(text, c)``, kept by ``text`` for the next document of that text: a kept
    one is taken only when what it was made of, the text and the four arrays of canonical
    words :meth:`TextUnits.of` reads, equals this document's (the dictionary compares the
    texts whole; the same text canonicalized otherwise, under other options, is made anew),
    so it is what this document makes."""
    made_of = (c.hashes, c.starts, c.ends, c.sentences)
    with _KEEPING:  # threads scoring pairs at once (a Dask worker's) share the process's
        held = _KEPT.pop(text, None)
        _kept_words[0] -= len(held[0][0]) if held is not None else 0
    if held is not None and all(map(np.array_equal, held[0], made_of)):
        memo = held[1]
    else:
        memo = TextUnits.of(text, c)
    with _KEEPING:
        if text in _KEPT:  # another thread kept it meanwhile
            _kept_words[0] -= len(_KEPT.pop(text)[0][0])
        _KEPT[text] = (made_of, memo)  # the most recently used last
        _kept_words[0] += len(c)
        while _kept_words[0] > KEPT_WORDS:
            _kept_words[0] -= len(_KEPT.popitem(last=False)[1][0][0])
    return memo


@dataclass(frozen=True)
class Edited:
    """A run of sentences of A edited from sentences of B (:func:`alone`): canonical words
    [a0, a1) of A and [b0, b1) of B, and the tf-isf cosine of the two sides."""

    a0: int
    a1: int
    b0: int
    b1: int
    cosine: float


def alone(
    sim: Similarity,
    taken: Sequence[tuple[int, int, int, int]],
    ends: Callable[[int], int] | None = None,
    sentences: WholeSentences | None = None,
) -> list[Edited]:
    """Passages of sentences alone (step 4): sentences whose words were shuffled, swapped for
    synonyms or cut into pieces of two or three (PAN-13 random obfuscation), so that they kept
    no run of words, in the units of A no fragment of the pair holds a word of (``taken``: the
    fragments' word ranges [a0, a1) in A and [b0, b1) in B, found by every pair signal, the
    paraphrase stage's retellings too).

    A passage of :func:`passages` must pass :func:`credible`, or, without its seed of cosine
    :data:`STRONG`, its other two tests (then only the third rule below stands: a run that
    follows its source sentence after sentence is evidence enough where each of its seeds
    is weak; PAN-13 development sample, beside main in one run: random recall 0.704 -> 0.710,
    175 -> 177 of 198 cases, translation 0.879 -> 0.892, 181 -> 184 of 188, precision 0.967
    and 0.941 both; three sentences instead of :data:`ALONE_UNITS`: one random case). Then,
    of its seeds in units no fragment holds, each run of consecutive units of A is reported
    with the hull of its seeds' source units when

    - it holds at least :data:`ALONE_UNITS` sentences (``ends(u)``: the sentence ends unit u
      holds, inside it and after its last word; one each when it is None), one unit a copy
      of its seed's source unit by its words (:meth:`Similarity.copies`) or each a seed of
      cosine :data:`STRONG` (a sentence the obfuscation kept under :data:`OWN_SHARE` of its
      words still weighs its rare words with its counterpart), sharing :data:`STRONG_WORDS`
      words with it (PAN-13 random recall 0.660 → 0.666, plagdet 0.658 → 0.664; the run's
      two sides at that cosine instead: recall 0.685 at precision 0.942 against 0.965), or
    - it continues a fragment in the source's order (:func:`_continues`) and each of its
      units is such a copy or a seed of cosine :data:`BESIDE_COS` (the fragment's sentences
      were edited less than its neighbours: PAN-13 random recall 0.648 → 0.661, translation
      0.799 → 0.813 at cosine 0.5; any seed within three source units of the fragment's:
      0.686 and 0.833, but own sentences between copied ones marked in
      bench/bench_own_text.py 24 → 40 of 2,416, these 24 as before), or
    - it is one sentence wrapped over two or more lines whose lines follow their source's
      lines unit by unit (:func:`_wrapped`), one line a copy of its seed's source unit by its
      words: the source's words and its order, where a lone sentence has its words only
      (PAN-13 development sample, beside main in one run: random recall 0.768 → 0.773, 179 →
      180 of 198 cases, precision 0.966 → 0.967, every other type the same; own sentences
      marked in bench/bench_own_text.py and fragments in bench/bench_summary_honest.py the
      same, Clough–Stevenson's 38 honest answers hard-wrapped at 60 and 80 columns with their
      sources the same); else
    - each part of it that follows its source sentence after sentence (:func:`_following`:
      each unit seeds a source unit next to one the unit before it seeds) and holds
      :data:`ALONE_UNITS` sentences, with no fragment within :data:`MAX_GAP` units
      (:func:`_apart`), is reported with the source units it follows (PAN-13 development
      sample: random recall 0.673 → 0.683, 168 → 171 of 198 cases, precision 0.972 → 0.969,
      translation 0.842 → 0.849, 175 → 178 of 188, as whole runs; as parts, random 0.689 →
      0.693, 173 → 175 cases with the candidates of :func:`sentence_candidates`; beside
      fragments too, more pieces of found cases: granularity 1.310 → 1.337, plagdet lower).
    - Whatever the passage's strength, each of its units in no run so reported that keeps
      :data:`LONE_WORDS` distinct words of its seed's source unit, and :data:`OWN_SHARE` of
      its own (:meth:`Similarity.keeps`: that sentence edited, by its words alone), its
      distinctive match (:func:`_distinctive`), is reported, consecutive such units as one
      run (:func:`_kept`; PAN-13 development sample, beside main 0d5d268 in one run: random
      recall 0.782 → 0.786, 181 → 182 of 198 cases, plagdet 0.816 → 0.819; translation
      precision 0.945 → 0.949, a summary over 4,300 source characters now the paraphrase of
      the sentence whose 18 words keep 11 of one source sentence's; every other figure the
      same, and nothing more marked on the honest side: :data:`LONE_WORDS`).
    - Whatever the seeds, each unit no fragment holds nor run reports that gathers the words
      of a run of consecutive source units (:meth:`Similarity.gathers`: a source's lines
      joined into one, edited) is reported with that run (:func:`_gathered`).

    Then each piece, the fragments and these runs, is extended by the units beside it that
    continue it in the source's order (:func:`_extended`), sentence by sentence, as runs of
    their own.

    Every run, by any of the three rules, passes :func:`_distinctive` (each unit its source
    unit's distinctive match): texts built from one small vocabulary make "copies" and strong
    seeds of one sentence with many (word salad of 50 words, 22 sentences against 17: the first
    two rules made a run in 19 of 60 pairs, least margins 1.05-2.00; the PAN-13 development
    sample's 77 random and translation runs of those rules 2.70 and up, none lost).

    A seed whose unit kept its source unit's words in order (:meth:`Similarity.verbatim`) is
    left out, like the seeds of units a fragment holds: it is no edited sentence but a run of
    words the word aligner reported or judged too short or too common to report, and it
    gives a run no weight nor source units (issues 34/40: in 100,000 generated essays a set
    phrase of seven words shared by unrelated essays, a "copy" by its words, made a run with
    the writer's next sentence, seeded by chance by a sentence of the other essay far from
    the phrase: 92-194 characters reported as a paraphrase of up to 29 source sentences,
    21 of the 22 paraphrase fragments of unrelated pairs each checked alone; PAN-13
    development sample: no fragment changed, its runs keep at most 4 words in a row of a
    copied unit's source).

    ``sentences``: the pair's whole sentences where a line break inside a sentence split one
    into units (:func:`whole_sentences`; None when none was split). A seed
    of a unit or source unit that is such a piece of a sentence stands only when the two
    whole sentences reach the seed's thresholds too (:func:`_whole`): a line of a
    hard-wrapped sentence is a short unit whose topic words reach a cosine its sentence does
    not (Clough–Stevenson's honest answer g2pA_taske and its source wrapped at 80 columns:
    "3. Compute the optimal solution values either top-down (with caching", cosine 0.36 with
    the source's step 3, beside step 2, was a run of two list items following the source's).

    Only seed units are reported, never a unit between them (a writer's own sentence between
    edited ones stays unmarked, issue 12), and a lone sentence on the topic is no passage (on
    Clough–Stevenson, an honest answer's one sentence "In the vector space model, the
    documents … are represented as vectors" is a copy of a source sentence by its words).
    Runs of three seed units without a copy found more (random recall 0.669) at a lower
    precision (0.940 against 0.965); runs of two seed sentences in any order, text outside
    every case of six pairs (verbatim precision 0.954 → 0.933)."""
    found: list[Edited] = []
    used = np.zeros(len(sim.a), dtype=bool)  # units holding a word of a fragment
    spans: list[Box] = []  # each fragment's units and source units
    for t0, t1, s0, s1 in taken:
        if t1 <= t0:
            continue
        u0, u1 = sim.a.of_word(t0), sim.a.of_word(t1 - 1) + 1
        used[u0:u1] = True
        if s1 > s0:
            spans.append((u0, u1, sim.b.of_word(s0), sim.b.of_word(s1 - 1) + 1))
    near: dict[int, tuple[int, int]] | None = None  # found for the first free seed
    for box, group in passages(sim):
        # a run is made of free seeds only (_runs of none is none): a passage without a seed
        # in a unit no fragment holds is passed before its cosines (issue 40: most are)
        if len(group) < MIN_SEEDS or all(used[i] for i, _ in group):
            continue
        if sim.cosine(*box) < VALIDATION:
            continue
        seeded = set(group)
        free = [
            s
            for s in group
            if not used[s[0]] and not _verbatim_in(sim, seeded, s) and _whole(sim, sentences, s)
        ]
        if not free:
            continue
        if near is None:
            near = _near_units(spans)
        for run, sources in _runs(sim, free, near, ends, credible(box, group, sim)):
            a0, a1 = int(sim.a.bounds[run[0]]), int(sim.a.bounds[run[-1] + 1])
            j0, j1 = min(sources), max(sources) + 1
            b0, b1 = int(sim.b.bounds[j0]), int(sim.b.bounds[j1])
            found.append(Edited(a0, a1, b0, b1, sim.cosine(run[0], run[-1] + 1, j0, j1)))
    found += _gathered(sim, used, found)
    words = [(t0, t1, s0, s1) for t0, t1, s0, s1 in taken if t1 > t0 and s1 > s0]
    words += [(e.a0, e.a1, e.b0, e.b1) for e in found]
    pieces = [
        (sim.a.of_word(t0), sim.a.of_word(t1 - 1) + 1, sim.b.of_word(s0), sim.b.of_word(s1 - 1) + 1)
        for t0, t1, s0, s1 in words
    ]
    for u0, u1, j0, j1 in _extended(sim, pieces):
        a0, a1 = int(sim.a.bounds[u0]), int(sim.a.bounds[u1])
        # from where a piece ends inside the unit before (or begins inside the unit after)
        a0 = min([a0, *(t1 for _, t1, _, _ in words if int(sim.a.bounds[u0 - 1]) < t1 <= a0)])
        a1 = max(
            [
                a1,
                *(
                    t0
                    for t0, _, _, _ in words
                    if a1 <= t0 < int(sim.a.bounds[min(u1 + 1, len(sim.a))])
                ),
            ]
        )
        b0, b1 = int(sim.b.bounds[j0]), int(sim.b.bounds[j1])
        found.append(Edited(a0, a1, b0, b1, sim.cosine(u0, u1, j0, j1)))
    return found


def _near_units(spans: Sequence[Box]) -> dict[int, tuple[int, int]]:
    """Each unit of A a fragment holds (``spans``: each fragment's units [u0, u1) and source
    units [j0, j1)), with the hull of its fragments' source units (:func:`alone`'s ``near``)."""
    near: dict[int, tuple[int, int]] = {}
    for u0, u1, j0, j1 in spans:
        for u in range(u0, u1):
            lo, hi = near.get(u, (j0, j1))
            near[u] = (min(lo, j0), max(hi, j1))
    return near


@dataclass(frozen=True)
class WholeSentences:
    """A pair's units pooled into whole sentences (:func:`sentence_units`) on both sides, and
    their :func:`similarity`, computed on first use only (:func:`_whole` asks for it only for
    a weak seed of a split sentence: on the PAN-13 development sample, computed for every
    wrapped pair, it cost 0.7 of 10 CPU seconds)."""

    a: Canonical
    b: Canonical
    units_a: Units
    units_b: Units
    tailed: Mapping[int, int] = field(default_factory=dict)
    """The checked text's units (of the pair's :class:`Units`) holding the last words of one
    sentence and the beginning of the next (:func:`_tailed`), each with the first canonical
    word of that next sentence."""

    @cached_property
    def similarity(self) -> Similarity:
        return similarity(self.a, self.b, (self.units_a, self.units_b))


def _whole(sim: Similarity, sentences: WholeSentences | None, seed: tuple[int, int]) -> bool:
    """``seed`` (units of ``sim``) holds for the whole sentences: where either of its units is
    a piece of a sentence a line break split (``sentences``: the pair's whole sentences) and
    the seed is under :data:`STRONG`, the two sentences holding them reach :data:`SEED_COS`
    and :data:`SEED_DICE` too (:func:`alone`). A strong seed is a line close to its source
    line by its rarer words, where a line's topic words reach a weak one: PAN-13 development
    sample, the two random seeds this rule would drop otherwise, lines at cosine 0.77 and
    0.50 in sentences at 0.40 (Dice 0.31) and 0.29, inside their cases; the Clough–Stevenson
    honest answers' line seeds 0.34-0.44 in sentences at 0.21-0.28.

    A seed of a unit that holds a wrapped sentence's last line and the next sentence's
    beginning (``sentences.tailed``) stands, strong or weak, only when the next sentence's
    words alone make it a seed (:func:`_seeds_from`): the unit weighs the words of two
    sentences (bench/bench_own_text.py ``--wrap 60``, a writer's own sentence after a copied
    one whose last word fell alone on a line, "representation. Each document is a vector
    where each word", cosine 0.55, not a seed without "representation"). Never standing, it
    lost copied sentences too (a copied sentence after a copied one's last word), as
    measured with every other change of this session in: edited copied sentences marked at
    60 columns 97.7 % on main, 97.4 % never standing, 97.6 % so; at 80 98.1 %, 97.8 %, 98.1 %;
    own sentences between copied ones 26, 19, 20 of 2,416 at 60 columns and 28, 23, 23 at 80;
    PAN-13 development sample, random precision 0.971 on main, 0.977 never standing, 0.972
    so, plagdet never under main's (0.811 / 0.813; 0.816 / 0.816 after main's own change)."""
    i, j = seed
    if sentences is not None and i in sentences.tailed:
        return _seeds_from(sim, i, j, sentences.tailed[i])
    if sentences is None or sim.cos[i, j] >= STRONG:
        return True
    ua, ub = sentences.units_a, sentences.units_b
    wa, wb = int(sim.a.bounds[i]), int(sim.b.bounds[j])
    x, y = ua.of_word(wa), ub.of_word(wb)
    whole_a = (int(ua.bounds[x]), int(ua.bounds[x + 1])) == (wa, int(sim.a.bounds[i + 1]))
    whole_b = (int(ub.bounds[y]), int(ub.bounds[y + 1])) == (wb, int(sim.b.bounds[j + 1]))
    if whole_a and whole_b:
        return True
    pooled = sentences.similarity
    return bool(pooled.cos[x, y] >= SEED_COS and pooled.dice[x, y] >= SEED_DICE)


def whole_sentences(
    text_a: str,
    a: Canonical,
    text_b: str,
    b: Canonical,
    sim: Similarity,
    parts: tuple[TextUnits, TextUnits] | None = None,
) -> WholeSentences | None:
    """The pair's :class:`WholeSentences`, or None when no unit of either text is a piece of
    a sentence a line break split (``sim``'s units are the sentences already). ``parts``: the
    texts' :class:`TextUnits`, whose units ``sim``'s are (:func:`pair_sentences`), which hold
    their whole sentences."""
    if parts is None:
        units_a, units_b = sentence_units(text_a, a, sim.a), sentence_units(text_b, b, sim.b)
    else:
        units_a, units_b = parts[0].sentences, parts[1].sentences
    if units_a is sim.a and units_b is sim.b:
        return None
    # a tailed unit begins after a break _goes_on passes, and sentence_units pools every such
    # break: a checked text it pools nothing of has none
    if parts is not None:  # sim.a is parts[0].units: the checked text's, once a document
        tailed = {} if units_a is sim.a else parts[0].tailed(text_a, a)
        return WholeSentences(a, b, units_a, units_b, tailed)
    return WholeSentences(a, b, units_a, units_b, _tailed(text_a, a, sim.a))


def _seeds_from(sim: Similarity, i: int, j: int, w: int) -> bool:
    """Unit i of A's words from canonical word ``w`` on, alone, and unit j of B reach
    :data:`SEED_COS` and :data:`SEED_DICE`: each word's tf-isf weight in unit i's row
    (:attr:`Similarity.vectors_a`, its columns the codes of :attr:`Similarity.words_a`) taken
    for its occurrences from ``w`` on only."""
    w0, w1 = int(sim.a.bounds[i]), int(sim.a.bounds[i + 1])
    codes = sim.words_a[w0:w1]
    kept = codes[w - w0 :]
    if not len(kept):
        return False
    every = np.bincount(codes, minlength=sim.vectors_a.shape[1])
    some = np.bincount(kept, minlength=sim.vectors_a.shape[1])
    part = sim.vectors_a[i] * np.divide(some, every, out=np.zeros(len(every)), where=every > 0)
    source = sim.words_b[int(sim.b.bounds[j]) : int(sim.b.bounds[j + 1])]
    mine, theirs = set(kept.tolist()), set(source.tolist())
    dice = 2 * len(mine & theirs) / (len(mine) + len(theirs))
    return _cosine(part, sim.vectors_b[j]) >= SEED_COS and dice >= SEED_DICE


def _tailed(text: str, c: Canonical, units: Units) -> Mapping[int, int]:
    """The units of ``c`` (the words of ``text``) that begin with the last line of a sentence
    begun in the unit before and go on into the next sentence: the break before the unit's
    first word is a line break inside a sentence (:func:`_goes_on`) and a sentence's final
    punctuation (:data:`FINAL_STOP`) stands between two of its words. A hard-wrapped
    sentence whose last word or two fall alone on a line leaves them a sentence too short to
    be a unit (:data:`MIN_UNIT`), joined to the next sentence (:meth:`Units.of`)."""
    out = {}
    for u in range(1, len(units)):
        if (w := _next_sentence(text, c, units, u)) is not None:
            out[u] = w
    return out


def _is_tailed(text: str, c: Canonical, units: Units, u: int) -> bool:
    """Unit ``u`` is one of :func:`_tailed`'s."""
    return _next_sentence(text, c, units, u) is not None


def _next_sentence(text: str, c: Canonical, units: Units, u: int) -> int | None:
    """The first canonical word after the first sentence end inside unit ``u`` when the unit
    begins with the last line of a sentence begun before it (:func:`_tailed`); else None."""
    w0, w1 = int(units.bounds[u]), int(units.bounds[u + 1])
    if w0 == 0 or not _goes_on(text, c, w0):
        return None
    start = int(c.starts[w0])
    end = re.search(FINAL_STOP, text[start : int(c.ends[w1 - 1])])
    return None if end is None else int(c.starts.searchsorted(start + end.end()))


EXTEND_COS = 0.33
EXTEND_WORDS = 2
"""Least tf-isf cosine, and distinct words shared, of a unit beside a piece with its best
source unit for :func:`_extended` to continue the piece there. PAN-13 development sample,
each beside main in one run: at 0.33 and 2 words random recall 0.693 -> 0.704, translation
0.870 -> 0.879 (plagdet 0.710 -> 0.716, 0.854 -> 0.858), nothing more of the writer's own
marked in bench/bench_own_text.py; at 0.3, 0.706 and 0.880, the same; at 0.25 with any number
of words, 0.717 and 0.884, but two own sentences beside copied ones marked ("Each document
is a vector where each word is a dimension.", one word shared at cosine 0.38; "A website's
page rank, is how 'important' it is on the web.", three at 0.28). The seed's Dice
(:data:`SEED_DICE`) is not asked: a retold sentence that gained words keeps its rare ones."""


def _extended(sim: Similarity, pieces: Sequence[Box]) -> list[Box]:
    """The units beside the pieces (unit boxes [u0, u1) × [j0, j1): the pair's fragments and
    :func:`alone`'s runs) that continue one in the source's order, as boxes of consecutive
    units: the unit of A after a piece (or before it), held by no piece, whose best source
    unit, held by no piece either, lies after the piece's source units, at most
    :data:`BESIDE_UNITS` skipped (or before them), at cosine :data:`EXTEND_COS` sharing
    :data:`EXTEND_WORDS` words, its distinctive match (:func:`_distinctive`) and no verbatim
    copy of it (:meth:`Similarity.verbatim`: the word aligner's, as in :func:`alone`); then the unit
    after that from there, until one does not (the PAN winners' extension of a passage by
    its neighbouring sentences, Sanchez-Perez et al. 2014, one sentence at a time and only in
    the source's order). A unit with pieces on both sides within :data:`MAX_GAP` units is
    left to :func:`one_passage`, which bridges the two pieces over it or keeps them apart
    (issue 12); a paraphrase run there kept it from joining them (PAN-13 development sample:
    random granularity 1.200 -> 1.206)."""
    held = np.zeros(len(sim.a), dtype=bool)
    source = np.zeros(len(sim.b), dtype=bool)
    for u0, u1, j0, j1 in pieces:
        held[u0:u1] = True
        source[j0:j1] = True
    pieces_at = held.copy()
    out: list[Box] = []

    def step(u: int, lo: int, hi: int) -> int | None:
        """The source unit unit u continues the piece with, from lo to hi; else None."""
        if not 0 <= u < len(sim.a) or held[u] or not len(sim.b):
            return None
        if (
            pieces_at[max(u - MAX_GAP - 1, 0) : u].any()
            and pieces_at[u + 1 : u + MAX_GAP + 2].any()
        ):
            return None  # between two pieces: one_passage's
        j = int(sim.cos[u].argmax())
        if not lo <= j <= hi or source[j] or sim.shared[u, j] < EXTEND_WORDS:
            return None
        if sim.cos[u, j] < EXTEND_COS or not _distinctive(sim, [u], [j], {u: [j]}):
            return None
        if sim.verbatim(u, j):
            return None
        held[u] = source[j] = True
        out.append((u, u + 1, j, j + 1))
        return j

    for u0, u1, j0, j1 in sorted(pieces):
        u, last = u1, j1 - 1
        while (j := step(u, last + 1, last + 1 + BESIDE_UNITS)) is not None:
            u, last = u + 1, max(last, j)
        u, first = u0 - 1, j0
        while (j := step(u, first - 1 - BESIDE_UNITS, first - 1)) is not None:
            u, first = u - 1, min(first, j)
    return _merged(out)


def _merged(boxes: list[Box]) -> list[Box]:
    """Boxes of consecutive units of A as one (the hull of their source units)."""
    out: list[Box] = []
    for u0, u1, j0, j1 in sorted(boxes):
        if out and out[-1][1] == u0:
            p = out[-1]
            out[-1] = (p[0], u1, min(p[2], j0), max(p[3], j1))
        else:
            out.append((u0, u1, j0, j1))
    return out


def _verbatim_in(sim: Similarity, seeded: set[tuple[int, int]], seed: tuple[int, int]) -> bool:
    """Whether the seed's unit, with the consecutive units around it that seed (``seeded``)
    the same source unit, kept that unit's words verbatim (:meth:`Similarity.verbatim_units`):
    a set phrase a line break split into two units, each half of it under
    :data:`VERBATIM_WORDS`, is the word aligner's all the same (generated essays at 100,000:
    a shared 8-word sentence split 4 + 3 and a 3-word sentence before it made a run)."""
    i, j = seed
    lo, hi = i, i + 1
    while (lo - 1, j) in seeded:
        lo -= 1
    while (hi, j) in seeded:
        hi += 1
    return sim.verbatim_units(lo, hi, j)


def _runs(
    sim: Similarity,
    group: list[tuple[int, int]],
    near: dict[int, tuple[int, int]],
    ends: Callable[[int], int] | None = None,
    strong: bool = True,
) -> list[tuple[list[int], list[int]]]:
    """The runs :func:`alone` reports in a passage's seeds (none in a unit a fragment holds):
    consecutive units of A, with their seeds' source units; in a passage without a seed of
    cosine :data:`STRONG` (``strong`` False), only the parts that follow their source."""
    sources: dict[int, list[int]] = {}
    for i, j in group:
        sources.setdefault(i, []).append(j)
    runs: list[list[int]] = []
    for i in sorted(sources):
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    out = []
    for run in runs:
        mine = [j for i in run for j in sources[i]]
        copied = [any(sim.copies(i, j, j + 1) for j in sources[i]) for i in run]
        beside = [
            c or max(float(sim.cos[i, j]) for j in sources[i]) >= BESIDE_COS
            for i, c in zip(run, copied, strict=True)
        ]
        worded = all(  # a strong seed of a word or two: "Madam C.J." against "Madam C.J"
            c
            or any(sim.cos[i, j] >= STRONG and sim.shared[i, j] >= STRONG_WORDS for j in sources[i])
            for i, c in zip(run, copied, strict=True)
        )
        sentences = 1 + sum(map(ends, run[:-1])) if ends is not None else len(run)
        if (
            strong
            and (
                (sentences >= ALONE_UNITS and (any(copied) or worded))
                or (any(copied) and _wrapped(run, sources))
                or (all(beside) and _continues(run, mine, near))
            )
            and _distinctive(sim, run, mine, sources)
        ):
            out.append((run, mine))
            continue
        reported: set[int] = set()
        for part, held in _following(run, sources):
            counted = 1 + sum(map(ends, part[:-1])) if ends is not None else len(part)
            if (
                counted >= ALONE_UNITS
                and _apart(part, near)
                and _distinctive(sim, part, held, sources)
            ):
                out.append((part, held))
                reported.update(part)
        out += _kept(sim, [i for i in run if i not in reported], sources)
    return out


def _gathered(sim: Similarity, used: np.ndarray, found: Sequence[Edited]) -> list[Edited]:
    """The units of A that no fragment holds nor run reports and that gather a run of source
    units' words (:meth:`Similarity.gathers`), each its own run (:func:`alone`'s last rule).
    No seed is asked of them: such a unit holds a few words of each source unit of the run,
    under a seed's Dice with any one of them (PAN-13 random: a 41-word line of 11 list items
    joined, Dice 0.31 with its best line, 0.59 with the run of seven)."""
    wanted = (sim.size_a >= GATHERED_WORDS) & ~used  # less the units a run reports
    for e in found:
        wanted[sim.a.of_word(e.a0) : sim.a.of_word(e.a1 - 1) + 1] = False
    out = []
    for i in _gathering(sim, wanted.nonzero()[0]):
        run = sim.gathers(i)
        if run is None:
            continue
        j0, j1 = run
        a0, a1 = int(sim.a.bounds[i]), int(sim.a.bounds[i + 1])
        b0, b1 = int(sim.b.bounds[j0]), int(sim.b.bounds[j1])
        out.append(Edited(a0, a1, b0, b1, sim.cosine(i, i + 1, j0, j1)))
    return out


GATHERING_CELLS = 1 << 18
"""Most cells of :attr:`Similarity.shared` :func:`_gathering` reads at once."""


def _gathering(sim: Similarity, units: np.ndarray) -> list[int]:
    """The units of A among ``units`` (ascending) for which :meth:`Similarity.gathers` tries a
    run at all, in order: a source unit sharing two words with it whose next
    :data:`GATHERED_UNITS` units share :data:`GATHERED_WORDS` words between them (its own
    test, for many units at once from running sums: issue 40, most units of most pairs
    share fewer). Exact: the shares are counts, whole in float32 and float64 alike."""
    n = sim.shared.shape[1]
    if not len(units) or not n:
        return []
    ends = np.minimum(np.arange(n) + GATHERED_UNITS, n)
    out: list[int] = []
    step = max(GATHERING_CELLS // n, 1)
    for k in range(0, len(units), step):
        part = units[k : k + step]
        rows = sim.shared[part].astype(np.float64)
        sums = np.zeros((len(part), n + 1))
        rows.cumsum(axis=1, out=sums[:, 1:])
        ahead = sums[:, ends] - sums[:, :n]
        tried = ((rows >= 2) & (ahead >= GATHERED_WORDS)).any(axis=1)
        out += part[tried].tolist()
    return out


def _kept(
    sim: Similarity, units: list[int], sources: dict[int, list[int]]
) -> list[tuple[list[int], list[int]]]:
    """The units that keep their seed's source unit's words (:meth:`Similarity.keeps`), each
    its seed's distinctive match (:func:`_distinctive`), as runs of consecutive such units with
    the source units they keep (:func:`alone`'s last rule)."""
    kept = {i: [j for j in sources[i] if sim.keeps(i, j)] for i in units}
    out: list[tuple[list[int], list[int]]] = []
    for i in units:
        if not kept[i] or not _distinctive(sim, [i], kept[i], kept):
            continue
        if out and out[-1][0][-1] == i - 1:
            out[-1][0].append(i)
            out[-1][1].extend(kept[i])
        else:
            out.append(([i], list(kept[i])))
    return out


def _wrapped(run: list[int], sources: dict[int, list[int]]) -> bool:
    """Whether the run's units, two or more, follow their source unit by unit as one part
    (:func:`_following`): a sentence wrapped over lines whose lines seed the source's lines in
    order (PAN-13 texts wrap their lines, and the obfuscation keeps the line breaks). With a
    unit a copy by its words (:func:`_runs`) that is two pieces of evidence, the source's words
    and its order, where a lone sentence counted by its stops (:data:`ALONE_UNITS`) has one; a
    writer's own sentence wrapped over two lines against a source sentence in one line seeds
    one source unit from both, and follows nothing (tests: an edited sentence wrapped over two
    lines is no run)."""
    return len(run) >= 2 and any(len(part) == len(run) for part, _ in _following(run, sources))


def _following(run: list[int], sources: dict[int, list[int]]) -> list[tuple[list[int], list[int]]]:
    """The run cut into its longest parts that follow their source, each with the source units
    its seeds follow: each unit of a part after the first seeds a source unit next to one a seed
    of the unit before it holds (:data:`SOURCE_STEP`, either way: a shuffle may move a
    sentence's end), as a copied passage follows its source sentence after sentence. A
    writer's own sentences on the topic seed here and there (PAN-13 development sample: a run of
    two seed sentences in any order marked text outside every case of three verbatim and three
    random or translation pairs, verbatim precision 0.954 → 0.933; following the source,
    none)."""

    def next_to(j: int, held: list[int]) -> bool:
        return any(0 < abs(j - k) <= SOURCE_STEP for k in held)

    parts: list[tuple[list[int], list[list[int]]]] = []
    for i in run:
        step = [j for j in sources[i] if parts and next_to(j, parts[-1][1][-1])]
        if step:
            units, held = parts[-1]
            if len(units) == 1:  # the first unit's seeds: those the second follows
                held[0] = [k for k in held[0] if any(next_to(j, [k]) for j in step)]
            units.append(i)
            held.append(step)
        else:
            parts.append(([i], [list(sources[i])]))
    return [(units, [j for js in held for j in js]) for units, held in parts]


def _distinctive(
    sim: Similarity, part: list[int], held: list[int], sources: dict[int, list[int]]
) -> bool:
    """Each unit of the part is its followed source unit's distinctive match, not one of many
    about equally near: the ratio margin of Artetxe and Schwenk (2019, "Margin-based parallel
    corpus mining with multilingual sentence embeddings", their correction of hubness), the
    cosine of unit i with its best followed seed j over the mean of i's :data:`MARGIN_K` best
    cosines with other source units and j's with other units of A (``held``: the source units
    the part follows, ``sources``: each unit's seeds; both means leave out the units
    within :data:`SOURCE_STEP`: a sentence split over two), reaches :data:`MARGIN`.

    Texts sharing a small vocabulary seed every sentence of one to many of the other at about
    the same cosine, and a run of two then follows the source by chance: on tests/gui's word
    salad the rule marked two "paraphrase" fragments (0.464, 0.546), on its nature-word filler
    two (0.447, 0.424); with this margin none (figures at :data:`MARGIN`)."""
    for i in part:
        row = sim.cos[i]
        j = max((k for k in sources[i] if k in held), key=lambda k: float(row[k]))
        mean = (_knn(row, j) + _knn(sim.cos[:, j], i)) / 2
        if mean > 0 and float(row[j]) < MARGIN * mean:
            return False
    return True


def _knn(cos: np.ndarray, at: int) -> float:
    """Mean of the :data:`MARGIN_K` highest of ``cos`` farther than :data:`SOURCE_STEP` from
    index ``at`` (0 when there is none)."""
    far = np.abs(np.arange(len(cos)) - at) > SOURCE_STEP
    top = np.sort(cos[far])[::-1][:MARGIN_K]
    return float(top.mean()) if top.size else 0.0


def _apart(run: list[int], near: dict[int, tuple[int, int]]) -> bool:
    """No unit within :data:`MAX_GAP` units of the run holds a fragment (``near``): a run
    there is part of a found passage, :func:`_continues`' or :func:`one_passage`'s."""
    return not any(u in near for u in range(run[0] - MAX_GAP, run[-1] + MAX_GAP + 1))


def _continues(run: list[int], mine: list[int], near: dict[int, tuple[int, int]]) -> bool:
    """The run of units of A, its seeds' source units ``mine``, continues a fragment in the
    source's order: the unit before it lies in a fragment whose source units [j0, j1) end
    where the run's begin (from j1 - 1 to :data:`BESIDE_UNITS` units after), or the unit after
    it in one whose source units begin where the run's end (``near``: each unit a fragment
    holds, with its fragments' source units). A run between two fragments is not: a
    paraphrase fragment there would keep :func:`one_passage` from bridging the two with it
    (PAN-13 development sample, reported: translation granularity 1.302, plagdet 0.728; left:
    1.291 and 0.732, recall the same 0.814; leaving runs with a fragment within
    :data:`MAX_GAP` units on both sides: 1.308, recall 0.809)."""
    after = near.get(run[0] - 1)
    before = near.get(run[-1] + 1)
    if after is not None and before is not None:
        return False  # between two fragments: one_passage's to bridge, or not
    return (after is not None and after[1] - 1 <= min(mine) <= after[1] + BESIDE_UNITS) or (
        before is not None and before[0] - BESIDE_UNITS <= max(mine) <= before[0]
    )


def own_units(
    a: Canonical,
    sim: Similarity,
    box: tuple[int, int, int, int],
    members: list[Alignment],
    clauses: np.ndarray | None = None,
    source: Callable[[], frozenset[str]] = frozenset,
) -> list[tuple[int, int]]:
    """Word ranges of the checked text's units inside ``box`` (words [a0, a1) × [b0, b1))
    that are the writer's own (issue 12, decided per sentence pair): fewer than half of the
    unit's words matched by the word alignments (here or, as their further matches, at
    another place of the source), not inside one of them (the word aligner's own cut,
    :func:`copylens.core.align.own_sentences`, judged those), and no copy of a source unit
    of the box, one unit of slack either side (:meth:`Similarity.copies`). A shuffled or
    synonym-swapped copy of a source sentence keeps most of its words; a sentence sharing
    only topic words with the source does not.

    ``clauses`` (:func:`copylens.core.canonicalize.clause_ids`): a unit cut by a colon before
    a capitalised word is also judged clause by clause (:func:`_own_clauses`), as the word
    aligner's own cut judges it: the writer's own sentence after a copied "... as follows:"
    is not half of a copied unit (issue 34). ``source()``: the box's source words, asked for
    only when a clause is weighed (:func:`_words_once`)."""
    a0, a1, b0, b1 = box
    matched = np.zeros(a1 - a0, dtype=bool)
    for f in members:
        lo, hi = max(f.a0, a0), min(f.a1, a1)
        matched[lo - a0 : hi - a0] = True
        for e in f.edits:
            if e.kind in ("insert", "replace"):
                matched[max(e.a0, a0) - a0 : max(min(e.a1, a1) - a0, 0)] = False
    for f in members:  # copied from another place of the source
        for x0, x1, _, _ in f.elsewhere:
            matched[max(x0, a0) - a0 : max(min(x1, a1) - a0, 0)] = True
    j0 = max(sim.b.of_word(b0) - 1, 0)
    j1 = min(sim.b.of_word(max(b1 - 1, b0)) + 2, len(sim.b))
    own = []
    held = matched.cumsum().tolist()  # words matched before each (issue 40)
    held.insert(0, 0)
    bounds = sim.a.listed
    spans = [(f.a0, f.a1) for f in members]
    for u in range(sim.a.of_word(a0), sim.a.of_word(max(a1 - 1, a0)) + 1):
        w0, w1 = max(bounds[u], a0), min(bounds[u + 1], a1)
        if w0 >= w1:
            continue
        if clauses is not None and clauses[w0] != clauses[w1 - 1]:
            by = _own_clauses(a, members, matched[w0 - a0 : w1 - a0], w0, clauses[w0:w1], source)
            if by:
                own += by
                continue
        if 2 * (held[w1 - a0] - held[w0 - a0]) >= w1 - w0:
            continue
        for f0, f1 in spans:  # a loop, not any() of a generator a unit (issue 40)
            if f0 <= w0 and w1 <= f1:
                break  # inside a word alignment, whose own cut judged it (align.own_sentences)
        else:
            if not sim.copies(u, j0, j1):
                own.append((w0, w1))
    return own


OWN_CLAUSE_WORDS = 3
"""Fewest distinct canonical words of a clause :func:`_own_clauses` cuts out as the writer's
own. Measured (PAN-13 development sample, bench/bench_own_text.py): the 14 clauses cut in
PAN-13's cases had 1-2 distinct words ("Tone: Bass", "Contact: Office"; cut, translation
plagdet 0.921 -> 0.917), the own sentences after a copied "...:" 3-10."""


def _own_clauses(
    a: Canonical,
    members: list[Alignment],
    matched: np.ndarray,
    w0: int,
    ids: np.ndarray,
    source: Callable[[], frozenset[str]],
) -> list[tuple[int, int]] | None:
    """Word ranges of the clauses (``ids``, each word's clause) of one unit starting at word
    ``w0`` that are the writer's own: fewer than half of the clause's words ``matched``, not
    inside a word alignment, :data:`OWN_CLAUSE_WORDS` distinct words at least, fewer than
    :data:`GAP_LEAST` of them in the box's ``source()`` words (a shuffled or synonym-swapped
    copied clause keeps them), while another
    clause of the unit is at least half matched (the copied "... as follows:", which alone
    made the unit a copy). None when no clause is half matched or none is own: the unit is
    then judged whole (:func:`own_units`)."""
    cuts = [0, *((ids[1:] != ids[:-1]).nonzero()[0] + 1).tolist(), len(ids)]
    pieces = list(pairwise(cuts))
    half = [2 * int(matched[p0:p1].sum()) >= p1 - p0 for p0, p1 in pieces]
    if not any(half):
        return None
    own = []
    for (p0, p1), copied in zip(pieces, half, strict=True):
        c0, c1 = w0 + p0, w0 + p1
        if copied or any(f.a0 <= c0 and c1 <= f.a1 for f in members):
            continue
        forms = a.forms[c0:c1]
        if len(set(forms)) < OWN_CLAUSE_WORDS or _copied_unit(forms, source(), GAP_LEAST):
            continue  # a list item's value ("Tone: Bass"), or a shuffled or swapped copy
        own.append((c0, c1))
    return own or None


def _between(a0: int, a1: int, own: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """[a0, a1) less the ``own`` ranges (sorted, disjoint, inside it), as ranges."""
    out, at = [], a0
    for lo, hi in own:
        if lo > at:
            out.append((at, lo))
        at = hi
    if at < a1:
        out.append((at, a1))
    return out


EDGE_SHARE = 0.5
"""Least share of a unit's words outside the word alignments found on the other side for
the unit to extend the passage (:func:`_clipped`)."""


def _clipped(
    forms: tuple[str, ...],
    units: Units,
    lo: int,
    hi: int,
    m0: int,
    m1: int,
    other: Callable[[], frozenset[str]],
) -> tuple[int, int]:
    """[lo, hi) narrowed towards the word alignments' range [m0, m1) past the units whose
    words outside [m0, m1) are mostly missing from the other side (``other()``, asked for
    only when a unit is weighed): a sentence the copy begins or ends in the middle of is cut
    where the copy does; a shuffled copy's sentence, whose words are there in another order,
    is kept whole.

    An edge with no word outside [m0, m1) (``lo >= m0``, ``hi <= m1``: no unit there has a
    word to weigh) is not walked (issue 40: 2,084 of the 2,194 calls of the copy signal's
    replay at 1,000 essays, bench/diag_align_replay.py, had both)."""
    bounds = units.listed

    def kept(w0: int, w1: int) -> bool:
        part, there = forms[w0:w1], other()
        return bool(part) and EDGE_SHARE * len(part) <= sum(f in there for f in part)

    start = m0
    if lo < m0:
        for u in range(units.of_word(lo), units.of_word(m0) + 1):
            w0, w1 = max(bounds[u], lo), min(bounds[u + 1], m0)
            if w0 < w1 and kept(w0, w1):
                start = w0
                break
    end = m1
    if hi > m1:
        for u in range(units.of_word(max(hi - 1, 0)), units.of_word(max(m1 - 1, 0)) - 1, -1):
            w0, w1 = max(bounds[u], m1), min(bounds[u + 1], hi)
            if w0 < w1 and kept(w0, w1):
                end = w1
                break
    return min(start, m0), max(end, m1)


def _words_once(forms: tuple[str, ...], w0: int, w1: int) -> Callable[[], frozenset[str]]:
    """The distinct ``forms[w0:w1]``, made on the first call and kept: :func:`_join`'s hull
    words, which :func:`_clipped` and :func:`own_units` weigh a unit against only at an edge
    or a clause (issue 40: 327 lookups in the 2,194 clips of the copy signal's replay at
    1,000 essays, and 3 clauses judged, where every joined passage made both sets)."""
    held: list[frozenset[str]] = []

    def words() -> frozenset[str]:
        if not held:
            held.append(frozenset(forms[w0:w1]))
        return held[0]

    return words


def _trimmed(
    group: list[tuple[int, int]], sim: Similarity, w0: int, w1: int
) -> list[tuple[int, int]]:
    """The seeds without the weak ones (cosine under :data:`STRONG`) at either end that lie
    outside the word alignments' range [w0, w1): a neighbouring sentence on the same topic
    does not stretch a passage the word aligner already bounds."""
    seeds = sorted(group)

    def outside(seed: tuple[int, int]) -> bool:
        i = seed[0]
        return int(sim.a.bounds[i + 1]) <= w0 or int(sim.a.bounds[i]) >= w1

    while len(seeds) > 1 and outside(seeds[0]) and sim.cos[seeds[0]] < STRONG:
        seeds.pop(0)
    while len(seeds) > 1 and outside(seeds[-1]) and sim.cos[seeds[-1]] < STRONG:
        seeds.pop()
    return seeds


def _placed(
    group: list[tuple[int, int]], sim: Similarity, members: Sequence[Alignment]
) -> list[tuple[int, int]]:
    """The seeds less those of a unit the word alignments place elsewhere: a unit at least
    half of whose words lie inside an alignment was copied from where that alignment's source
    side is, and keeps only its seeds within one unit of it (:func:`_near`). A line of a
    hard-wrapped copied sentence is a unit of a few words ("PageRank is a link") whose best
    source unit may be another line sharing them far off, and its seed there stretched the
    passage's source side over text that was not copied (bench/bench_own_text.py
    ``--wrap 60``, en-verbatim-016: a copy of 41 words given 401 words of source). The seeds
    as they are when none would be left."""
    kept = []
    bounds_a, bounds_b = sim.a.listed, sim.b.listed
    reach = [(f.a0, f.a1, *_reach(f.b0, f.b1, sim.b)) for f in members]  # once a member
    for seed in group:  # plain loops, no comprehension a seed (issue 40)
        i, j = seed
        u0, u1 = bounds_a[i], bounds_a[i + 1]
        b0, b1 = bounds_b[j], bounds_b[j + 1]
        placed = False
        for f0, f1, lo, hi in reach:
            if 2 * ((f1 if f1 < u1 else u1) - (f0 if f0 > u0 else u0)) >= u1 - u0:
                placed = True  # the unit is placed by this member: kept if near its source
                if b0 < hi and lo < b1:  # _near
                    kept.append(seed)
                    break
        else:
            if not placed:
                kept.append(seed)
    return kept or group


def _follows(seed: tuple[int, int], members: Sequence[Alignment], sim: Similarity) -> bool:
    """The seed's source unit lies within :data:`MAX_GAP` units of a word alignment's source
    side (of ``members``, the alignments of one piece of a passage the writer's own
    sentences cut, :func:`_join`)."""
    return any(
        sim.b.of_word(f.b0) - MAX_GAP <= seed[1] <= sim.b.of_word(f.b1 - 1) + MAX_GAP
        for f in members
    )


def _source_reach(members: Sequence[Alignment], sim: Similarity) -> list[tuple[int, int]]:
    """The source units [lo, hi] (both included) of each of ``members`` that a seed's source
    unit lies in when it :func:`_follows` them."""
    return [(sim.b.of_word(f.b0) - MAX_GAP, sim.b.of_word(f.b1 - 1) + MAX_GAP) for f in members]


def _near(f0: int, f1: int, w0: int, w1: int, units: Units) -> bool:
    """Word range [f0, f1) overlaps [w0, w1) or lies within one unit of it."""
    lo, hi = _reach(w0, w1, units)
    return f0 < hi and lo < f1


def _reach(w0: int, w1: int, units: Units) -> tuple[int, int]:
    """The words [lo, hi) a range overlapping which is :func:`_near` [w0, w1): from the unit
    before w0's to the unit after that of w1's last word (found once for many ranges)."""
    u0, u1 = units.of_word(w0), units.of_word(max(w1 - 1, w0))
    bounds = units.listed
    return bounds[max(u0 - 1, 0)], bounds[min(u1 + 2, len(units))]


def _lone(match: tuple[str, int, int, int, int], gap: tuple[str, int, int, int, int]) -> bool:
    """``match`` is one matching word at a passage's edge, cut off from the rest by ``gap``
    that is more than :data:`SOURCE_GAP` words of the source and :data:`SUMMARY_RATIO` times
    its checked side: a word the passage's box reached in a source sentence that is not the
    copy's (a seed on the wrong sentence; PAN-13 development sample, translation pair
    suspicious-document01208 / source-document01366: "open" 186 source words before the
    copy, one checked word before it). :func:`described` trims it, outside the word
    alignments only."""
    _, i0, i1, _, _ = match
    _, x0, x1, y0, y1 = gap
    source = y1 - y0
    return (
        match[0] == "equal" and i1 - i0 == 1 and source > max(SOURCE_GAP, SUMMARY_RATIO * (x1 - x0))
    )


def described(
    a: Canonical, b: Canonical, a0: int, a1: int, b0: int, b1: int, members: list[Alignment]
) -> Alignment:
    """An alignment of words [a0, a1) with [b0, b1): matched and exact words and edits by a
    word diff (difflib) of the ranges; the members' longest runs and further matches kept."""
    if len(members) == 1 and (members[0].a0, members[0].a1, members[0].b0, members[0].b1) == (
        a0,
        a1,
        b0,
        b1,
    ):
        return members[0]
    # difflib's opcodes, by its own steps and remembered by the words (issue 40: the same
    # copied passage is described in many pairs; difflib's SequenceMatcher was most of this)
    diffed = box_opcodes(a.forms[a0:a1], b.forms[b0:b1])
    ops = [(t, a0 + i0, a0 + i1, b0 + j0, b0 + j1) for t, i0, i1, j0, j1 in diffed]
    if members:  # begin and end on matching words, never inside the word alignments
        lo_a, lo_b = min(m.a0 for m in members), min(m.b0 for m in members)
        hi_a, hi_b = max(m.a1 for m in members), max(m.b1 for m in members)
        while ops and ops[0][0] != "equal" and ops[0][2] <= lo_a and ops[0][4] <= lo_b:
            ops.pop(0)
        while ops and ops[-1][0] != "equal" and ops[-1][1] >= hi_a and ops[-1][3] >= hi_b:
            ops.pop()
        while len(ops) > 2 and _lone(ops[0], ops[1]) and ops[0][2] <= lo_a and ops[0][4] <= lo_b:
            del ops[:2]
        while (
            len(ops) > 2 and _lone(ops[-1], ops[-2]) and ops[-1][1] >= hi_a and ops[-1][3] >= hi_b
        ):
            del ops[-2:]
        if ops:
            a0, b0, a1, b1 = ops[0][1], ops[0][3], ops[-1][2], ops[-1][4]
    edits: list[WordEdit] = []
    matched = exact = 0
    for tag, i0, i1, j0, j1 in (
        (t, x0 - a0, x1 - a0, y0 - b0, y1 - b0) for t, x0, x1, y0, y1 in ops
    ):
        if tag == "equal":
            for t in range(i1 - i0):
                matched += 1
                if a.variants[a0 + i0 + t] == b.variants[b0 + j0 + t]:
                    exact += 1
                else:  # same lemma, another word form
                    x, y = a0 + i0 + t, b0 + j0 + t
                    edits.append(WordEdit("form", x, x + 1, y, y + 1))
            continue
        kind = {"replace": "replace", "delete": "insert", "insert": "delete"}[tag]
        edits.append(WordEdit(kind, a0 + i0, a0 + i1, b0 + j0, b0 + j1))
    return Alignment(
        a0,
        a1,
        b0,
        b1,
        matched,
        exact,
        tuple(edits),
        max((m.longest_run for m in members), default=0),
        tuple(x for m in members for x in m.elsewhere),
    )


MIN_SHARED_SEEDS = 2
"""Distinct seed k-grams a checked document shares with a source for the pair to be aligned
though they share no anchor (:func:`sentence_candidates`)."""
SEED_DF = 2
"""…counting only k-grams held by at most this many of the sources: a short run of words many
sources hold is a set phrase, and with it 900 essays checked against 100 others took over
four times as long (each essay became a candidate of most sources)."""


def sentence_candidates(
    docs: Sequence[Prepared], sources: Sequence[Prepared], wanted: list[list[int]], options: Options
) -> list[list[int]]:
    """``wanted`` (each document's candidate sources, by index) with the sources sharing at
    least :data:`MIN_SHARED_SEEDS` distinct ``seed_k``-word k-grams with it: an obfuscated
    copy often keeps no run of ``anchor_words`` (PAN-13 development sample: 43 of 60 random and
    43 of 60 translated pairs share an anchor, 59 and 55 share two 3-grams; 3 of 59 negative
    pairs do, and are then filtered by the alignment itself); and the sources sharing
    :data:`MIN_SHARED_PAIRS` distinct pairs of consecutive canonical words with it of which it
    holds :data:`SOURCE_SHARE` of the distinct words: a short source edited into a long text
    keeps pairs of its words, not runs of three, and much of its vocabulary is there (the
    paraphrase stage's related sources are weighed by the share of the checked text's words,
    a long text's small). PAN-13 development sample: 15 random and translation pairs were
    never aligned (sharing no anchor, under two 3-grams, and under 0.1 of the checked text's
    words); 13 of them pass, holding 0.32–0.63 of the source's words (27–312 distinct, the
    checked text's 201–980) and sharing 3–8 pairs, and 2 of the 48 negative pairs that were
    not aligned (the alignment then finds nothing there): random recall 0.683 → 0.689,
    translation 0.849 → 0.865 (178 → 181 of 188 cases), the others' sentence seeds too weak;
    2 pairs or a share of 0.2 find nothing more."""
    if not docs or not sources:
        return wanted
    index = MemoryIndex(max_df=SEED_DF)
    pairs = MemoryIndex(max_df=SEED_DF)
    for n, src in enumerate(sources):
        index.add(n, src.seed_grams(options.seed_k)[1])
        pairs.add(n, src.seed_grams(PAIR_K)[1])
    out = []
    for doc, found in zip(docs, wanted, strict=True):
        more = set(index.query(doc.seed_grams(options.seed_k)[1], MIN_SHARED_SEEDS))
        held = [
            n for n in pairs.query(doc.seed_grams(PAIR_K)[1], MIN_SHARED_PAIRS) if n not in more
        ]
        if held:
            words = distinct(doc.canonical.hashes)  # np.unique's, sooner (issue 40)
            for n in held:
                mine = distinct(sources[n].canonical.hashes)
                if len(mine) and np.isin(mine, words).mean() >= SOURCE_SHARE:
                    more.add(n)
        out.append(sorted({*found, *(n for n in more if sources[n] is not doc)}))
    return out


PAIR_K = 2
MIN_SHARED_PAIRS = 3
SOURCE_SHARE = 0.3
"""Distinct ``PAIR_K``-word k-grams (each held by at most :data:`SEED_DF` sources), and the
least share of the source's distinct canonical words in the checked document, for a pair to
be aligned though it shares no anchor nor :data:`MIN_SHARED_SEEDS` seed k-grams
(:func:`sentence_candidates`)."""


JOIN_WORDS = 1
"""Most canonical words between two fragments of one kind in the checked text that
:func:`one_passage` joins whatever they are: a writer's own sentence between two copied ones
may hold as few as two (3 joined such a sentence in tests/test_engine.py's issue-12 essay)."""
SOURCE_GAP = 40
"""Most canonical words between their source ranges: a shuffled passage's pieces come from
neighbouring sentences of the source (PAN-13 sample, 20 pairs a type: random plagdet 0.495 →
0.514 from 1 to 40, translation 0.658 either way)."""
GAP_UNITS = MAX_GAP
"""Most sentences of the checked text between two fragments that :func:`one_passage` bridges."""
GAP_SHARE = 0.7
"""Least share of a sentence's distinct canonical words that the source holds between the
two fragments' source ranges for :func:`one_passage` to bridge it. Chosen on the gaps between
adjacent fragments, measured as one bag of words a gap: of 156 gaps inside one PAN-13 case
(random, translation, summary) 83 reach 0.7, of 1,311 gaps over a writer's own sentence in
bench/bench_own_text.py 1 does (0.6: 105 and 14; 0.8: 74 and 1; widening the source side by
10 words: 94 and 5). Decided per sentence as here: 53 of 160 join decisions inside a PAN
case join, none of 57 between cases; over own text 1 of 1,329, with no counted word between
(a paraphrase beside a copy), no own sentence more marked.

A paraphrase beside a copy joins it in the sentence step with :data:`OWN_SHARE` of its own
words there, as a copied unit keeps them (:meth:`Similarity.copies`); PAN-13 development
sample: random plagdet 0.557 with 0.7, 0.564 with 0.6, translation 0.677 and 0.692. The
passage grouping, the pair's last step (``grouped``, :func:`one_passage`), joins it whatever
share it keeps, shown as retold inside the copy passage (issue 17): 53 of the 92 gaps inside
one PAN-13 case left unjoined before it were such a paraphrase beside a copy."""
GAP_LEAST = 0.55
"""Least share of each sentence between two fragments, its distinct canonical words in the
source between them, when the sentences between hold :data:`GAP_SHARE` of their distinct words
together (:func:`_bridged`): a synonym-swapped copied sentence keeps over half of its words
and its copied neighbour carries it; a writer's own sentence of six words sharing three topic
words with the source (a share of 0.5) stays the writer's. Chosen on every join decision of
the PAN-13 development sample and bench/bench_own_text.py (300 essays, both engines): with
0.55, 5 more decisions inside a PAN case join and none over own text; with 0.5, 17 more and 2
over a writer's own sentence of six words beside a copied one."""
ORDER_WORDS = 15
ORDER_RATIO = 1.5
ORDER_SLACK = 2
ORDER_SHARE = 0.5
"""The source-order bridge (:func:`_drawn_between`): at most ORDER_WORDS canonical words
between two fragments in the checked text, neither gap over ORDER_RATIO times the other plus
ORDER_SLACK words, ORDER_SHARE of the sentences' distinct words in the source between.
Chosen on every join decision of the PAN-13 development sample and bench/bench_own_text.py
(300 essays), logged: 7 more decisions inside a PAN case join (random 1, translation 6), none
between two cases or over a writer's own sentence; so do the neighbours ORDER_RATIO 2,
ORDER_SLACK 4 and ORDER_WORDS 40. At a share of 0.4 (12 more) the writer's own sentence of
tests/test_sentence_align.py (two of its five words in the skipped source sentence) joined,
at 0.3 two own sentences of bench_own_text.py. Whole pipeline, PAN-13 development sample:
translation plagdet 0.714 -> 0.726 (granularity 1.292 -> 1.262), random 0.591 -> 0.594."""
# In the sentence step a paraphrase beside a copy is judged sentence by sentence at OWN_SHARE
# (issue 17). Judged as one bag at 0.5 (PAN-13 development sample: 170 join decisions inside a
# case against 147), a rewrite of many sentences beside one copied sentence became one copy
# fragment, its retold sentences no longer shown as paraphrase; the passage grouping
# (``grouped``) shows them, as "retold" edits inside the passage.


def one_passage(
    fragments: Sequence[Fragment],
    a: Canonical,
    b: Canonical,
    sim: Similarity | None = None,
    *,
    grouped: bool = False,
    text: str | None = None,
    source: str | None = None,
    clauses: np.ndarray | None = None,
    ignored: tuple[np.ndarray | None, np.ndarray | None] = (None, None),
) -> tuple[Fragment, ...]:
    """Fragments next to each other on both sides joined into one (granularity: a passage
    copied with edits is one detection, as people read it; PAN-14's extension, detections
    clustered on both sides with a gap threshold, Sanchez-Perez et al. 2014). Two fragments
    are one passage when their source ranges overlap or lie at most :data:`SOURCE_GAP` words
    apart, and in the checked text

    - they are of one kind and at most :data:`JOIN_WORDS` canonical words apart, or
    - the units (sentences) between them, at most :data:`GAP_UNITS`, are copies from the
      source between them (:func:`_bridged`): a sentence of the passage shuffled or
      synonym-swapped keeps most of its words there; a writer's own sentence sharing only
      topic words does not, and keeps the fragments apart (issue 12, decided per sentence);
      where the source between the two source ranges holds as many whole sentences as are
      written between, they are judged against those alone (:func:`_in_place`: a writer's
      own sentence written in a skipped source sentence's place; given the ``source``'s
      text, a source sentence a line break split counts once);
      given the checked ``text``, a sentence a line break split is judged whole, and a
      line piece going on from the first fragment's sentence (or into the second's) does
      not count towards the gap's share (:func:`_between_only`; issue 34: hard-wrapped at
      60 and 80 columns, a copied sentence's last line outside its fragment counted as a
      copied unit between and carried a writer's own sentence; bench/bench_own_text.py
      ``--wrap``, beside main in one session: own sentences between copied ones 28 -> 26
      of 2416 at 60 columns, 30 -> 28 at 80, unwrapped 18 unchanged; PAN-13 development
      sample random plagdet 0.808 -> 0.811, the others unchanged);
      or, given the pair's similarity ``sim``, each of them keeps :data:`GAP_SHARE` of its
      words there or is a sentence seed (tf-isf cosine :data:`SEED_COS`, Dice
      :data:`SEED_DICE`) of a source unit between the two fragments' source ranges
      (:func:`_seeded`): a sentence the obfuscation swapped past half of its words still
      weighs its rare words with its counterpart, in its place (PAN-13 development sample:
      translation plagdet 0.734 → 0.766, granularity 1.222 → 1.152, random 0.641 → 0.650;
      no more own sentence marked in bench/bench_own_text.py, whose copied sentences stand
      in the source's order, so a seed there must be the source's skipped sentence);
    - or, given ``sim``, the words between them stand in for the source's words between
      their source ranges, in order: gaps of comparable length on both sides, half of the
      words between drawn from the source between (:func:`_drawn_between`; a writer's own
      sentence has no counterpart there), for a paraphrase beside a copy too;
    - or, given ``sim``, the whole sentences between them raise the tf-isf cosine of the
      passage with its source hull by :data:`PASSAGE_RISE`, none lowering it, the cosine
      without them :data:`VALIDATION` at least (:func:`_raises`): an obfuscated sentence
      brings source words its neighbours lack, a writer's own sentence on the topic dilutes
      the passage (PAN-13 development sample: random plagdet 0.745 → 0.757, granularity
      1.147 → 1.124);
    - or, given ``sim``, one short whole sentence between them retells the source words
      skipped between their source ranges (:func:`_swapped`) or, given the checked ``text``
      too, the source words where the ranges meet that neither fragment's checked side
      holds (:func:`_garbled`), its words the source's or WordNet relatives of them: a
      sentence PAN-13's random obfuscation garbled in place;
    - and a paraphrase beside a copy keeps most of its source words, sentence by sentence
      (:data:`OWN_SHARE`: an edited copy the paraphrase stage found), unless ``grouped``;
    - or, given the checked ``text``, the words between them lie inside the two fragments'
      sentences, no whole sentence of the text between them (:func:`_inside_sentences`):
      words the obfuscation inserted or swapped inside a copied sentence; a writer's own
      sentence is a whole sentence and is never so joined;
    - or, whatever their source gap, no canonical word lies between them and their source
      hull condenses their words :data:`SUMMARY_RATIO` times (:func:`_condensed`): a
      summary's sentences retold one after another from far apart in the source.

    Only copies and paraphrases join, and a citation never with a borrowing. Two paraphrases
    are one paraphrase (its score the lower of the two). A copy and a paraphrase are one
    passage, a copy, inside which the paraphrase's span is a ``"retold"``
    :class:`~copylens.core.report.Edit` with its source span (:func:`_retold`): issue 34's
    passage grouping, one entry, one highlight with the retold sentences tinted inside, one
    detection, the retelling still shown as retold (issue 17). The paraphrase's meaning score
    is lost inside the passage (a copy's is 1.0).

    ``grouped`` is the passage grouping, the pair's last step
    (:class:`copylens.core.passages.PassageGrouping`, after the summary and names steps, so
    neither sees another grouping than before): a paraphrase beside a copy joins it by the
    same tests as two fragments of one kind, whatever share of its source words it keeps
    (PAN's retold pieces keep 40-60 %, issue 17's heavy rewrites 38-86 %: no share of words
    tells them apart; shown as retold, neither is passed off as a copy). Without it (the
    sentence step, before the summary step) a paraphrase joins a copy only when it keeps
    most of its words, as it did before the grouping: the summary step reads the fragments'
    spans and kinds, so the words it covers stay as they were.

    The joined fragment counts the canonical words from its start to its end; its edits are
    the copy parts' edits, each paraphrase part's ``"retold"`` edit and, for a copy, a
    ``"replace"`` over the words between the two parts (the source side: the characters
    between the parts' source ranges, empty where they overlap), never over a retold span.
    Only the grouping changes: the words covered (the Finding's arrays) are the caller's.
    ``clauses``: :func:`~copylens.core.canonicalize.clause_ids` of ``text`` (the pair's
    :attr:`PairSentences.clauses`), found here when not given. ``ignored``: the words each
    side ignores (``Prepared.ignored``, None for none), read by :func:`_inside_sentences`."""
    out: list[Fragment] = []
    if clauses is None and text is not None:
        clauses = clause_ids(text, a)
    for f in sorted(fragments, key=lambda f: (f.start, f.end)):
        if out and (
            _adjacent(out[-1], f, a, b, sim, grouped, text, source, clauses)
            or _inside_sentences(out[-1], f, a, b, text, grouped, ignored)
        ):
            out[-1] = _joined(out[-1], f, a)
        else:
            out.append(f)
    return tuple(out)


def _joined(g: Fragment, f: Fragment, a: Canonical) -> Fragment:
    """Fragments g and f (g first) as one (:func:`one_passage`)."""
    kind = g.kind if g.kind == f.kind else "copy"
    if kind == "paraphrase":
        edits: list[Edit] = []  # a paraphrase shows no edits
    elif g.kind == f.kind:
        edits = [*g.edits, *f.edits]
    else:
        copy, retold = (g, f) if g.kind == "copy" else (f, g)
        edits = [*copy.edits, *_retold(retold, copy, a)]
    w0, w1 = word_range(a, g.end, f.start)
    if w1 > w0 and kind == "copy":
        gap = max(f.source_start, g.source_end)  # empty where the source ranges overlap
        edits.append(Edit("replace", int(a.starts[w0]), int(a.ends[w1 - 1]), g.source_end, gap))
    end = max(g.end, f.end)
    return Fragment(
        start=g.start,
        end=end,
        source_start=min(g.source_start, f.source_start),
        source_end=max(g.source_end, f.source_end),
        words=_words_between(a, g.start, end),
        exact_words=g.exact_words + f.exact_words,
        edits=tuple(sorted(edits, key=lambda e: (e.start, e.source_start))),
        cited=g.cited,
        kind=kind,
        score=min(g.score, f.score) if kind == "paraphrase" else 1.0,  # a copy's is 1.0
    )


def _retold(p: Fragment, copy: Fragment, a: Canonical) -> list[Edit]:
    """Paraphrase ``p`` joined to ``copy`` as ``"retold"`` edits with ``p``'s source span:
    its characters exactly where the two do not overlap (the usual case); where they do, the
    parts of ``p`` outside the copy (none, one or two), cut on the copy's side at a word."""
    out = []
    for s0, s1 in ((p.start, min(p.end, copy.start)), (max(p.start, copy.end), p.end)):
        w0, w1 = word_range(a, s0, s1)
        if w1 <= w0:
            continue
        start = s0 if s0 == p.start else int(a.starts[w0])
        end = s1 if s1 == p.end else int(a.ends[w1 - 1])
        out.append(Edit("retold", start, end, p.source_start, p.source_end))
    return out


def _adjacent(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    sim: Similarity | None,
    grouped: bool,
    text: str | None = None,
    source_text: str | None = None,
    clauses: np.ndarray | None = None,
) -> bool:
    """:func:`one_passage`'s tests but :func:`_inside_sentences`. ``clauses``
    (:func:`copylens.core.canonicalize.clause_ids` of ``text``): the sentences between are
    judged clause by clause, and a clause that is only part of its sentence is no sentence
    seed (:func:`_seeded` judges the sentence's unit, the copied clause's words with it):
    the writer's own sentence after a copied "... as follows:" is not carried by the copied
    clause (issue 34)."""
    if g.cited != f.cited or {g.kind, f.kind} - {"copy", "paraphrase"}:
        return False
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    if _condensed(g, f, a, b, text, grouped):
        return True
    if hi[0] >= lo[1] and _words_between(b, lo[1], hi[0]) > SOURCE_GAP:
        return False
    between = _words_between(a, g.end, f.start)
    if (g.kind == f.kind or grouped) and between <= JOIN_WORDS:
        return True
    y0, y1 = word_range(b, lo[0], max(lo[1], hi[1]))
    source = frozenset(b.forms[y0:y1])
    hull = word_range(a, g.start, max(g.end, f.end))
    gap = _sentences_of(a, *word_range(a, g.end, f.start), hull, clauses)
    sentences = set(
        gap if clauses is None else _sentences_of(a, *word_range(a, g.end, f.start), hull)
    )
    if len(gap) > GAP_UNITS:
        return (g.kind == f.kind or grouped) and (
            _moved(g, f, a, b, text, source_text) or _garbled_run(g, f, a, b, text, source_text)
        )
    retold = []  # before the grouping: a paraphrase joined to a copy, judged on its own words
    if g.kind != f.kind and not grouped:
        for x in (g, f):
            if x.kind == "paraphrase":
                own = word_range(a, x.start, x.end)
                retold += _sentences_of(a, *own, own)
    if not all(_copied_unit(a.forms[x0:x1], source, OWN_SHARE) for x0, x1 in retold):
        return False
    whole, counted = _between_only(gap, a, text)
    bag = _in_place(b, lo[1], hi[0], len(whole), source_text) or source
    if _bridged([a.forms[x0:x1] for x0, x1 in whole], bag, [a.forms[x0:x1] for x0, x1 in counted]):
        return True
    if sim is not None and _drawn_between(g, f, a, b, gap):
        return True
    if sim is None or retold:  # a retelling beside a copy stays apart past a swapped sentence
        return False
    seeds_in = _units_between(sim.b, b, lo[1], hi[0])
    if all(
        _copied_unit(a.forms[x0:x1], bag, GAP_SHARE)
        or ((x0, x1) in sentences and _seeded(sim, x0, seeds_in))
        for x0, x1 in gap
    ):
        return True
    return (
        _raises(g, f, a, b, sim, (y0, y1), text)
        or _swapped(g, f, a, b, sim)
        or _garbled(g, f, a, b, sim, text, source_text)
        or _moved(g, f, a, b, text, source_text)
        or _garbled_run(g, f, a, b, text, source_text)
    )


def _condensed(
    g: Fragment, f: Fragment, a: Canonical, b: Canonical, text: str | None, grouped: bool
) -> bool:
    """Fragments g and f (g first, a copy or a paraphrase each, of one kind or in the
    passage grouping) are one passage of a summary however far apart their source ranges
    lie: no canonical word of the checked ``text`` lies between them and at most one
    sentence end (what lies between is white space and punctuation, never a sentence), and
    the source hull of the two has at least :data:`SUMMARY_RATIO` times the canonical words
    of their checked span (the length ratio by which the sentence step clusters a passage in
    summary mode, :func:`passages`, and the PAN-14/15 winners tell a summary, Sanchez-Perez,
    Gelbukh and Sidorov 2014/2015). A summary retells sentences from far apart in its
    source, one after another: each came out as a fragment of its own, kept apart by
    :data:`SOURCE_GAP`. Nothing more of the checked text is marked by the join (no word lies
    between); the source side spans both ranges.

    PAN-13 development sample, every two fragments with no canonical word between and their
    source ranges more than :data:`SOURCE_GAP` words apart (main's engine, logged): summary
    pairs 4 (hulls 2.58 to 6.9 times their checked canonical words), translation 4 and
    verbatim 1 (two cases written one after the other: 1.82 to 2.56 times), no random pair.
    At this ratio two summary pairs join: 01286 / 00759 (4.32; a copy and a paraphrase, one
    detection of the case instead of two: summary granularity 1.083 -> 1.062) and 01570 /
    02872 (6.9; the summary step made one summary of the two already); 01695 (2.81) and
    00668 (2.58) stay apart, and every other pair's fragments are as before."""
    if text is None or f.start < g.end or (g.kind != f.kind and not grouped):
        return False
    if _words_between(a, g.end, f.start) > 0:
        return False
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0:
        return False
    last, first = int(a.ends[g1 - 1]), int(a.starts[f0])
    if len(_SENTENCE_END.findall(text[last:first] + " ")) > 1:
        return False
    hull = _words_between(b, min(g.source_start, f.source_start), max(g.source_end, f.source_end))
    return hull >= SUMMARY_RATIO * _words_between(a, g.start, f.end)


SWAP_WORDS = 6
SWAP_SOURCE_WORDS = 10
SWAP_ELSEWHERE = 0.3
"""The swapped-sentence join (:func:`_swapped`): at most SWAP_WORDS canonical words between
the two fragments, all but the fragments' own sentences' words of one sentence; 1 to
SWAP_SOURCE_WORDS canonical words between their source ranges (the second's after the
first's); the sentence between at a tf-isf cosine under SWAP_ELSEWHERE with every source
unit outside the two fragments' source units (one unit of slack each side); every distinct
canonical word of it in the source words between or related to one of them in WordNet
(:mod:`copylens.core.wordnet`), one related at least. Measured in :func:`_swapped`."""


def _swapped(g: Fragment, f: Fragment, a: Canonical, b: Canonical, sim: Similarity) -> bool:
    """Whether the one short sentence between fragments g and f (in that order on both sides)
    is the source words skipped between their source ranges with words swapped for WordNet
    relatives (:data:`SWAP_WORDS` and the other limits there): PAN-13's random obfuscation
    leaves such garbled sentences between two pieces of one passage ("For performance
    correspond a status." for "... such concerts represent a secular form of religious
    participation"; "Writing is unlike than that brass." for "... bell section is different
    than that of the early trombone"). English only (WordNet's language).

    Structure alone is no evidence: make_retold.py's writer writes a short sentence of their
    own between retellings of consecutive source sentences, and a rule on the gap's length and
    the source ranges' continuity joined 11 in-case decisions against 64 over a writer's own
    sentence (docs/measurements.md, "Joining two fragments over one short sentence between
    them"). Asking the sentence's words of the source words between the ranges (a writer's
    sentence between retellings of consecutive source sentences has none to be drawn from),
    each of them there or a WordNet relative of one (bench/diag_gap_joins.py, every pair of
    fragments left apart over one short sentence, labelled by truth, the engine without this
    test): PAN-13 development sample, of 29 in-case decisions 11 meet the structure and 6
    join (random 4 over 3 gaps, translation 2); of the English decisions over a writer's own
    sentence in bench_own_text.py's essays (304 as they are, 110 at 60 columns, 174 at 80),
    45 / 10 / 24 meet the structure and none joins. Two thirds of the words instead of all:
    1 own decision in each wrapping ("Outbound, links from your page": link ~ hyperlink);
    WordNet's synsets alone (no generic terms) join no random decision; the source sentences
    beside the gap instead of the words between: 1 own ("Dangling, links to a page which has
    no links"). Whole pipeline beside main: PAN-13 random plagdet 0.833 -> 0.840
    (granularity 1.087 -> 1.076), the other types the same; bench_own_text.py as is, at 60
    and at 80 columns and bench_summary_honest.py every figure as main."""
    if a.language != "en" or b.language != "en" or f.source_start < g.source_end:
        return False
    w0, w1 = word_range(a, g.end, f.start)
    if not 0 < w1 - w0 <= SWAP_WORDS:
        return False
    edge = {int(a.sentences[w0 - 1])} if w0 > 0 else set()
    if w1 < len(a):
        edge.add(int(a.sentences[w1]))
    if len(set(a.sentences[w0:w1].tolist()) - edge) != 1:
        return False
    z0, z1 = word_range(b, g.source_end, f.source_start)
    if not 0 < z1 - z0 <= SWAP_SOURCE_WORDS:
        return False
    y0, y1 = word_range(b, g.source_start, f.source_end)
    t0, t1 = sim.b.of_word(min(y0, len(b) - 1)), sim.b.of_word(max(min(y1, len(b)) - 1, 0))
    for u in {sim.a.of_word(w) for w in range(w0, w1)}:
        row = np.array(sim.cos[u], dtype=float)
        row[max(t0 - 1, 0) : t1 + 2] = 0.0
        if row.size and row.max() >= SWAP_ELSEWHERE:
            return False
    mine, skipped = set(a.forms[w0:w1]), set(b.forms[z0:z1])
    if any(x.startswith(IGNORED_FORM) for x in mine - skipped):
        return False  # an ignored word, neither the source's nor a relative of one (below)
    swapped = related_forms(mine, skipped)
    return bool(swapped) and len(swapped | (mine & skipped)) == len(mine)


IGNORED_FORM = "\x01"
"""How the form of a word a document ignores begins (:func:`copylens.core.ignore.with_ignored`:
its own, unique in the run), and no word of WordNet's relation does: such a word of the
sentence :func:`_swapped` asks about, not among the source's, is no relative of one either,
so the sentence is not the source's words swapped, decided without loading the relation
(issue 40: at 1,000 essays the one pair that asked for it, 0.05 s of a pair worker's CPU;
tests/test_sentence_align.py checks that no word of the relation begins so)."""


GARBLED_WORDS = SWAP_WORDS
GARBLED_EDGE = 2
GARBLED_SOURCE_WORDS = 15
GARBLED_ELSEWHERE = 0.35
GARBLED_RELATED = 2
GARBLED_SHARE = 2 / 3
"""The garbled-sentence join (:func:`_garbled`): one whole sentence of 1 to GARBLED_WORDS
canonical words between the two fragments (by :data:`_SENTENCE_END`, so hard wrapping
changes nothing), at most GARBLED_EDGE words of the fragments' own edge sentences beside it;
the second's source range after the first's, at most GARBLED_SOURCE_WORDS canonical words
between them; the gap's tf-isf cosine with every source unit outside the two ranges' units
(one unit of slack) under GARBLED_ELSEWHERE; GARBLED_SHARE of the sentence's distinct words
in the unclaimed source words where the ranges meet, exact or WordNet relatives, and
GARBLED_RELATED of them relatives. Measured in :func:`_garbled`."""


def _garbled(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    text: str | None,
    source: str | None = None,
) -> bool:
    """Whether the one short whole sentence between fragments g and f (in that order on
    both sides) retells, words swapped for WordNet relatives, the source words where the two
    source ranges meet that neither fragment's checked side holds (:func:`_unclaimed`: the
    source words between the ranges and those of the two source sentences holding the ranges'
    facing ends, less the words of the fragments' facing edge sentences). PAN-13's random
    obfuscation garbles a sentence of a passage in place: "Is Lincoln s show in the debates
    that apparition?" for "Is Lincoln's performance in the debates an illusion?", a source
    sentence the second fragment's source range opens with and its checked side does not
    retell (the ranges meet: nothing for :func:`_swapped`, which asks the source words
    between the ranges alone); "See for change." for "Check for a hissing sound on
    acceleration." (a tf-isf cosine of 0.33 with another source sentence: over
    :data:`SWAP_ELSEWHERE`); "Countenance for excessive act, particularly at fulcrum.
    Sometimes, low-pitched" for "Look for excessive play, especially at the bottom fulcrum."
    (two words of the second's sentence beside it); "paired Paige being inquire what his
    interests were while being a Lambda s Letter." for 12 source words between the ranges
    (two of six words unmatched). A writer's own sentence between two retellings of
    consecutive source sentences (make_retold.py) finds the facing source sentences claimed
    by the retellings themselves: what is left holds few of its words and fewer relatives.
    Sentences by :data:`_SENTENCE_END`, so hard wrapping moves no bound: judged by
    ``Canonical.sentences`` (a line break ends one), a retelling's edge at 60 columns was its
    first line ("Richard"), claimed nothing of its source sentence, and a writer's "Whilst
    calculated individually, they may also overlap." joined its neighbours (calculate ~
    solve, individual ~ one; bench_own_text.py ``--wrap 60``, retold own 10 -> 11). English
    only (WordNet's language).

    Measured (bench/diag_inside_gaps.py: every decision left apart on main e99b925 with at
    most :data:`INSIDE_WORDS` words and two sentence ends between, dumped and labelled by
    truth; the rules counted offline, then ``--joins`` on the engine): of the decisions
    meeting the structure, PAN-13 development sample random in-case 10 of 12 (4 gaps),
    translation in-case 0 of 5; over a writer's own sentence (bench_own_text.py's essays
    and make_retold.py's, ~440-630 decisions meeting the structure in each of as is,
    ``--wrap 60``, ``--wrap 80``) none. In the engine: 4 joins on the PAN-13 random pairs,
    all inside a case, none in the own-text essays in any wrapping. Nearest own decisions
    left apart: one relative of three words, two thirds ("Outbound, links from your page":
    link ~ hyperlink; why two relatives), half of the words with two relatives ("object
    cannot be cast to a class which is no relative", "easily applicable, in relative terms,
    once understood"; why two thirds). Whole pipeline beside main (``bench_pan13.py
    --before main``): random plagdet 0.868 -> 0.881 (granularity 1.060 -> 1.038, 194 -> 190
    detections, recall 0.8386 -> 0.8393, precision 0.9817 -> 0.9813: PAN's precision
    averages over detections and four whole in-case ones are gone; no character outside a
    case added), translation, summary, verbatim and the 60 negatives as main;
    bench_own_text.py as is / 60 / 80 every figure and marked sentence as main's."""
    if a.language != "en" or b.language != "en" or text is None:
        return False
    if f.source_start < g.source_end or f.start < g.end:
        return False
    if _words_between(b, g.source_end, f.source_start) > GARBLED_SOURCE_WORDS:
        return False
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    y0, y1 = word_range(b, g.source_start, g.source_end)
    x0, x1 = word_range(b, f.source_start, f.source_end)
    if g1 <= g0 or f1 <= f0 or y1 <= y0 or x1 <= x0:
        return False
    ends = _ends_between(a, g1, f0, text)
    if len(ends) != 2:
        return False
    w0, w1 = word_range(a, g.end, f.start)
    s0, s1 = word_range(a, ends[0], ends[1])
    s0, s1 = max(s0, w0), min(s1, w1)
    if not 0 < s1 - s0 <= GARBLED_WORDS or (w1 - w0) - (s1 - s0) > GARBLED_EDGE:
        return False
    t0, t1 = sim.b.of_word(y0), sim.b.of_word(x1 - 1)
    for u in {sim.a.of_word(w) for w in range(w0, w1)}:
        row = np.array(sim.cos[u], dtype=float)
        row[max(t0 - 1, 0) : t1 + 2] = 0.0
        if row.size and row.max() >= GARBLED_ELSEWHERE:
            return False
    pool = _unclaimed(g, f, a, b, text, source)
    mine = set(a.forms[s0:s1])
    if len(mine - pool) < GARBLED_RELATED or not pool - mine:
        return False  # too few words left to be relatives: WordNet not read
    swapped = related_forms(mine, pool)
    kept = swapped | (mine & pool)
    return len(swapped) >= GARBLED_RELATED and len(kept) >= GARBLED_SHARE * len(mine)


MOVED_EDGE = 4
MOVED_SENTENCES = 5
MOVED_EXACT = 3
MOVED_SHARE = Fraction(2, 3)
MOVED_AFTER = 20
MOVED_REACH = 80
MOVED_WORDS = 80
"""The moved-sentence join (:func:`_moved`): at most MOVED_EDGE canonical words of the two
fragments' own edge sentences between them, and 1 to MOVED_SENTENCES whole sentences (by
:data:`_SENTENCE_END`); each sentence's best source sentence (by the share of its distinct
words there, exact or WordNet relatives, then by exact words) among those of the source from
MOVED_REACH canonical words before the two source ranges' hull to MOVED_REACH after it is a
counterpart: MOVED_SHARE of the sentence's distinct words, MOVED_EXACT of them exact, one
exact word at least that neither fragment's checked side holds, and the source sentence
inside one of the two source ranges or starting at most MOVED_AFTER canonical words after
their hull. At most MOVED_WORDS canonical words between the two (the decisions measured; the
in-place run join too). Measured in :func:`_moved`."""


def _moved(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    text: str | None,
    source: str | None,
) -> bool:
    """Whether each whole sentence between fragments g and f (g first in the checked text;
    either first in the source) is a sentence of the passage moved out of its place: its
    best counterpart among the source's sentences around the two source ranges
    (:data:`MOVED_REACH`) holds two thirds of its distinct words, exact or WordNet relatives,
    three of them exact, one of those a word neither fragment's checked side holds, and lies
    inside one of the two source ranges (a sentence the fragment's checked side does not
    retell there: shuffled away) or just after their hull (:data:`MOVED_AFTER`: the passage's
    next sentence moved up). PAN-13's random obfuscation shuffles a passage's sentences:
    "Cyclical proposal foretell the contact from public warming on Brazil's diverseness,
    agriculture." between two copies whose source ranges meet, for the source sentence just
    after the second's ("New climate change models predict a heavy impact from global
    warming on Brazil's biodiversity, agriculture and health."); four garbled sentences of
    the first copy's source range ("Volvo Topology TWR, a company, Volvo make alcove, ...")
    between it and a copy of a sentence from its middle; two sentences continuing the first
    copy's source ("... the inviolate masters of both Congress and the lawcourt-not to
    overthrow this Establishment ...") before a copy from the top of the source.

    A writer's own sentence on the topic can hold as many of a source sentence's words
    (bench_own_text.py's English own sentences are Clough-Stevenson answers written after
    reading the source: "PageRank is the most important algorithms which is used in the
    Google engine" holds six of six words of the source's first sentence). What keeps them
    apart is where that sentence is: the writer copies runs in the source's order and
    writes between them about what they read, so their sentence's best counterpart lies
    before the copies' source or in the source skipped between them (where a swapped copy
    and a writer's own sentence written in a skipped sentence's place are alike, issue 12's
    ``inplace`` essays: left to :func:`_in_place`, :func:`_swapped`, :func:`_garbled`); and
    one restating a copied sentence finds all its exact words in the fragments already.
    English only (WordNet's language).

    Measured (bench/diag_moved.py: every two neighbouring copy/paraphrase fragments left
    apart on main 920216b with at most 80 canonical words between them and their source
    ranges within :data:`SOURCE_GAP` words, dumped and labelled by truth; the rule counted
    offline): joins 6 PAN-13 random in-case decisions (3 gaps: 00559 / 01832, 01457 /
    01384, 01524 / 01769), no PAN decision outside a case, no translation decision, and
    none of the ~3,450 decisions over a writer's own sentence in each of as is, ``--wrap
    60``, ``--wrap 80``; in the engine (``--joins``) 3 joins, each inside a case, none in the
    own-text essays in any wrapping. Margins, one threshold at a time: two exact words instead of
    three join 6 own decisions in each wrapping ("sub-divided into more groups", "object cannot be
    cast to a class which is no relative", "one has witnessed enough examples, it looks like
    magic"); no exact word outside the fragments asked, 2 to 4 ("Bayes' Theorem is a theorem of
    probability theory", "PageRank is the most important algorithms ..."); the sentence just before
    the hull allowed, 2 (one PAN gap more: "Edition, and became the team."); 40 words after the
    hull, 1 ("Inbound, links from other pages"); the share at 0.6 instead of two thirds, or edges of
    8 words, none more. Whole pipeline with :func:`_garbled_run` beside main 920216b
    (``bench_pan13.py --before main``): random plagdet 0.881 -> 0.896 (granularity 1.038 -> 1.016,
    190 -> 186 detections, recall 0.8393 -> 0.8420, precision 0.9813 -> 0.9809: PAN's precision
    averages over detections; every gap joined lies inside its case), translation, summary, verbatim
    and the 60 negatives as main; bench_own_text.py as is / 60 / 80 and bench_summary_honest.py
    every figure as main's."""
    if a.language != "en" or b.language != "en" or text is None or source is None:
        return False
    if f.start < g.end:
        return False
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    y0, y1 = word_range(b, g.source_start, g.source_end)
    x0, x1 = word_range(b, f.source_start, f.source_end)
    if g1 <= g0 or f1 <= f0 or y1 <= y0 or x1 <= x0:
        return False
    whole = _whole_between(g, f, a, text)
    if whole is None or not 0 < len(whole) <= MOVED_SENTENCES:
        return False
    gap = [set(a.forms[s0:s1]) for s0, s1 in whole]
    if any(len(x) < MOVED_EXACT for x in gap):
        return False
    lo, hi = min(y0, x0), max(y1, x1)
    r0 = _text_sentence(source, b, max(lo - MOVED_REACH, 0))[0]
    r1 = _text_sentence(source, b, min(hi + MOVED_REACH, len(b)) - 1)[1]
    sentences = _source_sentences(b, source, r0, r1)
    held = set(a.forms[g0:g1]) | set(a.forms[f0:f1])

    def placed(s0: int, s1: int) -> bool:
        inside = (s0 < y1 and s1 > y0) or (s0 < x1 and s1 > x0)
        return inside or hi <= s0 <= hi + MOVED_AFTER

    for mine in gap:  # a placed sentence of three exact words, one not held, first (cheap)
        if not any(
            placed(s0, s1)
            and len(both := mine.intersection(b.forms[s0:s1])) >= MOVED_EXACT
            and both - held
            for s0, s1 in sentences
        ):
            return False
    for mine in gap:
        scored = []
        for s0, s1 in sentences:
            theirs = set(b.forms[s0:s1])
            exact = mine & theirs
            kept = len(exact) + len(related_forms(mine, theirs))
            scored.append((kept, len(exact), s0, s1, exact))
        if not scored:
            return False
        top = max((kept, n) for kept, n, *_ in scored)
        if top[0] < MOVED_SHARE * len(mine) or top[1] < MOVED_EXACT:
            return False
        if not any(
            (kept, n) == top and placed(s0, s1) and exact - held
            for kept, n, s0, s1, exact in scored
        ):
            return False
    return True


def _ends_between(a: Canonical, g1: int, f0: int, text: str) -> list[int]:
    """The character offsets just past each sentence end (:data:`_SENTENCE_END`) from the end
    of canonical word ``g1 - 1`` to the start of word ``f0``; the text before word ``f0`` ends
    one as a space would (a sentence end right before the word counts)."""
    last, first = int(a.ends[g1 - 1]), int(a.starts[f0])
    return [m.end() + last for m in _SENTENCE_END.finditer(text[last:first] + " ")]


def _whole_between(
    g: Fragment, f: Fragment, a: Canonical, text: str
) -> list[tuple[int, int]] | None:
    """The canonical words [s0, s1) of each whole sentence (by :data:`_SENTENCE_END`, so hard
    wrapping moves no bound) of ``text`` between fragments g and f (g first), none empty;
    None where more than :data:`MOVED_WORDS` canonical words lie between them (the decisions
    measured), or more than :data:`MOVED_EDGE` words of the fragments' own edge sentences (the
    words before the first sentence end and after the last)."""
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0 or f.start < g.end or f0 - g1 > MOVED_WORDS:
        return None
    ends = _ends_between(a, g1, f0, text)
    w0, w1 = word_range(a, g.end, f.start)
    if len(ends) < 2:
        return None if w1 - w0 > MOVED_EDGE else []
    cuts = [max(min(word_range(a, e, e)[0], w1), w0) for e in ends]
    if (cuts[0] - w0) + (w1 - cuts[-1]) > MOVED_EDGE:
        return None
    return [(s0, s1) for s0, s1 in pairwise(cuts) if s1 > s0]


def _source_sentences(b: Canonical, source: str, r0: int, r1: int) -> list[tuple[int, int]]:
    """The sentences (by :data:`_SENTENCE_END`) of ``source`` in its canonical words [r0, r1),
    each as its words [s0, s1), none empty (the first and last cut at r0 and r1)."""
    if r1 <= r0:
        return []
    at, to = int(b.starts[r0]), int(b.ends[r1 - 1])
    found = _SENTENCE_END.finditer(source[at:to])
    bounds = [r0, *(word_range(b, m.end() + at, m.end() + at)[0] for m in found), r1]
    return [(s0, s1) for s0, s1 in pairwise(bounds) if s1 > s0]


RUN_SENTENCES = 2
RUN_EACH = Fraction(1, 2)
RUN_SHARE = Fraction(3, 4)
"""The in-place run join (:func:`_garbled_run`): at least RUN_SENTENCES (and at most
:data:`MOVED_SENTENCES`) whole sentences between the two fragments, as many as the source holds
whole between their source ranges; each with RUN_EACH of its distinct words in its source
sentence (in order), exact or WordNet relatives, one exact at least, and all of them together
RUN_SHARE. Measured in :func:`_garbled_run`."""


def _garbled_run(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    text: str | None,
    source: str | None,
) -> bool:
    """Whether the whole sentences between fragments g and f (g first on both sides), two or
    more, retell in order the as many whole sentences the source holds between their source
    ranges, words swapped for WordNet relatives (:data:`RUN_EACH`, :data:`RUN_SHARE`): PAN-13's
    random obfuscation garbles a run of a passage's sentences in place ("Your blow how rapidly
    this process from here. You supply on word will provide the MatchMaker. This vigilante
    will review your expectations and concerns in more in-depth. Ready speech, MatchMaker will
    be in your metric." for the four source sentences between two retellings; a sentence with
    half of its words, "Ready speech, MatchMaker will be in your metric." for "Following that
    conversation, the MatchMaker will be in a great position ...", is carried by its run). A
    writer's own sentences written in skipped sentences' places (issue 12's ``inplace``
    essays) each hold few words of the one in their place. English only (WordNet's language).

    Measured (bench/diag_moved.py's dumps, the rule counted offline on every decision with as
    many whole sentences between, two to five, as the source holds between the ranges): PAN-13
    development sample random in-case 2 decisions (one final gap, 00737 / 01890), translation
    in-case 1, nothing outside a case; of the decisions over a writer's own sentences (63-65 in
    each of as is, ``--wrap 60``, ``--wrap 80``, every one of two sentences but one of three)
    none. Nearest: each sentence's share at most 0.4 with no exact word ("... such an algorithm
    is likely ...", "word Programming in the name has nothing to do with ..."); a third of the
    words each and half of them together, no exact word asked, join one own decision in each
    wrapping; a quarter each, half together, one exact word each, none. In the engine
    (bench/diag_moved.py ``--joins``): 2 joins, 00737 / 01890 (random) and 00357 / 02639
    (translation, a join the sentence step makes that the final fragments had anyway), both
    inside a case; none in the own-text essays in any wrapping."""
    if a.language != "en" or b.language != "en" or text is None or source is None:
        return False
    if f.source_start < g.source_end:
        return False
    whole = _whole_between(g, f, a, text)
    if whole is None or not RUN_SENTENCES <= len(whole) <= MOVED_SENTENCES:
        return False
    y1 = word_range(b, g.source_start, g.source_end)[1]
    x0 = word_range(b, f.source_start, f.source_end)[0]
    if x0 - y1 < len(whole):
        return False
    r0 = _text_sentence(source, b, y1)[0] if y1 < len(b) else y1
    r1 = _text_sentence(source, b, x0 - 1)[1]
    skipped = [(s0, s1) for s0, s1 in _source_sentences(b, source, r0, r1) if y1 <= s0 and s1 <= x0]
    if len(skipped) != len(whole):
        return False
    kept = total = 0
    for (s0, s1), (z0, z1) in zip(whole, skipped, strict=True):
        mine, theirs = set(a.forms[s0:s1]), set(b.forms[z0:z1])
        exact = len(mine & theirs)
        held = exact + len(related_forms(mine, theirs))
        if not exact or held < RUN_EACH * len(mine):
            return False
        kept, total = kept + held, total + len(mine)
    return kept >= RUN_SHARE * total


def _unclaimed(
    g: Fragment, f: Fragment, a: Canonical, b: Canonical, text: str, source: str | None
) -> set[str]:
    """The source words where the source ranges of fragments g and f (g first on both sides,
    apart or meeting) meet that neither fragment's checked side holds (:func:`_garbled`): the
    source sentence holding g's last source word less (as a multiset) g's words in its own
    last checked sentence, the one holding f's first source word less f's words in its first
    checked sentence (one sentence less both, where the two are one), and every source word
    between the two sentences. Sentences by :data:`_SENTENCE_END` in ``text`` and ``source``
    (:func:`_text_sentence`: a line break inside a sentence does not end it)."""
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    y1 = word_range(b, g.source_start, g.source_end)[1]
    x0 = word_range(b, f.source_start, f.source_end)[0]
    mine_g = Counter(a.forms[max(_text_sentence(text, a, g1 - 1)[0], g0) : g1])
    mine_f = Counter(a.forms[f0 : min(_text_sentence(text, a, f0)[1], f1)])
    (l0, l1), (h0, h1) = _text_sentence(source, b, y1 - 1), _text_sentence(source, b, x0)
    if h0 < l1:  # one source sentence: both fragments' edges claim from it
        left = Counter(b.forms[l0:h1])
        left.subtract(mine_g + mine_f)
    else:
        left = Counter(b.forms[l0:l1])
        left.subtract(mine_g)
        right = Counter(b.forms[h0:h1])
        right.subtract(mine_f)
        left = +left + +right + Counter(b.forms[l1:h0])
    return {x for x, n in left.items() if n > 0}


def _text_sentence(text: str | None, c: Canonical, w: int) -> tuple[int, int]:
    """The canonical words [w0, w1) of the sentence of ``text`` holding ``c``'s word ``w``:
    between the :data:`_SENTENCE_END` before it and the one after it (within
    :data:`SENTENCE_REACH` characters), so that hard wrapping moves no bound;
    ``c.sentences``' where ``text`` is not given."""
    if text is None:
        ids = c.sentences
        return (
            int(np.searchsorted(ids, ids[w], side="left")),
            int(np.searchsorted(ids, ids[w], side="right")),
        )
    at, to = int(c.starts[w]), int(c.ends[w])
    reach = max(0, at - SENTENCE_REACH)
    before = [m.end() for m in _SENTENCE_END.finditer(text, reach, at)]
    after = _SENTENCE_END.search(text, to, to + SENTENCE_REACH)
    start = before[-1] if before else reach
    end = after.start() + 1 if after else min(len(text), to + SENTENCE_REACH)
    return word_range(c, start, end)


PASSAGE_RISE = 0.015
"""Least rise of a passage's tf-isf cosine with its source that the sentences between two
fragments bring for :func:`one_passage` to join the two (:func:`_raises`). Measured on every
join decision the tests before it refused, logged (PAN-13 development sample; bench/
bench_own_text.py, 370 essays): with the sentences between added, the cosine of the two
fragments' sentences with their source hull rose in 39 of the 65 refused gaps of whole
sentences inside a random or translation case (by 0.017 to 0.17 in 30 of them), in 2 of the
1,630 over a writer's own sentence (by 0.005 and 0.010) and in 2 of the 43 between two
cases (0.004, 0.006). Whole pipeline, PAN-13 development sample against the same engine
without the test: random plagdet 0.745 → 0.757 (granularity 1.147 → 1.124), translation
0.893 → 0.901; at 0.01 the same; own sentences marked in bench_own_text.py unchanged. With
the whole gap judged as one bag (no test per sentence) random reached 0.766 (granularity
1.102), translation 0.905, but one writer's own sentence between a swapped copy and a copy
would then be carried by its neighbour: not kept.

Only a validated passage is raised: the two fragments' cosine with their source hull must
reach :data:`VALIDATION` first. Two synonym-swapped retellings keep few of their source's
words (a cosine of 0.04-0.24), and any sentence sharing a topic word with the hull raised
that; logged, every join this test made: in bench_own_text.py's retold essays 10 joins, all
over a writer's own sentences (13 sentences marked, base cosines 0.04-0.37, all but one under
0.25); in the PAN-13 development sample 12 joins, all inside a case, base 0.34-0.88. Whole
pipeline beside the engine before, in one run: PAN-13 unchanged (random 0.785, translation
0.910), retold essays' own sentences marked 37 -> 23 of 1,998."""


def _opens_after(text: str, c: Canonical, units: Units, u: int, end: int) -> bool:
    """Unit ``u`` holds, after a fragment's last word (``end``: the first word past it, inside
    the unit), the beginning of another sentence that a line break carries on into the next
    unit (:func:`_goes_on`): a hard-wrapped writer's own sentence whose first line piece
    was too short to be a unit of its own (:data:`MIN_UNIT`) and went into the copied
    sentence's last line's unit."""
    w1 = int(units.bounds[u + 1])
    if end >= w1 or w1 >= len(c) or c.sentences[end - 1] == c.sentences[w1 - 1]:
        return False
    return bool(re.search(FINAL_STOP, text[int(c.ends[end - 1]) : int(c.starts[w1 - 1])])) and (
        _goes_on(text, c, w1)
    )


def _goes_on_into(text: str, c: Canonical, units: Units, u: int, start: int) -> bool:
    """Unit ``u`` holds, before a fragment's first word ``start`` (inside the unit), the end
    of a sentence begun in the unit before it (:func:`_goes_on` at the unit's first word):
    the last line piece of a writer's own sentence, short, gone into the copied sentence's
    unit after it."""
    w0 = int(units.bounds[u])
    if start <= w0 or w0 == 0 or c.sentences[w0] == c.sentences[start]:
        return False
    return bool(re.search(FINAL_STOP, text[int(c.ends[w0]) : int(c.starts[start])])) and (
        _goes_on(text, c, w0)
    )


def _raises(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    source: tuple[int, int],
    text: str | None = None,
) -> bool:
    """The whole units of the checked text between fragments g and f (g first) raise the
    passage's tf-isf cosine with the source by :data:`PASSAGE_RISE` at least: the cosine of
    g's and f's units summed with the source units of ``source`` (canonical words [y0, y1),
    the two fragments' source hull) summed, with the units between added and without, and
    no sentence between lowers it on its own (its lines summed where a line break split it
    and ``text`` is given, :func:`_whole_lines`), and the cosine without them reaches
    :data:`VALIDATION` (a passage under it is no validated passage, :data:`PASSAGE_RISE`)
    (decided per sentence: a writer's own sentence
    shares topic words with the copied ones as much as with the source, so it dilutes the
    passage; an obfuscated sentence keeps words of the source the copied ones lack). The
    PAN-14 winners validate a passage by the similarity of its two sides (Sanchez-Perez,
    Gelbukh and Sidorov 2014); here that similarity judges what lies between two fragments.
    Fragments with no whole unit between are not judged here (:func:`_inside_sentences`).

    Given ``text``, a unit between that holds a wrapped sentence's last line and the next
    sentence's beginning (:func:`_is_tailed`) joins nothing: its words are two sentences',
    and a writer's own sentence split over it and a fragment's unit was joined over
    (bench/bench_own_text.py, beside the engine without the test in one run: own sentences
    between copied ones 21 -> 19 of 2,416 at 60 columns, 23 at 80 and 18 unwrapped the same;
    PAN-13 development sample every figure the same. Tested on the fragments' edge units
    too, g's last and f's first: random granularity 1.094 -> 1.099, plagdet 0.813 -> 0.810,
    not kept)."""
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0:
        return False
    last, first = sim.a.of_word(g1 - 1), sim.a.of_word(f0)
    if text is not None and (
        _opens_after(text, a, sim.a, last, g1) or _goes_on_into(text, a, sim.a, first, f0)
    ):
        return False  # a sentence between is partly in an edge unit: not judged whole
    if first - last < 2:  # no whole unit between
        return False
    y0, y1 = source
    if y1 <= y0:
        return False
    va = sim.vectors_a  # slices summed, never copied (a joined passage may span a document)
    x = va[sim.a.of_word(g0) : last + 1].sum(axis=0) + va[first : sim.a.of_word(f1 - 1) + 1].sum(
        axis=0
    )
    yb = sim.vectors_b[sim.b.of_word(y0) : sim.b.of_word(y1 - 1) + 1].sum(axis=0)
    base = _cosine(x, yb)
    if base < VALIDATION:
        return False  # no validated passage: any sentence on the topic raises it
    if text is not None and any(_is_tailed(text, a, sim.a, u) for u in range(last + 1, first)):
        return False
    between = va[last + 1 : first]
    lines = [(int(sim.a.bounds[u]), int(sim.a.bounds[u + 1])) for u in range(last + 1, first)]
    if not all(
        _cosine(x + va[sim.a.of_word(x0) : sim.a.of_word(x1 - 1) + 1].sum(axis=0), yb) >= base
        for x0, x1 in _whole_lines(lines, a, text)
    ):
        return False
    return _cosine(x + between.sum(axis=0), yb) >= base + PASSAGE_RISE


EDGE_RISE = 0.03
EDGE_EXACT = 0.9
"""A fragment of edited words (fewer than EDGE_EXACT of its canonical words exact) is continued by
the whole unit (sentence) after or before it that raises the tf-isf cosine of its units with
its source range by EDGE_RISE (:func:`extended_edges`), up to :data:`EDGE_UNITS` units a side.
Measured on the units beside every fragment no fragment covers (PAN-13 development sample;
bench/bench_own_text.py's 370 essays, 3,928 own sentences beside a fragment): at a rise of
0.03, 14 of 124 such units inside random cases and 8 of 50 inside translation cases, 2 of 808
outside every case, no own sentence (at 0.02: 17, 10, 3 and one own sentence). Whole pipeline,
PAN-13 development sample: random plagdet 0.757 → 0.762, translation 0.901 → 0.904; without the
exact share's guard verbatim precision fell 0.954 → 0.947 (a verbatim copy ends where its words
do). The rise counts only for a validated fragment (:func:`_raised`: its cosine
:data:`VALIDATION`, as :func:`_raises` asks): logged, the sentences the rise added in
bench_own_text.py's essays with the fragment's cosine under it were 4, 3 of them a writer's own
(cosines 0.12-0.26), in the PAN-13 development sample 2 (one inside a summary case, one outside
every case)."""
EDGE_UNITS = 2 * MAX_GAP
"""Most whole units :func:`extended_edges` continues a fragment by on each side, each taken
only by its own test (it retells the source unit past the range, seeds one in or beside it,
or raises the passage's cosine): a cap, not a gap. PAN-13 development sample, beside
:data:`MAX_GAP` (4) in one run: random plagdet 0.8124 -> 0.8158 (recall 0.7815 -> 0.7823,
granularity 1.0939 -> 1.0884: suspicious-document00042's retold passage grew back over
eight units, and the passage grouping joined it to the copy before it), the other types the
same, and the same at 16 and without a cap; bench/bench_own_text.py as it is and ``--wrap
60`` every figure the same. Extending again after the re-join instead (up to three rounds)
gave the same PAN-13 figures but one more own sentence between retold ones at 60 columns
(11 -> 12 of 1,976): a join moves the fragment's edge next to sentences the first pass never
judged."""


def extended_edges(
    fragments: Sequence[Fragment],
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    sentences: WholeSentences | None = None,
    text: str | None = None,
    named: Callable[[Fragment], bool] | None = None,
) -> tuple[Fragment, ...]:
    """``fragments`` with each copy or paraphrase of edited words (not a citation, fewer
    than :data:`EDGE_EXACT` of its words exact) continued over the whole units of the
    checked text beside it, one by one outwards, up to :data:`EDGE_UNITS` a side, while no
    other fragment holds a character of it and either it retells the source unit just past
    the fragment's source range (:func:`_retells`: the source range then grows over that
    unit too, both sides extended together as the PAN-14 winners' extension does, Sanchez-
    Perez, Gelbukh and Sidorov 2014), or it is a strong seed of a source unit in or beside
    that range (:func:`_seeds_near`, in any order: PAN-13 development sample, random recall
    0.743 -> 0.752, nothing more marked in bench/bench_own_text.py), or it singles out one
    source unit near the range's edge far above the others (:func:`_singles_out`), or it
    raises the tf-isf cosine of the fragment's units summed with its source range's units
    summed by :data:`EDGE_RISE`, that cosine :data:`VALIDATION` at least (:func:`_raised`),
    or, up to :data:`BRIDGE_UNITS` units none of these takes, the unit past them retells a
    source unit the fragment does not hold yet, in the copy's order (:func:`_bridge`).
    An edge sentence of an obfuscated copy brings words of the copy's source its neighbours
    lack; a writer's own
    sentence beside a copy shares topic words with it as much as with the source and
    dilutes it, and retells no source sentence (the passage validation of the same authors,
    put to the sentence beside the passage). A copy shows each added stretch as a
    ``"replace"`` edit: of the source units it retells (their first counted word to their
    last), or with an empty source span at its source edge when it only raised the cosine
    (which source words it retells is not known); a paraphrase shows none. Must hold: the
    words covered (the caller's) and every other fragment stay as they are; a fragment only
    grows, by whole units on both sides, no source unit it takes held by another fragment,
    and its ``words`` count the canonical words from its start to its end. Then its source
    range is widened over the whole source sentences its sentences seed at its ends
    (:func:`_whole_source`), and, given the checked ``text``, its checked side over the
    rest of the sentences it begins and ends in (:func:`_sentence_edges`; never a fragment
    ``named`` says the names step drops: widened over "Systems Biology at", a copied
    laboratory's name was kept, PAN-13 verbatim precision 0.961 -> 0.954). PAN-13
    development sample beside main in one run: random plagdet 0.8217 -> 0.8240 (recall
    0.7917 -> 0.7960, precision 0.9720 -> 0.9718, granularity 1.0879 both), translation
    0.9212 -> 0.9232, summary 0.6432 -> 0.6435, verbatim 0.9791 both, no fragment on the 60
    negative pairs; bench/bench_own_text.py as it is and at 60 and 80 columns every own
    figure as main (11 / 15 / 17 of 2,416 between copied ones, 1 / 1 / 0 at the edges, 0 /
    1 / 1 clean essays, retold essays' own the same); bench/bench_summary_honest.py: no
    fragment on the independent texts, the one Clough–Stevenson honest answer with a
    fragment still one, 119 characters against 118 (its final stop) in every variant.

    Given the pair's whole sentences (``sentences``, :func:`whole_sentences`), a fragment is
    never grown over a unit holding a wrapped sentence's last line and the next sentence's
    beginning (:attr:`WholeSentences.tailed`): its words are two sentences', and a writer's
    own sentence after a copied one whose last word fell alone on a line was taken with it
    (bench/bench_own_text.py, beside the engine without it in one run: own sentences between
    copied ones 26 -> 24 of 2,416 at 80 columns, 23 -> 22 at 60, unwrapped the same; PAN-13
    development sample: random precision 0.976 -> 0.977, recall 0.779 -> 0.778, one case's
    edge unit holding its last words and 105 characters past it no longer taken; plagdet
    0.813 both, every other type the same)."""
    out = list(fragments)
    for n, f in enumerate(out):
        if f.kind not in ("copy", "paraphrase") or f.cited:
            continue
        others = [x for k, x in enumerate(out) if k != n]
        edited = f.kind == "paraphrase" or f.exact_words < EDGE_EXACT * f.words
        if edited:
            grown = _grown(f, others, a, b, sim, sentences.tailed.keys() if sentences else ())
            if grown is not None:
                out[n] = grown
        out[n] = _whole_source(out[n], others, a, b, sim)
        if edited and text is not None and not (named is not None and named(f)):
            out[n] = _sentence_edges(out[n], others, a, text, sim.a)
    return tuple(out)


SENTENCE_EDGE_WORDS = 4
"""Most canonical words of its edge sentence that :func:`_sentence_edges` adds to a
fragment on one side (measured there)."""


def _sentence_edges(
    f: Fragment, others: Sequence[Fragment], a: Canonical, text: str, units: Units | None = None
) -> Fragment:
    """``f`` (an edited copy or a paraphrase) with its checked side widened to the whole
    sentences it begins and ends in (:func:`_sentence_of`): back to the first character of
    the sentence its first word is in, when canonical words of it lie before the fragment
    (stop words alone are not taken), and on to the last word of the sentence its last word
    is in and its final stop (closing quotes or brackets with it), when the fragment holds
    :data:`SENTENCE_EDGE_HELD` times as many canonical words of that sentence as lie outside
    the fragment (on both sides, for a fragment inside one sentence), the widening adds at
    most :data:`SENTENCE_EDGE_WORDS` words a side, all on the lines of the fragment's edge
    words (``units``, the text's units: never back over a line before the fragment's first
    word's, nor on past its last word's), the sentence's start (end) a stop, a colon or a
    blank line (not a line break before a capital: "American\nMathematician, Richard
    Bellman" is one sentence), and no other fragment holds a character of it. A
    copy shows the words added as a ``"replace"`` edit with an empty source span at its
    source edge (which source words they retell is not known); the source side stays as it
    is (:func:`_whole_source`'s :func:`_sentence_rest` widened it already over the rest of
    the source sentence); the words covered stay the caller's.

    Random obfuscation swaps a copied sentence's edge words for synonyms, drops them or
    moves them, and a fragment begins and ends on words the source holds: the rest of its
    edge sentences and the final stop after its last word are lost though the sentence is
    copied whole (PAN-13's cases are whole sentences; bench/diag_extent.py: on the
    development sample's random cases 1.16 points of recall in the fragments' edge units,
    0.30 after the last word). A writer's own sentence beside a copy is a whole sentence:
    a fragment whose edge ran into it by a few topic words holds fewer of its words than
    the rest. Measured on bench/bench_own_text.py's essays (bench/diag_own_diff.py), with
    the fragment holding as many words as lie outside it (not twice as many): three own
    sentences of hard-wrapped essays were newly marked, each a fragment beginning at a
    line's start inside it and holding 3 or 4 of its words against 3 outside ("times the
    term occurs in a document" widened over "This formula counts how many"), and four own
    sentences after a colon ("...: В качестве элементов ..."; :data:`_EDGE_END` stops at
    any colon); widening over a line before the fragment's took the first (:func:`_grown`
    judges whole lines). bench/bench_summary_honest.py: the one Clough–Stevenson honest
    answer with a fragment, a real copy of 118 characters ("Richard Bellman, who described
    the way of solving problems ..."), was widened back over the student's own "Dynamic
    programming was the brainchild of an American Mathematician," (five words outside, ten
    held) at up to 8 words a side; at :data:`SENTENCE_EDGE_WORDS` 4 it is not, and the PAN-13
    development sample's random cases lose as much in their edge units (bench/diag_extent.py:
    0.86 points of recall at 4, 0.88 at 8, 0.93 at 3, 1.16 without the widening)."""
    g0, g1 = word_range(a, f.start, f.end)
    if g1 <= g0:
        return f
    start, end = f.start, f.end
    added: list[tuple[int, int]] = []
    fh, lh = _sentence_of(a, text, g0)
    ft, lt = _sentence_of(a, text, g1 - 1)
    if lh is not None and lh >= g1 - 1:  # one sentence holds the whole fragment
        lt = lh if lt is None else lt
        ft = fh
    held_h = (g1 if lh is None else min(lh + 1, g1)) - g0
    held_t = g1 - (g0 if ft is None else max(ft, g0))
    out_h = None if fh is None else g0 - fh
    out_t = None if lt is None else lt - (g1 - 1)
    if (fh, lh) == (ft, lt) and out_h is not None and out_t is not None:
        held_h = held_t = g1 - g0
        out_h = out_t = out_h + out_t  # both sides' rest against the words held
    if fh is not None and fh > 0 and not _EDGE_END.search(text, a.ends[fh - 1], a.starts[fh]):
        fh = None  # a line opening in a capital, not a sentence's start after a stop
    if (
        lt is not None
        and lt + 1 < len(a)
        and not _EDGE_END.search(text, a.ends[lt], a.starts[lt + 1])
    ):
        lt = None  # no stop after it: the sentence may go on past a line break
    if units is not None:  # never past the edge words' lines (module note)
        line = units.of_word(g0)
        fh = fh if fh is None or fh >= int(units.bounds[line]) else None
        line = units.of_word(g1 - 1)
        lt = lt if lt is None or lt < int(units.bounds[line + 1]) else None
    if fh is not None and out_h is not None and 0 < g0 - fh <= SENTENCE_EDGE_WORDS:  # noqa: SIM102
        if SENTENCE_EDGE_HELD * out_h <= held_h:
            floor = int(a.ends[fh - 1]) if fh > 0 else 0
            head = int(a.starts[fh])
            cut = max(
                (m.end() for m in _EDGE_END.finditer(text, floor, head)),
                default=floor if fh > 0 else 0,
            )
            cut = max(cut, text.rfind("\n", floor, head) + 1)
            while cut < head and not (text[cut].isalnum() or text[cut] in _OPENERS):
                cut += 1
            if cut < start and not any(o.start < start and cut < o.end for o in others):
                added.append((head, int(a.ends[g0 - 1])))
                start = cut
    if lt is not None and out_t is not None and lt - (g1 - 1) <= SENTENCE_EDGE_WORDS:  # noqa: SIM102
        if SENTENCE_EDGE_HELD * out_t <= held_t:
            tail = int(a.ends[lt])
            ceiling = int(a.starts[lt + 1]) if lt + 1 < len(a) else len(text)
            stop = _STOP_AT.search(text, tail, ceiling)
            cut = tail if stop is None else stop.end() - text[stop.end() - 1].isspace()
            if cut > end and not any(end < o.end and o.start < cut for o in others):
                if lt >= g1:
                    added.append((int(a.starts[g1]), tail))
                end = cut
    if (start, end) == (f.start, f.end):
        return f
    edits = list(f.edits)
    if f.kind == "copy":
        for x0, x1 in added:
            at = f.source_start if x1 <= f.start else f.source_end
            edits.append(Edit("replace", x0, x1, at, at))
    return replace(
        f,
        start=start,
        end=end,
        words=_words_between(a, start, end),
        edits=tuple(sorted(edits, key=lambda e: (e.start, e.source_start))),
    )


def _sentence_of(a: Canonical, text: str, w: int) -> tuple[int | None, int | None]:
    """The first and last canonical word of the sentence holding word ``w`` of ``a`` (the
    words of ``text``): the canonical words' sentence with the pieces a line break inside a
    sentence split pooled (:func:`_sentence_ids`), cut at a colon or a blank line
    (:data:`_EDGE_END`); either None where the sentence goes on past
    :data:`SENTENCE_EDGE_WORDS` words from ``w`` on that side."""
    reach = SENTENCE_EDGE_WORDS + 1
    lo, hi = max(w - reach, 0), min(w + reach + 1, len(a))
    ids = _sentence_ids(text, a, lo, hi)
    mine = ids[w - lo]
    first = lo + int(np.searchsorted(ids, mine, side="left"))
    last = lo + int(np.searchsorted(ids, mine, side="right")) - 1
    if first < w and (ends := list(_EDGE_END.finditer(text, a.ends[first], a.starts[w]))):
        first = int(np.searchsorted(a.starts, ends[-1].end()))  # after a colon
    if last > w and (stop := _EDGE_END.search(text, a.ends[w], a.starts[last])):
        last = int(np.searchsorted(a.starts, stop.start())) - 1  # to a colon
    return (
        None if first == lo and lo > 0 else first,
        None if last == hi - 1 and hi < len(a) else last,
    )


def _whole_source(
    f: Fragment, others: Sequence[Fragment], a: Canonical, b: Canonical, sim: Similarity
) -> Fragment:
    """``f`` with its source range widened over whole source units (sentences): over the
    rest of the unit it begins in (ends in) when a unit of its checked side is a seed of that
    unit (tf-isf cosine :data:`SEED_COS`, Dice :data:`SEED_DICE`), then over each unit
    before it (after it) that a unit of its checked side seeds as its best source unit, while
    no other fragment holds a character of the unit. Only the source side changes: the
    checked text's words, and so the writer's own sentences, are as they were.

    Random obfuscation and translation move a copied sentence's words and drop some, so the
    word diff of :func:`described` ends a copy's source range on the last source word it
    found in order, inside a sentence the copy retells whole (the PAN-14 winners report a
    case's source side as the sentences its seeds hold, Sanchez-Perez, Gelbukh and Sidorov
    2014). PAN-13 development sample, each beside the engine without it in one run: random
    recall 0.752 -> 0.765 (precision 0.967 -> 0.966), translation 0.912 -> 0.921 (0.944 ->
    0.941); with the units before and after seeded by any unit, not as its best, random
    0.766 and translation 0.922 at precision 0.962 and 0.935 (plagdet lower). Then further
    over the source units whose words the checked side holds and the range lacks
    (:func:`_drawn_source`). First, and alone for a copy of exact words (:data:`EDGE_EXACT`),
    over the rest of a source sentence the checked sentence goes on with
    (:func:`_sentence_rest`)."""
    g0, g1 = word_range(a, f.start, f.end)
    s0, s1 = word_range(b, f.source_start, f.source_end)
    if g1 <= g0 or s1 <= s0 or not len(sim.b):
        return f
    mine = slice(sim.a.of_word(g0), sim.a.of_word(g1 - 1) + 1)

    def seeded(t: int, as_best: bool) -> tuple[int, int] | None:
        """Unit t's characters when a unit of ``f`` seeds it (as its best), else None."""
        if not 0 <= t < len(sim.b):
            return None
        hit = (sim.cos[mine, t] >= SEED_COS) & (sim.dice[mine, t] >= SEED_DICE)
        if as_best:
            hit &= best == t
        d0 = int(b.starts[int(sim.b.bounds[t])])
        d1 = int(b.ends[int(sim.b.bounds[t + 1]) - 1])
        if not hit.any() or any(o.source_start < d1 and d0 < o.source_end for o in others):
            return None
        return d0, d1

    start, end = f.source_start, f.source_end
    t0, t1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1)
    exact = f.kind == "copy" and f.exact_words >= EDGE_EXACT * f.words
    start, end = _sentence_rest(others, a, b, sim, (g0, g1), (s0, s1), (start, end), exact)
    if exact:
        if (start, end) == (f.source_start, f.source_end):
            return f  # an equal fragment, not made anew (issue 40)
        return replace(f, source_start=start, source_end=end)
    best = sim.cos[mine].argmax(axis=1)  # each unit's best source unit (seeded's as_best)
    if (first := seeded(t0, False)) is not None:
        start = min(start, first[0])
        while (more := seeded(t0 - 1, True)) is not None:
            start, t0 = more[0], t0 - 1
    if (last := seeded(t1, False)) is not None:
        end = max(end, last[1])
        while (more := seeded(t1 + 1, True)) is not None:
            end, t1 = more[1], t1 + 1
    start, end = _drawn_source(others, b, sim, (g0, g1), (start, end), (t0, t1))
    if (start, end) == (f.source_start, f.source_end):
        return f
    return replace(f, source_start=start, source_end=end)


def _sentence_rest(
    others: Sequence[Fragment],
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    words: tuple[int, int],
    source: tuple[int, int],
    chars: tuple[int, int],
    seeded: bool,
) -> tuple[int, int]:
    """The source range ``chars`` (canonical words ``source``) of a fragment whose checked
    side is canonical words ``words``, widened over the rest of the source sentence it begins
    in (ends in) when the checked sentence goes on before (after) the fragment by at least one
    canonical word, by no more words than the source sentence does and by at least half as
    many (:func:`_rest_words`), no other fragment holding a character of the source unit
    holding that rest; for a copy of exact words (``seeded``, :data:`EDGE_EXACT`), only when a
    unit of its checked side seeds that source unit too (tf-isf cosine :data:`SEED_COS`, Dice
    :data:`SEED_DICE`). Only the source side changes.

    PAN-13's random obfuscation swaps a copied sentence's edge words for synonyms or drops
    them ("person account" retold as "individual history"), so the word diff of
    :func:`described` ends the fragment's source range inside a sentence it retells whole (the
    case's source side is the source text its words come from, Potthast et al. 2013); a copy
    pasted from the middle of a source sentence ends its checked sentence where the copy ends,
    and a copy cut by the writer's own words goes on with more words than the source sentence
    has left. PAN-13 development sample, bench/bench_pan13.py beside the engine without it in
    one run: random recall 0.7914 -> 0.7940 (precision 0.9720 both, plagdet 0.8215 ->
    0.8230), summary recall 0.5161 -> 0.5165, verbatim and translation every figure the same,
    negatives 0 of 60; every fragment's checked side the same. Exact copies without the seed
    test: verbatim precision 0.9613 -> 0.9603; the whole :func:`_whole_source` on them
    instead: random plagdet 0.8281 but verbatim precision 0.9569 (a verbatim case ends
    mid-sentence, the rest of the source sentence outside it); with the checked sentence going
    on by up to twice the source's words, translation precision 0.9492 -> 0.9491 (a sentence
    going on after "Stadium. at")."""
    g0, g1 = words
    s0, s1 = source
    start, end = chars
    mine = slice(sim.a.of_word(g0), sim.a.of_word(g1 - 1) + 1)
    for t, w, step in ((sim.b.of_word(s0), s0, -1), (sim.b.of_word(s1 - 1), s1 - 1, 1)):
        # the checked sentence's rest first: none (a copy of whole sentences, issue 40's
        # usual case) widens nothing, whatever the source unit
        told = _rest_words(a, g0 if step == -1 else g1 - 1, step, 0, len(a.sentences))
        if told < 1 or _free_source_unit(sim, b, t, others) is None:
            continue
        lo, hi = int(sim.b.bounds[t]), int(sim.b.bounds[t + 1])
        rest = _rest_words(b, w, step, lo, hi)
        if not told <= rest <= 2 * told:
            continue
        hit = (sim.cos[mine, t] >= SEED_COS) & (sim.dice[mine, t] >= SEED_DICE)
        if seeded and not hit.any():
            continue
        if step == -1:
            start = min(start, int(b.starts[w - rest]))
        else:
            end = max(end, int(b.ends[w + rest]))
    return start, end


def _rest_words(c: Canonical, w: int, step: int, lo: int, hi: int) -> int:
    """How many canonical words of ``c`` in [lo, hi) go on from word ``w`` (before it at
    ``step`` -1, after it at 1) in its sentence (``c.sentences``)."""
    n, x = 0, w + step
    while lo <= x < hi and c.sentences[x] == c.sentences[w]:
        n, x = n + 1, x + step
    return n


DRAWN_SHARE = 0.5
"""Least share of a source unit's distinct words that a fragment's checked side holds beyond
its source range's words for :func:`_drawn_source` to take the unit. PAN-13 development
sample, bench/bench_pan13.py beside main in one run: random recall 0.7785 -> 0.7815
(precision 0.9714 -> 0.9715, plagdet 0.8106 -> 0.8124), translation 0.9210 -> 0.9220
(precision 0.9416 -> 0.9414, plagdet 0.9169 -> 0.9173), the other types as main;
bench/bench_own_text.py (and ``--wrap 60``) every figure as main. At 0.4 random recall 0.7831
but translation precision 0.9414 -> 0.9384 (plagdet 0.9159, lower); at 0.34 with three words
0.7827 and the same loss."""
DRAWN_WORDS = 2
"""Least distinct words of a source unit :func:`_drawn_source` takes by (one shared word is a
topic's, as :data:`STRONG_WORDS` and :data:`OWN_WORDS` say of seeds)."""
DRAWN_SKIP = 2
"""Most source units :func:`_drawn_source` passes over to a unit it takes (a source sentence
the obfuscated copy left out, inside the source range it draws from). PAN-13 development
sample, random recall with 0, 1, 2, 3: 0.7800, 0.7807, 0.7818, 0.7818, precision the same
(measured before the units passed over had to be free of other fragments: 0.7815 at 2)."""


def _drawn_source(
    others: Sequence[Fragment],
    b: Canonical,
    sim: Similarity,
    words: tuple[int, int],
    chars: tuple[int, int],
    held: tuple[int, int],
) -> tuple[int, int]:
    """The source range ``chars`` (units ``held``, first and last) of a fragment whose checked
    side is canonical words ``words``, widened over the source units before (after) it whose
    words the checked side holds and the range does not: at least :data:`DRAWN_WORDS` and
    :data:`DRAWN_SHARE` of the unit's distinct words are among the checked side's words left
    once every word of the range (and of each unit taken before) is taken off, counting
    repeats; up to :data:`DRAWN_SKIP` units may lie between (taken with it), and no other
    fragment may hold a character of any of them. Only the source side changes.

    PAN-13's random obfuscation shuffles a passage's words across its sentences and drops
    some, so a copy's checked side carries words of source sentences that no checked sentence
    seeds (:func:`_whole_source`) and the word diff ends the source range before them; the
    words left over after the range are the copy's evidence of where else it drew from (the
    source side of a case is the source text its words come from, Potthast et al. 2013,
    PAN-13 text alignment). A topic word the range has already does not count, so a source
    sentence merely on the topic beside the range is not taken."""
    g0, g1 = words
    start, end = chars
    t0, t1 = held
    # each word's count on the checked side less the range's, by its code (issue 40: counts
    # in an array, not a Counter; a code on neither side counts 0, as a Counter's missing key)
    vocab = sim.vectors_a.shape[1]
    left = np.bincount(sim.words_a[g0:g1], minlength=vocab).astype(np.int64)
    left -= np.bincount(
        sim.words_b[int(sim.b.bounds[t0]) : int(sim.b.bounds[t1 + 1])], minlength=vocab
    )

    def drawn(t: int) -> bool:
        codes = distinct(sim.words_b[int(sim.b.bounds[t]) : int(sim.b.bounds[t + 1])])
        hit = int(np.count_nonzero(left[codes] > 0))
        if hit < DRAWN_WORDS or hit < DRAWN_SHARE * len(codes):
            return False
        left[codes] -= 1
        return True

    def reach(t: int, step: int) -> tuple[int, tuple[int, int]] | None:
        """The next unit taken from t on (t, t + step, ...) and its characters, or None."""
        for k in range(DRAWN_SKIP + 1):
            u = t + step * k
            if (chars := _free_source_unit(sim, b, u, others)) is None:
                return None
            if drawn(u):
                return u, chars
        return None

    while (got := reach(t0 - 1, -1)) is not None:
        t0, start = got[0], min(start, got[1][0])
    while (got := reach(t1 + 1, 1)) is not None:
        t1, end = got[0], max(end, got[1][1])
    return start, end


def _grown(
    f: Fragment,
    others: Sequence[Fragment],
    a: Canonical,
    b: Canonical,
    sim: Similarity,
    tailed: Collection[int] = (),
) -> Fragment | None:
    """``f`` continued over the units beside it (:func:`extended_edges`), or None; never
    over a unit of ``tailed`` (:attr:`WholeSentences.tailed`)."""
    g0, g1 = word_range(a, f.start, f.end)
    s0, s1 = word_range(b, f.source_start, f.source_end)
    if g1 <= g0 or s1 <= s0:
        return None
    u0, u1 = sim.a.of_word(g0), sim.a.of_word(g1 - 1)
    t0, t1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1)
    y = sim.vectors_b[t0 : t1 + 1].sum(axis=0)
    x = sim.vectors_a[u0 : u1 + 1].sum(axis=0)
    start, end, edits = f.start, f.end, list(f.edits)
    source_start, source_end = f.source_start, f.source_end
    held = set(range(t0, t1 + 1))  # the source units summed in y

    def free(w: int) -> tuple[int, int] | None:
        """Unit w's characters, or None past the text or held by another fragment."""
        if not 0 <= w < len(sim.a) or w in tailed:
            return None
        w0, w1 = int(sim.a.bounds[w]), int(sim.a.bounds[w + 1])
        c0, c1 = int(a.starts[w0]), int(a.ends[w1 - 1])
        if any(o.start < c1 and c0 < o.end for o in others):
            return None
        return c0, c1

    def retelling(w: int, step: int) -> tuple[int, tuple[int, int]] | None:
        """The source unit that unit w (on the side ``step``) retells by an edge test, or None."""
        past = max(held) + 1 if step == 1 else min(held) - 1
        retold = _retells(sim, w, past, b, others)
        mine = range(min(u0, w + 1), max(u1 + 1, w))
        if retold is None:
            retold = _seeds_near(sim, w, min(held), max(held), b, others, mine)
        if retold is None:
            edge = max(held) if step == 1 else min(held)
            retold = _singles_out(sim, w, edge, b, others, mine)
        return retold

    for step, u in ((1, u1 + 1), (-1, u0 - 1)):
        added: list[tuple[int, int]] = []
        told: list[tuple[int, int]] = []
        n = 0
        while n < EDGE_UNITS:
            chars = free(u)
            if chars is None:
                break
            v = sim.vectors_a[u]
            retold = retelling(u, step)
            run = [(u, chars, retold)]
            if retold is None and not _raised(x, v, y):
                run = _bridge(sim, (u, chars), step, held, EDGE_UNITS - n, free, retelling)
                if not run:
                    break
            for w, chars, retold in run:
                if retold is not None:
                    k, span = retold
                    told.append(span)
                    if k not in held:
                        y = y + sim.vectors_b[k]
                        held.add(k)
                x = x + sim.vectors_a[w]
                added.append(chars)
            n += len(run)
            u += step * len(run)
        if not added:
            continue
        lo, hi = min(c for c, _ in added), max(c for _, c in added)
        if step == 1:
            gap = (int(a.starts[word_range(a, end, hi)[0]]), hi)  # from the first word after f
            end = hi
            span = (source_end, source_end)
        else:
            gap = (lo, int(a.ends[word_range(a, lo, start)[1] - 1]))  # to the last before f
            start = lo
            span = (source_start, source_start)
        if told:
            span = (min(d for d, _ in told), max(d for _, d in told))
            source_start, source_end = min(source_start, span[0]), max(source_end, span[1])
        if f.kind == "copy":
            edits.append(Edit("replace", gap[0], gap[1], span[0], span[1]))
    if (start, end) == (f.start, f.end):
        return None
    return replace(
        f,
        start=start,
        end=end,
        source_start=source_start,
        source_end=source_end,
        words=_words_between(a, start, end),
        edits=tuple(sorted(edits, key=lambda e: (e.start, e.source_start))),
    )


BRIDGE_UNITS = 2
"""Most units :func:`_bridge` carries a fragment over to a unit past them that an edge test
takes. Of the first units past every grown fragment's edges that no edge test took
(bench/diag_reach.py on main), a unit within three past them taken by a test: PAN-13
development sample 16 of 82 inside random cases, 10 of 45 inside translation cases, 1 of 532
outside every case; a writer's own unit 25 of 3,063 in bench/bench_own_text.py's essays (as
they are, at 60 and at 80 columns) and 171 of 3,492 in make_retold.py's. Three units apart,
no PAN case unit met :func:`_bridge`'s other tests."""
BRIDGE_COS = 0.2
BRIDGE_SHARE = 1 / 3
"""Least tf-isf cosine of each unit :func:`_bridge` carries a fragment over with its best
source unit, and least share of its distinct words held there. Measured there."""


def _bridge(
    sim: Similarity,
    first: tuple[int, tuple[int, int]],
    step: int,
    held: Collection[int],
    room: int,
    free: Callable[[int], tuple[int, int] | None],
    retelling: Callable[[int, int], tuple[int, tuple[int, int]] | None],
) -> list[tuple[int, tuple[int, int], tuple[int, tuple[int, int]] | None]]:
    """Units u, u + step, ... (``first``: u and its characters) that no edge test takes,
    up to :data:`BRIDGE_UNITS` of them (within ``room``), and the first unit past them that
    one does (``retelling``), each with its characters (``free``) and what it retells (None
    for the bridged ones); else empty.
    Taken only when the unit past them retells a source unit k the fragment does not hold
    yet (``held``: the copy goes on in both texts) and each bridged unit's best source unit
    lies between the fragment's source edge on that side and k, both included (in the copy's
    order), at a tf-isf cosine of :data:`BRIDGE_COS` and holding :data:`BRIDGE_SHARE` of the
    unit's distinct words. Adjacency is evidence: the PAN-14 winners cluster seeds across a
    gap of unseeded sentences (Sanchez-Perez, Gelbukh and Sidorov 2014), and a garbled
    copy's short sentence between the copy and a sentence retelling the next source one
    draws its few words from the source between them. Alone, the bridged unit's test is no
    evidence: a writer's own sentence on the topic meets it as often (bench/diag_edges.py's
    first units past each edge, its best source unit within one of the range at cosine 0.2
    and a third of its words, at least two: PAN-13 random 20 of 82 inside cases, translation
    16 of 45, outside 5 of 532, a writer's own 10 of 1,092 in bench_own_text.py's essays as
    they are).

    Measured on bench/diag_reach.py's first refused units (on main): the unit past them
    retelling a new source unit and the bridged units' best near the range (within one
    source unit of it or of k) at cosine 0.2 took PAN-13 random 5, translation 6, outside
    no case, own units 1 in bench_own_text.py's essays at 60 columns ("качестве элементов",
    two words at cosine 0.53, a line of a writer's sentence echoing the source's) before k
    had to be new, none after; in make_retold.py's essays 1 own unit as they are, 1 at 60
    and 3 at 80 columns; a third of the words asked, 2 at 80 columns (whole pipeline:
    retold essays' own sentences 11 -> 13 of 1,976 at 80 columns, every other own figure as
    main); in the copy's order asked, none (a writer's sentence echoing a source sentence
    the fragment holds already: "Dangling, links to a page which has no links", its best
    source unit inside the range behind the edge), PAN-13 random 3 and translation 3.
    Whole pipeline beside main in one run (bench/bench_pan13.py): random plagdet 0.8308 ->
    0.8329 (recall 0.8064 -> 0.8102, precision and granularity the same), translation
    0.9254 -> 0.9307 (recall 0.9321 -> 0.9431, precision 0.9475 -> 0.9471), verbatim and
    summary the same, no fragment on the 60 negative pairs; bench/bench_own_text.py as it
    is and at 60 and 80 columns every own figure as main (between copied ones 11 / 14 / 17
    of 2,416, at the edges 1 / 1 / 0, clean essays 0 / 1 / 1, retold essays' own 11 / 10 /
    11 of 1,976)."""
    gap = [first]
    w = first[0]
    for _ in range(min(BRIDGE_UNITS, room - 1)):
        w += step
        chars = free(w)
        if chars is None:
            return []
        retold = retelling(w, step)
        if retold is None:
            gap.append((w, chars))
            continue
        k = retold[0]
        if k in held:
            return []
        lo, hi = sorted((max(held) if step == 1 else min(held), k))
        for g, _ in gap:
            best = int(np.argmax(sim.cos[g]))
            if not lo <= best <= hi or sim.cos[g, best] < BRIDGE_COS:
                return []
            if sim.shared[g, best] < BRIDGE_SHARE * sim.size_a[g]:
                return []
        return [*((g, span, None) for g, span in gap), (w, chars, retold)]
    return []


def _raised(x: np.ndarray, v: np.ndarray, y: np.ndarray) -> bool:
    """Unit ``v`` raises the passage ``x``'s tf-isf cosine with its source range ``y`` by
    :data:`EDGE_RISE`, and the passage is a validated one (its cosine :data:`VALIDATION`,
    as in :func:`_raises`): the cosine of a fragment of synonym-swapped words with its source
    is low, and any sentence sharing the topic's words raises a low cosine."""
    base = _cosine(x, y)
    return base >= VALIDATION and _cosine(x + v, y) >= base + EDGE_RISE


EDGE_RETOLD = 0.25
"""Least tf-isf cosine and Dice of a unit beside a fragment with the source unit just past
the fragment's source range for :func:`extended_edges` to take both (:func:`_retells`).
Measured on the units beside every fragment no fragment covers, after the rise test (PAN-13
development sample): cosine and Dice at 0.25 for 23 of 115 such units inside random cases and
6 of 47 inside translation cases, 5 of 818 outside every case (at the seed's 0.33: 6, 4 and
1; at 0.2: 28, 11 and 9); their median cosine inside random cases 0.02, outside 0.00."""


def _retells(
    sim: Similarity, u: int, t: int, b: Canonical, others: Sequence[Fragment]
) -> tuple[int, tuple[int, int]] | None:
    """Unit t of the source (the one just past a fragment's source range) and its characters
    when unit u of the checked text retells it: their tf-isf cosine and Dice reach
    :data:`EDGE_RETOLD`, and no other fragment holds a character of t; else None."""
    chars = _free_source_unit(sim, b, t, others)
    if chars is not None and sim.cos[u, t] >= EDGE_RETOLD and sim.dice[u, t] >= EDGE_RETOLD:
        return t, chars
    return None


def _free_source_unit(
    sim: Similarity, b: Canonical, t: int, others: Sequence[Fragment]
) -> tuple[int, int] | None:
    """Source unit t's characters, or None past the text's ends or where another fragment
    holds a character of it."""
    if not 0 <= t < len(sim.b):
        return None
    d0 = int(b.starts[int(sim.b.bounds[t])])
    d1 = int(b.ends[int(sim.b.bounds[t + 1]) - 1])
    if any(o.source_start < d1 and d0 < o.source_end for o in others):
        return None
    return d0, d1


EDGE_REACH = SOURCE_STEP
"""Most source units past a fragment's source units (those it holds so far) at which
:func:`_seeds_near` takes a unit's source unit: as :data:`SOURCE_STEP`, a shuffle may move a
sentence's end into its neighbour. PAN-13 development sample (random recall 0.743 -> 0.752 in
all, with :func:`_seeds_near`'s other tests): at :data:`MAX_GAP` and seeds of :data:`SEED_COS`,
0.764, but five own sentences of bench/bench_own_text.py beside copied ones marked (cosine
0.34-0.97 with a source sentence near, two of them three units past); at this reach and
strong seeds, none more than main."""


def _seeds_near(
    sim: Similarity,
    u: int,
    lo: int,
    hi: int,
    b: Canonical,
    others: Sequence[Fragment],
    mine: range,
) -> tuple[int, tuple[int, int]] | None:
    """Unit u's best source unit k and its characters when k lies among the fragment's source
    units [lo, hi] or within :data:`EDGE_REACH` of them, u's seed with k shares
    :data:`STRONG_WORDS` distinct words and reaches Dice :data:`SEED_DICE` and tf-isf cosine
    :data:`STRONG` (k inside the range: as a run of :func:`alone` asks of a unit that is no
    copy by its words; a writer's own sentence on the topic beside a copy seeds the copy's
    own source sentences, at 0.34-0.46 in bench/bench_own_text.py) or :data:`SEED_COS` (k
    beside it: PAN-13 development sample random recall 0.765 -> 0.768, own text the same),
    no unit of the fragment (``mine``, its units in the checked text) is nearer to k than u
    (a source sentence is retold once: a writer's own sentence on the topic beside a copied
    one is nearest to the source sentence its neighbour copied, and further from it), no other
    fragment holding a character of k; else None. The PAN-14 winners' extension clusters seeds
    within a gap on both sides in any order (Sanchez-Perez, Gelbukh and Sidorov 2014): random
    obfuscation moves words across sentence ends, so a copy's edge sentence may retell a
    source sentence inside the copy's source range or just before it, not only the one just
    past it (:func:`_retells`)."""
    if not len(sim.b):
        return None
    k = int(np.argmax(sim.cos[u]))
    if not lo - EDGE_REACH <= k <= hi + EDGE_REACH:
        return None
    least = STRONG if lo <= k <= hi else SEED_COS
    if sim.cos[u, k] < least or sim.dice[u, k] < SEED_DICE or sim.shared[u, k] < STRONG_WORDS:
        return None
    if len(mine) and float(sim.cos[mine.start : mine.stop, k].max()) > float(sim.cos[u, k]):
        return None  # retold by a unit of the fragment already
    d0 = int(b.starts[int(sim.b.bounds[k])])
    d1 = int(b.ends[int(sim.b.bounds[k + 1]) - 1])
    if any(o.source_start < d1 and d0 < o.source_end for o in others):
        return None
    return k, (d0, d1)


SPECIFIC_COS = 0.35
SPECIFIC_MARGIN = 3.0
SPECIFIC_WORDS = 2
SPECIFIC_REACH = 3
"""An edge unit's evidence by specificity (:func:`_singles_out`): its tf-isf cosine with its
best source unit at least SPECIFIC_COS and SPECIFIC_MARGIN times its cosine with the second
best, SPECIFIC_WORDS distinct words shared, the best unit within SPECIFIC_REACH source units
of the fragment's source edge on that side. Measured on the first unit past each grown
fragment's edge that :func:`extended_edges` did not take (bench/diag_edges.py, the engine
without the test: PAN-13 development sample; bench_own_text.py's essays and make_retold.py's,
unwrapped and wrapped at 60 and 80 columns, 6,515 units of a writer's own), at a cosine of
0.35 and the reach of 3: with no margin asked the test took 16 of 86 such units inside random
cases, none outside a case, and 28 own units; with a margin of 1.5, 13 and 20 own; of 2, 10 and
15; of 3, 9 and none; of 4, 7 and none. At a cosine of 0.3 and a margin of 3, 10 and 4 own; at
any reach, 10 and 13 own. A sentence copied and obfuscated retells one source sentence; a
writer's own sentence on the topic shares its words with several of the source's sentences
about equally. Neither word pairs in the unit's order found in the source near the range
(30 of 86, own 82) nor words the source holds once (10, own 104) separated them; the unit and
the source unit past the range each the other's best (order) took 6, own 16. Whole pipeline,
beside main in one run: PAN-13 random plagdet 0.8156 -> 0.8185 (recall 0.7817 -> 0.7867,
precision and granularity the same), translation 0.9186 -> 0.9190, summary 0.6403 -> 0.6428;
bench/bench_own_text.py as it is and at 60 and 80 columns every own figure the same."""


def _singles_out(
    sim: Similarity,
    u: int,
    edge: int,
    b: Canonical,
    others: Sequence[Fragment],
    mine: range,
) -> tuple[int, tuple[int, int]] | None:
    """Unit u's best source unit k and its characters when u singles k out among the source's
    units (:data:`SPECIFIC_MARGIN`): their tf-isf cosine reaches :data:`SPECIFIC_COS` and
    SPECIFIC_MARGIN times u's cosine with any other source unit, they share
    :data:`SPECIFIC_WORDS` distinct words, k lies within :data:`SPECIFIC_REACH` units of
    ``edge`` (the fragment's source unit on the side u is on: random obfuscation moves
    words across the sentences of a passage, so an edge sentence may retell a source sentence
    inside the range or a little past it), no unit of the fragment (``mine``) is nearer to k
    than u (a source sentence is retold once, as :func:`_seeds_near` asks), and no other
    fragment holds a character of k; else None. The specificity of a sentence pair, not the
    words it shares, tells a retold sentence from a writer's own one on the topic (a bag of
    topic words is shared with many of the source's sentences); the PAN-14 winners seed by
    the best-matching sentence pairs (Sanchez-Perez, Gelbukh and Sidorov 2014)."""
    if len(sim.b) < 1:
        return None
    row = sim.cos[u]
    k = int(np.argmax(row))
    best = float(row[k])
    second = float(np.partition(row, -2)[-2]) if len(row) > 1 else 0.0
    if abs(k - edge) > SPECIFIC_REACH or best < SPECIFIC_COS or best < SPECIFIC_MARGIN * second:
        return None
    if sim.shared[u, k] < SPECIFIC_WORDS:
        return None
    if len(mine) and float(sim.cos[mine.start : mine.stop, k].max()) > best:
        return None  # retold by a unit of the fragment already
    chars = _free_source_unit(sim, b, k, others)
    return None if chars is None else (k, chars)


FINAL_STOP = r"[.!?…][\"'»”’)\]]*\s"
"""A sentence's final punctuation (closing quotes and brackets after it) before white space,
as a regular expression's source: the passage steps' sentence ends (copylens.core.passages)."""
_SENTENCE_END = re.compile(FINAL_STOP + rf"|:\s(?={CAPITALISED})|\n[^\S\n]*\n")
"""A sentence's end in the text between two fragments (:func:`_inside_sentences`): final
punctuation before white space, a colon before a space and a capitalised word (as
:func:`~copylens.core.canonicalize.clause_ids` cuts the aligner's units: a writer's own
sentence after a copied "... as follows:" is a whole sentence, issue 34), or a blank line
(a paragraph's end); a single line break is not one (a wrapped line goes on with its
sentence)."""
SENTENCE_EDGE_HELD = 2
"""How many times the words of its edge sentence outside it a fragment must hold for
:func:`_sentence_edges` to widen it over them."""
_STOP_AT = re.compile(rf"{FINAL_STOP}|[.!?…][\"'»”’)\]]*$")
"""A sentence's final stop (:func:`_sentence_edges`)."""
_EDGE_END = re.compile(FINAL_STOP + r"|:\s|\n[^\S\n]*\n")
"""Where :func:`_sentence_edges` stops widening inside the canonical words' sentence: a
final stop, any colon before white space (a writer's own sentence after a copied "... as
follows:" may begin with a one-letter word, Russian "В", which no capitalised word of
:data:`_SENTENCE_END` matches), a blank line."""
_OPENERS = "\"'«“‘„([¿¡"
"""What may open a sentence before its first letter (:func:`_sentence_edges`)."""
INSIDE_WORDS = 15
"""Most canonical words between two fragments that :func:`_inside_sentences` joins."""
INSIDE_SLACK = 1
"""Canonical words an edge sentence of a copy may hold fewer inside it than between the two
fragments, and :func:`_inside_sentences` still join them (:func:`_slack`; issue 34, branches
guard and gran). bench/diag_inside_guard.py logged every join the held-against-between guard
alone refused on the engine without slack: PAN-13 development sample 4, all random and in a
case (00029 "Thanks | for Ashcraft and don the for many photos.", 01044 twice, 01755), each
one word short; over a writer's own sentence in bench_own_text.py's essays and
make_retold.py's 9 / 28 / 23 (as is / ``--wrap 60`` / ``--wrap 80``), none of them one word
short of a copy (one, at 60 columns, one word short of a paraphrase's edge: why a paraphrase
has none), 2 / 4 / 4 two words short ("Они и составляют точную сигнатуру | документа."): a
slack of 2 marks own sentences. The PAN-14 winner's sentence seeds do not tell them apart
(Sanchez-Perez et al. 2014: tf-isf cosine and Dice 0.33 with a source unit of the fragments'
hull): 2 of the 4 in-case sentences are seeds, and 10 own ones at 60 columns ("Inheritance
is an important feature in object orientated programming.", 0.76 / 0.75).

Never across an ignored word (:func:`_spans_ignored`): the guard's first try (0d06f92 took it
out) joined, at 10,000 essays, 22 pairs of copies across the collection's common sentence (a
quotation many essays hold, ignored), and ``copylens.core.ignore.without_ignored`` aligned the
joined range again and lost words (5 of 2,518 pairs' containment lower, 51 of 25,038 at
100,000). Branch gran, beside main 7bc912d in one session: PAN-13 development sample random
plagdet 0.851 -> 0.861 (granularity 1.076 -> 1.060, precision 0.972, recall 0.833 -> 0.834),
the other types unchanged; bench_own_text.py as is / ``--wrap 60`` / ``--wrap 80`` as main
(own sentences between copied ones 11 / 14 / 17 of 2,416, at the edges 1 / 1 / 0, clean
essays 0 / 1 / 1 of 70, between retold ones 11 / 10 / 11 of 1,976); ``compare`` of the scale
collections, pair by pair against main: 1 of 312 pairs changed at 1,000 and 11 of 2,518 at
10,000, every one a gain or equal (no containment lower, every main fragment inside one of the
branch's on both sides: the refusal keeps main's joins across an ignored run apart, which the
ignore step cut at a loss before); the slack itself joins no pair at 1,000 or 10,000 (2 at
10,000 where only the words between are asked, a fragment's source range holding the ignored
sentence: one came out with a narrower source range than main's)."""
SENTENCE_REACH = 2000
"""Characters :func:`_inside_sentences` reads into each fragment for the end of its sentence:
a joined passage may span a whole document, and is read again for each fragment after it.
A sentence longer than this counts its words in these characters alone (at least
:data:`INSIDE_WORDS` in any prose), so the test only ever errs towards keeping two apart."""


def _inside_sentences(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    text: str | None,
    grouped: bool,
    ignored: tuple[np.ndarray | None, np.ndarray | None] = (None, None),
) -> bool:
    """Fragments g and f (g first) of one passage by their sentences: their source ranges
    overlap or lie at most :data:`SOURCE_GAP` words apart, in either order (random
    obfuscation shuffles a sentence's words), they are at most :data:`INSIDE_WORDS` words
    apart in the checked text, and the ``text`` between g's last canonical word and f's first
    (a fragment's own final stop included) holds at most one sentence end
    (:data:`_SENTENCE_END`): what lies between is the rest of g's last sentence and the
    beginning of f's first, never a whole sentence; and each of those two sentences
    (one, where no end lies between) has at least as many canonical words inside the
    fragments as between them: a fragment whose edge ran into a writer's own sentence by a
    word or two (a topic word the source shares) does not carry the rest of it
    (bench/bench_own_text.py's ``inplace`` essays), :data:`INSIDE_SLACK` words fewer for a
    copy's sentence (:func:`_slack`); never across a word either side ignores
    (:func:`_spans_ignored`, ``ignored``). The PAN-14 winner's extension
    joins seeds across a gap of any content (Sanchez-Perez, Gelbukh and Sidorov 2014); here
    the gap may hold only words inside copied sentences, the words random obfuscation
    inserts or swaps (PAN-13 development sample, bench/diag_granularity.py). A writer's own
    sentence between two copied ones is a whole sentence: it keeps them apart whatever its
    words (issue 12). The joined fragment shows the words between as a ``"replace"`` edit
    (:func:`_joined`), never as copied. A paraphrase joins a copy so only in the passage
    grouping (``grouped``): the sentence step keeps their kinds for the summary step."""
    if text is None or f.start < g.end or g.cited != f.cited:
        return False
    if {g.kind, f.kind} - {"copy", "paraphrase"} or (g.kind != f.kind and not grouped):
        return False
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    if _words_between(b, lo[1], hi[0]) > SOURCE_GAP:
        return False
    if _words_between(a, g.end, f.start) > INSIDE_WORDS:
        return False
    if _spans_ignored(g, f, a, b, ignored):
        return False
    g0, g1 = word_range(a, g.start, g.end)
    f0, f1 = word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0:
        return False
    last, first = int(a.ends[g1 - 1]), int(a.starts[f0])  # g's last word, f's first
    ends = _ends_between(a, g1, f0, text)
    if len(ends) > 1:
        return False
    reach = max(g.start, last - SENTENCE_REACH)  # the last end in g, bounded (module note)
    tail = [m.end() for m in _SENTENCE_END.finditer(text, reach, last)]
    head = _SENTENCE_END.search(text, first, min(f.end, first + SENTENCE_REACH))
    held_g = _words_between(a, tail[-1] if tail else reach, g.end)
    held_f = _words_between(
        a, f.start, head.start() if head else min(f.end, first + SENTENCE_REACH)
    )
    if not ends:  # one sentence from g into f
        return held_g + held_f >= _words_between(a, g.end, f.start)
    return held_g + _slack(g) >= _words_between(a, g.end, ends[0]) and held_f + _slack(
        f
    ) >= _words_between(a, ends[0], f.start)


def _slack(x: Fragment) -> int:
    """The words :func:`_inside_sentences` lets fragment ``x``'s edge sentence hold fewer
    inside ``x`` than it has between the two fragments: :data:`INSIDE_SLACK` for a copy,
    whose words in the sentence are the source's, word for word; none for a paraphrase,
    whose edge is a retold unit's."""
    return INSIDE_SLACK if x.kind == "copy" else 0


def _spans_ignored(
    g: Fragment,
    f: Fragment,
    a: Canonical,
    b: Canonical,
    ignored: tuple[np.ndarray | None, np.ndarray | None],
) -> bool:
    """Whether a word either side ignores (``ignored``: ``Prepared.ignored`` of the checked
    text and of the source, None for none) lies in the range fragments g and f (g first)
    would span joined: in the checked text from g's start to f's end (between them, or inside
    either: alignment may carry a fragment across a short ignored stretch), or in the source
    hull of their source ranges. ``copylens.core.ignore.without_ignored`` aligns a fragment
    holding an ignored word again on its free stretches and loses words at their edges: a
    joined fragment spanning one is cut again, at a loss against the two left apart, and one
    holding one already is aligned again on a longer range than main's (:data:`INSIDE_SLACK`:
    at 10,000 essays asking only the words between still joined 2 pairs whose first
    fragment's source range held the ignored sentence, one realigned narrower). An ignored
    word is none of the words a copied sentence's obfuscation inserted."""
    ignored_a, ignored_b = ignored
    if ignored_a is not None:
        w0, w1 = word_range(a, g.start, max(g.end, f.end))
        if ignored_a[w0:w1].any():
            return True
    if ignored_b is not None:
        w0, w1 = word_range(b, min(g.source_start, f.source_start), max(g.source_end, f.source_end))
        if ignored_b[w0:w1].any():
            return True
    return False


def _in_place(
    b: Canonical, end: int, start: int, written: int, text: str | None = None
) -> frozenset[str]:
    """The words of the source between two fragments' source ranges (characters ``end`` of
    the first and ``start`` of the second) when it holds exactly ``written`` whole sentences,
    as many as the checked text has between the two fragments; else none (empty).

    Then the sentences written between stand in the skipped ones' place, and
    :func:`one_passage` judges them against those sentences alone, not the fragments' whole
    source range: a swapped copy of a skipped sentence keeps its words, a writer's own
    sentence written there keeps only topic words the copied neighbours share (issue 34's
    honest side, bench/diag_inplace.py: 3 of the 9 own sentences marked in bench_own_text.py's
    ``inplace`` essays were bridged so, "a website's page rank is how important it is on the
    web" in the place of a sentence on votes). PAN-13 development sample unchanged (its
    obfuscation does not skip source sentences and write others in their place).

    Given the source's ``text``, a sentence a line break split counts once (:func:`_goes_on`),
    as the checked text's sentences between do (``written``, :func:`_between_only`): counted
    as lines, a skipped source sentence wrapped over two lines was two, the one own sentence
    written in its place was judged against the fragments' whole source range, and bridged
    by the topic words the copied neighbours share (bench/bench_own_text.py ``--wrap 60``,
    en-inplace-002, "Each document is a vector where each word is a dimension." in the place
    of "Typically terms are single words, keywords, or longer phrases.")."""
    if start <= end:
        return frozenset()
    z0, z1 = word_range(b, end, start)
    if z1 <= z0:
        return frozenset()
    lo, hi = max(z0 - 1, 0), min(z1 + 1, len(b))
    ids = b.sentences[lo:hi] if text is None else _sentence_ids(text, b, lo, hi)
    edge = {int(ids[0])} if z0 > 0 else set()
    if z1 < len(b):
        edge.add(int(ids[-1]))
    whole = set(ids[z0 - lo : z1 - lo].tolist()) - edge  # no np.unique: a set (issue 40)
    return frozenset(b.forms[z0:z1]) if len(whole) == written else frozenset()


def _sentence_ids(text: str, c: Canonical, w0: int, w1: int) -> np.ndarray:
    """The sentence of each of ``c``'s words [w0, w1), as ``c.sentences`` numbers them but
    with the pieces of a sentence a line break split (:func:`_goes_on`) one sentence."""
    ids = c.sentences[w0:w1]
    new = np.flatnonzero(np.diff(ids) != 0) + 1
    out = np.zeros(len(ids), dtype=np.int64)
    out[[x for x in new.tolist() if not _goes_on(text, c, w0 + x)]] = 1
    return np.cumsum(out)


def _drawn_between(
    g: Fragment, f: Fragment, a: Canonical, b: Canonical, gap: Sequence[tuple[int, int]]
) -> bool:
    """The words between fragments g and f (g first) stand in for the source's words between
    their source ranges, in order (:data:`ORDER_WORDS`): g's source range ends before f's
    begins, the two gaps in canonical words are of comparable length (neither over
    :data:`ORDER_RATIO` times the other plus :data:`ORDER_SLACK`) and at most
    :data:`ORDER_WORDS` in the checked text, and the sentences between (``gap``, each judged
    with its words in g and f) have :data:`ORDER_SHARE` of their distinct words in the source
    between. A writer's own sentence between two copied ones has no counterpart there: where
    the source skips nothing, no words to draw from; where it skips a sentence, another
    length and other words."""
    if not gap or f.source_start <= g.source_end or f.source_start < g.source_start:
        return False
    words_a = _words_between(a, g.end, f.start)
    words_b = _words_between(b, g.source_end, f.source_start)
    if words_b == 0 or words_a > ORDER_WORDS:
        return False
    if max(words_a - ORDER_RATIO * words_b, words_b - ORDER_RATIO * words_a) > ORDER_SLACK:
        return False
    y0, y1 = word_range(b, g.source_end, f.source_start)
    between = frozenset(b.forms[y0:y1])
    distinct = [set(a.forms[x0:x1]) for x0, x1 in gap]
    held = sum(len(d & between) for d in distinct)
    return held >= 1 and held >= ORDER_SHARE * sum(len(d) for d in distinct)


def _units_between(units: Units, b: Canonical, end: int, start: int) -> range:
    """The source units holding the words between two fragments' source ranges (characters
    ``end`` of the first and ``start`` of the second, either order: the ranges may overlap),
    the units of both edges included."""
    w0, w1 = word_range(b, *sorted((end, start)))
    last = len(b) - 1
    return range(units.of_word(min(w0, last)), units.of_word(min(max(w1 - 1, w0), last)) + 1)


def _seeded(sim: Similarity, word: int, between: range) -> bool:
    """The checked text's unit holding ``word`` and a source unit of ``between`` are a seed
    pair (tf-isf cosine :data:`SEED_COS`, Dice :data:`SEED_DICE`)."""
    u = sim.a.of_word(word)
    cos, dice = sim.cos[u, between.start : between.stop], sim.dice[u, between.start : between.stop]
    return bool(((cos >= SEED_COS) & (dice >= SEED_DICE)).any())


def _bridged(
    gap: Sequence[Sequence[str]],
    source: frozenset[str],
    counted: Sequence[Sequence[str]] | None = None,
) -> bool:
    """The sentences between two fragments (each as its canonical words) are copied from
    ``source``: together at least :data:`GAP_SHARE` of their distinct words are in it (of
    the ``counted`` sentences, all of ``gap`` unless given), and each sentence at least
    :data:`GAP_LEAST` of its own."""
    distinct = [set(forms) for forms in (gap if counted is None else counted)]
    held = sum(len(d & source) for d in distinct)
    total = sum(len(d) for d in distinct)
    return held >= GAP_SHARE * total and all(
        _copied_unit(forms, source, GAP_LEAST) for forms in gap
    )


def _sentences_of(
    a: Canonical, w0: int, w1: int, hull: tuple[int, int], clauses: np.ndarray | None = None
) -> list[tuple[int, int]]:
    """The sentences of the checked text holding words [w0, w1), each as its words inside
    ``hull`` (a sentence the fragments partly hold is judged whole: its words in them are
    the source's); the ``clauses`` instead where given (each word's clause, ascending)."""
    if w1 <= w0:
        return []
    ids = a.sentences if clauses is None else clauses
    held = ids[w0:w1]  # ascending: each sentence's ids are a run
    first = np.ones(len(held), dtype=bool)
    np.not_equal(held[1:], held[:-1], out=first[1:])
    sentences = held[first]  # of ids' own dtype: searchsorted copies no array (issue 38)
    x0 = np.maximum(np.searchsorted(ids, sentences, side="left"), hull[0])
    x1 = np.minimum(np.searchsorted(ids, sentences, side="right"), hull[1])
    return list(zip(x0.tolist(), x1.tolist(), strict=True))


def _copied_unit(forms: Sequence[str], source: frozenset[str], share: float) -> bool:
    """At least ``share`` of the distinct ``forms`` are in ``source``."""
    distinct = set(forms)
    return len(distinct & source) >= share * len(distinct)


def word_range(c: Canonical, start: int, end: int) -> tuple[int, int]:
    """Canonical words [w0, w1) starting inside characters [start, end)."""
    return int(c.starts.searchsorted(start)), int(c.starts.searchsorted(end))


def _words_between(c: Canonical, start: int, end: int) -> int:
    if end <= start:
        return 0
    return int(np.searchsorted(c.starts, end) - np.searchsorted(c.starts, start))
