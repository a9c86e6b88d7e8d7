"""Record the copy signal's inputs in ``compare``, then replay the signal alone (issue 40).

``record DIR FILE`` runs ``copylens.core.engine.compare`` in this process (``workers=1``) on a
folder of essays and pickles, for every pair that reaches ``CopyAlignment.run`` (the pairs the
bound lets through), the two prepared documents, the ``Finding`` it is given and the options.
``replay FILE [--rounds R] [--out OUT]`` runs ``CopyAlignment._run`` on them again (one round
first, untimed, for each document's memos; the garbage collector then set as a pair worker
has it), prints each round's CPU seconds (this process),
and with ``--out`` pickles what it found (words covered, fragments); ``same A B`` compares
two such files field by field.
Run with ``PYTHONPATH`` naming another revision's package to time it on the same pairs.
``profile FILE`` prints cProfile's top functions of one round.
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


from copylens.core import align, engine, pool, signals
from copylens.core.copies import CopyAlignment
from copylens.core.options import Options


def record(folder: Path, out: Path) -> None:
    pairs: list[tuple[Any, Any, Any, Options]] = []
    original = CopyAlignment._run

    def recorded(self: CopyAlignment, a: Any, b: Any, found: Any, options: Options) -> Any:
        pairs.append((a, b, found, options))
        return original(self, a, b, found, options)

    CopyAlignment._run = recorded  # type: ignore[method-assign]
    report = engine.compare(sorted(folder.glob("*.txt")), Options(workers=1))
    print(f"{len(report.pairs)} pairs reported, {len(pairs)} aligned")
    out.write_bytes(pickle.dumps(pairs, protocol=5))


def _signal() -> CopyAlignment:
    signal = signals.PAIR[0]
    assert isinstance(signal, CopyAlignment)
    return signal


def replay(path: Path, rounds: int, out: Path | None) -> None:
    import copylens

    print("engine:", Path(copylens.__file__).parent, file=sys.stderr)
    pairs = pickle.loads(path.read_bytes())
    signal = _signal()
    results = [signal._run(a, b, f, o) for a, b, f, o in pairs]  # memos, outside the clock
    _as_a_pair_worker()
    for _ in range(rounds):
        align._BOXES.clear()
        gc.collect()
        started = time.process_time()
        results = [signal._run(a, b, f, o) for a, b, f, o in pairs]
        print(f"{time.process_time() - started:.3f} s CPU, {len(pairs)} pairs", flush=True)
    if out is not None:  # what the signal adds (the pair's sentences pass through as given)
        kept = [(f.covered_a, f.covered_b, f.fragments) for f in results]
        out.write_bytes(pickle.dumps(kept, protocol=5))


def _as_a_pair_worker() -> None:
    """The garbage collector as a pair worker has it: what it inherited frozen (here, the
    pairs loaded), young objects collected every ``INHERITING_GC_EVERY`` allocations
    (``copylens.core.pool``). Else the full collections walk the 200 MB of pairs loaded and
    their pauses land on whichever step allocates then."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(pool.INHERITING_GC_EVERY, *gc.get_threshold()[1:])


def profile(path: Path) -> None:
    import cProfile
    import pstats

    pairs = pickle.loads(path.read_bytes())
    signal = _signal()
    for a, b, f, o in pairs:
        signal._run(a, b, f, o)
    _as_a_pair_worker()
    align._BOXES.clear()
    prof = cProfile.Profile()
    prof.enable()
    for a, b, f, o in pairs:
        signal._run(a, b, f, o)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(45)
    pstats.Stats(prof).sort_stats("cumtime").print_stats(45)


def main() -> None:
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    if args[0] == "record":
        record(Path(args[1]), Path(args[2]))
    elif args[0] == "replay":
        rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 5
        out = Path(args[args.index("--out") + 1]) if "--out" in args else None
        replay(Path(args[1]), rounds, out)
    elif args[0] == "profile":
        profile(Path(args[1]))
    elif args[0] == "same":
        sys.path.insert(0, str(Path(__file__).parent))
        from diag_replay_pairs import same_values

        a, b = (pickle.loads(Path(p).read_bytes()) for p in args[1:3])
        print("same" if same_values(a, b) else "DIFFERENT")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
