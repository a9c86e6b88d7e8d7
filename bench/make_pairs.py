"""Generate the text-alignment collection: source/suspicious pairs with planted passages.

Measures nothing itself: ``bench_alignment.py`` runs the engine on these pairs. Every pair is
built from real text available offline, deterministically from ``--seed``:

- Russian: the Russian texts among ``../shared/seeds/*.txt`` (a file is Russian when most
  of its words are Cyrillic and almost none has the Ukrainian letters і ї є ґ: files 000–002;
  003 is Ukrainian and 004 German, left out), and the Russian sentences of the Russian man
  pages installed under ``/usr/share/man/ru`` (translations shipped by the Debian packages
  passwd, login, man-db, psmisc, vim-common…; roff stripped, only sentences with ≥ 85 %
  Cyrillic words kept);
- English: the documentation prose of Python's standard library (``pydoc_data.topics``:
  code samples, grammar rules and headings dropped).

Text is split into sentences (razdel), sentences repeated anywhere in the material are kept
once, and each language's material is cut into blocks of about 900 words, given alternately
to the *source side* and to the *own side*. An own-side sentence sharing any run of 5
lemmas (pymorphy3 normal forms; Snowball stems in English) with the source side is dropped,
so a suspicious document's own text never repeats nor closely paraphrases its source by
construction (the material has such paraphrases: the blog post 001 retells the paper 000,
and man pages repeat each other's option descriptions). ``verify`` measures the longest
common run of words and of lemmas that is left between own text and source.

A pair: a *source* of 300–800 words (consecutive sentences of one source-side block) and a
*suspicious* document of 300–700 words of own text (one own-side block) with one passage of
50–200 words of the source planted at a sentence boundary, obfuscated by the pair's kind:

- ``verbatim``: unchanged;
- ``edit10`` / ``edit20``: 10 % / 20 % of the passage's words replaced by another word of the
  language's vocabulary, a vocabulary word inserted after them, or deleted (4 : 3 : 3);
- ``wordforms`` (Russian): 30–50 % of nouns, adjectives and verbs re-inflected by pymorphy3
  to another case, number, tense or person, same lemma;
- ``reorder``: the passage's sentences shuffled (passages of at least 3 sentences);
- ``homoglyph``: in ~30 % of words 1–3 letters (always a minority of the word) replaced by
  look-alikes of the other script (Latin ``a c e o p x y B H K M T…`` in Russian words,
  Cyrillic in English ones), and U+200B inserted inside ~10 % of words;
- ``clean``: no passage at all.

The *case* of a pair is the exact character span of the planted passage in the suspicious
text (after obfuscation) and of the original passage in the source, as half-open Python
string offsets. Pairs are made round-robin over language and kind, each from its own random
stream, so the first N pairs are a balanced subset and equal the first N of a larger run.

Usage: ``python bench/make_pairs.py [--per-kind 40] [--seed 1] [--out pairs.json]``
prints a summary (and writes the pairs as JSON when ``--out`` is given).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from shared import SEEDS_DIR

MAN_RU_DIR = Path("/usr/share/man/ru")
KINDS: dict[str, tuple[str, ...]] = {
    "ru": ("verbatim", "edit10", "edit20", "wordforms", "reorder", "homoglyph", "clean"),
    "en": ("verbatim", "edit10", "edit20", "reorder", "homoglyph", "clean"),
}
BLOCK_WORDS = 900
GUARD_N = 5
SOURCE_WORDS = (300, 800)
OWN_WORDS = (300, 700)
PASSAGE_WORDS = (50, 200)

CYR_TO_LAT = dict(zip("асеорхуАВСЕНКМОРТХ", "aceopxyABCEHKMOPTX", strict=True))
LAT_TO_CYR = {lat: cyr for cyr, lat in CYR_TO_LAT.items()}
ZWSP = "\u200b"

_CYR = re.compile(r"[а-яёА-ЯЁ]")
_UK_ONLY = re.compile(r"[іїєґІЇЄҐ]")
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_TOKEN_PARTS = re.compile(r"^(\W*)(.*?)(\W*)$", re.DOTALL)


@dataclass(frozen=True)
class Doc:
    name: str
    lang: str
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    name: str
    """Material and position: ``<doc>#<n>`` of its first sentence's document."""
    sentences: tuple[str, ...]

    @property
    def words(self) -> int:
        return sum(map(word_count, self.sentences))


@dataclass
class Pair:
    id: str
    lang: str
    kind: str
    source: str
    suspicious: str
    case: tuple[int, int, int, int] | None
    """(start, end, source_start, source_end) of the planted passage, or None (clean)."""
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class Material:
    lang: str
    source_blocks: list[Block]
    own_blocks: list[Block]
    vocabulary: list[str]
    inputs: dict[str, str]
    """Each input file or module with the SHA-256 of its text (what the pairs derive from)."""


# ---------------------------------------------------------------- reading real text


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def words_of(text: str) -> list[str]:
    return [w.lower().replace("ё", "е") for w in _WORD.findall(text)]


def is_russian(text: str) -> bool:
    words = _WORD.findall(text)
    cyrillic = [w for w in words if _CYR.search(w)]
    if len(cyrillic) < 0.5 * max(1, len(words)):
        return False
    ukrainian = sum(1 for w in cyrillic if _UK_ONLY.search(w))
    return ukrainian < 0.01 * len(cyrillic)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _sentences(paragraphs: Sequence[str]) -> list[str]:
    from razdel import sentenize

    out = []
    for paragraph in paragraphs:
        text = re.sub(r"\s+", " ", paragraph).strip()
        out.extend(s.text for s in sentenize(text))
    return out


def _prose(sentence: str, lang: str) -> bool:
    """A sentence of running prose: 5–60 words, mostly letters, nothing like code or markup."""
    if re.search(r"[$\\{}|]|::|>>>|http|www\.|\w\.\w+/|\ufffd", sentence):
        return False
    words = _WORD.findall(sentence)
    if not 5 <= len(words) <= 60 or sentence[-1:] not in ".!?:;":
        return False
    first = re.search(r"[^\W\d_]", sentence)
    if first is None or not first.group().isupper():
        return False
    letters = sum(len(w) for w in words)
    if letters < 0.7 * len(sentence.replace(" ", "")):
        return False
    if lang == "ru":
        return sum(1 for w in words if _CYR.search(w)) >= 0.6 * len(words)
    return not _CYR.search(sentence)


def _seed_paragraphs(text: str) -> list[str]:
    """Markdown-ish text of the seeds → paragraphs, hyphenated line breaks rejoined."""
    text = re.sub(r"<\|[^|]*\|>", "", text)
    text = re.sub(r"([а-яё])-\s*\n\s*([а-яё])", r"\1\2", text)
    text = text.replace("*", "").replace("\r", "")
    paragraphs: list[str] = []
    for raw in re.split(r"\n\s*\n", text):
        para = " ".join(line.strip() for line in raw.splitlines()).strip()
        if not para or para.startswith("#"):
            continue
        if paragraphs and para[:1].islower():  # a paragraph broken mid-sentence by the PDF
            paragraphs[-1] += " " + para
        else:
            paragraphs.append(para)
    return paragraphs


_ROFF_ESCAPES = [
    (re.compile(r"\\f(?:\[[^\]]*\]|\(..|.)"), ""),
    (re.compile(r"\\\*\(Aq|\\\(aq"), "'"),
    (re.compile(r"\\\((?:lq|rq|Fo|Fc)"), '"'),
    (re.compile(r"\\\((?:em|en)"), "—"),
    (re.compile(r"\\[&|^%]"), ""),
    (re.compile(r"\\-"), "-"),
    (re.compile(r"\\ "), " "),
    (re.compile(r"\\e"), "\\\\"),
]


def _roff_paragraphs(source: str) -> list[str]:
    """Text lines of a man page between paragraph macros; macros and comments dropped."""
    paragraphs: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            paragraphs.append(" ".join(current))
            current.clear()

    for line in source.splitlines():
        if line.startswith(('.\\"', "'\\\"", '.\\"')):
            continue
        if line.startswith((".", "'")):
            macro, _, rest = line[1:].partition(" ")
            if macro in {"B", "I", "BR", "IR", "RI", "RB", "BI", "IB"} and rest:
                current.append(rest.replace('"', ""))
            else:
                flush()
            continue
        for pattern, replacement in _ROFF_ESCAPES:
            line = pattern.sub(replacement, line)
        current.append(line.strip())
    flush()
    return paragraphs


def russian_docs() -> tuple[list[Doc], dict[str, str]]:
    docs, inputs = [], {}
    for path in sorted(SEEDS_DIR.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if not is_russian(text):
            continue
        inputs[str(path)] = _digest(text)
        docs.append(Doc(path.stem, "ru", tuple(_sentences(_seed_paragraphs(text)))))
    for path in sorted(MAN_RU_DIR.glob("man*/*.gz")) if MAN_RU_DIR.is_dir() else []:
        text = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        inputs[str(path)] = _digest(text)
        docs.append(Doc(f"man-ru/{path.name}", "ru", tuple(_sentences(_roff_paragraphs(text)))))
    return docs, inputs


def english_docs() -> tuple[list[Doc], dict[str, str]]:
    from pydoc_data.topics import topics

    docs = []
    for name in sorted(topics):
        paragraphs = []
        for raw in re.split(r"\n\s*\n", topics[name]):
            lines = raw.splitlines()
            if not lines or (lines[0].startswith("   ") and not lines[0].startswith("   * ")):
                continue  # code, grammar rules and indented examples
            if any(re.fullmatch(r"[*=\-~^]{3,}", line.strip()) for line in lines):
                continue  # a heading with its underline
            text = " ".join(line.strip().removeprefix("* ") for line in lines)
            paragraphs.append(text.replace("*", ""))
        docs.append(Doc(f"pydoc/{name}", "en", tuple(_sentences(paragraphs))))
    joined = "".join(topics[n] for n in sorted(topics))
    return docs, {f"pydoc_data.topics (Python {sys.version.split()[0]})": _digest(joined)}


@cache
def _lemma(word: str, lang: str) -> str:
    if lang == "ru":
        return str(_morph().parse(word)[0].normal_form).replace("ё", "е")
    return str(_stemmer().stem(word))


@cache
def _stemmer() -> Any:
    from nltk.stem.snowball import SnowballStemmer

    return SnowballStemmer("english")


def lemmas_of(text: str, lang: str) -> list[str]:
    """Every word's lemma (pymorphy3, Russian) or Snowball stem (English), stop words kept."""
    return [_lemma(w, lang) for w in words_of(text)]


def _ngrams(words: Sequence[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def build_material(lang: str) -> Material:
    """Deduplicated prose sentences cut into alternating source-side and own-side blocks."""
    docs, inputs = russian_docs() if lang == "ru" else english_docs()
    seen: set[str] = set()
    blocks: list[Block] = []
    current: list[str] = []
    start = ""
    for doc in docs:
        for n, sentence in enumerate(doc.sentences):
            key = " ".join(words_of(sentence))
            if not _prose(sentence, lang) or key in seen:
                continue
            seen.add(key)
            if not current:
                start = f"{doc.name}#{n}"
            current.append(sentence)
            if sum(map(word_count, current)) >= BLOCK_WORDS:
                blocks.append(Block(start, tuple(current)))
                current = []
    if sum(map(word_count, current)) >= SOURCE_WORDS[0]:
        blocks.append(Block(start, tuple(current)))
    source_blocks, own_raw = blocks[0::2], blocks[1::2]
    guard: set[tuple[str, ...]] = set()
    for block in source_blocks:
        for sentence in block.sentences:
            guard |= _ngrams(lemmas_of(sentence, lang), GUARD_N)
    own_blocks = []
    for block in own_raw:
        kept = tuple(s for s in block.sentences if not _ngrams(lemmas_of(s, lang), GUARD_N) & guard)
        own_blocks.append(Block(block.name, kept))
    own_blocks = [b for b in own_blocks if b.words >= OWN_WORDS[0]]
    counts = Counter(w for b in blocks for s in b.sentences for w in words_of(s) if len(w) >= 3)
    vocabulary = sorted(w for w, c in counts.items() if c >= 2)
    return Material(lang, source_blocks, own_blocks, vocabulary, inputs)


# ---------------------------------------------------------------- obfuscations


def _split_token(token: str) -> tuple[str, str, str]:
    m = _TOKEN_PARTS.match(token)
    assert m is not None
    return m.group(1), m.group(2), m.group(3)


def _capitalize(word: str) -> str:
    return word[:1].upper() + word[1:]


def _word_slots(sentences: list[list[str]]) -> list[tuple[int, int]]:
    return [
        (s, t)
        for s, tokens in enumerate(sentences)
        for t, token in enumerate(tokens)
        if _WORD.search(token)
    ]


def obfuscate_edit(
    sentences: list[str], rate: float, vocabulary: Sequence[str], rng: random.Random
) -> tuple[list[str], dict[str, Any]]:
    """``rate`` of the words replaced, inserted after or deleted, at random places."""
    tokens = [s.split() for s in sentences]
    slots = _word_slots(tokens)
    chosen = sorted(rng.sample(range(len(slots)), round(rate * len(slots))), reverse=True)
    ops: Counter[str] = Counter()
    for n in chosen:  # from the end, so earlier positions stay valid
        s, t = slots[n]
        sentence = tokens[s]
        op = rng.choices(["replace", "insert", "delete"], [4, 3, 3])[0]
        if op == "delete" and sum(1 for x in sentence if _WORD.search(x)) <= 3:
            op = "replace"
        word = rng.choice(vocabulary)
        pre, core, post = _split_token(sentence[t])
        if op == "replace":
            sentence[t] = pre + (_capitalize(word) if core[:1].isupper() else word) + post
        elif op == "insert":
            sentence[t] = pre + core
            sentence.insert(t + 1, word + post)
        else:
            del sentence[t]
            if post and t > 0:  # keep the sentence's closing punctuation
                sentence[t - 1] += post if post[-1:] in ".!?" else ""
            if core[:1].isupper() and t < len(sentence):
                sentence[t] = _capitalize(sentence[t])
        ops[op] += 1
    return [" ".join(s) for s in tokens], {"edited_words": len(chosen), **ops}


_INFLECTIONS = {
    "NOUN": [{"nomn"}, {"gent"}, {"datv"}, {"accs"}, {"ablt"}, {"loct"}, {"sing"}, {"plur"}],
    "ADJF": [{"nomn"}, {"gent"}, {"datv"}, {"ablt"}, {"loct"}, {"plur"}, {"sing"}],
    "VERB": [{"past"}, {"pres"}, {"futr"}, {"plur"}, {"sing"}, {"3per"}, {"1per"}],
}


@cache
def _morph() -> Any:
    from pymorphy3 import MorphAnalyzer

    return MorphAnalyzer(lang="ru")


def obfuscate_wordforms(sentences: list[str], rng: random.Random) -> tuple[list[str], dict]:
    """30–50 % of nouns, adjectives and verbs re-inflected, the lemma kept."""
    morph = _morph()
    tokens = [s.split() for s in sentences]
    eligible = []
    for s, t in _word_slots(tokens):
        core = _split_token(tokens[s][t])[1]
        if _CYR.search(core) and morph.parse(core.lower())[0].tag.POS in _INFLECTIONS:
            eligible.append((s, t))
    share = rng.uniform(0.30, 0.50)
    target = round(share * len(eligible))
    changed = 0
    for s, t in rng.sample(eligible, len(eligible)):
        if changed >= target:
            break
        pre, core, post = _split_token(tokens[s][t])
        parse = morph.parse(core.lower())[0]
        options = _INFLECTIONS[parse.tag.POS]
        for grammemes in rng.sample(options, len(options)):
            new = parse.inflect(grammemes)
            if new is None:
                continue
            form = new.word
            if form.replace("ё", "е") == core.lower().replace("ё", "е"):
                continue
            if morph.parse(form)[0].normal_form != parse.normal_form:
                continue
            tokens[s][t] = pre + (_capitalize(form) if core[:1].isupper() else form) + post
            changed += 1
            break
    share_done = changed / len(eligible) if eligible else 0.0
    return [" ".join(x) for x in tokens], {
        "eligible": len(eligible),
        "reinflected": changed,
        "reinflected_share": round(share_done, 3),
    }


def obfuscate_reorder(sentences: list[str], rng: random.Random) -> tuple[list[str], dict]:
    order = list(range(len(sentences)))
    while len(order) > 1 and order == sorted(order):
        rng.shuffle(order)
    return [sentences[i] for i in order], {"order": order}


def obfuscate_homoglyph(
    sentences: list[str], lang: str, rng: random.Random
) -> tuple[list[str], dict]:
    """Look-alikes of the other script in ~30 % of words; U+200B inside ~10 % of words."""
    table = CYR_TO_LAT if lang == "ru" else LAT_TO_CYR
    tokens = [s.split() for s in sentences]
    swapped = touched = hidden = 0
    for s, t in _word_slots(tokens):
        pre, core, post = _split_token(tokens[s][t])
        letters = list(core)
        spots = [k for k, ch in enumerate(letters) if ch in table]
        if spots and rng.random() < 0.3:
            limit = max(1, (len(letters) - 1) // 2)  # a minority: the word keeps its script
            for k in rng.sample(spots, min(len(spots), rng.randint(1, 3), limit)):
                letters[k] = table[letters[k]]
                swapped += 1
            touched += 1
        if len(letters) >= 4 and rng.random() < 0.10:
            letters.insert(rng.randrange(1, len(letters)), ZWSP)
            hidden += 1
        tokens[s][t] = pre + "".join(letters) + post
    return [" ".join(x) for x in tokens], {
        "swapped_letters": swapped,
        "words_touched": touched,
        "zero_width": hidden,
    }


# ---------------------------------------------------------------- pairs


def _window(block: Block, low: int, high: int, rng: random.Random) -> list[str]:
    """Consecutive sentences of ``block`` totalling a random length in [low, high] words."""
    sizes = [word_count(s) for s in block.sentences]
    target = min(rng.randint(low, high), sum(sizes))
    starts = [i for i in range(len(sizes)) if sum(sizes[i:]) >= target]
    i = rng.choice(starts)
    out: list[str] = []
    while i < len(sizes) and (sum(map(word_count, out)) < target):
        out.append(block.sentences[i])
        i += 1
    return out


def _passage(sentences: list[str], rng: random.Random, min_sentences: int) -> tuple[int, int]:
    """Sentence range [i, j) of 50–200 words (and ≥ ``min_sentences`` if possible)."""
    sizes = [word_count(s) for s in sentences]
    low, high = PASSAGE_WORDS
    for attempt in range(200):
        target = rng.randint(low, high)
        i = rng.randrange(len(sizes))
        j, total = i, 0
        while j < len(sizes) and total < target:
            total += sizes[j]
            j += 1
        need = min_sentences if attempt < 150 else 1
        if low <= total <= high and j - i >= need:
            return i, j
    raise RuntimeError("no passage of 50–200 words in this source window")


def _join(sentences: list[str], rng: random.Random) -> tuple[str, list[tuple[int, int]]]:
    """Sentences joined into paragraphs of 3–6 sentences; returns text and sentence spans."""
    parts: list[str] = []
    spans = []
    pos = 0
    left = rng.randint(3, 6)
    for n, sentence in enumerate(sentences):
        if n:
            left -= 1
            sep = "\n\n" if left == 0 else " "
            if left == 0:
                left = rng.randint(3, 6)
            parts.append(sep)
            pos += len(sep)
        spans.append((pos, pos + len(sentence)))
        parts.append(sentence)
        pos += len(sentence)
    return "".join(parts), spans


def make_pair(material: Material, kind: str, number: int, seed: int, vocab: Sequence[str]) -> Pair:
    lang = material.lang
    rng = random.Random(f"{seed}:{lang}:{kind}:{number}")
    source_block = rng.choice(material.source_blocks)
    own_block = rng.choice(material.own_blocks)
    source_sentences = _window(source_block, *SOURCE_WORDS, rng)
    own = _window(own_block, *OWN_WORDS, rng)
    source, source_spans = _join(source_sentences, rng)
    info: dict[str, Any] = {
        "source_block": source_block.name,
        "own_block": own_block.name,
        "source_words": word_count(source),
        "own_words": word_count(" ".join(own)),
    }
    if kind == "clean":
        suspicious, _ = _join(own, rng)
        return Pair(f"{lang}-{kind}-{number:03d}", lang, kind, source, suspicious, None, info)
    i, j = _passage(source_sentences, rng, 3 if kind == "reorder" else 1)
    passage = source_sentences[i:j]
    src_start, src_end = source_spans[i][0], source_spans[j - 1][1]
    if kind == "verbatim":
        planted, details = list(passage), {}
    elif kind in ("edit10", "edit20"):
        planted, details = obfuscate_edit(passage, int(kind[4:]) / 100, vocab, rng)
    elif kind == "wordforms":
        planted, details = obfuscate_wordforms(passage, rng)
    elif kind == "reorder":
        planted, details = obfuscate_reorder(passage, rng)
    elif kind == "homoglyph":
        planted, details = obfuscate_homoglyph(passage, lang, rng)
    else:
        raise ValueError(f"unknown kind {kind!r}")
    at = rng.randint(1, len(own) - 1) if len(own) > 1 else len(own)
    suspicious, spans = _join([*own[:at], " ".join(planted), *own[at:]], rng)
    case = (spans[at][0], spans[at][1], src_start, src_end)
    info.update(
        passage_words=word_count(" ".join(passage)),
        passage_sentences=len(passage),
        planted_at_sentence=at,
        **details,
    )
    return Pair(f"{lang}-{kind}-{number:03d}", lang, kind, source, suspicious, case, info)


def generate(per_kind: int = 40, seed: int = 1) -> tuple[list[Pair], dict[str, Any]]:
    """``per_kind`` pairs of every (language, kind), round-robin; and what they came from."""
    materials = {lang: build_material(lang) for lang in KINDS}
    pairs = [
        make_pair(materials[lang], kind, n, seed, materials[lang].vocabulary)
        for n in range(per_kind)
        for lang in KINDS
        for kind in KINDS[lang]
    ]
    about = {
        lang: {
            "inputs": m.inputs,
            "source_blocks": len(m.source_blocks),
            "own_blocks": len(m.own_blocks),
            "source_side_words": sum(b.words for b in m.source_blocks),
            "own_side_words": sum(b.words for b in m.own_blocks),
            "vocabulary": len(m.vocabulary),
        }
        for lang, m in materials.items()
    }
    return pairs, about


# ---------------------------------------------------------------- verification


def longest_common_run(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest run of consecutive words present in both word lists."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # a run of n shared implies every shorter one is shared
        mid = (lo + hi + 1) // 2
        if _ngrams(a, mid) & _ngrams(b, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def own_text(pair: Pair) -> str:
    if pair.case is None:
        return pair.suspicious
    start, end = pair.case[0], pair.case[1]
    return pair.suspicious[:start] + "\n\n" + pair.suspicious[end:]


def verify(pairs: Sequence[Pair]) -> dict[str, Any]:
    """Check every case span and measure how much own text and source share.

    The planted span must hold the planted passage (its first and last word) and the source
    span the original passage; the longest common run of words between the suspicious
    document's own text (the case cut out) and its source should be short.
    """
    runs, lemma_runs = [], []
    for p in pairs:
        if p.case is not None:
            s0, s1, r0, r1 = p.case
            assert 0 <= s0 < s1 <= len(p.suspicious) and 0 <= r0 < r1 <= len(p.source)
            assert p.suspicious[s0:s1].strip() == p.suspicious[s0:s1], p.id
            assert p.source[r0:r1].strip() == p.source[r0:r1], p.id
            if p.kind == "verbatim":
                assert p.suspicious[s0:s1].split() == p.source[r0:r1].split(), p.id
        runs.append(longest_common_run(words_of(own_text(p)), words_of(p.source)))
        lemma_runs.append(
            longest_common_run(lemmas_of(own_text(p), p.lang), lemmas_of(p.source, p.lang))
        )
    worst = max(range(len(pairs)), key=lambda n: runs[n]) if pairs else 0
    return {
        "pairs": len(pairs),
        "longest_common_run_own_vs_source": {
            "max": max(runs, default=0),
            "mean": round(sum(runs) / len(runs), 2) if runs else 0.0,
            "histogram": dict(sorted(Counter(runs).items())),
            "worst_pair": pairs[worst].id if pairs else None,
        },
        "longest_common_lemma_run_own_vs_source": {
            "max": max(lemma_runs, default=0),
            "histogram": dict(sorted(Counter(lemma_runs).items())),
        },
    }


def summary(pairs: Sequence[Pair], about: dict[str, Any]) -> str:
    lines = []
    for lang, info in about.items():
        lines.append(
            f"{lang}: {info['source_side_words']} source-side words in "
            f"{info['source_blocks']} blocks, {info['own_side_words']} own-side words in "
            f"{info['own_blocks']} blocks, vocabulary {info['vocabulary']}, "
            f"{len(info['inputs'])} input files"
        )
    kinds = Counter((p.lang, p.kind) for p in pairs)
    lines.append("pairs: " + ", ".join(f"{lang}/{kind} {n}" for (lang, kind), n in kinds.items()))
    words = [p.info["passage_words"] for p in pairs if p.case]
    if words:
        lines.append(
            f"passage words: {min(words)}–{max(words)}, mean {sum(words) / len(words):.0f}"
        )
    return "\n".join(lines)


def iter_json(pairs: Sequence[Pair]) -> Iterator[dict[str, Any]]:
    for p in pairs:
        yield asdict(p)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the pairs as JSON here")
    args = parser.parse_args(argv)
    pairs, about = generate(args.per_kind, args.seed)
    print(summary(pairs, about))
    print(json.dumps(verify(pairs), ensure_ascii=False))
    if args.out:
        data = {"about": about, "pairs": list(iter_json(pairs))}
        args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
