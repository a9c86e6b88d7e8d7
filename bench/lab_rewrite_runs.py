"""Lab for issue 35: sentence-by-sentence soft-alignment matrices of every checked text against
every source it is checked with (the stage's ``paraphrase.similarity``, nothing found by the
aligner), to try passage-level rules (ordered runs) on rewrites, honest writing and salad.
Writes results/lab_rewrite_runs.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_alignment import cs_rows  # noqa: E402
from bench_paraphrase import (  # noqa: E402
    read_cs,
    real_independent_ru,
    salad_texts,
    seed_sources,
    thesaurus_rewrites,
)
from make_pairs import _seed_paragraphs, words_of  # noqa: E402
from make_paraphrase import load_all, source_text  # noqa: E402

from copylens.core import Options, paraphrase  # noqa: E402
from copylens.core.extract import Extracted  # noqa: E402
from copylens.core.prepare import prepare_text  # noqa: E402


def prep(name: str, text: str) -> Any:
    return prepare_text(Extracted(path=name, text=text, format="txt"), Options())


def matrix(a: Any, b: Any) -> list[list[float]]:
    ma, mb = paraphrase.meaning_of(a), paraphrase.meaning_of(b)
    return [[round(paraphrase.similarity(ma, x, mb, y), 4) for y in mb.bounds] for x in ma.bounds]


def main() -> int:
    out: list[dict[str, Any]] = []
    for lang, items in load_all().items():
        passages = [prep(f"{lang}/{it.id}", source_text(it)) for it in items]
        texts = [
            (kind, n, prep(f"{lang}/{it.id}/{kind}", it.text(kind)))
            for kind in ("heavy", "medium", "independent")
            for n, it in enumerate(items)
        ]
        texts += [("salad", -1, prep(name, t)) for name, t in salad_texts(lang, items)]
        texts += [("thesaurus", n, prep(name, t)) for name, t, n in thesaurus_rewrites(lang, items)]
        for kind, own, doc in texts:
            for m, p in enumerate(passages):
                out.append(
                    {
                        "lang": lang,
                        "group": kind,
                        "doc": doc.path,
                        "source": p.path,
                        "own": m == own,
                        "S": matrix(doc, p),
                    }
                )
        print(lang, len(out), flush=True)
    seeds = [
        prep(f"{s.name} p{n}", p)
        for s in seed_sources(["000", "001"])
        for n, p in enumerate(_seed_paragraphs(s.text))
        if len(words_of(p)) >= 30
    ]
    for name, text in real_independent_ru():
        doc = prep(name, text)
        for p in seeds:
            out.append(
                {
                    "lang": "ru",
                    "group": "real002",
                    "doc": name,
                    "source": p.path,
                    "own": False,
                    "S": matrix(doc, p),
                }
            )
    print("real", len(out), flush=True)
    for row in cs_rows():
        if row["label"] in ("heavy", "non", "light"):
            doc, src = (
                prep(row["suspicious"], read_cs(row["suspicious"])),
                prep(row["source"], read_cs(row["source"])),
            )
            out.append(
                {
                    "lang": "en",
                    "group": "cs_" + row["label"],
                    "doc": row["suspicious"],
                    "source": row["source"],
                    "own": row["label"] != "non",
                    "S": matrix(doc, src),
                }
            )
    (BENCH / "results" / "lab_rewrite_runs.json").write_text(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
