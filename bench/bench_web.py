"""Benchmark of sources from the web (issue 19): does a search by the document's phrases find
the page it was copied from, and what does it cost?

A stand-in web on 127.0.0.1 (this process's HTTP server): every page of the collection below,
and a search engine answering in the Brave Search API's format (``web.results[].url``, 10 a
query), so the real provider code, downloads, extraction and check run end to end. The search
engine is BM25 (k1 1.2, b 0.75) over the pages' words: a quoted query needs the exact
phrase (its words lower-cased, in order, as engines treat quotes); an unquoted one is ranked
over crude stems (a word's first 5 letters, standing in for an engine's morphology). Real
engines index billions of pages, weigh links and freshness, and may ignore quotes; the
stand-in has the honest pages on the same topics this collection holds, not the rest of the web.

The collection ("the web" and the checked texts), all from ``../shared``:

* pages: the seed papers 000–003 (Russian and Ukrainian), cut into pages of about 500 words at
  paragraph ends; the five Wikipedia articles of Clough–Stevenson; the ``non`` answers of
  half of its participants (honest pages on the same five topics); and 1,000 distractor pages
  (``--distractors``): the essays ``make_essays.py`` samples word by word from the same
  vocabularies (seeds and Clough–Stevenson), so they compete for the same rare words;
* checked texts: the hand-written rewrites of ``paraphrase_data/`` (ru, uk, en passages of
  those pages: ``light`` edits, ``medium`` thesaurus rewrites, ``heavy`` expert rewrites) and
  their ``independent`` same-topic texts; the Clough–Stevenson ``cut``, ``light`` and ``heavy``
  answers, and the ``non`` answers of the other participants (honest).

For each text and each way of choosing queries, with a budget of B queries a text:

* ``rare``: :func:`copylens.core.web.phrases.distinctive_phrases` (the rarest run of 8 words in
  each of B stretches), sent as plain words (what ``--web`` does);
* ``even``: the first 8 words of each of B stretches, the obvious alternative;
* ``rare, quoted``: the same rare runs as exact phrases, in quotes.

Printed per kind: the share of texts whose true source page was among the pages downloaded
(found), the share of the text marked by the check against the downloaded pages beside the
share marked against the true page alone (the ceiling), pages downloaded per text, and, for
the honest texts, the share marked and any fragment at all (false marks).

Run: ``.venv/bin/python bench/bench_web.py [--budget 3] [--out web]`` (about a minute).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shared import CLOUGH_DIR, REPO, SHARED

from copylens.core import MoreSources, Options, TextInput, WebRequest, check
from copylens.core.extract import Extracted
from copylens.core.prepare import Prepared, prepare_text
from copylens.core.web import search
from copylens.core.web.phrases import Phrase, distinctive_phrases

PAGE_WORDS = 500
PHRASE_WORDS = 8
RESULTS = 10
WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
OPTIONS = Options(workers=1)


@dataclass(frozen=True)
class Page:
    path: str
    title: str
    text: str


@dataclass(frozen=True)
class Text:
    name: str
    language: str
    kind: str
    text: str
    source: str | None
    """The path of the page it was taken from; None for an honest text."""


# ---------------------------------------------------------------------------- the collection


def seed_pages(name: str) -> list[tuple[Page, int]]:
    """A seed paper cut into pages of about PAGE_WORDS words at paragraph ends, each with its
    first character's offset in the paper."""
    text = (SHARED / "seeds" / name).read_text("utf-8")
    pages: list[tuple[Page, int]] = []
    start, words = 0, 0
    for match in re.finditer(r"\n\s*\n", text):
        words = len(WORD.findall(text[start : match.end()]))
        if words >= PAGE_WORDS:
            pages.append((_page(name, len(pages), text[start : match.end()]), start))
            start = match.end()
    if text[start:].strip():
        pages.append((_page(name, len(pages), text[start:]), start))
    return pages


def _page(name: str, n: int, text: str) -> Page:
    return Page(f"/{Path(name).stem}/{n}.html", f"{name} part {n}", text)


def collection(distractors: Path | None) -> tuple[list[Page], list[Text]]:
    pages: list[Page] = []
    texts: list[Text] = []
    located: dict[str, list[tuple[Page, int]]] = {}
    for seed in sorted((SHARED / "seeds").glob("00[0-3]_*.txt")):
        located[f"seeds/{seed.name}"] = seed_pages(seed.name)
        pages += [p for p, _ in located[f"seeds/{seed.name}"]]
    for task in "abcde":
        text = (CLOUGH_DIR / "corpus-20090418" / f"orig_task{task}.txt").read_text("latin-1")
        page = Page(f"/wikipedia/{task}.html", f"task {task}", text)
        located[f"corpora/clough-stevenson/corpus-20090418/orig_task{task}.txt"] = [(page, 0)]
        pages.append(page)
    for language in ("ru", "uk", "en"):
        data = json.loads((REPO / "bench" / "paraphrase_data" / f"{language}.json").read_text())
        for item in data["items"]:
            where = item["source"]
            page = [p for p, at in located[where["file"]] if at <= where["start"]][-1]
            for kind in ("light", "medium", "heavy"):
                texts.append(Text(item["id"], language, kind, item[kind], page.path))
            texts.append(Text(item["id"], language, "independent", item["independent"], None))
    for essay in sorted(distractors.glob("*.txt")) if distractors else ():
        pages.append(Page(f"/essays/{essay.stem}.html", essay.stem, essay.read_text("utf-8")))
    rows = (CLOUGH_DIR / "file_information.csv").read_text().splitlines()[1:]
    for row in rows:
        name, _group, person, task, category = row.split(",")[:5]
        text = (CLOUGH_DIR / "corpus-20090418" / name).read_text("latin-1")
        if category == "non" and ord(person) % 2:
            pages.append(Page(f"/answers/{name}.html", name, text))
        elif category == "non":
            texts.append(Text(name, "en", "cs non", text, None))
        else:
            texts.append(Text(name, "en", f"cs {category}", text, f"/wikipedia/{task}.html"))
    return pages, texts


# -------------------------------------------------------------------------- the stand-in web


def stem(word: str) -> str:
    return word.lower()[:5]


class Engine:
    """BM25 over the pages: quoted queries by exact phrase, others by crude stems."""

    def __init__(self, pages: Sequence[Page]) -> None:
        self.pages = list(pages)
        self.words = [[w.lower() for w in WORD.findall(p.text)] for p in pages]
        self.joined = [" " + " ".join(ws) + " " for ws in self.words]
        self.stems = [Counter(stem(w) for w in ws) for ws in self.words]
        self.df = Counter(s for counts in self.stems for s in counts)
        self.mean = sum(map(len, self.words)) / max(1, len(self.words))

    def search(self, query: str) -> list[str]:
        exact = query.startswith('"') and query.endswith('"')
        terms = [w.lower() for w in WORD.findall(query)]
        allowed = range(len(self.pages))
        if exact:
            phrase = " " + " ".join(terms) + " "
            allowed = [n for n in allowed if phrase in self.joined[n]]
        scored = [(self.score(n, terms), n) for n in allowed]
        scored = [(s, n) for s, n in scored if s > 0]
        scored.sort(key=lambda sn: (-sn[0], sn[1]))
        return [self.pages[n].path for _, n in scored[:RESULTS]]

    def score(self, n: int, terms: Sequence[str]) -> float:
        total, length = 0.0, len(self.words[n])
        for term in {stem(t) for t in terms}:
            tf = self.stems[n][term]
            if not tf:
                continue
            idf = math.log(1 + (len(self.pages) - self.df[term] + 0.5) / (self.df[term] + 0.5))
            total += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / self.mean))
        return total


class Web:
    """The stand-in web on 127.0.0.1: the pages, and the search engine as Brave answers."""

    def __init__(self, pages: Sequence[Page]) -> None:
        self.by_path = {p.path: p for p in pages}
        self.engine = Engine(pages)
        self.queries = 0
        web = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                if parts.path == "/res/v1/web/search":
                    web.queries += 1
                    query = parse_qs(parts.query)["q"][0]
                    urls = [web.url(p) for p in web.engine.search(query)]
                    body = json.dumps({"web": {"results": [{"url": u} for u in urls]}})
                    self.answer(200, "application/json", body.encode())
                elif parts.path in web.by_path:
                    page = web.by_path[parts.path]
                    paragraphs = "".join(f"<p>{p}</p>" for p in page.text.split("\n\n"))
                    html = f"<html><head><title>{page.title}</title></head><body>"
                    html += f"<article>{paragraphs}</article></body></html>"
                    self.answer(200, "text/html; charset=utf-8", html.encode())
                else:
                    self.answer(404, "text/plain", b"not found")

            def answer(self, status: int, kind: str, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# ------------------------------------------------------------------------------ the choosers


def even_phrases(doc: Prepared, count: int, words: int = PHRASE_WORDS) -> list[Phrase]:
    """The first ``words`` words of each of ``count`` equal stretches of the text."""
    spans = [m.span() for m in WORD.finditer(doc.text)]
    stretches = min(count, len(spans) // words)
    out = []
    for n in range(stretches):
        first = len(spans) * n // max(1, stretches)
        run = spans[first : first + words]
        text = " ".join(doc.text[a:b] for a, b in run)
        out.append(Phrase(text, run[0][0], run[-1][1]))
    return out


def quoted(
    choose: Callable[[Prepared, int], list[Phrase]],
) -> Callable[[Prepared, int], list[Phrase]]:
    """The same phrases in double quotes: an exact-phrase query."""

    def choose_quoted(doc: Prepared, count: int) -> list[Phrase]:
        return [replace(p, text=f'"{p.text}"') for p in choose(doc, count)]

    return choose_quoted


CHOOSERS: dict[str, Callable[[Prepared, int], list[Phrase]]] = {
    "rare": distinctive_phrases,
    "even": even_phrases,
    "rare, quoted": quoted(distinctive_phrases),
}


# ----------------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Outcome:
    found: bool
    marked: float
    ceiling: float
    pages: int
    fragments: int
    queries: int


def run_one(web: Web, text: Text, chooser: str, budget: int) -> Outcome:
    choose = CHOOSERS[chooser]
    doc = prepare_text(Extracted(text.name, text.text, "txt"), OPTIONS)
    provider = search.provider_named("brave", "bench", endpoint=web.url("/res/v1/web/search"))
    outcome = search.search_pages(
        choose(doc, budget), provider, doc.canonical.language, max_queries=budget
    )
    request = WebRequest(urls=outcome.urls, allow_local=True, cache="")
    report = check([TextInput(text.name, text.text)], [], OPTIONS, more=MoreSources(web=request))
    result = report.documents[0]
    true_url = web.url(text.source) if text.source else None
    ceiling = 0.0
    if text.source is not None:
        page = web.by_path[text.source]
        alone = check([TextInput(text.name, text.text)], [TextInput("page", page.text)], OPTIONS)
        ceiling = 1 - alone.documents[0].uniqueness
    return Outcome(
        found=true_url in outcome.urls,
        marked=1 - result.uniqueness,
        ceiling=ceiling,
        pages=len(outcome.urls),
        fragments=sum(len(s.fragments) for s in result.sources),
        queries=outcome.queries,
    )


def summarize(rows: list[tuple[Text, str, Outcome]]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for text, chooser, out in rows:
        cell = table.setdefault(f"{text.language} {text.kind}", {}).setdefault(chooser, [])
        cell.append(out)
    summary: dict[str, Any] = {}
    for kind, by_chooser in table.items():
        summary[kind] = {}
        for chooser, outs in by_chooser.items():
            n = len(outs)
            summary[kind][chooser] = {
                "texts": n,
                "found": sum(o.found for o in outs) / n,
                "marked": sum(o.marked for o in outs) / n,
                "ceiling": sum(o.ceiling for o in outs) / n,
                "pages": sum(o.pages for o in outs) / n,
                "with_fragments": sum(o.fragments > 0 for o in outs),
                "queries": sum(o.queries for o in outs) / n,
            }
    return summary


def markdown(summary: dict[str, Any], budget: int, seconds: float, pages: int) -> str:
    lines = [
        f"# Web sources: finding the page a text came from ({budget} queries a text)",
        "",
        f"Stand-in web of {pages} pages on 127.0.0.1 (see bench/bench_web.py); {seconds:.0f} s.",
        "Found: the true page among those downloaded. Marked: share of the text marked against",
        "the downloaded pages; ceiling: against the true page alone. Honest texts: share",
        "marked and texts with any fragment.",
        "",
        "| texts | kind | chooser | found | marked | ceiling | pages/text | with fragments |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for kind, by_chooser in summary.items():
        for chooser, s in by_chooser.items():
            honest = kind.endswith(("independent", "non"))
            found = "—" if honest else f"{s['found']:.0%}"
            ceiling = "—" if honest else f"{s['ceiling']:.0%}"
            lines.append(
                f"| {s['texts']} | {kind} | {chooser} | {found} | {s['marked']:.1%} | {ceiling} "
                f"| {s['pages']:.1f} | {s['with_fragments']} |"
            )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=3, help="queries a text")
    parser.add_argument("--limit", type=int, default=0, help="texts of each kind (0: all)")
    parser.add_argument(
        "--distractors",
        type=int,
        default=1000,
        help="generated essays (make_essays.py, bench/data/scale_N) as pages too, 0: none",
    )
    parser.add_argument("--out", default="web", help="bench/results/OUT.md and .json")
    args = parser.parse_args()
    # the stand-in has no rate limit: the provider's pacing (1 s for Brave) is not measured
    search.PROVIDERS["brave"] = replace(search.PROVIDERS["brave"], min_interval=0.0)
    essays = None
    if args.distractors:
        from bench_scale import collection as essay_collection

        essays, _, _ = essay_collection(args.distractors, seed=1, timeout=3600)
    pages, texts = collection(essays)
    if args.limit:
        seen: Counter[str] = Counter()
        texts = [t for t in texts if (seen.update([t.kind]) or seen[t.kind] <= args.limit)]
    web = Web(pages)
    started = time.perf_counter()
    rows = []
    try:
        for text in texts:
            for chooser in CHOOSERS:
                rows.append((text, chooser, run_one(web, text, chooser, args.budget)))
    finally:
        web.close()
    seconds = time.perf_counter() - started
    summary = summarize(rows)
    report = markdown(summary, args.budget, seconds, len(pages))
    print(report)
    out = REPO / "bench" / "results"
    (out / f"{args.out}.md").write_text(report, encoding="utf-8")
    (out / f"{args.out}.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
