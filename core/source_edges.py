"""Source edges: a copy's source side ends on source words its checked side holds (issue 34),
the pair stage's last step.

The copy signal joins a pair's word alignments with the sentence passages around them and
cuts a passage at a writer's own sentence (:func:`copylens.core.sentence_align.join`,
:func:`~copylens.core.sentence_align.own_units`). The checked side then ends (or begins)
where the own sentence does, but the word diff of the part before the cut
(:func:`~copylens.core.sentence_align.described`) keeps the source words a word alignment
matched inside that sentence, or that the passage's seed unit holds, as a ``"delete"`` at the
fragment's edge: the side-by-side view showed "…and other Original and Authentic Information,
By Henry" against a checked "…AND OTHER ORIGINAL" (PAN-13 development sample,
suspicious-document00730 / source-document03208), source text the checked passage does not
hold.

:func:`trimmed` drops such an edge ``"delete"`` source sentence by source sentence
(:class:`~copylens.core.sentence_align.Units`) from the outside, each part of it in one
sentence where fewer than :data:`~copylens.core.sentence_align.EDGE_SHARE` of its canonical
words occur in the fragment's checked side: the rule by which the copy signal already clips
a passage's source side where no own sentence cuts it
(:func:`~copylens.core.sentence_align._clipped`). A shuffled copy's source words at an edge,
there in another order, stay: on the PAN-13 development sample's final fragments, the 12
edge deletions of random pairs inside their cases (1-35 source words) have 57-100 % of their
words in the checked side, and none is dropped; 0730/3208's, three words of a detection of
no case, none, and it is (source end 839 -> 803; every other pair's fragments as before).

After every step, not where the passage is cut: the fragments, their kinds and the words
covered on both sides are the steps' as before; only the ends of a source side move. Trimmed
at the cut (in ``described``, PAN-13 development sample beside the engine without it in one
run), the source words no longer covered changed what the paraphrase stage and the passage
grouping found: random plagdet 0.811 -> 0.808, translation 0.917 -> 0.915 (two of a case's
pieces no longer joined, a retold piece found apart).

The words covered stay as they are, the source words trimmed off an edge too: one that is
covered was found in the checked text by a pair signal (the word alignment that reached into
the writer's own sentence the passage was cut at, or a further match), and the reverse
containment counts the source words found in the checked text, as it counts the copy
alignment's further matches no fragment shows (:func:`copylens.core.engine._shown`).
Measured (issue 34, a throwaway count of the step's trims): on the PAN-13 development sample
one trim in 514 pairs, 0730/3208's three words, all covered (70 of the source's 236 words
covered, 67 without them); on bench/bench_own_text.py's 648 essays as they are 24 trims
leaving 24 covered words, wrapped at 60 columns 233 leaving 228, at 80 175 leaving 189,
nearly all one word each, in sources of 141-703 words (a reverse containment up by 0.1-0.7
points where it is one). Not cleared: so small a share changes no reading of the figure, and
clearing it would count found words differently on the source's two kinds of unshown
matches.

Must hold: a fragment only narrows on its source side, to a counted source word, and keeps
an edit it kept inside it (its source span clipped); every other fragment and the words
covered stay as they are.
"""

from __future__ import annotations

from dataclasses import replace

from copylens.core.canonicalize import Canonical
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Edit, Fragment
from copylens.core.sentence_align import EDGE_SHARE, Units, word_range
from copylens.core.signal import Finding, PairStep


class SourceEdges(PairStep):
    """The step (module docstring): always on, the pair's last."""

    name = "source edges"

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        if not any(e.kind == "delete" for f in found.fragments for e in f.edits):
            return found
        units = found.sentences.b if found.sentences is not None else Units.of(b.canonical)
        fragments = tuple(trimmed(f, a.canonical, b.canonical, units) for f in found.fragments)
        if fragments == found.fragments:
            return found
        return Finding(found.covered_a, found.covered_b, fragments, found.sentences)


SOURCE_EDGES = SourceEdges()


def trimmed(f: Fragment, a: Canonical, b: Canonical, units: Units) -> Fragment:
    """``f`` with the ``"delete"`` at each end of its source side (no counted word of either
    side between it and the fragment's end) narrowed, from the outside, past each part in
    one source unit of ``units`` (``b``'s) where fewer than :data:`EDGE_SHARE` of its
    canonical words occur among ``f``'s checked words (``a``'s); the edit goes where all of
    it goes. A fragment of another kind than ``"copy"`` is returned as it is."""
    if f.kind != "copy":
        return f
    x0, x1 = word_range(a, f.start, f.end)
    y0, y1 = word_range(b, f.source_start, f.source_end)
    held = frozenset(a.forms[x0:x1])
    lo, hi = y0, y1
    for e in f.edits:
        if e.kind != "delete":
            continue
        d0, d1 = word_range(b, e.source_start, e.source_end)
        if d1 <= d0:
            continue
        if d1 == y1 and _no_words(a, e.end, f.end):
            hi = min(hi, _kept_to(b, units, d0, d1, held, from_end=True))
        if d0 == y0 and _no_words(a, f.start, e.start):
            lo = max(lo, _kept_to(b, units, d0, d1, held, from_end=False))
    if (lo, hi) == (y0, y1) or hi <= lo:
        return f
    start = int(b.starts[lo]) if lo > y0 else f.source_start
    end = int(b.ends[hi - 1]) if hi < y1 else f.source_end
    return replace(f, source_start=start, source_end=end, edits=_inside(f.edits, start, end))


def _no_words(c: Canonical, start: int, end: int) -> bool:
    """No counted word of ``c`` starts inside characters [start, end)."""
    w0, w1 = word_range(c, start, end)
    return w1 <= w0


def _kept_to(
    b: Canonical, units: Units, d0: int, d1: int, held: frozenset[str], *, from_end: bool
) -> int:
    """Where the source side ends (``from_end``; else begins) once the parts of the edge
    deletion [d0, d1) in one unit each, from the outside, whose words ``held`` mostly lacks
    are dropped: the first word of the first part dropped (the last word after the last
    dropped, at the start), or the deletion's own edge when none is."""
    order = range(units.of_word(d1 - 1), units.of_word(d0) - 1, -1)
    if not from_end:
        order = range(units.of_word(d0), units.of_word(d1 - 1) + 1)
    at = d1 if from_end else d0
    for u in order:
        w0, w1 = max(int(units.bounds[u]), d0), min(int(units.bounds[u + 1]), d1)
        part = b.forms[w0:w1]
        if EDGE_SHARE * len(part) <= sum(x in held for x in part):
            break
        at = w0 if from_end else w1
    return at


def _inside(edits: tuple[Edit, ...], start: int, end: int) -> tuple[Edit, ...]:
    """The edits with their source spans clipped to [start, end); a deletion with none left
    there is dropped."""
    out = []
    for e in edits:
        s0, s1 = min(max(e.source_start, start), end), max(min(e.source_end, end), start)
        if e.kind == "delete" and s1 <= s0:
            continue
        out.append(
            e
            if (s0, s1) == (e.source_start, e.source_end)
            else replace(e, source_start=s0, source_end=s1)
        )
    return tuple(out)
