"""The archive's command line contract (issue 14), on SQLite and on a real PostgreSQL server:
``copylens archive add/list/stats/remove/extract`` and ``copylens check --archive``."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.archive import dbcheck
from tests.archive.conftest import Cli
from tests.archive.texts import (
    BEES,
    GLACIERS,
    OWN,
    PRINTING,
    RAILWAYS,
    RU,
    RU_FORMS,
    edited,
    reflowed,
    text,
    words_of,
)


def add(cli: Cli, location: str, *args: object) -> dict[str, Any]:
    report: dict[str, Any] = cli(
        "archive", "add", *args, "--archive", location, "--format", "json"
    ).json()
    return report


def listed(cli: Cli, location: str, *labels: str) -> list[dict[str, Any]]:
    flags = [f for label in labels for f in ("--label", label)]
    data = cli("archive", "list", "--archive", location, *flags, "--format", "json").json()
    assert set(data) == {"documents"}
    documents: list[dict[str, Any]] = data["documents"]
    return documents


def by_path(documents: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {d["path"]: d for d in documents}


def extracted(cli: Cli, location: str, document: int) -> str:
    run = cli("archive", "extract", document, "--archive", location)
    assert run.code == 0, run.err
    return run.out


def checked(cli: Cli, location: str, *args: object) -> dict[str, Any]:
    report: dict[str, Any] = cli("check", *args, "--archive", location, "--format", "json").json()
    return report


def sources(report: dict[str, Any], document: int = 0) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = report["documents"][document]["sources"]
    return found


def write(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    return path


def passage(paragraph: str) -> str:
    """A copied passage as a fragment spans it: from its first word to its last (the final
    full stop is not a word)."""
    return paragraph.rstrip(".")


# -- add, list, stats ----------------------------------------------------------------------------


def test_add_files_and_folders_with_labels(
    cli: Cli, archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    single = write(tmp_path / "loose" / "own.md", text(OWN))
    folder = essays["printing"].parent
    report = add(
        cli, archive_location, folder, single, "--label", "author=ann", "--label", "year=2024"
    )
    assert report == {"added": 6, "identical": 0, "skipped": 0, "errors": []}

    documents = listed(cli, archive_location)
    assert sorted(d["path"] for d in documents) == sorted(
        [*(str(p) for p in essays.values()), str(single)]
    )
    for d in documents:
        assert {"id", "path", "sha256", "added", "words", "labels"} <= set(d)
        assert d["labels"] == {"author": "ann", "year": "2024"}
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", d["added"])
        assert d["words"] > 20
    own = by_path(documents)[str(single)]
    assert (
        own["sha256"]
        == hashlib.sha256(extracted(cli, archive_location, own["id"]).encode()).hexdigest()
    )
    assert own["words"] == len(words_of(text(OWN)))
    assert len({d["id"] for d in documents}) == 6


def test_each_submission_is_a_record_its_text_stored_once(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    """Issue 32: identical texts handed in again are records of their own, with their labels;
    the text is stored once; a re-run of the same add adds nothing."""
    body = text(PRINTING)
    first = write(tmp_path / "a" / "essay.txt", body)
    renamed = write(tmp_path / "b" / "renamed.txt", body)
    as_markdown = write(tmp_path / "b" / "essay.md", body)
    other = write(tmp_path / "c" / "bees.txt", text(BEES))

    assert add(cli, archive_location, first, "--label", "author=A") == {
        "added": 1,
        "identical": 0,
        "skipped": 0,
        "errors": [],
    }
    # another name, another format, the same extracted text: a record each, text kept once
    run = cli(
        "archive", "add", renamed, as_markdown, other, "--archive", archive_location,
        "--label", "author=B",
    )  # fmt: skip
    assert run.code == 0 and run.out.startswith("3 added, 2 identical to earlier records")
    # all of them again, with the same labels: nothing new
    again = add(cli, archive_location, tmp_path / "a", "--label", "author=a")
    assert again == {"added": 0, "identical": 0, "skipped": 1, "errors": []}
    again = add(cli, archive_location, tmp_path / "b", tmp_path / "c", "--label", "AUTHOR=b")
    assert again == {"added": 0, "identical": 0, "skipped": 3, "errors": []}
    documents = by_path(listed(cli, archive_location))
    assert set(documents) == {str(first), str(renamed), str(as_markdown), str(other)}
    assert documents[str(first)]["labels"] == {"author": "A"}
    assert documents[str(renamed)]["labels"] == {"author": "B"}
    assert dbcheck.assert_whole(archive_location) == 4
    assert dbcheck.count(archive_location, "texts") == 2
    # a record of a shared text removed: the others keep it
    assert (
        cli("archive", "remove", documents[str(first)]["id"], "--archive", archive_location).code
        == 0
    )
    assert extracted(cli, archive_location, documents[str(renamed)]["id"]) == body
    assert dbcheck.assert_whole(archive_location) == 3


def test_list_filters_by_labels_all_of_them(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    groups = {
        "ann23": (PRINTING, ["author=ann", "year=2023"]),
        "bob23": (BEES, ["author=bob", "year=2023"]),
        "ann24": (GLACIERS, ["author=ann", "year=2024", "course=geo"]),
    }
    for name, (paragraphs, labels) in groups.items():
        path = write(tmp_path / f"{name}.txt", text(paragraphs))
        add(cli, archive_location, path, *(f for label in labels for f in ("--label", label)))

    def names(*labels: str) -> list[str]:
        return sorted(Path(d["path"]).stem for d in listed(cli, archive_location, *labels))

    assert names() == ["ann23", "ann24", "bob23"]
    assert names("author=ann") == ["ann23", "ann24"]
    assert names("year=2023") == ["ann23", "bob23"]
    assert names("author=ann", "year=2023") == ["ann23"]
    assert names("author=bob", "year=2024") == []
    assert names("course=geo", "author=ann", "year=2024") == ["ann24"]
    assert names("author=nobody") == []
    labels = by_path(listed(cli, archive_location))[str(tmp_path / "ann24.txt")]["labels"]
    assert labels == {"author": "ann", "year": "2024", "course": "geo"}
    as_text = cli("archive", "list", "--archive", archive_location, "--label", "author=bob")
    assert as_text.code == 0 and "bob23.txt" in as_text.out and "ann23" not in as_text.out


def test_stats_counts_documents_and_bytes(
    cli: Cli, archive_location: str, essays: dict[str, Path]
) -> None:
    add(cli, archive_location, essays["printing"], essays["bees"])
    stats = cli("archive", "stats", "--archive", archive_location, "--format", "json").json()
    assert stats["documents"] == 2
    documents = listed(cli, archive_location)
    assert stats["bytes"] == sum(d["bytes"] for d in documents) > 0
    add(cli, archive_location, essays["printing"].parent)
    more = cli("archive", "stats", "--archive", archive_location, "--format", "json").json()
    assert more["documents"] == 5
    assert more["bytes"] > stats["bytes"]
    as_text = cli("archive", "stats", "--archive", archive_location)
    assert as_text.code == 0 and "5" in as_text.out


def test_extract_prints_the_archived_text_exactly(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    files = [
        write(tmp_path / "plain.txt", text(RU)),
        write(
            tmp_path / "page.html",
            "<html><head><title>T</title></head><body><nav>Home | About</nav>"
            f"<article><p>{BEES[0]}</p><p>{BEES[1]}</p></article></body></html>",
        ),
        write(tmp_path / "notes.md", "# Glaciers\n\n" + text(GLACIERS)),
    ]
    add(cli, archive_location, *files)
    for document in listed(cli, archive_location):
        own = cli("extract", document["path"])
        assert own.code == 0
        archived = extracted(cli, archive_location, document["id"])
        assert archived == own.out
        assert hashlib.sha256(archived.encode()).hexdigest() == document["sha256"]
    missing = cli("archive", "extract", "999", "--archive", archive_location)
    assert missing.code == 1 and "no document 999" in missing.err


def test_unreadable_inputs_are_listed_and_the_others_added(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    folder = tmp_path / "mixed"
    good = write(folder / "good.txt", text(PRINTING))
    broken = folder / "broken.docx"
    broken.write_bytes(b"PK\x03\x04 this is not a whole zip file")
    empty = folder / "empty.txt"
    empty.write_bytes(b"")
    unsupported = write(tmp_path / "data.xyz", "some words in a file of an unknown kind")
    missing = tmp_path / "not-there.txt"
    report = add(cli, archive_location, folder, unsupported, missing)
    assert report["added"] == 1 and report["skipped"] == 0
    assert sorted(e["path"] for e in report["errors"]) == sorted(
        str(p) for p in (broken, empty, unsupported, missing)
    )
    assert all(set(e) == {"path", "error"} and e["error"] for e in report["errors"])
    assert [d["path"] for d in listed(cli, archive_location)] == [str(good)]

    nothing = cli(
        "archive", "add", broken, missing, "--archive", archive_location, "--format", "json"
    )
    assert nothing.code == 1
    assert json.loads(nothing.out)["added"] == 0  # its report printed all the same
    assert len(dbcheck.rows(archive_location, "SELECT id FROM documents")) == 1


def test_remove_takes_labels_contents_and_index_keys(
    cli: Cli, archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    add(cli, archive_location, essays["printing"].parent, "--label", "author=ann")
    copy = write(tmp_path / "copy.txt", reflowed(PRINTING))
    [found] = sources(checked(cli, archive_location, copy))
    document = found["archive_id"]
    keys_before = dbcheck.count(archive_location, "anchors")

    removed = cli("archive", "remove", document, "--archive", archive_location)
    assert removed.code == 0 and "removed 1" in removed.out
    assert document not in [d["id"] for d in listed(cli, archive_location)]
    assert sources(checked(cli, archive_location, copy)) == []
    gone = cli("archive", "extract", document, "--archive", archive_location)
    assert gone.code == 1 and f"no document {document}" in gone.err
    for table, column in (
        ("documents", "id"),
        ("contents", "document"),
        ("labels", "document"),
        ("anchors", "document"),
    ):
        assert (
            dbcheck.rows(
                archive_location, f"SELECT count(*) FROM {table} WHERE {column} = ?", (document,)
            )[0][0]
            == 0
        )
    assert dbcheck.count(archive_location, "anchors") < keys_before
    assert dbcheck.assert_whole(archive_location, labels=1) == 4

    again = cli("archive", "remove", document, "--archive", archive_location)
    assert again.code == 1 and f"no document {document}" in again.err
    # the others are still found
    assert sources(checked(cli, archive_location, write(tmp_path / "b.txt", reflowed(BEES))))


# -- check against the archive -------------------------------------------------------------------


def test_planted_copies_are_found_with_offsets_into_the_archived_text(
    cli: Cli, archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    add(
        cli,
        archive_location,
        essays["printing"].parent,
        "--label",
        "author=ann",
        "--label",
        "year=2023",
    )
    ids = {Path(d["path"]).stem: d["id"] for d in listed(cli, archive_location)}
    copies = tmp_path / "copies"
    verbatim = write(copies / "verbatim.txt", reflowed(PRINTING))
    edited_copy = write(copies / "edited.txt", edited(BEES))
    pasted = write(copies / "pasted.txt", text([OWN[0], GLACIERS[1], OWN[1]]))
    russian = write(copies / "russian.txt", text(RU_FORMS))
    report = checked(cli, archive_location, verbatim, edited_copy, pasted, russian)
    assert report["errors"] == []
    results = {Path(d["path"]).stem: d for d in report["documents"]}
    originals = {"verbatim": "printing", "edited": "bees", "pasted": "glaciers", "russian": "ru"}
    texts = {}
    for copy, original in originals.items():
        [source] = results[copy]["sources"]
        assert source["archive_id"] == ids[original]
        assert source["path"] == str(essays[original])
        assert source["labels"] == {"author": "ann", "year": "2023"}
        assert source["self"] is False
        assert source["fragments"]
        texts[copy] = extracted(cli, archive_location, source["archive_id"])
        assert texts[copy] == essays[original].read_text(encoding="utf-8")

    def spans(copy: str) -> list[tuple[str, str]]:
        """(archived, checked) text of each fragment."""
        checked_text = (copies / f"{copy}.txt").read_text(encoding="utf-8")
        [source] = results[copy]["sources"]
        return [
            (texts[copy][f["source_start"] : f["source_end"]], checked_text[f["start"] : f["end"]])
            for f in source["fragments"]
        ]

    # verbatim (another layout): the whole essay, word for word
    whole = spans("verbatim")
    first = results["verbatim"]["sources"][0]["fragments"][0]["source_start"]
    last = results["verbatim"]["sources"][0]["fragments"][-1]["source_end"]
    assert texts["verbatim"][first:last] == passage(text(PRINTING).rstrip("\n"))
    for archived, copied in whole:
        assert archived.split() == copied.split()
    assert results["verbatim"]["sources"][0]["containment"] == 1.0

    # a pasted paragraph: exactly that paragraph on both sides
    [(archived, copied)] = spans("pasted")
    assert archived == copied == passage(GLACIERS[1])
    assert 0.3 < results["pasted"]["sources"][0]["containment"] < 0.7

    # 10 % edited: the same words but every tenth
    for archived, copied in spans("edited"):
        assert archived in text(BEES)
        a, c = archived.split(), copied.split()
        assert len(a) == len(c) and sum(x != y for x, y in zip(a, c, strict=True)) <= len(a) // 8
    assert results["edited"]["sources"][0]["containment"] >= 0.8

    # other Russian word forms: the archived sentences the forms come from
    for archived, copied in spans("russian"):
        assert archived in text(RU)
        assert len(archived.split()) == len(copied.split())
        assert archived != copied
    assert results["russian"]["sources"][0]["containment"] >= 0.8


def test_an_archived_document_is_never_a_source_of_itself(
    cli: Cli, archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    add(cli, archive_location, essays["printing"].parent)
    own_copy = write(tmp_path / "elsewhere" / "same.md", essays["printing"].read_text())
    report = checked(cli, archive_location, essays["printing"], own_copy, essays["bees"])
    assert [sources(report, n) for n in range(3)] == [[], [], []]

    # its reflowed copy archived too is a source of it (another text), itself still not
    reflow = write(tmp_path / "reflowed.txt", reflowed(PRINTING))
    add(cli, archive_location, reflow)
    [source] = sources(checked(cli, archive_location, essays["printing"]))
    assert source["path"] == str(reflow)


def test_given_sources_and_the_archive_together(
    cli: Cli, archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    add(cli, archive_location, essays["printing"].parent)
    given = write(tmp_path / "given" / "printing.md", text(PRINTING))  # archived as printing.txt
    unrelated = write(tmp_path / "given" / "own.txt", text(OWN[:2]))
    essay = write(tmp_path / "essay.txt", text([PRINTING[1], GLACIERS[0], OWN[2]]))
    report = checked(cli, archive_location, essay, "--against", given, unrelated)
    found = {s["path"]: s for s in sources(report)}
    assert set(found) == {str(given), str(essays["glaciers"])}
    assert found[str(given)]["archive_id"] is None
    assert found[str(given)]["labels"] == {}
    [glaciers] = [
        d["id"] for d in listed(cli, archive_location) if d["path"] == str(essays["glaciers"])
    ]
    assert found[str(essays["glaciers"])]["archive_id"] == glaciers
    # the given source's passage is reported once, by the given file
    assert len(found[str(given)]["fragments"]) == 1


def test_self_citation_by_author_label(cli: Cli, archive_location: str, tmp_path: Path) -> None:
    ann = write(tmp_path / "old" / "ann.txt", text(PRINTING))
    bob = write(tmp_path / "old" / "bob.txt", text(BEES))
    add(cli, archive_location, ann, "--label", "author=ann")
    add(cli, archive_location, bob, "--label", "author=bob")
    essay = write(tmp_path / "new.txt", text([PRINTING[0], OWN[0], BEES[2]]))

    by_ann = {
        s["path"]: s["self"]
        for s in sources(checked(cli, archive_location, essay, "--label", "author=ann"))
    }
    assert by_ann == {str(ann): True, str(bob): False}
    by_carl = {
        s["path"]: s["self"]
        for s in sources(checked(cli, archive_location, essay, "--label", "author=carl"))
    }
    assert by_carl == {str(ann): False, str(bob): False}
    anonymous = {s["path"]: s["self"] for s in sources(checked(cli, archive_location, essay))}
    assert anonymous == {str(ann): False, str(bob): False}


def test_add_to_archive_stores_the_checked_documents_with_labels(
    cli: Cli, archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    add(cli, archive_location, essays["printing"])
    first = write(tmp_path / "term1" / "carl.txt", text([OWN[1], PRINTING[2]]))
    second = write(tmp_path / "term1" / "dora.txt", text([OWN[2], RAILWAYS[0]]))
    run = cli(
        "check", first, second, "--archive", archive_location, "--add-to-archive",
        "--label", "author=carl", "--label", "group=7", "--format", "json",
    )  # fmt: skip
    report = run.json()
    assert "added 2 document(s)" in run.err
    [source] = sources(report, 0)  # checked before it was added: only the earlier essay
    assert source["path"] == str(essays["printing"])
    assert sources(report, 1) == []
    stored = by_path(listed(cli, archive_location, "group=7"))
    assert set(stored) == {str(first), str(second)}
    assert all(d["labels"] == {"author": "carl", "group": "7"} for d in stored.values())
    assert extracted(cli, archive_location, stored[str(first)]["id"]) == first.read_text()

    # next term's essay copying dora's is found in the archive, as a self-citation of carl's
    later = write(tmp_path / "term2" / "essay.txt", text([RAILWAYS[0], OWN[0]]))
    [found] = sources(checked(cli, archive_location, later, "--label", "author=carl"))
    assert found["archive_id"] == stored[str(second)]["id"] and found["self"] is True

    # checked and added again, with its labels: already archived, so said, and not added
    again = cli(
        "check", first, "--archive", archive_location, "--add-to-archive", "--format", "json",
        "--label", "Author=Carl", "--label", "group=7",
    )  # fmt: skip
    assert again.code == 0 and "added" not in again.err
    assert again.json()["documents"][0]["archived_as"] == [stored[str(first)]["id"]]
    assert len(listed(cli, archive_location)) == 3
    assert dbcheck.assert_whole(archive_location) == 3


def test_add_to_archive_creates_the_archive(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    essay = write(tmp_path / "essay.txt", text(BEES))
    report = checked(cli, archive_location, essay, "--add-to-archive", "--label", "year=2025")
    assert sources(report) == []
    [document] = listed(cli, archive_location)
    assert document["path"] == str(essay) and document["labels"] == {"year": "2025"}


def test_check_without_an_archive_or_sources_is_a_usage_error(cli: Cli, tmp_path: Path) -> None:
    essay = write(tmp_path / "essay.txt", text(BEES))
    assert cli("check", essay).code == 2
    assert cli("check", essay, "--against", essay, "--add-to-archive").code == 2
    listing = cli("archive", "list")
    assert listing.code == 2 and "COPYLENS_ARCHIVE" in listing.err


def test_a_missing_archive_is_not_created_by_reading_commands(cli: Cli, tmp_path: Path) -> None:
    location = tmp_path / "none.db"
    essay = write(tmp_path / "essay.txt", text(BEES))
    for args in (
        ("archive", "list"),
        ("archive", "stats"),
        ("archive", "extract", "1"),
        ("archive", "remove", "1"),
        ("check", essay),
    ):
        run = cli(*args, "--archive", location)
        assert run.code == 1 and "no archive" in run.err, args
    assert list(tmp_path.iterdir()) == [essay]


# -- the archive's settings ----------------------------------------------------------------------


def test_an_archive_keeps_its_language(cli: Cli, archive_location: str, tmp_path: Path) -> None:
    original = write(tmp_path / "old" / "printing.txt", text(PRINTING))
    add(cli, archive_location, original, "--lang", "ru")
    stats = cli("archive", "stats", "--archive", archive_location, "--format", "json").json()
    assert stats["settings"]["language"] == "ru"
    copy = write(tmp_path / "copy.txt", reflowed(PRINTING))
    report = checked(cli, archive_location, copy)  # no --lang: the archive's
    assert report["documents"][0]["language"] == "ru"
    assert [s["path"] for s in sources(report)] == [str(original)]
    # added without --lang: still Russian rules
    add(cli, archive_location, write(tmp_path / "old" / "bees.txt", text(BEES)))
    assert {d["language"] for d in listed(cli, archive_location)} == {"ru"}

    for args in (("check", copy), ("archive", "add", copy)):
        refused = cli(*args, "--lang", "en", "--archive", archive_location)
        assert refused.code == 1
        assert "other settings" in refused.err and "language" in refused.err
    assert len(listed(cli, archive_location)) == 2


def test_an_archive_without_lemmas_is_checked_without_them(
    cli: Cli, archive_location: str, tmp_path: Path, postgres_or_sqlite_second: str
) -> None:
    forms = write(tmp_path / "forms.txt", text(RU_FORMS))
    original = write(tmp_path / "old" / "ru.txt", text(RU))
    lemmas = postgres_or_sqlite_second
    add(cli, archive_location, original, "--no-lemmas")
    add(cli, lemmas, original)
    assert (
        cli("archive", "stats", "--archive", archive_location, "--format", "json").json()[
            "settings"
        ]["lemmatize"]
        is False
    )
    # the same copy in other word forms: found through lemmas, not through the forms as written
    assert [s["path"] for s in sources(checked(cli, lemmas, forms))] == [str(original)]
    without = sources(checked(cli, archive_location, forms))
    assert without == [] or without[0]["containment"] < 0.5
    # an exact copy is found in both
    exact = write(tmp_path / "exact.txt", reflowed(RU))
    assert sources(checked(cli, archive_location, exact))[0]["containment"] == 1.0
    # asking for other settings than the archive's: a clear error, nothing added
    refused = cli("check", forms, "--no-lemmas", "--archive", lemmas)
    assert refused.code == 1 and "lemmatize" in refused.err
    refused = cli("archive", "add", forms, "--no-lemmas", "--archive", lemmas)
    assert refused.code == 1 and "other settings" in refused.err
    assert len(listed(cli, lemmas)) == 1


@pytest.fixture
def postgres_or_sqlite_second(
    archive_location: str, tmp_path: Path, request: pytest.FixtureRequest
) -> str:
    """A second archive of the same kind as ``archive_location``."""
    if archive_location.startswith("postgres"):
        return str(request.getfixturevalue("postgres_db_url_second"))
    return str(tmp_path / "second.db")


@pytest.fixture
def postgres_db_url_second(postgres_server: Any) -> Any:
    with postgres_server.fresh_database() as url:
        yield url


def test_copylens_archive_environment_variable_is_the_default(
    cli: Cli,
    archive_location: str,
    essays: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COPYLENS_ARCHIVE", archive_location)
    run = cli("archive", "add", essays["bees"], "--format", "json")
    assert run.json()["added"] == 1
    [document] = by_path(listed_env(cli)).values()
    assert document["path"] == str(essays["bees"])
    copy = write(tmp_path / "copy.txt", reflowed(BEES))
    report = cli("check", copy, "--format", "json").json()
    assert sources(report)[0]["archive_id"] == document["id"]
    # --archive given wins over the variable
    other = str(tmp_path / "other.db")
    assert cli("archive", "add", essays["printing"], "--archive", other).code == 0
    assert [d["path"] for d in listed(cli, other)] == [str(essays["printing"])]
    assert len(listed_env(cli)) == 1


def listed_env(cli: Cli) -> list[dict[str, Any]]:
    documents: list[dict[str, Any]] = cli("archive", "list", "--format", "json").json()["documents"]
    return documents


# -- the installed command, as a separate process ----------------------------------------------


def test_the_installed_command_end_to_end(
    copylens_command: list[str], archive_location: str, essays: dict[str, Path], tmp_path: Path
) -> None:
    def run(*args: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*copylens_command, *map(str, args)],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env={k: v for k, v in os.environ.items() if k != "COPYLENS_ARCHIVE"},
        )

    added = run(
        "archive",
        "add",
        "essays",
        "--archive",
        archive_location,
        "--label",
        "group=b",
        "--format",
        "json",
    )
    assert added.returncode == 0, added.stderr
    assert '"added":5' in added.stdout.replace(" ", "")
    write(tmp_path / "copy.txt", text([OWN[0], RU[1]]))
    done = run("check", "copy.txt", "--archive", archive_location, "--format", "json")
    assert done.returncode == 0, done.stderr
    [source] = json.loads(done.stdout)["documents"][0]["sources"]
    assert source["path"] == str(Path("essays") / "ru.txt")  # as it was given
    assert source["labels"] == {"group": "b"}
    shown = run("archive", "extract", source["archive_id"], "--archive", archive_location)
    fragment = source["fragments"][0]
    assert shown.stdout[fragment["source_start"] : fragment["source_end"]] == passage(RU[1])
    listing = run("archive", "list", "--archive", archive_location)
    assert listing.returncode == 0 and "essays/ru.txt" in listing.stdout
    wrong = run("archive", "list", "--archive", "essays/ru.txt")
    assert wrong.returncode == 1 and "not a CopyLens archive" in wrong.stderr
    assert "Traceback" not in wrong.stderr


def test_an_id_is_never_given_again_after_a_remove(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    """Reports keep ``archive_id``s: after a remove, ``archive extract`` of a removed id must
    not print another document's text."""
    add(cli, archive_location, write(tmp_path / "a.txt", text(PRINTING)))
    add(cli, archive_location, write(tmp_path / "b.txt", text(BEES)))
    ids = {Path(d["path"]).stem: d["id"] for d in listed(cli, archive_location)}
    assert cli("archive", "remove", ids["b"], "--archive", archive_location).code == 0
    add(cli, archive_location, write(tmp_path / "c.txt", text(GLACIERS)))
    [new] = [d["id"] for d in listed(cli, archive_location) if d["path"].endswith("c.txt")]
    assert new not in ids.values()
    gone = cli("archive", "extract", ids["b"], "--archive", archive_location)
    assert gone.code == 1 and gone.out == ""


def test_a_password_in_the_url_is_never_shown(cli: Cli) -> None:
    url = "postgresql://teacher:s3cret-w0rd@127.0.0.1:1/department"
    run = cli("archive", "list", "--archive", url)
    assert run.code == 1
    assert "cannot connect" in run.err and "teacher:***@127.0.0.1:1/department" in run.err
    assert "s3cret" not in run.err


HANDOUT = (
    "Write an essay of about five hundred words on the history of a technology that changed "
    "everyday life, citing at least two sources and explaining the social consequences."
)


def test_templates_are_ignored_in_archived_sources_but_archived_whole(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    """--ignore leaves a handout out of the matching against archived sources too; and
    --add-to-archive stores a checked document as archive add would, its handout included
    (the template is this run's, the archive serves later ones)."""
    handout = write(tmp_path / "handout.txt", HANDOUT + "\n")
    old = write(tmp_path / "old" / "bees.txt", HANDOUT + "\n\n" + text(BEES))
    add(cli, archive_location, old)
    new = write(tmp_path / "new" / "railways.txt", HANDOUT + "\n\n" + text(RAILWAYS))
    [source] = sources(checked(cli, archive_location, new))
    assert source["path"] == str(old)
    report = checked(cli, archive_location, new, "--ignore", handout, "--add-to-archive")
    assert sources(report) == []
    assert dbcheck.assert_whole(archive_location) == 2  # every document with all its keys
    later = write(tmp_path / "later.txt", text([OWN[0], HANDOUT, RAILWAYS[1]]))
    found = {s["path"] for s in sources(checked(cli, archive_location, later))}
    assert found == {str(old), str(new)}


def test_an_explicit_flag_with_the_default_value_against_other_archive_settings(
    cli: Cli, tmp_path: Path
) -> None:
    location = tmp_path / "archive.db"
    original = write(tmp_path / "old" / "printing.txt", text(PRINTING))
    assert cli("archive", "add", original, "--lang", "ru", "--archive", location).code == 0
    copy = write(tmp_path / "copy.txt", reflowed(PRINTING))
    refused = cli("check", copy, "--lang", "auto", "--archive", location)
    assert refused.code == 1 and "other settings" in refused.err
