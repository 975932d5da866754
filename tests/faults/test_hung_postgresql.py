"""A PostgreSQL that hangs mid-run: cached pages and /healthz keep answering, pages that need
the database answer the friendly 503 within 5 s, and the outage is two log lines per process.

The database is a PostgreSQL of the suite's own (tests/faults/postgres.py), frozen with
SIGSTOP (postmaster and every backend) while the site is running with connections open:
its kernel keeps accepting and acknowledging, so neither a timeout on connecting nor TCP
keepalives nor the server's statement_timeout can end a wait. What ends it is the backend's
client-side deadline; what keeps the threads free is its bulkhead; what keeps the next
requests from trying is its breaker (cotati_site/core/db_postgresql/).
"""

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from itertools import count

import pytest
from django.db import OperationalError, connections

from cotati_site.core.db_postgresql.base import CircuitOpen, DatabaseWrapper, QueryDeadline
from tests.faults.postgres import postgres_server
from tests.faults.processes import get, gunicorn_site, site_env

PROMPT = 5.0  # seconds: the bound for a page that needs the hung database
AT_ONCE = 1.5  # a page that needs no database, with slack for a loaded CI machine


@pytest.fixture(scope="module")
def postgresql():
    with postgres_server() as server:
        yield server


@contextmanager
def connection_to(server, **options) -> Iterator[DatabaseWrapper]:
    """A connection alias for ``server``, known to Django for the test's length (its
    PostgreSQL extras look the alias up when a connection opens)."""
    connections.settings["frozen"] = connections.configure_settings(
        {
            "default": {},
            "frozen": {
                "ENGINE": "cotati_site.core.db_postgresql",
                "NAME": "cotati_faults",
                "USER": "postgres",
                "HOST": "127.0.0.1",
                "PORT": str(server.port),
                "OPTIONS": {"connect_timeout": 2, **options},
            },
        }
    )["frozen"]
    wrapper = connections["frozen"]
    wrapper.inc_thread_sharing()  # the frozen query runs in a thread the test can give up on
    try:
        yield wrapper
    finally:
        wrapper.close()
        del connections["frozen"]
        del connections.settings["frozen"]


def in_thread(function, seconds: float):
    """``function()``'s result or exception, or TimeoutError if it is still waiting."""
    outcome: list = []

    def run():
        try:
            outcome.append(function())
        except Exception as error:  # the outcome under test
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    return outcome[0] if outcome else TimeoutError(f"still waiting after {seconds} s")


def query(wrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM django_migrations")
        return cursor.fetchone()[0]


def test_a_query_on_a_frozen_server_ends_at_the_deadline_and_the_next_is_not_tried(
    postgresql, django_db_blocker
):
    with (
        django_db_blocker.unblock(),
        connection_to(postgresql, query_deadline=1.0, retry_seconds=30) as wrapper,
    ):
        assert query(wrapper) > 0
        postgresql.freeze()
        try:
            started = time.monotonic()
            outcome = in_thread(lambda: query(wrapper), seconds=10)
            waited = time.monotonic() - started
            assert isinstance(outcome, OperationalError), outcome
            assert isinstance(outcome.__cause__, QueryDeadline)
            assert 0.9 < waited < 2.0
            wrapper.close_if_unusable_or_obsolete()  # the request ends: the connection goes
            assert wrapper.connection is None
            started = time.monotonic()
            outcome = in_thread(lambda: query(wrapper), seconds=10)
            assert isinstance(outcome.__cause__, CircuitOpen)  # no connection attempted
            assert time.monotonic() - started < 0.5
        finally:
            postgresql.thaw()


def uncached_pages():
    """Pages that need the database on every request: searches never asked before."""
    numbers = count()
    return lambda: f"/search/?q=frozen{next(numbers)}x"


def during(seconds: float, *loops):
    """Run each ``loop(stop_at)`` in its own thread until ``stop_at``; their results."""
    stop_at = time.monotonic() + seconds
    with ThreadPoolExecutor(max_workers=len(loops)) as pool:
        return [future.result() for future in [pool.submit(loop, stop_at) for loop in loops]]


def asking(site, next_path, timeout: float):
    def loop(stop_at):
        answers = []
        while time.monotonic() < stop_at:
            answers.append(get(site.base + next_path(), timeout=timeout))
        return answers

    return loop


def test_with_the_database_frozen_mid_run_only_pages_that_need_it_answer_503(
    postgresql, redis, prepared
):
    """Two workers of four threads, their connections open, meet a database that stops
    answering while twelve clients keep asking for pages that need it (enough to hold every
    thread of both workers without the bulkhead): each of those answers
    the friendly 503 within 5 s, /healthz and a cached page answer at once throughout, and
    when the database runs again the site recovers by itself. Each process logs the outage
    in one line and its end in another; no line per request, no traceback."""
    env = site_env(
        postgresql.url,
        redis.url,
        static_root=prepared.static_root,
        DJANGO_DB_RETRY_SECONDS="2",
        DJANGO_LOG_LEVEL="INFO",
    )
    fresh = uncached_pages()
    with gunicorn_site(env, workers=2, threads=4) as site:
        for _ in range(8):  # both workers render, cache and open their connections
            for path in ["/", "/topics/fences-and-walls/", fresh()]:
                assert get(site.base + path).status == 200
        postgresql.freeze()
        try:
            waiting = asking(site, fresh, timeout=PROMPT + 5)
            probes = asking(site, iter(["/healthz", "/"] * 10_000).__next__, timeout=PROMPT + 5)
            *needing, served_a, served_b, served_c = during(6, *[waiting] * 12, *[probes] * 3)
        finally:
            postgresql.thaw()
        answers = [answer for answers in needing for answer in answers]
        served = served_a + served_b + served_c
        for answer in answers:
            assert answer.status == 503
            assert b'data-unavailable="database"' in answer.body
        assert max(answer.seconds for answer in answers) < PROMPT
        assert len(answers) > 12 * 6 / PROMPT  # most were refused at once, not after a wait
        assert {answer.status for answer in served} == {200}
        # At once. A worker with no thread free stalls every probe it takes: without the
        # bulkhead (all three probing clients waited 3 s, three runs of three), or with
        # searches queued on the index check's lock (3 to 6 probes, one run in four, CI's
        # 3.0 s). One slow probe is left to a loaded machine's scheduler.
        slow = sorted(answer.seconds for answer in served if answer.seconds >= AT_ONCE)
        assert len(slow) <= 1, slow
        assert max(answer.seconds for answer in served) < PROMPT
        # The database runs again: within the retry period each process tries and recovers.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            recovered = get(site.base + fresh(), timeout=PROMPT + 5).status == 200
            log = site.log()
            if recovered and log.count("answers again") >= 2:
                break
            time.sleep(0.1)
        assert recovered
    began = log.count(" unavailable (") + log.count(": requests refused, ")
    assert began == log.count("answers again") == 2, log  # one each, per worker process
    assert "requests answered 503 meanwhile" in log
    assert "Service Unavailable" not in log
    assert "Database unavailable for" not in log
    assert "Traceback" not in log
