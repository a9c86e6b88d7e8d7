"""Dask benchmark (issue 40: ``compare --dask local`` ≤ 1.3× the local run at 10,000 essays):
``copylens compare DIR --format json`` against the same with ``--dask local``, on the scale
collections of ``bench_scale.py`` (``make_essays.py --common``, generated there and reused).

For each size of ``--sizes``, the two commands run alternately ``--repeat`` times as child
processes measured by ``measure.py`` (wall time; peak memory of the whole process tree: the
LocalCluster's workers and their readers are the run's children), ``--base REV`` adds the
``--dask local`` run of the engine at that revision (``git archive``) to the alternation.
Reported: the median run's time and peak, the ratio of each Dask run to the local run in the
same alternation (each pair of neighbouring runs, and the medians'), and whether each Dask
run's JSON is the local run's byte for byte but for its time stamp (it must be: the bench
exits 1 otherwise). Both trees are compiled to bytecode first, as an installed CopyLens is
(``bench_compare.compiled``): with ``PYTHONDONTWRITEBYTECODE`` set and stale bytecode, each of
a Dask run's spawned processes (two workers and the reader each starts) compiled the engine
again (~0.1 s of CPU each), where the local run compiles it once and forks. ``--stages``
adds one run of each with ``COPYLENS_STAGE_CPU`` (untimed), and prints the CPU by stage over
all processes, beside each other. Timings are wall clock on
a shared 2-core machine: compare within one run only.

Usage: ``python bench/bench_dask.py [--sizes 1000] [--repeat 3] [--stages] [--base main]
[--out dask_1000]``; writes ``bench/results/<--out>.json`` and ``.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench_compare import (
    compiled,
    copylens_command,
    measured,
    measurement,
    median_run,
    same_report,
    stage_shares,
)
from bench_scale import PYTHON, PYTHONPATH, REPO, RESULTS, collection, commit
from measure import Measurement
from shared import old_package

LOCAL = "local"
DASK = "dask local"


def commands(essays: Path, base: tuple[str, Path] | None) -> dict[str, list[str]]:
    local = [*copylens_command(), "compare", str(essays), "--format", "json"]
    out = {LOCAL: local, DASK: [*local, "--dask", LOCAL]}
    if base is not None:
        out[f"dask local {base[0]}"] = [PYTHON, "-m", "copylens.app.cli", "compare", str(essays)]
        out[f"dask local {base[0]}"] += ["--format", "json", "--dask", LOCAL]
    return out


def run_size(
    n: int, repeat: int, stages: bool, timeout: float, base: tuple[str, Path] | None
) -> dict[str, Any]:
    essays, _, _ = collection(n, 1, timeout)
    home = essays.parent
    runs = commands(essays, base)
    outputs = {name: home / f"bench_dask_{name.replace(' ', '_')}.json" for name in runs}
    envs = {name: {} for name in runs}
    cwds = dict.fromkeys(runs, REPO)
    if base is not None:
        name = f"dask local {base[0]}"
        envs[name] = {"PYTHONPATH": os.pathsep.join(filter(None, [str(base[1]), PYTHONPATH]))}
        cwds[name] = base[1]
    timed: dict[str, list[Measurement]] = {name: [] for name in runs}
    same: dict[str, list[bool]] = {name: [] for name in runs if name != LOCAL}
    for name, command in runs.items():
        print(f"{name}: {shlex.join(command)}", flush=True)
    for _ in range(repeat):
        for name, command in runs.items():
            m = measured(command, outputs[name], envs[name], timeout, cwds[name])
            timed[name].append(m)
            print(f"  {name}: {m.wall_s:.1f} s, peak {m.peak_mb:.0f} MB (exit {m.returncode})")
            if name != LOCAL:
                same[name].append(m.returncode == 0 and same_report(outputs[LOCAL], outputs[name]))
    results: dict[str, Any] = {}
    for name, ms in timed.items():
        results[name] = {**measurement(median_run(ms)), "walls": [round(m.wall_s, 2) for m in ms]}
        if name != LOCAL:
            ratios = [m.wall_s / lo.wall_s for m, lo in zip(ms, timed[LOCAL], strict=True)]
            results[name]["ratios"] = [round(r, 3) for r in ratios]
            results[name]["ratio_of_medians"] = round(
                median_run(ms).wall_s / median_run(timed[LOCAL]).wall_s, 3
            )
            results[name]["median_ratio"] = round(statistics.median(ratios), 3)
            results[name]["identical_json"] = all(same[name])
    if stages:
        for name, command in runs.items():
            with tempfile.TemporaryDirectory(prefix="copylens-cpu-") as folder:
                env = {**envs[name], "COPYLENS_STAGE_CPU": folder}
                measured(command, home / "bench_dask_stages.json", env, timeout, cwds[name])
                results[name]["stage_cpu_s"] = stage_shares(Path(folder))
    return {"n": n, "essays": str(essays.relative_to(REPO)), "commands": runs, "runs": results}


def report(results: dict[str, Any]) -> str:
    lines = [
        f"# Dask benchmark ({results['date']}, commit {results['commit']})",
        "",
        f"Machine: {results['machine']['cpus']} cores, Python {results['machine']['python']}; "
        f"runs alternated {results['repeat']}×, the median reported; ratios against the local "
        "run of the same alternation. `python bench/bench_dask.py "
        f"{results['argv']}`.",
        "",
    ]
    for size in results["sizes"]:
        lines += [f"## {size['n']:,} essays", ""]
        lines += ["| run | time s | peak MB | walls | × local (median of pairs) | same JSON |"]
        lines += ["|---|---|---|---|---|---|"]
        for name, r in size["runs"].items():
            ratio = "-" if name == LOCAL else f"{r['median_ratio']:.2f} ({r['ratios']})"
            same = "-" if name == LOCAL else ("yes" if r["identical_json"] else "**NO**")
            lines.append(
                f"| {name} | {r['wall_s']:.1f} | {r['peak_mb']:.0f} | {r['walls']} | {ratio} "
                f"| {same} |"
            )
        staged = [name for name, r in size["runs"].items() if "stage_cpu_s" in r]
        if staged:
            lines += ["", "CPU seconds by stage, all processes (one untimed run each):", ""]
            lines += ["| stage | " + " | ".join(staged) + " |", "|---" * (len(staged) + 1) + "|"]
            names = dict.fromkeys(k for n in staged for k in size["runs"][n]["stage_cpu_s"])
            for stage in names:
                cells = [f"{size['runs'][n]['stage_cpu_s'].get(stage, 0.0):.2f}" for n in staged]
                lines.append(f"| {stage} | " + " | ".join(cells) + " |")
        lines += ["", "Commands:", ""]
        lines += [f"- {name}: `{shlex.join(c)}`" for name, c in size["commands"].items()]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--stages", action="store_true", help="CPU by stage, one run each")
    parser.add_argument("--timeout", type=float, default=3600.0)
    parser.add_argument("--base", default=None, help="also the Dask run at this revision")
    parser.add_argument("--out", default="dask", help="results file name in bench/results/")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="copylens-base-") as tmp:
        base = (args.base, old_package(args.base, Path(tmp))) if args.base else None
        compiled([REPO, *([base[1]] if base else [])])  # every spawned worker would compile
        sizes = [run_size(n, args.repeat, args.stages, args.timeout, base) for n in args.sizes]
    results = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "argv": shlex.join(sys.argv[1:] if argv is None else argv),
        "repeat": args.repeat,
        "sizes": sizes,
    }
    text = report(results)
    print()
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(results, indent=1) + "\n")
    (RESULTS / f"{args.out}.md").write_text(text)
    same = all(r["identical_json"] for s in sizes for name, r in s["runs"].items() if name != LOCAL)
    if not same:
        print("a Dask run's JSON differs from the local run's", file=sys.stderr)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
