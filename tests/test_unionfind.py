"""The one union–find: the engine's compare clusters and the lab's dedup groups."""

from __future__ import annotations

import random

from copylens.core.unionfind import groups


def test_groups_join_chains_and_leave_singletons_out() -> None:
    assert groups([(3, 4), (0, 1), (1, 2)]) == [(0, 1, 2), (3, 4)]
    assert groups([]) == []
    assert groups([(2, 2)]) == []  # a pair of one node is no group


def test_groups_of_paths_are_sorted_inside_and_between() -> None:
    pairs = [("d", "c"), ("b", "a"), ("c", "e")]
    assert groups(pairs) == [("a", "b"), ("c", "d", "e")]


def test_groups_do_not_depend_on_the_order_of_pairs() -> None:
    rnd = random.Random(7)
    pairs = [(rnd.randrange(60), rnd.randrange(60)) for _ in range(45)]
    expected = groups(pairs)
    for _ in range(5):
        rnd.shuffle(pairs)
        assert groups([(b, a) for a, b in pairs]) == expected
    members = [x for g in expected for x in g]
    assert len(members) == len(set(members))
