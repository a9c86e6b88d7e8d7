"""CPU time per stage, for the benchmarks (issue 40): off unless ``COPYLENS_STAGE_CPU`` names
a folder.

``with stage("align"): ...`` charges the CPU time of this thread spent inside to that
stage, exclusively (time inside a nested stage goes to the nested one). Each thread has its
stack of stages (a Dask worker runs its tasks on threads of one process, beside the warm-up
thread: with one stack for the process, a stage ending on one thread popped another's, and one
thread's CPU went to another's stage); a thread's CPU is its own (``time.thread_time``), so
the stages of threads running at once are charged side by side. When an outermost
stage ends and :data:`EVERY_S` passed since the last time, and when the process ends, it
writes what it spent so far, and its whole CPU time, to ``<folder>/<pid>.json``
(``{"stages": {name: seconds}, "total": seconds}``): a worker killed at the end of a run
loses at most that interval. Timed runs leave it off (``bench_compare.py`` measures the
stages in a run of its own).
``bench/bench_compare.py`` sums the files of a run: each stage's share of the CPU of all
processes, the rest (orchestration, reports) as "other". A process's CPU before its first stage
(the interpreter, imports, the arguments) is :data:`START_UP`'s. A forked worker starts from
nothing (the parent's figures stay the parent's; its CPU from the fork to its first stage is its
own start-up). When the
variable is not set, a stage costs one dictionary lookup.
"""

from __future__ import annotations

import atexit
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

_FOLDER = os.environ.get("COPYLENS_STAGE_CPU")
_spent: dict[str, float] = {}
"""CPU seconds per stage, of all the process's threads."""
_lock = threading.Lock()
"""Held while :data:`_spent` changes or is written out."""


class _Thread(threading.local):
    """A thread's stages, innermost last, and its CPU time when it was last charged."""

    def __init__(self) -> None:
        self.stack: list[str] = []
        self.mark = 0.0


_here = _Thread()
_pid = [os.getpid()]
_written = [0.0]
_begun = [False]
START_UP = "start-up"
"""The stage of a process's CPU before its first stage: starting the interpreter, imports,
reading the arguments; a forked worker's from the fork (issue 40: it was part of "other")."""
EVERY_S = 0.25
"""Least wall time between two writes of a process's figures."""


def _at_exit() -> None:
    """The process's last figures (its CPU after its last stage: the report, the exit)."""
    if _FOLDER is not None and _pid[0] == os.getpid():
        _write(_FOLDER)


atexit.register(_at_exit)


def stage(name: str) -> AbstractContextManager[None]:
    """Charge this thread's CPU time inside to ``name`` (module docstring).

    When the run does not measure (no ``COPYLENS_STAGE_CPU``), one shared context that does
    nothing (:data:`_UNMEASURED`, reentrant): a generator-based context manager made and run
    for each stage cost 0.74 µs against 0.12 (issue 40: a pair worker opens some 5,600 stages
    at 1,000 essays, ~3.5 ms of its CPU)."""
    if _FOLDER is None:
        return _UNMEASURED
    return _measured(name, _FOLDER)


_UNMEASURED: AbstractContextManager[None] = nullcontext()


@contextmanager
def _measured(name: str, folder: str) -> Iterator[None]:
    """:func:`stage` of a run that measures, into ``folder``."""
    here = _here
    if _pid[0] != os.getpid():  # a forked worker: its own figures from here
        _spent.clear()
        here.stack.clear()
        _pid[0] = os.getpid()
        _written[0] = 0.0
        from multiprocessing.util import Finalize

        Finalize(None, _at_exit, exitpriority=100)  # a worker's normal exit skips atexit
        _begun[0] = False  # its own start-up: from the fork to its first stage
    if not _begun[0]:
        with _lock:
            if not _begun[0]:
                _begun[0] = True
                _spent[START_UP] = time.process_time()
    _charge(here)
    here.stack.append(name)
    try:
        yield
    finally:
        _charge(here)
        here.stack.pop()
        if not here.stack and time.monotonic() - _written[0] >= EVERY_S:
            _write(folder)


MEASURING = _FOLDER is not None
"""True when this run measures its stages (``COPYLENS_STAGE_CPU`` set)."""


def write_now() -> None:
    """Write this process's figures now, whatever the interval: a worker about to hand back
    what may be its last result does, since the parent kills it when the run ends (figures
    since its last write would be lost)."""
    if _FOLDER is not None and _pid[0] == os.getpid():
        _charge(_here)
        _write(_FOLDER)


def _charge(here: _Thread) -> None:
    """This thread's CPU since its last charge to its innermost stage (none outside stages)."""
    now = time.thread_time()
    if here.stack:
        with _lock:
            _spent[here.stack[-1]] = _spent.get(here.stack[-1], 0.0) + now - here.mark
    here.mark = now


MEASURING_STAGE = "measuring"
"""The stage of writing these figures (a run that measures pays it, others never): outside
every stage, it would be "other"'s."""


def _write(folder: str) -> None:
    """Write the figures, and charge their writing (the last one's, in this file) to
    :data:`MEASURING_STAGE` (only there: not to a stage of this thread's it is written in)."""
    started = time.thread_time()
    with _lock:  # another thread's stage may end meanwhile
        _written[0] = time.monotonic()
        path = Path(folder, f"{os.getpid()}.json")
        path.write_text(json.dumps({"stages": _spent, "total": time.process_time()}))
        now = time.thread_time()
        _spent[MEASURING_STAGE] = _spent.get(MEASURING_STAGE, 0.0) + now - started
    _here.mark = now


def summed(folder: Path) -> dict[str, float]:
    """CPU seconds per stage over every process's file in ``folder``, with "other" (the
    processes' CPU outside any stage) and "total"."""
    out: dict[str, float] = {}
    total = 0.0
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        total += data["total"]
        for name, seconds in data["stages"].items():
            out[name] = out.get(name, 0.0) + seconds
    out["other"] = max(0.0, total - sum(out.values()))
    out["total"] = total
    return out
