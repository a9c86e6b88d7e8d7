"""Settings declared once, with types and defaults, and persisted with QSettings.

Every setting the desktop app keeps is one :class:`Setting` in :data:`SETTINGS`; the settings
dialog, loading, saving and :func:`to_options` all walk that tuple. Values live in an INI file
(organisation and application "CopyLens") under the ``settings/`` group; the window keeps its
own layout (geometry, splitters) under ``window/``. A stored value of the wrong type or out of
range is ignored and the default used: a damaged or hand-edited file never stops the app.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from copylens.app.qt import QtCore
from copylens.core import LANGUAGES, Options

ORGANIZATION = "CopyLens"
APPLICATION = "CopyLens"
VERSION = 1
"""Version of the stored settings; :func:`_migrate` upgrades older files when it changes."""
GROUP = "settings"
UI_LANGUAGES = ("system", "en", "ru")


@dataclass(frozen=True)
class Setting:
    """One setting: its key, Python type and default, plus the values it may take."""

    key: str
    type: type
    default: Any
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    option: str | None = None
    """The :class:`copylens.core.options.Options` field it sets, or None for front-end settings."""

    def accepts(self, value: Any) -> bool:
        """True when ``value`` has this setting's type and lies in its range or choices."""
        if type(value) is not self.type:
            return False
        if self.choices and value not in self.choices:
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum


SETTINGS: tuple[Setting, ...] = (
    Setting("shingle", int, 10, 3, 20, option="shingle"),
    Setting("language", str, "auto", choices=LANGUAGES, option="language"),
    Setting("lemmatize", bool, True, option="lemmatize"),
    Setting("stop_words", bool, True, option="stop_words"),
    Setting("drop_short", bool, False, option="drop_short"),
    Setting("ignore_numbers", bool, False, option="ignore_numbers"),
    Setting("min_fragment_words", int, 10, 1, 1000, option="min_fragment_words"),
    # seed ≤ 5 ≤ anchor: each can be set alone without breaking the engine's seed ≤ anchor
    Setting("seed_k", int, 3, 2, 5, option="seed_k"),
    Setting("anchor_words", int, 5, 5, 20, option="anchor_words"),
    Setting("max_gap", int, 6, 0, 50, option="max_gap"),
    Setting("min_containment", float, 0.2, 0.0, 1.0, option="min_containment"),
    Setting("cluster_threshold", float, 0.5, 0.01, 1.0, option="cluster_threshold"),
    Setting("ui_language", str, "system", choices=UI_LANGUAGES),
)
BY_KEY: dict[str, Setting] = {s.key: s for s in SETTINGS}


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
    """The engine's options for these settings, validated (raises ``OptionsError``)."""
    changes = {s.option: values.get(s.key, s.default) for s in SETTINGS if s.option}
    return Options(**changes).validated()


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
    """Upgrade settings written by an older version, one step at a time (none yet)."""
    stored = _convert(qs.value("version"), int) or VERSION
    for version in range(stored, VERSION):
        MIGRATIONS[version](qs)


MIGRATIONS: dict[int, Callable[[QtCore.QSettings], None]] = {}
"""``MIGRATIONS[n]`` turns version-n settings into version n + 1 (rename keys, change units)."""
