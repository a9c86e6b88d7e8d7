"""Locating the files of ``copylens.resources`` (stop-word lists), installed or frozen alike."""

from __future__ import annotations

from functools import cache
from pathlib import Path


def resources_dir() -> Path:
    """The folder of ``copylens.resources``: beside ``copylens.core`` when installed, editable
    or frozen (PyInstaller sets ``__file__`` under ``_MEIPASS`` and the spec puts the files
    there)."""
    return Path(__file__).resolve().parent.parent / "resources"


@cache
def stop_words(language: str) -> frozenset[str]:
    """The curated stop words of ``language`` (empty if there is no list for it)."""
    path = resources_dir() / "stopwords" / f"{language}.txt"
    if not path.is_file():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))
