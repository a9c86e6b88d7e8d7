"""A real, throwaway PostgreSQL server for the tests; ``tests/conftest.py`` makes the fixtures
``postgres_url`` (one server and database for the session) and ``postgres_db_url`` (a fresh
empty database for one test) out of it. Plain Python: usable outside pytest too::

    server = start_server()
    with server.fresh_database() as url:
        ...
    server.stop()

What must hold:

- The binaries come from the newest ``/usr/lib/postgresql/N/bin`` (Debian's ``postgresql``
  puts them there, not on PATH), else from PATH; none found raises
  :class:`PostgresUnavailable`, which the fixtures skip on outside CI and fail on in CI.
- Everything of the server lives in one temporary folder (data, log, unix socket); it listens
  on 127.0.0.1 only, on a free port, trusts every local connection, and is UTF8 with locale C.
  Durability is off: nothing in it outlives the session.
- initdb refuses to run as root: as root every server command runs as the ``postgres`` system
  user (``runuser``), who owns the folder; otherwise as the current user.
- :meth:`PostgresServer.stop` is idempotent, never raises, and acts only in the process that
  started the server (not in forked workers). It runs from the fixture's finalizer and from
  atexit, and a watchdog process stops the server and removes the folder if this process dies
  without doing so (even killed by SIGKILL).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import LiteralString

SUPERUSER = "postgres"
DATABASE = "copylens_test"
DEBIAN_BIN_DIRS = Path("/usr/lib/postgresql")
SETTINGS = """
listen_addresses = '127.0.0.1'
unix_socket_directories = '{socket}'
fsync = off
synchronous_commit = off
full_page_writes = off
"""
# Runs beside the tests; once its parent (the test process) is gone without having removed
# the folder, it stops the server and removes the folder.
WATCHDOG = """
import os, shutil, subprocess, sys, time
parent, folder, *stop = sys.argv[1:]
while os.getppid() == int(parent) and os.path.isdir(folder):
    time.sleep(0.5)
if os.path.isdir(folder):
    subprocess.run(stop, stdin=subprocess.DEVNULL, capture_output=True, timeout=60, cwd="/")
    shutil.rmtree(folder, ignore_errors=True)
"""


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server can be started on this machine (no binaries, no psycopg, or root
    without a ``postgres`` user): a reason to skip, except in CI."""


@dataclass(frozen=True)
class Binaries:
    initdb: Path
    pg_ctl: Path


def _version(bin_dir: Path) -> tuple[int, ...]:
    """``/usr/lib/postgresql/15/bin`` -> (15,); a name that is no version sorts first."""
    try:
        return tuple(int(part) for part in bin_dir.parent.name.split("."))
    except ValueError:
        return ()


def find_binaries(debian_dirs: Path = DEBIAN_BIN_DIRS) -> Binaries | None:
    """initdb and pg_ctl from the newest ``debian_dirs/N/bin`` holding both, else from PATH;
    None when neither has both."""
    for bin_dir in sorted(debian_dirs.glob("*/bin"), key=_version, reverse=True):
        found = Binaries(bin_dir / "initdb", bin_dir / "pg_ctl")
        if all(os.access(tool, os.X_OK) for tool in (found.initdb, found.pg_ctl)):
            return found
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    return Binaries(Path(initdb), Path(pg_ctl)) if initdb and pg_ctl else None


def _free_port() -> int:
    """A port on 127.0.0.1 that was free a moment ago (another process may take it first)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One running server in ``folder``; made by :func:`start_server`."""

    def __init__(self, binaries: Binaries, folder: Path, run_as: list[str]) -> None:
        self.binaries = binaries
        self.folder = folder
        self.data = folder / "data"
        self.log = folder / "postgres.log"
        self.port = 0
        self._run_as = run_as  # the command prefix that runs a server command as its owner
        self._stopped = False
        self._owner_pid = os.getpid()  # a forked child (the engine's workers) must not stop it
        self._watchdog: subprocess.Popen[bytes] | None = None
        atexit.register(self.stop)

    def url(self, database: str = DATABASE) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _stop_command(self) -> list[str]:
        pg_ctl = str(self.binaries.pg_ctl)
        return [*self._run_as, pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"]

    def _run(self, *command: str | Path, timeout: float = 120) -> None:
        """Runs a server command as the folder's owner; raises with its output if it fails."""
        done = subprocess.run(
            [*self._run_as, *map(str, command)],
            cwd=self.folder,  # the postgres user may not enter the caller's directory
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(
                f"{' '.join(map(str, command))} exited {done.returncode}:\n"
                f"{done.stdout}{done.stderr}{log}"
            )

    def _boot(self, timeout: float) -> None:
        """The watchdog, initdb, settings, pg_ctl start on a free port (three tries: the port
        may be taken between choosing and binding it), then the session database."""
        watchdog = [sys.executable, "-I", "-c", WATCHDOG, str(os.getpid()), str(self.folder)]
        self._watchdog = subprocess.Popen(
            [*watchdog, *self._stop_command()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # a Ctrl-C to the test's process group leaves it running
        )
        self._run(
            self.binaries.initdb, "-D", self.data, "-U", SUPERUSER, "-A", "trust",
            "-E", "UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(SETTINGS.format(socket=self.folder / "socket"))
        for attempt in range(3):
            self.port = _free_port()
            try:
                self._run(
                    self.binaries.pg_ctl, "-D", self.data, "-l", self.log, "-w",
                    "-t", str(round(timeout)), "-o", f"-p {self.port}", "start",
                )  # fmt: skip
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        self._execute("CREATE DATABASE {}", DATABASE, timeout=timeout)

    def _execute(self, statement: LiteralString, name: str, timeout: float = 30) -> None:
        """Runs ``statement`` with ``{}`` replaced by the identifier ``name``, in autocommit on
        the ``postgres`` database, retrying the connection until ``timeout`` (the server may
        still be coming up)."""
        import psycopg
        from psycopg import sql

        query = sql.SQL(statement).format(sql.Identifier(name))
        deadline = time.monotonic() + timeout
        while True:
            try:
                url = self.url("postgres")
                with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(query)
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    @contextlib.contextmanager
    def fresh_database(self) -> Iterator[str]:
        """A new empty database ``test_<uuid>`` for the block; its URL is yielded, and it is
        dropped afterwards (WITH (FORCE): connections left open do not stop that)."""
        name = f"test_{uuid.uuid4().hex}"
        self._execute("CREATE DATABASE {}", name)
        try:
            yield self.url(name)
        finally:
            if not self._stopped:
                self._execute("DROP DATABASE IF EXISTS {} WITH (FORCE)", name)

    def stop(self) -> None:
        """Stops the server (immediate shutdown: nothing in it is kept) and removes the
        folder. Idempotent; never raises; does nothing in a forked child of the process that
        started it."""
        if self._stopped or os.getpid() != self._owner_pid:
            return
        self._stopped = True
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                subprocess.run(
                    self._stop_command(),
                    cwd=self.folder,
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    timeout=60,
                )
        shutil.rmtree(self.folder, ignore_errors=True)
        if self._watchdog is not None:
            self._watchdog.kill()
            self._watchdog.wait()
        atexit.unregister(self.stop)


def start_server(timeout: float = 60) -> PostgresServer:
    """Starts a server in a new temporary folder and creates the database ``copylens_test``.

    Raises :class:`PostgresUnavailable` if this machine cannot run one, RuntimeError (with the
    server's log) if it can but the server fails to start; nothing is left behind then."""
    binaries = find_binaries()
    if binaries is None:
        raise PostgresUnavailable(
            f"no initdb and pg_ctl in {DEBIAN_BIN_DIRS}/*/bin or on PATH "
            "(Debian package: postgresql)"
        )
    try:
        import psycopg  # noqa: F401
    except ImportError as error:
        raise PostgresUnavailable("psycopg is not installed (pip install -e '.[test]')") from error
    run_as: list[str] = []
    owner: pwd.struct_passwd | None = None
    if os.geteuid() == 0:  # initdb refuses root
        runuser = shutil.which("runuser")
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            owner = None
        if owner is None or runuser is None:
            raise PostgresUnavailable(
                "running as root, and initdb refuses root: it needs the system user 'postgres' "
                "(made by the Debian package postgresql) and runuser"
            )
        run_as = [runuser, "-u", owner.pw_name, "--"]
    folder = Path(tempfile.mkdtemp(prefix="copylens-pg-"))
    (folder / "socket").mkdir()
    if owner is not None:
        for path in (folder, folder / "socket"):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    server = PostgresServer(binaries, folder, run_as)
    try:
        server._boot(timeout)
    except BaseException:
        server.stop()
        raise
    return server
