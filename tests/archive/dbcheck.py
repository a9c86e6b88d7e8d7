"""Looking inside an archive with the databases' own clients (sqlite3, psycopg), to check what
CopyLens wrote: every document whole (its contents, labels and index keys) and nothing else."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from contextlib import closing
from typing import Any

import numpy as np

from copylens.core.archive import is_archive_url
from copylens.core.archive.record import anchors_of


def rows(location: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of one statement (``?`` placeholders), run on its own connection."""
    if is_archive_url(location):
        import psycopg

        with psycopg.connect(location, autocommit=True) as db:
            cursor = db.execute(sql.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description is not None else []
    with closing(sqlite3.connect(location)) as db:
        result = db.execute(sql, params).fetchall()
        db.commit()
        return result


def execute(location: str, *statements: str) -> None:
    """Statements run in one transaction (to damage or bump an archive as a test needs)."""
    if is_archive_url(location):
        import psycopg

        with psycopg.connect(location) as db:
            for statement in statements:
                db.execute(statement)
        return
    with closing(sqlite3.connect(location)) as db:
        for statement in statements:
            db.execute(statement)
        db.commit()


def count(location: str, table: str) -> int:
    return int(rows(location, f"SELECT count(*) FROM {table}")[0][0])


def assert_whole(location: str, labels: int | None = None) -> int:
    """Every archived record has its text and its ``labels`` labels (if given); every text is
    held by a record, with its contents and exactly its index keys, each once, in runs that
    exist; a text is stored once (its SHA-256 unique); nothing belongs to a record or a text
    that is not there. Returns the number of records."""
    records = {
        int(r[0]): (int(r[1]), str(r[2]))
        for r in rows(location, "SELECT id, text, sha256 FROM documents")
    }
    texts = {int(r[0]): str(r[1]) for r in rows(location, "SELECT id, sha256 FROM texts")}
    assert len(set(texts.values())) == len(texts), "a text stored twice"
    assert {t for t, _ in records.values()} == set(texts), (
        "texts without records, or records without"
    )
    assert all(texts[t] == sha for t, sha in records.values()), (
        "a record's digest is not its text's"
    )
    contents = {
        int(r[0]): bytes(r[1]) for r in rows(location, "SELECT document, data FROM contents")
    }
    assert set(contents) == set(texts), "texts without contents, or contents without one"
    assert count(location, "contents") == len(texts)
    if labels is not None:
        per = rows(location, "SELECT document, count(*) FROM labels GROUP BY document")
        expected = dict.fromkeys(records, labels) if labels else {}
        assert {int(d): int(n) for d, n in per} == expected
    orphans = rows(
        location, "SELECT count(*) FROM labels WHERE document NOT IN (SELECT id FROM documents)"
    )
    assert orphans[0][0] == 0
    runs = {int(r[0]) for r in rows(location, "SELECT id FROM runs")}
    keys: dict[int, list[int]] = defaultdict(list)
    for run, fingerprint, document in rows(
        location, "SELECT run, fingerprint, document FROM anchors"
    ):
        assert int(run) in runs, f"index keys of run {run}, which is not in runs"
        keys[int(document)].append(int(fingerprint))
    assert set(keys) <= set(texts), f"index keys of removed texts {set(keys) - set(texts)}"
    settings = dict(rows(location, "SELECT key, value FROM archive_settings"))
    anchor_words = int(json.loads(settings["settings"])["anchor_words"])
    for text, data in contents.items():
        expected = np.sort(anchors_of(data, anchor_words).view(np.int64))
        found = np.sort(np.asarray(keys.get(text, []), dtype=np.int64))
        assert np.array_equal(found, expected), f"text {text}'s index keys differ"
    return len(records)
