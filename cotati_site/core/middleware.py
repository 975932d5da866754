"""Request-level safety nets: an oversized Cookie header is refused before anything parses
it, a database that cannot be reached gives a polite 503 instead of a stack trace, and a
HEAD response is handed to the server without its body.

HEAD (``HeadWithoutBodyMiddleware``): Django answers HEAD by running the GET view and
leaves dropping the body to the server; gunicorn does, with a warning for each response
("WSGI app sent body bytes on a no-body response"), one line per HEAD request at
``DJANGO_LOG_LEVEL=WARNING``, where only what an operator must see should remain. The
body goes here instead, keeping the Content-Length of the GET's, as RFC 9110 allows.

Oversized cookies (``CookieHeaderLimitMiddleware``): Python's cookie parser was quadratic
in a crafted value (CVE-2024-7592; the Makefile refuses such an interpreter), and even a
linear one should not read 64 KB of cookies a browser never sends (this site sets two small
ones). Django parses ``request.COOKIES`` lazily, on first use, so a check of the raw
header's length in the first middleware refuses it with a short plain 400 before any
parsing. gunicorn.conf.py also limits each header line and the number of headers.

The database (``DatabaseUnavailableMiddleware``): a view that cannot reach the database
raises ``OperationalError`` (refused, timed out, shut down, or turned away by the PostgreSQL
backend's guards: cotati_site/core/db_postgresql/) or ``InterfaceError`` (the connection
dropped). Both become a static 503 page with ``Retry-After``. Nothing needs resetting when
the database returns: Django opens a fresh connection for the next request (and
``CONN_HEALTH_CHECKS`` drops a persistent connection that went bad), so the site recovers
by itself. Pages held in the page cache keep being served meanwhile. The middleware also
opens each request's scope for the backend's bulkhead, which hands back the request's
database slot when it ends.

Logging: an outage is two lines per process, one when it starts and one when it ends with
the number of requests refused meanwhile (the backend's circuit breaker writes them). So
the 503 page is marked as logged already (Django's ``log_response`` would write an error
line for every one: 26,956 in 40 s with the database hung), and the guards' own refusals
are not logged here; any other database error is, in one line, without a traceback.
"""

import logging

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader

from cotati_site.core.db_postgresql.base import DatabaseUnavailable
from cotati_site.core.db_postgresql.bulkhead import DatabaseBusy, request_scope

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30


def cookie_header_too_large_response() -> HttpResponse:
    response = HttpResponse(
        "Request refused: the Cookie header is too large. Clear this site's cookies and try again.\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )
    response["Cache-Control"] = "no-store"
    # It answers before SecurityMiddleware, so it says what that would have said.
    response["X-Content-Type-Options"] = "nosniff"
    return response


class CookieHeaderLimitMiddleware:
    """Refuse a request whose Cookie header (all of them, as the server joined them) is longer
    than MAX_COOKIE_HEADER_BYTES, without parsing it."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.limit = settings.MAX_COOKIE_HEADER_BYTES

    def __call__(self, request):
        if len(request.META.get("HTTP_COOKIE", "")) > self.limit:
            return cookie_header_too_large_response()
        return self.get_response(request)


class HeadWithoutBodyMiddleware:
    """First in MIDDLEWARE, so it sees the response as it leaves the site (compressed and
    with its Content-Length, set by the middleware inside it)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method != "HEAD":
            return response
        if response.streaming:
            response.streaming_content = ()  # its file, if any, is still closed with it
        else:
            response.headers.setdefault("Content-Length", str(len(response.content)))
            response.content = b""
        return response


def database_unavailable_response() -> HttpResponse:
    # Rendered without the request, so no context processor can touch the database.
    content = loader.render_to_string("503.html")
    response = HttpResponse(content, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    # Django's own flag: django.request would log every 503 as an error, one line per
    # request; the outage is logged where it is known (see the module docstring).
    response._has_been_logged = True
    return response


def is_guard_refusal(exception: BaseException) -> bool:
    """Whether the PostgreSQL backend's guards turned the request away (the breaker, the
    deadline, the bulkhead): logged once per outage by the breaker, not per request."""
    return isinstance(exception, DatabaseBusy) or isinstance(
        exception.__cause__, DatabaseUnavailable
    )


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with request_scope():
            return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        return database_unavailable(request, exception)


def database_unavailable(request, exception: OperationalError | InterfaceError) -> HttpResponse:
    """The 503 for a request that could not reach the database, from a view
    (``process_exception`` above) or from a middleware (``cotati_site.core.views.server_error``)."""
    if not is_guard_refusal(exception):
        # One line, no traceback.
        logger.error(
            "Database unavailable for %s %s: %s: %s",
            request.method,
            request.path,
            type(exception.__cause__ or exception).__name__,
            exception,
        )
    return database_unavailable_response()
