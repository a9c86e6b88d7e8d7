"""Where the benchmarks find the shared data: ``../shared`` beside the repository (the seed
papers in ``seeds/``, public corpora in ``corpora/``), wherever the clone is; from a git
worktree nested one level deeper (``…/wt/NAME``), the nearest ``shared`` among its parents'
siblings."""

from __future__ import annotations

import argparse
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def _shared() -> Path:
    for parent in REPO.parents:
        if (parent / "shared" / "seeds").is_dir():
            return parent / "shared"
    return REPO.parent / "shared"


SHARED = _shared()
SEEDS_DIR = SHARED / "seeds"
CORPORA_DIR = SHARED / "corpora"
CLOUGH_DIR = CORPORA_DIR / "clough-stevenson"


def old_package(ref: str, into: Path) -> Path:
    """The ``copylens`` package as it was at commit ``ref`` (``git archive``), laid out as
    installed under ``into`` (made if missing): put ``into`` on ``PYTHONPATH`` of a subprocess
    to run that engine beside this one. Returns ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", ref], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    for part in ("core", "app", "resources"):
        (into / part).rename(into / "copylens" / part)
    return into


def clocked(call: Callable[..., Any], *args: Any) -> tuple[Any, float, dict[str, float]]:
    """``call(*args)``, the process's CPU seconds in it, and the CPU seconds each stage clock
    (``copylens.core.cpu``) gained in it (the diagnostics' per-pair accounts)."""
    from copylens.core import cpu

    before = dict(cpu._spent)
    start = time.process_time()
    result = call(*args)
    spent = time.process_time() - start
    return result, spent, {name: v - before.get(name, 0.0) for name, v in cpu._spent.items()}


def replay_commands(
    description: str,
    record: Callable[..., None],
    replay: Callable[..., None],
    same: Callable[[Path, Path], None],
    *,
    limit: int | None = None,
    rounds: bool = True,
) -> None:
    """The command line of a diagnostic that records the pairs of a run and replays them:
    ``record FOLDER FILE [--limit N]`` calls ``record(folder, file[, limit])``, ``replay FILE
    [--rounds N] [--out OUT]`` calls ``replay(file[, rounds], out)`` and ``same FIRST SECOND``
    calls ``same(first, second)``; ``--limit`` is offered where ``limit`` (its default) is
    given, ``--rounds`` where ``rounds``."""
    parser = argparse.ArgumentParser(description=description)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("folder", type=Path)
    rec.add_argument("file", type=Path)
    if limit is not None:
        rec.add_argument("--limit", type=int, default=limit)
    rep = sub.add_parser("replay")
    rep.add_argument("file", type=Path)
    if rounds:
        rep.add_argument("--rounds", type=int, default=1)
    rep.add_argument("--out", type=Path, default=None)
    cmp = sub.add_parser("same")
    cmp.add_argument("first", type=Path)
    cmp.add_argument("second", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        record(args.folder, args.file, *([] if limit is None else [args.limit]))
    elif args.command == "replay":
        replay(args.file, *([args.rounds] if rounds else []), args.out)
    else:
        same(args.first, args.second)
