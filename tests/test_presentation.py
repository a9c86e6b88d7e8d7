"""app/presentation.py: segments, names, percentages and quoted passages; no Qt."""

from __future__ import annotations

import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.app.presentation import (
    ARCHIVE_NAME,
    Segment,
    archived_name,
    display_names,
    error_text,
    failure_text,
    labels_text,
    parse_labels,
    passage,
    percent,
    retold_count,
    retold_edits,
    retold_sentences,
    shown_location,
    source_names,
    text_segments,
)
from copylens.core.documents import TextInput
from copylens.core.engine import check
from copylens.core.errors import TooSlow
from copylens.core.report import Edit, Fragment, InputFailure, SourceMatch

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "resources" / "samples"


def _fragment(start: int, end: int, *edits: tuple[str, int, int], cited: bool = False) -> Fragment:
    return Fragment(
        start, end, 0, 0, 10, 10, tuple(Edit(k, a, b, 0, 0) for k, a, b in edits), cited
    )


# --- text segments ------------------------------------------------------------------------


def test_text_segments_cut_at_every_boundary() -> None:
    sources = [
        [_fragment(2, 10, ("form", 4, 6), ("delete", 8, 8))],
        [_fragment(8, 14)],
    ]
    segments = list(text_segments(16, sources, lookalikes=[5, 12, 99]))
    assert segments == [
        (0, 2, (), False, False, False, False),
        (2, 4, (0,), False, False, False, False),
        (4, 5, (0,), True, False, False, False),
        (5, 6, (0,), True, True, False, False),
        (6, 8, (0,), False, False, False, False),
        (8, 10, (0, 1), False, False, False, False),
        (10, 12, (1,), False, False, False, False),
        (12, 13, (1,), False, True, False, False),
        (13, 14, (1,), False, False, False, False),
        (14, 16, (), False, False, False, False),
    ]
    assert all(isinstance(s, Segment) for s in segments)
    assert segments[3].lookalike and segments[5].sources == (0, 1)


def test_text_segments_merge_touching_fragments_and_clamp() -> None:
    sources = [[_fragment(0, 4), _fragment(4, 8), _fragment(6, 50)]]
    assert list(text_segments(10, sources)) == [(0, 10, (0,), False, False, False, False)]
    assert list(text_segments(0, sources)) == []


def test_text_segments_of_a_text_found_nowhere() -> None:
    assert list(text_segments(7, [])) == [(0, 7, (), False, False, False, False)]
    assert list(text_segments(7, [[], []])) == [(0, 7, (), False, False, False, False)]


def test_text_segments_mark_cited_fragments() -> None:
    """A cited fragment's span is cited, as long as its source comes first there; a borrowed
    fragment touching it stays a span of its own."""
    sources = [
        [_fragment(0, 4), _fragment(4, 9, ("form", 5, 6), cited=True)],
        [_fragment(7, 12, cited=True)],
    ]
    assert list(text_segments(14, sources)) == [
        (0, 4, (0,), False, False, False, False),
        (4, 5, (0,), False, False, True, False),
        (5, 6, (0,), True, False, True, False),
        (6, 7, (0,), False, False, True, False),
        (7, 9, (0, 1), False, False, True, False),
        (9, 12, (1,), False, False, True, False),
        (12, 14, (), False, False, False, False),
    ]


def test_text_segments_mark_retold_sentences_inside_a_passage() -> None:
    """Issue 34: a retold sentence inside a copied passage is its own span, ``retold`` and
    not ``edited`` (a form change inside it too), the rest of the passage plain copy."""
    sources = [[_fragment(0, 20, ("form", 2, 3), ("retold", 6, 14), ("form", 8, 9))]]
    assert list(text_segments(22, sources)) == [
        (0, 2, (0,), False, False, False, False),
        (2, 3, (0,), True, False, False, False),
        (3, 6, (0,), False, False, False, False),
        (6, 14, (0,), False, False, False, True),
        (14, 20, (0,), False, False, False, False),
        (20, 22, (), False, False, False, False),
    ]


def test_retold_edits_and_their_count() -> None:
    passage = _fragment(0, 40, ("retold", 25, 30), ("form", 2, 3), ("retold", 5, 10))
    assert [(e.start, e.end) for e in retold_edits(passage)] == [(5, 10), (25, 30)]
    assert retold_count([passage, _fragment(50, 60, ("replace", 52, 54))]) == 2
    assert retold_edits(_fragment(0, 4)) == ()


_spans = st.tuples(st.integers(-5, 80), st.integers(-5, 80))
_edits = st.lists(
    st.tuples(st.sampled_from(["form", "replace", "insert", "delete", "retold"]), _spans),
    max_size=3,
)
_sources = st.lists(st.lists(st.tuples(_spans, _edits, st.booleans()), max_size=4), max_size=4)


def test_retold_count_counts_a_continued_piece_with_its_sentence() -> None:
    """Issue 34: a sentence whose middle is copied is two retold edits, the second
    ``continued``; they count as one sentence (a continued first piece still counts)."""
    passage = Fragment(
        0,
        60,
        0,
        0,
        10,
        10,
        (
            Edit("retold", 2, 10, 0, 0),
            Edit("form", 12, 13, 0, 0),
            Edit("retold", 15, 20, 0, 0, continued=True),
            Edit("retold", 20, 30, 0, 0),
        ),
    )
    assert retold_sentences(passage) == 2 and retold_count([passage, passage]) == 4
    assert len(retold_edits(passage)) == 3
    alone = Fragment(0, 9, 0, 0, 3, 3, (Edit("retold", 0, 9, 0, 0, continued=True),))
    assert retold_sentences(alone) == 1


@settings(max_examples=300, deadline=None)
@given(length=st.integers(0, 70), raw=_sources, lookalikes=st.lists(st.integers(-3, 75)))
def test_segments_map_exactly_onto_the_text(
    length: int,
    raw: list[list[tuple[tuple[int, int], list[tuple[str, tuple[int, int]]], bool]]],
    lookalikes: list[int],
) -> None:
    """Offsets are sacred: the segments tile [0, length) in order, each character gets the
    sources whose fragments hold it, the edit flag of the first of them, and its look-alike
    mark, whether a cited fragment of the first of them holds it, whatever the fragments
    (overlapping, touching, empty, out of range)."""
    sources = [
        [
            _fragment(a, b, *((kind, x, y) for kind, (x, y) in edits), cited=cited)
            for (a, b), edits, cited in fragments
        ]
        for fragments in raw
    ]
    segments = list(text_segments(length, sources, lookalikes))
    at = 0
    for s in segments:
        assert s.start == at < s.end
        at = s.end
    assert at == length
    per_char = [s for s in segments for _ in range(s.start, s.end)]
    for k, s in enumerate(per_char):
        covering = tuple(n for n, fs in enumerate(sources) if any(f.start <= k < f.end for f in fs))
        assert s.sources == covering

        def holds(kinds: tuple[str, ...], k: int = k, covering: tuple[int, ...] = covering) -> bool:
            return bool(covering) and any(
                e.kind in kinds and e.start <= k < e.end
                for f in sources[covering[0]]
                for e in f.edits
            )

        retold = holds(("retold",))
        assert s.retold == retold
        assert s.edited == (holds(("form", "replace", "insert")) and not retold)
        cited = bool(covering) and any(
            f.cited and f.start <= k < f.end for f in sources[covering[0]]
        )
        assert s.cited == cited
        assert s.lookalike == (k in lookalikes)
    for s in segments:
        assert not s.lookalike or s.end - s.start == 1
    for a, b in pairwise(segments):  # merged where they look the same
        assert (
            a.lookalike
            or b.lookalike
            or (a.sources, a.edited, a.cited, a.retold) != (b.sources, b.edited, b.cited, b.retold)
        )


def test_segments_of_a_real_report_quote_its_fragments() -> None:
    """On the engine's own offsets (Cyrillic text, a look-alike letter), the segments put
    together give back the text, and each fragment's text is the text of its segments."""
    copy = (SAMPLES / "copy_ru.txt").read_text(encoding="utf-8")
    source = (SAMPLES / "source_ru.txt").read_text(encoding="utf-8")
    text = "𝔸 emoji first, then\r\n" + copy
    report = check([TextInput("copy.txt", text)], [TextInput("source.txt", source)])
    doc = report.documents[0]
    assert doc.sources and doc.homoglyphs
    fragments = doc.sources[0].fragments
    segments = list(text_segments(len(text), [fragments], doc.homoglyph_offsets))
    assert "".join(text[s.start : s.end] for s in segments) == text
    for f in fragments:
        inside = [s for s in segments if f.start <= s.start and s.end <= f.end]
        assert "".join(text[s.start : s.end] for s in inside) == text[f.start : f.end]
        assert all(s.sources == (0,) for s in inside)
    glyphs = [s.start for s in segments if s.lookalike]
    assert glyphs == sorted(doc.homoglyph_offsets)


# --- names, percentages, passages ---------------------------------------------------------


def test_display_names() -> None:
    names = display_names(["a/x/essay.txt", "b/x/essay.txt", "c/other.txt", r"C:\w\e.doc"])
    assert names == {
        "a/x/essay.txt": "a/x/essay.txt",
        "b/x/essay.txt": "b/x/essay.txt",
        "c/other.txt": "other.txt",
        r"C:\w\e.doc": "e.doc",
    }
    assert display_names(["same.txt", "same.txt", "/same.txt"]) == {
        "same.txt": "same.txt",
        "/same.txt": "same.txt",  # as deep as it goes: nothing left to tell them apart
    }
    assert display_names([]) == {}


def test_percent() -> None:
    assert [percent(v) for v in (0, 0.004, 0.0451, 0.05, 0.61, 1)] == [
        "0 %",
        "0.4 %",
        "4.5 %",
        "5 %",
        "61 %",
        "100 %",
    ]
    assert percent(0.004, "ru") == "0,4 %" and percent(0.004, "ru_RU") == "0,4 %"
    assert percent(0.61, "ru") == "61 %"
    assert percent(0.981, decimals=1) == "98.1 %" and percent(0, decimals=1) == "0.0 %"
    assert percent(0.981, "ru", decimals=1) == "98,1 %"


def test_passage() -> None:
    text = "Before.  One\n two\tthree. After."
    assert passage(text, 9, 24, 100) == "One two three."
    long = " ".join(f"word{i}" for i in range(100))
    quoted = passage(long, 0, len(long), 40)
    head, tail = quoted.split(" … ")
    assert long.startswith(head) and long.endswith(tail)
    assert len(head) <= 20 and len(tail) <= 20
    assert not head.endswith(" ") and head.split()[-1] in long.split()
    assert tail.split()[0] in long.split()


def test_presentation_does_not_import_qt() -> None:
    code = (
        "import sys, copylens.app.presentation; "
        "sys.exit(any(m.split('.')[0] in ('PySide6', 'shiboken6') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


def test_failure_text_translates_the_template_and_fills_in_the_values() -> None:
    failure = InputFailure.of("a.pdf", TooSlow("took longer than {seconds} s to read", seconds=60))
    table = {("Errors", "took longer than {seconds} s to read"): "читался дольше {seconds} с"}
    assert failure_text(failure, lambda c, t: table.get((c, t), t)) == "читался дольше 60 с"
    assert failure_text(failure, lambda c, t: t) == "took longer than 60 s to read"
    broken = {("Errors", "took longer than {seconds} s to read"): "дольше {secs} с"}
    assert failure_text(failure, lambda c, t: broken.get((c, t), t)) == failure.error
    assert failure_text(InputFailure("b.txt", "plain words"), lambda c, t: "x") == "plain words"


def test_every_error_translation_keeps_the_templates_fields() -> None:
    """A translation must fill the same {fields}, or the window would fall back to English."""
    import re
    import xml.etree.ElementTree as ET

    ts = Path(__file__).resolve().parent.parent / "resources/translations/copylens_ru.ts"
    [errors] = [c for c in ET.parse(ts).getroot().iter("context") if c.findtext("name") == "Errors"]
    fields = re.compile(r"\{(\w+)\}")
    pairs = [(m.findtext("source"), m.findtext("translation")) for m in errors.iter("message")]
    assert len(pairs) > 40
    for source, translation in pairs:
        assert translation and set(fields.findall(source)) == set(fields.findall(translation)), (
            source
        )


# --- archive: labels, source names, locations, errors ------------------------------------


def test_labels_are_read_and_written_as_key_value_pairs() -> None:
    assert parse_labels(" author = Ivanov ; group=301,, year=") == {
        "author": "Ivanov",
        "group": "301",
        "year": "",
    }
    assert parse_labels("") == {} and parse_labels(" , ") == {}
    for bad in ("author", "=Ivanov", "a=1, a=2"):
        with pytest.raises(ValueError):
            parse_labels(bad)
    assert labels_text({"author": "Ivanov", "year": "2024"}) == "author=Ivanov, year=2024"
    assert labels_text((("b", "2"), ("a", "1"))) == "b=2, a=1"
    assert parse_labels(labels_text({"author": "Иванова", "group": "ЭК-22"})) == {
        "author": "Иванова",
        "group": "ЭК-22",
    }


def test_source_names_tell_archived_documents_and_files_apart() -> None:
    def source(path: str, archive_id: int | None = None, **more: object) -> SourceMatch:
        return SourceMatch(path, 0, 0, 0, 0, 0, 0, 0, (), archive_id=archive_id, **more)

    sources = [
        source("2023/essay.docx", 3, labels=(("author", "Ivanov"),)),
        source("2024/essay.docx", 7, labels=(("author", "Petrov"),), self_citation=True),
        source("C:\\old\\essay.docx", 9),
        source("given/essay.docx"),
    ]
    names = source_names(sources, ["mine/essay.docx"])
    assert names == {
        "archive:3": "essay.docx — author=Ivanov · archive #3",
        "archive:7": "essay.docx — author=Petrov · archive #7 · self-citation",
        "archive:9": "essay.docx · archive #9",
        "given/essay.docx": "given/essay.docx",  # unique among the files and the document
    }
    translated = source_names(sources[:1], archive="архив № {id}", self_citation="сам")
    assert translated == {"archive:3": "essay.docx — author=Ivanov · архив № 3"}
    assert archived_name("", (), 5, ARCHIVE_NAME) == "archive #5"


def test_an_archive_address_is_shown_without_its_password() -> None:
    assert shown_location("/home/t/archive.sqlite") == "/home/t/archive.sqlite"
    assert shown_location("postgresql://t:secret@db:5433/x?sslmode=require") == (
        "postgresql://t@db:5433/x?sslmode=require"
    )
    assert shown_location("postgres://:secret@[::1]/x") == "postgres://[::1]/x"
    assert shown_location("postgresql://t@db/x") == "postgresql://t@db/x"


def test_engine_errors_are_translated_by_their_template() -> None:
    from copylens.core.errors import ArchiveError, OptionsError

    error = ArchiveError("there is no archive at {location}", location="/a.sqlite")
    table = {("Errors", "there is no archive at {location}"): "архива {location} нет"}
    translate = lambda context, text: table.get((context, text), text)  # noqa: E731
    assert error_text(error, translate) == "архива /a.sqlite нет"
    assert error_text(error, lambda c, t: "{missing}") == str(error)  # a broken translation
    assert error_text(OptionsError(["x"]), translate) == "invalid options: x"
