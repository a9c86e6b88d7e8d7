"""Errors that stay visible and the basics: failed files in the results with their reason, the
clickable error count, "none could be read", refused missing paths, same-named files told
apart, Help (shortcuts, About), the drop highlight, the export folder and the busy Check."""

from __future__ import annotations

from pathlib import Path

from copylens import __version__
from copylens.app.about import AboutDialog, ShortcutsDialog
from copylens.app.errors_dialog import FailuresDialog, failure_advice
from copylens.app.inputs import ERROR_ROLE, InputList
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.window import MainWindow
from copylens.core import InputFailure
from tests.gui.conftest import GUARD_MS
from tests.gui.test_window import drop, names


def bad_files(folder: Path) -> list[Path]:
    """A .docx that is no Word document and a .txt of binary data."""
    folder.mkdir(parents=True, exist_ok=True)
    docx = folder / "broken.docx"
    docx.write_bytes(b"PK\x03\x04 this is not a zip archive at all" * 20)
    binary = folder / "image.txt"
    binary.write_bytes(bytes(range(256)) * 40)
    return [docx, binary]


def run(window: MainWindow, qtbot) -> None:
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.run_action.trigger()
    qtbot.wait(50)  # the selected row is shown in its own event-loop turn


def rows(window: MainWindow) -> list[str]:
    tree = window.check_page.results_tree
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]


def top_level(kind: type[QtWidgets.QWidget]) -> list[QtWidgets.QWidget]:
    return [w for w in QtWidgets.QApplication.topLevelWidgets() if isinstance(w, kind)]


def test_failed_files_are_listed_in_the_check_results_with_their_reason(
    window: MainWindow, qtbot, make_corpus, essay, tmp_path: Path
) -> None:
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.documents_list.add_paths([*make_corpus(2), *bad_files(tmp_path / "bad")])
    window.sources_list.add_paths([source])
    run(window, qtbot)
    listed = rows(window)
    assert len(listed) == 4, "2 documents in, 2 failed: 4 rows"
    assert set(listed[:2]) == {"doc000.txt", "doc001.txt"}, "checked documents first"
    failed = listed[2:]
    assert any(r.startswith("broken.docx — ") and "damaged" in r for r in failed)
    assert any(r.startswith("image.txt — ") and "binary data" in r for r in failed)
    tree = window.check_page.results_tree
    tree.sortByColumn(1, Qt.SortOrder.DescendingOrder)  # failed rows stay last either way
    assert all(" — " in r for r in rows(window)[2:])
    failed_item = tree.topLevelItem(3)
    assert failed_item.text(1) == "not read"
    tree.setCurrentItem(failed_item)
    page = window.check_page
    assert page.detail_stack.currentWidget() is page.failure_panel
    text = page.failure_panel.label.text()
    assert "could not be read" in text and "What to do:" in text
    tree.setCurrentItem(tree.topLevelItem(0))  # a checked document shows its text again
    assert page.detail_stack.currentWidget() is page.document_view


def test_the_error_count_opens_the_list_of_failed_files(
    window: MainWindow, qtbot, make_corpus, essay, tmp_path: Path
) -> None:
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    bad = bad_files(tmp_path / "bad")
    window.documents_list.add_paths([*make_corpus(2), *bad])
    window.sources_list.add_paths([source])
    run(window, qtbot)
    label = window.run_status.error_label
    assert "Files that could not be read: 2" in label.text() and "<a href" in label.text()
    label.linkActivated.emit("failures")
    [dialog] = top_level(FailuresDialog)
    assert isinstance(dialog, FailuresDialog) and dialog.isVisible()
    assert dialog.table.topLevelItemCount() == 2
    dialog.copy_list()
    copied = QtGui.QGuiApplication.clipboard().text()
    assert str(bad[0]) in copied and "binary data" in copied
    dialog.close()


def test_a_run_where_every_file_failed_says_none_could_be_read(
    window: MainWindow, qtbot, essay, tmp_path: Path
) -> None:
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.documents_list.add_paths(bad_files(tmp_path / "bad"))
    window.sources_list.add_paths([source])
    run(window, qtbot)
    placeholder = window.results_placeholder
    assert window.results_stack.currentWidget() is placeholder
    assert placeholder.title.text() == "None of the documents could be read"
    assert "Files that could not be read: 2" in placeholder.hint.text()
    assert "binary data" in placeholder.hint.text()
    assert window.statusBar().currentMessage().startswith("None of the documents could be read")
    assert placeholder.button.isVisible()
    placeholder.button.click()
    assert len(top_level(FailuresDialog)) == 1


def test_a_path_that_does_not_exist_is_not_added_as_a_normal_row(
    window: MainWindow, tmp_path: Path
) -> None:
    missing = tmp_path / "no such folder"
    window.add_paths([str(missing)], window.documents_list)
    [item] = [window.documents_list.item(0)]
    assert item.data(ERROR_ROLE) == "file or folder not found"
    assert "Could not be read" in item.toolTip()
    message = window.statusBar().currentMessage()
    assert message.startswith("Cannot be read: 1 (no such folder: file or folder not found)")
    assert window.documents_list.error_count() == 1


def test_same_named_files_are_told_apart(window: MainWindow, qtbot, essay, tmp_path: Path) -> None:
    paths = []
    for n, year in enumerate(("2023", "2024")):
        (tmp_path / year).mkdir()
        path = tmp_path / year / "essay.txt"
        path.write_text(essay(n + 1), encoding="utf-8")
        paths.append(path)
    window.documents_list.add_paths(paths[:1])
    assert names(window.documents_list) == ["essay.txt"]
    window.documents_list.add_paths(paths[1:])
    assert names(window.documents_list) == ["2023/essay.txt", "2024/essay.txt"]
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.sources_list.add_paths([source])
    run(window, qtbot)
    assert sorted(rows(window)) == ["2023/essay.txt", "2024/essay.txt"]
    window.documents_list.setCurrentRow(0)
    window.documents_list.remove_selected()
    assert names(window.documents_list) == ["essay.txt"]


def test_the_shortcuts_dialog_lists_the_window_actions(window: MainWindow, qtbot) -> None:
    keys = [k.toString() for k in window.shortcuts_action.shortcuts()]
    assert keys == ["F1", "Ctrl+/"]
    window.shortcuts_action.trigger()
    [dialog] = top_level(ShortcutsDialog)
    assert isinstance(dialog, ShortcutsDialog)
    shown = dict(dialog.rows())
    assert shown["Open files"] == "Ctrl+O"
    assert shown["Keyboard shortcuts"] == "F1, Ctrl+/"
    assert shown["Export report"] == "Ctrl+E" and shown["Quit"] == "Ctrl+Q"
    assert shown["Remove"] == "Del", "the lists' own actions too, once"
    dialog.close()


def test_about_shows_the_version_and_the_data_licences(window: MainWindow) -> None:
    window.about_action.trigger()
    [dialog] = top_level(AboutDialog)
    assert isinstance(dialog, AboutDialog)
    assert __version__ in dialog.version_text() and "Qt " in dialog.version_text()
    head = dialog.findChild(QtWidgets.QLabel, "aboutHead")
    assert f"CopyLens {__version__}" in head.text() and "Licence: MIT" in head.text()
    text = dialog.text.toPlainText()
    assert "Stop-word lists" in text and "BSD-3-Clause" in text
    assert "Alireza Savand" in text, "the notice from resources/README.md"
    help_menu = window.menuBar().findChild(QtWidgets.QMenu, "helpMenu")
    assert [a.text() for a in help_menu.actions()] == ["Keyboard shortcuts", "About CopyLens"]
    dialog.close()


def test_check_is_busy_during_a_run_and_the_results_say_checking(
    window: MainWindow, qtbot, make_corpus
) -> None:
    window.documents_list.add_paths(make_corpus(40))
    window.sources_list.add_paths(make_corpus(3, folder="src"))
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.run_action.trigger()
        assert not window.run_action.isEnabled()
        assert window.run_action.text() == "Checking…"
        assert window.results_stack.currentWidget() is window.results_placeholder
        assert window.results_placeholder.title.text() == "Checking…"
    assert window.run_action.isEnabled() and window.run_action.text() == "Check"
    assert window.results_stack.currentWidget() is window.check_page


def drag(target: InputList, paths: list[Path], kind: type[QtCore.QEvent]) -> QtCore.QEvent:
    mime = QtCore.QMimeData()
    mime.setUrls([QtCore.QUrl.fromLocalFile(str(p)) for p in paths])
    center = target.viewport().rect().center()
    rest = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    event = kind(center, *rest)
    QtWidgets.QApplication.sendEvent(target.viewport(), event)
    return event


def test_the_drop_highlight_shows_while_files_are_dragged_over_a_list(
    window: MainWindow, make_corpus
) -> None:
    paths = make_corpus(2)
    target = window.sources_list
    assert not target.drop_highlighted
    assert drag(target, paths, QtGui.QDragEnterEvent).isAccepted()
    assert target.drop_highlighted and not window.documents_list.drop_highlighted
    target.grab()  # paints the highlight without error
    QtWidgets.QApplication.sendEvent(target.viewport(), QtGui.QDragLeaveEvent())
    assert not target.drop_highlighted
    drop(target, paths)
    assert not target.drop_highlighted and target.count() == 2


def test_the_export_dialog_opens_in_the_documents_folder(
    window: MainWindow, qtbot, essay, tmp_path: Path
) -> None:
    folder = tmp_path / "essays"
    folder.mkdir()
    document = folder / "essay.txt"
    document.write_text(essay(1), encoding="utf-8")
    source = tmp_path / "source.txt"
    source.write_text(essay(0), encoding="utf-8")
    window.documents_list.add_paths([document])
    window.sources_list.add_paths([source])
    run(window, qtbot)
    seen: list[str] = []

    def look() -> None:
        # the shown dialog only (an earlier test's may still wait, hidden, for its deletion),
        # and every one shown is closed: a failure here must not leave exec() waiting forever
        for dialog in top_level(QtWidgets.QFileDialog):
            if dialog.isVisible():
                assert isinstance(dialog, QtWidgets.QFileDialog)
                seen.append(dialog.directory().absolutePath())
                dialog.reject()

    QtCore.QTimer.singleShot(200, look)
    window.export_action.trigger()
    assert seen == [str(folder)]


def test_a_scanned_pdf_is_told_to_go_through_ocr_first() -> None:
    scanned = InputFailure(
        "/essays/scan.pdf",
        "the PDF has no text layer (scanned images?); CopyLens does no OCR",
        "the PDF has no text layer (scanned images?); CopyLens does no OCR",
    )
    assert "Run OCR" in failure_advice(scanned)
    locked = InputFailure("/essays/a.pdf", "the PDF is password-protected", "x password y")
    assert "without the password" in failure_advice(locked)
    assert failure_advice(InputFailure("/essays/b.txt", "something new")) == ""


def test_a_check_whose_sources_all_failed_says_so(
    window: MainWindow, qtbot, make_corpus, tmp_path: Path
) -> None:
    window.documents_list.add_paths(make_corpus(2))
    window.sources_list.add_paths(bad_files(tmp_path / "bad"))
    run(window, qtbot)
    message = window.statusBar().currentMessage()
    assert message.startswith("None of the sources could be read")
    assert any("(source) — " in row for row in rows(window)), "failed sources named so"
