"""Hostile files (issue 13, "hostile files cannot stop a run"): every builder of
``tests/hostile_files.py`` ends in its own clear InputError, or its text is right, and a good
file of the same format still extracts.

Each extraction runs in a thread joined with a generous timeout: a file that hangs fails its
test instead of stopping the run. No test asserts how long anything takes.
"""

from __future__ import annotations

import io
import subprocess
import sys
import threading
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pdfminer.pdffont
import pdfminer.pdftypes
import pytest

from copylens.core.errors import CorruptFile, TooLarge
from copylens.core.extract import Extracted, extract_text, pdfguard, zipguard
from tests import hostile_files as hostile
from tests.extract.samples import minimal_docx_members

GUARD_SECONDS = 120
MIB = 1 << 20
REPO = Path(__file__).resolve().parents[2]


def extract(data: bytes, name: str, **limits: Any) -> Extracted:
    """:func:`extract_text` in a thread; fails the test if it has not ended in GUARD_SECONDS."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["result"] = extract_text(data, name, **limits)
        except BaseException as exc:  # handed to the test's thread
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(GUARD_SECONDS)
    assert not thread.is_alive(), f"extracting {name} did not end within {GUARD_SECONDS} s"
    if "error" in outcome:
        raise outcome["error"]
    result: Extracted = outcome["result"]
    return result


def words(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- PDF: structure


def test_good_pdf_still_extracts() -> None:
    assert words(extract(hostile.pdf_good(), "good.pdf").text) == hostile.GOOD_TEXT


@pytest.mark.parametrize("build", [hostile.pdf_self_reference, hostile.pdf_reference_cycle])
def test_pdf_objects_referring_to_themselves_are_refused(build: Any) -> None:
    with pytest.raises(CorruptFile, match=r"^the PDF's objects refer to each other in a loop$"):
        extract(build(), "loop.pdf")


@pytest.mark.parametrize(
    "build",
    [
        hostile.pdf_page_tree_cycle,  # Kids lists the parent again: its page is read once
        hostile.pdf_xref_loop,  # /Prev points at its own table: read once
        hostile.pdf_page_labels_bomb,  # 2**40 page-label paths: never read
        hostile.pdf_xref_stream_huge_range,  # 2 billion objects claimed, 5 held
    ],
)
def test_pdf_structure_loops_are_read_once(build: Any) -> None:
    assert words(extract(build(), "loops.pdf").text) == hostile.GOOD_TEXT


def test_pdf_font_map_of_four_billion_codes_is_refused() -> None:
    with pytest.raises(
        CorruptFile, match=r"a font in the PDF maps more than 1,048,576 character codes"
    ):
        extract(hostile.pdf_cmap_range_bomb(), "cmap.pdf")


def test_pdf_font_widths_for_two_billion_characters_are_refused() -> None:
    with pytest.raises(CorruptFile, match=r"gives widths to more than 1,048,576 characters"):
        extract(hostile.pdf_width_range_bomb(), "widths.pdf")


# --------------------------------------------------------------------------- PDF: inflation


def test_pdf_flate_bomb_is_refused() -> None:
    data = hostile.pdf_flate_bomb()  # 1 MB inflating to 1 GiB
    assert len(data) < 2 * MIB
    with pytest.raises(
        TooLarge, match=r"a compressed stream in the PDF expands to more than 50\.0 MB"
    ):
        extract(data, "bomb.pdf")


def test_pdf_streams_expanding_too_much_together_are_refused() -> None:
    data = hostile.pdf_flate_bomb(inflated_mib=1, streams=16)  # each under 1.5 MiB
    with pytest.raises(
        TooLarge, match=r"the PDF's compressed streams expand to more than 15\.0 MB together"
    ):
        extract(data, "many.pdf", max_bytes=MIB + MIB // 2)


def test_pdf_run_length_bomb_is_refused() -> None:
    with pytest.raises(TooLarge, match=r"a compressed stream in the PDF expands to more than"):
        extract(hostile.pdf_run_length_bomb(4), "runs.pdf", max_bytes=MIB)


def test_pdf_content_stream_expanding_over_200_to_1_is_refused() -> None:
    with pytest.raises(
        TooLarge, match=r"a content stream of the PDF expands 1024:1 to 19\.1 MB, over the 200:1"
    ):
        extract(hostile.pdf_saved_states(), "states.pdf")


def test_damaged_flate_streams_are_recovered_as_pdfminer_does() -> None:
    from pdfminer.pdftypes import LITERALS_FLATE_DECODE, PDFStream

    good = zlib.compress(bytes(range(256)) * 4000)
    damaged = {
        "whole": good,
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "checksum": good[:-1] + bytes([good[-1] ^ 1]),
        "middle": good[:500] + b"\xff\xff\xff" + good[503:],
        "trailing bytes": good + b"junk",
        "not zlib": b"plain words",
    }

    def decode(raw: bytes) -> bytes:
        return PDFStream({"Filter": LITERALS_FLATE_DECODE[0]}, raw).get_data()

    for name, raw in damaged.items():
        expected = decode(raw)
        with pdfguard.guarded(10 * MIB, 100 * MIB):
            assert decode(raw) == expected, name


def test_guards_are_restored_and_other_threads_keep_pdfminer_as_it_is() -> None:
    originals = (pdfminer.pdftypes.zlib, pdfminer.pdffont.CMapParser)
    seen_elsewhere: list[bytes] = []
    bomb = zlib.compress(b" " * (4 * MIB))
    with pdfguard.guarded(MIB, 10 * MIB):
        assert pdfminer.pdftypes.zlib is not zlib
        other = threading.Thread(target=lambda: seen_elsewhere.append(_inflate(bomb)))
        other.start()
        other.join(GUARD_SECONDS)
        with pytest.raises(TooLarge):
            _inflate(bomb)
    assert seen_elsewhere == [b" " * (4 * MIB)]  # no budget in a thread outside guarded()
    assert (pdfminer.pdftypes.zlib, pdfminer.pdffont.CMapParser) == originals


def _inflate(raw: bytes) -> bytes:
    from pdfminer.pdftypes import LITERALS_FLATE_DECODE, PDFStream

    return PDFStream({"Filter": LITERALS_FLATE_DECODE[0]}, raw).get_data()


def test_concurrent_pdfs_each_keep_their_own_budget() -> None:
    results: dict[str, Any] = {}

    def run(name: str, data: bytes) -> None:
        try:
            results[name] = words(extract_text(data, name).text)
        except TooLarge as exc:
            results[name] = exc

    threads = [
        threading.Thread(target=run, args=("bomb.pdf", hostile.pdf_flate_bomb(64))),
        threading.Thread(target=run, args=("good.pdf", hostile.pdf_good())),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(GUARD_SECONDS)
    assert isinstance(results["bomb.pdf"], TooLarge)
    assert results["good.pdf"] == hostile.GOOD_TEXT
    assert pdfminer.pdftypes.zlib is zlib


# --------------------------------------------------------------------------- PDF: drawing


def test_pdf_nested_forms_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdfguard, "MAX_FORMS_RUN", 500)  # 20,000 by default: seconds of work
    with pytest.raises(TooLarge, match=r"the PDF draws forms holding text more than 500 times"):
        extract(hostile.pdf_nested_forms(), "forms.pdf")


def test_pdf_forms_nested_too_deep_are_refused() -> None:
    with pytest.raises(TooLarge, match=r"the PDF nests forms more than 12 levels deep"):
        extract(hostile.pdf_nested_forms(depth=20, fanout=1), "deep.pdf")


def test_pdf_forms_whose_instructions_add_up_too_much_are_refused() -> None:
    with pytest.raises(
        TooLarge, match=r"the PDF draws forms whose instructions add up to more than 20,000 bytes"
    ):
        extract(hostile.pdf_nested_forms(depth=8), "forms.pdf", max_bytes=20_000)


def test_pdf_scatter_markers_are_read_without_running_them() -> None:
    text = extract(hostile.pdf_scatter_markers(2000), "plot.pdf").text
    assert words(text) == "Scatter of the measured points"


def test_pdf_drawing_too_many_forms_and_pictures_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pdfguard, "MAX_XOBJECT_DRAWS", 1000)  # 200,000 by default
    with pytest.raises(TooLarge, match=r"the PDF draws forms and pictures more than 1,000 times"):
        extract(hostile.pdf_scatter_markers(2000), "plot.pdf")


def test_pdf_page_with_too_many_characters_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdfguard, "MAX_PAGE_CHARS", 1000)  # 100,000 by default
    with pytest.raises(TooLarge, match=r"a page of the PDF holds more than 1,000 characters"):
        extract(hostile.pdf_many_characters(5000), "dense.pdf")


def test_pdf_text_over_max_chars_stops_early() -> None:
    with pytest.raises(
        TooLarge, match=r"^the extracted text is longer than the limit of 1,000 characters$"
    ):
        extract(hostile.pdf_many_characters(5000), "long.pdf", max_chars=1000)
    assert len(extract(hostile.pdf_many_characters(5000), "long.pdf").text) > 5000


def test_pdf_scattered_characters_are_all_read() -> None:
    text = extract(hostile.pdf_scattered_characters(2000), "scattered.pdf").text
    assert text.count("x") == 2000


def test_pdf_saved_states_and_leftover_operands_are_read() -> None:
    assert words(extract(hostile.pdf_saved_states(5000), "q.pdf").text) == hostile.GOOD_TEXT
    pileup = hostile.pdf_operand_pileup(20_000, compress=False)
    assert words(extract(pileup, "operands.pdf").text) == hostile.GOOD_TEXT


# --------------------------------------------------------------------------- .docx


def test_good_docx_still_extracts() -> None:
    assert extract(hostile.docx_good(), "good.docx").text == hostile.GOOD_TEXT


def test_docx_of_many_paragraphs_is_read_whole() -> None:
    data = hostile.docx_huge_xml(xml_mib=2)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        xml = archive.read("word/document.xml")
    lines = extract(data, "big.docx").text.split("\n")
    assert len(lines) == xml.count(b"<w:p>")
    assert all(len(line.split()) == 12 for line in lines)


def test_docx_text_over_max_chars_stops_early() -> None:
    with pytest.raises(TooLarge, match=r"^the extracted text is longer than the limit of 10,000"):
        extract(hostile.docx_huge_xml(xml_mib=2), "big.docx", max_chars=10_000)


@pytest.mark.slow
def test_docx_of_480_mib_of_xml_is_read_in_little_memory() -> None:
    """The default hostile .docx in a child process: its peak memory stays under 1 GiB (it
    was 6.4 GB when the whole part became one tree)."""
    code = (
        "import resource\n"
        "from tests.hostile_files import docx_huge_xml\n"
        "from copylens.core.extract import extract_text\n"
        "text = extract_text(docx_huge_xml(), 'big.docx').text\n"
        "print(len(text), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    chars, peak_kib = map(int, done.stdout.split())
    assert chars > 40_000_000
    assert peak_kib < 1024 * 1024


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_docx_entities_after_bom_and_newline_are_refused(encoding: str) -> None:
    with pytest.raises(CorruptFile, match=r"the \.docx contains XML entity declarations"):
        extract(hostile.docx_entities_after_bom(encoding), "bom.docx")


def test_docx_parser_expands_no_entity_even_past_the_prescan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(zipguard, "_declares_entities", lambda archive, info: False)
    text = extract(hostile.docx_entities_after_bom(), "bom.docx").text
    assert text.startswith("Innocent")
    assert "expanded entity text" not in text


def test_docx_xml_in_an_unknown_encoding_is_refused() -> None:
    members = minimal_docx_members("<w:p><w:r><w:t>x</w:t></w:r></w:p>")
    xml = members["word/document.xml"].replace('encoding="UTF-8"', 'encoding="x-no-such"')
    with pytest.raises(CorruptFile, match=r"the \.docx has XML in an unknown encoding"):
        extract(_zip({**members, "word/document.xml": xml}), "odd.docx")


# --------------------------------------------------------------------------- HTML and RTF


def test_html_deep_nesting_keeps_the_paragraph_after_it() -> None:
    text = extract(hostile.html_deep_nesting(300), "deep.html").text
    assert text.startswith("The first paragraph of the page")
    assert hostile.HIDDEN_PARAGRAPH in text


def test_html_nesting_past_the_parser_limit_is_refused() -> None:
    with pytest.raises(TooLarge, match=r"the page nests its elements more than 2,048 levels deep"):
        extract(hostile.html_deep_nesting(2100), "deeper.html")


def test_rtf_binary_data_is_skipped() -> None:
    text = extract(hostile.rtf_bin_payload(), "object.rtf").text
    assert text.split("\n")[:2] == ["Text before the object.", "Text after the object."]
    assert "ÿ" not in text


def test_rtf_unicode_escape_out_of_range_becomes_a_replacement_character() -> None:
    text = extract(hostile.rtf_huge_unicode_escape(), "escape.rtf").text
    assert text.strip() == "Before \ufffd after and \uf0b7, the end."


# --------------------------------------------------------------------------- the dispatcher


def test_text_over_max_chars_is_refused_with_its_length() -> None:
    with pytest.raises(
        TooLarge, match=r"^the extracted text has 2,000 characters, over the limit of 1,999$"
    ):
        extract(b"word " * 400, "long.txt", max_chars=1999)
    assert len(extract(b"word " * 400, "long.txt", max_chars=2000).text) == 2000


def test_max_chars_defaults_to_max_bytes() -> None:
    data = "ж".encode() * 600  # 1,200 bytes, 600 characters
    assert len(extract(data, "short.txt", max_bytes=1200).text) == 600
    members = minimal_docx_members(f"<w:p><w:r><w:t>{'word ' * 40_000}</w:t></w:r></w:p>")
    docx = _zip(members)  # 200,000 characters in 2 KB
    with pytest.raises(TooLarge, match=r"longer than the limit of 100,000 characters"):
        extract(docx, "big.docx", max_bytes=100_000)


def _zip(members: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def test_odt_nesting_deeper_than_python_recursion_is_refused_as_too_deep() -> None:
    with pytest.raises(TooLarge, match=r"the \.odt nests its elements too deeply to read"):
        extract(hostile.odt_deep_spans(), "deep.odt")
    assert hostile.GOOD_TEXT in extract(hostile.odt_deep_spans(50), "shallow.odt").text
