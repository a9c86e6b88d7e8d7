"""The PAN text-alignment measures: macro precision and recall, granularity, plagdet.

As defined by Potthast, Stein, Barrón-Cedeño and Rosso, "An Evaluation Framework for
Plagiarism Detection", COLING 2010 (§3), and implemented by the PAN organisers' reference
script (``pan09-plagiarism-detection-performance-measures.py``, webis.de, v1.3).

A plagiarism case ``s ∈ S`` and a detection ``r ∈ R`` are both a passage of a suspicious
document paired with a passage of a source document; each is read as the *set of character
references* of both passages, so ``|s| = |s_plg| + |s_src|``. ``r`` detects ``s`` when they
name the same two documents and their passages overlap in the suspicious document *and* in
the source. With ``s ⊓ r = s ∩ r`` if ``r`` detects ``s`` and ``∅`` otherwise (characters
counted on both sides):

- ``prec(S, R) = 1/|R| · Σ_{r∈R} |⊔_{s∈S} (s ⊓ r)| / |r|``
- ``rec(S, R)  = 1/|S| · Σ_{s∈S} |⊔_{r∈R} (s ⊓ r)| / |s|``
- ``gran(S, R) = 1/|S_R| · Σ_{s∈S_R} |R_s|``, where ``S_R`` are the cases detected by some
  ``r ∈ R`` and ``R_s`` the detections of ``s``;
- ``plagdet(S, R) = F1 / log2(1 + gran(S, R))``, ``F1`` the harmonic mean of prec and rec.

Conventions for empty sets, those of the reference script: precision (recall) is 1 when
there are neither cases nor detections and 0 when exactly one of ``S``, ``R`` is empty — so
with no detections both are 0, and detections on a collection without cases have precision
0; granularity is 1 when no case is detected; plagdet is 0 when ``prec + rec = 0``.

Spans are half-open ``[start, end)`` Python string offsets.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Span = tuple[int, int]


@dataclass(frozen=True)
class Annotation:
    """A case or a detection: ``[start, end)`` in ``suspicious``, ``[source_start,
    source_end)`` in ``source`` (document names)."""

    suspicious: str
    start: int
    end: int
    source: str
    source_start: int
    source_end: int

    def __post_init__(self) -> None:
        if not (0 <= self.start <= self.end and 0 <= self.source_start <= self.source_end):
            raise ValueError(f"bad spans in {self}")

    @property
    def documents(self) -> tuple[str, str]:
        return self.suspicious, self.source

    def __len__(self) -> int:
        """|a|: characters referenced on both sides."""
        return (self.end - self.start) + (self.source_end - self.source_start)


@dataclass(frozen=True)
class PanScores:
    precision: float
    recall: float
    granularity: float
    plagdet: float
    cases: int
    detections: int
    detected_cases: int

    @property
    def f1(self) -> float:
        return _f1(self.precision, self.recall)


def detects(r: Annotation, s: Annotation) -> bool:
    """True when ``r`` and ``s`` overlap in both the suspicious and the source document."""
    return (
        r.documents == s.documents
        and _overlaps((r.start, r.end), (s.start, s.end))
        and _overlaps((r.source_start, r.source_end), (s.source_start, s.source_end))
    )


def covered(x: Annotation, others: Iterable[Annotation]) -> int:
    """|⊔_{y} (x ⊓ y)|: characters of ``x`` (both sides) inside the ``others`` detecting it."""
    hits = [y for y in others if detects(x, y)]
    plg = [(max(x.start, y.start), min(x.end, y.end)) for y in hits]
    src = [(max(x.source_start, y.source_start), min(x.source_end, y.source_end)) for y in hits]
    return union_length(plg) + union_length(src)


def macro_recall(cases: Sequence[Annotation], detections: Sequence[Annotation]) -> float:
    """rec(S, R): the mean over cases of the share of each case's characters detected."""
    if not cases or not detections:
        return 1.0 if not cases and not detections else 0.0
    by_pair = _by_pair(detections)
    return sum(_share(s, by_pair.get(s.documents, [])) for s in cases) / len(cases)


def macro_precision(cases: Sequence[Annotation], detections: Sequence[Annotation]) -> float:
    """prec(S, R): the mean over detections of the share of each one's characters in cases."""
    return macro_recall(detections, cases)


def granularity(cases: Sequence[Annotation], detections: Sequence[Annotation]) -> float:
    """gran(S, R): mean number of detections per detected case (1 when none is detected)."""
    by_pair = _by_pair(detections)
    counts = [sum(detects(r, s) for r in by_pair.get(s.documents, [])) for s in cases]
    detected = [n for n in counts if n > 0]
    return sum(detected) / len(detected) if detected else 1.0


def plagdet(precision: float, recall: float, gran: float) -> float:
    """F1 / log2(1 + gran); 0 when precision + recall is 0."""
    return _f1(precision, recall) / math.log2(1.0 + gran)


def evaluate(cases: Sequence[Annotation], detections: Sequence[Annotation]) -> PanScores:
    """All PAN measures of ``detections`` against ``cases``."""
    prec = macro_precision(cases, detections)
    rec = macro_recall(cases, detections)
    gran = granularity(cases, detections)
    by_pair = _by_pair(detections)
    detected = sum(any(detects(r, s) for r in by_pair.get(s.documents, [])) for s in cases)
    return PanScores(
        prec, rec, gran, plagdet(prec, rec, gran), len(cases), len(detections), detected
    )


def union_length(spans: Iterable[Span]) -> int:
    """Characters covered by the union of half-open spans (empty ones ignored)."""
    total, end = 0, None
    for lo, hi in sorted(s for s in spans if s[1] > s[0]):
        if end is None or lo >= end:
            total += hi - lo
            end = hi
        elif hi > end:
            total += hi - end
            end = hi
    return total


def _share(x: Annotation, others: Sequence[Annotation]) -> float:
    return covered(x, others) / len(x) if len(x) else 0.0


def _by_pair(annotations: Iterable[Annotation]) -> dict[tuple[str, str], list[Annotation]]:
    index: dict[tuple[str, str], list[Annotation]] = defaultdict(list)
    for a in annotations:
        index[a.documents].append(a)
    return index


def _overlaps(a: Span, b: Span) -> bool:
    return max(a[0], b[0]) < min(a[1], b[1])


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
