"""Diagnosis of the gaps one_passage leaves apart between two fragments of one case (issue 34,
branch gran59): every two neighbouring copy/paraphrase fragments left apart with at most
``--words`` canonical words between them and their source ranges within SOURCE_GAP words
(or the second's before the first's), logged with the gap's sentences and the source's
sentences around the two ranges, labelled by truth (diag_join_labels: PAN-13 in-case / out,
own where a writer's own sentence lies between). The rules are counted offline on the dump.

``--joins``: instead, every decision the engine's ``sentence_align._moved`` or
``_garbled_run`` joins, labelled alike.

Usage: ``python bench/diag_moved.py [--wrap 60] [--pan-only|--own-only] (--dump FILE |
--joins)``.
Development only."""

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
WORDS = 80
REACH = 80  # source words read each side of the two ranges' hull


def _features(
    g: Fragment, f: Fragment, a: Any, b: Any, sim: Any, text: str, source: str, kw: Any
) -> dict[str, Any] | None:
    if f.start < g.end or g.cited != f.cited or {g.kind, f.kind} - {"copy", "paraphrase"}:
        return None
    between = sa._words_between(a, g.end, f.start)
    if not 0 < between <= WORDS:
        return None
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    if hi[0] >= lo[1] and sa._words_between(b, lo[1], hi[0]) > sa.SOURCE_GAP:
        return None
    g0, g1 = sa.word_range(a, g.start, g.end)
    f0, f1 = sa.word_range(a, f.start, f.end)
    if g1 <= g0 or f1 <= f0:
        return None
    last, first = int(a.ends[g1 - 1]), int(a.starts[f0])
    ends = [m.end() + last for m in sa._SENTENCE_END.finditer(text[last:first] + " ")]
    cuts = [last, *ends]
    if cuts[-1] < first:
        cuts.append(first + 1)
    pieces = []
    for c0, c1 in itertools.pairwise(cuts):
        s0, s1 = sa.word_range(a, c0, c1)
        w0, w1 = sa.word_range(a, g.end, f.start)
        s0, s1 = max(s0, w0), min(s1, w1)
        if s1 <= s0:
            continue
        whole = c0 in ends and c1 in ends
        pieces.append(
            {
                "forms": list(a.forms[s0:s1]),
                "text": text[int(a.starts[s0]) : int(a.ends[s1 - 1])],
                "whole": whole,
                "units": sorted({sim.a.of_word(w) for w in range(s0, s1)}) if sim else [],
            }
        )
    y0, y1 = sa.word_range(b, g.source_start, g.source_end)
    x0, x1 = sa.word_range(b, f.source_start, f.source_end)
    h0, h1 = max(min(y0, x0) - REACH, 0), min(max(y1, x1) + REACH, len(b))
    sents = []
    w = h0
    while w < h1:
        s0, s1 = sa._text_sentence(source, b, w)
        s1 = max(s1, w + 1)
        sents.append((s0, s1, list(b.forms[s0:s1])))
        w = s1
    cos = []
    if sim is not None:
        for p in pieces:
            rows = [np.array(sim.cos[u], dtype=float) for u in p["units"]]
            cos.append([r.tolist() for r in rows])
    return {
        "language": a.language,
        "kinds": f"{g.kind}/{f.kind}",
        "between": between,
        "pieces": pieces,
        "g": [y0, y1],
        "f": [x0, x1],
        "g_forms": list(a.forms[g0:g1]),
        "f_forms": list(a.forms[f0:f1]),
        "g_edge": list(a.forms[max(sa._text_sentence(text, a, g1 - 1)[0], g0) : g1]),
        "f_edge": list(a.forms[f0 : min(sa._text_sentence(text, a, f0)[1], f1)]),
        "src_sents": sents,
        "unit_bounds": sim.b.bounds.tolist() if sim is not None else [],
        "cos": cos,
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


def _logged(original: Any, rule: str) -> Any:
    def moved(g: Any, f: Any, a: Any, b: Any, text: Any, source: Any) -> bool:
        out = bool(original(g, f, a, b, text, source))
        if out and text is not None:
            w0, w1 = sa.word_range(a, g.end, f.start)
            gap = text[int(a.starts[w0]) : int(a.ends[w1 - 1])] if w1 > w0 else ""
            span = (g.start, g.end, f.start, f.end)
            LOG.append({**CONTEXT, "span": span, "gap_text": f"{rule}: {gap}"})
        return out

    return moved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wrap", type=int, default=None)
    parser.add_argument("--pan-only", action="store_true")
    parser.add_argument("--own-only", action="store_true")
    parser.add_argument("--dump", type=Path, default=None)
    parser.add_argument("--joins", action="store_true")
    args = parser.parse_args()
    if args.joins:
        sa._moved = _logged(sa._moved, "moved")  # type: ignore[assignment]
        sa._garbled_run = _logged(sa._garbled_run, "run")  # type: ignore[assignment]
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
