"""The search providers' API keys: in the system keyring when there is a usable one, else in
the settings file.

A key is a secret the user pays with: it never goes into a log line, a message, a report, a
session or the settings that sessions copy (``copylens.app.settings.SETTINGS`` has no key).
The system keyring (the ``keyring`` package: Secret Service on Linux, the macOS Keychain,
Windows Credential Locker) is used when its backend is usable: priority above 0, and not the
``fail`` or ``null`` backend that keyring falls back to where the system has none. Otherwise
the key is kept in the settings file under ``secrets/`` (plain text, readable by the user's
account only as far as the file is): :func:`where_stored` says which, and the settings dialog
says it plainly.

``keyring`` is imported on first use (it looks its backends up through entry points: tens of
milliseconds). A keyring that fails while reading or writing is treated as absent: the settings
file takes the key, and nothing stops the app.
"""

from __future__ import annotations

import contextlib
from typing import Any

from copylens.app import settings

SERVICE = "CopyLens"
"""The keyring's service name for CopyLens' entries (the user name is the provider's)."""
GROUP = "secrets"
"""The settings file's group for keys where there is no usable keyring."""
KEYRING, SETTINGS_FILE = "keyring", "settings"
"""Where a key is kept (:func:`where_stored`)."""


def _entry(provider: str) -> str:
    return f"{provider}-api-key"


def backend() -> Any | None:
    """The system keyring's backend when it is usable, else None."""
    try:
        import keyring
        from keyring.backends import fail, null
    except ImportError:
        return None
    try:
        found = keyring.get_keyring()
        priority = float(found.priority)
    except Exception:  # a backend that fails while being looked at is no keyring
        return None
    if priority <= 0 or isinstance(found, fail.Keyring | null.Keyring):
        return None
    return found


def where_stored() -> str:
    """Where :func:`store_key` puts a key: :data:`KEYRING` or :data:`SETTINGS_FILE`."""
    return KEYRING if backend() is not None else SETTINGS_FILE


def load_key(provider: str) -> str:
    """The stored key of ``provider`` ("brave", "yandex"), "" when none is stored."""
    found = backend()
    if found is not None:
        try:
            key = found.get_password(SERVICE, _entry(provider))
        except Exception:  # a locked or broken keyring: fall back to the file
            key = None
        if key:
            return str(key)
    value = settings.store().value(f"{GROUP}/{_entry(provider)}", "")
    return str(value) if isinstance(value, str) else ""


def store_key(provider: str, key: str) -> str:
    """Keep ``key`` for ``provider`` (an empty key forgets it); returns where it went
    (:data:`KEYRING` or :data:`SETTINGS_FILE`). A key kept in the keyring is removed from the
    settings file, where an older CopyLens (or a system without a keyring) may have put it."""
    key = key.strip()
    if not key:
        forget_key(provider)
        return where_stored()
    found = backend()
    if found is not None:
        try:
            found.set_password(SERVICE, _entry(provider), key)
        except Exception:  # the keyring refused: the settings file keeps it instead
            pass
        else:
            _file_remove(provider)
            return KEYRING
    qs = settings.store()
    qs.setValue(f"{GROUP}/{_entry(provider)}", key)
    qs.sync()
    return SETTINGS_FILE


def forget_key(provider: str) -> None:
    """Remove ``provider``'s key from the keyring and the settings file."""
    found = backend()
    if found is not None:
        with contextlib.suppress(Exception):  # not there, or the keyring refuses: nothing kept
            found.delete_password(SERVICE, _entry(provider))
    _file_remove(provider)


def _file_remove(provider: str) -> None:
    qs = settings.store()
    qs.remove(f"{GROUP}/{_entry(provider)}")
    qs.sync()
