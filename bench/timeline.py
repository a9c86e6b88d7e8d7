"""A run's timeline (issue 40): which stage runs when, in which process, and where a core idles.

Runs ``copylens ARGS`` in this process with every stage (``copylens.core.cpu.stage``) logged:
each process (the one running the command, its reading and pair workers) appends, for each of
its outermost stages, the wall-clock interval and the thread's CPU inside it to a file of its
own. Also logged: when the command's imports end, when it returns, and when the process has
ended (its teardown, measured from outside by the helper that started it). Then prints:

- the phases of the run, from the stages of the process running the command and the first and
  last stage of each worker pool: start-up (the interpreter and imports), then each stage in
  the order it ran, with its wall time, and the teardown;
- per process: its first and last moment, and each stage's span, wall time inside and CPU;
- a strip per time step (``--step``) of what each process ran, the busy share of the step,
  and the cores left idle (2 less the processes in a stage; a process between two stages, the
  parent waiting on its workers, counts as idle: its CPU there is the stage "pool"'s, which is
  logged too).

Timings are wall clock: on a shared machine compare runs made side by side only, and read the
CPU columns for the work itself. Usage: ``python bench/timeline.py [--step 0.25] [--cores 2]
-- compare DIR --format json`` (the report goes to a temporary file, its size printed).
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_depth = threading.local()
_files: dict[int, object] = {}


def _log(folder: str, line: str) -> None:
    """Append a line to this process's log (opened once per process; a forked worker opens
    its own: it is killed at the end of a run, so each line is written as it comes)."""
    pid = os.getpid()
    out = _files.get(pid)
    if out is None:
        out = _files[pid] = open(Path(folder, f"{pid}.tsv"), "a", buffering=1)  # noqa: SIM115
        out.write(f"start\t{time.time():.4f}\n")  # type: ignore[attr-defined]
    out.write(line)  # type: ignore[attr-defined]


def _traced(folder: str):  # type: ignore[no-untyped-def]
    """``copylens.core.cpu.stage`` that also logs each outermost stage's interval and CPU."""
    from copylens.core import cpu

    original = cpu.stage

    @contextmanager
    def stage(name: str) -> Iterator[None]:
        if getattr(_depth, "pid", None) != os.getpid():
            _depth.pid, _depth.level = os.getpid(), 0
        level = _depth.level
        _depth.level = level + 1
        began, cpu_began = time.time(), time.thread_time()
        try:
            with original(name):
                yield
        finally:
            _depth.level = level
            if level == 0:
                spent = time.thread_time() - cpu_began
                _log(folder, f"{name}\t{began:.4f}\t{time.time():.4f}\t{spent:.4f}\n")

    return stage


def child(folder: str, argv: list[str]) -> None:
    """The traced run (this file run with ``--child``): the stage patched before the engine's
    modules import it, then the command."""
    Path(folder, "begun").write_text(f"{time.time()}\n")
    from copylens.core import cpu

    cpu.stage = _traced(folder)
    from copylens.app import cli

    Path(folder, "imported").write_text(f"{time.time()}\n")
    code = cli.main(argv)
    Path(folder, "returned").write_text(f"{time.time()}\n")
    sys.stdout.flush()
    getattr(cli, "_end", sys.exit)(code)  # an engine before cli._end exits as usual


def _read(folder: Path) -> dict[int, list[tuple[str, float, float, float]]]:
    procs: dict[int, list[tuple[str, float, float, float]]] = {}
    for path in folder.glob("*.tsv"):
        rows = procs.setdefault(int(path.stem), [])
        for line in path.read_text().splitlines():
            name, *rest = line.split("\t")
            if name != "start":
                began, ended, spent = map(float, rest)
                rows.append((name, began, ended, spent))
    return procs


def show(folder: Path, started: float, ended: float, step: float, cores: int) -> None:
    """Print the phases, the processes and the strip (module docstring)."""
    at = {name: float(Path(folder, name).read_text()) for name in ("imported", "returned")}
    procs = _read(folder)
    parent = min(procs, key=lambda p: min((r[1] for r in procs[p]), default=1e18))
    print(f"wall {ended - started:.2f} s (from the fork of the run to its end)")
    print(f"  start-up (interpreter, the command line's imports) {at['imported'] - started:.2f} s")
    spans: list[tuple[float, float, str]] = []
    for name, began, end, _ in procs[parent]:
        if name != "pool":
            spans.append((began, end, f"parent: {name}"))
    for pid, rows in procs.items():
        if pid != parent and rows:
            inside: collections.Counter[str] = collections.Counter()
            for name, began, end, _ in rows:
                inside[name] += end - began if name != "pool" else 0.0
            label = inside.most_common(1)[0][0]
            spans.append((min(r[1] for r in rows), max(r[2] for r in rows), f"{pid} {label}"))
    for began, end, label in sorted(spans):
        print(f"  {began - started:6.2f}-{end - started:6.2f} {end - began:6.2f} s  {label}")
    print(f"  returned at {at['returned'] - started:.2f}; teardown {ended - at['returned']:.2f} s")
    pools: dict[str, list[float]] = {}
    for _, end, label in spans:
        if not label.startswith("parent"):
            pools.setdefault(label.split(" ", 1)[1], []).append(end)
    for label, ends in pools.items():
        print(f"  {label} workers end {max(ends) - min(ends):.2f} s apart (the pool's tail)")
    print("\nper process: stage, first-last, wall inside, CPU")
    for pid in sorted(procs, key=lambda p: min((r[1] for r in procs[p]), default=0)):
        by: dict[str, list[float]] = {}
        for name, began, end, spent in procs[pid]:
            row = by.setdefault(name, [began, end, 0.0, 0.0])
            row[0], row[1] = min(row[0], began), max(row[1], end)
            row[2] += end - began
            row[3] += spent
        print(f"  {pid}{' (parent)' if pid == parent else ''}")
        for name, (first, last, inside, spent) in sorted(by.items(), key=lambda kv: kv[1][0]):
            print(
                f"    {name[:28]:28s} {first - started:6.2f}-{last - started:6.2f} "
                f"{inside:6.2f} {spent:6.2f}"
            )
    order = sorted(procs, key=lambda p: min((r[1] for r in procs[p]), default=0))
    print(f"\nstrip, {step} s a row: each process's stage (busy share); idle cores")
    idle_total = 0.0
    t = started
    while t < ended:
        cells, busy = [], 0.0
        for pid in order:
            shares: collections.Counter[str] = collections.Counter()
            for name, began, end, _ in procs[pid]:
                overlap = min(t + step, end) - max(t, began)
                if overlap > 0 and name != "pool":
                    shares[name] += overlap / step
            if shares:
                name, share = shares.most_common(1)[0]
                busy += min(1.0, sum(shares.values()))
                cells.append(f"{name[:12]} {share:4.0%}")
        idle = max(0.0, cores - busy)
        idle_total += idle * min(step, ended - t)
        print(f"  {t - started:6.2f}  idle {idle:4.2f}  " + " | ".join(cells))
        t += step
    print(
        f"\ncore-seconds idle (outside stages): {idle_total:.2f} of {cores * (ended - started):.2f}"
    )


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=float, default=0.25)
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 2)
    parser.add_argument("args", nargs=argparse.REMAINDER, help="-- copylens arguments")
    args = parser.parse_args()
    argv = args.args[1:] if args.args[:1] == ["--"] else args.args
    with tempfile.TemporaryDirectory(prefix="timeline-") as folder:
        out = Path(folder, "report")
        command = [sys.executable, __file__, "--child", folder, *argv]
        with out.open("wb") as stdout:
            started = time.time()
            done = subprocess.run(command, stdout=stdout, check=False)
            ended = time.time()
        print(f"exit {done.returncode}, report {out.stat().st_size:,} bytes")
        show(Path(folder), started, ended, args.step, args.cores)
    return 0


if __name__ == "__main__":
    sys.exit(main())
