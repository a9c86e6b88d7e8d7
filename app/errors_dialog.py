"""The one place that shows errors to the user.

:func:`show_error` opens a dialog with the message and, folded away, copyable details (a
traceback for bugs). Every error the app shows goes through it: failed runs, groupings and
folder walks (``copylens.app.worker`` sends a job's error here unless its owner handles it),
invalid settings, a report that could not be saved. :func:`install_excepthook` sends every
uncaught exception on the Qt thread there, so a bug in a slot shows a dialog and the app keeps
running.

Problems with single input files are not errors of the app: the window marks those items in
its lists and results, and :func:`show_failures` lists them all (:class:`FailuresDialog`,
opened from the status bar's error count) with their reasons and :func:`failure_advice`, what
to do about each.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Sequence
from types import TracebackType

from copylens.app.presentation import display_names, failure_text, is_web_address
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.core import InputFailure

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
        self.details_box.setFont(
            QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont)
        )
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


# ====================================================================== files not read


ADVICE = (
    (
        ("no text layer",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "Run OCR on the scanned PDF first (for example with OCRmyPDF or the scanner's "
            "software), then add the new file.",
        ),
    ),
    (
        ("password", "encrypted"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "Open it in its program, save a copy without the password and add that copy.",
        ),
    ),
    (
        ("not found", "broken symbolic link"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "The file was moved or deleted: add it again from where it is now."
        ),
    ),
    (
        ("permission denied", "cannot access", "cannot read", "cannot list"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "Check that your account may read the file (or copy it into your own folder), "
            "then add it again.",
        ),
    ),
    (
        ("not a regular file", "is a folder"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "Add the documents themselves (files), not a device, pipe or folder."
        ),
    ),
    (
        ("unsupported file type", "no extension"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "Save it as .docx, .odt, .pdf, .rtf or .txt and add that file."
        ),
    ),
    (
        ("catdoc", "could not be started"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "Install catdoc or antiword, or save the file as .docx."
        ),
    ),
    (
        ("empty", "no text found", "no words left"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "The file holds no text to check: make sure it is the right file."
        ),
    ),
    (
        ("internal error",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "This is a bug in CopyLens: please report it, with the file if you can."
        ),
    ),
    (
        ("over the", "too deeply"),
        QtCore.QT_TRANSLATE_NOOP("ErrorDialog", "Split the file into smaller parts and add those."),
    ),
    (
        ("damaged", "not a", "binary data", "loop", "entity", "took longer", "stopped the reader"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The file may be damaged or not what its name says: open it in its program, save "
            "it again (for example as .docx or .pdf) and add the new file.",
        ),
    ),
)
"""What to do about a file that could not be read, by words of the engine's English template
(the first rule whose words occur wins); translated under context "ErrorDialog"."""

WEB_ADVICE = (
    (
        ("no key", "refused the key", "folder id"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "Enter a valid API key of the search provider in Settings › Web search (for Yandex, "
            "with its folder ID), or choose another provider.",
        ),
    ),
    (
        ("quota",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The provider's quota for your key is used up: wait until it renews, raise it in "
            "your account with the provider, or lower the queries per check in Settings.",
        ),
    ),
    (
        ("slow down",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "The server asks for fewer requests: check again in a few minutes."
        ),
    ),
    (
        ("local or private",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The address points into this computer or a private network. If you mean it (an "
            "intranet page), tick “Allow local and intranet addresses” in Settings › Web "
            "search.",
        ),
    ),
    (
        ("robots.txt",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The site asks programs like CopyLens not to download this page. Open it in your "
            "browser, save it (File › Save page as) and add the saved file as a source.",
        ),
    ),
    (
        ("certificate", "secure connection"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The site's security certificate is not valid or not trusted: check that the "
            "address is right. CopyLens does not download pages over a connection it cannot "
            "trust.",
        ),
    ),
    (
        (
            "could not be found",
            "could not be reached",
            "no network",
            "refused the connection",
            "no answer",
            "took longer",
            "broke off",
        ),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "Check the address and your internet connection, then check again; a site that is "
            "down may answer later.",
        ),
    ),
    (
        ("content type", "what kind of document"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The address gives no text page (an image, a video, a program): give the address "
            "of the page or document itself.",
        ),
    ),
    (
        ("larger than",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The page is over the size limit: download it yourself and add the parts you "
            "need as a file.",
        ),
    ),
    (
        ("redirects",),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The site sends CopyLens from address to address without end: open the page in "
            "your browser and give the address it ends at.",
        ),
    ),
    (
        (" 401", " 403", "forbidden", "unauthorized"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The site does not let CopyLens read the page (it may need you to log in): open it "
            "in your browser, save it and add the saved file as a source.",
        ),
    ),
    (
        (" 404", " 410", "not found", "gone"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog",
            "The page is not there (any more): check the address, or look for the page in a "
            "web archive and add its address.",
        ),
    ),
    (
        ("internal error", "failed while", "failed on"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "This is a bug in CopyLens: please report it, with the file if you can."
        ),
    ),
    (
        ("not a valid web address", "not a web address", "only http"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "Give a whole address, starting with https:// or http://."
        ),
    ),
    (
        ("answered", "compressed", "cannot read", "reported error"),
        QtCore.QT_TRANSLATE_NOOP(
            "ErrorDialog", "The site has a problem of its own: check again later."
        ),
    ),
)
"""What to do about a web address that gave no page, or a web search that failed (the rules
of :data:`ADVICE` do not fit them: "not found" there means a moved file); the first rule
whose words occur in the engine's English template, or in its values, wins."""
WEB_SEARCH = "web search"
"""How the engine names a failed search among the errors ("web search (Brave Search API)")."""


def is_web_failure(failure: InputFailure) -> bool:
    """``failure`` is a web address's or a web search's, not a file's."""
    return is_web_address(failure.path) or failure.path.startswith(WEB_SEARCH)


def failure_advice(failure: InputFailure) -> str:
    """What the user can do about ``failure``, in the interface language ("" if nothing)."""
    reason = (failure.template or failure.error).casefold()
    rules = ADVICE
    if is_web_failure(failure):  # "the server answered {status}": the status tells
        rules = WEB_ADVICE
        reason = " ".join([reason, *(str(value).casefold() for _key, value in failure.params)])
    for words, advice in rules:
        if any(word in reason for word in words):
            return _tr(str(advice))
    return ""


class FailuresDialog(QtWidgets.QDialog):
    """Every file of a run that could not be read: its short name (the whole path in a
    tooltip), the reason and what to do, in a table; *Copy list* puts "path — reason" lines on
    the clipboard. Not modal: the user may fix files while it is open."""

    def __init__(self, parent: QtWidgets.QWidget | None, failures: Sequence[InputFailure]) -> None:
        super().__init__(parent)
        self.setObjectName("failuresDialog")
        self.setWindowTitle(self.tr("Files that could not be read"))
        translate = QtCore.QCoreApplication.translate
        self.failures = list(failures)
        self.reasons = [failure_text(f, translate) for f in self.failures]
        names = display_names(f.path for f in self.failures)
        text = self.tr("Files that could not be read: %1. They are left out of the results.")
        message = QtWidgets.QLabel(text.replace("%1", str(len(self.failures))))
        message.setObjectName("failuresMessage")
        message.setWordWrap(True)
        self.table = QtWidgets.QTreeWidget()
        self.table.setObjectName("failuresTable")
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(True)
        self.table.setHeaderLabels([self.tr("File"), self.tr("Reason"), self.tr("What to do")])
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        warning = self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
        for failure, reason in zip(self.failures, self.reasons, strict=True):
            advice = failure_advice(failure)
            item = QtWidgets.QTreeWidgetItem([names[failure.path], reason, advice])
            item.setIcon(0, warning)
            item.setToolTip(0, failure.path)
            item.setToolTip(1, reason)
            item.setToolTip(2, advice)
            self.table.addTopLevelItem(item)
        self.detail = QtWidgets.QLabel()
        self.detail.setObjectName("failureDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table.currentItemChanged.connect(self._show_detail)
        header = self.table.header()
        header.setStretchLastSection(True)
        for column in (0, 1):
            header.setSectionResizeMode(column, QtWidgets.QHeaderView.ResizeMode.Interactive)
            self.table.resizeColumnToContents(column)
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), 320))
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.copy_button = buttons.addButton(
            self.tr("Copy list"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole
        )
        self.copy_button.clicked.connect(self.copy_list)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(message)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail)
        layout.addWidget(buttons)
        self.resize(900, 420)
        first = self.table.topLevelItem(0)
        if first is not None:
            self.table.setCurrentItem(first)

    def _show_detail(self, item: QtWidgets.QTreeWidgetItem | None, _previous: object) -> None:
        """The selected file in full: path, reason and what to do (the table cuts them)."""
        if item is None:
            self.detail.clear()
            return
        lines = [item.toolTip(0), item.text(1), item.text(2)]
        self.detail.setText("\n".join(line for line in lines if line))

    def text(self) -> str:
        """One line per file: its whole path, a dash and the reason."""
        pairs = zip(self.failures, self.reasons, strict=True)
        return "\n".join(f"{f.path} — {reason}" for f, reason in pairs)

    def copy_list(self) -> None:
        QtGui.QGuiApplication.clipboard().setText(self.text())


def show_failures(
    parent: QtWidgets.QWidget | None, failures: Sequence[InputFailure]
) -> FailuresDialog:
    """Show the files that could not be read (non-blocking); one such dialog at a time."""
    for widget in QtWidgets.QApplication.topLevelWidgets():
        if isinstance(widget, FailuresDialog) and widget.isVisible():
            widget.close()
    dialog = FailuresDialog(parent, failures)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.raise_()
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
