"""A9 Descr Words and its Levenshtein variant: thresholds, rounds, vectors, banding."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rapidfuzz.distance import Levenshtein

from copylens.core.canonicalize import fingerprint
from copylens.core.methods.collection import Collection, MethodDoc, from_texts
from copylens.core.methods.descriptive import (
    DescriptiveLevenshtein,
    DescriptiveWords,
    Descriptors,
    RelativeTf,
    SetBits,
    band_blocks,
    band_keys,
    bit_string,
    close_bit_strings,
    thresholds,
)

VOCABULARY = [f"term{i:03d}" for i in range(300)]

RU = (
    "Осенний лес встречал путников тишиной и запахом прелой листвы. Старый лесник "
    "рассказывал, что тропинка ведёт к заброшенной мельнице, где когда-то жили мельники "
    "большой семьёй. Путники долго шагали вдоль ручья, разглядывали грибы под берёзами, "
    "слушали далёкий крик журавлей и спорили о дороге домой."
)
EN = (
    "The harbour town woke early every morning when fishing boats returned with their "
    "catch. Merchants gathered along the wooden pier, bargaining loudly over baskets of "
    "silver herring and heavy crates of crabs."
)
EN2 = (
    "Mountain villages depend on narrow roads that winter storms often close for weeks. "
    "Families store firewood, flour and dried apples, while teachers keep the small school "
    "open for children living nearby."
)


def doc_of(counts: dict[str, int]) -> MethodDoc:
    """A canonical document with the given term frequencies (no text processing)."""
    words = [w for w, n in counts.items() for _ in range(n)]
    text = " ".join(words)
    hashes = np.array([fingerprint(w) for w in words], dtype=np.uint64)
    return MethodDoc("doc", text, "en", tuple(words), hashes, ((0, len(words)),), ((0, len(text)),))


def random_counts(rng: random.Random) -> dict[str, int]:
    return {w: rng.choice([1, 1, 1, 2, 3, 5, 8]) for w in rng.sample(VOCABULARY, 40)}


def synthetic(size: int, seed: int) -> list[dict[str, int]]:
    rng = random.Random(seed)
    return [random_counts(rng) for _ in range(size)]


def collection_of(counts: list[dict[str, int]]) -> Collection:
    return Collection(tuple(doc_of(c) for c in counts))


def test_training_yields_n_words_with_thresholds_inside_0_1() -> None:
    model = DescriptiveWords(size=16).train(collection_of(synthetic(80, seed=1)))
    assert len(model.words) == len(set(model.words)) == 16
    assert len(model.thresholds) == 16
    assert np.all((model.thresholds > 0) & (model.thresholds < 1))
    assert 0 < model.coverage <= 1 and 0 < model.precision <= 1
    assert np.array_equal(model.hashes, [fingerprint(w) for w in model.words])


def test_few_candidates_give_fewer_words() -> None:
    counts = [{"alpha": 3, "beta": 1, f"only{i}": 2} for i in range(4)] + [{"gamma": 1}] * 2
    model = DescriptiveWords(size=64).train(collection_of(counts))
    assert sorted(model.words) == ["gamma"]  # alpha, beta: df 4 of 6 > 0.5 · N; onlyN: df 1


def test_two_equal_documents_are_found() -> None:
    """In a collection of two, every shared word has df 2 = N: still a candidate."""
    collection = from_texts([EN, EN])
    assert DescriptiveWords().find(collection) == {(0, 1)}
    assert DescriptiveLevenshtein().find(collection) == {(0, 1)}


def test_threshold_sits_in_the_widest_stable_gap() -> None:
    """One word, r = 0.1 ×3, 0.5 ×2, 0.9: phase 1 takes the lowest θ with no document
    within ±0.05 (0.01: every document above); phase 2 keeps those documents above and moves
    θ to the stable point nearest the middle of the gap below 0.1 (0.01 … 0.09)."""
    values = np.array([0.1, 0.1, 0.1, 0.5, 0.5, 0.9])
    rel = RelativeTf(np.array([0, 6]), values, np.arange(6))
    limits, unstable = thresholds(rel, delta=0.05, max_unstable=0.1)
    assert limits.tolist() == [0.04]
    assert unstable.tolist() == [0.0]
    strict = thresholds(rel, delta=0.05, max_unstable=0.0)[0]
    assert strict.tolist() == [0.04]
    wide = thresholds(rel, delta=0.2, max_unstable=0.2)[0]  # ±0.2 around 0.1 … 0.9
    assert 0.5 < wide[0] < 0.9


def test_losses_count_uncovered_and_merged_documents() -> None:
    """doc0 {w0}, doc1 {w0, w1}, doc2 {w1}: dropping either word uncovers one document and
    makes doc1 equal to another."""
    bits = SetBits(
        docs=np.array([0, 1, 1, 2]),
        words=np.array([0, 0, 1, 1]),
        codes=np.array([0x1234_5678_9ABC_DEF1, 0x0FED_CBA9_8765_4321], dtype=np.uint64),
        size=4,
    )
    both = bits.losses(np.array([True, True]))
    assert both.uncover.tolist() == [1, 1]
    assert both.share.tolist() == [1.5, 1.5]
    assert both.merge.tolist() == [1, 1]
    assert both.coverage == 0.75 and both.precision == 1.0
    one = bits.losses(np.array([True, False]))
    assert one.uncover.tolist() == [2, 0] and one.merge.tolist() == [0, 0]
    assert one.coverage == 0.5 and one.precision == 0.0  # doc0 and doc1 now share {w0}


def test_equal_documents_get_equal_vectors() -> None:
    reordered = " ".join(reversed(RU.split(". ")))
    collection = from_texts([RU, EN, reordered, EN2])
    method = DescriptiveWords()
    model = method.train(collection)
    keys = [method.keys(doc, model) for doc in collection.docs]
    assert keys[0] == keys[2] != []
    assert (0, 2) in method.find(collection)


def test_empty_vector_gives_no_signature() -> None:
    collection = collection_of(synthetic(40, seed=2))
    method = DescriptiveWords(size=8)
    model = method.train(collection)
    assert method.keys(doc_of({"unknownword": 4}), model) == []
    assert bit_string(np.zeros(8, dtype=bool)) == ""


def test_levenshtein_variant_joins_a_near_copy() -> None:
    """25 words at threshold 0.3, so k = ⌊0.08 · 25⌋ = 2: three blocks."""
    words = VOCABULARY[:25]
    model = Descriptors(
        words=tuple(words),
        hashes=np.array([fingerprint(w) for w in words], dtype=np.uint64),
        thresholds=np.full(25, 0.3),
        coverage=1.0,
        precision=1.0,
    )
    original = {words[0]: 4, words[1]: 2, words[5]: 1, words[20]: 2, "other": 3}
    copy = {w: n for w, n in original.items() if w != words[20]}
    vectors = [model.vector(doc_of(c)) for c in (original, copy)]
    assert np.flatnonzero(vectors[0]).tolist() == [0, 1, 20]  # 1/4 is below 0.3
    strings = [bit_string(v) for v in vectors]
    assert Levenshtein.distance(*strings) == 1
    assert close_bit_strings(strings, 2) == {(0, 1)}
    assert close_bit_strings(strings, 0) == set()


def test_levenshtein_variant_end_to_end() -> None:
    """A copy without one word whose bit is set (not its most frequent): A9-lev pairs it with
    the original, A9 does not."""
    counts = synthetic(60, seed=4)
    original = counts[0]
    model = DescriptiveWords(size=25).train(collection_of(counts))
    bits = np.flatnonzero(model.vector(doc_of(original)))
    dropped = next(model.words[i] for i in bits if original[model.words[i]] < 8)
    counts.append({w: n for w, n in original.items() if w != dropped})
    collection = collection_of(counts)
    exact, lev = DescriptiveWords(size=25), DescriptiveLevenshtein(size=25)
    model = exact.train(collection)
    first, last = (model.vector(collection.docs[i]) for i in (0, 60))
    assert 0 < np.count_nonzero(first != last) <= 2  # the copy's vector moved, within k = 2
    assert (0, 60) in lev.find(collection)
    assert (0, 60) not in exact.find(collection)


def agree(a: str, b: str, k: int) -> bool:
    """Hamming distance ≤ k and an equal block (of k + 1) holding a 1: banding's promise."""
    if sum(map(str.__ne__, a, b)) > k:
        return False
    blocks = [block.tolist() for block in band_blocks(len(a), k + 1)]
    return any(all(a[p] == b[p] for p in x) and any(a[p] == "1" for p in x) for x in blocks)


def test_blocks_partition_the_positions() -> None:
    blocks = band_blocks(64, 6)
    assert sorted(np.concatenate(blocks).tolist()) == list(range(64))
    assert {len(b) for b in blocks} == {10, 11}
    assert blocks[1].tolist() == [1, 7, 13, 19, 25, 31, 37, 43, 49, 55, 61]  # dealt, not runs
    alone = np.eye(64, dtype=bool)  # one set bit: exactly one block holds it
    assert ((band_keys(alone, 6) != 0).sum(axis=1) == 1).all()


def test_shared_set_bit_in_a_differing_block_is_no_candidate() -> None:
    """Hamming 2 ≤ k, one common set bit, but its block differs and the others are empty."""
    blocks = band_blocks(64, 6)
    a, b = ["0"] * 64, ["0"] * 64
    common, other = blocks[0][:2].tolist()
    a[common] = b[common] = a[other] = "1"
    b[blocks[1][0]] = "1"
    assert close_bit_strings(["".join(a), "".join(b)], 5) == set()


def test_banding_finds_every_substitution_pair() -> None:
    rng = random.Random(9)
    strings = ["".join(rng.choice("0001") for _ in range(64)) for _ in range(60)]
    for i in range(20):  # plant copies with up to 5 flipped bits
        bits = list(strings[i])
        for p in rng.sample(range(64), rng.randint(0, 5)):
            bits[p] = "1" if bits[p] == "0" else "0"
        strings.append("".join(bits))
    brute = {
        (i, j)
        for i in range(len(strings))
        for j in range(i + 1, len(strings))
        if "1" in strings[i] and "1" in strings[j]
        if Levenshtein.distance(strings[i], strings[j]) <= 5
        if sum(a == b == "1" for a, b in zip(strings[i], strings[j], strict=True))
    }
    hamming = {(i, j) for i, j in brute if agree(strings[i], strings[j], 5)}
    found = close_bit_strings(strings, 5)
    assert hamming <= found <= brute
    assert len(hamming) >= 20


def test_shifted_vector_is_the_stated_limit_of_banding() -> None:
    """Levenshtein 2 (one deletion, one insertion) but every block shifted: not a candidate."""
    a = "1010011010" * 6 + "1100"
    b = a[1:] + "0"
    assert Levenshtein.distance(a, b) <= 2
    assert close_bit_strings([a, b], 5) == set()


def test_training_is_deterministic() -> None:
    collection = collection_of(synthetic(50, seed=5))
    a, b = DescriptiveWords(size=12).train(collection), DescriptiveWords(size=12).train(collection)
    assert a.words == b.words
    assert np.array_equal(a.thresholds, b.thresholds)


@pytest.mark.parametrize("size", [4, 10])
def test_rounds_keep_coverage(size: int) -> None:
    """Fewer words never cover more documents; the kept set covers most of the collection."""
    collection = collection_of(synthetic(80, seed=6))
    small = DescriptiveWords(size=size).train(collection)
    large = DescriptiveWords(size=size * 4).train(collection)
    assert small.coverage <= large.coverage
    assert small.coverage > 0.5


def test_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="Expecting"):
        DescriptiveWords(size=0)
    with pytest.raises(ValueError, match="Expecting"):
        DescriptiveLevenshtein(max_share=1.0)
