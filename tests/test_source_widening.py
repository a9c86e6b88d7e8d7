"""The source side widened after every step (core/source_edges.py ``widened``, issue 34): an
edited fragment's source side goes on over the rest of its source edge sentence and the
source sentences past it that the checked text past the fragment retells, and every
fragment's over the stop words and punctuation to its source sentence's edges; the checked
side never moves. Hand-made texts only."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from copylens.core import Options, signals
from copylens.core.extract import Extracted
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.report import Fragment
from copylens.core.score import score_pair
from copylens.core.sentence_align import pair_sentences
from copylens.core.source_edges import (
    SUMMARY_CONDENSED,
    SUMMARY_SHAPE,
    SUMMARY_SPAN,
    SUMMARY_WHOLE,
    widened,
)

SOURCE = (
    "Glaciers carve deep valleys into the northern mountains. "
    "Meltwater feeds the rivers that water the plains below. "
    "Farmers plant barley along the fertile riverbanks every spring. "
    "Millers grind the harvested barley into coarse flour. "
    "Traders carry the flour to coastal markets by cart."
)
RETOLD = (
    "Glaciers cut deep valleys in the northern mountain range. "
    "Meltwater supplies rivers watering the plains. "
)
# the next two sentences retell the source's third and fourth loosely; then the writer's own
GOES_ON = (
    "Barley is sown by farmers on riverbanks in spring. "
    "The harvested grain goes to millers for flour. "
    "My cousin once visited a lighthouse on a windy island."
)
OWN = (
    "My cousin once visited a lighthouse on a windy island. "
    "Her dog chased seagulls along the wet sand all afternoon."
)


def _prepared(text: str) -> Prepared:
    return prepare_text(Extracted("x", text, "txt"), Options(language="en"))


def _fragment(
    a: Prepared, b: Prepared, checked: str, source: str, *, kind: str = "paraphrase"
) -> Fragment:
    """A fragment of ``checked`` (in a) against ``source`` (in b); a copy of exact words
    for ``kind="exact"``, else edited."""
    start, source_start = a.text.index(checked), b.text.index(source)
    words = len(checked.split())
    return Fragment(
        start=start,
        end=start + len(checked),
        source_start=source_start,
        source_end=source_start + len(source),
        words=words,
        exact_words=words if kind == "exact" else words // 2,
        kind="copy" if kind == "exact" else kind,
    )


def _widened(f: Fragment, a: Prepared, b: Prepared, others: tuple[Fragment, ...] = ()) -> Fragment:
    sim = pair_sentences(a.canonical, b.canonical).similarity
    return widened((f, *others), a.canonical, b.canonical, b.text, sim)[0]


def _source(f: Fragment, b: Prepared) -> str:
    return b.text[f.source_start : f.source_end]


def test_source_sentences_the_checked_text_past_the_fragment_retells_are_taken() -> None:
    """The two checked sentences past a retold passage retell the source's next two loosely
    (no one of them a seed): the source side goes on over both, and its final stop, and no
    further (the writer's own sentence after them retells nothing); the checked side stays."""
    a, b = _prepared(RETOLD + GOES_ON), _prepared(SOURCE)
    f = _fragment(
        a,
        b,
        RETOLD.strip()[:-1],
        "Glaciers carve deep valleys into the northern "
        "mountains. Meltwater feeds the rivers that water the plains below",
    )
    got = _widened(f, a, b)
    assert _source(got, b).endswith("Millers grind the harvested barley into coarse flour.")
    assert (got.start, got.end, got.words, got.kind) == (f.start, f.end, f.words, f.kind)


def test_nothing_past_an_edited_fragment_is_taken_beside_the_writers_own_text() -> None:
    """After the retold passage the writer's own sentences, on another subject: the source
    side gains its final stop only."""
    a, b = _prepared(RETOLD + OWN), _prepared(SOURCE)
    source = (
        "Glaciers carve deep valleys into the northern mountains. Meltwater feeds the "
        "rivers that water the plains below"
    )
    f = _fragment(a, b, RETOLD.strip()[:-1], source)
    assert _source(_widened(f, a, b), b) == source + "."


def test_a_source_sentence_held_by_another_fragment_is_not_taken() -> None:
    """Another fragment holds the source's fourth sentence: the two checked sentences past
    the passage and the source's next two are no window; the first of them alone retells
    the source's third, which is taken, and nothing of the other fragment's."""
    a, b = _prepared(RETOLD + GOES_ON), _prepared(SOURCE)
    f = _fragment(
        a,
        b,
        RETOLD.strip()[:-1],
        "Glaciers carve deep valleys into the northern "
        "mountains. Meltwater feeds the rivers that water the plains below",
    )
    other = _fragment(a, b, "My cousin", "Millers grind the harvested barley")
    got = _widened(f, a, b, (other,))
    assert got.source_end <= other.source_start
    assert _source(got, b).endswith(
        "the plains below. Farmers plant barley along the fertile riverbanks every spring."
    )


def test_a_verbatim_copy_takes_no_source_sentence_past_it() -> None:
    """A copy of exact words ends where its words do (a verbatim case may end inside a
    source sentence), and its two sides hold the same words: not even the final stop after
    its last source word is taken."""
    a, b = _prepared(RETOLD + GOES_ON), _prepared(SOURCE)
    source = (
        "Glaciers carve deep valleys into the northern mountains. Meltwater feeds the "
        "rivers that water the plains below"
    )
    f = _fragment(a, b, RETOLD.strip()[:-1], source, kind="exact")
    assert _widened(f, a, b) == f


@pytest.mark.parametrize("kind", ["copy", "exact"])
def test_the_rest_of_a_source_sentence_the_checked_words_past_the_fragment_retell(
    kind: str,
) -> None:
    """The fragment's source side ends at "riverbanks", inside its sentence; the checked words
    just past it retell the rest ("each spring" for "every spring"): the rest is taken, with
    the sentence's stop, an edited copy's and one of exact words alike. Checked words past
    it that hold none of the rest's (a verbatim copy pasted from inside a sentence goes on
    with the writer's words) take nothing."""
    b = _prepared(SOURCE)
    source = "Farmers plant barley along the fertile riverbanks"
    a = _prepared("Farmers plant barley on the riverbanks each spring. My cousin sailed home.")
    f = _fragment(a, b, "Farmers plant barley on the riverbanks", source, kind=kind)
    assert _source(_widened(f, a, b), b) == source + " every spring."
    a = _prepared("Farmers plant barley on the riverbanks near our old house. My cousin sailed.")
    f = _fragment(a, b, "Farmers plant barley on the riverbanks", source, kind=kind)
    assert _source(_widened(f, a, b), b) == source


def test_stop_words_and_punctuation_to_the_source_sentence_edges() -> None:
    """An edited copy's source side from "Traders" (its sentence's first word) to "cart"
    takes the final stop; one starting at a sentence's first canonical word after a stop word
    ("The") goes back over it; one from "harvested" (after "Millers grind the") is not at its
    sentence's start: it stays. A verbatim copy's two sides hold the same words, and its
    source side stays (:func:`test_a_verbatim_copy_takes_no_source_sentence_past_it`)."""
    b = _prepared(SOURCE + " The carts return empty at dusk.")
    a = _prepared("Traders take flour to markets on the coast by cart. My cousin sailed home.")
    f = _fragment(
        a,
        b,
        "Traders take flour to markets on the coast by cart",
        "Traders carry the flour to coastal markets by cart",
        kind="copy",
    )
    assert _source(_widened(f, a, b), b) == "Traders carry the flour to coastal markets by cart."
    a = _prepared("My cousin sailed home. Carts return at dusk.")
    g = _fragment(a, b, "Carts return at dusk", "carts return empty at dusk", kind="copy")
    assert _source(_widened(g, a, b), b) == "The carts return empty at dusk."
    h = _fragment(a, b, "My cousin", "harvested barley into coarse flour", kind="copy")
    assert _source(_widened(h, a, b), b) == "harvested barley into coarse flour."


def test_a_cited_fragment_stays_as_it_is() -> None:
    a, b = _prepared(RETOLD + GOES_ON), _prepared(SOURCE)
    f = _fragment(
        a,
        b,
        RETOLD.strip()[:-1],
        "Glaciers carve deep valleys into the northern "
        "mountains. Meltwater feeds the rivers that water the plains below",
    )
    f = replace(f, cited=True)
    assert _widened(f, a, b) == f


def test_the_step_moves_only_source_sides_outwards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole pair stage with and without the last step: the words covered on both sides
    and every fragment's checked span, kind and edits are the same; a source side only
    grows (no edge deletion here for the step to trim): here by the final stop of the last
    source sentence the passage retells."""
    a, b = _prepared(RETOLD + GOES_ON), _prepared(SOURCE)
    with_step = score_pair(a, b, Options(language="en"))
    monkeypatch.setattr(signals, "STEPS", signals.STEPS[:-1])
    without = score_pair(a, b, Options(language="en"))
    assert np.array_equal(with_step.covered_a, without.covered_a)
    assert np.array_equal(with_step.covered_b, without.covered_b)
    assert len(with_step.fragments) == len(without.fragments) >= 1
    for f, g in zip(with_step.fragments, without.fragments, strict=True):
        assert (f.start, f.end, f.kind, f.edits, f.words) == (
            g.start,
            g.end,
            g.kind,
            g.edits,
            g.words,
        )
        assert f.source_start <= g.source_start and g.source_end <= f.source_end
    (f,), (g,) = with_step.fragments, without.fragments  # the retold passage, four sentences
    assert b.text[g.source_end : f.source_end] == "."  # the source's final stop, not the next


def test_a_summary_alone_takes_its_whole_short_source() -> None:
    """A summary, the pair's only fragment, of a source at most SUMMARY_WHOLE times its
    length: its source side is the whole source text (a summary condenses an article). Of a
    source longer than that, or beside another fragment, it keeps its source hull."""
    article = "\n" + SOURCE + " " + OWN + "\n"
    b = _prepared(article)
    a = _prepared("In short: ice cuts valleys, meltwater feeds rivers, farmers grow barley.")
    hull = "Meltwater feeds the rivers that water the plains below. Farmers plant barley"
    f = _fragment(a, b, a.text, hull, kind="summary")
    (got,) = widened((f,), a.canonical, b.canonical, b.text, None)
    assert b.text[got.source_start : got.source_end] == article.strip()
    assert (got.start, got.end, got.kind) == (f.start, f.end, f.kind)
    other = _fragment(a, b, "In short", "Glaciers carve", kind="exact")
    assert widened((f, other), a.canonical, b.canonical, b.text, None)[0] == f
    long = _prepared("\n".join([article] * 6))
    f = _fragment(a, long, a.text, hull, kind="summary")
    assert widened((f,), a.canonical, long.canonical, long.text, None) == (f,)


def test_a_condensing_summary_alone_takes_a_longer_source_its_hull_spans() -> None:
    """A summary, the pair's only fragment, of a source more than SUMMARY_WHOLE times its
    length takes the whole source when its own hull is SUMMARY_CONDENSED times its checked
    side and the source at most SUMMARY_SPAN times the hull; a hull condensing less, or a
    source more than twice the hull, is kept."""
    a = _prepared("Ice, rivers, barley, flour, carts.")
    body = " ".join([SOURCE] * 3)
    opening, closing = OWN, " ".join([OWN] * 2)
    article = f"{opening}\n{body}\n{closing}"
    b = _prepared(article)
    assert len(article) > SUMMARY_WHOLE * len(a.text)
    hull = body[: body.rindex("Traders") - 1]
    assert len(hull) >= SUMMARY_CONDENSED * len(a.text)
    assert len(article) <= SUMMARY_SPAN * len(hull)
    f = _fragment(a, b, a.text, hull, kind="summary")
    (got,) = widened((f,), a.canonical, b.canonical, b.text, None)
    assert b.text[got.source_start : got.source_end] == article
    assert (got.start, got.end, got.kind, got.edits) == (f.start, f.end, f.kind, f.edits)
    short = SOURCE[: SOURCE.index(" Farmers")]  # a hull of 2 sentences: under 5 times
    assert len(short) < SUMMARY_CONDENSED * len(a.text)
    f = _fragment(a, b, a.text, short, kind="summary")
    assert widened((f,), a.canonical, b.canonical, b.text, None) == (f,)
    far = _prepared(f"{closing} {closing}\n{body}\n{closing} {closing}")  # over twice the hull
    f = _fragment(a, far, a.text, hull, kind="summary")
    assert len(far.text) > SUMMARY_SPAN * len(hull)
    assert widened((f,), a.canonical, far.canonical, far.text, None) == (f,)


def test_a_copy_of_a_summary_s_shape_alone_takes_its_whole_short_source() -> None:
    """A copy (or a paraphrase), the pair's only fragment, whose source side has
    SUMMARY_SHAPE times its checked side's length is judged as a summary: of a short source
    it takes the whole source. A copy with a source side under that ratio keeps its own."""
    article = "\n" + SOURCE + " " + OWN + "\n"
    b = _prepared(article)
    a = _prepared("Ice cuts the valleys; barley grows along the fertile rivers.")
    hull = SOURCE[: SOURCE.index(" Millers")]
    assert len(hull) >= SUMMARY_SHAPE * len(a.text)
    assert len(article.strip()) <= SUMMARY_WHOLE * len(a.text)
    for kind in ("exact", "paraphrase"):
        f = _fragment(a, b, a.text, hull, kind=kind)
        (got,) = widened((f,), a.canonical, b.canonical, b.text, None)
        assert b.text[got.source_start : got.source_end] == article.strip()
        assert (got.start, got.end, got.kind) == (f.start, f.end, f.kind)
    short = SOURCE[: SOURCE.index(" Meltwater")]  # one sentence: under the ratio
    assert len(short) < SUMMARY_SHAPE * len(a.text)
    f = _fragment(a, b, a.text, short, kind="exact")
    assert widened((f,), a.canonical, b.canonical, b.text, None) == (f,)


def test_the_final_stop_on_the_next_line_of_a_wrapped_source() -> None:
    """A hard-wrapped source: the stop words after the fragment's last canonical word and the
    final stop are on the next line; they are taken. Past a blank line (a paragraph's end)
    nothing is."""
    a = _prepared("Millers grind barley for the town. My cousin sailed home.")
    checked, source = "Millers grind barley", "Millers grind the barley"
    b = _prepared("Millers grind the barley for all of\nthem. Carts return.")
    f = _fragment(a, b, checked, source, kind="copy")
    assert _source(_widened(f, a, b), b) == "Millers grind the barley for all of\nthem."
    b = _prepared("Millers grind the barley for all of\n\nthem. Carts return.")
    f = _fragment(a, b, checked, source, kind="copy")
    assert _source(_widened(f, a, b), b) == source


# a retelling of the source's first two sentences whose second line also shuffles in the
# words of the source's third (random obfuscation moves words across a passage's sentences)
SHUFFLED = (
    "Glaciers cut deep valleys in the northern mountain range. "
    "Farmers plant barley where meltwater feeds rivers along fertile riverbanks every spring. "
)


def test_a_source_sentence_whose_words_the_fragment_already_holds_is_taken() -> None:
    """The fragment's checked side holds the words of the source's third sentence, shuffled
    into its second line, while its source side ends at the second: the source side goes on
    over the third (taking it raises the two sides' cosine), not over the fourth (whose
    words the checked side lacks); the writer's own sentences after the fragment are
    neither evidence nor marked: the checked side stays as it is."""
    a, b = _prepared(SHUFFLED + OWN), _prepared(SOURCE)
    source = (
        "Glaciers carve deep valleys into the northern mountains. Meltwater feeds the "
        "rivers that water the plains below"
    )
    f = _fragment(a, b, SHUFFLED.strip()[:-1], source)
    got = _widened(f, a, b)
    assert _source(got, b) == source + ". " + (
        "Farmers plant barley along the fertile riverbanks every spring."
    )
    assert (got.start, got.end, got.words, got.kind) == (f.start, f.end, f.words, f.kind)


def test_no_source_sentence_is_taken_for_a_topic_word_the_fragment_holds() -> None:
    """The same source side, the checked side retelling the two source sentences and naming
    barley, one word of the source's third sentence (its topic), then the writer's own
    sentences: the third sentence's other words are not in the fragment, taking it lowers
    the two sides' cosine, and the source side gains its final stop only."""
    retold = (
        "Glaciers cut deep valleys in the northern mountain range. "
        "Meltwater supplies rivers watering the barley plains. "
    )
    a, b = _prepared(retold + OWN), _prepared(SOURCE)
    source = (
        "Glaciers carve deep valleys into the northern mountains. Meltwater feeds the "
        "rivers that water the plains below"
    )
    f = _fragment(a, b, retold.strip()[:-1], source)
    got = _widened(f, a, b)
    assert _source(got, b) == source + "."
    assert (got.start, got.end) == (f.start, f.end)
