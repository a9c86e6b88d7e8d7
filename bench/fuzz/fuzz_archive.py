"""Coverage-guided fuzzing of what an archive gives back (issue 38), with atheris/libFuzzer.

An archive may be shared, copied, damaged or written by someone else, so everything read from
it is hostile input. Three targets, the same driver as ``fuzz_extract.py`` (fork mode, findings
as ``crash-``/``timeout-``/``oom-`` files under ``<out>/<target>/``, corpus kept in
``<out>/corpus/<target>/``, the summary table at the end):

* ``record``: a stored record's blobs. The input is a 4-byte little-endian character count
  (the ``chars`` the record claims) and a blob, decoded as canonical data
  (``decode_canonical``), as index keys (``anchors_of``) and as text (``decode_text``). The
  contract: only :class:`~copylens.core.errors.ArchiveError`, within the bounds the count
  allows (never the blob's expansion).
* ``page``: a row of the archive's page cache: a 4-byte stored ``size`` and a body, read by
  ``page_of``; only ``ValueError``/``TypeError`` (the cache then ignores the copy).
* ``archive``: a whole SQLite archive file (seeded with a small real one): opened, listed,
  counted, its records read as sources, a short text checked against it and a record removed;
  only :class:`~copylens.core.errors.CopyLensError` (a clear message), a damaged record being
  skipped and named.

A finding is any other exception, a hang beyond ``--timeout`` or a process beyond
``--rss-limit-mb``. Seeds are made on the first run from real records (``make_seeds``) into
``seeds/<target>/``. A bench command, never run by the unit tests or CI.

Usage (from the repository root, with ``pip install -e ".[fuzz]"``)::

    python bench/fuzz/fuzz_archive.py --target all --minutes 10 --out build/fuzz
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import shlex
import struct
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fuzz_extract import (  # noqa: E402
    FORMAT_ENV,
    LAUNCHER_ENV,
    Outcome,
    executions_in,
    kind_of,
    run_all,
    run_logged,
)

SEEDS = HERE / "seeds"
TARGETS = ("record", "page", "archive")
MAX_LEN = {"record": 65536, "page": 16384, "archive": 262144}
INSTRUMENTED = ("copylens",)
TEXTS = (
    "The printing press spread books across Europe. Printers in Venice made small books "
    "that readers could carry. Their type was cut by hand.",
    "Пчёлы собирают нектар с цветков и приносят его в улей. Там нектар становится мёдом.",
)


# --- the libFuzzer process -----------------------------------------------------------------


def fuzz_worker(target: str) -> None:
    """Instrument the archive's readers, then hand control to libFuzzer (never returns)."""
    import atheris

    with atheris.instrument_imports(include=list(INSTRUMENTED)):
        import copylens.core.archive.sqlite  # noqa: F401
        from copylens.core.archive.record import anchors_of, decode_canonical, decode_text
        from copylens.core.errors import ArchiveError, CopyLensError
        from copylens.core.web.cache import page_of

    logging.disable(logging.CRITICAL)
    folder = Path(tempfile.mkdtemp(prefix="copylens-fuzz-archive-"))

    def record(data: bytes) -> None:
        chars, blob = _split(data)
        for read in (
            lambda: decode_canonical(blob, chars),
            lambda: anchors_of(blob, 8, chars),
            lambda: decode_text(blob, chars),
        ):
            with contextlib.suppress(ArchiveError):
                read()

    def page(data: bytes) -> None:
        size, blob = _split(data)
        row = ("https://a.example/", "2025-01-01", 1.0, None, None, "text/html", None, "a", blob)
        with contextlib.suppress(ValueError, TypeError):
            page_of((*row, size))

    def archive(data: bytes) -> None:
        path = folder / "archive.db"
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)
        path.write_bytes(data)
        with contextlib.suppress(CopyLensError):
            use_archive(str(path))

    test_one_input = {"record": record, "page": page, "archive": archive}[target]
    argv = [os.environ[LAUNCHER_ENV], *sys.argv[1:]]
    atheris.Setup(argv, test_one_input)
    atheris.Fuzz()


def _split(data: bytes) -> tuple[int, bytes]:
    """A 4-byte little-endian number and the rest (0 and all of it when shorter)."""
    if len(data) < 4:
        return 0, data
    return struct.unpack("<I", data[:4])[0], data[4:]


def use_archive(location: str) -> None:
    """What the commands do with an archive: open, list, count, read sources, check, remove."""
    from copylens.core import MoreSources, Options, TextInput, check, open_archive
    from copylens.core.errors import ArchiveError

    options = Options(workers=1)
    with open_archive(location) as archive:
        documents = archive.documents()
        archive.stats()
        archive.sources([d.text for d in documents[:5]], options)
        for d in documents[:2]:
            with contextlib.suppress(ArchiveError):  # extract: a damaged text is a message
                archive.text(d.id)
    with open_archive(location, options) as archive:
        check([TextInput("essay.txt", TEXTS[0])], [], options, more=MoreSources(archive=archive))
        documents = archive.documents()
        if documents:
            archive.remove([documents[0].id])


# --- seeds ---------------------------------------------------------------------------------


def make_seeds() -> None:
    """Real records, page rows and a small archive, once, into ``seeds/<target>/``."""
    if all((SEEDS / t).is_dir() and any((SEEDS / t).iterdir()) for t in TARGETS):
        return
    import sqlite3
    from contextlib import closing

    from copylens.core import Options, TextInput, add_to_archive, open_archive

    for target in TARGETS:
        (SEEDS / target).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        location = str(Path(tmp) / "seed.db")
        with open_archive(location, Options(), create=True) as archive:
            for n, body in enumerate(TEXTS):
                inputs = [TextInput(f"essay{n}.txt", body)]
                add_to_archive(archive, inputs, Options(workers=1), {"author": f"s{n}"})
        with closing(sqlite3.connect(location)) as db:
            rows = db.execute(
                "SELECT d.chars, c.text, c.data FROM contents c JOIN documents d "
                "ON d.text = c.document"
            ).fetchall()
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.execute("PRAGMA journal_mode=DELETE")
        for n, (chars, text, data) in enumerate(rows):
            head = struct.pack("<I", chars)
            (SEEDS / "record" / f"data-{n}").write_bytes(head + bytes(data))
            (SEEDS / "record" / f"text-{n}").write_bytes(head + bytes(text))
        import zlib

        body = TEXTS[0].encode()
        page = struct.pack("<I", len(body)) + zlib.compress(body, 6)
        (SEEDS / "page" / "page-0").write_bytes(page)
        (SEEDS / "archive" / "archive-0.db").write_bytes(Path(location).read_bytes())


# --- the driver ----------------------------------------------------------------------------


def launcher(out: Path) -> Path:
    path = out / "run-archive-worker.sh"
    command = shlex.join([sys.executable, str(Path(__file__).resolve())])
    path.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
    path.chmod(0o755)
    return path


def run_target(target: str, args: argparse.Namespace, run_worker: Path) -> Outcome:
    artifacts, corpus = args.out / target, args.out / "corpus" / target
    artifacts.mkdir(parents=True, exist_ok=True)
    corpus.mkdir(parents=True, exist_ok=True)
    before = set(artifacts.iterdir())
    command = [
        str(run_worker),
        "-fork=1",
        "-ignore_crashes=1",
        "-ignore_timeouts=1",
        "-ignore_ooms=1",
        f"-timeout={args.timeout}",
        f"-rss_limit_mb={args.rss_limit_mb}",
        f"-max_len={MAX_LEN[target]}",
        f"-max_total_time={round(args.minutes * 60)}",
        f"-artifact_prefix={artifacts}/",
        str(corpus),
        str(SEEDS / target),
    ]
    log = args.out / f"archive-{target}.log"
    start = time.monotonic()
    code = run_logged(command, target, run_worker, log, args.minutes * 60 + 600)
    outcome = Outcome(target, seconds=time.monotonic() - start, exit_code=code, log=log)
    outcome.files = sorted(set(artifacts.iterdir()) - before)
    outcome.findings = Counter(kind_of(path.name) for path in outcome.files)
    outcome.executions = executions_in(log)
    print(f"{target}: done, {outcome.executions:,} executions, {len(outcome.files)} findings")
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--target", required=True, choices=[*TARGETS, "all"])
    parser.add_argument("--minutes", type=float, default=10.0, help="per target (default 10)")
    parser.add_argument("--out", type=Path, default=Path("build/fuzz"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input")
    parser.add_argument("--rss-limit-mb", type=int, default=2048)
    args = parser.parse_args(argv)
    args.out = args.out.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    make_seeds()
    run_worker = launcher(args.out)
    targets = list(TARGETS) if args.target == "all" else [args.target]
    print(f"fuzzing {', '.join(targets)} for {args.minutes:g} min each", flush=True)
    return run_all(targets, lambda t: run_target(t, args, run_worker), args.jobs)


if __name__ == "__main__":
    if os.environ.get(FORMAT_ENV):
        fuzz_worker(os.environ[FORMAT_ENV])
    else:
        sys.exit(main())
