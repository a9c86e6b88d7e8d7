"""The session file: a window's inputs, settings and last complete results, kept on disk.

A session file (``.copylens``) is gzip-compressed JSON with a ``format`` and a ``version``:
the mode, the inputs of both modes (files by path, with their path relative to the session
file too, so a folder moved together with its session still resolves; typed or pasted texts
inline, since no file holds them), the Web section's addresses, the settings values (no API
key: :mod:`copylens.app.secrets` keeps it apart), and the last complete report of each
mode with the texts it was computed on (:meth:`copylens.core.CheckReport.to_data`). The texts
are stored verbatim, so a reopened session shows its results and their highlights at once,
without running, even when the input files have moved.

What must hold:

* A session file is data someone may have sent: reading one changes nothing (settings and
  files outside its folder are the window's to offer, :mod:`copylens.app.session_review`).
* Reading is bounded before it costs: a file over :data:`MAX_BYTES` is refused unread, and
  one whose gzip trailer gives a larger size at once (a CopyLens file's trailer is true; a
  false one is caught by the count); the gzip stream is inflated once counting only, in
  :data:`CHUNK` pieces, and refused as soon as it passes :data:`MAX_BYTES` (a compression
  bomb costs one chunk of memory and the time to inflate :data:`MAX_BYTES`); JSON nested
  deeper than :data:`MAX_DEPTH` is refused before it is parsed (:func:`nesting_exceeds`);
  NaN, infinities and numbers out of the float range are refused while parsing, shares out
  of [0, 1] by the reports' parsers.
* Every way a file can be wrong ends in :class:`SessionError` with a message for the user:
  a newer version, not a session, damaged, too large, too deep, an impossible number.
* Writing is atomic: a temporary file in the same folder, flushed to disk, then renamed over
  the old one, so a failed or killed save never leaves half a file. A session too large to
  be read back is not written (:class:`SessionError`), and the old file stays.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from copylens.app.qt import QtCore
from copylens.app.run import CHECK, COMPARE, MODES, Report
from copylens.core import CheckReport, CompareReport, TextInput, joined_path, relative_path

if TYPE_CHECKING:
    from copylens.app.inputs import InputItem

FORMAT = "copylens-session"
VERSION = 1
"""Version of the session format this app writes and the newest it reads."""
SUFFIX = ".copylens"
LISTS = ("documents", "sources", "ignore", "compare", "compare_ignore")
"""The window's input lists, by their name in the file."""
MAX_BYTES = 256 * 1024 * 1024
"""Largest session read or written, as JSON (inflated) and as a file: five times the engine's
50 MB file limit, room for a check of several large documents with their texts, while the
parsed JSON stays within the window's memory (about three times this)."""
MAX_DEPTH = 64
"""Deepest nesting of JSON arrays and objects read; CopyLens writes 8 levels at most."""
CHUNK = 1024 * 1024
"""Bytes inflated or scanned at a time."""


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("Session", text)


class SessionError(Exception):
    """A session file that cannot be opened: ``message`` for the user (translated), details
    for the curious."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.details = details


@dataclass(frozen=True)
class Session:
    """What a session file holds. ``inputs`` maps each of :data:`LISTS` to its rows;
    ``reports`` each mode to its last complete report (or None)."""

    mode: str
    inputs: dict[str, tuple[InputItem, ...]]
    settings: dict[str, Any]
    reports: dict[str, Report | None]
    web: tuple[str, ...] = ()
    """The Web section's address lines, as typed (JSON ``"web": {"addresses": [...]}``; a file
    of an older CopyLens has none)."""


# ---------------------------------------------------------------------- data


def to_data(session: Session, folder: Path | None = None) -> dict[str, Any]:
    """The JSON form of ``session``; paths also relative to ``folder`` (the file's)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "mode": session.mode,
        "inputs": {
            name: [_input_data(item, folder) for item in session.inputs.get(name, ())]
            for name in LISTS
        },
        "web": {"addresses": list(session.web)},
        "settings": dict(session.settings),
        "reports": {
            mode: report.to_data() if report is not None else None
            for mode, report in session.reports.items()
        },
    }


def from_data(data: Any, folder: Path | None = None) -> Session:
    """The session of ``data``; raises SessionError when it is not one this app reads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionError(_tr("This file is not a CopyLens session."))
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise SessionError(_tr("This file is not a CopyLens session."))
    if version > VERSION:
        text = _tr(
            "This session was saved by a newer version of CopyLens (session format %1; this "
            "version reads up to %2). Update CopyLens to open it."
        )
        raise SessionError(text.replace("%1", str(version)).replace("%2", str(VERSION)))
    try:
        return _session_of(data, folder)
    except (KeyError, TypeError, ValueError, AttributeError, OSError) as error:
        raise SessionError(_tr("The session file is damaged."), repr(error)) from error


def _input_data(item: InputItem, folder: Path | None) -> dict[str, str]:
    if isinstance(item, TextInput):
        return {"name": item.name, "text": item.text}
    data = {"path": str(item)}
    if folder is not None:  # none on another drive (Windows); "/" between parts on any system
        relative = relative_path(str(Path(item).absolute()), str(folder.absolute()))
        if relative is not None:
            data["relative"] = relative
    return data


def _input_of(data: dict[str, Any], folder: Path | None) -> InputItem:
    """A row of an input list: a text, or the file's stored path, or where its relative path
    leads from ``folder`` when only that exists (wherever it leads: the window lists the
    files outside the session's folder for confirmation)."""
    if "text" in data:
        return TextInput(str(data["name"]), str(data["text"]))
    path = Path(str(data["path"]))
    if not path.is_absolute() and folder is not None:  # never the working folder's
        path = folder / path
    relative = data.get("relative")
    if not path.exists() and folder is not None and isinstance(relative, str):
        moved = Path(joined_path(str(folder), relative))  # saved on this system or another
        if moved.exists():
            return moved
    return path


def _session_of(data: dict[str, Any], folder: Path | None) -> Session:
    mode = data.get("mode", CHECK)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    inputs = {
        name: tuple(_input_of(item, folder) for item in data["inputs"].get(name, ()))
        for name in LISTS
    }
    values = data.get("settings", {})
    if not isinstance(values, dict):
        raise TypeError("settings must be an object")
    reports: dict[str, Report | None] = dict.fromkeys(MODES)
    stored = data.get("reports", {})
    for name, kind in ((CHECK, CheckReport), (COMPARE, CompareReport)):
        if stored.get(name) is not None:
            try:
                reports[name] = kind.from_json(stored[name])
            except ValueError as error:
                text = _tr(
                    "The session's results hold an impossible value (%1); the file was "
                    "changed by something else than CopyLens, or it is damaged."
                )
                raise SessionError(text.replace("%1", str(error)), repr(error)) from error
    web = data.get("web", {}).get("addresses", [])
    if not isinstance(web, list):
        raise TypeError("web addresses must be a list")
    return Session(mode, inputs, dict(values), reports, tuple(str(line) for line in web))


# ---------------------------------------------------------------------- the file


def write_session(path: str | os.PathLike[str], session: Session) -> None:
    """Write ``session`` to ``path`` atomically (the old file stays whole if this fails);
    :class:`SessionError` when it is larger than a session can be (:data:`MAX_BYTES`)."""
    target = Path(path)
    payload = json.dumps(to_data(session, target.parent), ensure_ascii=False).encode("utf-8")
    if len(payload) > MAX_BYTES:
        raise _too_large(len(payload))
    data = gzip.compress(payload, compresslevel=1, mtime=0)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def read_session(path: str | os.PathLike[str]) -> Session:
    """The session in ``path``; raises SessionError (translated) when it cannot be read. Reads
    nothing but ``path`` and changes nothing (see the module for the bounds)."""
    source = Path(path)
    try:
        size = source.stat().st_size
        if size > MAX_BYTES:
            raise _too_large(size)
        raw = source.read_bytes()
    except OSError as error:
        raise SessionError(_tr("The session file cannot be read."), str(error)) from error
    return from_data(parse(raw), source.parent)


def parse(raw: bytes) -> Any:
    """The JSON value in the gzip bytes ``raw``, within the bounds of the module;
    :class:`SessionError` otherwise."""
    not_session = _tr("This file is not a CopyLens session, or it is damaged.")
    if len(raw) >= 18 and int.from_bytes(raw[-4:], "little") > MAX_BYTES:
        raise _too_large(int.from_bytes(raw[-4:], "little"))  # as its gzip trailer says
    try:
        inflated_size(raw)  # counting only: a bomb is refused before it takes memory
        payload = inflate(raw)
    except (EOFError, zlib.error) as error:
        raise SessionError(not_session, repr(error)) from error
    if nesting_exceeds(payload, MAX_DEPTH):
        text = _tr(
            "The session file is nested more than %1 levels deep; CopyLens writes no such "
            "file. It was made by something else, or it is damaged."
        )
        raise SessionError(text.replace("%1", str(MAX_DEPTH)))
    try:
        return json.loads(payload.decode("utf-8"), parse_constant=_not_finite, parse_float=_finite)
    except _NotFinite as error:
        text = _tr(
            "The session file holds a number that is not finite (%1); CopyLens writes no "
            "such number. It was made by something else, or it is damaged."
        )
        raise SessionError(text.replace("%1", str(error)), repr(error)) from error
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise SessionError(not_session, repr(error)) from error


def _too_large(size: int) -> SessionError:
    """The refusal of a session of ``size`` bytes (inflated JSON, or the file)."""
    text = _tr("The session is too large: CopyLens reads sessions of at most %1 MB.")
    limit = str(MAX_BYTES // 1024 // 1024)
    return SessionError(text.replace("%1", limit), f"{size:,} bytes or more")


class _NotFinite(ValueError):
    """A JSON number Python reads as NaN or an infinity (its text is the message)."""


def _not_finite(text: str) -> float:
    raise _NotFinite(text)


def _finite(text: str) -> float:
    value = float(text)
    if not np.isfinite(value):
        raise _NotFinite(text if len(text) <= 40 else text[:37] + "…")
    return value


# ---------------------------------------------------------------------- bounds


def inflated_size(raw: bytes, limit: int = MAX_BYTES) -> int:
    """The size of the gzip data ``raw`` inflated, counted :data:`CHUNK` at a time without
    keeping it; :class:`SessionError` as soon as it passes ``limit``, ``EOFError`` or
    ``zlib.error`` when it is not whole gzip data."""
    return sum(len(piece) for piece in _pieces(raw, limit))


def inflate(raw: bytes, limit: int = MAX_BYTES) -> bytes:
    """``raw`` inflated (at most ``limit`` bytes, see :func:`inflated_size`)."""
    return b"".join(_pieces(raw, limit))


def _pieces(raw: bytes, limit: int) -> Any:
    """The inflated pieces of every gzip member of ``raw`` (zero padding after the last one
    allowed, as :func:`gzip.decompress` does)."""
    total, rest = 0, raw
    while True:
        inflater = zlib.decompressobj(wbits=31)
        data = rest
        while not inflater.eof:
            piece = inflater.decompress(data, CHUNK)
            data = inflater.unconsumed_tail
            total += len(piece)
            if total > limit:
                raise _too_large(limit + 1)
            if piece:
                yield piece
            elif not data and not inflater.eof:
                raise EOFError("the gzip data ends before its end")
        rest = inflater.unused_data
        if not rest.strip(b"\0"):
            return


_MARKS = b'"[]{}'
_NOT_MARKS = bytes(sorted(set(range(256)) - set(_MARKS)))
_NOT_BACKSLASH = re.compile(rb"[^\\]")


def nesting_exceeds(data: bytes, limit: int) -> bool:
    """Whether the JSON text ``data`` nests arrays and objects more than ``limit`` deep.

    Brackets inside strings do not count. Scanned :data:`CHUNK` bytes at a time (a chunk
    never ends inside a run of backslashes, nor between it and the byte after): escaped
    backslashes, then escaped quotes are deleted (what is left of a JSON string's
    backslashes escapes no quote), every byte but quotes and brackets is deleted (C speed,
    the bytes methods), and the few marks left are counted with numpy, the string state and
    the depth carried from chunk to chunk. On text that is not JSON the answer is only a
    guess; the parser refuses such text anyway."""
    depth, inside, start = 0, 0, 0
    while start < len(data):
        end = min(start + CHUNK, len(data))
        if data[end - 1] == ord("\\"):
            found = _NOT_BACKSLASH.search(data, end)
            end = found.start() + 1 if found else len(data)  # and the byte it escapes
        piece = data[start:end]
        if b"\\" in piece:
            piece = piece.replace(b"\\\\", b"").replace(b'\\"', b"")
        marks = np.frombuffer(piece.translate(None, _NOT_MARKS), np.uint8)
        start = end
        if not len(marks):
            continue
        strings = (np.cumsum(marks == ord('"')) + inside) % 2 == 1
        outside = ~strings
        step = ((marks == ord("[")) | (marks == ord("{"))) & outside
        back = ((marks == ord("]")) | (marks == ord("}"))) & outside
        levels = np.cumsum(step.astype(np.int64) - back) + depth
        if int(levels.max()) > limit:
            return True
        depth, inside = int(levels[-1]), int(strings[-1])
    return False


def _sync_folder(folder: Path) -> None:
    """Make the rename durable where the system allows opening a folder (POSIX)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
