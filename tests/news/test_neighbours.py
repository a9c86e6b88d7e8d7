"""Candidate pairs by nearest neighbours (issue 37) and the cap on candidates per item that
every prefilter keeps (issue 38: a feed of near-identical entries compared every pair)."""

from __future__ import annotations

from collections import Counter

import pytest

from copylens.core.news.criteria import Weights, analyze
from copylens.core.news.items import NewsItem
from copylens.core.news.neighbours import neighbour_pairs
from copylens.core.news.stream import PREFILTERS, candidates

STORY = (
    "The city council of Riverton approved the budget for next year. Schools and kindergartens "
    "receive most of the money, roads get the rest; the deficit is covered by loans."
)
RETOLD = (
    "Riverton's council has passed next year's budget: most money goes to schools and "
    "kindergartens, roads get what remains, and loans will cover the deficit."
)
OTHER = (
    "A storm closed the harbour of Eastport on Tuesday; ferries stay in port until the wind "
    "drops, the coast guard said."
)


def _at(n: int, hour: int, text: str) -> NewsItem:
    return NewsItem(str(n), text, published=f"2026-11-{1 + hour // 24:02d}T{hour % 24:02d}:00:00Z")


def _pairs(items: list[NewsItem], prefilter: str, **kwargs: object) -> list[tuple[int, int]]:
    analyzed = [analyze(i, "en") for i in items]
    return candidates(
        analyzed, Weights.of(analyzed), window_seconds=3 * 86400.0, prefilter=prefilter, **kwargs
    )


def test_a_retelling_is_a_neighbour_and_an_unrelated_story_is_not() -> None:
    items = [_at(0, 0, STORY), _at(1, 1, OTHER), _at(2, 2, RETOLD)]
    assert _pairs(items, "neighbours") == [(0, 2)]


def test_neighbours_keep_to_the_window() -> None:
    items = [_at(0, 0, STORY), _at(1, 1, OTHER), _at(2, 24 * 5, RETOLD)]
    assert _pairs(items, "neighbours") == []
    untimed = [*items[:2], NewsItem("2", RETOLD)]
    assert _pairs(untimed, "neighbours") == [(0, 2)]


@pytest.mark.parametrize("prefilter", PREFILTERS)
def test_near_identical_entries_are_capped_per_item(prefilter: str) -> None:
    """300 entries of one story, one per minute: before the cap every pair (44,850) was a
    candidate; now each item proposes at most per_item earlier ones."""
    items = [
        NewsItem(
            str(n), f"{STORY} Update {n}.", published=f"2026-11-01T{n // 60:02d}:{n % 60:02d}:00Z"
        )
        for n in range(300)
    ]
    found = _pairs(items, prefilter, per_item=5)
    assert len(found) <= 5 * 300 * (2 if prefilter == "both" else 1)
    if prefilter == "anchors":  # every anchor is held by more than MAX_DF items: boilerplate
        assert found == []
        return
    later = Counter(max(i, j) for i, j in found)
    assert max(later.values()) <= 5 * (2 if prefilter == "both" else 1)
    assert all(i < j for i, j in found)


def test_the_cap_must_be_positive() -> None:
    analyzed = [analyze(NewsItem("0", STORY), "en")]
    with pytest.raises(ValueError, match="per_item"):
        neighbour_pairs(analyzed, Weights.of(analyzed), window_seconds=None, per_item=0)
