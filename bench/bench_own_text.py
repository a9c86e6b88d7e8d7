"""Benchmark of false marks on the writer's own sentences between copied ones (issue 12).

The pattern of issue 12 is how students really plagiarise: a source's sentences copied in
order with short sentences of their own between them. Today's engine joins the copied
sentences into one fragment from the first copied word to the last, so the own sentences
inside are highlighted, and the shortest counted as borrowed (the fragment's ``edits`` list
them as ``insert``); on real essays built this way about half of the own sentences come out
marked.
The alignment bench (``bench_alignment.py``) plants one passage in own text and never shows
it. Here every essay of ``make_interleaved.py`` is that pattern, with the span and label of
each sentence, and the engine runs in-process on every essay:
``check([TextInput("essay", text)], [TextInput("source<n>", source), ...], Options(...))``.

A sentence counts as *marked* when at least half of its characters lie inside fragments (of
any source). Reported per language and kind: the share of own sentences marked, of copied
sentences marked (verbatim and edited apart), the mean containment (the report's share of
the essay's canonical words covered, 1 − uniqueness) against the true copied share (canonical
words inside copied sentences), and the clean control: essays of own sentences only given
any fragment at all. Targets from the issue, printed PASS/FAIL: own sentences marked ≤ 3 %,
copied sentences marked ≥ 95 %, verbatim and edited each.

Beside the engine, in the same run, the obvious alternative: runs of matching 10-word
shingles, exactly as ``bench_alignment.py`` computes its baseline (its ``baseline_spans``,
imported), over every source of the essay. The worst essays (most own sentences marked) are
printed with the offending sentences, to aim the fix.

The engine run is selectable, so a fix can be set against today's engine in one run:
``--options KEY=VALUE ...`` go into ``Options(...)``, and ``--compare-options KEY=VALUE ...``
runs a second engine with those settings on top of ``--options`` beside the first (an option
a fix adds, or one that switches its new behaviour off). Own sentences are also counted by the
length of their own stretch in canonical words (up to the gap g, up to 4·g + 2, longer): the
lengths the engine's alignment treats differently today.

Own sentences between *retold* ones (issue 34): the essays above hold copies, so nearly every
decision over an own sentence is made before the passage grouping
(``copylens.core.passages.PassageGrouping``, where a paraphrase joins a copy or a paraphrase
beside it). In the same run the engine is run again without that step (bench only,
:data:`UNGROUPED`) on the essays above where it had a paraphrase, and with and without it on
``make_retold.py``'s essays (hand-written paraphrases and synonymizer rewrites with own
sentences between): own sentences marked with and without it, marked by it (with, not
without), *at stake* in it (between two fragments of one source it may join), retold
sentences marked, and its joins (``--retold-per-item 0`` leaves the section out).

Usage: ``python bench/bench_own_text.py [--per-kind 30] [--seed 1] [--options K=V ...]
[--compare-options K=V ...] [--processes N] [--retold-per-item 2] [--wrap 60]`` from
anywhere; writes ``bench/results/own_text.json`` and ``own_text.md`` (with another
``--per-kind``, ``own_text_<N>.*``; with ``--wrap W``, ``..._wrapW.*``). ``--wrap W``
hard-wraps every essay and source (both sections) at W columns, as a plain-text file, an
e-mail or a PDF extraction is: only single spaces become line breaks, so the truth's offsets
hold (:func:`hard_wrapped`). The default collection (370 essays: 30 of each language and kind, 10 of
each Ukrainian kind) takes about 25 s on 2 cores (7 s of it generating and verifying), a
second option set about 5 s more, the grouping section (278 retold essays twice, a few of the
collection's once more) about 15 s more on an idle machine. No test runs this bench.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import make_retold  # noqa: E402
from bench_alignment import BASELINE_W, baseline_spans, core_state, engine_named, parallel  # noqa: E402
from make_interleaved import APART, KINDS, Essay, Sentence, generate, makeup, summary, verify  # noqa: E402

import copylens.core.align as align  # noqa: E402
import copylens.core.passages as passages  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402
from copylens.core.canonicalize import canonicalize  # noqa: E402

RESULTS = BENCH / "results"
DEFAULT_PER_KIND = 30
MARK_SHARE = 0.5
"""A sentence is marked when at least this share of its characters lies inside fragments."""
TARGETS = {"own": ("<=", 0.03), "copied-verbatim": (">=", 0.95), "copied-edited": (">=", 0.95)}
BASELINE = f"{BASELINE_W}-word shingles"
GAP = Options().max_gap
STRETCHES = {f"1–{GAP}": GAP, f"{GAP + 1}–{4 * GAP + 2}": 4 * GAP + 2, f"> {4 * GAP + 2}": 10**9}
"""Own stretches between copied sentences by canonical words (default options): up to the
engine's gap g, its inserted words count as covered (score.py); up to 4·g + 2, chains on
either side are merged into one fragment (align.py, step 4); longer ones are not bridged."""
SHOWN = 4
"""Offending sentences shown per worst essay (all of them are in the JSON)."""

Span = tuple[int, int]
Changes = tuple[tuple[str, Any], ...]


@dataclass
class Facts:
    """What an essay is, measured once: its true copied share and own stretch lengths."""

    true_share: float
    stretch: list[int]
    """Per sentence: canonical words of the run of own sentences holding it (0 if copied)."""


@dataclass
class Run:
    """One method on one essay: the marked character spans, containment, insert edits."""

    spans: list[Span]
    containment: float
    inserts: list[Span]
    fragments: int
    found: list[tuple[int, str, Span]] = field(default_factory=list)
    """The engine's fragments: source number, kind and span (the baseline's: none)."""


# ---------------------------------------------------------------- hard-wrapped texts


def hard_wrapped(text: str, width: int) -> str:
    """``text`` with every line filled to ``width`` columns, greedily, words never broken: a
    plain-text file, an e-mail or a PDF extraction. Only a single space between two words
    becomes a line break (``textwrap.fill`` also drops the runs of spaces some sources hold),
    so every character offset (the truth's sentence spans, a copied sentence's span in its
    source) holds as it was; checked here, ``ValueError`` if not."""
    out = list(text)
    start = 0
    for line in text.split("\n"):
        breaks = [
            start + i
            for i in range(1, len(line) - 1)
            if line[i] == " " and not line[i - 1].isspace() and not line[i + 1].isspace()
        ]
        begin, last = start, -1
        for b in [*breaks, start + len(line)]:
            if b - begin > width and last >= begin:
                out[last] = "\n"
                begin = last + 1
            last = b
        start += len(line) + 1
    wrapped = "".join(out)
    if len(wrapped) != len(text) or any(
        a != b and (a, b) != (" ", "\n") for a, b in zip(text, wrapped, strict=True)
    ):
        raise ValueError(f"wrapping at {width} moved characters: {text[:60]!r}")
    return wrapped


def wrap_essays(essays: Sequence[Essay], width: int) -> list[Essay]:
    """Every essay and every source of it hard-wrapped at ``width`` (0: as they are)."""
    if width <= 0:
        return list(essays)
    return [
        replace(
            e,
            text=hard_wrapped(e.text, width),
            sources=[{**s, "text": hard_wrapped(s["text"], width)} for s in e.sources],
        )
        for e in essays
    ]


# ---------------------------------------------------------------- running the methods

_ESSAYS: Sequence[Essay] = ()
_RUNS: dict[str, list[Run]] = {}
"""Every method's runs of the collection, by name (:func:`measure`), for the grouping's."""


UNCUT = (("__uncut__", True),)
"""Changes naming today's engine as it was before issue 12: no sentence cut out of a fragment
(``copylens.core.align.own_sentences`` answering none), so both run in one process."""
UNGROUPED = (("__ungrouped__", True),)
"""Changes naming today's engine without its passage grouping step (issue 34,
``copylens.core.passages.PassageGrouping`` not wanted): set against the engine, it shows what
that step alone marks."""


def engine_run(essay: Essay, changes: Changes) -> Run:
    """The engine's fragments of ``essay`` in all its sources, under ``changes``."""
    sources = [TextInput(f"source{n}", s["text"]) for n, s in enumerate(essay.sources)]
    marks = {k for k, _ in changes if k.startswith("__")}
    options = Options(workers=1, **{k: v for k, v in changes if k not in marks})
    cut = align.own_sentences
    if "__uncut__" in marks:
        align.own_sentences = lambda *args, **kwargs: []
    if "__ungrouped__" in marks:  # the instance's answer, not the class's: this process only
        passages.PASSAGE_GROUPING.wanted = lambda options: False  # type: ignore[method-assign]
    try:
        report = check([TextInput("essay", essay.text)], sources, options)
    finally:
        align.own_sentences = cut
        vars(passages.PASSAGE_GROUPING).pop("wanted", None)
    doc = report.documents[0]
    fragments = [(m.path, f) for m in doc.sources for f in m.fragments]
    inserts = [(e.start, e.end) for _, f in fragments for e in f.edits if e.kind == "insert"]
    spans = [(f.start, f.end) for _, f in fragments]
    found = [(int(s.removeprefix("source")), _kind(f), (f.start, f.end)) for s, f in fragments]
    return Run(spans, 1.0 - doc.uniqueness, inserts, len(fragments), found)


def _kind(fragment: Any) -> str:
    """The fragment's kind; ``copy+retold`` for a copy holding a retold edit (the grouping's)."""
    if fragment.kind == "copy" and any(e.kind == "retold" for e in fragment.edits):
        return "copy+retold"
    return str(fragment.kind)


def baseline_run(essay: Essay) -> Run:
    """Runs of matching 10-word shingles against every source (``bench_alignment``'s)."""
    found = [s for src in essay.sources for s in baseline_spans(essay.text, src["text"])]
    spans = [(s[0], s[1]) for s in found]
    return Run(spans, canonical_share(essay.text, spans), [], len(spans))


def canonical_share(text: str, spans: Sequence[Span]) -> float:
    """Share of the text's canonical words (default options) lying inside ``spans``."""
    words = canonicalize(text, Options())
    if len(words) == 0:
        return 0.0
    inside = sum(
        any(a <= s and e <= b for a, b in spans)
        for s, e in zip(words.starts.tolist(), words.ends.tolist(), strict=True)
    )
    return inside / len(words)


def _run(job: tuple[int, Changes | None]) -> Run:
    n, changes = job
    essay = _ESSAYS[n]
    return baseline_run(essay) if changes is None else engine_run(essay, changes)


def run_all(changes: Changes | None, processes: int) -> tuple[list[Run], float]:
    start = time.perf_counter()
    runs = parallel(_run, [(n, changes) for n in range(len(_ESSAYS))], processes)
    return runs, time.perf_counter() - start


# ---------------------------------------------------------------- scoring


def covered(start: int, end: int, spans: Iterable[Span]) -> int:
    """Characters of [start, end) inside the union of ``spans``."""
    merged: list[list[int]] = []
    for a, b in sorted((max(a, start), min(b, end)) for a, b in spans if a < end and b > start):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return sum(b - a for a, b in merged)


def marked(s: Sentence, spans: Sequence[Span]) -> bool:
    return covered(s.start, s.end, spans) >= MARK_SHARE * (s.end - s.start)


def canonical_starts(text: str) -> list[int]:
    return canonicalize(text, Options()).starts.tolist()


def facts(essay: Essay) -> Facts:
    """True copied share; for each own sentence the canonical words of its own stretch."""
    copied = [(s.start, s.end) for s in essay.sentences if s.label != "own"]
    starts = canonical_starts(essay.text)
    stretch = [0] * len(essay.sentences)
    n = 0
    while n < len(essay.sentences):
        if essay.sentences[n].label != "own":
            n += 1
            continue
        m = n
        while m < len(essay.sentences) and essay.sentences[m].label == "own":
            m += 1
        a, b = essay.sentences[n].start, essay.sentences[m - 1].end
        stretch[n:m] = [sum(a <= x < b for x in starts)] * (m - n)
        n = m
    return Facts(canonical_share(essay.text, copied), stretch)


def stretch_name(words: int) -> str:
    return next(name for name, top in STRETCHES.items() if words <= top)


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def tally(essays: Sequence[Essay], runs: Sequence[Run], known: Sequence[Facts]) -> dict[str, Any]:
    """Counts of one group of essays: sentences and marked ones by label, own by position."""
    c: dict[str, float] = defaultdict(float)
    for essay, run, fact in zip(essays, runs, known, strict=True):
        c["essays"] += 1
        c["with_fragment"] += bool(run.spans)
        c["containment"] += run.containment
        c["true_share"] += fact.true_share
        c["excess"] += max(0.0, run.containment - fact.true_share)
        c["over_5_points"] += run.containment - fact.true_share > 0.05
        for s, stretch in zip(essay.sentences, fact.stretch, strict=True):
            hit = marked(s, run.spans)
            c[s.label] += 1
            c[f"{s.label} marked"] += hit
            if s.label == "own":
                between = ["own between", f"own between, {stretch_name(stretch)} words"]
                for key in between if s.between else ["own edge"]:
                    c[key] += 1
                    c[f"{key} marked"] += hit
                c["own marked as insert"] += hit and covered(s.start, s.end, run.inserts) > 0
    return summarize(c)


def summarize(c: dict[str, float]) -> dict[str, Any]:
    n = int(c["essays"])
    out: dict[str, Any] = {
        "essays": n,
        "essays_with_fragment": int(c["with_fragment"]),
        "mean_containment": round(c["containment"] / n, 4) if n else None,
        "mean_true_share": round(c["true_share"] / n, 4) if n else None,
        "mean_excess": round(c["excess"] / n, 4) if n else None,
        "essays_over_5_points": int(c["over_5_points"]),
    }
    stretches = [f"own between, {name} words" for name in STRETCHES]
    for label in ("own", "copied-verbatim", "copied-edited", "own between", "own edge", *stretches):
        out[label] = {
            "sentences": int(c[label]),
            "marked": int(c[f"{label} marked"]),
            "share": _ratio(int(c[f"{label} marked"]), int(c[label])),
        }
    out["own"]["marked_as_insert"] = int(c["own marked as insert"])
    copied = int(c["copied-verbatim"] + c["copied-edited"])
    hits = int(c["copied-verbatim marked"] + c["copied-edited marked"])
    out["copied"] = {"sentences": copied, "marked": hits, "share": _ratio(hits, copied)}
    return out


def groups(essays: Sequence[Essay]) -> dict[str, list[int]]:
    """Essay indices per group: every language/kind, every language (not clean), all."""
    out: dict[str, list[int]] = defaultdict(list)
    for n, e in enumerate(essays):
        out[f"{e.lang}/{e.kind}"].append(n)
        if e.kind not in APART:
            out[e.lang].append(n)
            out["all"].append(n)
    return out


def score(essays: Sequence[Essay], runs: Sequence[Run], known: Sequence[Facts]) -> dict[str, Any]:
    return {
        name: tally([essays[n] for n in idx], [runs[n] for n in idx], [known[n] for n in idx])
        for name, idx in groups(essays).items()
    }


def targets(scores: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets over all essays and per language (clean essays not counted)."""
    rows = []
    for label, (op, goal) in TARGETS.items():
        for group in ["all", *KINDS]:
            value = scores[group][label]["share"]
            if value is None:
                continue
            ok = value <= goal if op == "<=" else value >= goal
            rows.append({"target": label, "group": group, "value": value, "goal": f"{op} {goal}"})
            rows[-1]["pass"] = ok
    return rows


def worst(
    essays: Sequence[Essay], runs: Sequence[Run], known: Sequence[Facts], count: int = 5
) -> list[dict[str, Any]]:
    """The essays with the most own sentences marked, with those sentences."""

    def own_hits(n: int) -> list[tuple[Sentence, int]]:
        return [
            (s, stretch)
            for s, stretch in zip(essays[n].sentences, known[n].stretch, strict=True)
            if s.label == "own" and marked(s, runs[n].spans)
        ]

    order = sorted(range(len(essays)), key=lambda n: (-len(own_hits(n)), essays[n].id))
    out = []
    for n in order[:count]:
        if not own_hits(n):
            break
        e = essays[n]
        out.append(
            {
                "essay": e.id,
                "own_marked": len(own_hits(n)),
                "own": sum(s.label == "own" for s in e.sentences),
                "fragments": runs[n].fragments,
                "containment": round(runs[n].containment, 3),
                "sentences": [
                    {
                        "text": e.text[s.start : s.end],
                        "span": [s.start, s.end],
                        "between": s.between,
                        "stretch_words": stretch,
                        "as_insert": covered(s.start, s.end, runs[n].inserts) > 0,
                    }
                    for s, stretch in own_hits(n)
                ],
            }
        )
    return out


# ---------------------------------------------------------------- the passage grouping (issue 34)

RETOLD_PER_ITEM = 2
"""Essays of ``make_retold.py`` made from every hand-written paraphrase and kind."""
JOINABLE = {"copy", "copy+retold", "paraphrase"}
GROUPED = {"paraphrase", "copy+retold"}
"""Kinds of fragment a run with the grouping holds only where the grouping had a paraphrase
to join: an essay whose run has none is the same without the step (not run again)."""


def honest_essays(what: str, wrap: int) -> list[Essay]:
    """The honest side's labelled essays as this bench makes them, for the diagnostics that
    replay it: ``own``, make_interleaved's (``DEFAULT_PER_KIND`` a kind, seed 1); ``retold``,
    make_retold's (``RETOLD_PER_ITEM`` an item); hard-wrapped at ``wrap`` columns (0: as is)."""
    if what == "own":
        essays, _ = generate(DEFAULT_PER_KIND, 1)
    else:
        essays = make_retold.generate(RETOLD_PER_ITEM, 1, DEFAULT_PER_KIND)
    return wrap_essays(essays, wrap)


def at_stake(essay: Essay, run: Run) -> set[int]:
    """Own sentences (indices) the grouping decides on, given a run without it: those inside
    the gap between two fragments of one source next to each other (by start), a paraphrase
    and a copy or two paraphrases, which ``one_passage(grouped=True)`` may join."""
    by_source: dict[int, list[tuple[Span, str]]] = defaultdict(list)
    for source, kind, span in run.found:
        by_source[source].append((span, kind))
    out = set()
    for found in by_source.values():
        for (f, f_kind), (g, g_kind) in pairwise(sorted(found)):
            if "paraphrase" in (f_kind, g_kind) and {f_kind, g_kind} <= JOINABLE:
                out |= {
                    k
                    for k, s in enumerate(essay.sentences)
                    if s.label == "own" and f[1] <= s.start and s.end <= g[0]
                }
    return out


def grouping_tally(
    essays: Sequence[Essay], grouped: Sequence[Run], ungrouped: Sequence[Run]
) -> dict[str, Any]:
    """Own and borrowed sentences marked with the grouping and without it; the own sentences
    it decides on (:func:`at_stake`) and marks; its joins (fragments fewer with it)."""
    c: Counter[str] = Counter()
    for essay, on, off in zip(essays, grouped, ungrouped, strict=True):
        c["essays"] += 1
        c["joins"] += max(0, off.fragments - on.fragments)
        c["essays joined"] += off.fragments > on.fragments
        stake = at_stake(essay, off)
        for k, s in enumerate(essay.sentences):
            hit_on, hit_off = marked(s, on.spans), marked(s, off.spans)
            c[s.label] += 1
            c[f"{s.label} marked"] += hit_on
            c[f"{s.label} marked ungrouped"] += hit_off
            if s.label == "own":
                c["own between"] += s.between
                c["own marked by grouping"] += hit_on and not hit_off
                c["own unmarked by grouping"] += hit_off and not hit_on
                c["own at stake"] += k in stake
                c["own at stake marked"] += k in stake and hit_on
    return dict(c)


def measure_grouping(
    base: Changes,
    essays: Sequence[Essay],
    on: list[Run],
    processes: int,
    per_item: int,
    seed: int,
    per_kind: int,
    wrap: int = 0,
) -> dict[str, Any]:
    """Today's collection without the grouping (set against ``on``, the engine's runs with it;
    only the essays where it had a paraphrase, :data:`GROUPED`) and ``make_retold.py``'s
    essays with and without it: :func:`grouping_tally` per group."""
    global _ESSAYS
    ungrouped = tuple(sorted(base + UNGROUPED))
    touched = [n for n, r in enumerate(on) if any(k in GROUPED for _, k, _ in r.found)]
    _ESSAYS = [essays[n] for n in touched]
    again, seconds = run_all(ungrouped, processes)
    off = list(on)
    for n, run in zip(touched, again, strict=True):
        off[n] = run
    tallies = {"interleaved (make_interleaved, all kinds)": grouping_tally(essays, on, off)}
    t0 = time.perf_counter()
    retold = make_retold.generate(per_item, seed, per_kind)
    make_retold.check(retold)
    retold = wrap_essays(retold, wrap)
    _ESSAYS = retold
    retold_on, s_on = run_all(base, processes)
    retold_off, s_off = run_all(ungrouped, processes)
    groups: dict[str, list[int]] = defaultdict(list)
    for n, e in sorted(enumerate(retold), key=lambda x: (x[1].lang, x[1].kind)):
        groups[f"{e.lang}/{e.kind}"].append(n)
    for n, e in enumerate(retold):
        groups[f"{e.lang}/retold"].append(n)
    groups["all retold"] = list(range(len(retold)))
    for name, idx in groups.items():
        tallies[name] = grouping_tally(
            [retold[n] for n in idx], [retold_on[n] for n in idx], [retold_off[n] for n in idx]
        )
    print(
        f"grouping: {len(touched)} of {len(essays)} interleaved essays with a paraphrase, "
        f"without it in {seconds:.1f} s; "
        f"{len(retold)} retold essays with it in {s_on:.1f} s, without in {s_off:.1f} s",
        flush=True,
    )
    return {
        "per_item": per_item,
        "retold_essays": len(retold),
        "makeup": make_retold.makeup(retold),
        "tallies": tallies,
        "interleaved_with_paraphrase": len(touched),
        "seconds": round(seconds + time.perf_counter() - t0, 1),
        "worst": [
            {
                "essay": retold[n].id,
                "sentences": [
                    retold[n].text[s.start : s.end]
                    for s in retold[n].sentences
                    if s.label == "own" and marked(s, retold_on[n].spans)
                ],
                "by_grouping": [
                    retold[n].text[s.start : s.end]
                    for s in retold[n].sentences
                    if s.label == "own"
                    and marked(s, retold_on[n].spans)
                    and not marked(s, retold_off[n].spans)
                ],
            }
            for n in range(len(retold))
            if any(s.label == "own" and marked(s, retold_on[n].spans) for s in retold[n].sentences)
        ],
    }


def of(c: dict[str, Any], label: str, suffix: str = "") -> str:
    return f"{c.get(f'{label} marked{suffix}', 0)}/{c.get(label, 0)}"


def grouping_table(grouping: dict[str, Any]) -> list[str]:
    """Markdown: per group, own and borrowed sentences marked with and without the grouping."""
    lines = [
        "| group | essays | own (between) | own marked | own marked, no grouping | "
        "own marked by the grouping | own unmarked by it | own at stake in it (marked) | "
        "retold marked | retold marked, no grouping | copied verbatim marked | joins (essays) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, c in grouping["tallies"].items():
        lines.append(
            f"| {name} | {c['essays']} | {c.get('own', 0)} ({c.get('own between', 0)}) | "
            f"{of(c, 'own')} | {of(c, 'own', ' ungrouped')} | "
            f"{c.get('own marked by grouping', 0)} | {c.get('own unmarked by grouping', 0)} | "
            f"{c.get('own at stake', 0)} ({c.get('own at stake marked', 0)}) | "
            f"{of(c, 'retold')} | {of(c, 'retold', ' ungrouped')} | "
            f"{of(c, 'copied-verbatim')} | {c.get('joins', 0)} ({c.get('essays joined', 0)}) |"
        )
    return lines


def grouping_lines(grouping: dict[str, Any]) -> list[str]:
    """The retold essays with own sentences marked, those marked by the grouping first."""
    rows = sorted(grouping["worst"], key=lambda w: (-len(w["by_grouping"]), -len(w["sentences"])))
    lines = []
    for w in rows[: 2 * SHOWN]:
        by = set(w["by_grouping"])
        shown = "; ".join(
            f"“{t}”" + (" (by the grouping)" if t in by else "") for t in w["sentences"][:SHOWN]
        )
        more = f" … and {len(w['sentences']) - SHOWN} more" if len(w["sentences"]) > SHOWN else ""
        lines.append(f"- **{w['essay']}**: {shown}{more}")
    return lines


# ---------------------------------------------------------------- option sets


def convert(raw: str, default: Any) -> Any:
    """``raw`` as the type of the option's default (bool from true/false/1/0/yes/no/on/off)."""
    if isinstance(default, bool):
        words = {"1": True, "true": True, "yes": True, "on": True}
        words |= {"0": False, "false": False, "no": False, "off": False}
        if raw.lower() not in words:
            raise ValueError(f"{raw!r} is not a yes/no value")
        return words[raw.lower()]
    if isinstance(default, int | float | str):
        return type(default)(raw)
    return json.loads(raw)


def parse_changes(items: Sequence[str]) -> Changes:
    """``KEY=VALUE`` items as option changes, checked by ``Options.validated``."""
    defaults = Options()
    names = sorted(f.name for f in fields(Options))
    changes = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or key not in names:
            raise ValueError(f"{item!r}: expected KEY=VALUE, KEY one of {', '.join(names)}")
        changes[key] = convert(raw, getattr(defaults, key))
    Options(**changes).validated()
    return tuple(sorted(changes.items()))


def set_name(changes: Changes) -> str:
    return "engine" + (f" [{', '.join(f'{k}={v}' for k, v in changes)}]" if changes else "")


# ---------------------------------------------------------------- reporting


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def group_names(scores: dict[str, Any]) -> list[str]:
    names = [f"{lang}/{kind}" for lang in KINDS for kind in KINDS[lang] if kind not in APART]
    names += [lang for lang in KINDS] + ["all"]
    names += [f"{lang}/{kind}" for kind in APART for lang in KINDS]
    return [n for n in names if n in scores]


def results_table(methods: dict[str, dict[str, Any]]) -> list[str]:
    """Markdown: per group, each method's own / verbatim / edited marked % and containment."""
    first = next(iter(methods.values()))["scores"]
    head = "| group | essays | own | verb. | edited | true share |"
    rule = "|---|---:|---:|---:|---:|---:|"
    for name in methods:
        head += f" {name}: own % | verb. % | edited % | containment |"
        rule += "---:|---:|---:|---:|"
    lines = [head, rule]
    for group in group_names(first):
        g = first[group]
        row = (
            f"| {group} | {g['essays']} | {g['own']['sentences']} | "
            f"{g['copied-verbatim']['sentences']} | {g['copied-edited']['sentences']} | "
            f"{pct(g['mean_true_share'])} |"
        )
        for m in methods.values():
            s = m["scores"][group]
            row += (
                f" {pct(s['own']['share'])} | {pct(s['copied-verbatim']['share'])} | "
                f"{pct(s['copied-edited']['share'])} | {pct(s['mean_containment'])} |"
            )
        lines.append(row)
    return lines


def share_text(entry: dict[str, Any]) -> str:
    return f"{entry['marked']}/{entry['sentences']} ({pct(entry['share'])} %)"


def positions_lines(methods: dict[str, dict[str, Any]]) -> list[str]:
    """Own sentences marked by position and stretch length; clean essays given a fragment."""
    lines = []
    for name, m in methods.items():
        s = m["scores"]["all"]
        clean = {lang: m["scores"][f"{lang}/clean"] for lang in KINDS}
        hit = sum(c["essays_with_fragment"] for c in clean.values())
        stretches = ", ".join(
            f"{key} words {share_text(s[f'own between, {key} words'])}" for key in STRETCHES
        )
        lines.append(
            f"- {name}: own sentences marked between copied ones "
            f"{share_text(s['own between'])} (own stretch of {stretches}), at the edges "
            f"{share_text(s['own edge'])}; marked own sentences inside an `insert` edit: "
            f"{s['own']['marked_as_insert']}/{s['own']['marked']}; containment over the true "
            f"share by {pct(s['mean_excess'])} points on average, by more than 5 in "
            f"{s['essays_over_5_points']}/{s['essays']} essays; clean control: {hit}/"
            f"{sum(c['essays'] for c in clean.values())} essays with a fragment ("
            + ", ".join(f"{lang} {c['essays_with_fragment']}" for lang, c in clean.items())
            + ")"
        )
    return lines


def targets_table(methods: dict[str, dict[str, Any]]) -> list[str]:
    names = list(methods)
    lines = [
        "| target | group | goal | " + " | ".join(names) + " |",
        "|---|---|---|" + "---|" * len(names),
    ]
    rows = zip(*(m["targets"] for m in methods.values()), strict=True)
    for row in rows:
        t = row[0]
        cells = [f"{'PASS' if r['pass'] else 'FAIL'} {pct(r['value'])} %" for r in row]
        lines.append(
            f"| {t['target']} marked | {t['group']} | {t['goal']} | " + " | ".join(cells) + " |"
        )
    return lines


def worst_lines(rows: Sequence[dict[str, Any]]) -> list[str]:
    lines = []
    for w in rows:
        lines.append(
            f"- **{w['essay']}**: {w['own_marked']} of {w['own']} own sentences marked, "
            f"{w['fragments']} fragments, containment {pct(w['containment'])} %"
        )
        for s in w["sentences"][:SHOWN]:
            where = "at an edge"
            if s["between"]:
                where = f"between copied, own stretch of {s['stretch_words']} words"
            edit = ", an `insert` edit" if s["as_insert"] else ""
            lines.append(f"  - ({where}{edit}) “{s['text']}”")
        if len(w["sentences"]) > SHOWN:
            lines.append(f"  - … and {len(w['sentences']) - SHOWN} more")
    return lines


def makeup_table(essays: Sequence[Essay]) -> list[str]:
    lines = [
        "| language/kind | essays | own | of them between copied | topical | copied verbatim "
        "| copied edited | words per essay | sources per essay (count: essays) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, r in makeup(essays).items():
        lines.append(
            f"| {name} | {r['essays']} | {r['own']} | {r['own_between']} | {r['own_topical']} | "
            f"{r['copied-verbatim']} | {r['copied-edited']} | {r['words']} | {r['sources']} |"
        )
    return lines


def render_markdown(result: dict[str, Any], essays: Sequence[Essay]) -> str:
    methods = result["methods"]
    first = next(n for n in methods if n != BASELINE)
    col = result["collection"]
    checked = col["verify"]
    return "\n".join(
        [
            "# False marks on own sentences between copied ones (issue 12)",
            "",
            f"Run {result['when']} on {result['machine']}. Engine: "
            f"{engine_named(result['core'])}. Measured with `{result['command']}` in "
            f"{result['seconds']['total']} s.",
            "",
            "Essays of `make_interleaved.py` (seed "
            f"{result['seed']}): a source's sentences copied in order, verbatim or edited, with "
            "the writer's own sentences of 4–15 words (Russian 5–15) between them (real honest "
            "writing: Clough–Stevenson `non` answers, other Russian seed papers, the other half "
            "of the Ukrainian one). A sentence is *marked* "
            f"when ≥ {MARK_SHARE:.0%} of its characters lie inside fragments. Clean essays "
            "(own sentences only) are the control, left out of the language rows.",
            "",
            *makeup_table(essays),
            "",
            f"Own sentences vs their essay's sources: longest common run "
            f"{checked['longest_common_run_own_vs_sources']['max']} words, "
            f"{checked['longest_common_lemma_run_own_vs_sources']['max']} lemmas (guard < 5).",
            "",
            "## Sentences marked (%) and containment (%)",
            "",
            *results_table(methods),
            "",
            *positions_lines(methods),
            "",
            "## Targets (issue 12)",
            "",
            *targets_table(methods),
            "",
            f"## Worst essays ({first})",
            "",
            *worst_lines(methods[first]["worst"]),
            "",
            *grouping_markdown(result["grouping"], first),
        ]
    )


def grouping_markdown(grouping: dict[str, Any] | None, engine: str) -> list[str]:
    if grouping is None:
        return []
    return [
        "## Own sentences between retold ones: the passage grouping (issue 34)",
        "",
        f"{engine}, with its passage grouping step (`core/passages.py`, `PassageGrouping`: a "
        "paraphrase joined to a copy or a paraphrase beside it) and without it (the step not "
        f"run, bench only), on today's collection above and on {grouping['retold_essays']} "
        "essays of `make_retold.py` (seed as above, "
        f"{grouping['per_item']} per hand-written paraphrase and kind): the sentences of a "
        "`heavy` or `medium` paraphrase of `bench/paraphrase_data` (`mixed`: medium, each "
        "sentence retold or its source sentence copied verbatim) with the writer's own "
        "sentences on the topic between them, checked against the passage and two others; "
        "`synonyms` (`synmixed`: each at even odds): `make_interleaved.py`'s verbatim essays "
        "with every copied sentence rewritten by the thesaurus synonymizer of "
        "`bench_paraphrase.py` (Russian, Ukrainian). Own sentences that restate a sentence "
        "of the essay's sources (half of the weight of their content lemmas in it, e.g. "
        "“Число таких сочетаний из 6 по 2 равно 15.” beside “Число таких мегашиглов равно 15 "
        "(число сочетаний из 6 по 2).”) are left out, and none follows a borrowed sentence "
        "ending with a colon, which carries its sentence on into the own one (make_retold.py's "
        "docstring: both were found marked, issue 34). "
        "*Marked by the grouping*: marked with it, not without; *at stake*: lying in the gap "
        "between two fragments of one source the grouping may join (a paraphrase and a copy or "
        "a paraphrase, run without it); *joins*: fragments fewer with it.",
        "",
        *grouping_table(grouping),
        "",
        *(["Retold essays with own sentences marked (engine):", ""] if grouping["worst"] else []),
        *grouping_lines(grouping),
        "",
    ]


def print_report(result: dict[str, Any]) -> None:
    methods = result["methods"]
    print("\nSentences marked (%) and containment (%):")
    print("\n".join(results_table(methods)))
    print()
    print("\n".join(positions_lines(methods)))
    print("\nTargets (issue 12; clean essays not counted):")
    for row in zip(*(m["targets"] for m in methods.values()), strict=True):
        cells = "   ".join(
            f"{name}: {'PASS' if r['pass'] else 'FAIL'} {pct(r['value']):>5} %"
            for name, r in zip(methods, row, strict=True)
        )
        t = row[0]
        print(f"  {t['target'] + ' marked':<24}{t['group']:<4} {t['goal']:<8} {cells}")
    for name, m in methods.items():
        if name != BASELINE:
            print(f"\nWorst essays ({name}):")
            print("\n".join(worst_lines(m["worst"])))


def measure(
    essays: Sequence[Essay], sets: dict[str, Changes | None], processes: int
) -> dict[str, dict[str, Any]]:
    """Every method on every essay: scores, targets, worst essays, per-essay spans."""
    global _ESSAYS
    _ESSAYS = essays
    known = [facts(e) for e in essays]
    out = {}
    for name, changes in sets.items():
        runs, seconds = run_all(changes, processes)
        _RUNS[name] = runs
        print(f"{name}: {len(essays)} essays in {seconds:.1f} s", flush=True)
        scores = score(essays, runs, known)
        out[name] = {
            "options": dict(changes) if changes is not None else None,
            "scores": scores,
            "targets": targets(scores),
            "worst": worst(essays, runs, known),
            "seconds": round(seconds, 1),
            "essays": {
                e.id: {"spans": r.spans, "containment": round(r.containment, 4)}
                for e, r in zip(essays, runs, strict=True)
            },
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=DEFAULT_PER_KIND)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument("--compare-options", nargs="+", metavar="KEY=VALUE")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--name", default="own_text", help="results file stem")
    parser.add_argument(
        "--wrap",
        type=int,
        default=0,
        metavar="COLUMNS",
        help="hard-wrap every essay and source at this width (0: not wrapped)",
    )
    parser.add_argument(
        "--retold-per-item",
        type=int,
        default=RETOLD_PER_ITEM,
        help="make_retold.py essays per paraphrase and kind (0: no grouping section)",
    )
    args = parser.parse_args(argv)
    try:
        base = parse_changes(args.options)
        sets: dict[str, Changes | None] = {set_name(base): base}
        if args.compare_options:
            other = parse_changes(args.options + args.compare_options)
            sets[set_name(other)] = other
    except Exception as error:  # unknown key, wrong type, refused by Options.validated
        parser.error(str(error))
    sets["engine, own sentences not cut (before issue 12)"] = UNCUT
    sets[BASELINE] = None
    command = " ".join(
        ["python bench/bench_own_text.py", *(sys.argv[1:] if argv is None else argv)]
    )

    t0 = time.perf_counter()
    essays, about = generate(args.per_kind, args.seed)
    checked = verify(essays)
    essays = wrap_essays(essays, args.wrap)
    gen_s = time.perf_counter() - t0
    print(summary(essays, about))
    print(
        f"generated and verified {len(essays)} essays in {gen_s:.1f} s; longest common run of an "
        f"own sentence with its sources: {checked['longest_common_run_own_vs_sources']['max']} "
        f"words, {checked['longest_common_lemma_run_own_vs_sources']['max']} lemmas (guard < 5)"
    )
    methods = measure(essays, sets, args.processes)
    grouping = None
    if args.retold_per_item > 0:
        grouping = measure_grouping(
            base,
            essays,
            _RUNS[set_name(base)],
            args.processes,
            args.retold_per_item,
            args.seed,
            args.per_kind,
            args.wrap,
        )
    total = time.perf_counter() - t0
    result: dict[str, Any] = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "core": core_state(),
        "command": command,
        "seed": args.seed,
        "per_kind": args.per_kind,
        "wrap": args.wrap,
        "mark_share": MARK_SHARE,
        "collection": {"about": about, "makeup": makeup(essays), "verify": checked},
        "methods": methods,
        "grouping": grouping,
        "seconds": {"generate_and_verify": round(gen_s, 1), "total": round(total, 1)},
    }
    print_report(result)
    if grouping is not None:
        print("\nOwn sentences between retold ones: the passage grouping (issue 34):")
        print("\n".join(grouping_table(grouping)))
        print("\n".join(grouping_lines(grouping)))
    print(f"\ntotal {total:.1f} s ({gen_s:.1f} s generating and verifying)")
    wrap = f"_wrap{args.wrap}" if args.wrap else ""
    stem = args.name.removesuffix(wrap) if wrap else args.name  # the suffix once
    stem += "" if args.per_kind == DEFAULT_PER_KIND else f"_{args.per_kind}"
    stem += wrap
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{stem}.json").write_text(
        json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (RESULTS / f"{stem}.md").write_text(render_markdown(result, essays), encoding="utf-8")
    print(f"wrote {RESULTS / stem}.json and .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
