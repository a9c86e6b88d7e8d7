"""The one place that shows errors to the user.

:func:`show_error` opens a dialog with the message and, folded away, copyable details (a
traceback for bugs). Every error the app shows goes through it: failed runs, groupings and
folder walks (``copylens.app.worker`` sends a job's error here unless its owner handles it),
invalid settings, a report that could not be saved. :func:`install_excepthook` sends every
uncaught exception on the Qt thread there, so a bug in a slot shows a dialog and the app keeps
running. Problems with single input files are not errors of the app: the window marks those
items in its lists instead.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("ErrorDialog", text)


class ErrorDialog(QtWidgets.QDialog):
    """A message, a "Details" toggle revealing copyable text, and Copy details / Close."""

    def __init__(
        self, parent: QtWidgets.QWidget | None, message: str, details: str, title: str = ""
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title or self.tr("CopyLens: error"))
        self.setObjectName("errorDialog")
        self.message = message
        self.details = details

        icon = QtWidgets.QLabel()
        size = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_MessageBoxIconSize)
        standard = QtWidgets.QStyle.StandardPixmap.SP_MessageBoxCritical
        icon.setPixmap(self.style().standardIcon(standard).pixmap(size, size))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        text = QtWidgets.QLabel(message)
        text.setObjectName("errorMessage")
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setMinimumWidth(360)

        self.details_box = QtWidgets.QPlainTextEdit(details)
        self.details_box.setObjectName("errorDetails")
        self.details_box.setReadOnly(True)
        self.details_box.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.NoWrap)
        self.details_box.setFont(QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.FixedFont))
        self.details_box.setMinimumHeight(180)
        self.details_box.setVisible(False)

        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.toggle_button = buttons.addButton(
            self.tr("Show details"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole
        )
        self.toggle_button.setCheckable(True)
        self.toggle_button.toggled.connect(self._toggle_details)
        self.copy_button = buttons.addButton(
            self.tr("Copy details"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.clicked.connect(self.copy_details)
        has_details = bool(details.strip())
        self.toggle_button.setVisible(has_details)

        top = QtWidgets.QHBoxLayout()
        top.addWidget(icon)
        top.addWidget(text, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.details_box, 1)
        layout.addWidget(buttons)

    def copy_details(self) -> None:
        """Message and details to the clipboard, ready to paste into a bug report."""
        text = self.message if not self.details else f"{self.message}\n\n{self.details}"
        QtGui.QGuiApplication.clipboard().setText(text)

    def _toggle_details(self, shown: bool) -> None:
        self.details_box.setVisible(shown)
        self.toggle_button.setText(self.tr("Hide details") if shown else self.tr("Show details"))
        self.adjustSize()


def show_error(
    parent: QtWidgets.QWidget | None, message: str, details: str = "", title: str = ""
) -> ErrorDialog:
    """Show ``message`` (and foldable ``details``) without blocking; return the dialog.

    ``title`` names what failed ("Export failed"); by default the window says "CopyLens: error".

    The same error already on screen is not shown twice (a bug in a repeated slot would
    otherwise open a dialog per call).
    """
    for widget in QtWidgets.QApplication.topLevelWidgets():
        if (
            isinstance(widget, ErrorDialog)
            and widget.isVisible()
            and (widget.message, widget.details) == (message, details)
        ):
            widget.raise_()
            return widget
    dialog = ErrorDialog(parent, message, details, title)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setWindowModality(
        Qt.WindowModality.WindowModal if parent else Qt.WindowModality.ApplicationModal
    )
    dialog.show()
    return dialog


def install_excepthook() -> ExceptHook:
    """Route uncaught exceptions to :func:`show_error`; return the hook it replaced.

    The traceback is also written to stderr. An exception raised off the Qt thread is
    handed to the Qt thread first; dialogs are only ever made there.
    """
    previous = sys.excepthook
    sys.excepthook = _excepthook
    return previous


def _excepthook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    details = "".join(traceback.format_exception(kind, error, tb))
    sys.stderr.write(details)
    if issubclass(kind, KeyboardInterrupt):
        app = QtWidgets.QApplication.instance()
        if app is not None:
            app.quit()
        return
    message = _tr("CopyLens hit an unexpected problem. You can keep working.")
    message = f"{message}\n\n{kind.__name__}: {error}"
    _post_to_qt_thread(lambda: show_error(QtWidgets.QApplication.activeWindow(), message, details))


def _post_to_qt_thread(call: Callable[[], object]) -> None:
    app = QtWidgets.QApplication.instance()
    if app is None:
        return
    if QtCore.QThread.currentThread() == app.thread():
        call()
    else:
        QtCore.QTimer.singleShot(0, app, call)
