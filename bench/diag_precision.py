"""Diagnosis of PAN-13 precision (issue 34): which detected characters lie outside every case.

PAN precision (``pan.py``) is the mean over detections of the share of each detection's
characters, *both sides* (checked text and source), inside the cases it detects. For every pair
of the development sample (``bench_pan13.py``'s corpus) of the chosen types this script checks
the pair as a user would (``check``, default settings) and splits every detection's characters
outside its cases into pieces, per side:

- ``head``/``tail``: the fragment detects a case but starts before it (``head``) or ends after
  it (``tail``) on that side: an edge bleeding past the case;
- ``between``: inside the fragment, between two cases it detects;
- ``whole``: the fragment detects no case at all (both sides count); its checked text is then
  compared with the source: ``verbatim`` (its word sequence, lower-cased, occurs in the source
  text), ``near copy`` (at least 60 % of its canonical words occur in the source range it
  names, with a common run of 8 words or half its words), ``retold`` (at least 50 % of its
  canonical words in that range), or ``topical`` (neither); the example line shows the figures.

An edge piece is described by what it holds: ``space`` (whitespace and punctuation only),
``partial`` (one word or part of one), or ``N words``; and ``same edge`` when its words,
lower-cased, also stand at the same edge of the other side's range (text both documents share
beyond the case's edge), ``in other side`` when at least half of them occur in it, else
``not in other side``.

Printed: per obfuscation type, a table of the precision each class costs (its characters'
share of their detection, summed, over the number of detections: the precision gained if that
class counted as correct), the same by the engine's fragment kind, then the worst examples
(``--examples N`` per class). Reproducible: the engine is deterministic and the pairs are read
in ``pairs.tsv``'s order.

``--ranges`` lists instead every range outside the cases, one row each: the pair, where
(head/between/tail/whole), the checked and the source span, their characters, the stage that
first marks it (the pair signals alone, ``copy alignment``, or the first pair step whose
addition marks half of it; ``ends: STEP`` for a later step that moves the fragment's ends),
whether both sides hold the same words (lower-cased), and both texts.

Usage: ``python bench/diag_precision.py [--types verbatim random translation summary]
[--limit N] [--examples N] [--processes N] [--ranges]``. Development only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_pan13 import CORPUS, Pair, load_cases, load_pairs  # noqa: E402

Span = tuple[int, int]
WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Piece:
    """Characters of one detection outside its cases, on one side."""

    kind: str  # pair's obfuscation type
    pair: str
    fragment: str  # the engine's fragment kind (copy, paraphrase, ...)
    side: str  # "susp" or "src"
    where: str  # head, tail, between, whole
    what: str  # space, partial, N words / verbatim, near copy, retold, topical
    shared: str  # same edge, in other side, not in other side, "" (whole, space)
    chars: int
    cost: float  # chars / |detection|
    text: str


def fragments(pair: Pair, steps: int | None = None) -> list[tuple[int, int, int, int, str]]:
    """The pair's fragments against its own source; with ``steps``, found with only the first
    ``steps`` pair steps of the registry (:func:`made_by`)."""
    from copylens.core import signals

    full = signals.STEPS
    if steps is not None:  # the registry, shortened for this check only (development only)
        signals.STEPS = full[:steps]
        signals.PAIR[0].steps = full[:steps]  # type: ignore[attr-defined]
    try:
        return _fragments(pair)
    finally:
        signals.STEPS = full
        signals.PAIR[0].steps = full  # type: ignore[attr-defined]


def _fragments(pair: Pair) -> list[tuple[int, int, int, int, str]]:
    from copylens.core import Options, check

    susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
    report = check([susp], [src], Options(workers=1))
    out = []
    for doc in report.documents:
        for match in doc.sources:
            if Path(match.path).name == pair.source:
                out += [
                    (f.start, f.end, f.source_start, f.source_end, f.kind) for f in match.fragments
                ]
    return sorted(out)


def outside(span: Span, cases: Sequence[Span]) -> list[tuple[str, Span]]:
    """The pieces of ``span`` outside ``cases`` (all detected by it): head, between, tail."""
    pieces: list[tuple[str, Span]] = []
    at = span[0]
    inside = sorted((max(c0, span[0]), min(c1, span[1])) for c0, c1 in cases)
    inside = [c for c in inside if c[1] > c[0]]
    for n, (c0, c1) in enumerate(inside):
        if c0 > at:
            pieces.append(("head" if n == 0 else "between", (at, c0)))
        at = max(at, c1)
    if at < span[1]:
        pieces.append(("tail" if inside else "whole", (at, span[1])))
    return pieces


def words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def describe_edge(piece: str, where: str, named: str) -> tuple[str, str]:
    """What an edge piece holds, and whether its words stand at that edge of ``named`` too
    (``same edge``), or at least half of them occur in ``named`` (``in other side``)."""
    w = words(piece)
    if not w:
        return "space", ""
    what = "partial" if len(w) == 1 else f"{min(len(w), 6)}{'+' if len(w) > 6 else ''} words"
    other = words(named)
    at = other[: len(w)] if where == "head" else other[-len(w) :]
    if at == w:
        return what, "same edge"
    held = sum(x in set(other) for x in w) / len(w)
    return what, "in other side" if held >= 0.5 else "not in other side"


def describe_whole(text: str, source: str, source_range: str) -> tuple[str, str]:
    """verbatim / near copy / retold / topical, for a fragment that detects no case, and the
    figures: share of its canonical words in the source range, longest common run."""
    from copylens.core import Options
    from copylens.core.canonicalize import canonicalize

    fa = list(canonicalize(text, Options()).forms)
    fb = list(canonicalize(source_range, Options()).forms)
    share = sum(f in set(fb) for f in fa) / max(len(fa), 1)
    run = _longest_run(fa, fb)
    figures = f"{len(fa)} words, {share:.2f} in source range, run {run}"
    w, s = words(text), words(source)
    if w and " " + " ".join(w) + " " in " " + " ".join(s) + " ":
        return "verbatim", figures
    if share >= 0.6 and (run >= 8 or run >= len(fa) / 2):
        return "near copy", figures
    if share >= 0.5:
        return "retold", figures
    return "topical", figures


def _longest_run(x: list[str], y: list[str]) -> int:
    best, prev = 0, [0] * (len(y) + 1)
    for a in x:
        cur = [0] * (len(y) + 1)
        for j, b in enumerate(y):
            if a == b:
                cur[j + 1] = prev[j] + 1
                best = max(best, cur[j + 1])
        prev = cur
    return best


def pieces_of(pair: Pair) -> tuple[int, list[Piece]]:
    """The number of detections of the pair and their pieces outside every case."""
    cases = load_cases().get(pair.id, [])
    susp = (CORPUS / "susp" / pair.suspicious).read_text(encoding="utf-8")
    src = (CORPUS / "src" / pair.source).read_text(encoding="utf-8")
    dets = fragments(pair)
    out: list[Piece] = []
    for d0, d1, e0, e1, kind in dets:
        hit = [c for c in cases if c[0] < d1 and d0 < c[1] and c[2] < e1 and e0 < c[3]]
        size = (d1 - d0) + (e1 - e0)
        if not hit:
            what, figures = describe_whole(susp[d0:d1], src, src[e0:e1])
            text = f"[{figures}] {susp[d0:d1]} <<>> {src[e0:e1]}"
            out.append(Piece(pair.kind, pair.id, kind, "both", "whole", what, "", size, 1.0, text))
            continue
        for side, span, own, named, theirs in (
            ("susp", (d0, d1), susp, src[e0:e1], [(c[0], c[1]) for c in hit]),
            ("src", (e0, e1), src, susp[d0:d1], [(c[2], c[3]) for c in hit]),
        ):
            for where, (p0, p1) in outside(span, theirs):
                text = own[p0:p1]
                what, shared = describe_edge(text, where, named)
                cost = (p1 - p0) / size
                out.append(
                    Piece(pair.kind, pair.id, kind, side, where, what, shared, p1 - p0, cost, text)
                )
    return len(dets), out


@dataclass(frozen=True)
class Range:
    """One range of a detection outside its cases, both sides (``--ranges``)."""

    pair: str
    where: str  # head, tail, between, whole
    susp: Span
    src: Span
    susp_text: str
    src_text: str
    step: str  # the first step that marks it (:func:`made_by`)
    same: str  # "same words", "differs", "space"


def ranges_of(pair: Pair) -> list[Range]:
    """Every range the engine marks in ``pair`` outside its cases: for a detection of cases,
    its head, tail and between pieces, the checked side's and the source side's paired in
    order; a detection of no case whole."""
    cases = load_cases().get(pair.id, [])
    susp = (CORPUS / "susp" / pair.suspicious).read_text(encoding="utf-8")
    src = (CORPUS / "src" / pair.source).read_text(encoding="utf-8")
    out: list[Range] = []
    for d0, d1, e0, e1, _ in fragments(pair):
        hit = [c for c in cases if c[0] < d1 and d0 < c[1] and c[2] < e1 and e0 < c[3]]
        if not hit:
            pieces = [("whole", (d0, d1), (e0, e1))]
        else:
            mine = outside((d0, d1), [(c[0], c[1]) for c in hit])
            theirs = outside((e0, e1), [(c[2], c[3]) for c in hit])
            pieces = []
            for where in ("head", "between", "tail"):
                a = [s for w, s in mine if w == where]
                b = [s for w, s in theirs if w == where]
                for n in range(max(len(a), len(b))):
                    empty = (d1, d1) if where == "tail" else (d0, d0)
                    pieces.append(
                        (where, a[n] if n < len(a) else empty, b[n] if n < len(b) else (e0, e0))
                    )
        for where, (p0, p1), (q0, q1) in pieces:
            x, y = words(susp[p0:p1]), words(src[q0:q1])
            same = "space" if not x and not y else "same words" if x == y else "differs"
            step = made_by(pair, (p0, p1) if p1 > p0 else (q0, q1), p1 > p0)
            out.append(
                Range(pair.id, where, (p0, p1), (q0, q1), susp[p0:p1], src[q0:q1], step, same)
            )
    return out


def made_by(pair: Pair, span: Span, checked: bool) -> str:
    """The first stage that marks ``span`` (of the checked text if ``checked``, else of the
    source): the pair signals alone (``copy alignment``, or the fragment's kind), else the
    first pair step of :data:`copylens.core.signals.STEPS` whose addition marks at least half
    of it; then ``, ends: STEP`` for each later step that changes the fragment marking it."""
    from copylens.core import signals

    names = ["", *(s.name for s in signals.STEPS)]
    made, last, changed = "?", None, []
    for k in range(len(names)):
        over = []
        for f in fragments(pair, k):
            lo, hi = (f[0], f[1]) if checked else (f[2], f[3])
            if min(hi, span[1]) - max(lo, span[0]) >= (span[1] - span[0]) / 2:
                over.append(f)
        if over and made == "?":
            made = names[k] or ("copy alignment" if over[0][4] == "copy" else over[0][4])
        elif over and over != last and last is not None:
            changed.append(names[k])
        last = over or last
    return made + "".join(f", ends: {n}" for n in changed)


def print_ranges(ranges: Sequence[Range]) -> None:
    """The ``--ranges`` table: every range outside the cases, with both sides' text."""
    print(
        "\n| pair | where | checked span | source span | chars | step | words "
        "| checked text | source text |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in ranges:
        short = [re.sub(r"\s+", " ", t) for t in (r.susp_text, r.src_text)]
        short = [t if len(t) <= 160 else t[:78] + " … " + t[-78:] for t in short]
        chars = (r.susp[1] - r.susp[0]) + (r.src[1] - r.src[0])
        print(
            f"| {r.pair.split('|')[0][20:-4]}/{r.pair.split('|')[1][16:-4]} | {r.where} "
            f"| {r.susp[0]}–{r.susp[1]} | {r.src[0]}–{r.src[1]} | {chars} | {r.step} "
            f"| {r.same} | {short[0]!r} | {short[1]!r} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--types", nargs="+", default=["verbatim", "random", "translation"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--examples", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--ranges", action="store_true", help="list every range outside the cases, both sides"
    )
    args = parser.parse_args()
    pairs = [p for p in load_pairs() if p.kind in args.types]
    if args.limit:  # the first N pairs of each type
        pairs = [p for k in args.types for p in [q for q in pairs if q.kind == k][: args.limit]]
    if args.ranges:
        with multiprocessing.get_context("fork").Pool(args.processes) as pool:
            print_ranges([r for rs in pool.map(ranges_of, pairs, chunksize=2) for r in rs])
        return
    with multiprocessing.get_context("fork").Pool(args.processes) as pool:
        results = pool.map(pieces_of, pairs, chunksize=2)
    detections: dict[str, int] = defaultdict(int)
    pieces: list[Piece] = []
    for pair, (n, ps) in zip(pairs, results, strict=True):
        detections[pair.kind] += n
        pieces += ps
    for kind in args.types:
        mine = [p for p in pieces if p.kind == kind]
        n = detections[kind]
        lost = sum(p.cost for p in mine) / max(n, 1)
        print(f"\n## {kind}: {n} detections, precision lost {lost:.4f} (precision {1 - lost:.4f})")
        print("\n| side | where | holds | at the source's edge | pieces | chars | precision cost |")
        print("|---|---|---|---|---|---|---|")
        groups: dict[tuple[str, str, str, str], list[Piece]] = defaultdict(list)
        for p in mine:
            groups[(p.side, p.where, p.what, p.shared)].append(p)
        for key, ps in sorted(groups.items(), key=lambda kv: -sum(p.cost for p in kv[1])):
            cost = sum(p.cost for p in ps) / max(n, 1)
            chars = sum(p.chars for p in ps)
            print(f"| {' | '.join(key)} | {len(ps)} | {chars} | {cost:.4f} |")
        print("\n| fragment kind | where | pieces | precision cost |")
        print("|---|---|---|---|")
        by_kind: dict[tuple[str, str], list[Piece]] = defaultdict(list)
        for p in mine:
            by_kind[(p.fragment, "whole" if p.where == "whole" else f"{p.side} edge")].append(p)
        for (frag, where), ps in sorted(
            by_kind.items(), key=lambda kv: -sum(p.cost for p in kv[1])
        ):
            print(f"| {frag} | {where} | {len(ps)} | {sum(p.cost for p in ps) / max(n, 1):.4f} |")
        print()
        for key, ps in sorted(groups.items(), key=lambda kv: -sum(p.cost for p in kv[1])):
            for p in sorted(ps, key=lambda p: -p.cost)[: args.examples]:
                text = re.sub(r"\s+", " ", p.text)
                text = text if len(text) <= 400 else text[:198] + " … " + text[-198:]
                print(
                    f"- {'/'.join(key)} {p.pair} {p.fragment} {p.chars} chars "
                    f"cost {p.cost:.2f}: {text!r}"
                )


if __name__ == "__main__":
    main()
