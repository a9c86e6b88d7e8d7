"""Two texts side by side with the fragments they share, one fragment at a time.

The left text is the checked document (or a compared pair's ``a``), the right one the source
(or ``b``). Fragments give ``start/end`` on the left and ``source_start/source_end`` on the
right. The current fragment is painted stronger and scrolled into view on both sides; F3 and
Shift+F3 (or the buttons) step through the fragments in document order, wrapping around;
Esc or "Back" emits :attr:`SideBySideView.back_requested`.

A copied passage with sentences retold in other words inside it (issue 34: one fragment, each
retold sentence an edit of kind "retold") is one highlight with each retold sentence in the
paraphrase's look inside it, on both sides (:func:`fragment_spans`); the caption counts them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from copylens.app import i18n, presentation, terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors
from copylens.app.views.text_view import HighlightTextView, Span, fill_format
from copylens.core import Edit, Fragment

EDIT_NAMES = {
    "form": QtCore.QT_TRANSLATE_NOOP("Edits", "Changed word form"),
    "replace": QtCore.QT_TRANSLATE_NOOP("Edits", "Replaced words"),
    "insert": QtCore.QT_TRANSLATE_NOOP("Edits", "Words added to the copy"),
    "delete": QtCore.QT_TRANSLATE_NOOP("Edits", "Words left out of the copy"),
    "retold": QtCore.QT_TRANSLATE_NOOP("Edits", "Sentence retold in other words"),
}
"""Edit kinds as the tooltips name them (translated with context "Edits")."""


NO_BREAK = "\u00a0"
"""A space the line never wraps at."""


def fragment_spans(
    fragments: Sequence[Fragment],
    color_index: int,
    *,
    side: str,
    current: int | None = None,
    key_prefix: tuple[object, ...] = ("fragment",),
    tooltip: str = "",
    other_text: str | None = None,
    other_name: str = "",
) -> list[Span]:
    """Highlights of ``fragments`` on one side ("left": start/end, "right": source spans).

    Per fragment: a fill over the whole fragment (key ``(*key_prefix, n)``; a cited fragment
    green-grey and italic whatever the source), then paler,
    dotted-underlined spans over its edited words; in the current fragment (side by side),
    words only the other side has (a zero-width edit) mark the one character where they were
    left out (:func:`_left_out_mark`) as a block of the source's dark line colour.
    With a ``current`` fragment (side by side)
    that one is painted last in the stronger tint and the others fade. ``other_text`` is the
    text of the other side, quoted in tooltips of edits.

    A paraphrase (``Fragment.kind == "paraphrase"``: whole sentences, no edits) takes a lighter
    tint with a wavy underline (cited: green-grey, italic, wavy), the current one the plain
    source colour with the line; its tooltip names ``other_name`` (the other side's text: the
    source on the left, the document on the right) and the meaning similarity.

    A retold sentence inside a copied passage (an edit of kind "retold", issue 34) takes the
    look of a paraphrase of the same source (lighter tint, wavy underline; in a cited
    passage green-grey with the line), not the dotted look of edited words: one highlight
    with the retold sentences tinted inside, on the source's side too. Inside the current
    passage it keeps the paraphrase tint of the document view, lighter than the passage's
    strong fill.
    """
    line = colors.underline_color(color_index)
    left_out = fill_format(line)  # a dark block of the source's line colour
    if current is None:
        normal = fill_format(colors.source_color(color_index))
        edited = fill_format(colors.edited_color(color_index), underline=line)
        cited = fill_format(colors.CITED_COLOR, italic=True)
    else:
        normal = fill_format(colors.faded_color(color_index))
        edited = fill_format(colors.faded_edited_color(color_index), underline=line)
        cited = fill_format(colors.faded_cited_color(), italic=True)
    strong = fill_format(colors.strong_color(color_index))
    strong_edited = fill_format(colors.source_color(color_index), underline=line)
    strong_cited = fill_format(colors.CITED_STRONG_COLOR, italic=True)
    cited_line = colors.CITED_LINE_COLOR
    cited_edited = fill_format(cited.background().color(), underline=cited_line, italic=True)
    strong_cited_edited = fill_format(colors.CITED_STRONG_COLOR, underline=cited_line, italic=True)
    wave = colors.PARAPHRASE_LINE
    paraphrase = fill_format(
        colors.paraphrase_color(color_index)
        if current is None
        else colors.faded_paraphrase_color(color_index),
        underline=line,
        underline_style=wave,
    )
    strong_paraphrase = fill_format(
        colors.source_color(color_index), underline=line, underline_style=wave
    )
    current_retold = fill_format(  # lighter than the current passage's strong fill
        colors.paraphrase_color(color_index), underline=line, underline_style=wave
    )
    cited_paraphrase = fill_format(
        cited.background().color(), underline=cited_line, underline_style=wave, italic=True
    )
    strong_cited_paraphrase = fill_format(
        colors.CITED_STRONG_COLOR, underline=cited_line, underline_style=wave, italic=True
    )
    order = [n for n in range(len(fragments)) if n != current]
    if current is not None and 0 <= current < len(fragments):
        order.append(current)
    spans: list[Span] = []
    for n in order:
        fragment = fragments[n]
        is_current = n == current
        key = (*key_prefix, n)
        start, end = _side(fragment, side)
        if fragment.cited:
            tinted = strong_cited_paraphrase if is_current else cited_paraphrase
        else:
            tinted = strong_paraphrase if is_current else paraphrase
        retold_fill = current_retold if is_current and not fragment.cited else tinted
        if presentation.is_paraphrase(fragment):
            fill = edit_fill = tinted
        elif fragment.cited:
            fill, edit_fill = (
                (strong_cited, strong_cited_edited) if is_current else (cited, cited_edited)
            )
        else:
            fill, edit_fill = (strong, strong_edited) if is_current else (normal, edited)
        spans.append(
            Span(
                start,
                end,
                fill,
                key,
                _fragment_tip(fragment, tooltip, side, other_name),
                "fragment",
            )
        )
        for edit in fragment.edits:
            e_start, e_end = _side(edit, side)
            mark = e_end == e_start and is_current  # words only the other side has
            if mark:
                e_start, e_end = _left_out_mark(e_start, start, end)
            if e_end > e_start:
                spans.append(
                    Span(
                        e_start,
                        e_end,
                        left_out
                        if mark
                        else retold_fill
                        if edit.kind == presentation.RETOLD
                        else edit_fill,
                        key,
                        _edit_tip(edit, side, other_text),
                        "edit",
                    )
                )
    return spans


def _left_out_mark(at: int, start: int, end: int) -> tuple[int, int]:
    """The one character marking a zero-width edit at ``at`` inside a fragment's
    ``[start, end)`` (words only the other side has: a "delete" on the document's side, an
    "insert" on the source's): the one before it (the space between the words it was left
    out between), or the first after it at the fragment's start; its tooltip names the words
    (:func:`_edit_tip`)."""
    if start < at <= end:
        return at - 1, at
    if start <= at < end:
        return at, at + 1
    return at, at


def _side(item: Fragment | Edit, side: str) -> tuple[int, int]:
    if side == "left":
        return item.start, item.end
    return item.source_start, item.source_end


def _fragment_tip(fragment: Fragment, name: str, side: str = "left", other: str = "") -> str:
    if presentation.is_paraphrase(fragment):
        words = paraphrase_text(fragment, side, other)
    else:
        words = QtCore.QCoreApplication.translate("Edits", "{0} words, {1} copied exactly").format(
            fragment.words, fragment.exact_words
        )
    retold = presentation.retold_sentences(fragment)
    if retold:
        words += "\n" + QtCore.QCoreApplication.translate(
            "Edits", "Sentences retold in other words: {0}"
        ).format(retold)
    if fragment.cited:
        words += "\n" + QtCore.QCoreApplication.translate(
            "Edits", "Cited: in a quotation or the bibliography"
        )
    return f"{name}\n{words}" if name else words


def paraphrase_text(fragment: Fragment, side: str = "left", other: str = "") -> str:
    """ "Paraphrase of source.txt: meaning similarity 83 %" (on the document's side; "Paraphrased
    in essay.txt: …" on the source's; a kind without a score, a summary, "Summarised from:
    source.txt" and "Retold in essay.txt"), then the words it has and how many are the
    source's."""
    translate = QtCore.QCoreApplication.translate
    similarity = presentation.percent(fragment.score, i18n.current_language())
    if not presentation.is_scored(fragment):  # a summary: its kind's label, no similarity
        label = presentation.kind_label(fragment, translate)
        label = label[:1].upper() + label[1:]
        if not other:
            first = label
        elif side == "left":
            first = f"{label}: {other}"
        else:
            first = translate("Edits", "Retold in {0}").format(other)
    elif not other:
        first = translate("Edits", "Paraphrase: meaning similarity {0}").format(similarity)
    elif side == "left":
        first = translate("Edits", "Paraphrase of {0}: meaning similarity {1}")
        first = first.format(other, similarity)
    else:
        first = translate("Edits", "Paraphrased in {0}: meaning similarity {1}")
        first = first.format(other, similarity)
    words = translate("Edits", "{0} words, {1} the same as in the source").format(
        fragment.words, fragment.exact_words
    )
    return f"{first}\n{words}"


def _edit_tip(edit: Edit, side: str, other_text: str | None) -> str:
    kind = EDIT_NAMES.get(edit.kind)
    tip = QtCore.QCoreApplication.translate("Edits", str(kind)) if kind else edit.kind
    if other_text is not None:
        o_start, o_end = _side(edit, "right" if side == "left" else "left")
        other = " ".join(other_text[o_start:o_end].split())
        if other:
            if len(other) > 120:
                other = other[:117] + "…"
            if side == "left":
                has = QtCore.QCoreApplication.translate("Edits", "the source has “{0}”")
            else:
                has = QtCore.QCoreApplication.translate("Edits", "the document has “{0}”")
            tip += "; " + has.format(other)
    return tip


class ElidedLabel(QtWidgets.QLabel):
    """One line of plain text, shortened with "…" when it does not fit. It never asks for
    more width than it gets: long file names must not widen the page (and squeeze the
    window's result list). The full text stays in :meth:`text` (and belongs in the tooltip).
    """

    def __init__(
        self,
        text: str = "",
        parent: QtWidgets.QWidget | None = None,
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
    ) -> None:
        super().__init__(parent)
        self._full = ""
        self._mode = mode
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text
        self._elide()

    def text(self) -> str:
        return self._full

    def clear(self) -> None:
        self.setText("")

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QtCore.QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.FontChange:
            self._elide()

    def _elide(self) -> None:
        room = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self._full, self._mode, room)
        super().setText(shown if room > 0 else self._full)


class LinkLabel(ElidedLabel):
    """One line: a link that opens a web address in the browser (:func:`open_address`), then
    plain words after it; shortened at the end when it does not fit."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        self.address = ""
        self.after = ""
        super().__init__(parent=parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.linkActivated.connect(lambda _link: open_address(self.address))

    def set_address(self, address: str, shown: str, after: str = "") -> None:
        """Link to ``address`` with the words ``shown``, then ``after`` (plain)."""
        self.address = address
        self.after = after
        self.setText(shown)

    def _elide(self) -> None:
        room = self.contentsRect().width()
        link = self.text()
        whole = link + self.after
        shown = self.fontMetrics().elidedText(whole, self._mode, room) if room > 0 else whole
        head, tail = shown[: len(link)], shown[len(link) :]
        if len(shown) < len(link):  # the link itself is cut short
            head, tail = shown, ""
        text = f'<a href="open">{html.escape(head)}</a>{html.escape(tail)}' if link else ""
        QtWidgets.QLabel.setText(self, text)


def open_address(address: str) -> bool:
    """Open a web address in the user's browser; False when nothing could open it."""
    url = QtCore.QUrl(address, QtCore.QUrl.ParsingMode.TolerantMode)
    return url.isValid() and QtGui.QDesktopServices.openUrl(url)


class SideBySideView(QtWidgets.QWidget):
    """The document (left) and a source (right) with one source's fragments.

    Signals:
        back_requested(): the user pressed Esc or the back button.
        current_changed(int): the current fragment changed (index in document order).
    """

    back_requested = Signal()
    current_changed = Signal(int)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._fragments: list[Fragment] = []
        self._current = -1
        self._color = 0
        self._left_lookalikes: tuple[int, ...] = ()
        self._left_text = ""
        self._right_text: str | None = ""
        self._names = ("", "")

        self._make_labels()
        self._make_steps()
        panes = self._make_panes()
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        for pane in panes:
            self.splitter.addWidget(pane)
        self.splitter.setSizes([1, 1])
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        for row in self._rows():
            layout.addLayout(row)
        layout.addWidget(self.splitter, 1)
        self._update_labels()

    # --- builders -----------------------------------------------------------------------
    def _make_labels(self) -> None:
        """The back button, the source's colour and title, the figures and the position."""
        self.back_button = QtWidgets.QPushButton("← " + self.tr("Back"))
        self.back_button.setToolTip(self.tr("Back (Esc)"))
        self.back_button.clicked.connect(self.back_requested)
        self.title = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.swatch = QtWidgets.QLabel()
        self.swatch.setFixedSize(16, 16)
        self.position_label = QtWidgets.QLabel()
        self.position_label.setTextFormat(Qt.TextFormat.PlainText)
        self.figures_label = QtWidgets.QLabel()
        self.figures_label.setTextFormat(Qt.TextFormat.PlainText)
        self.figures_label.setWordWrap(True)  # wraps rather than widen the page or hide a figure
        self.figures_label.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )

    def _make_steps(self) -> None:
        """Previous (Shift+F3), Next (F3) and Back (Esc), working in the view and its
        children, and their buttons."""
        self.previous_action = QtGui.QAction("◀ " + self.tr("Previous"), self)
        self.previous_action.setShortcut(QtGui.QKeySequence("Shift+F3"))
        self.previous_action.setToolTip(self.tr("Previous fragment (Shift+F3)"))
        self.previous_action.triggered.connect(self.previous_fragment)
        self.next_action = QtGui.QAction(self.tr("Next") + " ▶", self)
        self.next_action.setShortcut(QtGui.QKeySequence("F3"))
        self.next_action.setToolTip(self.tr("Next fragment (F3)"))
        self.next_action.triggered.connect(self.next_fragment)
        self.back_action = QtGui.QAction(self.tr("Back"), self)
        self.back_action.setShortcut(QtGui.QKeySequence(Qt.Key.Key_Escape))
        self.back_action.triggered.connect(self.back_requested)
        for action in (self.previous_action, self.next_action, self.back_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        self.previous_button = QtWidgets.QToolButton()
        self.previous_button.setDefaultAction(self.previous_action)
        self.previous_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.next_button = QtWidgets.QToolButton()
        self.next_button.setDefaultAction(self.next_action)
        self.next_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

    def _rows(self) -> list[QtWidgets.QHBoxLayout]:
        # Three rows, each with the whole width (file names, Russian words and a paraphrase's
        # caption are long; a label squeezed beside the others wraps a word a line): back,
        # colour and title; the figures; the position and the buttons.
        bar = QtWidgets.QHBoxLayout()
        bar.addWidget(self.back_button)
        bar.addSpacing(12)
        bar.addWidget(self.swatch)
        bar.addWidget(self.title, 1)
        steps = QtWidgets.QHBoxLayout()
        steps.addWidget(self.figures_label, 1)
        position = QtWidgets.QHBoxLayout()
        position.addWidget(self.position_label, 1)
        position.addSpacing(8)
        position.addWidget(self.previous_button)
        position.addWidget(self.next_button)
        return [bar, steps, position]

    def _make_panes(self) -> list[QtWidgets.QWidget]:
        """The document's and the source's text, each under its title and note (the source's
        address under its note)."""
        self.left = HighlightTextView()
        self.right = HighlightTextView()
        self.left_title = ElidedLabel()
        self.right_title = ElidedLabel()
        self.left_note = ElidedLabel()
        self.right_note = ElidedLabel()
        self.right_note.setObjectName("sourceNote")
        self.right_link = LinkLabel()
        self.right_link.setObjectName("sourceLink")
        self.right_link.setContentsMargins(2, 0, 2, 2)
        self.right_link.hide()
        panes = []
        for view, title, note in (
            (self.left, self.left_title, self.left_note),
            (self.right, self.right_title, self.right_note),
        ):
            title.setContentsMargins(2, 4, 2, 2)
            note.setContentsMargins(2, 0, 2, 2)
            note.setEnabled(False)  # the quieter colour of disabled text
            note.hide()
            pane = QtWidgets.QWidget()
            box = QtWidgets.QVBoxLayout(pane)
            box.setContentsMargins(0, 0, 0, 0)
            box.setSpacing(2)
            box.addWidget(title)
            box.addWidget(note)
            if view is self.right:
                box.addWidget(self.right_link)
            box.addWidget(view, 1)
            panes.append(pane)
            view.span_clicked.connect(self._on_span_clicked)
            view.span_activated.connect(self._on_span_clicked)
        return panes

    # --- public -----------------------------------------------------------------------
    def show_pair(
        self,
        left_name: str,
        left_text: str,
        right_name: str,
        right_text: str | None,
        fragments: Sequence[Fragment],
        *,
        color_index: int = 0,
        current: int | Fragment = 0,
        left_lookalikes: Sequence[int] = (),
        left_label: str | None = None,
        right_label: str | None = None,
        left_path: str = "",
        right_path: str = "",
        right_note: str = "",
        right_link: str = "",
        right_link_text: str = "",
        right_link_note: str = "",
        figures: Sequence[tuple[str, float]] = (),
    ) -> None:
        """Show both texts and go to fragment ``current`` (an index or a Fragment).

        Fragments are taken in document order (by ``start``). ``right_text`` None means the
        source's text is not available: the right side says so. The pane titles read
        "<left_label>: <left_name>" ("Document" and "Source" by default); ``right_note``,
        when given, is a quieter line under the source's title (an archived source's labels);
        ``right_link``, a web source's address, opened in the browser by a click on the link
        ``right_link_text`` under the title (``right_link_note`` after it; ``right_path`` as its
        tooltip).
        ``figures`` are (key of :data:`copylens.app.terms.TERMS`, share) pairs shown under the
        title in plain words ("Found in source 40 % · Source used 12 %"), each explained in
        the tooltip.
        """
        left_label = left_label if left_label is not None else self.tr("Document")
        right_label = right_label if right_label is not None else self.tr("Source")
        self._fragments = sorted(fragments, key=lambda f: (f.start, f.end))
        self._color = color_index
        self._left_text = left_text
        self._right_text = right_text
        self._names = (left_name, right_name)
        self._left_lookalikes = tuple(left_lookalikes)
        self.title.setText(f"{left_name}  ↔  {right_name}")
        self.title.setToolTip(f"{left_path or left_name}\n{right_path or right_name}")
        self.left_title.setText(f"{left_label}: {left_name}")
        self.left_title.setToolTip(left_path or left_name)
        self.right_title.setText(f"{right_label}: {right_name}")
        self.right_title.setToolTip(right_path or right_name)
        self.set_figures(figures)
        self.right_note.setText(right_note)
        self.right_note.setToolTip(right_path or right_note)
        self.right_link.set_address(right_link, right_link_text or right_link, right_link_note)
        self.right_link.setToolTip(right_path or right_link)
        self.right_link.setVisible(bool(right_link))
        self.left_note.setVisible(bool(right_note or right_link))  # the texts start level
        self.right_note.setVisible(bool(right_note))
        self.swatch.setStyleSheet(
            f"background: {colors.source_color(color_index).name()}; border: 1px solid #777;"
        )
        self.left.set_text(left_text)
        self.left.mark_lookalikes(self._left_lookalikes)
        if right_text is None:
            self.right.set_text(self.tr("(The text of this source is not available.)"))
        else:
            self.right.set_text(right_text)
        if isinstance(current, Fragment):
            index = next((n for n, f in enumerate(self._fragments) if f == current), 0)
        else:
            index = current
        self._current = -1
        self.set_current(index if self._fragments else -1)

    def set_figures(self, figures: Sequence[tuple[str, float]]) -> None:
        """Show ``figures`` ((term key, share) pairs) under the title, tips in the tooltip;
        a narrow pane wraps the line between figures, never inside one ("68 %" apart)."""
        translate = QtCore.QCoreApplication.translate
        language = i18n.current_language()
        self.figures_label.setText(
            "  ·  ".join(
                f"{terms.label(key, translate)} {presentation.percent(value, language)}".replace(
                    " ", NO_BREAK
                )
                for key, value in figures
            )
        )
        self.figures_label.setToolTip(
            "\n".join(
                f"{terms.label(key, translate)}: {terms.tip(key, translate)}" for key, _ in figures
            )
        )

    def clear(self) -> None:
        self._fragments = []
        self._current = -1
        self._left_text = ""
        self._right_text = ""
        self.left.set_text("")
        self.right.set_text("")
        self.title.clear()
        self.left_title.clear()
        self.right_title.clear()
        self.right_note.clear()
        self.right_link.set_address("", "")
        self.figures_label.clear()
        self.left_note.hide()
        self.right_note.hide()
        self.right_link.hide()
        self._update_labels()

    def set_back_text(self, text: str) -> None:
        """The back button's label (already translated), e.g. "Back to document"."""
        self.back_button.setText(f"← {text}")
        self.back_button.setToolTip(f"{text} (Esc)")

    def fragments(self) -> list[Fragment]:
        """The fragments in document order (the order F3 walks)."""
        return list(self._fragments)

    def current_fragment_index(self) -> int:
        """Index of the current fragment in :meth:`fragments`, -1 when there is none."""
        return self._current

    def current_fragment(self) -> Fragment | None:
        return self._fragments[self._current] if self._current >= 0 else None

    def cursor_offsets(self) -> tuple[int, int]:
        """Python offsets of the left and right text cursors (each at the fragment's start)."""
        return self.left.cursor_offset(), self.right.cursor_offset()

    def set_current(self, index: int) -> None:
        """Make fragment ``index`` current: emphasise it and scroll both sides to it."""
        if not self._fragments:
            self._current = -1
            self.left.set_spans([])
            self.right.set_spans([])
            self._update_labels()
            return
        index %= len(self._fragments)
        changed = index != self._current
        self._current = index
        self._paint()
        fragment = self._fragments[index]
        mark = colors.underline_color(self._color)
        self.left.set_marker(fragment.start, fragment.end, mark)
        if self._right_text is not None:
            self.right.set_marker(fragment.source_start, fragment.source_end, mark)
        self._scroll_to_current()
        # When the page has just been shown its layout is still pending: the views get their
        # final width and rewrap the text after this call, which moves the fragment out of
        # view. Scroll again once that has happened.
        QtCore.QTimer.singleShot(0, self, self._scroll_to_current)
        self._update_labels()
        if changed:
            self.current_changed.emit(index)

    def _scroll_to_current(self) -> None:
        fragment = self.current_fragment()
        if fragment is None:
            return
        self.left.go_to(fragment.start)
        if self._right_text is not None:
            self.right.go_to(fragment.source_start)

    def next_fragment(self) -> None:
        if self._fragments:
            self.set_current(self._current + 1)

    def previous_fragment(self) -> None:
        if self._fragments:
            self.set_current(self._current - 1)

    # --- keys -------------------------------------------------------------------------
    def _key_slot(self, event: QtCore.QEvent) -> Callable[[], None] | None:
        """The slot of F3, Shift+F3 or Esc; None for other keys."""
        if not isinstance(event, QtGui.QKeyEvent):
            return None
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        key = event.key()
        if key == Qt.Key.Key_F3 and modifiers == Qt.KeyboardModifier.NoModifier:
            return self.next_fragment
        if key == Qt.Key.Key_F3 and modifiers == Qt.KeyboardModifier.ShiftModifier:
            return self.previous_fragment
        if key == Qt.Key.Key_Escape and modifiers == Qt.KeyboardModifier.NoModifier:
            return self.back_requested.emit
        return None

    def event(self, event: QtCore.QEvent) -> bool:
        # Claim F3, Shift+F3 and Esc while the focus is in here, so that a window-wide
        # shortcut on the same key (the main window's Esc = Cancel) neither wins nor makes
        # the key ambiguous; keyPressEvent then handles them.
        if event.type() == QtCore.QEvent.Type.ShortcutOverride and self._key_slot(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        slot = self._key_slot(event)
        if slot is not None:
            slot()
            event.accept()
            return
        super().keyPressEvent(event)

    # --- internals --------------------------------------------------------------------
    def _paint(self) -> None:
        current = self._current if self._current >= 0 else None
        self.left.set_spans(
            fragment_spans(
                self._fragments,
                self._color,
                side="left",
                current=current,
                other_text=self._right_text,
                other_name=self._names[1],
            )
        )
        if self._right_text is None:
            self.right.set_spans([])
            return
        self.right.set_spans(
            fragment_spans(
                self._fragments,
                self._color,
                side="right",
                current=current,
                other_text=self._left_text,
                other_name=self._names[0],
            )
        )

    def _update_labels(self) -> None:
        n = len(self._fragments)
        has = n > 0
        for action in (self.previous_action, self.next_action):
            action.setEnabled(n > 1)
        if not has:
            self.position_label.setText(self.tr("No shared fragments") if self._left_text else "")
            return
        fragment = self._fragments[self._current]
        if presentation.is_paraphrase(fragment) and not presentation.is_scored(fragment):
            text = self.tr("Fragment {0} of {1}  ·  {2}  ·  {3} words").format(
                self._current + 1,
                n,
                presentation.kind_label(fragment, QtCore.QCoreApplication.translate),
                fragment.words,
            )
        elif presentation.is_paraphrase(fragment):
            similarity = presentation.percent(fragment.score, i18n.current_language())
            text = self.tr(
                "Fragment {0} of {1}  ·  paraphrase, meaning similarity {2}  ·  {3} words"
            ).format(self._current + 1, n, similarity, fragment.words)
        else:
            text = self.tr("Fragment {0} of {1}  ·  {2} words, {3} exact").format(
                self._current + 1, n, fragment.words, fragment.exact_words
            )
        retold = presentation.retold_sentences(fragment)
        if retold:
            text += "  ·  " + (
                self.tr("1 sentence retold in other words")
                if retold == 1
                else self.tr("%n sentences retold in other words", "", retold)
            )
        if fragment.cited:
            text += "  ·  " + self.tr("cited")
        self.position_label.setText(text)

    def _on_span_clicked(self, key: object) -> None:
        if not (isinstance(key, tuple) and len(key) == 2 and key[0] == "fragment"):
            return
        if isinstance(key[1], int) and key[1] != self._current:
            self.set_current(key[1])
