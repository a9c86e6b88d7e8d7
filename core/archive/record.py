"""Record: what the archive keeps of one document, and its stored form.

A record holds everything a check needs to align against the document without reading its
file again (issue 14): the extracted text all offsets refer to, the canonical words with their
spans, the anchor k-grams the index is keyed by, and the MinHash sketch. It is made in the
reading worker (:func:`record_of`, the ``build`` of :func:`copylens.core.prepare.read_all`), so
the process that writes the archive only moves bytes.

What must hold:

* :func:`decode_canonical` of :func:`encode_canonical` gives back equal arrays, forms and
  counts, so a source read from the archive aligns exactly as the file it came from;
* the stored form is plain data (a JSON header and little-endian arrays, zlib-compressed),
  never pickle: a shared archive on a department's server must not be able to run code on
  the machines that read it; a blob that does not decode is an :class:`ArchiveError`;
* the SHA-256 that makes a text "the same" is of its extracted text (UTF-8), so the same
  essay as .docx and as .pdf is stored once when their texts agree (each submission is a
  record of its own all the same, :mod:`.store`);
* a blob is decompressed within a bound known before (issue 38): the text within four bytes
  per character of its stored length, the canonical data within exactly the sizes its header
  declares, each header number checked against the text's length first; a blob that would
  expand further is damaged, never a gigabyte in memory.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from copylens.core.canonicalize import SEP, Canonical, form_ids, forms_of
from copylens.core.errors import ArchiveError
from copylens.core.extract import Extracted
from copylens.core.inflate import inflate
from copylens.core.options import Options
from copylens.core.prepare import Prepared, prepare_text, text_digest
from copylens.core.shingle import kgram_set, shingle_set

DATA_VERSION = 1
"""Version of the stored canonical data; a record of another version is refused."""
CANONICAL_SETTINGS = ("language", "lemmatize", "stop_words", "drop_short", "ignore_numbers")
"""The options that decide a document's canonical words: an archive holds words made with one
choice of them, and a check against it must make its own the same way."""
INDEX_SETTINGS = ("anchor_words",)
"""The options that decide the index's keys."""
_PACKED = (("gaps", "<i4"), ("lengths", "<i4"), ("sentences", "<i4"), ("form_ids", "<i4"))
"""Small integers, compressed (zlib level 1) with the distinct forms."""
_RAW = (("form_hashes", "<u8"), ("variants", "<u8"), ("homoglyphs", "<i8"), ("sketch", "<u8"))
"""Fingerprints, stored as they are: random 64-bit values do not compress."""
MAX_CHARS = 64 * 1024 * 1024
"""Longest stored text read back (characters): above the engine's default cap on extracted
text (``max_file_bytes``, 50 MiB); a record claiming more is damaged."""
MAX_SKETCH = 4096
"""Most MinHash values a record may hold (the engine's sketch has 84)."""


@dataclass(frozen=True, eq=False)
class Record:
    """One document ready to be written: metadata, compressed blobs and index keys."""

    path: str
    format: str
    sha256: str
    """Of the extracted text (UTF-8): the archive's identity of a document."""
    file_sha256: str
    """Of the file's bytes as added (equal to ``sha256`` for pasted text)."""
    language: str
    words: int
    chars: int
    text_blob: bytes
    data_blob: bytes
    anchors: np.ndarray
    """Distinct anchor k-gram fingerprints (uint64, sorted)."""

    @property
    def stored_bytes(self) -> int:
        return len(self.text_blob) + len(self.data_blob)


def settings_of(options: Options) -> dict[str, Any]:
    """The settings an archive is built with (stored in it, compared at every use)."""
    names = (*CANONICAL_SETTINGS, *INDEX_SETTINGS)
    return {"data_version": DATA_VERSION, **{name: getattr(options, name) for name in names}}


def record_of(extracted: Extracted, options: Options) -> Record:
    """The record of one extracted document (``build`` of ``read_all``: runs in a worker)."""
    return record_of_prepared(prepare_text(extracted, options))


def record_of_prepared(doc: Prepared) -> Record:
    """The record of a document the engine already prepared (``check --add-to-archive``)."""
    canonical = doc.canonical
    digest = text_digest(doc.text)
    return Record(
        path=doc.path,
        format=doc.format,
        sha256=digest,
        file_sha256=doc.sha256 or digest,
        language=canonical.language,
        words=canonical.words,
        chars=len(doc.text),
        text_blob=zlib.compress(doc.text.encode("utf-8", "surrogatepass"), 1),
        data_blob=encode_canonical(canonical, doc.sketch),
        anchors=doc.anchors,
    )


def encode_canonical(canonical: Canonical, sketch: np.ndarray) -> bytes:
    """A header line of JSON; the distinct forms and the small integers compressed (word
    starts as gaps, lengths, sentence and form indices); then the fingerprints raw (the form
    hashes once per distinct form)."""
    vocabulary, ids = form_ids(canonical.forms)
    form_hashes = np.zeros(len(vocabulary), dtype=np.uint64)
    form_hashes[ids] = canonical.hashes
    starts = canonical.starts
    arrays = {
        "gaps": np.diff(starts, prepend=0),
        "lengths": canonical.ends - starts,
        "sentences": canonical.sentences,
        "form_ids": ids,
        "form_hashes": form_hashes,
        "variants": canonical.variants,
        "homoglyphs": np.asarray(canonical.homoglyphs, dtype=np.int64),
        "sketch": sketch,
    }
    forms = SEP.join(vocabulary).encode("utf-8", "surrogatepass")
    packed = zlib.compress(b"".join([forms, *_bytes(arrays, _PACKED)]), 1)
    raw = _bytes(arrays, _RAW)
    header = {
        "version": DATA_VERSION,
        "language": canonical.language,
        "words": canonical.words,
        "count": len(ids),
        "vocabulary": len(vocabulary),
        "forms": len(forms),
        "packed": len(packed),
        "homoglyphs": len(canonical.homoglyphs),
        "sketch": len(sketch),
    }
    head = json.dumps(header, separators=(",", ":")).encode("ascii") + b"\n"
    return b"".join([head, packed, *raw])


def _bytes(arrays: dict[str, np.ndarray], layout: tuple[tuple[str, str], ...]) -> list[bytes]:
    return [np.ascontiguousarray(arrays[name], dtype=dtype).tobytes() for name, dtype in layout]


def decode_canonical(blob: bytes, chars: int = MAX_CHARS) -> tuple[Canonical, np.ndarray]:
    """The canonical words and sketch of :func:`encode_canonical` of a text of ``chars``
    characters; ArchiveError if damaged (a header number beyond what such a text can hold, a
    blob shorter or longer than its header says, compressed data expanding beyond it)."""
    try:
        line_end = blob.index(b"\n", 0, 4096)
        header = json.loads(blob[:line_end])
        if not isinstance(header, dict) or header.get("version") != DATA_VERSION:
            raise ValueError("version")
        limit = min(max(0, chars), MAX_CHARS)
        count = _number(header, "count", limit)
        size = _number(header, "vocabulary", count)
        forms_end = _number(header, "forms", 8 * limit + 64)
        homoglyphs = _number(header, "homoglyphs", limit)
        sketch = _number(header, "sketch", MAX_SKETCH)
        words = _number(header, "words", limit)
        at = line_end + 1
        stored = _number(header, "packed", len(blob) - at)
        packed = inflate(blob[at : at + stored], forms_end + 16 * count)
        at += stored
        raw_bytes = 8 * (size + count + homoglyphs + sketch)
        if len(packed) != forms_end + 16 * count or len(blob) != at + raw_bytes:
            raise ValueError("the stored sizes do not add up")
        joined = packed[:forms_end].decode("utf-8", "surrogatepass")
        small = _arrays(packed, forms_end, _PACKED, dict.fromkeys(_names(_PACKED), count))
        lengths = {"form_hashes": size, "variants": count, "homoglyphs": homoglyphs}
        raw = _arrays(blob, at, _RAW, {**lengths, "sketch": sketch})
        ids = small["form_ids"]
        if count and (ids.min() < 0 or ids.max() >= size):
            raise ValueError("a word's form is out of range")
        starts = np.cumsum(small["gaps"], dtype=np.int64)
        ends = starts + small["lengths"]
        if count and (small["gaps"].min() < 0 or small["lengths"].min() < 0 or ends.max() > limit):
            raise ValueError("a word's span is out of the text")
        canonical = Canonical(
            language=str(header["language"]),
            words=words,
            starts=starts,
            ends=ends,
            forms=forms_of(joined, ids),
            variants=raw["variants"],
            hashes=raw["form_hashes"][ids],
            homoglyphs=tuple(raw["homoglyphs"].tolist()),
            sentences=small["sentences"],
        )
    except (ValueError, KeyError, TypeError, IndexError, zlib.error, UnicodeDecodeError) as error:
        raise ArchiveError(
            "a document's stored data is damaged or of another version ({detail})", detail=error
        ) from None
    return canonical, raw["sketch"]


def _number(header: dict[str, Any], name: str, most: int) -> int:
    """A header's count, checked: an integer from 0 to ``most`` (ValueError otherwise)."""
    value = header[name]
    if type(value) is not int or not 0 <= value <= most:
        raise ValueError(f"{name} = {str(value)[:40]} is out of range")
    return value


def _names(layout: tuple[tuple[str, str], ...]) -> list[str]:
    return [name for name, _ in layout]


def _arrays(
    data: bytes, at: int, layout: tuple[tuple[str, str], ...], counts: dict[str, int]
) -> dict[str, np.ndarray]:
    """The arrays of ``layout`` read one after another from ``data`` at ``at`` (copies, in
    native order); ValueError if ``data`` is too short."""
    out = {}
    for name, dtype in layout:
        kind = np.dtype(dtype)
        out[name] = np.frombuffer(data, kind, counts[name], at).astype(kind.newbyteorder("="))
        at += counts[name] * kind.itemsize
    return out


def decode_text(blob: bytes, chars: int = MAX_CHARS) -> str:
    """The stored text of ``chars`` characters (at most four UTF-8 bytes each are inflated);
    ArchiveError if it is damaged or not that long."""
    try:
        if not 0 <= chars <= MAX_CHARS:
            raise ValueError(f"a length of {chars} characters is out of range")
        text = inflate(blob, 4 * chars).decode("utf-8", "surrogatepass")
        if len(text) != chars and chars != MAX_CHARS:
            raise ValueError(f"{len(text)} characters where {chars} were stored")
    except (ValueError, UnicodeDecodeError) as error:
        raise ArchiveError("a document's stored text is damaged ({detail})", detail=error) from None
    return text


def prepared_from(
    key: str, text: str, format: str, file_sha256: str, data_blob: bytes, options: Options
) -> Prepared:
    """A source for the engine, rebuilt from the archive: shingles and anchors are recomputed
    from the stored fingerprints (numpy, no canonicalization)."""
    canonical, _sketch = decode_canonical(data_blob, len(text))
    return Prepared(
        path=key,
        text=text,
        format=format,
        canonical=canonical,
        shingles=shingle_set(canonical.hashes, options.shingle),
        anchors=kgram_set(canonical.hashes, options.anchor_words),
        sha256=file_sha256,
    )


def anchors_of(data_blob: bytes, anchor_words: int, chars: int = MAX_CHARS) -> np.ndarray:
    """The index keys of a stored text of ``chars`` characters (to remove them with it)."""
    canonical, _ = decode_canonical(data_blob, chars)
    return kgram_set(canonical.hashes, anchor_words)
