"""Build the labelled news streams of issue 18: a generated stream of full items and ParaPhraser.

Measures nothing itself: ``bench_news.py`` and ``scripts/train_news_model.py`` use what this
writes. Two collections, both as JSON Lines items (the fields of ``copylens.core.news.NewsItem``:
``id, text, title, published, source, url, links, images``) and a labels CSV ``a,b,label``
(item ids; 1 = duplicate, 0 = not), the format ``copylens news train`` reads.

**1. The generated stream** (``bench/news_data/generated/``), built offline and deterministically
from ``--seed`` out of hand-written base material in ``bench/news_data/`` (written for CopyLens by
its developers, by hand, without any text generator; every place, person, firm and figure is
invented; see the ``about`` field of each file):

- ``stories_ru.json`` (16 Russian stories) and ``stories_en.json`` (4 English ones): each a
  fictional news story of 130–250 words in 3–5 paragraphs with its outlet time, three titles
  (the original's and two rewritten ones), ``alt_lead`` (the lead paragraph retold in other
  words) and ``extra`` (a background paragraph another outlet adds); ten of them also a
  ``rewrite`` (six: the whole story retold in other words, same facts — a duplicate, the
  paper's admitted blind spot) or a ``followup`` (five: a later story on the same event with
  new facts — the water going down, the fire put out — not a duplicate). Stories come in pairs
  sharing a ``topic`` (two floods, two fires, two strikes…): independent events on one subject.
- ``templates_ru.json``: three templates with slots — football results of a fictional league
  (4 rounds of 4 matches; the return matches of rounds 3–4 pair the teams of rounds 1–2 again,
  and every second one ends with the first match's score mirrored, 2:1 then 1:2), weather
  forecasts (4 cities × 5 days) and the central bank's exchange rates (9 days, a random walk).
  Instances of one template share almost all their words and differ in numbers, names, dates.
- ``outlets.json``: fictional outlets (Russian and English) of three kinds — agencies publish
  the originals, aggregators retell, papers do both — some with a boilerplate tail line.

From each story (and each template instance) the original is published by an agency or a paper
(an agency three times in four) at the story's time (template instances: at their day), then
retold by 3–5 other outlets (template instances and follow-ups: 0–2) between 5 minutes and 30
hours later; a story with a ``rewrite`` gets one more retelling, the rewrite. A retelling draws
its changes with fixed probabilities (``CHANGES``): a rewritten title (always, unless the outlet
reposts it as it is, 1 in 5), a non-lead paragraph dropped, the story's ``extra`` paragraph
added, the lead replaced by ``alt_lead`` (a rewrite, the paper's admitted blind spot), one
number of a non-lead paragraph updated by 5–30 % (casualties rising, a late figure), the
sentences of one paragraph reordered, the item cut to its first two paragraphs (the paper's
"truncated copy"), and the outlet's tail line appended. At least one change besides the title
always applies. Each item has 0–2 images and 0–3 links: a retelling keeps the original's photo
(its URL) half the time, sometimes uses its own, sometimes none; links go to the outlet's own
related pages and, sometimes, to the original. One item in 25 has no publication time
(``published`` = "").

Written to ``bench/news_data/generated/``: ``items.jsonl``, ``labels.csv``, ``pairs.csv`` (the
labels with their kind) and ``provenance.csv`` (each item's story, topic, language and the
changes its retelling made). Labels and their kinds:

- ``retelling`` (1): every pair of items of one story (original–retelling, retelling–retelling);
- ``template_retelling`` (1): every pair of items of one template instance;
- ``same_topic`` (0): every pair across the two stories of one topic (and their follow-ups);
- ``follow_up`` (0): every pair across a story and its follow-up;
- ``same_template`` (0): pairs across instances of one template, up to ``TEMPLATE_NEGATIVES``
  per template drawn among instances at most 3 days apart (what a 3-day window would compare);
- ``swapped_score`` (0): every pair across a football match and its return match with the
  mirrored score (the same numbers in another order: 2:1 vs 1:2);
- ``unrelated`` (0): ``UNRELATED`` random pairs of items of different topics in one language.

**2. ParaPhraser** (``../shared/corpora/paraphraser-ru``; Pivovarova et al. 2017, MIT-style
licence, kept with the data): the 12,062 headlines of ``corpus.xml`` as items (title and text
both the headline, ``source`` the agency, ``published`` the date as given — day precision; a
few carry a placeholder 2100-01-01 and are kept as they are) and the 7,227 pairs of
``paraphrases.xml``: class 1 (strict paraphrase) = duplicate, −1 = not; class 0 (loose) is
kept apart (``paraphraser_loose.csv``, ``a,b`` only) and reported separately by the bench.
With ``--paraphraser`` they are written to the output folder as ``paraphraser_items.jsonl``,
``paraphraser_labels.csv``; the bench reads the XML itself (:func:`paraphraser`).

Usage: ``python bench/make_news.py [--seed 0] [--out DIR] [--paraphraser]`` prints the counts.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import combinations
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from shared import CORPORA_DIR  # noqa: E402

DATA = BENCH / "news_data"
OUT = DATA / "generated"
PARAPHRASER = CORPORA_DIR / "paraphraser-ru"
SEMEVAL = CORPORA_DIR / "semeval22-news-train"
SEMEVAL_DUPLICATE = 1.5
"""Overall rating at or below which a same-language pair is the same story retold (ABOUT.md)."""
SEMEVAL_DIFFERENT = 3.0
"""Overall rating at or above which a pair is two different stories (ABOUT.md)."""

CHANGES = {
    "keep_title": 0.2,
    "drop_paragraph": 0.4,
    "add_extra": 0.35,
    "rewrite_lead": 0.25,
    "update_number": 0.3,
    "reorder_sentences": 0.4,
    "truncate": 0.12,
    "tail": 0.6,
}
"""The probability of each change of a retelling (``tail``: when its outlet has one)."""
RETELLINGS = (3, 5)
"""Retellings of a story (inclusive range)."""
TEMPLATE_RETELLINGS = (0, 2)
TEMPLATE_NEGATIVES = 80
UNRELATED = 120
NO_TIME = 25
"""One item in this many has no publication time."""
DELAYS_MIN = (5, 12, 25, 40, 70, 120, 240, 480, 900, 1800)
"""Minutes after the original at which a retelling may appear."""

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[«\"A-ZА-ЯЁ0-9])")
_NUMBER = re.compile(r"(?<![\d.,:\-])\d+(?![\d:]|[.,]\d)")


@dataclass
class Item:
    """One generated news item (the fields of ``NewsItem``) and where it comes from."""

    id: str
    text: str
    title: str
    published: str
    source: str
    url: str
    links: tuple[str, ...] = ()
    images: tuple[str, ...] = ()
    cluster: str = ""
    topic: str = ""
    lang: str = ""
    changes: tuple[str, ...] = field(default=())

    def record(self) -> dict[str, Any]:
        """The JSON Lines record: the ``NewsItem`` fields only."""
        return {
            "id": self.id,
            "title": self.title,
            "text": self.text,
            "published": self.published,
            "source": self.source,
            "url": self.url,
            "links": list(self.links),
            "images": list(self.images),
        }


@dataclass(frozen=True)
class Base:
    """A story to retell: a hand-written one or a filled template instance."""

    id: str
    lang: str
    topic: str
    published: datetime
    titles: tuple[str, ...]
    paragraphs: tuple[str, ...]
    alt_lead: str = ""
    extra: str = ""
    template: str = ""
    rewrite: tuple[str, tuple[str, ...]] | None = None
    """A full retelling in other words written by hand: (title, paragraphs)."""
    follows: str = ""
    """For a follow-up story: the id of the story it follows."""


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def sentences(paragraph: str) -> list[str]:
    """The sentences of a paragraph (a split before a capital after . ! ?)."""
    return [s for s in _SENTENCE.split(paragraph.strip()) if s]


# ---------------------------------------------------------------- base material


def stories() -> list[Base]:
    """The hand-written stories, Russian then English."""
    out = []
    for name in ("stories_ru.json", "stories_en.json"):
        for s in _load(name)["stories"]:
            rewrite = s.get("rewrite")
            out.append(
                Base(
                    id=s["id"],
                    lang=s["lang"],
                    topic=s["topic"],
                    published=datetime.fromisoformat(s["published"]),
                    titles=tuple(s["titles"]),
                    paragraphs=tuple(s["paragraphs"]),
                    alt_lead=s.get("alt_lead", ""),
                    extra=s.get("extra", ""),
                    rewrite=(rewrite["title"], tuple(rewrite["paragraphs"])) if rewrite else None,
                )
            )
            if "followup" in s:
                f = s["followup"]
                out.append(
                    Base(
                        id=f"{s['id']}-followup",
                        lang=s["lang"],
                        topic=s["topic"],
                        published=datetime.fromisoformat(f["published"]),
                        titles=(f["title"],),
                        paragraphs=tuple(f["paragraphs"]),
                        follows=s["id"],
                    )
                )
    return out


def _day(when: datetime, t: dict[str, Any]) -> str:
    return f"{when.day} {t['months'][when.month - 1]}"


def _fill(texts: Iterable[str], slots: dict[str, Any]) -> tuple[str, ...]:
    return tuple(text.format_map(slots) for text in texts)


def football(t: dict[str, Any], rng: random.Random) -> list[tuple[Base, str]]:
    """The matches of the football template; with each, the id of the match its score mirrors."""
    f = t["football"]
    teams = f["teams"]
    start = datetime.fromisoformat(f["first_day"])
    order = list(range(len(teams)))
    rng.shuffle(order)
    first_rounds = [
        [(order[i], order[i + 1]) for i in range(0, 8, 2)],
        [(order[i], order[(i + 3) % 8]) for i in range(0, 8, 2)],
    ]
    points = Counter[int]()
    played: dict[tuple[int, int], tuple[int, int, str]] = {}
    out: list[tuple[Base, str]] = []
    for rnd in range(1, f["rounds"] + 1):
        if rnd <= 2:
            fixtures = [(h, a, None) for h, a in first_rounds[rnd - 1]]
        else:
            fixtures = [(a, h, (h, a)) for h, a in first_rounds[rnd - 3]]
        for m, (home, away, first) in enumerate(fixtures):
            if first is not None and m % 2 == 0:
                fh, fa, _ = played[first]
                h, a = fa, fh
                if h == a:
                    h, a = h + 1, a
            else:
                h, a = rng.choice([(2, 1), (1, 0), (3, 1), (0, 2), (1, 1), (2, 2), (4, 2), (0, 1)])
            mirrored = played[first][2] if first is not None and m % 2 == 0 else ""
            mid = f"fb-r{rnd}-m{m + 1}"
            played[(home, away)] = (h, a, mid)
            points[home] += 3 if h > a else 1 if h == a else 0
            points[away] += 3 if a > h else 1 if h == a else 0
            goals = []
            for _ in range(h + a):
                goals.append((rng.randint(3, 90), rng.choice(f["players"])))
            goals.sort()
            listed = ", ".join(f["goal"].format(player=p, minute=minute) for minute, p in goals)
            table = sorted(range(8), key=lambda k: (-points[k], k))
            nxt = rng.choice([k for k in range(8) if k not in (home, away)])
            slots = {
                "home": teams[home][0],
                "away": teams[away][0],
                "stadium": teams[home][1],
                "h": h,
                "a": a,
                "round": rnd,
                "goals": f["goals_line"].format(list=listed) if goals else f["no_goals"],
                "att": rng.randrange(2400, 14800, 10),
                "yc": rng.randint(1, 7),
                "pts_h": points[home],
                "pts_a": points[away],
                "pos_h": table.index(home) + 1,
                "pos_a": table.index(away) + 1,
                "next": teams[nxt][0],
            }
            when = start + timedelta(days=7 * (rnd - 1) + m // 2, hours=2 * (m % 2), minutes=115)
            base = Base(
                id=mid,
                lang="ru",
                topic="football",
                published=when,
                titles=_fill(f["titles"], slots),
                paragraphs=_fill(f["paragraphs"], slots),
                template="football",
            )
            out.append((base, mirrored))
    return out


def weather(t: dict[str, Any], rng: random.Random) -> list[Base]:
    """The weather forecasts: every city for every day."""
    w = t["weather"]
    start = datetime.fromisoformat(w["first_day"])
    out = []
    for d in range(w["days"]):
        when = start + timedelta(days=d)
        day = when + timedelta(days=1)
        for c, (city, prep) in enumerate(w["cities"]):
            cond, short = rng.choice(w["conditions"])
            t1 = rng.randint(-14, -2)
            w1 = rng.randint(2, 6)
            slots = {
                "city_prep": prep,
                "day": _day(day, t),
                "weekday": t["weekdays"][day.weekday()],
                "cond": cond,
                "cond_short": short,
                "t1": t1,
                "t2": t1 + rng.randint(3, 9),
                "wind": rng.choice(w["winds"]),
                "w1": w1,
                "w2": w1 + rng.randint(2, 5),
                "p": rng.randint(738, 762),
                "outlook": rng.choice(w["outlooks"]),
            }
            slug = f"{city.lower()}-{day:%m%d}"
            out.append(
                Base(
                    id=f"wx-{c + 1}-{day:%m%d}",
                    lang="ru",
                    topic=f"weather {slug}",
                    published=when + timedelta(minutes=7 * c),
                    titles=_fill(w["titles"], slots),
                    paragraphs=_fill(w["paragraphs"], slots),
                    template="weather",
                )
            )
    return out


def _money(x: float) -> str:
    return f"{x:.2f}".replace(".", ",")


def rates(t: dict[str, Any], rng: random.Random) -> list[Base]:
    """The exchange rates: one instance per day, a random walk."""
    r = t["rates"]
    start = datetime.fromisoformat(r["first_day"])
    usd, eur, cny = r["usd"], r["eur"], r["cny"]
    out = []
    for d in range(r["days"]):
        when = start + timedelta(days=d)
        day = when + timedelta(days=1)
        d_usd = rng.choice([-1, 1]) * rng.randint(3, 95) / 100
        d_eur = rng.choice([-1, 1]) * rng.randint(3, 110) / 100
        usd, eur = usd + d_usd, eur + d_eur
        cny = cny + rng.choice([-1, 1]) * rng.randint(1, 12) / 100
        close = usd + rng.choice([-1, 1]) * rng.randint(1, 40) / 100
        lo = int(usd) - rng.randint(0, 1)
        slots = {
            "day": _day(day, t),
            "weekday": t["weekdays"][when.weekday()],
            "usd": _money(usd),
            "eur": _money(eur),
            "cny": _money(cny),
            "dusd": round(abs(d_usd) * 100),
            "deur": round(abs(d_eur) * 100),
            "dir_usd": "выше" if d_usd > 0 else "ниже",
            "move": "подорожал" if close > usd - d_usd else "подешевел",
            "close": _money(close),
            "lo": lo,
            "hi": lo + rng.randint(2, 3),
        }
        out.append(
            Base(
                id=f"fx-{day:%m%d}",
                lang="ru",
                topic=f"rates {day:%m%d}",
                published=when,
                titles=_fill(r["titles"], slots),
                paragraphs=_fill(r["paragraphs"], slots),
                template="rates",
            )
        )
    return out


# ---------------------------------------------------------------- retellings


def _update_number(paragraph: str, rng: random.Random) -> str | None:
    spots = [
        m
        for m in _NUMBER.finditer(paragraph)
        if int(m.group()) >= 3 and not 1900 <= int(m.group()) <= 2100
    ]
    if not spots:
        return None
    m = rng.choice(spots)
    n = int(m.group())
    new = n + max(1, round(n * rng.uniform(0.05, 0.3)))
    return paragraph[: m.start()] + str(new) + paragraph[m.end() :]


def _change(base: Base, paragraphs: list[str], made: list[str], rng: random.Random) -> list[str]:
    """One pass of the body changes, each applied at most once over all passes."""
    paragraphs = list(paragraphs)

    def draw(change: str) -> bool:
        return change not in made and rng.random() < CHANGES[change]

    if base.alt_lead and draw("rewrite_lead"):
        paragraphs[0] = base.alt_lead
        made.append("rewrite_lead")
    if len(paragraphs) > 2 and "drop_paragraph" not in made and draw("truncate"):
        paragraphs = paragraphs[:2]
        made.append("truncate")
    elif len(paragraphs) > 2 and "truncate" not in made and draw("drop_paragraph"):
        del paragraphs[rng.randrange(1, len(paragraphs))]
        made.append("drop_paragraph")
    if base.extra and draw("add_extra"):
        paragraphs.insert(rng.choice([1, len(paragraphs)]), base.extra)
        made.append("add_extra")
    if len(paragraphs) > 1 and draw("update_number"):
        k = rng.randrange(1, len(paragraphs))
        updated = _update_number(paragraphs[k], rng)
        if updated is not None:
            paragraphs[k] = updated
            made.append("update_number")
    if draw("reorder_sentences"):
        k = rng.randrange(len(paragraphs))
        parts = sentences(paragraphs[k])
        if len(parts) > 1:
            parts = parts[1:] + parts[:1] if rng.random() < 0.5 else parts[::-1]
            paragraphs[k] = " ".join(parts)
            made.append("reorder_sentences")
    return paragraphs


def retell(base: Base, rng: random.Random) -> tuple[str, list[str], list[str]]:
    """A retelling's title, paragraphs and the changes made (besides the outlet's tail)."""
    made: list[str] = []
    if rng.random() < CHANGES["keep_title"] or len(base.titles) < 2:
        title = base.titles[0]
    else:
        title = rng.choice(base.titles[1:])
        made.append("title")
    paragraphs = list(base.paragraphs)
    for _ in range(50):
        if len(made) > (made[:1] == ["title"]):
            break
        paragraphs = _change(base, paragraphs, made, rng)
    return title, paragraphs, made


def _outlets() -> dict[str, list[dict[str, str]]]:
    data = _load("outlets.json")
    return {"ru": data["ru"], "en": data["en"]}


def cluster(base: Base, outlets: list[dict[str, str]], retellings: int, seed: int) -> list[Item]:
    """The original of a story and its retellings, each by another outlet."""
    rng = random.Random(f"{seed}:{base.id}")
    agencies = [o for o in outlets if o["kind"] == "agency"]
    papers = [o for o in outlets if o["kind"] == "paper"]
    first = rng.choice(agencies) if rng.random() < 0.75 or not papers else rng.choice(papers)
    others = [o for o in outlets if o is not first]
    rng.shuffle(others)
    others.sort(key=lambda o: o["kind"] == "agency")  # agencies retell last, and seldom
    chosen = [first, *others[:retellings]]
    if base.rewrite is not None:
        chosen.append(others[retellings] if retellings < len(others) else rng.choice(others))
    delays = sorted(rng.sample(DELAYS_MIN, len(chosen) - 1))
    photo = f"https://{first['domain']}/img/{base.id}.jpg"
    original_url = ""
    items = []
    for n, outlet in enumerate(chosen):
        if n == 0:
            title, paragraphs, made = base.titles[0], list(base.paragraphs), ["original"]
            when = base.published
        elif base.rewrite is not None and n == len(chosen) - 1:
            title, paragraphs, made = base.rewrite[0], list(base.rewrite[1]), ["rewrite"]
            when = base.published + timedelta(minutes=delays[n - 1] + rng.randint(0, 9))
        else:
            title, paragraphs, made = retell(base, rng)
            when = base.published + timedelta(minutes=delays[n - 1] + rng.randint(0, 9))
        if outlet["tail"] and rng.random() < CHANGES["tail"]:
            paragraphs.append(outlet["tail"])
            made.append("tail")
        url = f"https://{outlet['domain']}/news/{when:%Y/%m/%d}/{base.id}"
        original_url = original_url or url
        images: list[str] = []
        pick = rng.random()
        if n == 0 or pick < 0.5:
            images.append(photo)
        elif pick < 0.8:
            images.append(f"https://{outlet['domain']}/img/{base.id}-{n}.jpg")
        if rng.random() < 0.25:
            images.append(f"https://{outlet['domain']}/img/{base.id}-{n}-b.jpg")
        links = [
            f"https://{outlet['domain']}/news/related/{rng.randrange(10_000, 99_999)}"
            for _ in range(rng.randint(0, 2))
        ]
        if n > 0 and rng.random() < 0.4:
            links.append(original_url)
        published = "" if rng.randrange(NO_TIME) == 0 else when.isoformat()
        items.append(
            Item(
                id=f"{base.id}.{n}",
                text="\n\n".join(paragraphs),
                title=title,
                published=published,
                source=outlet["name"],
                url=url,
                links=tuple(links),
                images=tuple(images),
                cluster=base.id,
                topic=base.topic,
                lang=base.lang,
                changes=tuple(made),
            )
        )
    return items


# ---------------------------------------------------------------- the stream and its labels


@dataclass(frozen=True)
class Stream:
    """The generated items and labelled pairs ``(a, b, label, kind)``."""

    items: list[Item]
    pairs: list[tuple[str, str, int, str]]


def build(seed: int = 0) -> Stream:
    """The generated stream: deterministic for a seed."""
    rng = random.Random(f"{seed}:templates")
    outlets = _outlets()
    t = _load("templates_ru.json")
    bases = stories()
    matches = football(t, rng)
    bases += [b for b, _ in matches] + weather(t, rng) + rates(t, rng)
    clusters: dict[str, list[Item]] = {}
    for base in bases:
        low, high = TEMPLATE_RETELLINGS if base.template or base.follows else RETELLINGS
        n = random.Random(f"{seed}:{base.id}:n").randint(low, high)
        clusters[base.id] = cluster(base, outlets[base.lang], n, seed)
    by_id = {b.id: b for b in bases}
    pairs: list[tuple[str, str, int, str]] = []
    for base in bases:
        kind = "template_retelling" if base.template else "retelling"
        pairs += [(x.id, y.id, 1, kind) for x, y in combinations(clusters[base.id], 2)]
    story_bases = [b for b in bases if not b.template]
    for x, y in combinations(story_bases, 2):
        if x.topic == y.topic:
            follow_up = x.follows == y.id or y.follows == x.id
            kind = "follow_up" if follow_up else "same_topic"
            pairs += _across(clusters[x.id], clusters[y.id], kind)
    mirror = {b.id: m for b, m in matches if m}
    for mid, first in mirror.items():
        pairs += _across(clusters[first], clusters[mid], "swapped_score")
    prng = random.Random(f"{seed}:pairs")
    for template in ("football", "weather", "rates"):
        pool = [
            (x, y)
            for x, y in combinations([b for b in bases if b.template == template], 2)
            if abs((x.published - y.published).total_seconds()) <= 3 * 86400
            and mirror.get(x.id) != y.id
            and mirror.get(y.id) != x.id
        ]
        across = [p for x, y in pool for p in _across(clusters[x.id], clusters[y.id], "")]
        chosen = prng.sample(across, min(TEMPLATE_NEGATIVES, len(across)))
        pairs += [(a, b, 0, "same_template") for a, b, _, _ in chosen]
    items = [item for base in bases for item in clusters[base.id]]
    seen = {(a, b) for a, b, _, _ in pairs}
    unrelated = 0
    while unrelated < UNRELATED:
        x, y = prng.sample(items, 2)
        bx, by = by_id[x.cluster], by_id[y.cluster]
        if (
            bx.lang != by.lang
            or bx.topic == by.topic
            or (bx.template and bx.template == by.template)
        ):
            continue
        if (x.id, y.id) in seen or (y.id, x.id) in seen:
            continue
        seen.add((x.id, y.id))
        pairs.append((x.id, y.id, 0, "unrelated"))
        unrelated += 1
    return Stream(items, pairs)


def _across(xs: list[Item], ys: list[Item], kind: str) -> list[tuple[str, str, int, str]]:
    return [(x.id, y.id, 0, kind) for x in xs for y in ys]


def write_stream(stream: Stream, out: Path) -> None:
    """``items.jsonl``, ``labels.csv`` (``a,b,label``) and ``pairs.csv`` (with kind) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / "items.jsonl").open("w", encoding="utf-8") as f:
        for item in stream.items:
            f.write(json.dumps(item.record(), ensure_ascii=False) + "\n")
    _write_csv(out / "labels.csv", ("a", "b", "label"), [p[:3] for p in stream.pairs])
    _write_csv(out / "pairs.csv", ("a", "b", "label", "kind"), stream.pairs)
    rows = [(i.id, i.cluster, i.topic, i.lang, " ".join(i.changes)) for i in stream.items]
    _write_csv(out / "provenance.csv", ("id", "story", "topic", "lang", "changes"), rows)


def _write_csv(path: Path, header: tuple[str, ...], rows: Iterable[Iterable[Any]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


# ---------------------------------------------------------------- ParaPhraser


@dataclass(frozen=True)
class Paraphraser:
    """ParaPhraser's headlines as item records and its pairs ``(a, b, class)``."""

    items: list[dict[str, Any]]
    pairs: list[tuple[str, str, int]]


def _xml(path: Path) -> Any:
    import xml.etree.ElementTree as ET

    raw = path.read_bytes().replace(b"encoding='UTF8'", b"encoding='UTF-8'", 1)
    return ET.fromstring(raw)


def _values(node: Any) -> dict[str, str]:
    return {v.get("name"): (v.text or "") for v in node.iter("value")}


def paraphraser(root: Path = PARAPHRASER) -> Paraphraser:
    """Items (``pp-<id>``; title = text = the headline) and pairs with their class 1/0/−1."""
    items = []
    for s in _xml(root / "corpus.xml").iter("sentence"):
        v = _values(s)
        items.append(
            {
                "id": f"pp-{v['id']}",
                "title": v["text"],
                "text": v["text"],
                "published": v.get("date", ""),
                "source": v.get("agency", ""),
                "url": v.get("url", ""),
                "links": [],
                "images": [],
            }
        )
    pairs = []
    for p in _xml(root / "paraphrases.xml").iter("paraphrase"):
        v = _values(p)
        pairs.append((f"pp-{v['id_1']}", f"pp-{v['id_2']}", int(v["class"])))
    return Paraphraser(items, pairs)


@dataclass(frozen=True)
class SemEval:
    """SemEval-2022 Task 8's training part as item records (``se-<article id>``; title and text
    split as :func:`_title_and_body` says; ``languages``: each item's ``lang`` column) and the
    same-language pairs
    ``(a, b, label)``: 1 when Overall ≤ 1.5, 0 when ≥ 3; the ambiguous ones left out."""

    items: list[dict[str, Any]]
    pairs: list[tuple[str, str, int]]
    languages: dict[str, str]


def _title_and_body(text: str) -> tuple[str, str]:
    """The copy writes "title  body", "title\\nbody" or the body alone (a leading space)."""
    text = text.strip()
    for mark in ("\n", "  "):
        title, found, body = text.partition(mark)
        if found and len(title) <= 300:
            return title.strip(), body.strip()
    return "", text


def semeval(root: Path = SEMEVAL) -> SemEval:
    """Read ``training_set.csv`` (see ``ABOUT.md`` beside it; benchmarks only)."""
    csv.field_size_limit(1 << 30)
    items: dict[str, dict[str, Any]] = {}
    languages: dict[str, str] = {}
    pairs = []
    with (root / "training_set.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            ids = [f"se-{part}" for part in row["pair_id"].split("_")]
            for n, item_id in enumerate(ids, start=1):
                title, body = _title_and_body(row[f"text{n}"])
                if item_id not in items:
                    items[item_id] = {
                        "id": item_id,
                        "title": title.strip(),
                        "text": body.strip(),
                        "published": "",
                        "source": "",
                        "url": "",
                        "links": [],
                        "images": [],
                    }
                    languages[item_id] = row[f"lang{n}"]
            overall = float(row["Overall"])
            if row["lang1"] != row["lang2"] or ids[0] == ids[1]:
                continue
            if overall <= SEMEVAL_DUPLICATE:
                pairs.append((ids[0], ids[1], 1))
            elif overall >= SEMEVAL_DIFFERENT:
                pairs.append((ids[0], ids[1], 0))
    return SemEval(list(items.values()), pairs, languages)


def write_paraphraser(pp: Paraphraser, out: Path) -> None:
    """``paraphraser_items.jsonl``, ``paraphraser_labels.csv`` (1 vs −1), ``…_loose.csv``."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / "paraphraser_items.jsonl").open("w", encoding="utf-8") as f:
        for record in pp.items:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    strict = [(a, b, 1 if c == 1 else 0) for a, b, c in pp.pairs if c != 0]
    _write_csv(out / "paraphraser_labels.csv", ("a", "b", "label"), strict)
    _write_csv(
        out / "paraphraser_loose.csv", ("a", "b"), [(a, b) for a, b, c in pp.pairs if c == 0]
    )


# ---------------------------------------------------------------- command line


def summary(stream: Stream) -> str:
    """Counts of items and pairs by kind."""
    kinds = Counter((k, label) for _, _, label, k in stream.pairs)
    langs = Counter(i.lang for i in stream.items)
    changes = Counter(c for i in stream.items for c in i.changes)
    lines = [
        f"items: {len(stream.items)} ({', '.join(f'{k} {v}' for k, v in sorted(langs.items()))}),"
        f" stories/instances: {len({i.cluster for i in stream.items})}",
        f"pairs: {len(stream.pairs)}, duplicates {sum(p[2] for p in stream.pairs)}",
    ]
    lines += [f"  {kind:20} label {label}: {n}" for (kind, label), n in sorted(kinds.items())]
    lines.append("changes: " + ", ".join(f"{k} {v}" for k, v in changes.most_common()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--paraphraser", action="store_true", help="also write ParaPhraser")
    args = parser.parse_args(argv)
    stream = build(args.seed)
    write_stream(stream, args.out)
    print(summary(stream))
    print(f"written to {args.out}")
    if args.paraphraser:
        pp = paraphraser()
        write_paraphraser(pp, args.out)
        classes = Counter(c for _, _, c in pp.pairs)
        print(f"ParaPhraser: {len(pp.items)} items, pairs by class {dict(sorted(classes.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
