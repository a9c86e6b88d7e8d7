"""The paraphrase stage's candidates on long documents (issue 38, item 2).

Beyond ``BLOCK_PAIRS`` sentence pairs the stage compares a checked sentence only with the
source sentences sharing a rare word with it (``paraphrase.RareWords``), so its time grows with
the documents' length, not with its square. Forced onto ordinary pairs, the candidate path
finds what the whole matrix of cosines finds.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import Options, TextInput, check
from copylens.core import paraphrase as pp
from copylens.core.extract import Extracted
from copylens.core.prepare import prepare_text
from copylens.core.report import Fragment
from tests.test_paraphrase import LANGUAGES, _long_pair, text
from tests.test_rewrite_thesaurus import HONEST, REWRITE, SOURCE


def _fragments(document: str, source: str) -> list[Fragment]:
    pp._CACHE.clear()
    report = check([TextInput("doc", document)], [TextInput("source", source)], Options())
    return [f for s in report.documents[0].sources for f in s.fragments]


def _ordinary_pairs() -> list[tuple[str, str]]:
    pairs = []
    for language in LANGUAGES:
        source = text(language, "source")
        pairs += [(text(language, kind), source) for kind in ("rewrite", "independent")]
        pairs.append((text(language, "rewrite") + "\n\n" + source, source))
    pairs.append(_long_pair(6))
    pairs += [(REWRITE, SOURCE), (HONEST, SOURCE)]  # synonyms of the Ukrainian thesaurus
    return pairs


def test_the_candidate_path_finds_what_the_whole_matrix_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every ordinary pair gives equal fragments (kind, offsets on both sides, words, score)
    with the candidates as with every sentence pair compared."""
    pairs = _ordinary_pairs()
    whole = [_fragments(*pair) for pair in pairs]
    # 7: adjacent retold sentences of one passage are one fragment (sentence_align.one_passage),
    # a retold sentence beside a copy is a "retold" edit inside the copied passage (issue 34's
    # passage grouping), and the summary step shows some retold passages as summaries
    # (core/summary.py)
    shown = sum(f.kind in ("paraphrase", "summary") for found in whole for f in found)
    inside = sum(e.kind == "retold" for found in whole for f in found for e in f.edits)
    assert shown + inside >= 7
    monkeypatch.setattr(pp, "BLOCK_PAIRS", 0)  # every pair takes the candidate path
    assert [_fragments(*pair) for pair in pairs] == whole


_SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "sa",
    "to",
    "vi",
    "be",
    "do",
    "fu",
    "ga",
    "ho",
    "ji",
    "ku",
    "le",
    "mo",
    "ni",
    "pa",
    "ri",
]


def _word(k: int) -> str:
    out, k = "", k + 400
    while k:
        out, k = out + _SYLLABLES[k % 20], k // 20
    return out


def _salad(sentences: int, seed: int) -> str:
    """Sentences of 12 words drawn from 20,000 made-up ones with Zipf's frequencies (a few
    common words, a long tail of rare ones), as a long natural text has them."""
    rng = random.Random(seed)
    words = rng.choices(range(20_000), [1 / (r + 1) for r in range(20_000)], k=12 * sentences)
    return " ".join(
        " ".join(_word(w) for w in words[12 * n : 12 * n + 12]).capitalize() + "."
        for n in range(sentences)
    )


def _compared(sentences: int) -> tuple[int, int]:
    """Sentence pairs the candidate path compares on two texts of ``sentences`` sentences,
    and the checked text's sentences."""
    a, b = (
        pp.meaning_of(prepare_text(Extracted("x", _salad(sentences, seed), "txt"), Options()))
        for seed in (1, 2)
    )
    rows = list(range(len(a.bounds)))
    index = pp.RareWords.of(b, np.zeros(len(b.bounds), dtype=bool))
    return sum(map(len, index.candidates(a, rows))), len(rows)


def test_the_sentence_pairs_compared_grow_linearly() -> None:
    """Issue 38: two 1 MB texts took 253 s in the stage's sentences × sentences comparison.
    Counted, not timed: four times the sentences, at most 4.4 times the pairs compared (the
    whole matrix: 16 times), never more than ``CANDIDATES`` per checked sentence."""
    small, rows_small = _compared(500)
    large, rows_large = _compared(2000)
    assert rows_large == 4 * rows_small
    assert rows_small <= small <= pp.CANDIDATES * rows_small
    assert large <= pp.CANDIDATES * rows_large
    assert large <= 4.4 * small, (small, large)


def test_scattered_sentence_vectors_are_the_kept_ones_bit_for_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long document's sentence vectors are not kept; the candidates' are computed from
    their own words only, a few words at a time, and equal the kept ones bit for bit."""
    import dataclasses

    from copylens.core.meaning import lexicon

    monkeypatch.setattr(pp, "BLOCK_WORDS", 30)
    for language, document in (("en", _long_pair(6)[0]), ("uk", REWRITE + SOURCE)):
        doc = prepare_text(Extracted("x", document, "txt"), Options())
        kept = pp._meaning(doc, lexicon(language))
        assert kept.kept is not None
        computed = dataclasses.replace(kept, kept=None)
        for ids in ([0, 3, 4, 5], list(range(len(kept.bounds)))):
            chosen = np.array(ids)
            assert np.array_equal(pp._centroids_of(computed, chosen), kept.kept[chosen])


def _reduceat_sums(vectors: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """The sums ``_centroids`` took before issue 40's ``_span_sums``: the rows as float64 with
    a row of zeros after them, ``np.add.reduceat`` at each span's start and end, every other
    sum kept."""
    rows = np.vstack([vectors, np.zeros((1, vectors.shape[1]))])
    return np.add.reduceat(rows, spans.reshape(-1))[::2]


@settings(max_examples=300, deadline=None)
@given(
    lengths=st.lists(st.integers(1, 70), min_size=1, max_size=40),
    gaps=st.lists(st.integers(0, 3), min_size=40, max_size=40),
    dimension=st.sampled_from([1, 3, 256, 300]),
    cells=st.sampled_from([1, 8, 100, 1 << 14]),
    seed=st.integers(0, 2**32 - 1),
    zeros=st.booleans(),
)
def test_span_sums_add_as_reduceat_does_bit_for_bit(
    lengths: list[int],
    gaps: list[int],
    dimension: int,
    cells: int,
    seed: int,
    zeros: bool,
) -> None:
    """Each span's float64 sum of float32 rows (weights times vectors, as ``_centroids``
    makes them) equals ``reduceat``'s bit for bit, the sign of a zero too, whatever the
    spans' lengths and gaps, the groups' size and the vectors' width; and ``_centroids``
    gives the same vectors as ``reduceat``'s sums made unit length."""
    rng = np.random.default_rng(seed)
    spans, at = [], 0
    for length, gap in zip(lengths, gaps, strict=False):
        at += gap
        spans.append((at, at + length))
        at += length
    table = rng.standard_normal((50, dimension)).astype(np.float32)
    if zeros:  # exact zeros, negative ones and columns of them
        table[rng.random(table.shape) < 0.3] = 0.0
        table[:, 0] = -0.0
    rows = rng.integers(0, 50, at).astype(np.int32)
    weights = rng.uniform(1, 6, at).astype(np.float32)
    vectors = pp._products(weights, table, rows)
    assert np.array_equal(vectors[:-1], weights[:, None] * table[rows])
    spans_array = np.array(spans, dtype=np.int64)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pp, "VECTOR_WORDS", cells)
        sums = pp._span_sums(vectors, spans_array)
        centroids = pp._centroids(spans, table, rows, weights)
    expected = _reduceat_sums(vectors[:-1], spans_array)
    assert sums.dtype == np.float64
    assert sums.tobytes() == expected.tobytes()
    unit = expected.astype(np.float32)
    norms = np.linalg.norm(unit, axis=1, keepdims=True)
    unit /= np.where(norms > 0, norms, 1.0)
    assert centroids.tobytes() == unit.tobytes()
