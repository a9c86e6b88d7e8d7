"""CPU time by stage (core/cpu.py, issue 40): a real ``compare`` run names where its CPU
went, so that "other" is only what no stage claims."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from copylens.core.cpu import summed

TEXT = (
    "The history of the river valley begins with the first farmers who cleared the forest. "
    "They built their houses of clay and straw along the northern bank of the slow river. "
    "Every spring the water rose and covered the low fields with a fresh layer of silt. "
)


def test_a_compare_run_names_its_start_up_warm_up_pool_and_pair_steps(tmp_path: Path) -> None:
    essays = tmp_path / "essays"
    essays.mkdir()
    (essays / "a.txt").write_text(TEXT + "A closing line of the first writer alone.")
    (essays / "b.txt").write_text("An opening line of another writer. " + TEXT)
    (essays / "c.txt").write_text("Nothing here is shared with the others at all, truly.")
    folder = tmp_path / "cpu"
    folder.mkdir()
    env = {**os.environ, "COPYLENS_STAGE_CPU": str(folder), "COPYLENS_START_METHOD": "fork"}
    run = subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", "compare", str(essays), "--format", "json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert '"a.txt"' in run.stdout or "a.txt" in run.stdout
    stages = summed(folder)
    for name in ("start-up", "warm-up", "pool", "read", "summaries: assembled"):
        assert name in stages, (name, stages)
    assert stages["start-up"] > 0 and stages["pool"] > 0
    assert len(list(folder.glob("*.json"))) >= 2  # the parent and its reading workers


THREADS = """
import sys, threading, time
from copylens.core import cpu
from copylens.core.cpu import stage

inside_a = threading.Event()
inside_b = threading.Event()
a_done = threading.Event()
burnt = {}


def burn(seconds):
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        sum(range(1000))
    return time.thread_time() - start


def a():
    with stage("a"):
        inside_a.set()
        inside_b.wait()  # "b" opened on the other thread after "a"
        burnt["a"] = burn(0.3)
    a_done.set()


def b():
    inside_a.wait()
    with stage("b"):
        inside_b.set()
        a_done.wait()  # no CPU of its own meanwhile


threads = [threading.Thread(target=a), threading.Thread(target=b)]
for t in threads:
    t.start()
for t in threads:
    t.join()
cpu.write_now()
print(burnt["a"])
"""


def test_each_thread_charges_its_own_stage(tmp_path: Path) -> None:
    """Two threads in stages at once (as a Dask worker's tasks and its warm-up thread): the
    CPU one thread burns goes to its own stage, not to the stage another thread opened last
    (a stack shared by the process charged it to "b", opened last, on the idle thread)."""
    folder = tmp_path / "cpu"
    folder.mkdir()
    env = {**os.environ, "COPYLENS_STAGE_CPU": str(folder)}
    run = subprocess.run(
        [sys.executable, "-c", THREADS], env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    burnt = float(run.stdout)
    stages = summed(folder)
    assert stages["a"] >= 0.8 * burnt, stages
    assert stages.get("b", 0.0) < 0.2 * burnt, stages


def test_a_stage_of_a_run_that_does_not_measure_nests_and_does_nothing() -> None:
    """Without ``COPYLENS_STAGE_CPU`` a stage is one shared, reentrant context (issue 40):
    stages nest, an exception goes through, and nothing is charged."""
    from copylens.core import cpu

    if cpu._FOLDER is not None:
        pytest.skip("this run measures its stages")
    spent = dict(cpu._spent)
    with cpu.stage("a"), cpu.stage("b"), cpu.stage("a"):
        pass
    with pytest.raises(KeyError), cpu.stage("a"):
        raise KeyError("through")
    assert cpu._spent == spent and not cpu._here.stack
