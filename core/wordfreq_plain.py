"""wordfreq's tokenizer of the plain languages, without importing wordfreq (issue 40).

:func:`copylens.core.meaning._tokenized_zipf` cuts a word that is not letters only (a hyphen,
a digit, an apostrophe, a soft hyphen or a zero-width space inside: hostile essays hold many)
into tokens as wordfreq's ``lossy_tokenize(word, language)`` does. Importing wordfreq for it
cost ~70 ms of the process running ``compare`` (up to ~0.2 s under load), in the stage
"paraphrase: tables": langcodes' tables, ftfy and its wcwidth, and wordfreq's own ``locate``,
which walks ``inspect.stack()`` and so every module loaded, all for a regular expression. For a
plain language (:data:`copylens.core.meaning.PLAIN_LANGUAGES`: the regex tokenizer, NFC, no
transliteration, no marks removed, no special case folding) its steps are few, and they are
here as wordfreq takes them: ``preprocess_text`` (NFC, case folding), ``simple_tokenize``
(NFC, :data:`TOKEN_RE`, each token stripped of apostrophes and case folded), then ftfy's
``uncurl_quotes`` of each token; and ``smash_numbers`` and ``digit_freq`` of
``wordfreq.numbers``. Importing this module costs the ``regex`` module and the compiling of
:data:`TOKEN_RE`.

The expressions and the numbers' arithmetic are copied unchanged from wordfreq 3.1.1
(``wordfreq/tokens.py``, ``wordfreq/language_info.py``, ``wordfreq/numbers.py``; Robyn Speer,
Elia Robyn Lake and Luminoso Technologies, Apache-2.0) and ftfy 6.3.1 (``ftfy/chardata.py``,
``ftfy/fixes.py``; Robyn Speer, Apache-2.0). tests/test_wordfreq_plain.py holds them equal to
the installed wordfreq's and ftfy's (the expressions as written, their flags, and the tokens
and values of many words), so a wordfreq that changes them fails the tests, never the outputs
silently.
"""

from __future__ import annotations

import re
import unicodedata

import regex

SPACELESS_SCRIPTS = ["Hira", "Kana", "Thai", "Khmr", "Laoo", "Mymr", "Tale", "Talu", "Lana"]
"""wordfreq's ``language_info.SPACELESS_SCRIPTS``."""
EXTRA_JAPANESE_CHARACTERS = "ー々〻〆"
"""wordfreq's ``language_info.EXTRA_JAPANESE_CHARACTERS``."""
SPACELESS_EXPR = (
    "".join([r"\p{IsIdeo}"] + [r"\p{Script=" + code + "}" for code in sorted(SPACELESS_SCRIPTS)])
    + EXTRA_JAPANESE_CHARACTERS
)
"""wordfreq's ``tokens.SPACELESS_EXPR`` (its ``_make_spaceless_expr()``)."""
INITIAL_VOWEL_EXPR = "[AEHIOUYÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÅÏÖŒaehiouyáéíóúàèìòùâêîôûåïöœ]"
"""wordfreq's ``tokens.INITIAL_VOWEL_EXPR``."""
TOKEN_FLAGS = regex.V1 | regex.WORD | regex.VERBOSE
TOKEN_PATTERN = r"""
    # Case 1: a special case for non-spaced languages
    # -----------------------------------------------

    # Some scripts are written without spaces, and the Unicode algorithm
    # seems to overreact and insert word breaks between all their letters.
    # When we see sequences of characters in these scripts, we make sure not
    # to break them up. Such scripts include Han ideographs (\p{IsIdeo}),
    # hiragana (\p{Script=Hiragana}), and many Southeast Asian scripts such
    # as Thai and Khmer.
    #
    # Without this case, the standard rule (case 2) would make each character
    # a separate token. This would be the correct behavior for word-wrapping,
    # but a messy failure mode for NLP tokenization.
    #
    # If you have Chinese or Japanese text, it's certainly better to use a
    # tokenizer that's designed for it. Elsewhere in this file, we have
    # specific tokenizers that can handle Chinese and Japanese. With this
    # rule, though, at least this general tokenizer will fail less badly
    # on those languages.
    #
    # This rule is listed first so that it takes precedence. The placeholder
    # <SPACELESS> will be replaced by the complex range expression made by
    # _make_spaceless_expr().

    [<SPACELESS>]+
    |

    # Case 2: Gender-neutral "@s"
    # ---------------------------
    #
    # "@" and "@s" are gender-neutral word endings that can replace -a, -o,
    # -as, and -os in Spanish, Portuguese, and occasionally Italian.
    #
    # This doesn't really conflict with other uses of the @ sign, so we simply
    # recognize these endings as being part of the token in any language.
    #
    # We will recognize the endings as part of our main rule for recognizing
    # words, which is Case 3 below. However, one case that remains separate is
    # the Portuguese word "@s" itself, standing for the article "as" or "os".
    # This must be followed by a word break (\b).

    @s \b
    |

    # Case 3: Unicode segmentation with tweaks
    # ----------------------------------------

    # The start of the token must be 'word-like', not punctuation or whitespace
    # or various other things. However, we allow characters of category So
    # (Symbol - Other) because many of these are emoji, which can convey
    # meaning.

    (?=[\w\p{So}])

    # The start of the token must not consist of 1-2 letters, an apostrophe,
    # and a vowel or 'h'. This is a sequence that occurs particularly in French
    # phrases such as "l'arc", "d'heure", or "qu'un". In these cases we want
    # the sequence up to the apostrophe to be considered as a separate token,
    # even though apostrophes are not usually word separators (the word "won't"
    # does not separate into "won" and "t").
    #
    # This would be taken care of by optional rule "WB5a" in Unicode TR29,
    # "Unicode Text Segmentation". That optional rule was applied in `regex`
    # before June 2018, but no longer is, so we have to do it ourselves.

    (?!\w\w?'<VOWEL>)

    # The entire token is made of graphemes (\X). Matching by graphemes means
    # that we don't have to specially account for marks or ZWJ sequences. We
    # use a non-greedy match so that we can control where the match ends in the
    # following expression.
    #
    # If we were matching by codepoints (.) instead of graphemes (\X), then
    # detecting boundaries would be more difficult. Here's a fact about the
    # regex module that's subtle and poorly documented: a position that's
    # between codepoints, but in the middle of a grapheme, does not match as a
    # word break (\b), but also does not match as not-a-word-break (\B). The
    # word boundary algorithm simply doesn't apply in such a position. It is
    # unclear whether this is intentional.

    \X+?

    # The token ends when it encounters a word break (\b). We use the
    # non-greedy match (+?) to make sure to end at the first word break we
    # encounter.
    #
    # We need a special case for gender-neutral "@", which is acting as a
    # letter, but Unicode considers it to be a symbol and would break words
    # around it.  We prefer continuing the token with "@" or "@s" over matching
    # a word break.
    #
    # As in case 2, this is only allowed at the end of the word. Unfortunately,
    # we can't use the word-break expression \b in this case, because "@"
    # already is a word break according to Unicode. Instead, we use a negative
    # lookahead assertion to ensure that the next character is not word-like.
    (?:
       @s? (?!\w) | \b
    )
    |

    # Another subtle fact: the "non-breaking space" U+A0 counts as a word break
    # here. That's surprising, but it's also what we want, because we don't want
    # any kind of spaces in the middle of our tokens.

    # Case 4: Match French apostrophes
    # --------------------------------
    # This allows us to match the particles in French, Catalan, and related
    # languages, such as «l'» and «qu'», that we may have excluded from being
    # part of the token in Case 3.

    \w\w?'
""".replace("<SPACELESS>", SPACELESS_EXPR).replace("<VOWEL>", INITIAL_VOWEL_EXPR)
"""wordfreq's ``tokens.TOKEN_RE`` as written (its comments are wordfreq's)."""
TOKEN_RE = regex.compile(TOKEN_PATTERN, TOKEN_FLAGS)

SINGLE_QUOTE_RE = re.compile("[\u02bc\u2018-\u201b]")
"""ftfy's ``chardata.SINGLE_QUOTE_RE``."""
DOUBLE_QUOTE_RE = re.compile("[\u201c-\u201f]")
"""ftfy's ``chardata.DOUBLE_QUOTE_RE``."""


def uncurl_quotes(text: str) -> str:
    """ftfy's ``fixes.uncurl_quotes``: curly quotation marks made straight."""
    return SINGLE_QUOTE_RE.sub("'", DOUBLE_QUOTE_RE.sub('"', text))


def lossy_tokenize(text: str) -> list[str]:
    """wordfreq's ``lossy_tokenize(text, language)`` of a plain language (module docstring):
    ``preprocess_text`` (its normal form NFC, then ``casefold``), ``simple_tokenize``, then
    ``uncurl_quotes`` of each token."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = unicodedata.normalize("NFC", text)
    tokens = [token.strip("'").casefold() for token in TOKEN_RE.findall(text)]
    return [uncurl_quotes(token) for token in tokens]


DIGIT_FREQS = [0.009, 0.300, 0.175, 0.124, 0.096, 0.078, 0.066, 0.057, 0.050, 0.045]
"""wordfreq's ``numbers.DIGIT_FREQS`` (and the four constants after it)."""
YEAR_LOG_PEAK = -1.9185
NOT_YEAR_PROB = 0.1
REFERENCE_YEAR = 2019
PLATEAU_WIDTH = 20
DIGIT_RE = regex.compile(r"\d")
MULTI_DIGIT_RE = regex.compile(r"\d[\d.,]+")
PURE_DIGIT_RE = regex.compile(r"\d+")


def benford_freq(text: str) -> float:
    """wordfreq's ``numbers.benford_freq``."""
    first_digit = int(text[0])
    return DIGIT_FREQS[first_digit] / 10 ** (len(text) - 1)


def year_freq(text: str) -> float:
    """wordfreq's ``numbers.year_freq``."""
    year = int(text)
    if year <= REFERENCE_YEAR:
        year_log_freq = YEAR_LOG_PEAK - 0.0083 * (REFERENCE_YEAR - year)
    elif REFERENCE_YEAR < year <= REFERENCE_YEAR + PLATEAU_WIDTH:
        year_log_freq = YEAR_LOG_PEAK
    else:
        year_log_freq = YEAR_LOG_PEAK - 0.2 * (year - (REFERENCE_YEAR + PLATEAU_WIDTH))
    year_prob = 10.0**year_log_freq
    not_year_prob = NOT_YEAR_PROB * benford_freq(text)
    return year_prob + not_year_prob


def digit_freq(text: str) -> float:
    """wordfreq's ``numbers.digit_freq``."""
    freq = 1.0
    for match in MULTI_DIGIT_RE.findall(text):
        for submatch in PURE_DIGIT_RE.findall(match):
            if len(submatch) == 4:
                freq *= year_freq(submatch)
            else:
                freq *= benford_freq(submatch)
    return freq


def _sub_zeroes(match: regex.Match[str]) -> str:
    return str(DIGIT_RE.sub("0", match.group(0)))


def smash_numbers(text: str) -> str:
    """wordfreq's ``numbers.smash_numbers``."""
    return str(MULTI_DIGIT_RE.sub(_sub_zeroes, text))
