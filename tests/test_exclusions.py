"""Exclusions that recompute (issue 36): core/exclusions.py, the reports and the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from copylens.app import cli, export
from copylens.core import CheckReport, Exclusions, TextInput, check, exclude

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
DATA = ROOT / "tests" / "data"
SOURCE = (SAMPLES / "source_ru.txt").read_text("utf-8")
COPY = (SAMPLES / "copy_ru.txt").read_text("utf-8")
OTHER = (DATA / "shingles_source_ru.txt").read_text("utf-8")
OTHER_COPY = (DATA / "shingles_copy_ru.txt").read_text("utf-8")
DOCUMENT = f"{COPY}\n\nМоё собственное заключение о природе и людях Сибири.\n\n{OTHER_COPY}"
SOURCES = [
    TextInput("src/baikal.txt", SOURCE),
    TextInput("src/checks.txt", OTHER),
    TextInput("src/baikal-half.txt", SOURCE[: len(SOURCE) // 2]),
]


@pytest.fixture(scope="module")
def report() -> CheckReport:
    return check([TextInput("essay.txt", DOCUMENT)], SOURCES)


def _figures(r: CheckReport) -> tuple[object, ...]:
    d = r.documents[0]
    return (
        round(d.uniqueness, 9),
        round(d.borrowed, 9),
        round(d.cited, 9),
        [
            (s.path, round(s.containment, 9), round(s.exclusive, 9), s.matched_words)
            for s in d.sources
        ],
    )


def test_excluding_a_source_gives_the_figures_of_a_check_without_it(report: CheckReport) -> None:
    """The recount is the engine's: the same figures as checking without that source."""
    assert len(report.documents[0].sources) == 3
    without = check([TextInput("essay.txt", DOCUMENT)], SOURCES[:2])
    excluded = exclude(report, Exclusions(sources=frozenset({"src/baikal-half.txt"})))
    assert _figures(excluded) == _figures(without)
    d = excluded.documents[0]
    # the half source's words were all in the whole one: only-this-source rises
    before = {s.path: s for s in report.documents[0].sources}
    assert d.sources[0].exclusive > before[d.sources[0].path].exclusive


def test_hiding_small_sources_and_short_matches_recounts_every_share(
    report: CheckReport,
) -> None:
    d0 = report.documents[0]
    smallest = min(s.containment for s in d0.sources)
    hidden = exclude(report, Exclusions(min_share=smallest + 0.001))
    assert len(hidden.documents[0].sources) == len(d0.sources) - 1
    longest = max(f.words for s in d0.sources for f in s.fragments)
    short = exclude(report, Exclusions(min_words=longest))
    for r in (hidden, short):
        d = r.documents[0]
        assert d.uniqueness >= d0.uniqueness
        assert d.uniqueness + d.borrowed + d.cited + d.self_cited == pytest.approx(1.0)
        assert all(f.words >= r.exclusions.min_words for s in d.sources for f in s.fragments)
    assert short.documents[0].uniqueness > d0.uniqueness
    everything = exclude(report, Exclusions(min_words=10_000))
    assert everything.documents[0].uniqueness == 1.0 and not everything.documents[0].sources


def test_archived_sources_of_a_label_are_excluded(report: CheckReport) -> None:
    d = report.documents[0]
    archived = replace(d.sources[0], archive_id=7, labels=(("group", "301"), ("year", "2025")))
    base = replace(report, documents=(replace(d, sources=(archived, *d.sources[1:])),))
    rules = Exclusions(archive_labels=frozenset({("group", "301")}))
    kept = exclude(base, rules).documents[0].sources
    assert [s.key for s in kept] == [s.key for s in d.sources[1:]]
    assert exclude(base, Exclusions(archive_labels=frozenset({("group", "302")}))).documents == (
        base.documents
    )


@pytest.mark.parametrize(
    "rule", [("Group", "301"), ("group", " 301 "), ("GROUP", "301")], ids=["key", "space", "caps"]
)
def test_archive_labels_are_excluded_up_to_case_as_the_archive_compares_them(
    report: CheckReport, rule: tuple[str, str]
) -> None:
    """The archive compares labels up to case and ``автор`` is ``author`` (issue 32); so does
    leaving out the archived sources of a label (issue 36)."""
    d = report.documents[0]
    archived = replace(d.sources[0], archive_id=7, labels=(("group", "301"), ("автор", "Иванова")))
    base = replace(report, documents=(replace(d, sources=(archived, *d.sources[1:])),))
    for rules in (
        Exclusions(archive_labels=frozenset({rule})),
        Exclusions(archive_labels=frozenset({("Author", "ИВАНОВА")})),
        Exclusions(archive_labels=frozenset({("group", "300"), rule})),
    ):
        kept = exclude(base, rules).documents[0].sources
        assert [s.key for s in kept] == [s.key for s in d.sources[1:]]


def test_exclusions_replace_each_other_and_none_gives_the_report_back(
    report: CheckReport,
) -> None:
    one = exclude(report, Exclusions(min_share=0.5))
    other = exclude(one, Exclusions(sources=frozenset({"src/checks.txt"})))
    assert other.exclusions.min_share == 0 and other.unexcluded is report
    assert "src/baikal-half.txt" in [s.path for s in other.documents[0].sources]
    assert exclude(other, Exclusions()) is report
    data = other.to_json()
    assert data["exclusions"]["sources"] == ["src/checks.txt"]
    assert "exclusions" not in report.to_json()
    assert CheckReport.from_json(other.to_data()).exclusions == other.exclusions


def test_report_says_what_was_left_out(report: CheckReport) -> None:
    rules = Exclusions(min_words=12, min_share=0.03, sources=frozenset({"src/checks.txt"}))
    page = export.html_report(exclude(report, rules))
    assert (
        "Left out of the figures: matches under 12 words; sources under 3 %; the sources "
        "checks.txt. Every share is counted without it." in page.replace("&nbsp;", " ")
    )
    assert "Left out" not in export.html_report(report)


def test_command_line_exclusions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "essay.txt"
    doc.write_text(DOCUMENT, encoding="utf-8")
    folder = tmp_path / "src"
    folder.mkdir()
    for source in SOURCES:
        (tmp_path / source.name).write_text(source.text, encoding="utf-8")
    argv = ["check", str(doc), "--against", str(folder), "--format", "json", "--quiet"]
    assert cli.main(argv) == 0
    before = json.loads(capsys.readouterr().out)["documents"][0]
    assert len(before["sources"]) == 3
    half = str(folder / "baikal-half.txt")
    assert cli.main([*argv, "--exclude-source", half, "--hide-under-words", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    after = data["documents"][0]
    assert [s["path"] for s in after["sources"]] == [
        s["path"] for s in before["sources"] if s["path"] != half
    ]
    assert data["exclusions"] == {
        "min_words": 5,
        "min_share": 0.0,
        "sources": [half],
        "archive_labels": [],
    }
    assert cli.main([*argv[:-3], "--hide-under-percent", "99", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Left out of the figures: sources under 99 %")
    assert "no matching sources" in text and "uniqueness 100.0 %" in text


def test_a_saved_report_keeps_what_its_exclusions_started_from(report: CheckReport) -> None:
    """A session saves the recounted report and the engine's figures: reopened, other
    exclusions (or none) start from the engine's again."""
    excluded = exclude(report, Exclusions(sources=frozenset({"src/checks.txt"})))
    back = CheckReport.from_json(json.loads(json.dumps(excluded.to_data())))
    assert back == excluded and back.unexcluded == report
    assert exclude(back, Exclusions()) == report
    assert "unexcluded" not in report.to_data() and "unexcluded" not in excluded.to_json()


@pytest.mark.parametrize(
    "stored", [{"min_share": float("nan")}, {"min_share": 3}, {"min_words": -1}, {"min_words": "8"}]
)
def test_stored_exclusions_are_validated(stored: dict[str, object]) -> None:
    """A session's exclusions are data from a file: a bad value is refused by name."""
    with pytest.raises(ValueError, match="min_"):
        Exclusions.from_json(stored)
