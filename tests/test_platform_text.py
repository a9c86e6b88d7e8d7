"""Text and names as Windows users produce them, on this system: the command line's output in
the code pages of a Russian Windows (cp1251 where output is redirected to a file, cp866 in an
old console window), and an SQLite archive in a folder whose name is Cyrillic.

(Texts saved in cp1251 and cp866 are read in ``tests/test_platform_spawn.py``.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from copylens.core import Options, add_to_archive, check, open_archive

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"


@pytest.fixture
def essays(tmp_path: Path) -> tuple[Path, Path]:
    """The bundled samples under Cyrillic names: a copied essay and its source."""
    folder = tmp_path / "Работы студентов"
    folder.mkdir()
    copy, source = folder / "Сочинение Иванова.txt", folder / "Источник №1.txt"
    copy.write_bytes((SAMPLES / "copy_ru.txt").read_bytes())
    source.write_bytes((SAMPLES / "source_ru.txt").read_bytes())
    return copy, source


def _cli(encoding: str, *args: str | Path) -> subprocess.CompletedProcess[bytes]:
    """The command line with stdout in ``encoding``, as Windows gives a program its console's
    or its locale's code page; its bytes as written."""
    return subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", *map(str, args)],
        env={**os.environ, "PYTHONIOENCODING": encoding},
        capture_output=True,
        timeout=600,
        check=False,
    )


@pytest.mark.parametrize("encoding", ["cp866", "cp1251"])
def test_text_output_reads_right_in_a_windows_code_page(
    encoding: str, essays: tuple[Path, Path]
) -> None:
    copy, source = essays
    done = _cli(encoding, "check", copy, "--against", source)
    assert done.returncode == 0, done.stderr.decode(encoding, "replace")
    text = done.stdout.decode(encoding)  # every byte is the code page's own
    assert "Сочинение Иванова.txt" in text and "Источник №1.txt" in text
    assert "Байкал расположен" in text
    assert "\\u" not in text and "\\x" not in text  # no escapes where a plain sign will do
    arrow = "←" if "←".encode(encoding, "ignore") else "<-"
    assert f"{arrow} Источник №1.txt" in text


@pytest.mark.parametrize("encoding", ["cp866", "cp1251"])
def test_json_output_in_a_windows_code_page_is_the_same_json(
    encoding: str, essays: tuple[Path, Path]
) -> None:
    """Characters the code page lacks are JSON escapes of themselves: the same data."""
    copy, source = essays
    args = ("check", copy, "--against", source, "--format", "json")
    plain = json.loads(_cli("utf-8", *args).stdout.decode("utf-8"))
    coded = json.loads(_cli(encoding, *args).stdout.decode(encoding))
    for report in (plain, coded):
        report.pop("generated_at", None)
    assert coded == plain
    assert plain["documents"][0]["sources"][0]["fragments"]


def test_an_archive_in_a_folder_with_a_cyrillic_name(
    tmp_path: Path, essays: tuple[Path, Path]
) -> None:
    copy, source = essays
    location = str(tmp_path / "Архив кафедры" / "работы 2024 года.sqlite")
    (tmp_path / "Архив кафедры").mkdir()
    options = Options()
    with open_archive(location, options, create=True) as archive:
        added = add_to_archive(archive, [source], options, labels={"автор": "Петров"})
        assert (added.added, added.errors) == (1, ())
    with open_archive(location, options) as archive:  # opened again, as a later run would
        assert archive.stats().documents == 1
        report = check([copy], [], options, archive=archive)
    (document,) = report.documents
    assert document.sources and document.sources[0].containment > 0.8
