"""The archive's reliability (issue 14): killed adds, concurrent adds and checks, files that are
not archives, read-only and full disks, newer schemas, damaged records.

The adds run as separate processes of the installed ``copylens`` command, as a user runs them;
what they leave is read back with the databases' own clients (``tests/archive/dbcheck.py``).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from copylens.core.archive import BATCH_DOCUMENTS, is_archive_url, open_archive
from copylens.core.archive.record import (
    Record,
    anchors_of,
    decode_canonical,
    prepared_from,
    record_of_prepared,
)
from copylens.core.archive.sqlite import SQLiteArchive
from copylens.core.documents import TextInput
from copylens.core.errors import ArchiveError
from copylens.core.options import Options
from copylens.core.prepare import prepare_text, read_all
from tests.archive import dbcheck
from tests.archive.conftest import Cli
from tests.archive.texts import BEES, PRINTING, RAILWAYS, fillers, reflowed, text, write_fillers

# -- helpers ---------------------------------------------------------------------------------------


def start_add(command: list[str], location: str, *args: object) -> subprocess.Popen[str]:
    """``copylens archive add`` in its own process group (so that a kill reaches its workers)."""
    return subprocess.Popen(
        [*command, "archive", "add", *map(str, args), "--archive", location, "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "COPYLENS_ARCHIVE"},
    )


def finish(process: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    report: dict[str, Any] = json.loads(out)
    return report


def documents_now(location: str) -> int:
    """Documents committed so far (0 while the archive is being created)."""
    if not is_archive_url(location) and not Path(location).exists():
        return 0
    try:
        return dbcheck.count(location, "documents")
    except Exception as error:  # the tables are not there yet
        if "documents" in str(error) or "no such table" in str(error):
            return 0
        raise


def writing(location: str) -> bool:
    """Another process is inside a write transaction of the archive right now."""
    if is_archive_url(location):
        # a transaction that has written something has an id
        return bool(
            dbcheck.rows(
                location,
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL",
            )[0][0]
        )
    with closing(sqlite3.connect(location, timeout=0, isolation_level=None)) as db:
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            assert "locked" in str(error)
            return True
        db.execute("ROLLBACK")
        return False


def readable(location: str) -> bool:
    """SQLite: a reader can begin at once. In WAL mode it always can, except in the instant a
    writer resets the log after a full checkpoint (it holds the read marks exclusively): a
    writer frozen there would hold every reader for the busy timeout, a moment no real add
    stays in, so the test does not stop it there."""
    with closing(sqlite3.connect(location, timeout=0, isolation_level=None)) as db:
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as error:
            assert "locked" in str(error) or "busy" in str(error)
            return False
        return True


def waiting_in_transaction(location: str) -> bool:
    """PostgreSQL: a client stopped inside its write transaction (its backend waits for it)."""
    return bool(
        dbcheck.rows(
            location,
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL "
            "AND state = 'idle in transaction'",
        )[0][0]
    )


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[str], what: str) -> None:
    """Polls until ``condition``; fails if the process ends first (or after two minutes)."""
    deadline = time.monotonic() + 120
    while not condition():
        if process.poll() is not None:
            pytest.fail(f"the add ended before {what}: {process.communicate()[1]}")
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.005)


@contextmanager
def stopped_while_writing(process: subprocess.Popen[str], location: str) -> Iterator[None]:
    """The add's process group stopped (SIGSTOP) at a moment it holds a write transaction open;
    continued after the block."""
    group = os.getpgid(process.pid)
    deadline = time.monotonic() + 120
    postgres = is_archive_url(location)
    while True:
        assert process.poll() is None, "the add ended before it was caught writing"
        assert time.monotonic() < deadline, "never caught the add inside a transaction"
        if not writing(location):
            time.sleep(0.002)
            continue
        os.killpg(group, signal.SIGSTOP)
        if not postgres and writing(location) and readable(location):
            break
        # a PostgreSQL backend finishes the statement it was given, then waits in the transaction
        settle = time.monotonic() + 0.3
        while postgres and time.monotonic() < settle and not waiting_in_transaction(location):
            time.sleep(0.01)
        if postgres and waiting_in_transaction(location):
            break
        os.killpg(group, signal.SIGCONT)
        time.sleep(random.uniform(0.001, 0.02))
    try:
        yield
    finally:
        with suppress(ProcessLookupError):  # killed meanwhile
            os.killpg(group, signal.SIGCONT)


def kill_group(process: subprocess.Popen[str]) -> None:
    os.killpg(os.getpgid(process.pid), signal.SIGKILL)
    process.communicate(timeout=60)


def write(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    return path


def snapshot(path: Path) -> tuple[bytes, int, list[str]]:
    """A file's bytes, its mtime and the files beside it."""
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(p.name for p in path.parent.iterdir())


def sqlite_integrity(location: str) -> str:
    with open_archive(location) as archive:
        assert isinstance(archive, SQLiteArchive)
        return archive.integrity()


# -- kill -9 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("database", "files"), [("sqlite", 10_000), ("postgres", 2_000)], ids=["sqlite", "postgres"]
)
def test_kill_9_in_the_middle_of_an_add_keeps_every_committed_batch(
    database: str,
    files: int,
    copylens_command: list[str],
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    location = (
        str(request.getfixturevalue("postgres_db_url"))
        if database == "postgres"
        else str(tmp_path / "archive.db")
    )
    folder = tmp_path / "many"
    write_fillers(folder, files, seed=11)
    add = [folder, "--label", "term=autumn", "--workers", "2", "--format", "json"]

    process = start_add(copylens_command, location, *add)
    wait_for(lambda: documents_now(location) >= BATCH_DOCUMENTS, process, "a batch was committed")
    with stopped_while_writing(process, location):
        kill_group(process)  # inside a write transaction

    kept = dbcheck.assert_whole(location, labels=1)
    assert BATCH_DOCUMENTS <= kept < files
    assert kept % BATCH_DOCUMENTS == 0, "a batch was kept in part"
    if database == "sqlite":
        assert sqlite_integrity(location) == "ok"
    with open_archive(location) as archive:
        assert archive.stats().documents == kept

    report = finish(start_add(copylens_command, location, *add))
    assert report == {"added": files - kept, "identical": 0, "skipped": kept, "errors": []}
    assert dbcheck.assert_whole(location, labels=1) == files
    texts = {body for body in fillers(files, seed=11)}
    digests = {hashlib.sha256(t.encode()).hexdigest() for t in texts}
    assert {r[0] for r in dbcheck.rows(location, "SELECT sha256 FROM documents")} == digests
    if database == "sqlite":
        assert sqlite_integrity(location) == "ok"


# -- at the same time ------------------------------------------------------------------------------


def test_two_processes_adding_at_once(
    archive_location: str, copylens_command: list[str], tmp_path: Path
) -> None:
    a = write_fillers(tmp_path / "a", 800, seed=21, prefix="a")
    b = write_fillers(tmp_path / "b", 800, seed=22, prefix="b")
    c = write_fillers(tmp_path / "c", 400, seed=23, prefix="c")
    distinct = {p.read_text() for p in (*a, *b, *c)}
    assert len(distinct) == 2000
    common = ["--workers", "1", "--format", "json"]
    first = start_add(
        copylens_command,
        archive_location,
        tmp_path / "a",
        tmp_path / "c",
        "--label",
        "by=first",
        *common,
    )
    second = start_add(
        copylens_command,
        archive_location,
        tmp_path / "b",
        tmp_path / "c",
        "--label",
        "by=second",
        *common,
    )
    one, two = finish(first), finish(second)
    assert one["errors"] == two["errors"] == []
    # c's files are handed in by both (other labels): two records each, each text stored once
    assert one["added"] == two["added"] == 1200
    assert one["identical"] + two["identical"] == 400
    assert one["skipped"] == two["skipped"] == 0
    assert dbcheck.assert_whole(archive_location, labels=1) == 2400
    assert dbcheck.count(archive_location, "texts") == 2000
    by = dict(dbcheck.rows(archive_location, "SELECT value, count(*) FROM labels GROUP BY value"))
    assert by["first"] == by["second"] == 1200
    digests = {hashlib.sha256(t.encode()).hexdigest() for t in distinct}
    assert {r[0] for r in dbcheck.rows(archive_location, "SELECT sha256 FROM documents")} == digests


def test_a_check_runs_while_an_add_is_writing(
    archive_location: str, cli: Cli, copylens_command: list[str], tmp_path: Path
) -> None:
    original = write(tmp_path / "old" / "printing.txt", text(PRINTING))
    assert cli("archive", "add", original, "--archive", archive_location).code == 0
    [[planted]] = dbcheck.rows(archive_location, "SELECT id FROM documents")
    write_fillers(tmp_path / "many", 2000, seed=31)
    copy = write(tmp_path / "copy.txt", reflowed(PRINTING))

    process = start_add(
        copylens_command, archive_location, tmp_path / "many", "--workers", "2", "--format", "json"
    )
    with stopped_while_writing(process, archive_location):
        run = cli("check", copy, "--archive", archive_location, "--format", "json")
        assert run.code == 0, run.err
        [source] = run.json()["documents"][0]["sources"]
        assert source["archive_id"] == planted and source["containment"] == 1.0
        listing = cli("archive", "list", "--archive", archive_location, "--format", "json")
        assert planted in [d["id"] for d in listing.json()["documents"]]
    assert finish(process)["added"] == 2000
    assert dbcheck.assert_whole(archive_location) == 2001


# -- not an archive -------------------------------------------------------------------------------

COMMANDS: list[tuple[str, ...]] = [
    ("archive", "add", "{essay}"),
    ("archive", "list"),
    ("archive", "stats"),
    ("archive", "extract", "1"),
    ("archive", "remove", "1"),
    ("check", "{essay}"),
    ("check", "{essay}", "--add-to-archive"),
]


def foreign_sqlite(path: Path, journal: str) -> Path:
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA journal_mode={journal}")
        db.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        db.execute("INSERT INTO recipes VALUES ('soup', 40), ('bread', 180)")
        db.commit()
    return path


@pytest.mark.parametrize("kind", ["text", "sqlite", "sqlite-wal"])
def test_a_file_that_is_not_an_archive_is_refused_untouched(
    kind: str, cli: Cli, tmp_path: Path
) -> None:
    essay = write(tmp_path / "essay.txt", text(BEES))
    folder = tmp_path / "theirs"
    folder.mkdir()
    if kind == "text":
        target = write(folder / "notes.txt", "Shopping: milk, bread, two lemons.\n")
        expected = "is not a CopyLens archive"
    else:
        target = foreign_sqlite(folder / "recipes.db", "wal" if kind == "sqlite-wal" else "delete")
        expected = "SQLite database of another program"
    os.utime(target, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    before = snapshot(target)
    for command in COMMANDS:
        args = [a.format(essay=essay) for a in command]
        run = cli(*args, "--archive", target)
        assert run.code == 1, (command, run.err)
        assert expected in run.err and str(target) in run.err, run.err
        assert snapshot(target) == before, (
            f"{command} changed {target.name} or left files beside it"
        )
    if kind != "text":
        with closing(sqlite3.connect(target)) as db:
            assert db.execute("SELECT * FROM recipes ORDER BY name").fetchall() == [
                ("bread", 180),
                ("soup", 40),
            ]


def test_a_foreign_postgres_database_is_refused_untouched(
    cli: Cli, postgres_db_url: str, tmp_path: Path
) -> None:
    essay = write(tmp_path / "essay.txt", text(BEES))
    dbcheck.execute(
        postgres_db_url,
        "CREATE TABLE documents (id integer PRIMARY KEY, title text)",
        "INSERT INTO documents VALUES (1, 'minutes of the meeting')",
    )
    tables = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    for command in COMMANDS:
        args = [a.format(essay=essay) for a in command]
        run = cli(*args, "--archive", postgres_db_url)
        assert run.code == 1, (command, run.err)
        assert "holds other tables, not a CopyLens archive" in run.err, run.err
    assert dbcheck.rows(postgres_db_url, tables) == [("documents",)]
    assert dbcheck.rows(postgres_db_url, "SELECT * FROM documents") == [
        (1, "minutes of the meeting")
    ]


# -- read-only, full disk --------------------------------------------------------------------------


def archive_of_essays(cli: Cli, location: str | Path, tmp_path: Path) -> None:
    old = tmp_path / "old"
    write(old / "printing.txt", text(PRINTING))
    write(old / "bees.txt", text(BEES))
    assert cli("archive", "add", old, "--archive", location).code == 0


@contextmanager
def immutable(path: Path) -> Iterator[None]:
    """The file made unwritable even for root: ``chattr +i`` (the suite runs as root, where
    permission bits do not stop writes)."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed (e2fsprogs)")
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this file system does not let chattr +i make a file immutable: {done.stderr}")
    try:
        with pytest.raises(PermissionError):
            path.open("r+b").close()
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_archive_gives_a_clear_error_and_stays_valid(cli: Cli, tmp_path: Path) -> None:
    location = tmp_path / "archive.db"
    archive_of_essays(cli, location, tmp_path)
    essay = write(tmp_path / "new.txt", text(RAILWAYS))
    copy = write(tmp_path / "copy.txt", reflowed(BEES))
    before = location.read_bytes()
    with immutable(location):
        for args in (
            ("archive", "add", essay),
            ("check", essay, "--add-to-archive"),
            ("archive", "remove", "1"),
        ):
            run = cli(*args, "--archive", location)
            assert run.code == 1, (args, run.err)
            assert "read-only" in run.err and "Traceback" not in run.err
        # reading it still works
        found = cli("check", copy, "--archive", location, "--format", "json")
        assert found.json()["documents"][0]["sources"][0]["path"].endswith("bees.txt")
    assert location.read_bytes() == before
    assert sqlite_integrity(str(location)) == "ok"
    assert dbcheck.assert_whole(str(location)) == 2


@contextmanager
def mounted(folder: Path, *args: str) -> Iterator[None]:
    folder.mkdir(exist_ok=True)
    done = subprocess.run(["mount", *args, str(folder)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here (needs root and a kernel that allows it): {done.stderr}")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_an_archive_in_a_read_only_folder_gives_a_clear_error(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "shelf"
    folder.mkdir()
    location = folder / "archive.db"
    archive_of_essays(cli, location, tmp_path)
    essay = write(tmp_path / "new.txt", text(RAILWAYS))
    with mounted(folder, "--bind", str(folder)):
        done = subprocess.run(
            ["mount", "-o", "remount,ro,bind", str(folder)], capture_output=True, text=True
        )
        if done.returncode != 0:
            pytest.skip(f"cannot remount read-only here: {done.stderr}")
        assert not os.access(folder, os.W_OK)
        run = cli("archive", "add", essay, "--archive", location)
        assert run.code == 1
        assert "read-only" in run.err, run.err
        assert "not a CopyLens archive" not in run.err
    assert sqlite_integrity(str(location)) == "ok"
    assert dbcheck.assert_whole(str(location)) == 2


def test_a_full_disk_keeps_what_was_added_before(
    cli: Cli, copylens_command: list[str], tmp_path: Path
) -> None:
    disk = tmp_path / "disk"
    earlier = write_fillers(tmp_path / "earlier", 50, seed=41)
    write_fillers(tmp_path / "many", 3000, seed=42)
    with mounted(disk, "-t", "tmpfs", "-o", "size=5m", "tmpfs"):
        location = str(disk / "archive.db")
        assert cli("archive", "add", tmp_path / "earlier", "--archive", location).code == 0
        process = start_add(copylens_command, location, tmp_path / "many", "--workers", "2")
        _, err = process.communicate(timeout=300)
        assert process.returncode == 1, err
        assert "disk" in err and "is full" in err and "what was added before is kept" in err
        assert "Traceback" not in err
        kept = dbcheck.assert_whole(location)
        assert kept - len(earlier) >= BATCH_DOCUMENTS  # the batches committed before it filled
        assert (kept - len(earlier)) % BATCH_DOCUMENTS == 0
        assert kept < 3050
        assert sqlite_integrity(location) == "ok"

        subprocess.run(["mount", "-o", "remount,size=64m", str(disk)], check=True)
        report = finish(
            start_add(
                copylens_command, location, tmp_path / "many", "--workers", "2", "--format", "json"
            )
        )
        assert report["added"] == 3050 - kept and report["errors"] == []
        assert dbcheck.assert_whole(location) == 3050
        assert sqlite_integrity(location) == "ok"


# -- versions and damage ---------------------------------------------------------------------------


def bump(location: str, version: str | None) -> None:
    """The archive's schema version set to ``version`` (None: its record removed)."""
    statements = (
        ["DELETE FROM archive_settings WHERE key = 'schema_version'"]
        if version is None
        else [f"UPDATE archive_settings SET value = '{version}' WHERE key = 'schema_version'"]
    )
    if not is_archive_url(location) and version is not None and version.isdigit():
        statements.append(f"PRAGMA user_version = {version}")
    dbcheck.execute(location, *statements)


def state(location: str) -> Any:
    if is_archive_url(location):
        return dbcheck.rows(
            location, "SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM anchors)"
        ) + dbcheck.rows(location, "SELECT key, value FROM archive_settings ORDER BY key")
    return snapshot(Path(location))


def test_an_archive_of_a_newer_schema_is_refused(
    archive_location: str, cli: Cli, tmp_path: Path
) -> None:
    archive_of_essays(cli, archive_location, tmp_path)
    essay = write(tmp_path / "new.txt", text(RAILWAYS))
    bump(archive_location, "3")
    before = state(archive_location)
    for args in (("archive", "list"), ("archive", "add", essay), ("check", essay)):
        run = cli(*args, "--archive", archive_location)
        assert run.code == 1, run.err
        assert "was made by a newer CopyLens" in run.err and "archive format 3" in run.err
    assert state(archive_location) == before


@pytest.mark.parametrize("version", [None, "x", "0"], ids=["missing", "not-a-number", "zero"])
def test_an_archive_of_an_unknown_schema_is_refused(
    version: str | None, archive_location: str, cli: Cli, tmp_path: Path
) -> None:
    archive_of_essays(cli, archive_location, tmp_path)
    bump(archive_location, version)
    before = state(archive_location)
    run = cli("archive", "list", "--archive", archive_location)
    assert run.code == 1
    assert "archive format" in run.err and str(archive_location) in run.err
    assert state(archive_location) == before


def test_a_damaged_record_is_skipped_and_named_the_check_goes_on(
    archive_location: str, cli: Cli, tmp_path: Path
) -> None:
    """Issue 38: one damaged record no longer fails a whole check; it is named among the
    errors and the other archived sources are still found."""
    archive_of_essays(cli, archive_location, tmp_path)
    railways = write(tmp_path / "more" / "railways.txt", text(RAILWAYS))
    assert cli("archive", "add", railways, "--archive", archive_location).code == 0
    ids = {
        Path(path).stem: int(i)
        for i, path in dbcheck.rows(archive_location, "SELECT id, path FROM documents")
    }
    dbcheck.execute(
        archive_location,
        f"UPDATE contents SET data = 'junk' WHERE document = {ids['printing']}",
        f"UPDATE contents SET text = 'junk' WHERE document = {ids['bees']}",
    )
    copy = write(tmp_path / "copy.txt", reflowed(PRINTING) + "\n\n" + text(RAILWAYS[:2]))
    run = cli("check", copy, "--archive", archive_location, "--format", "json")
    report = run.json()
    [error] = report["errors"]
    assert f"#{ids['printing']}" in error["path"] and "damaged" in error["error"]
    found = [s["archive_id"] for s in report["documents"][0]["sources"]]
    assert found == [ids["railways"]]
    text_run = cli("check", copy, "--archive", archive_location)
    assert text_run.code == 0 and f"#{ids['printing']}" in text_run.out + text_run.err
    run = cli("archive", "extract", ids["bees"], "--archive", archive_location)
    assert run.code == 1 and "damaged" in run.err
    with open_archive(archive_location) as archive:
        assert archive.sources([ids["printing"]], Options()) == []
        assert "damaged" in archive.damaged[ids["printing"]]
    # listing still works, and the damaged documents can be removed
    assert cli("archive", "list", "--archive", archive_location).code == 0
    run = cli("archive", "remove", ids["printing"], ids["bees"], "--archive", archive_location)
    assert run.code == 0, run.err
    assert dbcheck.assert_whole(archive_location) == 1
    assert cli("check", copy, "--archive", archive_location).code == 0


def test_damaged_canonical_data_never_escapes_as_another_error(cli: Cli, tmp_path: Path) -> None:
    """Random damage to a stored record: it decodes (damage the format cannot see, such as a
    changed fingerprint) or raises ArchiveError, never anything else. (The stored format is
    the same on both databases.)"""
    archive_location = str(tmp_path / "archive.db")
    archive_of_essays(cli, archive_location, tmp_path)
    [(blob, stored_text)] = dbcheck.rows(
        archive_location, "SELECT data, text FROM contents ORDER BY document LIMIT 1"
    )
    body = zlib.decompress(stored_text).decode()
    rng = random.Random(5)
    outcomes = {"decoded": 0, "refused": 0}
    for _ in range(2000):
        damaged = bytearray(blob)
        head = damaged.index(b"\n")
        how = rng.randrange(4)
        if how == 0:
            for _ in range(rng.randint(1, 4)):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        elif how == 1:
            damaged = damaged[: rng.randrange(len(damaged))]
        elif how == 2:
            header = json.loads(damaged[:head])
            header[rng.choice(list(header))] = rng.choice([-1, 0, 1, 7, 10**9, "x", None, []])
            damaged = bytearray(json.dumps(header).encode()) + damaged[head:]
        else:
            damaged[head + 1 + rng.randrange(64)] ^= 0xFF
        try:
            decode_canonical(bytes(damaged))
            prepared_from("archive:1", body, "txt", "", bytes(damaged), Options())
            anchors_of(bytes(damaged), Options().anchor_words)
            outcomes["decoded"] += 1
        except ArchiveError:
            outcomes["refused"] += 1
    assert outcomes["refused"] > 1000


# -- a lookup while runs are merged ----------------------------------------------------------------


def add_one_by_one(location: str, records: list[Record]) -> None:
    """One document per transaction: a new run each time, a merge every tenth."""
    with open_archive(location) as archive:
        for record in records:
            archive.add([record], {})


def test_a_lookup_sees_one_state_of_the_index_while_runs_are_merged(
    archive_location: str,
) -> None:
    """A check looks up its keys while another process adds (and merges the index's runs): it
    finds every key of an archived document, never some of them (a merge committed between
    reading the list of runs and reading the keys in them, which it had deleted)."""
    options = Options(workers=2)
    given = [TextInput("planted", text(PRINTING))]
    adds = 500 if is_archive_url(archive_location) else 1500  # PostgreSQL's commits are slower
    given += [TextInput(f"filler{n}", body) for n, body in enumerate(fillers(adds, seed=51))]
    prepared, failures = read_all(given, options, prepare_text)
    assert not failures
    records = [record_of_prepared(doc) for doc in prepared]
    with open_archive(archive_location, options, create=True) as archive:
        [planted], _ = archive.add(records[:1], {})
    keys = prepared[0].anchors
    writer = multiprocessing.get_context("fork").Process(
        target=add_one_by_one, args=(archive_location, records[1:])
    )
    writer.start()
    lookups, partial = 0, []
    with open_archive(archive_location) as reader:
        while writer.is_alive():
            found = reader.query(keys, 1).get(planted, 0)
            lookups += 1
            if found != len(keys):
                partial.append(found)
    writer.join()
    assert writer.exitcode == 0
    assert lookups > 10
    assert partial == [], f"{len(partial)} of {lookups} lookups found only some of {len(keys)} keys"
    runs = dbcheck.rows(archive_location, "SELECT level, count(*) FROM runs GROUP BY level")
    assert max(level for level, _ in runs) >= 2  # the adds merged runs twice over


# -- two processes creating the same archive -------------------------------------------------------


def create_at_once(location: str, start: Any, results: Any) -> None:
    start.wait()
    try:
        with open_archive(location, Options(), create=True) as archive:
            archive.stats()
        results.put("ok")
    except BaseException as error:
        results.put(f"{type(error).__name__}: {error}")


def test_two_processes_creating_the_same_archive_at_once(
    archive_location: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The first add of a new archive, started twice at the same moment: one creates it, the
    other waits and uses it (no 'table already exists', no 'another program's database')."""
    context = multiprocessing.get_context("fork")
    for round_ in range(12):
        if is_archive_url(archive_location):
            server = request.getfixturevalue("postgres_server")
            with server.fresh_database() as location:
                outcomes = _race(context, location, create_at_once)
                assert dbcheck.count(location, "archive_settings") == 4
        else:
            location = str(tmp_path / f"round{round_}.db")
            outcomes = _race(context, location, create_at_once)
            assert dbcheck.count(location, "archive_settings") == 4
            assert sqlite_integrity(location) == "ok"
        assert outcomes == ["ok", "ok"], f"round {round_}: {outcomes}"


def _race(context: Any, location: str, target: Callable[..., None]) -> list[str]:
    start, results = context.Barrier(2), context.Queue()
    processes = [context.Process(target=target, args=(location, start, results)) for _ in "ab"]
    for process in processes:
        process.start()
    outcomes = sorted(results.get(timeout=120) for _ in processes)
    for process in processes:
        process.join()
    return outcomes


# -- Ctrl+C and SIGTERM ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("signal_", "code", "said"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["ctrl-c", "sigterm"],
)
def test_an_interrupted_add_keeps_what_it_committed(
    signal_: int, code: int, said: str, copylens_command: list[str], tmp_path: Path
) -> None:
    location = str(tmp_path / "archive.db")
    # the add is stopped inside a write after its first batch: with 1,600 files only the last
    # batch's (~0.1 s) was left to catch, which a poller a loaded machine let sleep could miss
    files = 2600
    write_fillers(tmp_path / "many", files, seed=61)
    add = [tmp_path / "many", "--workers", "2", "--format", "json"]
    process = start_add(copylens_command, location, *add)
    wait_for(lambda: documents_now(location) >= BATCH_DOCUMENTS, process, "a batch was committed")
    with stopped_while_writing(process, location):
        # Ctrl+C reaches the whole foreground process group; SIGTERM only the command
        if signal_ == signal.SIGINT:
            os.killpg(os.getpgid(process.pid), signal_)
        else:
            os.kill(process.pid, signal_)
    _, err = process.communicate(timeout=120)
    assert process.returncode == code, err
    assert said in err and "Traceback" not in err
    kept = dbcheck.assert_whole(location)
    assert kept % BATCH_DOCUMENTS == 0 and BATCH_DOCUMENTS <= kept < files
    assert sqlite_integrity(location) == "ok"
    report = finish(start_add(copylens_command, location, *add))
    assert report == {"added": files - kept, "identical": 0, "skipped": kept, "errors": []}
    assert dbcheck.assert_whole(location) == files
