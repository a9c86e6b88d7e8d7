"""Rewrites in Russian and Ukrainian with the thesauri (issue 35), the part that needs no wheel.

The texts were written for this test (not taken from ../shared/corpora): a four-sentence
Ukrainian source about an old town; a rewrite of it that swaps most content words for words
the Ukrainian thesaurus lists as their synonyms (місто → город, ярмарок → базар, пожежа →
пожар, вузький → тісний, швидко → хутко, будинок → дім, …) so that no run of words and few
lemmas survive; and an honest text on the same topic (archaeologists digging up a trading
town on a river bank) that shares the topic's words and retells nothing. Without the
thesaurus the stage finds nothing in the rewrite (Ukrainian has no word vectors).
"""

from __future__ import annotations

import numpy as np

from copylens.core import Options, TextInput, check
from copylens.core.thesaurus import _kept, thesaurus

SOURCE = (
    "Стародавнє місто стояло на березі широкої річки, і мешканці продавали рибу купцям. "
    "Щороку восени у місті відбувався великий ярмарок, куди приїжджали люди з навколишніх "
    "сіл. Будинки були дерев'яні, а вулиці вузькі, тому пожежа швидко знищила половину міста. "
    "Після пожежі мешканці відбудували гарні кам'яні будинки й розширили вулиці.\n"
)
REWRITE = (
    "Давній город розташовувався на просторому березі річки, а його мешканці торгували "
    "рибою з купцями. Кожної осені у місті творився чималий базар, на який з'їжджалися люди "
    "з довколишніх селищ. Через те що оселі були з дерева, а провулки тісні, пожар хутко "
    "знищив половину города. Після пожару мешканці звели красиві кам'яні доми та зробили "
    "вулиці ширшими.\n"
)
HONEST = (
    "Археологи знайшли на березі річки залишки старого торговельного міста. Вони вважають, "
    "що місто мало кілька ринків і невеликий порт для човнів. Серед знахідок є монети, "
    "глиняний посуд і ваги, якими користувалися купці. Розкопки триватимуть ще два роки, а "
    "знахідки покажуть у місцевому музеї.\n"
)


def found(document: str) -> tuple[float, list]:
    """Share of the document's counted words marked against SOURCE, and the fragments."""
    report = check([TextInput("doc", document)], [TextInput("source", SOURCE)], Options())
    result = report.documents[0]
    return 1 - result.uniqueness, [f for s in result.sources for f in s.fragments]


def test_a_ukrainian_rewrite_with_thesaurus_synonyms_is_marked() -> None:
    share, fragments = found(REWRITE)
    assert share >= 0.9
    assert fragments and all(f.kind == "paraphrase" for f in fragments)
    # the four retold sentences, whole, offsets exact; adjacent ones are one passage (issue 34)
    sentences = [s.strip() for s in REWRITE.split(".") if s.strip()]
    first, last = REWRITE.index(sentences[0]), REWRITE.rindex(sentences[-1])
    stop = last + len(sentences[-1]) + 1  # the last sentence's final stop with it
    assert REWRITE[stop - 1] == "."
    assert (fragments[0].start, fragments[-1].end) == (first, stop)
    marked = "".join(REWRITE[f.start : f.end] for f in fragments)
    assert all(sentence in marked for sentence in sentences)


def test_an_honest_text_on_the_same_topic_is_not_marked() -> None:
    share, fragments = found(HONEST)
    assert share == 0 and fragments == []


def test_the_thesauri_list_synonyms_and_leave_out_antonyms_and_related_terms() -> None:
    ru, uk = thesaurus("ru"), thesaurus("uk")
    assert ru is not None and uk is not None
    assert "безусловный" in ru.synonyms("абсолютный")
    assert "относительный" not in ru.synonyms("абсолютный")  # (антоним)
    assert "пьяница" in ru.synonyms("алкоголик")
    assert _kept("(связанный термин)|пьяный") == []
    assert _kept("(синоним)|пьяница|брать в наем") == [("пьяница", False)]  # words, no phrase
    assert _kept("|(розм.) авто|(пор.) грузовик|(див.) машина") == [
        ("авто", False),
        ("машина", True),
    ]
    assert "медленно" not in ru.synonyms("быстро")
    assert "машина" in uk.synonyms("автомобіль")
    assert "грузовик" not in uk.synonyms("автомобіль")  # (пор.)
    assert "город" in uk.synonyms("Місто")  # folded as canonical forms are
    assert "безглуздий" in uk.synonyms("абсурдний")  # "(див.) безглуздий"
    assert "нісенітний" in uk.synonyms("абсурдний")  # …and the row it refers to
    assert "абсурдний" in uk.synonyms("безглуздий")  # symmetric
    assert "абсурдний" not in uk.synonyms("абсурдний")


def test_related_is_the_relation_as_a_matrix() -> None:
    uk = thesaurus("uk")
    assert uk is not None
    first = np.array([uk.id_of("місто"), -1, uk.id_of("пожежа")])
    second = np.array([uk.id_of("пожар"), uk.id_of("город"), uk.id_of("місто"), -1])
    expected = [[False, True, False, False], [False] * 4, [True, False, False, False]]
    assert uk.related(first, second).tolist() == expected


def test_a_language_without_a_thesaurus_has_none() -> None:
    assert thesaurus("en") is None
    assert thesaurus("de") is None
