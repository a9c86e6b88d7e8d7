"""Sessions, the window's side: Open / Save / Save as, the Recent menu, the title, the history.

:class:`SessionManager` keeps the window's session file (:mod:`copylens.app.session_file`
reads and writes it), the Recent menu (sessions and added files or folders, in the settings
under ``recent/``), the window title (the session's name, "*" when changed since saved), the
last complete report of each mode (a cancelled or failed run brings it back), and the history
of runs (:mod:`copylens.app.history`).

What must hold: a session is data, never configuration. Opening one shows its inputs and
results at once; the settings it carries and the files it lists outside its own folder are
offered in a review (:mod:`copylens.app.session_review`) and used only as the person ticks
them there (archive, web and network settings start unticked). A file that is byte for byte
one saved on this computer (its SHA-256 kept, :data:`OWN_KEY`) has its files listed without
asking; its settings are offered all the same. The manager talks to the
window only through :class:`SessionWindow`, and to the runs only through :class:`SessionRuns`
(whether one is going, and the last complete report of each mode).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from copylens.app import history, session_review, settings
from copylens.app.errors_dialog import show_error
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.run import CHECK, COMPARE, MODES, Report
from copylens.app.session_file import (
    FORMAT,
    LISTS,
    SUFFIX,
    VERSION,
    Session,
    SessionError,
    from_data,
    read_session,
    to_data,
    write_session,
)
from copylens.core import CheckReport

if TYPE_CHECKING:
    from copylens.app.inputs import InputList

__all__ = [
    "FORMAT",
    "LISTS",
    "SUFFIX",
    "VERSION",
    "Session",
    "SessionError",
    "SessionManager",
    "SessionRuns",
    "SessionWindow",
    "from_data",
    "read_session",
    "to_data",
    "write_session",
]

RECENT_GROUP = "recent"
RECENT_MAX = 10
STATUS_MS = 6000


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("Session", text)


class SessionRuns(Protocol):
    """What the session manager needs of the window's runs
    (:class:`copylens.app.run.RunController` provides it), and all it uses: it never starts,
    queues or cancels one."""

    @property
    def mode(self) -> str:
        """The mode of the current or last run (whose report a cancelled run restores)."""
        ...

    @property
    def reports(self) -> MutableMapping[str, Report | None]:
        """The last complete report of each mode: saved with the session, and replaced by an
        opened session's."""
        ...

    def is_running(self) -> bool:
        """A session is not opened while a run goes."""
        ...


class SessionWindow(Protocol):
    """What the session manager needs of its window (:class:`copylens.app.window.MainWindow`
    provides it), and all it uses."""

    settings_values: dict[str, Any]

    @property
    def controller(self) -> SessionRuns:
        """The runs, as far as sessions see them."""
        ...

    @property
    def mode(self) -> str: ...

    def set_mode(self, mode: str) -> None: ...

    def session_lists(self) -> tuple[InputList, ...]:
        """The input lists in the order of :data:`LISTS`."""
        ...

    def web_lines(self) -> list[str]: ...

    def set_web_lines(self, lines: Sequence[str]) -> None: ...

    def apply_settings(self, values: dict[str, Any]) -> None: ...

    def show_report(self, mode: str, report: Report, *, fresh: bool = False) -> None: ...

    def clear_results(self, mode: str) -> None: ...

    def add_paths(self, paths: list[str]) -> int: ...

    def refresh(self) -> None:
        """Bring actions, pages and hints up to date with the lists and reports."""
        ...

    def last_folder(self) -> str: ...

    def show_title(self, title: str, modified: bool) -> None: ...

    def show_status(self, message: str, milliseconds: int = 0) -> None: ...

    def dialog_parent(self) -> QtWidgets.QWidget: ...


# ---------------------------------------------------------------------- recent items


def recent(kind: str) -> list[str]:
    """The recent ``"sessions"`` or ``"files"`` (files and folders), newest first."""
    value = settings.store().value(f"{RECENT_GROUP}/{kind}", [])
    listed = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [str(v) for v in listed if v][:RECENT_MAX]  # INI gives one item back as a string


def remember(kind: str, paths: list[str]) -> None:
    """Put ``paths`` first in the recent ``kind`` (at most :data:`RECENT_MAX` kept)."""
    fresh = [str(Path(p).absolute()) for p in paths]
    listed = list(dict.fromkeys([*reversed(fresh), *recent(kind)]))[:RECENT_MAX]
    qs = settings.store()
    qs.setValue(f"{RECENT_GROUP}/{kind}", listed)
    qs.sync()


def forget_recent() -> None:
    qs = settings.store()
    qs.remove(RECENT_GROUP)
    qs.sync()


OWN_KEY = "sessions/saved"
"""The SHA-256 digests of the last :data:`OWN_MAX` session files saved on this computer."""
OWN_MAX = 50


def digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of the file at ``path`` (empty if it cannot be read)."""
    sha = hashlib.sha256()
    try:
        with open(path, "rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                sha.update(block)
    except OSError:
        return ""
    return sha.hexdigest()


def saved_here(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is, byte for byte, a session saved on this computer (its
    files outside its folder are then the person's own listing, not asked about again)."""
    found = digest(path)
    value = settings.store().value(OWN_KEY, [])
    listed = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return bool(found) and found in listed


def remember_saved(path: str | os.PathLike[str]) -> None:
    found = digest(path)
    if not found:
        return
    qs = settings.store()
    value = qs.value(OWN_KEY, [])
    listed = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    qs.setValue(OWN_KEY, list(dict.fromkeys([found, *map(str, listed)]))[:OWN_MAX])
    qs.sync()


# ---------------------------------------------------------------------- the window's side


class SessionManager(QtCore.QObject):
    """The window's session: its file, whether it changed since saved, the last complete
    report of each mode, and the history of runs. Made before the window's widgets;
    :meth:`start` connects it to them."""

    def __init__(self, window: SessionWindow) -> None:
        super().__init__()
        self.window = window
        self.path = ""
        """The session file, or empty before one is saved or opened."""
        self.modified = False
        self.history_dialog: history.HistoryDialog | None = None
        self.review: session_review.ReviewDialog | None = None
        """The review of the session opened last, while it is open."""
        self._entries: dict[str, int] = {}
        """The history entry of each mode's complete report (given its session when saved)."""
        self._loading = False

    def start(self) -> None:
        for input_list in self.window.session_lists():
            input_list.inputsChanged.connect(self.mark_changed)
        # the Web section's changes come through the window's _web_changed
        self.update_title()

    # ------------------------------------------------------------------ state

    def mark_changed(self) -> None:
        if not self._loading and not self.modified:
            self.modified = True
            self.update_title()

    def update_title(self) -> None:
        app = "CopyLens"  # the product name, never translated
        if self.path:
            title = f"{Path(self.path).stem}[*] — {app}"
        elif self.modified:  # ends in the name: Qt appends the display name otherwise
            # ("CopyLens* — CopyLens", issue 36)
            unsaved = _tr("Unsaved session")
            title = f"{unsaved}[*] — {app}"
        else:  # a new window's title stays the plain name
            title = app
        self.window.show_title(title, self.modified)

    # ------------------------------------------------------------------ runs

    def run_finished(self, report: Report) -> None:
        """A run completed: its report is the mode's complete one, and enters the history."""
        mode = CHECK if isinstance(report, CheckReport) else COMPARE
        self.mark_changed()
        ident, message = history.record(history.entry_of(report, self.path))
        if ident:
            self._entries[mode] = ident
        if message:
            show_error(self.window.dialog_parent(), message, "", _tr("History"))
        if self.history_dialog is not None and self.history_dialog.isVisible():
            self.history_dialog.reload()

    def restore_complete(self) -> bool:
        """A run ended without a report: show its mode's last complete report again (the
        controller kept it, for Export too). False when there is none."""
        mode = self.window.controller.mode
        report = self.window.controller.reports.get(mode)
        if report is None:
            return False
        self.window.show_report(mode, report, fresh=True)
        return True

    # ------------------------------------------------------------------ open and save

    def open_dialog(self) -> bool:
        path, _ = QtWidgets.QFileDialog.getOpenFileName(
            self.window.dialog_parent(), _tr("Open session"), self._folder(), _file_filter()
        )
        return self.open(path) if path else False

    def open(self, path: str) -> bool:
        """Show the session in ``path``: its inputs and results (no run). Its settings and its
        files outside its folder are offered in :attr:`review` (window-modal) and used as
        ticked there; until then, and unless ticked, the person's settings stay."""
        window = self.window
        if window.controller.is_running():
            window.show_status(
                _tr("Cancel the run or wait for it to end, then open the session."), STATUS_MS
            )
            return False
        try:
            session = read_session(path)
        except SessionError as error:
            text = _tr("Could not open the session “%1”.").replace("%1", Path(path).name)
            show_error(
                window.dialog_parent(),
                f"{text}\n\n{error.message}",
                error.details,
                _tr("Open session"),
            )
            return False
        if self.review is not None:
            self.review.reject()
        review = session_review.plan(session, Path(path).absolute().parent, window.settings_values)
        if saved_here(path):  # this computer wrote it: its files are the person's listing
            review = session_review.Review(review.settings, ())
        self._loading = True
        try:
            self._show(session, session_review.inputs_kept(session, review, frozenset()))
        finally:
            self._loading = False
        self._now_at(path, _tr("Session opened: %1"))
        window.refresh()
        if review:
            self._offer(session, review, Path(path).name)
        return True

    def _offer(self, session: Session, review: session_review.Review, name: str) -> None:
        """Show the review of ``session``; "Use ticked" applies what was ticked."""
        dialog = session_review.ReviewDialog(review, name, self.window.dialog_parent())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._use(session, review, dialog.choice()))
        dialog.finished.connect(lambda _result: self._reviewed(dialog))
        self.review = dialog
        dialog.open()

    def _reviewed(self, dialog: session_review.ReviewDialog) -> None:
        if self.review is dialog:
            self.review = None

    def _use(
        self, session: Session, review: session_review.Review, choice: session_review.Choice
    ) -> None:
        """Apply what the person ticked in the review: settings, and outside files listed."""
        window = self.window
        self._loading = True  # the session as it was saved, not a change
        try:
            merged = window.settings_values | choice.settings
            if merged != window.settings_values:
                window.apply_settings(merged)
            if choice.files:
                kept = session_review.inputs_kept(session, review, choice.files)
                for name, input_list in zip(LISTS, window.session_lists(), strict=True):
                    if kept[name] != tuple(input_list.inputs()):
                        input_list.restore_inputs(kept[name])
                for mode in MODES:  # failures of the report marked on the rows now listed
                    report = window.controller.reports.get(mode)
                    if report is not None:
                        window.show_report(mode, report, fresh=True)
        finally:
            self._loading = False
        window.refresh()

    def save(self) -> bool:
        return self.save_to(self.path) if self.path else self.save_as()

    def save_as(self) -> bool:
        start = self.path or str(Path(self._folder()) / (_tr("Session") + SUFFIX))
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self.window.dialog_parent(), _tr("Save session"), start, _file_filter()
        )
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        return self.save_to(path)

    def session(self) -> Session:
        """The window's session as it is now (reports: the last complete ones)."""
        window = self.window
        inputs = {
            name: tuple(lst.inputs())
            for name, lst in zip(LISTS, window.session_lists(), strict=True)
        }
        reports = dict(window.controller.reports)
        web = tuple(window.web_lines())
        return Session(window.mode, inputs, dict(window.settings_values), reports, web)

    def save_to(self, path: str) -> bool:
        """Save the session to ``path`` (errors shown); True when saved."""
        try:
            write_session(path, self.session())
        except (OSError, SessionError) as error:
            text = _tr("Could not save the session “%1”.").replace("%1", Path(path).name)
            if isinstance(error, SessionError):
                text, details = f"{text}\n\n{error.message}", error.details
            else:
                details = str(error)
            show_error(self.window.dialog_parent(), text, details, _tr("Save session"))
            return False
        remember_saved(path)
        self._now_at(path, _tr("Session saved: %1"))
        history.attach_session(list(self._entries.values()), self.path)
        return True

    def _now_at(self, path: str, message: str) -> None:
        """The window's session is now the file at ``path``, as opened or saved: unmodified,
        recent, in the title, and ``message`` ("…%1…", the file's name) in the status bar."""
        self.path = str(Path(path).absolute())
        self.modified = False
        remember("sessions", [self.path])
        self.update_title()
        self.window.show_status(message.replace("%1", Path(path).name), STATUS_MS)

    def _show(self, session: Session, inputs: dict[str, tuple[Any, ...]]) -> None:
        """Show the session's data: ``inputs`` (its lists, less what waits for the review),
        its Web addresses, its mode and its reports. No setting changes."""
        window = self.window
        for name, input_list in zip(LISTS, window.session_lists(), strict=True):
            input_list.restore_inputs(inputs[name])
        window.set_web_lines(session.web)
        window.set_mode(session.mode)
        self._entries.clear()
        for mode in MODES:
            report = session.reports.get(mode)
            window.controller.reports[mode] = report
            if report is not None:
                window.show_report(mode, report, fresh=True)
            else:
                window.clear_results(mode)

    def _folder(self) -> str:
        if self.path:
            return str(Path(self.path).parent)
        return self.window.last_folder()

    # ------------------------------------------------------------------ recent, history

    def remember_inputs(self, paths: list[str]) -> None:
        """Files or folders the user added: first in Recent."""
        remember("files", paths)

    def fill_recent(self, menu: QtWidgets.QMenu) -> None:
        """The Recent menu: sessions, then files and folders; missing ones greyed."""
        menu.clear()
        sessions, files = recent("sessions"), recent("files")
        if sessions:
            menu.addSection(_tr("Sessions"))
        for path in sessions:
            self._recent_action(menu, path, self.open)
        if files:
            menu.addSection(_tr("Files and folders"))
        for path in files:
            self._recent_action(menu, path, lambda p: self.window.add_paths([p]))
        if not sessions and not files:
            menu.addAction(_tr("Nothing yet")).setEnabled(False)
            return
        menu.addSeparator()
        menu.addAction(_tr("Clear recent items")).triggered.connect(forget_recent)

    def _recent_action(self, menu: QtWidgets.QMenu, path: str, call: Any) -> QtGui.QAction:
        shown = Path(path).name or path
        action = menu.addAction(shown)
        exists = Path(path).exists()
        action.setEnabled(exists)
        action.setToolTip(path if exists else _tr("%1 (no longer there)").replace("%1", path))
        action.setStatusTip(action.toolTip())
        action.triggered.connect(lambda _=False, p=path: call(p))
        return action

    def show_history(self) -> history.HistoryDialog:
        if self.history_dialog is None:
            self.history_dialog = history.HistoryDialog(self.window.dialog_parent())
            self.history_dialog.sessionRequested.connect(self.open)
        else:
            self.history_dialog.reload()
        if self.history_dialog.message:
            show_error(self.window.dialog_parent(), self.history_dialog.message, "", _tr("History"))
        self.history_dialog.show()
        self.history_dialog.raise_()
        return self.history_dialog


def _file_filter() -> str:
    return _tr("CopyLens sessions (*%1)").replace("%1", SUFFIX)
