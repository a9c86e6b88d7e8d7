"""``copylens-gui [PATH...]``: the desktop app's entry point.

Keeps its imports light: the engine's ``forkserver`` imports the main module once, and pool
workers are forked from it, so Qt is imported inside :func:`main`, never at module level.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
from collections.abc import Sequence
from types import ModuleType


def main(argv: Sequence[str] | None = None) -> int:
    """Open the window with PATHs (files or folders) in the Documents list; return exit code."""
    multiprocessing.freeze_support()  # a frozen (PyInstaller) build starts workers through here
    args = list(sys.argv[1:] if argv is None else argv)

    # --- hook for the packaging engineer: the frozen app's self-test --------------------
    if "--self-test" in args:
        from app import selftest  # written by the packaging engineer

        return int(selftest.run())
    # -------------------------------------------------------------------------------------

    from app import settings
    from app.errors_dialog import install_excepthook
    from app.qt import QtCore, QtGui, QtWidgets
    from app.window import MainWindow

    QtCore.QCoreApplication.setOrganizationName(settings.ORGANIZATION)
    QtCore.QCoreApplication.setApplicationName(settings.APPLICATION)
    QtGui.QGuiApplication.setApplicationDisplayName("CopyLens")
    existing = QtWidgets.QApplication.instance()
    app = existing if existing is not None else QtWidgets.QApplication([sys.argv[0], *args])
    paths = [a for a in QtWidgets.QApplication.arguments()[1:] if not a.startswith("-")]
    if existing is not None:
        paths = [a for a in args if not a.startswith("-")]
    install_excepthook()
    values = settings.load()
    i18n = _optional_module("app.i18n")
    if i18n is not None:
        i18n.install_translator(app, values["ui_language"])
    window = MainWindow(values)
    if paths:
        window.add_paths(paths, window.documents_list)
    window.show()
    return int(app.exec())


def _optional_module(name: str) -> ModuleType | None:
    """The module if it is installed (other engineers' optional parts), else None."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


if __name__ == "__main__":
    sys.exit(main())
