"""Session keys the site signs (cotati_site/core/sessions.py): a key it never issued is refused
without a database query, and a login's key says so, for the page cache to trust."""

import pytest
from django.conf import settings
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from cotati_site.core import sessions
from cotati_site.core.sessions import SessionStore, is_login_key, is_signed_key

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-long-password"


def session_queries(context) -> list[str]:
    return [q["sql"] for q in context.captured_queries if "django_session" in q["sql"]]


def logged_in_client() -> Client:
    User.objects.create_user("editor", password=PASSWORD, is_staff=True)
    client = Client()
    response = client.post(
        f"/{settings.ADMIN_URL}login/",
        {"username": "editor", "password": PASSWORD},
        REMOTE_ADDR="203.0.113.7",
    )
    assert response.status_code == 302
    return client


@pytest.mark.parametrize(
    "junk",
    [
        pytest.param("k" * 32, id="a key as Django makes them, never issued here"),
        pytest.param(sessions.LOGIN + "a" * 23 + "0" * 16, id="a login key's shape, forged"),
        pytest.param("", id="empty"),
    ],
)
def test_a_key_the_site_never_issued_is_no_session_and_costs_no_query(junk):
    assert not is_signed_key(junk)
    store = SessionStore(junk)
    with CaptureQueriesContext(connection) as context:
        assert store.session_key is None
        assert dict(store.items()) == {}
    assert session_queries(context) == []


def test_a_junk_cookie_on_the_login_page_reads_no_session(client):
    client.cookies[settings.SESSION_COOKIE_NAME] = "k" * 32
    with CaptureQueriesContext(connection) as context:
        assert client.get(f"/{settings.ADMIN_URL}login/").status_code == 200
    assert session_queries(context) == []


def test_a_login_gets_a_login_key_and_a_session_without_a_user_does_not():
    client = logged_in_client()
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert is_login_key(key)
    assert client.get(f"/{settings.ADMIN_URL}").status_code == 200
    other = SessionStore()
    other["anything"] = 1
    other.save()
    assert is_signed_key(other.session_key) and not is_login_key(other.session_key)


def test_a_forced_login_gets_a_login_key(admin_client):
    assert is_login_key(admin_client.cookies[settings.SESSION_COOKIE_NAME].value)


def test_a_changed_password_keeps_a_login_key():
    client = logged_in_client()
    request = RequestFactory().get("/")
    request.session = SessionStore(client.cookies[settings.SESSION_COOKIE_NAME].value)
    before = request.session.session_key
    user = User.objects.get(username="editor")
    request.user = user
    user.set_password("another-long-password")
    user.save()
    update_session_auth_hash(request, user)
    assert request.session.session_key != before
    assert is_login_key(request.session.session_key)


def test_a_login_as_someone_else_in_the_same_session_still_gets_a_login_key():
    client = logged_in_client()
    User.objects.create_user("other-editor", password=PASSWORD, is_staff=True)
    client.post(
        f"/{settings.ADMIN_URL}login/",
        {"username": "other-editor", "password": PASSWORD},
        REMOTE_ADDR="203.0.113.7",
    )
    assert is_login_key(client.cookies[settings.SESSION_COOKIE_NAME].value)
    assert client.session["_auth_user_id"] == str(User.objects.get(username="other-editor").pk)


def test_keys_signed_under_a_retired_secret_stay_valid(settings):
    key = sessions.new_key(sessions.LOGIN)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "a-new-secret-key-rotated-in-0123456789-abcdefghijklmnopqrstuvwxyz"
    assert is_login_key(key)
    settings.SECRET_KEY_FALLBACKS = []
    assert not is_login_key(key)


def test_a_key_fits_the_session_table():
    assert Session._meta.get_field("session_key").max_length >= sessions.KEY_LENGTH
