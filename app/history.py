"""The history of earlier checks: every completed run, its documents and their figures.

Each run that ends with a report appends one :class:`Entry` (time, mode, the documents with
their uniqueness (check) or share found in the others (compare), the session file if any) to
a small SQLite file in the user's data folder (``QStandardPaths.AppDataLocation``).
:data:`PATH` or the environment variable :data:`ENV` put it elsewhere (tests do). A file that is
not a database or a damaged one is renamed aside and a new one started; one that is locked,
unreadable or written by a newer version is left as it is and the run not recorded. Either
way the user gets a message: the history never stops the app. At most :data:`KEEP`
entries are kept, the oldest dropped first.

:class:`HistoryDialog` lists the entries newest first; double-clicking one whose session file
still exists asks the window to open it (``sessionRequested``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

from copylens.app import terms
from copylens.app.palette import uniqueness_hex
from copylens.app.presentation import file_name, percent
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.run import CHECK, COMPARE
from copylens.core import CheckReport, CompareReport, document_shares

ENV = "COPYLENS_HISTORY"
"""Environment variable naming the history file (overrides the user's data folder)."""
PATH: Path | None = None
"""The history file, when set (before :data:`ENV` and the data folder)."""
FILE_NAME = "history.sqlite"
VERSION = 1
KEEP = 1000
"""Entries kept; older ones are dropped when a run is recorded."""
ENTRY_ROLE = Qt.ItemDataRole.UserRole

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time REAL NOT NULL,
    mode TEXT NOT NULL,
    documents INTEGER NOT NULL,
    figures TEXT NOT NULL,
    session TEXT NOT NULL DEFAULT ''
)
"""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("History", text)


@dataclass(frozen=True)
class Entry:
    """One completed run. ``figures`` holds (document name, share) in the report's order:
    uniqueness for a check, share found in the other documents for a compare (0..1)."""

    time: float
    """Seconds since the epoch."""
    mode: str
    documents: int
    figures: tuple[tuple[str, float], ...]
    session: str = ""
    """The session file the run belonged to, or empty."""
    id: int = 0

    @property
    def lowest(self) -> float | None:
        """The figure to look at first: the lowest uniqueness, the largest share found."""
        values = [value for _name, value in self.figures]
        if not values:
            return None
        return min(values) if self.mode == CHECK else max(values)


def entry_of(report: CheckReport | CompareReport, session: str = "") -> Entry:
    """The history entry of a completed run's report."""
    if isinstance(report, CheckReport):
        figures = tuple((d.path, float(d.uniqueness)) for d in report.documents)
        return Entry(time.time(), CHECK, len(report.documents), figures, session)
    shares = tuple((s.path, float(s.share)) for s in document_shares(report))
    return Entry(time.time(), COMPARE, len(report.documents), shares, session)


def history_path() -> Path:
    """Where the history is kept: :data:`PATH`, else :data:`ENV`, else the data folder."""
    if PATH is not None:
        return Path(PATH)
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    location = QtCore.QStandardPaths.StandardLocation.AppDataLocation
    folder = QtCore.QStandardPaths.writableLocation(location)
    return Path(folder or Path.home() / ".copylens") / FILE_NAME


def record(entry: Entry) -> tuple[int, str]:
    """Append ``entry``; return its id (0 when it could not be written) and a message for
    the user when the file had to be replaced or could not be written (else empty)."""
    message = ""
    for _attempt in range(2):
        try:
            with _database() as db:
                cursor = db.execute(
                    "INSERT INTO runs (time, mode, documents, figures, session) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (
                        entry.time,
                        entry.mode,
                        entry.documents,
                        json.dumps([list(f) for f in entry.figures], ensure_ascii=False),
                        entry.session,
                    ),
                )
                db.execute("DELETE FROM runs WHERE id <= ? - ?", (cursor.lastrowid, KEEP))
            return int(cursor.lastrowid or 0), message
        except (sqlite3.OperationalError, OSError) as error:  # locked, read-only, too new
            return 0, _tr("The history could not be written: %1").replace("%1", str(error))
        except sqlite3.DatabaseError as error:  # not a database, or a damaged one
            message = _set_aside(error)
    return 0, message


def attach_session(ids: list[int], session: str) -> None:
    """Name ``session`` as the file of the entries ``ids`` that have none yet (the runs whose
    reports it saved). Best effort: a history that cannot be written is left as it is."""
    if not ids or not history_path().exists():
        return
    marks = ", ".join("?" * len(ids))
    try:
        with _database() as db:
            db.execute(
                f"UPDATE runs SET session = ? WHERE session = '' AND id IN ({marks})",
                (session, *ids),
            )
    except (sqlite3.DatabaseError, OSError):
        pass


def entries(limit: int = KEEP) -> tuple[list[Entry], str]:
    """The recorded runs, newest first, and a message when the file had to be replaced."""
    path = history_path()
    if not path.exists():
        return [], ""
    try:
        with _database() as db:
            rows = db.execute(
                "SELECT id, time, mode, documents, figures, session FROM runs "
                "ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [_entry(row) for row in rows], ""
    except (sqlite3.OperationalError, OSError) as error:  # locked, unreadable, too new
        return [], _tr("The history could not be read: %1").replace("%1", str(error))
    except (sqlite3.DatabaseError, ValueError, TypeError) as error:  # damaged
        return [], _set_aside(error)


def _entry(row: tuple[object, ...]) -> Entry:
    ident, when, mode, documents, figures, session = row
    pairs = tuple((str(name), float(value)) for name, value in json.loads(str(figures)))
    return Entry(
        float(str(when)), str(mode), int(str(documents)), pairs, str(session), int(str(ident))
    )


@contextmanager
def _database() -> Iterator[sqlite3.Connection]:
    """The history, its table made if new; one transaction, committed when the block ends."""
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(path, timeout=5)) as db:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise sqlite3.OperationalError(f"written by a newer CopyLens (version {version})")
        with db:
            if version < VERSION:  # a new file: a reader writes nothing (it may be read-only)
                db.execute(SCHEMA)
                db.execute(f"PRAGMA user_version = {VERSION}")
            yield db


def _set_aside(error: Exception) -> str:
    """Rename the unreadable history file aside; the message that says so."""
    path = history_path()
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError as failure:
        text = _tr("The history file “%1” cannot be read (%2) nor moved aside: %3")
        return text.replace("%1", str(path)).replace("%2", str(error)).replace("%3", str(failure))
    text = _tr(
        "The history file could not be read (%1). It was kept as “%2” and a new history was "
        "started."
    )
    return text.replace("%1", str(error)).replace("%2", str(aside))


# ---------------------------------------------------------------------- the window


class HistoryDialog(QtWidgets.QDialog):
    """Earlier runs, newest first: when, what, how many documents, the figure to look at
    first; a run's row unfolds into its documents. Double-click (or Open session) opens the
    run's session when its file still exists."""

    sessionRequested = Signal(str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.setWindowTitle(self.tr("History of checks"))
        self.tree = QtWidgets.QTreeWidget()
        self.tree.setObjectName("historyTree")
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setHeaderLabels(
            [
                self.tr("When"),
                self.tr("Run"),
                self.tr("Documents"),
                self.tr("Figure"),
                self.tr("Session"),
            ]
        )
        self.tree.headerItem().setToolTip(
            3,
            self.tr(
                "Check: the lowest uniqueness. Compare all: the largest share found in others."
            ),
        )
        header = self.tree.header()
        header.setStretchLastSection(True)
        for column in range(4):
            header.setSectionResizeMode(column, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.currentItemChanged.connect(self._update)
        self.empty_label = QtWidgets.QLabel(
            self.tr("No checks yet: each completed run is listed here.")
        )
        self.empty_label.setEnabled(False)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.open_button = buttons.addButton(
            self.tr("Open session"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole
        )
        self.open_button.clicked.connect(self.open_current)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.empty_label)
        layout.addWidget(buttons)
        self.resize(760, 440)
        self.message = ""
        """What went wrong reading the history at the last :meth:`reload` (else empty)."""
        self.reload()

    def reload(self) -> None:
        listed, self.message = entries()
        self.tree.clear()
        self.tree.addTopLevelItems([self._item(entry) for entry in listed])
        self.empty_label.setVisible(not listed)
        self._update()

    def open_current(self) -> None:
        entry = self._current_entry()
        if entry is not None and _openable(entry):
            self.sessionRequested.emit(entry.session)

    def _current_entry(self) -> Entry | None:
        """The run of the current row (a document's row belongs to its run's)."""
        item = self.tree.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        entry = item.data(0, ENTRY_ROLE) if item is not None else None
        return entry if isinstance(entry, Entry) else None

    def _double_clicked(self, item: QtWidgets.QTreeWidgetItem, _column: int) -> None:
        if item.parent() is None:
            self.open_current()

    def _update(self, *_args: object) -> None:
        entry = self._current_entry()
        self.open_button.setEnabled(entry is not None and _openable(entry))

    def _item(self, entry: Entry) -> QtWidgets.QTreeWidgetItem:
        when = QtCore.QDateTime.fromSecsSinceEpoch(int(entry.time))
        shown = when.toString("yyyy-MM-dd HH:mm")  # the same, unambiguous, in every language
        translate = QtCore.QCoreApplication.translate
        key = "uniqueness" if entry.mode == CHECK else "found_elsewhere"
        figure = terms.label(key, translate)
        run = self.tr("Check against sources") if entry.mode == CHECK else self.tr("Compare all")
        item = QtWidgets.QTreeWidgetItem([shown, run, str(entry.documents)])
        item.setData(0, ENTRY_ROLE, entry)
        lowest = entry.lowest
        if lowest is not None:
            _set_figure(item, 3, f"{figure} {_percent(lowest)}", lowest, entry.mode)
            item.setToolTip(3, terms.tip(key, translate))
        exists = _openable(entry)
        if entry.session:
            item.setText(4, Path(entry.session).name)
            missing = self.tr("%1 (no longer there)").replace("%1", entry.session)
            item.setToolTip(4, entry.session if exists else missing)
        else:
            item.setText(4, self.tr("not saved"))
            item.setToolTip(4, self.tr("The run's session was not saved to a file."))
        if not exists:
            grey = QtGui.QPalette.ColorGroup.Disabled, QtGui.QPalette.ColorRole.Text
            item.setForeground(4, self.palette().brush(*grey))
        for name, value in entry.figures:
            child = QtWidgets.QTreeWidgetItem(["", "", file_name(name) or name])
            child.setToolTip(2, name)
            _set_figure(child, 3, _percent(value), value, entry.mode)
            item.addChild(child)
        return item


def _set_figure(
    item: QtWidgets.QTreeWidgetItem, column: int, text: str, value: float, mode: str
) -> None:
    item.setText(column, text)
    uniqueness = value if mode == CHECK else 1.0 - value
    item.setForeground(column, QtGui.QColor(uniqueness_hex(uniqueness)))


def _percent(value: float) -> str:
    return percent(value, QtCore.QLocale().name())


def _openable(entry: Entry) -> bool:
    """The run was saved as a session that is still there."""
    return bool(entry.session) and Path(entry.session).is_file()
