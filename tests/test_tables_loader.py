"""The thread that loads the paraphrase stage's tables while ``compare`` reads (issue 40:
``engine._Tables``, ``engine._Loader``): the main thread goes on taking documents, a fork
waits for the loads, and a load's error reaches the caller."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

from copylens.core import engine


def test_a_load_runs_on_a_thread_of_its_own_and_wait_ends_it() -> None:
    ran_on: list[threading.Thread] = []
    loader = engine._Loader()
    loader.put(lambda: ran_on.append(threading.current_thread()))
    loader.end()
    assert ran_on and ran_on[0] is not threading.main_thread()
    assert not loader.thread.is_alive()
    assert loader not in engine._loaders


def test_the_first_error_of_a_load_is_raised_by_end_and_stops_the_rest() -> None:
    ran: list[int] = []
    loader = engine._Loader()

    def broken() -> None:
        raise ValueError("no such table")

    loader.put(broken)
    loader.put(lambda: ran.append(1))
    with pytest.raises(ValueError, match="no such table"):
        loader.end()
    assert not ran
    assert not loader.thread.is_alive()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks only where there is fork")
def test_a_fork_waits_until_the_loads_given_are_done() -> None:
    """A forked child holds only the forking thread: a lock the loader held at the fork would
    stay held in the child, so the fork waits for the loader to finish its loads and end."""
    go = threading.Event()
    done: list[int] = []
    loader = engine._Loader()

    def slow() -> None:
        go.wait()
        done.append(1)

    loader.put(slow)
    timer = threading.Timer(0.05, go.set)  # the load ends only after the fork was asked for
    timer.start()
    pid = os.fork()
    if pid == 0:  # the child: nothing of the test runs here
        os._exit(0)
    os.waitpid(pid, 0)
    timer.join()
    assert done == [1]  # the load had ended before the fork
    assert not loader.thread.is_alive()
    loader.end()  # ending it again is harmless


def test_wait_ends_the_thread_of_the_tables() -> None:
    """After ``wait``, the process has no thread of the loader left: the pair workers fork
    from it (``copylens.core.pool.can_fork`` asks for a single thread)."""
    import numpy as np

    from copylens.core.spill import Spilled, Spot

    before = threading.active_count()
    doc = Spilled("a.txt", Spot("f", 0, 0), 0, np.zeros(0, np.uint64), np.zeros(0, np.uint32), 3)
    tables = engine._Tables(False)
    assert tables.take(doc) is doc
    assert tables.loader is not None
    tables.wait()
    assert "copylens.core.score" in sys.modules  # warmed on the thread (engine._warm_pairs)
    assert tables.loader is None
    assert threading.active_count() == before


def test_a_compare_cancelled_while_reading_raises_cancelled_and_leaves_no_thread(
    tmp_path: Path,
) -> None:
    """The reading's error is the run's (not a load's), and the loading thread is ended."""
    from copylens.core import Options, compare
    from copylens.core.errors import Cancelled

    for n in range(6):
        (tmp_path / f"essay{n}.txt").write_text(f"Essay {n} says something of its own. " * 30)
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 1  # after the first document, whose tables are loading

    before = threading.active_count()
    with pytest.raises(Cancelled):
        compare([tmp_path], Options(workers=2), cancel=cancel)
    assert not engine._loaders
    assert threading.active_count() == before
