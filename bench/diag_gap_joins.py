"""Diagnosis of short-sentence joins (issue 34, branch gaps): what tells a PAN-13 garbled short
sentence between two fragments of one case from a writer's own short sentence between two
copies or retellings?

:func:`copylens.core.sentence_align.one_passage` is wrapped (in this process only) so that
every two neighbouring copy/paraphrase fragments it leaves apart with exactly one whole
sentence (the engine's sentences, ``Canonical.sentences``) of at most ``--words`` canonical
words between them are logged with the evidence a join rule could use:

- ``sgap``: canonical words of the source between the two source ranges (negative: the
  second's range starts before the first's ends, overlapping or backwards);
- ``skipped``: whole source sentences between them (0: the ranges continue each other);
- ``exact``: the lower of the two fragments' exact share (``exact_words / words``);
- ``elsewhere``: the gap sentence's best tf-isf cosine with a source unit outside the two
  fragments' source hull (one unit of slack): does it single out another source place?

Each decision is labelled by the truth: on the PAN-13 development sample (random and
translation pairs, ``bench_pan13.py``'s corpus) *in-case* when both fragments overlap one
case in the checked text, else *out*; on ``bench_own_text.py``'s essays
(``make_interleaved.py``'s 370 and ``make_retold.py``'s 278, hard-wrapped with ``--wrap``)
*own* when the text between the fragments overlaps a sentence labelled own. A decision is
counted once per pair and fragment spans (the sentence step and the passage grouping may
log it twice). Then the counts a family of rules would join are printed: the source
continuity evidence (``skipped`` at most 0 or 1, ``sgap`` at most 10, ``elsewhere`` under
0.3) with each length limit and exact-share limit. Measured on 38097f6 (the engine without
a rule; each own decision a rule joins is an own sentence marked), unwrapped: 809 decisions
(PAN-13 random in-case 19, translation in-case 11, translation out 2; over a writer's own
sentence 765, all left apart by main). The rule tried in ``_adjacent`` (at most 3
words, at most one source sentence skipped, exact share under 0.7) joins 5 random and 6
translation in-case decisions and 64 over own sentences; at most 6 words and any exact
share, 11 and 7 against 549; none skipped (the ranges meet), 5 and 4 against 103 (3 words,
any share). Hard-wrapped (``--wrap 60`` / ``--wrap 80``), the tried rule joins 39 / 35 own
decisions. No limit separates them: a short garbled sentence between two retellings and a
writer's short sentence between retellings of consecutive source sentences
(``make_retold.py``) carry the same evidence. Whole pipeline with that rule, beside main
in one run: PAN-13 random plagdet 0.831 -> 0.837 (granularity 1.087 -> 1.076), the other
types the same; bench_own_text.py own sentences between copied ones 11 -> 18 of 2,416,
between retold ones 11 -> 36 of 1,976: not kept (``tests/test_sentence_align.py``,
``..._between_retellings_of_continuing_source_parts_stays_apart``).

Branch gapsyn: the engine's WordNet test (``sentence_align._swapped``) is switched off while
the decisions are logged, and each is asked whether the test joins it: English decisions, those
meeting its structure (1 to ``SWAP_SOURCE_WORDS`` source words between the ranges, the gap's
cosine elsewhere under ``SWAP_ELSEWHERE``), those it joins, each printed. Measured on
d7321e7's rule: PAN-13 in-case 6 of 29 joined (random 4 over 3 gaps, translation 2; 11 meet
the structure), English own decisions 0 of 304 / 110 / 174 as is / at 60 / at 80 columns
(45 / 10 / 24 meet the structure). ``--dump FILE`` writes every decision with its words (the
gap sentence's canonical forms and text, the source's between the ranges and in the source
sentences beside them) for other rules to be counted offline (docs/measurements.md, "Joining
two fragments over one short garbled sentence with WordNet").

Usage: ``python bench/diag_gap_joins.py [--words 6] [--wrap 60] [--pan-only|--own-only]
[--dump FILE]``.
Development only; about two minutes on 2 cores (the PAN pairs and 648 essays).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from diag_join_labels import distinct_rows, label_own, label_pan  # noqa: E402

import copylens.core.passages as passages  # noqa: E402
from copylens.core import sentence_align as sa  # noqa: E402
from copylens.core.report import Fragment  # noqa: E402

LOG: list[dict[str, Any]] = []
SWAPPED = sa._swapped
TEXTS: dict[str, str] = {}
CONTEXT: dict[str, Any] = {}
WORDS = 6


def _sentence_forms(c: Any, w: int) -> list[str]:
    """The canonical forms of the sentence of word ``w`` of ``c`` (empty past its ends)."""
    if not 0 <= w < len(c):
        return []
    ids = c.sentences
    k = int(ids[w])
    return [c.forms[x] for x in np.flatnonzero(ids == k).tolist()]


def _windows(g: Fragment, f: Fragment, a: Any, b: Any, w0: int, w1: int) -> dict[str, Any]:
    """The words a synonym rule reads (``--dump``): the gap sentence's canonical forms and
    text, the source's forms between the two source ranges (``skip``), of the source sentence
    just past the first range (``next``) and just before the second (``prev``), and of the
    sentences holding the ranges' facing ends (``edge``)."""
    lo, hi = sorted(((g.source_start, g.source_end), (f.source_start, f.source_end)))
    z0, z1 = sa.word_range(b, lo[1], hi[0]) if hi[0] > lo[1] else (0, 0)
    after = int(np.searchsorted(b.starts, lo[1]))  # the first source word past the first range
    before = int(np.searchsorted(b.starts, hi[0])) - 1  # the last before the second
    last, first = after - 1, before + 1
    text = TEXTS.get("text") or ""
    source = TEXTS.get("source") or ""
    s0 = int(b.starts[z0]) if z1 > z0 else 0
    s1 = int(b.ends[z1 - 1]) if z1 > z0 else 0
    return {
        "gap": list(a.forms[w0:w1]),
        "gap_text": text[int(a.starts[w0]) : int(a.ends[w1 - 1])] if text else "",
        "skip": list(b.forms[z0:z1]),
        "skip_text": source[s0:s1][:300] if source else "",
        "next": _sentence_forms(b, after),
        "prev": _sentence_forms(b, before),
        "edge": _sentence_forms(b, last) + _sentence_forms(b, first),
        "before_text": text[max(g.start, g.end - 120) : g.end] if text else "",
        "after_text": text[f.start : min(f.end, f.start + 120)] if text else "",
    }


def _features(g: Fragment, f: Fragment, a: Any, b: Any, sim: Any) -> dict[str, Any] | None:
    """The evidence of one decision left apart (module docstring), or None when it is no
    short single sentence between two joinable fragments."""
    if f.start < g.end or g.cited != f.cited or {g.kind, f.kind} - {"copy", "paraphrase"}:
        return None
    w0, w1 = sa.word_range(a, g.end, f.start)
    if not 0 < w1 - w0 <= WORDS:
        return None
    ids = a.sentences
    edge = {int(ids[w0 - 1])} if w0 > 0 else set()
    if w1 < len(a):
        edge.add(int(ids[w1]))
    if len(set(ids[w0:w1].tolist()) - edge) != 1:
        return None
    if f.source_start >= g.source_end:
        sgap = sa._words_between(b, g.source_end, f.source_start)
        z0, z1 = sa.word_range(b, g.source_end, f.source_start)
        sedge = {int(b.sentences[z0 - 1])} if z0 > 0 else set()
        if z1 < len(b):
            sedge.add(int(b.sentences[z1]))
        skipped = len(set(b.sentences[z0:z1].tolist()) - sedge) if z1 > z0 else 0
    else:
        sgap, skipped = -sa._words_between(b, f.source_start, g.source_end), 0
    elsewhere = 0.0
    if sim is not None and len(sim.b):
        lo = min(g.source_start, f.source_start)
        hi = max(g.source_end, f.source_end)
        y0, y1 = sa.word_range(b, lo, hi)
        t0, t1 = sim.b.of_word(min(y0, len(b) - 1)), sim.b.of_word(max(min(y1, len(b)) - 1, 0))
        for u in {sim.a.of_word(w) for w in range(w0, w1)}:
            row = np.array(sim.cos[u], dtype=float)
            row[max(t0 - 1, 0) : t1 + 2] = 0.0
            elsewhere = max(elsewhere, float(row.max()))
    exact = min(g.exact_words / max(g.words, 1), f.exact_words / max(f.words, 1))
    return {
        "language": a.language,
        "swapped": sim is not None and SWAPPED(g, f, a, b, sim),
        **_windows(g, f, a, b, w0, w1),
        "words": w1 - w0,
        "sgap": sgap,
        "skipped": skipped,
        "exact": exact,
        "elsewhere": elsewhere,
        "span": (g.start, g.end, f.start, f.end),
    }


def _wrapped(original: Any) -> Any:
    def one_passage(fragments: Any, a: Any, b: Any, sim: Any = None, **kw: Any) -> Any:
        out = original(fragments, a, b, sim, **kw)
        TEXTS.update(text=kw.get("text") or "", source=kw.get("source") or "")
        for g, f in itertools.pairwise(sorted(out, key=lambda x: (x.start, x.end))):
            got = _features(g, f, a, b, sim)
            if got is not None:
                LOG.append({**CONTEXT, **got})
        return out

    return one_passage


def main() -> None:
    global WORDS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=6)
    parser.add_argument("--wrap", type=int, default=None)
    parser.add_argument("--pan-only", action="store_true")
    parser.add_argument("--own-only", action="store_true")
    parser.add_argument("--dump", type=Path, default=None, help="every decision as JSON lines")
    args = parser.parse_args()
    WORDS = args.words
    sa._swapped = lambda *_: False  # the decisions as the engine without the rule leaves them
    sa.one_passage = _wrapped(sa.one_passage)  # type: ignore[assignment]
    passages.one_passage = sa.one_passage  # type: ignore[attr-defined]
    if not args.own_only:
        label_pan(LOG, CONTEXT)
    if not args.pan_only:
        label_own(LOG, CONTEXT, args.wrap, "own-text, no own sentence between")
    rows = distinct_rows(LOG, args.dump)
    print(f"{len(rows)} decisions left apart over one short sentence (<= {WORDS} words)")
    print(Counter(r["label"] for r in rows))
    print("| words <= | skipped <= | exact < | " + " | ".join(sorted({r["label"] for r in rows})))
    for words, skipped, exact in itertools.product((3, 4, 6), (0, 1), (0.7, 1.01)):
        if words > WORDS:
            continue
        hit = Counter(
            r["label"]
            for r in rows
            if r["words"] <= words
            and 0 <= r["sgap"] <= 10
            and r["skipped"] <= skipped
            and r["exact"] < exact
            and r["elsewhere"] < 0.3
        )
        labels = sorted({r["label"] for r in rows})
        print(f"| {words} | {skipped} | {exact} | " + " | ".join(str(hit[x]) for x in labels))
    english = [r for r in rows if r["language"] == "en"]
    met = Counter(
        r["label"]
        for r in english
        if 0 < r["sgap"] <= sa.SWAP_SOURCE_WORDS and r["elsewhere"] < sa.SWAP_ELSEWHERE
    )
    print("English decisions:", dict(Counter(r["label"] for r in english)))
    print("  meeting _swapped's structure (source words between, <= 10):", dict(met))
    print(
        "  joined by _swapped (WordNet):", dict(Counter(r["label"] for r in rows if r["swapped"]))
    )
    for r in rows:
        if r["swapped"]:
            print(f"    {r['label']}: {r['id']} {r['gap_text'][:70]!r} / {r['skip_text'][:70]!r}")


if __name__ == "__main__":
    main()
