"""The header of every JSON report (the window's export and the command line's), alone.

:func:`json_header` lives here, not in :mod:`copylens.app.export` (which re-exports it), so
that ``compare --format json`` makes its stream's header without importing the report's
writers (HTML, CSV, the palette, the archive, coverage): the stream is made when the first
pair comes (:class:`copylens.app.cli._LazyStream`), while the pair workers run on both cores,
and the process running ``compare`` spent 7-8 ms of CPU importing what a JSON stream never
uses, beside the workers (issue 40, 1,000 essays). Nothing here imports the engine's
modules (the facade, :mod:`copylens.core`, for its type alone).
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from copylens.core import Options


def json_header(
    kind: str, options: Options, generated_at: datetime | None = None
) -> dict[str, Any]:
    """What every JSON report starts with (the window's export and the command line's):
    ``kind`` ("check" or "compare"), ``generated_at`` (ISO 8601 with the UTC offset),
    ``copylens_version`` and ``settings`` (the run's options by field name)."""
    from copylens import __version__

    when = generated_at or datetime.now().astimezone()
    return {
        "kind": kind,
        "generated_at": when.isoformat(timespec="seconds"),
        "copylens_version": __version__,
        "settings": asdict(options),
    }
