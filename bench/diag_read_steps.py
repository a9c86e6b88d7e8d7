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
    args = parser.parse_args()
    files = sorted(Path(args.folder).glob("*.txt"))[: args.limit or None]
    options = Options()
    w, a, k = options.shingle, options.anchor_words, options.seed_k
    if not (a < w and k < a):
        raise SystemExit("the options' shingle > anchor > seed sizes are assumed")

    with spill.Spill() as spilled:
        build = spilled.prepare()
        prepare._warm_up(options, build)
        passes: list[dict[str, float]] = []
        learned = words = 0
        for n in range(1 + args.warm):
            spent: dict[str, float] = defaultdict(float)

            def timed(step: str, call: Callable[..., Any], *given: Any) -> Any:
                started = time.process_time()
                made = call(*given)
                spent[step] += time.process_time() - started  # noqa: B023 (this pass's)
                return made

            for path in files:
                extracted = timed("extract", prepare.extract_input, path, options)
                text = extracted.text
                batches = timed("words", lambda: list(C._batches(text)))  # noqa: B023
                sample = list(islice(chain.from_iterable(b.words for b in batches), 400))
                language = timed("language sample", language_of_words, sample)
                rules = C._rules(options, language, script_of(language))
                before = len(rules.cache)
                ids = [timed("memo look-up", rules.ids, b.words) for b in batches]
                if n == 0:
                    learned += len(rules.cache) - before
                    words += sum(len(b.words) for b in batches)
                canonical = timed("kept words' arrays", _gathered, rules, batches, ids, language)
                sentences = timed("sentence ids", C.sentence_ids, text, canonical.starts)
                made = timed("shingles, anchors, seeds", kgrams_of, canonical.hashes, (k, a, w))
                seeds, anchors, shingles = made[0], made[1], made[2]
                shingles = distinct_in_place(shingles)
                anchors = distinct_in_place(anchors)
                doc, expected_seeds = prepare.prepared_with_seeds(extracted, options)
                _check(doc, canonical, sentences, shingles, anchors, seeds, expected_seeds)
                spot = timed("spill: pickle and write", spill.write, spilled.folder, doc)
                summary = timed(
                    "summary",
                    lambda: spill.summary(doc, spot, options, seeds=seeds),  # noqa: B023
                )
                timed("summary's pickle", pickle.dumps, summary, pickle.HIGHEST_PROTOCOL)
            passes.append(dict(spent))
    _print(passes, len(files), words, learned)


def _gathered(rules: Any, batches: list[Any], ids: list[np.ndarray], language: str) -> Any:
    """The kept words' offsets, forms and fingerprints by the memo's ids (``canonicalize``'s
    loop after the look-up, for texts of one or more batches)."""
    from copylens.core.canonicalize import Canonical

    table = rules.table
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
        homoglyphs=(),
        sentences=np.empty(0, dtype=np.int32),
    )


def _check(
    doc: Any,
    canonical: Any,
    sentences: np.ndarray,
    shingles: np.ndarray,
    anchors: np.ndarray,
    seeds: np.ndarray,
    expected_seeds: np.ndarray,
) -> None:
    """The steps made what ``prepared_with_seeds`` makes (else the timings are of other work)."""
    c = doc.canonical
    same = (
        c.forms == canonical.forms
        and c.language == canonical.language
        and c.words == canonical.words
        and all(
            np.array_equal(x, y)
            for x, y in (
                (c.starts, canonical.starts),
                (c.ends, canonical.ends),
                (c.variants, canonical.variants),
                (c.hashes, canonical.hashes),
                (c.sentences, sentences),
                (doc.shingles, shingles),
                (doc.anchors, anchors),
                (expected_seeds, seeds),
            )
        )
    )
    if not same:
        raise SystemExit(f"{doc.path}: the steps made another document than the engine")


def _print(passes: list[dict[str, float]], essays: int, words: int, learned: int) -> None:
    print(f"{essays} essays, {words} words, {learned} word forms learned on the cold pass")
    steps = list(passes[0])
    warm = passes[1:] or passes
    print(f"{'step':28s} {'cold µs/essay':>14s} {'share':>6s} {'warm µs/essay':>14s} {'share':>6s}")
    cold_total = sum(passes[0].values())
    warm_total = min(sum(p.values()) for p in warm)
    best = min(warm, key=lambda p: sum(p.values()))
    learning = passes[0]["memo look-up"] - best["memo look-up"]
    for step in steps:
        cold, hot = passes[0][step], best[step]
        print(
            f"{step:28s} {1e6 * cold / essays:14.1f} {cold / cold_total:6.1%} "
            f"{1e6 * hot / essays:14.1f} {hot / warm_total:6.1%}"
        )
    print(
        f"{'all':28s} {1e6 * cold_total / essays:14.1f} {'':6s} {1e6 * warm_total / essays:14.1f}"
        f"\nµs a word: cold {1e6 * cold_total / max(words, 1):.2f}, warm "
        f"{1e6 * warm_total / max(words, 1):.2f}; the cold pass's learning "
        f"{1e6 * learning / max(learned, 1):.1f} µs a form"
    )


if __name__ == "__main__":
    main()
