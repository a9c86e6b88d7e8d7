"""Cases for measuring citations in the engine (issue 12): essays that quote a real source.

Each :class:`CitationCase` is ``(language, essay, source, cited)``: an essay in Russian,
Ukrainian, English or German that quotes sentences of a real source (the seed papers in
``../shared/seeds``, a Clough–Stevenson Wikipedia source), copies one more sentence of it
*without* quotation marks, and ends with a bibliography that lists the source; ``cited`` are
the character spans of the essay that are cited by construction: each quotation with its
marks (nested quotes inside their outer span), a ``>`` block quotation, and the bibliography
from its heading to the end. The integrator's measure: the quoted copies come out cited, the
unquoted copy comes out borrowed, and nothing outside ``cited`` is cited.

The quoted sentences are read from the source at run time (found by their first words, so the
quote is the source's own text; inner quotation marks become the nested style of the essay's
language); the essays' own sentences and the frames around the quotes are written here. The
Ukrainian essay is hard-wrapped at 72 columns (as plain text and PDF extractions are), so its
quotations run across line breaks. Deterministic: no randomness, same data -> same cases.

    python bench/citation_cases.py    # the cases, and whether copylens finds exactly ``cited``
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from shared import CLOUGH_DIR, SEEDS_DIR
else:
    from bench.shared import CLOUGH_DIR, SEEDS_DIR

Span = tuple[int, int]


class CitationCase(NamedTuple):
    language: str
    essay: str
    source: str
    cited: tuple[Span, ...]
    """Sorted, disjoint [start, end) spans of ``essay``."""


def citation_cases() -> list[CitationCase]:
    """One case per language: ru, uk, en, de (see the module docstring)."""
    return [_russian(), _ukrainian(), _english(), _german()]


# --- building an essay -----------------------------------------------------------------------


class _Essay:
    """An essay put together piece by piece, the cited pieces' spans recorded."""

    def __init__(self) -> None:
        self.text = ""
        self.cited: list[Span] = []

    def paragraph(self, *pieces: str | tuple[str], wrap: int = 0) -> None:
        """A paragraph of pieces (a 1-tuple is a cited piece), then a blank line; ``wrap``
        breaks its lines at that width by turning spaces into line breaks (offsets kept)."""
        texts = [p[0] if isinstance(p, tuple) else p for p in pieces]
        joined = _wrapped("".join(texts), wrap) if wrap else "".join(texts)
        at = 0
        for piece, text in zip(pieces, texts, strict=True):
            if isinstance(piece, tuple):
                self.cited.append((len(self.text) + at, len(self.text) + at + len(text)))
            at += len(text)
        self.text += joined + "\n\n"

    def bibliography(self, heading: str, entries: list[str], wrap: int = 0) -> None:
        """The references section, cited from its heading to its end; numbered entries, each
        wrapped at ``wrap`` if given."""
        lines = [f"{i}. {entry}" for i, entry in enumerate(entries, 1)]
        body = heading + "\n\n" + "\n".join(_wrapped(e, wrap) if wrap else e for e in lines)
        self.cited.append((len(self.text), len(self.text) + len(body)))
        self.text += body + "\n"


def _wrapped(text: str, width: int) -> str:
    """``text`` with spaces turned into line breaks so that no line is wider than ``width``
    (where words allow): the same length, the same offsets."""
    chars = list(text)
    line_start = 0
    last_space = -1
    for i, char in enumerate(chars):
        if char == " ":
            last_space = i
        if i - line_start >= width and last_space > line_start:
            chars[last_space] = "\n"
            line_start = last_space + 1
    return "".join(chars)


def _sentence(source: str, first_words: str) -> str:
    """The source's sentence (or bullet line) that starts with ``first_words``, whitespace
    collapsed, without its final full stop."""
    start = source.index(first_words)
    end = re.compile(r"[.!?](?=\s|$)|\n").search(source, start)
    sentence = source[start : end.start() if end else len(source)]
    return " ".join(sentence.split())


def _line(source: str, first_words: str) -> str:
    """The rest of the source's line that starts with ``first_words``, Markdown emphasis
    dropped."""
    start = source.index(first_words)
    end = source.find("\n", start)
    return " ".join(source[start : end if end >= 0 else len(source)].replace("*", "").split())


def _nested(inner: dict[str, str]) -> Callable[[str], str]:
    """Replaces the quotation marks inside a quote by the nested ones of the essay."""
    return lambda text: text.translate(str.maketrans(inner))


def _straight_to_single(text: str) -> str:
    """Straight double quotes inside an English quote become ‘…’."""
    return re.sub(r'"([^"]*)"', "‘\\1’", text)


def _read(path: Path) -> str:
    if not path.is_file():
        raise FileNotFoundError(f"{path} not found: the cases need ../shared (see bench/shared.py)")
    return path.read_text(encoding="utf-8")


# --- the cases ---------------------------------------------------------------------------------


def _russian() -> CitationCase:
    """Zelenkov & Segalovich (RCDL 2007): «…» with „…“ inside, straight "…", [n, с. k]."""
    source = _read(SEEDS_DIR / "000_c4c454689933aaa5.txt")
    nested = _nested({"«": "„", "»": "“"})
    essay = _Essay()
    essay.paragraph(
        "В этом эссе я рассматриваю, как поисковые машины находят почти одинаковые страницы "
        "и почему эта задача важна для проверки студенческих работ."
    )
    essay.paragraph(
        "Зеленков и Сегалович начинают с постановки задачи: ",
        (f"«{_sentence(source, 'Проблема обнаружения нечетких дубликатов является')}»",),
        " [1, с. 1]. ",
        _sentence(source, "Основным препятствием для успешного решения") + ". ",
        "Отсюда и главный вопрос всей статьи.",
    )
    essay.paragraph(
        "Авторы подчёркивают: ",
        (f"«{nested(_sentence(source, 'Такой объем делает практически невозможным'))}»",),
        " [1]. Мне кажется, что именно это ограничение определило выбор так называемых ",
        ("«шинглов»",),
        ", о которых пойдёт речь дальше.",
    )
    essay.paragraph(
        "Сходство документов авторы определяют просто: ",
        (f'"{_sentence(source, "Два документа считались похожими")}"',),
        " [1]. Для моей работы этого определения достаточно.",
    )
    essay.bibliography(
        "Список литературы",
        [
            "Зеленков Ю. Г., Сегалович И. В. Сравнительный анализ методов определения нечетких "
            "дубликатов для Web-документов // Электронные библиотеки: перспективные методы и "
            "технологии, электронные коллекции: Труды 9-й Всероссийской научной конференции "
            "RCDL'2007. — Переславль-Залесский, 2007.",
            _line(source, "A. Broder, S. Glassman"),
            _line(source, "Д. Гасфилд."),
        ],
    )
    return CitationCase("ru", essay.text, source, tuple(essay.cited))


def _ukrainian() -> CitationCase:
    """Mykhailiuk & Netetskyi (KPI): «…» with „…“ inside, apostrophes, wrapped at 72."""
    source = _read(SEEDS_DIR / "003_70fad9d12352665e.txt")
    nested = _nested({"“": "„", "”": "“"})
    essay = _Essay()
    essay.paragraph(
        "У цьому рефераті я розглядаю, як інформаційно-пошукові системи знаходять майже "
        "однакові документи і чому ця задача потрібна для перевірки студентських робіт.",
        wrap=72,
    )
    essay.paragraph(
        "Автори статті зазначають: ",
        (f"«{_sentence(source, 'Одним із завдань, з яким стикається')}»",),
        " [1, с. 1]. ",
        _sentence(source, "У спрощеному вигляді задача зводиться") + ". ",
        "Саме з цього питання п'ять розділів статті й починаються.",
        wrap=72,
    )
    essay.paragraph(
        "Для оцінки методу використано дві міри: ",
        (f"«{nested(_sentence(source, 'Під повнотою автор мав на увазі'))}»",),
        " [1]. Далі автори описують метод луски: ",
        (f"«{_sentence(source, 'Десятислів’я йдуть з перекриттям')}»",),
        " [1, с. 3].",
        wrap=72,
    )
    essay.bibliography(
        "Список використаних джерел",
        [
            "Михайлюк О. С., Нетецький К. І. Дослідження алгоритмів виявлення дублювань у "
            "текстових інформаційних об'єктах. — Київ: НТУУ «Київський політехнічний інститут».",
            _line(source, "Романовский И. В.").removeprefix("2. "),
            _line(source, "Косинов, Д.И.").removeprefix("3. "),
        ],
        wrap=72,
    )
    return CitationCase("uk", essay.text, source, tuple(essay.cited))


def _english() -> CitationCase:
    """Wikipedia, Inheritance (Clough–Stevenson task a): “…” with ‘…’ inside, straight "…",
    a > block quotation, (Author, year)."""
    source = _read(CLOUGH_DIR / "corpus-20090418" / "orig_taska.txt")
    nested = _straight_to_single
    essay = _Essay()
    essay.paragraph(
        "This essay looks at how object-oriented languages let one class build on another, "
        "and at what goes wrong when that mechanism is overused."
    )
    essay.paragraph(
        "The idea is best shown by an example: ",
        (f"“{nested(_sentence(source, 'For instance, a'))}”",),
        " (Wikipedia). ",
        _sentence(source, "Inheritance is also sometimes called generalization") + ". ",
        "I will come back to this hierarchy below.",
    )
    essay.paragraph(
        "The article also names the main benefit: ",
        (f'"{_sentence(source, "An advantage of inheritance is that")}"',),
        " (Wikipedia). It continues:",
    )
    block = "\n".join(
        f"> {_sentence(source, first)}."
        for first in ("Inheritance therefore has another view", "Complex inheritance, or")
    )
    essay.paragraph((block,))
    essay.paragraph("In my own projects I prefer composition for exactly this reason.")
    essay.bibliography(
        "References",
        [
            "Clough, P. and Stevenson, M. (2011). Developing a corpus of plagiarised short "
            "answers. Language Resources and Evaluation, 45(1), 5–24.",
            "Wikipedia. Inheritance (object-oriented programming). "
            "https://en.wikipedia.org/wiki/Inheritance_(object-oriented_programming)",
        ],
    )
    return CitationCase("en", essay.text, source, tuple(essay.cited))


def _german() -> CitationCase:
    """Flamming (TU Berlin, 2009/10 seminar slides): „…“, (Author year)."""
    source = _read(SEEDS_DIR / "004_0164cace18e5e354.txt")
    essay = _Essay()
    essay.paragraph(
        "In dieser Hausarbeit geht es darum, wie man fast gleiche Texte in großen Sammlungen "
        "findet und warum das für die Prüfung von Seminararbeiten wichtig ist."
    )
    essay.paragraph(
        "Zur Levenshtein-Distanz heißt es: ",
        (f"„{_sentence(source, 'Beschreibt die minimale Anzahl')}“",),
        " (Flamming 2009). ",
        _sentence(source, "Ist diese über einem gewissen Schwellenwert") + ". ",
        "Das ist der Kern des Verfahrens.",
    )
    essay.paragraph(
        "Über das Stemming urteilt der Autor vorsichtig: ",
        (f"„{_sentence(source, 'Stemmer geben viele falsche Ergebnisse')}“",),
        " (Flamming 2009). Für deutsche Texte scheint mir das zu optimistisch.",
    )
    essay.bibliography(
        "Literaturverzeichnis",
        [
            "Broder, A. Z. (2000): Identifying and Filtering Near-Duplicate Documents. In: "
            "Proceedings of the 11th Annual Symposium on Combinatorial Pattern Matching, S. 1–10.",
            "Flamming, D. (2009): Erkennen von Duplikaten und nahen Duplikaten in Textkorpora. "
            "Seminar IMSEM: Data Mining mit Apache Mahout (WS09/10), Technische Universität "
            "Berlin.",
        ],
    )
    return CitationCase("de", essay.text, source, tuple(essay.cited))


def main() -> int:
    """Print each case's cited passages and whether copylens finds exactly those spans."""
    from copylens.core.citations import cited_spans

    differ = 0
    for case in citation_cases():
        found = cited_spans(case.essay)
        differ += found != case.cited
        print(
            f"== {case.language}: {len(case.essay)} characters, {len(case.cited)} cited spans,"
            f" copylens {'agrees' if found == case.cited else f'differs: {found}'}"
        )
        for start, end in case.cited:
            print(f"   [{start}, {end}) {case.essay[start:end][:90]!r}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
