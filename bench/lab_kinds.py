"""Recall of every catalogue method per kind of planted pair, on a make_essays.py collection.

``copylens lab evaluate`` gives one recall per method; this splits it by the kind of edit
(format, edit10, wordforms, homoglyph, paragraph), which is what tells the methods apart.
Runs the methods through the same core calls as the command.

Usage: python bench/lab_kinds.py bench/data/essays_10000 bench/data/truth_10000.json
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from copylens.core.lab import select
from copylens.core.methods.base import ordered
from copylens.core.methods.collection import load_collection
from copylens.core.methods.evaluate import run_methods


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("truth", type=Path)
    parser.add_argument("--methods", default="all")
    args = parser.parse_args()
    truth = json.loads(args.truth.read_text(encoding="utf-8"))
    collection, _ = load_collection([args.folder])
    position = {Path(d.path).name: i for i, d in enumerate(collection.docs)}
    kinds: defaultdict[str, list[tuple[int, int]]] = defaultdict(list)
    for p in truth["pairs"]:
        kinds[p["kind"]].append(ordered(position[p["a"]], position[p["b"]]))
    runs = run_methods(collection, select(args.methods))
    names = list(kinds)
    print("| method | " + " | ".join(names) + " |")
    print("|---" + "|---:" * len(names) + "|")
    for run in runs:
        cells = (f"{sum(p in run.pairs for p in kinds[k]) / len(kinds[k]):.2f}" for k in names)
        print(f"| {run.name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
