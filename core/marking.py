"""Marking: the document signals applied, their marked words ignored (issues 12, 33).

The engine runs the document signals of the registry (:data:`copylens.core.signals.DOCUMENT`)
on each document before it indexes or aligns anything, and ignores the words they mark
(:func:`copylens.core.ignore.with_ignored`): never matched, never counted. A signal that
``marks_sources`` (the run's ignored text) runs on every document of the run, sources too; the
others (citations) on the checked documents only, after it.

What must hold: a document no signal marks goes through as the same object (a run that marks
nothing is the run without this module); the salt of a document's ignored words tells the run's
documents apart — its position in the run, ``n`` for the signals that mark sources, ``-1 - n``
for the others (the salt is the last one applied: the words marked before are salted again).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from copylens.core import signals
from copylens.core.ignore import with_ignored
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.signal import DocumentSignal, RunText


def marked(
    docs: Sequence[Prepared],
    run: RunText,
    options: Options,
    *,
    sources: bool,
    first: int = 0,
) -> list[Prepared]:
    """The documents with the words ignored that the wanted document signals mark: those that
    mark sources too (``sources``), or those that mark checked documents only. ``first`` is the
    run's position of ``docs[0]`` (a partition of a distributed run passes its offset)."""
    wanted = [s for s in signals.DOCUMENT if s.marks_sources == sources and s.wanted(options)]
    if not wanted:
        return list(docs)
    out = []
    for n, doc in enumerate(docs, start=first):
        words = _marks(doc, wanted, run, options)
        salt = n if sources else -1 - n
        out.append(doc if words is None else with_ignored(doc, words, salt, options))
    return out


def every_signal(
    docs: Sequence[Prepared], run: RunText, options: Options, first: int = 0
) -> list[Prepared]:
    """Checked documents that are sources too (``compare``): every signal's words ignored."""
    both = marked(docs, run, options, sources=True, first=first)
    return marked(both, run, options, sources=False, first=first)


def marks_any(options: Options) -> bool:
    """Whether a signal other than the run's phrases (which a document must hold to be marked)
    may mark any document: then every document is read to be marked."""
    return any(s.wanted(options) for s in signals.DOCUMENT if not s.marks_sources)


def _marks(
    doc: Prepared, signals: Sequence[DocumentSignal], run: RunText, options: Options
) -> np.ndarray | None:
    """The words any of ``signals`` marks in ``doc``; None when none does."""
    words: np.ndarray | None = None
    for signal in signals:
        found = signal.marks(doc, run, options)
        if found is not None and found.any():
            words = found if words is None else words | found
    return words
