"""Is there a tail at the end of ``compare``'s pair pool, and would another order of the pair
groups or other chunks remove it? (issue 40, the wall-clock shape of a run)

Runs ``copylens.core.engine.compare`` in this process with the pair stage on one worker (the
groups run here, in order) and measures the CPU of each pair group (a document on the left and
its candidate partners: :func:`copylens.core.engine.compare_group`), then replays the pool's
schedule on those costs for ``--workers`` workers: the groups in chunks of
:func:`copylens.core.pool.chunk_sizes` ("guided": they shrink as the work runs out), each
worker holding :data:`copylens.core.pool.IN_FLIGHT` chunks and handed the next chunk, in
order, as one comes back (the parent's own time is left out). Prints, for the pool's schedule
and for alternatives (chunks of one size; the same guided chunks over the groups sorted
longest-first, in guided chunks and one a chunk, which the pool could do only by yielding
results out of order or holding them),
the makespan against the ideal (all CPU over the workers) and how far apart the workers end:
the tail, where one core idles.

The costs are CPU seconds of a single process, so the replay is free of the machine's load;
the tail it finds is what chunking alone causes.

Usage: ``OPENBLAS_NUM_THREADS=1 python bench/diag_pair_tail.py DIR [--workers 2]
[--costs FILE]`` (``--costs`` keeps the measured costs as JSON, and reads them back when the
file exists, to replay without running again).
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from copylens.core import engine, pairs
from copylens.core.options import Options
from copylens.core.pool import CHUNK, IN_FLIGHT, chunk_sizes


def measured(folder: Path) -> list[float]:
    """CPU seconds of each pair group of ``compare`` on ``folder``, in the pool's order."""
    costs: list[float] = []
    group = engine.compare_group

    def timed(a: Any, others: Any, options: Options, load: Any) -> Any:
        began = time.process_time()
        try:
            return group(a, others, options, load)
        finally:
            costs.append(time.process_time() - began)

    engine.compare_group = timed  # type: ignore[assignment]
    pairs.workers_for = lambda count, options: 1  # type: ignore[assignment]
    engine.compare(sorted(p for p in folder.iterdir() if p.is_file()), Options())
    return costs


def replay(costs: Sequence[float], sizes: Sequence[int], workers: int) -> tuple[float, float]:
    """(makespan, first worker's end) of the chunks of ``sizes`` over ``costs``, handed out in
    order, each worker holding :data:`IN_FLIGHT` of them."""
    bounds = [0, *itertools.accumulate(sizes)]
    chunks = [sum(costs[lo:hi]) for lo, hi in itertools.pairwise(bounds)]
    held: list[list[float]] = [[] for _ in range(workers)]
    given = 0
    for worker in range(workers):
        while len(held[worker]) < IN_FLIGHT and given < len(chunks):
            held[worker].append(chunks[given])
            given += 1
    ends = [0.0] * workers
    events = [(held[w][0], w) for w in range(workers) if held[w]]
    heapq.heapify(events)
    while events:
        now, worker = heapq.heappop(events)
        held[worker].pop(0)
        ends[worker] = now
        if given < len(chunks):
            held[worker].append(chunks[given])
            given += 1
        if held[worker]:
            heapq.heappush(events, (now + held[worker][0], worker))
    return max(ends), min(ends)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--costs", type=Path)
    args = parser.parse_args()
    if args.costs is not None and args.costs.exists():
        costs = json.loads(args.costs.read_text())
    else:
        costs = measured(args.folder)
        if args.costs is not None:
            args.costs.write_text(json.dumps(costs))
    total = sum(costs)
    ideal = total / args.workers
    heaviest = sorted(costs, reverse=True)[:5]
    print(
        f"{len(costs):,} groups, {total:.3f} CPU s, the heaviest {[round(c, 3) for c in heaviest]}"
    )
    print(f"ideal (CPU over {args.workers} workers) {ideal:.3f} s")
    count = len(costs)
    guided = chunk_sizes(count, args.workers)
    even = max(1, min(CHUNK, count // (args.workers * 8)))
    schedules = {
        "pool (guided chunks, in order)": (costs, guided),
        f"chunks of {even} groups, in order": (costs, [even] * (count // even) + [count % even]),
        "guided chunks, longest first": (sorted(costs, reverse=True), guided),
        "one group a chunk, longest first": (sorted(costs, reverse=True), [1] * count),
    }
    for name, (order, sizes) in schedules.items():
        end, first = replay(order, [s for s in sizes if s], args.workers)
        print(
            f"{name:34s} makespan {end:.3f} s ({end / ideal:.3f}x ideal), "
            f"workers end {end - first:.3f} s apart, {len(sizes)} chunks"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
