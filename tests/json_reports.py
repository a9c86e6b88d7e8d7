"""JSON reports compared across runs: what two runs of the same check must share."""

from __future__ import annotations

from typing import Any

RUN_FIELDS = ("generated_at",)
"""Header fields that name the run, not its result: two runs of one check differ there."""


def body(data: dict[str, Any], *also: str) -> dict[str, Any]:
    """``data`` (a command line or export JSON report) without :data:`RUN_FIELDS` and ``also``
    (e.g. ``"settings"`` where the runs differ in how many workers they used)."""
    return {k: v for k, v in data.items() if k not in RUN_FIELDS and k not in also}
