"""Interface language: CopyLens's own translations and Qt's, installed on the application.

The interface is written in English (the source language of ``self.tr()``); translations are
``resources/translations/copylens_<lang>.qm``, built from the ``.ts`` files by
``scripts/build_translations.py``. Qt's own strings (standard buttons, file dialogs, print
dialogs) come from Qt's ``qtbase_<lang>.qm``; the few that catalogue lacks (the file dialog's
"Look in:" and "Files of type:") are in CopyLens's own, under Qt's context (:data:`QT_GAPS`).
The default ``QLocale`` follows the interface language, so that what Qt writes by itself (file
sizes and dates in the file dialog, numbers in spin boxes) matches the words around it.

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

QT_GAPS = (
    QtCore.QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QtCore.QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
"""Strings of Qt's own dialogs that ``qtbase_ru.qm`` lacks (Qt 6's file dialog renamed them
with shortcuts; the catalogue still has "Look in:"): translated in CopyLens's catalogue under
Qt's context, which Qt consults after its own."""


def qt_folder_type() -> str:
    """The file dialog's type of a folder ("Folder": also missing from ``qtbase_ru.qm``) in the
    interface language. The literal call lets ``lupdate`` collect it with Qt's context and
    disambiguation, so CopyLens's catalogue holds its translation like :data:`QT_GAPS`."""
    return QtCore.QCoreApplication.translate(
        "QAbstractFileIconProvider", "Folder", "All other platforms"
    )


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
    English. The default ``QLocale`` becomes the language's (decimal comma, sizes, dates).
    Returns the language actually used.
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
    QtCore.QLocale.setDefault(interface_locale(used))
    return used


def interface_locale(language: str) -> QtCore.QLocale:
    """The locale Qt writes numbers, sizes and dates in for an interface in ``language``
    (English: the United States' conventions, whatever the system's)."""
    if language == SOURCE_LANGUAGE:
        return QtCore.QLocale(QtCore.QLocale.Language.English, QtCore.QLocale.Country.UnitedStates)
    return QtCore.QLocale(language)
