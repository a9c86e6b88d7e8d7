"""Diagnosis of one whole garbled sentence between two fragments of a PAN-13 case (issue 34,
branch gran): does the source sentence at the two fragments' junction (the last sentence of
the first's source range, the first of the second's) hold the gap sentence's words, and does
the source hull hold more sentences than the two fragments' checked sentences (the gap
sentence's place)? A writer's own sentence between two copies of consecutive source sentences
has no place of its own in the source; a garbled copy has one, near the junction.

Extends ``diag_gap_joins.py`` (its wrapper of ``one_passage`` logs every two neighbouring
fragments left apart over exactly one whole sentence of at most ``--words`` canonical words,
labelled by ``diag_join_labels``) with:

- ``ns_a`` / ``ns_b``: sentences (``Canonical.sentences``) the two fragments hold in the checked
  text / their source hull holds;
- ``junction_share``: the share of the gap sentence's distinct canonical words in the better
  of the two junction sentences of the source.

Measured on branch gran (e9f2ea3, unwrapped, ``--words 25``), 2026-11-30: 1,968 decisions
(own 1,919, PAN random in-case 18, translation in-case 12, other 19). ``ns_b - ns_a`` does not
tell them apart (own: 0 for 1,085, 1 for 398, 2 for 293, more for 143; random in-case from -4
to 4): random obfuscation moves full stops. ``junction_share`` >= 0.5 with the source ranges
meeting (source gap -1 to 4 words): random in-case 3, translation in-case 2, own 10; >= 0.34:
3, 2 and 15; with at most 4 words, a source gap of 0 or 1 and no better place elsewhere
(cosine < 0.3): 2, 1 and 10. No rule on these joins a garbled sentence without marking more
own sentences than the cases it joins (as diag_gap_joins.py found for the source-continuity
evidence). The PAN random split cases left (``diag_granularity.py --types random`` on gran:
11 in-case gaps) are 6 short whole garbled sentences ("Is Lincoln s show in the debates that
apparition?", "See for change.", "Edition, and became the team."), 3 longer runs of whole
sentences (16-21 words, 2-4 sentence ends), 6 sentences of 38 words, and a summary beside a
copy.

Usage: ``python bench/diag_junction.py [--words 25] [--wrap 60] [--dump FILE]``.
Development only; a few minutes on 2 cores.
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

import diag_gap_joins as dg  # noqa: E402
from diag_join_labels import distinct_rows, label_own, label_pan  # noqa: E402

import copylens.core.passages as passages  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.report import Fragment  # noqa: E402

FEATURES = dg._features


def _features(g: Fragment, f: Fragment, a: Any, b: Any, sim: Any) -> dict[str, Any] | None:
    got = FEATURES(g, f, a, b, sim)
    if got is None:
        return None
    w0, w1 = sa.word_range(a, g.end, f.start)
    ids = a.sentences
    held: set[int] = set()
    for x in (g, f):
        x0, x1 = sa.word_range(a, x.start, x.end)
        held |= set(ids[x0:x1].tolist())
    lo, hi = min(g.source_start, f.source_start), max(g.source_end, f.source_end)
    y0, y1 = sa.word_range(b, lo, hi)
    gap = set(a.forms[w0:w1])
    junction = set()
    gy = sa.word_range(b, g.source_start, g.source_end)
    fy = sa.word_range(b, f.source_start, f.source_end)
    if gy[1] > gy[0]:
        junction.add(int(b.sentences[gy[1] - 1]))
    if fy[1] > fy[0]:
        junction.add(int(b.sentences[fy[0]]))
    best = 0.0
    for k in junction:
        forms = {b.forms[x] for x in np.flatnonzero(b.sentences == k).tolist()}
        best = max(best, len(gap & forms) / max(len(gap), 1))
    got.update(ns_a=len(held), ns_b=len(set(b.sentences[y0:y1].tolist())), junction_share=best)
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=25)
    parser.add_argument("--wrap", type=int, default=None)
    parser.add_argument("--dump", type=Path, default=None, help="every decision as JSON lines")
    args = parser.parse_args()
    dg.WORDS = args.words
    dg._features = _features
    sa.one_passage = dg._wrapped(sa.one_passage)  # type: ignore[assignment]
    passages.one_passage = sa.one_passage  # type: ignore[attr-defined]
    label_pan(dg.LOG, dg.CONTEXT)
    label_own(dg.LOG, dg.CONTEXT, args.wrap, "own-text, no own sentence between")
    rows = distinct_rows(dg.LOG, args.dump)
    print(f"{len(rows)} decisions left apart over one whole sentence (<= {args.words} words)")
    print(Counter(r["label"] for r in rows))
    print("sentences in the source hull minus those the fragments hold, by label:")
    print(Counter((r["label"], r["ns_b"] - r["ns_a"]) for r in rows).most_common(30))
    for share in (0.34, 0.5, 0.67):
        hit = Counter(
            r["label"] for r in rows if r["junction_share"] >= share and -1 <= r["sgap"] <= 4
        )
        print(f"junction share >= {share}, source gap -1..4 words: {dict(hit)}")
    hit = Counter(
        r["label"]
        for r in rows
        if r["junction_share"] >= 0.5
        and r["elsewhere"] < 0.3
        and 0 <= r["sgap"] <= 1
        and r["words"] <= 4
    )
    print(f"... and <= 4 words, source gap 0..1, elsewhere < 0.3: {dict(hit)}")


if __name__ == "__main__":
    main()
