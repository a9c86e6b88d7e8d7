"""The main window's parts: a titled input list with its buttons (:class:`ListPanel`), the
archive row of *Check against sources* (:class:`ArchiveBar`), the empty results area
(:class:`Placeholder`), and the helpers that lay them out."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from copylens.app.inputs import InputList
from copylens.app.presentation import labels_problem, shown_location
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.core import is_archive_url

DEFAULT_SIZE = QtCore.QSize(1200, 800)


class ListPanel(QtWidgets.QWidget):
    """A titled input list with its own Add files / Add folder buttons; ``tooltip`` says what
    the list is for, on its title and its rows' background. A ``compact`` panel's buttons show
    only their icons (their words in a tooltip), so a narrow panel still fits its header; the
    others do so too when the panel is narrower than its header with the words (Russian words
    are long, and four panels share the row)."""

    def __init__(
        self, title: str, input_list: InputList, tooltip: str = "", compact: bool = False
    ) -> None:
        super().__init__()
        self.title = title
        self.input_list = input_list
        input_list.setAccessibleName(title)
        self.title_label = QtWidgets.QLabel()
        if tooltip:
            self.title_label.setToolTip(tooltip)
            input_list.setToolTip(tooltip)
            input_list.setAccessibleDescription(tooltip)
        self.open_button = tool_button(
            self.tr("Add files…"), QtWidgets.QStyle.StandardPixmap.SP_DialogOpenButton, compact
        )
        self.folder_button = tool_button(
            self.tr("Add folder…"), QtWidgets.QStyle.StandardPixmap.SP_DirOpenIcon, compact
        )
        self.compact = compact
        self._worded = sum(b.sizeHint().width() for b in (self.open_button, self.folder_button))
        """The buttons' width with their words."""
        header = QtWidgets.QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.title_label, 1)
        header.addWidget(self.open_button)
        header.addWidget(self.folder_button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(input_list, 1)

    def update_count(self, active: bool) -> None:
        count = self.input_list.count()
        text = html.escape(self.title)
        if count:
            text += f" <span style='font-weight:normal'>({count})</span>"
        self.title_label.setText(f"<b>{text}</b>" if active else text)
        self._fit_buttons(self.width())

    def minimumSizeHint(self) -> QtCore.QSize:
        """Room for the title and the buttons' icons (the words go first)."""
        size = super().minimumSizeHint()
        icons = sum(icon_width(b) for b in (self.open_button, self.folder_button))
        return QtCore.QSize(min(size.width(), self._title_width() + icons + 8), size.height())

    def _title_width(self) -> int:
        """The title's width when bold (the active list's), whatever it is now: the buttons
        do not change when the focus moves."""
        font = QtGui.QFont(self.title_label.font())
        font.setBold(True)
        count = self.input_list.count()
        text = f"{self.title} ({count})" if count else self.title
        return QtGui.QFontMetrics(font).horizontalAdvance(text) + 4

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_buttons(event.size().width())

    def _fit_buttons(self, width: int) -> None:
        """The buttons' words shown when the header has room for them, else only icons."""
        if self.compact:
            return
        worded = width >= self._title_width() + self._worded + 8
        style = Qt.ToolButtonStyle
        for button in (self.open_button, self.folder_button):
            button.setToolButtonStyle(
                style.ToolButtonTextBesideIcon if worded else style.ToolButtonIconOnly
            )
            button.setToolTip("" if worded else button.text())


class ArchiveBar(QtWidgets.QWidget):
    """The check page's archive row: which archive (the settings'), "Also check against the
    archive", "Add checked documents to the archive", the checked documents' labels, and a
    button opening the Archive window. Without an archive the boxes are off and a link leads
    to the settings. Emits ``changed`` when a box or the labels change (the window keeps
    them with the settings). A new start of the program does not tick the boxes or fill the
    labels by itself (issue 32: a check must not add to an archive, or under an author, that
    nobody chose today): the last choices are offered visibly, "Last time: …  Use again", and
    applied only by that link (:meth:`offer`)."""

    changed = Signal()
    settingsRequested = Signal()

    def __init__(self, archive_action: QtGui.QAction) -> None:
        super().__init__()
        self.location = ""
        self.icon = QtWidgets.QLabel()
        size = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_SmallIconSize)
        drive = QtWidgets.QStyle.StandardPixmap.SP_DriveHDIcon
        self.icon.setPixmap(self.style().standardIcon(drive).pixmap(size, size))
        self.name_label = QtWidgets.QLabel()
        self.name_label.setObjectName("archiveName")
        self.name_label.setTextFormat(Qt.TextFormat.RichText)
        self.name_label.linkActivated.connect(lambda _link: self.settingsRequested.emit())
        self.use_box = QtWidgets.QCheckBox(self.tr("Also check against the archive"))
        self.use_box.setObjectName("useArchive")
        self.use_box.setToolTip(
            self.tr(
                "The archived documents are sources too, beside those in the Sources list "
                "(which may then stay empty)."
            )
        )
        self.add_box = QtWidgets.QCheckBox(self.tr("Add checked documents to the archive"))
        self.add_box.setObjectName("addToArchive")
        self.add_box.setToolTip(
            self.tr(
                "After the check, the checked documents are stored in the archive with these "
                "labels, so that later checks find them."
            )
        )
        self.labels_label = QtWidgets.QLabel(self.tr("&Labels:"))
        self.labels_edit = QtWidgets.QLineEdit()
        self.labels_edit.setObjectName("archiveLabels")
        self.labels_edit.setClearButtonEnabled(True)
        self.labels_edit.setPlaceholderText(self.tr("author=Ivanova, group=301"))
        self.labels_edit.setMinimumWidth(80)
        # A narrow window squeezes the row rather than the row widening the window: each part
        # may shrink (its words cut), the labels first (they stretch).
        for widget in (self.name_label, self.use_box, self.add_box):
            widget.setMinimumWidth(40)
        self.labels_label.setBuddy(self.labels_edit)
        self._labels_tip = self.tr(
            "Labels of the checked documents as key=value pairs separated by commas (author, "
            "group, year, …). They are stored with the documents added to the archive, and an "
            "archived source with the same author is marked as self-citation."
        )
        self.labels_edit.setToolTip(self._labels_tip)
        self.last_label = QtWidgets.QLabel()
        self.last_label.setObjectName("archiveLast")
        self.last_label.setTextFormat(Qt.TextFormat.RichText)
        self.last_label.setMinimumWidth(40)
        self.last_label.linkActivated.connect(lambda _link: self.use_last())
        self.last_label.hide()
        self._last: dict[str, Any] | None = None
        self.open_button = QtWidgets.QToolButton()
        self.open_button.setDefaultAction(archive_action)
        self.open_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.open_button.setAutoRaise(True)
        self._rows = (QtWidgets.QHBoxLayout(), QtWidgets.QHBoxLayout())
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for row in self._rows:
            row.setContentsMargins(0, 0, 0, 0)
            layout.addLayout(row)
        self._two_rows: bool | None = None
        self._arrange(two_rows=False)
        self.use_box.toggled.connect(self._edited)
        self.add_box.toggled.connect(self._edited)
        self.labels_edit.textChanged.connect(self._labels_edited)
        self.labels_edit.editingFinished.connect(self.changed)

    LABELS_ROOM = 180
    """The labels field's width in one row; with less room the row is laid out in two."""

    def _arrange(self, two_rows: bool) -> None:
        """One row, or (a narrow window) the archive and its boxes above the labels."""
        if two_rows == self._two_rows:
            return
        self._two_rows = two_rows
        first, second = self._rows
        for row in self._rows:
            while row.count():
                row.takeAt(0)
        first.addWidget(self.icon)
        first.addWidget(self.name_label)
        first.addSpacing(12)
        first.addWidget(self.use_box)
        first.addSpacing(8)
        first.addWidget(self.add_box)
        if two_rows:
            first.addStretch(1)
        else:
            first.addSpacing(12)
        rest = second if two_rows else first
        rest.addWidget(self.labels_label)
        rest.addWidget(self.labels_edit, 1)
        rest.addWidget(self.last_label)
        rest.addWidget(self.open_button)
        self.updateGeometry()

    def _one_row_width(self) -> int:
        parts = (
            self.icon,
            self.name_label,
            self.use_box,
            self.add_box,
            self.labels_label,
            self.open_button,
        )
        spacing = max(self._rows[0].spacing(), 0)
        return sum(w.sizeHint().width() for w in parts) + self.LABELS_ROOM + 32 + 7 * spacing

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(two_rows=event.size().width() < self._one_row_width())

    @property
    def use_archive(self) -> bool:
        return bool(self.location) and self.use_box.isChecked()

    @property
    def add_to_archive(self) -> bool:
        return bool(self.location) and self.add_box.isChecked()

    def values(self) -> dict[str, Any]:
        """The row's settings (``use_archive``, ``add_to_archive``, ``archive_labels``): the
        last choices still offered, until the user makes others."""
        if self._last is not None:
            return dict(self._last)
        return self._shown_values()

    def _shown_values(self) -> dict[str, Any]:
        return {
            "use_archive": self.use_box.isChecked(),
            "add_to_archive": self.add_box.isChecked(),
            "archive_labels": self.labels_edit.text().strip(),
        }

    def offer(self, values: dict[str, Any]) -> None:
        """At the program's start: the settings' archive shown, the boxes off and the labels
        empty, the stored choices offered ("Last time: author=Ivanova · check · add — Use
        again") when there are any."""
        last = {
            "use_archive": bool(values.get("use_archive", False)),
            "add_to_archive": bool(values.get("add_to_archive", False)),
            "archive_labels": str(values.get("archive_labels", "") or "").strip(),
        }
        self.set_values(
            {**values, "use_archive": False, "add_to_archive": False, "archive_labels": ""}
        )
        if not any(last.values()):
            return
        self._last = last
        parts = [html.escape(last["archive_labels"])] if last["archive_labels"] else []
        if last["use_archive"]:
            parts.append(html.escape(self.tr("check against it")))
        if last["add_to_archive"]:
            parts.append(html.escape(self.tr("add to it")))
        link = html.escape(self.tr("Use again"))
        self.last_label.setText(
            html.escape(self.tr("Last time: %1")).replace("%1", " · ".join(parts))
            + f' <a href="last">{link}</a>'
        )
        self.last_label.setToolTip(
            self.tr(
                "The archive choices of your last session. They are not applied by themselves: "
                "click “Use again” to tick the boxes and fill in the labels."
            )
        )
        self.last_label.setVisible(True)

    def use_last(self) -> None:
        """Apply the offered last choices (the user clicked "Use again")."""
        last, self._last = self._last, None
        self.last_label.hide()
        if last is not None:
            self.set_values({"archive": self.location, **last})
            self.changed.emit()

    def _forget_offer(self) -> None:
        """The user chose anew: the offer of last time's choices goes."""
        if self._last is not None:
            self._last = None
            self.last_label.hide()

    def set_values(self, values: dict[str, Any]) -> None:
        """Show the settings' archive and the row's stored choices (while last time's are
        offered, the boxes stay as they are unless ``values`` asks for other choices, as a
        session's settings the user accepted do: the offer is applied only by its link)."""
        if self._last is not None:
            asked = {key: values.get(key, self._last[key]) for key in self._last}
            if asked == self._last:
                values = {**values, **self._shown_values()}
            else:
                self._forget_offer()
        self.location = str(values.get("archive", "") or "")
        for widget in (self.use_box, self.add_box, self.labels_edit):
            widget.blockSignals(True)
        self.use_box.setChecked(bool(values.get("use_archive", False)))
        self.add_box.setChecked(bool(values.get("add_to_archive", False)))
        self.labels_edit.setText(str(values.get("archive_labels", "")))
        for widget in (self.use_box, self.add_box, self.labels_edit):
            widget.blockSignals(False)
        if self.location:
            shown = shown_location(self.location)
            name = shown if is_archive_url(self.location) else Path(self.location).name
            self.name_label.setText(
                html.escape(self.tr("Archive: %1").replace("%1", name or shown))
            )
            self.name_label.setToolTip(shown)
        else:
            link = html.escape(self.tr("choose one in Settings"))
            text = html.escape(self.tr("No archive (%1)")).replace(
                "%1", f'<a href="settings">{link}</a>'
            )
            self.name_label.setText(text)
            self.name_label.setToolTip(self.tr("Settings (Ctrl+,) › Archive"))
        self._update()

    def labels_problem(self) -> str:
        """Why the labels field cannot be read, or empty."""
        template = self.tr("Not a key=value label: “%1”")
        return labels_problem(self.labels_edit.text(), template)

    def _edited(self) -> None:
        self._forget_offer()
        self._update()
        self.changed.emit()

    def _labels_edited(self) -> None:
        self._forget_offer()
        self._update()

    def _update(self) -> None:
        has = bool(self.location)
        self.use_box.setEnabled(has)
        self.add_box.setEnabled(has)
        wanted = has and (self.use_box.isChecked() or self.add_box.isChecked())
        self.labels_label.setEnabled(wanted)
        self.labels_edit.setEnabled(wanted)
        problem = self.labels_problem()
        self.labels_edit.setStyleSheet("color: #C62828;" if problem else "")
        self.labels_edit.setToolTip(
            f"{problem}\n\n{self._labels_tip}" if problem else self._labels_tip
        )


def panels_in(state: QtCore.QByteArray) -> int:
    """How many panels a ``QSplitter.saveState()`` holds (it starts with the magic number
    0xff, the format 1 and the list of sizes, big-endian); 0 for anything else."""
    data = bytes(state.data())
    if len(data) < 12 or data[:8] != b"\x00\x00\x00\xff\x00\x00\x00\x01":
        return 0
    return int.from_bytes(data[8:12], "big")


IGNORE_SHARE = 0.22
"""The Ignore panel's share of the lists' width (it usually holds one or two files)."""
CHECK_SHARES = (0.31, 0.25, 0.22, 0.22)
"""*Check against sources*: the shares of Documents, Sources, Web and Ignore (the titles with
their buttons' words fit in English)."""


def input_splitter(
    name: str, panels: list[QtWidgets.QWidget], last: float, shares: tuple[float, ...] = ()
) -> QtWidgets.QSplitter:
    """The input panels side by side, the last one (Ignore) given ``last`` of the width, or
    each its share of ``shares``."""
    splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName(name)
    for panel in panels:
        splitter.addWidget(panel)
    splitter.setChildrenCollapsible(False)
    width = DEFAULT_SIZE.width()
    rest = (1 - last) / (len(panels) - 1)
    shares = shares or (*([rest] * (len(panels) - 1)), last)
    splitter.setSizes([round(width * share) for share in shares])
    for n in range(len(panels) - 1):
        splitter.setStretchFactor(n, 1)
    splitter.setStretchFactor(len(panels) - 1, 0)
    return splitter


def icon_width(button: QtWidgets.QToolButton) -> int:
    """A tool button's width showing only its icon."""
    metric = QtWidgets.QStyle.PixelMetric.PM_SmallIconSize
    return button.style().pixelMetric(metric) + 10


def tool_button(
    text: str, icon: QtWidgets.QStyle.StandardPixmap, icon_only: bool = False
) -> QtWidgets.QToolButton:
    button = QtWidgets.QToolButton()
    button.setText(text)
    button.setIcon(button.style().standardIcon(icon))
    if icon_only:
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        button.setToolTip(text)
    else:
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    button.setAutoRaise(True)
    return button


class Placeholder(QtWidgets.QWidget):
    """The empty results area: a title, a hint and a button (hidden unless it is needed)."""

    def __init__(self) -> None:
        super().__init__()
        self.title = QtWidgets.QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title.setFont(font)
        self.hint = QtWidgets.QLabel()
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        for label in (self.title, self.hint):
            label.setEnabled(False)
        self.button = QtWidgets.QPushButton()
        self.button.setObjectName("placeholderButton")
        self.button.setVisible(False)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)

    def set_text(self, title: str, hint: str) -> None:
        self.title.setText(title)
        self.hint.setText(hint)


def default_size(widget: QtWidgets.QWidget) -> QtCore.QSize:
    """1200 × 800, or less on a small screen (at most 92 % of the space available)."""
    screen = widget.screen() or QtGui.QGuiApplication.primaryScreen()
    if screen is None:
        return DEFAULT_SIZE
    available = screen.availableGeometry().size()
    room = QtCore.QSize(int(available.width() * 0.92), int(available.height() * 0.92))
    return DEFAULT_SIZE.boundedTo(room) if room.isValid() else DEFAULT_SIZE
