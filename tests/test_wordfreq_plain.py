"""wordfreq's tokenizer of the plain languages without wordfreq (issue 40):
:mod:`copylens.core.wordfreq_plain` must be the installed wordfreq's and ftfy's, expression for
expression and token for token, so that every word's weight stays wordfreq's own."""

from __future__ import annotations

import random

import pytest

from copylens.core import wordfreq_plain as plain
from copylens.core.meaning import PLAIN_LANGUAGES, _tokenized_zipf, small_list


def test_the_expressions_are_wordfreqs_and_ftfys_as_written() -> None:
    import ftfy.chardata
    import wordfreq.language_info
    import wordfreq.numbers
    import wordfreq.tokens

    assert wordfreq.tokens.TOKEN_RE.pattern == plain.TOKEN_PATTERN
    assert plain.TOKEN_RE.flags == wordfreq.tokens.TOKEN_RE.flags
    assert plain.SPACELESS_EXPR == wordfreq.tokens.SPACELESS_EXPR
    assert plain.SPACELESS_SCRIPTS == wordfreq.language_info.SPACELESS_SCRIPTS
    assert plain.INITIAL_VOWEL_EXPR == wordfreq.tokens.INITIAL_VOWEL_EXPR
    assert plain.SINGLE_QUOTE_RE.pattern == ftfy.chardata.SINGLE_QUOTE_RE.pattern
    assert plain.DOUBLE_QUOTE_RE.pattern == ftfy.chardata.DOUBLE_QUOTE_RE.pattern
    for name in ("DIGIT_RE", "MULTI_DIGIT_RE", "PURE_DIGIT_RE"):
        mine, theirs = getattr(plain, name), getattr(wordfreq.numbers, name)
        assert (mine.pattern, mine.flags) == (theirs.pattern, theirs.flags), name
    for name in ("DIGIT_FREQS", "YEAR_LOG_PEAK", "NOT_YEAR_PROB", "REFERENCE_YEAR"):
        assert getattr(plain, name) == getattr(wordfreq.numbers, name), name
    assert plain.PLATEAU_WIDTH == wordfreq.numbers.PLATEAU_WIDTH


def test_the_plain_languages_take_the_steps_copied() -> None:
    """Each plain language's wordfreq info asks for exactly the steps
    :func:`plain.lossy_tokenize` takes: the regex tokenizer, NFC, nothing more."""
    from wordfreq.language_info import get_language_info

    for language in sorted(PLAIN_LANGUAGES):
        info = get_language_info(language)
        assert info["tokenizer"] == "regex" and info["normal_form"] == "NFC", language
        assert info["transliteration"] is None and info["lookup_transliteration"] is None
        assert not info["remove_marks"] and not info["dotless_i"], language
        assert info["diacritics_under"] is None, language


ODD = [
    "well-known",
    "don't",
    "Don’t",
    "site’s",
    "‘quoted’",
    "“twice”",
    "l'arc",
    "qu'un",
    "d'heure",
    "L'Eau",
    "aw\u200bay",
    "wor\u00add",
    "сollectiо\u200cn",
    "оr\u00adgаns",
    "x2",
    "2024",
    "1,5",
    "1.000.000",
    "007",
    "3.14abc",
    "сорок2",
    "м'ясо",
    "п’ять",
    "ґрунтовність",
    "Straße",
    "ﬁle",
    "naïve",
    "e\u0301te",
    "Cafe\u0301",
    "ÉCOLE",
    "amig@s",
    "@s",
    "todos@",
    "ไทยภาษา",
    "日本語テキスト",
    "ひらがなー",
    "x²",
    "½",
    "🙂smile",
    "a_b",
    "",
    "'",
    "''",
    "-",
    "—dash—",
    "co-operate",
    "İstanbul",
    "ΣΊΣΥΦΟΣ",
    "a\u2028b",
    "tab\there",
    "\ud800",
]


def _words() -> list[str]:
    rng = random.Random(17)
    pieces = ["a", "é", "ж", "ї", "'", "’", "-", "\u200b", "\u00ad", "1", "9", ".", ",", "@", "ß"]
    pieces += ["s", "\u0301", "I", "Ё", "_", "²", " ", "ʼ", "‛", "“"]
    made = ["".join(rng.choices(pieces, k=rng.randint(1, 9))) for _ in range(3000)]
    return [*ODD, *made]


@pytest.mark.parametrize("language", ["en", "ru", "uk", "fr", "de", "pl"])
def test_tokens_are_wordfreqs_lossy_tokenize(language: str) -> None:
    from wordfreq.tokens import lossy_tokenize

    for word in _words():
        assert plain.lossy_tokenize(word) == lossy_tokenize(word, language), repr(word)


def test_numbers_are_wordfreqs() -> None:
    from wordfreq.numbers import digit_freq, smash_numbers

    tokens = {t for w in _words() for t in plain.lossy_tokenize(w)}
    tokens |= {"1999", "2019", "2030", "2045", "0000", "12,345.67", "x1y22z333", "9"}
    for token in sorted(tokens):
        assert plain.smash_numbers(token) == smash_numbers(token), token
        assert plain.digit_freq(token) == digit_freq(token), token


@pytest.mark.parametrize("language", ["en", "ru", "uk", "fr"])
def test_weights_of_cut_words_are_wordfreqs(language: str) -> None:
    """:func:`_tokenized_zipf` with the copied tokenizer: wordfreq's ``zipf_frequency``, bit
    for bit, for every word (the direct lookup's words included)."""
    from wordfreq import top_n_list, zipf_frequency

    freqs = small_list(language)
    words = [*_words(), *top_n_list(language, 300, wordlist="small")]
    words += [w.capitalize() + "’s" for w in top_n_list(language, 100, wordlist="small")]
    for word in words:
        expected = zipf_frequency(word, language, wordlist="small")
        assert _tokenized_zipf(word, language, freqs) == expected, repr(word)
