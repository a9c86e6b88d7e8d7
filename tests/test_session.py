"""Reports survive JSON: ``to_data`` → ``json`` → ``from_json`` gives an equal report (the
frozen dataclasses, their options, texts and the errors' templates), for real engine reports
with errors, fragments, edits and archive labels; and the app's session file round-trips,
refuses what it cannot read and is written atomically."""

from __future__ import annotations

import gzip
import json
import os
import random
import struct
import tracemalloc
import zlib
from pathlib import Path

import pytest

from copylens.app import session_file, session_review, settings
from copylens.app.session import Session, SessionError, read_session, write_session
from copylens.core import (
    CheckReport,
    CompareReport,
    MoreSources,
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
            more=MoreSources(archive=archive, labels={"author": "Ivanova"}),
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


# ---------------------------------------------------------------------- hostile files (issue 38)


def _write_raw(path: Path, payload: bytes) -> Path:
    path.write_bytes(gzip.compress(payload, compresslevel=9))
    return path


def _bomb(path: Path, megabytes: int, filler: bytes = b" ", honest: bool = True) -> Path:
    """A gzip file inflating to ``megabytes`` MB of JSON whitespace around an empty session
    (one deflate block of 1 MB repeated: ~1 KB per MB, made without inflating anything); its
    trailer gives the true size, or (``honest=False``) a small one."""
    block = filler * (1024 * 1024)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = b'{"format": "copylens-session", "version": 1, "inputs": {}, "x": 1'
    body = [squeeze.compress(head), squeeze.flush(zlib.Z_FULL_FLUSH)]
    one = squeeze.compress(block) + squeeze.flush(zlib.Z_FULL_FLUSH)
    body += [one] * megabytes + [squeeze.compress(b"}"), squeeze.flush()]
    crc = zlib.crc32(head)
    for _ in range(megabytes):
        crc = zlib.crc32(block, crc)
    crc = zlib.crc32(b"}", crc)
    size = len(head) + megabytes * len(block) + 1 if honest else 1000
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    path.write_bytes(header + b"".join(body) + struct.pack("<II", crc, size & 0xFFFFFFFF))
    return path


@pytest.mark.parametrize("honest", [True, False])
def test_a_gzip_bomb_is_refused_before_it_takes_memory(tmp_path: Path, honest: bool) -> None:
    """Issue 38 item 5: a 300 KB file inflating to 300 MB (before: inflated whole, then
    parsed: 300 MB of bytes and as much again as text). Its trailer's size is believed when
    it is too large, and counted when it says less."""
    path = _bomb(tmp_path / "bomb.copylens", 300, honest=honest)
    assert path.stat().st_size < 400_000
    tracemalloc.start()
    try:
        with pytest.raises(SessionError, match="too large") as caught:
            read_session(path)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "at most 256 MB" in caught.value.message
    assert peak < 16 * 1024 * 1024, f"{peak:,} bytes"


def test_a_bomb_just_under_the_limit_is_read(tmp_path: Path) -> None:
    """The same shape below the limit is a (strange but) readable session."""
    assert read_session(_bomb(tmp_path / "big.copylens", 3)).inputs["documents"] == ()


def test_a_file_larger_than_a_session_can_be_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.copylens"
    with path.open("wb") as stream:
        stream.truncate(session_file.MAX_BYTES + 1)  # sparse: nothing written
    with pytest.raises(SessionError, match="too large"):
        read_session(path)


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deep_nesting_is_refused_before_parsing(tmp_path: Path, opener: str) -> None:
    """Issue 38 item 5: before, ``RecursionError`` escaped into the crash dialog."""
    payload = '{"format": "copylens-session", "version": 1, "x": ' + opener * 100_000
    path = _write_raw(tmp_path / "deep.copylens", payload.encode())
    with pytest.raises(SessionError, match="nested more than 64 levels"):
        read_session(path)


def test_nesting_counts_brackets_outside_strings_only() -> None:
    deep = b"[" * 70 + b"]" * 70
    assert session_file.nesting_exceeds(deep, 64)
    assert not session_file.nesting_exceeds(deep, 70)
    quoted = json.dumps(["[" * 100, '\\"[[[', "\\", {"k": "{{{{"}]).encode()
    assert json.loads(quoted) and not session_file.nesting_exceeds(quoted, 2)
    # the scan carries its state over chunk boundaries (a string and a backslash run split)
    chunk = session_file.CHUNK
    split = b'["' + b"x" * (chunk - 4) + b'\\\\", "' + b"[" * 80 + b'"]'
    assert json.loads(split) and not session_file.nesting_exceeds(split, 1)
    escaped = b'["' + b"x" * (chunk - 3) + b'\\"' + b"[" * 80 + b'"]'
    assert json.loads(escaped) and not session_file.nesting_exceeds(escaped, 1)


def _with_report_value(check_report: CheckReport, folder: Path, key: str, value: str) -> Path:
    """A session whose check report's first document has ``key`` written as ``value``."""
    path = folder / "s.copylens"
    write_session(path, _session(check_report, folder / "work"))
    text = gzip.decompress(path.read_bytes()).decode()
    data = json.loads(text)
    data["reports"]["check"]["documents"][0][key] = "@@@"
    return _write_raw(path, json.dumps(data).replace('"@@@"', value).encode())


@pytest.mark.parametrize("written", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_numbers_that_are_not_finite_are_refused(
    check_report: CheckReport, tmp_path: Path, written: str
) -> None:
    """Issue 38 item 5: before, a NaN share was accepted, then ValueError when shown."""
    path = _with_report_value(check_report, tmp_path, "uniqueness", written)
    with pytest.raises(SessionError, match="not finite") as caught:
        read_session(path)
    assert written in caught.value.message


@pytest.mark.parametrize("written", ["1.5", "-0.25", '"0.5"', "true", "null"])
def test_shares_out_of_range_are_refused(
    check_report: CheckReport, tmp_path: Path, written: str
) -> None:
    path = _with_report_value(check_report, tmp_path, "borrowed", written)
    with pytest.raises(SessionError, match="impossible value") as caught:
        read_session(path)
    assert "borrowed must be a share from 0 to 1" in caught.value.message


def test_a_session_too_large_to_read_back_is_not_written(
    check_report: CheckReport, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "day.copylens"
    write_session(path, _session(check_report, tmp_path))
    before = path.read_bytes()
    monkeypatch.setattr(session_file, "MAX_BYTES", 1000)
    with pytest.raises(SessionError, match="too large"):
        write_session(path, _session(check_report, tmp_path))
    assert path.read_bytes() == before


# ---------------------------------------------------------------------- what a session may change


def test_a_relative_stored_path_is_not_read_from_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cwd").mkdir()
    (tmp_path / "cwd" / "secret.txt").write_text("private", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "cwd")
    (tmp_path / "inbox").mkdir()
    data = {
        "format": "copylens-session",
        "version": 1,
        "inputs": {"documents": [{"path": "secret.txt"}]},
    }
    path = _write_raw(tmp_path / "inbox" / "s.copylens", json.dumps(data).encode())
    assert read_session(path).inputs["documents"] == (tmp_path / "inbox" / "secret.txt",)


def test_the_review_lists_other_settings_and_files_outside_the_folder(tmp_path: Path) -> None:
    inbox, elsewhere = tmp_path / "inbox", tmp_path / "elsewhere"
    for folder in (inbox / "sub", elsewhere):
        folder.mkdir(parents=True)
    for name in ("inbox/a.txt", "inbox/sub/b.txt", "elsewhere/secret.txt"):
        (tmp_path / name).write_text("words", encoding="utf-8")
    (inbox / "link.txt").symlink_to(elsewhere / "secret.txt")
    rows = [
        {"path": str(inbox / "a.txt")},
        {"path": "/nowhere/b.txt", "relative": "sub/b.txt"},
        {"path": "/nowhere/c.txt", "relative": "../elsewhere/secret.txt"},
        {"path": str(elsewhere / "secret.txt")},
        {"path": str(inbox / "link.txt")},
        {"path": str(inbox / "sub" / ".." / ".." / "elsewhere" / "secret.txt")},
        {"name": "typed", "text": "A typed text."},
    ]
    settings_in_file = {
        "min_fragment_words": 9,  # differs: offered, ticked
        "shingle": 5,  # the same as mine: not offered
        "archive": "postgresql://them@far.example/db",
        "add_to_archive": True,
        "web_allow_local": True,
        "web_search": True,
        "web_max_queries": 100,
        "web_provider": "no such provider",  # not accepted: dropped
        "ui_language": "ru",  # never a session's
        "unknown": 1,
    }
    data = {
        "format": "copylens-session",
        "version": 1,
        "inputs": {"documents": rows},
        "settings": settings_in_file,
    }
    path = _write_raw(inbox / "s.copylens", json.dumps(data).encode())
    session = read_session(path)
    mine = settings.defaults() | {"shingle": 5}
    review = session_review.plan(session, inbox, mine)
    offered = {change.key: change.guarded for change in review.settings}
    assert offered == {
        "min_fragment_words": False,
        "archive": True,
        "add_to_archive": True,
        "web_allow_local": True,
        "web_search": True,
        "web_max_queries": True,
    }
    secret = (elsewhere / "secret.txt").resolve()
    assert [(f.index, f.path) for f in review.outside] == [(i, secret) for i in (2, 3, 4, 5)]
    kept = session_review.inputs_kept(session, review, frozenset())
    assert kept["documents"] == (inbox / "a.txt", inbox / "sub/b.txt", rows_text(rows[-1]))
    chosen = session_review.inputs_kept(session, review, frozenset({("documents", 3)}))
    assert chosen["documents"][2] == secret


def rows_text(row: dict[str, str]) -> TextInput:
    return TextInput(row["name"], row["text"])


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _random_json(rng: random.Random, room: int) -> object:
    kind = rng.randrange(4 if room else 2)
    if kind == 0:
        return "".join(rng.choice('ab"\\[]{}/\n\u00e9') for _ in range(rng.randrange(8)))
    if kind == 1:
        return rng.choice([0, 1.5, True, None])
    items = [_random_json(rng, room - 1) for _ in range(rng.randrange(4))]
    if kind == 2:
        return items
    return {_random_json(rng, 0) if rng.random() < 0.5 else "k": item for item in items}


def test_nesting_agrees_with_the_parser_across_chunk_boundaries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The depth the scan finds is the parsed value's, whatever the chunks cut (7 bytes)."""
    monkeypatch.setattr(session_file, "CHUNK", 7)
    rng = random.Random(38)
    for _ in range(400):
        value = _random_json(rng, 6)
        text = json.dumps(value, ensure_ascii=rng.random() < 0.5).encode()
        depth = _depth(value)
        assert not session_file.nesting_exceeds(text, depth), text
        if depth:
            assert session_file.nesting_exceeds(text, depth - 1), text
