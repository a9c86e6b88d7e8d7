"""Units :func:`copylens.core.sentence_align._singles_out` takes across a fragment (issue 34).

A unit after a fragment singling out a source unit *before* the fragment's source range (or a
unit before it, one after the range), within :data:`~copylens.core.sentence_align.SPECIFIC_REACH`
of the near edge of a short range, retells across the copy: a writer's own sentence on the
topic the source opens with ("My grandmother grew up near the coast of a river delta." after
a copy of a delta text's second and third sentences singles out its first) looks so. This
counts every such take by the truth: on the PAN-13 development sample (``in`` a case, else
``out``), on ``bench_own_text.py``'s essays and ``make_retold.py``'s (``own``, else
``copied``), with the unit's cosine with its best source unit, the second best, the distinct
words shared, and the distance behind the range's far edge (in source units).

The range's far edge is the fragment's source range as ``_grown`` was given it (the units it
holds may grow backwards before a take after it, rarely: then a take is counted that the
guard would not refuse). Bench only: ``_grown`` and ``_singles_out`` are wrapped in this
process. Usage: ``python bench/diag_singles_behind.py pan|own|retold [--wrap W]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import copylens.core.sentence_align as sa  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402

TAKES: list[dict[str, Any]] = []
NOW: dict[str, Any] = {}
_grown, _singles_out = sa._grown, sa._singles_out


def grown(f: Any, others: Any, a: Any, b: Any, sim: Any, tailed: Any = ()) -> Any:
    s0, s1 = sa.word_range(b, f.source_start, f.source_end)
    NOW.update(a=a, range=(sim.b.of_word(s0), sim.b.of_word(s1 - 1)) if s1 > s0 else None)
    return _grown(f, others, a, b, sim, tailed)


def singles_out(sim: Any, u: int, edge: int, b: Any, others: Any, mine: range) -> Any:
    got = _singles_out(sim, u, edge, b, others, mine)  # main's: no guard across the range
    if got is None or NOW.get("range") is None:
        return got
    t0, t1 = NOW["range"]
    step = 1 if u >= mine.stop else -1
    behind = (t0 - got[0]) if step == 1 else (got[0] - t1)
    if behind > 0:
        a, row = NOW["a"], sim.cos[u]
        w0, w1 = int(sim.a.bounds[u]), int(sim.a.bounds[u + 1])
        TAKES.append(
            {
                "chars": (int(a.starts[w0]), int(a.ends[w1 - 1])),
                "source_chars": got[1],
                "behind": int(behind),
                "range_units": int(t1 - t0 + 1),
                "cos": round(float(row[got[0]]), 3),
                "second": round(float(np.partition(row, -2)[-2]) if len(row) > 1 else 0.0, 3),
                "shared": int(sim.shared[u, got[0]]),
            }
        )
    return got


sa._grown, sa._singles_out = grown, singles_out  # type: ignore[assignment]


def _overlap(c0: int, c1: int, spans: Any) -> int:
    return sum(max(0, min(c1, e) - max(c0, s)) for s, e in spans)


def _show(rows: Counter[tuple[Any, ...]], take: dict[str, Any], label: str, what: str) -> None:
    rows[(what, label, take["behind"], take["range_units"])] += 1
    print(label, what, {k: v for k, v in take.items() if k != "chars"}, repr(take["text"])[:160])


def run_pan(rows: Counter[tuple[Any, ...]]) -> None:
    from bench_pan13 import CORPUS, load_cases, load_pairs

    cases = load_cases()
    for pair in load_pairs():
        TAKES.clear()
        susp = CORPUS / "susp" / pair.suspicious
        check([susp], [CORPUS / "src" / pair.source], Options(workers=1))
        spans = [(c[0], c[1]) for c in cases.get(pair.id, [])]
        text = susp.read_text(errors="replace")
        for t in TAKES:
            c0, c1 = t["chars"]
            t["text"] = text[c0:c1]
            label = "in" if _overlap(c0, c1, spans) >= 0.5 * (c1 - c0) else "out"
            _show(rows, t, label, f"pan {pair.kind} {pair.suspicious}")


def run_essays(rows: Counter[tuple[Any, ...]], what: str, wrap: int) -> None:
    from bench_own_text import honest_essays

    essays = honest_essays(what, wrap)
    for e in essays:
        TAKES.clear()
        sources = [TextInput(f"source{n}", s["text"]) for n, s in enumerate(e.sources)]
        check([TextInput("essay", e.text)], sources, Options(workers=1))
        own = [(s.start, s.end) for s in e.sentences if s.label == "own"]
        for t in TAKES:
            c0, c1 = t["chars"]
            t["text"] = e.text[c0:c1]
            label = "own" if _overlap(c0, c1, own) >= 0.5 * (c1 - c0) else "copied"
            _show(rows, t, label, f"{what} wrap {wrap} {e.id}")
    print(f"{what} wrap {wrap}: {len(essays)} essays")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=["pan", "own", "retold"])
    p.add_argument("--wrap", type=int, default=0)
    args = p.parse_args()
    rows: Counter[tuple[Any, ...]] = Counter()
    if args.what == "pan":
        run_pan(rows)
    else:
        run_essays(rows, args.what, args.wrap)
    print("takes behind the range (what, label, units behind, range units): count")
    for key, n in sorted(rows.items()):
        print(key, n)


if __name__ == "__main__":
    main()
