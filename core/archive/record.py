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
* the SHA-256 that makes a document "the same" is of its extracted text (UTF-8), so the same
  essay as .docx and as .pdf is stored once when their texts agree.
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
_ARRAYS = (
    ("starts", "<i8"),
    ("ends", "<i8"),
    ("variants", "<u8"),
    ("hashes", "<u8"),
    ("sentences", "<i4"),
    ("form_ids", "<i4"),
    ("homoglyphs", "<i8"),
    ("sketch", "<u8"),
)


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
        text_blob=zlib.compress(doc.text.encode("utf-8", "surrogatepass"), 6),
        data_blob=encode_canonical(canonical, doc.sketch),
        anchors=doc.anchors,
    )


def encode_canonical(canonical: Canonical, sketch: np.ndarray) -> bytes:
    """A header line of JSON, the distinct forms, then the arrays; compressed."""
    vocabulary, ids = form_ids(canonical.forms)
    arrays = {
        "starts": canonical.starts,
        "ends": canonical.ends,
        "variants": canonical.variants,
        "hashes": canonical.hashes,
        "sentences": canonical.sentences,
        "form_ids": ids,
        "homoglyphs": np.asarray(canonical.homoglyphs, dtype=np.int64),
        "sketch": sketch,
    }
    parts = [np.ascontiguousarray(arrays[name], dtype=dtype).tobytes() for name, dtype in _ARRAYS]
    forms = SEP.join(vocabulary).encode("utf-8", "surrogatepass")
    header = {
        "version": DATA_VERSION,
        "language": canonical.language,
        "words": canonical.words,
        "forms": len(forms),
        "sizes": [len(p) for p in parts],
    }
    head = json.dumps(header, separators=(",", ":")).encode("ascii") + b"\n"
    return zlib.compress(b"".join([head, forms, *parts]), 1)


def decode_canonical(blob: bytes) -> tuple[Canonical, np.ndarray]:
    """The canonical words and sketch of :func:`encode_canonical`; ArchiveError if damaged."""
    try:
        raw = zlib.decompress(blob)
        line_end = raw.index(b"\n")
        header = json.loads(raw[:line_end])
        if header.get("version") != DATA_VERSION:
            raise ValueError(header.get("version"))
        at = line_end + 1
        forms_end = at + int(header["forms"])
        joined = raw[at:forms_end].decode("utf-8", "surrogatepass")
        at = forms_end
        arrays: dict[str, np.ndarray] = {}
        for (name, dtype), size in zip(_ARRAYS, header["sizes"], strict=True):
            kind = np.dtype(dtype)
            arrays[name] = np.frombuffer(raw, kind, size // kind.itemsize, at).copy()
            at += size
    except (ValueError, KeyError, TypeError, zlib.error) as error:
        raise ArchiveError(
            "a document's stored data is damaged or of another version ({detail})", detail=error
        ) from None
    ids = arrays["form_ids"]
    canonical = Canonical(
        language=str(header["language"]),
        words=int(header["words"]),
        starts=arrays["starts"],
        ends=arrays["ends"],
        forms=forms_of(joined, ids),
        variants=arrays["variants"],
        hashes=arrays["hashes"],
        homoglyphs=tuple(arrays["homoglyphs"].tolist()),
        sentences=arrays["sentences"],
    )
    return canonical, arrays["sketch"]


def decode_text(blob: bytes) -> str:
    try:
        return zlib.decompress(blob).decode("utf-8", "surrogatepass")
    except (zlib.error, UnicodeDecodeError) as error:
        raise ArchiveError("a document's stored text is damaged ({detail})", detail=error) from None


def prepared_from(
    key: str, text: str, format: str, file_sha256: str, data_blob: bytes, options: Options
) -> Prepared:
    """A source for the engine, rebuilt from the archive: shingles and anchors are recomputed
    from the stored fingerprints (numpy, no canonicalization)."""
    canonical, _sketch = decode_canonical(data_blob)
    return Prepared(
        path=key,
        text=text,
        format=format,
        canonical=canonical,
        shingles=shingle_set(canonical.hashes, options.shingle),
        anchors=kgram_set(canonical.hashes, options.anchor_words),
        sha256=file_sha256,
    )


def anchors_of(data_blob: bytes, anchor_words: int) -> np.ndarray:
    """The index keys of a stored document (to remove them with it)."""
    canonical, _ = decode_canonical(data_blob)
    return kgram_set(canonical.hashes, anchor_words)
