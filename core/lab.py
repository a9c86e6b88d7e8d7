"""The methods lab's catalogue: every detection method of ALGORITHMS.md §3–5, by name, in the
study's order, and the product's own engine as one more method ("copylens"), so the lab
measures it beside the study's.

Each family module of ``copylens.core.methods`` ends with ``METHODS``; this module lists the
families, adds the engine's method, checks that the names are unique and resolves the names
users type (case-insensitive; ``all``). It sits above both the methods and the engine (the
methods never import the engine: an import-linter contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from copylens.core.documents import TextInput
from copylens.core.engine import compare
from copylens.core.errors import OptionsError
from copylens.core.methods import (
    decomposition,
    descriptive,
    exact,
    frequency,
    lexicon,
    sentence,
    shingling,
    simhash,
    statistical,
    three_five,
)
from copylens.core.methods.base import Method, Pair, PairMethod, ordered
from copylens.core.methods.collection import Collection
from copylens.core.options import Options

FAMILIES = (
    exact,
    frequency,
    sentence,
    shingling,
    lexicon,
    descriptive,
    decomposition,
    three_five,
    simhash,
    statistical,
)
"""Modules of ``copylens.core.methods``, one per family of methods (imported by name, not by
string, so PyInstaller's analysis finds them for the frozen app)."""


@dataclass(frozen=True)
class EngineContainment(PairMethod):
    """Pairs whose larger alignment containment reaches ``threshold`` (§2, issue 5).

    Not a method of the study: CopyLens's seed-and-extend alignment (issue 5; ALGORITHMS.md
    §2's containment, computed from aligned fragments) over the same documents, with the
    product's default options (lemmas, stop words dropped, short words kept — the engine's
    own canonicalization, not §4's). Two documents are near-duplicates when the larger of
    their two containments reaches ``threshold`` (0.5: the app's *Groups of near-copies*), so
    a short answer pasted into a long text counts; the study's methods compare whole
    documents and cannot see that. Candidates come from the engine's k-gram index, never all
    pairs."""

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


class UnknownMethod(OptionsError):
    """A method name that is not in the catalogue (a usage error, like any bad option)."""

    def __init__(self, name: str) -> None:
        super().__init__([f"unknown method {name!r}; choose from: {', '.join(names())}"])


@cache
def catalogue() -> tuple[Method, ...]:
    """Every method, A0–A12 in the study's numbering first, then the others."""
    methods = [*(m for family in FAMILIES for m in family.METHODS), EngineContainment()]
    seen: set[str] = set()
    for m in methods:
        if m.name.lower() in seen:
            raise RuntimeError(f"two methods are named {m.name}")
        seen.add(m.name.lower())
    return tuple(sorted(methods, key=_order))


def names() -> list[str]:
    return [m.name for m in catalogue()]


def method(name: str) -> Method:
    """The method called ``name`` (case-insensitive); raises UnknownMethod."""
    for m in catalogue():
        if m.name.lower() == name.strip().lower():
            return m
    raise UnknownMethod(name)


def select(spec: str | Sequence[str]) -> list[Method]:
    """Methods named in ``spec``: "all", or names separated by commas, in the catalogue's order."""
    parts = spec.split(",") if isinstance(spec, str) else list(spec)
    wanted = [p.strip() for p in parts if p.strip()]
    if any(p.lower() == "all" for p in wanted):
        return list(catalogue())
    chosen = {method(p).name for p in wanted}
    return [m for m in catalogue() if m.name in chosen]


def _order(m: Method) -> tuple[int, int, str]:
    study = m.name[1:].split("-")[0] if m.name.startswith("A") else ""
    if study.isdigit():
        return (0, int(study), m.name)
    return (1, 0, m.name)
