"""Shingle-sampling methods: A6, Fetterly, A8, mod-m, bottom-s, Broder's clustering (§3–5)."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.core.methods.base import Method
from copylens.core.methods.collection import from_texts
from copylens.core.methods.shingling import (
    METHODS,
    BottomSampling,
    BroderClustering,
    FetterlyMegashingles,
    LogShingles,
    ModSampling,
    Shared,
    StudyMegashingles,
    bottom_resemblance,
    bottom_sample,
    log_sample,
    mod_sample,
    shared_samples,
    shared_values,
    trailing_zeros,
    wrapped_shingles,
)
from copylens.core.shingle import shingle_set, shingles
from copylens.core.sketch import _fmix64, megashingles, minhash, permutations
from copylens.core.unionfind import groups
from tests.methods.documents import pseudo_words

TRIALS = 3000


def one_word_changed(words: list[str], position: int, language: str) -> list[str]:
    changed = list(words)
    changed[position] = "щщюююэ" if language == "ru" else "zzzqqqxx"
    return changed


def detection_rate(num_perm: int, groups: int, p: float, trials: int, seed: int) -> float:
    """Share of simulated sketch pairs, positions equal with probability p, sharing a
    megashingle (the keys A6 and Fetterly compute)."""
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(trials):
        a = rng.integers(0, 2**64, num_perm, dtype=np.uint64, endpoint=False)
        other = rng.integers(0, 2**64, num_perm, dtype=np.uint64, endpoint=False)
        b = np.where(rng.random(num_perm) < p, a, other)
        hits += bool(set(megashingles(a, groups)) & set(megashingles(b, groups)))
    return hits / trials


def two_of_six(q: float) -> float:
    """P(at least 2 of 6 supershingles match), one matching with probability q."""
    return 1 - (1 - q) ** 6 - 6 * q * (1 - q) ** 5


# --- megashingles -----------------------------------------------------------------------------


@pytest.mark.parametrize(("p", "published"), [(0.95, 0.90), (0.80, 0.026)])
def test_fetterly_84_functions_6_groups_of_14_detection_by_simulation(
    p: float, published: float
) -> None:
    rate = detection_rate(84, 6, p, trials=TRIALS, seed=11)
    exact = two_of_six(p**14)
    assert abs(rate - exact) < 4 * np.sqrt(exact * (1 - exact) / TRIALS) + 0.002
    assert abs(rate - published) < 0.035


@pytest.mark.parametrize("p", [0.80, 0.95])
def test_study_36_functions_6_groups_of_6_detection_by_simulation(p: float) -> None:
    rate = detection_rate(36, 6, p, trials=TRIALS, seed=12)
    exact = two_of_six(p**6)  # 0.49 at 0.80, 0.99 at 0.95
    assert abs(rate - exact) < 4 * np.sqrt(exact * (1 - exact) / TRIALS) + 0.002


def test_minhash_with_36_functions_is_the_affine_family_by_hand() -> None:
    values = np.random.default_rng(5).integers(0, 2**63, 50, dtype=np.uint64)
    a, b = permutations(36, 1)
    mixed = [int(x) for x in _fmix64(values)]
    by_hand = [
        min((int(ai) * h + int(bi)) % 2**64 for h in mixed) for ai, bi in zip(a, b, strict=True)
    ]
    assert minhash(values, 36).tolist() == by_hand
    assert len(minhash(np.empty(0, dtype=np.uint64), 36)) == 36


def test_fetterly_uses_the_engine_sketch() -> None:
    doc = from_texts([" ".join(pseudo_words(200, "en", 3))]).docs[0]
    method = FetterlyMegashingles()
    assert method.sketch(doc).tolist() == minhash(shingle_set(doc.hashes, 10)).tolist()
    assert method.keys(doc, None) == megashingles(minhash(shingle_set(doc.hashes, 10)))
    assert len(method.keys(doc, None)) == 15
    assert len(StudyMegashingles().keys(doc, None)) == 15


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("method", [StudyMegashingles(), FetterlyMegashingles()])
def test_megashingles_find_a_one_word_change_in_600_words(method: Method, language: str) -> None:
    words = pseudo_words(1200, language, seed=21)
    original, unrelated = words[:600], words[600:]
    copy = one_word_changed(original, 300, language)
    collection = from_texts([" ".join(t) for t in (original, unrelated, copy)])
    assert method.find(collection) == {(0, 2)}


# --- A8 Log Shingles ------------------------------------------------------------------------


def test_wrapped_shingles_continue_from_the_last_words_into_the_first() -> None:
    hashes = np.arange(1, 8, dtype=np.uint64)  # words a..g
    wrapped = wrapped_shingles(hashes, 5)
    assert len(wrapped) == 7
    assert wrapped[:3].tolist() == shingles(hashes, 5).tolist()
    assert wrapped[5] == shingles(np.array([6, 7, 1, 2, 3], dtype=np.uint64), 5)[0]
    assert wrapped[6] == shingles(np.array([7, 1, 2, 3, 4], dtype=np.uint64), 5)[0]
    assert len(wrapped_shingles(np.array([9, 8], dtype=np.uint64), 5)) == 2


def test_trailing_zeros() -> None:
    values = np.array([1, 2, 8, 12, 0, 2**63, 3 << 40], dtype=np.uint64)
    assert trailing_zeros(values).tolist() == [0, 1, 3, 2, 64, 63, 40]


def test_log_sample_keeps_the_largest_t_that_keeps_log2_n() -> None:
    # trailing zeros:   3  2  1  0   3   2  0  1
    fps = np.array([8, 4, 2, 1, 24, 20, 7, 6], dtype=np.uint64)
    assert log_sample(fps, 8).tolist() == [4, 8, 20, 24]  # need 3: t = 2 keeps 4
    assert log_sample(fps, 16).tolist() == [4, 8, 20, 24]  # need 4: t = 2 keeps 4
    assert log_sample(fps, 17).tolist() == [2, 4, 6, 8, 20, 24]  # need 5: t = 1
    assert log_sample(fps, 4).tolist() == [8, 24]  # need 2: t = 3
    assert log_sample(fps, 2).tolist() == [8, 24]  # need 1: t = 3 keeps both
    assert log_sample(fps, 10**6).tolist() == sorted(fps.tolist())  # need 20 > 8: all


def test_log_sample_counts_distinct_fingerprints() -> None:
    fps = np.array([8, 8, 8, 1, 2], dtype=np.uint64)  # three 8s are one shingle
    assert log_sample(fps, 8).tolist() == [1, 2, 8]  # need 3: t = 0


def test_log_sample_matches_its_definition() -> None:
    rng = np.random.default_rng(13)
    for size in (1, 5, 40, 600):
        fps = rng.integers(0, 2**20, size, dtype=np.uint64) << np.uint64(rng.integers(0, 8))
        need = max(1, int(np.ceil(np.log2(size))))
        distinct = sorted({int(v) for v in fps})
        zeros = {v: (v & -v).bit_length() - 1 if v else 64 for v in distinct}
        expected = next(
            kept
            for t in range(64, -1, -1)
            if len(kept := [v for v in distinct if zeros[v] >= t]) >= min(need, len(distinct))
        )
        assert log_sample(fps, size).tolist() == expected


def test_log_shingles_key_survives_moving_text_around_the_ring() -> None:
    words = pseudo_words(900, "ru", seed=31)
    first, second, unrelated = words[:250], words[250:600], words[600:]
    collection = from_texts(
        [" ".join(t) for t in (first + second, second + first, unrelated, first + second)]
    )
    method = LogShingles()
    keys = method.signatures(collection)
    assert all(len(k) == 1 for k in keys)
    assert method.find(collection) == {(0, 1), (0, 3), (1, 3)}
    doc = collection.docs[0]
    kept = log_sample(wrapped_shingles(doc.hashes, 5), len(doc))
    assert len(kept) >= np.ceil(np.log2(600))


# --- Broder's samples and counting -------------------------------------------------------------


def test_mod_sample_keeps_only_fingerprints_divisible_by_m() -> None:
    fps = np.random.default_rng(8).integers(0, 2**64, 5000, dtype=np.uint64, endpoint=False)
    kept = mod_sample(fps, 25)
    assert len(kept) > 0
    assert all(int(v) % 25 == 0 for v in kept)
    assert len(kept) == len({int(v) for v in fps if int(v) % 25 == 0})
    doc = from_texts([" ".join(pseudo_words(600, "en", 4))])
    assert all(int(v) % 25 == 0 for v in ModSampling().samples(doc)[0])


def test_bottom_sample_and_broder_estimator_by_hand() -> None:
    a = np.arange(1, 11, dtype=np.uint64)  # {1..10}
    b = np.arange(6, 16, dtype=np.uint64)  # {6..15}
    assert bottom_sample(np.array([9, 3, 3, 7, 1], dtype=np.uint64), 3).tolist() == [1, 3, 7]
    sa, sb = bottom_sample(a, 5), bottom_sample(b, 5)  # {1..5}, {6..10}
    assert bottom_resemblance(sa, sb, 5) == 0.0  # U = {1..5}: none in both
    assert bottom_resemblance(bottom_sample(a, 10), bottom_sample(b, 10), 10) == 0.5
    assert bottom_resemblance(sa, sa, 5) == 1.0
    assert bottom_resemblance(sa[:0], sb[:0], 5) == 0.0


def test_bottom_s_estimator_tracks_resemblance() -> None:
    universe = np.random.default_rng(9).integers(0, 2**63, 3000, dtype=np.uint64)
    a, b = universe[:2000], universe[1000:]
    estimate = bottom_resemblance(bottom_sample(a, 300), bottom_sample(b, 300), 300)
    assert abs(estimate - 1 / 3) < 0.1


def counts_of(shared: Shared) -> dict[tuple[int, int], int]:
    pairs = zip(shared.first.tolist(), shared.second.tolist(), strict=True)
    return dict(zip(pairs, shared.count.tolist(), strict=True))


def test_shared_values_counts_pairs_and_drops_common_values() -> None:
    values = np.array([5, 7, 9, 7, 9, 11, 9, 13], dtype=np.uint64)
    owners = np.array([0, 0, 0, 1, 1, 1, 2, 2])
    shared = shared_values(values, owners)
    assert counts_of(shared) == {(0, 1): 2, (0, 2): 1, (1, 2): 1}
    capped = shared_values(values, owners, max_df=2)  # 9 is in 3 documents: boilerplate
    assert capped.first.tolist() == [0] and capped.second.tolist() == [1]
    assert capped.count.tolist() == [1]
    assert len(shared_samples([]).first) == 0
    unordered = shared_values(np.array([7, 7], dtype=np.uint64), np.array([3, 1]))
    assert counts_of(unordered) == {(1, 3): 1}


def test_shared_samples_agree_with_set_intersections() -> None:
    rng = np.random.default_rng(10)
    samples = [np.unique(rng.integers(0, 40, 12)).astype(np.uint64) for _ in range(30)]
    shared = shared_samples(samples, max_df=None)
    expected = {
        (i, j): len(np.intersect1d(samples[i], samples[j]))
        for i in range(30)
        for j in range(i + 1, 30)
        if len(np.intersect1d(samples[i], samples[j]))
    }
    assert counts_of(shared) == expected


@pytest.mark.parametrize("method", [ModSampling(), BottomSampling(), BroderClustering()])
def test_sampling_methods_find_a_one_word_change(method: Method) -> None:
    words = pseudo_words(1200, "en", seed=41)
    original, unrelated = words[:600], words[600:]
    copy = one_word_changed(original, 100, "en")
    collection = from_texts([" ".join(t) for t in (copy, unrelated, original)])
    assert method.find(collection) == {(0, 2)}


@pytest.mark.parametrize("method", [ModSampling(), BottomSampling(), BroderClustering()])
def test_broder_clustering_joins_a_chain(method: Method) -> None:
    # Windows shifted by 120 words: neighbours resemble ≈ 0.66, the ends ≈ 0.42.
    words = pseudo_words(1000, "en", seed=51)
    texts = [" ".join(words[k : k + 600]) for k in (0, 120, 240)]
    unrelated = " ".join(pseudo_words(600, "en", seed=52))
    collection = from_texts([texts[0], unrelated, texts[1], texts[2]])
    pairs = method.find(collection)
    assert pairs == {(0, 2), (2, 3)}
    assert groups(pairs) == [(0, 2, 3)]


def test_empty_documents_have_no_keys_and_join_nothing() -> None:
    collection = from_texts(["", "и в на", " ".join(pseudo_words(50, "ru", 6))])
    assert len(collection.docs[0]) == 0 and len(collection.docs[1]) == 0
    for method in METHODS:
        assert method.find(collection) == set()
    assert StudyMegashingles().keys(collection.docs[0], None) == ()
    assert LogShingles().keys(collection.docs[1], None) == ()


def test_catalogue_names() -> None:
    assert [m.name for m in METHODS] == ["A6", "fetterly", "A8", "mod-m", "bottom-s", "broder"]
    assert all(m.section.startswith("§") for m in METHODS)
