"""The check page's Web section: addresses of pages to check against, and "Search the web".

Addresses are pasted or typed one per line (blank lines and lines starting with "#" are
skipped). A line that is not an http or https address with a host name is marked (a red wavy
underline) as soon as it is typed and named under the box, and Check refuses to start until it
is fixed or removed; the engine checks the rest (that the host exists and is public, robots.txt)
and reports each address that gave no page among the run's errors, which the box then marks
too (an orange underline, the reason in the line's tooltip).

"Search the web" sends the documents' distinctive phrases to the search provider of the
settings with the user's own key; the line under it says how many queries at most and to
which provider, before the run, because each query costs the user money. The box's state is
kept with the settings (``web_search``); the addresses belong to the session.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from copylens.app.presentation import address_key, address_problem
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.core import PROVIDERS

PROBLEMS = (
    QtCore.QT_TRANSLATE_NOOP("WebPanel", "spaces inside an address"),
    QtCore.QT_TRANSLATE_NOOP("WebPanel", "not an http:// or https:// address"),
    QtCore.QT_TRANSLATE_NOOP("WebPanel", "not a valid address"),
    QtCore.QT_TRANSLATE_NOOP("WebPanel", "no host name"),
)
""":func:`copylens.app.presentation.address_problem`'s words, translated here."""
INVALID_COLOR = "#C62828"
FAILED_COLOR = "#E08A00"


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("WebPanel", text)


def address_lines(text: str) -> list[tuple[int, str]]:
    """(line number from 0, address) of every line that holds one: stripped, blank lines and
    "#" comments left out."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines())]
    return [(n, line) for n, line in lines if line and not line.startswith("#")]


class AddressEdit(QtWidgets.QPlainTextEdit):
    """The addresses, one per line; a line's tooltip says what is wrong with it."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(True)
        self.line_tips: dict[int, str] = {}
        """What is wrong with a line (by line number), shown as its tooltip."""

    def viewportEvent(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ToolTip and isinstance(event, QtGui.QHelpEvent):
            line = self.cursorForPosition(event.pos()).blockNumber()
            tip = self.line_tips.get(line, "")
            if tip:
                QtWidgets.QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)


class WebPanel(QtWidgets.QWidget):
    """The Web section of *Check against sources* (see the module's docstring).

    Signals: ``changed`` (the addresses or the search box changed), ``settingsRequested``
    (the link to the settings' Web group was clicked)."""

    changed = Signal()
    settingsRequested = Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = self.tr("Web")
        self.title_label = QtWidgets.QLabel()
        self.paste_button = QtWidgets.QToolButton()
        self.paste_button.setText(self.tr("Paste"))
        self.paste_button.setIcon(
            self.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_FileDialogContentsView)
        )
        self.paste_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.paste_button.setAutoRaise(True)
        self.paste_button.setToolTip(self.tr("Paste the addresses on the clipboard, one per line"))
        self.paste_button.clicked.connect(self.paste_addresses)
        self.edit = AddressEdit()
        self.edit.setObjectName("webAddresses")
        self.edit.setMinimumHeight(3 * self.fontMetrics().lineSpacing() + 12)
        self.edit.setAccessibleName(self.title)
        self.edit.setPlaceholderText(
            self.tr("Addresses of web pages to check against, one per line:")
            + "\nhttps://example.com/article"
        )
        tip = self.tr(
            "Each page is downloaded and checked like a source file. Pages are kept for a day, "
            "so a second check does not download them again."
        )
        self.title_label.setToolTip(tip)
        self.edit.setAccessibleDescription(tip)
        self.problem_label = QtWidgets.QLabel()
        self.problem_label.setObjectName("webProblem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet(f"color: {INVALID_COLOR};")
        self.problem_label.hide()
        self.search_box = QtWidgets.QCheckBox(self.tr("Search the web"))
        self.search_box.setObjectName("webSearch")
        self.search_box.setToolTip(
            self.tr(
                "Send the documents' most distinctive phrases to the search provider of the "
                "settings, download the pages it finds and check against them too. Only those "
                "phrases leave this computer, and only to that provider."
            )
        )
        self.search_box.setMinimumWidth(40)  # a narrow window cuts its words, not widens
        self.cost_label = QtWidgets.QLabel()
        self.cost_label.setObjectName("webCost")
        self.cost_label.setWordWrap(True)
        self.cost_label.setTextFormat(Qt.TextFormat.RichText)
        self.cost_label.linkActivated.connect(lambda _link: self.settingsRequested.emit())
        self._cost_tip = self.tr(
            "Each query is billed to your key by the provider. The number of queries per "
            "check and the provider are in Settings › Web search."
        )
        header = QtWidgets.QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.title_label, 1)
        header.addWidget(self.paste_button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.search_box)
        layout.addWidget(self.cost_label)
        self._provider = "brave"
        self._max_queries = 20
        self._failed: dict[str, str] = {}
        """Addresses that gave no page in the last run, with the reason."""
        self.edit.installEventFilter(self)
        self.edit.textChanged.connect(self._edited)
        self.search_box.toggled.connect(self._search_toggled)
        self._update()

    # ------------------------------------------------------------------ contents

    def minimumSizeHint(self) -> QtCore.QSize:
        """At least the height its parts need at the current width: the wrapped note under
        the box grows with a narrow panel, and a layout given less drew the box, "Search the
        web" and the note over each other (1024 × 640 in Russian, issue 36)."""
        hint = super().minimumSizeHint()
        layout = self.layout()
        margins = layout.contentsMargins()
        inner = max(self.width(), hint.width()) - margins.left() - margins.right()
        parts = [
            max(self.title_label.sizeHint().height(), self.paste_button.sizeHint().height()),
            self.edit.minimumHeight(),
            self.search_box.sizeHint().height(),
            # two lines at most: a window narrowed further cuts the note, never grows taller
            min(self.cost_label.heightForWidth(inner), 2 * self.fontMetrics().lineSpacing()),
        ]
        if not self.problem_label.isHidden():
            parts.append(self.problem_label.heightForWidth(inner))
        spacing = layout.spacing() * (len(parts) - 1)
        needed = margins.top() + margins.bottom() + sum(parts) + spacing
        return QtCore.QSize(hint.width(), max(hint.height(), needed))

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the wrapped note's height follows the width

    def addresses(self) -> list[str]:
        """The valid addresses, in order, each once."""
        found = [line for _n, line in address_lines(self.edit.toPlainText())]
        return list(dict.fromkeys(line for line in found if not address_problem(line)))

    def lines(self) -> list[str]:
        """Every address line as typed (valid or not): what a session keeps."""
        return [line for _n, line in address_lines(self.edit.toPlainText())]

    def set_lines(self, lines: Iterable[str]) -> None:
        self._failed.clear()
        self.edit.setPlainText("\n".join(lines))

    def add_lines(self, lines: Iterable[str]) -> int:
        """Add addresses not listed yet at the end; how many were added."""
        listed = set(self.lines())
        new = [line.strip() for line in lines if line.strip() and line.strip() not in listed]
        new = list(dict.fromkeys(new))
        if new:
            text = self.edit.toPlainText().rstrip("\n")
            self.edit.setPlainText("\n".join([text, *new]) if text else "\n".join(new))
        return len(new)

    def paste_addresses(self) -> int:
        return self.add_lines(QtGui.QGuiApplication.clipboard().text().splitlines())

    def problems(self) -> list[tuple[int, str, str]]:
        """(line number from 1, the line, what is wrong in the interface language) of every
        line that is not an address CopyLens can download."""
        found = []
        for n, line in address_lines(self.edit.toPlainText()):
            problem = address_problem(line)
            if problem:
                found.append((n + 1, line, _tr(problem)))
        return found

    @property
    def searching(self) -> bool:
        """ "Search the web" is ticked."""
        return self.search_box.isChecked()

    def has_web(self) -> bool:
        """The check would take sources from the web (addresses, or a search)."""
        return self.searching or bool(self.addresses())

    # ------------------------------------------------------------------ settings

    def set_values(self, values: Mapping[str, Any]) -> None:
        """The settings' provider and queries per check, and the stored search box."""
        self._provider = str(values.get("web_provider", "brave"))
        self._max_queries = int(values.get("web_max_queries", 20))
        self.search_box.blockSignals(True)
        self.search_box.setChecked(bool(values.get("web_search", False)))
        self.search_box.blockSignals(False)
        self._update()

    def values(self) -> dict[str, Any]:
        """The panel's settings (``web_search``)."""
        return {"web_search": self.search_box.isChecked()}

    def query_note(self) -> str:
        """ "up to 20 queries with Brave Search API" (plain text)."""
        info = PROVIDERS.get(self._provider)
        label = info.label if info is not None else self._provider  # a product: not translated
        text = self.tr("up to %1 queries with %2")
        return text.replace("%1", str(self._max_queries)).replace("%2", label)

    # ------------------------------------------------------------------ the last run

    def mark_errors(self, errors: Mapping[str, str]) -> int:
        """Mark the addresses that gave no page (``errors``: reason by address, as the
        report names them); how many lines were marked."""
        failed = {address_key(path): reason for path, reason in errors.items()}
        self._failed = {
            line: failed[address_key(line)] for line in self.lines() if address_key(line) in failed
        }
        self._update()
        return len(self._failed)

    def holding(self, paths: Iterable[str]) -> set[str]:
        """The ``paths`` (addresses as the engine reports them) that name a line of the box."""
        listed = {address_key(line) for line in self.lines()}
        return {path for path in paths if address_key(path) in listed}

    def clear_errors(self) -> None:
        self._failed.clear()
        self._update()

    # ------------------------------------------------------------------ internals

    def _edited(self) -> None:
        self._update()
        self.changed.emit()

    def _search_toggled(self) -> None:
        self._update()
        self.changed.emit()

    def _update(self) -> None:
        self.update_count(active=self.edit.hasFocus())
        problems = self.problems()
        if problems:
            number, _line, problem = problems[0]
            text = self.tr("Line %1: %2").replace("%1", str(number)).replace("%2", problem)
            if len(problems) > 1:
                more = self.tr("(%1 lines to fix)").replace("%1", str(len(problems)))
                text = f"{text} {more}"
            self.problem_label.setText(text)
        self.problem_label.setVisible(bool(problems))
        self._mark_lines({n - 1: problem for n, _line, problem in problems})
        link = html.escape(self.tr("Settings"))
        note = html.escape(self.query_note())
        self.cost_label.setText(f'{note} (<a href="settings">{link}</a>)')
        self.cost_label.setToolTip(self._cost_tip)
        self.cost_label.setEnabled(self.searching)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        """The title is bold while the box has the focus, as an active list's is."""
        if watched is self.edit and event.type() in (
            QtCore.QEvent.Type.FocusIn,
            QtCore.QEvent.Type.FocusOut,
        ):
            self.update_count(active=event.type() == QtCore.QEvent.Type.FocusIn)
        return super().eventFilter(watched, event)

    def update_count(self, active: bool) -> None:
        """The title, with the number of addresses (bold when ``active``, as the lists')."""
        count = len(self.addresses())
        text = html.escape(self.title)
        if count:
            text += f" <span style='font-weight:normal'>({count})</span>"
        self.title_label.setText(f"<b>{text}</b>" if active else text)

    def _mark_lines(self, invalid: dict[int, str]) -> None:
        """Underline the invalid lines red and those that failed in the last run orange."""
        selections = []
        tips: dict[int, str] = {}
        document = self.edit.document()
        for n, line in address_lines(self.edit.toPlainText()):
            reason = invalid.get(n) or self._failed.get(line)
            if not reason:
                continue
            color = QtGui.QColor(INVALID_COLOR if n in invalid else FAILED_COLOR)
            selection = QtWidgets.QTextEdit.ExtraSelection()
            selection.format.setUnderlineStyle(
                QtGui.QTextCharFormat.UnderlineStyle.SpellCheckUnderline
            )
            selection.format.setUnderlineColor(color)
            selection.format.setForeground(color)
            cursor = QtGui.QTextCursor(document.findBlockByNumber(n))
            cursor.movePosition(
                QtGui.QTextCursor.MoveOperation.EndOfBlock, QtGui.QTextCursor.MoveMode.KeepAnchor
            )
            selection.cursor = cursor
            selections.append(selection)
            tips[n] = reason
        self.edit.line_tips = tips
        self.edit.setExtraSelections(selections)
