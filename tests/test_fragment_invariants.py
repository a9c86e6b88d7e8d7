"""What holds of every fragment a check reports, and of the figures recounted from them, on
synthetic pairs with edits of every kind: sentences of a source copied as they are, edited
word by word (a word deleted, inserted, replaced, put in another form), retold in other words
(a "retold" edit inside a copy passage, issue 34), left out, or replaced by the writer's own.
bench/lab_fragment_invariants.py counts the same on the PAN-13 development pairs."""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from copylens.core import CheckReport, Options, TextInput, check
from copylens.core.exclusions import recount
from copylens.core.report import DocumentResult, Fragment

DATA = Path(__file__).resolve().parent / "data" / "paraphrase"
EN = Options(language="en", workers=1)


def _sentences(name: str) -> list[str]:
    text = (DATA / name).read_text("utf-8")
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


SOURCE = _sentences("en_source.txt")
RETOLD = _sentences("en_rewrite.txt")  # sentence by sentence the source's, in other words
OWN = [
    *_sentences("en_independent.txt"),
    "Nobody measured the lighthouse keeper's patience during that long stormy winter.",
    "Our school choir performed three cheerful songs at the village fair last spring.",
]
WORDS = ["really", "quite", "lantern", "orchard", "violin", "pebble", "mostly"]


def _edited(sentence: str, rng: random.Random) -> str:
    """The sentence with one to three word edits: deleted, inserted, replaced, another form."""
    words = sentence.split()
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(words) - 1)
        edit = rng.choice("dirf")
        if edit == "d" and len(words) > 4:
            del words[at]
        elif edit == "i":
            words.insert(at, rng.choice(WORDS))
        elif edit == "r":
            words[at] = rng.choice(WORDS)
        elif edit == "f" and words[at].isalpha() and not words[at].endswith("s"):
            words[at] += "s"
    return " ".join(words)


def _pair(seed: int) -> tuple[str, str]:
    """A checked text made from the source's sentences in order, each copied (twice as
    likely), edited, retold, left out or replaced by an own sentence; and the source."""
    rng = random.Random(seed)
    out = []
    for n, sentence in enumerate(SOURCE):
        what = rng.choice(["copy", "copy", "edit", "retold", "own", "drop"])
        if what == "copy":
            out.append(sentence)
        elif what == "edit":
            out.append(_edited(sentence, rng))
        elif what == "retold":
            out.append(RETOLD[n])
        elif what == "own":
            out.append(rng.choice(OWN))
    return " ".join(out), " ".join(SOURCE)


def _checked(seed: int) -> CheckReport:
    a, b = _pair(seed)
    half = " ".join(SOURCE[: len(SOURCE) // 2])  # a second source: shares, exclusive ones
    return check([TextInput("a", a)], [TextInput("b", b), TextInput("half", half)], EN)


def _edit_problems(f: Fragment) -> list[str]:
    problems = []
    for e in f.edits:
        if not f.start <= e.start <= e.end <= f.end:
            problems.append(f"{e} outside the fragment's [{f.start}, {f.end}]")
        if not f.source_start <= e.source_start <= e.source_end <= f.source_end:
            problems.append(f"{e} outside the source's [{f.source_start}, {f.source_end}]")
    if [e.start for e in f.edits] != sorted(e.start for e in f.edits):
        problems.append("edits not in order")
    wide = [e for e in f.edits if e.end > e.start]
    problems += [f"{x} overlaps {y}" for x, y in itertools.pairwise(wide) if x.end > y.start]
    for r in (e for e in f.edits if e.kind == "retold"):
        problems += [
            f"{e} lies over the retold {r}"
            for e in f.edits
            if e is not r and ((r.start < e.end and e.start < r.end) or r.start <= e.start < r.end)
        ]
    return problems


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
@example(1)  # a copy ends where source words were left out: a zero-width edit at its end
def test_every_edit_lies_inside_its_fragment(seed: int) -> None:
    """Every edit of every fragment lies within it on the checked side (``start <= e.start
    <= e.end <= end``, a zero-width one too) and within its source span; the edits are in
    order and do not overlap (zero-width ones aside); none lies over a retold span."""
    report = _checked(seed)
    for d in report.documents:
        for s in d.sources:
            for f in s.fragments:
                assert not _edit_problems(f), (_pair(seed), f)


def _figures(d: DocumentResult) -> tuple[object, ...]:
    return (
        round(d.uniqueness, 9),
        round(d.borrowed, 9),
        round(d.cited, 9),
        round(d.self_cited, 9),
        sorted(
            (
                s.key,
                round(s.containment, 9),
                round(s.cited, 9),
                round(s.exclusive, 9),
                s.matched_words,
            )
            for s in d.sources
        ),
    )


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_the_recount_with_nothing_hidden_is_the_engines(seed: int) -> None:
    """:func:`copylens.core.exclusions.recount` of every fragment gives the engine's figures:
    uniqueness, borrowed, cited, self-cited; per source containment, cited and exclusive
    shares and matched words (so hiding a fragment changes only what it covered)."""
    report = _checked(seed)
    for d in report.documents:
        if d.sources:  # a source sharing shingles and no fragment (PAN-13 has one) stays too
            alike = replace(d.sources[0], path="alike", fragments=(), matched_words=0)
            alike = replace(alike, containment=0.0, exclusive=0.0, cited=0.0)
            d = replace(d, sources=(*d.sources, alike))
        again = recount(d, [(s, s.fragments) for s in d.sources], report.texts[d.path], report)
        assert _figures(again) == _figures(d), _pair(seed)


def test_the_words_not_found_survive_the_json_round_trip() -> None:
    """``Fragment.uncovered`` (here an own sentence inside a copied passage, between a word
    edited away and one inserted) is in the JSON and parsed back, so a reopened report
    recounts as the engine counted; a report saved before it was kept (no ``"uncovered"``)
    reads None, and its recount leaves out the inserted words, as before."""
    report = _checked(6)
    text = report.texts["a"]
    marking = [
        f
        for s in report.documents[0].sources
        for f in s.fragments
        if any("school choir" in text[x:y] for x, y in f.uncovered or ())
    ]
    assert len(marking) == 1
    data = json.loads(json.dumps(report.to_data()))
    assert CheckReport.from_json(data).documents == report.documents
    for s in data["documents"][0]["sources"]:
        for fragment in s["fragments"]:
            del fragment["uncovered"]
    old = CheckReport.from_json(data).documents[0]
    assert all(f.uncovered is None for s in old.sources for f in s.fragments)
    assert [len(s.fragments) for s in old.sources] == [
        len(s.fragments) for s in report.documents[0].sources
    ]
