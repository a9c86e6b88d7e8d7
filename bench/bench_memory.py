"""Benchmark of the memory and time of ``prepare_text`` on long texts, against the code before
the memory work of issue 13 ("hostile files": a 40 MB one-line text took 2.45 GB).

Each measurement runs in a fresh child process: it builds its text, warms up (the stemmers
and pymorphy load on a 20,000-character piece of it), resets the kernel's high-water mark of
its resident set (``/proc/self/clear_refs``, Linux; the counter ``ru_maxrss`` reports), runs
``prepare_text`` once, and reports how far the high-water mark rose above the resident set
before the call (the text itself is not counted), and the call's wall time. The old code is
the whole ``copylens`` package at ``--base`` (``git archive``), imported by the same child
script from a temporary folder; the two alternate ``--repeat`` times and the medians are
reported. Both must give the same document: the child prints a digest of every field of the
result, and a difference is reported as a failure.

Texts are built from text in the repository, no downloads: English from the README and
docs/*.md, Russian from resources/samples and the Russian translation of the app; tokens
drawn at random (fixed seed) with their frequencies in the source, so almost every shingle is
distinct, as in a real text. Shapes: one line (no line break at all) and short lines (1–8
tokens each); at the largest size, three hostile texts as well: numbers ("17 403 9 …"),
distinct random tokens (base64-like; the memo of words is bounded, ~130 MB at most) and a
text of blank lines with a word every 40 lines.

Usage: ``python bench/bench_memory.py [--sizes 1,4,16] [--base REV] [--repeat 3]``; the full
run takes about 25 minutes on 2 cores, most of it the old code on the hostile texts.
Targets: peak ≤ 20 bytes per character, time at most 10 % above the old code's (not held
against the hostile texts, which stem every distinct token: their time is the stemmer's).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from shared import old_package

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
BEFORE = "998b38d"
"""The last commit before the memory work: the old code measured by default."""
TARGET_BYTES_PER_CHAR = 20.0
TARGET_TIME_RATIO = 1.10
MILLION = 1_000_000
HOSTILE = ("numbers", "distinct", "blank lines")


def source_tokens(language: str) -> list[str]:
    """Whitespace-separated tokens of the repository's own text in ``language``."""
    if language == "en":
        text = "\n".join(
            p.read_text(encoding="utf-8")
            for p in [REPO / "README.md", *(REPO / "docs").glob("*.md")]
        )
    else:
        samples = sorted((REPO / "resources" / "samples").glob("*_ru.txt"))
        text = "\n".join(p.read_text(encoding="utf-8") for p in samples)
        ts = (REPO / "resources" / "translations" / "copylens_ru.ts").read_text(encoding="utf-8")
        text += "\n".join(re.findall(r"<translation>([^<]+)</translation>", ts))
    return [t for t in text.split() if not t.startswith(("<", "&", "|", "`", "http"))]


def build_text(language: str, chars: int, shape: str, seed: int = 1) -> str:
    """A text of exactly ``chars`` characters of ``language`` in ``shape`` (see the docstring)."""
    rng = random.Random(seed)
    if shape == "numbers":
        tokens = [str(rng.randrange(10 ** rng.randint(1, 4))) for _ in range(chars // 3)]
    elif shape == "distinct":
        letters = string.ascii_letters + string.digits  # base64-like
        tokens = ["".join(rng.choices(letters, k=rng.randint(6, 24))) for _ in range(chars // 12)]
    else:
        pool = source_tokens(language)
        mean = sum(map(len, pool)) / len(pool) + 1
        tokens = rng.choices(pool, k=int(chars / mean * 1.05) + 10)
    if shape == "short lines":
        cuts = iter(rng.randint(1, 8) for _ in range(len(tokens)))
        lines, at = [], 0
        while at < len(tokens):
            step = next(cuts)
            lines.append(" ".join(tokens[at : at + step]))
            at += step
        text = "\n".join(lines)
    elif shape == "blank lines":
        text = ("\n" * 40).join(tokens[: chars // 40 + 1])
    else:
        text = " ".join(tokens)
    while len(text) < chars:
        text += " " + text[: chars - len(text)]
    return text[:chars]


def _status_bytes(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise KeyError(field)


def child(language: str, chars: int, shape: str) -> dict[str, Any]:
    """One measurement, in this (fresh) process: what :func:`main` prints as JSON."""
    import gc

    import numpy as np

    from copylens.core import canonicalize as module
    from copylens.core.extract import Extracted
    from copylens.core.options import Options
    from copylens.core.prepare import prepare_text

    text = build_text(language, chars, shape)
    options = Options()
    prepare_text(Extracted("warm-up", text[:20_000], "txt"), options)
    gc.collect()
    Path("/proc/self/clear_refs").write_text("5")
    before = _status_bytes("VmRSS")
    started = time.perf_counter()
    doc = prepare_text(Extracted("long.txt", text, "txt"), options)
    seconds = time.perf_counter() - started
    peak = _status_bytes("VmHWM") - before
    c = doc.canonical
    digest = hashlib.sha256()
    for array in (c.starts, c.ends, c.variants, c.hashes, c.sentences, doc.shingles, doc.anchors):
        digest.update(np.ascontiguousarray(array).tobytes() + str(array.dtype).encode())
    digest.update("\x00".join(c.forms).encode("utf-8"))
    digest.update(repr((c.language, c.words, c.homoglyphs, doc.sha256)).encode())
    return {
        "module": module.__file__,
        "seconds": seconds,
        "peak_bytes": peak,
        "words": c.words,
        "kept": len(c),
        "language": c.language,
        "digest": digest.hexdigest(),
    }


def measure(language: str, chars: int, shape: str, path: Path | None) -> dict[str, Any]:
    """:func:`child` in a fresh process, with ``path`` (the old package) first on sys.path."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(path), env.get("PYTHONPATH")]))
    command = [sys.executable, __file__, "--child", language, str(chars), shape]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    if not Path(result["module"]).resolve().is_relative_to((path or REPO).resolve()):
        raise RuntimeError(f"measured the wrong code: {result['module']}")
    return result


def median(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run of median time, with the median peak."""
    middle = sorted(runs, key=lambda r: r["seconds"])[len(runs) // 2]
    return {**middle, "peak_bytes": statistics.median(r["peak_bytes"] for r in runs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,4,16", help="millions of characters (default 1,4,16)")
    parser.add_argument("--languages", default="en,ru")
    parser.add_argument("--base", default=BEFORE, help=f"the old code's commit (default {BEFORE})")
    parser.add_argument("--repeat", type=int, default=3, help="alternating runs of each code")
    parser.add_argument("--no-hostile", action="store_true", help="skip the hostile texts")
    parser.add_argument("--child", nargs=3, metavar=("LANGUAGE", "CHARS", "SHAPE"))
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.child[0], int(args.child[1]), args.child[2])))
        return 0
    sizes = [int(float(size) * MILLION) for size in args.sizes.split(",")]
    cases = [
        (language, chars, shape)
        for chars in sizes
        for language in args.languages.split(",")
        for shape in ("one line", "short lines")
    ]
    if not args.no_hostile:
        cases += [("en", max(sizes), shape) for shape in HOSTILE]
    print(f"prepare_text: now ({REPO.name}) against {args.base}, median of {args.repeat} runs\n")
    head = "text                          | words     | old B/char | new B/char | ratio | "
    head += "old s  | new s  | time ratio | same result"
    print(head)
    print("-" * len(head))
    failed = False
    with tempfile.TemporaryDirectory(prefix="copylens-old-") as tmp:
        old_path = old_package(args.base, Path(tmp))
        for language, chars, shape in cases:
            runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
            for _ in range(args.repeat):
                runs["old"].append(measure(language, chars, shape, old_path))
                runs["new"].append(measure(language, chars, shape, None))
            old, new = median(runs["old"]), median(runs["new"])
            same = old["digest"] == new["digest"]
            per_old, per_new = old["peak_bytes"] / chars, new["peak_bytes"] / chars
            time_ratio = new["seconds"] / old["seconds"]
            failed |= not same or per_new > TARGET_BYTES_PER_CHAR
            failed |= shape not in HOSTILE and time_ratio > TARGET_TIME_RATIO
            name = f"{language} {chars / MILLION:g}M {shape}"
            print(
                f"{name:<29} | {new['words']:>9,} | {per_old:>10.1f} | {per_new:>10.1f} | "
                f"{per_new / per_old:>5.2f} | {old['seconds']:>6.2f} | {new['seconds']:>6.2f} | "
                f"{time_ratio:>10.2f} | {'yes' if same else 'NO'}",
                flush=True,
            )
    print(
        f"\ntargets: peak ≤ {TARGET_BYTES_PER_CHAR:g} bytes per character, time ≤ "
        f"{TARGET_TIME_RATIO:.2f}x the old code's (hostile texts: memory only), same results: "
        f"{'FAIL' if failed else 'PASS'}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
