"""The compare-all results page: the :class:`CompareView`, built with the first report."""

from __future__ import annotations

from copylens.app.qt import QtWidgets
from copylens.app.views.compare_view import CompareView
from copylens.core import CompareReport


class ComparePage(QtWidgets.QWidget):
    """Hosts the compare view; it is made when the first report arrives (its method
    catalogue takes a moment to load, and a check-only session never needs it)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: CompareView | None = None
        self._layout = QtWidgets.QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def show_report(self, report: CompareReport, threshold: float | None = None) -> None:
        """Show ``report``; the pair list starts at what the report was computed with, or at
        ``threshold`` (0..1) when that is higher (:meth:`CompareView.show_report`)."""
        if self.view is None:
            self.view = CompareView(self)
            self.view.setObjectName("compareView")
            self._layout.addWidget(self.view)
        self.view.show_report(report, threshold)

    def threshold(self) -> float | None:
        """The pair list's threshold (0..1) the view shows, None before a report."""
        return None if self.view is None else self.view.threshold()

    def shutdown(self) -> None:
        """Stop the view's background work and wait for it (the window is closing)."""
        if self.view is not None:
            self.view.shutdown()
