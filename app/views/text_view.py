"""A read-only text view that highlights spans given in Python string offsets.

The engine's offsets are Python ``str`` indices (code points) into the extracted text. A
``QTextDocument`` counts UTF-16 code units (a character outside the BMP, such as an emoji or
"𝔸", counts two) and ``setPlainText`` turns "\\r\\n" into a single paragraph separator.
:class:`OffsetMap` converts between the two: the view shows the text with "\\r\\n" and lone
"\\r" normalised to "\\n" and maps every offset through that normalisation and UTF-16.

Highlights are ``QTextEdit.ExtraSelection`` objects (cheap to replace when a source is hidden
or the current fragment changes); look-alike letters are character formats of the document
itself, so they stay marked under any highlight. A span whose format has a wavy underline (a
paraphrase) gets a wave the view draws itself, larger than Qt's (whose wave, two pixels high,
looks like the dotted line of edited words).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_LOOKALIKE_PROPERTY = QtGui.QTextFormat.Property.UserProperty + 17
_WAVE = QtGui.QTextCharFormat.UnderlineStyle.WaveUnderline


class OffsetMap:
    """Python offsets of ``text`` ↔ positions in a QTextDocument holding :attr:`display`."""

    def __init__(self, text: str) -> None:
        self.text = text
        display = text.replace("\r\n", "\n").replace("\r", "\n")
        if _LONE_SURROGATE.search(display):
            display = _LONE_SURROGATE.sub("\ufffd", display)
        self.display = display
        """The text the document holds: "\\r\\n" and "\\r" → "\\n", lone surrogates → U+FFFD."""
        self._prefix: np.ndarray | None = None
        if "\r" in text or (text and max(text) > "\uffff"):
            codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
            units = np.where(codes > 0xFFFF, 2, 1).astype(np.int32)
            cr_before_lf = (codes[:-1] == 0x0D) & (codes[1:] == 0x0A)
            units[:-1][cr_before_lf] = 0
            self._prefix = np.concatenate(([0], np.cumsum(units, dtype=np.int64)))

    def __len__(self) -> int:
        return len(self.text)

    @property
    def qt_length(self) -> int:
        """Length of the text in the document's positions."""
        return self.to_qt(len(self.text))

    def to_qt(self, index: int) -> int:
        """Document position of the Python offset ``index`` (0 ≤ index ≤ len(text))."""
        index = max(0, min(int(index), len(self.text)))
        if self._prefix is None:
            return index
        return int(self._prefix[index])

    def to_python(self, position: int) -> int:
        """The first Python offset at document position ``position`` (inverse of to_qt)."""
        if self._prefix is None:
            return max(0, min(int(position), len(self.text)))
        found = int(np.searchsorted(self._prefix, position, side="left"))
        return max(0, min(found, len(self.text)))


def qt_position(text: str, index: int) -> int:
    """The QTextDocument position of the Python offset ``index`` into ``text``.

    Counts UTF-16 code units (a character outside the BMP counts 2) and "\\r\\n" as one
    position, as the document holds it. Build an :class:`OffsetMap` to convert many offsets.
    """
    return OffsetMap(text).to_qt(index)


@dataclass(eq=False)
class Span:
    """A highlight: Python offsets into the original text, the format, an owner key."""

    start: int
    end: int
    format: QtGui.QTextCharFormat
    key: Hashable | None = None
    """What the span belongs to (the views use ("fragment", source, index) and the like)."""
    tooltip: str = ""
    kind: str = ""
    """What it marks, free for the owner ("fragment", "edit", ...)."""


def fill_format(
    background: QtGui.QColor,
    *,
    underline: QtGui.QColor | None = None,
    underline_style: QtGui.QTextCharFormat.UnderlineStyle = (
        QtGui.QTextCharFormat.UnderlineStyle.DotLine
    ),
    italic: bool = False,
) -> QtGui.QTextCharFormat:
    """A highlight format: ``background``, optionally underlined and italic (cited
    fragments); the text keeps its own colour (black, or red for look-alike letters)."""
    fmt = QtGui.QTextCharFormat()
    fmt.setBackground(QtGui.QBrush(background))
    if italic:
        fmt.setFontItalic(True)
    if underline is not None:
        fmt.setUnderlineStyle(underline_style)
        fmt.setUnderlineColor(underline)
    return fmt


WAVE_AMPLITUDE = 1.9
WAVE_STEP = 3.4
"""Half a period of the wave under paraphrases, in pixels."""
WAVE_PEN = 1.5


def wave_path(left: float, right: float, y: float) -> QtGui.QPainterPath:
    """A wavy line from ``left`` to ``right`` around ``y`` (the underline of paraphrases)."""
    path = QtGui.QPainterPath(QtCore.QPointF(left, y))
    x, up = left, True
    while x < right:
        step = min(x + WAVE_STEP, right)
        bend = y - WAVE_AMPLITUDE if up else y + WAVE_AMPLITUDE
        path.quadTo(QtCore.QPointF((x + step) / 2, bend), QtCore.QPointF(step, y))
        x, up = step, not up
    return path


def wave_image_html(color: QtGui.QColor, width: int = 20) -> str:
    """An ``<img>`` of the wave, for rich-text legends (Qt's own wavy underline is too small
    to tell from a dotted one)."""
    height = int(2 * WAVE_AMPLITUDE + 2 * WAVE_PEN + 2)
    image = QtGui.QImage(width, height, QtGui.QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setPen(QtGui.QPen(color, WAVE_PEN))
    painter.drawPath(wave_path(1, width - 1, height / 2))
    painter.end()
    data = QtCore.QByteArray()
    buffer = QtCore.QBuffer(data)
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    encoded = bytes(data.toBase64()).decode("ascii")
    return f'<img src="data:image/png;base64,{encoded}" width="{width}" height="{height}">'


def lookalike_tooltip(text: str, offset: int) -> str:
    """ "Latin letter “o” inside a Cyrillic word: “слoво”", or the like, for ``text[offset]``."""
    char = text[offset] if 0 <= offset < len(text) else ""
    own = _script(char)
    start = offset
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    end = offset + 1
    while end < len(text) and text[end].isalnum():
        end += 1
    others: dict[str, int] = {}
    for n in range(start, end):
        if n != offset and (script := _script(text[n])) and script != own:
            others[script] = others.get(script, 0) + 1
    host = max(others, key=lambda s: others[s]) if others else ""
    template = _lookalike_templates().get((own, host)) or _lookalike_templates()[("", "")]
    return template.format(char, text[start:end])


def _lookalike_templates() -> dict[tuple[str, str], str]:
    """Whole sentences per (letter's script, word's script), so translations can agree."""
    return {
        ("Latin", "Cyrillic"): QtCore.QCoreApplication.translate(
            "LookAlike", "Latin letter “{0}” inside a Cyrillic word: “{1}”"
        ),
        ("Cyrillic", "Latin"): QtCore.QCoreApplication.translate(
            "LookAlike", "Cyrillic letter “{0}” inside a Latin word: “{1}”"
        ),
        ("Greek", "Cyrillic"): QtCore.QCoreApplication.translate(
            "LookAlike", "Greek letter “{0}” inside a Cyrillic word: “{1}”"
        ),
        ("Greek", "Latin"): QtCore.QCoreApplication.translate(
            "LookAlike", "Greek letter “{0}” inside a Latin word: “{1}”"
        ),
        ("", ""): QtCore.QCoreApplication.translate(
            "LookAlike", "Letter “{0}” of another alphabet that looks like a letter of “{1}”"
        ),
    }


def _script(char: str) -> str:
    if not char.isalpha():
        return ""
    name = unicodedata.name(char, "")
    for script in ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN"):
        if name.startswith(script):
            return script.capitalize()
    return ""


class HighlightTextView(QtWidgets.QPlainTextEdit):
    """Read-only text with highlighted spans and marked look-alike letters.

    Signals:
        span_clicked(object): a single click (no drag) on a span; the topmost span's key.
        span_activated(object): a double click on a span, or Enter with the cursor in one.
    """

    span_clicked = Signal(object)
    span_activated = Signal(object)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setUndoRedoEnabled(False)
        self.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QtGui.QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        palette = self.palette()
        for group in (QtGui.QPalette.ColorGroup.Active, QtGui.QPalette.ColorGroup.Inactive):
            palette.setColor(group, QtGui.QPalette.ColorRole.Base, colors.TEXT_BACKGROUND)
            palette.setColor(group, QtGui.QPalette.ColorRole.Text, colors.TEXT_COLOR)
        self.setPalette(palette)
        font = self.font()
        font.setPointSizeF(max(font.pointSizeF(), 10.5))
        self.setFont(font)
        self.document().setDocumentMargin(8)
        self._map = OffsetMap("")
        self._spans: list[Span] = []
        self._italic: list[tuple[int, int]] = []
        self._waves: list[tuple[int, int, QtGui.QColor]] = []
        self._lookalikes: dict[int, str] = {}
        self._press: QtCore.QPoint | None = None
        self._marker: tuple[int, int, QtGui.QColor] | None = None

    # --- text -------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Show ``text`` (the engine's extracted text); clears spans and marks."""
        self._map = OffsetMap(text)
        self._spans = []
        self._italic = []
        self._waves = []
        self._marker = None
        self._lookalikes = {}
        self.setExtraSelections([])
        self.setPlainText(self._map.display)
        self.moveCursor(QtGui.QTextCursor.MoveOperation.Start)

    def original_text(self) -> str:
        return self._map.text

    @property
    def offsets(self) -> OffsetMap:
        return self._map

    # --- highlights -------------------------------------------------------------------
    def set_spans(self, spans: Iterable[Span]) -> None:
        """Highlight ``spans``; later spans are painted over earlier ones.

        An extra selection cannot change the font (it would change the layout), so spans with
        an italic format (cited fragments) are made italic in the document's own formats,
        and those of the previous spans are made upright again."""
        self._spans = [s for s in spans if s.end > s.start]
        italic = [(s.start, s.end) for s in self._spans if s.format.fontItalic()]
        if italic or self._italic:
            upright = QtGui.QTextCharFormat()
            upright.setFontItalic(False)
            for start, end in self._italic:
                self._cursor(start, end).mergeCharFormat(upright)
            slanted = QtGui.QTextCharFormat()
            slanted.setFontItalic(True)
            for start, end in italic:
                self._cursor(start, end).mergeCharFormat(slanted)
            self._italic = italic
        selections = []
        self._waves = []
        for span in self._spans:
            selection = QtWidgets.QTextEdit.ExtraSelection()
            selection.cursor = self._cursor(span.start, span.end)
            selection.format = span.format
            if span.format.underlineStyle() == _WAVE:  # drawn by paintEvent instead
                self._waves.append((span.start, span.end, span.format.underlineColor()))
                selection.format = QtGui.QTextCharFormat(span.format)
                selection.format.setUnderlineStyle(QtGui.QTextCharFormat.UnderlineStyle.NoUnderline)
            selections.append(selection)
        self.setExtraSelections(selections)

    def spans(self) -> list[Span]:
        return list(self._spans)

    def set_marker(self, start: int, end: int, color: QtGui.QColor) -> None:
        """A bar in the left margin beside the lines of ``start``..``end`` (the current
        fragment of the side by side view), so it stands out without relying on colour."""
        self._marker = (start, end, QtGui.QColor(color))
        self.viewport().update()

    def marker(self) -> tuple[int, int] | None:
        return None if self._marker is None else self._marker[:2]

    def selection_ranges(self) -> list[tuple[int, int, Hashable | None, str]]:
        """(start, end, key, kind) of every highlight as the widget holds it, Python offsets.

        Read back from the widget's extra selections (not from the spans given), so it shows
        what the user sees.
        """
        ranges = []
        for span, selection in zip(self._spans, self.extraSelections(), strict=True):
            cursor = selection.cursor
            ranges.append(
                (
                    self._map.to_python(cursor.selectionStart()),
                    self._map.to_python(cursor.selectionEnd()),
                    span.key,
                    span.kind,
                )
            )
        return ranges

    def spans_at(self, offset: int) -> list[Span]:
        """Spans covering the character at ``offset``, topmost first."""
        return [s for s in reversed(self._spans) if s.start <= offset < s.end]

    # --- look-alike letters -----------------------------------------------------------
    def mark_lookalikes(self, offsets: Sequence[int]) -> None:
        """Mark single characters (red, bold, wavy underline) with an explanatory tooltip."""
        text = self._map.text
        self._lookalikes = {o: lookalike_tooltip(text, o) for o in offsets if 0 <= o < len(text)}
        fmt = QtGui.QTextCharFormat()
        fmt.setForeground(QtGui.QBrush(colors.LOOKALIKE_COLOR))
        fmt.setFontWeight(QtGui.QFont.Weight.Bold)
        fmt.setUnderlineStyle(QtGui.QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(colors.LOOKALIKE_COLOR)
        fmt.setProperty(_LOOKALIKE_PROPERTY, True)
        for offset in self._lookalikes:
            self._cursor(offset, offset + 1).mergeCharFormat(fmt)

    def marked_lookalikes(self) -> list[int]:
        """Python offsets of the characters the document marks as look-alikes."""
        found: list[int] = []
        block = self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.isValid() and fragment.charFormat().property(_LOOKALIKE_PROPERTY):
                    first = fragment.position()
                    for position in range(first, first + fragment.length()):
                        offset = self._map.to_python(position)
                        if not found or found[-1] != offset:
                            found.append(offset)
                it += 1
            block = block.next()
        return found

    # --- positions --------------------------------------------------------------------
    def offset_at(self, point: QtCore.QPoint) -> int:
        """Python offset of the character under ``point`` (viewport coordinates)."""
        cursor = self.cursorForPosition(point)
        position = cursor.position()
        if position > 0 and point.x() < self.cursorRect(cursor).x():
            position -= 1
        return self._map.to_python(position)

    def go_to(self, offset: int) -> None:
        """Put the cursor at ``offset`` and scroll it to the upper third of the viewport."""
        self.setTextCursor(self._cursor(offset, offset))
        self.centerCursor()
        bar = self.verticalScrollBar()
        target = self.viewport().height() // 4
        for _ in range(200):
            top = self.cursorRect().top()
            if top <= target or bar.value() >= bar.maximum():
                break
            bar.setValue(bar.value() + 1)
        if not self.is_visible(offset):
            self.ensureCursorVisible()

    def cursor_offset(self) -> int:
        """Python offset of the text cursor."""
        return self._map.to_python(self.textCursor().position())

    def is_visible(self, offset: int) -> bool:
        """Whether the character at ``offset`` lies inside the viewport."""
        rect = self.cursorRect(self._cursor(offset, offset))
        return self.viewport().rect().intersects(rect)

    def _cursor(self, start: int, end: int) -> QtGui.QTextCursor:
        cursor = QtGui.QTextCursor(self.document())
        cursor.setPosition(self._map.to_qt(start))
        cursor.setPosition(self._map.to_qt(end), QtGui.QTextCursor.MoveMode.KeepAnchor)
        return cursor

    # --- events -----------------------------------------------------------------------
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        super().paintEvent(event)
        if self._waves:
            self._paint_waves()
        if self._marker is None:
            return
        start, end, color = self._marker
        top = self.cursorRect(self._cursor(start, start)).top()
        bottom = self.cursorRect(self._cursor(end, end)).bottom()
        height = self.viewport().height()
        if bottom < 0 or top > height:
            return
        painter = QtGui.QPainter(self.viewport())
        painter.fillRect(QtCore.QRect(1, max(top, 0), 4, min(bottom, height) - max(top, 0)), color)
        painter.end()

    def wave_runs(self, start: int, end: int) -> list[tuple[float, float, float]]:
        """(left, right, y) in viewport coordinates of the wave under each line of
        ``start``..``end`` that is in view (the wavy underline of a paraphrase)."""
        runs: list[tuple[float, float, float]] = []
        q_start, q_end = self._map.to_qt(start), self._map.to_qt(end)
        height = self.viewport().height()
        offset = self.contentOffset()
        block = self.document().findBlock(q_start)
        while block.isValid() and block.position() < q_end:
            geometry = self.blockBoundingGeometry(block).translated(offset)
            if geometry.top() > height:
                break
            layout = block.layout()
            if geometry.bottom() >= 0 and block.isVisible() and layout is not None:
                first = block.position()
                for n in range(layout.lineCount()):
                    line = layout.lineAt(n)
                    a = max(q_start, first + line.textStart())
                    b = min(q_end, first + line.textStart() + line.textLength())
                    if a >= b:
                        continue
                    if b > a + 1 and self.document().characterAt(b - 1).isspace():
                        b -= 1  # not under the space a line breaks at
                    left = geometry.left() + line.cursorToX(a - first)[0]
                    right = geometry.left() + line.cursorToX(b - first)[0]
                    y = geometry.top() + line.y() + line.ascent() + max(2.0, line.descent() * 0.6)
                    runs.append((left, right, y))
            block = block.next()
        return runs

    def _paint_waves(self) -> None:
        painter = QtGui.QPainter(self.viewport())
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        for start, end, color in self._waves:
            painter.setPen(QtGui.QPen(color, WAVE_PEN))
            for left, right, y in self.wave_runs(start, end):
                painter.drawPath(wave_path(left, right, y))
        painter.end()

    def event(self, event: QtCore.QEvent) -> bool:
        if isinstance(event, QtGui.QHelpEvent) and event.type() == QtCore.QEvent.Type.ToolTip:
            point = self.viewport().mapFromGlobal(event.globalPos())
            tip = self.tooltip_at(self.offset_at(point))
            if tip:
                QtWidgets.QToolTip.showText(event.globalPos(), tip, self)
            else:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def tooltip_at(self, offset: int) -> str:
        """The tooltip shown over the character at ``offset``: look-alike note, then spans."""
        tips = []
        if offset in self._lookalikes:
            tips.append(self._lookalikes[offset])
        for span in self.spans_at(offset):
            if span.tooltip and span.tooltip not in tips:
                tips.append(span.tooltip)
        return "\n\n".join(tips)

    def key_at(self, offset: int) -> Hashable | None:
        for span in self.spans_at(offset):
            if span.key is not None:
                return span.key
        return None

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        if (
            event.button() == Qt.MouseButton.LeftButton
            and press is not None
            and (event.position().toPoint() - press).manhattanLength()
            < QtWidgets.QApplication.startDragDistance()
            and not self.textCursor().hasSelection()
        ):
            key = self.key_at(self.offset_at(event.position().toPoint()))
            if key is not None:
                self.span_clicked.emit(key)

    def mouseDoubleClickEvent(self, event: QtGui.QMouseEvent) -> None:
        key = self.key_at(self.offset_at(event.position().toPoint()))
        if key is not None and event.button() == Qt.MouseButton.LeftButton:
            self.span_activated.emit(key)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            key = self.key_at(self.cursor_offset())
            if key is not None:
                self.span_activated.emit(key)
                event.accept()
                return
        super().keyPressEvent(event)
