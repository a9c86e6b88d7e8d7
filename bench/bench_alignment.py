"""Benchmark of the engine's fragments (seed-and-extend alignment, issue 5) by the PAN measures.

On the collection of ``make_pairs.py`` (Russian and English source/suspicious pairs with one
planted passage of known spans, or none), the engine runs in-process on every pair —
``check([TextInput("susp", …)], [TextInput("src", …)], Options(...))`` — and its fragments
are the detections. Beside it, in the same run, the baseline a plain shingle checker would
show: the suspicious text's 10-word shingles (canonical words of
``copylens.core.canonicalize``) whose fingerprint occurs in the source, runs of consecutive
matching shingles merged into one detection (suspicious span: the run's words; source span:
the hull of each shingle's first occurrence in the source). Both are scored with the PAN
text-alignment measures of Potthast et al. 2010 (``pan.py``: macro precision and recall on
characters of both documents, granularity, plagdet), per obfuscation kind, with the clean
pairs counted as pairs with any detection.

Then the Clough–Stevenson corpus (95 answers against their task's Wikipedia source;
cut/light/heavy = plagiarised, non = not): ROC AUC (Mann–Whitney) of the engine's
containment (share of the answer's canonical words inside fragments), of the report's
plain 10-word shingle containment, and of copy-spotter's score (difflib's
``SequenceMatcher.ratio()`` over the lower-cased whitespace-split words of the two texts, the
one line copy-spotter 0.1.16 computes; here on the texts as the engine extracts them, since
copy-spotter itself stops on the corpus's Windows-1252 files), and the mean of each per
label.

Diagnostics, clearly apart from the engine's figures: the same measures after two
post-processings of the engine's fragments (``drop_nested``: fragments lying inside another
fragment of the pair dropped; ``join_neighbours``: besides, fragments close in the suspicious
text with a compact joined source hull joined), which show what a final merge step in the
aligner would be worth.

``--sweep`` repeats the figures for seed k ∈ {3, 4, 5}, gap g ∈ {2, 4, 6, 8}, minimum
fragment words ∈ {8, 10, 12} and anchor words ∈ {4, 5, 6} (anchor ≥ k) and names the best
setting: every PAN target met with no clean-pair detection, then the highest CS AUC, then
the highest mean plagdet over the obfuscated kinds.

``--options KEY=VALUE ...`` go into every engine run's ``Options(...)`` (values parsed as
``bench_own_text.py`` parses them), so ``--options paraphrase=false`` measures the engine
without the paraphrase stage of issue 17; ``--name`` sets the results' file stem.

Usage: ``python bench/bench_alignment.py [--pairs N] [--sweep] [--seed 1] [--options K=V ...]
[--name alignment_x]`` from anywhere;
writes ``bench/results/alignment.json`` and ``alignment.md`` (the sweep to
``alignment_sweep.json``, shown in ``alignment.md`` by every later run; with ``--pairs`` below
the full collection, ``alignment_<N>*`` instead, so the full figures are kept). The full run
takes about half a minute on 2 cores, the sweep about 10 minutes more.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import platform
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

from make_pairs import KINDS, Pair, generate, summary, verify  # noqa: E402
from pan import Annotation, PanScores, evaluate  # noqa: E402
from shared import CLOUGH_DIR  # noqa: E402

from copylens.core.canonicalize import Canonical, canonicalize  # noqa: E402
from copylens.core.documents import TextInput  # noqa: E402
from copylens.core.engine import check  # noqa: E402
from copylens.core.extract import extract_file  # noqa: E402
from copylens.core.options import Options  # noqa: E402
from copylens.core.shingle import shingles  # noqa: E402

CS_DIR = CLOUGH_DIR
RESULTS = BENCH / "results"
BASELINE_W = 10
CS_MIN_RUN = 5
"""An answer sharing no run of this many words with its source is beyond any text-reuse measure."""
ALL_KINDS = tuple(dict.fromkeys(k for kinds in KINDS.values() for k in kinds))
OBFUSCATED = tuple(k for k in ALL_KINDS if k != "clean")
EDITED = ("edit10", "edit20", "wordforms")
TARGETS = {
    "verbatim_plagdet": 0.95,
    "verbatim_granularity": 1.05,
    "edited_plagdet": 0.85,
    "clean_pairs_with_detections": 0,
    "cs_auc": 0.98,
}
SWEEP = {
    "seed_k": (3, 4, 5),
    "max_gap": (2, 4, 6, 8),
    "min_fragment_words": (8, 10, 12),
    "anchor_words": (4, 5, 6),
}
DEFAULTS = {name: getattr(Options(), name) for name in SWEEP}
"""The engine's own defaults: the plain run measures exactly what users get."""
TARGET_COUNT = 7

Span4 = tuple[int, int, int, int]


# ---------------------------------------------------------------- detections


def engine_spans(suspicious: str, source: str, options: Options) -> list[Span4]:
    """The engine's fragments of ``suspicious`` in ``source`` as character spans."""
    report = check([TextInput("susp", suspicious)], [TextInput("src", source)], options)
    return [
        (f.start, f.end, f.source_start, f.source_end)
        for match in report.documents[0].sources
        for f in match.fragments
    ]


def _chars(c: Canonical, w0: int, w1: int) -> tuple[int, int]:
    return int(c.starts[w0]), int(c.ends[w1 - 1])


def baseline_spans(suspicious: str, source: str, w: int = BASELINE_W) -> list[Span4]:
    """Plain w-shingle matching: runs of consecutive suspicious shingles found in the source."""
    options = Options()
    a, b = canonicalize(suspicious, options), canonicalize(source, options)
    if len(a) == 0 or len(b) == 0:
        return []
    wa, wb = min(w, len(a)), min(w, len(b))
    first: dict[int, int] = {}
    for j, h in enumerate(shingles(b.hashes, w).tolist()):
        first.setdefault(h, j)
    found = [first.get(h) for h in shingles(a.hashes, w).tolist()]
    spans: list[Span4] = []
    i = 0
    while i < len(found):
        if found[i] is None:
            i += 1
            continue
        start = i
        js: list[int] = []
        while i < len(found) and (j := found[i]) is not None:
            js.append(j)
            i += 1
        a0, a1 = _chars(a, start, i - 1 + wa)
        b0, b1 = _chars(b, min(js), max(js) + wb)
        spans.append((a0, a1, b0, b1))
    return spans


# ---------------------------------------------------------------- running in parallel

_PAIRS: Sequence[Pair] = ()
_OPTIONS: tuple[tuple[str, Any], ...] = ()
"""Option changes of ``--options`` beneath every engine run's setting (a swept key wins)."""


def engine_options(changes: tuple[tuple[str, Any], ...]) -> Options:
    return Options(**({"workers": 1} | dict(_OPTIONS) | dict(changes)))


def _run_pair(job: tuple[int, tuple[tuple[str, int], ...] | None]) -> list[Span4]:
    """Engine spans of pair ``n`` under the given option changes, or the baseline's (None)."""
    n, changes = job
    pair = _PAIRS[n]
    if changes is None:
        return baseline_spans(pair.suspicious, pair.source)
    return engine_spans(pair.suspicious, pair.source, engine_options(changes))


def _run_cs(job: tuple[int, tuple[tuple[str, int], ...]]) -> tuple[float, float]:
    n, changes = job
    row = cs_rows()[n]
    options = engine_options(changes)
    report = check([CS_DIR / row["suspicious"]], [CS_DIR / row["source"]], options)
    sources = report.documents[0].sources if report.documents else ()
    if not sources:
        return 0.0, 0.0
    return sources[0].containment, sources[0].shingle_containment


def parallel(func: Callable[[Any], Any], jobs: Sequence[Any], processes: int) -> list[Any]:
    if processes < 2 or len(jobs) < 8:
        return [func(job) for job in jobs]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(processes) as pool:
        return pool.map(func, jobs, chunksize=max(1, len(jobs) // (processes * 8)))


# ---------------------------------------------------------------- scoring


def annotations(pair: Pair, spans: Iterable[Span4]) -> list[Annotation]:
    return [
        Annotation(f"{pair.id}/susp", s0, s1, f"{pair.id}/src", r0, r1) for s0, s1, r0, r1 in spans
    ]


def case_of(pair: Pair) -> list[Annotation]:
    return annotations(pair, [pair.case]) if pair.case else []


def _scores(s: PanScores) -> dict[str, float | int]:
    out = {k: round(v, 4) if isinstance(v, float) else v for k, v in asdict(s).items()}
    return out


def score_kinds(pairs: Sequence[Pair], spans: Sequence[list[Span4]]) -> dict[str, Any]:
    """PAN scores per kind, per language and kind, and over all pairs; clean-pair counts."""
    groups: dict[str, list[int]] = defaultdict(list)
    for n, p in enumerate(pairs):
        groups[p.kind].append(n)
        groups[f"{p.lang}/{p.kind}"].append(n)
        groups["all"].append(n)
    out: dict[str, Any] = {}
    for name, members in groups.items():
        cases = [a for n in members for a in case_of(pairs[n])]
        dets = [a for n in members for a in annotations(pairs[n], spans[n])]
        entry: dict[str, Any] = {"pairs": len(members), **_scores(evaluate(cases, dets))}
        entry["pairs_with_detections"] = sum(1 for n in members if spans[n])
        out[name] = entry
    return out


def auc(scores: Sequence[float], positive: Sequence[bool]) -> float:
    """ROC AUC as the Mann–Whitney U statistic over n₊·n₋ (ties count one half)."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for t in range(i, j + 1):
            ranks[order[t]] = (i + j) / 2 + 1
        i = j + 1
    n_pos = sum(positive)
    n_neg = len(positive) - n_pos
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    rank_sum = sum(r for r, p in zip(ranks, positive, strict=True) if p)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


@cache
def cs_rows() -> list[dict[str, str]]:
    import csv

    with (CS_DIR / "pairs.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@cache
def cs_copy_spotter() -> tuple[float, ...]:
    """copy-spotter's score of each answer against its source: difflib's ratio over the
    lower-cased whitespace-split words (autojunk on, as copy-spotter calls it)."""
    import difflib

    def words(path: Path) -> list[str]:
        return extract_file(path).text.lower().split()

    return tuple(
        difflib.SequenceMatcher(
            a=words(CS_DIR / r["suspicious"]), b=words(CS_DIR / r["source"])
        ).ratio()
        for r in cs_rows()
    )


@cache
def cs_shared_runs() -> tuple[int, ...]:
    """Longest run of words (lower-cased) each answer shares with its source."""
    from make_pairs import longest_common_run, words_of

    return tuple(
        longest_common_run(
            words_of(extract_file(CS_DIR / r["suspicious"]).text),
            words_of(extract_file(CS_DIR / r["source"]).text),
        )
        for r in cs_rows()
    )


def score_cs(results: Sequence[tuple[float, float]]) -> dict[str, Any]:
    rows = cs_rows()
    positive = [r["label"] != "non" for r in rows]
    engine = [r[0] for r in results]
    base = [r[1] for r in results]
    spotter = list(cs_copy_spotter())
    means: dict[str, dict[str, float]] = {}
    for label in ("cut", "light", "heavy", "non"):
        idx = [n for n, r in enumerate(rows) if r["label"] == label]
        means[label] = {
            "n": len(idx),
            "engine": round(sum(engine[n] for n in idx) / len(idx), 4),
            "baseline": round(sum(base[n] for n in idx) / len(idx), 4),
            "copy_spotter": round(sum(spotter[n] for n in idx) / len(idx), 4),
        }
    non = [n for n, r in enumerate(rows) if r["label"] == "non"]
    plag = [n for n, r in enumerate(rows) if r["label"] != "non"]
    runs = cs_shared_runs()
    unseen = [n for n in plag if runs[n] < CS_MIN_RUN]
    return {
        "pairs": len(rows),
        "plagiarised_sharing_no_run": [
            {"file": rows[n]["suspicious"], "label": rows[n]["label"], "longest_run": runs[n]}
            for n in unseen
        ],
        "non_longest_run": max(runs[n] for n in non),
        "auc_ceiling": round(1 - len(unseen) / (2 * len(plag)), 4),
        "engine_auc": round(auc(engine, positive), 4),
        "baseline_auc": round(auc(base, positive), 4),
        "copy_spotter_auc": round(auc(spotter, positive), 4),
        "mean_containment": means,
        "engine_non_max": round(max(engine[n] for n in non), 4),
        "engine_non_flagged": [
            {"file": rows[n]["suspicious"], "engine": round(engine[n], 4)}
            for n in non
            if engine[n] > 0
        ],
        "engine_plagiarised_min": round(min(engine[n] for n in plag), 4),
        "engine_overlaps": sorted(
            [
                {"file": rows[n]["suspicious"], "label": rows[n]["label"], "engine": engine[n]}
                for n in range(len(rows))
                if (positive[n] and engine[n] <= max(engine[m] for m in non))
                or (not positive[n] and engine[n] >= min(engine[m] for m in plag))
            ],
            key=lambda x: x["engine"],
        ),
    }


def targets(kinds: dict[str, Any], cs_auc: float) -> list[dict[str, Any]]:
    t = TARGETS
    rows = [
        ("verbatim plagdet", kinds["verbatim"]["plagdet"], ">=", t["verbatim_plagdet"]),
        ("verbatim granularity", kinds["verbatim"]["granularity"], "<=", t["verbatim_granularity"]),
        *[(f"{k} plagdet", kinds[k]["plagdet"], ">=", t["edited_plagdet"]) for k in EDITED],
        (
            "clean pairs with a detection",
            kinds["clean"]["pairs_with_detections"],
            "<=",
            t["clean_pairs_with_detections"],
        ),
        ("Clough–Stevenson ROC AUC", cs_auc, ">=", t["cs_auc"]),
    ]
    return [
        {
            "target": name,
            "value": value,
            "goal": f"{op} {goal}",
            "pass": value >= goal if op == ">=" else value <= goal,
        }
        for name, value, op, goal in rows
    ]


@dataclass
class SettingResult:
    setting: dict[str, int]
    kinds: dict[str, Any]
    cs: dict[str, Any]
    spans: list[list[Span4]]
    seconds: float
    joined: dict[str, Any]
    """PAN scores after the join_neighbours diagnostic (what a merge step would give)."""

    @property
    def mean_plagdet(self) -> float:
        return sum(self.kinds[k]["plagdet"] for k in OBFUSCATED) / len(OBFUSCATED)

    @property
    def worst(self) -> tuple[str, float]:
        kind = min(OBFUSCATED, key=lambda k: self.kinds[k]["plagdet"])
        return kind, self.kinds[kind]["plagdet"]

    @property
    def targets(self) -> list[dict[str, Any]]:
        return targets(self.kinds, self.cs["engine_auc"])

    def row(self) -> dict[str, Any]:
        return {
            **self.setting,
            "mean_plagdet": round(self.mean_plagdet, 4),
            "worst_kind": self.worst[0],
            "worst_plagdet": self.worst[1],
            "clean_fp_pairs": self.kinds["clean"]["pairs_with_detections"],
            "cs_auc": self.cs["engine_auc"],
            "cs_honest_flagged": len(self.cs["engine_non_flagged"]),
            "targets_met": sum(t["pass"] for t in self.targets),
            "pan_targets_met": sum(t["pass"] for t in self.targets[:-1]),
            "per_kind_plagdet": {k: self.kinds[k]["plagdet"] for k in OBFUSCATED},
            "joined_mean_plagdet": round(
                sum(self.joined[k]["plagdet"] for k in OBFUSCATED) / len(OBFUSCATED), 4
            ),
            "joined_per_kind_plagdet": {k: self.joined[k]["plagdet"] for k in OBFUSCATED},
            "joined_clean_fp_pairs": self.joined["clean"]["pairs_with_detections"],
            "seconds": round(self.seconds, 1),
        }


def run_setting(pairs: Sequence[Pair], setting: dict[str, int], processes: int) -> SettingResult:
    changes = tuple(sorted(setting.items()))
    start = time.perf_counter()
    spans = parallel(_run_pair, [(n, changes) for n in range(len(pairs))], processes)
    cs = parallel(_run_cs, [(n, changes) for n in range(len(cs_rows()))], processes)
    seconds = time.perf_counter() - start
    joined = score_kinds(pairs, [join_neighbours(s) for s in spans])
    return SettingResult(setting, score_kinds(pairs, spans), score_cs(cs), spans, seconds, joined)


# ---------------------------------------------------------------- diagnostics (not the engine)


def drop_nested(spans: Sequence[Span4]) -> list[Span4]:
    """Fragments whose suspicious span lies inside another's dropped (longest kept)."""
    kept: list[Span4] = []
    for d in sorted(spans, key=lambda d: (d[0], -(d[1] - d[0]), d[2])):
        if not any(k[0] <= d[0] and d[1] <= k[1] for k in kept):
            kept.append(d)
    return kept


def join_neighbours(spans: Sequence[Span4], gap: int = 80, stretch: float = 1.3) -> list[Span4]:
    """drop_nested, then overlapping or close fragments joined into their hull.

    Two fragments next in the suspicious text are joined when at most ``gap`` characters
    apart there and the joined source hull is at most ``stretch`` × the joined suspicious
    hull + ``gap``: sentences moved or edits crowded inside one passage become one detection.
    """
    out = drop_nested(spans)
    changed = True
    while changed:
        changed = False
        for i in range(len(out) - 1):
            a, b = out[i], out[i + 1]
            hull = (a[0], max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]))
            if b[0] - a[1] <= gap and hull[3] - hull[2] <= stretch * (hull[1] - hull[0]) + gap:
                out[i : i + 2] = [hull]
                changed = True
                break
    return out


def diagnostics(pairs: Sequence[Pair], engine: Sequence[list[Span4]]) -> dict[str, Any]:
    """PAN scores of the engine's fragments after two post-processings it could adopt."""
    return {
        "drop_nested": score_kinds(pairs, [drop_nested(s) for s in engine]),
        "join_neighbours": score_kinds(pairs, [join_neighbours(s) for s in engine]),
    }


def side_precision(pairs: Sequence[Pair], spans: Sequence[list[Span4]]) -> dict[str, Any]:
    """Per kind: the share of detected characters inside the case, suspicious side and source
    side apart (micro), and the detections whose source span exceeds 1.2 × the suspicious one."""
    out: dict[str, Any] = {}
    for kind in OBFUSCATED:
        plg = src = plg_in = src_in = stretched = 0
        for p, dets in zip(pairs, spans, strict=True):
            if p.kind != kind or p.case is None:
                continue
            c = p.case
            for d in dets:
                plg += d[1] - d[0]
                src += d[3] - d[2]
                plg_in += max(0, min(c[1], d[1]) - max(c[0], d[0]))
                src_in += max(0, min(c[3], d[3]) - max(c[2], d[2]))
                stretched += (d[3] - d[2]) > 1.2 * (d[1] - d[0])
        out[kind] = {
            "suspicious_side": round(plg_in / plg, 4) if plg else None,
            "source_side": round(src_in / src, 4) if src else None,
            "source_span_over_1.2x": stretched,
        }
    return out


def duplicate_counts(engine: Sequence[list[Span4]]) -> dict[str, int]:
    nested = sum(len(s) - len(drop_nested(s)) for s in engine)
    identical = sum(len(s) - len(set(s)) for s in engine)
    return {"fragments": sum(map(len, engine)), "nested": nested, "identical": identical}


# ---------------------------------------------------------------- reporting


def pair_scores(pair: Pair, spans: list[Span4]) -> PanScores:
    return evaluate(case_of(pair), annotations(pair, spans))


def failures(
    pairs: Sequence[Pair], engine: Sequence[list[Span4]], per_kind: int = 3
) -> dict[str, list[dict[str, Any]]]:
    """The worst pairs of each kind (lowest per-pair plagdet; clean: any detection)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for kind in ALL_KINDS:
        members = [n for n, p in enumerate(pairs) if p.kind == kind]
        if kind == "clean":
            bad = [n for n in members if engine[n]]
        else:
            scored = sorted(members, key=lambda n: pair_scores(pairs[n], engine[n]).plagdet)
            bad = [n for n in scored if pair_scores(pairs[n], engine[n]).plagdet < 0.95]
        rows = []
        for n in bad[:per_kind]:
            p = pairs[n]
            s = pair_scores(p, engine[n])
            rows.append(
                {
                    "pair": p.id,
                    "case": list(p.case) if p.case else None,
                    "detections": [list(d) for d in engine[n]],
                    "plagdet": round(s.plagdet, 3),
                    "precision": round(s.precision, 3),
                    "recall": round(s.recall, 3),
                    "granularity": round(s.granularity, 3),
                    "detected_text": [p.suspicious[d[0] : d[1]][:160] for d in engine[n][:3]],
                    "detected_source": [p.source[d[2] : d[3]][:160] for d in engine[n][:3]],
                    "info": {k: v for k, v in p.info.items() if k not in ("order",)},
                }
            )
        out[kind] = rows
    return out


def fmt(x: float) -> str:
    return f"{x:.3f}"


def kind_table(engine: dict[str, Any], base: dict[str, Any], names: Sequence[str]) -> list[str]:
    lines = [
        "| kind | pairs | engine plagdet | P | R | gran | baseline plagdet | P | R | gran |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in names:
        if name not in engine:
            continue
        e, b = engine[name], base[name]
        if name.endswith("clean"):
            lines.append(
                f"| {name} | {e['pairs']} | pairs with a detection: "
                f"**{e['pairs_with_detections']}** | | | | "
                f"pairs with a detection: **{b['pairs_with_detections']}** | | | |"
            )
            continue
        lines.append(
            f"| {name} | {e['pairs']} | **{fmt(e['plagdet'])}** | {fmt(e['precision'])} | "
            f"{fmt(e['recall'])} | {fmt(e['granularity'])} | **{fmt(b['plagdet'])}** | "
            f"{fmt(b['precision'])} | {fmt(b['recall'])} | {fmt(b['granularity'])} |"
        )
    return lines


def sweep_table(rows: Sequence[dict[str, Any]]) -> list[str]:
    lines = [
        "| k | g | min words | anchor | mean plagdet | worst kind | clean FP | CS AUC "
        "| CS non with a fragment | targets met | mean plagdet, joined | edit20, joined |",
        "|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        mark = " (defaults)" if all(r[k] == v for k, v in DEFAULTS.items()) else ""
        lines.append(
            f"| {r['seed_k']} | {r['max_gap']} | {r['min_fragment_words']} | "
            f"{r['anchor_words']}{mark} | "
            f"{fmt(r['mean_plagdet'])} | {r['worst_kind']} {fmt(r['worst_plagdet'])} | "
            f"{r['clean_fp_pairs']} | {fmt(r['cs_auc'])} | {r['cs_honest_flagged']} | "
            f"{r['targets_met']}/{TARGET_COUNT} | "
            f"{fmt(r['joined_mean_plagdet'])} | {fmt(r['joined_per_kind_plagdet']['edit20'])} |"
        )
    return lines


def best_key(r: dict[str, Any], prefix: str = "") -> tuple[float, ...]:
    """Every PAN target met (the clean pairs' included), then the highest CS AUC, then the
    highest mean plagdet."""
    return (
        r["pan_targets_met"] == TARGET_COUNT - 1 and r[prefix + "clean_fp_pairs"] == 0,
        r["cs_auc"],
        r[prefix + "mean_plagdet"],
    )


def engine_named(state: dict[str, Any]) -> str:
    where = f"core/ of commit {state['commit']}"
    if state.get("head", state["commit"]) != state["commit"]:
        where += f" (HEAD was {state['head']})"
    if state["differs_from_head"]:
        where += f" with {', '.join(state['differs_from_head'])} changed (not committed)"
    return where + f", core sha256 {state['core_sha256']}"


def changed_options(options: dict[str, Any]) -> str:
    """The words "default options", or the options that differ from the defaults."""
    defaults = Options()
    changed = {k: v for k, v in options.items() if getattr(defaults, k) != v}
    if not changed:
        return "default options"
    return "options " + ", ".join(f"{k}={v}" for k, v in changed.items())


def render_markdown(result: dict[str, Any], sweep: dict[str, Any] | None) -> str:
    e, b = result["engine"]["kinds"], result["baseline"]["kinds"]
    cs = result["clough_stevenson"]
    col = result["collection"]
    lines = [
        "# Text alignment: engine fragments against plain shingle matching (issue 5)",
        "",
        f"Run {result['when']} on {result['machine']}. Engine: {engine_named(result['core'])}"
        + f"; measuring took {result['seconds']['measure']} s after "
        f"{result['seconds']['generate_and_verify']} s of generating and checking the pairs.",
        "",
        f"Measured with `{result['command']}`"
        + (
            f" (PYTHONPATH={Path(result['core']['core_dir']).parent.parent}: an exported"
            " copylens/core/)"
            if Path(result["core"]["core_dir"]) != REPO / "core"
            else ""
        )
        + ". Commands:",
        "",
        "```",
        "python bench/bench_alignment.py            # this page and alignment.json (~30 s)",
        "python bench/bench_alignment.py --sweep    # + the sweep, alignment_sweep.json (~10 min)",
        "python bench/make_pairs.py --out /tmp/pairs.json   # the collection alone, checked",
        "python -m pytest -q tests/test_pan.py      # the PAN measures",
        "```",
        "",
        f"Collection ({col['pairs']} pairs, seed {result['seed']}, `bench/make_pairs.py`): "
        f"{col['summary']}. Longest run shared by a suspicious document's own text and its "
        f"source: {col['verify']['longest_common_run_own_vs_source']['max']} words, "
        f"{col['verify']['longest_common_lemma_run_own_vs_source']['max']} lemmas.",
        "",
        f"Engine: `check()` with {changed_options(result['options'])} (k = "
        f"{result['options']['seed_k']}, g = {result['options']['max_gap']}, minimum fragment "
        f"{result['options']['min_fragment_words']} words, anchor "
        f"{result['options']['anchor_words']} words); "
        f"detections = its fragments. Baseline: runs of consecutive matching {BASELINE_W}-word "
        "shingles of canonical words. PAN measures of Potthast et al. 2010 (`bench/pan.py`): "
        "macro precision and recall over characters of both documents, granularity, plagdet "
        "= F1 / log2(1 + granularity).",
        "",
        "## Per obfuscation kind",
        "",
        *kind_table(e, b, [*ALL_KINDS, "all"]),
        "",
        "### Per language",
        "",
        *kind_table(e, b, [f"{lang}/{k}" for lang in KINDS for k in KINDS[lang]]),
        "",
        "## Clough–Stevenson (95 answers against their task's source)",
        "",
        "| measure | ROC AUC | mean cut | mean light | mean heavy | mean non |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    m = cs["mean_containment"]
    for who, key in (
        ("engine containment", "engine"),
        ("10-word shingle containment", "baseline"),
        ("copy-spotter (difflib ratio of the words)", "copy_spotter"),
    ):
        lines.append(
            f"| {who} | **{fmt(cs[key + '_auc'])}** | {fmt(m['cut'][key])} | "
            f"{fmt(m['light'][key])} | {fmt(m['heavy'][key])} | {fmt(m['non'][key])} |"
        )
    unseen = cs["plagiarised_sharing_no_run"]
    runs = [f"{Path(u['file']).name} ({u['label']}, {u['longest_run']})" for u in unseen]
    lines += [
        "",
        f"{len(unseen)} plagiarised answers share no run of {CS_MIN_RUN} words with their "
        f"task's source (longest shared run in brackets: {', '.join(runs)}), while the "
        f"unrelated answers share runs of up to {cs['non_longest_run']} words. Two of them are "
        "copied from other text on the task's topic than the source given (g2pE_taskc from "
        "Wikipedia's *Information retrieval*, g4pD_taskb from a part of the PageRank article "
        "that the source excerpt lacks); the third is a heavy rewrite. None holds a fragment "
        "of the source, so a containment built from fragments scores them 0, tied with the "
        "unrelated answers. Even with every other answer ranked right, such a measure reaches "
        f"an AUC of at most {fmt(cs['auc_ceiling'])}. Only a whole-text similarity that counts "
        "single shared words in order (copy-spotter's row) can rank them higher, and it "
        "shows no fragment to the user.",
        "",
        "Non-plagiarised answers given a fragment by the engine: "
        + (
            ", ".join(
                f"{Path(x['file']).name} (containment {fmt(x['engine'])})"
                for x in cs["engine_non_flagged"]
            )
            or "none"
        )
        + ".",
        "",
        "## Targets (engine, default options)",
        "",
        "| target | value | goal | |",
        "|---|---:|---|---|",
    ]
    for t in result["targets"]:
        value = t["value"] if isinstance(t["value"], int) else fmt(t["value"])
        lines.append(
            f"| {t['target']} | {value} | {t['goal']} | {'PASS' if t['pass'] else 'FAIL'} |"
        )
    dup = result["engine"]["duplicates"]
    lines += [
        "",
        "## Diagnostics: the engine's fragments post-processed (not what the engine reports)",
        "",
        f"Of the engine's {dup['fragments']} fragments, {dup['nested']} lie inside another "
        f"fragment of the same pair in the suspicious text ({dup['identical']} are identical "
        "repeats). plagdet / granularity per kind if such fragments were dropped "
        "(*drop nested*), and if besides fragments at most 80 characters apart whose joined "
        "source hull is at most 1.3 × the joined suspicious hull + 80 characters were joined "
        "(*join neighbours*):",
        "",
        "| post-processing | " + " | ".join(OBFUSCATED) + " | clean FP |",
        "|---|" + "---:|" * (len(OBFUSCATED) + 1),
        "| none (engine) | "
        + " | ".join(f"{fmt(e[k]['plagdet'])} / {e[k]['granularity']:.2f}" for k in OBFUSCATED)
        + f" | {e['clean']['pairs_with_detections']} |",
    ]
    for name, kinds in result["diagnostics"].items():
        lines.append(
            f"| {name.replace('_', ' ')} | "
            + " | ".join(
                f"{fmt(kinds[k]['plagdet'])} / {kinds[k]['granularity']:.2f}" for k in OBFUSCATED
            )
            + f" | {kinds['clean']['pairs_with_detections']} |"
        )
    sides = result["precision_by_side"]
    lines += [
        "",
        "Where precision is lost: the share of detected characters inside the case on each "
        "side, and the detections whose source span is over 1.2 × their suspicious span:",
        "",
        "| | " + " | ".join(OBFUSCATED) + " |",
        "|---|" + "---:|" * len(OBFUSCATED),
        "| suspicious side | "
        + " | ".join(fmt(sides[k]["suspicious_side"] or 0) for k in OBFUSCATED)
        + " |",
        "| source side | "
        + " | ".join(fmt(sides[k]["source_side"] or 0) for k in OBFUSCATED)
        + " |",
        "| source span > 1.2 × suspicious | "
        + " | ".join(str(sides[k]["source_span_over_1.2x"]) for k in OBFUSCATED)
        + " |",
    ]
    if sweep is not None:
        lines += [
            "",
            "## Sweep (seed k, gap g, minimum fragment words, anchor words)",
            "",
            f"From `{sweep['command']}`, {sweep['when']}; engine: {engine_named(sweep['core'])}"
            + (
                ""
                if sweep["core"]["core_sha256"] == result["core"]["core_sha256"]
                else " — **not the engine measured above**"
            )
            + ". Mean plagdet over the obfuscated kinds; the worst kind; clean pairs with a "
            f"detection; CS AUC of engine containment; targets met of {TARGET_COUNT}; and the "
            "mean plagdet and edit20 plagdet after the *join neighbours* post-processing "
            "(diagnostics above). Best = every PAN target met with no clean-pair detection, "
            "then the highest CS AUC, then the highest mean plagdet.",
            "",
            *sweep_table(sweep["rows"]),
            "",
            f"Best: {named(sweep['best'])}; the defaults are "
            + ("the best setting. " if sweep["defaults_are_best"] else "not the best setting. ")
            + sweep["note"],
        ]
    lines += ["", "## Worst pairs (engine, default options)", ""]
    for rows in result["failures"].values():
        for r in rows:
            lines.append(
                f"- {r['pair']}: plagdet {r['plagdet']} (P {r['precision']}, R {r['recall']}, "
                f"gran {r['granularity']}); case {r['case']}, detections {r['detections'][:6]}"
            )
    lines.append("")
    return "\n".join(lines)


def core_state() -> dict[str, Any]:
    """Which engine was measured: the core/ imported, its digest, and how it differs from HEAD.

    Other work may change core/ in the work tree at any time; the figures hold for the files
    whose digest is recorded here.
    """
    import copylens.core as core

    core_dir = Path(core.__file__).resolve().parent

    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", *args], cwd=REPO, capture_output=True, check=True)
        except (OSError, subprocess.CalledProcessError):
            return ""
        return done.stdout.decode("utf-8", "replace")

    def tree(commit: str) -> dict[str, bytes]:
        names = [Path(n).name for n in git("ls-tree", "--name-only", commit, "core/").split()]
        return {n: git("show", f"{commit}:core/{n}").encode() for n in names if n.endswith(".py")}

    here = {p.name: p.read_bytes() for p in sorted(core_dir.glob("*.py"))}
    digest = hashlib.sha256()
    for name, data in here.items():
        digest.update(name.encode() + b"\0" + data + b"\0")
    head = git("rev-parse", "--short", "HEAD").strip()
    at_head = tree("HEAD")
    changed = sorted(n for n in set(here) | set(at_head) if here.get(n) != at_head.get(n))
    commit = head
    if changed:  # an exported or older core/: name the recent commit it equals, if any
        for older in git("log", "--format=%h", "-n", "30", "--", "core/").split():
            if tree(older) == here:
                commit, changed = older, []
                break
    return {
        "core_dir": str(core_dir),
        "core_sha256": digest.hexdigest()[:16],
        "commit": commit,
        "head": head,
        "differs_from_head": changed,
    }


def print_kinds(title: str, engine: dict[str, Any], base: dict[str, Any]) -> None:
    print(f"\n{title}")
    print(
        f"{'kind':<18}{'pairs':>6} | {'engine plagdet    P      R   gran':>34} | "
        f"{'baseline plagdet  P      R   gran':>34}"
    )
    names = [*ALL_KINDS, "all"] + [f"{lang}/{k}" for lang in KINDS for k in KINDS[lang]]
    for name in names:
        e, b = engine[name], base[name]
        if name.endswith("clean"):
            found = [f"pairs with a detection: {x['pairs_with_detections']}" for x in (e, b)]
            print(f"{name:<18}{e['pairs']:>6} | {found[0]:>34} | {found[1]:>34}")
            continue
        print(
            f"{name:<18}{e['pairs']:>6} | {e['plagdet']:>12.3f} {e['precision']:6.3f} "
            f"{e['recall']:6.3f} {e['granularity']:6.3f} | {b['plagdet']:>12.3f} "
            f"{b['precision']:6.3f} {b['recall']:6.3f} {b['granularity']:6.3f}"
        )


def named(r: dict[str, Any]) -> str:
    return (
        f"k = {r['seed_k']}, g = {r['max_gap']}, min {r['min_fragment_words']}, "
        f"anchor {r['anchor_words']}"
    )


def sweep_settings() -> list[dict[str, int]]:
    """The grid of SWEEP without settings the engine refuses (an anchor shorter than k)."""
    import itertools

    names = list(SWEEP)
    grid = [dict(zip(names, values, strict=True)) for values in itertools.product(*SWEEP.values())]
    return [s for s in grid if s["anchor_words"] >= s["seed_k"]]


def run_sweep(pairs: Sequence[Pair], default: SettingResult, processes: int) -> dict[str, Any]:
    rows = []
    for setting in sweep_settings():
        r = default if setting == DEFAULTS else run_setting(pairs, setting, processes)
        rows.append(r.row())
        print(
            f"  {named(setting)}: mean plagdet {r.mean_plagdet:.3f}, worst "
            f"{r.worst[0]} {r.worst[1]:.3f}, clean FP "
            f"{r.kinds['clean']['pairs_with_detections']}, CS AUC "
            f"{r.cs['engine_auc']:.4f} ({r.seconds:.0f} s)",
            flush=True,
        )
    default_row = next(r for r in rows if all(r[k] == v for k, v in DEFAULTS.items()))
    best = max(rows, key=best_key)
    best_joined = max(rows, key=lambda r: best_key(r, "joined_"))
    top = max((r for r in rows if r["clean_fp_pairs"] == 0), key=lambda r: r["mean_plagdet"])
    top_auc = max((r for r in rows if r["clean_fp_pairs"] == 0), key=lambda r: r["cs_auc"])
    note = (
        f"Defaults: mean plagdet {default_row['mean_plagdet']:.3f}, CS AUC "
        f"{default_row['cs_auc']:.3f} with {default_row['cs_honest_flagged']} non-plagiarised "
        f"answers given a fragment, {default_row['targets_met']} targets met; best: "
        f"{best['mean_plagdet']:.3f}, CS AUC {best['cs_auc']:.3f} with "
        f"{best['cs_honest_flagged']}, {best['targets_met']} met. "
        f"Highest mean plagdet without clean-pair detections, whatever the AUC: {named(top)} "
        f"({top['mean_plagdet']:.3f}, CS AUC {top['cs_auc']:.3f}); highest CS AUC without "
        f"clean-pair detections: {named(top_auc)} ({top_auc['cs_auc']:.3f}, mean plagdet "
        f"{top_auc['mean_plagdet']:.3f}). "
        f"With the join-neighbours post-processing the best setting would be "
        f"{named(best_joined)} (mean plagdet "
        f"{best_joined['joined_mean_plagdet']:.3f}, edit20 "
        f"{best_joined['joined_per_kind_plagdet']['edit20']:.3f}; defaults "
        f"{default_row['joined_mean_plagdet']:.3f})."
    )
    return {
        "grid": SWEEP,
        "rows": rows,
        "best": {k: best[k] for k in DEFAULTS},
        "best_if_joined": {k: best_joined[k] for k in DEFAULTS},
        "defaults_are_best": best_key(default_row) == best_key(best),
        "note": note,
    }


def print_report(result: dict[str, Any]) -> None:
    e, b = result["engine"]["kinds"], result["baseline"]["kinds"]
    print_kinds(
        "PAN measures per obfuscation kind (engine defaults | 10-word shingle baseline)", e, b
    )
    dup = result["engine"]["duplicates"]
    print(
        f"\nengine fragments: {dup['fragments']}, of which {dup['nested']} lie inside another "
        f"fragment of the same pair ({dup['identical']} identical repeats)"
    )
    for name, kinds in result["diagnostics"].items():
        print(
            f"diagnostic {name}: "
            + ", ".join(
                f"{k} {kinds[k]['plagdet']:.3f}/{kinds[k]['granularity']:.2f}" for k in OBFUSCATED
            )
            + f"; clean pairs with a detection {kinds['clean']['pairs_with_detections']}"
        )
    cs = result["clough_stevenson"]
    print(
        f"\nClough–Stevenson ({cs['pairs']} answers): ROC AUC engine containment "
        f"{cs['engine_auc']:.4f}, 10-word shingle containment {cs['baseline_auc']:.4f}, "
        f"copy-spotter {cs['copy_spotter_auc']:.4f} "
        f"(ceiling {cs['auc_ceiling']:.4f}: {len(cs['plagiarised_sharing_no_run'])} plagiarised "
        f"answers share no {CS_MIN_RUN}-word run with their source)"
    )
    for label, m in cs["mean_containment"].items():
        print(
            f"  mean {label:<5} (n={m['n']:>2}): engine {m['engine']:.3f}  "
            f"baseline {m['baseline']:.3f}  copy-spotter {m['copy_spotter']:.3f}"
        )
    print("\nTargets (engine, default options):")
    for t in result["targets"]:
        value = t["value"] if isinstance(t["value"], int) else f"{t['value']:.3f}"
        print(f"  {'PASS' if t['pass'] else 'FAIL'}  {t['target']}: {value} ({t['goal']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, help="use only the first N pairs (balanced)")
    parser.add_argument("--per-kind", type=int, default=40, help="pairs per language and kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sweep", action="store_true", help="also sweep k, g, min words")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--name", default="alignment", help="results file stem (alignment_* in bench/results)"
    )
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="KEY=VALUE", help="Options(...) changes"
    )
    args = parser.parse_args(argv)
    from bench_own_text import parse_changes  # here: bench_own_text imports this module

    global _OPTIONS
    try:
        _OPTIONS = parse_changes(args.options)
    except Exception as error:  # unknown key, wrong type, refused by Options.validated
        parser.error(str(error))
    setting = {k: v for k, v in _OPTIONS if k in DEFAULTS}
    _OPTIONS = tuple((k, v) for k, v in _OPTIONS if k not in DEFAULTS)
    command = " ".join(
        ["python bench/bench_alignment.py", *(sys.argv[1:] if argv is None else argv)]
    )

    global _PAIRS
    t0 = time.perf_counter()
    pairs, about = generate(args.per_kind, args.seed)
    total = len(pairs)
    if args.pairs:
        pairs = pairs[: args.pairs]
    _PAIRS = pairs
    checked = verify(pairs)
    gen_s = time.perf_counter() - t0
    print(summary(pairs, about))
    print(
        f"generated and verified {len(pairs)} pairs in {gen_s:.1f} s; longest common run own "
        f"text vs source: {checked['longest_common_run_own_vs_source']['max']} words, "
        f"{checked['longest_common_lemma_run_own_vs_source']['max']} lemmas"
    )

    t1 = time.perf_counter()
    engine = run_setting(pairs, DEFAULTS | setting, args.processes)
    baseline_all = parallel(_run_pair, [(n, None) for n in range(len(pairs))], args.processes)
    run_s = time.perf_counter() - t1
    state = core_state()
    commit, dirty = state["commit"], state["differs_from_head"]
    result: dict[str, Any] = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "commit": commit,
        "core_dirty": dirty,
        "core": state,
        "command": command,
        "seed": args.seed,
        "collection": {
            "pairs": len(pairs),
            "about": about,
            "summary": summary(pairs, about).replace("\n", "; "),
            "verify": checked,
        },
        "options": DEFAULTS | setting | dict(_OPTIONS),
        "engine": {
            "kinds": engine.kinds,
            "duplicates": duplicate_counts(engine.spans),
            "seconds": round(engine.seconds, 1),
        },
        "baseline": {
            "kinds": score_kinds(pairs, baseline_all),
            "method": f"runs of matching {BASELINE_W}-word shingles",
        },
        "diagnostics": diagnostics(pairs, engine.spans),
        "precision_by_side": side_precision(pairs, engine.spans),
        "clough_stevenson": engine.cs,
        "targets": engine.targets,
        "failures": failures(pairs, engine.spans),
        "seconds": {"generate_and_verify": round(gen_s, 1), "measure": round(run_s, 1)},
    }
    print_report(result)
    print(f"\nengine, baseline and Clough–Stevenson measured in {run_s:.1f} s")

    if not args.name.startswith("alignment"):
        parser.error("--name must start with 'alignment'")
    stem = args.name if len(pairs) == total else f"{args.name}_{len(pairs)}"
    RESULTS.mkdir(exist_ok=True)
    sweep_path = RESULTS / f"{stem}_sweep.json"
    if args.sweep:
        print("\nsweep:")
        sweep = run_sweep(pairs, engine, args.processes)
        sweep.update(
            when=result["when"], commit=commit, core_dirty=dirty, core=state, command=command
        )
        print("\n" + "\n".join(sweep_table(sweep["rows"])))
        print(f"best: {sweep['best']}; {sweep['note']}")
        sweep_path.write_text(json.dumps(sweep, ensure_ascii=False, indent=1), encoding="utf-8")
    sweep_found = (
        json.loads(sweep_path.read_text(encoding="utf-8")) if sweep_path.exists() else None
    )

    result["pairs"] = [
        {"id": p.id, "case": p.case, "engine": engine.spans[n], "baseline": baseline_all[n]}
        for n, p in enumerate(pairs)
    ]
    (RESULTS / f"{stem}.json").write_text(
        json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (RESULTS / f"{stem}.md").write_text(render_markdown(result, sweep_found), encoding="utf-8")
    print(f"\nwrote {RESULTS / stem}.json and .md" + (f", {sweep_path}" if args.sweep else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
