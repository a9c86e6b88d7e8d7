"""The PostgreSQL test server (``tests/pgserver.py``) and its fixtures: a real server that
stores and reads rows, fresh databases that are separate and dropped, binaries found the
Debian way, skipping outside CI only, and no server left behind by a killed test process."""

from __future__ import annotations

import os
import pwd
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psycopg
import pytest

from tests.conftest import postgres_unavailable
from tests.pgserver import DEBIAN_BIN_DIRS, PostgresServer, find_binaries
from tests.test_pool import alive

ROOT = Path(__file__).resolve().parent.parent


def test_the_session_database_stores_and_reads_rows(postgres_url: str) -> None:
    assert postgres_url.startswith("postgresql://postgres@127.0.0.1:")
    assert postgres_url.endswith("/copylens_test")
    with psycopg.connect(postgres_url) as conn:
        conn.execute("CREATE TABLE probe (id serial PRIMARY KEY, body text NOT NULL)")
        conn.execute("INSERT INTO probe (body) VALUES (%s)", ("Списано — copied",))
        assert conn.execute("SELECT id, body FROM probe").fetchall() == [(1, "Списано — copied")]
        assert conn.execute("SHOW server_encoding").fetchone() == ("UTF8",)
        assert conn.execute(
            "SELECT datcollate FROM pg_database WHERE datname = current_database()"
        ).fetchone() == ("C",)


def test_fresh_databases_are_distinct_empty_and_dropped(
    postgres_server: PostgresServer, postgres_url: str, postgres_db_url: str
) -> None:
    tables = "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
    with postgres_server.fresh_database() as other_url:
        assert len({postgres_url, postgres_db_url, other_url}) == 3
        with psycopg.connect(postgres_db_url) as one, psycopg.connect(other_url) as other:
            assert one.execute(tables).fetchone() == (0,)
            one.execute("CREATE TABLE only_here (x int)")
            one.commit()
            assert one.execute(tables).fetchone() == (1,)
            assert other.execute(tables).fetchone() == (0,)
        # left open on purpose: the drop must not wait for it
        leftover = psycopg.connect(other_url)
    other_name = other_url.rsplit("/", 1)[1]
    with psycopg.connect(postgres_url) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (other_name,))
        assert found.fetchall() == []
    with pytest.raises(psycopg.OperationalError):  # ended by DROP DATABASE ... WITH (FORCE)
        leftover.execute("SELECT 1")
    leftover.close()


def test_as_root_the_server_belongs_to_the_postgres_user(postgres_server: PostgresServer) -> None:
    expected = pwd.getpwnam("postgres").pw_uid if os.geteuid() == 0 else os.geteuid()
    assert postgres_server.data.stat().st_uid == expected


def make_bin(folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True)
    for name in names:
        (folder / name).write_text("#!/bin/sh\n")
        (folder / name).chmod(0o755)
    return folder


def test_the_newest_debian_version_with_both_tools_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(make_bin(tmp_path / "path", "initdb", "pg_ctl")))
    make_bin(tmp_path / "lib" / "9.6" / "bin", "initdb", "pg_ctl")
    newest = make_bin(tmp_path / "lib" / "15" / "bin", "initdb", "pg_ctl")
    make_bin(tmp_path / "lib" / "16" / "bin", "initdb")  # half installed
    found = find_binaries(tmp_path / "lib")
    assert found is not None
    assert (found.initdb, found.pg_ctl) == (newest / "initdb", newest / "pg_ctl")


def test_without_debian_folders_path_is_used_and_else_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_path = make_bin(tmp_path / "path", "initdb", "pg_ctl")
    monkeypatch.setenv("PATH", str(on_path))
    found = find_binaries(tmp_path / "missing")
    assert found is not None and found.pg_ctl == on_path / "pg_ctl"
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert find_binaries(tmp_path / "missing") is None


def test_the_default_binaries_are_debians_where_installed() -> None:
    found = find_binaries()
    if any(DEBIAN_BIN_DIRS.glob("*/bin/pg_ctl")):
        assert found is not None and found.pg_ctl.is_relative_to(DEBIAN_BIN_DIRS)


def test_no_server_skips_outside_ci_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no initdb"):
        postgres_unavailable("no initdb")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"CI is set.*no initdb"):
        postgres_unavailable("no initdb")


def test_a_killed_test_process_leaves_no_server_behind(postgres_server: PostgresServer) -> None:
    """Starts its own server in a child process; takes the fixture only to skip or fail as the
    other PostgreSQL tests do where no server can run."""
    script = textwrap.dedent(
        """
        import time
        from tests.pgserver import start_server
        server = start_server()
        print(server.folder, (server.data / "postmaster.pid").read_text().split()[0], flush=True)
        time.sleep(120)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        folder_name, pid_text = process.stdout.readline().split()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    folder, postmaster = Path(folder_name), int(pid_text)
    deadline = time.monotonic() + 120  # a hang guard: the watchdog stops a server, then removes
    while (folder.exists() or alive(postmaster)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not folder.exists()
    assert not alive(postmaster)
