"""Fragments stage: seed-and-extend alignment (issue 5) on texts where the answer is known."""

from __future__ import annotations

from core.align import align
from core.canonicalize import canonicalize
from core.options import Options

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


def test_boilerplate_repeated_in_the_source_is_not_a_seed() -> None:
    boiler = "click here to subscribe to our newsletter today "
    source = boiler * 12
    opts = Options(stop_words=False, min_fragment_words=4)
    assert fragments(boiler, source, opts) == []
