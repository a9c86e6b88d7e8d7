"""Diagnosis of WordNet evidence in ``_bridge`` (issue 34, branch bridgewn).

:func:`copylens.core.sentence_align._bridge` carries a grown fragment over up to two units no
edge test takes to a unit past them that one does, when each bridged unit's best source unit
lies between the fragment's source edge and the retold unit k at a tf-isf cosine of
``BRIDGE_COS`` holding ``BRIDGE_SHARE`` of the unit's distinct words. Every call that found a
unit past the gap retelling a source unit the fragment does not hold yet is logged here with,
per bridged unit: its distinct canonical forms, how many are in its best source unit, in the
source units between the edge and k (both included), or WordNet relatives of one of those
(:func:`copylens.core.wordnet.related_forms`), its best cosine there and anywhere, and
whether the engine's own test took it. Labels by the truth as bench/diag_reach.py: ``in`` /
``out`` on the PAN-13 development sample, ``own`` / ``copied`` on bench_own_text.py's and
make_retold.py's essays. The engine's decisions are unchanged (the original ``_bridge``'s
answer is returned).

Usage: ``python bench/diag_bridge_wn.py pan|own|retold [--wrap W] --out FILE.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import copylens.core.sentence_align as sa  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402
from copylens.core.wordnet import related_forms  # noqa: E402

RECORDS: list[dict[str, Any]] = []
_CONTEXT: list[Any] = []
_grown0 = sa._grown
_bridge0 = sa._bridge


def _grown(f: Any, others: Any, a: Any, b: Any, sim: Any, tailed: Any = ()) -> Any:
    _CONTEXT[:] = [a, b, f]
    return _grown0(f, others, a, b, sim, tailed)


def _unit_chars(c: Any, units: Any, u: int) -> tuple[int, int]:
    return int(c.starts[int(units.bounds[u])]), int(c.ends[int(units.bounds[u + 1]) - 1])


def _forms(c: Any, units: Any, lo: int, hi: int) -> set[str]:
    return set(c.forms[int(units.bounds[lo]) : int(units.bounds[hi + 1])])


def _bridge(
    sim: Any, first: Any, step: int, held: Any, room: int, free: Any, retelling: Any
) -> Any:
    out = _bridge0(sim, first, step, held, room, free, retelling)
    a, b, _f = _CONTEXT
    gap = [first]
    w = first[0]
    for _ in range(min(sa.BRIDGE_UNITS, room - 1)):
        w += step
        chars = free(w)
        if chars is None:
            return out
        retold = retelling(w, step)
        if retold is None:
            gap.append((w, chars))
            continue
        k = retold[0]
        if k in held:
            return out
        lo, hi = sorted((max(held) if step == 1 else min(held), k))
        between = _forms(b, sim.b, lo, hi)
        units = []
        for g, span in gap:
            mine = _forms(a, sim.a, g, g)
            best = int(np.argmax(sim.cos[g]))
            best_forms = _forms(b, sim.b, best, best)
            rel_between = related_forms(mine, between)
            rel_best = related_forms(mine, best_forms)
            units.append(
                {
                    "chars": span,
                    "n": len(mine),
                    "size": int(sim.size_a[g]),
                    "best": best,
                    "best_in_order": bool(lo <= best <= hi),
                    "cos_best": round(float(sim.cos[g, best]), 4),
                    "shared_best": int(sim.shared[g, best]),
                    "cos_between": round(float(sim.cos[g, lo : hi + 1].max()), 4),
                    "in_best": len(mine & best_forms),
                    "in_between": len(mine & between),
                    "wn_best": len(rel_best),
                    "wn_between": len(rel_between),
                    "wn_words": sorted(rel_between),
                    "forms": sorted(mine),
                }
            )
        RECORDS.append(
            {
                "taken": bool(out),
                "step": step,
                "gap": units,
                "v_chars": chars,
                "k": k,
                "between_units": hi - lo + 1,
                "lang": a.language,
            }
        )
        return out
    return out


sa._grown = _grown
sa._bridge = _bridge


def _overlap(c0: int, c1: int, spans: Any) -> int:
    return sum(max(0, min(c1, e) - max(c0, s)) for s, e in spans)


def _label(r: dict[str, Any], spans: Any, yes: str, no: str, text: str) -> None:
    for u in r["gap"]:
        c0, c1 = u["chars"]
        u["label"] = yes if _overlap(c0, c1, spans) >= 0.5 * (c1 - c0) else no
        u["text"] = text[c0:c1][:160]
    c0, c1 = r["v_chars"]
    r["v_label"] = yes if _overlap(c0, c1, spans) >= 0.5 * (c1 - c0) else no


def run_pan(types: list[str]) -> list[dict[str, Any]]:
    from bench_pan13 import CORPUS, load_cases, load_pairs

    cases = load_cases()
    out = []
    for pair in load_pairs():
        if pair.kind not in types:
            continue
        RECORDS.clear()
        path = CORPUS / "susp" / pair.suspicious
        check([path], [CORPUS / "src" / pair.source], Options(workers=1))
        text = path.read_text(encoding="utf-8", errors="replace")
        spans = [(c[0], c[1]) for c in cases.get(pair.id, [])]
        for r in RECORDS:
            _label(r, spans, "in", "out", text)
            out.append({**r, "pair": pair.id, "type": pair.kind})
    return out


def run_essays(essays: Any, tag: str) -> list[dict[str, Any]]:
    out = []
    for e in essays:
        RECORDS.clear()
        sources = [TextInput(f"source{n}", s["text"]) for n, s in enumerate(e.sources)]
        check([TextInput("essay", e.text)], sources, Options(workers=1))
        own = [(s.start, s.end) for s in e.sentences if s.label == "own"]
        for r in RECORDS:
            _label(r, own, "own", "copied", e.text)
            out.append({**r, "pair": e.id, "type": tag})
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["pan", "own", "retold"])
    p.add_argument("--wrap", type=int, default=0)
    p.add_argument("--types", nargs="*", default=["random", "translation"])
    p.add_argument("--out", required=True)
    args = p.parse_args()
    if args.what == "pan":
        rows = run_pan(args.types)
    else:
        from bench_own_text import honest_essays

        rows = run_essays(honest_essays(args.what, args.wrap), f"{args.what}{args.wrap}")
    Path(args.out).write_text(json.dumps(rows))
    print(Counter((r["type"], u["label"], r["taken"]) for r in rows for u in r["gap"]))


if __name__ == "__main__":
    main()
