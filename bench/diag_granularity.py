"""Diagnosis of PAN-13 granularity (issue 34): why a case comes back as two or more fragments.

For every case of the development sample (``bench_pan13.py``'s corpus) of the chosen types it
checks the pair as a user would (``check``, default settings) and takes the fragments that
detect the case (PAN: overlapping it in both texts). Each two consecutive ones (by their start
in the checked text) are an *in-case gap*; the script replays
:func:`copylens.core.sentence_align.one_passage`'s join test (``_adjacent``, as the passage
grouping calls it: ``grouped``, with the pair's similarity) and prints the first test that
keeps them apart, with what the gap holds:

- ``overlap``: the two overlap in the checked text (nothing to bridge: two signals' fragments);
- ``cited``/``kind``: a citation beside a borrowing, or a kind that never joins (summary, ...);
- ``source far``: their source ranges over ``SOURCE_GAP`` words apart (a jump in the source;
  ``back`` when the second comes from before the first);
- ``units``: more than ``GAP_UNITS`` sentences between them;
- ``retold share``: a paraphrase beside a copy that keeps too few of its source words;
- ``not bridged``: the sentences between are neither copies of the source between
  (``_bridged``), nor drawn from it in order (``_drawn_between``), nor seeds (``_seeded``),
  nor inside the fragments' own sentences (``_inside_sentences``): split by what lies
  between, a whole sentence (two sentence ends or more), or only the rest of the fragments'
  sentences, over ``INSIDE_WORDS`` or held less by the fragments than it holds; the line
  shows each gap sentence's share of its words in the source and its best seed;
- ``joins``: the test joins them now (the fragments stayed apart at an earlier step that did
  not run the grouping: the sentence step without ``grouped``, or a fragment added later).

Usage: ``python bench/diag_granularity.py [--types random translation summary] [--limit N]
[--quiet]``. Development only: prints one line per gap and a table of classes. Another
commit's engine: unpack it (``git archive``) and put a folder whose ``copylens`` links to its
``core``, ``app`` and ``resources`` first on ``PYTHONPATH``, as ``bench_pan13.py --before``
does.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_pan13 import CORPUS, load_cases, load_pairs  # noqa: E402

from copylens.core import Options, check  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.extract import extract_file  # noqa: E402
from copylens.core.prepare import prepare_text  # noqa: E402
from copylens.core.report import Fragment  # noqa: E402


def fragments(susp: Path, src: Path) -> list[Fragment]:
    report = check([susp], [src], Options(workers=1))
    out: list[Fragment] = []
    for doc in report.documents:
        for match in doc.sources:
            if Path(match.path).name == src.name:
                out += list(match.fragments)
    return sorted(out, key=lambda f: (f.start, f.end))


def why(g: Fragment, f: Fragment, a: Any, b: Any, sim: Any, text: str) -> tuple[str, str]:
    """The first test of ``_adjacent`` (grouped) that keeps g and f apart, and a detail."""
    if f.start < g.end:
        return "overlap", f"{g.kind}/{f.kind}"
    if g.cited != f.cited:
        return "cited", ""
    if {g.kind, f.kind} - {"copy", "paraphrase"}:
        return "kind", f"{g.kind}/{f.kind}"
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    back = f.source_start < g.source_start
    src_words = sa._words_between(b, lo[1], hi[0]) if hi[0] >= lo[1] else 0
    between = sa._words_between(a, g.end, f.start)
    where = f"{between} words, source {'back ' if back else ''}{src_words} words"
    if hi[0] >= lo[1] and src_words > sa.SOURCE_GAP:
        return "source far", where
    if between <= sa.JOIN_WORDS:
        return "joins", where
    y0, y1 = sa.word_range(b, lo[0], max(lo[1], hi[1]))
    source = frozenset(b.forms[y0:y1])
    hull = sa.word_range(a, g.start, max(g.end, f.end))
    gap = sa._sentences_of(a, *sa.word_range(a, g.end, f.start), hull)
    if len(gap) > sa.GAP_UNITS:
        return "units", f"{len(gap)} sentences, {where}"
    inside = getattr(sa, "_inside_sentences", None)  # absent before issue 34's third session
    if sa._adjacent(g, f, a, b, sim, True) or (inside and inside(g, f, a, b, text, True)):
        return "joins", where
    ends = len(re.findall(r"[.!?…][\"'»”’)\]]*\s|\n[^\S\n]*\n", text[g.end : f.start] + " "))
    where += f", {ends} sentence ends"
    seeds_in = sa._units_between(sim.b, b, lo[1], hi[0])
    w0, w1 = sa.word_range(a, g.end, f.start)
    ids = a.sentences.tolist()  # the engine's sentences: a line break ends one
    before = ids[w0 - 1] if w0 > 0 else None
    after = ids[w1] if w1 < len(ids) else None
    whole = len(set(ids[w0:w1]) - {before, after})
    where += f", {whole} whole line-sentences"
    parts = []
    for x0, x1 in gap:
        d = set(a.forms[x0:x1])
        share = len(d & source) / max(len(d), 1)
        u = sim.a.of_word(x0)
        row = sim.cos[u, seeds_in.start : seeds_in.stop]
        best = float(row.max()) if len(row) else 0.0
        parts.append(f"{x1 - x0}w {share:.2f} cos {best:.2f}")
    if ends >= 2:
        cls = "not bridged: whole sentence between"
    elif between > getattr(sa, "INSIDE_WORDS", 15):
        cls = "not bridged: inside sentences, over INSIDE_WORDS"
    else:
        cls = "not bridged: inside sentences, fragments hold less"
    return cls, f"{where}; " + " | ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--types", nargs="+", default=["random", "translation", "summary"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    truth = load_cases()
    pairs = [p for p in load_pairs() if p.kind in args.types][: args.limit]
    classes: Counter[tuple[str, str]] = Counter()
    cases = Counter[str]()
    options = Options()
    for pair in pairs:
        susp, src = CORPUS / "susp" / pair.suspicious, CORPUS / "src" / pair.source
        found = fragments(susp, src)
        if not found:
            continue
        prepared = prepare_text(extract_file(susp), options)
        a, text = prepared.canonical, prepared.text
        b = prepare_text(extract_file(src), options).canonical
        sim = sa.similarity(a, b)
        for c0, c1, s0, s1 in truth.get(pair.id, []):
            dets = [f for f in found if f.start < c1 and c0 < f.end and f.source_start < s1]
            dets = [f for f in dets if s0 < f.source_end]
            cases[pair.kind] += 1
            for g, f in itertools.pairwise(dets):
                cls, detail = why(g, f, a, b, sim, text)
                classes[(pair.kind, cls)] += 1
                if not args.quiet:
                    print(
                        f"{pair.kind:11} {pair.suspicious}|{pair.source} "
                        f"[{g.start},{g.end})->[{f.start},{f.end}) "
                        f"{g.kind}/{f.kind}: {cls}: {detail}"
                    )
    print()
    print("| type | class | in-case gaps |")
    print("|---|---|---|")
    for (kind, cls), n in sorted(classes.items()):
        print(f"| {kind} | {cls} | {n} |")
    for kind, n in sorted(cases.items()):
        total = sum(v for (k, _), v in classes.items() if k == kind)
        print(f"{kind}: {n} cases with a fragment of the pair, {total} in-case gaps")


if __name__ == "__main__":
    main()
