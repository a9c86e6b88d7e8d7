"""Distribute: the engine's stages on a Dask cluster, for collections that outgrow one machine.

Issue 15. The stages of :func:`copylens.core.engine.compare` (and the loading of the methods
lab and of the archive) run as tasks over partitions of the documents on Dask's distributed
scheduler (Rocklin 2015): a ``LocalCluster`` of processes on this machine (``local``) or the
``dask scheduler`` / ``dask worker`` processes of many. The shape is the one NeMo Curator and
datatrove give near-duplicate detection: each stage a pure function over partitions
(signatures → buckets → edges → connected components), so the same code runs on one machine or
many. :func:`compare_on_dask`:

1. inputs expanded and told apart here, exactly as ``compare`` does (the same helpers);
2. *read*: one task per partition of consecutive inputs calls
   :func:`~copylens.core.prepare.read_each` on its worker, so every file is still read in a
   process of its own within the time and memory limits (:mod:`copylens.core.pool`); the
   documents stay in the workers' memory, only their paths and the failures come back. On a
   LocalCluster (``--dask local``: its workers share this machine's temporary folder and end
   with the run) each document is written to the run's spill as it is read, as the local run
   does (:mod:`copylens.core.spill`), and a partition holds the documents' summaries
   (:class:`~copylens.core.spill.Spilled`, ~10 KB an essay against ~35 KB), read back whole
   only to be readied or aligned (issue 40: the whole documents moved between the workers
   took 1.9 GB at 10,000 essays and much of the workers' time in (un)pickling);
3. *common phrases*: each partition's (anchor k-gram, document) records are split into
   buckets by value (a hash shuffle) and each bucket counted by
   :func:`~copylens.core.ignore.held_by_many`: all holders of a value land in one bucket, so
   the count is the global one;
4. *ready*: each partition goes through :func:`~copylens.core.engine.ready_to_compare` with its
   position in the run (``first``: the salt of ignored words must tell all the run's documents
   apart, not a partition's) and the common phrases of the whole run (a spilled partition
   through :func:`~copylens.core.engine.readied`, document by document, as the local run);
5. *candidates*: the ready anchors shuffled the same way; each bucket's pairs by
   :func:`~copylens.core.index.shared_values` with :data:`~copylens.core.index.MAX_DF`, exact
   for the same reason; the union of the buckets' pairs is ``candidate_pairs``;
6. *align*: candidate pairs in blocks of whole groups (a document and all its partners, in
   candidate order: :func:`_blocks`), each block a task calling
   :func:`~copylens.core.engine.compare_group` on each group, as the local run does (the
   containment bound takes a group in one pass), given the partitions its documents are in
   whole when every worker can hold the run's documents (Dask moves a partition to a worker
   once, for all its blocks there: :data:`WHOLE_SHARE`), else only the documents the block
   needs, picked where their partitions are; once the worker has the paraphrase stage's
   lexicons, which it loads on a thread of its own while it reads (:class:`_WarmUp`). A worker
   of several threads aligns on all of them at once;
7. clusters and the report here, as ``compare`` makes them.

What must hold: the report equals ``compare``'s for the same inputs and options (the same
pairs in the same order, the same fragments, clusters, documents and errors in their order);
with ``on_pair`` the pairs come in candidate order, as ``compare`` sends them.

What moves over the network: the inputs' paths to the workers; 8 or 12 bytes per anchor of
every document in each shuffle (cut into two buckets per worker thread at least,
:data:`BUCKET_DOCUMENTS`); the common phrases to every partition; a partition to each worker
aligning a block of it, once (or, in a run too large for that, each block's documents to the
worker aligning it, when another holds them), summaries on a LocalCluster; a task's lists and
texts as one pickle each (:class:`_Batch`); back to this process: paths and failures,
candidate pair codes, the reported pairs, and the texts when the report holds them. The
workers read the files themselves: with a remote scheduler they must see them at
the same paths (a shared filesystem); a file one cannot find is reported as such.

Reading on a worker: a Dask worker runs tasks on threads, so the readers are spawned, never
forked (:func:`copylens.core.pool.can_fork`), one per task (Dask's threads are the
parallelism), and kept warm between tasks. Dask's nanny starts workers as daemonic processes,
which may not have children; a daemonic reader would read in-process, without limits, so a
LocalCluster is started with ``distributed.worker.daemon`` off and a cluster whose workers are
daemonic is refused (:class:`~copylens.core.errors.ClusterUnavailable`: start them with
``DASK_DISTRIBUTED__WORKER__DAEMON=False``). ``cancel()`` is polled every
:data:`~copylens.core.pool.TICK_S` while waiting; pending tasks are cancelled and the client
closed (a task already running finishes its partition: Dask cannot stop a running thread; a
LocalCluster is stopped with the run). dask and distributed are imported only when a function
here is called (``pip install 'copylens[dask]'``).
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import multiprocessing.forkserver
import operator
import os
import queue
import socket
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache, partial
from itertools import islice, pairwise
from pathlib import Path
from typing import Any, Generic, TypeVar

import numpy as np

from copylens.core.archive import AddReport, Archive, add_to_archive
from copylens.core.archive.record import Record
from copylens.core.arrays import distinct
from copylens.core.cpu import stage
from copylens.core.documents import Input, TextInput, WebPage
from copylens.core.engine import (
    changing,
    compare_group,
    compare_report,
    ready_each,
    ready_to_compare,
)
from copylens.core.errors import Cancelled, ClusterUnavailable, UnreadableFile
from copylens.core.extract import Extracted
from copylens.core.ignore import MIN_DOCUMENTS, held_by_many, template_phrases
from copylens.core.index import MAX_DF, MIN_SHARED_ANCHORS, Shared, shared_values
from copylens.core.inputs import Inputs, told_apart
from copylens.core.methods.base import Method
from copylens.core.methods.collection import Collection, MethodDoc, study_doc
from copylens.core.methods.evaluate import Dedup, deduplicated
from copylens.core.methods.shingling import SampleMethod
from copylens.core.options import STUDY_OPTIONS, Options
from copylens.core.pairs import groups_of
from copylens.core.paraphrase import ready
from copylens.core.pool import TICK_S
from copylens.core.prepare import (
    CancelCheck,
    Item,
    Prepared,
    Progress,
    expand,
    label_of,
    prepare_text,
    read_each,
)
from copylens.core.report import CompareReport, InputFailure, PairResult
from copylens.core.spill import Spill, Spilled, load, read

T = TypeVar("T")

LOCAL = "local"
"""The address that starts a LocalCluster of this machine's processes instead of connecting."""
CONNECT_SECONDS = 20.0
"""How long to try to reach a scheduler before saying it cannot be reached."""
WORKER_SECONDS = 30.0
"""How long to wait for a scheduler's first worker."""
PARTITION_DOCUMENTS = 500
"""Documents per partition at most (there are also at least two partitions per worker thread,
so every thread reads); partitions are also the shuffles' buckets and the blocks of pairs."""
PARTITIONS_PER_THREAD = 2
BUCKET_DOCUMENTS = 2_500
"""Documents' records per bucket of a shuffle at most (but two buckets per worker thread at
least): each partition's records are cut into as many pieces as there are buckets, each piece
a task of its own (``getitem``), so a shuffle is partitions × buckets tasks. One bucket per
partition, as before issue 40's fourth session, was 400 tasks a shuffle at 10,000 essays; a
trial on a LocalCluster of two workers (20 partitions of 1,000 records each) took 0.63 s of
CPU with 20 buckets and 0.27 s with 4. A bucket's pairs are counted in one task, so buckets
stay small enough for a worker at 100,000 essays (40 buckets of ~1.4 million anchors)."""
ARCHIVE_PARTITION_DOCUMENTS = 100
"""An archive add's partitions come back to be written in order, a few ahead of the writer: smaller
ones keep the memory held for them small."""
BLOCK_PAIRS = 2048
"""Candidate pairs per alignment task: at least (but the last), in whole groups of a document
and its partners (:func:`_blocks`; before issue 40's second session, at most, cut by both
documents' partitions, each block holding at most two partitions). Most candidates cost only
their containment bound, so a task's cost is mostly that of moving its documents: at 256 a
document of 1,000 essays was picked for 18 blocks on average (18,381 picks in 116 blocks); at
2,048 the run's
CPU (all processes) was 18.5 s against 21.0 s, Dask's own share 2.6 s against 4.0 s (issue 40,
two alternating runs each; a task holds at most two partitions' documents either way). In
three further alternations, 2,048 pairs took 18.4 s of CPU (median), 8,192 pairs 19.1 s, and
2,048 with one partition per thread instead of two 19.2 s."""
WHOLE_SHARE = 0.125
"""Most of a worker's memory the run's documents may take for each alignment task to be
given the partitions it touches whole (:func:`_compared`): Dask then moves a partition to a worker
once, and keeps it there for the run's next blocks, where picking moved the documents of
every block anew, and ran a task on each side to pick them. At 1,000 essays (4 partitions, 20
blocks) either moves about as much; at 10,000 (20 partitions, 200 blocks of fewer than 2,048
pairs, most of each partition's documents picked for each) picking moved each partition about
five times as often. Each worker then holds all documents in the end: 10,000 essays are
about 300 MB; 100,000 would not fit a LocalCluster of two workers on a 24 GB machine, so
those are picked."""
START_TABLES = ("en", "ru")
"""The languages whose paraphrase tables a LocalCluster's workers start with (:func:`forkserver`),
the interface's two; others load in a worker as it reads a document of theirs."""
BLOCKS_PER_THREAD = 4
"""Alignment tasks submitted ahead per worker thread (:meth:`_Run.windowed`): with blocks of up
to two partitions' documents, about the documents in flight of 8 blocks of 256 pairs."""

_NO_VALUES = np.empty(0, dtype=np.uint64)
_NO_OWNERS = np.empty(0, dtype=np.int64)
Records = tuple[np.ndarray, np.ndarray]
"""(values, owners): sample values or anchors, and the run's position of the document holding
each (each document holds a value at most once)."""


# ------------------------------------------------------------------ the cluster


@contextmanager
def dask_cluster(address: str, workers: int, tables: Sequence[str] = ()) -> Iterator[Any]:
    """A ``distributed.Client`` of the scheduler at ``address`` (``tcp://host:8786``), or of a
    LocalCluster of ``workers`` processes of one thread each on 127.0.0.1 for ``local``, its
    workers checked (:func:`_usable_workers`); closed, and a LocalCluster stopped, however the
    block ends. A LocalCluster's workers are forked from a forkserver that loaded the engine
    and the paraphrase tables of ``tables`` once (:func:`forkserver`; spawned where there is
    none, on Windows). Raises
    ClusterUnavailable when the cluster cannot be used."""
    local = _is_local(address)
    forking = local and _can_forkserver()
    if forking:  # before Dask is imported here: the forkserver imports it beside this process
        forkserver(tables)
    dask, distributed = _dask()
    # the readers are the workers' children (only a LocalCluster started here heeds it)
    settings = {"distributed.worker.daemon": False, **(QUIET if local else {})}
    if forking:
        settings["distributed.worker.multiprocessing-method"] = "forkserver"
    with dask.config.set(settings), ExitStack() as stack:
        stopping = stack.enter_context(_QuietWhenStopped())  # the last to end: around closing
        try:
            if local:
                client = _local_client(distributed, workers, stack)
            else:
                client = stack.enter_context(_connect(distributed, address))
            _usable_workers(client, address)
            with client.as_current():  # distributed.wait finds it
                yield client
        except BaseException as error:
            stopping.stopped(error)
            raise


def _local_client(distributed: Any, workers: int, stack: ExitStack) -> Any:
    """A client of a LocalCluster of ``workers`` processes started now, both entered into
    ``stack`` (so closed with it). Started on a thread of its own, to its end, even when the
    run is stopped meanwhile (Ctrl+C, or SIGTERM as the command line raises it): such a stop
    is raised here once both are in ``stack``. Interrupted halfway, the LocalCluster was never
    closed by this process but by Dask's exit hook, which failed on a worker still starting
    (a traceback after "terminated"; issue 40's SIGTERM that once hung), and its workers are
    processes this one waits for at exit (they are not daemonic: module docstring)."""

    def start() -> tuple[Any, Any]:
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            # its HTTP server (health, metrics) on a free port, not 8787 or a warning
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            # not a warning per task a cancel stops, nor the errors of workers
            # whose peers and scheduler a stop closed under them (_QuietWhenStopped)
            silence_logs=logging.CRITICAL,
        )
        try:
            # results straight from the workers, not through the scheduler in this process
            return cluster, distributed.Client(
                cluster, set_as_default=False, direct_to_workers=True
            )
        except BaseException:
            cluster.close()
            raise

    (cluster, client), stop = _to_the_end(start)
    stack.enter_context(cluster)
    stack.enter_context(client)
    if stop is not None:
        raise stop
    return client


WORKER_START = "copylens.core.worker_start"
"""The module a LocalCluster's forkserver imports before it forks the workers."""
TABLES = "COPYLENS_START_TABLES"
"""The environment variable telling :data:`WORKER_START` the languages whose tables to load
(``en,ru``), set while the forkserver starts."""


def forkserver(tables: Sequence[str]) -> None:
    """This process's forkserver, which a LocalCluster's workers are forked from, started (if it
    is not yet) with Dask's modules and the engine imported and the paraphrase tables of
    ``tables`` loaded (:mod:`copylens.core.worker_start`): once for the run, where each
    spawned worker imported and loaded them again (issue 40). A forkserver lives as long as
    this process: the first run's ``tables`` are the ones later runs' workers start with
    (others load as before, :class:`_WarmUp`). Started as early as the run can
    (:func:`compare_on_dask`), and not waited for: it imports Dask and loads the tables while
    this process imports Dask and starts the scheduler (issue 40: the forkserver's start was the
    LocalCluster's longest step, ~1.7 s under load, of which Dask's import 0.75 s, done here
    first, then there). Dask's own list of modules (``distributed.utils.get_mp_context``) is
    set once the forkserver runs, so it changes nothing."""
    context = multiprocessing.get_context("forkserver")
    server = getattr(multiprocessing.forkserver, "_forkserver", None)
    preload = list(getattr(server, "_preload_modules", None) or [])
    context.set_forkserver_preload([*dict.fromkeys([*preload, "distributed", WORKER_START])])
    before = os.environ.get(TABLES)
    os.environ[TABLES] = ",".join(tables)  # the forkserver's environment is this one's
    try:
        multiprocessing.forkserver.ensure_running()
    finally:
        if before is None:
            del os.environ[TABLES]
        else:
            os.environ[TABLES] = before


def _can_forkserver() -> bool:
    """Whether this platform has the forkserver start method (not Windows)."""
    return "forkserver" in multiprocessing.get_all_start_methods()


def start_with(languages: Sequence[str]) -> None:
    """Load the paraphrase tables of ``languages`` in this process (the forkserver's, which the
    workers inherit them from: :mod:`copylens.core.worker_start`), counted as loaded by the
    warm-up (:func:`warmed_up`)."""
    for language in languages:
        _WARM_UP.load_here(language)


def _to_the_end(function: Callable[[], T]) -> tuple[T, BaseException | None]:
    """``function()`` run to its end on a thread of its own, and the first exception a signal
    raised in this thread while it ran (a KeyboardInterrupt), not raised: Python runs signal
    handlers on the main thread only, so the function itself is never interrupted. What the
    function raises is raised after it ended (the signal's exception instead, if one came)."""
    done: list[T] = []
    failed: list[BaseException] = []
    ended = threading.Event()  # not Thread.join: one interrupted may take the thread as ended

    def run() -> None:
        try:
            done.append(function())
        except BaseException as error:
            failed.append(error)
        finally:
            ended.set()

    threading.Thread(target=run, name="copylens-cluster-start", daemon=True).start()
    stop: BaseException | None = None
    while not ended.is_set():
        try:
            ended.wait()
        except BaseException as error:  # a signal's: taken, and raised by the caller
            stop = stop or error
    if failed:
        raise stop or failed[0]
    return done[0], stop


class _QuietWhenStopped:
    """Dask's and tornado's logs in this process silenced while a cluster closes because the
    run was stopped (Ctrl+C, or SIGTERM as the command line raises it: a KeyboardInterrupt),
    restored after: the stop's own message is the one the user gets, not the tracebacks of
    connections closed under a transfer or a heartbeat, nor of the callback by which
    ``distributed.utils.sync`` cancels the wait it was in (a NameError when the wait had not
    begun). The run's errors (an ``Exception``) still log as they do."""

    LOGGERS = ("distributed", "tornado")

    def __init__(self) -> None:
        self.levels: dict[str, int] = {}

    def __enter__(self) -> _QuietWhenStopped:
        return self

    def stopped(self, error: BaseException) -> None:
        if isinstance(error, Exception) or self.levels:
            return
        for name in self.LOGGERS:
            log = logging.getLogger(name)
            self.levels[name] = log.level
            log.setLevel(logging.CRITICAL + 1)

    def __exit__(self, *exc: object) -> None:
        for name, level in self.levels.items():
            logging.getLogger(name).setLevel(level)


QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.scheduler.active-memory-manager.start": False,
}
"""Dask's own watchers, quieter in a LocalCluster started here (its workers are started with
the settings of this process): the statistical profiler that samples every worker thread's
stack every 10 ms (for the dashboard, which is off), the GIL and system monitors (every 1 and
500 ms) and the nannies' memory monitor (every 100 ms). Their CPU grows with the run's wall
time, on the cores the run needs (issue 40: 1,000 essays, 1.5 s of CPU of 31 under load).
And no active memory manager: every 2 s it dropped the copies of a partition that an
alignment task had fetched, so the next block of that partition fetched it again
(:func:`_compared`; at 10,000 essays a quarter of the workers' time went to (un)pickling).
A scheduler and workers started by the user keep their own settings."""


def _dask() -> tuple[Any, Any]:
    try:
        import dask
        import distributed
    except ImportError as error:
        raise ClusterUnavailable(
            "running on Dask needs the dask and distributed packages: pip install 'copylens[dask]'"
        ) from error
    return dask, distributed


def _connect(distributed: Any, address: str) -> Any:
    try:
        _listening(distributed, address)
        return distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise ClusterUnavailable(
            "cannot reach the Dask scheduler at {address}: start one with dask scheduler "
            "(and dask worker), or give --dask local",
            address=address,
        ) from error


def _listening(distributed: Any, address: str) -> None:
    """OSError when nothing listens at a host:port address, found before a Client is made: one
    that fails to connect leaves its event-loop thread running in this process."""
    try:
        host, port = distributed.comm.get_address_host_port(address)
    except ValueError:  # another transport (ucx, inproc): the Client tries it
        return
    socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()


def _usable_workers(client: Any, address: str) -> None:
    """At least one worker, and none daemonic (see the module docstring)."""
    try:
        client.wait_for_workers(1, timeout=WORKER_SECONDS)
    except TimeoutError as error:
        raise ClusterUnavailable(
            "the Dask scheduler at {address} has no workers: start them with dask worker",
            address=address,
        ) from error
    try:
        states = list(client.run(_worker_state).values())
    except (ImportError, AttributeError) as error:
        raise ClusterUnavailable(
            "the Dask workers at {address} cannot run CopyLens: install it where they run, "
            "the same version as here ({version})",
            address=address,
            version=_version(),
        ) from error
    versions = sorted({version for _, version in states} - {_version()})
    if versions:
        raise ClusterUnavailable(
            "the Dask workers at {address} run CopyLens {theirs}, this is {version}: install "
            "the same version on both sides (the results must be the same)",
            address=address,
            theirs=", ".join(versions),
            version=_version(),
        )
    if any(daemonic for daemonic, _ in states):
        raise _daemonic_workers(address)


def _worker_state() -> tuple[bool, str]:
    """(daemonic, CopyLens version) of the process it runs in."""
    return _daemonic(), _version()


def _version() -> str:
    import copylens

    return str(copylens.__version__)


def _daemonic() -> bool:
    return bool(multiprocessing.current_process().daemon)


def _daemonic_workers(address: str) -> ClusterUnavailable:
    return ClusterUnavailable(
        "the Dask workers at {address} are daemonic processes, which cannot start the "
        "processes that read each file within its limits: start them with "
        "DASK_DISTRIBUTED__WORKER__DAEMON=False dask worker …",
        address=address,
    )


class _Run:
    """One run on a client: its tasks' options, progress, cancellation and partitions."""

    def __init__(
        self, client: Any, options: Options, progress: Progress | None, cancel: CancelCheck | None
    ) -> None:
        self.client = client
        self.options = options.with_changes(workers=1)  # Dask's threads are the parallelism
        self.progress, self.cancel = progress, cancel
        self.threads = max(1, sum(client.nthreads().values()))
        self.where: dict[str, list[str]] = {}

    def submit(self, function: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(function, *args, pure=False)

    def beside(self, part: Any, function: Callable[..., Any], *args: Any) -> Any:
        """``function(part, *args)`` on the worker holding ``part`` (a finished future), where
        it can run (a loose restriction: another worker takes it if that one is gone). A task
        Dask has not timed yet counts as half a second, which its work stealing would weigh
        against moving a whole partition; the picking tasks take microseconds. Where each
        part is is asked of the scheduler once (:meth:`holders`), not once a task: the
        question is a round trip, and the alignment stage asks it for every block."""
        holders = self.holders([part]).get(part.key)
        if not holders:  # not in memory: wherever Dask recomputes it
            return self.submit(function, part, *args)
        return self.client.submit(
            function, part, *args, pure=False, workers=holders, allow_other_workers=True
        )

    def holders(self, parts: Sequence[Any]) -> dict[str, list[str]]:
        """The workers holding each of ``parts`` (finished futures), by key, remembered for
        the run once known (a partition stays where it is; if its worker is lost, the loose
        restriction of :meth:`beside` lets another one run the task)."""
        unknown = [part for part in parts if part.key not in self.where]
        if unknown:
            found = self.client.who_has(unknown)
            self.where.update({key: list(found[key]) for key in found if found[key]})
        return {part.key: self.where[part.key] for part in parts if part.key in self.where}

    def fit_everywhere(self, parts: Sequence[Any]) -> bool:
        """Whether the partitions ``parts`` (finished futures) would take at most
        :data:`WHOLE_SHARE` of the memory of the worker with the least (by Dask's sizes of
        them, :func:`_sized`; the machine's memory for a worker without a limit), and the
        scheduler's active memory manager is off (it drops the copies a worker fetched: see
        :data:`QUIET`)."""
        from distributed.system import MEMORY_LIMIT

        if self.client.amm.running():  # it would drop the copies: moved again for each block
            return False
        held = sum(self.client.nbytes([p.key for p in parts], summary=False).values())
        workers = self.client.scheduler_info(n_workers=-1)["workers"].values()
        least = min((w.get("memory_limit") or MEMORY_LIMIT for w in workers), default=0)
        return bool(held <= WHOLE_SHARE * least)

    def step(self, stage: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)

    def partitions(self, count: int, size: int = PARTITION_DOCUMENTS) -> int:
        return max(PARTITIONS_PER_THREAD * self.threads, math.ceil(count / size))

    def done(self, futures: Iterable[Any]) -> Iterator[Any]:
        return _done(self.client, futures, self.cancel)

    def windowed(
        self, ask: Callable[[T], Any], items: Iterable[T], ahead: int
    ) -> Iterator[tuple[T, Any]]:
        return _windowed(self.client, ask, items, ahead, self.cancel)

    def read(
        self,
        items: Sequence[Item],
        build: Callable[[Extracted, Options], T],
        parts: int,
        each: Callable[[Any], object] | None = None,  # T: a union mypy cannot solve
    ) -> list[tuple[Any, int]]:
        """One read task per partition of ``items`` (:meth:`read_part`): its future and its
        number of items. Each task's :func:`~copylens.core.prepare.read_each` is asked for one
        reader, as :meth:`read_each`'s tasks are (a worker runs one task per thread), not the
        options' ``workers`` (the machine's cores), which took its path for several readers
        (forms shared, collections frozen for forks) in every task, though a process listing
        at 2.5 s showed one reader per worker either way (not traced further). Issue 40,
        ``compare --dask local`` at 10,000 essays, 13 pairs of runs alternated: faster in 11,
        by 0.07 s in the median pair (-0.24 to +0.28 s, walls 10.9-11.7 s), a small cut;
        1,000 essays 2.69-2.72 against 2.72-2.76 s; same JSON."""
        task_options = self.options.with_changes(workers=1)
        return [
            (self.read_part(chunk, build, task_options, each), len(chunk))
            for chunk in _partitions(items, parts)
        ]

    def read_part(
        self,
        chunk: Sequence[Item],
        build: Callable[[Extracted, Options], T],
        options: Options,
        each: Callable[[T], object] | None = None,
    ) -> Any:
        """:func:`_read_part` of ``chunk`` on a worker (a future)."""
        return self.submit(
            _read_part, [_for_workers(i) for i in chunk], _labels(chunk), build, options, each
        )

    def shuffle(
        self,
        records: Callable[[Any, int], Records],
        parts: Sequence[Any],
        firsts: Sequence[int],
        documents: int,
    ) -> list[list[Any]]:
        """Each partition's records split into buckets by value, two per worker thread or one per
        :data:`BUCKET_DOCUMENTS` documents (at most one per partition); per bucket, the futures
        of its pieces (one from each partition)."""
        wanted = self.partitions(documents, BUCKET_DOCUMENTS)
        buckets = max(1, min(len(parts), wanted))
        split = [
            self.submit(_split, records, part, first, buckets)
            for part, first in zip(parts, firsts, strict=True)
        ]
        return [[self.submit(operator.getitem, s, b) for s in split] for b in range(buckets)]

    def read_each(
        self,
        items: Sequence[Item],
        options: Options,
        build: Callable[[Extracted, Options], T],
        cancel: CancelCheck | None = None,
    ) -> Generator[T | InputFailure, None, None]:
        """:func:`~copylens.core.prepare.read_each` on the cluster: each item's document or
        failure in input order, partitions read a few ahead of the consumer (two per thread)."""
        task_options = options.with_changes(workers=1)
        chunks = iter(_partitions(items, self.partitions(len(items), ARCHIVE_PARTITION_DOCUMENTS)))
        ahead: deque[Any] = deque()
        try:
            while True:
                while len(ahead) < 2 * self.threads and (chunk := next(chunks, None)) is not None:
                    ahead.append(self.read_part(chunk, build, task_options))
                if not ahead:
                    return
                for future in _done(self.client, [ahead[0]], cancel):
                    results = future.result()
                ahead.popleft()
                yield from results
        finally:
            if ahead:
                self.client.cancel(list(ahead))


def _done(client: Any, futures: Iterable[Any], cancel: CancelCheck | None) -> Iterator[Any]:
    """Each future as its task ends (``.result()`` raises what the task raised); ``cancel``
    polled every TICK_S, the futures still pending cancelled when it says stop."""
    submitted = list(futures)
    for _, future in _windowed(client, lambda f: f, submitted, len(submitted), cancel):
        yield future


def _windowed(
    client: Any,
    ask: Callable[[T], Any],
    items: Iterable[T],
    ahead: int,
    cancel: CancelCheck | None,
) -> Iterator[tuple[T, Any]]:
    """(item, its finished future) for each of ``items``, ``ask(item)`` submitting its task
    only while fewer than ``ahead`` are unfinished: the scheduler holds a window of tasks, not
    all of a run's (at 100,000 essays, submitting every alignment block at once took the
    client past 12 GB). ``cancel`` is polled every TICK_S; on cancel the unfinished tasks are
    cancelled and the rest never submitted."""
    from distributed import wait

    waiting = iter(items)
    flying: dict[Any, T] = {}
    while True:
        for item in islice(waiting, ahead - len(flying)):
            flying[ask(item)] = item
        if not flying:
            return
        if cancel is not None and cancel():
            client.cancel(list(flying))
            raise Cancelled()
        try:
            finished, _ = wait(list(flying), timeout=TICK_S, return_when="FIRST_COMPLETED")
        except TimeoutError:
            continue
        for future in finished:
            yield flying.pop(future), future


def _starts(counts: Iterable[int]) -> list[int]:
    """The run's position of each partition's first document."""
    starts, at = [], 0
    for count in counts:
        starts.append(at)
        at += count
    return starts


def _partitions(items: Sequence[T], parts: int) -> list[list[T]]:
    """``items`` cut into at most ``parts`` runs of consecutive items, as equal as possible,
    none empty."""
    parts = min(parts, len(items))
    bounds = [len(items) * p // parts for p in range(parts + 1)] if parts else [0]
    return [list(items[a:b]) for a, b in pairwise(bounds)]


def _for_workers(item: Item) -> Item:
    """What a worker reads: a file by its absolute path (a worker's folder is not ours)."""
    return item if isinstance(item, TextInput | WebPage) else Path(item).absolute()


def _labels(items: Sequence[Item]) -> list[str]:
    return [label_of(item) for item in items]


# ------------------------------------------------------------------ tasks (run on the workers)


class _Batch(list[T]):
    """A task's list (documents, results), moved between processes as one pickle. Dask moves a
    task's result wrapped to be serialized element by element when it is a plain list, tuple or
    dict (``distributed.protocol.serialize``'s ``iterate_collection``; its type, not a subclass):
    a header, a pickle and a module lookup for each of them, then the same undone on the other
    side. Issue 40, at 10,000 essays: a block of 2,048 bounded pairs (mostly None) took 47 ms
    to send and take, 0.2 ms as one pickle; 500 texts 14 against 1.2 ms."""


class _Texts(dict[str, str]):
    """A partition's texts by path, moved as one pickle (:class:`_Batch`)."""


@dataclass(frozen=True, eq=False)
class _Named(Generic[T]):
    """``build`` of a document named as the user gave it, though read by its absolute path."""

    build: Callable[[Extracted, Options], T]
    names: Mapping[str, str]

    def __call__(self, extracted: Extracted, options: Options) -> T:
        name = self.names.get(extracted.path, extracted.path)
        return self.build(replace(extracted, path=name), options)


@cache
def _sized() -> None:
    """Teach Dask the size of the engine's documents (its default sizes a Python object by its
    header alone): the scheduler weighs moving a partition against waiting for its worker, and
    a partition of 500 documents must not look like a few bytes. Once per worker process."""
    from dask.sizeof import sizeof

    for kind in (Prepared, Spilled, MethodDoc, Record):
        sizeof.register(kind)(_footprint)


def _footprint(value: Any, depth: int = 2) -> int:
    """About the bytes an engine object holds: its arrays and strings, and ``depth`` levels of
    dataclass fields (a document's canonical words) below it."""
    if isinstance(value, np.ndarray):
        return int(value.nbytes)
    if isinstance(value, tuple):
        return sys.getsizeof(value) + 64 * len(value)  # words: short strings
    if depth and is_dataclass(value) and not isinstance(value, type):
        return 64 + sum(_footprint(getattr(value, f.name), depth - 1) for f in fields(value))
    return sys.getsizeof(value)


def _read_part(
    items: list[Item],
    labels: list[str],
    build: Callable[[Extracted, Options], T],
    options: Options,
    each: Callable[[T], object] | None = None,
) -> list[T | InputFailure]:
    """Each item's document or failure, in order, read by :func:`read_each` on this worker
    (each file in a process of its own, within the limits); a file this worker cannot see is a
    failure saying so. ``each`` is shown each document as soon as it is read."""
    if _daemonic():
        raise _daemonic_workers(_worker_address())
    _sized()
    seen = [n for n, item in enumerate(items) if not isinstance(item, Path) or item.exists()]
    named = _Named(build, {str(items[n]): labels[n] for n in seen})
    results: dict[int, T | InputFailure] = {}
    with closing(read_each([items[n] for n in seen], options, named)) as reading:
        for n, result in zip(seen, reading, strict=True):
            if isinstance(result, InputFailure):
                result = replace(result, path=labels[n])
            elif each is not None:
                each(result)
            results[n] = result
    for n in sorted(set(range(len(items))) - set(seen)):
        results[n] = InputFailure.of(
            labels[n],
            UnreadableFile(
                "not found on the Dask worker {worker}: the workers read the files themselves, "
                "so they must see them at the same path (a shared filesystem)",
                worker=_worker_address(),
            ),
        )
    return _Batch(results[n] for n in range(len(items)))


def _warming(options: Options) -> Callable[[Prepared | Spilled], None] | None:
    """What ``compare``'s read tasks show each document (:func:`_read_part`'s ``each``): with
    the paraphrase stage on, :func:`_warm_up`, so the lexicons of each document's language
    are loaded on the worker that reads it, on its warm-up thread (:class:`_WarmUp`), as
    soon as its first document of that language is read, while its reader reads the rest."""
    return _warm_up if options.paraphrase else None


def _warm_up(doc: Prepared | Spilled) -> None:
    _WARM_UP.load(doc.language if isinstance(doc, Spilled) else doc.canonical.language)


class _WarmUp:
    """The paraphrase stage's tables (word vectors, thesaurus, word frequencies:
    :func:`copylens.core.paraphrase.ready`) loaded in a Dask worker on a thread of its own while
    the worker reads (issue 40): the local run loads them before its workers fork; a Dask
    worker is a process of its own and loaded them in its first alignment task, after the
    reading, with the alignment waiting. Its reading is done by the reader it started, so the
    worker itself mostly waits then. An alignment task waits for the loads handed over
    (:meth:`wait`), then aligns beside the other tasks of its worker's threads: nothing is held
    while it aligns (the tables a pair's meaning learns words into are locked where they
    change: :class:`copylens.core.meaning.Lexicon`, :func:`copylens.core.paraphrase.meaning_of`)."""

    def __init__(self) -> None:
        self.todo: queue.Queue[str] = queue.Queue()
        self.lock = threading.Lock()
        """Held while the thread loads a language's tables, and only then."""
        self.starting = threading.Lock()
        self.thread: threading.Thread | None = None
        self.languages: set[str] = set()
        """Languages handed over (each loaded once)."""
        self.loaded: set[str] = set()
        """Languages whose lexicons the thread loaded."""

    def load(self, language: str) -> None:
        """Load the language's lexicons soon, on the thread, unless it was handed over."""
        with self.starting:
            if language in self.languages:
                return
            self.languages.add(language)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(
                    target=self._serve, name="copylens-warm-up", daemon=True
                )
                self.thread.start()
        self.todo.put(language)

    def load_here(self, language: str) -> None:
        """Load the language's lexicons now, on the calling thread, as handed over and loaded
        (:func:`start_with`)."""
        self._load(language)
        with self.starting:
            self.languages.add(language)

    def _load(self, language: str) -> None:
        with self.lock, stage("paraphrase: tables"):  # as the local run names it
            ready(language)
            self.loaded.add(language)

    def _serve(self) -> None:
        while True:
            language = self.todo.get()
            try:
                self._load(language)
            except Exception:  # the alignment loads it again, and says what fails
                logging.getLogger(__name__).exception("loading the %s lexicons", language)
            finally:
                self.todo.task_done()

    def wait(self) -> None:
        """Return once the loads handed over are done (at once when none is pending)."""
        self.todo.join()


_WARM_UP = _WarmUp()


def warmed_up() -> list[str]:
    """The languages whose lexicons this worker loaded while reading, once loaded
    (:class:`_WarmUp`)."""
    _WARM_UP.wait()
    return sorted(_WARM_UP.loaded)


def _worker_address() -> str:
    from distributed import get_worker

    try:
        return str(get_worker().address)
    except ValueError:  # not in a worker
        return "?"


def _built(part: Sequence[T | InputFailure]) -> list[T]:
    return [r for r in part if not isinstance(r, InputFailure)]


def _outline(part: Sequence[Prepared | InputFailure]) -> tuple[list[str], list[InputFailure]]:
    """A read partition's document paths and failures, in order: what comes back to the client."""
    return [d.path for d in _built(part)], [r for r in part if isinstance(r, InputFailure)]


def _split(
    records: Callable[[Any, int], Records], part: Any, first: int, buckets: int
) -> list[Records]:
    """The partition's records in ``buckets`` pieces by value (value mod buckets: fingerprints
    are uniform); records without owners (:func:`_anchors`) stay without."""
    with stage("candidates"):
        values, owners = records(part, first)
        at = (values % np.uint64(buckets)).astype(np.int64)
        order = np.argsort(at, kind="stable")
        bounds = np.searchsorted(at[order], np.arange(buckets + 1))
        values = values[order]
        owners = owners[order] if len(owners) else owners
        return [(values[a:b], owners[a:b]) for a, b in pairwise(bounds.tolist())]


def _joined(pieces: Sequence[Records]) -> Records:
    if not pieces:
        return _NO_VALUES, _NO_OWNERS
    return (
        np.concatenate([v for v, _ in pieces]).astype(np.uint64),
        np.concatenate([o for _, o in pieces]).astype(np.int64),
    )


def _owned(arrays: Sequence[np.ndarray], first: int) -> Records:
    """Records of the arrays of the documents at ``first``, ``first + 1``, …; the owners as
    int32 (what the shuffles move: 12 bytes a record, not 16)."""
    if not arrays:
        return _NO_VALUES, _NO_OWNERS
    owners = np.repeat(np.arange(first, first + len(arrays)), [len(a) for a in arrays])
    return np.concatenate(arrays).astype(np.uint64), owners.astype(np.int32)


def _anchors(part: Sequence[Prepared | InputFailure], first: int) -> Records:
    """The anchor k-grams of a partition's documents (distinct per document), without owners:
    counting the documents holding a value needs only the values (:func:`_common_in`), so the
    common phrases' shuffle moves 8 bytes an anchor, not 16."""
    built = _built(part)
    if not built:
        return _NO_VALUES, _NO_OWNERS
    return np.concatenate([d.anchors for d in built]).astype(np.uint64), _NO_OWNERS


def _common_in(documents: int, options: Options, *pieces: Records) -> np.ndarray:
    """A bucket's common phrases: its values' holders are all here (each holds a value
    once)."""
    with stage("candidates"):
        return held_by_many(_joined(pieces)[0], documents, options)


def _ready(
    part: Sequence[Prepared | InputFailure],
    first: int,
    common: np.ndarray,
    options: Options,
    *templates: Sequence[Prepared | InputFailure],
) -> list[Prepared]:
    with stage("ready"):
        return _Batch(
            ready_to_compare(
                _built(part),
                [t for read in templates for t in _built(read)],
                options,
                first=first,
                common=common,
            )
        )


def _ready_spilled(
    part: Sequence[Spilled | InputFailure],
    first: int,
    common: np.ndarray,
    options: Options,
    *templates: Sequence[Spilled | InputFailure],
) -> list[Spilled]:
    """:func:`_ready` of a partition of spilled documents, as the local run readies them
    (:func:`copylens.core.engine.readied`): a document holding a template's phrase or a
    common one (or every document, when quotations or the bibliography are left out) is read
    back from the spill, readied and summed up again; the others stay as they are."""
    with stage("ready"):
        tpls = [t for read in templates for t in _built(read)]
        phrases = distinct(np.concatenate((template_phrases(tpls), common)))
        docs = _built(part)
        ready = list(docs)
        ready_each(ready, changing(docs, phrases, options), phrases, options, first)
        return _Batch(ready)


def _pairs_in(documents: int, *pieces: Records) -> np.ndarray:
    """A bucket's candidate pairs (i < j) as codes i · documents + j, sorted, distinct."""
    with stage("candidates"):
        values, owners = _joined(pieces)
        shared = shared_values(values, owners, MAX_DF)
        keep = shared.count >= MIN_SHARED_ANCHORS
        return distinct(shared.first[keep] * documents + shared.second[keep])


def _compare_block(
    pairs: np.ndarray, options: Options, *parts: Sequence[Prepared | Spilled]
) -> list[PairResult | None]:
    """``compare_pair`` of each (i, j) of ``pairs`` (positions in the documents of ``parts``
    one after another; a document's pairs consecutive, :func:`_blocks`), pairs bounded under
    ``min_containment`` not aligned: ``compare_group``, once per document and all its
    partners; once the lexicons this worker was loading are loaded (:meth:`_WarmUp.wait`),
    beside the other alignments of this worker's threads."""
    _WARM_UP.wait()
    docs = [d for part in parts for d in part]
    whole = partial(_whole, options=options)
    return _Batch(
        result
        for i, js in groups_of(np.asarray(pairs, dtype=np.int64).reshape(-1, 2))
        for result in compare_group(docs[i], [docs[j] for j in js], options, whole)
    )


def _whole(doc: Prepared | Spilled, options: Options) -> Prepared:
    """The whole document: read back from the spill (a LocalCluster's), or as it is."""
    return load(doc, options) if isinstance(doc, Spilled) else doc


def _picked(docs: Sequence[Prepared], at: np.ndarray) -> list[Prepared]:
    """The documents a block of pairs needs, taken where their partition is: only they move."""
    return _Batch(docs[i] for i in at.tolist())


def _texts(docs: Sequence[Prepared | Spilled]) -> dict[str, str]:
    return _Texts({d.path: read(d.spot).text if isinstance(d, Spilled) else d.text for d in docs})


def _samples(method: SampleMethod, part: Sequence[MethodDoc | InputFailure]) -> list[np.ndarray]:
    return method.samples(Collection(tuple(_built(part))))


def _sample_records(samples: Sequence[np.ndarray], first: int) -> Records:
    return _owned(list(samples), first)


def _shared_in(documents: int, max_df: int, *pieces: Records) -> Records:
    """A bucket's pairs sharing sample values, as codes, and how many values each shares."""
    values, owners = _joined(pieces)
    shared = shared_values(values, owners, max_df)
    return shared.first * documents + shared.second, shared.count


# ------------------------------------------------------------------ entry points


def compare_on_dask(
    inputs: Iterable[Input],
    options: Options | None = None,
    *,
    address: str,
    workers: int | None = None,
    ignore: Iterable[Input] = (),
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    on_pair: Callable[[PairResult], None] | None = None,
) -> CompareReport:
    """:func:`copylens.core.engine.compare` on the Dask cluster at ``address`` (``local``: a
    LocalCluster of ``workers`` processes, by default ``options.process_count``): the same
    report (see the module docstring for the stages and what moves where). Progress stages:
    "reading" (documents), "indexing" (buckets of the shuffles), "comparing" (pairs)."""
    options = (options or Options()).validated()
    tables = START_TABLES if options.paraphrase else ()
    if _is_local(address) and _can_forkserver():
        forkserver(tables)  # starting while the inputs are listed and told apart
    given = told_apart(inputs, ignore)
    with ExitStack() as stack:
        # removed once the cluster is stopped (entered first): its workers read it to the end
        spill = stack.enter_context(Spill()) if _is_local(address) else None
        client = stack.enter_context(
            dask_cluster(address, workers or options.process_count, tables)
        )
        run = _Run(client, options, progress, cancel)
        return _compare_on(run, given, spill, options, on_pair)


def _compare_on(
    run: _Run,
    given: Inputs,
    spill: Spill | None,
    options: Options,
    on_pair: Callable[[PairResult], None] | None,
) -> CompareReport:
    """:func:`compare_on_dask`'s stages on a cluster; with a ``spill`` (a LocalCluster's,
    :func:`_is_local`) the documents are written to it as they are read, and the partitions
    hold their :class:`~copylens.core.spill.Spilled` summaries, as the local run does: a
    worker reads a whole document back only to ready it or align it."""
    unique = given.unique()
    compared = {given.key(item) for item in given.documents}
    doc_items = [u for u in unique if given.key(u) in compared]
    tpl_items = [u for u in unique if given.key(u) not in compared]
    build: Callable[[Extracted, Options], Prepared | Spilled]
    build = prepare_text if spill is None else spill.prepare()
    each = _warming(run.options)
    read = run.read(doc_items, build, run.partitions(len(doc_items)), each)
    templates = run.read(tpl_items, build, 1, each)
    outlines = _outlines(run, [*read, *templates], len(unique))
    paths = [path for docs, _ in outlines[: len(read)] for path in docs]
    failures = [failure for _, failed in outlines for failure in failed]
    firsts = _starts(len(docs) for docs, _ in outlines[: len(read)])
    parts = [future for future, _ in read]
    common = _common(run, parts, firsts, len(paths))
    readying = _ready if spill is None else _ready_spilled
    ready = [
        run.submit(readying, part, first, common, run.options, *(f for f, _ in templates))
        for part, first in zip(parts, firsts, strict=True)
    ]
    candidates = _candidates(run, ready, firsts, len(paths))

    def texts() -> dict[str, str]:
        out: dict[str, str] = {}
        for part in [run.beside(r, _texts) for r in ready]:
            out.update(part.result())
        return out

    return compare_report(
        _compared(run, ready, firsts, candidates, len(paths)),
        on_pair,
        options,
        errors=(*given.missing, *failures),
        documents=tuple(paths),
        texts=texts,
    )


def _is_local(address: str) -> bool:
    """Whether ``address`` starts a LocalCluster (:data:`LOCAL`): its workers and their readers
    run on this machine and end with the run, so they can share its spill folder (a remote
    worker may not see it; a long-lived one would hold its files open after the run)."""
    return address.strip().lower() == LOCAL


def _outlines(
    run: _Run, read: Sequence[tuple[Any, int]], total: int
) -> list[tuple[list[str], list[InputFailure]]]:
    """Each read partition's paths and failures (in partition order), with reading progress."""
    asked = {run.submit(_outline, future): n for n, (future, _) in enumerate(read)}
    got: dict[int, tuple[list[str], list[InputFailure]]] = {}
    done = 0
    for future in run.done(asked):
        n = asked[future]
        got[n] = future.result()
        done += read[n][1]
        run.step("reading", done, total)
    return [got[n] for n in range(len(read))]


def _common(run: _Run, parts: Sequence[Any], firsts: Sequence[int], documents: int) -> Any:
    """The common phrases of the whole run (a future), or none where
    :func:`~copylens.core.ignore.held_by_many` would find none."""
    if run.options.max_df_share >= 1.0 or documents < MIN_DOCUMENTS:
        return _NO_VALUES
    counted = [
        run.submit(_common_in, documents, run.options, *pieces)
        for pieces in run.shuffle(_anchors, parts, firsts, documents)
    ]
    return run.submit(_concatenated, *counted)


def _concatenated(*arrays: np.ndarray) -> np.ndarray:
    return np.concatenate(arrays) if arrays else _NO_VALUES


def _candidates(
    run: _Run, ready: Sequence[Any], firsts: Sequence[int], documents: int
) -> np.ndarray:
    """``candidate_pairs`` of the run, as sorted codes i · documents + j."""
    if documents < 2:
        return _NO_OWNERS
    buckets = [
        run.submit(_pairs_in, documents, *pieces)
        for pieces in run.shuffle(_ready_anchors, ready, firsts, documents)
    ]
    found = []
    for future in run.done(buckets):
        found.append(future.result())
        run.step("indexing", len(found), len(buckets))
    return distinct(np.concatenate(found).astype(np.int64))


def _ready_anchors(docs: Sequence[Prepared], first: int) -> Records:
    return _owned([d.anchors for d in docs], first)


def _compared(
    run: _Run,
    ready: Sequence[Any],
    firsts: Sequence[int],
    candidates: np.ndarray,
    documents: int,
) -> Iterator[PairResult]:
    """The reported pairs among the candidates, in candidate order, aligned in blocks of whole
    groups (a document and all its partners, as the local run groups them: the containment
    bound takes a document's partners in one pass, :func:`_blocks`), each block given the
    partitions its documents are in whole when every worker can hold all of the run's documents
    (:meth:`_Run.fit_everywhere`), else only the documents it needs, picked where their
    partitions are."""
    if len(candidates) == 0:
        return
    first_doc, second_doc = candidates // documents, candidates % documents
    starts = np.asarray(firsts, dtype=np.int64)
    ends = np.append(starts[1:], documents)
    whole = run.fit_everywhere(ready)
    if not whole:
        run.holders(ready)  # one question to the scheduler for all partitions

    def ask(chunk: slice) -> Any:
        left, right = first_doc[chunk], second_doc[chunk]
        wanted = np.unique(np.concatenate((left, right)))
        parts = np.unique(np.searchsorted(starts, wanted, side="right") - 1).tolist()
        if whole:  # a partition moves to a worker once, and stays for the run's next blocks
            members = np.concatenate([np.arange(starts[p], ends[p]) for p in parts])
            given = [ready[p] for p in parts]
        else:
            members = wanted
            given = []
            for p in parts:
                mine = wanted[(wanted >= starts[p]) & (wanted < ends[p])]
                given.append(run.beside(ready[p], _picked, mine - starts[p]))
        local = np.stack((np.searchsorted(members, left), np.searchsorted(members, right)), 1)
        return run.submit(_compare_block, local, run.options, *given)

    results: dict[int, PairResult | None] = {}
    following = done = 0
    chunks = _blocks(first_doc, BLOCK_PAIRS)
    for chunk, future in run.windowed(ask, chunks, BLOCKS_PER_THREAD * run.threads):
        results.update(zip(range(chunk.start, chunk.stop), future.result(), strict=True))
        done += chunk.stop - chunk.start
        run.step("comparing", done, len(candidates))
        while following in results:
            pair = results.pop(following)
            following += 1
            if pair is not None:
                yield pair


def _blocks(first: np.ndarray, size: int) -> list[slice]:
    """Runs of consecutive candidates (``first``: each one's first document, in candidate
    order, so never decreasing) of at least ``size`` pairs, but the last, each cut where the
    first document changes: a document's pairs are one block's, and the containment bound
    takes them in one pass, as the local run does (issue 40: cut by the partitions of both
    documents too, a document's pairs were bounded in up to one pass per partition, and the
    bound took 3× the local run's CPU at 10,000 essays)."""
    if len(first) == 0:
        return []
    cuts = (np.flatnonzero(first[1:] != first[:-1]) + 1).tolist()
    out: list[slice] = []
    begin = 0
    for at in [*cuts, len(first)]:
        if at - begin >= size or at == len(first):
            out.append(slice(begin, at))
            begin = at
    return out


def dedup_on_dask(
    inputs: Sequence[str | Path | TextInput],
    method: Method,
    options: Options = STUDY_OPTIONS,
    *,
    address: str,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> tuple[Dedup, Collection, list[InputFailure]]:
    """``load_collection`` and ``dedup`` with ``method`` on the Dask cluster at ``address``:
    the collection read on the workers (each file within the limits) and brought here (the
    method's output names documents and measures their similarity); for a sample method
    (:class:`~copylens.core.methods.shingling.SampleMethod`: mod-m, bottom-s, Broder's
    clustering) its samples made on the workers and the pairs sharing values counted on
    buckets of values (exact: a value's holders are in one bucket), the method's choice made
    here on the sums; other methods run here on the collection. The same result as
    ``dedup(load_collection(...))``."""
    options = options.validated()
    items, failures = expand(inputs)
    with dask_cluster(address, workers or options.process_count) as client:
        run = _Run(client, options, progress, cancel)
        read = run.read(items, study_doc, run.partitions(len(items)))
        parts = [future for future, _ in read]
        at = {future: n for n, future in enumerate(parts)}
        got: dict[int, list[MethodDoc | InputFailure]] = {}
        for future in run.done(parts):
            got[at[future]] = future.result()
            run.step("reading", sum(read[n][1] for n in got), len(items))
        docs = [d for n in range(len(parts)) for d in _built(got[n])]
        failures += [r for n in range(len(parts)) for r in got[n] if isinstance(r, InputFailure)]
        collection = Collection(tuple(docs))
        if not isinstance(method, SampleMethod):
            return deduplicated(method.name, method.find(collection)), collection, failures
        firsts = _starts(len(_built(got[n])) for n in range(len(parts)))
        sampled = [run.submit(_samples, method, part) for part in parts]
        counted = [
            run.submit(_shared_in, len(docs), method.max_df, *pieces)
            for pieces in run.shuffle(_sample_records, sampled, firsts, len(docs))
        ]
        found = [future.result() for future in run.done(counted)]
        samples = [s for future in sampled for s in future.result()]
    return (
        deduplicated(method.name, method.chosen(_summed(found, len(docs)), samples)),
        collection,
        failures,
    )


def _summed(found: Sequence[Records], documents: int) -> Shared:
    """The buckets' (pair codes, counts) as one :class:`~copylens.core.index.Shared`: a pair's
    count is the sum of its buckets' (each value was counted in one)."""
    codes = np.concatenate([c for c, _ in found] or [_NO_OWNERS]).astype(np.int64)
    counts = np.concatenate([n for _, n in found] or [_NO_OWNERS]).astype(np.int64)
    pairs, at = np.unique(codes, return_inverse=True)
    summed = np.bincount(at, weights=counts, minlength=len(pairs)).astype(np.int64)
    span = max(1, documents)
    return Shared(pairs // span, pairs % span, summed)


def add_to_archive_on_dask(
    archive: Archive,
    inputs: Iterable[Input],
    options: Options,
    labels: Mapping[str, str] | None = None,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    *,
    address: str,
    workers: int | None = None,
) -> AddReport:
    """:func:`copylens.core.archive.add_to_archive` with its records built on the Dask cluster
    at ``address`` (each file read within the limits) and written here, in input order, in the
    same batches: the same archive."""
    with dask_cluster(address, workers or options.process_count) as client:
        run = _Run(client, options, progress, cancel)
        return add_to_archive(
            archive, inputs, options, labels, progress, cancel, read=run.read_each
        )
