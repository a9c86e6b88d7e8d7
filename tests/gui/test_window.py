"""The main window: inputs by drop and paste, runs with results and error marks, errors shown."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from copylens.app.errors_dialog import ErrorDialog, install_excepthook
from copylens.app.inputs import ERROR_ROLE, INPUT_ROLE, InputList
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.window import MainWindow
from copylens.core.documents import TextInput
from tests.gui.conftest import GUARD_MS, python_threads


def drop(target: InputList, paths: list[Path]) -> None:
    """A real drop of file URLs on the list's viewport."""
    mime = QtCore.QMimeData()
    mime.setUrls([QtCore.QUrl.fromLocalFile(str(p)) for p in paths])
    center = target.viewport().rect().center()
    rest = (
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    # Drag events take a QPoint (PySide6 6.11) and the drop event a QPointF.
    for event_class in (QtGui.QDragEnterEvent, QtGui.QDragMoveEvent):
        event = event_class(center, *rest)
        QtWidgets.QApplication.sendEvent(target.viewport(), event)
        assert event.isAccepted()
    event = QtGui.QDropEvent(QtCore.QPointF(center), *rest)
    QtWidgets.QApplication.sendEvent(target.viewport(), event)
    assert event.isAccepted()


def names(target: InputList) -> list[str]:
    return [target.item(r).text() for r in range(target.count())]


OFFSCREEN_NOTICE = "This plugin does not support propagateSizeHints()"
"""Printed by the offscreen platform plugin itself for every window with a minimum size (Qt's
default QPlatformWindow::propagateSizeHints); it has no window manager to pass sizes to."""


@pytest.mark.qt_log_level_fail("WARNING")
@pytest.mark.qt_log_ignore(OFFSCREEN_NOTICE)
def test_window_constructs_and_shows_without_warnings(qtbot, qtlog) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    assert win.windowTitle() == "CopyLens"
    room = win.screen().availableGeometry().size() * 0.92
    assert win.size() == QtCore.QSize(1200, 800).boundedTo(room)
    assert win.results_stack.currentWidget() is win.results_placeholder
    assert not win.export_action.isEnabled() and not win.cancel_action.isEnabled()
    assert not win.run_status.progress_bar.isVisible()
    shortcuts = {a.text(): [s.toString() for s in a.shortcuts()] for a in win.actions()}
    assert shortcuts[win.run_action.text()] == ["Ctrl+Return", "Ctrl+Enter"]
    assert shortcuts[win.paste_action.text()] == ["Ctrl+Shift+V"]
    assert shortcuts[win.settings_action.text()] == ["Ctrl+,"]
    assert shortcuts[win.export_action.text()] == ["Ctrl+E"]
    assert shortcuts[win.print_action.text()] == ["Ctrl+P"]
    assert shortcuts[win.cancel_action.text()] == ["Esc"]
    assert shortcuts[win.quit_action.text()] == ["Ctrl+Q"]
    assert win.open_action.shortcut() == QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.Open)
    win.set_mode("compare")
    assert win.input_lists() == [win.compare_list, win.compare_ignore_list]
    warnings = [m.message for m in qtlog.records if m.type >= QtCore.QtMsgType.QtWarningMsg]
    assert [m for m in warnings if m != OFFSCREEN_NOTICE] == []


def test_a_folder_walk_says_what_it_skipped(window: MainWindow, qtbot, tmp_path: Path) -> None:
    folder = tmp_path / "essays"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text("one", encoding="utf-8")
    (folder / "sub" / "back").symlink_to(folder, target_is_directory=True)
    (folder / "gone.docx").symlink_to(tmp_path / "nowhere.docx")
    drop(window.documents_list, [folder])
    qtbot.waitUntil(lambda: not window.documents_list.scanning, timeout=GUARD_MS)
    assert names(window.documents_list) == ["a.txt"]
    message = window.statusBar().currentMessage()
    assert message == "Skipped while reading folders: 2 (gone.docx: broken symbolic link (skipped))"


def test_drop_files_and_folders(window: MainWindow, qtbot, tmp_path: Path) -> None:
    folder = tmp_path / "essays"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text("one", encoding="utf-8")
    (folder / "sub" / "b.md").write_text("two", encoding="utf-8")
    (folder / ".hidden.txt").write_text("secret", encoding="utf-8")
    (folder / "picture.png").write_bytes(b"\x89PNG")
    single = tmp_path / "single.txt"
    single.write_text("three", encoding="utf-8")
    odd = tmp_path / "notes.xyz"
    odd.write_text("four", encoding="utf-8")
    drop(window.documents_list, [folder, single, odd])
    # the folder is walked on a thread: nothing is listed until the whole batch is read
    assert window.documents_list.scanning and window.documents_list.count() == 0
    assert window.statusBar().currentMessage() == "Reading folders…"
    qtbot.waitUntil(lambda: not window.documents_list.scanning, timeout=GUARD_MS)
    assert names(window.documents_list) == ["a.txt", "b.md", "single.txt", "notes.xyz"]
    assert window.statusBar().currentMessage() == ""
    assert window.documents_list.item(0).toolTip() == str(folder / "a.txt")
    drop(window.documents_list, [single])  # already listed: not added twice
    assert window.documents_list.count() == 4
    window.documents_list.setCurrentRow(0)
    window.documents_list.item(0).setSelected(True)
    window.documents_list.setFocus()
    window.documents_list.remove_action.trigger()
    assert names(window.documents_list) == ["b.md", "single.txt", "notes.xyz"]
    window.documents_list.clear_action.trigger()
    assert window.documents_list.count() == 0


def test_delete_key_removes_selected_items(window: MainWindow, qtbot, tmp_path: Path) -> None:
    paths = [tmp_path / f"{n}.txt" for n in range(3)]
    for p in paths:
        p.write_text("x", encoding="utf-8")
    window.sources_list.add_paths(paths)
    window.sources_list.setFocus()
    window.sources_list.setCurrentRow(1)
    qtbot.keyClick(window.sources_list, Qt.Key.Key_Delete)
    assert names(window.sources_list) == ["0.txt", "2.txt"]


def test_paste_text_adds_an_item(window: MainWindow) -> None:
    clipboard = QtGui.QGuiApplication.clipboard()
    clipboard.setText("Текст из буфера обмена, вставленный как документ.")
    window.paste_action.trigger()
    [item] = [window.documents_list.item(0)]
    value = item.data(INPUT_ROLE)
    assert isinstance(value, TextInput) and value.text.startswith("Текст")
    assert item.text() == "Pasted text 1"
    window.sources_list.setFocus()
    window.inputs.set_active_list(window.sources_list)
    window.paste_action.trigger()
    assert window.sources_list.item(0).text() == "Pasted text 2"  # names unique across lists
    clipboard.setText("   ")
    window.paste_action.trigger()
    assert "no text" in window.statusBar().currentMessage()


def test_check_shows_results_and_marks_the_empty_file(
    window: MainWindow, qtbot, make_corpus, essay, tmp_path: Path
) -> None:
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    copy = tmp_path / "copy.txt"
    copy.write_text(essay(0), encoding="utf-8")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    docs = [*make_corpus(3), copy, empty]
    window.documents_list.add_paths(docs)
    window.sources_list.add_paths([source])
    ready: list[object] = []
    window.controller.documentReady.connect(lambda result, _text: ready.append(result))
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.run_action.trigger()
        assert window.run_status.progress_bar.isVisible() and window.cancel_action.isEnabled()
    assert len(ready) == 4
    tree = window.check_page.results_tree
    rows = {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
    }
    checked = {"doc000.txt", "doc001.txt", "doc002.txt", "copy.txt"}
    assert set(rows) == checked | {"empty.txt — the file is empty (0 bytes)"}, "failed ones too"
    assert rows["copy.txt"].text(1) == "0 %"
    assert tree.topLevelItem(0).text(0) == "copy.txt", "sorted by uniqueness, lowest first"
    assert window.results_stack.currentIndex() == 1
    empty_item = window.documents_list.item(window.documents_list.count() - 1)
    assert empty_item.data(ERROR_ROLE) and "empty" in empty_item.toolTip()
    assert window.documents_list.error_count() == 1
    assert "could not be read: 1" in window.run_status.error_label.text()
    assert window.export_action.isEnabled() and not window.run_status.progress_bar.isVisible()
    assert window.print_action.isEnabled()
    tree.setCurrentItem(rows["doc001.txt"])  # the detail view follows the selection
    assert window.reports["check"] is not None


def test_compare_mode_runs(window: MainWindow, qtbot, make_corpus) -> None:
    window.set_mode("compare")
    window.compare_list.add_paths(make_corpus(4))
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.start_run()
    assert window.results_stack.currentIndex() == 2
    assert window.export_action.isEnabled()


def test_missing_inputs_are_explained(window: MainWindow) -> None:
    window.start_run()
    assert not window.controller.is_running()
    assert "documents" in window.statusBar().currentMessage()


def test_files_dropped_during_a_run_are_queued(
    window: MainWindow, qtbot, make_corpus, essay, tmp_path: Path
) -> None:
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.documents_list.add_paths(make_corpus(30))
    window.sources_list.add_paths([source])
    late = tmp_path / "late.txt"
    late.write_text(essay(0), encoding="utf-8")
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as first:
        window.start_run()
        drop(window.documents_list, [late])
        assert "Queued" in window.statusBar().currentMessage()
    assert str(late) not in first.args[0].texts
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as second:
        pass  # the follow-up run starts by itself
    assert str(late) in second.args[0].texts
    assert "late.txt" in [window.check_page.results_tree.topLevelItem(i).text(0) for i in range(31)]


def test_cancel_from_the_window(window: MainWindow, qtbot, make_corpus, thread_baseline) -> None:
    window.documents_list.add_paths(make_corpus(60))
    window.sources_list.add_paths(make_corpus(5, folder="src"))
    with qtbot.waitSignal(window.controller.cancelled, timeout=GUARD_MS):
        window.start_run()
        window.cancel_action.trigger()
    assert not window.controller.job.thread.is_alive()
    assert python_threads() == thread_baseline
    assert window.statusBar().currentMessage() == "Cancelled."
    assert window.mode_tabs.isEnabled() and not window.cancel_action.isEnabled()


def test_window_state_is_saved(qtbot) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    first.set_mode("compare")
    first.resize(640, 560)  # inside the offscreen screen (800 × 800)
    first.show()
    first.main_splitter.setSizes([200, 300])
    sizes = first.main_splitter.sizes()
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    assert second.mode == "compare"
    assert (second.width(), second.height()) == (640, 560)
    assert second.main_splitter.sizes() == sizes


def test_a_layout_saved_before_the_ignore_list_keeps_its_panel(qtbot) -> None:
    from copylens.app import settings

    def shown() -> MainWindow:
        win = MainWindow()
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        return win

    fresh = shown().inputs_splitter.sizes()
    old = QtWidgets.QSplitter()  # the two lists of earlier versions
    old.addWidget(QtWidgets.QListWidget())
    old.addWidget(QtWidgets.QListWidget())
    old.setSizes([700, 500])
    settings.store().setValue("window/inputsSplitter", old.saveState())
    win = shown()
    assert win.inputs_splitter.sizes() == fresh  # restored, it would leave Ignore 70 px
    win.inputs_splitter.setSizes([fresh[0] + 20, fresh[1] - 20, *fresh[2:]])  # and Web
    saved = win.inputs_splitter.sizes()
    win.close()
    restored = shown().inputs_splitter.sizes()  # within the rounding of a re-laid-out window
    assert all(abs(a - b) <= 2 for a, b in zip(restored, saved, strict=True)), (restored, saved)


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_shows_the_dialog_and_the_app_goes_on(
    window: MainWindow, qtbot
) -> None:
    previous = install_excepthook()
    try:

        def broken() -> None:
            raise RuntimeError("boom in a slot")

        QtCore.QTimer.singleShot(0, broken)
        qtbot.waitUntil(lambda: _error_dialogs() != [], timeout=GUARD_MS)
        [dialog] = _error_dialogs()
        assert "boom in a slot" in dialog.message
        assert "Traceback" in dialog.details_box.toPlainText()
        assert "RuntimeError" in dialog.details_box.toPlainText()
        assert dialog.details_box.isReadOnly() and not dialog.details_box.isVisible()
        dialog.toggle_button.click()
        assert dialog.details_box.isVisible()
        dialog.copy_button.click()
        assert "boom in a slot" in QtGui.QGuiApplication.clipboard().text()
        dialog.close()
        qtbot.waitUntil(lambda: _error_dialogs() == [], timeout=GUARD_MS)
    finally:
        sys.excepthook = previous
    # the window still works
    QtGui.QGuiApplication.clipboard().setText("still alive")
    window.paste_action.trigger()
    assert window.documents_list.count() == 1


def test_engine_failure_uses_the_error_dialog(
    window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's ``failed`` signal (here: options it refuses) opens the one error dialog."""
    from copylens.core.options import Options

    monkeypatch.setattr("copylens.app.settings.to_options", lambda _values: Options(shingle=2))
    window.documents_list.add_text("a", "some text")
    window.sources_list.add_text("b", "other text")
    with qtbot.waitSignal(window.controller.failed, timeout=GUARD_MS):
        window.start_run()
    qtbot.waitUntil(lambda: _error_dialogs() != [], timeout=GUARD_MS)
    [dialog] = _error_dialogs()
    assert "shingle" in dialog.message
    assert window.statusBar().currentMessage() == "The run stopped with an error."
    dialog.close()


def test_invalid_settings_are_shown_before_any_run(window: MainWindow, qtbot) -> None:
    window.settings_values = window.settings_values | {"shingle": 2}
    window.documents_list.add_text("a", "some text")
    window.sources_list.add_text("b", "other text")
    window.start_run()
    assert not window.controller.is_running()
    [dialog] = _error_dialogs()
    assert "shingle" in dialog.details_box.toPlainText()
    dialog.close()


def _error_dialogs() -> list[ErrorDialog]:
    return [
        w
        for w in QtWidgets.QApplication.topLevelWidgets()
        if isinstance(w, ErrorDialog) and w.isVisible()
    ]


def test_result_views_plug_in(
    window: MainWindow, qtbot, make_corpus, essay, tmp_path: Path
) -> None:
    """With copylens.app.views installed, its DocumentView and CompareView show the results."""
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.documents_list.add_paths(make_corpus(3))
    window.sources_list.add_paths([source])
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.start_run()
    assert type(window.check_page.document_view).__name__ == "DocumentView"
    window.set_mode("compare")
    window.compare_list.add_paths(make_corpus(4, folder="more"))
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.start_run()
    assert type(window.compare_page.view).__name__ == "CompareView"


def test_gui_main_opens_the_window_with_the_given_paths(
    qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from copylens.app import gui

    doc = tmp_path / "essay.txt"
    doc.write_text("text", encoding="utf-8")
    seen: list[list[str]] = []
    windows: list[MainWindow] = []

    def look_and_quit() -> None:
        try:  # the shown window only: an earlier test's may wait, hidden, for its deletion
            windows.extend(
                w
                for w in QtWidgets.QApplication.topLevelWidgets()
                if isinstance(w, MainWindow) and w.isVisible()
            )
            seen.append(names(windows[0].documents_list))
        finally:  # whatever happened, exec() returns (a failure here would leave it waiting)
            QtWidgets.QApplication.exit(0)  # one exit, inside exec(): later loops still run

    app = QtWidgets.QApplication.instance()
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # main() installs its own
    app.setQuitOnLastWindowClosed(False)  # closing the window must not quit the test's loops
    QtCore.QTimer.singleShot(0, look_and_quit)
    try:
        assert gui.main([str(doc)]) == 0
    finally:
        for win in windows:
            win.close()
            win.deleteLater()
        app.setQuitOnLastWindowClosed(True)
    assert seen == [["essay.txt"]]


def test_gui_self_test_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    from copylens.app import gui

    # the attribute, not sys.modules: `from app import selftest` reads the package attribute
    monkeypatch.setattr("copylens.app.selftest.run", lambda: 3)
    assert gui.main(["--self-test"]) == 3


def test_closing_during_a_run_stops_the_engine(qtbot, make_corpus, thread_baseline) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    win.documents_list.add_paths(make_corpus(60))
    win.sources_list.add_paths(make_corpus(5, folder="src"))
    win.start_run()
    assert win.controller.is_running()
    win.close()
    assert not win.controller.job.thread.is_alive()
    qtbot.waitUntil(lambda: not win.controller.is_running(), timeout=GUARD_MS)
    assert python_threads() == thread_baseline


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12 on")
def test_qt_calls_keep_the_reference_to_none(qtbot) -> None:
    """PySide6 6.12.0 on Python 3.11 drops one reference to None on every call of a method
    returning void (setText, setValue, addItem, processEvents...); after a few thousand calls
    the interpreter aborts with "none_dealloc". 6.11.3 does not. The app makes such calls all
    the time, so this must hold for the installed PySide6."""
    label = QtWidgets.QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(1000):
        label.setText("x")
    assert sys.getrefcount(None) > before - 100, "this PySide6 drains None's reference count"


def test_a_run_asked_for_while_folders_are_read_starts_when_they_are(
    window: MainWindow, qtbot, make_corpus, essay, tmp_path: Path
) -> None:
    make_corpus(3, folder="docs")
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.sources_list.add_paths([source])
    window.add_paths([str(tmp_path / "docs")], window.documents_list)
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.run_action.trigger()  # still reading: the run waits instead of refusing
        assert not window.controller.is_running()
        assert "starts when they are read" in window.statusBar().currentMessage()
    assert window.documents_list.count() == 3
    assert window.check_page.results_tree.topLevelItemCount() == 3


def test_clearing_a_list_drops_the_folder_walk_under_way(
    window: MainWindow, qtbot, make_corpus, tmp_path: Path
) -> None:
    make_corpus(4, folder="docs")
    window.compare_list.add_paths([tmp_path / "docs"])
    window.compare_list.clear_inputs()
    qtbot.waitUntil(lambda: not window.compare_list.scanning, timeout=GUARD_MS)
    assert window.compare_list.count() == 0
    assert window.statusBar().currentMessage() == ""  # not "no new files": nothing was asked
    window.compare_list.add_paths([tmp_path / "docs"])
    qtbot.waitUntil(lambda: window.compare_list.count() == 4, timeout=GUARD_MS)


def test_a_failed_folder_walk_shows_the_error_and_ends_the_reading(
    window: MainWindow, qtbot, make_corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_corpus(2, folder="docs")

    def unreadable(_given: list[Path]) -> list[tuple[Path, str]]:
        raise PermissionError("the folder cannot be read")

    monkeypatch.setattr("copylens.app.inputs._found", unreadable)
    window.documents_list.add_paths([tmp_path / "docs"])
    assert window.documents_list.scanning
    qtbot.waitUntil(lambda: _error_dialogs() != [], timeout=GUARD_MS)
    [dialog] = _error_dialogs()
    assert dialog.message == "PermissionError: the folder cannot be read"
    assert "unreadable" in dialog.details_box.toPlainText()
    assert not window.documents_list.scanning and window.documents_list.count() == 0
    dialog.close()


def test_the_ignore_lists_reach_the_engine(
    window: MainWindow, qtbot, essay, tmp_path: Path
) -> None:
    handout = tmp_path / "handout.txt"
    handout.write_text(essay(99, 60), encoding="utf-8")
    essays = []
    for n in range(3):
        path = tmp_path / f"essay{n}.txt"
        path.write_text(f"{essay(99, 60)}\n\n{essay(n, 80)}", encoding="utf-8")
        essays.append(path)
    window.set_mode("compare")
    assert window.input_lists() == [window.compare_list, window.compare_ignore_list]
    window.compare_list.add_paths(essays)
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as joined:
        window.start_run()
    assert len(joined.args[0].pairs) == 3  # through the handout
    missing = tmp_path / "missing.txt"
    window.compare_ignore_list.add_paths([handout, missing])
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as ignored:
        window.start_run()
    assert ignored.args[0].pairs == ()
    assert window.compare_ignore_list.error_count() == 1  # the missing one, marked

    window.set_mode("check")
    assert window.input_lists() == [window.documents_list, window.sources_list, window.ignore_list]
    window.documents_list.add_paths(essays[:1])
    window.sources_list.add_paths(essays[1:])
    window.ignore_list.add_text("Pasted handout", essay(99, 60))
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as checked:
        window.start_run()
    [document] = checked.args[0].documents
    assert document.sources == () and document.uniqueness == 1.0
    assert "never marked" in window.panels[window.ignore_list].title_label.toolTip()


def test_a_drop_of_many_files_is_looked_at_off_the_qt_thread(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    """Past ``AT_ONCE`` paths, checking and resolving them is a background job (as a folder's
    walk): the list says it is reading, then lists them all, a missing one marked."""
    from copylens.app.inputs import AT_ONCE

    folder = tmp_path / "many"
    folder.mkdir()
    paths = []
    for n in range(AT_ONCE + 5):
        path = folder / f"e{n:04}.txt"
        path.write_text(f"essay {n}", encoding="utf-8")
        paths.append(path)
    missing = folder / "gone.txt"
    assert window.documents_list.add_paths([*paths, missing]) == 0
    assert window.documents_list.scanning and window.documents_list.count() == 0
    qtbot.waitUntil(lambda: not window.documents_list.scanning, timeout=GUARD_MS)
    assert window.documents_list.count() == AT_ONCE + 6
    assert window.documents_list.error_count() == 1
    assert "not found" in window.documents_list.item(AT_ONCE + 5).toolTip()
