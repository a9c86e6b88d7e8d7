"""The one options object of the engine, validated once and then frozen.

Every stage reads its parameters from :class:`Options`; front ends build it from their
arguments or settings and call :func:`Options.validated`, which reports every problem at
once (:class:`~copylens.core.errors.OptionsError`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any

from copylens.core.errors import OptionsError

LANGUAGES = ("auto", "ru", "uk", "en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl")


@dataclass(frozen=True)
class Options:
    """Engine settings. Defaults follow ALGORITHMS.md §1–2 and the card (w = 10, 84 hashes)."""

    shingle: int = 10
    """w: words per shingle (ALGORITHMS.md §2); 3–20."""
    language: str = "auto"
    """Document language, or "auto" to detect it per document."""
    lemmatize: bool = True
    """Reduce words to lemmas (ru, uk) or Snowball stems (other languages)."""
    stop_words: bool = True
    """Drop the curated stop words of the document's language."""
    drop_short: bool = False
    """Drop words of 3 letters or fewer (on in the source study; off by default here)."""
    ignore_numbers: bool = False
    """Drop tokens made of digits."""
    seed_k: int = 3
    """k: canonical words per alignment seed (issue 5 allows 3–5)."""
    max_gap: int = 6
    """g: canonical words a fragment may skip between seeds ("imperfections")."""
    min_fragment_words: int = 10
    """Shortest fragment reported, in canonical words of the checked document."""
    anchor_words: int = 5
    """Every fragment holds a run of at least this many consecutive matching canonical words;
    documents sharing no such run are never aligned (their candidate key)."""
    max_seed_repeats: int = 8
    """A seed k-gram occurring more often than this in one source pairs with only this many of
    its occurrences there: those nearest its own place (boilerplate, refrains)."""
    max_file_bytes: int = 50 * 1024 * 1024
    """Files larger than this are refused."""
    min_containment: float = 0.0
    """compare: report a pair only if its containment in either direction reaches this."""
    cluster_threshold: float = 0.5
    """compare: pairs whose larger containment reaches this are joined into clusters."""
    workers: int = 0
    """Processes for canonicalization; 0 means one per core."""

    def validated(self) -> Options:
        """Return self if every field is valid, else raise OptionsError listing all problems."""
        problems = _problems(self)
        if problems:
            raise OptionsError(problems)
        return self

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some fields changed, validated."""
        return replace(self, **changes).validated()

    @property
    def process_count(self) -> int:
        return self.workers if self.workers > 0 else max(1, os.cpu_count() or 1)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))


def _problems(o: Options) -> list[str]:
    checks = [
        (3 <= o.shingle <= 20, f"shingle length must be 3..20, got {o.shingle}"),
        (
            o.language in LANGUAGES,
            f"language must be one of {', '.join(LANGUAGES)}, got {o.language!r}",
        ),
        (2 <= o.seed_k <= 8, f"seed length must be 2..8, got {o.seed_k}"),
        (0 <= o.max_gap <= 50, f"maximum gap must be 0..50, got {o.max_gap}"),
        (
            o.seed_k <= o.anchor_words <= 20,
            f"anchor must be {o.seed_k} (the seed length)..20 words, got {o.anchor_words}",
        ),
        (
            1 <= o.min_fragment_words <= 1000,
            f"minimum fragment must be 1..1000 words, got {o.min_fragment_words}",
        ),
        (
            o.max_seed_repeats >= 1,
            f"seed repeat limit must be at least 1, got {o.max_seed_repeats}",
        ),
        (o.max_file_bytes > 0, f"file size limit must be positive, got {o.max_file_bytes}"),
        (
            0.0 <= o.min_containment <= 1.0,
            f"minimum containment must be 0..1, got {o.min_containment}",
        ),
        (
            0.0 < o.cluster_threshold <= 1.0,
            f"cluster threshold must be in (0, 1], got {o.cluster_threshold}",
        ),
        (o.workers >= 0, f"workers must be 0 (auto) or more, got {o.workers}"),
    ]
    return [message for ok, message in checks if not ok]
