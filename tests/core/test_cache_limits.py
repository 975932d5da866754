"""The shared Redis is checked at start-up for a memory limit and an eviction policy
(cotati_site/core/cache_limits.py): the attack grew it by 232 MB with unique URLs, and
nothing checked what the README asks of it. Against a redis-server of the test's own."""

import logging
import shutil

import pytest

from cotati_site.core.cache_limits import bounds_problem, warn_if_unbounded
from tests.faults.processes import RedisServer

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="no redis-server")

BACKEND = "cotati_site.core.cache_backend.CircuitBreakerRedisCache"


@pytest.mark.parametrize(
    ("config", "problem"),
    [
        pytest.param(
            {"maxmemory": "268435456", "maxmemory-policy": "allkeys-lru"}, None, id="bounded"
        ),
        pytest.param(
            {"maxmemory": "268435456", "maxmemory-policy": "volatile-lru"},
            None,
            id="evicts entries with a timeout (every page)",
        ),
        pytest.param(
            {"maxmemory": "0", "maxmemory-policy": "allkeys-lru"}, "no memory limit", id="no limit"
        ),
        pytest.param(
            {"maxmemory": "268435456", "maxmemory-policy": "noeviction"},
            "evicts nothing",
            id="noeviction",
        ),
        pytest.param(
            {"maxmemory": "0", "maxmemory-policy": "noeviction"},
            "no memory limit",
            id="Redis's defaults",
        ),
    ],
)
def test_what_counts_as_unbounded(config, problem):
    found = bounds_problem(config)
    assert (found is None) if problem is None else (problem in found)


@pytest.fixture(scope="module")
def redis():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def shared_cache(settings, redis):
    def use(url):
        settings.CACHES = {"default": {"BACKEND": BACKEND, "LOCATION": url}}

    return use


def set_limits(redis, maxmemory, policy):
    client = redis.client()
    client.config_set("maxmemory", maxmemory)
    client.config_set("maxmemory-policy", policy)


@pytest.mark.parametrize(
    ("maxmemory", "policy", "warned"),
    [
        pytest.param("64mb", "allkeys-lru", False, id="bounded: nothing said"),
        pytest.param("0", "allkeys-lru", True, id="no memory limit: a warning"),
        pytest.param("64mb", "noeviction", True, id="noeviction: a warning"),
    ],
)
def test_a_shared_redis_without_bounds_is_warned_of(
    redis, shared_cache, caplog, maxmemory, policy, warned
):
    set_limits(redis, maxmemory, policy)
    shared_cache(redis.url)
    with caplog.at_level(logging.INFO, logger="cotati_site.core.cache_limits"):
        warn_if_unbounded()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == (1 if warned else 0)
    set_limits(redis, "64mb", "allkeys-lru")


def test_a_redis_that_refuses_config_get_is_left_alone(redis, shared_cache, caplog):
    set_limits(redis, "0", "noeviction")
    redis.client().execute_command(
        "ACL", "SETUSER", "pages", "on", ">secret", "~*", "+@all", "-config"
    )
    shared_cache(redis.url.replace("redis://", "redis://pages:secret@"))
    with caplog.at_level(logging.INFO, logger="cotati_site.core.cache_limits"):
        warn_if_unbounded()
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert "secret" not in caplog.text
    set_limits(redis, "64mb", "allkeys-lru")


def test_a_redis_that_is_down_at_start_up_is_left_alone(shared_cache, caplog):
    from tests.faults.processes import refused_port

    shared_cache(f"redis://127.0.0.1:{refused_port()}/0")
    with caplog.at_level(logging.INFO, logger="cotati_site.core.cache_limits"):
        warn_if_unbounded()
    assert [r.levelno for r in caplog.records] == [logging.INFO]


def test_the_local_memory_cache_is_not_asked_anything(settings, caplog):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    with caplog.at_level(logging.DEBUG, logger="cotati_site.core.cache_limits"):
        warn_if_unbounded()
    assert caplog.records == []
