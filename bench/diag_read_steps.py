"""Where the read stage's CPU goes, step by step, in one process (issue 40).

For each essay of a folder, what a reading worker of ``copylens compare`` does in
:func:`copylens.core.prepare.read_one` with the spill's ``build``, done again one step at a
time and timed with ``time.process_time``: extraction (the file's bytes, decoding, SHA-256),
the words (``canonicalize._batches``), the language sample (``language_of_words``), the
memo's look-up of every word (``_Rules.ids``; on the cold pass this learns the new words,
counted apart), gathering the kept words' arrays, sentence ids, shingles/anchors/seeds
(``kgrams_of``), the spill's pickle and write, the summary and its pickle as the pool sends
it. The first pass is cold (every word form learned, after the parent's warm-up), then
``--warm`` passes with every form known. Each step's document is checked against
:func:`copylens.core.prepare.prepared_with_seeds`'s (the canonical words, arrays and seeds
equal), so the steps timed are the ones the engine runs.

Prints µs per essay and the share of each step, cold and warm, and µs per word.

Usage: ``python bench/diag_read_steps.py [DIR] [--limit N] [--warm 2]`` (DIR: the scale
collection's 1,000 essays by default).
"""

from __future__ import annotations

import argparse
import pickle
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from itertools import chain, islice
from pathlib import Path
from typing import Any

import numpy as np

BENCH = Path(__file__).resolve().parent


def main() -> None:
    from copylens.core import canonicalize as C
    from copylens.core import prepare, spill
    from copylens.core.language import language_of_words, script_of
    from copylens.core.options import Options
    from copylens.core.shingle import distinct_in_place, kgrams_of

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", default=str(BENCH / "data/scale_1000/essays"))
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--warm", type=int, default=2)
    parser.add_argument("--chunks", type=int, nargs="+", default=[1])
    args = parser.parse_args()
    files = sorted(Path(args.folder).glob("*.txt"))[: args.limit or None]
    options = Options()
    w, a, k = options.shingle, options.anchor_words, options.seed_k
    if not (a < w and k < a):
        raise SystemExit("the options' shingle > anchor > seed sizes are assumed")

    with spill.Spill() as spilled:
        build = spilled.prepare()
        prepare._warm_up(options, build)
        passes: list[tuple[int, dict[str, float]]] = []
        learned = words = 0
        whole: list[tuple[int, float]] = []
        modes = [(size, each) for size in args.chunks for each in (True, False)]
        for n in range(1 + args.warm * len(modes)):
            size, each = (1, True) if n == 0 else modes[(n - 1) % len(modes)]
            pass_started = time.process_time()
            spent: dict[str, float] = defaultdict(float)

            def timed(
                step: str, call: Callable[..., Any], given: list[tuple[Any, ...]]
            ) -> list[Any]:
                if not each:  # noqa: B023 (this pass's)
                    return [call(*one) for one in given]
                started = time.process_time()
                made = [call(*one) for one in given]
                spent[step] += time.process_time() - started  # noqa: B023 (this pass's)
                return made

            for at in range(0, len(files), size):
                chunk = [(path, options) for path in files[at : at + size]]
                extracted = timed("extract", prepare.extract_input, chunk)
                texts = [e.text for e in extracted]
                batches = timed("words", _batches, [(t,) for t in texts])
                samples = [(_sample(b),) for b in batches]
                languages = timed("language sample", language_of_words, samples)
                rules = [C._rules(options, x, script_of(x)) for x in languages]
                before = sum(len(r.cache) for r in set(rules))
                ids = timed("memo look-up", _ids, list(zip(rules, batches, strict=True)))
                if n == 0:
                    learned += sum(len(r.cache) for r in set(rules)) - before
                    words += sum(len(b.words) for bs in batches for b in bs)
                canonicals = timed(
                    "kept words' arrays",
                    _gathered,
                    list(zip(rules, batches, ids, languages, strict=True)),
                )
                sentences = timed(
                    "sentence ids",
                    C.sentence_ids,
                    [(t, c.starts) for t, c in zip(texts, canonicals, strict=True)],
                )
                made = timed(
                    "shingles, anchors, seeds",
                    kgrams_of,
                    [(c.hashes, (k, a, w)) for c in canonicals],
                )
                seeds = [m[0] for m in made]
                shingles = [distinct_in_place(m[2]) for m in made]
                anchors = [distinct_in_place(m[1]) for m in made]
                docs = [
                    prepare.Prepared(
                        path=e.path,
                        text=e.text,
                        format=e.format,
                        canonical=replace(c, sentences=z),
                        shingles=sh,
                        anchors=an,
                        sha256=e.sha256 or prepare.text_digest(e.text),
                    )
                    for e, c, z, sh, an in zip(
                        extracted, canonicals, sentences, shingles, anchors, strict=True
                    )
                ]
                if n == 0:  # the cold pass checks every document (untimed)
                    for doc, e, seed in zip(docs, extracted, seeds, strict=True):
                        _check(doc, seed, *prepare.prepared_with_seeds(e, options))
                spots = timed(
                    "spill: pickle and write", spill.write, [(spilled.folder, d) for d in docs]
                )
                summaries = timed(
                    "summary",
                    lambda d, s, g: spill.summary(d, s, options, seeds=g),
                    list(zip(docs, spots, seeds, strict=True)),
                )
                timed(
                    "summary's pickle",
                    pickle.dumps,
                    [(x, pickle.HIGHEST_PROTOCOL) for x in summaries],
                )
            if each:
                passes.append((size, dict(spent)))
            else:
                whole.append((size, time.process_time() - pass_started))
        engine = []
        for _ in range(args.warm):  # the engine's own read_one, one file at a time
            started = time.process_time()
            for path in files:
                made = prepare.read_one(path, options, build)
                pickle.dumps(made, pickle.HIGHEST_PROTOCOL)
            engine.append(time.process_time() - started)
    _print(passes, len(files), words, learned)
    print(
        "warm passes of read_one itself (µs an essay): "
        + ", ".join(f"{1e6 * cpu / len(files):.0f}" for cpu in engine)
    )
    runs = ", ".join(f"chunk {size}: {1e6 * cpu / len(files):.0f}" for size, cpu in whole)
    print(f"warm passes without the step clocks, in order (µs an essay): {runs}")


def _batches(text: str) -> list[Any]:
    from copylens.core.canonicalize import _batches as batches

    return list(batches(text))


def _sample(batches: list[Any]) -> list[str]:
    """The language sample ``canonicalize`` takes: the first words of the first batches."""
    from copylens.core.canonicalize import _DETECT_WORDS

    return list(islice(chain.from_iterable(b.words for b in batches), _DETECT_WORDS))


def _ids(rules: Any, batches: list[Any]) -> list[np.ndarray]:
    return [rules.ids(b.words) for b in batches]


def _gathered(rules: Any, batches: list[Any], ids: list[np.ndarray], language: str) -> Any:
    """The kept words' offsets, forms and fingerprints by the memo's ids (``canonicalize``'s
    loop after the look-up, for texts of one or more batches)."""
    from copylens.core.canonicalize import Canonical

    table = rules.table
    homoglyphs = [
        start + offset
        for b, i in zip(batches, ids, strict=True)
        if table.folds[i].any()
        for start, n in zip(b.starts.tolist(), i.tolist(), strict=True)
        for offset in table.folded[n]
    ]
    keep = [table.kept[i] for i in ids]
    kept_ids = np.concatenate([i[m] for i, m in zip(ids, keep, strict=True)])
    return Canonical(
        language=language,
        words=sum(len(b.words) for b in batches),
        starts=np.concatenate([b.starts[m] for b, m in zip(batches, keep, strict=True)]),
        ends=np.concatenate([b.ends[m] for b, m in zip(batches, keep, strict=True)]),
        forms=tuple(table.forms[kept_ids].tolist()),
        variants=table.variants[kept_ids],
        hashes=table.hashes[kept_ids],
        homoglyphs=tuple(homoglyphs),
        sentences=np.empty(0, dtype=np.int32),
    )


def _check(doc: Any, seeds: np.ndarray, expected: Any, expected_seeds: np.ndarray) -> None:
    """The steps made what ``prepared_with_seeds`` makes (else the timings are of other work)."""
    c, e = doc.canonical, expected.canonical
    same = (
        (c.language, c.words, c.forms, c.homoglyphs) == (e.language, e.words, e.forms, e.homoglyphs)
        and (doc.path, doc.text, doc.format, doc.sha256)
        == (expected.path, expected.text, expected.format, expected.sha256)
        and all(
            np.array_equal(x, y) and x.dtype == y.dtype
            for x, y in (
                (c.starts, e.starts),
                (c.ends, e.ends),
                (c.variants, e.variants),
                (c.hashes, e.hashes),
                (c.sentences, e.sentences),
                (doc.shingles, expected.shingles),
                (doc.anchors, expected.anchors),
                (seeds, expected_seeds),
            )
        )
    )
    if not same:
        raise SystemExit(f"{doc.path}: the steps made another document than the engine")


def _print(
    passes: list[tuple[int, dict[str, float]]], essays: int, words: int, learned: int
) -> None:
    """Each step's µs an essay: the cold pass, then each chunk size's warm pass of least CPU
    (and every warm pass's total, in the order run)."""
    print(f"{essays} essays, {words} words, {learned} word forms learned on the cold pass")
    cold = passes[0][1]
    steps = list(cold)
    sizes = list(dict.fromkeys(size for size, _ in passes[1:]))
    best = {
        size: min((p for s, p in passes[1:] if s == size), key=lambda p: sum(p.values()))
        for size in sizes
    }
    head = "".join(f" {f'warm, chunk {size}':>16s}" for size in sizes)
    print(f"{'step (µs an essay)':28s} {'cold':>10s}{head}")
    for step in steps:
        row = "".join(f" {1e6 * best[size][step] / essays:16.1f}" for size in sizes)
        print(f"{step:28s} {1e6 * cold[step] / essays:10.1f}{row}")
    total = "".join(f" {1e6 * sum(best[size].values()) / essays:16.1f}" for size in sizes)
    print(f"{'all':28s} {1e6 * sum(cold.values()) / essays:10.1f}{total}")
    runs = ", ".join(
        f"chunk {size}: {1e6 * sum(p.values()) / essays:.0f}" for size, p in passes[1:]
    )
    first = best[sizes[0]] if sizes else cold
    learning = cold["memo look-up"] - first["memo look-up"]
    print(
        f"warm passes in order (µs an essay): {runs}\n"
        f"µs a word: cold {1e6 * sum(cold.values()) / max(words, 1):.2f}; the cold pass's "
        f"learning {1e6 * learning / max(learned, 1):.1f} µs a form"
    )


if __name__ == "__main__":
    main()
