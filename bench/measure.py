"""Wall time and peak memory of one command run as a child process.

Measures, for a command and all the processes it starts:

- ``wall_s``: from just before the fork to the moment the child is reaped;
- ``maxrss_mb``: the kernel's high-water resident set of the child, from ``os.wait4`` — exact
  and free of sampling, but it is the largest *single* process of the tree (Linux reports the
  maximum over the child and the descendants it waited for, not their sum);
- ``tree_pss_mb``: the largest *sum* over the live process tree of the proportional set size
  (``/proc/PID/smaps_rollup``), sampled every 50 ms, or less often when a sample takes longer
  than 5 ms (:data:`SAMPLE_SHARE`) — it counts a worker pool, and counts pages shared between
  forked workers once, but may miss a peak shorter than the interval;
- ``peak_mb``: the larger of the two, the figure the benchmark holds against its target.

The command is started by a fresh, small helper process (this file run as a script), never by
the benchmark itself: Linux counts the resident set a child inherits at fork (a copy of its
parent's, before ``exec``) in the child's high-water mark, so a child of the benchmark, which
holds the generator's dictionaries, would report at least the benchmark's own size; a child of
the helper reports at least the helper's (about 15 MB). ``os.wait4`` on the helper's own child
is used rather than ``RUSAGE_CHILDREN`` of the benchmark (which would mix all its children),
``/usr/bin/time`` (not on every machine) or psutil (not a dependency). Linux only.

Usage as the helper: ``python bench/measure.py STDOUT_FILE TIMEOUT_S -- COMMAND...`` prints
the measurement as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

MB = 1024 * 1024
SAMPLE_S = 0.05
SAMPLE_SHARE = 0.1
"""Most of its time the sampler spends sampling. Reading ``smaps_rollup`` walks the page tables
with the process's memory map locked, so a sample of a 6 GB process takes tens of ms and
stalls its page faults meanwhile: sampled every 50 ms, the first 10^6-essay run spent most of
a stage waiting for the sampler (``docs/scale.md``). The interval grows with a sample's cost."""


@dataclass
class Measurement:
    """What one run cost; ``stderr`` keeps the last 4,000 characters of the child's stderr."""

    command: list[str]
    returncode: int
    wall_s: float
    maxrss_mb: float
    tree_pss_mb: float
    timed_out: bool
    stderr: str

    @property
    def peak_mb(self) -> float:
        return max(self.maxrss_mb, self.tree_pss_mb)


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


def _pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def tree_pss_kb(pid: int) -> int:
    """Sum of PSS over ``pid`` and all its live descendants, in KiB."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        total += _pss_kb(current)
        stack += _children(current)
    return total


class _Sampler(threading.Thread):
    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_kb = 0
        self.done = threading.Event()

    def run(self) -> None:
        interval = SAMPLE_S
        while not self.done.wait(interval):
            started = time.perf_counter()
            self.peak_kb = max(self.peak_kb, tree_pss_kb(self.pid))
            interval = max(SAMPLE_S, (time.perf_counter() - started) / SAMPLE_SHARE)


def run_measured(
    command: list[str], stdout: Path, cwd: Path | None = None, timeout_s: float = 900.0
) -> Measurement:
    """Run ``command`` (from ``cwd``) with its stdout written to the file ``stdout``, measured.

    The run happens in a fresh helper process; see the module docstring for why.
    """
    helper = [sys.executable, str(Path(__file__).resolve()), str(stdout), str(timeout_s), "--"]
    done = subprocess.run([*helper, *command], cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"measuring helper failed: {done.stderr[-2000:]}")
    return Measurement(**json.loads(done.stdout))


def measure_here(command: list[str], stdout: Path, timeout_s: float) -> Measurement:
    """Run ``command`` as a child of this process and measure it (the helper's half)."""
    with stdout.open("wb") as out, stdout.with_suffix(".stderr").open("w+b") as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        sampler = _Sampler(process.pid)
        sampler.start()
        killer = threading.Timer(timeout_s, process.kill)
        killer.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        timed_out = not killer.is_alive()
        killer.cancel()
        sampler.done.set()
        sampler.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        tail = err.read().decode("utf-8", errors="replace")[-4000:]
    return Measurement(
        command=command,
        returncode=process.returncode,
        wall_s=wall,
        maxrss_mb=usage.ru_maxrss * 1024 / MB,  # ru_maxrss is in KiB on Linux
        tree_pss_mb=sampler.peak_kb * 1024 / MB,
        timed_out=timed_out,
        stderr=tail,
    )


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print("usage: measure.py STDOUT_FILE TIMEOUT_S -- COMMAND...", file=sys.stderr)
        return 2
    measurement = measure_here(argv[3:], Path(argv[0]), float(argv[1]))
    print(json.dumps(asdict(measurement)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
