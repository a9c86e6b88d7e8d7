"""A document's meaning made once, in the read stage, and carried with it (issue 40).

``compare`` makes the paraphrase stage's view of each document's words (rows of word
vectors, weights, thesaurus numbers, sentences) while reading it, spills it with the
document and writes the vectors to a file of the reading process; the pair stage maps that
file and looks nothing up. What must hold: the stage sees exactly what it would have made
itself, bit for bit, and finds the same fragments.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

import numpy as np
import pytest

from copylens.core import Options, compare
from copylens.core import paraphrase as pp
from copylens.core.engine import compare_pair
from copylens.core.extract import Extracted
from copylens.core.meaning import _pcg64_states, _random_unit, _random_units, lexicon
from copylens.core.prepare import prepare_text, read_all
from copylens.core.spill import Spill

DATA = Path(__file__).parent / "data" / "paraphrase"


def _text(language: str, kind: str) -> str:
    return (DATA / f"{language}_{kind}.txt").read_text(encoding="utf-8")


def test_pcg64_states_are_numpys_own() -> None:
    rng = random.Random(1)
    seeds = [2**32, 2**32 + 1, 2**64 - 1, *(rng.randrange(2**32, 2**64) for _ in range(300))]
    states = _pcg64_states(np.array(seeds, dtype=np.uint64))
    for seed, (state, increment) in zip(seeds, states, strict=True):
        expected = np.random.PCG64(seed).state["state"]
        assert (state, increment) == (expected["state"], expected["inc"])


def test_random_vectors_made_at_once_are_bit_for_bit_those_made_one_by_one() -> None:
    rng = random.Random(2)
    letters = string.ascii_lowercase + "абвгдежзийклмнопрстуфхцчшщыэюя"
    forms = ["".join(rng.choices(letters, k=rng.randint(1, 12))) for _ in range(500)]
    for dimension in (256, 300):
        at_once = _random_units(forms, dimension)
        one_by_one = np.stack([_random_unit(form, dimension) for form in forms])
        assert np.array_equal(at_once.view(np.uint32), one_by_one.view(np.uint32))


def _carried_and_made(tmp_path: Path, language: str) -> tuple[pp.Meaning, pp.Meaning, int, int]:
    """The meaning of the language's rewrite as ``compare`` carries it (read in a worker,
    spilled, loaded back here) and as the stage makes it here; the rows this process's
    lexicon held before and after the carried one was made into the stage's view."""
    path = tmp_path / f"{language}.txt"
    path.write_text(_text(language, "rewrite"), encoding="utf-8")
    options = Options(workers=2)
    with Spill() as spill:
        (spilled,), failures = read_all([path], options, spill.prepare())  # in a worker
        loaded = spill.load(spilled, options)
        assert not failures and loaded.meaning is not None
        before = len(lexicon(language)._rows)
        carried = pp.meaning_of(loaded)
        after = len(lexicon(language)._rows)
        own = prepare_text(Extracted(str(path), loaded.text, "txt"), options)
        made = pp._meaning(own, lexicon(language))
        return carried, made, before, after


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_carried_meaning_is_the_stages_own_bit_for_bit(tmp_path: Path, language: str) -> None:
    carried, made, before, after = _carried_and_made(tmp_path, language)
    assert carried.vectors is not None and made.vectors is None
    assert after == before  # the pair stage looked up no word
    assert carried.bounds == made.bounds and carried.spans == made.spans
    assert carried.bounds and len(carried.rows) == len(made.rows)
    mine, theirs = carried.table[carried.rows], made.table[made.rows]
    assert np.array_equal(mine.view(np.uint32), theirs.view(np.uint32))
    assert np.array_equal(carried.weights, made.weights)
    assert (carried.synonyms is None) == (made.synonyms is None)
    if carried.synonyms is not None:
        assert np.array_equal(carried.synonyms, made.synonyms)
    assert carried.kept is not None and made.kept is not None
    assert np.array_equal(carried.kept.view(np.uint32), made.kept.view(np.uint32))


def test_a_language_whose_mean_vectors_take_synonyms_makes_its_meaning_where_compared() -> None:
    doc = prepare_text(Extracted("x", _text("uk", "rewrite"), "txt"), Options())
    assert pp.carried(doc, lambda lex: "unused") is None


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_compare_finds_what_the_stage_finds_on_documents_held_whole(
    tmp_path: Path, language: str
) -> None:
    """compare aligns pairs sharing text (here a copied sentence before a rewritten rest)."""
    source = _text(language, "source")
    texts = {
        "source": source,
        "rewrite": source.split(". ")[0] + ". " + _text(language, "rewrite"),
        "independent": _text(language, "independent"),
    }
    for kind, value in texts.items():
        (tmp_path / f"{kind}.txt").write_text(value, encoding="utf-8")
    options = Options(workers=2, min_containment=0.05)
    report = compare([tmp_path / f"{kind}.txt" for kind in texts], options)
    docs = {
        f"{kind}.txt": prepare_text(Extracted(kind, value, "txt"), options)
        for kind, value in texts.items()
    }
    assert any(f.kind == "paraphrase" for p in report.pairs for f in p.fragments)
    for pair in report.pairs:
        held = compare_pair(docs[Path(pair.a).name], docs[Path(pair.b).name], options)
        assert held is not None
        assert pair.fragments == held.fragments
        assert (pair.containment_ab, pair.containment_ba) == (
            held.containment_ab,
            held.containment_ba,
        )
