"""Web pages cached in the archive a check runs with (issue 19), on SQLite and PostgreSQL: a
page is downloaded once for every check against that archive, and an archive that cannot be
written is simply not used as a cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from copylens.core import Options, open_archive
from copylens.core.web.archive_pages import ArchivePages
from tests.archive.conftest import Cli
from tests.archive.test_archive_reliability import immutable
from tests.json_reports import body
from tests.web.webserver import WebServer, page, web_server

__all__ = ["web_server"]  # the fixture, used by name

SOURCE = (
    "Lake Baikal holds about a fifth of the fresh surface water of the planet. Its basin was "
    "formed by a rift that is still widening, and the lake grows wider every year by a few "
    "millimetres while earthquakes shake its shores."
)
ESSAY = f"My essay on lakes. {SOURCE} That is all I wanted to say about it today."


def serve(server: WebServer) -> str:
    body = f"<html><body><article><p>{SOURCE}</p></article></body></html>".encode()
    return server.route("/baikal.html", page(body, "text/html; charset=utf-8"))


@pytest.fixture
def essay(tmp_path: Path) -> Path:
    path = tmp_path / "essay.txt"
    path.write_text(ESSAY, encoding="utf-8")
    return path


def test_a_page_is_downloaded_once_for_every_check_against_the_archive(
    cli: Cli, archive_location: str, web_server: WebServer, essay: Path, tmp_path: Path
) -> None:
    url = serve(web_server)
    other = tmp_path / "other.txt"
    other.write_text("An unrelated earlier essay about trains and timetables.", "utf-8")
    assert cli("archive", "add", other, "--archive", archive_location).code == 0
    args = ("check", essay, "--archive", archive_location, "--url", url, "--allow-local-urls")
    first = cli(*args, "--format", "json").json()
    second = cli(*args, "--format", "json").json()
    assert body(first) == body(second)
    (source,) = first["documents"][0]["sources"]
    assert source["url"] == url and source["containment"] > 0.5
    assert len(web_server.requests("/baikal.html")) == 1
    with open_archive(archive_location, Options()) as archive:
        assert ArchivePages(archive).urls() == [url]
        assert archive.stats().documents == 1  # a cached page is not an archived document


def test_a_read_only_archive_is_read_and_not_used_as_a_cache(
    cli: Cli, web_server: WebServer, essay: Path, tmp_path: Path
) -> None:
    location = tmp_path / "archive.db"
    assert cli("archive", "add", essay, "--archive", location).code == 0
    before = location.read_bytes()
    url = serve(web_server)
    args = ("check", essay, "--archive", location, "--url", url, "--allow-local-urls")
    with immutable(location):
        report = cli(*args, "--format", "json").json()
    (source,) = report["documents"][0]["sources"]
    assert source["url"] == url
    assert location.read_bytes() == before
