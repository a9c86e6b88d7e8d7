"""Direct text similarity: the study's verification of a pooled pair (ALGORITHMS.md §4).

The study verified each pair with Perl's String::Similarity, which is 2·M / (|a| + |b|) for M
matched characters of a longest common subsequence (Myers' O(ND) diff). The same measure is
rapidfuzz's normalized Indel similarity (1 − indel distance / (|a| + |b|)), bit-parallel in
C++. Reading chosen: it runs on the documents' canonical words (§4's preprocessing: the
study compared preprocessed texts), with each word one symbol, so a changed word costs one
unit whatever its length and 600-word documents compare in microseconds. A pair is a
near-duplicate at similarity ≥ 0.8 (the study's threshold).

What must hold: symmetric, 1.0 for equal word sequences, 0.0 when either document is empty.
"""

from __future__ import annotations

from rapidfuzz.distance import Indel

from copylens.core.methods.collection import MethodDoc

VERIFY_THRESHOLD = 0.8


def similarity(a: MethodDoc, b: MethodDoc, cutoff: float = 0.0) -> float:
    """2·LCS / (|a| + |b|) over canonical words; below ``cutoff`` may come back as 0.0."""
    if not a.words or not b.words:
        return 0.0
    # Lists, not numpy arrays: rapidfuzz reads an array element by element (2.3x slower).
    score = Indel.normalized_similarity(a.hashes.tolist(), b.hashes.tolist(), score_cutoff=cutoff)
    return float(score)
