"""Which step marks the writer's own sentences that hard wrapping adds (issue 34).

``bench_own_text.py --wrap W`` counts own sentences marked when every essay and source is
hard-wrapped at W columns; this traces, with ``trace_own_marks.py``'s :func:`trace` (the first
step after which a fragment covers half of the sentence), every own sentence marked in
``make_interleaved.py``'s essays (30 per language and kind, seed 1) and ``make_retold.py``'s
(2 per item), as they are and wrapped at W, and prints the sentences marked only when wrapped
(and only when not) by step, and writes it all to ``bench/results/own_marks_wrap.md``
(``--out``), with the commit and the time it was run, so that file is this tool's output,
never written by hand. Bench only; about 40 s a width. Usage:
``python bench/trace_own_wrap.py [--wrap 60 80] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import make_interleaved  # noqa: E402
import make_retold  # noqa: E402
import trace_own_marks  # noqa: E402
from bench_own_text import wrap_essays  # noqa: E402

Rows = dict[tuple[str, str], dict[str, Any]]


def report(plain: Rows, wrapped: Rows, width: int) -> list[str]:
    """The lines printed for one width: counts, first steps, and each sentence marked only
    when wrapped (essay, step, class, signal, sentence)."""
    new = [k for k in wrapped if k not in plain]
    gone = [k for k in plain if k not in wrapped]
    lines = [
        f"own sentences marked (by source): as they are {len(plain)}, wrapped at "
        f"{width} {len(wrapped)}; only wrapped {len(new)}, only as they are {len(gone)}",
        f"first step, as they are: {dict(Counter(r['step'] for r in plain.values()))}",
        f"first step, wrapped: {dict(Counter(r['step'] for r in wrapped.values()))}",
        f"only wrapped, by step: {dict(Counter(wrapped[k]['step'] for k in new))}",
        f"only as they are, by step: {dict(Counter(plain[k]['step'] for k in gone))}",
    ]
    for k in new:
        r = wrapped[k]
        line = f"- {r['essay']} | {r['step']} | {r['class']} | {r['signal']} | {k[1]}"
        lines.append(line.replace("\n", " "))
    return lines


def _commit() -> str:
    """HEAD's short hash, with "+ changes" when the engine (core/) differs from it (the bench
    results this and other benches write do not count)."""

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["git", "-C", str(BENCH), *args], capture_output=True, text=True, check=False
        )

    head = git("rev-parse", "--short", "HEAD").stdout.strip() or "?"
    return (
        head
        if git("diff", "--quiet", "HEAD", "--", "../core").returncode == 0
        else f"{head} + changes"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wrap", type=int, nargs="+", default=[60, 80])
    parser.add_argument("--out", type=Path, default=BENCH / "results" / "own_marks_wrap.md")
    args = parser.parse_args(argv)
    trace_own_marks.instrument()
    papers = trace_own_marks.paper_of()
    essays = make_interleaved.generate(30, 1)[0] + make_retold.generate(2, 1, 30)
    rows: dict[int, Rows] = {}
    for width in (0, *args.wrap):
        rows[width] = {
            (r["essay"], r["own"].replace("\n", " ")): r
            for e in wrap_essays(essays, width)
            for r in trace_own_marks.trace(e, papers)
        }
    command = " ".join(["python bench/trace_own_wrap.py", *(argv or sys.argv[1:])])
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    out = [
        "# Own sentences marked only when hard-wrapped, by the step that marks them (issue 34)",
        "",
        f"`{command}` (make_interleaved.py's essays, 30 per language and kind, and "
        "make_retold.py's, 2 per item, seed 1; rows are (essay, own sentence) marked by a "
        "source; step and signal as in trace_own_marks.py; class *restates*: "
        "make_retold.honest would leave the sentence out of its pool). Written by the tool, "
        f"commit {_commit()}, {when}.",
    ]
    for width in args.wrap:
        lines = report(rows[0], rows[width], width)
        print("\n".join(lines))
        out += ["", f"## Wrapped at {width} columns", "", "```", *lines, "```"]
    args.out.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
