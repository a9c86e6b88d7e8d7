"""Cognates: Ukrainian words looked up in Russian word vectors (issue 35).

No word vectors for Ukrainian ship in a package, and without them the paraphrase stage
pairs only equal lemmas and the thesaurus's synonyms, so a Ukrainian rewrite scores far
below its Russian twin. Ukrainian and Russian share most of their stems, and their spelling
differs by a few regular correspondences (Shevelov 1979, a historical phonology of
Ukrainian; the same ones every Ukrainian–Russian transliteration table lists): Ukrainian
"і" stands for Russian "и", "о" or "е" ("вибір"/"выбор", "ціна"/"цена"), "и" for "ы" in
places ("ви-" for "вы-", "-ий" for "-ый"), "ї" for "и", "є" for "е", "ґ" for "г", and a few
endings ("-ння"/"-ние", "-ття"/"-тие", "-ція"/"-ция", "-ість"/"-ость", "-ти"/"-ть",
"-тися"/"-ться"). :func:`russian_spellings` writes a word those ways, and
:func:`ukrainian_known` takes the vector of the first spelling navec knows (the word as it
is first: navec's news corpus holds many Ukrainian words too).

A false friend gets a wrong vector ("неділя", Sunday, takes "неделя", week): measured on
the collection's Ukrainian texts, 254 of 670 distinct lemmas find a spelling navec knows;
the stage's thresholds for Ukrainian were chosen with these vectors on honest Ukrainian
writing, independent texts and word salad (``paraphrase.CHAINED``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

ENDINGS = (
    ("тися", "ться"),
    ("ння", "ние"),
    ("ття", "тие"),
    ("ція", "ция"),
    ("ість", "ость"),
    ("ти", "ть"),
    ("ій", "ий"),
)
"""Ukrainian endings and their Russian counterparts (the first that fits is replaced)."""
_APOSTROPHES = str.maketrans("", "", "'’ʼ")
_LETTERS = str.maketrans({"ї": "и", "є": "е", "ґ": "г"})
_HARD = "кгхжшчщ"
"""Consonants after which Russian keeps "-ий" (as in "русский"), not "-ый"."""


def russian_spellings(word: str) -> list[str]:
    """The word as it is, then its Russian spellings, most likely first: with its ending
    replaced (:data:`ENDINGS`) before without, "і" as "и", "о", then "е", and "и" as "ы"
    only at the edges ("ви-", "-ий"), then nowhere, then everywhere. No duplicates."""
    word = word.translate(_APOSTROPHES)
    bases = [word]
    for ukrainian, russian in ENDINGS:
        if word.endswith(ukrainian) and len(word) > len(ukrainian) + 1:
            bases.insert(0, word[: -len(ukrainian)] + russian)
            break
    out = [word]
    for base in bases:
        for i in ("и", "о", "е"):
            for y in ("edges", "none", "all"):
                t = base.replace("и", "ы") if y == "all" else base
                if y == "edges":
                    if t.startswith("ви"):
                        t = "вы" + t[2:]
                    if t.endswith("ий") and len(t) > 3 and t[-3] not in _HARD:
                        t = t[:-2] + "ый"
                out.append(t.replace("і", i).translate(_LETTERS))
    return list(dict.fromkeys(out))


def ukrainian_known(
    russian: Callable[[list[str]], list[np.ndarray | None]],
) -> Callable[[list[str]], list[np.ndarray | None]]:
    """A lexicon's ``known`` for Ukrainian words: each word's vector is the Russian lexicon's
    (``russian``, navec's) for the first of :func:`russian_spellings` it knows, else None."""

    def known(words: list[str]) -> list[np.ndarray | None]:
        spellings = [russian_spellings(w) for w in words]
        flat = [s for group in spellings for s in group]
        vectors = iter(russian(flat))
        out: list[np.ndarray | None] = []
        for group in spellings:
            found = [next(vectors) for _ in group]
            out.append(next((v for v in found if v is not None), None))
        return out

    return known
