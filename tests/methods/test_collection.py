"""The shared collection of the methods lab: sentences, word ranges, statistics, loading."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from copylens.core.errors import Cancelled
from copylens.core.methods.collection import (
    CollectionStats,
    collection_of_texts,
    from_texts,
    load_collection,
)
from copylens.core.options import STUDY_OPTIONS
from copylens.core.prepare import prepare_text, read_all
from copylens.core.sentences import sentence_spans


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "Это написал А. С. Пушкин, т. е. поэт. Верно? Да!",
            "ru",
            ["Это написал А. С. Пушкин, т. е. поэт.", "Верно?", "Да!"],
        ),
        ("Це правда. Так, це т. зв. правило!", "uk", ["Це правда.", "Так, це т. зв. правило!"]),
        (
            "Dr. Smith arrived, e.g. at noon. He left. Why?",
            "en",
            ["Dr. Smith arrived, e.g. at noon.", "He left.", "Why?"],
        ),
        (
            "Das ist z.B. gut. Und bzw. schlecht! Ja.",
            "de",
            ["Das ist z.B. gut.", "Und bzw. schlecht!", "Ja."],
        ),
    ],
)
def test_sentence_spans_per_language(text: str, language: str, expected: list[str]) -> None:
    assert [text[a:b] for a, b in sentence_spans(text, language)] == expected


def test_sentence_spans_cover_every_word() -> None:
    text = "  Первое предложение.\n\nВторое — длиннее!   Третье?  "
    spans = sentence_spans(text, "ru")
    leftover = list(text)
    for a, b in spans:
        leftover[a:b] = " " * (b - a)
    assert "".join(leftover).strip() == ""
    assert all(b1 <= a2 for (_, b1), (a2, _) in itertools.pairwise(spans))


def test_words_fall_into_their_sentences() -> None:
    doc = from_texts(["Кошки любят молоко и рыбу. Собаки охраняют большой дом!"]).docs[0]
    assert [doc.sentence_words(s) for s in range(len(doc.sentences))] == [
        ("кошка", "любить", "молоко", "рыба"),
        (
            "собака",
            "охранять",
            "большой",
        ),
    ]
    assert [doc.text[a:b] for a, b in doc.sentence_spans][1] == "Собаки охраняют большой дом!"


def test_sentence_without_counted_words_is_left_out() -> None:
    doc = from_texts(["Он и я. Кошки любят молоко."]).docs[0]
    assert len(doc.sentences) == 1
    assert doc.sentence_words(0) == ("кошка", "любить", "молоко")


def test_collection_statistics_follow_the_definitions() -> None:
    collection = from_texts(["apple apple banana", "banana cherry", "cherry cherry cherry"])
    stats = collection.stats
    assert stats is collection.stats  # computed once, shared
    assert stats.n == 3
    assert stats.df == {"appl": 1, "banana": 2, "cherri": 2}
    assert stats.cf == {"appl": 2, "banana": 2, "cherri": 4}
    assert stats.dl_avg == pytest.approx(8 / 3)
    assert CollectionStats.of([]).dl_avg == 0.0


def test_load_collection_reports_bad_files_and_keeps_the_rest(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text("Кошки любят молоко. Собаки охраняют дом.", "utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "short.txt").write_text("и в на", "utf-8")
    collection, failures = load_collection([tmp_path])
    assert [Path(d.path).name for d in collection.docs] == ["good.txt"]
    assert sorted(Path(f.path).name for f in failures) == ["empty.txt", "short.txt"]
    assert all(f.error for f in failures)


def test_load_collection_shares_the_engines_pipeline(tmp_path: Path) -> None:
    """Progress, cancellation and the extracted text are the engine's (``prepare.read_all``)."""
    paths = []
    for n in range(30):  # above the pipeline's parallel threshold
        path = tmp_path / f"doc{n:02}.txt"
        path.write_text(f"Кошки любят молоко номер {n}. Собаки охраняют большой дом.", "utf-8")
        paths.append(path)
    seen: list[tuple[str, int, int]] = []
    options = STUDY_OPTIONS.with_changes(workers=2)
    collection, failures = load_collection([tmp_path], options, progress=lambda *a: seen.append(a))
    assert not failures and collection.paths == [str(p) for p in paths]
    assert seen[-1] == ("reading", 30, 30) and len(seen) == 30
    engine_docs, _ = read_all(paths, options, prepare_text)
    assert [d.text for d in collection.docs] == [d.text for d in engine_docs]
    with pytest.raises(Cancelled):
        load_collection([tmp_path], options, cancel=lambda: True)


def test_collection_of_texts_skips_texts_without_words() -> None:
    named = [("a", "Кошки любят молоко. Собаки охраняют дом."), ("b", "и в на"), ("c", " ")]
    collection = collection_of_texts(named)
    assert collection.paths == ["a"]
    assert collection.docs[0].words == from_texts([named[0][1]]).docs[0].words
