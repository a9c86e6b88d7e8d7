"""Record the paraphrase stage's inputs of every pair ``compare`` runs it on, then replay the
stage alone (issue 40: its per-document meaning, word learning and matching).

``record DIR FILE`` runs ``copylens.core.engine.compare`` in this process (``workers=1``) on
a folder of essays and pickles, for every pair the stage runs on, the two prepared documents,
what the aligner found and the options (the documents a pair holds are pickled once each).
``replay FILE [--out OUT]`` loads the language tables of the documents (outside the clock),
then runs the stage on every recorded pair in order in this process, from empty caches (as
a fresh pair worker does: each document's meaning made once, each word learned once), and
prints its CPU seconds (``time.process_time``) and each sub-stage's
(``COPYLENS_STAGE_CPU``-style figures are not needed: the stage's own clocks are read
directly); ``--out`` pickles each pair's result (covered words, fragments), which
``same A B`` compares. Run it with ``PYTHONPATH`` naming another revision's package
(``bench/shared.py``'s ``old_package``) to time that engine on the same pairs, in fresh
processes, alternating.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np


def record(folder: Path, out: Path) -> None:
    from copylens.core import engine, paraphrase
    from copylens.core.options import Options

    pairs: list[tuple[int, int, Any, Any]] = []
    docs: dict[int, Any] = {}
    run = paraphrase.Paraphrase.run

    def recorded(self: Any, a: Any, b: Any, found: Any, options: Any) -> Any:
        for doc in (a, b):
            docs.setdefault(id(doc), doc)
        pairs.append((id(a), id(b), found, options))
        return run(self, a, b, found, options)

    paraphrase.Paraphrase.run = recorded  # type: ignore[method-assign]
    report = engine.compare(sorted(folder.glob("*.txt")), Options(workers=1))
    for doc in docs.values():  # as a pair worker reads them back: nothing memoized on them
        for name in ("_meaning", "_content", "_sentences", "_sentence_bounds"):
            doc.__dict__.pop(name, None)
    print(f"{len(report.pairs)} pairs reported, {len(pairs)} recorded, {len(docs)} documents")
    out.write_bytes(pickle.dumps((docs, pairs), protocol=5))


def replay(path: Path, out: Path | None) -> None:
    import tempfile

    folder = tempfile.mkdtemp(prefix="copylens-replay-")
    os.environ["COPYLENS_STAGE_CPU"] = folder  # read when copylens.core.cpu is imported
    import copylens
    from copylens.core import cpu, paraphrase

    docs, pairs = pickle.loads(path.read_bytes())
    for doc in docs.values():  # as a pair worker reads them back (older records kept these)
        doc.__dict__.pop("_sentence_bounds", None)
    for language in sorted({d.canonical.language for d in docs.values()}):
        paraphrase.ready(language)
    stage = paraphrase.Paraphrase()
    results = []
    start = time.process_time()
    for a, b, found, options in pairs:
        results.append(stage.run(docs[a], docs[b], found, options))
    spent = time.process_time() - start
    cpu._write(folder)
    stages = cpu.summed(Path(folder))
    ours = sorted(k for k in stages if k.startswith("paraphrase"))
    shown = ", ".join(f"{k} {stages[k]:.3f}" for k in ours)
    print(f"{Path(copylens.__file__).parent} {len(pairs)} pairs: {spent:.3f} s ({shown})")
    if out is not None:
        kept = [(r.covered_a, r.covered_b, r.fragments) for r in results]
        out.write_bytes(pickle.dumps(kept, protocol=5))


def same(first: Path, second: Path) -> None:
    a, b = pickle.loads(first.read_bytes()), pickle.loads(second.read_bytes())
    assert len(a) == len(b), (len(a), len(b))
    differ = [
        n
        for n, (x, y) in enumerate(zip(a, b, strict=True))
        if not (np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1]) and x[2] == y[2])
    ]
    print(f"{len(a)} pairs, {len(differ)} differ: {differ[:10]}")
    sys.exit(1 if differ else 0)


def main() -> None:
    from shared import replay_commands

    replay_commands(__doc__, record, replay, same, rounds=False)


if __name__ == "__main__":
    main()
