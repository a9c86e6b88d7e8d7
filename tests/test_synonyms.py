"""The English thesaurus (``th_en_US_v2.dat``, WordNet's synonyms, keyed by the engine's
Snowball stems) and the sentence signal's synonym-aware unit similarity
(:mod:`copylens.core.synonyms`, issue 34): a sentence whose content words were swapped for
synonyms seeds; a writer's own sentence on the same topic does not."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.core import Options, synonyms
from copylens.core import thesaurus as module
from copylens.core.extract import Extracted
from copylens.core.morphology import normalizer
from copylens.core.prepare import prepare_text
from copylens.core.sentence_align import SEED_COS, SEED_DICE, similarity
from copylens.core.thesaurus import _kept_trailing, thesaurus

SOURCE = (
    "Our village organised a big festival to celebrate the harvest last autumn. "
    "The mayor gave a short speech and the children sang traditional songs. "
    "Everyone agreed that the weather was perfect for the occasion."
)
# the first two sentences with their content words swapped for WordNet synonyms (PAN-13's
# random obfuscation), the third as it was
SWAPPED = (
    "Our hamlet arranged a large fete to observe the crop last fall. "
    "The mayor gave a brief address and the kids sang traditional songs. "
    "Everyone agreed that the weather was perfect for the occasion."
)
OWN = (
    "I went to the harvest festival in my village and helped the children with their songs. "
    "The mayor talked for a while. I liked the weather."
)


def _canonical(text: str):  # type: ignore[no-untyped-def]
    return prepare_text(Extracted("x", text, "txt"), Options()).canonical


def test_the_english_thesaurus_meets_the_engines_stems() -> None:
    en = thesaurus("en")
    assert en is not None
    stem = normalizer("en")
    assert stem("designing") == "design"
    assert stem("plan") in en.synonyms(stem("designing"))
    assert stem("village") in en.synonyms(stem("hamlet"))
    # an antonym and a generic term (hypernym) are left out
    assert stem("bad") not in en.synonyms(stem("good"))
    assert stem("duty") not in en.synonyms(stem("assignment"))


def test_english_labels_after_the_word_are_read() -> None:
    line = "(adj)|full|ample (similar term)|empty (antonym)|city (generic term)|diam (related term)"
    assert [w for w, _ in _kept_trailing(line)] == ["full"]


def test_a_synonym_swapped_english_sentence_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = _canonical(SWAPPED), _canonical(SOURCE)
    sim = similarity(a, b)
    assert (0, 0) in sim.seeds and (1, 1) in sim.seeds
    assert sim.synonyms is not None
    cos, dice = sim.synonyms.both
    assert cos[0, 0] >= SEED_COS and dice[0, 0] >= SEED_DICE
    assert cos.max() <= 1.0 and dice.max() <= 1.0  # a word counts once
    assert sim.cos[0, 0] < SEED_COS  # every other test reads the words as written
    # without the synonyms the first sentence keeps one word of eight and does not seed
    monkeypatch.setattr(synonyms, "LANGUAGES", frozenset())
    plain = similarity(a, b)
    assert (0, 0) not in plain.seeds
    assert plain.cos[0, 0] < SEED_COS


def test_an_own_sentence_on_the_same_topic_does_not_seed() -> None:
    sim = similarity(_canonical(OWN), _canonical(SOURCE))
    assert sim.seeds == []
    assert float(sim.cos.max()) < SEED_COS


def test_a_word_both_texts_use_is_not_counted_again() -> None:
    """A pair counts only where neither unit has the other's word: the same sentence as
    the source's holds all its words already, its cosine stays 1."""
    a = b = _canonical(SOURCE)
    sim = similarity(a, b)
    cos, dice = (sim.cos, sim.dice) if sim.synonyms is None else sim.synonyms.both
    assert np.allclose(np.diag(cos), 1.0, atol=1e-5)
    assert np.allclose(np.diag(dice), 1.0, atol=1e-5)


def test_a_language_without_synonyms_counts_none() -> None:
    ru = "Деревня устроила большой праздник урожая прошлой осенью."
    sim = similarity(_canonical(ru), _canonical(ru))
    assert sim.synonyms is None


def test_a_missing_thesaurus_file_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(module.FILES, "en", "no_such_thesaurus.dat")
    assert module.thesaurus.__wrapped__("en") is None
    assert module.thesaurus.__wrapped__("xx") is None
