"""Diagnosis of the ``inplace`` own sentences the engine marks (issue 34's honest side).

For every ``inplace`` essay of ``make_interleaved.py`` (seed 1, 30 a language, 10 Ukrainian,
as bench_own_text.py makes them), the engine runs in-process with each pair stage's fragments
recorded: the word alignment (``align``, after its own-sentence cut), the sentence step's
``join``, and the sentence step's and grouping's ``one_passage`` (with the rule of
``_adjacent`` that joined each two fragments). Each own sentence marked in the report is
attributed to the first stage whose fragments mark it (>= 50 % of its characters inside).

Usage: ``python bench/diag_inplace.py [--per-kind 30] [--options K=V ...]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_own_text import marked, parse_changes  # noqa: E402
from make_interleaved import SHARE, make_essay, materials  # noqa: E402

import copylens.core.copies as copies  # noqa: E402
import copylens.core.passages as passages  # noqa: E402
import copylens.core.sentence_align as sa  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402

LOG: list[dict[str, Any]] = []
RULE: list[str] = []


def _chars(c: Any, fs: Any) -> list[tuple[int, int]]:
    return [(int(c.starts[f.a0]), int(c.ends[f.a1 - 1])) for f in fs if f.a1 > f.a0]


def install() -> None:
    align0, join0, one0, adj0 = copies.align, passages.join, passages.one_passage, sa._adjacent
    bridged0, drawn0, seeded0 = sa._bridged, sa._drawn_between, sa._seeded

    def align(a: Any, b: Any, options: Any) -> Any:
        out = align0(a, b, options)
        LOG.append({"stage": "align", "b": len(b), "spans": _chars(a, out), "al": out})
        return out

    def join(a: Any, b: Any, words: Any, sentences: Any) -> Any:
        out = join0(a, b, words, sentences)
        LOG.append({"stage": "join", "b": len(b), "spans": _chars(a, out)})
        return out

    def one_passage(fragments: Any, a: Any, b: Any, sim: Any = None, *, grouped: bool = False):
        joins: list[tuple[tuple[int, int], tuple[int, int], str]] = []

        def adjacent(g: Any, f: Any, *args: Any) -> bool:
            RULE.clear()
            ok = adj0(g, f, *args)
            if ok:
                between = sa._words_between(a, g.end, f.start)
                rule = RULE[-1] if RULE else ("join_words" if between <= sa.JOIN_WORDS else "?")
                joins.append(((g.start, g.end), (f.start, f.end), rule))
            return ok

        def bridged(*args: Any) -> bool:
            ok = bridged0(*args)
            if ok:
                RULE.append("_bridged")
            return ok

        def drawn(*args: Any) -> bool:
            ok = drawn0(*args)
            if ok:
                RULE.append("_drawn_between")
            return ok

        def seeded(*args: Any) -> bool:
            ok = seeded0(*args)
            if ok:
                RULE.append("_seeded")
            return ok

        sa._adjacent, sa._bridged, sa._drawn_between, sa._seeded = adjacent, bridged, drawn, seeded
        try:
            out = one0(fragments, a, b, sim, grouped=grouped)
        finally:
            sa._adjacent, sa._bridged = adj0, bridged0
            sa._drawn_between, sa._seeded = drawn0, seeded0
        stage = "grouping" if grouped else "one_passage"
        spans = [(f.start, f.end) for f in out]
        LOG.append({"stage": stage, "b": len(b), "spans": spans, "joins": joins})
        return out

    copies.align, passages.join, passages.one_passage = align, join, one_passage


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-kind", type=int, default=30)
    parser.add_argument("--options", nargs="*", default=[])
    args = parser.parse_args()
    install()
    built = materials()
    changes = dict(parse_changes(args.options))
    total = found = 0
    for lang in built:
        for n in range(max(1, round(args.per_kind * SHARE[lang]))):
            essay = make_essay(built[lang], "inplace", n, 1)
            LOG.clear()
            sources = [TextInput(f"source{i}", s["text"]) for i, s in enumerate(essay.sources)]
            report = check([TextInput("essay", essay.text)], sources, Options(workers=1, **changes))
            doc = report.documents[0]
            final = [(f.start, f.end) for m in doc.sources for f in m.fragments]
            own = [s for s in essay.sentences if s.label == "own"]
            total += len(own)
            for s in own:
                if not marked(s, final):
                    continue
                found += 1
                first = next((e for e in LOG if marked(s, e["spans"])), None)
                stage = first["stage"] if first else "final only"
                rule = ""
                if first and "joins" in first:
                    rule = ",".join(
                        r for g, f, r in first["joins"] if g[1] <= s.start + 1 and s.end <= f[0] + 1
                    )
                edits = [
                    e.kind
                    for m in doc.sources
                    for f in m.fragments
                    for e in f.edits
                    if e.start < s.end and s.start < e.end
                ]
                where = "end" if s is essay.sentences[-1] else ("between" if s.between else "edge")
                print(f"{essay.id} {where} stage={stage} rule={rule} edits={edits}")
                print(f"   own: {essay.text[s.start : s.end]!r}")
                i = essay.sentences.index(s)
                for t in essay.sentences[max(0, i - 1) : i + 2]:
                    if t is not s:
                        print(f"   nb {t.label} src{t.source} {t.source_start}-{t.source_end}")
                if s.source is None:
                    prev = essay.sentences[i - 1]
                    if prev.source is not None and prev.source_end is not None:
                        src = essay.sources[prev.source]["text"]
                        print(
                            "   source after prev:",
                            repr(src[prev.source_end : prev.source_end + 300]),
                        )
    print(f"own marked: {found} of {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
