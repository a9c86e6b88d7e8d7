"""The paraphrase stage's words looked up once per process, and only where needed (issue 40).

The process running ``compare`` loads the stage's tables (word vectors, thesaurus, word
frequencies) while the documents are read, so the pair workers forked from it inherit them;
each word's values are learned in a process's memo the first time a document whose pair
reaches the stage's meaning holds it. What must hold: the stage sees exactly what it would
have made itself, bit for bit, and finds the same fragments.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

import numpy as np
import pytest

from copylens.core import Options, compare
from copylens.core import paraphrase as pp
from copylens.core.engine import compare_pair
from copylens.core.extract import Extracted
from copylens.core.meaning import _pcg64_states, _random_unit, _random_units, lexicon
from copylens.core.prepare import prepare_text

DATA = Path(__file__).parent / "data" / "paraphrase"


def _keys(doc: object, lo: int, hi: int) -> list[tuple[str, str]]:
    """Canonical words [lo, hi) of the document as (word as written, form)."""
    return pp._keys_at(doc, list(range(lo, hi)))


def _text(language: str, kind: str) -> str:
    return (DATA / f"{language}_{kind}.txt").read_text(encoding="utf-8")


def test_pcg64_states_are_numpys_own() -> None:
    rng = random.Random(1)
    seeds = [2**32, 2**32 + 1, 2**64 - 1, *(rng.randrange(2**32, 2**64) for _ in range(300))]
    states = _pcg64_states(np.array(seeds, dtype=np.uint64))
    for seed, (state, increment) in zip(seeds, states, strict=True):
        expected = np.random.PCG64(seed).state["state"]
        assert (state, increment) == (expected["state"], expected["inc"])


def test_random_vectors_made_at_once_are_bit_for_bit_those_made_one_by_one() -> None:
    rng = random.Random(2)
    letters = string.ascii_lowercase + "абвгдежзийклмнопрстуфхцчшщыэюя"
    forms = ["".join(rng.choices(letters, k=rng.randint(1, 12))) for _ in range(500)]
    for dimension in (256, 300):
        at_once = _random_units(forms, dimension)
        one_by_one = np.stack([_random_unit(form, dimension) for form in forms])
        assert np.array_equal(at_once.view(np.uint32), one_by_one.view(np.uint32))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_memo_gives_what_the_stage_makes_bit_for_bit(language: str) -> None:
    doc = prepare_text(Extracted("x", _text(language, "rewrite"), "txt"), Options())
    pp._known(language).ids_of(_keys(doc, 0, 5))  # some words known before, the rest learned
    memo, made = pp._made(doc), pp._meaning(doc, lexicon(language))
    assert memo.bounds == made.bounds and memo.spans == made.spans and memo.bounds
    vectors, theirs = memo.lexicon.table[memo.rows], made.lexicon.table[made.rows]
    assert np.array_equal(vectors.view(np.uint32), theirs.view(np.uint32))
    assert np.array_equal(memo.weights, made.weights)
    assert (memo.synonyms is None) == (made.synonyms is None) == (language == "en")
    if memo.synonyms is not None and made.synonyms is not None:
        assert np.array_equal(memo.synonyms, made.synonyms)
    assert memo.kept is not None and made.kept is not None
    assert np.array_equal(memo.kept.view(np.uint32), made.kept.view(np.uint32))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_documents_sentences_are_found_once_for_its_bounds_and_its_meaning(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """A document first reaching the stage has its sentence bounds found (to tell whether its
    pairs leave anything to compare), then its meaning made: its sentences are found once for
    both (before, twice), and the meaning holds them as found. Counted,
    :func:`copylens.core.paraphrase.sentence_words` still doing the work."""
    text = _text(language, "rewrite") + f" {language} onceforboth"  # content no other test has
    calls: list[int] = []
    whole = pp.sentence_words

    def counted(text: str, c: object) -> list[tuple[int, int, int, int]]:
        calls.append(len(text))
        return whole(text, c)  # type: ignore[arg-type]

    monkeypatch.setattr(pp, "sentence_words", counted)
    doc = prepare_text(Extracted("x", text, "txt"), Options())
    bounds = pp.sentence_bounds(doc)
    meaning = pp.meaning_of(doc)
    assert len(calls) == 1
    assert "_sentences" not in doc.__dict__  # nothing left once the meaning took them
    found = [x for x in whole(doc.text, doc.canonical) if x[1] - x[0] >= pp.MIN_WORDS]
    assert bounds == meaning.bounds == tuple((lo, hi) for lo, hi, _, _ in found) and bounds
    assert meaning.spans == tuple((s, e) for _, _, s, e in found)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_compare_learns_only_the_words_of_documents_whose_pairs_reach_the_meaning(
    tmp_path: Path, language: str
) -> None:
    """The process running ``compare`` loads the stage's tables while reading, and learns no
    word there: a word is learned where a pair reaches the stage's meaning (here, in this
    process: too few pairs to fork for). A copy the aligner found whole stops the stage
    before its meaning, so the words of two copies of a text are never learned (before, all
    the run's words were, while reading)."""
    pp._KNOWN.clear()
    pp._CACHE.clear()  # meanings made by earlier tests: their words would not be looked up
    source = _text(language, "source")
    own = _text(language, "independent")
    texts = {
        "source": source,
        "rewrite": source.split(". ")[0] + ". " + _text(language, "rewrite"),
        "copy_1": own,
        "copy_2": own,
    }
    for kind, value in texts.items():
        (tmp_path / f"{kind}.txt").write_text(value, encoding="utf-8")
    options = Options(workers=2, min_containment=0.05)
    report = compare([tmp_path / f"{kind}.txt" for kind in texts], options)
    names = {frozenset((Path(p.a).stem, Path(p.b).stem)) for p in report.pairs}
    assert names == {frozenset(("source", "rewrite")), frozenset(("copy_1", "copy_2"))}
    assert _retold([f for p in report.pairs for f in p.fragments])
    known = pp._KNOWN[language]  # loaded while reading
    docs = {k: prepare_text(Extracted(k, v, "txt"), options) for k, v in texts.items()}
    compared = {
        (w.lower(), f) for k in ("source", "rewrite") for w, f in _keys(docs[k], 0, docs[k].size)
    }
    assert compared <= set(known.lowered)  # the pair that reached the meaning: learned
    copied = {(w.lower(), f) for w, f in _keys(docs["copy_1"], 0, docs["copy_1"].size)}
    assert copied - compared
    assert not (copied - compared) & set(known.lowered)  # the copies': never looked up


def _retold(fragments: list) -> bool:
    """The paraphrase stage showed a retold sentence: a paraphrase fragment, or a "retold"
    edit inside the copy passage it joined (issue 34's passage grouping)."""
    return any(
        f.kind == "paraphrase" or any(e.kind == "retold" for e in f.edits) for f in fragments
    )


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_compare_finds_what_the_stage_finds_on_documents_held_whole(
    tmp_path: Path, language: str
) -> None:
    """compare aligns pairs sharing text (here a copied sentence before a rewritten rest)."""
    source = _text(language, "source")
    texts = {
        "source": source,
        "rewrite": source.split(". ")[0] + ". " + _text(language, "rewrite"),
        "independent": _text(language, "independent"),
    }
    for kind, value in texts.items():
        (tmp_path / f"{kind}.txt").write_text(value, encoding="utf-8")
    options = Options(workers=2, min_containment=0.05)
    report = compare([tmp_path / f"{kind}.txt" for kind in texts], options)
    docs = {
        f"{kind}.txt": prepare_text(Extracted(kind, value, "txt"), options)
        for kind, value in texts.items()
    }
    assert _retold([f for p in report.pairs for f in p.fragments])
    for pair in report.pairs:
        held = compare_pair(docs[Path(pair.a).name], docs[Path(pair.b).name], options)
        assert held is not None
        assert pair.fragments == held.fragments
        assert (pair.containment_ab, pair.containment_ba) == (
            held.containment_ab,
            held.containment_ba,
        )


def test_the_words_memo_follows_its_lexicon() -> None:
    """The memo of learned words holds rows of one lexicon's table: when the lexicon is made
    anew (its cache cleared, as a test or a long-lived process may), the memo is made anew
    too, never read against the other table (issue 40's memo; seen as fewer paraphrases in a
    test run after another test cleared the lexicon)."""
    from copylens.core import TextInput, check, meaning

    def fragments() -> list:
        pp._CACHE.clear()
        report = check(
            [TextInput("doc", _text("en", "rewrite"))], [TextInput("source", _text("en", "source"))]
        )
        return [f for s in report.documents[0].sources for f in s.fragments]

    first = fragments()
    assert any(f.kind == "paraphrase" for f in first)
    pp._known("en").ids_of([("zyxwvutsrq", "zyxwvutsrq"), ("qrstuvwxyz", "qrstuvwxyz")])
    meaning.lexicon.cache_clear()
    pp._known("en").ids_of([("qponmlkjih", "qponmlkjih")])  # a new table: other unknown words
    assert fragments() == first


def test_a_cached_meaning_follows_its_lexicon() -> None:
    """A document's cached :class:`Meaning` made before the lexicon was made anew is not served
    beside one made after it: the stage reads both documents' rows in the checked one's table
    (seen in the full suite as an IndexError in a GUI test, after another test cleared the
    lexicon while the source's meaning stayed cached)."""
    from copylens.core import TextInput, check, meaning

    def fragments(text: str) -> list:
        report = check([TextInput("doc", text)], [TextInput("source", _text("en", "source"))])
        return [f for s in report.documents[0].sources for f in s.fragments]

    pp._CACHE.clear()
    fragments(_text("en", "rewrite"))  # the source's meaning cached, rows of this lexicon
    meaning.lexicon.cache_clear()
    changed = _text("en", "rewrite") + " Zyxwv qponm lkjih gfedc."  # its meaning made anew
    kept = fragments(changed)
    pp._CACHE.clear()
    assert kept == fragments(changed)
    assert any(f.kind == "paraphrase" for f in kept)


def test_unknown_words_of_one_form_share_its_random_vector_made_once() -> None:
    """A word the lexicon does not know gets its canonical form's pseudo-random vector: the
    forms written of one canonical form (most unknown words of a Russian collection) share one
    made vector, bit for bit :func:`_random_unit`'s, in one lookup or across several."""
    from copylens.core.meaning import Lexicon, _none

    lex = Lexicon("xx", 64, _none)
    forms = ["qwzform", "qwzform", "other", "qwzform"]
    first = lex.rows(["Qwza", "qwzb", "othera", "QWZA"], forms)
    second = lex.rows(["qwzc", "otherb"], ["qwzform", "other"])
    vectors = lex.table[np.concatenate((first, second))]
    expected = np.stack([_random_unit(f, 64) for f in (*forms, "qwzform", "other")])
    assert np.array_equal(vectors.view(np.uint32), expected.view(np.uint32))
    assert len(set(first.tolist()) | set(second.tolist())) == 5  # a row per word written
    assert sorted(lex._random) == ["other", "qwzform"]  # a vector made per form


def test_a_word_in_another_case_takes_the_number_of_the_word_known() -> None:
    """The stage's values of a word are made of it lower-cased and its form: a word met in
    another case than the one learned takes the known word's number, looked up no more (the
    pair workers met some 4,600 such words in 1,000 essays, issue 40)."""
    known = pp._known("en")
    known.ids_of([("Zyxwords", "zyxword")])
    size = len(known.rows)
    numbers = known.ids_of([("zyxwords", "zyxword"), ("ZYXWORDS", "zyxword")])
    assert len(known.rows) == size  # nothing looked up
    assert numbers.tolist() == [known.ids["Zyxwords", "zyxword"]] * 2
    assert ("zyxwords", "zyxword") in known.ids and ("ZYXWORDS", "zyxword") in known.ids


def test_a_memo_emptied_between_the_blocks_of_one_document_mixes_no_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long document's words are numbered a block at a time; when a block takes the memo
    past ``KNOWN_WORDS`` it is emptied, and the numbers of the blocks before index arrays
    that are gone: the document's meaning is then made as the stage makes it, bit for bit."""
    monkeypatch.setattr(pp, "BLOCK_WORDS", 16)
    monkeypatch.setattr(pp, "KNOWN_WORDS", 40)
    doc = prepare_text(Extracted("x", _text("en", "rewrite"), "txt"), Options())
    assert len(set(_keys(doc, 0, len(doc.canonical)))) > 40
    pp._KNOWN.pop("en", None)
    memo, made = pp._made(doc), pp._meaning(doc, lexicon("en"))
    vectors, theirs = memo.lexicon.table[memo.rows], made.lexicon.table[made.rows]
    assert np.array_equal(vectors.view(np.uint32), theirs.view(np.uint32))
    assert np.array_equal(memo.weights, made.weights)
    assert memo.kept is not None and made.kept is not None
    assert np.array_equal(memo.kept.view(np.uint32), made.kept.view(np.uint32))
    pp._KNOWN.pop("en", None)


def test_plain_words_are_found_by_their_prints_and_others_by_their_spelling() -> None:
    """The memo finds a plain word met before by its fingerprints, without its spelling; a
    word with a look-alike letter or an invisible character, whose fingerprints it shares with
    the plain word, by its spelling: each gets its own values (issue 40)."""
    text = "Obtain the results away from errors. We оbtаin results aw\u200cay from errors here."
    doc = prepare_text(Extracted("x", text, "txt"), Options(language="en"))
    plain = pp._plain(doc)
    written = [w for w, _ in _keys(doc, 0, len(doc.canonical))]
    assert [w for w, p in zip(written, plain.tolist(), strict=True) if not p] == [
        "оbtаin",
        "aw\u200cay",
    ]
    memo, made = pp._made(doc), pp._meaning(doc, lexicon("en"))
    vectors, theirs = memo.lexicon.table[memo.rows], made.lexicon.table[made.rows]
    assert np.array_equal(vectors.view(np.uint32), theirs.view(np.uint32))
    assert pp._known("en").prints  # plain words kept by their prints
    again = pp._made(doc)  # found by their prints now
    assert np.array_equal(again.rows, memo.rows) and np.array_equal(again.weights, memo.weights)


def test_odd_words_are_found_whatever_the_chunks_the_text_is_read_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The words spelt with a character beyond the plain ones (ё, é, a combining mark, an
    invisible character, a typographic apostrophe) are named: read a few characters at a
    time, the text gives the same words as read at once."""
    text = "Ёлка и ель. Le café. Don’t stop, don't. Cafe\u0301 aw\u200bay ﬁne Київ м'ята x² end."
    doc = prepare_text(Extracted("x", text, "txt"), Options(language="en"))
    written = [w for w, _ in _keys(doc, 0, len(doc.canonical))]
    odd = [written[n] for n in pp._odd_words(doc).tolist()]
    assert odd == [
        w
        for w in written
        if w in {"Ёлка", "café", "Don’t", "Cafe\u0301", "aw\u200bay", "ﬁne", "x²"}
    ]
    monkeypatch.setattr(pp, "_ODD_CHUNK", 3)
    assert [written[n] for n in pp._odd_words(doc).tolist()] == odd


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_worker_forked_after_preload_imports_nothing_for_a_word_the_tokenizer_cuts(
    language: str,
) -> None:
    """A word with a hyphen, a digit or an apostrophe goes through wordfreq's tokenizer
    (:func:`copylens.core.meaning._tokenized_zipf`): :func:`preload` imports it and loads the
    language's data before the workers fork, so none of them imports it again on its first
    such word (issue 40: ~70 ms in every pair worker, in "paraphrase: words"). Run in a fresh
    interpreter, where nothing has imported wordfreq yet."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from copylens.core.meaning import preload, weight\n"
        f"preload(({language!r},))\n"
        "before = set(sys.modules)\n"
        f"values = [weight(w, {language!r}) for w in ('well-known', 'covid-19', \"don't\")]\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_units_at_once_are_each_vectors_unit_bit_for_bit() -> None:
    from copylens.core.meaning import _unit, _unit_rows

    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((400, 300)).astype(np.float32)
    vectors[3] = 0.0  # no direction: None, as _unit gives
    vectors[5] *= np.float32(1e-20)
    at_once = _unit_rows(vectors)
    one_by_one = [_unit(v) for v in vectors]
    assert at_once[3] is None and one_by_one[3] is None
    for mine, theirs in zip(at_once, one_by_one, strict=True):
        if theirs is not None:
            assert mine is not None and mine.dtype == np.float32
            assert np.array_equal(mine.view(np.uint32), theirs.view(np.uint32))
    assert _unit_rows(np.zeros((0, 300), dtype=np.float32)) == []


def test_token_means_are_each_words_mean_bit_for_bit() -> None:
    from copylens.core.meaning import _token_means, _unit

    rng = np.random.default_rng(3)
    table = rng.standard_normal((500, 256)).astype(np.float16)  # WordLlama's table is float16
    ids = [list(rng.integers(0, 500, rng.integers(0, 10)).tolist()) for _ in range(2000)]
    ids[0] = []
    at_once = _token_means(table, ids)
    for mine, tokens in zip(at_once, ids, strict=True):
        theirs = _unit(table[tokens].astype(np.float32).mean(axis=0)) if tokens else None
        if theirs is None:
            assert mine is None
        else:
            assert mine is not None
            assert np.array_equal(mine.view(np.uint32), theirs.view(np.uint32))


def test_english_words_vectors_are_their_tokens_mean_unit() -> None:
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    from copylens.core.meaning import WORDLLAMA_TOKENIZER, WORDLLAMA_WEIGHTS, _package_file, _unit

    table = next(iter(load_file(str(_package_file("wordllama", WORDLLAMA_WEIGHTS))).values()))
    tokenizer = Tokenizer.from_file(str(_package_file("wordllama", WORDLLAMA_TOKENIZER)))
    words = ["spamdexing", "subjectivists", "the", "well-known", "don't", "x7", "é", "retelling"]
    found = lexicon("en").known(words)
    for word, vector in zip(words, found, strict=True):
        tokens = tokenizer.encode(word, add_special_tokens=False).ids
        expected = _unit(table[tokens].astype(np.float32).mean(axis=0))
        assert vector is not None and expected is not None
        assert np.array_equal(vector.view(np.uint32), expected.view(np.uint32))


def test_stem_keys_are_the_rule_word_by_word() -> None:
    import zlib

    rng = random.Random(5)
    letters = "абвгдеіжзийклмнопрстуфхцчшщыэюя"
    forms = ["".join(rng.choices(letters, k=rng.randint(1, 14))) for _ in range(800)]
    forms += ["вычисляться", "эвристический", "покрытие", "2024", "а-б", ""]
    for language in ("ru", "uk"):
        keys = pp.stem_keys(forms, language)
        for n, form in enumerate(forms):
            word = form[:-2] if len(form) > 5 and form.endswith(("ся", "сь")) else form
            word = word.replace("і", "о") if language == "uk" else word
            for c, k in enumerate(pp.STEM_LENGTHS):
                wanted = 0
                if word.isalpha() and k <= len(word) and 2 * k >= len(word):
                    wanted = zlib.crc32(word[:k].encode()) | (1 << 40)
                assert int(keys[n, c]) == wanted
    assert pp.stem_keys([], "ru").shape == (0, len(pp.STEM_LENGTHS))


def test_the_memo_grows_without_changing_what_it_knew() -> None:
    known = pp._Known("ru")
    first = known.ids_of([("слово", "слово"), ("дом", "дом")])
    rows, weights = known.rows.copy(), known.weights.copy()
    more = [(f"слово{n}", f"слово{n}") for n in range(3000)]  # past the first room (1,024)
    known.ids_of(more)
    assert known.count == len(known.rows) == len(known.weights) == 3002
    assert np.array_equal(known.rows[first], rows[first])
    assert np.array_equal(known.weights[first], weights[first])
    assert known.stems is not None and len(known.stems) == 3002
    assert known.synonyms is not None and len(known.synonyms) == 3002
    again = pp._Known("ru")
    again.ids_of(more)
    assert np.array_equal(again.stems, known.stems[2:])


def _navec_read() -> tuple[list[str], np.ndarray, np.ndarray]:
    """navec's words, codes and centroids read from its tar as streams, as ``_navec`` read
    them before they were mapped (issue 40)."""
    import gzip
    import tarfile

    from copylens.core.meaning import NAVEC_FILE, _package_file

    with tarfile.open(_package_file("natasha", NAVEC_FILE)) as tar:
        vocab, pq = tar.extractfile("vocab.bin"), tar.extractfile("pq.bin")
        assert vocab is not None and pq is not None
        with gzip.GzipFile(fileobj=vocab) as stream:
            size = int(np.frombuffer(stream.read(4), np.uint32)[0])
            stream.read(4 * size)
            words = stream.read().decode("utf-8").splitlines()[:-2]
        vectors, _, parts, centroids = (int(x) for x in np.frombuffer(pq.read(16), np.uint32))
        indexes = np.frombuffer(pq.read(vectors * parts), np.uint8).reshape(vectors, parts)
        codes = np.frombuffer(pq.read(), np.float32).reshape(parts, centroids, -1)
    return words, indexes, codes


def test_navec_mapped_from_its_tar_is_what_its_streams_read() -> None:
    """The words, the codes (mapped from the file, read-only) and the centroids ``_navec``
    takes are the streams' own, value for value, shape and type."""
    from copylens.core.meaning import NAVEC_FILE, _navec_parts, _package_file

    words, indexes, codes = _navec_parts(_package_file("natasha", NAVEC_FILE))
    read_words, read_indexes, read_codes = _navec_read()
    assert words == read_words and len(words) == 250_000
    assert isinstance(indexes, np.memmap) and not indexes.flags.writeable
    for mine, theirs in ((indexes, read_indexes), (codes, read_codes)):
        assert mine.dtype == theirs.dtype and mine.shape == theirs.shape
        assert np.array_equal(mine, theirs)


def test_a_safetensors_file_mapped_is_what_load_file_reads(tmp_path: Path) -> None:
    """WordLlama's table mapped from its file is ``load_file``'s, and so is a file of one
    float32 tensor; a file of two tensors is read by ``load_file`` (its first one)."""
    from safetensors.numpy import load_file, save_file

    from copylens.core.meaning import WORDLLAMA_WEIGHTS, _package_file, _tensor

    shipped = _package_file("wordllama", WORDLLAMA_WEIGHTS)
    mapped, read = _tensor(shipped), next(iter(load_file(str(shipped)).values()))
    assert isinstance(mapped, np.memmap) and mapped.dtype == read.dtype == np.float16
    assert mapped.shape == read.shape and np.array_equal(
        mapped.view(np.uint16), read.view(np.uint16)
    )
    rng = np.random.default_rng(5)
    one, two = tmp_path / "one.safetensors", tmp_path / "two.safetensors"
    first = rng.standard_normal((7, 5)).astype(np.float32)
    save_file({"weight": first}, str(one), metadata={"format": "np"})
    save_file({"a": first, "b": first[:2].astype(np.float64)}, str(two))
    assert isinstance(_tensor(one), np.memmap)
    assert np.array_equal(_tensor(one), first) and _tensor(one).dtype == np.float32
    assert not isinstance(_tensor(two), np.memmap)
    assert np.array_equal(_tensor(two), next(iter(load_file(str(two)).values())))
