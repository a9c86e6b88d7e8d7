"""The words CopyLens uses for its figures: one set, the same in the window, the reports, the
command line's text output and both languages.

Each figure has a short *label* (a column header, a report's table head) and a *tip* (a
tooltip, a report's legend) that says in plain words what the number is. Everything that shows
a figure takes its words from :data:`TERMS`; nothing spells its own. The words are English,
marked for ``pyside6-lupdate`` under context :data:`CONTEXT` and translated where they are
shown (the window and the reports pass Qt's ``QCoreApplication.translate``; the command line
prints the English).

No Qt here (the command line's text output and the HTML report import this module).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

CONTEXT = "Terms"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for ``pyside6-lupdate`` under ``context``; translated where shown."""
    return text


@dataclass(frozen=True)
class Term:
    """A figure's words: ``label`` short enough for a column header, ``tip`` one sentence."""

    label: str
    tip: str


TERMS: dict[str, Term] = {
    "uniqueness": Term(
        QT_TRANSLATE_NOOP("Terms", "Uniqueness"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "Share of this document's words found in no source (quotations and the "
            "bibliography aside)",
        ),
    ),
    "borrowed": Term(
        QT_TRANSLATE_NOOP("Terms", "Borrowed"),
        QT_TRANSLATE_NOOP(
            "Terms", "Share of this document's words found in a source and not cited"
        ),
    ),
    "cited": Term(
        QT_TRANSLATE_NOOP("Terms", "Cited"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "Share of this document's words found in a source inside quotation marks, a block "
            "quotation or the bibliography",
        ),
    ),
    "self_cited": Term(
        QT_TRANSLATE_NOOP("Terms", "Own earlier work"),
        QT_TRANSLATE_NOOP(
            "Terms", "Share of this document's words found in the writer's own archived work"
        ),
    ),
    "found_in_source": Term(
        QT_TRANSLATE_NOOP("Terms", "Found in source"),
        QT_TRANSLATE_NOOP("Terms", "Share of this document's words found in this source"),
    ),
    "source_used": Term(
        QT_TRANSLATE_NOOP("Terms", "Source used"),
        QT_TRANSLATE_NOOP("Terms", "Share of the source's words found in this document"),
    ),
    "only_this_source": Term(
        QT_TRANSLATE_NOOP("Terms", "Only in this source"),
        QT_TRANSLATE_NOOP(
            "Terms", "Share of this document's words found in this source and in no other"
        ),
    ),
    "similarity": Term(
        QT_TRANSLATE_NOOP("Terms", "Whole-text similarity"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "How alike the two texts are as wholes (shared 10-word sequences over all of "
            "both texts'); high only for near-duplicates, low when a short text is taken from "
            "a long one",
        ),
    ),
    "matching_words": Term(
        QT_TRANSLATE_NOOP("Terms", "Matching words"),
        QT_TRANSLATE_NOOP("Terms", "Words of this document inside passages found in the source"),
    ),
    "a_found_in_b": Term(
        QT_TRANSLATE_NOOP("Terms", "A found in B"),
        QT_TRANSLATE_NOOP("Terms", "Share of document A's words found in document B"),
    ),
    "b_found_in_a": Term(
        QT_TRANSLATE_NOOP("Terms", "B found in A"),
        QT_TRANSLATE_NOOP("Terms", "Share of document B's words found in document A"),
    ),
    "found_elsewhere": Term(
        QT_TRANSLATE_NOOP("Terms", "Found in others"),
        QT_TRANSLATE_NOOP(
            "Terms", "Share of this document's words found in any other compared document"
        ),
    ),
    "paraphrase": Term(
        QT_TRANSLATE_NOOP("Terms", "Paraphrase"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "Sentences retold in other words (synonyms, another order, merged or split) whose "
            "meaning matches sentences of the source; counted as found in the source",
        ),
    ),
    "meaning_similarity": Term(
        QT_TRANSLATE_NOOP("Terms", "Meaning similarity"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "How close a paraphrase's meaning is to its source sentences (100 %: the same meaning)",
        ),
    ),
    "words": Term(
        QT_TRANSLATE_NOOP("Terms", "Words"),
        QT_TRANSLATE_NOOP("Terms", "Words in the document"),
    ),
    "compared_words": Term(
        QT_TRANSLATE_NOOP("Terms", "compared"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "Words that take part in the comparison: stop words (and, the, of…) and numbers "
            "are left out, and shares are counted over these",
        ),
    ),
    "group": Term(
        QT_TRANSLATE_NOOP("Terms", "Group"),
        QT_TRANSLATE_NOOP(
            "Terms",
            "Documents linked by near-copying: each shares at least the grouping threshold "
            "with another member, directly or through a chain",
        ),
    ),
}
"""Every figure's words, by key. Keys are stable (tests and the reports use them)."""

Translate = Callable[[str, str], str]
"""``translate(context, text)``: ``text`` in the reader's language, as Qt's
``QCoreApplication.translate`` gives it (the window passes that one; the reports and the
command line take :func:`untranslated`)."""


def untranslated(_context: str, text: str) -> str:
    """The default :data:`Translate`: every text in English, as written."""
    return text


def label(key: str, translate: Translate = untranslated) -> str:
    """The short label of figure ``key`` in the reader's language."""
    return translate(CONTEXT, TERMS[key].label)


def tip(key: str, translate: Translate = untranslated) -> str:
    """The plain-words explanation of figure ``key`` in the reader's language."""
    return translate(CONTEXT, TERMS[key].tip)
