"""Paraphrase fragments (issue 17) in the reports: HTML (and so PDF), CSV, JSON and the
command line's text, from a report built by hand (one copied sentence, one retold)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from copylens.app import export, terms, textout
from copylens.app.palette import PALETTE
from copylens.core import CheckReport

SOURCE = (
    "Rivers carry sediment from the mountains to the sea. Over thousands of years this "
    "sediment builds wide deltas where farmers grow rice. The delta soil is rich because "
    "every flood leaves a fresh layer of silt on the fields."
)
DOCUMENT = (
    "Rivers carry sediment from the mountains to the sea. Over many centuries the mud that "
    "streams bring down piles up into broad deltas, and people plant rice on them. "
    "My own conclusion is that deltas matter for food."
)
COPIED = DOCUMENT[: DOCUMENT.index(" Over many")]
RETOLD = DOCUMENT[DOCUMENT.index("Over many") : DOCUMENT.index(" My own")]


def fragment(start: int, end: int, source_start: int, source_end: int, **more: Any) -> dict:
    return {
        "start": start,
        "end": end,
        "source_start": source_start,
        "source_end": source_end,
        "edits": [],
        "cited": False,
    } | more


def report_data() -> dict[str, Any]:
    """A check report's JSON: ``essay.txt`` copies the first sentence of ``rivers.txt`` and
    retells its second one (meaning similarity 0.83)."""
    retold = DOCUMENT.index(RETOLD)
    second = SOURCE.index("Over thousands")
    return {
        "documents": [
            {
                "path": "essay.txt",
                "language": "en",
                "words": 40,
                "counted_words": 25,
                "uniqueness": 0.2,
                "borrowed": 0.8,
                "cited": 0.0,
                "self_cited": 0.0,
                "homoglyphs": 0,
                "homoglyph_offsets": [],
                "sha256": "0" * 64,
                "sources": [
                    {
                        "path": "sources/rivers.txt",
                        "resemblance": 0.3,
                        "resemblance_estimate": 0.3,
                        "containment": 0.8,
                        "reverse_containment": 0.6,
                        "exclusive": 0.8,
                        "shingle_containment": 0.3,
                        "matched_words": 20,
                        "cited": 0.0,
                        "archive_id": None,
                        "labels": {},
                        "self": False,
                        "fragments": [
                            fragment(
                                0, len(COPIED), 0, len(COPIED), words=6, exact_words=6
                            ),  # no kind: an older report's copy
                            fragment(
                                retold,
                                retold + len(RETOLD),
                                second,
                                SOURCE.index(" The delta"),
                                words=14,
                                exact_words=3,
                                kind="paraphrase",
                                score=0.83,
                            ),
                        ],
                    }
                ],
            }
        ],
        "errors": [],
        "texts": {"essay.txt": DOCUMENT, "sources/rivers.txt": SOURCE},
    }


def paraphrase_report() -> CheckReport:
    return CheckReport.from_json(report_data())


def test_the_report_reads_kind_and_score_and_json_writes_them() -> None:
    report = paraphrase_report()
    copied, retold = report.documents[0].sources[0].fragments
    assert (copied.kind, copied.score) == ("copy", 1.0)
    assert (retold.kind, retold.score) == ("paraphrase", 0.83)
    data = json.loads(export.json_report(report))
    written = data["documents"][0]["sources"][0]["fragments"]
    assert [(f["kind"], f["score"]) for f in written] == [("copy", 1.0), ("paraphrase", 0.83)]
    assert CheckReport.from_json(report.to_data()) == report


def test_html_marks_the_paraphrase_apart_with_its_similarity() -> None:
    page = export.html_report(paraphrase_report())
    assert ".paraphrase {" in page and "text-decoration-style: wavy" in page
    assert "text-underline-style: wave" in page  # Qt's name, for the PDF
    text = page[page.index('<div class="text">') :]
    retold = text[: text.index(RETOLD.split()[-1])]
    span = retold[retold.rindex("<span") :]
    assert 'class="src paraphrase paraphrase-end"' in span
    assert 'data-meaning="83\u00a0%"' in span
    assert "Paraphrase, Meaning similarity: 83\u00a0%" in span
    copied = text[: text.index(COPIED.split()[-1])]
    copied_span = copied[copied.rindex("<span") :]
    assert "paraphrase" not in copied_span
    assert f"background-color:{PALETTE[0]}" in copied_span
    assert f"background-color:{PALETTE[0]}" not in span  # a lighter tint
    # The legend says what the wavy line is; the table gives the similarity on paper.
    assert "lighter, wavy underline: paraphrase (retold in other words)" in page
    table = page[page.index("<h3>Paraphrases</h3>") : page.index("<h3>Text</h3>")]
    assert "83&nbsp;%" in table and ">14<" in table and "Meaning similarity" in table
    assert terms.tip("paraphrase") in table
    assert "Paraphrases: 1" in page


def test_html_without_paraphrases_has_no_paraphrase_marks() -> None:
    data = report_data()
    data["documents"][0]["sources"][0]["fragments"].pop()
    page = export.html_report(CheckReport.from_json(data))
    body = page[page.index("<body>") :]
    assert "paraphrase" not in body and "Paraphrase" not in body


def test_csv_appends_the_paraphrase_columns() -> None:
    rows = list(csv.reader(io.StringIO(export.csv_report(paraphrase_report()))))
    head, row = rows
    assert head[:14] == [  # the columns before issue 17, in their order
        "document",
        "source",
        "containment",
        "resemblance",
        "reverse_containment",
        "matched_words",
        "source_cited",
        "uniqueness",
        "borrowed",
        "cited",
        "source_archive_id",
        "source_labels",
        "source_self_citation",
        "self_cited",
    ]
    assert head[14:17] == ["paraphrase_fragments", "paraphrase_words", "paraphrase_score"]
    values = dict(zip(head, row, strict=True))
    assert (values["paraphrase_fragments"], values["paraphrase_words"]) == ("1", "14")
    assert values["paraphrase_score"] == "0.8300"
    assert values["matched_words"] == "20" and values["source"] == "sources/rivers.txt"


def test_csv_of_a_source_without_paraphrases_and_of_no_source() -> None:
    data = report_data()
    data["documents"][0]["sources"][0]["fragments"].pop()
    alone = dict(data["documents"][0], path="alone.txt", sources=[])
    data["documents"].append(alone)
    rows = list(csv.DictReader(io.StringIO(export.csv_report(CheckReport.from_json(data)))))
    assert [r["paraphrase_fragments"] for r in rows] == ["0", ""]
    assert [r["paraphrase_score"] for r in rows] == ["", ""]


def test_text_output_marks_the_paraphrase() -> None:
    out = io.StringIO()
    textout.print_check(paraphrase_report(), out)
    lines = out.getvalue().splitlines()
    retold = next(n for n, line in enumerate(lines) if RETOLD[:30] in line)
    assert lines[retold + 1].strip() == "← rivers.txt  (paraphrase 0.83)"
    copied = next(n for n, line in enumerate(lines) if COPIED[:30] in line)
    assert lines[copied + 1].strip() == "← rivers.txt"


def test_the_glossary_has_the_paraphrase() -> None:
    assert terms.label("paraphrase") == "Paraphrase"
    assert terms.label("meaning_similarity") == "Meaning similarity"
    assert "other words" in terms.tip("paraphrase")
