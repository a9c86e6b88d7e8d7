"""The sentence step's shortcuts (issue 40) against the unshortened path: each shortcut of
core/sentence_align.py that skips work it proves useless gives what the full computation
gives. The references below are the functions as they were before the shortcuts, run on
generated pairs of edited copies (words reversed or shuffled, lines gathered, sentences
copied whole, the writer's own sentences, hard-wrapped or not), directly and as the whole
pair stage."""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from copylens.core import Options
from copylens.core import passages as passages_step
from copylens.core import sentence_align as sa
from copylens.core.canonicalize import Canonical
from copylens.core.extract import Extracted
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.report import Fragment
from copylens.core.score import score_pair

SOURCE = [
    "The river delta formed over thousands of years as sediment settled near the coast.",
    "Farmers in the region depend on seasonal floods to renew the fertility of their fields.",
    "Engineers built levees along the main channel to protect the growing towns from water.",
    "These levees also stopped fresh sediment from reaching the wetlands behind them.",
    "As a result the marshes began to sink and the coastline retreated inland each decade.",
    "Scientists now propose controlled diversions that let muddy water flow into the marshes.",
    "Such diversions could rebuild land while keeping the towns safe from sudden floods.",
    "Critics worry that the diversions would lower the salt in bays where oysters grow.",
    "Fishing families fear that their harvests would move farther out into the open gulf.",
    "Planners answer that a sinking coast would end those harvests sooner than any change.",
]
OWN = [
    "I visited a small river town last summer and liked the quiet evenings by the water.",
    "My grandmother kept a garden of tomatoes and beans behind her narrow wooden house.",
    "Our teacher asked each of us to write two pages about a place we know well.",
    "When it rains for a week the roads near my school turn into slow brown streams.",
    "Many people I spoke with had never heard of the plans for the marshes at all.",
]


def _edited(sentence: str, rng: random.Random, how: str) -> str:
    words = sentence.rstrip(".").split()
    if how == "reversed":
        words = words[::-1]
    elif how == "shuffled":
        rng.shuffle(words)
    elif how == "cut":
        words = [w for w in words if rng.random() < 0.6]
    return " ".join(words).capitalize() + "."


def _essay(rng: random.Random) -> str:
    """A generated essay against the whole SOURCE: runs of source sentences edited or copied
    whole, lines gathering the words of several source sentences, the writer's own."""
    out: list[str] = []
    at = rng.randrange(len(SOURCE))
    for _ in range(rng.randint(3, 9)):
        kind = rng.choice(["copied", "reversed", "shuffled", "cut", "own", "gathered", "jump"])
        if kind == "own":
            out.append(rng.choice(OWN))
            continue
        if kind == "jump":
            at = rng.randrange(len(SOURCE))
            continue
        if kind == "gathered":
            parts = SOURCE[at : at + rng.randint(3, 5)]
            words = [w for s in parts for w in s.rstrip(".").split() if rng.random() < 0.7]
            out.append(" ".join(words).capitalize() + ".")
        else:
            sentence = SOURCE[at % len(SOURCE)]
            out.append(sentence if kind == "copied" else _edited(sentence, rng, kind))
        at = (at + 1) % len(SOURCE)
    text = " ".join(out)
    if rng.random() < 0.4:
        text = "\n".join(textwrap.wrap(text, rng.choice([40, 60, 80])))
    return text


def _prepared(text: str) -> Prepared:
    return prepare_text(Extracted("x", text, "txt"), Options())


def _pairs(count: int) -> list[tuple[Prepared, Prepared]]:
    rng = random.Random(40)
    source = " ".join(SOURCE)
    wrapped = "\n".join(textwrap.wrap(source, 60))
    return [
        (_prepared(_essay(rng)), _prepared(wrapped if n % 3 == 0 else source)) for n in range(count)
    ]


PAIRS = _pairs(60)


# -- the unshortened path: the functions as they were before issue 40's shortcuts ----------


def _alone_reference(
    sim: sa.Similarity,
    taken: Sequence[tuple[int, int, int, int]],
    ends: Callable[[int], int] | None = None,
    sentences: sa.WholeSentences | None = None,
) -> list[sa.Edited]:
    found: list[sa.Edited] = []
    used = np.zeros(len(sim.a), dtype=bool)
    near: dict[int, tuple[int, int]] = {}
    for t0, t1, s0, s1 in taken:
        if t1 <= t0:
            continue
        units = range(sim.a.of_word(t0), sim.a.of_word(t1 - 1) + 1)
        used[units.start : units.stop] = True
        if s1 > s0:
            j0, j1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1) + 1
            for u in units:
                lo, hi = near.get(u, (j0, j1))
                near[u] = (min(lo, j0), max(hi, j1))
    for box, group in sa.passages(sim):
        if len(group) < sa.MIN_SEEDS or sim.cosine(*box) < sa.VALIDATION:
            continue
        seeded = set(group)
        free = [
            s
            for s in group
            if not used[s[0]]
            and not sa._verbatim_in(sim, seeded, s)
            and sa._whole(sim, sentences, s)
        ]
        for run, sources in sa._runs(sim, free, near, ends, sa.credible(box, group, sim)):
            a0, a1 = int(sim.a.bounds[run[0]]), int(sim.a.bounds[run[-1] + 1])
            j0, j1 = min(sources), max(sources) + 1
            b0, b1 = int(sim.b.bounds[j0]), int(sim.b.bounds[j1])
            found.append(sa.Edited(a0, a1, b0, b1, sim.cosine(run[0], run[-1] + 1, j0, j1)))
    found += _gathered_reference(sim, used, found)
    words = [(t0, t1, s0, s1) for t0, t1, s0, s1 in taken if t1 > t0 and s1 > s0]
    words += [(e.a0, e.a1, e.b0, e.b1) for e in found]
    pieces = [
        (sim.a.of_word(t0), sim.a.of_word(t1 - 1) + 1, sim.b.of_word(s0), sim.b.of_word(s1 - 1) + 1)
        for t0, t1, s0, s1 in words
    ]
    for u0, u1, j0, j1 in sa._extended(sim, pieces):
        a0, a1 = int(sim.a.bounds[u0]), int(sim.a.bounds[u1])
        a0 = min([a0, *(t1 for _, t1, _, _ in words if int(sim.a.bounds[u0 - 1]) < t1 <= a0)])
        after = int(sim.a.bounds[min(u1 + 1, len(sim.a))])
        a1 = max([a1, *(t0 for t0, _, _, _ in words if a1 <= t0 < after)])
        b0, b1 = int(sim.b.bounds[j0]), int(sim.b.bounds[j1])
        found.append(sa.Edited(a0, a1, b0, b1, sim.cosine(u0, u1, j0, j1)))
    return found


def _gathered_reference(
    sim: sa.Similarity, used: np.ndarray, found: Sequence[sa.Edited]
) -> list[sa.Edited]:
    reported = np.zeros(len(sim.a), dtype=bool)
    for e in found:
        reported[sim.a.of_word(e.a0) : sim.a.of_word(e.a1 - 1) + 1] = True
    out = []
    for i in np.flatnonzero(sim.size_a >= sa.GATHERED_WORDS).tolist():
        if used[i] or reported[i]:
            continue
        run = sim.gathers(i)
        if run is None:
            continue
        j0, j1 = run
        a0, a1 = int(sim.a.bounds[i]), int(sim.a.bounds[i + 1])
        b0, b1 = int(sim.b.bounds[j0]), int(sim.b.bounds[j1])
        out.append(sa.Edited(a0, a1, b0, b1, sim.cosine(i, i + 1, j0, j1)))
    return out


def _gathering_reference(sim: sa.Similarity, units: np.ndarray) -> list[int]:
    """gathers' own test of a start, unit by unit (np.convolve)."""
    out = []
    for i in units.tolist():
        row = sim.shared[i]
        ahead = np.convolve(row, np.ones(sa.GATHERED_UNITS, dtype=row.dtype))[
            sa.GATHERED_UNITS - 1 :
        ]
        if ((row >= 2) & (ahead >= sa.GATHERED_WORDS)).any():
            out.append(i)
    return out


def _sentence_rest_reference(
    others: Sequence[Fragment],
    a: Canonical,
    b: Canonical,
    sim: sa.Similarity,
    words: tuple[int, int],
    source: tuple[int, int],
    chars: tuple[int, int],
    seeded: bool,
) -> tuple[int, int]:
    g0, g1 = words
    s0, s1 = source
    start, end = chars
    mine = slice(sim.a.of_word(g0), sim.a.of_word(g1 - 1) + 1)
    for t, w, step in ((sim.b.of_word(s0), s0, -1), (sim.b.of_word(s1 - 1), s1 - 1, 1)):
        if sa._free_source_unit(sim, b, t, others) is None:
            continue
        hit = (sim.cos[mine, t] >= sa.SEED_COS) & (sim.dice[mine, t] >= sa.SEED_DICE)
        lo, hi = int(sim.b.bounds[t]), int(sim.b.bounds[t + 1])
        rest = sa._rest_words(b, w, step, lo, hi)
        told = sa._rest_words(a, g0 if step == -1 else g1 - 1, step, 0, len(a.sentences))
        if (seeded and not hit.any()) or not 1 <= told <= rest <= 2 * told:
            continue
        if step == -1:
            start = min(start, int(b.starts[w - rest]))
        else:
            end = max(end, int(b.ends[w + rest]))
    return start, end


def _drawn_source_reference(
    others: Sequence[Fragment],
    b: Canonical,
    sim: sa.Similarity,
    words: tuple[int, int],
    chars: tuple[int, int],
    held: tuple[int, int],
) -> tuple[int, int]:
    g0, g1 = words
    start, end = chars
    t0, t1 = held
    left = Counter(sim.words_a[g0:g1].tolist())
    left.subtract(sim.words_b[int(sim.b.bounds[t0]) : int(sim.b.bounds[t1 + 1])].tolist())

    def drawn(t: int) -> bool:
        codes = set(sim.words_b[int(sim.b.bounds[t]) : int(sim.b.bounds[t + 1])].tolist())
        hit = sum(left[c] > 0 for c in codes)
        if hit < sa.DRAWN_WORDS or hit < sa.DRAWN_SHARE * len(codes):
            return False
        left.subtract(codes)
        return True

    def reach(t: int, step: int) -> tuple[int, tuple[int, int]] | None:
        for k in range(sa.DRAWN_SKIP + 1):
            u = t + step * k
            if (chars := sa._free_source_unit(sim, b, u, others)) is None:
                return None
            if drawn(u):
                return u, chars
        return None

    while (got := reach(t0 - 1, -1)) is not None:
        t0, start = got[0], min(start, got[1][0])
    while (got := reach(t1 + 1, 1)) is not None:
        t1, end = got[0], max(end, got[1][1])
    return start, end


def _whole_source_reference(
    f: Fragment, others: Sequence[Fragment], a: Canonical, b: Canonical, sim: sa.Similarity
) -> Fragment:
    g0, g1 = sa.word_range(a, f.start, f.end)
    s0, s1 = sa.word_range(b, f.source_start, f.source_end)
    if g1 <= g0 or s1 <= s0 or not len(sim.b):
        return f
    mine = slice(sim.a.of_word(g0), sim.a.of_word(g1 - 1) + 1)
    best = sim.cos[mine].argmax(axis=1)

    def seeded(t: int, as_best: bool) -> tuple[int, int] | None:
        if not 0 <= t < len(sim.b):
            return None
        hit = (sim.cos[mine, t] >= sa.SEED_COS) & (sim.dice[mine, t] >= sa.SEED_DICE)
        if as_best:
            hit &= best == t
        d0 = int(b.starts[int(sim.b.bounds[t])])
        d1 = int(b.ends[int(sim.b.bounds[t + 1]) - 1])
        if not hit.any() or any(o.source_start < d1 and d0 < o.source_end for o in others):
            return None
        return d0, d1

    start, end = f.source_start, f.source_end
    t0, t1 = sim.b.of_word(s0), sim.b.of_word(s1 - 1)
    exact = f.kind == "copy" and f.exact_words >= sa.EDGE_EXACT * f.words
    start, end = _sentence_rest_reference(
        others, a, b, sim, (g0, g1), (s0, s1), (start, end), exact
    )
    if exact:
        return replace(f, source_start=start, source_end=end)
    if (first := seeded(t0, False)) is not None:
        start = min(start, first[0])
        while (more := seeded(t0 - 1, True)) is not None:
            start, t0 = more[0], t0 - 1
    if (last := seeded(t1, False)) is not None:
        end = max(end, last[1])
        while (more := seeded(t1 + 1, True)) is not None:
            end, t1 = more[1], t1 + 1
    start, end = _drawn_source_reference(others, b, sim, (g0, g1), (start, end), (t0, t1))
    if (start, end) == (f.source_start, f.source_end):
        return f
    return replace(f, source_start=start, source_end=end)


# -- the tests ------------------------------------------------------------------------------


def _equal(x: Any, y: Any) -> bool:
    if isinstance(x, np.ndarray):
        return isinstance(y, np.ndarray) and x.dtype == y.dtype and np.array_equal(x, y)
    if isinstance(x, list | tuple):
        return len(x) == len(y) and all(_equal(p, q) for p, q in zip(x, y, strict=True))
    if hasattr(x, "__dataclass_fields__"):
        return type(x) is type(y) and all(
            _equal(getattr(x, f), getattr(y, f)) for f in x.__dataclass_fields__
        )
    return bool(x == y)


def _taken(a: Prepared, b: Prepared, rng: random.Random) -> list[tuple[int, int, int, int]]:
    """The pair's fragments' word ranges (as the sentence step gives alone), and a random
    subset of them with a made-up range or two."""
    found = score_pair(a, b, Options(workers=1)).fragments
    ca, cb = a.canonical, b.canonical
    taken = [
        (*sa.word_range(ca, f.start, f.end), *sa.word_range(cb, f.source_start, f.source_end))
        for f in found
    ]
    for _ in range(rng.randint(0, 2)):
        t0, s0 = rng.randrange(len(ca)), rng.randrange(len(cb))
        taken.append((t0, t0 + rng.randint(0, 30), s0, s0 + rng.randint(0, 30)))
    return [t for t in taken if rng.random() < 0.8]


def test_generated_pairs_exercise_the_paths_the_shortcuts_skip() -> None:
    """The generated pairs reach what the shortcuts guard: runs of alone, gathered lines,
    edited fragments whose source side is drawn and widened (else the comparisons below
    would hold of nothing)."""
    runs = gathered = edited = 0
    for a, b in PAIRS:
        sentences = sa.pair_sentences(a.canonical, b.canonical, (a.text, b.text))
        assert sentences.similarity is not None
        sim = sentences.similarity
        found = sa.alone(sim, [], None, sentences.whole)
        runs += len(found)
        gathered += len(sa._gathering(sim, np.arange(len(sim.a))))
        fragments = score_pair(a, b, Options(workers=1)).fragments
        edited += sum(f.kind == "paraphrase" or f.exact_words < f.words for f in fragments)
    assert runs >= 20 and gathered >= 5 and edited >= 20


@pytest.mark.parametrize("cells", [sa.GATHERING_CELLS, 7, 1])
def test_gathering_is_gathers_own_test_unit_by_unit(
    cells: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """_gathering (running sums over many units at once, in blocks of GATHERING_CELLS cells)
    picks exactly the units whose row gathers tries a start in (np.convolve unit by unit)."""
    monkeypatch.setattr(sa, "GATHERING_CELLS", cells)
    for a, b in PAIRS:
        sim = sa.similarity(a.canonical, b.canonical)
        every = np.arange(len(sim.a))
        assert sa._gathering(sim, every) == _gathering_reference(sim, every)
        some = every[::2]
        assert sa._gathering(sim, some) == _gathering_reference(sim, some)


def test_alone_gives_what_the_unshortened_alone_gives() -> None:
    """alone (passages without a free seed passed before their cosines, near found only for a
    free seed, gathered lines by _gathering) against the function as it was, on the pairs'
    own fragments and random subsets of them, whole sentences and sentence ends given."""
    rng = random.Random(1)
    for a, b in PAIRS:
        sentences = sa.pair_sentences(a.canonical, b.canonical, (a.text, b.text))
        sim = sentences.similarity
        assert sim is not None
        ends = passages_step._ends(a.text, a.canonical, sim.a)
        for _ in range(3):
            taken = _taken(a, b, rng)
            for whole in (None, sentences.whole):
                for given in (None, ends):
                    got = sa.alone(sim, taken, given, whole)
                    assert got == _alone_reference(sim, taken, given, whole)


def test_source_side_widening_gives_what_the_unshortened_one_gives() -> None:
    """_whole_source (with _sentence_rest asking the checked sentence's rest first and
    _drawn_source counting in arrays) against the functions as they were, for every fragment
    of every pair, copies and paraphrases, with the other fragments and without."""
    compared = 0
    for a, b in PAIRS:
        ca, cb = a.canonical, b.canonical
        sim = sa.similarity(ca, cb)
        fragments = score_pair(a, b, Options(workers=1)).fragments
        for n, f in enumerate(fragments):
            others = [x for k, x in enumerate(fragments) if k != n]
            for kind in ("copy", "paraphrase"):
                g = replace(f, kind=kind)
                for around in (others, []):
                    got = sa._whole_source(g, around, ca, cb, sim)
                    assert got == _whole_source_reference(g, around, ca, cb, sim)
                    compared += 1
    assert compared >= 100


def test_the_pair_stage_gives_what_it_gave_unshortened(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole pair stage ("Find rewrites" on and off) gives the same score, fragment for
    fragment, with the shortcuts and with the unshortened functions put in their place."""
    options = [Options(workers=1), Options(workers=1, paraphrase=False)]
    shortened = [score_pair(a, b, o) for a, b in PAIRS for o in options]
    monkeypatch.setattr(passages_step, "alone", _alone_reference)
    monkeypatch.setattr(sa, "_whole_source", _whole_source_reference)
    unshortened = [score_pair(a, b, o) for a, b in PAIRS for o in options]
    assert any(s.fragments for s in shortened)
    for x, y in zip(shortened, unshortened, strict=True):
        assert _equal(x, y)


def test_source_rest_and_drawn_units_give_what_the_unshortened_ones_give() -> None:
    """_sentence_rest and _drawn_source against the functions as they were, on random word
    ranges of each pair (so the checked sentence goes on by none, one or more words, and
    source units are drawn one after another), with the pair's fragments as others and
    without."""
    rng = random.Random(2)
    widened = drawn = 0
    for a, b in PAIRS:
        ca, cb = a.canonical, b.canonical
        sim = sa.similarity(ca, cb)
        fragments = list(score_pair(a, b, Options(workers=1)).fragments)
        for _ in range(40):
            g0 = rng.randrange(len(ca))
            g1 = min(g0 + rng.randint(1, 40), len(ca))
            s0 = rng.randrange(len(cb))
            s1 = min(s0 + rng.randint(1, 40), len(cb))
            chars = (int(cb.starts[s0]), int(cb.ends[s1 - 1]))
            held = (sim.b.of_word(s0), sim.b.of_word(s1 - 1))
            for others in (fragments, []):
                for seeded in (False, True):
                    args = (others, ca, cb, sim, (g0, g1), (s0, s1), chars, seeded)
                    got = sa._sentence_rest(*args)
                    assert got == _sentence_rest_reference(*args)
                    widened += got != chars
                got = sa._drawn_source(others, cb, sim, (g0, g1), chars, held)
                assert got == _drawn_source_reference(others, cb, sim, (g0, g1), chars, held)
                drawn += got != chars
    assert widened >= 50 and drawn >= 50
