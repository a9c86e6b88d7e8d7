"""``with_ignored``'s shingles and anchors made from the document's own (issue 40): the same
arrays as made of every window of the words left (``ignore._windows``, the way before)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.canonicalize import Canonical
from copylens.core.ignore import _windows, _windows_left, with_ignored
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.shingle import kgram_set, shingle_set


def made(hashes: list[int], options: Options) -> Prepared:
    """A document of the canonical words whose fingerprints are ``hashes``, its shingles and
    anchors made as reading makes them (``prepare._prepared``)."""
    n = len(hashes)
    values = np.array(hashes, dtype=np.uint64)
    canonical = Canonical(
        language="en",
        words=n,
        starts=np.arange(n, dtype=np.int64) * 4,
        ends=np.arange(n, dtype=np.int64) * 4 + 3,
        forms=tuple(f"w{h}" for h in hashes),
        variants=values.copy(),
        hashes=values,
        homoglyphs=(),
        sentences=np.zeros(n, dtype=np.int32),
    )
    return Prepared(
        path="doc",
        text=" ".join("abc" for _ in range(n)),
        format="text",
        canonical=canonical,
        shingles=shingle_set(values, options.shingle),
        anchors=kgram_set(values, options.anchor_words),
        sha256="",
    )


def the_old_way(doc: Prepared, words: np.ndarray, salt: int, options: Options) -> Prepared:
    """``with_ignored`` as it was: every window of the words left made again."""
    out = with_ignored(doc, words, salt, options)
    shingles, anchors = _windows(out.canonical.hashes, out.ignored_words, options)
    return replace(out, shingles=shingles, anchors=anchors)


SIZES = st.sampled_from([(10, 5), (3, 2), (6, 5), (5, 5), (4, 6)])  # (shingle, anchor_words)


@settings(max_examples=300, deadline=None)
@given(
    sizes=SIZES,
    alphabet=st.integers(min_value=1, max_value=2**64 - 1),
    data=st.data(),
    twice=st.booleans(),
)
def test_with_ignored_makes_the_windows_of_the_words_left(
    sizes: tuple[int, int], alphabet: int, data: st.DataObject, twice: bool
) -> None:
    w, m = sizes
    options = Options(shingle=w, anchor_words=m, seed_k=2)
    # few distinct words (runs repeated) or many (none repeated)
    distinct_words = data.draw(st.sampled_from([2, 3, 1000]))
    n = data.draw(st.integers(min_value=0, max_value=60))
    hashes = [
        (alphabet * (1 + data.draw(st.integers(0, distinct_words - 1)))) % 2**64 or 1
        for _ in range(n)
    ]
    doc = made(hashes, options)
    words = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool)
    if twice:  # a document ignoring words already (a template's) takes the words of another
        doc = with_ignored(doc, np.roll(words, 3), 7, options)
    got, want = with_ignored(doc, words, 11, options), the_old_way(doc, words, 11, options)
    assert got.shingles.dtype == want.shingles.dtype and got.anchors.dtype == want.anchors.dtype
    assert np.array_equal(got.shingles, want.shingles)
    assert np.array_equal(got.anchors, want.anchors)
    assert np.array_equal(got.canonical.hashes, want.canonical.hashes)
    assert got.canonical.forms == want.canonical.forms


def test_an_essay_without_repeated_windows_takes_the_short_way() -> None:
    options = Options()
    rng = np.random.default_rng(4)
    doc = made(rng.integers(1, 2**63, size=400).tolist(), options)
    at = [40, 41, 42, 43, 44, 45, 46, 300, 301, 302, 303, 304]
    left = _windows_left(doc, at, options)
    assert left is not None
    words = np.zeros(400, dtype=bool)
    words[at] = True
    old = the_old_way(doc, words, 3, options)
    assert np.array_equal(left[0], old.shingles) and np.array_equal(left[1], old.anchors)
    # the windows holding an ignored word are out (9 + 7 shingles a stretch, 4 + 7 anchors)
    assert len(left[0]) == len(doc.shingles) - 2 * (10 - 1) - len(at)
    assert len(left[1]) == len(doc.anchors) - 2 * (5 - 1) - len(at)


def test_a_repeated_shingle_takes_the_long_way() -> None:
    options = Options()
    rng = np.random.default_rng(5)
    hashes = rng.integers(1, 2**63, size=100).tolist()
    doc = made(hashes[:50] + hashes[:20] + hashes[50:], options)  # 20 words twice
    assert _windows_left(doc, [80, 81, 82, 83, 84], options) is None
