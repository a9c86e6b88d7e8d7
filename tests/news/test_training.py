"""Training sets (issue 18): the sources' authority columns learned in each cross-validation
fold from its training pairs only, the criteria chosen by name."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.core.errors import NewsError
from copylens.core.news.criteria import CRITERIA, FEATURES
from copylens.core.news.items import NewsItem
from copylens.core.news.training import chosen_features, training_set

ITEMS = [
    NewsItem("a1", "The council approved the bridge budget.", source="Wire",
             published="2026-03-01T08:00:00Z"),
    NewsItem("a2", "The council approved the bridge budget today.", source="Echo",
             published="2026-03-01T10:00:00Z"),
    NewsItem("b1", "The club signed a new striker before the season.", source="Sport",
             published="2026-03-02T08:00:00Z"),
    NewsItem("b2", "A new striker joined the club before the season.", source="Gazette",
             published="2026-03-02T09:00:00Z"),
]  # fmt: skip
LABELS = [("a2", "a1", 1), ("b2", "b1", 1)]


def authority(rows: np.ndarray) -> list[tuple[float, float]]:
    a, b = FEATURES.index("authority_a"), FEATURES.index("authority_b")
    return [(float(r[a]), float(r[b])) for r in rows]


def test_authority_comes_from_all_labels_for_the_model() -> None:
    data = training_set(ITEMS, LABELS)
    assert data.authority == {"Echo": 0.0, "Wire": 1.0, "Sport": 1.0, "Gazette": 0.0}
    assert authority(data.vectors) == [(0.0, 1.0), (1.0, 0.0), (0.0, 1.0), (1.0, 0.0)]


def test_a_fold_learns_authority_from_its_training_pairs_only() -> None:
    data = training_set(ITEMS, LABELS)
    rows = data.refold(np.array([0, 1]))  # trained on pair 0: pair 1's sources are unknown
    assert authority(rows) == [(0.0, 1.0), (1.0, 0.0), (0.5, 0.5), (0.5, 0.5)]
    others = [c for c in range(len(FEATURES)) if not FEATURES[c].startswith("authority")]
    assert np.array_equal(rows[:, others], data.vectors[:, others])


def test_criteria_by_name() -> None:
    assert chosen_features("all") == FEATURES
    assert chosen_features("title, text") == ("text", "title")
    assert chosen_features("numbers") == CRITERIA["numbers"]
    with pytest.raises(NewsError, match="colour"):
        chosen_features("text,colour")
