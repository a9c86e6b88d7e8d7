"""Canonicalize stage: forms, spans, look-alike letters, invisible characters, languages."""

from __future__ import annotations

import pytest

from copylens.core.canonicalize import canonicalize, fingerprint, fold_homoglyphs
from copylens.core.language import detect_language
from copylens.core.options import Options

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
