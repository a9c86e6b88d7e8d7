"""Normal forms: the Snowball stemmers loaded without nltk's package (issue 40)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from copylens.core.morphology import _SNOWBALL_NAMES, dictionary_path

WORDS = {
    "en": "international generously connections running flies happily organizational agreed "
    "quotations relational conditional argued hopefulness universities stemming caring",
    "de": "Häuser Bücher aufeinanderfolgenden Schönheit häufigsten Verantwortlichkeiten "
    "gegangen Männern Übersetzungen wissenschaftlichen Straßen laufend",
    "fr": "continuellement nationalité développements heureuses généralement habitudes "
    "connaissances prévisions",
    "es": "nacionalidades rápidamente continuación corriendo canciones habilidades",
    "it": "nazionalità rapidamente continuazione correndo canzoni abilità",
    "pt": "nacionalidades rapidamente continuação correndo canções habilidades",
    "nl": "nationaliteiten snelheden doorgaande lopende liedjes vaardigheden",
    "sv": "nationaliteter snabbhet fortsättningen springande sångerna färdigheter",
    "ru": "международными бегающими организационных книгами говорившая",
}

CHILD = """
import json, sys
from copylens.core.morphology import _SNOWBALL_NAMES, _snowball_stemmer
words = json.loads(sys.argv[1])
ours = {
    lang: [_snowball_stemmer(_SNOWBALL_NAMES[lang]).stem(w.lower()) for w in text.split()]
    for lang, text in words.items()
}
loaded = sorted(name for name in sys.modules if name.split(".")[0] == "nltk")
from nltk.stem.snowball import SnowballStemmer  # the whole package, as usual
theirs = {
    lang: [SnowballStemmer(_SNOWBALL_NAMES[lang]).stem(w.lower()) for w in text.split()]
    for lang, text in words.items()
}
print(json.dumps({"ours": ours, "theirs": theirs, "loaded": loaded}))
"""


def test_snowball_stems_equal_nltks_and_leave_no_nltk_module_behind() -> None:
    """The stemmers come from nltk's own Snowball module without its package's import: the
    same stems as ``nltk.stem.snowball`` imported as usual (in the same process, afterwards:
    the package loads whole then), and no ``nltk`` module is left in ``sys.modules``."""
    assert set(WORDS) <= set(_SNOWBALL_NAMES)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(WORDS)],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["loaded"] == []
    assert result["ours"] == result["theirs"]
    assert result["ours"]["en"][:2] == ["intern", "generous"]
    assert result["ours"]["de"][0] == "haus"


RACE = """
import contextlib, json, sys, threading
from copylens.core import morphology, sentences
if sys.argv[1] == "unlocked":  # to see the test fail as it would without the lock
    morphology.NLTK_IMPORT = sentences.NLTK_IMPORT = contextlib.nullcontext()
inside, importing, seen = threading.Event(), threading.Event(), []

class Gate:
    \"\"\"Holds the stemmer's thread inside the stand-ins until the other thread imports from
    nltk (or for a while, when it cannot: the lock keeps it out), and notes what that thread's
    imports find as nltk.\"\"\"

    def find_spec(self, name, path, target=None):
        thread = threading.current_thread().name
        if thread == "stemmer" and name == "nltk.stem.snowball":
            inside.set()
            importing.wait(3.0)
        elif thread == "punkt" and name.split(".")[0] == "nltk":
            importing.set()
            nltk = sys.modules.get("nltk")
            seen.append(nltk is not None and getattr(nltk, "__file__", None) is None)
        return None

before = sorted(n for n in sys.modules if n.split(".")[0] == "nltk")
sys.meta_path.insert(0, Gate())
found = {}

def stemmer():
    found["stems"] = [morphology._snowball_stemmer("english").stem(w) for w in ("running", "flies")]

def punkt():
    inside.wait()
    text = "Dr. Smith came home late. He left early."
    found["spans"] = list(sentences._punkt("en").span_tokenize(text))

threads = [threading.Thread(target=f, name=f.__name__) for f in (stemmer, punkt)]
for t in threads:
    t.start()
for t in threads:
    t.join()
nltk = sys.modules.get("nltk")
print(json.dumps({
    "before": before, "stand_in_seen": any(seen), "found": found,
    "nltk_whole": nltk is not None and getattr(nltk, "__file__", None) is not None,
}))
"""


def _race(mode: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", RACE, mode], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_nltk_lock_keeps_another_threads_nltk_import_off_the_stand_ins() -> None:
    """``morphology.NLTK_IMPORT``: while the stemmer's thread loads the Snowball module among
    the stand-ins of nltk's packages (:func:`~copylens.core.morphology.nltk_package_skipped`),
    another thread loading Punkt (``copylens.core.sentences``) waits; its import then finds
    nltk's whole package, and both work. In a fresh process, the stemmer's thread held among
    the stand-ins until the other imports from nltk, or for 3 s when the lock keeps it out
    (an import hook; no time is measured). Without the lock the other thread imports among
    the stand-ins (``RACE`` run "unlocked": ``stand_in_seen`` is true)."""
    result = _race("locked")
    assert result["before"] == []
    assert result["stand_in_seen"] is False
    assert result["nltk_whole"] is True
    assert result["found"] == {"stems": ["run", "fli"], "spans": [[0, 25], [26, 40]]}
    assert _race("unlocked")["stand_in_seen"] is True  # what the lock prevents, seen


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_pymorphy3_dictionary_found_without_entry_points_is_the_one_they_name(
    language: str,
) -> None:
    """The dictionary folder taken from its package is the one pymorphy3 finds by the
    ``pymorphy3_dicts`` entry points (which read every installed package's metadata)."""
    from pymorphy3.analyzer import lang_dict_path

    assert dictionary_path(language) == lang_dict_path(language)
    assert dictionary_path("xx") is None


# --- The lemmas' faster paths give pymorphy3's own (issue 40) -----------------------------------

AMBIGUOUS = (
    "стали мыла печь коса души мира белки пила вести течь дали жаркое были село стекла "
    "гусей рой ели лечу простой мой три все всё еще ещё березе елке"
)
"""Russian words whose dictionary parses have several lemmas (or ё spellings)."""


def _analyzer(language: str):  # type: ignore[no-untyped-def]
    import pymorphy3

    return pymorphy3.MorphAnalyzer(path=dictionary_path(language), lang=language)


def _dictionary_words(analyzer, prefixes: str, each: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Up to ``each`` known word forms of the dictionary for each of ``prefixes``."""
    words: dict[str, None] = {}
    for prefix in prefixes.split():
        for n, parse in enumerate(analyzer.iter_known_word_parses(prefix)):
            words[parse.word] = None
            if n >= each:
                break
    return list(words)


@pytest.mark.parametrize(
    ("language", "prefixes"),
    [
        ("ru", "по пере ст ре е ё за не о ви бе до мы"),
        ("uk", "по пере ст ґа гу є ї за не о ві бе до ми"),
    ],
)
def test_every_dictionary_lemma_is_that_of_the_best_parse(language: str, prefixes: str) -> None:
    """_dictionary_lemma's lemma (one lemma of all parses, else _best_parse's choice, with
    _normal_forms' slices) is ``parse(word)[0].normal_form`` for every dictionary word met,
    ambiguous ones, ё and ґ spellings, capitals and look-alike letters included; a word the
    dictionary does not hold is left to ``parse`` (None)."""
    from copylens.core.morphology import _dictionary_lemma

    analyzer = _analyzer(language)
    lemma = _dictionary_lemma(analyzer)
    assert lemma is not None
    words = _dictionary_words(analyzer, prefixes, 1500) + AMBIGUOUS.split()
    words += [w.capitalize() for w in words[::50]] + ["кoшка", "ганок", "ґанок", "Їжак"]
    taken = 0
    for word in words:
        got = lemma(word)
        if got is not None:
            taken += 1
            assert got == analyzer.parse(word)[0].normal_form.replace("ё", "е"), word
    assert taken > len(words) * 9 // 10
    assert lemma("я") is None  # a single letter may be an initial
    assert lemma("xyz") is None  # no Cyrillic letter
    assert lemma("шмяквыпырь") is None  # not in the dictionary: parse() guesses


def test_the_best_parse_is_the_first_of_the_most_probable_or_the_first_of_all() -> None:
    """_best_parse: the first parse of the highest P(tag | word) when one has any, else the
    first parse of all, as pymorphy3's stable sort leaves them; for a Russian ambiguous word
    it differs from the first dictionary parse when the probabilities say so."""
    from copylens.core.morphology import _best_parse

    analyzer = _analyzer("ru")
    dictionary = analyzer._units[0][0]
    best = _best_parse(analyzer, dictionary.dict)
    assert best is not None
    items = dictionary.dict.words.similar_items
    substitutes = dictionary.morph.char_substitutes
    reordered = 0
    for word in AMBIGUOUS.split():
        found = items(word, substitutes)
        fixed, para_id, idx = best(word, found)
        first = analyzer.parse(word)[0]
        assert dictionary.dict.build_normal_form(para_id, idx, fixed) == first.normal_form
        assert (fixed, para_id, idx) == first.methods_stack[0][1:]  # (unit, word, paradigm, form)
        reordered += (fixed, [para_id, idx]) != (found[0][0], list(found[0][1][0]))
    assert reordered > 0  # the probabilities moved some other parse first


def test_normal_forms_are_pymorphy3s() -> None:
    """_normal_forms' slices are ``build_normal_form``'s for every form of the paradigms
    met, the first form (its own normal form) and forms with and without a suffix, one parse
    at a time and all of a word's together."""
    from copylens.core.morphology import _normal_forms

    analyzer = _analyzer("ru")
    dictionary = analyzer._units[0][0].dict
    normal_forms = _normal_forms(dictionary)
    checked = 0
    for word in _dictionary_words(analyzer, "ко ст при на", 800) + AMBIGUOUS.split():
        found = dictionary.words.similar_items(word, {})
        want = set()
        for fixed, parses in found:
            for para_id, idx in parses:
                one = dictionary.build_normal_form(para_id, idx, fixed)
                assert normal_forms([(fixed, [(para_id, idx)])]) == {one}
                want.add(one)
                checked += 1
        assert normal_forms(found) == want
    assert checked > 3000


@pytest.mark.parametrize(
    ("language", "prefixes"),
    [("ru", "по ст за не о до мы кот"), ("uk", "по ст за не о ві до ми кі")],
)
def test_a_word_without_the_replaced_letter_is_found_as_similar_items_finds_it(
    language: str, prefixes: str
) -> None:
    """_dictionary_lemma asks the dictionary's ``get`` for a word without the one letter
    ``similar_items`` may replace (ru е, uk г): that is [(word, get(word))] where
    ``similar_items`` finds anything, and nothing where it finds nothing."""
    from copylens.core.morphology import _replaced

    analyzer = _analyzer(language)
    dictionary = analyzer._units[0][0]
    substitutes = dictionary.morph.char_substitutes
    letter = _replaced(substitutes)
    assert letter == {"ru": "е", "uk": "г"}[language]
    words = dictionary.dict.words
    met = _dictionary_words(analyzer, prefixes, 800)
    met += ["шмяквыпырь", "xyz", "кoт", "ёж", "ґава", "я", "", "\x01", "кот\x01"]
    plain = [w for w in met if letter not in w]
    assert len(plain) > 1000
    for word in plain:
        value = words.get(word)
        assert words.similar_items(word, substitutes) == ([(word, value)] if value else []), word
    assert _replaced({}) is None and _replaced({b"\xd0\xb5": [], b"\xd0\xb3": []}) is None
