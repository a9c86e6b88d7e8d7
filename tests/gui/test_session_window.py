"""A copywriter's day in the real window: a session saved and reopened (results and highlights
at once, no run), Recent, the history of runs, a cancelled run keeping the last complete
results, and the text box checked as a document."""

from __future__ import annotations

import gzip
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from copylens.app import history, session, session_file, session_review, settings
from copylens.app.errors_dialog import ErrorDialog
from copylens.app.inputs import INPUT_ROLE
from copylens.app.qt import Qt, QtWidgets
from copylens.app.text_box import TextEditor
from copylens.app.window import MainWindow
from copylens.core import CheckReport, CompareReport, TextInput
from tests.gui.conftest import GUARD_MS, shown_window


@pytest.fixture(autouse=True)
def history_file(tmp_path: Path) -> Iterator[Path]:
    """The history kept in the test's folder."""
    path = tmp_path / "history" / "history.sqlite"
    history.PATH = path
    yield path
    history.PATH = None


def run(window: MainWindow, qtbot) -> CheckReport | CompareReport:
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as done:
        window.start_run()
    report = done.args[0]
    assert isinstance(report, CheckReport | CompareReport)
    return report


def rows(window: MainWindow) -> dict[str, str]:
    tree = window.check_page.results_tree
    return {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(1)
        for i in range(tree.topLevelItemCount())
    }


def errors_shown() -> list[ErrorDialog]:
    return [
        w
        for w in QtWidgets.QApplication.topLevelWidgets()
        if isinstance(w, ErrorDialog) and w.isVisible()
    ]


@pytest.fixture
def day(tmp_path: Path, essay) -> dict[str, Path]:
    """A folder with a source and two drafts, one copying half of the source."""
    folder = tmp_path / "day"
    folder.mkdir()
    source = folder / "source.txt"
    source.write_text(essay(1, 200), encoding="utf-8")
    copy = folder / "draft-copy.txt"
    copy.write_text(essay(2, 100) + " " + essay(1, 200)[:700], encoding="utf-8")
    own = folder / "draft-own.txt"
    own.write_text(essay(3, 160), encoding="utf-8")
    return {"source": source, "copy": copy, "own": own}


def test_a_session_is_saved_and_reopened_with_its_results(
    qtbot, tmp_path: Path, day: dict[str, Path]
) -> None:
    first = shown_window(qtbot)
    first.documents_list.add_paths([day["copy"], day["own"]])
    first.documents_list.add_text("typed", "A few words typed by hand, nothing copied here.")
    first.sources_list.add_paths([day["source"]])
    first.apply_settings(first.settings_values | {"min_fragment_words": 8})
    report = run(first, qtbot)
    assert isinstance(report, CheckReport)
    first.check_page.results_tree.setCurrentItem(
        next(
            first.check_page.results_tree.topLevelItem(i)
            for i in range(3)
            if first.check_page.results_tree.topLevelItem(i).text(0) == "draft-copy.txt"
        )
    )
    qtbot.waitUntil(
        lambda: bool(first.check_page.document_view.highlighted_ranges()), timeout=GUARD_MS
    )
    ranges = first.check_page.document_view.highlighted_ranges()
    shown = rows(first)
    first.set_mode("compare")
    first.compare_list.add_paths([day["copy"], day["source"], day["own"]])
    compared = run(first, qtbot)
    assert isinstance(compared, CompareReport) and compared.pairs
    first.set_mode("check")
    assert first.isWindowModified()
    path = tmp_path / "saved" / "my day.copylens"
    path.parent.mkdir()
    assert first.sessions.save_to(str(path))
    assert not first.isWindowModified()
    assert first.windowTitle() == "my day[*] — CopyLens"
    first.close()

    day["copy"].parent.rename(tmp_path / "moved")  # the inputs are gone: the texts are kept
    second = shown_window(qtbot)
    assert second.settings_values["min_fragment_words"] == 8
    second.apply_settings(second.settings_values | {"min_fragment_words": 10})
    assert second.sessions.open(str(path))
    assert second.controller.job is None, "nothing ran"
    assert second.settings_values["min_fragment_words"] == 10, "not before the review"
    review = second.sessions.review
    assert review is not None and review.isVisible()
    assert _ticked(review.setting_boxes["min_fragment_words"]), "a detection setting: ticked"
    assert review.file_boxes == {}, "saved on this computer: its files are listed as saved"
    review.use_button.click()
    assert second.sessions.review is None
    assert second.settings_values["min_fragment_words"] == 8, "the session's settings, ticked"
    assert rows(second) == shown
    assert second.results_stack.currentWidget() is second.check_page
    assert second.export_action.isEnabled()
    assert second.reports["check"] == report
    assert second.reports["check"].texts == report.texts
    assert [i.name for i in second.documents_list.inputs()] == [
        "draft-copy.txt",
        "draft-own.txt",
        "typed",
    ]
    assert second.documents_list.inputs()[2] == TextInput(
        "typed", "A few words typed by hand, nothing copied here."
    )
    tree = second.check_page.results_tree
    copy_row = next(
        tree.topLevelItem(i)
        for i in range(tree.topLevelItemCount())
        if tree.topLevelItem(i).text(0) == "draft-copy.txt"
    )
    tree.setCurrentItem(copy_row)
    qtbot.waitUntil(
        lambda: second.check_page.document_view.highlighted_ranges() == ranges, timeout=GUARD_MS
    )
    assert not second.isWindowModified() and second.windowTitle().startswith("my day")
    assert second.reports["compare"] == compared
    second.set_mode("compare")
    assert second.results_stack.currentWidget() is second.compare_page
    assert second.compare_list.count() == 3
    second.set_mode("check")
    second.documents_list.add_text("more", "Another text.")
    assert second.isWindowModified()
    assert session.recent("sessions")[0] == str(path)


def _ticked(row: QtWidgets.QTreeWidgetItem) -> bool:
    return row.checkState(0) == Qt.CheckState.Checked


def test_a_broken_session_is_refused_with_a_message(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "broken.copylens"
    path.write_bytes(b"\x1f\x8b half a file")
    assert not window.sessions.open(str(path))
    dialogs = errors_shown()
    assert dialogs and "broken.copylens" in dialogs[0].message
    assert "not a CopyLens session" in dialogs[0].message
    for dialog in dialogs:
        dialog.close()


def test_a_large_session_is_listed_at_once_in_order(qtbot, tmp_path: Path, make_corpus) -> None:
    """More paths than one add checks on the Qt thread (``AT_ONCE``) between typed texts: the
    rows are back in order when ``open`` returns, the missing file marked, nothing unsaved."""
    from copylens.app.inputs import AT_ONCE

    files = make_corpus(AT_ONCE + 5, words=20)
    first = shown_window(qtbot)
    first.documents_list.add_text("typed", "A few words typed by hand.")
    first.documents_list.add_paths(files)
    qtbot.waitUntil(lambda: not first.documents_list.scanning, timeout=GUARD_MS)
    first.documents_list.add_text("last", "More words typed at the end.")
    path = tmp_path / "big.copylens"
    assert first.sessions.save_to(str(path))
    files[3].unlink()

    second = shown_window(qtbot)
    assert second.sessions.open(str(path))
    rows = second.documents_list
    assert not rows.scanning
    listed = [rows.item(n).data(INPUT_ROLE) for n in range(rows.count())]
    assert listed[0] == TextInput("typed", "A few words typed by hand.")
    assert listed[-1] == TextInput("last", "More words typed at the end.")
    assert [Path(p).name for p in listed[1:-1]] == [f.name for f in files]
    assert rows.item(4).toolTip() != rows.item(5).toolTip(), "the missing file is marked"
    assert not second.isWindowModified()


def test_a_failed_save_keeps_the_old_file(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.copylens"
    window.documents_list.add_text("one", "First version of the text.")
    assert window.sessions.save_to(str(path))
    before = path.read_bytes()
    window.documents_list.add_text("two", "Second text.")

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(session_file.os, "replace", refuse)
    assert not window.sessions.save_to(str(path))
    assert path.read_bytes() == before
    assert window.isWindowModified(), "still unsaved"
    dialogs = errors_shown()
    assert dialogs and "Permission denied" in dialogs[0].details
    for dialog in dialogs:
        dialog.close()
    assert [p.name for p in tmp_path.iterdir()] == ["s.copylens"], "no temporary file left"


def test_recent_lists_sessions_and_added_files(window: MainWindow, tmp_path: Path) -> None:
    files = []
    for n in range(12):
        path = tmp_path / f"f{n}.txt"
        path.write_text("text", encoding="utf-8")
        files.append(str(path))
    for path in files:
        window.sessions.remember_inputs([path])
    assert session.recent("files") == list(reversed(files))[:10], "newest first, 10 at most"
    saved = tmp_path / "s.copylens"
    window.documents_list.add_text("one", "Some text.")
    assert window.sessions.save_to(str(saved))
    Path(files[-1]).unlink()
    menu = window.recent_menu
    window.sessions.fill_recent(menu)
    actions = {a.text(): a for a in menu.actions() if a.text()}
    assert actions["s.copylens"].isEnabled()
    assert not actions["f11.txt"].isEnabled(), "a missing file is greyed"
    assert actions["f10.txt"].isEnabled() and "f0.txt" not in actions
    actions["f10.txt"].trigger()
    assert str(window.active_list.inputs()[-1]) == files[10]
    actions["Clear recent items"].trigger()
    assert session.recent("files") == [] and session.recent("sessions") == []


def test_each_completed_run_enters_the_history(
    window: MainWindow, qtbot, day: dict[str, Path], make_corpus, history_file: Path
) -> None:
    window.documents_list.add_paths([day["copy"], day["own"]])
    window.sources_list.add_paths([day["source"]])
    report = run(window, qtbot)
    window.set_mode("compare")
    window.compare_list.add_paths(make_corpus(4))
    run(window, qtbot)
    listed, message = history.entries()
    assert message == "" and [e.mode for e in listed] == ["compare", "check"]
    checked = listed[1]
    assert checked.documents == 2
    assert dict(checked.figures) == {d.path: d.uniqueness for d in report.documents}
    assert checked.lowest == min(d.uniqueness for d in report.documents) < 1.0
    assert listed[0].documents == 4 and max(v for _n, v in listed[0].figures) > 0.2
    saved = history_file.parent / "s.copylens"
    assert window.sessions.save_to(str(saved))
    listed, _ = history.entries()
    assert [e.session for e in listed] == [str(saved), str(saved)]

    dialog = window.sessions.show_history()
    qtbot.waitExposed(dialog)
    top = dialog.tree.topLevelItem(1)
    assert top.text(1) == "Check against sources" and top.text(2) == "2"
    assert top.text(3).startswith("Uniqueness ") and top.childCount() == 2
    assert top.text(4) == "s.copylens"
    window.documents_list.clear_inputs()
    with qtbot.waitSignal(dialog.sessionRequested):
        dialog.tree.setCurrentItem(top)
        dialog.open_button.click()
    assert window.sessions.review is None, "saved here, with the settings of now: nothing to ask"
    assert window.documents_list.count() == 2, "the session came back"


def test_a_copy_changed_elsewhere_asks_about_its_files_again(
    window: MainWindow, tmp_path: Path, day: dict[str, Path]
) -> None:
    window.documents_list.add_paths([day["copy"]])
    path = tmp_path / "saved" / "mine.copylens"
    path.parent.mkdir()
    assert window.sessions.save_to(str(path))
    window.documents_list.clear_inputs()
    assert window.sessions.open(str(path))
    assert window.sessions.review is None and window.documents_list.count() == 1
    path.write_bytes(gzip.compress(gzip.decompress(path.read_bytes()), compresslevel=9))
    window.documents_list.clear_inputs()
    assert window.sessions.open(str(path))
    review = window.sessions.review
    assert review is not None and list(review.file_boxes) == [("documents", 0)]
    assert window.documents_list.count() == 0
    review.all_files.setChecked(True)
    review.use_button.click()
    assert window.documents_list.inputs() == [day["copy"].resolve()]


def test_a_damaged_history_is_set_aside(
    window: MainWindow, qtbot, day: dict[str, Path], history_file: Path
) -> None:
    history_file.parent.mkdir(parents=True)
    history_file.write_bytes(b"this is not a database" * 100)
    window.documents_list.add_paths([day["own"]])
    window.sources_list.add_paths([day["source"]])
    run(window, qtbot)
    dialogs = errors_shown()
    assert dialogs and "was kept as" in dialogs[0].message
    for dialog in dialogs:
        dialog.close()
    aside = [p for p in history_file.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    listed, message = history.entries()
    assert message == "" and len(listed) == 1
    with sqlite3.connect(history_file) as db:
        assert db.execute("SELECT COUNT(*) FROM runs").fetchone() == (1,)


def test_a_cancelled_run_keeps_the_last_complete_results(
    window: MainWindow, qtbot, day: dict[str, Path], make_corpus
) -> None:
    window.documents_list.add_paths([day["copy"], day["own"]])
    window.sources_list.add_paths([day["source"]])
    report = run(window, qtbot)
    before = rows(window)
    window.documents_list.add_paths(make_corpus(80, words=400))
    with qtbot.waitSignal(window.controller.cancelled, timeout=GUARD_MS):
        window.start_run()
        assert not window.export_action.isEnabled()
        window.cancel_action.trigger()
    qtbot.waitUntil(lambda: rows(window) == before, timeout=GUARD_MS)
    assert window.reports["check"] is report
    assert window.export_action.isEnabled() and window.print_action.isEnabled()
    assert window.results_stack.currentWidget() is window.check_page

    window.set_mode("compare")
    window.compare_list.add_paths(make_corpus(4, folder="few"))
    compared = run(window, qtbot)
    window.compare_list.add_paths(make_corpus(80, words=400, folder="many"))
    with qtbot.waitSignal(window.controller.cancelled, timeout=GUARD_MS):
        window.start_run()
        window.cancel_action.trigger()
    assert window.reports["compare"] is compared
    assert window.export_action.isEnabled()
    assert window.results_stack.currentWidget() is window.compare_page


def editor(window: MainWindow) -> TextEditor:
    found = [w for w in window.findChildren(TextEditor) if w.isVisible()]
    assert len(found) == 1
    return found[0]


def test_the_text_box_is_checked_as_a_document(
    window: MainWindow, qtbot, day: dict[str, Path], essay
) -> None:
    window.sources_list.add_paths([day["source"]])
    window.documents_list.setFocus()
    window.new_text_action.trigger()
    box = editor(window)
    assert box.name == "Text 1" and not box.ok_button.isEnabled()
    qtbot.keyClicks(box.text_edit, "Draft. ")
    box.text_edit.insertPlainText(essay(1, 200))  # pasted into the box
    assert box.count_label.text() == "Words: 201"
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS) as done:
        box.check_button.click()
    assert not [w for w in window.findChildren(TextEditor) if w.isVisible()], "closed"
    report = done.args[0]
    assert [d.path for d in report.documents] == ["Text 1"]
    assert report.texts["Text 1"] == "Draft. " + essay(1, 200)
    assert rows(window) == {"Text 1": "0.5 %"}  # as the header writes it (issue 36)

    item = window.documents_list.item(0)
    window.documents_list.itemDoubleClicked.emit(item)  # edit it again
    box = editor(window)
    assert box.windowTitle() == "Edit text" and box.text == "Draft. " + essay(1, 200)
    box.name_edit.setText("")
    assert not box.ok_button.isEnabled() and box.problem() == "Give the text a name."
    box.name_edit.setText("My article")
    box.text_edit.setPlainText(ARTICLE)
    box.ok_button.click()
    assert window.documents_list.count() == 1
    assert window.documents_list.item(0).data(INPUT_ROLE) == TextInput("My article", ARTICLE)
    report = run(window, qtbot)
    assert rows(window) == {"My article": "100 %"}
    assert report.texts["My article"] == ARTICLE


ARTICLE = (
    "Our town library reopened last week after two years of repairs. The old reading room "
    "kept its oak tables, but the children's corner moved upstairs, next to a new room for "
    "board games. On the first evening the librarians ran out of membership cards within an "
    "hour, and the queue for the coffee machine reached the front door."
)
"""An article of the writer's own (the drafts' word salad from one short list of words would
share whole sentences' worth of words with the source by chance, and rewrites are looked
for)."""


def test_a_file_row_opens_no_editor(window: MainWindow, day: dict[str, Path]) -> None:
    window.documents_list.add_paths([day["own"]])
    assert window.edit_text_item(window.documents_list, window.documents_list.item(0)) is None
    window.documents_list.add_text("Text 1", "x")
    window.new_text_action.trigger()
    box = editor(window)
    assert box.name == "Text 2"
    box.name_edit.setText("Text 1")
    box.text_edit.setPlainText("words")
    assert "already called" in box.problem_label.text()
    box.reject()
    assert window.documents_list.count() == 2


def test_the_text_box_and_history_look_right(
    window: MainWindow, qtbot, day: dict[str, Path], essay
) -> None:
    """Renders for a person to look at (/tmp/h3-*.png)."""
    window.new_text_action.trigger()
    box = editor(window)
    box.text_edit.setPlainText(essay(4, 220))
    qtbot.wait(50)  # the layout settles
    assert box.count_label.text() == "Words: 220"
    box.grab().save("/tmp/h3-textbox.png")
    box.reject()
    window.documents_list.add_paths([day["copy"], day["own"]])
    window.sources_list.add_paths([day["source"]])
    run(window, qtbot)
    dialog = window.sessions.show_history()
    dialog.tree.expandAll()
    qtbot.waitExposed(dialog)
    qtbot.wait(50)
    dialog.grab().save("/tmp/h3-history.png")
    assert dialog.tree.topLevelItemCount() == 1
    assert Qt.ItemDataRole.UserRole == history.ENTRY_ROLE


def test_a_history_of_a_newer_version_is_left_alone(history_file: Path) -> None:
    history_file.parent.mkdir(parents=True)
    with sqlite3.connect(history_file) as db:
        db.execute("PRAGMA user_version = 99")
    entry = history.Entry(0.0, "check", 1, (("a.txt", 0.5),))
    ident, message = history.record(entry)
    assert ident == 0 and "newer" in message
    assert [p.name for p in history_file.parent.iterdir()] == [history_file.name]
    listed, message = history.entries()
    assert listed == [] and "newer" in message


# ---------------------------------------------------------------------- a session someone sent


def _attack(tmp_path: Path, essay, web: bool = True) -> tuple[Path, Path, Path]:
    """Issue 38's attack: a session in an inbox that lists a private file by ``../`` and sets
    an archive of its own choosing, with "add checked documents" on. The session's own
    folder has an ordinary essay and a source, so Check runs (``web``: the web search on
    too, with 100 queries, and "also check against the archive": without a key or an archive
    a check stops, so not for pressing Check)."""
    private = tmp_path / "home" / "diary.txt"
    private.parent.mkdir()
    private.write_text("My private diary. " + essay(7, 120), encoding="utf-8")
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "essay.txt").write_text(essay(2, 150), encoding="utf-8")
    (inbox / "source.txt").write_text(essay(2, 150), encoding="utf-8")
    theirs = tmp_path / "theirs.db"
    data = {
        "format": "copylens-session",
        "version": 1,
        "mode": "check",
        "inputs": {
            "documents": [
                {"path": str(inbox / "essay.txt")},
                {"path": "/gone/diary.txt", "relative": "../home/diary.txt"},
            ],
            "sources": [{"path": str(inbox / "source.txt")}],
        },
        "settings": {
            "archive": str(theirs),
            "add_to_archive": True,
            "archive_labels": "author=victim",
            "web_allow_local": True,
            "min_fragment_words": 9,
        }
        | ({"use_archive": True, "web_search": True, "web_max_queries": 100} if web else {}),
    }
    path = inbox / "from a stranger.copylens"
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    return path, private, theirs


def test_a_session_cannot_copy_a_file_into_an_archive_it_chose(
    window: MainWindow, qtbot, tmp_path: Path, essay
) -> None:
    """Open the session, accept what its review offers as it stands, press Check: nothing is
    copied into the session's archive, and the private file is not even listed (before:
    the diary was checked and added to the session's archive, and the settings kept)."""
    path, private, theirs = _attack(tmp_path, essay, web=False)
    mine = dict(window.settings_values)
    assert window.sessions.open(str(path))
    review = getattr(window.sessions, "review", None)  # (none before issue 38)
    if review is not None:  # as it comes: what it ticks by itself
        review.use_button.click()
    assert private not in window.documents_list.inputs()
    report = run(window, qtbot)
    assert isinstance(report, CheckReport) and len(report.documents) == 1
    assert not theirs.exists(), "no archive was made"
    for key in session_review.GUARDED:
        assert window.settings_values[key] == mine[key], key
        assert settings.load()[key] == mine[key], key
    assert window.settings_values["min_fragment_words"] == 9, "a detection setting, ticked"


def test_the_review_shows_what_the_session_would_change(
    window: MainWindow, qtbot, tmp_path: Path, essay
) -> None:
    path, private, theirs = _attack(tmp_path, essay)
    assert window.sessions.open(str(path))
    review = window.sessions.review
    assert review is not None and review.isVisible() and review.isModal()
    assert [i.name for i in window.documents_list.inputs()] == ["essay.txt"], "shown at once"
    guarded = {k for k, row in review.setting_boxes.items() if not _ticked(row)}
    assert guarded == {
        "archive", "use_archive", "add_to_archive", "archive_labels", "web_allow_local",
        "web_search", "web_max_queries",
    }  # fmt: skip
    assert review.setting_boxes["archive"].text(2) == str(theirs)
    assert [row.text(0) for row in review.file_boxes.values()] == [str(private)]
    review.file_boxes[("documents", 1)].setCheckState(0, Qt.CheckState.Checked)
    review.setting_boxes["web_max_queries"].setCheckState(0, Qt.CheckState.Checked)
    review.use_button.click()
    assert window.documents_list.inputs() == [tmp_path / "inbox" / "essay.txt", private]
    assert window.settings_values["web_max_queries"] == 100, "ticked"
    assert not window.settings_values["add_to_archive"], "not ticked"
    assert not window.isWindowModified(), "the session as saved"


def test_use_nothing_keeps_everything_of_mine(window: MainWindow, tmp_path: Path, essay) -> None:
    path, private, _theirs = _attack(tmp_path, essay)
    mine = dict(window.settings_values)
    assert window.sessions.open(str(path))
    assert window.sessions.review is not None
    window.sessions.review.keep_button.click()
    assert window.settings_values == mine
    assert private not in window.documents_list.inputs()


def test_a_deeply_nested_session_is_a_message_not_a_crash(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "deep.copylens"
    path.write_bytes(
        gzip.compress(b'{"format": "copylens-session", "version": 1, "x": ' + b"[" * 50_000)
    )
    assert not window.sessions.open(str(path))
    dialogs = errors_shown()
    assert dialogs and "nested more than 64 levels" in dialogs[0].message
