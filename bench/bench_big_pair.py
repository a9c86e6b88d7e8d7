"""Benchmark of one ``check`` of a long document against a long source sharing half of it (issue
38, probe 2): wall time, peak memory and the share found, for this checkout and for the code
at ``--base`` (``git archive``), paraphrase stage on, and this checkout with
``--no-paraphrase`` beside them.

Issue 38 measured two 20 MB texts sharing half: the paraphrase stage asked for 72.9 GiB
(sentences × sentences) and died after 13.5 GB; ``--no-paraphrase`` took 2.9 GB. Here the
texts are generated (``bench_memory.build_text``: tokens of the repository's own English text
drawn with their frequencies, short lines), ``a.txt`` = the shared half + its own half,
``b.txt`` = the shared half + another own half, and each run is a child process measured by
``measure.py`` (peak: the larger of the largest process's high-water mark and the process
tree's summed PSS). Every child runs under ``nice`` with its data segment limited to
``--limit-gb`` (``RLIMIT_DATA``), so the old code's allocation fails fast instead of taking
the shared machine's memory: such a run is reported with its error.

Before each run the bench waits until the machine has the child's limit and 1 GB more
available (``MemAvailable``; it is shared), up to ``--wait-s``, and otherwise skips the run.
Sizes up to 50 MB (the default file limit) are generated; one run each, in the order this
checkout, the old code, ``--no-paraphrase``. Results go to ``bench/results/big_pair.json``
and ``big_pair.md``, with each run's time and peak as a ratio to the old code's.

Usage: ``python bench/bench_big_pair.py [--mb 4,16,50] [--base main] [--limit-gb 3]``.
Target (issue 38): a 50 MB pair within 2 GB, the paraphrase stage on, default settings.

``--compare K`` runs issue 38's other probe instead: ``compare`` of K texts of ``--mb`` million
characters each (all sharing the first half, each its own second half) with
``--min-containment 0``, so every pair is aligned (the issue: 50 × 20 MB died asking for
146 GiB after 14 minutes); it reports the pairs found beside time and peak, this checkout
only (``--compare 50 --mb 20`` is the issue's size).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from bench_memory import build_text
from measure import run_measured
from shared import old_package

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
TARGET_MB = 2048
LIMIT = (
    "import os, resource, sys; n = int(sys.argv[1]); "
    "resource.setrlimit(resource.RLIMIT_DATA, (n, n)); os.execvp(sys.argv[2], sys.argv[2:])"
)


def texts(mb: float, folder: Path) -> tuple[Path, Path]:
    """``a.txt`` and ``b.txt`` of ``mb`` million characters each, sharing their first half."""
    half = int(mb * 1_000_000) // 2
    shared = build_text("en", half, "short lines", seed=1)
    a, b = folder / f"a_{mb}.txt", folder / f"b_{mb}.txt"
    a.write_text(shared + "\n\n" + build_text("en", half, "short lines", seed=2), encoding="utf-8")
    b.write_text(shared + "\n\n" + build_text("en", half, "short lines", seed=3), encoding="utf-8")
    return a, b


def available_bytes() -> int:
    """The machine's ``MemAvailable`` (Linux), or 0 when unknown."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def room_for(limit: int, wait_s: float) -> bool:
    """Whether the machine has ``limit`` and 1 GB more available, waiting up to ``wait_s``."""
    deadline = time.monotonic() + wait_s
    while available_bytes() < limit + (1 << 30):
        if time.monotonic() > deadline:
            return False
        time.sleep(15)
    return True


def many(mb: float, count: int, folder: Path) -> Path:
    """A folder of ``count`` texts of ``mb`` million characters, all sharing their first half."""
    half = int(mb * 1_000_000) // 2
    shared = build_text("en", half, "short lines", seed=1)
    texts = folder / "many"
    texts.mkdir()
    for n in range(count):
        own = build_text("en", half, "short lines", seed=100 + n)
        (texts / f"t{n:03d}.txt").write_text(shared + "\n\n" + own, encoding="utf-8")
    return texts


def compare_many(args: argparse.Namespace, limit: int) -> int:
    """``--compare``: one ``compare --min-containment 0`` of the generated folder, measured."""
    with tempfile.TemporaryDirectory() as tmp:
        texts = many(float(args.mb), args.compare, Path(tmp))
        out = Path(tmp) / "report.json"
        command = [
            *("nice", sys.executable, "-c", LIMIT, str(limit), sys.executable),
            *("-m", "copylens.app.cli", "compare", str(texts), "--format", "json"),
            *("--min-containment", "0", "--max-file-mb", "60"),
        ]
        m = run_measured(command, out, cwd=Path(tmp), timeout_s=4 * 3600)
        pairs = (
            len(json.loads(out.read_text(encoding="utf-8"))["pairs"]) if m.returncode == 0 else 0
        )
        lines = m.stderr.strip().splitlines()
        row = {
            "compare": args.compare,
            "mb": float(args.mb),
            "seconds": round(m.wall_s, 1),
            "peak_mb": round(m.peak_mb),
            "exit": m.returncode,
            "pairs": pairs,
            "of": args.compare * (args.compare - 1) // 2,
            "error": "" if m.returncode == 0 else (lines[-1][:90] if lines else ""),
        }
    print(json.dumps(row), flush=True)
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "big_compare.json").write_text(json.dumps(row, indent=1) + "\n")
    return 0 if m.returncode == 0 else 1


def run(
    name: str, package: Path | None, a: Path, b: Path, extra: list[str], limit: int, out: Path
) -> dict[str, object]:
    command = [
        *("nice", sys.executable, "-c", LIMIT, str(limit), sys.executable),
        *("-m", "copylens.app.cli", "check", str(a), "--against", str(b), "--format", "json"),
        *("--max-file-mb", "60", *extra),
    ]
    saved = dict(os.environ)
    if package is not None:  # the old package first on the path of the child
        os.environ["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(package), saved.get("PYTHONPATH")])
        )
    try:
        m = run_measured(command, out, cwd=out.parent, timeout_s=3600)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    share, error = None, ""
    if m.returncode == 0:
        report = json.loads(out.read_text(encoding="utf-8"))
        if report["documents"]:
            share = 1 - report["documents"][0]["uniqueness"]
        if report["errors"]:  # a file not read (its time or memory limit): no result
            error = json.dumps(report["errors"][0], ensure_ascii=False)[:120]
    else:
        lines = m.stderr.strip().splitlines()
        error = ("timed out; " if m.timed_out else "") + (lines[-1][:90] if lines else "")
    return {
        "name": name,
        "seconds": round(m.wall_s, 1),
        "peak_mb": round(m.peak_mb),
        "exit": m.returncode,
        "share": None if share is None else round(share, 3),
        "error": error,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", default="4,16,50", help="millions of characters per text")
    parser.add_argument("--base", default="main", help="the old code's revision (default main)")
    parser.add_argument("--limit-gb", type=float, default=3.0, help="data limit of each process")
    parser.add_argument("--no-base", action="store_true", help="leave the old code out")
    parser.add_argument("--wait-s", type=float, default=600, help="most wait for free memory")
    parser.add_argument("--compare", type=int, default=0, help="compare K texts of --mb each")
    args = parser.parse_args(argv)
    limit = int(args.limit_gb * (1 << 30))
    if args.compare:
        return compare_many(args, limit)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        old = None if args.no_base else old_package(args.base, Path(tempfile.mkdtemp(dir=tmp)))
        for mb in (float(x) for x in args.mb.split(",")):
            a, b = texts(mb, folder)
            out = folder / "report.json"
            cases = [("this checkout", None, []), ("--no-paraphrase", None, ["--no-paraphrase"])]
            if old is not None:
                cases.insert(1, (f"{args.base} (before)", old, []))
            for name, package, extra in cases:
                if not room_for(limit, args.wait_s):
                    row = {"mb": mb, "name": name, "exit": None, "error": "skipped: no memory"}
                else:
                    row = {"mb": mb, **run(name, package, a, b, extra, limit, out)}
                rows.append(row)
                print(json.dumps(row, ensure_ascii=False), flush=True)
            a.unlink()
            b.unlink()
    table = summary(rows, args.base)
    print("\n" + table)
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "big_pair.json").write_text(json.dumps(rows, indent=1) + "\n")
    (BENCH / "results" / "big_pair.md").write_text(
        f"# bench_big_pair.py ({time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC)\n\n"
        f"Each text N million characters, sharing its first half; child data limit "
        f"{args.limit_gb:g} GB; load average at the end {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores.\n\n{table}\n"
    )
    return 0


def summary(rows: list[dict[str, object]], base: str) -> str:
    """The runs as a Markdown table: time, peak, share and verdict, and time and peak as a
    ratio to the old code's run of the same size when it finished."""
    lines = [
        "| MB each | code | time s | peak MB | share | result | time / old | peak / old |",
        "|---:|---|---:|---:|---:|---|---:|---:|",
    ]
    old = {r["mb"]: r for r in rows if str(r["name"]).startswith(base) and r["exit"] == 0}
    for r in rows:
        if r["exit"] is None:
            lines.append(f"| {r['mb']:g} | {r['name']} | | | | {r['error']} | | |")
            continue
        ok = r["exit"] == 0 and not r["error"] and int(str(r["peak_mb"])) <= TARGET_MB
        share = "-" if r["share"] is None else f"{r['share']:.3f}"
        verdict = ("within 2 GB" if ok else "over 2 GB") if r["exit"] == 0 else str(r["error"])
        verdict = str(r["error"]) if r["error"] else verdict
        o = old.get(r["mb"])
        ratios = (
            f"{float(str(r['seconds'])) / float(str(o['seconds'])):.2f} | "
            f"{float(str(r['peak_mb'])) / float(str(o['peak_mb'])):.2f}"
            if o is not None and r["exit"] == 0
            else " | "
        )
        lines.append(
            f"| {r['mb']:g} | {r['name']} | {r['seconds']} | {r['peak_mb']} | {share} | "
            f"{verdict} | {ratios} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
