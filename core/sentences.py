"""Sentences: character spans of a text's sentences, for the sentence methods (§4 A4, A5, A12).

What must hold: the spans are in order, do not overlap, lie inside the text and cover every
word of it (text between spans is only whitespace), so each canonical word belongs to exactly
one sentence.

Russian and Ukrainian go through razdel (Natasha project; rules for Cyrillic abbreviations,
initials and quotes, offline). Other languages go through NLTK's Punkt splitter with its
default parameters plus the curated abbreviation lists in ``resources/abbreviations`` (Punkt's
trained models would need ``nltk.download``, which cannot run here). Known limit of untrained
Punkt: a German ordinal ("am 3. Oktober") ends a sentence.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import razdel

from copylens.core.morphology import NLTK_IMPORT, without_scipy
from copylens.core.resources import resources_dir

_RAZDEL = frozenset({"ru", "uk", "be", "bg", "sr", "mk"})


def sentence_spans(text: str, language: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``text``, in order; whitespace-only text gives []."""
    if language in _RAZDEL:
        spans = [(s.start, s.stop) for s in razdel.sentenize(text)]
    else:
        spans = list(_punkt(language).span_tokenize(text))
    return [(a, b) for a, b in spans if text[a:b].strip()]


@cache
def _punkt(language: str) -> Any:
    """NLTK's Punkt for ``language``, imported on first use and without SciPy (nltk's import
    costs a second otherwise, at every start of the app), never while the Snowball stemmers
    load without nltk's package in another thread (``morphology.NLTK_IMPORT``)."""
    with NLTK_IMPORT, without_scipy():
        from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    parameters = PunktParameters()
    parameters.abbrev_types = set(_abbreviations(language))
    return PunktSentenceTokenizer(parameters)


def _abbreviations(language: str) -> frozenset[str]:
    path = resources_dir() / "abbreviations" / f"{language}.txt"
    if not path.is_file():
        path = resources_dir() / "abbreviations" / "en.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))
