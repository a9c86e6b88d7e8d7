"""Worker processes started the Windows way (``spawn``: a fresh interpreter that imports what it
runs) as well as forked, on a small run: the engine and the command line give the same report
either way. ``COPYLENS_START_METHOD=spawn`` (:data:`copylens.core.pool.START_METHOD`) makes a
process that could fork spawn instead; the window always spawns (Qt's threads make forking
unsafe), which ``tests/gui/test_worker.py`` and the frozen app's self-test cover.

The documents include plain text saved by Windows programs: Notepad's ANSI (cp1251) and a
DOS-era OEM file (cp866).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from copylens.core import Options, check, compare
from copylens.core import pool as pool_module
from copylens.core.pool import START_METHOD, isolated_map
from tests.json_reports import body

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"
METHODS = ("fork", "spawn")
NO_LIMITS = pool_module.ProcessLimits()

OWN = (
    "Весной в северных долинах выпало мало дождей, поэтому фермеры посеяли засухоустойчивый "
    "ячмень и заранее починили старые оросительные каналы."
)

_marker = "as imported"
"""Changed by the parent before its workers start: a forked worker sees the change, a spawned
one imports this module afresh and sees the value written here."""


def _marker_in_worker(_: int) -> str:
    return _marker


@pytest.fixture(autouse=True)
def fresh_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Forking allowed and no worker kept from an earlier test; kept ones killed after."""
    pool_module.shutdown()
    monkeypatch.setattr(pool_module, "_fork_allowed", True)
    yield
    pool_module.shutdown()


@pytest.fixture
def documents(tmp_path: Path) -> dict[str, Path]:
    """The bundled samples, and a copied passage in two Windows encodings among own text."""
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("copy_ru.txt", "source_ru.txt"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    copied = " ".join((SAMPLES / "source_ru.txt").read_text("utf-8").split()[6:51])
    (folder / "реферат_ansi.txt").write_bytes(f"{OWN}\r\n{copied}\r\n".encode("cp1251"))
    (folder / "доклад_dos.txt").write_bytes(f"{copied}\r\n{OWN[:60]}\r\n".encode("cp866"))
    return {path.name: path for path in folder.iterdir()}


@pytest.mark.parametrize("method", METHODS)
def test_the_environment_chooses_how_workers_start(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(START_METHOD, method)
    monkeypatch.setattr(sys.modules[__name__], "_marker", "changed by the parent")
    limits = pool_module.ProcessLimits()
    seen = list(isolated_map(_marker_in_worker, [0, 1], workers=2, limits=limits))
    expected = "changed by the parent" if method == "fork" else "as imported"
    assert seen == [expected, expected]


def test_an_unknown_start_method_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(START_METHOD, "forkserver")
    with pytest.raises(ValueError, match="COPYLENS_START_METHOD is 'forkserver'"):
        pool_module.can_fork()


@pytest.fixture
def reports_both_ways(
    documents: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> dict[str, dict[str, Any]]:
    """check (three documents against the source) and compare (all four), on two workers,
    under each start method; the spawned run keeps its warm workers, a forked one never does."""
    checked = [documents[n] for n in ("copy_ru.txt", "реферат_ansi.txt", "доклад_dos.txt")]
    options = Options(workers=2, min_containment=0.05)
    reports = {}
    for method in METHODS:
        monkeypatch.setenv(START_METHOD, method)
        pool_module.shutdown()
        found = check(checked, [documents["source_ru.txt"]], options).to_json()
        kept = len(pool_module._idle)
        compared = compare(list(documents.values()), options).to_json()
        reports[method] = {"check": found, "compare": compared, "kept": kept}
    return reports


def test_engine_reports_the_same_whether_workers_fork_or_spawn(
    reports_both_ways: dict[str, dict[str, Any]],
) -> None:
    forked, spawned = reports_both_ways["fork"], reports_both_ways["spawn"]
    assert (forked["kept"], spawned["kept"]) == (0, 2)  # each run really started its way
    assert spawned["check"] == forked["check"]
    assert spawned["compare"] == forked["compare"]
    pages = {Path(d["path"]).name: d for d in forked["check"]["documents"]}
    assert forked["check"]["errors"] == []
    for name in ("реферат_ansi.txt", "доклад_dos.txt"):  # Windows encodings read right
        assert pages[name]["sources"], name
        assert pages[name]["sources"][0]["containment"] > 0.5, name
    assert len(forked["compare"]["pairs"]) >= 3


def _cli(args: list[str], method: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", *args],
        env={**os.environ, START_METHOD: method},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )


def test_command_line_reports_the_same_whether_workers_fork_or_spawn(
    documents: dict[str, Path],
) -> None:
    folder = str(documents["copy_ru.txt"].parent)
    args = ["compare", folder, "--format", "json", "--workers", "2", "--min-containment", "0.05"]
    results = {method: _cli(args, method) for method in METHODS}
    for method, done in results.items():
        assert done.returncode == 0, (method, done.stderr)
    forked, spawned = (json.loads(results[m].stdout) for m in METHODS)
    assert forked["pairs"] and body(spawned) == body(forked)


def _sleep_then_return(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


@pytest.mark.parametrize("method", METHODS)
def test_a_stuck_worker_is_stopped_where_there_are_no_process_groups(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows has neither ``os.killpg`` nor ``os.setpgid``: a worker past its time limit is
    still ended (TerminateProcess there, SIGKILL here) and the other items carry on."""
    import multiprocessing

    monkeypatch.setenv(START_METHOD, method)
    monkeypatch.delattr(os, "killpg")
    monkeypatch.delattr(os, "setpgid")  # a forked worker inherits the missing function
    # spawned workers are kept warm: a spawn's start-up would count against a 1 s limit
    assert list(isolated_map(_sleep_then_return, [0.0], workers=1, limits=NO_LIMITS)) == [0.0]
    limits = pool_module.ProcessLimits(seconds=1.0)
    # one worker takes both (two in flight): the quick item, then the stuck one
    got = list(isolated_map(_sleep_then_return, [0.0, 60.0], workers=1, limits=limits))
    assert got == [0.0, pool_module.Stopped("time", limits)]
    pool_module.shutdown()
    for process in multiprocessing.active_children():  # killed, and waited for a second at most:
        process.join(120)  # a loaded machine may take longer to end them (a hang guard)
    assert multiprocessing.active_children() == []


def test_a_spawned_workers_start_up_is_not_charged_to_its_first_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A spawned worker imports what it runs before it can start: two seconds here
    (``tests/slow_start.py``), more than the item's one-second limit. The item's time starts
    when the worker has its work in hand, so the item is done, not given up."""
    from tests.slow_start import echo

    monkeypatch.setenv(START_METHOD, "spawn")
    limits = pool_module.ProcessLimits(seconds=1.0)
    assert list(isolated_map(echo, [7.0], workers=1, limits=limits)) == [7.0]
