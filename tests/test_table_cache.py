"""Tables derived from the shipped data, kept in the user's cache folder (issue 40):
:mod:`copylens.core.table_cache` and navec's word index (:func:`meaning._navec_places`).

The suite's cache folder is a temporary one (tests/conftest.py); the tests here point
``COPYLENS_TABLE_CACHE`` at folders of their own."""

from __future__ import annotations

import bisect
import multiprocessing
import os
import random
import string
from pathlib import Path

import numpy as np
import pytest

from copylens.core import meaning, table_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "tables"
    monkeypatch.setenv(table_cache.ENVIRONMENT, str(folder))
    return folder


def _arrays() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(7)
    return {
        "text": np.frombuffer("слово word ё".encode(), dtype=np.uint8),
        "keys": np.sort(rng.integers(0, 2**63, 1000, dtype=np.uint64)),
        "order": rng.permutation(1000).astype(np.int32),
        "grid": rng.standard_normal((13, 7)).astype(np.float32),
        "none": np.zeros(0, dtype=np.int64),
    }


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and a[k].shape == b[k].shape and np.array_equal(a[k], b[k])
        for k in a
    )


def test_a_table_stored_is_read_back_as_it_was(cache: Path) -> None:
    arrays = _arrays()
    assert table_cache.load("kind", "key-1") is None  # nothing stored yet
    assert table_cache.store("kind", "key-1", arrays)
    read = table_cache.load("kind", "key-1")
    assert read is not None and _same(read, arrays)
    assert not read["keys"].flags.writeable  # views of the file's bytes
    assert [p.name for p in cache.iterdir()] == [table_cache.path_of("kind", "key-1").name]  # type: ignore[union-attr]


def test_a_table_of_other_inputs_or_another_version_is_never_read(cache: Path) -> None:
    assert table_cache.store("kind", "1-aaaa", _arrays())
    assert table_cache.load("kind", "1-bbbb") is None  # other inputs: another file
    assert table_cache.load("kind", "2-aaaa") is None  # another layout version
    assert table_cache.load("other", "1-aaaa") is None
    # a file of another key under this key's name (copied, renamed): its header tells
    mine, theirs = table_cache.path_of("kind", "1-aaaa"), table_cache.path_of("kind", "1-cccc")
    assert mine is not None and theirs is not None
    theirs.write_bytes(mine.read_bytes())
    assert table_cache.load("kind", "1-cccc") is None


@pytest.mark.parametrize("damage", ["flipped", "cut", "empty", "header", "magic"])
def test_a_damaged_table_is_not_read(cache: Path, damage: str) -> None:
    assert table_cache.store("kind", "key", _arrays())
    path = table_cache.path_of("kind", "key")
    assert path is not None
    data = bytearray(path.read_bytes())
    if damage == "flipped":
        data[-100] ^= 0x10
    elif damage == "cut":  # written in part
        del data[len(data) // 2 :]
    elif damage == "empty":
        data.clear()
    elif damage == "header":
        data[len(table_cache.MAGIC) + 8 + 3] = ord("}")
    else:
        data[0] ^= 1
    path.write_bytes(bytes(data))
    assert table_cache.load("kind", "key") is None
    assert table_cache.store("kind", "key", _arrays())  # made anew
    read = table_cache.load("kind", "key")
    assert read is not None and _same(read, _arrays())


def test_no_cache_folder_means_no_table_and_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(table_cache.ENVIRONMENT, "")
    assert table_cache.folder() is None
    assert not table_cache.store("kind", "key", _arrays())
    assert table_cache.load("kind", "key") is None
    blocker = tmp_path / "a-file"  # a "folder" that is a file: nothing can be written there
    blocker.write_text("x")
    monkeypatch.setenv(table_cache.ENVIRONMENT, str(blocker / "tables"))
    assert not table_cache.store("kind", "key", _arrays())
    assert table_cache.load("kind", "key") is None
    assert blocker.read_text() == "x"


def _write_many(folder: str, rounds: int) -> None:
    os.environ[table_cache.ENVIRONMENT] = folder
    for _ in range(rounds):
        assert table_cache.store("kind", "key", _arrays())


def test_processes_writing_one_table_at_once_leave_a_whole_one(cache: Path) -> None:
    """Two processes writing the same table over and over while this one reads it: every read
    is the whole table or none, and no temporary file stays behind."""
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_write_many, args=(str(cache), 40)) for _ in range(2)]
    for writer in writers:
        writer.start()
    reads = 0
    while any(w.is_alive() for w in writers):
        found = table_cache.load("kind", "key")
        if found is not None:
            assert _same(found, _arrays())
            reads += 1
    for writer in writers:
        writer.join()
        assert writer.exitcode == 0
    found = table_cache.load("kind", "key")
    assert found is not None and _same(found, _arrays())
    assert [p.name for p in cache.iterdir()] == [table_cache.path_of("kind", "key").name]  # type: ignore[union-attr]


def _words() -> list[str]:
    rng = random.Random(3)
    letters = "abcdeабвгдеёжзий'-"
    return sorted({"".join(rng.choices(letters, k=rng.randint(1, 9))) for _ in range(5000)})


def _forms(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    letters = string.ascii_lowercase + "абвгдежзийклмнопрстуфхцчшщыэюя"
    return ["".join(rng.choices(letters, k=rng.randint(1, 12))) for _ in range(count)]


def _searched(words: list[str], batch: list[str]) -> list[int]:
    places = [bisect.bisect_left(words, w) for w in batch]
    return [
        at if at < len(words) and words[at] == w else -1
        for at, w in zip(places, batch, strict=True)
    ]


def _batch(words: list[str]) -> list[str]:
    rng = random.Random(11)
    return [
        *rng.sample(words, min(len(words), 2000)),
        *_forms(1000, 12),
        *[w[:-1] for w in rng.sample(words, 300)],
        *[w + "а" for w in rng.sample(words, 300)],
        "",
        "\ud800",  # a lone surrogate (a document read with surrogateescape)
        words[0],
        words[-1],
        words[-1] + "я",
    ]


def test_words_found_by_their_keys_are_where_a_binary_search_finds_them() -> None:
    words = _words()
    index = meaning._word_index(words)
    assert index is not None
    place = meaning._keyed_places(index)
    assert place is not None
    batch = _batch(words)
    assert place(batch) == _searched(words, batch) == meaning._places(words)(batch)
    assert place([]) == []
    empty = meaning._word_index([])
    assert empty is not None
    found = meaning._keyed_places(empty)
    assert found is not None and found(["a", ""]) == [-1, -1]


def test_a_table_not_of_the_index_layout_is_not_used() -> None:
    index = meaning._word_index(_words())
    assert index is not None
    assert meaning._keyed_places({k: v for k, v in index.items() if k != "order"}) is None
    assert meaning._keyed_places({**index, "starts": index["starts"][:-1]}) is None
    assert meaning._keyed_places({**index, "keys": index["keys"].astype(np.int64)}) is None


class _SharedKeys:
    """``zlib`` for :func:`meaning._word_keys` where every word of one length shares a key."""

    @staticmethod
    def crc32(data: bytes) -> int:
        return len(data)

    @staticmethod
    def adler32(data: bytes) -> int:
        return 0


def test_words_sharing_a_key_are_found_by_their_hashes(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = _words()
    monkeypatch.setattr(meaning, "zlib", _SharedKeys)
    assert meaning._word_index(words) is None
    gzipped = _vocab(words)
    place = meaning._navec_places(gzipped)
    batch = _batch(words)
    assert place(batch) == _searched(words, batch)
    assert not cache.exists() or not list(cache.iterdir())  # nothing stored


def _vocab(words: list[str]) -> bytes:
    """A ``vocab.bin`` as navec writes it (gzip of the count, the counts, the words)."""
    import gzip

    lines = "\n".join([*words, "<unk>", "<pad>"]).encode()
    counts = np.ones(len(words) + 2, dtype=np.uint32).tobytes()
    return gzip.compress(np.uint32(len(words) + 2).tobytes() + counts + lines)


def test_navec_places_are_the_same_from_a_cold_cache_a_warm_one_and_a_damaged_one(
    cache: Path,
) -> None:
    words = _words()
    gzipped = _vocab(words)
    assert meaning._navec_words(gzipped) == words
    batch = _batch(words)
    expected = _searched(words, batch)
    cold = meaning._navec_places(gzipped)  # derived, then stored
    (path,) = cache.iterdir()
    assert path.name.startswith(meaning.NAVEC_INDEX)
    stored = path.read_bytes()
    warm = meaning._navec_places(gzipped)  # read back
    assert cold(batch) == warm(batch) == expected
    path.write_bytes(stored[: len(stored) - 10])  # cut short: derived again, stored again
    assert meaning._navec_places(gzipped)(batch) == expected
    assert path.read_bytes() == stored
    other = _vocab(words[:-1])  # other words: another table, the first one left as it is
    assert meaning._navec_places(other)(batch) == _searched(words[:-1], batch)
    assert len(list(cache.iterdir())) == 2 and path.read_bytes() == stored


def test_navec_finds_the_words_a_binary_search_finds_cold_and_warm(cache: Path) -> None:
    """navec's own 250,000 words: the index made and the index read back find each word of a
    batch where a binary search of the words finds it."""
    packed, _, _ = meaning._navec_arrays(meaning._package_file("natasha", meaning.NAVEC_FILE))
    words = meaning._navec_words(packed)
    assert len(words) == 250_000
    batch = _batch(words)
    expected = _searched(words, batch)
    assert meaning._navec_places(packed)(batch) == expected  # cold
    assert len(list(cache.iterdir())) == 1
    assert meaning._navec_places(packed)(batch) == expected  # warm


def test_without_a_cache_folder_navec_places_are_found_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(table_cache.ENVIRONMENT, "")
    words = _words()
    batch = _batch(words)
    assert meaning._navec_places(_vocab(words))(batch) == _searched(words, batch)


def _wordfreq_small(language: str) -> dict[str, float]:
    """wordfreq's small list as ``small_list`` first read it: gzipped msgpack, a loop a word."""
    import gzip

    import msgpack

    path = meaning._package_file("wordfreq", ("data", f"small_{language}.msgpack.gz"))
    with gzip.open(path, "rb") as infile:
        data = msgpack.load(infile, raw=False)
    freqs: dict[str, float] = {}
    for index, bucket in enumerate(data[1:]):
        freq = 10 ** (-index / 100)
        for word in bucket:
            freqs[word] = freq
    return freqs


@pytest.mark.parametrize("language", ["en", "ru", "uk", "de"])
def test_the_small_list_kept_in_the_cache_is_the_one_read(
    language: str, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 40: wordfreq's small list, read from its file on the first run (an empty cache
    folder) and kept as a table, then read back from the table, is the same dict (keys,
    values, order) as the word-by-word reading; a damaged table is not read, and no cache
    folder reads the file."""
    expected = _wordfreq_small(language)
    meaning.small_list.cache_clear()
    try:
        first = meaning.small_list(language)
        assert first == expected and list(first) == list(expected)
        (kept,) = cache.glob(f"{meaning.SMALL_LIST}-*.table")
        meaning.small_list.cache_clear()
        again = meaning.small_list(language)
        assert again == expected and list(again) == list(expected)
        assert all(type(v) is float for v in again.values())
        data = bytearray(kept.read_bytes())
        data[-3] ^= 0xFF
        kept.write_bytes(bytes(data))
        meaning.small_list.cache_clear()
        assert meaning.small_list(language) == expected  # read anew, kept whole again
        assert (
            meaning._kept_list({"words": np.zeros(3, np.uint8), "sizes": np.ones(2, np.int64)})
            is None
        )
        meaning.small_list.cache_clear()
        monkeypatch.setenv(table_cache.ENVIRONMENT, "")
        nowhere = meaning.small_list(language)
        assert nowhere == expected and list(nowhere) == list(expected)
    finally:
        meaning.small_list.cache_clear()
