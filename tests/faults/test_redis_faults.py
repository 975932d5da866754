"""Redis down, hung and back: pages keep answering from each process's own cache level, the
site never answers 500, and an outage is logged in one line (and its end in another).

Part of the suite drives the cache backend directly against a real redis-server on a spare
port (killed with SIGKILL for "down", frozen with SIGSTOP for "hung"); the rest runs the
site in gunicorn with production settings pointed at it.
"""

import logging
import time

import pytest
from django.core.cache import cache

from cotati_site.core.cache import (
    GENERATION_KEY,
    GENERATION_RECHECK_SECONDS,
    bump_content_generation,
    content_generation,
    forget_local_pages,
)
from cotati_site.core.cache_backend import CircuitBreakerRedisCache
from tests.faults.browser import Browser
from tests.faults.processes import get, gunicorn_site, manage, refused_port, site_env

RETRY = 1.0  # seconds the breaker stays open in these tests (DJANGO_CACHE_RETRY_SECONDS)
SOCKET_TIMEOUT = 0.25


def backend(url: str, retry: float = RETRY) -> CircuitBreakerRedisCache:
    return CircuitBreakerRedisCache(
        url, {"OPTIONS": {"circuit_breaker_seconds": retry}, "KEY_PREFIX": f"t{time.time_ns()}"}
    )


def outage_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "unavailable" in r.getMessage()]


def test_redis_down_costs_one_failed_call_then_none_until_it_is_tried_again(caplog):
    caplog.set_level(logging.WARNING)
    down = backend(f"redis://127.0.0.1:{refused_port()}/0")
    assert down.get("key", "default") == "default"
    started = time.monotonic()
    for _ in range(1000):
        assert down.get("key") is None
        assert down.add("key", 1) is False
        down.set("key", 1)
        with pytest.raises(ValueError):
            down.incr("key")
    assert time.monotonic() - started < 0.5  # no connection attempted: nothing to wait for
    assert len(outage_lines(caplog)) == 1
    assert not any(record.exc_info for record in caplog.records)


def test_hung_redis_costs_one_short_timeout_per_process(redis, caplog):
    caplog.set_level(logging.WARNING)
    hung = backend(redis.url, retry=30)
    hung.set("key", "value")
    redis.freeze()
    try:
        started = time.monotonic()
        assert hung.get("key", "default") == "default"
        first = time.monotonic() - started
        started = time.monotonic()
        for _ in range(100):
            assert hung.get("key", "default") == "default"
        rest = time.monotonic() - started
    finally:
        redis.thaw()
    assert first < SOCKET_TIMEOUT * 4
    assert rest < 0.2
    assert len(outage_lines(caplog)) == 1


def test_redis_back_is_used_again_after_the_retry_period_and_says_so(redis, caplog):
    caplog.set_level(logging.WARNING)
    cache_ = backend(redis.url)
    redis.stop()
    assert cache_.get("key", "default") == "default"
    redis.start()
    cache_.set("key", "skipped")  # still within the retry period: not sent
    assert redis.client().dbsize() == 0
    time.sleep(RETRY + 0.1)
    cache_.set("key", "stored")
    assert cache_.get("key") == "stored"
    messages = [record.getMessage() for record in caplog.records]
    assert sum("unavailable" in m for m in messages) == 1
    assert sum("answers again" in m for m in messages) == 1


def test_redis_back_empty_answering_a_trial_incr_with_an_error_closes_the_breaker(redis, caplog):
    """Redis restarted empty answers ``incr`` of a missing key with ValueError. That trial
    once left the breaker's trial taken for ever: the process never asked Redis again."""
    caplog.set_level(logging.WARNING)
    cache_ = backend(redis.url)
    redis.stop()
    assert cache_.get("key", "default") == "default"
    redis.start()  # same port, empty
    time.sleep(RETRY + 0.1)
    with pytest.raises(ValueError):
        cache_.incr("counter")  # the trial: Redis answers, with an error
    cache_.set("key", "stored")
    assert cache_.get("key") == "stored"
    assert redis.client().dbsize() == 1
    messages = [record.getMessage() for record in caplog.records]
    assert sum("answers again" in m for m in messages) == 1


def test_a_content_bump_after_redis_came_back_empty_is_a_new_generation(redis, settings, caplog):
    """An admin save's bump is the first call after the outage: a missing generation key is
    a new generation, stored in Redis, and the process is back on Redis."""
    caplog.set_level(logging.WARNING)
    settings.CACHES = {
        "default": {
            "BACKEND": "cotati_site.core.cache_backend.CircuitBreakerRedisCache",
            "LOCATION": redis.url,
            "KEY_PREFIX": f"t{time.time_ns()}",
            "OPTIONS": {"circuit_breaker_seconds": RETRY},
        }
    }
    forget_local_pages()
    try:
        before = content_generation()
        redis.stop()
        assert cache.get("anything") is None  # the outage begins
        redis.start()
        time.sleep(RETRY + 0.1)
        bumped = bump_content_generation()
        assert bumped is not None and bumped != before
        assert cache.get(GENERATION_KEY) == bumped  # in Redis, for every process to see
        assert redis.client().dbsize() == 1
        assert sum("answers again" in r.getMessage() for r in caplog.records) == 1
    finally:
        forget_local_pages()


@pytest.mark.django_db
def test_pages_are_served_from_the_process_cache_while_redis_is_down(client, settings):
    """The page cache's in-process level keeps working: the second request asks the
    database nothing (before the breaker, every request rendered the page afresh)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "cotati_site.core.cache_backend.CircuitBreakerRedisCache",
            "LOCATION": f"redis://127.0.0.1:{refused_port()}/0",
        }
    }
    settings.CONTENT_CACHE_SECONDS = 300
    forget_local_pages()
    try:
        assert client.get("/topics/fences-and-walls/").status_code == 200
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get("/topics/fences-and-walls/").status_code == 200
        assert len(queries) == 0
        assert cache.get("anything") is None
    finally:
        forget_local_pages()


def site_with_redis(prepared, redis_url: str, workers: int = 2):
    env = site_env(
        prepared.database_url,
        redis_url,
        static_root=prepared.static_root,
        DJANGO_CACHE_RETRY_SECONDS=str(RETRY),
        DJANGO_LOG_LEVEL="INFO",
    )
    return gunicorn_site(env, workers=workers, threads=4)


def log_once_it_says(site, text: str, seconds: float = 5) -> str:
    """The server's log, once it holds ``text`` (or after ``seconds``): a line reaches the
    file a moment after the request that wrote it."""
    deadline = time.monotonic() + seconds
    log = site.log()
    while text not in log and time.monotonic() < deadline:
        time.sleep(0.1)
        log = site.log()
    return log


PATHS = ["/", "/topics/fences-and-walls/", "/code/17.30.030/", "/sitemap.xml", "/healthz"]


def test_with_redis_down_the_site_answers_every_page_quickly_and_logs_one_line(prepared, redis):
    with site_with_redis(prepared, redis.url) as site:
        for path in PATHS:
            assert get(site.base + path).status == 200
        redis.stop()
        # Pages come from each process's own level, which asks Redis for the content
        # generation at most once a second: past that, the next page asks and finds it down
        # (without this wait a fast run could finish before any process noticed).
        time.sleep(GENERATION_RECHECK_SECONDS + 0.1)
        started = time.monotonic()
        for _ in range(10):
            for path in PATHS:
                answer = get(site.base + path, timeout=5)
                assert answer.status == 200, (path, answer.status)
        assert time.monotonic() - started < 10
        log = log_once_it_says(site, "unavailable")
    assert "Traceback" not in log
    assert 1 <= log.count("unavailable") <= 2  # one line per worker process that noticed


def test_with_redis_hung_each_page_waits_at_most_one_short_timeout(prepared, redis):
    with site_with_redis(prepared, redis.url) as site:
        for path in PATHS:
            assert get(site.base + path).status == 200
        redis.freeze()
        try:
            slow = 0
            for _ in range(10):
                for path in PATHS:
                    answer = get(site.base + path, timeout=5)
                    assert answer.status == 200, (path, answer.status)
                    slow += answer.seconds > SOCKET_TIMEOUT
        finally:
            redis.thaw()
        log = site.log()
    # Each process waits one timeout, then one more per retry period (1 s here) at most.
    assert slow <= 12
    assert "Traceback" not in log


def test_when_redis_is_back_the_site_uses_it_again(prepared, redis):
    # One worker: with two, the requests after the restart may all reach the worker that
    # never saw the outage, which (rightly) has nothing to announce.
    with site_with_redis(prepared, redis.url, workers=1) as site:
        assert get(site.base + "/").status == 200
        redis.stop()
        for _ in range(5):
            assert get(site.base + "/code/").status == 200
        redis.start()  # same port, empty
        time.sleep(RETRY + 0.2)
        deadline = time.monotonic() + 10
        while redis.client().dbsize() == 0 and time.monotonic() < deadline:
            assert get(site.base + "/code/17.30.030/").status == 200
            time.sleep(0.1)
        assert redis.client().dbsize() > 0  # pages (and the generation) stored again
        log = log_once_it_says(site, "answers again")
    assert "answers again" in log
    assert "Traceback" not in log


def test_an_admin_save_after_redis_came_back_empty_brings_the_process_back(prepared, redis):
    """The attack's case: a short outage, Redis back empty, and the next thing the process
    asks it is an editor's save bumping the content generation (a missing key). The process
    goes back to Redis, says so, and another process sees the edit's new generation."""
    username, password = f"editor{time.time_ns()}", "a long password for the fault suite"
    env = site_env(
        prepared.database_url,
        redis.url,
        static_root=prepared.static_root,
        DJANGO_SUPERUSER_PASSWORD=password,
    )
    manage(env, "createsuperuser", "--noinput", "--username", username, "--email", "e@x.test")
    with site_with_redis(prepared, redis.url, workers=1) as site:
        editor = Browser(site.base)
        login = editor.submit(
            "/admin/login/?next=/admin/", {"username": username, "password": password}
        )
        assert login.status == 302, login.body[:300]
        assert get(site.base + "/").status == 200
        redis.stop()
        time.sleep(GENERATION_RECHECK_SECONDS + 0.1)
        assert get(site.base + "/").status == 200  # asks Redis for the generation: down
        log_once_it_says(site, "unavailable")
        redis.start()  # same port, empty
        time.sleep(RETRY + 0.2)
        saved = editor.submit(
            "/admin/search/searchphrase/add/",
            {
                "phrase": f"fault suite {time.time_ns()}",
                "topic": "fences-and-walls",
                "language": "en",
            },
        )
        assert saved.status == 302, saved.body[:300]
        log = log_once_it_says(site, "answers again")
        generation = redis.client().get(f"cotati:1:{GENERATION_KEY}")
        assert get(site.base + "/topics/fences-and-walls/").status == 200
        stored = redis.client().dbsize()
    assert "answers again" in log
    assert generation is not None  # the new generation, where other processes read it
    assert stored > 1  # and pages are stored in Redis again
    assert "Traceback" not in log
