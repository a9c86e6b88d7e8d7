"""The news stream: candidates in a time window, prefilters, relations, clusters, cancel."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import numpy as np
import pytest

from copylens.core.errors import Cancelled, NewsError
from copylens.core.index import MemoryIndex
from copylens.core.news import stream
from copylens.core.news.classify import Model
from copylens.core.news.criteria import Weights, analyze
from copylens.core.news.items import NewsItem
from copylens.core.news.stream import NewsPair, NewsReport, candidates, dedup, relation
from copylens.core.report import InputFailure

STORIES = [
    [
        "The city council approved the new budget for public transport on Tuesday evening.",
        "Mayor Helen Carter said the money will buy forty electric buses for northern districts.",
        "Critics argued that ticket prices should have been frozen before any new spending.",
    ],
    [
        "A rare comet will pass close to the Earth next week, astronomers at the observatory said.",
        "Amateur observers will see the comet with binoculars shortly after sunset in the west.",
        "The last visit of this comet was recorded by monks more than six centuries ago.",
    ],
    [
        "Local farmers expect a record harvest of apples after an unusually warm and wet spring.",
        "Cooperative leaders warned that storage halls are too small for such a large crop.",
        "Some growers plan to sell the surplus to juice factories across the border this autumn.",
    ],
    [
        "The national football team lost the qualifying match after a penalty in extra time.",
        "Coach Marco Ruiz blamed the referee and the wet pitch for the defeat of his players.",
        "Supporters gathered outside the stadium and demanded the resignation of the coach.",
    ],
]


def _item(id: str, text: str, published: str = "", source: str = "", title: str = "") -> NewsItem:
    return NewsItem(id=id, text=text, title=title, published=published, source=source)


def _text(story: int, drop: int | None = None) -> str:
    """The story's paragraphs; a retelling drops one and adds a closing line of its own."""
    paragraphs = [p for n, p in enumerate(STORIES[story]) if n != drop]
    if drop is not None:
        paragraphs.append(f"This report was prepared by desk number {drop + 7}.")
    return "\n\n".join(paragraphs)


def _day(d: int, hour: int = 12) -> str:
    return f"2026-03-{d:02d}T{hour:02d}:00:00Z"


def _model(threshold_distance: float = 0.4) -> Model:
    """A hand-made model on the text distance alone: a duplicate below ~``threshold_distance``."""
    gamma = 1.0
    return Model(
        features=("text",),
        mean=np.zeros(1),
        scale=np.ones(1),
        support_vectors=np.zeros((1, 1)),
        dual_coef=np.ones(1),
        intercept=-float(np.exp(-gamma * threshold_distance**2)),
        gamma=gamma,
        prob_a=-50.0,
        prob_b=0.0,
        authority={"Agency": 0.9, "Blog": 0.1},
        versions={"format": "1"},
    )


def _candidates(items: list[NewsItem], window: float | None, prefilter: str = "both") -> set:
    analyzed = [analyze(i) for i in items]
    pairs = candidates(analyzed, Weights.of(analyzed), window_seconds=window, prefilter=prefilter)
    assert pairs == sorted(set(pairs)) and all(i < j for i, j in pairs)
    return {(items[i].id, items[j].id) for i, j in pairs}


# relations


def test_the_later_item_duplicates_the_earlier() -> None:
    early, late = _item("e", "x", _day(1)), _item("l", "x", _day(2))
    assert relation(late, early, {}) == "a_duplicates_b"
    assert relation(early, late, {}) == "b_duplicates_a"


def test_equal_or_unknown_time_goes_by_authority_else_mutual() -> None:
    aut = {"Agency": 0.9, "Blog": 0.1}
    agency, blog = _item("a", "x", _day(1), "Agency"), _item("b", "x", _day(1), "Blog")
    assert relation(blog, agency, aut) == "a_duplicates_b"
    assert relation(agency, blog, aut) == "b_duplicates_a"
    untimed = _item("u", "x", "", "Blog")
    assert relation(untimed, _item("t", "x", _day(3), "Agency"), aut) == "a_duplicates_b"
    unknown = _item("n", "x", _day(1), "Nobody")  # unknown source: 0.5, above the blog
    assert relation(blog, unknown, aut) == "a_duplicates_b"
    assert relation(agency, _item("a2", "x", _day(1), "Agency"), aut) == "mutual"
    assert relation(_item("p", "x"), _item("q", "x"), {}) == "mutual"


# window


def test_an_item_outside_the_window_is_not_compared() -> None:
    text = _text(0)
    items = [
        _item("d1", text, _day(1)),
        _item("d3", text, _day(3)),
        _item("d9", text, _day(9)),
        _item("d10", text, _day(10, 11)),
    ]
    three_days = 3 * 86400.0
    assert _candidates(items, three_days) == {("d1", "d3"), ("d9", "d10")}
    assert len(_candidates(items, None)) == 6
    for prefilter in ("signature", "anchors"):
        assert _candidates(items, three_days, prefilter) == {("d1", "d3"), ("d9", "d10")}


def test_an_item_without_a_time_is_compared_with_all() -> None:
    text = _text(1)
    items = [_item("d1", text, _day(1)), _item("d20", text, _day(20)), _item("u", text)]
    for prefilter in ("signature", "anchors", "both"):
        found = _candidates(items, 86400.0, prefilter)
        assert found == {("d1", "u"), ("d20", "u")}


def test_the_anchor_index_holds_only_a_window_or_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """Incremental: each block's index holds the block and the window before it."""
    held: list[list[int]] = []

    class Spy(MemoryIndex):
        def __init__(self, max_df: int = 50) -> None:
            super().__init__(max_df)
            held.append([])

        def add(self, key: int, fingerprints: np.ndarray) -> None:
            held[-1].append(key)
            super().add(key, fingerprints)

    monkeypatch.setattr(stream, "MemoryIndex", Spy)
    items = [_item(f"i{d}", _text(d % 4), _day(d)) for d in range(1, 21)]
    found = _candidates(items, 2 * 86400.0, "anchors")
    assert len(held) > 5
    days = [sorted(int(items[k].id[1:]) for k in keys) for keys in held]
    assert all(d[-1] - d[0] <= 4 for d in days)  # never all 20 days in one index
    assert found == set()  # the same story comes back every 4 days: outside the window


# prefilters


def _crafted_stream() -> tuple[list[NewsItem], set[tuple[str, str]]]:
    """Each story told by an agency, retold by two outlets (a paragraph dropped, a line added,
    the title rewritten) within two days; unrelated items between them."""
    items, truth = [], set()
    for s in range(len(STORIES)):
        ids = [f"s{s}-orig", f"s{s}-r1", f"s{s}-r2"]
        items += [
            _item(ids[0], _text(s), _day(1 + s, 9), "Agency", f"Story {s}"),
            _item(ids[1], _text(s, drop=0), _day(1 + s, 15), "Blog", f"Retold {s}"),
            _item(ids[2], _text(s, drop=2), _day(2 + s, 8), "Paper", f"Again {s}"),
        ]
        truth |= set(combinations(ids, 2))
    other = [
        "Shares of the shipping company rose after the quarterly report beat expectations.",
        "A new museum of modern sculpture opened its doors to visitors in the harbour district.",
        "Heavy snow closed the mountain pass and stranded dozens of trucks overnight.",
    ]
    items += [_item(f"o{n}", t, _day(2 + n, 10), "Wire") for n, t in enumerate(other)]
    return items, truth


def test_prefilters_find_the_retellings_and_not_everything() -> None:
    items, truth = _crafted_stream()
    window = 3 * 86400.0
    found = {p: _candidates(items, window, p) for p in ("signature", "anchors", "both")}
    ordered = {tuple(sorted(pair)) for pair in truth}
    norm = {p: {tuple(sorted(pair)) for pair in f} for p, f in found.items()}
    assert ordered <= norm["anchors"]  # every retelling shares a run of 5 words
    assert norm["both"] == norm["anchors"] | norm["signature"]
    assert ordered <= norm["both"]
    assert len(norm["both"]) < len(items) * (len(items) - 1) // 2 // 2
    assert not any("o" in a[0] and "o" in b[0] for a, b in norm["anchors"])


def test_the_signature_finds_a_rewritten_headline_the_anchors_miss() -> None:
    """The paper's signature: the 2 heaviest words, whatever the order of the rest."""
    texts = [
        "Comet Zorbax flies past Earth",
        "Zorbax comet flies over Earth",
        "Birds fly past the lake near the Earth station",
        "Planes fly over the Earth station",
        "Prices fell past records on markets",
    ]
    items = [_item(f"h{n}", t, _day(1, 8 + n)) for n, t in enumerate(texts)]
    assert _candidates(items, 86400.0, "signature") == {("h0", "h1")}
    assert _candidates(items, 86400.0, "anchors") == set()
    assert _candidates(items, 86400.0, "both") == {("h0", "h1")}


def test_prefilter_must_be_known() -> None:
    with pytest.raises(ValueError, match="prefilter"):
        _candidates([_item("a", "x", _day(1))], None, "everything")


# dedup


def test_dedup_finds_relations_and_clusters() -> None:
    items, _ = _crafted_stream()
    report = dedup(items, _model(), window_days=3.0)
    by_pair = {(p.a, p.b): p for p in report.pairs}
    assert by_pair[("s0-orig", "s0-r1")].relation == "b_duplicates_a"
    assert by_pair[("s0-orig", "s0-r2")].relation == "b_duplicates_a"
    assert all(p.probability >= 0.5 for p in report.pairs)
    assert [c for c in report.clusters if c[0].startswith("s")] == [
        (f"s{s}-orig", f"s{s}-r1", f"s{s}-r2") for s in range(len(STORIES))
    ]
    assert not any(i.startswith("o") for c in report.clusters for i in c)


def test_dedup_same_time_goes_by_the_models_authority() -> None:
    text = _text(3)
    items = [_item("blog", text, _day(5), "Blog"), _item("agency", text, _day(5), "Agency")]
    report = dedup(items, _model())
    assert report.pairs == (
        NewsPair("blog", "agency", "a_duplicates_b", report.pairs[0].probability),
    )
    assert report.clusters == (("agency", "blog"),)


def test_report_to_json() -> None:
    failure = InputFailure("feed.xml", "not a feed")
    report = NewsReport((NewsPair("a", "b", "mutual", 0.75),), (("a", "b"),), (failure,))
    assert report.to_json() == {
        "pairs": [{"a": "a", "b": "b", "relation": "mutual", "probability": 0.75}],
        "clusters": [["a", "b"]],
        "errors": [{"path": "feed.xml", "error": "not a feed"}],
    }
    items = [_item("x", _text(0), _day(1))]
    assert dedup(items, _model(), errors=[failure]).errors == (failure,)


def test_dedup_reports_progress_and_can_be_cancelled() -> None:
    items, _ = _crafted_stream()
    seen: list[tuple[str, int, int]] = []
    dedup(items, _model(), progress=lambda s, d, t: seen.append((s, d, t)))
    stages = [s for s, _, _ in seen]
    assert stages[0] == "analyzing" and stages[-1] == "comparing"
    assert seen[-1][1] == seen[-1][2] and ("analyzing", len(items), len(items)) in seen
    with pytest.raises(Cancelled):
        dedup(items, _model(), cancel=_cancel_after(3))
    # cancelled while comparing: after every item's analysis and the candidate search
    with pytest.raises(Cancelled):
        dedup(items, _model(), cancel=_cancel_after(len(items) + 2))


def _cancel_after(calls: int) -> stream.CancelCheck:
    count = iter(range(calls, -1, -1))
    return lambda: next(count, 0) == 0


def test_dedup_refuses_repeated_ids() -> None:
    with pytest.raises(NewsError, match="id a"):
        dedup([_item("a", "x"), _item("a", "y")], _model())


def test_dedup_cuts_at_the_models_threshold() -> None:
    """Issue 37: a model carries the threshold its training chose; dedup keeps a pair whose
    mean probability reaches it, not 0.5."""
    items, _ = _crafted_stream()
    found = dedup(items, _model(), window_days=3.0).pairs
    lowest = min(p.probability for p in found)
    stricter = dataclasses.replace(_model(), threshold=lowest + 1e-9)
    kept = dedup(items, stricter, window_days=3.0).pairs
    assert len(kept) < len(found) and all(p.probability > lowest for p in kept)
    looser = dataclasses.replace(_model(), threshold=0.05)
    more = dedup(items, looser, window_days=3.0).pairs
    assert {(p.a, p.b) for p in found} < {(p.a, p.b) for p in more}
    assert min(p.probability for p in more) < 0.5
