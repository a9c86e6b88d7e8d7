"""Diagnosis of the units just past a grown fragment's edges (issue 34, PAN-13 random edges).

For every fragment :func:`copylens.core.sentence_align.extended_edges` continues, the first
unit of the checked text on each side that it did not take (no other fragment holding it, not
a tailed unit) is recorded with features a rule could use, and labelled by the truth: inside a
PAN-13 case (``copy``) or not (``pan-out``); in bench_own_text.py's essays a writer's own
sentence (``own``) or a copied one; in make_retold.py's essays the same (``retold-own``).
Bench only: it wraps ``sentence_align._grown`` in this process (nothing is changed).

Features: the unit's tf-isf cosine, Dice and words shared with the source unit just past the
range and with its best source unit (where that lies against the range's edge, and its
cosine against the second best: specificity), the ranks of the two in each other's rows
(order), word pairs in the unit's order found in the source near the range (and nowhere else
in the checked text), source words held by one source unit only, the rise of the passage's
cosine. Prints the count of units per label; the JSON holds one row per unit.

Usage: ``python bench/diag_edges.py pan|own|retold [--types random ...] [--wrap W]
--out FILE.json [--without-specific]`` (``--without-specific``: the engine without
``sentence_align._singles_out``, as the figures of ``SPECIFIC_MARGIN`` were measured).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import copylens.core.sentence_align as sa  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402

RECORDS: list[dict[str, Any]] = []
_original = sa._grown


def features(f: Any, a: Any, b: Any, sim: Any, u: int, step: int) -> dict[str, Any]:
    g0, g1 = sa.word_range(a, f.start, f.end)
    s0, s1 = sa.word_range(b, f.source_start, f.source_end)
    u0, u1 = sim.a.of_word(g0), sim.a.of_word(g1 - 1)
    t0, t1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1)
    past = t1 + 1 if step == 1 else t0 - 1
    nb = len(sim.b)
    row = sim.cos[u]
    order = np.argsort(-row, kind="stable")
    k = int(order[0])
    second = float(row[order[1]]) if nb > 1 else 0.0
    x = sim.vectors_a[u0 : u1 + 1].sum(axis=0)
    y = sim.vectors_b[t0 : t1 + 1].sum(axis=0)
    v = sim.vectors_a[u]
    base = sa._cosine(x, y)
    rise = sa._cosine(x + v, y) - base
    # words: u's distinct codes; source document frequencies by unit
    w0, w1 = int(sim.a.bounds[u]), int(sim.a.bounds[u + 1])
    mine = set(sim.words_a[w0:w1].tolist())
    rest_a = set(sim.words_a[:w0].tolist()) | set(sim.words_a[w1:].tolist())
    frag = set(sim.words_a[g0:g1].tolist())
    df_b: dict[int, int] = {}
    for t in range(nb):
        for c in set(sim.words_b[int(sim.b.bounds[t]) : int(sim.b.bounds[t + 1])].tolist()):
            df_b[c] = df_b.get(c, 0) + 1
    rng = set(sim.words_b[s0:s1].tolist())

    def unit_words(t: int) -> set[int]:
        if not 0 <= t < nb:
            return set()
        return set(sim.words_b[int(sim.b.bounds[t]) : int(sim.b.bounds[t + 1])].tolist())

    near = set()
    for d in range(1, 4):
        near |= unit_words(t1 + d if step == 1 else t0 - d)
    pastw = unit_words(past)
    own_a = mine - rest_a  # words of u nowhere else in the checked text
    rank_past = int(np.flatnonzero(order == past)[0]) if 0 <= past < nb else -1
    col = sim.cos[:, past] if 0 <= past < nb else None
    rev_rank = int((col > col[u]).sum()) if col is not None else -1
    win = [t for t in range(min(t0, past) - 2, max(t1, past) + 3) if 0 <= t < nb]
    kwin = max(win, key=lambda t: row[t]) if win else -1
    seq = sim.words_a[w0:w1].tolist()
    lo_t, hi_t = max(0, min(t0, past) - 3), min(nb - 1, max(t1, past) + 3)
    pairs_b: set[tuple[int, int]] = set()
    lcs = 0
    for t in range(lo_t, hi_t + 1):
        ws = sim.words_b[int(sim.b.bounds[t]) : int(sim.b.bounds[t + 1])].tolist()
        pairs_b |= {
            (ws[i], ws[j]) for i in range(len(ws)) for j in range(i + 1, min(i + 3, len(ws)))
        }
        lcs = max(lcs, _lcs(seq, ws))
    rest_seq = [*sim.words_a[:w0].tolist(), -1, *sim.words_a[w1:].tolist()]
    pairs_rest = {(rest_seq[i], rest_seq[i + 1]) for i in range(len(rest_seq) - 1)}
    mine_pairs = {(seq[i], seq[i + 1]) for i in range(len(seq) - 1)}
    bi = mine_pairs & pairs_b
    return {
        "bi_win": len(bi),
        "bi_new": len(bi - pairs_rest),
        "lcs": lcs,
        "u": u,
        "step": step,
        "words": w1 - w0,
        "distinct": len(mine),
        "frag_units": u1 - u0 + 1,
        "base": round(base, 4),
        "rise": round(rise, 4),
        "cos_past": round(float(row[past]), 4) if 0 <= past < nb else None,
        "dice_past": round(float(sim.dice[u, past]), 4) if 0 <= past < nb else None,
        "shared_past": int(sim.shared[u, past]) if 0 <= past < nb else None,
        "rank_past": rank_past,
        "rev_rank_past": rev_rank,
        "best": k - past if 0 <= past < nb else None,
        "best_rel": (k - t1) if step == 1 else (t0 - k),
        "cos_best": round(float(row[k]), 4),
        "dice_best": round(float(sim.dice[u, k]), 4),
        "shared_best": int(sim.shared[u, k]),
        "second": round(second, 4),
        "win_rel": ((kwin - t1) if step == 1 else (t0 - kwin)) if kwin >= 0 else None,
        "cos_win": round(float(row[kwin]), 4) if kwin >= 0 else None,
        "dice_win": round(float(sim.dice[u, kwin]), 4) if kwin >= 0 else None,
        "rare_past": sum(df_b.get(c, 0) <= 1 for c in mine & pastw),
        "rare_near_new": sum(df_b.get(c, 0) <= 1 for c in (mine & near) - rng - frag),
        "near_new": len((mine & near) - rng - frag),
        "near_new_only": len(((mine & near) - rng - frag) & own_a),
        "past_new": len((mine & pastw) - rng - frag),
        "in_range": len(mine & rng),
        "in_source": sum(c in df_b for c in mine),
        "nb": nb,
        "past_chars": _chars(b, sim, past),
        "best_chars": _chars(b, sim, k),
        "range_chars": (f.source_start, f.source_end),
    }


def _lcs(x: list[int], y: list[int]) -> int:
    prev = [0] * (len(y) + 1)
    for a in x:
        cur = [0]
        for j, b in enumerate(y):
            cur.append(prev[j] + 1 if a == b else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def _chars(b: Any, sim: Any, t: int) -> tuple[int, int] | None:
    if not 0 <= t < len(sim.b):
        return None
    return int(b.starts[int(sim.b.bounds[t])]), int(b.ends[int(sim.b.bounds[t + 1]) - 1])


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
        w0, w1 = int(sim.a.bounds[u]), int(sim.a.bounds[u + 1])
        c0, c1 = int(a.starts[w0]), int(a.ends[w1 - 1])
        if any(o.start < c1 and c0 < o.end for o in others):
            continue
        rec = features(g, a, b, sim, u, step)
        rec.update(c0=c0, c1=c1, grown=out is not None, kind=f.kind)
        RECORDS.append(rec)
    return out


sa._grown = _grown


def overlap(c0: int, c1: int, spans: Any) -> int:
    return sum(max(0, min(c1, e) - max(c0, s)) for s, e in spans)


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
        for r in RECORDS:
            inside = overlap(r["c0"], r["c1"], spans) >= 0.5 * (r["c1"] - r["c0"])
            out.append(
                {**r, "label": "copy" if inside else "pan-out", "pair": pair.id, "type": pair.kind}
            )
    return out


def run_essays(essays: Any, tag: str) -> list[dict[str, Any]]:
    out = []
    for e in essays:
        RECORDS.clear()
        sources = [TextInput(f"source{n}", s["text"]) for n, s in enumerate(e.sources)]
        check([TextInput("essay", e.text)], sources, Options(workers=1))
        own = [(s.start, s.end) for s in e.sentences if s.label == "own"]
        for r in RECORDS:
            is_own = overlap(r["c0"], r["c1"], own) >= 0.5 * (r["c1"] - r["c0"])
            out.append({**r, "label": f"{tag}-own" if is_own else f"{tag}-copied", "pair": e.id})
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["pan", "own", "retold"])
    p.add_argument("--wrap", type=int, default=0)
    p.add_argument("--types", nargs="*", default=["random"])
    p.add_argument("--out", required=True)
    p.add_argument("--without-specific", action="store_true", help="the engine before _singles_out")
    args = p.parse_args()
    if args.without_specific:
        sa._singles_out = lambda *args, **kwargs: None  # type: ignore[assignment]
    if args.what == "pan":
        rows = run_pan(args.types)
    else:
        from bench_own_text import honest_essays

        rows = run_essays(honest_essays(args.what, args.wrap), f"{args.what}{args.wrap}")
    Path(args.out).write_text(json.dumps(rows))
    from collections import Counter

    print(Counter(r["label"] for r in rows))


if __name__ == "__main__":
    main()
