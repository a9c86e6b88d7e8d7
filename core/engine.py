"""The engine's two entry points: ``check`` documents against sources, ``compare`` all pairs.

Pipeline (ALGORITHMS.md §1–3, issue 5): extract → canonicalize → shingle (prepare) → ignore
templates and common phrases (issue 12) → index the anchor k-grams → candidate pairs (never
all against all) → align and score each candidate → report. Front ends call only these two
functions; progress and cancellation are plain callbacks, so the engine knows nothing of Qt
or terminals.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing, suppress
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from copylens.core.arrays import distinct, true_runs, words_marked
from copylens.core.cpu import stage
from copylens.core.documents import Input
from copylens.core.errors import Cancelled
from copylens.core.index import (
    MAX_DF,
    MIN_SHARED_ANCHORS,
    CandidateIndex,
    MemoryIndex,
    pairs_sharing,
)
from copylens.core.inputs import told_apart
from copylens.core.meaning import preload
from copylens.core.options import Options
from copylens.core.pairs import as_pairs, each, groups_of, map_groups, workers_for
from copylens.core.pool import can_fork, map_when_it_pays
from copylens.core.prepare import (
    CancelCheck,
    Prepared,
    Progress,
    prepare_text,
    read_all,
    share,
    text_digest,
)
from copylens.core.report import (
    CheckReport,
    CompareReport,
    DocumentResult,
    Fragment,
    InputFailure,
    PairResult,
    SourceMatch,
)
from copylens.core.sketch import permutations
from copylens.core.spill import (
    DOCUMENTS_HELD,
    HELD_UP_TO,
    Packed,
    Recent,
    Seeds,
    Spill,
    Spilled,
    load,
    packed,
    read,
    read_hashes,
    resummed,
    summary,
)
from copylens.core.unionfind import groups

if TYPE_CHECKING:
    from copylens.core.score import PairScore, Seeded
    from copylens.core.sources import MoreSources

# The pair stage's modules (the signals and steps, the aligner, the paraphrase stage: ~0.03 s
# of CPU to import) are imported where they are used, not here: ``compare`` forks its readers
# before it needs them, and they were imported before that fork, serial, one core idle; the
# readers never use them. They are imported on the tables' thread while the documents are read
# (:func:`_warm_pairs`), so the pair workers forked after inherit them, loaded once (issue 40).

PRELOAD_WORKERS = 3
"""Forked workers of the pair stage (:func:`copylens.core.pairs.workers_for`) from which the
word vectors of the documents' languages are loaded before they fork
(:func:`copylens.core.meaning.preload`), not in each. Measured at 1,000 essays with two
workers, it did not pay: the workers' meaning stage took 0.45 s less CPU, the parent
0.3–0.8 s more (two alternating runs each); each further worker saves a load."""


def check(
    documents: Iterable[Input],
    sources: Iterable[Input],
    options: Options | None = None,
    *,
    ignore: Iterable[Input] = (),
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    on_document: Callable[[DocumentResult, str], None] | None = None,
    more: MoreSources | None = None,
) -> CheckReport:
    """Check every document against every source that shares text with it.

    A file given on both sides is read once and never compared with itself. Text matching a
    file of ``ignore`` (a handout, a form) is never part of a fragment, in documents and
    sources alike, and is left out of the shares; an ignored file is not checked itself
    (:mod:`copylens.core.ignore`). ``on_document`` receives each document's result and
    extracted text as soon as its last source is scored (front ends show results as they
    come); the report lists them in input order.

    ``more`` names more sources: an archive's texts and the web's pages
    (:mod:`copylens.core.sources`: how they are found and named, ``archived_as``); a damaged
    archived record is skipped and named among the ``errors``, and so is an address that gave
    no page. The check never writes to the archive: adding the checked documents is the
    caller's (:func:`copylens.core.sources.add_checked`).
    """
    # imported here (the note on the pair stage's modules above); the further sources' ones
    # (the archive's store, sqlite3) only ``check`` needs
    from copylens.core import signals
    from copylens.core.ignore import template_phrases, without_ignored
    from copylens.core.marking import marked
    from copylens.core.signal import RunText
    from copylens.core.sources import MoreSources, look_up

    options = (options or Options()).validated()
    more = more or MoreSources()
    given = told_apart(documents, ignore, sources)
    prepared, failures = read_all(given.unique(), options, prepare_text, progress, cancel)
    by_key = given.by_key(prepared)
    templates = given.pick(given.ignore, by_key)
    run = given.pick([*given.documents, *given.sources], by_key)
    text = RunText(template_phrases(templates))
    by_key.update(given.by_key(marked(run, text, options, sources=True)))
    docs = marked(given.pick(given.documents, by_key), text, options, sources=False)
    srcs = given.pick(given.sources, by_key)
    found = look_up(more, docs, srcs, text, options, progress, cancel)
    srcs += found.web
    failures += found.failures
    index = MemoryIndex(max_df=MAX_DF)
    for n, src in enumerate(srcs):
        index.add(n, src.anchors)
    wanted = [_candidates(doc, srcs, index) for doc in docs]
    del index  # 16 bytes an anchor of the sources, not held while pairs are scored (issue 38)
    for step in signals.STEPS:  # an edited copy or a rewrite may share no anchor
        if step.wanted(options):
            wanted = step.candidates(docs, srcs, wanted, options)
    scores: list[list[tuple[Prepared, PairScore]]] = [[] for _ in docs]
    remaining = [len(w) + len(found.archived(d)) for d, w in enumerate(wanted)]
    results: list[DocumentResult | None] = [None] * len(docs)
    texts = {p.path: p.text for p in run}

    def finish(d: int) -> None:
        own = found.own(d)
        result = _document_result(docs[d], scores[d], lambda source: source.path in own)
        result = found.named(d, result, text_digest(docs[d].text), texts)
        results[d], scores[d] = result, []  # its sources are no longer held
        if on_document is not None:
            on_document(result, docs[d].text)

    for d in (d for d, left in enumerate(remaining) if left == 0):
        finish(d)
    counter = _Counter(sum(remaining), progress)
    for group in found.groups(len(docs)):
        right = list(srcs)
        at: dict[int, int] = {}
        for stored, source in found.read(group, text, options):
            at[stored] = len(right)
            right.append(source)
        pairs = [(d, s) for d in group for s in wanted[d]]
        pairs += [(d, at[s.text]) for d in group for s in found.archived(d) if s.text in at]
        for d in group:  # removed from the archive since it was queried, or damaged
            remaining[d] -= sum(s.text not in at for s in found.archived(d))
            if remaining[d] == 0 and results[d] is None:
                finish(d)
        for (d, s), score in _scored(pairs, docs, right, options, counter, cancel):
            score = without_ignored(score, docs[d], right[s], options)
            if score.shares_anything:
                scores[d].append((right[s], score))
                texts.setdefault(right[s].path, right[s].text)
            remaining[d] -= 1
            if remaining[d] == 0:
                finish(d)
    errors = (*given.missing, *failures, *found.errors())
    return CheckReport(
        tuple(r for r in results if r is not None), tuple(errors), options, texts, (), found.queries
    )


class _Counter:
    """Progress of the comparing stage over all its pair batches."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total, self.done, self.progress = total, 0, progress

    def step(self, count: int = 1) -> None:
        self.done += count
        if self.progress is not None:
            self.progress("comparing", self.done, self.total)


def compare(
    inputs: Iterable[Input],
    options: Options | None = None,
    *,
    ignore: Iterable[Input] = (),
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
    on_pair: Callable[[PairResult], None] | None = None,
) -> CompareReport:
    """Compare every document with every other one that shares text with it.

    Text matching a file of ``ignore``, and phrases held by more than ``max_df_share`` of the
    documents, are never part of a fragment and are left out of the shares; an ignored file
    is not compared itself (:mod:`copylens.core.ignore`). A pair whose larger containment is
    under ``min_containment`` is not reported, and one whose seeds bound it under that
    (:func:`copylens.core.score.containment_bound`) is not even aligned.

    With ``on_pair``, each reported pair goes to it as soon as it is scored (in candidate
    order) and the report holds none (``pairs`` empty, ``clusters`` as always), so memory does
    not grow with the output; without it, the report holds them, the largest shares first.
    """
    options = (options or Options()).validated()
    given = told_apart(inputs, ignore)
    with Spill() as spill:
        tables = _Tables(options.paraphrase) if _forking_readers() else None
        unique = given.unique()
        try:
            spilled, failures = read_all(
                unique,
                options,
                spill.prepare(),
                progress,
                cancel,
                each=tables.take if tables else None,
            )
        except BaseException:
            if tables is not None:
                with suppress(Exception):  # the reading's error (Cancelled, ...) is the run's
                    tables.wait()
            raise
        if tables is not None:
            tables.wait()  # before the next workers fork from this process
        by_key = given.by_key(spilled)
        docs, templates = given.pick(given.documents, by_key), given.pick(given.ignore, by_key)
        errors = (*given.missing, *failures)
        # each summary is replaced as it is readied, never held twice; the inputs (a path
        # object and its parts, ~1 KB an essay) are not held while the pairs are compared
        del spilled, by_key, unique, given, failures
        _ready_spilled(docs, templates, options)
        with stage("candidates"):
            candidates = pairs_sharing(
                [d.anchors for d in docs], MAX_DF, threads=options.process_count
            )
        summaries = packed(docs, options.seed_k)  # the anchors are not needed from here on
        counter = _Counter(len(candidates), progress)
        kept = summaries.docs
        return compare_report(
            _compared(candidates, summaries, spill, options, counter, cancel),
            on_pair,
            options,
            errors=errors,
            documents=tuple(d.path for d in kept),
            texts=lambda: {d.path: read(d.spot).text for d in kept},  # ignored or not
        )


class _Tables:
    """The paraphrase stage's tables of each language met (word vectors, thesaurus, word
    frequencies: :func:`copylens.core.paraphrase.ready`) loaded in the process running
    ``compare`` as the reading workers hand the documents over, while they read on, so the pair
    workers forked after inherit them, loaded once (issue 40; where workers are spawned, each
    loads what it needs itself, so nothing is loaded here). No word is looked up here: a pair
    worker learns only the words of the documents whose pairs reach the stage's meaning (on the
    1,000 essays of bench_compare.py, 11,900 of the 26,600 words the run holds, where learning
    every word here took 16 % of the run's CPU). With the first document, what every pair worker
    loads on its first pair, paraphrase or not, is loaded here too (:func:`_warm_pairs`).

    The loading runs on a thread of its own (:class:`_Loader`), so that this process's main
    thread goes on handing the readers their files and taking their documents: loaded on the
    main thread, between two documents, it held up the readers, who had read the files they
    held (:data:`copylens.core.prepare.READ_AHEAD`) and waited for more (issue 40: 0.14-0.22 s
    of each reader's 0.95 s at 1,000 essays, both cores idle). :meth:`wait` ends the thread
    (it is joined before any process forks from this one: :func:`_join_loaders`)."""

    def __init__(self, paraphrase: bool) -> None:
        self.paraphrase = paraphrase
        self.loaded: set[str] = set()
        self.loader: _Loader | None = None

    def take(self, doc: Spilled) -> Spilled:
        """The document as it is; its language's tables loading (:meth:`wait` for them)."""
        if self.loader is None:
            self.loader = _Loader()
            self.loader.put(_warm_pairs_staged)
        if self.paraphrase and doc.language not in self.loaded:
            self.loaded.add(doc.language)
            self.loader.put(partial(_tables_staged, doc.language))
        return doc

    def wait(self) -> None:
        """Wait until what :meth:`take` asked for is loaded, and end the thread; raises what a
        load raised."""
        if self.loader is not None:
            loader, self.loader = self.loader, None
            loader.end()


class _Loader:
    """A thread running the calls it is given, in order, until :meth:`end`; the first error
    stops it and is raised by :meth:`end`. While it runs, a fork of this process first waits
    for it to end (:func:`_join_loaders`): a forked child holds only the forking thread, and a
    lock the loader held at the fork (an import's, a table's) would stay held in it for good."""

    def __init__(self) -> None:
        self.calls: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="copylens-tables", daemon=True)
        _loaders.append(self)
        self.thread.start()

    def put(self, call: Callable[[], object]) -> None:
        self.calls.put(call)

    def _run(self) -> None:
        while (call := self.calls.get()) is not None:
            if self.error is None:
                try:
                    call()
                except BaseException as error:  # raised on the main thread by end()
                    self.error = error

    def end(self) -> None:
        """Wait for the calls given, end the thread, raise the first error of a call."""
        self.calls.put(None)
        self.thread.join()
        with suppress(ValueError):
            _loaders.remove(self)
        if self.error is not None:
            raise self.error


_loaders: list[_Loader] = []
"""The loaders whose thread may still run."""


def _join_loaders() -> None:
    """Before this process forks: let each loader's thread finish its calls and end."""
    for loader in list(_loaders):
        if loader.thread is not threading.current_thread():
            loader.calls.put(None)
            loader.thread.join()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_join_loaders)


def _warm_pairs_staged() -> None:
    with stage("warm-up"):
        _warm_pairs()


def _tables_staged(language: str) -> None:
    from copylens.core.paraphrase import ready

    with stage("paraphrase: tables"):
        ready(language)


def _forking_readers() -> bool:
    """Whether ``compare`` reads its inputs in workers forked from this process (and pairs
    them in such workers after), so that tables loaded here are theirs too: not where workers
    are spawned, nor in a daemonic process, which reads its inputs itself (and where a thread
    loading tables would run beside its own reading)."""
    return can_fork() and not multiprocessing.current_process().daemon


def _warm_pairs() -> None:
    """Load what each pair worker would load for itself on its first pair: the pair stage's
    modules (the note after this module's imports) and the MinHash permutations
    (``numpy.random``): about 19 ms in every pair worker (issue 40), once here while the
    documents are read. Not numpy's masked arrays: ``np.unique`` of values alone imports them
    when first called (``np.ma.is_masked``), and the pair stage takes such values from
    :func:`copylens.core.arrays.distinct` instead, so no pair worker needs them (issue 40:
    6 ms of CPU on this thread, beside the readers, at 1,000 essays)."""
    import copylens.core.ignore
    import copylens.core.marking
    import copylens.core.score  # noqa: F401

    permutations()


def _ready_spilled(docs: list[Spilled], templates: list[Spilled], options: Options) -> None:
    """:func:`ready_to_compare` of spilled documents, in place: the documents that hold a
    template's phrase or a common one (or all, when quotations or the bibliography are left
    out) are read back, readied and summed up again; the others stay as they are. Where only
    the phrases mark words, here (:func:`ready_each`); else on all cores when they are many
    (:data:`READY_PER_WORKER`)."""
    from copylens.core.ignore import common_phrases, template_phrases

    phrases = distinct(
        np.concatenate(
            (
                template_phrases(templates),
                common_phrases([d.anchors for d in docs], options, options.process_count),
            )
        )
    )
    todo = changing(docs, phrases, options)
    workers = 1
    if not _phrases_only(options):
        workers = min(options.process_count, max(1, len(todo) // READY_PER_WORKER))
    if workers < 2:  # here, one stage (a run's timeline shows one, not one per document)
        with stage("ready"):
            ready_each(docs, todo, phrases, options)
        return
    ready = map_when_it_pays(partial(_ready_one, docs, phrases, options), todo, workers=workers)
    with closing(ready):
        for n, doc in zip(todo, ready, strict=True):
            docs[n] = doc  # forked workers hold the list as it was when they started


READY_PER_WORKER = 64
"""Fewest documents a forked worker of the ready stage is started for where more than the
run's phrases mark words (quotations or the bibliography left out: every document is read
back whole and marked, :func:`_readied_whole`). Where only the phrases do, the documents are
readied in the process running ``compare`` whatever their number, from their fingerprints
(:func:`readied_block`, ~25 µs a document): two forked workers cost more than the work.
Measured (issue 40, from the end of reading to the pair workers' fork, machine shared): at
1,000 essays (619 documents readied), two workers cost 77 ms of CPU more than the work
(forks, copied pages, results sent back, the workers' exit) when a document took ~0.11 ms
(152-283 ms here against 248-449 on two workers, ten alternations); at 10,000 essays (5,991
readied), the stage's wall 0.16-0.24 s here against 0.79-0.81 on two workers (per document,
~55 µs each) and main's 0.97-1.49 on two workers (two runs each)."""


def may_change(doc: Spilled, phrases: np.ndarray, options: Options) -> bool:
    """Whether readying may change the spilled document (:func:`readied`): it holds one of
    ``phrases`` (the templates' and the common ones), or every document is marked (quotations
    or the bibliography left out). The others are not read back. The definition, one document
    at a time; the ready stages (local and ``--dask``) look it up in blocks, :func:`changing`."""
    from copylens.core.copies import held_in
    from copylens.core.marking import marks_any

    return marks_any(options) or bool(held_in(doc.anchors, phrases).any())


def changing(docs: Sequence[Spilled], phrases: np.ndarray, options: Options) -> list[int]:
    """The positions of the documents :func:`may_change` holds, looked up a block of
    :data:`CHANGING_BLOCK` documents at a time: one lookup a document took 9 µs at 10,000
    essays, 88 ms of the parent's serial time, one a block 16 ms (issue 40)."""
    from copylens.core.copies import held_in
    from copylens.core.marking import marks_any

    if marks_any(options):
        return list(range(len(docs)))
    out: list[int] = []
    for lo in range(0, len(docs), CHANGING_BLOCK):
        block = [d.anchors for d in docs[lo : lo + CHANGING_BLOCK]]
        sizes = np.fromiter(map(len, block), dtype=np.int64, count=len(block))
        held = held_in(np.concatenate(block), phrases)
        hit = np.zeros(len(block), dtype=bool)
        hit[np.repeat(np.arange(len(block)), sizes)[held]] = True
        out.extend((lo + np.flatnonzero(hit)).tolist())
    return out


CHANGING_BLOCK = 1024
"""Documents whose anchors :func:`changing` looks up at once (~400 KB of them for essays)."""


def _ready_one(docs: list[Spilled], phrases: np.ndarray, options: Options, n: int) -> Spilled:
    """The run's ``n``-th spilled document as :func:`ready_to_compare` makes it."""
    with stage("ready"):
        return readied(docs[n], n, phrases, options)


def readied(doc: Spilled, at: int, phrases: np.ndarray, options: Options) -> Spilled:
    """The spilled document at position ``at`` of the run as :func:`ready_to_compare` makes it
    (``phrases``: the templates' and the common ones), read back from its spill and summed up
    again, or ``doc`` itself when nothing in it is ignored or marked (the local run and
    ``compare --dask local``'s partitions). Where only the run's phrases mark words and
    ``doc`` ignores none yet, only its canonical words' fingerprints are read back
    (:func:`_readied_by_phrases`). One document of :func:`readied_block`."""
    return readied_block([doc], [at], phrases, options)[0]


def ready_each(
    docs: list[Spilled], todo: Sequence[int], phrases: np.ndarray, options: Options, first: int = 0
) -> None:
    """Each ``docs[n]`` of ``n`` in ``todo`` replaced by :func:`readied` of it (at position
    ``first + n`` of the run), :data:`READY_BLOCK` documents at a time."""
    for lo in range(0, len(todo), READY_BLOCK):
        block = todo[lo : lo + READY_BLOCK]
        ats = [first + n for n in block]
        made = readied_block([docs[n] for n in block], ats, phrases, options)
        for n, doc in zip(block, made, strict=True):
            docs[n] = doc


READY_BLOCK = 256
"""Documents :func:`ready_each` readies at once (:func:`readied_block`): the arrays of one pass
over all their words take up to ~90 bytes a word (8.6 MB at the peak for 256 of the scale
essays, 100,000 words: tracemalloc), so a large run never holds more."""


def readied_block(
    docs: Sequence[Spilled], ats: Sequence[int], phrases: np.ndarray, options: Options
) -> list[Spilled]:
    """:func:`readied` of each of ``docs`` (at positions ``ats`` of the run); those readied
    from their fingerprints alone (:func:`_readied_by_phrases`) in one pass of array
    operations over all of them (:func:`copylens.core.ignore.phrase_summaries`)."""
    from copylens.core.ignore import phrase_summaries

    fast: set[int] = set()
    if _phrases_only(options):
        fast = {i for i, doc in enumerate(docs) if doc.ignored is None}
    out = list(docs)
    for i, doc in enumerate(docs):
        if i not in fast:
            out[i] = _readied_whole(doc, load(doc, options), ats[i], phrases, options)
    ordered = sorted(fast)
    hashes = [read_hashes(docs[i]) for i in ordered]
    made = phrase_summaries(hashes, phrases, [ats[i] for i in ordered], options)
    for i, summed in zip(ordered, made, strict=True):
        if summed is not None:
            out[i] = _readied_by_phrases(docs[i], ats[i], summed)
    return out


def _readied_whole(
    doc: Spilled, prepared: Prepared, at: int, phrases: np.ndarray, options: Options
) -> Spilled:
    """:func:`readied` of ``doc`` (``prepared`` read back) by the document signals
    (:mod:`copylens.core.marking`), the whole document made as the pair stage loads it."""
    from copylens.core.marking import marked
    from copylens.core.signal import RunText

    run = RunText(phrases)
    step = marked([prepared], run, options, sources=True, first=at)[0]
    ready = marked([step], run, options, sources=False, first=at)[0]
    if ready is prepared:
        return doc
    return summary(ready, doc.spot, options, salt=-1 - at if ready is not step else at)


def _phrases_only(options: Options) -> bool:
    """Whether the run's phrases are all that readying marks: the templates signal is the one
    wanted document signal (quotations and the bibliography counted)."""
    from copylens.core import signals
    from copylens.core.templates import TEMPLATES

    return [s for s in signals.DOCUMENT if s.wanted(options)] == [TEMPLATES]


def _readied_by_phrases(
    doc: Spilled, at: int, summed: tuple[np.ndarray, np.ndarray, np.ndarray]
) -> Spilled:
    """:func:`readied` of ``doc`` (ignoring nothing yet) where only the run's phrases mark
    words (:func:`_phrases_only`) and it holds one: the summary made from its canonical words'
    fingerprints (:func:`copylens.core.ignore.phrase_summaries`, ``summed``), read alone from the
    spill (:func:`copylens.core.spill.read_hashes`), not from the whole document read back and
    ignoring them (:func:`copylens.core.ignore.with_ignored`: its forms, variants and shingles,
    which the summary drops). The same summary: the templates signal's words, salted with the
    document's position (the salt of the signals marking sources, :mod:`copylens.core.marking`).
    Issue 40, 1,000 essays (a replay of the stage in one process): the 619 documents readied
    took 65-68 ms of CPU from the whole documents read back (~40 ms of it reading them),
    34-36 from their fingerprints read alone, and 14-20 with them readied a block at a time
    (:func:`readied_block`; seven times each way)."""
    words, anchors, seeds = summed
    return resummed(doc, anchors, seeds.astype(np.uint32), words, at)


def compare_report(
    pairs: Iterable[PairResult],
    on_pair: Callable[[PairResult], None] | None,
    options: Options,
    *,
    errors: tuple[InputFailure, ...],
    documents: tuple[str, ...],
    texts: Callable[[], dict[str, str]],
) -> CompareReport:
    """The report of a ``compare`` run (local or distributed) whose reported pairs come from
    ``pairs``: each passed on to ``on_pair`` as it comes, or held and sorted, the largest
    shares first (then the texts are fetched too); clusters by union–find either way."""
    links: list[tuple[str, str, float]] = []
    kept: list[PairResult] = []
    for pair in pairs:
        links.append((pair.a, pair.b, max(pair.containment_ab, pair.containment_ba)))
        if on_pair is None:
            kept.append(pair)
        else:
            on_pair(pair)
    kept.sort(key=lambda p: (-max(p.containment_ab, p.containment_ba), p.a, p.b))
    return CompareReport(
        pairs=tuple(kept),
        clusters=clusters(links, options.cluster_threshold),
        errors=errors,
        options=options,
        documents=documents,
        texts={} if on_pair is not None else texts(),
    )


def ready_to_compare(
    docs: list[Prepared],
    templates: Sequence[Prepared],
    options: Options,
    *,
    first: int = 0,
    common: np.ndarray | None = None,
) -> list[Prepared]:
    """The documents as ``compare`` aligns them: the text of ``templates`` and the common
    phrases (:func:`copylens.core.ignore.common_phrases`) ignored, and quotations or the
    bibliography where the options say so. A partition of a distributed run passes its
    position in the run (``first``) and the common phrases counted over the whole run."""
    from copylens.core.ignore import common_phrases, template_phrases
    from copylens.core.marking import every_signal
    from copylens.core.signal import RunText

    held = common_phrases([d.anchors for d in docs], options) if common is None else common
    phrases = distinct(np.concatenate((template_phrases(templates), held)))
    return every_signal(docs, RunText(phrases), options, first)


def candidate_pairs(docs: Sequence[Prepared]) -> np.ndarray:
    """Pairs (i < j) of documents sharing an anchor k-gram held by at most :data:`MAX_DF`
    documents, as rows of a sorted (n, 2) array: the only pairs that can share a fragment
    (every fragment holds an anchor), less the boilerplate."""
    return pairs_sharing([d.anchors for d in docs], MAX_DF)


def _as_is(doc: Any) -> Prepared:
    """The ``load`` of :func:`compare_group` for documents held whole."""
    assert isinstance(doc, Prepared)
    return doc


def compare_group(
    a: Seeded, others: Sequence[Seeded], options: Options, load: Callable[[Any], Prepared] = _as_is
) -> list[PairResult | None]:
    """:func:`compare_pair` of A with each of ``others``, except that a pair whose seeds bound
    its containment under ``min_containment`` (:func:`containment_bounds`, for the whole group
    at once) is not even aligned: None. ``load`` gives the whole document of one of them (a
    spilled run's: :meth:`copylens.core.spill.Spill.load`), only for the pairs aligned."""
    from copylens.core.score import containment_bounds

    at_least = options.min_containment
    out: list[PairResult | None] = [None] * len(others)
    aligned: Iterable[int] = range(len(others))
    if at_least > 0:  # most pairs of a large run are not aligned: no Python step each (issue 40)
        bounds = containment_bounds(a, others, options)
        aligned = np.flatnonzero(~(bounds < at_least)).tolist()
    whole_a: Prepared | None = None
    for n in aligned:
        whole_a = whole_a or load(a)
        out[n] = compare_pair(whole_a, load(others[n]), options)
    return out


def compare_pair(a: Prepared, b: Prepared, options: Options) -> PairResult | None:
    """The pair as ``compare`` reports it, or None when it shares nothing or less than
    ``min_containment``."""
    from copylens.core.score import score_pair

    score = score_pair(a, b, options, gate=True, estimated=False, dropped_under=True)
    return _pair_result(a, b, score, options)


def _compared(
    pairs: np.ndarray,
    summaries: Packed,
    spill: Spill,
    options: Options,
    counter: _Counter,
    cancel: CancelCheck | None,
) -> Iterator[PairResult]:
    """The reported pairs among ``pairs``, in their order, scored on all cores. The workers
    bound pairs on the summaries' arrays (:class:`copylens.core.spill.Packed`) and read back
    only the documents of the pairs they align."""

    # empty in each worker as it forks: each fills its own (none held past HELD_UP_TO)
    held = Recent(DOCUMENTS_HELD if len(summaries) <= HELD_UP_TO else 0)

    def read_back(seeds: Seeds) -> Prepared:
        doc = held.get(seeds.n)
        if doc is None:
            doc = held.put(seeds.n, spill.load(summaries.whole(seeds), options))
        return doc

    group = partial(compare_group, load=read_back)  # the tables are loaded already (_Tables)
    with closing(map_groups(group, groups_of(pairs), summaries, summaries, options)) as results:
        for found in results:
            _raise_if(cancel)
            counter.step(len(found))  # a group at a time: most of its pairs were only bounded
            yield from (result for result in found if result is not None)


def clusters(
    links: Iterable[tuple[str, str, float]], threshold: float
) -> tuple[tuple[str, ...], ...]:
    """Groups of documents joined by pairs (a, b, larger containment) reaching ``threshold``
    (Broder, §5: union–find)."""
    return tuple(groups((a, b) for a, b, share in links if share >= threshold))


def _candidates(doc: Prepared, sources: list[Prepared], index: CandidateIndex) -> list[int]:
    """Sources sharing an anchor k-gram with ``doc``, never ``doc`` itself (a file given on both
    sides is one Prepared object: see :meth:`copylens.core.inputs.Inputs.pick`)."""
    found = index.query(doc.anchors, MIN_SHARED_ANCHORS)
    return [n for n in sorted(found) if sources[n] is not doc]


def _scored(
    pairs: list[tuple[int, int]],
    left: list[Prepared],
    right: list[Prepared],
    options: Options,
    counter: _Counter,
    cancel: CancelCheck | None,
) -> Iterator[tuple[tuple[int, int], PairScore]]:
    """Scores of the pairs in order, with progress reports and cancellation between pairs."""
    from copylens.core.score import score_pair

    groups = groups_of(as_pairs(pairs))
    if options.paraphrase and workers_for(len(pairs), options) >= PRELOAD_WORKERS and can_fork():
        preload(d.canonical.language for d in left)  # once here, not in every forked worker
    with closing(map_groups(each(score_pair), groups, left, right, options)) as scored:
        for (i, js), scores in zip(groups, scored, strict=True):
            for j, score in zip(js.tolist(), scores, strict=True):
                _raise_if(cancel)
                yield (i, j), score
                counter.step()


def _document_result(
    doc: Prepared,
    scored: list[tuple[Prepared, PairScore]],
    own: Callable[[Prepared], bool] = lambda source: False,
) -> DocumentResult:
    """The document's shares are of its counted words: canonical words it does not ignore.

    Covered words inside citations (quotations, the bibliography) are cited; of the others,
    those found only in the writer's own earlier work (``own`` sources: an archived document
    by the same author) are self-cited, the rest borrowed, as Antiplagiat counts them:
    ``uniqueness + borrowed + cited + self_cited == 1`` (issues 12 and 14).

    A source's words found are its pair's covered words inside its fragments (:func:`_shown`,
    as ``compare`` counts them; a word counts where a fragment shows it: the
    copy alignment's further matches, ``Alignment.elsewhere``, may reach past a fragment's
    ends; PAN-13 development sample: 7 covered words of 6 of 514
    documents lay just outside a fragment, bench/bench_own_text.py: containment 0.1 points
    lower in two of its groups, no other figure changed); each fragment keeps its words not found
    (``Fragment.uncovered``), so that :mod:`copylens.core.exclusions` counts them again as
    here."""
    n = len(doc.canonical)
    scored = [(src, _shown(score, doc)) for src, score in scored]
    coverage = np.zeros((len(scored), n), dtype=bool)
    for row, (_, score) in enumerate(scored):
        coverage[row] = score.covered_a
    covered_by = coverage.sum(axis=0) if scored else np.zeros(n, dtype=int)
    others = [row for row, (src, _) in enumerate(scored) if not own(src)]
    by_others = coverage[others].sum(axis=0) > 0  # none: all False
    kept = None if doc.ignored is None else ~doc.ignored
    cited = _kept(doc.cited, kept)
    if kept is not None:
        n = int(kept.sum())
        covered_by = covered_by[kept]
        by_others = by_others[kept]
    matches = [
        SourceMatch(
            path=src.path,
            resemblance=score.resemblance,
            resemblance_estimate=score.resemblance_estimate,
            containment=share(score.covered_a, doc),
            reverse_containment=share(score.covered_b, src),
            exclusive=float((_kept(score.covered_a, kept) & (covered_by == 1)).sum()) / n
            if n
            else 0.0,
            shingle_containment=score.shingle_containment,
            matched_words=int(score.covered_a.sum()),
            fragments=tuple(
                _with_uncovered(_with_citation(f, doc), doc, score.covered_a)
                for f in score.fragments
            ),
            cited=_fraction(_kept(score.covered_a, kept) & cited, n),
        )
        for src, score in scored
    ]
    matches.sort(key=lambda m: (-m.containment, -m.resemblance, m.path))
    covered = covered_by > 0
    return DocumentResult(
        path=doc.path,
        language=doc.canonical.language,
        words=doc.canonical.words,
        counted_words=n,
        uniqueness=float((covered_by == 0).mean()) if n else 1.0,
        borrowed=_fraction(by_others & ~cited, n),
        cited=_fraction(covered & cited, n),
        self_cited=_fraction(covered & ~by_others & ~cited, n),
        homoglyphs=len(doc.canonical.homoglyphs),
        homoglyph_offsets=doc.canonical.homoglyphs,
        sha256=doc.sha256,
        sources=tuple(matches),
        pasted=doc.format == "text",
    )


def _fraction(words: np.ndarray, n: int) -> float:
    return float(words.sum()) / n if n else 0.0


def _shown(score: PairScore, doc: Prepared) -> PairScore:
    """``score`` with its covered words of ``doc`` (the checked side, A) only inside its
    fragments, so that ``check``'s containment and ``compare``'s ``containment_ab`` count the
    words a fragment shows, and alike: the copy alignment's further matches
    (``Alignment.elsewhere``, :func:`copylens.core.copies._coverage`) may reach past a
    fragment's ends.

    The source's side (``check``'s reverse containment, ``compare``'s ``containment_ba``) is
    left as found, alike in both: its further matches lie where the source holds the copied
    words again (a sentence it repeats, a phrase it uses twice), and a fragment has one
    source span, so no fragment can show them all; they are found in the checked text all the
    same. Cut to the fragments' source spans, a source repeating a copied sentence would show
    less of itself found than it is. (The checked side may show less than the resemblance of
    shingle sets where a text repeats a shingle: 13 words of one refrain against 12 have equal
    sets, and a fragment shows 12 of the 13: tests/test_engine.py.)"""
    inside = words_marked(doc.canonical.starts, [(f.start, f.end) for f in score.fragments])
    covered = score.covered_a & inside
    return score if np.array_equal(covered, score.covered_a) else replace(score, covered_a=covered)


def _with_uncovered(f: Fragment, doc: Prepared, covered: np.ndarray) -> Fragment:
    """The fragment with its words not ``covered`` (its source's words found) as character
    spans, one a run of consecutive such words (``Fragment.uncovered``)."""
    starts, ends = doc.canonical.starts, doc.canonical.ends
    lo, hi = int(np.searchsorted(starts, f.start)), int(np.searchsorted(starts, f.end))
    runs = true_runs(~covered[lo:hi])
    return replace(
        f, uncovered=tuple((int(starts[lo + a]), int(ends[lo + b - 1])) for a, b in runs)
    )


def _with_citation(f: Fragment, doc: Prepared) -> Fragment:
    """The fragment marked cited when at least half of its counted words are cited."""
    starts = doc.canonical.starts
    lo, hi = np.searchsorted(starts, f.start), np.searchsorted(starts, f.end)
    inside = doc.cited[lo:hi]
    return replace(f, cited=True) if len(inside) and 2 * int(inside.sum()) >= len(inside) else f


def _pair_result(a: Prepared, b: Prepared, score: PairScore, options: Options) -> PairResult | None:
    """The reported pair, or None when nothing is shared or it is under the threshold. The
    fragments over ignored words aligned again are a stage of their own (at 10,000 essays they
    were 7.5 % of the samples of all processes (py-spy), uncounted: issue 40).

    A pair whose shares are under ``min_containment`` before that is not aligned again: the
    second alignment only takes covered words away (:func:`copylens.core.ignore.without_ignored`
    keeps a word covered only where it was), and so does :func:`_shown`, so its shares can
    only fall, and the pair is not reported either way (issue 40: at 1,000 essays sharing
    quotations, most pairs aligned over an ignored common phrase were such pairs)."""
    from copylens.core.ignore import without_ignored
    from copylens.core.score import resemblance_estimate

    if _under(score, a, b, options):
        return None
    with stage("ignored: realigned"):
        score = _shown(without_ignored(score, a, b, options), a)
    if not score.shares_anything:
        return None
    containment_ab, containment_ba = share(score.covered_a, a), share(score.covered_b, b)
    if max(containment_ab, containment_ba) < options.min_containment:
        return None
    return PairResult(
        a=a.path,
        b=b.path,
        resemblance=score.resemblance,
        resemblance_estimate=resemblance_estimate(a, b, score),  # only for the pairs reported
        containment_ab=containment_ab,
        containment_ba=containment_ba,
        fragments=score.fragments,
    )


def _under(score: PairScore, a: Prepared, b: Prepared, options: Options) -> bool:
    """Whether both of the pair's shares of its covered words (the words each side does not
    ignore) are under ``min_containment``, which :func:`_pair_result` does not report."""
    return max(share(score.covered_a, a), share(score.covered_b, b)) < options.min_containment


def _kept(values: np.ndarray, kept: np.ndarray | None) -> np.ndarray:
    return values if kept is None else values[kept]


def _raise_if(cancel: CancelCheck | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled()
