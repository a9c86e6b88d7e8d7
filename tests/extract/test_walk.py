"""Tests of :func:`collect_files` (extract/walk.py): folder order, hidden entries, supported
suffixes, duplicates and symlink loops."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pytest import MonkeyPatch

from copylens.core.extract import collect_files
from copylens.core.inputs import identities, told_apart


def test_collect_files_tree(tmp_path: Path) -> None:
    root = tmp_path / "essays"
    for relative in (
        "b.txt",
        "a.DOCX",
        "notes.xyz",
        ".hidden.txt",
        "sub/c.pdf",
        "sub/deeper/d.md",
        "sub/image.png",
        ".git/config.txt",
        "sub/.cache/e.txt",
        "z/f.HTM",
    ):
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", encoding="utf-8")
    explicit = tmp_path / "explicit.xyz"
    explicit.write_text("x", encoding="utf-8")
    hidden = root / ".hidden.txt"
    missing = tmp_path / "missing.txt"
    files, problems = collect_files(
        [root, explicit, str(root / "b.txt"), missing, hidden, root / "sub" / ".." / "b.txt"]
    )
    assert files == [
        root / "a.DOCX",
        root / "b.txt",
        root / "sub" / "c.pdf",
        root / "sub" / "deeper" / "d.md",
        root / "z" / "f.HTM",
        explicit,
        hidden,
    ]
    assert [(path, str(error)) for path, error in problems] == [
        (str(missing), "file or folder not found")
    ]


def test_collect_files_survives_symlink_loops(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.txt").write_text("x", encoding="utf-8")
    (root / "sub" / "loop").symlink_to(root, target_is_directory=True)
    files, problems = collect_files([root, root])
    assert files == [root / "sub" / "a.txt"]
    assert [(path, str(error)) for path, error in problems] == [
        (str(root / "sub" / "loop"), "a link that loops back to a folder it is in (skipped)")
    ]


def _linked_tree(tmp_path: Path) -> Path:
    """A folder with a file, a link to a file, a linked folder and a file reached two ways."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "real").mkdir()
    (tmp_path / "a" / "b" / "x.txt").write_text("x", encoding="utf-8")
    (tmp_path / "real" / "y.txt").write_text("y", encoding="utf-8")
    (tmp_path / "a" / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    (tmp_path / "real" / "xl.txt").symlink_to(tmp_path / "a" / "b" / "x.txt")
    (tmp_path / "ab").symlink_to(tmp_path / "a" / "b", target_is_directory=True)
    return tmp_path


def test_identities_are_the_resolved_paths(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    """Issue 40: a file's identity is its resolved path, whatever way it is named (a link to
    it, a linked folder, ``..``), found with its folder resolved once, not the whole path per
    file; a missing path is its own label."""
    root = _linked_tree(tmp_path)
    monkeypatch.chdir(root / "a")
    labels = ["b/x.txt", "../a/b/x.txt", "link/y.txt", "link/xl.txt", "../ab/x.txt"]
    labels += [f"{root}/a/link/../b/x.txt", "missing.txt", ".", "b", "link"]
    expected = {
        label: str(Path(label).resolve()) if Path(label).exists() else label for label in labels
    }
    assert identities([Path(label) for label in labels]) == expected
    assert expected["link/xl.txt"] == expected["b/x.txt"] == str(root / "a" / "b" / "x.txt")


def test_a_folder_of_files_is_resolved_once(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    """Issue 40: the files of a folder (10,000 essays) are told apart and walked with the
    folder resolved once (``os.path.realpath`` took a ``stat`` per part of each file's path,
    twice per file: 0.4 s serial at 10,000 essays), with the same result."""
    folder = tmp_path / "essays"
    folder.mkdir()
    for n in range(20):
        (folder / f"essay{n:02}.txt").write_text("x", encoding="utf-8")
    calls: list[str] = []
    realpath = os.path.realpath

    def counted(path: Any, *args: Any, **kwargs: Any) -> str:
        calls.append(str(path))
        return realpath(path, *args, **kwargs)

    monkeypatch.setattr(os.path, "realpath", counted)
    given = told_apart([folder])
    files = [c for c in calls if c.endswith(".txt")]
    assert not files  # before: each file twice (walk, then identities)
    assert [p.name for p in given.documents] == [f"essay{n:02}.txt" for n in range(20)]
    assert given.keys == {str(p): str(p.resolve()) for p in given.documents}


def test_the_walk_gives_the_identities_it_finds(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    """Issue 40: the walk hands on each plain file's resolved path (its folder resolved once,
    its name joined on), the same as :func:`identities` finds by looking again, and none for a
    link to a file; told apart, the files of a folder are not looked at again (an ``lstat``
    each was 10,000 of them, serial, before any essay was read)."""
    root = _linked_tree(tmp_path)
    monkeypatch.chdir(root)
    walked: dict[str, str] = {}
    files, _ = collect_files(["a", "real", "ab"], walked)
    assert [str(f) for f in files] == ["a/b/x.txt", "a/link/y.txt"]
    assert walked == {
        "a/b/x.txt": str(root / "a" / "b" / "x.txt"),
        "a/link/y.txt": str(root / "real" / "y.txt"),
    }  # a/link/xl.txt, a link, is not there (and, the same file as x.txt, not taken)
    assert identities(files, walked) == identities(files)
    looked: list[str] = []
    lstat = os.lstat

    def counted(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        looked.append(str(path))
        return lstat(path, *args, **kwargs)

    monkeypatch.setattr(os, "lstat", counted)
    given = told_apart([root / "ab"])  # a linked folder: resolved once, its file not looked at
    assert [str(p) for p in given.documents] == [str(root / "ab" / "x.txt")]
    assert not [p for p in looked if p.endswith(".txt")]
    assert given.keys == {str(p): str(p.resolve()) for p in given.documents}
