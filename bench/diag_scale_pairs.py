"""Pair-by-pair comparison of two ``copylens compare --format json`` reports of one
collection (issue 34 / 40: outputs beside a base engine's): pairs in one report only, pairs
whose fields differ, containment up / down, and which fields moved.

Usage: ``python bench/diag_scale_pairs.py NEW.json BASE.json``. Development only.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def _pairs(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    report = json.loads(path.read_text(encoding="utf-8"))
    return {(Path(p["a"]).name, Path(p["b"]).name): p for p in report["pairs"]}


def main() -> None:
    new, base = _pairs(Path(sys.argv[1])), _pairs(Path(sys.argv[2]))
    print(
        f"pairs: {len(new)} against {len(base)}; only new {len(new.keys() - base.keys())}, "
        f"only base {len(base.keys() - new.keys())}"
    )
    changed, moved = [], Counter()
    up = down = 0
    for key in sorted(new.keys() & base.keys()):
        x, y = new[key], base[key]
        if x == y:
            continue
        changed.append(key)
        for field in x:
            if x[field] != y.get(field):
                moved[field] += 1
        c = (x["containment_ab"], x["containment_ba"])
        d = (y["containment_ab"], y["containment_ba"])
        up += c > d
        down += c < d
        fx = [
            (f["kind"], f["start"], f["end"], f["source_start"], f["source_end"])
            for f in x["fragments"]
        ]
        fy = [
            (f["kind"], f["start"], f["end"], f["source_start"], f["source_end"])
            for f in y["fragments"]
        ]
        print(" ", key, "containment", d, "->", c)
        print("    base", [f for f in fy if f not in fx])
        print("    new ", [f for f in fx if f not in fy])
    print(f"changed {len(changed)}; containment up {up}, down {down}; fields {dict(moved)}")


if __name__ == "__main__":
    main()
