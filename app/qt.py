"""The one place that imports Qt. Every GUI module writes ``from copylens.app.qt import QtWidgets``.

``core/`` never imports Qt; the command line never imports this module, so it runs where Qt
is not installed.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtPrintSupport, QtWidgets
from PySide6.QtCore import Qt, Signal, Slot

__all__ = ["Qt", "QtCore", "QtGui", "QtPrintSupport", "QtWidgets", "Signal", "Slot"]
