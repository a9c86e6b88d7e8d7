"""Decisions about paths that must hold on Windows as well as on POSIX systems.

Each decision is a pure function over a path's text and the rules of one system
(``windows=True`` for Windows' rules, by default those of the system it runs on), so the tests
check the Windows rules on any system; :func:`os_path` is the one that asks the system (the
current folder).

What must hold, on Windows (Microsoft, "Naming Files, Paths, and Namespaces", Win32 docs):

* :func:`path_identity`: two spellings of one file are one input: case does not matter, ``/`` and
  ``\\`` are the same separator, ``C:\\a\\..\\b`` is ``C:\\b``, and the long-path prefixes
  ``\\\\?\\C:\\`` and ``\\\\?\\UNC\\server\\share`` name the same file as ``C:\\`` and
  ``\\\\server\\share``; Win32 drops the dots and spaces that end a name part when it opens a
  file, so ``notes.txt.`` opens ``notes.txt``. On POSIX the path is its own identity (a case
  or a trailing dot makes another file).
* :func:`os_path`: what Windows' file functions are given. An absolute path of
  :data:`MAX_PATH` characters or more, or with a part that Win32 would rewrite (a name reserved
  for a device, such as ``CON`` or ``aux.txt``, or one ending in a dot or a space), goes with
  the ``\\\\?\\`` prefix, which turns that rewriting off: a document 300 characters deep is
  read, and ``aux.txt`` is the file of that name, not the serial port. Other paths, and every
  path on POSIX, go as given.
* :func:`relative_path` and :func:`joined_path`: a path saved relative to a folder (a session
  file's) is written with ``/`` and read with either separator, so a session saved on one
  system finds its files on another; a path on another drive has no relative form (None).
"""

from __future__ import annotations

import ntpath
import os
import posixpath
import re
import stat
from pathlib import Path

ON_WINDOWS = os.name == "nt"

MAX_PATH = 260
"""Windows' classic path limit in characters, the terminating NUL included; a path must be
shorter (a folder shorter by 12, room for an 8.3 name) unless long paths were enabled."""

RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{kind}{n}" for kind in ("COM", "LPT") for n in (*"123456789", "¹", "²", "³")]
)
"""Device names Windows reserves: the name is one of them before its first dot, in any case
(``con``, ``Aux.txt``, ``nul.tar.gz``), trailing spaces ignored."""

_VERBATIM = "\\\\?\\"
_VERBATIM_UNC = "\\\\?\\UNC\\"


def path_identity(path: str, windows: bool | None = None) -> str:
    """The key under which two spellings of one file (absolute, as given or resolved) are one
    input; under POSIX rules the path itself."""
    if not (ON_WINDOWS if windows is None else windows):
        return path
    plain = _without_prefix(path.replace("/", "\\"))
    drive, rest = ntpath.splitdrive(ntpath.normpath(plain))
    parts = [part.rstrip(". ") or part for part in rest.split("\\")]
    return ntpath.normcase(drive + "\\".join(parts))


def resolved(path: Path, folders: dict[str, str]) -> str | None:
    """``str(path.resolve())`` of an existing file or folder that is not a symbolic link, on
    POSIX: its folder resolved once per ``folders`` (the caller's memo, folder as written →
    resolved) and its name joined on, one ``lstat`` where ``resolve`` takes one per part of the
    path and a ``stat`` (issue 40: resolving 10,000 essays twice took 0.4 s, serial, before
    any was read). None where that does not hold (missing, a link, a name ``.`` or ``..``,
    Windows, whose short 8.3 names resolve to long ones): the caller resolves it as before."""
    if ON_WINDOWS:
        return None
    text = str(path)
    folder, name = os.path.split(text)
    if name in ("", ".", ".."):
        return None
    try:
        if stat.S_ISLNK(os.lstat(text).st_mode):
            return None
    except (OSError, ValueError):
        return None
    found = folders.get(folder)
    if found is None:
        found = folders[folder] = str(Path(folder).resolve())
    return os.path.join(found, name)


def _without_prefix(path: str) -> str:
    r"""``\\?\C:\x`` -> ``C:\x``; ``\\?\UNC\server\share\x`` -> ``\\server\share\x``."""
    if path[:8].upper() == _VERBATIM_UNC:
        return "\\\\" + path[8:]
    if path.startswith((_VERBATIM, "\\\\.\\")) and ntpath.splitdrive(path[4:])[0]:
        return path[4:]
    return path


def reserved_on_windows(name: str) -> bool:
    """True when Windows takes the file name ``name`` for a device (see :data:`RESERVED`)."""
    return name.split(".", 1)[0].rstrip(" ").upper() in RESERVED


def windows_api_path(path: str, cwd: str) -> str:
    r"""The text to hand Windows' file functions for ``path`` (relative ones taken from
    ``cwd``, a Windows path): with the ``\\?\`` prefix when it is :data:`MAX_PATH` characters or
    longer, or a part of it would be rewritten by Win32 (reserved, or ending in a dot or a
    space); else ``path`` unchanged. Prefixed, it is absolute, with backslashes and without
    ``.`` or ``..`` parts, since Windows then takes it verbatim."""
    if path.startswith((_VERBATIM, "\\\\.\\")):
        return path
    full = ntpath.normpath(ntpath.join(cwd, path.replace("/", "\\")))
    drive, rest = ntpath.splitdrive(full)
    names = [part for part in rest.split("\\") if part]
    rewritten = any(reserved_on_windows(part) or part.endswith((".", " ")) for part in names)
    if len(full) < MAX_PATH - 12 and not rewritten:  # 12: room for an 8.3 name (a folder)
        return path
    if drive.startswith("\\\\"):  # \\server\share
        return _VERBATIM_UNC + full[2:]
    return _VERBATIM + full


def os_path(path: str | os.PathLike[str]) -> str:
    """``path`` as this system's file functions should be given it (:func:`windows_api_path`
    on Windows, unchanged elsewhere)."""
    text = os.fspath(path)
    return windows_api_path(text, os.getcwd()) if ON_WINDOWS else text


def relative_path(path: str, folder: str, windows: bool | None = None) -> str | None:
    """``path`` relative to ``folder`` (both absolute) with ``/`` between its parts, or None
    where there is none (Windows: another drive or share)."""
    if not (ON_WINDOWS if windows is None else windows):
        return posixpath.relpath(path, folder)
    try:
        return ntpath.relpath(path, folder).replace("\\", "/")
    except ValueError:
        return None


def joined_path(folder: str, relative: str, windows: bool | None = None) -> str:
    """``folder`` and a path :func:`relative_path` made on any system (older sessions saved
    on Windows have backslashes), joined by this system's (or ``windows``') rules."""
    module = ntpath if (ON_WINDOWS if windows is None else windows) else posixpath
    return module.normpath(module.join(folder, *re.split(r"[\\/]", relative)))
