"""Summary fragments (``kind == "summary"``, core/summary.py) in the reports: the HTML report,
the CSV and the command line's text name them by their declared label, never as a paraphrase
with a meaning similarity; the CSV's columns of each kind come from its declaration."""

from __future__ import annotations

import csv
import io

from copylens.app import export, textout
from copylens.core import FRAGMENT_KINDS, CheckReport
from tests.test_paraphrase_report import DOCUMENT, SOURCE, fragment, report_data

SUMMED = DOCUMENT[: DOCUMENT.index(" My own")]


def summary_report() -> CheckReport:
    """``essay.txt``'s first two sentences retell ``rivers.txt`` as one summary."""
    data = report_data()
    data["documents"][0]["sources"][0]["fragments"] = [
        fragment(
            0, len(SUMMED), 0, len(SOURCE), words=20, exact_words=9, kind="summary", score=0.41
        )
    ]
    return CheckReport.from_json(data)


def test_html_names_the_summary_and_gives_no_meaning_similarity() -> None:
    page = export.html_report(summary_report())
    body = page[page.index("<body>") :]
    assert "<h3>Paraphrases</h3>" not in body and "Meaning similarity" not in body
    assert "data-meaning" not in body and "41&nbsp;%" not in body
    assert "Summaries: 1" in body and "Paraphrases:" not in body
    assert "lighter, wavy underline: summarised from (a short passage retelling" in body
    text = body[body.index('<div class="text">') :]
    span = text[text.index("<span") : text.index("</span>")]
    assert 'class="src paraphrase"' in span and "summarised from" in span


def test_text_output_says_summarised_from_without_a_score() -> None:
    out = io.StringIO()
    textout.print_check(summary_report(), out)
    assert "← rivers.txt  (summarised from)" in out.getvalue()
    assert "paraphrase" not in out.getvalue()


def test_csv_has_each_declared_kinds_columns_with_the_summary_counted() -> None:
    """The check CSV's columns: the fixed ones, each kind's declared ``columns`` (paraphrase,
    summary), the address, the retold sentences last; the summary counted in its own, not
    as a paraphrase."""
    kinds = [c for k in FRAGMENT_KINDS.values() for c in k.columns]
    assert "summary_fragments" in kinds and "summary_words" in kinds
    rows = list(csv.reader(io.StringIO(export.csv_report(summary_report()))))
    head, row = rows
    assert head[14:-2] == kinds and head[-2:] == ["url", "retold_sentences"]
    values = dict(zip(head, row, strict=True))
    assert (values["summary_fragments"], values["summary_words"]) == ("1", "20")
    assert (values["paraphrase_fragments"], values["paraphrase_score"]) == ("0", "")
    assert export.CSV_COMPARE_COLUMNS[7:-1] == tuple(kinds)
