"""Duplicates in a news stream: candidates within a time window, the SVM, relations, clusters.

ALGORITHMS.md §6 (Andreev, Berezkin, Kozlov, Simakov): a stream of tens of thousands of items
a day is never compared all against all. Items are taken in order of publication and each is
compared only with earlier items inside the time window, and of those only with the ones a
prefilter selects:

- ``"signature"``: the paper's signature, the 2 heaviest lemmas joined alphabetically
  (``criteria.heavy_signature``); equal signatures are candidates (recall 0.80, precision
  0.58 in the study);
- ``"anchors"``: the engine's own candidate search, items sharing an anchor k-gram (a run of
  ``Options.anchor_words`` canonical words, ``copylens.core.shingle.kgram_set``) found through
  ``copylens.core.index.MemoryIndex``, k-grams held by more than ``MAX_DF`` items ignored as
  boilerplate, as ``core/engine.py`` does;
- ``"both"``: the union of those two;
- ``"neighbours"`` (the default, issue 37): each item's nearest earlier items by TF-IDF cosine
  over lemmas (``copylens.core.news.neighbours``).

Every prefilter proposes at most ``per_item`` earlier items per item (issue 38: a feed of
near-identical entries compared every pair): the latest ones of an equal signature, those
sharing the most anchors, the nearest neighbours.

What must hold:
- a pair is a candidate only if the prefilter selects it and the two items are at most the
  window apart; an item without a time is compared with every item (the prefilter still
  applies); each pair appears once, as (i, j) with i < j, positions in the given sequence;
- the anchor index is built a block of one window at a time over that block and the window
  before it, so memory and work grow with the stream times the window, not its square;
- a pair is a duplicate when the mean of its two directions' probabilities is at least the
  model's threshold (0.5 unless its training chose another);
  the later published item duplicates the earlier; with equal or unknown times the item of
  the source of lower authority duplicates the other; otherwise each duplicates the other
  ("mutual"). Clusters are the connected components of the duplicate pairs (union–find).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from copylens.core.canonicalize import canonicalize
from copylens.core.errors import Cancelled, NewsError
from copylens.core.index import MAX_DF, MemoryIndex
from copylens.core.news.classify import Model, columns
from copylens.core.news.criteria import (
    Analyzed,
    Weights,
    analyze,
    heavy_signature,
    pair_features,
)
from copylens.core.news.items import NewsItem
from copylens.core.news.neighbours import PER_ITEM, neighbour_pairs
from copylens.core.options import Options
from copylens.core.prepare import CancelCheck, Progress
from copylens.core.report import InputFailure
from copylens.core.shingle import kgram_set
from copylens.core.unionfind import groups

PREFILTERS = ("neighbours", "signature", "anchors", "both")
RELATIONS = ("a_duplicates_b", "b_duplicates_a", "mutual")
UNKNOWN_AUTHORITY = 0.5
"""aut(s) of a source the labels never named (as ``criteria.features`` takes it)."""
DAY = 86400.0
_BATCH = 256
"""Pairs whose vectors go to the model at a time."""


@dataclass(frozen=True)
class NewsPair:
    """Two items judged duplicates: ``a`` before ``b`` in the input, how one relates to the
    other, and the mean of the two directions' probabilities."""

    a: str
    b: str
    relation: str
    probability: float


@dataclass(frozen=True)
class NewsReport:
    """The duplicate pairs (in input order of their items), the clusters (sorted ids, sorted)
    and the inputs that could not be read."""

    pairs: tuple[NewsPair, ...]
    clusters: tuple[tuple[str, ...], ...]
    errors: tuple[InputFailure, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "pairs": [
                {"a": p.a, "b": p.b, "relation": p.relation, "probability": p.probability}
                for p in self.pairs
            ],
            "clusters": [list(c) for c in self.clusters],
            "errors": [{"path": e.path, "error": e.error} for e in self.errors],
        }


def candidates(
    items: Sequence[Analyzed],
    weights: Weights,
    *,
    window_seconds: float | None,
    prefilter: str = "neighbours",
    options: Options | None = None,
    per_item: int = PER_ITEM,
) -> list[tuple[int, int]]:
    """Candidate pairs (i, j), i < j, sorted: within the window, selected by ``prefilter``,
    at most ``per_item`` earlier items proposed by each item and prefilter."""
    if prefilter not in PREFILTERS:
        raise ValueError(f"Expecting a prefilter of {PREFILTERS}, got {prefilter!r}")
    if prefilter == "neighbours":
        return neighbour_pairs(items, weights, window_seconds=window_seconds, per_item=per_item)
    window = _Window([a.item.timestamp for a in items], window_seconds)
    found: set[tuple[int, int]] = set()
    if prefilter in ("signature", "both"):
        signatures = [heavy_signature(a, weights) for a in items]
        found |= _signature_pairs(signatures, window, per_item)
    if prefilter in ("anchors", "both"):
        found |= _anchor_pairs([anchors_of(a.item, options) for a in items], window, per_item)
    return sorted(found)


def anchors_of(item: NewsItem, options: Options | None = None) -> np.ndarray:
    """The distinct anchor k-gram fingerprints of an item's title and text, as the engine's
    ``prepare_text`` takes them."""
    options = options or Options()
    text = f"{item.title}\n\n{item.text}" if item.title else item.text
    return kgram_set(canonicalize(text, options).hashes, options.anchor_words)


class _Window:
    """The stream's order: timed items by (time, position); who is close enough to whom."""

    def __init__(self, times: Sequence[float | None], seconds: float | None) -> None:
        self.times = times
        self.seconds = seconds
        self.timed = sorted((t, n) for n, t in enumerate(times) if t is not None)
        self.untimed = [n for n, t in enumerate(times) if t is None]

    def close(self, i: int, j: int) -> bool:
        ti, tj = self.times[i], self.times[j]
        return self.seconds is None or ti is None or tj is None or abs(ti - tj) <= self.seconds

    def blocks(self) -> Iterator[tuple[list[int], list[int]]]:
        """(earlier, block): the positions of the timed items a block of one window's time,
        and those of the window before it, in stream order."""
        lo = start = 0
        span = float("inf") if self.seconds is None else self.seconds
        timed = self.timed
        while start < len(timed):
            first = timed[start][0]
            end = start
            while end < len(timed) and timed[end][0] - first <= span:
                end += 1
            while timed[lo][0] < first - span:
                lo += 1
            yield [n for _, n in timed[lo:start]], [n for _, n in timed[start:end]]
            start = end


def _signature_pairs(
    signatures: Sequence[str], window: _Window, per_item: int
) -> set[tuple[int, int]]:
    """Pairs of equal signatures, each later item against the ``per_item`` latest earlier ones
    of its signature still in the window, and untimed items against the ``per_item`` latest of
    all with their signature."""
    found: set[tuple[int, int]] = set()
    held: dict[str, deque[tuple[float, int]]] = {}
    for t, n in window.timed:
        if not signatures[n]:
            continue
        latest = held.setdefault(signatures[n], deque(maxlen=per_item))
        for time, m in latest:
            if window.seconds is None or time >= t - window.seconds:
                found.add((min(m, n), max(m, n)))
        latest.append((t, n))
    every: dict[str, deque[int]] = {}
    for _, n in [*window.timed, *((0.0, n) for n in window.untimed)]:
        if signatures[n]:
            every.setdefault(signatures[n], deque(maxlen=per_item + 1)).append(n)
    for n in window.untimed:
        others = [m for m in every.get(signatures[n], ()) if m != n][-per_item:]
        found.update((min(m, n), max(m, n)) for m in others)
    return found


def _anchor_pairs(
    anchors: Sequence[np.ndarray], window: _Window, per_item: int
) -> set[tuple[int, int]]:
    """Pairs sharing an anchor k-gram: one MemoryIndex per block over the block and the window
    before it, queried by the block's items; untimed items against an index of all. Each item
    keeps the ``per_item`` earlier items sharing the most anchors (ties to the later)."""
    found: set[tuple[int, int]] = set()
    rank = {n: r for r, (_, n) in enumerate(window.timed)}
    for earlier, block in window.blocks():
        index = MemoryIndex(max_df=MAX_DF)
        for n in (*earlier, *block):
            index.add(n, anchors[n])
        for n in block:
            shared = index.query(anchors[n], 1)
            near = {m: c for m, c in shared.items() if rank[m] < rank[n] and window.close(m, n)}
            found.update((min(m, n), max(m, n)) for m in _most(near, per_item))
    if window.untimed:
        index = MemoryIndex(max_df=MAX_DF)
        for n, values in enumerate(anchors):
            index.add(n, values)
        for n in window.untimed:
            shared = {m: c for m, c in index.query(anchors[n], 1).items() if m != n}
            found.update((min(m, n), max(m, n)) for m in _most(shared, per_item))
    return found


def _most(shared: Mapping[int, int], count: int) -> list[int]:
    """The ``count`` keys of the largest values, ties to the larger key."""
    return sorted(shared, key=lambda m: (-shared[m], -m))[:count]


def relation(a: NewsItem, b: NewsItem, authority: Mapping[str, float]) -> str:
    """How ``a`` and ``b``, judged duplicates, relate (the rules of the module docstring)."""
    ta, tb = a.timestamp, b.timestamp
    if ta is not None and tb is not None and ta != tb:
        return "a_duplicates_b" if ta > tb else "b_duplicates_a"
    aut_a = authority.get(a.source, UNKNOWN_AUTHORITY)
    aut_b = authority.get(b.source, UNKNOWN_AUTHORITY)
    if aut_a != aut_b:
        return "a_duplicates_b" if aut_a < aut_b else "b_duplicates_a"
    return "mutual"


def dedup(
    items: Sequence[NewsItem],
    model: Model,
    *,
    window_days: float | None = 3.0,
    prefilter: str = "neighbours",
    errors: Sequence[InputFailure] = (),
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> NewsReport:
    """The duplicate pairs and clusters of a stream of ``items`` by ``model``, each item compared
    with the earlier ones within ``window_days`` (None: no window) that ``prefilter`` selects.
    ``errors`` (the inputs that could not be read) are passed into the report. Progress stages:
    "analyzing" (items), "comparing" (candidate pairs); ``cancel`` raises Cancelled."""
    _unique_ids(items)
    analyzed = []
    for done, item in enumerate(items, 1):
        _raise_if(cancel)
        analyzed.append(analyze(item))
        if progress is not None:
            progress("analyzing", done, len(items))
    weights = Weights.of(analyzed)
    window = None if window_days is None else window_days * DAY
    pairs = candidates(analyzed, weights, window_seconds=window, prefilter=prefilter)
    _raise_if(cancel)
    found = []
    for chunk, mean in _scored(pairs, analyzed, weights, model, progress, cancel):
        for (i, j), p in zip(chunk, mean.tolist(), strict=True):
            if p >= model.threshold:
                a, b = items[i], items[j]
                found.append(NewsPair(a.id, b.id, relation(a, b, model.authority), p))
    clusters = groups((p.a, p.b) for p in found)
    return NewsReport(tuple(found), tuple(clusters), tuple(errors))


def _scored(
    pairs: Sequence[tuple[int, int]],
    analyzed: Sequence[Analyzed],
    weights: Weights,
    model: Model,
    progress: Progress | None,
    cancel: CancelCheck | None,
) -> Iterator[tuple[Sequence[tuple[int, int]], np.ndarray]]:
    """Each batch of pairs with the mean probability of its two directions."""
    for lo in range(0, len(pairs), _BATCH):
        chunk = pairs[lo : lo + _BATCH]
        rows = []
        for i, j in chunk:
            _raise_if(cancel)
            rows.append(pair_features(analyzed[i], analyzed[j], weights, model.authority))
        probability = model.probability(columns(np.vstack(rows), model.features))
        yield chunk, probability.reshape(-1, 2).mean(axis=1)
        if progress is not None:
            progress("comparing", lo + len(chunk), len(pairs))


def _unique_ids(items: Sequence[NewsItem]) -> None:
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise NewsError("Two news items have the id {id}; each needs its own.", id=item.id)
        seen.add(item.id)


def _raise_if(cancel: CancelCheck | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled()
