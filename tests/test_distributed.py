"""The engine on a real Dask cluster (issue 15): ``compare``, ``dedup`` and ``archive add`` with
``--dask`` give exactly what the local run gives.

The session's cluster is real: a ``dask scheduler`` and two ``dask worker`` processes on
127.0.0.1 (``dask_scheduler``), started as docs/cli.md says (the workers not daemonic, so they
can start the processes that read each file within its limits), stopped with every process
they started. ``local`` starts a LocalCluster the same way a user's ``--dask local`` does.
No mock cluster anywhere. Without dask installed the tests are skipped, except when the
environment variable CI is set: there they must run, so they fail.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from copylens.app.cli import main
from copylens.core import (
    Cancelled,
    ClusterUnavailable,
    Options,
    PairResult,
    add_to_archive,
    add_to_archive_on_dask,
    compare,
    compare_on_dask,
    dedup,
    dedup_on_dask,
    load_collection,
    method,
    open_archive,
)
from tests import hostile_files as hf
from tests import json_reports
from tests.archive.texts import BEES, ESSAYS, RU, RU_FORMS, edited, reflowed, text, words_of

START_SECONDS = 300.0
"""Every wait of these tests is a hang guard, never a latency target: a process of Dask's
imports for seconds when idle, ten times longer on a loaded 2-core CI machine. Only a wait
that would never end fails."""


def dask_unavailable(reason: str) -> None:
    """Skip for want of dask, except when CI is set: CI must run these tests (as the
    PostgreSQL ones, tests/conftest.py)."""
    if os.environ.get("CI"):
        pytest.fail(f"CI is set, so the Dask tests must run, but: {reason}", pytrace=False)
    pytest.skip(f"no Dask: {reason}")


def _children(pid: int) -> set[int]:
    """Every living descendant of ``pid`` (Linux /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with suppress(OSError, IndexError, ValueError):
            stat = (entry / "stat").read_text()
            parent = int(stat[stat.rindex(")") + 2 :].split()[1])
            parents.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@pytest.fixture(scope="session")
def dask_installed() -> None:
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError as error:
        dask_unavailable(str(error))


@pytest.fixture(scope="session")
def dask_scheduler(dask_installed: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a real scheduler with two one-thread workers on 127.0.0.1
    (:func:`_cluster`)."""
    with _cluster(tmp_path_factory.mktemp("dask"), workers=2, threads=1) as address:
        yield address


@contextmanager
def _cluster(folder: Path, workers: int, threads: int) -> Iterator[str]:
    """The address of a real scheduler with ``workers`` workers of ``threads`` threads each on
    127.0.0.1, started as subprocesses (``python -m dask scheduler`` / ``worker``) and stopped
    at the end, with every process they started."""
    file = folder / "scheduler.json"
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    command = [sys.executable, "-m", "dask"]
    processes: list[subprocess.Popen[bytes]] = []
    logs = []

    def start(name: str, *args: str) -> None:
        log = (folder / f"{name}.log").open("wb")
        logs.append(log)
        processes.append(
            subprocess.Popen(
                [*command, *args], env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder
            )
        )

    try:
        start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0",
              "--scheduler-file", str(file), "--no-dashboard")  # fmt: skip
        address = _wait_for(lambda: json.loads(file.read_text())["address"], "the scheduler")
        for n in range(1, workers + 1):
            start(f"worker{n}", "worker", "--scheduler-file", str(file),
                  "--nthreads", str(threads), "--host", "127.0.0.1", "--no-dashboard",
                  "--name", f"w{n}")  # fmt: skip
        for n in range(1, workers + 1):
            log = folder / f"worker{n}.log"
            _wait_for(lambda log=log: "Registered to" in log.read_text() or None, f"worker {n}")
        yield address
    finally:
        family = {p for process in processes for p in _children(process.pid)}
        family |= {process.pid for process in processes}
        for process in reversed(processes):  # workers first
            with suppress(OSError):
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for log in logs:
            log.close()
        deadline = time.monotonic() + START_SECONDS
        while any(_alive(p) for p in family) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in family if _alive(p)]
        for pid in left:
            with suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        assert not left, f"processes left after stopping the cluster: {left}"


@pytest.fixture(autouse=True, scope="module")
def _no_thread_left() -> Iterator[None]:
    """The tests leave this process with the threads it had: the engine forks its workers only
    from a single-threaded process, and the tests after these expect it to."""
    before = {t.name for t in threading.enumerate()}
    yield
    left = {t.name for t in threading.enumerate()} - before
    assert not left, f"threads left by the Dask tests: {left}"


def _wait_for(probe: Any, what: str) -> Any:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        with suppress(OSError, ValueError, KeyError):
            value = probe()
            if value:
                return value
        time.sleep(0.1)
    raise AssertionError(f"{what} did not start in {START_SECONDS:g} s")


# ------------------------------------------------------------------ the documents

STOCK = (
    "In conclusion the evidence gathered by researchers across many countries clearly "
    "supports the central argument developed throughout this essay."
)
"""A common phrase: in more than half of the documents, so ``compare`` ignores it."""
HANDOUT = (
    "Answer the following question in your own words and cite every source you consulted "
    "while preparing the written assignment for the seminar."
)
"""The template's text, copied into several essays."""
SHARED = (
    "Seasonal workers travelled between distant valleys every autumn carrying baskets of "
    "dried fruit, woollen blankets and letters for relatives who stayed behind."
)
"""A passage three essays share (a pair each, not common)."""

EN_WORDS = sorted(
    {w for ps in ESSAYS.values() for p in ps for w in words_of(p) if len(w) > 3 and w.isalpha()}
)
RU_WORDS = sorted({w for p in RU + RU_FORMS for w in words_of(p) if len(w) > 3})
RU_WORDS += sorted(
    {
        w
        for w in words_of(
            (Path(__file__).parent.parent / "resources/samples/source_ru.txt").read_text("utf-8")
        )
        if len(w) > 3
    }
    - set(RU_WORDS)
)


def essay(rng: random.Random, words: list[str], sentences: int = 14) -> list[str]:
    """Paragraphs of random sentences of 8–15 of ``words``."""
    made = []
    for _ in range(sentences):
        picked = rng.choices(words, k=rng.randint(8, 15))
        made.append(" ".join(picked).capitalize() + ".")
    return [" ".join(made[i : i + 4]) for i in range(0, len(made), 4)]


def write_corpus(folder: Path) -> dict[str, Path]:
    """30 essays (18 English, 12 Russian) with planted copies, a shared passage, the handout's
    text in four, a stock sentence in 17 (of 30), a quotation; the handout itself; an empty file and
    a corrupt .docx. Returns the special paths by name."""
    rng = random.Random(15)
    folder.mkdir(parents=True, exist_ok=True)
    docs: dict[str, list[str]] = {}
    for n in range(14):
        docs[f"en{n:02d}"] = essay(rng, EN_WORDS)
    for n in range(10):
        docs[f"ru{n:02d}"] = essay(rng, RU_WORDS)
    bodies = {name: text(ps) for name, ps in docs.items()}
    bodies["en_copy"] = reflowed(docs["en00"])  # a format-only copy
    bodies["en_edit"] = edited(docs["en01"])  # 10 % of the words edited
    bodies["en_paste"] = text([*essay(rng, EN_WORDS, 6), docs["en02"][1], *BEES[:1]])
    bodies["ru_copy"] = text(docs["ru00"][:2] + essay(rng, RU_WORDS, 4))
    bodies["ru_forms"] = text([*essay(rng, RU_WORDS, 6), *RU_FORMS])
    bodies["ru_orig"] = text([*essay(rng, RU_WORDS, 6), *RU])
    for name in ("en03", "en04", "en05"):
        bodies[name] = bodies[name].replace(".\n", f". {SHARED}\n", 1)
    for name in ("en06", "en07", "ru01", "ru02"):
        bodies[name] = text([HANDOUT]) + bodies[name]
    for name in sorted(bodies)[:17]:
        bodies[name] = bodies[name].rstrip("\n") + f" {STOCK}\n"
    quoted = " ".join(docs["en08"][0].split()[:30])
    bodies["en09"] = bodies["en09"] + f'\nAs one essay put it, "{quoted}".\n'
    for name, body in bodies.items():
        (folder / f"{name}.txt").write_text(body, encoding="utf-8")
    special = {
        "handout": folder / "handout.txt",
        "empty": folder / "empty.txt",
        "corrupt": folder / "corrupt.docx",
    }
    special["handout"].write_text(text([HANDOUT]), encoding="utf-8")
    special["empty"].write_bytes(b"")
    special["corrupt"].write_bytes(b"PK\x03\x04 this is not a zip archive at all" * 10)
    return special


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    folder = tmp_path_factory.mktemp("corpus") / "essays"
    return folder, write_corpus(folder)


def _streamed(run: Any, *args: Any, **kwargs: Any) -> tuple[Any, list[PairResult]]:
    sent: list[PairResult] = []
    return run(*args, on_pair=sent.append, **kwargs), sent


# ------------------------------------------------------------------ compare


def test_a_partition_is_made_ready_as_it_is_in_the_whole_run(
    corpus: tuple[Path, dict[str, Path]],
) -> None:
    """What the cluster's ready stage relies on: a partition given its position in the run
    (``first``) and the run's common phrases gets the very fingerprints the whole run gives
    its documents, ignored words (salted with the position) included. With position 0 for
    every partition, two documents would share "ignored" fingerprints."""
    from copylens.core.engine import ready_to_compare
    from copylens.core.ignore import common_phrases
    from copylens.core.prepare import prepare_text, read_all

    folder, special = corpus
    options = Options(exclude_quotes=True)
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size and p.name != "handout.txt")
    docs, _ = read_all(files, options, prepare_text)
    [handout], _ = read_all([special["handout"]], options, prepare_text)
    whole = ready_to_compare(docs, [handout], options)
    common = common_phrases([d.anchors for d in docs], options)
    assert len(common)
    parts = []
    for first in range(0, len(docs), 7):
        part = docs[first : first + 7]
        parts += ready_to_compare(part, [handout], options, first=first, common=common)
    assert len(parts) == len(whole)
    for alone, together in zip(parts, whole, strict=True):
        assert (alone.canonical.hashes == together.canonical.hashes).all()
        assert (alone.anchors == together.anchors).all()
        assert alone.canonical.forms == together.canonical.forms
    salted = ready_to_compare(docs[7:14], [handout], options, common=common)  # first=0
    assert any(
        (a.canonical.hashes != b.canonical.hashes).any()
        for a, b in zip(salted, whole[7:14], strict=True)
    )


OPTION_SETS = {
    "defaults": Options(language="auto"),
    "quotes-excluded": Options(exclude_quotes=True, min_containment=0.05),
}


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_compare_on_dask_equals_the_local_run(
    dask_scheduler: str, corpus: tuple[Path, dict[str, Path]], name: str
) -> None:
    folder, special = corpus
    options = OPTION_SETS[name]
    inputs = [folder, folder / "en00.txt"]  # a file twice: read once
    ignore = [special["handout"]]  # inside the folder too: not compared
    local = compare(inputs, options, ignore=ignore)
    remote = compare_on_dask(inputs, options, ignore=ignore, address=dask_scheduler)
    assert remote == local  # pairs (fragments and all), clusters, errors, documents, options
    assert remote.texts == local.texts
    assert len(local.pairs) >= 8 and local.clusters
    assert {e.path for e in local.errors} == {str(special["empty"]), str(special["corrupt"])}
    assert str(special["handout"]) not in local.documents
    # the stock sentence is common: no pair holds only it
    assert not any(
        STOCK in local.texts[p.a][f.start : f.end] for p in local.pairs for f in p.fragments
    )
    streamed_local, sent_local = _streamed(compare, inputs, options, ignore=ignore)
    streamed, sent = _streamed(
        compare_on_dask, inputs, options, ignore=ignore, address=dask_scheduler
    )
    assert sent == sent_local  # the same pairs in the same (candidate) order
    assert streamed == streamed_local and streamed.pairs == () and streamed.texts == {}


def test_progress_goes_through_the_stages_to_the_end(
    dask_scheduler: str, corpus: tuple[Path, dict[str, Path]]
) -> None:
    folder, special = corpus
    steps: list[tuple[str, int, int]] = []
    report = compare_on_dask(
        [folder],
        ignore=[special["handout"]],
        address=dask_scheduler,
        progress=lambda *step: steps.append(step),
    )
    read = len(report.documents) + len(report.errors) + 1  # and the handout
    assert [s for s in steps if s[0] == "reading"][-1] == ("reading", read, read)
    stages = [stage for stage, _, _ in steps]
    assert stages == sorted(stages, key=["reading", "indexing", "comparing"].index)
    assert "indexing" in stages and steps[-1] == ("comparing", steps[-1][2], steps[-1][2])


def test_cancel_stops_the_run_and_the_cluster_stays_usable(
    dask_scheduler: str, corpus: tuple[Path, dict[str, Path]]
) -> None:
    folder, _ = corpus
    asked: list[float] = []

    def cancel() -> bool:
        asked.append(time.monotonic())
        return len(asked) > 2

    with pytest.raises(Cancelled):
        compare_on_dask([folder], address=dask_scheduler, cancel=cancel)
    pair = [folder / "en00.txt", folder / "en_copy.txt"]
    assert compare_on_dask(pair, address=dask_scheduler) == compare(pair)


def test_dask_local_gives_the_same_report(
    dask_installed: None,
    corpus: tuple[Path, dict[str, Path]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--dask local``: a LocalCluster of ``--workers`` processes, as a user's command starts
    it (in a process of its own: a LocalCluster leaves a thread of Dask's in the process that
    started it, and the engine forks only single-threaded processes)."""
    folder, special = corpus
    args = ["compare", folder, "--ignore", special["handout"], "--format", "json", "--quiet"]
    local = _cli(capsys, *args)
    on_dask = _command(*args, "--dask", "local", "--workers", "2")
    assert on_dask.returncode == 0, on_dask.stderr
    assert json_reports.body(json.loads(on_dask.stdout), "settings") == json_reports.body(
        local, "settings"
    )
    assert json.loads(on_dask.stdout)["settings"] == local["settings"] | {"workers": 2}


_SPILLED = """
import glob, json, os, sys, tempfile
from copylens.core import Options, compare, compare_on_dask
from copylens.core.spill import PREFIX

def spills():
    pattern = os.path.join(tempfile.gettempdir(), f"{PREFIX}{os.getpid()}-*")
    return {folder: len(os.listdir(folder)) for folder in glob.glob(pattern)}

if __name__ == "__main__":
    folder, handout = sys.argv[1:]
    options = Options(exclude_quotes=True, min_containment=0.05)
    local = compare([folder], options, ignore=[handout])  # first: it forks
    seen = []
    def progress(stage, done, total):
        if stage == "comparing":
            seen.append(spills())
    remote = compare_on_dask(
        [folder], options, ignore=[handout], address="local", workers=2, progress=progress
    )
    print(json.dumps([remote == local, remote.texts == local.texts, len(local.pairs),
                      seen[-1], spills()]))
"""


def test_a_local_cluster_spills_the_documents_as_the_local_run_does(
    dask_installed: None, corpus: tuple[Path, dict[str, Path]]
) -> None:
    """Issue 40: ``--dask local``'s readers write each document to a spill folder of this run
    and its partitions hold the documents' summaries, as the local run's do (the whole
    documents were moved between the workers: 1.9 GB at 10,000 essays, and a quarter of the
    workers' time in (un)pickling); a worker reads a document back to ready or align it. The
    same report as the local run's, quotations left out (so every document is read back and
    readied) and a handout ignored; the folder holds the readers' files while the pairs are
    compared and is removed with the run. In a process of its own (a LocalCluster)."""
    folder, special = corpus
    done = subprocess.run(
        [sys.executable, "-c", _SPILLED, str(folder), str(special["handout"])],
        capture_output=True,
        text=True,
        timeout=START_SECONDS,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    same, same_texts, pairs, comparing, after = json.loads(done.stdout.splitlines()[-1])
    assert same and same_texts and pairs >= 8
    [files] = comparing.values()  # one folder, one file per reader (two workers' readers)
    assert files >= 2
    assert after == {}


def test_a_tasks_documents_and_results_move_as_one_pickle(
    dask_installed: None, corpus: tuple[Path, dict[str, Path]]
) -> None:
    """Issue 40: what a task returns (a partition's documents, a block's pairs, a partition's
    texts) is serialized by Dask as one pickle, not element by element as it serializes a
    plain list or dict it moves (a header, a pickle and a module lookup for each: 47 ms
    against 0.2 ms for a block of 2,048 pairs), and it comes back whole."""
    import pickle

    from distributed.protocol.serialize import Serialize, deserialize, serialize

    from copylens.core.distribute import _compare_block, _read_part, _texts
    from copylens.core.prepare import prepare_text

    folder, _ = corpus
    files = [folder / "en00.txt", folder / "en_copy.txt", folder / "en01.txt"]
    options = Options()
    part = _read_part(files, [str(f) for f in files], prepare_text, options)
    pairs = _compare_block(np.array([[0, 1], [0, 2]]), options, part)
    texts = _texts(part)
    assert pairs[0] is not None and len(texts) == 3
    for value in (part, pairs, texts):
        header, frames = serialize(Serialize(value))
        assert "is-collection" not in header
        assert pickle.dumps(deserialize(header, frames)) == pickle.dumps(value)


def _command(*args: object, code: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m copylens ARGS`` (or ``python -c CODE``) in a process of its own."""
    command = ["-c", code] if code is not None else ["-m", "copylens", *map(str, args)]
    return subprocess.run(
        [sys.executable, *command],
        capture_output=True,
        text=True,
        timeout=START_SECONDS,
        check=False,
    )


def test_every_file_is_read_within_the_limits_on_a_worker(
    dask_scheduler: str, tmp_path: Path
) -> None:
    """A PDF that takes pdfminer seconds is given up at the time limit on a worker, as here:
    each file is read in a process of its own (spawned from the worker), never in the
    worker's thread without limits."""
    (tmp_path / "slow.pdf").write_bytes(hf.pdf_scatter_markers(100_000))
    (tmp_path / "good.txt").write_text(text(BEES), encoding="utf-8")
    options = Options(read_seconds=1.0)
    report = compare_on_dask([tmp_path], options, address=dask_scheduler)
    [failure] = report.errors
    assert failure.path == str(tmp_path / "slow.pdf")
    assert failure.error == "took longer than 1 s to read (given up)"
    assert report.documents == (str(tmp_path / "good.txt"),)


def test_a_file_a_worker_cannot_see_is_said_so(dask_scheduler: str, tmp_path: Path) -> None:
    """The client sees the file, the workers do not (no shared filesystem): the failure says
    where it was missing and why it matters."""
    from distributed import Client

    from copylens.core.distribute import _read_part
    from copylens.core.prepare import prepare_text

    gone = tmp_path / "gone.txt"
    with Client(dask_scheduler, set_as_default=False) as client:
        future = client.submit(_read_part, [gone], ["essays/gone.txt"], prepare_text, Options())
        [failure] = future.result()
    assert failure.path == "essays/gone.txt"
    assert failure.error.startswith("not found on the Dask worker tcp://127.0.0.1:")
    assert "shared filesystem" in failure.error


def test_a_worker_loads_the_lexicons_while_it_reads(dask_scheduler: str, tmp_path: Path) -> None:
    """Issue 40: the paraphrase stage's lexicons of a document's language are loaded on the
    worker that reads it, on a thread of its own while the reading goes on, not in its first
    alignment task: here nothing is aligned at all. Ukrainian: no other test of the session
    reads it on these workers. Without the paraphrase stage nothing is loaded."""
    from distributed import Client

    from copylens.core.distribute import _read_part, _warming, warmed_up
    from copylens.core.prepare import prepare_text

    essay = tmp_path / "uk.txt"
    essay.write_text(
        "Бджоли збирають нектар з квітів і приносять його до вулика, де він стає медом.\n",
        encoding="utf-8",
    )
    with Client(dask_scheduler, set_as_default=False) as client:
        for options, loaded in (
            (Options(language="uk", paraphrase=False), False),
            (Options(language="uk"), True),
        ):
            future = client.submit(
                _read_part,
                [essay],
                ["uk.txt"],
                prepare_text,
                options,
                _warming(options),
                pure=False,
            )
            [doc] = future.result()
            assert doc.canonical.language == "uk"
            [holder] = client.who_has([future])[future.key]
            assert ("uk" in client.run(warmed_up, workers=[holder])[holder]) is loaded


_STARTED = """
import json, os
from copylens.core.distribute import dask_cluster, warmed_up

def state():
    return warmed_up(), os.getppid()

if __name__ == "__main__":
    with dask_cluster("local", 2, ("en", "ru")) as client:
        print(json.dumps([os.getpid(), *client.run(state).values()]))
"""


def test_local_workers_start_with_the_tables_loaded(dask_installed: None) -> None:
    """Issue 40: the workers of a LocalCluster are forked from one forkserver that loaded the
    engine and the paraphrase tables asked for, once: each has them before its first task
    (before, a spawned worker loaded them while it read, and here nothing is read), and both
    have the same parent, not this process. In a process of its own: a forkserver lives as
    long as the process that started it, with the tables of its first run."""
    done = subprocess.run(
        [sys.executable, "-c", _STARTED],
        capture_output=True,
        text=True,
        timeout=START_SECONDS,
        check=True,
    )
    client, *workers = json.loads(done.stdout.splitlines()[-1])
    assert len(workers) == 2
    assert all(loaded == ["en", "ru"] for loaded, _ in workers)
    [parent] = {parent for _, parent in workers}
    assert parent != client


def test_an_unreachable_scheduler_is_a_clear_error(
    dask_installed: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import copylens.core.distribute as distribute

    monkeypatch.setattr(distribute, "CONNECT_SECONDS", 1.0)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    (tmp_path / "a.txt").write_text(text(BEES), encoding="utf-8")
    with pytest.raises(ClusterUnavailable, match="cannot reach the Dask scheduler at tcp://"):
        compare_on_dask([tmp_path], address=address)
    assert main(["compare", str(tmp_path), "--dask", address, "--quiet"]) == 1
    assert f"copylens: cannot reach the Dask scheduler at {address}" in capsys.readouterr().err


def test_workers_of_another_copylens_version_are_refused(
    dask_scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same results need the same engine on both sides: this process pretends to be
    another version, the workers answer with theirs."""
    import copylens.core.distribute as distribute

    real = distribute._version()
    monkeypatch.setattr(distribute, "_version", lambda: "9.9.9")
    (tmp_path / "a.txt").write_text(text(BEES), encoding="utf-8")
    with pytest.raises(ClusterUnavailable, match=f"run CopyLens {real}, this is 9.9.9"):
        compare_on_dask([tmp_path], address=dask_scheduler)


def test_daemonic_workers_are_refused(dask_installed: None, tmp_path: Path) -> None:
    """Dask's default workers are daemonic processes, which may not start the readers: such a
    cluster is refused with the setting that fixes it, never used without limits."""
    (tmp_path / "a.txt").write_text(text(BEES), encoding="utf-8")
    code = f"""
import distributed
from copylens.core import ClusterUnavailable, compare_on_dask

if __name__ == "__main__":
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        try:
            compare_on_dask([{str(tmp_path)!r}], address=cluster.scheduler_address)
        except ClusterUnavailable as error:
            print(error)
"""
    done = _command(code=code)
    assert "are daemonic processes" in done.stdout, done.stderr
    assert "DASK_DISTRIBUTED__WORKER__DAEMON=False" in done.stdout


# ------------------------------------------------------------------ the command line


def _cli(capsys: pytest.CaptureFixture[str], *args: object) -> Any:
    """The command's JSON report without when it was made (two runs may straddle a second)."""
    capsys.readouterr()
    code = main([str(a) for a in args])
    out = capsys.readouterr().out
    assert code == 0, out
    return json_reports.body(json.loads(out))


def test_cli_compare_with_dask_prints_the_same_json(
    dask_scheduler: str,
    corpus: tuple[Path, dict[str, Path]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, special = corpus
    args = ["compare", folder, "--ignore", special["handout"], "--format", "json", "--quiet"]
    local = _cli(capsys, *args)
    assert local["pairs"] and local["errors"]
    assert _cli(capsys, *args, "--dask", dask_scheduler) == local


@pytest.mark.parametrize("name", ["broder", "mod-m", "bottom-s", "A1", "simhash"])
def test_dedup_on_dask_equals_the_local_run(
    dask_scheduler: str, corpus: tuple[Path, dict[str, Path]], name: str
) -> None:
    folder, _ = corpus
    chosen = method(name)
    collection, errors = load_collection([folder])
    local = dedup(collection, chosen)
    remote, remote_collection, remote_errors = dedup_on_dask(
        [folder], chosen, address=dask_scheduler
    )
    assert remote == local
    assert remote_collection.paths == collection.paths and remote_errors == errors
    assert [d.words for d in remote_collection.docs] == [d.words for d in collection.docs]
    if name in ("broder", "A1"):
        assert local.pairs  # the planted copies


def test_cli_dedup_with_dask_prints_the_same_json(
    dask_scheduler: str,
    corpus: tuple[Path, dict[str, Path]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, _ = corpus
    args = ["dedup", folder, "--method", "broder", "--format", "json", "--quiet"]
    local = _cli(capsys, *args)
    assert local["pairs"]
    assert _cli(capsys, *args, "--dask", dask_scheduler) == local


def _contents(location: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, the dates (of adding a document, of creating the archive) left out."""
    with closing(sqlite3.connect(location)) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        out = {}
        for table in tables:
            columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})") if r[1] != "added"]
            listed = ", ".join(columns)
            rows = db.execute(f"SELECT {listed} FROM {table} ORDER BY {listed}").fetchall()
            out[table] = [r for r in rows if table != "archive_settings" or r[0] != "created"]
    return out


def test_archive_add_on_dask_makes_the_same_archive(
    dask_scheduler: str,
    corpus: tuple[Path, dict[str, Path]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, _ = corpus
    args = ["archive", "add", folder, "--label", "year=2026", "--format", "json", "--quiet"]
    local = _cli(capsys, *args, "--archive", tmp_path / "local.db")
    remote = _cli(capsys, *args, "--archive", tmp_path / "dask.db", "--dask", dask_scheduler)
    assert remote == local and local["added"] > 20 and local["errors"]
    assert _contents(tmp_path / "dask.db") == _contents(tmp_path / "local.db")
    # added again: nothing new, the same way
    again = _cli(capsys, *args, "--archive", tmp_path / "dask.db", "--dask", dask_scheduler)
    assert again["added"] == 0 and again["skipped"] == local["added"]


def test_archive_add_on_dask_through_the_engine(
    dask_scheduler: str, corpus: tuple[Path, dict[str, Path]], tmp_path: Path
) -> None:
    """Small batches: the records come back and are written in the same batches."""
    import copylens.core.archive as archive_module

    folder, _ = corpus
    options = Options()
    reports = []
    for name, add, extra in (
        ("local.db", add_to_archive, {}),
        ("dask.db", add_to_archive_on_dask, {"address": dask_scheduler}),
    ):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(archive_module, "BATCH_DOCUMENTS", 7)
            with open_archive(str(tmp_path / name), options, create=True) as archive:
                reports.append(add(archive, [folder], options, {"group": "B"}, **extra))
    assert reports[0] == reports[1]
    assert _contents(tmp_path / "dask.db") == _contents(tmp_path / "local.db")


def test_a_worker_aligns_while_its_warm_up_lock_is_held_and_on_two_threads_at_once(
    dask_installed: None, corpus: tuple[Path, dict[str, Path]], tmp_path: Path
) -> None:
    """A worker of two threads (``dask worker --nthreads 2``): a run aligns on one thread while
    the other holds the warm-up lock, as the warm-up thread does while it loads (the lock
    was held by every alignment, so a worker's alignments ran one at a time, and none while
    a language loaded); then a whole run, its alignments on both threads at once, gives
    exactly the local run's report (the tables a pair's meaning learns words into are shared
    by the threads)."""
    from distributed import Client, Event

    def hold_the_warm_up_lock(held: str, release: str) -> bool:
        """On the worker (defined here, so it is sent by value): hold its warm-up lock, as
        its warm-up thread does while it loads a language's tables, until the client says
        ``release``; whether it was told to in time."""
        from distributed import Event

        from copylens.core.distribute import _WARM_UP

        with _WARM_UP.lock:
            Event(held).set()
            return bool(Event(release).wait(START_SECONDS))

    folder, special = corpus
    pair = [folder / "en00.txt", folder / "en_copy.txt"]
    options = Options(paraphrase=False)  # nothing to load: only the lock could stop it
    inputs, ignore = [folder], [special["handout"]]
    local_pair, local = compare(pair, options), compare(inputs, ignore=ignore)  # no thread yet
    with _cluster(tmp_path, workers=1, threads=2) as address:
        with Client(address, set_as_default=False) as client:
            holding = client.submit(hold_the_warm_up_lock, "held", "release", pure=False)
            assert Event("held", client=client).wait(START_SECONDS)
            deadline = time.monotonic() + START_SECONDS
            try:
                report = compare_on_dask(
                    pair, options, address=address, cancel=lambda: time.monotonic() > deadline
                )
            finally:
                Event("release", client=client).set()
            assert holding.result() is True  # the run ended while the lock was held
            assert report == local_pair and report.pairs
        assert compare_on_dask(inputs, ignore=ignore, address=address) == local
        assert len(local.pairs) >= 8


def test_a_local_cluster_runs_without_dasks_profiler_and_monitors(dask_installed: None) -> None:
    """``--dask local``'s workers do not sample their threads' stacks every 10 ms for a
    dashboard nobody sees, nor watch the GIL (issue 40: their CPU grows with the run's time),
    and its scheduler runs no active memory manager (it dropped the partitions a worker had
    fetched for its alignment blocks); its client takes results straight from the workers
    (through the scheduler, each result was read, written and read again in this process);
    the settings reach the spawned workers, and only a cluster started here."""
    code = (
        "import dask\n"
        "from copylens.core.distribute import dask_cluster\n"
        "def settings(dask_worker):\n"
        "    return (dask.config.get('distributed.worker.profile.enabled'),\n"
        "            dask.config.get('distributed.admin.system-monitor.gil.enabled'),\n"
        "            'profile' in dask_worker.periodic_callbacks)\n"
        "if __name__ == '__main__':\n"
        "    with dask_cluster('local', 1) as client:\n"
        "        print(list(client.run(settings).values()), client.amm.running(),\n"
        "              client.direct_to_workers)\n"
        "    print(dask.config.get('distributed.worker.profile.enabled'))\n"
    )
    run = _command(code=code)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["[(False,", "False,", "False)]", "False", "True", "True"]


def test_blocks_given_picked_documents_give_the_same_report(
    dask_scheduler: str, corpus: tuple[Path, dict[str, Path]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the run's documents would not fit every worker, each alignment task is given only
    the documents its block needs, picked where their partitions are: the same report as the
    partitions given whole (the other tests' small runs) and as the local run."""
    from copylens.core import distribute

    folder, special = corpus
    inputs, ignore = [folder], [special["handout"]]
    local = compare(inputs, ignore=ignore)
    monkeypatch.setattr(distribute, "WHOLE_SHARE", 0.0)
    assert compare_on_dask(inputs, ignore=ignore, address=dask_scheduler) == local


def test_a_documents_pairs_are_aligned_in_one_block_whatever_partitions_its_partners_are_in() -> (
    None
):
    """The alignment's blocks are runs of candidates cut only where the first document
    changes (issue 40): all of a document's pairs are in one block, so its containment bound
    is one pass over all its partners, as in the local run (cut by the partitions of both
    documents, a document of 10,000 essays was bounded once per partition of its partners:
    3x the local run's CPU); the blocks cover the candidates in order, each of at least the
    block size but the last."""
    from copylens.core.distribute import _blocks

    rng = random.Random(40)
    first = np.sort(np.array([rng.randrange(60) for _ in range(700)], dtype=np.int64))
    for size in (1, 7, 64, 10_000):
        blocks = _blocks(first, size)
        assert [b.start for b in blocks] == [0, *(b.stop for b in blocks[:-1])]
        assert blocks[-1].stop == len(first)
        assert all(b.stop - b.start >= size for b in blocks[:-1])
        owners = [set(first[b].tolist()) for b in blocks]
        assert sum(len(o) for o in owners) == len(set(first.tolist()))  # none in two blocks
    assert _blocks(np.empty(0, dtype=np.int64), 8) == []


# ------------------------------------------------------------------ stopping the command line


def _started_on_a_terminal(command: list[str], marker: bytes) -> tuple[Any, list[bytes]]:
    """``command`` with its stderr on a pseudo-terminal (the progress bar shows only there),
    returned once ``marker`` is on it (the run has started work), with what it wrote so far
    (still collected, until it closes its end)."""
    import pty

    master, slave = pty.openpty()
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave
    )
    os.close(slave)
    written: list[bytes] = []
    seen = threading.Event()

    def collect() -> None:
        with closing(os.fdopen(master, "rb", buffering=0)) as stream, suppress(OSError):
            while chunk := stream.read(4096):
                written.append(chunk)
                if marker in b"".join(written):
                    seen.set()
        seen.set()

    threading.Thread(target=collect, name="pty-reader", daemon=True).start()
    seen.wait(timeout=START_SECONDS)  # a hang guard: a loaded machine starts the cluster late
    assert process.poll() is None, b"".join(written).decode(errors="replace")
    return process, written


def _descendants_while_running(pid: int, until: threading.Event) -> set[int]:
    """Every process seen below ``pid`` until ``until`` is set (readers spawned late included:
    once ``pid`` is gone its orphans are init's, and /proc no longer ties them to it)."""
    seen: set[int] = set()

    def watch() -> None:
        while not until.is_set():
            seen.update(_children(pid))
            until.wait(0.02)

    threading.Thread(target=watch, name="watch-children", daemon=True).start()
    return seen


@pytest.mark.skipif(sys.platform != "linux", reason="process checks read /proc")
@pytest.mark.parametrize(
    ("stop", "marker", "code", "said"),
    [
        (signal.SIGTERM, b"reading", 143, "terminated"),
        (signal.SIGTERM, b"comparing", 143, "terminated"),
        (signal.SIGINT, b"comparing", 130, "interrupted"),
    ],
)
def test_a_signal_stops_compare_on_a_local_cluster_with_no_process_left(
    dask_installed: None,
    tmp_path: Path,
    stop: signal.Signals,
    marker: bytes,
    code: int,
    said: str,
) -> None:
    """``compare --dask local`` stopped by SIGTERM (or Ctrl+C's SIGINT, to this process only)
    once it reads or compares: it exits with 143 (130) and says so in one word, no traceback
    of Dask's closing cluster, and leaves none of the processes it started (nannies, workers,
    the readers those spawned) running; the inputs are untouched."""
    rng = random.Random(40)
    folder = tmp_path / "essays"
    folder.mkdir()
    # The signal must come while the stage runs, however late a loaded machine lets this
    # process send it: under load the 400 essays were read in 0.4 s and their last pairs
    # compared 0.4-1.4 s after "comparing" showed. A PDF that takes pdfminer seconds holds the
    # reading, and 16 passages shared by 25 essays each (not 40 by 10) hold the comparing
    # some 7 s (both slow down with the machine, as this process does).
    shared = [essay(rng, EN_WORDS, 4) for _ in range(16)]
    for n in range(400):
        body = essay(rng, EN_WORDS, 8) + rng.choice(shared)
        (folder / f"e{n:03d}.txt").write_text(text(body), encoding="utf-8")
    if marker == b"reading":
        (folder / "scatter.pdf").write_bytes(hf.pdf_scatter_markers(30_000))
    given = {p.name: p.read_bytes() for p in folder.iterdir()}
    command = [sys.executable, "-m", "copylens", "compare", str(folder), "--format", "json"]
    process, written = _started_on_a_terminal([*command, "--dask", "local"], marker)
    ended = threading.Event()
    started = _descendants_while_running(process.pid, ended)
    try:
        process.send_signal(stop)
        process.wait(timeout=START_SECONDS)  # a hang guard, not a latency target
    finally:
        ended.set()
        if process.poll() is None:
            process.kill()
    err = b"".join(written).decode(errors="replace")
    assert process.returncode == code, err
    assert err.rstrip().endswith(said), err
    assert "Traceback" not in err and "ERROR" not in err, err
    assert started, "the cluster's processes were never seen"
    assert _wait_for(lambda: not [p for p in started if _alive(p)], "no process left")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == given


def _cmdline(pid: int) -> str:
    with suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


@pytest.mark.skipif(sys.platform != "linux", reason="process checks read /proc")
def test_a_sigterm_while_the_local_cluster_starts_stops_it_with_no_traceback_and_no_process_left(
    dask_installed: None, tmp_path: Path
) -> None:
    """SIGTERM to ``compare --dask local`` as soon as its first worker process exists, while
    the LocalCluster is starting: exit 143, "terminated" and nothing else (no traceback of
    Dask's exit hook closing a cluster whose worker was still starting: "AssertionError:
    Status.init", "Nanny failed to start"), no process left; the inputs untouched."""
    folder = tmp_path / "essays"
    folder.mkdir()
    rng = random.Random(41)
    for n in range(20):
        (folder / f"e{n:02d}.txt").write_text(text(essay(rng, EN_WORDS, 4)), encoding="utf-8")
    given = {p.name: p.read_bytes() for p in folder.iterdir()}
    command = [sys.executable, "-m", "copylens", "compare", str(folder), "--format", "json"]
    err = tmp_path / "stderr.txt"
    with err.open("wb") as sink:
        process = subprocess.Popen(
            [*command, "--dask", "local"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    ended = threading.Event()
    started = _descendants_while_running(process.pid, ended)
    try:
        worker = _wait_for(
            lambda: [
                p
                for p in _children(process.pid)
                if "spawn_main" in _cmdline(p) and "resource_tracker" not in _cmdline(p)
            ],
            "a worker process",
        )
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=START_SECONDS)  # a hang guard, not a latency target
    finally:
        ended.set()
        if process.poll() is None:
            process.kill()
        for thread in threading.enumerate():
            if thread.name == "watch-children":
                thread.join(START_SECONDS)
    said = err.read_text(errors="replace")
    assert process.returncode == 143, said
    assert said.strip() == "terminated", said
    assert worker and started
    assert _wait_for(lambda: not [p for p in started if _alive(p)], "no process left")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == given
