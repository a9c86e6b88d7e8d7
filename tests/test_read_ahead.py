"""Readers read on while the parent works (issue 40): each reading worker holds many files
ahead of its results (``isolated_map``'s ``ahead``, ``prepare.READ_AHEAD``), so when the
process running ``compare`` does serial work between two documents (loading a language's
paraphrase tables as its first document comes back) the readers do not stop after the two
files they held.

The order of events is asserted, never a duration: the parent, inside its work on the first
result, waits until the workers have finished a given number of further items, which they
cannot do if they hold only two each. The wait's bound (``_GUARD_S``) only ends a test that
would otherwise hang; it is far above what the work takes.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from copylens.core import pool
from copylens.core.documents import TextInput
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.pool import IN_FLIGHT, ProcessLimits, Stopped, isolated_map
from copylens.core.prepare import READ_AHEAD, READ_AHEAD_LARGEST, read_ahead, read_all

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="forked workers")

_GUARD_S = 300.0
_FURTHER = 20
"""Items the workers must finish while the parent is busy with the first result: more than
the 2 × IN_FLIGHT they held before issue 40's change."""
_LOG: list[Path] = []


def _logged(extracted: Extracted, options: Options) -> str:
    """A reader's ``build``: note that this file was read (one line, appended), give its name.
    A file other than the first waits for the first to be noted, so none is done before the
    parent can take the first (the parent takes results in input order); the parent's
    warm-up texts do not wait."""
    if extracted.path.endswith(".txt") and not extracted.path.endswith("essay00.txt"):
        _wait_until(lambda: "essay00.txt" in _log_text())
    with _LOG[0].open("a") as log:
        log.write(extracted.path + "\n")
    return extracted.path


def _log_text() -> str:
    return _LOG[0].read_text() if _LOG[0].exists() else ""


def _read_so_far() -> int:
    return sum(line.endswith(".txt") for line in _log_text().splitlines())  # not the warm-up


def _wait_until(done: Callable[[], bool]) -> None:
    """Wait until ``done()`` (or the guard passes)."""
    end = time.monotonic() + _GUARD_S
    while not done() and time.monotonic() < end:
        time.sleep(0.002)


def _wait_for(count: int) -> int:
    """Wait until ``count`` files have been read (or the guard passes); how many were."""
    _wait_until(lambda: _read_so_far() >= count)
    return _read_so_far()


def test_readers_read_on_while_the_parent_works_on_a_document(tmp_path: Path) -> None:
    files = []
    for n in range(80):
        path = tmp_path / f"essay{n:02d}.txt"
        path.write_text(f"Essay number {n} says something of its own. " * 20)
        files.append(path)
    _LOG[:] = [tmp_path / "read.log"]
    seen: list[str] = []
    read_during: list[int] = []

    held_before = 2 * IN_FLIGHT  # what two readers held before issue 40's change
    wanted = held_before + _FURTHER  # under the ~45 files the two readers are first handed

    def each(name: str) -> str:
        if not seen:  # the parent's serial work, as the tables load (engine._Tables)
            read_during.append(_wait_for(wanted))  # a loaded machine may come here late
        seen.append(name)
        return name

    assert read_ahead(files, [p.stat().st_size for p in files]) == READ_AHEAD
    names, failures = read_all(files, Options(workers=2), _logged, each=each)
    assert not failures
    assert names == [str(p) for p in files] == seen  # in input order, each taken once
    assert read_during[0] >= wanted  # holding two each, they would stop at 4 (1 taken, 3 held)


def _noted(folder: str, n: int) -> int:
    """Stands for a parser: note that item ``n`` was done, item 0 first (the others wait for
    it, so none is done before the consumer can have the first)."""
    if n:
        _wait_until(lambda: Path(folder, "000").exists())
    Path(folder, f"{n:03d}").touch()
    return n


def test_workers_finish_items_ahead_while_the_consumer_is_busy(tmp_path: Path) -> None:
    done = tmp_path / "done"
    done.mkdir()

    def finished() -> int:
        return len(os.listdir(done))

    results = isolated_map(
        partial(_noted, str(done)),
        list(range(100)),
        workers=2,
        limits=ProcessLimits(),
        ahead=16,
    )
    first = next(results)
    _wait_until(lambda: finished() >= _FURTHER)
    assert finished() >= _FURTHER  # the workers went on through the items they held
    assert [first, *results] == list(range(100))


def _sleepy(n: int) -> int:
    if n == 5:
        time.sleep(3600)  # a parser that never returns
    return n


def test_a_stuck_item_among_many_ahead_costs_only_itself() -> None:
    limits = ProcessLimits(seconds=1.0)
    out = list(isolated_map(_sleepy, list(range(40)), workers=2, limits=limits, ahead=16))
    assert out[5] == Stopped("time", limits)
    assert out[:5] + out[6:] == [n for n in range(40) if n != 5]


def test_the_depth_falls_to_a_share_of_what_is_left() -> None:
    assert pool._depth(128, 1000, 2) == 128
    assert pool._depth(128, 100, 2) == 50
    assert pool._depth(128, 3, 2) == IN_FLIGHT
    assert pool._depth(IN_FLIGHT, 1000, 2) == IN_FLIGHT  # pool_map: as before


def test_only_small_files_are_read_ahead(tmp_path: Path) -> None:
    essay, thesis = tmp_path / "essay.txt", tmp_path / "thesis.txt"
    assert read_ahead([essay], [4000]) == READ_AHEAD
    assert read_ahead([essay, thesis], [4000, READ_AHEAD_LARGEST + 1]) == IN_FLIGHT
    assert read_ahead([essay, TextInput("pasted", "words")], [4000, 5]) == IN_FLIGHT
    assert read_ahead([], []) == READ_AHEAD
