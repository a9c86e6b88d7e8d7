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
