"""News items and their readers: JSON Lines, RSS/Atom feeds, saved pages, hostile input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from copylens.core.errors import NewsError
from copylens.core.news import items as items_module
from copylens.core.news.items import NewsItem, parse_feed, read_items

RSS = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Лента новостей</title><link>https://news.example.ru/</link>
<item><title>Центробанк повысил ставку</title><link>https://news.example.ru/a/1</link>
<guid>news-1</guid><pubDate>Fri, 25 Oct 2024 13:30:00 +0300</pubDate>
<description><![CDATA[<p>Банк России повысил ключевую ставку до 21%.</p>
<p>Решение жестче ожиданий. <a href="/cbr">Сайт ЦБ</a></p>
<img src="https://img.example.ru/1.jpg"><script>alert(1)</script>]]></description>
<enclosure url="https://img.example.ru/2.jpg" type="image/jpeg" length="100"/>
<media:content url="https://img.example.ru/3.jpg" medium="image"/>
</item>
<item><title>Без guid</title><link>https://news.example.ru/a/2</link>
<description>Простой текст без разметки.</description></item>
<item><description>   </description><guid>empty</guid></item>
<item><title>Повтор</title><guid>news-1</guid><description>Тот же guid.</description></item>
</channel></rss>
"""

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Example Wire</title>
<link href="https://wire.example.com/"/><id>urn:wire</id><updated>2024-10-25T12:00:00Z</updated>
<entry><title type="html">Rates &lt;b&gt;up&lt;/b&gt;</title><id>urn:wire:1</id>
<link href="https://wire.example.com/1"/>
<published>2024-10-25T10:30:00Z</published><updated>2024-10-25T11:00:00Z</updated>
<summary>Short.</summary>
<content type="html">&lt;p&gt;The central bank raised its key rate to 21%.&lt;/p&gt;
&lt;p&gt;Markets were surprised. &lt;a href="https://cbr.ru/"&gt;CBR&lt;/a&gt;&lt;/p&gt;</content>
</entry>
<entry><title>Only updated</title><id>urn:wire:2</id><updated>2024-10-26T08:00:00Z</updated>
<summary>Rates held on Saturday.</summary></entry>
</feed>
"""

ARTICLE = """
<h1>Центробанк повысил ставку до 21%</h1>
<p>Совет директоров Банка России на заседании в пятницу повысил ключевую ставку на 200 базисных
пунктов, до 21% годовых. Решение оказалось жестче ожиданий рынка и большинства аналитиков.</p>
<p>Регулятор объяснил решение ускорением инфляции и ростом кредитования.
<a href="https://cbr.ru/press/1">Пресс-релиз</a> <a href="#top">наверх</a></p>
<img src="/pics/1.jpg">
<p>Следующее заседание по ставке запланировано на 20 декабря.</p>
"""


def page(head: str, article: str = ARTICLE, extra: str = "") -> str:
    return (
        f'<!doctype html><html><head><meta charset="utf-8"><title>Ставка — Пример</title>{head}'
        '</head><body><nav><a href="/menu">Меню</a></nav><header><img src="/logo.png"></header>'
        f"{extra}<article>{article}</article>"
        '<footer><a href="/about">О нас</a></footer></body></html>'
    )


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rss version="2.0"><channel><title>&lol9;</title>
<item><title>x</title><guid>1</guid><description>&lol9;</description></item></channel></rss>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>t</title>
<item><title>x</title><guid>1</guid><description>&secret;</description></item></channel></rss>
"""


def write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


def json_line(**fields: object) -> str:
    return json.dumps(fields, ensure_ascii=False)


# --- NewsItem ---------------------------------------------------------------------------------


def test_paragraphs() -> None:
    assert NewsItem("1", "Один.\n\nДва.\n \n\n Три. ").paragraphs == ("Один.", "Два.", "Три.")
    assert NewsItem("1", "Строка один\nСтрока два").paragraphs == ("Строка один", "Строка два")
    assert NewsItem("1", "Абзац\nс переносом\n\nДругой").paragraphs == (
        "Абзац\nс переносом",
        "Другой",
    )
    assert NewsItem("1", "  \n ").paragraphs == ()


@pytest.mark.parametrize(
    ("published", "expected"),
    [
        ("2024-10-25T10:00:00Z", 1729850400.0),
        ("2024-10-25T13:00:00+03:00", 1729850400.0),
        ("2024-10-25T10:00:00", 1729850400.0),  # naive = UTC
        ("2024-10-25", 1729814400.0),
        ("", None),
        ("25 октября", None),
        ("Fri, 25 Oct 2024 10:00:00 GMT", None),  # not ISO 8601
    ],
)
def test_timestamp(published: str, expected: float | None) -> None:
    assert NewsItem("1", "т", published=published).timestamp == expected


# --- JSON Lines -------------------------------------------------------------------------------


def test_json_lines(tmp_path: Path) -> None:
    lines = [
        "\ufeff"
        + json_line(
            id="a",
            text="Первый абзац.\n\nВторой.",
            title="Заголовок",
            published="2024-10-25T10:00:00Z",
            source="ТАСС",
            url="https://tass.ru/1",
            links=["https://kremlin.ru"],
            images=["https://tass.ru/1.jpg", "https://tass.ru/2.jpg"],
            extra={"ignored": True},
        ),
        "",
        json_line(id=17, text="Числовой id.", title=None),
        "   ",
        json_line(id="c", text="Only the required fields."),
    ]
    path = write(tmp_path, "stream.jsonl", "\n".join(lines) + "\n")
    items, failures = read_items([path])
    assert failures == []
    assert [item.id for item in items] == ["a", "17", "c"]
    first = items[0]
    assert first.paragraphs == ("Первый абзац.", "Второй.")
    assert first.source == "ТАСС" and first.url == "https://tass.ru/1"
    assert first.links == ("https://kremlin.ru",)
    assert first.images == ("https://tass.ru/1.jpg", "https://tass.ru/2.jpg")
    assert first.timestamp == 1729850400.0
    assert items[1].title == "" and items[2] == NewsItem("c", "Only the required fields.")


def test_json_lines_bad_lines(tmp_path: Path) -> None:
    lines = [
        json_line(id="ok-1", text="Хорошая строка."),
        "{not json",
        json.dumps(["a", "list"]),
        json_line(text="Нет id."),
        json_line(id="x", title="Нет текста"),
        json_line(id="y", text=5),
        json_line(id="z", text="т", links="https://one"),
        json_line(id="w", text="т", source=["ТАСС"]),
        json_line(id=True, text="bool id"),
        json_line(id="  ", text="blank id"),
        "[" * 100_000 + "]" * 100_000,
        json_line(id="ok-1", text="Повтор id."),
        json_line(id="ok-2", text="Снова хорошая."),
    ]
    data = ("\n".join(lines) + "\n").encode() + b'{"id": "bad", "text": "\xff\xfe"}\n'
    path = write(tmp_path, "bad.ndjson", data)
    items, failures = read_items([path])
    assert [item.id for item in items] == ["ok-1", "ok-2"]
    assert all(failure.path == str(path) for failure in failures)
    errors = [failure.error for failure in failures]
    assert errors == [
        "line 2: the line is not valid JSON",
        "line 3: the line is not a JSON object",
        "line 4: the item has no id (a string or a whole number)",
        "line 5: the item has no text (a string)",
        "line 6: the item has no text (a string)",
        "line 7: the field links is not a list of strings",
        "line 8: the field source is not a string",
        "line 9: the item has no id (a string or a whole number)",
        "line 10: the item has an empty id",
        "line 11: the line is not valid JSON",
        f"line 12: the id ok-1 was already given ({path}, line 1); this item is skipped",
        "line 14: the line is not UTF-8 text",
    ]
    assert ("place", "line 2") in failures[0].params
    assert failures[0].template == "the line is not valid JSON"  # translatable as it is


def test_json_line_too_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(items_module, "MAX_LINE_BYTES", 100)
    lines = [
        json_line(id="a", text="короткая"),
        json_line(id="b", text="длинная " * 50),
        json_line(id="c", text="снова короткая"),
    ]
    path = write(tmp_path, "long.jsonl", "\n".join(lines))  # no newline at the end
    items, failures = read_items([path])
    assert [item.id for item in items] == ["a", "c"]
    assert [failure.error for failure in failures] == ["line 2: the line is longer than 100 bytes"]


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    first = write(tmp_path, "1.jsonl", json_line(id="news-1", text="Первый.") + "\n")
    second = write(tmp_path, "2.rss", RSS)
    items, failures = read_items([first, second])
    assert [item.id for item in items] == ["news-1", "https://news.example.ru/a/2"]
    assert [f.path for f in failures] == [str(second)] * 3
    assert [f.error for f in failures if "already" in f.error] == [
        f"entry {n}: the id news-1 was already given ({first}, line 1); this item is skipped"
        for n in (1, 4)
    ]


# --- feeds ------------------------------------------------------------------------------------


def test_rss(tmp_path: Path) -> None:
    items, failures = read_items([write(tmp_path, "news.rss", RSS)])
    assert [item.id for item in items] == ["news-1", "https://news.example.ru/a/2"]
    assert [f.error for f in failures] == [
        "entry 3: the entry has neither text nor title",
        f"entry 4: the id news-1 was already given ({failures[0].path}, entry 1); this item is "
        "skipped",
    ]
    first = items[0]
    assert first.title == "Центробанк повысил ставку"
    assert first.paragraphs == ("Банк России повысил ключевую ставку до 21%.", first.paragraphs[1])
    assert first.paragraphs[1].startswith("Решение жестче ожиданий. Сайт ЦБ")
    assert "alert" not in first.text
    assert first.published == "2024-10-25T10:30:00+00:00"
    assert first.timestamp == NewsItem("x", "", published="2024-10-25T13:30:00+03:00").timestamp
    assert first.source == "Лента новостей"
    assert first.url == "https://news.example.ru/a/1"
    assert first.links == ("https://news.example.ru/cbr",)  # made absolute against the entry
    assert first.images == (
        "https://img.example.ru/1.jpg",
        "https://img.example.ru/2.jpg",
        "https://img.example.ru/3.jpg",
    )
    second = items[1]
    assert second.text == "Простой текст без разметки." and second.published == ""


def test_atom(tmp_path: Path) -> None:
    items, failures = read_items([write(tmp_path, "wire.atom", ATOM)])
    assert failures == []
    first, second = items
    assert first.id == "urn:wire:1"
    assert first.title == "Rates up"
    assert first.paragraphs == (
        "The central bank raised its key rate to 21%.",
        "Markets were surprised. CBR",
    )  # the content, longer than the summary
    assert first.published == "2024-10-25T10:30:00+00:00"
    assert first.source == "Example Wire"
    assert first.links == ("https://cbr.ru/",)
    assert second.published == "2024-10-26T08:00:00+00:00"  # updated when not published


def test_feed_source_falls_back_to_host(tmp_path: Path) -> None:
    feed = RSS.replace("<title>Лента новостей</title>", "")
    feed = feed.replace(
        "<link>https://news.example.ru/</link>", "<link>https://www.lenta.ru/</link>"
    )
    items, _ = read_items([write(tmp_path, "f.xml", feed)])
    assert items[0].source == "lenta.ru"


@pytest.mark.parametrize(
    "content",
    [
        BILLION_LAUGHS.encode(),
        EXTERNAL_ENTITY.encode(),
        BILLION_LAUGHS.replace("<!DOCTYPE", "<!DocType").encode(),
        BILLION_LAUGHS.replace('<?xml version="1.0"?>', "").encode("utf-16"),
        BILLION_LAUGHS.replace('<?xml version="1.0"?>', "").encode("utf-32-be"),
        BILLION_LAUGHS.replace('"1.0"?>', '"1.0" encoding="cp037"?>').encode("cp037"),
        b"<rss><!ENTITY x 'y'><channel/></rss>",
    ],
    ids=["billion-laughs", "external", "mixed-case", "utf16", "utf32", "ebcdic", "bare-entity"],
)
def test_hostile_feed_is_refused(tmp_path: Path, content: bytes) -> None:
    path = write(tmp_path, "evil.xml", content)
    items, failures = read_items([path])
    assert items == []
    assert len(failures) == 1 and failures[0].path == str(path)
    assert "declares a DOCTYPE or entities" in failures[0].error
    assert "refused" in failures[0].error


BAD_REFERENCE_FEED = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Wire{title}</title>
<item><title>Good &#x0000000000041;&#66; one</title><guid>g1</guid>
<description>Alpha beta gamma delta &#233;t&#xE9;.</description></item>
<item><title>Bad {ref} one</title><guid>g2</guid><description>Text {ref} here.</description></item>
<item><title>Also good</title><guid>g3</guid><description>Epsilon zeta.</description></item>
</channel></rss>
"""


@pytest.mark.parametrize(
    "ref",
    ["&#xD800;", "&#99999999999;", "&#1114112;", "&#x110000;", "&#0;", "&#xFDD0;"],
)
@pytest.mark.parametrize("where", ["entry", "channel"])
def test_feed_bad_character_reference_is_one_entrys_failure(
    tmp_path: Path, ref: str, where: str
) -> None:
    """Issue 38: one reference naming no character killed the whole run with a traceback
    (feedparser's chr()); now the entry holding it is a failure and the others are read."""
    title = ref if where == "channel" else ""
    entry_ref = ref if where == "entry" else "&#x42;"
    content = BAD_REFERENCE_FEED.format(title=title, ref=entry_ref)
    items, failures = read_items([write(tmp_path, "bad.xml", content)])
    if where == "entry":
        assert [i.id for i in items] == ["g1", "g3"]
        assert len(failures) == 1
        assert failures[0].error.startswith("entry 2: the entry holds a character reference")
    else:
        assert [i.id for i in items] == ["g1", "g2", "g3"] and failures == []
        assert {i.source for i in items} == {"Wire"}
    assert items[0].title == "Good AB one" and "été" in items[0].text


def test_feed_never_opens_paths_or_urls(tmp_path: Path) -> None:
    """feedparser opens a string that names a file or URL: the bytes are never given as one."""
    secret = write(tmp_path, "secret.rss", RSS)
    for name, content in (("path.xml", str(secret)), ("url.xml", "https://example.com/rss")):
        items, failures = read_items([write(tmp_path, name, content)])
        assert items == []
        assert [f.error for f in failures] == ["not a readable RSS or Atom feed"]


def test_parse_feed_refuses_directly() -> None:
    with pytest.raises(NewsError, match="DOCTYPE"):
        parse_feed(BILLION_LAUGHS.encode())


def test_not_a_feed(tmp_path: Path) -> None:
    items, failures = read_items([write(tmp_path, "junk.xml", b"\x00\x01 not xml at all")])
    assert items == [] and failures[0].error == "not a readable RSS or Atom feed"
    empty_channel = '<rss version="2.0"><channel><title>Пусто</title></channel></rss>'
    items, failures = read_items([write(tmp_path, "none.rss", empty_channel)])
    assert items == [] and failures[0].error == "the feed has no entries"
    items, failures = read_items([write(tmp_path, "empty.rss", b"")])
    assert items == [] and failures[0].error == "the file is empty (0 bytes)"


# --- saved pages ------------------------------------------------------------------------------


def test_page_with_meta_published_time(tmp_path: Path) -> None:
    head = (
        '<meta property="og:title" content="Центробанк повысил ставку до 21%">'
        '<meta property="og:site_name" content="Пример.ру">'
        '<meta property="article:published_time" content="2024-10-25T13:30:00+03:00">'
        '<link rel="canonical" href="https://www.primer.ru/news/1">'
    )
    items, failures = read_items([write(tmp_path, "stavka.html", page(head))])
    assert failures == []
    (item,) = items
    assert item.id == "stavka.html"
    assert item.title == "Центробанк повысил ставку до 21%"
    assert item.published == "2024-10-25T13:30:00+03:00"
    assert item.source == "Пример.ру"
    assert item.url == "https://www.primer.ru/news/1"
    assert item.paragraphs[0].startswith("Совет директоров Банка России")  # headline dropped
    assert "Меню" not in item.text and "О нас" not in item.text
    assert item.links == ("https://cbr.ru/press/1",)  # the article's, not the menu's
    assert item.images == ("https://www.primer.ru/pics/1.jpg",)


def test_page_with_time_element(tmp_path: Path) -> None:
    article = (
        ARTICLE + '<p>Опубликовано <time datetime="2024-10-25T14:00:00+03:00">сегодня</time></p>'
    )
    extra = '<div><time datetime="2020-01-01">старое</time></div>'
    head = '<link rel="canonical" href="https://www.lenta.ru/news/2">'
    (item,), _ = read_items([write(tmp_path, "p.htm", page(head, article, extra))])
    assert item.published == "2024-10-25T14:00:00+03:00"  # the article's time, not the page's
    assert item.source == "lenta.ru"  # the canonical URL's host
    assert item.title == "Центробанк повысил ставку до 21%"  # the h1


def test_page_with_json_ld(tmp_path: Path) -> None:
    ld = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "name": "Пример"},
            {"@type": "NewsArticle", "headline": "Ставка", "datePublished": "2024-10-25T15:00Z"},
        ],
    }
    head = (
        '<script type="application/ld+json">{broken</script>'
        f'<script type="application/ld+json">{json.dumps(ld)}</script>'
    )
    extra = '<div><time datetime="2020-01-01">старое</time></div>'
    (item,), _ = read_items([write(tmp_path, "ld.html", page(head, extra=extra))])
    assert item.published == "2024-10-25T15:00Z"
    assert item.timestamp == NewsItem("x", "", published="2024-10-25T15:00:00Z").timestamp
    assert item.source == "" and item.url == ""


def test_page_without_text(tmp_path: Path) -> None:
    items, failures = read_items([write(tmp_path, "blank.html", "<html><body> </body></html>")])
    assert items == [] and failures[0].error == "no text found in the file"


# --- paths ------------------------------------------------------------------------------------


def test_folders_and_paths(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    write(folder, "b/2.jsonl", json_line(id="two", text="Второй.") + "\n")
    write(folder, "a.jsonl", json_line(id="one", text="Первый.") + "\n")
    write(folder, "c/wire.atom", ATOM)
    write(folder, ".hidden/3.jsonl", json_line(id="hidden", text="Скрытый.") + "\n")
    write(folder, ".4.jsonl", json_line(id="hidden-file", text="Скрытый.") + "\n")
    write(folder, "notes.txt", "not news")
    explicit = write(tmp_path, "notes.txt", "not news")
    missing = tmp_path / "missing.jsonl"
    items, failures = read_items([folder, explicit, missing, folder / "a.jsonl"])
    assert [item.id for item in items] == ["one", "two", "urn:wire:1", "urn:wire:2"]
    assert [f.path for f in failures] == [str(explicit), str(missing)]
    assert failures[0].error.startswith("not a news file (.txt)")
    assert failures[1].error == "file or folder not found"


def test_nothing_given() -> None:
    assert read_items([]) == ([], [])


def test_feed_with_addresses_no_url_parser_reads(tmp_path: Path) -> None:
    """ "http://[::1" made urljoin raise ValueError out of read_items (found by the feed
    fuzzer's seeds, issue 38): such links are left out, the entry is read."""
    content = (
        "<rss><channel><link>http://[::1</link><item><title>x</title><guid>g</guid>"
        '<link>http://[zz</link><description>&lt;a href="http://[::1"&gt;y&lt;/a&gt; text'
        '&lt;img src="/p.jpg"&gt;</description></item></channel></rss>'
    )
    items, failures = read_items([write(tmp_path, "v6.xml", content)])
    assert failures == []
    assert [(i.id, i.text, i.links, i.source) for i in items] == [("g", "y text", (), "")]


@pytest.mark.parametrize(
    "content",
    [
        b'<?xml version="1.0" encoding="u\xff\xff\xfeutf-8"?>\n<feed><title>t</title></feed>',
        b'<?xml version="1.0" encoding="u\x00\x00\x00"?>\n<rss><channel><item/></channel></rss>',
        b'<?xml version="1.0" encoding="ut\xe8\xe8f-8"?>\n<feed><title>t</title></feed>',
    ],
    ids=["ff-in-encoding-name", "nul-in-encoding-name", "e8-in-encoding-name"],
)
def test_feed_whose_encoding_cannot_be_read(tmp_path: Path, content: bytes) -> None:
    """Found by the feed fuzzer (issue 38): feedparser's encoding detection raised
    UnicodeDecodeError or ValueError out of read_items; now the feed is one failure."""
    items, failures = read_items([write(tmp_path, "enc.xml", content)])
    assert items == []
    assert [f.error for f in failures] == [
        "not a readable RSS or Atom feed (its encoding cannot be read)"
    ]


def test_feed_that_stops_the_feed_reader(tmp_path: Path) -> None:
    """Found by the feed fuzzer (issue 38), minimized: feedparser raised KeyError 'links' out
    of read_items; now the feed is one failure and the other files are read."""
    bad = write(tmp_path, "bad.xml", b"<channel<item<link</item</link<")
    good = write(tmp_path, "good.xml", ATOM)
    items, failures = read_items([bad, good])
    assert [i.id for i in items] == ["urn:wire:1", "urn:wire:2"]
    assert [(f.path, f.error) for f in failures] == [
        (str(bad), "the feed is damaged: the feed reader stopped inside it")
    ]
