"""CopyLens: a plagiarism and uniqueness checker.

One import package, assembled by ``setup.py`` from the repository's top-level folders:
``copylens.core`` (``core/``: the engine, no Qt), ``copylens.app`` (``app/``: the command line
and the Qt window) and ``copylens.resources`` (``resources/``: stop words, translations,
samples, icons). This folder holds only the package's own ``__init__`` and ``__main__``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("copylens")
except PackageNotFoundError:  # a frozen build without metadata, or a checkout run in place
    __version__ = "0+unknown"
