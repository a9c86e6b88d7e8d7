"""Coverage-guided fuzzing of every extractor (issue 13, hostile files), with atheris/libFuzzer.

The target is ``extract_text(data, "x.<format>")`` for one format at a time. Its contract: bad
input raises only :class:`copylens.core.errors.InputError` subclasses, never hangs and never
blows memory. The format ``feed`` (issue 38) fuzzes the news reader of RSS/Atom feeds instead,
``copylens.core.news.items.read_feed_bytes``: a bad feed raises only ``NewsError``, a bad
entry is a failure in the list it returns. So a *finding* is

* ``crash``: any exception that is not an ``InputError`` (``BaseException`` too), or the
  process dying (a segfault in a C parser);
* ``timeout``: one input running longer than ``--timeout`` seconds (libFuzzer ``-timeout``);
* ``oom``: the process over ``--rss-limit-mb`` (libFuzzer ``-rss_limit_mb``).

libFuzzer writes each finding's input to ``<out>/<format>/`` named ``crash-<sha1>``,
``timeout-<sha1>`` or ``oom-<sha1>`` (``-artifact_prefix``). It runs in fork mode (``-fork=1``
with ``-ignore_crashes/-ignore_timeouts/-ignore_ooms``): a child process fuzzes, the parent
restarts it after a finding, so the run goes on until ``--minutes`` are up. The corpus grows in
``<out>/corpus/<format>/`` (kept between runs); the seeds in ``seeds/<format>/`` (see
``make_seeds.py``) are read, never written. Coverage comes from instrumenting the Python code
of the readers and of the parser libraries they import (pdfminer, python-docx, odfpy,
defusedxml, striprtf, charset_normalizer, trafilatura and its helpers); lxml is C and not
instrumented. PDF, RTF, HTML and the XML of .docx/.odt get token dictionaries (``dicts/``);
.docx/.odt inputs are mutated member by member (unzip, mutate one member, zip again), and
sometimes as raw bytes, so most mutants are still valid zips that reach the XML readers.

At the end it prints per format: executions, exec/s, findings by kind, elapsed time and the
log file; it exits 1 if anything was found (2 if libFuzzer itself failed). A bench command,
never run by the unit tests or CI.

Usage (from the repository root, with ``pip install -e ".[fuzz]"``)::

    python bench/fuzz/fuzz_extract.py --format pdf --minutes 10 --out build/fuzz
    python bench/fuzz/fuzz_extract.py --format all --minutes 10 --jobs 2
    python bench/fuzz/fuzz_extract.py --format pdf --minimize build/fuzz/pdf/crash-...

``--minimize`` shrinks one finding with libFuzzer's ``-minimize_crash=1`` for ``--minutes``
and writes ``<out>/<format>/minimized-<name>``. It is meant for crashes: a timeout or OOM
shrinks into whatever input still hangs, which may be another bug (a tounicode range bomb
shrank into the known ``1 0 obj 1 0 R`` cycle), so check the result or shrink those by hand.

Internally the script re-runs itself as the libFuzzer process (through a small launcher
script in ``<out>``, which fork mode executes for every child); the environment variable
``COPYLENS_FUZZ_FORMAT`` tells that process which format.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
import zipfile
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = HERE / "seeds"
DICTS = HERE / "dicts"
FORMATS = ("txt", "md", "docx", "odt", "pdf", "rtf", "html", "doc", "feed")
DICT_OF = {
    "feed": "feed.dict",
    "pdf": "pdf.dict",
    "rtf": "rtf.dict",
    "html": "html.dict",
    "docx": "xml.dict",
    "odt": "xml.dict",
    "doc": "doc.dict",
}
ZIP_FORMATS = ("docx", "odt")
# Top-level packages whose Python code is instrumented for coverage (atheris works per package).
INSTRUMENTED = (
    "copylens",
    "pdfminer",
    "docx",
    "odf",
    "defusedxml",
    "striprtf",
    "charset_normalizer",
    "trafilatura",
    "courlan",
    "htmldate",
    "justext",
    "lxml_html_clean",
    "feedparser",
    "sgmllib",
)
FORMAT_ENV = "COPYLENS_FUZZ_FORMAT"
LAUNCHER_ENV = "COPYLENS_FUZZ_LAUNCHER"
KINDS = ("crash", "timeout", "oom")
STATUS_LINE = re.compile(rb"^#(\d+):", re.MULTILINE)


# --- the libFuzzer process -----------------------------------------------------------------


def fuzz_worker(fmt: str) -> None:
    """Instrument the readers, then hand control to libFuzzer (never returns)."""
    import atheris

    with atheris.instrument_imports(include=INSTRUMENTED):
        from copylens.core.errors import InputError, NewsError
        from copylens.core.extract import extract_text
        from copylens.core.news.items import read_feed_bytes

        if fmt == "feed":
            warm_up(fmt, read_feed_bytes, NewsError)
        else:
            warm_up(fmt, extract_text, InputError)  # the readers import their libraries lazily
    logging.disable(logging.CRITICAL)
    name = f"x.{fmt}"

    def test_one_input(data: bytes) -> None:
        if fmt == "feed":
            # the contract (issue 38): a bad feed is NewsError, a bad entry a failure in the list
            with contextlib.suppress(NewsError):
                read_feed_bytes(data, name)
            return
        with contextlib.suppress(InputError):  # the contract: bad input raises InputError
            extract_text(data, name)

    mutator = mutate_zip if fmt in ZIP_FORMATS else None
    argv = [os.environ[LAUNCHER_ENV], *sys.argv[1:]]
    atheris.Setup(argv, test_one_input, custom_mutator=mutator)
    atheris.Fuzz()


def warm_up(
    fmt: str, extract_text: Callable[[bytes, str], object], input_error: type[Exception]
) -> None:
    """Extract every seed once, so each lazily imported parser module loads (instrumented)."""
    for seed in sorted((SEEDS / fmt).iterdir()):
        with contextlib.suppress(input_error):
            extract_text(seed.read_bytes(), f"x.{fmt}")


def mutate_zip(data: bytes, max_size: int, seed: int) -> bytes:
    """libFuzzer's mutation of one member of a zip (zipped again); of the raw bytes 1 in 5."""
    import atheris

    rng = random.Random(seed)
    members = unzip_small(data) if rng.random() >= 0.2 else None
    if not members:
        return atheris.Mutate(data, max_size)
    name = rng.choice(sorted(members))
    members[name] = atheris.Mutate(members[name], max_size)
    packed = zip_members(members)
    return packed if len(packed) <= max_size else atheris.Mutate(data, max_size)


def unzip_small(data: bytes) -> dict[str, bytes] | None:
    """The members of a zip of at most 4 MiB unpacked, else None (not a zip, damaged, big)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if sum(info.file_size for info in infos) > 4 * 1024 * 1024:
                return None
            return {info.filename: archive.read(info) for info in infos}
    except Exception:  # a mutant that is no longer a readable zip
        return None


def zip_members(members: dict[str, bytes]) -> bytes:
    """A zip of ``members`` in order; ``mimetype`` stored (as ODF wants), the rest deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in members.items():
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            stored = name == "mimetype"
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return out.getvalue()


# --- the driver: one libFuzzer run per format ------------------------------------------------


@dataclass
class Outcome:
    """What one format's run did."""

    fmt: str
    executions: int = 0
    seconds: float = 0.0
    findings: Counter[str] = field(default_factory=Counter)
    files: list[Path] = field(default_factory=list)
    exit_code: int = 0
    log: Path | None = None


def launcher(out: Path) -> Path:
    """A shell script that runs this file with this interpreter (fork mode executes argv[0])."""
    path = out / "run-worker.sh"
    command = shlex.join([sys.executable, str(Path(__file__).resolve())])
    path.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
    path.chmod(0o755)
    return path


def libfuzzer_flags(fmt: str, args: argparse.Namespace, artifacts: Path) -> list[str]:
    flags = [
        "-fork=1",
        "-ignore_crashes=1",
        "-ignore_timeouts=1",
        "-ignore_ooms=1",
        f"-timeout={args.timeout}",
        f"-rss_limit_mb={args.rss_limit_mb}",
        f"-max_len={args.max_len}",
        f"-max_total_time={round(args.minutes * 60)}",
        f"-artifact_prefix={artifacts}/",
    ]
    if fmt in DICT_OF:
        flags.append(f"-dict={DICTS / DICT_OF[fmt]}")
    return flags


def run_format(fmt: str, args: argparse.Namespace, run_worker: Path) -> Outcome:
    """Fuzz one format for ``args.minutes``; count the new artifacts by kind."""
    artifacts, corpus = args.out / fmt, args.out / "corpus" / fmt
    artifacts.mkdir(parents=True, exist_ok=True)
    corpus.mkdir(parents=True, exist_ok=True)
    before = set(artifacts.iterdir())
    command = [str(run_worker), *libfuzzer_flags(fmt, args, artifacts), str(corpus)]
    command.append(str(SEEDS / fmt))
    log = args.out / f"{fmt}.log"
    start = time.monotonic()
    code = run_logged(command, fmt, run_worker, log, args.minutes * 60 + 600)
    outcome = Outcome(fmt, seconds=time.monotonic() - start, exit_code=code, log=log)
    outcome.files = sorted(set(artifacts.iterdir()) - before)
    outcome.findings = Counter(kind_of(path.name) for path in outcome.files)
    outcome.executions = executions_in(log)
    done = f"{outcome.executions:,} executions, {len(outcome.files)} findings"
    print(f"{fmt}: done, {done}", flush=True)
    return outcome


def run_logged(command: list[str], fmt: str, run_worker: Path, log: Path, limit: float) -> int:
    """Run libFuzzer with its output in ``log``; kill its process group past ``limit`` s."""
    env = {**os.environ, FORMAT_ENV: fmt, LAUNCHER_ENV: str(run_worker)}
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, env=env, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            return process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            return process.wait()


def kind_of(name: str) -> str:
    """``crash``/``timeout``/``oom`` from libFuzzer's artifact name, else its prefix."""
    prefix = name.split("-", 1)[0]
    return prefix if prefix in KINDS else f"other ({prefix})"


def executions_in(log: Path) -> int:
    """Total executions: the last ``#N:`` status line of libFuzzer's fork-mode parent."""
    found = STATUS_LINE.findall(log.read_bytes())
    return int(found[-1]) if found else 0


def minimize(path: Path, fmt: str, args: argparse.Namespace, run_worker: Path) -> int:
    """Shrink one finding with ``-minimize_crash=1``; write ``minimized-<name>`` beside it."""
    target = args.out / fmt / f"minimized-{path.name}"
    target.parent.mkdir(parents=True, exist_ok=True)
    command = [
        str(run_worker),
        "-minimize_crash=1",
        f"-timeout={args.timeout}",
        f"-rss_limit_mb={args.rss_limit_mb}",
        f"-max_total_time={round(args.minutes * 60)}",
        f"-exact_artifact_path={target}",
        str(path),
    ]
    log = args.out / f"{fmt}-minimize.log"
    # libFuzzer's minimizer loop does not stop at -max_total_time: stop it from here.
    code = run_logged(command, fmt, run_worker, log, args.minutes * 60 + 30)
    size = target.stat().st_size if target.exists() else None
    print(f"{path.name}: {path.stat().st_size} -> {size} bytes ({target}); log {log}")
    return 0 if code == 0 else 1


# --- the command line ----------------------------------------------------------------------


def report(outcomes: list[Outcome]) -> None:
    print(f"\n{'format':<7} {'executions':>11} {'exec/s':>7}  {'elapsed':>8}  findings")
    for o in outcomes:
        rate = o.executions / o.seconds if o.seconds else 0.0
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(o.findings.items())) or "none"
        failed = f" (libFuzzer exit {o.exit_code}, see {o.log})" if harness_failed(o) else ""
        print(f"{o.fmt:<7} {o.executions:>11,} {rate:>7.0f}  {o.seconds:>7.0f}s  {kinds}{failed}")
        for path in o.files:
            print(f"        {path}")


def harness_failed(outcome: Outcome) -> bool:
    """libFuzzer exited non-zero with nothing to show for it (a broken setup, not a finding)."""
    return outcome.exit_code != 0 and not outcome.files


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--format", required=True, choices=[*FORMATS, "all"])
    parser.add_argument("--minutes", type=float, default=10.0, help="per format (default 10)")
    parser.add_argument("--out", type=Path, default=Path("build/fuzz"))
    parser.add_argument("--jobs", type=int, default=1, help="formats fuzzed at the same time")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input (default 10)")
    parser.add_argument("--rss-limit-mb", type=int, default=2048, help="default 2048")
    parser.add_argument("--max-len", type=int, default=32768, help="input bytes (default 32768)")
    parser.add_argument("--minimize", type=Path, help="shrink this finding instead of fuzzing")
    args = parser.parse_args(argv)
    args.out = args.out.resolve()
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    run_worker = launcher(args.out)
    if args.minimize:
        if args.format == "all":
            sys.exit("--minimize needs one --format")
        return minimize(args.minimize.resolve(), args.format, args, run_worker)
    formats = list(FORMATS) if args.format == "all" else [args.format]
    each = f"{args.minutes:g} min each, {args.jobs} at a time"
    print(f"fuzzing {', '.join(formats)} for {each}", flush=True)
    return run_all(formats, lambda fmt: run_format(fmt, args, run_worker), args.jobs)


def run_all(names: list[str], run_one: Callable[[str], Outcome], jobs: int) -> int:
    """Each of ``names`` fuzzed by ``run_one``, ``jobs`` at a time, the table printed; the
    exit code: 2 when a harness failed, 1 when something was found, else 0."""
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        outcomes = list(pool.map(run_one, names))
    report(outcomes)
    if any(harness_failed(o) for o in outcomes):
        return 2
    return 1 if any(o.files for o in outcomes) else 0


if __name__ == "__main__":
    if os.environ.get(FORMAT_ENV):
        fuzz_worker(os.environ[FORMAT_ENV])
    else:
        sys.exit(main())
