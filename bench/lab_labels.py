"""Labels CSVs (``a,b,label``) for ``copylens lab evaluate --pairs``, from two collections.

- ``clough``: the Clough–Stevenson corpus's ``pairs.csv``: each answer against its task's
  source, ``cut``/``light``/``heavy`` = 1, ``non`` = 0 (as issue 4 states). Paths are file
  names; the lab matches them to the documents by name.
- ``essays``: a collection written by ``make_essays.py``: its planted pairs, with the
  near-duplicate kinds (``format``, ``edit10``, ``wordforms``, ``homoglyph``) = 1 and
  ``paragraph`` (a fresh essay with one pasted passage: partial reuse, not a near-duplicate
  document) = 0. Every other pair of that collection is unrelated by construction, so the lab
  is run with ``--unlisted-negative``.

Usage:
  python bench/lab_labels.py clough ../shared/corpora/clough-stevenson/pairs.csv OUT.csv
  python bench/lab_labels.py essays bench/data/truth_10000.json OUT.csv
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

NEAR_DUPLICATE_KINDS = frozenset({"format", "edit10", "wordforms", "homoglyph"})


def clough_rows(pairs_csv: Path) -> list[tuple[str, str, int]]:
    with pairs_csv.open(encoding="utf-8", newline="") as f:
        return [
            (Path(r["suspicious"]).name, Path(r["source"]).name, int(r["plagiarised"]))
            for r in csv.DictReader(f)
        ]


def essay_rows(truth_json: Path) -> list[tuple[str, str, int]]:
    truth = json.loads(truth_json.read_text(encoding="utf-8"))
    return [(p["a"], p["b"], int(p["kind"] in NEAR_DUPLICATE_KINDS)) for p in truth["pairs"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("clough", "essays"))
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    rows = clough_rows(args.source) if args.kind == "clough" else essay_rows(args.source)
    with args.out.open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["a", "b", "label"])
        writer.writerows(rows)
    print(f"{len(rows)} labelled pairs ({sum(r[2] for r in rows)} near-duplicates) → {args.out}")


if __name__ == "__main__":
    main()
