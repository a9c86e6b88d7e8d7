"""The source edges step (core/source_edges.py, issue 34): a copy's source side ends on
source words its checked side holds, not past a writer's own sentence that cut it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from copylens.core import Options, TextInput, check, signals
from copylens.core.extract import Extracted
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.report import Edit, Fragment
from copylens.core.score import score_pair
from copylens.core.sentence_align import Units
from copylens.core.source_edges import SOURCE_EDGES, trimmed

SOURCE = (
    "Harbour records were kept by the old customs office for many decades. "
    "Published in the atlas were maps of the states drawn from documents found in public "
    "offices and other original and authentic information, by Henry. "
    "Tanner the publisher lived in Philadelphia. "
    "The engraver worked in Philadelphia for most of his life."
)
# the atlas sentence copied up to "original", then a line of the writer's own that begins
# with the source's next two words, and one that seeds the source's next sentence
ESSAY = (
    "My grandmother collected old maps and kept them in a wooden chest. "
    "The atlas held maps of the states drawn from documents found in public offices and "
    "other original and\n"
    "Authentic information: Tanner, Henry Schenck\n"
    "Publisher Tanner lived, they say. "
    "She framed the best sheets and hung them in the hallway."
)


def _prepared(text: str) -> Prepared:
    return prepare_text(Extracted("x", text, "txt"), Options())


def test_source_side_ends_where_the_checked_side_was_cut_at_an_own_sentence() -> None:
    """The copy ends at "original" in the essay (the next line is the writer's own); its
    source side ended at "…authentic information, by Henry", three source words the essay's
    passage does not hold shown as deleted."""
    report = check([TextInput("essay", ESSAY)], [TextInput("source", SOURCE)], Options(workers=1))
    (match,) = report.documents[0].sources
    (f,) = match.fragments
    assert ESSAY[f.start : f.end].endswith("other original")
    assert SOURCE[f.source_start : f.source_end].endswith("and other original")
    assert not [e for e in f.edits if e.kind == "delete"]
    assert all(f.source_start <= e.source_start <= e.source_end <= f.source_end for e in f.edits)


def test_source_edges_is_the_pair_stage_last_step() -> None:
    assert signals.STEPS[-1] is SOURCE_EDGES


def _fragment(a: Prepared, b: Prepared, checked: str, source: str, edits: list[Edit]) -> Fragment:
    """A copy fragment of all of ``checked`` in ``a`` against all of ``source`` in ``b``."""
    start, source_start = a.text.index(checked), b.text.index(source)
    return Fragment(
        start=start,
        end=start + len(checked),
        source_start=source_start,
        source_end=source_start + len(source),
        words=len(checked.split()),
        exact_words=len(checked.split()),
        edits=tuple(edits),
    )


def _delete(b: Prepared, at: int, words: str) -> Edit:
    """Source ``words`` (in ``b``) missing from the checked side, at checked offset ``at``."""
    s = b.text.index(words)
    return Edit("delete", at, at, s, s + len(words))


def _trimmed(f: Fragment, a: Prepared, b: Prepared) -> Fragment:
    return trimmed(f, a.canonical, b.canonical, Units.of(b.canonical))


def test_an_edge_deletion_the_checked_side_holds_in_another_order_stays() -> None:
    """A shuffled copy's last source words, there earlier in the checked passage, are copied:
    the source side keeps them."""
    b = _prepared("Rivers carry mud to the coast. Floods renew the fields of farmers each spring.")
    a = _prepared("Each spring floods renew the fields, and rivers carry mud to the coast.")
    deleted = "Floods renew the fields of farmers each spring"
    f = _fragment(a, b, a.text[:-1], b.text[:-1], [_delete(b, len(a.text) - 1, deleted)])
    assert _trimmed(f, a, b) == f


def test_an_edge_deletion_of_words_the_checked_side_lacks_goes_at_either_end() -> None:
    """Source words at either end of a copy that its checked side does not hold, shown as
    deleted, are no longer inside its source side; the checked side stays as it is."""
    b = _prepared(
        "Old ledgers list every ship. Rivers carry mud to the coast where floods renew fields."
    )
    a = _prepared("My notes say rivers carry mud to the coast.")
    checked = "rivers carry mud to the coast"
    tail = _fragment(a, b, checked, "Rivers carry mud to the coast where floods renew fields", [])
    tail = replace(tail, edits=(_delete(b, tail.end, "floods renew fields"),))
    got = _trimmed(tail, a, b)
    assert b.text[got.source_start : got.source_end] == "Rivers carry mud to the coast"
    assert got == replace(tail, source_end=got.source_end, edits=())
    head = _fragment(a, b, checked, "ledgers list every ship. Rivers carry mud to the coast", [])
    head = replace(head, edits=(_delete(b, head.start, "ledgers list every ship"),))
    got = _trimmed(head, a, b)
    assert b.text[got.source_start : got.source_end] == "Rivers carry mud to the coast"
    assert got == replace(head, source_start=got.source_start, edits=())


def test_the_step_moves_only_a_copys_source_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """With and without the step, the pair's words covered on both sides and every fragment's
    checked span are the same; the source side only narrows."""
    a, b = _prepared(ESSAY), _prepared(SOURCE)
    with_step = score_pair(a, b, Options())
    monkeypatch.setattr(signals, "STEPS", signals.STEPS[:-1])
    without = score_pair(a, b, Options())
    assert np.array_equal(with_step.covered_a, without.covered_a)
    assert np.array_equal(with_step.covered_b, without.covered_b)
    assert len(with_step.fragments) == len(without.fragments) == 1
    (f,), (g,) = with_step.fragments, without.fragments
    assert (f.start, f.end, f.source_start) == (g.start, g.end, g.source_start)
    assert f.source_end < g.source_end
