"""News items kept in the archive between runs: a damaged stored row is one named failure
(issue 38), the other rows are compared, and the run goes on."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from copylens.app.cli import main
from copylens.core import Options, open_archive
from copylens.core.news.classify import DEFAULT_MODEL, load_model
from copylens.core.news.items import NewsItem
from copylens.core.news.persist import dedup_stream, store_items, stored_items

STORY = (
    "Городской совет Самары утвердил бюджет на 2027 год: доходы составят 48,6 млрд рублей, "
    "расходы 51,2 млрд рублей.\n\nБольше всего денег получат школы и детские сады: на "
    "образование выделено 19,4 млрд рублей. На ремонт дорог направят 6,1 млрд рублей.\n\n"
    "Дефицит бюджета покроют за счёт кредитов, сообщил председатель комиссии по бюджету."
)
FIRST = NewsItem("wire-1", STORY, "Дума Самары утвердила бюджет", "2026-11-20T06:00:00+03:00")
RETOLD = NewsItem(
    "paper-7",
    STORY.rsplit("\n\n", 1)[0],
    "Бюджет Самары на 2027 год принят",
    "2026-11-21T05:15:00+03:00",
)
BAD_ROWS = {
    "not-json": "{not json",
    "a-list": "[1, 2]",
    "no-text": json.dumps({"id": "no-text"}),
    "other-id": json.dumps({"id": "someone-else", "text": "x"}),
}


def _damaged_archive(tmp_path: Path) -> str:
    location = str(tmp_path / "archive.db")
    with open_archive(location, Options(), create=True) as archive:
        store_items(archive, [FIRST])
    with sqlite3.connect(location) as db:
        for row_id, text in BAD_ROWS.items():
            db.execute(
                "INSERT INTO news_items (id, published, item) VALUES (?, ?, ?)",
                (row_id, None, text),
            )
        db.execute(
            "INSERT INTO news_items (id, published, item) VALUES ('blob', NULL, ?)", (b"\x00",)
        )
    return location


def test_damaged_rows_are_named_and_the_rest_is_read(tmp_path: Path) -> None:
    location = _damaged_archive(tmp_path)
    with open_archive(location, Options()) as archive:
        items, failures = stored_items(archive, None)
    assert [i.id for i in items] == ["wire-1"]
    named = sorted(f.error.split(":", 1)[0] for f in failures)
    assert named == sorted(f"stored news item {k}" for k in [*BAD_ROWS, "blob"])
    assert {f.path for f in failures} == {location}
    by_row = {f.error.split(":", 1)[0]: f.error for f in failures}
    assert "not valid JSON" in by_row["stored news item not-json"]
    assert "id differs" in by_row["stored news item other-id"]
    assert "not text" in by_row["stored news item blob"]


def test_a_run_over_damaged_rows_goes_on(tmp_path: Path) -> None:
    """Before issue 38's fix, one bad row refused the whole run with a message naming no row."""
    location = _damaged_archive(tmp_path)
    with open_archive(location, Options()) as archive:
        report = dedup_stream([RETOLD], load_model(DEFAULT_MODEL), archive)
    assert [(p.a, p.b) for p in report.pairs] == [("wire-1", "paper-7")]
    assert len(report.errors) == len(BAD_ROWS) + 1


def test_the_cli_names_the_damaged_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COPYLENS_ARCHIVE", raising=False)
    location = _damaged_archive(tmp_path)
    day = tmp_path / "day2.jsonl"
    day.write_text(json.dumps({**RETOLD.__dict__}, ensure_ascii=False), "utf-8")
    code = main(["news", "dedup", "--archive", location, "--format", "json", str(day)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [(p["a"], p["b"]) for p in out["pairs"]] == [("wire-1", "paper-7")]
    assert any(e["error"].startswith("stored news item not-json:") for e in out["errors"])


def test_the_cli_text_output_names_the_damaged_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COPYLENS_ARCHIVE", raising=False)
    location = _damaged_archive(tmp_path)
    day = tmp_path / "day2.jsonl"
    day.write_text(json.dumps({**RETOLD.__dict__}, ensure_ascii=False), "utf-8")
    assert main(["news", "dedup", "--archive", location, str(day)]) == 0
    out = capsys.readouterr().out
    assert "wire-1" in out and "paper-7" in out
    assert "stored news item not-json:" in out and "stored news item blob:" in out
