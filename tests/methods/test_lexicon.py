"""A7 Lex Rand (I-Match with lexicon randomization): lexicons, K + 1 signatures, robustness."""

from __future__ import annotations

import random

import numpy as np
import pytest

from copylens.core.canonicalize import fingerprint
from copylens.core.methods.collection import Collection, MethodDoc, from_texts
from copylens.core.methods.frequency import bm25_idf
from copylens.core.methods.lexicon import LexRand, mid_idf_words, randomized

VOCABULARY = [f"word{i:03d}" for i in range(150)]

RU = (
    "Осенний лес встречал путников тишиной и запахом прелой листвы. Старый лесник "
    "рассказывал, что тропинка ведёт к заброшенной мельнице, где когда-то жили мельники "
    "большой семьёй. Путники долго шагали вдоль ручья, разглядывали грибы под берёзами, "
    "слушали далёкий крик журавлей и спорили о дороге домой. К вечеру небо потемнело, "
    "поднялся холодный ветер, и путники решили ночевать в сторожке лесника."
)
EN = (
    "The harbour town woke early every morning when fishing boats returned with their "
    "catch. Merchants gathered along the wooden pier, bargaining loudly over baskets of "
    "silver herring and heavy crates of crabs. Children watched seagulls circling above "
    "the masts while old sailors mended nets and argued about tomorrow's weather. By noon "
    "the market emptied and the quiet streets smelled of salt, tar and fresh bread."
)


def doc_of(words: list[str]) -> MethodDoc:
    """A canonical document straight from its words (no text processing)."""
    text = " ".join(words)
    hashes = np.array([fingerprint(w) for w in words], dtype=np.uint64)
    return MethodDoc("doc", text, "en", tuple(words), hashes, ((0, len(words)),), ((0, len(text)),))


def random_collection(size: int, length: int, seed: int) -> Collection:
    rng = random.Random(seed)
    return Collection(tuple(doc_of(rng.sample(VOCABULARY, length)) for _ in range(size)))


def test_idf_cut_drops_both_ends_by_rank() -> None:
    df = {chr(ord("a") + i): i + 1 for i in range(10)}  # a: df 1 … j: df 10
    kept = mid_idf_words(df, 10, 0.1)
    assert bm25_idf(1, 10) > bm25_idf(10, 10)
    assert sorted(kept) == list("bcdefghi")


def test_extra_lexicons_remove_a_third_of_the_base() -> None:
    lexicons = randomized(VOCABULARY, 10, 0.33, seed=7)
    base = lexicons.lexicon(0)
    assert base == set(VOCABULARY)
    extras = [lexicons.lexicon(k) for k in range(1, 11)]
    for extra in extras:
        assert extra < base
        assert len(base) - len(extra) == round(0.33 * len(base))
    assert len({frozenset(e) for e in extras}) == 10


def test_large_document_gets_k_plus_one_distinct_signatures() -> None:
    collection = random_collection(30, 60, seed=1)
    method = LexRand()
    model = method.train(collection)
    keys = method.keys(collection.docs[0], model)
    assert len(keys) == 11
    assert sorted(k for k, _ in keys) == list(range(11))
    assert len({digest for _, digest in keys}) == 11


def test_small_document_gets_no_signature() -> None:
    model = randomized(VOCABULARY, 10, 0.33, seed=1)
    method = LexRand(min_words=5)
    assert method.keys(doc_of(VOCABULARY[:4] + ["outside"] * 10), model) == []
    keeping_all_five = [k for k in range(11) if set(VOCABULARY[:5]) <= model.lexicon(k)]
    assert [k for k, _ in method.keys(doc_of(VOCABULARY[:5]), model)] == keeping_all_five
    assert keeping_all_five[0] == 0 and len(keeping_all_five) < 11


def test_signature_ignores_order_and_repeats() -> None:
    model = randomized(VOCABULARY, 10, 0.33, seed=1)
    words = VOCABULARY[10:70]
    shuffled = list(reversed(words)) + words[:5]
    method = LexRand()
    assert method.keys(doc_of(words), model) == method.keys(doc_of(shuffled), model)


def test_changed_word_matches_through_the_lexicons_that_lack_it() -> None:
    method = LexRand()
    model = method.train(random_collection(40, 60, seed=2))
    original = [w for w in VOCABULARY if w in model.lexicon(0)][:60]
    changed = original[17]
    lacking = {k for k in range(1, 11) if changed not in model.lexicon(k)}
    assert lacking
    copy = [*original[:17], "brandnewword", *original[18:]]
    keys_a = dict(method.keys(doc_of(original), model))
    keys_b = dict(method.keys(doc_of(copy), model))
    shared = {k for k in keys_a if keys_a[k] == keys_b.get(k)}
    assert shared == lacking
    assert 0 not in shared


@pytest.mark.parametrize(("changes", "extra"), [(1, 10), (2, 10), (3, 5)])
def test_probability_a_signature_survives_n_changes(changes: int, extra: int) -> None:
    """Kołcz & Chowdhury: P(some extra signature intact) = 1 − (1 − p^n)^K."""
    p, trials = 0.33, 1000
    method = LexRand(extra=extra, removal=p)
    rng = random.Random(5)
    survived = 0
    for trial in range(trials):
        model = randomized(VOCABULARY, extra, p, seed=trial)
        original = rng.sample(VOCABULARY, 60)
        copy = [f"new{i}" for i in range(changes)] + original[changes:]
        keys_a = set(method.keys(doc_of(original), model))
        keys_b = set(method.keys(doc_of(copy), model))
        survived += bool(keys_a & keys_b)
    expected = 1 - (1 - p**changes) ** extra
    assert survived / trials == pytest.approx(expected, abs=0.045)


def test_find_on_texts_pairs_copies_only() -> None:
    reordered = " ".join(reversed(RU.split(". ")))
    collection = from_texts([RU, EN, reordered, EN.upper(), "Короткий текст без пары слов."])
    assert LexRand().find(collection) == {(0, 2), (1, 3)}


def test_training_is_deterministic() -> None:
    collection = random_collection(20, 50, seed=3)
    method = LexRand()
    assert method.signatures(collection) == method.signatures(collection)
    assert LexRand(seed=2).train(collection).lexicon(1) != method.train(collection).lexicon(1)


@pytest.mark.parametrize("bad", [{"extra": 64}, {"removal": 1.0}, {"idf_cut": 0.5}])
def test_parameters_are_checked(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="Expecting"):
        LexRand(**bad)  # type: ignore[arg-type]
