"""A production-like server for load tests and benchmarks, and a wrk runner to drive it.

``prepared_site()`` makes a scratch database (PostgreSQL ``cotati_load`` by default, or any
``DATABASE_URL``), migrates it, loads the shipped content, collects static files into a
temporary directory and yields the environment a production process would see: debug off,
a generated secret, ``ALLOWED_HOSTS=127.0.0.1``, no SSL redirect (plain HTTP on loopback)
and the Redis cache when one answers. ``gunicorn_server()`` serves it on a free port.
``wrk()`` runs Debian's wrk against a URL for a bounded time and returns its figures.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
REPORT_LUA = Path(__file__).with_name("report.lua")
DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/cotati_load"
DEFAULT_REDIS = "redis://127.0.0.1:6379/3"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname, parts.port or 6379), timeout=1):
            return True
    except OSError:
        return False


def _postgres_admin(url: str):
    import psycopg

    parts = urlsplit(url)
    return psycopg.connect(
        host=parts.hostname,
        port=parts.port or 5432,
        user=parts.username,
        password=parts.password,
        dbname="postgres",
        autocommit=True,
    )


def _recreate_database(url: str) -> None:
    if url.startswith("sqlite"):
        Path(urlsplit(url).path).unlink(missing_ok=True)
        return
    name = urlsplit(url).path.lstrip("/")
    with _postgres_admin(url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def _drop_database(url: str) -> None:
    if url.startswith("sqlite"):
        Path(urlsplit(url).path).unlink(missing_ok=True)
        return
    name = urlsplit(url).path.lstrip("/")
    with _postgres_admin(url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, timeout=600)


def production_variables(database_url: str, static_root: Path) -> dict[str, str]:
    """What a production process is given, for a run on loopback: debug off, a generated
    secret, only 127.0.0.1 allowed, no SSL redirect (plain HTTP), warnings logged."""
    return {
        "DJANGO_SETTINGS_MODULE": "cotati_site.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DJANGO_STATIC_ROOT": str(static_root),
        "DATABASE_URL": database_url,
    }


@contextmanager
def prepared_site(
    database_url: str | None = None, keep: bool = False, cache_url: str | None = None
) -> Iterator[dict]:
    """Yield the environment of a production-like site with a fresh, loaded database."""
    database_url = database_url or os.environ.get("LOADTEST_DATABASE_URL") or DEFAULT_POSTGRES
    cache_url = cache_url or os.environ.get("LOADTEST_CACHE_URL", DEFAULT_REDIS)
    static_root = Path(tempfile.mkdtemp(prefix="cotati-static-"))
    env = {**os.environ, **production_variables(database_url, static_root)}
    env.pop("DJANGO_CACHE_URL", None)
    env.pop("REDIS_URL", None)
    if cache_url and reachable(cache_url):
        env["DJANGO_CACHE_URL"] = cache_url
    else:
        log(f"No Redis at {cache_url}: each worker caches in its own memory.")
    log(f"Preparing {database_url} (migrate, load content, collectstatic)...")
    _recreate_database(database_url)
    try:
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "load_content", "-v0")  # also makes any pages left in Redis stale
        manage(env, "collectstatic", "--noinput", "-v0")
        yield env
    finally:
        shutil.rmtree(static_root, ignore_errors=True)
        if not keep:
            _drop_database(database_url)


@contextmanager
def private_redis():
    """A redis-server of this run's own on a spare port (None when it is not installed), so
    the run shares no cache with anything else and may freeze it (the Redis-hung row)."""
    if not shutil.which("redis-server"):
        yield None
        return
    from tests.faults.processes import RedisServer

    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


# gunicorn.conf.py's worker (gthread with bounded reads), named again since the command line
# sets it: the load is measured on what production runs.
PRODUCTION_WORKER = "cotati_site.gunicorn_worker.BoundedThreadWorker"


@contextmanager
def gunicorn_server(
    env: dict, workers: int = 3, threads: int = 4, worker_class: str = PRODUCTION_WORKER
) -> Iterator[str]:
    """Serve the site with gunicorn on 127.0.0.1 and a free port; yield its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_file = tempfile.NamedTemporaryFile(  # noqa: SIM115 (open for the server's lifetime)
        prefix="cotati-gunicorn-", suffix=".log", delete=False
    )
    # The checked-in production config (request limits, timeouts), with this run's sizes.
    command = [
        str(BIN / "gunicorn"),
        f"--config={ROOT / 'gunicorn.conf.py'}",
        "cotati_site.wsgi",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        f"--worker-class={worker_class}",
        f"--threads={threads}",
        "--log-level=warning",
    ]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log_file, stderr=log_file, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited; see {log_file.name}")
            try:
                if fetch(base + "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer /healthz; see {log_file.name}")
            time.sleep(0.2)
        log(f"gunicorn: {workers} {worker_class} workers, {threads} threads each, on {base}")
        yield base
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log_file.close()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url: str, headers: dict | None = None) -> tuple[int, bytes]:
    """One GET, redirects not followed: (status, body)."""
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@dataclass(frozen=True)
class Measurement:
    requests: int
    seconds: float
    rps: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    non_2xx: int
    socket_errors: int

    @property
    def errors(self) -> int:
        return self.non_2xx + self.socket_errors


def combine(parts: list[Measurement]) -> Measurement:
    """Several runs of one URL as one: totals, the median p50 and the worst p99 and max."""
    requests = sum(part.requests for part in parts)
    seconds = sum(part.seconds for part in parts)
    return Measurement(
        requests=requests,
        seconds=seconds,
        rps=requests / seconds,
        p50_ms=sorted(part.p50_ms for part in parts)[len(parts) // 2],
        p99_ms=max(part.p99_ms for part in parts),
        max_ms=max(part.max_ms for part in parts),
        non_2xx=sum(part.non_2xx for part in parts),
        socket_errors=sum(part.socket_errors for part in parts),
    )


def beside_trivial(
    base: str,
    path: str,
    *,
    duration: int = 10,
    slices: int = 5,
    trivial: str = "/healthz",
    **options,
) -> tuple[Measurement, Measurement, float]:
    """Measure ``path`` and the trivial view in alternating slices (``duration`` seconds each
    in all), so a burst of load from elsewhere on the machine weighs on both alike: both
    measurements, and the ratio of their requests per second, the median of each slice's
    (the page's over the trivial view's just before it). A burst that falls on one slice of
    either moves the ratio of the totals; the median of the slices' ratios stands."""
    each = max(1, duration // slices)
    pages, trivials = [], []
    for _ in range(slices):
        trivials.append(
            wrk(base + trivial, duration=each, connections=options.get("connections", 50))
        )
        pages.append(wrk(base + path, duration=each, **options))
    ratio = statistics.median(
        page.rps / alone.rps for page, alone in zip(pages, trivials, strict=True)
    )
    return combine(pages), combine(trivials), ratio


def wrk(
    url: str,
    *,
    duration: int = 10,
    connections: int = 50,
    threads: int = 2,
    headers: dict | None = None,
    vary: bool = False,
) -> Measurement:
    """Drive ``url`` with wrk for ``duration`` seconds; every non-2xx answer is an error.
    With ``vary``, each request appends its own query parameters (see report.lua)."""
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{duration}s",
        "--latency",
        "--timeout=5s",
        f"--script={REPORT_LUA}",
    ]
    for name, value in (headers or {}).items():
        command.append(f"--header={name}: {value}")
    command.append(url)
    if vary:
        command += ["--", "vary"]
    output = subprocess.run(
        command, capture_output=True, text=True, check=True, timeout=duration + 60
    ).stdout
    line = next(line for line in output.splitlines() if line.startswith("WRK_JSON "))
    data = json.loads(line.removeprefix("WRK_JSON "))
    seconds = data["duration_us"] / 1e6
    return Measurement(
        requests=data["requests"],
        seconds=seconds,
        rps=data["requests"] / seconds,
        p50_ms=data["p50_us"] / 1000,
        p99_ms=data["p99_us"] / 1000,
        max_ms=data["max_us"] / 1000,
        non_2xx=data["non_2xx"],
        socket_errors=data["connect"] + data["read"] + data["write"] + data["timeout"],
    )
