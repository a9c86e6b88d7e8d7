"""The pair stage's sentence steps, replayed on the pairs ``compare`` aligns (issue 40).

``record DIR FILE`` runs ``copylens.core.engine.compare`` in this process (``workers=1``) on
a folder of essays and pickles the arguments of every :func:`copylens.core.engine.compare_pair`
(every pair past the containment bound: the pairs that reach the sentence steps).
``replay FILE [--rounds R] [--out OUT]`` scores them again as the pair workers do (each round
from empty per-document memos) and prints each round's CPU seconds of the sentence steps, by
stage clock (``copylens.core.cpu``), the copy signal's :func:`~copylens.core.sentence_align.join`
apart ("join", otherwise inside "align"); ``--out`` pickles the results, which ``same A B``
compares field by field. Run it with ``PYTHONPATH`` naming another revision's package
(``bench/shared.py``'s ``old_package``) to time that engine on the same pairs, alternating.

Usage: ``OPENBLAS_NUM_THREADS=1 python bench/diag_sentence_steps.py record DIR pairs.pkl``.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("COPYLENS_STAGE_CPU", tempfile.mkdtemp(prefix="diag_sentence_steps_"))

STEPS = (
    "sentences",
    "join",
    "sentence passages: assembled",
    "summaries: assembled",
    "source edges: assembled",
)


def record(folder: Path, out: Path) -> None:
    from copylens.core import engine
    from copylens.core.options import Options

    pairs: list[tuple[Any, Any, Any]] = []
    compare_pair = engine.compare_pair

    def recorded(a: Any, b: Any, options: Any) -> Any:
        pairs.append((a, b, options))
        return compare_pair(a, b, options)

    engine.compare_pair = recorded
    report = engine.compare(sorted(folder.glob("*.txt")), Options(workers=1))
    print(f"{len(report.pairs)} pairs reported, {len(pairs)} recorded")
    for a, b, _ in pairs:
        for doc in (a, b):
            doc.__dict__.pop("_text_units", None)
    out.write_bytes(pickle.dumps(pairs, protocol=5))


def replay(path: Path, rounds: int, out: Path | None) -> None:
    import copylens
    from copylens.core import align, cpu, engine, passages, sentence_align

    print("engine:", Path(copylens.__file__).parent, file=sys.stderr)
    joined = passages.SentencePassages.joined

    def timed(self: Any, *args: Any) -> Any:
        with cpu.stage("join"):
            return joined(self, *args)

    passages.SentencePassages.joined = timed  # type: ignore[method-assign]
    data = path.read_bytes()
    warm = pickle.loads(data)
    for a, b, options in warm[:20]:  # the word tables' first loads, outside the clock
        engine.compare_pair(a, b, options)
    results: list[Any] = []
    for _ in range(rounds):
        pairs = pickle.loads(data)  # fresh documents: no memo of the round before
        align._BOXES.clear()
        sentence_align._KEPT.clear()
        sentence_align._kept_words[0] = 0
        gc.collect()
        before = dict(cpu._spent)
        started = time.process_time()
        results = [engine.compare_pair(a, b, o) for a, b, o in pairs]
        spent = time.process_time() - started
        steps = {s: cpu._spent.get(s, 0.0) - before.get(s, 0.0) for s in STEPS}
        shown = "  ".join(f"{s} {v:.3f}" for s, v in steps.items())
        print(f"{spent:.2f} s CPU, {len(pairs)} pairs; steps {sum(steps.values()):.3f}: {shown}")
    if out is not None:
        out.write_bytes(pickle.dumps(results, protocol=5))


def same(first: Path, second: Path) -> None:
    """Compare two replays' results pair by pair (as ``diag_replay_pairs.py same``)."""
    from diag_replay_pairs import same as replayed_same

    replayed_same(first, second)


def main() -> None:
    from shared import replay_commands

    replay_commands(__doc__.splitlines()[0], record, replay, same)


if __name__ == "__main__":
    main()
