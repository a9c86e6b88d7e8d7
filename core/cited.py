"""Cited: the citation signal, a document signal (:mod:`copylens.core.signal`; issues 12, 14).

Marks a document's words inside its quotations, block quotations and bibliography
(:func:`copylens.core.citations.cited_spans`), as far as the options leave them out of the
check (``exclude_quotes``, ``exclude_bibliography``): the engine ignores the marked words
(:func:`copylens.core.marking.marked`), so they are never matched nor counted.
"""

from __future__ import annotations

import numpy as np

from copylens.core.options import Options
from copylens.core.prepare import Prepared, words_in
from copylens.core.signal import RunText


class Citations:
    """The citation signal (module docstring)."""

    name = "citations"
    marks_sources = False
    """A source's quotations are its own business: only the checked text's are left out."""

    def wanted(self, options: Options) -> bool:
        return options.exclude_quotes or options.exclude_bibliography

    def marks(self, doc: Prepared, run: RunText, options: Options) -> np.ndarray:
        from copylens.core.citations import cited_spans  # on first use (Prepared.cited's note)

        spans = cited_spans(
            doc.text, quotes=options.exclude_quotes, bibliography=options.exclude_bibliography
        )
        return words_in(doc.canonical.starts, spans)


CITATIONS = Citations()
