"""Diagnosis of the PAN-13 cases that get no fragment at all (issue 34, branch ``unfound``):
does a chain of weak sentence pairs in order (the PAN-14 winner's idea: seeds close together
in both texts, several weak pairs in a row being evidence together) seed them, and what does
the same rule take on a writer's own sentences?

Every pair the sentence step sees (:func:`copylens.core.passages.edited`) is recorded: its
unit-by-unit cosine, Dice and words shared, each unit's characters, and after the check each
checked unit's label and whether a fragment of the report already marks it:

- PAN-13 development sample (``bench_pan13.py``'s corpus; the 60 negatives too): ``case``
  (half its characters in a truth case of the pair; ``missed`` when that case got no
  fragment) or ``out``;
- bench_own_text.py's essays (``bench_own_text.honest_essays``: make_interleaved's and
  make_retold's, as is and hard-wrapped at 60 and 80 columns): ``own`` or ``copied``;
- honest texts (bench_summary_honest.py's): Clough–Stevenson's ``non`` answers in its five
  wrappings, bench_paraphrase's independent same-topic texts, seed paper 002's paragraphs:
  ``honest``.

Then each rule (:data:`RULES`) is applied to every record: the pairs of units (i, j) with
cosine >= c and Dice >= d (and ``w`` words shared; ``best``: j within
:data:`~copylens.core.sentence_align.NEAR_BEST` of unit i's best cosine), chained in order
in both texts (each next pair 1 to ``ga`` + 1 units on in A, 1 to ``gb`` + 1 on in B, or 0
with ``same``), a chain of ``k`` distinct units of A or more taking its units. Counted: the
units it takes that no fragment marks, per label, and the missed cases it reaches.

The paraphrase stage's choices (:func:`copylens.core.paraphrase._chosen`) are recorded too,
and ``--chains`` replays the English ones under other ordered-chain scores (:data:`CHAINS`).

Usage: ``python bench/diag_unfound.py --collect [--pickle FILE]`` (about 6 CPU minutes on an
idle machine; writes FILE, then prints the first grid), or ``[--pickle FILE] [--fine |
--margins] [--chains] [--cases] [--verbose]`` to read FILE: ``--fine`` the second grid
(:data:`FINE`), ``--margins`` the third (:data:`MARGINS`), ``--chains`` the paraphrase
chains, ``--cases`` a line per unit of each missed case (best source unit, cosine, Dice,
words shared), ``--verbose`` the own and honest units each rule takes. Only the third grid
asks the ratio margin (``_distinctive``) that branch ``unfound``'s ``_chained`` (commit
6a96024, not merged) asks against word salad. Development only;
figures in docs/measurements.md (*Chains of weak sentence pairs in order*).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import copylens.core.paraphrase as pp  # noqa: E402
import copylens.core.passages as passages  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402


@dataclass
class Record:
    pair: str
    source: str
    cos: np.ndarray
    dice: np.ndarray
    shared: np.ndarray
    size_a: np.ndarray
    spans_a: list[tuple[int, int]]
    spans_b: list[tuple[int, int]]
    text_a: list[str]
    labels: list[str] | None = None
    marked: np.ndarray | None = None
    cases: list[int | None] | None = None
    """PAN: per unit, the start of the truth case holding it (None outside)."""


RECORDS: list[Record] = []
_CURRENT: dict[str, Any] = {}
_edited = passages.edited


def _spans(c: Any, units: sa.Units) -> list[tuple[int, int]]:
    b = units.bounds.tolist()
    return [(int(c.starts[b[u]]), int(c.ends[b[u + 1] - 1])) for u in range(len(units))]


def _probe(a: Any, b: Any, found: Any, sim: sa.Similarity, whole: Any = None) -> Any:
    spans_a = _spans(a.canonical, sim.a)
    RECORDS.append(
        Record(
            _CURRENT["pair"],
            str(getattr(b, "name", "")),
            sim.cos.astype(np.float32),
            sim.dice.astype(np.float32),
            sim.shared.astype(np.int16),
            sim.size_a.astype(np.int16),
            spans_a,
            _spans(b.canonical, sim.b),
            [a.text[s:e][:90].replace("\n", " ") for s, e in spans_a],
        )
    )
    return _edited(a, b, found, sim, whole)


passages.edited = _probe


@dataclass
class Chosen:
    """One call of the paraphrase stage's choice (:func:`copylens.core.paraphrase._chosen`):
    its arguments, to replay it under other chain scores, and each match's characters."""

    pair: str
    found: list[Any]
    aligned: dict[int, tuple[int, int]]
    copied_b: set[int]
    chain: Any
    spans: dict[tuple[int, int], tuple[int, int]]
    labels: dict[tuple[int, int], str] | None = None
    marked: dict[tuple[int, int], bool] | None = None


CHOSEN: list[Chosen] = []
_chosen, _matched = pp._chosen, pp.matched


def _probe_matched(a: Any, b: Any, *args: Any, **kwargs: Any) -> Any:
    _CURRENT["a"] = a
    return _matched(a, b, *args, **kwargs)


def _probe_chosen(found: Any, aligned: Any, copied_b: Any, chain: Any = None) -> Any:
    ca = _CURRENT["a"].canonical
    spans = {(m.a0, m.a1): (int(ca.starts[m.a0]), int(ca.ends[m.a1 - 1])) for m in found}
    CHOSEN.append(Chosen(_CURRENT["pair"], list(found), dict(aligned), set(copied_b), chain, spans))
    return _chosen(found, aligned, copied_b, chain)


pp.matched = _probe_matched
pp._chosen = _probe_chosen


def _inside(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    inside = sum(max(0, min(end, e) - max(start, s)) for s, e in spans)
    return 2 * inside >= max(end - start, 1)


def _label(first: int, marks: list[tuple[int, int]], label: Any) -> None:
    """Records [first:] (and the paraphrase choices since the same check) labelled by
    ``label(start, end)``, marked where a fragment holds half the unit's characters."""
    for c in CHOSEN[_CURRENT.get("chosen", 0) :]:
        c.labels = {k: label(s, e) for k, (s, e) in c.spans.items()}
        c.marked = {k: _inside(s, e, marks) for k, (s, e) in c.spans.items()}
    _CURRENT["chosen"] = len(CHOSEN)
    for r in RECORDS[first:]:
        r.labels = [label(s, e) for s, e in r.spans_a]
        r.marked = np.array([_inside(s, e, marks) for s, e in r.spans_a], dtype=bool)


def pan() -> None:
    from bench_pan13 import CORPUS, load_cases, load_pairs

    cases = load_cases()
    for pair in load_pairs():
        _CURRENT["pair"] = f"pan/{pair.kind}/{pair.id}"
        n = len(RECORDS)
        susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
        report = check([susp], [src], Options(workers=1))
        found = [(f.start, f.end) for d in report.documents for m in d.sources for f in m.fragments]
        spans = [(c[0], c[1]) for c in cases.get(pair.id, [])]
        missed = {s for s, e in spans if not any(f0 < e and s < f1 for f0, f1 in found)}

        def label(
            s: int, e: int, spans: list[tuple[int, int]] = spans, missed: set[int] = missed
        ) -> str:
            held = next((c for c in spans if _inside(s, e, [c])), None)
            if held is None:
                return "out"
            return "missed" if held[0] in missed else "case"

        _label(n, found, label)
        for r in RECORDS[n:]:
            r.cases = [
                next((c[0] for c in spans if _inside(s, e, [c])), None) for s, e in r.spans_a
            ]


def own(wraps: list[int]) -> None:
    from bench_own_text import honest_essays

    for wrap in wraps:
        for what in ("own", "retold"):
            for e in honest_essays(what, wrap):
                _CURRENT["pair"] = f"own{wrap}/{what}/{e.id}"
                n = len(RECORDS)
                sources = [TextInput(f"source{k}", s["text"]) for k, s in enumerate(e.sources)]
                report = check([TextInput("essay", e.text)], sources, Options(workers=1))
                found = [
                    (f.start, f.end)
                    for d in report.documents
                    for m in d.sources
                    for f in m.fragments
                ]
                own_spans = [(s.start, s.end) for s in e.sentences if s.label == "own"]
                _label(n, found, lambda s, e, o=own_spans: "own" if _inside(s, e, o) else "copied")


def honest() -> None:
    from bench_paraphrase import run_check
    from bench_summary_honest import SHIPPED, honest_checks

    def run(name: str, text: str, sources: list[TextInput]) -> None:
        _CURRENT["pair"] = name
        n = len(RECORDS)
        result = run_check(text, sources, SHIPPED)
        _label(n, [(f.start, f.end) for f in result.fragments], lambda s, e: "honest")

    for name, text, sources in honest_checks():
        run(name, text, sources)


# ---------------------------------------------------------------- rules


@dataclass(frozen=True)
class Rule:
    cos: float
    dice: float
    k: int
    ga: int = 1
    gb: int = 2
    words: int = 1
    best: bool = False
    free: bool = False
    """Chains over units no fragment marks only (else a chain may pass through marked units,
    and its free units are taken)."""
    same: bool = False
    """A chain's next pair may stay on the same source unit (a source sentence split over
    lines, or two lines of one sentence seeding one source unit)."""
    margin: float = 0.0
    """Least ratio margin of each pair (``sentence_align._distinctive``'s: its cosine over the
    mean of the unit's and the source unit's :data:`~copylens.core.sentence_align.MARGIN_K`
    best others)."""

    def __str__(self) -> str:
        extra = (" best" if self.best else "") + (" free" if self.free else "")
        extra += " same" if self.same else ""
        extra += f" margin>={self.margin}" if self.margin else ""
        return (
            f"cos>={self.cos:.2f} dice>={self.dice:.2f} w>={self.words} k>={self.k} "
            f"gaps {self.ga}/{self.gb}{extra}"
        )


def _margin(r: Record, i: int, j: int) -> float:
    mean = (sa._knn(r.cos[i], j) + sa._knn(r.cos[:, j], i)) / 2
    return float(r.cos[i, j]) / mean if mean > 0 else float("inf")


def chained(r: Record, rule: Rule) -> np.ndarray:
    """Units of A in a chain of ``rule`` (bool per unit)."""
    n = len(r.spans_a)
    out = np.zeros(n, dtype=bool)
    if r.cos.size == 0:
        return out
    hits = (r.cos >= rule.cos) & (r.dice >= rule.dice) & (r.shared >= rule.words)
    if rule.best:
        hits &= r.cos >= sa.NEAR_BEST * r.cos.max(axis=1, keepdims=True)
    if rule.free and r.marked is not None:
        hits[r.marked] = False
    pairs = sorted(zip(*np.nonzero(hits), strict=True))
    if rule.margin:
        pairs = [(i, j) for i, j in pairs if _margin(r, int(i), int(j)) >= rule.margin]
    if not pairs:
        return out
    index = {p: q for q, p in enumerate(pairs)}
    fwd = [0] * len(pairs)  # distinct units of A in the longest chain ending at p
    back: list[list[int]] = [[] for _ in pairs]
    for q, (i, j) in enumerate(pairs):
        best = 0
        for di in range(1, rule.ga + 2):
            for dj in range(0 if rule.same else 1, rule.gb + 2):
                p = index.get((i - di, j - dj))
                if p is not None:
                    back[q].append(p)
                    best = max(best, fwd[p])
        fwd[q] = best + 1
    bwd = [1] * len(pairs)
    for q in range(len(pairs) - 1, -1, -1):
        for p in back[q]:
            bwd[p] = max(bwd[p], bwd[q] + 1)
    for q, (i, _) in enumerate(pairs):
        if fwd[q] + bwd[q] - 1 >= rule.k:
            out[i] = True
    return out


def _group(pair: str) -> str:
    parts = pair.split("/")
    if parts[0] == "pan":
        return "pan-none" if parts[1] == "none" else "pan"
    if parts[0].startswith("own"):
        return f"{parts[0]}/{parts[1]}"
    if parts[0].startswith("cs"):
        return "cs"
    return parts[0]


def tally(records: list[Record], rule: Rule) -> tuple[Counter[str], set[str], list[str]]:
    """Units the rule takes that no fragment marks, by group and label; the missed cases it
    reaches; the texts of the honest units it takes."""
    counts: Counter[str] = Counter()
    reached: set[str] = set()
    shown: list[str] = []
    for r in records:
        assert r.labels is not None and r.marked is not None
        taken = chained(r, rule) & ~r.marked
        g = _group(r.pair)
        for u in np.flatnonzero(taken).tolist():
            label = r.labels[u]
            counts[f"{g}:{label}"] += 1
            if label == "missed" and r.cases is not None:
                reached.add(f"{r.pair.split('/')[-1]}@{r.cases[u]}")
            if label in ("own", "honest", "out"):
                shown.append(f"{r.pair} u{u} {label}: {r.text_a[u][:70]}")
    return counts, reached, shown


RULES = [
    Rule(c, d, k, ga, gb, w, best, free)
    for c, d in ((0.33, 0.33), (0.25, 0.25), (0.2, 0.2), (0.15, 0.15), (0.25, 0.15), (0.2, 0.1))
    for k in (2, 3, 4)
    for ga, gb in ((0, 1), (1, 2))
    for w in (1, 2)
    for best in (False, True)
    for free in (False, True)
]


FINE = [
    Rule(c, d, k, ga, gb, w, best, True, same)
    for c, d in ((0.2, 0.2), (0.15, 0.15), (0.1, 0.1))
    for k in (3, 4, 5)
    for ga, gb in ((0, 0), (0, 1), (1, 1), (0, 2))
    for w in (2, 3)
    for best in (False, True)
    for same in (False, True)
]
"""The second grid: near the first grid's only rule that reached a case and no own unit."""

MARGINS = [
    Rule(c, c, k, ga, gb, w, False, True, False, margin)
    for c in (0.15, 0.2, 0.25)
    for w in (1, 2)
    for k in (2, 3)
    for margin in (3.0, 4.0, 5.0, 6.0)
    for ga, gb in ((0, 0), (0, 1), (1, 2))
]
"""The third grid: chains of distinctive pairs (a ratio margin on each)."""


def _count(counts: Counter[str], label: str, group: str | None = None) -> int:
    """Units of ``label`` (in ``group``, or any) in ``counts`` (keys ``group:label``)."""
    return sum(
        v
        for key, v in counts.items()
        if key.split(":")[1] == label and (group is None or key.split(":")[0] == group)
    )


def rules(records: list[Record], verbose: bool, grid: list[Rule] = RULES) -> None:
    """Per rule of ``grid``, fewest own and honest units first: the missed cases it reaches,
    and the units it takes that no fragment marks by label and group."""
    rows = []
    for rule in grid:
        counts, reached, shown = tally(records, rule)
        own = _count(counts, "own") + _count(counts, "honest")
        rows.append((rule, counts, reached, own, shown))
    rows.sort(key=lambda x: (x[3], -len(x[2])))
    print(
        "rule | missed cases reached | units: missed / case / out / pan-none / "
        "own (own0, own60, own80, retold) / honest"
    )
    for rule, counts, reached, own, shown in rows:
        owns = [_count(counts, "own", f"own{w}/own") for w in (0, 60, 80)]
        retold = sum(_count(counts, "own", f"own{w}/retold") for w in (0, 60, 80))
        print(
            f"{rule} | {len(reached)} | {_count(counts, 'missed')} / {_count(counts, 'case')} / "
            f"{_count(counts, 'out', 'pan')} / {_count(counts, 'out', 'pan-none')} / "
            f"{own} ({', '.join(map(str, owns))}, {retold}) / {_count(counts, 'honest')} | "
            f"{sorted(reached)}"
        )
        if verbose and reached:
            for line in [s for s in shown if not s.split()[2].startswith("out")][:6]:
                print("     ", line)


def cases(records: list[Record]) -> None:
    """Per missed case: its units, and each unit's best source unit by cosine (cos, Dice,
    shared/size), and how long the case is."""
    for r in records:
        if r.labels is None or "missed" not in r.labels or r.cases is None:
            continue
        units = [u for u, label in enumerate(r.labels) if label == "missed"]
        starts = sorted({r.cases[u] for u in units if r.cases[u] is not None})
        for start in starts:
            mine = [u for u in units if r.cases[u] == start]
            chars = r.spans_a[mine[-1]][1] - r.spans_a[mine[0]][0]
            print(f"{r.pair}@{start}: {len(mine)} units, ~{chars} characters")
            for u in mine:
                j = int(r.cos[u].argmax()) if r.cos.shape[1] else -1
                if j < 0:
                    continue
                print(
                    f"   u{u} -> s{j}: cos {r.cos[u, j]:.2f} dice {r.dice[u, j]:.2f} "
                    f"shared {r.shared[u, j]}/{r.size_a[u]} | {r.text_a[u][:60]}"
                )


CHAINS = [
    pp.Chain(least, pair, run, skip=skip)
    for least in (0.3, 0.25)
    for pair in (0.55, 0.5, 0.48, 0.45)
    for run in (0.4, 0.35)
    for skip in (1,)
]
"""English chain scores tried (:data:`copylens.core.paraphrase.CHAINED`'s ``en`` first)."""


def chains(chosen: list[Chosen]) -> None:
    """Per English chain score (:data:`CHAINS`): the paraphrase matches kept that the report
    does not already mark, by label, and the missed cases they reach."""
    english = [c for c in chosen if c.chain is not None and c.chain == pp.CHAINED["en"]]
    print(f"{len(chosen)} choices recorded, {len(english)} English")
    for rule in CHAINS:
        counts: Counter[str] = Counter()
        reached: set[str] = set()
        shown: list[str] = []
        for c in english:
            assert c.labels is not None and c.marked is not None
            for m in _chosen(c.found, c.aligned, c.copied_b, rule):
                key = (m.a0, m.a1)
                if c.marked[key]:
                    continue
                label = c.labels[key]
                group = _group(c.pair)
                counts[f"{group}:{label}"] += 1
                if label == "missed":
                    reached.add(f"{c.pair.split('/')[-1][:30]}@{c.spans[key][0]}")
                if label in ("own", "honest", "out"):
                    shown.append(f"{c.pair} {label} {m.score:.2f}")
        print(f"{rule}: {dict(sorted(counts.items()))} {sorted(reached)}")
        for line in shown[:5]:
            print("     ", line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collect", action="store_true")
    parser.add_argument("--pickle", type=Path, default=Path("/tmp/diag_unfound.pickle"))
    parser.add_argument("--cases", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--chains", action="store_true", help="the paraphrase chains only")
    parser.add_argument("--fine", action="store_true", help="the second grid (FINE)")
    parser.add_argument("--margins", action="store_true", help="the third grid (MARGINS)")
    parser.add_argument("--wraps", nargs="+", type=int, default=[0, 60, 80])
    args = parser.parse_args()
    if args.collect:
        pan()
        own(args.wraps)
        honest()
        with args.pickle.open("wb") as f:
            pickle.dump((RECORDS, CHOSEN), f)
        records, chosen = RECORDS, CHOSEN
    else:
        with args.pickle.open("rb") as f:
            records, chosen = pickle.load(f)
    if args.chains:
        chains(chosen)
        return 0
    print(
        f"{len(records)} pairs recorded; units by label:",
        Counter(f"{_group(r.pair)}:{label}" for r in records for label in (r.labels or [])),
    )
    if args.cases:
        cases(records)
    rules(records, args.verbose, MARGINS if args.margins else FINE if args.fine else RULES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
