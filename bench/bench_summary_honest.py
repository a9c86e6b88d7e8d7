"""The summary step's honest side (issue 34, ``core/summary.py``): what it marks on texts the
writer wrote themselves, on the same topic as the sources, with the step and without it
(removed from ``signals.STEPS``), in one run, the engine as it ships (paraphrase stage on,
with its thesauri and chains).

    nice python bench/bench_summary_honest.py [--quick]

1. ``bench_paraphrase.py``'s hand-written collection (Russian, Ukrainian, English): each
   independent same-topic text against its passage and the other passages of its language;
   beside them the heavy, medium and light paraphrases (is a retelling called a summary?).
2. Real independent writing: the paragraphs of seed paper 002's own sections against seed
   papers 000 and 001 (other authors, the same subject; ``bench_paraphrase.real_independent_ru``).

Per group: texts, texts with any fragment, texts with a summary fragment, mean and max share
marked (1 − uniqueness), seconds (after one warm-up check). Target: the step adds no mark to
an independent text and no fragment to a real 002 paragraph (0 marked before, 0 after). Writes
``results/summary_honest.{md,json}``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
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
from make_paraphrase import LANGS, load_all, source_text  # noqa: E402

from copylens.core import TextInput, signals  # noqa: E402

RESULTS = BENCH / "results"
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


def markdown(result: dict[str, Any], command: str) -> str:
    lines = [
        "# Summary step, honest side",
        "",
        f"`{command}`, {result['when']}. Engine as it ships (paraphrase on, thesauri, chains).",
        "",
        "| group | step | texts | with a fragment | with a summary | mean marked | max marked "
        "| seconds |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for group in result["runs"]["with step"]:
        for config in ("without step", "with step"):
            r = result["runs"][config][group]
            lines.append(
                f"| {group} | {config} | {r['texts']} | {r['with_fragment']} | "
                f"{r['with_summary']} | {100 * (r['mean_marked'] or 0):.1f} % | "
                f"{100 * r['max_marked']:.1f} % | {r['seconds']} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="four items a language, 8 paragraphs")
    args = parser.parse_args(argv)
    command = " ".join(["python bench/bench_summary_honest.py", *(argv or sys.argv[1:])])
    t0 = time.perf_counter()
    result = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "runs": measure(args.quick),
    }
    result["seconds"] = round(time.perf_counter() - t0, 1)
    text = markdown(result, command)
    print(text)
    if not args.quick:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "summary_honest.json").write_text(json.dumps(result, indent=1) + "\n")
        (RESULTS / "summary_honest.md").write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
