"""When the database is unreachable, say so politely instead of failing with a stack trace.

A view that cannot reach the database raises ``OperationalError`` (refused, timed out,
shut down) or ``InterfaceError`` (the connection dropped). Both become a static 503 page
with ``Retry-After``; the error is still logged. Nothing needs resetting when the database
returns: Django opens a fresh connection for the next request (and ``CONN_HEALTH_CHECKS``
drops a persistent connection that went bad), so the site recovers by itself. Pages held
in the page cache keep being served meanwhile.
"""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30


def database_unavailable_response() -> HttpResponse:
    # Rendered without the request, so no context processor can touch the database.
    content = loader.render_to_string("503.html")
    response = HttpResponse(content, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error(
            "Database unavailable for %s %s: %s",
            request.method,
            request.path,
            exception,
            exc_info=exception,
        )
        return database_unavailable_response()
