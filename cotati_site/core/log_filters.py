"""Client errors are the client's: logged at INFO, without a traceback (settings.LOGGING).

Django logs every 4xx response as a WARNING (django.request, and django.security.* for a
refused CSRF token or a SuspiciousOperation), and a 403 from PermissionDenied or a 400
from a SuspiciousOperation with a full traceback. An attack's fuzzing then wrote 18,418
warning lines for the JSON endpoint's 400s alone (issue 19), burying what an operator
must see. A refusal the site meant to give is not a fault of the site.
"""

from __future__ import annotations

import logging


class ClientErrorsAtInfo(logging.Filter):
    """On a handler: a record of a 4xx response (``status_code`` in its extra, as Django's
    ``log_response`` writes it) is made an INFO record without exception information, and
    dropped where its logger does not log INFO (a handler's filter sees records after
    their logger's level check, which passed them as warnings)."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 500:
            return True
        if record.levelno > logging.INFO:
            record.levelno, record.levelname = logging.INFO, logging.getLevelName(logging.INFO)
        record.exc_info = record.exc_text = record.stack_info = None
        return logging.getLogger(record.name).isEnabledFor(record.levelno)
