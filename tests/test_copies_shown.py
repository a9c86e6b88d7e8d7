"""The words ``check`` and ``compare`` count as found in the checked document are those its
reported fragments show, alike in both (``engine._shown``): the copy alignment's further
matches (``Alignment.elsewhere``, :func:`copylens.core.copies._coverage`) may reach past a
fragment's ends. The source's side is counted as found, alike in both (``_shown`` says why)."""

from __future__ import annotations

from copylens.core import Options, TextInput, check, compare
from copylens.core.canonicalize import canonicalize

S = [
    "The river delta formed over thousands of years as sediment settled near the coast.",
    "Farmers in the region depend on seasonal floods to renew the fertility of their fields.",
    "Engineers built levees along the main channel to protect the growing towns from water.",
    "As a result the marshes began to sink and the coastline retreated inland each decade.",
    "Scientists now propose controlled diversions that let muddy water flow into the marshes.",
]
OWN = [
    "I think this is a very sad story about my home town and its people.",
    "My grandmother told me many tales about the old harbour and the boats.",
]
# The source repeats its first sentence; the essay holds its third twice, once alone.
SOURCE = " ".join([S[1], S[0], S[2], S[0]])
ESSAY = " ".join([S[4], OWN[0], S[3], OWN[1], S[2], S[0], S[2]])
OPTIONS = Options(language="en", workers=1, paraphrase=False)


def _inside(text: str, spans: list[tuple[int, int]]) -> float:
    """The share of ``text``'s counted words inside ``spans``."""
    starts = canonicalize(text, OPTIONS).starts.tolist()
    return sum(any(x0 <= s < x1 for x0, x1 in spans) for s in starts) / len(starts)


def test_check_and_compare_count_the_words_the_fragments_show_alike() -> None:
    """Both count the share of the essay inside the fragments (0.321). Before: ``compare``'s
    ``containment_ab`` counted the further matches past the fragments' ends too (0.482)."""
    report = check([TextInput("essay.txt", ESSAY)], [TextInput("source.txt", SOURCE)], OPTIONS)
    (source,) = report.documents[0].sources
    shown = _inside(ESSAY, [(f.start, f.end) for f in source.fragments])
    assert source.containment == shown < 0.4
    inputs = [TextInput("essay.txt", ESSAY), TextInput("source.txt", SOURCE)]
    (pair,) = compare(inputs, OPTIONS).pairs
    assert pair.containment_ab == source.containment
    assert pair.containment_ba == source.reverse_containment
    assert [(f.start, f.end) for f in pair.fragments] == [
        (f.start, f.end) for f in source.fragments
    ]
