"""Prepare: files → extracted, canonicalized and shingled documents, on all cores.

The one document-loading pipeline, for the engine and the methods lab: :func:`expand` the
inputs, then :func:`read_all` extracts each and builds the caller's document from its text
(the engine's :class:`Prepared` by :func:`prepare_text`; the lab's own documents with its own
canonicalization options). Each input becomes such a document or an :class:`InputFailure`
with the reason; one bad file never stops the others. Every input is read in a worker
process (:func:`copylens.core.pool.isolated_map`) within the options' time and memory limits
(``read_seconds``, ``read_memory_bytes``), so a file that stalls or swells a parser becomes its
own failure; the workers also spread the work over the cores (canonicalization is pure Python
and CPU-bound). Results come back in input order, so reports are deterministic.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from collections.abc import Callable, Generator, Iterable, Sequence
from contextlib import closing, nullcontext, suppress
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from copylens.core.arrays import distinct
from copylens.core.canonicalize import Canonical, canonicalize, forms_shared
from copylens.core.collector import collections_paused
from copylens.core.cpu import stage
from copylens.core.documents import Input, TextInput, WebPage
from copylens.core.errors import (
    Cancelled,
    EmptyFile,
    InputError,
    ReaderFailed,
    SpillFailed,
    TooLarge,
    TooSlow,
)
from copylens.core.extract import Extracted, collect_files, extract_file, extract_text
from copylens.core.extract.base import megabytes
from copylens.core.language import CYRILLIC_LETTERS, UK_ONLY
from copylens.core.options import Options
from copylens.core.pool import (
    IN_FLIGHT,
    ProcessLimits,
    Stopped,
    can_fork,
    frozen_for_forks,
    isolated_map,
)
from copylens.core.report import InputFailure
from copylens.core.shingle import distinct_in_place, kgram_set, kgrams, kgrams_of, shingle_set
from copylens.core.sketch import minhash

Item = Path | TextInput | WebPage
"""One input after :func:`expand`: a file, pasted text or a downloaded page."""
Progress = Callable[[str, int, int], None]
"""progress(stage, done, total): called from the engine's thread."""
CancelCheck = Callable[[], bool]
"""cancel() → True when the user asked to stop."""
T = TypeVar("T")
"""What :func:`read_all`'s ``build`` makes of one extracted document."""


GRAMS_MEMO_WORDS = 1 << 20
"""Most canonical words of a document whose seed k-grams :meth:`Prepared.seed_grams` keeps
(about a 7 MB text)."""


@dataclass(frozen=True, eq=False)
class Prepared:
    """A document ready to compare."""

    path: str
    text: str
    format: str
    canonical: Canonical
    shingles: np.ndarray
    """Distinct w-shingle fingerprints, sorted."""
    anchors: np.ndarray
    """Distinct fingerprints of its ``anchor_words``-grams, sorted: every fragment holds such a
    run, so two documents sharing none have no fragment (the candidate index's keys)."""
    sha256: str
    ignored: np.ndarray | None = None
    """Boolean per canonical word: text the run ignores (a template's, a common phrase's),
    never part of a fragment nor of a share (``copylens.core.ignore``); None when no word is."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the paraphrase stage's memo (``copylens.core.paraphrase``): it
        refers to this process's table of word vectors; a process that needs it makes it. Nor
        with the sentences its ``sentence_bounds`` left for that memo (a list of tuples, slow to
        pickle; found again where needed). The seed k-grams' memo (:meth:`seed_grams`) is
        kept: no path pickles a document after making it (the spill writes it first, Dask
        moves documents before bounding them), so leaving it out changed nothing (issue 40,
        docs/measurements.md)."""
        state = dict(self.__dict__)
        state.pop("_meaning", None)
        state.pop("_sentences", None)
        return state

    @property
    def ignored_words(self) -> np.ndarray:
        """Boolean per canonical word: ignored (``ignored``, all False when it is None)."""
        if self.ignored is not None:
            return self.ignored
        return np.zeros(len(self.canonical), dtype=bool)

    @cached_property
    def cited(self) -> np.ndarray:
        """Boolean per canonical word: it starts inside a quotation, a block quotation or the
        bibliography (:func:`copylens.core.citations.cited_spans`). Its module (compiled
        patterns, 5.5 ms of CPU) is imported here, on first use, not with this one: the readers
        never ask, nor the pair workers with the default options (``check`` does), and
        ``compare`` forked its readers after importing it, serial, the other core idle
        (issue 40)."""
        from copylens.core.citations import cited_spans

        return words_in(self.canonical.starts, cited_spans(self.text))

    @property
    def size(self) -> int:
        """Canonical words."""
        return len(self.canonical)

    @cached_property
    def sketch(self) -> np.ndarray:
        return minhash(self.shingles)

    def seed_grams(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Fingerprints of its runs of ``k`` canonical words in text order, and the distinct
        ones sorted: made once per document and k (the containment bound asks for them for
        every candidate pair of the document), except for a document of more than
        :data:`GRAMS_MEMO_WORDS` words, whose are made each time (16 bytes a word held for
        the whole run: 200 MB for a 50 MB pair, issue 38; a long document is in few pairs)."""
        memo: dict[int, tuple[np.ndarray, np.ndarray]] = self.__dict__.setdefault("_grams", {})
        if k in memo:
            return memo[k]
        grams = kgrams(self.canonical.hashes, k)
        made = grams, distinct(grams)
        if len(self.canonical) <= GRAMS_MEMO_WORDS:
            memo[k] = made
        return made

    def text_grams(self, k: int) -> np.ndarray:
        """The first of :meth:`seed_grams`: the fingerprints of its runs of ``k`` canonical
        words in text order."""
        return self.seed_grams(k)[0]


def share(covered: np.ndarray, doc: Prepared) -> float:
    """The share of the document's words not ignored that ``covered`` marks (0 for none):
    a containment, as every report counts it (``Prepared.ignored``). From counts: bit for bit
    ``covered[~doc.ignored].mean()`` (``mean`` of booleans sums them exactly as float64 and
    makes one correctly rounded division of the same two integers), ~3 µs of an essay's 650
    words against ~9 (issue 40: asked for both sides of every aligned pair of ``compare``)."""
    held = int(np.count_nonzero(covered))
    if doc.ignored is None:
        return held / len(covered) if len(covered) else 0.0
    counted = len(covered) - int(np.count_nonzero(doc.ignored))
    if not counted:
        return 0.0
    return (held - int(np.count_nonzero(covered & doc.ignored))) / counted


def expand(
    inputs: Iterable[Input], identities: dict[str, str] | None = None
) -> tuple[list[Item], list[InputFailure]]:
    """Folders expanded to their files; missing paths become failures. ``identities``, when
    given, is filled with the resolved paths the walk found on its way (:func:`collect_files`)."""
    given = list(inputs)
    texts = [i for i in given if isinstance(i, TextInput | WebPage)]
    paths = [Path(i) for i in given if not isinstance(i, TextInput | WebPage)]
    files, missing = collect_files(paths, identities)
    return [*files, *texts], [InputFailure.of(p, error) for p, error in missing]


def read_all(
    items: Sequence[Item],
    options: Options,
    build: Callable[[Extracted, Options], T],
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    each: Callable[[T], T] | None = None,
) -> tuple[list[T], list[InputFailure]]:
    """Extract every item and ``build`` what the caller compares from its text, on all cores
    (``options.workers``); results in input order, failures collected, not raised. ``build``
    is :func:`prepare_text` for the engine, the lab's own for its collection; it raises an
    InputError for a document it cannot use. ``each`` takes each built result in this
    process as soon as it comes, while the workers read on, and gives what is kept of it.
    Raises Cancelled if asked."""
    results: list[T | InputFailure] = []
    total = len(items)
    with closing(read_each(items, options, build, cancel)) as running:
        for done, result in enumerate(running, start=1):
            if cancel is not None and cancel():
                raise Cancelled()
            if each is not None and not isinstance(result, InputFailure):
                result = each(result)
            results.append(result)
            if progress is not None:
                progress("reading", done, total)
    built = [r for r in results if not isinstance(r, InputFailure)]
    failures = [r for r in results if isinstance(r, InputFailure)]
    return built, failures


def read_one(
    item: Item, options: Options, build: Callable[[Extracted, Options], T]
) -> T | InputFailure:
    """Extract and build one input; any input problem becomes an InputFailure."""
    name = label_of(item)
    try:
        with stage("read"):
            return build(extract_input(item, options), options)
    except InputError as error:
        return InputFailure.of(name, error)
    except (MemoryError, SpillFailed):
        raise  # the worker reports it as past its memory limit; the run cannot go on
    except Exception:  # a bug of ours must not cost the other files
        return InputFailure.of(
            name, ReaderFailed("CopyLens failed on this file (an internal error; please report it)")
        )


def read_group(items: list[Item], options: Options, build: Any) -> list[Any]:
    """:func:`read_one` of each item, each step done for every item before the next
    (``build.many``: :data:`READ_GROUP`). An input problem fails its item only, as in
    :func:`read_one`; should ``build.many`` raise anything else, each item is read again by
    :func:`read_one` (which tells which one failed)."""
    out: list[Any] = [None] * len(items)
    with stage("read"):
        got: list[tuple[int, Extracted]] = []
        for i, item in enumerate(items):
            try:
                got.append((i, extract_input(item, options)))
            except InputError as error:
                out[i] = InputFailure.of(label_of(item), error)
            except MemoryError:
                raise
            except Exception:  # a bug of ours: read_one reports it for this file alone
                out[i] = read_one(item, options, build)
        try:
            built = build.many([extracted for _, extracted in got], options)
        except (MemoryError, SpillFailed):
            raise
        except Exception:  # one of them: each read alone, as read_one reads it
            built = [read_one(items[i], options, build) for i, _ in got]
        for (i, _), made in zip(got, built, strict=True):
            out[i] = made
    return out


def read_text(path: Path | str, options: Options) -> Extracted | InputFailure:
    """The text of one file, read in a worker within the options' limits, or why not."""
    built, failures = read_all([Path(path)], options, _as_extracted)
    return built[0] if built else failures[0]


def _as_extracted(extracted: Extracted, options: Options) -> Extracted:
    return extracted


def prepare_text(extracted: Extracted, options: Options) -> Prepared:
    """The engine's document: canonical words, w-shingles and anchor k-grams (``build`` of
    :func:`read_all`).

    Memory: a small multiple of the text (bench/bench_memory.py measures it)."""
    return _prepared(extracted, options, seeds=False)[0]


def prepared_with_seeds(
    extracted: Extracted, options: Options, canonical: Canonical | None = None
) -> tuple[Prepared, np.ndarray]:
    """:func:`prepare_text`'s document and the fingerprints of its runs of ``seed_k`` words in
    text order (``kgrams(hashes, seed_k)``: what a spilled document's summary keeps), the
    shingles, anchors and seeds made in one pass over the words (:func:`kgrams_of`) when the
    text has at least ``shingle`` words and the three sizes differ (as by default), each
    apart otherwise. ``canonical``: the text's canonical words when already made
    (``canonicalize_many``)."""
    doc, seeds = _prepared(extracted, options, seeds=True, canonical=canonical)
    assert seeds is not None
    return doc, seeds


def _prepared(
    extracted: Extracted, options: Options, *, seeds: bool, canonical: Canonical | None = None
) -> tuple[Prepared, np.ndarray | None]:
    """The document, and its seeds when asked for (:func:`prepared_with_seeds`)."""
    text = extracted.text
    if canonical is None:
        canonical = canonicalize(text, options)
    hashes = canonical.hashes
    w, a, k = options.shingle, options.anchor_words, options.seed_k
    made: np.ndarray | None = None
    if a < w <= len(hashes) and (k < a or not seeds):  # shingles: runs of w words then
        sizes = (k, a, w) if seeds else (a, w)
        *first, anchors, shingles = kgrams_of(hashes, sizes)
        made = first[0] if seeds else None
        shingles, anchors = distinct_in_place(shingles), distinct_in_place(anchors)
    else:
        shingles = shingle_set(hashes, w)
        anchors = kgram_set(hashes, a)
        made = kgrams(hashes, k) if seeds else None
    doc = Prepared(
        path=extracted.path,
        text=text,
        format=extracted.format,
        canonical=canonical,
        shingles=shingles,
        anchors=anchors,
        sha256=extracted.sha256 or text_digest(text),
    )
    return doc, made


def words_in(starts: np.ndarray, spans: Sequence[tuple[int, int]]) -> np.ndarray:
    """Boolean per word (by its start offset): inside one of ``spans`` (sorted, disjoint)."""
    if not spans:
        return np.zeros(len(starts), dtype=bool)
    lo = np.array([a for a, _ in spans], dtype=np.int64)
    hi = np.array([b for _, b in spans], dtype=np.int64)
    at = np.searchsorted(lo, starts, side="right") - 1
    return (at >= 0) & (starts < hi[np.maximum(at, 0)])


def text_digest(text: str) -> str:
    """SHA-256 of the text's UTF-8, encoded a million characters at a time (never one copy of
    the whole text)."""
    digest = hashlib.sha256()
    for at in range(0, len(text), 1 << 20):
        digest.update(text[at : at + (1 << 20)].encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def extract_input(item: Item, options: Options) -> Extracted:
    """The text of a file, of pasted text or of a downloaded page; raises InputError
    subclasses."""
    if isinstance(item, TextInput):
        if not item.text.strip():
            raise EmptyFile("the pasted text is empty")
        return Extracted(item.name, item.text, "text", None, text_digest(item.text))
    if isinstance(item, WebPage):
        return _extract_page(item, options)
    return extract_file(item, max_bytes=options.max_file_bytes)


_UTF8_BOM = b"\xef\xbb\xbf"


def _extract_page(page: WebPage, options: Options) -> Extracted:
    """A page read like a file called ``page.name``, named by its address. The charset of its
    HTTP headers, when it decodes the body cleanly, comes before the page's own ``<meta>`` (as
    in browsers, the HTML standard's order: byte-order mark, transport, meta): the body is
    handed on as UTF-8 with a byte-order mark, which the readers honour first."""
    data, codec = page.data, _declared(page)
    if codec is not None and not data.startswith(_UTF8_BOM):
        data = _UTF8_BOM + data.decode(codec).encode("utf-8", "surrogatepass")
    out = extract_text(data, page.name, max_bytes=options.max_file_bytes)
    digest = hashlib.sha256(page.data).hexdigest()
    return replace(out, path=page.url, encoding=codec or out.encoding, sha256=digest)


def _declared(page: WebPage) -> str | None:
    """The headers' charset if it names a codec that decodes the whole body, else None."""
    if page.charset is None or Path(page.name).suffix not in {".html", ".htm", ".txt"}:
        return None
    try:
        page.data.decode(page.charset)
    except (LookupError, UnicodeDecodeError):
        return None
    return codecs.lookup(page.charset).name


def read_each(
    items: Sequence[Item],
    options: Options,
    build: Callable[[Extracted, Options], T],
    cancel: CancelCheck | None = None,
) -> Generator[T | InputFailure, None, None]:
    """Each item read in a worker process within the options' time and memory limits, its
    document or failure yielded in input order as soon as it is read (:func:`read_all`
    collects them; the archive writes them a batch at a time)."""
    sizes = input_sizes(items)  # one ``stat`` a file, for both limits (it was two)
    limits = ProcessLimits(read_seconds(sizes, options), options.read_memory_bytes)
    forking = can_fork()
    if forking:
        _warm_up(options, build, items)
    workers = readers(sizes, options.process_count)
    # the readers share what the warm-up loaded: frozen out of this process's collections
    with (
        forms_shared() if forking and workers > 1 else nullcontext(),
        frozen_for_forks() if forking and workers > 1 else nullcontext(),
    ):
        # no larger than each reader's share, so that a short run still keeps every reader busy
        group = min(read_group_size(items, sizes, build), -(-len(items) // max(workers, 1)))
        if group > 1:
            yield from _read_grouped(items, options, build, group, workers, limits, cancel)
            return
        yield from _read_singly(
            items, options, build, limits, cancel, workers=workers, ahead=read_ahead(items, sizes)
        )


def _read_grouped(
    items: Sequence[Item],
    options: Options,
    build: Any,
    group: int,
    workers: int,
    limits: ProcessLimits,
    cancel: CancelCheck | None,
) -> Generator[Any, None, None]:
    """:func:`read_each`'s results, the items read ``group`` at a time (:func:`read_group`);
    a group past a limit (or whose worker died) is read again one item at a time, each in a
    worker within the limits as :func:`read_each` reads every item otherwise, so a file that
    stalls or crashes its reader fails alone, as it would have."""
    groups = [list(items[at : at + group]) for at in range(0, len(items), group)]
    reading = isolated_map(
        partial(read_group, options=options, build=build),
        groups,
        workers=workers,
        limits=limits,
        cancel=cancel,
        ahead=max(1, READ_AHEAD // group),
    )
    with closing(reading):
        for chunk, results in zip(groups, reading, strict=True):
            if isinstance(results, Stopped):
                yield from _read_singly(chunk, options, build, limits, cancel)
            else:
                yield from results


def _read_singly(
    items: Sequence[Item],
    options: Options,
    build: Any,
    limits: ProcessLimits,
    cancel: CancelCheck | None,
    *,
    workers: int = 1,
    ahead: int = IN_FLIGHT,
) -> Generator[Any, None, None]:
    """Each of ``items`` read by :func:`read_one` in a worker within the limits, one item
    at a time (an item past a limit, or whose worker died, fails alone with its message)."""
    reading = isolated_map(
        partial(read_one, options=options, build=build),
        items,
        workers=workers,
        limits=limits,
        cancel=cancel,
        ahead=ahead,
    )
    with closing(reading):
        for item, result in zip(items, reading, strict=True):
            yield (
                InputFailure.of(label_of(item), _stopped(result))
                if isinstance(result, Stopped)
                else result
            )


READ_GROUP = 32
"""Files a reader reads together (:func:`read_group`): each step of reading (extraction, the
words, the language, the memo's look-ups, the arrays, the spill) done for all of them before
the next. Issue 40: the same documents, and the read stage's CPU 0.70-0.73x in ``compare``
of the scale collection's 1,000 essays (each step's code and tables stay in the caches from
one file to the next: ``bench/diag_read_steps.py --chunks 1 32`` reads them step by step at
about half the CPU of one file at a time on a loaded machine)."""


def read_group_size(items: Sequence[Item], sizes: Sequence[int], build: Any) -> int:
    """Files a reader reads together: :data:`READ_GROUP` when ``build`` reads several at once
    (``build.many``, the spill's) and every input is a small file (:func:`read_ahead`: essays,
    not a run with a large input, where one file at a time bounds a reader's memory), else 1."""
    if not callable(getattr(build, "many", None)):
        return 1
    return READ_GROUP if read_ahead(items, sizes) == READ_AHEAD else 1


READ_TOGETHER_BYTES = 40 * 1024 * 1024
"""Most bytes of input the reading workers take on at once: a worker holds a small multiple of
its input (the text, its canonical words, the document pickled back), so two 50 MB files read
side by side took well over 1 GB each (issue 38); they are read one after the other."""


def readers(sizes: Sequence[int], most: int) -> int:
    """Workers to read inputs of ``sizes`` (:func:`input_sizes`) with: at most ``most`` and
    one per input, and no more than the largest inputs that fit :data:`READ_TOGETHER_BYTES`
    together (at least one): only a run with several large files reads fewer at a time."""
    count = min(most, len(sizes))
    if count <= 1:
        return count
    largest = sorted(sizes, reverse=True)[:count]
    together = 0
    for n, size in enumerate(largest):
        together += size
        if together > READ_TOGETHER_BYTES:
            return max(n, 1)
    return count


READ_AHEAD = 128
"""Files a reading worker is handed ahead of its results (:func:`read_ahead`), so it reads on
while the parent does serial work of its own between two documents: loading a language's
paraphrase tables as its first document comes back, 0.15 s on an idle machine and 0.8–1 s
under load, during which both readers had stopped after the two files they held (issue 40);
128 essays are 0.1–0.4 s of reading, and their summaries (~4.9 KB pickled) fit the send
buffer a worker asks for (:data:`copylens.core.pool.SEND_BUFFER_BYTES`; where the system caps
it at its default, ~85 of them do). The cost: files a reader holds cannot go to another
reader that runs out of work, so the run's end may wait for up to this many files of one
reader (:func:`copylens.core.pool.isolated_map` hands out fewer as the files run out)."""
READ_AHEAD_LARGEST = 64 * 1024
"""The largest input of a run whose readers are handed :data:`READ_AHEAD` files ahead (an
essay is 3–10 KB): a run with a larger one hands them out two at a time, as a reader holding
many slow files would hold up the end of the run."""


def read_ahead(items: Sequence[Item], sizes: Sequence[int]) -> int:
    """Files each reader holds ahead of its results (:func:`copylens.core.pool.isolated_map`'s
    ``ahead``): :data:`READ_AHEAD` when every input is a file (a path is all that travels to
    the worker: 128 of them far under a pipe's buffer) of at most :data:`READ_AHEAD_LARGEST`
    bytes, else two (:data:`copylens.core.pool.IN_FLIGHT`; a pasted text or a web page
    travels whole)."""
    small = all(isinstance(item, Path) for item in items) and max(sizes, default=0) <= (
        READ_AHEAD_LARGEST
    )
    return READ_AHEAD if small else IN_FLIGHT


READ_SECONDS_BYTES = 10 * 1024 * 1024
"""``read_seconds`` is the time to read a file of up to this many bytes: a run with a larger
file allows each file as many times that as its largest input is larger. Reading is linear in
the text (about 2.3 s a million characters on one core), so a 50 MB text needs about two
minutes: 300 s by default instead of 60 (issue 38). A hostile file stalls a parser whatever
its size: beside essays it still meets the limit as given."""


def read_seconds(sizes: Sequence[int], options: Options) -> float:
    """The time limit of reading each of the inputs of ``sizes`` (:data:`READ_SECONDS_BYTES`)."""
    largest = max(sizes, default=0)
    return options.read_seconds * max(1.0, largest / READ_SECONDS_BYTES)


def input_sizes(items: Sequence[Item]) -> list[int]:
    """The size of each input (:func:`_input_bytes`: a file's by one ``stat``)."""
    return [_input_bytes(item) for item in items]


def _input_bytes(item: Item) -> int:
    """The size of an input (a file's by ``stat``; 0 when it cannot be read: it fails alone)."""
    if isinstance(item, TextInput):
        return len(item.text)
    if isinstance(item, WebPage):
        return len(item.data)
    try:
        return item.stat().st_size
    except (OSError, ValueError):
        return 0


_WARM_UP_TEXTS = (
    "The first sentence is short. The second one follows it.",
    "Первое предложение короткое. Второе следует за ним.",
    "Перше речення коротке. Друге йде за ним, і все.",
)
_warmed: dict[Callable[..., object], set[str]] = {}

PEEK_FILES = 16
"""Inputs :func:`_warm_up_texts` looks at before the readers fork (the first ones)."""
PEEK_BYTES = 16 * 1024
"""Bytes of a plain-text file :func:`_warm_up_texts` reads (the language is told from the first
8,000 characters of a text, :func:`copylens.core.language.detect_language`)."""


def _warm_up(
    options: Options, build: Callable[[Extracted, Options], T], items: Sequence[Item] = ()
) -> None:
    """Load what reading needs (dictionaries, tables) in this process before workers fork
    from it, so each inherits them: a fork costs milliseconds, a cold worker half a second.
    Once per ``build``, warm-up text and process: what is slow to load depends on the
    language only; the languages the first inputs show (:func:`_warm_up_texts`)."""
    done = _warmed.setdefault(build, set())
    texts = [text for text in _warm_up_texts(items) if text not in done]
    if not texts:
        return
    # what it loads lives on: not walked by the collector (2.6 ms of it at 1,000 essays)
    with stage("warm-up"), collections_paused():
        for text in texts:
            with suppress(InputError):
                build(Extracted("warm-up", text, "txt"), options)
            done.add(text)


def _warm_up_texts(items: Sequence[Item]) -> tuple[str, ...]:
    """The warm-up texts for a run of ``items``: the English one always; the Russian one
    where one of the first :data:`PEEK_FILES` inputs holds a Cyrillic letter in its
    beginning, the Ukrainian one where one holds a letter only Ukrainian has (і ї є ґ); both
    where one of them is not a plain-text file (or pasted text) whose beginning is UTF-8.
    Loading the Ukrainian dictionaries took 0.03 s of the 0.08 s warm-up (CPU) at 1,000
    essays in English and Russian, serial, before the readers fork (issue 40); a reader that
    meets a Ukrainian word later loads them itself (as a spawned one always does), so the
    documents read are the same either way."""
    english, russian, ukrainian = _WARM_UP_TEXTS
    wanted = [english]
    cyrillic = only_uk = False
    for item in items[:PEEK_FILES] if items else [None]:
        text = None if item is None else _beginning(item)
        if text is None:
            return _WARM_UP_TEXTS
        cyrillic = cyrillic or bool(CYRILLIC_LETTERS.search(text))
        only_uk = only_uk or bool(_UK_LETTERS.search(text))
    if cyrillic:
        wanted.append(russian)
    if only_uk:
        wanted.append(ukrainian)
    return tuple(wanted)


_UK_LETTERS = re.compile(f"[{UK_ONLY}{UK_ONLY.upper()}]")
"""Letters of Ukrainian that Russian does not have, either case."""


def _beginning(item: Item) -> str | None:
    """The first characters of a pasted text or a ``.txt`` file (its first :data:`PEEK_BYTES`
    decoded as UTF-8), or None for any other input or one that does not decode so."""
    if isinstance(item, TextInput):
        return item.text[:PEEK_BYTES]
    if isinstance(item, WebPage) or item.suffix.lower() != ".txt":
        return None
    try:
        with item.open("rb") as file:
            data = file.read(PEEK_BYTES)
        return codecs.getincrementaldecoder("utf-8")().decode(data, final=False)
    except (OSError, UnicodeDecodeError):
        return None


def label_of(item: Item) -> str:
    """How an input is named in reports (a document's ``path``): the path as given, the pasted
    text's name, or the page's address."""
    if isinstance(item, WebPage):
        return item.url
    return item.name if isinstance(item, TextInput) else str(item)


def _stopped(stopped: Stopped) -> InputError:
    """The user's reason for a reader stopped by its limits or by its own death."""
    limits = stopped.limits
    if stopped.reason == "time":
        return TooSlow(
            "took longer than {seconds} s to read (given up)", seconds=f"{limits.seconds:g}"
        )
    if stopped.reason == "memory":
        return TooLarge(
            "needs more than {limit} of memory to read (given up)",
            limit=megabytes(limits.memory_bytes or 0),
        )
    return ReaderFailed(
        "reading the file stopped the reader unexpectedly (the file may be damaged)"
    )
