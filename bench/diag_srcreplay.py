"""Replay of the source-edge step on the PAN-13 development sample (issue 34, branch
random56): ``--collect`` checks every pair once (as bench_pan13.py does) and keeps, per pair,
what :meth:`copylens.core.source_edges.SourceEdges.assembled` was handed (the canonical
words, the source text, the fragments before the step, the sentence similarity) and the
final spans; a replay runs the module's step of this working tree again on them and scores
each type by PAN's measures, so that a rule of the source side is measured in seconds. The
replay of an unchanged step gives the final spans the check gave (printed: pairs differing).

Usage: ``python bench/diag_srcreplay.py --collect [--pickle F] [--processes N]``, then
``python bench/diag_srcreplay.py [--pickle F] [--cases]``. Development only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_pan13 import CORPUS, TYPES, Pair, load_cases, load_pairs, score  # noqa: E402

DEFAULT = Path("/tmp/r56/srcreplay.pkl")


def _collect_one(pair: Pair) -> tuple[str, list[Any], list[tuple[int, int, int, int]]]:
    import copylens.core.source_edges as se
    import copylens.core.summary as su
    from copylens.core import Options, check

    calls: list[Any] = []
    steps: list[Any] = []
    original = se.SourceEdges.assembled
    original_su = su.Summaries.assembled

    def wrapped_su(self: Any, a: Any, b: Any, found: Any, options: Any) -> Any:
        steps.append((a, b, found, options))
        return original_su(self, a, b, found, options)

    def wrapped(self: Any, a: Any, b: Any, found: Any, options: Any) -> Any:
        out = original(self, a, b, found, options)
        sentences = found.sentences
        if found.fragments and sentences is None:
            sentences = se.pair_sentences(a.canonical, b.canonical)
        sim = None if sentences is None else sentences.similarity
        units_b = None if sentences is None else sentences.b
        calls.append((a.canonical, b.canonical, b.text, found.fragments, sim, units_b))
        return out

    se.SourceEdges.assembled = wrapped  # type: ignore[method-assign]
    if STAGE == "summary":
        su.Summaries.assembled = wrapped_su  # type: ignore[method-assign]
    try:
        susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
        report = check([susp], [src], Options(workers=1))
    finally:
        se.SourceEdges.assembled = original  # type: ignore[method-assign]
        su.Summaries.assembled = original_su  # type: ignore[method-assign]
    if STAGE == "summary":
        calls = [("steps", *x) for x in steps]
    spans = []
    for doc in report.documents:
        for match in doc.sources:
            if Path(match.path).name == pair.source:
                spans += [(f.start, f.end, f.source_start, f.source_end) for f in match.fragments]
    return pair.id, calls, spans


def replay(calls: list[Any]) -> list[tuple[int, int, int, int]]:
    """The step of this working tree on each recorded call; the spans of its fragments."""
    import copylens.core.source_edges as se

    spans = []
    if calls and calls[0][0] == "steps":
        return _replay_steps(calls)
    for a, b, text, fragments, sim, units_b in calls:
        if not fragments:
            continue
        if units_b is None:
            units_b = se.pair_sentences(a, b).b
        cut = tuple(se.trimmed(f, a, b, units_b) for f in fragments)
        wide = se.widened(cut, a, b, text, sim)
        for f, c, w in zip(fragments, cut, wide, strict=True):
            s0 = c.source_start if c.source_start != f.source_start else w.source_start
            s1 = c.source_end if c.source_end != f.source_end else w.source_end
            spans.append((w.start, w.end, s0, s1))
    return spans


def _replay_steps(calls: list[Any]) -> list[tuple[int, int, int, int]]:
    """The steps from the summary step on (this working tree's) on each recorded call."""
    from copylens.core import signals

    steps = list(signals.STEPS)
    first = next(n for n, s in enumerate(steps) if s.name == "summaries")
    spans = []
    for _, a, b, found, options in calls:
        for step in steps[first:]:
            found = step.assembled(a, b, found, options)
        spans += [(f.start, f.end, f.source_start, f.source_end) for f in found.fragments]
    return spans


STAGE = "edges"


def main() -> None:
    global STAGE
    parser = argparse.ArgumentParser()
    parser.add_argument("--collect", action="store_true")
    parser.add_argument("--pickle", type=Path, default=DEFAULT)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--types", nargs="+", default=list(TYPES))
    parser.add_argument("--stage", choices=("edges", "summary"), default="edges")
    args = parser.parse_args()
    STAGE = args.stage
    pairs = [p for p in load_pairs() if p.kind in args.types]
    if args.collect:
        with multiprocessing.get_context("fork").Pool(args.processes) as pool:
            got = pool.map(_collect_one, pairs, chunksize=4)
        args.pickle.parent.mkdir(parents=True, exist_ok=True)
        with args.pickle.open("wb") as f:
            pickle.dump({pid: (calls, spans) for pid, calls, spans in got}, f)
    with args.pickle.open("rb") as f:
        data = pickle.load(f)
    pairs = [p for p in pairs if p.id in data]
    checked = [sorted(data[p.id][1]) for p in pairs]
    replayed = [sorted(replay(data[p.id][0])) for p in pairs]
    moved = [p.id for p, x, y in zip(pairs, checked, replayed, strict=True) if x != y]
    truth = load_cases()
    for name, spans in (("check", checked), ("replay", replayed)):
        res = score(pairs, spans)
        line = " | ".join(
            f"{k} {v['plagdet']:.4f} P {v['precision']:.4f} R {v['recall']:.4f} "
            f"g {v['granularity']:.4f}"
            if "plagdet" in v
            else f"{k} {v['pairs_with_fragments']}/{v['pairs']}"
            for k, v in res.items()
        )
        print(f"{name}: {line}")
    print(f"pairs whose spans moved: {len(moved)}")
    for pid in moved[:40]:
        n = [p.id for p in pairs].index(pid)
        kind = pairs[n].kind
        print(kind, pid, truth.get(pid, []))
        print("   check ", checked[n])
        print("   replay", replayed[n])


if __name__ == "__main__":
    main()
