"""The read stage's CPU in ``copylens compare`` of a scale collection, this tree beside another
revision, in alternation (issue 40).

Runs ``copylens compare bench/data/scale_<n>/essays --format json`` with
``COPYLENS_STAGE_CPU`` set (``copylens.core.cpu``), this tree then ``--base`` (``git archive``,
as ``bench_compare.py --base``), ``--repeat`` times; prints each run's CPU seconds of the
"read" stage and of all processes, the medians and their ratio, and whether the two trees'
JSON reports are the same but for their time of writing (``bench_compare.same_report``).

Usage: ``python bench/stage_read.py [--sizes 1000 10000] [--repeat 3] [--base main]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))


def one_run(tree: Path | None, folder: Path, out: Path) -> dict[str, float]:
    """CPU seconds per stage of one ``compare`` of ``folder`` by ``tree`` (None: this one)."""
    from copylens.core.cpu import summed

    stages = Path(tempfile.mkdtemp(prefix="stage-read-"))
    env = dict(os.environ, COPYLENS_STAGE_CPU=str(stages))
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    command = [sys.executable, "-m", "copylens.app.cli", "compare", str(folder)]
    with out.open("wb") as handle:
        subprocess.run(
            [*command, "--format", "json"],
            env=env,
            cwd=str(tree or REPO),
            stdout=handle,
            stderr=subprocess.DEVNULL,
            check=False,
        )
    return summed(stages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", default="main")
    args = parser.parse_args()
    from bench_compare import compiled, same_report
    from shared import old_package

    old = old_package(args.base, Path(tempfile.mkdtemp(prefix="stage-read-base-")))
    compiled([REPO, old])
    trees: dict[str, Path | None] = {"this": None, args.base: old}
    outs = Path(tempfile.mkdtemp(prefix="stage-read-out-"))
    for n in args.sizes:
        folder = BENCH / "data" / f"scale_{n}" / "essays"
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                runs[name].append(one_run(tree, folder, outs / f"{name}_{n}.json"))
        print(f"scale {n}: CPU seconds, runs in alternation")
        medians: dict[str, tuple[float, float]] = {}
        for name, made in runs.items():
            read = [r.get("read", 0.0) for r in made]
            total = [r.get("total", 0.0) for r in made]
            medians[name] = (statistics.median(read), statistics.median(total))
            print(
                f"  {name:>6}: read {medians[name][0]:.2f} (runs "
                + ", ".join(f"{x:.2f}" for x in read)
                + f"), all stages {medians[name][1]:.2f} (runs "
                + ", ".join(f"{x:.2f}" for x in total)
                + ")"
            )
        this, base = medians["this"], medians[args.base]
        same = same_report(outs / f"this_{n}.json", outs / f"{args.base}_{n}.json")
        print(
            f"  read this/{args.base}: {this[0] / base[0]:.3f}; all stages "
            f"{this[1] / base[1]:.3f}; JSON reports {'identical' if same else 'DIFFERENT'}"
        )


if __name__ == "__main__":
    main()
