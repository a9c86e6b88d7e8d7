"""Shared pytest fixtures. File builders live in ``tests/fixtures_make.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixtures_make import find_font


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
