"""Benchmark: quoted copies come out cited, an unquoted copy borrowed (issue 12).

On the four essays of ``citation_cases.py`` (Russian, Ukrainian, English, German; each quotes
sentences of a real source, copies one more sentence without quotation marks and lists the
source in a bibliography), the engine checks each essay against its source, once with the
defaults and once with ``--exclude-quotes --exclude-bibliography``. Printed per essay: the
characters of fragments inside the cited spans (should be cited) and outside them (should be
borrowed), how many of each the engine labelled right, and the document's uniqueness,
borrowed and cited shares. Beside it, the obvious alternative: the same engine with no
citation detection, where every quoted copy counts as borrowed.

    python bench/bench_citations.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from citation_cases import CitationCase, citation_cases

from copylens.core import Options, TextInput, check
from copylens.core.citations import cited_spans


def inside(start: int, end: int, spans: list[tuple[int, int]]) -> int:
    """Characters of [start, end) inside ``spans``."""
    return sum(max(0, min(end, b) - max(start, a)) for a, b in spans)


def measure(case: CitationCase, options: Options) -> dict[str, float]:
    report = check([TextInput("essay", case.essay)], [TextInput("source", case.source)], options)
    [doc] = report.documents
    fragments = [f for s in doc.sources for f in s.fragments]
    spans = list(case.cited)
    right = wrong = 0
    for f in fragments:
        quoted = inside(f.start, f.end, spans)
        should_cite = 2 * quoted >= f.end - f.start
        right += should_cite == f.cited
        wrong += should_cite != f.cited
    quoted_chars = sum(inside(f.start, f.end, spans) for f in fragments)
    other_chars = sum(f.end - f.start for f in fragments) - quoted_chars
    return {
        "fragments": len(fragments),
        "labelled right": right,
        "labelled wrong": wrong,
        "quoted chars": quoted_chars,
        "other chars": other_chars,
        "uniqueness": doc.uniqueness,
        "borrowed": doc.borrowed,
        "cited": doc.cited,
    }


def main() -> int:
    runs = {
        "defaults": Options(),
        "--exclude-quotes --exclude-bibliography": Options(
            exclude_quotes=True, exclude_bibliography=True
        ),
    }
    print(
        "| essay | run | fragments | labelled right | wrong | chars in quotes/bibliography "
        "| other chars | uniqueness | borrowed | cited | no citation detection: borrowed |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    cases = citation_cases()
    for case in cases:
        for name, options in runs.items():
            r = measure(case, options)
            naive = r["borrowed"] + r["cited"]
            print(
                f"| {case.language} | {name} | {r['fragments']} | {r['labelled right']} | "
                f"{r['labelled wrong']} | {r['quoted chars']} | {r['other chars']} | "
                f"{r['uniqueness']:.1%} | {r['borrowed']:.1%} | {r['cited']:.1%} | {naive:.1%} |"
            )
    exact = [case.language for case in cases if cited_spans(case.essay) == case.cited]
    print(f"\ncited_spans finds exactly the spans cited by construction in: {', '.join(exact)}")
    return 0 if len(exact) == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
