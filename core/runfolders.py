"""Temporary folders that belong to one run (the spill, the readers' shared word forms).

A folder is named ``{prefix}{pid}-{random}`` after the process of the run that made it, so a
run killed before it could remove its own folder leaves a name that says whose it was; the
next run of the same kind removes every such folder whose process is gone.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile


def make(prefix: str) -> str:
    """A new folder in the temporary folder, named after this process (see the module)."""
    remove_orphans(prefix)
    return tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-")


def remove_orphans(prefix: str) -> None:
    """Remove the folders of ``prefix`` whose run's process is gone."""
    for folder in glob.glob(os.path.join(tempfile.gettempdir(), f"{prefix}*-*")):
        pid = os.path.basename(folder)[len(prefix) :].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process, or no way to tell
    return True
