"""Issue 38, items 3 and 4: an archive someone else wrote is data, never trusted.

Each probe is a small archive damaged the way an attacker or an unlucky disk would: a stored
text or canonical data that is a zlib bomb, a bomb in the archive's page cache, a merge state
claiming 10**12 parts or not a merge state at all, settings that are not JSON or not an
object, a record's numbers of another kind. Each must give a clear message or a skipped and
named record, within a small memory bound (measured with ``tracemalloc``, which counts every
bytes object zlib makes), and the rest of the check goes on.
"""

from __future__ import annotations

import json
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from copylens.core.archive import open_archive
from copylens.core.web.archive_pages import ArchivePages
from copylens.core.web.cache import CachedPage
from tests.archive import dbcheck
from tests.archive.conftest import Cli, Run
from tests.archive.test_archive_commands import add, checked, listed, write
from tests.archive.texts import BEES, GLACIERS, PRINTING, RAILWAYS, text

BOMB_BYTES = 256 * 1024 * 1024
"""What the bombs expand to (their stored size is a few hundred kilobytes)."""
BOUND = 64 * 1024 * 1024
"""Most memory (Python allocations) a probe may take: far below the bomb."""


def bomb(size: int = BOMB_BYTES) -> bytes:
    squeeze = zlib.compressobj(9)
    chunk = b"a" * (16 * 1024 * 1024)
    parts = [squeeze.compress(chunk) for _ in range(size // len(chunk))]
    return b"".join([*parts, squeeze.flush()])


@pytest.fixture(scope="module")
def text_bomb() -> bytes:
    return bomb()


def peak_of(call: Callable[[], Any]) -> tuple[Any, int]:
    """What ``call`` returns, and the most memory it allocated at once."""
    tracemalloc.start()
    try:
        result = call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak


def essays(cli: Cli, location: str, tmp_path: Path) -> dict[str, int]:
    """Three essays archived: their ids by name (each its own text id too)."""
    for name, body in (("printing", PRINTING), ("bees", BEES), ("railways", RAILWAYS)):
        write(tmp_path / "old" / f"{name}.txt", text(body))
    add(cli, location, tmp_path / "old")
    return {Path(d["path"]).stem: d["id"] for d in listed(cli, location)}


def no_traceback(run: Run) -> None:
    assert "Traceback" not in run.err and "Error:" not in run.err.split("copylens:")[0]


def test_a_text_bomb_is_refused_within_the_bound_and_the_check_goes_on(
    cli: Cli, archive_location: str, tmp_path: Path, text_bomb: bytes
) -> None:
    ids = essays(cli, archive_location, tmp_path)
    _set_blob(archive_location, "text", ids["printing"], text_bomb)
    copy = write(tmp_path / "copy.txt", text(PRINTING) + "\n\n" + text(RAILWAYS[:2]))

    run, peak = peak_of(
        lambda: cli("check", copy, "--archive", archive_location, "--format", "json")
    )
    assert peak < BOUND, f"{peak / 2**20:.0f} MB"
    report = run.json()
    [error] = report["errors"]
    assert f"#{ids['printing']}" in error["path"] and "expands beyond" in error["error"]
    assert [s["archive_id"] for s in report["documents"][0]["sources"]] == [ids["railways"]]

    run, peak = peak_of(
        lambda: cli("archive", "extract", ids["printing"], "--archive", archive_location)
    )
    assert peak < BOUND and run.code == 1 and "damaged" in run.err
    no_traceback(run)
    run, peak = peak_of(
        lambda: cli("archive", "remove", ids["printing"], "--archive", archive_location)
    )
    assert peak < BOUND and run.code == 0, run.err
    assert dbcheck.assert_whole(archive_location) == 2


def test_a_canonical_data_bomb_is_refused_within_the_bound(
    cli: Cli, archive_location: str, tmp_path: Path, text_bomb: bytes
) -> None:
    ids = essays(cli, archive_location, tmp_path)
    [(data,)] = dbcheck.rows(
        archive_location, "SELECT data FROM contents WHERE document = ?", (ids["bees"],)
    )
    data = bytes(data)
    head = data.index(b"\n")
    header = json.loads(data[:head])
    header["packed"] = len(text_bomb)
    _set_blob(
        archive_location,
        "data",
        ids["bees"],
        json.dumps(header).encode() + b"\n" + text_bomb + data[head + 1 :],
    )
    copy = write(tmp_path / "copy.txt", text(BEES) + "\n\n" + text(RAILWAYS[:2]))
    run, peak = peak_of(
        lambda: cli("check", copy, "--archive", archive_location, "--format", "json")
    )
    assert peak < BOUND, f"{peak / 2**20:.0f} MB"
    report = run.json()
    [error] = report["errors"]
    assert f"#{ids['bees']}" in error["path"] and "damaged" in error["error"]
    assert [s["archive_id"] for s in report["documents"][0]["sources"]] == [ids["railways"]]
    run, peak = peak_of(
        lambda: cli("archive", "remove", ids["bees"], "--archive", archive_location)
    )
    assert peak < BOUND and run.code == 0, run.err
    assert dbcheck.assert_whole(archive_location) == 2


@pytest.mark.parametrize("claimed", [BOMB_BYTES, 100, 10**15])
def test_a_bomb_in_the_archives_page_cache_is_ignored_within_the_bound(
    claimed: int, archive_location: str, text_bomb: bytes
) -> None:
    _assert_bomb_page_ignored(archive_location, claimed, text_bomb)


def test_a_cached_page_whose_size_is_not_a_number_is_ignored(
    tmp_path: Path, text_bomb: bytes
) -> None:
    """SQLite stores whatever a column is given (PostgreSQL's bigint column cannot hold it)."""
    _assert_bomb_page_ignored(str(tmp_path / "archive.db"), "many", text_bomb)


def _assert_bomb_page_ignored(archive_location: str, claimed: Any, text_bomb: bytes) -> None:
    url = "https://example.org/page"
    with open_archive(archive_location, create=True) as archive:
        pages = ArchivePages(archive)
        page = CachedPage(
            url, "2025-01-01T00:00:00+00:00", 1.0, None, None, "text/html", None, "p", b"x"
        )
        pages.put(url, page)
    _set_page(archive_location, url, text_bomb, claimed)
    with open_archive(archive_location) as archive:
        found, peak = peak_of(lambda: ArchivePages(archive).get(url))
    assert found is None
    assert peak < BOUND, f"{peak / 2**20:.0f} MB"


@pytest.mark.parametrize(
    "state",
    [
        "PARTS",  # a plan of the right shape claiming 10**12 parts
        "not json",
        "[1, 2]",
        '{"target": "x", "sources": [], "parts": 1, "done": 0}',
        '{"target": 1, "sources": [1], "parts": 2, "done": 5}',
    ],
    ids=["parts-10e12", "not-json", "a-list", "garbage", "done-beyond-parts"],
)
def test_a_damaged_merge_state_is_dropped_and_the_add_finishes(
    state: str, cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    essays(cli, archive_location, tmp_path)
    add(cli, archive_location, write(tmp_path / "more" / "glaciers.txt", text(GLACIERS)))
    runs = [r[0] for r in dbcheck.rows(archive_location, "SELECT id FROM runs ORDER BY id")]
    assert len(runs) == 2
    if state == "PARTS":
        state = json.dumps({"target": runs[0], "sources": [runs[1]], "parts": 10**12, "done": 0})
    dbcheck.execute(
        archive_location,
        "INSERT INTO archive_settings (key, value) VALUES ('merging', '"
        + state.replace("'", "''")
        + "')",
    )
    # the add finishing at all is the point: before the fix it never ended
    report = add(cli, archive_location, write(tmp_path / "last" / "x.txt", text(PRINTING[:1])))
    assert report["added"] == 1
    assert dbcheck.rows(
        archive_location, "SELECT count(*) FROM archive_settings WHERE key = 'merging'"
    ) == [(0,)]
    assert dbcheck.assert_whole(archive_location) == 5
    copy = write(tmp_path / "copy.txt", text(GLACIERS))
    report = checked(cli, archive_location, copy, "--label", "author=x")
    [source] = report["documents"][0]["sources"]
    assert source["identical"] is True


@pytest.mark.parametrize(
    "settings",
    ["not json", "[1, 2]", '{"anchor_words": "many"}', '{"language": {"a": 1}}', '"text"'],
    ids=["not-json", "a-list", "words-many", "nested", "a-string"],
)
def test_settings_that_are_not_an_archives_are_a_clear_message(
    settings: str, cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    ids = essays(cli, archive_location, tmp_path)
    dbcheck.execute(
        archive_location,
        "UPDATE archive_settings SET value = '" + settings.replace("'", "''") + "' "
        "WHERE key = 'settings'",
    )
    copy = write(tmp_path / "copy.txt", text(PRINTING))
    for args in (
        ("archive", "list"),
        ("archive", "stats"),
        ("check", copy),
        ("archive", "remove", ids["bees"]),
        ("archive", "add", copy),
    ):
        run = cli(*args, "--archive", archive_location)
        no_traceback(run)
        assert run.code in (0, 1), (args, run.err)
        if run.code == 1:
            assert "damaged" in run.err or "other settings" in run.err, (args, run.err)


def test_a_record_whose_numbers_are_text_is_skipped_and_named(cli: Cli, tmp_path: Path) -> None:
    """SQLite keeps any value in any column: a record with ``words = 'many'`` (and a length
    that is not a number) is named and left out; the others are listed, checked, removed."""
    location = str(tmp_path / "archive.db")
    ids = essays(cli, location, tmp_path)
    dbcheck.execute(
        location,
        f"UPDATE documents SET words = 'many', chars = 'lots' WHERE id = {ids['printing']}",
    )
    run = cli("archive", "list", "--archive", location, "--format", "json")
    assert sorted(d["id"] for d in run.json()["documents"]) == sorted(
        [ids["bees"], ids["railways"]]
    )
    assert f"#{ids['printing']}" in run.err and "words = many" in run.err
    assert cli("archive", "stats", "--archive", location).code == 0
    copy = write(tmp_path / "copy.txt", text(PRINTING) + "\n\n" + text(RAILWAYS[:2]))
    report = checked(cli, location, copy)
    [error] = report["errors"]
    assert f"#{ids['printing']}" in error["path"]
    assert [s["archive_id"] for s in report["documents"][0]["sources"]] == [ids["railways"]]
    run = cli("archive", "extract", ids["printing"], "--archive", location)
    assert run.code == 1 and "damaged" in run.err
    no_traceback(run)
    assert cli("archive", "remove", ids["printing"], "--archive", location).code == 0
    assert cli("archive", "add", copy, "--archive", location).code == 0
    assert dbcheck.assert_whole(location) == 3


# -- helpers ---------------------------------------------------------------------------------


def _set_blob(location: str, column: str, text_id: int, blob: bytes) -> None:
    if location.startswith("postgres"):
        import psycopg

        with psycopg.connect(location) as db:
            db.execute(f"UPDATE contents SET {column} = %s WHERE document = %s", (blob, text_id))
        return
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(location)) as db:
        db.execute(f"UPDATE contents SET {column} = ? WHERE document = ?", (blob, text_id))
        db.commit()


def _set_page(location: str, url: str, blob: bytes, size: Any) -> None:
    if location.startswith("postgres"):
        import psycopg

        with psycopg.connect(location) as db:
            db.execute(
                "UPDATE web_pages SET data = %s, size = %s WHERE url = %s", (blob, size, url)
            )
        return
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(location)) as db:
        db.execute("UPDATE web_pages SET data = ?, size = ? WHERE url = ?", (blob, size, url))
        db.commit()


def test_an_index_key_that_is_not_a_number_is_a_clear_message(cli: Cli, tmp_path: Path) -> None:
    location = str(tmp_path / "archive.db")
    essays(cli, location, tmp_path)
    dbcheck.execute(location, "UPDATE anchors SET document = 'x'")
    run = cli("check", write(tmp_path / "copy.txt", text(PRINTING)), "--archive", location)
    assert run.code == 1 and "index holds a key that is not a number" in run.err
    no_traceback(run)


def test_an_archive_whose_schema_is_not_utf8_is_a_clear_message(cli: Cli, tmp_path: Path) -> None:
    """Found by the fuzz harness (fuzz_archive.py, target ``archive``): SQLite's message about
    a damaged schema holds its bytes, and Python failed decoding it (UnicodeDecodeError)."""
    import sqlite3
    from contextlib import closing

    location = tmp_path / "archive.db"
    essays(cli, str(location), tmp_path)
    with closing(sqlite3.connect(location)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode=DELETE")
    data = bytearray(location.read_bytes())
    data[data.index(b"CREATE TABLE documents") + 7] = 0xFF
    location.write_bytes(bytes(data))
    for args in (("archive", "list"), ("check", write(tmp_path / "copy.txt", text(BEES)))):
        run = cli(*args, "--archive", location)
        assert run.code == 1 and "not UTF-8" in run.err, run.err
        no_traceback(run)


def test_a_name_that_is_not_utf8_is_read_not_a_crash(cli: Cli, tmp_path: Path) -> None:
    location = str(tmp_path / "archive.db")
    ids = essays(cli, location, tmp_path)
    dbcheck.execute(
        location, f"UPDATE documents SET path = CAST(x'ff61' AS TEXT) WHERE id = {ids['bees']}"
    )
    run = cli("archive", "list", "--archive", location, "--format", "json")
    assert len(run.json()["documents"]) == 3
