"""The certificate form (issue 36): a one-page verdict per checked document, to sign.

File › Certificate… (Ctrl+Shift+E) asks for the fields a certificate carries beyond the
figures (:class:`copylens.app.export.Certificate`), then saves the PDF (or prints it): a
certificate page per document, the detailed report after it. The institution and the checker
are remembered per user (``QSettings``, group ``certificate``); author and group come from the
checked documents' archive labels (``author=…, group=…``) when they have them; the work's title
defaults to the document's name.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from copylens.app import export, printing
from copylens.app.errors_dialog import show_error
from copylens.app.presentation import display_names, parse_labels
from copylens.app.qt import QtCore, QtWidgets
from copylens.core import CheckReport

REMEMBERED = ("institution", "checker")
"""Fields kept between runs (per user); the others belong to one work."""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("CertificateDialog", text)


class CertificateDialog(QtWidgets.QDialog):
    """The certificate's fields; :meth:`certificate` gives them after ``accept``."""

    def __init__(
        self, report: CheckReport, labels_text: str = "", parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Certificate"))
        self.setObjectName("certificateDialog")
        settings = QtCore.QSettings()
        try:
            labels = parse_labels(labels_text)
        except ValueError:
            labels = {}
        title = ""
        if len(report.documents) == 1:
            d = report.documents[0]
            title = d.path if d.pasted else Path(display_names([d.path])[d.path]).stem
        self.fields: dict[str, QtWidgets.QLineEdit] = {}
        form = QtWidgets.QFormLayout()
        shown = {
            "institution": (
                _tr("&Institution:"),
                str(settings.value("certificate/institution", "")),
            ),
            "title": (_tr("&Work:"), title),
            "author": (_tr("&Author:"), labels.get("author", "")),
            "group": (_tr("&Group:"), labels.get("group", "")),
            "checker": (_tr("&Checked by:"), str(settings.value("certificate/checker", ""))),
        }
        for key, (label, value) in shown.items():
            edit = QtWidgets.QLineEdit(value)
            edit.setObjectName(f"certificate_{key}")
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance("M" * 28))
            self.fields[key] = edit
            form.addRow(label, edit)
        if len(report.documents) > 1:
            self.fields["title"].setPlaceholderText(_tr("each document's name"))
        note = QtWidgets.QLabel(
            _tr(
                "One page per checked document, before the detailed report: these fields, the "
                "three shares, the main sources, the method, the settings' fingerprint and a "
                "signature line."
            )
        )
        note.setWordWrap(True)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Save
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        self.print_button = buttons.addButton(
            _tr("Print…"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.printing = False
        self.print_button.clicked.connect(lambda: setattr(self, "printing", True))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def certificate(self) -> export.Certificate:
        return export.Certificate(**{k: e.text().strip() for k, e in self.fields.items()})

    def remember(self) -> None:
        """Keep the institution and the checker for next time (this user's settings)."""
        settings = QtCore.QSettings()
        for key in REMEMBERED:
            settings.setValue(f"certificate/{key}", self.fields[key].text().strip())


def certificate_dialog(
    parent: QtWidgets.QWidget | None, report: CheckReport | None, labels_text: str = ""
) -> Path | None:
    """Ask for the fields, then save the certificate and report as PDF (or print them);
    returns the PDF written, None when cancelled or printed."""
    if report is None:
        return None
    dialog = CertificateDialog(report, labels_text, parent)
    if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
        return None
    dialog.remember()
    certificate = dialog.certificate()
    if dialog.printing:
        printing.print_dialog(parent, report, certificate=certificate)
        return None
    folder = printing.documents_folder(report) or QtCore.QDir.homePath()
    name = printing.suggested_name(report).replace("copylens-check", "copylens-certificate")
    path, _ = QtWidgets.QFileDialog.getSaveFileName(
        parent,
        _tr("Save certificate"),
        str(Path(folder) / f"{name}.pdf"),
        printing.format_filters()["pdf"],
    )
    if not path:
        return None
    target = Path(path).with_suffix(".pdf") if Path(path).suffix.lower() != ".pdf" else Path(path)
    try:
        return printing.write_report(target, "pdf", report, certificate=certificate)
    except OSError as error:
        show_error(
            parent,
            _tr("The certificate could not be saved to {path}:\n{error}").format(
                path=target, error=error
            ),
            "".join(traceback.format_exception(error)),
            _tr("Certificate"),
        )
        return None
