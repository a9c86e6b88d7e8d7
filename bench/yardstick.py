"""The yardstick: what a plain datasketch near-duplicate pipeline finds in a folder of texts.

Measures the obvious alternative to CopyLens, so that the benchmark can state CopyLens's
figures as ratios: lower-case, ``re.findall(r"\\w+")``, 10-word shingles, ``MinHash(num_perm=84,
seed=1)`` over the shingles' UTF-8 bytes, ``MinHashLSH(threshold=0.5, num_perm=84)``, every
document queried; a candidate pair is reported when its estimated Jaccard is at least 0.5.

Usage: ``python bench/yardstick.py DIR`` prints ``{"pairs": [{"a", "b", "jaccard"}],
"candidates": [[a, b], ...]}`` as JSON (names are file names within DIR).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from datasketch import MinHash, MinHashLSH

SHINGLE = 10
NUM_PERM = 84
THRESHOLD = 0.5

Pair = tuple[str, str]


@dataclass
class Result:
    """Reported pairs with their estimated Jaccard, and every LSH candidate pair."""

    pairs: dict[Pair, float]
    candidates: set[Pair]


def shingles(text: str, size: int = SHINGLE) -> set[bytes]:
    """The text's ``size``-word shingles as bytes (the whole text if it is shorter)."""
    words = re.findall(r"\w+", text.lower())
    if len(words) < size:
        return {" ".join(words).encode("utf-8")} if words else set()
    return {" ".join(words[i : i + size]).encode("utf-8") for i in range(len(words) - size + 1)}


def sketch(text: str) -> MinHash:
    minhash = MinHash(num_perm=NUM_PERM, seed=1)
    minhash.update_batch(list(shingles(text)))
    return minhash


def compare(folder: Path) -> Result:
    """All pairs of ``*.txt`` files in ``folder`` whose estimated Jaccard reaches 0.5."""
    sketches = {
        path.name: sketch(path.read_text(encoding="utf-8", errors="replace"))
        for path in sorted(folder.glob("*.txt"))
    }
    lsh = MinHashLSH(threshold=THRESHOLD, num_perm=NUM_PERM)
    with lsh.insertion_session() as session:
        for name, minhash in sketches.items():
            session.insert(name, minhash)
    candidates: set[Pair] = set()
    for name, minhash in sketches.items():
        for other in lsh.query(minhash):
            if other != name:
                candidates.add((min(name, other), max(name, other)))
    pairs: dict[Pair, float] = {}
    for a, b in sorted(candidates):
        jaccard = sketches[a].jaccard(sketches[b])
        if jaccard >= THRESHOLD:
            pairs[(a, b)] = jaccard
    return Result(pairs, candidates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    result = compare(args.folder)
    json.dump(
        {
            "pairs": [{"a": a, "b": b, "jaccard": j} for (a, b), j in result.pairs.items()],
            "candidates": sorted(result.candidates),
        },
        sys.stdout,
        indent=1,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
