"""Trace every writer's own sentence the engine marks in ``make_retold.py``'s essays (issue 34).

``bench_own_text.py`` counts own sentences marked; this says, for each one, what marked it,
so a fix is aimed at a step and an artefact of the bench pools is told from a false mark:

A sentence is marked as ``bench_own_text.py`` counts it (:func:`bench_own_text.marked`: half
its characters inside the union of the report's fragments, of any source); a row is (essay,
own sentence, source), one for each source whose fragments meet it, so a sentence two
sources mark is two rows (count sentences, as ``trace_own_wrap.py`` does, to compare with the
bench). Before, a sentence counted when the *sum* of its overlaps with every fragment reached
half: fragments of two sources over the same words counted twice.

- the essay, the own sentence and the seed paper (or file) it was taken from, whether it
  stands between borrowed sentences, and the papers the marking source is cut from;
- the first step after which a fragment of that source covered half of its characters: the
  copy alignment (``CopyAlignment``), the paraphrase stage (``Paraphrase``), the sentence
  step's runs (``sentence: alone``), its joins (``one_passage``) or edges
  (``extended_edges``), the passage grouping (``one_passage grouped``);
- the signal: the paraphrase stage's match over it (score, the rule that kept it: ``chain``,
  an ordered chain; ``kept``, a free-standing score or a run; the matched source text), or
  the join test that bridged two fragments over it (``_raises``, ``_bridged``, ...);
- the own sentence's best unit in the source by the sentence step's tf-isf cosine (cosine,
  Dice, distinct words shared, its distinct words): how much content the two share;
- a class: ``restates`` (``make_retold.honest`` would leave it out), ``after a colon`` (the
  borrowed sentence before it ends with one), else ``engine``.

Bench only: it wraps the engine's step functions in this process to record what they return
(nothing is changed). Usage: ``python bench/trace_own_marks.py [--kinds ru/] [--per-item 2]
[--per-kind 30] [--seed 1] [--generator FOLDER] [--out FILE]``; prints the table and writes
``bench/results/own_marks.md``. ``--generator`` runs another commit's ``make_retold.py`` (its
folder, ``git archive``'d), with the engine of the ``copylens`` imported (``PYTHONPATH``).
About 25 s for the Russian essays.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import make_retold  # noqa: E402
from bench_own_text import marked  # noqa: E402
from make_interleaved import paper_of, words_of  # noqa: E402

import copylens.core.paraphrase as paraphrase  # noqa: E402
import copylens.core.passages as passages  # noqa: E402
import copylens.core.sentence_align as sa  # noqa: E402
import copylens.core.signals as signals  # noqa: E402
from copylens.core import Options, TextInput, check  # noqa: E402

RESULTS = BENCH / "results"
STAGES: list[tuple[str, str, tuple[Any, ...]]] = []
"""(source key, step, fragments after it), in the order the steps ran."""
SIMS: dict[str, tuple[Any, Any, Any]] = {}
"""Source key: the pair's checked and source documents and their similarity."""
CHOSEN: dict[str, list[tuple[Any, str]]] = {}
JOINS: list[tuple[str, Any, Any, list[str]]] = []
NOW = ["?"]
JOIN_TESTS = ("_bridged", "_drawn_between", "_raises", "_seeded", "_inside_sentences")


def _key(doc: Any) -> str:
    return str(doc.text[:80])


def _record(name: str, out: Any) -> None:
    STAGES.append((NOW[0], name, tuple(out)))


def instrument() -> None:
    """Wrap the steps (in this process only) so that what each returns is recorded."""
    for signal in signals.PAIR:

        def run(a: Any, b: Any, found: Any, options: Any, _run: Any = signal.run) -> Any:
            NOW[0] = _key(b)
            out = _run(a, b, found, options)
            _record(type(_run.__self__).__name__, out.fragments)
            if found.sentences is not None and found.sentences.similarity is not None:
                SIMS[NOW[0]] = (a, b, found.sentences.similarity)
            return out

        signal.run = run  # type: ignore[method-assign]
    for step in signals.STEPS:

        def assembled(a: Any, b: Any, found: Any, options: Any, _f: Any = step.assembled) -> Any:
            out = _f(a, b, found, options)
            _record(_f.__self__.name, out.fragments)
            return out

        step.assembled = assembled  # type: ignore[method-assign]

    def wrap(module: Any, name: str, label: Callable[..., str], pick: Callable[[Any], Any]) -> None:
        inner = getattr(module, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            out = inner(*args, **kwargs)
            _record(label(*args, **kwargs), pick(out))
            return out

        setattr(module, name, wrapped)

    wrap(passages, "edited", lambda *a, **k: "sentence: alone", lambda out: out.fragments)
    wrap(
        passages,
        "one_passage",
        lambda *a, **k: "one_passage grouped" if k.get("grouped") else "one_passage",
        lambda out: out,
    )
    wrap(passages, "extended_edges", lambda *a, **k: "extended_edges", lambda out: out)

    chosen = paraphrase._chosen

    def chosen_logged(found: Any, aligned: Any, copied_b: Any, chain: Any = None) -> Any:
        out = chosen(found, aligned, copied_b, chain)
        runs = paraphrase._runs([m for m in out if m.score >= paraphrase.LOW], aligned)
        ordered = paraphrase._ordered(out, chain) if chain is not None else set()
        CHOSEN[NOW[0]] = [
            (m, "chain" if id(m) in ordered else "kept" if paraphrase._kept(m, runs) else "?")
            for m in out
        ]
        return out

    paraphrase._chosen = chosen_logged  # type: ignore[assignment]
    tests: list[str] = []
    for name in JOIN_TESTS:
        inner = getattr(sa, name)

        def test(*args: Any, _inner: Any = inner, _name: str = name, **kwargs: Any) -> Any:
            out = _inner(*args, **kwargs)
            if out:
                tests.append(_name)
            return out

        setattr(sa, name, test)
    adjacent = sa._adjacent

    def adjacent_logged(g: Any, f: Any, *args: Any) -> bool:
        tests.clear()
        out = adjacent(g, f, *args)
        if out:
            JOINS.append((NOW[0], g, f, list(tests)))
        return out

    sa._adjacent = adjacent_logged  # type: ignore[assignment]


def _overlap(s0: int, s1: int, f: Any) -> int:
    return max(0, min(s1, f.end) - max(s0, f.start))


def _best_unit(key: str, s0: int, s1: int) -> str:
    """The own sentence's best source unit by tf-isf cosine: cosine, Dice, shared, size, text."""
    if key not in SIMS:
        return "–"
    a, b, sim = SIMS[key]
    c = a.canonical
    units = sorted({sim.a.of_word(w) for w in range(len(c)) if s0 <= c.starts[w] < s1})
    rows = []
    for u in units:
        j = int(sim.cos[u].argmax())
        w0, w1 = int(sim.b.bounds[j]), int(sim.b.bounds[j + 1])
        text = b.text[int(b.canonical.starts[w0]) : int(b.canonical.ends[w1 - 1])]
        rows.append(
            f"{float(sim.cos[u, j]):.2f} / {float(sim.dice[u, j]):.2f} / "
            f"{int(sim.shared[u, j])} of {int(sim.size_a[u])}: “{text[:120]}”"
        )
    return "; ".join(rows) or "–"


def _signal(key: str, s0: int, s1: int) -> str:
    out = []
    if key in SIMS:
        a, b, _ = SIMS[key]
        ca, cb = a.canonical, b.canonical
        for m, why in CHOSEN.get(key, []):
            m0, m1 = int(ca.starts[m.a0]), int(ca.ends[m.a1 - 1])
            if m0 < s1 and s0 < m1:
                told = b.text[int(cb.starts[m.b0]) : int(cb.ends[m.b1 - 1])]
                out.append(
                    f"paraphrase match {m.score:.3f} ({why}; {len(m.a_sentences)}:"
                    f"{len(m.b_sentences)} sentences) of “{told[:120]}”"
                )
    for k, g, f, tests in JOINS:
        if k == key and g.end <= s0 and s1 <= f.start:
            out.append(f"{g.kind} + {f.kind} joined over it by {', '.join(tests) or '?'}")
    return "; ".join(out) or "–"


def _honest() -> Any:
    """``make_retold.honest``; from this file's folder when the generator run has none (an
    older commit's, run with ``--generator``)."""
    if hasattr(make_retold, "honest"):
        return make_retold.honest
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_retold_now", BENCH / "make_retold.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.honest


def trace(essay: Any, papers: dict[str, str]) -> list[dict[str, str]]:
    STAGES.clear()
    SIMS.clear()
    CHOSEN.clear()
    JOINS.clear()
    sources = [TextInput(f"source{n}", s["text"]) for n, s in enumerate(essay.sources)]
    report = check([TextInput("essay", essay.text)], sources, Options(workers=1))
    found = [
        (int(m.path.removeprefix("source")), f)
        for m in report.documents[0].sources
        for f in m.fragments
    ]
    texts = [s["text"] for s in essay.sources]
    rows = []
    for n, s in enumerate(essay.sentences):
        if s.label != "own":
            continue
        if not marked(s, [(f.start, f.end) for _, f in found]):
            continue  # the bench's rule: half its characters inside the union of fragments
        own = essay.text[s.start : s.end]
        before = essay.sentences[n - 1] if n else None
        text_before = essay.text[before.start : before.end] if before is not None else ""
        if not _honest()([make_retold.Own(own, "")], texts, essay.lang):
            kind = "restates"
        elif before is not None and before.label != "own" and text_before.endswith(":"):
            kind = "after a colon"
        else:
            kind = "engine"
        for src, f in found:
            if _overlap(s.start, s.end, f) == 0:
                continue
            key = _key(TextInput("x", texts[src]))
            first = next(
                (
                    step
                    for k, step, frs in STAGES
                    if k == key
                    and any(2 * _overlap(s.start, s.end, g) >= s.end - s.start for g in frs)
                ),
                "?",
            )
            cut = {
                papers.get(" ".join(words_of(x)), "") for x in make_retold.sentences_of(texts[src])
            }
            rows.append(
                {
                    "essay": essay.id,
                    "own": own,
                    "from": s.origin,
                    "between": "yes" if s.between else "no",
                    "source": f"{essay.sources[src]['name']} ({', '.join(sorted(cut - {''}))})",
                    "step": first,
                    "signal": _signal(key, s.start, s.end),
                    "best unit": _best_unit(key, s.start, s.end),
                    "class": kind,
                }
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default="ru/", help="essays whose lang/kind starts so")
    parser.add_argument("--per-item", type=int, default=2)
    parser.add_argument("--per-kind", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS / "own_marks.md")
    parser.add_argument(
        "--generator", type=Path, help="a folder holding another make_retold.py to run"
    )
    args = parser.parse_args(argv)
    global make_retold
    if args.generator is not None:
        sys.path.insert(0, str(args.generator))
        for name in ("make_retold", "make_interleaved", "make_pairs", "make_paraphrase"):
            sys.modules.pop(name, None)
        import make_retold as other

        make_retold = other
    instrument()
    essays = make_retold.generate(args.per_item, args.seed, args.per_kind)
    chosen = [e for e in essays if f"{e.lang}/{e.kind}".startswith(args.kinds)]
    papers = paper_of()
    rows = [r for e in chosen for r in trace(e, papers)]
    own = sum(s.label == "own" for e in chosen for s in e.sentences)
    heads = ["essay", "own", "from", "between", "source", "step", "signal", "best unit", "class"]
    lines = [
        "# Own sentences marked in make_retold.py's essays, traced (issue 34)",
        "",
        f"`python bench/trace_own_marks.py --kinds {args.kinds}`"
        + (f" with the generator of {args.generator}" if args.generator else "")
        + f" ({len(chosen)} essays, "
        f"{own} own sentences; {len({(r['essay'], r['own']) for r in rows})} marked). "
        "Columns: bench/trace_own_marks.py's docstring. *best unit*: tf-isf cosine / Dice / "
        "distinct words shared of the own unit's, and the source unit.",
        "",
        "By class: "
        + ", ".join(f"{k} {v}" for k, v in Counter(r["class"] for r in rows).most_common())
        + "; by step: "
        + ", ".join(f"{k} {v}" for k, v in Counter(r["step"] for r in rows).most_common())
        + ".",
        "",
        "| " + " | ".join(heads) + " |",
        "|" + "---|" * len(heads),
        *(
            "| " + " | ".join(r[h].replace("|", "/").replace("\n", " ") for h in heads) + " |"
            for r in rows
        ),
    ]
    print("\n".join(lines))
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
