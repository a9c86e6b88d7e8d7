"""Length chains: the grouping shared by A11 Decomposition and A12 "3+5" (ALGORITHMS.md §4).

Both methods write records (key, document) — A11 one per sampled shingle, A12 one per long
sentence — and find candidates the same way (Zelenkov & Segalovich, §6.1–6.2):

1. sort the records by key, then by document length, then by document (numpy ``lexsort``);
2. cut each key's run into chains where a document is more than ``ratio`` times longer than
   the one before it (the study: 1.15 for similarity 0.85); a chain of one document is dropped;
3. drop duplicate chains and chains whose documents all lie in another chain;
4. in each chain, pair every document only with the later ones in its *local window*: those at
   most ``ratio`` times its length; each pair is handed to the method's test once, the pairs
   already tested kept in a set (the study's hash of processed pairs).

What must hold: a pair is tested only if the two documents share a key and their lengths are
within ``ratio`` of each other; no pair is tested twice; dropping subsumed chains changes the
work, never the result (every window pair of a chain is a window pair of a chain containing
it, because the window depends only on the two lengths).

Reading chosen where the study is silent: a key shared by more than ``max_df`` documents is
dropped before chaining, as Broder drops very common shingles (§5): it is boilerplate, and a
chain of thousands of documents of similar lengths would cost a quadratic number of tests. A
group of more than ``max_df`` near-copies whose every key is that common is then missed. Each
method sets its own ``max_df`` and says why; within the cap, a chain costs at most
``max_df``·(``max_df`` − 1)/2 tests.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from copylens.core.methods.base import Pair

Chain = tuple[int, ...]
"""Documents of one chain, by increasing length (ties by position)."""


@dataclass
class ChainStats:
    """What one run of the chains did: how much work each stage left for the next."""

    records: int = 0
    """Distinct (key, document) records."""
    capped_keys: int = 0
    """Keys dropped as boilerplate (shared by more than ``max_df`` documents)."""
    chains: int = 0
    """Chains of at least 2 documents after cutting."""
    kept_chains: int = 0
    """Chains left after dropping duplicate and subsumed ones."""
    window_pairs: int = 0
    """Pairs met in the local windows, counted again in every chain that holds them."""
    compared: int = 0
    """Distinct pairs handed to the method's test."""
    found: int = 0
    """Pairs the test accepted."""


def cut_chains(
    keys: np.ndarray, docs: np.ndarray, lengths: np.ndarray, ratio: float, max_df: int
) -> tuple[list[Chain], ChainStats]:
    """Chains of ≥ 2 documents: records grouped by key, ordered by length, cut at big steps.

    ``keys`` and ``docs`` are parallel arrays of records; ``lengths`` holds each document's
    length, indexed by document. Repeated (key, document) records count once.
    """
    order = np.lexsort((docs, lengths[docs], keys))
    k, d = keys[order], docs[order]
    k, d = _drop_repeats(k, d)
    stats = ChainStats(records=len(d))
    k, d, stats.capped_keys = _drop_common(k, d, max_df)
    if len(d) == 0:
        return [], stats
    lens = lengths[d].astype(np.float64)
    starts = np.ones(len(d), dtype=bool)
    starts[1:] = (k[1:] != k[:-1]) | (lens[1:] / np.maximum(lens[:-1], 1.0) > ratio)
    chain_of = np.cumsum(starts) - 1
    big = np.bincount(chain_of)[chain_of] >= 2
    d, starts = d[big], starts[big]
    chains = [tuple(c.tolist()) for c in np.split(d, np.flatnonzero(starts)[1:])] if len(d) else []
    stats.chains = len(chains)
    return chains, stats


def _drop_repeats(k: np.ndarray, d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Records sorted by key then document: keep the first of each (key, document)."""
    fresh = np.ones(len(d), dtype=bool)
    fresh[1:] = (k[1:] != k[:-1]) | (d[1:] != d[:-1])
    return k[fresh], d[fresh]


def _drop_common(k: np.ndarray, d: np.ndarray, max_df: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Drop the records of keys held by more than ``max_df`` documents; count those keys."""
    if len(k) == 0:
        return k, d, 0
    new_key = np.ones(len(k), dtype=bool)
    new_key[1:] = k[1:] != k[:-1]
    key_of = np.cumsum(new_key) - 1
    sizes = np.bincount(key_of)
    keep = sizes[key_of] <= max_df
    return k[keep], d[keep], int(np.count_nonzero(sizes > max_df))


def distinct_chains(chains: Sequence[Chain]) -> list[Chain]:
    """The chains without duplicates and without chains contained in another one.

    Longest first; a chain is checked only against kept chains holding its first document.
    """
    kept: list[Chain] = []
    holders: defaultdict[int, list[frozenset[int]]] = defaultdict(list)
    for chain in sorted(set(chains), key=lambda c: (-len(c), c)):
        members = frozenset(chain)
        if any(members <= other for other in holders[chain[0]]):
            continue
        kept.append(chain)
        for doc in chain:
            holders[doc].append(members)
    return kept


def window_pairs(chain: Chain, lengths: np.ndarray, ratio: float) -> Iterator[Pair]:
    """Each document of the chain with the later ones at most ``ratio`` times its length."""
    lens = [max(int(lengths[doc]), 1) for doc in chain]
    for p, first in enumerate(chain):
        for q in range(p + 1, len(chain)):
            if lens[q] / lens[p] > ratio:
                break
            second = chain[q]
            yield (first, second) if first < second else (second, first)


def chain_pairs(
    keys: np.ndarray,
    docs: np.ndarray,
    lengths: np.ndarray,
    same: Callable[[int, int], bool],
    ratio: float,
    max_df: int,
) -> tuple[set[Pair], ChainStats]:
    """Pairs accepted by ``same``, tested only inside the chains' local windows, once each."""
    chains, stats = cut_chains(keys, docs, lengths, ratio, max_df)
    kept = distinct_chains(chains)
    stats.kept_chains = len(kept)
    compared: set[Pair] = set()
    found: set[Pair] = set()
    for chain in kept:
        for pair in window_pairs(chain, lengths, ratio):
            stats.window_pairs += 1
            if pair in compared:
                continue
            compared.add(pair)
            if same(*pair):
                found.add(pair)
    stats.compared, stats.found = len(compared), len(found)
    return found, stats
