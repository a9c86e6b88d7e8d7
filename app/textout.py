"""Text output of the command line, for people: aligned tables, percentages, quoted fragments.

A document's line gives its uniqueness, borrowed and cited shares, and the self-cited one
when an archived source is the writer's own (they sum to 100 %); the source table a "cited"
column; a quoted fragment that is a citation says "(cited)", a paraphrase (sentences retold in
other words) "(paraphrase 0.83)" with its meaning similarity, a summary "(summarised from)";
a copied passage with sentences retold in other words inside it (issue 34: one fragment, its
retold sentences edits of kind "retold") "(with 2 retold sentences)", each of them quoted
on a line of its own under it ("retold: «…»"), up to :data:`RETOLD_LINES`.
The figures are named as everywhere else (:mod:`copylens.app.terms`, in English).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TextIO

from copylens.app import terms
from copylens.app.presentation import (
    already_archived,
    is_paraphrase,
    is_scored,
    kind_label,
    passage,
    percent,
    retold_edits,
    retold_sentences,
)
from copylens.core import (
    ArchivedDocument,
    ArchiveStats,
    CheckReport,
    CompareReport,
    DocumentResult,
    Fragment,
    InputFailure,
    SourceMatch,
    megabytes,
)

SOURCE_COLUMNS = ("found_in_source", "cited", "source_used", "only_this_source", "matching_words")
"""A document's source table: figures by their keys in :mod:`copylens.app.terms`."""
PAIR_COLUMNS = ("a_found_in_b", "b_found_in_a", "similarity")
QUOTE_CHARS = 160
TOP_FRAGMENTS = 3
RETOLD_LINES = 3
"""Retold sentences quoted under a passage; more are counted ("and 2 more retold")."""
RETOLD_CHARS = 140


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """``text`` safe to write to a terminal: C0 and C1 control characters (an escape
    sequence's ESC and CSI that would recolour, move or retitle the terminal), DEL and the
    bidirectional embeddings, overrides and isolates (that reorder what follows) written as
    Python's escapes (``\\x1b``, ``\\u202e``). Everything else, Cyrillic included, as is."""
    return _UNSAFE.sub(lambda m: ascii(m.group())[1:-1], text)


def print_check(report: CheckReport, out: TextIO) -> None:
    if report.exclusions:
        from copylens.app.export import exclusions_text

        out.write(f"{shown(exclusions_text(report))}\n\n")
    for doc in report.documents:
        tricks = f"  look-alike letters: {doc.homoglyphs}" if doc.homoglyphs else ""
        out.write(
            f"{shown(doc.path)}  ({doc.language}, {doc.words} words)  "
            f"uniqueness {_pct(doc.uniqueness)}  borrowed {_pct(doc.borrowed)}  "
            f"cited {_pct(doc.cited)}{_self_cited(doc)}{tricks}\n"
        )
        if doc.archived_as:
            out.write(f"  {already_archived(doc.archived_as)}\n")
        if not doc.sources:
            out.write("  no matching sources\n\n")
            continue
        out.write("  " + "  ".join(_head(key) for key in SOURCE_COLUMNS) + "  source\n")
        for s in doc.sources:
            values = (
                _pct(s.containment),
                _pct(s.cited),
                _pct(s.reverse_containment),
                _pct(s.exclusive),
                str(s.matched_words),
            )
            cells = (
                v.rjust(len(_head(key))) for key, v in zip(SOURCE_COLUMNS, values, strict=True)
            )
            out.write(f"  {'  '.join(cells)}  {shown(s.path)}{shown(_origin(s))}\n")
        fragments = [(f, _short_name(s)) for s in doc.sources for f in s.fragments]
        fragments.sort(key=lambda fs: -fs[0].words)
        text = report.texts.get(doc.path, "")
        for fragment, source in fragments[:TOP_FRAGMENTS]:
            quote = passage(text, fragment.start, fragment.end, QUOTE_CHARS)
            marks = [_kind_mark(fragment)] if is_paraphrase(fragment) else []
            retold = retold_edits(fragment)
            marks += [_retold_mark(retold_sentences(fragment))] if retold else []
            marks += ["cited"] if fragment.cited else []
            mark = f"  ({', '.join(marks)})" if marks else ""
            out.write(f"    «{shown(quote)}»\n      ← {shown(source)}{mark}\n")
            for edit in retold[:RETOLD_LINES]:
                said = passage(text, edit.start, edit.end, RETOLD_CHARS)
                out.write(f"        retold: «{shown(said)}»\n")
            if len(retold) > RETOLD_LINES:
                out.write(f"        and {len(retold) - RETOLD_LINES} more retold\n")
        out.write("\n")
    print_errors(report.errors, out)


def print_compare(report: CompareReport, out: TextIO) -> None:
    if not report.pairs:
        out.write(f"no shared text among {len(report.documents)} documents\n")
    else:
        out.write("  ".join(_head(key) for key in PAIR_COLUMNS) + "  A  ⟷  B\n")
        for p in report.pairs:
            values = (_pct(p.containment_ab), _pct(p.containment_ba), _pct(p.resemblance))
            cells = (v.rjust(len(_head(key))) for key, v in zip(PAIR_COLUMNS, values, strict=True))
            out.write(f"{'  '.join(cells)}  {shown(p.a)}  ⟷  {shown(p.b)}\n")
    for n, cluster in enumerate(report.clusters, start=1):
        out.write(f"\ngroup {n}: " + ", ".join(map(shown, cluster)))
    if report.clusters:
        out.write("\n")
    print_errors(report.errors, out)


def _self_cited(doc: DocumentResult) -> str:
    return f"  self-cited {_pct(doc.self_cited)}" if doc.self_cited else ""


def _short_name(s: SourceMatch) -> str:
    """A source under a quoted fragment: a file's name, a web page's whole address."""
    return s.path if s.url is not None else os.path.basename(s.path)


def _origin(s: SourceMatch) -> str:
    """An archived source's id, labels and self-citation, or a web page's final address and
    fetch time, after its path."""
    if s.url is not None:
        moved = f" → {s.url}" if s.url != s.path else ""
        return f"  [web{moved}, fetched {s.fetched}]"
    if s.archive_id is None:
        return ""
    labels = "".join(f", {k}={v}" for k, v in s.labels)
    own = ", self-citation" if s.self_citation else ""
    copies = "".join(f", also #{n}" for n in s.copies)
    if s.identical:
        added = f", added {s.added[:10]}" if s.added else ""
        return f"  [identical to #{s.archive_id}{labels}{added}{own}{copies}]"
    return f"  [archive #{s.archive_id}{labels}{own}{copies}]"


def print_archive_list(documents: Sequence[ArchivedDocument], out: TextIO) -> None:
    if not documents:
        out.write("no documents\n")
        return
    out.write(f"{'id':>6}  {'added':<10}  {'words':>6}  path  labels\n")
    for d in documents:
        labels = " ".join(f"{k}={v}" for k, v in d.labels)
        out.write(
            f"{d.id:>6}  {d.added[:10]:<10}  {d.words:>6}  {shown(d.path)}  {shown(labels)}\n"
        )


def print_archive_stats(stats: ArchiveStats, out: TextIO) -> None:
    out.write(
        f"documents  {stats.documents}\nwords      {stats.words}\n"
        f"stored     {megabytes(stats.bytes)} (compressed texts and words)\n"
        f"on disk    {megabytes(stats.disk_bytes)}\n"
    )
    settings = ", ".join(f"{k}={v}" for k, v in sorted(stats.settings.items()))
    out.write(f"settings   {settings}\n")


def print_errors(errors: Sequence[InputFailure], out: TextIO) -> None:
    """The files that could not be read, after a blank line (nothing when all were read)."""
    if errors:
        out.write(f"\n{len(errors)} file(s) could not be read:\n")
        for e in errors:
            out.write(f"  {shown(e.path)}: {shown(e.error)}\n")


def _head(key: str) -> str:
    """A column's heading: the figure's label in lower case ("found in source"), at least as
    wide as "100.0 %"."""
    text = terms.label(key)
    text = text if text[1:2] == " " else text[:1].lower() + text[1:]  # "A found in B" stays
    return text.rjust(7)


def _pct(x: float) -> str:
    """The command line's percentages: always one decimal ("98.1 %")."""
    return percent(x, decimals=1)


def _retold_mark(count: int) -> str:
    """ "with 1 retold sentence", "with 2 retold sentences"."""
    return f"with {count} retold sentence{'s' if count != 1 else ''}"


def _kind_mark(fragment: Fragment) -> str:
    """A tinted fragment's mark: its kind's label, with its score when the kind has one
    ("paraphrase 0.83", "summarised from")."""
    label = kind_label(fragment)
    return f"{label} {fragment.score:.2f}" if is_scored(fragment) else label
