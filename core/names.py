"""Names: a short copy that is only a name, or a list of names, is not a borrowing (issue 34),
a step of the pair stage (:class:`~copylens.core.signal.PairStep`, ``assembled``, after every
other step).

Two texts on one subject share its names: a company's full name ("Volvo Group and Volvo Car
Corporation"), an institution, a venue's line ("Orange County Convention Center (OCCC)
Orlando, Florida"), a list of ingredients in title case. The copy signal finds them as runs of
the source's words, but they say nothing about who wrote the text around them. A fragment is
such a name when it is a ``"copy"`` (not cited, not a summary or a paraphrase) of fewer than
:data:`NAME_WORDS` words (every word, stop words included), at least :data:`CAPITALISED` of
its words begin with a capital letter and under :data:`PROSE` of them are the language's stop
words (copied prose keeps its articles, prepositions and pronouns: a third to a half of its
words). Such a fragment is dropped, and the words only it covered on either side are no
longer covered.

Why not simply short fragments: dropping every piece of under a sentence cost 9 edited copied
sentences of ``bench/bench_own_text.py`` and two PAN-13 summaries; random obfuscation deletes
stop words too, so a short piece with none is often a real edited copy, but its words are not
mostly capitalised. Measured (PAN-13 development sample, 618 fragments of the engine before
this step): 21 fragments have under 25 % stop words and at least 60 % capitalised words, 14 of
them outside every case; the rule drops 14, 13 of them outside every case (both negative
pairs' fragments and 11 unannotated names in verbatim, random and summary pairs: a venue, a
laboratory, a police department) and one of five words inside a random case ("of Law
Library• College Librarian FSU"); the seven it keeps are long (dated lists of events, a fleet's
squadrons, 25 to 127 words) or under 75 % capitalised. docs/measurements.md, "Summaries".

What must hold: it only removes fragments (and their coverage), never adds or moves one; a
fragment of :data:`NAME_WORDS` words or more, or of another kind, is never touched.
"""

from __future__ import annotations

from copylens.core.arrays import words_marked
from copylens.core.canonicalize import word_spans
from copylens.core.options import Options
from copylens.core.prepare import Prepared
from copylens.core.report import Fragment
from copylens.core.resources import stop_words
from copylens.core.signal import Finding, PairStep

NAME_WORDS = 20
"""A name is shorter than this many words (the longest seen on PAN-13: a list of 16)."""
CAPITALISED = 0.75
"""Least share of a name's words that begin with a capital letter."""
PROSE = 0.25
"""A name has fewer than this share of stop words."""


class Names(PairStep):
    """The names step (module docstring): always on."""

    name = "names"
    covers = False  # takes covered words away with the names' fragments, never adds one

    def assembled(self, a: Prepared, b: Prepared, found: Finding, options: Options) -> Finding:
        return without_names(a, b, found)


def without_names(a: Prepared, b: Prepared, found: Finding) -> Finding:
    """``found`` without the fragments that are names (module docstring)."""
    stops = stop_words(a.canonical.language)
    kept = tuple(f for f in found.fragments if not is_name(a.text[f.start : f.end], f, stops))
    if len(kept) == len(found.fragments):
        return found
    return Finding(
        found.covered_a & words_marked(a.canonical.starts, [(f.start, f.end) for f in kept]),
        found.covered_b
        & words_marked(b.canonical.starts, [(f.source_start, f.source_end) for f in kept]),
        kept,
        found.sentences,
    )


def is_name(text: str, f: Fragment, stops: frozenset[str]) -> bool:
    """``f`` (its checked ``text``) is a copied name or list of names (module docstring)."""
    if f.kind != "copy" or f.cited:
        return False
    words = [text[s:e] for s, e in word_spans(text, most=NAME_WORDS)]  # more: not a name
    if not words or len(words) >= NAME_WORDS:
        return False
    capitalised = sum(w[0].isupper() for w in words)
    stop = sum(w.lower() in stops for w in words)
    return capitalised >= CAPITALISED * len(words) and stop < PROSE * len(words)


NAMES = Names()
