"""The settings dialog: one editor per declared setting (``copylens.app.settings.SETTINGS``).

Labels are plain words with a tooltip each; labels, tooltips, ranges and choices come from the
declarations (for engine options, from the options' specs: the labels are translated in the
context "Options"). The rules between options hold while editing: the minimum of an option
that must be at least another follows that other's editor (``copylens.core.AT_LEAST``: words
in a row ≥ words per matching piece). OK returns the edited values (the caller saves them),
Reset to defaults fills in the defaults. The archive is a path (its button chooses an SQLite
file, existing or new) or a ``postgresql://`` URL typed in. Settings the window edits itself
(``Setting.in_dialog`` False: the check page's archive boxes) pass through unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from copylens.app import settings
from copylens.app.qt import QtCore, QtWidgets
from copylens.core import AT_LEAST


class ArchiveLocationEdit(QtWidgets.QWidget):
    """The archive's location: a line for a path or a ``postgresql://`` URL, and a button that
    chooses an SQLite file (an existing archive, or the name of a new one)."""

    FILTERS = QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "CopyLens archives")

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = QtWidgets.QLineEdit()
        self.line.setObjectName("archiveLocation")
        self.line.setClearButtonEnabled(True)
        self.line.setPlaceholderText(_tr("archive.sqlite · postgresql://user@host/db"))
        self.line.setMinimumWidth(320)
        self.choose_button = QtWidgets.QPushButton(_tr("Choose file…"))
        self.choose_button.setObjectName("chooseArchive")
        self.choose_button.clicked.connect(self.choose_file)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line, 1)
        layout.addWidget(self.choose_button)
        self.setFocusProxy(self.line)

    def text(self) -> str:
        return self.line.text().strip()

    def setText(self, text: str) -> None:
        self.line.setText(text)

    def setToolTip(self, tip: str) -> None:
        super().setToolTip(tip)
        self.line.setToolTip(tip)
        self.choose_button.setToolTip(tip)

    def choose_file(self) -> None:
        """An SQLite file: an existing archive, or a new name (created on the first add)."""
        current = self.text()
        start = current if current and "://" not in current else str(Path.home())
        name = _tr(str(self.FILTERS))
        filters = f"{name} (*.sqlite *.sqlite3 *.db);;{_tr('All files')} (*)"
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self,
            _tr("Archive file"),
            start,
            filters,
            options=QtWidgets.QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.line.setText(path)


Editor = QtWidgets.QSpinBox | QtWidgets.QComboBox | QtWidgets.QCheckBox | ArchiveLocationEdit

PERCENT_SETTINGS = frozenset({"min_containment", "cluster_threshold", "max_df_share"})
"""Ratios shown to the user as whole percentages."""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("SettingsDialog", text)


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
        choices = _choices()

        groups = {
            "matching": (self.tr("Matching"), QtWidgets.QFormLayout()),
            "compare": (self.tr("Compare all"), QtWidgets.QFormLayout()),
            "files": (self.tr("Reading files"), QtWidgets.QFormLayout()),
            "archive": (self.tr("Archive"), QtWidgets.QFormLayout()),
            "interface": (self.tr("Interface"), QtWidgets.QFormLayout()),
        }
        labels: list[QtWidgets.QLabel] = []
        for s in _in_dialog():
            label, tip = s.shown_label(), s.shown_help()
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
        self._keep_rules()
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
        """The edited values, typed as declared (the others as they were given)."""
        return {
            s.key: self._read(s) if s.in_dialog else self._initial.get(s.key, s.default)
            for s in settings.SETTINGS
        }

    def set_values(self, values: dict[str, Any]) -> None:
        # The options others must reach come first: their editors set the others' minimum.
        for s in sorted(_in_dialog(), key=lambda s: s.option not in AT_LEAST.values()):
            self._write(s, values.get(s.key, s.default))

    def reset_to_defaults(self) -> None:
        self.set_values(settings.defaults())

    def language_changed(self) -> bool:
        """True when the interface language was changed (it applies after a restart)."""
        return self.values()["ui_language"] != self._initial.get("ui_language")

    # ------------------------------------------------------------------ editors

    def _keep_rules(self) -> None:
        """Each option that must be at least another gets that other's value as its minimum,
        so no edit can make the settings invalid."""
        for larger, smaller in AT_LEAST.items():
            if larger not in settings.BY_OPTION or smaller not in settings.BY_OPTION:
                continue
            high = self.editors[settings.BY_OPTION[larger].key]
            low = self.editors[settings.BY_OPTION[smaller].key]
            if isinstance(high, QtWidgets.QSpinBox) and isinstance(low, QtWidgets.QSpinBox):
                floor = high.minimum()

                def follow(value: int, high: QtWidgets.QSpinBox = high, floor: int = floor) -> None:
                    high.setMinimum(max(floor, value))

                low.valueChanged.connect(follow)
                follow(low.value())

    def _editor(self, s: settings.Setting, label: str, choices: dict[str, str]) -> Editor:
        if s.key == "archive":
            return ArchiveLocationEdit()
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
        if isinstance(editor, ArchiveLocationEdit):
            return editor.text()
        if isinstance(editor, QtWidgets.QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QtWidgets.QComboBox):
            return str(editor.currentData())
        if s.key in PERCENT_SETTINGS:
            return editor.value() / 100
        return s.type(editor.value())

    def _write(self, s: settings.Setting, value: Any) -> None:
        editor = self.editors[s.key]
        if isinstance(editor, ArchiveLocationEdit):
            editor.setText(str(value))
        elif isinstance(editor, QtWidgets.QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QtWidgets.QComboBox):
            index = editor.findData(value)
            editor.setCurrentIndex(index if index >= 0 else editor.findData(s.default))
        elif s.key in PERCENT_SETTINGS:
            editor.setValue(round(float(value) * 100))
        else:
            editor.setValue(int(value))


def _in_dialog() -> list[settings.Setting]:
    return [s for s in settings.SETTINGS if s.in_dialog]


def _group(key: str) -> str:
    if key == "archive":
        return "archive"
    if key in ("min_containment", "cluster_threshold", "max_df_share"):
        return "compare"
    if key == "read_seconds":
        return "files"
    return "interface" if key == "ui_language" else "matching"
