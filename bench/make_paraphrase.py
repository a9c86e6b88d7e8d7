"""Load and verify the paraphrase collection of issue 17 (``bench/paraphrase_data/*.json``).

Measures nothing about the engine: ``bench_paraphrase.py`` runs it on this collection. The
collection is hand-written (see ``paraphrase_data/README.md``): for each real source passage
of a language (Russian: seed papers 000–002; Ukrainian: seed 003; English: the
Clough–Stevenson Wikipedia sources ``orig_task<a–e>.txt``) four texts written for CopyLens by
its developers, by hand, with no synonym dictionary or model:

- ``heavy``: a heavy paraphrase ("рерайт"): most content words replaced by synonyms or
  near-synonyms, clauses reordered, active ↔ passive, sentences merged or split, the same facts
  in roughly the same order; named terms with no synonym (PageRank, I-Match, шинглы) kept;
- ``medium``: a medium paraphrase (a quick "рерайт" with a thesaurus): every sentence kept, in
  the same order (an occasional merge or split), about half of the content words replaced by
  synonyms, near-synonyms or other word forms, some clauses reordered, a few words added or
  dropped; named terms and numbers kept;
- ``light``: a light paraphrase: the passage with a few words swapped, mostly its wording;
- ``independent``: a text of similar length on the same topic written independently (other
  facts, examples and structure; never the passage retold): any fragment on it is a false mark.

Sources are stored by reference only, never copied into the repository: the file under
``../shared``, exact character offsets into it (the file decoded as UTF-8, Windows-1252 when
that fails, line ends kept as they are), and, to check them, the slice's first and last 40
characters and the SHA-256 of its UTF-8, which :func:`load` compares with the slice. A source given
to the engine is the slice with line-end hyphenation joined (:func:`source_text`), as the
engine's PDF reader joins it: the seed papers are text extracted from PDFs, and 002 still has
its "дуб-⏎ликатов".

:func:`verify` reports, per language and kind, words per text, the share of a text's lemmas
(pymorphy3 normal forms in Russian and Ukrainian, Snowball stems in English) found in its
source passage (mean and range; ``--items`` lists it per text), and the longest run of words
and of lemmas shared with it; an independent text sharing a run of ``GUARD`` lemmas with its
source is flagged (it would be a real copy).

Usage: ``python bench/make_paraphrase.py [--lang ru uk en] [--items]`` prints the counts and the
verification; exit status 1 when a slice does not match its quoted text or a guard is broken.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from make_pairs import longest_common_run, words_of  # noqa: E402
from shared import SHARED  # noqa: E402

DATA = BENCH / "paraphrase_data"
LANGS = ("ru", "uk", "en")
KINDS = ("heavy", "medium", "light", "independent")
GUARD = 5
"""An independent text may share no run of this many lemmas with its own source passage."""

_LINE_HYPHEN = re.compile(
    r"(?<=[^\W\d_])([-\u00ad\u2010])[ \t]*\n(?:[ \t]*\n){0,2}[ \t]*(?=[^\W\d_])"
)
"""A hyphen at a line end between letters (the rule of ``copylens.core.extract.pdf``)."""


@dataclass(frozen=True)
class Item:
    """One source passage and the four texts written from it."""

    lang: str
    id: str
    topic: str
    file: str
    """The source file, relative to the shared data folder (``../shared``)."""
    start: int
    end: int
    quoted: str
    """The passage: the file's slice [start, end), checked against the JSON's quotes."""
    heavy: str
    medium: str
    light: str
    independent: str

    def text(self, kind: str) -> str:
        return str(getattr(self, kind))


@cache
def shared_text(file: str) -> str:
    """A shared file's text: UTF-8, else Windows-1252 (Clough–Stevenson), line ends kept."""
    raw = (SHARED / file).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def source_text(item: Item) -> str:
    """The passage as the engine is given it: line-end hyphenation joined when the next letter
    is lower-case (as ``copylens.core.extract.pdf`` does for a PDF)."""

    def join(match: re.Match[str]) -> str:
        return "" if match.string[match.end()].islower() else match.group()

    return _LINE_HYPHEN.sub(join, item.quoted)


class CollectionError(ValueError):
    pass


def load(lang: str) -> list[Item]:
    """The items of ``lang``, every passage's slice checked against the JSON's quotes."""
    data = json.loads((DATA / f"{lang}.json").read_text(encoding="utf-8"))
    items = []
    for row in data["items"]:
        src = row["source"]
        start, end = int(src["start"]), int(src["end"])
        passage = shared_text(src["file"])[start:end]
        digest = hashlib.sha256(passage.encode("utf-8")).hexdigest()
        if (passage[:40], passage[-40:], digest) != (src["begins"], src["ends"], src["sha256"]):
            raise CollectionError(
                f"{lang}/{row['id']}: {src['file']}[{start}:{end}] is not the quoted passage"
            )
        texts = {kind: row.get(kind) for kind in KINDS}
        for kind, text in texts.items():
            if not isinstance(text, str) or not text.strip():
                raise CollectionError(f"{lang}/{row['id']}: missing or empty {kind} text")
        items.append(Item(lang, row["id"], row["topic"], src["file"], start, end, passage, **texts))
    return items


def load_all(langs: Sequence[str] = LANGS) -> dict[str, list[Item]]:
    return {lang: load(lang) for lang in langs}


# ---------------------------------------------------------------- verification


@cache
def _uk_morph() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="uk")


def lemmas(text: str, lang: str) -> list[str]:
    """Lemmas of every word (stop words kept): pymorphy3 for ru/uk, Snowball stems for en."""
    from make_pairs import lemmas_of

    if lang == "uk":
        morph = _uk_morph()
        return [str(morph.parse(w)[0].normal_form) for w in words_of(text)]
    return lemmas_of(text, lang)


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def verify(collection: dict[str, list[Item]]) -> dict[str, Any]:
    """Per language and kind: words, lemma overlap with the source, longest shared runs."""
    out: dict[str, Any] = {}
    for lang, items in collection.items():
        per: dict[str, Any] = {}
        for kind in ("source", *KINDS):
            words, shared, runs, lemma_runs, flagged, ids = [], [], [], [], [], []
            for item in items:
                src = source_text(item)
                text = src if kind == "source" else item.text(kind)
                words.append(len(words_of(text)))
                if kind == "source":
                    continue
                a, b = lemmas(text, lang), lemmas(src, lang)
                have = set(b)
                shared.append(sum(x in have for x in a) / max(1, len(a)))
                runs.append(longest_common_run(words_of(text), words_of(src)))
                lemma_runs.append(longest_common_run(a, b))
                ids.append(item.id)
                if kind == "independent" and lemma_runs[-1] >= GUARD:
                    flagged.append(item.id)
            per[kind] = {"texts": len(words), "words_mean": _mean(words)}
            if kind != "source":
                per[kind] |= {
                    "lemmas_in_source_mean": _mean(shared),
                    "lemmas_in_source_min": round(min(shared), 3),
                    "lemmas_in_source_max": round(max(shared), 3),
                    "lemmas_in_source": {i: round(x, 3) for i, x in zip(ids, shared, strict=True)},
                    "longest_word_run_max": max(runs),
                    "longest_word_run_mean": _mean(runs),
                    "longest_lemma_run_max": max(lemma_runs),
                    "longest_lemma_run_mean": _mean(lemma_runs),
                }
            if kind == "independent":
                per[kind]["over_guard"] = flagged
        out[lang] = per
    return out


def verify_lines(checked: dict[str, Any]) -> list[str]:
    lines = [
        "| language | kind | texts | words (mean) | lemmas found in source: mean (min–max) | "
        "longest shared run: words max (mean) | lemmas max (mean) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for lang, per in checked.items():
        for kind, r in per.items():
            if kind == "source":
                lines.append(f"| {lang} | source | {r['texts']} | {r['words_mean']} | | | |")
                continue
            lines.append(
                f"| {lang} | {kind} | {r['texts']} | {r['words_mean']} | "
                f"{100 * r['lemmas_in_source_mean']:.0f} % "
                f"({100 * r['lemmas_in_source_min']:.0f}–{100 * r['lemmas_in_source_max']:.0f}) | "
                f"{r['longest_word_run_max']} "
                f"({r['longest_word_run_mean']}) | {r['longest_lemma_run_max']} "
                f"({r['longest_lemma_run_mean']}) |"
            )
    return lines


def item_lines(checked: dict[str, Any]) -> list[str]:
    """Each text's share of lemmas found in its source passage, a row per item."""
    lines = []
    for lang, per in checked.items():
        kinds = [kind for kind in per if kind != "source"]
        lines += ["", f"| {lang} | " + " | ".join(kinds) + " |", "|---|" + "---:|" * len(kinds)]
        for item_id in per[kinds[0]]["lemmas_in_source"]:
            shares = (per[kind]["lemmas_in_source"][item_id] for kind in kinds)
            lines.append(f"| {item_id} | " + " | ".join(f"{100 * x:.0f} %" for x in shares) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="+", choices=LANGS, default=list(LANGS))
    parser.add_argument(
        "--items", action="store_true", help="also print each text's share of lemmas in its source"
    )
    args = parser.parse_args(argv)
    try:
        collection = load_all(args.lang)
    except CollectionError as error:
        print(f"collection broken: {error}")
        return 1
    checked = verify(collection)
    print("\n".join(verify_lines(checked)))
    if args.items:
        print("\n".join(item_lines(checked)))
    bad = {lang: per["independent"]["over_guard"] for lang, per in checked.items()}
    bad = {lang: ids for lang, ids in bad.items() if ids}
    if bad:
        print(f"independent texts sharing a run of {GUARD} lemmas with their source: {bad}")
        return 1
    print(f"all {sum(map(len, collection.values()))} source passages match their slices")
    return 0


if __name__ == "__main__":
    sys.exit(main())
