"""Expanding the paths a user gave into the files to check (:func:`collect_files`).

What must hold: folders are walked depth-first in sorted name order; entries whose name starts
with '.' are skipped; only supported suffixes are taken from folders (case-insensitive), while
a path given explicitly is always taken; a file reached twice (same resolved path) is listed
once, at its first position; a symlinked folder loop is walked once and reported; links,
special files and entries that cannot be looked at are reported, never dropped silently;
nothing is opened but folder listings.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from copylens.core.errors import InputError, UnreadableFile
from copylens.core.extract.base import os_reason
from copylens.core.extract.handlers import SUPPORTED_SUFFIXES
from copylens.core.paths import ON_WINDOWS, os_path, path_identity


def collect_files(
    paths: Iterable[Path | str], identities: dict[str, str] | None = None
) -> tuple[list[Path], list[tuple[str, InputError]]]:
    """Expand ``paths`` into the files to check, plus ``(str(path), error)`` for what was skipped.

    Folders are walked recursively in sorted name order, skipping names that start with '.',
    taking only files with a suffix in :data:`SUPPORTED_SUFFIXES` (case-insensitive). A path given
    explicitly is always taken, whatever its type (``extract_file`` checks it later). A file
    reached twice (same resolved path) is listed once, at its first position. Inside folders, a
    link that loops back to a folder it is in, a broken link or a special file (pipe, device,
    socket) with a supported suffix, and an entry that cannot be looked at are skipped and
    reported, so nothing a user gave disappears without a word.

    ``identities``, when given, is filled with ``str(file) → str(file.resolve())`` for each
    file taken from a folder that is no symbolic link, on POSIX (:func:`_visit` knows it from
    the folder, resolved once): what :func:`copylens.core.paths.resolved` would find for it,
    so the caller need not look again (issue 40: the identities of 10,000 essays took an
    ``lstat`` and a path parse each, serial, before any was read).
    """
    files: list[Path] = []
    problems: list[tuple[str, InputError]] = []
    seen: set[str] = set()
    walked: set[str] = set()
    for raw in paths:
        path = Path(raw)
        kind = _path_kind(path)
        if isinstance(kind, InputError):
            problems.append((str(raw), kind))
        elif kind == "dir":
            _walk_folder(path, files, problems, seen, walked, (), identities)
        else:
            _add_unique(path, files, seen)
    return files, problems


def _path_kind(path: Path) -> str | InputError:
    """'dir', 'other' (exists, not a folder), or why the path cannot be used."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            return UnreadableFile("broken symbolic link")
        return UnreadableFile("file or folder not found")
    except PermissionError:
        return UnreadableFile("permission denied")
    except OSError as exc:
        return UnreadableFile("cannot access ({reason})", reason=os_reason(exc))
    except ValueError:
        return UnreadableFile("cannot access (invalid path)")
    return "dir" if stat.S_ISDIR(info.st_mode) else "other"


def _resolved_key(path: Path) -> str:
    try:
        return path_identity(str(path.resolve()))
    except (OSError, RuntimeError):
        return path_identity(os.path.abspath(path))


def _add_unique(path: Path, files: list[Path], seen: set[str], key: str | None = None) -> None:
    """Add ``path`` unless a file of the same resolved path (``key`` when known) was."""
    key = key or _resolved_key(path)
    if key not in seen:
        seen.add(key)
        files.append(path)


def _walk_folder(
    folder: Path,
    files: list[Path],
    problems: list[tuple[str, InputError]],
    seen: set[str],
    walked: set[str],
    inside: tuple[str, ...],
    identities: dict[str, str] | None = None,
) -> None:
    """Depth-first, sorted by name; hidden entries skipped; only supported suffixes taken.

    ``inside`` holds the resolved folders this one is in: reaching one of them again is a loop.
    A folder already walked by another way (given twice, linked twice) is not walked again.
    """
    key = _resolved_key(folder)
    if key in inside:
        problems.append(
            (str(folder), UnreadableFile("a link that loops back to a folder it is in (skipped)"))
        )
        return
    if key in walked:
        return
    walked.add(key)
    try:
        with os.scandir(os_path(folder)) as entries:  # a deep folder on Windows too
            listing = sorted(entries, key=lambda entry: entry.name)
    except OSError as exc:
        problems.append(
            (
                str(folder),
                UnreadableFile("cannot list the folder ({reason})", reason=os_reason(exc)),
            )
        )
        return
    for entry in listing:
        if not entry.name.startswith("."):
            _visit(
                entry,
                folder / entry.name,
                files,
                problems,
                seen,
                walked,
                (*inside, key),
                identities,
            )


def _visit(
    entry: os.DirEntry[str],
    child: Path,
    files: list[Path],
    problems: list[tuple[str, InputError]],
    seen: set[str],
    walked: set[str],
    inside: tuple[str, ...],
    identities: dict[str, str] | None = None,
) -> None:
    """Take, walk, skip silently (unsupported suffix) or report one folder entry."""
    wanted = child.suffix.lower() in SUPPORTED_SUFFIXES
    try:
        is_dir = entry.is_dir()
        is_file = not is_dir and entry.is_file()
        info = None if is_dir or is_file else entry.stat(follow_symlinks=False)
    except OSError as exc:
        if wanted:
            problems.append(
                (str(child), UnreadableFile("cannot access ({reason})", reason=os_reason(exc)))
            )
        return
    if is_dir:
        _walk_folder(child, files, problems, seen, walked, inside, identities)
    elif is_file and wanted:
        # a file that is no link, in a folder resolved already: that folder and its name
        # (POSIX; one resolve per file took a stat per part of its path, issue 40)
        plain = not ON_WINDOWS and not entry.is_symlink()
        key = os.path.join(inside[-1], entry.name) if plain else None
        _add_unique(child, files, seen, key)
        if key is not None and identities is not None:
            identities[str(child)] = key
    elif info is not None and wanted:
        problems.append((str(child), _skipped(info)))


def _skipped(info: os.stat_result) -> InputError:
    """Why a folder entry that is neither a folder nor a regular file was skipped."""
    if stat.S_ISLNK(info.st_mode):
        return UnreadableFile("broken symbolic link (skipped)")
    return UnreadableFile("not a regular file (a pipe, device or socket; skipped)")
