"""``copylens-gui --self-test``: check that this installation (or frozen build) works.

Checks the two bundled samples in ``resources/samples/`` with the engine
(extraction, Russian lemmas from the bundled pymorphy3 dictionaries, look-alike letters,
alignment), makes sure the Ukrainian dictionary, the Snowball stemmers, the paraphrase
stage's word vectors and the HTML extractor load, and runs a few words through worker
processes started the way the GUI starts them (``copylens.core.pool`` with forking
forbidden, so ``spawn``; a frozen app must start them through
``multiprocessing.freeze_support()``). Prints a short summary (a windowed build without stdout:
into the file named by ``COPYLENS_SELF_TEST_LOG``); the last line is
``CopyLens self-test: OK`` or ``CopyLens self-test: FAILED``.
"""

from __future__ import annotations

import multiprocessing
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any, TextIO

from copylens import __version__
from copylens.core import resources_dir

COPY, SOURCE = "copy_ru.txt", "source_ru.txt"
MIN_CONTAINMENT = 0.8
MAX_UNIQUENESS = 0.3
MIN_LOOKALIKES = 1
WORDS = (
    ("ru", "исследователей", "исследователь"),
    ("uk", "містах", "місто"),
    ("en", "running", "run"),
)
"""(language, word, expected normal form): a lemma from each dictionary and a Snowball stem."""
SYNONYMS = (
    ("ru", "автомобиль", "машина", "банан", "год"),
    ("en", "buy", "purchase", "river", "year"),
)
"""(language, word, a synonym, an unrelated word, a very common word) for the paraphrase
stage's vectors and weights."""
OWN_MESSAGE = ("Export", "Export report")
QT_MESSAGE = ("QPlatformTheme", "Cancel")
"""(context, text) looked up in copylens_ru.qm and qtbase_ru.qm (not literals: lupdate would
collect them into CopyLens's own .ts)."""
WINDOW_TIMEOUT_MS = 120_000
OK_LINE, FAILED_LINE = "CopyLens self-test: OK", "CopyLens self-test: FAILED"


def run(out: TextIO | None = None) -> int:
    """Run every check, print the summary to ``out`` (stdout); 0 when all pass, else 1."""
    out = out if out is not None else _stdout()
    started = time.perf_counter()
    frozen = "frozen" if getattr(sys, "frozen", False) else "not frozen"
    print(
        f"CopyLens {__version__} self-test ({frozen}, Python {platform.python_version()})", file=out
    )
    failures = 0
    checks = (
        _check_samples,
        _check_archive,
        _check_normal_forms,
        _check_meaning,
        _check_html,
        _check_web,
        _check_methods,
        _check_translations,
        _check_workers,
        _check_window,
    )
    for check in checks:
        try:
            for ok, line in check():
                print(f"  {'ok  ' if ok else 'FAIL'}  {line}", file=out)
                failures += not ok
        except Exception:
            failures += 1
            print(f"  FAIL  {check.__name__.removeprefix('_check_')}: error", file=out)
            traceback.print_exc(file=out)
    seconds = time.perf_counter() - started
    print(f"{FAILED_LINE if failures else OK_LINE} ({seconds:.1f} s)", file=out)
    out.flush()
    return 1 if failures else 0


def _check_samples() -> list[tuple[bool, str]]:
    from copylens.core import check

    folder = resources_dir() / "samples"
    report = check([folder / COPY], [folder / SOURCE])
    if report.errors or len(report.documents) != 1:
        problems = "; ".join(f"{e.path}: {e.error}" for e in report.errors) or "no result"
        return [(False, f"samples in {folder}: {problems}")]
    doc = report.documents[0]
    containment = doc.sources[0].containment if doc.sources else 0.0
    return [
        (True, f"samples: {COPY} against {SOURCE} ({doc.language}, {doc.words} words)"),
        (containment >= MIN_CONTAINMENT, f"containment {containment:.2f} (>= {MIN_CONTAINMENT})"),
        (
            doc.homoglyphs >= MIN_LOOKALIKES,
            f"look-alike letters {doc.homoglyphs} (>= {MIN_LOOKALIKES})",
        ),
        (doc.uniqueness < MAX_UNIQUENESS, f"uniqueness {doc.uniqueness:.2f} (< {MAX_UNIQUENESS})"),
    ]


def _check_archive() -> list[tuple[bool, str]]:
    """An SQLite archive in a temporary folder: the source sample added, then the copy
    checked against it alone (the standard library's sqlite3 and the archive's code are in
    the build)."""
    import tempfile

    from copylens.core import MoreSources, Options, add_to_archive, check, open_archive

    folder = resources_dir() / "samples"
    options = Options()
    with tempfile.TemporaryDirectory(prefix="copylens-selftest-") as scratch:
        location = f"{scratch}/archive.db"
        with open_archive(location, options, create=True) as archive:
            added = add_to_archive(archive, [folder / SOURCE], options, {"author": "self-test"})
            report = check([folder / COPY], [], options, more=MoreSources(archive=archive))
    sources = report.documents[0].sources if report.documents else ()
    found = [s for s in sources if s.archive_id is not None]
    containment = found[0].containment if found else 0.0
    return [
        (added.added == 1, f"archive: {SOURCE} added ({added.added})"),
        (
            containment >= MIN_CONTAINMENT,
            f"archive: {COPY} checked against it, containment {containment:.2f}",
        ),
    ]


def _check_meaning() -> list[tuple[bool, str]]:
    """The paraphrase stage's word vectors load from the files the build copied (navec's from
    the natasha wheel, WordLlama's) and know a synonym from an unrelated word; wordfreq's
    lists load (a very common word weighs under 3: an unknown word weighs 6, a language without
    a list 3)."""
    from copylens.core import word_similarity, word_weight

    results = []
    for language, word, near, far, common in SYNONYMS:
        close, apart = word_similarity(language, word, near), word_similarity(language, word, far)
        line = f"{language}: {word}~{near} {close:.2f}, {word}~{far} {apart:.2f}"
        results.append((close > apart + 0.3, line))
        light = word_weight(language, common)
        results.append((light < 3, f"{language}: weight of {common} {light:.1f} (< 3)"))
    return results


def _check_normal_forms() -> list[tuple[bool, str]]:
    results = []
    for language, word, expected in WORDS:
        got = normal_form(language, word)
        results.append((got == expected, f"{language}: {word} -> {got} (expected {expected})"))
    return results


def _check_html() -> list[tuple[bool, str]]:
    """trafilatura (the HTML main-text extractor) imports and finds an article's text.

    The engine falls back to plain HTML text when trafilatura cannot be imported, so a
    build missing one of its data files would otherwise go unnoticed.
    """
    import trafilatura

    paragraph = "Озеро Байкал хранит пятую часть всей пресной воды планеты. " * 8
    page = (
        "<html><head><title>Байкал</title></head><body><nav><a href='/'>Главная</a></nav>"
        f"<article><h1>Байкал</h1><p>{paragraph}</p></article></body></html>"
    )
    text = trafilatura.extract(page) or ""
    found = "пятую часть всей пресной воды" in text
    return [(found, f"html main text (trafilatura): {len(text)} characters")]


def _check_web() -> list[tuple[bool, str]]:
    """A source from the web: the source sample served as a gzip-compressed page by a server
    of this process on 127.0.0.1, downloaded (httpx and its decoders), extracted and checked
    against (the page cache off: nothing is written); and the system keyring's library loads
    (the app keeps a search key there)."""
    import gzip
    import http.server
    import threading

    import keyring

    from copylens.core import MoreSources, WebRequest, check

    folder = resources_dir() / "samples"
    body = gzip.compress(
        f"<html><body><article><p>{(folder / SOURCE).read_text('utf-8')}</p></article>"
        "</body></html>".encode()
    )

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            found = self.path == "/source.html"
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body) if found else 0))
            self.end_headers()
            self.wfile.write(body if found else b"")

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/source.html"
    try:
        web = WebRequest(urls=(url,), allow_local=True, cache="")
        report = check([folder / COPY], [], more=MoreSources(web=web))
    finally:
        server.shutdown()
        server.server_close()
    sources = report.documents[0].sources if report.documents else ()
    containment = sources[0].containment if sources and sources[0].url else 0.0
    backend = type(keyring.get_keyring()).__name__
    return [
        (
            containment >= MIN_CONTAINMENT,
            f"web: {COPY} against a page on 127.0.0.1, containment {containment:.2f}",
        ),
        (True, f"keyring: {backend}"),
    ]


def _check_methods() -> list[tuple[bool, str]]:
    """The catalogue groups the samples (sentences by razdel and Punkt, A12's rules, the
    Levenshtein of rapidfuzz): what *Grouped by* in Compare all runs."""
    from copylens.core import catalogue, group_texts, method

    folder = resources_dir() / "samples"
    text = (folder / SOURCE).read_text(encoding="utf-8")
    english = "Dr. Smith wrote the first line. The second one follows it! " * 3
    named = [
        ("a", text),
        ("b", text.replace(".", "!")),
        ("c", english),
        ("d", english.replace("first", "First")),
    ]
    results = []
    for name in ("A4", "A12", "kosinov-sent"):
        groups = group_texts(named, method(name)).clusters
        ok = groups == (("a", "b"), ("c", "d"))
        results.append((ok, f"method {name}: {len(groups)} groups of near-duplicates"))
    results.append((len(catalogue()) >= 20, f"methods in the catalogue: {len(catalogue())}"))
    return results


def _check_translations() -> list[tuple[bool, str]]:
    """The Russian interface and Qt's own Russian strings load (no application needed)."""
    from copylens.app import i18n
    from copylens.app.qt import QtCore

    own = QtCore.QTranslator()
    own_ok = own.load("copylens_ru", str(i18n.translations_dir()))
    own_text = own.translate(*OWN_MESSAGE) if own_ok else ""
    qt = QtCore.QTranslator()
    qt_dir = i18n.qt_translations_dir()
    qt_ok = qt_dir is not None and qt.load("qtbase_ru", str(qt_dir))
    qt_text = qt.translate(*QT_MESSAGE) if qt_ok else ""
    return [
        (own_text == "Экспорт отчёта", f"translation copylens_ru.qm: {own_text or 'missing'}"),
        (qt_text == "Отмена", f"translation qtbase_ru.qm: {qt_text or 'missing'}"),
    ]


def _check_workers() -> list[tuple[bool, str]]:
    """A few words through the engine's own pool, started as the GUI starts it (no fork)."""
    from copylens.core import forbid_fork, pool_map

    forbid_fork()
    languages = [language for language, _, _ in WORDS]
    words = [word for _, word, _ in WORDS]
    got = list(pool_map(normal_form, languages, words, workers=2))
    expected = [form for _, _, form in WORDS]
    return [(got == expected, f"worker processes (spawn): {', '.join(got)}")]


def _check_window() -> list[tuple[bool, str]]:
    """The window, offscreen unless QT_QPA_PLATFORM names a platform: the samples put into
    its lists and checked through its own run controller, as a user would (user settings are read,
    never written, nor is the history of checks)."""
    import os

    from copylens.app.qt import QtWidgets

    if QtWidgets.QApplication.instance() is None:
        if not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no window shows; no screen needed
        QtWidgets.QApplication(["copylens-self-test"])
    import tempfile

    from copylens.app import history, settings
    from copylens.app.window import MainWindow

    with tempfile.TemporaryDirectory(prefix="copylens-self-test-") as tmp:
        history.PATH = Path(tmp) / "history.sqlite"  # the user's history gets no test run
        try:
            return _run_window(MainWindow(settings.defaults()))
        finally:
            history.PATH = None


def _run_window(window: Any) -> list[tuple[bool, str]]:
    from copylens.app.qt import QtCore

    window.set_mode("check")  # whatever mode the user's window was left in
    folder = resources_dir() / "samples"
    window.add_paths([str(folder / COPY)], window.documents_list)
    window.add_paths([str(folder / SOURCE)], window.sources_list)
    loop = QtCore.QEventLoop()
    window.controller.finished.connect(loop.quit)
    window.controller.failed.connect(loop.quit)
    QtCore.QTimer.singleShot(WINDOW_TIMEOUT_MS, loop.quit)
    window.start_run()
    loop.exec()
    window.controller.shutdown()  # a run still going (timed out) is stopped and waited for
    report = window.reports.get("check")
    rows = window.check_page.results_tree.topLevelItemCount()
    window.deleteLater()
    documents = getattr(report, "documents", ())
    sources = documents[0].sources if documents else ()
    containment = sources[0].containment if sources else 0.0
    return [
        (rows == 1, f"window (offscreen): {rows} checked document listed"),
        (containment >= MIN_CONTAINMENT, f"window: containment {containment:.2f}"),
    ]


def normal_form(language: str, word: str) -> str:
    """The engine's normal form of ``word`` (module level, so that workers can run it)."""
    from copylens.core import normalizer

    return normalizer(language)(word)


LOG_VARIABLE = "COPYLENS_SELF_TEST_LOG"
"""Where the summary goes when there is no stdout: the frozen Windows app is a windowed program,
started without a console (CI sets this variable and prints the file)."""


def _stdout() -> TextIO:
    """stdout that never fails on Cyrillic (a Windows console) and exists (a windowed app:
    the file named by :data:`LOG_VARIABLE`, if set)."""
    stream = sys.stdout
    if stream is None:
        import io
        import os

        log = os.environ.get(LOG_VARIABLE)
        if log:
            return open(log, "w", encoding="utf-8", errors="backslashreplace", buffering=1)
        return io.StringIO()
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    return stream


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(run())
