"""Learning the paraphrase stage's words cheaply (issue 40, branch vocab): each piece that
replaced a slower one gives its values bit for bit, so the reports stay byte-identical.

- the PCG64 states of a few seeds in Python integers, of many on arrays: numpy's own;
- the pseudo-random unit vectors made a few forms at a time, on one generator a thread;
- a row's dot product with itself by a stacked ``matmul``: ``row.dot(row)``;
- navec's words found by their hashes: what a binary search finds (and the search itself
  when two words share a hash);
- word weights looked up a batch at a time: :func:`weight` word by word;
- a form's derivational keys and thesaurus number made once a form in the memo: those of
  :func:`stem_keys` and the thesaurus for every word, whatever batches the words came in.
"""

from __future__ import annotations

import bisect
import gzip
import random
import string
import tarfile
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer

from copylens.core import meaning
from copylens.core import paraphrase as pp
from copylens.core.meaning import (
    _STATES_AT_ONCE,
    _pcg64_state,
    _pcg64_states,
    _places,
    _random_unit,
    _random_units,
    _self_dots,
    weight,
    weights_of,
)


def _seeds(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [2**32, 2**32 + 1, 2**64 - 1, *(rng.randrange(2**32, 2**64) for _ in range(count))]


def test_a_seeds_pcg64_state_in_python_is_numpys_own() -> None:
    for seed in _seeds(200, 11):
        expected = np.random.PCG64(seed).state["state"]
        assert _pcg64_state(seed) == (expected["state"], expected["inc"])


@pytest.mark.parametrize("count", [0, 1, 5, _STATES_AT_ONCE - 1, _STATES_AT_ONCE, 300])
def test_pcg64_states_of_few_and_many_seeds_are_numpys_own(count: int) -> None:
    seeds = _seeds(count, count)[:count]
    states = _pcg64_states(seeds)
    assert len(states) == count
    for seed, (state, increment) in zip(seeds, states, strict=True):
        expected = np.random.PCG64(seed).state["state"]
        assert (state, increment) == (expected["state"], expected["inc"])


def _forms(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    letters = string.ascii_lowercase + "абвгдежзийклмнопрстуфхцчшщыэюя"
    return ["".join(rng.choices(letters, k=rng.randint(1, 12))) for _ in range(count)]


def test_random_vectors_a_few_at_a_time_are_those_made_one_by_one() -> None:
    forms = _forms(120, 4)
    for dimension in (256, 300):
        one_by_one = np.stack([_random_unit(form, dimension) for form in forms])
        for size in (1, 3, 7, 60):
            batches = [forms[n : n + size] for n in range(0, len(forms), size)]
            at_once = np.concatenate([_random_units(b, dimension) for b in batches])
            assert np.array_equal(at_once.view(np.uint32), one_by_one.view(np.uint32))


def test_random_vectors_made_on_several_threads_are_each_forms_own() -> None:
    forms = _forms(400, 5)
    expected = np.stack([_random_unit(form, 300) for form in forms])
    made: dict[int, np.ndarray] = {}

    def work(k: int) -> None:
        part = forms[k::4]
        made[k] = np.concatenate([_random_units(part[n : n + 3], 300) for n in range(0, 100, 3)])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for k in range(4):
        assert np.array_equal(made[k].view(np.uint32), expected[k::4].view(np.uint32))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_self_dots_are_each_rows_own_dot(dtype: type) -> None:
    rng = np.random.default_rng(9)
    for dimension in (3, 256, 300):
        vectors = rng.standard_normal((500, dimension)).astype(dtype)
        vectors[7] = 0
        dots = _self_dots(vectors)
        expected = np.array([row.dot(row) for row in vectors], dtype=dtype)
        assert dots.dtype == dtype
        assert np.array_equal(dots, expected)
    assert len(_self_dots(np.zeros((0, 300), dtype=np.float32))) == 0


def _words() -> list[str]:
    rng = random.Random(3)
    letters = "abcdeабвгдеёжзий'-"
    return sorted({"".join(rng.choices(letters, k=rng.randint(1, 9))) for _ in range(5000)})


def _searched(words: list[str], batch: list[str]) -> list[int]:
    places = [bisect.bisect_left(words, w) for w in batch]
    return [
        at if at < len(words) and words[at] == w else -1
        for at, w in zip(places, batch, strict=True)
    ]


def test_words_found_by_hash_are_where_a_binary_search_finds_them() -> None:
    words = _words()
    place = _places(words)
    batch = [*words[::7], *_forms(300, 8), "", words[0], words[-1], words[-1] + "я"]
    assert place(batch) == _searched(words, batch)
    assert place([]) == []
    assert _places([])(["a", "b"]) == [-1, -1]


def test_words_sharing_a_hash_are_found_by_a_binary_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = _words()
    monkeypatch.setattr(meaning, "hash", lambda word: len(word), raising=False)
    place = _places(words)
    batch = [*words[::5], *_forms(100, 9)]
    assert place(batch) == _searched(words, batch)


def _navec_words() -> list[str]:
    """navec's words, sorted, read as :func:`copylens.core.meaning._navec` reads them."""
    with tarfile.open(meaning._package_file("natasha", meaning.NAVEC_FILE)) as tar:
        vocab = tar.extractfile("vocab.bin")
        assert vocab is not None
        with gzip.GzipFile(fileobj=vocab) as stream:
            size = int(np.frombuffer(stream.read(4), np.uint32)[0])
            stream.read(4 * size)
            return stream.read().decode("utf-8").splitlines()[:-2]


def test_navec_knows_the_words_a_binary_search_of_its_words_finds() -> None:
    words = _navec_words()
    rng = random.Random(13)
    batch = [*rng.sample(words, 2000), *_forms(2000, 14), "", "квакозябра", words[0], words[-1]]
    batch += [w[:-1] for w in rng.sample(words, 500)] + [w + "а" for w in rng.sample(words, 500)]
    found = [vector is not None for vector in meaning.lexicon("ru").known(batch)]
    assert found == [at >= 0 for at in _searched(words, batch)]
    assert sum(found) > 2000


@pytest.mark.parametrize("language", ["en", "ru", "uk", "de", "xx"])
def test_weights_of_a_batch_are_each_words_weight(language: str) -> None:
    words = ["the", "и", "алгоритм", "don't", "well-known", "x2", "квакозябра", "straße"]
    words += [*words, "Word", "ﬁle", "e\u0301te", "2024"]
    batch = weights_of(words, language)
    meaning._weights.cache_clear()
    assert batch == [weight(word, language) for word in words]
    assert weights_of([], language) == []


def test_a_forms_values_made_once_are_every_words_own() -> None:
    """Words of a few forms, learned in batches that meet forms again: each word's keys and
    thesaurus number are those of its form, as if each were made alone."""
    known = pp._Known("ru")
    forms = ["вычислять", "вычисляться", "машина", "алгоритм", "2024", "эвристический", "пар"]
    rng = random.Random(12)
    batches = []
    for b in range(6):
        size = rng.randint(1, 12)
        batches.append([(f"{rng.choice(forms)}{b}x{n}", rng.choice(forms)) for n in range(size)])
    batches.append([("Машина", "машина"), ("машина", "машина")])
    for batch in batches:
        numbers = known.ids_of(batch)
        batch_forms = [f for _, f in batch]
        assert known.stems is not None and known.synonyms is not None and known.thesaurus
        assert np.array_equal(known.stems[numbers], pp.stem_keys(batch_forms, "ru"))
        ids = [known.thesaurus.id_of(f) for f in batch_forms]
        assert known.synonyms[numbers].tolist() == ids
    assert known.synonyms is not None and (known.synonyms >= 0).any()


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=2**32, max_value=2**64 - 1))
def test_any_seeds_pcg64_state_in_python_is_numpys_own(seed: int) -> None:
    """The written-out :func:`_pcg64_state` (issue 40, words61: the hashes' constants read
    from tables) is numpy's own state of the seed, whatever the seed of two 32-bit words."""
    expected = np.random.PCG64(seed).state["state"]
    assert _pcg64_state(seed) == (expected["state"], expected["inc"])


_FORMS = ["вычислять", "машина", "алгоритм", "эвристический", "пар", "2024", "ёлка"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.sampled_from(_FORMS), st.integers(0, 5)), min_size=1, max_size=8),
        min_size=1,
        max_size=6,
    )
)
def test_batches_of_forms_met_before_take_every_words_own_values(
    batches: list[list[tuple[str, int]]],
) -> None:
    """Batches of few forms, most of them met before (a batch all of whose forms were met
    takes their values without making any: words61): each word's derivational keys and
    thesaurus number are those of its form made alone."""
    known = pp._Known("ru")
    for batch in batches:
        keys = [(f"{form}{n}" if n else form.upper(), form) for form, n in batch]
        numbers = known.ids_of(keys)
        forms = [form for _, form in keys]
        assert known.stems is not None and known.synonyms is not None and known.thesaurus
        assert np.array_equal(known.stems[numbers], pp.stem_keys(forms, "ru"))
        assert known.synonyms[numbers].tolist() == list(map(known.thesaurus.id_of, forms))


def test_lexicons_read_through_a_plain_view_give_the_mapped_tables_vectors() -> None:
    """navec's codes and WordLlama's token vectors are read through a plain ndarray view of
    their file mappings (words61: without memmap's own indexing steps): the same vectors as
    indexing the mappings themselves."""
    words = ["the", "algorithm", "heuristics", "don't", "квакозябра", "", "well-known", "x"]
    english = meaning.lexicon("en").known(words)
    mapped = meaning._tensor(meaning._package_file("wordllama", meaning.WORDLLAMA_WEIGHTS))
    assert isinstance(mapped, np.memmap)
    tokenizer = Tokenizer.from_file(
        str(meaning._package_file("wordllama", meaning.WORDLLAMA_TOKENIZER))
    )
    for word, vector in zip(words, english, strict=True):
        ids = tokenizer.encode(word, add_special_tokens=False).ids
        rows = np.asarray(mapped[ids]).astype(np.float32)
        theirs = meaning._unit(rows.mean(axis=0)) if ids else None
        if theirs is None:
            assert vector is None
        else:
            assert vector is not None
            assert np.array_equal(vector.view(np.uint32), theirs.view(np.uint32))
    russian = ["машина", "алгоритм", "эвристика", "квакозябра", "и"]
    found = meaning.lexicon("ru").known(russian)
    _, indexes, codes = meaning._navec_arrays(meaning._package_file("natasha", meaning.NAVEC_FILE))
    assert isinstance(indexes, np.memmap)
    words_list = _navec_words()
    for word, vector in zip(russian, found, strict=True):
        at = bisect.bisect_left(words_list, word)
        if at >= len(words_list) or words_list[at] != word:
            assert vector is None
            continue
        parts = codes.shape[0]
        decoded = np.concatenate([codes[p, int(indexes[at][p])] for p in range(parts)])
        theirs = meaning._unit(decoded)
        assert vector is not None and theirs is not None
        assert np.array_equal(vector.view(np.uint32), theirs.view(np.uint32))


def _wordllama_tokenizer() -> Tokenizer:
    return Tokenizer.from_file(str(meaning._package_file("wordllama", meaning.WORDLLAMA_TOKENIZER)))


_ODD = "ab zéё日😀'-<>/s\u0301\u200c \t"


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(alphabet=string.ascii_letters + _ODD, max_size=14),
            st.sampled_from(["<s>", "</s>", "<unk>", "a<s>b", "", " ", "don't", "well-known"]),
            st.text(max_size=6),
        ),
        max_size=12,
    )
)
def test_word_token_ids_cut_by_the_model_are_encodes_own(words: list[str]) -> None:
    """WordLlama's words cut by its tokenizer's model after its normalizer (words61) are
    ``encode``'s ids, added tokens ("<s>") and all."""
    tokenizer = _TOKENIZER[0]
    ids_of = meaning._token_ids(tokenizer)
    for word in words:
        assert ids_of(word) == tokenizer.encode(word, add_special_tokens=False).ids


_TOKENIZER = [_wordllama_tokenizer()]


def test_every_token_written_alone_is_cut_as_encode_cuts_it() -> None:
    """Each of the vocabulary's tokens as a word (its "▁" a space, a byte token's byte),
    and in pairs: the model's cut is ``encode``'s."""
    tokenizer = _TOKENIZER[0]
    ids_of = meaning._token_ids(tokenizer)
    vocabulary = sorted(tokenizer.get_vocab())
    words = [token.replace("\u2581", " ") for token in vocabulary]
    rng = random.Random(5)
    words += [
        a.strip() + b.strip() for a, b in zip(words, rng.sample(words, len(words)), strict=True)
    ]
    assert len(words) > 60000
    for word in words:
        assert ids_of(word) == tokenizer.encode(word, add_special_tokens=False).ids


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_lexicons_rows_hold_the_vectors_its_words_are_known_by(language: str) -> None:
    """A fresh lexicon's rows (learned in batches, the known words' vectors put in as one
    array: words61) are each known word's vector bit for bit, an unknown one's its form's
    pseudo-random vector."""
    shared = meaning.lexicon(language)
    lex = meaning.Lexicon(language, shared.dimension, shared.known)
    words = ["the", "algorithm", "машина", "алгоритм", "квакозябра", "zzqx", "и", "well-known"]
    forms = [f"form{n}" for n in range(len(words))]
    for lo, hi in ((0, 3), (3, 8), (0, 8)):
        lex.rows(words[lo:hi], forms[lo:hi])
    vectors = lex.vectors(words, forms)
    known = shared.known(words)
    assert sum(v is not None for v in known) >= 3
    for n, vector in enumerate(known):
        expected = _random_unit(forms[n], lex.dimension) if vector is None else vector
        assert np.array_equal(vectors[n].view(np.uint32), expected.view(np.uint32))


_WORDS = ["the", "algorithm", "машина", "алгоритм", "квакозябра", "zzqx", "и", "well-known"]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from([*_WORDS, "дом", "house", "xq", "ёж", "Ёж"]), min_size=1, max_size=40),
    st.integers(min_value=1, max_value=7),
    st.sampled_from([1, 2, 5]),
)
def test_a_lexicons_vectors_are_the_same_whatever_room_its_first_table_has(
    words: list[str], batch: int, reserved: int
) -> None:
    """A lexicon whose first table holds a few rows, grown (doubling) as words come in
    batches, gives every word the vector a lexicon of :data:`meaning.RESERVED_ROWS` rows
    gives it, and the rows given before a growth keep their vectors (words62: the first
    table reserved, no longer grown from 1,024 rows)."""
    shared = meaning.lexicon("ru")
    forms = [w.lower() for w in words]
    roomy = meaning.Lexicon("ru", shared.dimension, shared.known)
    expected = roomy.vectors(words, forms)
    assert len(roomy.table) == meaning.RESERVED_ROWS
    before = meaning.RESERVED_ROWS
    meaning.RESERVED_ROWS = reserved
    try:
        tight = meaning.Lexicon("ru", shared.dimension, shared.known)
        seen: list[np.ndarray] = []
        for lo in range(0, len(words), batch):
            rows = tight.rows(words[lo : lo + batch], forms[lo : lo + batch])
            seen.append(tight.table[rows].copy())
        assert len(tight.table) < before  # grown from ``reserved`` rows
    finally:
        meaning.RESERVED_ROWS = before
    vectors = tight.vectors(words, forms)
    assert np.array_equal(vectors.view(np.uint32), expected.view(np.uint32))
    again = np.concatenate(seen)  # each batch's rows as given then: unchanged since
    assert np.array_equal(again.view(np.uint32), expected.view(np.uint32))


def test_a_fresh_lexicons_reserved_rows_are_zeros_beyond_the_words_given() -> None:
    """The first table holds :data:`meaning.RESERVED_ROWS` rows; those given no word are
    zeros (never read: rows index only words given)."""
    shared = meaning.lexicon("en")
    lex = meaning.Lexicon("en", shared.dimension, shared.known)
    rows = lex.rows(["the", "zzqx", "algorithm"], ["the", "zzqx", "algorithm"])
    assert rows.tolist() == [0, 1, 2]
    assert lex.table.shape == (meaning.RESERVED_ROWS, shared.dimension)
    assert not lex.table[3:].any()
    assert np.all(np.linalg.norm(lex.table[:3], axis=1) > 0.99)


@settings(max_examples=20, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["Given", "given", "the", "The", "results", "оbtаin", "obtain", "aw\u200cay", "away"]
        ),
        min_size=3,
        max_size=30,
    )
)
def test_the_prints_kept_number_each_plain_word_as_its_spelling_does(words: list[str]) -> None:
    """After a document's words are numbered, each plain word's print (:func:`pp._prints`)
    is kept with the number its spelling and form give it, both Python integers; an odd
    word's is not kept (words62: the prints and numbers taken as lists)."""
    from copylens.core.extract import Extracted
    from copylens.core.options import Options
    from copylens.core.prepare import prepare_text

    text = " ".join(words) + ". " + " ".join(reversed(words)) + "."
    doc = prepare_text(Extracted("x", text, "txt"), Options(language="en"))
    c = doc.canonical
    known = pp._Known("en")
    prints, plain = pp._prints(c), pp._plain(doc)
    numbers = known.numbers(doc, 0, len(c), prints, plain)
    keys = pp._keys_at(doc, list(range(len(c))))
    assert numbers.tolist() == known.ids_of(keys).tolist()
    plain_prints = {p for p, q in zip(prints.tolist(), plain.tolist(), strict=True) if q}
    assert set(known.prints) == plain_prints
    for print_, number, is_plain in zip(
        prints.tolist(), numbers.tolist(), plain.tolist(), strict=True
    ):
        if is_plain:
            found = known.prints[print_]
            assert type(found) is int and found == number
    assert all(type(p) is int for p in known.prints)
    again = known.numbers(doc, 0, len(c), prints, plain)  # by the prints now
    assert again.tolist() == numbers.tolist()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_lexicons_block_of_known_rows_learns_what_its_known_vectors_do(language: str) -> None:
    """A lexicon reading its known words as one block (``known_rows``, para64) puts in its
    table, bit for bit, the rows one reading ``known``'s vector a word puts in: the known
    words', the unknown ones' pseudo-random vectors; ``known`` is the block's rows."""
    shared = meaning.lexicon(language)
    assert shared.known_rows is not None
    by_block = meaning.Lexicon(language, shared.dimension, shared.known, shared.known_rows)
    by_word = meaning.Lexicon(language, shared.dimension, shared.known)
    words = ["the", "algorithm", "машина", "алгоритм", "квакозябра", "zzqx", "и", "", "а-б"]
    words += ["ok", "xqxq", "data", "данные", "the"]
    forms = [f"form{n % 5}" for n in range(len(words))]
    for lo, hi in ((0, 4), (4, 4), (4, 11), (0, len(words))):
        by_block.rows(words[lo:hi], forms[lo:hi])
        by_word.rows(words[lo:hi], forms[lo:hi])
    first, second = by_block.vectors(words, forms), by_word.vectors(words, forms)
    assert np.array_equal(first.view(np.uint32), second.view(np.uint32))
    kept, vectors = shared.known_rows(words)
    listed = shared.known(words)
    assert kept == [n for n, v in enumerate(listed) if v is not None] and len(kept) >= 3
    assert vectors.dtype == np.float32 and vectors.shape == (len(kept), shared.dimension)
    for n, vector in zip(kept, vectors, strict=True):
        found = listed[n]
        assert found is not None and np.array_equal(vector.view(np.uint32), found.view(np.uint32))


def test_a_unit_block_holds_the_rows_unit_rows_gives_a_vector() -> None:
    """:func:`meaning._unit_block` (para64) keeps the rows :func:`meaning._unit_rows` does
    not make None, the same bits, in order."""
    rng = np.random.default_rng(11)
    vectors = rng.standard_normal((50, 300)).astype(np.float32)
    vectors[[0, 7, 49]] = 0.0
    for rows in (vectors, vectors[1:7], vectors[[0, 7]], vectors[:0]):
        kept, units = meaning._unit_block(rows)
        listed = meaning._unit_rows(rows)
        assert kept.tolist() == [n for n, u in enumerate(listed) if u is not None]
        assert units.dtype == np.float32 and units.shape == (len(kept), 300)
        for n, unit in zip(kept.tolist(), units, strict=True):
            theirs = listed[n]
            assert theirs is not None
            assert np.array_equal(unit.view(np.uint32), theirs.view(np.uint32))
