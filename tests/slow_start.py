"""A module that takes two seconds to import in a worker process (the main process imports it
at once): a spawned worker's start-up as slow as a Windows machine's with an antivirus
scanner reading every imported file. ``tests/test_platform_spawn.py`` runs :func:`echo`."""

from __future__ import annotations

import multiprocessing
import time

if multiprocessing.parent_process() is not None:
    time.sleep(2.0)


def echo(value: float) -> float:
    return value
