"""Where the benchmarks find the shared data: ``../shared`` beside the repository (the seed
papers in ``seeds/``, public corpora in ``corpora/``), wherever the clone is; from a git
worktree nested one level deeper (``…/wt/NAME``), the nearest ``shared`` among its parents'
siblings."""

from __future__ import annotations

from pathlib import Path

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
