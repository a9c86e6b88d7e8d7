"""Documents for the methods' tests: canonical words given directly, and two short texts."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from copylens.core.canonicalize import fingerprint
from copylens.core.methods.collection import Collection, MethodDoc

ESSAY = (
    "Студенты первого курса изучают основы программирования и решают практические задачи "
    "каждую неделю. Преподаватели проверяют письменные работы и обсуждают типичные ошибки "
    "на семинарах вместе со студентами. Летом группа отправляется на практику в крупные "
    "компании города, где работает над настоящими проектами под руководством инженеров."
)
OTHER = (
    "Rainfall in the northern valleys was unusually low this year, so farmers planted "
    "drought resistant barley and repaired the old irrigation channels before spring. "
    "Cooperatives shared tractors, and the regional office published weekly forecasts."
)


def make_doc(sentences: Sequence[str], path: str = "doc") -> MethodDoc:
    """A document whose canonical words are given directly, one string per sentence."""
    words: list[str] = []
    ranges: list[tuple[int, int]] = []
    spans: list[tuple[int, int]] = []
    text = ""
    for sentence in sentences:
        split = sentence.split()
        ranges.append((len(words), len(words) + len(split)))
        words += split
        spans.append((len(text), len(text) + len(sentence) + 1))
        text += sentence + ". "
    return MethodDoc(
        path=path,
        text=text,
        language="en",
        words=tuple(words),
        hashes=np.array([fingerprint(w) for w in words], dtype=np.uint64),
        sentences=tuple(ranges),
        sentence_spans=tuple(spans),
    )


def make_collection(*docs: Sequence[str]) -> Collection:
    return Collection(tuple(make_doc(d, str(i)) for i, d in enumerate(docs)))


LETTERS = {"en": "abcdefghiklmnoprstuvwy", "ru": "абвгдежзиклмнопрстуфхя"}


def pseudo_words(count: int, language: str, seed: int) -> list[str]:
    """Distinct made-up words of 5–9 letters (they survive stop words and the ≤ 3-letter rule)."""
    rng = random.Random(seed)
    words: dict[str, None] = {}
    while len(words) < count:
        words["".join(rng.choice(LETTERS[language]) for _ in range(rng.randint(5, 9)))] = None
    return list(words)
