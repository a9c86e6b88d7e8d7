"""Tests of decoding text files (extract/decode.py, with the code-page guesses of
extract/charset.py): byte-order marks, UTF-16/32 without one, legacy code pages, mixed
UTF-8, binary data, and the cost of the UTF-8 path."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.errors import CorruptFile
from copylens.core.extract import decode as decode_module
from copylens.core.extract import decode_text, extract_file, extract_text
from tests.extract.samples import RU

UK = (
    "Він пішов додому пізно ввечері. Вона сказала: «Ні, я не піду, бо їжак і ґава чекають "
    "на ґанку».\nМісто спить, а ми ще працюємо над есеєм про історію України."
)


EN_SMART = (
    "“Smart quotes” aren’t ‘dumb’ — they’re typographic… The essay’s author said so.\r\n"
    "It’s a second line, with an en dash – and a euro sign €."
)


DE = "Grüße aus München! Die Straße ist schön, übermäßig groß und ähnlich lang.\nZweite Zeile."


def test_plain_utf8_text_never_reaches_charset_detection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast path (how fast: bench/bench_latency.py): valid UTF-8 is decoded as it is,
    without asking the detectors, which cost milliseconds a file."""
    sentence = "The quick brown fox jumps over the lazy dog, and the essay goes on. "
    text = (sentence * 80)[:5000]

    def refused(data: bytes) -> None:
        raise AssertionError("charset detection was asked")

    monkeypatch.setattr(decode_module, "charset_guess", refused)
    monkeypatch.setattr(decode_module, "best_cyrillic", refused)
    assert decode_text(text.encode("utf-8")) == (text, "utf-8")
    assert extract_text(text.encode("utf-8"), "essay.txt").text == text


@pytest.mark.parametrize(
    ("text", "codec", "expected_codec"),
    [
        (RU, "utf-8", "utf-8"),
        (EN_SMART, "utf-8-sig", "utf-8-sig"),
        (UK, "utf-16", "utf-16"),  # BOM + little endian
        (RU, "utf-16-be", "utf-16-be"),
        (EN_SMART, "utf-16-le", "utf-16-le"),
        (DE, "utf-16-be", "utf-16-be"),
        ("Привет", "utf-16-le", "utf-16-le"),  # no ASCII at all, so no NUL byte either
        (UK, "utf-32", "utf-32"),
        (RU, "cp1251", "cp1251"),
        (UK, "cp1251", "cp1251"),
        (RU, "koi8-r", "koi8-r"),
        ("Привет, мир! Как дела?", "koi8-r", "koi8-r"),
        ("Привет, мир! Как дела?", "cp1251", "cp1251"),
        ("ВНИМАНИЕ! ЭТО ВАЖНОЕ СООБЩЕНИЕ ДЛЯ ВСЕХ.", "cp1251", "cp1251"),
        ("ВНИМАНИЕ! ЭТО ВАЖНОЕ СООБЩЕНИЕ ДЛЯ ВСЕХ.", "koi8-r", "koi8-r"),
        (RU, "cp866", "cp866"),
        (EN_SMART, "cp1252", "cp1252"),
        (DE, "cp1252", "cp1252"),
        ("À la maison, il a été très content de voir sa sœur. Ça va.", "cp1252", "cp1252"),
    ],
)
def test_text_encodings_decode_exactly(
    tmp_path: Path, text: str, codec: str, expected_codec: str
) -> None:
    path = tmp_path / "essay.txt"
    data = text.encode(codec)
    path.write_bytes(data)
    result = extract_file(path)
    assert result.text == text
    assert result.encoding == expected_codec
    assert data.decode(result.encoding) == result.text
    assert result.format == "txt"


def test_mixed_utf8_with_stray_cp1252_quotes() -> None:
    data = "He said “hello” and ".encode() + b"\x93goodbye\x94 to the caf\xc3\xa9."
    result = extract_text(data, "mixed.txt")
    assert result.text == "He said “hello” and “goodbye” to the café."
    assert result.encoding == "utf-8+cp1252"


def test_cp1251_ukrainian_is_not_taken_for_mixed_utf8() -> None:
    # "Ві" in cp1251 is C2 B3, a valid UTF-8 pair; the invalid bytes must win.
    text = "Він пішов. Вона сказала: «Ні». Вітер віє."
    assert decode_text(text.encode("cp1251")) == (text, "cp1251")


TEXT_CHARS = st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\t\n\r")


@settings(max_examples=60, deadline=None)
@given(st.text(TEXT_CHARS, min_size=1).filter(lambda t: any(ch.isalnum() for ch in t)))
def test_any_utf8_text_round_trips(text: str) -> None:
    result = extract_text(text.encode("utf-8"), "any.txt")
    assert result.text == (text[1:] if text.startswith("\ufeff") else text)


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
        b"ELF" + bytes(64) + b"some symbols",
        bytes(range(1, 32)) * 40,  # control characters without NUL
    ],
)
def test_binary_data_with_text_extension_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fake.txt"
    path.write_bytes(data)
    with pytest.raises(CorruptFile, match="binary data, not text"):
        extract_file(path)


def test_text_writing_its_apostrophe_as_a_control_byte_is_read(tmp_path: Path) -> None:
    """A 1.5 KB text whose apostrophes are \\x19 (the low byte of U+2019): over 1 % of its
    bytes are controls, yet it is text; each becomes ’ and every offset stays the file's."""
    sentence = "It\x19s the writer\x19s own text, and they don\x19t say what\x19s copied. "
    data = (sentence * 30)[:1500].encode("ascii")
    assert data.count(b"\x19") * 100 > len(data)
    path = tmp_path / "apostrophes.txt"
    path.write_bytes(data)
    result = extract_file(path)
    assert result.text == data.decode("ascii").replace("\x19", "\u2019")
    assert result.encoding == "utf-8"


def test_stray_control_bytes_become_spaces_with_offsets_kept() -> None:
    """12 stray control bytes (a NUL among them) in 9.5 KB of text: read, each one a space."""
    rng = random.Random(7)
    words = ("the", "essay", "follows", "a", "plain", "argument", "about", "rivers", "banks")
    text = " ".join(rng.choice(words) for _ in range(1800))[:9500]
    stray = b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f\x7f"
    data = bytearray(text.encode("ascii"))
    places = sorted(rng.sample(range(len(data)), len(stray)))
    for at, byte in zip(places, stray, strict=True):
        data[at] = byte
    result = extract_text(bytes(data), "stray.txt")
    assert len(result.text) == len(data)
    for at in places:
        assert result.text[at] == " "
    untouched = [i for i in range(len(data)) if i not in places]
    assert all(result.text[i] == chr(data[i]) for i in untouched)


def test_random_bytes_with_ascii_letters_are_still_binary() -> None:
    """Binary data that is mostly printable (2 % controls) is still refused."""
    rng = random.Random(3)
    printable = bytes(range(32, 127))
    data = bytearray(rng.choice(printable) for _ in range(20_000))
    for at in rng.sample(range(len(data)), 400):
        data[at] = rng.choice(b"\x00\x01\x02\x03\x05\x06\x10\x11\x12\x15\x16")
    with pytest.raises(CorruptFile, match="binary data, not text"):
        extract_text(bytes(data), "fake.txt")
