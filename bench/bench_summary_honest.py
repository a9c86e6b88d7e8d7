"""The summary step's honest side (issue 34, ``core/summary.py``): what it marks on texts the
writer wrote themselves, on the same topic as the sources, with the step and without it
(removed from ``signals.STEPS``), in one run, the engine as it ships (paraphrase stage on,
with its thesauri and chains).

    nice python bench/bench_summary_honest.py [--quick] [--before REF | --no-before]
    nice python bench/bench_summary_honest.py --cs-only   # part 3 alone

1. ``bench_paraphrase.py``'s hand-written collection (Russian, Ukrainian, English): each
   independent same-topic text against its passage and the other passages of its language;
   beside them the heavy, medium and light paraphrases (is a retelling called a summary?).
2. Real independent writing: the paragraphs of seed paper 002's own sections against seed
   papers 000 and 001 (other authors, the same subject; ``bench_paraphrase.real_independent_ru``).
3. Clough–Stevenson's 38 honest answers (label ``non``: written after reading the task's
   Wikipedia article, not copied; Clough and Stevenson 2011) each against its task's source,
   as they are and with both texts hard-wrapped at 60 and 80 columns (``textwrap.fill`` of
   each line, as plain-text files, e-mails and PDF extraction give), step on, this tree
   beside the engine of ``--before`` (default ``main``, unpacked by ``git archive`` and run
   in a subprocess). Every fragment is listed (file, kind, characters): a line break inside a
   sentence must not mark an honest answer.

Per group: texts, texts with any fragment, texts with a summary fragment, mean and max share
marked (1 − uniqueness), seconds (after one warm-up check). Target: the step adds no mark to
an independent text and no fragment to a real 002 paragraph (0 marked before, 0 after). Writes
``results/summary_honest.{md,json}``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_paraphrase import (  # noqa: E402
    CHAINS,
    QUICK_ITEMS,
    Run,
    real_independent_ru,
    run_check,
    seed_sources,
)
from make_interleaved import read_clough  # noqa: E402
from make_paraphrase import LANGS, load_all, source_text  # noqa: E402
from shared import CLOUGH_DIR, old_package  # noqa: E402

from copylens.core import TextInput, signals  # noqa: E402

RESULTS = BENCH / "results"
REPO = BENCH.parent
WIDTHS = ((None, None), (60, 60), (80, 80), (60, None), (80, None))
"""Clough–Stevenson honest answers and their sources as they are (None) and hard-wrapped at
these columns: both, or the answer alone (a plain-text essay against a web page)."""
SHIPPED = {"paraphrase": True, CHAINS: True}
GROUPS = ("independent", "heavy", "medium", "light")


def with_step(on: bool) -> None:
    """The summary step in ``signals.STEPS`` (as it ships) or out of it."""
    from copylens.core.summary import SUMMARIES

    rest = tuple(s for s in signals.STEPS if s is not SUMMARIES)
    signals.STEPS = (*rest, SUMMARIES) if on else rest


def scored(runs: Sequence[tuple[str, Run]]) -> dict[str, Any]:
    marked = [r.marked for _, r in runs]
    return {
        "texts": len(runs),
        "with_fragment": sum(bool(r.fragments) for _, r in runs),
        "with_summary": sum(any(f.kind == "summary" for f in r.fragments) for _, r in runs),
        "mean_marked": round(sum(marked) / len(marked), 4) if marked else None,
        "max_marked": round(max(marked, default=0.0), 4),
        "seconds": round(sum(r.seconds for _, r in runs), 2),
        "marked_texts": {n: round(r.marked, 4) for n, r in runs if r.fragments},
    }


def measure(quick: bool) -> dict[str, Any]:
    collection = {
        lang: items[:QUICK_ITEMS] if quick else items for lang, items in load_all(LANGS).items()
    }
    real = real_independent_ru()[: 8 if quick else None]
    real_sources = seed_sources(["000", "001"])
    out: dict[str, Any] = {}
    run_check(real[0][1], real_sources, SHIPPED)  # warm-up: models load once, not in a timing
    for on in (False, True):
        with_step(on)
        entry: dict[str, Any] = {}
        for lang, items in collection.items():
            sources = [TextInput(item.id, source_text(item)) for item in items]
            for kind in GROUPS:
                runs = [(item.id, run_check(item.text(kind), sources, SHIPPED)) for item in items]
                entry[f"{lang} {kind}"] = scored(runs)
        entry["ru real 002 vs 000/001"] = scored(
            [(n, run_check(text, real_sources, SHIPPED)) for n, text in real]
        )
        out["with step" if on else "without step"] = entry
    with_step(True)
    return out


def wrapped(text: str, width: int | None) -> str:
    """``text`` with each line filled to ``width`` columns (blank lines kept); as is for None."""
    if width is None:
        return text
    return "\n".join(
        textwrap.fill(line, width) if line.strip() else line for line in text.split("\n")
    )


def honest_checks() -> Iterator[tuple[str, str, list[TextInput]]]:
    """Every honest text this bench checks, as (name, text, sources), for the diagnoses that
    replay them (``diag_lone.py``, ``diag_unfound.py``): Clough–Stevenson's ``non`` answers
    against their sources in each of :data:`WIDTHS`, bench_paraphrase.py's independent
    same-topic texts against the passages of their language, seed paper 002's paragraphs
    against 000 and 001."""
    with (CLOUGH_DIR / "pairs.csv").open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["label"] == "non"]
    for width, source_width in WIDTHS:
        for row in rows:
            name = Path(row["suspicious"]).name
            text = wrapped(read_clough(name), width)
            source = wrapped(read_clough(Path(row["source"]).name), source_width)
            yield f"cs{width}-{source_width}/{name}", text, [TextInput("source", source)]
    for lang, items in load_all(LANGS).items():
        sources = [TextInput(item.id, source_text(item)) for item in items]
        for item in items:
            yield f"independent/{lang}/{item.id}", item.text("independent"), sources
    real_sources = seed_sources(["000", "001"])
    for n, text in real_independent_ru():
        yield f"real/{n}", text, real_sources


def cs_honest() -> dict[str, Any]:
    """Every Clough–Stevenson ``non`` answer against its task's source, as is and wrapped:
    per width, the answers with a fragment and each fragment (kind, characters, text)."""
    with (CLOUGH_DIR / "pairs.csv").open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["label"] == "non"]
    out: dict[str, Any] = {}
    for width, source_width in WIDTHS:
        marked: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            name = Path(row["suspicious"]).name
            text = wrapped(read_clough(name), width)
            source = wrapped(read_clough(Path(row["source"]).name), source_width)
            run = run_check(text, [TextInput("source", source)], SHIPPED)
            if run.fragments:
                marked[name] = [
                    {"kind": f.kind, "chars": f.end - f.start, "text": f.text}
                    for f in run.fragments
                ]
        if width is None:
            variant = "as is"
        elif source_width is None:
            variant = f"answer wrapped {width}, source as is"
        else:
            variant = f"both wrapped {width}"
        out[variant] = {
            "answers": len(rows),
            "with_fragment": len(marked),
            "fragments": marked,
        }
    return out


def cs_honest_before(ref: str) -> dict[str, Any]:
    """:func:`cs_honest` with the engine of commit ``ref`` (``git archive`` into a temporary
    directory, imported first by a subprocess running this file with ``--cs-json``)."""
    with tempfile.TemporaryDirectory(prefix="summary-honest-before-") as tmp:
        out = Path(tmp) / "cs.json"
        env = dict(os.environ, PYTHONPATH=str(old_package(ref, Path(tmp) / "pkg")))
        subprocess.run([sys.executable, __file__, "--cs-json", str(out)], check=True, env=env)
        result: dict[str, Any] = json.loads(out.read_text())
    return result


def cs_markdown(runs: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        "",
        "## Clough–Stevenson honest answers against their task's source, as is and hard-wrapped",
        "",
        "| text | engine | answers | with a fragment | fragments (answer kind characters) |",
        "|---|---|---:|---:|---|",
    ]
    for variant in next(iter(runs.values())):
        for engine, result in runs.items():
            r = result[variant]
            listed = "; ".join(
                f"{name} {f['kind']} {f['chars']}"
                for name, frags in r["fragments"].items()
                for f in frags
            )
            lines.append(
                f"| {variant} | {engine} | {r['answers']} | {r['with_fragment']} | {listed} |"
            )
    return lines


def markdown(result: dict[str, Any], command: str) -> str:
    lines = [
        "# Summary step, honest side",
        "",
        f"`{command}`, {result['when']}. Engine as it ships (paraphrase on, thesauri, chains).",
    ]
    if "runs" in result:
        lines += [
            "",
            "| group | step | texts | with a fragment | with a summary | mean marked "
            "| max marked | seconds |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
    for group in result.get("runs", {}).get("with step", ()):
        for config in ("without step", "with step"):
            r = result["runs"][config][group]
            lines.append(
                f"| {group} | {config} | {r['texts']} | {r['with_fragment']} | "
                f"{r['with_summary']} | {100 * (r['mean_marked'] or 0):.1f} % | "
                f"{100 * r['max_marked']:.1f} % | {r['seconds']} |"
            )
    if "cs" in result:
        lines += cs_markdown(result["cs"])
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="four items a language, 8 paragraphs")
    parser.add_argument("--before", default="main", help="the engine beside this tree (part 3)")
    parser.add_argument("--no-before", action="store_true", help="part 3 with this tree only")
    parser.add_argument("--cs-only", action="store_true", help="part 3 alone, nothing written")
    parser.add_argument("--cs-json", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cs_json:
        args.cs_json.write_text(json.dumps(cs_honest()))
        return 0
    command = " ".join(["python bench/bench_summary_honest.py", *(argv or sys.argv[1:])])
    t0 = time.perf_counter()
    result: dict[str, Any] = {"when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    if not args.cs_only:
        result["runs"] = measure(args.quick)
    result["cs"] = {"this tree": cs_honest()}
    if not args.no_before:
        result["cs"][args.before] = cs_honest_before(args.before)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    text = markdown(result, command)
    print(text)
    if not args.quick and not args.cs_only:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "summary_honest.json").write_text(json.dumps(result, indent=1) + "\n")
        (RESULTS / "summary_honest.md").write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
