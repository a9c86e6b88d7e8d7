"""Benchmark of the read stage's canonicalization: µs per word, this tree beside another revision.

Measures ``prepare_text`` (canonicalize, then the w-shingles and anchor k-grams of
``copylens.core.prepare``) per word of text, CPU time (``time.process_time``), in a fresh
process for each language and tree, as a read worker does it:

- ``cold``: the first pass over the texts, after the parent's warm-up (the memo of word forms
  empty but for the warm-up's), so every distinct word form is learned (lemma or stem,
  fingerprints) once;
- ``warm``: a second pass over the same texts, every form known (the per-word path alone);
- ``proto``: issue 40's stand-alone canonicalizer over the same texts, every form known (one
  regular expression, a dict of form fingerprints, numpy shingles: :func:`prototype`), the
  floor the warm path is measured against;

the normalizers (pymorphy3's dictionaries, the stemmers) loaded before either pass.

Texts: English and Russian essays of ``make_essays.py --n N --common --seed 1`` (split by
language), the German articles of the SemEval-2022 news training set and the Ukrainian seed
paper (``../shared``: benchmarks only). Each (tree, language) runs ``--repeat`` times,
alternating, medians reported; the outputs of the two trees are compared by a digest of every
document's canonical words, offsets, fingerprints, sentences, shingles and anchors, printed as
``identical`` or ``DIFFERENT``.

Usage: ``python bench/bench_canonicalize.py [--n 1000] [--repeat 3] [--base main]``. The base
revision runs from a ``git archive`` copy (as ``bench_compare.py --base``).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from shared import CORPORA_DIR, SEEDS_DIR  # noqa: E402

LANGUAGES = ("en", "ru", "uk", "de")
GERMAN_TEXTS = 400
UKRAINIAN_SEED = "003_70fad9d12352665e.txt"


def write_texts(root: Path, n: int) -> dict[str, Path]:
    """One folder of .txt files per language under ``root``."""
    from make_essays import is_russian, make_essays

    folders = {lang: root / lang for lang in LANGUAGES}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    essays = root / "essays"
    make_essays(essays, n, 1, root / "truth.json", common=True)
    for path in sorted(essays.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        lang = "ru" if is_russian(text) else "en"
        (folders[lang] / path.name).write_text(text, encoding="utf-8")
    csv.field_size_limit(1 << 30)
    german: dict[str, str] = {}
    with (CORPORA_DIR / "semeval22-news-train" / "training_set.csv").open(
        encoding="utf-8", newline=""
    ) as handle:
        for row in csv.DictReader(handle):
            for k, item in enumerate(row["pair_id"].split("_"), start=1):
                if row[f"lang{k}"] == "de" and len(german) < GERMAN_TEXTS:
                    german.setdefault(item, row[f"text{k}"])
    for item, text in german.items():
        (folders["de"] / f"{item}.txt").write_text(text, encoding="utf-8")
    seed = (SEEDS_DIR / UKRAINIAN_SEED).read_text(encoding="utf-8")
    (folders["uk"] / "seed.txt").write_text(seed, encoding="utf-8")
    return folders


def child(folder: Path) -> dict[str, Any]:
    """Measure one language in this process (the ``--child`` mode)."""
    import copylens.core as facade
    from copylens.core.canonicalize import word_count
    from copylens.core.extract import Extracted
    from copylens.core.options import Options
    from copylens.core.prepare import _warm_up, prepare_text

    options = Options()
    texts = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))]
    words = sum(map(word_count, texts))
    _warm_up(options, prepare_text)  # as the parent does before its read workers fork
    for language in LANGUAGES:  # the dictionaries loaded: per-word costs, not loading
        facade.normalizer(language)("")
    docs = [Extracted(f"t{i}", t, "txt") for i, t in enumerate(texts)]
    started = time.process_time()
    prepared = [prepare_text(d, options) for d in docs]
    cold = time.process_time() - started
    started = time.process_time()
    for d in docs:
        prepare_text(d, options)
    warm = time.process_time() - started
    digest = hashlib.sha256()
    for p in prepared:
        c = p.canonical
        digest.update(f"{c.language}|{c.words}|{c.homoglyphs}|".encode())
        digest.update("\x00".join(c.forms).encode("utf-8", "surrogatepass"))
        for array in (c.starts, c.ends, c.variants, c.hashes, c.sentences, p.shingles, p.anchors):
            digest.update(array.dtype.str.encode())
            digest.update(array.tobytes())
    distinct = len({w for t in texts for w in re.findall(r"[^\W_]+", t)})
    proto = prototype(texts, options)
    return {
        "prototype_s": proto,
        "engine": str(Path(facade.__file__).parent),
        "texts": len(texts),
        "words": words,
        "cold_s": cold,
        "warm_s": warm,
        "tokens_distinct": distinct,
        "digest": digest.hexdigest(),
    }


def prototype(texts: list[str], options: Any) -> float:
    """CPU seconds of issue 40's stand-alone canonicalizer over ``texts``, with every word's
    form known (its "dict of lemma ids", filled from this tree's memo of the same texts):
    one compiled regular expression for the words and their spans, the lower-cased word
    looked up in a dict of form fingerprints, numpy for the w-shingles and anchor k-grams
    (this tree's ``shingle``). No look-alike letters, language, sentences or cleaning beyond
    ``lower()``: the floor the engine's warm path is measured against."""
    from itertools import repeat

    import numpy as np

    from copylens.core.shingle import kgram_set, shingle_set

    word = re.compile(r"[^\W_]+(?:['’ʼ][^\W_]+)*")
    ids: dict[str, int] = {}
    prints: list[int] = []
    for rules in _memos():  # every memo the texts filled
        table = rules.table
        for raw, n in rules.cache.items():
            if table.kept[n]:
                ids.setdefault(raw.lower(), len(prints))
                prints.append(int(table.hashes[n]))
    hashes = np.array(prints, dtype=np.uint64)
    start, end = re.Match.start, re.Match.end
    started = time.process_time()
    for text in texts:
        found = list(word.finditer(text))
        at = np.fromiter(
            map(ids.get, [m.group().lower() for m in found], repeat(-1)), np.int64, len(found)
        )
        kept = at >= 0
        starts = np.fromiter(map(start, found), np.int64, len(found))[kept]
        ends = np.fromiter(map(end, found), np.int64, len(found))[kept]
        words = hashes[at[kept]]
        shingle_set(words, options.shingle)
        kgram_set(words, options.anchor_words)
        del starts, ends
    return time.process_time() - started


def _memos() -> list[Any]:
    """The memos of word forms this process made (``canonicalize._rules``)."""
    import gc

    from copylens.core import canonicalize as engine

    return [o for o in gc.get_objects() if isinstance(o, engine._Rules)]


def run_child(folder: Path, engine: Path | None) -> dict[str, Any]:
    env = dict(os.environ)
    if engine is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(engine), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(folder)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(out.stdout.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="essays generated (default 1000)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", default=None, help="also run this revision, e.g. main")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(child(args.child)))
        return
    from shared import old_package

    root = Path(tempfile.mkdtemp(prefix="bench-canon-"))
    folders = write_texts(root, args.n)
    trees: dict[str, Path | None] = {"this tree": None}
    if args.base:
        trees[args.base] = old_package(args.base, Path(tempfile.mkdtemp(dir=root)))
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for _ in range(args.repeat):
        for lang, folder in folders.items():
            for name, engine in trees.items():
                runs.setdefault((name, lang), []).append(run_child(folder, engine))
    print(f"prepare_text CPU µs per word (median of {args.repeat}; cold: forms learned too)\n")
    print(
        f"{'language':9}{'tree':>11}{'words':>9}{'cold':>8}{'warm':>8}{'proto':>8}  ratio cold/warm"
    )
    table: dict[str, Any] = {}
    for lang in folders:
        row: dict[str, Any] = {}
        for name in trees:
            got = runs[(name, lang)]
            words = got[0]["words"]
            cold = statistics.median(r["cold_s"] for r in got) / words * 1e6
            warm = statistics.median(r["warm_s"] for r in got) / words * 1e6
            proto = statistics.median(r.get("prototype_s", math.nan) for r in got) / words * 1e6
            row[name] = {
                "words": words,
                "cold_us": cold,
                "warm_us": warm,
                "prototype_us": proto,
                **got[0],
            }
        base = row.get(args.base) if args.base else None
        for name, r in row.items():
            ratio = ""
            if base is not None and name != args.base:
                ratio = (
                    f"  {r['cold_us'] / base['cold_us']:.2f} / {r['warm_us'] / base['warm_us']:.2f}"
                    f" of {args.base}; output "
                    + ("identical" if r["digest"] == base["digest"] else "DIFFERENT")
                )
            print(
                f"{lang:9}{name:>11}{r['words']:>9,}{r['cold_us']:>8.2f}{r['warm_us']:>8.2f}"
                f"{r['prototype_us']:>8.2f}{ratio}"
            )
        table[lang] = row
    out = BENCH / "results" / "canonicalize.json"
    out.write_text(json.dumps(table, indent=1, default=str) + "\n", encoding="utf-8")
    print(f"\nwritten: {out.relative_to(BENCH.parent)}")


if __name__ == "__main__":
    main()
