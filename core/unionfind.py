"""Groups of documents joined by pairs: union–find (path halving), the one implementation.

The engine's *compare* groups documents whose containment reaches the cluster threshold
(report paths); the methods lab groups the pairs a catalogue method found (positions in its
collection); Broder's §5 step 4 is the same union–find. Both call :func:`groups`.

What must hold: each group is a connected component of the pairs with at least two members,
its members sorted, the groups sorted (so by their first member); a node that appears in no
pair is in no group. The result depends only on the set of pairs, not on their order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

Node = TypeVar("Node", int, str)


def groups(pairs: Iterable[tuple[Node, Node]]) -> list[tuple[Node, ...]]:
    """Connected components of ``pairs`` with two members or more, sorted (see the module)."""
    parent: dict[Node, Node] = {}

    def root(x: Node) -> Node:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
    members: dict[Node, list[Node]] = {}
    for x in parent:
        members.setdefault(root(x), []).append(x)
    return sorted(tuple(sorted(g)) for g in members.values() if len(g) > 1)
