"""Record the pair stage's inputs of the pairs ``compare`` reports, then replay them (issue 40).

``record DIR FILE [--limit N]`` runs ``copylens.core.engine.compare`` in this process
(``workers=1``) on a folder of essays and pickles, for the first ``N`` pairs that reach the
realignment over ignored words (``engine._pair_result`` past its threshold test: every
reported pair and the few the realignment drops), the two prepared documents and the options.
``replay FILE [--rounds R] [--out OUT]`` scores those pairs again, ``score_pair`` then
``_pair_result`` as the pair workers do, and prints each round's CPU seconds (this process);
``--out`` pickles the results, which ``same A B`` compares field by field. Run it with
``PYTHONPATH`` naming another revision's package (``bench/shared.py``'s ``old_package``)
to time that engine on the same pairs, alternating, and check that the results are equal.

The pickle of 1,200 pairs of the scale collection's 10,000 essays is ~300 MB. Usage:
``OPENBLAS_NUM_THREADS=1 python bench/diag_replay_pairs.py record DIR pairs.pkl --limit 1200``.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from copylens.core import align, engine
from copylens.core.options import Options
from copylens.core.score import score_pair


def record(folder: Path, out: Path, limit: int) -> None:
    pairs: list[tuple[Any, Any, Options]] = []
    result = engine._pair_result

    def recorded(a: Any, b: Any, score: Any, options: Options) -> Any:
        if not engine._under(score, a, b, options) and len(pairs) < limit:
            pairs.append((a, b, options))
        return result(a, b, score, options)

    engine._pair_result = recorded
    report = engine.compare(sorted(folder.glob("*.txt")), Options(workers=1))
    print(f"{len(report.pairs)} pairs reported, {len(pairs)} recorded")
    out.write_bytes(pickle.dumps(pairs, protocol=5))


def replay(path: Path, rounds: int, out: Path | None) -> None:
    import copylens

    print("engine:", Path(copylens.__file__).parent, file=sys.stderr)
    pairs = pickle.loads(path.read_bytes())
    for a, b, options in pairs[:20]:  # the word tables' first loads, outside the clock
        engine._pair_result(a, b, score_pair(a, b, options), options)
    results: list[Any] = []
    for _ in range(rounds):
        align._BOXES.clear()  # each round from an empty memo of difflib's boxes
        gc.collect()
        started = time.process_time()
        results = [engine._pair_result(a, b, score_pair(a, b, o), o) for a, b, o in pairs]
        print(f"{time.process_time() - started:.2f} s CPU, {len(pairs)} pairs")
    if out is not None:
        out.write_bytes(pickle.dumps(results, protocol=5))


def same_values(x: Any, y: Any) -> bool:
    """Equal values, arrays by dtype and contents, lists, tuples and dataclasses field by field."""
    if type(x) is not type(y):
        return False
    if isinstance(x, np.ndarray):
        return x.dtype == y.dtype and np.array_equal(x, y)
    if isinstance(x, list | tuple):
        return len(x) == len(y) and all(same_values(p, q) for p, q in zip(x, y, strict=True))
    if hasattr(x, "__dataclass_fields__"):
        return all(same_values(getattr(x, f), getattr(y, f)) for f in x.__dataclass_fields__)
    return bool(x == y)


def same(first: Path, second: Path) -> None:
    x, y = pickle.loads(first.read_bytes()), pickle.loads(second.read_bytes())
    differ = [n for n, (p, q) in enumerate(zip(x, y, strict=True)) if not same_values(p, q)]
    print(f"{len(x)} results, {len(differ)} differ", differ[:10])


def main() -> None:
    from shared import replay_commands

    replay_commands(__doc__.splitlines()[0], record, replay, same, limit=1200)


if __name__ == "__main__":
    main()
