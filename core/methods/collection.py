"""The collection the catalogue methods run on: canonical documents, sentences, statistics.

Every method of ALGORITHMS.md §4–5 starts from the same preprocessing (§4: HTML, stop words
and words of 3 letters or fewer removed; lemmas or stems as in §1), so a collection is built
once and shared: each :class:`MethodDoc` keeps its canonical words, their fingerprints, its
sentences as ranges of those words, and the extracted text (Kosinov's signatures read
punctuation). :class:`CollectionStats` (N, df, cf, dl_avg) is computed once per collection,
on first use, and every weighting method reads the same object.

What must hold: a document is known by its position in ``Collection.docs``; a sentence's
word range covers exactly the canonical words whose first character lies inside its span.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from pathlib import Path

import numpy as np

from copylens.core.canonicalize import Canonical, canonicalize
from copylens.core.documents import TextInput
from copylens.core.errors import EmptyFile
from copylens.core.extract import Extracted
from copylens.core.options import STUDY_OPTIONS, Options
from copylens.core.prepare import CancelCheck, Progress, expand, read_all
from copylens.core.report import InputFailure
from copylens.core.sentences import sentence_spans
from copylens.core.shingle import shingles
from copylens.core.sketch import minhash

SKETCH_SHINGLE = 10
"""w of the stored sketch: the card's shingle length."""


@dataclass(frozen=True, eq=False)
class MethodDoc:
    """One document as the catalogue methods see it."""

    path: str
    text: str
    """The extracted text, exactly as the engine reads it."""
    language: str
    words: tuple[str, ...]
    """Canonical words (normal forms), in text order."""
    hashes: np.ndarray
    """uint64 fingerprint of each word (``copylens.core.canonicalize.fingerprint`` of the form)."""
    sentences: tuple[tuple[int, int], ...]
    """Each sentence as a [first, last + 1) range of ``words``; sentences without words left out."""
    sentence_spans: tuple[tuple[int, int], ...] = field(repr=False)
    """Character spans of the same sentences in ``text``."""

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def tf(self) -> Counter[str]:
        """Term frequency of each canonical word."""
        return Counter(self.words)

    @cached_property
    def sketch(self) -> np.ndarray:
        """The card's 84-minimum MinHash sketch of the 10-word shingles (``copylens.core.sketch``).

        Computed once per document while it is loaded (in the loading workers, as the engine
        computes it with the shingles), so Fetterly's megashingles and Broder's clustering
        read it like any other per-document state."""
        return minhash(shingles(self.hashes, SKETCH_SHINGLE))

    def sentence_words(self, s: int) -> tuple[str, ...]:
        first, last = self.sentences[s]
        return self.words[first:last]


@dataclass(frozen=True)
class CollectionStats:
    """N, df, cf and dl_avg of a collection (ALGORITHMS.md notation)."""

    n: int
    df: dict[str, int]
    cf: dict[str, int]
    dl_avg: float

    @classmethod
    def of(cls, docs: Sequence[MethodDoc]) -> CollectionStats:
        # Counting iterables runs in C (collections._count_elements); updating from mappings
        # loops in Python.
        df = Counter(chain.from_iterable(doc.tf.keys() for doc in docs))
        cf = Counter(chain.from_iterable(doc.words for doc in docs))
        total = sum(len(d) for d in docs)
        return cls(len(docs), dict(df), dict(cf), total / len(docs) if docs else 0.0)


@dataclass(frozen=True, eq=False)
class Collection:
    """The documents of one run, in input order, and their shared statistics."""

    docs: tuple[MethodDoc, ...]

    def __len__(self) -> int:
        return len(self.docs)

    @cached_property
    def stats(self) -> CollectionStats:
        return CollectionStats.of(self.docs)

    @property
    def paths(self) -> list[str]:
        return [d.path for d in self.docs]


def method_doc(path: str, text: str, canonical: Canonical) -> MethodDoc:
    """Attach sentences to a canonical document (see the module docstring for what holds)."""
    spans = sentence_spans(text, canonical.language)
    firsts = np.searchsorted(canonical.starts, [a for a, _ in spans], side="left")
    lasts = np.searchsorted(canonical.starts, [b for _, b in spans], side="left")
    kept = [(int(f), int(t), s) for f, t, s in zip(firsts, lasts, spans, strict=True) if t > f]
    doc = MethodDoc(
        path=path,
        text=text,
        language=canonical.language,
        words=canonical.forms,
        hashes=canonical.hashes,
        sentences=tuple((f, t) for f, t, _ in kept),
        sentence_spans=tuple(s for _, _, s in kept),
    )
    doc.sketch  # noqa: B018 -- computed here, in the loading worker
    return doc


def from_texts(texts: Sequence[str], options: Options = STUDY_OPTIONS) -> Collection:
    """A collection from strings (documents named "0", "1", ...), canonicalized in this process."""
    docs = [method_doc(str(i), text, canonicalize(text, options)) for i, text in enumerate(texts)]
    return Collection(tuple(docs))


def collection_of_texts(
    named: Sequence[tuple[str, str]],
    options: Options = STUDY_OPTIONS,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> Collection:
    """A collection from (path, extracted text) pairs already read (the app's compare report),
    through the same pipeline as files but in this process (the texts are in memory already);
    texts left without words are skipped."""
    items = [TextInput(path, text) for path, text in named]
    docs, _ = read_all(items, options.with_changes(workers=1), study_doc, progress, cancel)
    return Collection(tuple(docs))


def load_collection(
    inputs: Sequence[str | Path | TextInput],
    options: Options = STUDY_OPTIONS,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> tuple[Collection, list[InputFailure]]:
    """Read, canonicalize and sentence-split every input through the engine's pipeline
    (``copylens.core.prepare``: extraction, a failure per bad file, progress, cancellation, all
    cores) with the lab's own canonicalization ``options``."""
    items, failures = expand(inputs)
    docs, failed = read_all(items, options, study_doc, progress, cancel)
    return Collection(tuple(docs)), failures + failed


def study_doc(extracted: Extracted, options: Options) -> MethodDoc:
    """The lab's document of one extracted text (``build`` of ``prepare.read_all``); raises
    EmptyFile when canonicalization leaves no word."""
    canonical = canonicalize(extracted.text, options)
    if not canonical.forms:
        raise EmptyFile("no words left after removing stop words and short words")
    return method_doc(extracted.path, extracted.text, canonical)
