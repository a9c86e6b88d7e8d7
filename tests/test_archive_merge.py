"""The archive's index as merged runs (core/archive/store.py): merges in parts, an interrupted
merge finished by the next add, every document's keys in exactly one run throughout."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from copylens.core import Options, TextInput
from copylens.core.archive import open_archive, store
from copylens.core.archive.record import record_of_prepared
from copylens.core.prepare import prepare_text, read_all

WORDS = [
    "river",
    "mountain",
    "forest",
    "ocean",
    "city",
    "village",
    "engine",
    "garden",
    "library",
    "window",
    "harbour",
    "meadow",
    "lantern",
    "orchard",
    "castle",
    "bridge",
    "market",
    "tower",
    "valley",
    "island",
    "canyon",
    "desert",
    "glacier",
    "prairie",
]


def _texts(count: int) -> list[TextInput]:
    rng = np.random.default_rng(5)
    return [TextInput(f"d{n}", " ".join(rng.choice(WORDS, 120)) + ".") for n in range(count)]


@pytest.fixture
def small_runs() -> Iterator[None]:
    """Runs merge by threes, a few hundred keys per transaction, so an archive of a few dozen
    documents goes through several levels and multi-part merges."""
    saved = store.FANOUT, store.MERGE_KEYS
    store.FANOUT, store.MERGE_KEYS = 3, 300
    try:
        yield
    finally:
        store.FANOUT, store.MERGE_KEYS = saved


def _keys_by_document(path: Path) -> dict[int, int]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT document, count(*) FROM anchors GROUP BY document").fetchall()
        duplicated = db.execute(
            "SELECT count(*) FROM (SELECT fingerprint, document FROM anchors "
            "GROUP BY fingerprint, document HAVING count(*) > 1)"
        ).fetchone()[0]
    assert duplicated == 0
    return dict(rows)


def test_merged_runs_hold_every_key_once(tmp_path: Path, small_runs: None) -> None:
    options = Options(workers=1)
    docs, _ = read_all(_texts(30), options, prepare_text)
    path = tmp_path / "a.db"
    with open_archive(str(path), options, create=True) as archive:
        ids = [archive.add([record_of_prepared(doc)], {})[0][0] for doc in docs]
        levels = archive._execute("SELECT level, count(*) FROM runs GROUP BY level")
        assert max(level for level, _ in levels) >= 2
        assert all(count < store.FANOUT for _, count in levels)
        assert archive._setting("merging") is None
        for doc, id_ in zip(docs, ids, strict=True):
            assert archive.query(doc.anchors, 1)[id_] == len(doc.anchors)
    assert _keys_by_document(path) == {
        id_: len(doc.anchors) for doc, id_ in zip(docs, ids, strict=True)
    }


def test_an_interrupted_merge_is_finished_by_the_next_add(tmp_path: Path, small_runs: None) -> None:
    options = Options(workers=1)
    docs, _ = read_all(_texts(4), options, prepare_text)
    path = tmp_path / "a.db"
    with open_archive(str(path), options, create=True) as archive:
        store.FANOUT = 99  # no merge while the first three are added
        ids = [archive.add([record_of_prepared(doc)], {})[0][0] for doc in docs[:3]]
        store.FANOUT, store.MERGE_KEYS = 3, 100
        plan = archive._merge_plan()  # what a killed add leaves: a merge begun, one part moved
        assert plan is not None and plan["parts"] > 2
        assert archive._merge_step(plan)
        for doc, id_ in zip(docs[:3], ids, strict=True):  # lookups see every key meanwhile
            assert archive.query(doc.anchors, 1)[id_] == len(doc.anchors)
    with open_archive(str(path), options) as archive:
        ids += archive.add([record_of_prepared(docs[3])], {})[0]
        assert archive._setting("merging") is None
        assert archive._execute("SELECT level, count(*) FROM runs GROUP BY level ORDER BY 1") == [
            (0, 1),
            (1, 1),
        ]
        assert archive.integrity() == "ok"
    assert _keys_by_document(path) == {
        id_: len(doc.anchors) for doc, id_ in zip(docs, ids, strict=True)
    }


def test_parts_cover_every_fingerprint_once() -> None:
    for parts in (1, 2, 3, 7, 1000):
        ranges = [store._part(n, parts) for n in range(parts)]
        assert ranges[0][0] == -(1 << 63) and ranges[-1][1] == (1 << 63) - 1
        assert all(hi + 1 == lo for (_, hi), (lo, _) in pairwise(ranges))
        assert all(lo <= hi for lo, hi in ranges)
