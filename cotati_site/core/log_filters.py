"""Client errors are the client's: logged at INFO, without a traceback (settings.LOGGING).

Django logs every 4xx response as a WARNING (django.request, and django.security.* for a
refused CSRF token or a SuspiciousOperation), and a 403 from PermissionDenied or a 400
from a SuspiciousOperation with a full traceback. An attack's fuzzing then wrote 18,418
warning lines for the JSON endpoint's 400s alone (issue 19), burying what an operator
must see. A refusal the site meant to give is not a fault of the site.

``DJANGO_LOG_LEVEL`` is the console's threshold (``site_logging``), on the handler and on
this filter: Django's own ``django`` logger logs INFO whatever the root's level, so a
threshold on the root alone let every client error through at WARNING, as an INFO line.
"""

from __future__ import annotations

import logging


class ClientErrorsAtInfo(logging.Filter):
    """On a handler: a record of a 4xx response (``status_code`` in its extra, as Django's
    ``log_response`` writes it) is made an INFO record without exception information, and
    dropped below ``level`` (the handler's) or where its logger does not log INFO (a
    handler's filter sees records after the level checks, which passed them as warnings)."""

    def __init__(self, level: int | str = logging.NOTSET):
        super().__init__()
        self.level = logging.getLevelName(level) if isinstance(level, str) else level

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 500:
            return True
        if record.levelno > logging.INFO:
            record.levelno, record.levelname = logging.INFO, logging.getLevelName(logging.INFO)
        record.exc_info = record.exc_text = record.stack_info = None
        return record.levelno >= self.level and logging.getLogger(record.name).isEnabledFor(
            record.levelno
        )


def site_logging(level: str) -> dict:
    """settings.LOGGING for ``DJANGO_LOG_LEVEL``: one console handler on the root, writing
    ``level`` and above (Django's own loggers included) with client errors at INFO."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "client_errors_at_info": {
                "()": "cotati_site.core.log_filters.ClientErrorsAtInfo",
                "level": level,
            }
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["client_errors_at_info"],
                "level": level,
            }
        },
        "root": {"handlers": ["console"], "level": level},
    }
