"""Generate the engine benchmark's collection: essays with planted copies and their truth.

Measures nothing itself: it builds the input that ``bench_compare.py`` measures. Essays of
about 600 words, half Russian and half English, are sampled word by word from the real
vocabularies of ``../shared/seeds`` (Russian, with other forms of the same lemmas from
pymorphy3) and the Clough–Stevenson answers (English), with stop words at the rate of those
texts, 8–25 words a sentence and 4–6 paragraphs. Unrelated essays share no run of 4
consecutive canonical words (lemma or stem): the generator rejects any word that would repeat
another essay's 4-gram, under several readings of "canonical" (see :class:`NgramGuard`).

Planted pairs (``truth.json``), each source used once, ``a`` the original and ``b`` the copy:
``format`` (layout, spaces, case, punctuation, quotes), ``edit10`` (about 10 % of the words
replaced, inserted or deleted), ``paragraph`` (a fresh essay with an 80–120-word passage of
``a`` pasted in), ``wordforms`` (Russian; 30–50 % of nouns, adjectives and verbs re-inflected,
same lemma) and ``homoglyph`` (look-alike letters of the other script inside words, and
zero-width characters in half of them).

Usage: ``python bench/make_essays.py OUTDIR --n 1000 --seed 1``
"""

from __future__ import annotations

import argparse
import bisect
import copy
import itertools
import json
import random
import re
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pymorphy3
from nltk.stem.snowball import SnowballStemmer
from pymorphy3.analyzer import Parse
from shared import CLOUGH_DIR, SEEDS_DIR

CLOUGH_CORPUS = CLOUGH_DIR / "corpus-20090418"
PROJECT_STOPWORDS = Path(__file__).resolve().parent.parent / "resources" / "stopwords"
KINDS = ("format", "edit10", "paragraph", "wordforms", "homoglyph")
LANGS = ("ru", "en")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words (NLTK's lists plus a few): sampled at the corpus rate, and skipped by the guard.
STOP_WORDS = {
    "ru": _words(
        """и в во не что он на я с со как а то все всё она так его но да ты к у же вы за бы по
        только ее её мне было вот от меня еще ещё нет о об обо из ему теперь когда даже ну вдруг
        ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего
        ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз
        тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один
        почти мой тем чтобы нее неё сейчас были куда зачем всех никогда можно при наконец два
        другой хоть после над больше тот через эти нас про всего них какая много разве три эту
        моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда
        конечно всю между это эта эти этих этим этими также который которая которое которые
        которого которой которому котором которым которых которыми которую свой своих своей
        своим весь вся всем всеми либо однако поэтому т е д др то есть так как лишь именно
        каждый каждого каждой каждом"""
    ),
    "en": _words(
        """i me my myself we our ours ourselves you your yours yourself yourselves he him his
        himself she her hers herself it its itself they them their theirs themselves what which
        who whom this that these those am is are was were be been being have has had having do
        does did doing a an the and but if or because as until while of at by for with about
        against between into through during before after above below to from up down in out on
        off over under again further then once here there when where why how all any both each
        few more most other some such no nor not only own same so than too very s t can will
        just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma
        mightn mustn needn shan shouldn wasn weren won wouldn also however thus would could may
        might must shall one us i.e e.g it's don't can't"""
    ),
}

WORD_RE = {
    "ru": re.compile(r"[а-яё]+(?:-[а-яё]+)*", re.IGNORECASE),
    "en": re.compile(r"[a-z]+(?:'[a-z]+)?", re.IGNORECASE),
}

OPEN_Q, CLOSE_Q = "<Q", "Q>"  # quote tokens, drawn per rendering style
PUNCT = frozenset({",", ".", "?", "!", ":", ";", "—", "(", ")", OPEN_Q, CLOSE_Q})
NO_SPACE_BEFORE = frozenset({",", ".", "?", "!", ":", ";", ")", CLOSE_Q})
NO_SPACE_AFTER = frozenset({"(", OPEN_Q})

CYR_TO_LAT = dict(zip("асеорхуАВСЕНКМОРТХ", "aceopxyABCEHKMOPTX", strict=True))
LAT_TO_CYR = {lat: cyr for cyr, lat in CYR_TO_LAT.items()}
INVISIBLE = ("\u200b", "\u200c", "\u00ad")

Sentence = list[str]
Paragraph = list[Sentence]


@dataclass
class Essay:
    """An essay as tokens: words and punctuation marks, so that copies can be re-rendered."""

    lang: str
    title: Sentence
    paragraphs: list[Paragraph]

    def sentences(self) -> Iterator[Sentence]:
        yield self.title
        for paragraph in self.paragraphs:
            yield from paragraph


@dataclass(frozen=True)
class Style:
    """How tokens become text; the ``format`` copies draw a different one."""

    quotes: tuple[str, str]
    dash: str = "—"
    apostrophe: str = "'"
    newline: str = "\n"
    blank_lines: int = 1
    wrap: int = 0
    indent: str = ""
    extra_space: float = 0.0
    space_before_punct: float = 0.0


BASE_STYLE = {"ru": Style(quotes=("«", "»")), "en": Style(quotes=('"', '"'))}


def is_word(token: str) -> bool:
    return token not in PUNCT


def word_count(essay: Essay) -> int:
    return sum(is_word(t) for s in essay.sentences() for t in s)


def capitalize(word: str) -> str:
    return word[:1].upper() + word[1:]


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def is_russian(text: str) -> bool:
    cyrillic = len(re.findall(r"[а-яёіїєґ]", text, re.IGNORECASE))
    ukrainian = len(re.findall(r"[іїєґ]", text, re.IGNORECASE))
    latin = len(re.findall(r"[a-z]", text, re.IGNORECASE))
    return cyrillic > latin and ukrainian < 0.005 * cyrillic


class WeightedChoice:
    """Draws items by weight with one bisect (cumulative weights computed once)."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.items = list(weights)
        self.cumulative = list(itertools.accumulate(weights.values()))

    def __call__(self, rng: random.Random) -> str:
        x = rng.random() * self.cumulative[-1]
        return self.items[bisect.bisect_right(self.cumulative, x)]


class Morph:
    """pymorphy3's Russian analyser with each word's first parse memoised (it is slow)."""

    def __init__(self) -> None:
        self.analyzer = pymorphy3.MorphAnalyzer(lang="ru")
        self._parses: dict[str, Parse] = {}

    def parse(self, word: str) -> Parse:
        parse = self._parses.get(word)
        if parse is None:
            parse = self._parses[word] = self.analyzer.parse(word)[0]
        return parse

    def known(self, word: str) -> bool:
        return bool(self.analyzer.word_is_known(word))


class Vocabulary:
    """Word sampler of one language, built from real text.

    Content words are drawn by lemma with weight count^0.75 (flatter than the corpus, for
    variety); for Russian a third of the draws take another form of the lemma's lexeme.
    """

    def __init__(self, lang: str, texts: list[str], morph: Morph | None) -> None:
        self.lang = lang
        self.morph = morph
        self.stemmer = SnowballStemmer("english")
        self._keys: dict[str, str] = {}
        self._lexemes: dict[str, list[str]] = {}
        counts: Counter[str] = Counter()
        for text in texts:
            counts.update(w.lower().replace("ё", "е") for w in WORD_RE[lang].findall(text))
        stop: Counter[str] = Counter()
        forms: dict[str, Counter[str]] = {}
        for word, count in counts.items():
            if not self._usable(word):
                continue
            if self.is_stop(word):
                stop[word] += count
            else:
                forms.setdefault(self.key(word), Counter())[word] += count
        content = sum(sum(c.values()) for c in forms.values())
        self.stop_rate = sum(stop.values()) / (sum(stop.values()) + content)
        self.forms = {lemma: WeightedChoice(dict(c)) for lemma, c in forms.items()}
        self.draw_stop = WeightedChoice(dict(stop))
        self.draw_lemma = WeightedChoice({k: sum(c.values()) ** 0.75 for k, c in forms.items()})
        self.size = len(counts)

    def _usable(self, word: str) -> bool:
        if self.morph is not None:
            return self.morph.known(word)
        return len(word) > 1 or word == "a"

    def key(self, word: str) -> str:
        """The canonical form the guard compares: lemma (ru) or Snowball stem (en)."""
        word = word.lower().replace("ё", "е")
        key = self._keys.get(word)
        if key is None:
            if self.morph is not None:
                key = self.morph.parse(word).normal_form.replace("ё", "е")
            else:
                key = self.stemmer.stem(word)
            self._keys[word] = key
        return key

    def is_stop(self, word: str) -> bool:
        lower = word.lower()
        stop = STOP_WORDS[self.lang]
        return lower in stop or (self.morph is not None and self.key(lower) in stop)

    def lexeme(self, lemma: str) -> list[str]:
        forms = self._lexemes.get(lemma)
        if forms is None:
            assert self.morph is not None
            words = {p.word.replace("ё", "е") for p in self.morph.parse(lemma).lexeme}
            stop = STOP_WORDS["ru"]
            forms = sorted(w for w in words if WORD_RE["ru"].fullmatch(w) and w not in stop)
            self._lexemes[lemma] = forms or [lemma]
        return forms

    def content(self, rng: random.Random) -> str:
        lemma = self.draw_lemma(rng)
        if self.morph is not None and rng.random() < 0.35:
            return rng.choice(self.lexeme(lemma))
        return self.forms[lemma](rng)

    def any_word(self, rng: random.Random) -> str:
        return self.draw_stop(rng) if rng.random() < self.stop_rate else self.content(rng)


def load_vocabularies(morph: Morph) -> dict[str, Vocabulary]:
    ru = [t for t in map(read_text, sorted(SEEDS_DIR.glob("*.txt"))) if is_russian(t)]
    en = [read_text(p) for p in sorted(CLOUGH_CORPUS.glob("*.txt"))]
    if not ru or not en:
        raise SystemExit(f"no source texts found in {SEEDS_DIR} or {CLOUGH_CORPUS}")
    return {"ru": Vocabulary("ru", ru, morph), "en": Vocabulary("en", en, None)}


def project_stop_words(lang: str) -> frozenset[str]:
    path = PROJECT_STOPWORDS / f"{lang}.txt"
    if not path.is_file():
        return frozenset()
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip().lower() for w in lines if w.strip() and not w.startswith("#"))


class NgramGuard:
    """Refuses a word that would repeat a 4-gram of canonical words of another essay.

    The engine's canonical sequence depends on its options, so the guard keeps one word
    sequence per reading, each keyed by lemma/stem: without our stop words; the same without
    words of 3 letters or fewer; without the project's stop words (resources/stopwords, if
    present); and every word. Each reading's 4-grams are unique to one essay.
    """

    N = 4

    def __init__(self, vocabularies: dict[str, Vocabulary]) -> None:
        self.vocabularies = vocabularies
        self.project_stop = {lang: project_stop_words(lang) for lang in LANGS}
        self.owner: dict[tuple[int, tuple[str, ...]], int] = {}
        self.essay = -1
        self.recent: list[list[str]] = []
        self.readings: list[Callable[[str, str], bool]] = [
            lambda w, lang: not self.vocabularies[lang].is_stop(w),
            lambda w, lang: len(w) > 3 and not self.vocabularies[lang].is_stop(w),
            lambda w, lang: w.lower() not in self.project_stop[lang],
            lambda w, lang: True,
        ]

    def start(self, essay: int) -> None:
        self.essay = essay
        self.recent = [[] for _ in self.readings]

    def _grams(self, word: str, lang: str) -> list[tuple[int, tuple[str, ...]]]:
        key = self.vocabularies[lang].key(word)
        return [
            (i, (*self.recent[i][-(self.N - 1) :], key))
            for i, keep in enumerate(self.readings)
            if keep(word, lang) and len(self.recent[i]) >= self.N - 1
        ]

    def allows(self, word: str, lang: str) -> bool:
        return all(self.owner.get(g, self.essay) == self.essay for g in self._grams(word, lang))

    def add(self, word: str, lang: str) -> None:
        for gram in self._grams(word, lang):
            self.owner.setdefault(gram, self.essay)
        key = self.vocabularies[lang].key(word)
        for i, keep in enumerate(self.readings):
            if keep(word, lang):
                self.recent[i].append(key)


@dataclass
class Writer:
    """Writes fresh essays, every word checked by the guard."""

    vocabularies: dict[str, Vocabulary]
    guard: NgramGuard
    rng: random.Random
    rejected: int = 0

    def word(self, lang: str, previous: str = "") -> str:
        vocabulary = self.vocabularies[lang]
        for _ in range(500):
            word = vocabulary.any_word(self.rng)
            if word != previous and self.guard.allows(word, lang):
                self.guard.add(word, lang)
                return word
            self.rejected += 1
        raise RuntimeError("the 4-gram guard rejected 500 words in a row; vocabulary too small")

    def sentence(self, lang: str, length: int, title: bool = False) -> Sentence:
        rng = self.rng
        words: list[str] = []
        for _ in range(length):
            words.append(self.word(lang, words[-1] if words else ""))
        words[0] = capitalize(words[0])
        if title:
            return words
        tokens: Sentence = []
        quote = rng.randrange(length - 2) if length > 4 and rng.random() < 0.12 else -1
        quote_len = rng.randint(1, 3)
        paren = rng.randrange(1, length - 3) if length > 6 and rng.random() < 0.05 else -1
        for i, word in enumerate(words):
            if i == quote:
                tokens.append(OPEN_Q)
            if i == paren:
                tokens.append("(")
            tokens.append(word)
            if i == quote + quote_len - 1 and quote >= 0:
                tokens.append(CLOSE_Q)
            if i == paren + 2 and paren >= 0:
                tokens.append(")")
            elif 0 < i < length - 2 and rng.random() < 0.08:
                tokens.append("—" if lang == "ru" and rng.random() < 0.25 else ",")
        tokens.append(rng.choices([".", "?", "!", ":"], [90, 5, 3, 2])[0] if length else ".")
        if tokens[-1] == ":":
            tokens[-1] = "."
        return tokens

    def paragraph(self, lang: str, target: int) -> Paragraph:
        sentences: Paragraph = []
        words = 0
        while words < target:
            length = self.rng.randint(8, 25)
            sentences.append(self.sentence(lang, length))
            words += length
        return sentences

    def essay(self, lang: str, number: int, words: int) -> Essay:
        self.guard.start(number)
        title = self.sentence(lang, self.rng.randint(3, 7), title=True)
        count = self.rng.choice([4, 5, 6])
        shares = [self.rng.uniform(0.8, 1.2) for _ in range(count)]
        targets = [max(20, round(words * s / sum(shares))) for s in shares]
        return Essay(lang, title, [self.paragraph(lang, t) for t in targets])


# --- rendering ------------------------------------------------------------------------


def render(essay: Essay, style: Style, rng: random.Random | None = None) -> str:
    """Text of an essay; a style with random spacing needs ``rng``."""
    blocks = [_render_tokens(essay.title, style, rng)]
    for paragraph in essay.paragraphs:
        text = style.indent + _render_tokens([t for s in paragraph for t in s], style, rng)
        if style.wrap:
            text = "\n".join(
                textwrap.wrap(text, style.wrap, break_long_words=False, break_on_hyphens=False)
            )
        blocks.append(text)
    text = ("\n" * (style.blank_lines + 1)).join(blocks) + "\n"
    return text.replace("\n", style.newline)


def _render_tokens(tokens: Sentence, style: Style, rng: random.Random | None) -> str:
    out: list[str] = []
    previous = ""
    for token in tokens:
        text = {OPEN_Q: style.quotes[0], CLOSE_Q: style.quotes[1], "—": style.dash}.get(token)
        if text is None:
            text = token.replace("'", style.apostrophe)
        if out and token not in NO_SPACE_BEFORE and previous not in NO_SPACE_AFTER:
            wide = rng is not None and rng.random() < style.extra_space
            out.append(" " * (rng.randint(2, 3) if wide and rng else 1))
        elif out and token in NO_SPACE_BEFORE and rng and rng.random() < style.space_before_punct:
            out.append(" ")
        out.append(text)
        previous = token
    return "".join(out)


# --- planted copies ---------------------------------------------------------------------


def word_slots(essay: Essay) -> list[tuple[Sentence, int]]:
    return [(s, i) for s in essay.sentences() for i, t in enumerate(s) if is_word(t)]


def copy_format(essay: Essay, rng: random.Random) -> tuple[Essay, Style, dict[str, object]]:
    """Same words in the same order: new paragraphing, line breaks, spaces, case, punctuation."""
    out = copy.deepcopy(essay)
    paragraphs: list[Paragraph] = []
    for paragraph in out.paragraphs:
        if paragraphs and rng.random() < 0.3:
            paragraphs[-1].extend(paragraph)
        elif len(paragraph) >= 4 and rng.random() < 0.4:
            cut = rng.randrange(1, len(paragraph))
            paragraphs += [paragraph[:cut], paragraph[cut:]]
        else:
            paragraphs.append(paragraph)
    out.paragraphs = paragraphs
    recased = 0
    for sentence, i in word_slots(out):
        if rng.random() < 0.08:
            sentence[i] = rng.choice([str.upper, str.lower, str.title, str.swapcase])(sentence[i])
            recased += 1
    for sentence in out.sentences():
        for i, token in enumerate(sentence):
            if token == "," and rng.random() < 0.3:
                sentence[i] = rng.choice([";", ""])
            elif token in {".", "?"} and rng.random() < 0.1:
                sentence[i] = rng.choice(["!", ";", "..."])
        sentence[:] = [t for t in sentence if t]
    quotes = {"ru": [("“", "”"), ('"', '"'), ("„", "“")], "en": [("“", "”"), ("'", "'")]}
    style = replace(
        BASE_STYLE[essay.lang],
        quotes=rng.choice(quotes[essay.lang]),
        dash=rng.choice(["-", "–", "--"]),
        apostrophe=rng.choice(["’", "'"]),
        newline=rng.choice(["\n", "\n", "\r\n"]),
        blank_lines=rng.choice([0, 1, 2]),
        wrap=rng.choice([0, 60, 72, 80]),
        indent=rng.choice(["", "    ", "\t"]),
        extra_space=0.05,
        space_before_punct=0.03,
    )
    return out, style, {"recased_words": recased}


def copy_edit(
    essay: Essay, vocabulary: Vocabulary, rng: random.Random, rate: float = 0.10
) -> tuple[Essay, dict[str, object]]:
    """About ``rate`` of the words replaced, inserted after or deleted, spread at random."""
    out = copy.deepcopy(essay)
    slots = word_slots(out)
    chosen = sorted(rng.sample(range(len(slots)), round(rate * len(slots))), reverse=True)
    ops: Counter[str] = Counter()
    for n in chosen:  # from the end, so earlier indices stay valid
        sentence, i = slots[n]
        op = rng.choices(["replace", "insert", "delete"], [4, 3, 3])[0]
        if op == "delete" and sum(map(is_word, sentence)) <= 2:
            op = "replace"
        word = vocabulary.any_word(rng)
        if op == "replace":
            sentence[i] = capitalize(word) if sentence[i][:1].isupper() else word
        elif op == "insert":
            sentence.insert(i + 1, word)
        else:
            was_upper = sentence[i][:1].isupper()
            del sentence[i]
            if was_upper and i < len(sentence) and is_word(sentence[i]):
                sentence[i] = capitalize(sentence[i])
        ops[op] += 1
    return out, {"edited_words": len(chosen), **ops}


def copy_wordforms(
    essay: Essay, morph: Morph, rng: random.Random
) -> tuple[Essay, dict[str, object]]:
    """Re-inflect 30–50 % of nouns, adjectives and verbs, keeping each word's lemma."""
    out = copy.deepcopy(essay)
    rate = rng.uniform(0.35, 0.55)  # attempts; some words have no other form
    eligible = changed = 0
    options = {
        "NOUN": [{"nomn"}, {"gent"}, {"datv"}, {"accs"}, {"ablt"}, {"loct"}, {"sing"}, {"plur"}],
        "ADJF": [{"nomn"}, {"gent"}, {"datv"}, {"ablt"}, {"loct"}, {"plur"}, {"sing"}],
        "VERB": [{"past"}, {"pres"}, {"futr"}, {"plur"}, {"sing"}, {"3per"}, {"1per"}],
    }
    for sentence, i in word_slots(out):
        word = sentence[i]
        parse = morph.parse(word.lower())
        if parse.tag.POS not in options:
            continue
        eligible += 1
        if rng.random() >= rate:
            continue
        for grammemes in rng.sample(options[parse.tag.POS], len(options[parse.tag.POS])):
            new = parse.inflect(grammemes)
            if new is None:
                continue
            form = new.word.replace("ё", "е")
            if form == word.lower() or morph.parse(form).normal_form != parse.normal_form:
                continue
            sentence[i] = capitalize(form) if word[:1].isupper() else form
            changed += 1
            break
    return out, {"reinflected_share": round(changed / max(1, eligible), 3)}


def copy_homoglyph(
    essay: Essay, rng: random.Random, invisible: bool
) -> tuple[Essay, dict[str, object]]:
    """Other-script look-alikes inside ~30 % of words; zero-width characters if ``invisible``."""
    out = copy.deepcopy(essay)
    table = CYR_TO_LAT if essay.lang == "ru" else LAT_TO_CYR
    swapped = words = hidden = 0
    for sentence, i in word_slots(out):
        letters = list(sentence[i])
        spots = [k for k, ch in enumerate(letters) if ch in table]
        if spots and rng.random() < 0.3:
            limit = max(1, (len(letters) - 1) // 2)  # stay a minority: the script must not flip
            for k in rng.sample(spots, min(len(spots), rng.randint(1, 3), limit)):
                letters[k] = table[letters[k]]
                swapped += 1
            words += 1
        if invisible and len(letters) >= 4 and rng.random() < 0.15:
            letters.insert(rng.randrange(1, len(letters)), rng.choice(INVISIBLE))
            hidden += 1
        sentence[i] = "".join(letters)
    return out, {"swapped_letters": swapped, "words_touched": words, "invisible_chars": hidden}


def pasted_passage(donor: Essay, rng: random.Random) -> Paragraph:
    """A run of consecutive sentences of ``donor`` totalling 80–120 words."""
    sentences = [s for p in donor.paragraphs for s in p]
    sizes = [sum(map(is_word, s)) for s in sentences]
    for target in (rng.randint(80, 120), 80):
        for start in rng.sample(range(len(sentences)), len(sentences)):
            total = 0
            for end in range(start, len(sentences)):
                total += sizes[end]
                if target <= total <= 120:
                    return copy.deepcopy(sentences[start : end + 1])
                if total > 120:
                    break
    raise RuntimeError("no run of sentences with 80-120 words in the donor essay")


# --- the collection ---------------------------------------------------------------------


@dataclass
class Plan:
    """Which essays exist: planted pairs by kind and language, then unrelated singles."""

    n: int
    pairs: list[tuple[str, str]] = field(default_factory=list)  # (kind, lang)
    singles: list[str] = field(default_factory=list)  # lang

    @classmethod
    def make(cls, n: int) -> Plan:
        per_kind = max(1, n // 20)
        if n < 2 * per_kind * len(KINDS):
            raise ValueError(f"need at least {2 * len(KINDS)} essays, got {n}")
        plan = cls(n)
        for kind in KINDS:
            for j in range(per_kind):
                plan.pairs.append((kind, "ru" if kind == "wordforms" or j % 2 == 0 else "en"))
        ru_paired = 2 * sum(lang == "ru" for _, lang in plan.pairs)
        left = n - 2 * len(plan.pairs)
        ru_single = min(left, max(0, n // 2 - ru_paired))
        plan.singles = ["ru"] * ru_single + ["en"] * (left - ru_single)
        return plan


def make_essays(
    outdir: Path, n: int = 1000, seed: int = 1, truth_path: Path | None = None
) -> dict[str, object]:
    """Write ``n`` essays to ``outdir`` and the planted pairs to ``truth_path``; return the truth.

    Deterministic for a given (n, seed, source texts, project stop-word lists).
    """
    rng = random.Random(seed)
    morph = Morph()
    vocabularies = load_vocabularies(morph)
    writer = Writer(vocabularies, NgramGuard(vocabularies), rng)
    plan = Plan.make(n)
    width = max(4, len(str(n - 1)))
    names = [f"essay_{i:0{width}d}.txt" for i in rng.sample(range(n), n)]
    texts: dict[str, str] = {}
    langs: dict[str, str] = {}
    pairs: list[dict[str, object]] = []

    def length() -> int:
        return rng.randint(550, 650)

    def fresh(lang: str) -> tuple[str, Essay]:
        name = names[len(langs)]
        essay = writer.essay(lang, len(langs), length())
        langs[name] = lang
        texts[name] = render(essay, BASE_STYLE[lang])
        return name, essay

    homoglyphs = 0
    for kind, lang in plan.pairs:
        a, source = fresh(lang)
        b = names[len(langs)]
        langs[b] = lang
        style = BASE_STYLE[lang]
        info: dict[str, object]
        if kind == "format":
            copied, style, info = copy_format(source, rng)
        elif kind == "edit10":
            copied, info = copy_edit(source, vocabularies[lang], rng)
        elif kind == "wordforms":
            copied, info = copy_wordforms(source, morph, rng)
        elif kind == "homoglyph":
            copied, info = copy_homoglyph(source, rng, invisible=homoglyphs % 2 == 1)
            homoglyphs += 1
        else:  # paragraph: b is an essay of its own with a passage of a pasted in
            passage = pasted_passage(source, rng)
            pasted = sum(map(is_word, itertools.chain.from_iterable(passage)))
            copied = writer.essay(lang, len(langs) - 1, length() - pasted)
            copied.paragraphs.insert(rng.randint(0, len(copied.paragraphs)), passage)
            info = {"pasted_words": pasted, "share_of_b": round(pasted / word_count(copied), 3)}
        texts[b] = render(copied, style, rng if kind == "format" else None)
        pairs.append({"a": a, "b": b, "kind": kind, "lang": lang, **info})
    for lang in plan.singles:
        fresh(lang)

    outdir.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (outdir / name).write_bytes(text.encode("utf-8"))
    truth: dict[str, object] = {
        "n": n,
        "seed": seed,
        "kinds": list(KINDS),
        "languages": dict(sorted(langs.items())),
        "pairs": pairs,
        "stats": {
            "guard_rejections": writer.rejected,
            "vocabulary": {lang: v.size for lang, v in vocabularies.items()},
            "stop_rate": {lang: round(v.stop_rate, 3) for lang, v in vocabularies.items()},
        },
    }
    path = truth_path or outdir / "truth.json"
    path.write_text(json.dumps(truth, ensure_ascii=False, indent=1), encoding="utf-8")
    return truth


def unrelated_overlaps(outdir: Path, truth: dict[str, object]) -> Counter[tuple[str, str]]:
    """4-grams of canonical words (without stop words) shared by essays that are no planted pair.

    An independent check of the guard on the written files; expected to be empty.
    """
    morph = Morph()
    vocabularies = load_vocabularies(morph)
    langs: dict[str, str] = truth["languages"]  # type: ignore[assignment]
    planted = {frozenset((p["a"], p["b"])) for p in truth["pairs"]}  # type: ignore[attr-defined]
    seen: dict[tuple[str, ...], set[str]] = {}
    unmask = {  # undo the homoglyph copies: our essays are single-script
        "ru": str.maketrans({**LAT_TO_CYR, **dict.fromkeys(INVISIBLE)}),
        "en": str.maketrans({**CYR_TO_LAT, **dict.fromkeys(INVISIBLE)}),
    }
    for name, lang in langs.items():
        vocabulary = vocabularies[lang]
        text = (outdir / name).read_text(encoding="utf-8").translate(unmask[lang])
        words = WORD_RE[lang].findall(text)
        keys = [vocabulary.key(w) for w in words if not vocabulary.is_stop(w)]
        for i in range(len(keys) - 3):
            seen.setdefault(tuple(keys[i : i + 4]), set()).add(name)
    shared: Counter[tuple[str, str]] = Counter()
    for names in seen.values():
        for a, b in itertools.combinations(sorted(names), 2):
            if frozenset((a, b)) not in planted:
                shared[(a, b)] += 1
    return shared


def summary(outdir: Path, truth: dict[str, object]) -> str:
    """Sizes and kinds of a generated collection, as lines of text."""
    langs: dict[str, str] = truth["languages"]  # type: ignore[assignment]
    words = [len(re.findall(r"\w+", (outdir / n).read_text(encoding="utf-8"))) for n in langs]
    size = sum((outdir / n).stat().st_size for n in langs)
    by_lang = Counter(langs.values())
    kinds = Counter((p["kind"], p["lang"]) for p in truth["pairs"])  # type: ignore[attr-defined]
    lines = [
        f"{len(langs)} essays in {outdir} ({size / 1e6:.2f} MB): "
        + ", ".join(f"{lang} {c}" for lang, c in sorted(by_lang.items())),
        f"words per essay: mean {sum(words) / len(words):.0f}, min {min(words)}, max {max(words)}",
        "planted pairs: "
        + ", ".join(
            f"{k} {sum(c for (kk, _), c in kinds.items() if kk == k)}"
            f" ({'/'.join(f'{lang} {kinds[(k, lang)]}' for lang in LANGS if kinds[(k, lang)])})"
            for k in KINDS
        ),
        f"generator: {truth['stats']}",  # type: ignore[index]
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--n", type=int, default=1000, help="number of essays (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--truth", type=Path, help="where truth.json goes (default OUTDIR)")
    parser.add_argument(
        "--check", action="store_true", help="verify that unrelated essays share no 4-gram"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    truth = make_essays(args.outdir, args.n, args.seed, args.truth)
    print(summary(args.outdir, truth))
    print(f"generated in {time.perf_counter() - started:.1f} s")
    if args.check:
        shared = unrelated_overlaps(args.outdir, truth)
        print(f"unrelated pairs sharing a 4-gram of content words: {len(shared)}")
        for (a, b), count in shared.most_common(10):
            print(f"  {a} {b}: {count}")
        return 1 if shared else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
