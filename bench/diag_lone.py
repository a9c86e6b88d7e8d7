"""Diagnosis of the lone seeds :func:`copylens.core.sentence_align.alone` leaves out (issue 34):
every seed unit of the checked text that no fragment holds and no run reports, with the
features a rule could use, labelled by the truth, on both sides at once.

- PAN-13 development sample (``bench_pan13.py``'s corpus, every type or ``--types``): a
  unit is ``case`` when half its characters lie in a truth case of its pair, else ``out``
  (outside every case: reporting it would cost precision; negatives are all ``out``).
- ``make_interleaved.py``'s essays (``bench_own_text.py``'s collection, ``--wrap`` 0, 60, 80
  as that bench) and ``make_retold.py``'s: a unit is ``own`` when half its characters lie in
  a writer's own sentence, else ``copied``.

Per unit: its best seed's cosine, Dice, distinct words shared and its own, the pairs of
consecutive canonical words it shares with the source units around its seed (``bigrams``: a
phrase the obfuscation kept), the ratio margin
(:func:`copylens.core.sentence_align._distinctive`'s), the passage's seeds, strength
(:func:`~copylens.core.sentence_align.credible`) and sides' cosine, sentence ends, whether a
fragment lies within :data:`~copylens.core.sentence_align.MAX_GAP` units, whether the pair has
any fragment, and the neighbouring seed units that follow the source.

Then, per PAN-13 case that got no fragment, the separation (:func:`separation`): how many
honest units are as high on every feature as the case's best unit.

Usage: ``python bench/diag_lone.py [--pan] [--own] [--honest] [--wraps 0 60 80] [--out FILE]``
(all three parts: about 7 CPU minutes), or ``--read FILE ...`` to print the separation of
earlier runs; writes JSON lines (one per unit). Development only.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import copylens.core.passages as passages  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402

_CURRENT: dict[str, Any] = {}
RECORDS: list[dict[str, Any]] = []
_edited, _alone = passages.edited, passages.alone


def _probe_edited(a: Any, b: Any, found: Any, sim: Any, whole: Any = None) -> Any:
    _CURRENT["a"], _CURRENT["b"] = a, b
    return _edited(a, b, found, sim, whole)


def _margin(sim: sa.Similarity, i: int, j: int) -> float:
    mean = (sa._knn(sim.cos[i], j) + sa._knn(sim.cos[:, j], i)) / 2
    return float(sim.cos[i, j]) / mean if mean > 0 else float("inf")


def _bigrams(sim: sa.Similarity, i: int, j: int) -> int:
    """Distinct pairs of consecutive canonical words of unit i of A found consecutive in
    source units [j - 1, j + 2) (a phrase the obfuscation kept)."""
    x = sim.words_a[int(sim.a.bounds[i]) : int(sim.a.bounds[i + 1])].tolist()
    lo, hi = max(j - 1, 0), min(j + 2, len(sim.b))
    y = sim.words_b[int(sim.b.bounds[lo]) : int(sim.b.bounds[hi])].tolist()
    mine = {(p, q) for p, q in pairwise(x) if p != q}
    return len(mine & set(pairwise(y)))


def _probe_alone(sim: sa.Similarity, taken: Any, ends: Any = None, sentences: Any = None) -> Any:
    runs = _alone(sim, taken, ends, sentences)
    a = _CURRENT["a"]
    ca = a.canonical
    used = np.zeros(len(sim.a), dtype=bool)
    for t0, t1, _, _ in taken:
        if t1 > t0:
            used[sim.a.of_word(t0) : sim.a.of_word(t1 - 1) + 1] = True
    reported = np.zeros(len(sim.a), dtype=bool)
    for r in runs:
        reported[sim.a.of_word(r.a0) : sim.a.of_word(r.a1 - 1) + 1] = True
    seeds = set(sim.seeds)
    for box, group in sa.passages(sim):
        strong = sa.credible(box, group, sim)
        for i, j in group:
            if used[i] or reported[i]:
                continue
            w0, w1 = int(sim.a.bounds[i]), int(sim.a.bounds[i + 1])
            follow = [
                (di, dj)
                for di in (-2, -1, 1, 2)
                for dj in (-2, -1, 1, 2)
                if (i + di, j + dj) in seeds and (di > 0) == (dj > 0)
            ]
            RECORDS.append(
                {
                    "pair": _CURRENT["pair"],
                    "unit": i,
                    "source_unit": j,
                    "start": int(ca.starts[w0]),
                    "end": int(ca.ends[w1 - 1]),
                    "cos": round(float(sim.cos[i, j]), 3),
                    "dice": round(float(sim.dice[i, j]), 3),
                    "shared": int(sim.shared[i, j]),
                    "size": int(sim.size_a[i]),
                    "margin": round(_margin(sim, i, j), 2),
                    "seeds": len(group),
                    "strong": strong,
                    "box_cos": round(sim.cosine(*box), 3),
                    "ends": ends(i) if ends is not None else 1,
                    "near_fragment": bool(used[max(i - sa.MAX_GAP, 0) : i + sa.MAX_GAP + 1].any()),
                    "any_fragment": bool(used.any() or reported.any()),
                    "copy": sim.copies(i, j, j + 1),
                    "bigrams": _bigrams(sim, i, j),
                    "verbatim": sim.verbatim(i, j),
                    "follow": follow,
                    "text": a.text[int(ca.starts[w0]) : int(ca.ends[w1 - 1])][:80],
                }
            )
    return runs


passages.edited = _probe_edited
passages.alone = _probe_alone


def _inside(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    inside = sum(max(0, min(end, e) - max(start, s)) for s, e in spans)
    return 2 * inside >= end - start


def pan(types: list[str]) -> None:
    from bench_pan13 import CORPUS, load_cases, load_pairs

    cases = load_cases()
    for pair in [p for p in load_pairs() if p.kind in types]:
        _CURRENT["pair"] = f"pan/{pair.kind}/{pair.id}"
        n = len(RECORDS)
        susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
        report = check([susp], [src], Options(workers=1))
        found = [(f.start, f.end) for d in report.documents for m in d.sources for f in m.fragments]
        spans = [(c[0], c[1]) for c in cases.get(pair.id, [])]
        missed = [(s, e) for s, e in spans if not any(f0 < e and s < f1 for f0, f1 in found)]
        for r in RECORDS[n:]:
            r["label"] = "case" if _inside(r["start"], r["end"], spans) else "out"
            r["missed"] = next(
                (s for s, e in missed if _inside(r["start"], r["end"], [(s, e)])), None
            )


def own(wraps: list[int]) -> None:
    import make_retold
    from bench_own_text import DEFAULT_PER_KIND, RETOLD_PER_ITEM, wrap_essays
    from make_interleaved import generate

    essays, _ = generate(DEFAULT_PER_KIND, 1)
    retold = make_retold.generate(RETOLD_PER_ITEM, 1, DEFAULT_PER_KIND)
    for wrap in wraps:
        for name, group in (("interleaved", essays), ("retold", retold)):
            for e in wrap_essays(group, wrap):
                _CURRENT["pair"] = f"own{wrap}/{name}/{e.id}"
                n = len(RECORDS)
                sources = [TextInput(f"source{k}", s["text"]) for k, s in enumerate(e.sources)]
                check([TextInput("essay", e.text)], sources, Options(workers=1))
                own_spans = [(s.start, s.end) for s in e.sentences if s.label == "own"]
                for r in RECORDS[n:]:
                    r["label"] = "own" if _inside(r["start"], r["end"], own_spans) else "copied"


def honest() -> None:
    """Real honest writing: Clough–Stevenson's ``non`` answers against their sources (as is and
    wrapped, as bench_summary_honest.py), bench_paraphrase.py's independent same-topic texts
    against the passages of their language, seed paper 002's paragraphs against 000 and 001."""
    from bench_paraphrase import run_check
    from bench_summary_honest import SHIPPED, honest_checks

    def run(name: str, text: str, sources: list[TextInput]) -> None:
        _CURRENT["pair"] = name
        n = len(RECORDS)
        run_check(text, sources, SHIPPED)
        for r in RECORDS[n:]:
            r["label"] = "honest"

    for name, text, sources in honest_checks():
        run(name, text, sources)


FEATURES = ("cos", "dice", "shared", "share", "margin")


def _features(r: dict[str, Any], margin: bool = True) -> tuple[float, ...]:
    out = (r["cos"], r["dice"], r["shared"], r["shared"] / r["size"], min(r["margin"], 1e9))
    return out if margin else out[:4]


def separation(records: list[dict[str, Any]]) -> None:
    """Per PAN-13 case that got no fragment, its seed unit that the fewest honest units (own
    sentences, honest answers and texts, PAN units outside every case) dominate (as high or
    higher on every feature): how many do, with the margin and without it, and the highest
    margin among the latter; then the most words an honest unit shares with its seed's
    source unit, at :data:`~copylens.core.sentence_align.OWN_SHARE` of its own and at any."""
    honest = [r for r in records if r["label"] in ("own", "honest", "out")]
    best: dict[str, tuple[int, dict[str, Any]]] = {}
    for m in (r for r in records if r.get("missed") is not None):
        mine = _features(m)
        count = sum(all(a >= b for a, b in zip(_features(h), mine, strict=True)) for h in honest)
        kind, name = m["pair"].split("|")[0].split("/")[1:3]
        case = f"{kind} {name}@{m['missed']}"
        if case not in best or count < best[case][0]:
            best[case] = (count, m)
    print(f"honest seed units: {len(honest)}; cases without a fragment holding a seed: {len(best)}")
    for case, (count, m) in sorted(best.items()):
        lesser = _features(m, margin=False)
        near = [
            h
            for h in honest
            if all(a >= b for a, b in zip(_features(h, margin=False), lesser, strict=True))
        ]
        top = max((min(h["margin"], 1e9) for h in near), default=0.0)
        print(
            f"  {case} u{m['unit']}: cos {m['cos']:.2f} dice {m['dice']:.2f} shared "
            f"{m['shared']}/{m['size']} margin {min(m['margin'], 999):.1f}; dominated by "
            f"{count}, without the margin by {len(near)} (their highest margin {top:.1f})"
        )
    share = [h["shared"] for h in honest if h["shared"] >= sa.OWN_SHARE * h["size"]]
    print(
        f"most words an honest unit shares with its seed's source unit: {max(share, default=0)} "
        f"at {sa.OWN_SHARE} of its own, {max((h['shared'] for h in honest), default=0)} at any "
        f"({max((h['shared'] for h in honest if h['label'] != 'out'), default=0)} but PAN's)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pan", action="store_true")
    parser.add_argument(
        "--types", nargs="+", default=["none", "verbatim", "random", "translation", "summary"]
    )
    parser.add_argument("--own", action="store_true")
    parser.add_argument("--honest", action="store_true")
    parser.add_argument("--wraps", nargs="+", type=int, default=[0, 60, 80])
    parser.add_argument("--out", type=Path, default=Path("/tmp/diag_lone.jsonl"))
    parser.add_argument("--read", nargs="+", type=Path, help="JSON lines of earlier runs: no run")
    args = parser.parse_args()
    if args.read:
        separation([json.loads(line) for path in args.read for line in path.open()])
        return 0
    if args.pan:
        pan(args.types)
    if args.own:
        own(args.wraps)
    if args.honest:
        honest()
    with args.out.open("w", encoding="utf-8") as f:
        for r in RECORDS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts: dict[str, int] = {}
    for r in RECORDS:
        counts[r["label"]] = counts.get(r["label"], 0) + 1
    print(f"{len(RECORDS)} lone seed units: {counts}; wrote {args.out}")
    separation(RECORDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
