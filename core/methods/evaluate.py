"""The study's evaluation (Zelenkov & Segalovich; ALGORITHMS.md §4, last paragraph), and dedup.

Without labels, the procedure of the study: run every chosen method over one collection,
pool every pair any method found, verify each pooled pair by a direct text similarity
(:func:`~copylens.core.methods.similarity.similarity` ≥ 0.8), then per method
recall = |found ∩ verified| / |verified|, precision = |found ∩ verified| / |found|, F1, the
number of pairs found and the speed; and the Dice agreement 2|A ∩ B| / (|A| + |B|) between the
pair sets of every two methods. As in the study, recall is relative to the pool: a pair no
chosen method found cannot count against any of them.

With labels (``a,b,label`` rows, label 1 = near-duplicate, 0 = not): recall against the
pairs labelled 1; precision over the found pairs that carry a label. A found pair without a
label is counted apart (``unlabelled``) and left out of precision, because a labels file
usually covers only the pairs someone judged (Clough–Stevenson labels answers against their
task's source, not answers against each other) — unless ``unlisted_negative`` says the labels
are complete (a generated collection), and then every unlisted pair is a 0.

Speed is documents per second of one method's ``find`` on the whole collection, timed alone
on one core; the collection statistics (N, df, cf, dl_avg) are shared and computed before the
clock starts, since the study's collection preprocessing is not part of any one method.
"""

from __future__ import annotations

import csv
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from copylens.core.errors import Cancelled, CopyLensError
from copylens.core.methods.base import Method, Pair, ordered
from copylens.core.methods.collection import Collection, collection_of_texts
from copylens.core.methods.similarity import VERIFY_THRESHOLD, similarity
from copylens.core.unionfind import groups

MethodProgress = Callable[[str, int, int], None]
"""progress(method name, done, total)."""


class LabelsError(CopyLensError):
    """A labels file that cannot be used: unreadable, wrong columns, bad labels."""


@dataclass(frozen=True)
class Label:
    a: str
    b: str
    duplicate: bool


@dataclass(frozen=True)
class MethodRun:
    """What one method found, and how long it took."""

    name: str
    title: str
    pairs: frozenset[Pair]
    seconds: float


@dataclass(frozen=True)
class MethodScore:
    name: str
    title: str
    recall: float
    precision: float
    f1: float
    pairs: int
    true_positives: int
    docs_per_second: float
    seconds: float
    unlabelled: int = 0


@dataclass(frozen=True)
class Evaluation:
    truth: str
    """"pooled" (verified pool, the study's procedure) or "labels"."""
    documents: int
    positives: int
    """Pairs that count as near-duplicates: verified pool pairs, or pairs labelled 1."""
    pooled: int
    """Distinct pairs found by any method."""
    methods: tuple[MethodScore, ...]
    dice: dict[str, dict[str, float | None]]

    def to_json(self) -> dict[str, object]:
        return {
            "truth": self.truth,
            "documents": self.documents,
            "positives": self.positives,
            "pooled": self.pooled,
            "methods": [
                {
                    "name": m.name,
                    "title": m.title,
                    "recall": round(m.recall, 4),
                    "precision": round(m.precision, 4),
                    "f1": round(m.f1, 4),
                    "pairs": m.pairs,
                    "true_positives": m.true_positives,
                    "unlabelled": m.unlabelled,
                    "docs_per_second": round(m.docs_per_second, 1),
                    "seconds": round(m.seconds, 4),
                }
                for m in self.methods
            ],
            "dice": {
                a: {b: None if v is None else round(v, 4) for b, v in row.items()}
                for a, row in self.dice.items()
            },
        }


@dataclass(frozen=True)
class Dedup:
    """Near-duplicates by one method: its pairs and their union–find clusters."""

    method: str
    pairs: tuple[Pair, ...]
    clusters: tuple[tuple[int, ...], ...]


def dedup(collection: Collection, method: Method) -> Dedup:
    return deduplicated(method.name, method.find(collection))


def deduplicated(name: str, found: Iterable[Pair]) -> Dedup:
    """The pairs a method found, sorted, and their union–find clusters (a method's ``find``
    here, or its pair stage run on a cluster, ``copylens.core.distribute``)."""
    pairs = tuple(sorted(found))
    return Dedup(name, pairs, tuple(groups(pairs)))


@dataclass(frozen=True)
class Grouping:
    """Near-duplicate groups of named documents by one method (the app's *Compare all*)."""

    method: str
    clusters: tuple[tuple[str, ...], ...]
    pairs: tuple[tuple[str, str], ...]


def group_texts(
    named: Sequence[tuple[str, str]],
    method: Method,
    progress: MethodProgress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Grouping:
    """Group (path, text) documents already extracted with ``method``, canonicalized as §4 says."""
    collection = collection_of_texts(named, progress=progress, cancel=cancel)
    if cancel is not None and cancel():
        raise Cancelled()
    if progress is not None:
        progress("grouping", 0, 1)
    result = dedup(collection, method)
    paths = collection.paths
    return Grouping(
        method.name,
        tuple(tuple(paths[i] for i in c) for c in result.clusters),
        tuple((paths[i], paths[j]) for i, j in result.pairs),
    )


def run_methods(
    collection: Collection,
    methods: Sequence[Method],
    progress: MethodProgress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> list[MethodRun]:
    """Each method's pairs and time, one after another."""
    collection.stats  # noqa: B018 -- shared by all methods, computed before any clock starts
    runs = []
    for done, m in enumerate(methods):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(m.name, done, len(methods))
        start = time.perf_counter()
        found = frozenset(m.find(collection))
        runs.append(MethodRun(m.name, m.title, found, time.perf_counter() - start))
    if progress is not None:
        progress("", len(methods), len(methods))
    return runs


def evaluate(
    collection: Collection,
    runs: Sequence[MethodRun],
    labels: Sequence[Label] | None = None,
    unlisted_negative: bool = False,
    label_base: Path | None = None,
) -> Evaluation:
    """Score the runs against the verified pool, or against labels (see the module docstring)."""
    pooled = frozenset().union(*(r.pairs for r in runs)) if runs else frozenset()
    if labels is None:
        positives = verified(collection, pooled)
        judged: frozenset[Pair] | None = None
    else:
        positives, negatives = labelled_pairs(collection, labels, label_base)
        judged = None if unlisted_negative else positives | negatives
    scores = tuple(_score(r, positives, judged, len(collection)) for r in runs)
    return Evaluation(
        truth="pooled" if labels is None else "labels",
        documents=len(collection),
        positives=len(positives),
        pooled=len(pooled),
        methods=scores,
        dice=dice(runs),
    )


def verified(collection: Collection, pairs: frozenset[Pair]) -> frozenset[Pair]:
    """The pairs whose direct similarity reaches the study's 0.8."""
    docs = collection.docs
    return frozenset(
        (i, j)
        for i, j in pairs
        if similarity(docs[i], docs[j], VERIFY_THRESHOLD) >= VERIFY_THRESHOLD
    )


def dice(runs: Sequence[MethodRun]) -> dict[str, dict[str, float | None]]:
    """Dice(A, B) = 2|A ∩ B| / (|A| + |B|) over pair sets; None when both found nothing."""
    table: dict[str, dict[str, float | None]] = {}
    for a in runs:
        row: dict[str, float | None] = {}
        for b in runs:
            total = len(a.pairs) + len(b.pairs)
            row[b.name] = 2 * len(a.pairs & b.pairs) / total if total else None
        table[a.name] = row
    return table


def _score(
    run: MethodRun, positives: frozenset[Pair], judged: frozenset[Pair] | None, n: int
) -> MethodScore:
    hits = len(run.pairs & positives)
    counted = len(run.pairs) if judged is None else len(run.pairs & judged)
    recall = hits / len(positives) if positives else 0.0
    precision = hits / counted if counted else 0.0
    f1 = 2 * recall * precision / (recall + precision) if recall + precision else 0.0
    return MethodScore(
        name=run.name,
        title=run.title,
        recall=recall,
        precision=precision,
        f1=f1,
        pairs=len(run.pairs),
        true_positives=hits,
        docs_per_second=n / run.seconds if run.seconds > 0 else float("inf"),
        seconds=run.seconds,
        unlabelled=len(run.pairs) - counted,
    )


# --- labels -------------------------------------------------------------------------------


def read_labels(path: Path) -> list[Label]:
    """Rows ``a,b,label`` (header required; label 1 or 0). Raises LabelsError."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise LabelsError(f"cannot read labels {path}: {error}") from error
    if not rows or not {"a", "b", "label"} <= set(rows[0]):
        raise LabelsError(f"labels {path}: expected a header with columns a,b,label")
    labels = []
    for line, row in enumerate(rows, start=2):
        value = (row["label"] or "").strip()
        if value not in ("0", "1"):
            raise LabelsError(f"labels {path}, line {line}: label must be 1 or 0, got {value!r}")
        labels.append(Label(row["a"].strip(), row["b"].strip(), value == "1"))
    return labels


def labelled_pairs(
    collection: Collection, labels: Sequence[Label], base: Path | None = None
) -> tuple[frozenset[Pair], frozenset[Pair]]:
    """(pairs labelled 1, pairs labelled 0) among the collection's documents.

    A label's path names a document when it equals the document's path, or resolves to the
    same file (relative paths against ``base``, the labels file's folder), or — failing
    both — is the file name of exactly one document. Labels naming absent documents are
    ignored; labels naming no document at all raise LabelsError.
    """
    find = _document_finder(collection, base)
    positives: set[Pair] = set()
    negatives: set[Pair] = set()
    for label in labels:
        a, b = find(label.a), find(label.b)
        if a is None or b is None or a == b:
            continue
        (positives if label.duplicate else negatives).add(ordered(a, b))
    if labels and not positives | negatives:
        raise LabelsError("no labelled pair names two documents of this collection")
    return frozenset(positives), frozenset(negatives - positives)


def _document_finder(collection: Collection, base: Path | None) -> Callable[[str], int | None]:
    by_path = {d.path: i for i, d in enumerate(collection.docs)}
    by_resolved = {str(Path(d.path).resolve()): i for i, d in enumerate(collection.docs)}
    names: dict[str, list[int]] = {}
    for i, d in enumerate(collection.docs):
        names.setdefault(Path(d.path).name, []).append(i)

    def find(given: str) -> int | None:
        if given in by_path:
            return by_path[given]
        resolved = str(((base or Path.cwd()) / given).resolve())
        if resolved in by_resolved:
            return by_resolved[resolved]
        same_name = names.get(Path(given).name, [])
        return same_name[0] if len(same_name) == 1 else None

    return find
