"""Which runs of a document's words are sent to a web search (core/web/phrases.py).

Rarity is wordfreq's (Speer 2022, the small lists ``copylens.core.meaning.weight`` reads):
"photolithographic" is rarer than "simple", so a run of such words wins over a run of common
ones; stop words (resources/stopwords) and numbers weigh nothing.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from copylens.core.canonicalize import sentence_ids, word_spans
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.web import phrases as phrases_module
from copylens.core.web.phrases import Phrase, distinctive_phrases

COMMON = "This is a very simple sentence that we have seen many times in our lives."
RARE = (
    "Photolithographic semiconductor fabrication requires extreme ultraviolet illumination "
    "at thirteen nanometre wavelengths."
)


def prepared(text: str, **options: object) -> Prepared:
    return prepare_text(Extracted("doc.txt", text, "txt"), Options(**options))  # type: ignore[arg-type]


def inside(doc: Prepared, phrase: Phrase, sentence: str, nth: int = 0) -> bool:
    """The phrase lies within the ``nth`` occurrence of ``sentence`` in the document."""
    at = -1
    for _ in range(nth + 1):
        at = doc.text.index(sentence, at + 1)
    return at <= phrase.start and phrase.end <= at + len(sentence)


def check_phrase(doc: Prepared, phrase: Phrase, words: int = 8) -> None:
    """What holds of every phrase: ``words`` words of the text, as written, one sentence."""
    spans = [s for s in word_spans(doc.text) if phrase.start <= s[0] < phrase.end]
    assert len(spans) == words
    assert spans[0][0] == phrase.start and spans[-1][1] == phrase.end
    assert phrase.text == " ".join(doc.text[a:b] for a, b in spans)
    starts = np.array([a for a, _ in spans], dtype=np.int64)
    assert len(set(sentence_ids(doc.text, starts).tolist())) == 1


def test_rare_words_are_preferred_over_common_ones() -> None:
    doc = prepared(f"{COMMON} {RARE} {COMMON}")
    (phrase,) = distinctive_phrases(doc, 1)
    check_phrase(doc, phrase)
    assert inside(doc, phrase, RARE)
    assert "." not in phrase.text


def test_phrases_spread_over_the_text_one_per_stretch() -> None:
    """Four stretches, each with one rare sentence among common ones: one phrase from each,
    in text order, the rare sentence of its own stretch."""
    rare = [
        "Archaeologists excavated Mesopotamian cuneiform tablets describing ancient irrigation "
        "canals near Babylon.",
        "Mitochondrial haplogroups illuminate prehistoric human migrations across the Beringia "
        "land bridge.",
        "Hydrothermal vents nourish chemosynthetic tubeworms inhabiting abyssal trenches of the "
        "Pacific.",
        "Byzantine iconoclasm provoked bitter theological controversies among Constantinople "
        "clergy and monks.",
    ]
    text = " ".join(f"{COMMON} {COMMON} {sentence} {COMMON} {COMMON}" for sentence in rare)
    doc = prepared(text)
    found = distinctive_phrases(doc, 4)
    assert len(found) == 4
    assert [p.start for p in found] == sorted(p.start for p in found)
    for phrase, sentence in zip(found, rare, strict=True):
        check_phrase(doc, phrase)
        assert inside(doc, phrase, sentence)


def test_a_phrase_never_crosses_a_sentence() -> None:
    """Sentences of five words: no run of eight words lies in one, so there is no phrase."""
    text = " ".join(["Photolithography needs ultraviolet illumination wavelengths."] * 10)
    assert distinctive_phrases(prepared(text), 3) == []
    text = "\n".join(["photolithography needs ultraviolet illumination wavelengths"] * 10)
    assert distinctive_phrases(prepared(text), 3) == []  # a line break ends a sentence too


@pytest.mark.parametrize(
    "cited",
    [
        f'As the handbook says, "{RARE[:-1]}."',
        f"As the handbook says, «{RARE[:-1]}».",
        f"> {RARE}\n> Quoted from the handbook.",
    ],
)
def test_cited_words_are_skipped(cited: str) -> None:
    doc = prepared(f"{COMMON}\n\n{cited}\n\n{COMMON}")
    found = distinctive_phrases(doc, 1)
    assert found and all("Photolithographic" not in p.text for p in found)
    for phrase in found:
        check_phrase(doc, phrase)


def test_the_bibliography_is_skipped() -> None:
    references = (
        "References\n"
        "1. Smith J. Photolithographic semiconductor fabrication requires extreme ultraviolet "
        "illumination. Nanotechnology, 2019.\n"
        "2. Doe A. Hydrothermal vents nourish chemosynthetic tubeworms inhabiting abyssal "
        "trenches. Oceanography, 2020.\n"
    )
    doc = prepared(f"{COMMON} {COMMON}\n\n{references}")
    found = distinctive_phrases(doc, 1)
    assert found and all(p.end <= doc.text.index("References") for p in found)


def test_ignored_words_are_skipped() -> None:
    """A template's words (``Prepared.ignored``) are never searched for."""
    doc = prepared(f"{COMMON} {RARE} {COMMON}")
    first = doc.text.index("Photolithographic")
    ignored = np.asarray(
        (doc.canonical.starts >= first) & (doc.canonical.starts < first + len(RARE))
    )
    doc = replace(doc, ignored=ignored)
    found = distinctive_phrases(doc, 1)
    assert found and all("Photolithographic" not in p.text for p in found)
    assert all(not (first <= p.start < first + len(RARE)) for p in found)


def test_numbers_and_stop_words_alone_are_never_a_phrase() -> None:
    assert distinctive_phrases(prepared("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18"), 2) == []
    numbers = "In 2019 the 12 of 13 and 14 of 15 were 16 and 17 to 18 with 19 and 20."
    doc = prepared(f"{numbers} {RARE}")
    (phrase,) = distinctive_phrases(doc, 1)
    assert inside(doc, phrase, RARE)


def test_deterministic_and_ties_go_to_the_earlier_run() -> None:
    text = " ".join([RARE] * 4)
    first = distinctive_phrases(prepared(text), 1)
    assert first == distinctive_phrases(prepared(text), 1)
    assert first[0].start == 0


def test_short_texts_get_fewer_phrases_or_none() -> None:
    assert (
        distinctive_phrases(prepared("Photolithographic fabrication needs ultraviolet."), 5) == []
    )
    doc = prepared(RARE + " " + RARE.replace("Photolithographic", "Lithographic"))
    assert doc.canonical.words == 22
    assert len(distinctive_phrases(doc, 20)) == 2  # one stretch per eight words
    assert distinctive_phrases(doc, 0) == []
    assert len(distinctive_phrases(doc, 1, words=4)) == 1
    assert len(distinctive_phrases(doc, 1, words=4)[0].text.split()) == 4


def test_invisible_characters_are_left_out_of_the_text() -> None:
    text = (
        "Photo\u00adlithographic semiconductor fabrication requires extreme ultra\u200bviolet "
        "lithography lasers."
    )
    (phrase,) = distinctive_phrases(prepared(text), 1)
    assert phrase.text == (
        "Photolithographic semiconductor fabrication requires extreme ultraviolet "
        "lithography lasers"
    )
    assert "\u00ad" not in phrase.text and "\u200b" not in phrase.text


@pytest.mark.parametrize(
    ("language", "common", "rare", "first"),
    [
        (
            "ru",
            "Это очень простое предложение, которое мы видели много раз в своей жизни.",
            "Фотолитографическое производство полупроводников требует экстремального "
            "ультрафиолетового излучения с длиной волны около тринадцати нанометров.",
            "Фотолитографическое",
        ),
        (
            "uk",
            "Це дуже просте речення, яке ми бачили багато разів у своєму житті.",
            "Фотолітографічне виробництво напівпровідників потребує екстремального "
            "ультрафіолетового випромінювання з довжиною хвилі близько тринадцяти нанометрів.",
            "Фотолітографічне",
        ),
        (
            "en",
            COMMON,
            RARE,
            "Photolithographic",
        ),
        (
            "de",
            "Das ist ein sehr einfacher Satz, den wir schon oft in unserem Leben gesehen haben.",
            "Die fotolithografische Halbleiterfertigung erfordert extreme ultraviolette "
            "Belichtungswellenlängen von ungefähr dreizehn Nanometern.",
            "fotolithografische",
        ),
    ],
)
def test_languages(language: str, common: str, rare: str, first: str) -> None:
    doc = prepared(f"{common} {rare} {common}")
    assert doc.canonical.language == language
    (phrase,) = distinctive_phrases(doc, 1)
    check_phrase(doc, phrase)
    assert inside(doc, phrase, rare) and first in phrase.text


def test_the_work_is_bounded_for_a_long_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 3.2 M-character text: 20 phrases, each from the middle window of its stretch when
    the stretch is longer than WINDOW_WORDS (how long it takes: bench/bench_latency.py)."""
    text = f"{COMMON} {RARE} {COMMON}\n" * 12000
    doc = prepared(text)
    found = distinctive_phrases(doc, 20)
    assert len(found) == 20
    monkeypatch.setattr(phrases_module, "WINDOW_WORDS", 40)
    small = distinctive_phrases(doc, 20)
    assert len(small) == 20
    assert all(inside(doc, p, RARE, doc.text.count(RARE, 0, p.start)) for p in small)


def test_overlong_tokens_are_never_searched_for() -> None:
    """A hash or base64 run is unknown to wordfreq (so it would weigh the most) yet no query."""
    junk = " ".join(f"{n}f3a9c0d2b7e14a6f8c3d2e1b0a9f8e7d6c5b4a3f2e1d0c9b8a7" for n in range(10))
    doc = prepared(f"{COMMON} {junk}. {RARE}")
    found = distinctive_phrases(doc, 1)
    assert found and inside(doc, found[0], RARE)
