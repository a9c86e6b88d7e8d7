"""The Web section of a check (issue 19): pasted addresses and "Search the web" become the
engine's ``WebRequest``; web sources show their address as a link in the results, the
reports and the CSV; the search provider's key is kept in the system keyring (here a real
in-memory keyring backend), else in the settings file, never among the settings or a session.

The end-to-end tests download from a real HTTP server on 127.0.0.1 started by the test (the
engine refuses local addresses unless they are allowed, as these tests do)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import keyring
import keyring.backend
import keyring.backends.fail
import pytest

from copylens.app import secrets, settings
from copylens.app.errors_dialog import failure_advice
from copylens.app.export import CSV_CHECK_COLUMNS, csv_report, html_report
from copylens.app.qt import QtCore, QtGui, QtWidgets, Slot
from copylens.app.run import WebChoice, web_request
from copylens.app.session import from_data, to_data
from copylens.app.settings_dialog import SettingsDialog
from copylens.app.views.sources_table import WEB_ROLE, SourcesModel
from copylens.core import CheckReport, InputFailure, SourceMatch
from tests.gui.conftest import GUARD_MS
from tests.web import searchserver

ARTICLE = (
    "Urban heat islands form when asphalt concrete and brick store the heat of the sun during "
    "the day and slowly release it into the air at night. Parks with old trees and open water "
    "cool the streets around them by several degrees on a hot summer evening. City planners "
    "therefore reserve room for green courtyards boulevards and roofs covered with plants."
)
OWN = (
    "My essay looks at how cities change the weather around them and what people can do. "
    "Researchers have measured the effect in many places over the last fifty years. "
)


# ---------------------------------------------------------------------- a web on 127.0.0.1


class _Pages(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, tuple[int, str, bytes]]] = {}
    slow_started: ClassVar[threading.Event]
    slow_sent: ClassVar[threading.Event]
    stopping: ClassVar[threading.Event]

    def do_GET(self) -> None:
        if self.path == "/slow.html":
            self._drip()
            return
        status, kind, body = self.pages.get(self.path, (404, "text/html", b"<p>gone</p>"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _drip(self) -> None:
        """A page that comes a byte every 0.1 s for a minute (until the test ends)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", "600")
        self.end_headers()
        self.slow_started.set()
        for _ in range(600):
            if self.stopping.wait(0.1):
                return
            try:
                self.wfile.write(b" ")
                self.wfile.flush()
            except OSError:
                return
        self.slow_sent.set()

    def log_message(self, format: str, *args: object) -> None:
        pass


class LocalWeb:
    """A threaded HTTP server on 127.0.0.1 serving a page that the essay copies from."""

    def __init__(self) -> None:
        self.slow_started, self.stopping = threading.Event(), threading.Event()
        self.slow_sent = threading.Event()
        """Set when the slow page was sent whole (a minute): a cancel never lets it be."""
        handler = type(
            "Pages",
            (_Pages,),
            {
                "pages": {},
                "slow_started": self.slow_started,
                "slow_sent": self.slow_sent,
                "stopping": self.stopping,
            },
        )
        self.pages = handler.pages
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def serve(self, path: str, html: str) -> str:
        body = f"<html><head><title>Heat</title></head><body><article><p>{html}</p>"
        self.pages[path] = (
            200,
            "text/html; charset=utf-8",
            f"{body}</article></body></html>".encode(),
        )
        return self.url(path)

    def close(self) -> None:
        self.stopping.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture
def local_web() -> Iterator[LocalWeb]:
    web = LocalWeb()
    yield web
    web.close()


@pytest.fixture
def stand_in() -> Iterator[searchserver.SearchServer]:
    """The search providers' stand-ins (``tests/web/searchserver.py``), stopped after."""
    state, httpd, thread = searchserver.start()
    yield state
    state.stopping.set()
    httpd.shutdown()
    httpd.server_close()
    thread.join(5)


# ---------------------------------------------------------------------- an in-memory keyring


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A real keyring backend that keeps its passwords in a dict (priority 1: usable)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.passwords.pop((service, username), None)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


@pytest.fixture
def no_keyring() -> Iterator[None]:
    """No usable keyring (the conftest's ``fail`` backend, said out loud)."""
    keyring.set_keyring(keyring.backends.fail.Keyring())
    yield


class UrlReceiver(QtCore.QObject):
    """Takes the addresses QDesktopServices would open in the browser."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QtCore.QUrl)
    def open(self, url: QtCore.QUrl) -> None:
        self.opened.append(url.toString())


@pytest.fixture
def browser() -> Iterator[UrlReceiver]:
    receiver = UrlReceiver()
    for scheme in ("http", "https"):
        QtGui.QDesktopServices.setUrlHandler(scheme, receiver, "open")
    yield receiver
    for scheme in ("http", "https"):
        QtGui.QDesktopServices.unsetUrlHandler(scheme)


def web_values(**changes: object) -> dict[str, object]:
    return settings.defaults() | changes


def web_source(path: str, url: str | None = None) -> SourceMatch:
    return SourceMatch(
        path=path,
        resemblance=0.3,
        resemblance_estimate=0.3,
        containment=0.5,
        reverse_containment=0.6,
        exclusive=0.5,
        shingle_containment=0.5,
        matched_words=40,
        fragments=(),
        url=url or path,
        fetched="2026-11-25T03:40:00Z",
    )


# ---------------------------------------------------------------------- the Web section


def test_the_web_section_builds_the_engines_request(window, memory_keyring) -> None:
    window.apply_settings(
        web_values(
            web_provider="yandex", web_folder="b1gfolder", web_max_queries=7, web_allow_local=True
        )
    )
    panel = window.web_panel
    panel.set_lines(
        [
            "https://example.com/article",
            "# a comment",
            "  http://example.org/a?b=1  ",
            "https://example.com/article",
        ]
    )
    assert window.inputs.web_choice(window.settings_values) == WebChoice(
        urls=("https://example.com/article", "http://example.org/a?b=1"),
        provider="yandex",
        folder="b1gfolder",
        max_queries=7,
        allow_local=True,
    )
    panel.search_box.setChecked(True)
    choice = window.inputs.web_choice(window.settings_values)
    assert choice is not None and choice.search
    secrets.store_key("yandex", "yandex-secret")
    request, failures = web_request(choice)  # the key read as the run's job reads it
    assert failures == ()
    assert request.urls == choice.urls and request.max_queries == 7 and request.allow_local
    assert request.provider is not None and request.provider.name == "yandex"
    assert "yandex-secret" not in repr(request) and "yandex-secret" not in repr(choice)
    assert window.settings_values["web_search"] is True  # the box is kept with the settings
    panel.search_box.setChecked(False)
    panel.set_lines([])
    assert window.inputs.web_choice(window.settings_values) is None


def test_a_search_without_a_key_is_a_failure_with_advice(monkeypatch, memory_keyring) -> None:
    monkeypatch.delenv("COPYLENS_BRAVE_KEY", raising=False)
    request, failures = web_request(WebChoice(search=True, provider="brave"))
    assert request.provider is None and not request.searching
    (failure,) = failures
    assert failure.path == "web search (Brave Search API)"
    assert failure.template.startswith("no key for {provider}")
    assert "Settings › Web search" in failure_advice(failure)


def test_invalid_addresses_are_flagged_before_the_run(window, tmp_path) -> None:
    essay = tmp_path / "essay.txt"
    essay.write_text(OWN * 3, encoding="utf-8")
    window.documents_list.add_paths([essay])
    panel = window.web_panel
    panel.edit.setPlainText("https://example.com/page\nexample.org/page\nhttps://a b.com/")
    assert [(n, line) for n, line, _problem in panel.problems()] == [
        (2, "example.org/page"),
        (3, "https://a b.com/"),
    ]
    assert panel.addresses() == ["https://example.com/page"]
    assert not panel.problem_label.isHidden()
    assert panel.problem_label.text().startswith("Line 2: not an http:// or https:// address")
    assert len(panel.edit.extraSelections()) == 2
    assert panel.edit.line_tips[1] == "not an http:// or https:// address"
    window.start_run()
    assert not window.controller.is_running()
    assert "line 2" in window.statusBar().currentMessage()
    panel.edit.setPlainText("https://example.com/page")
    assert panel.problem_label.isHidden() and not panel.edit.extraSelections()


def test_the_queries_and_provider_are_shown_before_the_run(window) -> None:
    panel = window.web_panel
    assert panel.cost_label.text().startswith("up to 20 queries with Brave Search API")
    window.apply_settings(web_values(web_provider="yandex", web_max_queries=35))
    assert "up to 35 queries with Yandex Search API" in panel.cost_label.text()
    assert not panel.cost_label.isEnabled()  # greyed until "Search the web" is ticked
    panel.search_box.setChecked(True)
    assert panel.cost_label.isEnabled()


def test_a_check_with_only_web_sources_may_start(window, tmp_path) -> None:
    essay = tmp_path / "essay.txt"
    essay.write_text(OWN, encoding="utf-8")
    window.documents_list.add_paths([essay])
    assert "sources" in window.inputs.missing_inputs(window.mode)
    window.web_panel.set_lines(["https://example.com/page"])
    assert window.inputs.missing_inputs(window.mode) == ""
    window.web_panel.set_lines([])
    window.web_panel.search_box.setChecked(True)
    assert window.inputs.missing_inputs(window.mode) == ""


def test_the_progress_names_the_web_stages(window) -> None:
    window.controller.progress.emit("searching", 3, 20, None)
    assert window.run_status.progress_label.text() == "Searching the web: query 3 / 20"
    window.controller.progress.emit("downloading", 1, 4, None)
    assert window.run_status.progress_label.text() == "Downloading pages 1 / 4"


# ---------------------------------------------------------------------- web sources shown


def test_a_web_source_row_shows_its_address_and_opens_it(qtbot, browser) -> None:
    model = SourcesModel()
    page = "https://example.com/articles/heat/"
    final = "https://www.example.com/articles/heat/"
    model.set_sources((web_source(page, final),))
    index = model.index(0, SourcesModel.NAME)
    assert model.data(index) == "example.com/articles/heat/"
    assert model.data(index, WEB_ROLE) == final
    tip = model.data(index, QtCore.Qt.ItemDataRole.ToolTipRole)
    assert page in tip and f"Redirected to {final}" in tip and "Downloaded" in tip


def test_clicking_the_address_opens_the_browser(qtbot, browser) -> None:
    from copylens.app.views.document_view import DocumentView
    from copylens.core import DocumentResult

    view = DocumentView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    page = "https://example.com/heat"
    result = DocumentResult(
        path="essay.txt",
        language="en",
        words=100,
        counted_words=100,
        uniqueness=0.5,
        borrowed=0.5,
        cited=0.0,
        homoglyphs=0,
        homoglyph_offsets=(),
        sources=(web_source(page),),
        sha256="0" * 64,
    )
    view.show_result(result, OWN, {page: ARTICLE})
    view.show()
    qtbot.waitExposed(view)
    table = view.sources_table
    index = table.model().index(0, SourcesModel.NAME)
    delegate = table.itemDelegateForColumn(SourcesModel.NAME)
    option = QtWidgets.QStyleOptionViewItem()
    table.initViewItemOption(option)
    option.rect = table.visualRect(index)
    link = delegate.link_rect(option, index)
    assert link.width() > 20
    assert table.address_at(link.center()) == page
    assert table.address_at(QtCore.QPoint(link.right() + 40, link.center().y())) == ""
    qtbot.mouseClick(table.viewport(), QtCore.Qt.MouseButton.LeftButton, pos=link.center())
    assert browser.opened == [page]
    view.open_side_by_side(0)
    label = view.side_by_side.right_link
    assert label.isVisibleTo(view) and label.text() == "Open the page in the browser"
    assert label.after.startswith("  ·  downloaded ")
    assert page in label.toolTip() and "Downloaded" in label.toolTip()
    label.linkActivated.emit("open")
    assert browser.opened == [page, page]


def test_reports_and_csv_carry_the_address(tmp_path) -> None:
    page = "https://example.com/heat?a=1&b=2"
    report = _report_with(web_source(page))
    text = html_report(report)
    assert '<a href="https://example.com/heat?a=1&amp;b=2">' in text
    assert "downloaded 2026-11-25" in text
    assert "Web search queries sent: 3" in text
    rows = csv_report(report).splitlines()
    # The address after the older columns; only the retold sentences' count came after it.
    assert rows[0].split(",")[-2:] == ["url", "retold_sentences"]
    assert CSV_CHECK_COLUMNS[-2:] == ("url", "retold_sentences")
    assert CSV_CHECK_COLUMNS[:3] == ("document", "source", "containment")  # old order kept
    assert rows[1].endswith(",https://example.com/heat?a=1&b=2,0")
    from copylens.app.printing import html_to_pdf

    pdf = html_to_pdf(html_report(report, wrap_names=True), tmp_path / "report.pdf")
    assert b"/URI" in pdf.read_bytes()  # the address is a link in the PDF too


def _report_with(source: SourceMatch) -> CheckReport:
    from copylens.core import DocumentResult, Options

    result = DocumentResult(
        path="essay.txt",
        language="en",
        words=100,
        counted_words=100,
        uniqueness=0.5,
        borrowed=0.5,
        cited=0.0,
        homoglyphs=0,
        homoglyph_offsets=(),
        sources=(source,),
        sha256="0" * 64,
    )
    failure = InputFailure(
        "https://example.com/gone",
        "the server answered 404 Not Found",
        "the server answered {status} {reason}",
        (("reason", "Not Found"), ("status", "404")),
    )
    return CheckReport((result,), (failure,), Options(), {"essay.txt": OWN}, (), 3)


def test_web_failures_are_named_by_address_with_advice() -> None:
    report = _report_with(web_source("https://example.com/heat"))
    (failure,) = report.errors
    assert "not there" in failure_advice(failure)
    assert "example.com/gone" in html_report(report)


def test_sessions_keep_the_addresses_and_web_sources(window, tmp_path) -> None:
    window.web_panel.set_lines(["https://example.com/a", "not an address"])
    report = _report_with(web_source("https://example.com/a", "https://example.com/b"))
    window.controller.reports["check"] = report
    session = window.sessions.session()
    assert session.web == ("https://example.com/a", "not an address")
    again = from_data(to_data(session, tmp_path), tmp_path)
    assert again.web == session.web
    (source,) = again.reports["check"].documents[0].sources
    assert source.url == "https://example.com/b" and source.fetched == "2026-11-25T03:40:00Z"
    path = tmp_path / "web.copylens"
    assert window.sessions.save_to(str(path))
    window.web_panel.set_lines([])
    assert window.sessions.open(str(path))
    assert window.web_panel.lines() == ["https://example.com/a", "not an address"]


# ---------------------------------------------------------------------- the key


def test_the_key_goes_to_the_keyring(memory_keyring, isolated_settings) -> None:
    assert secrets.where_stored() == secrets.KEYRING
    assert secrets.store_key("brave", " brave-secret ") == secrets.KEYRING
    assert memory_keyring.passwords == {("CopyLens", "brave-api-key"): "brave-secret"}
    assert secrets.load_key("brave") == "brave-secret"
    assert secrets.load_key("yandex") == ""
    assert "brave-secret" not in _settings_file_text(isolated_settings)
    secrets.forget_key("brave")
    assert memory_keyring.passwords == {} and secrets.load_key("brave") == ""


def test_without_a_keyring_the_key_goes_to_the_settings_file(no_keyring, isolated_settings) -> None:
    assert secrets.backend() is None and secrets.where_stored() == secrets.SETTINGS_FILE
    assert secrets.store_key("brave", "brave-secret") == secrets.SETTINGS_FILE
    assert secrets.load_key("brave") == "brave-secret"
    assert "brave-secret" in _settings_file_text(isolated_settings)
    assert "brave-secret" not in repr(settings.load())  # not one of the settings' values
    secrets.store_key("brave", "")
    assert secrets.load_key("brave") == ""


def test_a_key_moves_from_the_file_to_a_keyring_that_appears(
    memory_keyring, isolated_settings
) -> None:
    qs = settings.store()
    qs.setValue("secrets/brave-api-key", "old-secret")
    qs.sync()
    assert secrets.load_key("brave") == "old-secret"  # read where an earlier run kept it
    secrets.store_key("brave", "new-secret")
    assert "secret" not in _settings_file_text(isolated_settings)
    assert memory_keyring.passwords[("CopyLens", "brave-api-key")] == "new-secret"


def _settings_file_text(folder: Path) -> str:
    settings.store().sync()
    return "".join(p.read_text(errors="replace") for p in folder.rglob("*.ini"))


@pytest.mark.parametrize("ring", ["memory_keyring", "no_keyring"])
def test_the_settings_dialog_keeps_the_key_apart(qtbot, window, request, ring) -> None:
    request.getfixturevalue(ring)
    dialog = SettingsDialog(window.settings_values, window)
    qtbot.addWidget(dialog)
    assert dialog.key_edit.line.echoMode() == QtWidgets.QLineEdit.EchoMode.Password
    note = dialog.key_edit.note.text()
    if ring == "memory_keyring":
        assert "system keyring" in note
    else:
        assert "settings file" in note and "plain text" in note
    assert "Published price: US$" in dialog.provider_tip()  # Brave's, from the engine
    dialog.key_edit.setText("brave-secret")
    provider = dialog.editors["web_provider"]
    provider.setCurrentIndex(provider.findData("yandex"))
    assert dialog.key_edit.text() == "" and dialog.editors["web_folder"].isEnabled()
    dialog.key_edit.setText("yandex-secret")
    dialog.editors["web_folder"].setText("b1gfolder")
    dialog.accept()
    values = dialog.values()
    assert values["web_provider"] == "yandex" and values["web_folder"] == "b1gfolder"
    assert "secret" not in repr(values)
    assert secrets.load_key("brave") == "brave-secret"
    assert secrets.load_key("yandex") == "yandex-secret"
    window.apply_settings(values)
    assert "secret" not in repr(window.sessions.session().settings)


# ---------------------------------------------------------------------- end to end


def run_check(qtbot, window) -> None:
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.start_run()


def test_a_check_against_a_local_page_end_to_end(
    qtbot, window, tmp_path, local_web, browser
) -> None:
    page = local_web.serve("/heat.html", ARTICLE)
    gone = local_web.url("/gone.html")
    essay = tmp_path / "essay.txt"
    essay.write_text(OWN + ARTICLE, encoding="utf-8")
    window.apply_settings(web_values(web_allow_local=True))
    window.documents_list.add_paths([essay])
    window.web_panel.set_lines([page, gone])
    run_check(qtbot, window)
    report = window.reports["check"]
    (result,) = report.documents
    (source,) = result.sources
    assert source.path == page and source.url == page and source.fetched
    assert source.containment > 0.6  # the article, most of the essay
    (failure,) = report.errors
    assert failure.path == gone and "404" in failure.error
    assert "not there" in failure_advice(failure)
    assert window.web_panel.edit.line_tips == {1: "the server answered 404 Not Found"}
    view = window.check_page.document_view
    qtbot.waitUntil(lambda: view.result() is not None, timeout=GUARD_MS)
    model = view.sources_model
    assert model.data(model.index(0, SourcesModel.NAME)) == page.removeprefix("http://")
    assert model.data(model.index(0, SourcesModel.NAME), WEB_ROLE) == page
    assert csv_report(report).splitlines()[1].endswith("," + page + ",0")  # url, retold


def test_pages_are_refused_from_local_addresses_by_default(
    qtbot, window, tmp_path, local_web
) -> None:
    page = local_web.serve("/heat.html", ARTICLE)
    essay = tmp_path / "essay.txt"
    essay.write_text(OWN + ARTICLE, encoding="utf-8")
    window.documents_list.add_paths([essay])
    window.web_panel.set_lines([page])
    run_check(qtbot, window)
    report = window.reports["check"]
    assert report.documents[0].sources == ()
    (failure,) = report.errors
    assert "local or private" in failure.template
    assert "Allow local and intranet addresses" in failure_advice(failure)


def test_search_the_web_through_the_providers_stand_in(
    qtbot, window, tmp_path, local_web, memory_keyring, stand_in, monkeypatch
) -> None:
    """ "Search the web" with the key from the keyring: the stand-in of Brave Search API
    (``tests/web/searchserver.py``) finds the local page for every phrase; the check sends at
    most the queries of the settings and compares against the page found."""
    page = local_web.serve("/heat.html", ARTICLE)
    monkeypatch.setattr(stand_in, "urls_for", lambda _query: [page])
    monkeypatch.setenv("COPYLENS_BRAVE_ENDPOINT", stand_in.brave_url)
    monkeypatch.delenv("COPYLENS_BRAVE_KEY", raising=False)
    secrets.store_key("brave", searchserver.KEY)
    essay = tmp_path / "essay.txt"
    essay.write_text(OWN + ARTICLE, encoding="utf-8")
    window.apply_settings(web_values(web_allow_local=True, web_max_queries=2))
    window.documents_list.add_paths([essay])
    window.web_panel.search_box.setChecked(True)
    run_check(qtbot, window)
    report = window.reports["check"]
    assert report.errors == ()
    assert 1 <= report.queries <= 2 and len(stand_in.queries("brave")) == report.queries
    (source,) = report.documents[0].sources
    assert source.url == page
    assert f"web search queries sent: {report.queries}" in window.statusBar().currentMessage()
    assert searchserver.KEY not in repr(report.to_data())


def test_the_window_loads_no_network_code(tmp_path) -> None:
    """The Web section and the settings' Web group cost nothing until a check uses the web:
    a window (and its settings dialog) imports neither httpx nor the engine's web stages
    (only the providers' table, ``copylens.core.web.providers``)."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from copylens.app.qt import QtWidgets\n"
        "app = QtWidgets.QApplication(['CopyLens'])\n"
        "from copylens.app.window import MainWindow\n"
        "window = MainWindow()\n"
        "window.show()\n"
        "window.open_settings()\n"
        "app.processEvents()\n"
        "web = [m for m in sys.modules if m.startswith('copylens.core.web.')]\n"
        "loaded = [m for m in web if m != 'copylens.core.web.providers'] + "
        "[m for m in sys.modules if m == 'httpx']\n"
        "print(loaded)\n"
        "sys.exit(bool(loaded))\n"
    )
    environment = os.environ | {
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "COPYLENS_HISTORY": str(tmp_path / "history.sqlite"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_cancel_stops_a_slow_download(qtbot, window, tmp_path, local_web) -> None:
    """Cancel ends the run while the page still drips (a minute in all): the download is
    dropped, not waited out. How soon: bench/bench_latency.py."""
    slow = local_web.url("/slow.html")
    essay = tmp_path / "essay.txt"
    essay.write_text(OWN + ARTICLE, encoding="utf-8")
    window.apply_settings(web_values(web_allow_local=True))
    window.documents_list.add_paths([essay])
    window.web_panel.set_lines([slow])
    window.start_run()
    qtbot.waitUntil(local_web.slow_started.is_set, timeout=GUARD_MS)
    qtbot.waitUntil(
        lambda: "Downloading pages" in window.run_status.progress_label.text(), timeout=GUARD_MS
    )
    with qtbot.waitSignal(window.controller.cancelled, timeout=GUARD_MS):
        window.cancel_run()
    assert not local_web.slow_sent.is_set()
    assert window.statusBar().currentMessage() == "Cancelled."


def test_addresses_are_shown_as_typed_and_matched_as_the_engine_writes_them(window) -> None:
    from copylens.app.presentation import address_key, web_name

    engine = "https://xn--e1afmkfd.xn--p1ai/wiki/%D0%93%D0%BE%D1%80%D0%BE%D0%B4"
    typed = "HTTPS://пример.рф:443/wiki/Город#история"
    assert web_name(engine) == "пример.рф/wiki/Город"
    assert address_key(engine) == address_key(typed)
    window.web_panel.set_lines(["https://example.com/a", typed])
    assert window.web_panel.mark_errors({engine: "the server answered 404 Not Found"}) == 1
    assert window.web_panel.edit.line_tips == {1: "the server answered 404 Not Found"}
