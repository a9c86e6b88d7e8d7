"""Reports survive JSON: ``to_data`` → ``json`` → ``from_json`` gives an equal report (the
frozen dataclasses, their options, texts and the errors' templates), for real engine reports
with errors, fragments, edits and archive labels; and the app's session file round-trips,
refuses what it cannot read and is written atomically."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from copylens.app.session import Session, SessionError, read_session, write_session
from copylens.core import (
    CheckReport,
    CompareReport,
    Options,
    TextInput,
    add_to_archive,
    check,
    compare,
    open_archive,
)

STORY = (
    "The lighthouse keeper wrote every evening about the weather, the passing ships and the "
    "slow decay of the wooden pier that nobody had repaired for decades. His notes filled "
    "twelve volumes, and the harbour master read them aloud at the winter festival."
)
EDITED = (
    "The lighthouse keeper wrote each evening about the weather, the passing boats and the "
    "slow decay of the old wooden pier that nobody had repaired for many decades. His notes "
    "filled twelve volumes, and the harbour master read them aloud at the winter festival."
)
OWN = "Документ написан самостоятельно и содержит собственные мысли автора о реках и лесах. "


def _roundtrip(report: CheckReport | CompareReport) -> CheckReport | CompareReport:
    data = json.loads(json.dumps(report.to_data(), ensure_ascii=False))
    return type(report).from_json(data)


@pytest.fixture
def check_report(tmp_path: Path) -> CheckReport:
    archive_path = str(tmp_path / "a.db")
    old = tmp_path / "old.txt"
    old.write_text(STORY, encoding="utf-8")
    options = Options(workers=1, min_fragment_words=5)
    with open_archive(archive_path, options, create=True) as archive:
        add_to_archive(archive, [old], options, {"author": "Ivanova", "year": "2025"})
    broken = tmp_path / "broken.txt"
    broken.write_bytes(b"")
    with open_archive(archive_path) as archive:
        return check(
            [TextInput("mine", OWN + EDITED), broken, tmp_path / "missing.txt"],
            [TextInput("src", "Intro words here. " + STORY)],
            options,
            archive=archive,
            labels={"author": "Ivanova"},
        )


def test_a_check_report_round_trips(check_report: CheckReport) -> None:
    report = check_report
    doc = report.documents[0]
    assert report.errors and report.errors[0].template, "errors with templates"
    archived = [s for s in doc.sources if s.archive_id is not None]
    assert archived and archived[0].labels and archived[0].self_citation
    assert any(f.edits for s in doc.sources for f in s.fragments), "fragments with edits"
    back = _roundtrip(report)
    assert back == report
    assert back.texts == report.texts and back.texts
    assert back.options == report.options
    assert back.to_json() == report.to_json()


def test_a_compare_report_round_trips(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    report = compare(
        [TextInput("a", OWN + STORY), TextInput("b", EDITED), TextInput("c", STORY), empty],
        Options(workers=1, min_containment=0.0, cluster_threshold=0.3),
    )
    assert report.pairs and report.clusters and report.errors
    assert any(f.edits for p in report.pairs for f in p.fragments)
    back = _roundtrip(report)
    assert back == report
    assert back.texts == report.texts and back.documents == report.documents


def test_plain_json_reads_back_with_default_options(check_report: CheckReport) -> None:
    back = CheckReport.from_json(json.loads(json.dumps(check_report.to_json())))
    assert back.documents == check_report.documents
    assert back.options == Options() and not back.texts


def test_bad_options_are_refused(check_report: CheckReport) -> None:
    data = check_report.to_data()
    data["options"]["shingle"] = 999
    with pytest.raises(ValueError, match="shingle"):
        CheckReport.from_json(data)
    data["options"]["shingle"] = "ten"
    with pytest.raises(ValueError, match="shingle"):
        CheckReport.from_json(data)


# ---------------------------------------------------------------------- the session file


def _session(report: CheckReport, folder: Path) -> Session:
    folder.mkdir(exist_ok=True)
    doc = folder / "doc.txt"
    doc.write_text(STORY, encoding="utf-8")
    return Session(
        mode="check",
        inputs={"documents": (doc, TextInput("mine", OWN + EDITED)), "sources": ()},
        settings={"shingle": 8, "language": "en"},
        reports={"check": report, "compare": None},
    )


def test_a_session_file_round_trips(check_report: CheckReport, tmp_path: Path) -> None:
    session = _session(check_report, tmp_path)
    path = tmp_path / "day.copylens"
    write_session(path, session)
    assert gzip.decompress(path.read_bytes()).startswith(b"{")
    back = read_session(path)
    assert back.mode == "check" and back.settings == session.settings
    assert back.inputs["documents"] == session.inputs["documents"]
    assert back.inputs["compare"] == ()
    assert back.reports["check"] == check_report and back.reports["compare"] is None
    assert back.reports["check"].texts == check_report.texts


def test_moved_inputs_are_found_beside_the_session(
    check_report: CheckReport, tmp_path: Path
) -> None:
    session = _session(check_report, tmp_path / "work")
    write_session(tmp_path / "work" / "day.copylens", session)
    (tmp_path / "work").rename(tmp_path / "moved")
    back = read_session(tmp_path / "moved" / "day.copylens")
    assert back.inputs["documents"][0] == tmp_path / "moved" / "doc.txt"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"not gzip at all", "not a CopyLens session"),
        (gzip.compress(b"{broken json"), "not a CopyLens session"),
        (gzip.compress(b'{"format": "something-else", "version": 1}'), "not a CopyLens session"),
        (gzip.compress(b'{"format": "copylens-session", "version": 99}'), "newer version"),
        (
            gzip.compress(b'{"format": "copylens-session", "version": 1, "inputs": 3}'),
            "damaged",
        ),
    ],
)
def test_unreadable_sessions_are_refused_with_a_reason(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "bad.copylens"
    path.write_bytes(content)
    with pytest.raises(SessionError, match=expected):
        read_session(path)
    with pytest.raises(SessionError, match="cannot be read"):
        read_session(tmp_path / "missing.copylens")


def test_a_failed_write_leaves_the_old_file_whole(
    check_report: CheckReport, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session(check_report, tmp_path)
    path = tmp_path / "day.copylens"
    write_session(path, session)
    before = path.read_bytes()

    def disk_full(_descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    changed = _session(check_report, tmp_path)
    changed.settings["shingle"] = 12
    with pytest.raises(OSError, match="No space"):
        write_session(path, changed)
    assert path.read_bytes() == before
    assert read_session(path).settings["shingle"] == 8
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
