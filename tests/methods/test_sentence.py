"""A4 Long Sent and A5 Heavy Sent (ALGORITHMS.md §4)."""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence

import pytest

from copylens.core.methods.collection import Collection, MethodDoc, from_texts
from copylens.core.methods.sentence import HeavySent, LongSent, TopSentencesMethod
from tests.methods.documents import make_collection


def crc(sentences: Sequence[str]) -> int:
    return zlib.crc32("\n".join(sorted(sentences)).encode("utf-8"))


def lengths(doc: MethodDoc) -> list[int]:
    return [last - first for first, last in doc.sentences]


# --- A4 Long Sent -------------------------------------------------------------------------

EN_LONG_1 = (
    "Experienced mountain guides carefully checked every climbing rope, harness, helmet and "
    "carabiner before leading the nervous tourists toward the enormous glacier."
)
EN_LONG_2 = (
    "Meteorologists warned that sudden afternoon storms could bring heavy snowfall, strong "
    "winds and dangerous avalanches across the northern valleys."
)
EN_LONG_3 = (
    "Local farmers gathered apples, pears, plums and walnuts from ancient orchards while "
    "children carried baskets down the winding village road."
)


def test_long_sent_marks_documents_sharing_their_two_longest_sentences() -> None:
    texts = [
        f"{EN_LONG_1} Breakfast was quick. {EN_LONG_2} Coffee tasted bitter.",
        f"Ticket prices rose. {EN_LONG_2} Parking remained free. {EN_LONG_1}",
        f"{EN_LONG_1} Breakfast was quick. {EN_LONG_3} Coffee tasted bitter.",  # only one shared
        f"Breakfast was quick. {EN_LONG_2} Coffee tasted bitter.",  # only one shared
    ]
    collection = from_texts(texts)
    for doc in collection.docs:  # the long sentences are clearly the longest
        assert all(n <= 3 for n in lengths(doc) if n < 8)
        assert all(n >= 10 for n in lengths(doc) if n >= 8)
    assert LongSent().find(collection) == {(0, 1)}


RU_LONG_1 = (
    "Опытные горные проводники внимательно проверили каждую верёвку, страховочную систему, "
    "шлемы и карабины, прежде чем повести взволнованных туристов к огромному леднику."
)
RU_LONG_2 = (
    "Синоптики предупредили, что внезапные послеобеденные грозы принесут сильный снегопад, "
    "штормовой ветер и опасные лавины в северных долинах."
)
RU_LONG_3 = (
    "Местные фермеры собирали яблоки, груши, сливы и орехи в старинных садах, пока дети "
    "носили корзины по извилистой деревенской дороге."
)


def test_long_sent_in_russian() -> None:
    texts = [
        f"{RU_LONG_1} Завтрак был быстрым. {RU_LONG_2} Кофе горчил.",
        f"Цены на билеты выросли. {RU_LONG_2} {RU_LONG_1} Парковка осталась бесплатной.",
        f"{RU_LONG_3} Завтрак был быстрым. {RU_LONG_2} Кофе горчил.",
    ]
    collection = from_texts(texts)
    assert all(doc.language == "ru" for doc in collection.docs)
    assert LongSent().find(collection) == {(0, 1)}


def test_long_sent_breaks_length_ties_alphabetically() -> None:
    collection = make_collection(
        ["kilo", "delta echo", "zulu yankee xray", "alpha bravo", "charlie foxtrot"],
        ["delta echo", "charlie foxtrot", "alpha bravo"],
    )
    signatures = LongSent().signatures(collection)
    assert signatures[0] == (crc(["zulu yankee xray", "alpha bravo"]),)
    assert signatures[1] == (crc(["alpha bravo", "charlie foxtrot"]),)


def test_single_sentence_documents_are_signed_with_it_and_empty_ones_not() -> None:
    collection = make_collection(
        ["alpha bravo charlie"], [], ["alpha bravo charlie"], ["alpha bravo"]
    )
    for method in (LongSent(), HeavySent()):
        signatures = method.signatures(collection)
        assert signatures[0] == signatures[2] == (crc(["alpha bravo charlie"]),), method.name
        assert signatures[1] == (), method.name
        assert signatures[3] == (crc(["alpha bravo"]),), method.name


def test_the_two_sentences_are_joined_so_that_their_boundary_counts() -> None:
    """ "alpha | bravo charlie" and "alpha bravo | charlie" are different pairs of sentences."""
    collection = make_collection(["alpha", "bravo charlie", "x"], ["alpha bravo", "charlie", "x"])
    assert LongSent().find(collection) == set()


# --- A5 Heavy Sent ------------------------------------------------------------------------

COMMON = "common usual ordinary regular standard typical normal plain"
HEAVY_1 = "zircon quartz basalt"
HEAVY_2 = "falcon heron"
HEAVY_3 = "walrus narwhal"


def heavy_collection() -> Collection:
    """Documents 0 and 1 share their two heaviest sentences (rare words) but not their
    longest ones (common words, in every document: negative IDF); document 2 shares only
    HEAVY_1 with document 0 but also its two longest sentences."""
    light_a = ["common usual ordinary regular standard typical", "normal plain common usual"]
    light_b = ["typical standard regular common", "plain normal usual ordinary common usual"]
    fillers = [[COMMON, f"{a} {b}"] for a, b in [("pine", "oak"), ("elm", "ash"), ("fir", "yew")]]
    return make_collection(
        [HEAVY_1, light_a[0], HEAVY_2, light_a[1]],
        [light_b[0], HEAVY_2, light_b[1], HEAVY_1],
        [light_a[0], HEAVY_1, light_a[1], HEAVY_3],
        *fillers,
        [COMMON, "birch"],
    )


def test_heavy_sent_marks_documents_sharing_their_two_heaviest_sentences() -> None:
    collection = heavy_collection()
    assert HeavySent().find(collection) == {(0, 1)}
    # Long Sent sees the other side: documents 0 and 2 share their two longest sentences.
    assert LongSent().find(collection) == {(0, 2)}
    assert HeavySent().signatures(collection)[0] == (crc([HEAVY_1, HEAVY_2]),)


def test_heavy_sent_weighs_every_occurrence_by_hand() -> None:
    collection = make_collection(["alpha beta alpha", "gamma"], ["beta delta"], ["epsilon"])
    # N = 3; dl = 4, 2, 1, dl_avg = 7/3; document 0: tf(alpha) = 2, df(alpha) = 1,
    # tf(beta) = 1, df(beta) = 2, tf(gamma) = 1, df(gamma) = 1.
    norm = 2 * (0.25 + 0.75 * 4 / (7 / 3))
    alpha = 2 / (norm + 2) * math.log(2.5 / 1.5)
    beta = 1 / (norm + 1) * math.log(1.5 / 2.5)
    gamma = 1 / (norm + 1) * math.log(2.5 / 1.5)
    method = HeavySent()
    weights = method.sentence_weights(collection.docs[0], method.train(collection))
    assert weights == pytest.approx([alpha + beta + alpha, gamma])


def test_heavy_sent_uses_its_bm25_parameters() -> None:
    collection = make_collection(["alpha beta alpha", "gamma"], ["beta delta"], ["epsilon"])
    default, other = HeavySent(), HeavySent(k=1.2, b=0.3)
    doc = collection.docs[0]
    assert default.sentence_weights(doc, default.train(collection)) != pytest.approx(
        other.sentence_weights(doc, other.train(collection))
    )


# --- determinism --------------------------------------------------------------------------


@pytest.mark.parametrize("method", [LongSent(), HeavySent()], ids=lambda m: m.name)
def test_same_keys_on_every_call(method: TopSentencesMethod) -> None:
    texts = [
        f"{EN_LONG_1} Breakfast was quick. {EN_LONG_2} Coffee tasted bitter.",
        f"{RU_LONG_1} Завтрак был быстрым. {RU_LONG_2} Кофе горчил.",
        EN_LONG_3,
    ]
    first = method.signatures(from_texts(texts))
    assert first == method.signatures(from_texts(texts))
    assert all(len(keys) == 1 for keys in first)
    assert method.signatures(heavy_collection()) == method.signatures(heavy_collection())
