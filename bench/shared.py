"""Where the benchmarks find the shared data: ``../shared`` beside the repository (the seed
papers in ``seeds/``, public corpora in ``corpora/``), wherever the clone is."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
SEEDS_DIR = SHARED / "seeds"
CORPORA_DIR = SHARED / "corpora"
CLOUGH_DIR = CORPORA_DIR / "clough-stevenson"
