"""Output of ``copylens dedup`` and ``copylens lab evaluate``: text tables, CSV and JSON.

:func:`print_errors` is the one of :mod:`copylens.app.textout` (``check`` and ``compare``).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import Any, TextIO

from copylens.app.textout import print_errors
from copylens.core import Collection, Dedup, Evaluation, InputFailure, similarity


def dedup_json(
    result: Dedup, collection: Collection, errors: Sequence[InputFailure]
) -> dict[str, Any]:
    """``{"method", "clusters": [[path, ...]], "pairs": [{"a", "b", "similarity"}], "errors"}``;
    ``similarity`` (2·LCS / total words) is an extra beside the contract's ``a`` and ``b``."""
    docs = collection.docs
    return {
        "method": result.method,
        "clusters": [[docs[i].path for i in cluster] for cluster in result.clusters],
        "pairs": [
            {"a": docs[i].path, "b": docs[j].path, "similarity": round(_sim(collection, i, j), 4)}
            for i, j in result.pairs
        ],
        "errors": errors_json(errors),
    }


def print_dedup(
    result: Dedup, collection: Collection, errors: Sequence[InputFailure], out: TextIO
) -> None:
    docs = collection.docs
    if not result.clusters:
        out.write(f"{result.method}: no near-duplicates among {len(docs)} documents\n")
    for n, cluster in enumerate(result.clusters, start=1):
        out.write(f"group {n} ({len(cluster)} documents):\n")
        for i in cluster:
            out.write(f"  {docs[i].path}\n")
    if result.pairs:
        out.write(f"\n{len(result.pairs)} pair(s) found by {result.method}:\n")
        out.write(f"  {'similar':>7}  a  ⟷  b\n")
        for i, j in result.pairs:
            out.write(f"  {_sim(collection, i, j):>7.0%}  {docs[i].path}  ⟷  {docs[j].path}\n")
    print_errors(errors, out)


def print_evaluation(result: Evaluation, errors: Sequence[InputFailure], out: TextIO) -> None:
    truth = (
        "verified pool (pairs any method found with similarity ≥ 0.8)"
        if result.truth == "pooled"
        else "labelled pairs"
    )
    out.write(
        f"{result.documents} documents; {result.positives} near-duplicate pairs ({truth}); "
        f"{result.pooled} distinct pairs found by any method\n\n"
    )
    out.write(
        f"{'method':<16} {'title':<28} {'recall':>6} {'prec.':>6} {'F1':>6} "
        f"{'pairs':>7} {'docs/s':>10}\n"
    )
    for m in sorted(result.methods, key=lambda m: -m.f1):
        out.write(
            f"{m.name:<16} {m.title[:28]:<28} {m.recall:>6.3f} {m.precision:>6.3f} {m.f1:>6.3f} "
            f"{m.pairs:>7} {m.docs_per_second:>10,.0f}\n"
        )
    names = [m.name for m in result.methods]
    out.write("\nDice agreement of the pair sets (columns numbered as the rows; — when both found")
    out.write(" nothing):\n")
    width = max(len(n) for n in names) + 4
    out.write(" " * width + "".join(f"{k:>5}" for k in range(1, len(names) + 1)) + "\n")
    for k, a in enumerate(names, start=1):
        cells = "".join(_cell(result.dice[a][b]) for b in names)
        out.write(f"{k:>2}. {a:<{width - 4}}{cells}\n")
    print_errors(errors, out)


def print_csv(result: Evaluation, out: TextIO) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "method",
            "title",
            "recall",
            "precision",
            "f1",
            "pairs",
            "true_positives",
            "docs_per_second",
            "seconds",
        ]
    )
    for m in result.methods:
        writer.writerow(
            [
                m.name,
                m.title,
                f"{m.recall:.4f}",
                f"{m.precision:.4f}",
                f"{m.f1:.4f}",
                m.pairs,
                m.true_positives,
                f"{m.docs_per_second:.1f}",
                f"{m.seconds:.4f}",
            ]
        )


def errors_json(errors: Sequence[InputFailure]) -> list[dict[str, str]]:
    return [{"path": e.path, "error": e.error} for e in errors]


def _cell(value: float | None) -> str:
    return f"{'—':>5}" if value is None else f"{value:>5.2f}"


def _sim(collection: Collection, i: int, j: int) -> float:
    return similarity(collection.docs[i], collection.docs[j])
