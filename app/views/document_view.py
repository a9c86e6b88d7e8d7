"""The check result of one document: uniqueness, its sources, its text with highlights.

Page 1 (overview): the uniqueness in large type, the borrowed and cited shares, language,
word count and look-alike letters;
a sortable table of sources (colour legend + show/hide check box per source); the document's
text with each source's fragments in that source's colour (edited words paler with a dotted
underline, cited fragments green-grey and italic, paraphrases, sentences retold in other
words, a lighter tint with a wavy underline in a dark shade of the source's colour, also
inside a copied passage where one of its sentences was retold (issue 34: one highlight, the
retold sentences tinted inside it), look-alike letters red, bold, with a red wavy
underline). Double-click a highlight, or press Enter on a table row, to open page 2: the
document and the source side by side.

Sources are told apart by :attr:`SourceMatch.key` (a file's path, an archived document's
``archive:ID``): an archived source is named by its original file name, labels and archive id
("essay3.docx — author=Ivanov · archive #12", :func:`copylens.app.presentation.source_names`),
and one by the checked document's own author is marked as self-citation (italic, with a note).
A page from the web is named by its address, drawn as a link: a click on it opens the page in
the browser (so does the table's context menu, which also copies it); its tooltip says when the
page was downloaded. Side by side shows the address as a link under the source's title.

The sources table with its caption and menus is
:class:`~copylens.app.views.sources_panel.SourcesPanel`'s, the summary above it
:class:`~copylens.app.views.document_summary.DocumentSummary`'s.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from copylens.app import presentation
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors
from copylens.app.views.document_summary import DocumentSummary
from copylens.app.views.side_by_side import SideBySideView, fragment_spans
from copylens.app.views.sources_panel import SourcesPanel
from copylens.app.views.sources_table import (
    archived_tail,
    fetched_text,
    source_names,
    web_address,
)
from copylens.app.views.text_view import HighlightTextView, wave_image_html
from copylens.core import FRAGMENT_KINDS, DocumentResult, fragment_kind


def _archive_tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("Sources", text)


def _short(name: str, limit: int = 32) -> str:
    """A source's name for the legend: at most ``limit`` characters, shortened in the middle."""
    if len(name) <= limit:
        return name
    half = (limit - 1) // 2
    return f"{name[:half]}…{name[-half:]}"


def _downloaded_note(fetched: str | None) -> str:
    """ " · downloaded 25.11.2026 03:40" (empty when the time is not known)."""
    when = fetched_text(fetched)
    return f"  ·  {_archive_tr('downloaded %1').replace('%1', when)}" if when else ""


class DocumentView(QtWidgets.QWidget):
    """One checked document: uniqueness, sources table, highlighted text, side by side.

    Signals:
        source_toggled(str, bool): a source's highlights were shown (True) or hidden (the
            source's ``key``: its path, or ``archive:ID``).
        side_by_side_opened(str, int): the side by side page opened for a source (its
            ``key``) at a fragment index (into that source's ``fragments``).
        side_by_side_closed(): back from the side by side page to the overview.
        exclude_requested(str): the source (its ``key``) is to be left out and every share
            counted again (the sources table's context menu; the window does it).
    """

    source_toggled = Signal(str, bool)
    side_by_side_opened = Signal(str, int)
    side_by_side_closed = Signal()
    exclude_requested = Signal(str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: DocumentResult | None = None
        self._text = ""
        self._source_texts: Mapping[str, str] = {}
        self._fit_pending = False
        self.summary = DocumentSummary(self)
        for name in (  # its labels by name here too, as the tests reach them
            "uniqueness_label",
            "uniqueness_caption",
            "name_label",
            "shares_label",
            "facts_label",
            "archived_label",
            "lookalike_label",
        ):
            setattr(self, name, getattr(self.summary, name))
        header = self.summary.layout
        self.sources = SourcesPanel()
        self.sources.source_activated.connect(lambda row: self.open_side_by_side(row, 0))
        self.sources.exclude_requested.connect(self.exclude_requested)
        # its parts by name here too, as the tests reach them
        self.sources_model, self.sources_proxy = (
            self.sources.sources_model,
            self.sources.sources_proxy,
        )
        self.sources_table = self.sources.sources_table
        self.no_sources_label = self.sources.no_sources_label
        self.sources_model.visibility_changed.connect(self._on_visibility_changed)
        table_box = self.sources
        text_box = self._text_box()
        self._overview = self._overview_page(header, table_box, text_box)
        self._lay_out_pages()
        self._update_legend()

    # --- builders -----------------------------------------------------------------------
    def _text_box(self) -> QtWidgets.QWidget:
        """The legend over the highlighted text."""
        self.text_view = HighlightTextView()
        self.text_view.span_clicked.connect(self._on_span_clicked)
        self.text_view.span_activated.connect(self._on_span_activated)
        self.legend_label = QtWidgets.QLabel()
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        text_box = QtWidgets.QWidget()
        text_layout = QtWidgets.QVBoxLayout(text_box)
        text_layout.setContentsMargins(0, 0, 0, 0)
        text_layout.setSpacing(2)
        self.legend_label.setWordWrap(True)  # long lines must not set the window's minimum width
        text_layout.addWidget(self.legend_label)
        text_layout.addWidget(self.text_view, 1)
        return text_box

    def _overview_page(
        self,
        header: QtWidgets.QHBoxLayout,
        table_box: QtWidgets.QWidget,
        text_box: QtWidgets.QWidget,
    ) -> QtWidgets.QWidget:
        """The header over the sources above the text (a splitter between them)."""
        self.splitter = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(table_box)
        self.splitter.addWidget(text_box)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        overview = QtWidgets.QWidget()
        overview_layout = QtWidgets.QVBoxLayout(overview)
        overview_layout.setContentsMargins(8, 6, 8, 6)
        overview_layout.addLayout(header)
        overview_layout.addWidget(self.splitter, 1)
        return overview

    def _lay_out_pages(self) -> None:
        """A placeholder, the overview and the side by side, one at a time."""
        self.placeholder = QtWidgets.QLabel(self.tr("No document to show."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.side_by_side = SideBySideView()
        self.side_by_side.set_back_text(self.tr("Back to document"))
        self.side_by_side.back_requested.connect(self.close_side_by_side)
        self.stack = QtWidgets.QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self._overview)
        self.stack.addWidget(self.side_by_side)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

    # --- public -----------------------------------------------------------------------
    def show_result(
        self, result: DocumentResult, text: str, source_texts: Mapping[str, str]
    ) -> None:
        """Show one document's result; ``text`` is its extracted text, ``source_texts`` the
        extracted texts of its sources by :attr:`SourceMatch.key` (a report's ``texts`` will
        do; a missing source opens side by side with a note instead of its text)."""
        self._result = result
        self._text = text
        self._source_texts = source_texts
        self.summary.show_result(result)
        self.sources.show_sources(result.sources)
        self.text_view.set_text(text)
        self.text_view.mark_lookalikes(result.homoglyph_offsets)
        self._refresh_highlights()
        self._update_legend()
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self._overview)
        self._fit_pending = True
        if self.isVisible():
            self._fit_table()

    def shares_text(self, result: DocumentResult) -> str:
        """:meth:`DocumentSummary.shares_text`."""
        return self.summary.shares_text(result)

    def clear(self) -> None:
        """Show nothing (the placeholder)."""
        self._result = None
        self._text = ""
        self._source_texts = {}
        self.sources.clear()
        self.text_view.set_text("")
        self.side_by_side.clear()
        self.stack.setCurrentWidget(self.placeholder)

    def result(self) -> DocumentResult | None:
        return self._result

    def highlighted_ranges(self) -> list[tuple[int, int, str]]:
        """(start, end, source key) of every fragment highlighted in the overview's text,
        in Python offsets of the original text, read back from the text view; sources in
        table row order, fragments in their order."""
        if self._result is None:
            return []
        sources = self._result.sources
        found = [
            (key[1], key[2], start, end)
            for start, end, key, kind in self.text_view.selection_ranges()
            if kind == "fragment" and isinstance(key, tuple) and key[0] == "source"
        ]
        found.sort()
        return [(start, end, sources[row].key) for row, _, start, end in found]

    def lookalike_offsets(self) -> list[int]:
        """Python offsets of the characters marked as look-alike letters in the text."""
        return self.text_view.marked_lookalikes()

    def set_source_visible(self, source: int | str, visible: bool) -> None:
        """Show or hide a source's highlights (by row or key), as its check box does."""
        self.sources_model.set_shown(self._row(source), visible)

    def open_side_by_side(self, source: int | str, fragment: int = 0) -> None:
        """Open the document and ``source`` (row or key) side by side at ``fragment`` (an
        index into that source's fragments)."""
        if self._result is None:
            return
        row = self._row(source)
        match = self._result.sources[row]
        documents = presentation.display_names(
            [self._result.path, *(s.path for s in self._result.sources if s.archive_id is None)]
        )
        names = source_names(self._result.sources, (self._result.path,))
        right_name, right_note = names[match.key], ""
        address = web_address(match)
        if match.archive_id is not None:  # the labels on a line of their own: panes are narrow
            archived = archived_tail(match)
            right_name = f"{presentation.file_name(match.path)} · {archived}"
            mark = _archive_tr("self-citation") if match.self_citation else ""
            right_note = " · ".join(x for x in (presentation.labels_text(match.labels), mark) if x)
        current = match.fragments[fragment] if 0 <= fragment < len(match.fragments) else 0
        self.stack.setCurrentWidget(self.side_by_side)
        self.side_by_side.show_pair(
            documents[self._result.path],
            self._text,
            right_name,
            self._source_texts.get(match.key),
            match.fragments,
            color_index=row,
            current=current,
            left_lookalikes=self._result.homoglyph_offsets,
            left_path=self._result.path,
            right_path=self.sources_model.tooltip(row),
            right_note=right_note,
            right_link=address or "",
            right_link_text=self.tr("Open the page in the browser") if address else "",
            right_link_note=_downloaded_note(match.fetched) if address else "",
            figures=(
                ("found_in_source", match.containment),
                ("source_used", match.reverse_containment),
            ),
        )
        self.side_by_side.left.setFocus()
        self.side_by_side_opened.emit(match.key, max(fragment, 0))

    def close_side_by_side(self) -> None:
        if self.stack.currentWidget() is self.side_by_side:
            self.stack.setCurrentWidget(self._overview)
            self.sources_table.setFocus()
            self.side_by_side_closed.emit()

    def is_side_by_side(self) -> bool:
        return self.stack.currentWidget() is self.side_by_side

    def current_fragment_index(self) -> int:
        """The side by side page's current fragment (index in document order), or -1."""
        if not self.is_side_by_side():
            return -1
        return self.side_by_side.current_fragment_index()

    def side_by_side_cursor_offsets(self) -> tuple[int, int]:
        """Python offsets of the side by side page's cursors (document, source)."""
        return self.side_by_side.cursor_offsets()

    # --- internals --------------------------------------------------------------------
    def _row(self, source: int | str) -> int:
        if isinstance(source, int):
            return source
        assert self._result is not None
        for row, match in enumerate(self._result.sources):
            if match.key == source:
                return row
        raise KeyError(source)

    def _refresh_highlights(self) -> None:
        if self._result is None:
            self.text_view.set_spans([])
            return
        spans = []
        # Painted last = on top: source 0 (highest containment) over the others.
        for row in reversed(range(len(self._result.sources))):
            if not self.sources_model.is_shown(row):
                continue
            match = self._result.sources[row]
            spans += fragment_spans(
                match.fragments,
                row,
                side="left",
                key_prefix=("source", row),
                tooltip=self.tr("From {0} — double-click to compare").format(
                    self.sources_model.name(row)
                ),
                other_text=self._source_texts.get(match.key),
                other_name=self.sources_model.name(row),
            )
        self.text_view.set_spans(spans)

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        if self._fit_pending:
            self._fit_table()

    def _fit_table(self) -> None:
        """Give the sources the height of their rows (up to 6) so the text gets the rest."""
        self._fit_pending = False
        total = sum(self.splitter.sizes()) or 600
        top = self.sources.fitting_height()
        self.splitter.setSizes([top, max(total - top, 200)])

    LEGEND_SOURCES = 6
    """The legend names this many sources by colour; the table has them all."""

    def _update_legend(self) -> None:
        """What the marks mean (in grey: no source's colour), then each shown source's
        colour and name."""
        self.legend_label.setText(self.legend_html())

    def _tinted_kinds(self) -> list[str]:
        """The tinted kinds (:func:`~copylens.app.presentation.is_paraphrase`) among the
        document's fragments, in the order of the declarations."""
        if self._result is None:
            return []
        present = {
            f.kind
            for s in self._result.sources
            for f in s.fragments
            if presentation.is_paraphrase(f)
        }
        return [name for name in FRAGMENT_KINDS if name in present]

    def legend_html(self) -> str:
        neutral = colors.NEUTRAL_COLOR.name()
        pale = colors.mix(colors.NEUTRAL_COLOR, colors.TEXT_BACKGROUND, 0.5).name()
        cited_fill = colors.CITED_COLOR.name()
        red = colors.LOOKALIKE_COLOR.name()
        # Not inside the f-strings: lupdate does not see a tr() there.
        exact = html.escape(self.tr("copied exactly"))
        changed = html.escape(self.tr("copied with changes"))
        cited = html.escape(self.tr("cited"))
        kind = fragment_kind("paraphrase")  # its name as declared once (issue 33)
        paraphrased = html.escape(QtCore.QCoreApplication.translate("FragmentKinds", kind.label))
        lookalike = html.escape(self.tr("look-alike letter"))
        paraphrase_fill = colors.paraphrase_tint(colors.NEUTRAL_COLOR).name()
        wave = wave_image_html(colors.NEUTRAL_LINE_COLOR)
        marks = [
            f'<span style="background-color:{neutral}">&nbsp;{exact}&nbsp;</span>',
            f'<span style="background-color:{pale}; text-decoration: underline">&nbsp;'
            f"{changed}&nbsp;</span>",
            f'<span style="background-color:{cited_fill}; font-style: italic">&nbsp;'
            f"{cited}&nbsp;</span>",
            f'<span style="background-color:{paraphrase_fill}">&nbsp;{wave}&nbsp;'
            f"{paraphrased}&nbsp;</span>",
            *(  # the other tinted kinds (a summary) only where the document has one
                f'<span style="background-color:{paraphrase_fill}">&nbsp;{wave}&nbsp;'
                f"{html.escape(_kind_label(other))}&nbsp;</span>"
                for other in self._tinted_kinds()
                if other != kind.name
            ),
            f'<span style="color:{red}; font-weight:bold">{lookalike}</span>',
        ]
        line = "&nbsp;&nbsp;".join(marks)
        rows = [r for r in range(self.sources_model.rowCount()) if self.sources_model.is_shown(r)]
        if rows:
            chips = [  # a chip never breaks across lines (no break at spaces, "-" and "…")
                f'<span style="background-color:{colors.source_color(r).name()}">&nbsp;'
                + html.escape(_short(self.sources_model.name(r)))
                .replace(" ", "&nbsp;")
                .replace("-", "\u2011")
                .replace("…", "…\u2060")  # a word joiner
                + "&nbsp;</span>"
                for r in rows[: self.LEGEND_SOURCES]
            ]
            more = len(rows) - self.LEGEND_SOURCES
            if more > 0:
                chips.append(html.escape(self.tr("+%1 more in the table").replace("%1", str(more))))
            line += (
                "<br>"
                + html.escape(self.tr("Colour = source:"))
                + "&nbsp; "
                + "&nbsp; ".join(chips)
                + "&nbsp;&nbsp;·&nbsp;&nbsp;"
                + html.escape(self.tr("double-click a highlight to compare"))
            )
        return line

    def _on_visibility_changed(self, row: int, shown: bool) -> None:
        self._refresh_highlights()
        self._update_legend()
        if self._result is not None:
            self.source_toggled.emit(self._result.sources[row].key, shown)

    def source_menu(self, row: int) -> QtWidgets.QMenu:
        """:meth:`SourcesPanel.source_menu`."""
        return self.sources.source_menu(row)

    def _on_span_clicked(self, key: object) -> None:
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "source":
            self.sources.select(key[1])

    def _on_span_activated(self, key: object) -> None:
        if isinstance(key, tuple) and len(key) == 3 and key[0] == "source":
            self.open_side_by_side(key[1], key[2])


def _kind_label(name: str) -> str:
    """The declared label of the fragment kind ``name``, translated."""
    return QtCore.QCoreApplication.translate("FragmentKinds", fragment_kind(name).label)
