"""Benchmark on the PAN-13 text-alignment development sample (issue 34), by the PAN measures.

The corpus is ``../shared/corpora/pan13-dev`` (its ABOUT.md: 514 suspicious/source pairs of
the PAN@CLEF 2013 training corpus, verbatim, random and translation obfuscation, summaries,
and 60 negative pairs, with the official truth). Every pair is checked as a user would, with
default settings: ``check([suspicious file], [source file], Options(workers=1))``, and only
the fragments reported against the pair's own source are scored (``pan.py``: character
precision and recall, granularity, plagdet; Potthast et al. 2010).

Three engines in one run, on the same pairs:
- **new**: the engine of this working tree;
- **current**: the engine of another commit (``--before``, default ``main``), unpacked by
  ``git archive`` into a temporary folder and run in a subprocess with that folder first on
  ``PYTHONPATH`` (the same bench code drives it through the public API only);
- **sentences**: a plain sentence-level baseline, each pair of sentences whose tf-idf cosine
  and Dice coefficient over canonical words both reach 0.33 (the seeding of Sanchez-Perez,
  Gelbukh and Sidorov 2014, with neither extension nor filtering), consecutive pairs joined.

Printed per obfuscation type: precision, recall, granularity, plagdet, cases detected; for the
negatives the pairs given any fragment; and each engine's seconds (CPU, one process per core),
with the targets of issue 34 PASS/FAIL for the new engine; then the new engine's detections
that overlap no case, with the words they share with their source span (:func:`outside_cases`).

Usage: ``python bench/bench_pan13.py [--limit N] [--seed S] [--before REF | --no-before]
[--processes N]``; ``--limit`` takes a random sample of N pairs per type (development).
Writes ``bench/results/pan13.json`` and ``pan13.md`` (``pan13_<N>.*`` with a limit).
"""

from __future__ import annotations

import argparse
import csv
import difflib
import json
import math
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

from pan import Annotation, PanScores, detects, evaluate  # noqa: E402
from shared import old_package  # noqa: E402

CORPUS = REPO.parent.parent / "shared" / "corpora" / "pan13-dev"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpora/pan13-dev")
RESULTS = BENCH / "results"
TYPES = ("none", "verbatim", "random", "translation", "summary")
TARGETS = {"verbatim": 0.98, "random": 0.88, "translation": 0.88, "summary": 0.60}
MAX_GRANULARITY = 1.10

Span4 = tuple[int, int, int, int]


@dataclass(frozen=True)
class Pair:
    kind: str
    suspicious: str
    source: str

    @property
    def id(self) -> str:
        return f"{self.suspicious}|{self.source}"


def load_pairs() -> list[Pair]:
    with (CORPUS / "pairs.tsv").open(encoding="utf-8") as f:
        return [
            Pair(r["type"], r["suspicious"], r["source"]) for r in csv.DictReader(f, delimiter="\t")
        ]


def load_cases() -> dict[str, list[Span4]]:
    cases: dict[str, list[Span4]] = defaultdict(list)
    with (CORPUS / "truth.tsv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            a0, b0 = int(r["this_offset"]), int(r["source_offset"])
            span = (a0, a0 + int(r["this_length"]), b0, b0 + int(r["source_length"]))
            cases[f"{r['suspicious']}|{r['source']}"].append(span)
    return cases


def sample(pairs: list[Pair], limit: int | None, seed: int) -> list[Pair]:
    if limit is None:
        return pairs
    rng = random.Random(seed)
    out: list[Pair] = []
    for kind in TYPES:
        members = [p for p in pairs if p.kind == kind]
        out += sorted(rng.sample(members, min(limit, len(members))), key=lambda p: p.id)
    return out


# ---------------------------------------------------------------- the engines


def engine_spans(pair: Pair) -> list[Span4]:
    """The fragments ``check`` reports for the suspicious file against its source file."""
    from copylens.core import Options, check

    susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
    report = check([susp], [src], Options(workers=1))
    spans: list[Span4] = []
    for doc in report.documents:
        for match in doc.sources:
            if Path(match.path).name == pair.source:
                spans += [(f.start, f.end, f.source_start, f.source_end) for f in match.fragments]
    return spans


def baseline_spans(pair: Pair) -> list[Span4]:
    """Sentence pairs with tf-idf cosine and Dice ≥ 0.33 (Sanchez-Perez et al. 2014 seeding
    alone), consecutive pairs (next sentence on both sides) joined into one detection."""
    import numpy as np

    from copylens.core import Options
    from copylens.core.extract import extract_file
    from copylens.core.prepare import prepare_text

    options = Options()
    try:
        a = prepare_text(extract_file(CORPUS / "susp" / pair.suspicious), options).canonical
        b = prepare_text(extract_file(CORPUS / "src" / pair.source), options).canonical
    except Exception:  # a file the engine refuses has no sentences
        return []
    bags_a, bags_b = _bags(a), _bags(b)
    df: Counter[str] = Counter()
    for bag in (*bags_a, *bags_b):
        df.update(set(bag))
    n = len(bags_a) + len(bags_b)
    vocab = {w: i for i, w in enumerate(df)}
    idf = np.array([math.log(n / df[w]) for w in vocab])

    def vectors(bags: list[Counter[str]]) -> Any:
        m = np.zeros((len(bags), len(vocab)))
        for r, bag in enumerate(bags):
            for w, c in bag.items():
                m[r, vocab[w]] = c * idf[vocab[w]]
        norms = np.linalg.norm(m, axis=1, keepdims=True)
        return m / np.where(norms > 0, norms, 1)

    if not bags_a or not bags_b:
        return []
    cos = vectors(bags_a) @ vectors(bags_b).T
    seeds = []
    for i, j in zip(*np.nonzero(cos >= 0.33), strict=True):
        sa, sb = set(bags_a[i]), set(bags_b[j])
        if 2 * len(sa & sb) / (len(sa) + len(sb)) >= 0.33:
            seeds.append((int(i), int(j)))
    spans_a, spans_b = _sentence_chars(a), _sentence_chars(b)
    out: list[Span4] = []
    last: tuple[int, int] | None = None
    for i, j in sorted(seeds):
        lo_a, hi_a = spans_a[i]
        lo_b, hi_b = spans_b[j]
        if last is not None and out and i == last[0] + 1 and j == last[1] + 1:
            s = out[-1]
            out[-1] = (s[0], hi_a, min(s[2], lo_b), max(s[3], hi_b))
        else:
            out.append((lo_a, hi_a, lo_b, hi_b))
        last = (i, j)
    return out


def _bags(c: Any) -> list[Counter[str]]:
    bags: list[Counter[str]] = []
    ids = c.sentences.tolist()
    for n, form in enumerate(c.forms):
        if n == 0 or ids[n] != ids[n - 1]:
            bags.append(Counter())
        bags[-1][form] += 1
    return bags


def _sentence_chars(c: Any) -> list[tuple[int, int]]:
    ids = c.sentences.tolist()
    out: list[tuple[int, int]] = []
    for n in range(len(ids)):
        if n == 0 or ids[n] != ids[n - 1]:
            out.append((int(c.starts[n]), int(c.ends[n])))
        else:
            out[-1] = (out[-1][0], int(c.ends[n]))
    return out


_JOBS: Sequence[Pair] = ()


def _job(args: tuple[int, str]) -> tuple[list[Span4], float]:
    n, which = args
    start = time.process_time()
    spans = engine_spans(_JOBS[n]) if which == "engine" else baseline_spans(_JOBS[n])
    return spans, time.process_time() - start


def run(pairs: Sequence[Pair], which: str, processes: int) -> tuple[list[list[Span4]], float]:
    """Spans of every pair and the CPU seconds they took (summed over the workers)."""
    global _JOBS
    _JOBS = pairs
    jobs = [(n, which) for n in range(len(pairs))]
    if processes < 2:
        out = [_job(j) for j in jobs]
    else:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            out = pool.map(_job, jobs, chunksize=4)
    return [s for s, _ in out], sum(t for _, t in out)


def run_before(ref: str, pairs: Sequence[Pair], processes: int) -> tuple[list[list[Span4]], float]:
    """The engine of commit ``ref`` on the pairs, in a subprocess importing it first."""
    with tempfile.TemporaryDirectory(prefix="pan13-before-") as tmp:
        ids = Path(tmp) / "pairs.json"
        out = Path(tmp) / "spans.json"
        ids.write_text(json.dumps([p.__dict__ for p in pairs]))
        env = dict(os.environ, PYTHONPATH=str(old_package(ref, Path(tmp) / "pkg")))
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--spans-of",
                str(ids),
                str(out),
                "--processes",
                str(processes),
            ],
            check=True,
            env=env,
        )
        data = json.loads(out.read_text())
    return [[tuple(s) for s in spans] for spans in data["spans"]], data["seconds"]


# ---------------------------------------------------------------- scoring


def score(pairs: Sequence[Pair], spans: Sequence[list[Span4]]) -> dict[str, dict[str, Any]]:
    truth = load_cases()
    out: dict[str, dict[str, Any]] = {}
    for kind in TYPES:
        members = [n for n, p in enumerate(pairs) if p.kind == kind]
        if not members:
            continue
        if kind == "none":
            hit = sum(1 for n in members if spans[n])
            out[kind] = {"pairs": len(members), "pairs_with_fragments": hit}
            continue
        cases = [_ann(pairs[n], s) for n in members for s in truth.get(pairs[n].id, [])]
        dets = [_ann(pairs[n], s) for n in members for s in spans[n]]
        s: PanScores = evaluate(cases, dets)
        out[kind] = {
            "pairs": len(members),
            "cases": s.cases,
            "detected": s.detected_cases,
            "detections": s.detections,
            "precision": round(s.precision, 4),
            "recall": round(s.recall, 4),
            "granularity": round(s.granularity, 4),
            "plagdet": round(s.plagdet, 4),
        }
    return out


def outside_cases(pairs: Sequence[Pair], spans: Sequence[list[Span4]]) -> list[dict[str, Any]]:
    """The detections that overlap no case of their pair, with what both texts hold there.

    PAN's precision is a mean over detections, so a detection outside every case costs its
    type a whole detection's share whatever it is. These rows let a reader judge each one:
    its words on the suspicious side, the longest run of words it shares in order with its
    source span and the words shared in order at all (``difflib`` over lower-cased ``\\w+``
    words). A run as long as the detection is text both documents really hold, which the
    truth does not list (issue 34's verbatim figure)."""
    truth = load_cases()
    rows: list[dict[str, Any]] = []
    for n, pair in enumerate(pairs):
        cases = [_ann(pair, s) for s in truth.get(pair.id, [])]
        for span in spans[n]:
            if any(detects(_ann(pair, span), c) for c in cases):
                continue
            this = _words(CORPUS / "susp" / pair.suspicious, span[0], span[1])
            that = _words(CORPUS / "src" / pair.source, span[2], span[3])
            blocks = difflib.SequenceMatcher(None, this, that, autojunk=False)
            longest = blocks.find_longest_match(0, len(this), 0, len(that)).size
            shared = sum(b.size for b in blocks.get_matching_blocks())
            rows.append(
                {
                    "kind": pair.kind,
                    "pair": pair.id,
                    "span": list(span),
                    "words": len(this),
                    "longest_run": longest,
                    "shared_in_order": shared,
                }
            )
    return rows


def _words(path: Path, start: int, end: int) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return re.findall(r"\w+", text[start:end].lower())


def set_aside(
    pairs: Sequence[Pair], spans: Sequence[list[Span4]], rows: list[dict[str, Any]]
) -> dict[str, float]:
    """Each type's plagdet with the ``rows`` (detections outside every case) left out: for
    reading beside the score, never instead of it."""
    dropped = {(r["pair"], tuple(r["span"])) for r in rows}
    kept = [[s for s in spans[n] if (p.id, tuple(s)) not in dropped] for n, p in enumerate(pairs)]
    scores = score(pairs, kept)
    return {k: v["plagdet"] for k, v in scores.items() if k != "none"}


def outside_table(rows: list[dict[str, Any]], aside: dict[str, float]) -> str:
    lines = [
        "",
        "Detections of the new engine that overlap no case (PAN counts each as a whole "
        "detection of precision 0):",
        "",
        "| type | pair | suspicious chars | words | longest run in order | shared in order |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        pair = r["pair"].replace("|", " / ")
        lines.append(
            f"| {r['kind']} | {pair} | {r['span'][0]}–{r['span'][1]} | {r['words']} | "
            f"{r['longest_run']} | {r['shared_in_order']} |"
        )
    lines.append("")
    lines.append(
        "plagdet with these set aside (for reading only, not the score): "
        + ", ".join(f"{k} {v:.3f}" for k, v in aside.items())
    )
    return "\n".join(lines)


def _ann(pair: Pair, s: Span4) -> Annotation:
    return Annotation(pair.suspicious, s[0], s[1], pair.source, s[2], s[3])


def table(results: dict[str, dict[str, Any]], seconds: dict[str, float]) -> str:
    lines = [
        "| type | engine | precision | recall | granularity | plagdet | cases detected |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind in TYPES:
        for name, scores in results.items():
            r = scores.get(kind)
            if r is None:
                continue
            if kind == "none":
                lines.append(
                    f"| none | {name} | | | | | {r['pairs_with_fragments']} of {r['pairs']} "
                    "negative pairs given a fragment |"
                )
                continue
            lines.append(
                f"| {kind} | {name} | {r['precision']:.3f} | {r['recall']:.3f} | "
                f"{r['granularity']:.3f} | **{r['plagdet']:.3f}** | {r['detected']}/{r['cases']} |"
            )
    lines.append("")
    lines.append("CPU seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in seconds.items()))
    new = results.get("new")
    if new:
        lines.append("")
        for kind, target in TARGETS.items():
            if kind in new:
                r = new[kind]
                ok = r["plagdet"] >= target and r["granularity"] <= MAX_GRANULARITY
                lines.append(
                    f"- {kind}: plagdet {r['plagdet']:.3f} ≥ {target}, granularity "
                    f"{r['granularity']:.3f} ≤ {MAX_GRANULARITY}: {'PASS' if ok else 'FAIL'}"
                )
        if "none" in new:
            ok = new["none"]["pairs_with_fragments"] == 0
            lines.append(f"- no fragment on a negative pair: {'PASS' if ok else 'FAIL'}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--before", default="main")
    parser.add_argument("--no-before", action="store_true")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--spans-of", nargs=2, metavar=("PAIRS", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.spans_of:
        pairs = [Pair(**p) for p in json.loads(Path(args.spans_of[0]).read_text())]
        spans, seconds = run(pairs, "engine", args.processes)
        Path(args.spans_of[1]).write_text(json.dumps({"spans": spans, "seconds": seconds}))
        return
    pairs = sample(load_pairs(), args.limit, args.seed)
    results: dict[str, dict[str, Any]] = {}
    seconds: dict[str, float] = {}
    runs: list[tuple[str, Callable[[], tuple[list[list[Span4]], float]]]] = [
        ("new", lambda: run(pairs, "engine", args.processes))
    ]
    if not args.no_before:
        runs.append(
            (f"current ({args.before})", lambda: run_before(args.before, pairs, args.processes))
        )
    if not args.no_baseline:
        runs.append(("sentences", lambda: run(pairs, "baseline", args.processes)))
    all_spans: dict[str, list[list[Span4]]] = {}
    for name, go in runs:
        spans, cpu = go()
        all_spans[name] = spans
        results[name] = score(pairs, spans)
        seconds[name] = cpu
        print(f"{name}: {cpu:.1f} CPU s", file=sys.stderr)
    text = table(results, seconds)
    rows = outside_cases(pairs, all_spans["new"])
    text += "\n" + outside_table(rows, set_aside(pairs, all_spans["new"], rows))
    print(text)
    RESULTS.mkdir(exist_ok=True)
    stem = "pan13" if args.limit is None else f"pan13_{args.limit}"
    (RESULTS / f"{stem}.json").write_text(
        json.dumps({"results": results, "seconds": seconds, "pairs": len(pairs)}, indent=1)
    )
    (RESULTS / f"{stem}.md").write_text(
        f"# PAN-13 development sample ({len(pairs)} pairs)\n\n{text}\n"
    )
    dump = RESULTS / f"{stem}_spans.json"
    dump.write_text(json.dumps({"pairs": [p.__dict__ for p in pairs], "spans": all_spans}))


if __name__ == "__main__":
    main()
