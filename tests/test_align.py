"""Fragments stage: seed-and-extend alignment (issue 5) on texts where the answer is known."""

from __future__ import annotations

import difflib
from dataclasses import replace

import numpy as np
import pytest

from copylens.core import align as align_module
from copylens.core.align import (
    Alignment,
    Runs,
    Seeds,
    _Chain,
    _longest_first,
    _window,
    _with_shadows,
    align,
    chain_opcodes,
    chain_seeds,
    drop_shadows,
    find_seeds,
)
from copylens.core.canonicalize import canonicalize
from copylens.core.options import Options

OPTS = Options(stop_words=False)

RU_SOURCE = (
    "Теория вероятностей изучает случайные события и их вероятности. "
    "Математическая статистика опирается на теорию вероятностей и позволяет делать выводы "
    "по наблюдениям. Закон больших чисел объясняет устойчивость частот при многократных "
    "испытаниях."
)
EN_SOURCE = (
    "The committee reviewed every application received before the deadline and selected "
    "twelve projects for funding. Each selected project must publish its results openly and "
    "present a short report at the annual meeting of the society in autumn."
)


def fragments(checked: str, source: str, options: Options = OPTS) -> list[tuple[str, str]]:
    a, b = canonicalize(checked, options), canonicalize(source, options)
    out = []
    for f in align(a, b, options):
        out.append(
            (checked[a.starts[f.a0] : a.ends[f.a1 - 1]], source[b.starts[f.b0] : b.ends[f.b1 - 1]])
        )
    return out


def test_verbatim_copy_is_one_fragment_covering_everything() -> None:
    [(mine, theirs)] = fragments(EN_SOURCE, EN_SOURCE)
    assert mine == theirs == EN_SOURCE.rstrip(".")


def test_changed_word_forms_do_not_split_a_fragment() -> None:
    copy = (
        "Теории вероятностей изучают случайное событие и их вероятность. "
        "Математические статистики опираются на теории вероятности и позволяют делать вывод "
        "по наблюдению."
    )
    a, b = canonicalize(copy, OPTS), canonicalize(RU_SOURCE, OPTS)
    [f] = align(a, b, OPTS)
    assert (f.a0, f.a1) == (0, len(a))
    assert f.matched == len(a) and f.exact < f.matched
    assert {e.kind for e in f.edits} == {"form"}
    form_words = sum(e.a1 - e.a0 for e in f.edits)
    assert form_words == f.matched - f.exact


def test_inserted_and_replaced_words_within_the_gap_stay_one_fragment() -> None:
    copy = (
        "The committee carefully reviewed every single application received before the final "
        "deadline and chose twelve projects for funding. Each selected project must publish "
        "its results openly and present a brief report at the annual meeting of the society."
    )
    a, b = canonicalize(copy, OPTS), canonicalize(EN_SOURCE, OPTS)
    [f] = align(a, b, OPTS)
    kinds = {e.kind for e in f.edits}
    assert {"insert", "replace"} <= kinds
    inserted = [copy[a.starts[e.a0] : a.ends[e.a1 - 1]] for e in f.edits if e.kind == "insert"]
    assert "carefully" in inserted and "single" in inserted
    deleted = [e for e in f.edits if e.kind == "delete"]
    assert any(EN_SOURCE[b.starts[e.b0] : b.ends[e.b1 - 1]] == "in autumn" for e in deleted) or (
        f.b1 < len(b)
    )


def test_sentences_reordered_inside_a_passage_are_one_fragment() -> None:
    first, second, third = (s.strip() + "." for s in RU_SOURCE.split(".")[:3])
    copy = f"Введение к работе. {third} {first} {second} Конец."
    [(mine, theirs)] = fragments(copy, RU_SOURCE)
    assert mine.startswith("Закон") and mine.endswith("наблюдениям")
    assert theirs.startswith("Теория") and theirs.endswith("испытаниях")


def test_a_paragraph_moved_elsewhere_still_matches() -> None:
    filler_a = " ".join(f"слово{i}" for i in range(40))
    filler_b = " ".join(f"термин{i}" for i in range(40))
    source = f"{EN_SOURCE}\n\n{filler_a}"
    copy = f"{filler_b}\n\n{EN_SOURCE}"
    [(mine, theirs)] = fragments(copy, source)
    assert mine == theirs == EN_SOURCE.rstrip(".")


def test_short_excerpt_of_a_long_text() -> None:
    filler = " ".join(f"distinct{i} phrase{i} here{i}." for i in range(300))
    long_source = f"{filler} {EN_SOURCE} {filler.upper()}"
    [(mine, _)] = fragments(EN_SOURCE, long_source)
    assert mine == EN_SOURCE.rstrip(".")


def test_unrelated_texts_give_no_fragment() -> None:
    assert fragments(EN_SOURCE, RU_SOURCE) == []
    other = (
        "Rainfall in the northern valleys was unusually low this year, so farmers planted "
        "drought resistant barley and repaired the old irrigation channels before spring."
    )
    assert fragments(other, EN_SOURCE) == []


def test_fragments_shorter_than_the_minimum_are_dropped() -> None:
    piece = "selected twelve projects for funding each selected project must"
    assert fragments(f"Intro words here. {piece}. Outro words there.", EN_SOURCE) == []
    shorter = Options(stop_words=False, min_fragment_words=5)
    assert len(fragments(f"Intro words here. {piece}. Outro words there.", EN_SOURCE, shorter)) == 1


def test_a_kgram_repeated_in_the_source_pairs_with_its_nearest_occurrences() -> None:
    # k-gram 7 occurs at 20 places of the source; the checked text has it at i = 5 of 10
    a = np.arange(10, dtype=np.uint64) + 100
    b = np.full(200, 7, dtype=np.uint64)
    b[1::10] = np.arange(20, dtype=np.uint64) + 1000  # one distinct word every 10
    a[5] = 7
    seeds_i, seeds_j = find_seeds(a, b, 1, max_repeats=4)
    assert seeds_i.tolist() == [5, 5, 5, 5]
    # proportional place: 5 * 200 / 10 = 100; the four occurrences nearest it, in order
    assert seeds_j.tolist() == [98, 99, 100, 102]


def test_a_refrain_copied_whole_still_aligns() -> None:
    refrain = "ban ban ban ban ban ban ban ban ban. ban ban ban"
    a = canonicalize(refrain, OPTS)
    [f] = align(a, a, OPTS)
    assert (f.a0, f.a1, f.b0, f.b1) == (0, len(a), 0, len(a))


def test_a_phrase_the_source_repeats_does_not_stretch_the_source_range() -> None:
    phrase = "open access journals publish peer reviewed results"
    early = f"Mission: {phrase} for everyone."  # the phrase again, just before the passage
    source = f"{early} {EN_SOURCE} The {phrase} early."
    copy = f"Some intro. {EN_SOURCE} The {phrase} early."
    [(mine, theirs)] = fragments(copy, source)
    assert theirs == source[len(early) + 1 :].rstrip(".")
    assert mine == copy[len("Some intro. ") :].rstrip(".")


def test_scattered_short_matches_without_an_anchor_give_no_fragment() -> None:
    # every 4-word piece of the source is kept, with an own word between: 3-word runs in order
    words = EN_SOURCE.rstrip(".").split()
    pieces = [" ".join(words[n : n + 3]) for n in range(0, len(words) - 2, 4)]
    copy = " ".join(f"{piece} filler{n}" for n, piece in enumerate(pieces))
    opts = Options(stop_words=False, lemmatize=False, seed_k=3, max_gap=6, anchor_words=4)
    assert fragments(copy, EN_SOURCE, opts) == []
    [(mine, _)] = fragments(copy, EN_SOURCE, opts.with_changes(anchor_words=3))
    assert mine.startswith("The committee reviewed")


def test_a_stray_match_inside_a_passage_does_not_split_it() -> None:
    # the copy takes a sentence of the source's far end into the middle of its passage
    far = "Rainfall in the northern valleys was unusually low this year across the region."
    filler = " ".join(f"word{i}" for i in range(80))
    source = f"{EN_SOURCE} {filler} {far}"
    first, second = EN_SOURCE.split(". ")
    copy = f"{first}. {far} {second}"
    a, b = canonicalize(copy, OPTS), canonicalize(source, OPTS)
    [f] = align(a, b, OPTS)
    assert (f.a0, f.a1) == (0, len(a))
    assert f.b1 <= len(canonicalize(EN_SOURCE, OPTS))  # the passage's source range only
    [(a0, a1, b0, b1)] = f.elsewhere  # the stray sentence, matched at the source's end
    assert copy[a.starts[a0] : a.ends[a1 - 1]] == far.rstrip(".")
    assert source[b.starts[b0] : b.ends[b1 - 1]] == far.rstrip(".")


def test_a_chain_is_diffed_box_by_box_into_joined_blocks() -> None:
    a = tuple(["the", "cat", "sat", "on", "the", "old", "mat", "near", "the", "door"])
    b = tuple(["the", "cat", "sat", "on", "a", "mat", "near", "the", "big", "door"])
    seeds = [(0, 0), (1, 1), (6, 5), (7, 6)]  # 2-word seeds along the chain, k = 2
    ops = chain_opcodes(a, b, seeds, 2)
    assert ops == [
        ("equal", 0, 4, 0, 4),  # one block across the boxes [0, 1) and [1, 6)
        ("replace", 4, 6, 4, 5),  # "the old" -> "a"
        ("equal", 6, 9, 5, 8),
    ]
    whole = difflib.SequenceMatcher(None, a[:9], b[:8], autojunk=False).get_opcodes()
    assert ops == [tuple(op) for op in whole]


def test_a_long_repetitive_copy_aligns_whole() -> None:
    text = " ".join(["ban ban ban ban ban ban ban ban ban."] * 300)
    a = canonicalize(text, OPTS)
    [f] = align(a, a, OPTS)
    assert (f.a0, f.a1, f.matched, f.longest_run) == (0, len(a), len(a), len(a))


def test_runs_of_diagonal_seeds_measure_the_longest_equal_stretch_inside_a_fragment() -> None:
    seeds_i = np.array([0, 1, 2, 5, 6, 9])
    seeds_j = np.array([0, 1, 2, 3, 4, 0])  # two runs, and a lone seed on diagonal 9
    runs = Runs.of(seeds_i, seeds_j, 3)
    assert sorted(
        zip(runs.start.tolist(), runs.end.tolist(), runs.diagonal.tolist(), strict=True)
    ) == [
        (0, 5, 0),  # 3 seeds of 3 words: 5 equal words
        (5, 9, 2),
        (9, 12, 9),
    ]
    whole = Alignment(0, 12, 0, 7, 0, 0, ())
    assert runs.longest_inside(whole) == 5
    assert runs.longest_inside(replace(whole, a0=2)) == 4  # the first run is clipped to 3
    assert runs.longest_inside(replace(whole, b1=3)) == 3  # the source range cuts them


def test_longest_inside_looks_only_at_overlapping_runs_and_finds_the_same() -> None:
    """Issue 38: the runs that may overlap a fragment are found by their starts and the
    running largest end (all runs for every group of chains was quadratic on long pairs); the
    answer is the one of every run, long runs spanning many fragments included."""
    rng = np.random.default_rng(5)
    seeds_i = np.concatenate([rng.integers(0, 5000, 3000), np.arange(1000, 1400)])
    seeds_j = np.concatenate([rng.integers(0, 5000, 3000), np.arange(200, 600)])
    runs = Runs.of(seeds_i, seeds_j, 3)
    assert (np.diff(runs.start) >= 0).all()
    assert (runs.reach == np.maximum.accumulate(runs.end)).all()
    assert int((runs.end - runs.start).max()) == 402  # the long run (400 seeds of 3 words)
    for a0, b0 in rng.integers(0, 5000, (300, 2)).tolist():
        f = Alignment(
            a0, a0 + int(rng.integers(1, 600)), b0, b0 + int(rng.integers(1, 600)), 0, 0, ()
        )
        lo = np.maximum(runs.start, np.maximum(f.a0, f.b0 + runs.diagonal))
        hi = np.minimum(runs.end, np.minimum(f.a1, f.b1 + runs.diagonal))
        assert runs.longest_inside(f) == int(np.max(hi - lo, initial=0))
    assert runs.longest_inside(Alignment(1100, 1200, 300, 400, 0, 0, ())) == 100


def test_sentences_held_at_once_are_the_longest_inside_of_each_sentence() -> None:
    """Issue 40: own_sentences asks, for every sentence of a fragment, the longest equal run
    inside it against the fragment's source range (more than k words) and against the whole
    source (at least the anchor); asked for all sentences at once, in blocks of any size, the
    answers are those of :meth:`Runs.longest_inside` one sentence at a time."""
    rng = np.random.default_rng(7)
    seeds_i = np.concatenate([rng.integers(0, 3000, 2500), np.arange(1000, 1400)])
    seeds_j = np.concatenate([rng.integers(0, 3000, 2500), np.arange(200, 600)])
    runs = Runs.of(seeds_i, seeds_j, 3)
    held_any = 0
    for a0, b0 in rng.integers(0, 2500, (60, 2)).tolist():
        f = Alignment(
            a0, a0 + int(rng.integers(1, 500)), b0, b0 + int(rng.integers(1, 500)), 0, 0, ()
        )
        inner = np.sort(rng.choice(np.arange(f.a0 + 1, f.a1), min(f.a1 - f.a0 - 1, 12), False))
        cuts = np.concatenate(([f.a0], inner, [f.a1])).astype(np.int64)
        expected = [
            runs.longest_inside(Alignment(lo, hi, f.b0, f.b1, 0, 0, ())) > 3
            or runs.longest_inside(Alignment(lo, hi, 0, 3000, 0, 0, ())) >= 5
            for lo, hi in zip(cuts[:-1].tolist(), cuts[1:].tolist(), strict=True)
        ]
        held_any += sum(expected)
        for block in (0, 1, 7):
            assert runs.sentences_held(f, cuts, 3000, 3, 5, block).tolist() == expected
    assert held_any > 20  # the long run and chance runs are held by some sentences


def test_seeds_read_as_a_list_of_pairs_in_8_bytes_each() -> None:
    """Issue 38: a chain's seeds packed in one array (a list of tuples took ~120 bytes a
    seed, 1.2 GB on a 50 MB pair's copied half); they read as the pairs they are."""
    pairs = [(0, 5), (1, 6), (7, 2), (2**31 - 1, 2**31 - 2)]
    seeds = Seeds(pairs[1:3])
    seeds.insert(0, pairs[0])
    seeds.append(pairs[3])
    assert list(seeds) == pairs and seeds == pairs and len(seeds) == 4
    assert seeds[0] == (0, 5) and seeds[-1] == pairs[-1] and seeds[1:3] == pairs[1:3]
    assert np.asarray(seeds).tolist() == [list(p) for p in pairs]
    assert seeds.packed.itemsize == 8


def test_window_of_packed_seeds_is_the_one_of_the_nearest_seeds() -> None:
    """The source window of a sentence by the nearest seeds before and after it, found by
    bisection in the packed seeds: the same as by scanning every seed (as before)."""
    rng = np.random.default_rng(2)
    pairs = sorted({(int(i), int(j)) for i, j in rng.integers(0, 3000, (400, 2))})
    packed = np.sort(Seeds(pairs).packed_array())
    k = 3
    for lo in range(0, 3100, 37):
        hi = lo + 25
        before = [s for s in pairs if s[0] + k <= lo]
        after = [s for s in pairs if s[0] >= hi]
        near = ([max(before)] if before else []) + ([min(after)] if after else []) or pairs[:1]
        starts, ends = [lo - (i - j) for i, j in near], [hi - (i - j) for i, j in near]
        expected = (max(0, min(starts) - 12), max(0, max(ends) + 12))
        assert _window(packed, lo, hi, k, 12) == expected


def test_seeds_found_a_block_at_a_time_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: the checked text's k-grams are looked up a block at a time (the working arrays
    of a 50 MB text's took 500 MB at once); the seeds are the same, the nearest occurrences of
    an often repeated k-gram included."""
    rng = np.random.default_rng(9)
    a = rng.integers(0, 6, 3000).astype(np.uint64)  # few words: k-grams repeat a lot
    b = np.concatenate([a[:1000], rng.integers(0, 6, 2500).astype(np.uint64)])
    whole_i, whole_j = find_seeds(a, b, 2, max_repeats=5)
    monkeypatch.setattr(align_module, "SEEDS_BLOCK", 7)
    part_i, part_j = find_seeds(a, b, 2, max_repeats=5)
    assert len(whole_i) > 3000
    assert part_i.tolist() == whole_i.tolist() and part_j.tolist() == whole_j.tolist()


def test_chains_longest_first_in_the_order_of_their_key_tuples() -> None:
    """The shadow step's order by three integer arrays is the one of sorting by (minus the
    length in the checked text, first seed), ties in input order."""
    rng = np.random.default_rng(4)
    chains = []
    for _ in range(500):
        i, j = (int(x) for x in rng.integers(0, 50, 2))
        steps = int(rng.integers(0, 4))
        chains.append(_Chain([(i + s, j + s) for s in range(steps + 1)]))
    expected = sorted(chains, key=lambda c: (c.seeds[0][0] - c.seeds[-1][0], c.seeds[0]))
    first = np.array([c.seeds.packed[0] for c in chains], dtype=np.int64)
    last = np.array([c.seeds.packed[-1] for c in chains], dtype=np.int64)
    order = _longest_first(first, last).tolist()
    assert [id(chains[n]) for n in order] == [id(c) for c in expected]


def test_chains_in_one_array_are_the_chains_of_the_seeds() -> None:
    """Issue 38: the chains live in one array of seeds with their bounds (an object per chain
    took 260 MB at 16 MB of text); each reads back as the greedy chaining made it."""
    seeds_i = np.array([0, 1, 2, 3, 10, 11, 40, 41, 42])
    seeds_j = np.array([5, 6, 7, 8, 90, 91, 3, 4, 5])
    chains = chain_seeds(seeds_i, seeds_j, 3, 2)
    got = sorted(list(chains.chain(n).seeds) for n in range(len(chains)))
    assert got == [
        [(0, 5), (1, 6), (2, 7), (3, 8)],
        [(10, 90), (11, 91)],
        [(40, 3), (41, 4), (42, 5)],
    ]
    kept, shadows = drop_shadows(chains, 3, 50)
    assert len(kept) == 3 and shadows.shape == (0, 4)


def test_shadows_overlapping_each_fragment_are_those_of_a_scan() -> None:
    """Issue 38: each fragment's shadows found by bisection (a scan of every shadow for every
    fragment was quadratic); the same ranges in the same order as before."""
    rng = np.random.default_rng(8)
    shadows = []
    for _ in range(400):
        i, j = (int(x) for x in rng.integers(0, 3000, 2))
        steps = int(rng.integers(0, 30))
        shadows.append(_Chain([(i + s, j + s) for s in range(steps + 1)]))
    fragments = [
        Alignment(a0, a0 + int(rng.integers(1, 200)), 0, 10, 5, 5, (), 0, ((1, 2, 3, 4),))
        for a0 in rng.integers(0, 3000, 60).tolist()
    ]
    spans = sorted(
        (c.seeds[0][0], c.seeds[-1][0] + 3, c.seeds[0][1], c.seeds[-1][1] + 3) for c in shadows
    )
    shuffled = [spans[n] for n in rng.permutation(len(spans)).tolist()]
    got = _with_shadows(fragments, np.array(shuffled, dtype=np.int64))
    for f, g in zip(fragments, got, strict=True):
        inside = tuple(s for s in spans if f.a0 < s[1] and s[0] < f.a1)
        assert g.elsewhere == ((1, 2, 3, 4), *inside)
    assert sum(len(g.elsewhere) > 1 for g in got) > 10


def test_many_further_matches_are_an_array_with_the_same_rows_and_coverage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 38: a fragment with more than SPANS_AS_ARRAY further matches keeps them as an
    int64 array (a copy of hundreds of pages has millions of shadows, 180 bytes each as
    tuples); the rows are the tuples', and the pair's coverage and fragments the same."""
    from copylens.core.extract import Extracted
    from copylens.core.prepare import prepare_text
    from copylens.core.score import score_pair

    text = " ".join(["the river carries mud to the sea and the sea keeps it."] * 40)
    text += " " + RU_SOURCE
    a = prepare_text(Extracted("a", text, "txt"), OPTS)
    b = prepare_text(Extracted("b", text + " " + text, "txt"), OPTS)
    as_tuples = align(a.canonical, b.canonical, OPTS)
    whole = score_pair(a, b, OPTS)
    monkeypatch.setattr(align_module, "SPANS_AS_ARRAY", 0)
    as_arrays = align(a.canonical, b.canonical, OPTS)
    assert any(isinstance(f.elsewhere, np.ndarray) and len(f.elsewhere) for f in as_arrays)
    for t, r in zip(as_tuples, as_arrays, strict=True):
        assert [list(x) for x in t.elsewhere] == np.asarray(r.elsewhere).reshape(-1, 4).tolist()
    same = score_pair(a, b, OPTS)
    assert (same.covered_a == whole.covered_a).all() and (same.covered_b == whole.covered_b).all()
    assert same.fragments == whole.fragments


def _long_copy(lines: int, own_every: int = 0) -> tuple[str, str]:
    """A source of ``lines`` generated lines and a copy of it, with one line of the writer's
    own after every ``own_every`` lines (none when 0) and a few at the end."""
    import random

    rng = random.Random(38)
    vocabulary = [f"w{n}ord" for n in range(5000)]
    made = [" ".join(rng.choices(vocabulary, k=rng.randint(4, 12))) + "." for _ in range(lines)]
    own = [" ".join(rng.choices(vocabulary, k=8)) + "." for _ in range(lines // 40 + 1)]
    copy = [
        line + ("\n" + own[n // own_every] if own_every and n % own_every == 0 else "")
        for n, line in enumerate(made)
    ]
    return "\n".join(copy + own[:3]), "\n".join(made)


@pytest.mark.parametrize("own_every", [0, 3000])
def test_a_long_copy_is_aligned_in_arrays_not_in_objects_per_seed(own_every: int) -> None:
    """Issue 38: a copied half of a 50 MB pair is one chain of millions of seeds; as lists of
    tuples (the open chain, the pieces between own sentences) they took ~120 bytes a seed
    (a 100k-word verbatim copy: 148 bytes a word at the peak). Packed, the peak stays a few
    arrays of the words, and the alignment is the same."""
    import tracemalloc

    options = Options()
    copy, source = _long_copy(12_000, own_every)
    a, b = canonicalize(copy, options), canonicalize(source, options)
    tracemalloc.start()
    try:
        found = align(a, b, options)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100 * len(a), (peak, len(a))
    if own_every:  # cut at every own line: one fragment a stretch between two (and line 0)
        assert len(found) == 5 and all(f.a1 - f.a0 < 30_000 for f in found)
    else:
        assert [(f.a0, f.b0, f.b1) for f in found] == [(0, 0, len(b))]


def _equal_block_word_by_word(
    va: np.ndarray, vb: np.ndarray, ai: int, bj: int, n: int, fresh: np.ndarray
) -> tuple[int, int, list[tuple[int, int, int, int]]]:
    """The equal block's figures as the aligner first counted them, a word at a time."""
    matched = exact = 0
    edits: list[tuple[int, int, int, int]] = []
    for t in range(n):
        if not fresh[t]:
            continue
        matched += 1
        if va[ai + t] == vb[bj + t]:
            exact += 1
        elif edits and edits[-1][1] == ai + t:
            edits[-1] = (edits[-1][0], ai + t + 1, edits[-1][2], bj + t + 1)
        else:
            edits.append((ai + t, ai + t + 1, bj + t, bj + t + 1))
    return matched, exact, edits


def test_an_equal_block_counts_at_once_what_word_by_word_counting_gave() -> None:
    """Matched and exact words of a run of equal lemmas and its word-form edits (one per run
    of consecutive changed words among the words no other chain took), made on arrays at once
    (issue 40), are those of the word-by-word loop they replace."""
    from types import SimpleNamespace

    rng = np.random.default_rng(40)
    for _ in range(2000):
        n = int(rng.integers(0, 30))
        va, vb = rng.integers(0, 2, n + 9).astype(np.uint64), rng.integers(0, 2, n + 9)
        ai, bj = (int(x) for x in rng.integers(0, 5, 2))
        fresh = rng.random(n) < 0.8
        a, b = SimpleNamespace(variants=va), SimpleNamespace(variants=vb.astype(np.uint64))
        matched, exact, edits = align_module._equal_block(a, b, ai, bj, n, fresh)  # type: ignore[arg-type]
        spans = [(e.a0, e.a1, e.b0, e.b1) for e in edits]
        assert all(e.kind == "form" for e in edits)
        assert (matched, exact, spans) == _equal_block_word_by_word(va, vb, ai, bj, n, fresh)


def test_a_group_whose_every_seed_touches_an_own_sentence_has_no_piece() -> None:
    """``split_at`` with nothing left between the own ranges (hypothesis found it in
    test_bound: the arrays of the cut were of different lengths)."""
    from copylens.core.align import _Chain, split_at

    group = [_Chain([(5, 0), (6, 1)]), _Chain([(8, 3)])]
    assert split_at(group, [(4, 15)], 3) == []
    kept = split_at(group, [(7, 15)], 1)
    assert [[list(c.seeds) for c in piece] for piece in kept] == [[[(5, 0), (6, 1)]]]


LEVEES = (
    "The river delta formed over thousands of years as sediment settled near the coast. "
    "Farmers in the region depend on seasonal floods to renew the fertility of their fields. "
    "Engineers built levees along the main channel to protect the growing towns from water. "
)
LEFT_OUT = (
    "Local governments have debated the plans for many years without reaching an agreement. "
    "Meanwhile storms grow stronger and every hurricane season erases more of the coast. "
)
MARSHES = (
    "As a result the marshes began to sink and the coastline retreated inland each decade. "
    "Scientists now propose controlled diversions that let muddy water flow into the marshes."
)

LEAVES_OUT_ESSAY, LEAVES_OUT_SOURCE = LEVEES + MARSHES, LEVEES + LEFT_OUT + MARSHES


def test_source_words_left_out_between_chains_are_deleted_where_they_were() -> None:
    """Two source sentences left out in the middle of a copied passage (no chain spans them):
    one "delete", empty on the checked side between the words it fell between ("water." and
    "As"), in word ranges and, through ``check``, in characters. Before: at the fragment's
    start (word 0, character 0)."""
    from copylens.core import TextInput, check

    essay, source = LEAVES_OUT_ESSAY, LEAVES_OUT_SOURCE
    a, b = canonicalize(essay, OPTS), canonicalize(source, OPTS)
    [f] = align(a, b, OPTS)
    [deleted] = [e for e in f.edits if e.kind == "delete"]
    assert source[b.starts[deleted.b0] : b.ends[deleted.b1 - 1]] == LEFT_OUT.strip()[:-1]
    assert deleted.a0 == deleted.a1 and a.starts[deleted.a0] == essay.index("As a result")
    report = check([TextInput("essay.txt", essay)], [TextInput("source.txt", source)], OPTS)
    [fragment] = report.documents[0].sources[0].fragments
    [edit] = [e for e in fragment.edits if e.kind == "delete"]
    assert edit.start == edit.end == essay.index("As a result")
    assert source[edit.source_start : edit.source_end] == LEFT_OUT.strip()[:-1]


def _greedy_chains(seeds: list[tuple[int, int]], k: int, gap: int) -> list[list[tuple[int, int]]]:
    """chain_seeds as its docstring says it, every open chain looked at for every seed."""
    reach, chains = k + gap, []  # type: ignore[var-annotated]
    for i, j in seeds:
        best, best_key = None, (0, 0)
        for c in chains:
            di, dj = i - c[-1][0], j - c[-1][1]
            if c[-1][0] < i - reach or di <= 0 or dj <= 0 or dj > reach or abs(di - dj) > gap:
                continue
            if best is None or (abs(di - dj), di) < best_key:
                best, best_key = c, (abs(di - dj), di)
        if best is None:
            chains.append([(i, j)])
        else:
            best.append((i, j))
    return sorted(chains)


def test_chains_of_seeds_one_word_on_along_a_diagonal_are_the_greedy_ones() -> None:
    """Issue 40: a seed one word on from an open chain's last seed, on its diagonal, extends
    that chain at once (the least drift there is; no other chain ends there), without looking
    at the others; the chains are those of the greedy rule, on copies (runs along diagonals),
    repetitive text (many open chains at once) and scattered seeds alike."""
    rng = np.random.default_rng(11)
    for _ in range(40):
        a = rng.integers(0, int(rng.integers(3, 40)), int(rng.integers(20, 400)))
        b = np.concatenate([a[rng.integers(0, len(a)) :], rng.integers(0, 40, 50), a])
        seeds_i, seeds_j = find_seeds(a.astype(np.uint64), b.astype(np.uint64), 3, 8)
        chains = chain_seeds(seeds_i, seeds_j, 3, 6)
        got = sorted(list(chains.chain(n).seeds) for n in range(len(chains)))
        pairs = list(zip(seeds_i.tolist(), seeds_j.tolist(), strict=True))
        assert got == _greedy_chains(pairs, 3, 6)


def _step_back_every(
    fa: tuple[str, ...], fb: tuple[str, ...], i: int, j: int, gap: int
) -> tuple[int, int] | None:
    """The extension's step back looking at every word pair (before issue 40's early None)."""
    for skip in range(gap + 1):
        for da in range(skip + 1):
            x, y = i - 1 - da, j - 1 - (skip - da)
            if x < 0 or y < 0 or fa[x] != fb[y]:
                continue
            if skip == 0 or (x > 0 and y > 0 and fa[x - 1] == fb[y - 1]):
                return x, y
    return None


def _step_forward_every(
    fa: tuple[str, ...], fb: tuple[str, ...], i: int, j: int, gap: int
) -> tuple[int, int] | None:
    for skip in range(gap + 1):
        for da in range(skip + 1):
            x, y = i + da, j + (skip - da)
            if x >= len(fa) or y >= len(fb) or fa[x] != fb[y]:
                continue
            if skip == 0 or (x + 1 < len(fa) and y + 1 < len(fb) and fa[x + 1] == fb[y + 1]):
                return x + 1, y + 1
    return None


def test_extension_steps_ending_at_once_are_those_of_the_whole_search() -> None:
    """_step_back and _step_forward answer None without looking at word pairs when the two
    windows share no word (issue 40); every answer is the one of the search over all pairs,
    at the texts' ends too."""
    rng = np.random.default_rng(58)
    for _ in range(3000):
        vocabulary = int(rng.integers(2, 30))
        fa = tuple(f"w{x}" for x in rng.integers(0, vocabulary, int(rng.integers(0, 25))))
        fb = tuple(f"w{x}" for x in rng.integers(0, vocabulary, int(rng.integers(0, 25))))
        i, j = int(rng.integers(0, len(fa) + 1)), int(rng.integers(0, len(fb) + 1))
        gap = int(rng.integers(0, 8))
        back = align_module._step_back(fa, fb, i, j, gap)
        forward = align_module._step_forward(fa, fb, i, j, gap)
        assert back == _step_back_every(fa, fb, i, j, gap)
        assert forward == _step_forward_every(fa, fb, i, j, gap)


def _random_pair(rng: np.random.Generator) -> tuple[str, str]:
    """A source of a small vocabulary and a checked text copying pieces of it, edited."""
    words = [f"term{x}" for x in rng.integers(0, 40, int(rng.integers(30, 160)))]
    source = [w + ("." if rng.random() < 0.1 else "") for w in words]
    checked: list[str] = []
    at = 0
    while at < len(source):
        n = int(rng.integers(3, 25))
        if rng.random() < 0.6:
            checked += [w if rng.random() < 0.9 else "other" for w in source[at : at + n]]
        else:
            checked += [f"own{x}" for x in rng.integers(0, 40, n)]
        at += n
    return " ".join(checked), " ".join(source)


def test_groups_judged_by_their_hull_and_one_chain_described_at_once() -> None:
    """What align now reads off a group before diffing it (issue 40) is what the measured
    fragment says: its ranges (_group_hull), its anchor (Runs.longest_within of them), hence
    _passes; and a one-chain group's description is the one the coverage path gives it
    (every word fresh, the chain's span the hull)."""
    rng = np.random.default_rng(5)
    options = OPTS
    k, gap = options.seed_k, options.max_gap
    groups_seen = single = 0
    for _ in range(120):
        checked, source = _random_pair(rng)
        a, b = canonicalize(checked, options), canonicalize(source, options)
        seeds_i, seeds_j = find_seeds(a.hashes, b.hashes, k, options.max_seed_repeats)
        runs = Runs.of(seeds_i, seeds_j, k)
        chains, _ = drop_shadows(align_module._chain_runs(runs, k, gap), k, len(a))
        for group in align_module.merge_chains(chains, k, gap):
            groups_seen += 1
            f = align_module._measured(group, a, b, k, runs)
            hull = align_module._group_hull(group, k)
            assert hull == (f.a0, f.a1, f.b0, f.b1)
            assert runs.longest_within(*hull) == f.longest_run == runs.longest_inside(f)
            if len(group) == 1:
                single += 1
                a0, a1, b0, b1 = hull
                covered_a, covered_b = np.zeros(a1 - a0, bool), np.zeros(b1 - b0, bool)
                m, e, edits = align_module._diff(
                    a, b, group[0], hull, k, covered_a, covered_b, a0, b0
                )
                edits.sort(key=lambda x: (x.a0, x.b0))
                assert (f.matched, f.exact, f.edits) == (m, e, tuple(edits))
    assert groups_seen > 100 and 0 < single < groups_seen


def test_shadows_are_the_chains_mostly_inside_longer_ones() -> None:
    """drop_shadows' share of a chain's words already covered (a count, issue 40) sets
    apart the chains a scan by numpy's mean sets apart."""
    rng = np.random.default_rng(7)
    k = 3
    for _ in range(200):
        n = int(rng.integers(1, 60))
        seeds = sorted({(int(i), int(j)) for i, j in rng.integers(0, 80, (n, 2))})
        chained = chain_seeds(
            np.array([s[0] for s in seeds]), np.array([s[1] for s in seeds]), k, 6
        )
        kept, spans = drop_shadows(chained, k, 90)
        first, last = chained.ends()
        covered = np.zeros(90, dtype=bool)
        expected_kept, expected_shadows = [], []
        for c in _longest_first(first, last).tolist():
            a0, a1 = int(first[c] >> 32), int(last[c] >> 32) + k
            if covered[a0:a1].mean() >= align_module.SHADOW_SHARE:
                expected_shadows.append(c)
            else:
                covered[a0:a1] = True
                expected_kept.append(list(chained.chain(c).seeds))
        assert [list(c.seeds) for c in kept] == expected_kept
        assert len(spans) == len(expected_shadows)


def test_lean_opcodes_are_difflibs() -> None:
    """A box's opcodes by difflib's steps without its SequenceMatcher (issue 40) are
    difflib's, on word sequences of every size up to a few dozen, repetitive or not."""
    rng = np.random.default_rng(40)
    for _ in range(6000):
        vocabulary = int(rng.integers(1, 12))
        x = tuple(f"w{v}" for v in rng.integers(0, vocabulary, int(rng.integers(0, 30))))
        y = tuple(f"w{v}" for v in rng.integers(0, vocabulary, int(rng.integers(0, 30))))
        assert align_module.lean_opcodes(x, y) == align_module.plain_opcodes(x, y)
    long_x = tuple(f"w{v}" for v in rng.integers(0, 6, 400))
    long_y = tuple(f"w{v}" for v in rng.integers(0, 6, 300))
    assert align_module.lean_opcodes(long_x, long_y) == align_module.plain_opcodes(long_x, long_y)
