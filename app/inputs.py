"""The input lists: files, folders and pasted texts to check.

An :class:`InputList` holds one engine input per row (a ``Path`` or a
``copylens.core.prepare.TextInput``). Dropped or opened folders are expanded with
``copylens.core.extract.collect_files`` (recursive, hidden entries skipped, supported types only)
off the Qt thread, through the app's :class:`copylens.app.worker.Worker`: walking a large tree
takes seconds (5 s for /usr/lib here), and the window stays responsive meanwhile. The walk
touches no Qt object (the list may be deleted while it runs). A batch holding a folder is
listed in one go when its walk ends, in the order given; clearing the list drops the walks
under way; a batch of files alone is listed at once. Files given directly are always
listed, even of an unsupported type: the engine reports them as input errors and the run goes
on. A list made with ``extra_suffixes`` (Compare all's: the news files only its news
grouping reads, ``copylens.app.news_grouping.NEWS_FILES``) also takes those from folders. Rows
that failed in the last run carry an error icon and the engine's message as tooltip.
A path that does not exist or cannot be read is marked so as soon as it is added (and
``notFound`` tells the window), never listed as a good row.

Rows are named by :func:`~copylens.app.presentation.display_names`: two ``essay.docx`` from
different folders read ``2023/essay.docx`` and ``2024/essay.docx``. While files are dragged
over a list, it is highlighted and says which list receives them (:attr:`drop_highlighted`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from copylens.app.errors_dialog import show_error
from copylens.app.presentation import display_names, failure_text
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.worker import Work, Worker
from copylens.core import InputFailure, TextInput, collect_files, path_identity, word_count

InputItem = Path | TextInput
INPUT_ROLE = Qt.ItemDataRole.UserRole
"""Item data: the engine input (``Path`` or ``TextInput``)."""
ERROR_ROLE = Qt.ItemDataRole.UserRole + 1
"""Item data: the engine's message when this input failed in the last run, else None."""
KEY_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's identity (resolved path, or the pasted text's name), as the engine reports it."""
NAME_ROLE = Qt.ItemDataRole.UserRole + 3
"""The row's shown name: the file name, with the folders that tell same-named files apart."""
AT_ONCE = 200
"""Paths looked at on the Qt thread when added (~0.1 ms each to check and resolve: 20 ms);
more (a drop of 2,000 essays) are looked at by a background job, as folders are."""
NOT_FOUND = "file or folder not found"
NO_PERMISSION = "permission denied"
"""The engine's own templates (context "Errors", already translated) for paths refused when
they are added."""


class InputList(QtWidgets.QListWidget):
    """A list of engine inputs that accepts dropped files and folders."""

    inputsAdded = Signal(int)
    """Rows were added (how many)."""
    inputsChanged = Signal()
    """Rows were added, removed or cleared, or a folder walk started or ended."""
    pathsAdded = Signal(int)
    """A call of add_paths has ended, now or after its folder walk: how many rows it added."""
    skipped = Signal(object)
    """A folder walk skipped entries (list of InputFailure: link loops, broken links, pipes),
    emitted before the add's ``pathsAdded``."""
    focused = Signal()
    """The list got keyboard focus (the window sends Open and Paste to the focused list)."""
    notFound = Signal(object)
    """Paths given to add_paths that do not exist or cannot be read (list of InputFailure);
    their rows are marked as errors from the start."""

    def __init__(
        self,
        placeholder: str,
        hint: str,
        parent: QtWidgets.QWidget | None = None,
        extra_suffixes: Iterable[str] = (),
    ):
        super().__init__(parent)
        self.extra_suffixes = tuple(s.lower() for s in extra_suffixes)
        """Suffixes taken from folders besides the engine's (Compare all: news files)."""
        self.placeholder = placeholder
        self.hint = hint
        self.setAcceptDrops(True)
        self.setDragDropMode(QtWidgets.QAbstractItemView.DragDropMode.DropOnly)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setUniformItemSizes(True)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.remove_action = QtGui.QAction(self.tr("Remove"), self)
        self.remove_action.setShortcut(QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.Delete))
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.remove_action.triggered.connect(self.remove_selected)
        self.clear_action = QtGui.QAction(self.tr("Clear list"), self)
        self.clear_action.triggered.connect(self.clear_inputs)
        self.addActions([self.remove_action, self.clear_action])
        self.itemSelectionChanged.connect(self._update_actions)
        self.inputsChanged.connect(self._update_actions)
        self._update_actions()
        self.walker = Worker(self)
        """Runs the folder walks."""
        self.drop_highlighted = False
        """Files are being dragged over the list (it is highlighted and says it takes them)."""
        self._icons: dict[QtWidgets.QStyle.StandardPixmap, QtGui.QIcon] = {}
        """The standard icon of each kind of row, made once."""

    @property
    def scanning(self) -> bool:
        """A folder walk is under way; its files are not listed yet."""
        return self.walker.busy()

    # ------------------------------------------------------------------ contents

    def inputs(self) -> list[InputItem]:
        """The engine inputs, in list order."""
        return [self.item(row).data(INPUT_ROLE) for row in range(self.count())]

    def add_paths(self, paths: Iterable[str | os.PathLike[str]]) -> int:
        """Add files and the supported files inside folders; return how many rows were added
        now (0 while a folder is walked: ``pathsAdded`` tells the count when it ends).

        Paths already listed are skipped. A path that does not exist or cannot be read is
        listed marked as an error (the engine would report it) and ``notFound`` says so.
        """
        given = [Path(raw) for raw in paths]
        if len(given) <= AT_ONCE and not any(path.is_dir() for path in given):
            return self._add_found(_found(given, *self._extra()))
        extra = self._extra()

        def walk(_work: Work) -> Found:
            return _found(given, *extra)  # touches no Qt object

        self.walker.start(
            walk,
            done=self._walk_done,
            failed=self._walk_failed,
            cancelled=self._walk_ended,
            name="copylens-walk",
        )
        self.inputsChanged.emit()
        self.viewport().update()
        return 0

    def _extra(self) -> tuple[tuple[str, ...], ...]:
        """The extra argument of :func:`_found`, when this list takes extra suffixes."""
        return (self.extra_suffixes,) if self.extra_suffixes else ()

    def restore_inputs(self, items: Sequence[Path | TextInput]) -> None:
        """List exactly ``items``, in order and at once (a session's rows: files and texts),
        marking missing files as :meth:`add_paths` does. Never a background walk: rows
        arriving later would come out of order and after the caller has moved on."""
        self.clear_inputs()
        paths: list[Path] = []  # listed together: each path is checked once
        for item in [*items, None]:
            if not isinstance(item, Path) and paths:
                self._add_found(_found(paths))
                paths = []
            if isinstance(item, TextInput):
                self.add_text(item.name, item.text)
            elif isinstance(item, Path):
                paths.append(item)

    def add_text(self, name: str, text: str) -> QtWidgets.QListWidgetItem:
        """Add pasted ``text`` as a row called ``name`` (names must be unique in a run)."""
        item = self._make_item(TextInput(name, text))
        self.addItem(item)
        self._announce(1)
        return item

    def remove_selected(self) -> int:
        rows = sorted((self.row(item) for item in self.selectedItems()), reverse=True)
        for row in rows:
            self.takeItem(row)
        if rows:
            self._rename()
            self.inputsChanged.emit()
        return len(rows)

    def clear_inputs(self) -> None:
        """Remove every row; folder walks under way are dropped when they end."""
        self.walker.cancel()
        if self.count():
            self.clear()
            self.inputsChanged.emit()

    # ------------------------------------------------------------------ errors of the last run

    def mark_errors(self, errors: Mapping[str, str]) -> int:
        """Flag rows whose input failed (engine path or pasted name → message); return count."""
        by_key: dict[str, str] = {}
        for path, reason in errors.items():
            by_key.setdefault("text:" + path, reason)
            by_key.setdefault(_key(Path(path)), reason)
        marked = 0
        for row in range(self.count()):
            item = self.item(row)
            message = by_key.get(item.data(KEY_ROLE)) if by_key else None
            if message is not None or item.data(ERROR_ROLE) is not None:
                self._set_error(item, message)  # only rows whose mark changes
            marked += message is not None
        return marked

    def clear_errors(self) -> None:
        for row in range(self.count()):
            self._set_error(self.item(row), None)

    def holding(self, paths: Iterable[str]) -> set[str]:
        """The engine paths (or pasted names) among ``paths`` that are rows of this list."""
        keys = {self.item(row).data(KEY_ROLE) for row in range(self.count())}
        return {p for p in paths if "text:" + p in keys or _key(Path(p)) in keys}

    def error_count(self) -> int:
        return sum(self.item(r).data(ERROR_ROLE) is not None for r in range(self.count()))

    # ------------------------------------------------------------------ drag and drop

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        if _local_paths(event.mimeData()):
            event.acceptProposedAction()
            self.set_drop_highlight(True)
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QtGui.QDragLeaveEvent) -> None:
        self.set_drop_highlight(False)
        super().dragLeaveEvent(event)

    def dragMoveEvent(self, event: QtGui.QDragMoveEvent) -> None:
        if _local_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        self.set_drop_highlight(False)
        paths = _local_paths(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.add_paths(paths)

    def set_drop_highlight(self, on: bool) -> None:
        """Show (or stop showing) that dragged files would land here."""
        if on != self.drop_highlighted:
            self.drop_highlighted = on
            self.viewport().update()

    # ------------------------------------------------------------------ look

    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusInEvent(event)
        self.focused.emit()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        super().paintEvent(event)
        if self.count() and not self.drop_highlighted:
            return
        painter = QtGui.QPainter(self.viewport())
        try:
            if self.drop_highlighted:
                self._paint_drop_highlight(painter)
            else:
                self._paint_placeholder(painter)
        finally:
            painter.end()

    def _paint_drop_highlight(self, painter: QtGui.QPainter) -> None:
        """Files are dragged over the list: a tinted frame, and where they will go."""
        rect = self.viewport().rect().adjusted(1, 1, -2, -2)
        color = self.palette().color(QtGui.QPalette.ColorRole.Highlight)
        fill = QtGui.QColor(color)
        fill.setAlpha(40)
        painter.fillRect(rect, fill)
        painter.setPen(QtGui.QPen(color, 2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(rect, 4, 4)
        font = QtGui.QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        painter.setFont(font)
        text = self.placeholder
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        box = painter.fontMetrics().boundingRect(rect.adjusted(8, 8, -8, -8), flags, text)
        box = box.adjusted(-10, -6, 10, 6)
        box.moveCenter(rect.center())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette().color(QtGui.QPalette.ColorRole.Base))
        painter.drawRoundedRect(box, 6, 6)
        painter.setPen(color)
        painter.drawText(box, flags, text)

    def _paint_placeholder(self, painter: QtGui.QPainter) -> None:
        """The empty state: what to do (or that folders are being read), centred."""
        rect = self.viewport().rect().adjusted(12, 12, -12, -12)
        color = self.palette().color(QtGui.QPalette.ColorRole.PlaceholderText)
        title_font = QtGui.QFont(self.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.15)
        title_font.setBold(True)
        title_height = QtGui.QFontMetrics(title_font).height()
        hint_flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        hint_flags |= Qt.TextFlag.TextWordWrap
        hint_height = painter.fontMetrics().boundingRect(rect, hint_flags, self.hint).height()
        top = rect.top() + max(0, (rect.height() - title_height - 6 - hint_height) // 2)
        painter.setPen(color)
        painter.setFont(title_font)
        title_rect = QtCore.QRect(rect.left(), top, rect.width(), title_height)
        title = self.tr("Reading folders…") if self.scanning else self.placeholder
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignCenter, title)
        painter.setFont(self.font())
        hint_rect = QtCore.QRect(rect.left(), top + title_height + 6, rect.width(), hint_height)
        painter.drawText(hint_rect, hint_flags, self.hint)

    # ------------------------------------------------------------------ internals

    def _add_found(self, found: Found) -> int:
        """List the (path, key) pairs not listed yet, in order; return how many. Say what the
        folder walks skipped (``skipped``)."""
        files, skipped, refused = found
        translate = QtCore.QCoreApplication.translate
        reasons = {_key(Path(f.path)): failure_text(f, translate) for f in refused}
        if refused:
            self.notFound.emit(refused)
        if skipped:
            self.skipped.emit(skipped)
        known = {self.item(row).data(KEY_ROLE) for row in range(self.count())}
        added = 0
        for path, key in files:
            if key not in known:
                known.add(key)
                item = self._make_item(path, key)
                if key in reasons:
                    self._set_error(item, reasons[key])
                self.addItem(item)
                added += 1
        self._announce(added)
        self.pathsAdded.emit(added)
        return added

    def _walk_done(self, found: Found) -> None:
        self._add_found(found)
        self._walk_ended()

    def _walk_failed(self, message: str, details: str) -> None:
        self._walk_done(([], [], []))  # the add has ended, with nothing listed
        show_error(self, message, details)

    def _walk_ended(self) -> None:
        """A walk is over (listed, failed, or dropped by a clear): the list is not reading."""
        self.inputsChanged.emit()
        self.viewport().update()

    def _announce(self, added: int) -> None:
        if added:
            self._rename()
            self.inputsAdded.emit(added)
            self.inputsChanged.emit()
            self.viewport().update()

    def _make_item(self, value: InputItem, key: str | None = None) -> QtWidgets.QListWidgetItem:
        item = QtWidgets.QListWidgetItem()
        item.setData(INPUT_ROLE, value)
        item.setData(KEY_ROLE, key or _key(value))  # resolved once, when the file is added
        self._set_error(item, None)
        return item

    def _set_error(self, item: QtWidgets.QListWidgetItem, message: str | None) -> None:
        value = item.data(INPUT_ROLE)
        item.setData(ERROR_ROLE, message)
        if isinstance(value, TextInput):
            words = word_count(value.text)
            item.setText(value.name)
            tooltip = self.tr("Pasted text, words: %1").replace("%1", str(words))
            icon = QtWidgets.QStyle.StandardPixmap.SP_FileDialogDetailedView
        else:
            item.setText(item.data(NAME_ROLE) or value.name or str(value))
            tooltip = str(value)
            icon = QtWidgets.QStyle.StandardPixmap.SP_FileIcon
        if message is not None:
            icon = QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning
            tooltip = self.tr("%1\n\nCould not be read: %2").replace("%1", tooltip)
            tooltip = tooltip.replace("%2", message)
        if icon not in self._icons:
            self._icons[icon] = self.style().standardIcon(icon)
        item.setIcon(self._icons[icon])
        item.setToolTip(tooltip)

    def _rename(self) -> None:
        """Name the file rows by their shortest distinguishing paths (``2024/essay.docx``)."""
        files = [self.item(r) for r in range(self.count())]
        files = [item for item in files if isinstance(item.data(INPUT_ROLE), Path)]
        names = display_names(str(item.data(INPUT_ROLE)) for item in files)
        for item in files:
            name = names[str(item.data(INPUT_ROLE))]
            if item.data(NAME_ROLE) != name:
                item.setData(NAME_ROLE, name)
                item.setText(name)

    def _update_actions(self) -> None:
        self.remove_action.setEnabled(bool(self.selectedItems()))
        self.clear_action.setEnabled(self.count() > 0)


Found = tuple[list[tuple[Path, str]], list[InputFailure], list[InputFailure]]
"""What an add found: (path, key) of each file in order, what the folder walks skipped, and
the paths given that do not exist or may not be read."""


def _found(given: list[Path], extra: tuple[str, ...] = ()) -> Found:
    """The files of ``given`` (folders expanded) with their keys, in order, the entries of the
    folders that were skipped with a reason (link loops, broken links, pipes), and the paths
    refused (:func:`_refusal`); files of a folder with an ``extra`` suffix follow its
    supported ones. Touches the disk, not Qt: run off the Qt thread for many."""
    refused = [f for f in map(_refusal, given) if f is not None]
    files: list[Path] = []
    skipped: list[InputFailure] = []
    for path in given:
        if path.is_dir():
            found, problems = collect_files([path])
            files.extend(found)
            skipped.extend(InputFailure.of(name, error) for name, error in problems)
            if extra:
                files.extend(_extra_files(path, extra))
        else:
            files.append(path)
    return [(path, _key(path)) for path in files], skipped, refused


def _extra_files(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """Files under ``folder`` with one of ``suffixes``, depth first in sorted order, hidden
    names skipped and links to folders not followed (as the engine's walk)."""
    found: list[Path] = []
    for top, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in sorted(names):
            path = Path(top) / name
            if not name.startswith(".") and path.suffix.lower() in suffixes and path.is_file():
                found.append(path)
    return found


def _refusal(path: Path) -> InputFailure | None:
    """Why ``path`` cannot be added as a good row (it does not exist, or may not be read),
    in the engine's words; None when it can."""
    if not path.exists():
        return InputFailure(str(path), NOT_FOUND, NOT_FOUND)
    if not path.is_dir() and not os.access(path, os.R_OK):  # a folder's walk says it itself
        return InputFailure(str(path), NO_PERMISSION, NO_PERMISSION)
    return None


def _local_paths(mime: QtCore.QMimeData | None) -> list[str]:
    if mime is None or not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


def _key(item: InputItem) -> str:
    """Identity of a row: the resolved path of a file, the name of pasted text."""
    if isinstance(item, TextInput):
        return "text:" + item.name
    try:
        return path_identity(str(item.resolve()))
    except (OSError, RuntimeError):
        return path_identity(os.path.abspath(item))
