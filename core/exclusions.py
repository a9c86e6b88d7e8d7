"""Exclusions: a check's figures recomputed without what the teacher leaves out (issue 36).

Turnitin's report filters (exclude matches under N words, sources under X %, a source, all
sources of a kind) change every figure, not only the list. Here a :class:`~copylens.core.
report.Exclusions` is applied to a finished :class:`~copylens.core.report.CheckReport`, from
the report alone (its texts and options), so the window recomputes without running the check
again:

* each document's canonical words are found again (:func:`~copylens.core.canonicalize.
  canonicalize` under the report's options: the same words, so the same positions) and its
  cited words (:func:`~copylens.core.citations.cited_spans`), as :mod:`copylens.core.prepare`
  finds them;
* a source's covered words are the words starting inside its kept fragments, less the words
  the check did not count as found there (``Fragment.uncovered``: a writer's own sentence
  inside a copied passage, the words between the two parts of a passage joined across a gap,
  words past the pair's seed zones), which gives back the engine's figures with nothing
  hidden (tests/test_fragment_invariants.py; counting every word but inserted ones instead,
  194 of the 514 PAN-13 development pairs' documents disagreed,
  bench/lab_fragment_invariants.py); a report saved before fragments kept them leaves out
  the inserted words (``Edit.kind == "insert"``) instead; a sentence retold inside a copy
  passage (``Edit.kind == "retold"``, issue 34) is covered, as the paraphrase it was, and a
  passage is kept or hidden whole (``min_words`` counts its words, retold ones included);
* the shares then follow :func:`copylens.core.engine._document_result`: ``containment``,
  ``cited`` and ``exclusive`` per source, ``uniqueness``, ``borrowed``, ``cited`` and
  ``self_cited`` per document, summing to 1; a source's ``reverse_containment`` is counted
  over its own text's words where the report holds it (else scaled with its matched words).

What holds: with nothing excluded the report is returned as it is; a document none of whose
sources or fragments is left out keeps its figures exactly; leaving something out never lowers
uniqueness. A document whose counted words differ from its canonical words (a template given
with ``ignore`` removed some) is recomputed over its canonical words: the report does not keep
which words were ignored.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from copylens.core.arrays import words_marked
from copylens.core.canonicalize import canonicalize
from copylens.core.citations import cited_spans
from copylens.core.prepare import words_in
from copylens.core.report import CheckReport, DocumentResult, Exclusions, Fragment, SourceMatch


def exclude(report: CheckReport, exclusions: Exclusions) -> CheckReport:
    """``report`` with ``exclusions`` applied and every share recomputed (see the module
    docstring). They replace any the report had: they apply to the report as the engine gave
    it (``report.unexcluded``), and no exclusions give that one back."""
    base = report.unexcluded or report
    if not exclusions:
        return base
    documents = tuple(
        _document(d, base.texts.get(d.path), base, exclusions) for d in base.documents
    )
    return replace(base, documents=documents, exclusions=exclusions, unexcluded=base)


def _kept(source: SourceMatch, exclusions: Exclusions) -> tuple[Fragment, ...]:
    return tuple(f for f in source.fragments if f.words >= exclusions.min_words)


def _document(
    d: DocumentResult, text: str | None, report: CheckReport, exclusions: Exclusions
) -> DocumentResult:
    kept = [(s, _kept(s, exclusions)) for s in d.sources if not exclusions.hides(s)]
    if text is None or (
        len(kept) == len(d.sources) and all(len(f) == len(s.fragments) for s, f in kept)
    ):
        return d  # nothing of this document left out (or no text to count again)
    return recount(d, kept, text, report)


def recount(
    d: DocumentResult,
    kept: list[tuple[SourceMatch, tuple[Fragment, ...]]],
    text: str,
    report: CheckReport,
) -> DocumentResult:
    """``d``'s figures counted again from ``kept`` (each source not hidden, with the fragments
    left of it: a source none of whose fragments is left is gone, one that had none, sharing
    only its resemblance, stays) and the document's ``text`` (the module docstring); with
    every source and fragment kept, the engine's figures (tests/test_fragment_invariants.py)."""
    starts = np.asarray(canonicalize(text, report.options).starts, dtype=np.int64)
    n = len(starts)
    cited = words_in(starts, cited_spans(text))
    sources = [(s, frags, _covered(starts, frags)) for s, frags in kept if frags or not s.fragments]
    coverage = np.array([c for _, _, c in sources], dtype=bool).reshape(len(sources), n)
    covered_by = coverage.sum(axis=0)
    others = [row for row, (s, _, _) in enumerate(sources) if not s.self_citation]
    by_others = coverage[others].any(axis=0) if others else np.zeros(n, dtype=bool)
    covered = covered_by > 0
    matches = [
        replace(
            s,
            fragments=frags,
            containment=_share(c, n),
            matched_words=int(c.sum()),
            cited=_share(c & cited, n),
            exclusive=_share(c & (covered_by == 1), n),
            reverse_containment=_reverse(s, frags, int(c.sum()), report),
        )
        for s, frags, c in sources
    ]
    matches.sort(key=lambda m: (-m.containment, -m.resemblance, m.path))
    return replace(
        d,
        sources=tuple(matches),
        uniqueness=float((~covered).mean()) if n else 1.0,
        borrowed=_share(by_others & ~cited, n),
        cited=_share(covered & cited, n),
        self_cited=_share(covered & ~by_others & ~cited, n),
    )


def _covered(starts: np.ndarray, fragments: tuple[Fragment, ...]) -> np.ndarray:
    """Boolean per canonical word: it starts inside a fragment, and not among the words the
    check did not count as found there (``Fragment.uncovered``; where the report does not
    keep them, saved before, the words the copier inserted)."""
    return words_marked(
        starts,
        [(f.start, f.end) for f in fragments],
        [span for f in fragments for span in _missed(f)],
    )


def _missed(f: Fragment) -> tuple[tuple[int, int], ...]:
    if f.uncovered is not None:
        return f.uncovered
    return tuple((e.start, e.end) for e in f.edits if e.kind == "insert")


def _reverse(
    source: SourceMatch, fragments: tuple[Fragment, ...], matched: int, report: CheckReport
) -> float:
    """The share of the source's words found in the document through ``fragments``."""
    if len(fragments) == len(source.fragments):
        return source.reverse_containment
    text = report.text_of(source)
    if text is None:
        return source.reverse_containment * matched / max(1, source.matched_words)
    starts = np.asarray(canonicalize(text, report.options).starts, dtype=np.int64)
    mask = words_marked(
        starts,
        [(f.source_start, f.source_end) for f in fragments],
        [(e.source_start, e.source_end) for f in fragments for e in f.edits if e.kind == "delete"],
    )
    return _share(mask, len(starts))


def _share(words: np.ndarray, n: int) -> float:
    return float(words.sum()) / n if n else 0.0
