"""Fragments stage: seed-and-extend alignment (issue 5) on texts where the answer is known."""

from __future__ import annotations

import difflib
from dataclasses import replace

import numpy as np

from copylens.core.align import Alignment, Runs, align, chain_opcodes, find_seeds
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
