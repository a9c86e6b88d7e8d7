"""Hostile files through the real command line: each ends in its own error within its limits
while a good file beside it is checked (issue 13).

For each case of :data:`CASES` (built by ``tests/hostile_files.py``: the files the issue found
and those the fuzzer and the extractor work found since), the bench writes the hostile file and
a good file of the same format into a fresh folder and runs, as a user would::

    copylens check HOSTILE GOOD --against SOURCE --format json

in a child process, measuring its wall time and the peak resident memory of the largest
process of the run (``wait4``: the command and the workers it reaped), and prints the error the
hostile file got and whether the good file was checked (its containment in the source must be
1.0). The same run of the good file alone is the baseline: each case's time and memory are also
given as a ratio to it. Last, the stops: how long ``copylens compare`` takes to end after
SIGTERM, and a run with a worker stuck in a loop after SIGINT (Ctrl+C).

Usage: ``python bench/bench_hostile.py [--only NAME ...] [--read-seconds S]``. Targets: every
case ends with an error that names no Python exception, within ``read_seconds`` + 10 s, peak
memory under ``read_memory`` + 0.5 GB, and the good file is checked; stops end within a second.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests import hostile_files as hf  # noqa: E402

CASES: dict[str, tuple[str, Callable[[], bytes]]] = {
    "pdf: object refers to itself": ("pdf", hf.pdf_self_reference),
    "pdf: two objects refer to each other": ("pdf", hf.pdf_reference_cycle),
    "pdf: page tree cycle": ("pdf", hf.pdf_page_tree_cycle),
    "pdf: xref loop": ("pdf", hf.pdf_xref_loop),
    "pdf: nested forms (4 per level, 12 levels)": ("pdf", hf.pdf_nested_forms),
    "pdf: FlateDecode bomb (1 GiB)": ("pdf", hf.pdf_flate_bomb),
    "pdf: font map of 4 billion codes": ("pdf", hf.pdf_cmap_range_bomb),
    "pdf: font widths for 2 billion characters": ("pdf", hf.pdf_width_range_bomb),
    "docx: 480 MiB of XML": ("docx", hf.docx_huge_xml),
    "docx: BOM + DOCTYPE entities": ("docx", hf.docx_entities_after_bom),
    "html: 300 nested blocks": ("html", hf.html_deep_nesting),
    "rtf: 4 MiB \\bin payload": ("rtf", hf.rtf_bin_payload),
    "rtf: \\u99999999999": ("rtf", hf.rtf_huge_unicode_escape),
}
"""Case → (suffix, builder of the hostile file's bytes)."""

GOOD: dict[str, Callable[[], bytes]] = {
    "pdf": hf.pdf_good,
    "docx": hf.docx_good,
    "html": lambda: f"<html><body><p>{hf.GOOD_TEXT}</p></body></html>".encode(),
    "rtf": lambda: ("{\\rtf1\\ansi " + hf.GOOD_TEXT + "}").encode(),
}
EXCEPTION_NAMES = ("Error", "Exception", "Traceback")


def run_check(folder: Path, files: list[Path], read_seconds: float) -> dict[str, Any]:
    """``copylens check FILES --against source.txt`` in a child: time, peak memory, report.

    The peak is ``wait4``'s: the largest resident set of the child and of the workers it
    reaped (Linux reports the children's high-water mark with the child's own)."""
    command = [sys.executable, "-m", "copylens.app.cli", "check", *map(str, files)]
    command += ["--against", str(folder / "source.txt"), "--format", "json"]
    command += ["--read-seconds", str(read_seconds), "--quiet"]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        _, _, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - started
        process.returncode = 0  # reaped above
        out.seek(0)
        err.seek(0)
        text, errors = out.read(), err.read().decode(errors="replace")
    report = json.loads(text) if text.strip() else {}
    return {
        "seconds": seconds,
        "peak_mb": usage.ru_maxrss / 1024,
        "report": report,
        "stderr": errors,
    }


def case_row(
    name: str, suffix: str, build: Callable[[], bytes], read_seconds: float
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as tmp:
        folder = Path(tmp)
        (folder / "source.txt").write_text(hf.GOOD_TEXT, encoding="utf-8")
        hostile = folder / f"hostile.{suffix}"
        good = folder / f"good.{suffix}"
        hostile.write_bytes(build())
        good.write_bytes(GOOD[suffix]())
        size = hostile.stat().st_size
        result = run_check(folder, [hostile, good], read_seconds)
    report = result["report"]
    errors = {Path(e["path"]).name: e["error"] for e in report.get("errors", [])}
    checked = {Path(d["path"]).name: d for d in report.get("documents", [])}
    good_ok = "good." + suffix in checked and checked["good." + suffix]["words"] > 0
    hostile_doc = checked.get("hostile." + suffix)
    outcome = errors.get("hostile." + suffix) or (
        f"read ({hostile_doc['words']} words)" if hostile_doc else "missing"
    )
    return {
        "case": name,
        "bytes": size,
        "seconds": result["seconds"],
        "peak_mb": result["peak_mb"],
        "outcome": outcome,
        "good_checked": good_ok,
        "named_exception": any(word in outcome for word in EXCEPTION_NAMES),
    }


STUCK = """
import sys, time
sys.path.insert(0, {repo!r})
from tests.test_pool import stall
from copylens.core.pool import ProcessLimits, isolated_map
running = isolated_map(stall, [1, 13, 13], workers=2, limits=ProcessLimits())
next(running)
print("ready", flush=True)
next(running)
"""


def ctrl_c_seconds() -> float:
    """Seconds from SIGINT to exit of a run whose two workers are stuck in a loop."""
    script = textwrap.dedent(STUCK.format(repo=str(REPO)))
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert process.stdout is not None
    process.stdout.readline()
    time.sleep(0.3)
    return _seconds_to_exit(process, signal.SIGINT)


def _seconds_to_exit(process: subprocess.Popen[bytes], signum: int) -> float:
    sent = time.monotonic()
    process.send_signal(signum)
    process.wait()
    return time.monotonic() - sent


def sigterm_seconds() -> float:
    """Seconds from SIGTERM to exit of ``copylens compare`` reading 60 long texts."""
    rng = random.Random(7)
    words = ["river", "stone", "quiet", "garden", "letter", "window", "paper", "engine"]
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as tmp:
        folder = Path(tmp)
        for n in range(60):
            text = " ".join(rng.choice(words) + rng.choice("abcdefgh") for _ in range(40_000))
            (folder / f"essay{n:03d}.txt").write_text(text, encoding="utf-8")
        command = [sys.executable, "-m", "copylens.app.cli", "compare", str(folder), "--quiet"]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(3.0)
        return _seconds_to_exit(process, signal.SIGTERM)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="case names containing these words")
    parser.add_argument("--read-seconds", type=float, default=60.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as tmp:
        folder = Path(tmp)
        (folder / "source.txt").write_text(hf.GOOD_TEXT, encoding="utf-8")
        good = folder / "good.pdf"
        good.write_bytes(hf.pdf_good())
        base = run_check(folder, [good], args.read_seconds)
    print(f"baseline: a good .pdf alone {base['seconds']:.2f} s, {base['peak_mb']:.0f} MB peak")
    print(f"{'case':46} {'bytes':>10} {'s':>7} {'×':>5} {'MB':>6}  good  outcome")
    failed = 0
    for name, (suffix, build) in CASES.items():
        if args.only and not any(word in name for word in args.only):
            continue
        row = case_row(name, suffix, build, args.read_seconds)
        ratio = row["seconds"] / base["seconds"]
        ok = row["good_checked"] and not row["named_exception"]
        ok = ok and row["seconds"] < args.read_seconds + 10
        failed += not ok
        print(
            f"{row['case']:46} {row['bytes']:>10,} {row['seconds']:>7.2f} {ratio:>5.1f} "
            f"{row['peak_mb']:>6.0f}  {'yes' if row['good_checked'] else 'NO ':4}  "
            f"{row['outcome']}{'' if ok else '   <- FAIL'}"
        )
    print("(MB: peak resident memory of the largest process of the run; ×: time / baseline)")
    print(f"Ctrl+C with two workers stuck in a loop: exit after {ctrl_c_seconds():.2f} s")
    print(f"SIGTERM during compare of 60 long texts: exit after {sigterm_seconds():.2f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
