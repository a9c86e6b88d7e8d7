"""The main window's parts (issue 33): its two areas on their own, without a window (the input
lists of both modes, :class:`InputsArea`; the results area, :class:`ResultsArea`), and the
parts that act for the window: its actions (:class:`WindowActions`), its runs in the status
bar (:class:`RunStatus`), its report commands (:class:`ReportCommands`) and its settings
(:class:`WindowSettings`)."""

from __future__ import annotations

from copylens.app import settings
from copylens.app.about import shortcut_rows
from copylens.app.qt import QtCore, QtGui, QtWidgets
from copylens.app.run import CHECK, COMPARE
from copylens.app.window import MainWindow
from copylens.app.window_inputs import InputsArea
from copylens.app.window_results import CHECK_PAGE, COMPARE_PAGE, PLACEHOLDER, ResultsArea
from copylens.app.window_run import seconds_text, time_left_text
from copylens.app.window_settings import WindowSettings, restore_layout, save_layout
from copylens.core import CheckReport, CompareReport, InputFailure, Options, TextInput, check
from tests.gui.conftest import GUARD_MS


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


SOURCE = (
    "The river rose through the night and by morning the old bridge was under water again. "
    "Farmers along the valley moved their cattle to the hills before the roads were closed. "
    "The mayor asked every family near the bank to leave until the water went down, and the "
    "school by the mill became a shelter with blankets, soup and a doctor on duty all week."
)


def test_the_window_actions_are_made_in_order_with_their_keys(window: MainWindow) -> None:
    """The shortcuts dialog lists the actions in the order they are made: as before the
    actions left the window."""
    rows = shortcut_rows(window)
    assert rows[:18] == [
        ("Open files", "Ctrl+O"),
        ("Open folder", "Ctrl+Shift+O"),
        ("Paste text", "Ctrl+Shift+V"),
        ("New text", "Ctrl+N"),
        ("Open session", "Ctrl+Alt+O"),
        ("Save session", "Ctrl+S"),
        ("Save session as", "Ctrl+Shift+S"),
        ("History", "Ctrl+H"),
        ("Check", "Ctrl+Return, Ctrl+Enter"),
        ("Cancel", "Esc"),
        ("Settings", "Ctrl+,"),
        ("Archive", "Ctrl+Shift+A"),
        ("Export report", "Ctrl+E"),
        ("Print report", "Ctrl+P"),
        ("Certificate", "Ctrl+Shift+E"),
        ("Exclusions", "Ctrl+Shift+X"),
        ("Quit", "Ctrl+Q"),
        ("Keyboard shortcuts", "F1, Ctrl+/"),
    ]
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == ["&File", "&Run", "&Tools", "&Help"]
    assert window.run_action is window.menu_actions.run_action, "kept by name on the window"


def test_the_window_actions_follow_the_mode_the_run_and_the_report(window: MainWindow) -> None:
    actions = window.menu_actions
    checked = check([TextInput("essay", SOURCE)], [TextInput("source", SOURCE)])
    compared = CompareReport((), (), (), Options(), ("a", "b"))
    actions.update(CHECK, False, None, "Documents", "Checking…")
    assert actions.run_action.text() == "Check" and actions.run_action.isEnabled()
    assert not actions.export_action.isEnabled() and not actions.cancel_action.isEnabled()
    actions.update(CHECK, False, checked, "Documents", "Checking…")
    assert actions.print_action.isEnabled() and actions.certificate_action.isEnabled()
    assert actions.exclusions_action.isEnabled()
    actions.update(COMPARE, False, compared, "Documents to compare", "Comparing…")
    assert actions.run_action.text() == "Compare" and actions.export_action.isEnabled()
    assert not actions.certificate_action.isEnabled(), "a certificate is of a check"
    assert not actions.exclusions_action.isEnabled()
    assert actions.open_action.statusTip() == "Add files to “Documents to compare”"
    actions.update(CHECK, True, checked, "Documents", "Checking…")
    assert actions.run_action.text() == "Checking…" and not actions.run_action.isEnabled()
    assert actions.cancel_action.isEnabled() and not actions.export_action.isEnabled()


def test_the_status_bar_follows_the_runs_progress(window: MainWindow) -> None:
    status = window.run_status
    window.controller.progress.emit("comparing", 3, 10, 75.0)
    assert status.progress_label.text() == "Comparing 3 / 10 · about 1 min left"
    assert (status.progress_bar.value(), status.progress_bar.maximum()) == (3, 10)
    assert window.results_placeholder.hint.text() == status.progress_label.text()
    assert time_left_text(12.4) == "about 12 s left" and time_left_text(0.2) == "about 1 s left"
    assert seconds_text(0.05) == "under 0.1 s" and seconds_text(2.34) == "2.3 s"


def test_a_run_asked_for_while_folders_are_read_waits_for_them(
    window: MainWindow, qtbot, tmp_path
) -> None:
    folder = tmp_path / "essays"
    folder.mkdir()
    (folder / "essay.txt").write_text(SOURCE, encoding="utf-8")
    window.sources_list.add_text("source", SOURCE)
    window.add_paths([str(folder)], window.documents_list)
    # the walk's result reaches the Qt thread as an event: the list is reading until then
    assert window.inputs.reading()
    window.start_run()
    assert window.run_status.waiting and not window.controller.is_running()
    assert window.statusBar().currentMessage().startswith("Reading folders…")
    qtbot.waitUntil(lambda: window.reports[CHECK] is not None, timeout=GUARD_MS)
    assert not window.run_status.waiting
    [document] = window.reports[CHECK].documents
    assert document.path.endswith("essay.txt") and document.uniqueness == 0.0


def test_the_unread_files_are_counted_in_the_status_bar(window: MainWindow) -> None:
    failed = (InputFailure("scan.pdf", "the PDF has no text layer"),)
    report = CheckReport((), failed, Options())
    window.reports[CHECK] = report
    window.show_report(CHECK, report, fresh=True)
    assert "Files that could not be read: 1" in window.run_status.error_label.text()
    assert window.run_status.failures == list(failed)
    window.show_report(CHECK, CheckReport((), (), Options()), fresh=True)
    assert window.run_status.error_label.text() == ""


def test_exclusions_wait_for_a_check_and_a_run_to_end(window: MainWindow) -> None:
    commands = window.report_commands
    commands.exclude_source("nothing to exclude from")  # no check yet: nothing happens
    assert window.reports[CHECK] is None
    checked = check([TextInput("essay", SOURCE)], [TextInput("source", SOURCE)])
    window.reports[CHECK] = checked
    key = checked.documents[0].sources[0].key
    commands.exclude_source(key)
    shown = window.reports[CHECK]
    assert shown is not checked and shown.exclusions.sources == frozenset({key})
    assert shown.documents[0].uniqueness == 1.0, "the only source left out"
    assert window.isWindowModified(), "the session changed"


def test_the_settings_are_saved_and_say_when_the_language_changes(qtbot) -> None:
    kept = WindowSettings(settings.defaults())
    applied: list[bool] = []
    kept.applied.connect(applied.append)
    kept.apply(kept.values | {"shingle": 6})
    assert settings.load()["shingle"] == 6 and applied == [False]
    kept.apply(kept.values | {"ui_language": "ru"})
    assert applied == [False, True] and settings.load()["ui_language"] == "ru"
    kept.keep({"archive_labels": "group=301"})
    assert settings.load()["archive_labels"] == "group=301" and applied == [False, True]
    assert WindowSettings().values == kept.values, "a new window starts from the saved ones"


def test_the_layout_is_kept_unless_its_panels_changed(qtbot) -> None:
    window = QtWidgets.QMainWindow()
    qtbot.addWidget(window)
    splitter = QtWidgets.QSplitter()
    splitter.setObjectName("kept")
    for _ in range(2):
        splitter.addWidget(QtWidgets.QWidget())
    window.setCentralWidget(splitter)
    window.resize(500, 300)
    window.show()
    assert restore_layout(window, [splitter]) == "", "nothing saved yet"
    splitter.setSizes([100, 380])
    sizes = splitter.sizes()
    save_layout(window, [splitter], COMPARE)
    splitter.setSizes([240, 240])
    assert restore_layout(window, [splitter]) == COMPARE and splitter.sizes() == sizes
    splitter.addWidget(QtWidgets.QWidget())  # a panel came since it was saved
    before = splitter.sizes()
    restore_layout(window, [splitter])
    assert splitter.sizes() == before
    assert isinstance(settings.store().value("window/geometry"), QtCore.QByteArray)
