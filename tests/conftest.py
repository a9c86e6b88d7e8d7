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
