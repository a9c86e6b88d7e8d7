"""Coverage: each compared document's share found in any other document (issue 16).

*Compare all* reports pairs; a teacher also wants one figure per essay, the share of it that
turns up anywhere else. It is read off the report alone: the union of the character spans
of a document's fragments over all its pairs (each pair's fragments give ``start``/``end`` in
its ``a`` and ``source_start``/``source_end`` in its ``b``), overlapping spans counted once,
measured in the words of the document's extracted text (``report.texts``).

Words are the tokenizer's (:func:`copylens.core.canonicalize.word_spans`: every word, stop
words included), not the canonical words the pairs' containments count: the report does not
keep which canonical words the run ignored (common phrases, templates), and canonicalizing
again costs 2.5 s a thousand essays. A word is found when it starts inside the union. The
share is that count over all words, raised to the largest containment of the document's pairs
where it is under it: a copy the pairs list shows at 100 % is not 98.7 % here because the
set phrase "in conclusion" it holds was ignored as common (on 2,000 essays of
``bench/make_essays.py`` half the documents with a pair are raised so, most by 1–2 points).
What holds: the share is in [0, 1]; it is at least the largest containment of its pairs; it
never falls when a pair is added; a span found by two pairs counts once.

Pure: no files, no Qt; cost is one pass of the word pattern over documents with a pair.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from copylens.core.canonicalize import word_spans
from copylens.core.citations import union
from copylens.core.report import CompareReport, PairResult


@dataclass(frozen=True)
class DocumentShare:
    """One compared document: how much of it is found in the others, and its main partner."""

    path: str
    share: float
    """Share of the document's words inside a fragment of any of its pairs (0..1), at least
    ``partner_share``."""
    found_words: int
    words: int
    """Words of the extracted text (0 when the document has no pair: not counted)."""
    partner: str | None
    """The other document of its pair with the largest containment of this one, or None."""
    partner_share: float
    """That pair's containment of this document (the engine's figure, as the pairs list)."""
    pairs: int
    """Pairs the document is in."""


def merged(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The union of half-open spans as sorted, disjoint, non-touching spans (empty ones
    dropped): :func:`copylens.core.citations.union`."""
    return list(union(spans))


def word_starts(text: str) -> list[int]:
    """Where each word of ``text`` starts, ascending."""
    return [start for start, _ in word_spans(text)]


def words_inside(
    text: str, spans: Iterable[tuple[int, int]], starts: list[int] | None = None
) -> tuple[int, int]:
    """(words starting inside the union of ``spans``, all words of ``text``); ``starts`` is
    :func:`word_starts` of ``text`` when already known."""
    if starts is None:
        starts = word_starts(text)
    found = sum(
        bisect_left(starts, end) - bisect_left(starts, start) for start, end in merged(spans)
    )
    return found, len(starts)


def document_shares(report: CompareReport) -> tuple[DocumentShare, ...]:
    """Every document of ``report`` (its ``documents``, in their order, then any other that a
    pair names) with its share found in the others; see the module docstring. Counted once
    per report and kept in its ``memo``."""
    memo = report.memo
    if "shares" not in memo:
        memo["shares"] = shares_of(
            report.pairs, report.texts, report.documents, _starts_memo(report)
        )
    shares: tuple[DocumentShare, ...] = memo["shares"]
    return shares


def group_shares(
    report: CompareReport | None, groups: Iterable[Sequence[str]]
) -> list[tuple[DocumentShare, ...]]:
    """For each group (documents of ``report``), each member with its share found in the
    other members: :func:`shares_of` over the pairs both of whose documents are members
    (none without a report)."""
    by_path: dict[str, list[PairResult]] = {}
    for pair in report.pairs if report else ():
        by_path.setdefault(pair.a, []).append(pair)
    texts = report.texts if report else {}
    starts = _starts_memo(report) if report else {}
    found = []
    for group in groups:
        members = set(group)
        inside = [p for path in group for p in by_path.get(path, ()) if p.b in members]
        found.append(shares_of(inside, texts, group, starts))
    return found


def _starts_memo(report: CompareReport) -> dict[str, list[int]]:
    """Where each word of a document starts, by path, kept in the report's ``memo`` as
    documents are counted (a group's shares then cost no tokenizing)."""
    starts: dict[str, list[int]] = report.memo.setdefault("word_starts", {})
    return starts


def shares_of(
    pairs: Iterable[PairResult],
    texts: Mapping[str, str],
    documents: Iterable[str] = (),
    starts: dict[str, list[int]] | None = None,
) -> tuple[DocumentShare, ...]:
    """:func:`document_shares` over ``pairs`` only (a group's pairs among its members: each
    member's share found in the other members), for ``documents`` and those the pairs name.
    ``starts`` memoizes :func:`word_starts` by path."""
    spans: dict[str, list[tuple[int, int]]] = {}
    best: dict[str, tuple[float, str]] = {}
    count: dict[str, int] = {}
    for pair in pairs:
        sides = (
            (pair.a, pair.b, pair.containment_ab, [(f.start, f.end) for f in pair.fragments]),
            (
                pair.b,
                pair.a,
                pair.containment_ba,
                [(f.source_start, f.source_end) for f in pair.fragments],
            ),
        )
        for path, other, share, found in sides:
            spans.setdefault(path, []).extend(found)
            count[path] = count.get(path, 0) + 1
            if path not in best or (-share, other) < (-best[path][0], best[path][1]):
                best[path] = (share, other)
    paths = list(dict.fromkeys([*documents, *spans]))
    memo = {} if starts is None else starts
    return tuple(_share_of(path, texts.get(path, ""), spans, best, count, memo) for path in paths)


def _share_of(
    path: str,
    text: str,
    spans: dict[str, list[tuple[int, int]]],
    best: dict[str, tuple[float, str]],
    count: dict[str, int],
    starts: dict[str, list[int]],
) -> DocumentShare:
    if path not in spans:
        return DocumentShare(path, 0.0, 0, 0, None, 0.0, 0)
    if path not in starts:
        starts[path] = word_starts(text)
    found, words = words_inside(text, spans[path], starts[path])
    share, partner = best[path]
    return DocumentShare(
        path=path,
        share=max(found / words if words else 0.0, share),
        found_words=found,
        words=words,
        partner=partner,
        partner_share=share,
        pairs=count[path],
    )
