"""Pairs: how a run's candidate pairs are scheduled over the cores (issue 33).

A run's pairs are an (n, 2) array of indices, sorted by the left one (:func:`as_pairs`);
consecutive pairs of one left document make a *group* (:func:`groups_of`), the unit of work:
:func:`map_groups` hands each group to a function on all cores, in order, and :func:`each`
makes a group function of a pair function (``check`` scores each pair of a group with
:func:`copylens.core.score.score_pair`; ``compare`` bounds a group's pairs at once and aligns
the rest). Nothing here knows what a pair's score is.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from functools import partial
from typing import Protocol, TypeVar

import numpy as np

from copylens.core.options import Options
from copylens.core.pool import map_when_it_pays
from copylens.core.prepare import Prepared

R = TypeVar("R")
"""What :func:`map_groups`' function returns for one pair of a group."""
D = TypeVar("D")
"""The documents :func:`map_groups` hands out: prepared, or spilled (``copylens.core.spill``)."""

D_co = TypeVar("D_co", covariant=True)


class Indexed(Protocol[D_co]):
    """What :func:`map_groups` reads documents from: a list, or a run's summaries made when
    asked for (:class:`copylens.core.spill.Packed`)."""

    def __getitem__(self, n: int, /) -> D_co: ...


Group = tuple[int, np.ndarray]
"""A document's index on the left and the indices of its partners on the right."""


def groups_of(pairs: np.ndarray) -> list[Group]:
    """The pairs (i, j), rows of an (n, 2) array, as groups (i, [j, …]): consecutive pairs of
    one i share a group (each a view of ``pairs``: a large run's millions of pairs are never
    Python tuples)."""
    if len(pairs) == 0:
        return []
    first = pairs[:, 0]
    starts = np.flatnonzero(np.r_[True, first[1:] != first[:-1]])
    ends = np.r_[starts[1:], len(first)]
    return [
        (int(first[lo]), pairs[lo:hi, 1])
        for lo, hi in zip(starts.tolist(), ends.tolist(), strict=True)
    ]


def as_pairs(pairs: Iterable[tuple[int, int]]) -> np.ndarray:
    """Pairs (i, j) as the (n, 2) int64 array :func:`groups_of` takes."""
    return np.array(list(pairs), dtype=np.int64).reshape(-1, 2)


def workers_for(pairs: int, options: Options) -> int:
    """The workers :func:`map_groups` uses for this many pairs: one per 32, at most the
    options' processes."""
    return min(options.process_count, max(1, pairs // 32))


def map_groups(
    function: Callable[[D, list[D], Options], list[R]],
    groups: Sequence[Group],
    left: Indexed[D],
    right: Indexed[D],
    options: Options,
) -> Generator[list[R], None, None]:
    """function(left[i], [right[j] for j in js], options) for each group (i, js), in order,
    on all cores when it pays (``check`` scores each pair of a group, ``compare`` bounds a
    group's pairs at once and aligns the rest:
    :func:`copylens.core.score.containment_bounds`).

    The workers inherit the documents and the groups when they fork
    (:func:`map_when_it_pays`); only each group's number travels, and what ``function``
    returns. A group's partners are a view of the pairs' array, which pickled whole took the
    process handing them out 2.1 ms of CPU for the 938 groups of 1,000 essays, and each worker
    0.3 ms to read back (issue 40: ten times that at 10,000 essays, the parent's beside the
    pair workers on both cores); their numbers, 0.03 ms.
    """
    workers = workers_for(sum(len(js) for _, js in groups), options)
    call = partial(_call_group, function, groups, left, right, options)
    return map_when_it_pays(call, range(len(groups)), workers=workers)


def _call_group(
    function: Callable[[D, list[D], Options], list[R]],
    groups: Sequence[Group],
    left: Indexed[D],
    right: Indexed[D],
    options: Options,
    n: int,
) -> list[R]:
    i, js = groups[n]
    return function(left[i], [right[j] for j in js.tolist()], options)


def each(function: Callable[[Prepared, Prepared, Options], R]) -> Callable[..., list[R]]:
    """A group function of a pair function: ``function(a, b, options)`` for each b."""
    return partial(_each, function)


def _each(
    function: Callable[[Prepared, Prepared, Options], R],
    a: Prepared,
    others: list[Prepared],
    options: Options,
) -> list[R]:
    return [function(a, b, options) for b in others]
