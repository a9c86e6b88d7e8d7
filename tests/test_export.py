"""Report export (app/export.py): HTML, CSV and JSON from real engine reports; no Qt."""

from __future__ import annotations

import csv
import html
import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import asdict
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest

from copylens import __version__
from copylens.app import export, terms
from copylens.core.documents import TextInput
from copylens.core.engine import check, compare
from copylens.core.options import Options, specs
from copylens.core.report import CheckReport, CompareReport

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
TRANSLATIONS = ROOT / "resources" / "translations"
SCRIPT = "<script>alert(1)</script>"
DOC_NAME = f"essays/{SCRIPT}.txt"
WHEN = datetime(2025, 3, 14, 15, 9, tzinfo=UTC)


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    source = (SAMPLES / "source_ru.txt").read_text(encoding="utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text(encoding="utf-8")
    other = (ROOT / "tests" / "data" / "shingles_source_ru.txt").read_text(encoding="utf-8")
    other_copy = (ROOT / "tests" / "data" / "shingles_copy_ru.txt").read_text(encoding="utf-8")
    return {"source": source, "copy": copy, "other": other, "other_copy": other_copy}


@pytest.fixture(scope="module")
def check_report(texts: dict[str, str]) -> CheckReport:
    """One document copied from two sources (one covering half of the other: overlaps), with
    look-alike letters and a script tag in its text and name; a clean document; a bad path."""
    document = f"{texts['copy']}\n\n{texts['other_copy']}\n{SCRIPT}\n"
    report = check(
        [TextInput(DOC_NAME, document), TextInput("essays/clean.txt", "Совсем другой текст.")],
        [
            TextInput("sources/baikal.txt", texts["source"]),
            TextInput("sources/checks.txt", texts["other"]),
            TextInput("sources/baikal-half.txt", texts["source"][: len(texts["source"]) // 2]),
            ROOT / "no-such-folder" / f"{SCRIPT}.docx",
        ],
    )
    doc = report.documents[0]
    assert len(doc.sources) == 3 and doc.homoglyphs >= 2 and report.errors
    return report


@pytest.fixture(scope="module")
def compare_report(texts: dict[str, str]) -> CompareReport:
    report = compare(
        [
            TextInput("a/baikal.txt", texts["source"]),
            TextInput(f"b/{SCRIPT}.txt", texts["copy"]),
            TextInput("c/copy.txt", texts["other_copy"]),
            TextInput("c/source.txt", texts["other"]),
        ]
    )
    assert len(report.pairs) == 2 and report.clusters
    return report


# --- HTML: check report -------------------------------------------------------------------


def test_html_is_self_contained(check_report: CheckReport) -> None:
    page = export.html_report(check_report, generated_at=WHEN)
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in page
    assert "<style>" in page
    for external in ("<link", "<script", "src=", "@import", "url("):
        assert external not in page.lower()
    assert "2025-03-14 15:09" in page
    assert f"CopyLens {__version__}" in page


def test_html_escapes_document_text_and_names(check_report: CheckReport) -> None:
    page = export.html_report(check_report, generated_at=WHEN)
    assert SCRIPT not in page
    assert "<script" not in page.lower()
    escaped = html.escape(SCRIPT)
    assert escaped == "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert html.escape(DOC_NAME) in page  # the path row
    assert f"{escaped}\n</span>" in page or f"{escaped}\n</div>" in page  # the text
    assert html.escape(f"{SCRIPT}.docx") in page  # the errors list


def test_html_has_every_sha256_and_source(check_report: CheckReport) -> None:
    page = export.html_report(check_report, generated_at=WHEN)
    for doc in check_report.documents:
        assert len(doc.sha256) == 64
        assert doc.sha256 in page
        for src in doc.sources:
            assert html.escape(src.path) in page


def test_html_settings_are_the_runs_without_compare_and_process_settings(
    texts: dict[str, str],
) -> None:
    options = Options(shingle=7, min_fragment_words=12, min_containment=0.2, workers=3)
    report = check(
        [TextInput("a.txt", texts["copy"])], [TextInput("b.txt", texts["source"])], options
    )
    page = export.html_report(report, generated_at=WHEN)
    table = page[page.index('<table class="facts settings">') :]
    table = table[: table.index("</table>")]
    assert "<tr><th>Words per shingle</th><td>7</td></tr>" in table
    assert "<tr><th>Minimum fragment (words)</th><td>12</td></tr>" in table
    assert "<tr><th>Ignore numbers</th><td>no</td></tr>" in table
    assert "Compare all" not in table and "Worker processes" not in table
    hidden = export.COMPARE_SETTINGS | export.NO_RESULT_SETTINGS
    assert table.count("<tr>") == len(Options.field_names()) - len(hidden) + 1  # + fingerprint


class _TextSpans(HTMLParser):
    """Reads the document text back out of the report, with each character's highlight."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.sources: list[list[frozenset[int]]] = []
        self.lookalike: list[list[bool]] = []
        self._stack: list[tuple[frozenset[int] | None, bool]] = []
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "div" and a.get("class") == "text":
            self._depth = 1
            self.texts.append("")
            self.sources.append([])
            self.lookalike.append([])
            self._stack = []
            return
        if not self._depth:
            return
        assert tag == "span", f"unexpected <{tag}> inside the text"
        self._depth += 1
        classes = (a.get("class") or "").split()
        sources = a.get("data-sources")
        self._stack.append(
            (frozenset(map(int, sources.split())) if sources else None, "lookalike" in classes)
        )

    def handle_endtag(self, tag: str) -> None:
        if not self._depth:
            return
        self._depth -= 1
        if self._depth:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._depth:
            return
        covering = next((s for s, _ in reversed(self._stack) if s is not None), frozenset())
        glyph = any(g for _, g in self._stack)
        self.texts[-1] += data
        self.sources[-1] += [covering] * len(data)
        self.lookalike[-1] += [glyph] * len(data)


def test_html_highlights_cover_exactly_the_fragments(check_report: CheckReport) -> None:
    page = export.html_report(check_report, generated_at=WHEN)
    parsed = _TextSpans()
    parsed.feed(page)
    assert len(parsed.texts) == len(check_report.documents)
    overlaps = 0
    for n, doc in enumerate(check_report.documents):
        text = check_report.texts[doc.path]
        assert parsed.texts[n] == text
        for i, src in enumerate(doc.sources):
            expected = {k for f in src.fragments for k in range(f.start, f.end)}
            marked = {k for k, covering in enumerate(parsed.sources[n]) if i in covering}
            assert marked == expected, f"source {i} of {doc.path}"
            fragment_texts = {text[f.start : f.end] for f in src.fragments}
            assert all(t.strip() for t in fragment_texts)
        overlaps += sum(len(c) > 1 for c in parsed.sources[n])
        glyphs = {k for k, g in enumerate(parsed.lookalike[n]) if g}
        assert glyphs == set(doc.homoglyph_offsets)
    assert overlaps > 0  # the half source overlaps the full one


def test_html_overlap_takes_the_first_source_colour(check_report: CheckReport) -> None:
    page = export.html_report(check_report, generated_at=WHEN)
    assert (
        f'<span class="src overlap" style="background-color:{export.PALETTE[0]}" '
        'data-sources="0 2"' in page
    )


RU_LABELS = {
    "uniqueness": "Уникальность",
    "borrowed": "Заимствовано",
    "cited": "Цитировано",
    "self_cited": "Свои прежние работы",
    "found_in_source": "Найдено в источнике",
    "source_used": "Использовано из источника",
    "only_this_source": "Только в этом источнике",
    "similarity": "Сходство текстов целиком",
    "matching_words": "Совпавших слов",
    "a_found_in_b": "A найдено в B",
    "b_found_in_a": "B найдено в A",
    "words": "Слова",
    "compared_words": "сравнивалось",
}


def ts_translate(path: Path = TRANSLATIONS / "copylens_ru.ts") -> export.Translate:
    """``translate(context, text)`` from a .ts file, as Qt's translator would give it from the
    .qm; a text the file lacks raises KeyError (so the tests see untranslated words)."""
    table = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            table[name, message.findtext("source", "")] = message.findtext("translation", "")

    def translate(context: str, text: str) -> str:
        if (context, text) not in table and (context, text) in PENDING_RU:
            return PENDING_RU[context, text]
        return table[context, text]

    return translate


PENDING_RU: dict[tuple[str, str], str] = {
    **{("Terms", t.label): RU_LABELS[key] for key, t in terms.TERMS.items() if key in RU_LABELS},
    **{("Terms", t.tip): f"(ru) {t.tip}" for t in terms.TERMS.values()},
    ("Report", "Originality report: {name}"): "Отчёт об оригинальности: {name}",
    ("Report", "Originality report: {n} documents checked"): (
        "Отчёт об оригинальности: проверено документов — {n}"
    ),
    ("Report", "paler, underlined: copied with changes"): "светлее, с подчёркиванием: изменено",
    ("Report", "The settings this check ran with; the same settings give the same results."): (
        "Параметры, с которыми прошла проверка; с теми же параметрами результат будет тем же."
    ),
}
"""Russian for the words of issue 16 until the merged catalogue has them (the glossary's)."""


def test_html_in_russian(check_report: CheckReport, compare_report: CompareReport) -> None:
    page = export.html_report(
        check_report, generated_at=WHEN, language="ru", translate=ts_translate()
    )
    assert '<html lang="ru">' in page
    for words in ("Уникальность", "Источники", "Параметры проверки", "Слов в шингле"):
        assert words in page
    assert "<tr><th>Считать формы одного слова одинаковыми</th><td>да</td></tr>" in page
    assert "&nbsp;%" in page and "Uniqueness" not in page
    page = export.html_report(
        compare_report, generated_at=WHEN, language="ru", translate=ts_translate()
    )
    assert (
        "CopyLens: отчёт о сравнении" in page
        and "Включать в результаты пары с совпадением от" in page
    )
    assert "<td>50 %</td>" in page  # the cluster threshold, a share as the window shows it


def test_html_words_go_through_translate(
    check_report: CheckReport, compare_report: CompareReport
) -> None:
    """Every word of a report is translated: the report's own in context "Report", the labels
    of its settings in "Options" (the engine's declarations), the reasons inputs failed in
    "Errors" (the engine's templates), the figures' names in "Terms" (the window's);
    nothing else is English."""
    asked: set[tuple[str, str]] = set()

    def mark(context: str, text: str) -> str:
        asked.add((context, text))
        return f"‹{text}›"

    for report in (check_report, compare_report):
        page = export.html_report(report, generated_at=WHEN, translate=mark)
        assert "<h2>‹Summary›</h2>" in page and "<h2>Summary" not in page
        assert "<th>‹Words per shingle›</th>" in page and "<th>Words per shingle" not in page
    assert {c for c, _ in asked} == {
        "Report",
        "Options",
        "Errors",
        "Terms",
        "Languages",
        "DocumentsModel",  # the class table's columns: the window's words
    }
    assert {t for c, t in asked if c == "Terms"} <= {
        w for t in terms.TERMS.values() for w in (t.label, t.tip)
    }
    assert {t for c, t in asked if c == "Errors"} == {
        e.template for r in (check_report, compare_report) for e in r.errors
    }
    labels = {spec.label for spec in specs().values()}
    assert {t for c, t in asked if c == "Options"} <= labels


def test_html_without_text_or_sources() -> None:
    report = check([TextInput("lonely.txt", "Один текст без источников.")], [])
    empty = CheckReport(report.documents, report.errors, report.options, texts={})
    page = export.html_report(empty, generated_at=WHEN)
    assert "No source shares text with this document." in page
    assert "The text of this document is not available." in page
    assert "Settings</h2>" in page


# --- HTML: compare report -----------------------------------------------------------------


def test_compare_html(compare_report: CompareReport) -> None:
    page = export.html_report(compare_report, generated_at=WHEN)
    assert SCRIPT not in page and html.escape(SCRIPT) in page
    assert "Compare all: list pairs sharing at least" in page
    assert page.count('<h2 class="pair"') == len(compare_report.pairs)
    assert "Groups of near-copies</h2>" in page  # as the window says (issue 36)
    parser = _Quotes()
    parser.feed(page)
    fragments = [(p, f) for p in compare_report.pairs for f in p.fragments]
    assert len(parser.quotes) == 2 * len(fragments)
    for k, (pair, f) in enumerate(fragments):
        for side, (path, start, end) in enumerate(
            ((pair.a, f.start, f.end), (pair.b, f.source_start, f.source_end))
        ):
            marked, whole = parser.quotes[2 * k + side]
            quoted = compare_report.texts[path][start:end]
            if end - start <= export.QUOTE_CHARS:
                assert marked == [quoted]
            else:
                head, tail = marked
                assert quoted.startswith(head) and quoted.endswith(tail)
                assert len(head) + len(tail) <= export.QUOTE_CHARS + 2
            assert len(whole) <= export.QUOTE_CHARS + 2 * (export.CONTEXT_CHARS + 40)


class _Quotes(HTMLParser):
    """The quote cells of a compare report: the highlighted pieces and the whole cell text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.quotes: list[tuple[list[str], str]] = []
        self._in_quote = self._in_mark = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "td" and a.get("class") == "quote":
            self._in_quote = True
            self.quotes.append(([], ""))
        elif self._in_quote and tag == "span" and a.get("class") == "src":
            self._in_mark = True
            self.quotes[-1][0].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self._in_quote = False
        elif tag == "span":
            self._in_mark = False

    def handle_data(self, data: str) -> None:
        if not self._in_quote:
            return
        marked, whole = self.quotes[-1]
        if self._in_mark:
            marked[-1] += data
        self.quotes[-1] = (marked, whole + data)


# --- CSV and JSON -------------------------------------------------------------------------


def test_csv_check(check_report: CheckReport) -> None:
    rows = list(csv.DictReader(io.StringIO(export.csv_report(check_report))))
    expected = [(d, s) for d in check_report.documents for s in (d.sources or (None,))]
    assert len(rows) == len(expected) == 4
    assert list(rows[0]) == list(export.CSV_CHECK_COLUMNS)
    for row, (doc, src) in zip(rows, expected, strict=True):
        assert row["document"] == doc.path
        assert float(row["uniqueness"]) == pytest.approx(doc.uniqueness, abs=1e-4)
        if src is None:
            assert row["source"] == row["containment"] == row["matched_words"] == ""
            continue
        assert row["source"] == src.path
        assert float(row["containment"]) == pytest.approx(src.containment, abs=1e-4)
        assert float(row["resemblance"]) == pytest.approx(src.resemblance, abs=1e-4)
        assert float(row["reverse_containment"]) == pytest.approx(src.reverse_containment, abs=1e-4)
        assert int(row["matched_words"]) == src.matched_words


@pytest.fixture(scope="module")
def cited_report(texts: dict[str, str]) -> CheckReport:
    """A document quoting two sentences of a source in «…» and copying a later passage."""
    body = texts["source"].split("\n\n")[1]
    quote = ". ".join(body.split(". ")[:2])
    copied = texts["source"][len(texts["source"]) // 2 :]
    essay = f"Как пишет автор, «{quote}». Своими словами о другом.\n\n{copied}"
    report = check([TextInput("essay.txt", essay)], [TextInput("baikal.txt", texts["source"])])
    doc = report.documents[0]
    assert doc.cited > 0 and doc.borrowed > 0
    assert any(f.cited for f in doc.sources[0].fragments)
    assert not all(f.cited for f in doc.sources[0].fragments)
    return report


def test_csv_has_the_three_shares_and_the_cited_share(cited_report: CheckReport) -> None:
    rows = list(csv.DictReader(io.StringIO(export.csv_report(cited_report))))
    assert {"uniqueness", "borrowed", "cited", "source_cited"} <= set(rows[0])
    doc, src = cited_report.documents[0], cited_report.documents[0].sources[0]
    assert float(rows[0]["borrowed"]) == pytest.approx(doc.borrowed, abs=1e-4)
    assert float(rows[0]["cited"]) == pytest.approx(doc.cited, abs=1e-4)
    assert float(rows[0]["source_cited"]) == pytest.approx(src.cited, abs=1e-4)
    shares = sum(float(rows[0][k]) for k in ("uniqueness", "borrowed", "cited"))
    assert shares == pytest.approx(1, abs=1e-3)


def test_html_shows_the_three_shares_and_cited_fragments_apart(
    cited_report: CheckReport,
) -> None:
    page = export.html_report(cited_report, generated_at=WHEN)
    doc = cited_report.documents[0]
    text = cited_report.texts[doc.path]
    borrowed_pct = export._pct(doc.borrowed, export._Strings("en", export.untranslated))
    shares = f'Borrowed: <span class="share">{borrowed_pct}</span>'
    assert shares in page and '<p class="shares">' in page
    assert "<th" in page and ">Cited</th>" in page  # the source table's column
    assert page.count(">Cited</th>") == 1  # one document: no summary table (issue 36)
    assert f'<span class="src cited" style="background-color:{export.CITED}">' in page  # chip
    cited = next(f for f in doc.sources[0].fragments if f.cited)
    quoted = html.escape(text[cited.start : cited.end], quote=True)
    assert f'class="src cited" style="background-color:{export.CITED}" ' in page
    assert quoted in page
    borrowed = next(f for f in doc.sources[0].fragments if not f.cited)
    head = html.escape(text[borrowed.start : borrowed.start + 40], quote=True)
    assert f'<span class="src" style="background-color:{export.PALETTE[0]}" ' in page
    assert head in page
    assert ".cited { font-style: italic; }" in page


def test_csv_compare(compare_report: CompareReport) -> None:
    rows = list(csv.DictReader(io.StringIO(export.csv_report(compare_report))))
    assert len(rows) == len(compare_report.pairs)
    for row, pair in zip(rows, compare_report.pairs, strict=True):
        assert (row["a"], row["b"]) == (pair.a, pair.b)
        assert float(row["containment_ab"]) == pytest.approx(pair.containment_ab, abs=1e-4)
        assert float(row["containment_ba"]) == pytest.approx(pair.containment_ba, abs=1e-4)
        assert float(row["resemblance"]) == pytest.approx(pair.resemblance, abs=1e-4)
        assert int(row["fragments"]) == len(pair.fragments)


def test_json(check_report: CheckReport, compare_report: CompareReport) -> None:
    data = json.loads(export.json_report(check_report, generated_at=WHEN))
    assert data["kind"] == "check"
    assert data["generated_at"] == "2025-03-14T15:09:00+00:00"
    assert data["settings"] == asdict(check_report.options)
    assert list(data["settings"]) == list(Options.field_names())
    assert data["copylens_version"] == __version__
    body = json.loads(json.dumps(check_report.to_json()))
    assert {k: data[k] for k in body} == body
    data = json.loads(export.json_report(compare_report))
    assert data["kind"] == "compare" and data["settings"] == asdict(compare_report.options)
    assert len(data["pairs"]) == len(compare_report.pairs)
    assert data["clusters"] == [list(c) for c in compare_report.clusters]


# --- pieces -------------------------------------------------------------------------------


def test_export_module_does_not_import_qt() -> None:
    code = (
        "import sys, copylens.app.export, copylens.app.selftest; "
        "sys.exit(any(m.split('.')[0] in ('PySide6', 'shiboken6') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


def test_csv_names_that_look_like_formulas_stay_text() -> None:
    text = " ".join(f"word{i}" for i in range(40))
    names = ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "plain=name.txt"]
    report = check([TextInput(n, text) for n in names[:3]], [TextInput(n, text) for n in names[3:]])
    rows = list(csv.DictReader(io.StringIO(export.csv_report(report))))
    cells = {r["document"] for r in rows} | {r["source"] for r in rows}
    assert cells == {"'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)", "plain=name.txt"}


# --- archived sources ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def archive_report(texts: dict[str, str]) -> CheckReport:
    """A document copied from an archived document (id 12, by its own author) and from a
    given file of the same name: as the engine reports them, the archived source keyed
    ``archive:12`` in ``texts``."""
    from dataclasses import replace

    report = check(
        [TextInput("essay.txt", f"{texts['copy']}\n\n{texts['other_copy']}")],
        [TextInput("old/essay3.txt", texts["source"]), TextInput("new/essay3.txt", texts["other"])],
    )
    [doc] = report.documents
    archived = replace(
        next(s for s in doc.sources if s.path == "old/essay3.txt"),
        archive_id=12,
        labels=(("author", "Ivanov"), ("year", "2024")),
        self_citation=True,
    )
    sources = tuple(archived if s.path == "old/essay3.txt" else s for s in doc.sources)
    texts_by_key = dict(report.texts)
    texts_by_key["archive:12"] = texts_by_key.pop("old/essay3.txt")
    return replace(report, documents=(replace(doc, sources=sources),), texts=texts_by_key)


def test_an_archived_source_is_named_by_file_name_labels_and_id(
    archive_report: CheckReport,
) -> None:
    page = export.html_report(archive_report, generated_at=WHEN)
    name = "essay3.txt — author=Ivanov, year=2024 · archive #12 · self-citation"
    assert f'<span class="name">{html.escape(name)}</span>' in page
    assert html.escape("old/essay3.txt (archived document #12)") in page
    assert '<span class="name">essay3.txt</span>' in page  # the file: unique among files
    assert f">{html.escape(name)}</span>" in page.split('<p class="legend">')[1]  # legend chip
    assert f'title="{html.escape(name)}' in page  # highlights name it too
    rows = list(csv.DictReader(io.StringIO(export.csv_report(archive_report))))
    archived = next(r for r in rows if r["source_archive_id"])
    assert archived["source"] == "old/essay3.txt" and archived["source_archive_id"] == "12"
    assert archived["source_labels"] == "author=Ivanov, year=2024"
    assert archived["source_self_citation"] == "1"
    given = next(r for r in rows if r["source"] == "new/essay3.txt")
    assert given["source_archive_id"] == given["source_labels"] == given["source_self_citation"]
    data = json.loads(export.json_report(archive_report, generated_at=WHEN))
    source = next(s for s in data["documents"][0]["sources"] if s["archive_id"] == 12)
    assert source["labels"] == {"author": "Ivanov", "year": "2024"} and source["self"] is True


def test_an_archived_source_in_russian(archive_report: CheckReport) -> None:
    page = export.html_report(
        archive_report, generated_at=WHEN, language="ru", translate=ts_translate()
    )
    name = "essay3.txt — author=Ivanov, year=2024 · архив № 12 · самоцитирование"
    assert html.escape(name) in page and "archive #" not in page
    assert html.escape("old/essay3.txt (документ архива № 12)") in page


# --- issue 16: a title, plain words, settings in an appendix ------------------------------


def test_html_title_names_the_document_and_settings_close_the_report(
    check_report: CheckReport,
) -> None:
    page = export.html_report(check_report, generated_at=WHEN)
    n = len(check_report.documents)
    assert n > 1 and f"<h1>Originality report: {n} documents checked</h1>" in page
    one = CheckReport(check_report.documents[:1], (), check_report.options, check_report.texts)
    path = one.documents[0].path
    title = f"Originality report: {path}"  # a pasted text by its whole name
    assert f"<h1>{html.escape(title)}</h1>" in export.html_report(one, generated_at=WHEN)
    assert page.index("<h1>") < page.index("Summary") < page.index('id="doc-1"')
    assert page.index('id="doc-1"') < page.index("Settings</h2>")
    assert page.index('<div class="text">') < page.index("Settings</h2>")
    assert 'class="doc first"' in page  # the first document follows the summary on its page
    for old in ("Containment", "Resemblance", "Share of source", "Only here", "(counted"):
        assert old not in page


def test_pdf_names_wrap_only_for_paper(check_report: CheckReport) -> None:
    """Browsers wrap long names by CSS; Qt's layout gets zero-width spaces, the HTML file
    keeps names as they are (searchable, copyable)."""
    long_name = "a" * 70 + "/" + "b" * 30
    assert export._breakable(long_name).replace("\u200b", "") == long_name
    assert all(len(run) <= 20 for run in export._breakable(long_name).split("\u200b"))
    plain = export.html_report(check_report, generated_at=WHEN)
    paper = export.html_report(check_report, generated_at=WHEN, wrap_names=True)
    path = check_report.documents[0].path
    assert f"1. {html.escape(path)}</h2>" in plain  # a pasted text's whole name
    assert paper.count("\u200b") > plain.count("\u200b")
