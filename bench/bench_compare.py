"""Benchmark of ``copylens compare`` against a plain datasketch pipeline (the yardstick).

Measures, on a generated collection of essays with planted copies (``make_essays.py``):
wall time and peak memory of the whole ``copylens compare DIR --format json`` process and of
the yardstick's (``yardstick.py``), both as child processes (``measure.py`` says how), run
alternately ``--repeat`` times with the medians reported, because these machines are noisy;
recall per planted kind; precision over unordered pairs;
for CopyLens the unrelated pairs reported at containment ≥ 0.2; and the median wall time of
five ``copylens --help``. Prints a table with the ratios CopyLens/yardstick and the targets
(set for n = 1000) marked PASS or FAIL, and writes the figures to
``bench/results/compare_<n>.json``.

Both trees are compiled to bytecode first (:func:`compiled`), as an installed CopyLens is.
With ``--base REV`` the engine at that revision (``git archive``, run from a temporary copy)
runs too, in the same alternation, and the table gives its ratios and whether its JSON is
byte-identical (but for the time it was generated). CopyLens's CPU time by stage over all its
processes (``copylens.core.cpu``, ``COPYLENS_STAGE_CPU``, measured in one more run, not a timed
one) is printed beside the totals (issue 40), so a new signal's cost shows: the stages of the
engine, each pair step's ``assembled``, the pool's own CPU (pickling and pipes, in the parent
and the workers), the warm-up before the readers fork, and each process's start-up (imports);
"other" is what none of them claims.

Usage: ``python bench/bench_compare.py [--n 1000] [--seed 1] [--keep] [--base main]`` from anywhere;
``--keep`` leaves the essays in ``bench/data/essays_<n>/`` (truth in ``truth_<n>.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from make_essays import KINDS, make_essays, summary
from measure import Measurement, run_measured
from shared import old_package

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
UNRELATED_CONTAINMENT = 0.2
TARGETS = {"time_s": 4.0, "peak_mb": 600.0, "recall": 0.95, "unrelated": 0, "help_s": 0.3}

Pair = frozenset[str]


def copylens_command() -> list[str]:
    """The installed console script if there is one, else the module from this checkout."""
    script = shutil.which("copylens")
    return [script] if script else [sys.executable, "-m", "copylens.app.cli"]


def pair(a: str, b: str) -> Pair:
    return frozenset((Path(a).name, Path(b).name))


def load_copylens(path: Path) -> tuple[dict[Pair, float], dict[str, Any]]:
    """Reported pairs with their larger containment, and the rest of the report's counts."""
    report = json.loads(path.read_text(encoding="utf-8"))
    pairs = {
        pair(p["a"], p["b"]): max(p["containment_ab"], p["containment_ba"]) for p in report["pairs"]
    }
    extra = {"clusters": len(report.get("clusters", [])), "errors": report.get("errors", [])}
    return pairs, extra


def load_yardstick(path: Path) -> tuple[dict[Pair, float], set[Pair]]:
    report = json.loads(path.read_text(encoding="utf-8"))
    pairs = {pair(p["a"], p["b"]): p["jaccard"] for p in report["pairs"]}
    return pairs, {pair(a, b) for a, b in report["candidates"]}


def score(reported: Iterable[Pair], truth: dict[str, Any]) -> dict[str, Any]:
    """Recall per planted kind, precision, and the reported pairs that were not planted."""
    reported = set(reported)
    planted = {pair(p["a"], p["b"]): p["kind"] for p in truth["pairs"]}
    recall = {}
    for kind in KINDS:
        pairs = [p for p, k in planted.items() if k == kind]
        recall[kind] = sum(p in reported for p in pairs) / len(pairs) if pairs else None
    hits = len(reported & planted.keys())
    return {
        "reported": len(reported),
        "recall": recall,
        "missed": sorted(" ".join(sorted(p)) for p in planted.keys() - reported),
        "precision": hits / len(reported) if reported else None,
        "false_pairs": sorted(reported - planted.keys(), key=sorted),
    }


def time_help(command: list[str], runs: int = 5) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([*command, "--help"], cwd=REPO, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
    return times


def fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def mark(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def median_run(runs: list[Measurement]) -> Measurement:
    """The run with the median wall time (peak memory varies far less than time)."""
    return sorted(runs, key=lambda m: m.wall_s)[len(runs) // 2]


def compiled(trees: list[Path]) -> None:
    """Compile each tree's Python modules to bytecode, as installing CopyLens does (pip compiles
    on install; a PyInstaller build ships bytecode), so the runs measure an installed CopyLens,
    as the yardstick's datasketch is measured: these sessions set ``PYTHONDONTWRITEBYTECODE=1``,
    under which every run compiled copylens's modules afresh (issue 40: 0.11 s of the 0.26 s
    the process running ``compare`` spent before its warm-up, serial, in every run)."""
    for tree in trees:
        parts = [tree / "core", tree / "app", tree / "copylens"]
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", *map(str, filter(Path.is_dir, parts))],
            check=True,
            stdout=subprocess.DEVNULL,
        )


_GENERATED_AT = re.compile(rb'"generated_at": ?"[^"]*"')


def same_report(first: Path, second: Path) -> bool:
    """The two JSON reports are byte for byte the same but for the time each was written
    (its ``generated_at``)."""
    return _GENERATED_AT.sub(b"", first.read_bytes()) == _GENERATED_AT.sub(b"", second.read_bytes())


BLAS = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
USER_BLAS = {k: os.environ.get(k) for k in BLAS}
"""The BLAS thread settings the bench was started with: importing copylens sets them in this
process (``copylens/__init__``), and the engine of ``--base`` must run as it ships."""


def measured(
    command: list[str],
    out: Path,
    env: dict[str, str],
    timeout_s: float = 900.0,
    cwd: Path = REPO,
) -> Measurement:
    """:func:`run_measured` with ``env`` added to the environment the child inherits (and the
    BLAS settings as the bench was started with), run from ``cwd``: the engine of ``--base``
    runs from its own copy (``python -m`` puts the working folder first on ``sys.path``, so
    from this checkout it would import this checkout's ``copylens/``, whatever
    ``PYTHONPATH`` says)."""
    saved = dict(os.environ)
    for key, value in USER_BLAS.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    os.environ.update(env)
    try:
        return run_measured(command, out, cwd=cwd, timeout_s=timeout_s)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def stage_shares(folder: Path) -> dict[str, float]:
    """CPU seconds per stage of one run, over all its processes (``copylens.core.cpu``)."""
    from copylens.core.cpu import summed

    return {k: round(v, 2) for k, v in sorted(summed(folder).items(), key=lambda x: -x[1])}


def without_time(path: Path) -> bytes:
    """A JSON report's bytes without its ``generated_at`` (the time of the run, issue 36)."""
    return re.sub(rb'"generated_at":"[^"]*"', b"", path.read_bytes(), count=1)


def run(
    n: int,
    seed: int,
    root: Path,
    min_containment: float | None,
    repeat: int,
    base: str | None = None,
) -> dict[str, Any]:
    essays = root / f"essays_{n}"
    if essays.exists():
        shutil.rmtree(essays)
    truth_path = root / f"truth_{n}.json"
    started = time.perf_counter()
    truth = make_essays(essays, n, seed, truth_path)
    print(summary(essays, truth))
    print(f"generated in {time.perf_counter() - started:.1f} s\n")

    command = copylens_command()
    module = [sys.executable, "-m", "copylens.app.cli", "compare", str(essays), "--format", "json"]
    compare_cmd = [*command, "compare", str(essays), "--format", "json"]
    if min_containment is not None:
        compare_cmd += ["--min-containment", str(min_containment)]
    help_times = time_help(command)
    print("running:", " ".join(compare_cmd))
    yard_cmd = [sys.executable, str(BENCH / "yardstick.py"), str(essays)]
    print("running:", " ".join(yard_cmd), "\n")
    runs: dict[str, list[Measurement]] = {"copylens": [], "yardstick": []}
    old = old_package(base, Path(tempfile.mkdtemp(dir=root))) if base else None
    compiled([REPO, *([old] if old is not None else [])])
    if old is not None:
        runs["base"] = []
        if min_containment is not None:
            module += ["--min-containment", str(min_containment)]
        print(f"and {base} (git archive):", " ".join(module), "\n")
    paths = [str(old), os.environ.get("PYTHONPATH")] if old is not None else []
    env = {"PYTHONPATH": os.pathsep.join(filter(None, paths))}
    for _ in range(repeat):
        runs["copylens"].append(measured(compare_cmd, root / f"copylens_{n}.json", {}))
        if old is not None:
            runs["base"].append(measured(module, root / f"base_{n}.json", env, cwd=old))
        runs["yardstick"].append(run_measured(yard_cmd, root / f"yardstick_{n}.json", cwd=REPO))
    copylens, yardstick = median_run(runs["copylens"]), median_run(runs["yardstick"])
    folder = root / "cpu"  # the stages' CPU in a run of its own: the timed runs pay nothing
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    measured(compare_cmd, root / "stages.json", {"COPYLENS_STAGE_CPU": str(folder)})
    stages = stage_shares(folder)
    base_stages: dict[str, float] = {}
    if old is not None:  # the same for the engine at ``base``, right after
        shutil.rmtree(folder)
        folder.mkdir()
        cpu = {**env, "COPYLENS_STAGE_CPU": str(folder)}
        measured(module, root / "stages_base.json", cpu, cwd=old)
        base_stages = stage_shares(folder)
    walls = {k: [round(m.wall_s, 2) for m in v] for k, v in runs.items()}
    print(f"wall times of {repeat} alternating runs: {walls}")

    cl_pairs: dict[Pair, float] = {}
    cl_extra: dict[str, Any] = {"failure": None}
    try:
        cl_pairs, more = load_copylens(root / f"copylens_{n}.json")
        cl_extra.update(more)
    except (OSError, ValueError, KeyError, TypeError) as error:
        cl_extra["failure"] = f"{type(error).__name__}: {error}"
    if copylens.returncode != 0 or cl_extra["failure"]:
        print(f"copylens failed (exit {copylens.returncode}): {cl_extra['failure']}")
        print(copylens.stderr[-2000:])
    cl_score = score(cl_pairs, truth)
    unrelated = [p for p in cl_score["false_pairs"] if cl_pairs[p] >= UNRELATED_CONTAINMENT]
    cl_score["unrelated_at_0.2"] = len(unrelated)
    y_pairs, y_candidates = load_yardstick(root / f"yardstick_{n}.json")
    y_score = score(y_pairs, truth)
    cand_score = score(y_candidates, truth)
    for s in (cl_score, y_score, cand_score):
        s["false_pairs"] = [" ".join(sorted(p)) for p in s["false_pairs"]][:50]

    results: dict[str, Any] = {
        "n": n,
        "seed": seed,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "planted": {k: sum(p["kind"] == k for p in truth["pairs"]) for k in KINDS},
        "copylens": {**measurement(copylens), **cl_score, **cl_extra},
        "yardstick": {**measurement(yardstick), **y_score},
        "yardstick_lsh_candidates": cand_score,
        "help_s": [round(t, 3) for t in help_times],
        "help_median_s": round(statistics.median(help_times), 3),
    }
    results["ratios"] = {
        "time": copylens.wall_s / yardstick.wall_s,
        "memory": copylens.peak_mb / yardstick.peak_mb,
    }
    results["stage_cpu_s"] = stages
    if "base" in runs:
        before = median_run(runs["base"])
        results["base"] = {"revision": base, **measurement(before)}
        results["ratios"]["base_time"] = before.wall_s / yardstick.wall_s
        results["ratios"]["time_vs_base"] = copylens.wall_s / before.wall_s
        same = same_report(root / f"base_{n}.json", root / f"copylens_{n}.json")
        results["base"]["identical_json"] = same
        results["base"]["stage_cpu_s"] = base_stages
    results["targets"] = targets(results, copylens)
    return results


def measurement(m: Measurement) -> dict[str, Any]:
    return {
        "command": m.command,
        "returncode": m.returncode,
        "timed_out": m.timed_out,
        "wall_s": round(m.wall_s, 3),
        "peak_mb": round(m.peak_mb, 1),
        "maxrss_mb": round(m.maxrss_mb, 1),
        "tree_pss_mb": round(m.tree_pss_mb, 1),
        "stderr_tail": m.stderr[-1000:],
    }


def targets(results: dict[str, Any], copylens: Measurement) -> list[dict[str, Any]]:
    cl = results["copylens"]
    ok_run = copylens.returncode == 0 and not cl["failure"]
    rows = [
        ("time ≤ 4 s", copylens.wall_s, ok_run and copylens.wall_s <= TARGETS["time_s"]),
        ("peak ≤ 600 MB", copylens.peak_mb, ok_run and copylens.peak_mb <= TARGETS["peak_mb"]),
    ]
    for kind, value in cl["recall"].items():
        rows.append((f"recall {kind} ≥ 0.95", value, (value or 0) >= TARGETS["recall"]))
    unrelated = cl["unrelated_at_0.2"]
    rows.append(("0 unrelated pairs ≥ 0.2", unrelated, ok_run and unrelated == 0))
    help_s = results["help_median_s"]
    rows.append(("--help ≤ 0.3 s (median of 5)", help_s, help_s <= TARGETS["help_s"]))
    return [{"target": t, "value": v, "pass": bool(ok)} for t, v, ok in rows]


def table(results: dict[str, Any]) -> str:
    head = ["tool", "time s", "peak MB", *KINDS, "precision", "unrelated≥0.2"]
    rows = [head]
    for key, label in (
        ("copylens", "copylens"),
        ("yardstick", "yardstick"),
        ("yardstick_lsh_candidates", "(yardstick LSH candidates)"),
    ):
        r = results[key]
        rows.append(
            [
                label,
                fmt(r.get("wall_s")),
                fmt(r.get("peak_mb"), 0),
                *(fmt(r["recall"][k]) for k in KINDS),
                fmt(r["precision"]),
                str(r["unrelated_at_0.2"]) if "unrelated_at_0.2" in r else "-",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    ratios = results["ratios"]
    lines.append("")
    lines.append(
        f"copylens / yardstick: time {ratios['time']:.2f}x, memory {ratios['memory']:.2f}x"
    )
    if "base" in results:
        b = results["base"]
        lines.append(
            f"{b['revision']} (git archive): time {b['wall_s']:.2f} s, peak {b['peak_mb']:.0f} MB,"
            f" {ratios['base_time']:.2f}x the yardstick; copylens / {b['revision']}: time "
            f"{ratios['time_vs_base']:.2f}x; JSON identical: {b['identical_json']}"
        )
    for title, cpu in (
        ("copylens", results.get("stage_cpu_s") or {}),
        (results.get("base", {}).get("revision"), results.get("base", {}).get("stage_cpu_s")),
    ):
        if cpu and cpu.get("total"):
            lines.append("")
            lines.append(f"{title} CPU by stage, all processes (of {cpu['total']:.1f} s):")
            width = max(22, *map(len, cpu))
            for name, seconds in cpu.items():
                if name != "total":
                    lines.append(
                        f"  {name:<{width}} {seconds:7.2f} s  {100 * seconds / cpu['total']:5.1f} %"
                    )
    lines.append(f"copylens --help: median {results['help_median_s']:.3f} s of {results['help_s']}")
    lines.append("")
    lines.append(f"targets (set for n = 1000; this run n = {results['n']}):")
    for t in results["targets"]:
        value = t["value"]
        shown = fmt(value, 3) if isinstance(value, float) else str(value)
        lines.append(f"  {mark(t['pass'])}  {t['target']:<30} {shown}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="number of essays (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the essays in bench/data/")
    parser.add_argument(
        "--min-containment",
        type=float,
        default=None,
        help="passed to copylens (default: copylens's own, as a user runs it; 0 aligns every "
        "candidate pair; unrelated pairs are counted at containment >= 0.2 either way)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each tool")
    parser.add_argument(
        "--base", default=None, help="also run the engine at this revision (git archive), e.g. main"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="copylens-bench-") as tmp:
        root = BENCH / "data" if args.keep else Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        results = run(args.n, args.seed, root, args.min_containment, args.repeat, args.base)
    print(table(results))
    out = BENCH / "results" / f"compare_{args.n}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"\nfigures written to {out.relative_to(REPO)}")
    return 0 if all(t["pass"] for t in results["targets"]) else 1


if __name__ == "__main__":
    sys.exit(main())
