"""Kosinov's statistical signatures: hand-counted values, near-copies, window completeness."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rapidfuzz.distance import Levenshtein

from copylens.core.methods.collection import Collection, MethodDoc, from_texts
from copylens.core.methods.statistical import (
    METHODS,
    KosinovPunct,
    KosinovSentences,
    KosinovSignature,
    KosinovSpecial,
    KosinovStats,
    close_signatures,
    longest_sentences,
    punctuation_counts,
    special_characters,
    text_statistics,
)

CRAFTED = "Wait... what? Really?! (Yes, yes, yes.) A_b - c: d; e."

EN = (
    "The harbour town woke early every morning, when the fishing boats returned with their "
    "catch. Merchants gathered along the wooden pier; they bargained loudly over baskets of "
    "silver herring, heavy crates of crabs and (on lucky days) a tuna or two. Children "
    "watched the seagulls circling above the masts while old sailors mended their nets and "
    "argued about tomorrow's weather! By noon the market emptied: the quiet streets smelled "
    "of salt, tar and fresh bread. Who could ask for more? Nobody in that town, it seemed."
)
EN_COPY = (  # one comma less, one letter more, as many characters
    EN.replace("loudly", "noisily")
    .replace("old sailors", "aged sailors")
    .replace(" two", " 2")
    .replace("salt, tar", "salt tars")
)
RU = (
    "Осенний лес встречал путников тишиной и запахом прелой листвы — так было всегда. "
    "Старый лесник рассказывал: тропинка ведёт к заброшенной мельнице, где когда-то жили "
    "мельники. Путники долго шагали вдоль ручья и разглядывали грибы под берёзами. Далёкий "
    "крик журавлей звучал тревожно. Зачем они пошли сюда? Никто не помнил."
)


def test_punctuation_counts_by_hand() -> None:
    # . , - _ : ; ! ? ( ) and space: "..." + "yes." + "e." = 5 dots, "?" twice, 10 spaces
    assert punctuation_counts(CRAFTED) == "5-2-1-1-1-1-1-2-1-1-10"


def test_special_characters_by_hand() -> None:
    assert special_characters(CRAFTED) == "...??!(,,.)_-:;."
    assert special_characters("a\u200bb, c\u00ad\td — «é» 42%") == ",—«»%"


def test_text_statistics_by_hand() -> None:
    text = "One two three. Four five six seven!"
    # words 3+3+5+4+4+3+5 = 27 letters / 7; sentences of 14 and 20 characters
    assert text_statistics(text, [(0, 14), (15, 35)]) == "3.9-17.0-7-2"
    assert text_statistics("A_b c-d", [(0, 7)]) == "1.0-7.0-4-1"
    assert text_statistics("!!!", [(0, 3)]) == ""


def test_longest_sentences_by_hand() -> None:
    sentences = [
        "Short one.",
        "The longest sentence is this one.",
        "A middle\n  sentence.",
        "Tiny.",
    ]
    text = " ".join(sentences)
    starts = [text.index(s) for s in sentences]
    spans = [(a, a + len(s)) for a, s in zip(starts, sentences, strict=True)]
    assert longest_sentences(text, spans) == "The longest sentence is this one. A middle sentence."
    assert longest_sentences(text, spans[:1]) == "Short one."
    assert longest_sentences(text, []) == ""


def test_signatures_of_a_real_document() -> None:
    doc = from_texts([EN]).docs[0]
    assert KosinovPunct().signature(doc) == punctuation_counts(EN)
    assert KosinovSpecial().signature(doc) == ",.;,().'!:,.?,."
    assert KosinovStats().signature(doc).endswith(f"-{len(doc.sentence_spans)}")
    longest = KosinovSentences().signature(doc)
    assert longest.startswith("Merchants gathered") and longest.endswith("weather!")


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_near_copy_found_unrelated_not(method: KosinovSignature) -> None:
    collection = from_texts([EN, RU, EN_COPY, CRAFTED])
    assert method.find(collection) == {(0, 2)}


def test_near_copy_differs_a_little() -> None:
    original, copy = from_texts([EN, EN_COPY]).docs
    assert KosinovPunct().signature(original).startswith("4-4-")
    assert KosinovPunct().signature(copy).startswith("4-3-")
    assert KosinovSpecial().signature(copy) == ",.;,().'!:.?,."
    stats = KosinovStats().signature(original), KosinovStats().signature(copy)
    assert stats == ("4.7-97.0-87-5", "4.8-97.0-87-5")  # one letter more, as many characters


def test_threshold_decides() -> None:
    collection = from_texts([EN, EN_COPY])
    a, b = (KosinovSentences().signature(d) for d in collection.docs)
    distance = Levenshtein.normalized_distance(a, b)
    assert 0 < distance < 0.1
    assert KosinovSentences(threshold=distance).find(collection) == {(0, 1)}
    assert KosinovSentences(threshold=distance * 0.99).find(collection) == set()


def test_empty_signatures_join_nothing() -> None:
    empty = MethodDoc("e", "", "en", (), np.zeros(0, dtype=np.uint64), (), ())
    words = MethodDoc("w", "word word", "en", (), np.zeros(0, dtype=np.uint64), (), ())
    collection = Collection((empty, empty, words, words))
    assert KosinovPunct().find(collection) == {(2, 3)}
    for method in (KosinovSpecial(), KosinovStats(), KosinovSentences()):
        assert method.find(collection) == set()


@pytest.mark.parametrize("prefilter", [False, True])
def test_window_finds_every_close_pair(prefilter: bool) -> None:
    rng = random.Random(3)
    alphabet = ".,;:!?()-"
    strings = ["".join(rng.choice(alphabet) for _ in range(rng.randint(5, 120))) for _ in range(80)]
    for i in range(30):  # near copies: a few edits of every kind
        s = list(strings[i])
        for _ in range(rng.randint(0, 4)):
            p = rng.randrange(len(s))
            s[p : p + rng.randint(0, 1)] = rng.choice(["", rng.choice(alphabet)])
        strings.append("".join(s))
    strings += ["", ""]
    brute = {
        (i, j)
        for i in range(len(strings))
        for j in range(i + 1, len(strings))
        if strings[i] and strings[j]
        if Levenshtein.normalized_distance(strings[i], strings[j]) <= 0.1
    }
    assert len(brute) >= 20
    assert close_signatures(strings, 0.1, prefilter) == brute


def test_threshold_out_of_range() -> None:
    with pytest.raises(ValueError, match="threshold"):
        KosinovStats(threshold=1.0)


def test_transpositions_make_a_swap_cost_one_edit() -> None:
    # Ten signatures of 20 characters; the copy swaps two neighbours twice: Levenshtein 4
    # (0.2 of the length, above 0.15), Damerau-Levenshtein 2 (0.1, within it).
    base = "abcdefghijklmnopqrst"
    swapped = "bacdefghijlkmnopqrst"
    others = ["".join(chr(ord("A") + (i * 7 + k) % 26) for k in range(20)) for i in range(8)]
    signatures = [base, swapped, *others]
    assert close_signatures(signatures, 0.15) == set()
    assert close_signatures(signatures, 0.15, transpositions=True) == {(0, 1)}
    assert close_signatures(signatures, 0.15, prefilter=True, transpositions=True) == {(0, 1)}
