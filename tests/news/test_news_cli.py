"""``copylens news train`` and ``copylens news dedup`` end to end (issue 18), on a small stream
written here: stories, their retellings by another outlet a few hours later (title rewritten,
a paragraph dropped, a number updated), and labels pairing them."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

from copylens.app.cli import main
from copylens.core.news.classify import load_model

TOPICS = (
    ("city council", "budget", "bridge", "river", "repair", "mayor", "vote", "contract"),
    ("football club", "coach", "season", "striker", "injury", "stadium", "fans", "transfer"),
    ("weather service", "storm", "coast", "wind", "flood", "warning", "ferry", "harbour"),
    ("university", "students", "library", "grant", "research", "laboratory", "dean", "exam"),
    ("airline", "flights", "airport", "strike", "pilots", "delays", "tickets", "runway"),
    ("hospital", "doctors", "ward", "vaccine", "patients", "nurses", "clinic", "winter"),
    ("museum", "painting", "exhibition", "visitors", "curator", "auction", "gallery", "loan"),
    ("railway", "trains", "station", "timetable", "tunnel", "signal", "passengers", "line"),
    ("factory", "workers", "shift", "steel", "orders", "export", "union", "wages"),
    ("school", "teachers", "pupils", "lessons", "canteen", "heating", "parents", "term"),
    ("police", "theft", "warehouse", "suspects", "camera", "van", "witness", "court"),
    ("bank", "loans", "interest", "savings", "branch", "clients", "rates", "mortgage"),
)
VERBS = ("announced", "approved", "delayed", "rejected", "reported", "expected", "confirmed")
LINKERS = ("after", "before", "because of", "despite", "during", "following")


def story(rng: random.Random, words: tuple[str, ...], n: int) -> list[str]:
    """Paragraphs of two sentences each about ``words``, with numbers."""
    paragraphs = []
    for _ in range(n):
        sentences = []
        for _ in range(2):
            a, b, c = rng.sample(words, 3)
            sentences.append(
                f"The {a} {rng.choice(VERBS)} the {b} {rng.choice(LINKERS)} the {c} "
                f"on {rng.randint(2, 28)} March with {rng.randint(10, 990)} {rng.choice(words)}."
            )
        paragraphs.append(" ".join(sentences))
    return paragraphs


@pytest.fixture(scope="module")
def stream(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """items.jsonl (an original and a retelling per topic) and labels.csv."""
    folder = tmp_path_factory.mktemp("news")
    rng = random.Random(7)
    items, labels = [], []
    for n, words in enumerate(TOPICS):
        paragraphs = story(rng, words, 4)
        retold = paragraphs[:2] + paragraphs[3:]  # a paragraph dropped
        retold[0] = retold[0].replace(" March", " March this year", 1)
        base = {"published": f"2026-03-{n + 1:02d}T08:00:00Z", "links": [], "images": []}
        items.append(
            base
            | {
                "id": f"orig{n}",
                "title": f"The {words[0]} and the {words[2]}",
                "text": "\n\n".join(paragraphs),
                "source": "Wire",
            }
        )
        items.append(
            base
            | {
                "id": f"copy{n}",
                "title": f"What the {words[0]} said about the {words[2]}",
                "text": "\n\n".join(retold),
                "source": f"Outlet {n % 3}",
                "published": f"2026-03-{n + 1:02d}T11:30:00Z",
            }
        )
        labels.append((f"copy{n}", f"orig{n}", 1))
        labels.append((f"copy{n}", f"orig{(n + 1) % len(TOPICS)}", 0))
        labels.append((f"orig{n}", f"orig{(n + 5) % len(TOPICS)}", 0))
    path = folder / "items.jsonl"
    path.write_text("\n".join(json.dumps(i, ensure_ascii=False) for i in items), "utf-8")
    pairs = folder / "labels.csv"
    with pairs.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([("a", "b", "label"), *labels])
    return path, pairs


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main([str(a) for a in args])
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def test_train_prints_the_papers_comparison_and_writes_a_model(
    stream: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items, pairs = stream
    model = tmp_path / "model.json"
    code, out, err = run(capsys, "news", "train", items, "--pairs", pairs, "--model", model,
                         "--format", "json")  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["pairs"] == 36 and data["duplicates"] == 12
    assert set(data["cross_validated"]) == {
        "all criteria",
        "words only",
        "TF-IDF baseline (forms)",
        "paragraphs only",
    }
    assert 0.0 < data["threshold"] < 1.0
    assert data["cross_validated"]["all criteria"]["f1"] > 0.8
    assert [row["pairs"] for row in data["learning_curve"]][-1] == 36
    loaded = load_model(model)
    assert loaded.features == tuple(data["features"]) and "time" in loaded.features
    code, out, _ = run(capsys, "news", "train", items, "--pairs", pairs, "--model", model,
                       "--criteria", "text,title")  # fmt: skip
    assert code == 0 and "words only" in out and "chosen: text,title" in out
    assert "TF-IDF baseline (forms)" in out and "chosen by cross-validation" in out
    assert load_model(model).features == ("text", "title")


def test_dedup_with_a_trained_model_finds_the_retellings(
    stream: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items, pairs = stream
    model = tmp_path / "model.json"
    assert run(capsys, "news", "train", items, "--pairs", pairs, "--model", model)[0] == 0
    code, out, err = run(capsys, "news", "dedup", items, "--model", model, "--format", "json",
                         "--window", "3")  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    found = {(p["a"], p["b"], p["relation"]) for p in data["pairs"]}
    expected = {(f"copy{n}", f"orig{n}", "a_duplicates_b") for n in range(len(TOPICS))}
    expected |= {(f"orig{n}", f"copy{n}", "b_duplicates_a") for n in range(len(TOPICS))}
    assert len(found & expected) >= 10  # the later item duplicates the earlier, either order
    assert all(p["a"][4:] == p["b"][4:] for p in data["pairs"])  # no two different stories
    assert all(0.5 <= p["probability"] <= 1 for p in data["pairs"])
    assert {len(c) for c in data["clusters"]} == {2} and data["errors"] == []


def test_dedup_without_a_model_uses_the_shipped_one(
    stream: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    items, _ = stream
    code, out, err = run(capsys, "news", "dedup", items, "--format", "json")
    assert code == 0, err
    assert {"pairs", "clusters", "errors"} <= set(json.loads(out))


@pytest.mark.parametrize(
    ("row", "words"),
    [
        ("copy0,nobody,1", "nobody"),
        ("copy0,orig0,maybe", "label 0 or 1"),
        ("copy0,copy0,1", "itself"),
    ],
)
def test_bad_labels_name_the_line(
    stream: tuple[Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    row: str,
    words: str,
) -> None:
    items, _ = stream
    labels = tmp_path / "bad.csv"
    labels.write_text(f"a,b,label\ncopy1,orig1,1\n{row}\n", "utf-8")
    code, _, err = run(capsys, "news", "train", items, "--pairs", labels, "--model",
                       tmp_path / "m.json")  # fmt: skip
    assert code == 1
    assert "line 3" in err and words in err
    assert not (tmp_path / "m.json").exists()


def test_unknown_criteria_and_a_bad_model_are_clear(
    stream: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items, pairs = stream
    code, _, err = run(capsys, "news", "train", items, "--pairs", pairs, "--model",
                       tmp_path / "m.json", "--criteria", "text,colour")  # fmt: skip
    assert code == 1 and "colour" in err and "paragraphs" in err
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}', "utf-8")
    code, _, err = run(capsys, "news", "dedup", items, "--model", junk)
    assert code == 1 and "copylens:" in err


def test_dedup_reads_all_three_kinds_of_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One story as a saved page, its retelling in a feed, another story in JSON Lines."""
    paragraphs = [
        "The city council approved the repair of the old river bridge on Tuesday. The works "
        "will cost 4.2 million euros and take eighteen months.",
        "Traffic will be diverted to the northern ring road from 1 April, the mayor said.",
        "The bridge, built in 1931, was closed to lorries last winter after engineers found "
        "cracks in two of its piers.",
    ]
    page = tmp_path / "bridge.html"
    page.write_text(
        "<html><head><title>Council approves bridge repair</title>"
        '<meta property="article:published_time" content="2026-03-03T08:00:00Z">'
        '<meta property="og:site_name" content="City Wire"></head><body><article>'
        "<h1>Council approves bridge repair</h1>"
        + "".join(f"<p>{p}</p>" for p in paragraphs)
        + "</article></body></html>",
        "utf-8",
    )
    feed = tmp_path / "evening.rss"
    retold = "".join(f"&lt;p&gt;{p}&lt;/p&gt;" for p in paragraphs[:2])
    feed.write_text(
        '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
        "<title>Evening Post</title><link>https://evening.example/</link>"
        "<item><title>Old river bridge to be repaired</title>"
        "<link>https://evening.example/bridge</link><guid>evening-bridge</guid>"
        "<pubDate>Tue, 03 Mar 2026 15:00:00 GMT</pubDate>"
        f"<description>{retold}</description></item></channel></rss>",
        "utf-8",
    )
    other = tmp_path / "sport.jsonl"
    other.write_text(
        json.dumps(
            {
                "id": "match",
                "title": "United win the derby",
                "text": "United beat City 3:1 in the derby on Sunday in front of 40,000 fans. "
                "The winning goal came in the 78th minute after a corner.",
                "published": "2026-03-03T20:00:00Z",
                "source": "Sport Daily",
            }
        ),
        "utf-8",
    )
    code, out, err = run(capsys, "news", "dedup", page, feed, other, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["errors"] == []
    (pair,) = data["pairs"]
    assert {pair["a"], pair["b"]} == {"bridge.html", "evening-bridge"}
    assert pair["relation"] in ("a_duplicates_b", "b_duplicates_a")
    later = pair["b"] if pair["relation"] == "b_duplicates_a" else pair["a"]
    assert later == "evening-bridge"  # the feed's item came seven hours later
