"""The widening's word windows (``copylens.core.copies``) match the tokenizer on the window's
bounds without slicing the text out (issue 40): the same words as ``word_spans`` of the slice,
shifted, whatever lies just outside the window (a word it cuts, a joiner, an accent)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.canonicalize import word_spans, word_spans_within
from copylens.core.copies import (
    _NEAR_CHARS,
    nearest_after,
    nearest_before,
    words_after,
    words_before,
)

# letters of two scripts, the joiners the tokenizer keeps inside a word (apostrophes, a soft
# hyphen, a combining accent, a zero-width space) and what parts words
PIECES = st.sampled_from(
    ["a", "b", "кот", "d", "'", "’", "\u00ad", "\u0301", "\u200b", " ", " ", ", ", ".", "_", "1"]
)
TEXTS = st.lists(PIECES, max_size=160).map("".join)


def sliced_before(text: str, at: int) -> list[tuple[int, int]]:
    """``words_before`` as it was: the tokenizer on the slice, shifted."""
    lo = max(0, at - _NEAR_CHARS)
    spans = [(s + lo, e + lo) for s, e in word_spans(text[lo:at])]
    if lo > 0 and spans:
        spans = spans[1:]
    return spans[::-1]


def sliced_after(text: str, at: int) -> list[tuple[int, int]]:
    """``words_after`` as it was: the tokenizer on the slice, shifted."""
    hi = min(len(text), at + _NEAR_CHARS)
    spans = [(s + at, e + at) for s, e in word_spans(text[at:hi])]
    if hi < len(text) and spans:
        spans = spans[:-1]
    return spans


@settings(max_examples=400)
@given(TEXTS, st.data())
def test_the_pattern_on_a_windows_bounds_finds_the_words_of_the_window_sliced_out(
    text: str, data: st.DataObject
) -> None:
    lo = data.draw(st.integers(0, len(text)))
    hi = data.draw(st.integers(lo, len(text)))
    found = word_spans_within(text, lo, hi)
    assert found == [(s + lo, e + lo) for s, e in word_spans(text[lo:hi])]


@settings(max_examples=400)
@given(TEXTS, st.data())
def test_the_words_next_to_a_place_are_those_the_sliced_windows_find(
    text: str, data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(text)))
    assert words_before(text, at) == sliced_before(text, at)
    assert words_after(text, at) == sliced_after(text, at)
    assert list(nearest_before(text, at)) == sliced_before(text, at)
    assert list(nearest_after(text, at)) == sliced_after(text, at)
