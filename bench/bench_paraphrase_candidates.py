"""The paraphrase stage's candidate path (issue 38, item 2) against the whole matrix of cosines on
every pair of ``bench_paraphrase.py --quick`` (its collection, the real Russian texts and the
Clough–Stevenson answers): each ``check``'s fragments, compared as JSON text, once with the
whole matrix (documents of usual length) and once with the candidate path forced
(``paraphrase.BLOCK_PAIRS = 0``: only source sentences sharing a rare word are compared).
Prints the checks run, how many differ (each one shown), and the sentence pairs each path
compared.

Usage: ``python bench/bench_paraphrase_candidates.py``; exit status 1 when any check differs.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import bench_paraphrase as bp

from copylens.core import paraphrase as pp

RECORD: list[str] = []
PAIRS = {"compared": 0}
_check = bp.check
_nearest = pp._nearest


def recording_check(*args: Any, **kwargs: Any) -> Any:
    report = _check(*args, **kwargs)
    RECORD.append(
        json.dumps(
            [
                [
                    s.path,
                    [
                        [f.kind, f.start, f.end, f.source_start, f.source_end, f.score]
                        for f in s.fragments
                    ],
                ]
                for d in report.documents
                for s in d.sources
            ],
            ensure_ascii=False,
        )
    )
    return report


def counting_nearest(a: Any, b: Any, rows: list[int], closed_b: Any) -> Any:
    if len(rows) * len(b.bounds) <= pp.BLOCK_PAIRS:
        PAIRS["compared"] += len(rows) * len(b.bounds)
    else:
        index = pp.RareWords.of(b, closed_b)
        for r0 in range(0, len(rows), pp.ROW_BLOCK):
            PAIRS["compared"] += sum(map(len, index.candidates(a, rows[r0 : r0 + pp.ROW_BLOCK])))
    return _nearest(a, b, rows, closed_b)


def run(block_pairs: int) -> tuple[list[str], int]:
    RECORD.clear()
    PAIRS["compared"] = 0
    pp.BLOCK_PAIRS = block_pairs
    bp.main(["--quick", "--no-speed", "--no-paraphraser"])
    return list(RECORD), PAIRS["compared"]


def main() -> int:
    bp.check = recording_check
    pp._nearest = counting_nearest
    whole, whole_pairs = run(pp.BLOCK_PAIRS)
    indexed, indexed_pairs = run(0)
    differ = [n for n, (x, y) in enumerate(zip(whole, indexed, strict=True)) if x != y]
    for n in differ:
        print(f"check {n} differs:\n  whole:   {whole[n]}\n  indexed: {indexed[n]}")
    print(
        f"\n{len(whole)} checks, {len(differ)} differ; sentence pairs compared: whole matrix "
        f"{whole_pairs:,}, candidates {indexed_pairs:,}"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
