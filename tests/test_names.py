"""The names step (core/names.py, issue 34): a short copy that is only a name or a list of
names is no borrowing; copied prose with names in it stays a copy."""

from __future__ import annotations

from copylens.core import Options, TextInput, check
from copylens.core.names import NAME_WORDS, is_name
from copylens.core.report import Fragment
from copylens.core.resources import stop_words

LABEL = (
    "Other ingredients: Green Tea extract, Cayenne extract, Cocoa extract, Potassium Phosphate, "
    "Magnesium Phosphate, Magnesium Stearate, Gelatin, Stearic Acid. Take two capsules daily "
    "with water before meals."
)
LISTED = (
    "I bought a new supplement last week and read the label carefully. It lists Green Tea "
    "extract, Cayenne extract, Cocoa extract, Potassium Phosphate, Magnesium Phosphate, "
    "Magnesium Stearate, Gelatin, Stearic Acid, which sounded like a lot."
)
HISTORY = (
    "The Hudson's Bay Company was founded in London in 1670 to trade furs with the Cree. "
    "For two centuries it governed a territory larger than Europe from a few forts on the bay. "
    "Its traders travelled the rivers each summer and returned before the ice closed them."
)
RETOLD = (
    "I read a book about the north last winter. The Hudson's Bay Company was founded in London "
    "in 1670 to trade furs with the Cree. For two centuries it governed a territory larger than "
    "Europe from a few forts on the bay. I would like to visit the bay one day."
)


def _fragments(essay: str, source: str) -> tuple[Fragment, ...]:
    report = check([TextInput("essay", essay)], [TextInput("src", source)], Options(workers=1))
    sources = report.documents[0].sources
    return sources[0].fragments if sources else ()


def test_a_copied_list_of_names_is_no_fragment() -> None:
    """A supplement's ingredients in title case, the only text the two share: no fragment
    (before the step: one copy of 16 words, as on a PAN-13 negative pair)."""
    assert _fragments(LISTED, LABEL) == ()


def test_a_copied_sentence_holding_names_stays_a_copy() -> None:
    """Copied sentences with a company, a city and a people in them are prose: still a copy."""
    fragments = _fragments(RETOLD, HISTORY)
    start = RETOLD.index("The Hudson")
    assert any(f.kind == "copy" and f.start == start for f in fragments), fragments


def test_a_name_phrase_is_a_name_and_prose_or_other_kinds_are_not() -> None:
    text = "Volvo Group and Volvo Car Corporation"
    stops = stop_words("en")
    copy = Fragment(0, len(text), 0, len(text), 5, 5)
    assert is_name(text, copy, stops)
    assert not is_name(text, Fragment(0, len(text), 0, 9, 5, 5, kind="paraphrase"), stops)
    assert not is_name(text, Fragment(0, len(text), 0, 9, 5, 5, cited=True), stops)
    prose = "the company was sold to Ford and later to Geely"
    assert not is_name(prose, Fragment(0, len(prose), 0, 9, 5, 5), stops)
    long = " ".join(["Volvo"] * NAME_WORDS)
    assert not is_name(long, Fragment(0, len(long), 0, 9, NAME_WORDS, NAME_WORDS), stops)


def test_a_name_is_judged_on_at_most_name_words_words() -> None:
    """The words are looked for up to :data:`NAME_WORDS` only: one fewer capitalised words is
    still a name, that many or more (however many) is not."""
    stops = stop_words("en")
    for count, name in ((NAME_WORDS - 1, True), (NAME_WORDS, False), (5 * NAME_WORDS, False)):
        text = " ".join(["Volvo"] * count)
        assert is_name(text, Fragment(0, len(text), 0, 9, count, count), stops) is name
