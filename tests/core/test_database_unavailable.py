"""With the database unreachable, public pages answer a friendly 503 and recover by themselves.

The outage is real, not a mock: the default connection is pointed at a port nobody
listens on (PostgreSQL) or a file that cannot be opened (SQLite), so the driver's own
connection error travels through Django as it would in production. The shared
PostgreSQL server itself is never stopped.
"""

import socket
from contextlib import contextmanager
from unittest import mock

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import InterfaceError, connection

from cotati_site.core.middleware import database_unavailable_response


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # free once the socket closes: connections are refused


@contextmanager
def database_unreachable():
    saved_settings = dict(connection.settings_dict)
    saved_connection = None
    if connection.vendor == "sqlite":
        # The in-memory test database vanishes if closed, so keep its connection aside.
        saved_connection, connection.connection = connection.connection, None
        connection.settings_dict["NAME"] = "/nonexistent-directory/db.sqlite3"
    else:
        connection.close()
        connection.settings_dict.update(HOST="127.0.0.1", PORT=str(closed_port()))
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved_settings)
        if saved_connection is not None:
            connection.connection = saved_connection


@pytest.fixture
def database(transactional_db):
    """The test database without a wrapping transaction, so its connection can be cut
    (transactional tests start empty: load the shipped content)."""
    call_command("load_content", verbosity=0)


def assert_friendly_503(response):
    assert response.status_code == 503
    assert response["Retry-After"].isdigit()
    html = response.content.decode()
    assert 'data-unavailable="database"' in html
    assert "Traceback" not in html
    assert "OperationalError" not in html


def test_public_pages_answer_503_while_the_database_is_down_and_200_after(client, database):
    for url in ["/", "/topics/fences-and-walls/", "/code/17.30.030/", "/code/"]:
        with database_unreachable():
            assert_friendly_503(client.get(url))
        assert client.get(url).status_code == 200


def test_cached_pages_are_still_served_while_the_database_is_down(client, database, page_cache):
    # page_cache empties this process's level too: clearing the shared cache alone left the
    # generation an earlier test had read held for up to a second, so on a loaded machine the
    # page was stored under it and looked up under the new one (a render, so a 503).
    assert client.get("/").status_code == 200
    with database_unreachable():
        assert client.get("/").status_code == 200
        assert_friendly_503(client.get("/topics/fences-and-walls/"))


def test_a_dropped_connection_also_answers_503(client):
    with mock.patch(
        "cotati_site.guidance.queries.topics_for_index",
        side_effect=InterfaceError("connection lost"),
    ):
        assert_friendly_503(client.get("/"))


def test_the_503_page_needs_no_database():
    # No django_db mark: any query here would fail the test.
    assert_friendly_503(database_unavailable_response())


def test_a_logged_in_visitor_gets_the_503_not_a_500_when_a_middleware_meets_the_outage(
    client, database, django_user_model
):
    """The session and the user are read by middleware, outside any view, where the
    middleware's process_exception never sees the error: Django's 500 handler met it and
    answered a 500 with a traceback in the log (issue 19, found by the fault suite)."""
    staff = django_user_model.objects.create_user("editor", password="x", is_staff=True)
    client.force_login(staff)
    client.raise_request_exception = False
    with database_unreachable():
        assert_friendly_503(client.get("/topics/fences-and-walls/"))
        assert_friendly_503(client.get(f"/{settings.ADMIN_URL}"))
    assert client.get("/topics/fences-and-walls/").status_code == 200
