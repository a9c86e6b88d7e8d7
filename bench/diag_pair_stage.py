"""How many candidate pairs each part of ``compare``'s pair stage sees (issue 40).

Runs ``copylens.core.engine.compare`` in this process (``workers=1``, one BLAS thread, as the
``copylens`` command sets) on a folder of essays and counts, by wrapping the engine's own
functions: the candidate pairs (anchors held by at most ``MAX_DF`` documents), the pairs
bounded (``containment_bounds``), those the bound lets through to be aligned, those reaching
the paraphrase stage's matching (``paraphrase.matched``: not every sentence of the pair was
copied), those where a unit of sentences scored at least the least score a match is kept from
(``paraphrase._chosen`` given any: a bound that the stage finds nothing, from the units'
scores, could skip only the others), those whose containment the paraphrase stage changed, and
those reported; and the CPU
of the aligned pairs, reported or not, with the paraphrase stage's part. Writes one row per
aligned pair (paths, reported, CPU, containment after the copy signal and after the paraphrase
stage, the pair's bound) to ``--rows`` as JSON.

Usage: ``OPENBLAS_NUM_THREADS=1 python bench/diag_pair_stage.py DIR [--rows FILE]``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

# the stage clocks read their folder when copylens.core.cpu is first imported
os.environ.setdefault("COPYLENS_STAGE_CPU", tempfile.mkdtemp(prefix="diag_pair_stage_"))

from shared import clocked

from copylens.core import engine, paraphrase, score
from copylens.core.options import Options
from copylens.core.prepare import share

counts: collections.Counter[str] = collections.Counter()
cpu: collections.Counter[str] = collections.Counter()
rows: list[list[Any]] = []
current: dict[str, float] = {}
bounds: collections.deque[float] = collections.deque()
stages: dict[bool, collections.Counter[str]] = {
    True: collections.Counter(),
    False: collections.Counter(),
}
"""CPU seconds by stage of the aligned pairs, reported (True) or not."""
gaps: list[tuple[int, float]] = []
"""Of each pair not reported: the words its larger side's copies lack to reach the
threshold, and the median length of that side's sentences the paraphrase stage compares."""
near: collections.Counter[str] = collections.Counter()

_pairs_sharing = engine.pairs_sharing
_containment_bounds = score.containment_bounds  # engine.compare_group imports it when called
_compare_pair = engine.compare_pair
_paraphrase_run = paraphrase.Paraphrase._run
_matched = paraphrase.matched
_chosen = paraphrase._chosen
_nearest = paraphrase._nearest


def pairs_sharing(*args: Any, **kwargs: Any) -> Any:
    found = _pairs_sharing(*args, **kwargs)
    counts["candidates"] += len(found)
    return found


def containment_bounds(a: Any, others: Any, options: Options) -> Any:
    found = _containment_bounds(a, others, options)
    counts["bounded"] += len(others)
    aligned = found[found >= options.min_containment]
    counts["aligned"] += len(aligned)
    # compare_group aligns exactly the pairs at or over the threshold, in order (a spilled
    # run's ``others`` are spill.Seeds, which carry no path).
    bounds.clear()
    bounds.extend(float(x) for x in aligned)
    return found


def compare_pair(a: Any, b: Any, options: Options) -> Any:
    current.clear()
    result, spent, gained = clocked(_compare_pair, a, b, options)
    stages[result is not None].update(gained)
    if result is None and "copy" in current:
        gaps.append(_gap(a, b, options))
    counts["reported"] += result is not None
    if result is None and current.get("unit"):
        counts["  of them not reported"] += 1
    cpu["aligned, reported" if result is not None else "aligned, not reported"] += spent
    found = [current.get(k) for k in ("copy", "after", "paraphrase")]
    rows.append(
        [a.path, b.path, result is not None, spent, *found, bounds.popleft() if bounds else None]
    )
    return result


def _gap(a: Any, b: Any, options: Options) -> tuple[int, float]:
    """The words the pair's copies lack to reach the threshold on its side nearer to it, and
    the median length in words of that side's sentences the paraphrase stage compares."""
    sides = []
    for doc, covered in ((a, current["covered_a"]), (b, current["covered_b"])):
        kept = doc.size - (int(doc.ignored.sum()) if doc.ignored is not None else 0)
        lack = max(0, int(-(-options.min_containment * kept // 1)) - int(covered.sum()))
        lengths = [hi - lo for lo, hi in paraphrase.sentence_bounds(doc)] or [0]
        sides.append((lack, float(statistics.median(lengths))))
    return min(sides)


def nearest(a: Any, b: Any, rows: list[int], closed_b: Any, *args: Any) -> Any:
    found = list(_nearest(a, b, rows, closed_b, *args))
    near["checked sentences compared"] += len(rows)
    near["  with a candidate"] += len({i for i, _ in found})
    return iter(found)


def paraphrase_run(self: Any, a: Any, b: Any, found: Any, options: Options) -> Any:
    start = time.process_time()
    out = _paraphrase_run(self, a, b, found, options)
    current["paraphrase"] = time.process_time() - start
    current["covered_a"] = found.covered_a & (~a.ignored if a.ignored is not None else True)
    current["covered_b"] = found.covered_b & (~b.ignored if b.ignored is not None else True)
    current["copy"] = max(share(found.covered_a, a), share(found.covered_b, b))
    current["after"] = max(share(out.covered_a, a), share(out.covered_b, b))
    counts["paraphrase changed the containment"] += current["after"] != current["copy"]
    return out


def matched(*args: Any, **kwargs: Any) -> Any:
    counts["paraphrase matching"] += 1
    return _matched(*args, **kwargs)


def chosen(found: Any, *args: Any, **kwargs: Any) -> Any:
    if found:
        counts["a unit at the least score kept"] += 1
        current["unit"] = 1.0
    return _chosen(found, *args, **kwargs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--rows", type=Path, default=None)
    args = parser.parse_args()
    engine.pairs_sharing = pairs_sharing
    score.containment_bounds = containment_bounds
    engine.compare_pair = compare_pair
    paraphrase.Paraphrase._run = paraphrase_run  # type: ignore[method-assign]
    paraphrase.matched = matched
    paraphrase._chosen = chosen
    paraphrase._nearest = nearest
    files = sorted(args.folder.glob("*.txt"))
    report = engine.compare(files, Options(workers=1))
    print(f"{len(files)} documents, {len(report.pairs)} pairs reported")
    names = ("candidates", "bounded", "aligned", "paraphrase matching")
    for name in (*names, "a unit at the least score kept", "  of them not reported"):
        print(f"  {name:40} {counts[name]:>9,}")
    for name in ("paraphrase changed the containment", "reported"):
        print(f"  {name:40} {counts[name]:>9,}")
    for name, seconds in cpu.items():
        part = sum(r[6] or 0.0 for r in rows if r[2] == (name == "aligned, reported"))
        print(f"  CPU {name:36} {seconds:8.2f} s (paraphrase stage {part:.2f} s)")
    for reported in (False, True):
        name = "reported" if reported else "not reported"
        spent = sorted(stages[reported].items(), key=lambda kv: -kv[1])
        print(
            f"  CPU by stage, aligned and {name}: "
            + ", ".join(f"{k} {v:.2f}" for k, v in spent if v >= 0.005)
        )
    for name, count in near.items():
        print(f"  {name:40} {count:>9,}")
    if gaps:
        lacks = [g for g, _ in gaps]
        print(
            "  not reported, words the copies lack (side nearest the threshold): "
            f"median {statistics.median(lacks):.0f}, quartiles "
            f"{', '.join(f'{q:.0f}' for q in statistics.quantiles(lacks, n=4))}; "
            f"median sentence {statistics.median(s for _, s in gaps):.0f} words; "
            f"within one sentence: {sum(g <= s for g, s in gaps)} of {len(gaps)}"
        )
    if args.rows is not None:
        args.rows.write_text(json.dumps(rows), encoding="utf-8")


if __name__ == "__main__":
    main()
