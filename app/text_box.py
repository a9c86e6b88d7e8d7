"""The text box: type or paste a text, edit it, and check it as a document.

:class:`TextEditor` is a dialog with the text's name and an editing area. Its text becomes a
row of an input list, the same kind of row as pasted text (a ``TextInput``: the engine checks
it like a file, offsets into this very text). Double-clicking such a row opens the editor
again; saving replaces the row in place (same position, new text).
"""

from __future__ import annotations

from collections.abc import Iterable

from copylens.app.inputs import INPUT_ROLE, InputList
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.core import TextInput, word_count


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("TextEditor", text)


class TextEditor(QtWidgets.QDialog):
    """A named text to type, paste and edit. ``taken`` are the names other rows use (a name
    must be unique in a run). Emits ``submitted(name, text, check)`` when accepted; ``check`` is
    True for "Add and check"."""

    submitted = Signal(str, str, bool)

    def __init__(
        self,
        parent: QtWidgets.QWidget | None,
        name: str,
        text: str = "",
        taken: Iterable[str] = (),
        editing: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("textEditor")
        self.setWindowTitle(self.tr("Edit text") if editing else self.tr("New text"))
        self.taken = set(taken) - {name}
        self.name_edit = QtWidgets.QLineEdit(name)
        self.name_edit.setObjectName("textName")
        self.name_edit.setToolTip(self.tr("How the text is called in the lists and reports."))
        name_label = QtWidgets.QLabel(self.tr("&Name:"))
        name_label.setBuddy(self.name_edit)
        self.text_edit = QtWidgets.QPlainTextEdit()
        self.text_edit.setObjectName("textBody")
        self.text_edit.setPlaceholderText(
            self.tr("Type or paste the text here. It is checked as it is written here.")
        )
        self.text_edit.setPlainText(text)
        self.text_edit.setTabChangesFocus(True)
        font = self.text_edit.font()
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.text_edit.setFont(font)
        self.count_label = QtWidgets.QLabel()
        self.count_label.setObjectName("textCount")
        self.count_label.setEnabled(False)
        self.problem_label = QtWidgets.QLabel()
        self.problem_label.setObjectName("textProblem")
        self.problem_label.setStyleSheet("color: #C62828;")

        buttons = QtWidgets.QDialogButtonBox()
        self.ok_button = buttons.addButton(
            self.tr("Save") if editing else self.tr("Add to the list"),
            QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.check_button = buttons.addButton(
            self.tr("Save and check") if editing else self.tr("Add and check"),
            QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.check_button.setToolTip(self.tr("Start the check at once (Ctrl+Enter)."))
        buttons.addButton(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.ok_button.setDefault(False)
        self.ok_button.setAutoDefault(False)
        self.check_button.setAutoDefault(False)
        self.ok_button.clicked.connect(lambda: self._finish(check=False))
        self.check_button.clicked.connect(lambda: self._finish(check=True))
        buttons.rejected.connect(self.reject)
        shortcut = QtGui.QShortcut(QtGui.QKeySequence("Ctrl+Return"), self)
        shortcut.activated.connect(lambda: self._finish(check=True))

        top = QtWidgets.QHBoxLayout()
        top.addWidget(name_label)
        top.addWidget(self.name_edit, 1)
        bottom = QtWidgets.QHBoxLayout()
        bottom.addWidget(self.count_label)
        bottom.addWidget(self.problem_label, 1)
        bottom.addWidget(buttons)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.text_edit, 1)
        layout.addLayout(bottom)
        self.resize(760, 560)
        self.name_edit.textChanged.connect(self._update)
        self.text_edit.textChanged.connect(self._update)
        self._update()
        self.text_edit.setFocus()

    @property
    def name(self) -> str:
        return self.name_edit.text().strip()

    @property
    def text(self) -> str:
        return self.text_edit.toPlainText()

    def problem(self) -> str:
        """Why the text cannot be added yet, or empty."""
        if not self.text.strip():
            return self.tr("The text is empty.")
        if not self.name:
            return self.tr("Give the text a name.")
        if self.name in self.taken:
            return self.tr("Another item is already called “%1”.").replace("%1", self.name)
        return ""

    def _update(self) -> None:
        words = word_count(self.text)
        self.count_label.setText(self.tr("Words: %1").replace("%1", str(words)))
        problem = self.problem()
        self.problem_label.setText(problem if self.text.strip() else "")
        self.ok_button.setEnabled(not problem)
        self.check_button.setEnabled(not problem)

    def _finish(self, check: bool) -> None:
        if self.problem():
            return
        self.submitted.emit(self.name, self.text, check)
        self.accept()


def unique_name(base: str, taken: set[str]) -> str:
    """``base`` with the smallest number from 1 that no row uses ("Text 1", "Text 2", …)."""
    number = 1
    while (name := base.replace("%1", str(number))) in taken:
        number += 1
    return name


def taken_names(lists: Iterable[InputList]) -> set[str]:
    """The names of the text rows of ``lists``."""
    return {item.name for lst in lists for item in lst.inputs() if isinstance(item, TextInput)}


def replace_text(target: InputList, item: QtWidgets.QListWidgetItem, name: str, text: str) -> None:
    """Put ``TextInput(name, text)`` in place of ``item`` (same row) and select it."""
    row = target.row(item)
    old = item.data(INPUT_ROLE)
    if old == TextInput(name, text):
        return
    target.takeItem(row)
    fresh = target.add_text(name, text)
    target.takeItem(target.row(fresh))
    target.insertItem(row, fresh)
    target.setCurrentItem(fresh)


def is_text_item(item: QtWidgets.QListWidgetItem | None) -> bool:
    return item is not None and isinstance(item.data(INPUT_ROLE), TextInput)


def editor_for(
    parent: QtWidgets.QWidget, target: InputList, lists: Iterable[InputList]
) -> TextEditor:
    """A new-text editor whose text, when accepted, becomes a row of ``target``."""
    taken = taken_names(lists)
    editor = TextEditor(parent, unique_name(_tr("Text %1"), taken), "", taken)
    editor.submitted.connect(lambda name, text, _check: target.add_text(name, text))
    return editor


def editor_of(
    parent: QtWidgets.QWidget,
    target: InputList,
    item: QtWidgets.QListWidgetItem,
    lists: Iterable[InputList],
) -> TextEditor:
    """An editor of the text row ``item``; accepting replaces the row in place."""
    value = item.data(INPUT_ROLE)
    editor = TextEditor(parent, value.name, value.text, taken_names(lists), editing=True)
    editor.submitted.connect(lambda name, text, _check: replace_text(target, item, name, text))
    return editor


def open_editor(editor: TextEditor) -> TextEditor:
    """Show ``editor`` window-modal, deleted when closed."""
    editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    editor.open()
    return editor
