"""The settings dialog: one editor per declared setting (``copylens.app.settings.SETTINGS``).

Labels are plain words with a tooltip each; labels, tooltips, ranges and choices come from the
declarations (for engine options, from the options' specs: the labels are translated in the
context "Options"). The rules between options hold while editing: the minimum of an option
that must be at least another follows that other's editor (``copylens.core.AT_LEAST``: words
in a row ≥ words per matching piece). OK returns the edited values (the caller saves them),
Reset to defaults fills in the defaults. The archive is a path (its button chooses an SQLite
file, existing or new) or a ``postgresql://`` URL typed in. Settings the window edits itself
(``Setting.in_dialog`` False: the check page's archive boxes) pass through unchanged.

The Web group holds the search provider, its API key (:class:`ApiKeyEdit`: echoed as dots,
kept by :mod:`copylens.app.secrets` when OK is pressed, never among the values), Yandex's
folder id, the queries per check and whether local addresses may be fetched; a note under
the key says where the key is kept (the system keyring, or the settings file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from copylens.app import secrets, settings
from copylens.app.qt import QtCore, QtWidgets
from copylens.core import AT_LEAST, PROVIDERS

PROVIDER_LABELS = {name: info.label for name, info in PROVIDERS.items()}
"""The providers' names (products: not translated)."""
PROVIDER_KEY_VARIABLES = {name: info.key_variable for name, info in PROVIDERS.items()}
"""The environment variable each provider's key may come from instead."""
NEEDS_FOLDER = frozenset(name for name, info in PROVIDERS.items() if info.needs_folder)
"""Providers whose key belongs to a folder (Yandex Cloud)."""
LEFT_GROUPS = ("matching", "compare", "files")
"""The groups of the dialog's left column (the others are on the right)."""


class LineField(QtWidgets.QWidget):
    """A setting edited in one line (``line``) with helpers around it: its value is the line's
    text, stripped; its tooltip is the line's too."""

    line: QtWidgets.QLineEdit

    def text(self) -> str:
        return self.line.text().strip()

    def setText(self, text: str) -> None:
        self.line.setText(text)

    def setToolTip(self, tip: str) -> None:
        super().setToolTip(tip)
        self.line.setToolTip(tip)


class ArchiveLocationEdit(LineField):
    """The archive's location: a line for a path or a ``postgresql://`` URL, and a button that
    chooses an SQLite file (an existing archive, or the name of a new one)."""

    FILTERS = QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "CopyLens archives")

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = QtWidgets.QLineEdit()
        self.line.setObjectName("archiveLocation")
        self.line.setClearButtonEnabled(True)
        self.line.setPlaceholderText(_tr("archive.sqlite · postgresql://user@host/db"))
        self.line.setMinimumWidth(220)
        self.choose_button = QtWidgets.QPushButton(_tr("Choose file…"))
        self.choose_button.setObjectName("chooseArchive")
        self.choose_button.clicked.connect(self.choose_file)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line, 1)
        layout.addWidget(self.choose_button)
        self.setFocusProxy(self.line)

    def setToolTip(self, tip: str) -> None:
        super().setToolTip(tip)
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


class ApiKeyEdit(LineField):
    """A search provider's API key: a line that shows dots (an eye button shows the key while
    pressed down) and, under it, where the key is kept."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = QtWidgets.QLineEdit()
        self.line.setObjectName("webKey")
        self.line.setEchoMode(QtWidgets.QLineEdit.EchoMode.Password)
        self.line.setClearButtonEnabled(True)
        self.line.setMinimumWidth(220)
        self.line.setInputMethodHints(
            QtCore.Qt.InputMethodHint.ImhHiddenText
            | QtCore.Qt.InputMethodHint.ImhSensitiveData
            | QtCore.Qt.InputMethodHint.ImhNoPredictiveText
        )
        self.show_button = QtWidgets.QToolButton()
        self.show_button.setObjectName("showKey")
        self.show_button.setText(_tr("Show"))
        self.show_button.setCheckable(True)
        self.show_button.setToolTip(_tr("Show the key"))
        self.show_button.toggled.connect(self._show)
        self.note = QtWidgets.QLabel()
        self.note.setObjectName("webKeyNote")
        self.note.setWordWrap(True)
        self.note.setEnabled(False)
        row = QtWidgets.QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.line, 1)
        row.addWidget(self.show_button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.note)
        self.setFocusProxy(self.line)

    def _show(self, shown: bool) -> None:
        mode = QtWidgets.QLineEdit.EchoMode
        self.line.setEchoMode(mode.Normal if shown else mode.Password)
        self.show_button.setText(_tr("Hide") if shown else _tr("Show"))


Editor = (
    QtWidgets.QSpinBox
    | QtWidgets.QComboBox
    | QtWidgets.QCheckBox
    | QtWidgets.QLineEdit
    | ArchiveLocationEdit
)

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
        "web_provider": dict(PROVIDER_LABELS),
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
            "web": (self.tr("Web search"), QtWidgets.QFormLayout()),
            "interface": (self.tr("Interface"), QtWidgets.QFormLayout()),
        }
        labels: dict[bool, list[QtWidgets.QLabel]] = {True: [], False: []}
        """The labels of each column (the left one: matching and compare)."""
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
                labels[_group(s.key) in LEFT_GROUPS].append(label_widget)
        self._keep_rules()
        labels[False].append(self._add_key_row(groups["web"][1]))
        # One label column for the groups of each column: the editors line up box to box.
        for column in labels.values():
            label_width = max(label.sizeHint().width() for label in column)
            for label_widget in column:
                label_widget.setMinimumWidth(label_width)

        self.restart_note = QtWidgets.QLabel(
            self.tr("A new interface language is used after CopyLens is restarted.")
        )
        self.restart_note.setWordWrap(True)
        self.restart_note.setEnabled(False)
        groups["interface"][1].addRow(self.restart_note)

        layout = QtWidgets.QVBoxLayout(self)
        columns = QtWidgets.QHBoxLayout()
        left, right = QtWidgets.QVBoxLayout(), QtWidgets.QVBoxLayout()
        for name, (title, form) in groups.items():
            box = QtWidgets.QGroupBox(title)
            box.setObjectName(f"{name}Group")
            box.setLayout(form)
            (left if name in LEFT_GROUPS else right).addWidget(box)
        left.addStretch(1)
        right.addStretch(1)
        columns.addLayout(left)
        columns.addSpacing(6)
        columns.addLayout(right, 1)
        layout.addLayout(columns)
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
        self._provider_changed()

    def accept(self) -> None:
        """Keep the edited API keys (:mod:`copylens.app.secrets`), then close with OK."""
        self.save_keys()
        super().accept()

    def save_keys(self) -> None:
        """Store each provider's key that was edited (an emptied one is forgotten)."""
        self._remember_key()
        for provider, key in self._keys.items():
            if key != self._stored_keys.get(provider, ""):
                secrets.store_key(provider, key)
                self._stored_keys[provider] = key

    def _add_key_row(self, form: QtWidgets.QFormLayout) -> QtWidgets.QLabel:
        """The Web group's API key row, after the provider; returns its label."""
        self.key_edit = ApiKeyEdit()
        self.key_edit.setToolTip(
            self.tr(
                "Your key of the search provider chosen above: the provider bills its "
                "queries to your account. CopyLens sends it only to that provider."
            )
        )
        self._keys: dict[str, str] = {}
        """The key shown for each provider looked at, as edited."""
        self._stored_keys: dict[str, str] = {}
        self._key_provider = ""
        label = QtWidgets.QLabel(self.tr("API key"))
        label.setBuddy(self.key_edit)
        label.setToolTip(self.key_edit.toolTip())
        after = next(
            row for row in range(form.rowCount()) if self._row_key(form, row) == "web_provider"
        )
        form.insertRow(after + 1, label, self.key_edit)
        provider = self.editors["web_provider"]
        if isinstance(provider, QtWidgets.QComboBox):
            provider.currentIndexChanged.connect(lambda _n: self._provider_changed())
        provider.installEventFilter(self)
        return label

    def _row_key(self, form: QtWidgets.QFormLayout, row: int) -> str:
        item = form.itemAt(row, QtWidgets.QFormLayout.ItemRole.FieldRole)
        widget = item.widget() if item is not None else None
        return widget.objectName() if widget is not None else ""

    def provider(self) -> str:
        """The provider chosen in the Web group."""
        combo = self.editors["web_provider"]
        return str(combo.currentData()) if isinstance(combo, QtWidgets.QComboBox) else "brave"

    def _remember_key(self) -> None:
        if self._key_provider:
            self._keys[self._key_provider] = self.key_edit.text()

    def _provider_changed(self) -> None:
        """Show the chosen provider's key (read once from where it is kept), its folder id
        when it needs one, and where the key is kept."""
        self._remember_key()
        provider = self.provider()
        self._key_provider = provider
        if provider not in self._keys:
            stored = secrets.load_key(provider)
            self._keys[provider] = self._stored_keys[provider] = stored
        self.key_edit.setText(self._keys[provider])
        folder = self.editors.get("web_folder")
        if folder is not None:
            folder.setEnabled(provider in NEEDS_FOLDER)
        self.key_edit.line.setPlaceholderText(
            self.tr("The key from your %1 account").replace("%1", PROVIDER_LABELS[provider])
        )
        self.key_edit.note.setText(self.key_note(provider))

    def provider_tip(self) -> str:
        """The provider box's tooltip: what it is for, and the chosen provider's price."""
        tip = settings.BY_KEY["web_provider"].shown_help()
        price = provider_price(self.provider())
        if price:
            tip += "\n\n" + self.tr("Published price: %1").replace("%1", price)
        return tip

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        """The provider box's tooltip is made when it is asked for: the prices come with the
        engine's web search module (httpx), loaded only then."""
        provider = self.editors.get("web_provider")
        if watched is provider and event.type() == event.Type.ToolTip and provider is not None:
            provider.setToolTip(self.provider_tip())
        return super().eventFilter(watched, event)

    def key_note(self, provider: str) -> str:
        """Where the key is kept, in plain words (and the environment variable that may give
        it instead)."""
        if secrets.where_stored() == secrets.KEYRING:
            note = self.tr("The key is kept in the system keyring, not in the settings file.")
        else:
            note = self.tr(
                "No system keyring was found: the key is kept in the settings file, as plain "
                "text readable by anyone who can read your files."
            )
        variable = PROVIDER_KEY_VARIABLES[provider]
        hint = self.tr("Left empty, the key comes from the environment variable %1.")
        return f"{note} {hint.replace('%1', variable)}"

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
        if s.key == "web_folder":
            line = QtWidgets.QLineEdit()
            line.setClearButtonEnabled(True)
            line.setPlaceholderText("b1g…")
            return line
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
        if isinstance(editor, QtWidgets.QLineEdit):
            return editor.text().strip()
        if isinstance(editor, QtWidgets.QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QtWidgets.QComboBox):
            return str(editor.currentData())
        if s.key in PERCENT_SETTINGS:
            return editor.value() / 100
        return s.type(editor.value())

    def _write(self, s: settings.Setting, value: Any) -> None:
        editor = self.editors[s.key]
        if isinstance(editor, ArchiveLocationEdit | QtWidgets.QLineEdit):
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


def provider_price(provider: str) -> str:
    """A provider's published price, as the engine's provider list gives it (in English)."""
    info = PROVIDERS.get(provider)
    return info.price if info is not None else ""


def _in_dialog() -> list[settings.Setting]:
    return [s for s in settings.SETTINGS if s.in_dialog]


def _group(key: str) -> str:
    if key == "archive":
        return "archive"
    if key.startswith("web_"):
        return "web"
    if key in ("min_containment", "cluster_threshold", "max_df_share"):
        return "compare"
    if key == "read_seconds":
        return "files"
    return "interface" if key == "ui_language" else "matching"
