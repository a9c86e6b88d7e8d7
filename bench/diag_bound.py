"""The containment bound stage alone, in one process, on a collection's candidate pairs (issue 40).

``--save FILE``: runs ``copylens.core.engine.compare`` on DIR up to the pair stage and pickles
what the pair stage is given (the candidate pairs and the packed summaries). Then (or with
``--load FILE``) bounds every group of candidates as the pair workers do
(:func:`copylens.core.pairs.groups_of`, one :class:`copylens.core.spill.Seeds` per document,
:func:`copylens.core.score.containment_bounds`) and prints the CPU seconds of the bound calls
and of the whole loop, and a digest of the bounds (equal before and after a change of the
bound's code means the same bounds, bit for bit).

Usage: ``python bench/diag_bound.py DIR --save FILE``, then
``python bench/diag_bound.py --load FILE``.
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import time
from typing import Any

import numpy as np

from copylens.core import engine
from copylens.core.options import Options
from copylens.core.pairs import groups_of
from copylens.core.score import containment_bounds


def captured(folder: str) -> tuple[np.ndarray, Any]:
    """The candidate pairs and packed summaries ``compare`` hands its pair stage."""
    kept: list[Any] = []

    def stop(pairs: np.ndarray, summaries: Any, *args: Any, **kwargs: Any) -> Any:
        kept.extend([pairs, summaries])
        return iter(())

    engine._compared = stop  # type: ignore[assignment]
    engine.compare([folder], Options())
    return kept[0], kept[1]


def bound_all(pairs: np.ndarray, summaries: Any, options: Options) -> tuple[float, float, str]:
    digest = hashlib.sha256()
    inside = 0.0
    start = time.process_time()
    for i, js in groups_of(pairs):
        a, others = summaries[i], [summaries[j] for j in js.tolist()]
        t = time.process_time()
        found = containment_bounds(a, others, options)
        inside += time.process_time() - t
        digest.update(found.tobytes())
    return inside, time.process_time() - start, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--save")
    parser.add_argument("--load")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if args.load:
        with open(args.load, "rb") as f:
            pairs, summaries = pickle.load(f)
    else:
        pairs, summaries = captured(args.folder)
        if args.save:
            with open(args.save, "wb") as f:
                pickle.dump((pairs, summaries), f)
    options = Options().validated()
    print(f"{len(pairs)} pairs in {len(groups_of(pairs))} groups")
    for _ in range(args.repeat):
        inside, whole, digest = bound_all(pairs, summaries, options)
        print(f"bound calls {inside:.2f} s CPU, loop {whole:.2f} s, digest {digest}")


if __name__ == "__main__":
    main()
