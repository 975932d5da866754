"""A small circuit breaker, per process, for a neighbour that may stop answering (the Redis
cache, cotati_site/core/cache_backend.py; PostgreSQL, cotati_site/core/db_postgresql/).

After a failure the breaker is *open* for ``retry_seconds``: callers skip the neighbour and
take their fallback at once instead of each waiting a timeout. Then one caller (one thread)
tries again while the others still skip; whatever that trial call does (returns, fails,
raises something unexpected, is interrupted) closes the breaker or opens it for another
period (``call``), so the trial can never stay taken and the process off its neighbour.

An outage is logged in two lines per process: one when it starts, one when it ends, which
says how long it lasted and how many calls were turned away meanwhile (``refusals`` names
them: for the database each is a request answered 503). No traceback, no line per call.
State is shared by the threads of a process, one breaker per neighbour (``breaker_for``).
"""

from __future__ import annotations

import logging
import threading
import time

logger = logging.getLogger(__name__)


class CircuitBreaker:
    """Open after a failure for ``retry_seconds``; then let one caller at a time try again."""

    def __init__(self, name: str, retry_seconds: float, refusals: str = "calls turned away"):
        self.name = name
        self.retry_seconds = retry_seconds
        self.refusals = refusals
        self._lock = threading.Lock()
        self.is_open = False
        # How many times it has opened: what was opened to the neighbour before the last
        # outage began (a database connection) is not trusted after it.
        self.openings = 0
        self._retry_at = 0.0
        self._trying = False
        # The outage being logged: when it began and how many calls it has turned away. It
        # may begin before the breaker opens (``refused``: the database's bulkhead).
        self._outage_since: float | None = None
        self._refused = 0
        self._last_refusal = 0.0

    def allow(self) -> bool:
        if not self.is_open:
            return True
        with self._lock:
            if not self.is_open:
                return True
            if self._trying or time.monotonic() < self._retry_at:
                self._refused += 1
                return False
            self._trying = True  # this caller finds out whether the neighbour is back
            return True

    def call(self, failures: tuple[type[BaseException], ...], function, *args, **kwargs):
        """``function(*args, **kwargs)``, a call ``allow()`` let through, with its outcome
        recorded whatever it is: one of ``failures`` opens the breaker (and is raised); any
        other exception means the neighbour answered, with an error of the call's own
        (``RedisCache.incr`` of a missing key raises ValueError), so it closes the breaker
        (and is raised); an interruption (KeyboardInterrupt, a worker's SystemExit) tells
        nothing, so a trial in progress is given up and tried again after another period."""
        try:
            result = function(*args, **kwargs)
        except failures as error:
            self.failed(error)
            raise
        except Exception:
            self.succeeded()
            raise
        except BaseException:
            self._give_up_trial()
            raise
        self.succeeded()
        return result

    def succeeded(self) -> None:
        if not self.is_open and self._outage_since is None:
            return
        with self._lock:
            now = time.monotonic()
            if self.is_open:
                self.is_open = self._trying = False
            elif self._outage_since is None or now - self._last_refusal < self.retry_seconds:
                # Begun by a refusal elsewhere (a slow database's full bulkhead): over only
                # once a retry period has passed without one, so it cannot flap.
                return
            since, refused = self._outage_since, self._refused
            self._outage_since, self._refused = None, 0
        if since is not None:
            logger.warning(
                "%s answers again after %.0f s; %d %s meanwhile.",
                self.name,
                now - since,
                refused,
                self.refusals,
            )

    def failed(self, error: BaseException) -> None:
        with self._lock:
            opens = not self.is_open
            self.is_open, self._trying = True, False
            self._retry_at = time.monotonic() + self.retry_seconds
            self.openings += opens
            self._refused += 1
            starts = self._outage_since is None
            if starts:
                self._outage_since = time.monotonic()
        if starts:
            logger.warning(
                "%s unavailable (%s: %s); not asking it again for %g s at a time until it answers.",
                self.name,
                type(error).__name__,
                error,
                self.retry_seconds,
            )

    def refused(self, why: str) -> None:
        """A call turned away on this neighbour's account by someone else (the database's
        bulkhead, when every slot is held by a request it keeps waiting): counted in the
        outage, which it begins (one line, saying ``why``) if none is being logged."""
        with self._lock:
            self._refused += 1
            self._last_refusal = time.monotonic()
            starts = self._outage_since is None
            if starts:
                self._outage_since = self._last_refusal
        if starts:
            logger.warning("%s: requests refused, %s.", self.name, why)

    def _give_up_trial(self) -> None:
        with self._lock:
            if self.is_open and self._trying:
                self._trying = False
                self._retry_at = time.monotonic() + self.retry_seconds


_breakers: dict[tuple, CircuitBreaker] = {}
_breakers_lock = threading.Lock()


def breaker_for(
    name: str, retry_seconds: float, refusals: str = "calls turned away"
) -> CircuitBreaker:
    """The breaker of the neighbour called ``name`` (no password in it: it is logged)."""
    with _breakers_lock:
        key = (name, retry_seconds)
        if key not in _breakers:
            _breakers[key] = CircuitBreaker(name, retry_seconds, refusals)
        return _breakers[key]
