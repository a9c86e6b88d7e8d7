"""Tables derived from the data that ships, kept in the user's cache folder (issue 40).

Some of the paraphrase stage's tables are derived from files of the installed packages by work
that costs more than reading its result back: the index by which navec's 250,000 words are
looked up (:func:`copylens.core.meaning._navec_places`) took ~45 ms of the process running
``compare`` every run (inflating the word list, splitting and hashing it, sorting the hashes).
Such a table is made once, from what ships only (nothing is fetched), and written here; later
runs read it back.

A table file is named by its kind and the key of its inputs (the caller's: a SHA-256 of the
bytes it is derived from, with the layout's version), and holds the key again, the arrays'
layout and an Adler-32 of their bytes: a file made from other inputs or by another version of
the code is another file, never read; one damaged or cut short fails the check and is made
anew. A file is written whole under a temporary name, then renamed over its own name
(``os.replace``), so a reader sees a whole file or none, and two processes writing the same
table at once each rename a whole one. Nothing here raises: whatever fails (no cache folder, a
read-only one, a damaged file), :func:`load` returns None and the caller derives the table as
before, and :func:`store` gives up.

``COPYLENS_TABLE_CACHE`` names the folder (empty: no cache); by default it is ``tables`` in
the user's cache folder (``platformdirs``, as the web cache's pages: :mod:`copylens.core.web`).
"""

from __future__ import annotations

import json
import os
import tempfile
import zlib
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

import numpy as np

ENVIRONMENT = "COPYLENS_TABLE_CACHE"
MAGIC = b"copylens-table\x00\x01"
"""The first bytes of a table file (its last byte is the file layout's version)."""
_ALIGN = 64
"""Each array's bytes start at a multiple of this offset in the file."""


def folder() -> Path | None:
    """Where the tables are kept: :data:`ENVIRONMENT` if set (empty: nowhere), else ``tables``
    in the user's cache folder; None where there is none."""
    override = os.environ.get(ENVIRONMENT)
    if override is not None:
        return Path(override) if override else None
    try:
        import platformdirs

        return Path(platformdirs.user_cache_dir("CopyLens", appauthor=False)) / "tables"
    except Exception:  # no home folder, no platformdirs: no cache
        return None


def word_lines(words: Sequence[str]) -> np.ndarray | None:
    """``words`` as one array to :func:`store`: their UTF-8 bytes, one word a line; None when a
    word holds a line break (it could not be told apart; the caller keeps no table then)."""
    if any("\n" in word for word in words):
        return None
    return np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8)


def words_of(lines: np.ndarray) -> list[str]:
    """The words :func:`word_lines` made ``lines`` of (none of no bytes: no word is empty);
    raises ``UnicodeDecodeError`` for bytes that are not UTF-8 (a damaged table)."""
    return lines.tobytes().decode("utf-8").split("\n") if len(lines) else []


def path_of(kind: str, key: str) -> Path | None:
    """The file of the table ``kind`` derived from the inputs whose key is ``key``."""
    where = folder()
    return None if where is None else where / f"{kind}-{key[:40]}.table"


def load(kind: str, key: str) -> dict[str, np.ndarray] | None:
    """The arrays stored by :func:`store` for ``kind`` and ``key`` (read-only views of the
    file's bytes), or None where there is no such file or it fails a check."""
    try:
        path = path_of(kind, key)
        if path is None:
            return None
        data = path.read_bytes()
        if not data.startswith(MAGIC):
            return None
        start = len(MAGIC) + 8
        size = int.from_bytes(data[len(MAGIC) : start], "little")
        header = json.loads(data[start : start + size])
        if header["kind"] != kind or header["key"] != key:
            return None
        body = header["body"]
        if len(data) != body + header["length"]:
            return None
        if zlib.adler32(memoryview(data)[body:]) != header["adler32"]:
            return None
        out: dict[str, np.ndarray] = {}
        for name, dtype, shape, offset in header["arrays"]:
            count = int(np.prod(shape, dtype=np.int64))
            array = np.frombuffer(data, dtype=np.dtype(dtype), count=count, offset=body + offset)
            out[name] = array.reshape(shape)
        return out
    except Exception:  # a damaged file, an unreadable folder: derived as before
        return None


def store(kind: str, key: str, arrays: dict[str, np.ndarray]) -> bool:
    """Write the arrays as the table ``kind`` of ``key`` (module docstring); whether it was
    written."""
    temporary: str | None = None
    try:
        path = path_of(kind, key)
        if path is None:
            return False
        layout: list[tuple[str, str, list[int], int]] = []
        parts: list[bytes] = []
        offset = 0
        for name, array in arrays.items():
            raw = np.ascontiguousarray(array)
            dtype = raw.dtype.newbyteorder("<") if raw.dtype.byteorder == ">" else raw.dtype
            raw = raw.astype(dtype, copy=False)
            pad = -offset % _ALIGN
            parts.append(b"\x00" * pad)
            offset += pad
            layout.append((name, raw.dtype.str, list(raw.shape), offset))
            parts.append(raw.tobytes())
            offset += raw.nbytes
        payload = b"".join(parts)
        header = {"kind": kind, "key": key, "arrays": layout, "length": len(payload)}
        header["adler32"] = zlib.adler32(payload)
        header["body"] = 0
        size = len(json.dumps(header).encode()) + 32  # room for the body's offset
        body = len(MAGIC) + 8 + size
        body += -body % _ALIGN
        header["body"] = body
        text = json.dumps(header).encode().ljust(body - len(MAGIC) - 8)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{kind}-", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "wb") as stream:
            stream.write(MAGIC + len(text).to_bytes(8, "little") + text + payload)
        os.replace(temporary, path)
        temporary = None
        return True
    except Exception:  # a read-only or full disk: the next run derives it again
        return False
    finally:
        if temporary is not None:
            with suppress(OSError):
                os.unlink(temporary)
