"""Process pools for the CPU-bound stages (canonicalize, align), on all cores.

Workers ignore Ctrl+C: the parent gets it, stops the pool and reports the interruption. The
pool forks when the caller is the main thread of a single-threaded process (fast: imports,
caches and the documents already prepared are inherited) and uses ``spawn`` otherwise,
because forking a threaded process is unsafe; a GUI calls :func:`forbid_fork` at start-up,
since Qt runs threads Python cannot see.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


_fork_allowed = True


def forbid_fork() -> None:
    """Never fork this process again: a GUI has threads Python cannot see (Qt's own)."""
    global _fork_allowed
    _fork_allowed = False


def can_fork() -> bool:
    """True when forking is safe: allowed, on the main thread, and no other Python thread."""
    return (
        _fork_allowed
        and threading.current_thread() is threading.main_thread()
        and threading.active_count() == 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


def pool_map(
    function: Callable[..., R],
    items: Iterable[T],
    *extra: Iterable[object],
    workers: int,
    count: int,
) -> Generator[R, None, None]:
    """``map(function, items, *extra)`` on ``workers`` processes, results in input order.

    Pending work is cancelled when the consumer stops early (close or exception).
    """
    method = "fork" if can_fork() else "spawn"
    context = multiprocessing.get_context(method)
    chunk = max(1, min(16, count // (workers * 8)))
    executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_quiet_worker)
    try:
        yield from executor.map(function, items, *extra, chunksize=chunk)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _quiet_worker() -> None:
    """Workers leave Ctrl+C to the parent, which stops the pool cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
