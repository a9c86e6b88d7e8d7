"""Which languages the parent loads before the readers fork (issue 40:
``prepare._warm_up_texts``): those the first inputs show, all where it cannot tell."""

from __future__ import annotations

from pathlib import Path

from copylens.core.documents import TextInput
from copylens.core.prepare import _WARM_UP_TEXTS, PEEK_FILES, _warm_up_texts

ENGLISH, RUSSIAN, UKRAINIAN = _WARM_UP_TEXTS


def _files(tmp_path: Path, texts: list[str], suffix: str = ".txt") -> list[Path]:
    paths = []
    for n, text in enumerate(texts):
        path = tmp_path / f"doc{n:03d}{suffix}"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def test_english_text_files_warm_english_only(tmp_path: Path) -> None:
    files = _files(tmp_path, ["An essay on hashing, with “quotes” and café."] * 3)
    assert _warm_up_texts(files) == (ENGLISH,)


def test_a_russian_word_among_the_first_files_warms_russian(tmp_path: Path) -> None:
    files = _files(tmp_path, ["An essay.", "An essay quoting «Война и мир».", "Another."])
    assert _warm_up_texts(files) == (ENGLISH, RUSSIAN)


def test_a_ukrainian_letter_warms_ukrainian_too(tmp_path: Path) -> None:
    files = _files(tmp_path, ["An essay.", "Перше речення коротке, і все."])
    assert _warm_up_texts(files) == (ENGLISH, RUSSIAN, UKRAINIAN)


def test_what_cannot_be_peeked_at_warms_every_language(tmp_path: Path) -> None:
    assert _warm_up_texts([]) == _WARM_UP_TEXTS
    assert _warm_up_texts(_files(tmp_path, ["An essay."], ".docx")) == _WARM_UP_TEXTS
    odd = tmp_path / "cp1251.txt"
    odd.write_bytes("Первое предложение".encode("cp1251"))
    assert _warm_up_texts([*_files(tmp_path, ["An essay."]), odd]) == _WARM_UP_TEXTS


def test_pasted_text_is_looked_at_and_only_the_first_inputs(tmp_path: Path) -> None:
    assert _warm_up_texts([TextInput("pasted", "Второе следует за ним.")]) == (ENGLISH, RUSSIAN)
    later = _files(tmp_path, ["An essay."] * PEEK_FILES + ["Друге йде за ним."])
    assert _warm_up_texts(later) == (ENGLISH,)  # a reader meeting it loads it itself
