"""Exporting and printing a report from the window: the Qt side of :mod:`copylens.app.export`.

The window calls :func:`export_dialog` (Ctrl+E) and :func:`print_dialog` (Ctrl+P). PDF is
Qt's own printing: the HTML report laid out by a ``QTextDocument`` and printed to a
high-resolution A4 ``QPrinter`` in PDF mode, which needs no display (it works offscreen).
"""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

from copylens import __version__
from copylens.app import export
from copylens.app.errors_dialog import show_error
from copylens.app.qt import QtCore, QtGui, QtPrintSupport, QtWidgets
from copylens.core import CheckReport

FORMATS: tuple[str, ...] = ("html", "pdf", "csv", "json")
"""Export formats, in the order of the dialog's filters; each is also the file suffix."""
MARGIN_MM = 15.0


def format_filters() -> dict[str, str]:
    """The file dialog's name filter of each format, translated."""
    return {
        "html": QtCore.QCoreApplication.translate("Export", "HTML report (*.html *.htm)"),
        "pdf": QtCore.QCoreApplication.translate("Export", "PDF document (*.pdf)"),
        "csv": QtCore.QCoreApplication.translate("Export", "CSV table (*.csv)"),
        "json": QtCore.QCoreApplication.translate("Export", "JSON data (*.json)"),
    }


def report_language() -> str:
    """The language of the report's headings: the interface language (see copylens.app.i18n)."""
    from copylens.app import i18n

    return i18n.current_language()


def report_html(
    report: export.Report,
    *,
    generated_at: datetime | None = None,
    for_paper: bool = False,
    threshold: float | None = None,
    certificate: export.Certificate | None = None,
) -> str:
    """The HTML report in the interface language (its translations are the interface's);
    its settings are the report's own. ``for_paper``: for Qt's layout (PDF, printing), with
    places to wrap long names and paths so that tables stay inside the margins.
    ``threshold``: a compare report's pairs as the window's list shows them at it;
    ``certificate``: a check report starts with a certificate page per document."""
    return export.html_report(
        report,
        generated_at=generated_at,
        language=report_language(),
        translate=QtCore.QCoreApplication.translate,
        wrap_names=for_paper,
        threshold=threshold,
        certificate=certificate,
    )


def text_document(html: str) -> QtGui.QTextDocument:
    """The HTML laid out by Qt's rich-text engine (what PDF and paper get).

    Lines wrap at word boundaries only. Qt's default also breaks inside words, and then its
    table layout squeezes columns until headings split mid-word ("Сходств / о"); with word
    wrapping a table gets the width its longest words need. A single token wider than the
    page (a very long URL without slashes or hyphens) runs past the right margin instead.
    """
    document = QtGui.QTextDocument()
    option = QtGui.QTextOption()
    option.setWrapMode(QtGui.QTextOption.WrapMode.WordWrap)
    document.setDefaultTextOption(option)
    document.setDocumentMargin(0)
    document.setMetaInformation(QtGui.QTextDocument.MetaInformation.CssMedia, "print")
    document.setHtml(html)
    return document


def pdf_printer(path: str | Path) -> QtPrintSupport.QPrinter:
    """A high-resolution A4 printer that writes a PDF file."""
    printer = QtPrintSupport.QPrinter(QtPrintSupport.QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QtPrintSupport.QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    _page_setup(printer)
    return printer


def html_to_pdf(html: str, path: str | Path) -> Path:
    """Print ``html`` to an A4 PDF at ``path`` (needs a QGuiApplication; no display)."""
    path = Path(path)
    printer = pdf_printer(path)
    text_document(html).print_(printer)
    if not path.is_file() or path.stat().st_size == 0:
        raise OSError(
            QtCore.QCoreApplication.translate(
                "Export", "Could not write the PDF file {path}"
            ).format(path=path)
        )
    return path


def write_report(
    path: str | Path,
    fmt: str,
    report: export.Report,
    *,
    generated_at: datetime | None = None,
    threshold: float | None = None,
    certificate: export.Certificate | None = None,
) -> Path:
    """Write ``report`` to ``path`` as ``fmt`` (one of :data:`FORMATS`); returns the path.
    ``threshold``: the pairs of a compare report's HTML and PDF (the window's slider);
    ``certificate``: a check report's HTML and PDF start with certificates.

    Text formats are UTF-8; CSV gets a byte-order mark so that spreadsheet programs read
    Cyrillic correctly. The undecodable bytes of a file name that is not UTF-8 are written as
    ``\\udcXX`` escapes (in JSON the escape of the same character).
    """
    path = Path(path)
    when = generated_at or datetime.now().astimezone()
    if fmt == "pdf":
        page = report_html(
            report, generated_at=when, for_paper=True, threshold=threshold, certificate=certificate
        )
        return html_to_pdf(page, path)
    if fmt == "html":
        page = report_html(report, generated_at=when, threshold=threshold, certificate=certificate)
        data, encoding = page, "utf-8"
    elif fmt == "csv":
        data, encoding = export.csv_report(report), "utf-8-sig"
    elif fmt == "json":
        data, encoding = export.json_report(report, generated_at=when), "utf-8"
    else:
        raise ValueError(f"unknown export format {fmt!r}")
    # a file name that is not valid UTF-8 keeps its undecodable bytes as \udcXX escapes
    with path.open("w", encoding=encoding, errors="backslashreplace", newline="") as f:
        f.write(data)
    return path


def export_dialog(
    parent: QtWidgets.QWidget | None,
    report: export.Report | None,
    threshold: float | None = None,
) -> None:
    """Ask where and in which format to save ``report``, then write it (Ctrl+E);
    ``threshold``: the compare view's slider."""
    if report is None:
        return
    chosen = _ask_path(parent, report)
    if chosen is None:
        return
    path, fmt = chosen
    failure: Exception | None = None
    QtWidgets.QApplication.setOverrideCursor(QtCore.Qt.CursorShape.WaitCursor)
    try:
        write_report(path, fmt, report, threshold=threshold)
    except (OSError, ValueError) as error:
        failure = error
    finally:
        QtWidgets.QApplication.restoreOverrideCursor()
    if failure is not None:
        show_error(
            parent,
            QtCore.QCoreApplication.translate(
                "Export", "The report could not be saved to {path}:\n{error}"
            ).format(path=path, error=failure),
            "".join(traceback.format_exception(failure)),
            QtCore.QCoreApplication.translate("Export", "Export failed"),
        )
        return
    settings = QtCore.QSettings()
    settings.setValue("export/directory", str(path.parent))
    settings.setValue("export/format", fmt)


def print_dialog(
    parent: QtWidgets.QWidget | None,
    report: export.Report | None,
    threshold: float | None = None,
    certificate: export.Certificate | None = None,
) -> None:
    """Print ``report`` on paper through the system print dialog (Ctrl+P)."""
    if report is None:
        return
    printer = QtPrintSupport.QPrinter(QtPrintSupport.QPrinter.PrinterMode.HighResolution)
    _page_setup(printer)
    dialog = QtPrintSupport.QPrintDialog(printer, parent)
    dialog.setWindowTitle(QtCore.QCoreApplication.translate("Export", "Print report"))
    if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
        return
    page = report_html(report, for_paper=True, threshold=threshold, certificate=certificate)
    text_document(page).print_(printer)


def suggested_name(report: export.Report, when: datetime | None = None) -> str:
    """copylens-check-2024-05-17_14-30 (no suffix): the time apart from the date, so that
    it does not read as a year ("…-2026-11-28-2023", issue 36)."""
    kind = "check" if isinstance(report, CheckReport) else "compare"
    return f"copylens-{kind}-{(when or datetime.now()).strftime('%Y-%m-%d_%H-%M')}"


def _ask_path(
    parent: QtWidgets.QWidget | None, report: export.Report | None = None
) -> tuple[Path, str] | None:
    """The save dialog: the chosen path (suffix added) and format, or None if cancelled."""
    settings = QtCore.QSettings()
    last_format = str(settings.value("export/format", "html"))
    if last_format not in FORMATS:
        last_format = "html"
    folder = documents_folder(report) or str(
        settings.value("export/directory", QtCore.QDir.homePath())
    )
    filters = format_filters()
    dialog = QtWidgets.QFileDialog(
        parent, QtCore.QCoreApplication.translate("Export", "Export report")
    )
    dialog.setAcceptMode(QtWidgets.QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QtWidgets.QFileDialog.FileMode.AnyFile)
    dialog.setNameFilters(list(filters.values()))
    dialog.selectNameFilter(filters[last_format])
    dialog.setDefaultSuffix(last_format)
    name = suggested_name(report) if report is not None else "copylens-report"
    dialog.setDirectory(folder)
    dialog.selectFile(f"{name}.{last_format}")

    def on_filter(selected: str) -> None:
        fmt = next((f for f, text in filters.items() if text == selected), "html")
        dialog.setDefaultSuffix(fmt)
        names = dialog.selectedFiles()
        if names:
            dialog.selectFile(str(Path(names[0]).with_suffix(f".{fmt}").name))

    dialog.filterSelected.connect(on_filter)
    if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    path = Path(dialog.selectedFiles()[0])
    by_suffix = {"htm": "html", **{f: f for f in FORMATS}}
    fmt = by_suffix.get(path.suffix.lower().lstrip("."))
    if fmt is None:
        selected = dialog.selectedNameFilter()
        fmt = next((f for f, text in filters.items() if text == selected), "html")
        path = path.with_name(f"{path.name}.{fmt}")
    return path, fmt


def documents_folder(report: export.Report | None) -> str:
    """The folder of the report's first checked (or compared) document that is a file on
    disk; "" for none (pasted texts only, or the folder is gone)."""
    if report is None:
        return ""
    if isinstance(report, CheckReport):
        paths = [d.path for d in report.documents]
    else:
        paths = list(report.documents)
    for path in map(Path, paths):
        if path.is_absolute() and path.parent.is_dir():
            return str(path.parent)
    return ""


def _page_setup(printer: QtPrintSupport.QPrinter) -> None:
    printer.setPageSize(QtGui.QPageSize(QtGui.QPageSize.PageSizeId.A4))
    printer.setPageMargins(
        QtCore.QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QtGui.QPageLayout.Unit.Millimeter,
    )
    printer.setCreator(f"CopyLens {__version__}")
    printer.setDocName(QtCore.QCoreApplication.translate("Export", "CopyLens report"))
