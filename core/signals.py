"""Signals: the registry of detection signals (issue 33; the protocols are
:mod:`copylens.core.signal`).

:data:`PAIR` runs, in this order, on every pair the engine scores
(:func:`copylens.core.score.score_pair`), each given what the ones before found: copy
alignment first (the paraphrase stage compares only what it left). :data:`DOCUMENT` marks
words of one document that the engine then ignores (:func:`copylens.core.marking.marked`): the
run's ignored text (in sources too), then citations (in checked documents only).
:data:`FRAGMENT_KINDS` is every kind of fragment the pair signals yield, by name, for the front
ends. :data:`STEPS` work with what the pair signals find, in this order (the sentence-level
signal's passages, the paraphrase signal's candidates, summaries, names, the passage grouping,
the source edges last): at the engine's candidates, inside the copy signal (which is given
them) and after every pair signal ran (:class:`~copylens.core.signal.PairStep`). Adding a
signal: its module (a class with ``kind``, ``wanted`` and ``run``; or ``name``,
``marks_sources``, ``wanted`` and ``marks``; or a ``PairStep``), one line here, its tests.
"""

from __future__ import annotations

from copylens.core.cited import CITATIONS
from copylens.core.copies import CopyAlignment
from copylens.core.names import NAMES
from copylens.core.paraphrase import Paraphrase
from copylens.core.passages import PASSAGE_GROUPING, SENTENCE_PASSAGES
from copylens.core.related import RELATED_WORDS
from copylens.core.signal import DocumentSignal, FragmentKind, PairSignal, PairStep
from copylens.core.source_edges import SOURCE_EDGES
from copylens.core.summary import SUMMARIES
from copylens.core.templates import TEMPLATES

STEPS: tuple[PairStep, ...] = (
    SENTENCE_PASSAGES,
    RELATED_WORDS,
    SUMMARIES,
    NAMES,
    PASSAGE_GROUPING,
    SOURCE_EDGES,
)
PAIR: tuple[PairSignal, ...] = (
    CopyAlignment(STEPS),
    Paraphrase(),
)
DOCUMENT: tuple[DocumentSignal, ...] = (
    TEMPLATES,
    CITATIONS,
)
FRAGMENT_KINDS: dict[str, FragmentKind] = {
    k.name: k for k in (*(s.kind for s in PAIR), *(s.kind for s in STEPS)) if k is not None
}


def fragment_kind(name: str) -> FragmentKind:
    """The declaration of the kind ``name`` (``Fragment.kind``); a kind no signal declares
    (a report written by another version) is shown as a copy."""
    return FRAGMENT_KINDS.get(name, FRAGMENT_KINDS["copy"])
