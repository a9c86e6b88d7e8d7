"""The read stage's one-pass shortcuts (issue 40) give what the plain path gives, bit for bit:
the shingles, anchors and seeds of a document made together (``shingle.kgrams_of``,
``prepare.prepared_with_seeds``) and the language sample's stop-word hits."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import language, shingle
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.prepare import prepare_text, prepared_with_seeds
from copylens.core.shingle import kgram_set, kgrams, kgrams_of, shingle_set
from copylens.core.spill import Spot, summary

MIXED = (
    "Пpивeт, мир! Это тeкст с лaтинскими буквами внутри слов: кот, пёс, ёжик.\n"
    "Ось українське речення: п'ять м’ячів, пам'ятник і з'їзд; Їжак та ґанок.\n"
    "The quick brown fox doesn't jump over the lazy dog's well-known half-way mark.\n"
    "Der schnelle braune Fuchs springt über den faulen Hund; Straße, Größe, Ärger.\n"
    "Coca-Cola и Pepsi — бренды; cлово c латинской c, kот с латинской k. 2024 год.\n"
    "Soft\u00adhyphen in\u00ad\u200bside, zero\u200bwidth, combining e\u0301 and "
    "ʼапостроф ʼ кінець. " * 3
)


@pytest.mark.parametrize("sizes", [(1,), (3, 5, 10), (2, 3), (1, 4, 9, 16)])
@given(
    n=st.integers(0, 40), seed=st.integers(0, 2**32 - 1), block=st.sampled_from([1, 3, 7, 1 << 16])
)
@settings(max_examples=60, deadline=None)
def test_runs_made_together_are_each_size_s_own(
    sizes: tuple[int, ...], n: int, seed: int, block: int
) -> None:
    hashes = np.random.default_rng(seed).integers(0, 2**64, size=n, dtype=np.uint64)
    old, shingle._BLOCK = shingle._BLOCK, block
    try:
        together = kgrams_of(hashes, sizes)
        apart = [kgrams(hashes, k) for k in sizes]
    finally:
        shingle._BLOCK = old
    assert len(together) == len(sizes)
    for made, alone in zip(together, apart, strict=True):
        assert made.dtype == np.uint64
        assert made.tolist() == alone.tolist()


def test_runs_made_together_want_sizes_ascending() -> None:
    hashes = np.arange(10, dtype=np.uint64)
    with pytest.raises(ValueError, match="ascending"):
        kgrams_of(hashes, (5, 3))
    with pytest.raises(ValueError, match="ascending"):
        kgrams_of(hashes, (0, 3))


def _plain(text: str, options: Options) -> tuple[object, np.ndarray, np.ndarray, np.ndarray]:
    doc = prepare_text(Extracted("x.txt", text, "txt"), options)
    hashes = doc.canonical.hashes
    return (
        doc.canonical,
        shingle_set(hashes, options.shingle),
        kgram_set(hashes, options.anchor_words),
        kgrams(hashes, options.seed_k),
    )


@pytest.mark.parametrize(
    "options",
    [
        Options(),
        Options(shingle=4, anchor_words=3, seed_k=3),  # seeds and anchors of one size: apart
        Options(shingle=6, anchor_words=6, seed_k=4),
        Options(lemmatize=False, stop_words=False),
    ],
)
@pytest.mark.parametrize(
    "text",
    [
        MIXED,
        "Один два три четыре.",  # fewer words than a shingle: one shingle of them all
        "Пpивeт",
        "word " * 30,
        " ".join(f"слово{n} word{n}" for n in range(200)),
    ],
)
def test_a_document_made_in_one_pass_is_the_plain_path_s(options: Options, text: str) -> None:
    options = options.validated()
    doc, seeds = prepared_with_seeds(Extracted("x.txt", text, "txt"), options)
    canonical, shingles, anchors, plain_seeds = _plain(text, options)
    c = doc.canonical
    assert c.forms == canonical.forms  # type: ignore[attr-defined]
    for name in ("starts", "ends", "variants", "hashes", "sentences"):
        assert getattr(c, name).tolist() == getattr(canonical, name).tolist(), name
    assert c.homoglyphs == canonical.homoglyphs  # type: ignore[attr-defined]
    assert doc.shingles.tolist() == shingles.tolist()
    assert doc.anchors.tolist() == anchors.tolist()
    alone_doc = prepare_text(Extracted("x.txt", text, "txt"), options)  # no seeds made
    assert alone_doc.shingles.tolist() == shingles.tolist()
    assert alone_doc.anchors.tolist() == anchors.tolist()
    assert seeds.tolist() == plain_seeds.tolist()
    assert seeds.tolist() == doc.seed_grams(options.seed_k)[0].tolist()
    made = summary(doc, Spot("f", 0, 1), options, seeds=seeds)
    alone = summary(doc, Spot("f", 0, 1), options)
    assert made.grams.dtype == np.uint32
    assert made.grams.tolist() == alone.grams.tolist()
    assert made.grams.tolist() == (plain_seeds & 0xFFFFFFFF).tolist()


def test_the_mixed_text_has_what_the_shortcuts_must_keep() -> None:
    doc = prepare_text(Extracted("x.txt", MIXED, "txt"), Options().validated())
    assert doc.canonical.homoglyphs  # look-alike letters folded
    assert len(doc.canonical) >= Options().shingle


def _every_word_hits(counts: Counter[str]) -> dict[str, int]:
    """The stop-word hits as first written: every word of the sample visited."""
    hits = dict.fromkeys(language.LATIN_LANGUAGES + language.CYRILLIC_LANGUAGES, 0)
    index = language._stop_index()
    for word, n in counts.items():
        for found in index.get(word, ()):
            hits[found] += n
    return hits


_STOPS = sorted(language._stop_index())


@given(st.lists(st.one_of(st.sampled_from(_STOPS), st.text(min_size=1, max_size=8)), max_size=400))
@settings(max_examples=200, deadline=None)
def test_stop_word_hits_are_those_of_every_word_visited(words: list[str]) -> None:
    counts = language._lower_case_counts(words)
    assert language._stop_word_hits(counts) == _every_word_hits(counts)


def test_a_sample_in_several_languages_hits_each_language_s_stop_words() -> None:
    counts = language._lower_case_counts(MIXED.replace(",", " ").replace(".", " ").split())
    hits = language._stop_word_hits(counts)
    assert hits == _every_word_hits(counts)
    assert hits["ru"] > 0 and hits["en"] > 0 and hits["de"] > 0


_CONTROLS_TEXT = st.text(
    alphabet=st.sampled_from(
        [*map(chr, range(0, 33)), "\x7f", "\x80", "\x9f", "a", "Ж", "ї", "—", "\u2013", "😀", "é"]
    ),
    max_size=60,
)


@given(text=_CONTROLS_TEXT, bom=st.booleans())
@settings(max_examples=400, deadline=None)
def test_a_utf8_file_s_text_is_made_readable_as_the_plain_path_makes_it(
    text: str, bom: bool
) -> None:
    """The control characters of a UTF-8 file are looked for in its bytes (``decode_text``'s
    shortcut); the text is what ``readable`` makes of the decoded bytes either way."""
    from copylens.core.extract import decode

    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    try:
        decoded, codec = decode.decode_text(data)
    except Exception:  # binary data: the shortcut is never reached
        return
    if codec in ("utf-8", "utf-8-sig"):
        assert decoded == decode.readable(data.decode(codec))
        assert decoded == decode.readable(text)


def test_a_utf8_essay_with_and_without_a_control_character() -> None:
    from copylens.core.extract import decode

    plain = "Это эссе.\nIt has no control character at all — none.\n"
    assert decode.decode_text(plain.encode()) == (plain, "utf-8")
    stray = "Это эссе с тире и концом. " * 10 + "Тире\x13 и\x01 конец\x1a.\n"
    assert decode.decode_text(stray.encode()) == (decode.readable(stray), "utf-8")
    assert decode.readable(stray) != stray


def _language_before(words: list[str]) -> str:
    """language_of_words as it was before issue 40's reordering: the stop words counted for
    every sample, Cyrillic or not."""
    counts = Counter(word.lower() for word in words)
    letters = "".join(counts)
    hits = _every_word_hits(counts)
    if language._mostly_cyrillic(letters):
        uk = sum(letters.count(ch) for ch in language.UK_ONLY)
        ru = sum(letters.count(ch) for ch in "ыэъё")
        if uk > 2 * ru and uk >= 2:
            return "uk"
        if ru > 2 * uk and ru >= 2:
            return "ru"
        return "uk" if hits["uk"] > hits["ru"] else "ru"
    best = max(language.LATIN_LANGUAGES, key=lambda name: hits[name])
    return best if hits[best] else "en"


_CYRILLIC_WORDS = ["і", "їх", "є", "ґанок", "ы", "это", "объём", "Ещё", "И", "В", "НА", "Що", "як"]


@given(
    st.lists(
        st.one_of(
            st.sampled_from(_STOPS),
            st.sampled_from(_CYRILLIC_WORDS),
            st.sampled_from(_STOPS).map(str.capitalize),
            st.text(alphabet="абвгдеёжзийіїєґыэъABCabcßüé", min_size=1, max_size=8),
        ),
        max_size=400,
    )
)
@settings(max_examples=500, deadline=None)
def test_the_language_of_a_sample_is_the_one_told_before(words: list[str]) -> None:
    """language_of_words counts the stop words of a Cyrillic sample only when its letters do
    not tell ru from uk (issue 40): the same language as counting them always, for samples of
    Russian, Ukrainian, English, German, French... stop words, capitals, mixed letters."""
    assert language.language_of_words(words) == _language_before(words)
