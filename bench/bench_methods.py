"""Speed of every catalogue method on canonicalized ~600-word documents, on one core.

Loads the first ``--n`` essays of a folder written by ``make_essays.py`` (550–650 words each,
Russian and English) through the lab's own loading (extraction, canonicalization with §4's
preprocessing, sentences), then times, per method, on one core:
- the 84-minimum sketch of each document, computed once per document at load (in the
  loading workers, as the engine does) and read by Fetterly's megashingles and Broder;
- the collection statistics (N, df, cf, dl_avg and each document's term counts), computed
  once per collection and shared by every method, like canonicalization;
- signature methods: ``signatures()`` (training on the collection included) — documents per
  second;
- every method: ``find()`` on the whole collection (signatures plus grouping, or candidate
  generation plus verification) — documents per second;
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
import time
from pathlib import Path

from copylens.core.lab import catalogue
from copylens.core.methods.base import SignatureMethod
from copylens.core.methods.collection import Collection, MethodDoc, load_collection
from copylens.core.shingle import shingles
from copylens.core.sketch import minhash

TARGET = 5000.0
FIELDS = ("path", "text", "language", "words", "hashes", "sentences", "sentence_spans")


def best_of(repeat: int, run) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def statistics_rate(collection: Collection, repeat: int) -> float:
    """Documents per second of the shared statistics, term counts included."""

    def run() -> None:
        docs = tuple(MethodDoc(**{f: getattr(d, f) for f in FIELDS}) for d in collection.docs)
        Collection(docs).stats  # noqa: B018

    copy_only = best_of(
        repeat, lambda: [MethodDoc(**{f: getattr(d, f) for f in FIELDS}) for d in collection.docs]
    )
    return len(collection) / max(1e-9, best_of(repeat, run) - copy_only)


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
    print(f"datasketch MinHash(84) per document: {baseline:,.0f} docs/s")
    stats = statistics_rate(collection, args.repeat)
    print(f"shared collection statistics: {stats:,.0f} docs/s (once per collection)")
    sketch = len(collection) / best_of(
        args.repeat, lambda: [minhash(shingles(d.hashes, 10)) for d in collection.docs]
    )
    print(f"84-minimum sketch per document, computed at load: {sketch:,.0f} docs/s\n")
    print(
        f"{'method':<16} {'signatures docs/s':>18} {'find docs/s':>12} "
        f"{'vs datasketch':>14}  target"
    )
    rows = []
    for m in catalogue():
        sig = None
        if isinstance(m, SignatureMethod):
            sig = len(collection) / best_of(args.repeat, lambda m=m: m.signatures(collection))
        find = len(collection) / best_of(args.repeat, lambda m=m: m.find(collection))
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
