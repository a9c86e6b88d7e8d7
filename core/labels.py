"""Labels: the ``key=value`` pairs a submission is archived with (author, group, year, …).

What must hold (issue 32): keys and values are compared without regard to case (Unicode case
folding, so ``Автор=Петров`` is ``автор=петров``); a key's words in the languages CopyLens
speaks are one key (``author``, and ``автор`` in Russian and Ukrainian), stored under its
English name; a value is stored as it was typed (trimmed), so a listing shows it as given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

AUTHOR = "author"
SYNONYMS: Mapping[str, str] = {"автор": AUTHOR}
"""A key's other words (case-folded) → its stored name."""


def label_key(key: str) -> str:
    """The stored name of a label key: trimmed, case-folded, its synonym's English name."""
    folded = key.strip().casefold()
    return SYNONYMS.get(folded, folded)


def normalised(labels: Mapping[str, str] | Iterable[tuple[str, str]]) -> dict[str, str]:
    """Labels as stored: keys by :func:`label_key` (the first of two keys that become one
    wins), values trimmed."""
    pairs = labels.items() if isinstance(labels, Mapping) else labels
    out: dict[str, str] = {}
    for key, value in pairs:
        out.setdefault(label_key(str(key)), str(value).strip())
    return out


def folded(labels: Mapping[str, str] | Iterable[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The labels as compared: keys and values case-folded."""
    return frozenset((k, v.casefold()) for k, v in normalised(labels).items())


def same_labels(
    a: Mapping[str, str] | Iterable[tuple[str, str]],
    b: Mapping[str, str] | Iterable[tuple[str, str]],
) -> bool:
    """The same labels, up to case and a key's synonyms."""
    return folded(a) == folded(b)


def has_labels(
    labels: Mapping[str, str] | Iterable[tuple[str, str]], wanted: Mapping[str, str]
) -> bool:
    """``labels`` hold every label of ``wanted`` (up to case and synonyms)."""
    return folded(wanted) <= folded(labels)


def author_of(labels: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> str | None:
    """The ``author`` (or ``автор``) label's value, case-folded; None without one."""
    if labels is None:
        return None
    value = normalised(labels).get(AUTHOR)
    return value.casefold() if value else None
