"""Small looks the result views share: percentages in the interface language, bold labels, a
setting's shown name, translation in a given context, long headings on two lines."""

from __future__ import annotations

from copylens.app import i18n, presentation
from copylens.app.qt import QtCore, QtWidgets


def tr_in(context: str, text: str) -> str:
    """``text`` translated in ``context``."""
    return QtCore.QCoreApplication.translate(context, text)


def percent(value: float) -> str:
    """A share as a percentage in the interface language."""
    return presentation.percent(value, i18n.current_language())


def bold_label(text: str) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def setting_label(key: str) -> str:
    """A setting's label as the settings dialog shows it, quoted."""
    from copylens.app.settings import shown_name

    return shown_name(key)


def two_lines(text: str, longer_than: int = 12) -> str:
    """A long heading on two lines, broken at the space nearest its middle ("Source\nused"),
    so that the figures' columns leave the source's name room (Russian words are long)."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if len(text) <= longer_than or not spaces:
        return text
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return f"{text[:cut]}\n{text[cut + 1 :]}"
