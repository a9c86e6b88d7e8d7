"""Stopping the command line: SIGTERM as Ctrl+C, no worker or temporary file left behind."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_pool import GONE_S, children, wait_gone

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process checks read /proc")

WORDS = [
    "river",
    "stone",
    "quiet",
    "garden",
    "letter",
    "window",
    "morning",
    "paper",
    "silver",
    "engine",
]


def _essays(folder: Path, count: int, words: int) -> None:
    rng = random.Random(7)
    folder.mkdir()
    for n in range(count):
        text = " ".join(rng.choice(WORDS) + rng.choice("abcdefgh") for _ in range(words))
        (folder / f"essay{n:03d}.txt").write_text(text + ".\n", encoding="utf-8")


def test_sigterm_stops_compare_and_leaves_no_process_or_temporary_file(tmp_path: Path) -> None:
    essays = tmp_path / "essays"
    _essays(essays, 60, 40_000)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "copylens.app.cli", "compare", str(essays), "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={"TMPDIR": str(scratch), "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)},
    )
    deadline = time.monotonic() + 120  # a hang guard: a loaded machine starts them late
    while len(workers := children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(workers) == 2, "the workers never started"
    assert any(scratch.iterdir()), "the run made its scratch folder"
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)  # a hang guard, not a latency target
    assert process.returncode == 143 and "terminated" in err
    assert "Traceback" not in err
    # killed, but a killed process hands its memory back before it is gone (tens of ms, far
    # more on a loaded machine) and its parent waits for it a second at most: the guard only
    # ends a hang, a worker left running fails
    assert wait_gone(workers, GONE_S) == set()
    assert list(scratch.iterdir()) == []
