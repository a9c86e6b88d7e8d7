"""A news stream processed a day at a time with the archive (issue 18), on SQLite and
PostgreSQL: the second day's retellings are found against the first day's stories stored by
the first run; a day read again stores nothing twice."""

from __future__ import annotations

import json
from pathlib import Path

from copylens.core import Options, open_archive
from copylens.core.news.persist import stored_items
from tests.archive.conftest import Cli

STORY = [
    "Городской совет Самары утвердил бюджет на 2027 год: доходы составят 48,6 млрд рублей, "
    "расходы 51,2 млрд рублей.",
    "Больше всего денег получат школы и детские сады: на образование выделено 19,4 млрд "
    "рублей. На ремонт дорог направят 6,1 млрд рублей.",
    "Дефицит бюджета покроют за счёт кредитов, сообщил председатель комиссии по бюджету.",
]


def day(folder: Path, name: str, items: list[dict[str, object]]) -> Path:
    path = folder / name
    path.write_text("\n".join(json.dumps(i, ensure_ascii=False) for i in items), "utf-8")
    return path


def test_the_next_day_is_compared_with_the_stored_one(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    first = day(tmp_path, "day1.jsonl", [
        {"id": "wire-1", "title": "Дума Самары утвердила бюджет", "text": "\n\n".join(STORY),
         "published": "2026-11-20T06:00:00+03:00", "source": "Волжская коммуна"},
    ])  # fmt: skip
    second = day(tmp_path, "day2.jsonl", [
        {"id": "paper-7", "title": "Бюджет Самары на 2027 год принят",
         "text": "\n\n".join(STORY[:2]), "published": "2026-11-21T05:15:00+03:00",
         "source": "Новости Поволжья"},
    ])  # fmt: skip
    args = ("news", "dedup", "--archive", archive_location, "--format", "json")
    assert cli(*args, first).json()["pairs"] == []
    found = cli(*args, second).json()
    assert [(p["a"], p["b"], p["relation"]) for p in found["pairs"]] == [
        ("wire-1", "paper-7", "b_duplicates_a")
    ]
    assert found["clusters"] == [["paper-7", "wire-1"]]
    again = cli(*args, second).json()
    assert again["pairs"] == found["pairs"]
    with open_archive(archive_location, Options()) as archive:
        assert [i.id for i in stored_items(archive, None)[0]] == ["wire-1", "paper-7"]
        assert archive.stats().documents == 0  # news items are not archived documents


def test_without_the_window_an_old_story_is_not_loaded(
    cli: Cli, archive_location: str, tmp_path: Path
) -> None:
    old = day(tmp_path, "old.jsonl", [
        {"id": "wire-1", "text": "\n\n".join(STORY), "published": "2026-10-01T06:00:00Z"},
    ])  # fmt: skip
    new = day(tmp_path, "new.jsonl", [
        {"id": "paper-7", "text": "\n\n".join(STORY[:2]), "published": "2026-11-21T05:00:00Z"},
    ])  # fmt: skip
    args = ("news", "dedup", "--archive", archive_location, "--format", "json")
    assert cli(*args, old).code == 0
    assert cli(*args, new).json()["pairs"] == []  # 51 days before: outside the 3-day window
    assert cli(*args, new, "--window", "0").json()["pairs"] != []  # no window: compared
