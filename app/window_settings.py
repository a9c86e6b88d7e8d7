"""The main window's settings and layout, kept between runs of CopyLens.

:class:`WindowSettings` holds the values the window runs with (:mod:`copylens.app.settings`:
saved at once, loaded at start), opens the Settings dialog, and keeps what the archive row and
the Web section change with the rest (:meth:`WindowSettings.keep`). What the new values change
in the window is the window's (it listens to ``applied``).

:func:`restore_layout` and :func:`save_layout` keep the window's geometry, its splitters and
its mode in the settings store (``window/…``). What must hold: a splitter's state saved before
it had its present panels (Ignore came later) is not restored; its default sizes stay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from copylens.app import settings
from copylens.app.qt import Qt, QtCore, QtWidgets, Signal, Slot
from copylens.app.run import MODES
from copylens.app.settings_dialog import SettingsDialog
from copylens.app.window_parts import panels_in


class WindowSettings(QtCore.QObject):
    """The window's settings (``values``), saved whenever they change.

    Signals:
        applied(bool): new values from the dialog or a session; True when they change the
            interface language (used after a restart).
    """

    applied = Signal(bool)

    def __init__(
        self, values: Mapping[str, Any] | None = None, parent: QtCore.QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.values: dict[str, Any] = dict(values) if values is not None else settings.load()

    def open_dialog(self, parent: QtWidgets.QWidget) -> QtWidgets.QDialog:
        """Show the settings dialog (non-blocking); OK saves and applies the values."""
        dialog = SettingsDialog(self.values, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply(dialog.values()))
        dialog.open()
        return dialog

    @Slot(object)
    def apply(self, values: Mapping[str, Any]) -> None:
        """Save ``values`` and use them from now on (``applied`` says so)."""
        language_changed = values.get("ui_language") != self.values.get("ui_language")
        settings.save(dict(values))
        self.values = dict(values)
        self.applied.emit(language_changed)

    def keep(self, part: Mapping[str, Any]) -> None:
        """Keep the archive row's or the Web section's values with the settings (saved if
        they differ); nothing else follows."""
        values = self.values | dict(part)
        if values != self.values:
            self.values = values
            settings.save(values)


def restore_layout(window: QtWidgets.QMainWindow, splitters: Iterable[QtWidgets.QSplitter]) -> str:
    """Give ``window`` the geometry and ``splitters`` the sizes saved last; return the mode
    shown last ("" if none was saved)."""
    qs = settings.store()
    geometry = qs.value("window/geometry")
    if isinstance(geometry, QtCore.QByteArray) and not geometry.isEmpty():
        window.restoreGeometry(geometry)
    for splitter in splitters:
        state = qs.value(f"window/{splitter.objectName()}")
        if isinstance(state, QtCore.QByteArray) and panels_in(state) == splitter.count():
            splitter.restoreState(state)  # not one saved before a panel came (Ignore)
    mode = qs.value("window/mode")
    return str(mode) if mode in MODES else ""


def save_layout(
    window: QtWidgets.QMainWindow, splitters: Iterable[QtWidgets.QSplitter], mode: str
) -> None:
    """Keep ``window``'s geometry, the sizes of ``splitters`` and the ``mode`` shown."""
    qs = settings.store()
    qs.setValue("window/geometry", window.saveGeometry())
    for splitter in splitters:
        qs.setValue(f"window/{splitter.objectName()}", splitter.saveState())
    qs.setValue("window/mode", mode)
    qs.sync()
