"""Citations are not borrowings (issue 12): quoted and bibliography text is cited, the three
shares add up, and the exclusions take it out of matching. Real engine runs on small texts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import Options, TextInput, check

SOURCE = (
    "The committee reviewed every application received before the deadline and selected "
    "twelve projects for funding. Each selected project must publish its results openly and "
    "present a short report at the annual meeting of the society in autumn. Projects that "
    "fail to report lose the remaining part of their grant and may not apply again."
)
SENTENCES = [s if s.endswith(".") else s + "." for s in SOURCE.split(". ")]
OWN = (
    "I asked three of the applicants what they thought about this rule.",
    "Most of them were surprised by how strict it sounded at first.",
    "My own view changed after I read the minutes of the meeting.",
)


def run(text: str, **options: object) -> tuple[object, str]:
    report = check([TextInput("essay", text)], [TextInput("src", SOURCE)], Options(**options))
    return report.documents[0], text


def test_a_quoted_copy_is_cited_and_an_unquoted_one_borrowed() -> None:
    quoted = f"“{SENTENCES[0][:-1]}”"
    text = f"{OWN[0]} As the rules say, {quoted} (Rules, 2024). {OWN[1]} {SENTENCES[1]}"
    doc, _ = run(text)
    [src] = doc.sources
    cited = [f for f in src.fragments if f.cited]
    borrowed = [f for f in src.fragments if not f.cited]
    assert [text[f.start : f.end] for f in cited] == [SENTENCES[0][:-1]]
    assert any(SENTENCES[1].startswith(text[f.start : f.end]) for f in borrowed)
    assert doc.cited > 0.2 and doc.borrowed > 0.2
    assert doc.uniqueness + doc.borrowed + doc.cited == pytest.approx(1.0)
    assert src.cited == pytest.approx(doc.cited)


def test_exclude_quotes_takes_quoted_text_out_of_matching() -> None:
    text = f"{OWN[0]} «{SENTENCES[0][:-1]}» {OWN[1]} {SENTENCES[1]}"
    doc, _ = run(text, exclude_quotes=True)
    fragments = [f for s in doc.sources for f in s.fragments]
    quote_at = text.index("«")
    assert all(f.start > text.index("»") or f.end <= quote_at for f in fragments)
    assert doc.cited == 0.0 and doc.borrowed > 0.2


def test_a_bibliography_that_copies_the_source_list_is_cited() -> None:
    entries = (
        "1. Smith J. Grants and reports. London: Academic Press, 2019. 240 p.\n"
        "2. Brown K. Each selected project must publish its results openly and present a short "
        "report at the annual meeting of the society // Journal of Funding. 2021. No. 3. "
        "P. 5-9.\n"
    )
    text = f"{OWN[0]} {OWN[1]} {OWN[2]}\n\nReferences\n{entries}"
    doc, _ = run(text)
    fragments = [f for s in doc.sources for f in s.fragments]
    assert fragments and all(f.cited for f in fragments)
    assert doc.borrowed == 0.0 and doc.cited > 0
    excluded, _ = run(text, exclude_bibliography=True)
    assert [f for s in excluded.sources for f in s.fragments] == []


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(range(len(SENTENCES) + len(OWN))), st.booleans()),
        min_size=1,
        max_size=6,
    )
)
def test_uniqueness_borrowed_and_cited_add_up_to_one(parts: list[tuple[int, bool]]) -> None:
    pieces = []
    for n, quoted in parts:
        sentence = (SENTENCES + list(OWN))[n]
        pieces.append(f"«{sentence[:-1]}»." if quoted else sentence)
    doc, _ = run(" ".join(pieces))
    assert doc.uniqueness + doc.borrowed + doc.cited == pytest.approx(1.0)
    assert all(0.0 <= x <= 1.0 for x in (doc.uniqueness, doc.borrowed, doc.cited))
