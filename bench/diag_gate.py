"""Which aligned pairs a gate before the paraphrase stage could skip (issue 40).

Runs ``copylens.core.engine.compare`` in this process (``workers=1``) and records, for every
pair that reaches the paraphrase stage (its entry, ``Paraphrase.run``), what the copies left:
their share of each side's counted words, and features of the seed hits (``seed_k``-grams both
texts hold) lying outside the copies: the "stray" hits, farther than ``d`` words from any
copied word, none of their words ignored; how many, in how many sentences, the zone words
around them. With the pair's result (reported or not, containment) and its CPU.

A pair a gate "copies under the threshold and no stray evidence" would skip loses something
only when it is reported today with copies under the threshold (the paraphrase stage or the
steps after it lifted it): ``lifted`` below. Each row holds the gate's own answers too
(``under``: :func:`~copylens.core.signal_gate.copies_under`, ``shown``:
:func:`~copylens.core.signal_gate.retelling_shown`, None where it was not asked), and
``--against FILE`` (another run's rows, e.g. main's engine running this script) counts the
pairs whose answers, report or result digest differ (issue 40: the gate made cheaper must
answer the same), and lists every pair whose result differs with what it holds in each run
(containment, covered words, paraphrase fragments, retold edits, kinds): run it on main's
engine (``PYTHONPATH`` of its ``git archive``, ``bench/shared.old_package``) and on a variant,
outside the repository, to see what a wider gate loses (branch gate60). Sets (``--set``):
``scale DIR`` (a folder of essays, one compare), ``cs`` (Clough–Stevenson, all 100 files in
one compare), ``pan TYPE`` (each PAN-13 pair of that obfuscation, two-document compare),
``para`` (the hand-written rewrites of bench/paraphrase_data and tests/data/paraphrase: each
text with its source), ``led`` (copy a little, retell the rest), ``phr`` (ParaPhraser pairs of
class 1 and 0, two-document compare).

Usage: ``OPENBLAS_NUM_THREADS=1 python bench/diag_gate.py SET [ARG] --rows FILE [--against FILE]``.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("COPYLENS_STAGE_CPU", tempfile.mkdtemp(prefix="diag_gate_"))

import numpy as np
from shared import clocked

from copylens.core import engine, paraphrase, score
from copylens.core.documents import TextInput
from copylens.core.options import Options
from copylens.core.prepare import share

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "corpora"
DS = (0, 3, 5, 10)

rows: list[dict[str, Any]] = []
current: dict[str, Any] = {}
_compare_pair = engine.compare_pair
_run = paraphrase.Paraphrase.run
_copies_under = getattr(score, "copies_under", None)  # gone where every pair is asked
_retelling_shown = score.retelling_shown


def copies_under(found: Any, a: Any, b: Any, options: Options) -> bool:
    assert _copies_under is not None
    current["under"] = _copies_under(found, a, b, options)
    return bool(current["under"])


def retelling_shown(a: Any, b: Any, found: Any, options: Options) -> bool:
    current["shown"] = _retelling_shown(a, b, found, options)
    return bool(current["shown"])


def features(a: Any, b: Any, found: Any, options: Options) -> dict[str, Any]:
    k = options.seed_k
    out: dict[str, Any] = {
        "copy_a": share(found.covered_a, a),
        "copy_b": share(found.covered_b, b),
    }
    free = []
    for x, cov in ((a, found.covered_a), (b, found.covered_b)):
        keep = ~cov if x.ignored is None else ~(cov | x.ignored)
        free.append(np.unique(x.canonical.hashes[keep]))
    both = len(np.intersect1d(free[0], free[1], assume_unique=True))
    out["voc_a"] = both / max(len(free[0]), 1)
    out["voc_b"] = both / max(len(free[1]), 1)
    out["nvoc"] = both
    out.update(_sentence_pairs(a, b, found))
    for side, (x, y, cov) in (("a", (a, b, found.covered_a)), ("b", (b, a, found.covered_b))):
        grams = x.text_grams(k)
        other = y.seed_grams(k)[1]
        held = np.isin(grams, other)
        n = len(x.canonical)
        ign = x.ignored if x.ignored is not None else np.zeros(n, dtype=bool)
        # a k-gram touching an ignored word is not evidence
        cs = np.concatenate(([0], np.cumsum(ign)))
        starts = np.arange(len(grams))
        clean = (cs[np.minimum(starts + k, n)] - cs[starts]) == 0
        hits = np.flatnonzero(held & clean)
        out[f"hits_{side}"] = len(hits)
        covered_pos = np.flatnonzero(cov)
        bounds = paraphrase.sentence_bounds(x)
        sent_starts = np.array([lo for lo, _ in bounds] or [0])
        kept = int(n - ign.sum()) or 1
        for d in DS:
            if len(covered_pos):
                # distance from the k-gram [p, p+k) to the nearest covered word
                i = np.searchsorted(covered_pos, hits)
                left = covered_pos[np.maximum(i - 1, 0)]
                right = covered_pos[np.minimum(i, len(covered_pos) - 1)]
                dl = np.where(left < hits, hits - left, 10**9)
                dr = np.where(right >= hits + k, right - (hits + k - 1), 10**9)
                inside = (right >= hits) & (right < hits + k)
                far = (np.minimum(dl, dr) > d) & ~inside
            else:
                far = np.ones(len(hits), dtype=bool)
            stray = hits[far]
            words = np.zeros(n, dtype=bool)
            for p in stray.tolist():
                words[p : p + k] = True
            words &= ~ign
            out[f"stray{d}_{side}"] = len(stray)
            out[f"words{d}_{side}"] = int(words.sum()) / kept
            sents = np.searchsorted(sent_starts, stray, side="right")
            out[f"sents{d}_{side}"] = len(set(sents.tolist()))
    return out


def _sets(x: Any, cov: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    keep = ~cov if x.ignored is None else ~(cov | x.ignored)
    h = x.canonical.hashes
    sets = [np.unique(h[lo:hi][keep[lo:hi]]) for lo, hi in paraphrase.sentence_bounds(x)]
    return sets, np.array([len(t) for t in sets])


def _sentence_pairs(a: Any, b: Any, found: Any) -> dict[str, Any]:
    sa, la = _sets(a, found.covered_a)
    sb, lb = _sets(b, found.covered_b)
    out: dict[str, Any] = {"sent_a": len(sa), "sent_b": len(sb)}
    if not sa or not sb:
        return out
    vocab = np.unique(np.concatenate([*sa, *sb]))
    ma = np.zeros((len(sa), len(vocab)), dtype=np.float32)
    mb = np.zeros((len(sb), len(vocab)), dtype=np.float32)
    for m, sets in ((ma, sa), (mb, sb)):
        for i, t in enumerate(sets):
            m[i, np.searchsorted(vocab, t)] = 1.0
    shared = ma @ mb.T
    small = np.minimum(la[:, None], lb[None, :]).clip(min=1)
    for need in (2, 3, 4):
        for frac in (0.2, 0.3):
            ok = (shared >= need) & (shared / small >= frac)
            out[f"sm{need}_{frac}"] = int(min(ok.any(axis=1).sum(), ok.any(axis=0).sum()))
    return out


def run(self: Any, a: Any, b: Any, found: Any, options: Options) -> Any:
    current["f"] = features(a, b, found, options)
    return _run(self, a, b, found, options)


def compare_pair(a: Any, b: Any, options: Options) -> Any:
    current.clear()
    result, spent, gained = clocked(_compare_pair, a, b, options)
    late = sum(v for n, v in gained.items() if n.startswith("paraphrase") or ": assembled" in n)
    row: dict[str, Any] = {
        "a": str(a.path),
        "b": str(b.path),
        "reported": result is not None,
        "cpu": spent,
        "late_cpu": late,
        "containment": (
            max(result.containment_ab, result.containment_ba) if result is not None else None
        ),
        "kinds": sorted({f.kind for f in result.fragments}) if result is not None else [],
        "words": sum(f.words for f in result.fragments) if result is not None else 0,
        "paraphrases": sum(f.kind == "paraphrase" for f in result.fragments) if result else 0,
        "retold": sum(e.kind == "retold" for f in result.fragments for e in f.edits)
        if result is not None
        else 0,
        "digest": hashlib.sha1(repr(result).encode()).hexdigest() if result else None,
        "set": current.get("set", ""),
        "least": options.min_containment,
        "under": current.get("under"),
        "shown": current.get("shown"),
        **current.get("f", {}),
    }
    rows.append(row)
    return result


def _compare(inputs: list[Any], label: str, **opts: Any) -> None:
    n = len(rows)
    engine.compare(inputs, Options(workers=1, **opts))
    for r in rows[n:]:
        r["set"] = label


def _pan(kind: str) -> None:
    base = SHARED / "pan13-dev"
    with (base / "pairs.tsv").open(encoding="utf-8") as f:
        for rec in csv.DictReader(f, delimiter="\t"):
            if rec["type"] != kind:
                continue
            susp = (base / "susp" / rec["suspicious"]).read_text(encoding="utf-8")
            src = (base / "src" / rec["source"]).read_text(encoding="utf-8")
            _compare([TextInput("susp", susp), TextInput("src", src)], f"pan-{kind}")


def _para() -> None:
    sys.path.insert(0, str(HERE))
    import make_paraphrase as mp

    for lang, items in mp.load_all().items():
        inputs: list[Any] = []
        for it in items:
            inputs.append(TextInput(f"{it.id}-source", mp.source_text(it)))
            for kind in ("heavy", "medium", "light", "independent"):
                inputs.append(TextInput(f"{it.id}-{kind}", getattr(it, kind)))
        _compare(inputs, f"para-{lang}")
    tests = HERE.parent / "tests" / "data" / "paraphrase"
    for src in sorted(tests.glob("*_source.txt")):
        stem = src.name[: -len("_source.txt")]
        source = src.read_text(encoding="utf-8")
        for kind in ("rewrite", "independent"):
            other = tests / f"{stem}_{kind}.txt"
            if not other.exists():
                continue
            text = other.read_text(encoding="utf-8")
            led = source.split(". ")[0] + ". " + text  # test_meaning_once's pair
            for least in (0.05, 0.08):
                for name, t in (("", text), ("led-", led)):
                    _compare(
                        [TextInput("source", source), TextInput(kind, t)],
                        f"tests-{stem}-{name}{kind}-{least}",
                        min_containment=least,
                    )


def _led() -> None:
    """Copy a little, retell the rest: the source's first ``n`` sentences, then a rewrite."""
    sys.path.insert(0, str(HERE))
    import make_paraphrase as mp

    for lang, items in mp.load_all().items():
        for it in items:
            source = mp.source_text(it)
            parts = re.split(r"(?<=[.!?])\s+", source)
            for n in (1, 2):
                for kind in ("heavy", "medium"):
                    text = " ".join(parts[:n]) + " " + getattr(it, kind)
                    _compare(
                        [TextInput("source", source), TextInput(kind, text)],
                        f"led{n}-{lang}-{kind}",
                    )
        # a whole essay: every passage of the language, one copied sentence, the rest retold
        source = "\n\n".join(mp.source_text(it) for it in items)
        first = re.split(r"(?<=[.!?])\s+", source)[0]
        for kind in ("heavy", "medium", "light"):
            for lead in ("", first + " "):
                text = lead + "\n\n".join(getattr(it, kind) for it in items)
                _compare(
                    [TextInput("source", source), TextInput(kind, text)],
                    f"long-{lang}-{kind}-{'led' if lead else 'bare'}",
                )


def _phr() -> None:
    raw = (SHARED / "paraphraser-ru" / "paraphrases.xml").read_bytes().decode("utf-8")
    pairs = re.findall(
        r'<value name="text_1">(.*?)</value>\s*<value name="text_2">(.*?)</value>.*?'
        r'<value name="class">(-?\d)</value>',
        raw,
        re.S,
    )
    for t1, t2, cls in pairs:
        if cls in ("1", "0"):
            _compare([TextInput("t1", t1), TextInput("t2", t2)], f"phr-{cls}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set")
    parser.add_argument("arg", nargs="?")
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--no-gate", action="store_true", help="score every pair as check does")
    parser.add_argument("--against", type=Path, help="another run's rows: count the differences")
    args = parser.parse_args()
    if args.no_gate:
        global _compare_pair

        def ungated(a: Any, b: Any, options: Options) -> Any:
            return engine._pair_result(a, b, score.score_pair(a, b, options), options)

        _compare_pair = ungated
    engine.compare_pair = compare_pair
    paraphrase.Paraphrase.run = run  # type: ignore[method-assign]
    if _copies_under is not None:
        score.copies_under = copies_under
    score.retelling_shown = retelling_shown
    if args.set == "scale":
        _compare(sorted(Path(args.arg).glob("*.txt")), "scale")
    elif args.set == "cs":
        _compare(sorted((SHARED / "clough-stevenson" / "corpus-20090418").glob("*.txt")), "cs")
    elif args.set == "pan":
        _pan(args.arg)
    elif args.set == "para":
        _para()
    elif args.set == "led":
        _led()
    elif args.set == "phr":
        _phr()
    else:
        sys.exit(f"unknown set {args.set}")
    args.rows.write_text(json.dumps(rows), encoding="utf-8")
    print(f"{len(rows)} pairs scored, {sum(r['reported'] for r in rows)} reported")
    asked = [r for r in rows if r["shown"] is not None]
    print(f"gate asked {len(asked)}, skipped {sum(not r['shown'] for r in asked)}")
    if args.against:
        _against(json.loads(args.against.read_text(encoding="utf-8")))


def _against(before: list[dict[str, Any]]) -> None:
    """Print how many pairs differ from ``before`` (another run's rows) in the gate's answers,
    the report or the result's digest: the first few whose answers alone differ, and every
    pair whose result differs, with what it holds in each run (containment, covered words,
    paraphrase fragments, retold edits, kinds)."""
    answers = ("under", "shown")
    result = ("reported", "digest", "kinds")
    theirs, ours = _keyed(before), _keyed(rows)
    missing = sorted(set(theirs) ^ set(ours))
    differ = [
        key
        for key in ours
        if key in theirs and any(ours[key][f] != theirs[key][f] for f in answers + result)
    ]
    changed = [key for key in differ if any(ours[key][f] != theirs[key][f] for f in result)]
    print(
        f"against {len(before)} rows: {len(missing)} pairs in one run only, {len(differ)} differing"
        f" ({len(differ) - len(changed)} in the gate's answers only, {len(changed)} in the result)"
    )
    for key in missing[:5] + [k for k in differ if k not in changed][:5]:
        print(
            " ", key, {f: (ours.get(key, {}).get(f), theirs.get(key, {}).get(f)) for f in answers}
        )
    shown = ("reported", "containment", "words", "paraphrases", "retold", "kinds")
    for key in changed:
        print(" ", key, "(this run, the other):")
        print("   ", {f: (ours[key].get(f), theirs[key].get(f)) for f in answers + shown})


def _keyed(of: list[dict[str, Any]]) -> dict[tuple[str, str, str, int], dict[str, Any]]:
    """Rows by set, names and the how-manieth of that set and names (a set may compare two
    documents of the same names more than once, ``led``'s items)."""
    seen: dict[tuple[str, str, str], int] = {}
    out = {}
    for r in of:
        key = (r["set"], r["a"], r["b"])
        seen[key] = seen.get(key, -1) + 1
        out[(*key, seen[key])] = r
    return out


if __name__ == "__main__":
    main()
