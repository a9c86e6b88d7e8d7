"""The main window's actions: File, Run and Tools menus, the toolbar and their keys.

:class:`WindowActions` makes every command of the window a ``QAction`` (its text, icon,
keyboard shortcuts and status tip, the first key in its tooltip), puts them in the menus and
the toolbar, and enables them for the state the window is in (:meth:`WindowActions.update`).
What an action does is the window's: the actions call the commands of :class:`Commands` and
of the session manager (:class:`SessionCommands`), nothing else.

What must hold: every action is added to the window itself, so its keys work wherever the
focus is (the shortcuts dialog, Help › Keyboard shortcuts, lists them from there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from copylens.app.about import install_help_menu
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.run import CHECK
from copylens.core import CheckReport

ACTIONS = (
    "open_action",
    "open_folder_action",
    "paste_action",
    "new_text_action",
    "open_session_action",
    "save_session_action",
    "save_session_as_action",
    "history_action",
    "run_action",
    "cancel_action",
    "settings_action",
    "archive_action",
    "export_action",
    "print_action",
    "certificate_action",
    "exclusions_action",
    "quit_action",
    "shortcuts_action",
    "about_action",
    "recent_menu",
)
"""The actions (and the Recent menu) by name, as the window keeps them too."""


class Commands(Protocol):
    """What the window's actions do (:class:`copylens.app.window.MainWindow` provides it)."""

    def open_files(self) -> None: ...
    def open_folder(self) -> None: ...
    def paste_text(self) -> None: ...
    def new_text(self) -> object: ...
    def start_run(self) -> None: ...
    def cancel_run(self) -> None: ...
    def open_settings(self) -> object: ...
    def open_archive_window(self) -> object: ...
    def export_report(self) -> None: ...
    def print_report(self) -> None: ...
    def certificate(self) -> None: ...
    def edit_exclusions(self) -> None: ...


class SessionCommands(Protocol):
    """The session manager's commands (:class:`copylens.app.session.SessionManager`)."""

    def open_dialog(self) -> object: ...
    def save(self) -> object: ...
    def save_as(self) -> object: ...
    def show_history(self) -> object: ...
    def fill_recent(self, menu: QtWidgets.QMenu) -> None: ...


class WindowActions(QtCore.QObject):
    """The window's actions, in its menus and toolbar, enabled for its state."""

    def __init__(
        self, window: QtWidgets.QMainWindow, commands: Commands, sessions: SessionCommands
    ) -> None:
        super().__init__(window)
        self.window = window
        self._make_file_actions(commands, sessions)
        self._make_run_actions(commands)
        self._make_menus(sessions)
        self.shortcuts_action, self.about_action = install_help_menu(window)
        self._make_toolbar()

    def _action(
        self,
        text: str,
        slot: Callable[[], Any],
        shortcuts: Sequence[Any],
        icon: QtWidgets.QStyle.StandardPixmap,
        tip: str = "",
    ) -> QtGui.QAction:
        """An action of the window: ``text`` and ``icon``, ``slot`` when triggered, its keys
        (the first in its tooltip) working anywhere in the window, ``tip`` in the status bar."""
        action = QtGui.QAction(self.window.style().standardIcon(icon), text, self.window)
        keys = [QtGui.QKeySequence(k) for k in shortcuts]
        action.setShortcuts([k for k in keys if not k.isEmpty()])
        if keys:
            native = keys[0].toString(QtGui.QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{text} ({native})")
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.window.addAction(action)
        return action

    def _make_file_actions(self, commands: Commands, sessions: SessionCommands) -> None:
        """File's actions and History, made in the order the shortcuts dialog lists them."""
        sp = QtWidgets.QStyle.StandardPixmap
        key = QtGui.QKeySequence.StandardKey
        self.open_action = self._action(
            self.tr("Open files…"), commands.open_files, [key.Open], sp.SP_DialogOpenButton
        )
        self.open_folder_action = self._action(
            self.tr("Open folder…"), commands.open_folder, ["Ctrl+Shift+O"], sp.SP_DirOpenIcon
        )
        self.paste_action = self._action(
            self.tr("Paste text"),
            commands.paste_text,
            ["Ctrl+Shift+V"],
            sp.SP_FileDialogContentsView,
            self.tr("Adds the text on the clipboard to the selected list as a document."),
        )
        self.new_text_action = self._action(
            self.tr("New text…"),
            commands.new_text,
            [key.New],
            sp.SP_FileIcon,
            self.tr("Type or paste a text, edit it, and check it as a document."),
        )
        self.open_session_action = self._action(
            self.tr("Open session…"), sessions.open_dialog, ["Ctrl+Alt+O"], sp.SP_DirOpenIcon
        )
        self.save_session_action = self._action(
            self.tr("Save session"), sessions.save, [key.Save], sp.SP_DialogSaveButton
        )
        self.save_session_as_action = self._action(
            self.tr("Save session as…"), sessions.save_as, [key.SaveAs], sp.SP_DialogSaveButton
        )
        self.history_action = self._action(
            self.tr("History…"),
            sessions.show_history,
            ["Ctrl+H"],
            sp.SP_FileDialogListView,
            self.tr("Earlier checks with their figures."),
        )

    def _make_run_actions(self, commands: Commands) -> None:
        """Run, Tools, the report's actions and Quit."""
        sp = QtWidgets.QStyle.StandardPixmap
        self.run_action = self._action(
            self.tr("Check"), commands.start_run, ["Ctrl+Return", "Ctrl+Enter"], sp.SP_MediaPlay
        )
        self.cancel_action = self._action(
            self.tr("Cancel"), commands.cancel_run, ["Esc"], sp.SP_BrowserStop
        )
        self.settings_action = self._action(
            self.tr("Settings…"), commands.open_settings, ["Ctrl+,"], sp.SP_FileDialogDetailedView
        )
        self.settings_action.setMenuRole(QtGui.QAction.MenuRole.PreferencesRole)
        self.archive_action = self._action(
            self.tr("Archive…"),
            commands.open_archive_window,
            ["Ctrl+Shift+A"],
            sp.SP_DriveHDIcon,
            self.tr("The archive of earlier documents: list, add, remove, read."),
        )
        self.export_action = self._action(
            self.tr("Export report…"), commands.export_report, ["Ctrl+E"], sp.SP_DialogSaveButton
        )
        self.print_action = self._action(
            self.tr("Print report…"),
            commands.print_report,
            ["Ctrl+P"],
            sp.SP_FileDialogContentsView,
        )
        self.certificate_action = self._action(
            self.tr("Certificate…"),
            commands.certificate,
            ["Ctrl+Shift+E"],
            sp.SP_FileDialogDetailedView,
            self.tr("A one-page certificate per checked document, to sign, before the report."),
        )
        self.exclusions_action = self._action(
            self.tr("Exclusions…"),
            commands.edit_exclusions,
            ["Ctrl+Shift+X"],
            sp.SP_DialogResetButton,
            self.tr("Leave short matches or sources out and count every share again."),
        )
        self.quit_action = self._action(
            self.tr("Quit"), self.window.close, ["Ctrl+Q"], sp.SP_DialogCloseButton
        )
        self.quit_action.setMenuRole(QtGui.QAction.MenuRole.QuitRole)

    def _make_menus(self, sessions: SessionCommands) -> None:
        bar = self.window.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addActions([self.open_action, self.open_folder_action, self.paste_action])
        file_menu.addAction(self.new_text_action)
        file_menu.addSeparator()
        file_menu.addActions(
            [self.open_session_action, self.save_session_action, self.save_session_as_action]
        )
        self.recent_menu = file_menu.addMenu(self.tr("Recent"))
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(lambda: sessions.fill_recent(self.recent_menu))
        file_menu.addSeparator()
        file_menu.addActions([self.export_action, self.print_action, self.certificate_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        run_menu = bar.addMenu(self.tr("&Run"))
        run_menu.addActions([self.run_action, self.cancel_action])
        run_menu.addAction(self.exclusions_action)
        tools_menu = bar.addMenu(self.tr("&Tools"))
        tools_menu.addAction(self.archive_action)
        tools_menu.addAction(self.history_action)
        tools_menu.addAction(self.settings_action)

    def _make_toolbar(self) -> None:
        toolbar = self.window.addToolBar(self.tr("Main"))
        toolbar.setObjectName("mainToolBar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions(
            [self.open_action, self.open_folder_action, self.paste_action, self.new_text_action]
        )
        toolbar.addSeparator()
        toolbar.addActions([self.run_action, self.cancel_action])
        toolbar.addSeparator()
        toolbar.addActions([self.export_action, self.settings_action])

    def update(self, mode: str, running: bool, report: object, target: str, busy: str) -> None:
        """Enable the actions for the window's state: ``mode``'s last ``report`` (None before
        one), a run going (``running``, Run named ``busy`` then), and where Open puts files
        (the list titled ``target``)."""
        self.run_action.setText(self.tr("Check") if mode == CHECK else self.tr("Compare"))
        self.cancel_action.setEnabled(running)
        self.export_action.setEnabled(report is not None and not running)
        self.print_action.setEnabled(self.export_action.isEnabled())
        self.certificate_action.setEnabled(
            self.export_action.isEnabled() and isinstance(report, CheckReport)
        )
        self.exclusions_action.setEnabled(self.certificate_action.isEnabled())
        self.open_action.setStatusTip(self.tr("Add files to “%1”").replace("%1", target))
        self.open_folder_action.setStatusTip(self.tr("Add a folder to “%1”").replace("%1", target))
        self.run_action.setEnabled(not running)
        if running:
            self.run_action.setText(busy)  # busy while it runs
