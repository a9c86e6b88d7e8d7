"""The pair workers' cheaper paths (issue 40) answer what the plain ones answer: the words
next to a fragment found as they are asked for, a short chain's boxes cut on its packed seeds,
a document's windows made in one pass when it ignores words, and a one-chain fragment's
description without looking for words no chain accounts for."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.align import _Chain, _describe
from copylens.core.arrays import distinct
from copylens.core.canonicalize import Canonical
from copylens.core.copies import nearest_after, nearest_before, words_after, words_before
from copylens.core.extract import Extracted
from copylens.core.ignore import _clean, _windows, with_ignored
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.shingle import kgrams, shingles

# letters of two scripts, the joiners the tokenizer keeps inside a word (apostrophes, a soft
# hyphen, a combining accent, a zero-width space) and what parts words
PIECES = st.sampled_from(
    ["a", "b", "кот", "d", "'", "’", "\u00ad", "\u0301", "\u200b", " ", " ", ", ", ".", "_", "1"]
)
TEXTS = st.lists(PIECES, max_size=120).map("".join)


@settings(max_examples=300)
@given(TEXTS, st.data())
def test_the_words_next_to_a_place_are_found_as_words_before_and_after_find_them(
    text: str, data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(text)))
    assert list(nearest_before(text, at)) == words_before(text, at)
    assert list(nearest_after(text, at)) == words_after(text, at)
    # asked for a few only, the first ones are the same
    few = list(itertools.islice(nearest_before(text, at), 2))
    assert few == words_before(text, at)[:2]


def test_words_far_from_the_place_come_from_the_long_window() -> None:
    text = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi"
    at = len(text) // 2
    before, after = list(nearest_before(text, at)), list(nearest_after(text, 0))
    assert before == words_before(text, at) and len(before) > 5
    assert after == words_after(text, 0) and len(after) > 8


def _doc(text: str) -> Prepared:
    return prepare_text(Extracted("doc", text, "text", None, ""), Options(language="en"))


ESSAY = (
    "The committee met in the spring to weigh the proposal for a new library. "
    "Members argued that the old building could no longer hold the growing collection, "
    "and that readers deserved quiet rooms for study. Others feared the cost would fall on "
    "the town's smallest shops, which had suffered through two hard winters already. "
    "In the end the vote was close, and the library was approved by a single voice."
)


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([(10, 5), (5, 5), (3, 5), (12, 4), (1, 3)]))
def test_a_documents_windows_are_made_in_one_pass_as_each_alone(
    data: st.DataObject, sizes: tuple[int, int]
) -> None:
    doc = _doc(ESSAY)
    n = data.draw(st.integers(0, len(doc.canonical)))
    c = doc.canonical
    cut = Canonical(
        c.language,
        c.words,
        c.starts[:n],
        c.ends[:n],
        c.forms[:n],
        c.variants[:n],
        c.hashes[:n],
        c.homoglyphs,
        c.sentences[:n],
    )
    words = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool)
    options = Options(shingle=sizes[0], anchor_words=sizes[1], seed_k=min(3, sizes[1]))
    got = _windows(cut.hashes, words, options)
    w, m = options.shingle, options.anchor_words
    assert np.array_equal(got[0], distinct(_clean(shingles(cut.hashes, w), words, w)))
    assert np.array_equal(got[1], distinct(_clean(kgrams(cut.hashes, m), words, m)))
    assert got[0].dtype == got[1].dtype == np.uint64


def test_with_ignored_leaves_out_every_window_holding_an_ignored_word() -> None:
    doc = _doc(ESSAY)
    words = np.zeros(len(doc.canonical), dtype=bool)
    words[[3, 4, 20]] = True
    ignored = with_ignored(doc, words, 7, Options())
    plain = replace(doc, ignored=None)
    assert ignored.ignored is not None and ignored.ignored.tolist() == words.tolist()
    assert len(ignored.shingles) < len(plain.shingles)
    assert set(ignored.shingles.tolist()) <= set(plain.shingles.tolist())
    assert len(ignored.anchors) < len(plain.anchors)
    assert (
        ignored.canonical.forms[3] == "\x017\x013"
        and ignored.canonical.forms[5] == (doc.canonical.forms[5])
    )


def test_one_chains_fragment_has_no_word_left_out() -> None:
    doc = _doc(ESSAY)
    other = _doc("Preface. " + ESSAY.replace("spring", "autumn"))
    a, b = doc.canonical, other.canonical
    seeds = [(i, i + 1) for i in range(0, 20)]
    f = _describe([_Chain(seeds)], a, b, 3)
    assert (f.a0, f.a1, f.b0, f.b1) == (0, 22, 1, 23)
    assert not [e for e in f.edits if e.kind in ("insert", "delete")]
    two = _describe([_Chain(seeds[:5]), _Chain(seeds[12:])], a, b, 3)
    assert [e.kind for e in two.edits if e.kind in ("insert", "delete")] == ["insert", "delete"]
