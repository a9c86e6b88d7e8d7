"""Decoding the bytes of a plain-text file: byte-order marks, UTF-16/32 without one, binary
data, UTF-8, UTF-8 with stray cp1252 bytes, then the legacy 8-bit code pages
(:mod:`copylens.core.extract.charset` guesses which).

What must hold: :func:`decode_text` returns ``(text, codec)`` with
``readable(data.decode(codec)) == text``, except for the codec name ``"utf-8+cp1252"`` (mostly
UTF-8, each stray byte decoded as cp1252): :func:`readable` replaces each stray control
character by one character, so every offset into ``text`` is the offset into the decoded file;
binary data is refused with :class:`CorruptFile`; a UTF-8 file never reaches charset detection
(and never imports charset-normalizer).

Binary or text (issue 34, measured): a file whose control bytes (C0 but tab, LF, VT, FF, CR
and DOS EOF; DEL; NUL) are more than 1 % of its bytes is binary, unless it decodes cleanly as
UTF-16/32 without a byte-order mark. Of 3,001 binary files on a Linux system (executables,
shared objects, archives, compiled Python, fonts, images), the lowest share was 2.7 % (a PDF),
the median 40 %; ordinary web texts of the PAN-13 corpus carry up to 0.2 % (27 stray bytes in
12.9 KB, a NUL among them), and a text that writes its apostrophe as ``\x19`` (the low byte
of U+2019) many more: such a typographic control (``\x13 \x14 \x18 \x19 \x1c \x1d``, the
low bytes of – — ‘ ’ “ ”) does not count when it stands beside an ASCII letter or a space.
Before, any NUL byte made a file binary: 6 of 774 PAN texts were refused for one to 27 stray
bytes (a silent miss when the file is a source).
"""

from __future__ import annotations

import codecs
import functools
import re
import unicodedata

from copylens.core.errors import CorruptFile
from copylens.core.extract.charset import best_cyrillic, charset_guess

_MIXED_UTF8_CP1252 = "utf-8+cp1252"  # UTF-8 with a few stray bytes decoded as cp1252

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# C0 controls that never occur in text (tab, LF, VT, FF, CR and DOS EOF are allowed), and DEL.
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 26)) + b"\x7f"
_NOT_CONTROL_BYTES = bytes(b for b in range(256) if b not in _CONTROL_BYTES)
_BINARY_SHARE = 0.01
"""Most control bytes a text file holds, as a share of its bytes (module docstring)."""
_TYPOGRAPHIC = {
    0x13: "\u2013",
    0x14: "\u2014",
    0x18: "\u2018",
    0x19: "\u2019",
    0x1C: "\u201c",
    0x1D: "\u201d",
}
"""Control characters that are the low byte of a typographic mark (U+2013 …), as the mark."""
_IN_WORDS = re.compile(
    rb"(?<=[A-Za-z ])[\x13\x14\x18\x19\x1c\x1d]|[\x13\x14\x18\x19\x1c\x1d](?=[A-Za-z ])"
)
_CONTROL_CHARS = re.compile("[\x00-\x08\x0e-\x1f\x7f]")
_NOT_UNREADABLE_BYTES = bytes(b for b in range(256) if not _CONTROL_CHARS.match(chr(b)))
"""Every byte but those of the characters :func:`readable` replaces (``bytes.translate``
deletes these, so what is left of a file's bytes are its control bytes)."""
_ASCII_SAFE = frozenset(("utf-8", "utf-8-sig"))
"""Codecs in which a byte under 0x80 is always the character of that code point, and no other
character holds such a byte: a file decoded by one of them holds a control character exactly
when its bytes hold that control byte. Looking for them in the bytes (``translate``, a table
lookup a byte in C) instead of in the text (the regular expression's character class, ~50
instructions a character: 224,000 an essay, issue 40) gives the same answer."""
_READABLE = {
    **{c: " " for c in [*range(32), 0x7F] if c not in (9, 10, 11, 12, 13)},
    **_TYPOGRAPHIC,
}
_WIDE_CODECS = ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
_WIDE_SAMPLE_CHARS = 65_536
_ALLOWED_FORMAT_CHARS = frozenset(
    "\t\n\x0b\x0c\r\x1a\xad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"
)


def decode_text(data: bytes) -> tuple[str, str]:
    """Decode the bytes of a plain-text file; return ``(text, codec)``.

    Must hold: ``readable(data.decode(codec)) == text`` (the one exception is the codec name
    ``"utf-8+cp1252"``: mostly UTF-8 with a few stray cp1252 bytes, each decoded as cp1252).
    Order: BOM (UTF-8/16/32), many control bytes (UTF-16/32 without BOM, else binary: see
    the module docstring), strict UTF-8, mixed UTF-8 + cp1252,
    Cyrillic code pages by plausibility, charset-normalizer, cp1252. Raises
    :class:`CorruptFile` for binary data.
    """
    text, codec = _decoded(data)
    if codec in _ASCII_SAFE and not data.translate(None, _NOT_UNREADABLE_BYTES):
        return text, codec  # no byte of a character :func:`readable` replaces: none to replace
    return readable(text), codec


def readable(text: str) -> str:
    """``text`` with each control character that is not a line break or a tab replaced by
    one character: a typographic mark for ``\\x13 \\x14 \\x18 \\x19 \\x1c \\x1d`` (the low
    bytes of – — ‘ ’ “ ”), else a space. The length, and so every offset, is unchanged."""
    return text.translate(_READABLE) if _CONTROL_CHARS.search(text) else text


def _decoded(data: bytes) -> tuple[str, str]:
    by_bom = decode_by_bom(data)
    if by_bom is not None:
        return by_bom
    if _mostly_control(data):
        wide = _guess_wide_codec(data)
        if wide is None:
            raise CorruptFile("binary data, not text")
        return data.decode(wide), wide
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    return _decode_legacy(data)


def decode_by_bom(data: bytes) -> tuple[str, str] | None:
    """(text, codec) when ``data`` starts with a byte-order mark and decodes under it."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec), codec
            except UnicodeDecodeError:
                return None
    return None


def _mostly_control(data: bytes) -> bool:
    """True when more than :data:`_BINARY_SHARE` of the bytes are controls that never occur
    in text, a typographic control beside a letter or a space not counted (module
    docstring)."""
    controls = len(data.translate(None, _NOT_CONTROL_BYTES))
    if controls <= _BINARY_SHARE * len(data):
        return False
    return controls - len(_IN_WORDS.findall(data)) > _BINARY_SHARE * len(data)


def _guess_wide_codec(data: bytes) -> str | None:
    """The BOM-less UTF-16/32 codec under which ``data`` is clean text, or None.

    Clean: decodes strictly, and at most 1% of a 64K-character sample are controls, unassigned
    or private-use characters. Among clean candidates the one whose characters fall into the
    fewest 128-code-point blocks wins (real text uses one or two scripts; a wrong byte order
    scatters over the CJK range).
    """
    best: tuple[int, str] | None = None
    for codec in _WIDE_CODECS:
        unit = 2 if "16" in codec else 4
        if len(data) % unit:
            continue
        try:
            sample = data[: _WIDE_SAMPLE_CHARS * unit].decode(codec)
        except UnicodeDecodeError:
            continue
        if not _clean_text(sample):
            continue
        blocks = len({ord(ch) >> 7 for ch in sample})
        if best is None or blocks < best[0]:
            best = (blocks, codec)
    if best is None:
        return None
    try:
        data.decode(best[1])
    except UnicodeDecodeError:
        return None
    return best[1]


def _clean_text(text: str) -> bool:
    """At most 1% of ``text`` are control/format/unassigned/private characters (bar a few)."""
    if not text:
        return False
    bad = sum(
        1 for ch in text if ch not in _ALLOWED_FORMAT_CHARS and unicodedata.category(ch)[0] == "C"
    )
    return bad * 100 <= len(text)


@functools.lru_cache(maxsize=1)
def _cp1252_table() -> tuple[str, ...]:
    """Each byte as cp1252 decodes it; the five undefined bytes map to the same code point."""
    return tuple(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in range(256))


def _cp1252_fallback(exc: UnicodeError) -> tuple[str, int]:
    """Codec error handler: decode each byte that is not valid UTF-8 as cp1252."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    table = _cp1252_table()
    return "".join(table[b] for b in exc.object[exc.start : exc.end]), exc.end


codecs.register_error("copylens.cp1252", _cp1252_fallback)


def _decode_legacy(data: bytes) -> tuple[str, str]:
    """Decode bytes that are not valid UTF-8 (see :func:`decode_text` for the order)."""
    mixed = _decode_mixed_utf8(data)
    if mixed is not None:
        return mixed, _MIXED_UTF8_CP1252
    cyrillic = best_cyrillic(data)
    if cyrillic is not None:
        return cyrillic
    guess = charset_guess(data)
    if guess is not None:
        return guess
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "iso8859-1"


def _decode_mixed_utf8(data: bytes) -> str | None:
    """UTF-8 with stray cp1252 bytes (a cp1252 quote pasted into UTF-8), else None.

    Taken only when valid multi-byte UTF-8 sequences are at least as many as the invalid bytes,
    so a cp1251/koi8-r text, whose letters occasionally form a valid pair, is not taken.
    """
    valid_only = data.decode("utf-8", errors="ignore")
    invalid_bytes = len(data) - len(valid_only.encode("utf-8"))
    multibyte = len(valid_only) - len(valid_only.encode("ascii", errors="ignore"))
    if multibyte == 0 or invalid_bytes > multibyte:
        return None
    return data.decode("utf-8", errors="copylens.cp1252")
