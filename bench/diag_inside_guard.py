"""Diagnosis of `_inside_sentences`' held-against-between guard (issue 34, branch guard): which
joins does it refuse, on PAN-13 random/translation pairs (in a case or not) and over a writer's
own sentences (bench_own_text.py's essays and make_retold.py's, as is or hard-wrapped)?

:func:`copylens.core.sentence_align._inside_sentences` is wrapped (in this process only): each
call it refuses that passes every test but the guard (each of the at most two sentences
straddling the gap holds at least as many canonical words inside the fragments as between
them) is logged with the evidence a relaxed guard could read:

- ``deficit``: words between minus words held, the worse of the two sentences (one sentence:
  between minus both fragments' words in it);
- ``between``: canonical words between the fragments; ``held``: the least held;
- ``hull_share``: share of the distinct canonical words between that lie in the fragments'
  source hull (one source sentence of slack each side);
- ``gap_share``: the same for the source between the two source ranges (its edge sentences);
- ``sgap``: canonical source words between the ranges (negative: overlap).

Labels: PAN ``in-case`` when both fragments overlap one case, else ``out``; own essays ``own``
when the text between the fragments overlaps a sentence labelled own, else ``own-text other``.
Decisions are counted once per (pair, spans). Then counts per rule family are printed.

Measured on main e39ba5c (no slack), 2026-11-30: PAN-13 random/translation 4 refusals, all
random in-case (00029, 01044 twice, 01755), each one word short (``deficit`` 1), 1 / 2 / 2 /
1 held words; none on translation. Own essays as is / ``--wrap 60`` / ``--wrap 80``: 9 / 28 /
23 over an own sentence (plus 0 / 2 / 6 over copied text); a slack of 1 on a copy's side
joins 0 / 0 / 0 own (1 / 0 / 0 on any side: en-edit10-024 at 60 columns, a paraphrase's edge
"accurate." after "Since it searches all possibilities, it is also very"); a slack of 2
joins 2 / 4 / 4 own (copy side); the sentence seed (cosine and Dice 0.33 with a unit of the
hull, ``seed_cos``/``seed_dice``) alone 2 in-case against 0 / 10 / 4 own. The other split
cases of the sample (main: 13 random, 4 translation; ``diag_granularity.py``) have a whole
sentence between (two sentence ends or more): not this guard's.

Usage: ``python bench/diag_inside_guard.py [--wrap 60] [--pan-only|--own-only] [--dump F]``.
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

from diag_join_labels import distinct_rows, label_own, label_pan  # noqa: E402

from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.report import Fragment  # noqa: E402

LOG: list[dict[str, Any]] = []
CONTEXT: dict[str, Any] = {}
ORIGINAL = sa._inside_sentences
ADJACENT = sa._adjacent
SIM: dict[str, Any] = {}


def _adjacent(g: Fragment, f: Fragment, a: Any, b: Any, sim: Any, *args: Any, **kw: Any) -> bool:
    SIM["sim"] = sim  # _inside_sentences is asked next, on the same two fragments
    return bool(ADJACENT(g, f, a, b, sim, *args, **kw))


def _seed(sim: Any, a: Any, b: Any, w0: int, w1: int, y0: int, y1: int) -> tuple[float, float]:
    """The best (cosine, dice) of a unit of the checked text holding words [w0, w1) with a
    source unit of words [y0, y1) (one unit of slack), best by min(cos, dice)."""
    if sim is None or len(b) == 0 or len(a) == 0:
        return 0.0, 0.0
    t0 = sim.b.of_word(min(y0, len(b) - 1))
    t1 = sim.b.of_word(max(min(y1, len(b)) - 1, 0))
    best = (0.0, 0.0)
    for u in {sim.a.of_word(w) for w in range(w0, min(w1, len(a)))}:
        cos = np.asarray(sim.cos[u, max(t0 - 1, 0) : t1 + 2], dtype=float)
        dice = np.asarray(sim.dice[u, max(t0 - 1, 0) : t1 + 2], dtype=float)
        if len(cos):
            k = int(np.argmax(np.minimum(cos, dice)))
            if min(cos[k], dice[k]) > min(best):
                best = (float(cos[k]), float(dice[k]))
    return round(best[0], 3), round(best[1], 3)


def _share(forms: set[str], pool: set[str]) -> float:
    return len(forms & pool) / len(forms) if forms else 1.0


def _sentence_span(b: Any, w0: int, w1: int) -> tuple[int, int]:
    """Words [w0, w1) of ``b`` widened to whole sentences plus one sentence each side."""
    ids = b.sentences
    if len(b) == 0:
        return 0, 0
    w0, w1 = max(min(w0, len(b) - 1), 0), max(min(w1, len(b)), 1)
    s0, s1 = int(ids[w0]) - 1, int(ids[w1 - 1]) + 1
    return int(np.searchsorted(ids, s0, side="left")), int(np.searchsorted(ids, s1, side="right"))


def _features(g: Fragment, f: Fragment, a: Any, b: Any, text: str) -> dict[str, Any] | None:
    """As _inside_sentences, but returning the guard's figures where only the guard refuses."""
    if f.start < g.end or g.cited != f.cited:
        return None
    if {g.kind, f.kind} - {"copy", "paraphrase"}:
        return None
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    if sa._words_between(b, lo[1], hi[0]) > sa.SOURCE_GAP:
        return None
    between = sa._words_between(a, g.end, f.start)
    if between > sa.INSIDE_WORDS:
        return None
    g0, g1 = sa.word_range(a, g.start, g.end)
    f0, f1 = sa.word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0:
        return None
    last, first = int(a.ends[g1 - 1]), int(a.starts[f0])
    ends = [m.end() + last for m in sa._SENTENCE_END.finditer(text[last:first] + " ")]
    if len(ends) > 1:
        return None
    reach = max(g.start, last - sa.SENTENCE_REACH)
    tail = [m.end() for m in sa._SENTENCE_END.finditer(text, reach, last)]
    head = sa._SENTENCE_END.search(text, first, min(f.end, first + sa.SENTENCE_REACH))
    held_g = sa._words_between(a, tail[-1] if tail else reach, g.end)
    held_f = sa._words_between(
        a, f.start, head.start() if head else min(f.end, first + sa.SENTENCE_REACH)
    )
    if not ends:
        deficit = between - (held_g + held_f)
        held = held_g + held_f
        parts = [between]
    else:
        bg = sa._words_between(a, g.end, ends[0])
        bf = sa._words_between(a, ends[0], f.start)
        deficit = max(bg - held_g, bf - held_f)
        held = min(held_g, held_f)
        parts = [bg, bf]
    if deficit <= 0:
        return None  # joined (or refused elsewhere)
    w0, w1 = sa.word_range(a, g.end, f.start)
    forms = set(a.forms[w0:w1])
    y0, y1 = sa.word_range(b, lo[0], max(lo[1], hi[1]))
    h0, h1 = _sentence_span(b, y0, y1)
    hull = set(b.forms[h0:h1])
    z0, z1 = sa.word_range(b, *sorted((lo[1], hi[0])))
    e0, e1 = _sentence_span(b, z0 - 1 if z0 > 0 else 0, max(z1, z0 + 1))
    gapset = set(b.forms[e0:e1])
    sgap = (
        sa._words_between(b, lo[1], hi[0])
        if hi[0] >= lo[1]
        else -sa._words_between(b, hi[0], lo[1])
    )
    seed = _seed(SIM.get("sim"), a, b, w0, w1, y0, y1)
    return {
        "seed_cos": seed[0],
        "seed_dice": seed[1],
        "deficit": deficit,
        "between": between,
        "parts": parts,
        "held": held,
        "held_g": held_g,
        "held_f": held_f,
        "ends": len(ends),
        "hull_share": round(_share(forms, hull), 3),
        "gap_share": round(_share(forms, gapset), 3),
        "sgap": sgap,
        "order": "fwd" if f.source_start >= g.source_start else "back",
        "kinds": f"{g.kind}/{f.kind}",
        "text": text[g.end : f.start][:120],
        "before": text[max(g.start, g.end - 60) : g.end],
        "after": text[f.start : min(f.end, f.start + 60)],
        "span": (g.start, g.end, f.start, f.end),
    }


def _wrapped(g: Fragment, f: Fragment, a: Any, b: Any, text: str | None, grouped: bool) -> bool:
    out = ORIGINAL(g, f, a, b, text, grouped)
    if not out and text is not None and (g.kind == f.kind or grouped):
        got = _features(g, f, a, b, text)
        if got is not None:
            LOG.append({**CONTEXT, "grouped": grouped, **got})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wrap", type=int, default=None)
    parser.add_argument("--pan-only", action="store_true")
    parser.add_argument("--own-only", action="store_true")
    parser.add_argument("--dump", type=Path, default=None)
    args = parser.parse_args()
    sa._inside_sentences = _wrapped  # type: ignore[assignment]
    sa._adjacent = _adjacent  # type: ignore[assignment]
    if not args.own_only:
        label_pan(LOG, CONTEXT)
    if not args.pan_only:
        label_own(LOG, CONTEXT, args.wrap, "own-text other")
    rows = distinct_rows(LOG, args.dump)
    labels = sorted({r["label"] for r in rows})
    print(
        f"{len(rows)} decisions refused by the guard alone:",
        dict(Counter(r["label"] for r in rows)),
    )
    print("| deficit <= | hull_share >= | " + " | ".join(labels))
    for d in (1, 2, 3):
        for share in (0.0, 0.5, 0.7, 0.9, 1.0):
            hit = Counter(
                r["label"] for r in rows if r["deficit"] <= d and r["hull_share"] >= share
            )
            print(f"| {d} | {share} | " + " | ".join(str(hit[x]) for x in labels))


if __name__ == "__main__":
    main()
