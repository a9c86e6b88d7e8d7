"""Spill: prepared documents kept on disk, not in memory, for a ``compare`` of a large run.

A prepared document is ~35 KB in memory (its text, the canonical words with their spans and
fingerprints); 100,000 of them would not fit the 2 GB a run may take (issue 15). Once a
document is read, only what finding and bounding its pairs needs stays in memory (a
:class:`Spilled`: the anchors, the seed k-grams, ~10 KB); the whole document is written to a
file of the worker that read it and read back only for the few pairs worth aligning. Once
the candidate pairs are found, the summaries' arrays are laid end to end in a few blocks
(:class:`Packed`), so the pair workers forked from the process holding them read them without
writing to (and so copying) its pages (issue 40).

What must hold:

* a document read back is the document that was written (pickled whole), with the run's
  ignored words applied again from its :class:`Spilled` (the same mask and salt as
  :func:`copylens.core.ignore.with_ignored` was given), so a run with the spill aligns and
  reports exactly what a run holding every document does;
* each process appends to its own file, with one ``write`` per document at an offset it took
  itself: no two processes write one file, and a worker killed in the middle of a document
  leaves a tail no :class:`Spot` points to;
* a read is a ``pread`` at a known offset, so forked processes share the inherited
  descriptors safely;
* a document's canonical words' fingerprints lie apart from the rest of it, first
  (:func:`write`), so that the ready stage reads them alone (:func:`read_hashes`);
* the folder is removed when the run ends (:meth:`Spill.close`, also on errors and cancel);
  a run killed before it could remove its folder leaves it to the next run, which removes
  every spill folder whose process is gone.

Cost: a document is pickled once in its worker, as it was before on its way to the parent,
and the parent no longer unpickles it (~170 µs each); each document read back costs ~170 µs.
Disk: ~33 KB a 650-word essay, so ~3.3 GB in the temporary folder for 100,000 essays.
"""

from __future__ import annotations

import io
import os
import pickle
import shutil
from array import array
from collections import OrderedDict
from dataclasses import dataclass, fields
from functools import cache
from types import TracebackType
from typing import Any

import numpy as np

from copylens.core import runfolders
from copylens.core.canonicalize import Canonical, canonicalize_many, reduce_transient
from copylens.core.cpu import stage
from copylens.core.errors import SpillFailed
from copylens.core.extract import Extracted
from copylens.core.options import Options
from copylens.core.pool import trim_heap
from copylens.core.prepare import Prepared, prepared_with_seeds
from copylens.core.shingle import kgrams

_writers: dict[tuple[str, int], int] = {}
"""(folder, process id) → the descriptor for appending to that process's own file there (a
forked worker inherits its parent's entries and never uses them)."""
_readers: dict[str, int] = {}
"""File → a descriptor for reading it (inherited by forked workers; ``pread`` only)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a document lies: its file, offset and size in bytes."""

    file: str
    offset: int
    size: int

    def __reduce__(self) -> tuple[type[Spot], tuple[str, int, int]]:
        """Pickled as its constructor's arguments (:meth:`Spilled.__reduce__` says why)."""
        return Spot, (self.file, self.offset, self.size)


@dataclass(frozen=True, eq=False, slots=True)
class Spilled:
    """What a run holds of a spilled document: enough to find its candidate pairs (``anchors``)
    and bound them (:func:`copylens.core.score.containment_bounds`: ``grams``, ``size``,
    ``ignored``), and where the whole document lies. ``ignored`` and ``salt`` are what
    :func:`~copylens.core.ignore.with_ignored` was given, applied again on :meth:`Spill.load`.
    """

    path: str
    spot: Spot
    size: int
    """Canonical words."""
    anchors: np.ndarray
    grams: np.ndarray
    """The low 32 bits of the fingerprints of its runs of ``k`` canonical words, in text order
    (``seed_k``). Half the memory of the whole fingerprints (260 MB at 100,000 essays), and the
    bound stays a bound: two k-grams that differ may now look equal (about once in 2³² / 650
    lookups), which only adds a seed, so the bound can only grow; a pair it lets through is
    aligned and judged on its whole fingerprints."""
    k: int
    ignored: np.ndarray | None = None
    salt: int = 0
    language: str = ""
    """The document's language (``Canonical.language``): the process running ``compare`` loads
    the paraphrase stage's tables of it as the document comes, so the pair workers it forks
    inherit them (:func:`copylens.core.paraphrase.ready`)."""

    def text_grams(self, k: int) -> np.ndarray:
        """As :meth:`Prepared.text_grams`: ``grams``, not sorted (the bound asks for them of
        every document of a group and sorts only the first's, issue 40)."""
        return _grams(self.grams, self.k, k)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its constructor's arguments, in field order, its anchors and k-grams as
        their bytes and dtypes' names (:func:`_summary_of`). A reader sends one per document
        to the process running ``compare``, which unpickles them one by one while the
        readers wait on it (issue 40); a slotted dataclass's own pickling lists its fields
        (``dataclasses.fields``) and sets each from a list, on both sides: an essay's summary
        pickled in 17.5 µs and unpickled in 12.5 that way, 13.0 and 9.6 by the constructor
        (medians of 6 alternations, machine shared); numpy's own pickling of the two arrays
        goes through its reduce functions and a dtype object each time: 12.2 and 7.0 µs
        with it, ~5 and ~4 as bytes (one process, 1,000 essays). Every field travels: the
        guard below :data:`_SPILLED_FIELDS` stops the module loading when one is added."""
        return _summary_of, (
            self.path,
            self.spot,
            self.size,
            *_raw(self.anchors),
            *_raw(self.grams),
            self.k,
            self.ignored,
            self.salt,
            self.language,
        )


def _raw(values: np.ndarray) -> tuple[bytearray | np.ndarray, str]:
    """A summary's array as its bytes and its dtype's name (``np.dtype.str``); an array of
    more dimensions or of objects as it is, and no name."""
    if values.ndim == 1 and values.dtype.kind in _FLAT_KINDS:
        return bytearray(np.ascontiguousarray(values)), values.dtype.str
    return values, ""


def _summary_of(  # type: ignore[no-untyped-def]
    path, spot, size, anchors, anchors_dtype, grams, grams_dtype, k, ignored, salt, language
) -> Spilled:
    """The :class:`Spilled` of its ``__reduce__``'s arguments (arrays writable, as made)."""
    return Spilled(
        path,
        spot,
        size,
        _flat(anchors, anchors_dtype) if anchors_dtype else anchors,
        _flat(grams, grams_dtype) if grams_dtype else grams,
        k,
        ignored,
        salt,
        language,
    )


_SPILLED_FIELDS = tuple(f.name for f in fields(Spilled))
""":class:`Spilled`'s fields, in the order its constructor takes them."""


def _with_arrays(
    doc: Spilled, anchors: np.ndarray, grams: np.ndarray, ignored: np.ndarray | None
) -> Spilled:
    """``replace(doc, anchors=anchors, grams=grams, ignored=ignored)`` by the constructor:
    ``replace`` looks up the dataclass's fields on each call, 4.6 µs a summary against 1.7,
    where :func:`packed` strips every summary of a run in the process running ``compare``,
    serial (10,000 essays: 46 ms against 17; issue 40). Every field is passed
    (:data:`_SPILLED_FIELDS` is checked below)."""
    return Spilled(
        doc.path, doc.spot, doc.size, anchors, grams, doc.k, ignored, doc.salt, doc.language
    )


def resummed(
    doc: Spilled, anchors: np.ndarray, grams: np.ndarray, ignored: np.ndarray, salt: int
) -> Spilled:
    """``replace(doc, anchors=anchors, grams=grams, ignored=ignored, salt=salt)`` by the
    constructor, as :func:`_with_arrays` (the ready stage sums up again every document holding
    a common phrase: ``copylens.core.engine.readied_block``)."""
    return Spilled(doc.path, doc.spot, doc.size, anchors, grams, doc.k, ignored, salt, doc.language)


if _SPILLED_FIELDS != (
    "path", "spot", "size", "anchors", "grams", "k", "ignored", "salt", "language"
):  # fmt: skip
    raise TypeError(
        "Spilled's fields changed: pass each of them in _with_arrays, resummed and "
        "Spilled.__reduce__ (_summary_of)"
    )


def _grams(grams: np.ndarray, kept: int, k: int) -> np.ndarray:
    """``grams``, the seed k-grams of ``kept`` words, asked for as those of ``k``."""
    if k != kept:
        raise ValueError(f"Expecting seed k-grams of {kept} words, asked for {k}")
    return grams


def summary(
    doc: Prepared,
    spot: Spot,
    options: Options,
    salt: int = 0,
    seeds: np.ndarray | None = None,
) -> Spilled:
    """The :class:`Spilled` of ``doc`` (as the run ignores it) written at ``spot``; ``seeds``,
    when given, its runs of ``seed_k`` words (:func:`copylens.core.prepare.prepared_with_seeds`:
    made with its shingles; else made here, without the sorted ones ``seed_grams`` would add,
    which no summary keeps)."""
    if seeds is None:
        seeds = kgrams(doc.canonical.hashes, options.seed_k)
    return Spilled(
        path=doc.path,
        spot=spot,
        size=len(doc.canonical),
        anchors=doc.anchors,
        grams=seeds.astype(np.uint32),
        k=options.seed_k,
        ignored=doc.ignored,
        salt=salt,
        language=doc.canonical.language,
    )


_NO_ANCHORS = np.empty(0, dtype=np.uint64)
_NO_GRAMS = np.empty(0, dtype=np.uint32)


class Seeds:
    """What the bound (:func:`copylens.core.score.containment_bounds`) reads of the ``n``-th
    summary of a :class:`Packed`: made when asked for, views of its arrays. Never changed
    once made (a plain class with slots, not a frozen dataclass: the pair stage makes one for
    every candidate pair, 2.9 million at 100,000 essays, and a frozen dataclass took twice as
    long to make)."""

    __slots__ = ("grams", "ignored", "k", "n", "size")

    def __init__(self, n: int, size: int, grams: np.ndarray, ignored: np.ndarray | None, k: int):
        self.n, self.size, self.grams, self.ignored, self.k = n, size, grams, ignored, k

    def text_grams(self, k: int) -> np.ndarray:
        """As :meth:`Spilled.text_grams`."""
        return _grams(self.grams, self.k, k)


@dataclass(frozen=True, eq=False)
class Packed:
    """The summaries as the pair stage holds them (issue 40): ``docs`` without arrays (their
    paths and spots), and the arrays of all in columns: the seed k-grams laid end to end in
    one array, the ignored words in another, the sizes in a third. Item ``n`` is the ``n``-th
    summary's :class:`Seeds`, made when asked for; :meth:`whole` its :class:`Spilled`.

    Why: pair workers fork from the process holding the summaries and write into each page of
    it they touch (refcounts of the objects they read, and their own allocations landing in
    the holes it freed). With a :class:`Spilled` and its small arrays per summary, 100,000
    summaries' objects, buffers and the holes between them lay all over the heap, so each
    worker bounding pairs over the whole run copied most of it: at 100,000 essays the parent
    held 1.19 GB when the pair workers forked and all processes 2.5 GB at the peak. Here a
    worker reads a summary's numbers from a few large arrays (the C library maps arrays this
    large outside its heap) and makes its own small objects to hold them; it touches a
    summary's :class:`Spilled` only to align one of its pairs (few: 3,511 of 262,624
    candidate pairs at 10,000 essays)."""

    docs: list[Spilled]
    grams: np.ndarray
    grams_at: array[int]
    """Where each summary's k-grams start in ``grams``, and where the last ends (n + 1). The
    offsets and sizes are machine integers in one buffer each (``array``: read as fast as a
    list, without a Python object per summary for a worker to write a refcount to)."""
    ignored: np.ndarray
    ignored_at: array[int]
    """Where each summary's ignored words start in ``ignored``; -1 where it ignores none."""
    sizes: array[int]
    k: int

    def __len__(self) -> int:
        return len(self.docs)

    def __getitem__(self, n: int) -> Seeds:
        at, size = self.ignored_at[n], self.sizes[n]
        return Seeds(
            n,
            size,
            self.grams[self.grams_at[n] : self.grams_at[n + 1]],
            None if at < 0 else self.ignored[at : at + size],
            self.k,
        )

    def whole(self, seeds: Seeds) -> Spilled:
        """The :class:`Spilled` of ``seeds`` (to read the document back: :meth:`Spill.load`)."""
        doc = self.docs[seeds.n]
        return _with_arrays(doc, doc.anchors, seeds.grams, seeds.ignored)


def packed(docs: list[Spilled], k: int) -> Packed:
    """The summaries of ``docs`` (taken out of it: left empty) as a :class:`Packed`, their
    anchors (the candidate pairs are found), their own arrays and the free pages of the C
    heap given back (:func:`copylens.core.pool.trim_heap`) before the pair workers fork."""
    if any(d.k != k for d in docs):
        raise ValueError(f"Expecting seed k-grams of {k} words")
    sizes = np.array([d.size for d in docs], dtype=np.int64)
    lengths = np.array([len(d.grams) for d in docs], dtype=np.int64)
    grams = np.concatenate([d.grams for d in docs]) if docs else _NO_GRAMS
    if any(d.ignored is not None and len(d.ignored) != d.size for d in docs):
        raise ValueError("Expecting one ignored mark per canonical word")
    masks = [d.ignored for d in docs if d.ignored is not None]
    ignored = np.concatenate(masks) if masks else np.zeros(0, dtype=bool)
    has = np.array([d.ignored is not None for d in docs], dtype=bool)
    ignored_at = np.where(has, np.cumsum(np.where(has, sizes, 0)) - sizes, -1)
    bare = [_with_arrays(d, _NO_ANCHORS, _NO_GRAMS, None) for d in docs]
    del masks
    docs.clear()  # the last hold on each summary's own arrays: they are freed here
    trim_heap()
    return Packed(
        docs=bare,
        grams=grams,
        grams_at=_machine(np.concatenate(([0], np.cumsum(lengths)))),
        ignored=ignored,
        ignored_at=_machine(ignored_at),
        sizes=_machine(sizes),
        k=k,
    )


def _machine(values: np.ndarray) -> array[int]:
    """``values`` as 64-bit integers in an ``array``."""
    return array("q", values.astype(np.int64).tobytes())


DOCUMENTS_HELD = 256
"""Documents read back that a pair worker keeps (:class:`Recent`): ~60 KB each with what its
pairs memoized on it, so ~15 MB a worker (the peak of ``compare`` of the 1,000 scale essays
332 MB against 305, of 10,000 607 against 587)."""
HELD_UP_TO = 10_000
"""The most documents of a run whose pair workers keep documents read back. Measured on the
scale collections (issue 40): at 1,000 essays each of the two pair workers read back ~625
times ~420 documents, and keeping 256 it read 31 % fewer (the "load" stage's CPU 0.14-0.20 s
against main's 0.17-0.28, six alternations, machine shared); at 10,000, 4 % fewer (the
documents a worker aligns lie all over the run), the stage's CPU alike (1.34-1.42 s against
1.35-1.43). Larger runs, where fewer still would be found and the 2 GB of a 100,000-essay
run leave the least room, keep none (not measured there)."""


class Recent:
    """The last ``most`` documents read back by this process, by their number in the run: a
    pair worker aligns a document in several pairs (:data:`HELD_UP_TO`), and one held is
    neither read, unpickled nor ignored again (:func:`load`), and keeps what its pairs
    memoized on it. The least recently used goes first."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.docs: OrderedDict[int, Prepared] = OrderedDict()

    def get(self, n: int) -> Prepared | None:
        doc = self.docs.get(n)
        if doc is not None:
            self.docs.move_to_end(n)
        return doc

    def put(self, n: int, doc: Prepared) -> Prepared:
        self.docs[n] = doc
        if len(self.docs) > self.most:
            self.docs.popitem(last=False)
        return doc


PREFIX = "copylens-spill-"
"""A spill folder's name: this, the process id of the run, a random part."""


class Spill:
    """A run's folder of spilled documents: :meth:`prepare` (the ``build`` of
    :func:`copylens.core.prepare.read_all`, in the workers) writes them, :meth:`load` reads
    one back anywhere in the run; a context manager that removes the folder."""

    def __init__(self) -> None:
        self.folder = runfolders.make(PREFIX)

    def __enter__(self) -> Spill:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def prepare(self) -> SpillPrepared:
        """The ``build`` that prepares a document in a worker and spills it there."""
        return SpillPrepared(self.folder)

    def load(self, doc: Spilled, options: Options) -> Prepared:
        """The whole document, as the run ignores it (:func:`load`)."""
        return load(doc, options)

    def close(self) -> None:
        for name in [n for n in _readers if os.path.dirname(n) == self.folder]:
            os.close(_readers.pop(name))
        if (self.folder, os.getpid()) in _writers:
            os.close(_writers.pop((self.folder, os.getpid())))
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass(frozen=True)
class SpillPrepared:
    """:func:`copylens.core.prepare.prepare_text`, the document written to this process's
    file in ``folder`` and its :class:`Spilled` returned (picklable: spawned workers get it)."""

    folder: str

    def __call__(self, extracted: Extracted, options: Options) -> Spilled:
        doc, seeds = prepared_with_seeds(extracted, options)
        return summary(doc, self._written(doc), options, seeds=seeds)

    def many(self, extracted: list[Extracted], options: Options) -> list[Spilled]:
        """What :meth:`__call__` makes of each of ``extracted``, each step done for all of them
        before the next (``copylens.core.prepare.read_group``): the canonical words
        (:func:`~copylens.core.canonicalize.canonicalize_many`), the documents and their seeds,
        the spill's writes, the summaries."""
        canonicals = canonicalize_many([e.text for e in extracted], options)
        made = [
            prepared_with_seeds(e, options, c) for e, c in zip(extracted, canonicals, strict=True)
        ]
        spots = [self._written(doc) for doc, _ in made]
        return [
            summary(doc, spot, options, seeds=seeds)
            for (doc, seeds), spot in zip(made, spots, strict=True)
        ]

    def _written(self, doc: Prepared) -> Spot:
        """:func:`write` of ``doc`` to this run's folder; a folder that cannot take it (full,
        not writable) is a :class:`SpillFailed`, which ends the run with its message (a
        reader's group is not read again for it: ``copylens.core.prepare.read_group``)."""
        try:
            return write(self.folder, doc)
        except OSError as error:
            raise SpillFailed(
                "could not keep the documents of this run in the temporary folder {folder} "
                "({reason}); free some space there, or set TMPDIR to a folder with more",
                folder=self.folder,
                reason=error.strerror or "not writable",
            ) from None


class _Pickler(pickle.Pickler):
    """Pickles a document whose canonical words will be read back for one use only, and its
    flat arrays as their bytes (:func:`_flat`); ``apart``, the array of its canonical words'
    fingerprints, goes out of band (:func:`write` lays it before the pickle)."""

    apart: np.ndarray | None = None

    def reducer_override(self, obj: object) -> Any:
        if isinstance(obj, Canonical):
            return reduce_transient(obj)
        if obj is self.apart:
            assert isinstance(obj, np.ndarray)
            return _flat, (pickle.PickleBuffer(obj.data), obj.dtype.str)
        if isinstance(obj, np.ndarray):
            raw, name = _raw(obj)
            if name:
                return _flat, (raw, name)
        return NotImplemented


_FLAT_KINDS = frozenset("biuf")
"""The kinds of numpy dtype (booleans, integers, floats) :func:`_flat` arrays may be of."""


def _flat(data: bytearray, dtype: str) -> np.ndarray:
    """The one-dimensional array of ``dtype`` (``np.dtype.str``, its byte order included)
    whose bytes are ``data``, writable, on ``data`` itself. A spilled document's arrays (its
    words' offsets, fingerprints, sentences, shingles and anchors) travel so: numpy's own
    pickling of an array goes through its reduce functions and a dtype object each time, 31
    µs to pickle an essay's seven arrays and 27 to unpickle them against 9 and 8 as bytes
    (issue 40: every document is written once and read back once per pair aligned)."""
    return np.frombuffer(data, dtype=_dtype(dtype))


@cache
def _dtype(name: str) -> np.dtype[Any]:
    return np.dtype(name)


def write(folder: str, doc: Prepared) -> Spot:
    """Append ``doc`` to this process's file in ``folder``: the byte count of its canonical
    words' fingerprints (8 bytes, little-endian), the fingerprints, then the pickle of the rest
    of it (:class:`_Pickler`), in one ``write``. The fingerprints lie apart so that the ready
    stage reads them alone (:func:`read_hashes`; issue 40: 619 documents readied from their
    fingerprints in 34-36 ms of CPU against 65-68 from the whole documents read back). Laid
    so, an essay is pickled in 43.6 µs against 42.5 with them inside (medians of ten
    alternations, one process): 1 ms more CPU over the readers of 1,000 essays."""
    hashes = doc.canonical.hashes
    if hashes.dtype != np.uint64 or hashes.ndim != 1 or not hashes.flags.c_contiguous:
        raise TypeError("Expecting the canonical words' fingerprints in one uint64 array")
    parts: list[pickle.PickleBuffer] = []
    out = io.BytesIO()
    out.write(bytes(_HEADER))
    out.write(hashes.data.cast("B"))
    pickler = _Pickler(out, protocol=5, buffer_callback=parts.append)  # 5: out-of-band buffers
    pickler.apart = hashes
    pickler.dump(doc)
    if len(parts) != 1:
        raise TypeError("Expecting one canonical words' fingerprints in the document")
    blob = out.getbuffer()
    blob[:_HEADER] = hashes.nbytes.to_bytes(_HEADER, "little")
    path = os.path.join(folder, f"{os.getpid()}.spill")
    fd = _writers.get((folder, os.getpid()))
    if fd is None:
        _forget_writers()  # a kept worker's file of an earlier run, removed since
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
        fd = _writers[folder, os.getpid()] = os.open(path, flags, 0o600)
    offset = os.lseek(fd, 0, os.SEEK_END)
    view = memoryview(blob)
    while view:
        view = view[os.write(fd, view) :]
    return Spot(path, offset, len(blob))


_HEADER = 8
"""Bytes of the count of fingerprint bytes that begins each written document."""


def _forget_writers() -> None:
    """Close this process's descriptors of files it wrote for other runs (a process writes
    for one run at a time; a run's file opened again is appended to)."""
    for key in [key for key in _writers if key[1] == os.getpid()]:
        os.close(_writers.pop(key))


def load(doc: Spilled, options: Options) -> Prepared:
    """The whole document of ``doc``, as the run ignores it, in any process of the run (or a
    process on the same machine, as a LocalCluster's workers: ``compare --dask local``).
    :mod:`copylens.core.ignore` is imported here, not with this module: with it the pair
    stage's modules, which the readers (this module's :class:`SpillPrepared`) never use and
    ``compare`` imports after they fork (issue 40; :mod:`copylens.core.engine`)."""
    from copylens.core.ignore import with_ignored

    with stage("load"):
        prepared = read(doc.spot)
        if doc.ignored is None:
            return prepared
        return with_ignored(prepared, doc.ignored, doc.salt, options)


def read(spot: Spot) -> Prepared:
    """The document written at ``spot``."""
    blob = memoryview(_bytes(spot.file, spot.offset, spot.size))
    apart = _HEADER + int.from_bytes(blob[:_HEADER], "little")
    doc = pickle.loads(blob[apart:], buffers=(bytearray(blob[_HEADER:apart]),))
    assert isinstance(doc, Prepared)
    return doc


def read_hashes(doc: Spilled) -> np.ndarray:
    """The fingerprints of ``doc``'s canonical words as written (``Canonical.hashes``: the
    document ignoring nothing, or a template's words where ``doc.ignored`` says so), read
    alone: 5 KB of an essay's 33. Read-only."""
    size = 8 * doc.size
    blob = _bytes(doc.spot.file, doc.spot.offset, _HEADER + size)
    if int.from_bytes(blob[:_HEADER], "little") != size:
        raise OSError(f"the spill file {doc.spot.file} does not hold {doc.path} where expected")
    return np.frombuffer(blob, dtype=np.uint64, offset=_HEADER)


def _bytes(file: str, offset: int, size: int) -> bytes:
    """``size`` bytes of ``file`` from ``offset``."""
    fd = _readers.get(file)
    if fd is None:
        fd = _readers[file] = os.open(file, os.O_RDONLY)
    if hasattr(os, "pread"):
        blob = os.pread(fd, size, offset)
    else:  # Windows: no pread; a descriptor of this process's own, one read at a time
        os.lseek(fd, offset, os.SEEK_SET)
        blob = os.read(fd, size)
    if len(blob) != size:
        raise OSError(f"the spill file {file} is shorter than expected")
    return blob
