"""Worker processes: ``map`` on all cores, and reading untrusted files inside limits.

One mechanism, two uses: :func:`pool_map` spreads a CPU-bound stage (alignment) over the
cores; :func:`isolated_map` runs each item in a worker with a wall-clock limit and a memory
limit, so a file that makes a parser loop forever or swell without bound costs its own item
(a :class:`Stopped` in its place) and never the run.

What must hold:

* an item's time starts when its worker has it in hand: a new worker first says it is ready
  once it has read (unpickled) its first chunk, so a spawned worker's start-up (a fresh
  interpreter importing what it runs: seconds on a loaded machine or under a virus scanner)
  is never charged to the item; before that it has :data:`START_UP_S` at most;
* results come back in input order; when an item's worker passes its time limit, runs out of
  its memory limit or dies, that worker is killed and replaced and the other items carry on;
* the parent never waits on a stuck worker: when it stops early (an exception, Ctrl+C, a
  SIGTERM turned into an exception by the front end, ``cancel()``) every worker is killed
  (SIGKILL to its process group, which also ends a converter it started) within a tick of
  :data:`TICK_S`;
* workers die with the parent even when the parent is killed: ``PR_SET_PDEATHSIG`` on Linux
  (the signal follows the thread that started the worker, so a pool is used on the thread that
  made it, as these generators are); elsewhere they are daemonic;
* workers ignore SIGINT (the parent handles Ctrl+C) and take SIGTERM's default;
* temporary files a worker makes go to a folder of the run, removed when the run ends;
* the memory limit is ``RLIMIT_DATA`` over the worker's size when it starts (Linux ≥ 4.7 counts
  every private writable mapping, so it bounds what the item allocates, whether the worker was
  forked from a large parent or spawned); where the platform has no such limit only the time
  limit holds;
* inside a daemonic process (a ``multiprocessing.Pool`` worker running the engine), which may
  not start children, the items run in that process, in order, without the limits;
* workers fork when that is safe (the caller is the main thread of a process with no other
  thread, and :func:`forbid_fork` was not called: a GUI calls it, since Qt runs threads
  Python cannot see) and are spawned otherwise; ``COPYLENS_START_METHOD=spawn`` in the
  environment (:data:`START_METHOD`) spawns them always, as Windows must (it has no fork), so
  that the tests and CI run that path on any system.

Why not ``concurrent.futures`` or pebble: an executor cannot kill one stuck task (its shutdown
waits for it, and a killed worker breaks the whole pool), and pebble's manager threads would
make every worker a spawn (forking a threaded process is unsafe), each costing a fresh
interpreter and imports instead of a fork's milliseconds.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import io
import itertools
import multiprocessing
import os
import pickle
import select
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from copylens.core import cpu
from copylens.core.cpu import stage
from copylens.core.errors import Cancelled

T = TypeVar("T")
R = TypeVar("R")

TICK_S = 0.1
"""How often the parent looks at deadlines and ``cancel()`` while workers are busy."""
CHUNK = 128
"""Most items of :func:`pool_map` per chunk: fewer round trips for cheap items (most candidate
pairs of a large ``compare`` cost only their containment bound)."""
CHUNK_SHARE = 8
"""A chunk of :func:`pool_map` is at most this fraction of the items not yet in a chunk over
the workers (:func:`chunk_sizes`)."""
IN_FLIGHT = 2
"""Chunks sent to a worker ahead of its results, so it goes on while the parent takes the last
one. Messages to a worker are small (paths, indices, options), far under a pipe's buffer, so
the parent's send never waits on a worker that is itself waiting to send a result (the chunks
handed at once travel in one message, :func:`_serve_chunks`: no more bytes than before, when
each was a message of its own).
:func:`isolated_map` may be asked to send more (its ``ahead``)."""

BATCH_SHARE = 8
"""A worker holding ``ahead`` items sends its results ``ahead // BATCH_SHARE`` at a time (at least
one: :func:`pool_map`'s two chunks in flight go back one by one, as before), so it keeps work in
hand while the parent takes a batch and hands it more (:func:`_serve`)."""
FLUSH_S = 0.05
"""Most seconds a worker keeps a finished result before it sends it (it looks between two
items): the consumer's progress and its work on each result go on as the items are done."""

SEND_BUFFER_BYTES = 4 * 1024 * 1024
"""The send buffer asked for a worker's end of its pipe (the kernel caps it: Linux at
``net.core.wmem_max``, 208 KB by default, 4 MB on some systems): results a worker has sent
and the parent has not read yet wait there, and a worker whose buffer is full stops until
the parent reads (default 208 KB: some 48 documents' summaries of a ``compare``)."""

START_UP_S = 120.0
"""Most seconds a new worker may take to start and read its first chunk before the chunk's own
limit starts (a worker that takes longer is stopped as late)."""

_fork_allowed = True

START_METHOD = "COPYLENS_START_METHOD"
"""The environment variable that chooses how workers start: ``fork`` (the default: fork where
it is safe, spawn elsewhere) or ``spawn`` (always, as on Windows)."""


def forbid_fork() -> None:
    """Never fork this process again: a GUI has threads Python cannot see (Qt's own)."""
    global _fork_allowed
    _fork_allowed = False


def can_fork() -> bool:
    """True when forking is safe: allowed, on the main thread, and no other Python thread;
    never when :data:`START_METHOD` says ``spawn`` (ValueError for a method it does not know)."""
    return (
        _fork_allowed
        and _start_method() == "fork"
        and threading.current_thread() is threading.main_thread()
        and threading.active_count() == 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _start_method() -> str:
    method = os.environ.get(START_METHOD, "").strip().lower() or "fork"
    if method not in ("fork", "spawn"):
        raise ValueError(f"{START_METHOD} is {method!r}: it takes 'fork' or 'spawn'")
    return method


@dataclass(frozen=True)
class ProcessLimits:
    """What one item may take in its worker: wall-clock seconds and bytes of memory beyond the
    worker's size at start; None means no limit."""

    seconds: float | None = None
    memory_bytes: int | None = None


@dataclass(frozen=True)
class Stopped:
    """An item whose worker was stopped: ``reason`` is "time" (past ``limits.seconds``),
    "memory" (past ``limits.memory_bytes``) or "crash" (the worker died: ``exitcode``, negative
    for a signal)."""

    reason: str
    limits: ProcessLimits
    exitcode: int | None = None


def pool_map(
    function: Callable[..., R],
    items: Iterable[T],
    *extra: Iterable[object],
    workers: int,
) -> Generator[R, None, None]:
    """``map(function, items, *extra)`` on ``workers`` processes, results in input order.

    Items travel in chunks (:func:`chunk_sizes`);
    pending work is dropped and the workers killed when the consumer stops early (close or
    exception). A worker that dies is a bug here: RuntimeError.
    """
    calls = list(zip(items, *extra, strict=False))
    bounds = [0, *itertools.accumulate(chunk_sizes(len(calls), workers))]
    chunks = [calls[lo:hi] for lo, hi in itertools.pairwise(bounds)]
    for outcome in _run(
        partial(_apply, function), chunks, workers, ProcessLimits(), None, IN_FLIGHT, folder=False
    ):
        if isinstance(outcome, Stopped):
            raise RuntimeError(
                f"a worker process ended unexpectedly (exit code {outcome.exitcode})"
            )
        yield from outcome


def chunk_sizes(count: int, workers: int) -> list[int]:
    """The sizes of :func:`pool_map`'s chunks of ``count`` items, in order: each
    1/:data:`CHUNK_SHARE` of the items left over the workers, at most :data:`CHUNK`, and at
    least 1/:data:`CHUNK_SHARE` of the first ("guided" scheduling, Polychronopoulos and Kuck
    1987), so the last chunks are small and the workers run out of work together: with chunks
    of one size (an eighth of a worker's share) the worker that took the last one ran on alone
    for up to a whole chunk, one core idle (issue 40: 62 pair groups, ~0.3 s of CPU, at 1,000
    essays; the pair workers ended 0.13-0.15 s apart, 0-0.04 s with these). The floor keeps
    the chunks few: a worker that has done its chunks waits for the parent to send the next
    (chunks of one item took it 0.25 s longer at 10,000 essays under load)."""
    workers = max(workers, 1)
    first = max(1, min(CHUNK, count // (workers * CHUNK_SHARE)))
    least = max(1, first // CHUNK_SHARE)
    sizes: list[int] = []
    left = count
    while left > 0:
        size = min(left, max(least, min(first, left // (workers * CHUNK_SHARE))))
        sizes.append(size)
        left -= size
    return sizes


def map_when_it_pays(
    function: Callable[..., R], items: Sequence[T], *extra: Sequence[object], workers: int
) -> Generator[R, None, None]:
    """``map(function, items, *extra)`` in input order, as a generator to close when stopping
    early: on ``workers`` forked processes when there are two or more and forking is safe, in
    this process otherwise (a spawned worker would cost more than the work it takes).

    The workers inherit ``function`` when they fork, so it may hold the run's documents: it is
    never pickled. Only the items travel, and they must be small (indices, paths): the parent
    sends them ahead of the results (:data:`IN_FLIGHT`)."""
    if workers < 2 or not can_fork():
        return (function(*args) for args in zip(items, *extra, strict=True))
    return _inheriting(function, items, extra, workers)


def _inheriting(
    function: Callable[..., R],
    items: Sequence[T],
    extra: tuple[Sequence[object], ...],
    workers: int,
) -> Generator[R, None, None]:
    token = next(_tokens)
    _inherited[token] = function  # before the workers fork, on the first next()
    # While the workers run, this process's collections leave the objects they inherited
    # alone (as the workers' own do, _become_worker): a full collection here walks every
    # object, writing to each page of the heap, and a page either side writes to is copied
    # (issue 40: the run's 100,000 summaries, shared with both pair workers). The heap's
    # free pages are given back first, so the workers' allocations landing there are
    # theirs alone, not copies of the parent's.
    trim_heap()
    try:
        with frozen_for_forks():
            call = partial(_call_inherited, token)
            yield from pool_map(call, items, *extra, workers=workers)
    finally:
        del _inherited[token]


@contextlib.contextmanager
def frozen_for_forks() -> Generator[None, None, None]:
    """Within it, this process's garbage collections leave alone the objects it holds on entry
    (``gc.freeze``), which the workers forked from it meanwhile share with it; they are
    collected as before once the outermost of these ends (``gc.unfreeze``). A full
    collection walks every tracked object and writes to its header, so each page of the heap
    it touches is copied while a forked worker shares it (issue 40: the parent's one full
    collection while the readers ran, loading the pair workers' warm-up on its tables thread,
    took 0.026 s and copied 2,700 pages). Garbage cycles made before it stay until it ends.
    Nested ones freeze what was made since (a later fork shares that too) and leave the
    unfreezing to the outermost."""
    global _freezes
    gc.freeze()
    _freezes += 1
    try:
        yield
    finally:
        _freezes -= 1
        if _freezes == 0:
            gc.unfreeze()


_freezes = 0
"""How many :func:`frozen_for_forks` are open in this process."""


def trim_heap() -> None:
    """Give the free pages inside the C heap back to the system (glibc's ``malloc_trim(0)``),
    before workers fork from this process (issue 40). ``free`` returns only the top of the
    heap; the holes left by what a run let go of stay resident, and a forked worker whose own
    allocations land in them copies each page it writes. Nothing where the C library has no
    ``malloc_trim`` (macOS, musl, Windows)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)


_inherited: dict[int, Callable[..., Any]] = {}
"""Functions of the running :func:`map_when_it_pays` calls, by token, for forked workers."""
_tokens = itertools.count()


def _call_inherited(token: int, *args: Any) -> Any:
    if gc.get_threshold()[0] != INHERITING_GC_EVERY:  # the worker's first item
        gc.set_threshold(INHERITING_GC_EVERY, *gc.get_threshold()[1:])
    return _inherited[token](*args)


INHERITING_GC_EVERY = 100_000
"""Net allocations of tracked objects (``gc.get_threshold()[0]``, Python's default 700) after
which a forked worker of :func:`map_when_it_pays` (the pair stage's, the ready stage's)
collects its young objects. Such a worker runs the engine's own code on documents already
read, and most of what it allocates lives on (documents read back, what its pairs memoize on
them), so each young collection walked objects that then survived, and walked them again
in the next older collection (issue 40: 0.02 s of each pair worker's CPU at 1,000 essays,
0.27 s at 10,000, Python's ``gc.callbacks``). What it frees is little: collected at the end
of a pair worker's run with no automatic collection at all, 1,000 objects (100 KB) at 1,000
essays, 50,000 (4 MB) at 10,000 (``gc.DEBUG_SAVEALL``). Readers keep the default: they parse
files that may be hostile, within a memory limit (:func:`isolated_map`)."""


def isolated_map(
    function: Callable[[T], R],
    items: Sequence[T],
    *,
    workers: int,
    limits: ProcessLimits,
    cancel: Callable[[], bool] | None = None,
    ahead: int = IN_FLIGHT,
) -> Generator[R | Stopped, None, None]:
    """``function(item)`` for each item, each in a worker within ``limits``; in input order.

    An item past a limit (or whose worker died) yields a :class:`Stopped`. ``cancel()`` is
    looked at every :data:`TICK_S` while waiting; when it says stop, the workers are killed and
    :class:`Cancelled` is raised. An exception ``function`` raises
    is raised here, with the worker's traceback as its cause.

    Each worker holds up to ``ahead`` items not yet answered (at least :data:`IN_FLIGHT`), so
    it reads on while the consumer of this generator does work of its own between two results
    (issue 40: the parent loading a language's tables for as long as 150 items take to read);
    fewer as the items run out (:func:`_depth`), so the workers end together. The items must
    be small to send (paths: ``ahead`` of them far under a pipe's buffer). An item's time
    starts when the parent has the result before it, which a worker ahead may have finished
    earlier: a limit may only be met later than it ran out, never sooner.
    """
    chunks = [[(item,)] for item in items]
    run = _run(partial(_apply, function), chunks, workers, limits, cancel, max(ahead, IN_FLIGHT))
    for outcome in run:
        yield outcome if isinstance(outcome, Stopped) else outcome[0]


def _apply(function: Callable[..., R], chunk: list[tuple[Any, ...]]) -> list[R]:
    return [function(*args) for args in chunk]


class _RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker (shown as the cause)."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass
class _Worker:
    """One worker process, its end of the pipe and the chunks sent to it, oldest first (up to
    :data:`IN_FLIGHT` or the run's ``ahead``, so it never waits for the parent between two);
    ``deadline`` is the oldest one's; ``ready`` once the worker said it has read its first
    chunk."""

    process: Any
    conn: Connection
    chunks: deque[int] = field(default_factory=deque)
    deadline: float | None = None
    ready: bool = False
    job: tuple[Any, ...] | None = None
    """The run's ``(task, memory_bytes, scratch, batch, flush_s)`` last sent to it: sent once
    per run, not with every chunk (:func:`_serve_chunks`)."""
    board: Any = None
    """Shared with the worker (one 64-bit integer, :func:`_posted`): how many chunks it has
    started in its life and the ``time.monotonic()`` the last one started at, written before
    each starts (:func:`_serve`); no message, no wakeup of the parent."""
    answered: int = 0
    """Chunks whose result (or Stopped) the parent has taken from this worker, in its life."""

    def running(self) -> tuple[int, float] | None:
        """``(position in chunks, start)`` of the chunk the worker is on, by its board; None
        when it is on none of those the parent holds for it (between two, or not started)."""
        if self.board is None:
            return None
        count, since = _read_post(self.board[0])
        at = (count - self.answered - 1) % _COUNT_WRAP
        return (at, since) if at < len(self.chunks) else None

    def give(self, indices: list[int], message: tuple[Any, ...], seconds: float | None) -> bool:
        """Send chunks ``indices`` in one message (:func:`_serve`); False if the worker is gone
        (it died, or stopped after running out of memory): its end shows in the next wait."""
        try:
            self.conn.send(message)
        except OSError:  # BrokenPipeError, ConnectionResetError
            return False
        idle = not self.chunks
        self.chunks.extend(indices)
        if idle:
            self.started(seconds)
        return True

    def started(self, seconds: float | None) -> None:
        """The oldest chunk starts now (it was sent, the one before it came back, or the new
        worker is ready); a worker not yet ready has :data:`START_UP_S` more."""
        if seconds is not None and not self.ready:
            seconds = max(seconds, START_UP_S)
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def usable(self) -> bool:
        """Idle, alive and with nothing unread in its pipe: fit for another run."""
        return not self.chunks and self.process.is_alive() and not self.conn.poll()

    def kill(self) -> None:
        """SIGKILL the worker's process group (it and any program it started), then reap it;
        where there are no process groups (Windows) TerminateProcess the worker alone."""
        self.stop()
        self.reap()

    def stop(self) -> None:
        """The first half of :meth:`kill`: the signal."""
        pid = self.process.pid
        if pid is not None:
            if hasattr(os, "killpg"):
                with contextlib.suppress(OSError):
                    os.killpg(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                self.process.kill()  # SIGKILL, or TerminateProcess on Windows

    def reap(self) -> None:
        """The second half of :meth:`kill`: wait (a second at most) for the end, close the
        pipe."""
        self.process.join(1.0)
        self.conn.close()


def _kill_all(workers: Iterable[_Worker]) -> None:
    """:meth:`_Worker.kill` of each, all signalled before the first is waited for: a worker
    forked from a large parent takes some 35 ms to end (its memory handed back), and the
    workers of a run end side by side instead of one after the other (issue 40)."""
    workers = list(workers)
    for worker in workers:
        worker.stop()
    for worker in workers:
        worker.reap()


def _let_go(workers: Iterable[_Worker]) -> None:
    """End idle workers without waiting for them (a run that ended normally): each is
    signalled (SIGKILL) and its pipe closed at once, and it is reaped later
    (:func:`_reap_ended`), while this process goes on. A forked worker takes 30–80 ms to hand
    its memory back, which the run used to wait for at the end of each pool, serially (issue
    40: reading, then comparing, then the report); an idle worker holds nothing that needs it
    gone sooner (it waits for its next chunk, and SIGKILL ends it before it runs again).

    Nor does this process wait for them when it exits: ``multiprocessing`` joins every child
    it knows of at exit, and these are left out of that list (:func:`_unlisted`), so a
    ``compare`` whose last pool ended does not wait for its pair workers to hand their memory
    back before its own end (issue 40: 0.05-0.09 s at 1,000 essays, the process's last, both
    cores idle); once this process has ended, the system reaps them."""
    for worker in workers:
        worker.stop()
        worker.conn.close()
        _unlisted(worker.process)
        _ended.append((os.getpid(), worker.process))


def _unlisted(process: Any) -> None:
    """Leave a signalled worker out of ``multiprocessing``'s children of this process, which
    its exit handler joins one by one (``active_children``); :func:`_reap_ended` still reaps
    it (``is_alive`` asks the worker's own handle)."""
    children = getattr(multiprocessing.process, "_children", None)
    if isinstance(children, set):
        children.discard(process)


_ended: list[tuple[int, Any]] = []
"""Workers signalled by :func:`_let_go`, not yet reaped, each with the process id of the
process that started it (a process forked since holds the list too, but not the workers)."""


def _reap_ended() -> None:
    """Reap the workers :func:`_let_go` signalled that have ended since (``is_alive`` waits
    for none); the others are reaped next time, or by ``multiprocessing`` at exit. Those of
    another process (this one's parent, before it forked this one) are dropped."""
    mine = os.getpid()
    _ended[:] = [(pid, p) for pid, p in _ended if pid == mine and p.is_alive()]


_idle: list[_Worker] = []
"""Spawned workers kept warm between runs (imports and dictionaries loaded): a spawn costs a
fresh interpreter, about a second, where a kept worker costs nothing. Forked ones are never
kept: a fork costs milliseconds and holds a snapshot of its parent from the day it forked."""
_idle_lock = threading.Lock()
_launcher: ThreadPoolExecutor | None = None


def _run(
    task: Callable[[list[tuple[Any, ...]]], list[R]],
    chunks: list[list[tuple[Any, ...]]],
    workers: int,
    limits: ProcessLimits,
    cancel: Callable[[], bool] | None,
    ahead: int,
    *,
    folder: bool = True,
) -> Generator[list[R] | Stopped, None, None]:
    """Each chunk's results (or a Stopped) in chunk order, up to ``ahead`` chunks sent to a
    worker before their results; workers killed however it ends, except healthy spawned ones
    after a run that ended normally (kept for the next run).

    The workers' temporary files go to a folder of the run's (their ``TMPDIR``), removed with
    what a worker killed left there. Without ``folder`` (:func:`pool_map`: functions on what
    the workers hold, which write no file) forked workers keep this process's ``TMPDIR`` and
    no folder is made: its making and removal were the parent's, serial, before and after
    each pool of a ``compare`` (issue 40: removing one took 1-12 ms of wall on the loaded
    machine, one core idle, twice a run: the ready and pair stages). Spawned workers, which
    are kept for other runs, always get one."""
    if not chunks:
        return
    if multiprocessing.current_process().daemon:
        # a daemonic process (a multiprocessing.Pool's worker running the engine) may not
        # start children: the work runs here, in order, without the limits
        yield from map(task, chunks)
        return
    forking = can_fork()
    start = partial(_start, multiprocessing.get_context("fork" if forking else "spawn"))
    if not forking:
        start = partial(_launch, start)
    pool: list[_Worker] = []
    _reap_ended()
    with (
        tempfile.TemporaryDirectory(prefix="copylens-run-")
        if folder or not forking
        else contextlib.nullcontext(None)
    ) as scratch:
        job = (task, limits.memory_bytes, scratch, max(1, ahead // BATCH_SHARE), FLUSH_S)
        try:
            count = min(workers, len(chunks))
            with stage("pool"):
                pool.extend(_kept_workers(count, forking))
            yield from _serve_chunks(pool, start, job, chunks, limits, cancel, ahead, count)
            if not forking:
                pool = _keep(pool)
            else:  # all idle: ended without waiting for them
                _let_go(pool)
                pool = []
        finally:
            _kill_all(pool)


def _kept_workers(count: int, forking: bool) -> list[_Worker]:
    """Up to ``count`` workers kept from an earlier run (when spawning; none when forking):
    :func:`_serve_chunks` starts the rest, each given its chunks as soon as it is started."""
    pool: list[_Worker] = []
    if not forking:
        with _idle_lock:
            while _idle and len(pool) < count:
                worker = _idle.pop()
                if worker.usable():
                    pool.append(worker)
                else:
                    worker.kill()
    return pool


def _keep(pool: list[_Worker]) -> list[_Worker]:
    """Keep the usable workers of ``pool`` for the next run (at most one per core); return
    the others, to be killed."""
    rest = []
    with _idle_lock:
        for worker in pool:
            if worker.usable() and len(_idle) < (os.cpu_count() or 1):
                _idle.append(worker)
            else:
                rest.append(worker)
    return rest


def shutdown() -> None:
    """Kill the workers kept between runs and stop the thread that starts them (at exit, or
    to make this process single-threaded again)."""
    global _launcher
    with _idle_lock:
        kept, _idle[:] = list(_idle), []
        launcher, _launcher = _launcher, None
    _kill_all(kept)
    if launcher is not None:
        launcher.shutdown(wait=True)


def _launch(start: Callable[[], _Worker]) -> _Worker:
    """Start a spawned worker from one thread that lives as long as the process: Linux sends a
    worker its parent-death signal when the *thread* that started it ends, and kept workers
    outlive the run (and the thread) that started them."""
    global _launcher
    with _idle_lock:
        if _launcher is None:
            _launcher = ThreadPoolExecutor(1, thread_name_prefix="copylens-launcher")
        launcher = _launcher
    return launcher.submit(start).result()


def _serve_chunks(
    pool: list[_Worker],
    start: Callable[[], _Worker],
    job: tuple[Any, ...],
    chunks: list[list[tuple[Any, ...]]],
    limits: ProcessLimits,
    cancel: Callable[[], bool] | None,
    ahead: int,
    count: int,
) -> Generator[list[R] | Stopped, None, None]:
    """Hand out chunks (each worker up to :func:`_depth` of them ahead of its results),
    collect results, enforce limits, yield in order.

    ``pool`` is completed to ``count`` workers here, each new one handed its chunks as soon as
    it is started, before the next is (issue 40: a fork of the process running ``compare``
    takes 5-12 ms of wall, and the first worker waited for all of them; a spawned one takes
    longer still).

    ``job`` is ``(task, memory_bytes, scratch, batch, flush_s)`` (:func:`_serve`): sent with
    a worker's first chunk of the run only (a kept worker serves any run; the task, which
    holds the run's options, pickled again for every file cost some 40 µs of CPU a file,
    issue 40), the chunks alone after it. The chunks handed to a worker at once travel in one
    message, which it runs one by one (issue 40: a message per file cost the process running
    ``compare`` a pickle and a write for each of 10,000 essays, and each reader a read and an
    unpickling; the limits, the board and the hand-over of a stopped worker's chunks are per
    chunk as before). A stopped worker is replaced only while chunks are left to hand out;
    ``pool`` always holds the live workers (the caller kills or keeps them)."""
    done: dict[int, list[R] | Stopped] = {}
    todo = deque(range(len(chunks)))

    def fill(worker: _Worker) -> None:
        given: list[int] = []
        workers = max(len(pool), count)  # those still to start take their share too
        while todo and len(worker.chunks) + len(given) < _depth(ahead, len(todo), workers):
            given.append(todo.popleft())
        if not given:
            return
        batch = [chunks[index] for index in given]
        message = (batch, *job) if worker.job is not job else (batch,)
        if not worker.give(given, message, limits.seconds):
            todo.extendleft(reversed(given))
            return
        worker.job = job

    with stage("pool"):
        for worker in pool:
            fill(worker)
        while len(pool) < count:
            pool.append(new := start())
            fill(new)
    stopped: list[_Worker] = []
    ready_next = 0
    while True:
        while ready_next in done:
            yield done.pop(ready_next)
            ready_next += 1
        if ready_next >= len(chunks):
            return
        if cancel is not None and cancel():
            raise Cancelled()
        with stage("pool"):  # the parent's side of the pool: results read, chunks sent
            busy = [w for w in pool if w.chunks]
            signalled = _signalled(busy, TICK_S)
            for worker in busy:
                outcome: tuple[list[list[R] | Stopped], bool] | None = _outcome(
                    worker, signalled, limits
                )
                if outcome is None:
                    continue
                results, healthy = outcome
                for result in results:
                    done[worker.chunks.popleft()] = result
                worker.answered += len(results)
                if healthy:
                    worker.started(limits.seconds)
                    fill(worker)
                else:
                    todo.extendleft(reversed(worker.chunks))  # not done or not sent: hand on
                    stopped.append(worker)
            for worker in pool:
                if not worker.chunks and worker not in stopped and not worker.usable():
                    stopped.append(worker)  # gone before it took a chunk (a failed send)
            for worker in stopped:
                pool.remove(worker)
                worker.kill()
                if todo:
                    pool.append(new := start())
                    fill(new)
            stopped.clear()


def _depth(ahead: int, left: int, workers: int) -> int:
    """How many chunks a worker may hold: ``ahead`` while many are left to hand out, then
    fewer, down to :data:`IN_FLIGHT`, as the chunks left shared among the workers (a worker
    holds no more than its share of the rest: the workers run out of work together, and
    none holds a queue the others could have taken)."""
    return max(IN_FLIGHT, min(ahead, -(-left // max(workers, 1))))


def _outcome(
    worker: _Worker, signalled: set[Any], limits: ProcessLimits
) -> tuple[list[list[R] | Stopped], bool] | None:
    """``(results of the worker's oldest chunks, worker still usable)`` if a message came or
    the worker stopped, else None. A message holds the results of one or more chunks, oldest
    first (:func:`_serve` sends them in batches); a stopped worker's result is one Stopped,
    for the chunk its board says it was on (moved to the front of its chunks; the others,
    finished but not sent or never started, are handed on by the caller).

    Raises the exception the chunk raised in the worker.
    """
    has_result = worker.conn in signalled
    died = worker.process.sentinel in signalled
    late = worker.deadline is not None and time.monotonic() > worker.deadline
    if not (has_result or died or late):
        return None
    if has_result or worker.conn.poll():  # a result that came after the poll still counts
        try:
            status, payload = _received(worker.conn)
        except (EOFError, OSError):
            return [_died(worker, limits)], False
        if status == "ready":  # its oldest chunk's time starts now
            worker.ready = True
            worker.started(limits.seconds)
            return None
        if status == "ok":
            return payload, True
        if status == "memory":
            return [_stopped_on(worker, Stopped("memory", limits))], False
        error, remote = payload
        raise error from _RemoteTraceback(remote)
    if died:
        return [_died(worker, limits)], False
    if _later(worker, limits):
        return None
    return [_stopped_on(worker, Stopped("time", limits))], False


def _later(worker: _Worker, limits: ProcessLimits) -> bool:
    """True, and the deadline moved, when the chunk the worker is on (its board) started
    later than the parent's deadline supposed: the chunks before it are done, their results
    waiting in the worker's batch. An item's limit runs from its own start."""
    running = worker.running()
    if running is None or limits.seconds is None:
        return False
    deadline = running[1] + limits.seconds
    if deadline <= time.monotonic():
        return False
    worker.deadline = deadline
    return True


def _stopped_on(worker: _Worker, stopped: Stopped) -> Stopped:
    """``stopped``, for the chunk the worker's board says it was on, moved to the front of its
    chunks (the oldest when the board says none)."""
    running = worker.running()
    if running is not None and running[0] > 0:
        index = worker.chunks[running[0]]
        del worker.chunks[running[0]]
        worker.chunks.appendleft(index)
    return stopped


def _signalled(busy: list[_Worker], timeout: float) -> set[Any]:
    """The pipes and sentinels of ``busy`` that are ready, after waiting up to ``timeout``
    seconds for one: a single poll(2) (``multiprocessing.connection.wait`` builds a selector
    each call, about a tenth of a millisecond, which a run of a million files paid for each
    file); ``wait`` itself where there is no poll (Windows)."""
    objects = [w.conn for w in busy] + [w.process.sentinel for w in busy]
    if not hasattr(select, "poll"):
        return set(wait(objects, timeout))
    poller = select.poll()
    by_fd: dict[int, Any] = {}
    for item in objects:
        fd = item if isinstance(item, int) else item.fileno()
        by_fd[fd] = item
        poller.register(fd, select.POLLIN)
    return {by_fd[fd] for fd, _ in poller.poll(timeout * 1000)}


def _died(worker: _Worker, limits: ProcessLimits) -> Stopped:
    worker.process.join(1.0)
    return _stopped_on(worker, Stopped("crash", limits, worker.process.exitcode))


def _start(context: Any) -> _Worker:
    parent_end, child_end = context.Pipe()
    _widen(child_end)
    board = context.RawArray("q", 1)
    process = context.Process(target=_serve, args=(child_end, os.getpid(), board), daemon=True)
    process.start()
    child_end.close()
    return _Worker(process, parent_end, board=board)


def _widen(conn: Connection) -> None:
    """Ask for :data:`SEND_BUFFER_BYTES` of send buffer on ``conn`` (a worker's end: what it
    sends waits there until the parent reads it), where the pipe is a socket (POSIX); the
    system's cap or default stands where it says no."""
    if not hasattr(socket, "AF_UNIX"):  # Windows: a named pipe
        return
    with (
        contextlib.suppress(OSError),
        socket.fromfd(conn.fileno(), socket.AF_UNIX, socket.SOCK_STREAM) as end,
    ):  # a duplicate of the descriptor: the same socket
        end.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)


_COUNT_BITS = 24
_COUNT_WRAP = 1 << _COUNT_BITS
"""A worker's board holds its count of chunks started modulo this (far over the chunks the
parent holds for one worker, :func:`_depth`), in the low bits of one 64-bit integer, and the
last chunk's start in milliseconds of ``time.monotonic()`` above them (2^39 ms: 17 years).
One aligned 64-bit store and load, so the parent never reads a count with another chunk's
start, on x86-64 or arm64 alike (two numbers written one after the other could be seen out
of order on arm64, with no memory barrier between them)."""


def _posted(count: int, start: float) -> int:
    """The board's value for chunk ``count`` started at ``start`` (:data:`_COUNT_WRAP`)."""
    return int(start * 1000.0) << _COUNT_BITS | count % _COUNT_WRAP


def _read_post(value: int) -> tuple[int, float]:
    """``(count modulo _COUNT_WRAP, start)`` of a board's value (:func:`_posted`)."""
    return value & (_COUNT_WRAP - 1), (value >> _COUNT_BITS) / 1000.0


def _serve(conn: Connection, parent: int, board: Any) -> None:
    """The worker: take ``(chunks, task, memory_bytes, scratch, batch, flush_s)``, or
    ``(chunks,)`` for the task last given (``chunks``: a list of one or more, run in order),
    until the pipe closes; say ("ready", None) once, when it has read the first, then answer
    with ("ok", [results of one or more chunks, oldest
    first]), ("memory", None) (then exit: the heap may be in a bad state) or ("error",
    (exception, traceback)). Its CPU on the pipe is the stage "pool".

    Results go back ``batch`` chunks at a time, and sooner when no chunk waits in the pipe (it
    would wait for the parent) or the oldest has waited :data:`FLUSH_S` (issue 40: a message
    per essay woke the parent a thousand times in a read stage, one involuntary switch of the
    reader each; in batches the parent's CPU there is 0.03-0.06 s lower at 1,000 essays and
    half at 10,000, 1.04-1.15 against 0.55-0.62 s, the readers' involuntary switches a fifth,
    the read stage's wall alike at 1,000 and ~0.92x at 10,000: the readers wait for cores,
    not for the parent; see docs/measurements.md). Before each chunk starts, its number (in
    the worker's life) and start go on ``board``, which the parent reads when a deadline
    passes (:func:`_later`): each item's limits stay its own, and a worker stopped takes only
    the results it had not sent with it (the parent hands those chunks on)."""
    with stage("pool"):
        _become_worker(parent)
    ready = False
    task: Callable[[list[tuple[Any, ...]]], Any] | None = None
    memory_bytes: int | None = None
    batch, flush_s = 1, FLUSH_S
    started = 0
    done: list[Any] = []
    oldest = 0.0
    held: deque[list[tuple[Any, ...]]] = deque()
    polled = _waiting(conn)

    def waiting() -> bool:  # a chunk in hand, or a message in the pipe
        return bool(held) or polled()

    while True:
        if done and (len(done) >= batch or time.monotonic() - oldest >= flush_s or not waiting()):
            if cpu.MEASURING and not waiting():  # perhaps its last: killed once it is back
                cpu.write_now()
            if not _flushed(conn, done):
                return
            done = []
        if not held:
            try:
                with stage("pool"):
                    chunks, *job = conn.recv()
            except (EOFError, OSError):
                return
            held.extend(chunks)
            if not ready:
                conn.send(("ready", None))
                ready = True
            if job:
                task, memory_bytes, scratch, batch, flush_s = job
                if scratch is not None:  # none: this process's own, as it forked (_run)
                    os.environ["TMPDIR"] = tempfile.tempdir = scratch
        chunk = held.popleft()
        assert task is not None, "a worker's first chunk comes with its task"
        with stage("pool"):
            _limit_memory(memory_bytes)
        started += 1
        board[0] = _posted(started, time.monotonic())
        try:
            results = task(chunk)
        except MemoryError:
            conn.send(("memory", None))  # the results not sent go with the worker
            return
        except Exception as error:
            if done and not _flushed(conn, done):  # before the error, in order
                return
            conn.send(("error", _portable(error)))
            done = []
            continue
        if not done:
            oldest = time.monotonic()
        done.append(results)


def _waiting(conn: Connection) -> Callable[[], bool]:
    """``conn.poll()`` (a message, the pipe's end or an error waits on ``conn``) as a function,
    for a worker to ask after each item whether the parent sent more (:func:`_serve`): one
    poll(2) on a poll object made once, where ``Connection.poll`` builds a selector and
    registers the pipe in it on every call (issue 40: 2.5 µs a call against 0.4 on an idle
    machine; the readers of 10,000 essays ask 10,000 times, and their CPU outside any stage
    was mostly this, py-spy); ``conn.poll`` itself where there is no poll (Windows)."""
    if not hasattr(select, "poll"):
        return conn.poll
    poller = select.poll()
    poller.register(conn.fileno(), select.POLLIN)
    return partial(_polled, poller)


def _polled(poller: Any) -> bool:
    return bool(poller.poll(0))


def _flushed(conn: Connection, done: list[Any]) -> bool:
    """Send the finished chunks' results (:func:`_serve`); False when the worker must end:
    pickling them ran out of memory (then ("memory", None) is sent: the last chunk started,
    the board's, is charged). A result that does not pickle is sent as its error."""
    try:
        with stage("pool"):
            _send_result(conn, done)
    except MemoryError:
        conn.send(("memory", None))
        return False
    except Exception as error:
        conn.send(("error", _portable(error)))
    return True


OUT_OF_BAND_BYTES = 1 << 16
"""Buffers (numpy arrays, PEP 574) of a result this large or larger travel beside its pickle,
not inside it."""


def _send_result(conn: Connection, result: object) -> None:
    """Send ``("ok", result)`` (a list of chunks' results, :func:`_serve`). Its large
    buffers (a document's arrays) are sent one by one
    after its pickle instead of copied into it (pickle protocol 5, out of band), each received
    straight into the memory it stays in: a 50 MB document pickled whole was a 390 MB copy in
    the worker and another in the parent, beside the document on each side (issue 38). With
    such buffers, a message ``("buffers", sizes)`` comes first (:func:`_received`)."""
    buffers: list[pickle.PickleBuffer] = []

    def aside(buffer: pickle.PickleBuffer) -> bool:
        if buffer.raw().nbytes < OUT_OF_BAND_BYTES:
            return True  # pickled in band
        buffers.append(buffer)
        return False

    head = io.BytesIO()
    pickle.Pickler(head, protocol=5, buffer_callback=aside).dump(("ok", result))
    if buffers:
        conn.send(("buffers", [buffer.raw().nbytes for buffer in buffers]))
    conn.send_bytes(head.getbuffer())
    for buffer in buffers:
        conn.send_bytes(buffer.raw())


def _received(conn: Connection) -> tuple[str, Any]:
    """A worker's next message, ``(status, payload)``, with the buffers
    :func:`_send_result` sent beside it, each read into a ``bytearray`` its array keeps
    (writable, as the worker's was). Raises EOFError or OSError if the worker is gone."""
    message = conn.recv()
    if message[0] != "buffers":
        return message
    head = conn.recv_bytes()
    buffers = []
    for size in message[1]:
        buffer = bytearray(size)
        if conn.recv_bytes_into(buffer) != size:
            raise OSError("a worker's result came back cut short")
        buffers.append(buffer)
    return pickle.loads(head, buffers=buffers)


def _portable(error: Exception) -> tuple[Exception, str]:
    """The error (or a RuntimeError naming it, if it does not pickle) and its traceback."""
    remote = "".join(traceback.format_exception(error))
    try:
        pickle.dumps(error)
    except Exception:
        error = RuntimeError(f"{type(error).__name__}: {error}")
    return error, remote


def _become_worker(parent: int) -> None:
    """Signals, process group, death with the parent; the objects inherited from a forking
    parent frozen out of the garbage collector (``gc.freeze``): a collection would otherwise
    walk them all, writing to every page of the parent's heap (dictionaries, the lemma memo)
    and so copying each, as Instagram found of forked Python workers."""
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with contextlib.suppress(OSError, AttributeError):  # no process groups on Windows
        os.setpgid(0, 0)
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """Ask Linux to SIGKILL this process when its parent dies; exit now if it already has."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)


def _limit_memory(memory_bytes: int | None) -> None:
    """RLIMIT_DATA = this process's data size now + ``memory_bytes``, or no limit for None
    (where supported)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    limit = getattr(resource, "RLIMIT_DATA", None)
    if limit is None:
        return
    with contextlib.suppress(ValueError, OSError):
        hard = resource.getrlimit(limit)[1]
        wanted = hard if memory_bytes is None else _data_size() + memory_bytes
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        resource.setrlimit(limit, (wanted, hard))


def _data_size() -> int:
    """VmData of this process in bytes (Linux), else 0. Read with ``pread`` on a descriptor
    this process keeps open (a worker asks for every file it reads: opening the file and
    reading it line by line took 17 µs a call, this 8 µs, issue 40)."""
    pid = os.getpid()
    fd = _status.get(pid)
    try:
        if fd is None:
            fd = _status[pid] = os.open("/proc/self/status", os.O_RDONLY)
        data = os.pread(fd, 1 << 14, 0)
        at = data.index(b"\nVmData:") + 8
        return int(data[at : data.index(b"\n", at)].split()[0]) * 1024
    except (OSError, ValueError, AttributeError):  # no /proc, no pread (Windows)
        return 0


_status: dict[int, int] = {}
"""A descriptor of ``/proc/self/status`` opened by each process (by its id: a forked child's
own ``/proc/self`` is another file)."""
