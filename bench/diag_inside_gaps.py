"""Diagnosis of the gaps `_inside_sentences` leaves apart (issue 34, branch gran57): every
two neighbouring copy/paraphrase fragments that one_passage leaves apart with at most
INSIDE_WORDS canonical words between them and at most ``--ends`` sentence ends in the text
from the first's last word to the second's first, their source ranges within SOURCE_GAP
words, logged with the words a rule could read and labelled by truth (diag_join_labels).

``--joins``: instead, every decision the engine's ``sentence_align._garbled`` joins, labelled
alike (PAN-13 in-case / out, own where a writer's own sentence lies between).

Measured on main e99b925 (the engine without ``_garbled``), the rule's parameters counted
offline on the dumps (each own decision joined would be an own sentence marked): of the
decisions meeting its structure, PAN-13 random in-case 10 of 12 join (4 gaps), translation 0
of 5, own 0 of ~440-460 in each of as is / ``--wrap 60`` / ``--wrap 80``.

Usage: ``python bench/diag_inside_gaps.py [--wrap 60] [--pan-only|--own-only]
(--dump FILE | --joins)``. Development only."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from diag_join_labels import distinct_rows, label_own, label_pan  # noqa: E402

import copylens.core.passages as passages  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.report import Fragment  # noqa: E402

LOG: list[dict[str, Any]] = []
CONTEXT: dict[str, Any] = {}
ENDS = 2


def _sentence(c: Any, w: int) -> tuple[int, int]:
    """The word range of the sentence (``c.sentences``) of word ``w``."""
    if not 0 <= w < len(c):
        return (0, 0)
    k = int(c.sentences[w])
    w0 = int(np.searchsorted(c.sentences, k, side="left"))
    w1 = int(np.searchsorted(c.sentences, k, side="right"))
    return (w0, w1)


def _features(
    g: Fragment, f: Fragment, a: Any, b: Any, sim: Any, text: str, source: str, kw: Any
) -> dict[str, Any] | None:
    if f.start < g.end or g.cited != f.cited or {g.kind, f.kind} - {"copy", "paraphrase"}:
        return None
    between = sa._words_between(a, g.end, f.start)
    if not 0 < between <= sa.INSIDE_WORDS:
        return None
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    sgap = (
        sa._words_between(b, lo[1], hi[0])
        if hi[0] >= lo[1]
        else -sa._words_between(b, hi[0], lo[1])
    )
    if sgap > sa.SOURCE_GAP:
        return None
    g0, g1 = sa.word_range(a, g.start, g.end)
    f0, f1 = sa.word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0:
        return None
    last, first = int(a.ends[g1 - 1]), int(a.starts[f0])
    ends = [m.end() + last for m in sa._SENTENCE_END.finditer(text[last:first] + " ")]
    if len(ends) > ENDS:
        return None
    w0, w1 = sa.word_range(a, g.end, f.start)
    ign = sa._spans_ignored(g, f, a, b, kw.get("ignored", (None, None)))
    # source windows
    y0, y1 = sa.word_range(b, lo[0], lo[1])
    x0, x1 = sa.word_range(b, hi[0], hi[1])
    z0, z1 = sa.word_range(b, lo[1], hi[0]) if hi[0] > lo[1] else (0, 0)
    ls = _sentence(b, y1 - 1) if y1 > y0 else (0, 0)
    fs = _sentence(b, x0) if x1 > x0 else (0, 0)
    gs = _sentence(a, g1 - 1)
    hs = _sentence(a, f0)
    elsewhere = 0.0
    if sim is not None and len(sim.b):
        s0, s1 = sa.word_range(b, lo[0], max(lo[1], hi[1]))
        t0, t1 = sim.b.of_word(min(s0, len(b) - 1)), sim.b.of_word(max(min(s1, len(b)) - 1, 0))
        for u in {sim.a.of_word(w) for w in range(w0, w1)}:
            row = np.array(sim.cos[u], dtype=float)
            row[max(t0 - 1, 0) : t1 + 2] = 0.0
            elsewhere = max(elsewhere, float(row.max()))
    return {
        "language": a.language,
        "kinds": f"{g.kind}/{f.kind}",
        "exact": [g.exact_words / max(g.words, 1), f.exact_words / max(f.words, 1)],
        "between": between,
        "ends": len(ends),
        "split": [sa._words_between(a, g.end, e) for e in ends],
        "ignored": bool(ign),
        "sgap": sgap,
        "back": f.source_start < g.source_start,
        "gap": list(a.forms[w0:w1]),
        "gap_text": text[int(a.starts[w0]) : int(a.ends[w1 - 1])],
        "before_text": text[max(g.start, g.end - 150) : g.end],
        "after_text": text[f.start : min(f.end, f.start + 150)],
        "g_forms": list(a.forms[g0:g1]),
        "f_forms": list(a.forms[f0:f1]),
        "g_edge": list(a.forms[max(gs[0], g0) : g1]),  # g's last sentence inside g
        "f_edge": list(a.forms[f0 : min(hs[1], f1)]),
        "g_sent": list(a.forms[gs[0] : gs[1]]),
        "f_sent": list(a.forms[hs[0] : hs[1]]),
        "src_lo": list(b.forms[y0:y1]),
        "src_hi": list(b.forms[x0:x1]),
        "src_skip": list(b.forms[z0:z1]),
        "src_lo_sent": list(b.forms[ls[0] : ls[1]]),
        "src_hi_sent": list(b.forms[fs[0] : fs[1]]),
        "src_around": list(b.forms[max(min(y1, x0) - 30, 0) : max(y1, x0) + 30]),
        "src_text": source[max(lo[1] - 200, 0) : hi[0] + 200],
        "elsewhere": elsewhere,
        "span": (g.start, g.end, f.start, f.end),
        "grouped": bool(kw.get("grouped")),
    }


def _wrapped(original: Any) -> Any:
    def one_passage(fragments: Any, a: Any, b: Any, sim: Any = None, **kw: Any) -> Any:
        out = original(fragments, a, b, sim, **kw)
        text = kw.get("text")
        if text is None:
            return out
        source = kw.get("source") or ""
        for g, f in itertools.pairwise(sorted(out, key=lambda x: (x.start, x.end))):
            got = _features(g, f, a, b, sim, text, source, kw)
            if got is not None:
                LOG.append({**CONTEXT, **got})
        return out

    return one_passage


def _logged(original: Any) -> Any:
    def garbled(g: Any, f: Any, a: Any, b: Any, sim: Any, text: Any, source: Any = None) -> bool:
        out = bool(original(g, f, a, b, sim, text, source))
        if out and text is not None:
            w0, w1 = sa.word_range(a, g.end, f.start)
            gap = text[int(a.starts[w0]) : int(a.ends[w1 - 1])] if w1 > w0 else ""
            LOG.append({**CONTEXT, "span": (g.start, g.end, f.start, f.end), "gap_text": gap})
        return out

    return garbled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wrap", type=int, default=None)
    parser.add_argument("--pan-only", action="store_true")
    parser.add_argument("--own-only", action="store_true")
    parser.add_argument("--dump", type=Path, default=None)
    parser.add_argument("--joins", action="store_true")
    args = parser.parse_args()
    if args.joins:
        sa._garbled = _logged(sa._garbled)  # type: ignore[assignment]
    else:
        sa.one_passage = _wrapped(sa.one_passage)  # type: ignore[assignment]
        passages.one_passage = sa.one_passage  # type: ignore[attr-defined]
    if not args.own_only:
        label_pan(LOG, CONTEXT)
    if not args.pan_only:
        label_own(LOG, CONTEXT, args.wrap, "own-text, no own sentence between")
    rows = distinct_rows(LOG, args.dump)
    print(len(rows), Counter(r["label"] for r in rows))
    if args.joins:
        for r in rows:
            print(f"  {r['label']}: {r['id']} {r['span']} {r['gap_text'][:80]!r}")


if __name__ == "__main__":
    main()
