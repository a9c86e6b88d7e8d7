"""Scale benchmark (issue 15, "big collections"): ``copylens compare`` on 1,000 to 100,000
essays that share quotations and set phrases, against the yardstick.

Measures, for each size of ``--sizes`` (default 1,000, 10,000 and 100,000 essays), on a
collection written by ``make_essays.py --common`` (essays with planted copies of five kinds, and
a pool of common sentences: quotations each held by about 28 essays at every size, and set
phrases held by 0.3 % to more than half of the collection, so that unrelated essays share one
or two sentences; see there), generated once into ``bench/data/scale_<n>/`` and reused while
its parameters (``make_essays.collection_params``) match:

- the generation, when it runs: wall time and peak memory of its process tree (``measure.py``);
- ``copylens compare DIR --format json`` at default settings and the yardstick
  (``yardstick.py DIR``: plain datasketch MinHash-LSH), run alternately as child processes
  measured by ``measure.py`` (wall time; peak memory of the whole process tree), ``--repeat``
  times below 100,000 essays (the run with the median time is reported) and once from 100,000
  on; a run killed at ``--timeout`` is reported as timed out;
- ``--variant NAME='ARGS'``: further copylens runs with extra arguments, reported beside the
  default, alternating with it;
- from each report, read once: its size, the pairs reported, recall per planted kind,
  precision, the unrelated pairs that share common sentences only (how many reach containment
  0.2; quantiles of their containment) and the unrelated pairs that share none (chance);
- ratios copylens / yardstick, and between consecutive sizes each tool's time growth per 10×
  documents, (t2 / t1) ^ (1 / log10(n2 / n1)).

Targets of the issue, marked PASS or FAIL for every copylens run (default and variants):
time ≤ 1.0× the yardstick at 1,000 essays and ≤ 2.0× at 10,000; recall ≥ 0.95 on every
planted kind at every size; from 10,000 on, time growth ≤ 12× per 10× documents; at 100,000,
peak memory ≤ 2,048 MB. Timings are wall clock on a shared 2-core machine: compare within one
run only. Writes ``bench/results/<--out>.json`` (all figures, machine, date, commit, commands)
and ``<--out>.md`` (tables); ``--out`` defaults to ``scale``.

Usage: ``python bench/bench_scale.py [--sizes 1000 10000 100000] [--repeat 3] [--seed 1]
[--variant NAME='ARGS' ...] [--timeout 3600] [--base main] [--out scale]``, with the
environment whose copylens is to be measured (``bench_compare.copylens_command``); ``--base
REV`` runs the engine at that revision too (``git archive``, as ``bench_compare.py`` does),
in the same alternation.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench_compare import (
    Pair,
    compiled,
    copylens_command,
    fmt,
    load_copylens,
    load_yardstick,
    mark,
    measured,
    measurement,
    median_run,
    pair,
    same_report,
    score,
)
from make_essays import KINDS, cached_truth, collection_params, common_lines, pool_sharing
from measure import Measurement, run_measured
from shared import old_package

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
DATA = BENCH / "data"
RESULTS = BENCH / "results"
ONCE_FROM = 100_000
"""Sizes from this one on are run once, not ``--repeat`` times."""
RATIO_TARGETS = {1_000: 1.0, 10_000: 2.0}
RECALL_TARGET = 0.95
GROWTH_TARGET = 12.0
GROWTH_FROM = 10_000
PEAK_TARGET_MB = 2048.0
PEAK_FROM = 100_000
PYTHON = os.path.abspath(sys.executable)  # normalised, not resolved: the venv's interpreter
UNRELATED_CONTAINMENT = 0.2
PYTHONPATH = os.environ.get("PYTHONPATH", "")
STREAM_FROM = 256_000_000
"""Reports of this many bytes or more are parsed a pair at a time."""


def collection(n: int, seed: int, timeout: float) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    """The essays folder of size ``n``, its truth and how its generation went (generated now,
    measured, or reused from ``bench/data/scale_<n>/``)."""
    home = DATA / f"scale_{n}"
    essays, truth_path, log = home / "essays", home / "truth.json", home / "generation.json"
    params = collection_params(n, seed, common=True)
    truth = cached_truth(truth_path, params)
    if truth is not None and essays.is_dir():
        generation = json.loads(log.read_text(encoding="utf-8")) if log.is_file() else {}
        print(f"reusing {essays.relative_to(REPO)} (generated {generation.get('date', '?')})")
        return essays, truth, {**generation, "reused": True}
    if essays.exists():
        shutil.rmtree(essays)
    truth_path.unlink(missing_ok=True)
    home.mkdir(parents=True, exist_ok=True)
    command = [PYTHON, str(BENCH / "make_essays.py"), str(essays), "--n", str(n)]
    command += ["--seed", str(seed), "--common", "--truth", str(truth_path)]
    print("generating:", shlex.join(command), flush=True)
    m = run_measured(command, home / "generation.log", cwd=REPO, timeout_s=timeout)
    if m.returncode != 0:
        raise SystemExit(f"generation failed (exit {m.returncode}): {m.stderr[-2000:]}")
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    generation = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": command,
        "wall_s": round(m.wall_s, 1),
        "peak_mb": round(m.peak_mb, 1),
        "maxrss_mb": round(m.maxrss_mb, 1),
        "tree_pss_mb": round(m.tree_pss_mb, 1),
        "guard": truth["stats"].get("guard"),
        "chunks": truth["stats"].get("chunks"),
        "workers": truth.get("generation", {}).get("workers"),
    }
    log.write_text(json.dumps(generation, indent=1) + "\n", encoding="utf-8")
    print(f"generated in {m.wall_s:.0f} s, peak {m.peak_mb:.0f} MB", flush=True)
    return essays, truth, {**generation, "reused": False}


def read_report(path: Path) -> tuple[dict[Pair, float], dict[str, Any]]:
    """``load_copylens``'s answer. A large report (``copylens compare --format json`` writes
    ``{"pairs":[...],"clusters":[...],"errors":[...]}`` without spaces) is parsed a pair at
    a time: ``json.loads`` of a 700 MB report would hold several GB of objects at once."""
    if path.stat().st_size < STREAM_FROM:
        return load_copylens(path)
    text = path.read_text(encoding="utf-8")
    head = '{"pairs":['
    if not text.startswith(head):
        del text
        return load_copylens(path)
    decoder = json.JSONDecoder()
    pairs: dict[Pair, float] = {}
    at = len(head)
    while text[at] != "]":
        p, at = decoder.raw_decode(text, at)
        pairs[pair(p["a"], p["b"])] = max(p["containment_ab"], p["containment_ba"])
        if text[at] == ",":
            at += 1
    rest = json.loads("{" + text[at + 2 :]) if text[at + 1] == "," else {}
    del text
    return pairs, {"clusters": len(rest.get("clusters", [])), "errors": rest.get("errors", [])}


def copylens_figures(path: Path, truth: dict[str, Any]) -> dict[str, Any]:
    """What a copylens JSON report says against the truth (the report is read once)."""
    size_mb = path.stat().st_size / 1e6
    pairs, extra = read_report(path)
    scored = score(pairs, truth)
    shares = pool_sharing(truth)
    pooled: list[float] = []
    chance: list[Pair] = []
    for false in scored.pop("false_pairs"):
        if shares(*sorted(false)):
            pooled.append(pairs[false])
        else:
            chance.append(false)
    pooled.sort()
    return {
        "json_mb": round(size_mb, 1),
        **scored,
        "clusters": extra["clusters"],
        "errors": len(extra["errors"]),
        "unrelated": len(pooled) + len(chance),
        "pool_only": len(pooled),
        "pool_only_at_0.2": sum(c >= UNRELATED_CONTAINMENT for c in pooled),
        "pool_only_containment": quantiles(pooled),
        "pool_only_in_0.02_0.08": sum(0.02 <= c <= 0.08 for c in pooled),
        "chance": len(chance),
        "chance_at_0.2": sum(pairs[p] >= UNRELATED_CONTAINMENT for p in chance),
        "chance_examples": [" ".join(sorted(p)) for p in chance[:10]],
    }


def yardstick_figures(path: Path, truth: dict[str, Any]) -> dict[str, Any]:
    pairs, candidates = load_yardstick(path)
    scored = score(pairs, truth)
    del scored["false_pairs"]
    return {"json_mb": round(path.stat().st_size / 1e6, 1), **scored, "candidates": len(candidates)}


def quantiles(values: list[float]) -> dict[str, float] | None:
    """Median, 10th and 90th percentile and maximum of sorted ``values``."""
    if not values:
        return None

    def at(q: float) -> float:
        return round(values[min(len(values) - 1, int(q * len(values)))], 4)

    return {"p10": at(0.1), "median": at(0.5), "p90": at(0.9), "max": round(values[-1], 4)}


def run_size(
    n: int,
    seed: int,
    repeat: int,
    variants: dict[str, list[str]],
    timeout: float,
    base: tuple[str, Path] | None = None,
) -> dict[str, Any]:
    essays, truth, generation = collection(n, seed, timeout)
    home = essays.parent
    copylens = [*copylens_command(), "compare", str(essays), "--format", "json"]
    commands = {"copylens": copylens}
    commands |= {f"copylens {name}": [*copylens, *args] for name, args in variants.items()}
    envs: dict[str, dict[str, str]] = {}
    if base is not None:  # the engine at that revision, from its git archive
        name = f"base {base[0]}"
        commands[name] = [PYTHON, "-m", "copylens.app.cli", "compare", str(essays)]
        commands[name] += ["--format", "json"]
        envs[name] = {"PYTHONPATH": os.pathsep.join(filter(None, [str(base[1]), PYTHONPATH]))}
    commands["yardstick"] = [PYTHON, str(BENCH / "yardstick.py"), str(essays)]
    outputs = {name: home / f"{name.replace(' ', '_')}.json" for name in commands}
    runs: dict[str, list[Measurement]] = {name: [] for name in commands}
    times = 1 if n >= ONCE_FROM else repeat
    for command in commands.values():
        print("running:", shlex.join(command), flush=True)
    for _ in range(times):
        for name, command in commands.items():
            if any(r.timed_out or r.returncode != 0 for r in runs[name]):
                continue  # it would fail again: no time spent on it
            home_of = base[1] if base is not None and name == f"base {base[0]}" else REPO
            m = measured(command, outputs[name], envs.get(name, {}), timeout, home_of)
            runs[name].append(m)
            state = "timed out" if m.timed_out else f"exit {m.returncode}"
            print(f"  {name}: {m.wall_s:.1f} s, peak {m.peak_mb:.0f} MB ({state})", flush=True)

    results: dict[str, Any] = {}
    for name, timed in runs.items():
        m = median_run(timed)
        figures: dict[str, Any] = {
            **measurement(m),
            "walls": [round(r.wall_s, 2) for r in timed],
        }
        failed = [r for r in timed if r.timed_out or r.returncode != 0]
        if failed:
            m = failed[0]
            figures |= measurement(m)
            figures["failure"] = "timed out" if m.timed_out else f"exit {m.returncode}"
        else:
            # the last run's report: copylens's output does not depend on the run
            try:
                read = yardstick_figures if name == "yardstick" else copylens_figures
                figures |= read(outputs[name], truth)
            except (OSError, ValueError, KeyError, TypeError) as error:
                figures["failure"] = f"report unreadable: {type(error).__name__}: {error}"
        results[name] = figures
    if base is not None and "failure" not in results[f"base {base[0]}"]:
        same = same_report(outputs["copylens"], outputs[f"base {base[0]}"])
        results["copylens"]["identical_to_base"] = same
    yard = results["yardstick"]
    for figures in results.values():
        ok = "failure" not in figures and "failure" not in yard
        figures["ratio_time"] = figures["wall_s"] / yard["wall_s"] if ok else None
        figures["ratio_memory"] = figures["peak_mb"] / yard["peak_mb"] if ok else None
    return {
        "n": n,
        "essays": str(essays.relative_to(REPO)),
        "collection": {
            "generation": generation,
            "stats": truth["stats"],
            "common": {k: v for k, v in truth["common"].items() if k != "df"},
            "planted": {k: sum(p["kind"] == k for p in truth["pairs"]) for k in KINDS},
        },
        "commands": commands,
        "runs": results,
    }


def growth(sizes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each run's time growth per 10× documents between consecutive sizes."""
    rows = []
    for low, high in itertools.pairwise(sizes):
        for name in low["runs"]:
            a, b = low["runs"][name], high["runs"].get(name)
            if b is None or "failure" in a:
                continue
            decades = math.log10(high["n"] / low["n"])
            timed_out = b.get("failure") == "timed out"
            if "failure" in b and not timed_out:
                continue
            # a timed-out run ran at least its wall time: the growth is at least this
            per_10x = (b["wall_s"] / a["wall_s"]) ** (1 / decades)
            rows.append(
                {
                    "run": name,
                    "from": low["n"],
                    "to": high["n"],
                    "per_10x": round(per_10x, 2),
                    "at_least": timed_out,
                }
            )
    return rows


def targets(sizes: list[dict[str, Any]], growths: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []

    def add(run: str, n: int, target: str, value: Any, ok: bool, note: str = "") -> None:
        rows.append(
            {"run": run, "n": n, "target": target, "value": value, "pass": ok, "note": note}
        )

    for size in sizes:
        n = size["n"]
        for name, r in size["runs"].items():
            if name == "yardstick":
                continue
            failure = r.get("failure", "")
            if n in RATIO_TARGETS:
                limit = RATIO_TARGETS[n]
                value = r["ratio_time"]
                add(
                    name,
                    n,
                    f"time ≤ {limit:.1f}× yardstick",
                    value,
                    value is not None and value <= limit,
                    failure,
                )
            for kind in KINDS:
                value = r.get("recall", {}).get(kind)
                add(
                    name,
                    n,
                    f"recall {kind} ≥ {RECALL_TARGET}",
                    value,
                    value is not None and value >= RECALL_TARGET,
                    failure,
                )
            if n >= PEAK_FROM:
                add(
                    name,
                    n,
                    f"peak ≤ {PEAK_TARGET_MB:.0f} MB",
                    r["peak_mb"],
                    not failure and r["peak_mb"] <= PEAK_TARGET_MB,
                    failure,
                )
    for g in growths:
        if g["run"] != "yardstick" and g["from"] >= GROWTH_FROM:
            add(
                g["run"],
                g["to"],
                f"growth ≤ {GROWTH_TARGET:.0f}× per 10× from {g['from']:,}",
                g["per_10x"],
                not g["at_least"] and g["per_10x"] <= GROWTH_TARGET,
                "timed out: at least" if g["at_least"] else "",
            )
    return rows


def size_table(size: dict[str, Any]) -> list[str]:
    head = [
        "run",
        "time s",
        "peak MB",
        "JSON MB",
        "pairs",
        *KINDS,
        "precision",
        "pool-only",
        "≥0.2",
        "chance",
        "× yardstick",
    ]
    rows = [head]
    for name, r in size["runs"].items():
        if "failure" in r:
            rows.append(
                [
                    name,
                    fmt(r["wall_s"], 1),
                    fmt(r["peak_mb"], 0),
                    r["failure"],
                    *["-"] * (len(head) - 4),
                ]
            )
            continue
        pool = name != "yardstick"
        rows.append(
            [
                name,
                fmt(r["wall_s"], 1),
                fmt(r["peak_mb"], 0),
                fmt(r["json_mb"], 1),
                f"{r['reported']:,}",
                *(fmt(r["recall"][k]) for k in KINDS),
                fmt(r["precision"], 4),
                f"{r['pool_only']:,}" if pool else "-",
                f"{r['pool_only_at_0.2']:,}" if pool else "-",
                f"{r['chance']:,}" if pool else "-",
                fmt(r["ratio_time"]),
            ]
        )
    return markdown(rows)


def markdown(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return lines


def report(results: dict[str, Any]) -> str:
    """The results as Markdown (printed, and written to the .md file)."""
    lines = [
        f"# Scale benchmark ({results['date']}, commit {results['commit']})",
        "",
        f"Machine: {results['machine']['cpus']} cores, Python {results['machine']['python']}, "
        f"{results['machine']['platform']}. Collections: `make_essays.py --common`, seed "
        f"{results['seed']}; runs repeated {results['repeat']}× below {ONCE_FROM:,} essays "
        "(median reported), once from there on; timeout "
        f"{results['timeout_s']:.0f} s.",
    ]
    for size in results["sizes"]:
        c = size["collection"]
        g = c["generation"]
        lines += ["", f"## {size['n']:,} essays", ""]
        made = "reused" if g.get("reused") else "generated"
        lines.append(
            f"Collection ({made}; generation {fmt(g.get('wall_s'), 0)} s, peak "
            f"{fmt(g.get('peak_mb'), 0)} MB, guard {c['stats'].get('guard')}, "
            f"{c['stats'].get('chunks')} chunk(s)):"
        )
        lines += ["", *(f"- {line.strip()}" for line in common_lines(c["common"])), ""]
        lines += size_table(size)
        lines.append("")
        for name, r in size["runs"].items():
            if name != "yardstick" and "failure" not in r:
                lines.append(
                    f"- {name}: pool-only pairs' containment {r['pool_only_containment']}, "
                    f"{r['pool_only_in_0.02_0.08']:,} of {r['pool_only']:,} within 0.02–0.08; "
                    f"chance pairs ≥ 0.2: {r['chance_at_0.2']}; clusters {r['clusters']}, "
                    f"errors {r['errors']}; walls {r['walls']}"
                )
        same = size["runs"]["copylens"].get("identical_to_base")
        if same is not None:
            lines.append(f"- copylens JSON identical to the base's (but its time stamp): {same}")
        y = size["runs"]["yardstick"]
        if "failure" not in y:
            lines.append(f"- yardstick: {y['candidates']:,} LSH candidates; walls {y['walls']}")
    if results["growth"]:
        lines += ["", "## Time growth per 10× documents", ""]
        for g in results["growth"]:
            bound = "≥ " if g["at_least"] else ""
            lines.append(f"- {g['run']}: {g['from']:,} → {g['to']:,}: {bound}{g['per_10x']:.2f}×")
    lines += ["", "## Targets", ""]
    for t in results["targets"]:
        value = t["value"]
        shown = fmt(value, 3) if isinstance(value, float) else str(value)
        note = f" ({t['note']})" if t["note"] else ""
        lines.append(f"- {mark(t['pass'])} {t['run']} at {t['n']:,}: {t['target']}: {shown}{note}")
    lines += ["", "## Commands", ""]
    seen = set()
    for size in results["sizes"]:
        for name, command in size["commands"].items():
            text = shlex.join(command).replace(size["essays"], "DIR")
            text = text.replace(str(REPO) + "/", "")
            if (name, text) not in seen:
                seen.add((name, text))
                lines.append(f"- {name}: `{text}`")
    return "\n".join(lines) + "\n"


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    )
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "core", "app"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() + (" (core/app modified)" if dirty.stdout.strip() else "")


def parse_variant(text: str) -> tuple[str, list[str]]:
    name, sep, args = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME='ARGS', got {text!r}")
    return name, shlex.split(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs below 100,000 essays")
    parser.add_argument(
        "--variant",
        type=parse_variant,
        action="append",
        default=[],
        metavar="NAME='ARGS'",
        help="a further copylens run with extra arguments (repeatable)",
    )
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds per run")
    parser.add_argument(
        "--base", default=None, help="also run the engine at this revision (git archive), e.g. main"
    )
    parser.add_argument("--out", default="scale", help="results file name in bench/results/")
    args = parser.parse_args(argv)
    variants = dict(args.variant)
    print(f"copylens: {shlex.join(copylens_command())}")
    with tempfile.TemporaryDirectory(prefix="copylens-base-") as tmp:
        base = (args.base, old_package(args.base, Path(tmp))) if args.base else None
        compiled([REPO, *([base[1]] if base else [])])  # both engines as installed: bytecode
        sizes = [
            run_size(n, args.seed, args.repeat, variants, args.timeout, base)
            for n in sorted(args.sizes)
        ]
    results: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "seed": args.seed,
        "repeat": args.repeat,
        "timeout_s": args.timeout,
        "variants": {name: shlex.join(a) for name, a in variants.items()},
        "base": args.base,
        "sizes": sizes,
    }
    results["growth"] = growth(sizes)
    results["targets"] = targets(sizes, results["growth"])
    text = report(results)
    print()
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(
        json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (RESULTS / f"{args.out}.md").write_text(text, encoding="utf-8")
    print(f"figures written to bench/results/{args.out}.json and .md")
    default = [t for t in results["targets"] if t["run"] == "copylens"]
    return 0 if all(t["pass"] for t in default) else 1


if __name__ == "__main__":
    sys.exit(main())
