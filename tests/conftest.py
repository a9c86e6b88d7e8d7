"""Shared pytest fixtures. File builders live in ``tests/fixtures_make.py``; the PostgreSQL
server behind ``postgres_url`` and ``postgres_db_url`` in ``tests/pgserver.py``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest
from hypothesis import HealthCheck, settings

from tests.fixtures_make import find_font
from tests.pgserver import PostgresServer, PostgresUnavailable, start_server

if TYPE_CHECKING:
    from copylens.core.sentence_align import Bags, Similarity

# Hypothesis, project-wide. The suite is the gate of every merge and of CI, so it draws the same
# examples on every machine and every run (derandomize: a seed made from each test's source):
# a failure is the code's, seen again by whoever runs the test, never a new draw's luck. No
# deadline and no too_slow health check: both time the machine, and a loaded CI worker is ten
# times slower than a developer's (the standards: no wall-clock limits in unit tests). A failure
# prints its reproduce blob; pin it with @example. `HYPOTHESIS_PROFILE=explore` (or pytest's
# --hypothesis-profile=explore) draws new examples each run, with the same limits, to hunt.
_UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "print_blob": True}
settings.register_profile("copylens", derandomize=True, database=None, **_UNTIMED)
settings.register_profile("explore", **_UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "copylens"))


@pytest.fixture(scope="session", autouse=True)
def private_web_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Pages downloaded by the tests (from 127.0.0.1) are cached in a temporary file, never in
    the user's cache folder; the variable reaches the command lines the tests start too."""
    path = tmp_path_factory.mktemp("web-cache") / "pages.sqlite"
    with pytest.MonkeyPatch.context() as patch:  # the variable as it was, after the session
        patch.setenv("COPYLENS_WEB_CACHE", str(path))
        yield path


@pytest.fixture(scope="session", autouse=True)
def private_table_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Tables derived from the shipped data (:mod:`copylens.core.table_cache`) are kept in a
    temporary folder, never in the user's cache folder; the variable reaches the command lines
    the tests start too."""
    path = tmp_path_factory.mktemp("table-cache")
    with pytest.MonkeyPatch.context() as patch:  # the variable as it was, after the session
        patch.setenv("COPYLENS_TABLE_CACHE", str(path))
        yield path


@pytest.fixture(scope="session")
def dejavu_font() -> Path:
    """DejaVuSans.ttf, for PDFs with Cyrillic text (Debian package ``fonts-dejavu-core``)."""
    font = find_font("DejaVuSans.ttf")
    if font is None:
        pytest.fail(
            "DejaVuSans.ttf not found: install the Debian package fonts-dejavu-core "
            "(/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)"
        )
    return font


def postgres_unavailable(reason: str) -> NoReturn:
    """Skips the test for want of a PostgreSQL server, except when the environment variable
    CI is set (non-empty): CI must never skip the PostgreSQL tests silently, so it fails."""
    if os.environ.get("CI"):
        pytest.fail(f"CI is set, so the PostgreSQL tests must run, but: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server: {reason}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server of this session (``tests/pgserver.py``), stopped and its
    temporary folder removed when the session ends."""
    try:
        server = start_server()
    except PostgresUnavailable as error:
        postgres_unavailable(str(error))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    """``postgresql://postgres@127.0.0.1:PORT/copylens_test``: one database shared by the
    whole session (tests that need it empty take ``postgres_db_url``)."""
    return postgres_server.url()


@pytest.fixture
def postgres_db_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a new empty database ``test_<uuid>`` on the session's server, only this
    test's; dropped after it, even with connections left open."""
    with postgres_server.fresh_database() as url:
        yield url


@pytest.fixture
def similarity_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Each unit-by-unit similarity computed during the test (its two texts' lengths in
    canonical words): each call of :func:`copylens.core.sentence_align.compared`, through
    which :func:`~copylens.core.sentence_align.similarity` and the pair stage's
    :func:`~copylens.core.sentence_align.pair_sentences` compute theirs, the function itself
    still doing the work."""
    from copylens.core import sentence_align  # the engine only for the tests that take this

    calls: list[tuple[int, int]] = []
    whole = sentence_align.compared

    def counted(x: Bags, y: Bags) -> Similarity:
        calls.append((len(x.codes), len(y.codes)))
        return whole(x, y)

    monkeypatch.setattr(sentence_align, "compared", counted)
    return calls


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The window's tests and the packaging tests (their in-process self-test starts the app)
    run last. A window forbids forking for the rest of the process (Qt runs threads Python
    cannot see), so every later engine run would spawn its workers, as the app does; the
    engine's own tests fork, as the command line does. Both ways are tested; this order only
    keeps the suite quick."""

    def late(item: pytest.Item) -> bool:
        path = Path(str(item.fspath))
        return "gui" in path.parts or path.name == "test_packaging.py"

    items.sort(key=late)
