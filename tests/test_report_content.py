"""Issue 36: what the check and compare reports say, in English and Russian (no Qt).

The PDF side (pages, margins) is in ``tests/gui/test_report_paper.py``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from copylens.app import export
from copylens.core.documents import TextInput
from copylens.core.engine import check
from copylens.core.report import CheckReport

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
TS = ROOT / "resources" / "translations" / "copylens_ru.ts"


def ts_translate() -> export.Translate:
    """``translate(context, text)`` from the Russian .ts; a missing text raises KeyError."""
    table = {}
    for context in ET.parse(TS).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            table[name, message.findtext("source", "")] = message.findtext("translation", "")
    return lambda context, text: table[context, text]


@pytest.fixture(scope="module")
def article() -> CheckReport:
    """A pasted article (named by its first words, as the window names it) and a file."""
    return check(
        [TextInput("Статья о Байкале", (SAMPLES / "copy_ru.txt").read_text("utf-8"))],
        [SAMPLES / "source_ru.txt"],
    )


def _facts(page: str) -> dict[str, str]:
    return dict(re.findall(r"<tr><th>([^<]*)</th><td>([^<]*)</td></tr>", page))


def test_one_document_has_no_summary_table_and_a_pasted_text_no_path(
    article: CheckReport,
) -> None:
    page = export.html_report(article)
    assert article.documents[0].pasted and "<h2>Summary</h2>" not in page
    assert 'class="grid summary"' not in page
    facts = _facts(page)
    assert "Path" not in facts and facts["Source of the text"] == "typed or pasted into CopyLens"
    assert facts["Language"] == "Russian"


def test_settings_name_the_language_and_leave_out_the_file_limits(
    article: CheckReport,
) -> None:
    english = _facts(export.html_report(article))
    assert english["Language of the documents"] == "detected per document"
    assert not {k for k in english if "file" in k.lower()}  # largest file, time, memory
    russian = _facts(export.html_report(article, language="ru", translate=ts_translate()))
    assert russian["Язык"] == "русский"
    assert russian["Язык документов"] == "определяется для каждого документа"
    assert "auto" not in russian.values() and "ru" not in russian.values()
    assert not [k for k in russian if "файл" in k]


def test_a_file_keeps_its_path(article: CheckReport) -> None:
    report = check([SAMPLES / "copy_ru.txt"], [SAMPLES / "source_ru.txt"])
    assert not report.documents[0].pasted
    facts = _facts(export.html_report(report))
    assert "Source of the text" not in facts and "Path" in export.html_report(report)
    assert report.to_json()["documents"][0]["pasted"] is False
    assert article.to_json()["documents"][0]["pasted"] is True
    assert CheckReport.from_json(article.to_data()).documents[0].pasted
