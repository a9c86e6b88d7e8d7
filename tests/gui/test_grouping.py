"""Compare all: the *Grouped by* selector regroups the documents with catalogue methods."""

from __future__ import annotations

import pytest

from copylens.app.qt import Qt
from copylens.app.views.compare_view import CompareView
from copylens.core.documents import TextInput
from copylens.core.engine import compare
from copylens.core.report import CompareReport
from tests.gui.conftest import GUARD_MS, python_threads
from tests.methods.documents import ESSAY, OTHER


@pytest.fixture(scope="module")
def report() -> CompareReport:
    return compare(
        [
            TextInput("essay.txt", ESSAY),
            TextInput("upper.txt", ESSAY.upper()),
            TextInput("edited.txt", ESSAY.replace("первого курса", "второго курса")),
            TextInput("other.txt", OTHER),
        ]
    )


def groups(view: CompareView) -> list[list[str]]:
    tree = view.clusters_tree
    found = []
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        found.append(sorted(top.child(j).text(0) for j in range(top.childCount())))
    return [g for g in found if g]


def test_selector_lists_the_catalogue_after_containment(qtbot, report) -> None:
    view = CompareView()
    qtbot.addWidget(view)
    combo = view.group_combo
    assert combo.itemData(0) == ""
    assert combo.itemData(1) == "A0" and combo.itemText(1) == "Identical text"
    assert "A0 · MD5" in combo.itemData(1, Qt.ItemDataRole.ToolTipRole)  # the study's code
    assert combo.findData("simhash") > 0 and combo.findData("A12") > 0


def test_grouping_by_a_method_runs_off_the_qt_thread(qtbot, report, thread_baseline) -> None:
    view = CompareView()
    qtbot.addWidget(view)
    view.show_report(report, 0.0)
    containment = groups(view)
    assert containment == [["edited.txt", "essay.txt", "upper.txt"]]

    assert view.set_grouping_method("A0")
    assert view.is_grouping() or groups(view) == [["essay.txt", "upper.txt"]]
    qtbot.waitUntil(lambda: groups(view) == [["essay.txt", "upper.txt"]], timeout=GUARD_MS)
    assert view.clusters_title.text().endswith("(1)")

    view.set_grouping_method("A4")  # changed again at once: the last choice wins
    view.set_grouping_method("A0")
    view.set_grouping_method("A4")
    qtbot.waitUntil(lambda: not view.is_grouping(), timeout=GUARD_MS)
    qtbot.waitUntil(lambda: groups(view) == containment, timeout=GUARD_MS)
    assert view.grouping_method() == "A4"

    view.set_grouping_method("")
    assert groups(view) == containment
    view.shutdown()
    assert not view.is_grouping()
    qtbot.waitUntil(lambda: python_threads() == thread_baseline, timeout=GUARD_MS)


def test_a_method_that_finds_nothing_says_so(qtbot, report) -> None:
    view = CompareView()
    qtbot.addWidget(view)
    view.show_report(report, 0.0)
    view.set_grouping_method("A0")
    qtbot.waitUntil(lambda: not view.is_grouping(), timeout=GUARD_MS)
    other = compare([TextInput("x.txt", ESSAY), TextInput("y.txt", OTHER)])
    view.show_report(other, 0.0)  # a new report is regrouped with the chosen method
    qtbot.waitUntil(
        lambda: "(A0) finds no near-duplicates" in view.clusters_tree.topLevelItem(0).text(0),
        timeout=GUARD_MS,
    )


def test_a_failed_grouping_opens_the_error_dialog_with_the_traceback(
    qtbot, report, monkeypatch: pytest.MonkeyPatch, thread_baseline
) -> None:
    """One way to show errors: the dialog, with the traceback, not a line in the tree."""
    from copylens.app.errors_dialog import ErrorDialog
    from copylens.app.qt import QtWidgets

    def broken_grouping(*_args, **_kwargs):
        raise ValueError("no groups today")

    monkeypatch.setattr("copylens.core.group_texts", broken_grouping)
    view = CompareView()
    qtbot.addWidget(view)
    view.show_report(report, 0.0)
    view.set_grouping_method("A0")

    def dialogs() -> list[ErrorDialog]:
        return [
            w
            for w in QtWidgets.QApplication.topLevelWidgets()
            if isinstance(w, ErrorDialog) and w.isVisible()
        ]

    qtbot.waitUntil(lambda: dialogs() != [], timeout=GUARD_MS)
    [dialog] = dialogs()
    assert dialog.message == "Grouping failed: ValueError: no groups today"
    assert "broken_grouping" in dialog.details_box.toPlainText()
    assert groups(view) == [] and not view.is_grouping()
    dialog.close()
    assert python_threads() == thread_baseline
