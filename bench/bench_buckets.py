"""Benchmark of ``index.buckets`` (issue 40): its growth per doubling of documents, this tree
beside another revision's in the same run.

``buckets`` cuts a run's anchors (each document's sorted distinct uint64 fingerprints) into
ranges of about ``size`` records, for the common phrases and the candidate pairs. Ranges grow
with the records, so code that gathers a range with one slice per document does documents ×
ranges work, which grows 4× per doubling; linear code grows 2×.

Synthetic anchors, ``--per`` (550, an essay's) random uint64 a document, for ``--docs``
doubling document counts; ``--size`` records a range (default 2**16, so these runs have as many
ranges, 17-269, and records per (document, range) piece, 32-2, as 130,000 to 2·10^6 essays
have at the engine's 2**22). Each revision walks all
ranges (a trivial consumer: the lengths), ``--repeat`` times alternating, median CPU seconds
(``time.process_time``); peak memory is numpy's allocations during the walk (tracemalloc,
beyond the anchors themselves) in one extra walk each; the two revisions' ranges are compared
value for value and owner for owner, printed ``identical`` or ``DIFFERENT``.

Usage: ``python bench/bench_buckets.py [--docs 2000 4000 8000 16000 32000] [--base main]``; the base
revision's ``core/index.py`` is loaded from ``git show`` beside this tree's. Writes
``bench/results/buckets.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import time
import tracemalloc
import types
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

Buckets = Callable[[Sequence[np.ndarray], int], Iterator[tuple[np.ndarray, np.ndarray]]]


def base_buckets(revision: str) -> Buckets:
    """``buckets`` of ``core/index.py`` at ``revision``."""
    source = subprocess.run(
        ["git", "show", f"{revision}:core/index.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    module = types.ModuleType("index_base")
    module.__dict__["__name__"] = "index_base"
    sys.modules["index_base"] = module
    exec(compile(source, f"{revision}:core/index.py", "exec"), module.__dict__)
    return module.__dict__["buckets"]  # type: ignore[no-any-return]


def anchors(docs: int, per: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [np.unique(rng.integers(0, 2**64 - 1, per, dtype=np.uint64)) for _ in range(docs)]


def walk(fn: Buckets, arrays: list[np.ndarray], size: int) -> float:
    start = time.process_time()
    total = 0
    for values, _ in fn(arrays, size):
        total += len(values)
    return time.process_time() - start


def peak(fn: Buckets, arrays: list[np.ndarray], size: int) -> int:
    tracemalloc.start()
    for _ in fn(arrays, size):
        pass
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return top


def digest(fn: Buckets, arrays: list[np.ndarray], size: int) -> str:
    h = hashlib.sha256()
    for values, owners in fn(arrays, size):
        h.update(values.dtype.str.encode() + owners.dtype.str.encode())
        h.update(np.ascontiguousarray(values).tobytes())
        h.update(np.ascontiguousarray(owners).tobytes())
        h.update(b"|")
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, nargs="+", default=[2000, 4000, 8000, 16000, 32000])
    parser.add_argument("--per", type=int, default=550)
    parser.add_argument("--size", type=int, default=1 << 16)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", default="main")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from copylens.core.index import buckets

    trees: dict[str, Buckets] = {"this": buckets, args.base: base_buckets(args.base)}
    rows = []
    for n in args.docs:
        arrays = anchors(n, args.per, seed=n)
        records = sum(len(a) for a in arrays)
        times: dict[str, list[float]] = {t: [] for t in trees}
        for _ in range(args.repeat):
            for name, fn in trees.items():
                times[name].append(walk(fn, arrays, args.size))
        medians = {t: statistics.median(v) for t, v in times.items()}
        peaks = {t: peak(fn, arrays, args.size) for t, fn in trees.items()}
        same = len({digest(fn, arrays, args.size) for fn in trees.values()}) == 1
        rows.append((n, records, -(-records // args.size), medians, peaks, same))
        print(n, records, medians, peaks, "identical" if same else "DIFFERENT", flush=True)
    base = args.base
    lines = [
        f"# index.buckets, this tree beside {base} (one run, medians of {args.repeat})",
        "",
        f"{args.per} anchors a document, ranges of {args.size:,} records; CPU seconds to walk "
        "every range; growth = time / time at half the documents; peak = numpy's allocations "
        "during the walk beyond the anchors (tracemalloc).",
        "",
        f"| documents | records | ranges | this (s) | growth | {base} (s) | growth | "
        f"this / {base} | peak this (MB) | peak {base} (MB) | output |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    previous: dict[str, float] | None = None
    for n, records, parts, medians, peaks, same in rows:
        grow = {t: f"{medians[t] / previous[t]:.2f}×" if previous else "" for t in ("this", base)}
        lines.append(
            f"| {n:,} | {records:,} | {parts} | {medians['this']:.3f} | {grow['this']} | "
            f"{medians[base]:.3f} | {grow[base]} | {medians['this'] / medians[base]:.2f}× | "
            f"{peaks['this'] / 1e6:.0f} | {peaks[base] / 1e6:.0f} | "
            f"{'identical' if same else 'DIFFERENT'} |"
        )
        previous = medians
    text = "\n".join(lines) + "\n"
    print(text)
    (BENCH / "results" / "buckets.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
