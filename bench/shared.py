"""Where the benchmarks find the shared data: ``../shared`` beside the repository (the seed
papers in ``seeds/``, public corpora in ``corpora/``), wherever the clone is; from a git
worktree nested one level deeper (``…/wt/NAME``), the nearest ``shared`` among its parents'
siblings."""

from __future__ import annotations

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
