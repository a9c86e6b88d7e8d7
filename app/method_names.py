"""Plain names of the catalogue's methods, for people: the *Grouped by* list of *Compare all*.

The catalogue (``copylens.core.catalogue()``) names each method by the study's code (A0…A12,
``fetterly``, ``kosinov-punct``…) and a short title from the papers ("TF*RIDF", "Lex Rand");
a teacher needs to know what each compares. :data:`NAMES` says it in plain words, marked for
``pyside6-lupdate`` under context :data:`CONTEXT`; the study's code and title go in the item's
tooltip. Every catalogue method has a name here (a test fails when one is added without).
"""

from __future__ import annotations

from copylens.app.qt import QtCore
from copylens.app.terms import QT_TRANSLATE_NOOP

CONTEXT = "MethodNames"


ENGINE = QT_TRANSLATE_NOOP("MethodNames", "Shared passages (CopyLens)")
"""The engine's own grouping (its containment: the method named ``copylens``)."""

NAMES: dict[str, str] = {
    "copylens": ENGINE,
    "A0": QT_TRANSLATE_NOOP("MethodNames", "Identical text"),
    "A1": QT_TRANSLATE_NOOP("MethodNames", "Most frequent words"),
    "A2": QT_TRANSLATE_NOOP("MethodNames", "Characteristic words (TF·IDF)"),
    "A3": QT_TRANSLATE_NOOP("MethodNames", "Characteristic words (residual IDF)"),
    "A4": QT_TRANSLATE_NOOP("MethodNames", "Two longest sentences"),
    "A5": QT_TRANSLATE_NOOP("MethodNames", "Two weightiest sentences"),
    "A6": QT_TRANSLATE_NOOP("MethodNames", "Word sequences in bundles (megashingles)"),
    "A7": QT_TRANSLATE_NOOP("MethodNames", "Vocabulary fingerprints (I-Match)"),
    "A8": QT_TRANSLATE_NOOP("MethodNames", "Sample of word sequences (log shingles)"),
    "A9": QT_TRANSLATE_NOOP("MethodNames", "Descriptive words, same set"),
    "A9-lev": QT_TRANSLATE_NOOP("MethodNames", "Descriptive words, nearly the same set"),
    "A10": QT_TRANSLATE_NOOP("MethodNames", "Word-frequency profile"),
    "A11": QT_TRANSLATE_NOOP("MethodNames", "Shared word sequences, texts of similar length"),
    "A12": QT_TRANSLATE_NOOP("MethodNames", "Long sentences and long words (3+5)"),
    "bottom-s": QT_TRANSLATE_NOOP("MethodNames", "Shared word sequences, smallest sample"),
    "broder": QT_TRANSLATE_NOOP("MethodNames", "Shared word sequences, Broder's clustering"),
    "fetterly": QT_TRANSLATE_NOOP("MethodNames", "Word sequences in bundles (Fetterly)"),
    "kosinov-punct": QT_TRANSLATE_NOOP("MethodNames", "Punctuation counts"),
    "kosinov-sent": QT_TRANSLATE_NOOP("MethodNames", "Two longest sentences, as written"),
    "kosinov-special": QT_TRANSLATE_NOOP("MethodNames", "Special characters in order"),
    "kosinov-stats": QT_TRANSLATE_NOOP("MethodNames", "Word and sentence lengths"),
    "mod-m": QT_TRANSLATE_NOOP("MethodNames", "Shared word sequences, regular sample"),
    "simhash": QT_TRANSLATE_NOOP("MethodNames", "Overall word profile (simhash)"),
}
"""Study code → plain name (English; translated where shown)."""

NEWS = QT_TRANSLATE_NOOP("MethodNames", "News duplicates (SVM)")
"""The news-stream classifier (``copylens.app.news_grouping``): not a catalogue method, it
reads news items rather than regrouping the compared texts."""
NEWS_TIP = QT_TRANSLATE_NOOP(
    "MethodNames",
    "News items read from JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, .atom) and saved "
    "pages (.html, .htm), judged by many criteria and a support vector machine (Andreev, "
    "Berezkin, Kozlov, Simakov)",
)
EXTRA: dict[str, str] = {"news": NEWS}
"""Grouping methods of the selector beyond the catalogue, by their data."""


def shown_name(code: str) -> str:
    """The method's plain name in the interface language; its code if it has none."""
    name = NAMES.get(code) or EXTRA.get(code)
    return QtCore.QCoreApplication.translate(CONTEXT, name) if name else code


def shown_tip(code: str, title: str) -> str:
    """The tooltip of a method: its code and title in the study."""
    return QtCore.QCoreApplication.translate("MethodNames", "Study's code: {0} · {1}").format(
        code, title
    )
