"""What the main window does with the report it shows: export, print, the certificate and the
exclusions.

:class:`ReportCommands` takes the current mode's last complete report from the run
controller (``reports``) and hands it to the dialogs that make files or paper of it
(:mod:`copylens.app.printing`, :mod:`copylens.app.certificate`; loaded when first used), or
counts a check's figures again without what the person leaves out
(:func:`copylens.core.exclude`, :class:`copylens.app.exclusions_dialog.ExclusionsDialog`).

What must hold: a compare report's pairs are exported and printed as the list shows them
(the compare page's slider); exclusions are never changed while a run goes, and an excluded
check replaces the check's report (the report it came from is kept inside it, so exclusions
can be changed or removed).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from copylens.app.pages import ComparePage
from copylens.app.qt import QtCore, QtWidgets, Slot
from copylens.app.run import CHECK, Report, RunController
from copylens.core import CheckReport, CompareReport


class ReportHost(Protocol):
    """What :class:`ReportCommands` needs of its window
    (:class:`copylens.app.window.MainWindow`)."""

    settings_values: dict[str, Any]

    @property
    def mode(self) -> str: ...

    def show_report(self, mode: str, report: Report, *, fresh: bool = False) -> None: ...

    def report_changed(self) -> None:
        """The shown report changed without a run: the session is changed, actions and pages
        are brought up to date."""
        ...

    def dialog_parent(self) -> QtWidgets.QWidget: ...


class ReportCommands(QtCore.QObject):
    """File › Export, Print and Certificate, Run › Exclusions and a source's Exclude."""

    def __init__(
        self, host: ReportHost, controller: RunController, compare_page: ComparePage
    ) -> None:
        super().__init__(controller)
        self.host, self.controller, self.compare_page = host, controller, compare_page

    def _shown(self) -> Report | None:
        return self.controller.reports[self.host.mode]

    def _threshold(self, report: Report) -> float | None:
        """A compare report's pairs are exported as the list shows them (its slider)."""
        return self.compare_page.threshold() if isinstance(report, CompareReport) else None

    @Slot()
    def print_report(self) -> None:
        report = self._shown()
        if report is None:
            return
        from copylens.app.printing import print_dialog  # the print stack loads only when needed

        print_dialog(self.host.dialog_parent(), report, self._threshold(report))

    @Slot()
    def export_report(self) -> None:
        report = self._shown()
        if report is None:
            return
        from copylens.app.printing import export_dialog  # the print stack loads only when needed

        export_dialog(self.host.dialog_parent(), report, self._threshold(report))

    @Slot()
    def certificate(self) -> None:
        """File › Certificate…: the certificate form, then the PDF (or the printer)."""
        report = self._shown()
        if isinstance(report, CheckReport):
            from copylens.app.certificate import certificate_dialog

            labels = str(self.host.settings_values.get("archive_labels", ""))
            certificate_dialog(self.host.dialog_parent(), report, labels)

    def _check(self) -> CheckReport | None:
        """The check's report, when its exclusions may change (not while a run goes)."""
        report = self.controller.reports[CHECK]
        if not isinstance(report, CheckReport) or self.controller.is_running():
            return None
        return report

    @Slot()
    def edit_exclusions(self) -> None:
        """Run › Exclusions…: the check's figures counted again without what is left out;
        results, Export, Print and the certificate show them."""
        report = self._check()
        if report is None:
            return
        from copylens.app.exclusions_dialog import ExclusionsDialog
        from copylens.core import exclude

        dialog = ExclusionsDialog(report, self.host.dialog_parent())
        if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return
        self._show_excluded(exclude(report, dialog.exclusions()))

    @Slot(str)
    def exclude_source(self, key: str) -> None:
        """A source's context menu: the check's figures counted again without that source,
        beside the exclusions already set (Run › Exclusions… shows and undoes them)."""
        report = self._check()
        if report is None:
            return
        from copylens.core import exclude

        rules = replace(report.exclusions, sources=report.exclusions.sources | {key})
        self._show_excluded(exclude(report, rules))

    def _show_excluded(self, shown: CheckReport) -> None:
        self.controller.reports[CHECK] = shown
        self.host.show_report(CHECK, shown, fresh=True)
        self.host.report_changed()
