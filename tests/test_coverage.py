"""Each compared document's share found in any other (``copylens.core.coverage``, issue 16)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import (
    CompareReport,
    DocumentShare,
    Options,
    PairResult,
    TextInput,
    compare,
    document_shares,
    group_shares,
)
from copylens.core.coverage import merged, words_inside
from copylens.core.report import Fragment

SYLLABLES = "ka lo mi ne ru sa ti vo ze pa do fu gi ha je".split()  # noqa: SIM905


def words_text(n: int) -> tuple[str, list[tuple[int, int]]]:
    """``n`` words "w0 w1 …" and each word's span."""
    spans, at, parts = [], 0, []
    for i in range(n):
        word = f"w{i}"
        spans.append((at, at + len(word)))
        parts.append(word)
        at += len(word) + 1
    return " ".join(parts), spans


def fragment(a: tuple[int, int], b: tuple[int, int]) -> Fragment:
    return Fragment(a[0], a[1], b[0], b[1], words=0, exact_words=0)


def pair(a: str, b: str, ab: float, ba: float, fragments: list[Fragment]) -> PairResult:
    return PairResult(a, b, 0.0, 0.0, ab, ba, tuple(fragments))


def report(pairs: list[PairResult], texts: dict[str, str]) -> CompareReport:
    return CompareReport(tuple(pairs), (), (), Options(), tuple(texts), texts)


def test_merged_joins_overlapping_and_touching_spans_and_drops_empty_ones() -> None:
    assert merged([(5, 9), (0, 3), (2, 4), (9, 12), (20, 20)]) == [(0, 4), (5, 12)]
    assert merged([]) == []


def test_overlapping_fragments_of_two_pairs_count_once() -> None:
    text, spans = words_text(100)  # x: words 0..39 in y, words 20..59 in z
    other, other_spans = words_text(100)
    x_in_y = fragment((spans[0][0], spans[39][1]), (other_spans[0][0], other_spans[39][1]))
    z_in_x = fragment((other_spans[50][0], other_spans[89][1]), (spans[20][0], spans[59][1]))
    shares = {
        s.path: s
        for s in document_shares(
            report(
                [pair("x", "y", 0.4, 0.4, [x_in_y]), pair("z", "x", 0.4, 0.4, [z_in_x])],
                {"x": text, "y": other, "z": other, "alone": "nothing shared here"},
            )
        )
    }
    assert shares["x"].found_words == 60 and shares["x"].words == 100
    assert shares["x"].share == 0.6  # not 0.8: words 20..39 are found twice, counted once
    assert shares["x"].pairs == 2 and shares["x"].partner == "y"  # a tie: the first name
    assert shares["z"].share == 0.4 and shares["z"].partner == "x"
    assert shares["alone"].share == 0.0 and shares["alone"].partner is None
    assert list(shares) == ["x", "y", "z", "alone"]  # the report's documents, in order


@st.composite
def reports(draw: st.DrawFn) -> tuple[CompareReport, dict[str, set[int]]]:
    """A report of documents "d0".."dk" of plain words and pairs with random fragments (word
    ranges); each pair's containments are the word shares of its own fragments, and the
    truth is the set of words each document has inside any fragment."""
    sizes = draw(st.lists(st.integers(1, 60), min_size=2, max_size=5))
    texts = {f"d{i}": words_text(n)[0] for i, n in enumerate(sizes)}
    word_spans = {f"d{i}": words_text(n)[1] for i, n in enumerate(sizes)}
    truth: dict[str, set[int]] = {path: set() for path in texts}
    pairs = []
    for _ in range(draw(st.integers(0, 6))):
        i, j = draw(st.lists(st.sampled_from(sorted(texts)), min_size=2, max_size=2, unique=True))
        own: dict[str, set[int]] = {i: set(), j: set()}
        fragments = []
        for _ in range(draw(st.integers(1, 3))):
            ranges = {}
            for path in (i, j):
                n = len(word_spans[path])
                lo = draw(st.integers(0, n - 1))
                hi = draw(st.integers(lo + 1, n))
                ranges[path] = (word_spans[path][lo][0], word_spans[path][hi - 1][1])
                own[path].update(range(lo, hi))
            fragments.append(fragment(ranges[i], ranges[j]))
        truth[i] |= own[i]
        truth[j] |= own[j]
        ab, ba = len(own[i]) / len(word_spans[i]), len(own[j]) / len(word_spans[j])
        pairs.append(pair(i, j, ab, ba, fragments))
    return report(pairs, texts), truth


@settings(max_examples=200, deadline=None)
@given(reports())
def test_share_is_the_union_of_every_pair_s_fragments(
    drawn: tuple[CompareReport, dict[str, set[int]]],
) -> None:
    rep, truth = drawn
    for share in document_shares(rep):
        assert 0.0 <= share.share <= 1.0
        assert share.found_words == len(truth[share.path])  # overlaps counted once
        largest = max(
            [p.containment_ab for p in rep.pairs if p.a == share.path]
            + [p.containment_ba for p in rep.pairs if p.b == share.path]
            + [0.0]
        )
        assert share.share >= largest - 1e-9
        assert share.partner_share == largest
        assert (share.partner is None) == (share.pairs == 0)


def pseudo_text(rnd: random.Random, words: int) -> str:
    """Made-up words of 2–4 syllables, in sentences: unrelated texts share no run of words."""
    out = []
    for n in range(words):
        word = "".join(rnd.choice(SYLLABLES) for _ in range(rnd.randint(2, 4)))
        out.append(word.capitalize() if n % 10 == 0 else word + ("." if n % 10 == 9 else ""))
    return " ".join(out) + "."


def test_a_real_report_gives_at_least_the_largest_containment() -> None:
    rnd = random.Random(5)
    sources = [pseudo_text(rnd, 300) for _ in range(3)]
    pasted_one = sources[0][: len(sources[0]) // 3]
    pasted_two = sources[1][: len(sources[1]) // 4]
    essay = pseudo_text(rnd, 120) + " " + pasted_one + " " + pseudo_text(rnd, 80)
    essay += " " + pasted_two + " " + pseudo_text(rnd, 60)
    docs = [TextInput(f"s{i}", text) for i, text in enumerate(sources)]
    rep = compare([*docs, TextInput("essay", essay)], Options(min_containment=0.05))
    shares = {s.path: s for s in document_shares(rep)}
    mine = shares["essay"]
    assert mine.pairs == 2 and mine.partner == "s0"
    expected = (len(pasted_one.split()) + len(pasted_two.split())) / len(essay.split())
    assert abs(mine.share - expected) < 0.03
    assert mine.share >= mine.partner_share - 0.01
    assert shares["s2"].share == 0.0
    for p in rep.pairs:
        assert shares[p.a].share >= p.containment_ab - 0.01
        assert shares[p.b].share >= p.containment_ba - 0.01
    found, words = words_inside(essay, [])
    assert (found, words) == (0, len(essay.split()))


def test_a_groups_shares_count_only_the_pairs_among_its_members() -> None:
    """``group_shares``: x's share in the group {x, y} leaves out what x shares with z."""
    text, spans = words_text(100)
    other, other_spans = words_text(100)
    x_in_y = fragment((spans[0][0], spans[29][1]), (other_spans[0][0], other_spans[29][1]))
    x_in_z = fragment((spans[50][0], spans[99][1]), (other_spans[0][0], other_spans[49][1]))
    rep = report(
        [pair("x", "y", 0.3, 0.3, [x_in_y]), pair("x", "z", 0.5, 0.5, [x_in_z])],
        {"x": text, "y": other, "z": other},
    )
    (in_xy, in_xz) = group_shares(rep, [("x", "y"), ("z", "x")])
    assert [(s.path, s.found_words, s.partner) for s in in_xy] == [("x", 30, "y"), ("y", 30, "x")]
    assert [(s.path, s.found_words, s.partner) for s in in_xz] == [("z", 50, "x"), ("x", 50, "z")]
    whole = {s.path: s for s in document_shares(rep)}
    assert whole["x"].found_words == 80 and whole["x"].pairs == 2
    assert document_shares(rep) is document_shares(rep)  # counted once, kept with the report
    assert group_shares(None, [("a", "b")]) == [
        tuple(DocumentShare(p, 0.0, 0, 0, None, 0.0, 0) for p in ("a", "b"))
    ]
