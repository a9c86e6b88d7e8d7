"""What an opened session would change beyond showing its data, offered for the person to tick.

A session file may come from someone else (by mail, on a shared drive), so it is data, never
configuration (issue 38). Opening one shows its inputs and results; what it would change is
listed here and used only as ticked:

* its settings that differ from the person's (:func:`plan`). Detection settings start ticked
  (the results were computed with them); archive, web and network settings (:data:`GUARDED`:
  where documents are copied to, what is fetched and from where, what is billed) start
  unticked and are listed apart with a warning;
* its files outside the session's own folder (a stored path elsewhere, or a relative one
  leading up with ``..``), resolved through symbolic links: all start unticked.

What must hold: :func:`plan` reads the file system only to resolve paths and changes nothing;
an empty :class:`Review` means there is nothing to ask; :meth:`ReviewDialog.choice` gives
exactly the ticked rows, and nothing is used when the dialog is closed without "Use ticked".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from copylens.app import settings
from copylens.app.qt import Qt, QtCore, QtWidgets
from copylens.app.session_file import LISTS, Session

if TYPE_CHECKING:
    from copylens.app.inputs import InputItem

GUARDED = (
    "archive",
    "use_archive",
    "add_to_archive",
    "archive_labels",
    "web_search",
    "web_provider",
    "web_folder",
    "web_max_queries",
    "web_allow_local",
)
"""Settings a session never sets unless the person ticks them: the archive (which database,
and whether checked documents are copied into it), the web search (provider, account folder,
how many billed queries) and whether local and intranet addresses are fetched."""
IGNORED = ("ui_language",)
"""Settings a session never offers (the person's own, not the session's)."""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("SessionReview", text)


@dataclass(frozen=True)
class SettingChange:
    """A setting the session carries with another value than the person's."""

    key: str
    mine: Any
    theirs: Any

    @property
    def guarded(self) -> bool:
        return self.key in GUARDED


@dataclass(frozen=True)
class OutsideFile:
    """A file the session lists outside its folder: row ``index`` of the input list
    ``list_name`` (one of :data:`LISTS`), at ``path`` (resolved)."""

    list_name: str
    index: int
    path: Path


@dataclass(frozen=True)
class Review:
    """What a session would change: settings and files outside its folder."""

    settings: tuple[SettingChange, ...] = ()
    outside: tuple[OutsideFile, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.settings or self.outside)


@dataclass(frozen=True)
class Choice:
    """What the person ticked: setting values to use, and outside files to list."""

    settings: dict[str, Any]
    files: frozenset[tuple[str, int]]
    """(list name, row index) of the outside files to list."""


def plan(session: Session, folder: Path, mine: dict[str, Any]) -> Review:
    """What ``session`` (read from a file in ``folder``) would change for a person whose
    settings are ``mine``. Values a setting does not accept (type, range, choices) are
    dropped, as are :data:`IGNORED` settings and keys CopyLens does not know."""
    changes = tuple(
        SettingChange(key, mine.get(key), value)
        for key, value in session.settings.items()
        if key in settings.BY_KEY
        and key not in IGNORED
        and settings.BY_KEY[key].accepts(value)
        and value != mine.get(key)
    )
    home = _resolved(folder)
    outside = tuple(
        OutsideFile(name, index, where)
        for name in LISTS
        for index, item in enumerate(session.inputs.get(name, ()))
        if isinstance(item, Path)
        and not _within(where := _resolved(folder / item), home)  # absolute stays absolute
    )
    return Review(changes, outside)


def inputs_kept(
    session: Session, review: Review, chosen: frozenset[tuple[str, int]]
) -> dict[str, tuple[InputItem, ...]]:
    """The session's input lists, in order, without the outside files not in ``chosen``;
    a chosen one as shown in the review (resolved, so the row is the file confirmed)."""
    outside = {(f.list_name, f.index): f.path for f in review.outside}
    return {
        name: tuple(
            outside.get((name, index), item)
            for index, item in enumerate(session.inputs.get(name, ()))
            if (name, index) not in outside or (name, index) in chosen
        )
        for name in LISTS
    }


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a symbolic link loop, a name too long
        return Path(path.anchor or "/", "\0unresolvable")


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


# ---------------------------------------------------------------------- the dialog


def setting_label(key: str) -> str:
    """The setting's name as the person sees it (the dialog's label, or the check page's)."""
    labels = {
        "use_archive": _tr("Also check against the archive"),
        "add_to_archive": _tr("Add checked documents to the archive"),
        "archive_labels": _tr("Labels of checked documents"),
        "web_search": _tr("Search the web"),
    }
    return labels.get(key) or settings.BY_KEY[key].shown_label() or key


def shown_value(value: Any) -> str:
    """A setting's value as words: on/off, (none) for an empty text."""
    if isinstance(value, bool):
        return _tr("on") if value else _tr("off")
    if value is None or value == "":
        return _tr("(none)")
    return str(value)


def list_title(name: str) -> str:
    return {
        "documents": _tr("Documents to check"),
        "sources": _tr("Sources"),
        "ignore": _tr("Ignore"),
        "compare": _tr("Documents to compare"),
        "compare_ignore": _tr("Ignore (Compare all)"),
    }[name]


class ReviewDialog(QtWidgets.QDialog):
    """The review of an opened session: its other settings and its files outside its folder,
    each with a box (see the module for which start ticked). "Use ticked" accepts."""

    def __init__(self, review: Review, name: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sessionReview")
        self.setWindowTitle(_tr("Open session"))
        self.review = review
        self.setting_boxes: dict[str, QtWidgets.QTreeWidgetItem] = {}
        self.file_boxes: dict[tuple[str, int], QtWidgets.QTreeWidgetItem] = {}
        layout = QtWidgets.QVBoxLayout(self)
        intro = _tr(
            "The session “%1” is shown: its inputs and results. It also carries what is "
            "listed below; only what you tick is used. A session someone sent you could "
            "point anywhere: tick only what you expect."
        )
        layout.addWidget(_label(intro.replace("%1", name)))
        plain = [c for c in review.settings if not c.guarded]
        guarded = [c for c in review.settings if c.guarded]
        if plain:
            layout.addWidget(_heading(_tr("Settings the results were computed with")))
            layout.addWidget(self._settings_tree(plain, ticked=True))
        if guarded:
            layout.addWidget(_heading(_tr("Archive, web and network settings")))
            layout.addWidget(
                _label(
                    _tr(
                        "These decide where checked documents are copied, what is downloaded "
                        "and from where, and what searches are billed to you. None is used "
                        "unless ticked."
                    )
                )
            )
            layout.addWidget(self._settings_tree(guarded, ticked=False))
        if review.outside:
            layout.addWidget(_heading(_tr("Files outside the session's folder")))
            layout.addWidget(
                _label(
                    _tr(
                        "The session lists these files, outside the folder it is in. Ticked "
                        "ones are added to their lists; the others are left out (the results "
                        "already shown keep their texts)."
                    )
                )
            )
            files = self._files_tree(review.outside)
            self.all_files = QtWidgets.QCheckBox(_tr("Add them all"))
            self.all_files.toggled.connect(self._tick_all_files)
            layout.addWidget(self.all_files)
            layout.addWidget(files)
        if plain or guarded:
            note = _tr("Ticked settings become your settings, as if set in Settings.")
            layout.addWidget(_label(note))
        buttons = QtWidgets.QDialogButtonBox()
        self.use_button = buttons.addButton(
            _tr("Use ticked"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.keep_button = buttons.addButton(
            _tr("Use nothing"), QtWidgets.QDialogButtonBox.ButtonRole.RejectRole
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        trees = self.findChildren(QtWidgets.QTreeWidget)
        wide = max((tree.header().length() for tree in trees), default=0) + 48
        self.resize(self.sizeHint().expandedTo(QtCore.QSize(min(max(640, wide), 1000), 0)))

    def _settings_tree(self, changes: list[SettingChange], ticked: bool) -> QtWidgets.QTreeWidget:
        tree = _tree([_tr("Setting"), _tr("Yours"), _tr("The session's")])
        for change in changes:
            row = QtWidgets.QTreeWidgetItem(
                [setting_label(change.key), shown_value(change.mine), shown_value(change.theirs)]
            )
            row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            row.setCheckState(0, Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
            for column in (1, 2):
                row.setToolTip(column, row.text(column))
            tree.addTopLevelItem(row)
            self.setting_boxes[change.key] = row
        _fit(tree)
        return tree

    def _files_tree(self, files: tuple[OutsideFile, ...]) -> QtWidgets.QTreeWidget:
        tree = _tree([_tr("File"), _tr("List")])
        for entry in files:
            row = QtWidgets.QTreeWidgetItem([str(entry.path), list_title(entry.list_name)])
            row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            row.setCheckState(0, Qt.CheckState.Unchecked)
            row.setToolTip(0, str(entry.path))
            tree.addTopLevelItem(row)
            self.file_boxes[(entry.list_name, entry.index)] = row
        _fit(tree)
        return tree

    def _tick_all_files(self, ticked: bool) -> None:
        state = Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked
        for row in self.file_boxes.values():
            row.setCheckState(0, state)

    def choice(self) -> Choice:
        """The ticked settings' values and outside files."""
        theirs = {c.key: c.theirs for c in self.review.settings}
        return Choice(
            {key: theirs[key] for key, row in self.setting_boxes.items() if _ticked(row)},
            frozenset(where for where, row in self.file_boxes.items() if _ticked(row)),
        )


def _ticked(row: QtWidgets.QTreeWidgetItem) -> bool:
    return row.checkState(0) == Qt.CheckState.Checked


def _label(text: str) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _heading(text: str) -> QtWidgets.QLabel:
    label = _label(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _tree(headers: list[str]) -> QtWidgets.QTreeWidget:
    tree = QtWidgets.QTreeWidget()
    tree.setHeaderLabels(headers)
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    return tree


def _fit(tree: QtWidgets.QTreeWidget) -> None:
    """Columns fitted to their text; the tree as tall as its rows (at most about ten)."""
    for column in range(tree.columnCount()):
        tree.resizeColumnToContents(column)
    rows = min(tree.topLevelItemCount(), 10)
    height = tree.header().sizeHint().height() + rows * max(tree.sizeHintForRow(0), 18) + 6
    tree.setMinimumHeight(height)
    tree.setMaximumHeight(height if tree.topLevelItemCount() <= 10 else 16777215)
