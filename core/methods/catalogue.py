"""The catalogue: every detection method of ALGORITHMS.md §3–5, by name, in the study's order.

Each family module ends with ``METHODS``; this module lists the families, checks that the
names are unique and resolves the names users type (case-insensitive; ``all``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from copylens.core.errors import OptionsError
from copylens.core.methods import (
    containment,
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
from copylens.core.methods.base import Method

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
    containment,
)
"""Modules of ``copylens.core.methods``, one per family of methods (imported by name, not by
string, so
PyInstaller's analysis finds them for the frozen app)."""


class UnknownMethod(OptionsError):
    """A method name that is not in the catalogue (a usage error, like any bad option)."""

    def __init__(self, name: str) -> None:
        super().__init__([f"unknown method {name!r}; choose from: {', '.join(names())}"])


@cache
def catalogue() -> tuple[Method, ...]:
    """Every method, A0–A12 in the study's numbering first, then the others."""
    methods = [m for family in FAMILIES for m in family.METHODS]
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
