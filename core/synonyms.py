"""Synonym-aware unit similarity for the sentence signal (issue 34): a word of a checked
text's unit and a word of a source's unit that the language's thesaurus lists as synonyms
count as one shared word in :func:`copylens.core.sentence_align.similarity` (its cosine,
Dice and shared words, and :meth:`~copylens.core.sentence_align.Similarity.cosine` of
ranges), so a sentence whose content words an obfuscator swapped for synonyms (PAN-13
random: "designing → plan", "changed → alter") still seeds.

Only where a swap is plausible, so that a writer's own sentence on the source's topic gains
as little as can be:

- only in the languages of :data:`LANGUAGES` (English, where PAN's WordNet obfuscation
  lives; Russian and Ukrainian rewrites have the paraphrase stage);
- a pair counts in a pair of units only where neither word is itself shared: the checked
  unit lacks the source word and the source unit lacks the checked word (two sentences
  that both use a word share it already; a writer who uses both words of a pair is not
  swapping one for the other);
- a pair counts only for words of :data:`MOST_SYNONYMS` synonyms or fewer in the pair of
  texts (WordNet's broad relation gives a common word dozens: "activ" ~ "busi", "live",
  "oper"; such a word meets a synonym in any sentence on any topic).

The word aligner, the verbatim test and everything outside the sentence signal keep the words
as written.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from copylens.core.canonicalize import Canonical
from copylens.core.thesaurus import thesaurus

LANGUAGES = frozenset({"en"})
"""Languages whose sentence signal counts synonyms."""
MOST_SYNONYMS = 2
"""Most synonyms a word may have among the other text's words for its pairs to count."""


@dataclass(frozen=True)
class Related:
    """The pairs of synonyms of a checked text A and a source B, as their numbers in the
    pair's vocabulary: word ``first[k]`` (in A) and word ``second[k]`` (in B)."""

    first: np.ndarray
    second: np.ndarray

    def seeding(
        self, cos: np.ndarray, shared: np.ndarray, sizes: np.ndarray, units: tuple[np.ndarray, ...]
    ) -> Seeding:
        """The unit cosines ``cos`` and Dice of A's units and B's (``shared`` words,
        ``sizes`` their distinct words summed) with the pairs counted as shared words
        (``units``: the units' unit-length tf-isf rows and presence rows, A's and B's): a
        word of a pair counts once, however many synonyms it has in the other unit (the
        shared words are at most the words either unit has left, the cosine at most 1)."""
        va, vb, pa, pb = units
        left = np.minimum(pa.sum(axis=1)[:, None] - shared, pb.sum(axis=1)[None, :] - shared)
        more = shared + np.minimum(self.terms(pa, pb, pa, pb), left)
        dice = np.divide(2 * more, sizes, out=np.zeros_like(more), where=sizes > 0)
        return Seeding(np.minimum(cos + self.terms(va, vb, pa, pb), 1.0), dice)

    def terms(self, x: np.ndarray, y: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
        """For rows ``x`` of A's units and ``y`` of B's (word weights by vocabulary number;
        ``px``, ``py`` whether each word is present), the sum over the pairs, for each row of
        A and row of B, of ``x[first] * y[second]`` where the row of A lacks ``second`` and
        the row of B lacks ``first``: what merging each pair into one word would add to the
        rows' dot product."""
        left = x[:, self.first] * (1 - px[:, self.second])
        right = y[:, self.second] * (1 - py[:, self.first])
        out: np.ndarray = np.einsum("ik,jk->ij", left, right)
        return out


@dataclass(frozen=True)
class Seeding:
    """Each pair of units' cosine and Dice with synonyms counted (:meth:`Related.seeding`)."""

    cos: np.ndarray
    dice: np.ndarray

    @property
    def both(self) -> tuple[np.ndarray, np.ndarray]:
        return self.cos, self.dice


def related(a: Canonical, b: Canonical, codes: np.ndarray) -> Related | None:
    """The synonyms of A's words among B's (``codes``: each word's number in the pair's
    vocabulary, A's words first), each word of few enough (:data:`MOST_SYNONYMS`), or None
    where there are none or the language counts none (module docstring)."""
    if a.language not in LANGUAGES or b.language != a.language or not len(codes):
        return None
    th = thesaurus(a.language)
    if th is None:
        return None
    split = len(a.forms)
    size = int(codes.max()) + 1
    first = np.full(size, -1, dtype=np.int64)
    first[codes[::-1]] = np.arange(len(codes) - 1, -1, -1)  # each number's first word
    in_a = np.zeros(size, dtype=bool)
    in_a[codes[:split]] = True
    words_a = np.flatnonzero(in_a)
    words_b = np.unique(codes[split:])
    if not len(words_a) or not len(words_b):
        return None
    forms = a.forms + b.forms if len(words_b) else a.forms
    ids_a = np.array([th.id_of(forms[n]) for n in first[words_a].tolist()], dtype=np.int64)
    ids_b = np.array([th.id_of(forms[n]) for n in first[words_b].tolist()], dtype=np.int64)
    i, j = th.related_at(ids_a, ids_b)
    if not len(i):
        return None
    few = (np.bincount(i, minlength=len(words_a))[i] <= MOST_SYNONYMS) & (
        np.bincount(j, minlength=len(words_b))[j] <= MOST_SYNONYMS
    )
    if not few.any():
        return None
    return Related(words_a[i[few]], words_b[j[few]])
