"""Qt test setup: offscreen platform, one QApplication (pytest-qt's ``qapp``), settings kept
in a temporary folder and no system keyring, so tests never read or write the user's real
configuration nor the API keys kept for it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import random
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from copylens.app.qt import QtCore, QtGui, QtWidgets
from copylens.app.window import MainWindow

GUARD_MS = 300_000
"""The bound of every wait for work off the Qt thread (a run, a grouping, an archive task,
a page): a hang guard, never a latency target. A loaded 2-core CI machine runs ten times
slower than an idle one, and a window's run spawns its workers (a fresh interpreter each);
a test that passes waits only as long as the work takes."""

WORDS = (  # noqa: SIM905 (a word list reads better as text)
    "analysis method result student paper source passage sentence evidence theory model "
    "history language system figure table author reader review question answer claim data "
    "survey sample school market policy energy climate water city river mountain forest "
    "animal plant garden music film novel poem letter journey morning evening winter summer"
).split()


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """QSettings (INI, user and system scope) and the history of checks redirected to a fresh
    temporary folder."""
    folder = tmp_path_factory.mktemp("settings")
    ini = QtCore.QSettings.Format.IniFormat
    # QSettings() uses the default format: INI, so that it too lands in the folder (the native
    # format went to ~/.config/Unknown Organization/pytest-qt-qapp.conf, shared by runs)
    QtCore.QSettings.setDefaultFormat(ini)
    for scope in (QtCore.QSettings.Scope.UserScope, QtCore.QSettings.Scope.SystemScope):
        QtCore.QSettings.setPath(ini, scope, str(folder))
    os.environ["COPYLENS_HISTORY"] = str(folder / "history.sqlite")  # nor the user's history
    yield folder


@pytest.fixture(autouse=True)
def no_system_keyring() -> Iterator[None]:
    """The system keyring is never read or written: the API keys the tests store go to the
    temporary settings file (or to the in-memory keyring a test registers)."""
    import keyring
    from keyring.backends import fail

    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(before)


@pytest.fixture(autouse=True)
def cursor_away(qapp: QtWidgets.QApplication) -> None:
    """The pointer parked off every window: a cursor left by an earlier test over a toolbar
    button would send status tips that replace the status bar's message."""
    QtGui.QCursor.setPos(10_000, 10_000)


def shown_window(qtbot: object) -> MainWindow:
    """A new main window, shown (and closed by pytest-qt after the test)."""
    win = MainWindow()
    qtbot.addWidget(win)  # type: ignore[attr-defined]
    win.show()
    qtbot.waitExposed(win)  # type: ignore[attr-defined]
    return win


@pytest.fixture
def window(qtbot: object) -> MainWindow:
    """The main window, shown."""
    return shown_window(qtbot)


def python_threads() -> int:
    """Threads Python started and that still run.

    Python also keeps a "dummy" entry for every foreign thread (here a QThread) that once
    called into it, and drops it only when a later thread happens to reuse the same id; such
    entries are records, not threads, so they are not counted (the QThread itself is checked
    with ``isFinished``). Nor is the engine's launcher: the one thread that starts worker
    processes lives as long as the process, by design (``copylens.core.pool``).
    """
    return sum(
        1
        for t in threading.enumerate()
        if not isinstance(t, threading._DummyThread) and not t.name.startswith("copylens-launcher")
    )


@pytest.fixture
def thread_baseline() -> Iterator[int]:
    """Python's thread count before the test; the test must end with the same count."""
    yield python_threads()


@pytest.fixture
def essay() -> object:
    """``essay(seed, words=160)``: a deterministic English text."""
    return _essay


@pytest.fixture
def make_corpus(tmp_path: Path) -> object:
    """``make_corpus(count, words=160, folder="corpus")``: small .txt files in tmp_path."""

    def make(count: int, words: int = 160, folder: str = "corpus") -> list[Path]:
        return _write_corpus(tmp_path / folder, count, words)

    return make


def _essay(seed: int, words: int = 160) -> str:
    """A deterministic English text of ``words`` words, in sentences."""
    rnd = random.Random(seed)
    out: list[str] = []
    for n in range(words):
        word = rnd.choice(WORDS)
        out.append(word.capitalize() if n % 12 == 0 else word)
        if n % 12 == 11:
            out[-1] += "."
    return " ".join(out) + "."


def _write_corpus(folder: Path, count: int, words: int) -> list[Path]:
    """``count`` small .txt files; every third one copies half of the first."""
    folder.mkdir(parents=True, exist_ok=True)
    base = _essay(0, words)
    paths = []
    for n in range(count):
        text = _essay(n + 1, words)
        if n % 3 == 0:
            text = base[: len(base) // 2] + " " + text
        path = folder / f"doc{n:03}.txt"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
