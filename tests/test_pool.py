"""Worker processes (core/pool.py): order, limits, deaths, cancelling, and what is left behind.

The functions the workers run stand for parsers: one that never returns, one that swells, one
whose process dies. The processes, signals and limits are real.
"""

from __future__ import annotations

import faulthandler
import gc
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from contextlib import closing
from functools import partial
from pathlib import Path

import pytest

from copylens.core import pool
from copylens.core.documents import TextInput
from copylens.core.errors import Cancelled
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.pool import (
    CHUNK,
    CHUNK_SHARE,
    ProcessLimits,
    Stopped,
    chunk_sizes,
    isolated_map,
    pool_map,
)
from copylens.core.prepare import Prepared, prepare_text, read_each

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process checks read /proc")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no kept worker and forking allowed (an earlier test may have
    forbidden it, as the window does), and leaves nothing behind."""
    pool.shutdown()
    monkeypatch.setattr(pool, "_fork_allowed", True)
    yield
    pool.shutdown()


def square(x: int) -> int:
    return x * x


def stall(x: int) -> int:
    """Item 13 never returns, as a parser caught in a reference loop."""
    while x == 13:
        time.sleep(0.05)
    return x


def swell(x: int) -> int:
    """Item 13 asks for 600 MB, as an inflation bomb does."""
    if x == 13:
        return len(bytearray(600 * 1024 * 1024))
    return x


def die(x: int) -> int:
    """Item 13 kills its own process, as a crashing C extension does. The worker is forked
    from pytest, whose faulthandler it inherits: switched off first, so the crash meant here
    prints no "Fatal Python error" into the run's output."""
    if x == 13:
        faulthandler.disable()
        os.kill(os.getpid(), signal.SIGSEGV)
    return x


def fail(x: int) -> int:
    if x == 13:
        raise ValueError("thirteen")
    return x


def scratch_then_stall(x: int) -> str:
    """Leaves a temporary file behind and never returns."""
    handle, path = tempfile.mkstemp()
    os.close(handle)
    if x == 13:
        while True:
            time.sleep(0.05)
    return path


def children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


GONE_S = 120.0
"""How long a test waits for killed workers to be gone: a hang guard, never a latency target.
A killed worker hands its memory back before it is gone (30-80 ms forked from a large
parent), many times longer on a loaded machine; only one that never ends fails."""


def workers_left(before: set[int], seconds: float = GONE_S) -> set[int]:
    """Children of this process started since ``before`` and still running after up to
    ``seconds`` (a run that ended normally signals its workers and does not wait for them to
    hand their memory back: :func:`copylens.core.pool._let_go`)."""
    return wait_gone(children(os.getpid()) - before, seconds)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_results_come_in_input_order_from_every_worker() -> None:
    items = list(range(40))
    assert list(isolated_map(square, items, workers=3, limits=ProcessLimits())) == [
        x * x for x in items
    ]
    assert list(pool_map(square, items, workers=3)) == [x * x for x in items]


def test_pool_map_passes_the_extra_arguments() -> None:
    got = list(pool_map(pow, [2, 3, 4], [3, 2, 1], workers=2))
    assert got == [8, 9, 4]


def test_an_item_past_the_time_limit_is_stopped_and_the_rest_carry_on() -> None:
    before = children(os.getpid())
    items = [1, 13, 2, 3, 4]
    got = list(isolated_map(stall, items, workers=2, limits=ProcessLimits(seconds=1.0)))
    assert got[0] == 1 and got[2:] == [2, 3, 4]
    assert isinstance(got[1], Stopped) and got[1].reason == "time"
    assert workers_left(before) == set()


def test_an_item_past_the_memory_limit_is_stopped_and_the_rest_carry_on() -> None:
    items = [1, 13, 2]
    got = list(isolated_map(swell, items, workers=1, limits=ProcessLimits(memory_bytes=200 << 20)))
    assert got[0] == 1 and got[2] == 2
    assert isinstance(got[1], Stopped) and got[1].reason == "memory"
    # without a limit the same item is read: the limit, not the machine, stopped it
    assert list(isolated_map(swell, [13], workers=1, limits=ProcessLimits())) == [600 << 20]


def test_a_worker_that_dies_costs_its_item_only() -> None:
    got = list(isolated_map(die, [1, 13, 2], workers=2, limits=ProcessLimits()))
    assert got[0] == 1 and got[2] == 2
    assert isinstance(got[1], Stopped) and got[1].reason == "crash"
    assert got[1].exitcode == -signal.SIGSEGV


def test_an_exception_is_raised_with_the_workers_traceback() -> None:
    before = children(os.getpid())
    with pytest.raises(ValueError, match="thirteen") as caught:
        list(isolated_map(fail, [1, 13, 2], workers=2, limits=ProcessLimits()))
    assert "in fail" in str(caught.value.__cause__)
    assert workers_left(before) == set()


def test_cancel_kills_a_stuck_worker_at_once() -> None:
    before = children(os.getpid())
    calls: list[bool] = []

    def cancel() -> bool:
        calls.append(True)
        return len(calls) > 3

    # both items stall forever and there is no time limit: only the cancel can end the map
    with pytest.raises(Cancelled):
        list(isolated_map(stall, [13, 13], workers=2, limits=ProcessLimits(), cancel=cancel))
    assert len(calls) == 4  # it stopped at the first True, polling while the workers stalled
    assert workers_left(before) == set()


def test_closing_early_kills_the_workers_and_removes_their_temporary_files() -> None:
    before = children(os.getpid())
    running = isolated_map(scratch_then_stall, [1, 13, 2], workers=2, limits=ProcessLimits())
    first = next(running)
    assert Path(first).exists()
    running.close()
    assert not Path(first).exists() and not Path(first).parent.exists()
    assert workers_left(before) == set()


def test_spawned_workers_obey_the_same_limits_and_are_kept_warm(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pool, "_fork_allowed", False)  # as in the GUI
    try:
        got = list(isolated_map(stall, [1, 13], workers=2, limits=ProcessLimits(seconds=1.0)))
        assert got[0] == 1 and isinstance(got[1], Stopped) and got[1].reason == "time"
        kept = {w.process.pid for w in pool._idle}
        assert len(kept) == 1  # the one that read item 1; the stuck one was killed
        assert list(isolated_map(square, [3], workers=1, limits=ProcessLimits())) == [9]
        assert {w.process.pid for w in pool._idle} == kept  # the same process served again
    finally:
        pool.shutdown()
    assert pool._idle == [] and not [p for p in kept if alive(p)]


def _start_script(body: str) -> subprocess.Popen[str]:
    """A Python process running ``body`` (it prints "ready" once its workers are busy)."""
    script = textwrap.dedent(
        f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from tests.test_pool import stall
        from copylens.core.pool import ProcessLimits, isolated_map
        {textwrap.indent(textwrap.dedent(body), "        ").strip()}
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process


STUCK = """
running = isolated_map(stall, [1, 13, 13], workers=2, limits=ProcessLimits())
print(next(running), file=sys.stderr)
print("ready", flush=True)
next(running)
"""


def _workers_of(process: subprocess.Popen[str]) -> set[int]:
    deadline = time.monotonic() + GONE_S  # a hang guard: they started before "ready"
    while not (found := children(process.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


def wait_gone(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while (left := {p for p in pids if alive(p)}) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def test_workers_die_with_a_parent_that_is_killed() -> None:
    process = _start_script(STUCK)
    workers = _workers_of(process)
    assert len(workers) == 2
    process.kill()
    process.wait(GONE_S)
    assert wait_gone(workers, GONE_S) == set()


def test_ctrl_c_ends_the_run_with_a_stuck_worker() -> None:
    process = _start_script(STUCK)
    workers = _workers_of(process)
    process.send_signal(signal.SIGINT)
    # the worker stalls forever: the run ends only because Ctrl+C ended it (how soon is
    # bench/bench_hostile.py's figure, not a unit test's)
    process.wait(GONE_S)
    assert process.returncode != 0 and "KeyboardInterrupt" in process.stderr.read()
    assert wait_gone(workers, GONE_S) == set()


def _map_inside(items: list[int]) -> list[object]:
    return list(isolated_map(square, items, workers=2, limits=ProcessLimits(seconds=5)))


def test_a_daemonic_process_runs_the_items_itself() -> None:
    """A multiprocessing.Pool worker may not start processes: the engine still works there."""
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(1) as outer:
        assert outer.apply(_map_inside, ([2, 3],)) == [4, 9]


def _document(words: int = 20_000) -> Prepared:
    """A prepared document whose arrays are each larger than ``OUT_OF_BAND_BYTES``."""
    rng = random.Random(38)
    vocabulary = [f"w{n}ord" for n in range(3_000)] + ["the", "and", "Über", "правда"]
    lines = (
        " ".join(rng.choices(vocabulary, k=rng.randint(3, 12))) + "." for _ in range(words // 7)
    )
    return prepare_text(Extracted("long.txt", "\n".join(lines), "txt"), Options())


def _fields(doc: Prepared) -> list[object]:
    c = doc.canonical
    arrays = [c.starts, c.ends, c.variants, c.hashes, c.sentences, doc.shingles, doc.anchors]
    return [doc.path, doc.text, doc.sha256, c.language, c.words, c.forms, c.homoglyphs] + [
        (a.dtype.str, a.tolist()) for a in arrays
    ]


def test_a_result_s_arrays_travel_beside_its_pickle_and_come_back_equal_and_writable() -> None:
    """Issue 38: a 50 MB document pickled whole was a copy of it on both sides of the pipe.
    Its arrays are sent after a small pickle, each one message, and land writable."""
    import threading
    from multiprocessing import Pipe

    doc = _document()
    arrays = [doc.canonical.starts, doc.canonical.hashes, doc.shingles, doc.anchors]
    assert min(a.nbytes for a in arrays) >= pool.OUT_OF_BAND_BYTES
    for through in ("raw", "received"):
        ours, theirs = Pipe()
        sender = threading.Thread(target=pool._send_result, args=(theirs, doc))
        sender.start()  # a pipe holds 64 KB: the sender waits for the reader
        if through == "raw":
            messages = []
            while not messages or len(messages) < 2 + len(messages[0][1]):
                messages.append(ours.recv() if not messages else ours.recv_bytes())
            sender.join()
            status, sizes = messages[0]
            assert status == "buffers" and len(sizes) >= 7
            head = len(messages[1])
            assert head < len(doc.text) * 2 + 200_000  # the text and forms, not the arrays
            assert sorted(sizes) == sorted(len(m) for m in messages[2:])
            assert sum(sizes) >= sum(a.nbytes for a in arrays)
        else:
            status, back = pool._received(ours)
            sender.join()
            assert status == "ok" and isinstance(back, Prepared)
            assert _fields(back) == _fields(doc)
            assert back.canonical.hashes.flags.writeable and back.shingles.flags.writeable
        ours.close()
        theirs.close()


def test_a_document_read_in_a_worker_equals_the_one_read_here() -> None:
    doc = _document()
    item = [TextInput("long.txt", doc.text)]
    read = list(isolated_map(_prepare, item, workers=1, limits=ProcessLimits(seconds=60)))
    assert isinstance(read[0], Prepared)
    assert _fields(read[0]) == _fields(doc)


def _prepare(item: TextInput) -> Prepared:
    return prepare_text(Extracted(item.name, item.text, "txt"), Options())


class Counted:
    """A task that counts how often this process pickles it (it stands for the reading task,
    which holds the run's options)."""

    pickled = 0

    def __call__(self, x: int) -> int:
        return x * x

    def __reduce__(self) -> tuple[type[Counted], tuple[()]]:
        Counted.pickled += 1
        return (Counted, ())


def test_the_task_travels_once_per_worker_not_with_every_item() -> None:
    Counted.pickled = 0
    items = list(range(30))
    got = list(isolated_map(Counted(), items, workers=2, limits=ProcessLimits()))
    assert got == [x * x for x in items]
    assert Counted.pickled == 2  # one per worker (it was one per item)


def test_killing_a_run_s_workers_together_leaves_none_alive_and_closes_their_pipes() -> None:
    start = partial(pool._start, multiprocessing.get_context("fork"))
    workers = [start() for _ in range(3)]
    pids = {w.process.pid for w in workers}
    assert all(alive(p) for p in pids)
    pool._kill_all(workers)
    assert all(w.conn.closed for w in workers)
    # _kill_all waits a second at most for each: a loaded machine may take longer to end them
    assert wait_gone(pids, GONE_S) == set()
    for w in workers:
        w.process.join(GONE_S)
    assert all(w.process.exitcode == -signal.SIGKILL for w in workers)  # killed, not ended


def test_a_run_that_ends_normally_lets_its_workers_go_without_waiting() -> None:
    """Issue 40: the forked workers of a run that ended normally are signalled and their pipes
    closed, but not waited for (a worker forked from a large parent takes 30-80 ms to end,
    which the run waited for at the end of each pool); they end on their own and the next run
    reaps them, so no zombie piles up."""
    _settled()
    before = children(os.getpid())
    assert list(isolated_map(square, [1, 2, 3], workers=2, limits=ProcessLimits())) == [1, 4, 9]
    ended = [p for _, p in pool._ended]
    assert len(ended) == 2 and {p.pid for p in ended} == children(os.getpid()) - before
    assert wait_gone({p.pid for p in ended}, GONE_S) == set()
    assert list(pool_map(square, [4, 5], workers=2)) == [16, 25]
    assert not [p for _, p in pool._ended if p in ended]  # reaped when the next run started
    assert not {p.pid for p in ended} & children(os.getpid())  # no zombie left
    assert workers_left(before) == set()


def test_the_workers_let_go_are_not_joined_when_the_process_exits() -> None:
    """Issue 40: ``multiprocessing`` joins every child it lists when the process exits, which
    waited for the last pool's workers to hand their memory back (0.05-0.09 s at the end of
    a ``compare`` of 1,000 essays); the workers let go are not listed, and the next run still
    reaps them."""
    _settled()
    assert list(isolated_map(square, [1, 2, 3], workers=2, limits=ProcessLimits())) == [1, 4, 9]
    ended = [p for _, p in pool._ended]
    assert len(ended) == 2
    listed = multiprocessing.process._children  # type: ignore[attr-defined]
    assert not set(ended) & listed
    _settled()
    assert not {p.pid for p in ended} & children(os.getpid())  # reaped all the same


def _settled() -> None:
    """No ended worker of an earlier test left to reap."""
    assert wait_gone({p.pid for _, p in pool._ended}, GONE_S) == set()
    pool._reap_ended()
    assert pool._ended == []


def _reap_in_a_fork() -> int:
    pool._reap_ended()  # the parent's ended workers are not this process's children
    return len(pool._ended)


def test_a_process_forked_after_a_run_does_not_reap_its_parent_s_workers() -> None:
    """The list of ended workers is inherited by a process forked from the one that ran the
    pool; there it is dropped, not asked about (``multiprocessing`` only answers a process
    about its own children)."""
    _settled()
    assert list(isolated_map(square, [1, 2], workers=2, limits=ProcessLimits())) == [1, 4]
    assert len(pool._ended) == 2
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as forked:
        assert forked.apply(_reap_in_a_fork) == 0


def _vm_data() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmData:"):
            return int(line.split()[1]) * 1024
    return 0


def _sizes_in_a_fork(grow: int) -> tuple[int, int]:
    held = bytearray(grow)  # noqa: F841 - this process's data grows by it
    return pool._data_size(), _vm_data()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc")
def test_the_data_size_is_this_process_s_own() -> None:
    """The descriptor kept open on ``/proc/self/status`` is each process's own: a worker
    forked after its parent asked reads its own size, not its parent's."""
    assert pool._data_size() == _vm_data()
    with multiprocessing.get_context("fork").Pool(1) as forked:
        size, vm_data = forked.apply(_sizes_in_a_fork, (64 << 20,))
    assert size == vm_data and size > pool._data_size() + (32 << 20)


@pytest.mark.skipif(not pool.can_fork(), reason="forked workers only")
def test_the_objects_forked_workers_inherit_are_frozen_out_of_the_parent_s_collections() -> None:
    """While forked workers run a ``map_when_it_pays``, the parent's collections leave the
    objects the workers inherited alone (issue 40: a full collection writes to every tracked
    object, and each page written on either side of a fork is copied); afterwards they are
    collected as before."""
    assert gc.get_freeze_count() == 0
    results = pool.map_when_it_pays(abs, [-1, -2, -3, -4], workers=2)
    try:
        assert next(results) == 1
        assert gc.get_freeze_count() > 0
        assert list(results) == [2, 3, 4]
    finally:
        results.close()
    assert gc.get_freeze_count() == 0


def _threshold_and_pid(item: int) -> tuple[int, int, int]:
    return item, os.getpid(), gc.get_threshold()[0]


@pytest.mark.skipif(not pool.can_fork(), reason="forked workers only")
def test_forked_inheriting_workers_collect_their_young_objects_seldom() -> None:
    """A forked worker of ``map_when_it_pays`` (the pair stage's) collects its young objects
    every ``INHERITING_GC_EVERY`` allocations, not Python's 700 (issue 40); the parent's own
    threshold and results are unchanged, and so is a run in this process (one worker)."""
    before = gc.get_threshold()
    assert before[0] != pool.INHERITING_GC_EVERY
    results = pool.map_when_it_pays(_threshold_and_pid, list(range(8)), workers=2)
    with closing(results):
        seen = list(results)
    assert [item for item, _, _ in seen] == list(range(8))
    assert all(pid != os.getpid() for _, pid, _ in seen)
    assert {threshold for _, _, threshold in seen} == {pool.INHERITING_GC_EVERY}
    assert gc.get_threshold() == before
    here = list(pool.map_when_it_pays(_threshold_and_pid, [1, 2], workers=1))
    assert here == [(1, os.getpid(), before[0]), (2, os.getpid(), before[0])]


def test_nested_freezes_unfreeze_only_when_the_outermost_ends() -> None:
    """``frozen_for_forks`` (issue 40): an inner one freezes what was made since the outer one
    began (a worker forked then shares it too) and leaves the objects frozen when it ends; the
    outermost's end hands them all back to the collector."""
    assert gc.get_freeze_count() == 0
    with pool.frozen_for_forks():
        outer = gc.get_freeze_count()
        assert outer > 0
        made = [[n] for n in range(1000)]  # tracked objects made after the outer freeze
        with pool.frozen_for_forks():
            assert gc.get_freeze_count() >= outer + len(made)
        assert gc.get_freeze_count() >= outer + len(made)
    assert gc.get_freeze_count() == 0


def _frozen_while_read(extracted: Extracted, options: Options) -> int:
    return os.getppid()


@pytest.mark.skipif(not pool.can_fork(), reason="forked workers only")
def test_the_objects_forked_readers_inherit_are_frozen_out_of_the_parent_s_collections(
    tmp_path: Path,
) -> None:
    """While forked readers read (``read_each``), the parent's collections leave alone the
    objects the readers inherited (issue 40: the parent's one full collection of a 1,000-essay
    run ran then, on its tables thread, copying 2,700 pages it shared with them); afterwards
    they are collected as before, whether the reading ended or stopped early."""
    files = []
    for n in range(6):
        path = tmp_path / f"essay{n}.txt"
        path.write_text(f"Essay number {n} says something of its own.")
        files.append(path)
    assert gc.get_freeze_count() == 0
    frozen = []
    reading = read_each(files, Options(workers=2), _frozen_while_read)
    for n, parent in enumerate(reading):
        assert parent == os.getpid()  # read in a forked worker
        frozen.append(gc.get_freeze_count())
        if n == 2:
            break
    reading.close()
    assert frozen and min(frozen) > 0
    assert gc.get_freeze_count() == 0
    assert [parent for parent in read_each(files, Options(workers=2), _frozen_while_read)] == [
        os.getpid()
    ] * len(files)
    assert gc.get_freeze_count() == 0


def test_pool_map_chunks_shrink_so_the_workers_run_out_of_work_together() -> None:
    """Guided chunks (issue 40): each at most 1/CHUNK_SHARE of the items left over the workers
    and at least 1/CHUNK_SHARE of the first, so the last ones hold a few items, not an eighth
    of a worker's share (62 of 1,000)."""
    sizes = chunk_sizes(1000, 2)
    assert sum(sizes) == 1000
    assert sizes[0] == 1000 // (2 * CHUNK_SHARE)  # 62, every chunk's size before
    least = sizes[0] // CHUNK_SHARE
    left = 1000
    for size in sizes:
        assert least <= size <= max(least, left // (2 * CHUNK_SHARE)) or size == left
        left -= size
    assert sizes[-1] <= least < sizes[0] // 4
    assert len(sizes) < 4 * -(-1000 // sizes[0])  # under four times the 17 chunks before
    large = chunk_sizes(100_000, 2)
    assert large[0] == CHUNK and sum(large) == 100_000 and large[-1] <= CHUNK // CHUNK_SHARE
    assert chunk_sizes(0, 2) == [] and chunk_sizes(5, 2) == [1] * 5


def test_pool_map_keeps_the_order_across_shrinking_chunks() -> None:
    items = list(range(1000))
    assert list(pool_map(square, items, workers=2)) == [x * x for x in items]


def test_a_worker_sends_its_results_in_batches_and_notes_each_item_s_start() -> None:
    """Issue 40: a message per item woke the parent for each file the readers read; a worker
    sends ``batch`` items' results in one message (sooner only when no item waits in its
    pipe or the oldest result has waited ``flush_s``), and notes on its board, which the
    parent reads without a message, how many items it has started and when the last did."""
    context = multiprocessing.get_context("fork")
    parent_end, child_end = context.Pipe()
    board = context.RawArray("q", 1)
    with tempfile.TemporaryDirectory() as scratch:
        job = (partial(pool._apply, square), None, scratch, 4, 3600.0)
        parent_end.send(([[(0,)]], *job))
        for x in range(1, 8):
            parent_end.send(([[(x,)]],))  # all eight wait in the pipe before the worker starts
        before = time.monotonic()
        worker = context.Process(target=pool._serve, args=(child_end, os.getpid(), board))
        worker.start()
        child_end.close()
        messages = [pool._received(parent_end) for _ in range(3)]
        worker.kill()  # it waits for more: a run's workers are killed too
        worker.join(GONE_S)
        parent_end.close()
    assert messages == [
        ("ready", None),
        ("ok", [[0], [1], [4], [9]]),
        ("ok", [[16], [25], [36], [49]]),
    ]
    count, start = pool._read_post(board[0])
    assert count == 8 and start >= before - 0.001  # milliseconds on the board


def test_chunks_sent_in_one_message_run_one_by_one_each_on_the_board() -> None:
    """Issue 40: the chunks the parent hands a worker at once travel in one message (one
    pickle and one write for them all, not one a file); the worker runs them one by one, as
    if each had come alone: its board counts each chunk started, its results come back in
    order and in batches, and a message that comes later is run after them."""
    context = multiprocessing.get_context("fork")
    parent_end, child_end = context.Pipe()
    board = context.RawArray("q", 1)
    with tempfile.TemporaryDirectory() as scratch:
        job = (partial(pool._apply, square), None, scratch, 3, 3600.0)
        parent_end.send(([[(x,)] for x in range(5)], *job))
        parent_end.send(([[(5,), (6,)]],))  # one chunk of two items
        worker = context.Process(target=pool._serve, args=(child_end, os.getpid(), board))
        worker.start()
        child_end.close()
        messages = [pool._received(parent_end) for _ in range(3)]
        worker.kill()
        worker.join(GONE_S)
        parent_end.close()
    assert messages == [
        ("ready", None),
        ("ok", [[0], [1], [4]]),
        ("ok", [[9], [16], [25, 36]]),
    ]
    assert pool._read_post(board[0])[0] == 6  # six chunks started, one at a time


def test_pool_map_and_isolated_map_hand_many_chunks_to_a_worker_at_once() -> None:
    """Many chunks a message (``ahead`` of them to each reader): the results are those of
    ``map``, in order, with one worker or two."""
    items = list(range(300))
    for workers in (1, 2):
        got = list(isolated_map(square, items, workers=workers, limits=ProcessLimits(), ahead=64))
        assert got == [x * x for x in items]
        assert list(pool_map(square, items, workers=workers)) == [x * x for x in items]


def test_a_board_holds_a_count_and_a_start_in_one_value() -> None:
    """One 64-bit value (one store, one load: never a count beside another item's start);
    the count wraps, the start keeps its milliseconds."""
    for count, start in ((1, 0.0), (8, 12345.678), (pool._COUNT_WRAP + 3, 5.0e8)):
        got = pool._read_post(pool._posted(count, start))
        assert got[0] == count % pool._COUNT_WRAP and abs(got[1] - start) < 0.001
        assert -(1 << 63) <= pool._posted(count, start) < 1 << 63


def test_an_item_stopped_behind_finished_results_not_yet_sent_costs_only_itself() -> None:
    """The worker holds results it has not sent (a batch of eight here) when item 13 stalls,
    swells or crashes: the parent charges item 13 (the worker's board says it is on it), not
    the oldest item it has no result for, and hands the finished ones on to be done again."""
    items = list(range(40))
    cases = [
        (stall, ProcessLimits(seconds=1.0), "time"),
        (swell, ProcessLimits(memory_bytes=200 << 20), "memory"),
        (die, ProcessLimits(), "crash"),
    ]
    for function, limits, reason in cases:
        got = list(isolated_map(function, items, workers=1, limits=limits, ahead=64))
        assert isinstance(got[13], Stopped) and got[13].reason == reason, function
        assert got[:13] + got[14:] == [function(x) for x in items if x != 13]


def unpicklable(x: int) -> object:
    return (lambda: x) if x == 13 else x


def test_a_result_that_does_not_pickle_is_raised_as_its_error_even_in_a_batch() -> None:
    """Sending a batch is outside the item's own ``try``: a result the pickler refuses is
    still the error of the run (a bug of ours), not a worker that crashed."""
    with pytest.raises(Exception, match=r"lambda|pickl") as caught:
        list(
            isolated_map(unpicklable, list(range(40)), workers=1, limits=ProcessLimits(), ahead=64)
        )
    assert not isinstance(caught.value, Cancelled)


def test_a_workers_wait_for_more_answers_as_conn_poll() -> None:
    """:func:`pool._waiting` (what a worker asks after each item) says what ``Connection.poll``
    says: nothing sent, a message waiting, read, and the parent's end closed."""
    parent_end, child_end = multiprocessing.Pipe()
    waiting = pool._waiting(child_end)
    assert not waiting() and not child_end.poll()
    parent_end.send(("chunk",))
    assert waiting() and child_end.poll()
    assert child_end.recv() == ("chunk",)
    assert not waiting() and not child_end.poll()
    parent_end.close()
    assert waiting() and child_end.poll()  # the end: recv raises EOFError, the worker ends
    child_end.close()


def test_each_new_worker_is_handed_its_chunks_before_the_next_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 40: a fork of a large parent takes milliseconds; the first worker starts on its
    chunks while the second forks, instead of waiting for every worker to be started."""
    events: list[str] = []
    start, give = pool._start, pool._Worker.give

    def started(context: object) -> pool._Worker:
        events.append("start")
        return start(context)

    def given(worker: pool._Worker, *args: object, **kwargs: object) -> bool:
        events.append("give")
        return give(worker, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "_start", started)
    monkeypatch.setattr(pool._Worker, "give", given)
    assert list(pool_map(square, range(40), workers=2)) == [x * x for x in range(40)]
    assert events[:4] == ["start", "give", "start", "give"], events
    events.clear()
    got = list(isolated_map(square, list(range(10)), workers=2, limits=ProcessLimits(), ahead=8))
    assert got == [x * x for x in range(10)]
    assert events[:4] == ["start", "give", "start", "give"], events


def temporary_folder(x: int) -> str:
    """The folder the worker's temporary files go to."""
    return tempfile.gettempdir()


def test_forked_pool_map_workers_keep_this_process_s_temporary_folder_and_none_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pool_map's functions run on what the workers hold: no run folder is made and removed
    around each pool of a compare (issue 40), and the workers' temporary files go where this
    process's do."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    folders = list(pool_map(temporary_folder, range(8), workers=2))
    assert folders == [str(tmp_path)] * 8
    assert list(tmp_path.iterdir()) == []


def test_isolated_map_workers_still_write_to_a_run_folder_removed_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The readers keep their own folder (a killed reader's files are removed with it)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    folders = set(isolated_map(temporary_folder, range(4), workers=2, limits=ProcessLimits()))
    assert len(folders) == 1
    (folder,) = folders
    assert Path(folder).parent == tmp_path and Path(folder).name.startswith("copylens-run-")
    assert not Path(folder).exists()
