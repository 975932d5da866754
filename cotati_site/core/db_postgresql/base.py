"""Django's PostgreSQL backend, made safe against a database that stops answering.

A PostgreSQL that accepts connections and never answers (its processes stopped, its host
frozen, its kernel still acknowledging, so TCP keepalives see nothing and the server's own
``statement_timeout`` never fires) once held every request that asked it anything, and
with them every thread of the app server, so even cached pages and /healthz queued behind
them (issue 19). Three guards, each per process, bound what it can cost:

- A client-side deadline on every wait for the server (``DeadlineConnection``): a query (or
  commit, or health check) that gets no answer within ``query_deadline`` seconds (OPTIONS;
  settings.py sets it a second past ``statement_timeout``, so a server that still runs
  cancels first) closes its connection and fails. Opening a connection is bounded the same
  way by psycopg's ``connect_timeout``.
- A circuit breaker (cotati_site/core/circuit_breaker.py): once a connection or a deadline
  has failed, the process opens no connection for ``retry_seconds``: requests that need the
  database answer the friendly 503 at once (cotati_site.core.middleware). Connections
  opened before the outage began are dropped at their thread's next request, unasked (a
  health check on one would wait the deadline again). Then one request opens a connection;
  when it succeeds, all do. One log line when the outage starts, one when it ends.
- A bulkhead (``bulkhead.py``): at most ``max_concurrent_requests`` requests of the process
  use the database at once, fewer than its threads, so the first ones to meet a hung
  database hold only those threads while the deadline runs; the others wait for a slot
  only while the database keeps answering, and otherwise answer 503 at once.
"""

from __future__ import annotations

import psycopg
from django.db.backends.postgresql import base
from psycopg.errors import _WaitTimeout

from cotati_site.core.circuit_breaker import CircuitBreaker, breaker_for
from cotati_site.core.db_postgresql.bulkhead import Bulkhead, bulkhead_for

# This backend's own OPTIONS (settings.py), taken out before the rest go to libpq.
GUARD_OPTIONS = {
    "query_deadline": None,  # seconds; None: no deadline (manage.py commands)
    "retry_seconds": 5.0,
    "max_concurrent_requests": 2,
    # A request finding every slot taken waits for one while the database has answered
    # within bulkhead_patience seconds, and bulkhead_max_wait seconds at most.
    "bulkhead_patience": 0.5,
    "bulkhead_max_wait": 2.0,
}


class DatabaseUnavailable(psycopg.OperationalError):
    """A guard's own refusal (Django wraps it as its OperationalError, which the middleware
    answers with the 503 page); the outage it belongs to is logged once, by the breaker."""


class CircuitOpen(DatabaseUnavailable):
    """Not connecting: the last attempt failed moments ago."""


class ConnectFailed(DatabaseUnavailable):
    """Opening a connection failed (refused, timed out): the outage begins."""


class QueryDeadline(DatabaseUnavailable):
    """The server did not answer within the deadline; the connection was closed."""


class DeadlineConnection(psycopg.Connection):
    """psycopg's connection, whose every wait for the server ends within ``deadline``
    seconds. psycopg waits on the socket itself (``Connection.wait``), so the deadline holds
    however the server fails to answer; on expiry the connection is closed at once (it is
    mid-exchange, in no state to reuse; the server rolls back what it held when it sees the
    socket gone) and ``QueryDeadline`` is raised, reported to the breaker."""

    deadline: float | None = None
    breaker: CircuitBreaker | None = None
    bulkhead: Bulkhead | None = None

    def wait(self, gen, **options):
        # A caller's own timeout (LISTEN's notifies()) is kept, even None.
        options.setdefault("timeout", self.deadline)
        try:
            result = super().wait(gen, **options)
        except _WaitTimeout:  # psycopg's, private by name (pinned; the fault suite would notice)
            self.close()
            error = QueryDeadline(f"no answer within {options['timeout']:g} s; connection closed")
            if self.breaker is not None:
                self.breaker.failed(error)
            raise error from None
        if self.breaker is not None:
            self.breaker.succeeded()  # ends an outage begun by the bulkhead, if one is on
        if self.bulkhead is not None:
            self.bulkhead.answered()
        return result


class _PsycopgWithDeadlines:
    """psycopg as Django's backend sees it (``DatabaseWrapper.Database``: its ``connect``
    and its exception classes), with ``connect`` making a ``DeadlineConnection``."""

    def __getattr__(self, name):
        return getattr(psycopg, name)

    @staticmethod
    def connect(*args, **kwargs):
        return DeadlineConnection.connect(*args, **kwargs)


class DatabaseWrapper(base.DatabaseWrapper):
    Database = _PsycopgWithDeadlines()

    @property
    def guards(self) -> tuple[CircuitBreaker, Bulkhead]:
        """The breaker and the bulkhead of the server and database this wrapper is set to,
        shared by every thread's wrapper of the process (looked up again if a test points
        the wrapper elsewhere)."""
        settings = self.settings_dict
        where = (settings["HOST"] or "localhost", settings["PORT"] or 5432, settings["NAME"])
        if self.__dict__.get("_guards_for") != where:
            options = {name: settings["OPTIONS"].get(name, d) for name, d in GUARD_OPTIONS.items()}
            breaker = breaker_for(
                f"PostgreSQL at {where[0]}:{where[1]}/{where[2] or ''}",
                float(options["retry_seconds"]),
                "requests answered 503",
            )
            bulkhead = bulkhead_for(
                breaker.name,
                int(options["max_concurrent_requests"]),
                float(options["bulkhead_patience"]),
                float(options["bulkhead_max_wait"]),
            )
            self._guards, self._guards_for = (breaker, bulkhead), where
            self._query_deadline = float(options["query_deadline"] or 0) or None
        return self._guards

    def get_connection_params(self):
        params = super().get_connection_params()
        for name in GUARD_OPTIONS:
            params.pop(name, None)
        return params

    def get_new_connection(self, conn_params):
        breaker, bulkhead = self.guards
        if not breaker.allow():
            raise CircuitOpen(f"{breaker.name} failed moments ago; not connecting yet.")
        try:
            connection = breaker.call(
                (psycopg.OperationalError,), super().get_new_connection, conn_params
            )
        except psycopg.OperationalError as error:
            raise ConnectFailed(str(error)) from error
        connection.deadline, connection.breaker = self._query_deadline, breaker
        connection.bulkhead = bulkhead
        bulkhead.answered()
        self.opened_after_outages = breaker.openings
        return connection

    def _claim_slot(self) -> None:
        breaker, bulkhead = self.guards
        bulkhead.claim(breaker.refused)

    def close_if_health_check_failed(self):
        # The first step of every cursor: the slot is taken before the health check, which
        # is the first thing a hung server keeps waiting.
        self._claim_slot()
        super().close_if_health_check_failed()

    def ensure_connection(self):
        self._claim_slot()  # transactions reach the database without a cursor first
        super().ensure_connection()

    def close_if_unusable_or_obsolete(self):
        # Run at the start and end of every request. A connection opened before the last
        # outage began is dropped here, unasked: a health check on it would wait the whole
        # deadline if the server is still hung, and tell nothing worth the wait otherwise.
        if (
            self.connection is not None
            and getattr(self, "opened_after_outages", 0) != self.guards[0].openings
        ):
            self.close()
        super().close_if_unusable_or_obsolete()
