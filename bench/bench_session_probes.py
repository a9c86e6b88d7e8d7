"""Issue 38's session and address probes, each in its own process: outcome, time, peak memory.

The probes (made in a temporary folder; the bomb generated without inflating it):

* ``empty``: a valid empty session, the baseline (starting Python and importing the app);
* ``bomb``: a 1 MB gzip file inflating to 1 GB of JSON whitespace around an empty session;
* ``bomb-lie``: the same with a gzip trailer claiming 1,000 bytes (the size is counted);
* ``deep``: 100,000 nested ``[`` in a session;
* ``nan``, ``share``: a session whose report has ``"uniqueness": NaN`` or ``1.5``;
* ``metadata``: ``check_public("169.254.169.254", 80, allow_local=True)``, what every
  connection (a redirect's too) asks before it is made.

Each runs as ``python -c`` in a fresh process (``--runner``: a script that runs the code on
another checkout, for the figures before a change); the peak is that process's maximum
resident set (``wait4``), the time its wall clock. A bench command, never run by the tests::

    python bench/bench_session_probes.py
    python bench/bench_session_probes.py --runner /path/to/run_old.py   # another checkout
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

SESSION = {"format": "copylens-session", "version": 1, "inputs": {}}
READ = (
    "from copylens.app.session import read_session\n"
    "try:\n"
    "    s = read_session({path!r})\n"
    "    r = s.reports.get('check')\n"
    "    print('opened' + ('' if r is None else f', uniqueness {{r.documents[0].uniqueness}}'))\n"
    "except Exception as e:\n"
    "    print(type(e).__name__ + ': ' + getattr(e, 'message', str(e))[:150])\n"
)
ADDRESS = (
    "from copylens.core.web.address import check_public\n"
    "try:\n"
    "    print('allowed:', check_public('169.254.169.254', 80, allow_local=True))\n"
    "except Exception as e:\n"
    "    print(type(e).__name__ + ': ' + str(e)[:150])\n"
)


def bomb(path: Path, megabytes: int, honest: bool = True) -> Path:
    """A gzip file of ``megabytes`` MB of spaces inside an empty session (1 KB per MB); its
    trailer gives the true size, or (``honest=False``) 1,000 bytes."""
    block = b" " * (1024 * 1024)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = json.dumps(SESSION)[:-1].encode() + b', "x": 1'
    one = squeeze.compress(head) + squeeze.flush(zlib.Z_FULL_FLUSH)
    step = squeeze.compress(block) + squeeze.flush(zlib.Z_FULL_FLUSH)
    tail = squeeze.compress(b"}") + squeeze.flush()
    crc = zlib.crc32(head)
    for _ in range(megabytes):
        crc = zlib.crc32(block, crc)
    crc = zlib.crc32(b"}", crc)
    size = (len(head) + megabytes * len(block) + 1) & 0xFFFFFFFF if honest else 1000
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    path.write_bytes(header + one + step * megabytes + tail + struct.pack("<II", crc, size))
    return path


def with_report(path: Path, uniqueness: str) -> Path:
    """A session whose check report's one document has ``uniqueness`` as written."""
    document = {
        "path": "a", "language": "en", "words": 10, "counted_words": 10, "uniqueness": "@",
        "borrowed": 0.0, "cited": 0.0, "homoglyphs": 0, "homoglyph_offsets": [],
        "sha256": "0", "sources": [], "self_cited": 0.0,
    }  # fmt: skip
    data = SESSION | {"reports": {"check": {"documents": [document], "errors": []}}}
    path.write_bytes(gzip.compress(json.dumps(data).replace('"@"', uniqueness).encode()))
    return path


def run(code: str, runner: str | None) -> tuple[str, float, float]:
    """(printed outcome, seconds, peak MB) of ``code`` in a fresh Python."""
    command = [sys.executable, *([runner] if runner else []), "-c", code]
    if runner:  # the runner runs a script file
        script = Path(tempfile.mkstemp(suffix=".py")[1])
        script.write_text(code, encoding="utf-8")
        command = [sys.executable, runner, str(script)]
    start = time.monotonic()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    assert process.stdout is not None
    output = process.stdout.read().decode("utf-8", "replace").strip().splitlines()
    _pid, _status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - start
    return (output[-1] if output else "(nothing)"), seconds, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runner", help="a script that runs a file on another checkout")
    parser.add_argument("--bomb-mb", type=int, default=1024, help="the bomb inflated, MB")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        empty = here / "empty.copylens"
        empty.write_bytes(gzip.compress(json.dumps(SESSION).encode()))
        probes = {
            "empty": READ.format(path=str(empty)),
            "bomb": READ.format(path=str(bomb(here / "bomb.copylens", args.bomb_mb))),
            "bomb-lie": READ.format(
                path=str(bomb(here / "lie.copylens", args.bomb_mb, honest=False))
            ),
            "deep": READ.format(path=str(_deep(here / "deep.copylens"))),
            "nan": READ.format(path=str(with_report(here / "nan.copylens", "NaN"))),
            "share": READ.format(path=str(with_report(here / "share.copylens", "1.5"))),
            "metadata": ADDRESS,
        }
        print(f"{'probe':<9} {'seconds':>8} {'peak MB':>8}  outcome")
        for name, code in probes.items():
            outcome, seconds, peak = run(code, args.runner)
            print(f"{name:<9} {seconds:>8.2f} {peak:>8.0f}  {outcome}", flush=True)
    return 0


def _deep(path: Path) -> Path:
    payload = json.dumps(SESSION)[:-1] + ', "x": ' + "[" * 100_000
    path.write_bytes(gzip.compress(payload.encode()))
    return path


if __name__ == "__main__":
    sys.exit(main())
