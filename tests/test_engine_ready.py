"""The ready stage of ``compare`` (issue 40): a spilled document readied from its canonical
words' fingerprints alone (:func:`copylens.core.engine.readied` where only the run's phrases
mark words) is the summary readying the whole document makes, field for field."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import engine
from copylens.core.arrays import distinct
from copylens.core.extract import Extracted
from copylens.core.ignore import phrase_summaries
from copylens.core.options import Options
from copylens.core.shingle import kgrams
from copylens.core.spill import _SPILLED_FIELDS, Spill, Spilled, load
from copylens.core.templates import ignored_words

_WORDS = [c + v + e for c in "bdfgklmnprstvz" for v in "aeiou" for e in ("", "n", "r")]


def _text(rng: random.Random, phrases: list[list[str]], words: int) -> str:
    """Made-up sentences of ten words with some of ``phrases`` pasted in between."""
    out: list[str] = []
    while len(out) < words:
        if phrases and rng.random() < 0.3:
            out.extend(rng.choice(phrases))
        else:
            out.extend(rng.choice(_WORDS) for _ in range(rng.randint(1, 12)))
    return " ".join(" ".join(out[i : i + 10]).capitalize() + "." for i in range(0, len(out), 10))


def _same(x: Spilled, y: Spilled) -> None:
    for name in _SPILLED_FIELDS:
        mine, theirs = getattr(x, name), getattr(y, name)
        if isinstance(mine, np.ndarray) or isinstance(theirs, np.ndarray):
            assert mine is not None and theirs is not None, name
            assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name
        else:
            assert mine == theirs, name


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(1, 5),
    st.integers(1, 8),
    st.sampled_from([(3, 5, 10), (3, 3, 4), (2, 6, 6), (2, 2, 3)]),
)
def test_a_document_readied_from_its_words_fingerprints_is_the_whole_documents_summary(
    seed: int, shared: int, documents: int, sizes: tuple[int, int, int]
) -> None:
    """Documents sharing phrases (some of them, some pasted twice or side by side, one
    document of fewer words than an anchor) are readied both ways with each document's
    phrases the run's: the same :class:`Spilled`, or the document itself, in both."""
    seed_k, anchor_words, shingle = sizes
    options = Options(seed_k=seed_k, anchor_words=anchor_words, shingle=shingle).validated()
    assert engine._phrases_only(options)
    rng = random.Random(seed)
    phrases = [[rng.choice(_WORDS) for _ in range(rng.randint(3, 9))] for _ in range(shared)]
    texts = [_text(rng, phrases, rng.randint(5, 120)) for _ in range(documents)]
    texts.append(" ".join(_WORDS[: max(1, anchor_words - 1)]))  # shorter than an anchor
    with Spill() as spill:
        made = spill.prepare()
        docs = [made(Extracted(f"{n}.txt", t, "txt"), options) for n, t in enumerate(texts)]
        held = distinct(np.concatenate([d.anchors for d in docs]))
        for phrase_share in (0.0, 0.3, 1.0):
            run = held[np.array([rng.random() < phrase_share for _ in held], dtype=bool)]
            ats = [3 * at + 1 for at in range(len(docs))]  # a partition's positions in a run
            block = engine.readied_block(docs, ats, run, options)  # all in one pass
            for at, doc, together in zip(ats, docs, block, strict=True):
                fast = engine.readied(doc, at, run, options)
                whole = engine._readied_whole(doc, load(doc, options), at, run, options)
                assert (fast is doc) == (whole is doc) == (together is doc)
                if phrase_share != 0.3:  # all or none of the anchors are phrases
                    assert (fast is doc) == (phrase_share == 0.0 or len(doc.anchors) == 0)
                _same(fast, whole)
                _same(together, whole)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 6), max_size=40),
    st.lists(st.integers(0, 2**64 - 1), max_size=6),
    st.integers(2, 5),
)
def test_phrase_summary_ignores_the_words_the_templates_signal_marks(
    words: list[int], extra: list[int], anchor_words: int
) -> None:
    """The words :func:`phrase_summaries` ignores in a document are those of
    :func:`copylens.core.templates.ignored_words` (a small vocabulary: phrases repeat and
    overlap), and it gives None where that marks none."""
    from copylens.core.canonicalize import canonicalize

    options = Options(seed_k=2, anchor_words=anchor_words, shingle=max(3, anchor_words))
    options = options.validated()
    text = " ".join(_WORDS[w] for w in words)
    c = canonicalize(text, options)
    grams = kgrams(c.hashes, anchor_words)
    phrases = distinct(
        np.concatenate((grams[::3], np.array(extra, dtype=np.uint64))).astype(np.uint64)
    )
    expected = ignored_words(c, phrases, anchor_words) if len(phrases) else None
    made = phrase_summaries([c.hashes], phrases, [7], options)[0]
    if expected is None:
        assert made is None
    else:
        assert made is not None and np.array_equal(made[0], expected)


def _one_by_one(
    hashes: np.ndarray, phrases: np.ndarray, salt: int, options: Options
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """A document's :func:`phrase_summaries` as it was made one document at a time (issue
    40)."""
    from copylens.core.canonicalize import fingerprint

    m = options.anchor_words
    grams = kgrams(hashes, m)
    if len(phrases) == 0 or len(grams) == 0:
        return None
    hit = np.isin(grams, phrases)
    words = np.zeros(len(hashes), dtype=bool)
    for g in np.flatnonzero(hit):
        words[g : g + m] = True
    if not words.any():
        return None
    changed = hashes.copy()
    for i in np.flatnonzero(words):
        changed[i] = fingerprint(f"\x01ignored\x01{salt}\x01{i}")
    free = np.array([not words[g : g + m].any() for g in range(len(grams))], dtype=bool)
    return words, distinct(grams[free]), kgrams(changed, options.seed_k)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 5), max_size=14), max_size=6),
    st.integers(0, 40),
    st.sampled_from([(3, 5, 10), (3, 3, 4), (2, 6, 6), (2, 2, 3)]),
)
def test_phrase_summaries_of_documents_laid_end_to_end_are_each_one_s_own(
    documents: list[list[int]], seed: int, sizes: tuple[int, int, int]
) -> None:
    """:func:`copylens.core.ignore.phrase_summaries` makes the arrays of several documents in
    one pass over their words laid end to end: each document's are those it makes alone, as
    written out plainly here (a window reaching into the next document is no phrase of
    either; documents of no words, or fewer than a window, among them; a small vocabulary,
    so phrases repeat, overlap and run across the joins)."""
    seed_k, anchor_words, shingle = sizes
    options = Options(seed_k=seed_k, anchor_words=anchor_words, shingle=shingle).validated()
    vocabulary = np.array([3, 17, 2**63 + 5, 99, 2**64 - 1, 1234567], dtype=np.uint64)
    hashes = [vocabulary[np.array(d, dtype=np.int64)] for d in documents]
    every = [kgrams(h, anchor_words) for h in hashes]
    joined = kgrams(np.concatenate(hashes or [vocabulary[:0]]), anchor_words)
    rng = random.Random(seed)
    pool = distinct(np.concatenate([*every, joined]))
    phrases = distinct(pool[np.array([rng.random() < 0.4 for _ in pool], dtype=bool)])
    salts = [rng.randint(-5, 50) for _ in hashes]
    made = phrase_summaries(hashes, phrases, salts, options)
    assert len(made) == len(hashes)
    for h, salt, got in zip(hashes, salts, made, strict=True):
        expected = _one_by_one(h, phrases, salt, options)
        assert (got is None) == (expected is None)
        if got is not None and expected is not None:
            for mine, theirs in zip(got, expected, strict=True):
                assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)
