"""A PostgreSQL of the fault suite's own: initdb and pg_ctl in a temporary directory on a
spare port, never the machine's shared cluster, so it can be frozen mid-run (SIGSTOP of the
postmaster and every backend: the kernel still accepts and acknowledges, nothing answers).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from tests.faults.processes import free_port, manage, site_env


def _postgres_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _process_tree(pid: int) -> list[int]:
    """``pid`` and its children (the postmaster's backends, checkpointer, and so on)."""
    children: dict[int, list[int]] = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.split("/")[2]))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


class PostgresServer:
    """A PostgreSQL cluster of its own on a spare port (initdb and pg_ctl in a temporary
    directory, run as the ``postgres`` user when the suite runs as root, which initdb
    refuses); freeze() stops the postmaster and every backend with SIGSTOP (the kernel keeps
    accepting and acknowledging, nothing answers), thaw() lets them run on."""

    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(prefix="cotati-faults-pg-"))
        self.data = self.directory / "data"
        self.port = free_port()
        self.user = None
        if os.geteuid() == 0:
            self.user = "postgres"
            os.chown(self.directory, pwd.getpwnam("postgres").pw_uid, -1)
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/cotati_faults"
        self.frozen: list[int] = []

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(
            _postgres_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
            "--no-sync", "-E", "UTF8", "--locale=C.UTF-8",
        )  # fmt: skip
        options = (
            f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            _postgres_bin("pg_ctl"), "-D", str(self.data), "-o", options,
            "-l", str(self.directory / "server.log"), "-w", "-t", "30", "start",
        )  # fmt: skip
        self._run(
            _postgres_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
            "cotati_faults",
        )  # fmt: skip

    def postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def freeze(self) -> None:
        """Stop the postmaster first (it forks no backend after that), then all it has."""
        postmaster = self.postmaster()
        os.kill(postmaster, signal.SIGSTOP)
        self.frozen = _process_tree(postmaster)
        for pid in self.frozen:
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in reversed(self.frozen):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        self.frozen = []

    def stop(self) -> None:
        self.thaw()
        with suppress(subprocess.CalledProcessError, FileNotFoundError):
            self._run(_postgres_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.directory, ignore_errors=True)


@contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL of the suite's own, migrated and holding the shipped content."""
    missing = not _postgres_bin("initdb") or (os.geteuid() == 0 and not _user_exists("postgres"))
    if missing:
        import pytest

        if os.environ.get("CI"):
            pytest.fail("PostgreSQL's server binaries (initdb, pg_ctl) are needed for the suite")
        pytest.skip("PostgreSQL's server binaries are not installed")
    server = PostgresServer()
    try:
        server.start()
        env = site_env(server.url)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "load_content", "-v0")
        yield server
    finally:
        server.stop()


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
