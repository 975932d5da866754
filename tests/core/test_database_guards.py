"""The PostgreSQL backend's guards against a database that stops answering
(cotati_site/core/db_postgresql/): the breaker on opening connections, and the bulkhead that
caps the requests of a process using the database at once.

A hung server itself (SIGSTOP of a PostgreSQL of the suite's own) is met in
tests/faults/test_hung_postgresql.py; here the breaker meets a port that refuses, and the
bulkhead is driven by threads holding its slots.
"""

import socket
import threading
import time
from contextlib import contextmanager

import psycopg
import pytest
from django.db import connection, connections

from cotati_site.core.db_postgresql.base import CircuitOpen, ConnectFailed, DatabaseWrapper
from cotati_site.core.db_postgresql.bulkhead import Bulkhead, DatabaseBusy, request_scope


def refused_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # free once closed: connections are refused


def wrapper_at(port: int, **options) -> DatabaseWrapper:
    settings_dict = connections.configure_settings(
        {
            "default": {},
            "refused": {
                "ENGINE": "cotati_site.core.db_postgresql",
                "NAME": "cotati_guards",
                "USER": "postgres",
                "HOST": "127.0.0.1",
                "PORT": str(port),
                "OPTIONS": {"connect_timeout": 2, **options},
            },
        }
    )["refused"]
    return DatabaseWrapper(settings_dict, alias="refused")


def test_an_unexpected_error_in_a_trial_connection_leaves_the_breaker_able_to_try_again():
    """The trial's outcome, whatever it is, settles the breaker: before, only a normal return
    or a connection error did, and any other exception left the trial taken for ever."""
    wrapper = wrapper_at(refused_port(), retry_seconds=0.1)
    params = wrapper.get_connection_params()
    with pytest.raises(ConnectFailed):
        wrapper.get_new_connection(params)  # the outage begins
    with pytest.raises(CircuitOpen):
        wrapper.get_new_connection(params)  # within the retry period: not even tried
    time.sleep(0.15)
    with pytest.raises(psycopg.ProgrammingError):
        wrapper.get_new_connection({**params, "no_such_option": "1"})  # the trial
    with pytest.raises(ConnectFailed):
        wrapper.get_new_connection(params)  # tried again, not refused unasked


def test_the_backend_options_of_the_guards_are_not_passed_to_libpq():
    wrapper = wrapper_at(refused_port(), query_deadline=4.0, max_concurrent_requests=3)
    params = wrapper.get_connection_params()
    assert "query_deadline" not in params
    assert "max_concurrent_requests" not in params
    assert params["connect_timeout"] == 2


def never_refused(why):
    raise AssertionError(f"refused: {why}")


@contextmanager
def slots_held(bulkhead: Bulkhead, count: int, for_seconds: float | None = None):
    """``count`` other requests holding a slot each until the block ends (or for_seconds)."""
    taken, done = threading.Barrier(count + 1), threading.Event()

    def request():
        with request_scope():
            bulkhead.claim(never_refused)
            taken.wait()
            done.wait(for_seconds)

    threads = [threading.Thread(target=request) for _ in range(count)]
    for thread in threads:
        thread.start()
    taken.wait()
    try:
        yield
    finally:
        done.set()
        for thread in threads:
            thread.join()


def test_outside_a_request_nothing_is_taken():
    bulkhead = Bulkhead(size=1, patience=0.5, max_wait=2.0)
    with slots_held(bulkhead, 1):
        bulkhead.claim(never_refused)  # a command or the test runner: not a request
    assert bulkhead.holders() == 0


def test_a_request_takes_one_slot_however_often_it_asks_and_gives_it_back_at_its_end():
    bulkhead = Bulkhead(size=2, patience=0.5, max_wait=2.0)
    with request_scope():
        for _ in range(3):
            bulkhead.claim(never_refused)
        assert bulkhead.holders() == 1
    assert bulkhead.holders() == 0


def test_requests_wait_for_a_slot_while_the_database_keeps_answering():
    """A burst on a healthy database queues for a moment: no 503 while it answers."""
    bulkhead = Bulkhead(size=1, patience=0.2, max_wait=5.0)
    finished = []

    def request():
        with request_scope():
            bulkhead.claim(never_refused)
            time.sleep(0.05)  # its queries, answered
            bulkhead.answered()
        finished.append(True)

    threads = [threading.Thread(target=request) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(finished) == 12  # 0.6 s of work, each waiter waiting longer than the patience


def test_a_burst_on_a_database_nobody_asked_for_a_while_waits_for_its_slots():
    """Cached pages ask the database nothing, so its last answer may be a minute old while it
    is healthy: a burst then waits for the slots, as on a busy database, instead of 503s
    (make bench saw "has not answered for 47.5 s" refusals on a healthy database)."""
    bulkhead = Bulkhead(size=1, patience=0.2, max_wait=5.0)
    bulkhead.last_answer = time.monotonic() - 60  # idle for a minute
    refused = []

    def request():
        with request_scope():
            try:
                bulkhead.claim(refused.append)
            except DatabaseBusy:
                return
            time.sleep(0.05)  # its queries, answered
            bulkhead.answered()

    threads = [threading.Thread(target=request) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert refused == []


def test_once_the_database_has_not_answered_for_its_patience_requests_are_refused_at_once():
    bulkhead = Bulkhead(size=2, patience=0.2, max_wait=5.0)
    reasons = []
    with slots_held(bulkhead, 2):
        started = time.monotonic()
        with request_scope(), pytest.raises(DatabaseBusy):
            bulkhead.claim(reasons.append)  # waits out what is left of the patience
        assert time.monotonic() - started < 1.0
        started = time.monotonic()
        for _ in range(50):
            with request_scope(), pytest.raises(DatabaseBusy):
                bulkhead.claim(reasons.append)
        assert time.monotonic() - started < 0.2  # at once, every one of them
    assert len(reasons) == 51
    assert "slots are held and the database has not answered for" in reasons[0]
    with request_scope():
        bulkhead.claim(never_refused)  # free again


def test_a_request_waits_for_a_slot_no_longer_than_its_maximum():
    bulkhead = Bulkhead(size=1, patience=0.2, max_wait=0.3)
    reasons = []
    with slots_held(bulkhead, 1):
        stop = threading.Event()

        def answering():  # other queries of the process keep being answered
            while not stop.wait(0.05):
                bulkhead.answered()

        thread = threading.Thread(target=answering)
        thread.start()
        started = time.monotonic()
        with request_scope(), pytest.raises(DatabaseBusy):
            bulkhead.claim(reasons.append)
        waited = time.monotonic() - started
        stop.set()
        thread.join()
    assert 0.25 < waited < 1.0
    assert reasons == [
        "all 1 of this process's database slots are held and a request waited 0.3 s for one"
    ]


postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the bulkhead is the PostgreSQL backend's"
)


@postgresql_only
@pytest.mark.django_db
def test_a_cached_page_never_enters_the_bulkhead(client, page_cache):
    """With every slot held by requests the database keeps waiting, a cached page is served
    and a page that needs the database answers 503 at once."""
    assert client.get("/").status_code == 200  # rendered and cached
    _breaker, bulkhead = connection.guards
    with slots_held(bulkhead, bulkhead.size):
        time.sleep(bulkhead.patience)  # and nothing answered meanwhile
        started = time.monotonic()
        assert client.get("/").status_code == 200
        assert client.get("/topics/fences-and-walls/").status_code == 503
        assert time.monotonic() - started < 0.5
    assert client.get("/topics/fences-and-walls/").status_code == 200
