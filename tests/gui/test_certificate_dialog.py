"""The certificate form of the window (issue 36): fields from labels and remembered values."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfminer.high_level import extract_text

from copylens.app import certificate
from copylens.app.qt import QtCore, QtWidgets
from copylens.core import TextInput, check

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    return check(
        [TextInput("Статья о Байкале", (SAMPLES / "copy_ru.txt").read_text("utf-8"))],
        [SAMPLES / "source_ru.txt"],
    )


def test_form_takes_labels_and_remembers_institution_and_checker(
    qapp: QtWidgets.QApplication, report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    QtCore.QSettings().setValue("certificate/institution", "ИГУ")
    dialog = certificate.CertificateDialog(report, "author=Иванова, group=301")
    fields = {k: e.text() for k, e in dialog.fields.items()}
    assert fields == {
        "institution": "ИГУ",
        "title": "Статья о Байкале",
        "author": "Иванова",
        "group": "301",
        "checker": "",
    }
    dialog.fields["checker"].setText("Петров")

    target = tmp_path / "справка.pdf"
    monkeypatch.setattr(certificate.CertificateDialog, "exec", lambda self: 1)
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    # the window's dialog is a new one: it starts from what the user gave last time
    dialog.remember()
    written = certificate.certificate_dialog(None, report, "author=Иванова, group=301")
    assert written == target and target.read_bytes().startswith(b"%PDF")
    first = " ".join(extract_text(str(target), page_numbers=[0]).split())
    assert "ИГУ" in first and "Петров" in first and "Иванова" in first
    assert QtCore.QSettings().value("certificate/checker") == "Петров"


def test_window_offers_the_certificate_for_a_check_only(qtbot, report) -> None:  # type: ignore[no-untyped-def]
    from copylens.app.window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    assert not win.certificate_action.isEnabled()
    assert win.certificate_action in win.menuBar().actions()[0].menu().actions()
