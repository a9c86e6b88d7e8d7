"""The MyThes parse of the English thesaurus's format (OpenOffice's WordNet thesaurus,
``th_en_US_v2.dat``, labels after the word; issue 34), on a sample in that format: the file
itself is not shipped (docs/measurements.md, "An English thesaurus"), so ``thesaurus("en")``
is None; a missing file is None too."""

from __future__ import annotations

import pytest

from copylens.core import thesaurus as module
from copylens.core.morphology import normalizer
from copylens.core.thesaurus import _kept_trailing, parsed, thesaurus

SAMPLE = "\n".join(
    [
        "UTF-8",
        "designing|2",
        "(noun)|design|plan|creating by mental acts (generic term)",
        "(adj)|scheming (similar term)|calculating (similar term)",
        "good|2",
        "(adj)|bang-up (similar term)|great (similar term)|bad (antonym)",
        "(noun)|goodness|virtue|morality (generic term)|evil (antonym)",
        "assignment|1",
        "(noun)|duty assignment|duty (generic term)",
        "1|1",
        "(adj)|one|i|cardinal (similar term)",
        "",
    ]
).encode("utf-8")


def test_english_labels_after_the_word_are_read() -> None:
    line = "(adj)|full|ample (similar term)|empty (antonym)|city (generic term)|diam (related term)"
    assert [w for w, _ in _kept_trailing(line)] == ["full"]


def test_the_english_parse_keeps_synsets_keyed_by_the_engines_stems() -> None:
    th = parsed("en", SAMPLE)
    stem = normalizer("en")
    assert stem("designing") == "design"
    # synset members, stemmed as a document's words are: "designing" and "plan" meet
    assert th.synonyms(stem("designing")) == {stem("plan")}
    assert stem("designing") in th.synonyms(stem("plan"))
    assert th.synonyms(stem("good")) == {stem("virtue")}  # no antonym, no similar term
    assert th.synonyms(stem("assignment")) == frozenset()  # a generic term is left out
    assert th.id_of("1") == -1  # no word of digits


def test_english_has_no_thesaurus_shipped_and_a_missing_file_is_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert thesaurus("en") is None
    monkeypatch.setitem(module.FILES, "ru", "no_such_thesaurus.dat")
    assert module.thesaurus.__wrapped__("ru") is None
