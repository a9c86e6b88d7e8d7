"""Diagnosis of the source units just past each final fragment's source edge (issue 34,
branch reach34): labelled in a case of the pair (``in``) or not (``out``), with evidence a
source-side rule could use. Bench only: wraps ``source_edges.widened`` in this process.

Usage: ``python bench/diag_srcpast.py [--types random translation verbatim none] --out F.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_pan13 import CORPUS, load_cases, load_pairs  # noqa: E402

import copylens.core.source_edges as se  # noqa: E402
from copylens.core import Options, check  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402

CALLS: list[Any] = []
_original = se.widened


def _wrapped(fragments: Any, a: Any, b: Any, source: str, sim: Any) -> Any:
    out = _original(fragments, a, b, source, sim)
    CALLS.append((out, a, b, sim))
    return out


se.widened = _wrapped


def _chars(c: Any, units: sa.Units, u0: int, u1: int) -> tuple[int, int]:
    return int(c.starts[int(units.bounds[u0])]), int(c.ends[int(units.bounds[u1 + 1]) - 1])


def records(pair_id: str, cases: list[tuple[int, int, int, int]]) -> list[dict[str, Any]]:
    rows = []
    for out, a, b, sim in CALLS:
        if sim is None or not len(sim.b):
            continue
        for f in out:
            g0, g1 = sa.word_range(a, f.start, f.end)
            s0, s1 = sa.word_range(b, f.source_start, f.source_end)
            if g1 <= g0 or s1 <= s0:
                continue
            mine = [k for k in cases if k[0] < f.end and f.start < k[1]]
            fu0, fu1 = sim.a.of_word(g0), sim.a.of_word(g1 - 1)
            ft0, ft1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1)
            for step in (-1, 1):
                t = (ft0 if step == -1 else ft1) + step
                u = (fu0 if step == -1 else fu1) + step
                if not 0 <= t < len(sim.b):
                    continue
                d0, d1 = _chars(b, sim.b, t, t)
                if any(o is not f and o.source_start < d1 and d0 < o.source_end for o in out):
                    continue
                inside = any(min(d1, k[3]) - max(d0, k[2]) >= (d1 - d0) / 2 for k in mine)
                checked_lost = any(
                    (k[0] < f.start - 20) if step == -1 else (k[1] > f.end + 20) for k in mine
                )
                row = {
                    "pair": pair_id,
                    "kind": f.kind,
                    "exact": f.exact_words / max(f.words, 1),
                    "step": step,
                    "label": "in" if inside else "out",
                    "checked_lost": checked_lost,
                    "chars": d1 - d0,
                    "frag": sim.cosine(fu0, fu1 + 1, t, t + 1),
                    "frag_rise": sim.cosine(fu0, fu1 + 1, min(ft0, t), max(ft1, t) + 1)
                    - sim.cosine(fu0, fu1 + 1, ft0, ft1 + 1),
                }
                for k in (1, 2, 3):
                    us = [u + step * i for i in range(k)]
                    if min(us) < 0 or max(us) >= len(sim.a):
                        row[f"w{k}"] = None
                        continue
                    row[f"w{k}"] = sim.cosine(min(us), max(us) + 1, t, t + 1)
                # checked units of the fragment and the next 2 against t: best single cosine
                lo, hi = min(fu0, u, u + step), max(fu1, u, u + step)
                lo, hi = max(lo, 0), min(hi, len(sim.a) - 1)
                col = sim.cos[lo : hi + 1, t] if sim.cos.shape[0] else []
                row["best_unit"] = float(max(col)) if len(col) else 0.0
                rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--types", nargs="+", default=["random", "translation", "verbatim", "none"])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    truth = load_cases()
    pairs = [p for p in load_pairs() if p.kind in args.types]
    rows: list[dict[str, Any]] = []
    for n, p in enumerate(pairs):
        CALLS.clear()
        susp, src = CORPUS / "susp" / p.suspicious, CORPUS / "src" / p.source
        check([susp], [src], Options(workers=1))
        for r in records(p.id, truth.get(p.id, [])):
            r["type"] = p.kind
            rows.append(r)
        if n % 50 == 0:
            print(f"{n}/{len(pairs)}", file=sys.stderr)
    args.out.write_text(json.dumps(rows), encoding="utf-8")
    print(len(rows), "edges")


if __name__ == "__main__":
    main()
