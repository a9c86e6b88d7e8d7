"""The garbage collector paused while what lives on is loaded (issue 40).

Stdlib only: the command line pauses it before it imports the engine."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collections_paused() -> Iterator[None]:
    """Within it, no garbage collection; at its end, what was made within is not walked: it
    joins the oldest generation as it is (``gc.freeze`` then ``gc.unfreeze``; where objects
    were frozen already, a fork's :func:`copylens.core.pool.frozen_for_forks`, it joins them
    and is released with them), and the collector is enabled again if it was.

    For loading what lives on (modules, dictionaries, tables) before workers fork from this
    process. Issue 40, at 1,000 essays: importing the engine and the readers' warm-up made the
    collector walk what they loaded 93 times, ~11 ms of the ~175 ms of CPU before the readers
    fork, serial, the other core idle (2 ms with it); re-enabled as it was, without the
    freeze, its first young collection walked all of it at once (9.6 ms). The collector is
    the process's: another thread's objects made meanwhile (the window's, where the engine
    runs on a worker thread) are not collected within either and join the oldest generation
    too, for the next full collection."""
    enabled, frozen = gc.isenabled(), gc.get_freeze_count()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if not frozen:
            gc.unfreeze()
        if enabled:
            gc.enable()
