"""Result views of the desktop app: one checked document, and compare-all.

- :class:`DocumentView` — ``show_result(result, text, source_texts)``, ``clear()``
- :class:`CompareView` — ``show_report(report, threshold)``, ``clear()``
- :class:`SideBySideView`, :class:`HeatMap`, :class:`HighlightTextView` — their parts
- :func:`qt_position` — a Python str offset as a QTextDocument position
"""

from __future__ import annotations

from copylens.app.views.compare_view import CompareView
from copylens.app.views.document_view import DocumentView
from copylens.app.views.heatmap import HeatMap
from copylens.app.views.side_by_side import SideBySideView
from copylens.app.views.text_view import HighlightTextView, OffsetMap, qt_position

__all__ = [
    "CompareView",
    "DocumentView",
    "HeatMap",
    "HighlightTextView",
    "OffsetMap",
    "SideBySideView",
    "qt_position",
]
