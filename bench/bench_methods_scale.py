"""Scale benchmark of A11 Decomposition and A12 "3+5" against a plain datasketch MinHashLSH.

Builds synthetic canonical documents directly as ``MethodDoc`` objects (no extraction, no
canonicalization): words drawn from a Zipf–Mandelbrot vocabulary of 50,000 random words of
4–14 letters (p ∝ 1 / (rank + 2.7)), 300–900 words per document, sentences of 8–25 words.
2 % of the documents are planted near-copies of distinct originals, of four kinds in turn:
``exact`` (a copy), ``words`` (1–5 words replaced), ``added`` (one 8–25-word sentence
inserted), ``removed`` (one sentence dropped); every planted pair has direct similarity ≥ 0.95
and a length ratio ≤ 1.1. Positions are shuffled. The planted pairs are the truth: recall =
share of them found, precision = share of the pairs found that are planted.

For each size (default 10,000, 30,000 and 100,000 documents) it runs, in one process:

- ``A11`` and ``A12`` ``find`` — the methods' own work from the documents on;
- ``LSH``: the obvious alternative, plain datasketch — ``MinHash.bulk(..., num_perm=84,
  seed=1, scheme="affine64", hashfunc=int)`` over the same documents' distinct 5-word shingle
  fingerprints (``copylens.core.shingle``), ``MinHashLSH(threshold=0.8, num_perm=84)``,
  every document inserted then queried; its candidate pairs are its answer (no verification).

Measured per run: wall time (``perf_counter``); ``rss``: the growth of the process's peak
resident set during the run (the peak is reset through ``/proc/self/clear_refs`` first; without
it, the growth of ``ru_maxrss``). It undercounts memory the allocator reuses from earlier
work, so ``traced`` is the figure to compare: the peak of ``tracemalloc`` (Python objects and
numpy buffers) in a second, untimed run of the same method (for the LSH, with the same
sketches computed in numpy, see ``lsh_pairs``; ``--no-trace`` skips these runs). Ratios are
LSH / method: above 1, the method is that many times faster or smaller. The growth lines
compare each method's time at the largest size with its time at the smallest against linear.
Timings are wall clock on a shared machine: rerun before reading much into a 20 % difference.

``--boilerplate F`` ends a share F of the originals (and their copies) with one common 30-word
footer sentence, longer than any other: it exercises the ``max_df`` caps (the footer's
shingles and sentence are dropped as boilerplate once held by more documents than the cap).

Usage: ``python bench/bench_methods_scale.py [--sizes 10000 30000 100000] [--seed 1]
[--json OUT] [--no-trace] [--no-lsh] [--repeat N] [--boilerplate F]``. About 7 minutes on the
2-core machine for the three sizes, 5 of them at 100,000; the tracemalloc runs take more than
half of it.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any, cast

import numpy as np

REPO = Path(__file__).resolve().parent.parent
from copylens.core.canonicalize import fingerprint  # noqa: E402
from copylens.core.methods.base import Pair  # noqa: E402
from copylens.core.methods.collection import Collection, MethodDoc  # noqa: E402
from copylens.core.methods.decomposition import Decomposition  # noqa: E402
from copylens.core.methods.three_five import ThreeFive  # noqa: E402
from copylens.core.shingle import shingles  # noqa: E402
from copylens.core.sketch import minhash as sketch  # noqa: E402
from copylens.core.sketch import permutations  # noqa: E402

VOCABULARY = 50_000
ZIPF_SHIFT = 2.7
DOC_WORDS = (300, 900)
SENTENCE_WORDS = (8, 25)
CHANGED_WORDS = (1, 5)
BOILERPLATE_WORDS = 30
PLANTED = 0.02
KINDS = ("exact", "words", "added", "removed")
LSH_THRESHOLD = 0.8
NUM_PERM = 84
MB = 1024 * 1024


@dataclass
class Corpus:
    """Synthetic documents and the planted pairs, with their kind."""

    collection: Collection
    truth: dict[Pair, str]


class Generator:
    """Documents as arrays of vocabulary ranks with sentence lengths."""

    def __init__(self, seed: int, boilerplate: float = 0.0) -> None:
        self.rng = np.random.default_rng(seed)
        self.words = _vocabulary(self.rng)
        self.hashes = np.array([fingerprint(w) for w in self.words], dtype=np.uint64)
        weights = 1.0 / (np.arange(VOCABULARY) + ZIPF_SHIFT)
        self.cdf = np.cumsum(weights / weights.sum())
        self.boilerplate = boilerplate
        self.footer = self.draw(BOILERPLATE_WORDS)

    def draw(self, count: int) -> np.ndarray:
        ranks = np.searchsorted(self.cdf, self.rng.random(count), side="right")
        return np.minimum(ranks, VOCABULARY - 1)

    def sentence_lengths(self, n: int) -> list[int]:
        low, high = SENTENCE_WORDS
        ends = np.cumsum(self.rng.integers(low, high + 1, n // low + 1))
        lengths = np.diff([0, *ends[ends < n].tolist(), n]).tolist()
        if len(lengths) > 1 and lengths[-1] < low:
            tail = lengths.pop()
            lengths[-1] += tail
        return lengths

    def original(self) -> tuple[np.ndarray, list[int]]:
        n = int(self.rng.integers(DOC_WORDS[0], DOC_WORDS[1] + 1))
        ranks, sents = self.draw(n), self.sentence_lengths(n)
        if self.rng.random() < self.boilerplate:
            ranks = np.concatenate([ranks, self.footer])
            sents.append(BOILERPLATE_WORDS)
        return ranks, sents

    def copy(self, ranks: np.ndarray, sents: list[int], kind: str) -> tuple[np.ndarray, list[int]]:
        ranks, sents = ranks.copy(), list(sents)
        starts = np.concatenate([[0], np.cumsum(sents)])
        if kind == "words":
            count = int(self.rng.integers(CHANGED_WORDS[0], CHANGED_WORDS[1] + 1))
            where = self.rng.choice(len(ranks), count, replace=False)
            new = self.draw(count)
            ranks[where] = np.where(new == ranks[where], (new + 1) % VOCABULARY, new)
        elif kind == "added":
            s = int(self.rng.integers(0, len(sents) + 1))
            extra = int(self.rng.integers(SENTENCE_WORDS[0], SENTENCE_WORDS[1] + 1))
            ranks = np.concatenate([ranks[: starts[s]], self.draw(extra), ranks[starts[s] :]])
            sents.insert(s, extra)
        elif kind == "removed":
            s = int(self.rng.integers(0, len(sents)))
            ranks = np.concatenate([ranks[: starts[s]], ranks[starts[s + 1] :]])
            del sents[s]
        return ranks, sents

    def doc(self, position: int, ranks: np.ndarray, sents: list[int]) -> MethodDoc:
        ends = np.cumsum(sents).tolist()
        firsts = [0, *ends[:-1]]
        return MethodDoc(
            path=f"doc{position}",
            text="",
            language="en",
            words=itemgetter(*ranks.tolist())(self.words),
            hashes=self.hashes[ranks],
            sentences=tuple(zip(firsts, ends, strict=True)),
            sentence_spans=(),
        )


def _vocabulary(rng: np.random.Generator) -> list[str]:
    """Distinct random words of 4–14 lower-case Latin letters (7 on average)."""
    seen: set[str] = set()
    words: list[str] = []
    while len(words) < VOCABULARY:
        letters = rng.integers(ord("a"), ord("z") + 1, (VOCABULARY, 14), dtype=np.uint8)
        lengths = 4 + rng.binomial(10, 0.3, VOCABULARY)
        for row, length in zip(letters, lengths.tolist(), strict=True):
            word = row[:length].tobytes().decode("ascii")
            if word not in seen and len(words) < VOCABULARY:
                seen.add(word)
                words.append(word)
    return words


def make_corpus(size: int, seed: int, boilerplate: float = 0.0) -> Corpus:
    """``size`` documents, ``PLANTED`` of them near-copies of distinct originals; a share
    ``boilerplate`` of the originals (and their copies) end with the same footer sentence."""
    gen = Generator(seed, boilerplate)
    planted = round(size * PLANTED)
    texts = [gen.original() for _ in range(size - planted)]
    kinds: list[tuple[int, str]] = []
    for k in range(planted):
        kind = KINDS[k % len(KINDS)]
        texts.append(gen.copy(*texts[k], kind))
        kinds.append((k, kind))
    place = gen.rng.permutation(size)
    docs: list[MethodDoc | None] = [None] * size
    for i, (ranks, sents) in enumerate(texts):
        docs[place[i]] = gen.doc(int(place[i]), ranks, sents)
    truth: dict[Pair, str] = {}
    for k, kind in kinds:
        a, b = int(place[k]), int(place[size - planted + k])
        truth[(min(a, b), max(a, b))] = kind
    return Corpus(Collection(tuple(d for d in docs if d is not None)), truth)


def lsh_pairs(collection: Collection, numpy_sketch: bool = False) -> set[Pair]:
    """Plain datasketch: MinHash of the 5-word shingles, MinHashLSH, every document queried.

    The sketches come from ``MinHash.generator`` (datasketch's bulk path: one set of
    permutations shared by all sketches; a fresh ``MinHash`` per document would draw its own,
    ~0.5 ms each). ``numpy_sketch``: the same sketches computed by ``copylens.core.sketch.minhash``
    (bit-identical to datasketch's, tested) and wrapped as the generator wraps them, for the
    tracemalloc run, where datasketch's per-value Python loop runs many times slower.
    """
    from datasketch import MinHash, MinHashLSH

    values = (_distinct(shingles(doc.hashes, 5)) for doc in collection.docs)
    if numpy_sketch:
        shared = np.array(permutations())
        sketches = [
            MinHash(scheme="affine64", hashfunc=int, hashvalues=sketch(v), permutations=shared)
            for v in values
        ]
    else:
        batches = (v.tolist() for v in values)
        sketches = MinHash.bulk(batches, num_perm=NUM_PERM, seed=1, scheme="affine64", hashfunc=int)
    lsh = MinHashLSH(threshold=LSH_THRESHOLD, num_perm=NUM_PERM)
    with lsh.insertion_session() as session:
        for i, minhash in enumerate(sketches):
            session.insert(i, minhash)
    pairs: set[Pair] = set()
    for i, minhash in enumerate(sketches):
        pairs.update((min(i, j), max(i, j)) for j in lsh.query(minhash) if j != i)
    return pairs


def _distinct(values: np.ndarray) -> np.ndarray:
    values = np.sort(values)
    return values[np.r_[True, values[1:] != values[:-1]]] if len(values) else values


@dataclass
class Run:
    """One method at one size."""

    size: int
    method: str
    seconds: float
    rss_mb: float
    traced_mb: float | None
    pairs: int
    recall: float
    precision: float
    recall_by_kind: dict[str, float]
    stats: dict[str, int] = field(default_factory=dict)


def _reset_peak() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def _status_kb(field_name: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1])
    return 0


def timed(run: Callable[[], object]) -> tuple[object, float, float]:
    """The run's result, its wall time and the growth of the peak resident set (MB)."""
    if _reset_peak():
        base = _status_kb("VmRSS")
        start = time.perf_counter()
        result = run()
        seconds = time.perf_counter() - start
        return result, seconds, (_status_kb("VmHWM") - base) / 1024
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - start
    return result, seconds, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024


def traced(run: Callable[[], object]) -> float:
    """Peak of tracemalloc during a run, in MB."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / MB
    finally:
        tracemalloc.stop()


def score(size: int, name: str, pairs: set[Pair], truth: dict[Pair, str]) -> Run:
    hits = [p for p in pairs if p in truth]
    by_kind = {
        kind: sum(1 for p, k in truth.items() if k == kind and p in pairs)
        / max(1, sum(1 for k in truth.values() if k == kind))
        for kind in KINDS
    }
    return Run(
        size=size,
        method=name,
        seconds=0.0,
        rss_mb=0.0,
        traced_mb=None,
        pairs=len(pairs),
        recall=len(hits) / max(1, len(truth)),
        precision=len(hits) / max(1, len(pairs)),
        recall_by_kind=by_kind,
    )


def bench_size(args: argparse.Namespace, size: int) -> list[Run]:
    start = time.perf_counter()
    corpus = make_corpus(size, args.seed, args.boilerplate)
    print(
        f"\n{size:,} documents, {len(corpus.truth)} planted pairs "
        f"(generated in {time.perf_counter() - start:.1f} s)",
        flush=True,
    )
    coll = corpus.collection
    runs: list[Run] = []
    methods: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
        ("A11", lambda: Decomposition().find_with_stats(coll), lambda: Decomposition().find(coll)),
        ("A12", lambda: ThreeFive().find_with_stats(coll), lambda: ThreeFive().find(coll)),
    ]
    if not args.no_lsh:
        methods.append(("LSH", lambda: (lsh_pairs(coll), None), lambda: lsh_pairs(coll, True)))
    for name, call, again in methods:
        result, seconds, rss = timed(call)
        for _ in range(args.repeat - 1):
            again_seconds, again_rss = timed(call)[1:]
            seconds, rss = min(seconds, again_seconds), max(rss, again_rss)
        pairs, stats = cast(tuple[set[Pair], Any], result)
        run = score(size, name, pairs, corpus.truth)
        run.seconds, run.rss_mb = seconds, rss
        run.stats = asdict(stats) if stats is not None else {}
        run.traced_mb = None if args.no_trace else traced(again)
        runs.append(run)
        print(f"  {name}: {seconds:.1f} s", flush=True)
    return runs


def print_table(runs: list[Run]) -> None:
    head = (
        f"{'size':>7} {'method':<6} {'time s':>7} {'docs/s':>7} {'rss MB':>7} {'traced MB':>9} "
        f"{'pairs':>6} {'recall':>6} {'prec':>6} {'compared':>8} "
        f"{'LSH/time':>8} {'LSH/rss':>7} {'LSH/traced':>10}"
    )
    print("\n" + head + "\n" + "-" * len(head))
    lsh = {r.size: r for r in runs if r.method == "LSH"}
    for r in runs:
        ref = lsh.get(r.size)
        ratios = ("", "", "")
        if ref is not None and r is not ref:
            ratios = (
                _ratio(ref.seconds, r.seconds),
                _ratio(ref.rss_mb, r.rss_mb),
                _ratio(ref.traced_mb, r.traced_mb),
            )
        traced_mb = f"{r.traced_mb:.1f}" if r.traced_mb is not None else "–"
        compared = str(r.stats.get("compared", "–"))
        print(
            f"{r.size:>7} {r.method:<6} {r.seconds:7.2f} {r.size / r.seconds:7.0f} "
            f"{r.rss_mb:7.1f} {traced_mb:>9} {r.pairs:>6} {r.recall:6.3f} {r.precision:6.3f} "
            f"{compared:>8} {ratios[0]:>8} {ratios[1]:>7} {ratios[2]:>10}"
        )
    print("\nrecall by kind:")
    for r in runs:
        kinds = "  ".join(f"{k} {v:.3f}" for k, v in r.recall_by_kind.items())
        print(f"{r.size:>7} {r.method:<6} {kinds}")
    _print_growth(runs)


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.1f}" if a is not None and b else "–"


def _print_growth(runs: list[Run]) -> None:
    sizes = sorted({r.size for r in runs})
    if len(sizes) < 2:
        return
    low, high = sizes[0], sizes[-1]
    for name in dict.fromkeys(r.method for r in runs):
        t = {r.size: r.seconds for r in runs if r.method == name}
        print(
            f"growth {name}: time({high:,})/time({low:,}) = {t[high] / t[low]:.1f}"
            f" (linear: {high / low:.1f})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the figures to this JSON file")
    parser.add_argument("--no-trace", action="store_true", help="skip the tracemalloc runs")
    parser.add_argument("--no-lsh", action="store_true", help="skip the datasketch baseline")
    parser.add_argument("--repeat", type=int, default=1, help="timed runs; the fastest counts")
    parser.add_argument(
        "--boilerplate", type=float, default=0.0, help="share of documents with a common footer"
    )
    args = parser.parse_args(argv)
    runs: list[Run] = []
    for size in args.sizes:
        runs += bench_size(args, size)
    print_table(runs)
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in runs], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
