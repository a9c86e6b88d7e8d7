"""Compare all groups news items by the news-stream duplicate classifier (issue 18).

The selector's "News duplicates (SVM)" reads the news items of the comparison's inputs (JSON
Lines, feeds, saved pages) and groups them with the shipped model in the background."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

import pytest

from copylens.app import method_names, news_grouping
from copylens.app.qt import Qt
from copylens.app.views.compare_view import CompareView
from copylens.core import Cancelled, CompareReport, compare
from tests.gui.conftest import GUARD_MS, python_threads

BUDGET = (
    "Городская дума Самары утвердила бюджет на 2027 год. Доходы составят 58,4 млрд рублей, "
    "расходы — 61,2 млрд рублей.\n\n"
    "Дефицит бюджета покроют за счёт кредитов. Больше всего денег получат образование и ремонт "
    "дорог: на школы направят 19 млрд рублей.\n\n"
    "Глава комитета по бюджету Ирина Орлова заявила, что город впервые за пять лет увеличит "
    "расходы на общественный транспорт."
)
RETOLD = (
    "Депутаты Самары приняли городской бюджет на 2027 год. Доходы составят 58,4 млрд рублей, "
    "расходы — 61,2 млрд рублей.\n\n"
    "Дефицит покроют за счёт кредитов. Больше всего средств получат образование и ремонт "
    "дорог: на школы направят 19 млрд рублей.\n\n"
    "Как сообщила глава комитета по бюджету Ирина Орлова, город впервые за пять лет увеличит "
    "расходы на общественный транспорт."
)
ARENA = (
    "В Казани открылся новый ледовый дворец на 3 тысячи зрителей. Первый матч на новой арене "
    "сыграют юниоры местного клуба.\n\n"
    "Строительство заняло два года и обошлось в 4,1 млрд рублей. Во дворце есть тренировочный "
    "каток и бассейн."
)
STREAM = [
    {
        "id": "samara-1",
        "title": "Дума Самары утвердила бюджет на 2027 год",
        "text": BUDGET,
        "published": "2026-11-20T09:00:00+03:00",
        "source": "Волжская коммуна",
    },
    {
        "id": "kazan-1",
        "title": "В Казани открылся ледовый дворец",
        "text": ARENA,
        "published": "2026-11-20T11:00:00+03:00",
        "source": "Бизнес Online",
    },
    {  # the story retold by another outlet four and a half hours later
        "id": "samara-2",
        "title": "В Самаре приняли бюджет города",
        "text": RETOLD,
        "published": "2026-11-20T13:30:00+03:00",
        "source": "Самарское обозрение",
    },
]


def local(iso: str) -> str:
    """An ISO time as the app shows it: in the computer's time zone."""
    return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")


def write_stream(folder: Path, broken: bool = False) -> Path:
    lines = [json.dumps(item, ensure_ascii=False) for item in STREAM]
    if broken:
        lines.insert(1, "{not json")
    path = folder / "day.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def shown(qtbot, paths: list[Path]) -> tuple[CompareView, CompareReport]:
    report = compare(paths)
    view = CompareView()
    qtbot.addWidget(view)
    view.show_report(report, 0.0)
    return view, report


def tree_rows(view: CompareView) -> list[tuple[str, list[tuple[str, str]]]]:
    tree = view.clusters_tree
    rows = []
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        children = [(top.child(j).text(0), top.child(j).text(1)) for j in range(top.childCount())]
        rows.append((top.text(0), children))
    return rows


def news_groups(view: CompareView) -> list[tuple[str, list[tuple[str, str]]]]:
    return [row for row in tree_rows(view) if row[0].startswith("Group ")]


def group_by_news(qtbot, view: CompareView) -> None:
    assert view.set_grouping_method(news_grouping.METHOD)
    qtbot.waitUntil(lambda: not view.is_grouping(), timeout=GUARD_MS)


def test_the_news_method_is_offered_after_the_catalogue(qtbot) -> None:
    view = CompareView()
    qtbot.addWidget(view)
    combo = view.group_combo
    index = combo.findData(news_grouping.METHOD)
    assert index == combo.count() - 1
    assert combo.itemText(index) == "News duplicates (SVM)" == method_names.NEWS
    assert "JSON Lines" in combo.itemData(index, Qt.ItemDataRole.ToolTipRole)


def test_a_retold_story_is_grouped_and_the_other_story_is_not(
    qtbot, tmp_path: Path, thread_baseline
) -> None:
    stream = write_stream(tmp_path)
    view, report = shown(qtbot, [stream])
    assert [e.path for e in report.errors] == [str(stream)]  # the comparison does not read it
    assert "grouped only by “News duplicates (SVM)”" in view.group_note.text()
    group_by_news(qtbot, view)
    [(label, rows)] = news_groups(view)
    assert label == "Group 1 (2 news items)"
    assert rows[0] == (
        "1. Дума Самары утвердила бюджет на 2027 год",
        f"Волжская коммуна · {local('2026-11-20T09:00:00+03:00')}",
    )
    assert rows[1] == (
        "2. В Самаре приняли бюджет города",
        f"Самарское обозрение · {local('2026-11-20T13:30:00+03:00')}",
    )
    pair_text, probability = rows[2]
    assert pair_text == "↳ 2 duplicates 1"  # the later retelling duplicates the first
    assert probability.startswith("probability ") and float(probability.split()[-1]) >= 0.5
    top = view.clusters_tree.topLevelItem(0)
    assert top.child(2).toolTip(0).startswith("“В Самаре приняли бюджет города” duplicates “Дума")
    assert top.child(0).toolTip(0) == f"samara-1 · {stream}"  # the id and the file
    assert view.clusters_title.text() == "Groups of near-copies (1)"
    assert "3 news items read from 1 file" in view.group_note.text()
    assert view.clusters_tree.headerItem().text(1) == "Source and time"
    assert not view.group_stop.isVisible()
    view.set_grouping_method("")  # back to the documents' own headers
    assert view.clusters_tree.headerItem().text(1) == "Found in the other members"
    view.shutdown()
    qtbot.waitUntil(lambda: python_threads() == thread_baseline, timeout=GUARD_MS)


def test_items_without_a_title_are_named_by_id_and_file(qtbot, tmp_path: Path) -> None:
    stream = tmp_path / "bare.jsonl"
    stream.write_text(
        "\n".join(
            json.dumps({k: v for k, v in item.items() if k != "title"}, ensure_ascii=False)
            for item in STREAM
        ),
        encoding="utf-8",
    )
    view, _ = shown(qtbot, [stream])
    group_by_news(qtbot, view)
    [(_, rows)] = news_groups(view)
    assert [name for name, _ in rows[:2]] == [
        "1. samara-1 (bare.jsonl)",
        "2. samara-2 (bare.jsonl)",
    ]


FEED = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Самарское обозрение</title><link>https://obozrenie.example</link>
<item><title>В Самаре приняли бюджет города</title>
<link>https://obozrenie.example/news/budget</link>
<guid>https://obozrenie.example/news/budget</guid>
<pubDate>Fri, 20 Nov 2026 10:30:00 +0000</pubDate>
<description><![CDATA[{text}]]></description></item>
</channel></rss>
"""

PAGE = """<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8">
<title>Дума Самары утвердила бюджет на 2027 год</title>
<meta property="og:site_name" content="Волжская коммуна">
<meta property="article:published_time" content="2026-11-20T09:00:00+03:00">
</head><body><article><h1>Дума Самары утвердила бюджет на 2027 год</h1>
{paragraphs}
</article></body></html>
"""


def test_feed_and_page_inputs_are_read_and_grouped(qtbot, tmp_path: Path) -> None:
    feed = tmp_path / "obozrenie.rss"
    feed.write_text(FEED.format(text=RETOLD.replace("\n\n", "<br/><br/>")), encoding="utf-8")
    page = tmp_path / "pages" / "budget.html"
    page.parent.mkdir()
    paragraphs = "\n".join(f"<p>{p}</p>" for p in BUDGET.split("\n\n"))
    page.write_text(PAGE.format(paragraphs=paragraphs), encoding="utf-8")
    arena = tmp_path / "pages" / "arena.html"
    arena.write_text(
        PAGE.replace("Дума Самары утвердила бюджет на 2027 год", "Ледовый дворец в Казани")
        .replace("Волжская коммуна", "Бизнес Online")
        .format(paragraphs="\n".join(f"<p>{p}</p>" for p in ARENA.split("\n\n"))),
        encoding="utf-8",
    )
    view, report = shown(qtbot, [feed, page, arena])
    assert set(report.documents) == {str(page), str(arena)}  # pages are compared as documents
    group_by_news(qtbot, view)
    [(label, rows)] = news_groups(view)
    assert label == "Group 1 (2 news items)"
    names = [name for name, _ in rows[:2]]
    assert names == [
        "1. Дума Самары утвердила бюджет на 2027 год",
        "2. В Самаре приняли бюджет города",
    ]
    assert rows[1][1].startswith("Самарское обозрение")  # the feed's title is its outlet
    assert "3 news items read from 3 files" in view.group_note.text()


def test_a_broken_line_is_listed_and_the_rest_is_grouped(qtbot, tmp_path: Path) -> None:
    stream = write_stream(tmp_path, broken=True)
    view, _ = shown(qtbot, [stream])
    group_by_news(qtbot, view)
    assert len(news_groups(view)) == 1
    [(label, rows)] = [row for row in tree_rows(view) if row[0].startswith("Could not")]
    assert label == "Could not be read (1)"
    assert rows == [("day.jsonl — line 2: the line is not valid JSON", "")]


def test_without_news_inputs_the_method_says_what_it_reads(qtbot, tmp_path: Path) -> None:
    one, two = tmp_path / "a.txt", tmp_path / "b.txt"
    one.write_text(BUDGET, encoding="utf-8")
    two.write_text(RETOLD, encoding="utf-8")
    view, _ = shown(qtbot, [one, two])
    assert view.set_grouping_method(news_grouping.METHOD)
    assert not view.is_grouping()
    assert "No news to group: add JSON Lines" in tree_rows(view)[0][0]


def test_stop_cancels_a_news_grouping(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, thread_baseline
) -> None:
    started: list[str] = []

    def endless(items, model, *, window_days=3.0, progress=None, cancel=None):
        started.append("yes")
        for n in range(100_000):
            if cancel():
                raise Cancelled()
            progress("comparing", n, 100_000)
            time.sleep(0.005)
        raise AssertionError("never cancelled")

    monkeypatch.setattr("copylens.core.news_dedup", endless)
    view, _ = shown(qtbot, [write_stream(tmp_path)])
    view.show()
    assert view.set_grouping_method(news_grouping.METHOD)
    assert view.is_grouping() and view.group_stop.isVisible()
    qtbot.waitUntil(
        lambda: "Comparing pairs of news items" in tree_rows(view)[0][0], timeout=GUARD_MS
    )
    assert view.stop_grouping()
    qtbot.waitUntil(lambda: not view.is_grouping(), timeout=GUARD_MS)
    assert started == ["yes"]
    assert tree_rows(view)[0][0] == "Grouping stopped. Choose a method to group again."
    assert not view.group_stop.isVisible()
    assert python_threads() == thread_baseline


def test_the_window_compares_a_single_news_file(qtbot, window, tmp_path: Path) -> None:
    stream = write_stream(tmp_path)
    window.set_mode("compare")
    window.compare_list.add_paths([tmp_path])  # a folder: its news files are listed too
    qtbot.waitUntil(lambda: not window.compare_list.scanning, timeout=GUARD_MS)
    assert [Path(p) for p in window.compare_list.inputs()] == [stream]
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.start_run()
    view = window.compare_page.view
    assert view is not None and window.results_stack.currentWidget() is window.compare_page
    assert window.compare_list.error_count() == 0  # not marked: its grouping reads it
    group_by_news(qtbot, view)
    assert len(news_groups(view)) == 1


def test_an_id_given_by_two_files_is_read_once_and_listed(qtbot, tmp_path: Path) -> None:
    first = write_stream(tmp_path)
    again = tmp_path / "again.ndjson"
    again.write_text(json.dumps(STREAM[0], ensure_ascii=False) + "\n", encoding="utf-8")
    view, _ = shown(qtbot, [first, again])
    assert "1 news file" not in view.summary_label.text()
    assert "2 news files" in view.summary_label.text()
    assert "could not be read" not in view.summary_label.text()  # news files are not failures
    group_by_news(qtbot, view)
    [(_, rows)] = [row for row in tree_rows(view) if row[0].startswith("Could not")]
    assert rows == [
        (f"again.ndjson — the id samara-1 was already given ({first}); this item is skipped", "")
    ]
    assert "3 news items read from 1 file" in view.group_note.text()
