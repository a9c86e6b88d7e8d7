"""Replay of the read stage's per-document work on a scale collection, this tree beside another
revision (issue 40): µs of CPU per word, in one process per (tree, pass), alternating.

What a reading worker of ``copylens compare`` does for each essay, in order, in one process
(no pool, no other reader sharing word forms): the parent's warm-up first (``_warm_up``: the
dictionaries, the stemmers, the memo of the warm-up's words), then for every file of
``bench/data/scale_<n>/essays`` ``read_one`` with the spill's ``build``
(``Spill.prepare()``: extract, canonicalize, shingles, anchors, seeds, the document written to
the spill, its summary) and the summary pickled as the pool sends it back. CPU time
(``time.process_time``) over the whole loop, divided by the words the tokenizer found
(``Canonical.words``, stop words included). A digest of every document's canonical words,
offsets, fingerprints, sentences, shingles, anchors, seeds and of the spill's bytes tells
whether the trees' outputs are ``identical``.

Usage: ``python bench/replay_read.py [--sizes 1000 10000] [--repeat 3] [--base main]
[--limit N]`` (``--limit``: the first N essays only).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

CHILD = r"""
import hashlib, json, os, pickle, sys, tempfile, time
from pathlib import Path
from copylens.core.options import Options
from copylens.core import prepare
from copylens.core.spill import Spill, read as read_spilled

folder, limit = Path(sys.argv[1]), int(sys.argv[2])
files = sorted(folder.glob("*.txt"))[: limit or None]
options = Options()
with Spill() as spill:
    build = spill.prepare()
    prepare._warm_up(options, build)
    digest = hashlib.blake2b(digest_size=16)
    started = time.process_time()
    sent = []
    for path in files:
        result = prepare.read_one(path, options, build)
        sent.append(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    cpu = time.process_time() - started
    words = 0
    for blob in sent:
        s = pickle.loads(blob)
        doc = read_spilled(s.spot)
        c = doc.canonical
        words += c.words
        for part in (c.starts, c.ends, c.variants, c.hashes, c.sentences, doc.shingles,
                     doc.anchors, s.grams, s.anchors):
            digest.update(part.tobytes())
        digest.update("\x00".join(c.forms).encode())
        made = (c.language, c.words, c.homoglyphs, s.size, s.path, doc.sha256)
        digest.update(repr(made).encode())
print(json.dumps({"cpu": cpu, "words": words, "docs": len(files), "digest": digest.hexdigest()}))
"""


def run_one(tree: Path | None, folder: Path, limit: int) -> dict[str, float | str]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder), str(limit)],
        env=env,
        cwd=str(tree or REPO),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", default="main")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    from bench_compare import compiled
    from shared import old_package

    old = old_package(args.base, Path(tempfile.mkdtemp(prefix="replay-read-")))
    compiled([REPO, old])
    trees: dict[str, Path | None] = {"this": None, args.base: old}
    for n in args.sizes:
        folder = BENCH / "data" / f"scale_{n}" / "essays"
        runs: dict[str, list[dict[str, float | str]]] = {name: [] for name in trees}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                runs[name].append(run_one(tree, folder, args.limit))
        print(f"scale {n} ({runs['this'][0]['docs']} essays, {runs['this'][0]['words']} words):")
        per_word = {}
        for name, made in runs.items():
            us = [1e6 * float(r["cpu"]) / float(r["words"]) for r in made]
            per_word[name] = statistics.median(us)
            each = ", ".join(f"{u:.2f}" for u in us)
            print(f"  {name:>6}: {per_word[name]:.2f} µs/word (runs {each})")
        digests = {str(r["digest"]) for made in runs.values() for r in made}
        print(
            f"  ratio this/{args.base}: {per_word['this'] / per_word[args.base]:.3f}; "
            f"outputs {'identical' if len(digests) == 1 else 'DIFFERENT'}"
        )


if __name__ == "__main__":
    main()
