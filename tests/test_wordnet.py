"""The English WordNet relation (:mod:`copylens.core.wordnet`, issue 34): the MyThes parse of
the English thesaurus's format (labels after the word) on a hand-made sample, its compact
form read back, the shipped file, and a missing file meaning no relation."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from copylens.core import wordnet
from copylens.core.morphology import normalizer
from copylens.core.wordnet import Relation, compact, kept, parsed, related_forms

SAMPLE = "\n".join(
    [
        "UTF-8",
        "designing|2",
        "(noun)|design|plan|creating by mental acts (generic term)",
        "(adj)|scheming (similar term)|calculating (similar term)",
        "good|2",
        "(adj)|bang-up (similar term)|bad (antonym)",
        "(noun)|goodness|virtue|morality (generic term)|evil (antonym)",
        "trombone|1",
        "(noun)|sackbut|brass (generic term)|diam (related term)",
        "1|1",
        "(adj)|one|i|cardinal (similar term)",
        "",
    ]
).encode("utf-8")
STEM = normalizer("en")


def _same(x: Relation, y: Relation) -> None:
    assert x.ids == y.ids and x.words == y.words
    assert np.array_equal(x.starts, y.starts) and np.array_equal(x.targets, y.targets)


def test_labels_after_the_word_keep_synsets_similar_and_generic_terms() -> None:
    line = "(adj)|full|ample (similar term)|empty (antonym)|city (generic term)|diam (related term)"
    assert kept(line) == ["full", "ample", "city"]
    assert kept("(noun)|bill of exchange (generic term)|.22-calibre|twenty-two") == []


def test_the_relation_is_symmetric_and_keyed_by_the_engines_stems() -> None:
    rel = parsed(SAMPLE, STEM)
    assert STEM("designing") == "design"
    assert rel.of("design") == {"plan", STEM("scheming"), STEM("calculating")}
    assert "design" in rel.of("plan")  # both directions
    assert rel.of(STEM("trombone")) == {STEM("sackbut"), "brass"}  # a hypernym, no related term
    assert STEM("trombone") in rel.of("brass")
    # no antonym, no compound ("bang-up"), not itself ("goodness" stems to "good")
    assert rel.of("good") == {STEM("virtue"), STEM("morality")}
    assert rel.of("1") == frozenset() and rel.of("evil") == frozenset()


def test_related_forms_are_the_words_swapped_not_those_shared() -> None:
    rel = parsed(SAMPLE, STEM)
    assert related_forms(["brass", "section"], [STEM("trombone"), "section"], rel) == {"brass"}
    # a word the other side holds itself is shared, not swapped, on either side
    assert related_forms(["brass", "plan"], [STEM("trombone"), "brass"], rel) == set()
    assert related_forms(["brass"], ["bell"], rel) == set()


def test_the_compact_form_reads_back_equal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rel = parsed(SAMPLE, STEM)
    (tmp_path / wordnet.FILE).write_bytes(compact(rel))
    monkeypatch.setattr(wordnet, "path", lambda: tmp_path / wordnet.FILE)
    read = wordnet.relation.__wrapped__()
    assert read is not None
    _same(read, rel)


def test_a_missing_file_is_no_relation_and_nothing_is_related(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(wordnet, "path", lambda: tmp_path / "none.npz")
    assert wordnet.relation.__wrapped__() is None
    monkeypatch.setattr(wordnet, "relation", lambda: None)
    assert related_forms(["brass"], ["trombon"]) == set()


def test_the_shipped_relation_holds_the_obfuscations_swaps() -> None:
    """``resources/thesaurus/wordnet_en.npz`` (scripts/build_wordnet.py): WordNet's synonym
    (represent ~ correspond), its hypernym (trombone ~ brass), none for an unrelated pair."""
    rel = wordnet.relation()
    assert rel is not None and len(rel.ids) > 40_000
    assert STEM("correspond") in rel.of(STEM("represent"))
    assert "brass" in rel.of(STEM("trombone"))
    assert STEM("pages") not in rel.of(STEM("river"))
