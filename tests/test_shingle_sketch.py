"""Shingle and sketch stages (ALGORITHMS.md §2–3)."""

from __future__ import annotations

import numpy as np
import pytest
from datasketch import MinHash
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import shingle, sketch
from copylens.core.canonicalize import canonicalize, fingerprint
from copylens.core.options import Options
from copylens.core.shingle import kgrams, shingle_set, shingles
from copylens.core.sketch import NUM_PERM, estimate, megashingles, minhash, supershingles


def word_hashes(text: str) -> np.ndarray:
    return np.array([fingerprint(w) for w in text.split()], dtype=np.uint64)


def test_a_rose_is_a_rose_gives_three_distinct_4_shingles() -> None:
    hashes = word_hashes("a rose is a rose is a rose")
    assert len(shingles(hashes, 4)) == 5
    assert len(shingle_set(hashes, 4)) == 3


def test_shingle_i_depends_only_on_its_words() -> None:
    a = word_hashes("one two three four five six seven")
    b = word_hashes("zero two three four five six eight")
    sa, sb = shingles(a, 3), shingles(b, 3)
    assert (sa[1:4] == sb[1:4]).all()
    assert sa[0] != sb[0] and sa[4] != sb[4]


def test_short_texts_get_one_shingle_and_no_kgrams() -> None:
    hashes = word_hashes("only three words")
    assert len(shingles(hashes, 10)) == 1
    assert len(kgrams(hashes, 4)) == 0
    assert len(shingles(np.empty(0, dtype=np.uint64), 10)) == 0


def test_shingle_fingerprints_are_stable_across_runs() -> None:
    c = canonicalize("кошки бежали по дороге домой", Options(stop_words=False))
    assert shingles(c.hashes, 3).tolist() == shingles(c.hashes.copy(), 3).tolist()
    assert shingles(word_hashes("a b c"), 3).dtype == np.uint64


def test_minhash_equals_datasketch_bit_for_bit() -> None:
    values = np.random.default_rng(7).integers(0, 2**63, 500, dtype=np.uint64)
    reference = MinHash(num_perm=84, seed=1, scheme="affine64", hashfunc=int)
    reference.update_batch(values.tolist())
    assert minhash(values).tolist() == reference.hashvalues.tolist()
    assert len(minhash(values)) == NUM_PERM == 84


def test_minhash_in_blocks_is_the_same_sketch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: a long document's shingles are hashed a block at a time (84 × 8 bytes per
    shingle at once cost 5 GB at 50 MB); the minima are those of datasketch all the same."""
    values = np.random.default_rng(11).integers(0, 2**63, 1000, dtype=np.uint64)
    reference = MinHash(num_perm=84, seed=1, scheme="affine64", hashfunc=int)
    reference.update_batch(values.tolist())
    monkeypatch.setattr(sketch, "BLOCK", 7)
    assert minhash(values).tolist() == reference.hashvalues.tolist()
    assert minhash(values[:5]).tolist() == minhash(values[:5].copy()).tolist()


def test_estimate_tracks_exact_resemblance() -> None:
    rng = np.random.default_rng(3)
    universe = rng.integers(0, 2**63, 3000, dtype=np.uint64)
    a, b = universe[:2000], universe[1000:]
    exact = 1000 / 3000
    assert abs(estimate(minhash(a), minhash(b)) - exact) < 0.15
    assert estimate(minhash(a), minhash(a)) == 1.0
    assert estimate(minhash(a), minhash(np.empty(0, dtype=np.uint64))) == 0.0


def _megashingle_hit_rate(p: float, trials: int, rng: np.random.Generator) -> float:
    """Share of set pairs with resemblance p that share at least one megashingle."""
    shared, own = round(400 * p), round(400 * (1 - p) / 2)
    hits = 0
    for _ in range(trials):
        values = rng.integers(0, 2**63, shared + 2 * own, dtype=np.uint64)
        a = values[: shared + own]
        b = np.concatenate([values[:shared], values[shared + own :]])
        hits += bool(set(megashingles(minhash(a))) & set(megashingles(minhash(b))))
    return hits / trials


def test_megashingle_detection_rates_match_fetterly() -> None:
    # ALGORITHMS.md §3: 84 minima, 6 supershingles of 14, 15 megashingles:
    # detection ≈ 0.90 at resemblance 0.95 and ≈ 0.026 at 0.80.
    rng = np.random.default_rng(11)
    assert abs(_megashingle_hit_rate(0.95, 600, rng) - 0.90) < 0.05
    assert _megashingle_hit_rate(0.80, 600, rng) < 0.06


def test_supershingles_split_84_minima_into_6_groups() -> None:
    sketch = minhash(np.arange(100, dtype=np.uint64))
    assert len(supershingles(sketch)) == 6
    assert len(megashingles(sketch)) == 15


def test_fingerprints_match_golden_values() -> None:
    # Frozen values: a change here changes every stored fingerprint (archives, reports), so it
    # must be deliberate. They depend only on BLAKE2b, pymorphy3's dictionary and our formula.
    c = canonicalize("Кошки бежали по дороге домой мимо старого сада", Options(stop_words=False))
    assert c.hashes.tolist()[:2] == [14974878043571213648, 1323851088996976693]
    assert shingles(c.hashes, 4).tolist()[:2] == [7059227843443276349, 6247489147772805345]


# --- k-grams by prefix sums are the step-by-step ones (issue 40, read stage) -------------------

MASK = (1 << 64) - 1


def _mixed(x: int) -> int:
    """splitmix64's finaliser, in Python integers."""
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & MASK
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def stepwise(hashes: list[int], k: int) -> list[int]:
    """The fingerprints of the runs of k words as ALGORITHMS.md §2 states them: the words'
    fingerprints folded one by one (times the base plus the next, mod 2^64), then mixed."""
    out = []
    for i in range(len(hashes) - k + 1):
        acc = hashes[i]
        for h in hashes[i + 1 : i + k]:
            acc = (acc * 0x9E3779B97F4A7C15 + h) & MASK
        out.append(_mixed(acc))
    return out


SIZES = st.lists(st.integers(1, 12), min_size=1, max_size=4, unique=True).map(sorted)
HASHES = st.lists(
    st.one_of(st.integers(0, MASK), st.sampled_from([0, 1, MASK, MASK - 1, 1 << 63])),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(HASHES, SIZES, st.sampled_from([2, 7, 1 << 16]))
def test_kgrams_and_shingles_are_the_stepwise_fingerprints(
    values: list[int], sizes: list[int], block: int
) -> None:
    """kgrams_of (prefix sums for a text of one block, steps past it) and shingles give the
    fingerprints folded word by word, whatever the block size, the sizes and the values
    (0, 2^64 - 1 and 2^63 among them: everything wraps mod 2^64)."""
    hashes = np.array(values, dtype=np.uint64)
    old = shingle._BLOCK
    shingle._BLOCK = block
    try:
        together = shingle.kgrams_of(hashes, sizes)
        alone = [shingles(hashes, k) for k in sizes]
        apart = [kgrams(hashes, k) for k in sizes]
    finally:
        shingle._BLOCK = old
    for k, made, single, plain in zip(sizes, together, alone, apart, strict=True):
        want = stepwise(values, k)
        assert made.dtype == np.uint64 and made.tolist() == want
        assert plain.tolist() == want
        short = stepwise(values, len(values)) if values else []  # one shingle of all words
        assert single.tolist() == (want if len(values) >= k else short)
        assert made.flags.owndata  # distinct_in_place resizes it in place
    if len(values) >= max(sizes):
        for made in together:
            assert len(shingle.distinct_in_place(made)) <= len(values)


def test_kgrams_of_a_long_text_by_steps_are_those_by_prefix_sums() -> None:
    """A text longer than one block is made by steps; each block's runs are those the prefix
    sums give for the same words."""
    values = np.random.default_rng(5).integers(0, 2**63, 3 * 64 + 5, dtype=np.uint64) * 3
    sizes = (3, 5, 10)
    by_prefix = shingle.kgrams_of(values, sizes)
    old = shingle._BLOCK
    shingle._BLOCK = 64
    try:
        by_steps = shingle.kgrams_of(values, sizes)
    finally:
        shingle._BLOCK = old
    assert [a.tolist() for a in by_steps] == [b.tolist() for b in by_prefix]
