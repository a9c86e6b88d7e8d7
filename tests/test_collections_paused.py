"""``copylens.core.collections_paused``: no garbage collection within, nothing left frozen or
disabled after it, and garbage made within still collected later (issue 40)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from copylens.core import collections_paused


class Node:
    """A cycle of two makes garbage only the collector frees."""

    def __init__(self) -> None:
        self.other: Node | None = None


def _cycles(count: int) -> list[weakref.ref[Node]]:
    refs = []
    for _ in range(count):
        a, b = Node(), Node()
        a.other, b.other = b, a
        refs.append(weakref.ref(a))
    return refs


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of each collection the collector runs meanwhile (gc enabled, nothing
    frozen at the start; restored after)."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    enabled = gc.isenabled()
    gc.enable()
    gc.unfreeze()
    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)
        gc.unfreeze()
        if not enabled:
            gc.disable()


def test_no_collection_within_and_the_collector_enabled_after(collections: list[int]) -> None:
    threshold = gc.get_threshold()[0]
    with collections_paused():
        assert not gc.isenabled()
        collections.clear()  # those before it
        kept = _cycles(3 * threshold)  # three young collections' worth, were it enabled
        assert collections == []
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # nothing left frozen
    _cycles(3 * threshold)
    assert collections  # it collects again as before
    del kept


def test_what_is_made_within_joins_the_oldest_generation_unwalked(
    collections: list[int],
) -> None:
    """The point of it: the next young collection does not walk what was made within (as it
    would, all at once, had the collector only been disabled and enabled again); garbage
    made within is still collected, by a full collection."""
    with collections_paused():
        refs = _cycles(100)
        node = refs[0]()
    young, oldest = (gc.get_objects(generation=g) for g in (0, 2))
    assert not any(o is node for o in young)
    assert any(o is node for o in oldest)
    del young, oldest, node
    gc.collect(0)
    assert all(ref() is not None for ref in refs)  # not walked by a young collection
    gc.collect()
    assert all(ref() is None for ref in refs)


def test_a_disabled_collector_stays_disabled(collections: list[int]) -> None:
    gc.disable()
    with collections_paused():
        pass
    assert not gc.isenabled()


def test_within_a_forks_freeze_what_is_made_joins_it_and_is_released_with_it(
    collections: list[int],
) -> None:
    gc.freeze()  # as copylens.core.pool.frozen_for_forks does before the readers fork
    before = gc.get_freeze_count()
    with collections_paused():
        refs = _cycles(100)
    assert gc.get_freeze_count() >= before + 200
    gc.collect()
    assert all(ref() is not None for ref in refs)  # frozen: not collected
    gc.unfreeze()
    gc.collect()
    assert all(ref() is None for ref in refs)
