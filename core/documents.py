"""Documents: what a front end hands the engine.

An input is a path (a file or a folder, read by the extract stage) or a :class:`TextInput`
(text typed or pasted, with a name to show). The engine's entry points take any mix of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class TextInput:
    """Text given directly (pasted), not read from a file."""

    name: str
    text: str


Input = str | Path | TextInput
