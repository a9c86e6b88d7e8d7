"""``copylens-gui [PATH...]``: the desktop app's entry point.

Keeps its imports light: the engine's worker processes are spawned and import the main module,
so Qt is imported inside :func:`main`, never at module level.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Open the window with PATHs (files or folders) in the Documents list; return exit code."""
    multiprocessing.freeze_support()  # a frozen (PyInstaller) build starts workers through here
    args = list(sys.argv[1:] if argv is None else argv)

    if "--self-test" in args:  # the frozen app's check, without a window
        from copylens.app import selftest

        return int(selftest.run())

    from copylens.app import i18n, settings
    from copylens.app.errors_dialog import install_excepthook
    from copylens.app.qt import QtCore, QtGui, QtWidgets
    from copylens.app.window import MainWindow

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
    i18n.install_translator(app, values["ui_language"])
    window = MainWindow(values)
    if paths:
        window.add_paths(paths, window.documents_list)
    window.show()
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
