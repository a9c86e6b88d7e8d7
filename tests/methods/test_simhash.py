"""simhash and the pigeonhole search for near fingerprints (ALGORITHMS.md §5)."""

from __future__ import annotations

from itertools import combinations, pairwise

import numpy as np
import pytest

from copylens.core.methods.collection import from_texts
from copylens.core.methods.simhash import METHODS, SimHash, blocks, near_pairs, simhash
from tests.methods.documents import pseudo_words


def hamming(a: int, b: int) -> int:
    return bin(a ^ b).count("1")


def test_simhash_is_the_bitwise_majority_of_word_fingerprints() -> None:
    h1, h2, h3 = 0b1100_0101, 0b1010_0110, 1 << 63 | 0b1001_0100
    words = np.array([h1, h2, h3], dtype=np.uint64)
    assert simhash(words[:1]) == h1  # bit order kept: a single word is its own simhash
    assert simhash(words[:2]) == h1 & h2  # a tie (sum 0) gives 0
    assert simhash(words) == (h1 & h2) | (h1 & h3) | (h2 & h3)
    assert simhash(np.array([h3, h3, h1], dtype=np.uint64)) == h3  # tf weighs
    assert simhash(np.empty(0, dtype=np.uint64)) == 0


@pytest.mark.parametrize("language", ["en", "ru"])
def test_near_copy_is_within_3_bits_and_unrelated_text_is_far(language: str) -> None:
    words = pseudo_words(1200, language, seed=61)
    original, unrelated = words[:600], words[600:]
    copy = list(original)
    copy[450] = "zzzqqqxx" if language == "en" else "щщюююэ"
    collection = from_texts([" ".join(t) for t in (original, unrelated, copy)])
    values = [simhash(d.hashes) for d in collection.docs]
    assert hamming(values[0], values[2]) <= 3
    assert hamming(values[0], values[1]) > 3 and hamming(values[1], values[2]) > 3
    assert SimHash().find(collection) == {(0, 2)}


def test_one_word_changes_mostly_stay_within_3_bits() -> None:
    rng = np.random.default_rng(62)
    words = rng.integers(0, 2**64, 600, dtype=np.uint64, endpoint=False)
    base = simhash(words)
    distances = []
    for _ in range(300):
        changed = words.copy()
        changed[rng.integers(600)] = rng.integers(0, 2**64, dtype=np.uint64, endpoint=False)
        distances.append(hamming(base, simhash(changed)))
    assert np.mean(np.array(distances) <= 3) > 0.85
    unrelated = simhash(rng.integers(0, 2**64, 600, dtype=np.uint64, endpoint=False))
    assert hamming(base, unrelated) > 10


@pytest.mark.parametrize("distance", [0, 3, 4, 6])
def test_pigeonhole_finds_every_pair_brute_force_finds(distance: int) -> None:
    rng = np.random.default_rng(63 + distance)
    values = list(rng.integers(0, 2**64, 300, dtype=np.uint64, endpoint=False))
    for base in values[:100]:  # planted neighbours 0..8 bits away
        flips = rng.choice(64, size=rng.integers(0, 9), replace=False)
        values.append(np.uint64(int(base) ^ sum(1 << int(f) for f in flips)))
    array = np.array(values, dtype=np.uint64)
    ints = [int(v) for v in array]
    brute = {
        (i, j)
        for i, j in combinations(range(len(ints)), 2)
        if hamming(ints[i], ints[j]) <= distance
    }
    assert len(brute) >= 5
    assert near_pairs(array, distance) == brute


def test_blocks_cover_64_bits() -> None:
    for distance in range(10):
        parts = blocks(distance)
        assert len(parts) == distance + 1
        assert parts[0][0] == 0 and parts[-1][1] == 64
        assert all(a[1] == b[0] for a, b in pairwise(parts))


def test_documents_without_words_join_nothing_and_bad_distance_fails() -> None:
    collection = from_texts(["", "и в на", ""])
    assert SimHash().find(collection) == set()
    with pytest.raises(ValueError, match=r"0\.\.63"):
        SimHash(distance=64)
    assert [m.name for m in METHODS] == ["simhash"]
