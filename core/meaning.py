"""Meaning: a vector and a weight for every word, the paraphrase stage's signal (issue 17).

Two words mean nearly the same when their vectors' cosine is high; a rare word weighs more
than a common one. All data ships inside PyPI wheels and is read from them, never fetched:

- Russian: navec's news vectors (250,000 words × 300, product-quantised; Kukushkin, natasha
  project, MIT), the file ``navec_news_v1_1B_250K_300d_100q.tar`` inside the ``natasha``
  wheel (natasha's own code is never imported: it needs pymorphy2), read by :func:`_navec`;
- English: WordLlama's ``l2_supercat`` token embeddings (32,000 × 256, MIT), trained so that
  the mean of a text's token vectors embeds it (Miller 2024); a word's vector is the mean of
  its tokens' (the wheel's own tokenizer file, read with ``tokenizers``);
- Ukrainian: navec's vectors of each word's Russian cognate (:mod:`copylens.core.cognates`,
  issue 35: "вибір" takes "выбор"'s), none for a word without one;
- the rest: no vectors ship for them (equal lemmas match, nothing else). The
  thesauri on PyPI were measured and left out: synonymset maps "швидко" and "повільно" to one
  head word, "многочлен" to "апиоид"; wiki-synonyms holds names of things, not words;
- weights: ``wordfreq``'s Zipf frequency (Speer 2022): :func:`weight`.

A word with no vector gets a pseudo-random unit vector seeded by its canonical form: nearly
orthogonal to every other word's, so it matches only itself. Measured on Russian synonyms,
navec's news vectors know relatedness better than synonymy ("автомобиль"/"машина" 0.61,
"многочлен"/"полином" −0.07, "быстро"/"медленно" 0.52). Vectors are unit length, float32,
per language of one dimension.
"""

from __future__ import annotations

import bisect
import hashlib
import importlib.util
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import chain, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from copylens.core.canonicalize import fingerprint
from copylens.core.cognates import ukrainian_known

if TYPE_CHECKING:
    from tokenizers import Tokenizer

HASH_DIMENSION = 256
"""Dimension of a language without vectors (its words' vectors are pseudo-random)."""
NAVEC_FILE = ("data", "emb", "navec_news_v1_1B_250K_300d_100q.tar")
WORDLLAMA_WEIGHTS = ("weights", "l2_supercat_256.safetensors")
WORDLLAMA_TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")
MAX_WEIGHT = 6.0
MIN_WEIGHT = 1.0


@dataclass(eq=False)
class Lexicon:
    """The vectors of one language's words: one row of :attr:`table` per distinct word (as
    written, with its canonical form), so documents hold row numbers, not vectors."""

    language: str
    dimension: int
    known: Callable[[list[str]], list[np.ndarray | None]]
    """Vectors of the words written (lower-cased), None for a word it does not know."""
    known_rows: KnownRows | None = None
    """:attr:`known` as one block (:data:`KnownRows`), where the lexicon makes it so;
    :meth:`_learn` reads it then."""
    table: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    """Unit vectors, float32, one row per word :meth:`rows` has seen, then spare rows."""
    _rows: dict[tuple[str, str], int] = field(default_factory=dict)
    _random: dict[str, int] = field(default_factory=dict)
    """A row of :attr:`table` holding each canonical form's pseudo-random vector."""
    _learning: threading.Lock = field(default_factory=threading.Lock, repr=False)
    """Held while new words are given rows: a Dask worker aligns on several threads, and two
    learning at once would give two words one row. A row once given never changes, and the
    table is replaced only after the rows given are copied into the new one, so readers take
    no lock."""

    def rows(self, written: Sequence[str], forms: Sequence[str]) -> np.ndarray:
        """Rows of :attr:`table` (int32) for the words as written (measured on ParaPhraser: a
        Russian lemma's vector instead of the form's gave AUC 0.911, not 0.919); a word the
        lexicon does not know gets the pseudo-random vector of its canonical form."""
        keys = [(w.lower().replace("ё", "е"), f) for w, f in zip(written, forms, strict=True)]
        rows = self._rows
        if any(k not in rows for k in keys):
            with self._learning:
                self._learn([k for k in dict.fromkeys(keys) if k not in rows])
        return np.fromiter(map(rows.__getitem__, keys), dtype=np.int32, count=len(keys))

    def _learn(self, new: list[tuple[str, str]]) -> None:
        """Rows for the new (word, form) keys (:meth:`rows`), under :attr:`_learning`."""
        if new:
            kept, vectors = self._known_block([w for w, _ in new])
            has = np.zeros(len(new), dtype=bool)
            has[kept] = True
            unknown = np.flatnonzero(~has).tolist()
            first = len(self._rows)
            self._grow(first + len(new))
            block = self.table[first : first + len(new)]
            if kept:
                block[kept] = vectors
            if unknown:
                block[unknown] = self._random_vectors([new[n][1] for n in unknown])
                for n in unknown:
                    self._random.setdefault(new[n][1], first + n)
            self._rows.update((key, first + n) for n, key in enumerate(new))

    def _known_block(self, words: list[str]) -> tuple[list[int], np.ndarray]:
        """The places of the words :attr:`known` gives a vector (ascending) and those vectors
        (float32, a row each): :attr:`known_rows`' block as the lexicon makes it, else one
        array of :attr:`known`'s rows. Issue 40, para64: navec's and WordLlama's vectors were
        split into an array a word, then copied into one array again (~1 µs a word); the
        words of the 251 documents of bench/diag_paraphrase_replay.py's 423 pairs at 1,000
        essays, learned from empty memos in one process (12 times, the least CPU), took
        129-173 ms against 138-188 for main, 9-24 ms less in each of 5 alternating runs;
        the whole replay, 0.55-0.59 s either way (its noise), the same results."""
        if self.known_rows is not None:
            return self.known_rows(words)
        found = self.known(words)
        kept = [n for n, v in enumerate(found) if v is not None]
        # one array of the rows (np.stack's own steps cost ~0.5 µs a row: issue 40)
        rows = [found[n] for n in kept]
        return kept, np.array(rows, dtype=np.float32).reshape(len(kept), self.dimension)

    def _random_vectors(self, forms: list[str]) -> np.ndarray:
        """:func:`_random_units` of the forms, each distinct form's made once (issue 40: the
        unknown words of 1,000 essays were 12,744 forms written of 1,453 canonical ones)."""
        out = np.empty((len(forms), self.dimension), dtype=np.float32)
        old = [n for n, form in enumerate(forms) if form in self._random]
        if old:
            out[old] = self.table[[self._random[forms[n]] for n in old]]
        wanted = [n for n, form in enumerate(forms) if form not in self._random]
        if wanted:
            fresh = list(dict.fromkeys(forms[n] for n in wanted))
            at = {form: n for n, form in enumerate(fresh)}
            out[wanted] = _random_units(fresh, self.dimension)[[at[forms[n]] for n in wanted]]
        return out

    def _grow(self, size: int) -> None:
        """Room for ``size`` rows, doubling (rows already given keep their numbers), at
        least :data:`RESERVED_ROWS`."""
        if size > len(self.table):
            rows = max(size, 2 * len(self.table), RESERVED_ROWS)
            table = np.zeros((rows, self.dimension), np.float32)
            if self._rows:
                table[: len(self._rows)] = self.table[: len(self._rows)]
            self.table = table

    def vectors(self, written: Sequence[str], forms: Sequence[str]) -> np.ndarray:
        """The words' unit vectors (len(written) × dimension), as :meth:`rows` finds them."""
        rows = self.rows(written, forms)  # first: it may replace the table
        return self.table[rows]


KnownRows = Callable[[list[str]], tuple[list[int], np.ndarray]]
"""A lexicon's vectors of words written (lower-cased) as one block: the places of the words
it knows (ascending) and their unit vectors (float32, a row each, in that order), the rows
its ``known`` gives them (:func:`_listed_rows` makes that of this)."""


def _listed_rows(known_rows: KnownRows) -> Callable[[list[str]], list[np.ndarray | None]]:
    """A lexicon's ``known`` of its :data:`KnownRows`: each word's row, None for a word it
    does not know."""

    def known(words: list[str]) -> list[np.ndarray | None]:
        kept, vectors = known_rows(words)
        out: list[np.ndarray | None] = [None] * len(words)
        for n, vector in zip(kept, vectors, strict=True):
            out[n] = vector
        return out

    return known


RESERVED_ROWS = 1 << 15
"""Rows of a :class:`Lexicon`'s first table (32-39 MB of address space: zeros the system
maps a page at a time when first written, so rows never given cost no memory): a pair
worker's ~10,000 Russian words at 1,000 essays took five tables of 1,024 to 16,384 rows,
each one's pages written and the rows before copied (issue 40, words62: ``_grow`` 5-13 ms
a worker, ~0.3 ms with this one; the worker's minor page faults while learning 8,700-9,800,
7,300-8,200 with it)."""


def _random_unit(form: str, dimension: int) -> np.ndarray:
    vector = np.random.default_rng(fingerprint(form)).standard_normal(dimension)
    return (vector / np.linalg.norm(vector)).astype(np.float32)


def _random_units(forms: Sequence[str], dimension: int) -> np.ndarray:
    """:func:`_random_unit` of each form (len(forms) × dimension), bit for bit, at a fraction
    of its cost: numpy's ``default_rng(seed)`` spends most of its time seeding (``SeedSequence``
    and ``PCG64``'s own set-up, ~20 µs); here the seeds' PCG64 states are computed for all
    forms at once (:func:`_pcg64_states`) and set on this thread's one generator in turn
    (:func:`_generator`), each form's draws written into one float64 block, whose rows are
    made unit at once (:func:`_divided_by_norms`: ``np.linalg.norm``'s own dot product and
    division). tests/test_meaning_once.py and tests/test_word_learning.py check it equal to
    :func:`_random_unit`."""
    out = np.empty((len(forms), dimension), dtype=np.float32)
    seeds = [fingerprint(form) for form in forms]
    wide = [n for n, seed in enumerate(seeds) if seed >> 32]
    if wide:
        bits, generator = _generator()
        drawn = np.empty((len(wide), dimension), dtype=np.float64)
        states = _pcg64_states([seeds[n] for n in wide])
        for row, (state, increment) in zip(drawn, states, strict=True):
            bits.state = {
                "bit_generator": "PCG64",
                "state": {"state": state, "inc": increment},
                "has_uint32": 0,
                "uinteger": 0,
            }
            generator.standard_normal(out=row)
        out[wide] = _divided_by_norms(drawn)[0]
    for n in (n for n, seed in enumerate(seeds) if not seed >> 32):  # one 32-bit word
        out[n] = _random_unit(forms[n], dimension)
    return out


class _Generators(threading.local):
    """A PCG64 generator per thread (:func:`_generator`)."""

    made: tuple[np.random.PCG64, np.random.Generator] | None = None


_GENERATORS = _Generators()


def _generator() -> tuple[np.random.PCG64, np.random.Generator]:
    """This thread's PCG64 bit generator and its :class:`numpy.random.Generator`, made once:
    :func:`_random_units` sets the bit generator's whole state before every draw, so its own
    seeding (~30-60 µs, from the system's entropy) is paid once a thread, not once a call
    (issue 40: a call per document's new words, a few forms each)."""
    made = _GENERATORS.made
    if made is None:
        bits = np.random.PCG64()
        made = _GENERATORS.made = (bits, np.random.Generator(bits))
    return made


def _divided_by_norms(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row divided by its norm as ``np.linalg.norm`` takes a 1-D array's (the square
    root of its own dot product, the dot product found by ``matmul`` of a row by itself,
    which calls the same dot), bit for bit ``row / np.linalg.norm(row)``, and the norms;
    rows of no length are left to the caller (divided by 1 here)."""
    norms = np.sqrt(_self_dots(vectors))
    return vectors / np.where(norms > 0, norms, norms.dtype.type(1))[:, None], norms


def _self_dots(vectors: np.ndarray) -> np.ndarray:
    """Each row's dot product with itself, bit for bit ``row.dot(row)`` (``matmul`` of a
    1 × d by a d × 1 matrix, stacked, calls the same dot function a row at a time, without a
    Python call a row: tests/test_meaning_once.py)."""
    return np.matmul(vectors[:, None, :], vectors[:, :, None]).reshape(len(vectors))


_MASK32 = 0xFFFFFFFF
_MASK128 = (1 << 128) - 1
_PCG_MULTIPLIER = (2549297995355413924 << 64) | 4865540595714422341
"""PCG64's 128-bit multiplier (``PCG_DEFAULT_MULTIPLIER_128``)."""


def _pcg64_states(seeds: list[int]) -> list[tuple[int, int]]:
    """The (state, increment) ``numpy.random.PCG64(seed)`` starts from, for each seed of two
    32-bit words (2³² ≤ seed < 2⁶⁴): :func:`_pcg64_states_at_once` for many seeds, Python
    integers for a few (:func:`_pcg64_state`: numpy's ~80 calls on small arrays cost ~0.2 ms
    whatever their size, ~8 µs a seed a few at a time where a seed costs ~4 µs in Python;
    the paraphrase stage learns a document's new words, a few forms, at a time: issue 40)."""
    if len(seeds) >= _STATES_AT_ONCE:
        return _pcg64_states_at_once(np.array(seeds, dtype=np.uint64))
    return [_pcg64_state(seed) for seed in seeds]


_STATES_AT_ONCE = 48
"""Seeds from which :func:`_pcg64_states` computes them on arrays."""
_HASH_A = 0x43B0D7E5
_HASH_A_MULTIPLIER = 0x931E8875
_HASH_B = 0x8B51F9DD
_HASH_B_MULTIPLIER = 0x58F38DED


def _hash_constants(first: int, multiplier: int, count: int) -> tuple[int, ...]:
    """The multipliers ``hash_const`` takes in turn in numpy's ``SeedSequence`` (the first
    one, then each times ``multiplier``), the same for every seed."""
    out, value = [], first
    for _ in range(count):
        value = (value * multiplier) & _MASK32
        out.append(value)
    return tuple(out)


_MIXES_A = _hash_constants(_HASH_A, _HASH_A_MULTIPLIER, 16)
"""The multipliers of :func:`_pcg64_state`'s 16 ``hashmix`` calls (4 for the pool, 12 in
the mixing), each call's own ``hash_a`` before it being the one before it."""
_MIXES_B = _hash_constants(_HASH_B, _HASH_B_MULTIPLIER, 8)


_HASHMIXES = tuple(zip((_HASH_A, *_MIXES_A[:-1]), _MIXES_A, strict=True))
"""(xor, multiplier) of each of :func:`_pcg64_state`'s 16 ``hashmix`` calls in turn."""
_DRAWS = tuple(zip((_HASH_B, *_MIXES_B[:-1]), _MIXES_B, strict=True))
"""(xor, multiplier) of each of the eight words it draws with the second hash."""
_MIXING = tuple((source, target) for source in range(4) for target in range(4) if source != target)
"""The pool's (source, target) words ``SeedSequence`` mixes, in its order."""


def _pcg64_state(seed: int) -> tuple[int, int]:
    """:func:`_pcg64_states_at_once` of one seed, in Python integers (the same steps, written
    out with the hashes' constants read from tables: ~5 µs a seed where calls of a nested
    ``hashmix`` took ~10; tests/test_word_learning.py checks it against numpy's)."""
    mask, mixes = _MASK32, _HASHMIXES
    pool = []
    for (xor, multiplier), value in zip(mixes, (seed & mask, seed >> 32, 0, 0), strict=False):
        value = ((value ^ xor) * multiplier) & mask
        pool.append(value ^ (value >> 16))
    for (source, target), (xor, multiplier) in zip(_MIXING, mixes[4:], strict=True):
        hashed = ((pool[source] ^ xor) * multiplier) & mask
        hashed ^= hashed >> 16
        mixed = (pool[target] * 0xCA01F9DD - hashed * 0x4973F715) & mask
        pool[target] = mixed ^ (mixed >> 16)
    words = []
    for k, (xor, multiplier) in enumerate(_DRAWS):
        value = ((pool[k & 3] ^ xor) * multiplier) & mask
        words.append(value ^ (value >> 16))
    seed_high, seed_low, sequence_high, sequence_low = (
        words[2 * k] | (words[2 * k + 1] << 32) for k in range(4)
    )
    increment = ((((sequence_high << 64) | sequence_low) << 1) | 1) & _MASK128
    state = (increment + ((seed_high << 64) | seed_low)) & _MASK128
    return (state * _PCG_MULTIPLIER + increment) & _MASK128, increment


def _pcg64_states_at_once(seeds: np.ndarray) -> list[tuple[int, int]]:
    """The (state, increment) ``numpy.random.PCG64(seed)`` starts from, for each seed of two
    32-bit words (2³² ≤ seed < 2⁶⁴), all seeds at once: numpy's ``SeedSequence`` (O'Neill's
    ``seed_seq`` hash: a pool of four words mixed with ``hashmix`` and ``mix``, then eight
    words drawn with the second hash) in uint32 arithmetic, then ``pcg64_set_seed`` (PCG's
    ``srandom``: the increment is the odd 128-bit sequence, the state stepped twice around the
    initial state) on Python integers."""
    hash_a = [0x43B0D7E5]

    def hashmix(value: np.ndarray) -> np.ndarray:
        value = value ^ np.uint32(hash_a[0])
        hash_a[0] = (hash_a[0] * 0x931E8875) & _MASK32
        value = value * np.uint32(hash_a[0])
        return value ^ (value >> np.uint32(16))

    def mix(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        result = np.subtract(np.multiply(x, np.uint32(0xCA01F9DD)), np.multiply(y, 0x4973F715))
        return np.bitwise_xor(result, np.right_shift(result, np.uint32(16)))

    with np.errstate(over="ignore"):
        low = (seeds & np.uint64(_MASK32)).astype(np.uint32)
        high = (seeds >> np.uint64(32)).astype(np.uint32)
        zero = np.zeros(len(seeds), dtype=np.uint32)
        pool = [hashmix(low), hashmix(high), hashmix(zero), hashmix(zero)]
        for source in range(4):
            for target in range(4):
                if source != target:
                    pool[target] = mix(pool[target], hashmix(pool[source]))
        hash_b = 0x8B51F9DD
        words = []
        for n in range(8):
            value = pool[n % 4] ^ np.uint32(hash_b)
            hash_b = (hash_b * 0x58F38DED) & _MASK32
            value = value * np.uint32(hash_b)
            words.append((value ^ (value >> np.uint32(16))).astype(np.uint64))
    halves = [(words[2 * k] | (words[2 * k + 1] << np.uint64(32))).tolist() for k in range(4)]
    out = []
    for seed_high, seed_low, sequence_high, sequence_low in zip(*halves, strict=True):
        increment = ((((sequence_high << 64) | sequence_low) << 1) | 1) & _MASK128
        state = (increment + ((seed_high << 64) | seed_low)) & _MASK128
        out.append(((state * _PCG_MULTIPLIER + increment) & _MASK128, increment))
    return out


def _unit(vector: np.ndarray) -> np.ndarray | None:
    norm = float(np.linalg.norm(vector))
    return (vector / norm).astype(np.float32) if norm > 0 else None


def _unit_rows(vectors: np.ndarray) -> list[np.ndarray | None]:
    """:func:`_unit` of each row of a float32 matrix, bit for bit, in one division: a row's
    norm is its own dot product's square root as ``np.linalg.norm`` takes it (float32), and a
    float32 row divided by it is what :func:`_unit` divides (issue 40: a call per word was a
    third of looking Russian words up; tests/test_meaning_once.py compares them)."""
    if not len(vectors):
        return []
    units, norms = _divided_by_norms(vectors)
    return [u if norm > 0 else None for u, norm in zip(units, norms.tolist(), strict=True)]


def _unit_block(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows :func:`_unit_rows` gives a vector (their places, ascending) and those rows,
    as one array."""
    units, norms = _divided_by_norms(vectors)
    kept = np.flatnonzero(norms > 0)
    return kept, units if len(kept) == len(units) else units[kept]


@cache
def lexicon(language: str) -> Lexicon:
    """The language's lexicon (loaded once per process; a language without data gets
    pseudo-random vectors only, which match equal forms and nothing else)."""
    if language == "ru":
        return _navec()
    if language == "en":
        return _wordllama()
    if language == "uk":
        russian = lexicon("ru")
        return Lexicon("uk", russian.dimension, ukrainian_known(russian.known))
    return Lexicon(language, HASH_DIMENSION, _none)


def preload(languages: Iterable[str]) -> None:
    """Load the lexicons and word frequencies of ``languages`` in this process, before a pool
    of workers forks (issue 40): each forked worker inherits them instead of loading them
    again (navec, WordLlama and wordfreq: about a second a worker). A spawned worker loads
    what it needs itself, as before (the tables are process-wide caches, never state)."""
    for language in sorted(set(languages)):
        lexicon(language)
        weight("the", language)
        _tokenizer_ready(language)


def _tokenizer_ready(language: str) -> None:
    """Import wordfreq's tokenizer (:mod:`copylens.core.wordfreq_plain`'s, since issue 40) and
    load its language data (:func:`_tokenized_zipf` of a word it must cut), which
    :func:`preload` leaves for the workers it precedes to inherit: since :func:`_listed` reads
    the plain languages' lists without wordfreq, the first word a worker met with a hyphen, a
    digit or an apostrophe imported wordfreq in that worker (~70 ms each, inside the stage
    "paraphrase: words": issue 40, 0.27 -> 0.35 s of it at 1,000 essays), where before it was
    imported once, here. A plain language only: another one imported wordfreq in
    :func:`_listed` already."""
    if language in PLAIN_LANGUAGES:
        _tokenized_zipf("well-known", language, small_list(language))


def _none(words: list[str]) -> list[np.ndarray | None]:
    return [None] * len(words)


def _package_file(package: str, parts: tuple[str, ...]) -> Path:
    """A file inside an installed package, found without importing the package (in the
    frozen app, the build copies it to the same place under ``sys._MEIPASS``)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen is not None:
        return Path(frozen, package, *parts)
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"the {package} package is not installed")
    return Path(next(iter(spec.submodule_search_locations))).joinpath(*parts)


def _navec() -> Lexicon:
    """navec's vectors, read from the file as navec writes it (a tar of ``vocab.bin``: gzip of
    a uint32 count, the counts, then the words one a line, sorted; and ``pq.bin``: four uint32
    sizes, the uint8 code of every word in every subspace, then the float32 centroids). navec's
    own loader also builds a 250,000-entry dictionary and a 100 MB table of norms this stage
    never uses (peak 164 MB against 40 MB here). A word is found by its place among the
    sorted words (:func:`_navec_places`) and its vector rebuilt from its codes."""
    packed, mapped, codes = _navec_arrays(_package_file("natasha", NAVEC_FILE))
    indexes = mapped.view(np.ndarray)  # the same pages; indexed without memmap's own steps
    parts, centroids = codes.shape[0], codes.shape[1]
    dimension = parts * codes.shape[2]
    flat = codes.reshape(parts * centroids, -1)  # subspace s's centroid c: row s * centroids + c
    offsets = np.arange(parts, dtype=np.intp) * centroids
    place = _navec_places(packed)

    def known_rows(batch: list[str]) -> tuple[list[int], np.ndarray]:
        places = place(batch)
        found = [n for n, at in enumerate(places) if at >= 0]
        picked = indexes[np.array([places[n] for n in found], dtype=np.int64)] + offsets
        decoded = flat.take(picked, axis=0).reshape(len(found), dimension)
        if not found:
            return [], decoded
        kept, units = _unit_block(decoded)
        return [found[n] for n in kept.tolist()], units

    return Lexicon("ru", dimension, _listed_rows(known_rows), known_rows)


def _navec_parts(path: Path) -> tuple[list[str], np.ndarray, np.ndarray]:
    """navec's words (sorted, without "<unk>" and "<pad>"), the code of every word in every
    subspace (vectors × parts, uint8) and the centroids (parts × centroids × their width,
    float32), from its tar (:func:`_navec_arrays`, :func:`_navec_words`).
    tests/test_meaning_once.py compares them with the stream's."""
    packed, indexes, codes = _navec_arrays(path)
    return _navec_words(packed), indexes, codes


def _navec_arrays(path: Path) -> tuple[bytes, np.ndarray, np.ndarray]:
    """navec's ``vocab.bin`` as the tar holds it (gzipped: :func:`_navec_words`), the code of
    every word in every subspace and the centroids (:func:`_navec_parts`). The codes, 25 MB,
    are mapped from the file where the tar holds them as they are (issue 40: not read into this
    process's memory; the pages a lookup touches are the system's file cache, shared by every
    process, forked or spawned, that maps them): ~20 ms less of "paraphrase: tables" in the
    process running ``compare``, and 25 MB of it no longer private to that process. ``tarfile``
    and ``gzip`` are imported here, not with this module, which the engine imports before the
    readers fork (issue 40: ~1.4 ms of that serial start; the readers never use them)."""
    import tarfile

    with tarfile.open(path) as tar:
        vocab, pq = tar.getmember("vocab.bin"), tar.getmember("pq.bin")
        packed, stream = tar.extractfile(vocab), tar.extractfile(pq)
        assert packed is not None and stream is not None
        gzipped = packed.read()
        raw: np.ndarray
        if pq.isreg() and pq.sparse is None:  # stored as it is: mapped
            raw = np.memmap(path, np.uint8, "r", offset=pq.offset_data, shape=(pq.size,))
        else:
            raw = np.frombuffer(stream.read(), np.uint8)
    vectors, _, parts, centroids = (int(x) for x in np.frombuffer(raw[:16].tobytes(), np.uint32))
    indexes = raw[16 : 16 + vectors * parts].reshape(vectors, parts)
    codes = np.frombuffer(raw[16 + vectors * parts :].tobytes(), np.float32)
    return gzipped, indexes, codes.reshape(parts, centroids, -1)


def _navec_words(gzipped: bytes) -> list[str]:
    """navec's words (sorted, without "<unk>" and "<pad>") from its ``vocab.bin`` (gzip of a
    uint32 count, the counts, then the words one a line), inflated in one call (the stream
    read it in ~200)."""
    import gzip

    data = gzip.decompress(gzipped)
    size = int(np.frombuffer(data[:4], np.uint32)[0])  # then the counts, then the words
    return data[4 + 4 * size :].decode("utf-8").splitlines()[:-2]  # then "<unk>", "<pad>"


NAVEC_INDEX = "navec-words"
"""The kind of :func:`_navec_places`'s table in :mod:`copylens.core.table_cache`."""
NAVEC_INDEX_VERSION = 1
"""The layout of that table (:func:`_word_index`); a table of another one is not read."""


def _navec_places(gzipped: bytes) -> Callable[[list[str]], list[int]]:
    """:func:`_places` of navec's words (:func:`_navec_words` of its ``vocab.bin``), the same
    places, from the table :func:`_word_index` makes of them, kept in the user's cache folder
    (:mod:`copylens.core.table_cache`, keyed by the SHA-256 of ``vocab.bin`` and the table's
    layout) and read back by later runs: inflating, splitting and hashing the 250,000 words and
    sorting their hashes took ~45 ms of the process running ``compare`` (issue 40), reading
    the table back takes a few. Where the table cannot be read or written, the words are
    inflated as before (and the table written for the next run); should two of them share a
    key (:func:`_word_keys`), they are looked up by :func:`_places`."""
    from copylens.core import table_cache

    key = f"{NAVEC_INDEX_VERSION}-{hashlib.sha256(gzipped).hexdigest()}"
    stored = table_cache.load(NAVEC_INDEX, key)
    if stored is not None:
        found = _keyed_places(stored)
        if found is not None:
            return found
    words = _navec_words(gzipped)
    index = _word_index(words) if table_cache.path_of(NAVEC_INDEX, key) is not None else None
    if index is None:  # no cache folder (the index is not worth making for one run), or keys shared
        return _places(words)
    table_cache.store(NAVEC_INDEX, key, index)
    made = _keyed_places(index)
    assert made is not None
    return made


def _word_keys(encoded: Iterable[bytes], count: int) -> np.ndarray:
    """A 64-bit key of each word's UTF-8 bytes, the same in every process (unlike ``hash``):
    its CRC-32 and Adler-32 side by side (uint64)."""
    crc, adler = zlib.crc32, zlib.adler32
    return np.fromiter(((crc(b) << 32) | adler(b) for b in encoded), dtype=np.uint64, count=count)


def _word_index(words: list[str]) -> dict[str, np.ndarray] | None:
    """The table by which :func:`_keyed_places` finds a word's place in ``words`` (sorted,
    distinct): their UTF-8 bytes one after the other (``text``), where each one starts
    (``starts``, one more for the end), their keys (:func:`_word_keys`) sorted and the place of
    the word of each (``order``); None should two words share a key."""
    encoded = [word.encode("utf-8", "surrogatepass") for word in words]
    keys = _word_keys(encoded, len(encoded))
    order = np.argsort(keys).astype(np.int32)
    keys = keys[order]
    if len(keys) > 1 and bool((keys[1:] == keys[:-1]).any()):
        return None
    starts = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, encoded), np.int64, len(encoded)), out=starts[1:])
    text = np.frombuffer(b"".join(encoded), dtype=np.uint8)
    return {"text": text, "starts": starts, "keys": keys, "order": order}


def _keyed_places(index: dict[str, np.ndarray]) -> Callable[[list[str]], list[int]] | None:
    """A function giving each word's place in the words of ``index`` (:func:`_word_index`),
    -1 for a word not there: its key looked up among theirs, the word found confirmed by
    comparing its bytes; None where ``index`` is not such a table."""
    try:
        text, starts = index["text"].tobytes(), index["starts"]
        keys, order = index["keys"], index["order"]
        size = len(order)
        if not (
            starts.dtype == np.int64
            and keys.dtype == np.uint64
            and order.dtype == np.int32
            and starts.shape == (size + 1,)
            and keys.shape == (size,)
            and int(starts[0]) == 0
            and int(starts[-1]) == len(text)
        ):
            return None
    except (KeyError, AttributeError):
        return None
    last = size - 1

    def keyed(batch: list[str]) -> list[int]:
        if not batch or last < 0:
            return [-1] * len(batch)
        encoded = [word.encode("utf-8", "surrogatepass") for word in batch]
        wanted = _word_keys(encoded, len(encoded))
        at = np.minimum(keys.searchsorted(wanted), last)
        places = np.where(keys[at] == wanted, order[at], -1)
        begun = np.maximum(places, 0)
        return [
            n if n >= 0 and text[a:b] == word else -1
            for n, a, b, word in zip(
                places.tolist(),
                starts[begun].tolist(),
                starts[begun + 1].tolist(),
                encoded,
                strict=True,
            )
        ]

    return keyed


def _places(words: list[str]) -> Callable[[list[str]], list[int]]:
    """A function giving each word's place in ``words`` (sorted, distinct), -1 for a word not
    there. By the words' hashes (this process's ``hash``, sorted once: 3 MB for navec's
    250,000 words, ~40 ms, in the process that loads the lexicon, before the pair workers
    fork), each one found confirmed by comparing the word: ~0.4 µs a word where a binary
    search of the words took ~2 (issue 40: 13 % of learning a document's new words). Should
    two of the words share a hash, by a binary search of the words."""
    hashes = np.fromiter(map(hash, words), dtype=np.int64, count=len(words))
    order = np.argsort(hashes).astype(np.int32)  # distinct keys: one order; else unused
    keys = hashes[order]
    if len(keys) > 1 and bool((keys[1:] == keys[:-1]).any()):

        def searched(batch: list[str]) -> list[int]:
            places = [bisect.bisect_left(words, word) for word in batch]
            size = len(words)
            return [
                at if at < size and words[at] == w else -1
                for at, w in zip(places, batch, strict=True)
            ]

        return searched
    last = len(keys) - 1

    def hashed(batch: list[str]) -> list[int]:
        if not batch or last < 0:
            return [-1] * len(batch)
        wanted = np.fromiter(map(hash, batch), dtype=np.int64, count=len(batch))
        at = np.minimum(np.searchsorted(keys, wanted), last)
        candidates = np.where(keys[at] == wanted, order[at], -1).tolist()
        return [
            n if n >= 0 and words[n] == w else -1 for n, w in zip(candidates, batch, strict=True)
        ]

    return hashed


def _tensor(path: Path) -> np.ndarray:
    """The one tensor of a safetensors file (WordLlama's token vectors, 16 MB of float16),
    mapped from the file (issue 40: not read into this process's memory, as
    ``safetensors.numpy.load_file`` reads it; the pages looked up are the system's file cache,
    shared by every process that maps them): the format is an 8-byte little-endian length, a
    JSON header naming each tensor's dtype, shape and byte range after the header, then the
    data, little-endian. A file of another kind or of several tensors is read by
    ``load_file``, as before. tests/test_meaning_once.py compares them."""
    import json

    types = {"F16": "<f2", "F32": "<f4", "F64": "<f8"}
    with open(path, "rb") as stream:
        length = int.from_bytes(stream.read(8), "little")
        header = json.loads(stream.read(length))
    tensors = [v for k, v in header.items() if k != "__metadata__"]
    if len(tensors) == 1 and tensors[0].get("dtype") in types:
        (first, last), shape = tensors[0]["data_offsets"], tuple(tensors[0]["shape"])
        dtype = np.dtype(types[tensors[0]["dtype"]])
        if last - first == dtype.itemsize * int(np.prod(shape)):
            return np.memmap(path, dtype, "r", offset=8 + length + first, shape=shape)
    from safetensors.numpy import load_file

    return next(iter(load_file(str(path)).values()))


def _wordllama() -> Lexicon:
    from tokenizers import Tokenizer

    # the same pages, indexed without memmap's own steps (a call a word's token place)
    table = _tensor(_package_file("wordllama", WORDLLAMA_WEIGHTS)).view(np.ndarray)
    tokenizer = Tokenizer.from_file(str(_package_file("wordllama", WORDLLAMA_TOKENIZER)))

    ids_of = _token_ids(tokenizer)

    def known_rows(words: list[str]) -> tuple[list[int], np.ndarray]:
        return _token_mean_rows(table, list(map(ids_of, words)))

    return Lexicon("en", int(table.shape[1]), _listed_rows(known_rows), known_rows)


def _token_ids(tokenizer: Tokenizer) -> Callable[[str], list[int]]:
    """A function giving a word's token ids, ``tokenizer.encode(word,
    add_special_tokens=False).ids``: for a tokenizer without a pre-tokenizer, the word
    normalized and cut by the model itself (``encode``'s own steps for a word holding none of
    the added tokens: ``encode`` splits those off first and builds an ``Encoding`` of offsets
    and masks the stage never reads, ~3 µs of ~5 a word; issue 40, words61); a word holding one,
    or any word of a tokenizer with a pre-tokenizer or no normalizer, by ``encode``
    (tests/test_word_learning.py compares them)."""

    def encoded(word: str) -> list[int]:
        ids: list[int] = tokenizer.encode(word, add_special_tokens=False).ids
        return ids

    normalizer = tokenizer.normalizer
    if tokenizer.pre_tokenizer is not None or normalizer is None:
        return encoded
    added = tuple(t.content for t in tokenizer.get_added_tokens_decoder().values())
    normalize, tokenize = normalizer.normalize_str, tokenizer.model.tokenize

    def cut(word: str) -> list[int]:
        if any(a in word for a in added):
            return encoded(word)
        normal = normalize(word)
        return [token.id for token in tokenize(normal)] if normal else []

    return cut


def _token_means(table: np.ndarray, ids: list[list[int]]) -> list[np.ndarray | None]:
    """Each word's unit mean of its tokens' vectors (None for a word of no token), bit for
    bit ``_unit(table[ids].astype(np.float32).mean(axis=0))``: :func:`_token_mean_rows`'
    rows (tests/test_meaning_once.py compares them)."""
    out: list[np.ndarray | None] = [None] * len(ids)
    kept, vectors = _token_mean_rows(table, ids)
    for n, vector in zip(kept, vectors, strict=True):
        out[n] = vector
    return out


def _token_mean_rows(table: np.ndarray, ids: list[list[int]]) -> tuple[list[int], np.ndarray]:
    """The words of a token or more whose mean has a length (ascending) and their unit mean
    vectors of their tokens' (:data:`KnownRows`), for all words at once: each word's rows
    added in order (float32, as ``mean`` adds them row after row: a token place at a time;
    ``np.add.reduceat`` adds them otherwise), divided by their count (issue 40: a call per
    word)."""
    some = [n for n, x in enumerate(ids) if x]
    if not some:
        return [], np.zeros((0, table.shape[1]), dtype=np.float32)
    lengths = [len(ids[n]) for n in some]
    counts = np.array(lengths, dtype=np.int64)
    rows = table.take([t for n in some for t in ids[n]], axis=0).astype(np.float32)
    starts = np.cumsum(counts) - counts  # each word's first row of ``rows``, its tokens' in order
    sums = rows[starts]
    for place in range(1, max(lengths)):  # each word's next token, row after row
        longer = np.flatnonzero(counts > place)
        sums[longer] += rows[starts[longer] + place]
    means = sums / counts.astype(np.float32)[:, None]
    kept, units = _unit_block(means)
    return [some[n] for n in kept.tolist()], units


@cache
def _zipf(language: str) -> Callable[[str], float]:
    """wordfreq's small lists (words of Zipf ≥ 3; rarer ones weigh the most anyway): 7 MB a
    language in memory, where the large lists take ~80 MB. A lower-case word of letters only
    is looked up in the list directly (:func:`_listed`); anything else goes
    through wordfreq's ``zipf_frequency`` (its tokenizer took most of the time), imported
    then only: importing wordfreq costs ~70 ms (langcodes' tables most of it), and most runs
    never need it (:data:`PLAIN_LANGUAGES`)."""
    listed = _listed(language)

    def zipf(word: str) -> float:
        found = listed(word)
        if found is not None:
            return found
        if language in PLAIN_LANGUAGES:
            return _tokenized_zipf(word, language, small_list(language))
        from wordfreq import zipf_frequency

        value: float = zipf_frequency(word, language, wordlist="small")
        return value

    return zipf


def _tokenized_zipf(word: str, language: str, freqs: dict[str, float]) -> float:
    """wordfreq's ``zipf_frequency(word, language, wordlist="small")`` of a plain language
    (:data:`PLAIN_LANGUAGES`) for any word, its arithmetic on the list :func:`small_list`
    read, so that the list is not read a second time by wordfreq (~35 ms): the word cut
    into tokens as wordfreq's tokenizer cuts it (imported here), digits smashed, ``1 / f`` summed
    over the tokens, the floor 10⁻⁹ for a token the list lacks, rounded as
    :func:`_listed` rounds (:func:`_rounded_zipf`). wordfreq's tokenizer of a plain language
    is :mod:`copylens.core.wordfreq_plain`'s, the same steps: importing wordfreq for it cost
    ~70 ms (issue 40)."""
    from copylens.core.wordfreq_plain import digit_freq, lossy_tokenize, smash_numbers

    one_over = 0.0
    tokens = lossy_tokenize(word)
    for token in tokens:
        smashed = smash_numbers(token)
        if smashed not in freqs:
            one_over = 0.0
            break
        freq = freqs[smashed] * (digit_freq(token) if smashed != token else 1.0)
        one_over += 1.0 / freq
    if not one_over:  # no token, or one the list lacks: the floor, unrounded
        return round(_freq_to_zipf(_LEAST), 2)
    return _rounded_zipf(one_over)


NormalForm = Literal["NFC", "NFD", "NFKC", "NFKD"]

PLAIN_LANGUAGES = frozenset({"en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl", "ru", "uk"})
"""The engine's languages whose wordfreq entry is plain (its ``get_language_info``: the regex
tokenizer, no transliteration, no marks removed, no special case folding, NFC) and whose
small list is ``wordfreq/data/small_<code>.msgpack.gz``: for these :func:`_listed` reads the
list itself, without importing wordfreq (tests/test_paraphrase.py checks both against
wordfreq's own)."""


def _listed(language: str) -> Callable[[str], float | None]:
    """``zipf_frequency(word, language, wordlist="small")`` of a word wordfreq would read as
    one token unchanged (letters only, already in the language's normal form and case
    folded, a language with no transliteration, marks removal or special case folding), found
    in the list: the same arithmetic on the list's value (one token: 1 / (1 / f), the floor
    10⁻⁹, rounded to three significant digits, then to the Zipf scale rounded to 0.01; a word
    the list lacks, the floor's). None otherwise (tests/test_paraphrase.py checks it equal to
    wordfreq's on many words)."""
    import unicodedata

    form: NormalForm = "NFC"
    if language in PLAIN_LANGUAGES:
        plain, freqs = True, small_list(language)
    else:
        try:
            plain, form, freqs = _wordfreq_list(language)
        except LookupError:
            return lambda word: None
    absent = round(_freq_to_zipf(_LEAST), 2)
    normal, normalize = unicodedata.is_normalized, unicodedata.normalize
    zipfs: dict[float, float] = {}
    """:func:`_rounded_zipf` of each frequency met: a list holds a few hundred (its words'
    centibels), so it is computed a few hundred times, not once a word (issue 40)."""

    def listed(word: str) -> float | None:
        if not (plain and word.isalpha()):
            return None
        if word != (word if normal(form, word) else normalize(form, word)).casefold():
            return None
        if not normal("NFC", word):
            return None
        freq = freqs.get(word)
        if freq is None:
            return absent  # one token the list lacks: wordfreq's minimum
        found = zipfs.get(freq)
        if found is None:
            found = zipfs[freq] = _rounded_zipf(0.0 + 1.0 / freq)
        return found

    return listed


_LEAST = 10**0.0 / 1e9
"""wordfreq's floor of a frequency, its ``zipf_to_freq(0.0)``."""


def _rounded_zipf(one_over: float) -> float:
    """wordfreq's Zipf value of the tokens whose ``1 / f`` sum to ``one_over`` (> 0): the
    frequency ``1 / one_over``, at least :data:`_LEAST`, rounded to three significant digits,
    then to the Zipf scale rounded to 0.01 (``zipf_frequency``'s arithmetic)."""
    import math

    unrounded = max(1.0 / one_over, _LEAST)
    rounded = round(unrounded, math.floor(-math.log(unrounded, 10)) + 3)
    return round(_freq_to_zipf(rounded), 2)


def _freq_to_zipf(freq: float) -> float:
    """wordfreq's ``freq_to_zipf``, as it computes it."""
    import math

    return math.log(freq, 10) + 9


@cache
def small_list(language: str) -> dict[str, float]:
    """wordfreq's ``get_frequency_dict(language, "small")``, read from its file without
    importing wordfreq: its cBpack (gzipped msgpack: a header, then the words of each
    centibel, the i-th list's frequency ``10 ** (-i / 100)``). The words are kept in the
    table cache (:mod:`copylens.core.table_cache`, :data:`SMALL_LIST`) as they are listed,
    with how many each centibel holds, and read back by later runs: inflating and unpacking
    the list took ~10 ms for Russian, and its loop a word at a time ~7 (issue 40); the dict
    is made in one call, the same keys, values and order either way
    (tests/test_table_cache.py)."""
    from copylens.core import table_cache

    path = _package_file("wordfreq", ("data", f"small_{language}.msgpack.gz"))
    raw = path.read_bytes()
    key = f"{SMALL_LIST_VERSION}-{hashlib.sha256(raw).hexdigest()}"
    kept = _kept_list(table_cache.load(SMALL_LIST, key))
    if kept is None:
        buckets = _unpacked_list(raw, path)
        kept = [word for bucket in buckets for word in bucket], [len(b) for b in buckets]
        text = table_cache.word_lines(kept[0])
        if table_cache.path_of(SMALL_LIST, key) is not None and text is not None:
            counts = np.array(kept[1], dtype=np.int64)
            table_cache.store(SMALL_LIST, key, {"words": text, "sizes": counts})
    words, sizes = kept
    values = [10 ** (-index / 100) for index in range(len(sizes))]  # each centibel's
    return dict(zip(words, chain.from_iterable(map(repeat, values, sizes)), strict=True))


SMALL_LIST = "wordfreq-small"
"""The kind of :func:`small_list`'s table in :mod:`copylens.core.table_cache`, keyed by the
SHA-256 of wordfreq's file and :data:`SMALL_LIST_VERSION`."""
SMALL_LIST_VERSION = 1
"""The layout of that table: the words one a line (UTF-8) in the list's order, and how many
of them each centibel holds (int64); a table of another layout is not read."""


def _unpacked_list(raw: bytes, path: Path) -> list[list[str]]:
    """The words of each centibel of wordfreq's cBpack ``raw`` (read from ``path``)."""
    import gzip

    import msgpack

    data = msgpack.unpackb(gzip.decompress(raw), raw=False)
    header = data[0]
    if not isinstance(header, dict) or header.get("format") != "cB" or header.get("version") != 1:
        raise ValueError(f"Unexpected header in {path}: {header!r}")
    return [list(bucket) for bucket in data[1:]]


def _kept_list(stored: dict[str, np.ndarray] | None) -> tuple[list[str], list[int]] | None:
    """The words in the list's order and how many each centibel holds, from the table
    :func:`small_list` keeps, or None where there is none or it is not such a table."""
    from copylens.core import table_cache

    if stored is None:
        return None
    try:
        text, sizes = stored["words"], stored["sizes"]
        words = table_cache.words_of(text)
        if sizes.dtype != np.int64 or len(words) != int(sizes.sum()) or bool((sizes < 0).any()):
            return None
    except (KeyError, UnicodeDecodeError):
        return None
    return words, sizes.tolist()


def _wordfreq_list(language: str) -> tuple[bool, NormalForm, dict[str, float]]:
    """Whether wordfreq reads ``language``'s words plainly, its normal form and its small
    list, from wordfreq itself (a language not in :data:`PLAIN_LANGUAGES`)."""
    from wordfreq import get_frequency_dict
    from wordfreq.language_info import get_language_info

    info = get_language_info(language)
    freqs = get_frequency_dict(language, "small")
    plain = (
        info["tokenizer"] == "regex"
        and info["transliteration"] is None
        and info["lookup_transliteration"] is None
        and not info["remove_marks"]
        and not info["dotless_i"]
        and info["diacritics_under"] is None
    )
    form: NormalForm = info["normal_form"]
    return plain, form, freqs


def weight(word: str, language: str) -> float:
    """How much a word counts: 8 less its Zipf frequency (log10 of occurrences per billion
    words), within [1, 6]: "и" 1, "алгоритм" 4.1, an unknown word 6. Memoized per word."""
    return weights_of([word], language)[0]


def weights_of(words: Sequence[str], language: str) -> list[float]:
    """:func:`weight` of each word, the memo and the language's frequencies looked up once
    for all (issue 40: a call per word of the paraphrase stage's new words)."""
    memo = _weights(language)
    for word in [word for word in dict.fromkeys(words) if word not in memo]:
        try:
            value = _zipf(language)(word)
        except LookupError:  # wordfreq has no list for the language
            value = 8.0 - MAX_WEIGHT / 2
        memo[word] = min(MAX_WEIGHT, max(MIN_WEIGHT, 8.0 - value))
    return list(map(memo.__getitem__, words))


@cache
def _weights(language: str) -> dict[str, float]:
    return {}


def word_similarity(language: str, first: str, second: str) -> float:
    """The cosine of two words' vectors (as written) in ``language``'s lexicon."""
    vectors = lexicon(language).vectors([first, second], [first, second])
    return float(vectors[0] @ vectors[1])


def word_weight(language: str, word: str) -> float:
    """:func:`weight` of a word in ``language`` (the self-test's view of wordfreq's data)."""
    return weight(word.lower(), language)
