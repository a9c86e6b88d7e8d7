"""The words ``check`` and ``compare`` count as found are those the reported fragments show,
on both sides and alike (``engine._shown``): the copy alignment's further matches
(``Alignment.elsewhere``, :func:`copylens.core.copies._coverage`) may reach past a fragment's
ends, here a sentence the source holds twice, copied once."""

from __future__ import annotations

from copylens.core import Options, TextInput, check, compare
from copylens.core.canonicalize import canonicalize

S = [
    "The river delta formed over thousands of years as sediment settled near the coast.",
    "Farmers in the region depend on seasonal floods to renew the fertility of their fields.",
    "Engineers built levees along the main channel to protect the growing towns from water.",
    "These levees also stopped fresh sediment from reaching the wetlands behind them.",
    "As a result the marshes began to sink and the coastline retreated inland each decade.",
    "Scientists now propose controlled diversions that let muddy water flow into the marshes.",
    "Such diversions could rebuild land while keeping the towns safe from sudden floods.",
    "Critics worry that the fresh water will harm the oyster beds that fishermen rely upon.",
]
SOURCE = " ".join([*S[:6], S[1], *S[6:]])  # the second sentence again, after the sixth
OWN = "I think this is a very sad story about my home town and its people."
ESSAY = " ".join([*S[:4], OWN])
OPTIONS = Options(workers=1, paraphrase=False)


def _inside(text: str, spans: list[tuple[int, int]]) -> float:
    """The share of ``text``'s counted words inside ``spans``."""
    starts = canonicalize(text, OPTIONS).starts.tolist()
    return sum(any(x0 <= s < x1 for x0, x1 in spans) for s in starts) / len(starts)


def test_check_and_compare_count_only_the_words_the_fragments_show() -> None:
    """One fragment: the essay's four copied sentences on the source's first four. The
    source's repeat of the second sentence is no part of it, so it is not in the source's
    share. Before: ``compare``'s ``containment_ba`` and ``check``'s reverse containment
    counted it (0.541 against the 0.432 the fragment shows)."""
    report = check([TextInput("essay.txt", ESSAY)], [TextInput("source.txt", SOURCE)], OPTIONS)
    (source,) = report.documents[0].sources
    (fragment,) = source.fragments
    assert SOURCE[fragment.source_start : fragment.source_end] == " ".join(S[:4])[:-1]
    shown_a = _inside(ESSAY, [(f.start, f.end) for f in source.fragments])
    shown_b = _inside(SOURCE, [(f.source_start, f.source_end) for f in source.fragments])
    assert source.containment == shown_a
    assert source.reverse_containment == shown_b < 0.5
    inputs = [TextInput("essay.txt", ESSAY), TextInput("source.txt", SOURCE)]
    (pair,) = compare(inputs, OPTIONS).pairs
    assert (pair.containment_ab, pair.containment_ba) == (shown_a, shown_b)
    assert [(f.source_start, f.source_end) for f in pair.fragments] == [
        (fragment.source_start, fragment.source_end)
    ]
