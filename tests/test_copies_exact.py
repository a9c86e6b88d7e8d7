"""The copy signal's cheaper steps (issue 40) answer exactly what the steps they replace did.

- :func:`copylens.core.copies.seed_zones_of` (the zones read off the pair's seeds) against
  :func:`copylens.core.copies.seed_zones` (the k-grams looked up again), with k-grams repeated
  in the source beyond ``max_seed_repeats`` (only their nearest places are seeds there);
- :func:`copylens.core.copies._edits_in_chars` (an alignment's edits in characters from its
  word spans read once) against :func:`copylens.core.copies._chars` of each edit;
- :func:`copylens.core.copies._side` of an alignment without further matches, and the
  coverage made with it.

Texts come from tests/test_bound.py's generator: a small vocabulary, so that pairs share many
short runs by chance, and copies with every kind of edit.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from copylens.core import copies
from copylens.core.align import Alignment, WordEdit, align, find_seeds
from copylens.core.copies import (
    _chars,
    _coverage,
    _edits_in_chars,
    _side,
    seed_zones_of,
    to_fragment,
)
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Edit
from tests.test_bound import EN, _prepared, _text, pairs


def _seeds(a: Prepared, b: Prepared, options: Options) -> tuple[np.ndarray, np.ndarray]:
    k = options.seed_k
    grams = (a.text_grams(k), b.text_grams(k))
    return find_seeds(a.canonical.hashes, b.canonical.hashes, k, options.max_seed_repeats, grams)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs(), st.sampled_from([1, 2, 3, 8]), st.integers(2, 5), st.sampled_from([0, 3, 6]))
def test_zones_read_off_the_seeds_are_the_zones_looked_up(
    pair: tuple[Prepared, Prepared], repeats: int, k: int, gap: int
) -> None:
    options = Options(
        language="en", workers=1, paraphrase=False, seed_k=k, max_gap=gap, max_seed_repeats=repeats
    )
    for a, b in (pair, pair[::-1]):
        zones = seed_zones_of(*_seeds(a, b, options), a, b, options)
        expected = copies.seed_zones(a, b, options)
        assert np.array_equal(zones[0], expected[0])
        assert np.array_equal(zones[1], expected[1])


def test_a_source_repeating_a_k_gram_beyond_the_limit_keeps_every_place_in_its_zone() -> None:
    """A refrain the source holds 12 times pairs with only 2 of its places (the nearest),
    yet every place of it is in the source's zone, as the looked-up zones have it."""
    rng = random.Random(7)
    refrain = ["river", "stone", "bridge", "garden"]
    source = [w for _ in range(12) for w in (*refrain, *_text(rng, 15, 25))]
    a, b = _prepared("a", [*refrain, *_text(rng, 30, 25)]), _prepared("b", source)
    options = Options(language="en", workers=1, paraphrase=False, max_seed_repeats=2)
    seeds_j = _seeds(a, b, options)[1]
    zones = seed_zones_of(*_seeds(a, b, options), a, b, options)
    expected = copies.seed_zones(a, b, options)
    assert np.array_equal(zones[1], expected[1])
    assert np.array_equal(zones[0], expected[0])
    place = np.zeros(len(b.canonical), dtype=bool)
    place[seeds_j] = True
    assert int(zones[1].sum()) > int(place.sum())  # more of the source than its seeds touch


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
def test_edits_in_characters_are_each_edits_chars(pair: tuple[Prepared, Prepared]) -> None:
    a, b = pair
    for f in align(a.canonical, b.canonical, EN):
        expected = tuple(
            Edit(
                e.kind,
                *_chars(a.canonical, e.a0, e.a1, (f.a0, f.a1)),
                *_chars(b.canonical, e.b0, e.b1, (f.b0, f.b1)),
            )
            for e in f.edits
        )
        assert _edits_in_chars(f, a.canonical, b.canonical) == expected
        assert to_fragment(f, a.canonical, b.canonical).edits == expected  # either way


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs(), st.data())
def test_drawn_edits_in_characters_are_each_edits_chars(
    pair: tuple[Prepared, Prepared], data: st.DataObject
) -> None:
    """Edits anywhere in a fragment's ranges, empty on either side at any place (its ends
    too), and reaching outside it (answered by _chars, None here)."""
    a, b = (doc.canonical for doc in pair)
    if not len(a) or not len(b):
        return
    a0 = data.draw(st.integers(0, len(a) - 1))
    a1 = data.draw(st.integers(a0 + 1, len(a)))
    b0 = data.draw(st.integers(0, len(b) - 1))
    b1 = data.draw(st.integers(b0 + 1, len(b)))
    edits = []
    for _ in range(data.draw(st.integers(1, 6))):
        x0 = data.draw(st.integers(max(0, a0 - 1), a1))
        x1 = data.draw(st.integers(x0, min(len(a), a1 + 1)))
        y0 = data.draw(st.integers(max(0, b0 - 1), b1))
        y1 = data.draw(st.integers(y0, min(len(b), b1 + 1)))
        edits.append(WordEdit(data.draw(st.sampled_from(["form", "insert"])), x0, x1, y0, y1))
    f = Alignment(a0, a1, b0, b1, 0, 0, tuple(edits))
    inside = all(a0 <= e.a0 and e.a1 <= a1 and b0 <= e.b0 and e.b1 <= b1 for e in edits)
    got = _edits_in_chars(f, a, b)
    if not inside:
        assert got is None
        return
    assert got == tuple(
        Edit(e.kind, *_chars(a, e.a0, e.a1, (a0, a1)), *_chars(b, e.b0, e.b1, (b0, b1)))
        for e in edits
    )


def test_no_further_match_is_an_empty_side_and_covers_nothing() -> None:
    assert _side((), 0).shape == (0, 2)
    assert _side((), 2).shape == (0, 2)
    made = np.asarray((), dtype=np.int64).reshape(-1, 4)[:, 0:2]  # what _side made before
    with_empty = _coverage(10, [(2, 5)], [], 1, [_side((), 0)])
    assert np.array_equal(with_empty, _coverage(10, [(2, 5)], [], 1, [made]))
    assert with_empty.tolist() == [False, False, True, True, True] + [False] * 5
    spans = _side(((1, 3, 0, 2), (6, 6, 0, 0)), 0)
    assert spans.tolist() == [[1, 3], [6, 6]]
    assert _coverage(8, [], [], 1, [spans]).tolist() == [False, True, True] + [False] * 5
