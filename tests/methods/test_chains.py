"""A11 Decomposition and A12 "3+5": the length chains and the study's rules (ALGORITHMS.md §4)."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

from copylens.core.canonicalize import fingerprint
from copylens.core.methods.chains import chain_pairs, cut_chains, distinct_chains, window_pairs
from copylens.core.methods.collection import Collection, MethodDoc, from_texts
from copylens.core.methods.decomposition import Decomposition
from copylens.core.methods.similarity import similarity
from copylens.core.methods.three_five import ThreeFive, long_sentences, profile, sentence_signature

# ---------------------------------------------------------------- helpers


def make_doc(sentences: list[list[str]], name: str = "doc") -> MethodDoc:
    """A canonical document given directly as sentences of canonical words."""
    words = tuple(w for s in sentences for w in s)
    ends = [int(e) for e in np.cumsum([len(s) for s in sentences])]
    return MethodDoc(
        path=name,
        text=". ".join(" ".join(s) for s in sentences),
        language="en",
        words=words,
        hashes=np.array([fingerprint(w) for w in words], dtype=np.uint64),
        sentences=tuple(zip([0, *ends][: len(ends)], ends, strict=True)),
        sentence_spans=(),
    )


def tokens(prefix: str, count: int) -> list[str]:
    """``count`` distinct words of at most 6 characters (shorter than the long words below)."""
    assert len(prefix) <= 3 and count <= 1000
    return [f"{prefix}{i}" for i in range(count)]


LONG = ["abcdefghijklmno", "bcdefghijklmno", "cdefghijklmn", "defghijklmn", "efghijklm"]
"""Five words longer than every filler word: the documents' ws1..ws5."""
OTHER_LONG = ["zyxwvutsrqponml", "yxwvutsrqponml", "xwvutsrqpon", "wvutsrqpon", "vutsrqpo"]


def base_sentences(prefix: str = "a", long_words: list[str] = LONG) -> list[list[str]]:
    """3 long sentences (20, 18, 16 words) and 5 short ones (10 words), the long words in the
    short sentences: 8 sentences, 104 words."""
    words = iter(tokens(prefix, 200))
    long = [[next(words) for _ in range(n)] for n in (20, 18, 16)]
    short = [[next(words) for _ in range(9)] + [w] for w in long_words]
    return long + short


def random_words(rnd: random.Random, count: int, prefix: str) -> list[str]:
    """Random letter-only words (canonical words must survive number removal)."""
    letters = "bcdfghjklmnpqrstvwz"
    return [prefix + "".join(rnd.choices(letters, k=6)) for _ in range(count)]


# ---------------------------------------------------------------- shared chain logic


def test_chain_cut_where_neighbours_differ_by_more_than_the_ratio() -> None:
    lengths = np.array([100, 110, 126, 130, 200, 229, 300, 115])
    docs = np.arange(len(lengths))
    keys = np.full(len(docs), 7, dtype=np.uint64)
    chains, stats = cut_chains(keys, docs, lengths, 1.15, max_df=100)
    # 100 → 115 is exactly 1.15 (not cut); 130 → 200 and 229 → 300 are cut; 300 alone dropped
    assert chains == [(0, 1, 7, 2, 3), (4, 5)]
    assert stats.records == 8 and stats.chains == 2


def test_chain_groups_by_key_and_counts_a_repeated_record_once() -> None:
    keys = np.array([1, 2, 1, 2, 1, 1], dtype=np.uint64)
    docs = np.array([0, 1, 1, 2, 0, 3])
    lengths = np.array([50, 50, 80, 80])
    chains, stats = cut_chains(keys, docs, lengths, 1.15, max_df=100)
    assert chains == [(0, 1)]  # key 1: doc 3 (80) cut off; key 2: 50 → 80 cut
    assert stats.records == 5


def test_window_keeps_only_pairs_within_the_ratio() -> None:
    lengths = np.array([100, 110, 126, 130])
    assert list(window_pairs((0, 1, 2, 3), lengths, 1.15)) == [(0, 1), (1, 2), (2, 3)]


def test_duplicate_and_subsumed_chains_dropped() -> None:
    chains = [(1, 2, 3), (2, 3), (1, 2, 3), (3, 4), (1, 3), (0, 9)]
    assert sorted(distinct_chains(chains)) == [(0, 9), (1, 2, 3), (3, 4)]


def test_common_key_capped_as_boilerplate() -> None:
    keys = np.array([5] * 6 + [6, 6], dtype=np.uint64)
    docs = np.array([0, 1, 2, 3, 4, 5, 0, 1])
    lengths = np.full(6, 100)
    pairs, stats = chain_pairs(keys, docs, lengths, lambda i, j: True, 1.15, max_df=5)
    assert stats.capped_keys == 1
    assert pairs == {(0, 1)}


def test_a_pair_in_two_chains_is_tested_once() -> None:
    keys = np.array([1, 1, 1, 2, 2, 2], dtype=np.uint64)
    docs = np.array([0, 1, 2, 0, 1, 3])
    lengths = np.full(4, 100)
    tested: list[tuple[int, int]] = []

    def same(i: int, j: int) -> bool:
        tested.append((i, j))
        return True

    pairs, stats = chain_pairs(keys, docs, lengths, same, 1.15, 100)
    assert stats.kept_chains == 2 and stats.window_pairs == 6
    assert stats.compared == 5 == len(tested) == len(set(tested))
    assert pairs == {(0, 1), (0, 2), (1, 2), (0, 3), (1, 3)}


# ---------------------------------------------------------------- A11 Decomposition


def counting(calls: list[tuple[str, str]]) -> Callable[[MethodDoc, MethodDoc, float], float]:
    """``similarity`` that records the documents it compares."""

    def compare(a: MethodDoc, b: MethodDoc, cutoff: float = 0.0) -> float:
        calls.append((a.path, b.path))
        return similarity(a, b, cutoff)

    return compare


def russian_text(rnd: random.Random, sentences: int) -> list[str]:
    syllables = ["ка", "ро", "ми", "ту", "ле", "на", "вос", "пре", "до", "зе", "ри", "ва", "лу"]
    out = []
    for _ in range(sentences):
        words = [
            "".join(rnd.choice(syllables) for _ in range(rnd.randint(3, 4)))
            for _ in range(rnd.randint(8, 14))
        ]
        out.append(" ".join(words).capitalize() + ".")
    return out


def test_a11_finds_a_near_copy_with_one_word_changed() -> None:
    rnd = random.Random(11)
    original = russian_text(rnd, 30)
    changed = list(original)
    changed[12] = changed[12].replace(changed[12].split()[2], "ворошиловградский", 1)
    coll = from_texts([" ".join(original), " ".join(changed), " ".join(russian_text(rnd, 30))])
    a, b, _ = coll.docs
    assert len(a) >= 300 and a.words != b.words and len(a) == len(b)
    found, stats = Decomposition().find_with_stats(coll)
    assert found == {(0, 1)}
    assert stats.compared == 1


def test_a11_finds_an_english_near_copy_with_a_sentence_removed() -> None:
    rnd = random.Random(5)
    sentences = [
        " ".join(random_words(rnd, rnd.randint(10, 16), "word")).capitalize() + "."
        for _ in range(25)
    ]
    shorter = sentences[:10] + sentences[11:]
    coll = from_texts([" ".join(sentences), " ".join(shorter)])
    assert coll.docs[0].language == coll.docs[1].language
    assert Decomposition().find(coll) == {(0, 1)}


def test_a11_does_not_compare_beyond_the_length_ratio(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(3)
    words = random_words(rnd, 300, "w")
    longer = words + random_words(rnd, 60, "x")  # 1.2 times longer, similarity 0.91
    coll = Collection((make_doc([words], "a"), make_doc([longer], "b")))
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr("copylens.core.methods.decomposition.similarity", counting(calls))
    found, stats = Decomposition().find_with_stats(coll)
    assert found == set() and stats.compared == 0 and calls == []
    assert similarity(coll.docs[0], coll.docs[1]) > 0.9  # a near-duplicate all the same
    assert Decomposition(length_ratio=1.25).find(coll) == {(0, 1)}


def test_a11_compares_each_pair_once_across_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(8)
    a = random_words(rnd, 300, "a")
    b = list(a)
    b[200] = "changed"
    c = a[:40] + random_words(rnd, 260, "c")  # shares a passage with a and b
    d = random_words(rnd, 100, "d") + a[100:140] + random_words(rnd, 160, "e")
    coll = Collection(tuple(make_doc([w], n) for w, n in zip([a, b, c, d], "abcd", strict=True)))
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr("copylens.core.methods.decomposition.similarity", counting(calls))
    found, stats = Decomposition(modulus=1).find_with_stats(coll)
    assert found == {(0, 1)}
    # chains {a, b, c} and {a, b, d} both hold (a, b); {a, b} alone is subsumed
    assert stats.kept_chains == 2 and stats.window_pairs == 6
    assert stats.compared == 5 == len(calls)
    assert calls.count(("a", "b")) == 1


def test_a11_sample_is_a_prefix_of_the_sorted_shingles() -> None:
    rnd = random.Random(2)
    doc = make_doc([random_words(rnd, 600, "s")])
    sample = Decomposition().sample(doc)
    assert 16 <= len(sample) < 80
    assert np.all(sample[:-1] < sample[1:])
    short = make_doc([random_words(rnd, 30, "t")])
    assert len(Decomposition().sample(short)) == 16  # the floor: 26 shingles, 16 smallest
    assert len(Decomposition().sample(make_doc([]))) == 0


# ---------------------------------------------------------------- A12 "3+5"


def a12(*docs: MethodDoc) -> tuple[set[tuple[int, int]], int]:
    found, stats = ThreeFive().find_with_stats(Collection(docs))
    return found, stats.compared


def test_a12_duplicate_when_ss1_and_two_long_words_shared() -> None:
    a = base_sentences()
    b = [list(s) for s in a]
    b[4][0] = "qqqqqq"  # a short sentence changed: ss1..ss3 and the long words unchanged
    found, compared = a12(make_doc(a), make_doc(b), make_doc(base_sentences("z", OTHER_LONG)))
    assert found == {(0, 1)} and compared == 1


def test_a12_same_ss1_but_lengths_beyond_ratio_not_compared() -> None:
    a = base_sentences()
    b = a + [tokens("x", 20)[i : i + 5] for i in range(0, 20, 5)]  # 124 words vs 104
    assert len(make_doc(b)) / len(make_doc(a)) > 1.15
    assert profile(make_doc(a)).ss[0] == profile(make_doc(b)).ss[0]  # type: ignore[union-attr]
    found, compared = a12(make_doc(a), make_doc(b))
    assert found == set() and compared == 0


def test_a12_sentence_count_ratio_above_limit_not_duplicate() -> None:
    a = base_sentences()
    b = a[:3] + [half for s in a[3:] for half in (s[:5], s[5:])]  # 13 sentences vs 8
    pa, pb = profile(make_doc(a)), profile(make_doc(b))
    assert pa is not None and pb is not None and pa.ss == pb.ss and pa.length == pb.length
    found, compared = a12(make_doc(a), make_doc(b))
    assert found == set() and compared == 1
    assert ThreeFive(count_ratio=2.0).find(Collection((make_doc(a), make_doc(b)))) == {(0, 1)}


@pytest.mark.parametrize(("shared", "duplicate"), [(1, False), (2, True)])
def test_a12_needs_two_shared_long_words(shared: int, duplicate: bool) -> None:
    a = base_sentences()
    b = base_sentences(long_words=LONG[:shared] + OTHER_LONG[shared:])
    pa, pb = profile(make_doc(a)), profile(make_doc(b))
    assert pa is not None and pb is not None
    assert len(set(pa.ws) & set(pb.ws)) == shared and pa.ss[0] == pb.ss[0]
    found, compared = a12(make_doc(a), make_doc(b))
    assert compared == 1 and (found == {(0, 1)}) is duplicate


def test_a12_two_of_three_sentences_in_another_order_when_more_than_five() -> None:
    a = base_sentences()  # ss = (S1, S2, S3) of 20, 18, 16 words
    b = [list(s) for s in a]
    b[0] = b[0][:12]  # S1 cut to 12 words: no longer among the 3 longest
    b.append(tokens("new", 17))  # a new 17-word sentence: ss = (S2, new, S3)
    pa, pb = profile(make_doc(a)), profile(make_doc(b))
    assert pa is not None and pb is not None
    assert pa.ss[0] != pb.ss[0] and pb.ss[0] == pa.ss[1] and pb.ss[2] == pa.ss[2]
    found, compared = a12(make_doc(a), make_doc(b))
    assert found == {(0, 1)} and compared == 1


def test_a12_two_of_three_not_enough_with_five_sentences() -> None:
    a = base_sentences()[:5]  # 5 sentences: S1, S2, S3 and two short ones (with 2 long words)
    b = [list(s) for s in a]
    b[0] = b[0][:12]
    b.append(tokens("new", 17))  # 6 sentences: count ratio exactly 1.20 passes the gate
    found, compared = a12(make_doc(a), make_doc(b))
    assert compared == 1 and found == set()


def test_a12_one_and_two_sentence_documents_give_one_and_two_records() -> None:
    one = make_doc([tokens("o", 12) + LONG])
    two = make_doc([tokens("t", 8) + LONG[:2], tokens("u", 14) + LONG[2:]])
    p1, p2 = profile(one), profile(two)
    assert p1 is not None and p2 is not None
    assert p1.ss[1:] == (0, 0) and p1.ss[0] != 0 and len(p1.keys) == 1
    assert p2.ss[2] == 0 and len(p2.keys) == 2
    assert p2.ss[0] == long_sentences(make_doc([list(two.sentence_words(1))]))[0]  # longer first
    assert p1.num == 1 and p2.num == 2
    _, stats = ThreeFive().find_with_stats(Collection((one, two, make_doc([]))))
    assert stats.records == 3
    # a 1-sentence copy is found through ss1
    assert ThreeFive().find(Collection((one, make_doc([list(one.words)])))) == {(0, 1)}


def test_a12_sentences_of_equal_length_ordered_by_signature() -> None:
    doc = make_doc([tokens("p", 10), tokens("q", 10), tokens("r", 10), tokens("s", 10)])
    signatures = sorted(sentence_signature(doc, s) for s in range(4))
    assert long_sentences(doc) == tuple(signatures[:3])


def test_a12_finds_russian_and_english_near_copies_via_from_texts() -> None:
    rnd = random.Random(21)
    ru = russian_text(rnd, 12)
    en = [" ".join(random_words(rnd, 12, "term")).capitalize() + "." for _ in range(12)]
    ru_copy = [*ru[:5], ru[5].replace(ru[5].split()[1], "переименованный"), *ru[6:]]
    coll = from_texts([" ".join(ru), " ".join(en), " ".join(ru_copy), " ".join(en[:-1])])
    assert ThreeFive().find(coll) == {(0, 2), (1, 3)}
    assert Decomposition().find(coll) == {(0, 2), (1, 3)}
