"""Passages: the sentence-level signal as a step of the pair stage (issues 33, 34).

:mod:`copylens.core.sentence_align` compares whole sentences, so a copy whose words were
shuffled or swapped keeps being found (the method and what must hold are there). It finds no
fragment of its own: it works with the copy signal's, at the three points of a
:class:`~copylens.core.signal.PairStep`:

* ``candidates``: a source sharing two seed k-grams with a document, though no anchor, is
  aligned too (:func:`~copylens.core.sentence_align.sentence_candidates`);
* ``joined``: the copy signal's word alignments and the sentence passages around them are one
  alignment each (:func:`~copylens.core.sentence_align.join`), before coverage is counted;
* ``assembled``: where no signal found a fragment, copied sentences that kept no run of
  words (:func:`~copylens.core.sentence_align.alone`) are copies, their words covered; then
  adjacent fragments are one passage across the sentences between them that the source
  holds, never across a writer's own (:func:`~copylens.core.sentence_align.one_passage`),
  the words covered staying as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from copylens.core.align import Alignment
from copylens.core.canonicalize import Canonical
from copylens.core.copies import to_fragment
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.sentence_align import (
    alone,
    join,
    one_passage,
    pair_similarity,
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
        self, a: Canonical, b: Canonical, alignments: list[Alignment], options: Options
    ) -> list[Alignment]:
        return join(a, b, alignments)

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        ca, cb = a.canonical, b.canonical
        sim = pair_similarity(ca, cb)
        taken = [word_range(ca, f.start, f.end) for f in found.fragments]
        more = alone(ca, cb, sim, taken) if sim is not None else []
        if more:
            found = found.adding(
                _covered(len(ca), more, 0),
                _covered(len(cb), more, 1),
                [to_fragment(f, ca, cb) for f in more],
            )
        fragments = one_passage(found.fragments, ca, cb, sim)
        return Finding(found.covered_a, found.covered_b, fragments)


def _covered(n: int, found: Sequence[Alignment], side: int) -> np.ndarray:
    """Boolean per word of A (``side`` 0) or B (1), of ``n`` words: inside an alignment,
    outside its words the other side does not hold (as the copy signal counts them)."""
    covered = np.zeros(n, dtype=bool)
    gap = "insert" if side == 0 else "delete"
    for f in found:
        covered[(f.a0, f.b0)[side] : (f.a1, f.b1)[side]] = True
        for e in f.edits:
            if e.kind == gap:
                covered[(e.a0, e.b0)[side] : (e.a1, e.b1)[side]] = False
    return covered


SENTENCE_PASSAGES = SentencePassages()
