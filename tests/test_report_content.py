"""Issue 36: what the check and compare reports say, in English and Russian (no Qt).

The PDF side (pages, margins) is in ``tests/gui/test_report_paper.py``.
"""

from __future__ import annotations

import base64
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from copylens.app import export, palette
from copylens.core import document_shares
from copylens.core.documents import TextInput
from copylens.core.engine import check, compare
from copylens.core.report import CheckReport, CompareReport

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


# --- the class report (compare all) -------------------------------------------------------


@pytest.fixture(scope="module")
def group() -> CompareReport:
    """Two copied pairs, a pair sharing a pasted paragraph, and an unrelated essay."""
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text("utf-8")
    other = (ROOT / "tests" / "data" / "shingles_source_ru.txt").read_text("utf-8")
    other_copy = (ROOT / "tests" / "data" / "shingles_copy_ru.txt").read_text("utf-8")
    unrelated = (
        "Погода осенью переменчива: утром туман, днём солнце, вечером дождь и ветер. "
        "Студенты идут на занятия по мокрым улицам и обсуждают планы на выходные. "
    ) * 3
    report = compare(
        [
            TextInput("301/Иванова.txt", source),
            TextInput("301/Петров.txt", copy),
            TextInput("301/Сидоров.txt", other_copy),
            TextInput("301/Кузнецова.txt", other),
            TextInput("301/Смирнов.txt", unrelated),
        ]
    )
    assert len(report.pairs) == 2 and len(report.clusters) == 2
    return report


def _section(page: str, heading: str) -> int:
    at = page.find(f">{heading}</h2>")
    assert at >= 0, heading
    return at


def test_class_report_starts_with_the_documents_table(group: CompareReport) -> None:
    page = export.html_report(group)
    order = [
        _section(page, heading)
        for heading in (
            "Documents",
            "Heat map",
            "Groups of near-copies",
            "Pairs sharing at least 8 %",
        )
    ]
    assert order == sorted(order)
    assert "Clusters" not in page
    table = page[order[0] : order[1]]
    rows = re.findall(r"<tr><td>([^<]*)</td><td class=\"num\">([^<]*)</td><td>([^<]*)</td>", table)
    names = [row[0] for row in rows]
    assert set(names) == {
        "Иванова.txt",
        "Петров.txt",
        "Сидоров.txt",
        "Кузнецова.txt",
    }
    shares = {d.path.split("/")[1]: d.share for d in document_shares(group) if d.pairs}
    assert [shares[n] for n in names] == sorted(shares.values(), reverse=True)  # most found first
    assert "Found in no other document (1): Смирнов.txt</p>" in table  # not a row of dashes
    assert "Most found in" in table and "Found in others" in table and ">Group</th>" in table


def test_class_report_heat_map_is_an_image_of_the_shares(group: CompareReport) -> None:
    page = export.html_report(group)
    found = re.search(r'<img class="heat" src="data:image/png;base64,([^"]+)"', page)
    assert found
    png = base64.b64decode(found.group(1))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    pixels = _decode(png)
    assert export.heat_map_png(group)[0] == png
    order = export.heat_map_png(group)[1]  # the documents in the map's order
    side = len(pixels)
    cell = side // len(order)
    at = {path: n for n, path in enumerate(order)}

    def colour(a: str, b: str) -> tuple[int, ...]:
        return pixels[at[a] * cell + cell // 2][at[b] * cell + cell // 2]

    pair = next(p for p in group.pairs if p.containment_ab > 0.9)
    red = palette.heat_rgb(pair.containment_ab)  # a dark red (the map's 256 steps of it)
    assert all(abs(a - b) <= 2 for a, b in zip(colour(pair.a, pair.b), red, strict=True))
    line = tuple(int(palette.DIAGONAL_LINE[k : k + 2], 16) for k in (1, 3, 5))
    assert colour(pair.a, pair.a) == line  # the diagonal: a grey line, as in the window
    corner = pixels[at[pair.a] * cell + 1][at[pair.a] * cell + cell - 2]
    assert corner == tuple(int(palette.DIAGONAL[k : k + 2], 16) for k in (1, 3, 5))
    assert colour("301/Смирнов.txt", pair.a) == (255, 255, 255)  # nothing shared
    assert {order[0], order[1]} in ({p.a, p.b} for p in group.pairs)  # pairs sit together


def _decode(png: bytes) -> list[list[tuple[int, ...]]]:
    """The RGB rows of the report's own PNGs (8-bit RGB, filter 0, one IDAT)."""
    width, height = struct.unpack(">II", png[16:24])
    start = png.index(b"IDAT") + 4
    length = struct.unpack(">I", png[start - 8 : start - 4])[0]
    raw = zlib.decompress(png[start : start + length])
    stride = 1 + 3 * width
    rows = [raw[y * stride + 1 : (y + 1) * stride] for y in range(height)]
    pixels = [[tuple(row[x : x + 3]) for x in range(0, 3 * width, 3)] for row in rows]
    return pixels


def test_class_report_lists_only_the_pairs_above_the_shown_threshold(
    group: CompareReport,
) -> None:
    every = export.html_report(group)
    assert every.count('<h2 class="pair"') == 2
    high = export.html_report(group, threshold=0.99)
    kept = [p for p in group.pairs if round(100 * max(p.containment_ab, p.containment_ba)) >= 99]
    assert 0 < len(kept) < len(group.pairs)
    assert high.count('<h2 class="pair"') == len(kept)
    assert "Pairs sharing at least 99 %</h2>" in high
    assert export.shown_pairs(group, 0.99) == kept


def test_class_report_in_russian_uses_the_windows_words(group: CompareReport) -> None:
    page = export.html_report(group, language="ru", translate=ts_translate())
    for words in ("Группы почти одинаковых документов", "Ближайший документ", "Тепловая карта"):
        assert words in page


# --- the certificate ----------------------------------------------------------------------

CERT = export.Certificate(
    institution="Иркутский университет",
    title="Озеро Байкал",
    author="Иванова М. С.",
    group="301",
    checker="Петров П. П.",
)


@pytest.fixture(scope="module")
def many_sources() -> CheckReport:
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    copy = (SAMPLES / "copy_ru.txt").read_text("utf-8")
    parts = [TextInput(f"src/part{n}.txt", source[: len(source) * (n + 1) // 7]) for n in range(7)]
    return check([TextInput("essay.docx", copy)], parts)


def test_certificate_comes_first_with_every_field(many_sources: CheckReport) -> None:
    page = export.html_report(many_sources, certificate=CERT)
    start, report = page.index('<div class="certificate">'), page.index("<h1>Originality report")
    assert start < report
    cert = page[start:report]
    for value in (*(getattr(CERT, k) for k in ("institution", "title", "author", "group")),):
        assert value in cert
    assert cert.count("Петров П. П.") == 2  # "Checked by" and the signature line
    d = many_sources.documents[0]
    for key in ("uniqueness", "borrowed", "cited"):
        assert f">{export.terms.label(key)}</span>" in cert
    assert export._pct(d.borrowed, export._Strings("en", export.untranslated)) in cert
    assert cert.count("<tr><td><span") + cert.count("<tr><td>src/") >= 0
    listed = re.findall(r"<tr><td>(part\d\.txt)</td>", cert)
    assert listed == [s.path.split("/")[1] for s in d.sources[: export.CERTIFICATE_SOURCES]]
    assert f"and {len(d.sources) - export.CERTIFICATE_SOURCES} more" in cert
    assert export.settings_hash(many_sources.options) in cert
    assert "Signature" in cert and "Checked with CopyLens" in cert and 'class="page-end"' in cert
    assert export.settings_hash(many_sources.options) in page[report:]  # in the settings too
    assert '<div class="certificate">' not in export.html_report(many_sources)


def test_certificate_fields_from_labels_and_in_russian(many_sources: CheckReport) -> None:
    fields = export.Certificate.with_labels(
        {"author": "Иванова", "group": "301", "year": "2026"}, checker=" Петров ", author=""
    )
    assert fields == export.Certificate(author="Иванова", group="301", checker="Петров")
    page = export.html_report(
        many_sources, certificate=fields, language="ru", translate=ts_translate()
    )
    cert = page[: page.index("<h1>Отчёт об оригинальности")]
    for words in ("Справка о проверке на заимствования", "Автор", "Иванова", "Подпись"):
        assert words in cert
    assert "<th>Работа</th><td>essay.docx</td>" in cert  # the title defaults to the name


def test_settings_hash_follows_the_settings_that_decide_a_result() -> None:
    from dataclasses import replace

    from copylens.core.options import Options

    base = export.settings_hash(Options())
    assert len(base) == 16 and base == export.settings_hash(Options())
    assert export.settings_hash(replace(Options(), shingle=8)) != base
    assert export.settings_hash(replace(Options(), workers=3)) == base


def test_class_report_heat_map_of_many_documents_shows_the_pairs_as_blocks() -> None:
    """At 300 essays the pairs were specks in a corner of the image: documents sharing text
    get wider cells (as in the window), strong ones marks, and nothing wraps to the far side."""
    from copylens.core.options import Options
    from copylens.core.report import PairResult

    names = tuple(f"e{n:03}.txt" for n in range(300))
    pairs = (
        PairResult(names[10], names[250], 0.9, 0.9, 1.0, 1.0, ()),
        PairResult(names[20], names[30], 0.1, 0.1, 0.2, 0.18, ()),
    )
    report = CompareReport(pairs, ((names[10], names[250]),), (), Options(), names)
    png, order = export.heat_map_png(report)
    pixels = _decode(png)
    side = len(pixels)
    red = palette.heat_rgb(1.0)
    dark = [(y, x) for y in range(side) for x in range(side) if pixels[y][x] == red]
    assert len(dark) >= 2 * 8 * 8  # two blocks of at least 8 × 8 pixels (2 px a document)
    assert max(y for y, _ in dark) < side // 4  # the pairs first, top left
    assert pixels[0][side - 1] == pixels[side - 1][0] == (255, 255, 255)  # no wrapping
    line = tuple(int(palette.DIAGONAL_LINE[k : k + 2], 16) for k in (1, 3, 5))
    assert pixels[side - 10][side - 10] == line  # the diagonal through the unlinked tail
    assert set(order[:4]) == {names[10], names[250], names[20], names[30]}
