"""A0 MD5 and the word-frequency signatures A1, A2, A3, A10 (ALGORITHMS.md §4)."""

from __future__ import annotations

import hashlib
import math
import zlib
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from copylens.core.methods.collection import Collection, MethodDoc, from_texts
from copylens.core.methods.exact import MD5
from copylens.core.methods.frequency import TF, TFIDF, TFRIDF, OptFreq, TopWordsMethod
from tests.methods.documents import make_collection, make_doc

RU = (
    "Старый рыбак каждое утро выходил в море на своей лодке. "
    "Море было спокойным, и рыбак забрасывал сети возле скалистого берега. "
    "К вечеру лодка возвращалась с уловом, и рыбак продавал рыбу на рынке. "
    "Соседи уважали старого рыбака за честность и упорный труд."
)
RU_REORDERED = (
    "Соседи уважали старого рыбака за упорный труд и честность. "
    "К вечеру лодка с уловом возвращалась, и рыбак на рынке продавал рыбу. "
    "Старый рыбак каждое утро на своей лодке выходил в море. "
    "Море было спокойным, и рыбак возле скалистого берега забрасывал сети."
)
EN = (
    "Gardeners water their tomatoes every morning before breakfast. "
    "Tomatoes need water, warm sunlight and patient gardeners. "
    "Sunlight helps tomatoes ripen while water keeps the roots healthy. "
    "Healthy roots make healthy plants, and healthy plants make happy gardeners."
)
EN_OTHER = (
    "The railway station opened in spring after years of construction. "
    "Passengers praised the bright platforms, the quiet trains and the punctual timetable."
)


def crc(words: Sequence[str]) -> int:
    return zlib.crc32(" ".join(sorted(words)).encode("utf-8"))


def only_key(method: TopWordsMethod | MD5, collection: Collection, i: int) -> int:
    keys = method.signatures(collection)[i]
    assert len(keys) == 1 and isinstance(keys[0], int)
    return keys[0]


# --- A0 MD5 -------------------------------------------------------------------------------


def test_md5_marks_only_canonical_copies() -> None:
    texts = [
        RU,
        "  " + RU.upper().replace(",", " ;").replace(".", "!") + "\n\n",  # same canonical words
        RU.replace("вечеру", "утру"),  # one word changed
        RU_REORDERED,  # same words, other order
        EN,
        "",
        "и в на",  # only stop words: nothing left
    ]
    collection = from_texts(texts)
    assert collection.docs[0].words == collection.docs[1].words
    assert MD5().find(collection) == {(0, 1)}
    signatures = MD5().signatures(collection)
    assert signatures[5] == () and signatures[6] == ()
    expected = hashlib.md5(" ".join(collection.docs[0].words).encode("utf-8")).digest()
    assert signatures[0] == (int.from_bytes(expected, "big"),)


# --- A1 TF --------------------------------------------------------------------------------

TOP = ["alpha"] * 5 + ["bravo"] * 4 + ["charlie"] * 4 + ["delta"] * 3 + ["echo"] * 3
WORDS = [*TOP, "foxtrot", "foxtrot", "golf", "hotel", "india"]


def test_tf_signs_the_six_most_frequent_words() -> None:
    collection = make_collection([" ".join(WORDS)])
    expected = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    assert only_key(TF(), collection, 0) == crc(expected)


def test_tf_changes_when_a_top_word_changes_and_not_for_a_rare_word() -> None:
    original = " ".join(WORDS)
    top_changed = original.replace("foxtrot", "juliet")
    rare_changed = original.replace("golf", "kilo")
    collection = make_collection([original], [top_changed], [rare_changed])
    keys = [only_key(TF(), collection, i) for i in range(3)]
    assert keys[0] != keys[1]
    assert keys[0] == keys[2]
    assert TF().find(collection) == {(0, 2)}


def test_tf_breaks_ties_alphabetically() -> None:
    collection = make_collection(["zulu yankee xray whiskey victor uniform tango sierra romeo"])
    expected = ["romeo", "sierra", "tango", "uniform", "victor", "whiskey"]
    assert only_key(TF(), collection, 0) == crc(expected)


def test_tf_survives_reordering_of_words_and_sentences() -> None:
    collection = from_texts([RU, RU_REORDERED, EN, EN_OTHER])
    assert Counter(collection.docs[0].words) == Counter(collection.docs[1].words)
    assert collection.docs[0].words != collection.docs[1].words
    for method in (TF(), TFIDF(), TFRIDF(), OptFreq()):
        assert method.find(collection) == {(0, 1)}, method.name


def test_english_reordered_sentences_share_the_tf_key() -> None:
    sentences = EN.split(". ")
    collection = from_texts([EN, ". ".join(reversed(sentences)), EN_OTHER])
    assert TF().find(collection) == {(0, 1)}


def test_short_documents_are_signed_with_what_they_have_and_empty_ones_not() -> None:
    collection = make_collection(["beta alpha beta"], ["alpha beta"], [], ["alpha gamma"])
    for method in (TF(), TFIDF(), TFRIDF(), OptFreq()):
        signatures = method.signatures(collection)
        assert signatures[0] == signatures[1] == (crc(["alpha", "beta"]),), method.name
        assert signatures[2] == (), method.name
        assert signatures[3] == (crc(["alpha", "gamma"]),), method.name


# --- A2, A3, A10 against hand-computed weights ---------------------------------------------

TINY = (
    ["apple apple apple banana banana cherry"],
    ["apple banana date"],
    ["apple elder", "grape"],
    ["apple honey"],
    ["kiwi lemon mango"],
)
# N = 5; dl = 6, 3, 3, 2, 3, so dl_avg = 17 / 5 = 3.4; df(apple) = 4, df(banana) = 2,
# every other word df = 1; cf(apple) = 6, cf(banana) = 3.


def weights_of(method: TopWordsMethod, collection: Collection, i: int) -> dict[str, float]:
    words, weights = method.weights(collection.docs[i], method.train(collection))
    return dict(zip(words, weights.tolist(), strict=True))


def test_bm25_weights_by_hand() -> None:
    weights = weights_of(TFIDF(), make_collection(*TINY), 0)
    norm = 2 * (0.25 + 0.75 * 6 / 3.4)  # dl = 6
    assert weights["apple"] == pytest.approx(3 / (norm + 3) * math.log(1.5 / 4.5))
    assert weights["banana"] == pytest.approx(2 / (norm + 2) * math.log(3.5 / 2.5))
    assert weights["cherry"] == pytest.approx(1 / (norm + 1) * math.log(4.5 / 1.5))
    assert weights["apple"] < 0  # in more than half of the documents: not clamped


def test_ridf_weights_by_hand() -> None:
    weights = weights_of(TFRIDF(), make_collection(*TINY), 0)  # tf_max = 3
    assert weights["apple"] == pytest.approx(
        1.0 * (-math.log(4 / 5) + math.log(1 - math.exp(-6 / 5)))
    )
    banana = (0.5 + 0.5 * 2 / 3) * (-math.log(2 / 5) + math.log(1 - math.exp(-3 / 5)))
    assert weights["banana"] == pytest.approx(banana)
    cherry = (0.5 + 0.5 / 3) * (-math.log(1 / 5) + math.log(1 - math.exp(-1 / 5)))
    assert weights["cherry"] == pytest.approx(cherry)


def test_optimal_frequency_weights_by_hand_on_both_branches() -> None:
    collection = make_collection(*TINY)
    weights = weights_of(OptFreq(), collection, 0)  # every IDF below 11.5: the parabola
    assert weights["apple"] == pytest.approx(1.0 * math.sqrt(math.log(5 / 4) / 11.5))
    assert weights["cherry"] == pytest.approx((0.5 + 0.5 / 3) * math.sqrt(math.log(5) / 11.5))
    # With the optimum at IDF 1.0, a word in 1 of 5 documents (IDF ln 5 ≈ 1.61) is past it.
    low = weights_of(OptFreq(optimum=1.0), collection, 0)
    assert low["cherry"] == pytest.approx((0.5 + 0.5 / 3) * (1.0 / math.log(5)))
    assert low["banana"] == pytest.approx((0.5 + 0.5 * 2 / 3) * math.sqrt(math.log(5 / 2)))


BIGGER = (
    ["river stone river bridge", "stone mill river water water"],
    ["bridge road town road", "market town square water"],
    ["river water fish fish", "boat harbour water mill stone"],
    ["forest path deer", "river bridge stone path owl"],
    ["market square town hall", "clock tower bridge road"],
    ["harbour boat fish market", "salt wind water"],
    ["mill grain bread baker", "bread oven baker town"],
)


def reference_weights(doc: MethodDoc, docs: Sequence[MethodDoc], name: str) -> dict[str, float]:
    """The §4 formulas written out again, word by word, from plain counts."""
    n = len(docs)
    dl_avg = sum(len(d.words) for d in docs) / n
    tf = Counter(doc.words)
    tf_max = max(tf.values())
    weights = {}
    for word, count in tf.items():
        df = sum(word in d.words for d in docs)
        cf = sum(d.words.count(word) for d in docs)
        if name == "A2":
            k_term = 2 * (0.25 + 0.75 * len(doc.words) / dl_avg)
            weight = count / (k_term + count) * math.log((n - df + 0.5) / (df + 0.5))
        elif name == "A3":
            weight = (0.5 + 0.5 * count / tf_max) * (
                -math.log(df / n) + math.log(1 - math.exp(-cf / n))
            )
        else:
            idf = -math.log(df / n)
            opt = math.sqrt(idf / 11.5) if idf < 11.5 else 11.5 / idf
            weight = (0.5 + 0.5 * count / tf_max) * opt
        weights[word] = weight
    return weights


@pytest.mark.parametrize("method", [TFIDF(), TFRIDF(), OptFreq()], ids=lambda m: m.name)
def test_weights_and_keys_match_the_formulas_on_a_small_collection(
    method: TopWordsMethod,
) -> None:
    collection = make_collection(*BIGGER)
    signatures = method.signatures(collection)
    for i, doc in enumerate(collection.docs):
        expected = reference_weights(doc, collection.docs, method.name)
        assert weights_of(method, collection, i) == pytest.approx(expected)
        top = sorted(expected, key=lambda w: (-expected[w], w))[:6]
        assert signatures[i] == (crc(top),)


def test_rankings_by_hand() -> None:
    """Document 0 of TINY: A2 cherry 0.27 > banana 0.13 > apple −0.55; A3 banana 0.10 >
    cherry −0.07 > apple −0.14 (RIDF punishes the rare word); A10 cherry 0.25 > banana 0.24
    > apple 0.14."""
    collection = make_collection(*TINY)
    expected = {
        "A2": ["cherry", "banana", "apple"],
        "A3": ["banana", "cherry", "apple"],
        "A10": ["cherry", "banana", "apple"],
    }
    for method in (TFIDF(), TFRIDF(), OptFreq()):
        weights = weights_of(method, collection, 0)
        assert sorted(weights, key=lambda w: -weights[w]) == expected[method.name]


def test_word_outside_the_trained_collection_is_an_error() -> None:
    method = TFIDF()
    model = method.train(make_collection(*TINY))
    with pytest.raises(KeyError):
        method.keys(make_doc(["unknown words"]), model)


# --- determinism --------------------------------------------------------------------------

Factory = Callable[[], TopWordsMethod | MD5]


@pytest.mark.parametrize("factory", [MD5, TF, TFIDF, TFRIDF, OptFreq], ids=lambda f: f.name)
def test_same_keys_on_every_call(factory: Factory) -> None:
    texts = [RU, RU_REORDERED, EN, EN_OTHER]
    first = factory().signatures(from_texts(texts))
    again = factory().signatures(from_texts(texts))
    assert first == again
    assert all(len(keys) == 1 and isinstance(keys[0], int) for keys in first)
