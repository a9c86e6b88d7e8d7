"""Issue 40, the pair stage's sentence steps made cheaper with outputs unchanged: each new
form here equals, bit for bit, the form it replaced (kept in this file as the reference) on
drawn inputs, and the memos kept once a document give what each pair found anew before.
(bench/diag_sentence_steps.py replays the steps on the pairs of a real run and compares
their results with another revision's.)"""

from __future__ import annotations

import textwrap
from collections import OrderedDict
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import sentence_align, summary, wordnet
from copylens.core.canonicalize import clause_ids
from copylens.core.extract import Extracted
from copylens.core.ignore import with_ignored
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.sentence_align import Bags, Similarity, TextUnits, Units, compared

SOURCE = (
    "The river delta formed over thousands of years as sediment settled near the coast. "
    "Farmers in the region depend on seasonal floods to renew the fertility of their fields. "
    "Engineers built levees along the main channel to protect the growing towns from water. "
    "These levees also stopped fresh sediment from reaching the wetlands behind them: "
    "As a result the marshes began to sink and the coastline retreated inland each decade. "
    "Scientists now propose controlled diversions that let muddy water flow into the marshes."
)
ESSAY = (
    "Over thousands of years the delta of the river formed as sediment settled close to the "
    "coast. Seasonal floods renew the fertility of fields the farmers of the region depend on. "
    "I visited a small river town last summer and liked the quiet evenings by the water. "
    "Fresh sediment was also stopped by these levees from reaching wetlands behind them as "
    "follows: The coastline retreated inland every decade as the marshes started to sink."
)


def _prepared(text: str) -> Prepared:
    return prepare_text(Extracted("x", text, "txt"), Options())


def _old_similarity(x: Bags, y: Bags) -> tuple[np.ndarray, ...]:
    """:func:`compared` as it was on main 97130f5 (its arrays, in field order from ``cos``):
    its numpy steps (the vocabulary by ``np.unique``, the same array), the dense count matrix
    multiplied by the isf, ``np.maximum`` and ``np.where`` included, the rows and columns of
    several-word cells from a mask's ``any``."""
    na, nb = len(x.units), len(y.units)
    vocab = np.unique(np.concatenate((x.words, y.words)))
    at_x, at_y = vocab.searchsorted(x.words), vocab.searchsorted(y.words)
    tf = np.zeros((na + nb, len(vocab)), dtype=np.float32)
    tf[x.unit, at_x[x.word]] = x.count
    tf[na + y.unit, at_y[y.word]] = y.count
    df = np.zeros(len(vocab), dtype=np.int64)
    df[at_x] = x.df
    df[at_y] += y.df
    isf = np.log(len(tf) / np.maximum(df, 1)).astype(np.float32)
    vectors = np.multiply(tf, isf, out=tf)
    norms = np.sqrt(np.add.reduce(vectors * vectors, axis=1))
    norms[norms == 0] = 1
    theirs = np.full(len(vocab), -1, dtype=np.intp)
    theirs[at_y] = np.arange(len(at_y))
    k = theirs[at_x[x.word]]
    held = k >= 0
    k, mine, w = k[held], x.unit[held], at_x[x.word[held]]
    times = y.df[k]
    offset = np.arange(int(times.sum())) - (times.cumsum() - times).repeat(times)
    i, j, w = mine.repeat(times), y.unit[y.first[k].repeat(times) + offset], w.repeat(times)
    shared = np.bincount(i * nb + j, minlength=na * nb).reshape(na, nb).astype(np.float32)
    sizes = x.sizes[:, None] + y.sizes[None, :]
    dice = 2 * shared / np.where(sizes > 0, sizes, np.float32(1))
    va, vb, norm_a, norm_b = vectors[:na], vectors[na:], norms[:na], norms[na:]
    cos = np.zeros(shared.shape, dtype=np.float32)
    cos[i, j] = (va[i, w] / norm_a[i]) * (vb[j, w] / norm_b[j])
    many = shared >= 2
    rows, columns = np.flatnonzero(many.any(axis=1)), np.flatnonzero(many.any(axis=0))
    if len(rows):
        cells = many.nonzero()
        if sentence_align.CELLS_APART * len(cells[0]) < len(rows) * len(columns):
            ia, jb = cells
            cos[ia, jb] = sentence_align._dots(va[ia] / norm_a[ia, None], vb[jb] / norm_b[jb, None])
        else:
            unit_a = va[rows] / norm_a[rows, None]
            cos[np.ix_(rows, columns)] = sentence_align._products(
                unit_a, vb[columns] / norm_b[columns, None]
            )
    return cos, dice, va, vb, shared, x.sizes, at_x[x.codes], at_y[y.codes]


@st.composite
def _texts(draw: Any) -> tuple[np.ndarray, Units]:
    """A text's word fingerprints (a small vocabulary, so words repeat within and across
    units) and its units (every unit of at least one word, as :meth:`Units.of` makes them;
    no unit for no word)."""
    n = draw(st.integers(0, 90))
    vocabulary = draw(st.integers(1, 40))
    hashes = np.array(
        draw(st.lists(st.integers(0, vocabulary - 1), min_size=n, max_size=n)), dtype=np.uint64
    )
    hashes = hashes * np.uint64(0x9E3779B97F4A7C15)  # spread over the 64 bits, as fingerprints
    if n == 0:
        return hashes, Units(np.zeros(1, dtype=np.int64))
    cuts = draw(st.sets(st.integers(1, n - 1), max_size=n - 1)) if n > 1 else set()
    return hashes, Units(np.array([0, *sorted(cuts), n], dtype=np.int64))


def _bags(text: tuple[np.ndarray, Units]) -> Bags:
    hashes, units = text
    return Bags.of(SimpleNamespace(hashes=hashes), units)  # type: ignore[arg-type]


def _same(got: np.ndarray, want: np.ndarray) -> bool:
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


@pytest.mark.parametrize("apart", [0, sentence_align.CELLS_APART, 1 << 40])
@settings(max_examples=150, deadline=None)
@given(_texts(), _texts())
def test_compared_equals_the_form_before_bit_for_bit(
    apart: int, x: tuple[np.ndarray, Units], y: tuple[np.ndarray, Units]
) -> None:
    """:func:`compared` with fewer calls (the tf-isf rows made cell by cell, no dense
    multiply; no ``np.maximum`` of a frequency that is never 0; no ``np.where`` in the Dice,
    whose units each hold a word; the one-word cells' products from the cells' tf-isf
    values, not gathered from the matrix; the several-word cells' rows and columns counted
    from the cells) equals the form before array for array, bit for bit, whichever
    way the several-word cells are multiplied (``apart``: one by one, as a rectangle, or as
    their count says)."""
    if len(x[1]) == 0 or len(y[1]) == 0:
        return  # pair_sentences compares no pair with an empty side
    old = sentence_align.CELLS_APART
    sentence_align.CELLS_APART = apart
    try:
        sim = compared(_bags(x), _bags(y))
        want = _old_similarity(_bags(x), _bags(y))
    finally:
        sentence_align.CELLS_APART = old
    got = (sim.cos, sim.dice, sim.vectors_a, sim.vectors_b, sim.shared, sim.size_a)
    for g, w in zip((*got, sim.words_a, sim.words_b), want, strict=True):
        assert _same(g, w)


def _old_seeds(sim: Similarity) -> list[tuple[int, int]]:
    hits = (sim.cos >= sentence_align.SEED_COS) & (sim.dice >= sentence_align.SEED_DICE)
    best = sim.cos.max(axis=1, keepdims=True)
    hits &= sim.cos >= sentence_align.NEAR_BEST * best
    return [(int(i), int(j)) for i, j in zip(*hits.nonzero(), strict=True)]


def _old_summary_seeds(sim: Similarity) -> dict[int, int]:
    best = sim.cos.argmax(axis=1)
    rows = np.arange(len(best))
    top = sim.cos[rows, best]
    specific = top >= summary.SPECIFIC * sim.cos.mean(axis=1)
    ok = (top >= summary.SEED_COS) & (sim.dice[rows, best] >= summary.SEED_DICE) & specific
    return {int(i): int(best[i]) for i in ok.nonzero()[0]}


def _old_nearest(sim: Similarity) -> dict[int, int]:
    best = sim.cos.argmax(axis=1)
    near = sim.cos[np.arange(len(best)), best] >= summary.BRIDGE_COS
    return {int(i): int(best[i]) for i in near.nonzero()[0]}


@settings(max_examples=200, deadline=None)
@given(_texts(), _texts())
def test_seeds_from_each_rows_best_found_once_equal_the_forms_before(
    x: tuple[np.ndarray, Units], y: tuple[np.ndarray, Units]
) -> None:
    """:attr:`Similarity.best` found once a pair gives the seeds, the summary step's seeds,
    its nearest units and its bridges (each row's max) the forms before found each for
    itself, with ties between source units (repeated words) drawn too."""
    if len(x[1]) == 0 or len(y[1]) == 0:
        return
    sim = compared(_bags(x), _bags(y))
    assert sim.seeds == _old_seeds(sim)
    assert all(type(i) is int and type(j) is int for i, j in sim.seeds)
    assert summary.summary_seeds(sim) == _old_summary_seeds(sim)
    assert summary._nearest(sim) == _old_nearest(sim)
    assert _same(sim.best[1] >= summary.BRIDGE_COS, sim.cos.max(axis=1) >= summary.BRIDGE_COS)
    assert sim.best is sim.best  # once a pair


def test_ignored_forms_are_no_word_of_the_relation() -> None:
    """:func:`sentence_align._swapped` decides a sentence holding an ignored word without the
    relation: an ignored word's form begins with ``IGNORED_FORM`` and no word of the shipped
    relation does (so it is related to none)."""
    rel = wordnet.relation()
    assert rel is not None and len(rel.words) > 10_000
    assert not any(w.startswith(sentence_align.IGNORED_FORM) for w in rel.words)
    doc = _prepared(SOURCE)
    words = np.zeros(len(doc.canonical), dtype=bool)
    words[3:6] = True
    ignoring = with_ignored(doc, words, 7, Options())
    forms = ignoring.canonical.forms
    assert all(forms[i].startswith(sentence_align.IGNORED_FORM) for i in range(3, 6))
    assert not any(f.startswith(sentence_align.IGNORED_FORM) for f in doc.canonical.forms)


def test_a_checked_texts_clauses_are_found_once_a_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """:attr:`PairSentences.clauses` of a checked text with its :class:`TextUnits` is
    :func:`clause_ids` of it, found in its first pair and taken in the next (its
    ``TextUnits.found``); without them, found as before."""
    monkeypatch.setattr(sentence_align, "_KEPT", OrderedDict())
    monkeypatch.setattr(sentence_align, "_kept_words", [0])
    a, b, c = _prepared(ESSAY), _prepared(SOURCE), _prepared(SOURCE.upper())
    calls: list[str] = []

    def counted(text: str, canonical: Any) -> np.ndarray:
        calls.append(text)
        return clause_ids(text, canonical)

    monkeypatch.setattr(sentence_align, "clause_ids", counted)
    mine = sentence_align.text_units(a)
    assert mine is not None
    firsts = []
    for other in (b, c):
        theirs = sentence_align.text_units(other)
        assert theirs is not None
        pair = sentence_align.pair_sentences(
            a.canonical, other.canonical, (a.text, other.text), (mine, theirs)
        )
        assert pair.clauses is not None
        firsts.append(pair.clauses)
        assert _same(pair.clauses, clause_ids(a.text, a.canonical))
    assert len(calls) == 1 and firsts[0] is firsts[1]
    assert (np.diff(firsts[0]) > 0).sum() > (np.diff(a.canonical.sentences) > 0).sum()  # a colon
    alone = sentence_align.pair_sentences(a.canonical, b.canonical, (a.text, b.text))
    assert alone.clauses is not None and _same(alone.clauses, firsts[0])


@pytest.mark.parametrize("width", [0, 50])
def test_a_wrapped_sources_pooled_similarity_from_its_kept_bags_is_the_same(width: int) -> None:
    """The summary step's similarity over a hard-wrapped source's whole sentences, made from
    the bags each text keeps once a document (``TextUnits.sentence_bags``), equals, bit for
    bit, the one made anew from the texts; and a source no line break split gives the
    pair's own."""
    a = _prepared(ESSAY)
    b = _prepared(textwrap.fill(SOURCE, width) if width else SOURCE)
    parts = (
        TextUnits.of(a.text, a.canonical),
        TextUnits.of(b.text, b.canonical),
    )
    pair = sentence_align.pair_sentences(a.canonical, b.canonical, (a.text, b.text), parts)
    sim, whole = pair.similarity, pair.whole
    assert sim is not None
    kept = summary._pooled(a.canonical, b.canonical, sim, whole, parts)
    anew = summary._pooled(a.canonical, b.canonical, sim, whole)
    if width == 0:
        assert whole is None and kept is sim and anew is sim
        return
    assert whole is not None and whole.units_b is not sim.b
    assert kept is not sim and len(kept.b) < len(sim.b)
    for field in ("cos", "dice", "vectors_a", "vectors_b", "shared", "size_a"):
        assert _same(getattr(kept, field), getattr(anew, field))
    assert parts[1].sentence_bags(b.canonical) is parts[1].sentence_bags(b.canonical)
    assert parts[0].sentence_bags(a.canonical) is parts[0].bags  # no line break split a unit


def test_a_wrapped_checked_texts_tailed_units_are_found_once_a_document() -> None:
    """The whole sentences of a pair whose checked text is hard-wrapped take its tailed
    units (a line ending one sentence and beginning the next) from its :class:`TextUnits`,
    found in its first pair and the same object in the next: equal to :func:`_tailed` of
    the text, at every wrapping width, some of which leave such units."""
    b, c = _prepared(SOURCE), _prepared(SOURCE.upper())
    theirs = (TextUnits.of(b.text, b.canonical), TextUnits.of(c.text, c.canonical))
    some = 0
    for width in range(24, 80, 4):
        a = _prepared(textwrap.fill(ESSAY, width))
        mine = TextUnits.of(a.text, a.canonical)
        made = []
        for other, parts in zip((b, c), theirs, strict=True):
            pair = sentence_align.pair_sentences(
                a.canonical, other.canonical, (a.text, other.text), (mine, parts)
            )
            assert pair.whole is not None
            made.append(pair.whole.tailed)
        want = sentence_align._tailed(a.text, a.canonical, mine.units)
        assert made[0] == want and made[1] is made[0]
        some += bool(want)
    assert some > 0
