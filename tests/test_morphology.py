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


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_pymorphy3_dictionary_found_without_entry_points_is_the_one_they_name(
    language: str,
) -> None:
    """The dictionary folder taken from its package is the one pymorphy3 finds by the
    ``pymorphy3_dicts`` entry points (which read every installed package's metadata)."""
    from pymorphy3.analyzer import lang_dict_path

    assert dictionary_path(language) == lang_dict_path(language)
    assert dictionary_path("xx") is None
