"""simhash and Hamming distance (Charikar 2002; Manku, Jain, Das Sarma 2007; ALGORITHMS.md §5).

A document's 64-bit simhash: for each bit position, add the weight of every feature whose
fingerprint has that bit set and subtract it otherwise; the bit is 1 where the sum is
positive. Similar documents get fingerprints a few bits apart; a pair is a near-duplicate when
the Hamming distance is ≤ k (3 by default, Manku et al.'s value for 64 bits).

Candidates by the pigeonhole principle: cut the 64 bits into k + 1 blocks; two fingerprints
at distance ≤ k differ in at most k blocks, so they are equal in at least one. Documents are
grouped by each block's value (``shingling.shared_values``, sorting, not all pairs), and every
candidate's full distance is then checked.

What must hold: the simhash depends only on the canonical words; every pair within distance k
is found (the tests compare with brute force); documents without words join no pair.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from copylens.core.index import shared_values
from copylens.core.methods.base import Method, Pair, PairMethod
from copylens.core.methods.collection import Collection
from copylens.core.methods.shingling import popcount

BITS = 64


def simhash(hashes: np.ndarray) -> int:
    """Charikar's simhash of word fingerprints, each occurrence weighing 1 (so each distinct
    word weighs its tf); a bit whose sum is 0 is 0. 0 for no words."""
    if len(hashes) == 0:
        return 0
    octets = np.ascontiguousarray(hashes, dtype="<u8").view(np.uint8).reshape(-1, 8)
    bits = np.unpackbits(octets, axis=1, bitorder="little")  # column k = bit k
    ones = bits.sum(axis=0, dtype=np.int64)
    fingerprint = np.packbits(2 * ones > len(hashes), bitorder="little")
    return int(fingerprint.view("<u8")[0])


def blocks(distance: int) -> list[tuple[int, int]]:
    """The k + 1 bit ranges [low, high) of the pigeonhole split, as equal as possible."""
    parts = distance + 1
    return [(BITS * b // parts, BITS * (b + 1) // parts) for b in range(parts)]


def near_pairs(fingerprints: np.ndarray, distance: int) -> set[Pair]:
    """Every pair (i, j), i < j, of positions whose fingerprints are ≤ ``distance`` bits apart."""
    fingerprints = np.asarray(fingerprints, dtype=np.uint64)
    owners = np.arange(len(fingerprints))
    firsts, seconds = [], []
    for low, high in blocks(distance):
        mask = np.uint64((1 << (high - low)) - 1)
        shared = shared_values((fingerprints >> np.uint64(low)) & mask, owners)
        firsts.append(shared.first)
        seconds.append(shared.second)
    first, second = np.concatenate(firsts), np.concatenate(seconds)
    close = popcount(fingerprints[first] ^ fingerprints[second]) <= distance
    return set(zip(first[close].tolist(), second[close].tolist(), strict=True))


@dataclass(frozen=True)
class SimHash(PairMethod):
    """§5 simhash over the document's canonical words weighted by tf; pairs within Hamming
    distance ≤ ``distance``.

    Reading chosen: features are words, not shingles. One changed word then moves one feature
    of ~600 instead of w shingles, so near-copies stay within a few bits; word order is
    ignored, as in Charikar's and Manku et al.'s bag-of-features use.
    """

    name: ClassVar[str] = "simhash"
    title: ClassVar[str] = "simhash"
    section: ClassVar[str] = "§5"

    distance: int = 3

    def __post_init__(self) -> None:
        if not 0 <= self.distance < BITS:
            raise ValueError(f"Expecting a Hamming distance in 0..{BITS - 1}, got {self.distance}")

    def find(self, collection: Collection) -> set[Pair]:
        signed = [i for i, doc in enumerate(collection.docs) if len(doc)]
        values = [simhash(collection.docs[i].hashes) for i in signed]
        found = near_pairs(np.array(values, dtype=np.uint64), self.distance)
        return {(signed[a], signed[b]) for a, b in found}


METHODS: tuple[Method, ...] = (SimHash(),)
