"""Hostile files through the engine's ``check`` (issue 13): each ends in its own clear error,
or is read right, while a good file beside it is checked; the time and memory limits of the
reading workers stop what no guard of an extractor catches.

The files are built by ``tests/hostile_files.py``; ``tests/extract/test_hostile.py`` tests the
extractors on them directly, in this process. Here they go through the worker processes, as
in the command line and the window.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from copylens.core import Options, check
from copylens.core.report import CheckReport
from tests import hostile_files as hf

SOURCE = hf.GOOD_TEXT + " It is found in the source too."
PYTHON_NAMES = re.compile(r"Error\b|Exception\b|Traceback|\w+\.\w+\(")


def _run(tmp_path: Path, suffix: str, hostile: bytes, options: Options | None = None) -> tuple:
    good = tmp_path / f"good.{suffix}"
    good.write_bytes({"pdf": hf.pdf_good, "docx": hf.docx_good}.get(suffix, _plain)(suffix))
    bad = tmp_path / f"hostile.{suffix}"
    bad.write_bytes(hostile)
    source = tmp_path / "source.txt"
    source.write_text(SOURCE, encoding="utf-8")
    report = check([bad, good], [source], options)
    errors = {Path(e.path).name: e for e in report.errors}
    return report, errors


def _plain(suffix: str) -> bytes:
    if suffix == "html":
        return f"<html><body><p>{hf.GOOD_TEXT}</p></body></html>".encode()
    if suffix == "rtf":
        return ("{\\rtf1\\ansi " + hf.GOOD_TEXT + "}").encode()
    return hf.GOOD_TEXT.encode()


def _good_checked(report: CheckReport, suffix: str) -> bool:
    docs = {Path(d.path).name: d for d in report.documents}
    good = docs.get(f"good.{suffix}")
    return good is not None and good.words > 0


REFUSED: list[tuple[str, Callable[[], bytes], str]] = [
    ("pdf", hf.pdf_self_reference, "refer to each other in a loop"),
    ("pdf", hf.pdf_reference_cycle, "refer to each other in a loop"),
    ("pdf", hf.pdf_nested_forms, "more than"),
    ("pdf", lambda: hf.pdf_flate_bomb(200), "expands to more than"),
    ("pdf", hf.pdf_cmap_range_bomb, "character codes"),
    ("pdf", hf.pdf_width_range_bomb, "gives widths to more than"),
    ("docx", hf.docx_entities_after_bom, "XML entity declarations"),
]


@pytest.mark.parametrize(
    ("suffix", "build", "words"), REFUSED, ids=lambda v: getattr(v, "__name__", "")
)
def test_a_hostile_file_gets_its_own_error_and_the_good_one_is_checked(
    tmp_path: Path, suffix: str, build: Callable[[], bytes], words: str
) -> None:
    report, errors = _run(tmp_path, suffix, build())
    failure = errors[f"hostile.{suffix}"]
    assert words in failure.error
    assert not PYTHON_NAMES.search(failure.error)
    assert _good_checked(report, suffix)


READ: list[tuple[str, Callable[[], bytes], str]] = [
    ("html", hf.html_deep_nesting, hf.HIDDEN_PARAGRAPH),
    ("rtf", lambda: hf.rtf_bin_payload(1), "Text after the object"),
    ("rtf", hf.rtf_huge_unicode_escape, "\ufffd"),
    ("pdf", hf.pdf_page_tree_cycle, hf.GOOD_TEXT),
]


@pytest.mark.parametrize(
    ("suffix", "build", "expected"), READ, ids=lambda v: getattr(v, "__name__", "")
)
def test_a_hostile_file_that_can_be_read_is_read_right(
    tmp_path: Path, suffix: str, build: Callable[[], bytes], expected: str
) -> None:
    report, errors = _run(tmp_path, suffix, build())
    assert f"hostile.{suffix}" not in errors
    assert expected in report.texts[str(tmp_path / f"hostile.{suffix}")]
    assert "\u00ff" * 100 not in report.texts[str(tmp_path / f"hostile.{suffix}")]
    assert _good_checked(report, suffix)


def test_a_file_that_reads_too_long_is_given_up_at_the_time_limit(tmp_path: Path) -> None:
    """A scatter plot of 100,000 markers is a legitimate PDF that takes pdfminer seconds (5.5 s
    here): with a 1 s limit the worker is killed first, and the message says so."""
    options = Options(read_seconds=1.0)
    report, errors = _run(tmp_path, "pdf", hf.pdf_scatter_markers(100_000), options)
    failure = errors["hostile.pdf"]
    assert failure.error == "took longer than 1 s to read (given up)"
    assert failure.template == "took longer than {seconds} s to read (given up)"
    assert _good_checked(report, "pdf")


def test_a_file_that_needs_too_much_memory_is_given_up_at_the_memory_limit(
    tmp_path: Path,
) -> None:
    """A 24 MB text is within the size limit, and reading it needs some hundreds of MB:
    over a 64 MB limit the worker runs out of memory and only that file is lost."""
    options = Options(read_memory_bytes=64 * 1024 * 1024)
    words = " ".join(f"word{n % 5000}" for n in range(3_000_000))
    report, errors = _run(tmp_path, "txt", words.encode(), options)
    assert errors["hostile.txt"].error == "needs more than 64.0 MB of memory to read (given up)"
    assert _good_checked(report, "txt")
    # with the default limit the same file is read
    report, errors = _run(tmp_path, "txt", words.encode())
    assert "hostile.txt" not in errors


def test_errors_carry_their_template_for_translation(tmp_path: Path) -> None:
    _, errors = _run(tmp_path, "pdf", hf.pdf_self_reference())
    failure = errors["hostile.pdf"]
    assert failure.template and failure.template.format(**dict(failure.params)) == failure.error
