"""Issue 40: the aligner's and the realignment's cheaper paths give what the plain ones gave.

Each test holds a new path against the code it replaced (kept here, or in the module as the
fallback), on inputs made to be awkward: repetitive texts with many open chains, seeds out of
order, ignored words at a fragment's edges, inside it and on both sides at once.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from copylens.core import align as align_module
from copylens.core.align import (
    _chain_each,
    _equal_block,
    _equal_blocks,
    align,
    chain_seeds,
    find_seeds,
)
from copylens.core.canonicalize import Canonical
from copylens.core.copies import to_fragment
from copylens.core.extract import Extracted
from copylens.core.ignore import (
    _Clauses,
    _free_runs,
    _part,
    _realigned,
    _runs_of_seeds,
    _shares,
    with_ignored,
)
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.shingle import kgrams
from tests.test_ignore import COPIED_1, COPIED_2, STOCK, own_text

EN = Options(language="en")


def _texts(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Word fingerprints of a checked text and a source: a small vocabulary (repeats, many open
    chains), the source holding pieces of the checked text, edited or not."""
    a = rng.integers(0, int(rng.integers(2, 40)), int(rng.integers(5, 400)))
    b = np.concatenate(
        [
            a[rng.integers(0, len(a)) :],
            rng.integers(0, 40, int(rng.integers(0, 60))),
            a[: rng.integers(0, len(a))],
        ]
    )
    if rng.random() < 0.3:
        b = rng.permutation(b)
    return a.astype(np.uint64), b.astype(np.uint64)


def test_chaining_runs_as_blocks_is_chaining_seed_by_seed() -> None:
    """chain_seeds chains a run of seeds on one diagonal at once; the chains, their seeds and
    their order (the order they closed in, which drop_shadows' ties keep) are those of the
    seed-by-seed chaining, whatever k, gap and repeats."""
    rng = np.random.default_rng(5)
    for _ in range(1500):
        a, b = _texts(rng)
        k, gap = int(rng.integers(1, 5)), int(rng.integers(0, 8))
        seeds_i, seeds_j = find_seeds(a, b, k, int(rng.integers(1, 12)))
        blocks, each = chain_seeds(seeds_i, seeds_j, k, gap), _chain_each(seeds_i, seeds_j, k, gap)
        assert np.array_equal(blocks.packed, each.packed)
        assert np.array_equal(blocks.bounds, each.bounds)


def test_seeds_out_of_order_are_chained_seed_by_seed() -> None:
    """Seeds not in the order (i, j) are chained in the order given, as before."""
    seeds_i = np.array([5, 0, 1, 2, 6, 7], dtype=np.int64)
    seeds_j = np.array([9, 0, 1, 2, 10, 11], dtype=np.int64)
    got = chain_seeds(seeds_i, seeds_j, 3, 2)
    want = _chain_each(seeds_i, seeds_j, 3, 2)
    assert np.array_equal(got.packed, want.packed) and np.array_equal(got.bounds, want.bounds)
    empty = chain_seeds(seeds_i[:0], seeds_j[:0], 3, 2)
    assert len(empty) == 0 and empty.bounds.tolist() == [0]


def test_equal_blocks_at_once_are_each_block_counted_alone() -> None:
    """_equal_blocks: matched and exact words summed over a chain's equal blocks, and each
    block's form edits, as _equal_block gives them block by block (fresh words or not)."""
    rng = np.random.default_rng(8)
    for _ in range(400):
        size = 200
        va = rng.integers(0, 3, size).astype(np.uint64)
        vb = rng.integers(0, 3, size).astype(np.uint64)
        a, b = _canonical(va), _canonical(vb)  # only the variants are read
        fresh = rng.random(size) < (0.5 if rng.random() < 0.5 else 1.01)
        ops, at = [], int(rng.integers(0, 5))
        while at < size - 10 and len(ops) < 8:
            n = int(rng.integers(1, 10))
            j = int(rng.integers(0, size - n))
            ops.append(("equal", at, at + n, j, j + n))
            at += n + int(rng.integers(0, 4))
        matched, exact, forms = _equal_blocks(a, b, ops, fresh, 0)
        want_m = want_e = 0
        for n, (_, i0, i1, j0, _) in enumerate(ops):
            m, e, edits = _equal_block(a, b, i0, j0, i1 - i0, fresh[i0:i1])
            want_m, want_e = want_m + m, want_e + e
            assert forms.get(n, []) == edits
        assert (matched, exact) == (want_m, want_e)
        assert set(forms) <= set(range(len(ops)))


def _canonical(variants: np.ndarray) -> Canonical:
    """A Canonical whose variants are ``variants`` (the rest filler of the right length)."""
    n = len(variants)
    base = _DOC.canonical
    reps = -(-n // len(base))
    cut: dict[str, object] = {}
    for name in ("hashes", "starts", "ends", "sentences"):
        value = getattr(base, name)
        cut[name] = np.tile(value, reps)[:n]
    cut["forms"] = tuple((base.forms * reps)[:n])
    return replace(base, variants=variants, **cut)  # type: ignore[arg-type]


_DOC = prepare_text(Extracted("d", f"{COPIED_1} {COPIED_2}", "text", None, ""), EN)


def test_seeds_from_given_grams_are_the_seeds() -> None:
    """find_seeds given both texts' k-grams (a document's, or a slice of them for a part)
    finds what it finds making them."""
    rng = np.random.default_rng(2)
    for _ in range(300):
        a, b = _texts(rng)
        k, repeats = int(rng.integers(1, 5)), int(rng.integers(1, 12))
        s0, t0 = int(rng.integers(0, len(a))), int(rng.integers(0, len(b)))
        s1, t1 = int(rng.integers(s0, len(a) + 1)), int(rng.integers(t0, len(b) + 1))
        grams = (kgrams(a, k)[s0 : max(s0, s1 - k + 1)], kgrams(b, k)[t0 : max(t0, t1 - k + 1)])
        got = find_seeds(a[s0:s1], b[t0:t1], k, repeats, grams)
        want = find_seeds(a[s0:s1], b[t0:t1], k, repeats)
        assert all(np.array_equal(x, y) for x, y in zip(got, want, strict=True))


def _realigned_anew(
    a: Canonical,
    b: Canonical,
    ranges: tuple[int, int, int, int],
    doc_a: Prepared,
    doc_b: Prepared,
    options: Options,
) -> list[tuple[object, tuple[int, int, int, int]]]:
    """ignore._realigned as it was: each part cut, its k-grams and runs of seeds made anew."""
    a0, a1, b0, b1 = ranges
    found = _Clauses(doc_a)
    out: list[tuple[object, tuple[int, int, int, int]]] = []
    parts_b = [
        (t0, part_b, _runs_of_seeds(part_b, options))
        for t0, t1 in _free_runs(doc_b.ignored_words, b0, b1, options.anchor_words)
        for part_b in [_part(b, t0, t1)]
    ]
    for s0, s1 in _free_runs(doc_a.ignored_words, a0, a1, options.min_fragment_words):
        part_a = _part(a, s0, s1)
        held = _runs_of_seeds(part_a, options)
        for t0, part_b, runs_b in parts_b:
            if not _shares(held, runs_b):
                continue
            for f in align(part_a, part_b, options, found.of(a)[s0:s1]):
                span = (s0 + f.a0, s0 + f.a1, t0 + f.b0, t0 + f.b1)
                out.append((to_fragment(f, part_a, part_b), span))
    return out


def _ignoring(doc: Prepared, rng: random.Random, salt: int) -> Prepared:
    """``doc`` ignoring a few random runs of words: at its edges, inside, side by side."""
    n = len(doc.canonical)
    words = np.zeros(n, dtype=bool)
    for _ in range(rng.randint(1, 4)):
        start = rng.choice([0, n - 1, rng.randrange(n)])
        words[start : start + rng.randint(1, 12)] = True
    return with_ignored(doc, words, salt, EN)


def test_realigning_on_slices_of_the_texts_grams_is_realigning_anew() -> None:
    """ignore._realigned takes each part's k-grams and runs of seeds as slices of its text's,
    made once a pair: the fragments and their word ranges are those of the realignment that
    made them anew for every part, with ignored runs at a fragment's edges, inside it, on one
    side or both, over the whole texts and over ranges cut anywhere."""
    rng = random.Random(7)
    pieces = [COPIED_1, COPIED_2, STOCK]
    checked = found = 0
    for n in range(40):
        rng.shuffle(pieces)
        essay = f"{own_text(n, 20)} {pieces[0]} {pieces[1]} {own_text(n + 100, 10)} {pieces[2]}"
        source = f"{pieces[1]} {own_text(n + 200, 30)} {pieces[0]} {pieces[2]} {pieces[1]}"
        a, b = (
            prepare_text(Extracted(name, text, "text", None, ""), EN)
            for name, text in (("e", essay), ("s", source))
        )
        a = _ignoring(a, rng, 2 * n)
        b = _ignoring(b, rng, 2 * n + 1) if n % 3 else b
        na, nb = len(a.canonical), len(b.canonical)
        for ranges in [
            (0, na, 0, nb),
            (rng.randrange(na // 2), na - rng.randrange(na // 3), 0, nb),
            (0, na, rng.randrange(nb // 2), nb - rng.randrange(nb // 3)),
        ]:
            align_module._BOXES.clear()
            want = _realigned_anew(a.canonical, b.canonical, ranges, a, b, EN)
            got = _realigned(a.canonical, b.canonical, ranges, a, b, EN)
            assert got == want
            checked += 1
            found += bool(got)
    assert found > checked // 2
