"""Templates: the ignored-text signal, a document signal (:mod:`copylens.core.signal`; issue 12).

Marks a document's words inside a run of ``anchor_words`` canonical words that one of the run's
ignored files holds (an assignment, a handout, a form every essay fills in) or, in ``compare``,
that more than ``max_df_share`` of the run's documents hold (common phrases): the phrases are
the run's (:class:`~copylens.core.signal.RunText`, made by the engine with
:func:`copylens.core.ignore.template_phrases` and :func:`~copylens.core.ignore.common_phrases`).
It marks the sources of a check too: a handout's text is nobody's source. The engine ignores the
marked words; why runs of ``anchor_words``, and what must hold, is in :mod:`copylens.core.ignore`.
"""

from __future__ import annotations

import numpy as np

from copylens.core.canonicalize import Canonical
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.shingle import kgrams
from copylens.core.signal import RunText


class Templates:
    """The ignored-text signal (module docstring)."""

    name = "templates"
    marks_sources = True

    def wanted(self, options: Options) -> bool:
        return True  # it marks nothing in a run without templates or common phrases

    def marks(self, doc: Prepared, run: RunText, options: Options) -> np.ndarray | None:
        if len(run.phrases) == 0:
            return None
        return ignored_words(doc.canonical, run.phrases, options.anchor_words)


TEMPLATES = Templates()


def ignored_words(canonical: Canonical, phrases: np.ndarray, k: int) -> np.ndarray | None:
    """Boolean per canonical word: inside a run of ``k`` words whose fingerprint is one of
    ``phrases`` (sorted); None when no word is."""
    grams = kgrams(canonical.hashes, k)
    if len(grams) == 0:
        return None
    at = np.minimum(np.searchsorted(phrases, grams), len(phrases) - 1)
    hits = np.flatnonzero(phrases[at] == grams)
    if len(hits) == 0:
        return None
    marks = np.zeros(len(canonical) + 1, dtype=np.int64)
    np.add.at(marks, hits, 1)
    np.add.at(marks, hits + k, -1)
    return np.cumsum(marks[:-1]) > 0
