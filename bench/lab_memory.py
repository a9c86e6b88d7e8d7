"""Peak memory of each catalogue method's ``find`` on one collection, method by method.

The collection is loaded once; each method then runs in a forked child, which resets its
peak resident set (``/proc/self/clear_refs``, Linux) and reports how far ``find`` raised it
above the collection it inherited, with the time and the number of pairs.

Usage: python bench/lab_memory.py bench/data/essays_10000 [--methods all]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from copylens.core.lab import select
from copylens.core.methods.collection import load_collection


def status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def measure(method, collection) -> str:  # type: ignore[no-untyped-def]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read)
        Path("/proc/self/clear_refs").write_text("5")
        before = status_kb("VmRSS")
        start = time.perf_counter()
        pairs = len(method.find(collection))
        seconds = time.perf_counter() - start
        grown = (status_kb("VmHWM") - before) / 1024
        os.write(write, f"{grown:.0f}\t{seconds:.2f}\t{pairs}".encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        result = f.read()
    os.waitpid(pid, 0)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--methods", default="all")
    args = parser.parse_args()
    collection, _ = load_collection([args.folder])
    collection.stats  # noqa: B018 -- shared, loaded with the collection
    print(f"{len(collection)} documents; collection: {status_kb('VmRSS') / 1024:.0f} MB resident")
    print("| method | peak above the collection, MB | time, s | pairs |")
    print("|---|---:|---:|---:|")
    for method in select(args.methods):
        grown, seconds, pairs = measure(method, collection).split("\t")
        print(f"| {method.name} | {grown} | {seconds} | {int(pairs):,} |", flush=True)


if __name__ == "__main__":
    main()
