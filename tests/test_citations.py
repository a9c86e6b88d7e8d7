"""Citations stage (issue 12): quotations, block quotations, the bibliography, their union."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.citations import (
    PAIRS,
    bibliographies,
    bibliography,
    block_quotations,
    cited_spans,
    hard_wrapped,
    is_appendix_heading,
    is_entry,
    paragraph_end,
    quotations,
    union,
)


def quoted(text: str) -> list[str]:
    return [text[a:b] for a, b in quotations(text)]


def section(text: str) -> str | None:
    found = bibliography(text)
    return None if found is None else text[found[0] : found[1]]


# --- quotation styles ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # ru, uk: «ёлочки», „лапки“ inside
        ("Он сказал: «Это правда» и ушёл.", ["«Это правда»"]),
        (
            "Автор пишет: «Слово „шингл“ означает черепицу» [2].",
            ["«Слово „шингл“ означает черепицу»"],
        ),
        ("Вона сказала: «Це „п'ять“ років» і пішла.", ["«Це „п'ять“ років»"]),
        ("Так: „внешние лапки“ тоже цитата.", ["„внешние лапки“"]),
        # en: “double” with ‘single’ inside, and the British way round
        ("He wrote “it is ‘fine’ now” and left.", ["“it is ‘fine’ now”"]),
        ("She said ‘the “cloud” is ours’ today.", ["‘the “cloud” is ours’"]),
        # de: „…“ with ‚…‘ inside, the book style »…« with ›…‹, and the Swiss «…»
        ("Er sagte: „Das ist ‚gut‘ so“ und ging.", ["„Das ist ‚gut‘ so“"]),
        ("Er sagte: »Das ist ›gut‹ so« und ging.", ["»Das ist ›gut‹ so«"]),
        ("Sie sagte: «Grüezi ‹mitenand›» und lachte.", ["«Grüezi ‹mitenand›»"]),
        # straight quotes, paired by position
        ('He said "hello there" and left.', ['"hello there"']),
        ("He said \"it's a 'test' here\" then.", ["\"it's a 'test' here\""]),
        ("He said 'hello there' and left.", ["'hello there'"]),
        ('Он сказал "привет" и ушёл.', ['"привет"']),
        ('Er sagte: "Hallo" (Zitat).', ['"Hallo"']),
        # Polish-style „…” and the „…“-less typo “…“
        ("Cytat: „tak jest” koniec.", ["„tak jest”"]),
        ("Sie schrieb “falsch getippt“ hier.", ["“falsch getippt“"]),
    ],
)
def test_every_quotation_style_gives_its_span_marks_included(
    text: str, expected: list[str]
) -> None:
    assert quoted(text) == expected


def test_spans_are_character_offsets_including_both_marks() -> None:
    text = "Он сказал: «Это правда» и ушёл."
    assert quotations(text) == ((11, 23),)
    assert text[11] == "«" and text[22] == "»"


def test_nested_quotes_give_the_outermost_span_only() -> None:
    assert quoted("«a „b ‚c‘ d“ e» и «f»") == ["«a „b ‚c‘ d“ e»", "«f»"]
    assert quoted("“one ‘two “three” two’ one”") == ["“one ‘two “three” two’ one”"]
    # doubled guillemets, as Russian texts often nest them
    assert quoted("«Компания «Рога и копыта»» работает.") == ["«Компания «Рога и копыта»»"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "As Smith notes, “plagiarism is theft” (Smith, 2019, p. 4).",
            "“plagiarism is theft”",
        ),
        ('As Smith notes, "plagiarism is theft"(Smith, 2019).', '"plagiarism is theft"'),
        ("Как пишет Иванов, «плагиат есть кража» [3, с. 15].", "«плагиат есть кража»"),
        ("Як пише Коваленко, «плагіат — це крадіжка» [5, с. 7].", "«плагіат — це крадіжка»"),
        (
            "Müller schreibt: „Plagiat ist Diebstahl“ (Müller 2018, S. 5).",
            "„Plagiat ist Diebstahl“",
        ),
    ],
)
def test_a_quote_followed_by_its_reference_ends_at_its_closing_mark(
    text: str, expected: str
) -> None:
    assert quoted(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "Don't stop: it's O'Neil's book and the students' essays in the '90s.",
        "It’s O’Neil’s idea; the students’ work; Bayes’ theorem.",
        "П'ять м'ятих з'явилося; п’ять м’ятих; пʼять.",
        "Ich hab's gesagt, geht's?",
    ],
)
def test_apostrophes_never_open_or_close_a_quote(text: str) -> None:
    assert quotations(text) == ()


def test_known_limits_of_straight_single_quotes() -> None:
    # both marks of rock 'n' roll sit where quotes would: a one-letter "quote" (harmless: far
    # below any match length); an elision before a later possessive pairs with it
    assert quoted("rock 'n' roll") == ["'n'"]
    assert quoted("'tis the students' essay") == ["'tis the students'"]


def test_apostrophes_inside_a_quote_leave_it_whole() -> None:
    assert quoted("He said 'don't do it' twice.") == ["'don't do it'"]
    assert quoted("She said ‘it’s O’Neil’s’ again.") == ["‘it’s O’Neil’s’"]
    assert quoted("Він сказав: 'п'ять' разів.") == ["'п'ять'"]


def test_scare_quotes_are_quotations_too() -> None:
    assert quoted("Так называемый «умный» дом и the “cloud”.") == ["«умный»", "“cloud”"]


# --- unbalanced quotes and paragraphs ------------------------------------------------------


def test_a_quote_left_open_ends_with_its_paragraph_and_cites_nothing() -> None:
    text = "Он сказал: «это не закрыто.\nДалее свой текст. Потом «цитата».\nКонец."
    assert quoted(text) == ["«цитата»"]
    assert quoted("Unclosed “quote and more words until the end") == []
    assert quoted("Unclosed «quote.\n\nA new paragraph » with a stray mark.") == []


def test_a_stray_closing_mark_is_ignored() -> None:
    assert quoted("Stray » here, then «real» one.") == ["«real»"]
    assert quoted("Stray ” here, then “real” one.") == ["“real”"]


def test_a_straight_quote_in_opening_position_replaces_an_unclosed_one() -> None:
    assert quoted('He said "hello. Then "world" ends.') == ['"world"']


def test_a_quote_runs_across_line_wraps_of_a_hard_wrapped_text() -> None:
    pdf = (
        "Как отмечает автор, «всякий частично-дублетный\n"
        "элемент, если он отвечает коммуникативной\n"
        "задаче. Такой элемент необходим\n"
        "постольку, поскольку вносит вклад»\n"
        "в суммарную информацию и далее\n"
        "продолжается текст без кавычек\n"
    )
    assert hard_wrapped(pdf)
    assert quoted(pdf) == [pdf[pdf.index("«") : pdf.index("»") + 1]]


def test_a_quote_runs_across_a_page_break_inside_a_sentence() -> None:
    pdf = "Он пишет: «первая часть цитаты\nидёт здесь\n\n\nи продолжается» дальше\nтекст идёт\n"
    assert quoted(pdf) == [pdf[pdf.index("«") : pdf.index("»") + 1]]
    # but not across a blank line before an upper-case start: a new paragraph
    assert quoted("Он пишет: «первая часть\nидёт здесь\n\nНовый абзац» дальше\nтекст\n") == []


def test_in_one_line_per_paragraph_text_a_finished_sentence_ends_the_paragraph() -> None:
    docx = (
        "Первый абзац длинный и содержит незакрытую «цитату, которая так и не закрывается "
        "до конца абзаца, что бывает при опечатке в тексте студента.\n"
        "Второй абзац тоже длинный и в нём есть закрывающая кавычка» без открывающей, а потом "
        "идёт обычный текст работы, который не должен считаться цитатой.\n"
    )
    assert not hard_wrapped(docx)
    assert quoted(docx) == []


def test_paragraph_end_rules() -> None:
    lines = "One sentence.\nwrapped line\nnext\n\nNew paragraph\n\nlower case goes on"
    ends = [i for i, c in enumerate(lines) if c == "\n" and paragraph_end(lines, i, wrapped=False)]
    assert [lines[:i].rsplit("\n", 1)[-1] for i in ends] == ["One sentence.", "next"]
    assert lines[: lines.index("lower")].endswith("New paragraph\n\n")  # continues: lower case
    wrapped_ends = [
        i for i, c in enumerate(lines) if c == "\n" and paragraph_end(lines, i, wrapped=True)
    ]
    assert [lines[:i].rsplit("\n", 1)[-1] for i in wrapped_ends] == ["next"]


# --- block quotations --------------------------------------------------------------------


def test_lines_starting_with_a_chevron_are_one_block_quotation() -> None:
    text = "He wrote:\n> first quoted line\n>   second one  \n\nMy own text.\n> again\n"
    spans = block_quotations(text)
    assert [text[a:b] for a, b in spans] == [
        "> first quoted line\n>   second one",
        "> again",
    ]


def test_a_chevron_before_a_number_or_equals_sign_is_not_a_block_quotation() -> None:
    assert block_quotations("Возраст\n>60 лет\n> 18\n>= 5 баллов\n") == ()


# --- bibliography -------------------------------------------------------------------------

RU = """Введение

Как отмечает Иванов, «плагиат есть присвоение чужого текста» [1, с. 15].

Заключение

Проблема остаётся актуальной, и литература по ней растёт.

Список литературы

1. Иванов И. И. Плагиат в науке. — М.: Наука, 2019. — 200 с.
2. Петров П. П. Академическая честность // Вестник МГУ. — 2020. — № 3. — С. 10–25.
3. Сидоров С. С. Тексты и заимствования. — СПб.: Питер, 2018. — 150 с.
"""

UK = """Вступ

Як зазначає Коваленко, «п'ять років тому це питання не обговорювали» [2, с. 7].

Список використаних джерел:

1. Коваленко О. В. Академічна доброчесність. — Київ: Наукова думка, 2019. — 180 с.
2. Шевченко Т. Г. Плагіат у студентських роботах // Вісник КНУ. — 2021. — № 2. — С. 5–12.
"""

EN = """Introduction

As Smith notes, “plagiarism is the use of another’s words without credit” (Smith, 2019, p. 4).

5. References

Smith, J. (2019). Academic integrity. Oxford: Oxford University Press.
Doe, A., & Roe, B. (2020). Text reuse detection. Journal of Plagiarism Studies, 3(2), 1–10.
"""

DE = """Einleitung

Wie Müller schreibt, „ein Plagiat ist die Übernahme ‚fremder‘ Texte“ (Müller 2018, S. 5).

Literaturverzeichnis

Müller, K. (2018): Plagiate erkennen. Berlin: Springer.
Schmidt, H. (2020): Textvergleich. In: Zeitschrift für Sprache 12, S. 33–48.
"""


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        (RU, "Список литературы"),
        (UK, "Список використаних джерел:"),
        (EN, "5. References"),
        (DE, "Literaturverzeichnis"),
    ],
)
def test_a_bibliography_at_the_end_runs_from_its_heading_to_the_end(
    text: str, heading: str
) -> None:
    assert section(text) == text[text.index(heading) :].rstrip()


@pytest.mark.parametrize(
    "heading",
    [
        "Литература",
        "СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ",
        "Список источников",
        "Библиографический список",
        "Глава 3. Список литературы:",
        "Використана література",
        "Список літератури",
        "Перелік посилань",
        "Bibliography",
        "Works Cited",
        "Reference list",
        "Literature cited",
        "Sources",
        "Literatur",
        "Quellen",
        "## References",
        "**Список литературы**",
    ],
)
def test_heading_variants(heading: str) -> None:
    text = f"Body text of the essay.\n\n{heading}\n\n{RU.split('Список литературы')[1].strip()}\n"
    assert section(text) == text[text.index(heading) :].rstrip()


@pytest.mark.parametrize(
    ("text", "appendix"),
    [
        (RU, "Приложение А. Анкета"),
        (UK, "Додаток Б"),
        (EN, "Appendix A: Survey questions"),
        (DE, "Anhang"),
    ],
)
def test_a_bibliography_ends_at_an_appendix_heading(text: str, appendix: str) -> None:
    text = text + f"\n{appendix}\n\nТекст приложения. Appendix text. Anhangstext.\n"
    assert section(text) == text[bibliography(text)[0] : text.index(appendix)].rstrip()  # type: ignore[index]
    assert appendix not in (section(text) or "")


def test_prose_after_the_list_ends_the_bibliography_at_its_last_entry() -> None:
    abstract = (
        "\n## Comparative analysis of near-duplicate detection methods\n\n"
        "The work covers a comparative experimental investigation of the most popular modern "
        "methods of near-duplicate detection for textual documents. The quantitative "
        "evaluation of completeness, precision and F-measure is given. The test data used "
        "in the experiments include the ROMIP collections. A new algorithm, having higher "
        "quality factors than the existing approaches, is proposed and evaluated.\n"
    )
    text = RU + abstract
    assert section(text) == RU[RU.index("Список литературы") :].rstrip()


def test_a_table_of_contents_is_not_a_bibliography() -> None:
    toc = (
        "Содержание\n1. Введение\n2. Обзор методов\n3. Эксперименты\nСписок литературы\n"
        "Приложение А\n\n1. Введение\n\nТекст введения с годом 2019 и ссылкой [1].\n"
    )
    assert bibliography(toc) is None
    contents = (
        "Contents\n1. Introduction\n2. Method\n3. Results\nReferences\n\n1. Introduction\n\n"
        "In 2019 the problem grew.\n"
    )
    assert bibliography(contents) is None
    text = contents + EN
    assert section(text) == EN[EN.index("5. References") :].rstrip()


def test_a_heading_word_inside_a_sentence_is_not_a_heading() -> None:
    text = (
        "Русская литература XIX века богата примерами.\n"
        "Литература по теме обширна: Иванов И. И. (2019), Петров П. П. (2020).\n"
        "1. Иванов И. И. писал об этом в 2019 году.\n"
        "2. Петров П. П. ответил ему в 2020 году.\n"
    )
    assert bibliography(text) is None


def test_a_heading_followed_by_prose_is_not_a_bibliography() -> None:
    text = "Литература\n\nВ этой главе рассматривается литература вопроса.\nОна обширна.\n"
    assert bibliography(text) is None


def test_bibliographies_finds_every_section_and_bibliography_the_last() -> None:
    chapter = "Chapter text.\n\nReferences\n\n1. Smith J. Title. 2019.\n2. Doe A. Title. 2020.\n"
    prose = "\n" + "Own prose of the next chapter, long enough to end the list. " * 10 + "\n"
    text = chapter + prose + EN
    found = bibliographies(text)
    assert len(found) == 2
    assert bibliography(text) == found[-1]
    assert text[found[-1][0] :].startswith("5. References")


@pytest.mark.parametrize(
    "line",
    [
        "1. Иванов И. И. Теория. — М.: Наука, 2010. — 200 с.",
        "[12] Зеленков Ю.Г, Сегалович И.В. Сравнительный анализ // Труды RCDL. 2007.",
        "- [13] S. Ilyinsky, M. Kuzmin. An efficient method. WWW Conference 2002.",
        "Smith, J. (2019). Title. Journal, 3(2), 1–10.",
        "Smith, John. Title of the Book. Penguin, 2019.",
        "Müller, K. (2018): Titel. Berlin: Verlag.",
        "Müller, Karl: Plagiate erkennen. Berlin 2018.",
        "World Health Organization. (2019). Global report on plagiarism.",
        "Wikipedia. Bayes' theorem. https://en.wikipedia.org/wiki/Bayes%27_theorem",
    ],
)
def test_entry_lines(line: str) -> None:
    assert is_entry(line)


@pytest.mark.parametrize(
    "line",
    [
        "1. Introduction",
        "In 2019 the company grew.",
        "However, Smith argued in 2019 that",
        "Smith (2019) argued that quotes matter.",
        "Литература",
        "",
    ],
)
def test_non_entry_lines(line: str) -> None:
    assert not is_entry(line)


def test_appendix_headings() -> None:
    assert is_appendix_heading("ПРИЛОЖЕНИЕ 1")
    assert is_appendix_heading("Додаток А. Анкета")
    assert is_appendix_heading("Appendix B: Survey")
    assert not is_appendix_heading("Приложение к журналу «Вестник», 2010.")
    assert not is_appendix_heading("Appendices are listed at the end of this long sentence")


# --- the union -----------------------------------------------------------------------------


def test_cited_spans_is_the_merged_union_and_obeys_its_switches() -> None:
    text = RU
    quotes = quotations(text)
    bib = bibliography(text)
    assert bib is not None
    assert cited_spans(text) == (*quotes, bib)
    assert cited_spans(text, quotes=False) == (bib,)
    assert cited_spans(text, bibliography=False) == quotes
    assert cited_spans(text, quotes=False, bibliography=False) == ()


def test_a_quote_inside_the_bibliography_is_merged_into_it() -> None:
    text = RU.replace("Плагиат в науке", "«Плагиат» в науке")
    bib = bibliography(text)
    assert bib is not None
    assert cited_spans(text, quotes=True)[-1] == bib


def test_union_merges_overlapping_and_touching_spans() -> None:
    assert union([(5, 9), (0, 3), (3, 4), (8, 12), (20, 20)]) == ((0, 4), (5, 12))


# --- properties ------------------------------------------------------------------------------

_ALPHABET = list("ab п'ять.,:;!?()-—") + list("«»‹›“”„‘’‚\"'") + ["\n", "\n\n", "  "]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_ALPHABET), max_size=80).map("".join))
def test_quotation_spans_are_well_formed(text: str) -> None:
    spans = quotations(text)
    wrapped = hard_wrapped(text)
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        assert text[start] in PAIRS and text[end - 1] in PAIRS[text[start]]
        assert not (text[start] in "'’" and text[start - 1 : start].isalnum())
        inner_breaks = [i for i in range(start, end) if text[i] == "\n"]
        assert not any(paragraph_end(text, i, wrapped=wrapped) for i in inner_breaks)
        previous_end = end


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_ALPHABET), max_size=80).map("".join))
def test_block_and_cited_spans_are_sorted_and_disjoint(text: str) -> None:
    text = text.replace("a", "\n> a")
    for spans, gap in ((block_quotations(text), 0), (cited_spans(text), 1)):
        previous_end = -gap
        for start, end in spans:
            assert previous_end + gap <= start < end <= len(text)
            previous_end = end


_LINES = [
    "Список литературы",
    "References",
    "Literaturverzeichnis",
    "1. Иванов И. И. Теория. — М.: Наука, 2010. — 200 с.",
    "Smith, J. (2019). Title. Journal, 3(2), 1–10.",
    "[3] Müller, K. (2018): Titel. Berlin: Verlag.",
    "1. Introduction",
    "Приложение А",
    "Appendix B: Survey",
    "Обычный текст работы, в котором есть слово литература и год 2019.",
    "Own text of the essay. " * 20,
    "",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=30).map("\n".join))
def test_bibliography_spans_start_at_a_heading_and_hold_no_appendix(text: str) -> None:
    previous_end = 0
    for start, end in bibliographies(text):
        assert previous_end <= start < end <= len(text)
        assert start == 0 or text[start - 1] == "\n"
        assert text[start:].split("\n", 1)[0] in _LINES[:3]
        inner = text[start:end].split("\n")
        assert not any(is_appendix_heading(line) for line in inner)
        assert sum(is_entry(line) for line in inner) >= 2
        previous_end = end


# --- linear time ---------------------------------------------------------------------------


HOSTILE_TEXTS = {
    "marks": "“" * 100_000 + "»" * 100_000,
    "straight": '"a ' * 70_000,
    "open-lines": "«a\n" * 70_000,
    "headings": "References\n" * 20_000,
    "spaces": " " * 200_000 + "\n",
}
"""Texts that would take a quadratic scan minutes (bench/bench_latency.py times them: well
under a second each, and twice the text about twice the time)."""


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("marks", ((0, 2),)),  # ““ is a German-style pair; nothing else closes
        ("straight", ()),
        ("open-lines", ()),
        ("headings", ()),
        ("spaces", ()),
    ],
)
def test_hostile_texts_are_read_whole_and_cite_only_what_is_closed(
    name: str, expected: tuple[tuple[int, int], ...]
) -> None:
    assert cited_spans(HOSTILE_TEXTS[name]) == expected
