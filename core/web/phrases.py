"""Phrases: the runs of a document's words worth sending to a web search (issue 19).

A web search costs money per query, so each query must be a run of words that a copy of the
document would share and an unrelated page would not: the rarest run in each of ``count``
equal stretches of the text, so the queries cover the whole document, not its most unusual
page.

What must hold (:func:`distinctive_phrases`):

- a phrase is ``words`` consecutive words of the text (the tokenizer's words, stop words
  included: a search engine matches the words as written), inside one sentence
  (:func:`copylens.core.canonicalize.sentence_ids`); its ``text`` is those words as written,
  joined by single spaces (punctuation and invisible characters left out), and
  ``doc.text[start:end]`` runs from its first word's first character to its last word's end;
- no word of a phrase is cited (``doc.cited``: quotations, block quotations, the
  bibliography) or ignored (``doc.ignored_words``: a template's, a common phrase's; a stop
  word between two such words counts as one of them), nor longer than
  :data:`MAX_WORD_CHARS`;
- rarity is the sum over the run's words of :func:`copylens.core.meaning.weight` (8 less the
  word's Zipf frequency in wordfreq, within [1, 6]: about -log10 of its frequency); stop
  words and numbers weigh nothing, so a run of numbers and stop words only is never chosen;
- the stretches are ``count`` equal shares of the document's canonical words (at most one
  phrase each, in text order); a document of fewer than ``count × words`` words gets one
  stretch per ``words`` words, one under ``words`` words none;
- the result depends only on the document: ties go to the earlier run;
- the work is bounded whatever the document's size: a stretch longer than
  :data:`WINDOW_WORDS` canonical words is searched in its middle :data:`WINDOW_WORDS` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from copylens.core.canonicalize import sentence_ids, word_spans
from copylens.core.meaning import weight
from copylens.core.prepare import Prepared, words_in
from copylens.core.resources import stop_words

MAX_WORD_CHARS = 40
"""A longer "word" (a hash, base64, an address's letters) is never part of a phrase: wordfreq
does not know it, so it would weigh the most, yet it is no query for a search engine."""
WINDOW_WORDS = 4000
"""Most canonical words of one stretch searched for its rarest run."""
_SCALE = 1000
"""Weights are summed in thousandths, as integers."""
_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\u2060\ufeff]")


@dataclass(frozen=True)
class Phrase:
    """A run of a document's words to search for."""

    text: str
    """The words as written in the document, joined by single spaces, no punctuation."""
    start: int
    """Offset of the first word in the document's text (``Prepared.text``)."""
    end: int
    """Offset just past the last word."""


@dataclass(frozen=True)
class _Window:
    """Every word of one stretch's searched part: spans in the document's text, and per word
    whether it may be part of a phrase, its weight and its sentence."""

    spans: list[tuple[int, int]]
    written: list[str]
    allowed: np.ndarray
    weights: np.ndarray
    sentences: np.ndarray


def distinctive_phrases(doc: Prepared, count: int, words: int = 8) -> list[Phrase]:
    """The document's ``count`` most distinctive runs of ``words`` words, spread over the text,
    in text order (see the module docstring for what holds)."""
    if count <= 0 or words <= 0:
        return []
    stretches = min(count, doc.canonical.words // words)
    kept = len(doc.canonical)
    if stretches <= 0 or kept == 0:
        return []
    excluded = _excluded_spans(doc)
    bounds = [kept * n // stretches for n in range(stretches + 1)]
    found = (
        _rarest(_window(doc, first, last, excluded), words) for first, last in pairwise(bounds)
    )
    return [phrase for phrase in found if phrase is not None]


def _excluded_spans(doc: Prepared) -> list[tuple[int, int]]:
    """Character spans of the runs of cited or ignored canonical words: every word inside one
    (a stop word between two such words too) is left out of the phrases."""
    flags = np.asarray(doc.cited, dtype=bool) | np.asarray(doc.ignored_words, dtype=bool)
    if not flags.any():
        return []
    edges = np.diff(np.concatenate(([0], flags.astype(np.int8), [0])))
    firsts = np.flatnonzero(edges == 1)
    lasts = np.flatnonzero(edges == -1) - 1
    starts, ends = doc.canonical.starts, doc.canonical.ends
    return [(int(starts[a]), int(ends[b])) for a, b in zip(firsts, lasts, strict=True)]


def _window(doc: Prepared, first: int, last: int, excluded: list[tuple[int, int]]) -> _Window:
    """The words of the stretch of canonical words [first, last): from the first's start to the
    next stretch's first word (the text's end for the last stretch), its middle
    :data:`WINDOW_WORDS` canonical words when longer."""
    if last - first > WINDOW_WORDS:
        first += (last - first - WINDOW_WORDS) // 2
        last = first + WINDOW_WORDS
    starts = doc.canonical.starts
    begin = int(starts[first])
    end = int(starts[last]) if last < len(starts) else len(doc.text)
    piece = doc.text[begin:end]
    local = word_spans(piece)
    spans = [(begin + a, begin + b) for a, b in local]
    at = np.fromiter((a for a, _ in spans), dtype=np.int64, count=len(spans))
    written = [doc.text[a:b] for a, b in spans]
    return _Window(
        spans=spans,
        written=written,
        allowed=~words_in(at, excluded) & (_lengths(written) <= MAX_WORD_CHARS),
        weights=_weights(written, doc.canonical.language),
        sentences=sentence_ids(piece, at - begin),
    )


def _lengths(written: list[str]) -> np.ndarray:
    return np.fromiter(map(len, written), dtype=np.int64, count=len(written))


def _weights(written: list[str], language: str) -> np.ndarray:
    """Each word's rarity: :func:`copylens.core.meaning.weight` of the word lower-cased, 0 for
    a stop word of the document's language or a number; in integer units of 1/:data:`_SCALE`
    (sums of equal runs are then equal wherever they lie: ties go to the earlier run)."""
    stops = stop_words(language)
    values = np.zeros(len(written), dtype=np.int64)
    for n, word in enumerate(written):
        lowered = _clean(word).lower().replace("’", "'")
        if lowered.isdigit() or lowered.replace("ё", "е") in stops:
            continue
        values[n] = round(weight(lowered, language) * _SCALE)
    return values


def _rarest(window: _Window, words: int) -> Phrase | None:
    """The run of ``words`` allowed words of one sentence with the highest total weight (above
    zero), the earliest of equals; None when the window has no such run."""
    size = len(window.spans)
    if size < words:
        return None
    blocked = np.concatenate(([0], np.cumsum(~window.allowed)))
    total = np.concatenate(([0], np.cumsum(window.weights)))
    firsts = np.arange(size - words + 1)
    lasts = firsts + words - 1
    valid = (
        (blocked[lasts + 1] == blocked[firsts])
        & (window.sentences[firsts] == window.sentences[lasts])
        & (total[lasts + 1] - total[firsts] > 0)
    )
    if not valid.any():
        return None
    scores = np.where(valid, total[lasts + 1] - total[firsts], -1)
    best = int(np.argmax(scores))
    run = range(best, best + words)
    return Phrase(
        text=" ".join(_clean(window.written[n]) for n in run),
        start=window.spans[best][0],
        end=window.spans[best + words - 1][1],
    )


def _clean(word: str) -> str:
    """The word as written without invisible characters (soft hyphens, zero-width ones)."""
    return _INVISIBLE.sub("", word)
