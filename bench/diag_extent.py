"""Diagnosis of the recall lost inside found PAN-13 cases (issue 34), by cause.

For every case of the chosen types that some fragment detects (PAN: overlaps it in both
texts), each character of the case that no detecting fragment covers is put in one class, on
the checked side and on the source side:

- ``between``: between two detecting fragments (the case came back in pieces);
- ``lead``/``trail``: before the first (after the last) detecting fragment, with no canonical
  word between it and the fragment (stop words, punctuation, white space at the case's edge);
- ``edge unit``: in the sentence unit (:class:`copylens.core.sentence_align.Units`) the
  fragment begins (ends) in: the fragment begins or ends inside a sentence;
- ``units past``: in whole units before (after) the fragment's edge unit, labelled by the
  first such unit: held by another fragment of the pair, the fragment a copy of exact words
  (never grown), or refused by the extension's tests (the checked side); on the source side
  by whether the checked side lost characters at the same end.

Prints a table of class -> points of PAN recall (characters over both sides' lengths,
averaged over the type's cases, as PAN's recall counts) and, with ``--cases``, a line per
found case with losses. Development only.

Usage: ``python bench/diag_extent.py [--types random] [--cases] [--json OUT]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_pan13 import CORPUS, load_cases, load_pairs  # noqa: E402

from copylens.core import Options, check  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.extract import extract_file  # noqa: E402
from copylens.core.prepare import prepare_text  # noqa: E402


def _fragments(susp: Path, src: Path) -> list[Any]:
    report = check([susp], [src], Options(workers=1))
    out = []
    for doc in report.documents:
        for match in doc.sources:
            if Path(match.path).name == src.name:
                out += list(match.fragments)
    return out


def _clipped(dets: list[Any], lo: int, hi: int, *, source: bool) -> list[tuple[int, int]]:
    """The detections' checked (or ``source``) ranges clipped to [lo, hi), sorted."""
    spans = [(f.source_start, f.source_end) if source else (f.start, f.end) for f in dets]
    return sorted((max(x0, lo), min(x1, hi)) for x0, x1 in spans)


def _classify(
    c: Any,
    units: sa.Units,
    x0: int,
    x1: int,
    spans: list[tuple[int, int]],
    past_label: tuple[str, str],
) -> Counter[str]:
    """Classes of the characters of [x0, x1) that no span covers (spans inside the range,
    sorted); ``past_label``: the labels of whole units past the head and the tail."""
    out: Counter[str] = Counter()
    lo, hi = spans[0][0], max(e for _, e in spans)
    end = lo
    for s, e in spans:
        out["between"] += max(s - end, 0)
        end = max(end, e)
    starts, ends = c.starts, c.ends
    n = len(starts)
    # head: characters [x0, lo) mapped to the word at or after them
    if lo > x0:
        first = int(sa.word_range(c, lo, hi)[0])  # the fragment's first word
        u_edge = units.of_word(first) if first < n else None
        for pos in range(x0, lo):
            w = int(__import__("numpy").searchsorted(ends, pos, side="right"))
            if w >= first or w >= n:
                out["lead"] += 1
            elif u_edge is not None and units.of_word(w) == u_edge:
                out["edge unit"] += 1
            else:
                out["units past: " + past_label[0]] += 1
    if x1 > hi:
        last = int(sa.word_range(c, lo, hi)[1]) - 1
        u_edge = units.of_word(last) if last >= 0 else None
        for pos in range(hi, x1):
            w = int(__import__("numpy").searchsorted(starts, pos, side="right")) - 1
            if w <= last or w < 0:
                out["trail"] += 1
            elif u_edge is not None and units.of_word(w) == u_edge:
                out["edge unit"] += 1
            else:
                out["units past: " + past_label[1]] += 1
    return out


def _past_reason(f: Any, others: list[Any], c: Any, units: sa.Units, step: int) -> str:
    """Why the checked side's first unit past fragment f's edge (step -1 before, 1 after) was
    not taken, as far as the fragments tell."""
    w0, w1 = sa.word_range(c, f.start, f.end)
    u = units.of_word(w0) - 1 if step == -1 else units.of_word(w1 - 1) + 1
    if not 0 <= u < len(units):
        return "text end"
    a0 = int(c.starts[int(units.bounds[u])])
    a1 = int(c.ends[int(units.bounds[u + 1]) - 1])
    if any(o.start < a1 and a0 < o.end for o in others):
        return "other fragment"
    if f.kind == "copy" and f.exact_words >= sa.EDGE_EXACT * f.words:
        return "exact copy"
    return "refused (" + f.kind + ")"


def diagnose(pair: Any, cases: list[tuple[int, int, int, int]]) -> list[dict[str, Any]]:
    susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
    options = Options()
    a = prepare_text(extract_file(susp), options)
    b = prepare_text(extract_file(src), options)
    ca, cb = a.canonical, b.canonical
    ua, ub = sa.Units.of(ca), sa.Units.of(cb)
    found = _fragments(susp, src)
    rows = []
    for c0, c1, s0, s1 in cases:
        dets = [
            f
            for f in found
            if f.start < c1 and c0 < f.end and f.source_start < s1 and s0 < f.source_end
        ]
        row: dict[str, Any] = {"pair": pair.id, "case": (c0, c1, s0, s1), "found": len(dets)}
        if dets:
            others = [f for f in found if all(f is not d for d in dets)]
            first = min(dets, key=lambda f: f.start)
            last = max(dets, key=lambda f: f.end)
            heads = (_past_reason(first, others, ca, ua, -1), _past_reason(last, others, ca, ua, 1))
            checked = _classify(ca, ua, c0, c1, _clipped(dets, c0, c1, source=False), heads)
            head_lost = max(first.start, c0) > c0
            tail_lost = min(max(f.end for f in dets), c1) < c1
            src_labels = (
                "with checked loss" if head_lost else "checked complete",
                "with checked loss" if tail_lost else "checked complete",
            )
            source = _classify(cb, ub, s0, s1, _clipped(dets, s0, s1, source=True), src_labels)
            row["checked"] = dict(checked)
            row["source"] = dict(source)
            row["length"] = (c1 - c0) + (s1 - s0)
            row["kinds"] = [f.kind for f in dets]
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--types", nargs="+", default=["random"])
    parser.add_argument("--cases", action="store_true")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    truth = load_cases()
    pairs = [p for p in load_pairs() if p.kind in args.types]
    rows: list[dict[str, Any]] = []
    for n, pair in enumerate(pairs):
        for r in diagnose(pair, truth.get(pair.id, [])):
            r["kind"] = pair.kind
            rows.append(r)
        if n % 25 == 0:
            print(f"{n}/{len(pairs)}", file=sys.stderr)
    for kind in args.types:
        mine = [r for r in rows if r["kind"] == kind]
        found = [r for r in mine if r["found"]]
        print(f"\n## {kind}: {len(mine)} cases, {len(found)} found")
        print("| side | class | characters | points of recall | cases |")
        print("|---|---|---|---|---|")
        for side in ("checked", "source"):
            chars: Counter[str] = Counter()
            points: Counter[str] = Counter()
            cases: Counter[str] = Counter()
            for r in found:
                for k, v in r[side].items():
                    chars[k] += v
                    points[k] += 100 * v / r["length"] / len(mine)
                    cases[k] += v > 0
            for k, _ in points.most_common():
                print(f"| {side} | {k} | {chars[k]} | {points[k]:.2f} | {cases[k]} |")
        if args.cases:
            for r in found:
                lost = {
                    f"{s[0]}:{k}": v for s in ("checked", "source") for k, v in r[s].items() if v
                }
                if lost:
                    print(r["pair"][:60], r["case"], r["kinds"], lost)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
