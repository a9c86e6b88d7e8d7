"""CopyLens: a plagiarism and uniqueness checker.

One import package, assembled by ``setup.py`` from the repository's top-level folders:
``copylens.core`` (``core/``: the engine, no Qt), ``copylens.app`` (``app/``: the command line
and the Qt window) and ``copylens.resources`` (``resources/``: stop words, translations,
samples, icons). This folder holds only the package's own ``__init__`` and ``__main__``.

``__version__`` is read from the installed metadata on first use (importing
``importlib.metadata`` costs ~30 ms, which ``copylens --help`` should not pay).
"""

from __future__ import annotations

from functools import cache


def __getattr__(name: str) -> str:
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("copylens")
    except PackageNotFoundError:  # a frozen build without metadata, or a checkout run in place
        return "0+unknown"
