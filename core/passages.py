"""Passages: the sentence-level signal as a step of the pair stage (issues 33, 34).

:mod:`copylens.core.sentence_align` compares whole sentences, so a copy whose words were
shuffled or swapped keeps being found (the method and what must hold are there). It finds no
fragment of its own: it works with the copy signal's, at the three points of a
:class:`~copylens.core.signal.PairStep`:

* ``candidates``: a source sharing two seed k-grams with a document, though no anchor, is
  aligned too (:func:`~copylens.core.sentence_align.sentence_candidates`);
* ``joined``: the copy signal's word alignments and the sentence passages around them are one
  alignment each (:func:`~copylens.core.sentence_align.join`), before coverage is counted;
* ``assembled``: adjacent fragments are one passage across the sentences between them that
  the source holds, never across a writer's own (:func:`~copylens.core.sentence_align.one_passage`),
  the words covered staying as they are. (Copied sentences that kept no run of words where
  no fragment stands, :func:`~copylens.core.sentence_align.alone`, are not reported: they
  marked expert rewrites as copies with the paraphrase stage off and broke the containment
  bound ``compare`` skips pairs by; see docs/measurements.md.)
"""

from __future__ import annotations

from collections.abc import Sequence

from copylens.core.align import Alignment
from copylens.core.canonicalize import Canonical
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.sentence_align import (
    join,
    one_passage,
    pair_similarity,
    sentence_candidates,
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
        fragments = one_passage(found.fragments, ca, cb, sim)
        return Finding(found.covered_a, found.covered_b, fragments)


SENTENCE_PASSAGES = SentencePassages()
