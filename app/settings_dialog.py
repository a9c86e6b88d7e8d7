"""The settings dialog: one editor per declared setting (``copylens.app.settings.SETTINGS``).

Labels are plain words with a tooltip each; ranges and choices come from the declarations.
OK returns the edited values (the caller saves them), Reset to defaults fills in the defaults.
"""

from __future__ import annotations

from typing import Any

from copylens.app import settings
from copylens.app.qt import QtCore, QtWidgets

Editor = QtWidgets.QSpinBox | QtWidgets.QComboBox | QtWidgets.QCheckBox

PERCENT_SETTINGS = frozenset({"min_containment", "cluster_threshold"})
"""Ratios shown to the user as whole percentages."""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("SettingsDialog", text)


def _texts() -> dict[str, tuple[str, str]]:
    """label, tooltip for each setting (a function, so they are translated when shown)."""
    return {
        "shingle": (
            _tr("Words per shingle"),
            _tr("Length of the overlapping word sequences used to measure resemblance."),
        ),
        "language": (
            _tr("Language of the documents"),
            _tr("Which language rules to use. Automatic detection works per document."),
        ),
        "lemmatize": (
            _tr("Match different forms of a word"),
            _tr("Treat “write”, “wrote” and “written” as the same word (lemmas or stems)."),
        ),
        "stop_words": (
            _tr("Ignore common words"),
            _tr("Leave out words such as “the”, “and”, “и”, “в” when comparing."),
        ),
        "drop_short": (
            _tr("Ignore short words (3 letters or fewer)"),
            _tr("Makes matching less sensitive to small inserted or swapped words."),
        ),
        "ignore_numbers": (
            _tr("Ignore numbers"),
            _tr("Words made only of digits are left out when comparing."),
        ),
        "min_fragment_words": (
            _tr("Minimum fragment (words)"),
            _tr("Shorter shared passages are not reported. Counted words exclude common words."),
        ),
        "seed_k": (
            _tr("Words per matching piece"),
            _tr("Short runs of this many matching words are chained into passages."),
        ),
        "anchor_words": (
            _tr("Words that must match in a row"),
            _tr("Every reported passage holds at least this many consecutive matching words."),
        ),
        "max_gap": (
            _tr("Allowed gap inside a fragment (words)"),
            _tr("How many changed or inserted words a copied passage may contain in one place."),
        ),
        "min_containment": (
            _tr("Compare all: show pairs sharing at least"),
            _tr("Pairs of documents that share less than this share of their text are hidden."),
        ),
        "cluster_threshold": (
            _tr("Compare all: group documents sharing at least"),
            _tr("Documents linked by pairs above this share are shown as one group."),
        ),
        "ui_language": (
            _tr("Interface language"),
            _tr("Language of menus and messages. Takes effect after CopyLens is restarted."),
        ),
    }


def _choices() -> dict[str, dict[str, str]]:
    auto = {"auto": _tr("Detect automatically")}
    names = {
        "ru": _tr("Russian"),
        "uk": _tr("Ukrainian"),
        "en": _tr("English"),
        "de": _tr("German"),
        "fr": _tr("French"),
        "es": _tr("Spanish"),
        "it": _tr("Italian"),
        "pt": _tr("Portuguese"),
        "nl": _tr("Dutch"),
        "sv": _tr("Swedish"),
        "pl": _tr("Polish"),
    }
    return {
        "language": auto | names,
        # Each language's name in itself: findable when the current language is unreadable.
        "ui_language": {"system": _tr("System language"), "en": "English", "ru": "Русский"},
    }


class SettingsDialog(QtWidgets.QDialog):
    """Edits a values dict; :meth:`values` gives the result after ``accept``."""

    def __init__(self, values: dict[str, Any], parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.setObjectName("settingsDialog")
        self._initial = dict(values)
        self.editors: dict[str, Editor] = {}
        texts = _texts()
        choices = _choices()

        groups = {
            "matching": (self.tr("Matching"), QtWidgets.QFormLayout()),
            "compare": (self.tr("Compare all"), QtWidgets.QFormLayout()),
            "interface": (self.tr("Interface"), QtWidgets.QFormLayout()),
        }
        labels: list[QtWidgets.QLabel] = []
        for s in settings.SETTINGS:
            label, tip = texts[s.key]
            editor = self._editor(s, label, choices.get(s.key, {}))
            editor.setToolTip(tip)
            editor.setObjectName(s.key)
            self.editors[s.key] = editor
            form = groups[_group(s.key)][1]
            if isinstance(editor, QtWidgets.QCheckBox):
                form.addRow(editor)
            else:
                label_widget = QtWidgets.QLabel(label)
                label_widget.setToolTip(tip)
                label_widget.setBuddy(editor)
                form.addRow(label_widget, editor)
                labels.append(label_widget)
        # One label column for all groups: the editors line up from box to box.
        label_width = max(label.sizeHint().width() for label in labels)
        for label_widget in labels:
            label_widget.setMinimumWidth(label_width)

        self.restart_note = QtWidgets.QLabel(
            self.tr("A new interface language is used after CopyLens is restarted.")
        )
        self.restart_note.setWordWrap(True)
        self.restart_note.setEnabled(False)
        groups["interface"][1].addRow(self.restart_note)

        layout = QtWidgets.QVBoxLayout(self)
        for title, form in groups.values():
            box = QtWidgets.QGroupBox(title)
            box.setLayout(form)
            layout.addWidget(box)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
            | QtWidgets.QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.reset_button = buttons.button(
            QtWidgets.QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.reset_button.setText(self.tr("Reset to defaults"))
        self.reset_button.clicked.connect(self.reset_to_defaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.set_values(values)

    def values(self) -> dict[str, Any]:
        """The edited values, typed as declared."""
        return {s.key: self._read(s) for s in settings.SETTINGS}

    def set_values(self, values: dict[str, Any]) -> None:
        for s in settings.SETTINGS:
            self._write(s, values.get(s.key, s.default))

    def reset_to_defaults(self) -> None:
        self.set_values(settings.defaults())

    def language_changed(self) -> bool:
        """True when the interface language was changed (it applies after a restart)."""
        return self.values()["ui_language"] != self._initial.get("ui_language")

    # ------------------------------------------------------------------ editors

    def _editor(self, s: settings.Setting, label: str, choices: dict[str, str]) -> Editor:
        if s.type is bool:
            return QtWidgets.QCheckBox(label)
        if s.type is str:
            combo = QtWidgets.QComboBox()
            for value in s.choices:
                combo.addItem(choices.get(value, value), value)
            return combo
        spin = QtWidgets.QSpinBox()
        if s.key in PERCENT_SETTINGS:
            spin.setRange(round((s.minimum or 0) * 100), round((s.maximum or 1) * 100))
            spin.setSuffix(" %")
            spin.setSingleStep(5)
        else:
            spin.setRange(int(s.minimum or 0), int(s.maximum or 1_000_000))
        return spin

    def _read(self, s: settings.Setting) -> Any:
        editor = self.editors[s.key]
        if isinstance(editor, QtWidgets.QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QtWidgets.QComboBox):
            return str(editor.currentData())
        if s.key in PERCENT_SETTINGS:
            return editor.value() / 100
        return int(editor.value())

    def _write(self, s: settings.Setting, value: Any) -> None:
        editor = self.editors[s.key]
        if isinstance(editor, QtWidgets.QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QtWidgets.QComboBox):
            index = editor.findData(value)
            editor.setCurrentIndex(index if index >= 0 else editor.findData(s.default))
        elif s.key in PERCENT_SETTINGS:
            editor.setValue(round(float(value) * 100))
        else:
            editor.setValue(int(value))


def _group(key: str) -> str:
    if key in ("min_containment", "cluster_threshold"):
        return "compare"
    return "interface" if key == "ui_language" else "matching"
