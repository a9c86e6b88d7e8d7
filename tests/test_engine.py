"""The engine's entry points end to end, on in-memory texts and real files, with properties."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from copylens.core import engine
from copylens.core.canonicalize import canonicalize, clause_ids, word_spans
from copylens.core.documents import TextInput
from copylens.core.engine import check, compare
from copylens.core.errors import Cancelled
from copylens.core.options import Options
from copylens.core.resources import stop_words
from copylens.core.shingle import shingle_set, shingles
from copylens.core.spill import Spilled, Spot

EN = Options(language="en")
SOURCE = (
    "Plagiarism detection compares a suspicious document with a collection of sources and "
    "reports the passages they share. Modern systems canonicalize the text, cut it into "
    "overlapping shingles and estimate resemblance with minimum hashing. Containment tells "
    "how much of one document is found inside another one, which matters when a short "
    "excerpt was taken from a long article."
)
RU_SOURCE = (
    "Студенты первого курса изучают основы программирования и решают практические задачи. "
    "Преподаватели проверяют письменные работы и обсуждают типичные ошибки на семинарах. "
    "Итоговая оценка складывается из результатов контрольных работ и экзамена в конце семестра."
)
RU_FORMS = (
    "Студент первого курса изучает основу программирования и решает практическую задачу. "
    "Преподаватель проверяет письменную работу и обсуждает типичную ошибку на семинаре. "
    "Итоговые оценки складываются из результата контрольной работы и экзаменов в конце семестров."
)


def test_self_check_of_a_copy_gives_full_containment() -> None:
    report = check([TextInput("copy.txt", SOURCE)], [TextInput("orig.txt", SOURCE)], EN)
    [doc] = report.documents
    [src] = doc.sources
    assert (src.containment, src.reverse_containment, src.resemblance) == (1.0, 1.0, 1.0)
    assert doc.uniqueness == 0.0
    assert src.resemblance_estimate == 1.0


def test_a_file_on_both_sides_is_not_compared_with_itself(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text(SOURCE, encoding="utf-8")
    report = check([a], [a, tmp_path], EN)
    [doc] = report.documents
    assert doc.sources == () and doc.uniqueness == 1.0


def test_russian_copy_with_changed_word_forms_is_caught() -> None:
    report = check([TextInput("forms", RU_FORMS)], [TextInput("src", RU_SOURCE)])
    [doc] = report.documents
    assert doc.language == "ru"
    [src] = doc.sources
    assert src.containment > 0.95 and doc.uniqueness < 0.05
    [frag] = src.fragments
    assert any(e.kind == "form" for e in frag.edits)
    # the copy signal alone: the paraphrase stage (issue 35's ordered chains) retells-matches the
    # sentences whatever the lemmas, so it would hide what lemmas do for the aligner
    as_written = Options(lemmatize=False, paraphrase=False)
    [plain] = check(
        [TextInput("forms", RU_FORMS)], [TextInput("src", RU_SOURCE)], as_written
    ).documents
    assert plain.uniqueness > 0.5  # without lemmas most of the copy goes unnoticed
    [meaning] = check(
        [TextInput("forms", RU_FORMS)], [TextInput("src", RU_SOURCE)], Options(lemmatize=False)
    ).documents
    assert meaning.uniqueness < 0.05  # ... but the paraphrase stage still finds it


def test_latin_lookalikes_and_zero_width_characters_are_caught() -> None:
    tricked = RU_SOURCE.replace("о", "o").replace("а", "a").replace("ра", "р\u200bа")
    report = check([TextInput("tricked", tricked)], [TextInput("src", RU_SOURCE)])
    [doc] = report.documents
    assert doc.homoglyphs == tricked.count("o") + tricked.count("a")
    assert all(tricked[i] in "oa" for i in doc.homoglyph_offsets)
    assert doc.sources[0].containment == 1.0


def test_short_excerpt_has_high_containment_and_low_resemblance() -> None:
    long_text = (
        SOURCE + " " + " ".join(f"Extra sentence number{i} about topic{i}." for i in range(200))
    )
    excerpt = SOURCE.split(". ")[1] + "."
    report = check([TextInput("excerpt", excerpt)], [TextInput("long", long_text)], EN)
    [src] = report.documents[0].sources
    assert src.containment == 1.0
    assert src.resemblance < 0.05 and src.reverse_containment < 0.1


def test_sources_are_sorted_by_containment_and_exclusive_share_is_reported() -> None:
    half = SOURCE[: len(SOURCE) // 2]
    report = check(
        [TextInput("doc", SOURCE)],
        [TextInput("half", half), TextInput("full", SOURCE), TextInput("other", RU_SOURCE)],
        EN,
    )
    sources = report.documents[0].sources
    assert [s.path for s in sources] == ["full", "half"]
    assert sources[0].exclusive > 0.3 and sources[1].exclusive == 0.0


def test_unreadable_inputs_are_listed_and_the_rest_is_checked(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(SOURCE, encoding="utf-8")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    report = check([good, empty, tmp_path / "missing.txt"], [TextInput("src", SOURCE)], EN)
    assert [d.path for d in report.documents] == [str(good)]
    assert {Path(e.path).name for e in report.errors} == {"empty.txt", "missing.txt"}


def test_compare_finds_pairs_and_clusters() -> None:
    preface = "Вступление к работе содержит благодарности научному руководителю и коллегам. "
    docs = [
        TextInput("a", SOURCE),
        TextInput("b", SOURCE.replace("Modern", "Current")),
        TextInput("c", RU_SOURCE),
        TextInput("d", preface * 3 + RU_FORMS),
        TextInput("e", "Совершенно другой текст о погоде, море и путешествиях летом по горам."),
    ]
    report = compare(docs)
    found = {(p.a, p.b): p for p in report.pairs}
    assert set(found) == {("a", "b"), ("c", "d")}
    assert found[("c", "d")].containment_ab == 1.0 and found[("c", "d")].containment_ba < 0.8
    assert report.clusters == (("a", "b"), ("c", "d"))
    strict = compare(docs, Options(min_containment=0.99))
    assert [(p.a, p.b) for p in strict.pairs] == [("a", "b"), ("c", "d")]  # max of both ways
    assert compare(docs[2:], Options(min_containment=0.99, max_gap=0)).pairs[0].a == "c"


def test_cancel_stops_the_run() -> None:
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return True

    try:
        check([TextInput("a", SOURCE)], [TextInput("b", SOURCE)], cancel=cancel)
    except Cancelled:
        assert calls
    else:
        raise AssertionError("check did not stop")


def test_compare_runs_on_a_process_pool_for_many_files(tmp_path: Path) -> None:
    for n in range(40):
        (tmp_path / f"essay{n:02}.txt").write_text(
            f"Essay {n} unique{n} words{n} only. " + (SOURCE if n in (3, 30) else ""),
            encoding="utf-8",
        )
    seen = []
    report = compare(
        [tmp_path],
        Options(language="en", workers=2),
        progress=lambda stage, done, total: seen.append((stage, done, total)),
    )
    assert [(Path(p.a).name, Path(p.b).name) for p in report.pairs] == [
        ("essay03.txt", "essay30.txt")
    ]
    assert ("reading", 40, 40) in seen


# --- properties -------------------------------------------------------------------------

_STOP = frozenset().union(*(stop_words(lang) for lang in ("en", "de", "fr", "es", "it", "nl")))
VOCAB = [
    word
    for word in (
        f"{a}{b}{c}" for a in "bdfgklmnprst" for b in "aeiou" for c in ("n", "r", "st", "mb")
    )
    if word not in _STOP  # every generated word counts, so texts of 12+ words can match
]
words = st.lists(st.sampled_from(VOCAB), min_size=12, max_size=80)


def _text(ws: list[str]) -> str:
    out = []
    for n, w in enumerate(ws):
        out.append(w + ("." if n % 9 == 8 else ""))
    return " ".join(out)


@st.composite
def text_pairs(draw: st.DrawFn) -> tuple[str, str]:
    a = draw(words)
    b = draw(words)
    lo = draw(st.integers(0, len(a) - 1))
    hi = draw(st.integers(lo, len(a)))
    at = draw(st.integers(0, len(b)))
    return _text(a), _text(b[:at] + a[lo:hi] + b[at:])


def _on_word_boundaries(text: str, start: int, end: int) -> bool:
    spans = word_spans(text)
    return start in {s for s, _ in spans} and end in {e for _, e in spans}


def _shingled(text: str) -> tuple[np.ndarray, bool]:
    """The text's w-shingle set S (ALGORITHMS.md §2, as the engine makes it), and whether no
    shingle occurs twice in the text (the set then has one element a position)."""
    hashes = canonicalize(text, EN).hashes
    return shingle_set(hashes, EN.shingle), len(shingle_set(hashes, EN.shingle)) == len(
        shingles(hashes, EN.shingle)
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text_pairs())
@example(  # the source holds the text twice: the copy not aligned is a further match
    (
        "ban ban best ban ban ber ban ban bamb. ban ban bar bast ban ban bast ban bar. ban",
        "ban ban ban best ban ban ber ban ban. bamb ban ban bar bast ban ban bast ban. best ban "
        "ban ber ban ban bamb ban ban. bar bast ban ban bast ban bar ban",
    )
)
@example(("ban ban ban ban ban ban ban ban ban. ban ban ban",) * 2)  # a refrain, whole
@example(  # a refrain one word longer than the source's: S(A) = S(B), 12 of A's 13 words shown
    (
        "ban ban ban ban ban ban ban ban ban. ban ban ban ban",
        "ban ban ban ban ban ban ban ban ban. ban ban ban",
    )
)
def test_fragments_lie_on_word_boundaries_and_resemblance_is_bounded(pair: tuple[str, str]) -> None:
    """Broder's r(A,B) <= c(A,B) holds for shingle sets (ALGORITHMS.md §2). The reported
    containment is another measure, the share of words the fragments show (``SourceMatch``):
    it is bounded by the resemblance only where neither text repeats a shingle. A repeated one
    counts once in S, so a refrain of 13 words and one of 12 have equal sets (r = 1), while a
    fragment of the 12 shows 12 of the 13 words (the example above)."""
    a, b = pair
    report = check([TextInput("a", a)], [TextInput("b", b)], EN)
    [doc] = report.documents
    (sa, a_distinct), (sb, b_distinct) = _shingled(a), _shingled(b)
    shared = len(np.intersect1d(sa, sb))
    for src in doc.sources:
        assert src.resemblance == shared / (len(sa) + len(sb) - shared)
        assert src.resemblance <= min(shared / len(sa), shared / len(sb))  # Broder, on sets
        if a_distinct and b_distinct:
            assert src.resemblance <= min(src.containment, src.reverse_containment) + 1e-9
        for f in src.fragments:
            assert 0 <= f.start < f.end <= len(a) and 0 <= f.source_start < f.source_end <= len(b)
            assert _on_word_boundaries(a, f.start, f.end)
            assert _on_word_boundaries(b, f.source_start, f.source_end)
            for e in f.edits:
                assert f.start <= e.start <= e.end <= f.end
    assert 0.0 <= doc.uniqueness <= 1.0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(VOCAB), min_size=12, max_size=120, unique=True))
def test_checking_a_text_against_its_copy_gives_containment_one(ws: list[str]) -> None:
    text = _text(ws)
    [doc] = check([TextInput("a", text)], [TextInput("b", text)], EN).documents
    assert doc.uniqueness == 0.0
    assert doc.sources[0].containment == 1.0 == doc.sources[0].resemblance


def test_word_boundaries_helper_agrees_with_a_regex() -> None:
    text = "one two, three"
    assert [text[s:e] for s, e in word_spans(text)] == re.findall(r"\w+", text)


def test_documents_carry_the_sha256_of_the_file_bytes(tmp_path: Path) -> None:
    import hashlib

    f = tmp_path / "cp1251.txt"
    f.write_bytes(RU_SOURCE.encode("cp1251"))
    [doc] = check([f], [TextInput("src", RU_SOURCE)]).documents
    assert doc.sha256 == hashlib.sha256(f.read_bytes()).hexdigest()
    assert doc.sources[0].containment == 1.0


def test_results_are_delivered_document_by_document() -> None:
    delivered: list[str] = []
    report = check(
        [
            TextInput("copy", SOURCE),
            TextInput("alone", "Совсем другой текст про горы и реки."),
            TextInput("forms", RU_FORMS),
        ],
        [TextInput("src", SOURCE), TextInput("ru", RU_SOURCE)],
        on_document=lambda result, text: delivered.append(result.path),
    )
    assert sorted(delivered) == ["alone", "copy", "forms"]
    assert delivered[0] == "alone"  # nothing to compare: ready before any alignment
    assert [d.path for d in report.documents] == ["copy", "alone", "forms"]


def test_own_sentence_between_copied_ones_breaks_the_fragment() -> None:
    first, second = SOURCE.split(". ")[0] + ".", ". ".join(SOURCE.split(". ")[1:])
    own = "Honestly my grandmother kept punched cards in shoeboxes under her bed for decades."
    text = f"{first} {own} {second}"
    report = check([TextInput("doc", text)], [TextInput("src", SOURCE)], EN)
    [doc] = report.documents
    [src] = doc.sources
    before, after = src.fragments  # the writer's sentence is in neither
    assert before.end <= text.index(own) and after.start >= text.index(own) + len(own)
    assert text[before.start : before.end] == first.rstrip(".")
    own_words = 8  # counted words of the inserted sentence (stop words excluded)
    assert abs((1 - src.containment) * doc.counted_words - own_words) <= 1
    assert doc.uniqueness > 0.1


def test_a_sentence_from_elsewhere_in_the_source_inside_a_passage_counts_as_copied() -> None:
    far = (
        "Rainfall in the northern valleys was unusually low this year, so farmers planted "
        "drought resistant barley and repaired the old irrigation channels."
    )
    filler = " ".join(f"word{i}" for i in range(80))
    source = f"{SOURCE} {filler} {far}"
    first, second = SOURCE.split(". ")[0] + ".", ". ".join(SOURCE.split(". ")[1:])
    copy = f"{first} {far} {second}"
    report = check([TextInput("doc", copy)], [TextInput("src", source)], EN)
    [src] = report.documents[0].sources
    [fragment] = src.fragments  # one passage; the far sentence is an insert inside it
    assert any(e.kind == "insert" and "Rainfall" in copy[e.start : e.end] for e in fragment.edits)
    assert src.containment == 1.0  # ...yet its words are copied, from the source's end
    assert report.documents[0].uniqueness == 0.0


def test_uncounted_words_at_a_fragments_ends_are_highlighted_too() -> None:
    passage = SOURCE[SOURCE.index("with a collection") : SOURCE.index(" matters")]
    assert passage.startswith("with a") and passage.endswith("which")  # stop words at both ends
    copy = f"Honestly I think that {passage} is my own ending."
    report = check([TextInput("doc", copy)], [TextInput("src", SOURCE)], EN)
    [fragment] = report.documents[0].sources[0].fragments
    assert copy[fragment.start : fragment.end] == passage
    assert SOURCE[fragment.source_start : fragment.source_end] == passage


HEAT_SOURCE = (
    "Городские острова тепла возникают там, где асфальт, бетон и кирпич накапливают солнечное "
    "тепло днём и медленно отдают его воздуху ночью. Разница температур между центром "
    "крупного города и его сельскими окрестностями может достигать десяти градусов в "
    "безветренную летнюю ночь. Зелёные насаждения являются важнейшим средством борьбы с "
    "перегревом городской среды, потому что кроны деревьев задерживают до девяноста процентов "
    "солнечного излучения. Листья испаряют влагу и тем самым охлаждают окружающий воздух на "
    "несколько градусов. Исследования показывают, что жители районов с большим количеством "
    "зелени реже жалуются на стресс и чаще занимаются спортом на открытом воздухе."
)
HEAT_OWN = (
    "Я заметила это прошлым летом у себя во дворе.",
    "Мой дед жил в деревне и всегда спал с открытым окном.",
    "Это кажется мне очень убедительным доводом.",
)


def test_issue_12_essay_marks_the_copied_sentences_and_none_of_the_writers_own() -> None:
    """The defect of issue 12: source sentences in order with three of the writer's own
    between them came out as one fragment from the first word to the last (uniqueness 0)."""
    s = HEAT_SOURCE.split(". ")
    copied = [f"{x}." if not x.endswith(".") else x for x in s]
    order = (copied[0], HEAT_OWN[0], copied[1], HEAT_OWN[1], copied[2], copied[3], HEAT_OWN[2])
    essay = " ".join((*order, copied[4]))
    report = check([TextInput("essay", essay)], [TextInput("src", HEAT_SOURCE)])
    [doc] = report.documents
    [src] = doc.sources
    marked = [(f.start, f.end) for f in src.fragments]
    for own in HEAT_OWN:
        at = essay.index(own)
        assert all(end <= at or start >= at + len(own) for start, end in marked), own
    for sentence in copied:
        at = essay.index(sentence.rstrip("."))
        assert any(start <= at < end for start, end in marked), sentence
    assert len(marked) == 4  # three own sentences cut the essay's copied text into four runs
    assert doc.uniqueness > 0.15


_WARM_PAIRS = """
import sys
import numpy as np
from copylens.core import engine
from copylens.core.sketch import permutations
from copylens.core.spill import Spilled, Spot
assert permutations.cache_info().currsize == 0
doc = Spilled("a.txt", Spot("f", 0, 0), 0, np.zeros(0, np.uint64), np.zeros(0, np.uint32), 3)
tables = engine._Tables(False)
assert tables.take(doc) is doc
tables.wait()
assert not engine._loaders  # the loading thread ended
assert permutations.cache_info().currsize == 1 and "copylens.core.score" in sys.modules
assert "numpy.ma" not in sys.modules  # no pair worker needs them (_NO_MASKED_ARRAYS)
assert not tables.loaded  # no paraphrase: no tables
"""


def test_the_first_document_read_warms_what_the_pair_workers_load() -> None:
    """Issue 40: as the first document comes back from the readers, the process running
    ``compare`` loads what every pair worker forked from it would otherwise load for itself on
    its first pair (the pair stage's modules, the MinHash permutations), with the paraphrase
    stage off too. In a fresh interpreter, where nothing loaded them before."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _WARM_PAIRS], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


_NO_MASKED_ARRAYS = """
import sys
import numpy as np
from copylens.core import align
from copylens.core.options import Options
piece = align.Alignment(0, 4, 0, 4, matched=3, exact=3, edits=(), longest_run=1)
assert align._credible(piece, np.array([0, 0, 0, 1, 1, 1]), Options())  # 3 of its 3 words
assert not align._credible(piece, np.array([0, 0, 0, 0, 0, 0, 0]), Options())  # 3 of 7
assert "numpy.ma" not in sys.modules, "np.unique of values alone imports numpy.ma"
"""


def test_the_citations_patterns_are_compiled_only_where_quotations_are_looked_for() -> None:
    """Issue 40: ``copylens.core.citations`` (its compiled patterns, 5.5 ms of CPU) is imported
    by ``Prepared.cited`` and the citation signal when first used, not with the modules that
    use them: the process running ``compare`` imported it before the readers forked (serial,
    the other core idle), and then its tables' thread for the pair workers, while the readers
    ran; neither the readers nor, with the default options, the pair workers ever use it. The
    pair stage's modules loaded without it (the test above), it comes when asked for."""
    import subprocess
    import sys

    script = """
import sys
from copylens.core.documents import TextInput
from copylens.core.engine import compare
from copylens.core.options import Options
from copylens.core.prepare import prepare_text
from copylens.core.extract import Extracted
assert "copylens.core.citations" not in sys.modules
text = 'He wrote: "the river feeds the valley farms all year round" and left. ' * 8
compare([TextInput("a", text), TextInput("b", text)], Options(workers=1))
assert "copylens.core.citations" not in sys.modules  # the defaults mark no quotation
doc = prepare_text(Extracted("a", text, "txt"), Options())
assert doc.cited.any() and "copylens.core.citations" in sys.modules
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_pair_stage_needs_no_masked_arrays() -> None:
    """Issue 40: ``np.unique`` of values alone imports numpy's masked arrays when first called
    (``np.ma.is_masked``, ~6 ms), which every pair worker then paid, or the tables' thread for
    them while the readers ran (``engine._warm_pairs``); the pair stage takes such values from
    ``copylens.core.arrays.distinct`` (the same: tests/test_arrays_unique.py). The one such
    call the 1,000 scale essays reach, the aligner's check of a piece cut between own
    sentences, in a fresh interpreter."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _NO_MASKED_ARRAYS], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


_PAIR_MODULES_LATE = """
import sys
import numpy as np
from copylens.core import compare, engine
from copylens.core.spill import Spilled, Spot
PAIR = ("score", "signals", "align", "paraphrase", "sentence_align", "ignore", "marking",
        "copies", "sources", "archive")
held = lambda: [m for m in PAIR if "copylens.core." + m in sys.modules]
assert held() == [], held()  # the readers fork before these are imported
doc = Spilled("a.txt", Spot("f", 0, 0), 0, np.zeros(0, np.uint64), np.zeros(0, np.uint32), 3)
tables = engine._Tables(False)
tables.take(doc)
tables.wait()
assert held() == [m for m in PAIR if m not in ("sources", "archive")], held()
assert "copylens.core.citations" not in sys.modules  # nor by the pair workers, by default
"""


def test_the_pair_stage_s_modules_are_imported_after_the_readers_fork() -> None:
    """Issue 40: importing ``compare`` (the command line does, then reads) imports none of the
    pair stage's modules (nor the archive's, which only ``check`` uses): they took ~0.03 s of
    the serial start of every run, before the readers forked, who never use them. They are
    imported with the first document read, on the tables' thread, so the pair workers forked
    after inherit them. In a fresh interpreter."""
    import subprocess
    import sys

    script = [sys.executable, "-c", _PAIR_MODULES_LATE]
    done = subprocess.run(script, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


INHERITANCE = (
    "Inheritance lets a new class take on the attributes and behaviour of an existing class "
    "in object oriented programming.",
    "The existing class is usually called the base class or the ancestor class.",
    "Such hierarchies of types appear in many languages designed over the last fifty years.",
    "Inheritance therefore helps programmers reuse existing code with little or no modification.",
)


def test_an_own_sentence_in_place_of_a_skipped_source_sentence_is_in_no_fragment() -> None:
    """Issue 34's honest side (bench/diag_inplace.py): sentences 1, 2 and 4 of a source
    copied, the writer's own sentence on the topic where 3 was. It shares one seed of topic
    words with the first copied sentence ("object oriented programming"), half of its words
    matched: it was an insert inside one fragment from the first copied word to the last."""
    own = "Inheritance is an important feature in object orientated programming."
    s = INHERITANCE
    essay = " ".join((s[0], s[1], own, s[3]))
    for options in (Options(), Options(paraphrase=False)):
        report = check([TextInput("essay", essay)], [TextInput("src", " ".join(s))], options)
        [src] = report.documents[0].sources
        at = essay.index(own)
        assert all(f.end <= at or f.start >= at + len(own) for f in src.fragments)
        for copied in (s[0], s[1], s[3]):
            start = essay.index(copied)
            assert any(f.start <= start < f.end for f in src.fragments), copied


def test_an_edited_copy_of_every_sentence_stays_one_fragment() -> None:
    edited = (
        "Inheritance lets a new class take over the attributes and behaviour of an existing "
        "class in object oriented programming.",
        "The old class is usually named the base class or the ancestor class.",
        "Such hierarchies of kinds appear in many languages designed over the past fifty years.",
        "Inheritance thus helps programmers reuse existing code with little or no change.",
    )
    essay = " ".join(edited)
    for options in (Options(), Options(paraphrase=False)):
        report = check(
            [TextInput("essay", essay)], [TextInput("src", " ".join(INHERITANCE))], options
        )
        [src] = report.documents[0].sources
        [fragment] = src.fragments
        assert fragment.start == 0 and fragment.end > essay.index("little or no")


PAGERANK = (
    "PageRank assigns every web page a numeric weight that measures its relative importance "
    "within the set of linked pages.",
    "A hyperlink to a page counts as a vote of support for that page.",
    "The founders described this scheme in a paper presented at a conference in Brisbane in 1998.",
    "The PageRank of a web page is defined recursively and depends on the number and rank of "
    "all pages that link to it.",
)


def test_an_own_sentence_of_topic_words_in_a_skipped_sentences_place_is_not_bridged() -> None:
    """Issue 34's honest side: the writer's sentence where the source's third sentence was
    holds four of its five words in the copied sentences' source (page, rank, importance,
    web), none in the skipped sentence; the passage join bridged it into one fragment."""
    own = "A website's page rank is how important it is on the web."
    s = PAGERANK
    essay = " ".join((s[0], s[1], own, s[3]))
    for options in (Options(), Options(paraphrase=False)):
        report = check([TextInput("essay", essay)], [TextInput("src", " ".join(s))], options)
        [src] = report.documents[0].sources
        at = essay.index(own)
        assert all(f.end <= at or f.start >= at + len(own) for f in src.fragments)
        for copied in (s[0], s[1], s[3]):
            start = essay.index(copied)
            assert any(f.start <= start < f.end for f in src.fragments), copied


def test_an_edited_copy_of_a_skipped_sentences_place_stays_in_the_passage() -> None:
    """The other side of the test above: the third sentence copied with its words swapped
    and changed (no run of four words left) is still bridged, one fragment."""
    swapped = "The founders presented a scheme like this in a paper described in 1998 at Brisbane."
    s = PAGERANK
    essay = " ".join((s[0], s[1], swapped, s[3]))
    for options in (Options(), Options(paraphrase=False)):
        report = check([TextInput("essay", essay)], [TextInput("src", " ".join(s))], options)
        [src] = report.documents[0].sources
        [fragment] = src.fragments
        assert fragment.start == 0 and fragment.end > essay.index("all pages that link")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 40), max_size=12), max_size=30),
    st.lists(st.integers(0, 40), max_size=5),
    st.integers(1, 7),
)
def test_changing_is_may_change_per_document(
    anchors: list[list[int]], phrases: list[int], block: int
) -> None:
    """The documents the ready stage reads back, found a block of documents at a time
    (``engine.changing``), are those :func:`may_change` holds one by one, whatever the
    blocks' edges and with documents without anchors."""
    docs = [
        Spilled(
            path=f"d{n}",
            spot=Spot("f", 0, 0),
            size=len(a),
            anchors=np.array(a, dtype=np.uint64),
            grams=np.zeros(0, dtype=np.uint32),
            k=3,
        )
        for n, a in enumerate(anchors)
    ]
    wanted = np.unique(np.array(phrases, dtype=np.uint64))
    options = Options(language="en", workers=1).validated()
    expected = [n for n, d in enumerate(docs) if engine.may_change(d, wanted, options)]
    saved = engine.CHANGING_BLOCK
    engine.CHANGING_BLOCK = block
    try:
        assert engine.changing(docs, wanted, options) == expected
    finally:
        engine.CHANGING_BLOCK = saved


def _made_up(seed: int, words: int) -> str:
    """Made-up words in sentences of ten: no two texts share a run of them."""
    import random

    rng = random.Random(seed)
    syllables = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
    made = ["".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(words)]
    return " ".join(" ".join(made[i : i + 10]).capitalize() + "." for i in range(0, words, 10))


def test_a_pair_aligned_under_the_threshold_is_not_aligned_again(tmp_path: Path) -> None:
    """Issue 40: a pair whose shares are under min_containment after its signals is not
    reported, and the second alignment over ignored words (the stage "ignored: realigned")
    could only lower them: it is not run. Two essays share an eight-word phrase (an anchor, so
    a candidate; its seed zone passes the bound, so it is aligned; too short for a fragment)."""
    import os
    import subprocess
    import sys

    from copylens.core.cpu import summed

    phrase = "the quiet harbour town kept its old stone lighthouse"
    essays = tmp_path / "essays"
    essays.mkdir()
    (essays / "a.txt").write_text(f"{_made_up(1, 40)} {phrase.capitalize()}. {_made_up(2, 30)}")
    (essays / "b.txt").write_text(f"{_made_up(3, 30)} {phrase.capitalize()}. {_made_up(4, 40)}")
    folder = tmp_path / "cpu"
    folder.mkdir()
    run = subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", "compare", str(essays), "--format", "json"],
        env={**os.environ, "COPYLENS_STAGE_CPU": str(folder)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert '"pairs":[]' in run.stdout.replace(" ", "")
    stages = summed(folder)
    assert "align" in stages and "bound" in stages, stages  # bounded, then aligned
    assert "ignored: realigned" not in stages, stages


COLON_SOURCE = (
    "Each document of the collection is first reduced to its content words and every word is "
    "given a weight by its frequency in the document and its rarity in the collection. The "
    "similarity of two documents is then computed in the usual way as follows: sim(d1, d2) = "
    "cos(v1, v2). Two documents whose similarity exceeds the chosen threshold are reported as "
    "near duplicates of each other and are removed from the collection before indexing. The "
    "threshold itself is tuned on a held out sample of pairs that human assessors labelled "
    "beforehand as duplicates or as distinct documents."
)


def test_an_own_sentence_after_a_copied_sentence_ending_in_a_colon_is_in_no_fragment() -> None:
    """Issue 34: a copied sentence ending in "as follows:" and the writer's own sentence after
    it ("Honestly ...", a capitalised word after the colon) were one sentence to the
    own-sentence cut and to the join of two fragments by their sentences, so the own
    sentence was marked inside the copy (bench/bench_own_text.py: 7 of the 18 own sentences
    marked between copied ones, each after a copied sentence ending in a colon)."""
    colon = COLON_SOURCE.index("as follows:") + len("as follows:")
    first = COLON_SOURCE[:colon]
    rest = COLON_SOURCE[COLON_SOURCE.index("Two documents") :]
    own = "Honestly my grandmother kept punched cards in shoeboxes under her bed for decades."
    text = f"{first} {own} {rest}"
    report = check([TextInput("doc", text)], [TextInput("src", COLON_SOURCE)], EN)
    [src] = report.documents[0].sources
    o0, o1 = text.index(own), text.index(own) + len(own)
    assert src.fragments
    assert all(f.end <= o0 or f.start >= o1 for f in src.fragments)  # in no fragment
    assert any(f.start == 0 for f in src.fragments)  # the copies both sides still found
    assert any(f.end == len(text) - 1 for f in src.fragments)


def test_an_own_sentence_after_a_colon_ending_its_line_is_in_no_fragment() -> None:
    """Issue 34, hard-wrapped text: the copied "... as follows:" ends its line, the writer's
    own sentence begins the next. clause_ids cuts only at a colon before a space on its line,
    but every line break ends a unit already (Canonical.sentences), so the own cut holds as
    in the text unwrapped (the wrapped bench's count was not this: no own sentence marked at
    60 or 80 columns follows a copied sentence ending in a colon)."""
    colon = COLON_SOURCE.index("as follows:") + len("as follows:")
    first = COLON_SOURCE[:colon].replace("is then ", "is then\n")
    rest = COLON_SOURCE[COLON_SOURCE.index("Two documents") :]
    own = "Honestly my grandmother kept punched cards in shoeboxes under her bed for decades."
    text = f"{first}\n{own.replace('in shoeboxes ', 'in shoeboxes' + chr(10))}\n{rest}"
    c = canonicalize(text, EN)
    words = {text[s:e]: n for n, (s, e) in enumerate(zip(c.starts, c.ends, strict=True))}
    assert clause_ids(text, c)[words["follows"]] != clause_ids(text, c)[words["Honestly"]]
    report = check([TextInput("doc", text)], [TextInput("src", COLON_SOURCE)], EN)
    [src] = report.documents[0].sources
    o0 = text.index("Honestly")
    o1 = text.index("decades.") + len("decades.")
    assert all(f.end <= o0 or f.start >= o1 for f in src.fragments)  # in no fragment
    assert any(f.start == 0 for f in src.fragments)
    assert any(f.end == len(text) - 1 for f in src.fragments)


def test_a_colon_before_a_capitalised_word_cuts_a_clause_and_no_other_colon_does() -> None:
    text = "Steps as follows: Kettles boil. Note: NASA said so. Steps: A, B and ratio 3: 1 apples."
    c = canonicalize(text, EN)
    words = {text[s:e]: n for n, (s, e) in enumerate(zip(c.starts, c.ends, strict=True))}
    clauses, sentences = clause_ids(text, c).tolist(), c.sentences.tolist()
    assert sentences[words["follows"]] == sentences[words["Kettles"]]  # one sentence, every step
    assert clauses[words["follows"]] != clauses[words["Kettles"]]  # two units for the own cut
    assert clauses[words["Note"]] == clauses[words["NASA"]]
    assert clauses[words["ratio"]] == clauses[words["apples"]]


EDITED_COLON_SOURCE = (
    "Each document of the collection is first reduced to its content words and every word is "
    "given a weight by its frequency in the document and its rarity in the collection. "
    "The closeness of two vectors is estimated from the cosine of the angle between them, which "
    "lets the comparison ignore the lengths of the vectors: cos(v1, v2) = v1 v2 / |v1| |v2|. "
    "This holds above all for political news, whose share in the total information carried by "
    "the news stream was decided by the originality of their text content. The threshold "
    "itself is tuned on a held out sample of pairs that human assessors labelled beforehand."
)


def test_an_own_sentence_after_an_edited_copy_ending_in_a_colon_joins_no_fragments() -> None:
    """Issue 34: the aligner's own cut judged clauses, but the join of two fragments
    (sentence_align.one_passage) judged the sentence between them whole, the edited copied
    clause before the colon with the writer's own sentence, and joined the two copies over
    it (bench/bench_own_text.py: five Russian own sentences after a copied "...:")."""
    own = "That is, one element is taken from each row of the table."
    text = (
        "Each document of the collection is first reduced to its content words and every word "
        "is given a weight by its frequency in the document and its rarity in the collection. "
        "The closeness of two vector is estimating from the cosine of an angle between them, "
        "which let the comparison ignoring the length of the vectors: " + own + " This hold "
        "above all for politic news, whose shares in the total informations carried by the "
        "news streams was decide by the originality of its texts content. The threshold itself "
        "is tuned on a held out sample of pairs that human assessors labelled beforehand."
    )
    report = check([TextInput("doc", text)], [TextInput("src", EDITED_COLON_SOURCE)], EN)
    [src] = report.documents[0].sources
    o0, o1 = text.index(own), text.index(own) + len(own)
    assert all(f.end <= o0 or f.start >= o1 for f in src.fragments)  # in no fragment
    assert any(f.start == 0 and f.end >= o0 - 2 for f in src.fragments)  # the copies found
    assert any(f.start <= o1 + 2 and f.end >= len(text) - 1 for f in src.fragments)


def test_compare_estimates_a_reported_pairs_resemblance_as_score_pair_does() -> None:
    """Issue 40: ``compare`` makes the MinHash estimate only for the pairs it reports
    (``score_pair(estimated=False)``, then ``score.resemblance_estimate``): the same number
    ``score_pair`` gives, ``check``'s."""
    import math

    from copylens.core.extract import Extracted
    from copylens.core.prepare import prepare_text
    from copylens.core.score import resemblance_estimate, score_pair

    copy = SOURCE.replace("Modern systems", "Today's tools")
    a = prepare_text(Extracted("a.txt", copy, "txt"), EN)
    b = prepare_text(Extracted("b.txt", SOURCE, "txt"), EN)
    scored = score_pair(a, b, EN)
    result = engine.compare_pair(a, b, EN)
    assert result is not None and 0 < scored.resemblance < 1
    assert result.resemblance_estimate == scored.resemblance_estimate > 0
    unestimated = score_pair(a, b, EN, estimated=False)
    assert math.isnan(unestimated.resemblance_estimate)
    assert resemblance_estimate(a, b, unestimated) == scored.resemblance_estimate
    alone = prepare_text(Extracted("c.txt", RU_SOURCE, "txt"), EN)
    assert resemblance_estimate(a, alone, score_pair(a, alone, EN, estimated=False)) == 0.0


def test_compares_progress_counts_every_candidate_pair_a_group_at_a_time() -> None:
    """Issue 40: ``compare`` steps its progress once a group of candidate pairs (a document and
    its partners), not once a pair (most are only bounded): it still counts every pair."""
    steps: list[tuple[int, int]] = []
    texts = [SOURCE, SOURCE.replace("Modern", "Current"), SOURCE.replace("long", "lengthy")]
    report = compare(
        [TextInput(f"{n}.txt", text) for n, text in enumerate(texts)],
        EN,
        progress=lambda stage, done, total: (
            steps.append((done, total)) if stage == "comparing" else None
        ),
    )
    assert len(report.pairs) == 3
    assert steps[-1] == (3, 3)  # the three candidate pairs
    assert len(steps) == 2  # groups: 0 with 1 and 2, then 1 with 2
    assert [done for done, _ in steps] == sorted({done for done, _ in steps})
