"""Sessions: the window's inputs, settings and last complete results, kept in a file.

A session file (``.copylens``) is gzip-compressed JSON with a ``format`` and a ``version``:
the mode, the inputs of both modes (files by path, with their path relative to the session
file too, so a folder moved together with its session still resolves; typed or pasted texts
inline, since no file holds them), the Web section's addresses, the settings values (no API
key: :mod:`copylens.app.secrets` keeps it apart), and the last complete report of each
mode with the texts it was computed on (:meth:`copylens.core.CheckReport.to_data`). The texts
are stored verbatim, so a reopened session shows its results and their highlights at once,
without running, even when the input files have moved. A file of a newer version, or one that
is not a session or is damaged, is refused with a message (:class:`SessionError`). Writing is
atomic: a temporary file in the same folder, flushed to disk, then renamed over the old one,
so a failed or killed save never leaves half a file.

:class:`SessionManager` is the window's side: Open / Save / Save as, the Recent menu (sessions
and added files or folders, in the settings under ``recent/``), the window title (the
session's name, "*" when changed since saved), the last complete report of each mode (a
cancelled or failed run brings it back), and the history of runs
(:mod:`copylens.app.history`).
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from copylens.app import history, settings
from copylens.app.errors_dialog import show_error
from copylens.app.qt import QtCore, QtGui, QtWidgets
from copylens.app.run import CHECK, COMPARE, MODES, Report
from copylens.core import CheckReport, CompareReport, TextInput, joined_path, relative_path

if TYPE_CHECKING:
    from copylens.app.inputs import InputItem, InputList
    from copylens.app.window import MainWindow

FORMAT = "copylens-session"
VERSION = 1
"""Version of the session format this app writes and the newest it reads."""
SUFFIX = ".copylens"
LISTS = ("documents", "sources", "ignore", "compare", "compare_ignore")
"""The window's input lists, by their name in the file."""
RECENT_GROUP = "recent"
RECENT_MAX = 10
STATUS_MS = 6000


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("Session", text)


class SessionError(Exception):
    """A session file that cannot be opened: ``message`` for the user (translated), details
    for the curious."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.details = details


@dataclass(frozen=True)
class Session:
    """What a session file holds. ``inputs`` maps each of :data:`LISTS` to its rows;
    ``reports`` each mode to its last complete report (or None)."""

    mode: str
    inputs: dict[str, tuple[InputItem, ...]]
    settings: dict[str, Any]
    reports: dict[str, Report | None]
    web: tuple[str, ...] = ()
    """The Web section's address lines, as typed (JSON ``"web": {"addresses": [...]}``; a file
    of an older CopyLens has none)."""


# ---------------------------------------------------------------------- the file


def to_data(session: Session, folder: Path | None = None) -> dict[str, Any]:
    """The JSON form of ``session``; paths also relative to ``folder`` (the file's)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "mode": session.mode,
        "inputs": {
            name: [_input_data(item, folder) for item in session.inputs.get(name, ())]
            for name in LISTS
        },
        "web": {"addresses": list(session.web)},
        "settings": dict(session.settings),
        "reports": {
            mode: report.to_data() if report is not None else None
            for mode, report in session.reports.items()
        },
    }


def from_data(data: Any, folder: Path | None = None) -> Session:
    """The session of ``data``; raises SessionError when it is not one this app reads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionError(_tr("This file is not a CopyLens session."))
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SessionError(_tr("This file is not a CopyLens session."))
    if version > VERSION:
        text = _tr(
            "This session was saved by a newer version of CopyLens (session format %1; this "
            "version reads up to %2). Update CopyLens to open it."
        )
        raise SessionError(text.replace("%1", str(version)).replace("%2", str(VERSION)))
    try:
        return _session_of(data, folder)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SessionError(_tr("The session file is damaged."), repr(error)) from error


def write_session(path: str | os.PathLike[str], session: Session) -> None:
    """Write ``session`` to ``path`` atomically (the old file stays whole if this fails)."""
    target = Path(path)
    payload = json.dumps(to_data(session, target.parent), ensure_ascii=False).encode("utf-8")
    data = gzip.compress(payload, compresslevel=1, mtime=0)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def read_session(path: str | os.PathLike[str]) -> Session:
    """The session in ``path``; raises SessionError (translated) when it cannot be read."""
    source = Path(path)
    try:
        raw = source.read_bytes()
    except OSError as error:
        raise SessionError(_tr("The session file cannot be read."), str(error)) from error
    try:
        data = json.loads(gzip.decompress(raw).decode("utf-8"))
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise SessionError(
            _tr("This file is not a CopyLens session, or it is damaged."), repr(error)
        ) from error
    return from_data(data, source.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename durable where the system allows opening a folder (POSIX)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _input_data(item: InputItem, folder: Path | None) -> dict[str, str]:
    if isinstance(item, TextInput):
        return {"name": item.name, "text": item.text}
    data = {"path": str(item)}
    if folder is not None:  # none on another drive (Windows); "/" between parts on any system
        relative = relative_path(str(Path(item).absolute()), str(folder.absolute()))
        if relative is not None:
            data["relative"] = relative
    return data


def _input_of(data: dict[str, Any], folder: Path | None) -> InputItem:
    if "text" in data:
        return TextInput(str(data["name"]), str(data["text"]))
    path = Path(str(data["path"]))
    relative = data.get("relative")
    if not path.exists() and folder is not None and isinstance(relative, str):
        moved = Path(joined_path(str(folder), relative))  # saved on this system or another
        if moved.exists():
            return moved
    return path


def _session_of(data: dict[str, Any], folder: Path | None) -> Session:
    mode = data.get("mode", CHECK)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    inputs = {
        name: tuple(_input_of(item, folder) for item in data["inputs"].get(name, ()))
        for name in LISTS
    }
    values = data.get("settings", {})
    if not isinstance(values, dict):
        raise TypeError("settings must be an object")
    reports: dict[str, Report | None] = dict.fromkeys(MODES)
    stored = data.get("reports", {})
    for name, kind in ((CHECK, CheckReport), (COMPARE, CompareReport)):
        if stored.get(name) is not None:
            reports[name] = kind.from_json(stored[name])
    web = data.get("web", {}).get("addresses", [])
    if not isinstance(web, list):
        raise TypeError("web addresses must be a list")
    return Session(mode, inputs, dict(values), reports, tuple(str(line) for line in web))


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


# ---------------------------------------------------------------------- the window's side


class SessionManager(QtCore.QObject):
    """The window's session: its file, whether it changed since saved, the last complete
    report of each mode, and the history of runs. Made before the window's widgets;
    :meth:`start` connects it to them."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.path = ""
        """The session file, or empty before one is saved or opened."""
        self.modified = False
        self.history_dialog: history.HistoryDialog | None = None
        self._entries: dict[str, int] = {}
        """The history entry of each mode's complete report (given its session when saved)."""
        self._loading = False

    def start(self) -> None:
        for input_list in self.window.panels:
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
            self.window.setWindowTitle(f"{Path(self.path).stem}[*] — {app}")
        elif self.modified:  # ends in the name: Qt appends the display name otherwise
            # ("CopyLens* — CopyLens", issue 36)
            unsaved = _tr("Unsaved session")
            self.window.setWindowTitle(f"{unsaved}[*] — {app}")
        else:  # a new window's title stays the plain name
            self.window.setWindowTitle(app)
        self.window.setWindowModified(self.modified)

    # ------------------------------------------------------------------ runs

    def run_finished(self, report: Report) -> None:
        """A run completed: its report is the mode's complete one, and enters the history."""
        mode = CHECK if isinstance(report, CheckReport) else COMPARE
        self.mark_changed()
        ident, message = history.record(history.entry_of(report, self.path))
        if ident:
            self._entries[mode] = ident
        if message:
            show_error(self.window, message, "", _tr("History"))
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
            self.window, _tr("Open session"), self._folder(), _file_filter()
        )
        return self.open(path) if path else False

    def open(self, path: str) -> bool:
        """Show the session in ``path``: inputs, settings and results (no run)."""
        window = self.window
        if window.controller.is_running():
            window.statusBar().showMessage(
                _tr("Cancel the run or wait for it to end, then open the session."), STATUS_MS
            )
            return False
        try:
            session = read_session(path)
        except SessionError as error:
            text = _tr("Could not open the session “%1”.").replace("%1", Path(path).name)
            show_error(window, f"{text}\n\n{error.message}", error.details, _tr("Open session"))
            return False
        self._loading = True
        try:
            self._apply(session)
        finally:
            self._loading = False
        self._now_at(path, _tr("Session opened: %1"))
        window._update_ui()
        return True

    def save(self) -> bool:
        return self.save_to(self.path) if self.path else self.save_as()

    def save_as(self) -> bool:
        start = self.path or str(Path(self._folder()) / (_tr("Session") + SUFFIX))
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self.window, _tr("Save session"), start, _file_filter()
        )
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        return self.save_to(path)

    def session(self) -> Session:
        """The window's session as it is now (reports: the last complete ones)."""
        window = self.window
        inputs = {name: tuple(lst.inputs()) for name, lst in zip(LISTS, self._lists(), strict=True)}
        reports = dict(window.controller.reports)
        web = tuple(window.web_panel.lines())
        return Session(window.mode, inputs, dict(window.settings_values), reports, web)

    def _lists(self) -> tuple[InputList, ...]:
        """The window's input lists in the order of :data:`LISTS`."""
        w = self.window
        return (
            w.documents_list,
            w.sources_list,
            w.ignore_list,
            w.compare_list,
            w.compare_ignore_list,
        )

    def save_to(self, path: str) -> bool:
        """Save the session to ``path`` (errors shown); True when saved."""
        try:
            write_session(path, self.session())
        except OSError as error:
            text = _tr("Could not save the session “%1”.").replace("%1", Path(path).name)
            show_error(self.window, text, str(error), _tr("Save session"))
            return False
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
        self.window.statusBar().showMessage(message.replace("%1", Path(path).name), STATUS_MS)

    def _apply(self, session: Session) -> None:
        window = self.window
        for name, input_list in zip(LISTS, self._lists(), strict=True):
            input_list.restore_inputs(session.inputs[name])
        window.web_panel.set_lines(session.web)
        values = {
            key: value
            for key, value in session.settings.items()
            if key in settings.BY_KEY
            and key != "ui_language"
            and settings.BY_KEY[key].accepts(value)
        }
        merged = window.settings_values | values
        if merged != window.settings_values:
            window.apply_settings(merged)
        window.set_mode(session.mode)
        self._entries.clear()
        for mode in MODES:
            report = session.reports.get(mode)
            window.controller.reports[mode] = report
            if report is not None:
                self.window.show_report(mode, report, fresh=True)
            elif mode == CHECK:
                window.check_page.clear()

    def _folder(self) -> str:
        if self.path:
            return str(Path(self.path).parent)
        return self.window._last_dir()

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
            self.history_dialog = history.HistoryDialog(self.window)
            self.history_dialog.sessionRequested.connect(self.open)
        else:
            self.history_dialog.reload()
        if self.history_dialog.message:
            show_error(self.window, self.history_dialog.message, "", _tr("History"))
        self.history_dialog.show()
        self.history_dialog.raise_()
        return self.history_dialog


def _file_filter() -> str:
    return _tr("CopyLens sessions (*%1)").replace("%1", SUFFIX)
