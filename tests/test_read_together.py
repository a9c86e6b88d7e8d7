"""Reading workers and large inputs (issue 38): files are read side by side only while their
sizes together fit READ_TOGETHER_BYTES, so two 50 MB files are read one after the other."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

import pytest

from copylens.core import prepare
from copylens.core.documents import TextInput
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.prepare import (
    READ_SECONDS_BYTES,
    READ_TOGETHER_BYTES,
    input_sizes,
    prepare_text,
    read_all,
    read_seconds,
    readers,
)


def _file(folder: Path, name: str, size: int) -> Path:
    path = folder / name
    with path.open("wb") as f:
        f.truncate(size)  # sparse: the size without the disk
    return path


def test_large_files_are_read_one_at_a_time(tmp_path: Path) -> None:
    big = [_file(tmp_path, f"big{n}.txt", 30 * 1024 * 1024) for n in range(3)]
    small = [_file(tmp_path, f"essay{n}.txt", 4000) for n in range(10)]
    assert READ_TOGETHER_BYTES < 2 * 30 * 1024 * 1024
    assert readers(input_sizes(big), 2) == 1
    assert readers(input_sizes([*small, *big]), 4) == 1
    assert (
        readers(input_sizes([*small, big[0]]), 4) == 4
    )  # one large file beside essays: all workers
    assert readers(input_sizes(small), 2) == 2
    assert readers(input_sizes(small[:1]), 8) == 1
    assert readers(input_sizes([]), 2) == 0
    assert readers(input_sizes([tmp_path / "missing.txt", *small[:2]]), 2) == 2


def test_pasted_texts_count_by_their_length() -> None:
    texts = [TextInput(f"t{n}", "word " * (READ_TOGETHER_BYTES // 8)) for n in range(2)]
    assert readers(input_sizes(texts), 2) == 1
    assert readers(input_sizes([TextInput("a", "short"), TextInput("b", "text")]), 2) == 2


def test_inputs_read_one_at_a_time_come_back_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prepare, "READ_TOGETHER_BYTES", 10)
    items = [TextInput(f"doc{n}", f"Document number {n} has its own words here.") for n in range(4)]
    assert readers(input_sizes(items), 2) == 1
    docs, failures = read_all(items, Options(workers=2), prepare_text)
    assert [d.path for d in docs] == ["doc0", "doc1", "doc2", "doc3"] and not failures


def test_the_time_to_read_grows_with_the_largest_input(tmp_path: Path) -> None:
    """A 50 MB text takes about two minutes to read on one core: the limit (60 s for a file
    of up to 10 MB) grows with the largest input of the run."""
    options = Options(read_seconds=60)
    essays = [_file(tmp_path, f"essay{n}.txt", 4000) for n in range(3)]
    assert read_seconds(input_sizes(essays), options) == 60
    assert read_seconds(input_sizes([]), options) == 60
    big = _file(tmp_path, "thesis.txt", 5 * READ_SECONDS_BYTES)
    assert read_seconds(input_sizes([*essays, big]), options) == 300


class _CountingPath(type(Path())):  # type: ignore[misc]
    """A path that counts the ``stat`` calls made on it in this process."""

    stats: ClassVar[list[str]] = []

    def stat(self, *, follow_symlinks: bool = True) -> os.stat_result:
        _CountingPath.stats.append(self.name)
        return super().stat(follow_symlinks=follow_symlinks)


def test_reading_stats_each_file_once(tmp_path: Path) -> None:
    """Issue 40: the run's limits (the time to read, the workers) come from one ``stat`` of each
    file in the process running it (they were two, one per limit)."""
    paths = []
    for n in range(3):
        (tmp_path / f"essay{n}.txt").write_text(f"Essay number {n} says something of its own.")
        paths.append(_CountingPath(tmp_path / f"essay{n}.txt"))
    _CountingPath.stats.clear()
    docs, failures = read_all(paths, Options(workers=2), prepare_text)
    assert len(docs) == 3 and not failures
    assert sorted(_CountingPath.stats) == ["essay0.txt", "essay1.txt", "essay2.txt"]


def test_a_long_document_does_not_keep_its_seed_grams(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: a document of more than GRAMS_MEMO_WORDS words makes its seed k-grams each
    time they are asked for (kept, 16 bytes a word: 200 MB for a 50 MB pair); a shorter one
    keeps them. Either way they are the same."""
    text = " ".join(f"Sentence {n} talks about rivers, deltas and sediments." for n in range(50))
    doc = prepare_text(Extracted("d", text, "txt"), Options())
    kept = doc.seed_grams(3)
    assert doc.seed_grams(3) is kept
    monkeypatch.setattr(prepare, "GRAMS_MEMO_WORDS", len(doc.canonical) - 1)
    long = prepare_text(Extracted("d", text, "txt"), Options())
    first = long.seed_grams(3)
    assert long.seed_grams(3) is not first
    assert first[0].tolist() == kept[0].tolist() and first[1].tolist() == kept[1].tolist()
