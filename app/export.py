"""Report export: a self-contained HTML file, CSV and JSON, from a check or compare report.

Pure Python, no Qt (an import-linter contract keeps it so): the Qt side, PDF, printing and the
file dialog, is :mod:`copylens.app.printing`, which the window calls and which calls this.

The report's words are written in English and translated by a function the caller passes
(:data:`Translate`; the window passes Qt's ``QCoreApplication.translate``, so the report is in
the interface language and its translations are the interface's own, in
``resources/translations``: context "Report", and "Options" for the labels of the settings).

HTML (:func:`html_report`) is one UTF-8 file with inline CSS and no external resources, laid
out for screen and print (each checked document starts on a new page). Every piece of text
that comes from a document, a file name or a path goes through :func:`html.escape`.

A checked document's full text is shown with the fragments of each source highlighted in
that source's colour (the colour swatch in the source table is the legend):

* a word inside a fragment of one source has that source's colour; words the copier edited
  (other word form, replaced or inserted words) have a paler tint of it;
* a cited fragment (a quotation, block quotation or the bibliography: ``Fragment.cited``) is
  green-grey and italic whatever its source (its tooltip names the source);
* where fragments of several sources overlap, the span takes the colour of the first of them
  in the source table (the one with the most of the document found in it) and is
  underlined; its tooltip
  and ``data-sources`` name all of them;
* a paraphrase (sentences retold in other words: ``Fragment.kind == "paraphrase"``) has a
  lighter tint of its source's colour and a wavy underline in a dark shade of it; its tooltip
  (and, in a browser, a small figure after it) gives its meaning similarity, and a table after
  the sources lists every paraphrase with it (for paper and PDF);
* look-alike letters (Latin letters hidden in Cyrillic words and the reverse) are red, bold
  and underlined, inside whatever highlight they are in.

A source from the archive of earlier documents is named by its original file name, labels and
archive id ("essay3.docx — author=Ivanov · archive #12"), a self-citation (by the checked
document's author) says so, and its text is the archive's (``CheckReport.text_of``). A page from
the web is named by its address, given as a link (to where its redirects ended), with the time
it was downloaded; the summary says how many web search queries the check sent.

The highlight colours and the uniqueness colours (red under 50 %, amber under 80 %, green
otherwise) are those of the result views (:mod:`copylens.app.palette`); segments, short names
and percentages are theirs too (:mod:`copylens.app.presentation`).
"""

from __future__ import annotations

import colorsys
import csv
import html
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from copylens import __version__
from copylens.app import terms
from copylens.app.palette import (
    CITED,
    LOOKALIKE,
    NEUTRAL,
    NEUTRAL_LINE,
    PALETTE,
    PARAPHRASE_WHITE,
    uniqueness_hex,
)
from copylens.app.presentation import (
    display_names,
    failure_text,
    fetched_time,
    is_paraphrase,
    is_web_address,
    labels_text,
    paraphrase_at,
    passage,
    percent,
    source_names,
    text_segments,
)
from copylens.app.terms import QT_TRANSLATE_NOOP, Translate, untranslated
from copylens.core import (
    CheckReport,
    CompareReport,
    DocumentResult,
    InputFailure,
    PairResult,
    SourceMatch,
    specs,
)

Report = CheckReport | CompareReport


NO_RESULT_SETTINGS = frozenset({"workers"})
"""Options that do not change a result: left out of the HTML report (kept in JSON)."""
COMPARE_SETTINGS = frozenset({"min_containment", "cluster_threshold", "max_df_share"})
"""Options only ``compare`` reads: left out of a check report's settings table."""
COMPARE_TERMS = ("a_found_in_b", "b_found_in_a", "similarity")
"""The figures of a pair, explained under the compare report's table."""
CONTEXT_CHARS = 80
"""Compare report: characters of plain context quoted on each side of a fragment."""
QUOTE_CHARS = 400
"""Compare report: a longer fragment is quoted as its first and last QUOTE_CHARS / 2."""

CSV_CHECK_COLUMNS = (
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
    "paraphrase_fragments",
    "paraphrase_words",
    "paraphrase_score",
    "url",
)
CSV_COMPARE_COLUMNS = (
    "a",
    "b",
    "resemblance",
    "containment_ab",
    "containment_ba",
    "fragments",
    "fragment_words",
    "paraphrase_fragments",
    "paraphrase_words",
    "paraphrase_score",
)


# --- public API ---------------------------------------------------------------------------


def html_report(
    report: Report,
    *,
    generated_at: datetime | None = None,
    language: str = "en",
    translate: Translate = untranslated,
    wrap_names: bool = False,
) -> str:
    """The report as one self-contained HTML page.

    Its words are ``translate(context, english)``: context "Report" for the report's own,
    "Options" for the labels of the settings (declared with the engine's options); without
    ``translate`` they stay in English. ``language`` ("en", "ru") is the page's language and
    how its numbers are written (a decimal comma in Russian); it must be the one
    ``translate`` translates into. Its settings table lists the options the report's run
    used (``report.options``), in an appendix at the end. ``wrap_names`` marks places to wrap
    in long names and paths (zero-width spaces) for Qt's layout, which, unlike a browser
    (CSS ``overflow-wrap``), cannot otherwise keep a table with them inside the page.
    """
    when = generated_at or datetime.now().astimezone()
    s = _Strings(language, translate, wrap_names)
    if isinstance(report, CheckReport):
        title, body = _check_title(report, s), _check_body(report, s)
    else:
        title, body = s("title_compare"), _compare_body(report, s)
    version = __version__
    head = [
        f"<h1>{_e(title)}</h1>",
        f'<p class="meta">{_e(s("generated"))}: {_e(_date(when))} &middot; '
        f"CopyLens {_e(version)}</p>",
    ]
    hidden = NO_RESULT_SETTINGS | (COMPARE_SETTINGS if isinstance(report, CheckReport) else set())
    shown = {k: v for k, v in _settings(report).items() if k not in hidden}
    parts = [*head, *body, *_settings_table(shown, s)]
    return _page(title, when, version, s.language, "\n".join(parts))


def _check_title(report: CheckReport, s: _Strings) -> str:
    """ "Originality report: essay.docx" (one document) or "…: 12 documents checked"."""
    if len(report.documents) == 1:
        name = display_names([report.documents[0].path])[report.documents[0].path]
        return s("title_check_one").format(name=name)
    return s("title_check_many").format(n=len(report.documents))


def csv_report(report: Report) -> str:
    """CSV (comma separated, ``\\r\\n`` line ends, header row; ratios as 0..1 decimals).

    Check: one row per document × source; a document with no source gets one row with an
    empty source, so every document's uniqueness is there. ``source_cited`` is the source's
    cited share (part of its containment); ``uniqueness``, ``borrowed`` and ``cited`` are the
    document's three shares (they sum to 1, as in JSON). An archived source has its path as
    added, ``source_archive_id``, ``source_labels`` ("author=Ivanov, year=2024") and
    ``source_self_citation`` (1 when by the checked document's author, else 0); the three
    are empty for a given file. ``paraphrase_fragments`` and ``paraphrase_words`` count the
    source's paraphrases (sentences retold in other words) and their words, ``paraphrase_score``
    is their meaning similarity (0..1, weighted by words; empty without paraphrases). ``url``
    is a web source's address (where its page was downloaded from, after redirects; empty for
    a file), last so that older readers of the columns before it are not disturbed.
    Compare: one row per pair.
    A name starting with ``= + - @``, a tab or a carriage return gets a leading apostrophe,
    so a spreadsheet shows it as text instead of running it as a formula (OWASP's advice on
    CSV injection); nothing else is changed.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    if isinstance(report, CheckReport):
        writer.writerow(CSV_CHECK_COLUMNS)
        for d in report.documents:
            rows = d.sources or (None,)
            for src in rows:
                writer.writerow(
                    [
                        _text_cell(d.path),
                        _text_cell(src.path) if src else "",
                        _num(src.containment) if src else "",
                        _num(src.resemblance) if src else "",
                        _num(src.reverse_containment) if src else "",
                        src.matched_words if src else "",
                        _num(src.cited) if src else "",
                        _num(d.uniqueness),
                        _num(d.borrowed),
                        _num(d.cited),
                        *_archive_cells(src),
                        _num(d.self_cited),
                        *_paraphrase_cells(src),
                        _text_cell(src.url or "") if src else "",
                    ]
                )
    else:
        writer.writerow(CSV_COMPARE_COLUMNS)
        writer.writerows(compare_csv_row(p) for p in report.pairs)
    return out.getvalue()


def compare_csv_row(p: PairResult) -> list[str | int]:
    """One pair's row of the compare CSV (:data:`CSV_COMPARE_COLUMNS`); the command line
    writes these as pairs come."""
    return [
        _text_cell(p.a),
        _text_cell(p.b),
        _num(p.resemblance),
        _num(p.containment_ab),
        _num(p.containment_ba),
        len(p.fragments),
        sum(f.words for f in p.fragments),
        *_paraphrase_cells(p),
    ]


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text_cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) else text


def _archive_cells(src: SourceMatch | None) -> list[str | int]:
    if src is None or src.archive_id is None:
        return ["", "", ""]
    return [src.archive_id, _text_cell(labels_text(src.labels)), int(src.self_citation)]


def _paraphrase_cells(src: SourceMatch | PairResult | None) -> list[str | int]:
    """Paraphrase fragments, their words and their word-weighted mean score."""
    if src is None:
        return ["", "", ""]
    found = [f for f in src.fragments if is_paraphrase(f)]
    words = sum(f.words for f in found)
    if not found:
        return [0, 0, ""]
    score = sum(f.score * f.words for f in found) / words if words else found[0].score
    return [len(found), words, _num(score)]


def json_report(
    report: Report,
    *,
    generated_at: datetime | None = None,
) -> str:
    """``report.to_json()`` after a header: kind, generated_at (ISO 8601), version, and
    settings (the fields of the options the report's run used)."""
    when = generated_at or datetime.now().astimezone()
    data: dict[str, Any] = {
        "kind": "check" if isinstance(report, CheckReport) else "compare",
        "generated_at": when.isoformat(timespec="seconds"),
        "copylens_version": __version__,
        "settings": _settings(report),
    }
    data.update(report.to_json())
    return json.dumps(data, ensure_ascii=False, indent=1, default=_json_default)


# --- check report -------------------------------------------------------------------------


def _check_body(report: CheckReport, s: _Strings) -> list[str]:
    paths = [d.path for d in report.documents]
    sources = [src for d in report.documents for src in d.sources]
    files = [src.path for src in sources if src.archive_id is None]
    names = display_names([*paths, *files, *(e.path for e in report.errors)])
    src_names = source_names(
        sources,
        [*paths, *(e.path for e in report.errors)],
        archive=s("archive_source"),
        self_citation=s("self_citation"),
        identical=s("identical_source"),
    )
    summary = [f"<h2>{_e(s('summary'))}</h2>"]
    if report.documents:
        rows = [
            _row(
                [
                    s.breakable(names[d.path]),
                    _uniqueness_cell(d.uniqueness, s),
                    _pct(d.borrowed, s),
                    _pct(d.cited, s),
                    s.breakable(src_names[d.sources[0].key]) if d.sources else "&mdash;",
                    _pct(d.sources[0].containment, s) if d.sources else "&mdash;",
                    str(d.homoglyphs),
                ],
                numeric=(1, 2, 3, 5, 6),
            )
            for d in report.documents
        ]
        summary.append(
            _table(
                [
                    s("document"),
                    s.term("uniqueness"),
                    s.term("borrowed"),
                    s.term("cited"),
                    s("top_source"),
                    s.term("found_in_source"),
                    s("lookalikes"),
                ],
                rows,
                "summary",
                numeric=(1, 2, 3, 5, 6),
                widths=(28, 11, 10, 10, 21, 10, 10),
            )
        )
    else:
        summary.append(f"<p>{_e(s('no_documents'))}</p>")
    if report.queries:
        summary.append(f'<p class="small">{_e(s("web_queries").format(n=report.queries))}</p>')
    body = ["\n".join(summary), *_errors(report.errors, names, s)]
    for n, d in enumerate(report.documents, start=1):
        body.append(_document_section(n, d, report.texts.get(d.path), names, src_names, s))
    return body


def _document_section(
    n: int,
    d: DocumentResult,
    text: str | None,
    names: dict[str, str],
    src_names: dict[str, str],
    s: _Strings,
) -> str:
    heading = "doc first" if n == 1 else "doc"  # the first follows the summary on its page
    out = [
        f'<h2 class="{heading}" id="doc-{n}">{n}. {s.breakable(names[d.path])}</h2>',
        f'<p class="uniqueness">{_e(s.term("uniqueness"))}: '
        f"{_uniqueness_cell(d.uniqueness, s)}</p>",
        f'<p class="shares">{_e(s.term("borrowed"))}: <span class="share">{_pct(d.borrowed, s)}'
        f'</span> &middot; {_e(s.term("cited"))}: <span class="share">{_pct(d.cited, s)}</span>'
        + (
            f" &middot; {_e(s.term('self_cited'))}: "
            f'<span class="share">{_pct(d.self_cited, s)}</span>'
            if d.self_cited
            else ""
        )
        + "</p>",
    ]
    if d.archived_as:  # issue 32: this very submission is archived, said rather than hidden
        ids = ", ".join(f"#{i}" for i in d.archived_as)
        out.append(f'<p class="archived">{_e(s("already_archived").replace("{ids}", ids))}</p>')
    facts = [
        (s("path"), s.breakable(d.path)),
        ("SHA-256", f'<span class="hash">{_e(d.sha256)}</span>'),
        (s("language"), _e(d.language)),
        (s.term("words"), f"{d.words} &middot; {_e(s.term('compared_words'))}: {d.counted_words}"),
        (s("lookalikes"), str(d.homoglyphs)),
    ]
    out.append(
        '<table class="facts">'
        + "".join(f"<tr><th>{_e(k)}</th><td>{v}</td></tr>" for k, v in facts)
        + "</table>"
    )
    if d.sources:
        out.append(f"<h3>{_e(s('sources'))}</h3>")
        rows = [
            _row(
                [
                    ("", f' class="swatch" style="background-color:{_color(i)}"'),
                    f'<span class="name">{s.breakable(src_names[src.key])}</span>'
                    f'<br><span class="small">{_source_where(src, s)}<br>'
                    f"{_e(s.term('matching_words'))}: {src.matched_words} &middot; "
                    f"{_e(s('fragments'))}: {len(src.fragments)}"
                    + _paraphrase_count(src, s)
                    + "</span>",
                    _pct(src.containment, s),
                    _pct(src.cited, s),
                    _pct(src.reverse_containment, s),
                    _pct(src.exclusive, s),
                    _pct(src.resemblance, s),
                ],
                numeric=(2, 3, 4, 5, 6),
                attrs=f' data-source="{i}"',
            )
            for i, src in enumerate(d.sources)
        ]
        keys = ("found_in_source", "cited", "source_used", "only_this_source", "similarity")
        heads = ["", s("source"), *(s.term(key) for key in keys)]
        out.append(_table(heads, rows, "sources", (2, 3, 4, 5, 6), (3, 37, 12, 12, 12, 12, 12)))
        help_ = (
            f"{s.term(key)}: {s.tip(key)}." for key in (*keys, "matching_words", "compared_words")
        )
        out.append(f'<p class="small">{_e(" ".join(help_))}</p>')
        if text is not None:
            out.extend(_paraphrase_table(d, text, src_names, s))
    else:
        out.append(f"<p>{_e(s('no_sources'))}</p>")
    out.append(f"<h3>{_e(s('text'))}</h3>")
    if text is None:
        out.append(f"<p>{_e(s('no_text'))}</p>")
    else:
        out.append(_text_block(text, d, src_names, s))
    return "\n".join(out)


def _paraphrase_count(src: SourceMatch, s: _Strings) -> str:
    n = sum(1 for f in src.fragments if is_paraphrase(f))
    return f" &middot; {_e(s('paraphrases'))}: {n}" if n else ""


def _paraphrase_table(
    d: DocumentResult, text: str, names: dict[str, str], s: _Strings
) -> list[str]:
    """Every paraphrase, in text order: its source (colour and name), meaning similarity,
    words and opening (the similarity is on paper too, where tooltips are not)."""
    found = sorted(
        ((f, i) for i, src in enumerate(d.sources) for f in src.fragments if is_paraphrase(f)),
        key=lambda fi: (fi[0].start, fi[1]),
    )
    if not found:
        return []
    rows = [
        _row(
            [
                ("", f' class="swatch" style="background-color:{_color(i)}"'),
                s.breakable(names[d.sources[i].key]),
                _pct(f.score, s),
                str(f.words),
                f'<span class="src paraphrase" style="background-color:{_paraphrase_fill(i)}; '
                f'text-decoration-color:{_line(i)}">'
                f"{_e(passage(text, f.start, f.end, 160))}</span>",
            ],
            numeric=(2, 3),
        )
        for f, i in found
    ]
    heads = ["", s("source"), s.term("meaning_similarity"), s.term("words"), s("passage")]
    return [
        f"<h3>{_e(s('paraphrases'))}</h3>",
        _table(heads, rows, "paraphrases", (2, 3), (3, 22, 11, 8, 56)),
        f'<p class="small">{_e(s.term("paraphrase"))}: {_e(s.tip("paraphrase"))}. '
        f"{_e(s.term('meaning_similarity'))}: {_e(s.tip('meaning_similarity'))}.</p>",
    ]


def _source_where(src: SourceMatch, s: _Strings) -> str:
    """A source's full path, as HTML; an archived one's as it was added, with its archive id;
    a web page's address as a link, with when it was downloaded."""
    if src.archive_id is not None:
        return s.breakable(f"{src.path} ({s('archived_as').format(id=src.archive_id)})")
    if src.url or is_web_address(src.path):
        return _web_where(src, s)
    return s.breakable(src.path)


def _web_where(src: SourceMatch, s: _Strings) -> str:
    """A web source's address as a link to its page (after redirects), then "downloaded
    2026-11-25 06:40" (this computer's time)."""
    target = src.url or src.path
    link = f'<a href="{_e(target)}">{s.breakable(src.path)}</a>'
    if src.url and src.url != src.path:
        redirected = s("redirected").format(url="\0")
        before, _, after = _e(redirected).partition("\0")
        link += f" ({before}{s.breakable(src.url)}{after})"
    when = fetched_time(src.fetched)
    if when is not None:
        link += f" &middot; {_e(s('fetched').format(time=_date(when)))}"
    return link


def _text_block(text: str, d: DocumentResult, names: dict[str, str], s: _Strings) -> str:
    """``names`` are the sources' names by :attr:`SourceMatch.key`."""
    """The legend of what appears, then the full text with its highlights."""
    pieces = []
    seen_overlap = seen_edit = seen_glyph = seen_cited = seen_paraphrase = False
    has_paraphrase = [any(is_paraphrase(f) for f in src.fragments) for src in d.sources]
    for a, b, covering, edited, glyph, cited in text_segments(
        len(text), [src.fragments for src in d.sources], d.homoglyph_offsets
    ):
        piece = _e(text[a:b])
        if glyph:
            seen_glyph = True
            tip = s("lookalike_tip").format(code=f"U+{ord(text[a]):04X}")
            piece = f'<span class="lookalike" title="{_e(tip)}">{piece}</span>'
        if covering:
            first, overlap = covering[0], len(covering) > 1
            edited = edited and not cited
            seen_edit, seen_overlap = seen_edit or edited, seen_overlap or overlap
            seen_cited = seen_cited or cited
            classes = (
                "src"
                + (" cited" if cited else "")
                + (" edited" if edited else "")
                + (" overlap" if overlap else "")
            )
            fill = CITED if cited else _pale(first) if edited else _color(first)
            tip = ", ".join(names[d.sources[n].key] for n in covering)
            style, extra = f"background-color:{fill}", ""
            phrase = paraphrase_at(d.sources[first].fragments, a) if has_paraphrase[first] else None
            if phrase is not None:
                seen_paraphrase = True
                similarity = _pct(phrase.score, s).replace("&nbsp;", "\u00a0")
                classes += " paraphrase" + (" paraphrase-end" if b >= phrase.end else "")
                fill = CITED if cited else _paraphrase_fill(first)
                style = f"background-color:{fill}; text-decoration-color:{_line(first)}"
                tip += f"\n{s.term('paraphrase')}, {s.term('meaning_similarity')}: {similarity}"
                extra = f' data-meaning="{_e(similarity)}"'
            piece = (
                f'<span class="{classes}" style="{style}" '
                f'data-sources="{" ".join(map(str, covering))}"{extra} title="{_e(tip)}">'
                f"{piece}</span>"
            )
        pieces.append(piece)
    chips = [
        f'<span class="src" style="background-color:{_color(i)}">{_e(names[src.key])}</span>'
        for i, src in enumerate(d.sources)
    ]
    if seen_edit:
        chips.append(
            f'<span class="src edited" style="background-color:{NEUTRAL}">'
            f"{_e(s('edited_chip'))}</span>"
        )
    if seen_paraphrase:
        chips.append(
            f'<span class="src paraphrase" style="background-color:{_NEUTRAL_PARAPHRASE}; '
            f'text-decoration-color:{NEUTRAL_LINE}">{_e(s("paraphrase_chip"))}</span>'
        )
    if seen_cited:
        chips.append(
            f'<span class="src cited" style="background-color:{CITED}">{_e(s("cited_chip"))}</span>'
        )
    if seen_overlap:
        chips.append(f'<span class="src overlap">{_e(s("overlap_chip"))}</span>')
    if seen_glyph:
        chips.append(f'<span class="lookalike">{_e(s("lookalike_chip"))}</span>')
    legend = f'<p class="legend">{" &nbsp; ".join(chips)}</p>' if chips else ""
    return f'{legend}<div class="text">{"".join(pieces)}</div>'


# --- compare report -----------------------------------------------------------------------


def _compare_body(report: CompareReport, s: _Strings) -> list[str]:
    paths = [*report.documents, *(x for p in report.pairs for x in (p.a, p.b))]
    names = display_names([*paths, *(e.path for e in report.errors)])
    summary = [
        f"<h2>{_e(s('summary'))}</h2>",
        '<table class="facts">'
        f"<tr><th>{_e(s('documents'))}</th><td>{len(report.documents)}</td></tr>"
        f"<tr><th>{_e(s('pairs'))}</th><td>{len(report.pairs)}</td></tr>"
        f"<tr><th>{_e(s('clusters'))}</th><td>{len(report.clusters)}</td></tr>"
        "</table>",
    ]
    body = ["\n".join(summary), *_errors(report.errors, names, s)]
    if report.pairs:
        rows = [
            _row(
                [
                    f'<a href="#pair-{n}">{n}</a>',
                    s.breakable(names[p.a]),
                    s.breakable(names[p.b]),
                    _pct(p.containment_ab, s),
                    _pct(p.containment_ba, s),
                    _pct(p.resemblance, s),
                    str(len(p.fragments)),
                ],
                numeric=(0, 3, 4, 5, 6),
            )
            for n, p in enumerate(report.pairs, start=1)
        ]
        heads = [
            "#",
            "A",
            "B",
            s.term("a_found_in_b"),
            s.term("b_found_in_a"),
            s.term("similarity"),
            s("fragments"),
        ]
        body.append(
            f"<h2>{_e(s('pairs'))}</h2>\n"
            + _table(heads, rows, "pairs", (0, 3, 4, 5, 6), (5, 28, 28, 10, 10, 10, 9))
        )
        body.append(
            '<p class="small">'
            + _e(" ".join(f"{s.term(k)}: {s.tip(k)}." for k in COMPARE_TERMS))
            + "</p>"
        )
    else:
        body.append(f"<h2>{_e(s('pairs'))}</h2>\n<p>{_e(s('no_pairs'))}</p>")
    if report.clusters:
        items = "".join(
            "<li>" + ", ".join(_e(names.get(p, p)) for p in cluster) + "</li>"
            for cluster in report.clusters
        )
        body.append(
            f"<h2>{_e(s('clusters'))}</h2>\n<p>{_e(s('clusters_help'))}</p><ol>{items}</ol>"
        )
    for n, p in enumerate(report.pairs, start=1):
        body.append(_pair_section(n, p, report.texts, names, s))
    return body


def _pair_section(
    n: int, p: PairResult, texts: Mapping[str, str], names: dict[str, str], s: _Strings
) -> str:
    out = [
        f'<h2 class="pair" id="pair-{n}">{_e(s("pair"))} {n}: {_e(names[p.a])} &harr; '
        f"{_e(names[p.b])}</h2>",
        f'<p class="small">A: {s.breakable(p.a)}<br>B: {s.breakable(p.b)}</p>',
        f"<p>{_e(s.term('a_found_in_b'))}: {_pct(p.containment_ab, s)} &middot; "
        f"{_e(s.term('b_found_in_a'))}: {_pct(p.containment_ba, s)} &middot; "
        f"{_e(s.term('similarity'))}: {_pct(p.resemblance, s)}</p>",
    ]
    text_a, text_b = texts.get(p.a), texts.get(p.b)
    rows = []
    for k, f in enumerate(p.fragments, start=1):
        where = s("fragment_info").format(
            n=k,
            words=f.words,
            exact=f.exact_words,
            a0=f.start,
            a1=f.end,
            b0=f.source_start,
            b1=f.source_end,
        )
        quote_a = _quote(text_a, f.start, f.end, s) if text_a is not None else ""
        quote_b = _quote(text_b, f.source_start, f.source_end, s) if text_b is not None else ""
        rows.append(
            f'<tr><td colspan="2" class="where">{_e(where)}</td></tr>'
            f'<tr><td class="quote">{quote_a}</td><td class="quote">{quote_b}</td></tr>'
        )
    if rows:
        out.append(
            '<table class="fragments" width="100%" cellspacing="0" cellpadding="4"><tr>'
            f"<th>A: {_e(names[p.a])}</th><th>B: {_e(names[p.b])}</th></tr>"
            + "".join(rows)
            + "</table>"
        )
    return "\n".join(out)


def _quote(text: str, start: int, end: int, s: _Strings) -> str:
    """A fragment with up to CONTEXT_CHARS of context each side; long ones are elided."""
    start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
    before_from = _word_cut(text, max(0, start - CONTEXT_CHARS), forward=True)
    after_to = _word_cut(text, min(len(text), end + CONTEXT_CHARS), forward=False)
    before, after = text[before_from:start], text[end:after_to]
    if end - start > QUOTE_CHARS:
        half = QUOTE_CHARS // 2
        head = text[start : _word_cut(text, start + half, forward=False)]
        tail = text[_word_cut(text, end - half, forward=True) : end]
        marked = (
            f'<span class="src" style="background-color:{PALETTE[0]}">{_e(head)}</span>'
            f' <span class="elided">[…]</span> '
            f'<span class="src" style="background-color:{PALETTE[0]}">{_e(tail)}</span>'
        )
    else:
        marked = (
            f'<span class="src" style="background-color:{PALETTE[0]}">{_e(text[start:end])}</span>'
        )
    lead = "…" if before_from > 0 else ""
    trail = "…" if after_to < len(text) else ""
    return f"{lead}{_e(before)}{marked}{_e(after)}{trail}"


def _word_cut(text: str, at: int, *, forward: bool) -> int:
    """``at`` moved to the nearest whitespace (forward or back, at most 30 characters)."""
    step = 1 if forward else -1
    i = at
    for _ in range(30):
        if i <= 0 or i >= len(text) or text[i].isspace():
            return max(0, min(len(text), i))
        i += step
    return at


# --- shared pieces ------------------------------------------------------------------------


def _errors(errors: Sequence[Any], names: dict[str, str], s: _Strings) -> list[str]:
    if not errors:
        return []
    items = "".join(
        f"<li><b>{_e(names.get(e.path, e.path))}</b> ({_e(e.path)}): {_e(s.failure(e))}</li>"
        for e in errors
    )
    return [f'<h2>{_e(s("errors"))}</h2>\n<ul class="errors">{items}</ul>']


def _settings_table(values: Mapping[str, object], s: _Strings) -> list[str]:
    if not values:
        return []
    rows = "".join(
        f"<tr><th>{_e(s.setting(key))}</th><td>{_e(s.value(value))}</td></tr>"
        for key, value in values.items()
    )
    return [
        f'<h2 class="appendix">{_e(s("settings"))}</h2>\n'
        f'<p class="small">{_e(s("settings_help"))}</p>\n'
        f'<table class="facts settings">{rows}</table>'
    ]


def _settings(report: Report) -> dict[str, Any]:
    """The options of the report's run, by field name, in their declaration order."""
    return asdict(report.options)


def _table(
    heads: Sequence[str],
    rows: Sequence[str],
    css: str,
    numeric: Sequence[int] = (),
    widths: Sequence[int] = (),
) -> str:
    """A full-width table. Numeric headings break after their first word.

    ``widths`` (percent) are for browsers; Qt's layout with word wrapping shares the width
    by the columns' content instead.
    """
    cells = "".join(
        f'<th{_width(widths, i)} class="num">{_heading(h)}</th>'
        if i in numeric
        else f"<th{_width(widths, i)}>{_e(h)}</th>"
        for i, h in enumerate(heads)
    )
    return (
        f'<table class="grid {css}" width="100%" cellspacing="0" cellpadding="4">'
        f"<thead><tr>{cells}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _heading(text: str) -> str:
    """A numeric column's heading on two lines when long (narrow columns), broken at the space
    nearest its middle ("Found in / source", "Whole-text / similarity")."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if len(text) <= 12 or not spaces:
        return _e(text)
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return f"{_e(text[:cut])}<br>{_e(text[cut + 1 :])}"


_BREAK_AFTER = re.compile(r"([/\\_.\-])")
_LONG_RUN = re.compile(r"[^\s\u200b]{20}")
_TOKEN = re.compile(r"\S{24,}")


def _breakable(text: str) -> str:
    """``text`` escaped, with zero-width spaces where a long name or path may wrap: in each
    token of 24 characters or more, after "/", "\\", "_", ".", "-" and inside any run of 20
    characters without one, so that a table stays inside the page's margins. Shorter tokens
    are left alone (a PDF reader copies a zero-width space as a gap)."""

    def marked(token: re.Match[str]) -> str:
        broken = _BREAK_AFTER.sub("\\1\u200b", token.group())
        return _LONG_RUN.sub(lambda m: m.group() + "\u200b", broken)

    return _e(_TOKEN.sub(marked, text))


def _width(widths: Sequence[int], i: int) -> str:
    return f' width="{widths[i]}%"' if i < len(widths) else ""


def _row(
    cells: Sequence[str | tuple[str, str]], numeric: Sequence[int] = (), attrs: str = ""
) -> str:
    """A table row; a cell is its HTML, or (HTML, extra attributes of its ``td``)."""
    tds = []
    for i, cell in enumerate(cells):
        content, extra = cell if isinstance(cell, tuple) else (cell, "")
        css = ' class="num"' if i in numeric else ""
        tds.append(f"<td{css}{extra}>{content}</td>")
    return f"<tr{attrs}>{''.join(tds)}</tr>"


def _uniqueness_cell(value: float, s: _Strings) -> str:
    color = uniqueness_hex(value)
    return f'<span class="unique" style="color:{color}">{_pct(value, s)}</span>'


def _page(title: str, when: datetime, version: str, language: str, body: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="{_e(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="CopyLens {_e(version)}">
<title>{_e(title)} &mdash; {_e(_date(when))}</title>
<style>
{_CSS}
</style>
</head>
<body>
{body}
</body>
</html>
"""


_CSS = f"""
body {{ font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; font-size: 10pt;
  color: #000000; background-color: #FFFFFF; }}
@media screen {{ body {{ margin: 1.5em auto; max-width: 60em; padding: 0 1em; }} }}
h1 {{ font-size: 18pt; margin-bottom: 0.2em; }}
h2 {{ font-size: 14pt; margin-top: 1.2em; margin-bottom: 0.4em; }}
h3 {{ font-size: 11pt; margin-top: 1em; margin-bottom: 0.3em; }}
p.meta, .small {{ color: #555555; font-size: 8pt; }}
table {{ border-collapse: collapse; margin: 0 0 0.6em 0; }}
table.grid td, p.small {{ overflow-wrap: anywhere; }}
table.grid th, table.grid td, table.fragments th, table.fragments td {{
  border: 1px solid #BBBBBB; padding: 3px 5px; vertical-align: top; }}
table.grid th, table.fragments th {{ background-color: #EEEEEE; text-align: left;
  font-size: 8pt; }}
table.facts th {{ text-align: left; padding: 1px 12px 1px 0; font-weight: normal;
  color: #555555; vertical-align: top; }}
table.facts td {{ padding: 1px 0; }}
.num, th.num {{ text-align: right; }}
td.swatch {{ width: 1.2em; }}
.hash {{ font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 8pt; }}
p.uniqueness {{ font-size: 16pt; font-weight: bold; margin: 0.3em 0; }}
.unique {{ font-weight: bold; }}
h2.doc, h2.appendix {{ page-break-before: always; break-before: page; }}
h2.doc.first {{ page-break-before: auto; break-before: auto; }}
.text {{ white-space: pre-wrap; line-height: 145%; font-size: 10pt; margin-top: 0.5em; }}
.src {{ color: #000000; }}
.cited {{ font-style: italic; }}
p.shares {{ font-size: 11pt; margin: 0 0 0.4em 0; color: #333333; }}
.share {{ font-weight: bold; color: #000000; }}
.share {{ font-weight: bold; color: #000000; }}
.edited {{ text-decoration: underline; text-decoration-style: dotted; }}
.overlap {{ text-decoration: underline; text-decoration-style: double; }}
.paraphrase {{ text-decoration-line: underline; text-decoration-style: wavy;
  text-underline-style: wave; text-decoration-thickness: 1.5px; text-underline-offset: 3px; }}
.paraphrase-end::after {{ content: "\\2009" attr(data-meaning); font-size: 7pt;
  vertical-align: super; color: #444444; font-weight: bold; }}
.lookalike {{ color: {LOOKALIKE}; font-weight: bold; text-decoration: underline;
  text-decoration-style: wavy; text-decoration-color: {LOOKALIKE}; }}
p.legend {{ font-size: 8pt; line-height: 170%; }}
td.where {{ background-color: #F6F6F6; font-size: 8pt; color: #444444; }}
td.quote {{ width: 50%; }}
.elided {{ color: #777777; }}
ul.errors li {{ margin-bottom: 0.2em; }}
@media print {{
  table.grid tr, td.quote {{ page-break-inside: avoid; break-inside: avoid; }}
  a {{ color: #000000; text-decoration: none; }}
}}
"""


def _color(n: int) -> str:
    return PALETTE[n % len(PALETTE)]


def _pale(n: int) -> str:
    """The source colour mixed half and half with white: edited words."""
    rgb = [int(_color(n)[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round((c + 255) / 2):02X}" for c in rgb)


def _mix_white(hex_: str, share: float) -> str:
    rgb = [int(hex_[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * share):02X}" for c in rgb)


def _paraphrase_fill(n: int) -> str:
    """A paraphrase's fill: the source colour with ``PARAPHRASE_WHITE`` of white (as the
    views paint it)."""
    return _mix_white(_color(n), PARAPHRASE_WHITE)


_NEUTRAL_PARAPHRASE = _mix_white(NEUTRAL, PARAPHRASE_WHITE)


def _line(n: int) -> str:
    """A dark shade of the source colour (HSL lightness 0.3): a paraphrase's wavy line."""
    rgb = [int(_color(n)[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    hue, _, saturation = colorsys.rgb_to_hls(*rgb)
    return "#" + "".join(f"{round(c * 255):02X}" for c in colorsys.hls_to_rgb(hue, 0.3, saturation))


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _num(value: float) -> str:
    return f"{value:.4f}"


def _pct(value: float, s: _Strings) -> str:
    """61&nbsp;%, 0.4&nbsp;% (as the views print it; decimal comma in Russian)."""
    return percent(value, s.language).replace(" ", "&nbsp;")


def _date(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M")


def _json_default(value: object) -> object:
    item = getattr(value, "item", None)  # numpy scalars
    if callable(item):
        return item()
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    return str(value)


# --- words --------------------------------------------------------------------------------


_WORDS: dict[str, str] = {
    "title_check_one": QT_TRANSLATE_NOOP("Report", "Originality report: {name}"),
    "title_check_many": QT_TRANSLATE_NOOP("Report", "Originality report: {n} documents checked"),
    "title_compare": QT_TRANSLATE_NOOP("Report", "CopyLens: comparison report"),
    "generated": QT_TRANSLATE_NOOP("Report", "Generated"),
    "summary": QT_TRANSLATE_NOOP("Report", "Summary"),
    "settings": QT_TRANSLATE_NOOP("Report", "Settings"),
    "settings_help": QT_TRANSLATE_NOOP(
        "Report", "The settings this check ran with; the same settings give the same results."
    ),
    "errors": QT_TRANSLATE_NOOP("Report", "Files that could not be read"),
    "document": QT_TRANSLATE_NOOP("Report", "Document"),
    "documents": QT_TRANSLATE_NOOP("Report", "Documents"),
    "top_source": QT_TRANSLATE_NOOP("Report", "Main source"),
    "fragments": QT_TRANSLATE_NOOP("Report", "Fragments"),
    "lookalikes": QT_TRANSLATE_NOOP("Report", "Look-alike letters"),
    "no_documents": QT_TRANSLATE_NOOP("Report", "No document could be checked."),
    "path": QT_TRANSLATE_NOOP("Report", "Path"),
    "language": QT_TRANSLATE_NOOP("Report", "Language"),
    "words": QT_TRANSLATE_NOOP("Report", "Words"),
    "sources": QT_TRANSLATE_NOOP("Report", "Sources"),
    "source": QT_TRANSLATE_NOOP("Report", "Source"),
    "no_sources": QT_TRANSLATE_NOOP("Report", "No source shares text with this document."),
    "text": QT_TRANSLATE_NOOP("Report", "Text"),
    "no_text": QT_TRANSLATE_NOOP("Report", "The text of this document is not available."),
    "lookalike_chip": QT_TRANSLATE_NOOP("Report", "look-alike letter"),
    "overlap_chip": QT_TRANSLATE_NOOP(
        "Report", "underlined: found in several sources (colour of the first)"
    ),
    "edited_chip": QT_TRANSLATE_NOOP("Report", "paler, underlined: copied with changes"),
    "cited_chip": QT_TRANSLATE_NOOP("Report", "green-grey, italic: cited"),
    "paraphrase_chip": QT_TRANSLATE_NOOP(
        "Report", "lighter, wavy underline: paraphrase (retold in other words)"
    ),
    "paraphrases": QT_TRANSLATE_NOOP("Report", "Paraphrases"),
    "passage": QT_TRANSLATE_NOOP("Report", "Passage"),
    "lookalike_tip": QT_TRANSLATE_NOOP("Report", "look-alike letter {code} from another alphabet"),
    "pairs": QT_TRANSLATE_NOOP("Report", "Pairs"),
    "pair": QT_TRANSLATE_NOOP("Report", "Pair"),
    "no_pairs": QT_TRANSLATE_NOOP("Report", "No two documents share text."),
    "clusters": QT_TRANSLATE_NOOP("Report", "Clusters"),
    "clusters_help": QT_TRANSLATE_NOOP(
        "Report", "Documents joined by pairs that share at least half of one of them."
    ),
    "fragment_info": QT_TRANSLATE_NOOP(
        "Report",
        "Fragment {n}: {words} words ({exact} exact); A characters {a0}–{a1}, "
        "B characters {b0}–{b1}",
    ),
    "archive_source": QT_TRANSLATE_NOOP("Report", "archive #{id}"),
    "archived_as": QT_TRANSLATE_NOOP("Report", "archived document #{id}"),
    "self_citation": QT_TRANSLATE_NOOP("Report", "self-citation"),
    "identical_source": QT_TRANSLATE_NOOP("Report", "identical to #{id}, added {date}"),
    "already_archived": QT_TRANSLATE_NOOP("Report", "Already in the archive as {ids}."),
    "fetched": QT_TRANSLATE_NOOP("Report", "downloaded {time}"),
    "redirected": QT_TRANSLATE_NOOP("Report", "redirected to {url}"),
    "web_queries": QT_TRANSLATE_NOOP("Report", "Web search queries sent: {n}"),
    "yes": QT_TRANSLATE_NOOP("Report", "yes"),
    "no": QT_TRANSLATE_NOOP("Report", "no"),
}
"""The report's words, in English; translated with context "Report". The figures' names and
explanations are :mod:`copylens.app.terms`' (context "Terms"), the same as the window's."""


class _Strings:
    """The words of one report: ``translate``d, and numbers written for ``language``."""

    def __init__(self, language: str, translate: Translate, wrap_names: bool = False) -> None:
        self.language = "ru" if language.lower().startswith("ru") else "en"
        self._translate = translate
        self.wrap_names = wrap_names

    def __call__(self, key: str) -> str:
        return self._translate("Report", _WORDS[key])

    def breakable(self, text: str) -> str:
        """A name or path, escaped; for Qt's layout (PDF, paper) with places to wrap."""
        return _breakable(text) if self.wrap_names else _e(text)

    def term(self, key: str) -> str:
        """A figure's label (:mod:`copylens.app.terms`), translated (context "Terms")."""
        return terms.label(key, self._translate)

    def tip(self, key: str) -> str:
        """A figure's explanation in plain words, translated."""
        return terms.tip(key, self._translate)

    def setting(self, key: str) -> str:
        """An option's label, as its declaration in the engine gives it (context "Options")."""
        spec = specs().get(key)
        return self._translate("Options", spec.label) if spec else key

    def failure(self, failure: InputFailure) -> str:
        """Why an input failed, in the report's language."""
        return failure_text(failure, self._translate)

    def value(self, value: object) -> str:
        if isinstance(value, bool):
            return self("yes") if value else self("no")
        if isinstance(value, list | tuple):
            return ", ".join(map(str, value))
        if isinstance(value, float) and self.language == "ru":
            return str(value).replace(".", ",")
        return str(value)
