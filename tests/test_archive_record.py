"""The archive's stored form of a document (core/archive/record.py): what is decoded is what
was encoded, and damage is a clear error, never a crash or code run."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import Options
from copylens.core.archive.record import (
    decode_canonical,
    decode_text,
    encode_canonical,
    prepared_from,
    record_of,
)
from copylens.core.errors import ArchiveError
from copylens.core.extract import Extracted
from copylens.core.prepare import prepare_text

WORDS = st.sampled_from(
    ["кот", "котов", "пpивeт", "the", "cats", "running", "über", "Ёжик", "42", "o'neil", "ні"]
)
TEXTS = st.lists(
    st.tuples(WORDS, st.sampled_from([" ", ", ", ". ", "\n", " \u200b"])), max_size=60
).map(lambda parts: "".join(w + sep for w, sep in parts))


def _same(a: object, b: object) -> None:
    for name in ("language", "words", "forms", "homoglyphs"):
        assert getattr(a, name) == getattr(b, name), name
    for name in ("starts", "ends", "variants", "hashes", "sentences"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.tolist() == y.tolist(), name


@settings(max_examples=60, deadline=None)
@given(TEXTS)
def test_decoded_canonical_words_are_the_encoded_ones(text: str) -> None:
    doc = prepare_text(Extracted("a.txt", text, "txt"), Options())
    canonical, sketch = decode_canonical(encode_canonical(doc.canonical, doc.sketch))
    _same(canonical, doc.canonical)
    assert sketch.tolist() == doc.sketch.tolist()


def test_a_source_rebuilt_from_the_archive_has_the_files_keys() -> None:
    text = "Кошки спали на тёплой крыше. The cats were sleeping on the warm roof again."
    options = Options()
    doc = prepare_text(Extracted("a.txt", text, "txt", None, "f" * 64), options)
    record = record_of(Extracted("a.txt", text, "txt", None, "f" * 64), options)
    assert record.file_sha256 == "f" * 64 and record.sha256 != record.file_sha256
    rebuilt = prepared_from(
        "archive:1", decode_text(record.text_blob), "txt", "f" * 64, record.data_blob, options
    )
    assert rebuilt.text == text
    _same(rebuilt.canonical, doc.canonical)
    assert np.array_equal(rebuilt.anchors, doc.anchors)
    assert np.array_equal(rebuilt.shingles, doc.shingles)
    assert np.array_equal(record.anchors, doc.anchors)


@pytest.mark.parametrize(
    "blob",
    [
        b"",
        b"not an archive record",
        b'{"version": 99}\n',
        b'{"version": 1, "count": 5}\n' + zlib.compress(b"x"),
        b"\x80\x04\x95pickle",
    ],
)
def test_damaged_data_is_an_archive_error(blob: bytes) -> None:
    with pytest.raises(ArchiveError, match="damaged"):
        decode_canonical(blob)


def test_a_truncated_record_is_an_archive_error() -> None:
    doc = prepare_text(Extracted("a.txt", "one two three four five six", "txt"), Options())
    blob = encode_canonical(doc.canonical, doc.sketch)
    with pytest.raises(ArchiveError, match="damaged"):
        decode_canonical(blob[:-9])
    with pytest.raises(ArchiveError, match="damaged"):
        decode_text(b"\x00\x01garbage")
