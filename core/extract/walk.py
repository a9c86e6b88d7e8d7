"""Expanding the paths a user gave into the files to check (:func:`collect_files`).

What must hold: folders are walked depth-first in sorted name order; entries whose name starts
with '.' are skipped; only supported suffixes are taken from folders (case-insensitive), while
a path given explicitly is always taken; a file reached twice (same resolved path) is listed
once, at its first position; a symlinked folder loop is walked once; nothing is opened but
folder listings.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from copylens.core.extract.base import os_reason
from copylens.core.extract.handlers import SUPPORTED_SUFFIXES


def collect_files(paths: Iterable[Path | str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """Expand ``paths`` into the files to check, plus ``(str(path), reason)`` for missing ones.

    Folders are walked recursively in sorted name order, skipping names that start with '.',
    taking only files with a suffix in :data:`SUPPORTED_SUFFIXES` (case-insensitive). A path given
    explicitly is always taken, whatever its type (``extract_file`` checks it later). A file
    reached twice (same resolved path) is listed once, at its first position. Symlinked folder
    loops are walked once.
    """
    files: list[Path] = []
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for raw in paths:
        path = Path(raw)
        kind = _path_kind(path)
        if kind == "dir":
            _walk_folder(path, files, problems, seen, set())
        elif kind == "other":
            _add_unique(path, files, seen)
        else:
            problems.append((str(raw), kind))
    return files, problems


def _path_kind(path: Path) -> str:
    """'dir', 'other' (exists, not a folder), or the reason the path cannot be used."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return "file or folder not found" if not path.is_symlink() else "broken symbolic link"
    except PermissionError:
        return "permission denied"
    except (OSError, ValueError) as exc:
        return f"cannot access ({os_reason(exc) if isinstance(exc, OSError) else 'bad path'})"
    return "dir" if stat.S_ISDIR(info.st_mode) else "other"


def _resolved_key(path: Path) -> str:
    try:
        return os.path.normcase(str(path.resolve()))
    except (OSError, RuntimeError):
        return os.path.normcase(os.path.abspath(path))


def _add_unique(path: Path, files: list[Path], seen: set[str]) -> None:
    key = _resolved_key(path)
    if key not in seen:
        seen.add(key)
        files.append(path)


def _walk_folder(
    folder: Path,
    files: list[Path],
    problems: list[tuple[str, str]],
    seen: set[str],
    walked: set[str],
) -> None:
    """Depth-first, sorted by name; hidden entries skipped; only supported suffixes taken."""
    key = _resolved_key(folder)
    if key in walked:
        return
    walked.add(key)
    try:
        with os.scandir(folder) as entries:
            listing = sorted(entries, key=lambda entry: entry.name)
    except OSError as exc:
        problems.append((str(folder), f"cannot list the folder ({os_reason(exc)})"))
        return
    for entry in listing:
        if entry.name.startswith("."):
            continue
        child = folder / entry.name
        try:
            is_dir = entry.is_dir()
            is_file = not is_dir and entry.is_file()
        except OSError:
            continue
        if is_dir:
            _walk_folder(child, files, problems, seen, walked)
        elif is_file and child.suffix.lower() in SUPPORTED_SUFFIXES:
            _add_unique(child, files, seen)
