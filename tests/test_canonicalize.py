"""Canonicalize stage: forms, spans, look-alike letters, invisible characters, languages."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import canonicalize as module
from copylens.core import shingle
from copylens.core.canonicalize import (
    Canonical,
    canonicalize,
    fingerprint,
    fold_homoglyphs,
    sentence_ids,
)
from copylens.core.extract import Extracted
from copylens.core.language import detect_language, language_of_words, script_of
from copylens.core.options import Options
from copylens.core.prepare import prepare_text

PLAIN = Options(stop_words=False)


def forms(text: str, options: Options = PLAIN) -> tuple[str, ...]:
    return canonicalize(text, options).forms


def test_every_span_is_the_word_in_the_original_text() -> None:
    text = "Кошки\u200bбежали  по\r\nдороге — «быстро», ﬁle ＡＢＣ."
    c = canonicalize(text, PLAIN)
    spans = [text[s:e] for s, e in zip(c.starts, c.ends, strict=True)]
    assert spans == ["Кошки\u200bбежали", "по", "дороге", "быстро", "ﬁle", "ＡＢＣ"]
    assert c.forms[-2:] == ("file", "abc")


def test_russian_word_forms_share_a_lemma() -> None:
    assert forms("кошками домов бежали") == forms("кошка дом бежать")


def test_ukrainian_lemmas_and_apostrophes() -> None:
    opts = Options(language="uk", stop_words=False)
    assert forms("книжки", opts) == ("книжка",)
    assert forms("м’ясо", opts) == forms("м'ясо", opts) == forms("мʼясо", opts)


def test_english_and_german_stems() -> None:
    assert forms("running cats", Options(language="en", stop_words=False)) == ("run", "cat")
    de = Options(language="de", stop_words=False)
    assert (
        forms("Häuser Hauses Kindern", de)
        == forms("Haus Haus Kind", de)
        == ("haus", "haus", "kind")
    )


def test_yo_folds_to_ye() -> None:
    assert forms("ёлка") == forms("елка")


def test_latin_lookalikes_inside_cyrillic_words_are_folded_and_reported() -> None:
    text = "мир пpивeт"  # Latin p and e inside a Russian word
    c = canonicalize(text, PLAIN)
    assert c.forms == forms("мир привет")
    assert c.homoglyphs == (5, 8)
    assert [text[i] for i in c.homoglyphs] == ["p", "e"]


def test_cyrillic_lookalikes_inside_latin_words_are_folded() -> None:
    text = "the cоpy machine"  # Cyrillic о inside an English word
    c = canonicalize(text, Options(language="en", stop_words=False))
    assert c.forms == forms("the copy machine", Options(language="en", stop_words=False))
    assert c.homoglyphs == (5,)


def test_whole_words_in_the_other_script_are_left_alone() -> None:
    assert fold_homoglyphs("Coca") == ("Coca", ())
    assert canonicalize("Напиток Coca продают", PLAIN).homoglyphs == ()


def test_invisible_characters_inside_words_are_ignored_but_kept_in_spans() -> None:
    text = "пла\u200bги\u00adат"
    c = canonicalize(text, PLAIN)
    assert c.forms == forms("плагиат")
    assert (int(c.starts[0]), int(c.ends[0])) == (0, len(text))


def test_stop_words_short_words_and_numbers() -> None:
    text = "он и она читали 2024 книги о море"
    assert forms(text, Options(language="ru")) == ("читать", "2024", "книга", "море")
    assert "2024" not in forms(text, Options(language="ru", ignore_numbers=True))
    assert forms("кот читал длинные книги", Options(language="ru", drop_short=True)) == (
        "читать",
        "длинный",
        "книга",
    )
    assert canonicalize(text, Options(language="ru")).words == 8


def test_fingerprints_are_stable_constants() -> None:
    # BLAKE2b-64 of the UTF-8 form: the same on every machine and run (never hash()).
    assert fingerprint("кошка") == int.from_bytes(
        bytes.fromhex(__import__("hashlib").blake2b("кошка".encode(), digest_size=8).hexdigest()),
        "little",
    )
    c1 = canonicalize("Кошки бежали по дороге", PLAIN)
    c2 = canonicalize("Кошки бежали по дороге", PLAIN)
    assert c1.hashes.tolist() == c2.hashes.tolist()


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Это был тёплый вечер, и мы долго говорили о том, что будет завтра.", "ru"),
        ("Це був теплий вечір, і ми довго говорили про те, що буде завтра.", "uk"),
        ("It was a warm evening and we talked for a long time about what would come.", "en"),
        ("Es war ein warmer Abend, und wir sprachen lange darüber, was morgen sein wird.", "de"),
    ],
)
def test_language_detection(text: str, language: str) -> None:
    assert detect_language(text) == language
    assert canonicalize(text, Options()).language == language


def test_mixed_text_uses_the_script_of_each_word() -> None:
    c = canonicalize("Студенты изучали running systems", Options(language="ru", stop_words=False))
    assert c.forms == ("студент", "изучать", "run", "system")


def test_sentence_ids_split_at_terminal_punctuation_before_a_capital_and_at_line_breaks() -> None:
    text = (
        "Dr. Smith came. Он сказал: «Привет!» Потом ушёл.\nЗаголовок\n"
        "и т. д. и т. п. 3.5 мм. Über alles."
    )
    c = canonicalize(text, Options(stop_words=False, lemmatize=False))
    by_word = {text[s:e]: int(i) for s, e, i in zip(c.starts, c.ends, c.sentences, strict=True)}
    assert by_word["Smith"] == by_word["came"] != by_word["Dr"]  # an abbreviation splits
    assert by_word["сказал"] == by_word["Привет"] != by_word["Потом"]
    assert by_word["Заголовок"] not in (by_word["ушёл"], by_word["мм"])  # a line of its own
    assert by_word["д"] == by_word["т"] == by_word["п"]  # "т. д." and "т. п.": no capital after
    assert by_word["3"] == by_word["мм"] != by_word["п"]  # a digit may start a sentence
    assert by_word["Über"] == by_word["alles"] != by_word["мм"]
    assert list(c.sentences) == sorted(c.sentences)


# --- Batching changes nothing (issue 13: memory a small multiple of the text) -------------------
#
# canonicalize reads the tokenizer's matches over the whole text a batch at a time, keeps the
# per-word results in numpy arrays, reads sentence ends a batch at a time and empties its memo of
# words when full. The reference below is the code as it was before (commit 998b38d): every
# token, entry and sentence end of the text in Python lists at once, no memo. The module's batch
# sizes shrink to a few words, so that batch boundaries fall everywhere.


SENTENCE_END_BEFORE = re.compile(
    r"[.!?…]+[\"'»“”’)\]]*(?=\s+[\"'«“„‘(\[—–-]*\s*[A-ZÀ-ÖØ-ÞА-ЯЁІЇЄҐ0-9])|\n"
)
"""The sentence end as it was written before it was rewritten for speed (one leading class)."""


def reference(text: str, options: Options) -> Canonical:
    """canonicalize the simple way: whole lists, one pass, no memo."""
    tokens = [(m.group(), m.start(), m.end()) for m in module._WORD.finditer(text)]
    language = options.language
    if language == "auto":
        language = language_of_words([t[0] for t in tokens[: module._DETECT_WORDS]])
    rules = module._Rules(options, language, script_of(language))
    entries = [rules._make(raw) for raw, _, _ in tokens]  # (form, variant, hash, folded)
    kept = [
        (e[0], e[1], e[2], t[1], t[2])
        for e, t in zip(entries, tokens, strict=True)
        if e[0] is not None
    ]
    forms, variants, hashes, starts, ends = zip(*kept, strict=True) if kept else ((),) * 5
    homoglyphs = [t[1] + o for e, t in zip(entries, tokens, strict=True) for o in e[3]]
    ends_of_sentences = [m.end() for m in SENTENCE_END_BEFORE.finditer(text)]
    word_starts = np.array(starts, dtype=np.int64)
    sentences = np.searchsorted(np.array(ends_of_sentences, dtype=np.int64), word_starts, "right")
    return Canonical(
        language=language,
        words=len(tokens),
        starts=word_starts,
        ends=np.array(ends, dtype=np.int64),
        forms=forms,
        variants=np.array(variants, dtype=np.uint64),
        hashes=np.array(hashes, dtype=np.uint64),
        homoglyphs=tuple(homoglyphs),
        sentences=sentences.astype(np.int32),
    )


def assert_same(got: Canonical, want: Canonical) -> None:
    assert (got.language, got.words, len(got)) == (want.language, want.words, len(want))
    assert type(got.forms) is tuple and got.forms == want.forms
    assert type(got.homoglyphs) is tuple and got.homoglyphs == want.homoglyphs
    for name in ("starts", "ends", "variants", "hashes", "sentences"):
        a, b = getattr(got, name), getattr(want, name)
        assert a.dtype == b.dtype and a.shape == b.shape and a.tolist() == b.tolist(), name


@contextmanager
def small(**values: int) -> Iterator[None]:
    """The module's private sizes set to ``values`` for the duration."""
    old = {name: getattr(module, name) for name in values}
    try:
        for name, value in values.items():
            setattr(module, name, value)
        yield
    finally:
        for name, value in old.items():
            setattr(module, name, value)


PIECES = (
    *"aceopxyAOPiIt",  # Latin, look-alikes among them
    *"асеорхуёіїДЖ",  # Cyrillic, look-alikes among them
    *"07",
    *"'’ʼ",  # apostrophes
    *"\u00ad\u200b\u200c\u200d\u2060\ufeff",  # soft hyphen, zero-width characters
    "\u0301",  # combining acute
    *'.!?…"»“)(«—-_,:',
    *" \t\n\r",
    "ﬁ",
    "Ａ",
    "𝐀",  # a letter beyond the Basic Multilingual Plane
    "😀",
    " The ",
    " и ",
    " running ",
    " кошками ",
    " пpивeт ",
    " cоpy ",
    ". Он ",
    "… «Да",
    "\n\n",
    " 2024 ",
    "м’ясо",
)
TEXTS = st.lists(st.sampled_from(PIECES), max_size=120).map("".join)
OPTIONS = st.sampled_from(
    [
        Options(),
        Options(language="ru", stop_words=False),
        Options(language="en", drop_short=True, ignore_numbers=True),
        Options(language="uk", lemmatize=False),
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    TEXTS,
    OPTIONS,
    st.integers(1, 4),
    st.integers(1, 3),
    st.sampled_from([1, 3, 1 << 18]),
    st.sampled_from([2, 400]),
)
def test_batched_canonicalize_is_the_simple_one(
    text: str, options: Options, batch: int, ends: int, memo: int, detect: int
) -> None:
    with small(_BATCH=batch, _ENDS_BATCH=ends, _CACHE_WORDS=memo, _DETECT_WORDS=detect):
        got = canonicalize(text, options)
        want = reference(text, options)
    assert_same(got, want)
    assert [text[s:e] for s, e in zip(got.starts, got.ends, strict=True)] == [
        text[s:e] for s, e in zip(want.starts, want.ends, strict=True)
    ]


def test_batched_canonicalize_of_a_long_text_is_the_simple_one() -> None:
    words = ["Кошки", "бежали", "по", "дороге.", "The", "cоpy", "machine", "was", "running\n"]
    words += ["«Пpивeт!»", "3.5", "мм…", "", "Ein", "’", "м’ясо"]
    text = " ".join(words[i * 7 % len(words)] for i in range(5_000)).replace("  ", "\n")
    for options in (Options(), Options(language="en", stop_words=False)):
        with small(_BATCH=97, _ENDS_BATCH=13, _CACHE_WORDS=50):
            got = canonicalize(text, options)
        assert_same(got, reference(text, options))


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.lists(st.integers(0, 400)), st.integers(1, 3))
def test_sentence_ids_read_in_batches_are_the_whole_text_ones(
    text: str, starts: list[int], batch: int
) -> None:
    at = np.array(sorted(starts), dtype=np.int64)
    ends = np.array([m.end() for m in SENTENCE_END_BEFORE.finditer(text)], dtype=np.int64)
    with small(_ENDS_BATCH=batch):
        got = sentence_ids(text, at)
    assert got.dtype == np.int32
    assert got.tolist() == np.searchsorted(ends, at, side="right").tolist()


@settings(max_examples=100, deadline=None)
@given(TEXTS, OPTIONS)
def test_a_pickled_canonical_comes_back_whole_with_one_string_per_distinct_form(
    text: str, options: Options
) -> None:
    c = canonicalize(text + " кошками кошки The the", options)
    back = pickle.loads(pickle.dumps(c))
    assert_same(back, c)
    assert len({id(f) for f in back.forms}) == len(set(back.forms))


def old_shingles(hashes: np.ndarray, w: int) -> np.ndarray:
    """core.shingle.shingles before it worked a block at a time (commit 998b38d)."""
    if len(hashes) == 0:
        return np.empty(0, dtype=np.uint64)
    w = min(w, len(hashes))
    count = len(hashes) - w + 1
    x = hashes[:count].copy()
    for j in range(1, w):
        x *= shingle._BASE
        x += hashes[j : j + count]
    x = x ^ (x >> shingle._S30)
    x = x * shingle._M1
    x = x ^ (x >> shingle._S27)
    x = x * shingle._M2
    return x ^ (x >> shingle._S31)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=80), st.integers(1, 12), st.integers(1, 9))
def test_shingles_in_blocks_are_the_whole_array_ones(words: list[int], w: int, block: int) -> None:
    hashes = np.array([fingerprint(str(i)) for i in words], dtype=np.uint64)
    old, shingle._BLOCK = shingle._BLOCK, block
    try:
        whole = old_shingles(hashes, w)
        assert shingle.shingles(hashes, w).tolist() == whole.tolist()
        assert shingle.shingle_set(hashes, w).tolist() == np.unique(whole).tolist()
        kgrams = whole if len(hashes) >= w else np.empty(0, dtype=np.uint64)
        assert shingle.kgram_set(hashes, w).tolist() == np.unique(kgrams).tolist()
    finally:
        shingle._BLOCK = old


def test_the_digest_of_a_long_text_is_that_of_the_whole_text() -> None:
    # prepare_text encodes a text without a digest a million characters at a time; a surrogate
    # pair cut by a piece's end encodes the same (surrogatepass encodes each on its own).
    text = "a" * ((1 << 20) - 1) + "\ud83d\ude00" + "б" * 1000 + "\udcff"
    whole = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    assert prepare_text(Extracted("long", text, "txt"), Options()).sha256 == whole


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from([*".!?…\"'»“”’)]«„‘([—–-", " ", "\n", "\t", "A", "a", "Я", "я", "0"]))
)
def test_the_sentence_end_finds_what_it_found_before_it_was_rewritten(pieces: list[str]) -> None:
    text = "".join(pieces)
    got = [m.span() for m in module._SENTENCE_END.finditer(text)]
    assert got == [m.span() for m in SENTENCE_END_BEFORE.finditer(text)]


# --- Speed-ups that must change nothing (issue 40) ---------------------------------------------


def test_a_word_that_is_lower_case_is_its_own_lower_case() -> None:
    """language_of_words skips lower() for words that are islower(): no character that lower()
    changes can be in such a word (checked for every code point, beside a cased letter)."""
    changed = [chr(c) for c in range(0x110000) if chr(c).lower() != chr(c)]
    assert len(changed) > 1000
    assert not [ch for ch in changed if (ch + "a").islower() or ("a" + ch).islower()]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="aAbThe2DERderиИвВЕеёЁіІΣσςΑİıK\u212a\u0301ǅ", max_size=5)))
def test_the_language_sample_counts_the_lower_cased_words(words: list[str]) -> None:
    from copylens.core.language import _lower_case_counts

    assert _lower_case_counts(words) == Counter(word.lower() for word in words)


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_lemma_of_an_unambiguous_dictionary_word_is_the_best_parse(language: str) -> None:
    """morphology's shortcut (all dictionary parses share one lemma) gives parse()'s lemma."""
    import pymorphy3

    from copylens.core.morphology import _dictionary_lemma

    analyzer = pymorphy3.MorphAnalyzer(lang=language)
    shortcut = _dictionary_lemma(analyzer)
    assert shortcut is not None
    words: dict[str, None] = {}
    for prefix in ("по", "пере", "ст", "кош", "ру", "зна", "при"):
        for n, parse in enumerate(analyzer.iter_known_word_parses(prefix)):
            words[parse.word] = None
            if n > 3000:
                break
    words.update(dict.fromkeys(["стали", "мыла", "печь", "коса", "ёлки", "пла", "ии", "xyz"]))
    taken = 0
    for word in words:
        lemma = shortcut(word)
        if lemma is not None:
            taken += 1
            assert lemma == analyzer.parse(word)[0].normal_form.replace("ё", "е"), word
    assert taken > len(words) * 9 // 10  # the shortcut is taken for all dictionary words
    # сталь / стать: several lemmas, the one of the parse parse() ranks first (issue 40)
    assert shortcut("стали") == analyzer.parse("стали")[0].normal_form
    assert shortcut("я") is None  # a single letter may be an initial


def test_a_word_form_is_learned_once_and_its_fingerprints_are_those_of_its_strings() -> None:
    options = Options(language="ru", stop_words=False)
    rules = module._rules(options, "ru", script_of("ru"))
    text = "Кошки бежали кошки Кошки бежали по дороге к кошке"
    canonicalize(text, options)
    learned = len(rules.table)
    canonicalize(text + " " + text, options)
    assert len(rules.table) == learned  # nothing learned again
    for raw in ("Кошки", "кошке", "дороге", "по"):
        form, variant, hashed, _ = rules._make(raw)
        assert form is not None
        assert (variant, hashed) == (fingerprint(raw.lower()), fingerprint(form))


def test_the_warm_up_texts_are_read_in_their_own_languages() -> None:
    """The parent reads one text per language before its workers fork, so that they inherit
    the dictionaries (``prepare._warm_up``): the Ukrainian one must be read as Ukrainian."""
    from copylens.core.prepare import _WARM_UP_TEXTS

    read = [prepare_text(Extracted("t", text, "txt"), Options()) for text in _WARM_UP_TEXTS]
    assert [p.canonical.language for p in read] == ["en", "ru", "uk"]


def test_a_letter_of_the_tokenizer_is_an_alphanumeric_character() -> None:
    """The tokenizer's table of classes (``_words``) takes ``[^\\W_]`` for isalnum()."""
    letter = re.compile(module._LETTER)
    assert not [c for c in range(0x110000) if bool(letter.fullmatch(chr(c))) != chr(c).isalnum()]
    classes = module._classes()
    assert [chr(c) for c in np.flatnonzero(classes == module._LETTER_CLASS)] == [
        chr(c) for c in range(0x10000) if chr(c).isalnum()
    ]
    in_words = [chr(c) for c in np.flatnonzero(classes > 0)] + ["𝐀"]
    assert not [ch for ch in in_words if ch.isspace()]  # the words are split at white space


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="aбʼ'’\u0301\u0300\u00ad\u200b\ufeff \n.ﬁＡ_7𝐀😀\ud800", max_size=30))
def test_the_words_found_on_arrays_are_the_regular_expression_ones(text: str) -> None:
    words, starts, ends = module._words(text)
    assert starts.dtype == ends.dtype == np.int64
    found = list(module._WORD.finditer(text))
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == [m.span() for m in found]
    assert words == [m.group() for m in found]


# --- Word forms learned once per run, shared by the reading workers (issue 40) -----------------


def _learn_in_a_child(text: str, options: Options) -> None:
    """Canonicalize ``text`` in a forked process (it publishes the forms it learns)."""
    import multiprocessing

    child = multiprocessing.get_context("fork").Process(target=canonicalize, args=(text, options))
    child.start()
    child.join()
    assert child.exitcode == 0


SHARED_TEXT = "Кошки бежали по дороге к старой мельнице. The cats ran along the road to the mill."


def test_a_form_learned_by_another_reader_is_taken_not_learned_again() -> None:
    options = Options(language="ru", drop_short=True)  # a memo of its own: nothing known yet
    module._rules.cache_clear()
    with module.forms_shared():
        shared = module._SHARED[0]
        assert shared is not None
        _learn_in_a_child(SHARED_TEXT, options)
        [theirs] = os.listdir(shared.folder)
        got = canonicalize(SHARED_TEXT, options)
        assert shared.read[theirs] == os.path.getsize(os.path.join(shared.folder, theirs))
        assert os.listdir(shared.folder) == [theirs]  # this process learned nothing itself
        rules = module._rules(options, "ru", script_of("ru"))
        assert len(rules.table) == len(
            {SHARED_TEXT[a:b] for a, b in module.word_spans(SHARED_TEXT)}
        )
        more = canonicalize(SHARED_TEXT + " Мельница стояла.", options)
        assert sorted(os.listdir(shared.folder)) == sorted([theirs, f"{os.getpid()}.forms"])
    assert not os.path.exists(shared.folder)  # removed at the end
    module._rules.cache_clear()
    assert_same(got, reference(SHARED_TEXT, options))
    assert_same(more, reference(SHARED_TEXT + " Мельница стояла.", options))


def test_a_record_not_yet_written_whole_is_read_when_it_is() -> None:
    options = Options(language="en", drop_short=True)
    module._rules.cache_clear()
    with module.forms_shared():
        shared = module._SHARED[0]
        assert shared is not None
        _learn_in_a_child(SHARED_TEXT, options)
        [theirs] = os.listdir(shared.folder)
        path = os.path.join(shared.folder, theirs)
        with open(path, "rb") as handle:
            whole = handle.read()
        with open(path, "wb") as handle:
            handle.write(whole[:-5])  # the tail still being written
        rules = module._rules(options, "en", script_of("en"))
        shared.absorb()
        assert shared.read.get(theirs, 0) == 0 and len(rules.offered) == 0
        with open(path, "ab") as handle:
            handle.write(whole[-5:])
        shared.absorb()
        assert shared.read[theirs] == len(whole) and len(rules.offered) > 0
    module._rules.cache_clear()


def test_forms_of_others_are_not_taken_past_the_memo_size() -> None:
    options = Options(language="en", drop_short=True, stop_words=False)
    module._rules.cache_clear()
    with module.forms_shared(), small(_CACHE_WORDS=4):
        shared = module._SHARED[0]
        assert shared is not None
        _learn_in_a_child("one two three four five six", options)
        got = canonicalize("seven one two", options)
        rules = module._rules(options, "en", script_of("en"))
        assert len(rules.cache) == 3  # the child's six would not fit
    module._rules.cache_clear()
    assert_same(got, reference("seven one two", options))


def test_forms_of_others_are_taken_only_for_the_words_met_here() -> None:
    """Another reader's rows are offered to the memo and taken when a word is met (most of
    them are rare words this reader never meets), with the results of learning them here."""
    options = Options(language="en", drop_short=True, stop_words=False)
    module._rules.cache_clear()
    with module.forms_shared():
        shared = module._SHARED[0]
        assert shared is not None
        _learn_in_a_child("one two three four five six", options)
        got = canonicalize("seven one two", options)
        rules = module._rules(options, "en", script_of("en"))
        assert sorted(rules.cache) == ["one", "seven", "two"]
        assert sorted(rules.offered) == ["five", "four", "six", "three"]
        [theirs] = [n for n in os.listdir(shared.folder) if n != f"{os.getpid()}.forms"]
        assert shared.read[theirs] > 0
    module._rules.cache_clear()
    assert_same(got, reference("seven one two", options))


def test_forms_are_learned_here_when_no_folder_can_be_made(tmp_path: Path) -> None:
    import tempfile

    before = tempfile.tempdir
    tempfile.tempdir = str(tmp_path / "missing")
    try:
        with module.forms_shared():
            assert module._SHARED[0] is None
            got = canonicalize(SHARED_TEXT, Options())
    finally:
        tempfile.tempdir = before
    assert_same(got, reference(SHARED_TEXT, Options()))


def test_a_folder_of_shared_forms_left_by_a_killed_run_is_removed(tmp_path: Path) -> None:
    import tempfile

    before = tempfile.tempdir
    tempfile.tempdir = str(tmp_path)
    try:
        dead = tmp_path / f"{module._FORMS_PREFIX}999999999-x"  # no such process
        dead.mkdir()
        with module.forms_shared():
            assert not dead.exists()
    finally:
        tempfile.tempdir = before


def _clean_before(word: str) -> str:
    """``canonicalize._clean`` as it was before its shortcut for letters."""
    text = unicodedata.normalize("NFKC", word.translate(module._INVISIBLE)).lower()
    return module._NOT_WORD.sub("", text.translate(module._APOSTROPHES))


def test_the_cleaning_shortcut_for_letters_changes_nothing() -> None:
    letters = [chr(code) for code in range(0x110000) if chr(code).isalpha()]
    assert len(letters) > 100_000  # a word with any other character takes the old way
    for ch in letters:
        for word in (ch, "a" + ch, "Д" + ch + "ё"):
            assert module._clean(word) == _clean_before(word), hex(ord(ch))


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="aAяЯёЁʼ'’İıßǅﬁＡ\u0301\u00ad\u200bΣς𝐀_7", max_size=8))
def test_the_cleaning_shortcut_changes_nothing_in_any_word(word: str) -> None:
    assert module._clean(word) == _clean_before(word)


def test_a_reader_that_failed_to_write_its_forms_appends_no_more(tmp_path: Path) -> None:
    """A write that fails part-way (a full disk) may leave half a record: the reader stops
    sharing rather than append whole records after it, which the others would misread."""
    options = Options(language="en")
    rules = module._rules(options, "en", script_of("en"))
    shared = module._SharedForms(str(tmp_path))
    mine = tmp_path / f"{os.getpid()}.forms"
    mine.write_bytes(b"")
    shared.pid, shared.fd = os.getpid(), os.open(mine, os.O_RDONLY)  # every write fails
    shared.publish(rules, ["cats"], [])
    assert shared.fd == module._STOPPED
    shared.publish(rules, ["dogs"], [])  # would open the file afresh and append
    assert shared.fd == module._STOPPED and mine.read_bytes() == b""


@given(
    st.text(alphabet=st.sampled_from("aеёЁ’ʼ'xyz Жж\u0301-"), max_size=30) | st.text(max_size=30)
)
def test_unified_is_the_translation_table(text: str) -> None:
    """The three ``replace`` of the cleaning step give the old translation table's string."""
    assert module._unified(text) == text.translate(module._APOSTROPHES)


def test_word_spans_stops_after_the_first_most() -> None:
    """``most`` keeps the first spans of the whole text's, and all of them when there are
    fewer."""
    text = "Don’t stop: co-operate, naïve café — 42 times!"
    every = module.word_spans(text)
    assert len(every) > 3
    assert module.word_spans(text, most=3) == every[:3]
    assert module.word_spans(text, most=100) == every


# --- The read stage's faster paths hold the old behaviour (issue 40) ---------------------------

MANY_SCRIPTS = (
    *PIECES,
    " Straße ",
    " Übermäßig ",
    " ГРУЗОВИК ",
    " їжак ",
    " ґанок ",
    " Євро ",
    " подъезд ",
    " ВЕЩЬ ",
    " ΟΔΟΣ ",  # Greek: a final sigma when lower-cased
    " İstanbul ",  # lower() makes two code points of the dotted capital I
    "\u00a0",  # no-break space
    "\u2028",  # line separator
    "\ud7ff",  # the last code point below the surrogates
    "\ue000",  # private use, above them
    "\uffff",
    "한국어",  # Hangul, just below the surrogates
    "\ud800",  # a lone surrogate
    "\udc00",
    "ǅ",  # a title-case letter
    "ﾊﾟ",  # half-width katakana and its sound mark
)
MIXED_TEXTS = st.lists(st.sampled_from(MANY_SCRIPTS), max_size=80).map("".join)


@settings(max_examples=500, deadline=None)
@given(MIXED_TEXTS)
def test_words_of_every_script_are_the_regular_expression_ones(text: str) -> None:
    """_words reads a text of code points below the surrogates as UTF-16 units (classes by
    ``take``, words decoded from two bytes each) and any other as UTF-32: both give the
    regular expression's words and spans, in Russian, Ukrainian, German, English, with
    look-alike letters, lone surrogates, characters past the Basic Multilingual Plane."""
    words, starts, ends = module._words(text)
    found = list(module._WORD.finditer(text))
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == [m.span() for m in found]
    assert words == [m.group() for m in found]


@settings(max_examples=200, deadline=None)
@given(MIXED_TEXTS, OPTIONS, st.sampled_from([3, 1 << 16]))
def test_canonical_words_of_every_script_are_the_simple_ones(
    text: str, options: Options, batch: int
) -> None:
    with small(_BATCH=batch):
        got = canonicalize(text, options)
    assert_same(got, reference(text, options))


WORD_LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґАБЫІЇaeopcxyiABCTüößéñ'’ʼ0\u0301ѣ"


@settings(max_examples=2000, deadline=None)
@given(
    st.text(alphabet=WORD_LETTERS, min_size=1, max_size=12),
    st.sampled_from(["ru", "uk", "en", "de"]),
)
def test_a_words_language_and_its_scripts_are_found_as_before(word: str, language: str) -> None:
    """_Rules._word_language (one regular expression) is language.cyrillic_word_language for a
    word with a Cyrillic letter (two set scans), the document's Latin language or "en" for
    any other; fold_homoglyphs asks for a Latin letter first, then a Cyrillic one."""
    from copylens.core.language import (
        CYRILLIC_LETTERS,
        LATIN_LANGUAGES,
        LATIN_LETTERS,
        cyrillic_word_language,
    )

    rules = module._Rules(Options(), language, script_of(language))
    if CYRILLIC_LETTERS.search(word):
        want = cyrillic_word_language(word, language)
    else:
        want = language if language in LATIN_LANGUAGES else "en"
    assert rules._word_language(word) == want
    mixed = bool(CYRILLIC_LETTERS.search(word) and LATIN_LETTERS.search(word))
    folded, changed = fold_homoglyphs(word)
    if not mixed:
        assert (folded, changed) == (word, ())
    else:
        assert len(folded) == len(word)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.text(max_size=40), min_size=1, max_size=5))
def test_a_fingerprint_is_blake2b_of_the_utf8_whatever_came_before(values: list[str]) -> None:
    """fingerprint copies one prepared BLAKE2b state (issue 40): each value's fingerprint is
    that of a state made for it alone, however many were taken before and in what order."""
    values = [v for v in values if not any("\ud800" <= c <= "\udfff" for c in v)]
    for value in values + values[::-1]:
        want = hashlib.blake2b(value.encode("utf-8"), digest_size=8).digest()
        assert fingerprint(value) == int.from_bytes(want, "little")


def make_before(rules: module._Rules, raw: str) -> tuple[str | None, int, int, tuple[int, ...]]:
    """_Rules._make as it was before the memo of cleaned words (issue 40): every raw word
    folded, cleaned, normalized and fingerprinted on its own."""
    folded, changed = fold_homoglyphs(raw, rules.script)
    surface = module._clean(folded)
    form = rules._form(surface) if surface else None
    if not form:
        return form, 0, 0, changed
    hashed = fingerprint(form)
    return form, hashed if surface == form else fingerprint(surface), hashed, changed


SPELLINGS = [
    *("кошки", "Кошки", "КОШКИ", "кoшки", "кошки\u00ad", "кош\u200bки", "ёлка", "елка", "Ёлка"),
    *("Straße", "STRASSE", "strasse", "straße", "Häuser", "häuser", "HÄUSER"),
    *("copy", "cоpy", "COPY", "cop\u200dy", "don't", "don’t", "donʼt", "2024", "２０２４"),
    *("м’ясо", "м'ясо", "Мʼясо", "їжак", "Їжак", "ЇЖАК", "ґанок", "Ґанок", "the", "The", "THE"),
    *("и", "И"),
]


@settings(max_examples=200, deadline=None)
@given(
    st.permutations(SPELLINGS),
    st.sampled_from(["ru", "uk", "en", "de"]),
    st.sampled_from([Options(), Options(stop_words=False), Options(lemmatize=False)]),
    st.sampled_from([2, 1 << 17]),
)
def test_words_spelled_alike_are_learned_as_each_alone(
    words: list[str], language: str, options: Options, most: int
) -> None:
    """_Rules._make learns the cleaned form of words written in several ways once
    (_Rules.surfaces, at most _SURFACE_WORDS of them): in whatever order they come, each
    word's row is the one it had when every word was learned on its own (Russian,
    Ukrainian, German, English; capitals, look-alike letters, invisible characters, ё,
    apostrophes, full-width digits)."""
    rules = module._Rules(options, language, script_of(language))
    with small(_SURFACE_WORDS=most):
        for raw in words:
            assert rules._make(raw) == make_before(rules, raw), raw
            assert len(rules.surfaces) <= most
    if most > len(words):  # some were learned once for several spellings
        assert len(rules.surfaces) < len(words)


def fold_before(word: str, prefer: str) -> tuple[str, tuple[int, ...]]:
    """fold_homoglyphs as it was before issue 40's rewrite: each script's runs of letters
    found and measured, each letter looked up, the offsets where the folded word differs."""
    from copylens.core.language import (
        A_CYRILLIC_LETTER,
        A_LATIN_LETTER,
        CYRILLIC,
        CYRILLIC_LETTERS,
        LATIN_LETTERS,
    )

    if word.isascii() or not (A_LATIN_LETTER.search(word) and A_CYRILLIC_LETTER.search(word)):
        return word, ()
    cyr = sum(map(len, CYRILLIC_LETTERS.findall(word)))
    lat = sum(map(len, LATIN_LETTERS.findall(word)))
    to_cyrillic = cyr > lat or (cyr == lat and prefer == CYRILLIC)
    table = module.LATIN_TO_CYRILLIC if to_cyrillic else module.CYRILLIC_TO_LATIN
    folded = [table.get(ch, ch) for ch in word]
    changed = tuple(i for i, (a, b) in enumerate(zip(word, folded, strict=True)) if a != b)
    return "".join(folded), changed


@settings(max_examples=3000, deadline=None)
@given(
    st.text(alphabet=WORD_LETTERS + "clCLßÀÖØöøɏɐЀԯ԰\u0370-", min_size=1, max_size=14),
    st.sampled_from(["cyrillic", "latin"]),
)
def test_look_alikes_are_folded_as_before(word: str, prefer: str) -> None:
    """fold_homoglyphs (the scripts counted in one translation, the word folded by
    ``translate``) folds every word as before: ties, whole words of one script, letters at
    the ranges' edges (À Ö Ø ö ø ɏ, Ѐ ԯ), letters of neither script, the Latin c and l."""
    assert fold_homoglyphs(word, prefer) == fold_before(word, prefer)


def test_look_alikes_in_the_words_of_every_script_are_folded_as_before() -> None:
    for text in MANY_SCRIPTS + PIECES + tuple(SPELLINGS):
        for word in module._WORD.findall(text + "пpивeт cоpy"):
            for prefer in ("cyrillic", "latin"):
                assert fold_homoglyphs(word, prefer) == fold_before(word, prefer)


def test_the_script_marks_are_the_letters_of_each_script() -> None:
    """_SCRIPT_MARKS marks exactly the code points the language module counts as Cyrillic
    ("c") and Latin ("l") letters, of all Unicode."""
    import sys

    from copylens.core.language import CYRILLIC_LETTERS, LATIN_LETTERS

    for code in range(sys.maxunicode + 1):
        char = chr(code)
        mark = (
            "c"
            if CYRILLIC_LETTERS.fullmatch(char)
            else "l"
            if LATIN_LETTERS.fullmatch(char)
            else None
        )
        assert module._SCRIPT_MARKS.get(code) == mark, hex(code)
