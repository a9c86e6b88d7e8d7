r"""Paths as Windows takes them, checked on any system: the engine's and the app's decisions on
paths are pure functions over the path's text and one system's rules (``copylens.core.paths``,
``copylens.app.presentation``), run here with Windows' rules: drive letters, backslashes and
forward slashes, UNC shares, the ``\\?\`` prefix, names reserved for devices (``CON``,
``aux.txt``), trailing dots and spaces, paths past 260 characters, names that differ in case
only. Then the same code on this system's files: a session moved to another folder, and an
archive in a folder with a Cyrillic name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.app.presentation import display_names, file_name
from copylens.app.session import Session
from copylens.core.paths import (
    MAX_PATH,
    joined_path,
    path_identity,
    relative_path,
    reserved_on_windows,
    windows_api_path,
)

LIST = "documents"

# ------------------------------------------------------------------ one file, many spellings


@pytest.mark.parametrize(
    "spelling",
    [
        r"C:\Users\Ivan\Documents\Essay.docx",
        r"c:\users\ivan\documents\essay.DOCX",
        "C:/Users/Ivan/Documents/Essay.docx",
        r"C:\Users\Ivan\Desktop\..\Documents\.\Essay.docx",
        r"\\?\C:\Users\Ivan\Documents\Essay.docx",
        r"C:\Users\Ivan\Documents\Essay.docx.",
        r"C:\Users\Ivan\Documents \Essay.docx  ",
    ],
)
def test_spellings_of_one_windows_file_are_one_input(spelling: str) -> None:
    assert path_identity(spelling, windows=True) == path_identity(
        r"C:\Users\Ivan\Documents\Essay.docx", windows=True
    )


@pytest.mark.parametrize(
    "spelling",
    [r"\\FileServer\Essays\2024\work.txt", r"\\?\UNC\fileserver\essays\2024\WORK.TXT"],
)
def test_a_file_on_a_share_is_one_input_however_written(spelling: str) -> None:
    assert path_identity(spelling, windows=True) == r"\\fileserver\essays\2024\work.txt"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (r"C:\docs\essay.txt", r"D:\docs\essay.txt"),  # another drive
        (r"\\server\one\essay.txt", r"\\server\two\essay.txt"),  # another share
        (r"C:\docs\essay1.txt", r"C:\docs\essay.txt"),
    ],
)
def test_different_windows_files_stay_apart(a: str, b: str) -> None:
    assert path_identity(a, windows=True) != path_identity(b, windows=True)


def test_posix_names_that_differ_in_case_or_a_trailing_dot_are_different_files() -> None:
    keys = {path_identity(p, windows=False) for p in ("/d/Essay.txt", "/d/essay.txt", "/d/e.")}
    assert len(keys) == 3


# ------------------------------------------------------------------ names Windows reserves


@pytest.mark.parametrize(
    "name",
    ["CON", "con", "Aux.txt", "nul.tar.gz", "PRN", "COM1", "lpt9.log", "COM¹", "aux .txt"],
)
def test_device_names_are_reserved(name: str) -> None:
    assert reserved_on_windows(name)


@pytest.mark.parametrize(
    "name", ["console.txt", "auxiliary.txt", "COM10", "LPT0", "nul_report.pdf", "реферат.docx"]
)
def test_names_like_device_names_are_not_reserved(name: str) -> None:
    assert not reserved_on_windows(name)


# ------------------------------------------------------------------ what Win32 is handed


def test_ordinary_paths_go_to_windows_as_given() -> None:
    for path in (r"C:\Users\Ivan\essay.txt", "essay.txt", r"\\server\share\essay.txt"):
        assert windows_api_path(path, r"C:\work") == path


def test_a_path_past_max_path_goes_verbatim_absolute_and_normalised() -> None:
    deep = "\\".join(["папка-с-длинным-названием"] * 12)  # 25 characters a part
    given = f"{deep}/черновики/../сочинение.docx"
    got = windows_api_path(given, r"C:\Users\Ivan")
    assert got == rf"\\?\C:\Users\Ivan\{deep}\сочинение.docx"
    assert len(got) > MAX_PATH
    assert "/" not in got and "\\..\\" not in got


def test_a_long_path_on_a_share_uses_the_unc_prefix() -> None:
    deep = "\\".join(["x" * 50] * 6)
    assert windows_api_path(rf"\\srv\share\{deep}\a.txt", r"C:\w") == (
        rf"\\?\UNC\srv\share\{deep}\a.txt"
    )


@pytest.mark.parametrize("name", ["aux.txt", "CON", "notes.txt.", "draft .docx "])
def test_a_name_win32_would_rewrite_is_opened_verbatim(name: str) -> None:
    """``aux.txt`` would open the serial port, ``notes.txt.`` the file ``notes.txt``."""
    assert windows_api_path(name, r"D:\essays") == rf"\\?\D:\essays\{name}"


def test_a_verbatim_path_is_left_alone() -> None:
    path = r"\\?\C:\a\aux.txt"
    assert windows_api_path(path, r"C:\w") == path


# ------------------------------------------------------------------ sessions moved between systems


def test_a_relative_path_is_saved_with_slashes_and_none_across_drives() -> None:
    assert (
        relative_path(r"C:\essays\a.txt", r"C:\sessions\s1", windows=True) == "../../essays/a.txt"
    )
    assert relative_path(r"D:\essays\a.txt", r"C:\sessions", windows=True) is None
    assert relative_path(r"\\srv\share\a.txt", r"C:\sessions", windows=True) is None
    assert relative_path("/home/u/essays/a.txt", "/home/u/s", windows=False) == "../essays/a.txt"


@pytest.mark.parametrize("saved", [r"..\essays\a.txt", "../essays/a.txt"])
def test_a_relative_path_saved_on_either_system_joins_on_both(saved: str) -> None:
    assert joined_path(r"E:\moved\sessions", saved, windows=True) == r"E:\moved\essays\a.txt"
    assert joined_path("/mnt/moved/sessions", saved, windows=False) == "/mnt/moved/essays/a.txt"


def test_a_session_saved_on_windows_finds_its_moved_files_here(tmp_path: Path) -> None:
    """A session written by a Windows build (backslashes in its relative paths), its folder
    moved with the documents to this system: the documents are found beside it."""
    from copylens.app.session import from_data, to_data

    (tmp_path / "essays").mkdir()
    essay = tmp_path / "essays" / "сочинение.txt"
    essay.write_text("Текст сочинения.", "utf-8")
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    data = to_data(_session([essay]), sessions)
    (item,) = data["inputs"][LIST]
    item.update(path=r"C:\Users\Ivan\essays\сочинение.txt", relative=r"..\essays\сочинение.txt")
    restored = from_data(data, sessions)
    assert [Path(p).resolve() for p in restored.inputs[LIST]] == [essay.resolve()]


def _session(paths: list[Path]) -> Session:
    return Session(mode="check", inputs={LIST: tuple(paths)}, settings={}, reports={})


# ------------------------------------------------------------------ names shown in the window


def test_names_of_windows_paths_show_drive_and_share_without_stray_separators() -> None:
    names = display_names(
        [r"C:\essays\a.txt", r"D:\essays\a.txt", r"\\srv\one\b.txt", r"\\srv\two\b.txt"]
    )
    assert names == {
        r"C:\essays\a.txt": "C:/essays/a.txt",
        r"D:\essays\a.txt": "D:/essays/a.txt",
        r"\\srv\one\b.txt": r"\\srv\one/b.txt",
        r"\\srv\two\b.txt": r"\\srv\two/b.txt",
    }


def test_paths_as_qt_writes_them_on_windows_are_named_like_backslashed_ones() -> None:
    names = display_names(["C:/Users/ivan/x.txt", r"C:\Users\petr\x.txt"])
    assert names == {"C:/Users/ivan/x.txt": "ivan/x.txt", r"C:\Users\petr\x.txt": "petr/x.txt"}
    assert file_name("C:/Users/ivan/реферат.docx") == "реферат.docx"
