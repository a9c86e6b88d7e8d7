"""Locating the files in ``resources/`` (stop-word lists), installed or frozen alike."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


def resources_dir() -> Path:
    """The ``resources`` folder: beside ``core/``, or in ``_MEIPASS`` when frozen."""
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parent.parent
    return base / "resources"


@cache
def stop_words(language: str) -> frozenset[str]:
    """The curated stop words of ``language`` (empty if there is no list for it)."""
    path = resources_dir() / "stopwords" / f"{language}.txt"
    if not path.is_file():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))
