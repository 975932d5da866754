"""Django's PostgreSQL backend, with a circuit breaker on opening connections.

A database that accepts connections and never answers made every request wait; with
``connect_timeout`` (settings.py) each waits that long, and a handful of them still fill
the workers' threads, so even /healthz queued behind them. Here, once opening a connection
has failed (refused, timed out), the process does not try again for
``DJANGO_DB_RETRY_SECONDS``: requests that need the database answer the friendly 503 at
once (cotati_site.core.middleware), and those that do not (/healthz, cached pages, the 404
page) are not kept waiting. Then one request tries again; when it connects, all do.
One warning line per outage (cotati_site/core/circuit_breaker.py), not a traceback per request.

Only *opening* a connection is guarded: a query on an open connection is bounded by the
server's ``statement_timeout``, and a peer that vanished by the TCP keepalives.
"""

import os

import psycopg
from django.db.backends.postgresql import base

from cotati_site.core.circuit_breaker import breaker_for


class CircuitOpen(psycopg.OperationalError):
    """Not connecting: the last attempt failed moments ago (Django wraps it as its own
    OperationalError, which the middleware answers with the 503 page)."""


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        where = f"{conn_params.get('host') or 'localhost'}:{conn_params.get('port') or 5432}"
        breaker = breaker_for(
            f"PostgreSQL at {where}/{conn_params.get('dbname', '')}",
            float(os.environ.get("DJANGO_DB_RETRY_SECONDS", "5")),
        )
        if not breaker.allow():
            raise CircuitOpen(f"PostgreSQL at {where} failed moments ago; not connecting yet.")
        try:
            connection = super().get_new_connection(conn_params)
        except psycopg.OperationalError as error:
            breaker.failed(error)
            raise
        breaker.succeeded()
        return connection
