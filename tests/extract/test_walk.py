"""Tests of :func:`collect_files` (extract/walk.py): folder order, hidden entries, supported
suffixes, duplicates and symlink loops."""

from __future__ import annotations

from pathlib import Path

from copylens.core.extract import collect_files


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
