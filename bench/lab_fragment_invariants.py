"""What must hold of every reported fragment, counted on real pairs (issue 34 follow-up).

Measures no speed: it counts violations of two invariants over the PAN-13 development pairs
(``check`` of each suspicious file against its source, default settings, as
bench_pan13.py runs it) and over a ``compare`` of generated essays (bench/make_essays.py):

1. edits inside their fragment: every edit lies within its fragment on the checked side
   (``start <= e.start <= e.end <= end``) and within ``[source_start, source_end]`` on the
   source side; the edits are sorted and do not overlap on the checked side (zero-width ones
   aside); no other edit lies over a ``"retold"`` span (a zero-width one at its start does);
2. the exclusions recount (:func:`copylens.core.exclusions.recount`) with nothing hidden
   gives the engine's figures: uniqueness, borrowed, cited, self-cited, and per source the
   containment, cited share, exclusive share and matched words (PAN pairs only: a check).

    .venv/bin/python bench/lab_fragment_invariants.py --pan [--limit N] [--jobs 2]
    .venv/bin/python bench/lab_fragment_invariants.py --essays DIR
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_pan13 import CORPUS, load_pairs  # noqa: E402


def edit_violations(fragments: Sequence[Any]) -> Counter[str]:
    """Violations of invariant 1 among ``fragments`` (``Fragment``\\ s), by kind."""
    out: Counter[str] = Counter()
    for f in fragments:
        for e in f.edits:
            if not f.start <= e.start <= e.end <= f.end:
                out["outside the fragment" + (" (zero-width)" if e.start == e.end else "")] += 1
            if not f.source_start <= e.source_start <= e.source_end <= f.source_end:
                out["outside the source span"] += 1
        wide = [e for e in f.edits if e.end > e.start]
        if [e.start for e in f.edits] != sorted(e.start for e in f.edits):
            out["unsorted"] += 1
        out["overlapping"] += sum(x.end > y.start for x, y in itertools.pairwise(wide))
        for r in (e for e in f.edits if e.kind == "retold"):
            out["over a retold span"] += sum(
                e is not r and ((r.start < e.end and e.start < r.end) or r.start <= e.start < r.end)
                for e in f.edits
            )
    return +out


def recount_disagreements(report: Any) -> list[str]:
    """Paths of the report's documents whose recount with nothing hidden differs from the
    engine's figures (invariant 2)."""
    from copylens.core.exclusions import recount

    bad = []
    for d in report.documents:
        text = report.texts.get(d.path)
        if text is None or not d.sources:
            continue
        again = recount(d, [(s, s.fragments) for s in d.sources], text, report)
        if figures(again) != figures(d):
            bad.append(d.path)
    return bad


def figures(d: Any) -> tuple[Any, ...]:
    """A document's figures as compared (rounded to 9 places)."""
    return (
        round(d.uniqueness, 9),
        round(d.borrowed, 9),
        round(d.cited, 9),
        round(d.self_cited, 9),
        sorted(
            (
                s.key,
                round(s.containment, 9),
                round(s.cited, 9),
                round(s.exclusive, 9),
                s.matched_words,
            )
            for s in d.sources
        ),
    )


def one_pan(pair: tuple[str, str, str]) -> dict[str, Any]:
    from copylens.core import Options, check

    kind, susp, src = pair
    report = check([CORPUS / "susp" / susp], [CORPUS / "src" / src], Options(workers=1))
    fragments = [f for d in report.documents for s in d.sources for f in s.fragments]
    return {
        "pair": f"{susp}|{src}",
        "type": kind,
        "fragments": len(fragments),
        "edits": sum(len(f.edits) for f in fragments),
        "violations": dict(edit_violations(fragments)),
        "recount": recount_disagreements(report),
        "spans": [(f.start, f.end, f.source_start, f.source_end) for f in fragments],
    }


def pan(limit: int | None, jobs: int, out: Path | None) -> None:
    pairs = [(p.kind, p.suspicious, p.source) for p in load_pairs()][:limit]
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(one_pan, pairs, chunksize=4)
    if out:
        out.write_text(json.dumps(rows), encoding="utf-8")
    total: Counter[str] = Counter()
    for r in rows:
        total.update(r["violations"])
    print(f"PAN-13 dev: {len(rows)} pairs, {sum(r['fragments'] for r in rows)} fragments, ")
    print(f"  {sum(r['edits'] for r in rows)} edits")
    print(f"  pairs with an edit violation: {sum(bool(r['violations']) for r in rows)}")
    for kind, n in sorted(total.items()):
        print(f"    {kind}: {n}")
    print(f"  documents whose recount differs: {sum(bool(r['recount']) for r in rows)}")
    by_type = Counter(r["type"] for r in rows if r["recount"])
    print(f"    by type: {dict(sorted(by_type.items()))}")


def essays(folder: Path) -> None:
    from copylens.core import Options, check, compare

    files = sorted(folder.glob("*.txt"))
    report = compare(files, Options(workers=2))
    fragments = [f for p in report.pairs for f in p.fragments]
    total = edit_violations(fragments)
    print(f"compare of {len(files)} essays: {len(report.pairs)} pairs, {len(fragments)} fragments,")
    print(f"  {sum(len(f.edits) for f in fragments)} edits, violations: {dict(total) or 'none'}")
    checked = check(files, files, Options(workers=2))  # each against the others
    fragments = [f for d in checked.documents for s in d.sources for f in s.fragments]
    total = edit_violations(fragments)
    print(f"check of the {len(files)} essays against each other: {len(fragments)} fragments,")
    print(f"  {sum(len(f.edits) for f in fragments)} edits, violations: {dict(total) or 'none'}")
    bad = recount_disagreements(checked)
    print(f"  documents whose recount differs: {len(bad)} of {len(checked.documents)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pan", action="store_true")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="the PAN rows as JSON")
    parser.add_argument("--essays", type=Path)
    args = parser.parse_args(argv)
    if args.pan:
        pan(args.limit, args.jobs, args.out)
    if args.essays:
        essays(args.essays)


if __name__ == "__main__":
    main()
