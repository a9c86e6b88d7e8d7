"""The pair stage's cheaper forms (issue 40) against the forms they replace: the same answers,
bit for bit, on generated inputs (core/sentence_align.py's seed clusters and passages, the
tf-isf norms; core/align.py's and core/copies.py's numpy calls)."""

from __future__ import annotations

import difflib
import random
from collections import Counter

import numpy as np
import pytest

from copylens.core import Options, sentence_align
from copylens.core.align import find_seeds
from copylens.core.extract import Extracted
from copylens.core.prepare import prepare_text
from copylens.core.sentence_align import (
    MAX_GAP,
    SUMMARY_GAP,
    SUMMARY_RATIO,
    Similarity,
    clusters,
    described,
    similarity,
)
from copylens.core.shingle import kgrams

Seed = tuple[int, int]


def _clusters_before(seeds: list[Seed], gap_a: int, gap_b: int) -> list[list[Seed]]:
    """clusters as it was: each split sorting its group on both sides."""

    def split(group: list[Seed], side: int, gap: int) -> list[list[Seed]]:
        ordered = sorted(group, key=lambda s: (s[side], s[1 - side]))
        parts = [[ordered[0]]]
        for s in ordered[1:]:
            if s[side] - parts[-1][-1][side] - 1 > gap:
                parts.append([s])
            else:
                parts[-1].append(s)
        return [sorted(p) for p in parts]

    todo = [sorted(seeds)]
    done: list[list[Seed]] = []
    while todo:
        group = todo.pop()
        parts = [q for p in split(group, 0, gap_a) for q in split(p, 1, gap_b)]
        if len(parts) == 1:
            done.append(parts[0])
        else:
            todo.extend(parts)
    return sorted(done)


def _random_seeds(rng: random.Random) -> list[Seed]:
    n = rng.randint(1, 40)
    spread_a, spread_b = rng.choice([5, 20, 80]), rng.choice([5, 20, 80, 200])
    return list({(rng.randrange(spread_a), rng.randrange(spread_b)) for _ in range(n)})


def test_clusters_are_those_sorting_both_sides() -> None:
    rng = random.Random(40)
    for _ in range(3000):
        seeds = _random_seeds(rng)
        for gap_a, gap_b in ((MAX_GAP, MAX_GAP), (MAX_GAP, SUMMARY_GAP), (0, 0), (2, 7)):
            assert clusters(seeds, gap_a, gap_b) == _clusters_before(seeds, gap_a, gap_b)


def _passages_before(sim: Similarity) -> list[tuple[tuple[int, int, int, int], list[Seed]]]:
    """_passages as it was: both clusterings always, every passage resolved."""

    def box(group: list[Seed]) -> tuple[int, int, int, int]:
        return (
            min(i for i, _ in group),
            max(i for i, _ in group) + 1,
            min(j for _, j in group),
            max(j for _, j in group) + 1,
        )

    seeds = sim.seeds
    if not seeds:
        return []
    out = [(box(g), g) for g in _clusters_before(seeds, MAX_GAP, MAX_GAP)]
    summary = []
    for group in _clusters_before(seeds, MAX_GAP, SUMMARY_GAP):
        b = box(group)
        words_a = int(sim.a.bounds[b[1]] - sim.a.bounds[b[0]])
        words_b = int(sim.b.bounds[b[3]] - sim.b.bounds[b[2]])
        if words_b >= SUMMARY_RATIO * words_a and len({j for _, j in group}) > 2:
            summary.append((b, group))
    found = out + summary
    sizes = Counter(len(g) for _, g in found)

    def order(p: tuple[tuple[int, int, int, int], list[Seed]]) -> tuple[int, float]:
        return -len(p[1]), -sim.cosine(*p[0]) if sizes[len(p[1])] > 1 else 0.0

    kept: list[tuple[tuple[int, int, int, int], list[Seed]]] = []
    for b, group in sorted(found, key=order):
        if all(b[1] <= k[0] or k[1] <= b[0] for k, _ in kept):
            kept.append((b, group))
    return sorted(kept)


TOPIC = [
    "river",
    "delta",
    "sediment",
    "coast",
    "farmers",
    "floods",
    "fields",
    "engineers",
    "levees",
    "channel",
    "towns",
    "water",
    "wetlands",
    "marshes",
    "coastline",
    "decade",
    "scientists",
    "diversions",
    "land",
    "region",
    "fertility",
    "summer",
]


def _text(rng: random.Random, sentences: int) -> str:
    return " ".join(
        " ".join(rng.choice(TOPIC) for _ in range(rng.randint(4, 12))).capitalize() + "."
        for _ in range(sentences)
    )


def test_passages_are_those_of_both_clusterings() -> None:
    """Pairs sharing topic words in many arrangements: seeds of one source unit, of two, of
    many, in one passage or several (the loose clustering skipped or not)."""
    rng = random.Random(34)
    kinds: Counter[str] = Counter()
    for _ in range(300):
        source = _text(rng, rng.randint(1, 30))
        sentences = source.split(". ")
        rng.shuffle(sentences)
        mine = ". ".join(sentences[: rng.randint(1, len(sentences))]) + " " + _text(rng, 3)
        a = prepare_text(Extracted("a", mine, "txt"), Options()).canonical
        b = prepare_text(Extracted("b", source, "txt"), Options()).canonical
        if not len(a) or not len(b):
            continue
        sim = similarity(a, b)
        assert sentence_align._passages(sim) == _passages_before(sim)
        kinds[f"{min(len({j for _, j in sim.seeds}), 3)} source units"] += 1
    assert kinds["3 source units"] and (kinds["1 source units"] or kinds["2 source units"])


@pytest.mark.parametrize("size", [1, 7, 64, 300])
def test_norms_are_linalg_norms(size: int) -> None:
    rng = np.random.default_rng(size)
    rows = (rng.random((5, size)) * rng.integers(0, 3, (5, size))).astype(np.float32)
    norms = np.sqrt(np.add.reduce(rows * rows, axis=1))
    assert norms.tobytes() == np.linalg.norm(rows, axis=1).tobytes()
    x, y = rows.sum(axis=0), rows[1]
    mine = sentence_align._cosine(x, y)
    norm = float(np.linalg.norm(x) * np.linalg.norm(y))
    assert mine == (float(x @ y) / norm if norm else 0.0)


def test_described_diffs_as_difflib() -> None:
    """described's opcodes (box_opcodes) are difflib's SequenceMatcher's."""
    rng = random.Random(5)
    for _ in range(50):
        x = [rng.choice(TOPIC) for _ in range(rng.randint(5, 60))]
        y = list(x)
        for _ in range(rng.randint(0, 8)):
            y[rng.randrange(len(y))] = rng.choice(TOPIC)
        text_a, text_b = " ".join(x) + ".", " ".join(y) + "."
        a = prepare_text(Extracted("a", text_a, "txt"), Options()).canonical
        b = prepare_text(Extracted("b", text_b, "txt"), Options()).canonical
        f = described(a, b, 0, len(a), 0, len(b), [])
        ops = difflib.SequenceMatcher(None, a.forms, b.forms, autojunk=False).get_opcodes()
        edits = [op for op in ops if op[0] != "equal"]
        assert f.matched == sum(op[2] - op[1] for op in ops if op[0] == "equal")
        assert len([e for e in f.edits if e.kind != "form"]) == len(edits)


def test_seeds_found_as_sorted_searches() -> None:
    """find_seeds (methods for numpy's functions) gives every pair of equal k-grams, in the
    order (i, j), below the repeat limit."""
    rng = np.random.default_rng(3)
    for _ in range(100):
        a = rng.integers(0, 12, rng.integers(3, 80)).astype(np.int64)
        b = rng.integers(0, 12, rng.integers(3, 80)).astype(np.int64)
        ka, kb = kgrams(a, 3), kgrams(b, 3)
        i, j = find_seeds(a, b, 3, 10**6)
        expected = [(x, y) for x in range(len(ka)) for y in range(len(kb)) if ka[x] == kb[y]]
        assert list(zip(i.tolist(), j.tolist(), strict=True)) == expected


@pytest.mark.parametrize("repeats", [1, 2, 10**6])
def test_seeds_filtered_as_sorted_whole(repeats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """find_seeds sorting only the source's k-grams the checked text's table lets through
    finds the seeds it finds sorting them all, the repeat limit's nearest occurrences too."""
    from copylens.core import align as align_module

    rng = np.random.default_rng(4)
    cases = []
    for _ in range(200):
        a = rng.integers(0, 6, rng.integers(3, 120)).astype(np.int64)
        b = rng.integers(0, 6, rng.integers(3, 120)).astype(np.int64)
        cases.append((a, b, find_seeds(a, b, 3, repeats)))
    monkeypatch.setattr(align_module, "FILTERED_GRAMS", 0)  # every k-gram sorted
    for a, b, (i, j) in cases:
        whole_i, whole_j = find_seeds(a, b, 3, repeats)
        assert i.tolist() == whole_i.tolist() and j.tolist() == whole_j.tolist()
        assert i.dtype == whole_i.dtype and j.dtype == whole_j.dtype


def test_one_sentence_fragments_are_held_as_sentences_held_finds() -> None:
    """own_sentences' shortcut for a fragment of one sentence (its anchor inside it) answers
    what Runs.sentences_held answers: held, so no own sentence."""
    from copylens.core import align as align_module

    rng = random.Random(12)
    options = Options()
    checked = 0
    for _ in range(150):
        source = _text(rng, rng.randint(2, 12))
        sentences = source.split(". ")
        copied = rng.choice(sentences)
        words = copied.split()
        if len(words) > 3:
            words[rng.randrange(len(words))] = rng.choice(TOPIC)
        mine = _text(rng, 2) + " " + " ".join(words) + ". " + _text(rng, 2)
        a = prepare_text(Extracted("a", mine, "txt"), options).canonical
        b = prepare_text(Extracted("b", source, "txt"), options).canonical
        k = options.seed_k
        seeds_i, seeds_j = find_seeds(a.hashes, b.hashes, k, options.max_seed_repeats)
        runs = align_module.Runs.of(seeds_i, seeds_j, k)
        for f in align_module.align(a, b, options):
            cuts = [0, *np.flatnonzero(np.diff(a.sentences[f.a0 : f.a1])).tolist(), f.a1 - f.a0]
            if len(cuts) != 2 or f.longest_run < options.anchor_words:
                continue
            bounds = np.array([f.a0, f.a1], dtype=np.int64)
            held = runs.sentences_held(f, bounds, len(b), k, options.anchor_words)
            assert held.all()
            checked += 1
    assert checked
