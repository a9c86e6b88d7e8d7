"""A copied passage with a sentence retold inside it (issue 34: one fragment of kind "copy",
the retold sentence an ``Edit("retold", …)``) in the reports: HTML (and so PDF), the compare
report's quotes and the command line's text, from a report built by hand."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from typing import Any

from copylens.app import export, textout
from copylens.app.palette import PALETTE
from copylens.core import CheckReport, CompareReport, Edit, Fragment, PairResult

SOURCE = (
    "Rivers carry sediment from the mountains to the sea. Over thousands of years this "
    "sediment builds wide deltas where farmers grow rice. The delta soil is rich because "
    "every flood leaves a fresh layer of silt on the fields."
)
DOCUMENT = (
    "Rivers carry sediment from the mountains to the sea. Over many centuries the mud that "
    "streams bring down piles up into broad deltas, and people plant rice on them. The delta "
    "soil is rich because every flood leaves a fresh layer of silt on the fields. My own "
    "conclusion is that deltas matter for food."
)
RETOLD = DOCUMENT[DOCUMENT.index("Over many") : DOCUMENT.index(" The delta")]
SOURCE_RETOLD = SOURCE[SOURCE.index("Over thousands") : SOURCE.index(" The delta")]
PASSAGE_END = DOCUMENT.index(" My own")


def passage_fragment() -> Fragment:
    """The whole passage, first to third sentence, one fragment with its retold sentence."""
    start, source_start = DOCUMENT.index(RETOLD), SOURCE.index(SOURCE_RETOLD)
    edit = Edit(
        "retold",
        start,
        start + len(RETOLD),
        source_start,
        source_start + len(SOURCE_RETOLD),
    )
    return Fragment(0, PASSAGE_END, 0, len(SOURCE), words=40, exact_words=24, edits=(edit,))


def report_data() -> dict[str, Any]:
    """A check report's JSON: ``essay.txt`` copies three sentences of ``rivers.txt``, the
    middle one retold in other words, then adds one of its own."""
    fragment = passage_fragment()
    edit = fragment.edits[0]
    return {
        "documents": [
            {
                "path": "essay.txt",
                "language": "en",
                "words": 50,
                "counted_words": 30,
                "uniqueness": 0.1,
                "borrowed": 0.9,
                "cited": 0.0,
                "self_cited": 0.0,
                "homoglyphs": 0,
                "homoglyph_offsets": [],
                "sha256": "0" * 64,
                "sources": [
                    {
                        "path": "sources/rivers.txt",
                        "resemblance": 0.4,
                        "resemblance_estimate": 0.4,
                        "containment": 0.9,
                        "reverse_containment": 1.0,
                        "exclusive": 0.9,
                        "shingle_containment": 0.4,
                        "matched_words": 40,
                        "cited": 0.0,
                        "archive_id": None,
                        "labels": {},
                        "self": False,
                        "fragments": [
                            {
                                "start": fragment.start,
                                "end": fragment.end,
                                "source_start": fragment.source_start,
                                "source_end": fragment.source_end,
                                "words": fragment.words,
                                "exact_words": fragment.exact_words,
                                "edits": [
                                    {
                                        "kind": "retold",
                                        "start": edit.start,
                                        "end": edit.end,
                                        "source_start": edit.source_start,
                                        "source_end": edit.source_end,
                                    }
                                ],
                                "cited": False,
                                "kind": "copy",
                            }
                        ],
                    }
                ],
            }
        ],
        "errors": [],
        "texts": {"essay.txt": DOCUMENT, "sources/rivers.txt": SOURCE},
    }


def retold_report() -> CheckReport:
    return CheckReport.from_json(report_data())


def _span_around(page: str, offset_text: str) -> str:
    """The opening tag of the span that holds ``offset_text`` in the report's text."""
    text = page[page.index('<div class="text">') :]
    before = text[: text.index(offset_text)]
    return before[before.rindex("<span") :]


def test_the_report_reads_the_retold_edit_back() -> None:
    report = retold_report()
    (fragment,) = report.documents[0].sources[0].fragments
    assert fragment == passage_fragment()
    assert CheckReport.from_json(report.to_data()) == report


def test_html_draws_the_retold_sentence_as_a_paraphrase_inside_the_passage() -> None:
    page = export.html_report(retold_report())
    text = page[page.index('<div class="text">') :]
    # One passage: copy, retold, copy, each span exactly its characters.
    spans = text.split("<span")[1:]
    assert len(spans) == 3
    pieces = [span[span.index(">") + 1 : span.index("</span>")] for span in spans]
    assert pieces == [
        DOCUMENT[: DOCUMENT.index(RETOLD)],
        RETOLD,
        DOCUMENT[DOCUMENT.index(RETOLD) + len(RETOLD) : PASSAGE_END],
    ]
    copied, retold, rest = spans
    assert 'class="src paraphrase retold"' in retold
    assert "edited" not in retold  # not the dotted look of edited words
    assert f"background-color:{export._paraphrase_fill(0)}" in retold
    assert f"text-decoration-color:{export._line(0)}" in retold
    assert "retold in other words, inside the copied passage" in retold
    for plain in (copied, rest):
        assert 'class="src"' in plain and f"background-color:{PALETTE[0]}" in plain
    # The legend explains the wavy line; the source's line counts the retold sentence.
    assert "lighter, wavy underline: paraphrase (retold in other words)" in page
    assert "Fragments: 1 &middot; Retold sentences: 1" in page
    assert "<h3>Paraphrases</h3>" not in page  # no paraphrase fragment to list


def test_html_for_paper_keeps_the_retold_look() -> None:
    page = export.html_report(retold_report(), wrap_names=True)
    assert 'class="src paraphrase retold"' in _span_around(page, RETOLD[:20])


def test_html_of_a_plain_copy_has_no_retold_marks() -> None:
    data = report_data()
    data["documents"][0]["sources"][0]["fragments"][0]["edits"] = []
    page = export.html_report(CheckReport.from_json(data))
    body = page[page.index("<body>") :]
    assert "retold" not in body.replace("retold in other words)", "")
    assert "Retold" not in body


def compare_report() -> CompareReport:
    fragment = passage_fragment()
    pair = PairResult(
        a="essay.txt",
        b="rivers.txt",
        resemblance=0.4,
        resemblance_estimate=0.4,
        containment_ab=0.9,
        containment_ba=1.0,
        fragments=(fragment,),
    )
    report = retold_report()
    return CompareReport(
        pairs=(pair,),
        clusters=(),
        documents=("essay.txt", "rivers.txt"),
        errors=(),
        options=report.options,
        texts={"essay.txt": DOCUMENT, "rivers.txt": SOURCE},
    )


def test_compare_report_quotes_mark_the_retold_sentence_on_both_sides() -> None:
    page = export.html_report(compare_report(), threshold=0.0)
    table = page[page.index('<table class="fragments"') :]
    assert "Retold sentences: 1" in table
    cells = table.split('<td class="quote">')[1:]
    assert len(cells) == 2
    for cell, retold in ((cells[0], RETOLD), (cells[1], SOURCE_RETOLD)):
        marked = [
            span[span.index(">") + 1 : span.index("</span>")]
            for span in cell.split("<span")[1:]
            if "paraphrase retold" in span[: span.index(">")]
        ]
        assert marked == [retold]
        assert f"background-color:{export._paraphrase_fill(0)}" in cell


def test_text_output_counts_and_quotes_the_retold_sentence() -> None:
    out = io.StringIO()
    textout.print_check(retold_report(), out)
    lines = out.getvalue().splitlines()
    quote = next(n for n, line in enumerate(lines) if "«Rivers carry" in line)
    assert lines[quote + 1].strip() == "← rivers.txt  (with 1 retold sentence)"
    assert lines[quote + 2].strip() == f"retold: «{RETOLD}»"


def test_text_output_counts_many_retold_sentences() -> None:
    data = report_data()
    edit = data["documents"][0]["sources"][0]["fragments"][0]["edits"][0]
    words = [(n, n + 5) for n in range(0, 50, 10)]
    data["documents"][0]["sources"][0]["fragments"][0]["edits"] = [
        edit | {"start": a, "end": b} for a, b in words
    ]
    out = io.StringIO()
    textout.print_check(CheckReport.from_json(data), out)
    lines = out.getvalue().splitlines()
    assert any(line.endswith("(with 5 retold sentences)") for line in lines)
    assert sum(line.strip().startswith("retold: «") for line in lines) == textout.RETOLD_LINES
    assert "        and 2 more retold" in lines


def _csv_rows(report: CheckReport | CompareReport) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export.csv_report(report))))


def test_csv_counts_the_retold_sentences_of_each_source_and_pair() -> None:
    (row,) = _csv_rows(retold_report())
    assert row["retold_sentences"] == "1"
    assert row["paraphrase_fragments"] == "0"  # retold inside a copy: not a paraphrase fragment
    assert list(row)[-2:] == ["url", "retold_sentences"]  # older columns keep their places
    (pair,) = _csv_rows(compare_report())
    assert pair["retold_sentences"] == "1"
    data = report_data()
    data["documents"][0]["sources"][0]["fragments"][0]["edits"] = []
    (plain,) = _csv_rows(CheckReport.from_json(data))
    assert plain["retold_sentences"] == "0"
    data["documents"][0]["sources"] = []
    (alone,) = _csv_rows(CheckReport.from_json(data))
    assert alone["retold_sentences"] == ""  # no source, no count


def test_json_export_keeps_the_retold_edit_with_both_spans() -> None:
    data = json.loads(export.json_report(retold_report()))
    (edit,) = data["documents"][0]["sources"][0]["fragments"][0]["edits"]
    start = DOCUMENT.index(RETOLD)
    assert edit["kind"] == "retold"
    assert DOCUMENT[edit["start"] : edit["end"]] == RETOLD
    assert SOURCE[edit["source_start"] : edit["source_end"]] == SOURCE_RETOLD
    assert edit["start"] == start


def split_report_data() -> dict[str, Any]:
    """:func:`report_data` with the retold sentence's middle words ("the mud that streams
    bring down") copied word for word: two retold edits, the second ``continued``."""
    data = report_data()
    fragment = data["documents"][0]["sources"][0]["fragments"][0]
    (edit,) = fragment["edits"]
    copied = DOCUMENT.index("the mud that streams bring down")
    after = copied + len("the mud that streams bring down ")
    fragment["edits"] = [
        edit | {"end": copied - 1},
        edit | {"start": after, "continued": True},
    ]
    return data


def test_a_retold_sentence_with_a_copied_middle_counts_once_everywhere() -> None:
    """Issue 34: one sentence in two retold pieces is "1 retold sentence" in the text output,
    the CSV, the HTML source line and the compare report's fragment line. Before: 2."""
    report = CheckReport.from_json(split_report_data())
    out = io.StringIO()
    textout.print_check(report, out)
    assert "(with 1 retold sentence)" in out.getvalue()
    assert sum(line.strip().startswith("retold: «") for line in out.getvalue().splitlines()) == 2
    (row,) = _csv_rows(report)
    assert row["retold_sentences"] == "1"
    assert "Fragments: 1 &middot; Retold sentences: 1" in export.html_report(report)
    (fragment,) = report.documents[0].sources[0].fragments
    pair = replace(compare_report().pairs[0], fragments=(fragment,))
    compared = replace(compare_report(), pairs=(pair,))
    (row,) = _csv_rows(compared)
    assert row["retold_sentences"] == "1"
    table = export.html_report(compared, threshold=0.0)
    assert "Retold sentences: 1" in table[table.index('<table class="fragments"') :]
    # Two retold sentences each of its own are still counted two.
    data = split_report_data()
    data["documents"][0]["sources"][0]["fragments"][0]["edits"][1]["continued"] = False
    (row,) = _csv_rows(CheckReport.from_json(data))
    assert row["retold_sentences"] == "2"


def test_json_keeps_continued_only_where_true() -> None:
    report = CheckReport.from_json(split_report_data())
    first, second = json.loads(export.json_report(report))["documents"][0]["sources"][0][
        "fragments"
    ][0]["edits"]
    assert "continued" not in first and second["continued"] is True
    assert CheckReport.from_json(report.to_data()) == report
