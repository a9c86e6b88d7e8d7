"""The summary at the top of a checked document's page: the uniqueness in large type beside
the document's name, its shares (borrowed, cited, own earlier work), language, words and
sources, whether this very submission is archived already, and its look-alike letters.

:class:`DocumentSummary` makes the labels and their layout for
:class:`copylens.app.views.document_view.DocumentView`, which places the layout at the top of
its overview, and fills them for a result (:meth:`DocumentSummary.show_result`).
"""

from __future__ import annotations

from copylens.app import i18n, presentation, terms
from copylens.app.qt import Qt, QtCore, QtWidgets
from copylens.app.views import colors
from copylens.app.views.sources_table import already_archived_text
from copylens.core import DocumentResult

LANGUAGE_NAMES = {
    "ru": QtCore.QT_TRANSLATE_NOOP("Languages", "Russian"),
    "uk": QtCore.QT_TRANSLATE_NOOP("Languages", "Ukrainian"),
    "en": QtCore.QT_TRANSLATE_NOOP("Languages", "English"),
    "de": QtCore.QT_TRANSLATE_NOOP("Languages", "German"),
    "fr": QtCore.QT_TRANSLATE_NOOP("Languages", "French"),
    "es": QtCore.QT_TRANSLATE_NOOP("Languages", "Spanish"),
    "it": QtCore.QT_TRANSLATE_NOOP("Languages", "Italian"),
    "pt": QtCore.QT_TRANSLATE_NOOP("Languages", "Portuguese"),
    "nl": QtCore.QT_TRANSLATE_NOOP("Languages", "Dutch"),
    "sv": QtCore.QT_TRANSLATE_NOOP("Languages", "Swedish"),
    "pl": QtCore.QT_TRANSLATE_NOOP("Languages", "Polish"),
}


class DocumentSummary(QtCore.QObject):
    """The labels of a document's summary (``layout``: the uniqueness, then the facts)."""

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self._make_score()
        self._make_facts()
        self.layout = self._lay_out()

    def _make_score(self) -> None:
        """The uniqueness, large, and its caption."""
        self.uniqueness_label = QtWidgets.QLabel()
        font = self.uniqueness_label.font()
        font.setPointSizeF(font.pointSizeF() * 2.6)
        font.setBold(True)
        self.uniqueness_label.setFont(font)
        self.uniqueness_label.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        translate = QtCore.QCoreApplication.translate
        self.uniqueness_label.setToolTip(terms.tip("uniqueness", translate))
        self.uniqueness_caption = QtWidgets.QLabel(terms.label("uniqueness", translate))
        self.uniqueness_caption.setToolTip(terms.tip("uniqueness", translate))

    def _make_facts(self) -> None:
        """The document's name, shares, facts, archived copy and look-alike letters."""
        translate = QtCore.QCoreApplication.translate
        self.shares_label = QtWidgets.QLabel()
        self.shares_label.setTextFormat(Qt.TextFormat.PlainText)
        shares_font = self.shares_label.font()
        shares_font.setPointSizeF(shares_font.pointSizeF() * 1.15)
        self.shares_label.setFont(shares_font)
        self.shares_label.setToolTip(
            "\n".join(
                f"{terms.label(key, translate)}: {terms.tip(key, translate)}"
                for key in ("borrowed", "cited", "self_cited")
            )
        )
        self.name_label = QtWidgets.QLabel()
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        name_font = self.name_label.font()
        name_font.setBold(True)
        name_font.setPointSizeF(name_font.pointSizeF() * 1.2)
        self.name_label.setFont(name_font)
        self.name_label.setSizePolicy(  # a long name must not set the window's minimum width
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.facts_label = QtWidgets.QLabel()
        self.facts_label.setTextFormat(Qt.TextFormat.PlainText)
        self.facts_label.setWordWrap(True)  # nor long facts
        self.facts_label.setToolTip(
            f"{terms.label('compared_words', translate)}: {terms.tip('compared_words', translate)}"
        )
        self.archived_label = QtWidgets.QLabel()
        self.archived_label.setObjectName("alreadyArchived")
        self.archived_label.setTextFormat(Qt.TextFormat.PlainText)
        self.archived_label.hide()  # shown for a result archived already (an empty line else)
        self.archived_label.setToolTip(
            self.tr(
                "This very submission (the same file, the same labels) is in the archive: it "
                "is not counted as its own source."
            )
        )
        self.lookalike_label = QtWidgets.QLabel()
        self.lookalike_label.setTextFormat(Qt.TextFormat.PlainText)
        self.lookalike_label.setStyleSheet(
            f"color: {colors.LOOKALIKE_COLOR.name()}; font-weight: bold;"
        )
        self.lookalike_label.setToolTip(
            self.tr(
                "Letters of another alphabet that look the same (Latin “о” in a Cyrillic word, "
                "or vice versa), often planted to fool plagiarism checkers. They are marked red "
                "in the text."
            )
        )

    def _lay_out(self) -> QtWidgets.QHBoxLayout:
        score = QtWidgets.QVBoxLayout()
        score.setSpacing(0)
        score.addWidget(self.uniqueness_label)
        score.addWidget(self.uniqueness_caption, 0, Qt.AlignmentFlag.AlignRight)
        facts = QtWidgets.QVBoxLayout()
        facts.setSpacing(2)
        facts.addStretch(1)
        facts.addWidget(self.name_label)
        facts.addWidget(self.shares_label)
        facts.addWidget(self.facts_label)
        facts.addWidget(self.archived_label)
        facts.addWidget(self.lookalike_label)
        facts.addStretch(1)
        header = QtWidgets.QHBoxLayout()
        header.addLayout(score)
        header.addSpacing(16)
        header.addLayout(facts, 1)
        return header

    def show_result(self, result: DocumentResult) -> None:
        """Fill the labels for ``result``."""
        u = result.uniqueness
        self.uniqueness_label.setText(presentation.percent(u, i18n.current_language()))
        self.uniqueness_label.setStyleSheet(f"color: {colors.uniqueness_color(u).name()};")
        self.name_label.setText(result.path)
        self.name_label.setToolTip(result.path)
        self.shares_label.setText(self.shares_text(result))
        self.facts_label.setText("  ·  ".join(self.facts(result)))
        self.archived_label.setText(already_archived_text(result.archived_as))
        self.archived_label.setVisible(bool(result.archived_as))
        if result.homoglyphs > 0:
            k = result.homoglyphs
            self.lookalike_label.setText(
                "⚠ "
                + (
                    self.tr("1 look-alike letter")
                    if k == 1
                    else self.tr("%n look-alike letters", "", k)
                )
            )
            self.lookalike_label.show()
        else:
            self.lookalike_label.hide()

    def facts(self, result: DocumentResult) -> list[str]:
        """The document's language, its words (and how many were compared), its sources."""
        n = len(result.sources)
        language = LANGUAGE_NAMES.get(result.language)
        words = result.words
        return [
            QtCore.QCoreApplication.translate("Languages", str(language))
            if language
            else (result.language or self.tr("unknown language")),
            (self.tr("1 word") if words == 1 else self.tr("%n words", "", words))
            + ", "
            + self.tr("%1 compared").replace("%1", str(result.counted_words)),
            self.tr("no sources")
            if n == 0
            else self.tr("1 source")
            if n == 1
            else self.tr("%n sources", "", n),
        ]

    def shares_text(self, result: DocumentResult) -> str:
        """ "borrowed 40 % · cited 8 %": the shares beside the uniqueness, and the writer's
        own earlier work ("own earlier work 12 %") when an archived source is theirs."""
        language = i18n.current_language()
        translate = QtCore.QCoreApplication.translate
        keys = ("borrowed", "cited", "self_cited") if result.self_cited else ("borrowed", "cited")
        values = {"borrowed": result.borrowed, "cited": result.cited}
        values["self_cited"] = result.self_cited
        return "  ·  ".join(
            f"{_lower_first(terms.label(key, translate))} "
            f"{presentation.percent(values[key], language)}"
            for key in keys
        )


def _lower_first(text: str) -> str:
    """A label inside a sentence: "borrowed" for "Borrowed"."""
    return text[:1].lower() + text[1:]
