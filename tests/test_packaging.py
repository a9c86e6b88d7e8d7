"""Packaging: the self-test in-process, the desktop entry, the icons and, marked
``packaging`` (minutes, not in the default run), a real PyInstaller build whose frozen app
passes its self-test."""

from __future__ import annotations

import configparser
import io
import os
import struct
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
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
    from app import selftest

    out = io.StringIO()
    assert selftest.run(out) == 0, out.getvalue()
    lines = out.getvalue().splitlines()
    assert lines[-1].startswith(selftest.OK_LINE)
    assert not any(line.lstrip().startswith("FAIL") for line in lines)


def test_selftest_fails_on_wrong_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app import selftest

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
    from app import selftest

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


@pytest.mark.packaging
def test_frozen_app_passes_its_self_test(tmp_path: Path) -> None:
    """Build the one-folder app with PyInstaller and run ``copylens --self-test`` from it."""
    from app import selftest

    pytest.importorskip("PyInstaller")
    started = time.monotonic()
    subprocess.run(
        [
            sys.executable,
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
        cwd=ROOT,
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
