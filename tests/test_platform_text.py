"""Text and names as Windows users produce them, on this system: the command line's output in
the code pages of a Russian Windows (cp1251, the ANSI page, where output is redirected or
piped; cp866, the console's OEM page, where Python is set to it), and an SQLite archive in a
folder whose name is Cyrillic.

CopyLens takes no .zip of documents; its zip inputs are .docx and .odt files, which a user
may unpack and pack again with Windows Explorer ("Send to > Compressed folder"): Explorer adds
folder entries and writes names in the OEM code page (cp866) without the UTF-8 flag.

(Texts saved in cp1251 and cp866 are read in ``tests/test_platform_spawn.py``.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from copylens.core import MoreSources, Options, add_to_archive, check, extract_file, open_archive
from tests.fixtures_make import make_docx

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
        report = check([copy], [], options, more=MoreSources(archive=archive))
    (document,) = report.documents
    assert document.sources and document.sources[0].containment > 0.8


class _ExplorerName(zipfile.ZipInfo):
    """A member name as Windows Explorer writes it: cp866 bytes, no UTF-8 flag."""

    def _encodeFilenameFlags(self) -> tuple[bytes, int]:  # zipfile's own method
        return self.filename.encode("cp866"), self.flag_bits


def test_a_docx_packed_again_by_windows_explorer_reads_the_same(tmp_path: Path) -> None:
    paragraphs = ["Первый абзац сочинения о Байкале.", "Второй абзац, об Ангаре."]
    word = make_docx(tmp_path / "Сочинение.docx", paragraphs)
    repacked = tmp_path / "Сочинение (Explorer).docx"
    with zipfile.ZipFile(word) as source, zipfile.ZipFile(repacked, "w") as out:
        for folder in ("_rels/", "docProps/", "word/", "word/_rels/", "word/media/"):
            out.writestr(_ExplorerName(folder), b"")
        for info in source.infolist():
            out.writestr(_ExplorerName(info.filename), source.read(info), zipfile.ZIP_DEFLATED)
        out.writestr(_ExplorerName("word/media/Рисунок 1.png"), b"\x89PNG\r\n\x1a\n")
    names = zipfile.ZipFile(repacked).infolist()
    assert names[-1].flag_bits & 0x800 == 0 and names[-1].filename != "word/media/Рисунок 1.png"
    assert extract_file(repacked).text == extract_file(word).text == "\n".join(paragraphs)


def test_a_windowed_self_test_writes_its_summary_where_it_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frozen Windows app has no stdout (a windowed program): the summary goes to the file
    ``COPYLENS_SELF_TEST_LOG`` names, which CI prints."""
    from copylens.app import selftest

    log = tmp_path / "self-test.txt"
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setenv(selftest.LOG_VARIABLE, str(log))
    out = selftest._stdout()
    print("Проверка «выборки»: OK", file=out)
    out.close()
    assert log.read_text("utf-8") == "Проверка «выборки»: OK\n"
