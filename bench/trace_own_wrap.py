"""Which step marks the writer's own sentences that hard wrapping adds (issue 34).

``bench_own_text.py --wrap W`` counts own sentences marked when every essay and source is
hard-wrapped at W columns; this traces, with ``trace_own_marks.py``'s :func:`trace` (the first
step after which a fragment covers half of the sentence), every own sentence marked in
``make_interleaved.py``'s essays (30 per language and kind, seed 1) and ``make_retold.py``'s
(2 per item), as they are and wrapped at W, and prints the sentences marked only when wrapped
(and only when not) by step. Bench only; about 40 s. Usage:
``python bench/trace_own_wrap.py [--wrap 60]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import make_interleaved  # noqa: E402
import make_retold  # noqa: E402
import trace_own_marks  # noqa: E402
from bench_own_text import wrap_essays  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wrap", type=int, default=60)
    args = parser.parse_args(argv)
    trace_own_marks.instrument()
    papers = trace_own_marks.paper_of()
    essays = make_interleaved.generate(30, 1)[0] + make_retold.generate(2, 1, 30)
    rows: dict[int, dict[tuple[str, str], dict[str, str]]] = {}
    for width in (0, args.wrap):
        rows[width] = {
            (r["essay"], r["own"].replace("\n", " ")): r
            for e in wrap_essays(essays, width)
            for r in trace_own_marks.trace(e, papers)
        }
    plain, wrapped = rows[0], rows[args.wrap]
    new = [k for k in wrapped if k not in plain]
    gone = [k for k in plain if k not in wrapped]
    print(
        f"own sentences marked (by source): as they are {len(plain)}, wrapped at "
        f"{args.wrap} {len(wrapped)}; only wrapped {len(new)}, only as they are {len(gone)}"
    )
    print("first step, as they are:", dict(Counter(r["step"] for r in plain.values())))
    print("first step, wrapped:", dict(Counter(r["step"] for r in wrapped.values())))
    print("only wrapped, by step:", dict(Counter(wrapped[k]["step"] for k in new)))
    print("only as they are, by step:", dict(Counter(plain[k]["step"] for k in gone)))
    for k in new:
        r = wrapped[k]
        print(
            f"- {r['essay']} | {r['step']} | {r['class']} | {r['signal']} | {k[1]}".replace(
                "\n", " "
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
