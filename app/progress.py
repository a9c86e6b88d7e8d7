"""A one-line progress bar on stderr for the command line (shown only on a terminal)."""

from __future__ import annotations

import time
from types import TracebackType
from typing import TextIO

_STAGES = {
    "reading": "reading  ",
    "searching": "searching",
    "downloading": "fetching ",
    "indexing": "indexing ",
    "comparing": "comparing",
    "archiving": "archiving",
}


class ProgressBar:
    """The engine's ``progress(stage, done, total)`` callback; redraws at most 10 times/s."""

    def __init__(self, stream: TextIO, enabled: bool, width: int = 30) -> None:
        self.stream = stream
        self.enabled = enabled
        self.width = width
        self._last = 0.0
        self._shown = False
        self._start = time.monotonic()

    def __enter__(self) -> ProgressBar | None:
        return self if self.enabled else None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def __call__(self, stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "-" * (self.width - filled)
        label = _STAGES.get(stage, stage)
        elapsed = now - self._start
        self.stream.write(f"\r{label} [{bar}] {done}/{total}  {elapsed:5.1f} s")
        self.stream.flush()
        self._shown = True
