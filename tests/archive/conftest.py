"""Fixtures of the archive's tests (issue 14): one suite, both databases.

``archive_location`` is an SQLite file in the test's folder or a fresh empty PostgreSQL
database of the real server the suite starts (``postgres_db_url``); every test that takes it
runs once per database. ``cli`` runs the command line in this process
(``copylens.app.cli.main``) and captures what it prints; ``copylens_command`` is the
installed ``copylens`` entry point, for the tests that need a separate process.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from copylens.app.cli import main
from tests.archive.texts import ESSAYS, RU, text


@pytest.fixture(params=["sqlite", "postgres"])
def archive_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the test's archive is: an SQLite path (no file yet) or an empty database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "archive.db")
    return str(request.getfixturevalue("postgres_db_url"))


@pytest.fixture(autouse=True)
def _no_default_archive(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' commands use only the archives they name (COPYLENS_ARCHIVE unset)."""
    monkeypatch.delenv("COPYLENS_ARCHIVE", raising=False)


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        assert self.code == 0, f"exit {self.code}: {self.err}"
        return json.loads(self.out)


Cli = Callable[..., Run]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    """``cli("archive", "list", "--archive", db)``: the exit code and what was printed."""

    def run(*args: object) -> Run:
        capsys.readouterr()
        try:
            code = main([str(a) for a in args])
        except SystemExit as exit_:  # argparse's usage errors, and a missing --archive
            code = exit_.code if isinstance(exit_.code, int) else 2
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture(scope="session")
def copylens_command() -> list[str]:
    """The installed ``copylens`` entry point (the virtual environment's script)."""
    script = Path(sys.executable).parent / "copylens"
    found = str(script) if script.exists() else shutil.which("copylens")
    assert found, "the copylens entry point is not installed (pip install -e .)"
    return [found]


@pytest.fixture
def essays(tmp_path: Path) -> dict[str, Path]:
    """A folder ``essays/`` of five earlier essays (four English, one Russian), by name."""
    folder = tmp_path / "essays"
    folder.mkdir()
    paths = {}
    for name, paragraphs in {**ESSAYS, "ru": RU}.items():
        path = folder / f"{name}.txt"
        path.write_text(text(paragraphs), encoding="utf-8")
        paths[name] = path
    return paths
