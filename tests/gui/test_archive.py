"""The archive in the window (issue 14): the Archive window (list, filter, counts, remove,
read, add in the background with progress and cancel, errors), the check page's archive row
(check against it, add to it, labels, self-citation) and the settings that keep it.

Every archive is a real SQLite file made in ``tmp_path`` with the engine's own
``open_archive``/``add_to_archive`` (or through the window), holding small texts written here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from copylens.app import i18n, settings
from copylens.app.archive_window import ArchivedTextDialog, ArchiveWindow, filter_terms
from copylens.app.errors_dialog import ErrorDialog
from copylens.app.qt import QtCore, QtWidgets
from copylens.app.settings_dialog import ArchiveLocationEdit, SettingsDialog
from copylens.app.views.sources_table import ARCHIVED_ROLE, SourcesModel
from copylens.app.window import MainWindow
from copylens.core import CheckReport, Options, add_to_archive, open_archive
from tests.gui.conftest import GUARD_MS, python_threads

LABELS = {
    "ivanov.txt": {"author": "Ivanov", "group": "301", "year": "2024"},
    "petrov.txt": {"author": "Petrov", "group": "302"},
    "ivanova.txt": {"author": "Ivanova", "group": "301"},
}


@pytest.fixture
def old_essays(tmp_path: Path, essay: Any) -> dict[str, Path]:
    """Last year's essays, one file each (seeds 1, 2, 3)."""
    folder = tmp_path / "old"
    folder.mkdir()
    paths = {}
    for seed, name in enumerate(LABELS, start=1):
        path = folder / name
        path.write_text(essay(seed, 200), encoding="utf-8")
        paths[name] = path
    return paths


@pytest.fixture
def archive_file(tmp_path: Path, old_essays: dict[str, Path]) -> Path:
    """An SQLite archive holding the old essays (ids 1, 2, 3), each with its labels."""
    location = tmp_path / "archive.sqlite"
    with open_archive(str(location), Options(), create=True) as archive:
        for name, path in old_essays.items():
            report = add_to_archive(archive, [path], Options(), LABELS[name])
            assert report.added == 1
    return location


def archive_window(qtbot: Any, location: Path | str) -> ArchiveWindow:
    values = settings.defaults() | {"archive": str(location)}
    window = ArchiveWindow(lambda: values)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.busy(), timeout=GUARD_MS)
    return window


def names(window: ArchiveWindow) -> list[str]:
    return [d.name for d in window.shown_documents()]


def error_dialogs() -> list[ErrorDialog]:
    return [
        w
        for w in QtWidgets.QApplication.topLevelWidgets()
        if isinstance(w, ErrorDialog) and w.isVisible()
    ]


@pytest.fixture
def english(qapp: QtWidgets.QApplication) -> Iterator[None]:
    """Whatever a test installs, the next one starts in English again."""
    yield
    i18n.install_translator(qapp, "en")


# --- the Archive window -------------------------------------------------------------------


def test_the_archive_window_lists_the_documents_with_counts(qtbot: Any, archive_file: Path) -> None:
    window = archive_window(qtbot, archive_file)
    assert window.load_error == "" and not window.banner.isVisible()
    assert sorted(names(window)) == sorted(LABELS)
    assert names(window)[0] == "ivanova.txt", "newest first"
    model = window.model
    row = next(r for r in range(model.rowCount()) if model.document(r).name == "ivanov.txt")
    cells = [model.index(row, c).data() for c in range(model.columnCount())]
    assert cells[0] == "1" and cells[1] == "ivanov.txt" and cells[3] == "200"
    assert cells[4] == "author=Ivanov, group=301, year=2024"
    assert model.index(row, 1).data(QtCore.Qt.ItemDataRole.ToolTipRole).endswith("ivanov.txt")
    assert window.stats is not None and window.stats.documents == 3
    counts = window.counts_label.text()
    assert "3 documents" in counts and "600 words" in counts and "on disk" in counts
    assert "Archive: " in window.location_label.text()


def test_the_archive_window_filters_by_words_and_labels(qtbot: Any, archive_file: Path) -> None:
    window = archive_window(qtbot, archive_file)

    def shown(text: str) -> list[str]:
        qtbot.keyClicks(window.filter_edit, text) if text else None
        window.apply_filter()  # as the timer does after a pause in typing
        result = sorted(names(window))
        window.filter_edit.clear()
        return result

    assert shown("author=Petrov") == ["petrov.txt"]
    assert shown("AUTHOR=ivanov") == ["ivanov.txt", "ivanova.txt"]  # a value in part
    assert shown("group=301, year=2024") == ["ivanov.txt"]  # every term
    assert shown("petr") == ["petrov.txt"]  # the name
    assert shown("302") == ["petrov.txt"]  # the labels' text
    assert shown("colour=red") == []
    qtbot.keyClicks(window.filter_edit, "group=301")
    qtbot.waitUntil(lambda: len(names(window)) == 2, timeout=GUARD_MS)  # the timer applies it
    assert "shown 2 of 3" in window.counts_label.text()
    assert filter_terms(" a=B , word ,, =x") == [("a", "b"), ("word", None), ("=x", None)]


def test_the_archive_window_removes_after_asking(qtbot: Any, archive_file: Path) -> None:
    window = archive_window(qtbot, archive_file)
    asked: list[str] = []
    answers = [False, True]
    window.confirm = lambda title, text: (asked.append(text), answers.pop(0))[1]  # type: ignore[method-assign]
    assert not window.remove_button.isEnabled()  # nothing selected
    window.select_ids([2])
    assert window.selected_ids() == [2] and window.remove_button.isEnabled()
    assert not window.remove_selected()  # "No": nothing happens
    assert "petrov.txt" in asked[0] and "#2" in asked[0]
    assert sorted(names(window)) == sorted(LABELS)
    assert window.remove_selected()
    qtbot.waitUntil(lambda: not window.busy() and len(names(window)) == 2, timeout=GUARD_MS)
    assert "petrov.txt" not in names(window)
    assert "Removed from the archive: 1" in window.status_label.text()
    with open_archive(str(archive_file)) as archive:
        assert [d.id for d in archive.documents()] == [1, 3]


def test_the_archive_window_removes_several_with_the_delete_key(
    qtbot: Any, archive_file: Path
) -> None:
    window = archive_window(qtbot, archive_file)
    asked: list[str] = []
    window.confirm = lambda title, text: asked.append(text) or True  # type: ignore[method-assign]
    window.select_ids([1, 3])
    window.table.setFocus()
    qtbot.keyClick(window.table, QtCore.Qt.Key.Key_Delete)
    assert "2 documents" in asked[0]
    qtbot.waitUntil(lambda: not window.busy() and names(window) == ["petrov.txt"], timeout=GUARD_MS)


def test_the_archive_window_opens_a_documents_text(
    qtbot: Any, archive_file: Path, old_essays: dict[str, Path]
) -> None:
    window = archive_window(qtbot, archive_file)
    window.select_ids([2])
    dialog = window.open_selected()
    assert isinstance(dialog, ArchivedTextDialog)
    expected = old_essays["petrov.txt"].read_text(encoding="utf-8")
    qtbot.waitUntil(lambda: dialog.text_box.toPlainText() == expected, timeout=GUARD_MS)
    assert dialog.text_box.isReadOnly()
    assert "petrov.txt" in dialog.windowTitle() and "#2" in dialog.windowTitle()
    assert "author=Petrov, group=302" in dialog.facts_label.text()
    dialog.close()
    window.select_ids([1, 2])
    assert not window.open_button.isEnabled() and window.open_selected() is None


def test_the_archive_window_adds_a_folder_in_the_background(
    qtbot: Any, archive_file: Path, make_corpus: Any, thread_baseline: int
) -> None:
    folder = make_corpus(12, folder="new")[0].parent
    window = archive_window(qtbot, archive_file)
    progress: list[tuple[str, int, int]] = []
    shown = window._add_progress

    def record(stage: str, done: int, total: int) -> None:
        progress.append((stage, done, total))
        assert window.progress_bar.isVisible() and window.cancel_button.isVisible()
        shown(stage, done, total)

    window._add_progress = record  # type: ignore[method-assign]
    qtbot.keyClicks(window.labels_edit, "author=Sidorov, group=303")
    assert window.add_paths([folder])
    assert window.busy() and window.progress_bar.isVisible()
    assert window.job() is not None and window.job().thread is not threading.current_thread()
    assert not window.add_folder_button.isEnabled() and not window.remove_button.isEnabled()
    qtbot.waitUntil(lambda: not window.busy() and len(names(window)) == 15, timeout=GUARD_MS)
    assert progress and progress[-1] == ("archiving", 12, 12)
    assert not window.progress_bar.isVisible()
    assert window.last_add is not None and window.last_add.added == 12
    assert "Added: 12" in window.status_label.text()
    added = [d for d in window.shown_documents() if d.name.startswith("doc")]
    assert {d.labels for d in added} == {(("author", "Sidorov"), ("group", "303"))}
    assert python_threads() == thread_baseline  # the job's thread has ended
    window.add_paths([folder])  # again: every file is already there
    qtbot.waitUntil(lambda: not window.busy() and window.last_add is not None, timeout=GUARD_MS)
    assert window.last_add.added == 0 and window.last_add.skipped == 12


def test_adding_can_be_cancelled_and_keeps_the_archive_valid(
    qtbot: Any, tmp_path: Path, make_corpus: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancel in the middle of an add, after its first batch was committed (the engine
    writes a batch of documents a transaction; 50 here): that batch stays, the archive opens
    and holds exactly what the window lists; adding again completes the rest, nothing twice."""
    import copylens.app.archive_window as module

    batch = 50
    monkeypatch.setattr("copylens.core.archive.BATCH_DOCUMENTS", batch)
    total = 120
    folder = make_corpus(total, words=40, folder="many")[0].parent
    location = tmp_path / "new-archive.sqlite"
    window = archive_window(qtbot, location)
    add = module._add

    def cancelled_midway(*args: Any) -> Any:
        work = args[-1]
        report = work.progress

        def progress(stage: str, done: int, total: int) -> None:
            report(stage, done, total)
            if stage == "archiving" and done == batch + 10:
                work._job.cancel()  # as the Cancel button does, at a known point

        work.progress = progress
        return add(*args)

    monkeypatch.setattr(module, "_add", cancelled_midway)
    assert window.add_paths([folder])
    qtbot.waitUntil(lambda: not window.busy() and window.stats is not None, timeout=GUARD_MS)
    assert "cancelled" in window.status_label.text() and window.last_add is None
    assert not window.progress_bar.isVisible()
    with open_archive(str(location)) as archive:  # it opens, and holds what the window lists
        kept = archive.stats().documents
        assert [d.id for d in archive.documents()] == sorted(d.id for d in window.shown_documents())
    assert batch <= kept < total, kept
    monkeypatch.setattr(module, "_add", add)
    assert window.add_paths([folder])
    qtbot.waitUntil(lambda: not window.busy() and window.last_add is not None, timeout=GUARD_MS)
    assert (window.last_add.added, window.last_add.skipped) == (total - kept, kept)
    qtbot.waitUntil(lambda: len(names(window)) == total, timeout=GUARD_MS)


def test_an_archive_that_does_not_exist_yet_is_created_by_adding(
    qtbot: Any, tmp_path: Path, old_essays: dict[str, Path]
) -> None:
    location = tmp_path / "sub" / "first.sqlite"
    location.parent.mkdir()
    window = archive_window(qtbot, location)
    assert window.load_error == ""
    assert "no archive here yet" in window.banner.text() and window.banner.isVisible()
    assert window.missing()
    assert window.add_files_button.isEnabled() and not window.remove_button.isEnabled()
    assert window.add_paths([old_essays["ivanov.txt"]])
    qtbot.waitUntil(lambda: not window.busy() and names(window) == ["ivanov.txt"], timeout=GUARD_MS)
    assert location.is_file() and not window.banner.isVisible()


def test_a_file_that_is_not_an_archive_is_said_clearly_and_left_alone(
    qtbot: Any, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not an archive at all\n" * 10, encoding="utf-8")
    before = notes.read_bytes()
    window = archive_window(qtbot, notes)
    assert window.load_error and "not a CopyLens archive" in window.load_error
    assert window.banner.isVisible() and "cannot be opened" in window.banner.text()
    assert "Traceback" not in window.banner.text() and "Error" not in window.banner.text()
    assert not window.add_files_button.isEnabled() and not window.filter_edit.isEnabled()
    assert names(window) == [] and error_dialogs() == []
    assert notes.read_bytes() == before


def test_no_archive_chosen_leads_to_the_settings(qtbot: Any) -> None:
    window = archive_window(qtbot, "")
    assert "No archive is chosen" in window.banner.text()
    assert not window.add_files_button.isEnabled() and not window.refresh_button.isEnabled()
    with qtbot.waitSignal(window.settingsRequested, timeout=GUARD_MS):
        window.settings_button.click()


def test_unreadable_labels_stop_an_add(qtbot: Any, archive_file: Path) -> None:
    window = archive_window(qtbot, archive_file)
    window.labels_edit.setText("author Ivanov")
    assert "author Ivanov" in window.labels_problem()
    assert not window.add_files_button.isEnabled()
    assert "author Ivanov" in window.labels_edit.toolTip()
    window.labels_edit.setText("author=Ivanov")
    assert window.add_files_button.isEnabled()


def test_archive_errors_are_shown_in_the_interface_language(
    qtbot: Any, qapp: QtWidgets.QApplication, tmp_path: Path, english: None
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not an archive", encoding="utf-8")
    i18n.install_translator(qapp, "ru")
    window = archive_window(qtbot, notes)
    assert "не является архивом CopyLens" in window.load_error, window.load_error
    assert str(notes) in window.load_error


# --- the main window ----------------------------------------------------------------------


@pytest.fixture
def main_window(qtbot: Any) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def with_archive(window: MainWindow, location: Path | str, **changes: Any) -> None:
    """The settings' archive and the check page's boxes, as the user sets them."""
    window.apply_settings(window.settings_values | {"archive": str(location)})
    bar = window.archive_bar
    bar.use_box.setChecked(bool(changes.get("use", True)))
    bar.add_box.setChecked(bool(changes.get("add", False)))
    bar.labels_edit.setText(str(changes.get("labels", "")))
    bar.labels_edit.editingFinished.emit()


def run_check(window: MainWindow, qtbot: Any) -> CheckReport:
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as done:
        window.start_run()
    report = done.args[0]
    assert isinstance(report, CheckReport)
    qtbot.waitUntil(lambda: window.check_page.document_view.result() is not None, timeout=GUARD_MS)
    return report


def test_a_check_against_the_archive_names_the_archived_source_by_its_labels(
    main_window: MainWindow, qtbot: Any, archive_file: Path, essay: Any, tmp_path: Path
) -> None:
    essay_path = tmp_path / "new" / "essay.txt"
    essay_path.parent.mkdir()
    essay_path.write_text(essay(1, 200)[:700] + " " + essay(40, 120), encoding="utf-8")
    main_window.documents_list.add_paths([essay_path])
    with_archive(main_window, archive_file, labels="author=Sidorov")
    report = run_check(main_window, qtbot)  # no file in Sources: the archive is enough
    [document] = report.documents
    [source] = document.sources
    assert source.archive_id == 1 and source.path.endswith("ivanov.txt")
    assert dict(source.labels) == LABELS["ivanov.txt"] and not source.self_citation
    view = main_window.check_page.document_view
    model = view.sources_model
    assert model.rowCount() == 1
    assert model.name(0) == "ivanov.txt — author=Ivanov, group=301, year=2024 · archive #1"
    assert model.index(0, SourcesModel.NAME).data(ARCHIVED_ROLE) == (
        "ivanov.txt",
        "author=Ivanov, group=301, year=2024 · archive #1",
        "",
    )
    assert "Archived document #1" in model.tooltip(0)
    # side by side: the source's text is the archive's (report.text_of), not a missing one
    view.open_side_by_side(0)
    pane = view.side_by_side
    with open_archive(str(archive_file)) as archive:
        archived_text = archive.text(1)
    assert report.text_of(source) == archived_text
    assert pane.right.toPlainText() == archived_text
    assert pane.right_title.text() == "Source: ivanov.txt · archive #1"
    assert pane.right_note.text() == "author=Ivanov, group=301, year=2024"
    fragment = source.fragments[0]
    shown = pane.right.toPlainText()[fragment.source_start : fragment.source_end]
    assert shown == archived_text[fragment.source_start : fragment.source_end] and shown
    assert main_window.statusBar().currentMessage().startswith("Documents checked: 1")


def test_an_archived_source_by_the_same_author_is_a_self_citation(
    main_window: MainWindow, qtbot: Any, archive_file: Path, essay: Any, tmp_path: Path
) -> None:
    essay_path = tmp_path / "essay.txt"
    essay_path.write_text(essay(2, 200)[:700] + " " + essay(41, 120), encoding="utf-8")
    main_window.documents_list.add_paths([essay_path])
    with_archive(main_window, archive_file, labels="author=Petrov, group=402")
    report = run_check(main_window, qtbot)
    [source] = report.documents[0].sources
    assert source.self_citation and source.archive_id == 2
    model = main_window.check_page.document_view.sources_model
    assert model.name(0).endswith(" · archive #2 · self-citation")
    assert model.index(0, SourcesModel.NAME).data(ARCHIVED_ROLE)[2] == "self-citation"
    assert "Self-citation" in model.tooltip(0)
    font = model.index(0, SourcesModel.NAME).data(QtCore.Qt.ItemDataRole.FontRole)
    assert font is not None and font.italic()


def test_checked_documents_are_added_to_the_archive_with_their_labels(
    main_window: MainWindow, qtbot: Any, archive_file: Path, essay: Any, tmp_path: Path
) -> None:
    essay_path = tmp_path / "essay.txt"
    essay_path.write_text(essay(50, 200), encoding="utf-8")
    main_window.documents_list.add_paths([essay_path])
    with_archive(main_window, archive_file, add=True, labels="author=Orlova, group=303")
    archive_window = main_window.open_archive_window()
    qtbot.waitUntil(lambda: not archive_window.busy(), timeout=GUARD_MS)
    report = run_check(main_window, qtbot)
    assert len(report.archived) == 1
    assert "added to the archive: 1" in main_window.statusBar().currentMessage()
    with open_archive(str(archive_file)) as archive:
        [added] = archive.documents(ids=list(report.archived))
    assert added.name == "essay.txt" and added.label_map == {"author": "Orlova", "group": "303"}
    # the open Archive window lists it without being asked
    qtbot.waitUntil(lambda: "essay.txt" in names(archive_window), timeout=GUARD_MS)


def test_adding_without_checking_against_the_archive(
    main_window: MainWindow, qtbot: Any, archive_file: Path, essay: Any, tmp_path: Path
) -> None:
    """The copy of an archived essay is not matched against the archive (the box is off),
    and is added all the same."""
    copy = tmp_path / "copy.txt"
    copy.write_text(essay(1, 200) + " " + essay(60, 60), encoding="utf-8")
    source = tmp_path / "source.txt"
    source.write_text(essay(61, 200), encoding="utf-8")
    main_window.documents_list.add_paths([copy])
    main_window.sources_list.add_paths([source])
    with_archive(main_window, archive_file, use=False, add=True, labels="year=2025")
    report = run_check(main_window, qtbot)
    assert report.documents[0].sources == ()
    assert len(report.archived) == 1
    with open_archive(str(archive_file)) as archive:
        assert archive.documents(labels={"year": "2025"})[0].name == "copy.txt"


def test_an_archive_that_cannot_be_opened_stops_the_check_with_the_error_dialog(
    main_window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not an archive", encoding="utf-8")
    main_window.documents_list.add_text("a", "some text of a document to check here")
    with_archive(main_window, notes)
    with qtbot.waitSignal(main_window.controller.failed, timeout=GUARD_MS):
        main_window.start_run()
    qtbot.waitUntil(lambda: error_dialogs() != [], timeout=GUARD_MS)
    [dialog] = error_dialogs()
    assert "is not a CopyLens archive" in dialog.message and str(notes) in dialog.message
    assert dialog.details_box.toPlainText() == ""  # an archive problem, not a bug
    assert notes.read_text(encoding="utf-8") == "not an archive"
    dialog.close()


def test_the_archive_row_needs_an_archive_and_readable_labels(
    main_window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    bar = main_window.archive_bar
    assert not bar.use_box.isEnabled() and not bar.add_box.isEnabled()
    assert "choose one in Settings" in bar.name_label.text()
    main_window.documents_list.add_text("a", "some text")
    main_window.start_run()  # no sources and no archive
    assert "check against the archive" in main_window.statusBar().currentMessage()
    with_archive(main_window, tmp_path / "a.sqlite", labels="author")
    assert bar.use_box.isEnabled() and "a.sqlite" in bar.name_label.text()
    assert bar.labels_problem()
    main_window.start_run()
    assert not main_window.controller.is_running()
    [dialog] = error_dialogs()
    assert "“author” is not key=value" in dialog.message
    dialog.close()


def test_the_archive_action_opens_the_window(
    main_window: MainWindow, qtbot: Any, archive_file: Path
) -> None:
    shortcuts = [s.toString() for s in main_window.archive_action.shortcuts()]
    assert shortcuts == ["Ctrl+Shift+A"]
    main_window.apply_settings(main_window.settings_values | {"archive": str(archive_file)})
    main_window.archive_action.trigger()
    window = main_window.archive_window
    assert isinstance(window, ArchiveWindow) and window.isVisible()
    qtbot.waitUntil(lambda: not window.busy() and len(names(window)) == 3, timeout=GUARD_MS)
    main_window.archive_action.trigger()  # the same window again
    assert main_window.archive_window is window


# --- settings -----------------------------------------------------------------------------


def test_the_archive_settings_survive_a_restart(qtbot: Any, tmp_path: Path) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    location = str(tmp_path / "archive.sqlite")
    with_archive(first, Path(location), add=True, labels="author=Ivanov, group=301")
    first.close()
    stored = settings.load()
    assert stored["archive"] == location
    assert stored["use_archive"] is True and stored["add_to_archive"] is True
    assert stored["archive_labels"] == "author=Ivanov, group=301"
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    bar = second.archive_bar
    assert bar.location == location
    # issue 32: not applied silently, offered visibly
    assert not bar.use_box.isChecked() and not bar.add_box.isChecked()
    assert bar.labels_edit.text() == "" and not bar.use_archive and not bar.add_to_archive
    assert bar.last_label.isVisible()
    assert "Last time: author=Ivanov, group=301" in bar.last_label.text()
    assert "Use again" in bar.last_label.text()
    # a settings change meanwhile does not tick them either, nor forget the offer
    second.apply_settings(second.settings_values | {"ui_language": "en"})
    assert not bar.use_box.isChecked() and bar.last_label.isVisible()
    assert settings.load()["archive_labels"] == "author=Ivanov, group=301"
    bar.last_label.linkActivated.emit("last")
    assert bar.use_box.isChecked() and bar.add_box.isChecked()
    assert bar.labels_edit.text() == "author=Ivanov, group=301"
    assert not bar.last_label.isVisible()


def test_new_choices_replace_the_offered_last_ones(qtbot: Any, tmp_path: Path) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    with_archive(first, tmp_path / "archive.sqlite", labels="author=Ivanov")
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    bar = second.archive_bar
    assert bar.last_label.isVisible()
    bar.labels_edit.setText("author=Petrov")
    bar.labels_edit.editingFinished.emit()
    assert not bar.last_label.isVisible()
    assert settings.load()["archive_labels"] == "author=Petrov"
    assert settings.load()["use_archive"] is False


def test_the_settings_dialog_edits_the_archive(qtbot: Any) -> None:
    url = "postgresql://teacher:secret@db.example/theses"
    start = settings.defaults() | {"use_archive": True, "archive_labels": "group=1"}
    dialog = SettingsDialog(start)
    qtbot.addWidget(dialog)
    editor = dialog.editors["archive"]
    assert isinstance(editor, ArchiveLocationEdit) and editor.toolTip()
    qtbot.keyClicks(editor.line, f"  {url} ")
    values = dialog.values()
    assert values["archive"] == url
    assert values["use_archive"] is True and values["archive_labels"] == "group=1"  # kept
    dialog.reset_button.click()
    assert dialog.values()["archive"] == ""


def test_a_password_in_the_archive_address_is_not_shown(qtbot: Any) -> None:
    url = "postgresql://teacher:secret@db.example:5433/theses"
    window = MainWindow(settings.defaults() | {"archive": url})
    qtbot.addWidget(window)
    bar = window.archive_bar
    assert "secret" not in bar.name_label.text() and "secret" not in bar.name_label.toolTip()
    assert "postgresql://teacher@db.example:5433/theses" in bar.name_label.text()


def test_the_file_button_chooses_an_sqlite_file(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    chosen = str(tmp_path / "new.sqlite")
    seen: list[Any] = []

    def save_name(*args: Any, **kwargs: Any) -> tuple[str, str]:
        seen.append(kwargs.get("options"))
        return chosen, ""

    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", save_name)
    editor = ArchiveLocationEdit()
    qtbot.addWidget(editor)
    editor.choose_button.click()
    assert editor.text() == chosen
    assert seen == [QtWidgets.QFileDialog.Option.DontConfirmOverwrite]  # an existing one too


# --- PostgreSQL ---------------------------------------------------------------------------


def test_a_postgresql_archive_in_the_window(
    qtbot: Any, postgres_db_url: str, old_essays: dict[str, Path], essay: Any, tmp_path: Path
) -> None:
    """The same window on a department's PostgreSQL archive (a real server, tests/pgserver.py):
    created by the first add, listed, filtered, read, checked against, removed from."""
    window = archive_window(qtbot, postgres_db_url)
    assert window.missing() and not window.load_error and names(window) == []  # no tables yet
    assert "no archive here yet" in window.banner.text() and window.add_files_button.isEnabled()
    window.labels_edit.setText("author=Ivanov, group=301")
    assert window.add_paths([old_essays["ivanov.txt"]])
    qtbot.waitUntil(lambda: not window.busy() and len(names(window)) == 1, timeout=GUARD_MS)
    window.labels_edit.setText("author=Petrov")
    assert window.add_paths([old_essays["petrov.txt"]])
    qtbot.waitUntil(lambda: not window.busy() and len(names(window)) == 2, timeout=GUARD_MS)
    assert window.load_error == "" and not window.banner.isVisible()
    window.filter_edit.setText("author=petrov")
    window.apply_filter()
    assert names(window) == ["petrov.txt"]
    [petrov] = window.shown_documents()
    window.select_ids([petrov.id])
    dialog = window.open_selected()
    assert dialog is not None
    expected = old_essays["petrov.txt"].read_text(encoding="utf-8")
    qtbot.waitUntil(lambda: dialog.text_box.toPlainText() == expected, timeout=GUARD_MS)
    dialog.close()

    main = MainWindow()
    qtbot.addWidget(main)
    copy = tmp_path / "copy.txt"
    copy.write_text(essay(2, 200)[:800] + " " + essay(70, 100), encoding="utf-8")
    main.documents_list.add_paths([copy])
    main.apply_settings(main.settings_values | {"archive": postgres_db_url, "use_archive": True})
    report = run_check(main, qtbot)
    [source] = report.documents[0].sources
    assert source.archive_id == petrov.id and dict(source.labels) == {"author": "Petrov"}
    assert report.text_of(source) == expected

    window.confirm = lambda title, text: True  # type: ignore[method-assign]
    assert window.remove_selected()
    qtbot.waitUntil(lambda: not window.busy() and names(window) == [], timeout=GUARD_MS)
    window.filter_edit.clear()
    window.apply_filter()
    assert names(window) == ["ivanov.txt"]


@pytest.fixture(params=["sqlite", "postgres"])
def any_archive(request: pytest.FixtureRequest, tmp_path: Path, old_essays: dict[str, Path]) -> str:
    """The old essays archived (ids 1, 2, 3) in an SQLite file or a PostgreSQL database."""
    if request.param == "sqlite":
        location = str(tmp_path / "archive.sqlite")
    else:
        location = str(request.getfixturevalue("postgres_db_url"))
    with open_archive(location, Options(), create=True) as archive:
        for name, path in old_essays.items():
            assert add_to_archive(archive, [path], Options(), LABELS[name]).added == 1
    return location


def test_an_unchanged_copy_and_the_very_submission_in_the_window(
    main_window: MainWindow,
    qtbot: Any,
    any_archive: str,
    old_essays: dict[str, Path],
    tmp_path: Path,
) -> None:
    """Issue 32: another student's archived essay handed in unchanged is a 100 % source named
    "identical to #1, added …"; the archived submission itself checked again (same file, same
    labels, typed in another case) says "already in the archive as #1"."""
    copy = tmp_path / "new" / "sidorov.txt"
    copy.parent.mkdir()
    copy.write_text(old_essays["ivanov.txt"].read_text(encoding="utf-8"), encoding="utf-8")
    main_window.documents_list.add_paths([copy])
    with_archive(main_window, any_archive, labels="author=Sidorov")
    report = run_check(main_window, qtbot)
    [document] = report.documents
    [source] = document.sources
    assert source.archive_id == 1 and source.identical and not source.self_citation
    assert document.uniqueness == 0.0 and document.archived_as == ()
    with open_archive(any_archive) as archive:
        [record] = archive.documents([1])
    day = record.added[:10]
    view = main_window.check_page.document_view
    model = view.sources_model
    assert model.name(0) == (
        f"ivanov.txt — author=Ivanov, group=301, year=2024 · identical to #1, added {day}"
    )
    assert "Identical" in model.tooltip(0)
    assert view.archived_label.isHidden()

    main_window.documents_list.clear_inputs()
    main_window.documents_list.add_paths([old_essays["ivanov.txt"]])
    with_archive(main_window, any_archive, labels="AUTHOR=ivanov, Group=301, year=2024")
    report = run_check(main_window, qtbot)
    [document] = report.documents
    assert document.archived_as == (1,) and document.sources == ()
    qtbot.waitUntil(lambda: view.result() == document, timeout=GUARD_MS)
    assert not view.archived_label.isHidden()
    assert view.archived_label.text() == "already in the archive as #1"


def test_archive_choices_asked_for_explicitly_replace_the_offer(qtbot: Any, tmp_path: Path) -> None:
    """Settings applied with other archive choices (a session's, accepted by the user) are
    shown as asked; the offer of last time's goes."""
    first = MainWindow()
    qtbot.addWidget(first)
    with_archive(first, tmp_path / "archive.sqlite", labels="author=Ivanov")
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    bar = second.archive_bar
    assert bar.last_label.isVisible()
    second.apply_settings(
        second.settings_values | {"use_archive": True, "archive_labels": "author=Petrov"}
    )
    assert bar.use_box.isChecked() and bar.labels_edit.text() == "author=Petrov"
    assert not bar.last_label.isVisible()
