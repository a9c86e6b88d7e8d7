"""The containment bound ``compare`` prunes with: never under a pair's real containment.

Texts are drawn from a small vocabulary so that pairs share many short runs by chance, and the
copy is the original with edits of every kind the aligner bridges (replaced, inserted, deleted
and swapped words, whole sentences of the writer's own), so extension and merging are
exercised where a bound is most likely to be beaten.

The bound is of copied text: the paraphrase stage (``copylens.core.paraphrase``) runs on the
pairs the bound lets through and is off here (a small vocabulary's word salad retells
itself by chance).

The summary step (``copylens.core.summary``) is on, though the zones' premise does not hold
for a real summary: its retelling sentences share no seed k-gram with the source (the summary
of tests/test_summary.py has 11 of its 40 covered words outside its zone, containment 0.73 over
a bound of 0.53; tests/test_summary.py's summary without a copied sentence has no fragment of
the copy signal at all). A pair the bound skips loses at most a summary: a miss, never a mark
(``compare`` reports only what it scores). It stays on because
here it must add nothing: no sentence of a small vocabulary's word salad stands out against one
source sentence (``summary.SPECIFIC``), and a summary found here is a false one
(tests/test_summary.py, the word salad test).
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from copylens.core.documents import TextInput
from copylens.core.engine import compare
from copylens.core.extract import Extracted
from copylens.core.ignore import with_ignored, without_ignored
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text, share
from copylens.core.score import containment_bound, containment_bounds, score_pair, seed_zones

EN = Options(language="en", workers=1, paraphrase=False)
WORDS = [
    *("river", "stone", "bridge", "garden", "window", "lantern", "harbor", "meadow", "castle"),
    *("forest", "valley", "candle", "mirror", "ladder", "basket", "engine", "pocket", "silver"),
    *("morning", "winter", "summer", "letter", "market"),
]


def _text(rng: random.Random, n: int, vocabulary: int) -> list[str]:
    return [rng.choice(WORDS[:vocabulary]) for _ in range(n)]


def _edited(rng: random.Random, words: list[str], rate: float, vocabulary: int) -> list[str]:
    out: list[str] = []
    for word in words:
        roll = rng.random()
        if roll < rate / 4:
            continue  # deleted
        if roll < rate / 2:
            out.append(rng.choice(WORDS[:vocabulary]))  # replaced
        elif roll < 3 * rate / 4:
            out.extend((word, rng.choice(WORDS[:vocabulary])))  # inserted after
        elif roll < rate and out:
            out.insert(len(out) - 1, word)  # swapped with the previous word
        else:
            out.append(word)
        if rng.random() < 0.02:
            out.extend(_text(rng, rng.randint(8, 20), vocabulary))  # an own sentence
    return out


def _sentences(words: list[str]) -> str:
    out, at = [], 0
    while at < len(words):
        size = 7 + at % 9
        out.append(" ".join(words[at : at + size]).capitalize() + ".")
        at += size
    return " ".join(out)


def _prepared(name: str, words: list[str]) -> Prepared:
    return prepare_text(Extracted(name, _sentences(words), "text"), EN)


@st.composite
def pairs(draw: st.DrawFn) -> tuple[Prepared, Prepared]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    vocabulary = draw(st.integers(4, len(WORDS)))
    original = _text(rng, draw(st.integers(5, 300)), vocabulary)
    copy = _edited(rng, original, draw(st.floats(0.0, 0.6)), vocabulary)
    lo = draw(st.integers(0, len(copy)))
    hi = draw(st.integers(lo, len(copy)))
    padded = _text(rng, draw(st.integers(0, 200)), vocabulary) + copy[lo:hi]
    padded += _text(rng, draw(st.integers(0, 200)), vocabulary)
    return _prepared("a", original), _prepared("b", padded)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
def test_the_bound_is_never_under_the_containment(pair: tuple[Prepared, Prepared]) -> None:
    a, b = pair
    score = score_pair(a, b, EN)
    bound = containment_bound(a, b, EN)
    assert bound >= max(share(score.covered_a, a), share(score.covered_b, b))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs(), st.integers(0, 2**32 - 1))
def test_the_bound_holds_with_ignored_words(pair: tuple[Prepared, Prepared], seed: int) -> None:
    """Ignored words leave the shares' denominators: the bound counts only kept words too."""
    rng = np.random.default_rng(seed)
    a, b = (
        with_ignored(doc, rng.random(len(doc.canonical)) < 0.2, salt, EN)
        for salt, doc in enumerate(pair)
    )
    score = without_ignored(score_pair(a, b, EN), a, b, EN)
    bound = containment_bound(a, b, EN)
    assert bound >= max(share(score.covered_a, a), share(score.covered_b, b))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
def test_covered_words_lie_in_the_seed_zones(pair: tuple[Prepared, Prepared]) -> None:
    a, b = pair
    score = score_pair(a, b, EN)
    zone_a, zone_b = seed_zones(a, b, EN)
    assert not (score.covered_a & ~zone_a).any()
    assert not (score.covered_b & ~zone_b).any()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(pairs(), min_size=1, max_size=5),
    st.integers(0, 2**32 - 1),
    st.sampled_from([0, 1, 3, 4, 6, 12]),
    st.integers(2, 5),
    st.booleans(),
)
def test_a_group_is_bounded_as_the_zones_say(
    drawn: list[tuple[Prepared, Prepared]], seed: int, gap: int, k: int, a_ignores: bool
) -> None:
    """containment_bounds (one pass over a group, counting runs of hits) = the larger share of
    seed_zones' masks for each pair, bit for bit, with ignored words on some documents (the
    group's first among them or not: its zones and the others' are counted in one pass) and
    gaps narrower than the zones' reach."""
    options = Options(language="en", workers=1, max_gap=gap, seed_k=k, paraphrase=False)
    rng = np.random.default_rng(seed)
    a = drawn[0][0]
    if a_ignores:
        a = with_ignored(a, rng.random(len(a.canonical)) < 0.3, 99, EN)
    others = [
        b if n % 2 else with_ignored(b, rng.random(len(b.canonical)) < 0.3, n, EN)
        for n, (_, b) in enumerate(drawn)
    ]
    expected = []
    for b in others:
        zone_a, zone_b = seed_zones(a, b, options)
        expected.append(max(_zone_share(zone_a, a), _zone_share(zone_b, b)))
    assert containment_bounds(a, others, options).tolist() == expected


@given(st.lists(pairs(), min_size=4, max_size=4), st.integers(0, 2**32 - 1))
def test_ignored_words_at_the_documents_edges_are_counted_in_their_own(
    drawn: list[tuple[Prepared, Prepared]], seed: int
) -> None:
    """The bound counts each document's ignored words by where they lie in the group's
    documents laid end to end: words ignored at a document's first and last places (beside the
    next document's first), a document ignoring every word (nothing kept: a share of 0) and
    documents ignoring none between them are each counted in their own document, bit for bit
    as seed_zones' masks say."""
    rng = np.random.default_rng(seed)

    def edges(doc: Prepared, n: int) -> Prepared:
        size = len(doc.canonical)
        kind = n % 4
        if kind == 1:
            return doc
        marks = np.ones(size, dtype=bool)  # kind 3: every word ignored
        if kind != 3:
            marks[:] = False
            marks[: int(rng.integers(0, 4))] = True
            marks[size - int(rng.integers(1, 4)) :] = True
            marks |= (rng.random(size) < 0.1) & (kind == 2)
        return with_ignored(doc, marks, n + 1, EN)

    a = edges(drawn[0][0], 0)
    others = [edges(b, n) for n, (_, b) in enumerate(drawn)]
    expected = []
    for b in others:
        zone_a, zone_b = seed_zones(a, b, EN)
        expected.append(max(_zone_share(zone_a, a), _zone_share(zone_b, b)))
    assert containment_bounds(a, others, EN).tolist() == expected
    ignores_all = others[3].ignored
    assert ignores_all is not None and ignores_all.all() and expected[3] == _zone_share(zone_a, a)


def _zone_share(zone: np.ndarray, doc: Prepared) -> float:
    kept = np.ones(len(zone), dtype=bool) if doc.ignored is None else ~doc.ignored
    return float((zone & kept).sum()) / int(kept.sum()) if kept.any() else 0.0


def test_pruning_reports_exactly_the_pairs_over_the_threshold() -> None:
    """compare with a threshold = compare without one, filtered: nothing above it is skipped,
    though most pairs (sharing one sentence) are never aligned."""
    rng = random.Random(7)
    vocabulary = len(WORDS)
    shared = [_text(rng, 12, vocabulary) for _ in range(4)]
    texts = []
    for _ in range(12):
        words = _text(rng, 150, vocabulary)
        for sentence in rng.sample(shared, 2):
            at = rng.randrange(len(words))
            words[at:at] = sentence
        texts.append(words)
    texts.append(_edited(rng, texts[0], 0.2, vocabulary))  # a copy, edited
    texts.append(_text(rng, 100, vocabulary) + texts[1][:60])  # a pasted passage
    inputs = [TextInput(f"t{n}", _sentences(words)) for n, words in enumerate(texts)]
    everything = compare(
        inputs,
        Options(language="en", workers=1, max_df_share=1.0, min_containment=0.0, paraphrase=False),
    )
    for threshold in (0.05, 0.15, 0.3):
        options = Options(
            language="en", workers=1, max_df_share=1.0, min_containment=threshold, paraphrase=False
        )
        pruned = compare(inputs, options)
        expected = [
            (p.a, p.b, p.fragments)
            for p in everything.pairs
            if max(p.containment_ab, p.containment_ba) >= threshold
        ]
        assert [(p.a, p.b, p.fragments) for p in pruned.pairs] == expected
    assert {("t0", "t12"), ("t1", "t13")} <= {(p.a, p.b) for p in pruned.pairs}


class _Grams:
    """A document as the bound reads it (``copylens.core.score.Seeded``), its seed k-grams as
    given: a spilled run's summaries hold their low 32 bits (``copylens.core.spill.Spilled``)."""

    def __init__(self, doc: Prepared, grams: np.ndarray) -> None:
        self.size, self.ignored, self.grams = len(doc.canonical), doc.ignored, grams

    def text_grams(self, k: int) -> np.ndarray:
        return self.grams


@given(st.lists(pairs(), min_size=1, max_size=5), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_a_group_of_32_bit_k_grams_is_bounded_as_the_same_values_in_64_bits(
    drawn: list[tuple[Prepared, Prepared]], seed: int, low_bits: int
) -> None:
    """The bound's sort and lookup for the summaries' uint32 k-grams (a 64-bit key sort, the
    table read by ``take``) give bit for bit the bounds of the general path (a stable argsort,
    ``copylens.core.copies.found_in``) on the same values as uint64, with repeated k-grams in
    the group's first document and values alike in their low 16 bits (the table's)."""
    rng = np.random.default_rng(seed)
    mask = np.uint64([0xFFFFFFFF, 0xFFFF00FF, 0xFF0000FF, 0x000F0007][low_bits])
    docs = [drawn[0][0], *(b for _, b in drawn)]
    docs = [
        d if n % 3 else with_ignored(d, rng.random(len(d.canonical)) < 0.2, n + 1, EN)
        for n, d in enumerate(docs)
    ]
    small = [(d, (d.text_grams(EN.seed_k) & mask).astype(np.uint32)) for d in docs]
    narrow = [_Grams(d, g) for d, g in small]
    wide = [_Grams(d, g.astype(np.uint64)) for d, g in small]
    got = containment_bounds(narrow[0], narrow[1:], EN)
    assert got.tobytes() == containment_bounds(wide[0], wide[1:], EN).tobytes()


@given(st.lists(st.integers(0, 40), max_size=60), st.lists(st.integers(0, 40), max_size=400))
def test_the_bounds_lookup_finds_what_found_in_finds(mine: list[int], theirs: list[int]) -> None:
    """score._sorted and copylens.core.copies.found_in on uint32 k-grams (repeats, equal low
    bits) = the stable argsort's runs and a plain look-up of each k-gram."""
    from copylens.core.copies import found_in
    from copylens.core.score import _sorted

    spread = np.uint32(1 << 16)  # values equal in the table's low bits, told apart above them
    a = np.array(mine, dtype=np.uint32) * spread + np.array(mine, dtype=np.uint32) % 3
    b = np.array(theirs, dtype=np.uint32) * spread + np.array(theirs, dtype=np.uint32) % 3
    order, distinct_a, starts = _sorted(a)
    assert order.tolist() == np.argsort(a, kind="stable").tolist()
    assert distinct_a.tolist() == np.unique(a).tolist() and distinct_a.dtype == a.dtype
    assert starts.tolist() == np.unique(a[order], return_index=True)[1].tolist()
    where, at = found_in(b, distinct_a)
    place = {int(v): n for n, v in enumerate(distinct_a.tolist())}
    hits = [(n, place[int(v)]) for n, v in enumerate(b.tolist()) if int(v) in place]
    assert list(zip(where.tolist(), at.tolist(), strict=True)) == hits
