"""Interface language: CopyLens's own translations and Qt's, installed on the application.

The interface is written in English (the source language of ``self.tr()``); translations are
``resources/translations/copylens_<lang>.qm``, built from the ``.ts`` files by
``scripts/build_translations.py``. Qt's own strings (standard buttons, file dialogs, print
dialogs) come from Qt's ``qtbase_<lang>.qm``.

Call :func:`install_translator` once, before the first window is built; calling it again
replaces the previous translators (widgets that exist then must retranslate themselves on
``QEvent.LanguageChange``).
"""

from __future__ import annotations

from pathlib import Path

from copylens.app.qt import QtCore
from copylens.core import resources_dir

SOURCE_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский"}
"""Each language's name in itself (for a language menu; no translation needed)."""

_installed: list[QtCore.QTranslator] = []
_current = SOURCE_LANGUAGE


def translations_dir() -> Path:
    """``resources/translations``, installed, in a checkout or frozen alike."""
    return resources_dir() / "translations"


def available_languages() -> list[str]:
    """ "en" and every language with a compiled ``copylens_<lang>.qm``, sorted after it."""
    found = sorted(
        p.stem.removeprefix("copylens_") for p in translations_dir().glob("copylens_*.qm")
    )
    return [SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE)]


def system_language() -> str:
    """The first of the system's preferred UI languages CopyLens has, else English."""
    available = available_languages()
    for name in QtCore.QLocale.system().uiLanguages():
        code = name.replace("-", "_").split("_")[0].lower()
        if code in available:
            return code
    return SOURCE_LANGUAGE


def current_language() -> str:
    """The language :func:`install_translator` installed last ("en" before any call)."""
    return _current


def qt_translations_dir() -> Path | None:
    """Qt's own translations (qtbase_*.qm): QLibraryInfo's folder, or the one in PySide6."""
    candidates = [
        Path(QtCore.QLibraryInfo.path(QtCore.QLibraryInfo.LibraryPath.TranslationsPath)),
        Path(QtCore.__file__).resolve().parent / "Qt" / "translations",
    ]
    return next((c for c in candidates if any(c.glob("qtbase_*.qm"))), None)


def install_translator(app: QtCore.QCoreApplication, language: str = "system") -> str:
    """Install the translators for ``language`` ("system", "en", "ru", ...) on ``app``.

    "system" follows ``QLocale.system()``. A language without a ``.qm`` file falls back to
    English. Returns the language actually used.
    """
    global _current
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    wanted = system_language() if language in ("", "system") else language.lower()
    used = SOURCE_LANGUAGE
    if wanted != SOURCE_LANGUAGE:
        own = QtCore.QTranslator(app)
        if own.load(f"copylens_{wanted}", str(translations_dir())):
            app.installTranslator(own)
            _installed.append(own)
            used = wanted
    if used != SOURCE_LANGUAGE:
        qt_dir = qt_translations_dir()
        qt = QtCore.QTranslator(app)
        if qt_dir is not None and qt.load(f"qtbase_{used}", str(qt_dir)):
            app.installTranslator(qt)
            _installed.append(qt)
    _current = used
    return used
