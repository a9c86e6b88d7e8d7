"""Run › Exclusions… (issue 36): the window shows and exports the recounted figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.app import exclusions_dialog, printing
from copylens.app.qt import Qt, QtWidgets
from copylens.app.window import MainWindow
from copylens.core import CheckReport, TextInput, check
from tests.gui.conftest import GUARD_MS

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def shown_check(qtbot) -> tuple[MainWindow, CheckReport]:  # type: ignore[no-untyped-def]
    """A window showing a check of the sample copy against the whole source and its half."""
    source = (SAMPLES / "source_ru.txt").read_text("utf-8")
    report = check(
        [TextInput("Статья", (SAMPLES / "copy_ru.txt").read_text("utf-8"))],
        [TextInput("src/whole.txt", source), TextInput("src/half.txt", source[: len(source) // 2])],
    )
    win = MainWindow()
    qtbot.addWidget(win)
    win.reports["check"] = report
    win.show_report("check", report, fresh=True)
    win.refresh()
    return win, report


def test_exclusions_recount_the_results_and_the_export(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    win, report = shown_check(qtbot)
    assert win.exclusions_action.isEnabled()

    def accept(dialog: exclusions_dialog.ExclusionsDialog) -> int:
        rows = [dialog.sources.item(r) for r in range(dialog.sources.count())]
        assert sorted(item.text() for item in rows) == ["half.txt", "whole.txt"]
        next(i for i in rows if i.text() == "whole.txt").setCheckState(Qt.CheckState.Checked)
        dialog.words.setValue(3)
        return int(QtWidgets.QDialog.DialogCode.Accepted)

    monkeypatch.setattr(exclusions_dialog.ExclusionsDialog, "exec", accept)
    win.edit_exclusions()
    shown = win.reports["check"]
    assert shown is not report and shown.unexcluded is report
    assert [s.path for s in shown.documents[0].sources] == ["src/half.txt"]
    assert shown.documents[0].uniqueness > report.documents[0].uniqueness
    assert win.isWindowModified()
    target = tmp_path / "out.html"
    monkeypatch.setattr(printing, "_ask_path", lambda parent, report=None: (target, "html"))
    win.export_report()
    page = target.read_text("utf-8")
    assert "Left out of the figures: matches under 3 words; the sources whole.txt" in page


def test_a_source_left_out_from_its_context_menu_is_counted_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 36: right-click a source › "Leave out this source and count again": every share
    is counted again without it, beside the exclusions already set."""
    win, report = shown_check(qtbot)
    view = win.results.check_page.document_view
    model = view.sources_model
    qtbot.waitUntil(lambda: model.rowCount() == 2, timeout=GUARD_MS)
    row = next(r for r in range(model.rowCount()) if model.source(r).path == "src/whole.txt")
    menu = view.source_menu(row)
    [leave_out] = [a for a in menu.actions() if a.text().startswith("Leave out")]
    leave_out.trigger()
    shown = win.reports["check"]
    assert shown.unexcluded is report and shown.exclusions.sources == {"src/whole.txt"}
    assert [s.path for s in shown.documents[0].sources] == ["src/half.txt"]
    assert shown.documents[0].uniqueness > report.documents[0].uniqueness
    assert win.isWindowModified()
