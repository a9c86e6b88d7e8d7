"""Normal forms of words: pymorphy3 lemmas for Russian and Ukrainian, Snowball stems otherwise.

ALGORITHMS.md §1: "lemmas for Russian and Ukrainian (pymorphy), Snowball stems for English,
German and other languages". The analysers load lazily, once per process, and every word's
normal form is cached, so a collection of essays parses each distinct word once. pymorphy3
picks the most probable parse; its dictionaries ship inside PyPI packages, so the result is
the same on every machine.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import re
import sys
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

_SNOWBALL_NAMES = {
    "en": "english",
    "de": "german",
    "fr": "french",
    "es": "spanish",
    "it": "italian",
    "pt": "portuguese",
    "nl": "dutch",
    "sv": "swedish",
    "ru": "russian",
}


_FORGET: list[Callable[[], None]] = []
"""The cache_clear of every normalizer made in this process."""


@cache
def normalizer(language: str) -> Callable[[str], str]:
    """A function from a lower-cased word of ``language`` to its normal form (cached)."""
    if language in ("ru", "uk"):
        return _remembered(_pymorphy(language))
    name = _SNOWBALL_NAMES.get(language)
    if name is None:
        return _identity
    return _remembered(_snowball_stemmer(name).stem)


def forget_forms() -> None:
    """Empty every normalizer's cache of word forms: frees their memory, changes no result."""
    for clear in _FORGET:
        clear()


def _remembered(function: Callable[[str], str]) -> Callable[[str], str]:
    remembered = cache(function)
    _FORGET.append(remembered.cache_clear)
    return remembered


def _snowball_stemmer(name: str):  # type: ignore[no-untyped-def]
    """nltk's Snowball stemmer (:func:`_snowball_class`)."""
    return _snowball_class()(name)


@cache
def _snowball_class():  # type: ignore[no-untyped-def]
    """nltk's ``SnowballStemmer``: its module loaded without nltk's package
    (:func:`nltk_package_skipped`) when nothing has imported nltk yet, else imported as usual
    (without SciPy, :func:`without_scipy`). The same code either way, so the same stems."""
    with NLTK_IMPORT:
        if "nltk" not in sys.modules:
            try:
                with nltk_package_skipped():
                    from nltk.stem.snowball import SnowballStemmer
            except Exception:  # another layout of nltk: imported as usual below
                pass
            else:
                return SnowballStemmer
        with without_scipy():
            from nltk.stem.snowball import SnowballStemmer
        return SnowballStemmer


NLTK_IMPORT = threading.Lock()
"""Held while CopyLens imports from nltk (here and in ``copylens.core.sentences``): another
thread's ``import nltk`` must not find :func:`nltk_package_skipped`'s stand-ins."""


@contextmanager
def nltk_package_skipped() -> Iterator[None]:
    """Within it, ``nltk.stem.snowball`` imports without running ``nltk/__init__.py``,
    ``nltk/stem/__init__.py`` and ``nltk.corpus`` (issue 40: 0.13 of the parent's 0.2 s
    warm-up, serial, before the readers fork; every other nltk module, tokenizers, corpus
    readers, taggers, is loaded by those and never used by the stemmers).

    Those three are stand-ins while it runs: the two packages empty but for their folders (so
    their submodules are found as usual), ``nltk.corpus`` holding only a ``stopwords`` of
    None (the stemmers read it only when made with ``ignore_stopwords``, which CopyLens never
    asks). At the end every ``nltk`` module loaded within is taken out of ``sys.modules``
    again (what was imported lives on in the objects taken from it): a later ``import nltk``,
    the methods lab's Punkt, loads the whole package as if this had never run."""
    before = {name for name in sys.modules if name == "nltk" or name.startswith("nltk.")}
    try:
        spec = importlib.util.find_spec("nltk")
        if spec is None or spec.submodule_search_locations is None:
            raise ImportError("nltk is not installed as a package")
        sys.modules["nltk"] = _package("nltk", spec)
        stem = importlib.util.find_spec("nltk.stem")
        if stem is None or stem.submodule_search_locations is None:
            raise ImportError("nltk has no nltk.stem package")
        sys.modules["nltk.stem"] = _package("nltk.stem", stem)
        corpus = types.ModuleType("nltk.corpus")
        corpus.stopwords = None  # type: ignore[attr-defined]
        sys.modules["nltk.corpus"] = corpus
        with without_scipy():
            yield
    finally:
        for name in [n for n in sys.modules if n == "nltk" or n.startswith("nltk.")]:
            if name not in before:
                del sys.modules[name]


def _package(name: str, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
    """An empty stand-in for the package ``name``, whose submodules are found as usual."""
    package = types.ModuleType(name)
    package.__path__ = list(spec.submodule_search_locations or ())
    return package


@contextmanager
def without_scipy() -> Iterator[None]:
    """Hide SciPy while nltk is first imported.

    ``import nltk`` pulls in ``scipy.stats`` when SciPy is installed (datasketch installs it),
    which costs ~0.6–1.1 s per process for statistics we never use; nltk treats SciPy as
    optional, so it is hidden for the duration of the import when nothing has loaded it yet.
    """
    hide = "scipy" not in sys.modules
    if hide:
        sys.modules["scipy"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if hide:
            del sys.modules["scipy"]


def _pymorphy(language: str) -> Callable[[str], str]:
    import pymorphy3

    analyzer = pymorphy3.MorphAnalyzer(path=dictionary_path(language), lang=language)
    only_lemma = _dictionary_lemma(analyzer)

    def lemma(word: str) -> str:
        found = only_lemma(word) if only_lemma is not None else None
        if found is not None:
            return found
        parses = analyzer.parse(word)
        return parses[0].normal_form.replace("ё", "е") if parses else word

    return lemma


def dictionary_path(language: str) -> str | None:
    """The folder of pymorphy3's dictionary of ``language`` (package
    ``pymorphy3-dicts-<language>``), or None when that package is not there (pymorphy3 then
    looks for it by its entry points). The folder those entry points name, found without
    reading every installed package's metadata for them (~20 ms a language, serial, in the
    parent's warm-up: issue 40)."""
    try:
        package = importlib.import_module(f"pymorphy3_dicts_{language}")
    except ImportError:
        return None
    path = package.get_path()
    return path if isinstance(path, str) else None


_CYRILLIC = re.compile(r"[\u0400-\u052f]")
_FIRST_UNITS = frozenset(
    (
        "DictionaryAnalyzer",
        "AbbreviatedFirstNameAnalyzer",
        "AbbreviatedPatronymicAnalyzer",
        "RomanNumberAnalyzer",
        "LatinAnalyzer",
    )
)
"""The analyser units pymorphy3 (2.0) runs first for ru and uk, as one group whose results
end the analysis when there are any: the dictionary, then units for single capital letters
(initials), Roman numerals and Latin words."""


def _dictionary_lemma(analyzer: Any) -> Callable[[str], str | None] | None:
    """The lemma of a dictionary word, else None: the same as
    ``analyzer.parse(word)[0].normal_form`` without the parses (about 5x faster). When all
    its dictionary parses share one lemma, that one; else the lemma of the parse ``parse``
    ranks first (:func:`_best_parse`).

    Why the same: pymorphy3 runs its first group of units (:data:`_FIRST_UNITS`) and stops
    there when any gave a parse; the units other than the dictionary give none for a word of
    two or more letters holding a Cyrillic one (initials are single letters; Roman numerals
    and Latin words have Latin letters only). Ranking the parses by probability only reorders
    them, so when their normal forms are all one, the best parse has it. For a word the
    dictionary does not hold, or another arrangement of pymorphy3's units, None (the caller
    asks ``parse``). The normal forms are :func:`_normal_forms`'. What must hold (issue 40):
    the lemma ``parse`` gives, for every word; ``tests/test_morphology.py`` and
    ``tests/test_canonicalize.py`` compare the two on thousands of dictionary words. The
    lemmas of the Russian words of the 1,000 scale essays took 2.6 µs a word against 8.0
    when the ambiguous ones went to ``parse`` and the normal forms to ``build_normal_form``."""
    units = getattr(analyzer, "_units", None) or []
    group = []
    for unit, terminal in units:
        group.append(type(unit).__name__)
        if terminal:
            break
    if not group or group[0] != "DictionaryAnalyzer" or not set(group) <= _FIRST_UNITS:
        return None
    dictionary = units[0][0]
    words = dictionary.dict.words
    similar_items, values = words.similar_items, words.get
    normal_forms = _normal_forms(dictionary.dict)
    substitutes = dictionary.morph.char_substitutes
    replaced = _replaced(substitutes)
    best = _best_parse(analyzer, dictionary.dict)

    def lemma(word: str) -> str | None:
        if len(word) < 2 or not _CYRILLIC.search(word):
            return None
        lowered = word.lower()
        if replaced is not None and replaced not in lowered:
            found = [(lowered, value)] if (value := values(lowered)) else []
        else:
            found = similar_items(lowered, substitutes)
        forms = normal_forms(found)
        if len(forms) == 1:
            return forms.pop().replace("ё", "е")
        if not forms or best is None:
            return None
        fixed, para_id, idx = best(lowered, found)
        return normal_forms([(fixed, [(para_id, idx)])]).pop().replace("ё", "е")

    return lemma


def _replaced(substitutes: Any) -> str | None:
    """The one letter ``similar_items`` may replace in a word (pymorphy3's ``char_substitutes``
    as the DAWG takes them: each letter's UTF-8 and its replacements; ru: е by ё, uk: г by ґ),
    or None when they are not one letter so laid out. A word without it has no other spelling
    to try: ``similar_items`` follows its letters and finds the word itself or nothing, as
    ``get`` does (issue 40: 0.9 µs a word against 1.7; 38 % of the Russian words of the scale
    essays have no е; ``tests/test_morphology.py`` compares the two on the dictionary's
    words)."""
    try:
        letters = [key.decode("utf-8") for key in substitutes]
    except (AttributeError, TypeError, UnicodeDecodeError):
        return None
    return letters[0] if len(letters) == 1 and len(letters[0]) == 1 else None


_Found = list[tuple[str, list[tuple[int, int]]]]
"""What ``similar_items`` finds of a word: each spelling and its (paradigm, form) pairs."""


def _best_parse(
    analyzer: Any, dictionary: Any
) -> Callable[[str, _Found], tuple[str, int, int]] | None:
    """The parse ``analyzer.parse`` puts first among a dictionary word's parses, as (spelling,
    paradigm, form), without making the parses (issue 40: a word whose parses have several
    lemmas, 7 % of the Russian words of the scale essays, took 26-42 µs in ``parse``, a third
    of all the time spent on lemmas). None when the analyser ranks them in any other way than
    pymorphy3 2.0's (the caller asks ``parse``).

    Why the same: ``parse`` lists the dictionary's parses in the order of ``similar_items``,
    then (``ProbabilityEstimator.apply_to_parses``) keeps that order when no parse has a
    probability P(tag | word), else sorts them by it, highest first and stably: the first
    parse is then the first of those with the highest probability. Each probability is
    ``p_t_given_w.prob(word, tag)`` itself, the tag the dictionary's (``build_tag_info``)."""
    from pymorphy3.analyzer import ProbabilityEstimator

    estimator = getattr(analyzer, "prob_estimator", None)
    if estimator is None:
        return lambda word, found: (found[0][0], *found[0][1][0])
    if getattr(type(estimator), "apply_to_parses", None) is not (
        ProbabilityEstimator.apply_to_parses
    ):
        return None
    prob = estimator.p_t_given_w.prob
    paradigms, gramtab = dictionary.paradigms, dictionary.gramtab

    def best(word: str, found: _Found) -> tuple[str, int, int]:
        first = chosen = None
        top = 0.0
        for fixed, parses in found:
            for para_id, idx in parses:
                paradigm = paradigms[para_id]
                p = prob(word, gramtab[paradigm[len(paradigm) // 3 + idx]])
                if first is None:
                    first = (fixed, para_id, idx)
                if p > top:
                    top, chosen = p, (fixed, para_id, idx)
        made = chosen or first
        assert made is not None  # found holds a parse
        return made

    return best


def _normal_forms(dictionary: Any) -> Callable[[_Found], set[str]]:
    """The normal forms of the parses ``similar_items`` found (each spelling's paradigm and
    form pairs): pymorphy3's ``Dictionary.build_normal_form`` of each, with each paradigm's
    prefix and suffix lengths and its normal form's prefix and suffix read once, when the
    paradigm is first met, not for every word, and no call a parse (issue 40: 4.4 µs a
    Russian word of the scale essays against 5.0 with a call of a function a parse, and 5.5
    with ``build_normal_form``). The same slices as ``build_stem``: the word without its
    form's prefix and suffix, between the normal form's; form 0 is its own normal form.
    Memory: at most a few numbers a form of the dictionary (142,000 forms in ru), whatever
    the texts."""
    paradigms, prefixes, suffixes = (
        dictionary.paradigms,
        dictionary.paradigm_prefixes,
        dictionary.suffixes,
    )
    pieces: dict[int, tuple[str, str, list[int], list[int]]] = {}

    def normal_forms(found: _Found) -> set[str]:
        forms = set()
        for fixed, parses in found:
            for para_id, idx in parses:
                if idx == 0:  # as build_normal_form: the word is its own normal form
                    forms.add(fixed)
                    continue
                known = pieces.get(para_id)
                if known is None:
                    paradigm = paradigms[para_id]
                    n = len(paradigm) // 3
                    known = pieces[para_id] = (
                        prefixes[paradigm[2 * n]],
                        suffixes[paradigm[0]],
                        [len(prefixes[paradigm[2 * n + i]]) for i in range(n)],
                        [len(suffixes[paradigm[i]]) for i in range(n)],
                    )
                head, tail, starts, cuts = known
                cut = cuts[idx]
                forms.add(
                    head + (fixed[starts[idx] : -cut] if cut else fixed[starts[idx] :]) + tail
                )
        return forms

    return normal_forms


def _identity(word: str) -> str:
    return word
