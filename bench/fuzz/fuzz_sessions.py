"""Coverage-guided fuzzing of session files (issue 38), with atheris/libFuzzer.

The target is what opening a ``.copylens`` does before anything is shown: the bounded reading
(:func:`copylens.app.session_file.parse`: size counted before inflating, nesting scanned
before parsing, numbers checked while parsing), :func:`~copylens.app.session_file.from_data`
(inputs, settings, the reports' parsers) and the review's plan
(:func:`copylens.app.session_review.plan`: which settings differ, which files lie outside the
session's folder). Its contract: a bad file raises only
:class:`~copylens.app.session_file.SessionError`, never hangs and never blows memory. A
*finding* is any other exception (``crash``), one input over ``--timeout`` seconds
(``timeout``) or the process over ``--rss-limit-mb`` (``oom``); libFuzzer writes its input to
``<out>/sessions/`` and stops (one process, not fork mode: the run is short and a finding is
looked at at once).

An input that starts with the gzip magic is the file as is (mutations of the compressed
stream: truncation, bad CRC, extra members); any other input is the JSON, gzipped by the
harness (so most mutants reach the JSON and the session's structure). The seeds, made in
``<out>/corpus/sessions/`` on first use, are real sessions (a check and a compare of three
short texts, saved by :func:`~copylens.app.session_file.write_session`) in both forms, and
the issue's probes in small: deep nesting, NaN and out-of-range shares, a stranger's
settings, ``../`` paths. A dictionary of the format's keys guides the mutations.

At the end it prints executions, exec/s, the elapsed time and whether it ran clean; exit 1
on a finding. A bench command, never run by the unit tests or CI. Usage (from the repository
root, with ``pip install -e ".[fuzz]"``)::

    python bench/fuzz/fuzz_sessions.py --minutes 10 --out build/fuzz
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER_ENV = "COPYLENS_FUZZ_SESSIONS"
STATUS_LINE = re.compile(rb"^#(\d+)\s", re.MULTILINE)
KEYS = [
    "format",
    "copylens-session",
    "version",
    "mode",
    "check",
    "compare",
    "inputs",
    "documents",
    "sources",
    "ignore",
    "compare_ignore",
    "path",
    "relative",
    "name",
    "text",
    "web",
    "addresses",
    "settings",
    "reports",
    "pairs",
    "clusters",
    "errors",
    "options",
    "texts",
    "archived",
    "kind",
    "uniqueness",
    "borrowed",
    "cited",
    "self_cited",
    "resemblance",
    "containment",
    "fragments",
    "edits",
    "start",
    "end",
    "source_start",
    "source_end",
    "words",
    "score",
    "archive",
    "add_to_archive",
    "web_allow_local",
    "web_search",
    "web_max_queries",
    "min_fragment_words",
    "labels",
]


def fuzz_worker(folder: str) -> None:
    """Instrument the session readers, then hand control to libFuzzer (never returns)."""
    import atheris

    from copylens.app import session_review, settings
    from copylens.app.session_file import SessionError, from_data, parse

    # the editable install's import hook hides the modules from instrument_imports: every
    # function loaded so far is instrumented instead (the session readers and their imports)
    atheris.instrument_all()

    mine = settings.defaults()
    home = Path(folder)

    def test_one_input(data: bytes) -> None:
        raw = data if data[:2] == b"\x1f\x8b" else gzip.compress(data, compresslevel=1)
        with contextlib.suppress(SessionError):
            session = from_data(parse(raw), home)
            session_review.plan(session, home, mine)

    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


def make_seeds(corpus: Path) -> None:
    """Real sessions and the issue's probes in small, as JSON and as gzip files."""
    from copylens.app.session_file import Session, to_data
    from copylens.core import Options, TextInput, check, compare

    corpus.mkdir(parents=True, exist_ok=True)
    if any(corpus.iterdir()):
        return
    story = (
        "The lighthouse keeper wrote every evening about the weather, the passing ships and "
        "the slow decay of the wooden pier that nobody had repaired for decades."
    )
    texts = [TextInput("a", story), TextInput("b", "Other words. " + story), TextInput("c", "x")]
    options = Options(workers=1, min_fragment_words=5, paraphrase=False)
    checked = check(texts[:1], texts[1:], options)
    compared = compare(texts, options)
    session = Session(
        "check",
        {"documents": (texts[0], Path("/tmp/a.txt")), "sources": (texts[1],)},
        {"shingle": 8, "archive": "x.db", "add_to_archive": True},
        {"check": checked, "compare": compared},
        ("https://example.com/",),
    )
    real = to_data(session, Path("/tmp"))
    seeds = {"real": json.dumps(real, ensure_ascii=False).encode()}
    nan = json.loads(seeds["real"])
    nan["reports"]["check"]["documents"][0]["uniqueness"] = 1.5
    seeds["share"] = json.dumps(nan).encode().replace(b"1.5", b"NaN")
    seeds["deep"] = b'{"format": "copylens-session", "version": 1, "x": ' + b"[" * 80
    seeds["paths"] = json.dumps(
        {
            "format": "copylens-session",
            "version": 1,
            "inputs": {"documents": [{"path": "/gone/x.txt", "relative": "../../etc/passwd"}]},
            "settings": {"web_allow_local": True, "web_max_queries": 100, "ui_language": "ru"},
        }
    ).encode()
    for name, payload in seeds.items():
        (corpus / f"{name}.json").write_bytes(payload)
        (corpus / f"{name}.gz").write_bytes(gzip.compress(payload, mtime=0))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--out", type=Path, default=Path("build/fuzz"))
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input")
    parser.add_argument("--rss-limit-mb", type=int, default=2048)
    parser.add_argument("--max-len", type=int, default=256 * 1024, help="largest input, bytes")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    out = args.out.resolve()
    artifacts, corpus = out / "sessions", out / "corpus" / "sessions"
    artifacts.mkdir(parents=True, exist_ok=True)
    make_seeds(corpus)
    words = out / "sessions.dict"
    words.write_text("".join(f'"{key}"\n"\\"{key}\\""\n' for key in KEYS), encoding="utf-8")
    log = out / "sessions.log"
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            f"-max_total_time={int(args.minutes * 60)}",
            f"-timeout={args.timeout}",
            f"-rss_limit_mb={args.rss_limit_mb}",
            f"-max_len={args.max_len}",
            f"-dict={words}",
            f"-artifact_prefix={artifacts}/",
            "-print_final_stats=1",
            str(corpus),
        ]
        start = time.monotonic()
        with log.open("wb") as stream:
            code = subprocess.call(
                command,
                stdout=stream,
                stderr=subprocess.STDOUT,
                env={**os.environ, WORKER_ENV: folder},
            )
        seconds = time.monotonic() - start
    text = log.read_bytes()
    runs = [int(n) for n in STATUS_LINE.findall(text)]
    executions = max(runs, default=0)
    found = sorted(
        p.name for p in artifacts.iterdir() if p.name.split("-")[0] in ("crash", "timeout", "oom")
    )
    state = "clean" if code == 0 and not found else f"FINDINGS {found} (exit {code})"
    print(
        f"sessions: {executions:,} executions in {seconds:.0f} s "
        f"({executions / max(seconds, 1e-9):.0f}/s), {state}; log {log}"
    )
    return 0 if state == "clean" else 1


if __name__ == "__main__":
    if os.environ.get(WORKER_ENV):
        fuzz_worker(os.environ[WORKER_ENV])
    sys.exit(main())
