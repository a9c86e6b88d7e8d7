"""Ukrainian words take the vectors of their Russian cognates (issue 35, core/cognates.py)."""

from __future__ import annotations

import pytest

from copylens.core.cognates import russian_spellings
from copylens.core.meaning import lexicon, word_similarity
from copylens.core.paraphrase import WORD_MATCH


@pytest.mark.parametrize(
    ("ukrainian", "russian"),
    [
        ("вибір", "выбор"),  # ви- as вы-, і as о
        ("значення", "значение"),  # -ння as -ние
        ("ціна", "цена"),  # і as е
        ("доступний", "доступный"),  # -ий as -ый
        ("з'являтися", "зявляться"),  # the apostrophe dropped, -тися as -ться
    ],
)
def test_a_ukrainian_word_is_written_the_russian_ways(ukrainian: str, russian: str) -> None:
    spellings = russian_spellings(ukrainian)
    assert spellings[0] == ukrainian.replace("'", "")
    assert russian in spellings
    assert len(spellings) == len(set(spellings))


def test_ukrainian_words_have_the_vectors_of_their_cognates() -> None:
    """Before, a Ukrainian word had a pseudo-random vector: "спосіб" and "метод" paired with
    nothing; now "спосіб" takes "способ"'s vector (navec: 0.63 to "метод")."""
    assert lexicon("uk").dimension == lexicon("ru").dimension
    assert word_similarity("uk", "спосіб", "метод") >= WORD_MATCH
    assert word_similarity("uk", "спосіб", "ціна") < WORD_MATCH


def test_a_ukrainian_word_without_a_cognate_keeps_a_vector_of_its_own() -> None:
    known = lexicon("uk").known(["жжщщхх", "спосіб"])
    assert known[0] is None and known[1] is not None
