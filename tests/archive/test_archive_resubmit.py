"""Issue 32: an unchanged copy of an archived essay, handed in again, on SQLite and PostgreSQL.

Each case is what a teacher meets: another student's archived essay handed in unchanged (a
100 % source, "identical to #N, author=…, added …"), the writer's own (a self-citation), the
very submission already archived (said, neither hidden nor a source), identical essays handed
in by different students (a record each), labels typed in another case or language, and an
archive made by the CopyLens before (schema 1), which opens and is upgraded in place.
"""

from __future__ import annotations

from pathlib import Path

from copylens.core.archive import open_archive
from tests.archive import dbcheck
from tests.archive.conftest import Cli
from tests.archive.test_archive_commands import (
    add,
    by_path,
    checked,
    listed,
    sources,
    write,
)
from tests.archive.texts import BEES, GLACIERS, PRINTING, text


def archive_of_a(cli: Cli, location: str, tmp_path: Path) -> dict[str, Path]:
    """Student A's essays, archived with ``author=A``."""
    files = {
        "printing": write(tmp_path / "essays" / "essay_0000.txt", text(PRINTING)),
        "bees": write(tmp_path / "essays" / "essay_0001.txt", text(BEES)),
    }
    add(cli, location, tmp_path / "essays", "--label", "author=A", "--label", "year=2024")
    return files


def test_an_unchanged_copy_by_another_author_is_a_named_100_percent_source(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    essays = archive_of_a(cli, archive_location, tmp_path)
    petrov = write(tmp_path / "petrov.txt", essays["printing"].read_text())
    report = checked(cli, archive_location, petrov, "--label", "author=B")
    document = report["documents"][0]
    [source] = sources(report)
    archived = by_path(listed(cli, archive_location))[str(essays["printing"])]
    assert source["archive_id"] == archived["id"]
    assert source["identical"] is True and source["self"] is False
    assert source["labels"] == {"author": "A", "year": "2024"}
    assert source["added"] == archived["added"]
    assert source["containment"] == 1.0 and document["uniqueness"] == 0.0
    assert document["borrowed"] == 1.0 and document["archived_as"] == []

    shown = cli("check", petrov, "--archive", archive_location, "--label", "author=B")
    day = archived["added"][:10]
    assert f"[identical to #{archived['id']}, author=A, year=2024, added {day}]" in shown.out
    assert "uniqueness 0.0 %" in shown.out

    # an edited copy is a source as before, not marked identical
    edited = write(tmp_path / "edited.txt", essays["printing"].read_text() + "\nКонец.\n")
    [source] = sources(checked(cli, archive_location, edited, "--label", "author=B"))
    assert source["archive_id"] == archived["id"] and source["identical"] is False


def test_an_unchanged_copy_of_the_writers_own_essay_is_self_citation(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    essays = archive_of_a(cli, archive_location, tmp_path)
    again = write(tmp_path / "again.txt", essays["bees"].read_text())
    # the same author, typed in another case and in Russian: one key, one value
    for label in ("author=a", "Автор=A", "АВТОР=a"):
        report = checked(cli, archive_location, again, "--label", label)
        [source] = sources(report)
        assert source["identical"] is True and source["self"] is True, label
        assert report["documents"][0]["self_cited"] == 1.0
        assert report["documents"][0]["borrowed"] == 0.0


def test_rechecking_the_very_archived_submission_says_so(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    essays = archive_of_a(cli, archive_location, tmp_path)
    archived = by_path(listed(cli, archive_location))[str(essays["printing"])]
    report = checked(
        cli, archive_location, essays["printing"], "--label", "YEAR=2024", "--label", "author=a"
    )
    document = report["documents"][0]
    assert document["archived_as"] == [archived["id"]]
    assert sources(report) == [] and document["uniqueness"] == 1.0
    shown = cli(
        "check", essays["printing"], "--archive", archive_location,
        "--label", "author=A", "--label", "year=2024",
    )  # fmt: skip
    assert f"already in the archive as #{archived['id']}" in shown.out

    # the same file under other labels is another submission: a source, identical
    [source] = sources(checked(cli, archive_location, essays["printing"], "--label", "author=C"))
    assert source["archive_id"] == archived["id"] and source["identical"] is True

    # when another student handed the same text in, the very record is said, and the other
    # student's record is still the source
    other = write(tmp_path / "b" / "copy.txt", essays["printing"].read_text())
    add(cli, archive_location, other, "--label", "author=B")
    report = checked(
        cli, archive_location, essays["printing"], "--label", "author=A", "--label", "year=2024"
    )
    [source] = sources(report)
    assert report["documents"][0]["archived_as"] == [archived["id"]]
    assert source["path"] == str(other) and source["labels"] == {"author": "B"}
    assert source["identical"] is True and source["self"] is False


def test_identical_essays_by_different_students_are_each_a_record(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    body = text(GLACIERS)
    for student in ("ivanov", "petrov", "sidorov"):
        write(tmp_path / student / "essay.txt", body)
    write(tmp_path / "ivanov" / "other.txt", text(BEES))
    reports = [
        add(cli, archive_location, tmp_path / student, "--label", f"author={student}")
        for student in ("ivanov", "petrov", "sidorov")
    ]
    assert [(r["added"], r["identical"]) for r in reports] == [(2, 0), (1, 1), (1, 1)]
    documents = listed(cli, archive_location)
    assert sorted(d["labels"]["author"] for d in documents) == [
        "ivanov",
        "ivanov",
        "petrov",
        "sidorov",
    ]
    assert len({d["added"] for d in documents}) >= 1 and all(d["added"] for d in documents)
    assert dbcheck.assert_whole(archive_location) == 4
    assert dbcheck.count(archive_location, "texts") == 2
    # the listing filters by label up to case, автор being author
    [petrov] = listed(cli, archive_location, "Автор=PETROV")
    assert petrov["path"] == str(tmp_path / "petrov" / "essay.txt")

    # a fourth student hands it in: every earlier record named (one as the source)
    late = write(tmp_path / "late.txt", body)
    [source] = sources(checked(cli, archive_location, late, "--label", "author=smirnov"))
    ids = {d["labels"]["author"]: d["id"] for d in documents if d["path"].endswith("essay.txt")}
    assert source["archive_id"] == ids["ivanov"]
    assert sorted(source["copies"]) == sorted([ids["petrov"], ids["sidorov"]])
    # petrov himself: his own record is a self-citation only if no one else's holds it
    [source] = sources(checked(cli, archive_location, late, "--label", "author=Petrov"))
    assert source["archive_id"] == ids["ivanov"] and source["self"] is False


def test_the_text_summary_of_an_add(cli: Cli, archive_location: str, tmp_path: Path) -> None:
    for n in range(3):
        write(tmp_path / "in" / f"essay_{n}.txt", text(PRINTING if n < 2 else BEES))
    run = cli("archive", "add", tmp_path / "in", "--archive", archive_location)
    assert run.code == 0 and run.out.splitlines()[0] == "3 added, 1 identical to earlier records"
    run = cli("archive", "add", tmp_path / "in", "--archive", archive_location)
    assert run.out.splitlines()[0] == "0 added, 0 identical to earlier records, 3 already archived"


# -- an archive of schema 1 ---------------------------------------------------------------------

V1_DOCUMENTS = (
    "CREATE TABLE documents_v1 (id {serial}, path text NOT NULL, name text NOT NULL, "
    "sha256 text NOT NULL UNIQUE, file_sha256 text NOT NULL, format text NOT NULL, "
    "added text NOT NULL, language text NOT NULL, words {integer} NOT NULL, "
    "chars {integer} NOT NULL, bytes {integer} NOT NULL)"
)
"""The documents table of schema 1 (one row per distinct text), as CopyLens made it."""


def as_schema_1(location: str) -> None:
    """Turn an archive made now into the one the CopyLens before made of the same documents:
    ``documents`` with its unique ``sha256`` and no ``text``, no ``texts``, version 1."""
    postgres = location.startswith("postgres")
    serial = "bigserial PRIMARY KEY" if postgres else "INTEGER PRIMARY KEY AUTOINCREMENT"
    integer = "bigint" if postgres else "INTEGER"
    columns = "id, path, name, sha256, file_sha256, format, added, language, words, chars, bytes"
    statements = [
        V1_DOCUMENTS.format(serial=serial, integer=integer),
        f"INSERT INTO documents_v1 ({columns}) SELECT {columns} FROM documents",
        # the ids go on where they were (a removed record's id is never given again)
        "SELECT setval(pg_get_serial_sequence('documents_v1', 'id'), "
        "(SELECT last_value FROM documents_id_seq))"
        if postgres
        else "UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence "
        "WHERE name = 'documents') WHERE name = 'documents_v1'",
        "DROP TABLE documents",
        "ALTER TABLE documents_v1 RENAME TO documents",
        "CREATE INDEX documents_file ON documents (file_sha256)",
        "DROP TABLE texts",
        "UPDATE labels SET key = 'Автор' WHERE key = 'author'",
        "UPDATE archive_settings SET value = '1' WHERE key = 'schema_version'",
    ]
    if not postgres:
        statements.append("PRAGMA user_version = 1")
    dbcheck.execute(location, *statements)


def test_an_archive_of_schema_1_opens_and_is_upgraded(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    essays = archive_of_a(cli, archive_location, tmp_path)
    removed = write(tmp_path / "gone" / "gone.txt", text(GLACIERS))
    add(cli, archive_location, removed)
    gone = by_path(listed(cli, archive_location))[str(removed)]["id"]
    assert cli("archive", "remove", gone, "--archive", archive_location).code == 0
    before = {d["id"]: d for d in listed(cli, archive_location)}
    as_schema_1(archive_location)
    version = dbcheck.rows(
        archive_location, "SELECT value FROM archive_settings WHERE key = 'schema_version'"
    )
    assert version == [("1",)]

    after = {d["id"]: d for d in listed(cli, archive_location)}
    assert after == before  # the label key Автор is author again
    assert dbcheck.rows(
        archive_location, "SELECT value FROM archive_settings WHERE key = 'schema_version'"
    ) == [("2",)]
    assert dbcheck.assert_whole(archive_location, labels=2) == 2
    # checks find the migrated records; a new record continues the ids, never reusing one
    copy = write(tmp_path / "copy.txt", essays["printing"].read_text())
    [source] = sources(checked(cli, archive_location, copy, "--label", "author=B"))
    assert source["identical"] is True and source["archive_id"] in before
    report = add(cli, archive_location, copy, "--label", "author=B")
    assert report["added"] == 1 and report["identical"] == 1
    new_id = max(d["id"] for d in listed(cli, archive_location))
    assert new_id > gone
    with open_archive(archive_location) as archive:
        assert archive.stats().documents == 3
