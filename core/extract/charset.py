"""Which legacy 8-bit code page a text that is not UTF-8 was written in.

Two guesses, tried in this order by :mod:`copylens.core.extract.decode`: the Cyrillic code
pages scored by a letter-frequency model of Russian and Ukrainian (:func:`best_cyrillic`),
then charset-normalizer's answer, sanity-checked (:func:`charset_guess`). What must hold:
a guess ``(text, codec)`` always satisfies ``data.decode(codec) == text``; None means "no
guess worth taking" (the caller falls back to cp1252).
"""

from __future__ import annotations

import codecs
import functools
import math
import re
from collections import Counter
from typing import NamedTuple

# Cyrillic code pages, in order of preference on a tie. mac-cyrillic is left to
# charset-normalizer: it shares cp1251's lower case, and reading cp1251 as mac-cyrillic only
# turns capitals into punctuation, which no letter statistics here can tell apart reliably.
_CYRILLIC_CODECS = ("cp1251", "koi8-r", "koi8-u", "cp866")
_CYR_LETTERS = "\u0400-\u04ff"
# Letter frequencies (%) of Russian, plus the Ukrainian letters: a unigram model that tells a
# right decoding from a permuted one (KOI8-R read as cp1251 and the like).
_CYR_FREQUENCY = {
    "о": 10.97, "е": 8.45, "а": 8.01, "и": 7.35, "н": 6.70, "т": 6.26, "с": 5.47, "р": 4.73,
    "в": 4.54, "л": 4.40, "к": 3.49, "м": 3.21, "д": 2.98, "п": 2.81, "у": 2.62, "я": 2.01,
    "ы": 1.90, "ь": 1.74, "г": 1.70, "з": 1.65, "б": 1.59, "ч": 1.44, "й": 1.21, "х": 0.97,
    "ж": 0.94, "ш": 0.73, "ю": 0.64, "ц": 0.48, "щ": 0.36, "э": 0.32, "ф": 0.26, "ъ": 0.04,
    "ё": 0.04, "і": 5.0, "ї": 0.6, "є": 0.4, "ґ": 0.1,
}  # fmt: skip
_CYR_RARE = 0.02
_CYR_SAMPLE_BYTES = 16 * 1024
_CYR_MIN_LOG_FREQ = -1.9
# Non-ASCII characters a Cyrillic text plausibly contains besides letters.
_CYR_PUNCT = "«»„“”‘’‚–—…№•·§°±©®™€\xa0"
_CYR_JUNK = re.compile(rf"[^\x00-\x7f{_CYR_LETTERS}{_CYR_PUNCT}]")
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_CAMEL = re.compile(r"[a-zа-яёіїєґ][A-ZА-ЯЁІЇЄҐ]")
_CYR_LETTER = re.compile(rf"[{_CYR_LETTERS}]")
_OTHER_LETTER = re.compile(rf"[^\W\d_{_CYR_LETTERS}]")


class _CyrillicScore(NamedTuple):
    plausible: bool
    score: float


@functools.lru_cache(maxsize=1)
def _cyr_log_frequency() -> dict[str, float]:
    return {letter: math.log10(percent / 100) for letter, percent in _CYR_FREQUENCY.items()}


def _cyrillic_score(text: str) -> _CyrillicScore:
    """How plausible ``text`` is as Cyrillic prose; ``score`` is the mean log10 letter frequency.

    Plausible: at most 5% junk (non-ASCII symbols that are neither Cyrillic letters nor usual
    punctuation), at most 10% of letters in words mixed with other scripts, at most 5% in words
    with a capital after a small letter ("сЪЕШЬ": a permuted code page), mostly small letters or
    (a shouted text) nearly all capitals, and a letter mix not far from Russian or Ukrainian
    (mean log10 frequency at least -1.9; a right decoding scores about -1.3 to -1.6).
    """
    counts = Counter(_CYR_LETTER.findall(text))
    letters = sum(counts.values())
    if letters == 0:
        return _CyrillicScore(False, 0.0)
    log_frequency = _cyr_log_frequency()
    rare = math.log10(_CYR_RARE / 100)
    lower = sum(n for ch, n in counts.items() if ch.islower())
    upper = sum(n for ch, n in counts.items() if ch.isupper())
    mean_log = sum(n * log_frequency.get(ch.lower(), rare) for ch, n in counts.items()) / letters
    mixed = camel = 0
    for word in _LETTER_RUN.findall(text):
        if _OTHER_LETTER.search(word) and _CYR_LETTER.search(word):
            mixed += len(word)
        if _CAMEL.search(word):
            camel += len(word)
    junk = len(_CYR_JUNK.findall(text)) / (letters + 1)
    plausible = (
        junk <= 0.05
        and mixed <= 0.1 * letters
        and camel <= 0.05 * letters
        and (lower >= 0.5 * letters or upper >= 0.9 * letters)
        and mean_log >= _CYR_MIN_LOG_FREQ
    )
    return _CyrillicScore(plausible, mean_log)


def best_cyrillic(data: bytes) -> tuple[str, str] | None:
    """The most plausible Cyrillic decoding of ``data``, or None if none is plausible.

    Candidates are scored on the first 16 KiB (single-byte code pages: any cut is safe); the
    best plausible one that decodes the whole of ``data`` strictly wins.
    """
    sample = data[:_CYR_SAMPLE_BYTES]
    ranked: list[tuple[float, int, str]] = []
    for order, codec in enumerate(_CYRILLIC_CODECS):
        try:
            verdict = _cyrillic_score(sample.decode(codec))
        except UnicodeDecodeError:
            continue
        if verdict.plausible:
            ranked.append((-verdict.score, order, codec))
    for _, _, codec in sorted(ranked):
        try:
            return data.decode(codec), codec
        except UnicodeDecodeError:
            continue
    return None


def charset_guess(data: bytes) -> tuple[str, str] | None:
    """charset-normalizer's answer, sanity-checked; None when it has none worth taking.

    Latin-1 answers become cp1252 (as browsers do), and so does any answer that decodes to
    the same text as cp1252 or ties with cp1252 (cp1250 and cp1252 often tie on French). An
    answer that decodes to Cyrillic that :func:`_cyrillic_score` finds implausible is dropped
    (the caller falls back to cp1252).
    """
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data))
    if not matches:
        return None
    best = matches[0]
    tied = [m for m in matches if (m.chaos, m.coherence) == (best.chaos, best.coherence)]
    if any("cp1252" in m.could_be_from_charset for m in tied):
        return _decoded_or_none(data, "cp1252")
    try:
        codec = codecs.lookup(best.encoding).name
    except LookupError:
        return None
    if codec in ("iso8859-1", "ascii"):
        codec = "cp1252"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    if _CYR_LETTER.search(text) and not _cyrillic_score(text).plausible:
        return None
    return text, _prefer_cp1252(data, text, codec)


def _decoded_or_none(data: bytes, codec: str) -> tuple[str, str] | None:
    try:
        return data.decode(codec), codec
    except UnicodeDecodeError:
        return None


def _prefer_cp1252(data: bytes, text: str, codec: str) -> str:
    """cp1252 when it decodes ``data`` to the same ``text`` (cp1250 vs cp1252 on English)."""
    try:
        return "cp1252" if data.decode("cp1252") == text else codec
    except UnicodeDecodeError:
        return codec
