"""Report export: a self-contained HTML file, CSV and JSON, from a check or compare report.

Pure Python, no Qt (an import-linter contract keeps it so): the Qt side, PDF, printing and the
file dialog, is :mod:`copylens.app.printing`, which the window calls and which calls this.

The report's words are written in English and translated by a function the caller passes
(:data:`Translate`; the window passes Qt's ``QCoreApplication.translate``, so the report is in
the interface language and its translations are the interface's own, in
``resources/translations``: context "Report", and "Options" for the labels of the settings).

HTML (:func:`html_report`) is one UTF-8 file with inline CSS and no external resources, laid
out for screen and print (each checked document starts on a new page). Every piece of text
that comes from a document, a file name or a path goes through :func:`_e`: escaped, and its
bidirectional controls shown as their codes (:data:`BIDI_CONTROLS`). For paper (``wrap_names``)
long lines and tokens get places to break (:func:`_paper_cuts`) and the texts are printed up to
:data:`PAPER_TEXT_CHARS` (issue 38).

Issue 36: one checked document is its own section (several get a summary table first); a check
report may start with a one-page certificate per document (:class:`Certificate`); the figures
are those after the report's exclusions (``CheckReport.exclusions``, said under the title); a
compare report is the class report: documents' table, heat map image (:func:`heat_map_png`),
groups of near-copies, then the pairs the window shows at its threshold (:func:`shown_pairs`).

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
* a sentence retold in other words inside a copied passage (an edit of kind "retold" in a
  ``"copy"`` fragment, issue 34: one passage, one fragment) looks like a paraphrase inside the
  passage's highlight (class ``retold``: the lighter tint and the wavy underline), its tooltip
  says "retold in other words"; the source's line counts the retold sentences, and a compare
  report's quotes mark them the same way;
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

import base64
import colorsys
import csv
import hashlib
import html
import io
import json
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from itertools import pairwise
from typing import Any

from copylens import __version__
from copylens.app import terms
from copylens.app.header import json_header
from copylens.app.palette import (
    CITED,
    DIAGONAL,
    DIAGONAL_LINE,
    LOOKALIKE,
    NEUTRAL,
    NEUTRAL_LINE,
    PALETTE,
    PARAPHRASE_WHITE,
    heat_rgb,
    uniqueness_hex,
)
from copylens.app.presentation import (
    ORDER_MIN_SHARE,
    display_names,
    failure_text,
    fetched_time,
    is_paraphrase,
    is_scored,
    is_web_address,
    labels_text,
    language_name,
    paraphrase_at,
    passage,
    percent,
    retold_count,
    retold_edits,
    retold_sentences,
    similarity_order,
    source_names,
    text_segments,
)
from copylens.app.terms import QT_TRANSLATE_NOOP, Translate, untranslated
from copylens.core import (
    FRAGMENT_KINDS,
    CheckReport,
    CompareReport,
    DocumentResult,
    Fragment,
    InputFailure,
    Options,
    PairResult,
    SourceMatch,
    document_shares,
    fragment_kind,
    group_shares,
    specs,
)

Report = CheckReport | CompareReport


@dataclass(frozen=True)
class Certificate:
    """What a certificate page says beyond the figures (issue 36): a one-page verdict per
    checked document, before the detailed report, to be signed and handed in.

    Empty fields are left out; ``title`` defaults to the document's name. The window fills
    them from a small form (remembered per user) and the archive labels (``author=…``,
    ``group=…``); the command line from ``--institution``, ``--checker`` … and ``--label``.
    """

    institution: str = ""
    title: str = ""
    author: str = ""
    group: str = ""
    checker: str = ""

    @classmethod
    def with_labels(cls, labels: Mapping[str, str], **fields: str) -> Certificate:
        """``fields``, with ``author`` and ``group`` taken from ``labels`` where not given."""
        values = {k: v.strip() for k, v in fields.items() if v and v.strip()}
        for key in ("author", "group"):
            if key not in values and labels.get(key, "").strip():
                values[key] = labels[key].strip()
        return cls(**values)


CERTIFICATE_SOURCES = 5
"""A certificate lists at most this many sources (the detailed report has them all)."""


def settings_hash(options: Options) -> str:
    """16 hex digits of the SHA-256 of the settings that decide a result (JSON, sorted keys;
    :data:`NO_RESULT_SETTINGS` left out): two checks with the same hash ran with the same
    settings. Printed on the certificate and in the settings appendix."""
    values = {k: v for k, v in asdict(options).items() if k not in NO_RESULT_SETTINGS}
    data = json.dumps(values, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


NO_RESULT_SETTINGS = frozenset({"workers", "max_file_bytes", "read_seconds", "read_memory_bytes"})
"""Options that do not change a result: left out of the HTML report (kept in JSON)."""
COMPARE_SETTINGS = frozenset({"min_containment", "cluster_threshold", "max_df_share"})
"""Options only ``compare`` reads: left out of a check report's settings table."""
SOURCE_TERMS = ("found_in_source", "cited", "source_used", "only_this_source")
"""A document's source table, as the window shows it (whole-text similarity, hidden there
until asked for, is in the CSV and JSON)."""
COMPARE_TERMS = ("a_found_in_b", "b_found_in_a", "similarity")
"""The figures of a pair, explained under the compare report's table."""
CONTEXT_CHARS = 80
"""Compare report: characters of plain context quoted on each side of a fragment."""
QUOTE_CHARS = 400
"""Compare report: a longer fragment is quoted as its first and last QUOTE_CHARS / 2."""

KIND_COLUMNS = tuple(c for kind in FRAGMENT_KINDS.values() for c in kind.columns)
"""Each fragment kind's CSV columns as it declares them (``FragmentKind.columns``, issue 33):
its fragments, their words and, for a scored kind, their mean score."""
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
    *KIND_COLUMNS,
    "url",
    "retold_sentences",
)
CSV_COMPARE_COLUMNS = (
    "a",
    "b",
    "resemblance",
    "containment_ab",
    "containment_ba",
    "fragments",
    "fragment_words",
    *KIND_COLUMNS,
    "retold_sentences",
)


# --- public API ---------------------------------------------------------------------------


def html_report(
    report: Report,
    *,
    generated_at: datetime | None = None,
    language: str = "en",
    translate: Translate = untranslated,
    wrap_names: bool = False,
    threshold: float | None = None,
    certificate: Certificate | None = None,
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
    ``threshold`` (0..1): a compare report lists the pairs the window's list shows at it
    (:func:`shown_pairs`; default: the share the run was computed with). ``certificate``:
    a check report starts with a certificate page per document (:class:`Certificate`).
    """
    when = generated_at or datetime.now().astimezone()
    s = _Strings(language, translate, wrap_names)
    if isinstance(report, CheckReport):
        title, body = _check_title(report, s), _check_body(report, s)
    else:
        title, body = s("title_compare"), _compare_body(report, s, threshold)
    version = __version__
    head = [
        f"<h1>{_e(title)}</h1>",
        f'<p class="meta">{_e(s("generated"))}: {_e(_date(when))} &middot; '
        f"CopyLens {_e(version)}</p>",
    ]
    if isinstance(report, CheckReport) and report.exclusions:
        head.append(f'<p class="exclusions">{_e(exclusions_text(report, s))}</p>')
    hidden = NO_RESULT_SETTINGS | (COMPARE_SETTINGS if isinstance(report, CheckReport) else set())
    shown = {k: v for k, v in _settings(report).items() if k not in hidden}
    pages = []
    if certificate is not None and isinstance(report, CheckReport):
        pages = [_certificate(report, d, certificate, when, s) for d in report.documents]
    parts = [*pages, *head, *body, *_settings_table(shown, s, settings_hash(report.options))]
    return _page(title, when, version, s.language, "\n".join(parts))


def _check_title(report: CheckReport, s: _Strings) -> str:
    """ "Originality report: essay.docx" (one document) or "…: 12 documents checked"."""
    if len(report.documents) == 1:
        d = report.documents[0]
        name = d.path if d.pasted else display_names([d.path])[d.path]
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
    are empty for a given file. Then each fragment kind's declared columns
    (:data:`KIND_COLUMNS`): ``paraphrase_fragments`` and ``paraphrase_words`` count the
    source's paraphrases (sentences retold in other words) and their words, ``paraphrase_score``
    is their meaning similarity (0..1, weighted by words; empty without paraphrases);
    ``summary_fragments`` and ``summary_words`` its summaries (a short passage retelling a
    longer stretch of the source) and their words. ``url``
    is a web source's address (where its page was downloaded from, after redirects; empty for
    a file), after the columns older readers know; ``retold_sentences`` (issue 34), after it,
    counts the sentences retold in other words inside the source's copied passages (what the
    HTML report's source line counts: they are part of a ``"copy"`` fragment, so its
    ``paraphrase_*`` columns leave them out). Compare: one row per pair, the same columns as
    far as a pair has them (:data:`CSV_COMPARE_COLUMNS`, ``retold_sentences`` last).
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
                        *_kind_cells(src),
                        _text_cell(src.url or "") if src else "",
                        retold_count(src.fragments) if src else "",
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
        *_kind_cells(p),
        retold_count(p.fragments),
    ]


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text_cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) else text


def _archive_cells(src: SourceMatch | None) -> list[str | int]:
    if src is None or src.archive_id is None:
        return ["", "", ""]
    return [src.archive_id, _text_cell(labels_text(src.labels)), int(src.self_citation)]


def _kind_cells(src: SourceMatch | PairResult | None) -> list[str | int]:
    """:data:`KIND_COLUMNS`' cells: for each kind declaring columns, its fragments, their
    words and, for a scored kind, their word-weighted mean score (empty without any)."""
    cells: list[str | int] = []
    for kind in FRAGMENT_KINDS.values():
        if not kind.columns:
            continue
        if src is None:
            cells += [""] * len(kind.columns)
            continue
        found = [f for f in src.fragments if f.kind == kind.name]
        words = sum(f.words for f in found)
        cells += [len(found), words]
        if kind.scored:
            score = sum(f.score * f.words for f in found) / words if words else None
            cells.append("" if not found else _num(found[0].score if score is None else score))
    return cells


def json_report(
    report: Report,
    *,
    generated_at: datetime | None = None,
) -> str:
    """``report.to_json()`` after a header: kind, generated_at (ISO 8601), version, and
    settings (the fields of the options the report's run used)."""
    kind = "check" if isinstance(report, CheckReport) else "compare"
    data = json_header(kind, report.options, generated_at) | report.to_json()
    return json.dumps(data, ensure_ascii=False, indent=1, default=_json_default)


# --- check report -------------------------------------------------------------------------


def _check_body(report: CheckReport, s: _Strings) -> list[str]:
    paths = [d.path for d in report.documents]
    sources = [src for d in report.documents for src in d.sources]
    files = [src.path for src in sources if src.archive_id is None]
    names = display_names([*paths, *files, *(e.path for e in report.errors)])
    names |= {d.path: d.path for d in report.documents if d.pasted}  # a name, not a path
    src_names = source_names(
        sources,
        [*paths, *(e.path for e in report.errors)],
        archive=s("archive_source"),
        self_citation=s("self_citation"),
        identical=s("identical_source"),
    )
    summary = []
    if len(report.documents) > 1:
        summary = [
            f"<h2>{_e(s('summary'))}</h2>",
            _summary_table(report.documents, names, src_names, s),
        ]
    elif not report.documents:
        summary = [f"<h2>{_e(s('summary'))}</h2>", f"<p>{_e(s('no_documents'))}</p>"]
    if report.queries:
        summary.append(f'<p class="small">{_e(s("web_queries").format(n=report.queries))}</p>')
    body = ["\n".join(summary), *_errors(report.errors, names, s)]
    for n, d in enumerate(report.documents, start=1):
        body.append(_document_section(n, d, report.texts.get(d.path), names, src_names, s))
    return body


def _certificate(
    report: CheckReport, d: DocumentResult, fields: Certificate, when: datetime, s: _Strings
) -> str:
    """One document's certificate: one page, then a page break (see :class:`Certificate`)."""
    name = d.path if d.pasted else display_names([d.path])[d.path]
    facts = [
        (s("cert_title"), fields.title or name),
        (s("cert_author"), fields.author),
        (s("cert_group"), fields.group),
        (s("document"), f"{name} · {d.words} {s('cert_words')}"),
        (s("cert_date"), _date(when)),
        (s("cert_checker"), fields.checker),
    ]
    rows = "".join(f"<tr><th>{_e(k)}</th><td>{s.breakable(v)}</td></tr>" for k, v in facts if v)
    shares = [("uniqueness", d.uniqueness), ("borrowed", d.borrowed), ("cited", d.cited)]
    if d.self_cited:
        shares.append(("self_cited", d.self_cited))
    cells = "".join(
        f'<td class="figure"><span class="figure-label">{_e(s.term(key))}</span><br>'
        + (_uniqueness_cell(value, s) if key == "uniqueness" else f"<b>{_pct(value, s)}</b>")
        + "</td>"
        for key, value in shares
    )
    names = source_names(
        d.sources, [d.path], archive=s("archive_source"), self_citation=s("self_citation")
    )
    top = d.sources[:CERTIFICATE_SOURCES]
    sources = (
        _table(
            [s("source"), s.term("found_in_source")],
            [_row([s.breakable(names[x.key]), _pct(x.containment, s)], numeric=(1,)) for x in top],
            "cert-sources",
            (1,),
            (80, 20),
        )
        + (
            f'<p class="small">{_e(s("cert_more").format(n=len(d.sources) - len(top)))}</p>'
            if len(d.sources) > len(top)
            else ""
        )
        if top
        else f"<p>{_e(s('no_sources'))}</p>"
    )
    signed = f" / {s.breakable(fields.checker)} /" if fields.checker else ""
    signature = (
        '<table class="signature" width="100%" cellspacing="0" cellpadding="2"><tr>'
        f'<td width="64%">{_e(s("cert_signature"))}: ______________{signed}</td>'
        f'<td width="36%">{_e(s("cert_date"))}: ______________</td></tr></table>'
    )
    institution = (
        f'<p class="institution">{s.breakable(fields.institution)}</p>'
        if fields.institution
        else ""
    )
    return (
        f'<div class="certificate">{institution}'
        f'<h1 class="certificate">{_e(s("cert_heading"))}</h1>'
        f'<table class="facts cert">{rows}</table>'
        '<table class="figures" width="100%" cellspacing="0" cellpadding="6">'
        f"<tr>{cells}</tr></table>"
        f"<h3>{_e(s('cert_sources'))}</h3>{sources}"
        f'<p class="small">{_e(_method_line(report, s))}</p>'
        f'<p class="small">{_e(s("settings_hash"))}: <span class="hash">'
        f"{_e(settings_hash(report.options))}</span></p>"
        f"{signature}"
        '<p class="page-end">&nbsp;</p></div>'
    )


def exclusions_text(report: CheckReport, s: _Strings | None = None) -> str:
    """What was left out of the figures, in one sentence ("" for nothing)."""
    s = s or _Strings("en", untranslated)
    rules = report.exclusions
    if not rules:
        return ""
    parts = []
    if rules.min_words:
        parts.append(s("excl_words").format(n=rules.min_words))
    if rules.min_share:
        parts.append(s("excl_share").format(share=percent(rules.min_share, s.language)))
    if rules.sources:
        names = [k.removeprefix("archive:") for k in sorted(rules.sources)]
        listed = ", ".join(
            s("archive_source").format(id=n) if n.isdigit() else display_names([n])[n]
            for n in names
        )
        parts.append(s("excl_sources").format(names=listed))
    for key, value in sorted(rules.archive_labels):
        parts.append(s("excl_label").format(label=f"{key}={value}"))
    return s("excl_line").format(what="; ".join(parts))


def _method_line(report: CheckReport, s: _Strings) -> str:
    """How the figures were found, in one sentence (the settings appendix has the rest)."""
    o = report.options
    line = s("cert_method").format(
        version=__version__, shingle=o.shingle, words=o.min_fragment_words
    )
    if o.paraphrase:
        line += " " + s("cert_method_paraphrase")
    if report.exclusions:
        line += " " + exclusions_text(report, s)
    return line


def _summary_table(
    documents: Sequence[DocumentResult],
    names: dict[str, str],
    src_names: dict[str, str],
    s: _Strings,
) -> str:
    """Several documents at a glance: the three shares and the main source with its share in
    one cell (five columns, six with look-alike letters: the Russian headings of seven ran past
    the right margin of A4)."""
    lookalikes = any(d.homoglyphs for d in documents)
    numeric = (1, 2, 3, 5) if lookalikes else (1, 2, 3)
    rows = [
        _row(
            [
                s.breakable(names[d.path]),
                _uniqueness_cell(d.uniqueness, s),
                _pct(d.borrowed, s),
                _pct(d.cited, s),
                f"{s.narrow(src_names[d.sources[0].key])} &middot; "
                f"{_pct(d.sources[0].containment, s)}"
                if d.sources
                else "&mdash;",
                *([str(d.homoglyphs)] if lookalikes else []),
            ],
            numeric=numeric,
        )
        for d in documents
    ]
    heads = [
        s("document"),
        s.term("uniqueness"),
        s.term("borrowed"),
        s.term("cited"),
        s("top_source"),
        *([s("lookalikes")] if lookalikes else []),
    ]
    return _table(heads, rows, "summary", numeric=numeric)


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
        (s("pasted"), _e(s("pasted_text"))) if d.pasted else (s("path"), s.breakable(d.path)),
        ("SHA-256", f'<span class="hash">{_e(d.sha256)}</span>'),
        (s("language"), _e(s.language_name(d.language))),
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
                ],
                numeric=(2, 3, 4, 5),
                attrs=f' data-source="{i}"',
            )
            for i, src in enumerate(d.sources)
        ]
        keys = SOURCE_TERMS
        heads = ["", s("source"), *(s.term(key) for key in keys)]
        out.append(_table(heads, rows, "sources", (2, 3, 4, 5), (3, 45, 13, 13, 13, 13)))
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
        printed = s.printable(text)
        out.append(_text_block(text[:printed], d, src_names, s))
        if printed < len(text):
            note = s("text_cut").format(printed=printed, total=len(text))
            out.append(f'<p class="small">{_e(note)}</p>')
    return "\n".join(out)


def _paraphrase_count(src: SourceMatch, s: _Strings) -> str:
    """The count of each tinted kind's fragments (paraphrases, summaries) from ``src``, then
    of the sentences retold inside its copied passages."""
    counts = Counter(f.kind for f in src.fragments if is_paraphrase(f))
    retold = retold_count(src.fragments)
    return "".join(
        f" &middot; {_e(s.kind(name, 'plural').capitalize())}: {counts[name]}"
        for name in FRAGMENT_KINDS
        if counts[name]
    ) + (f" &middot; {_e(s('retold_sentences'))}: {retold}" if retold else "")


def _is_scored(f: Fragment) -> bool:
    """A tinted fragment with a meaning similarity (a paraphrase, not a summary)."""
    return is_paraphrase(f) and is_scored(f)


def _paraphrase_table(
    d: DocumentResult, text: str, names: dict[str, str], s: _Strings
) -> list[str]:
    """Every paraphrase, in text order: its source (colour and name), meaning similarity,
    words and opening (the similarity is on paper too, where tooltips are not)."""
    found = sorted(
        ((f, i) for i, src in enumerate(d.sources) for f in src.fragments if _is_scored(f)),
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
                f"{s.breakable(passage(text, f.start, f.end, 160))}</span>",
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
    seen_overlap = seen_edit = seen_glyph = seen_cited = seen_paraphrase = seen_retold = False
    seen_kinds: set[str] = set()  # tinted kinds without a score (summaries)
    has_paraphrase = [any(is_paraphrase(f) for f in src.fragments) for src in d.sources]
    cuts = _paper_cuts(text) if s.wrap_names else []
    at = [p for p, _ in cuts]
    for a, b, covering, edited, glyph, cited, retold in text_segments(
        len(text), [src.fragments for src in d.sources], d.homoglyph_offsets
    ):
        piece = _cut_piece(text, a, b, cuts, at) if cuts else _e(text[a:b])
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
            if phrase is not None and not is_scored(phrase):
                seen_kinds.add(phrase.kind)
                classes += " paraphrase"
                fill = CITED if cited else _paraphrase_fill(first)
                style = f"background-color:{fill}; text-decoration-color:{_line(first)}"
                tip += f"\n{s.kind(phrase.kind)}"
            elif phrase is not None:
                seen_paraphrase = True
                similarity = _pct(phrase.score, s).replace("&nbsp;", "\u00a0")
                classes += " paraphrase" + (" paraphrase-end" if b >= phrase.end else "")
                fill = CITED if cited else _paraphrase_fill(first)
                style = f"background-color:{fill}; text-decoration-color:{_line(first)}"
                tip += f"\n{s.term('paraphrase')}, {s.term('meaning_similarity')}: {similarity}"
                extra = f' data-meaning="{_e(similarity)}"'
            elif retold:  # a sentence retold inside a copied passage: a paraphrase's look
                seen_retold = True
                classes += " paraphrase retold"
                fill = CITED if cited else _paraphrase_fill(first)
                style = f"background-color:{fill}; text-decoration-color:{_line(first)}"
                tip += f"\n{s('retold_tip')}"
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
    if seen_paraphrase or seen_retold:
        chips.append(
            f'<span class="src paraphrase" style="background-color:{_NEUTRAL_PARAPHRASE}; '
            f'text-decoration-color:{NEUTRAL_LINE}">{_e(s("paraphrase_chip"))}</span>'
        )
    chips.extend(
        f'<span class="src paraphrase" style="background-color:{_NEUTRAL_PARAPHRASE}; '
        f'text-decoration-color:{NEUTRAL_LINE}">'
        + _e(s("kind_chip").format(label=s.kind(name), legend=s.kind(name, "legend")))
        + "</span>"
        for name in FRAGMENT_KINDS
        if name in seen_kinds
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


PAPER_LINE_CHARS = 2000
"""PDF and paper: a longer line of a document's text is broken into lines of at most this
many characters, after a sentence end or a space in its second half (hard, when there is
none). Qt lays out one paragraph in time quadratic in its length (a single line of 1 MB: 28 s,
the same text in lines of 100 words: 1.2 s; a 10 MB line gave a blank page after 58 s)."""
PAPER_TEXT_CHARS = 1_000_000
"""PDF and paper: the documents' texts are printed up to this many characters in all (about
400 pages); a longer text ends with a note that says where and that the HTML report has the
rest. Qt's layout of one document stops silently after about 1.5 million characters (a 10 MB
text gave 666 pages of its first 14 %)."""
PAPER_RUN_CHARS = 40
"""PDF and paper: a zero-width space after every this many characters of a run without
white space, where the line may wrap: Qt wraps at word boundaries only, and a token wider
than the page ran past the right margin with the rest of it lost."""
_SENTENCE_END = re.compile(r"[.!?…][\"'»”)\]]*\s")
_LONG_LINE = re.compile(f"[^\n]{{{PAPER_LINE_CHARS + 1},}}")
_LONG_TOKEN = re.compile(f"\\S{{{PAPER_RUN_CHARS + 1},}}")


def _paper_cuts(text: str) -> list[tuple[int, str]]:
    """Where the paper layout inserts breaks into ``text``, by position (inserted before the
    character there), in order: line breaks in lines longer than :data:`PAPER_LINE_CHARS`,
    zero-width spaces in runs longer than :data:`PAPER_RUN_CHARS`. The text itself, and so
    every offset, is unchanged: the breaks exist only in the printed layout."""
    cuts: dict[int, str] = {}
    for line in _LONG_LINE.finditer(text):
        start, end = line.span()
        while end - start > PAPER_LINE_CHARS:
            cut = _line_cut(text, start, start + PAPER_LINE_CHARS)
            cuts[cut] = "\n"
            start = cut
    for token in _LONG_TOKEN.finditer(text):
        for at in range(token.start() + PAPER_RUN_CHARS, token.end(), PAPER_RUN_CHARS):
            cuts.setdefault(at, "\u200b")
    return sorted(cuts.items())


def _line_cut(text: str, start: int, limit: int) -> int:
    """Where to break the line from ``start`` before ``limit``: after the last sentence end
    in the second half, else after the last space there, else at ``limit``."""
    half = start + (limit - start) // 2
    ends = [m.end() for m in _SENTENCE_END.finditer(text, half, limit)]
    if ends:
        return ends[-1]
    space = max(text.rfind(" ", half, limit), text.rfind("\t", half, limit))
    return space + 1 if space >= 0 else limit


def _cut_piece(text: str, a: int, b: int, cuts: list[tuple[int, str]], at: list[int]) -> str:
    """``text[a:b]`` as HTML with the paper's breaks (:func:`_paper_cuts`) inside it."""
    parts, last = [], a
    for k in range(bisect_left(at, a), bisect_left(at, b)):
        position, inserted = cuts[k]
        parts += [_e(text[last:position]), inserted]
        last = position
    parts.append(_e(text[last:b]))
    return "".join(parts)


# --- compare report -----------------------------------------------------------------------


def shown_pairs(report: CompareReport, threshold: float | None = None) -> list[PairResult]:
    """The pairs the window's list shows at ``threshold`` (0..1; default what the run was
    computed with): those whose larger containment, in whole percent, reaches it."""
    at = round(100 * (report.options.min_containment if threshold is None else threshold))
    return [p for p in report.pairs if round(100 * max(p.containment_ab, p.containment_ba)) >= at]


def _compare_body(report: CompareReport, s: _Strings, threshold: float | None = None) -> list[str]:
    """The class report: the documents' table (as the window's Documents tab), the heat map,
    the groups of near-copies, then the pairs at the shown threshold and their fragments."""
    paths = [*report.documents, *(x for p in report.pairs for x in (p.a, p.b))]
    names = display_names([*paths, *(e.path for e in report.errors)])
    at = report.options.min_containment if threshold is None else threshold
    pairs = shown_pairs(report, at)
    shown_at = s("pairs_at").format(share=percent(at, s.language))
    summary = [
        f"<h2>{_e(s('summary'))}</h2>",
        '<table class="facts">'
        f"<tr><th>{_e(s('documents'))}</th><td>{len(document_shares(report))}</td></tr>"
        f"<tr><th>{_e(shown_at)}</th><td>{len(pairs)}</td></tr>"
        f"<tr><th>{_e(s('clusters'))}</th><td>{len(report.clusters)}</td></tr>"
        "</table>",
    ]
    body = ["\n".join(summary), *_errors(report.errors, names, s)]
    body.append(_class_table(report, names, s))
    body.extend(_heat_map(report, names, s))
    body.extend(_groups(report, names, s))
    if pairs:
        rows = [
            _row(
                [
                    f'<a href="#pair-{n}">{n}</a>',
                    s.breakable(names[p.a]),
                    s.breakable(names[p.b]),
                    _pct(p.containment_ab, s),
                    _pct(p.containment_ba, s),
                    str(len(p.fragments)),
                ],
                numeric=(0, 3, 4, 5),
            )
            for n, p in enumerate(pairs, start=1)
        ]
        heads = ["#", "A", "B", s.term("a_found_in_b"), s.term("b_found_in_a"), s("fragments")]
        body.append(
            f"<h2>{_e(shown_at)}</h2>\n"
            + _table(heads, rows, "pairs", (0, 3, 4, 5), (5, 32, 32, 11, 11, 9))
        )
        body.append(
            '<p class="small">'
            + _e(" ".join(f"{s.term(k)}: {s.tip(k)}." for k in COMPARE_TERMS[:2]))
            + "</p>"
        )
    else:
        body.append(f"<h2>{_e(shown_at)}</h2>\n<p>{_e(s('no_pairs'))}</p>")
    for n, p in enumerate(pairs, start=1):
        body.append(_pair_section(n, p, report.texts, names, s))
    return body


def _class_table(report: CompareReport, names: dict[str, str], s: _Strings) -> str:
    """Every document found in another, most found first: its share found in the others, the
    document it is most found in with that share, and its group (as the window's Documents
    tab and groups); then, in one paragraph, the documents found in no other (300 rows of
    dashes made 9 of a class report's pages)."""
    group = {path: n for n, members in enumerate(report.clusters, start=1) for path in members}
    shares = sorted(document_shares(report), key=lambda d: (-d.share, names.get(d.path, d.path)))
    rows = [
        _row(
            [
                s.breakable(names.get(d.path, d.path)),
                _pct(d.share, s),
                s.breakable(names.get(d.partner, d.partner)) if d.partner else "&mdash;",
                _pct(d.partner_share, s) if d.partner else "&mdash;",
                str(group[d.path]) if d.path in group else "",
            ],
            numeric=(1, 3, 4),
        )
        for d in shares
        if d.pairs
    ]
    heads = [
        s("document"),
        s.term("found_elsewhere"),
        s.window("DocumentsModel", "Most found in"),
        s.window("DocumentsModel", "Found there"),
        s.term("group"),
    ]
    alone = sorted((names.get(d.path, d.path) for d in shares if not d.pairs), key=str.casefold)
    out = [f"<h2>{_e(s('documents'))}</h2>"]
    if rows:
        out.append(_table(heads, rows, "class", (1, 3, 4), (38, 14, 28, 12, 8)))
    if alone:
        listed = ", ".join(s.breakable(name) for name in alone)
        out.append(f"<p>{_e(s('found_nowhere').format(n=len(alone)))}: {listed}</p>")
    out.append(
        f'<p class="small">{_e(s.term("found_elsewhere"))}: {_e(s.tip("found_elsewhere"))}. '
        f"{_e(s.term('group'))}: {_e(s.tip('group'))}.</p>"
    )
    return "\n".join(out)


HEAT_PIXELS = 600
"""The class report's heat map is a square PNG of about this many pixels a side: a document
is a whole number of pixels (at least one); more documents than pixels share a pixel, which
shows the strongest cell it covers (max pooling, as the window's)."""
HEAT_STRONG = 0.5
"""From this share a cell of a map with more documents than :data:`HEAT_MARK_FROM` is drawn
as a mark of 3 × 3 pixels: a single copied essay among hundreds stays a visible dot."""
HEAT_MARK_FROM = 150
HEAT_LEGEND = (0.08, 0.15, 0.25, 0.5, 0.75, 1.0)


def heat_map_png(report: CompareReport) -> tuple[bytes, tuple[str, ...]]:
    """The heat map of ``report`` as PNG bytes, and its documents in display order.

    Row ``a``, column ``b``: the share of ``a`` found in ``b`` (:mod:`copylens.app.views.
    heatmap`'s matrix), in :func:`copylens.app.palette.heat_rgb`'s colours, the diagonal a grey
    line through nearly white cells (:data:`copylens.app.palette.DIAGONAL`, ``DIAGONAL_LINE``),
    as the window draws it, white where nothing is shared; documents in
    :func:`copylens.app.presentation.similarity_order`, the order of the window's map.
    """
    import numpy as np

    documents = list(
        dict.fromkeys([*report.documents, *(x for p in report.pairs for x in (p.a, p.b))])
    )
    index = {path: n for n, path in enumerate(documents)}
    links = [
        (index[p.a], index[p.b], max(p.containment_ab, p.containment_ba)) for p in report.pairs
    ]
    order = similarity_order(len(documents), links)
    n = len(documents)
    place = np.empty(n, dtype=np.intp)
    place[list(order)] = np.arange(n)
    start, stop = _heat_cells(n, links, place)
    side = HEAT_PIXELS if n else 1
    grid = np.full((side, side), -1.0)  # -1: nothing shared
    for k in range(n):
        grid[start[k] : stop[k], start[k] : stop[k]] = -2.0  # a document with itself
    for p in report.pairs:
        i, j = place[index[p.a]], place[index[p.b]]
        for a, b, share in ((i, j, p.containment_ab), (j, i, p.containment_ba)):
            block = grid[start[a] : stop[a], start[b] : stop[b]]
            np.maximum(block, share, out=block)
    if n > HEAT_MARK_FROM:  # strong cells grow into 3 × 3 marks (no wrapping at the edges)
        strong = np.where(grid >= HEAT_STRONG, grid, -3.0)  # below every mark: no effect
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                rows = slice(max(dy, 0), side + min(dy, 0))
                columns = slice(max(dx, 0), side + min(dx, 0))
                moved = strong[max(-dy, 0) : side + min(-dy, 0), max(-dx, 0) : side + min(-dx, 0)]
                np.maximum(grid[rows, columns], moved, out=grid[rows, columns])
    lut = np.array([heat_rgb(k / 255) for k in range(256)], dtype=np.uint8)
    rgb = lut[np.rint(np.clip(grid, 0.0, 1.0) * 255).astype(np.intp)]
    rgb[grid == -1.0] = 255
    rgb[grid == -2.0] = [int(DIAGONAL[k : k + 2], 16) for k in (1, 3, 5)]
    grey = [int(DIAGONAL_LINE[k : k + 2], 16) for k in (1, 3, 5)]
    for shift in (0, 1):  # two pixels wide: printed smaller, one would vanish
        line = np.arange(side - shift)
        bare = grid[line + shift, line] == -2.0  # no share pooled there
        rgb[line[bare] + shift, line[bare]] = grey
    return _png(rgb), tuple(documents[d] for d in order)


HEAT_WIDE = 8
"""A document sharing at least :data:`copylens.app.presentation.ORDER_MIN_SHARE` with another
is drawn up to this many times as wide as the others, taking at most half the map (as the
window's wide cells): at 300 essays its cells are blocks, not specks in a corner."""


def _heat_cells(n: int, links: Sequence[tuple[int, int, float]], place: Any) -> tuple[Any, Any]:
    """Each display position's first and last-but-one pixel in a map of :data:`HEAT_PIXELS`:
    linked documents wider (:data:`HEAT_WIDE`), every document at least a pixel."""
    import numpy as np

    if not n:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    linked = np.zeros(n, dtype=bool)
    for i, j, share in links:
        if share >= ORDER_MIN_SHARE:
            linked[place[i]] = linked[place[j]] = True
    base = HEAT_PIXELS / n
    count = int(linked.sum())
    wide = max(base, min(base * HEAT_WIDE, HEAT_PIXELS / 2 / max(count, 1)))
    rest = (HEAT_PIXELS - count * wide) / max(n - count, 1)
    widths = np.where(linked, wide, rest)
    edges = np.concatenate(([0.0], np.cumsum(widths)))
    start = np.minimum(np.floor(edges[:-1]).astype(np.intp), HEAT_PIXELS - 1)
    stop = np.maximum(np.floor(edges[1:]).astype(np.intp), start + 1)
    return start, stop


def _png(rgb: Any) -> bytes:
    """An RGB image (height × width × 3 bytes) as PNG (ISO/IEC 15948: one IDAT, filter 0)."""
    import struct
    import zlib

    height, width, _ = rgb.shape
    rows = b"".join(b"\x00" + rgb[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 6))
        + chunk(b"IEND", b"")
    )


def _heat_map(report: CompareReport, names: dict[str, str], s: _Strings) -> list[str]:
    """The heat map as an image, its colour legend, and which document each row is (numbered
    when there are up to 60 of them)."""
    if len(document_shares(report)) < 2:
        return []
    png, order = heat_map_png(report)
    data = base64.b64encode(png).decode("ascii")
    size = "440" if s.wrap_names else "560"
    legend = "".join(
        f'<td style="background-color:{_heat_hex(v)}; color:{"#FFFFFF" if v >= 0.5 else "#000000"}"'
        f' class="num">{_pct(v, s)}</td>'
        for v in HEAT_LEGEND
    )
    out = [
        f'<h2 class="heat">{_e(s("heat_map"))}</h2>',
        f'<p><img class="heat" src="data:image/png;base64,{data}" width="{size}" height="{size}" '
        f'alt="{_e(s("heat_map"))}"></p>',
        f'<table class="legend" cellspacing="0" cellpadding="3"><tr>{legend}</tr></table>',
        f'<p class="small">{_e(s("heat_help"))}</p>',
    ]
    if len(order) <= 60:
        listed = "; ".join(f"{n}. {_e(names.get(p, p))}" for n, p in enumerate(order, start=1))
        out.append(f'<p class="small">{_e(s("heat_numbers"))} {listed}</p>')
    return out


def _heat_hex(value: float) -> str:
    return "#" + "".join(f"{c:02X}" for c in heat_rgb(value))


def _groups(report: CompareReport, names: dict[str, str], s: _Strings) -> list[str]:
    """The groups of near-copies, each member with its share found in the other members
    (:func:`copylens.core.group_shares`, as the window counts it)."""
    if not report.clusters:
        return []
    items = []
    for members, found in zip(report.clusters, group_shares(report, report.clusters), strict=True):
        shares = {d.path: d for d in found}
        items.append(
            "<li>"
            + ", ".join(
                f"{_e(names.get(path, path))} ({_pct(shares[path].share, s)})"
                if shares[path].pairs
                else _e(names.get(path, path))
                for path in members
            )
            + "</li>"
        )
    return [
        f"<h2>{_e(s('clusters'))}</h2>\n<p>{_e(s('clusters_help'))}</p><ol>{''.join(items)}</ol>"
    ]


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
        retold = retold_edits(f)
        if retold:
            where += " · " + s("retold_sentences") + f": {retold_sentences(f)}"
        marks_a = [(e.start, e.end) for e in retold]
        marks_b = [(e.source_start, e.source_end) for e in retold]
        quote_a = _quote(text_a, f.start, f.end, s, marks_a) if text_a is not None else ""
        quote_b = (
            _quote(text_b, f.source_start, f.source_end, s, marks_b) if text_b is not None else ""
        )
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


def _quote(
    text: str,
    start: int,
    end: int,
    s: _Strings,
    retold: Sequence[tuple[int, int]] = (),
) -> str:
    """A fragment with up to CONTEXT_CHARS of context each side; long ones are elided.
    ``retold`` are the spans of its retold sentences on this side, marked inside it as a
    paraphrase."""
    start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
    before_from = _word_cut(text, max(0, start - CONTEXT_CHARS), forward=True)
    after_to = _word_cut(text, min(len(text), end + CONTEXT_CHARS), forward=False)
    before, after = text[before_from:start], text[end:after_to]
    if end - start > QUOTE_CHARS:
        half = QUOTE_CHARS // 2
        head_end = _word_cut(text, start + half, forward=False)
        tail_start = _word_cut(text, end - half, forward=True)
        marked = (
            _marked(text, start, head_end, retold, s)
            + ' <span class="elided">[…]</span> '
            + _marked(text, tail_start, end, retold, s)
        )
    else:
        marked = _marked(text, start, end, retold, s)
    lead = "…" if before_from > 0 else ""
    trail = "…" if after_to < len(text) else ""
    return f"{lead}{s.breakable(before)}{marked}{s.breakable(after)}{trail}"


def _marked(text: str, start: int, end: int, retold: Sequence[tuple[int, int]], s: _Strings) -> str:
    """``text[start:end]`` in the first source's colour, cut where a retold span begins or
    ends; the retold pieces in its paraphrase look (lighter, wavy underline)."""
    cuts = sorted({start, end, *(x for a, b in retold for x in (a, b) if start < x < end)})
    pieces = []
    for a, b in pairwise(cuts):
        inside = any(x <= a and b <= y for x, y in retold)
        style = (
            f"background-color:{_paraphrase_fill(0)}; text-decoration-color:{_line(0)}"
            if inside
            else f"background-color:{PALETTE[0]}"
        )
        classes = "src paraphrase retold" if inside else "src"
        tip = f' title="{_e(s("retold_tip"))}"' if inside else ""
        pieces.append(
            f'<span class="{classes}" style="{style}"{tip}>{s.breakable(text[a:b])}</span>'
        )
    return "".join(pieces)


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


def _settings_table(values: Mapping[str, object], s: _Strings, digest: str = "") -> list[str]:
    if not values:
        return []
    if digest:
        values = {**values, "settings_hash": digest}
    rows = "".join(
        f"<tr><th>{_e(s.setting(key))}</th><td>{_e(s.value(value, key))}</td></tr>"
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
_SHORT_TOKEN = re.compile(r"\S{8,}")


def _breakable(text: str, token: re.Pattern[str] = _TOKEN) -> str:
    """``text`` escaped, with zero-width spaces where a long name or path may wrap: in each
    token of 24 characters or more, after "/", "\\", "_", ".", "-" and inside any run of 20
    characters without one, so that a table stays inside the page's margins. Shorter tokens
    are left alone (a PDF reader copies a zero-width space as a gap)."""

    def marked(token: re.Match[str]) -> str:
        broken = _BREAK_AFTER.sub("\\1\u200b", token.group())
        return _LONG_RUN.sub(lambda m: m.group() + "\u200b", broken)

    return _e(token.sub(marked, text))


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
p.exclusions {{ font-size: 9pt; border-left: 3px solid #888888; padding-left: 6px; }}
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
table.settings th, table.settings td {{ font-size: 8pt; padding-top: 0; padding-bottom: 0; }}
h2.appendix {{ font-size: 11pt; }}
.num, th.num {{ text-align: right; }}
td.swatch {{ width: 1.2em; }}
.hash {{ font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 8pt; }}
p.uniqueness {{ font-size: 16pt; font-weight: bold; margin: 0.3em 0; }}
.unique {{ font-weight: bold; }}
h2.doc {{ page-break-before: always; break-before: page; }}
p.page-end {{ page-break-after: always; break-after: page; margin: 0; }}
h1.certificate {{ font-size: 20pt; margin-top: 0.4em; margin-bottom: 0.6em; }}
p.institution {{ font-size: 12pt; font-weight: bold; margin: 0; }}
table.cert th {{ font-size: 11pt; padding-right: 16px; }}
table.cert td {{ font-size: 11pt; }}
table.figures td {{ border: 1px solid #BBBBBB; text-align: center; font-size: 18pt; }}
.figure-label {{ font-size: 9pt; color: #555555; }}
table.signature td {{ padding-top: 36px; font-size: 11pt; }}
@media print {{ h2.heat {{ page-break-before: always; break-before: page; }} }}
h2.doc.first {{ page-break-before: auto; break-before: auto; }}
.text {{ white-space: pre-wrap; overflow-wrap: anywhere; line-height: 145%; font-size: 10pt;
  margin-top: 0.5em; }}
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
td.quote {{ width: 50%; line-height: 145%; }}
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


BIDI_CONTROLS = {
    **{code: f"[U+{code:04X}]" for code in range(0x202A, 0x202F)},
    **{code: f"[U+{code:04X}]" for code in range(0x2066, 0x206A)},
}
"""The bidirectional embeddings, overrides and isolates (Unicode Bidi Algorithm, UAX #9,
§2.1–2.4) and how every report shows them: as their code, never applied. A right-to-left
override in a name makes ``cod\u202efdp.txt`` read as "codtxt.pdf" (CVE-2021-42574's
"Trojan Source" trick); shown, it cannot reorder anything (the marks LRM, RLM and ALM only
move neutral characters and are kept)."""


def _e(value: object) -> str:
    """``value`` as HTML text: escaped, and its bidirectional controls shown as their codes
    (:data:`BIDI_CONTROLS`), in names and in document text alike."""
    return html.escape(str(value), quote=True).translate(BIDI_CONTROLS)


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
    "pasted": QT_TRANSLATE_NOOP("Report", "Source of the text"),
    "pasted_text": QT_TRANSLATE_NOOP("Report", "typed or pasted into CopyLens"),
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
    "kind_chip": QT_TRANSLATE_NOOP("Report", "lighter, wavy underline: {label} ({legend})"),
    "paraphrases": QT_TRANSLATE_NOOP("Report", "Paraphrases"),
    "retold_sentences": QT_TRANSLATE_NOOP("Report", "Retold sentences"),
    "retold_tip": QT_TRANSLATE_NOOP("Report", "retold in other words, inside the copied passage"),
    "passage": QT_TRANSLATE_NOOP("Report", "Passage"),
    "lookalike_tip": QT_TRANSLATE_NOOP("Report", "look-alike letter {code} from another alphabet"),
    "pairs": QT_TRANSLATE_NOOP("Report", "Pairs"),
    "pair": QT_TRANSLATE_NOOP("Report", "Pair"),
    "no_pairs": QT_TRANSLATE_NOOP("Report", "No two documents share text."),
    "clusters": QT_TRANSLATE_NOOP("Report", "Groups of near-copies"),
    "clusters_help": QT_TRANSLATE_NOOP(
        "Report",
        "Documents joined by pairs that share at least half of one of them; in brackets, "
        "each one's share found in the other members.",
    ),
    "pairs_at": QT_TRANSLATE_NOOP("Report", "Pairs sharing at least {share}"),
    "found_nowhere": QT_TRANSLATE_NOOP("Report", "Found in no other document ({n})"),
    "heat_map": QT_TRANSLATE_NOOP("Report", "Heat map"),
    "heat_help": QT_TRANSLATE_NOOP(
        "Report",
        "Row: a document; column: another; colour: the share of the row's document found in "
        "the column's. Documents that share text sit together; the grey line: each document "
        "with itself.",
    ),
    "heat_numbers": QT_TRANSLATE_NOOP("Report", "Rows from the top, columns from the left:"),
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
    "text_cut": QT_TRANSLATE_NOOP(
        "Report",
        "Printed up to character {printed} of {total}: the HTML report has the whole text.",
    ),
    "cert_heading": QT_TRANSLATE_NOOP("Report", "Originality check certificate"),
    "cert_title": QT_TRANSLATE_NOOP("Report", "Work"),
    "cert_author": QT_TRANSLATE_NOOP("Report", "Author"),
    "cert_group": QT_TRANSLATE_NOOP("Report", "Group"),
    "cert_date": QT_TRANSLATE_NOOP("Report", "Date"),
    "cert_checker": QT_TRANSLATE_NOOP("Report", "Checked by"),
    "cert_words": QT_TRANSLATE_NOOP("Report", "words"),
    "cert_sources": QT_TRANSLATE_NOOP("Report", "Main sources"),
    "cert_more": QT_TRANSLATE_NOOP("Report", "and {n} more in the detailed report"),
    "cert_method": QT_TRANSLATE_NOOP(
        "Report",
        "Checked with CopyLens {version}: texts compared by runs of {shingle} words, shared "
        "passages of at least {words} words aligned word by word (other word forms, replaced, "
        "inserted and reordered words, look-alike letters found); quotations and the "
        "bibliography counted as cited.",
    ),
    "cert_method_paraphrase": QT_TRANSLATE_NOOP(
        "Report", "Sentences retold in other words found by meaning."
    ),
    "cert_signature": QT_TRANSLATE_NOOP("Report", "Signature"),
    "settings_hash": QT_TRANSLATE_NOOP("Report", "Settings fingerprint"),
    "excl_line": QT_TRANSLATE_NOOP(
        "Report", "Left out of the figures: {what}. Every share is counted without it."
    ),
    "excl_words": QT_TRANSLATE_NOOP("Report", "matches under {n} words"),
    "excl_share": QT_TRANSLATE_NOOP("Report", "sources under {share}"),
    "excl_sources": QT_TRANSLATE_NOOP("Report", "the sources {names}"),
    "excl_label": QT_TRANSLATE_NOOP("Report", "archived sources labelled {label}"),
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
        self.paper_left = PAPER_TEXT_CHARS

    def __call__(self, key: str) -> str:
        return self._translate("Report", _WORDS[key])

    def printable(self, text: str) -> int:
        """How much of a document's ``text`` the report prints: all of it in HTML; on paper
        (``wrap_names``) what is left of :data:`PAPER_TEXT_CHARS`, cut at a space."""
        if not self.wrap_names or len(text) <= self.paper_left:
            self.paper_left -= len(text) if self.wrap_names else 0
            return len(text)
        cut = self.paper_left
        space = text.rfind(" ", max(0, cut - 200), cut)
        cut = space + 1 if space >= 0 else cut
        self.paper_left = 0
        return cut

    def breakable(self, text: str) -> str:
        """A name or path, escaped; for Qt's layout (PDF, paper) with places to wrap."""
        return _breakable(text) if self.wrap_names else _e(text)

    def narrow(self, text: str) -> str:
        """A name for a narrow column: on paper with places to wrap in every token of 8
        characters or more (``Байкал.txt``: Qt's table let a short name cross the cell's
        border)."""
        return _breakable(text, _SHORT_TOKEN) if self.wrap_names else _e(text)

    def kind(self, name: str, what: str = "label") -> str:
        """A fragment kind's ``what`` ("label", "plural", "legend") as declared
        (``copylens.core.FRAGMENT_KINDS``), translated (context "FragmentKinds")."""
        text: str = getattr(fragment_kind(name), what)
        return self._translate("FragmentKinds", text)

    def term(self, key: str) -> str:
        """A figure's label (:mod:`copylens.app.terms`), translated (context "Terms")."""
        return terms.label(key, self._translate)

    def tip(self, key: str) -> str:
        """A figure's explanation in plain words, translated."""
        return terms.tip(key, self._translate)

    def setting(self, key: str) -> str:
        """An option's label, as its declaration in the engine gives it (context "Options")."""
        if key == "settings_hash":
            return self("settings_hash")
        spec = specs().get(key)
        return self._translate("Options", spec.label) if spec else key

    def window(self, context: str, text: str) -> str:
        """The window's own words (``context`` its class), so the report says the same."""
        return self._translate(context, text)

    def language_name(self, code: str) -> str:
        """A language code by its name ("ru" → "Russian", "auto" → "detected per document")."""
        return language_name(code, self._translate)

    def failure(self, failure: InputFailure) -> str:
        """Why an input failed, in the report's language."""
        return failure_text(failure, self._translate)

    def value(self, value: object, key: str = "") -> str:
        if key == "language" and isinstance(value, str):
            return self.language_name(value)
        if key in COMPARE_SETTINGS and isinstance(value, float):
            return percent(value, self.language)  # shares, as the settings dialog shows them
        if isinstance(value, bool):
            return self("yes") if value else self("no")
        if isinstance(value, list | tuple):
            return ", ".join(map(str, value))
        if isinstance(value, float) and self.language == "ru":
            return str(value).replace(".", ",")
        return str(value)
