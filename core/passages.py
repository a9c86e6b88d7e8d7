"""Passages: the sentence-level signal as a step of the pair stage (issues 33, 34).

:mod:`copylens.core.sentence_align` compares whole sentences, so a copy whose words were
shuffled or swapped keeps being found (the method and what must hold are there). It finds no
fragment of its own: it works with the copy signal's, at the three points of a
:class:`~copylens.core.signal.PairStep`:

* ``candidates``: a source sharing two seed k-grams with a document, though no anchor, is
  aligned too (:func:`~copylens.core.sentence_align.sentence_candidates`);
* ``joined``: the copy signal's word alignments and the sentence passages around them are one
  alignment each (:func:`~copylens.core.sentence_align.join`), before coverage is counted;
* ``assembled``: with the paraphrase stage on (``Options.paraphrase``, "Find rewrites":
  sentences in another order or with synonyms), where no signal found a fragment, runs of
  sentences edited from source sentences that kept no run of words
  (:func:`~copylens.core.sentence_align.alone`) are ``"paraphrase"`` fragments, their words
  covered (:func:`edited`); then adjacent fragments are one passage across the sentences
  between them that the source holds, never across a writer's own
  (:func:`~copylens.core.sentence_align.one_passage`), and a fragment of edited words is
  continued over the whole sentences beside it that raise its cosine with its source range
  (:func:`~copylens.core.sentence_align.extended_edges`), the words covered staying as they
  are; where a fragment grew, the fragments are joined again by the same tests, so two an
  edge sentence brought side by side are one passage (PAN-13 development sample, beside the
  engine without it in one run: translation granularity 1.027 -> 1.022, plagdet 0.913 ->
  0.917; verbatim precision 0.954 -> 0.961, one pair's two detections joined; random and
  bench/bench_own_text.py the same).

The passage grouping (issue 34) is a step of its own, the pair's last but one
(:class:`PassageGrouping`, after the summary and names steps; only
:mod:`copylens.core.source_edges`, which moves copies' source ends, comes after it): a copy and
a paraphrase beside it are one ``"copy"`` fragment, the paraphrase's span a ``"retold"`` edit
inside it, so a copied passage with retold sentences is one entry, one highlight and one
detection. Last, so that the summary step
(which reads the fragments' spans and kinds) and the names step see the fragments as before
and cover the same words: the grouping changes the fragments, never the words covered.

Why paraphrase and not copy: such a sentence shares its words with the source, not their
order; "Find rewrites" is the option that promises sentences in another order or with
synonyms, and its fragments are the ones the containment bound of ``compare``
(:func:`copylens.core.score.containment_bound`, a bound of copied text) leaves out. Reported
as copies (with the option off too) they marked an expert rewrite 90 % copied and gave
copies outside every seed zone, over the bound (docs/measurements.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

import numpy as np

from copylens.core.align import Alignment
from copylens.core.canonicalize import Canonical
from copylens.core.names import is_name
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Edit, Fragment
from copylens.core.resources import stop_words
from copylens.core.sentence_align import (
    FINAL_STOP,
    Edited,
    Similarity,
    Units,
    WholeSentences,
    alone,
    extended_edges,
    join,
    one_passage,
    pair_sentences,
    sentence_candidates,
    word_range,
)
from copylens.core.signal import Finding, PairStep


class SentencePassages(PairStep):
    """The sentence-level signal's step (module docstring): always on."""

    name = "sentence passages"

    def candidates(
        self,
        docs: Sequence[Prepared],
        sources: Sequence[Prepared],
        wanted: list[list[int]],
        options: Options,
    ) -> list[list[int]]:
        return sentence_candidates(docs, sources, wanted, options)

    def joined(
        self,
        a: Canonical,
        b: Canonical,
        alignments: list[Alignment],
        found: Finding,
        options: Options,
    ) -> list[Alignment]:
        return join(a, b, alignments, found.sentences)

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        ca, cb = a.canonical, b.canonical
        sentences = found.sentences
        if sentences is None:
            sentences = pair_sentences(ca, cb, (a.text, b.text))
        sim, whole = sentences.similarity, sentences.whole  # whole: once a pair
        if options.paraphrase and sim is not None:
            found = edited(a, b, found, sim, whole)

        def joined(fragments: tuple[Fragment, ...]) -> tuple[Fragment, ...]:
            return one_passage(
                fragments,
                ca,
                cb,
                sim,
                text=a.text,
                source=b.text,
                clauses=sentences.clauses,
                ignored=(a.ignored, b.ignored),
            )

        fragments = joined(found.fragments)
        if sim is not None:
            stops = stop_words(ca.language)
            grown = extended_edges(
                fragments,
                ca,
                cb,
                sim,
                whole,
                a.text,
                lambda f: is_name(a.text[f.start : f.end], f, stops),
            )
            if grown != fragments:  # edges grown side by side: one passage (module docstring)
                fragments = joined(grown)
        return Finding(found.covered_a, found.covered_b, fragments, found.sentences)


def edited(
    a: Prepared,
    b: Prepared,
    found: Finding,
    sim: Similarity,
    whole: WholeSentences | None,
) -> Finding:
    """``found`` with the runs of :func:`~copylens.core.sentence_align.alone` (sim: the
    pair's similarity) as ``"paraphrase"`` fragments, their words covered on both sides: each
    from its first canonical word to its last on both sides, no edits shown (a paraphrase
    shows none), its score the tf-isf cosine of its two sides. A run holding a word either
    document ignores is left out (a fragment is never built on ignored words). ``whole``: the
    pair's whole sentences (:attr:`~copylens.core.sentence_align.PairSentences.whole`, None
    when no line break inside a sentence split a unit; found anew here for an unwrapped pair
    before, a second time)."""
    ca, cb = a.canonical, b.canonical
    taken = [
        (*word_range(ca, f.start, f.end), *word_range(cb, f.source_start, f.source_end))
        for f in found.fragments
    ]
    runs = [
        r
        for r in alone(sim, taken, _ends(a.text, ca, sim.a), whole)
        if not a.ignored_words[r.a0 : r.a1].any() and not b.ignored_words[r.b0 : r.b1].any()
    ]
    if not runs:
        return found
    covered_a, covered_b = np.zeros(len(ca), dtype=bool), np.zeros(len(cb), dtype=bool)
    for r in runs:
        covered_a[r.a0 : r.a1] = covered_b[r.b0 : r.b1] = True
    return found.adding(covered_a, covered_b, [_fragment(r, ca, cb) for r in runs])


_END = re.compile(FINAL_STOP)


def _ends(text: str, c: Canonical, units: Units) -> Callable[[int], int]:
    """The sentence ends a unit of the checked text holds: final punctuation between two of its
    words (a full stop before a small letter, which does not split units, or a sentence too
    short to be a unit of its own, :data:`~copylens.core.sentence_align.MIN_UNIT`), and one
    more when there is final punctuation between its last word and the next unit's first (a
    unit may end at a line break inside a sentence). PAN-13's random obfuscation moves full
    stops and drops capitals: a run of two units of two sentences was counted as one."""

    def ends(u: int) -> int:
        w0, w1 = int(units.bounds[u]), int(units.bounds[u + 1])
        inside = len(_END.findall(text[int(c.starts[w0]) : int(c.ends[w1 - 1])])) if w1 > w0 else 0
        if u + 1 >= len(units):
            return inside + 1
        gap = text[int(c.ends[w1 - 1]) : int(c.starts[w1])] + " "
        return inside + (_END.search(gap) is not None)

    return ends


def _fragment(r: Edited, a: Canonical, b: Canonical) -> Fragment:
    held = set(b.hashes[r.b0 : r.b1].tolist())
    return Fragment(
        start=int(a.starts[r.a0]),
        end=int(a.ends[r.a1 - 1]),
        source_start=int(b.starts[r.b0]),
        source_end=int(b.ends[r.b1 - 1]),
        words=r.a1 - r.a0,
        exact_words=sum(h in held for h in a.hashes[r.a0 : r.a1].tolist()),
        kind="paraphrase",
        score=round(r.cosine, 3),
    )


SENTENCE_PASSAGES = SentencePassages()


class PassageGrouping(PairStep):
    """The passage grouping (module docstring): with "Find rewrites" on, the pair's copy and
    paraphrase fragments next to each other, by :func:`~copylens.core.sentence_align.
    one_passage`'s tests, are one copy passage with ``"retold"`` edits (``grouped``); two
    paraphrases next to each other are one paraphrase, also where a step after the sentence
    step took away a fragment between them (the names step: PAN-13 development sample,
    suspicious-document00330, two paraphrases of one case around a name "copy"). Given
    the pair's similarity from ``Finding.sentences`` (found once a pair; found here for a
    caller that runs the step on its own); a pair too long to compare whole is grouped
    without it; then each retold edit is cut into one per sentence (:func:`retold_by_sentence`).
    Must hold: the covered words, the pair's sentences and every fragment of another kind stay
    as they are; every retold edit lies inside its copy fragment and holds one sentence."""

    name = "passage grouping"
    covers = False  # regroups fragments; the covered words stay as they are (above)

    def wanted(self, options: Options) -> bool:
        return options.paraphrase

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        fragments = found.fragments
        joinable = [f.kind for f in fragments if f.kind in ("copy", "paraphrase")]
        if "paraphrase" in joinable and len(joinable) > 1:
            ca, cb = a.canonical, b.canonical
            sentences = found.sentences
            if sentences is None:
                sentences = pair_sentences(ca, cb, (a.text, b.text))
            fragments = one_passage(
                fragments,
                ca,
                cb,
                sentences.similarity,
                grouped=True,
                text=a.text,
                source=b.text,
                clauses=sentences.clauses,
                ignored=(a.ignored, b.ignored),
            )
        fragments = tuple(retold_by_sentence(f, a) for f in fragments)
        if fragments == found.fragments:
            return found
        return Finding(found.covered_a, found.covered_b, fragments, found.sentences)


def retold_by_sentence(fragment: Fragment, a: Prepared) -> Fragment:
    """``fragment`` with each ``"retold"`` edit cut into one per sentence of the checked text
    (``Canonical.sentences``), so that every front end counts retold sentences (a paraphrase
    of a run of sentences joined to a copy is one edit until here). The pieces tile the
    edit's characters exactly (the passage looks as before), each cut where its sentence
    starts (:func:`_sentence_start`), each with the edit's whole source span (which source
    sentence retells which is not known). A retold edit whose first sentence is the last
    one of the retold edit before it (the sentence's middle words copied word for word
    between the two) is ``continued`` there: the two pieces are one retold sentence.
    Fragments and edits of other kinds are returned as they are."""
    if not any(e.kind == "retold" for e in fragment.edits):
        return fragment
    c = a.canonical
    edits: list[Edit] = []
    last = -1  # the sentence the retold edit before ends in
    for e in fragment.edits:
        w0, w1 = word_range(c, e.start, e.end)
        if e.kind != "retold" or w1 <= w0:
            edits.append(e)
            continue
        firsts = (np.flatnonzero(np.diff(c.sentences[w0:w1])) + w0 + 1).tolist()
        cuts = [e.start, *(_sentence_start(a.text, c, w) for w in firsts), e.end]
        continued = int(c.sentences[w0]) == last
        edits += [
            replace(e, start=x, end=y, continued=continued and i == 0)
            for i, (x, y) in enumerate(pairwise(cuts))
        ]
        last = int(c.sentences[w1 - 1])
    return replace(fragment, edits=tuple(edits))


def _sentence_start(text: str, c: Canonical, w: int) -> int:
    """Where the sentence whose first canonical word is ``w`` starts: after the final
    punctuation and the white space that follow the previous word (its stop words, "Without
    them the", are the sentence's); at word ``w`` where no final punctuation stands between."""
    gap_start = int(c.ends[w - 1])
    gap = text[gap_start : int(c.starts[w])]
    end = _END.search(gap + " ")
    if end is None:
        return int(c.starts[w])
    rest = gap[end.end() :]
    return gap_start + len(gap) - len(rest.lstrip())


PASSAGE_GROUPING = PassageGrouping()
