"""The paraphrase stage's words looked up once per run (issue 40).

The workers reading ``compare``'s documents name the words they had not met; the process
running ``compare`` learns them as the documents come (each word's vector, weight and
thesaurus number, in its memo), so the pair stage's workers, forked from it, look no word
up. What must hold: the stage sees exactly what it would have made itself, bit for bit, and
finds the same fragments.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

import numpy as np
import pytest

from copylens.core import Options, compare, pool
from copylens.core import paraphrase as pp
from copylens.core.engine import _Learner, compare_pair
from copylens.core.extract import Extracted
from copylens.core.meaning import _pcg64_states, _random_unit, _random_units, lexicon
from copylens.core.prepare import prepare_text, read_all
from copylens.core.spill import Spill

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
    pp.learn(language, _keys(doc, 0, 5))  # some words known before, the rest learned
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


def test_a_reading_worker_names_each_new_word_once() -> None:
    rng = random.Random(3)
    words = ["".join(rng.choices("абвгдежзиклмнопрстуфхя", k=9)) for _ in range(60)]
    value = ". ".join(" ".join(words[n : n + 10]).capitalize() for n in range(0, 60, 10)) + "."
    doc = prepare_text(Extracted("x", value, "txt"), Options(language="ru"))
    pp.learn("ru", _keys(doc, 0, 3))
    first = pp.new_words(doc)
    assert first and not set(first) & set(_keys(doc, 0, 3))
    assert len(set(first)) == len(first)
    assert set(first) | set(_keys(doc, 0, 3)) == set(_keys(doc, 0, len(doc.canonical)))
    assert pp.new_words(doc) == ()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_compare_learns_the_words_while_reading_and_the_pair_stage_looks_none_up(
    tmp_path: Path, language: str
) -> None:
    """The workers read and hand their new words over; this process learns them as the
    documents come, so the pair stage's workers, forked from it, inherit every word."""
    # a fresh process's memo: after a long test run it may be near KNOWN_WORDS, and learning
    # this run's words would empty it (what the workers had found known is then learned where
    # it is needed, the same values: correct, only not looked up once)
    pp._KNOWN.clear()
    pp._MET.clear()
    pp._ODD_MET.clear()
    # and no spawned reading worker kept from an earlier run (after the window's tests the
    # pools spawn): each remembers the words it met then and would not name them again
    pool.shutdown()
    paths = []
    for kind in ("source", "rewrite", "independent"):
        paths.append(tmp_path / f"{kind}.txt")
        paths[-1].write_text(_text(language, kind), encoding="utf-8")
    options = Options(workers=2)
    with Spill() as spill:
        learner = _Learner()
        spilled, failures = read_all(paths, options, spill.prepare(), each=learner.take)
        learner.learn()
        assert not failures and all(d.words == () for d in spilled)
        loaded = [spill.load(d, options) for d in spilled]
    # a word met again in another case only ("Glaciers", then "glaciers") is named once: its
    # fold and form are known, the memo adds the other case without a lexicon lookup
    known = {(written.lower(), form) for written, form in pp._known(language).ids}
    for doc in loaded:
        keys = _keys(doc, 0, len(doc.canonical))
        assert all((written.lower(), form) in known for written, form in keys)
    rows = len(lexicon(language)._rows)
    assert all(pp._made(doc).bounds for doc in loaded)
    assert len(lexicon(language)._rows) == rows  # no word looked up again


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
    assert any(f.kind == "paraphrase" for p in report.pairs for f in p.fragments)
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
    pp.learn("en", [("zyxwvutsrq", "zyxwvutsrq"), ("qrstuvwxyz", "qrstuvwxyz")])
    meaning.lexicon.cache_clear()
    pp.learn("en", [("qponmlkjih", "qponmlkjih")])  # a new table: its unknown words differ
    assert fragments() == first


def test_words_met_are_named_again_once_the_memo_is_made_anew() -> None:
    """A process that reads documents itself remembers the words it met, so it does not name
    them twice; when its memo is made anew (grown past ``KNOWN_WORDS``, or its lexicon made
    anew) those words are not known any more, so they are named again (seen in a long test
    run: words met early were never learned after the memo was emptied)."""
    doc = prepare_text(Extracted("ru", _text("ru", "source"), "txt"), Options())
    pp.learn("ru", pp.new_words(doc))
    assert pp.new_words(doc) == ()  # met, and known
    pp._known("ru").__init__("ru")  # emptied, as when it grows past KNOWN_WORDS
    again = pp.new_words(doc)
    assert again and all(key not in pp._known("ru").ids for key in again)


def test_a_word_spelt_otherwise_than_case_alone_is_named_though_its_fingerprint_was_met() -> None:
    """A look-alike letter or an invisible character inside a word folds away in its
    fingerprint, not in its spelling (the stage looks words up as written, lower-cased): such
    a word is named even when its fold and form were met, so the pair stage does not look it
    up in each worker (issue 40: some 6,000 words of 1,000 essays were)."""
    plain = "The method obtains results quickly and away from errors in every case here."
    odd = "The method оbtаins results quickly and aw\u200cay from errors in every case here."
    first = prepare_text(Extracted("a", plain, "txt"), Options(language="en"))
    second = prepare_text(Extracted("b", odd, "txt"), Options(language="en"))
    pp.learn("en", pp.new_words(first))
    named = pp.new_words(second)
    assert {written for written, _ in named} == {"оbtаins", "aw\u200cay"}
    pp.learn("en", named)
    assert pp.new_words(second) == ()  # named once
    keys = _keys(second, 0, len(second.canonical))
    assert all(key in pp._known("en").ids for key in keys)


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
