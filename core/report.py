"""Report: the values the engine returns, and their JSON form (the CLI's contract).

All offsets are Python string indices into the extracted text of the named file (the text
``copylens extract FILE`` prints). Ratios are in 0..1. Containment and uniqueness count the
document's canonical words (stop words and dropped words do not count); ``words`` is the
number of all words of the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from copylens.core.errors import Explained, OptionsError
from copylens.core.labels import label_key
from copylens.core.options import Options


@dataclass(frozen=True)
class Edit:
    """An edit inside a fragment: "form", "replace", "insert", "delete" or "retold", with both
    spans.

    "retold" (issue 34, passages): inside a ``"copy"`` fragment, the checked text's
    ``[start, end)`` retells the source's ``[source_start, source_end)`` in other words (whole
    sentences a paraphrase signal found, kept apart by kind as issue 17 asks), so that a copied
    passage with retold sentences inside is one fragment: one entry, one highlight with the
    retold sentences tinted as paraphrase, one detection. One edit per sentence (each with the
    paraphrase's whole source span); a sentence whose middle is copied word for word is its
    two retold parts, the second ``continued``, so the count of retold sentences is the count
    of retold edits not ``continued`` (``copylens.app.presentation.retold_count``).

    Must hold (tests/test_fragment_invariants.py): every edit lies within its fragment,
    ``start <= e.start <= e.end <= end`` and ``source_start <= e.source_start <= e.source_end
    <= source_end``, a zero-width one (an ``"insert"``'s source side, a ``"delete"``'s
    checked side) too; a fragment's edits are in order of ``start`` and do not overlap
    (zero-width ones aside), and none lies on a retold span."""

    kind: str
    start: int
    end: int
    source_start: int
    source_end: int
    continued: bool = False
    """A "retold" edit that goes on with the sentence of the retold edit before it in its
    fragment, past words copied word for word between them (issue 34): the two are one
    retold sentence. In a JSON report only where true."""


@dataclass(frozen=True)
class Fragment:
    """A passage of the checked text found in a source, spans on both sides."""

    start: int
    end: int
    source_start: int
    source_end: int
    words: int
    """Canonical words of the checked text inside the fragment."""
    exact_words: int
    """Of those, the words matched and written identically."""
    edits: tuple[Edit, ...] = ()
    cited: bool = False
    """Most of the fragment lies in a quotation, a block quotation or the bibliography
    (:mod:`copylens.core.citations`): a citation, not a borrowing."""
    kind: str = "copy"
    """"copy": words found in the source (as written, in another form or with scattered
    edits), by alignment, a passage that may hold sentences retold in other words (its
    ``"retold"`` edits: a paraphrase beside the copied words, joined to them by the passage
    grouping, :class:`copylens.core.passages.PassageGrouping`); "paraphrase": sentences whose
    meaning matches source sentences though their words mostly do not
    (:mod:`copylens.core.paraphrase`), or whose words were shuffled or swapped so that no run
    of them is left (:mod:`copylens.core.passages`), with no copied words beside them."""
    score: float = 1.0
    """A paraphrase's meaning similarity with its source sentences (0..1, at least the
    threshold it was kept by; for edited sentences, the tf-isf cosine of the two sides); 1.0
    for a copy, a copy passage with retold sentences too (their paraphrase's score is not
    kept)."""
    uncovered: tuple[tuple[int, int], ...] | None = None
    """Character spans, each from a canonical word's start to a later one's end, of the
    fragment's words the check did not count as found in this source: a writer's own
    sentence inside a copied passage, the words between the two parts of a passage joined
    across a gap, words past the pair's seed zones. The figures count the fragment's other
    words, and so does :mod:`copylens.core.exclusions` when it counts again. None where not
    known (a fragment of a compare, or of a report saved before they were kept)."""


@dataclass(frozen=True)
class SourceMatch:
    path: str
    resemblance: float
    """Exact |S(A) ∩ S(B)| / |S(A) ∪ S(B)| of the w-shingle sets."""
    resemblance_estimate: float
    """The same estimated from the 84-hash MinHash sketches."""
    containment: float
    """Share of the checked document's words covered by fragments of this source."""
    reverse_containment: float
    """Share of the source's words covered by the same fragments."""
    exclusive: float
    """Share of the checked document's words covered by this source and no other."""
    shingle_containment: float
    """|S(A) ∩ S(B)| / |S(A)|: the plain w-shingle containment of ALGORITHMS.md §2."""
    matched_words: int
    fragments: tuple[Fragment, ...]
    cited: float = 0.0
    """Share of the checked document's words covered by this source's cited fragments (part
    of ``containment``)."""
    archive_id: int | None = None
    """The source's id in the archive (``copylens archive``), None for a file given."""
    labels: tuple[tuple[str, str], ...] = ()
    """An archived source's labels (author, group, year, …)."""
    self_citation: bool = False
    """An archived source whose ``author`` label is the checked document's author: the writer
    reusing their own earlier work (JSON ``"self"``)."""
    url: str | None = None
    """A source from the web: the address its page was downloaded from, after redirects
    (``path`` is the address as given or found); None for a file or an archived document."""
    fetched: str | None = None
    """When a web source's page was downloaded or last confirmed unchanged (ISO 8601, UTC)."""
    identical: bool = False
    """An archived source whose extracted text is the checked document's, character for
    character: the same submission handed in again (issue 32)."""
    added: str | None = None
    """When an archived source was added (ISO 8601, UTC); None for a file or a page."""
    copies: tuple[int, ...] = ()
    """Other archived records holding the same text as this source (their ids)."""

    @property
    def key(self) -> str:
        """The source's name in the report's ``texts``: its path, or ``archive:ID``."""
        return self.path if self.archive_id is None else archive_key(self.archive_id)


@dataclass(frozen=True)
class DocumentResult:
    path: str
    language: str
    words: int
    counted_words: int
    uniqueness: float
    """Share of the counted words found in no source."""
    borrowed: float
    """Share found in a source outside citations, other than the writer's own earlier work."""
    cited: float
    """Share found in a source inside quotations, block quotations or the bibliography."""
    homoglyphs: int
    homoglyph_offsets: tuple[int, ...]
    sha256: str
    """Hex SHA-256 of the file's bytes (of the UTF-8 text for pasted text)."""
    sources: tuple[SourceMatch, ...]
    self_cited: float = 0.0
    """Share found, outside citations, only in the writer's own archived work (sources with
    ``self_citation``); ``uniqueness + borrowed + cited + self_cited == 1``."""
    archived_as: tuple[int, ...] = ()
    """Archived records that are this very submission (the same file's bytes, the same
    labels): "already in the archive as #12", neither a source nor hidden (issue 32)."""
    pasted: bool = False
    """Text given directly (typed or pasted: ``TextInput``), not read from a file: ``path`` is
    its name, not a path (a report does not call it one)."""


@dataclass(frozen=True)
class InputFailure:
    """An input that could not be used: its path (or name) and why, in English (``error``).

    ``template`` and ``params`` are the :class:`~copylens.core.errors.Explained` error's, so a
    front end can show the reason in the user's language; empty for a plain message.
    """

    path: str
    error: str
    template: str = ""
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, path: str, error: Explained) -> InputFailure:
        """The failure of ``path`` because of ``error`` (an input's, or a web search's)."""
        return cls(path, str(error), error.template, tuple(sorted(error.params.items())))


def _folded(labels: Iterable[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """Label pairs as compared (issue 32): keys by :func:`~copylens.core.labels.label_key`,
    values trimmed and case-folded; every pair kept (two values of one key are two pairs)."""
    return frozenset((label_key(k), v.strip().casefold()) for k, v in labels)


@dataclass(frozen=True)
class Exclusions:
    """What a teacher leaves out of a check's figures, as Turnitin's filters do (issue 36):
    every share is then recomputed without it (:func:`copylens.core.exclude`).

    A fragment of fewer than ``min_words`` counted words is hidden; a source whose share of
    the document (its containment, before anything is left out) is under ``min_share`` is
    hidden; a source is excluded by its key (``SourceMatch.key``: its path, or
    ``archive:ID``); every archived source carrying one of ``archive_labels`` (``("group",
    "301")``) is excluded. All empty: nothing is left out."""

    min_words: int = 0
    min_share: float = 0.0
    sources: frozenset[str] = frozenset()
    archive_labels: frozenset[tuple[str, str]] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.min_words or self.min_share or self.sources or self.archive_labels)

    def hides(self, source: SourceMatch) -> bool:
        """Whether the whole ``source`` is left out (its fragments' length aside)."""
        return (
            source.containment < self.min_share
            or source.key in self.sources
            or (
                source.archive_id is not None
                and bool(_folded(self.archive_labels) & _folded(source.labels))
            )
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "min_words": self.min_words,
            "min_share": self.min_share,
            "sources": sorted(self.sources),
            "archive_labels": [list(pair) for pair in sorted(self.archive_labels)],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Exclusions:
        """Parsed back from :meth:`to_json`, validated (ValueError naming what is wrong)."""
        words = data.get("min_words", 0)
        if type(words) is not int or not 0 <= words <= 1_000_000:
            raise ValueError(f"min_words must be a count of words, not {words!r}"[:200])
        return cls(
            min_words=words,
            min_share=_share(data, "min_share", 0.0),
            sources=frozenset(str(k) for k in data.get("sources", ())),
            archive_labels=frozenset((str(k), str(v)) for k, v in data.get("archive_labels", ())),
        )


@dataclass(frozen=True)
class CheckReport:
    """Documents checked against sources: what a front end shows, exports and prints."""

    documents: tuple[DocumentResult, ...]
    errors: tuple[InputFailure, ...]
    options: Options
    """The settings this run used (a report lists these, whatever the settings are now)."""
    texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """Extracted text of every document and source by path, an archived source's by
    ``archive:ID`` (:attr:`SourceMatch.key`; not part of the JSON)."""
    archived: tuple[int, ...] = ()
    """Ids of the checked documents this run added to the archive."""
    queries: int = 0
    """Web search queries this run sent (each one costs the user; JSON ``"web_queries"``)."""
    exclusions: Exclusions = field(default_factory=Exclusions)
    """What was left out of the figures (JSON ``"exclusions"``, only when something was)."""
    unexcluded: CheckReport | None = field(default=None, compare=False, repr=False)
    """The report as the engine gave it, before :attr:`exclusions` (None when it is that
    one): other exclusions start from it (not in :meth:`to_json`; :meth:`to_data` keeps its
    documents, so a reopened session's exclusions can still be changed)."""

    def text_of(self, source: SourceMatch) -> str | None:
        """The extracted text of a source (None if the report does not hold it)."""
        return self.texts.get(source.key)

    def to_json(self) -> dict[str, Any]:
        return {
            "documents": [_document_json(d) for d in self.documents],
            "errors": [_failure(e) for e in self.errors],
            "web_queries": self.queries,
        } | ({"exclusions": self.exclusions.to_json()} if self.exclusions else {})

    def to_data(self) -> dict[str, Any]:
        """:meth:`to_json` and what it leaves out (options, texts, the errors' templates,
        ``archived``): everything :meth:`from_json` needs to rebuild an equal report."""
        data = self.to_json() | {
            "kind": "check",
            "errors": [_failure_data(e) for e in self.errors],
            "options": _options_data(self.options),
            "texts": dict(self.texts),
            "archived": list(self.archived),
        }
        if self.unexcluded is not None:  # its documents: other exclusions start from them
            data["unexcluded"] = [_document_json(d) for d in self.unexcluded.documents]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CheckReport:
        """The report of :meth:`to_data` (or :meth:`to_json`: then default options, no texts,
        errors without templates), parsed back from JSON. Raises ValueError (KeyError,
        TypeError) on data of another shape."""
        report = cls(
            documents=tuple(_document(d) for d in data["documents"]),
            errors=tuple(_failure_of(e) for e in data["errors"]),
            options=_options_of(data.get("options", {})),
            texts=_texts_of(data.get("texts", {})),
            archived=tuple(int(n) for n in data.get("archived", ())),
            queries=int(data.get("web_queries", 0)),
            exclusions=Exclusions.from_json(data.get("exclusions", {})),
        )
        if "unexcluded" not in data:
            return report
        documents = tuple(_document(d) for d in data["unexcluded"])
        base = replace(report, documents=documents, exclusions=Exclusions())
        return replace(report, unexcluded=base)


@dataclass(frozen=True)
class PairResult:
    a: str
    b: str
    resemblance: float
    resemblance_estimate: float
    containment_ab: float
    containment_ba: float
    fragments: tuple[Fragment, ...]

    def to_json(self) -> dict[str, Any]:
        return _pair_json(self)


@dataclass(frozen=True)
class CompareReport:
    """Every document compared with every other: the pairs sharing text, and their groups."""

    pairs: tuple[PairResult, ...]
    clusters: tuple[tuple[str, ...], ...]
    errors: tuple[InputFailure, ...]
    options: Options
    """The settings this run used."""
    documents: tuple[str, ...] = ()
    """Every document that was read, in input order."""
    texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """Extracted text of every document by path (not part of the JSON)."""

    @cached_property
    def memo(self) -> dict[str, Any]:
        """What computations over this report keep between calls, filled on first use
        (:mod:`copylens.core.coverage` keeps each document's shares and word starts here: the
        app counts them on its run's thread, so its window gets them ready). The report knows
        nothing of what is kept. Not a field (not in equality, nor the JSON)."""
        return {}

    def to_json(self) -> dict[str, Any]:
        return {
            "pairs": [_pair_json(p) for p in self.pairs],
            "clusters": [list(c) for c in self.clusters],
            "errors": [_failure(e) for e in self.errors],
        }

    def to_data(self) -> dict[str, Any]:
        """:meth:`to_json` and what it leaves out (options, texts, the errors' templates,
        ``documents``): everything :meth:`from_json` needs to rebuild an equal report."""
        return self.to_json() | {
            "kind": "compare",
            "errors": [_failure_data(e) for e in self.errors],
            "options": _options_data(self.options),
            "texts": dict(self.texts),
            "documents": list(self.documents),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CompareReport:
        """The report of :meth:`to_data` (or :meth:`to_json`), parsed back from JSON; see
        :meth:`CheckReport.from_json`."""
        return cls(
            pairs=tuple(_pair(p) for p in data["pairs"]),
            clusters=tuple(tuple(str(path) for path in c) for c in data["clusters"]),
            errors=tuple(_failure_of(e) for e in data["errors"]),
            options=_options_of(data.get("options", {})),
            documents=tuple(str(path) for path in data.get("documents", ())),
            texts=_texts_of(data.get("texts", {})),
        )


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls))
    for cls in (Edit, Fragment, SourceMatch, DocumentResult, InputFailure, PairResult)
}


def _document_json(d: DocumentResult) -> dict[str, Any]:
    data = _fields(d, exclude=("sources", "homoglyph_offsets", "archived_as"))
    data["homoglyph_offsets"] = list(d.homoglyph_offsets)
    data["archived_as"] = list(d.archived_as)
    data["sources"] = [_with_fragments(s) for s in d.sources]
    return data


def _pair_json(p: PairResult) -> dict[str, Any]:
    return _with_fragments(p)


def _with_fragments(item: SourceMatch | PairResult) -> dict[str, Any]:
    data = _fields(item, exclude=("fragments", "labels", "self_citation", "copies"))
    if isinstance(item, SourceMatch):
        data["labels"] = dict(item.labels)
        data["self"] = item.self_citation
        data["copies"] = list(item.copies)
    data["fragments"] = [_fragment_json(f) for f in item.fragments]
    return data


def archive_key(document: int) -> str:
    """The engine's name of an archived source (unique, unlike the paths documents were
    added with)."""
    return f"archive:{document}"


def _fragment_json(f: Fragment) -> dict[str, Any]:
    data = _fields(f, exclude=("edits", "uncovered"))
    data["edits"] = [_edit_json(e) for e in f.edits]
    if f.uncovered is not None:
        data["uncovered"] = [list(span) for span in f.uncovered]
    return data


def _edit_json(e: Edit) -> dict[str, Any]:
    """An edit's fields in their order, ``continued`` only where true (reports stay as they
    were): the same dictionary as ``_fields(e)`` less ``continued`` where false
    (tests/test_report_json.py), written out, since a ``compare`` writes one for each edit of
    each pair it reports, in the process running it while the pair workers use both cores
    (issue 40: 7,154 edits at 1,000 essays, 3.4 ms with ``_fields``, 1.4 ms so; ten times
    that at 10,000)."""
    data: dict[str, Any] = {
        "kind": e.kind,
        "start": e.start,
        "end": e.end,
        "source_start": e.source_start,
        "source_end": e.source_end,
    }
    if e.continued:
        data["continued"] = e.continued
    return data


def _fields(item: Any, exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    """Shallow dataclass → dict (``asdict`` deep-copies and is ten times slower)."""
    return {name: getattr(item, name) for name in _FIELDS[type(item)] if name not in exclude}


def _failure(failure: InputFailure) -> dict[str, Any]:
    """An error in the JSON: ``path`` and ``error`` (English); the template is the app's."""
    return {"path": failure.path, "error": failure.error}


# ---------------------------------------------------------------------- parsing back


def _failure_data(failure: InputFailure) -> dict[str, Any]:
    """An error with its template and parameters (the app shows it translated)."""
    return _failure(failure) | {
        "template": failure.template,
        "params": [list(pair) for pair in failure.params],
    }


def _failure_of(data: dict[str, Any]) -> InputFailure:
    params = tuple((str(k), str(v)) for k, v in data.get("params", ()))
    return InputFailure(
        str(data["path"]), str(data["error"]), str(data.get("template", "")), params
    )


def _options_data(options: Options) -> dict[str, Any]:
    return {name: getattr(options, name) for name in Options.field_names()}


def _options_of(data: dict[str, Any]) -> Options:
    """Options from their field values (unknown names dropped, missing ones defaulted),
    validated: a value of another type or out of range raises ValueError."""
    defaults = Options()
    values: dict[str, Any] = {}
    for name in Options.field_names():
        if name in data:
            kind = type(getattr(defaults, name))
            value = data[name]
            if kind is float and type(value) is int:
                value = float(value)
            if type(value) is not kind:
                raise ValueError(f"option {name} must be {kind.__name__}, got {value!r}")
            values[name] = value
    try:
        return Options(**values).validated()
    except OptionsError as error:
        raise ValueError("; ".join(error.problems)) from error


def _texts_of(data: dict[str, Any]) -> dict[str, str]:
    if not isinstance(data, dict) or not all(isinstance(t, str) for t in data.values()):
        raise ValueError("texts must map names to strings")
    return {str(name): text for name, text in data.items()}


def _edit(data: dict[str, Any]) -> Edit:
    return Edit(
        str(data["kind"]),
        int(data["start"]),
        int(data["end"]),
        int(data["source_start"]),
        int(data["source_end"]),
        bool(data.get("continued", False)),
    )


def _fragment(data: dict[str, Any]) -> Fragment:
    return Fragment(
        start=int(data["start"]),
        end=int(data["end"]),
        source_start=int(data["source_start"]),
        source_end=int(data["source_end"]),
        words=int(data["words"]),
        exact_words=int(data["exact_words"]),
        edits=tuple(_edit(e) for e in data["edits"]),
        cited=bool(data["cited"]),
        kind=str(data.get("kind", "copy")),
        score=_share(data, "score", 1.0),
        uncovered=None
        if data.get("uncovered") is None
        else tuple((int(start), int(end)) for start, end in data["uncovered"]),
    )


def _source(data: dict[str, Any]) -> SourceMatch:
    archive_id = data["archive_id"]
    return SourceMatch(
        path=str(data["path"]),
        resemblance=_share(data, "resemblance"),
        resemblance_estimate=_share(data, "resemblance_estimate"),
        containment=_share(data, "containment"),
        reverse_containment=_share(data, "reverse_containment"),
        exclusive=_share(data, "exclusive"),
        shingle_containment=_share(data, "shingle_containment"),
        matched_words=int(data["matched_words"]),
        fragments=tuple(_fragment(f) for f in data["fragments"]),
        cited=_share(data, "cited"),
        archive_id=None if archive_id is None else int(archive_id),
        labels=tuple((str(k), str(v)) for k, v in data["labels"].items()),
        self_citation=bool(data["self"]),
        url=_optional(data.get("url")),
        fetched=_optional(data.get("fetched")),
        identical=bool(data.get("identical", False)),
        added=_optional(data.get("added")),
        copies=tuple(int(n) for n in data.get("copies", ())),
    )


def _share(data: dict[str, Any], key: str, default: float | None = None) -> float:
    """``data[key]`` as a share: a finite number from 0 to 1 (``default`` when absent, if
    given); ValueError naming the key otherwise (a hand-made or damaged report)."""
    value = data[key] if default is None else data.get(key, default)
    if type(value) not in (int, float) or not -1e-9 <= value <= 1.0 + 1e-9:  # NaN fails
        raise ValueError(f"{key} must be a share from 0 to 1, not {value!r}"[:200])
    return float(value)


def _optional(value: Any) -> str | None:
    return None if value is None else str(value)


def _document(data: dict[str, Any]) -> DocumentResult:
    return DocumentResult(
        path=str(data["path"]),
        language=str(data["language"]),
        words=int(data["words"]),
        counted_words=int(data["counted_words"]),
        uniqueness=_share(data, "uniqueness"),
        borrowed=_share(data, "borrowed"),
        cited=_share(data, "cited"),
        homoglyphs=int(data["homoglyphs"]),
        homoglyph_offsets=tuple(int(n) for n in data["homoglyph_offsets"]),
        sha256=str(data["sha256"]),
        sources=tuple(_source(s) for s in data["sources"]),
        self_cited=_share(data, "self_cited"),
        archived_as=tuple(int(n) for n in data.get("archived_as", ())),
        pasted=bool(data.get("pasted", False)),
    )


def _pair(data: dict[str, Any]) -> PairResult:
    return PairResult(
        a=str(data["a"]),
        b=str(data["b"]),
        resemblance=_share(data, "resemblance"),
        resemblance_estimate=_share(data, "resemblance_estimate"),
        containment_ab=_share(data, "containment_ab"),
        containment_ba=_share(data, "containment_ba"),
        fragments=tuple(_fragment(f) for f in data["fragments"]),
    )
