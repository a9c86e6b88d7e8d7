"""Settings declared once, with types and defaults, and persisted with QSettings.

Every setting the desktop app keeps is one :class:`Setting` in :data:`SETTINGS`; the settings
dialog, loading, saving and :func:`to_options` all walk that tuple. A setting that sets an
engine option takes its type, default, range or choices, label and help from that option's
spec (``copylens.core.specs()``), so the window, the command line and the engine agree; only
:data:`APP_DEFAULTS` departs from the engine, on purpose. Front-end settings (the interface
language) are declared here in full. Values live in an INI file (organisation and application
"CopyLens") under the ``settings/`` group; the window keeps its own layout (geometry,
splitters) under ``window/``. A stored value of the wrong type or out of range is ignored and
the default used: a damaged or hand-edited file never stops the app.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from copylens.app.qt import QtCore
from copylens.core import PROVIDERS, Options, specs

ORGANIZATION = "CopyLens"
APPLICATION = "CopyLens"
VERSION = 2
"""Version of the stored settings; :func:`_migrate` upgrades older files when it changes."""
GROUP = "settings"
UI_LANGUAGES = ("system", "en", "ru")
WEB_PROVIDERS = tuple(PROVIDERS)
"""The search providers the settings offer (``copylens.core.PROVIDERS``' names)."""
OPTIONS_CONTEXT = "Options"
"""Translation context of the options' labels and help (the specs' English strings)."""


@dataclass(frozen=True)
class Setting:
    """One setting: its key, Python type and default, the values it may take, and the words
    the dialog shows (English, translated in ``context`` when shown)."""

    key: str
    type: type
    default: Any
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    option: str | None = None
    """The :class:`copylens.core.Options` field it sets, or None for front-end settings."""
    label: str = ""
    help: str = ""
    context: str = OPTIONS_CONTEXT
    in_dialog: bool = True
    """Edited in the settings dialog; False for state the window edits itself (the check
    page's archive boxes), which is kept with the settings all the same."""

    def accepts(self, value: Any) -> bool:
        """True when ``value`` has this setting's type and lies in its range or choices."""
        if type(value) is not self.type:
            return False
        if self.choices and value not in self.choices:
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum

    def shown_label(self) -> str:
        """The label in the interface language."""
        return QtCore.QCoreApplication.translate(self.context, self.label)

    def shown_help(self) -> str:
        """The tooltip in the interface language."""
        return QtCore.QCoreApplication.translate(self.context, self.help)


APP_DEFAULTS: dict[str, Any] = {}
"""Where the window's default differs from the engine's, on purpose: nowhere now. Until
version 2 *Compare all* in the window dropped pairs sharing less than 20 %, and with them most
pasted paragraphs (a paragraph of 80–120 words is 12–20 % of a 650-word essay: 14 of 100
found among 2,000 essays, ``bench/make_essays.py``); the engine's 8 % finds all 100 in the
same time (6.5 s against 6.3 s) with 91 more pairs. The compare view's slider hides fainter
pairs without losing them."""


def option_setting(option: str) -> Setting:
    """The setting of an engine option, stored under the option's name: everything from its
    spec, the default from :data:`APP_DEFAULTS` where the app overrides it."""
    spec = specs()[option]
    return Setting(
        key=option,
        type=spec.kind,
        default=APP_DEFAULTS.get(option, spec.default),
        minimum=spec.low,
        maximum=spec.high,
        choices=spec.choices,
        option=option,
        label=spec.label,
        help=spec.help,
    )


ENGINE_SETTINGS = (
    "shingle",
    "language",
    "lemmatize",
    "stop_words",
    "drop_short",
    "ignore_numbers",
    "exclude_quotes",
    "exclude_bibliography",
    "paraphrase",
    "min_fragment_words",
    "seed_k",
    "anchor_words",
    "max_gap",
    "min_containment",
    "cluster_threshold",
    "max_df_share",
    "read_seconds",
)
"""The engine options the window lets people set, in the dialog's order."""
NOT_IN_SETTINGS = {
    "max_seed_repeats": "a tuning constant of the alignment",
    "max_file_bytes": "the engine's limit (50 MB) is the window's",
    "workers": "the window always uses every core",
    "read_memory_bytes": "the engine's limit (1.5 GB a file) is the window's",
}
"""Engine options the window leaves at the engine's defaults, and why."""

SETTINGS: tuple[Setting, ...] = (
    *(option_setting(option) for option in ENGINE_SETTINGS),
    Setting(
        "ui_language",
        str,
        "system",
        choices=UI_LANGUAGES,
        label=QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "Interface language"),
        help=QtCore.QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Language of menus and messages. Takes effect after CopyLens is restarted.",
        ),
        context="SettingsDialog",
    ),
    Setting(
        "archive",
        str,
        "",
        label=QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "Archive file or address"),
        help=QtCore.QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "The archive of earlier documents: an SQLite file on this computer (created when "
            "documents are first added) or a PostgreSQL database shared by a department "
            "(postgresql://user@server/database). Empty: no archive.",
        ),
        context="SettingsDialog",
    ),
    # The check page's archive boxes: the window edits them and keeps them here.
    Setting("use_archive", bool, False, in_dialog=False, context="MainWindow"),
    Setting("add_to_archive", bool, False, in_dialog=False, context="MainWindow"),
    Setting("archive_labels", str, "", in_dialog=False, context="MainWindow"),
    Setting(
        "web_provider",
        str,
        "brave",
        choices=WEB_PROVIDERS,
        label=QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "Search provider"),
        help=QtCore.QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "The search engine that “Search the web” sends the documents' distinctive phrases "
            "to, with your own API key. Each query is billed to your account with it.",
        ),
        context="SettingsDialog",
    ),
    Setting(
        "web_folder",
        str,
        "",
        label=QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "Yandex Cloud folder ID"),
        help=QtCore.QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "The ID of the Yandex Cloud folder the API key belongs to (b1g…), shown in the "
            "Yandex Cloud console. Only Yandex Search API needs it.",
        ),
        context="SettingsDialog",
    ),
    Setting(
        "web_max_queries",
        int,
        20,
        minimum=1,
        maximum=100,
        label=QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "Search queries per check"),
        help=QtCore.QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "At most this many search queries for the whole check, shared among its "
            "documents: one query per distinctive phrase. Each query costs money.",
        ),
        context="SettingsDialog",
    ),
    Setting(
        "web_allow_local",
        bool,
        False,
        label=QtCore.QT_TRANSLATE_NOOP("SettingsDialog", "Allow local and intranet addresses"),
        help=QtCore.QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Download pages from this computer and from private networks too (localhost, "
            "192.168.x.x, a school's intranet). Off: such addresses are refused, so a page on "
            "the web cannot make CopyLens reach into your network. Link-local addresses "
            "(169.254.x.x) and cloud metadata services are refused even when on.",
        ),
        context="SettingsDialog",
    ),
    # The check page's Web section: the window edits it and keeps it here.
    Setting("web_search", bool, False, in_dialog=False, context="MainWindow"),
)
"""Every setting. ``archive`` is a path or a ``postgresql://`` URL; ``use_archive`` and
``add_to_archive`` are the check page's "Also check against the archive" and "Add checked
documents to the archive", ``archive_labels`` its labels ("author=…, group=…").
``web_provider``, ``web_folder`` (Yandex's folder id), ``web_max_queries`` and
``web_allow_local`` are the Web group of the dialog, ``web_search`` the check page's "Search the
web" box. The provider's API key is no setting: :mod:`copylens.app.secrets` keeps it, out of
the values that sessions copy."""
BY_KEY: dict[str, Setting] = {s.key: s for s in SETTINGS}
BY_OPTION: dict[str, Setting] = {s.option: s for s in SETTINGS if s.option}


def store() -> QtCore.QSettings:
    """The settings file (INI on every platform, so tests can redirect it with ``setPath``)."""
    return QtCore.QSettings(
        QtCore.QSettings.Format.IniFormat,
        QtCore.QSettings.Scope.UserScope,
        ORGANIZATION,
        APPLICATION,
    )


def defaults() -> dict[str, Any]:
    return {s.key: s.default for s in SETTINGS}


def load(qsettings: QtCore.QSettings | None = None) -> dict[str, Any]:
    """Every declared setting: the stored value when it is valid, else the default."""
    qs = qsettings if qsettings is not None else store()
    _migrate(qs)
    values = defaults()
    qs.beginGroup(GROUP)
    try:
        for s in SETTINGS:
            if qs.contains(s.key):
                value = _convert(qs.value(s.key), s.type)
                if value is not None and s.accepts(value):
                    values[s.key] = value
    finally:
        qs.endGroup()
    return values


def save(values: dict[str, Any], qsettings: QtCore.QSettings | None = None) -> None:
    """Store the declared settings found in ``values``; raise ValueError for invalid ones."""
    bad = [k for k, v in values.items() if k in BY_KEY and not BY_KEY[k].accepts(v)]
    if bad:
        raise ValueError(f"invalid setting values: {', '.join(sorted(bad))}")
    qs = qsettings if qsettings is not None else store()
    qs.setValue("version", VERSION)
    qs.beginGroup(GROUP)
    try:
        for s in SETTINGS:
            if s.key in values:
                qs.setValue(s.key, values[s.key])
    finally:
        qs.endGroup()
    qs.sync()


def reset(qsettings: QtCore.QSettings | None = None) -> dict[str, Any]:
    """Forget every stored setting (window layout is kept) and return the defaults."""
    qs = qsettings if qsettings is not None else store()
    qs.remove(GROUP)
    qs.setValue("version", VERSION)
    qs.sync()
    return defaults()


def to_options(values: dict[str, Any]) -> Options:
    """The engine's options for these settings, validated (raises ``OptionsError``, whose
    problems name each option by its label as the dialog shows it)."""
    changes = {s.option: values.get(s.key, s.default) for s in SETTINGS if s.option}
    return Options(**changes).validated(name=shown_name)


def shown_name(option: str) -> str:
    """An engine option as people know it: its label, translated and quoted the way the
    interface language quotes («…» in Russian, “…” in English)."""
    setting = BY_OPTION.get(option) or option_setting(option)
    quoted = QtCore.QCoreApplication.translate("Settings", "“%1”")
    return quoted.replace("%1", setting.shown_label())


def _convert(raw: Any, kind: type) -> Any:
    """A stored value as ``kind``, or None. INI files give strings back for every type."""
    if isinstance(raw, kind) and not (kind is int and isinstance(raw, bool)):
        return raw
    if not isinstance(raw, str):
        return float(raw) if kind is float and type(raw) is int else None
    text = raw.strip()
    if kind is bool:
        return {"true": True, "false": False}.get(text.lower())
    try:
        return kind(text)
    except ValueError:
        return None


def _migrate(qs: QtCore.QSettings) -> None:
    """Upgrade settings written by an older version, one step at a time, and mark the file
    as the current version."""
    stored = _convert(qs.value("version"), int) or VERSION
    for version in range(stored, VERSION):
        MIGRATIONS[version](qs)
    if stored < VERSION:
        qs.setValue("version", VERSION)
        qs.sync()


def _forget_old_compare_default(qs: QtCore.QSettings) -> None:
    """Version 1 → 2: a stored ``min_containment`` of 0.2, version 1's default, is dropped so
    the new default (the engine's) applies; any other value was chosen and stays."""
    key = f"{GROUP}/min_containment"
    if qs.contains(key) and _convert(qs.value(key), float) == 0.2:
        qs.remove(key)


MIGRATIONS: dict[int, Callable[[QtCore.QSettings], None]] = {1: _forget_old_compare_default}
"""``MIGRATIONS[n]`` turns version-n settings into version n + 1 (rename keys, change units)."""
