"""Exact copies: the study's A0 MD5 (ALGORITHMS.md §4, Zelenkov & Segalovich).

The study included MD5 of the whole document to compare near-duplicate methods with exact
duplicates; it finds exact copies only.

What must hold: two documents share the key exactly when their canonical word sequences are
equal; the key is stable across runs (MD5, not Python's ``hash()``).

Reading chosen: "the whole document" is the document after the study's preprocessing (§4:
HTML, stop words, words of ≤ 3 letters, line breaks, extra spaces and special characters
removed before every method), i.e. the canonical words joined by single spaces. So copies that
differ only in punctuation, case, spacing, stop words or word forms count as exact copies, as
in the study. A document with no words left has no key: empty documents are not copies of
each other.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from copylens.core.methods.base import Method, SignatureMethod
from copylens.core.methods.collection import Collection, MethodDoc


@dataclass(frozen=True)
class MD5(SignatureMethod):
    """§4 A0 MD5: the 128-bit MD5 of the canonical words joined by spaces, as an int."""

    name: ClassVar[str] = "A0"
    title: ClassVar[str] = "MD5"
    section: ClassVar[str] = "§4 A0"

    def train(self, collection: Collection) -> None:
        return None

    def keys(self, doc: MethodDoc, model: Any) -> Sequence[int]:
        if not doc.words:
            return ()
        digest = hashlib.md5(" ".join(doc.words).encode("utf-8"), usedforsecurity=False).digest()
        return (int.from_bytes(digest, "big"),)


METHODS: tuple[Method, ...] = (MD5(),)
