"""Signals: the registry of detection signals (issue 33; the protocols are
:mod:`copylens.core.signal`).

:data:`PAIR` runs, in this order, on every pair the engine scores
(:func:`copylens.core.score.score_pair`), each given what the ones before found: copy
alignment first (the paraphrase stage compares only what it left). :data:`DOCUMENT` marks
words of one document that the engine then ignores (:func:`copylens.core.marking.marked`): the
run's ignored text (in sources too), then citations (in checked documents only).
:data:`FRAGMENT_KINDS` is every kind of fragment the pair signals yield, by name, for the front
ends. Adding a signal: its module (a class with ``kind``, ``wanted`` and ``run``; or ``name``,
``marks_sources``, ``wanted`` and ``marks``), one line here, its tests.
"""

from __future__ import annotations

from copylens.core.cited import CITATIONS
from copylens.core.copies import CopyAlignment
from copylens.core.paraphrase import Paraphrase
from copylens.core.signal import DocumentSignal, FragmentKind, PairSignal
from copylens.core.templates import TEMPLATES

PAIR: tuple[PairSignal, ...] = (
    CopyAlignment(),
    Paraphrase(),
)
DOCUMENT: tuple[DocumentSignal, ...] = (
    TEMPLATES,
    CITATIONS,
)
FRAGMENT_KINDS: dict[str, FragmentKind] = {s.kind.name: s.kind for s in PAIR}


def fragment_kind(name: str) -> FragmentKind:
    """The declaration of the kind ``name`` (``Fragment.kind``); a kind no signal declares
    (a report written by another version) is shown as a copy."""
    return FRAGMENT_KINDS.get(name, FRAGMENT_KINDS["copy"])
