"""The ``slow`` marker of the extract tests: tests that build gigabytes of input or measure a
whole run in a child process. They are skipped unless selected: ``pytest -m slow tests/extract``.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: builds huge hostile files or measures a child process; -m slow runs it"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
