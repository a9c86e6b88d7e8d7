"""Markdown tables from ``copylens lab evaluate --format json`` output (for docs/methods.md).

Usage: python bench/lab_table.py RESULT.json [--dice]
Prints the methods sorted by F1 (the study's Table 2 order) and, with ``--dice``, the Dice
agreement matrix.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def methods_table(data: dict) -> str:  # type: ignore[type-arg]
    lines = [
        "| method | | recall | precision | F1 | pairs found | docs/s |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for m in sorted(data["methods"], key=lambda m: (-m["f1"], m["name"])):
        lines.append(
            f"| {m['name']} | {m['title']} | {m['recall']:.3f} | {m['precision']:.3f} | "
            f"{m['f1']:.3f} | {m['pairs']:,} | {m['docs_per_second']:,.0f} |"
        )
    return "\n".join(lines)


def dice_table(data: dict) -> str:  # type: ignore[type-arg]
    names = [m["name"] for m in data["methods"]]
    lines = ["| | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for a in names:
        row = data["dice"][a]
        cells = ("—" if row[b] is None else f"{row[b]:.2f}" for b in names)
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("result", type=Path)
    parser.add_argument("--dice", action="store_true")
    args = parser.parse_args()
    data = json.loads(args.result.read_text(encoding="utf-8"))
    print(
        f"{data['documents']:,} documents; {data['positives']:,} near-duplicate pairs "
        f"({data['truth']}); {data['pooled']:,} distinct pairs found by any method\n"
    )
    print(methods_table(data))
    if args.dice:
        print()
        print(dice_table(data))


if __name__ == "__main__":
    main()
