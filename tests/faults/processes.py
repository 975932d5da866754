"""Real processes for the fault suite: a database that accepts and never answers, a port
that refuses, a redis-server on a spare port that can be killed, frozen and brought back,
and the site itself under gunicorn (the checked-in gunicorn.conf.py) pointed at them.

Nothing here is a mock: the site's own drivers (psycopg, redis-py) meet the fault through
real sockets, as they would in production.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
HOST_HEADER = "127.0.0.1"  # every server is asked under one name, so they share cache keys


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def refused_port() -> int:
    """A port nobody listens on: connections are refused at once."""
    return free_port()


@contextmanager
def silent_listener() -> Iterator[int]:
    """A TCP server that accepts every connection and never sends a byte (a hung database)."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(128)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            held.append(conn)  # kept open, never read, never answered

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(timeout=2)
        for conn in held:
            conn.close()
        server.close()


class RedisServer:
    """redis-server on a spare port, no persistence; stop(), freeze(), thaw(), start()."""

    def __init__(self):
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                shutil.which("redis-server") or "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--maxmemory",
                "64mb",
                "--maxmemory-policy",
                "allkeys-lru",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.ping():
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def client(self):
        import redis

        return redis.Redis(port=self.port, socket_timeout=1, socket_connect_timeout=1)

    def ping(self) -> bool:
        try:
            return bool(self.client().ping())
        except Exception:
            return False

    def stop(self) -> None:
        """Redis down: the process is gone, its port refuses connections."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait(timeout=10)

    def freeze(self) -> None:
        """Redis hung: the kernel still accepts connections; nothing ever answers."""
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        self.process.send_signal(signal.SIGCONT)


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    if not shutil.which("redis-server"):
        import pytest

        if os.environ.get("CI"):
            pytest.fail("redis-server is needed for the fault suite (apt-get install redis-server)")
        pytest.skip("redis-server is not installed")
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def manage(env: dict, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        timeout=300,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")


def site_env(
    database_url: str, cache_url: str | None = None, *, static_root: str = "", **extra: str
) -> dict:
    """The environment of a production process (debug off), as tests/load/server.py uses."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_URL"))}
    env.update(
        DJANGO_SETTINGS_MODULE="cotati_site.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=HOST_HEADER,
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=database_url,
        DJANGO_STATIC_ROOT=static_root,
    )
    if cache_url:
        env["DJANGO_CACHE_URL"] = cache_url
    env.update(extra)
    return env


@dataclass(frozen=True)
class Prepared:
    database_url: str  # a migrated SQLite file holding the shipped content
    static_root: str  # collected static files with their manifest, as in production


@contextmanager
def prepared_files() -> Iterator[Prepared]:
    directory = Path(tempfile.mkdtemp(prefix="cotati-faults-"))
    prepared = Prepared(f"sqlite:///{directory / 'db.sqlite3'}", str(directory / "static"))
    env = site_env(prepared.database_url, static_root=prepared.static_root)
    try:
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "load_content", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        yield prepared
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@dataclass
class Site:
    base: str
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@contextmanager
def gunicorn_site(env: dict, workers: int = 2, threads: int = 4) -> Iterator[Site]:
    """The site under gunicorn with the checked-in config, on a free port."""
    port = free_port()
    log_path = Path(tempfile.mkstemp(prefix="cotati-faults-gunicorn-", suffix=".log")[1])
    command = [
        str(BIN / "gunicorn"),
        f"--config={ROOT / 'gunicorn.conf.py'}",
        "cotati_site.wsgi",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        f"--threads={threads}",
        "--log-level=warning",
    ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
        )
    site = Site(f"http://127.0.0.1:{port}", log_path)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{site.log()}")
            try:
                if get(site.base + "/healthz", timeout=1).status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer /healthz:\n{site.log()}")
            time.sleep(0.1)
        yield site
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log_path.unlink(missing_ok=True)


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict
    seconds: float


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def get(
    url: str, *, timeout: float = 10, headers: dict | None = None, method: str = "GET"
) -> Answer:
    """One request with a timeout (a hang fails the test instead of stalling it)."""
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(
        url, headers={"Host": HOST_HEADER, **(headers or {})}, method=method
    )
    started = time.monotonic()
    try:
        with opener.open(request, timeout=timeout) as response:
            body = response.read()
            return Answer(response.status, body, dict(response.headers), time.monotonic() - started)
    except urllib.error.HTTPError as error:
        body = error.read()
        return Answer(error.code, body, dict(error.headers), time.monotonic() - started)
