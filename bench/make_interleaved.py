"""Generate the interleaved-essay collection: copied sentences with the writer's own between.

Measures nothing itself: ``bench_own_text.py`` runs the engine on these essays. Issue 12's
pattern: a student copies a source's sentences in order and writes short sentences of their
own between them; the engine then reports one fragment from the first copied word to the
last, and the own sentences come out highlighted and counted as borrowed. The alignment
collection (``make_pairs.py``) plants one passage in own text and never shows this, so here
every essay is that pattern, with the exact character span and label of every sentence:

- *copied* sentences: 1–5 sources, from each a run of 3–8 copyable sentences (prose of 5–60
  words) taken in order, one or two source sentences skipped now and then; written
  ``verbatim`` or edited by ``make_pairs.py``'s obfuscations (imported, not copied):
  ``edit10`` (10 % of the words, at least one, replaced, inserted after or deleted) and, in
  Russian, ``wordforms`` (30–50 % of nouns, adjectives and verbs re-inflected);
- *own* sentences of 4–15 words, 0–3 after each copied sentence (weights 3 : 4 : 2 : 1), and
  1–2 at the start and at the end of half of the essays. They are real honest writing on the
  topic, never generated text:

  - English: the Clough–Stevenson corpus (Clough & Stevenson 2011): the source is the task's
    Wikipedia article ``orig_task<t>.txt`` (other sources: the other tasks' articles), the own
    sentences come from the answers to the same task labelled ``non`` (written independently
    after reading the article), so they reuse the topic's words as real students do;
  - Russian: sources are ``make_pairs.py``'s source-side blocks of the seed papers (000–002,
    man pages left out: another field), own sentences its own-side sentences of 5–15 words
    (its prose filter starts at 5) from a *different* seed paper than the essay's main source;
  - Ukrainian (a few essays): seed 003 is the only Ukrainian text, so its first half (by
    words) is the source and the second half's sentences are the own sentences. German is
    left out: seed 004 is bullet lists with no sentence of running prose.

Every own sentence sharing a run of 5 lemmas (pymorphy3 normal forms; Snowball stems in
English) with any source of its language is dropped when the pools are built, so an own
sentence never repeats nor closely paraphrases a source by construction; ``verify`` measures
what is left (the longest common run of words and of lemmas between every own sentence and
each source of its essay) and checks every span.

Kinds per language: ``verbatim``, ``edit10``, ``wordforms`` (Russian), ``mixed`` (each copied
sentence verbatim or edited at random), ``clean`` (8–14 own sentences, no copying, checked
against sources picked the same way: the control, where any fragment is a false mark) and
``inplace`` (:data:`APART`: own sentences only where the copied run skips as many source
sentences, the honest pattern a rule taking a retold sentence "in its place" risks). A
copied sentence the obfuscation left unchanged (re-inflection finds no word) is labelled
verbatim. Essays are made round-robin over language and kind, each from its own random stream
(``--seed``), so the first N are a balanced subset.

Usage: ``python bench/make_interleaved.py [--per-kind 30] [--seed 1] [--out essays.json]``
prints a summary and the verification (and writes the essays as JSON when ``--out`` is given).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from make_pairs import (
    GUARD_N,
    _join,
    _ngrams,
    _prose,
    _seed_paragraphs,
    _sentences,
    build_material,
    obfuscate_edit,
    obfuscate_wordforms,
    russian_docs,
    word_count,
    words_of,
)
from make_pairs import lemmas_of as _lemmas_ru_en
from shared import CLOUGH_DIR, SEEDS_DIR

KINDS: dict[str, tuple[str, ...]] = {
    "en": ("verbatim", "edit10", "mixed", "clean", "inplace"),
    "ru": ("verbatim", "edit10", "wordforms", "mixed", "clean", "inplace"),
    "uk": ("verbatim", "edit10", "clean", "inplace"),
}
APART = ("clean", "inplace")
"""Kinds kept out of the language and ``all`` rows (their own rows only): the clean control,
and ``inplace`` (issues 34, 35), the honest pattern the paraphrase stage's "in its place"
rule risks: every own sentence stands exactly where the copied run skips a source sentence,
one for one (a run of verbatim copies; at each step 1 or 2 source sentences skipped with
probability :data:`PLACED_P`, and as many own sentences written there), and half of the
essays end with an own sentence right after a run that ends one sentence before its source's
end (the rule's edge)."""
PLACED_P = 0.6
SHARE = {"en": 1.0, "ru": 1.0, "uk": 1 / 3}
"""Essays per kind of each language, as a share of ``--per-kind`` (Ukrainian has one text)."""
EDITS = {"en": ("edit10",), "ru": ("edit10", "wordforms"), "uk": ("edit10",)}
OWN_WORDS = (4, 15)
RUN_SENTENCES = (3, 8)
SOURCES_WEIGHTS = {1: 4, 2: 3, 3: 2, 4: 1, 5: 1}
OWN_AFTER_WEIGHTS = {0: 3, 1: 4, 2: 2, 3: 1}
CLEAN_OWN = (8, 14)
SKIP_P = 0.25
EDGE_P = 0.5
TOPIC_MIN = 2
"""An own sentence is *topical* when this many of its content lemmas occur in its sources."""
LABELS = ("own", "copied-verbatim", "copied-edited")


@dataclass(frozen=True)
class Source:
    name: str
    text: str
    spans: tuple[tuple[int, int], ...]
    """Character span of every sentence of ``text``."""
    copyable: tuple[int, ...]
    """Indices of the sentences that may be copied (running prose of 5–60 words)."""
    origin: str


@dataclass(frozen=True)
class Own:
    text: str
    origin: str
    """The file or paper the sentence was written in."""


@dataclass(frozen=True)
class Topic:
    source: int
    """Index of the topic's main source in ``Material.sources``."""
    own: tuple[Own, ...]


@dataclass
class Material:
    lang: str
    sources: list[Source]
    topics: list[Topic]
    vocabulary: list[str]
    dropped: int
    """Own sentences dropped for sharing a 5-lemma run with a source."""


@dataclass
class Sentence:
    start: int
    end: int
    label: str
    """"own", "copied-verbatim" or "copied-edited"."""
    kind: str
    """"own", "verbatim", "edit10" or "wordforms"."""
    origin: str
    source: int | None = None
    """Index into the essay's sources (copied sentences)."""
    source_start: int | None = None
    source_end: int | None = None
    topic_words: int = 0
    """Own sentences: content lemmas (4+ letters) that occur in the essay's sources."""
    between: bool = False
    """Own sentences: copied text lies both before and after it."""


@dataclass
class Essay:
    id: str
    lang: str
    kind: str
    text: str
    sources: list[dict[str, str]]
    """``name`` and ``text`` of every source the essay is checked against."""
    sentences: list[Sentence]
    info: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- words and lemmas


@cache
def _uk_morph() -> Any:
    from pymorphy3 import MorphAnalyzer

    return MorphAnalyzer(lang="uk")


@cache
def _uk_lemma(word: str) -> str:
    return str(_uk_morph().parse(word)[0].normal_form)


@cache
def lemmas(text: str, lang: str) -> tuple[str, ...]:
    """Lemmas of every word (stop words kept): ``make_pairs.lemmas_of``, pymorphy3 for uk."""
    if lang == "uk":
        return tuple(_uk_lemma(w) for w in words_of(text))
    return tuple(_lemmas_ru_en(text, lang))


def own_ok(sentence: str) -> bool:
    """An own sentence: 4–15 words, a capital first, closing punctuation, plain prose."""
    words = word_count(sentence)
    if not OWN_WORDS[0] <= words <= OWN_WORDS[1] or sentence[-1:] not in ".!?":
        return False
    if re.search(r"[*$\\{}|=]|http|www\.|\ufffd|\s[.,:;!?]", sentence):
        return False  # markup, links, or punctuation left behind by a dropped formula
    if not sentence[:1].isupper():
        return False
    letters = sum(len(w) for w in re.findall(r"[^\W\d_]+", sentence))
    return letters >= 0.7 * len(sentence.replace(" ", ""))


def compose(paragraphs: Sequence[Sequence[str]]) -> tuple[str, list[tuple[int, int]]]:
    """Sentences joined by spaces, paragraphs by blank lines; the text and sentence spans."""
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for p, paragraph in enumerate(paragraphs):
        for s, sentence in enumerate(paragraph):
            sep = ("\n\n" if s == 0 else " ") if p or s else ""
            parts += [sep, sentence]
            spans.append((pos + len(sep), pos + len(sep) + len(sentence)))
            pos += len(sep) + len(sentence)
    return "".join(parts), spans


def make_source(name: str, paragraphs: Sequence[Sequence[str]], lang: str) -> Source:
    text, spans = compose(paragraphs)
    sentences = [s for p in paragraphs for s in p]
    copyable = tuple(
        i for i, s in enumerate(sentences) if _prose(s, "ru" if lang == "uk" else lang)
    )
    return Source(name, text, tuple(spans), copyable, name)


def guard(own: Sequence[Own], sources: Sequence[Source], lang: str) -> tuple[list[Own], int]:
    """Own sentences sharing no run of ``GUARD_N`` lemmas with any source; and how many not."""
    grams: set[tuple[str, ...]] = set()
    for source in sources:
        grams |= _ngrams(lemmas(source.text, lang), GUARD_N)
    kept = [o for o in own if not _ngrams(lemmas(o.text, lang), GUARD_N) & grams]
    return kept, len(own) - len(kept)


def unique(own: Sequence[Own]) -> list[Own]:
    seen: set[str] = set()
    out = []
    for o in own:
        key = " ".join(words_of(o.text))
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


# ---------------------------------------------------------------- English: Clough–Stevenson


def read_clough(name: str) -> str:
    """A corpus file as text: UTF-8, else Windows-1252 (the corpus mixes both)."""
    data = (CLOUGH_DIR / "corpus-20090418" / name).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252")
    return text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")


def paragraphs_of(text: str) -> list[list[str]]:
    """Blank-line separated paragraphs, each split into sentences (razdel)."""
    out = []
    for raw in re.split(r"\n\s*\n", text):
        paragraph = " ".join(line.strip() for line in raw.splitlines()).strip()
        if paragraph:
            out.append(_sentences([paragraph]))
    return out


def english_material() -> Material:
    with (CLOUGH_DIR / "file_information.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    tasks = sorted({r["Task"] for r in rows})
    sources = [
        make_source(f"orig_task{t}.txt", paragraphs_of(read_clough(f"orig_task{t}.txt")), "en")
        for t in tasks
    ]
    topics, dropped = [], 0
    for n, task in enumerate(tasks):
        answers = sorted(r["File"] for r in rows if r["Task"] == task and r["Category"] == "non")
        own = [
            Own(s, name)
            for name in answers
            for p in paragraphs_of(read_clough(name))
            for s in p
            if own_ok(s)
        ]
        kept, lost = guard(unique(own), sources, "en")
        topics.append(Topic(n, tuple(kept)))
        dropped += lost
    counts = Counter(w for s in sources for w in words_of(s.text) if len(w) >= 3)
    counts.update(w for t in topics for o in t.own for w in words_of(o.text) if len(w) >= 3)
    vocabulary = sorted(w for w, c in counts.items() if c >= 2)
    return Material("en", sources, topics, vocabulary, dropped)


# ---------------------------------------------------------------- Russian: the seed papers


def paper_of() -> dict[str, str]:
    """Each Russian seed sentence (its words) → the seed paper it comes from."""
    docs, _ = russian_docs()
    return {
        " ".join(words_of(s)): d.name
        for d in docs
        if not d.name.startswith("man")
        for s in d.sentences
    }


def russian_material() -> Material:
    material = build_material("ru")
    papers = paper_of()

    def paper(sentence: str) -> str:
        return papers.get(" ".join(words_of(sentence)), "?")

    blocks = [b for b in material.source_blocks if not b.name.startswith("man")]
    sources = [
        make_source(b.name, [b.sentences[i : i + 5] for i in range(0, len(b.sentences), 5)], "ru")
        for b in blocks
    ]
    own_all = [
        Own(s, paper(s))
        for b in material.own_blocks
        if not b.name.startswith("man")
        for s in b.sentences
        if own_ok(s) and paper(s) != "?"
    ]
    own_all, dropped = guard(unique(own_all), sources, "ru")
    topics = []
    for n, block in enumerate(blocks):
        mine = {paper(s) for s in block.sentences}
        topics.append(Topic(n, tuple(o for o in own_all if o.origin not in mine)))
    return Material("ru", sources, topics, material.vocabulary, dropped)


# ---------------------------------------------------------------- Ukrainian: seed 003


def ukrainian_material() -> Material:
    path = sorted(SEEDS_DIR.glob("003_*.txt"))[0]
    text = path.read_text(encoding="utf-8", errors="replace")
    sentences = [s for s in _sentences(_seed_paragraphs(text)) if _prose(s, "ru")]
    total = sum(map(word_count, sentences))
    cut, words = 0, 0
    while words < total / 2:
        words += word_count(sentences[cut])
        cut += 1
    first = sentences[:cut]
    source = make_source(f"{path.stem}#0", [first[i : i + 5] for i in range(0, cut, 5)], "uk")
    own = [Own(s, f"{path.stem}#{cut}") for s in sentences[cut:] if own_ok(s)]
    kept, dropped = guard(unique(own), [source], "uk")
    counts = Counter(w for s in sentences for w in words_of(s) if len(w) >= 3)
    vocabulary = sorted(w for w, c in counts.items() if c >= 2)
    return Material("uk", [source], [Topic(0, tuple(kept))], vocabulary, dropped)


def materials() -> dict[str, Material]:
    build = {"en": english_material, "ru": russian_material, "uk": ukrainian_material}
    return {lang: build[lang]() for lang in KINDS}


# ---------------------------------------------------------------- essays


def copied_run(source: Source, rng: random.Random) -> list[int]:
    """Sentence indices of ``source`` copied in order: 3–8 copyable ones, some skipped."""
    copyable = source.copyable
    want = min(rng.randint(*RUN_SENTENCES), len(copyable))
    start = rng.randrange(len(copyable) - want + 1)
    run, i = [], start
    while len(run) < want and i < len(copyable):
        run.append(copyable[i])
        i += 1 + (rng.randint(1, 2) if rng.random() < SKIP_P else 0)
    return run


def obfuscate(
    sentence: str, kind: str, vocabulary: Sequence[str], rng: random.Random
) -> tuple[str, str]:
    """The sentence written under ``kind``, and the kind it really got (verbatim if unchanged)."""
    if kind == "edit10":
        rate = max(0.10, 1 / max(1, word_count(sentence)))
        new = obfuscate_edit([sentence], rate, vocabulary, rng)[0][0]
    elif kind == "wordforms":
        new = obfuscate_wordforms([sentence], rng)[0][0]
    else:
        new = sentence
    return (new, kind) if new != sentence else (sentence, "verbatim")


def pick_sources(material: Material, topic: Topic, rng: random.Random) -> list[int]:
    """The topic's main source and 0–4 others (weights 4 : 3 : 2 : 1 : 1 for 1–5 sources)."""
    others = [n for n in range(len(material.sources)) if n != topic.source]
    count = rng.choices(list(SOURCES_WEIGHTS), list(SOURCES_WEIGHTS.values()))[0]
    return [topic.source, *rng.sample(others, min(count - 1, len(others)))]


def plan(material: Material, kind: str, chosen: list[int], rng: random.Random) -> list[Any]:
    """The essay's sentence order: ``("own", None)`` or ``("copy", (source, sentence))``."""
    if kind == "clean":
        return [("own", None)] * rng.randint(*CLEAN_OWN)
    if kind == "inplace":
        return placed_plan(material, chosen, rng)
    order: list[Any] = [("own", None)] * (rng.randint(1, 2) if rng.random() < EDGE_P else 0)
    for src in chosen:
        for i in copied_run(material.sources[src], rng):
            order.append(("copy", (src, i)))
            own = rng.choices(list(OWN_AFTER_WEIGHTS), list(OWN_AFTER_WEIGHTS.values()))[0]
            order += [("own", None)] * own
    while order[-1][0] == "own":
        order.pop()
    order += [("own", None)] * (rng.randint(1, 2) if rng.random() < EDGE_P else 0)
    return order


def placed_plan(material: Material, chosen: list[int], rng: random.Random) -> list[Any]:
    """The ``inplace`` kind's order (:data:`APART`): own sentences only in the places of
    skipped source sentences, as many as skipped, and at the end after a run stopped one
    source sentence short of its source's end (half of the essays)."""
    order: list[Any] = []
    for src in chosen:
        copyable = material.sources[src].copyable
        want = min(rng.randint(*RUN_SENTENCES), len(copyable))
        i = rng.randrange(len(copyable) - want + 1)
        for _ in range(want):
            order.append(("copy", (src, copyable[i])))
            skip = rng.randint(1, 2) if rng.random() < PLACED_P else 0
            if i + 1 + skip >= len(copyable):
                break
            order += [("own", None)] * skip
            i += 1 + skip
    if rng.random() < EDGE_P:
        src = chosen[-1]
        copyable = material.sources[src].copyable
        if len(copyable) >= 3:
            order += [("copy", (src, copyable[-3])), ("copy", (src, copyable[-2])), ("own", None)]
    return order


def essay_kind(kind: str, lang: str, rng: random.Random) -> str:
    if kind == "mixed":
        return rng.choice(["verbatim", *EDITS[lang]])
    return kind


def make_essay(material: Material, kind: str, number: int, seed: int) -> Essay:
    lang = material.lang
    rng = random.Random(f"{seed}:{lang}:{kind}:{number}")
    topic = material.topics[number % len(material.topics)]
    used = pick_sources(material, topic, rng)
    order = plan(material, kind, used, rng)
    own_pool = rng.sample(topic.own, len(topic.own))
    texts: list[str] = []
    rows: list[Sentence] = []
    for what, where in order:
        if what == "own":
            if not own_pool:
                continue
            own = own_pool.pop()
            texts.append(own.text)
            rows.append(Sentence(0, 0, "own", "own", own.origin))
            continue
        src, i = where
        source = material.sources[src]
        original = source.text[slice(*source.spans[i])]
        text, got = obfuscate(original, essay_kind(kind, lang, rng), material.vocabulary, rng)
        label = "copied-verbatim" if got == "verbatim" else "copied-edited"
        s0, s1 = source.spans[i]
        texts.append(text)
        rows.append(Sentence(0, 0, label, got, source.name, used.index(src), s0, s1))
    return finish(material, kind, number, used, texts, rows, rng)


def finish(
    material: Material,
    kind: str,
    number: int,
    used: list[int],
    texts: list[str],
    rows: list[Sentence],
    rng: random.Random,
) -> Essay:
    """Join the sentences into paragraphs, record spans, topic words and own positions."""
    lang = material.lang
    text, spans = _join(texts, rng)
    sources = [material.sources[n] for n in used]
    topic_lemmas = {w for s in sources for w in lemmas(s.text, lang)}
    copied = [n for n, r in enumerate(rows) if r.label != "own"]
    for n, (row, (start, end)) in enumerate(zip(rows, spans, strict=True)):
        row.start, row.end = start, end
        if row.label == "own":
            content = {w for w in lemmas(texts[n], lang) if len(w) >= 4}
            row.topic_words = len(content & topic_lemmas)
            row.between = bool(copied) and copied[0] < n < copied[-1]
    return Essay(
        f"{lang}-{kind}-{number:03d}",
        lang,
        kind,
        text,
        [{"name": s.name, "text": s.text} for s in sources],
        rows,
        {"sources": len(sources), "words": word_count(text)},
    )


def generate(per_kind: int = 30, seed: int = 1) -> tuple[list[Essay], dict[str, Any]]:
    """``per_kind`` essays (× ``SHARE``) of every language and kind, round-robin."""
    built = materials()
    counts = {lang: max(1, round(per_kind * SHARE[lang])) for lang in KINDS}
    essays = [
        make_essay(built[lang], kind, n, seed)
        for n in range(per_kind)
        for lang in KINDS
        if n < counts[lang]
        for kind in KINDS[lang]
    ]
    about = {
        lang: {
            "sources": [s.name for s in m.sources],
            "own_pool": {m.sources[t.source].name: len(t.own) for t in m.topics},
            "own_dropped_by_guard": m.dropped,
            "vocabulary": len(m.vocabulary),
        }
        for lang, m in built.items()
    }
    return essays, about


# ---------------------------------------------------------------- verification


def check_spans(essay: Essay) -> None:
    """Every span holds its sentence; copied spans point at their source sentence."""
    last = 0
    for s in essay.sentences:
        piece = essay.text[s.start : s.end]
        assert last <= s.start < s.end and piece.strip() == piece, essay.id
        last = s.end
        if s.label == "own":
            continue
        assert s.source is not None and s.source_start is not None and s.source_end is not None
        original = essay.sources[s.source]["text"][s.source_start : s.source_end]
        assert original.strip() == original, essay.id
        assert (piece == original) == (s.label == "copied-verbatim"), essay.id


@cache
def _grams(words: tuple[str, ...], n: int) -> frozenset[tuple[str, ...]]:
    return frozenset(_ngrams(words, n))


def common_run(piece: Sequence[str], source: tuple[str, ...]) -> int:
    """Longest run of ``piece`` (a short sentence) found in ``source`` (n-grams cached)."""
    n = 0
    while n < len(piece) and _ngrams(piece, n + 1) & _grams(source, n + 1):
        n += 1
    return n


def own_runs(essay: Essay) -> tuple[list[int], list[int]]:
    """Longest common run of words, and of lemmas, of each own sentence with its sources."""
    texts = [x["text"] for x in essay.sources]
    words = [tuple(words_of(t)) for t in texts]
    lemma = [lemmas(t, essay.lang) for t in texts]
    runs, lemma_runs = [], []
    for s in essay.sentences:
        if s.label == "own":
            piece = essay.text[s.start : s.end]
            runs.append(max(common_run(words_of(piece), w) for w in words))
            lemma_runs.append(max(common_run(lemmas(piece, essay.lang), m) for m in lemma))
    return runs, lemma_runs


def verify(essays: Sequence[Essay]) -> dict[str, Any]:
    """Check every span; measure what own sentences share with their essay's sources."""
    runs: list[int] = []
    lemma_runs: list[int] = []
    for essay in essays:
        check_spans(essay)
        words, lemma = own_runs(essay)
        runs += words
        lemma_runs += lemma
    assert max(lemma_runs, default=0) < GUARD_N, "an own sentence repeats a source"
    return {
        "essays": len(essays),
        "own_sentences": len(runs),
        "longest_common_run_own_vs_sources": {
            "max": max(runs, default=0),
            "histogram": dict(sorted(Counter(runs).items())),
        },
        "longest_common_lemma_run_own_vs_sources": {
            "max": max(lemma_runs, default=0),
            "histogram": dict(sorted(Counter(lemma_runs).items())),
            "guard": f"< {GUARD_N}",
        },
    }


def makeup(essays: Sequence[Essay]) -> dict[str, dict[str, Any]]:
    """Per language/kind: essays, sentences by label, own sentences topical and between."""
    out: dict[str, dict[str, Any]] = {}
    for e in essays:
        row = out.setdefault(
            f"{e.lang}/{e.kind}",
            {
                "essays": 0,
                **dict.fromkeys(LABELS, 0),
                "own_topical": 0,
                "own_between": 0,
                "sources": Counter(),
                "words": 0,
            },
        )
        row["essays"] += 1
        row["sources"][e.info["sources"]] += 1
        row["words"] += e.info["words"]
        for s in e.sentences:
            row[s.label] += 1
            row["own_topical"] += s.label == "own" and s.topic_words >= TOPIC_MIN
            row["own_between"] += s.between
    for row in out.values():
        row["sources"] = dict(sorted(row["sources"].items()))
        row["words"] = round(row["words"] / row["essays"])
    return out


def summary(essays: Sequence[Essay], about: dict[str, Any]) -> str:
    lines = []
    for lang, info in about.items():
        pools = ", ".join(f"{k} {v}" for k, v in info["own_pool"].items())
        lines.append(
            f"{lang}: {len(info['sources'])} sources; own sentences per main source: {pools} "
            f"({info['own_dropped_by_guard']} dropped by the {GUARD_N}-lemma guard)"
        )
    lines.append(
        f"{'lang/kind':<14}{'essays':>7}{'own':>6}{'verb':>6}{'edit':>6}{'topic':>7}"
        f"{'betw':>6}{'words':>7}  sources per essay"
    )
    for name, r in makeup(essays).items():
        lines.append(
            f"{name:<14}{r['essays']:>7}{r['own']:>6}{r['copied-verbatim']:>6}"
            f"{r['copied-edited']:>6}{r['own_topical']:>7}{r['own_between']:>6}{r['words']:>7}"
            f"  {r['sources']}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the essays as JSON here")
    args = parser.parse_args(argv)
    essays, about = generate(args.per_kind, args.seed)
    print(summary(essays, about))
    print(json.dumps(verify(essays), ensure_ascii=False))
    if args.out:
        data = {"about": about, "essays": [asdict(e) for e in essays]}
        args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
