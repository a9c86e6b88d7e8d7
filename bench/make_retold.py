"""Generate interleaved essays whose borrowed sentences are retold, not copied (issue 34).

Measures nothing itself: ``bench_own_text.py`` runs the engine on these essays beside
``make_interleaved.py``'s. Those copy source sentences verbatim or lightly edited, so nearly
every decision over a writer's own sentence there is made before the passage grouping
(``copylens.core.passages.PassageGrouping``, where two paraphrases, or a paraphrase and a
copy, join into one passage). Here the borrowed sentences are paraphrases, so the grouping
has own sentences to decide on:

- *retold* sentences: the sentences of a hand-written paraphrase of a real source passage
  (``bench/paraphrase_data``, loaded by ``make_paraphrase.py``: written for CopyLens by its
  developers, no synonym dictionary or model), kind ``heavy`` (clauses reordered, sentences
  merged or split) or ``medium`` (every sentence kept in order, about half of the content
  words replaced), in their order;
- kind ``mixed``: a ``medium`` paraphrase whose sentences match its passage's one for one
  (same count), each sentence either retold or the passage's sentence copied verbatim (even
  odds): the pattern where a copy and a paraphrase join;
- kinds ``synonyms`` and ``synmixed`` (Russian, Ukrainian: English has no thesaurus):
  ``make_interleaved.py``'s ``verbatim`` essays made anew (its sources, runs, own sentences
  and order) with every copied sentence (``synmixed``: each at even odds) rewritten by a
  synonymizer (:func:`synonymizer`, the one ``bench_paraphrase.py``'s thesaurus rewrites
  use): many more retold sentences next to each other, the thesaurus's own signal;
- *own* sentences between them, as ``make_interleaved.py`` places them (0–3 after each
  borrowed sentence, weights 3 : 4 : 2 : 1; 1–2 at the start and the end of half of the
  essays), drawn from its pools of real honest writing on the topic: English, the
  Clough–Stevenson ``non`` answers to the passage's task; Russian, sentences of the other seed
  papers; Ukrainian, the second half of seed 003. An own sentence sharing a run of 5 lemmas
  with the passage, its paraphrases or any source of the essay is dropped, and so is one that
  restates a sentence of them (:func:`restates`: that sentence holds half of the weight of
  its content lemmas by inverse sentence frequency, and three of them).

Two artefacts of these pools were found marked as copied (issue 34, the engine's own
sentences marked in ``ru/retold-synonyms``, traced step by step) and are left out since:

- an own sentence restating a source sentence, though by other words than a run of 5 lemmas:
  Russian seed papers on one subject state the same facts. "В качестве основных показателей
  качества работы алгоритмов были выбраны полнота, точность и F-мера." (seed 000) beside the
  source sentence "Целью эксперимента было определение зависимости показателей качества
  (точности, полноты и F-меры) от мощности обучающей выборки…" (seed 002); "Суть его
  заключается в следующем." beside "Суть алгоритма заключается в следующем." A sentence
  sharing topic words only (a seed paper's "Тестирование производилось в течение суток.")
  stays: it is what the bench is for;
- an own sentence right after a borrowed one that ends with a colon: the seed papers' sentences
  before a formula or a list end so ("…аналогично сравнению содержания документов (6):"), and
  a colon carries its sentence on, so a reader, and the engine's sentence splitter, take the
  own sentence as that sentence's end (7 of the 33 Russian own sentences marked before; the
  slot stays empty).

A hand-written kind's essay is checked against its passage and two other passages of its
language (chosen at random); a synonymizer kind's against the sources of its
``make_interleaved.py`` essay. Every span is checked (:func:`check`). The labels are ``own``,
``retold`` and ``copied-verbatim``; ``Sentence.between`` as in ``make_interleaved.py``.

Usage: ``python bench/make_retold.py [--per-item 2] [--per-kind 30] [--seed 1]`` prints the
makeup.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from make_interleaved import (  # noqa: E402
    EDGE_P,
    OWN_AFTER_WEIGHTS,
    Essay,
    Material,
    Own,
    Sentence,
    english_material,
    finish,
    lemmas,
    paragraphs_of,
    pick_sources,
    plan,
    russian_material,
    ukrainian_material,
)
from make_pairs import GUARD_N, _join, _ngrams, word_count  # noqa: E402
from make_paraphrase import Item, load_all, source_text  # noqa: E402

LANGS = ("en", "ru", "uk")
KINDS = ("heavy", "medium", "mixed")
SYNONYM_KINDS = ("synonyms", "synmixed")
"""Kinds made by :func:`synonymizer` from ``make_interleaved.py``'s essays (Russian and
Ukrainian: English has no thesaurus)."""
SYNONYM_SHARE = {"ru": 1.0, "uk": 1 / 3}
OTHER_SOURCES = 2
"""Passages of the same language given as further sources of every essay."""


def synonymizer(lang: str) -> Callable[[str], str] | None:
    """A text rewritten as a synonymizer does (what text.ru's users call a "рерайт" by
    program): every word the language's thesaurus (``copylens.core.thesaurus``) lists gets the
    first of its synonyms (alphabetical) that pymorphy3 can put in the word's form, else the
    word stays; punctuation and the rest kept. None where the language has no thesaurus. Not
    independent of the engine: its paraphrase stage reads the same thesaurus."""
    from copylens.core.thesaurus import thesaurus

    words = thesaurus(lang)
    if words is None:
        return None
    import pymorphy3

    analyzer = pymorphy3.MorphAnalyzer(lang=lang)

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        parse = analyzer.parse(word.lower())[0]
        for synonym in sorted(words.synonyms(parse.normal_form)):
            inflected = analyzer.parse(synonym)[0].inflect(set(parse.tag.grammemes) - {"Infr"})
            if inflected is not None and synonym != parse.normal_form:
                new = inflected.word
                return new.capitalize() if word[:1].isupper() else new
        return word

    def rewrite(text: str) -> str:
        return re.sub(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", swap, text)

    return rewrite


def sentences_of(text: str) -> list[str]:
    return [s for p in paragraphs_of(text) for s in p]


@cache
def own_pools() -> dict[str, dict[str, list[Own]]]:
    """Per language, per source file stem: the honest sentences on that file's topic."""
    en, ru, uk = english_material(), russian_material(), ukrainian_material()
    pools: dict[str, dict[str, list[Own]]] = {"en": {}, "ru": {}, "uk": {}}
    for topic in en.topics:
        pools["en"][en.sources[topic.source].name.removesuffix(".txt")] = list(topic.own)
    every = {o.text: o for t in ru.topics for o in t.own}.values()
    for paper in {o.origin for o in every}:
        pools["ru"][paper] = [o for o in every if o.origin != paper]
    pools["uk"][uk.sources[0].name.split("#")[0]] = list(uk.topics[0].own)
    return pools


def guarded(own: Sequence[Own], texts: Sequence[str], lang: str) -> list[Own]:
    """Own sentences sharing no run of ``GUARD_N`` lemmas with any of ``texts``."""
    grams: set[tuple[str, ...]] = set()
    for text in texts:
        grams |= _ngrams(lemmas(text, lang), GUARD_N)
    return [o for o in own if not _ngrams(lemmas(o.text, lang), GUARD_N) & grams]


RESTATED_SHARE = 0.5
RESTATED_LEAST = 3
"""An own sentence restates a sentence when that one holds this share of the weight of its
content lemmas, and this many of them (:func:`restates`)."""
CARRIED_ON = ":"
"""A borrowed sentence ending so is followed by no own sentence (module docstring)."""


def content(text: str, lang: str) -> set[str]:
    """The text's content lemmas: of 4 letters or more (as ``make_interleaved.finish`` counts
    topic words), none of the language's stop words (``copylens.core.resources``)."""
    from copylens.core.resources import stop_words

    stop = stop_words(lang)
    return {w for w in lemmas(text, lang) if len(w) >= 4 and w not in stop}


def restates(mine: set[str], bags: Sequence[set[str]], weight: Callable[[str], float]) -> bool:
    """Content lemmas ``mine`` restate one of the sentences ``bags`` (their lemmas): it holds
    :data:`RESTATED_LEAST` of them and :data:`RESTATED_SHARE` of their ``weight`` (the
    lemmas' inverse sentence frequency, so a topic's words, in many sentences, weigh little:
    "документ" and "дубликат" shared with a sentence on near-duplicates are no restatement)."""
    total = sum(map(weight, mine))
    for bag in bags:
        shared = mine & bag
        if len(shared) >= RESTATED_LEAST and sum(map(weight, shared)) >= RESTATED_SHARE * total:
            return True
    return False


def honest(own: Sequence[Own], texts: Sequence[str], lang: str) -> list[Own]:
    """``own`` less the sentences restating a sentence of ``texts`` (:func:`restates`, the
    weights log((n + 1) / (f + 1)) of a lemma in f of their n sentences)."""
    bags = [set(lemmas(s, lang)) for text in texts for s in sentences_of(text)]
    frequency = Counter(w for bag in bags for w in bag)

    def weight(w: str) -> float:
        return math.log((len(bags) + 1) / (frequency[w] + 1))

    return [o for o in own if not restates(content(o.text, lang), bags, weight)]


def borrowed(item: Item, kind: str, rng: random.Random) -> list[tuple[str, str]] | None:
    """The essay's borrowed sentences as ``(label, text)``; None when ``mixed`` cannot be made
    (the medium paraphrase has not as many sentences as its passage)."""
    if kind != "mixed":
        return [("retold", s) for s in sentences_of(getattr(item, kind))]
    retold, original = sentences_of(item.medium), sentences_of(source_text(item))
    if len(retold) != len(original):
        return None
    return [
        ("retold", r) if rng.random() < 0.5 else ("copied-verbatim", o)
        for r, o in zip(retold, original, strict=True)
    ]


def make_essay(
    lang: str, items: Sequence[Item], n: int, kind: str, copy: int, seed: int
) -> Essay | None:
    item = items[n]
    rng = random.Random(f"{seed}:retold:{item.id}:{kind}:{copy}")
    pieces = borrowed(item, kind, rng)
    if pieces is None:
        return None
    others = rng.sample([m for m in range(len(items)) if m != n], OTHER_SOURCES)
    sources = [source_text(x) for x in (item, *(items[m] for m in others))]
    stem = Path(item.file).stem
    texts_around = [*sources, item.heavy, item.medium]
    pool = honest(guarded(own_pools()[lang][stem], texts_around, lang), texts_around, lang)
    pool = rng.sample(pool, len(pool))
    order: list[tuple[str, str]] = []
    edge = rng.randint(1, 2) if rng.random() < EDGE_P else 0
    for label, text in pieces:
        order.append((label, text))
        own = rng.choices(list(OWN_AFTER_WEIGHTS), list(OWN_AFTER_WEIGHTS.values()))[0]
        order += [("own", "")] * own
    while order[-1][0] == "own":
        order.pop()
    order = [("own", "")] * edge + order
    order += [("own", "")] * (rng.randint(1, 2) if rng.random() < EDGE_P else 0)
    texts, rows = [], []
    for label, text in order:
        if label == "own":
            if not pool or (texts and rows[-1].label != "own" and texts[-1].endswith(CARRIED_ON)):
                continue
            own = pool.pop()
            texts.append(own.text)
            rows.append(Sentence(0, 0, "own", "own", own.origin))
        else:
            texts.append(text)
            rows.append(Sentence(0, 0, label, kind, item.id, 0))
    text, spans = _join(texts, rng)
    borrowed_at = [k for k, r in enumerate(rows) if r.label != "own"]
    for k, (row, (start, end)) in enumerate(zip(rows, spans, strict=True)):
        row.start, row.end = start, end
        row.between = row.label == "own" and borrowed_at[0] < k < borrowed_at[-1]
    return Essay(
        f"{lang}-retold-{kind}-{item.id}-{copy}",
        lang,
        f"retold-{kind}",
        text,
        [{"name": f"source{m}", "text": s} for m, s in enumerate(sources)],
        rows,
        {"sources": len(sources), "words": word_count(text)},
    )


def synonym_essay(
    material: Material, kind: str, number: int, seed: int, rewrite: Callable[[str], str]
) -> Essay:
    """A ``verbatim`` essay of ``make_interleaved.py`` (its sources, own sentences and order,
    its random stream under another name) whose copied sentences are rewritten by the
    synonymizer (``synonyms``: all; ``synmixed``: each at even odds); a sentence it leaves
    unchanged is labelled ``copied-verbatim``. Own sentences restating a sentence of its
    sources are left out of its pool, and none follows a copied sentence ending with a
    colon (module docstring)."""
    lang = material.lang
    rng = random.Random(f"{seed}:{lang}:retold-{kind}:{number}")
    topic = material.topics[number % len(material.topics)]
    used = pick_sources(material, topic, rng)
    order = plan(material, "verbatim", used, rng)
    own_pool = rng.sample(topic.own, len(topic.own))
    own_pool = honest(own_pool, [material.sources[n].text for n in used], lang)
    texts: list[str] = []
    rows: list[Sentence] = []
    for what, where in order:
        if what == "own":
            carried = bool(texts) and rows[-1].label != "own" and texts[-1].endswith(CARRIED_ON)
            if own_pool and not carried:
                own = own_pool.pop()
                texts.append(own.text)
                rows.append(Sentence(0, 0, "own", "own", own.origin))
            continue
        src, i = where
        source = material.sources[src]
        s0, s1 = source.spans[i]
        original = source.text[s0:s1]
        text = rewrite(original) if kind == "synonyms" or rng.random() < 0.5 else original
        label = "copied-verbatim" if text == original else "retold"
        texts.append(text)
        rows.append(Sentence(0, 0, label, kind, source.name, used.index(src), s0, s1))
    return finish(material, f"retold-{kind}", number, used, texts, rows, rng)


def generate(per_item: int = 2, seed: int = 1, per_kind: int = 30) -> list[Essay]:
    """``per_item`` essays of every kind from every hand-written paraphrase of every
    language; ``per_kind`` essays (× ``SYNONYM_SHARE``) of each synonymizer kind."""
    collection = load_all(LANGS)
    essays = [
        make_essay(lang, collection[lang], n, kind, copy, seed)
        for lang in LANGS
        for kind in KINDS
        for n in range(len(collection[lang]))
        for copy in range(per_item)
    ]
    build = {"ru": russian_material, "uk": ukrainian_material}
    for lang, share in SYNONYM_SHARE.items():
        rewrite = synonymizer(lang)
        if rewrite is None:
            continue
        material = build[lang]()
        essays += [
            synonym_essay(material, kind, n, seed, rewrite)
            for kind in SYNONYM_KINDS
            for n in range(max(1, round(per_kind * share)))
        ]
    return [e for e in essays if e is not None]


def check(essays: Sequence[Essay]) -> None:
    """Every span holds its sentence; no own sentence repeats a borrowed one."""
    for essay in essays:
        last = 0
        for s in essay.sentences:
            piece = essay.text[s.start : s.end]
            assert last <= s.start < s.end and piece.strip() == piece, essay.id
            last = s.end
            if s.label == "copied-verbatim":
                source = essay.sources[s.source or 0]["text"]
                assert " ".join(piece.split()) in " ".join(source.split()), essay.id


def makeup(essays: Sequence[Essay]) -> dict[str, dict[str, Any]]:
    """Per language/kind: essays and sentences by label (own: between borrowed ones too)."""
    out: dict[str, dict[str, Any]] = {}
    for e in essays:
        row = out.setdefault(f"{e.lang}/{e.kind}", Counter())
        row["essays"] += 1
        for s in e.sentences:
            row[s.label] += 1
            row["own between"] += s.between
    return {k: dict(v) for k, v in out.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-item", type=int, default=2)
    parser.add_argument("--per-kind", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    essays = generate(args.per_item, args.seed, args.per_kind)
    check(essays)
    for name, row in makeup(essays).items():
        print(name, row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
