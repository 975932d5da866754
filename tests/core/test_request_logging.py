"""What the site logs for refusals it means to give: a client error (400, 403, 404) is one
INFO line without a traceback, and a database outage is not a line per request.

The lines are read from the handler settings.LOGGING configures (its stream swapped for a
buffer), so the filter under test is the one production runs.
"""

import io
import logging
import sys
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.utils.log import configure_logging

from cotati_site.core.log_filters import ClientErrorsAtInfo, site_logging
from tests.core.test_database_unavailable import database_unreachable


@contextmanager
def site_log():
    """The configured console handler's lines while the block runs, as 'LEVEL logger: text'."""
    handler = next(
        handler
        for handler in logging.getLogger().handlers
        if any(isinstance(f, ClientErrorsAtInfo) for f in handler.filters)
    )
    buffer = io.StringIO()
    saved_stream, saved_formatter = handler.stream, handler.formatter
    handler.setStream(buffer)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    lines: list[str] = []
    try:
        yield lines
    finally:
        handler.setStream(saved_stream)
        handler.setFormatter(saved_formatter)
        lines.extend(buffer.getvalue().splitlines())


def warnings_and_worse(lines: list[str]) -> list[str]:
    return [line for line in lines if line.split(" ", 1)[0] in {"WARNING", "ERROR", "CRITICAL"}]


@pytest.mark.django_db
def test_client_errors_are_one_info_line_each_without_a_traceback(client):
    limited = User.objects.create_user("limited", password="x", is_staff=True)
    staff = Client()
    staff.force_login(limited)
    with site_log() as lines:
        assert client.get("/no-such-page/").status_code == 404
        assert client.get("/check-my-lot/result.json?lot_area_sqft=-5").status_code == 400
        assert client.get("/", HTTP_HOST="attacker.example").status_code == 400
        assert Client(enforce_csrf_checks=True).post("/admin/login/").status_code == 403
        assert staff.get("/admin/search/searchphrase/add/").status_code == 403  # PermissionDenied
    assert warnings_and_worse(lines) == []
    assert not any("Traceback" in line or line.startswith("  File") for line in lines)
    assert len(lines) == 5, lines
    assert all(line.startswith("INFO django.") for line in lines), lines


def test_a_record_below_the_logger_level_is_dropped_once_made_info():
    """Production may log WARNING and above only: a client error then writes nothing."""
    record = logging.LogRecord("django.request", logging.WARNING, "", 0, "Not Found", (), None)
    record.status_code = 404
    logger = logging.getLogger("django.request")
    saved = logger.level
    logger.setLevel(logging.WARNING)
    try:
        assert ClientErrorsAtInfo().filter(record) is False
    finally:
        logger.setLevel(saved)
    assert record.levelno == logging.INFO


def test_a_server_error_stays_an_error_with_its_traceback():
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        record = logging.LogRecord(
            "django.request", logging.ERROR, "", 0, "Internal Server Error", (), sys.exc_info()
        )
    record.status_code = 500
    assert ClientErrorsAtInfo().filter(record) is True
    assert record.levelno == logging.ERROR and record.exc_info


@pytest.mark.django_db(transaction=True)
def test_a_database_outage_is_not_logged_once_per_request(client):
    """The friendly 503s are counted by the outage's lines, not written one by one (Django
    logged each as 'Service Unavailable': 26,956 lines in 40 s with the database hung)."""
    with site_log() as lines, database_unreachable():
        for _ in range(20):
            assert client.get("/topics/fences-and-walls/").status_code == 503
    assert not any("Service Unavailable" in line for line in lines)
    if connection.vendor == "postgresql":
        # The breaker's line when the outage begins; its end is logged when it answers.
        assert len(warnings_and_worse(lines)) == 1, lines
        assert " unavailable (" in lines[0]


@contextmanager
def site_logging_at(level: str):
    """The site's logging as Django sets it up at start-up, with DJANGO_LOG_LEVEL=level."""
    configure_logging(settings.LOGGING_CONFIG, site_logging(level))
    try:
        yield
    finally:
        configure_logging(settings.LOGGING_CONFIG, settings.LOGGING)


@pytest.mark.django_db
def test_at_warning_a_client_error_writes_nothing(client):
    """README: with DJANGO_LOG_LEVEL=WARNING what remains is what an operator must see.
    (Django's own 'django' logger logs INFO, so the root's level alone let them through.)"""
    limited = User.objects.create_user("limited", password="x", is_staff=True)
    staff = Client()
    staff.force_login(limited)
    with site_logging_at("WARNING"), site_log() as lines:
        assert client.get("/no-such-page/").status_code == 404
        assert client.head("/no-such-page/").status_code == 404
        assert client.get("/check-my-lot/result.json?lot_area_sqft=-5").status_code == 400
        assert client.get("/", HTTP_HOST="attacker.example").status_code == 400
        assert Client(enforce_csrf_checks=True).post("/admin/login/").status_code == 403
        assert staff.get("/admin/search/searchphrase/add/").status_code == 403
    assert lines == []


def test_at_warning_a_server_error_is_still_written_with_its_traceback():
    with site_logging_at("WARNING"), site_log() as lines:
        try:
            raise RuntimeError("a bug")
        except RuntimeError:
            logging.getLogger("django.request").error(
                "Internal Server Error: /", exc_info=True, extra={"status_code": 500}
            )
    assert lines[0] == "ERROR django.request: Internal Server Error: /"
    assert any("RuntimeError: a bug" in line for line in lines)
