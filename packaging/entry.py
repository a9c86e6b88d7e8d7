"""The frozen app's entry point (PyInstaller runs this file as ``__main__``).

``multiprocessing.freeze_support()`` must run first: the desktop app's engine starts worker
processes with ``spawn`` (``copylens.core.pool``: a Qt process never forks), and in a frozen app a
worker is
the same executable started again with multiprocessing's arguments. Then the desktop app's
``main()``, which also handles ``--self-test`` (``app/selftest.py``) before any window.
"""

from __future__ import annotations

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from copylens.app.gui import main

    sys.exit(main())
