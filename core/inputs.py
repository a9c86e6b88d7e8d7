"""Inputs: a run's inputs expanded and told apart, before anything is read (issue 33).

``check``, ``compare`` and their distributed form (:mod:`copylens.core.distribute`) all start
the same way: folders expanded to their files, each input given an identity (a file's resolved
path, a pasted text's name, a page's address), repeats dropped, and the documents also given
to ignore left out of the documents and sources. What must hold: a file named twice, or on
both sides, is read once and compared with nothing it is (the same identity is one
:class:`~copylens.core.prepare.Prepared` object); the order of the inputs as given is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from copylens.core.documents import Input
from copylens.core.paths import resolved
from copylens.core.prepare import Item, expand, label_of
from copylens.core.report import InputFailure


class Named(Protocol):
    """A document read from an input (prepared, or spilled): named as its input."""

    @property
    def path(self) -> str: ...


D = TypeVar("D", bound=Named)


@dataclass(frozen=True)
class Inputs:
    """The run's inputs, expanded: documents and sources without those also to ignore."""

    documents: tuple[Item, ...]
    sources: tuple[Item, ...]
    ignore: tuple[Item, ...]
    missing: tuple[InputFailure, ...]
    """Paths that are not there: the documents', then the sources', then the ignored ones'."""
    keys: dict[str, str]
    """Label (:func:`label_of`) → identity."""

    def unique(self) -> list[Item]:
        """Every input once (documents, sources, ignored files): what the run reads."""
        first: dict[str, Item] = {}
        for item in (*self.documents, *self.sources, *self.ignore):
            first.setdefault(self.key(item), item)
        return list(first.values())

    def key(self, item: Item) -> str:
        return self.keys[label_of(item)]

    def by_key(self, read: Iterable[D]) -> dict[str, D]:
        """The documents read, by identity (a document is named as its input)."""
        return {self.keys[doc.path]: doc for doc in read}

    def pick(self, items: Sequence[Item], by_key: dict[str, D]) -> list[D]:
        """The documents read of ``items``, in their order, each once (none for one that
        failed)."""
        wanted = dict.fromkeys(self.key(item) for item in items)
        return [by_key[k] for k in wanted if k in by_key]


def told_apart(
    documents: Iterable[Input], ignore: Iterable[Input] = (), sources: Iterable[Input] = ()
) -> Inputs:
    """The inputs expanded (:func:`copylens.core.prepare.expand`), given identities, the
    documents and sources also given to ``ignore`` (a handout inside the essays' folder) left
    out of them."""
    walked: dict[str, str] = {}  # the files' resolved paths, found by the walk of folders
    doc_items, doc_missing = expand(documents, walked)
    src_items, src_missing = expand(sources, walked)
    ign_items, ign_missing = expand(ignore, walked)
    keys = identities([*doc_items, *src_items, *ign_items], walked)
    left_out = {keys[label_of(item)] for item in ign_items}
    return Inputs(
        documents=tuple(i for i in doc_items if keys[label_of(i)] not in left_out),
        sources=tuple(i for i in src_items if keys[label_of(i)] not in left_out),
        ignore=tuple(ign_items),
        missing=(*doc_missing, *src_missing, *ign_missing),
        keys=keys,
    )


def identities(items: Iterable[Item], walked: dict[str, str] | None = None) -> dict[str, str]:
    """Label → identity (a file's resolved path; a pasted text's name), resolved once each
    (each folder once: :func:`copylens.core.paths.resolved`), or taken from ``walked`` (label →
    resolved path, where the walk of a folder found it: :func:`copylens.core.prepare.expand`)."""
    keys: dict[str, str] = {}
    folders: dict[str, str] = {}
    known = walked or {}
    for item in items:
        label = label_of(item)
        if label not in keys:
            found = known.get(label) if isinstance(item, Path) else None
            keys[label] = found if found is not None else _identity(item, label, folders)
    return keys


def _identity(item: Item, label: str, folders: dict[str, str]) -> str:
    if not isinstance(item, Path):
        return label
    path = Path(label)
    found = resolved(path, folders)
    if found is not None:
        return found
    return str(path.resolve()) if path.exists() else label
