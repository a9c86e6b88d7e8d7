"""What the workers of a LocalCluster (``compare --dask local``) start with (issue 40).

The workers are forked from one forkserver process (``multiprocessing``'s ``forkserver``
method, :func:`copylens.core.distribute.forkserver`), which imports this module once before
it forks any: the engine (:mod:`copylens.core.distribute` and all it imports) and, when
``COPYLENS_START_TABLES`` (:data:`copylens.core.distribute.TABLES`) names languages
(``en,ru``), the paraphrase stage's tables of those (:func:`copylens.core.paraphrase.ready`)
are loaded there, once for the run, and each
worker starts with them, shared copy-on-write, as the local run's pair workers inherit them
from their parent. Before, each worker was a spawned interpreter that imported the engine
in its first task and loaded the tables while it read (:class:`copylens.core.distribute._WarmUp`):
the same work once per worker. A language not named here is loaded as before, on the warm-up
thread of the worker that reads a document of it.

What must hold: importing this module changes no result, only where and when tables load
(the tables are the same functions of the same files); it is imported by the forkserver
alone, never by the engine.
"""

from __future__ import annotations

import os

from copylens.core import distribute

distribute.start_with(tuple(filter(None, os.environ.get(distribute.TABLES, "").split(","))))
