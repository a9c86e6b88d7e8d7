"""The PDF report of one long single-line document (issue 38, item 7).

A 10 MB document on one line (minified text, an export without line breaks) gave a blank
one-page PDF after 58 s: Qt lays out one paragraph in time quadratic in its length and stops
silently after about 1.5 million characters. The paper report now breaks such a line after a
sentence end every :data:`copylens.app.export.PAPER_LINE_CHARS` characters, gives tokens
places to wrap, and prints at most :data:`~copylens.app.export.PAPER_TEXT_CHARS` characters
with a note saying where it stopped.

Printed, for each size: the seconds and pages of the PDF with the paper breaks, and beside it
the same text printed without them (``_paper_cuts`` switched off: the old layout), up to the
size where that still finishes in reasonable time; and whether the last printed word is in the
PDF. Usage: ``python bench/bench_report_pdf.py [--sizes 0.2,1,10]`` (MB; about a minute).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from copylens.app import export, printing  # noqa: E402
from copylens.app.qt import QtWidgets  # noqa: E402
from copylens.core import CheckReport, DocumentResult, Options  # noqa: E402

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
OLD_LAYOUT_UP_TO_MB = 1.0
"""Without the breaks a single line costs quadratic time: measured up to this size only."""


def one_line(megabytes: float) -> str:
    words, size, n = [], 0, 0
    while size < megabytes * 1_000_000:
        word = f"{WORDS[n % 10]}{n}" + ("." if n % 17 == 16 else "")
        words.append(word)
        size += len(word) + 1
        n += 1
    return " ".join(words)


def report_of(text: str) -> CheckReport:
    words = len(text.split())
    d = DocumentResult("one.txt", "en", words, words, 1.0, 0.0, 0.0, 0, (), "0" * 64, ())
    return CheckReport((d,), (), Options(), texts={"one.txt": text})


def print_pdf(text: str, folder: Path) -> tuple[float, int, bool]:
    """Seconds, pages and whether the last word printed is in the PDF."""
    from pdfminer.pdfpage import PDFPage

    path = folder / "report.pdf"
    started = time.perf_counter()
    printing.write_report(path, "pdf", report_of(text))
    seconds = time.perf_counter() - started
    with path.open("rb") as f:
        pages = sum(1 for _ in PDFPage.get_pages(f))
    shown = text[: min(len(text), export.PAPER_TEXT_CHARS)].rsplit(" ", 2)[-2]
    from pdfminer.high_level import extract_text

    last_page = extract_text(str(path), page_numbers=[pages - 2, pages - 1])
    return seconds, pages, shown in last_page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="0.2,1,10", help="megabytes, comma-separated")
    args = parser.parse_args()
    QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    cuts = export._paper_cuts
    print(f"{'MB':>5} {'breaks: s':>10} {'pages':>6} {'last word':>9}   {'old: s':>7} {'pages':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for mb in (float(x) for x in args.sizes.split(",")):
            text = one_line(mb)
            seconds, pages, last = print_pdf(text, folder)
            old = "not run"
            if mb <= OLD_LAYOUT_UP_TO_MB:
                export._paper_cuts = lambda text: []  # type: ignore[assignment]
                try:
                    old_seconds, old_pages, _ = print_pdf(text, folder)
                finally:
                    export._paper_cuts = cuts
                old = f"{old_seconds:>7.1f} {old_pages:>6}"
            print(f"{mb:>5g} {seconds:>10.1f} {pages:>6} {last!s:>9}   {old}")


if __name__ == "__main__":
    main()
