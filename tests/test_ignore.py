"""Templates and common phrases (issue 12, items 4 and 5): ignored files and ``max_df_share``."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from pathlib import Path

import numpy as np

from copylens.core.documents import TextInput
from copylens.core.engine import check, compare
from copylens.core.extract import Extracted
from copylens.core.ignore import ignore_phrases, template_phrases
from copylens.core.options import Options
from copylens.core.prepare import prepare_text
from tests.test_engine import COLON_SOURCE  # the same source text as the copy signal's colon test

EN = Options(language="en")
HANDOUT = (
    "Coursework two for the introduction to economics. Discuss whether a national minimum "
    "wage reduces employment among young workers, using at least two published studies and "
    "one example drawn from your own town."
)
QUESTIONS = "Further questions for the seminar: inflation targeting, trade tariffs, housing."
STOCK = (
    "In conclusion, it can be said that this topic is very important in the modern world and "
    "its role will only continue to grow in the future."
)
COPIED_1 = (
    "Card and Krueger compared fast food restaurants in New Jersey and Pennsylvania after the "
    "New Jersey increase and found no measurable fall in employment at the affected outlets."
)
COPIED_2 = (
    "Later studies using administrative payroll records from Seattle reported that hours "
    "worked by low paid employees declined, which cancelled much of the higher hourly pay."
)


def own_text(seed: int, words: int = 60) -> str:
    """Text of the writer's own: made-up words, so no two texts share a run of words."""
    rng = random.Random(seed)
    syllables = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
    made = ["".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(words)]
    sentences = [" ".join(made[i : i + 10]).capitalize() + "." for i in range(0, words, 10)]
    return " ".join(sentences)


def fragment_texts(text: str, fragments: tuple) -> list[str]:  # type: ignore[type-arg]
    return [text[f.start : f.end] for f in fragments]


def test_an_ignored_handout_is_in_no_fragment_of_check_on_either_side() -> None:
    essay = f"{COPIED_1} {HANDOUT} {COPIED_2} {own_text(1)}"
    source = f"{own_text(2, 30)} {COPIED_1} {HANDOUT} {COPIED_2} {own_text(3, 30)}"
    docs, srcs = [TextInput("essay", essay)], [TextInput("source", source)]
    [plain] = check(docs, srcs, EN).documents
    [fragment] = plain.sources[0].fragments
    assert HANDOUT in essay[fragment.start : fragment.end]  # without it: one fragment over all

    report = check(docs, srcs, EN, ignore=[TextInput("handout", HANDOUT + " " + QUESTIONS)])
    [doc] = report.documents
    [match] = doc.sources
    assert fragment_texts(essay, match.fragments) == [COPIED_1[:-1], COPIED_2[:-1]]
    for f in match.fragments:  # exact offsets on both sides
        assert essay[f.start : f.end] == source[f.source_start : f.source_end]
        assert not set(range(f.start, f.end)) & set(range(*_span(essay, HANDOUT)))
        assert not set(range(f.source_start, f.source_end)) & set(range(*_span(source, HANDOUT)))
    handout_words = len(prepare_text(Extracted("h", HANDOUT, "text", None, ""), EN).canonical)
    assert doc.counted_words == plain.counted_words - handout_words
    copied_words = sum(f.words for f in match.fragments)
    assert match.matched_words == copied_words
    assert match.containment == copied_words / doc.counted_words
    assert doc.uniqueness == 1 - match.containment


def _span(text: str, part: str) -> tuple[int, int]:
    at = text.index(part)
    return at, at + len(part)


def test_compare_of_essays_on_one_handout_joins_no_pair_through_it(tmp_path: Path) -> None:
    folder = tmp_path / "essays"
    folder.mkdir()
    for n in range(20):
        (folder / f"essay_{n:02}.txt").write_text(f"{HANDOUT}\n\n{own_text(n)}", encoding="utf-8")
    handout = folder / "handout.txt"  # the handout lies among the essays
    handout.write_text(f"{HANDOUT}\n\n{QUESTIONS}", encoding="utf-8")
    off = EN.with_changes(max_df_share=1.0)

    joined = compare([folder], off)
    assert len(joined.documents) == 21 and len(joined.pairs) == 210
    report = compare([folder], off, ignore=[handout])
    assert len(report.documents) == 20 and handout.name not in str(report.documents)
    assert report.pairs == () and report.errors == ()


def test_a_copy_between_essays_on_one_handout_is_still_found() -> None:
    essays = [TextInput(f"e{n}", f"{HANDOUT} {own_text(n)}") for n in range(12)]
    essays[3] = TextInput("e3", f"{HANDOUT} {own_text(3, 30)} {COPIED_1} {COPIED_2}")
    essays[7] = TextInput("e7", f"{HANDOUT} {COPIED_1} {COPIED_2} {own_text(7, 30)}")
    report = compare(essays, EN.with_changes(max_df_share=1.0), ignore=[TextInput("h", HANDOUT)])
    [pair] = report.pairs
    assert (pair.a, pair.b) == ("e3", "e7")
    [fragment] = pair.fragments
    assert essays[3].text[fragment.start : fragment.end] == f"{COPIED_1} {COPIED_2}"[:-1]
    own = 30  # made-up words, all counted
    assert pair.containment_ab == pair.containment_ba == fragment.words / (fragment.words + own)


def test_max_df_ignores_a_set_phrase_most_documents_hold_and_keeps_copies() -> None:
    essays = [
        TextInput(f"e{n:02}", f"{own_text(n)} {STOCK}" if n < 8 else own_text(n)) for n in range(12)
    ]
    essays[10] = TextInput("e10", f"{own_text(10, 30)} {COPIED_1} {COPIED_2}")
    essays[11] = TextInput("e11", f"{COPIED_1} {COPIED_2} {own_text(11, 30)}")

    def pairs(options: Options, docs: list[TextInput] = essays) -> set[tuple[str, str]]:
        return {(p.a, p.b) for p in compare(docs, options).pairs}

    through_phrase = {(f"e{i:02}", f"e{j:02}") for i in range(8) for j in range(i + 1, 8)}
    assert pairs(EN.with_changes(max_df_share=1.0)) == through_phrase | {("e10", "e11")}
    assert pairs(EN) == {("e10", "e11")}  # the default share, 0.5: 8 of 12 hold the phrase
    assert pairs(EN.with_changes(max_df_share=0.7)) == through_phrase | {("e10", "e11")}
    # at any share, text only two documents hold is never ignored
    assert pairs(EN.with_changes(max_df_share=0.0)) == {("e10", "e11")}
    # a run of fewer than 10 documents ignores no phrase
    assert pairs(EN, essays[:9]) == through_phrase


def test_max_df_is_the_compare_flag_and_check_ignores_no_phrase() -> None:
    docs = [TextInput(f"d{n}", f"{own_text(n)} {STOCK}") for n in range(12)]
    report = check(docs[:1], docs[1:], EN.with_changes(max_df_share=0.1))
    assert len(report.documents[0].sources) == 11  # check: sources sharing it are findings


def test_ignored_inputs_failures_are_reported_like_the_others(tmp_path: Path) -> None:
    missing = tmp_path / "handout.docx"
    report = compare([TextInput("a", own_text(1)), TextInput("b", own_text(2))], ignore=[missing])
    assert [e.path for e in report.errors] == [str(missing)]
    checked = check([TextInput("a", own_text(1))], [TextInput("b", own_text(2))], ignore=[missing])
    assert [e.path for e in checked.errors] == [str(missing)]


def test_ignored_words_keep_their_spans_and_nothing_else_changes() -> None:
    text = f"{own_text(1, 30)} {HANDOUT} {own_text(2, 30)}"
    doc = prepare_text(Extracted("doc", text, "text", None, ""), EN)
    other = prepare_text(Extracted("other", own_text(3), "text", None, ""), EN)
    handout = prepare_text(Extracted("h", HANDOUT, "text", None, ""), EN)
    phrases = template_phrases([handout])
    masked, same = ignore_phrases([doc, other], phrases, EN)
    assert same is other and masked is not doc and masked.ignored is not None
    c, m = doc.canonical, masked.canonical
    assert np.array_equal(c.starts, m.starts) and np.array_equal(c.ends, m.ends)
    words = np.flatnonzero(masked.ignored)
    assert text[c.starts[words[0]] : c.ends[words[-1]]] == HANDOUT.rstrip(".")
    assert len(words) == len(handout.canonical)
    assert not set(m.hashes[words].tolist()) & set(c.hashes.tolist())
    assert not set(masked.anchors.tolist()) & set(handout.anchors.tolist())
    assert set(masked.shingles.tolist()) < set(doc.shingles.tolist())
    assert pickle.loads(pickle.dumps(m)).forms == m.forms  # worker processes receive it whole


def test_parts_sharing_no_run_of_seeds_have_no_fragment() -> None:
    """Issue 40: the second alignment over ignored words aligns a pair of free stretches only
    if they share a run of anchor_words - seed_k + 1 consecutive seed k-grams; every fragment
    the aligner finds holds one, so the pairs left out would have found nothing."""
    from copylens.core.align import align
    from copylens.core.canonicalize import canonicalize
    from copylens.core.ignore import _runs_of_seeds, _shares
    from copylens.core.shingle import kgrams

    rng = random.Random(3)
    words = COPIED_1.split() + COPIED_2.split() + STOCK.split()
    found = skipped = 0
    for n in range(120):
        picked = rng.sample(words, rng.randint(20, 40))
        if n % 2:
            cut = rng.randint(0, len(picked) - 18)
            shown = rng.sample(words, 3) + picked[cut : cut + rng.randint(10, 18)]
        else:
            shown = rng.sample(words, rng.randint(6, 30))
        a, b = (canonicalize(" ".join(w), EN) for w in (picked, shown))
        shared = _shares(_runs_of_seeds(a, EN), _runs_of_seeds(b, EN))
        fragments = align(a, b, EN)
        assert shared or not fragments
        # the fingerprinted runs share a value exactly when the runs of k-grams do
        n = EN.anchor_words - EN.seed_k + 1
        runs = [kgrams(c.hashes, EN.seed_k).tolist() for c in (a, b)]
        held = [{tuple(g[t : t + n]) for t in range(len(g) - n + 1)} for g in runs]
        assert shared == (not held[0].isdisjoint(held[1]))
        found += bool(fragments)
        skipped += not shared
    assert found > 10 and skipped > 10


COLON_OWN = "Honestly my grandmother kept punched cards in shoeboxes under her bed for decades."


def _colon_essay() -> str:
    colon = COLON_SOURCE.index("as follows:") + len("as follows:")
    rest = COLON_SOURCE[COLON_SOURCE.index("Two documents") :]
    return f"{HANDOUT} {COLON_SOURCE[:colon]} {COLON_OWN} {rest}"


def test_realigned_copy_cuts_the_own_sentence_after_a_colon_as_the_copy_signal_does() -> None:
    """Issue 34: a fragment reaching over an ignored word is aligned again on its free
    stretches (ignore._realigned), over the fragment's whole range: a passage the joins made
    one (sentence_align.one_passage) holds the writer's own sentences between its parts. That
    alignment judged them in whole sentences, not in the copy signal's clauses
    (canonicalize.clause_ids): the own sentence after a copied "... as follows:" was half of
    a copied unit, and marked."""
    from copylens.core.ignore import _realigned

    essay = _colon_essay()
    source = f"{HANDOUT} {COLON_SOURCE}"
    a, b = (
        prepare_text(Extracted(n, t, "text", None, ""), EN)
        for n, t in (("e", essay), ("s", source))
    )
    ignored = np.zeros(len(a.canonical), dtype=bool)
    ignored[: len(prepare_text(Extracted("h", HANDOUT, "text", None, ""), EN).canonical)] = True
    a = replace(a, ignored=ignored)
    o0 = essay.index(COLON_OWN)
    o1 = o0 + len(COLON_OWN)
    found = _realigned(
        a.canonical, b.canonical, (0, len(a.canonical), 0, len(b.canonical)), a, b, EN
    )
    assert len(found) >= 2  # the copies before and after the own sentence
    for fragment, _ in found:
        assert fragment.end <= o0 or fragment.start >= o1, essay[fragment.start : fragment.end]


def test_realigned_copy_hard_wrapped_cuts_the_own_sentence_after_a_colon() -> None:
    """The same, every text hard-wrapped at 60 columns (a plain-text file): a line break is a
    unit's end already, and the own cut holds."""
    plain = _colon_essay()
    essay, source = _wrap(plain), _wrap(f"{HANDOUT} {COLON_SOURCE}")
    assert len(essay) == len(plain) and "\n" in essay[: plain.index(COLON_OWN)]
    o0 = plain.index(COLON_OWN)  # the wrapping keeps every offset
    o1 = o0 + len(COLON_OWN)
    docs, srcs = [TextInput("essay", essay)], [TextInput("source", source)]
    [doc] = check(docs, srcs, EN, ignore=[TextInput("handout", HANDOUT)]).documents
    [match] = doc.sources
    assert all(f.end <= o0 or f.start >= o1 for f in match.fragments)
    assert any(f.start < o0 for f in match.fragments)
    assert any(f.start >= o1 for f in match.fragments)


def _wrap(text: str, width: int = 60) -> str:
    """``text`` with single spaces turned into line breaks every ``width`` columns at most."""
    import textwrap

    return "\n".join(textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False))
