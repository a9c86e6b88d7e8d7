"""Diagnosis of the units past a grown fragment's edges, as windows (issue 34, branch reach2).

:func:`copylens.core.sentence_align._grown` stops at the first unit of the checked text none
of its tests takes. For every fragment it was asked to grow, the first unit u on each side it
did not take (no other fragment holding it, not a tailed unit, inside the text) is logged
with window evidence a rule could use: the next ``k`` units of the checked text from u
outwards (k = 1..3, as far as no other fragment and no tailed unit stops them) against the
next ``m`` source units from the one just past the fragment's source range outwards (m =
1..3) and against the best-matching ``m`` source units elsewhere (specificity): tf-isf cosine
of the summed vectors, Dice and count of the distinct words shared. Labels by the truth: on
the PAN-13 development sample a checked unit is ``in`` when half its characters lie in a case
of the pair, else ``out``; on bench_own_text.py's essays (make_interleaved.py) and
make_retold.py's, ``own`` when half of it lies in a sentence labelled own, else ``copied``.
Bench only: ``sentence_align._grown`` is wrapped in this process (nothing is changed).

Usage: ``python bench/diag_reach.py pan|own|retold [--wrap W] [--types random translation]
--out FILE.json``.
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

RECORDS: list[dict[str, Any]] = []
_original = sa._grown


def _unit_chars(c: Any, units: Any, u: int) -> tuple[int, int]:
    return int(c.starts[int(units.bounds[u])]), int(c.ends[int(units.bounds[u + 1]) - 1])


def _codes(words: Any, units: Any, lo: int, hi: int) -> set[int]:
    return set(words[int(units.bounds[lo]) : int(units.bounds[hi])].tolist())


def _window(sim: Any, a_units: list[int], b_lo: int, b_hi: int) -> dict[str, float]:
    x = sim.vectors_a[a_units].sum(axis=0)
    y = sim.vectors_b[b_lo:b_hi].sum(axis=0)
    xa: set[int] = set()
    for u in a_units:
        xa |= _codes(sim.words_a, sim.a, u, u + 1)
    yb = _codes(sim.words_b, sim.b, b_lo, b_hi)
    shared = len(xa & yb)
    return {
        "cos": round(sa._cosine(x, y), 4),
        "dice": round(2 * shared / max(len(xa) + len(yb), 1), 4),
        "shared": shared,
        "size_a": len(xa),
        "size_b": len(yb),
    }


def features(
    f: Any, others: Any, a: Any, b: Any, sim: Any, u: int, step: int, tailed: Any
) -> dict[str, Any]:
    g0, g1 = sa.word_range(a, f.start, f.end)
    s0, s1 = sa.word_range(b, f.source_start, f.source_end)
    u0, u1 = sim.a.of_word(g0), sim.a.of_word(g1 - 1)
    t0, t1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1)
    nb, na = len(sim.b), len(sim.a)
    past = t1 + 1 if step == 1 else t0 - 1
    run = []
    for d in range(3):
        v = u + step * d
        if not 0 <= v < na or v in tailed:
            break
        c0, c1 = _unit_chars(a, sim.a, v)
        if any(o.start < c1 and c0 < o.end for o in others):
            break
        run.append(v)
    x = sim.vectors_a[u0 : u1 + 1].sum(axis=0)
    y = sim.vectors_b[t0 : t1 + 1].sum(axis=0)
    rec: dict[str, Any] = {
        "u": u,
        "step": step,
        "run": run,
        "base": round(sa._cosine(x, y), 4),
        "frag_units": u1 - u0 + 1,
        "src_units": t1 - t0 + 1,
        "past": past,
        "nb": nb,
        "exact_share": round(f.exact_words / max(f.words, 1), 3),
        "kind": f.kind,
        "unit_words": [int(sim.a.bounds[v + 1] - sim.a.bounds[v]) for v in run],
        "unit_chars": [_unit_chars(a, sim.a, v) for v in run],
    }
    win: dict[str, Any] = {}
    for k in range(1, len(run) + 1):
        au = run[:k]
        for m in (1, 2, 3):
            if step == 1:
                lo, hi = past, past + m
            else:
                lo, hi = past - m + 1, past + 1
            if lo < 0 or hi > nb:
                continue
            here = _window(sim, au, lo, hi)
            # elsewhere: best window of m source units outside the fragment's source hull
            # and the window (a margin of 2 units)
            keep_lo, keep_hi = min(t0, lo) - 2, max(t1 + 1, hi) + 2
            best = 0.0
            xa = sim.vectors_a[au].sum(axis=0)
            for s in range(0, nb - m + 1):
                if s + m > keep_lo and s < keep_hi:
                    continue
                best = max(best, sa._cosine(xa, sim.vectors_b[s : s + m].sum(axis=0)))
            here["elsewhere"] = round(best, 4)
            # source-window chars for truth
            here["src_chars"] = (
                int(b.starts[int(sim.b.bounds[lo])]),
                int(b.ends[int(sim.b.bounds[hi]) - 1]),
            )
            win[f"{k}x{m}"] = here
    rec["win"] = win
    rec["words"] = _word_windows(f, others, a, b, sim, step)
    rec["bridge"] = _bridge(sim, b, others, u, step, u0, u1, t0, t1, tailed, a)
    rec["src_past"] = _source_past(f, a, b, sim, step, s0, s1, t0, t1)
    return rec


def _source_past(
    f: Any, a: Any, b: Any, sim: Any, step: int, s0: int, s1: int, t0: int, t1: int
) -> list[dict[str, Any]]:
    """The source units past f's source range on this side (up to 3): how many of the
    fragment's checked words that its source range lacks ("unexplained") each holds."""
    g0, g1 = sa.word_range(a, f.start, f.end)
    mine = set(sim.words_a[g0:g1].tolist())
    rng = set(sim.words_b[s0:s1].tolist())
    unexplained = mine - rng
    out = []
    for d in range(1, 4):
        t = t1 + d if step == 1 else t0 - d
        if not 0 <= t < len(sim.b):
            break
        words = _codes(sim.words_b, sim.b, t, t + 1)
        # the same elsewhere: the best other source unit outside the range +- 4
        best_else = 0
        for z in range(len(sim.b)):
            if t0 - 4 <= z <= t1 + 4:
                continue
            best_else = max(best_else, len(unexplained & _codes(sim.words_b, sim.b, z, z + 1)))
        out.append(
            {
                "d": d,
                "size": len(words),
                "unexpl": len(unexplained & words),
                "n_unexpl": len(unexplained),
                "shared": len(mine & words),
                "else": best_else,
                "src_chars": _unit_chars(b, sim.b, t),
            }
        )
    return out


def _passes(
    sim: Any, b: Any, others: Any, v: int, step: int, u0: int, u1: int, t0: int, t1: int
) -> tuple[str, int] | None:
    """Which of _grown's own tests takes unit v (the fragment's units u0..u1, its source
    units t0..t1 held), and the source unit it retells."""
    past = t1 + 1 if step == 1 else t0 - 1
    got = sa._retells(sim, v, past, b, others)
    if got is not None:
        return "retells", got[0]
    mine = range(min(u0, v + 1), max(u1 + 1, v))
    got = sa._seeds_near(sim, v, t0, t1, b, others, mine)
    if got is not None:
        return "seeds_near", got[0]
    edge = t1 if step == 1 else t0
    got = sa._singles_out(sim, v, edge, b, others, mine)
    if got is not None:
        return "singles_out", got[0]
    return None


def _bridge(
    sim: Any,
    b: Any,
    others: Any,
    u: int,
    step: int,
    u0: int,
    u1: int,
    t0: int,
    t1: int,
    tailed: Any,
    a: Any,
) -> dict[str, Any] | None:
    """The first unit past u (at most 3 further) that one of _grown's tests takes, and
    the evidence of the units skipped (u up to it)."""
    for d in range(1, 4):
        v = u + step * d
        if not 0 <= v < len(sim.a) or v in tailed:
            return None
        c0, c1 = _unit_chars(a, sim.a, v)
        if any(o.start < c1 and c0 < o.end for o in others):
            return None
        got = _passes(sim, b, others, v, step, u0, u1, t0, t1)
        if got is None:
            continue
        gap = [u + step * e for e in range(d)]
        lo, hi = min(t0, got[1]) - 1, max(t1, got[1]) + 1
        near = [
            {
                "words": int(sim.a.bounds[w + 1] - sim.a.bounds[w]),
                "distinct": int(sim.size_a[w]),
                "best_near_cos": round(float(sim.cos[w, max(lo, 0) : hi + 1].max()), 4),
                "best_near_shared": int(sim.shared[w, max(lo, 0) : hi + 1].max()),
                "best_cos": round(float(sim.cos[w].max()), 4),
                "near_is_best": bool(max(lo, 0) <= int(np.argmax(sim.cos[w])) <= hi),
                "best": int(np.argmax(sim.cos[w])),
                "share": round(
                    float(sim.shared[w, int(np.argmax(sim.cos[w]))]) / max(float(sim.size_a[w]), 1),
                    3,
                ),
            }
            for w in gap
        ]
        return {
            "d": d,
            "test": got[0],
            "k": got[1],
            "v": v,
            "v_chars": _unit_chars(a, sim.a, v),
            "gap": near,
            "gap_chars": [_unit_chars(a, sim.a, w) for w in gap],
            "held": (t0, t1),
        }
    return None


def _isf(sim: Any) -> np.ndarray:
    """log(units / units holding the code) over both texts' units."""
    n = len(sim.a) + len(sim.b)
    size = int(max(sim.words_a.max(initial=0), sim.words_b.max(initial=0))) + 1
    df = np.zeros(size)
    for words, units in ((sim.words_a, sim.a), (sim.words_b, sim.b)):
        for u in range(len(units)):
            df[np.unique(words[int(units.bounds[u]) : int(units.bounds[u + 1])])] += 1
    return np.log(n / np.maximum(df, 1))


def _bag_cos(x: list[int], y: list[int], isf: np.ndarray) -> float:
    cx, cy = Counter(x), Counter(y)
    dot = sum(cx[c] * cy[c] * isf[c] ** 2 for c in cx.keys() & cy.keys())
    nx = sum((v * isf[c]) ** 2 for c, v in cx.items()) ** 0.5
    ny = sum((v * isf[c]) ** 2 for c, v in cy.items()) ** 0.5
    return float(dot / (nx * ny)) if nx and ny else 0.0


def _word_windows(f: Any, others: Any, a: Any, b: Any, sim: Any, step: int) -> dict[str, Any]:
    """Word windows: the checked text's next k canonical words past f's edge (stopping at
    another fragment) against the source's next m words past f's source edge, and against
    every other window of m source words outside the fragment's source range (specificity)."""
    g0, g1 = sa.word_range(a, f.start, f.end)
    s0, s1 = sa.word_range(b, f.source_start, f.source_end)
    isf = _isf(sim)
    na, nb = len(sim.words_a), len(sim.words_b)
    out: dict[str, Any] = {}
    for k in (6, 12, 24):
        if step == 1:
            idx = list(range(g1, min(g1 + k, na)))
        else:
            idx = list(range(max(g0 - k, 0), g0))[::-1]
        kept = []
        for w in idx:
            c0, c1 = int(a.starts[w]), int(a.ends[w])
            if any(o.start < c1 and c0 < o.end for o in others):
                break
            kept.append(w)
        if not kept:
            continue
        x = [int(sim.words_a[w]) for w in kept]
        wa0, wa1 = min(kept), max(kept) + 1
        for m in (k, 2 * k):
            if step == 1:
                lo, hi = s1, min(s1 + m, nb)
            else:
                lo, hi = max(s0 - m, 0), s0
            if hi <= lo:
                continue
            y = [int(c) for c in sim.words_b[lo:hi]]
            shared = len(set(x) & set(y))
            cos = _bag_cos(x, y, isf)
            # elsewhere: windows of m source words stepping m // 2, outside [s0 - m, s1 + m)
            best_cos, best_shared = 0.0, 0
            for z in range(0, max(nb - m, 0) + 1, max(m // 2, 1)):
                if z + m > s0 - m and z < s1 + m:
                    continue
                yz = [int(c) for c in sim.words_b[z : z + m]]
                best_cos = max(best_cos, _bag_cos(x, yz, isf))
                best_shared = max(best_shared, len(set(x) & set(yz)))
            out[f"{k}x{m}"] = {
                "n": len(x),
                "distinct": len(set(x)),
                "shared": shared,
                "dice": round(2 * shared / (len(set(x)) + len(set(y))), 4),
                "cos": round(cos, 4),
                "else_cos": round(best_cos, 4),
                "else_shared": best_shared,
                "chars": (int(a.starts[wa0]), int(a.ends[wa1 - 1])),
                "src_chars": (int(b.starts[lo]), int(b.ends[hi - 1])),
            }
    return out


def _grown(f: Any, others: Any, a: Any, b: Any, sim: Any, tailed: Any = ()) -> Any:
    out = _original(f, others, a, b, sim, tailed)
    g = out if out is not None else f
    g0, g1 = sa.word_range(a, g.start, g.end)
    s0, s1 = sa.word_range(b, g.source_start, g.source_end)
    if g1 <= g0 or s1 <= s0 or not len(sim.b):
        return out
    u0, u1 = sim.a.of_word(g0), sim.a.of_word(g1 - 1)
    for step, u in ((1, u1 + 1), (-1, u0 - 1)):
        if not 0 <= u < len(sim.a) or u in tailed:
            continue
        c0, c1 = _unit_chars(a, sim.a, u)
        if any(o.start < c1 and c0 < o.end for o in others):
            continue
        rec = features(g, others, a, b, sim, u, step, set(tailed))
        rec.update(grown=out is not None, frag=(g.start, g.end, g.source_start, g.source_end))
        RECORDS.append(rec)
    return out


sa._grown = _grown


def _overlap(c0: int, c1: int, spans: Any) -> int:
    return sum(max(0, min(c1, e) - max(c0, s)) for s, e in spans)


def _label_bridge(r: dict[str, Any], spans: Any, yes: str, no: str) -> None:
    got = r.get("bridge")
    if not got:
        return
    got["gap_labels"] = [
        yes if _overlap(c0, c1, spans) >= 0.5 * (c1 - c0) else no for c0, c1 in got["gap_chars"]
    ]
    c0, c1 = got["v_chars"]
    got["v_label"] = yes if _overlap(c0, c1, spans) >= 0.5 * (c1 - c0) else no


def run_pan(types: list[str]) -> list[dict[str, Any]]:
    from bench_pan13 import CORPUS, load_cases, load_pairs

    cases = load_cases()
    out = []
    for pair in load_pairs():
        if pair.kind not in types:
            continue
        RECORDS.clear()
        check(
            [CORPUS / "susp" / pair.suspicious], [CORPUS / "src" / pair.source], Options(workers=1)
        )
        spans = [(c[0], c[1]) for c in cases.get(pair.id, [])]
        src = [(c[2], c[3]) for c in cases.get(pair.id, [])]
        for r in RECORDS:
            r["labels"] = [
                "in" if _overlap(c0, c1, spans) >= 0.5 * (c1 - c0) else "out"
                for c0, c1 in r["unit_chars"]
            ]
            for w in [*r["win"].values(), *r["words"].values()]:
                d0, d1 = w["src_chars"]
                w["src_in"] = round(_overlap(d0, d1, src) / max(d1 - d0, 1), 3)
            for w in r["words"].values():
                c0, c1 = w["chars"]
                w["in"] = round(_overlap(c0, c1, spans) / max(c1 - c0, 1), 3)
            _label_bridge(r, spans, "in", "out")
            for w in r["src_past"]:
                d0, d1 = w["src_chars"]
                w["src_in"] = round(_overlap(d0, d1, src) / max(d1 - d0, 1), 3)
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
            r["labels"] = [
                "own" if _overlap(c0, c1, own) >= 0.5 * (c1 - c0) else "copied"
                for c0, c1 in r["unit_chars"]
            ]
            for w in r["words"].values():
                c0, c1 = w["chars"]
                w["own"] = round(_overlap(c0, c1, own) / max(c1 - c0, 1), 3)
            _label_bridge(r, own, "own", "copied")
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
    print(Counter((r["type"], r["labels"][0] if r["labels"] else "-") for r in rows))
    _ = np  # numpy kept for interactive use


if __name__ == "__main__":
    main()
