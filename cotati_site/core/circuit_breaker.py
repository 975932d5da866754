"""A small circuit breaker, per process, for a neighbour that may stop answering (the Redis
cache, cotati_site/core/cache_backend.py; PostgreSQL, cotati_site/core/db_postgresql/).

After a failure the breaker is *open* for ``retry_seconds``: callers skip the neighbour and
take their fallback at once instead of each waiting a timeout. Then one caller (one thread)
tries again while the others still skip; success closes the breaker, failure opens it for
another period. One warning line when an outage starts and one when it ends, no tracebacks.
State is shared by the threads of a process, one breaker per neighbour (``breaker_for``).
"""

from __future__ import annotations

import logging
import threading
import time

logger = logging.getLogger(__name__)


class CircuitBreaker:
    """Open after a failure for ``retry_seconds``; then let one caller at a time try again."""

    def __init__(self, name: str, retry_seconds: float):
        self.name = name
        self.retry_seconds = retry_seconds
        self._lock = threading.Lock()
        self.is_open = False
        self._retry_at = 0.0
        self._trying = False

    def allow(self) -> bool:
        if not self.is_open:
            return True
        with self._lock:
            if not self.is_open:
                return True
            if self._trying or time.monotonic() < self._retry_at:
                return False
            self._trying = True  # this caller finds out whether Redis is back
            return True

    def succeeded(self) -> None:
        if not self.is_open:
            return
        with self._lock:
            was_open, self.is_open, self._trying = self.is_open, False, False
        if was_open:
            logger.warning("%s answers again.", self.name)

    def failed(self, error: BaseException) -> None:
        with self._lock:
            starts = not self.is_open
            self.is_open, self._trying = True, False
            self._retry_at = time.monotonic() + self.retry_seconds
        if starts:
            logger.warning(
                "%s unavailable (%s: %s); not asking it again for %g s at a time until it answers.",
                self.name,
                type(error).__name__,
                error,
                self.retry_seconds,
            )


_breakers: dict[tuple, CircuitBreaker] = {}
_breakers_lock = threading.Lock()


def breaker_for(name: str, retry_seconds: float) -> CircuitBreaker:
    """The breaker of the neighbour called ``name`` (no password in it: it is logged)."""
    with _breakers_lock:
        key = (name, retry_seconds)
        if key not in _breakers:
            _breakers[key] = CircuitBreaker(name, retry_seconds)
        return _breakers[key]
