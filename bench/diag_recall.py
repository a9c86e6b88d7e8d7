"""Diagnosis of PAN-13 recall (issue 34): why obfuscated cases get no fragment, or only part.

For every random and translation case of the development sample (``bench_pan13.py``'s corpus)
it checks the pair as a user would (``check``, default settings) and, on the pair's sentence
similarity (:func:`copylens.core.sentence_align.similarity`), reports:

- whether the pair reaches the aligner at all (an anchor shared, or two seed k-grams:
  :func:`copylens.core.sentence_align.sentence_candidates`);
- the case's sentence seeds (tf-isf cosine and Dice ≥ 0.33 between a unit of the case and a
  unit of its source range; with and without the near-best rule), their cosines, and how many
  of the case's units have one;
- for a case without a fragment, why :func:`copylens.core.sentence_align.alone` does not take
  it: no seed, passage not credible (seeds, strong seed, sides' cosine), runs of one unit,
  runs without a copy, or the seeds lost to another passage;
- for a found case, the share of its characters outside every fragment, split by the units'
  best seed inside the case (none, weak, strong);
- PAN's recall lost, in points: in the cases without a fragment, and in the found cases by
  side (checked, source) and place (before the first fragment, after the last, between).

Usage: ``python bench/diag_recall.py [--types random translation] [--limit N] [--json OUT]
[--units]``; ``--units`` adds a line per unit of each missed case (best source unit, cosine,
Dice, words shared, copy, verbatim, margin, sentence ends, text).
Development only: prints a table of classes and a line per missed case.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_pan13 import CORPUS, load_cases, load_pairs  # noqa: E402

from copylens.core import Options, check  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.engine import MIN_SHARED_ANCHORS  # noqa: E402
from copylens.core.extract import extract_file  # noqa: E402
from copylens.core.passages import _ends  # noqa: E402
from copylens.core.prepare import prepare_text  # noqa: E402
from copylens.core.related import RELATED_WORDS  # noqa: E402


def fragments(susp: Path, src: Path) -> list[tuple[int, int, int, int, str]]:
    report = check([susp], [src], Options(workers=1))
    out = []
    for doc in report.documents:
        for match in doc.sources:
            if Path(match.path).name == src.name:
                out += [
                    (f.start, f.end, f.source_start, f.source_end, f.kind) for f in match.fragments
                ]
    return out


def units_in(c: Any, units: sa.Units, start: int, end: int) -> range:
    w0, w1 = sa.word_range(c, start, end)
    if w1 <= w0:
        return range(0)
    return range(units.of_word(w0), units.of_word(w1 - 1) + 1)


def diagnose(pair: Any, cases: list[tuple[int, int, int, int]]) -> list[dict[str, Any]]:
    susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
    options = Options()
    a = prepare_text(extract_file(susp), options)
    b = prepare_text(extract_file(src), options)
    anchors = len(np.intersect1d(a.anchors, b.anchors))
    candidate = anchors >= MIN_SHARED_ANCHORS
    grams = candidate or bool(sa.sentence_candidates([a], [b], [[]], options)[0])
    related = candidate or grams or bool(RELATED_WORDS.candidates([a], [b], [[]], options)[0])
    found = fragments(susp, src)
    ca, cb = a.canonical, b.canonical
    sim = sa.similarity(ca, cb)
    passages = sa.passages(sim)
    ends = _ends(a.text, ca, sim.a)
    near_units = set()  # units holding a word of any fragment of the pair
    for f in found:
        near_units.update(units_in(ca, sim.a, f[0], f[1]))
    out = []
    for c0, c1, s0, s1 in cases:
        ua, ub = units_in(ca, sim.a, c0, c1), units_in(cb, sim.b, s0, s1)
        dets = [f for f in found if f[0] < c1 and c0 < f[1] and f[2] < s1 and s0 < f[3]]
        covered = np.zeros(c1 - c0, dtype=bool)
        for f in dets:
            covered[max(f[0], c0) - c0 : max(min(f[1], c1) - c0, 0)] = True
        row: dict[str, Any] = {
            "pair": pair.id,
            "kind": pair.kind,
            "case": (c0, c1, s0, s1),
            "candidate": "anchor"
            if candidate
            else ("grams" if grams else ("related" if related else "none")),
            "units": len(ua),
            "found": len(dets),
            "kinds": sorted({f[4] for f in dets}),
            "recall": float(covered.mean()) if len(covered) else 0.0,
            "sides": _sides((c0, c1, s0, s1), dets),
        }
        if not len(ua) or not len(ub):
            out.append(row)
            continue
        cos = sim.cos[ua.start : ua.stop, ub.start : ub.stop]
        dice = sim.dice[ua.start : ua.stop, ub.start : ub.stop]
        hits = (cos >= sa.SEED_COS) & (dice >= sa.SEED_DICE)
        best_all = (
            sim.cos[ua.start : ua.stop].max(axis=1) if sim.cos.shape[1] else np.zeros(len(ua))
        )
        near = hits & (cos >= sa.NEAR_BEST * best_all[:, None])
        seeded = hits.any(axis=1)
        best = np.where(hits, cos, 0).max(axis=1)
        row["seeded_units"] = int(seeded.sum())
        row["near_units"] = int(near.any(axis=1).sum())
        row["strong_units"] = int((best >= sa.STRONG).sum())
        row["best_cos"] = [round(float(x), 2) for x in best]
        row["copies"] = int(sum(sim.copies(i, ub.start, ub.stop) for i in ua))
        # the units' best cosine and dice with any case source unit (seed or not)
        row["max_cos"] = [round(float(x), 2) for x in cos.max(axis=1)]
        row["max_dice"] = [round(float(x), 2) for x in dice.max(axis=1)]
        # consecutive seeded units (in the case) and their source order
        idx = [i for i, s in zip(ua, seeded, strict=True) if s]
        runs = _consecutive(idx)
        row["runs"] = [len(r) for r in runs]
        # the passages touching the case, credible or not
        ps = []
        for box, group in passages:
            if box[0] < ua.stop and ua.start < box[1]:
                inside = [s for s in group if ua.start <= s[0] < ua.stop]
                ps.append(
                    {
                        "box": box,
                        "seeds": len(group),
                        "in_case": len(inside),
                        "src_in_case": sum(ub.start <= j < ub.stop for _, j in inside),
                        "credible": sa.credible(box, group, sim),
                        "strong": round(max(float(sim.cos[s]) for s in group), 2),
                        "sides": round(sim.cosine(*box), 2),
                        "runs": [len(r) for r in _consecutive(sorted({i for i, _ in inside}))],
                        "run_faults": _faults(inside, ends, near_units),
                    }
                )
        row["passages"] = ps
        row["why"] = _why(row) if not dets else None
        if not dets:
            row["unit_lines"] = _unit_lines(a, sim, ua, ub, ends)
        # the found case's characters missed, by their unit's best seed in the case
        if dets:
            lost = Counter()
            for u, bc in zip(ua, best, strict=True):
                x0 = int(ca.starts[int(sim.a.bounds[u])])
                x1 = int(ca.ends[int(sim.a.bounds[u + 1]) - 1])
                lo, hi = max(x0, c0) - c0, min(x1, c1) - c0
                if hi <= lo:
                    continue
                miss = int((~covered[lo:hi]).sum())
                tier = "none" if bc == 0 else ("weak" if bc < sa.STRONG else "strong")
                lost[tier] += miss
            row["lost"] = dict(lost)
        out.append(row)
    return out


def _sides(case: tuple[int, int, int, int], dets: list[tuple[Any, ...]]) -> dict[str, float]:
    """The share of a case's characters (both sides, as PAN's recall counts them) its
    detections leave out, by side and place: before the first detection, after the last,
    between them."""
    length = (case[1] - case[0]) + (case[3] - case[2])
    out: dict[str, float] = {}
    for side, (x0, x1) in (("checked", case[:2]), ("source", case[2:])):
        k = 0 if side == "checked" else 2
        spans = sorted((max(d[k], x0), min(d[k + 1], x1)) for d in dets)
        if not spans or not length:
            continue
        lo, hi = spans[0][0], max(e for _, e in spans)
        gaps, end = 0, lo
        for s, e in spans:
            gaps += max(s - end, 0)
            end = max(end, e)
        out[f"{side} head"] = (lo - x0) / length
        out[f"{side} tail"] = (x1 - hi) / length
        out[f"{side} between"] = gaps / length
    return out


def _unit_lines(
    a: Any, sim: sa.Similarity, ua: range, ub: range, ends: Callable[[int], int]
) -> list[str]:
    """One line per unit of a missed case (and one either side): its best source unit (in
    the case's source range or not), cosine, Dice, distinct words shared, whether it is a
    copy by its words (:meth:`Similarity.copies`) or verbatim (:meth:`Similarity.verbatim`),
    its ratio margin (:func:`copylens.core.sentence_align._distinctive`), the sentence ends
    it holds (``passages._ends``) and its text's start."""
    ca = a.canonical
    out = []
    for i in range(max(ua.start - 1, 0), min(ua.stop + 1, len(sim.a))):
        row = sim.cos[i]
        if not row.size:
            continue
        j = int(np.argmax(row))
        mean = (sa._knn(row, j) + sa._knn(sim.cos[:, j], i)) / 2
        margin = float(row[j]) / mean if mean > 0 else float("inf")
        w0, w1 = int(sim.a.bounds[i]), int(sim.a.bounds[i + 1])
        text = a.text[int(ca.starts[w0]) : int(ca.ends[w1 - 1])][:70].replace("\n", " / ")
        out.append(
            f"u{i} {'in' if i in ua else 'out'} words {w1 - w0} ends {ends(i)} best j{j}"
            f"{'' if j in ub else ' (outside)'} cos {row[j]:.2f} dice {sim.dice[i, j]:.2f}"
            f" shared {int(sim.shared[i, j])} copy {sim.copies(i, j, j + 1)}"
            f" verbatim {sim.verbatim(i, j)} margin {margin:.1f} | {text}"
        )
    return out


def _faults(inside: list[tuple[int, int]], ends: Callable[[int], int], near: set[int]) -> list[str]:
    """Why each run of two or more seed units in the case is not one :func:`alone` reports by
    following its source (:func:`copylens.core.sentence_align._following`)."""
    sources: dict[int, list[int]] = {}
    for i, j in inside:
        sources.setdefault(i, []).append(j)
    out = []
    for run in _consecutive(sorted(sources)):
        if len(run) < 2:
            continue
        parts = [part for part, _ in sa._following(run, sources) if len(part) >= 2]
        if not parts:
            out.append("does not follow the source")
        elif all(1 + sum(map(ends, part[:-1])) < sa.ALONE_UNITS for part in parts):
            out.append("one sentence by its stops")
        elif all(
            any(u in near for u in range(part[0] - sa.MAX_GAP, part[-1] + sa.MAX_GAP + 1))
            for part in parts
        ):
            out.append("beside a fragment")
        else:
            out.append("reported")
    return out


def _consecutive(idx: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i in idx:
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _brief(p: dict[str, Any]) -> tuple[Any, ...]:
    return (p["seeds"], p["in_case"], p["credible"], p["strong"], p["sides"], p["runs"])


def _why(row: dict[str, Any]) -> str:
    if row["candidate"] == "none":
        return "not a candidate"
    if row.get("seeded_units", 0) == 0:
        return "no seed"
    if row["near_units"] == 0:
        return "seeds not near-best (elsewhere better)"
    ps = [p for p in row["passages"] if p["in_case"]]
    if not ps:
        return "seeds lost to another passage"
    cred = [p for p in ps if p["credible"]]
    if not cred:
        p = max(ps, key=lambda p: p["in_case"])
        if p["seeds"] < sa.MIN_SEEDS:
            return "not credible: one seed"
        if p["strong"] < sa.STRONG:
            return "not credible: no strong seed"
        return "not credible: sides' cosine"
    if all(max(p["runs"], default=0) < 2 for p in cred):
        return "runs of one unit"
    faults = sorted({f for p in cred for f in p["run_faults"]})
    return "runs of two or more: " + ", ".join(faults)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--types", nargs="+", default=["random", "translation"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--units", action="store_true", help="a line per unit of a missed case")
    args = parser.parse_args()
    truth = load_cases()
    pairs = [p for p in load_pairs() if p.kind in args.types][: args.limit]
    rows = []
    for n, pair in enumerate(pairs):
        rows += diagnose(pair, truth.get(pair.id, []))
        if n % 25 == 0:
            print(f"{n}/{len(pairs)}", file=sys.stderr)
    for kind in args.types:
        mine = [r for r in rows if r["kind"] == kind]
        missed = [r for r in mine if not r["found"]]
        print(f"\n## {kind}: {len(mine)} cases, {len(missed)} without a fragment")
        print("candidates of missed:", dict(Counter(r["candidate"] for r in missed)))
        print("why:", dict(Counter(r["why"] for r in missed)))
        for r in missed:
            print(
                f"  {r['pair'][:40]} units {r['units']} seeded {r.get('seeded_units')} "
                f"near {r.get('near_units')} strong {r.get('strong_units')} copies "
                f"{r.get('copies')} runs {r.get('runs')} best {r.get('best_cos')} "
                f"passages {[_brief(p) for p in r.get('passages', [])]} "
                f"-> {r['why']}"
            )
            if args.units:
                for line in r.get("unit_lines", []):
                    print(f"      {line}")
        found = [r for r in mine if r["found"]]
        lost: Counter[str] = Counter()
        total = 0
        for r in found:
            lost.update(r.get("lost", {}))
            total += r["case"][1] - r["case"][0]
        sides: Counter[str] = Counter()
        for r in found:
            sides.update(r["sides"])
        print(
            f"recall lost (points of PAN recall): cases without a fragment "
            f"{100 * len(missed) / max(len(mine), 1):.2f}; found cases: "
            + ", ".join(f"{k} {100 * v / max(len(mine), 1):.2f}" for k, v in sorted(sides.items()))
        )
        print(
            f"found {len(found)}: mean recall {np.mean([r['recall'] for r in found]):.3f}; "
            f"chars lost by unit's best seed in case: "
            + ", ".join(f"{k} {v / total:.3f}" for k, v in lost.items())
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=0, default=str))


if __name__ == "__main__":
    main()
