"""CopyLens: a plagiarism and uniqueness checker.

One import package, assembled by ``setup.py`` from the repository's top-level folders:
``copylens.core`` (``core/``: the engine, no Qt), ``copylens.app`` (``app/``: the command line
and the Qt window) and ``copylens.resources`` (``resources/``: stop words, translations,
samples, icons). This folder holds only the package's own ``__init__`` and ``__main__``.

``__version__`` is read from the installed metadata on first use (importing
``importlib.metadata`` costs ~30 ms, which ``copylens --help`` should not pay).

One thread of BLAS per process (``OPENBLAS_NUM_THREADS``, ``MKL_NUM_THREADS`` = 1, unless the
user set them): the engine runs its parallel work in processes, and BLAS's own threads only
contend with them. Measured on a loaded 2-core machine (issue 40): the paraphrase stage's
products of two long sentences' word vectors (65 × 256 by 256 × 65) took 41 ms each with
OpenBLAS's threads and 0.7 ms with one, 86 s against 1.5 s for a 0.2 MB pair. Set here, before
anything imports numpy (it reads them when it loads OpenBLAS), so workers, forked or spawned,
inherit it. A program that imported numpy before copylens has OpenBLAS loaded with its own
count already: then (unless the user set the variable) ``threadpoolctl``, scikit-learn's
library for exactly this, sets the loaded BLAS to one thread through its own API.
"""

from __future__ import annotations

import os
import sys
from functools import cache

_BLAS_VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
if "numpy" in sys.modules and not any(v in os.environ for v in _BLAS_VARIABLES):
    from threadpoolctl import threadpool_limits

    threadpool_limits(1, user_api="blas")
for _variable in _BLAS_VARIABLES:
    os.environ.setdefault(_variable, "1")


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
