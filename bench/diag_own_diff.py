"""Own sentences of bench_own_text.py's essays that a change marks (issue 34): each essay run
with ``sentence_align._sentence_edges`` as it is and as the identity, in this process, and
every own sentence marked by one and not the other printed with the fragment over it.

Usage: ``python bench/diag_own_diff.py [--wrap W]``. Development only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import bench_own_text as bot  # noqa: E402

import copylens.core.sentence_align as sa  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--wrap", type=int, default=0)
    args = parser.parse_args()
    essays, _ = bot.generate(bot.DEFAULT_PER_KIND, 1)
    essays = bot.wrap_essays(essays, args.wrap)
    original = sa._sentence_edges
    both = [0, 0]
    for essay in essays:
        runs = []
        for fn in (original, lambda f, o, a, t: f):
            sa._sentence_edges = fn
            runs.append(bot.engine_run(essay, ()))
        sa._sentence_edges = original
        for s in essay.sentences:
            if s.label != "own":
                continue
            new, old = (bot.marked(s, r.spans) for r in runs)
            if new != old:
                both[new] += 1
                print(
                    essay.name if hasattr(essay, "name") else "",
                    "NEW" if new else "GONE",
                    repr(essay.text[s.start : s.end])[:120],
                )
                for label, r in zip(("now", "before"), runs, strict=True):
                    for sp in r.spans:
                        if sp[0] < s.end and s.start < sp[1]:
                            print("    ", label, repr(essay.text[sp[0] : sp[1]])[:300])
    print("newly marked", both[1], "unmarked", both[0])


if __name__ == "__main__":
    main()
