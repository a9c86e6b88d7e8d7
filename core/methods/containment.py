"""The product's own engine as a catalogue method ("copylens"), so the lab measures it beside
the study's. (Named for what it measures; ``copylens.core.engine`` is the engine it runs.)

Not a method of the study: CopyLens's seed-and-extend alignment (issue 5; ALGORITHMS.md §2's
containment, computed from aligned fragments) over the same documents, with the product's
default options (lemmas, stop words dropped, short words kept — the engine's own
canonicalization, not §4's). Two documents are near-duplicates when the larger of their two
containments reaches ``threshold`` (0.5: the app's *Groups of near-copies*), so a short
answer pasted into a long text counts; the study's methods compare whole documents and
cannot see that. Candidates come from the engine's k-gram index, never all pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from copylens.core.documents import TextInput
from copylens.core.engine import compare
from copylens.core.methods.base import Method, Pair, PairMethod, ordered
from copylens.core.methods.collection import Collection
from copylens.core.options import Options


@dataclass(frozen=True)
class EngineContainment(PairMethod):
    """Pairs whose larger alignment containment reaches ``threshold`` (§2, issue 5)."""

    name: ClassVar[str] = "copylens"
    title: ClassVar[str] = "CopyLens alignment containment"
    section: ClassVar[str] = "§2"

    threshold: float = 0.5

    def find(self, collection: Collection) -> set[Pair]:
        position = {d.path: i for i, d in enumerate(collection.docs)}
        inputs = [TextInput(d.path, d.text) for d in collection.docs]
        report = compare(inputs, Options(cluster_threshold=self.threshold))
        return {
            ordered(position[p.a], position[p.b])
            for p in report.pairs
            if max(p.containment_ab, p.containment_ba) >= self.threshold
        }


METHODS: tuple[Method, ...] = (EngineContainment(),)
