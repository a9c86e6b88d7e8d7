"""Related: the paraphrase signal's candidates, a step of the pair stage (issues 17, 33).

A rewrite may share no anchor k-gram with its source, so ``check`` also compares a document
with the given sources that hold the largest share of its distinct canonical words
(:meth:`copylens.core.paraphrase.Vocabulary.related`), when the paraphrase signal is on. The
sources' vocabulary is made once per run, here, in the process that plans the pairs.
"""

from __future__ import annotations

from collections.abc import Sequence

from copylens.core.options import Options
from copylens.core.paraphrase import Vocabulary
from copylens.core.prepare import Prepared
from copylens.core.signal import PairStep


class RelatedWords(PairStep):
    """The paraphrase signal's candidate step (module docstring)."""

    name = "related words"
    covers = False  # works at the candidates only

    def wanted(self, options: Options) -> bool:
        return options.paraphrase

    def candidates(
        self,
        docs: Sequence[Prepared],
        sources: Sequence[Prepared],
        wanted: list[list[int]],
        options: Options,
    ) -> list[list[int]]:
        vocabulary = Vocabulary.of(sources)
        return [sorted({*w, *vocabulary.related(d)}) for d, w in zip(docs, wanted, strict=True)]


RELATED_WORDS = RelatedWords()
