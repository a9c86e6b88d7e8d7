"""Signal: what a detection signal is, and what kind of fragment it yields (issue 33).

Two protocols and a step, so a new signal is one module, one line of the registry
(:mod:`copylens.core.signals`) and its tests:

* a :class:`PairSignal` runs on a checked document A and a source B and yields fragments:
  ``run(a, b, found, options)`` is given what the signals before it found (:class:`Finding`:
  the words covered on each side and the fragments, nothing for the first) and returns that
  with its own added. Must hold: it only adds (a word covered stays covered, a fragment stays
  as it is); every word it covers lies inside a fragment on that side; its fragments' spans
  lie on word boundaries of the extracted texts; it passes the pair's sentences on as it was
  given them (``Finding.sentences``: :meth:`Finding.adding` does); it covers no word the
  document ignores (``Prepared.ignored``) — ``without_ignored`` removes them anyway, but a
  fragment must not be built on them. It runs in a worker process on pairs ``check`` and
  ``compare`` chose; anything heavy it needs of one document is made once per document
  (memoized on the :class:`~copylens.core.prepare.Prepared`, never pickled), not once per
  pair.
  ``wanted(options)`` says whether the options turn it on.
* a :class:`DocumentSignal` runs on one document and marks its words: ``marks(doc, run,
  options)`` is a boolean per canonical word, or None when it marks none (ignored text: the
  words of the run's templates and common phrases; citations: quotations and the
  bibliography). What it may know of the run beyond the document is in :class:`RunText`. The
  engine ignores the marked words (:func:`copylens.core.ignore.with_ignored`: never matched,
  never counted): a signal that ``marks_sources`` in the sources of a check too, the others
  in the checked documents only. Must hold: it never moves a span (it only marks words).

* a :class:`PairStep` works with what the pair signals find rather than finding fragments of
  its own (a sentence-level signal joins the copy signal's alignments into passages), at three
  points of the pair stage, each a method that leaves what it is given as it is unless the
  step overrides it: ``candidates`` (``check``, before any pair is scored: the sources each
  document is compared with, beyond those sharing an anchor k-gram), ``joined`` (inside the
  copy signal, on the pair's word alignments before they become fragments and coverage), and
  ``assembled`` (after every pair signal ran: the pair's fragments as reported); both are
  given the :class:`Finding` that flows through the pair stage, with the pair's sentences
  (``Finding.sentences``, found once a pair by :func:`copylens.core.score.score_pair`).
  Must hold: ``candidates`` only adds; ``joined`` and ``assembled`` keep every span on word
  boundaries and never cover a word no fragment holds, and ``assembled`` passes the pair's
  sentences on. A step whose ``assembled`` yields fragments of a kind no pair signal yields
  (the summary step) declares it as its ``kind``.

Each pair signal declares the :class:`FragmentKind` it yields, once: its name (the value of
``Fragment.kind``), how the interface names it (label, plural, legend text; translated by the
app from these declarations, context "FragmentKinds", collected by
scripts/build_translations.py), its colour role, its underline and its columns in the CSV
report. The app, the reports and the command line read the declarations
(``copylens.core.FRAGMENT_KINDS``), never their own copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np

from copylens.core.align import Alignment
from copylens.core.canonicalize import Canonical
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Fragment
from copylens.core.sentence_align import PairSentences


@dataclass(frozen=True)
class FragmentKind:
    """One kind of fragment, as every front end shows it."""

    name: str
    """``Fragment.kind`` of its fragments."""
    label: str
    """One fragment of the kind, as the interface names it (English; translated by the app)."""
    plural: str
    legend: str
    """What the kind means, for a legend."""
    colour: Literal["source", "tint"] = "source"
    """"source": the source's own colour; "tint": a lighter tint of it."""
    underline: Literal["edits", "wave"] = "edits"
    """"edits": the edited words dotted; "wave": a wavy line under the whole fragment."""
    columns: tuple[str, ...] = ()
    """Its columns in the CSV report, for each source: fragments, words and, when ``scored``,
    their mean score."""
    scored: bool = False
    """Its fragments carry a ``score`` worth showing (meaning similarity)."""


@dataclass(frozen=True)
class Finding:
    """What the pair signals found so far: words covered on each side, and the fragments; and
    the pair's sentences, which every signal and step passes on as it was given them."""

    covered_a: np.ndarray
    """Boolean per canonical word of A: inside a fragment."""
    covered_b: np.ndarray
    fragments: tuple[Fragment, ...]
    sentences: PairSentences | None = None
    """The pair's sentences (:func:`copylens.core.sentence_align.pair_sentences`), found once
    a pair by :func:`copylens.core.score.score_pair` for the steps that compare sentences
    (the sentence step's ``joined`` and ``assembled``, the summary step's); None where a
    caller runs signals or steps on their own, and each such step then finds them itself."""

    @classmethod
    def nothing(cls, size_a: int, size_b: int, sentences: PairSentences | None = None) -> Finding:
        return cls(np.zeros(size_a, dtype=bool), np.zeros(size_b, dtype=bool), (), sentences)

    def adding(
        self, covered_a: np.ndarray, covered_b: np.ndarray, fragments: Sequence[Fragment]
    ) -> Finding:
        """This and more: the words covered on either, the fragments of both in text order
        (the first signal's as they are)."""
        if not self.fragments:
            merged = tuple(fragments)
        else:
            merged = tuple(sorted((*self.fragments, *fragments), key=lambda f: (f.start, f.end)))
        return Finding(
            covered_a | self.covered_a, covered_b | self.covered_b, merged, self.sentences
        )


class PairSignal(Protocol):
    """Runs on a pair and yields fragments (module docstring)."""

    @property
    def kind(self) -> FragmentKind: ...

    def wanted(self, options: Options) -> bool: ...

    def run(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding: ...


_NO_PHRASES = np.empty(0, dtype=np.uint64)


@dataclass(frozen=True)
class RunText:
    """What a document signal may know of the run beyond the document it marks."""

    phrases: np.ndarray = field(default_factory=lambda: _NO_PHRASES)
    """Anchor k-gram fingerprints to ignore, sorted and distinct: the ignored files' (the
    templates') and, in ``compare``, the common phrases (:mod:`copylens.core.ignore`)."""


class DocumentSignal(Protocol):
    """Runs on one document and marks its words (module docstring)."""

    @property
    def name(self) -> str: ...

    @property
    def marks_sources(self) -> bool:
        """It marks the sources of a check too, not only the checked documents."""
        ...

    def wanted(self, options: Options) -> bool: ...

    def marks(self, doc: Prepared, run: RunText, options: Options) -> np.ndarray | None: ...


class PairStep:
    """A step of the pair stage beside the pair signals (module docstring); a step overrides
    the points it works at, the others leave what they are given as it is."""

    name = "step"
    kind: FragmentKind | None = None
    """The kind of fragment the step yields, if it yields one of its own (a summary)."""
    covers = True
    """Whether :meth:`assembled` may add covered words (``Finding.covered_a``/``covered_b``).
    A step that declares it does not may only keep or take away covered words: after the
    last step that may add some, a pair under ``min_containment`` stays under it, and
    ``compare`` drops it without running the rest (:func:`copylens.core.score.score_pair`).
    tests/test_step_covers.py holds each such step to it."""

    def wanted(self, options: Options) -> bool:
        return True

    def candidates(
        self,
        docs: Sequence[Prepared],
        sources: Sequence[Prepared],
        wanted: list[list[int]],
        options: Options,
    ) -> list[list[int]]:
        """``wanted`` (each document's candidate sources, by index, sorted) with the sources
        the step would have compared too; never a document with itself."""
        return wanted

    def joined(
        self,
        a: Canonical,
        b: Canonical,
        alignments: list[Alignment],
        found: Finding,
        options: Options,
    ) -> list[Alignment]:
        """The copy signal's word alignments of A against B, as they become fragments
        (``found``: what the copy signal was given, the pair's sentences with it)."""
        return alignments

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        """What every pair signal found, as the pair reports it."""
        return found
