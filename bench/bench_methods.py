"""Speed of every catalogue method on canonicalized ~600-word documents, on one core.

Loads the first ``--n`` essays of a folder written by ``make_essays.py`` (550–650 words each,
Russian and English) through the lab's own loading (extraction, canonicalization with §4's
preprocessing, sentences), then times, per method, on one core:
- signature methods: ``signatures()`` (training included) — documents per second;
- every method: ``find()`` on the whole collection — documents per second;
beside the obvious alternative in the same run: datasketch's ``MinHash(num_perm=84)`` fed
each document's 10-word shingles with ``update_batch`` (what a plain datasketch pipeline
spends per document before any LSH lookup). Issue 4's target: ≥ 5,000 documents per second
for every signature method. Repeats ``--repeat`` times and keeps the fastest run of each.

Usage: python bench/bench_methods.py bench/data/essays_10000 --n 5000 [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.methods.base import SignatureMethod
from core.methods.catalogue import catalogue
from core.methods.collection import Collection, load_collection
from core.shingle import shingles

TARGET = 5000.0


def best_of(repeat: int, run) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def fresh(collection: Collection) -> Collection:
    """A copy without cached statistics, so every timing includes the training it needs."""
    return Collection(collection.docs)


def datasketch_rate(collection: Collection, repeat: int) -> float:
    from datasketch import MinHash

    batches = [shingles(d.hashes, 10).tobytes() for d in collection.docs]
    values = [[b[i : i + 8] for i in range(0, len(b), 8)] for b in batches]

    def run() -> None:
        for v in values:
            m = MinHash(num_perm=84, seed=1)
            m.update_batch(v)

    return len(collection) / best_of(repeat, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.txt"))[: args.n]
    collection, failures = load_collection(files)
    words = sum(len(d.text.split()) for d in collection.docs) / len(collection)
    kept = sum(len(d) for d in collection.docs) / len(collection)
    print(
        f"{len(collection)} documents ({len(failures)} unreadable), {words:.0f} words each on "
        f"average, {kept:.0f} kept after §4's preprocessing; one core (pid {os.getpid()})"
    )
    baseline = datasketch_rate(collection, args.repeat)
    print(f"datasketch MinHash(84) per document: {baseline:,.0f} docs/s\n")
    print(
        f"{'method':<16} {'signatures docs/s':>18} {'find docs/s':>12} "
        f"{'vs datasketch':>14}  target"
    )
    rows = []
    for m in catalogue():
        sig = None
        if isinstance(m, SignatureMethod):
            sig = len(collection) / best_of(
                args.repeat, lambda m=m: m.signatures(fresh(collection))
            )
        find = len(collection) / best_of(args.repeat, lambda m=m: m.find(fresh(collection)))
        rate = sig if sig is not None else find
        verdict = "" if sig is None else ("PASS" if sig >= TARGET else "FAIL")
        print(
            f"{m.name:<16} {'' if sig is None else f'{sig:,.0f}':>18} {find:>12,.0f} "
            f"{rate / baseline:>13.1f}×  {verdict}"
        )
        rows.append({"method": m.name, "signatures_docs_per_s": sig, "find_docs_per_s": find})
    if args.json:
        args.json.write_text(
            json.dumps(
                {"documents": len(collection), "datasketch_docs_per_s": baseline, "methods": rows},
                indent=1,
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
