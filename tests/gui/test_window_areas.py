"""The main window's two areas on their own, without a window (issue 33): the input lists of
both modes (:class:`InputsArea`) and the results area (:class:`ResultsArea`)."""

from __future__ import annotations

from copylens.app import settings
from copylens.app.qt import QtGui, QtWidgets
from copylens.app.run import CHECK, COMPARE
from copylens.app.window_inputs import InputsArea
from copylens.app.window_results import CHECK_PAGE, COMPARE_PAGE, PLACEHOLDER, ResultsArea
from copylens.core import CheckReport, CompareReport, InputFailure, Options


def inputs_area(qtbot) -> InputsArea:
    area = InputsArea(settings.defaults(), QtGui.QAction("Archive…"))
    qtbot.addWidget(area)
    return area


def test_the_inputs_say_what_a_run_lacks_until_it_has_it(qtbot) -> None:
    area = inputs_area(qtbot)
    assert area.missing_inputs(CHECK) == "Add the documents to check first."
    area.documents_list.add_text("essay", "Some text of the essay.")
    assert "sources" in area.missing_inputs(CHECK)
    area.sources_list.add_text("source", "Some text of the source.")
    assert area.missing_inputs(CHECK) == ""
    assert area.missing_inputs(COMPARE) == "Add at least two documents to compare."
    for n in range(2):
        area.compare_list.add_text(f"essay {n}", "Some text.")
    assert area.missing_inputs(COMPARE) == ""


def test_the_active_list_is_the_one_focused_last_in_its_mode(qtbot) -> None:
    area = inputs_area(qtbot)
    changes: list[bool] = []
    area.changed.connect(lambda: changes.append(True))
    assert area.active_in(CHECK) is area.documents_list
    assert area.active_in(COMPARE) is area.compare_list  # not a list of the other mode
    area.set_active_list(area.sources_list)
    assert area.active_in(CHECK) is area.sources_list and changes == [True]
    assert area.lists_of(COMPARE) == [area.compare_list, area.compare_ignore_list]
    area.show_mode(COMPARE)
    assert area.currentIndex() == 1


def test_pasted_texts_are_named_apart_and_an_empty_clipboard_is_said(qtbot) -> None:
    area = inputs_area(qtbot)
    said: list[str] = []
    area.status.connect(lambda text, _ms: said.append(text))
    QtWidgets.QApplication.clipboard().setText("")
    area.paste_text(area.documents_list)
    assert said == ["The clipboard has no text to paste."]
    QtWidgets.QApplication.clipboard().setText("A pasted paragraph.")
    area.paste_text(area.documents_list)
    area.paste_text(area.sources_list)
    names = [item.name for lst in area.panels for item in lst.inputs()]
    assert sorted(names) == ["Pasted text 1", "Pasted text 2"]


def test_the_results_area_says_what_to_do_what_runs_and_what_could_not_be_read(qtbot) -> None:
    area = ResultsArea()
    qtbot.addWidget(area)
    area.update_for(CHECK, None, False, "Checking…", "", [])
    assert area.currentIndex() == PLACEHOLDER
    assert area.placeholder.title.text() == "Results appear here"
    area.update_for(CHECK, None, True, "Checking…", "Reading 1 / 3", [])
    assert (area.placeholder.title.text(), area.placeholder.hint.text()) == (
        "Checking…",
        "Reading 1 / 3",
    )
    failed = (InputFailure("scan.pdf", "the PDF has no text layer"),)
    nothing = CheckReport((), failed, Options())
    area.update_for(CHECK, nothing, False, "Checking…", "", list(failed))
    assert area.placeholder.title.text() == "None of the documents could be read"
    assert "scan.pdf — the PDF has no text layer" in area.placeholder.hint.text()
    assert not area.placeholder.button.isHidden()
    compared = CompareReport((), (), (), Options(), ("a", "b"))
    area.update_for(COMPARE, compared, False, "Comparing…", "", [])
    assert area.currentIndex() == COMPARE_PAGE
    assert CHECK_PAGE == 1
