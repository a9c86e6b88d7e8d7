"""The main window's results area: a placeholder or the page of the current mode.

* :class:`copylens.app.pages.CheckPage` — the checked documents and the selected one;
* :class:`copylens.app.pages.ComparePage` — the compare-all overview;
* the placeholder (:class:`copylens.app.window_parts.Placeholder`) says where results will
  appear, that a run is under way (with its progress), or, after a run that read nothing,
  that none of the documents could be read, with the first reasons and a button listing all.
"""

from __future__ import annotations

from collections.abc import Sequence

from copylens.app import news_grouping
from copylens.app.pages import CheckPage, ComparePage
from copylens.app.presentation import display_names, failure_text
from copylens.app.qt import QtCore, QtWidgets, Signal
from copylens.app.run import CHECK, Report
from copylens.app.window_parts import Placeholder
from copylens.core import CompareReport, InputFailure

PLACEHOLDER, CHECK_PAGE, COMPARE_PAGE = range(3)
"""The area's pages, in order."""


class ResultsArea(QtWidgets.QStackedWidget):
    """The placeholder, the check page and the compare page, one shown at a time.

    Signals:
        failuresRequested(): the list of every file that could not be read was asked for.
        rowsAdded(): the check page shows more documents.
    """

    failuresRequested = Signal()
    rowsAdded = Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsStack")
        self.placeholder = Placeholder()
        self.placeholder.button.setText(self.tr("See every file and why…"))
        self.placeholder.button.clicked.connect(self.failuresRequested)
        self.addWidget(self.placeholder)
        self.check_page = CheckPage()
        self.check_page.rowsAdded.connect(self.rowsAdded)
        self.check_page.failuresRequested.connect(self.failuresRequested)
        self.addWidget(self.check_page)
        self.compare_page = ComparePage()
        self.addWidget(self.compare_page)

    def show_progress(self, text: str) -> None:
        self.placeholder.hint.setText(text)

    def update_for(
        self,
        mode: str,
        report: Report | None,
        running: bool,
        busy: str,
        progress: str,
        failures: Sequence[InputFailure],
    ) -> None:
        """The page for ``mode`` (its ``report``, None before one): the check page once it
        holds a document, the compare page once a report is there and no run is; else the
        placeholder, saying what to do, that ``busy`` is under way with its ``progress``, or
        that nothing could be read and why (``failures``)."""
        if mode == CHECK:
            self.setCurrentIndex(CHECK_PAGE if self.check_page.has_results() else PLACEHOLDER)
            self.placeholder.set_text(
                self.tr("Results appear here"),
                self.tr("Add documents and sources above, then press Check (Ctrl+Enter)."),
            )
        else:
            shown = report is not None and not running  # else "Comparing…"
            self.setCurrentIndex(COMPARE_PAGE if shown else PLACEHOLDER)
            self.placeholder.set_text(
                self.tr("Results appear here"),
                self.tr("Add two or more documents above, then press Compare (Ctrl+Enter)."),
            )
        if running:
            self.placeholder.set_text(busy, progress or self.tr("Starting…"))
        nothing = not running and report is not None and not report.documents
        nothing = nothing and bool(report is not None and report.errors)
        nothing = nothing and not (report is not None and holds_news(report))
        self.placeholder.button.setVisible(nothing)
        for label in (self.placeholder.title, self.placeholder.hint):
            label.setEnabled(nothing)  # an empty area is grey; what went wrong is not
        if nothing:
            self.setCurrentIndex(PLACEHOLDER)
            self.placeholder.set_text(
                self.tr("None of the documents could be read"), self.failures_summary(failures)
            )

    def failures_summary(self, failures: Sequence[InputFailure], shown: int = 5) -> str:
        """How many files could not be read, the first few with their reasons."""
        translate = QtCore.QCoreApplication.translate
        names = display_names(f.path for f in failures)
        text = self.tr("Files that could not be read: %1").replace("%1", str(len(failures)))
        lines = [text, ""]
        lines += [f"{names[f.path]} — {failure_text(f, translate)}" for f in failures[:shown]]
        if len(failures) > shown:
            more = str(len(failures) - shown)
            lines.append(self.tr("… and %1 more").replace("%1", more))
        return "\n".join(lines)


def holds_news(report: Report) -> bool:
    """A compare report whose inputs include news files (its news grouping reads them)."""
    return isinstance(report, CompareReport) and any(
        news_grouping.is_news_file(e.path) for e in report.errors
    )
