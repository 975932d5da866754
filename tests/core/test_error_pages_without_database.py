"""Error pages (400, 403, 404, 500, 503) render while the database is unreachable: each
would otherwise turn into a 500 just when the site is already in trouble."""

from django.core.exceptions import PermissionDenied
from django.test import RequestFactory
from django.views import defaults

from tests.core.test_database_unavailable import database, database_unreachable

__all__ = ["database"]  # the fixture, imported for these tests


def test_an_unknown_address_answers_the_404_page_while_the_database_is_down(client, database):
    with database_unreachable():
        response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert b"We could not find that page" in response.content


def test_a_bad_host_answers_the_400_page_while_the_database_is_down(client, database):
    with database_unreachable():
        response = client.get("/", HTTP_HOST="attacker.example")
    assert response.status_code == 400
    assert b"We could not read that request" in response.content


def test_the_403_and_500_pages_render_while_the_database_is_down(database):
    request = RequestFactory().get("/somewhere/")
    with database_unreachable():
        denied = defaults.permission_denied(request, PermissionDenied())
        failed = defaults.server_error(request)
    assert denied.status_code == 403
    assert b"You cannot open this page" in denied.content
    assert failed.status_code == 500
    assert b"Something went wrong" in failed.content
