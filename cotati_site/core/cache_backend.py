"""Django's Redis cache behind a circuit breaker, so a Redis outage costs one short wait per
process, not one per request.

Without it, a hung Redis made every request wait the socket timeout, and a Redis that
refused connections raised on every call: the page cache (cotati_site/core/cache.py) then
skipped its in-process level too, ``cache_page`` views (``/sitemap.xml``) answered 500, and
each request logged a full traceback.

``CircuitBreakerRedisCache`` is ``django.core.cache.backends.redis.RedisCache`` with every
call guarded:

- Connect and read timeouts are short (``socket_connect_timeout`` / ``socket_timeout``,
  0.25 s unless OPTIONS say otherwise): a cache that takes longer is no use to a page.
- A call that fails (connection refused or reset, timeout, any Redis error) *opens* the
  breaker: for ``retry_seconds`` (OPTIONS ``circuit_breaker_seconds``, default 5) no call
  goes to Redis at all. Each answers as a cache that holds nothing would: ``get`` returns
  the default, ``add`` and ``set`` store nothing, ``incr`` raises ``ValueError`` like a
  missing key. Callers carry on; the page cache keeps serving from its in-process level.
- After that, one call (one thread of the process) tries Redis again while the others
  still skip it; success closes the breaker, failure opens it for another period. So does
  any other outcome: Redis back but empty answers ``incr`` of the content generation with
  ValueError (a missing key), which once left the trial taken and the process off Redis
  for good (issue 19); now it closes the breaker and reaches the caller, who counts a
  missing generation as a new one (cotati_site/core/cache.py).
- One warning line when an outage starts, one when Redis answers again (with the number of
  calls answered without it meanwhile), no tracebacks.

The breaker (cotati_site/core/circuit_breaker.py) is per process and per server, shared by the
threads (Django gives each thread its own cache object).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

from cotati_site.core.circuit_breaker import breaker_for

DEFAULT_SOCKET_TIMEOUT = 0.25
DEFAULT_RETRY_SECONDS = 5.0
FAILURES = (RedisError, OSError)


def _missing_key(key):
    raise ValueError(f"Key '{key}' not found (cache unavailable).")


class CircuitBreakerRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        options = dict(self._options)
        retry_seconds = float(options.pop("circuit_breaker_seconds", DEFAULT_RETRY_SECONDS))
        options.setdefault("socket_connect_timeout", DEFAULT_SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", DEFAULT_SOCKET_TIMEOUT)
        self._options = options
        first = self._servers[0]
        where = urlsplit(first).netloc.rpartition("@")[2] or first  # no password in logs
        self.breaker = breaker_for(
            f"Redis cache at {where}", retry_seconds, "cache calls answered without it"
        )

    def _guarded(self, fallback, call, *args, **kwargs):
        if not self.breaker.allow():
            return fallback()
        try:
            # Any outcome closes or re-opens the breaker (an exception of another kind, such
            # as incr's ValueError for a missing key, is raised to the caller as Django's
            # contract says, after closing it: Redis answered).
            return self.breaker.call(FAILURES, call, *args, **kwargs)
        except FAILURES:
            return fallback()

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(lambda: False, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._guarded(lambda: default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(lambda: None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(lambda: False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._guarded(lambda: False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._guarded(dict, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._guarded(lambda: False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        # A missing key raises ValueError (Django's contract); callers already handle that.
        return self._guarded(lambda: _missing_key(key), super().incr, key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(lambda: list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._guarded(lambda: None, super().delete_many, keys, version)

    def clear(self):
        return self._guarded(lambda: False, super().clear)
