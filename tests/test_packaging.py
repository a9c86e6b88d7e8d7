"""Packaging: the self-test in-process, the desktop entry, the icons and, marked
``packaging`` (minutes, not in the default run; the test command runs them): what users get,
the wheel installed into a clean virtual environment (its files, the command line on the
bundled samples, the window offscreen), and a PyInstaller build from that environment whose
frozen app passes its self-test."""

from __future__ import annotations

import configparser
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import time
import venv
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
ICONS = ROOT / "resources" / "icons"
MIME_TYPES = {
    "text/plain",
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.oasis.opendocument.text",
    "application/rtf",
    "text/html",
}


def test_selftest_passes_in_process() -> None:
    from copylens.app import selftest

    out = io.StringIO()
    assert selftest.run(out) == 0, out.getvalue()
    lines = out.getvalue().splitlines()
    assert lines[-1].startswith(selftest.OK_LINE)
    assert not any(line.lstrip().startswith("FAIL") for line in lines)


def test_selftest_fails_on_wrong_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from copylens.app import selftest

    samples = tmp_path / "samples"
    samples.mkdir()
    (samples / selftest.SOURCE).write_text("Совсем другой текст о погоде. " * 20, "utf-8")
    (samples / selftest.COPY).write_text(
        "Этот текст ни у кого не списан и ничего не копирует.", "utf-8"
    )
    monkeypatch.setattr(selftest, "resources_dir", lambda: tmp_path)
    out = io.StringIO()
    assert selftest.run(out) == 1
    assert out.getvalue().splitlines()[-1].startswith(selftest.FAILED_LINE)
    assert "FAIL  containment 0.00" in out.getvalue()


def test_samples_are_what_the_selftest_describes() -> None:
    from copylens.app import selftest

    source = (ROOT / "resources" / "samples" / selftest.SOURCE).read_text("utf-8")
    copy = (ROOT / "resources" / "samples" / selftest.COPY).read_text("utf-8")
    assert 140 <= len(source.split()) <= 170
    latin_in_words = [w for w in copy.split() if any("a" <= c <= "z" for c in w)]
    assert len(latin_in_words) == 1  # one Latin look-alike letter ...
    assert any("а" <= c <= "я" for c in latin_in_words[0])  # ... inside a Russian word


def test_desktop_entry() -> None:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(PACKAGING / "copylens.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "CopyLens"
    assert entry["Comment"] and entry["Comment[ru]"] != entry["Comment"]
    assert any("\u0400" <= c <= "\u04ff" for c in entry["Comment[ru]"])
    assert entry["Exec"] == "copylens-gui %F"
    assert entry["Icon"] == "copylens"
    assert entry["Terminal"] == "false"
    assert MIME_TYPES.issubset(entry["MimeType"].split(";"))
    assert entry["MimeType"].endswith(";") and entry["Categories"].endswith(";")
    assert {"Office", "Education"} <= set(entry["Categories"].split(";"))


def test_icons() -> None:
    svg = ET.parse(ICONS / "copylens.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert svg.get("viewBox") == "0 0 256 256"
    for size in (16, 24, 32, 48, 64, 128, 256):
        data = (ICONS / f"copylens-{size}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (size, size)


def test_spec_and_entry_compile() -> None:
    for path in (PACKAGING / "copylens.spec", PACKAGING / "entry.py"):
        compile(path.read_text("utf-8"), str(path), "exec")
    assert "freeze_support()" in (PACKAGING / "entry.py").read_text("utf-8")


PARTS = ("app", "core", "resources")
LEFT_OUT = (".ts",)
"""Files of the three folders that stay in the repository: translation sources."""


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, as ``pip`` builds it for a user, from a copy of the source files (an in-tree
    ``build/`` left by an earlier build would slip removed modules into it)."""
    source = tmp_path_factory.mktemp("source")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("copylens", *PARTS):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)],
        check=True,
        timeout=600,
    )
    (built,) = out.glob("copylens-*.whl")
    return built


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean virtual environment with the wheel installed; its ``bin`` folder."""
    env = tmp_path_factory.mktemp("venv") / "venv"
    venv.create(env, with_pip=True, clear=True)
    scripts = env / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run(
        [str(scripts / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900
    )
    return scripts


def _tree_files() -> set[str]:
    """Every module and resource file of app/, core/ and resources/, as wheel paths."""
    files = {"copylens/__init__.py", "copylens/__main__.py"}
    for part in PARTS:
        for path in (ROOT / part).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in LEFT_OUT:
                files.add(f"copylens/{part}/{path.relative_to(ROOT / part).as_posix()}")
    return files


def _run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )


@pytest.mark.packaging
def test_wheel_holds_the_tree_and_nothing_else(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    packaged = {n for n in names if not n.startswith("copylens-")}
    assert _tree_files() - packaged == set()
    assert packaged - _tree_files() == set()  # no stray top-level core/ or app/, no tests
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/METADATA")))
    assert b"License-Expression: MIT" in metadata


@pytest.mark.packaging
def test_installed_command_line_checks_the_samples(installed: Path, tmp_path: Path) -> None:
    """Run from an empty folder, so nothing of the checkout can be imported by accident."""
    python = str(installed / "python")
    where = _run([python, "-c", "import copylens.core as c; print(c.__file__)"], tmp_path)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(installed.parent), where.stdout
    samples = Path(where.stdout.strip()).parent.parent / "resources" / "samples"
    copy, source = samples / "copy_ru.txt", samples / "source_ru.txt"
    done = _run(
        [
            str(installed / "copylens"),
            "check",
            str(copy),
            "--against",
            str(source),
            "--format",
            "json",
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    (document,) = json.loads(done.stdout)["documents"]
    assert document["sources"][0]["containment"] >= 0.8
    assert document["homoglyphs"] >= 1
    module = _run([python, "-m", "copylens", "--help"], tmp_path)
    assert module.returncode == 0 and "compare" in module.stdout, module.stderr


@pytest.mark.packaging
def test_installed_window_checks_the_samples(installed: Path, tmp_path: Path) -> None:
    """``copylens-gui --self-test`` opens the window offscreen and checks the samples in it."""
    from copylens.app import selftest

    done = _run(
        [str(installed / "copylens-gui"), "--self-test"], tmp_path, QT_QPA_PLATFORM="offscreen"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    window (offscreen): 1 checked document listed" in done.stdout, done.stdout
    assert selftest.OK_LINE in done.stdout


@pytest.mark.packaging
def test_frozen_app_passes_its_self_test(installed: Path, tmp_path: Path) -> None:
    """Build the one-folder app with PyInstaller from the wheel's environment (PyInstaller
    does not follow an editable install's import mapping) and run ``copylens --self-test``."""
    from copylens.app import selftest

    python = str(installed / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", "pyinstaller>=6.10"], check=True)
    started = time.monotonic()
    subprocess.run(
        [
            python,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(tmp_path / "dist"),
            "--workpath",
            str(tmp_path / "build"),
            str(PACKAGING / "copylens.spec"),
        ],
        cwd=tmp_path,  # not the checkout, whose copylens/ folder would shadow the installed one
        check=True,
        timeout=1800,
    )
    built = time.monotonic() - started
    app = tmp_path / "dist" / "copylens" / ("copylens.exe" if os.name == "nt" else "copylens")
    assert app.is_file()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [str(app), "--self-test"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
        check=False,
    )
    report = f"built in {built:.0f} s\n{result.stdout}\n{result.stderr}"
    assert result.returncode == 0, report
    assert selftest.OK_LINE in result.stdout, report
    assert "(frozen," in result.stdout, report
    assert "ok    window (offscreen)" in result.stdout, report
