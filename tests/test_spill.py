"""The spill (issue 15): a ``compare`` holds only a summary of each document in memory and
reads the whole document back from disk for the pairs it aligns. What it reports must be
exactly what a run holding every document reports, and nothing may be left on disk."""

from __future__ import annotations

import glob
import io
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import weakref
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from copylens.core import Cancelled, Options, compare
from copylens.core import spill as spill_module
from copylens.core.canonicalize import Canonical
from copylens.core.engine import candidate_pairs, compare_group, ready_to_compare
from copylens.core.errors import SpillFailed
from copylens.core.extract import Extracted
from copylens.core.prepare import prepare_text, read_all
from copylens.core.score import containment_bounds, groups_of
from copylens.core.spill import Spill, SpillPrepared
from tests.test_distributed import STOCK, write_corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    folder = tmp_path_factory.mktemp("spill") / "essays"
    return folder, write_corpus(folder)


def _spills() -> set[str]:
    """This process's spill folders (other runs on the machine make and remove their own)."""
    return set(glob.glob(os.path.join(tempfile.gettempdir(), f"copylens-spill-{os.getpid()}-*")))


def _held_in_memory(files: list[Path], handout: Path, options: Options) -> list[tuple]:
    """The reported pairs of a run that holds every prepared document (the Dask partitions'
    way): ready, candidate pairs, bounded groups."""
    docs, _ = read_all(files, options, prepare_text)
    [template], _ = read_all([handout], options, prepare_text)
    docs = ready_to_compare(docs, [template], options)
    pairs = candidate_pairs(docs)
    return [
        result
        for i, js in groups_of(pairs)
        for result in compare_group(docs[i], [docs[j] for j in js], options)
        if result is not None
    ]


@pytest.mark.parametrize(
    "options",
    [Options(), Options(exclude_quotes=True, min_containment=0.05), Options(min_containment=0)],
    ids=["defaults", "quotes-excluded", "every-pair-aligned"],
)
def test_a_spilled_run_reports_what_a_run_holding_everything_reports(
    corpus: tuple[Path, dict[str, Path]], options: Options
) -> None:
    """Common phrases, a handout and left-out quotations make most documents ignore words: a
    document read back gets the very fingerprints (salted by its place in the run) it had."""
    folder, special = corpus
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size and p != special["handout"])
    before = _spills()
    sent: list = []
    report = compare(files, options, ignore=[special["handout"]], on_pair=sent.append)
    expected = _held_in_memory(files, special["handout"], options)
    assert sent == expected
    assert len(sent) >= 8
    texts = {p: Path(p).read_text(encoding="utf-8") for p in map(str, files)}
    assert not any(STOCK in texts[p.a][f.start : f.end] for p in sent for f in p.fragments)
    assert report.pairs == () and report.clusters
    assert _spills() == before  # the folder is gone


@pytest.mark.parametrize(
    ("name", "held"),
    [("DOCUMENTS_HELD", 0), ("DOCUMENTS_HELD", 1), ("DOCUMENTS_HELD", 3), ("HELD_UP_TO", 1)],
)
def test_a_run_keeping_few_documents_read_back_reports_the_same(
    corpus: tuple[Path, dict[str, Path]], name: str, held: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pair workers keep the documents they read back (:class:`Recent`): a run keeping
    none or a few (or one larger than ``HELD_UP_TO``), so that most are read again, reports
    what a run keeping many does."""
    from copylens.core import engine

    folder, special = corpus
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size and p != special["handout"])
    options = Options()
    many: list = []
    compare(files, options, ignore=[special["handout"]], on_pair=many.append)
    monkeypatch.setattr(engine, name, held)
    few: list = []
    compare(files, options, ignore=[special["handout"]], on_pair=few.append)
    assert few == many
    assert len(many) >= 8


def test_recent_keeps_the_documents_last_used() -> None:
    docs = [
        prepare_text(Extracted(f"{n}.txt", f"Text number {n} here.", "txt"), Options())
        for n in range(4)
    ]
    recent = spill_module.Recent(2)
    assert recent.get(0) is None
    assert recent.put(0, docs[0]) is docs[0]
    recent.put(1, docs[1])
    assert recent.get(0) is docs[0]  # now the last used: 1 goes first
    recent.put(2, docs[2])
    assert recent.get(1) is None
    assert recent.get(0) is docs[0] and recent.get(2) is docs[2]
    recent.put(3, docs[3])
    assert recent.get(0) is None and len(recent.docs) == 2
    none = spill_module.Recent(0)
    assert none.put(0, docs[0]) is docs[0] and none.get(0) is None


def test_the_texts_of_a_held_report_are_read_back_whole(
    corpus: tuple[Path, dict[str, Path]],
) -> None:
    folder, _ = corpus
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size)
    report = compare(files)
    assert set(report.texts) == set(report.documents)
    for path, text in report.texts.items():
        assert text == Path(path).read_text(encoding="utf-8")
    for pair in report.pairs:
        for f in pair.fragments:
            assert report.texts[pair.a][f.start : f.end].strip()


def test_a_cancelled_run_leaves_no_spill(corpus: tuple[Path, dict[str, Path]]) -> None:
    folder, _ = corpus
    before = _spills()
    calls = 0

    def cancel() -> bool:
        nonlocal calls
        calls += 1
        return calls > 5

    with pytest.raises(Cancelled):
        compare([folder], cancel=cancel)
    assert _spills() == before


def test_a_document_read_back_is_the_document_written(
    corpus: tuple[Path, dict[str, Path]],
) -> None:
    folder, _ = corpus
    options = Options()
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size)[:6]
    with Spill() as spill:
        spilled, _ = read_all(files, options, spill.prepare())
        docs, _ = read_all(files, options, prepare_text)
        assert len(spilled) == len(docs) == 6
        assert len({s.spot.file for s in spilled}) >= 1
        for small, doc in zip(spilled, docs, strict=True):
            back = spill.load(small, options)
            assert back.text == doc.text and back.path == small.path == doc.path
            assert back.canonical.forms == doc.canonical.forms
            for name in ("starts", "ends", "hashes", "variants", "sentences"):
                assert np.array_equal(getattr(back.canonical, name), getattr(doc.canonical, name))
            assert np.array_equal(back.shingles, doc.shingles)
            assert np.array_equal(small.anchors, doc.anchors)
            whole = doc.seed_grams(options.seed_k)[0]
            assert np.array_equal(small.grams, (whole & np.uint64(2**32 - 1)).astype(np.uint32))
            assert small.size == len(doc.canonical)
            alone = spill_module.read_hashes(small)  # what the ready stage reads of it
            assert alone.dtype == np.uint64 and np.array_equal(alone, doc.canonical.hashes)
            assert back.canonical.hashes.flags.writeable
        # the bound from the summaries is never under the bound from the whole documents
        for n, small in enumerate(spilled):
            others = [s for m, s in enumerate(spilled) if m != n]
            whole_others = [d for m, d in enumerate(docs) if m != n]
            bounds = containment_bounds(small, others, options)
            assert (bounds >= containment_bounds(docs[n], whole_others, options)).all()
        folder_of_run = spill.folder
        assert os.listdir(folder_of_run)
    assert not os.path.exists(folder_of_run)


@pytest.mark.parametrize("ignored", [None, np.array([False, True, True, False])])
def test_a_summary_travels_between_processes_whole(ignored: np.ndarray | None) -> None:
    """A summary (and its spot) pickled by its constructor's arguments (issue 40: faster than
    a slotted dataclass's own pickling) comes back with every field, arrays of their dtypes."""
    small = spill_module.Spilled(
        path="/essays/один.txt",
        spot=spill_module.Spot("/tmp/copylens-spill-1-x/7.spill", 4096, 33000),
        size=4,
        anchors=np.array([3, 2**64 - 1], dtype=np.uint64),
        grams=np.array([1, 2**32 - 1], dtype=np.uint32),
        k=5,
        ignored=ignored,
        salt=-3,
        language="ru",
    )
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        back = pickle.loads(pickle.dumps(small, protocol=protocol))
        assert type(back) is spill_module.Spilled and type(back.spot) is spill_module.Spot
        for name in spill_module.Spilled.__slots__:
            mine, theirs = getattr(small, name), getattr(back, name)
            if isinstance(mine, np.ndarray):
                assert theirs.dtype == mine.dtype and np.array_equal(theirs, mine)
            else:
                assert theirs == mine
        assert back.spot == small.spot and hash(back.spot) == hash(small.spot)


@settings(max_examples=200, deadline=None)
@given(
    arrays(
        dtype=st.sampled_from(["<u8", ">u8", "<u4", "<i8", "|b1", "<f8"]),
        shape=st.integers(min_value=0, max_value=20),
        elements=None,
    ),
    arrays(dtype=np.uint32, shape=st.integers(min_value=0, max_value=20)),
    st.sampled_from(["flat", "strided", "grid"]),
)
def test_a_summary_s_arrays_travel_as_their_bytes(
    anchors: np.ndarray, grams: np.ndarray, shape: str
) -> None:
    """A summary's anchors and k-grams are pickled as their bytes and dtypes' names (issue
    40): they come back equal, of their dtype (byte order included), writable, also from a
    view that is not contiguous; an array of two dimensions travels as numpy pickles it."""
    if shape == "strided":
        anchors = anchors[::2]
    elif shape == "grid":
        anchors = anchors[None]
    small = spill_module.Spilled(
        "a.txt", spill_module.Spot("f", 0, 1), 3, anchors, grams, 5, None, 0, "en"
    )
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        back = pickle.loads(pickle.dumps(small, protocol=protocol))
        for mine, theirs in ((anchors, back.anchors), (grams, back.grams)):
            assert theirs.shape == mine.shape and theirs.flags.writeable
            assert np.array_equal(theirs, mine, equal_nan=True)
            if theirs.ndim == 1:  # numpy's own pickling may drop an empty grid's byte order
                assert theirs.dtype == mine.dtype


def test_a_spilled_document_comes_back_with_its_canonical_words_equal() -> None:
    """A spilled document's canonical words are pickled as they are but for the forms, one
    string joined by ``SEP`` (issue 40): read back, every field is equal, of its dtype, and
    the forms a tuple of strings."""
    text = "Слова и слово, слова и слово. The the THE word words, wоrd (a Cyrillic о).\n" * 40
    doc = prepare_text(Extracted("mixed.txt", text, "txt"), Options())
    with Spill() as spill:
        back = spill_module.read(spill_module.write(spill.folder, doc))
    c, b = doc.canonical, back.canonical
    assert type(b.forms) is tuple and b.forms == c.forms
    assert (b.language, b.words, b.homoglyphs) == (c.language, c.words, c.homoglyphs)
    for name in ("starts", "ends", "variants", "hashes", "sentences"):
        mine, theirs = getattr(c, name), getattr(b, name)
        assert theirs.dtype == mine.dtype and np.array_equal(theirs, mine)
    assert c.homoglyphs  # the look-alike letter was folded, and its offset kept


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(["a", "б", "'", "\x00", "ё"]), max_size=4)))
def test_any_forms_travel_through_the_spill_s_pickle_as_they_are(forms: list[str]) -> None:
    """The forms joined by ``SEP`` and split again are the forms written, whatever they are
    (issue 40): none, one empty, empty ones among others; a form holding ``SEP`` (which no
    canonicalized word has) makes them travel as the tuple itself."""
    words = np.arange(len(forms), dtype=np.int64)
    canonical = Canonical(
        "en", len(forms), words, words + 1, tuple(forms), words.astype(np.uint64),
        words.astype(np.uint64), (), words.astype(np.int32),
    )  # fmt: skip
    out = io.BytesIO()
    spill_module._Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(canonical)
    back = pickle.loads(out.getvalue())
    assert type(back) is Canonical and type(back.forms) is tuple
    assert back.forms == tuple(forms) and back.words == len(forms)
    assert np.array_equal(back.ends, canonical.ends) and back.sentences.dtype == np.int32


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["один", "два", "word", "words", "the", "a,", "b."]), max_size=30))
def test_a_document_s_fingerprints_are_read_back_alone_and_with_it(words: list[str]) -> None:
    """The spill writes a document's canonical words' fingerprints apart from the rest of it
    (issue 40: the ready stage reads them alone, :func:`copylens.core.spill.read_hashes`): read
    alone or with the whole document, they are the ones written, also of a document of no
    words; the whole document comes back equal, its fingerprints writable, and the spill's
    file holds them once (no larger than the document pickled with them inside, and its
    header)."""
    doc = prepare_text(Extracted("w.txt", " ".join(words), "txt"), Options())
    with Spill() as spill:
        spot = spill_module.write(spill.folder, doc)
        again = spill_module.write(spill.folder, doc)  # a second one after it, as in a run
        small = spill_module.summary(doc, again, Options())
        alone = spill_module.read_hashes(small)
        back = spill_module.read(spot)
        hashes = doc.canonical.hashes
        assert alone.dtype == hashes.dtype and np.array_equal(alone, hashes)
        assert back.canonical.hashes.dtype == hashes.dtype
        assert np.array_equal(back.canonical.hashes, hashes)
        assert back.canonical.hashes.flags.writeable and back.canonical.forms == doc.canonical.forms
        assert np.array_equal(back.shingles, doc.shingles) and back.text == doc.text
        assert spot.size == again.size and again.offset == spot.offset + spot.size
    inside = io.BytesIO()  # the document pickled with its fingerprints inside
    spill_module._Pickler(inside, protocol=pickle.HIGHEST_PROTOCOL).dump(doc)
    assert spot.size <= spill_module._HEADER + len(inside.getvalue())


@settings(max_examples=200, deadline=None)
@given(
    arrays(
        dtype=st.sampled_from(["<i8", "<u8", "<i4", ">i4", "|b1", "<f4", "<f8", "<u4"]),
        shape=st.integers(min_value=0, max_value=40),
        elements=None,
    ),
    st.booleans(),
)
def test_a_spilled_array_comes_back_equal_and_writable(values: np.ndarray, strided: bool) -> None:
    """The spill pickles a document's flat arrays as their bytes (issue 40): each comes back
    with its dtype (byte order included), length and values, writable as it was, also from a
    view that is not contiguous; a two-dimensional array is pickled as numpy does."""
    if strided:
        values = values[::2]
    out = io.BytesIO()
    spill_module._Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump((values, values[None]))
    back, grid = pickle.loads(out.getvalue())
    assert back.dtype == values.dtype and back.shape == values.shape
    assert np.array_equal(back, values, equal_nan=values.dtype.kind == "f")
    assert back.flags.writeable and grid.shape == (1, len(values))
    flat = io.BytesIO()
    spill_module._Pickler(flat, protocol=pickle.HIGHEST_PROTOCOL).dump(values)
    assert b"numpy" not in flat.getvalue()  # its bytes and dtype's name, no numpy reduce


def test_the_bound_reads_the_k_grams_of_a_group_s_others_as_they_are_kept(
    corpus: tuple[Path, dict[str, Path]],
) -> None:
    """A group's others' k-grams in text order are the arrays kept, not sorted or made again
    for every pair they are in (issue 40: sorting them was a third of the bound's CPU)."""
    folder, _ = corpus
    options = Options()
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size)[:2]
    with Spill() as spill:
        spilled, _ = read_all(files, options, spill.prepare())
        docs, _ = read_all(files, options, prepare_text)
        for small, doc in zip(spilled, docs, strict=True):
            assert small.text_grams(options.seed_k) is small.grams
            assert doc.text_grams(options.seed_k) is doc.seed_grams(options.seed_k)[0]
            with pytest.raises(ValueError):
                small.text_grams(options.seed_k + 1)


def test_the_pair_stage_holds_the_summaries_arrays_in_a_few_blocks(
    corpus: tuple[Path, dict[str, Path]],
) -> None:
    """What the pair stage holds of N documents' numbers lies in a few arrays, not N (issue
    40: pair workers forked from a parent holding 100,000 small arrays, and objects holding
    them, copied the pages around them, 2.5 GB in all): each summary's seed k-grams, ignored
    words and size are read from one block each, equal to what they were; the anchors and
    the per-summary arrays are let go; the whole document reads back as before."""
    folder, _ = corpus
    options = Options()
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size)[:5]
    with Spill() as spill:
        spilled, _ = read_all(files, options, spill.prepare())
        ignored = np.zeros(spilled[1].size, dtype=bool)
        ignored[:3] = True
        spilled[1] = replace(spilled[1], ignored=ignored, salt=7)
        was = [(s.grams.copy(), s.ignored, s.size, s.spot, s.path, s.salt) for s in spilled]
        languages = [s.language for s in spilled]
        assert "en" in languages
        own = [weakref.ref(s.grams) for s in spilled]
        expected = spill.load(spilled[1], options)
        summaries = spill_module.packed(spilled, options.seed_k)
        assert spilled == []
        assert all(ref() is None for ref in own)  # freed, not held beside the block
        assert len(summaries) == 5
        assert all(d.anchors.size == 0 and d.grams.size == 0 for d in summaries.docs)
        for n, (grams, mask, size, spot, path, salt) in enumerate(was):
            seeds = summaries[n]
            assert seeds.grams.base is summaries.grams
            assert np.array_equal(seeds.text_grams(options.seed_k), grams)
            assert seeds.grams.dtype == grams.dtype and seeds.size == size
            assert (seeds.ignored is None) == (mask is None)
            whole = summaries.whole(seeds)
            assert (whole.size, whole.spot, whole.path, whole.salt) == (size, spot, path, salt)
            assert (whole.k, whole.language) == (options.seed_k, languages[n])
            assert (whole.ignored is None) == (mask is None) and whole.anchors.size == 0
            bare = summaries.docs[n]  # every field kept but the arrays let go
            assert (bare.size, bare.spot, bare.path, bare.salt) == (size, spot, path, salt)
            assert (bare.k, bare.language, bare.ignored) == (options.seed_k, languages[n], None)
        assert np.array_equal(summaries[1].ignored, ignored)
        back = spill.load(summaries.whole(summaries[1]), options)
        assert np.array_equal(back.ignored, expected.ignored)
        assert np.array_equal(back.canonical.hashes, expected.canonical.hashes)
        assert len(spill_module.packed([], options.seed_k)) == 0


def test_the_spill_writes_a_document_before_its_seed_k_grams_are_made(
    corpus: tuple[Path, dict[str, Path]],
) -> None:
    """What the spill file holds of a document is what it was when read: ``summary`` makes
    its seed k-grams (``Prepared.seed_grams``'s memo, ~6 of 39 KB pickled) after ``write``,
    so no spilled document carries them (issue 40)."""
    folder, _ = corpus
    options = Options()
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size)[:3]
    with Spill() as spill:
        spilled, _ = read_all(files, options, spill.prepare())
        for small in spilled:
            assert "_grams" not in spill_module.read(small.spot).__dict__


def test_a_process_writes_only_to_its_own_file_of_the_current_run(tmp_path: Path) -> None:
    """A worker kept between runs (the window's) closes the file of a run that ended, so its
    removed file frees its disk; a forked child never appends to its parent's file."""
    options = Options()
    [doc], _ = read_all([_essay(tmp_path)], options, prepare_text)
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    spot = spill_module.write(str(first), doc)
    assert (str(first), os.getpid()) in spill_module._writers
    spill_module.write(str(second), doc)
    assert (str(first), os.getpid()) not in spill_module._writers
    pid = os.fork()
    if pid == 0:  # the child writes to a file of its own
        child = spill_module.write(str(second), doc)
        os._exit(0 if child.file != spot.file.replace("first", "second") else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert len(os.listdir(second)) == 2
    assert spill_module.read(spot).text == doc.text
    for key in [k for k in spill_module._writers if k[1] == os.getpid()]:
        os.close(spill_module._writers.pop(key))


def _essay(folder: Path) -> Path:
    path = folder / "essay.txt"
    path.write_text(
        "Glaciers grow when winter snow outlasts the summer melt. The old snow compacts "
        "into dense blue ice that flows downhill under its own weight.",
        encoding="utf-8",
    )
    return path


def test_no_room_for_the_spill_stops_the_run_with_a_clear_error(tmp_path: Path) -> None:
    """A full disk is no file's fault: the run stops and says where and what to do, instead
    of marking every file as failed."""
    options = Options()
    gone = tmp_path / "removed"
    with pytest.raises(SpillFailed) as caught:
        read_all([_essay(tmp_path)], options, SpillPrepared(str(gone)))
    assert str(gone) in str(caught.value) and "TMPDIR" in str(caught.value)


def test_no_room_for_a_reader_s_group_is_the_same_clear_error(tmp_path: Path) -> None:
    """The readers' groups (``SpillPrepared.many``) meet a full disk as one file does: the
    run's error at once, not an OSError that has the group read again file by file."""
    gone = tmp_path / "removed"
    texts = [Extracted(f"{n}.txt", f"Essay {n} has its own words. " * 40, "txt") for n in range(3)]
    with pytest.raises(SpillFailed) as caught:
        SpillPrepared(str(gone)).many(texts, Options())
    assert str(gone) in str(caught.value) and "TMPDIR" in str(caught.value)


def test_the_folder_of_a_killed_run_is_removed_by_the_next_run() -> None:
    """A run killed with SIGKILL cannot remove its folder (gigabytes at 100,000 essays): the
    next run removes the folders of processes that are gone, never a live run's."""
    child = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], stdout=subprocess.DEVNULL
    )
    orphan = tempfile.mkdtemp(prefix=f"{spill_module.PREFIX}{child.pid}-")
    (Path(orphan) / "1.spill").write_bytes(b"x" * 100)
    child.kill()
    child.wait()
    live = tempfile.mkdtemp(prefix=f"{spill_module.PREFIX}{os.getpid()}-")
    try:
        with Spill() as spill:
            assert os.path.isdir(spill.folder)
        assert not os.path.exists(orphan)
        assert os.path.isdir(live)
    finally:
        shutil.rmtree(live, ignore_errors=True)
        shutil.rmtree(orphan, ignore_errors=True)


@pytest.mark.parametrize("at_least", [0.05, 0.3, 0.0])
def test_compare_group_aligns_exactly_the_pairs_its_bound_does_not_drop(
    corpus: tuple[Path, dict[str, Path]], at_least: float
) -> None:
    """A group's answer has one place per partner: None where the seeds bound the pair under
    ``min_containment`` (never aligned: ``load`` is not asked for it), ``compare_pair``'s
    answer elsewhere, in the partners' order."""
    from copylens.core.engine import compare_pair

    folder, special = corpus
    files = sorted(p for p in folder.glob("*.txt") if p.stat().st_size and p != special["handout"])
    options = Options(min_containment=at_least)
    docs, _ = read_all(files, options, prepare_text)
    docs = ready_to_compare(docs, [], options)
    dropped = aligned = 0
    for i, js in groups_of(candidate_pairs(docs)):
        others = [docs[j] for j in js]
        bounds = containment_bounds(docs[i], others, options) if at_least > 0 else None
        loaded: list[int] = []

        def load(doc: object, loaded: list[int] = loaded) -> object:
            loaded.append(id(doc))
            return doc

        got = compare_group(docs[i], others, options, load=load)  # type: ignore[arg-type]
        assert len(got) == len(others)
        for n, (b, result) in enumerate(zip(others, got, strict=True)):
            if bounds is not None and bounds[n] < at_least:
                assert result is None and id(b) not in loaded
                dropped += 1
            else:
                assert result == compare_pair(docs[i], b, options)
                aligned += 1
    assert aligned > 0
    assert dropped > 0 or at_least < 0.3  # the corpus's candidate pairs mostly share much
